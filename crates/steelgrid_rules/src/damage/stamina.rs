//! Stamina states — winded, dying, dead, knocked out — and regaining Stamina with recoveries
//! (seed 002 L3052-3092; L843-857).

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, ActionKind, CreatureId, Defending, Hero, Prone, Retainer, Stamina, Vitality,
};
use crate::damage::RecentHits;
use crate::event::{Event, EventLog};
use crate::options::RulesOptions;
use crate::rule::{self, Rule};
use crate::turn::take_action;

/// The state Stamina alone puts a creature in, before any knock-out choice.
/// Heroes: winded at ≤ winded value, dying at ≤ 0, dead at ≤ −winded value (seed 002
/// L3064-3072; AMB-35 reads "reaches" as ≤). Director creatures: dead at 0 (L3076).
pub fn vitality_for(stamina: &Stamina, is_hero: bool) -> Vitality {
    let winded = stamina.winded_value();
    if is_hero {
        if stamina.current <= -winded {
            Vitality::Dead
        } else if stamina.current <= 0 {
            Vitality::Dying
        } else if stamina.current <= winded {
            Vitality::Winded
        } else {
            Vitality::Healthy
        }
    } else if stamina.current <= 0 {
        Vitality::Dead
    } else if stamina.current <= winded {
        Vitality::Winded
    } else {
        Vitality::Healthy
    }
}

/// Which rule a change of state comes from, and the threshold it crossed.
fn rule_for(to: Vitality, is_hero: bool, stamina: &Stamina) -> (Rule, i32) {
    match to {
        Vitality::Healthy | Vitality::Winded => (rule::WINDED, stamina.winded_value()),
        Vitality::Dying => (rule::DYING, 0),
        Vitality::Dead if is_hero => (rule::HERO_DEATH, -stamina.winded_value()),
        Vitality::Dead => (rule::DIRECTOR_DEATH, 0),
        Vitality::Unconscious => (rule::KNOCKED_OUT, 0),
    }
}

/// Stamina stage: bring every creature's state in line with its Stamina and this command's
/// hits. A creature that would die may be knocked out instead if its attacker chose so; an
/// unconscious creature that takes damage dies (seed 002 L3084). A retainer is dying and dies
/// as a hero does (seed 002 L4771; digest A-29). A creature knocked out falls prone (L3092).
pub fn update_vitality(
    mut commands: Commands,
    mut hits: ResMut<RecentHits>,
    options: Res<RulesOptions>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &Stamina,
        &mut Vitality,
        Has<Hero>,
        Has<Retainer>,
        Has<Prone>,
    )>,
) {
    // Only the creatures whose state changes, logged in the order of their ids.
    let spare_at_zero = !options.director_creatures_die_at_zero;
    let mut changing: Vec<_> = creatures
        .iter_mut()
        .filter_map(|row| {
            let (entity, _, stamina, vitality, hero, retainer, _) = &row;
            let hit = hits.0.iter().find(|(e, _)| e == entity).map(|h| h.1);
            let to = next_vitality(**vitality, hit, stamina, *hero || *retainer, spare_at_zero)?;
            Some((row, to))
        })
        .collect();
    changing.sort_by(|a, b| a.0.1.0.cmp(&b.0.1.0));
    for ((entity, id, stamina, mut vitality, hero, retainer, prone), to) in changing {
        let is_hero = hero || retainer;
        let from = *vitality;
        let (rule, threshold) = match (from, to) {
            (Vitality::Unconscious, Vitality::Dead) => (rule::UNCONSCIOUS_DAMAGE, 0),
            (_, Vitality::Dying | Vitality::Dead) if retainer => {
                (rule::RETAINER, rule_for(to, is_hero, stamina).1)
            }
            _ => rule_for(to, is_hero, stamina),
        };
        log.push(
            rule,
            Event::VitalityChanged {
                creature: id.0.clone(),
                from,
                to,
                stamina: stamina.current,
                threshold,
            },
        );
        *vitality = to;
        if to == Vitality::Unconscious && !prone {
            commands.entity(entity).insert(Prone);
            log.push(
                rule::KNOCKED_OUT,
                Event::ConditionGained {
                    creature: id.0.clone(),
                    condition: "prone".into(),
                },
            );
        }
    }
    hits.0.clear();
}

