//! The choices drawn on the board: reachable squares with their movement cost (amber where a
//! move provokes an opportunity attack, marked where it ends in a fall), the end squares of a
//! pending push with the damage each deals, and the path under the mouse. The hovered choice
//! is also described in words ([`Preview`]), from the engine's own plan.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use super::choices::{self, Choices, MoveBy};
use super::cursor::HoveredSquare;
use super::log::{ascii, short_name, sq};
use super::play::{PlayMode, Tool, aim};
use super::{CurrentState, Rules};
use steelgrid_rules::ability_use::AbilityPreview;
use steelgrid_rules::granted::Granted;

/// Depth of the overlay: above the board's labels, below the tokens.
const OVERLAY_Z: f32 = 4.0;
const REACH: Color = Color::srgba(0.34, 0.71, 0.91, 0.42);
const PROVOKES: Color = Color::srgba(0.95, 0.62, 0.05, 0.6);
const PUSH_END: Color = Color::srgba(0.80, 0.30, 0.65, 0.55);
const LABEL: Color = Color::srgb_u8(0x14, 0x1c, 0x26);
const NOTE: Color = Color::srgb_u8(0xf7, 0xf5, 0xf0);
const TAG_BACK: Color = Color::srgba(0.97, 0.90, 0.95, 0.92);
const NOTE_BACK: Color = Color::srgba(0.45, 0.05, 0.08, 0.9);
/// How far the labels of push choices rise, to clear the tokens.
const FORCED_LIFT: f32 = 12.0;
const PATH: Color = Color::srgb_u8(0xff, 0xf4, 0x6e);
const FOCUS: Color = Color::srgb_u8(0xff, 0xf4, 0x6e);
/// An aimed area's squares and the targets it would hit.
const AREA: Color = Color::srgb_u8(0xf0, 0x8a, 0x24);
const TARGET: Color = Color::srgb_u8(0xe8, 0x3f, 0x6f);
/// A lasting aura or zone.
const ZONE: Color = Color::srgba(0.90, 0.35, 0.10, 0.7);

pub fn plugin(app: &mut App) {
    app.init_resource::<Preview>()
        .init_resource::<Aim>()
        .add_systems(Startup, thicker_lines)
        .add_systems(
            Update,
            (
                draw_choices
                    .run_if(resource_changed::<Choices>.or_else(resource_changed::<PlayMode>)),
                preview.run_if(
                    resource_changed::<Choices>
                        .or_else(resource_changed::<HoveredSquare>)
                        .or_else(resource_changed::<PlayMode>),
                ),
                draw_path,
                draw_aim,
                draw_zones,
            )
                .after(choices::refresh),
        );
}

/// The hovered choice (or creature) in words, for the status bar.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Preview(pub Option<String>);

/// The engine's preview of the ability being aimed at the hovered square: its area and each
/// target.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Aim(pub Option<AbilityPreview>);

/// One square of the overlay.
#[derive(Component)]
struct Mark;

fn thicker_lines(mut store: ResMut<GizmoConfigStore>) {
    store.config_mut::<DefaultGizmoConfigGroup>().0.line.width = 4.0;
}

fn draw_choices(
    mut commands: Commands,
    choices: Res<Choices>,
    mode: Res<PlayMode>,
    marks: Query<Entity, With<Mark>>,
    layout: Res<BoardLayout>,
) {
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    // `lift` raises the labels above the tokens (a push may end where the target stands).
    let mut mark = |square: Square, fill: Color, label: String, note: Option<String>, lift: f32| {
        let at = layout.square_center(square).extend(OVERLAY_Z);
        commands
            .spawn((
                Mark,
                Sprite::from_color(fill, Vec2::splat(SQUARE - 4.0)),
                Transform::from_translation(at),
            ))
            .with_children(|m| {
                if lift > 0.0 {
                    // Over a token: a light tag at the top keeps the label readable.
                    let at = Vec3::new(0.0, SQUARE / 2.0 - 12.0, lift);
                    m.spawn((
                        Sprite::from_color(TAG_BACK, Vec2::new(SQUARE - 14.0, 18.0)),
                        Transform::from_translation(at),
                    ));
                    m.spawn((
                        Text2d::new(label),
                        TextFont {
                            font_size: FontSize::Px(15.0),
                            ..default()
                        },
                        TextColor(LABEL),
                        Transform::from_translation(at + Vec3::Z * 0.1),
                    ));
                } else {
                    m.spawn((
                        Text2d::new(label),
                        TextFont {
                            font_size: FontSize::Px(20.0),
                            ..default()
                        },
                        TextColor(LABEL),
                        Transform::from_xyz(0.0, 4.0, 0.1),
                    ));
                }
                if let Some(note) = note {
                    let at = Vec3::new(0.0, -SQUARE / 2.0 + 12.0, 0.1 + lift);
                    m.spawn((
                        Sprite::from_color(NOTE_BACK, Vec2::new(SQUARE - 14.0, 17.0)),
                        Transform::from_translation(at),
                    ));
                    m.spawn((
                        Text2d::new(note),
                        TextFont {
                            font_size: FontSize::Px(13.0),
                            ..default()
                        },
                        TextColor(NOTE),
                        Transform::from_translation(at + Vec3::Z * 0.1),
                    ));
                }
            });
    };
    match &*choices {
        Choices::None => {}
        Choices::Moves { reach, .. } => {
            for r in reach {
                let fill = if r.provokes { PROVOKES } else { REACH };
                let note = r.falls.then(|| "fall".to_owned());
                mark(r.square, fill, r.cost.to_string(), note, 0.0);
            }
        }
        Choices::Forced { spec, outcomes } => {
            let mut shown: Vec<Square> = Vec::new();
            for end in outcomes.iter().map(|o| o.end) {
                if shown.contains(&end) {
                    continue;
                }
                shown.push(end);
                let count = choices.outcomes_at(end).len();
                let Some(o) = choices.outcome(end, mode.variant) else {
                    continue;
                };
                let damage = o.damage_to(&spec.target);
                let others: u32 = o
                    .hits
                    .iter()
                    .filter(|h| h.creature != spec.target)
                    .map(|h| h.amount)
                    .sum();
                let label = match (damage, others) {
                    (0, 0) => "0".to_owned(),
                    (d, 0) => format!("-{d}"),
                    (d, o) => format!("-{d}/{o}"),
                };
                let note = if count > 1 {
                    Some(format!("{}/{count} Tab", mode.variant % count + 1))
                } else {
                    o.fall.is_some().then(|| "fall".to_owned())
                };
                mark(end, PUSH_END, label, note, FORCED_LIFT);
            }
        }
    }
}

