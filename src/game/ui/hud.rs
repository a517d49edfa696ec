//! The status bar across the top of the window: scenario, round, whose pick or turn and the
//! encounter status, then a prompt saying what the player can do, the hovered choice and the
//! last refusal (in a warning colour). A short line of control hints runs along the bottom
//! while a person plays. The same text, on one line, is published as [`StatusLine`] for tests
//! and the web build.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::ability::{Cost, Distance};
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::{AbilityView, CreatureView};
use steelgrid_rules::movement::mount::Hold;

use super::explainer::Narration;
use super::log::{ascii, short_name};
use crate::game::CurrentState;
use crate::game::battle::actions::Action;
use crate::game::battle::ai_seat::{AiSeats, ai_to_move};
use crate::game::battle::choices::Choices;
use crate::game::battle::handoff::{DirectorView, Players, Seat, seat_label};
use crate::game::battle::movement_tools::grant_prompt;
use crate::game::battle::play::{Feedback, PlayMode, Tool};
use crate::game::battle::records::RecordLine;
use crate::game::screens::BattleMode;
use crate::game::settings::{Bindings, Input, Settings, Slot};
use crate::game::view::camera::LOG_PANEL_PX;
use crate::game::view::cursor::STATUS_BAR_PX;
use crate::game::view::overlay::Preview;

pub const BAR: Color = Color::srgba(0.06, 0.07, 0.09, 0.92);
pub const TITLE: Color = Color::srgb_u8(0xf2, 0xef, 0xe8);
pub const TEXT: Color = Color::srgb_u8(0xc9, 0xcd, 0xd3);
pub const MUTED: Color = Color::srgb_u8(0x8a, 0x91, 0x9a);
pub const WARNING: Color = Color::srgb_u8(0xff, 0x8f, 0x6b);
const PREVIEW: Color = Color::srgb_u8(0xf0, 0xe4, 0x42);
/// Side colours, lightened from the token colours to read well on the dark bar.
pub const HEROES: Color = Color::srgb_u8(0x56, 0xb4, 0xe9);
pub const DIRECTOR: Color = Color::srgb_u8(0xf0, 0x8a, 0x4b);

/// The control hints along the bottom: the keys a turn is played with, in the player's
/// bindings, and where the rest are (the key list). The full list of about forty actions lives
/// in that list (F1 by default); one short line here leaves the board and the log readable.
fn hints(bindings: &Bindings) -> String {
    use Action as A;
    // One key each, a keyboard key where there is one: the full list is behind F1.
    let keys = |action: Action| key_label(bindings, action);
    let click = bindings
        .inputs(Slot::Action(A::Select))
        .first()
        .map_or_else(String::new, |i| i.label());
    let parts = [
        (click, "turn/move/strike"),
        (
            format!("{}-{}", keys(A::Ability1), keys(A::Ability8)),
            "abilities",
        ),
        (keys(A::EndTurn), "end turn"),
        (keys(A::Undo), "undo"),
        (keys(A::Explain), "explain"),
        (keys(A::Cancel), "back/menu"),
        (keys(A::KeyBindings), "all keys"),
    ];
    let parts: Vec<String> = parts
        .iter()
        .map(|(keys, what)| format!("{keys} {what}"))
        .collect();
    parts.join("   ")
}

/// The key (or failing one, the button) bound to `action`, as the hints write it.
pub fn key_label(bindings: &Bindings, action: Action) -> String {
    let inputs = bindings.inputs(Slot::Action(action));
    let key = inputs.iter().find(|i| matches!(i, Input::Key(_)));
    key.or(inputs.first())
        .map_or_else(String::new, |i| i.label())
}

/// The control hints line.
#[derive(Component)]
struct Hints;

