//! Playing a Miniatures skirmish in the window: the square under the pointer, what a click does
//! in the phase and the chosen mode (activate a creature; walk, attack with the chosen attack,
//! an area attack at a square from a chosen corner, charge, shift, mount or dismount, squeeze),
//! the keys (champion powers, pass, who goes first, end turn), the AI's seats and a
//! demonstration's playback. Every action is a command the engine checks; a refusal is shown
//! with its rule.
//!
//! The engine has no path finder for a person's clicks: the window offers it the shortest
//! run of king steps over the squares on the map that are not walls or pits and no other
//! creature stands on at the end (geometry only), and the engine judges it
//! ([`Battle::check`]); a refused path is shown red with the engine's reason. A squeeze is
//! offered the same way for a 2×2 from each 2×2 inside the huge creature's space; a line's
//! corners are the engine's ([`Battle::line_origins`]).

use std::collections::{HashMap, VecDeque};

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use steelgrid_miniatures::ai;
use steelgrid_miniatures::area::Corner;
use steelgrid_miniatures::battle::{Battle, Command, Event, MiniView, Phase};
use steelgrid_miniatures::card::{Attack, Shape};
use steelgrid_miniatures::movement::squeeze::{HUGE_SIDE, SQUEEZED_SIDE};
use steelgrid_miniatures::movement::terrain::Terrain;
use steelgrid_rules::grid::{Footprint, Square};

use super::{AiSeats, Step, Table};
use crate::game::view::board::{BoardLayout, SQUARE};
use crate::game::view::camera::BoardCamera;

/// What a click does in a creature's turn.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Walk to an empty square, attack an enemy with the chosen attack (an area attack: at the
    /// square).
    #[default]
    Act,
    Charge,
    Shift,
    Mount,
    Dismount,
    /// A huge creature squeezes as a 2×2 to a square where its full space ends.
    Squeeze,
}

/// The chosen attack of the active creature, by its place on the card.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Weapon(pub usize);

/// The corner of the active creature's space a line starts from, chosen with O among the
/// engine's corners for the square aimed at; none: the engine's first.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LineCorner(pub Option<Corner>);

/// The square under the pointer.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hovered(pub Option<Square>);

/// A square held under the pointer from the command line (`--hover`).
#[derive(Resource, Clone, Copy, Debug)]
pub struct Pinned(pub Square);

/// Keys pressed from the command line (`--keys`), one a frame.
#[derive(Resource, Default)]
pub struct Keys(pub VecDeque<KeyCode>);

/// The last refusal, with its rule, until the next command.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Refusal(pub Option<String>);

/// What a click on the hovered square would send, and the engine's verdict on it; the squares
/// an area attack would cover there.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Plan {
    pub command: Option<Command>,
    /// `Ok` when the engine accepts it, else its refusal in words.
    pub verdict: Option<Result<(), String>>,
    pub area: Vec<Square>,
    /// The corner a line there starts from: the chosen one, else the engine's first.
    pub corner: Option<Corner>,
}

/// A demonstration playing: its commands still to come, how many have been played, and what it
/// tells.
#[derive(Resource, Default)]
pub struct Demo {
    pub steps: VecDeque<Command>,
    pub played: usize,
    pub narration: Vec<String>,
}

impl Demo {
    /// The narration line for where the demonstration has come to.
    pub fn line(&self) -> Option<String> {
        let total = self.steps.len() + self.played;
        let n = self.narration.len();
        if n == 0 {
            return None;
        }
        let at = if total == 0 {
            n - 1
        } else {
            (self.played * n / total.max(1)).min(n - 1)
        };
        Some(format!(
            "Demonstration {}/{}: {}",
            at + 1,
            n,
            self.narration[at]
        ))
    }
}

/// Time until the AI's next command.
#[derive(Resource)]
struct AiClock(Timer);

/// The path or area marks under the pointer.
#[derive(Component)]
struct PlanMark;

pub fn plugin(app: &mut App) {
    app.init_resource::<Mode>()
        .init_resource::<Weapon>()
        .init_resource::<LineCorner>()
        .init_resource::<Hovered>()
        .init_resource::<Refusal>()
        .init_resource::<Keys>()
        .init_resource::<Plan>()
        .insert_resource(AiClock(Timer::from_seconds(0.35, TimerMode::Repeating)))
        .add_systems(
            Update,
            (hover, keys, click, ai_seat).chain().in_set(Step::Input),
        )
        .add_systems(
            Update,
            (fresh_turn, plan, draw_plan)
                .chain()
                .run_if(
                    resource_changed::<Hovered>
                        .or_else(resource_changed::<Table>)
                        .or_else(resource_changed::<Mode>)
                        .or_else(resource_changed::<Weapon>)
                        .or_else(resource_changed::<LineCorner>),
                )
                .in_set(Step::Present),
        );
}

