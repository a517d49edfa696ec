//! The choices drawn on the board: reachable squares with their movement cost (amber where a
//! move provokes an opportunity attack, marked where it ends in a fall), the end squares of a
//! pending push with the damage each deals, the path under the mouse, and for an aimed ability
//! where each tier's push, pull or slide would take its targets and what they would hit. The
//! hovered choice is also described in words ([`Preview`]), from the engine's own plan.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use super::cursor::HoveredSquare;
use crate::game::battle::actions::Action;
use crate::game::battle::choices::{self, Choices, MoveBy};
use crate::game::battle::play::{Intent, PlayMode, Tool, aim, click, key};
use crate::game::ui::log::{LogHighlight, ascii, short_name, sq};
use crate::game::{BattleSystems, CurrentState, Rules};
use steelgrid_rules::ability::Keyword;
use steelgrid_rules::ability::granted::Granted;
use steelgrid_rules::ability::resolve::{AbilityPreview, TargetPreview};
use steelgrid_rules::creature::Vitality;
use steelgrid_rules::damage::foresee::{Aftermath, Blow};
use steelgrid_rules::engine::RollPreview;
use steelgrid_rules::forced::{ForcedOutcome, ForcedSpec};
use steelgrid_rules::power_roll::Modifier;
use steelgrid_rules::{Command, Engine};

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
/// The path of an aimed push, pull or slide, and the objects it would break.
const PUSH_PATH: Color = Color::srgb_u8(0xd9, 0x4c, 0xb0);
const FOCUS: Color = Color::srgb_u8(0xff, 0xf4, 0x6e);
/// An aimed area's squares and the targets it would hit.
const AREA: Color = Color::srgb_u8(0xf0, 0x8a, 0x24);
const TARGET: Color = Color::srgb_u8(0xe8, 0x3f, 0x6f);
/// The squares of a clicked log line.
const LOG_MARK: Color = Color::srgb_u8(0x5c, 0xe1, 0xe6);
/// A lasting aura or zone.
const ZONE: Color = Color::srgba(0.90, 0.35, 0.10, 0.7);

pub fn plugin(app: &mut App) {
    app.init_resource::<Preview>()
        .init_resource::<Aim>()
        .init_resource::<AimForced>()
        .init_resource::<AimCard>()
        .add_systems(Startup, thicker_lines)
        .add_systems(
            Update,
            preview
                .in_set(BattleSystems::Follow)
                // Within the stage: it previews the choices refreshed this frame.
                .after(choices::refresh)
                .run_if(
                    resource_changed::<Choices>
                        .or_else(resource_changed::<HoveredSquare>)
                        .or_else(resource_changed::<PlayMode>),
                ),
        )
        .add_systems(
            Update,
            (
                draw_choices
                    .run_if(resource_changed::<Choices>.or_else(resource_changed::<PlayMode>)),
                draw_path,
                draw_aim,
                draw_zones,
                draw_log_highlight,
                draw_aim_forced,
                draw_aim_forced_paths,
            )
                .in_set(BattleSystems::Present),
        );
}

/// The hovered choice (or creature) in words, for the status bar.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Preview(pub Option<String>);

/// The aimed ability's odds and outcomes in full, target by target, for the top of the
/// tooltip card.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct AimCard(pub Option<String>);

/// The engine's preview of the ability being aimed at the hovered square: its area and each
/// target.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct Aim(pub Option<AbilityPreview>);

/// Where the aimed ability's pushes, pulls and slides would take each target, tier by tier, as
/// the engine predicts them: the way the target goes farthest, and what it hits.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct AimForced(pub Vec<TierForced>);

/// One target's forced movement at one tier.
#[derive(Clone, Debug, PartialEq)]
pub struct TierForced {
    pub tier: usize,
    pub target: String,
    pub outcome: ForcedOutcome,
}

