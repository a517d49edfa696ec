//! Conditions with a duration — bleeding, dazed, frightened, restrained, slowed, taunted and
//! weakened — and how they end: at the end of the creature's turn, on a save, or with the
//! encounter (seed 002 L1677-1697, L1723-1775; digest §30, §32). Prone and grabbed have their
//! own components (`creature::Prone`, `creature::Grabbed`).

pub use crate::terms::condition::{Afflicted, Condition, Conditions, Duration};

pub mod effect;
pub mod hide;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand};
use crate::creature::{
    ActionBudget, CreatureId, DamageModifiers, Grabbed, Hero, Identity, Prone, Stamina, Vitality,
};
use crate::damage::{DamageRequest, RecentHits};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::rule::{self};

/// Slowed makes speed 2 unless already lower; restrained makes it 0 (seed 002 L1761, L1767).
pub fn speed_under(conditions: &Conditions, speed: u32) -> u32 {
    if conditions.has(Condition::Restrained) {
        0
    } else if conditions.has(Condition::Slowed) {
        speed.min(2)
    } else {
        speed
    }
}

/// A stat block's End Effect: at the end of each of its turns the creature can take this much
/// damage to end one save-ends effect on itself; nothing can reduce that damage
/// (seed 002 L4178-4180; digest §2.11, DS-DIR-79).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EndEffect(pub u32);
steelgrid_kernel::persisted!(maybe EndEffect(u32));

/// The creatures `end_of_turn` reads: conditions, and what End Effect needs.
type EndOfTurnQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static CreatureId,
        &'static mut Conditions,
        Option<&'static EndEffect>,
        &'static mut Stamina,
        &'static DamageModifiers,
        Has<Hero>,
    ),
>;

/// Command stage, on EndTurn: End Effect first, then EoT conditions end and each save-ends
/// condition left gets its d10 (one die per effect, digest AMB-26).
pub fn end_of_turn(
    command: Res<CurrentCommand>,
    mut tokens: ResMut<crate::terms::hero_token::HeroTokens>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut hits: ResMut<RecentHits>,
    mut creatures: EndOfTurnQuery,
) {
    let Some(Command::EndTurn { creature }) = &command.0 else {
        return;
    };
    let Some((entity, id, mut conditions, end_effect, mut stamina, mods, is_hero)) =
        creatures.iter_mut().find(|c| &c.1.0 == creature)
    else {
        return;
    };
    if let Some(&EndEffect(amount)) = end_effect {
        end_effect_now(
            (entity, id, amount, is_hero),
            &mut conditions,
            &mut stamina,
            mods,
            &mut log,
            &mut hits,
        );
    }
    let mut kept = Vec::new();
    for a in std::mem::take(&mut conditions.0) {
        let ends = match a.duration {
            Duration::EndOfTurn => true,
            Duration::SaveEnds => {
                let roll = dice.d10();
                let saved = roll >= 6;
                log.push(
                    rule::SAVE_ENDS,
                    Event::SavingThrow {
                        creature: id.0.clone(),
                        condition: a.condition.name().into(),
                        roll,
                        saved,
                    },
                );
                if !saved {
                    // A hero token may still turn it (seed 002 L765).
                    tokens.failed_saves.push((id.0.clone(), a.condition));
                }
                saved
            }
            Duration::EndOfEncounter => false,
        };
        if ends {
            log.push(
                if a.duration == Duration::EndOfTurn {
                    rule::END_OF_TURN
                } else {
                    rule::SAVE_ENDS
                },
                Event::ConditionEnded {
                    creature: id.0.clone(),
                    condition: a.condition.name().into(),
                },
            );
        } else {
            kept.push(a);
        }
    }
    conditions.0 = kept;
}