fn hover(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    layout: Res<BoardLayout>,
    pinned: Option<Res<Pinned>>,
    mut hovered: ResMut<Hovered>,
) {
    let square = match pinned {
        Some(p) => Some(p.0),
        None => {
            let (camera, transform) = *camera;
            window
                .cursor_position()
                .filter(|p| p.x < window.width() - crate::game::view::camera::LOG_PANEL_PX)
                .and_then(|p| camera.viewport_to_world_2d(transform, p).ok())
                .and_then(|w| layout.square_at(w))
        }
    };
    hovered.set_if_neq(Hovered(square));
}

/// Whether a person decides now (not the AI, not a demonstration).
pub fn persons_say(battle: &Battle, seats: &AiSeats, demo: &Demo) -> bool {
    demo.steps.is_empty() && battle.deciding().is_some_and(|p| !seats.0.contains(&p))
}

/// The creature taking its turn.
pub fn active(battle: &Battle) -> Option<MiniView> {
    battle.minis().into_iter().find(|m| m.active)
}

/// The attacks on the active creature's card.
pub fn attacks(battle: &Battle) -> Vec<Attack> {
    let s = battle.skirmish();
    s.turn()
        .map(|t| s.minis[t.creature].card.attacks.clone())
        .unwrap_or_default()
}

/// The attack chosen with A/Tab (or 1-9 in a turn).
pub fn chosen(battle: &Battle, weapon: Weapon) -> Option<Attack> {
    let list = attacks(battle);
    let n = list.len();
    (n > 0).then(|| list[weapon.0 % n].clone())
}

/// Whether the chosen attack is a line.
pub fn is_line(battle: &Battle, weapon: Weapon) -> bool {
    chosen(battle, weapon).is_some_and(|a| matches!(a.shape, Some(Shape::Line(_))))
}

/// Whether the active creature is huge, the only size that squeezes.
pub fn is_huge(battle: &Battle) -> bool {
    active(battle).is_some_and(|m| m.space.side == HUGE_SIDE)
}

/// The next corner a line at `at` may start from after `now` (none: the engine's first), among
/// the engine's corners; none when there is none.
pub fn next_corner(battle: &Battle, now: Option<Corner>, at: Square) -> Option<Corner> {
    let origins = battle.line_origins(at);
    let n = origins.len();
    let here = now
        .and_then(|c| origins.iter().position(|&o| o == c))
        .unwrap_or(0);
    (n > 0).then(|| origins[(here + 1) % n])
}

/// The standing miniature on `sq`: a rider before its mount.
pub fn mini_at(battle: &Battle, sq: Square) -> Option<MiniView> {
    let minis = battle.minis();
    let mut here: Vec<MiniView> = minis
        .into_iter()
        .filter(|m| !m.destroyed && m.space.contains(sq))
        .collect();
    here.sort_by_key(|m| m.riding.is_none());
    here.into_iter().next()
}