/// A label of the aimed forced movement.
#[derive(Component)]
struct ForcedMark;

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
                // Everyone else it hurts: those it runs into, and one it falls onto.
                let landed_on = o.fall.as_ref().filter(|f| f.landed_on.is_some());
                let others: u32 = o
                    .hits
                    .iter()
                    .filter(|h| h.creature != spec.target)
                    .map(|h| h.amount)
                    .sum::<u32>()
                    + landed_on.map_or(0, |f| f.damage);
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
fn preview(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    choices: Res<Choices>,
    hovered: Res<HoveredSquare>,
    mode: Res<PlayMode>,
    mut preview: ResMut<Preview>,
    mut aim: ResMut<Aim>,
    mut forced: ResMut<AimForced>,
    mut aim_card: ResMut<AimCard>,
) {
    let engine = rules.0.engine();
    if let (Tool::Ability(slot), Some(square)) = (mode.tool, hovered.0) {
        let (text, found) = aim_at(engine, &state.0, slot, square, &mode);
        let moved = found
            .as_ref()
            .map(|p| aimed_forced(engine, &state.0, slot, p))
            .unwrap_or_default();
        let (text, details) = match &found {
            Some(p) => {
                let (line, details) = aim_text(engine, &state.0, p, &moved);
                (Some(line), Some(details))
            }
            None => (text, None),
        };
        aim_card.set_if_neq(AimCard(details.map(|d| ascii(&d))));
        forced.set_if_neq(AimForced(moved));
        aim.set_if_neq(Aim(found));
        preview.set_if_neq(Preview(text.map(|t| ascii(&t))));
        return;
    }
    forced.set_if_neq(AimForced::default());
    aim.set_if_neq(Aim(None));
    let rolled = roll_command(&state.0, &mode, &choices, hovered.0)
        .and_then(|c| engine.preview_roll(&c).ok())
        .map(|p| roll_text(&state.0, &p));
    if let Some((line, card)) = rolled {
        aim_card.set_if_neq(AimCard(Some(ascii(&card))));
        preview.set_if_neq(Preview(Some(ascii(&line))));
        return;
    }
    aim_card.set_if_neq(AimCard(None));
    let text = hovered
        .0
        .and_then(|square| describe(engine, &state.0, &choices, square, mode.variant));
    preview.set_if_neq(Preview(text.map(|t| ascii(&t))));
}

/// For each target of the aimed ability and each tier that moves it, the engine's prediction
/// of the farthest the forcer can take it (with the collision damage it comes to).
fn aimed_forced(
    engine: &Engine,
    state: &StateView,
    slot: usize,
    preview: &AbilityPreview,
) -> Vec<TierForced> {
    let Some(user) = state
        .turn
        .as_ref()
        .and_then(|id| state.creatures.iter().find(|c| &c.id == id))
    else {
        return Vec::new();
    };
    let Some(ability) = user
        .abilities
        .get(slot)
        .and_then(|a| engine.ability(&a.id))
        .cloned()
    else {
        return Vec::new();
    };
    let Some(roll) = &ability.power_roll else {
        return Vec::new();
    };
    let melee_weapon = ability.has(Keyword::Melee) && ability.has(Keyword::Weapon);
    let mut found = Vec::new();
    // Creatures and the objects it names alike (an object is pushed as "object at (x, y)").
    let moved = preview.targets.iter().map(|t| t.id.clone()).chain(
        preview
            .objects
            .iter()
            .map(|o| steelgrid_rules::forced::object_target(o.square)),
    );
    for target in moved {
        for (tier, outcome) in [&roll.tier1, &roll.tier2, &roll.tier3]
            .into_iter()
            .enumerate()
        {
            let Some(f) = outcome.forced else {
                continue;
            };
            let spec = ForcedSpec {
                vertical: f.vertical,
                ..ForcedSpec::open(
                    f.kind,
                    Some(user.id.clone()),
                    target.clone(),
                    f.distance,
                    melee_weapon,
                )
            };
            // The way that hurts most (a slam into a wall or a creature), else the straightest
            // and farthest: what a player aiming it would most want to see.
            let away = |o: &ForcedOutcome| {
                let step = |a: Square, b: Square| ((b.x - a.x).signum(), (b.y - a.y).signum());
                let line = step(user.position, o.from);
                std::iter::once(o.from)
                    .chain(o.moved.iter().copied())
                    .collect::<Vec<_>>()
                    .windows(2)
                    .filter(|w| step(w[0], w[1]) == line)
                    .count()
            };
            let best = engine.forced_choices(&spec).ok().and_then(|outcomes| {
                outcomes.into_iter().max_by_key(|o| {
                    let hurt: u32 = o.hits.iter().map(|h| h.amount).sum();
                    (hurt, away(o), o.moved.len())
                })
            });
            if let Some(outcome) = best {
                found.push(TierForced {
                    tier: tier + 1,
                    target: target.clone(),
                    outcome,
                });
            }
        }
    }
    found
}

