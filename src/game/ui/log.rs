//! The log panel on the right: the encounter's last events (the explainer and replays keep the
//! rest), one readable line each with the rule that produced it dimmed after it, each round and
//! turn under a heading. The mouse wheel over
//! the panel scrolls it; it follows the newest line until scrolled up, and again once scrolled
//! back to the bottom.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::ability::hero_token::TokenBenefit;
use steelgrid_rules::ability::zone::{ZoneDuration, ZoneGround};
use steelgrid_rules::creature::{ActionKind, Side};
use steelgrid_rules::engine::CreatureView;
use steelgrid_rules::event::{Event, Outcome, Overridden};
use steelgrid_rules::grid::Square;
use steelgrid_rules::power_roll::test_roll::TestOutcome;
use steelgrid_rules::power_roll::{NetEdge, PowerRollResult};
use steelgrid_rules::trigger::Happening;

use super::hud::{BAR, MUTED, TEXT, TITLE};
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::handoff::DirectorView;
use crate::game::ui::tracker::TurnTracker;
use crate::game::view::camera::LOG_PANEL_PX;
use crate::game::view::cursor::STATUS_BAR_PX;
use crate::game::view::input::WheelScrolls;
use crate::game::{CurrentState, Rules};

/// The most events the panel holds, about two rounds of the default battle: the oldest go as
/// new ones come (every line is a text node the UI lays out and draws).
const KEPT: usize = 150;

/// Pixels the wheel scrolls the log by per notch.
const PIXELS_PER_NOTCH: f32 = 48.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<LogHighlight>()
        .add_systems(Startup, spawn_panel)
        .add_systems(
            Update,
            (
                (
                    forget_highlight.run_if(resource_changed::<CurrentState>),
                    scroll_log,
                    click_line,
                )
                    .chain()
                    .in_set(crate::game::BattleSystems::Input),
                fill_panel
                    .in_set(crate::game::BattleSystems::Present)
                    .run_if(
                        resource_changed::<CurrentState>.or_else(resource_changed::<DirectorView>),
                    ),
            ),
        );
}

/// The column the log lines go in, scrolled by the wheel; `following` while it shows the
/// newest line.
#[derive(Component)]
struct LogLines {
    following: bool,
}