/// Spend End Effect at the end of the creature's turn (seed 002 L4178-4180). The feature says
/// the creature *can*; the engine spends it for the creature whenever it has a save-ends effect
/// and the damage would not kill it or knock it out, ending the first such effect in the
/// conditions' order, before the saving throws (so that one needs no save). The damage is
/// untyped and cannot be reduced: immunity (damage reduction) does not apply; a weakness, which
/// reduces nothing, still does; temporary Stamina takes it first as it takes any damage.
fn end_effect_now(
    (entity, id, amount, is_hero): (Entity, &CreatureId, u32, bool),
    conditions: &mut Conditions,
    stamina: &mut Stamina,
    mods: &DamageModifiers,
    log: &mut EventLog,
    hits: &mut RecentHits,
) {
    let Some(i) = conditions
        .0
        .iter()
        .position(|a| a.duration == Duration::SaveEnds)
    else {
        return;
    };
    let unreduced = DamageModifiers {
        immunities: Vec::new(),
        weaknesses: mods.weaknesses.clone(),
        ..DamageModifiers::default()
    };
    let taken = crate::damage::compute(amount, None, false, &unreduced).amount;
    let mut after = *stamina;
    crate::damage::take(&mut after, taken, !is_hero);
    if !crate::damage::stamina::vitality_for(&after, is_hero).can_act() {
        return;
    }
    crate::damage::deal(
        DamageRequest {
            target: entity,
            source: "End Effect".into(),
            amount,
            damage_type: None,
            halved: false,
            knock_out: false,
        },
        id,
        stamina,
        &unreduced,
        is_hero,
        log,
        hits,
    );
    let ended = conditions.0.remove(i);
    log.push(
        rule::END_EFFECT,
        Event::ConditionEnded {
            creature: id.0.clone(),
            condition: ended.condition.name().into(),
        },
    );
}

/// Command stage: a creature ends a condition it imposed (seed 002 L1695-1697), a free
/// maneuver that spends nothing.
pub fn resolve_end_effect(
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &mut Conditions)>,
) {
    let Some(Command::EndEffect {
        creature,
        target,
        condition,
    }) = &command.0
    else {
        return;
    };
    let Some((id, mut conditions)) = creatures.iter_mut().find(|c| &c.0.0 == target) else {
        return;
    };
    conditions
        .0
        .retain(|a| !(a.condition == *condition && &a.source == creature));
    log.push(
        rule::END_OWN_EFFECT,
        Event::ConditionEnded {
            creature: id.0.clone(),
            condition: condition.name().into(),
        },
    );
}

/// Whether the command makes a bleeding creature lose Stamina: a main action, or an ability
/// roll with Might or Agility (seed 002 L1727-1731). Returns the creature.
fn bleeding_trigger(command: &Command, main_action_ability: Option<bool>) -> Option<&str> {
    match command {
        Command::FreeStrike { attacker, .. } => Some(attacker),
        Command::Charge { creature, .. }
        | Command::Heal { creature, .. }
        | Command::Defend { creature }
        | Command::Knockback { creature, .. }
        | Command::Grab { creature, .. }
        | Command::EscapeGrab { creature } => Some(creature),
        Command::UseAbility { creature, .. } if main_action_ability == Some(true) => Some(creature),
        _ => None,
    }
}

/// Set by ability resolution: whether the ability just used makes a bleeding user bleed.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct BleedsOnUse(pub Option<bool>);

/// Command stage, last: a bleeding creature that just used a main action or made a Might or
/// Agility roll loses 1d6 + its level Stamina, once per action; nothing prevents it
/// (seed 002 L1727-1731; digest AMB-23: Stamina loss, not damage). Director creatures count as
/// level 1 until monsters carry a level. A dying hero is bleeding for as long as it is dying
/// (seed 002 L243, L1729; digest A-42, DS-COMBAT-88).
pub fn bleed(
    command: Res<CurrentCommand>,
    start: Res<crate::turn::aid::CommandLogStart>,
    mut ability: ResMut<BleedsOnUse>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(
        &CreatureId,
        &Conditions,
        &mut Stamina,
        Option<&Hero>,
        &Vitality,
    )>,
) {
    let used = ability.0.take();
    let Some(command) = &command.0 else {
        return;
    };
    // The command's own action, then every opportunity attack it provoked (a triggered
    // action), each its own action.
    let events = &log.events[start.0.min(log.events.len())..];
    let actors: Vec<String> = bleeding_trigger(command, used)
        .map(str::to_owned)
        .into_iter()
        .chain(events.iter().filter_map(|e| match &e.event {
            Event::OpportunityAttack { attacker, .. } => Some(attacker.clone()),
            _ => None,
        }))
        .collect();
    for who in actors {
        let Some((id, conditions, mut stamina, hero, vitality)) =
            creatures.iter_mut().find(|c| c.0.0 == who)
        else {
            continue;
        };
        if !conditions.has(Condition::Bleeding) && *vitality != Vitality::Dying {
            continue;
        }
        let level = hero.map_or(1, |h| h.level);
        let d6 = dice.d6();
        let lost = d6 + level;
        stamina.current -= lost as i32;
        log.push(
            rule::BLEEDING,
            Event::StaminaLost {
                creature: id.0.clone(),
                amount: lost,
                roll: d6,
                stamina: stamina.current,
            },
        );
    }
}