/// The aimed forced movement on the map: each tier's path as a line from the target, its end
/// square labelled with the tier and the damage the target (and what it hits) would take.
fn draw_aim_forced(
    mut commands: Commands,
    forced: Res<AimForced>,
    marks: Query<Entity, With<ForcedMark>>,
    layout: Res<BoardLayout>,
) {
    if !forced.is_changed() {
        return;
    }
    for mark in &marks {
        commands.entity(mark).despawn();
    }
    let labels = end_labels(&forced.0);
    for (square, label) in labels {
        let at = layout.square_center(square).extend(OVERLAY_Z + FORCED_LIFT);
        commands
            .spawn((
                ForcedMark,
                Sprite::from_color(PUSH_END, Vec2::splat(SQUARE - 4.0)),
                Transform::from_translation(at),
            ))
            .with_child((
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(15.0),
                    ..default()
                },
                TextColor(NOTE),
                Transform::from_xyz(0.0, 0.0, 0.1),
            ));
    }
}

/// One label per end square, at most two lines however many tiers end there: the tiers, then
/// the damage each deals (the target's, then what it hits after a `/`), once when all agree.
fn end_labels(forced: &[TierForced]) -> Vec<(Square, String)> {
    let mut ends: Vec<(Square, Vec<&TierForced>)> = Vec::new();
    for f in forced {
        match ends.iter_mut().find(|(sq, _)| *sq == f.outcome.end) {
            Some((_, at)) => at.push(f),
            None => ends.push((f.outcome.end, vec![f])),
        }
    }
    ends.into_iter()
        .map(|(square, at)| {
            let tiers: Vec<String> = at.iter().map(|f| format!("t{}", f.tier)).collect();
            let mut damage: Vec<String> = at
                .iter()
                .map(|f| {
                    let o = &f.outcome;
                    let others: u32 = o
                        .hits
                        .iter()
                        .filter(|h| h.creature != f.target)
                        .map(|h| h.amount)
                        .sum();
                    match (o.damage_to(&f.target), others) {
                        (0, 0) => "0".to_owned(),
                        (d, 0) => format!("-{d}"),
                        (d, o) => format!("-{d}/{o}"),
                    }
                })
                .collect();
            damage.dedup();
            let fall = if at.iter().any(|f| f.outcome.fall.is_some()) {
                " fall"
            } else {
                ""
            };
            let damage = if damage.len() == 1 {
                damage[0].clone()
            } else {
                damage.join(" ")
            };
            (square, format!("{}\n{damage}{fall}", tiers.join(" ")))
        })
        .collect()
}

/// The aimed forced movement's paths, drawn every frame while aiming.
fn draw_aim_forced_paths(forced: Res<AimForced>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    for f in &forced.0 {
        let points: Vec<Vec2> = std::iter::once(f.outcome.from)
            .chain(f.outcome.moved.iter().copied())
            .map(|sq| layout.square_center(sq))
            .collect();
        gizmos.linestrip_2d(points, PUSH_PATH);
        for square in &f.outcome.broken {
            gizmos.rect_2d(
                Isometry2d::from_translation(layout.square_center(*square)),
                Vec2::splat(SQUARE - 10.0),
                PUSH_PATH,
            );
        }
    }
}

/// Ask the engine what the ability in `slot`, aimed at `square`, would do: per target, the
/// odds of each tier with the edges and banes behind them, and each tier's outcome.
fn aim_at(
    engine: &Engine,
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
        Ok(p) => (None, Some(p)),
        Err(e) => (Some(format!("{}: {}", e.rule, e.reason)), None),
    }
}

