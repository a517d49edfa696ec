//! The Free Strike main action: a hero's melee (2/5/7) or ranged (2/4/6) weapon free strike
//! plus Might or Agility, or a Director creature's fixed free-strike damage
//! (seed 002 L2950-3000).

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, ActionKind, Characteristic, Characteristics, CreatureId, CreatureRef, FreeStrike,
    Hero,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::event::{Event, EventLog, rule};
use crate::grid::Map;
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec};

/// Melee 1 or Ranged 5 (seed 002 L2980, L2991).
pub fn reach(ranged: bool) -> u32 {
    if ranged { 5 } else { 1 }
}

/// Check a free strike's target: another living creature within reach and line of effect.
pub fn validate_target(
    map: &Map,
    attacker: &CreatureRef,
    target: &CreatureRef,
    ranged: bool,
) -> Result<(), RuleError> {
    if attacker.id == target.id {
        return Err(RuleError::new(
            rule::FREE_STRIKE,
            "a free strike can't target its user",
        ));
    }
    if target.vitality == crate::creature::Vitality::Dead {
        return Err(RuleError::new(
            rule::FREE_STRIKE,
            format!(
                "{} is dead; it is an object now, not a creature to strike",
                target.id
            ),
        ));
    }
    let distance = attacker.footprint.distance(target.footprint);
    if distance > reach(ranged) {
        return Err(RuleError::new(
            rule::REACH,
            format!(
                "{} is {distance} squares away; a {} free strike reaches {}",
                target.id,
                if ranged { "ranged" } else { "melee" },
                reach(ranged)
            ),
        ));
    }
    if !map.line_of_effect(attacker.footprint, target.footprint) {
        return Err(RuleError::new(
            rule::LINE_OF_EFFECT,
            format!("no line of effect from {} to {}", attacker.id, target.id),
        ));
    }
    Ok(())
}

/// Whether the main action is left.
pub fn validate_main_budget(budget: &ActionBudget) -> Result<(), RuleError> {
    if budget.allows(ActionKind::Main) {
        Ok(())
    } else {
        Err(RuleError::new(
            rule::ACTION_ECONOMY,
            "no main action left this turn",
        ))
    }
}

/// Everything the free strike needs about the creatures involved, gathered while validating.
#[derive(Resource, Clone, Debug)]
pub struct CheckedStrike {
    pub attacker: Entity,
    pub target: Entity,
    pub target_surprised: bool,
    /// An enemy stands adjacent to the attacker (for the ranged bane, seed 002 L1436).
    pub enemy_adjacent: bool,
    pub attacker_prone: bool,
    pub target_prone: bool,
}

/// Command stage: the Free Strike.
pub fn resolve_free_strike(
    command: Res<CurrentCommand>,
    checked: Option<Res<CheckedStrike>>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut attackers: Query<(
        &CreatureId,
        &Characteristics,
        &FreeStrike,
        Option<&Hero>,
        &mut ActionBudget,
    )>,
    targets: Query<&CreatureId>,
) {
    let (
        Some(Command::FreeStrike {
            ranged,
            characteristic,
            tier,
            knock_out,
            edges,
            banes,
            bonus,
            penalty,
            ..
        }),
        Some(checked),
    ) = (&command.0, checked)
    else {
        return;
    };
    let Ok((id, chars, free_strike, hero, mut budget)) = attackers.get_mut(checked.attacker) else {
        return;
    };
    let Ok(target_id) = targets.get(checked.target) else {
        return;
    };
    budget.spend(ActionKind::Main);
    log.push(
        rule::ACTION_ECONOMY,
        Event::ActionUsed {
            creature: id.0.clone(),
            action: ActionKind::Main,
            traded_main: false,
        },
    );
    let damage = if hero.is_some() {
        // seed 002 L1549: "M or A" — the roller's choice, the higher by default.
        let ch = characteristic.unwrap_or(if chars.agility > chars.might {
            Characteristic::Agility
        } else {
            Characteristic::Might
        });
        let value = chars.get(ch);
        let mut spec = PowerRollSpec {
            characteristic: value,
            bonuses: *bonus,
            penalties: *penalty,
            main_action_ability: true,
            ..PowerRollSpec::default()
        };
        if checked.target_surprised {
            spec.edges.push(Modifier {
                rule: rule::SURPRISE_EDGE.id.into(),
                note: format!("{} is surprised", target_id.0),
            });
        }
        if checked.attacker_prone {
            spec.banes.push(Modifier {
                rule: rule::PRONE.id.into(),
                note: format!("{} is prone", id.0),
            });
        }
        if checked.target_prone && !*ranged {
            spec.edges.push(Modifier {
                rule: rule::PRONE.id.into(),
                note: format!("melee against prone {}", target_id.0),
            });
        }
        if *ranged && checked.enemy_adjacent {
            spec.banes.push(Modifier {
                rule: rule::RANGED_ADJACENT_BANE.id.into(),
                note: "an enemy is adjacent to the shooter".into(),
            });
        }
        for _ in 0..*edges {
            spec.edges.push(Modifier {
                rule: rule::EDGE_DIRECTOR.id.into(),
                note: "imposed by the Director".into(),
            });
        }
        for _ in 0..*banes {
            spec.banes.push(Modifier {
                rule: rule::EDGE_DIRECTOR.id.into(),
                note: "imposed by the Director".into(),
            });
        }
        let faces = [dice.d10(), dice.d10()];
        let mut roll = power_roll::resolve(&spec, faces, &options);
        if let Some(cap) = tier {
            roll.downgrade((*cap).min(roll.rolled_tier));
        }
        let critical = roll.critical;
        let applied = roll.tier;
        let downgraded = roll.tier < roll.rolled_tier;
        log.push(
            if downgraded {
                rule::DOWNGRADE
            } else {
                rule::POWER_ROLL
            },
            Event::PowerRolled {
                creature: id.0.clone(),
                ability: if *ranged {
                    "Ranged Weapon Free Strike"
                } else {
                    "Melee Weapon Free Strike"
                }
                .into(),
                target: target_id.0.clone(),
                roll,
            },
        );
        if critical {
            // seed 002 L1636: a critical hit grants an extra main action, kept on a downgrade.
            budget.main += 1;
            log.push(
                rule::CRITICAL_HIT,
                Event::ExtraMainAction {
                    creature: id.0.clone(),
                },
            );
        }
        let base = if *ranged { [2, 4, 6] } else { [2, 5, 7] };
        (applied.pick(base) + value).max(0) as u32
    } else {
        // Director creatures deal their fixed free-strike damage.
        free_strike.0
    };
    log.push(
        rule::FREE_STRIKE,
        Event::FreeStrikeHit {
            attacker: id.0.clone(),
            target: target_id.0.clone(),
            ranged: *ranged,
            damage,
        },
    );
    pending.0.push(DamageRequest {
        target: checked.target,
        source: id.0.clone(),
        amount: damage,
        damage_type: None,
        halved: false,
        knock_out: *knock_out,
    });
}

/// Whether any living enemy of `side` stands adjacent to `who`.
pub fn enemy_adjacent(who: &CreatureRef, others: &[CreatureRef]) -> bool {
    others.iter().any(|o| {
        o.side != who.side && o.vitality.can_act() && o.footprint.is_adjacent(who.footprint)
    })
}