/// The hints while a person plays; none while the AI, a replay or a demonstration moves (the
/// prompt says who plays, and a demonstration's own keys are in it).
fn refresh_hints(
    settings: Res<Settings>,
    state: Res<CurrentState>,
    seats: Res<AiSeats>,
    battle: Option<Res<State<BattleMode>>>,
    mut line: Single<&mut Text, With<Hints>>,
) {
    let watching = battle.is_some_and(|b| matches!(b.get(), BattleMode::Replay | BattleMode::Demo));
    let text = if watching || ai_to_move(&seats, &state.0).is_some() {
        String::new()
    } else {
        hints(&settings.bindings)
    };
    if line.0 != text {
        line.0 = text;
    }
}

pub fn plugin(app: &mut App) {
    app.init_resource::<StatusLine>()
        .add_systems(Startup, spawn_hud)
        .add_systems(
            Update,
            (
                refresh_hints.run_if(
                    resource_changed::<Settings>
                        .or_else(resource_changed::<CurrentState>)
                        .or_else(resource_changed::<AiSeats>)
                        .or_else(state_changed::<BattleMode>),
                ),
                update_hud.run_if(
                    resource_changed::<CurrentState>
                        .or_else(resource_changed::<PlayMode>)
                        .or_else(resource_changed::<Feedback>)
                        .or_else(resource_changed::<Preview>)
                        .or_else(resource_changed::<Choices>)
                        .or_else(resource_changed::<RecordLine>)
                        .or_else(resource_changed::<Narration>)
                        .or_else(resource_changed::<DirectorView>)
                        .or_else(resource_changed::<Seat>)
                        .or_else(state_changed::<BattleMode>),
                ),
            )
                .in_set(crate::game::BattleSystems::Present),
        );
}

/// The whole status bar as one line of text, for tests and the web build.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct StatusLine(pub String);

/// A piece of the status bar that follows the state.
#[derive(Component, Clone, Copy, PartialEq, Eq)]
enum HudField {
    Scenario,
    Round,
    Turn,
    Status,
    Record,
    Prompt,
    Preview,
    Refusal,
}

fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

pub fn spawn_hud(mut commands: Commands) {
    let row = |gap: i32| Node {
        column_gap: px(gap),
        align_items: AlignItems::Center,
        ..default()
    };
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                width: percent(100),
                height: px(STATUS_BAR_PX),
                padding: UiRect::axes(px(16), px(6)),
                flex_direction: FlexDirection::Column,
                row_gap: px(3),
                // A line too long for a narrow window is cut at the bar's edge, never drawn
                // over the board and the log below it.
                overflow: Overflow::clip(),
                ..default()
            },
            BackgroundColor(BAR),
        ))
        .with_children(|bar| {
            bar.spawn(row(32)).with_children(|top| {
                // One line whatever the width: what does not fit is cut at the bar's edge,
                // and the prompt below stays in sight.
                top.spawn((
                    Text::default(),
                    font(22.0),
                    TextColor(TITLE),
                    TextLayout::no_wrap(),
                    HudField::Scenario,
                ));
                for field in [HudField::Round, HudField::Turn, HudField::Status] {
                    top.spawn((
                        Text::default(),
                        font(17.0),
                        TextColor(TEXT),
                        TextLayout::no_wrap(),
                        field,
                    ));
                }
            });
            bar.spawn(row(24)).with_children(|middle| {
                middle.spawn((
                    Text::default(),
                    font(14.0),
                    TextColor(TEXT),
                    HudField::Prompt,
                ));
                middle.spawn((
                    Text::default(),
                    font(14.0),
                    TextColor(WARNING),
                    HudField::Refusal,
                ));
                middle.spawn((
                    Text::default(),
                    font(14.0),
                    TextColor(MUTED),
                    HudField::Record,
                ));
            });
        });
    // Under the board, stacked so that none covers another however many lines each takes:
    // the AI's reasoning, the hovered thing in words, the action bar, the lesson, the hint
    // line. In a window too small for all of them the topmost are cut under the status bar.
    commands
        .spawn(Node {
            position_type: PositionType::Absolute,
            top: px(STATUS_BAR_PX + 4.0),
            bottom: px(6),
            left: px(12),
            right: px(LOG_PANEL_PX + 12.0),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::FlexEnd,
            row_gap: px(4),
            overflow: Overflow::clip(),
            ..default()
        })
        .with_children(|column| {
            column.spawn((BottomSlot::Reasoning, Node::default()));
            // On a dark band: it may lie over the board's lowest squares.
            column.spawn((
                Text::default(),
                font(14.0),
                TextColor(PREVIEW),
                BackgroundColor(BAR.with_alpha(0.85)),
                HudField::Preview,
            ));
            column.spawn((
                BottomSlot::Bar,
                Node {
                    justify_content: JustifyContent::Center,
                    ..default()
                },
            ));
            column.spawn((BottomSlot::Lesson, Node::default()));
            column.spawn((Hints, Text::default(), font(13.0), TextColor(MUTED)));
        });
}