/// What the aimed ability would do: a short line for the status bar (each target's chance to be
/// defeated, the minions it may drop) and the card in full, target by target: Stamina, the
/// edges and banes, each tier's odds and outcome, where a tier moves the target (the engine's
/// distance, with a bigger pusher's +1 and the target's stability, and the slam), and what the
/// engine says the damage leaves (weakness, immunity and a squad's pool counted). An ally caught
/// in the area is flagged.
fn aim_text(
    engine: &Engine,
    state: &StateView,
    p: &AbilityPreview,
    moved: &[TierForced],
) -> (String, String) {
    let user = state
        .turn
        .as_ref()
        .and_then(|id| state.creatures.iter().find(|c| &c.id == id));
    let mut card = vec![p.ability.clone()];
    let mut summary = Vec::new();
    // Each tier's minions dropped, squad by squad.
    let mut drops: Vec<(String, Vec<u32>)> = Vec::new();
    for t in &p.targets {
        let Some(c) = state.creatures.iter().find(|c| c.id == t.id) else {
            continue;
        };
        let ally = user.is_some_and(|u| u.side == c.side && u.id != c.id);
        let name = short_name(state, &t.id);
        let flag = if ally { "ALLY in the area, " } else { "" };
        let mods = modifier_words(&t.edges, &t.banes).map_or(String::new(), |m| format!(", {m}"));
        let stamina = c.stamina.current + c.stamina.temporary;
        card.push(format!("{name} ({flag}Stamina {stamina}{mods}):"));
        let mut defeat = 0.0;
        for (i, outcome) in t.outcomes.iter().enumerate() {
            let tier = i + 1;
            let forced = moved.iter().find(|f| f.target == t.id && f.tier == tier);
            let after = with_slam(engine, t, i, forced);
            if let (Some(squad), Some(a)) = (&c.squad, after) {
                match drops.iter_mut().find(|d| &d.0 == squad) {
                    Some(d) => d.1.push(a.drops),
                    None => drops.push((squad.clone(), vec![a.drops])),
                }
            }
            if after.is_some_and(|a| a.falls()) {
                defeat += t.odds.map_or(1.0, |o| o[i]);
            }
            let push = forced.map_or(String::new(), |f| format!(" -> {}", forced_words(f)));
            let label = if t.odds.is_some() {
                format!("t{tier}")
            } else {
                "effect".to_owned()
            };
            let odds = t.odds.map(|o| o[i]);
            let after = after.map_or(String::new(), |a| after_words(&a, c.squad.is_some()));
            card.push(tier_line(&label, odds, &format!("{outcome}{push}"), &after));
        }
        let who = if ally {
            format!("{name} (ally!)")
        } else {
            name
        };
        summary.push(format!("{who} {:.0}% to defeat", defeat * 100.0));
    }
    for (squad, by_tier) in &drops {
        // A squad's drops are the same for each member hit: one figure per tier.
        let most = by_tier.iter().copied().max().unwrap_or(0);
        if most > 0 {
            summary.push(format!("up to {most} {squad} drop"));
        }
    }
    for o in &p.objects {
        let damage: Vec<String> = o.damage.iter().map(u32::to_string).collect();
        card.push(format!(
            "the object at {} (Stamina {}): {} damage",
            sq(o.square),
            o.stamina,
            damage.join(" / ")
        ));
    }
    if summary.is_empty() && p.objects.is_empty() {
        let none = format!("{}: no target in the area", p.ability);
        return (none.clone(), none);
    }
    (status_line(&p.ability, &summary), card.join("\n"))
}

/// What tier `i` would leave the target with, the slam of its forced movement added as a blow
/// of its own (the engine's reckoning either way).
fn with_slam(
    engine: &Engine,
    t: &TargetPreview,
    i: usize,
    forced: Option<&TierForced>,
) -> Option<Aftermath> {
    let after = t.after.get(i).copied()?;
    let slam = forced.map_or(0, |f| f.outcome.damage_to(&t.id));
    if slam == 0 {
        return Some(after);
    }
    let blows = [
        Blow {
            amount: t.numbers.get(i).map_or(0, |n| n.damage),
            kind: t.numbers.get(i).and_then(|n| n.kind),
        },
        Blow {
            amount: slam,
            kind: None,
        },
    ];
    engine.foresee(&t.id, &blows).ok().or(Some(after))
}

/// What the engine says the damage leaves: ", defeats it", ", leaves 3: dying", ", leaves 5",
/// a squad's pool and the minions it drops.
fn after_words(a: &Aftermath, squad: bool) -> String {
    let drops = match a.drops {
        0 => String::new(),
        1 => ", drops 1 minion".to_owned(),
        n => format!(", drops {n} minions"),
    };
    match a.state {
        _ if squad && a.dealt > 0 => format!(", squad pool {}{drops}", a.left),
        Vitality::Dead if a.dealt > 0 => ", defeats it".to_owned(),
        Vitality::Dying if a.dealt > 0 => format!(", leaves {}: dying", a.left),
        _ if a.dealt > 0 => format!(", leaves {}", a.left),
        _ => String::new(),
    }
}