/// What the column shows: how many events from the log's start, the first and last of them
/// (the first tells another battle whose log begins alike), and for which eyes, so that new
/// events are added to it rather than the whole log redrawn.
#[derive(Default)]
struct Shown {
    count: usize,
    first: Option<steelgrid_rules::LoggedEvent>,
    last: Option<steelgrid_rules::LoggedEvent>,
    director: bool,
}

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(STATUS_BAR_PX),
                right: px(0),
                bottom: px(0),
                width: px(LOG_PANEL_PX),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(8),
                ..default()
            },
            BackgroundColor(BAR),
            RelativeCursorPosition::default(),
            WheelScrolls,
        ))
        .with_children(|panel| {
            panel.spawn((
                TurnTracker,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            panel.spawn((
                super::legend::Legend,
                Node {
                    flex_wrap: FlexWrap::Wrap,
                    align_items: AlignItems::Center,
                    column_gap: px(10),
                    row_gap: px(4),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            panel.spawn((
                Text::new("Log (click a line)"),
                TextFont {
                    font_size: FontSize::Px(17.0),
                    ..default()
                },
                TextColor(TITLE),
            ));
            panel.spawn((
                LogLines { following: true },
                Node {
                    flex_direction: FlexDirection::Column,
                    flex_grow: 1.0,
                    min_height: px(0),
                    row_gap: px(5),
                    overflow: Overflow::scroll_y(),
                    ..default()
                },
                ScrollPosition(Vec2::new(0.0, BOTTOM)),
            ));
        });
}

/// A scroll offset past any content: the layout clamps it to the bottom.
const BOTTOM: f32 = 1.0e7;

/// The wheel over the panel scrolls the log (and not the board's zoom). Scrolled to the
/// bottom, the log follows new lines again.
fn scroll_log(
    controls: Single<&ActionState<Action>, With<Controls>>,
    wheel: Res<AccumulatedMouseScroll>,
    panel: Single<&RelativeCursorPosition, With<WheelScrolls>>,
    column: Single<(&mut LogLines, &mut ScrollPosition, &ComputedNode)>,
) {
    let delta = controls.value(&Action::Zoom);
    if delta == 0.0 || !panel.cursor_over() {
        return;
    }
    let pixels = match wheel.unit {
        MouseScrollUnit::Line => delta * PIXELS_PER_NOTCH,
        MouseScrollUnit::Pixel => delta,
    };
    let (mut lines, mut scroll, node) = column.into_inner();
    let scale = node.inverse_scale_factor();
    let now = node.scroll_position.y * scale;
    let bottom = ((node.content_size.y - node.size.y) * scale).max(0.0);
    let next = (now - pixels).clamp(0.0, bottom);
    lines.following = next >= bottom - 1.0;
    scroll.y = if lines.following { BOTTOM } else { next };
}

fn fill_panel(
    mut commands: Commands,
    rules: Res<Rules>,
    state: Res<CurrentState>,
    view: Res<DirectorView>,
    column: Single<(Entity, &LogLines, &mut ScrollPosition, Option<&Children>)>,
    mut shown: Local<Shown>,
) {
    let log = rules.0.engine().log();
    let (column, lines, mut scroll, children) = column.into_inner();
    // The log went on from what is shown: only the new events are added. Otherwise (undo, a
    // what-if branch, another battle, other eyes) the column is drawn again.
    let goes_on = shown.director == view.0
        && log.len() >= shown.count
        && shown.count.checked_sub(1).map(|i| &log[i]) == shown.last.as_ref()
        && log.first() == shown.first.as_ref();
    let from = if goes_on {
        shown.count
    } else {
        commands.entity(column).despawn_related::<Children>();
        log.len().saturating_sub(KEPT)
    };
    let kept = if goes_on {
        children.map_or(0, |c| c.len())
    } else {
        0
    };
    let added = log.len() - from;
    if let Some(children) = children.filter(|_| goes_on) {
        for old in children.iter().take((kept + added).saturating_sub(KEPT)) {
            commands.entity(old).despawn();
        }
    }
    commands.entity(column).with_children(|column| {
        for e in &log[from..] {
            spawn_line(column, e, &state.0, view.0);
        }
    });
    *shown = Shown {
        count: log.len(),
        first: log.first().cloned(),
        last: log.last().cloned(),
        director: view.0,
    };
    if lines.following {
        scroll.y = BOTTOM;
    }
}

/// One event's line; a round's or a turn's beginning is a heading over what follows.
fn spawn_line(
    column: &mut ChildSpawnerCommands,
    e: &steelgrid_rules::LoggedEvent,
    state: &StateView,
    director: bool,
) {
    let heading = matches!(
        e.event,
        Event::RoundStarted { .. } | Event::TurnStarted { .. } | Event::EncounterStarted { .. }
    );
    let (size, color, gap) = match heading {
        true => (14.0, TITLE, 6.0),
        false => (13.0, TEXT, 0.0),
    };
    column
        .spawn((
            Text::new(seen_line(&e.event, state, director)),
            LogSquares(event_squares(&e.event, state)),
            Interaction::default(),
            TextFont {
                font_size: FontSize::Px(size),
                ..default()
            },
            TextColor(color),
            Node {
                margin: UiRect::top(px(gap)),
                ..default()
            },
        ))
        .with_child((
            TextSpan::new(format!("  - {}", e.rule.id)),
            TextFont {
                font_size: FontSize::Px(11.0),
                ..default()
            },
            TextColor(MUTED),
        ));
}

/// The squares a log line is about, shown on the board when it is clicked.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
struct LogSquares(Vec<Square>);

/// The squares of the log line last clicked, outlined on the board until another line (or the
/// same one again) is clicked or the battle moves on.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct LogHighlight(pub Vec<Square>);

/// Where an event happened: every square it names (a path, an area, where a push ended) and
/// the space of every creature it names, where that creature stands now.
fn event_squares(event: &Event, state: &StateView) -> Vec<Square> {
    fn walk(value: &serde_json::Value, state: &StateView, found: &mut Vec<Square>) {
        use serde_json::Value;
        match value {
            Value::Object(fields) => {
                let coordinate = |k: &str| fields.get(k).and_then(Value::as_i64);
                if let (2, Some(x), Some(y)) = (fields.len(), coordinate("x"), coordinate("y")) {
                    found.push(Square::new(x as i32, y as i32));
                    return;
                }
                fields.values().for_each(|v| walk(v, state, found));
            }
            Value::Array(items) => items.iter().for_each(|v| walk(v, state, found)),
            Value::String(id) => {
                if let Some(c) = state.creatures.iter().find(|c| &c.id == id) {
                    found.extend(c.footprint.iter().copied());
                }
            }
            _ => {}
        }
    }
    let mut found = Vec::new();
    if let Ok(value) = serde_json::to_value(event) {
        walk(&value, state, &mut found);
    }
    found.sort();
    found.dedup();
    found
}

/// A click on a log line outlines its squares; a second click on it takes them away.
fn click_line(
    lines: Query<(&Interaction, &LogSquares), Changed<Interaction>>,
    mut highlight: ResMut<LogHighlight>,
) {
    for (interaction, squares) in &lines {
        if *interaction == Interaction::Pressed {
            let again = highlight.0 == squares.0;
            highlight.0 = if again { Vec::new() } else { squares.0.clone() };
        }
    }
}

/// The battle moved on (the log grew or was undone): the highlight of an older line goes.
fn forget_highlight(
    rules: Res<Rules>,
    mut highlight: ResMut<LogHighlight>,
    mut seen: Local<usize>,
) {
    let now = rules.0.engine().log().len();
    if now != *seen {
        *seen = now;
        if !highlight.0.is_empty() {
            highlight.0.clear();
        }
    }
}

/// A short name for a creature: a hero's first name, otherwise its id (`cutter2`).
pub fn short_name(state: &StateView, id: &str) -> String {
    match state.creatures.iter().find(|c| c.id == id) {
        Some(CreatureView {
            hero: true, name, ..
        }) => name.split_whitespace().next().unwrap_or(id).to_owned(),
        _ => id.to_owned(),
    }
}

/// A square as `(x,y)`.
pub fn sq(s: Square) -> String {
    format!("({},{})", s.x, s.y)
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Heroes => "Heroes",
        Side::Director => "Director",
    }
}

/// The rules' text with the few non-ASCII signs it uses replaced: the default font has only
/// ASCII glyphs.
pub fn ascii(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for ch in text.chars() {
        match ch {
            '−' | '–' | '—' => out.push('-'),
            '→' => out.push_str("->"),
            '×' => out.push('x'),
            '…' => out.push_str("..."),
            '≤' => out.push_str("<="),
            '≥' => out.push_str(">="),
            c if c.is_ascii() => out.push(c),
            _ => out.push('?'),
        }
    }
    out
}

/// One event as the screen shows it: [`line`], except that the Director's Malice amounts (what
/// was gained, spent, kept or lost, and what is left) are left out unless `director`: the
/// Director's seat is looking, or no one from whom to hide them.
pub fn seen_line(event: &Event, state: &StateView, director: bool) -> String {
    if director {
        return line(event, state);
    }
    let n = |id: &str| short_name(state, id);
    let text = match event {
        Event::MaliceGained { .. } => "The Director gains Malice".to_owned(),
        Event::MaliceSpent {
            creature,
            feature,
            effect,
            ..
        } => format!("{} spends Malice on {feature}: {effect}", n(creature)),
        Event::MaliceKept { creature, .. } => {
            format!("{} keeps its Malice: every target resisted", n(creature))
        }
        Event::MaliceLost { .. } => {
            "The encounter is over: the Director's unspent Malice is lost".to_owned()
        }
        Event::DirectorOverride {
            what: Overridden::Malice { .. },
        } => "Director override: the Director's Malice changes".to_owned(),
        other => return line(other, state),
    };
    ascii(&text)
}

/// The name of `id`'s heroic resource: its class's (Wrath, Piety, …) or "heroic resource".
fn resource<'a>(state: &'a StateView, id: &str) -> &'a str {
    state
        .creatures
        .iter()
        .find(|c| c.id == id)
        .map_or("heroic resource", |c| c.resource_name())
}

/// One event as a readable line (without its rule id).
pub fn line(event: &Event, state: &StateView) -> String {
    let n = |id: &str| short_name(state, id);
    let text = match event {
        Event::EncounterStarted { scenario, seed } => format!("{scenario} begins (seed {seed})"),
        Event::Surprised { creature } => format!("{} is surprised", n(creature)),
        Event::SurpriseEnded { creature } => format!("{} is no longer surprised", n(creature)),
        Event::FirstSideAutomatic { side } => format!("{} go first", side_name(*side)),
        Event::FirstSideRolled { roll, chooser } => {
            format!("first-side d10 = {roll}: {} choose", side_name(*chooser))
        }
        Event::FirstSideChosen { side, chooser } => {
            format!(
                "{} chose: {} go first",
                side_name(*chooser),
                side_name(*side)
            )
        }
        Event::RoundStarted { round } => format!("Round {round} starts"),
        Event::RoundEnded { round } => format!("Round {round} ends"),
        Event::NextToAct {
            side,
            group,
            back_to_back,
        } => {
            let group = group
                .as_ref()
                .map_or(String::new(), |g| format!(" (group {g})"));
            let again = if *back_to_back { ", back to back" } else { "" };
            format!("next pick: {}{group}{again}", side_name(*side))
        }
        Event::TurnStarted { creature, .. } => format!("{} starts a turn", n(creature)),
        Event::TurnEnded { creature } => format!("{} ends the turn", n(creature)),
        Event::ActionUsed {
            creature,
            action,
            traded_main,
        } => {
            let traded = if *traded_main { " (for the main)" } else { "" };
            let action = format!("{action:?}").to_lowercase();
            format!("{} uses a {action} action{traded}", n(creature))
        }
        Event::Moved {
            creature,
            from,
            to,
            cost,
            ..
        } => format!(
            "{} moved {}->{} cost {cost}",
            n(creature),
            sq(*from),
            sq(*to)
        ),
        Event::PowerRolled {
            creature,
            ability,
            target,
            roll,
        } => format!(
            "{} {ability} vs {}: {}",
            n(creature),
            n(target),
            roll_words(roll, &characteristic_name(state, creature, ability, roll))
        ),
        Event::ExtraMainAction { creature } => format!("{} gains a main action", n(creature)),
        Event::FreeStrikeHit {
            attacker,
            target,
            ranged,
            damage,
            damage_type,
            ..
        } => {
            let how = if *ranged {
                "ranged free strike"
            } else {
                "free strike"
            };
            let kind = damage_type
                .map(|k| format!(" {k:?}").to_lowercase())
                .unwrap_or_default();
            format!("{} {how} on {}: {damage}{kind}", n(attacker), n(target))
        }
        Event::FreeStrikesCombined {
            attackers,
            target,
            damage,
            captain_bonus,
            ..
        } => {
            let names: Vec<String> = attackers.iter().map(|a| n(a)).collect();
            let bonus = if *captain_bonus > 0 {
                format!(" (captain +{captain_bonus})")
            } else {
                String::new()
            };
            format!(
                "{} free strike {} together: one strike of {damage}{bonus}",
                names.join(", "),
                n(target)
            )
        }
        Event::Damaged {
            target,
            amount,
            stamina_before,
            stamina_after,
            immune,
            ..
        } if !immune => format!(
            "{} takes {amount} damage, Stamina {stamina_before}->{stamina_after}",
            n(target)
        ),
        Event::Damaged { target, .. } => format!("{} is immune", n(target)),
        Event::StaminaRegained {
            creature,
            amount,
            stamina_before,
            stamina_after,
        } => format!(
            "{} regains {amount} Stamina, {stamina_before}->{stamina_after}",
            n(creature)
        ),
        Event::RecoverySpent { creature, left } => {
            format!("{} spends a Recovery ({left} left)", n(creature))
        }
        Event::VitalityChanged { creature, to, .. } => {
            format!("{} is {}", n(creature), format!("{to:?}").to_lowercase())
        }
        Event::DiceScripted { faces } => format!("dice scripted: {faces:?}"),
        Event::WhatIfBranch { .. } => {
            "What-if branch: from here the dice roll for the branch alone".to_owned()
        }
        Event::ForcedMoved {
            target, derivation, ..
        } => format!("{}: {}", n(target), derivation.join(" | ")),
        Event::Slammed {
            creature,
            amount,
            note,
        } => format!("{} takes {amount}: {note}", n(creature)),
        Event::ObjectDestroyed { square } => format!("the object at {} breaks", sq(*square)),
        Event::Fell {
            creature,
            height,
            effective,
            damage,
            landed_on,
            ..
        } => {
            let onto = landed_on
                .as_ref()
                .map_or(String::new(), |o| format!(" onto {}", n(o)));
            format!(
                "{} falls {height} (counts {effective}){onto}: {damage} damage",
                n(creature)
            )
        }
        Event::StillFalling {
            creature,
            dropped,
            left,
        } => format!("{} drops {dropped} squares, still {left} up", n(creature)),
        Event::ChoosingLanding {
            creature,
            on,
            squares,
        } => format!(
            "{} chooses where beside {} it lands: {}",
            n(creature),
            n(on),
            squares.iter().map(|s| sq(*s)).collect::<Vec<_>>().join(" ")
        ),
        Event::Landed { creature, to, .. } => format!("{} lands at {}", n(creature), sq(*to)),
        Event::DamageHalved {
            creature,
            ability,
            damage,
            halved,
            ..
        } => format!(
            "{}'s {damage} damage is halved to {halved} ({ability})",
            n(creature)
        ),
        Event::LastStand { broken } => format!(
            "the Director's forces break (Last-Stand Stamina): {} drop to 1 Stamina",
            if broken.is_empty() {
                "none".to_owned()
            } else {
                broken.iter().map(|c| n(c)).collect::<Vec<_>>().join(", ")
            }
        ),
        Event::ForcedMovementPending { pending } => format!(
            "{} to place the {} {} of {}",
            n(&pending.forcer),
            pending.kind.name(),
            pending.distance,
            n(&pending.target)
        ),
        Event::TriggerWindowOpened { happening, waiting } => {
            let what = match happening {
                Happening::Damaged { creature, by, .. } => {
                    format!("{} took damage from {}", n(creature), n(by))
                }
                Happening::TurnStarted { creature } => format!("{} started its turn", n(creature)),
                Happening::Targeted {
                    creature,
                    by,
                    ability,
                    ..
                } => format!("{} targets {} with {ability}", n(by), n(creature)),
                Happening::Leaving { creature } => {
                    format!("{} is leaving, open to an opportunity attack", n(creature))
                }
            };
            let who: Vec<String> = waiting.iter().map(|c| n(c)).collect();
            format!("{what}: {} may answer or pass", who.join(", "))
        }
        Event::TriggerAnswered {
            creature,
            ability,
            trigger,
            free,
        } => format!(
            "{} answers with {ability} ({}: {trigger})",
            n(creature),
            if *free {
                "free triggered action"
            } else {
                "triggered action"
            }
        ),
        Event::TriggerPassed { creature } => format!("{} lets the moment pass", n(creature)),
        Event::OpportunityAttack {
            attacker,
            target,
            at,
        } => format!(
            "{} opportunity attack on {} at {}",
            n(attacker),
            n(target),
            sq(*at)
        ),
        Event::ConditionGained {
            creature,
            condition,
        } => format!("{} is {condition}", n(creature)),
        Event::ConditionEnded {
            creature,
            condition,
        } => format!("{} is no longer {condition}", n(creature)),
        Event::EffectStarted { creature, effect } => format!("{} is {effect}", n(creature)),
        Event::EffectEnded { creature, effect } => format!("{} is no longer {effect}", n(creature)),
        Event::EncounterEnded { outcome } => match outcome {
            Outcome::Victory => "Victory: the encounter is over".into(),
            Outcome::Defeat => "Defeat: the encounter is over".into(),
        },
        Event::AbilityUsed {
            creature,
            ability,
            distance,
            targets,
            objects,
            ..
        } => {
            let names: Vec<String> = targets
                .iter()
                .map(|t| n(t))
                .chain(objects.iter().map(|&s| format!("the object at {}", sq(s))))
                .collect();
            format!(
                "{} uses {ability} ({distance}) on {}",
                n(creature),
                if names.is_empty() {
                    "nobody".to_owned()
                } else {
                    names.join(", ")
                }
            )
        }
        Event::AbilityOutcome {
            target, tier, text, ..
        } => match tier {
            Some(t) => format!("{}: tier {}: {text}", n(target), t.number()),
            None => format!("{}: {text}", n(target)),
        },
        Event::PotencyChecked {
            target,
            characteristic,
            score,
            potency,
            lands,
        } => format!(
            "potency {}: {} has {score} against {potency}, so it {}",
            steelgrid_rules::ability::characteristic_letter(*characteristic),
            n(target),
            if *lands { "lands" } else { "is resisted" }
        ),
        Event::ObjectDamaged {
            square,
            amount,
            left,
        } => format!(
            "the object at {} takes {amount} damage ({left} left)",
            sq(*square)
        ),
        Event::ConsumableUsed {
            creature,
            item,
            left,
        } => format!("{} uses up a {item} ({left} left)", n(creature)),
        Event::Hid { creature, from } => {
            let names: Vec<String> = from.iter().map(|f| n(f)).collect();
            format!("{} hides from {}", n(creature), names.join(", "))
        }
        Event::Revealed { creature } => format!("{} gives itself away", n(creature)),
        Event::CoverLost { creature, seen_by } => {
            let names: Vec<String> = seen_by.iter().map(|f| n(f)).collect();
            format!(
                "{} loses cover: {} can see it",
                n(creature),
                names.join(", ")
            )
        }
        Event::Searched {
            searcher,
            hidden,
            search_total,
            hide_total,
            found,
        } => format!(
            "{} searches: {search_total} against {}'s {hide_total}: {}",
            n(searcher),
            n(hidden),
            if *found { "found" } else { "still hidden" }
        ),
        Event::PointedOut {
            searcher,
            hidden,
            to,
        } => {
            let names: Vec<String> = to.iter().map(|f| n(f)).collect();
            format!(
                "{} points out {} to {}",
                n(searcher),
                n(hidden),
                names.join(", ")
            )
        }
        Event::AreaPlaced {
            creature,
            ability,
            squares,
            aura,
            lasting,
        } => {
            let what = match (aura, lasting.ground) {
                (Some(r), _) => format!("a {r} aura"),
                (None, Some(ZoneGround::Wall)) => format!("a wall of {} squares", squares.len()),
                (None, Some(ZoneGround::Difficult)) => {
                    format!("{} squares of difficult ground", squares.len())
                }
                (None, Some(ZoneGround::Damaging(d))) => {
                    format!("{} squares of damaging ground ({d})", squares.len())
                }
                (None, None) => format!("an area of {} squares", squares.len()),
            };
            let until = match lasting.duration {
                ZoneDuration::EndOfYourNextTurn => "until the end of its next turn",
                ZoneDuration::EndOfEncounter => "until the encounter ends",
            };
            format!("{}'s {ability} leaves {what} {until}", n(creature))
        }
        Event::AreaDamage {
            creature,
            ability,
            amount,
        } => format!(
            "{} starts its turn in {ability}: {amount} damage",
            n(creature)
        ),
        Event::AreaEnded { creature, ability } => {
            format!("{}'s {ability} is gone", n(creature))
        }
        Event::HeroTokenSpent {
            creature,
            benefit,
            left,
        } => format!(
            "{} spends {} for {} ({left} left)",
            n(creature),
            if benefit.cost() == 1 {
                "a hero token"
            } else {
                "2 hero tokens"
            },
            match benefit {
                TokenBenefit::Surges => "2 surges",
                TokenBenefit::Save => "a successful save",
                TokenBenefit::Stamina => "Stamina",
                TokenBenefit::Reroll => "a reroll",
            }
        ),
        Event::SurgesGained { creature, now, .. } => format!("{} has {now} surges", n(creature)),
        Event::SurgesLost { creature, amount } => {
            format!(
                "{} loses {amount} unspent surges: combat is over",
                n(creature)
            )
        }
        Event::SurgesSpent {
            creature,
            damage,
            damage_target,
            potency,
            left,
        } => {
            let mut on = Vec::new();
            if let Some(t) = damage_target.as_deref().filter(|_| *damage > 0) {
                on.push(format!("{damage} on {}'s damage", n(t)));
            }
            for t in potency {
                on.push(format!("2 for +1 potency against {}", n(t)));
            }
            format!(
                "{} spends surges: {} ({left} left)",
                n(creature),
                on.join(", ")
            )
        }
        Event::ResourceGained {
            creature,
            amount,
            now,
            because,
        } => format!(
            "{} gains {amount} {} ({now}){}",
            n(creature),
            resource(state, creature),
            because.map_or(String::new(), |b| format!(": {}", b.words()))
        ),
        Event::ResourceKept { creature, amount } => format!(
            "{} keeps the {amount} {}: every target resisted the extra",
            n(creature),
            resource(state, creature)
        ),
        Event::ResourceSpent {
            creature,
            amount,
            left,
        } => format!(
            "{} spends {amount} {} ({left} left{})",
            n(creature),
            resource(state, creature),
            if *left < 0 { ", strained" } else { "" }
        ),
        Event::MaliceGained {
            amount,
            now,
            reason,
        } => format!("The Director gains {amount} Malice for {reason} ({now})"),
        Event::MaliceSpent {
            creature,
            feature,
            amount,
            left,
            effect,
        } => format!(
            "{} spends {amount} Malice on {feature}: {effect} ({left} left)",
            n(creature)
        ),
        Event::MaliceKept { creature, amount } => format!(
            "{} keeps the {amount} Malice: every target resisted",
            n(creature)
        ),
        Event::MaliceBoostUsed {
            creature,
            feature,
            target,
            amount,
        } => match target {
            Some(t) => format!("{feature}: {} deals +{amount} to {}", n(creature), n(t)),
            None => format!("{feature}: {} has potency +{amount}", n(creature)),
        },
        Event::SquadStrikeJoined {
            squad,
            minion,
            target,
        } => format!(
            "{} joins squad {squad}'s strike on {}",
            n(minion),
            n(target)
        ),
        Event::SquadGangedUp {
            squad,
            target,
            members,
            extra,
        } => format!(
            "Squad {squad}: {members} members on {} add +{extra} to its one hit",
            n(target)
        ),
        Event::SquadMainActionSpent { minion, main_left } => format!(
            "{}'s main action went to the squad's strike ({main_left} left)",
            n(minion)
        ),
        Event::SquadDamaged {
            squad,
            hits,
            weakness,
            immunity,
            capped,
            amount,
            pool_after,
            killed,
            ..
        } => {
            let mut text = format!("Squad {squad} takes {amount} ({} hit", hits.len());
            if *weakness > 0 {
                text.push_str(&format!(", weakness +{weakness} once"));
            }
            if *immunity > 0 {
                text.push_str(&format!(", immunity -{immunity} once"));
            }
            if let Some(c) = capped {
                text.push_str(&format!(", area limit {c}"));
            }
            text.push_str(&format!("): pool {pool_after}"));
            if !killed.is_empty() {
                let names: Vec<String> = killed.iter().map(|k| n(k)).collect();
                text.push_str(&format!(", {} drop", names.join(", ")));
            }
            text
        }
        Event::CaptainLost { squad, captain } => {
            format!("Squad {squad} loses its captain {}", n(captain))
        }
        Event::CaptainAppointed { squad, captain } => {
            format!("{} takes command of squad {squad}", n(captain))
        }
        Event::MaliceLost { amount } => {
            format!("The encounter is over: the Director's {amount} unspent Malice is lost")
        }
        Event::TemporaryStaminaGained { creature, now, .. } => {
            format!("{} has {now} temporary Stamina", n(creature))
        }
        Event::TemporaryStaminaExpired { creature, amount } => {
            format!("{}'s {amount} temporary Stamina fades", n(creature))
        }
        Event::ForcedMovementPrevented { reason, .. } => reason.clone(),
        Event::SavingThrow {
            creature,
            condition,
            roll,
            saved,
        } => format!(
            "{} saves against {condition}: d10 = {roll}, {}",
            n(creature),
            if *saved { "it ends" } else { "it goes on" }
        ),
        Event::Strained {
            creature,
            resource: below,
            amount,
            stamina,
        } => format!(
            "{} is strained ({} {below}): loses {amount} Stamina ({stamina} left)",
            n(creature),
            resource(state, creature)
        ),
        Event::StaminaLost {
            creature,
            amount,
            stamina,
            ..
        } => format!("{} bleeds {amount} Stamina ({stamina} left)", n(creature)),
        Event::ObjectiveMet { objective, .. } => format!("Objective met: {objective}"),
        Event::ObjectiveFailed {
            objective, reason, ..
        } => format!("Objective failed: {objective} ({reason})"),
        Event::ObjectiveProgress {
            objective,
            note,
            count,
            of,
            ..
        } => format!("{objective}: {note} ({count}/{of})"),
        Event::Fled { creature, zone, .. } => format!("{} flees by the {zone}", n(creature)),
        Event::ScriptFired { when, .. } => format!("Scripted event: {when}"),
        Event::Narrated { text } => text.clone(),
        Event::TestMade { .. } => test_line(event, &n),
        Event::TestCalled {
            task,
            characteristic,
            difficulty,
            zone,
            action,
        } => format!(
            "Test called: {task}, {characteristic:?} ({difficulty:?}), {}{}",
            if *action == ActionKind::Maneuver {
                "a maneuver"
            } else {
                "a main action"
            },
            zone.as_ref()
                .map_or(String::new(), |z| format!(", in the {z}"))
        ),
        Event::HeroTokensGained { creature, now, .. } => format!(
            "{}'s reward: the heroes gain a hero token ({now} now)",
            n(creature)
        ),
        Event::Spawned { creature, at, .. } => format!("{} arrives at {}", n(creature), sq(*at)),
        Event::TerrainChanged { squares, terrain } => {
            format!("{} squares become {}", squares.len(), terrain.name())
        }
        Event::VictoriesGained {
            creature,
            amount,
            now,
            reason,
        } => format!(
            "{} {} {} Victor{} for {reason} ({now} now)",
            n(creature),
            if *amount < 0 { "loses" } else { "gains" },
            amount.unsigned_abs(),
            if amount.unsigned_abs() == 1 {
                "y"
            } else {
                "ies"
            }
        ),
        Event::RespiteFinished {
            creature,
            recoveries,
            stamina,
            xp,
            xp_total,
        } => format!(
            "{} rests: +{recoveries} Recoveries, +{stamina} Stamina, {xp} Victories become XP ({xp_total} XP)",
            n(creature)
        ),
        Event::RespiteCutShort { hours } => {
            format!("The respite is cut short after {hours} hours: no benefit")
        }
        Event::MontageStarted {
            task,
            difficulty,
            successes,
            failures,
            rounds,
        } => format!(
            "Montage: {task} ({difficulty:?}): {successes} successes before {failures} failures, in {rounds} rounds"
        ),
        Event::MontageProgress {
            round,
            successes,
            failures,
            ..
        } => format!(
            "Montage round {round}: {successes} success{}, {failures} failure{}",
            if *successes == 1 { "" } else { "es" },
            if *failures == 1 { "" } else { "s" }
        ),
        Event::MontageEnded {
            task,
            outcome,
            victories,
        } => format!("Montage over: {task}: {outcome:?}, {victories} Victories each"),
        Event::DirectorOverride { what } => override_line(what, &n),
    };
    ascii(&text)
}

/// A Director override as the log reads it: `Director override: ogre's Stamina 60 -> 12 (of
/// 60)`.
fn override_line(what: &Overridden, n: &dyn Fn(&str) -> String) -> String {
    let said = match what {
        Overridden::Stamina {
            creature,
            from,
            to,
            max,
        } => format!("{}'s Stamina {from} -> {to} (of {max})", n(creature)),
        Overridden::ConditionAdded {
            creature,
            condition,
        } => format!("{} is {condition}", n(creature)),
        Overridden::ConditionRemoved {
            creature,
            condition,
        } => format!("{} is no longer {condition}", n(creature)),
        Overridden::Placed { creature, from, to } => {
            format!(
                "{} is put at {} (was at {})",
                n(creature),
                sq(*to),
                sq(*from)
            )
        }
        Overridden::CreatureAdded { creature, side, at } => format!(
            "{} joins the {} at {}",
            n(creature),
            match side {
                Side::Heroes => "heroes",
                Side::Director => "Director's creatures",
            },
            sq(*at)
        ),
        Overridden::Malice { amount, now } => format!(
            "the Director {} {} Malice ({now} now)",
            if *amount < 0 { "loses" } else { "gains" },
            amount.unsigned_abs()
        ),
    };
    format!("Director override: {said}")
}

/// `Orrin tests Agility (Medium): 2d10 7+4, +2 skill = 13, tier 2: success with a
/// consequence`, the task it answers after the difficulty.
fn test_line(event: &Event, n: &dyn Fn(&str) -> String) -> String {
    let Event::TestMade {
        creature,
        task,
        characteristic,
        difficulty,
        skill,
        roll,
        outcome,
        rerolled,
    } = event
    else {
        return String::new();
    };
    let mut sum = format!("2d10 {}{:+}", roll.natural, roll.characteristic);
    if let Some(skill) = skill {
        sum.push_str(&format!(", +2 {skill} skill"));
    }
    let outcome = match outcome {
        TestOutcome::FailureWithConsequence => "failure with a consequence",
        TestOutcome::Failure => "failure",
        TestOutcome::SuccessWithConsequence => "success with a consequence",
        TestOutcome::Success => "success",
        TestOutcome::SuccessWithReward => "success with a reward",
    };
    format!(
        "{} {} {characteristic:?} ({difficulty:?}){}: {sum} = {}, tier {}: {outcome}",
        n(creature),
        if *rerolled { "rerolls" } else { "tests" },
        task.as_ref().map_or(String::new(), |t| format!(" to {t}")),
        roll.total,
        roll.tier.number()
    )
}

/// `8+7+2=17 tier 3`: the dice, then every modifier, the total and the tier.
/// A power roll as a sentence of its parts: `2d10 7 (3+4) + Might 2 + edge 2 = 11 -> tier 2`,
/// the dice first, each number named (seed 002 L675-697).
fn roll_words(roll: &PowerRollResult, characteristic: &str) -> String {
    let mut sum = format!("2d10 {} ({}+{})", roll.natural, roll.dice[0], roll.dice[1]);
    let edge = match roll.net {
        NetEdge::Edge => 2,
        NetEdge::Bane => -2,
        _ => 0,
    };
    let edge_name = if edge < 0 { "bane" } else { "edge" };
    for (name, term) in [
        (characteristic, roll.characteristic),
        ("bonus", roll.bonuses),
        ("penalty", -roll.penalties),
        (edge_name, edge),
    ] {
        if term != 0 {
            let sign = if term < 0 { '-' } else { '+' };
            sum.push_str(&format!(" {sign} {name} {}", term.abs()));
        }
    }
    format!(
        "{sum} = {} -> tier {}{}",
        roll.total,
        roll.tier.number(),
        roll_notes(roll)
    )
}

/// What a roll's sum leaves out: a lower tier chosen, an effect's automatic tier, a double edge
/// or bane, a critical hit.
fn roll_notes(roll: &PowerRollResult) -> String {
    let mut text = String::new();
    if roll.tier != roll.rolled_tier {
        text.push_str(&format!(" (rolled {})", roll.rolled_tier.number()));
    }
    if roll.automatic.is_some() {
        text.push_str(" (automatic, an effect's)");
    }
    match roll.net {
        NetEdge::DoubleEdge => text.push_str(", double edge"),
        NetEdge::DoubleBane => text.push_str(", double bane"),
        _ => {}
    }
    if roll.critical {
        text.push_str(", critical");
    }
    text
}

/// The name of the characteristic a roll added: of those the ability rolls with, the one with
/// the value added; otherwise the roller's only characteristic with that value; otherwise
/// "characteristic".
fn characteristic_name(
    state: &StateView,
    creature: &str,
    ability: &str,
    roll: &PowerRollResult,
) -> String {
    use steelgrid_rules::creature::Characteristic as C;
    let Some(roller) = state.creatures.iter().find(|c| c.id == creature) else {
        return "characteristic".into();
    };
    let has = |c: &C| roller.characteristics.get(*c) == roll.characteristic;
    let listed: Vec<C> = roller
        .abilities
        .iter()
        .find(|a| a.name == ability || a.id == ability)
        .map_or_else(Vec::new, |a| a.rolls_with.clone());
    let all = [C::Might, C::Agility, C::Reason, C::Intuition, C::Presence];
    let found = match listed.iter().find(|c| has(c)) {
        Some(c) => Some(*c),
        None => {
            let matching: Vec<&C> = all.iter().filter(|c| has(c)).collect();
            (matching.len() == 1).then(|| *matching[0])
        }
    };
    found.map_or_else(|| "characteristic".into(), |c| format!("{c:?}"))
}

pub(in crate::game) fn power_roll(roll: &PowerRollResult) -> String {
    let edge = match roll.net {
        NetEdge::Edge => 2,
        NetEdge::Bane => -2,
        _ => 0,
    };
    let mut sum = format!("{}+{}", roll.dice[0], roll.dice[1]);
    for term in [roll.characteristic, roll.bonuses, -roll.penalties, edge] {
        if term != 0 {
            sum.push_str(&format!("{term:+}"));
        }
    }
    format!(
        "{sum}={} tier {}{}",
        roll.total,
        roll.tier.number(),
        roll_notes(roll)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The panel's column in an app that fills it from `game` on every update.
    fn log_app(game: steelgrid_rules::record::Game) -> App {
        let mut app = App::new();
        app.insert_resource(CurrentState(game.engine().state()))
            .insert_resource(Rules(game))
            .insert_resource(DirectorView(false))
            .add_systems(Update, fill_panel);
        app.world_mut()
            .spawn((LogLines { following: true }, ScrollPosition::default()));
        app
    }

    fn lines(app: &mut App) -> Vec<(Entity, String)> {
        let world = app.world_mut();
        let children: Vec<Entity> = world
            .query_filtered::<&Children, With<LogLines>>()
            .single(world)
            .map_or_else(|_| Vec::new(), |c| c.to_vec());
        children
            .into_iter()
            .map(|e| (e, world.get::<Text>(e).unwrap().0.clone()))
            .collect()
    }

    #[test]
    fn the_log_holds_the_whole_encounter_and_adds_only_what_is_new() {
        let d = crate::scenarios::DEFAULT;
        let mut game = steelgrid_rules::record::Game::new(d.file, d.text, Some(7)).unwrap();
        game.apply(steelgrid_rules::Command::ChooseFirstSide { side: Side::Heroes })
            .unwrap();
        let mut app = log_app(game);
        app.update();
        let before = lines(&mut app);
        let log_len = app.world().resource::<Rules>().0.engine().log().len();
        assert_eq!(before.len(), log_len, "every event so far, not the last 14");
        // Brann's turn: its lines are added under the old ones, which stay as they were.
        let brann = steelgrid_rules::Command::StartTurn {
            creature: "brann".into(),
        };
        app.world_mut()
            .resource_mut::<Rules>()
            .0
            .apply(brann)
            .unwrap();
        let state = app.world().resource::<Rules>().0.engine().state();
        app.insert_resource(CurrentState(state));
        app.update();
        let after = lines(&mut app);
        assert_eq!(after[..before.len()], before[..]);
        assert!(after.len() > before.len());
        assert_eq!(after[before.len()].1, "Brann starts a turn");
        // Undone: the column is drawn again from the log as it now is.
        app.world_mut().resource_mut::<Rules>().0.undo().unwrap();
        app.update();
        let undone = lines(&mut app);
        assert_eq!(undone.len(), before.len());
        assert_ne!(undone[0].0, before[0].0, "drawn again");
    }
    use steelgrid_rules::{scenario, sim};

    fn state() -> StateView {
        let src = include_str!("../../../scenarios/mill_ambush.ron");
        let Ok(scenario) = scenario::load("mill_ambush.ron", src) else {
            panic!("the sample scenario loads");
        };
        scenario.start(None).state()
    }

    #[test]
    fn a_test_reads_its_dice_skill_total_tier_and_outcome() {
        use steelgrid_rules::creature::Characteristic;
        use steelgrid_rules::options::RulesOptions;
        use steelgrid_rules::power_roll::test_roll::{self, Difficulty, TestSpec};
        let spec = TestSpec {
            roll: steelgrid_rules::power_roll::PowerRollSpec {
                characteristic: 4,
                ..Default::default()
            },
            skill: true,
        };
        let made = test_roll::roll(&spec, Difficulty::Medium, [3, 4], &RulesOptions::default());
        let event = Event::TestMade {
            creature: "brann".into(),
            task: None,
            characteristic: Characteristic::Agility,
            difficulty: Difficulty::Medium,
            skill: Some("Sneak".into()),
            roll: made.roll,
            outcome: made.outcome,
            rerolled: false,
        };
        assert_eq!(
            line(&event, &state()),
            "Brann tests Agility (Medium): 2d10 7+4, +2 Sneak skill = 13, tier 2: success with a consequence"
        );
    }

    #[test]
    fn moves_read_with_short_names_and_arrows() {
        let event = Event::Moved {
            creature: "brann".into(),
            from: Square::new(2, 2),
            to: Square::new(6, 4),
            path: vec![],
            cost: 5,
            speed: 5,
        };
        assert_eq!(line(&event, &state()), "Brann moved (2,2)->(6,4) cost 5");
    }

    #[test]
    fn director_overrides_read_as_the_director_overriding_with_malice_hidden_from_the_heroes() {
        let state = state();
        let seen = |what: Overridden, director: bool| {
            seen_line(&Event::DirectorOverride { what }, &state, director)
        };
        let stamina = Overridden::Stamina {
            creature: "ogre".into(),
            from: 60,
            to: 12,
            max: 60,
        };
        assert_eq!(
            seen(stamina.clone(), false),
            "Director override: ogre's Stamina 60 -> 12 (of 60)"
        );
        assert_eq!(seen(stamina.clone(), true), seen(stamina, false));
        let added = Overridden::ConditionAdded {
            creature: "brann".into(),
            condition: "slowed (save ends)".into(),
        };
        assert_eq!(
            seen(added, false),
            "Director override: Brann is slowed (save ends)"
        );
        let removed = Overridden::ConditionRemoved {
            creature: "brann".into(),
            condition: "slowed".into(),
        };
        assert_eq!(
            seen(removed, false),
            "Director override: Brann is no longer slowed"
        );
        let placed = Overridden::Placed {
            creature: "cutter1".into(),
            from: Square::new(10, 2),
            to: Square::new(5, 2),
        };
        assert_eq!(
            seen(placed, false),
            "Director override: cutter1 is put at (5,2) (was at (10,2))"
        );
        let joined = Overridden::CreatureAdded {
            creature: "hound2".into(),
            side: Side::Director,
            at: Square::new(6, 7),
        };
        assert_eq!(
            seen(joined, false),
            "Director override: hound2 joins the Director's creatures at (6,7)"
        );
        let malice = Overridden::Malice { amount: -2, now: 5 };
        assert_eq!(
            seen(malice.clone(), true),
            "Director override: the Director loses 2 Malice (5 now)"
        );
        assert_eq!(
            seen(malice, false),
            "Director override: the Director's Malice changes"
        );
    }

    #[test]
    fn forced_movement_shows_its_derivation_in_ascii() {
        let event = Event::Slammed {
            creature: "cutter1".into(),
            amount: 3,
            note: "push 4 − stability 0 = 4".into(),
        };
        assert_eq!(
            line(&event, &state()),
            "cutter1 takes 3: push 4 - stability 0 = 4"
        );
    }

    #[test]
    fn malice_amounts_are_left_out_of_the_heroes_log() {
        let demo = crate::scenarios::by_name("demo_malicious_strike").expect("built in");
        let Ok(scenario) = scenario::load(demo.file, demo.text) else {
            panic!("the demonstration loads");
        };
        let mut engine = scenario.start(None);
        assert!(sim::run(&mut engine, &scenario.demo_commands(), None).is_none());
        let state = engine.state();
        let seen = |director: bool| -> Vec<String> {
            engine
                .log()
                .iter()
                .map(|e| seen_line(&e.event, &state, director))
                .collect()
        };
        let (director, heroes) = (seen(true), seen(false));
        let spent = "warden spends 5 Malice on Malicious Strike: \
                     +2 damage to one target of its next strike (0 left)";
        assert!(director.iter().any(|l| l == spent), "{director:#?}");
        assert!(director.iter().any(|l| l.contains("gains 3 Malice")));
        assert!(heroes.iter().any(|l| l
            == "warden spends Malice on Malicious Strike: \
                +2 damage to one target of its next strike"));
        assert_eq!(
            heroes
                .iter()
                .filter(|l| *l == "The Director gains Malice")
                .count(),
            2,
            "the Victories and the round"
        );
        // Every other line is the same on both seats; the Malice lines differ.
        for ((d, h), logged) in director.iter().zip(&heroes).zip(engine.log()) {
            let malice = matches!(
                logged.event,
                Event::MaliceGained { .. } | Event::MaliceSpent { .. }
            );
            assert_eq!(d != h, malice, "{d} / {h}");
        }
        // Whose turn it was, and what the strike did, everyone reads.
        assert!(heroes.iter().any(|l| l == "warden starts a turn"));
        assert!(
            heroes
                .iter()
                .any(|l| l == "Malicious Strike: warden deals +2 to Brann")
        );
    }

    #[test]
    fn every_logged_line_is_ascii() {
        let src = include_str!("../../../scenarios/mill_ambush.ron");
        let commands = include_str!("../../../tests/commands/mill_opening.ron");
        let Ok(scenario) = scenario::load("mill_ambush.ron", src) else {
            panic!("the sample scenario loads");
        };
        let mut engine = scenario.start(None);
        let Ok(list) = sim::parse_commands("mill_opening.ron", commands) else {
            panic!("the command file parses");
        };
        assert!(sim::run(&mut engine, &list, None).is_none());
        let state = engine.state();
        let lines: Vec<String> = engine
            .log()
            .iter()
            .map(|e| line(&e.event, &state))
            .collect();
        assert!(lines.iter().all(|l| l.is_ascii() && !l.is_empty()));
        assert!(
            lines.iter().any(|l| l.contains(": 2d10 15 (8+7) + ")),
            "{lines:#?}"
        );
    }

    #[test]
    fn a_clicked_line_outlines_the_path_it_names_and_where_its_creatures_stand() {
        let [first, start] = crate::game::testing::heroes_first("brann");
        let game = crate::game::testing::default_after([
            first,
            start,
            steelgrid_rules::Command::Advance {
                creature: "brann".into(),
                path: vec![Square::new(2, 2), Square::new(3, 3)],
            },
        ]);
        let state = game.engine().state();
        let moved = game
            .engine()
            .log()
            .iter()
            .rev()
            .find(|e| matches!(e.event, Event::Moved { .. }))
            .expect("Brann moved");
        // From (1,1) along (2,2) to (3,3), where he now stands.
        assert_eq!(
            event_squares(&moved.event, &state),
            [Square::new(1, 1), Square::new(2, 2), Square::new(3, 3)]
        );
        // A line naming a creature and no square: its space.
        let started = Event::TurnStarted {
            creature: "ogre".into(),
            round: 1,
        };
        let ogre = state.creatures.iter().find(|c| c.id == "ogre").unwrap();
        let mut space = ogre.footprint.clone();
        space.sort();
        assert_eq!(event_squares(&started, &state), space);
        let mut app = App::new();
        app.init_resource::<LogHighlight>()
            .add_systems(Update, click_line);
        let line = app
            .world_mut()
            .spawn((Interaction::Pressed, LogSquares(ogre.footprint.clone())))
            .id();
        app.update();
        assert_eq!(app.world().resource::<LogHighlight>().0, ogre.footprint);
        // Clicked again, the outline goes.
        app.world_mut().entity_mut(line).insert(Interaction::None);
        app.update();
        app.world_mut()
            .entity_mut(line)
            .insert(Interaction::Pressed);
        app.update();
        assert!(app.world().resource::<LogHighlight>().0.is_empty());
    }
}
