//! Hiding and searching (seed 002 L2265-2295, L2893-2895, L2920-2922; combat digest §10, §21).
//!
//! The Hide maneuver hides a creature from every enemy it has cover from, or from all of them
//! while it has concealment (invisible, or in darkness or fog); every enemy is taken as not
//! observing it, as the digest's in-combat default says. While hidden from a creature, that creature can target it only with area abilities,
//! and it has an edge on its own ability rolls against that creature until the end of the turn in
//! which it stops being hidden. It stops being hidden when it uses an ability or a strike, moves,
//! or loses cover; the revealing action resolves first. The Search maneuver is an opposed test:
//! the searcher's 2d10 + Intuition against each hidden creature's 2d10 + Agility, within 10
//! squares and line of effect; only a higher total finds it.

pub use crate::terms::condition::Hidden;

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand};
use crate::creature::{
    ActionBudget, ActionKind, Characteristics, CreatureId, CreatureSize, Invisible, Position, Side,
    Vitality,
};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::grid::{Footprint, Map};
use crate::rule;
use crate::turn::take_action;

/// How far a search reaches (seed 002 L2283).
pub const SEARCH_RANGE: u32 = 10;

type Body<'a> = (
    Entity,
    &'a CreatureId,
    &'a Side,
    &'a Position,
    &'a CreatureSize,
    &'a Vitality,
);

/// The living enemies a creature of `side` standing in `me` can hide from: those it has cover
/// from, or all of them when it is `concealed`, sorted by id. `others` gives each creature as
/// (id, side, space, able to act).
pub fn hiding_places<'a>(
    map: &Map,
    me: Footprint,
    side: Side,
    concealed: bool,
    others: impl IntoIterator<Item = (&'a str, Side, Footprint, bool)>,
) -> Vec<String> {
    let mut ids: Vec<String> = others
        .into_iter()
        .filter(|c| c.1 != side && c.3 && (concealed || map.cover(c.2, me)))
        .map(|c| c.0.to_owned())
        .collect();
    ids.sort();
    ids
}

/// The bodies as `hiding_places` reads them.
fn as_others<'a>(all: &'a [Body]) -> impl Iterator<Item = (&'a str, Side, Footprint, bool)> {
    all.iter().map(|b| {
        (
            b.1.0.as_str(),
            *b.2,
            Footprint::new(b.3.0, b.4.0),
            b.5.can_act(),
        )
    })
}

/// Command stage: the Hide maneuver.
pub fn resolve_hide(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    bodies: Query<Body>,
    invisible: Query<(), With<Invisible>>,
    mut budgets: Query<&mut ActionBudget>,
) {
    let Some(Command::Hide { creature }) = &command.0 else {
        return;
    };
    let all: Vec<Body> = bodies.iter().collect();
    let Some(&(entity, id, side, pos, size, _)) = all.iter().find(|b| &b.1.0 == creature) else {
        return;
    };
    if let Ok(mut budget) = budgets.get_mut(entity) {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    }
    let me = Footprint::new(pos.0, size.0);
    let concealed = invisible.contains(entity) || map.conceals(me);
    let from = hiding_places(&map, me, *side, concealed, as_others(&all));
    log.push(
        rule::HIDE,
        Event::Hid {
            creature: id.0.clone(),
            from: from.clone(),
        },
    );
    commands.entity(entity).insert(Hidden {
        from,
        revealed: false,
    });
}