/// A roll's edges and banes in words, "edge: flanking, bane: ...", if it has any.
fn modifier_words(edges: &[Modifier], banes: &[Modifier]) -> Option<String> {
    let words: Vec<String> = edges
        .iter()
        .map(|m| format!("edge: {}", m.note))
        .chain(banes.iter().map(|m| format!("bane: {}", m.note)))
        .collect();
    (!words.is_empty()).then(|| words.join(", "))
}

/// One tier of a preview card: "  t2 45%: 7 damage, leaves 2".
fn tier_line(label: &str, odds: Option<f64>, outcome: &str, after: &str) -> String {
    let odds = odds.map_or(String::new(), |o| format!(" {:.0}%", o * 100.0));
    format!("  {label}{odds}: {outcome}{after}")
}

/// The status line of a preview: its name and summary, cut to fit, pointing at the card.
fn status_line(name: &str, summary: &[String]) -> String {
    let mut line = format!("{name}: {}", summary.join(", "));
    if line.chars().count() > 110 {
        line = line.chars().take(107).collect::<String>() + "...";
    }
    line.push_str(" (odds and outcomes in the card)");
    line
}

/// A free strike's or a Knockback's preview: the chance to defeat for the status line, and each
/// tier's odds, outcome and what it leaves for the card.
fn roll_text(state: &StateView, p: &RollPreview) -> (String, String) {
    let name = short_name(state, &p.target);
    let squad = state
        .creatures
        .iter()
        .find(|c| c.id == p.target)
        .is_some_and(|c| c.squad.is_some());
    let mods = modifier_words(&p.edges, &p.banes).map_or(String::new(), |m| format!(" ({m})"));
    let mut card = vec![format!("{} on {name}{mods}", p.name)];
    let mut defeat = 0.0;
    for (i, outcome) in p.outcomes.iter().enumerate() {
        let odds = p.odds.map(|o| o[i]);
        let after = p.after.get(i);
        if after.is_some_and(|a| a.falls()) {
            defeat += odds.unwrap_or(1.0);
        }
        let label = if odds.is_some() {
            format!("t{}", i + 1)
        } else {
            "hit".to_owned()
        };
        let after = after.map_or(String::new(), |a| after_words(a, squad));
        card.push(tier_line(&label, odds, outcome, &after));
    }
    let summary = if p.after.iter().any(|a| a.dealt > 0) {
        format!("{name} {:.0}% to defeat", defeat * 100.0)
    } else {
        let odds = p.odds.map_or(String::new(), |o| {
            let pct: Vec<String> = o.iter().map(|x| format!("{:.0}%", x * 100.0)).collect();
            format!(" {}", pct.join("/"))
        });
        format!("{name}{odds}")
    };
    (status_line(&p.name, &[summary]), card.join("\n"))
}

/// The free strike or Knockback the pointer would make now: a click on the hovered creature,
/// or Enter answering an opportunity the trigger window offers.
fn roll_command(
    state: &StateView,
    mode: &PlayMode,
    choices: &Choices,
    hovered: Option<Square>,
) -> Option<Command> {
    let is_roll = |c: &Command| matches!(c, Command::FreeStrike { .. } | Command::Knockback { .. });
    if let Intent::Send(c) = key(state, mode, Action::Confirm)
        && is_roll(&c)
    {
        return Some(c);
    }
    match hovered.map(|square| click(state, mode, choices, square)) {
        Some(Intent::Send(c)) if is_roll(&c) => Some(c),
        _ => None,
    }
}

/// A tier's forced movement as the engine works it out: `push 2 (1 +1 bigger), slam 3`.
fn forced_words(f: &TierForced) -> String {
    let mut text = f.outcome.distance.words(f.outcome.kind);
    let slam = f.outcome.damage_to(&f.target);
    if slam > 0 {
        text.push_str(&format!(", slam {slam}"));
    }
    let others: u32 = f
        .outcome
        .hits
        .iter()
        .filter(|h| h.creature != f.target)
        .map(|h| h.amount)
        .sum();
    if others > 0 {
        text.push_str(&format!(" (+{others} to what it hits)"));
    }
    text
}