/// The state a creature in state `from` moves to after this command, or `None` when it stays.
/// `hit` is this command's hit on it (whether its attacker chose to knock it out); Director
/// creatures are spared at 0 when `spare_at_zero`.
fn next_vitality(
    from: Vitality,
    hit: Option<bool>,
    stamina: &Stamina,
    is_hero: bool,
    spare_at_zero: bool,
) -> Option<Vitality> {
    let by_stamina = vitality_for(stamina, is_hero);
    let to = match (from, hit) {
        (Vitality::Dead, _) => return None,
        (Vitality::Unconscious, Some(_)) => Vitality::Dead,
        // Stays out until something wakes it; regaining Stamina does not (L3086-3088).
        (Vitality::Unconscious, None) => return None,
        (_, Some(knock_out)) if by_stamina == Vitality::Dead => {
            if knock_out || (!is_hero && spare_at_zero) {
                Vitality::Unconscious
            } else {
                Vitality::Dead
            }
        }
        _ => by_stamina,
    };
    (to != from).then_some(to)
}

/// Check Catch Breath: a hero with a Recovery left, not dying, with a maneuver available.
pub fn validate_catch_breath(
    hero: Option<&Hero>,
    vitality: Vitality,
    budget: &ActionBudget,
) -> Result<(), RuleError> {
    let Some(hero) = hero else {
        return Err(RuleError::new(
            rule::CATCH_BREATH,
            "only heroes have Recoveries; Director creatures can't Catch Breath (seed 002 L3078)",
        ));
    };
    if vitality == Vitality::Dying {
        return Err(RuleError::new(
            rule::DYING,
            "a dying hero can't Catch Breath in combat (seed 002 L3070)",
        ));
    }
    if hero.recoveries == 0 {
        return Err(RuleError::new(rule::CATCH_BREATH, "no Recoveries left"));
    }
    budget.check(ActionKind::Maneuver)
}

/// Regain Stamina, never above the maximum (digest A-14); from below 0 the amount is added to
/// the current value. Temporary Stamina is never restored (seed 002 L3100).
pub fn regain(stamina: &mut Stamina, amount: i32) -> i32 {
    let before = stamina.current;
    stamina.current = (stamina.current + amount).min(stamina.max.max(stamina.current));
    stamina.current - before
}

/// Command stage: Catch Breath.
pub fn resolve_catch_breath(
    command: Res<CurrentCommand>,
    effects: Res<crate::terms::effect::Effects>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &mut Stamina, &mut Hero, &mut ActionBudget)>,
) {
    let Some(Command::CatchBreath { creature }) = &command.0 else {
        return;
    };
    let Some((id, mut stamina, mut hero, mut budget)) =
        creatures.iter_mut().find(|c| &c.0.0 == creature)
    else {
        return;
    };
    take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    hero.recoveries -= 1;
    log.push(
        rule::CATCH_BREATH,
        Event::RecoverySpent {
            creature: id.0.clone(),
            left: hero.recoveries,
        },
    );
    let before = stamina.current;
    let recovery_value = recovery_value(&effects, &id.0, &stamina);
    let amount = regain(&mut stamina, recovery_value);
    log.push(
        rule::CATCH_BREATH,
        Event::StaminaRegained {
            creature: id.0.clone(),
            amount,
            stamina_before: before,
            stamina_after: stamina.current,
        },
    );
}