/// Command stage: the Search maneuver, one opposed test per hidden creature in reach. As part
/// of it the searcher points out every creature it knows of — found now, or hidden from its
/// allies but not from it (no test needed) — to its allies within 10 squares, who no longer
/// have it hidden from them (seed 002 L2285-2287; DS-CORE-89). The rules let the searcher
/// point out; the engine always does, as keeping a find to oneself gains nothing.
#[allow(clippy::type_complexity)]
pub fn resolve_search(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    map: Res<Map>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut searchers: Query<(&CreatureId, &mut ActionBudget)>,
    bodies: Query<Body>,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &Position,
        &CreatureSize,
        &Characteristics,
        Option<&mut Hidden>,
        Has<Invisible>,
    )>,
) {
    let Some(Command::Search { creature }) = &command.0 else {
        return;
    };
    if let Some((id, mut budget)) = searchers.iter_mut().find(|s| &s.0.0 == creature) {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    }
    let Some((me, intuition)) = creatures
        .iter()
        .find(|c| &c.1.0 == creature)
        .map(|c| (Footprint::new(c.2.0, c.3.0), c.4.intuition))
    else {
        return;
    };
    let side = bodies.iter().find(|b| &b.1.0 == creature).map(|b| *b.2);
    let mut allies: Vec<String> = bodies
        .iter()
        .filter(|b| Some(*b.2) == side && &b.1.0 != creature && *b.5 != Vitality::Dead)
        .filter(|b| me.distance(Footprint::new(b.3.0, b.4.0)) <= SEARCH_RANGE)
        .map(|b| b.1.0.clone())
        .collect();
    // By id, as the hidden are: the order the world keeps creatures in differs between a
    // game played on and the same game resumed from a save.
    allies.sort();
    let mut hiding: Vec<_> = creatures
        .iter_mut()
        .filter(|c| c.5.as_ref().is_some_and(|h| !h.revealed))
        .collect();
    hiding.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    for (entity, id, pos, size, chars, hidden, invisible) in hiding {
        let Some(mut h) = hidden else {
            continue;
        };
        if h.hides_from(creature) {
            let there = Footprint::new(pos.0, size.0);
            if me.distance(there) > SEARCH_RANGE || !map.line_of_effect(me, there) {
                continue;
            }
            let search = [dice.d10(), dice.d10()];
            let hide = [dice.d10(), dice.d10()];
            // seed 002 L3020: finding a hidden invisible creature takes a bane.
            let search_total =
                (search[0] + search[1]) as i32 + intuition - if invisible { 2 } else { 0 };
            let hide_total = (hide[0] + hide[1]) as i32 + chars.agility;
            // seed 002 L2285: only a higher total finds it; a tie leaves it hidden (DS-CORE-65).
            let found = search_total > hide_total;
            log.push(
                rule::SEARCH,
                Event::Searched {
                    searcher: creature.clone(),
                    hidden: id.0.clone(),
                    search_total,
                    hide_total,
                    found,
                },
            );
            if !found {
                continue;
            }
            h.from.retain(|f| f != creature);
        }
        let to: Vec<String> = allies.iter().filter(|a| h.hides_from(a)).cloned().collect();
        if !to.is_empty() {
            h.from.retain(|f| !to.contains(f));
            log.push(
                rule::POINT_OUT,
                Event::PointedOut {
                    searcher: creature.clone(),
                    hidden: id.0.clone(),
                    to,
                },
            );
        }
        if h.from.is_empty() {
            commands.entity(entity).remove::<Hidden>();
        }
    }
}

/// Whether the command gives its creature away: an ability or strike, or a move
/// (seed 002 L2279; no sneaking yet).
fn reveals(command: &Command) -> Option<&str> {
    match command {
        Command::FreeStrike { attacker, .. } => Some(attacker),
        Command::UseAbility { creature, .. }
        | Command::Charge { creature, .. }
        | Command::Knockback { creature, .. }
        | Command::Grab { creature, .. }
        | Command::AidAttack { creature, .. }
        | Command::Advance { creature, .. }
        | Command::Disengage { creature, .. }
        | Command::Fly { creature, .. } => Some(creature),
        _ => None,
    }
}

/// Stamina stage, after everything the command did: a creature whose action gave it away is
/// revealed (its edge stays this turn); anyone hidden from a creature it no longer has cover
/// from is no longer hidden from it; an empty hiding ends.
pub fn reveal(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    bodies: Query<Body>,
    invisible: Query<(), With<Invisible>>,
    mut hidden: Query<(Entity, &CreatureId, &mut Hidden)>,
) {
    let all: Vec<Body> = bodies.iter().collect();
    let actor = command.0.as_ref().and_then(reveals);
    let mut rows: Vec<_> = hidden.iter_mut().collect();
    rows.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    for (entity, id, mut h) in rows {
        if h.revealed {
            continue;
        }
        if actor == Some(id.0.as_str()) {
            h.revealed = true;
            log.push(
                rule::HIDE,
                Event::Revealed {
                    creature: id.0.clone(),
                },
            );
            continue;
        }
        let Some(me) = all.iter().find(|b| b.0 == entity) else {
            continue;
        };
        let fp = Footprint::new(me.3.0, me.4.0);
        let concealed = invisible.contains(entity) || map.conceals(fp);
        let covered = hiding_places(&map, fp, *me.2, concealed, as_others(&all));
        let lost: Vec<String> = h
            .from
            .iter()
            .filter(|f| !covered.contains(f))
            .cloned()
            .collect();
        if lost.is_empty() {
            continue;
        }
        h.from.retain(|f| covered.contains(f));
        log.push(
            rule::HIDE,
            Event::CoverLost {
                creature: id.0.clone(),
                seen_by: lost,
            },
        );
        if h.from.is_empty() {
            commands.entity(entity).remove::<Hidden>();
        }
    }
}

/// Command stage, on EndTurn: a creature revealed this turn loses its edge.
pub fn end_of_turn(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    hidden: Query<(Entity, &Hidden)>,
) {
    if !matches!(command.0, Some(Command::EndTurn { .. })) {
        return;
    }
    for (entity, h) in &hidden {
        if h.revealed {
            commands.entity(entity).remove::<Hidden>();
        }
    }
}
