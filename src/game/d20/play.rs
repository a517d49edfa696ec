//! Playing a d20 battle in the window: the square under the pointer, what a click does in the
//! chosen mode (walk or attack, full attack, charge, 5-foot step, tend, a spell), the keys, and
//! the AI's seats. Every action is a command the engine checks; a refusal is shown with its rule.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use steelgrid_d20::ai;
use steelgrid_d20::battle::Command;
use steelgrid_rules::grid::Square;

use super::tokens::acting_side;
use super::{AiSeats, Step, Table};
use crate::game::view::board::{BoardLayout, SQUARE};
use crate::game::view::camera::BoardCamera;

/// What a click does.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    /// Walk to an empty square, attack a foe.
    #[default]
    Walk,
    FullAttack,
    Charge,
    Step,
    Tend,
    /// Cast the acting creature's spell in this place.
    Spell(usize),
}

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

/// The path labels under the pointer.
#[derive(Component)]
struct PathMark;

pub fn plugin(app: &mut App) {
    app.init_resource::<Mode>()
        .init_resource::<Hovered>()
        .init_resource::<Refusal>()
        .init_resource::<Keys>()
        .insert_resource(AiClock(Timer::from_seconds(0.35, TimerMode::Repeating)))
        .add_systems(
            Update,
            (hover, keys, click, ai_seat).chain().in_set(Step::Input),
        )
        .add_systems(
            Update,
            draw_path
                .run_if(resource_changed::<Hovered>.or_else(resource_changed::<Table>))
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

/// Whether a person plays the creature whose turn it is.
fn persons_turn(table: &Table, seats: &AiSeats) -> bool {
    acting_side(&table.0).is_some_and(|side| !seats.0.contains(&side))
}

fn keys(
    input: Res<ButtonInput<KeyCode>>,
    mut scripted: ResMut<Keys>,
    mut mode: ResMut<Mode>,
    mut table: ResMut<Table>,
    seats: Res<AiSeats>,
    mut refusal: ResMut<Refusal>,
) {
    let pressed: Vec<KeyCode> = input
        .get_just_pressed()
        .copied()
        .chain(scripted.0.pop_front())
        .collect();
    for key in pressed {
        let next = match key {
            KeyCode::KeyF => Some(Mode::FullAttack),
            KeyCode::KeyC => Some(Mode::Charge),
            KeyCode::KeyS => Some(Mode::Step),
            KeyCode::KeyT => Some(Mode::Tend),
            KeyCode::Digit1 => Some(Mode::Spell(0)),
            KeyCode::Digit2 => Some(Mode::Spell(1)),
            KeyCode::Digit3 => Some(Mode::Spell(2)),
            KeyCode::Escape => Some(Mode::Walk),
            _ => None,
        };
        if let Some(m) = next {
            mode.set_if_neq(m);
        }
        if key == KeyCode::KeyE && persons_turn(&table, &seats) {
            let id = table.0.current().unwrap_or_default().to_owned();
            send(&mut table, &mut refusal, Command::EndTurn { creature: id });
            mode.set_if_neq(Mode::Walk);
        }
    }
}

fn click(
    mouse: Res<ButtonInput<MouseButton>>,
    hovered: Res<Hovered>,
    mut mode: ResMut<Mode>,
    mut table: ResMut<Table>,
    seats: Res<AiSeats>,
    mut refusal: ResMut<Refusal>,
) {
    let (true, Some(sq)) = (mouse.just_pressed(MouseButton::Left), hovered.0) else {
        return;
    };
    if !persons_turn(&table, &seats) {
        return;
    }
    if let Some(command) = intent(&table, *mode, sq) {
        send(&mut table, &mut refusal, command);
        mode.set_if_neq(Mode::Walk);
    }
}

/// What a click on `sq` asks for in `mode`.
pub fn intent(table: &Table, mode: Mode, sq: Square) -> Option<Command> {
    let battle = &table.0;
    let me = battle.creature(battle.current()?)?;
    let there = battle.creature_at(sq).filter(|c| c.id != me.id);
    let foe = there
        .as_ref()
        .filter(|c| c.side != me.side)
        .map(|c| c.id.clone());
    let creature = me.id.clone();
    match (mode, foe, there) {
        // The clicked square is the guess a foe with total concealment needs (seed 001 L227).
        (Mode::Walk, Some(target), _) => Some(Command::Attack {
            creature,
            target,
            weapon: None,
            nonlethal: None,
            at: Some(sq),
        }),
        (Mode::Walk, None, None) => ai::route(battle, sq).map(|r| Command::Move {
            creature,
            path: r.path,
        }),
        (Mode::FullAttack, Some(target), _) => Some(Command::FullAttack { creature, target }),
        (Mode::Charge, Some(target), _) => ai::charge_command(battle, &target),
        (Mode::Step, None, None) => Some(Command::Step { creature, to: sq }),
        (Mode::Tend, _, Some(ally)) => Some(Command::Tend {
            creature,
            target: ally.id,
        }),
        (Mode::Spell(i), _, there) => {
            let (spell, _) = me.spells_left.get(i)?.clone();
            let target = there.map(|c| c.id).or(Some(me.id.clone()));
            Some(Command::Cast {
                creature,
                spell,
                target,
                at: Some(sq),
            })
        }
        _ => None,
    }
}

fn send(table: &mut Table, refusal: &mut Refusal, command: Command) {
    let said = match table.0.apply(command) {
        Ok(_) => None,
        Err(e) => Some(format!(
            "Refused by {} ({}): {}",
            e.rule.id, e.rule.seed, e.reason
        )),
    };
    if refusal.0 != said {
        refusal.0 = said;
    }
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
    let ai_turn = acting_side(&table.0).is_some_and(|side| seats.0.contains(&side));
    if ai_turn && let Some(command) = ai::next_command(&table.0) {
        send(&mut table, &mut refusal, command);
    }
}

/// The path to the square under the pointer, each square marked with what the walk has cost
/// there in feet (seed 001 L94-95: 1-2-1-2 along the path).
fn draw_path(
    mut commands: Commands,
    table: Res<Table>,
    hovered: Res<Hovered>,
    seats: Res<AiSeats>,
    layout: Res<BoardLayout>,
    old: Query<Entity, With<PathMark>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(sq) = hovered.0 else {
        return;
    };
    if !persons_turn(&table, &seats) || table.0.creature_at(sq).is_some() {
        return;
    }
    let Some(route) = ai::route(&table.0, sq) else {
        return;
    };
    let speed = table
        .0
        .current()
        .and_then(|id| table.0.creature(id))
        .map_or(0, |c| c.speed / 5);
    for (step, cost) in route.path.iter().zip(&route.costs) {
        let colour = if *cost <= speed {
            Color::srgb_u8(0x9a, 0xe6, 0x8c)
        } else if *cost <= 2 * speed {
            Color::srgb_u8(0xf2, 0xd0, 0x4a)
        } else {
            Color::srgb_u8(0xff, 0x80, 0x70)
        };
        let at = layout.square_center(*step);
        commands.spawn((
            PathMark,
            Sprite::from_color(colour.with_alpha(0.35), Vec2::splat(SQUARE * 0.3)),
            Transform::from_translation(at.extend(4.0)),
        ));
        commands.spawn((
            PathMark,
            Text2d::new(format!("{}", cost * 5)),
            TextFont {
                font_size: FontSize::Px(13.0),
                ..default()
            },
            TextColor(colour),
            Transform::from_translation((at + Vec2::new(0.0, -SQUARE * 0.3)).extend(4.1)),
        ));
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_d20::battle::Battle;
    use steelgrid_rules::creature::Side;

    fn table() -> Table {
        let text = r#"(name: "t", ruleset: D20(), dice: [20, 1, 1], map: (rows: ["......", "......"]), creatures: [
            (id: "hedda", template: "fighter_1", side: Heroes, position: (0, 0)),
            (id: "idra", template: "cleric_2", side: Heroes, position: (0, 1)),
            (id: "gob", template: "goblin", side: Director, position: (1, 0)),
        ])"#;
        Table(Battle::new(
            &steelgrid_d20::scenario::load("t.ron", text).unwrap(),
            None,
        ))
    }

    #[test]
    fn a_click_walks_to_an_empty_square_and_attacks_a_foe_in_each_mode() {
        let t = table();
        assert_eq!(t.0.current(), Some("hedda"));
        let walk = intent(&t, Mode::Walk, Square::new(3, 1));
        assert!(
            matches!(walk, Some(Command::Move { ref path, .. }) if path.last() == Some(&Square::new(3, 1))),
            "{walk:?}"
        );
        assert!(
            matches!(intent(&t, Mode::Walk, Square::new(1, 0)), Some(Command::Attack { ref target, .. }) if target == "gob")
        );
        assert!(matches!(
            intent(&t, Mode::FullAttack, Square::new(1, 0)),
            Some(Command::FullAttack { .. })
        ));
        assert!(matches!(
            intent(&t, Mode::Step, Square::new(1, 1)),
            Some(Command::Step { .. })
        ));
        assert!(
            matches!(intent(&t, Mode::Tend, Square::new(0, 1)), Some(Command::Tend { ref target, .. }) if target == "idra")
        );
        // Clicking a friend while walking does nothing.
        assert_eq!(intent(&t, Mode::Walk, Square::new(0, 1)), None);
    }

    #[test]
    fn every_event_of_a_played_game_has_a_line_in_words() {
        let sc = steelgrid_d20::scenario::load(
            crate::scenarios::D20[0].file,
            crate::scenarios::D20[0].text,
        )
        .unwrap();
        let mut battle = Battle::new(&sc, Some(3));
        ai::play(&mut battle, &[Side::Heroes, Side::Director], 30);
        for logged in battle.log() {
            assert!(!super::super::words::line(&logged.event).is_empty());
        }
        assert!(battle.log().len() > 50);
    }
}
