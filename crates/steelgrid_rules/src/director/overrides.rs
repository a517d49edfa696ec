//! Director overrides: the Director's hand at the table, not a rule of the seed (rule
//! `director.override`). At any moment of an unfinished fight the Director may set a
//! creature's Stamina, give or end a condition, put a creature on another square, bring in a
//! creature from the bestiary or give (or take) Malice — what virtual-tabletop users expect to
//! fudge. An override is no creature's action: it takes no turn and spends nothing. Each is
//! logged as one `DirectorOverride` event, and replays and saves like any command.
//!
//! What follows from an override follows by the rules: Stamina set to 0 or below leaves a hero
//! dying (dead at minus its winded value) and a Director creature dead, and winded comes and
//! goes with it (seed 002 L3062-3078); a creature put on a square does not move, so nothing
//! provokes an opportunity attack, and a grab it leaves the reach of ends.
//!
//! Readings: Stamina is set from minus the winded value (a hero or retainer, dying there) or 0
//! (any other creature) to the maximum, on a creature not yet dead; a minion's Stamina is its
//! squad's pool and is left alone. A condition added lasts save ends unless the override says
//! otherwise and is imposed by the Director (frightened and taunted are of a creature the
//! override names). A creature put on a square keeps its altitude; a rider and a creature
//! underground are refused (the one rides its mount, which may be placed with it; the other
//! digs up first). Malice never goes below 0. The encounter's end, scripted events and
//! objectives are checked after an override as after any command.

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, Override, RuleError};
use crate::condition::{Afflicted, Condition, Conditions};
use crate::creature::{CreatureId, CreatureRef, Position, Stamina, Vitality};
use crate::director::malice::Malice;
use crate::event::{Event, EventLog, Overridden};
use crate::grid::{Footprint, Map, Size, Square, Terrain};
use crate::rule;
use crate::turn::TurnState;

/// Who imposes a condition an override adds without naming a creature.
pub const DIRECTOR: &str = "the Director";

fn refuse<T>(reason: impl Into<String>) -> Result<T, RuleError> {
    Err(RuleError::new(rule::DIRECTOR_OVERRIDE, reason))
}

/// An override is for a fight under way (or about to start): refused once it has ended.
pub fn check_unfinished(turn: &TurnState) -> Result<(), RuleError> {
    match turn.outcome {
        None => Ok(()),
        Some(outcome) => Err(RuleError::new(
            rule::ENCOUNTER_OVER,
            format!(
                "the encounter is over ({}): the Director's overrides are for a fight under way",
                format!("{outcome:?}").to_lowercase()
            ),
        )),
    }
}

/// The Stamina an override may set: from minus the winded value for a creature that is dying
/// at 0 (a hero or retainer, dead at the bottom of the range), from 0 for any other, to the
/// maximum.
pub fn stamina_range(stamina: &Stamina, dies_as_hero: bool) -> std::ops::RangeInclusive<i32> {
    let low = if dies_as_hero {
        -stamina.winded_value()
    } else {
        0
    };
    low..=stamina.max
}

/// Setting `who`'s Stamina to `to`: alive, not a squad's minion, within [`stamina_range`], and
/// a change.
pub fn check_stamina(
    who: &CreatureRef,
    stamina: &Stamina,
    dies_as_hero: bool,
    squad: Option<&str>,
    to: i32,
) -> Result<(), RuleError> {
    let id = &who.id;
    if who.vitality == Vitality::Dead {
        return refuse(format!(
            "{id} is dead: an override sets the Stamina of a creature still in the fight"
        ));
    }
    if let Some(squad) = squad {
        return refuse(format!(
            "{id} is a minion of the squad `{squad}`, whose Stamina is one pool: set another creature's"
        ));
    }
    let range = stamina_range(stamina, dies_as_hero);
    if !range.contains(&to) {
        return refuse(format!(
            "{id}'s Stamina can be set from {} to {} (its maximum), not {to}",
            range.start(),
            range.end()
        ));
    }
    if to == stamina.current {
        return refuse(format!("{id} already has {to} Stamina"));
    }
    Ok(())
}