/// A place in the column under the board that another plugin fills.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub enum BottomSlot {
    /// The AI's reasoning (`ai_seat`).
    Reasoning,
    /// The action bar (`action_bar`).
    Bar,
    /// The first battle's lesson (`lessons`).
    Lesson,
}

/// The entity of a slot in the column under the board.
pub fn bottom_slot(slots: &Query<(Entity, &BottomSlot)>, slot: BottomSlot) -> Option<Entity> {
    slots.iter().find(|(_, s)| **s == slot).map(|(e, _)| e)
}

fn update_hud(
    state: Res<CurrentState>,
    seats: Res<AiSeats>,
    mode: Res<PlayMode>,
    feedback: Res<Feedback>,
    preview: Res<Preview>,
    choices: Res<Choices>,
    record: Res<RecordLine>,
    battle: Option<Res<State<BattleMode>>>,
    view: Res<DirectorView>,
    (seat, players): (Res<Seat>, Res<Players>),
    mut status: ResMut<StatusLine>,
    mut fields: Query<(&HudField, &mut Text, &mut TextColor)>,
) {
    let watching = battle.map(|battle| *battle.get());
    let line = |field: HudField| match field {
        HudField::Prompt if watching == Some(BattleMode::Replay) => {
            ("Watching a replay".into(), TEXT)
        }
        HudField::Prompt if watching == Some(BattleMode::Demo) => (
            "Watching a demonstration (P pause, . next, +/- pace)".into(),
            TEXT,
        ),
        HudField::Prompt => match ai_to_move(&seats, &state.0) {
            Some(Side::Heroes) => ("The AI is playing the heroes...".into(), TEXT),
            Some(Side::Director) => ("The AI Director is playing...".into(), TEXT),
            // With several heroes' players, whose seat has the screen comes first; a granted
            // teleport or move waiting to be placed before the rest.
            None => {
                let now =
                    grant_prompt(&state.0, &choices).unwrap_or_else(|| prompt(&state.0, &mode));
                match seat_label(seat.0, &players) {
                    Some(seat) => (format!("{seat}: {now}"), TEXT),
                    None => (now, TEXT),
                }
            }
        },
        HudField::Preview => (preview.0.clone().unwrap_or_default(), PREVIEW),
        HudField::Refusal => (refusal(&feedback), WARNING),
        HudField::Record => (record.0.clone(), MUTED),
        other => describe(other, &state.0, view.0),
    };
    for (field, mut text, mut color) in &mut fields {
        (text.0, color.0) = line(*field);
    }
    let parts: Vec<String> = [
        HudField::Round,
        HudField::Turn,
        HudField::Status,
        HudField::Record,
        HudField::Prompt,
        HudField::Refusal,
    ]
    .into_iter()
    .map(|field| line(field).0)
    .filter(|part| !part.is_empty())
    .collect();
    status.set_if_neq(StatusLine(parts.join(" | ")));
}

/// The last refusal as its reason and the seed lines of the rule that gives it, or the last
/// hint.
fn refusal(feedback: &Feedback) -> String {
    match feedback {
        Feedback::None => String::new(),
        Feedback::Refused(e) => ascii(&format!(
            "Refused: {} ({})",
            for_players(&e.reason),
            e.rule.seed
        )),
        Feedback::Hint(hint) => ascii(hint),
    }
}

