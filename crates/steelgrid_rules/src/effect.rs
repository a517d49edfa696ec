//! Effects an ability leaves on a creature for a while — a shift to its potencies, a halved
//! recovery value — how long they last and how repeats stack (seed 002 L1622-1624, L1669-1675,
//! L1677-1689; digest §25, §29, §30).
//!
//! Unique effects from different abilities stack. The same ability used again does not: the
//! most impactful instance applies (the largest shift) and the most recently used one sets the
//! duration (L1669-1671). Two Nulls' Null Fields on one cultist lower its potency by 1, not 2
//! (L1673). The same non-condition effect from different sources applies once: several "halve
//! your recovery value" effects halve it once (L1675). The areas abilities leave on the map
//! follow the same rule (`zone`).

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ability::Lingering;
use crate::command::{Command, CurrentCommand};
use crate::condition::Duration;
use crate::creature::Stamina;
use crate::dice::Dice;
use crate::event::{Event, EventLog, rule};

/// One ability's lingering effect on a creature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The ability's name: what "the same ability" means, whoever used it.
    pub ability: String,
    /// The creature that used it last.
    pub source: String,
    pub lingering: Lingering,
}

impl Effect {
    /// As the log shows it: `+2 potency (save ends) from Rally`.
    pub fn label(&self) -> String {
        format!("{} from {}", self.lingering.describe(), self.ability)
    }
}

/// The lingering effects on each creature, by id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effects(pub BTreeMap<String, Vec<Effect>>);

impl Effects {
    pub fn is_empty(&self) -> bool {
        self.0.values().all(Vec::is_empty)
    }

    /// The effects on `creature`, oldest first.
    pub fn on(&self, creature: &str) -> &[Effect] {
        self.0.get(creature).map_or(&[], Vec::as_slice)
    }

    /// Leave `new` on `creature`. An effect of the same ability already there doesn't stack
    /// with it: the more impactful shift stays (and a halving from either), with the duration
    /// of `new`, the latest use (seed 002 L1669-1671). Gives the effect now on the creature.
    pub fn add(&mut self, creature: &str, new: Effect) -> Effect {
        let list = self.0.entry(creature.to_owned()).or_default();
        match list.iter_mut().find(|e| e.ability == new.ability) {
            Some(old) => {
                let (was, now) = (old.lingering, new.lingering);
                old.lingering = Lingering {
                    potency: most_impactful(was.potency, now.potency),
                    halved_recovery_value: was.halved_recovery_value || now.halved_recovery_value,
                    duration: now.duration,
                };
                old.source = new.source;
                old.clone()
            }
            None => {
                list.push(new.clone());
                new
            }
        }
    }

    /// The creature's recovery value: a third of its maximum Stamina, halved once (rounded
    /// down) however many of its effects halve it (seed 002 L1675, L781; DS-CORE-49).
    pub fn recovery_value(&self, creature: &str, stamina: &Stamina) -> i32 {
        let value = stamina.recovery_value();
        if self
            .on(creature)
            .iter()
            .any(|e| e.lingering.halved_recovery_value)
        {
            value / 2
        } else {
            value
        }
    }
}

/// Of two shifts from one ability, the more impactful: the one farther from 0, the later on a
/// tie.
fn most_impactful(earlier: i32, later: i32) -> i32 {
    if earlier.abs() > later.abs() {
        earlier
    } else {
        later
    }
}

/// The total of potency shifts, each given with the ability it comes from: one ability's
/// shifts count once, the most impactful; different abilities' add up (seed 002 L1669-1673).
pub fn stack<'a>(shifts: impl IntoIterator<Item = (&'a str, i32)>) -> i32 {
    let mut by_ability: BTreeMap<&str, i32> = BTreeMap::new();
    for (ability, shift) in shifts {
        let kept = by_ability.entry(ability).or_insert(0);
        *kept = most_impactful(*kept, shift);
    }
    by_ability.values().sum()
}

/// Command stage, on EndTurn: the creature's EoT effects end, and each save-ends effect gets
/// its d10, 6 or more ending it (seed 002 L1681-1689; one die per effect, digest AMB-26).
pub fn end_of_turn(
    command: Res<CurrentCommand>,
    mut effects: ResMut<Effects>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
) {
    let Some(Command::EndTurn { creature }) = &command.0 else {
        return;
    };
    let Some(list) = effects.0.remove(creature) else {
        return;
    };
    let mut kept = Vec::new();
    for e in list {
        let (ends, by) = match e.lingering.duration {
            Duration::EndOfTurn => (true, rule::END_OF_TURN),
            Duration::SaveEnds => {
                let roll = dice.d10();
                let saved = roll >= 6;
                log.push(
                    rule::SAVE_ENDS,
                    Event::SavingThrow {
                        creature: creature.clone(),
                        condition: e.label(),
                        roll,
                        saved,
                    },
                );
                (saved, rule::SAVE_ENDS)
            }
            Duration::EndOfEncounter => (false, rule::LINGERING),
        };
        if ends {
            log.push(
                by,
                Event::EffectEnded {
                    creature: creature.clone(),
                    effect: e.label(),
                },
            );
        } else {
            kept.push(e);
        }
    }
    if !kept.is_empty() {
        effects.0.insert(creature.clone(), kept);
    }
}