/// Giving `who` a condition: alive, without it already; frightened and taunted name the
/// creature they are of (`known` says which ids are in the fight), another one than `who`.
pub fn check_add_condition(
    who: &CreatureRef,
    condition: Condition,
    of: Option<&str>,
    known: impl Fn(&str) -> bool,
) -> Result<(), RuleError> {
    let id = &who.id;
    if who.vitality == Vitality::Dead {
        return refuse(format!("{id} is dead: it takes no more conditions"));
    }
    if let Some(had) = who.conditions.0.iter().find(|a| a.condition == condition) {
        return refuse(format!(
            "{id} is already {}: remove it first to change it",
            had.label()
        ));
    }
    match of {
        None if condition.has_source() => refuse(format!(
            "{} is of a creature: name it (`of: \"…\"`)",
            condition.name()
        )),
        Some(of) if !condition.has_source() => refuse(format!(
            "only frightened and taunted are of a creature; {} is not (leave out `of: \"{of}\"`)",
            condition.name()
        )),
        Some(of) if of == id => refuse(format!("{id} can't be {} of itself", condition.name())),
        Some(of) if !known(of) => Err(crate::turn::unknown(of)),
        _ => Ok(()),
    }
}

/// Ending a condition `who` has.
pub fn check_remove_condition(who: &CreatureRef, condition: Condition) -> Result<(), RuleError> {
    if !who.conditions.has(condition) {
        return refuse(format!("{} is not {}", who.id, condition.name()));
    }
    Ok(())
}

/// A space a creature of `size` can be put in at `at` (its top-left square): on the map, on
/// no wall, object or pit, and in no other standing creature's space unless their sizes may
/// share it (seed 002 L2578). `others` are the creatures already in the fight but the one put.
pub fn check_space(
    map: &Map,
    id: &str,
    size: Size,
    at: Square,
    others: &[CreatureRef],
) -> Result<(), RuleError> {
    let space = Footprint::new(at, size);
    if !map.footprint_in_bounds(space) {
        return refuse(format!(
            "{id} (size {size}) at {at} would be off the map, which is {} wide and {} high (x 0-{}, y 0-{})",
            map.width,
            map.height,
            map.width - 1,
            map.height - 1
        ));
    }
    if let Some(sq) = space
        .squares()
        .find(|&s| map.is_solid(s) || matches!(map.terrain(s), Some(Terrain::Pit { .. })))
    {
        let what = map.terrain(sq).map_or("wall", Terrain::name);
        let a = if what.starts_with(['a', 'e', 'i', 'o', 'u']) {
            "an"
        } else {
            "a"
        };
        return refuse(format!("{id} can't be put at {at}: {sq} is {a} {what}"));
    }
    if let Some(o) = others.iter().find(|o| {
        !o.vitality.is_down()
            && (o.depth as i32) < o.size.side()
            && o.footprint.overlaps(space)
            && !size.may_share_space_with(o.size)
    }) {
        return Err(RuleError::new(
            rule::MOVE_OCCUPIED,
            format!(
                "{id} (size {size}) can't be put at {at}: {} (size {}) stands at {}",
                o.id, o.size, o.footprint.origin
            ),
        ));
    }
    Ok(())
}

/// Putting `who` at `at`: somewhere else, a free space ([`check_space`]), and neither riding
/// (its mount carries it) nor underground.
pub fn check_place(
    map: &Map,
    who: &CreatureRef,
    at: Square,
    others: &[CreatureRef],
) -> Result<(), RuleError> {
    let id = &who.id;
    if who.footprint.origin == at {
        return refuse(format!("{id} already stands at {at}"));
    }
    if let Some(on) = &who.on {
        return refuse(format!(
            "{id} is on {on}, which carries it: put {on} there instead, or Dismount first"
        ));
    }
    if who.depth > 0 {
        return refuse(format!(
            "{id} is {} squares underground: it comes up before it is put elsewhere",
            who.depth
        ));
    }
    check_space(map, id, who.size, at, others)
}

