//! Effects an ability leaves on a creature for a while — a shift to its potencies or its
//! stability, a halved recovery value — how long they last and how repeats stack (seed 002
//! L1622-1624, L1669-1675, L1677-1689, L2807-2811; digest §25, §29, §30).
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
use crate::creature::Stamina;
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::rule;

/// How long a lingering effect lasts: the ability says (seed 002 L1677-1693).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum EffectDuration {
    /// EoT: until the end of the affected creature's next turn, or of this turn if it is its
    /// own (L1681-1683).
    EndOfTurn,
    /// A d10 at the end of each of the affected creature's turns; 6 or more ends it
    /// (L1685-1689).
    SaveEnds,
    /// Until the encounter ends (L1691-1693).
    EndOfEncounter,
    /// Until the end of the user's next turn: made on the user's own turn, that turn's end
    /// doesn't count (L1677-1679).
    EndOfYourNextTurn,
}

impl EffectDuration {
    pub fn label(self) -> &'static str {
        match self {
            EffectDuration::EndOfTurn => "EoT",
            EffectDuration::SaveEnds => "save ends",
            EffectDuration::EndOfEncounter => "until the encounter ends",
            EffectDuration::EndOfYourNextTurn => "until the end of its user's next turn",
        }
    }
}

/// One ability's lingering effect on a creature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Effect {
    /// The ability's name: what "the same ability" means, whoever used it.
    pub ability: String,
    /// The creature that used it last.
    pub source: String,
    pub lingering: Lingering,
    /// For an effect lasting until the end of its source's next turn: the ends of the source's
    /// turns still to come before it ends (2 when made on the source's own turn).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub turns_left: u32,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Effect {
    /// `ability`'s lingering effect as `source` leaves it, on `source`'s own turn or not.
    pub fn new(ability: &str, source: &str, lingering: Lingering, own_turn: bool) -> Self {
        Effect {
            ability: ability.to_owned(),
            source: source.to_owned(),
            lingering,
            turns_left: match lingering.duration {
                EffectDuration::EndOfYourNextTurn if own_turn => 2,
                EffectDuration::EndOfYourNextTurn => 1,
                _ => 0,
            },
        }
    }

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
                    stability: most_impactful(was.stability, now.stability),
                    halved_recovery_value: was.halved_recovery_value || now.halved_recovery_value,
                    duration: now.duration,
                };
                old.source = new.source;
                old.turns_left = new.turns_left;
                old.clone()
            }
            None => {
                list.push(new.clone());
                new
            }
        }
    }

    /// What the creature's effects add to or take from its stability: one ability's once,
    /// different abilities' added up (seed 002 L1669-1673). Its stability with them never
    /// drops below 0 (L2811; `forced::Body::effective_stability`).
    pub fn stability(&self, creature: &str) -> i32 {
        stack(
            self.on(creature)
                .iter()
                .map(|e| (e.ability.as_str(), e.lingering.stability)),
        )
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
/// its d10, 6 or more ending it (seed 002 L1681-1689; one die per effect, digest AMB-26); the
/// effects it made to last until the end of its next turn, on whomever, count that turn down.
pub fn end_of_turn(
    command: Res<CurrentCommand>,
    mut effects: ResMut<Effects>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
) {
    let Some(Command::EndTurn { creature }) = &command.0 else {
        return;
    };
    for (on, list) in std::mem::take(&mut effects.0) {
        let mut kept = Vec::new();
        for mut e in list {
            let ends = match e.lingering.duration {
                EffectDuration::EndOfYourNextTurn if e.source == *creature => {
                    e.turns_left = e.turns_left.saturating_sub(1);
                    (e.turns_left == 0).then_some(rule::LINGERING)
                }
                _ if on != *creature => None,
                EffectDuration::EndOfTurn => Some(rule::END_OF_TURN),
                EffectDuration::SaveEnds => {
                    let roll = dice.d10();
                    let saved = roll >= 6;
                    log.push(
                        rule::SAVE_ENDS,
                        Event::SavingThrow {
                            creature: on.clone(),
                            condition: e.label(),
                            roll,
                            saved,
                        },
                    );
                    saved.then_some(rule::SAVE_ENDS)
                }
                EffectDuration::EndOfEncounter | EffectDuration::EndOfYourNextTurn => None,
            };
            match ends {
                Some(by) => log.push(
                    by,
                    Event::EffectEnded {
                        creature: on.clone(),
                        effect: e.label(),
                    },
                ),
                None => kept.push(e),
            }
        }
        if !kept.is_empty() {
            effects.0.insert(on, kept);
        }
    }
}