/// Command stage: the Heal main action. A hero spends a Recovery for its recovery value; a
/// creature without Recoveries regains a third of its maximum (seed 002 L2954-2956, L3080).
pub fn resolve_heal(
    command: Res<CurrentCommand>,
    effects: Res<crate::terms::effect::Effects>,
    mut log: ResMut<EventLog>,
    mut healers: Query<(&CreatureId, &mut ActionBudget)>,
    mut targets: Query<(&CreatureId, &mut Stamina, Option<&mut Hero>)>,
) {
    let Some(Command::Heal { creature, target }) = &command.0 else {
        return;
    };
    if let Some((id, mut budget)) = healers.iter_mut().find(|c| &c.0.0 == creature) {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Main);
    }
    let Some((id, mut stamina, hero)) = targets.iter_mut().find(|c| &c.0.0 == target) else {
        return;
    };
    let amount = match hero {
        Some(mut hero) => {
            hero.recoveries -= 1;
            log.push(
                rule::HEAL,
                Event::RecoverySpent {
                    creature: id.0.clone(),
                    left: hero.recoveries,
                },
            );
            recovery_value(&effects, &id.0, &stamina)
        }
        None => stamina.max / 3,
    };
    let before = stamina.current;
    let gained = regain(&mut stamina, amount);
    log.push(
        rule::HEAL,
        Event::StaminaRegained {
            creature: id.0.clone(),
            amount: gained,
            stamina_before: before,
            stamina_after: stamina.current,
        },
    );
}

/// Command stage: the Defend main action.
pub fn resolve_defend(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(Entity, &CreatureId, &mut ActionBudget)>,
) {
    let Some(Command::Defend { creature }) = &command.0 else {
        return;
    };
    let Some((entity, id, mut budget)) = creatures.iter_mut().find(|c| &c.1.0 == creature) else {
        return;
    };
    take_action(&mut log, &mut budget, &id.0, ActionKind::Main);
    budget.defended = true;
    commands.entity(entity).insert(Defending);
    log.push(
        rule::DEFEND,
        Event::EffectStarted {
            creature: id.0.clone(),
            effect: "defending".into(),
        },
    );
}

/// The creature's recovery value: a third of its maximum Stamina, halved once (rounded down)
/// however many of its effects halve it (seed 002 L1675, L781; DS-CORE-49).
pub fn recovery_value(
    effects: &crate::terms::effect::Effects,
    creature: &str,
    stamina: &Stamina,
) -> i32 {
    let value = stamina.recovery_value();
    if effects
        .on(creature)
        .iter()
        .any(|e| e.lingering.halved_recovery_value)
    {
        value / 2
    } else {
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn hero(current: i32, max: i32) -> Vitality {
        vitality_for(
            &Stamina {
                current,
                max,
                temporary: 0,
            },
            true,
        )
    }

    #[test]
    fn ds_core_40_ds_combat_85_hero_thresholds() {
        assert_eq!(hero(13, 25), Vitality::Healthy);
        assert_eq!(hero(12, 25), Vitality::Winded);
        assert_eq!(hero(1, 25), Vitality::Winded);
        assert_eq!(hero(0, 25), Vitality::Dying);
        assert_eq!(hero(-11, 25), Vitality::Dying);
        assert_eq!(hero(-12, 25), Vitality::Dead);
        let s = Stamina {
            current: 25,
            max: 25,
            temporary: 0,
        };
        assert_eq!((s.winded_value(), s.recovery_value()), (12, 8));
    }

    #[test]
    fn director_creature_dead_at_zero_never_dying() {
        let s = Stamina {
            current: 0,
            max: 20,
            temporary: 0,
        };
        assert_eq!(vitality_for(&s, false), Vitality::Dead);
    }

    #[test]
    fn temporary_stamina_does_not_change_winded() {
        // DS-COMBAT-82: a hero at 12 of 30 who gains 10 temporary Stamina stays winded.
        let s = Stamina {
            current: 12,
            max: 30,
            temporary: 10,
        };
        assert_eq!(vitality_for(&s, true), Vitality::Winded);
    }

    #[test]
    fn regaining_from_below_zero_adds_and_caps_at_max() {
        let mut s = Stamina {
            current: -5,
            max: 30,
            temporary: 4,
        };
        assert_eq!(regain(&mut s, 10), 10);
        assert_eq!((s.current, s.temporary), (5, 4));
        let mut full = Stamina {
            current: 28,
            max: 30,
            temporary: 0,
        };
        assert_eq!(regain(&mut full, 10), 2);
    }
}