/// The most Malice an override leaves the Director with: far beyond any fight's, and room
/// for every round's gain after it without overflow.
pub const MALICE_CAP: u32 = 1_000_000;

/// Giving (or taking) `amount` Malice: some, none taken from an empty pool, and never past
/// [`MALICE_CAP`].
pub fn check_malice(current: u32, amount: i32) -> Result<(), RuleError> {
    if amount == 0 {
        return refuse("give at least 1 Malice, or take some with a negative amount");
    }
    if amount < 0 && current == 0 {
        return refuse("the Director has no Malice to take away");
    }
    if i64::from(current) + i64::from(amount) > i64::from(MALICE_CAP) {
        return refuse(format!(
            "the Director has {current} Malice; an override leaves at most {MALICE_CAP}"
        ));
    }
    Ok(())
}

/// Command stage, for a `DirectorOverride` (checked when it was validated): set the Stamina,
/// give or end the condition, put the creature on its square, or give the Malice, and log it.
/// The Vitality stage then brings winded, dying and dead in line. A creature brought in is the
/// encounter's to seat (its `added` module), as scripted reinforcements are.
pub fn resolve(
    command: Res<CurrentCommand>,
    mut malice: ResMut<Malice>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &mut Stamina, &mut Conditions, &mut Position)>,
) {
    let Some(Command::DirectorOverride(o)) = &command.0 else {
        return;
    };
    let what = match o {
        Override::SetStamina { creature, stamina } => {
            let Some((_, mut s, ..)) = creatures.iter_mut().find(|c| c.0.0 == *creature) else {
                return;
            };
            let from = s.current;
            s.current = *stamina;
            Overridden::Stamina {
                creature: creature.clone(),
                from,
                to: *stamina,
                max: s.max,
            }
        }
        Override::AddCondition {
            creature,
            condition,
            duration,
            of,
        } => {
            let Some((_, _, mut conditions, _)) = creatures.iter_mut().find(|c| c.0.0 == *creature)
            else {
                return;
            };
            let afflicted = Afflicted {
                condition: *condition,
                duration: *duration,
                source: of.clone().unwrap_or_else(|| DIRECTOR.to_owned()),
            };
            let label = afflicted.label();
            conditions.impose(afflicted);
            Overridden::ConditionAdded {
                creature: creature.clone(),
                condition: label,
            }
        }
        Override::RemoveCondition {
            creature,
            condition,
        } => {
            let Some((_, _, mut conditions, _)) = creatures.iter_mut().find(|c| c.0.0 == *creature)
            else {
                return;
            };
            conditions.0.retain(|a| a.condition != *condition);
            Overridden::ConditionRemoved {
                creature: creature.clone(),
                condition: condition.name().to_owned(),
            }
        }
        Override::Place { creature, at } => {
            let Some((_, _, _, mut pos)) = creatures.iter_mut().find(|c| c.0.0 == *creature) else {
                return;
            };
            let from = pos.0;
            pos.0 = *at;
            Overridden::Placed {
                creature: creature.clone(),
                from,
                to: *at,
            }
        }
        Override::GiveMalice { amount } => {
            let before = i64::from(malice.current);
            let now = (before + i64::from(*amount)).clamp(0, i64::from(MALICE_CAP));
            malice.current = now as u32;
            Overridden::Malice {
                amount: (now - before) as i32,
                now: malice.current,
            }
        }
        Override::AddCreature(_) => return,
    };
    log.push(rule::DIRECTOR_OVERRIDE, Event::DirectorOverride { what });
}