/// The squares of the log line clicked, each outlined twice so they stand out from the aim.
fn draw_log_highlight(highlight: Res<LogHighlight>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    for &sq in &highlight.0 {
        let at = Isometry2d::from_translation(layout.square_center(sq));
        gizmos.rect_2d(at, Vec2::splat(SQUARE - 4.0), LOG_MARK);
        gizmos.rect_2d(at, Vec2::splat(SQUARE - 12.0), LOG_MARK);
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
fn draw_aim(
    aim: Res<Aim>,
    state: Res<CurrentState>,
    layout: Res<BoardLayout>,
    mode: Res<PlayMode>,
    mut gizmos: Gizmos,
) {
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
        // The minion picked to drop first wears a second, golden ring.
        let first = mode.first_drop.as_ref() == Some(&c.id);
        for &sq in &c.footprint {
            let at = Isometry2d::from_translation(layout.square_center(sq));
            gizmos.circle_2d(at, SQUARE * 0.45, TARGET);
            if first {
                gizmos.circle_2d(at, SQUARE * 0.38, PATH);
            }
        }
    }
}

fn describe(
    engine: &Engine,
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
    if let (
        Choices::Moves {
            creature,
            by: MoveBy::Landing { on },
            ..
        },
        Some(_),
    ) = (choices, choices.reach(square))
    {
        return Some(format!(
            "{} lands prone at {} beside {}",
            short_name(state, creature),
            sq(square),
            short_name(state, on)
        ));
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::testing::heroes_first;
    use steelgrid_rules::creature::Side;
    use steelgrid_rules::record::Game;

    /// Brann beside a cutter with a stone wall two squares behind it.
    const WALL_PUSH: &str = "Scenario(
        name: \"push into a wall\",
        map: (rows: [
            \"##########\",
            \"#........#\",
            \"#.....#..#\",
            \"#........#\",
            \"##########\",
        ]),
        creatures: [
            (id: \"brann\", name: \"Brann\", template: \"vanguard\", position: (3, 2)),
            (id: \"cutter\", template: \"bramble_cutter\", position: (4, 2)),
        ],
    )";

    #[test]
    fn placing_a_push_offers_the_most_damaging_way_to_each_square_first() {
        let mut game = Game::new("wall.ron", WALL_PUSH, Some(3)).unwrap();
        let sweep = {
            let state = game.engine().state();
            state.creatures[0].abilities[0].id.clone()
        };
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
            Command::ScriptDice {
                faces: vec![10, 10],
            },
            Command::use_ability("brann", &sweep, vec!["cutter".into()]),
        ] {
            game.apply(command).unwrap();
        }
        let state = game.engine().state();
        let choices = choices::ask(game.engine(), &state, &PlayMode::default()).unwrap();
        let Choices::Forced { outcomes, .. } = &choices else {
            panic!("the push waits to be placed");
        };
        let hurt = |o: &ForcedOutcome| o.hits.iter().map(|h| h.amount).sum::<u32>();
        for end in outcomes.iter().map(|o| o.end) {
            let at: Vec<u32> = choices.outcomes_at(end).into_iter().map(hurt).collect();
            assert!(at.windows(2).all(|w| w[0] >= w[1]), "{end:?}: {at:?}");
        }
        // Against the wall the slam is offered before the way that stops short of it.
        assert!(outcomes.iter().any(|o| hurt(o) > 0));
    }

    #[test]
    fn an_aimed_push_shows_each_tiers_slam_and_resolves_as_shown() {
        let mut game = on_turn_of(WALL_PUSH, "brann");
        let state = game.engine().state();
        let mode = PlayMode {
            tool: Tool::Ability(0),
            ..default()
        };
        let (_, found) = aim_at(game.engine(), &state, 0, Square::new(4, 2), &mode);
        let preview = found.expect("Iron Sweep aimed at the cutter");
        let shown = aimed_forced(game.engine(), &state, 0, &preview);
        // Iron Sweep pushes 1 on tier 2 and 2 on tier 3, +1 for a melee weapon against a
        // smaller target: both end against the wall after one square.
        let tiers: Vec<(usize, Square, u32)> = shown
            .iter()
            .map(|f| (f.tier, f.outcome.end, f.outcome.damage_to("cutter")))
            .collect();
        assert_eq!(
            tiers,
            vec![(2, Square::new(5, 2), 3), (3, Square::new(5, 2), 4)]
        );

        // Against the wall both tiers end on one square: one label of two lines, not two.
        assert_eq!(
            end_labels(&shown),
            vec![(Square::new(5, 2), "t2 t3\n-3 -4".to_owned())]
        );
        // The words give the engine's distance, the bigger pusher's +1 and the slam.
        let (line, card) = aim_text(game.engine(), &state, &preview, &shown);
        assert!(
            card.contains("-> push 2 (1 +1 bigger), slam 3")
                && card.contains("-> push 3 (2 +1 bigger), slam 4, leaves 1"),
            "{card}"
        );
        assert!(
            line.starts_with("Iron Sweep: cutter 0% to defeat"),
            "{line}"
        );

        // Tier 3 rolled (10 + 10), then the push placed along the path shown.
        let before = state.creatures.iter().find(|c| c.id == "cutter").unwrap();
        let stamina = before.stamina.current;
        let path = shown[1].outcome.path.clone();
        for command in [
            Command::ScriptDice {
                faces: vec![10, 10],
            },
            Command::use_ability(
                "brann",
                &state.creatures[0].abilities[0].id,
                vec!["cutter".into()],
            ),
            Command::ForceMove {
                forcer: Some("brann".into()),
                target: "cutter".into(),
                kind: shown[1].outcome.kind,
                distance: 2,
                melee_weapon: true,
                stability: None,
                chosen: None,
                path,
                break_objects: true,
                vertical: false,
                heights: Vec::new(),
            },
        ] {
            game.apply(command).unwrap();
        }
        let after = game.engine().state();
        let cutter = after.creatures.iter().find(|c| c.id == "cutter").unwrap();
        assert_eq!(cutter.position, Square::new(5, 2));
        // The tier 3 damage the preview gave, then the slam it showed.
        let tier3_damage = preview.targets[0].numbers[2].damage;
        assert_eq!(stamina - cutter.stamina.current, (tier3_damage + 4) as i32);
    }

    /// The game `text` is (seed 3), the heroes first and `hero`'s turn started.
    fn on_turn_of(text: &str, hero: &str) -> Game {
        crate::game::testing::game_after("shot.ron", text, 3, heroes_first(hero))
    }

    #[test]
    fn pointing_at_an_adjacent_enemy_shows_the_free_strikes_odds_and_what_each_tier_leaves() {
        let game = on_turn_of(WALL_PUSH, "brann");
        let state = game.engine().state();
        let mode = PlayMode::default();
        let choices = choices::ask(game.engine(), &state, &mode).unwrap();
        let strike = roll_command(&state, &mode, &choices, Some(Square::new(4, 2)))
            .expect("a click on the cutter is a free strike");
        assert_eq!(strike, Command::free_strike("brann", "cutter", false));
        let p = game.engine().preview_roll(&strike).unwrap();
        let (line, card) = roll_text(&state, &p);
        assert!(
            line.starts_with("Melee Weapon Free Strike: cutter ") && line.contains("% to defeat"),
            "{line}"
        );
        // Three tiers, each with its chance and the Stamina the engine says it leaves.
        let tiers: Vec<&str> = card.lines().filter(|l| l.starts_with("  t")).collect();
        assert_eq!(tiers.len(), 3, "{card}");
        assert!(
            tiers
                .iter()
                .all(|t| t.contains("%: ") && t.contains(" damage, leaves ")),
            "{card}"
        );
        // An empty square is no roll: the hover says what is there instead.
        assert_eq!(
            roll_command(&state, &mode, &choices, Some(Square::new(1, 1))),
            None
        );
    }

    #[test]
    fn an_area_over_a_squad_flags_the_ally_inside_and_counts_the_minions_it_drops() {
        let game = on_turn_of(
            include_str!("../../../scenarios/demo_squad_area.ron"),
            "orrin",
        );
        let state = game.engine().state();
        let mode = PlayMode {
            tool: Tool::Ability(1),
            ..default()
        };
        let (_, found) = aim_at(game.engine(), &state, 1, Square::new(4, 5), &mode);
        let preview = found.expect("Frost Cube over Brann and two rabble");
        let (line, card) = aim_text(game.engine(), &state, &preview, &[]);
        assert!(card.contains("Brann (ALLY in the area, Stamina"), "{card}");
        assert!(line.contains("Brann (ally!)"), "{line}");
        // Two minions in a cube: each share capped at one minion's 4 Stamina, so the pool of
        // 24 loses 8 at every tier and both drop (seed 002 L4394-4396).
        assert!(card.contains("squad pool 16, drops 2 minions"), "{card}");
        assert!(line.contains("up to 2 rabble drop"), "{line}");
    }
}