/// Describe the hovered choice, asking the engine to plan the hovered move.
pub fn preview(
    mut rules: ResMut<Rules>,
    state: Res<CurrentState>,
    choices: Res<Choices>,
    hovered: Res<HoveredSquare>,
    mode: Res<PlayMode>,
    mut preview: ResMut<Preview>,
    mut aim: ResMut<Aim>,
) {
    let engine = rules.bypass_change_detection().0.engine_mut();
    if let (Tool::Ability(slot), Some(square)) = (mode.tool, hovered.0) {
        let (text, found) = aim_at(engine, &state.0, slot, square, &mode);
        aim.set_if_neq(Aim(found));
        preview.set_if_neq(Preview(text.map(|t| ascii(&t))));
        return;
    }
    aim.set_if_neq(Aim(None));
    let text = hovered
        .0
        .and_then(|square| describe(engine, &state.0, &choices, square, mode.variant));
    preview.set_if_neq(Preview(text.map(|t| ascii(&t))));
}

/// Ask the engine what the ability in `slot`, aimed at `square`, would do: per target, the
/// odds of each tier with the edges and banes behind them, and each tier's outcome.
fn aim_at(
    engine: &mut steelgrid_rules::Engine,
    state: &StateView,
    slot: usize,
    square: Square,
    mode: &PlayMode,
) -> (Option<String>, Option<AbilityPreview>) {
    let Some(user) = state
        .turn
        .as_ref()
        .and_then(|id| state.creatures.iter().find(|c| &c.id == id))
    else {
        return (None, None);
    };
    let Some(ability) = user.abilities.get(slot) else {
        return (None, None);
    };
    let Some(command) = aim(state, user, ability, square, mode) else {
        return (Some(format!("{}: point at a creature", ability.name)), None);
    };
    match engine.preview_ability(&command) {
        Ok(p) => {
            let mut parts = Vec::new();
            for t in &p.targets {
                let mods: Vec<String> = t
                    .edges
                    .iter()
                    .map(|m| format!("edge: {}", m.note))
                    .chain(t.banes.iter().map(|m| format!("bane: {}", m.note)))
                    .collect();
                let outcomes: Vec<String> = match t.odds {
                    Some(odds) => t
                        .outcomes
                        .iter()
                        .zip(odds)
                        .enumerate()
                        .map(|(i, (o, p))| format!("t{} {:.0}% {o}", i + 1, p * 100.0))
                        .collect(),
                    None => t.outcomes.clone(),
                };
                let mods = if mods.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", mods.join(", "))
                };
                parts.push(format!(
                    "{}{mods}: {}",
                    short_name(state, &t.id),
                    outcomes.join(" / ")
                ));
            }
            let text = if parts.is_empty() {
                format!("{}: no target in the area", p.ability)
            } else {
                format!("{}: {}", p.ability, parts.join(" | "))
            };
            (Some(text), Some(p))
        }
        Err(e) => (Some(format!("{}: {}", e.rule, e.reason)), None),
    }
}

/// Areas on the map that don't show in the ground: auras around their owners and zones that
/// hurt enemies starting a turn in them, outlined square by square.
fn draw_zones(state: Res<CurrentState>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    for zone in state.0.zones.iter().filter(|z| z.ground.is_none()) {
        for &sq in &zone.squares {
            gizmos.rect_2d(
                Isometry2d::from_translation(layout.square_center(sq)),
                Vec2::splat(SQUARE - 14.0),
                ZONE,
            );
        }
    }
}

