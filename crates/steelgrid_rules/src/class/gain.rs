//! How a class's heroic resource grows beyond its turn-start gain. The seed names each class's
//! resource (seed 002 L1353-1362) but not how it is gained (core digest AMB-34): each gain here
//! is this project's reading of its class's summary (L1309-1327), written in the class's file,
//! each paid the first time in a round its event happens and logged under its own rule.

use bevy_ecs::prelude::*;

use crate::creature::{CreatureId, CreatureSize, Hero, Position, Side, Vitality};
use crate::event::{Event, EventLog};
use crate::grid::Footprint;
use crate::rule;
use crate::terms::condition::{Condition, Conditions};
use crate::turn::TurnState;
use crate::turn::aid::CommandLogStart;

pub use crate::terms::class::{Gain, GainOn, GainsThisRound};

/// A creature as the gains see it once the command has resolved.
struct Standing<'a> {
    id: &'a str,
    side: Side,
    footprint: Footprint,
    conditions: Option<&'a Conditions>,
}

/// Whether the command's events hold `on` for the hero `me`.
fn happened<'e>(
    on: GainOn,
    me: &Standing,
    all: &[Standing],
    mut events: impl Iterator<Item = &'e Event>,
) -> bool {
    let find = |id: &str| all.iter().find(|s| s.id == id);
    let within =
        |id: &str, n: u32| find(id).is_some_and(|s| s.footprint.distance(me.footprint) <= n);
    let ally = |id: &str| id != me.id && find(id).is_some_and(|s| s.side == me.side);
    let enemy = |id: &str| find(id).is_some_and(|s| s.side != me.side);
    let taunted_by_me = |id: &str| {
        find(id)
            .and_then(|s| s.conditions)
            .and_then(|c| c.source_of(Condition::Taunted))
            == Some(me.id)
    };
    events.any(|e| match (on, e) {
        (GainOn::TakesDamage, Event::Damaged { target, amount, .. }) => {
            target == me.id && *amount > 0
        }
        (
            GainOn::TauntedFoe,
            Event::Damaged {
                target,
                source,
                amount,
                ..
            },
        ) => {
            *amount > 0
                && ((source == me.id && taunted_by_me(target))
                    || (target == me.id && taunted_by_me(source)))
        }
        (GainOn::AllyWinded(n), Event::VitalityChanged { creature, to, .. }) => {
            *to == Vitality::Winded && ally(creature) && within(creature, n)
        }
        (
            GainOn::TypedDamageWithin(n),
            Event::Damaged {
                target,
                damage_type,
                amount,
                ..
            },
        ) => damage_type.is_some() && *amount > 0 && within(target, n),
        (
            GainOn::EnemyMainActionWithin(n),
            Event::ActionUsed {
                creature, action, ..
            },
        ) => *action == crate::creature::ActionKind::Main && enemy(creature) && within(creature, n),
        (GainOn::SurgesSpent, Event::SurgesSpent { creature, .. }) => creature == me.id,
        (
            GainOn::AllyDamagesEnemyWithin(n),
            Event::Damaged {
                target,
                source,
                amount,
                ..
            },
        ) => *amount > 0 && ally(source) && enemy(target) && within(target, n),
        (GainOn::ForcedMovementWithin(n), Event::ForcedMoved { target, moved, .. }) => {
            !moved.is_empty() && within(target, n)
        }
        (GainOn::AnyWinded, Event::VitalityChanged { to, .. }) => *to == Vitality::Winded,
        (GainOn::NaturalCritical, Event::PowerRolled { roll, .. }) => roll.natural >= 19,
        _ => false,
    })
}

/// Pay each hero its class's gains for what the command just did (each once a round); a dead
/// hero gains nothing.
pub fn award(
    start: Res<CommandLogStart>,
    turn: Res<TurnState>,
    mut log: ResMut<EventLog>,
    mut heroes: Query<(&CreatureId, &mut Hero, &Vitality)>,
    creatures: Query<(
        &CreatureId,
        &Side,
        &Position,
        &CreatureSize,
        Option<&Conditions>,
    )>,
) {
    if turn.round == 0 || !heroes.iter().any(|(_, hero, _)| hero.class.is_some()) {
        return;
    }
    let all: Vec<Standing> = creatures
        .iter()
        .map(|(id, side, at, size, conditions)| Standing {
            id: &id.0,
            side: *side,
            footprint: Footprint::new(at.0, size.0),
            conditions,
        })
        .collect();
    let start = start.0.min(log.events.len());
    let mut paid = Vec::new();
    // By id: the order the world keeps creatures in differs between a game played on and the
    // same game resumed from a save.
    let mut heroes: Vec<_> = heroes.iter_mut().collect();
    heroes.sort_by(|a, b| a.0.0.cmp(&b.0.0));
    for (id, mut hero, vitality) in heroes {
        let (Some(class), Some(me)) = (hero.class, all.iter().find(|s| s.id == id.0)) else {
            continue;
        };
        if *vitality == Vitality::Dead {
            continue;
        }
        for (i, gain) in class.spec().gains.iter().enumerate() {
            let events = log.events[start..].iter().map(|l| &l.event);
            if happened(gain.on, me, &all, events) && hero.gains.take(i, turn.round) {
                hero.heroic_resource += gain.amount;
                paid.push(Event::ResourceGained {
                    creature: id.0.clone(),
                    amount: gain.amount,
                    now: hero.heroic_resource,
                    because: Some(gain.on),
                });
            }
        }
    }
    for event in paid {
        log.push(rule::HEROIC_RESOURCE_GAIN, event);
    }
}