#[allow(clippy::too_many_arguments)]
fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut scripted: ResMut<Keys>,
    mut mode: ResMut<Mode>,
    mut weapon: ResMut<Weapon>,
    mut corner: ResMut<LineCorner>,
    hovered: Res<Hovered>,
    mut table: ResMut<Table>,
    seats: Res<AiSeats>,
    demo: Res<Demo>,
    mut refusal: ResMut<Refusal>,
) {
    let pressed: Vec<KeyCode> = input
        .get_just_pressed()
        .copied()
        .chain(scripted.0.pop_front())
        .collect();
    for key in pressed {
        if !persons_say(&table.0, &seats, &demo) {
            continue;
        }
        let digit = match key {
            KeyCode::Digit1 => Some(0),
            KeyCode::Digit2 => Some(1),
            KeyCode::Digit3 => Some(2),
            KeyCode::Digit4 => Some(3),
            KeyCode::Digit5 => Some(4),
            _ => None,
        };
        let phase = table.0.skirmish().phase.clone();
        let command = match (&phase, key) {
            (Phase::Window { .. }, KeyCode::KeyP) => Some(Command::Pass),
            (Phase::Window { .. }, _) => digit
                .and_then(|i| table.0.usable_powers().get(i).cloned())
                .map(|power| Command::ChampionPower { power }),
            (Phase::FirstTurn { winner }, KeyCode::KeyF) => {
                Some(Command::FirstTurn { player: *winner })
            }
            (Phase::FirstTurn { winner }, KeyCode::KeyG) => Some(Command::FirstTurn {
                player: winner.other(),
            }),
            (Phase::StartArea { .. }, _) => digit
                .filter(|&i| i < 2)
                .map(|area| Command::StartArea { area }),
            (Phase::Deploy { .. }, KeyCode::KeyD | KeyCode::Enter) => Some(Command::EndDeployment),
            (Phase::Deploy { .. }, KeyCode::KeyA | KeyCode::Tab) => {
                weapon.set_if_neq(Weapon(weapon.0 + 1));
                None
            }
            (Phase::Turn { .. }, KeyCode::KeyE) => Some(Command::EndTurn),
            (Phase::Turn { .. }, _) => {
                let n = attacks(&table.0).len().max(1);
                let next = match key {
                    KeyCode::KeyA | KeyCode::Tab => Some(Mode::Act).inspect(|_| {
                        weapon.set_if_neq(Weapon((weapon.0 + 1) % n));
                    }),
                    KeyCode::KeyC => Some(Mode::Charge),
                    KeyCode::KeyS => Some(Mode::Shift),
                    KeyCode::KeyM => {
                        Some(if active(&table.0).is_some_and(|m| m.riding.is_some()) {
                            Mode::Dismount
                        } else {
                            Mode::Mount
                        })
                    }
                    KeyCode::KeyQ if is_huge(&table.0) => Some(Mode::Squeeze),
                    KeyCode::KeyO if is_line(&table.0, *weapon) => {
                        if let Some(at) = hovered.0 {
                            let next = next_corner(&table.0, corner.0, at);
                            corner.set_if_neq(LineCorner(next));
                        }
                        Some(Mode::Act)
                    }
                    KeyCode::Escape => Some(Mode::Act),
                    _ => digit.filter(|&i| i < n).map(|i| {
                        weapon.set_if_neq(Weapon(i));
                        Mode::Act
                    }),
                };
                if let Some(m) = next {
                    mode.set_if_neq(m);
                }
                None
            }
            _ => None,
        };
        if let Some(command) = command {
            send(&mut table, &mut refusal, command);
            mode.set_if_neq(Mode::Act);
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn click(
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    mut mode: ResMut<Mode>,
    mut table: ResMut<Table>,
    seats: Res<AiSeats>,
    demo: Res<Demo>,
    plan: Res<Plan>,
    mut refusal: ResMut<Refusal>,
    mut weapon: ResMut<Weapon>,
) {
    let (true, Some(_)) = (mouse.just_pressed(MouseButton::Left), hovered.0) else {
        return;
    };
    if !persons_say(&table.0, &seats, &demo) {
        return;
    }
    // Deploying: a click on one of the deploying player's creatures picks it to place.
    if let (Phase::Deploy { .. }, Some(sq)) = (&table.0.skirmish().phase, hovered.0) {
        let movable = deployable(&table.0);
        let picked = mini_at(&table.0, sq).and_then(|m| {
            let id = m.riding.unwrap_or(m.id);
            movable.iter().position(|d| d.id == id)
        });
        if let Some(n) = picked {
            weapon.set_if_neq(Weapon(n));
            return;
        }
    }
    if let Some(command) = plan.command.clone() {
        send(&mut table, &mut refusal, command);
        mode.set_if_neq(Mode::Act);
    }
}

/// The deploying player's creatures that may be placed: all but riders, which go with their
/// mounts.
pub fn deployable(battle: &Battle) -> Vec<MiniView> {
    let deciding = battle.deciding();
    battle
        .minis()
        .into_iter()
        .filter(|m| Some(m.player) == deciding && !m.destroyed && m.riding.is_none())
        .collect()
}

/// The creature a click would place while deploying.
pub fn deploying(battle: &Battle, weapon: Weapon) -> Option<MiniView> {
    let movable = deployable(battle);
    let n = movable.len();
    (n > 0).then(|| movable[weapon.0 % n].clone())
}

/// What a click on `sq` asks for in the phase and `mode`; a line from `corner`.
pub fn intent(
    battle: &Battle,
    mode: Mode,
    weapon: Weapon,
    corner: LineCorner,
    sq: Square,
) -> Option<Command> {
    let deciding = battle.deciding()?;
    let there = mini_at(battle, sq);
    match &battle.skirmish().phase {
        Phase::Deploy { .. } => there
            .is_none()
            .then(|| deploying(battle, weapon))
            .flatten()
            .map(|m| Command::Deploy {
                creature: m.id,
                at: sq,
            }),
        Phase::Block { .. } => there
            .filter(|m| m.player == deciding && !m.activated)
            .map(|m| Command::Activate { creature: m.id }),
        Phase::Turn { .. } => {
            let me = active(battle)?;
            let there = there.filter(|m| m.id != me.id);
            let enemy = there.as_ref().filter(|m| m.player != deciding);
            match mode {
                Mode::Act => {
                    let attack = chosen(battle, weapon);
                    match (attack, enemy, &there) {
                        (Some(a), _, _) if a.shape.is_some() => Some(Command::Area {
                            from: corner.0.filter(|_| matches!(a.shape, Some(Shape::Line(_)))),
                            attack: a.name,
                            at: sq,
                        }),
                        (Some(a), Some(e), _) => Some(Command::Attack {
                            attack: a.name,
                            target: e.id.clone(),
                        }),
                        (_, None, None) => {
                            walk_path(battle, &me, sq).map(|path| Command::Move { path })
                        }
                        _ => None,
                    }
                }
                Mode::Charge => enemy.and_then(|e| charge(battle, &me, e)),
                Mode::Shift => there.is_none().then_some(Command::Shift { to: sq }),
                Mode::Mount => there.map(|m| Command::Mount { mount: m.id }),
                Mode::Dismount => there.is_none().then_some(Command::Dismount { to: sq }),
                Mode::Squeeze => squeeze(battle, &me, sq),
            }
        }
        _ => None,
    }
}

/// The terrain the engine reads on `sq`, none off the map.
fn terrain(battle: &Battle, sq: Square) -> Option<Terrain> {
    let kind = battle.map().terrain(sq)?;
    Some(
        battle
            .features()
            .at(sq)
            .unwrap_or_else(|| Terrain::from_kernel(kind)),
    )
}

/// The shortest king-step run of origins from `me`'s space to each origin it can stand on:
/// over squares on the map that are not walls or pits (the engine's terrain words), through
/// nobody but its partner, ending where nobody else stands. Each origin with the one before.
fn routes(battle: &Battle, me: &MiniView) -> HashMap<Square, Square> {
    routes_from(battle, me, me.space)
}

/// The shortest king-step runs of a `start` space of `me` (its own, or the 2×2 it squeezes
/// into), as [`routes`].
fn routes_from(battle: &Battle, me: &MiniView, start: Footprint) -> HashMap<Square, Square> {
    let minis = battle.minis();
    let side = start.side;
    let partner = |m: &MiniView| {
        me.riding.as_deref() == Some(m.id.as_str()) || m.riding.as_deref() == Some(me.id.as_str())
    };
    let others: Vec<Footprint> = minis
        .iter()
        .filter(|m| !m.destroyed && m.id != me.id && !partner(m))
        .map(|m| m.space)
        .collect();
    let open = |o: Square| {
        let space = Footprint { origin: o, side };
        space
            .squares()
            .all(|sq| terrain(battle, sq).is_some_and(|t| !t.blocks_walking() && t != Terrain::Pit))
            && !others.iter().any(|f| f.overlaps(space))
    };
    let mut from: HashMap<Square, Square> = HashMap::new();
    let start = start.origin;
    from.insert(start, start);
    let mut queue = VecDeque::from([start]);
    while let Some(at) = queue.pop_front() {
        for dy in -1..=1 {
            for dx in -1..=1 {
                let next = Square::new(at.x + dx, at.y + dy);
                if from.contains_key(&next) || !open(next) {
                    continue;
                }
                from.insert(next, at);
                queue.push_back(next);
            }
        }
    }
    from
}

fn path_to(from: &HashMap<Square, Square>, start: Square, end: Square) -> Option<Vec<Square>> {
    let mut path = vec![end];
    let mut at = end;
    while let Some(&back) = from.get(&at) {
        if back == start {
            path.reverse();
            return Some(path);
        }
        if path.len() > 256 {
            break;
        }
        path.push(back);
        at = back;
    }
    None
}

/// The path for a walk whose space ends with its top-left square on `to`.
pub fn walk_path(battle: &Battle, me: &MiniView, to: Square) -> Option<Vec<Square>> {
    if to == me.space.origin {
        return None;
    }
    path_to(&routes(battle, me), me.space.origin, to)
}

/// A charge at `target`: of the shortest paths to a space beside it, the first the engine
/// accepts, else the shortest (for its refusal).
fn charge(battle: &Battle, me: &MiniView, target: &MiniView) -> Option<Command> {
    let from = routes(battle, me);
    let side = me.space.side;
    let mut ends: Vec<Vec<Square>> = from
        .keys()
        .filter(|&&o| Footprint { origin: o, side }.is_adjacent(target.space))
        .filter_map(|&o| path_to(&from, me.space.origin, o))
        .collect();
    ends.sort_by_key(|p| (p.len(), p.last().map(|s| (s.y, s.x))));
    let command = |path: Vec<Square>| Command::Charge {
        target: target.id.clone(),
        path,
    };
    ends.iter()
        .take(8)
        .map(|p| command(p.clone()))
        .find(|c| battle.check(c).is_ok())
        .or_else(|| ends.into_iter().next().map(command))
}

/// A huge creature's squeeze ending full-size at `end`: of the shortest 2×2 paths from each
/// 2×2 inside its space to one its space at `end` holds, the first the engine accepts, else the
/// shortest (for its refusal).
fn squeeze(battle: &Battle, me: &MiniView, end: Square) -> Option<Command> {
    if me.space.side != HUGE_SIDE || end == me.space.origin {
        return None;
    }
    let reach = HUGE_SIDE - SQUEEZED_SIDE;
    let offsets = || (0..=reach).flat_map(|dy| (0..=reach).map(move |dx| (dx, dy)));
    let mut tries: Vec<(Square, Vec<Square>)> = Vec::new();
    for (dx, dy) in offsets() {
        let o = me.space.origin;
        let into = Square::new(o.x + dx, o.y + dy);
        let small = Footprint {
            origin: into,
            side: SQUEEZED_SIDE,
        };
        let from = routes_from(battle, me, small);
        for (ex, ey) in offsets() {
            let last = Square::new(end.x + ex, end.y + ey);
            let path = if last == into {
                Some(Vec::new())
            } else {
                path_to(&from, into, last)
            };
            if let Some(path) = path {
                tries.push((into, path));
            }
        }
    }
    tries.sort_by_key(|(into, p)| (p.len(), (into.y, into.x)));
    let command = |(into, path): (Square, Vec<Square>)| Command::Squeeze { into, path, end };
    tries
        .iter()
        .map(|t| command(t.clone()))
        .find(|c| battle.check(c).is_ok())
        .or_else(|| tries.into_iter().next().map(command))
}

fn send(table: &mut Table, refusal: &mut Refusal, command: Command) {
    let said = match table.0.apply(command) {
        Ok(_) => None,
        Err(e) => Some(refused(&e)),
    };
    if refusal.0 != said {
        refusal.0 = said;
    }
}

fn refused(e: &steelgrid_rules::RuleError) -> String {
    format!("Refused by {} ({}): {}", e.rule.id, e.rule.seed, e.reason)
}

fn ai_seat(
    time: Res<Time>,
    mut clock: ResMut<AiClock>,
    mut table: ResMut<Table>,
    seats: Res<AiSeats>,
    mut refusal: ResMut<Refusal>,
    mut demo: ResMut<Demo>,
) {
    if !clock.0.tick(time.delta()).just_finished() || table.0.outcome().is_some() {
        return;
    }
    if let Some(step) = demo.steps.pop_front() {
        demo.played += 1;
        send(&mut table, &mut refusal, step);
        return;
    }
    let ai_turn = table.0.deciding().is_some_and(|p| seats.0.contains(&p));
    if ai_turn && let Some(command) = ai::next_command(&table.0) {
        send(&mut table, &mut refusal, command);
    }
}

/// A new creature's turn starts with its first attack chosen and the mode back to acting; the
/// line's corner goes back to the engine's first with a new turn, another attack, or the
/// creature moved.
#[allow(clippy::type_complexity)]
fn fresh_turn(
    table: Res<Table>,
    mut weapon: ResMut<Weapon>,
    mut mode: ResMut<Mode>,
    mut corner: ResMut<LineCorner>,
    mut last: Local<Option<(Option<String>, Weapon, Option<Square>)>>,
) {
    let turn = table.0.active().map(str::to_owned);
    let at = active(&table.0).map(|m| m.space.origin);
    // The first frame only notes the turn: a key pressed from the command line stands.
    if let Some((was, before, stood)) = last.as_ref() {
        if *was != turn {
            weapon.set_if_neq(Weapon(0));
            mode.set_if_neq(Mode::Act);
        }
        if *was != turn || *before != *weapon || *stood != at {
            corner.set_if_neq(LineCorner(None));
        }
    }
    *last = Some((turn, *weapon, at));
}

/// What a click on the hovered square would do, judged by the engine; an area attack's
/// squares there.
#[allow(clippy::too_many_arguments)]
fn plan(
    table: Res<Table>,
    hovered: Res<Hovered>,
    mode: Res<Mode>,
    weapon: Res<Weapon>,
    corner: Res<LineCorner>,
    seats: Res<AiSeats>,
    demo: Res<Demo>,
    mut plan: ResMut<Plan>,
) {
    let battle = &table.0;
    let mut next = Plan::default();
    if let Some(sq) = hovered.0
        && persons_say(battle, &seats, &demo)
    {
        next.command = intent(battle, *mode, *weapon, *corner, sq);
        if let Some(Command::Area { attack, at, from }) = &next.command {
            next.area = battle.area_preview(attack, *at, *from).unwrap_or_default();
            if is_line(battle, *weapon) {
                next.corner = from.or_else(|| battle.line_origins(*at).first().copied());
            }
        }
        next.verdict = next
            .command
            .as_ref()
            .map(|c| battle.check(c).map_err(|e| refused(&e)));
    }
    plan.set_if_neq(next);
}

/// The path to the square under the pointer (green when the engine takes it, red when not)
/// and an area attack's squares there.
fn draw_plan(
    mut commands: Commands,
    plan: Res<Plan>,
    layout: Res<BoardLayout>,
    table: Res<Table>,
    old: Query<Entity, With<PlanMark>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let ok = matches!(plan.verdict, Some(Ok(())));
    let colour = if ok {
        Color::srgb_u8(0x9a, 0xe6, 0x8c)
    } else {
        Color::srgb_u8(0xff, 0x80, 0x70)
    };
    // The area the last attack covered, until the next creature activates: where a line ran
    // and which squares it skipped, as the engine logged them.
    let (drawn, segment) = last_area(&table.0);
    for sq in drawn {
        commands.spawn((
            PlanMark,
            Sprite::from_color(Color::srgba(0.35, 0.7, 1.0, 0.3), Vec2::splat(SQUARE - 6.0)),
            Transform::from_translation(layout.square_center(sq).extend(8.0)),
        ));
    }
    // A line's segment, corner to corner, as the errata draws it.
    if let Some([a, b]) = segment {
        let corner = |(x, y): (i32, i32)| {
            let centre = layout.square_center(Square::new(x, y));
            centre + Vec2::new(-SQUARE / 2.0, SQUARE / 2.0)
        };
        let (from, to) = (corner(a), corner(b));
        let along = to - from;
        commands.spawn((
            PlanMark,
            Sprite::from_color(Color::srgb(0.55, 0.85, 1.0), Vec2::new(along.length(), 3.0)),
            Transform::from_translation(((from + to) / 2.0).extend(8.5))
                .with_rotation(Quat::from_rotation_z(along.to_angle())),
        ));
    }
    for &sq in &plan.area {
        commands.spawn((
            PlanMark,
            Sprite::from_color(
                Color::srgba(0.95, 0.55, 0.15, if ok { 0.45 } else { 0.25 }),
                Vec2::splat(SQUARE - 4.0),
            ),
            Transform::from_translation(layout.square_center(sq).extend(4.0)),
        ));
    }
    // The corner a line starts from, at that point of the grid.
    if let Some((x, y)) = plan.corner {
        let point =
            layout.square_center(Square::new(x, y)) + Vec2::new(-SQUARE / 2.0, SQUARE / 2.0);
        commands.spawn((
            PlanMark,
            Sprite::from_color(Color::srgb(1.0, 0.9, 0.3), Vec2::splat(9.0)),
            Transform::from_translation(point.extend(9.0))
                .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
        ));
    }
    let side = active(&table.0).map_or(1, |m| m.space.side);
    let (path, side) = match &plan.command {
        Some(Command::Move { path } | Command::Charge { path, .. }) => (path.clone(), side),
        Some(Command::Shift { to } | Command::Dismount { to }) => (vec![*to], side),
        Some(Command::Squeeze { path, end, .. }) => {
            // Where the full space stands up again.
            commands.spawn((
                PlanMark,
                Sprite::from_color(colour.with_alpha(0.2), Vec2::splat(SQUARE * 2.6)),
                Transform::from_translation(
                    super::tokens::space_centre(&layout, *end, HUGE_SIDE).extend(3.5),
                ),
            ));
            (path.clone(), SQUEEZED_SIDE)
        }
        _ => return,
    };
    for (n, step) in path.iter().enumerate() {
        let at = super::tokens::space_centre(&layout, *step, side);
        commands.spawn((
            PlanMark,
            Sprite::from_color(colour.with_alpha(0.4), Vec2::splat(SQUARE * 0.3)),
            Transform::from_translation(at.extend(4.0)),
        ));
        commands.spawn((
            PlanMark,
            Text2d::new(format!("{}", n + 1)),
            TextFont {
                font_size: FontSize::Px(13.0),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation((at + Vec2::new(0.0, -SQUARE * 0.3)).extend(4.1)),
        ));
    }
}

/// The squares of the last area attack, and a line's segment, if no creature has activated
/// since.
pub fn last_area(battle: &Battle) -> (Vec<Square>, Option<[(i32, i32); 2]>) {
    for logged in battle.log().iter().rev() {
        match &logged.event {
            Event::AreaDrawn {
                squares, segment, ..
            } => return (squares.clone(), *segment),
            Event::Activated { .. } => break,
            _ => {}
        }
    }
    (Vec::new(), None)
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_miniatures::round::Player;

    fn battle() -> Battle {
        let s = crate::scenarios::MINIATURES[0];
        let sc = steelgrid_miniatures::scenario::load(s.file, s.text).unwrap();
        Battle::new(&sc, Some(1))
    }

    /// Play the AI until a creature's turn is under way.
    fn to_a_turn(b: &mut Battle) {
        for _ in 0..40 {
            if b.active().is_some() {
                return;
            }
            let c = ai::next_command(b).unwrap();
            b.apply(c).unwrap();
        }
        panic!("no turn began");
    }

    #[test]
    fn a_click_activates_in_a_block_and_walks_in_a_turn_along_a_path_the_engine_takes() {
        let mut b = battle();
        for _ in 0..40 {
            if matches!(b.skirmish().phase, Phase::Block { .. }) {
                break;
            }
            let c = ai::next_command(&b).unwrap();
            b.apply(c).unwrap();
        }
        let p = b.deciding().unwrap();
        let mine = b
            .minis()
            .into_iter()
            .find(|m| m.player == p && !m.activated)
            .unwrap();
        let click = intent(
            &b,
            Mode::Act,
            Weapon(0),
            LineCorner(None),
            mine.space.origin,
        );
        assert_eq!(
            click,
            Some(Command::Activate {
                creature: mine.id.clone()
            })
        );
        b.apply(click.unwrap()).unwrap();
        let me = active(&b).unwrap();
        let to = Square::new(
            me.space.origin.x + if p == Player::One { 2 } else { -2 },
            me.space.origin.y,
        );
        let walk = intent(&b, Mode::Act, Weapon(0), LineCorner(None), to);
        assert!(
            matches!(walk, Some(Command::Move { ref path }) if path.last() == Some(&to) && path.len() == 2),
            "{walk:?}"
        );
        assert_eq!(b.check(&walk.unwrap()), Ok(()));
    }

    #[test]
    fn the_chosen_attack_aims_at_an_enemy_and_an_area_attack_at_a_square() {
        let mut b = battle();
        to_a_turn(&mut b);
        let me = active(&b).unwrap();
        let enemy = b
            .minis()
            .into_iter()
            .find(|m| m.player != me.player && !m.destroyed)
            .unwrap();
        let list = attacks(&b);
        for (i, a) in list.iter().enumerate() {
            let click = intent(
                &b,
                Mode::Act,
                Weapon(i),
                LineCorner(None),
                enemy.space.origin,
            );
            match a.shape {
                Some(_) => assert!(matches!(click, Some(Command::Area { .. })), "{click:?}"),
                None => assert_eq!(
                    click,
                    Some(Command::Attack {
                        attack: a.name.clone(),
                        target: enemy.id.clone()
                    })
                ),
            }
        }
    }

    /// An embedded demonstration with its first `n` commands played.
    fn demo(name: &str, n: usize) -> Battle {
        let s = crate::scenarios::by_name(name).expect("embedded");
        let sc = steelgrid_miniatures::scenario::load(s.file, s.text).unwrap();
        let mut b = Battle::new(&sc, None);
        for c in sc.demo.iter().take(n) {
            b.apply(c.clone()).expect("the demo");
        }
        b
    }

    #[test]
    fn a_huge_creature_squeezes_through_the_breach_along_a_path_the_engine_takes() {
        // The giant activated and stomped: its squeeze is still to come.
        let mut b = demo("miniatures/demo_giant", 8);
        let me = active(&b).unwrap();
        assert!(is_huge(&b), "{me:?}");
        let end = Square::new(7, 2);
        let click = intent(&b, Mode::Squeeze, Weapon(0), LineCorner(None), end);
        let Some(Command::Squeeze {
            into,
            ref path,
            end: to,
        }) = click
        else {
            panic!("{click:?}");
        };
        assert_eq!(to, end);
        assert!(me.space.contains(into) && !path.is_empty(), "{click:?}");
        assert_eq!(b.check(click.as_ref().unwrap()), Ok(()));
        b.apply(click.unwrap()).unwrap();
        assert_eq!(active(&b).unwrap().space.origin, end);
        // A walk through the two-square breach is not a squeeze, and a creature not huge has
        // none.
        let walk = intent(
            &b,
            Mode::Squeeze,
            Weapon(0),
            LineCorner(None),
            me.space.origin,
        );
        assert!(
            walk.as_ref().is_none_or(|c| b.check(c).is_err()),
            "the squeeze was spent: {walk:?}"
        );
    }

    #[test]
    fn o_chooses_the_corner_a_line_starts_from_among_the_engines() {
        // The Stormcaller activated, its line not drawn yet.
        let b = demo("miniatures/demo_line", 7);
        let list = attacks(&b);
        let line = Weapon(
            list.iter()
                .position(|a| matches!(a.shape, Some(Shape::Line(_))))
                .expect("a line attack"),
        );
        assert!(is_line(&b, line));
        let at = Square::new(6, 6);
        let origins = b.line_origins(at);
        assert!(origins.len() > 1, "{origins:?}");
        let first = intent(&b, Mode::Act, line, LineCorner(None), at);
        assert!(
            matches!(first, Some(Command::Area { from: None, .. })),
            "{first:?}"
        );
        // O steps from the engine's first corner through the others and round again.
        let mut corner = None;
        let mut seen = Vec::new();
        for _ in 0..origins.len() {
            corner = next_corner(&b, corner, at);
            seen.push(corner.unwrap());
            let click = intent(&b, Mode::Act, line, LineCorner(corner), at).unwrap();
            assert!(
                matches!(click, Command::Area { from, .. } if from == corner),
                "{click:?}"
            );
            assert_eq!(b.check(&click), Ok(()));
        }
        assert_eq!(seen.last(), origins.first());
        seen.sort();
        let mut all = origins.clone();
        all.sort();
        assert_eq!(seen, all);
    }

    #[test]
    fn every_event_of_a_played_game_has_a_line_in_words() {
        let mut b = battle();
        ai::play(&mut b, &[Player::One, Player::Two], 400);
        for logged in b.log() {
            assert!(!super::super::words::line(&logged.event).is_empty());
        }
        assert!(b.log().len() > 50);
    }

    #[test]
    fn the_line_demonstration_leaves_its_squares_on_the_board_until_the_next_activation() {
        let s = crate::scenarios::by_name("miniatures/demo_line").expect("embedded");
        let sc = steelgrid_miniatures::scenario::load(s.file, s.text).unwrap();
        let mut b = Battle::new(&sc, None);
        for c in &sc.demo {
            b.apply(c.clone()).expect("the demo");
        }
        let drawn = b.log().iter().rev().find_map(|l| match &l.event {
            Event::AreaDrawn { squares, .. } => Some(squares.clone()),
            _ => None,
        });
        let (squares, segment) = last_area(&b);
        assert_eq!(Some(squares.clone()), drawn);
        assert!(!squares.is_empty());
        assert!(segment.is_some(), "a line keeps its segment for the board");
    }
}