/// A refusal's reason without what it adds for command files (`(in a command file: …)`).
fn for_players(reason: &str) -> &str {
    reason
        .split_once(" (in a command file:")
        .map_or(reason, |(said, _)| said)
}

/// The creature whose leaving an enemy's reach holds the trigger window open, if that is what
/// it waits on.
pub fn leaving(state: &StateView) -> Option<&str> {
    match &state.trigger_window.as_ref()?.happening {
        steelgrid_rules::trigger::Happening::Leaving { creature } => Some(creature),
        _ => None,
    }
}

/// What the player can do now.
pub fn prompt(state: &StateView, mode: &PlayMode) -> String {
    if state.status != "in_progress" {
        return "The encounter is over.".into();
    }
    if mode.director.is_some() {
        return crate::game::battle::director_tools::prompt(state, mode);
    }
    if let Some(side) = state.awaiting_first_side_choice {
        let winner = match side {
            Side::Heroes => "Heroes",
            Side::Director => "The Director",
        };
        return format!("{winner} won the roll: H = heroes first, J = Director first");
    }
    if let Some(p) = &state.pending_forced {
        // An ally chooses how much of its stability to use.
        let stability = crate::game::battle::play::ally_pushed(state)
            .filter(|c| c.stability > 0)
            .map(|c| {
                format!(
                    "; it uses stability {} of {} (PgUp/PgDn)",
                    mode.stability.unwrap_or(c.stability),
                    c.stability
                )
            })
            .unwrap_or_default();
        let dead = state.creatures.iter().any(|c| c.id == p.target && c.dead);
        let (whom, esc) = match dead {
            true => ("the body of ", "; Esc leaves it where it fell"),
            false => ("", ""),
        };
        return format!(
            "{}: place the {} {} of {whom}{} - click a pink square (number = damage; Tab: other outcomes there){stability}{esc}",
            short_name(state, &p.forcer),
            p.kind.name(),
            p.distance,
            short_name(state, &p.target)
        );
    }
    if let Some(w) = state
        .trigger_window
        .as_ref()
        .and_then(|w| w.waiting.first())
    {
        if let Some(mover) = leaving(state).filter(|_| w.opportunity) {
            return format!(
                "{}: {} is leaving your reach - Enter: opportunity attack, E: let it go",
                short_name(state, &w.creature),
                short_name(state, mover)
            );
        }
        let Some(o) = w.options.first() else {
            return format!("{}: E: let it pass", short_name(state, &w.creature));
        };
        let name = state
            .creatures
            .iter()
            .find(|c| c.id == w.creature)
            .and_then(|c| c.abilities.iter().find(|a| a.id == o.ability))
            .map_or(o.ability.as_str(), |a| a.name.as_str());
        let on = o
            .targets
            .first()
            .map_or(String::new(), |t| format!(" on {}", short_name(state, t)));
        return format!(
            "{}: a triggered ability may answer - Enter: {name}{on}, E: let it pass",
            short_name(state, &w.creature)
        );
    }
    if let Some(id) = &state.turn {
        let who = short_name(state, id);
        if let Some(sq) = mode.risky {
            return format!(
                "{who}: moving to ({},{}) provokes an opportunity attack - click it again to go, Esc to stay",
                sq.x, sq.y
            );
        }
        let ranged = if mode.ranged { " (ranged)" } else { "" };
        return match mode.tool {
            Tool::Advance => {
                // The abilities are on the action bar under the board.
                let me = state.creatures.iter().find(|c| &c.id == id);
                let on = |how: Hold| me.is_some_and(|c| c.on_top == Some(how));
                let move_word = match (mode.level, me.map_or(0, |c| c.altitude)) {
                    (Some(h), _) => format!("fly there {h} squares up (PgUp/PgDn: height)"),
                    (None, _) if on(Hold::Riding) => "ride your mount there (M: climb down)".into(),
                    (None, _) if on(Hold::Climbing) => "move (M: climb down first)".into(),
                    (None, 0) => "move".into(),
                    (None, a) => format!("fly there, {a} squares up (PgUp/PgDn: height)"),
                };
                format!("{who}: click a square to {move_word}, an enemy to free strike{ranged}")
            }
            Tool::Disengage => format!("{who} disengages: click a square to shift 1 (D: back)"),
            Tool::Knockback => format!("{who} knockback: click an adjacent creature (K: back)"),
            Tool::Heal => format!("{who} heal: click an adjacent ally (L: back)"),
            Tool::Grab => format!("{who} grab: click an adjacent creature (G: back)"),
            Tool::Aid => format!("{who} aid attack: click an adjacent enemy (A: back)"),
            Tool::Charge => format!("{who} charge: click an enemy to charge (Q: back)"),
            Tool::Mount => format!(
                "{who} mount: click a creature to climb on, one on {who} to shake it off, or a square beside to climb down (M: back)"
            ),
            Tool::Dig { burrows } => {
                let depth = mode.level.unwrap_or(1);
                let how = if burrows {
                    format!("click {who} to dig to depth {depth}")
                } else {
                    format!("click {who}'s square or one beside to claw dirt to depth {depth}")
                };
                format!(
                    "{who}: {how} (PgUp/PgDn: depth), or a burrowing ally beside to pull it up (End: back)"
                )
            }
            Tool::Ability(slot) => {
                let Some(a) = state
                    .creatures
                    .iter()
                    .find(|c| &c.id == id)
                    .and_then(|c| c.abilities.get(slot))
                else {
                    return format!("{who}: no ability on key {}", slot + 1);
                };
                let click = match a.distance {
                    Distance::SelfOnly | Distance::Aura(_) | Distance::Burst(_) => {
                        "click anywhere to use it"
                    }
                    Distance::Cube { .. } => "click where to centre the cube",
                    Distance::Line { .. } => "click the direction of the line",
                    Distance::Wall { .. } => "click a square for the wall",
                    _ => "click a target",
                };
                let surges = match mode.surges {
                    0 => String::new(),
                    n => format!(" +{n} surges on the target's damage"),
                };
                let surges = match (a.extra, mode.spend) {
                    (Some(n), true) => format!("{surges} + its extra for {n} res"),
                    (Some(n), false) => format!("{surges} (Y: its extra for {n} res)"),
                    (None, _) => surges,
                };
                // An area over a squad: the minion to drop first is the user's choice.
                let drop = match (&mode.first_drop, a.distance.is_area()) {
                    (Some(m), true) => format!(" - {} drops first (Tab)", short_name(state, m)),
                    (None, true) if state.creatures.iter().any(|c| c.minion && !c.dead) => {
                        " - Tab: the minion to drop first".to_owned()
                    }
                    _ => String::new(),
                };
                format!(
                    "{who}: {} ({}, {}{}){surges} - {click} ({}: back){drop}",
                    a.name,
                    a.distance_label,
                    a.action.name(),
                    cost(a),
                    slot + 1
                )
            }
        };
    }
    if let Some(side) = state.acting_side {
        let pick = match side {
            Side::Heroes => "Heroes' pick",
            Side::Director => "Director's pick",
        };
        return match &mode.focus {
            Some(focus) => format!(
                "{pick}: Enter starts {}'s turn, Tab the next",
                short_name(state, focus)
            ),
            None => format!("{pick}: click a creature that has not acted (or Tab)"),
        };
    }
    String::new()
}