/// The creatures `encounter_aftermath` reads: conditions, temporary Stamina, prone and grabbed.
type AftermathQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static Identity,
        &'static CreatureId,
        &'static mut Conditions,
        &'static mut Stamina,
        Option<&'static mut Hero>,
        Has<Prone>,
        Has<Grabbed>,
    ),
>;

/// Turn-flow stage, once the encounter is over: temporary Stamina vanishes (seed 002 L3102);
/// effects that last until the encounter ends, and save-ends effects, end (L1679, L1691-1693);
/// and each hero ends every condition and effect it gained in the fight — the engine takes the
/// heroes' choice to be yes (core digest AMB-28) — except winded, unconscious and dying, which
/// are states of its Stamina and stay (L3135; DS-COMBAT-116). What else lingers on a Director
/// creature is the Director's to end. Unspent surges are lost (L1656).
pub fn encounter_aftermath(
    turn: Res<crate::turn::TurnState>,
    mut commands: Commands,
    mut log: ResMut<EventLog>,
    mut creatures: AftermathQuery,
) {
    if turn.outcome.is_none() {
        return;
    }
    let mut all: Vec<_> = creatures.iter_mut().collect();
    all.sort_by_key(|c| c.1.order);
    for (entity, _, id, mut conditions, mut stamina, mut surges, prone, grabbed) in all {
        let hero = surges.is_some();
        let ended = |log: &mut EventLog, condition: &str| {
            log.push(
                rule::ENCOUNTER_AFTERMATH,
                Event::ConditionEnded {
                    creature: id.0.clone(),
                    condition: condition.to_owned(),
                },
            );
        };
        if stamina.temporary > 0 {
            let amount = std::mem::take(&mut stamina.temporary) as u32;
            log.push(
                rule::ENCOUNTER_AFTERMATH,
                Event::TemporaryStaminaExpired {
                    creature: id.0.clone(),
                    amount,
                },
            );
        }
        let (gone, kept): (Vec<Afflicted>, Vec<Afflicted>) = std::mem::take(&mut conditions.0)
            .into_iter()
            .partition(|a| hero || a.duration != Duration::EndOfTurn);
        conditions.0 = kept;
        for a in gone {
            ended(&mut log, a.condition.name());
        }
        if hero && prone {
            commands.entity(entity).remove::<Prone>();
            ended(&mut log, "prone");
        }
        if hero && grabbed {
            commands.entity(entity).remove::<Grabbed>();
            ended(&mut log, "grabbed");
        }
        if let Some(h) = surges.as_mut().filter(|h| h.surges > 0) {
            let amount = std::mem::take(&mut h.surges);
            log.push(
                rule::SURGES_LOST,
                Event::SurgesLost {
                    creature: id.0.clone(),
                    amount,
                },
            );
        }
    }
}

/// Command stage, after every action: a dazed creature that used any action has used its one
/// activity this turn; only a critical hit's extra main action is left (seed 002 L1733-1735,
/// L1636; DS-CORE-07, DS-CORE-52).
pub fn dazed_acts_once(
    start: Res<crate::turn::aid::CommandLogStart>,
    log: Res<EventLog>,
    mut creatures: Query<(&CreatureId, &Conditions, &mut ActionBudget)>,
) {
    let events = &log.events[start.0.min(log.events.len())..];
    for (id, conditions, mut budget) in &mut creatures {
        if !conditions.has(Condition::Dazed) {
            continue;
        }
        let mine = |e: &&crate::event::LoggedEvent| match &e.event {
            Event::ActionUsed { creature, .. } => *creature == id.0,
            _ => false,
        };
        if !events.iter().any(|e| mine(&e)) {
            continue;
        }
        let extra = events
            .iter()
            .filter(
                |e| matches!(&e.event, Event::ExtraMainAction { creature } if *creature == id.0),
            )
            .count() as u32;
        budget.main = extra;
        budget.maneuver_used = true;
        budget.move_used = true;
    }
}
