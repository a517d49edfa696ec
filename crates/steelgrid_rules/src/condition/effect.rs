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

pub use crate::terms::effect::{Effect, EffectDuration, Effects, stack};

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::rule;

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