/// An ability's cost as the bar shows it: `, 3 resource` (or Malice).
pub(super) fn cost(a: &AbilityView) -> String {
    if a.consumable {
        return " (item)".into();
    }
    match a.cost {
        Some(Cost::Resource(n)) => format!(" ({n} res)"),
        Some(Cost::Malice(n)) => format!(" ({n} malice)"),
        None => String::new(),
    }
}

/// The text and colour of one field of the top row; `director`: the screen may show what is
/// the Director's alone.
fn describe(field: HudField, state: &StateView, director: bool) -> (String, Color) {
    match field {
        HudField::Scenario => (state.scenario.clone(), TITLE),
        HudField::Round if state.round == 0 => ("Before round 1".into(), TEXT),
        HudField::Round => (format!("Round {}", state.round), TEXT),
        HudField::Turn => turn_line(state, director),
        HudField::Status => match state.status {
            "in_progress" => ("In progress".into(), MUTED),
            "victory" => ("Victory".into(), HEROES),
            "defeat" => ("Defeat".into(), DIRECTOR),
            other => (other.replace('_', " "), MUTED),
        },
        HudField::Prompt | HudField::Preview | HudField::Refusal | HudField::Record => {
            (String::new(), TEXT)
        }
    }
}

/// Who acts now: the side choosing who goes first, the creature taking its turn, or the side
/// whose pick it is; always shown, with the Director's own figures only when `director`.
fn turn_line(state: &StateView, director: bool) -> (String, Color) {
    if let Some(side) = state.awaiting_first_side_choice {
        let line = match side {
            Side::Heroes => "The heroes choose who goes first",
            Side::Director => "The Director chooses who goes first",
        };
        return (line.into(), side_color(side));
    }
    if let Some(id) = &state.turn {
        let creature = state.creatures.iter().find(|c| &c.id == id);
        let name = creature.map_or(id.as_str(), |c| c.name.as_str());
        let color = creature.map_or(TEXT, |c| side_color(c.side));
        // A hero's resources: heroic resource, surges and the party's hero tokens.
        let resources = creature
            .filter(|c| c.hero)
            .map(|c| {
                format!(
                    " - {} {}, surges {}, hero tokens {}",
                    c.class.as_ref().map_or("resource", |k| k.resource.as_str()),
                    c.heroic_resource.unwrap_or(0),
                    c.surges.unwrap_or(0),
                    state.hero_tokens
                )
            })
            .unwrap_or_else(|| director_line(state, creature, director));
        return (format!("{name}'s turn{resources}"), color);
    }
    if let Some(side) = state.acting_side {
        let line = match side {
            Side::Heroes => "Heroes' pick",
            Side::Director => "Director's pick",
        };
        let secrets = if director {
            format!(" - {}", director_secrets(state))
        } else {
            String::new()
        };
        return (format!("{line}{secrets}"), side_color(side));
    }
    ("No one to act".into(), MUTED)
}