/// The aimed ability's area and targets, drawn every frame while aiming.
fn draw_aim(aim: Res<Aim>, state: Res<CurrentState>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    let Some(p) = &aim.0 else {
        return;
    };
    for &sq in &p.area {
        gizmos.rect_2d(
            Isometry2d::from_translation(layout.square_center(sq)),
            Vec2::splat(SQUARE - 8.0),
            AREA,
        );
    }
    for c in state
        .0
        .creatures
        .iter()
        .filter(|c| p.targets.iter().any(|t| t.id == c.id))
    {
        for &sq in &c.footprint {
            gizmos.circle_2d(
                Isometry2d::from_translation(layout.square_center(sq)),
                SQUARE * 0.45,
                TARGET,
            );
        }
    }
}

fn describe(
    engine: &mut steelgrid_rules::Engine,
    state: &StateView,
    choices: &Choices,
    square: Square,
    variant: usize,
) -> Option<String> {
    if let Some(outcome) = choices.outcome(square, variant) {
        return Some(format!(
            "{}: {}",
            sq(square),
            outcome.derivation.join(" | ")
        ));
    }
    if let (
        Choices::Moves {
            by: MoveBy::Grant(grant),
            ..
        },
        Some(_),
    ) = (choices, choices.reach(square))
        && matches!(grant.movement, Granted::Teleport { .. })
    {
        return Some(format!("teleport {} to {}", grant.target, sq(square)));
    }
    if let (Choices::Moves { creature, gait, .. }, Some(reach)) = (choices, choices.reach(square)) {
        let text = match engine.plan_move(creature, &reach.path, *gait) {
            Ok(plan) => {
                let mut text = format!("to {}: cost {}", sq(square), plan.cost);
                let mut provokers: Vec<String> = plan
                    .provoked
                    .iter()
                    .flat_map(|(_, ids)| ids.iter().map(|id| short_name(state, id)))
                    .collect();
                provokers.dedup();
                if !provokers.is_empty() {
                    text.push_str(&format!(
                        ", opportunity attack from {}",
                        provokers.join(", ")
                    ));
                }
                if !plan.terrain_damage.is_empty() {
                    text.push_str(", crosses damaging terrain");
                }
                if let Some(drop) = plan.drop {
                    text.push_str(&format!(", falls {drop}"));
                }
                text
            }
            Err(e) => format!("{}: {}", e.rule, e.reason),
        };
        return Some(text);
    }
    let c = state
        .creatures
        .iter()
        .find(|c| c.footprint.contains(&square))?;
    let mut text = format!(
        "{}: Stamina {}/{}, speed {}, stability {}",
        c.name, c.stamina.current, c.stamina.max, c.speed, c.stability
    );
    for condition in &c.conditions {
        text.push_str(&format!(", {condition}"));
    }
    let state_word = format!("{:?}", c.state).to_lowercase();
    if state_word != "healthy" {
        text.push_str(&format!(", {state_word}"));
    }
    if c.acted_this_round {
        text.push_str(", has acted");
    }
    Some(text)
}

/// The centre of a creature's space when its top-left square is `origin`.
fn space_center(layout: &BoardLayout, origin: Square, side: i32) -> Vec2 {
    let offset = (side - 1) as f32 / 2.0 * SQUARE;
    layout.square_center(origin) + Vec2::new(offset, -offset)
}

/// Draw the hovered path and the creature picked with Tab.
fn draw_path(
    state: Res<CurrentState>,
    choices: Res<Choices>,
    hovered: Res<HoveredSquare>,
    mode: Res<PlayMode>,
    layout: Res<BoardLayout>,
    mut gizmos: Gizmos,
) {
    let creature = |id: &str| state.0.creatures.iter().find(|c| c.id == id);
    let side = |id: &str| creature(id).map_or(1, |c| (c.footprint.len() as f32).sqrt() as i32);
    if let Some(focus) = mode.focus.as_deref().and_then(creature) {
        let center = space_center(&layout, focus.position, side(&focus.id));
        gizmos.circle_2d(Isometry2d::from_translation(center), SQUARE * 0.48, FOCUS);
    }
    let Some(square) = hovered.0 else {
        return;
    };
    let (id, start, steps) = match &*choices {
        Choices::Moves { creature: id, .. } => match (choices.reach(square), creature(id)) {
            (Some(r), Some(c)) => (id, c.position, &r.path),
            _ => return,
        },
        Choices::Forced { spec, .. } => match choices.outcome(square, mode.variant) {
            Some(o) => (&spec.target, o.from, &o.moved),
            None => return,
        },
        Choices::None => return,
    };
    let side = side(id);
    let points = std::iter::once(start)
        .chain(steps.iter().copied())
        .map(|s| space_center(&layout, s, side));
    gizmos.linestrip_2d(points, PATH);
}