fn side_color(side: Side) -> Color {
    match side {
        Side::Heroes => HEROES,
        Side::Director => DIRECTOR,
    }
}

/// What only the Director's seat sees: the Malice pool and, with a villain on the field, the
/// villain actions left.
fn director_secrets(state: &StateView) -> String {
    let mut line = format!("Malice {}", state.malice.current);
    if let Some(left) = state.villain_actions_left() {
        line.push_str(&format!(", villain actions left {left}"));
    }
    line
}

/// After a Director creature's name: the Director's Malice and villain actions left (only
/// when `director`), and a minion's squad: its shared pool, members left and the damage that
/// drops the next one (seed 002 L4378-4386), which everyone sees.
fn director_line(state: &StateView, creature: Option<&CreatureView>, director: bool) -> String {
    let mut parts = Vec::new();
    if director {
        parts.push(director_secrets(state));
    }
    if let Some(squad) = creature
        .and_then(|c| c.squad.as_ref())
        .and_then(|id| state.squads.iter().find(|s| &s.id == id))
    {
        let mut line = format!(
            "squad {}: pool {} ({} left, {} to the next drop)",
            squad.id, squad.pool, squad.alive, squad.to_next_drop
        );
        if let Some(captain) = &squad.captain {
            line.push_str(&format!(", captain {captain}"));
        }
        parts.push(line);
    }
    if parts.is_empty() {
        String::new()
    } else {
        format!(" - {}", parts.join(", "))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::{Command, scenario};

    #[test]
    fn the_hint_line_names_the_keys_of_a_turn_and_where_the_rest_are() {
        let line = hints(&Bindings::default());
        for part in [
            "1-8 abilities",
            "end turn",
            "Z undo",
            "X explain",
            "F1 all keys",
        ] {
            assert!(line.contains(part), "{part:?} missing from {line:?}");
        }
        // One line under the board at 1280 x 800 (it wraps past 114 characters), not the
        // forty actions of the key list.
        assert!(
            line.chars().count() <= 112,
            "{} {line:?}",
            line.chars().count()
        );
    }

    #[test]
    fn a_refusal_reads_as_words_with_the_rules_seed_lines() {
        let d = crate::scenarios::DEFAULT;
        let mut engine = scenario::load(d.file, d.text).unwrap().start(Some(7));
        // Who goes first is still to be chosen: any other command is refused.
        let Err(e) = engine.apply(Command::StartTurn {
            creature: "brann".into(),
        }) else {
            panic!("refused");
        };
        let shown = refusal(&Feedback::Refused(e.clone()));
        assert!(shown.starts_with("Refused: "), "{shown}");
        assert!(shown.ends_with(&format!("({})", e.rule.seed)), "{shown}");
        assert_eq!(
            for_players(
                "p's slam 3 on t must be placed first (in a command file: ForceMove(forcer: \"p\"))"
            ),
            "p's slam 3 on t must be placed first"
        );
    }

    /// The state of a built-in demonstration after the first `n` commands of its script.
    fn demo_after(name: &str, n: usize) -> StateView {
        let s = crate::scenarios::by_name(name).expect("built in");
        let scenario = scenario::load(s.file, s.text).expect("loads");
        let mut engine = scenario.start(None);
        for placed in scenario.demo_commands().into_iter().take(n) {
            engine.apply(placed.command).expect("the script plays");
        }
        engine.state()
    }

    #[test]
    fn malice_and_villain_actions_show_only_on_the_directors_seat() {
        // Brann's turn has ended: the Director's pick, where a villain action may come.
        let pick = demo_after("demo_villain_action", 4);
        assert_eq!(turn_line(&pick, false).0, "Director's pick");
        assert_eq!(
            turn_line(&pick, true).0,
            "Director's pick - Malice 4, villain actions left 3"
        );
        // Grasping Roots used (Brann lets its trigger pass), then the Warden's own turn.
        let turn = demo_after("demo_villain_action", 7);
        assert_eq!(turn_line(&turn, false).0, "Briar Warden's turn");
        assert_eq!(
            turn_line(&turn, true).0,
            "Briar Warden's turn - Malice 4, villain actions left 2"
        );
        // Whose turn it is shows on both seats.
        assert_eq!(describe(HudField::Turn, &turn, false).1, DIRECTOR);
    }

    #[test]
    fn a_squads_pool_shows_on_both_seats_the_malice_only_on_the_directors() {
        let minion = demo_after("demo_squad_area", 6);
        let squad = "squad rabble: pool 12 (3 left, 4 to the next drop)";
        assert_eq!(
            turn_line(&minion, false).0,
            format!("Bramble Rabble's turn - {squad}")
        );
        assert_eq!(
            turn_line(&minion, true).0,
            format!("Bramble Rabble's turn - Malice 3, {squad}")
        );
        // No villain on the field: no villain actions to count.
        assert_eq!(minion.villain_actions_left(), None);
        // A hero's turn shows the hero's own resources, never the Director's.
        let hero = demo_after("demo_squad_area", 2);
        assert!(!turn_line(&hero, true).0.contains("Malice"));
    }

    #[test]
    fn prompts_follow_the_flow() {
        let src = include_str!("../../../scenarios/mill_ambush.ron");
        let Ok(scenario) = scenario::load("mill_ambush.ron", src) else {
            panic!("the sample scenario loads");
        };
        let mut engine = scenario.start(None);
        let mode = PlayMode::default();
        assert!(prompt(&engine.state(), &mode).contains("H = heroes first"));
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            assert!(engine.apply(command).is_ok());
        }
        assert_eq!(
            prompt(&engine.state(), &mode),
            "Brann: click a square to move, an enemy to free strike"
        );
        let aiming = PlayMode {
            tool: Tool::Ability(1),
            ..PlayMode::default()
        };
        assert_eq!(
            prompt(&engine.state(), &aiming),
            "Brann: Shield Slam (Melee 1, main action (3 res)) - click a target (2: back)"
        );
    }
}
