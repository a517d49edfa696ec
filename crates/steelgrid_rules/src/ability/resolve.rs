//! Using an ability: one power roll for every target, each target's own edges and banes and
//! tier, critical hits, damage, then forced movement, then conditions behind their potencies
//! (seed 002 L1522-1675; digest §24-29, §9.1).

pub use crate::turn::pending::DeferredCondition;

use bevy_ecs::prelude::*;
use serde::Serialize;
use steelgrid_kernel::check::Checked;

use crate::ability::{Ability, ActionType, ConditionEffect, Cost, Keyword, Outcome};
use crate::command::{Command, CurrentCommand};
use crate::condition::{Afflicted, BleedsOnUse, Condition, Conditions};
use crate::creature::{
    ActionBudget, Characteristic, Characteristics, CreatureId, CreatureSize, Hero, Position, Side,
    Stamina, Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::director::malice::{Boost, Malice};
use crate::director::squad::{AreaDamage, Squads};
use crate::event::{Event, EventLog};
use crate::forced::PendingForced;
use crate::grid::Square;
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule;
use crate::turn::{TurnState, take_action};

/// One target as validation found it.
#[derive(Clone, Debug)]
pub struct CheckedTarget {
    pub entity: Entity,
    pub id: String,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    /// Restrained, or grabbed by someone other than the user: it can't be force-moved.
    pub unmovable: Option<String>,
    /// A triggered answer halved the ability's damage to it (`trigger_targeted`).
    pub halved: bool,
}

/// Everything the ability needs, gathered while validating.
#[derive(Clone, Debug)]
pub struct CheckedAbility {
    pub user: Entity,
    pub ability: Ability,
    /// The characteristic rolled (and added to damage).
    pub characteristic: Option<Characteristic>,
    /// The area's squares, for areas.
    pub area: Vec<Square>,
    pub targets: Vec<CheckedTarget>,
    pub surges: crate::ability::hero_token::SurgeSpend,
    /// A consumable the user carries: used up (seed 002 L2928-2930).
    pub consumable: bool,
    /// The user pays for the ability's optional extra.
    pub spend: bool,
    /// Objects targeted, by square.
    pub objects: Vec<Square>,
    /// Squad members striking with the user (seed 002 L4420-4428).
    pub squad: Option<SquadStrike>,
}

/// A minion squad's signature strike made together: one roll, one instance per target.
#[derive(Clone, Debug)]
pub struct SquadStrike {
    pub squad: String,
    /// The members joining the user, each with its target.
    pub members: Vec<(Entity, String, String)>,
    /// Targets struck by two or three members: the count and the free strikes they add.
    pub ganging: Vec<(String, u32, u32)>,
}

/// What an ability would do if used now, for the client's aim and the AI: the area's squares
/// and, for each target, its edges and banes, its odds of each tier and each tier's outcome.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct AbilityPreview {
    pub ability: String,
    pub area: Vec<Square>,
    pub targets: Vec<TargetPreview>,
    /// The objects it would damage (seed 002 L1494-1498).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub objects: Vec<ObjectPreview>,
}

/// An object an ability would hit: the same roll, without edges or banes, and only damage.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct ObjectPreview {
    pub square: Square,
    /// Its Stamina now.
    pub stamina: u32,
    /// Chance of tier 1, 2, 3; none for an ability without a power roll.
    pub odds: Option<[f64; 3]>,
    /// The damage each tier (or the effect alone) deals it, the effect's included; poison and
    /// psychic deal none (seed 002 L3106).
    pub damage: Vec<u32>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct TargetPreview {
    pub id: String,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    /// Chance of tier 1, 2, 3; none for an ability without a power roll.
    pub odds: Option<[f64; 3]>,
    /// Each tier's outcome in words (or the effect alone for an unrolled ability).
    pub outcomes: Vec<String>,
    /// The same outcomes in numbers, for the AI.
    pub numbers: Vec<OutcomeNumbers>,
}

/// What one outcome does, counted: damage before weakness and immunity, squares of forced
/// movement, conditions it may impose (potency not yet checked), temporary Stamina.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OutcomeNumbers {
    pub damage: u32,
    pub forced: u32,
    pub conditions: u32,
    pub temporary_stamina: u32,
    /// It gives back the recovery value.
    pub recovery: bool,
}

impl OutcomeNumbers {
    fn of<'a>(outcomes: impl IntoIterator<Item = &'a Outcome>, added: i32) -> Self {
        outcomes
            .into_iter()
            .fold(OutcomeNumbers::default(), |n, o| OutcomeNumbers {
                damage: n.damage + damage_of(o, added).map_or(0, |d| d.0),
                forced: n.forced + o.forced.map_or(0, |f| f.distance),
                conditions: n.conditions + o.conditions.len() as u32,
                temporary_stamina: n.temporary_stamina + o.temporary_stamina,
                recovery: n.recovery || o.recovery_value,
            })
    }
}

impl CheckedAbility {
    /// The preview of this checked use on `map`, rolling nothing.
    pub fn preview(
        &self,
        user: &Characteristics,
        options: &RulesOptions,
        map: &crate::grid::Map,
    ) -> AbilityPreview {
        let added = self.characteristic.map_or(0, |c| user.get(c));
        let ability = &self.ability;
        let effect = ability.effect.as_ref().map(|e| e.describe(added));
        let targets = self
            .targets
            .iter()
            .map(|t| {
                let numbers: Vec<OutcomeNumbers> = match &ability.power_roll {
                    Some(roll) => [&roll.tier1, &roll.tier2, &roll.tier3]
                        .map(|o| {
                            OutcomeNumbers::of(std::iter::once(o).chain(&ability.effect), added)
                        })
                        .to_vec(),
                    None => vec![OutcomeNumbers::of(&ability.effect, added)],
                };
                let (odds, outcomes) = match &ability.power_roll {
                    Some(roll) => {
                        let spec = PowerRollSpec {
                            characteristic: added,
                            edges: t.edges.clone(),
                            banes: t.banes.clone(),
                            main_action_ability: ability.action == ActionType::MainAction,
                            ..PowerRollSpec::default()
                        };
                        let tiers = [&roll.tier1, &roll.tier2, &roll.tier3]
                            .map(|o| {
                                let mut text = o.describe(added);
                                if let Some(e) = &effect {
                                    text.push_str("; ");
                                    text.push_str(e);
                                }
                                text
                            })
                            .to_vec();
                        (Some(power_roll::tier_odds(&spec, options)), tiers)
                    }
                    None => (None, effect.iter().cloned().collect()),
                };
                TargetPreview {
                    id: t.id.clone(),
                    edges: t.edges.clone(),
                    banes: t.banes.clone(),
                    odds,
                    outcomes,
                    numbers,
                }
            })
            .collect();
        AbilityPreview {
            ability: ability.name.clone(),
            area: self.area.clone(),
            targets,
            objects: self.object_previews(added, options, map),
        }
    }

    /// The objects it would hit, as `hit_objects` will: rolled without edges or banes.
    fn object_previews(
        &self,
        added: i32,
        options: &RulesOptions,
        map: &crate::grid::Map,
    ) -> Vec<ObjectPreview> {
        let ability = &self.ability;
        let effect = object_damage(ability.effect.as_ref(), added);
        let damage: Vec<u32> = match &ability.power_roll {
            Some(roll) => [&roll.tier1, &roll.tier2, &roll.tier3]
                .map(|o| object_damage(Some(o), added) + effect)
                .to_vec(),
            None => vec![effect],
        };
        let odds = ability.power_roll.as_ref().map(|_| {
            let spec = PowerRollSpec {
                characteristic: added,
                ..PowerRollSpec::default()
            };
            power_roll::tier_odds(&spec, options)
        });
        self.objects
            .iter()
            .filter_map(|&square| {
                let stamina = map.cell(square)?.object_stamina?;
                Some(ObjectPreview {
                    square,
                    stamina,
                    odds,
                    damage: damage.clone(),
                })
            })
            .collect()
    }
}

/// The targets whose damage from the ability just used may heal its user, for the damage
/// stage's `heal_by_damage` (seed 002 L4284-4286).
#[derive(Resource, Clone, Debug, Default)]
pub struct HealByDamage {
    pub user: Option<Entity>,
    pub targets: Vec<String>,
}

/// Damage stage, after the damage is dealt: an ability that heals its user by the damage it
/// deals heals one instance's worth, not the sum over its targets (seed 002 L4284-4286); when
/// the targets took different amounts, the largest (digest A-32). The amount is the damage
/// dealt, after weakness and immunity; a squad's one hit counts as one instance. A dead user
/// heals nothing.
pub fn heal_by_damage(
    start: Res<crate::turn::aid::CommandLogStart>,
    mut heal: ResMut<HealByDamage>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &mut Stamina, &Vitality)>,
) {
    let HealByDamage { user, targets } = std::mem::take(&mut *heal);
    let Some(Ok((id, mut stamina, vitality))) = user.map(|u| creatures.get_mut(u)) else {
        return;
    };
    if *vitality == Vitality::Dead {
        return;
    }
    let from_user = |source: &str| source == id.0;
    let largest = log.events[start.0.min(log.events.len())..]
        .iter()
        .filter_map(|e| match &e.event {
            Event::Damaged {
                target,
                source,
                amount,
                ..
            } if from_user(source) && targets.contains(target) => Some(*amount),
            Event::SquadDamaged {
                source,
                hits,
                amount,
                ..
            } if from_user(source) && hits.iter().any(|(m, _)| targets.contains(m)) => {
                Some(*amount)
            }
            _ => None,
        })
        .max()
        .unwrap_or(0);
    if largest == 0 {
        return;
    }
    let before = stamina.current;
    let amount = crate::damage::stamina::regain(&mut stamina, largest as i32);
    log.push(
        rule::HEAL_BY_DAMAGE,
        Event::StaminaRegained {
            creature: id.0.clone(),
            amount,
            stamina_before: before,
            stamina_after: stamina.current,
        },
    );
}

/// The user's characteristic value a tier's damage adds.
fn damage_of(outcome: &Outcome, added: i32) -> Option<(u32, Option<crate::damage::DamageType>)> {
    outcome.damage.map(|d| {
        let n = d.base as i32 + if d.plus_characteristic { added } else { 0 };
        (n.max(0) as u32, d.kind)
    })
}

/// Command stage: resolve a checked `UseAbility`.
#[allow(clippy::too_many_arguments)]
pub fn resolve_ability(
    command: Res<CurrentCommand>,
    checked_results: Res<Checked>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut turn: ResMut<TurnState>,
    mut pending: ResMut<PendingDamage>,
    mut bleeds: ResMut<BleedsOnUse>,
    mut new_zone: ResMut<crate::ability::zone::NewZone>,
    mut consumables: Query<&mut crate::creature::Consumables>,
    mut map: ResMut<crate::grid::Map>,
    mut malice: ResMut<Malice>,
    (mut area, mut squads): (ResMut<AreaDamage>, ResMut<Squads>),
    (retainers, mut heal): (Query<&crate::creature::Retainer>, ResMut<HealByDamage>),
    (minions, mut effects, zones, bodies): (
        Query<&crate::creature::Minion>,
        ResMut<crate::condition::effect::Effects>,
        Query<&crate::ability::zone::Zone>,
        Query<(&CreatureId, &Side, &Position, &CreatureSize, &Vitality)>,
    ),
    mut creatures: Query<(
        &CreatureId,
        &Characteristics,
        &mut ActionBudget,
        Option<&mut Hero>,
        &mut Stamina,
        &Conditions,
    )>,
) {
    let (
        Some(Command::UseAbility {
            tier,
            ability: ability_id,
            ranged,
            user_tier,
            ..
        }),
        Some(checked),
    ) = (&command.0, checked_results.get::<CheckedAbility>())
    else {
        return;
    };
    let ability = &checked.ability;
    let Ok((id, chars, mut budget, hero, _, _)) = creatures.get_mut(checked.user) else {
        return;
    };
    let by = id.0.clone();
    if checked.consumable
        && let Ok(mut carried) = consumables.get_mut(checked.user)
        && let Some(i) = carried.0.iter().position(|c| c == ability_id)
    {
        carried.0.remove(i);
        log.push(
            rule::USE_CONSUMABLE,
            Event::ConsumableUsed {
                creature: by.clone(),
                item: ability.name.clone(),
                left: carried.0.iter().filter(|c| *c == ability_id).count() as u32,
            },
        );
    }
    let chars = *chars;
    if let Some(kind) = ability.action.spends() {
        take_action(&mut log, &mut budget, &by, kind);
    }
    if let Some(strike) = &checked.squad {
        // seed 002 L4410-4412: the members' main actions go to the squad's strike together.
        for (_, minion, target) in &strike.members {
            log.push(
                rule::SQUAD_STRIKE,
                Event::SquadStrikeJoined {
                    squad: strike.squad.clone(),
                    minion: minion.clone(),
                    target: target.clone(),
                },
            );
        }
    }
    let is_hero = hero.is_some();
    // seed 002 L1438-1442: the kit's ranged weapon bonus when used at range, else its melee
    // one, never both (DS-CORE-86).
    let kit_bonus = hero
        .as_ref()
        .map_or(0, |h| h.kit.weapon_damage_bonus(ability, *ranged));
    if let Some(mut hero) = hero
        && let Some(Cost::Resource(n)) = ability.cost
    {
        hero.heroic_resource -= n as i32;
        log.push(
            rule::HEROIC_RESOURCE,
            Event::ResourceSpent {
                creature: by.clone(),
                amount: n,
                left: hero.heroic_resource,
            },
        );
    }
    // seed 002 L1652: a damage surge adds the highest characteristic of the hero whose surges
    // pay: the user's own, or a retainer's mentor's (L4772).
    let mut surge_value = chars.highest().max(0) as u32;
    let s = &checked.surges;
    let payer = retainers
        .get(checked.user)
        .map_or(by.as_str(), |r| r.mentor.as_str());
    if !s.is_empty()
        && let Some((_, payer_chars, _, Some(mut hero), ..)) =
            creatures.iter_mut().find(|c| c.0.0 == payer)
    {
        surge_value = payer_chars.highest().max(0) as u32;
        hero.surges -= s.cost();
        log.push(
            if payer == by {
                rule::SURGES
            } else {
                rule::RETAINER
            },
            Event::SurgesSpent {
                creature: by.clone(),
                damage: s.damage,
                damage_target: s.damage_target.clone(),
                potency: s.potency.clone(),
                left: hero.surges,
            },
        );
    }
    log.push(
        if ability.action == ActionType::VillainAction {
            rule::VILLAIN_ACTION
        } else if ability.distance.is_area() {
            rule::AREA
        } else {
            rule::ABILITY
        },
        Event::AbilityUsed {
            creature: by.clone(),
            ability: ability.name.clone(),
            distance: ability.distance.label(),
            targets: checked.targets.iter().map(|t| t.id.clone()).collect(),
            area: checked.area.clone(),
        },
    );
    let added = checked.characteristic.map_or(0, |c| chars.get(c));
    let main_action = ability.action == ActionType::MainAction;
    // seed 002 L1640-1644: one roll for every target.
    let faces = (ability.power_roll.is_some() && !checked.targets.is_empty())
        .then(|| [dice.d10(), dice.d10()]);
    let mut critical = false;
    let mut tiers = Vec::new();
    if let Some(faces) = faces.or_else(|| {
        (ability.power_roll.is_some() && !checked.objects.is_empty())
            .then(|| [dice.d10(), dice.d10()])
    }) {
        hit_objects(
            &checked.objects,
            ability,
            faces,
            added,
            &options,
            &by,
            &mut map,
            &mut log,
        );
    } else if !checked.objects.is_empty() {
        // No roll: the effect's damage alone.
        let effect = ability.effect.as_ref();
        for &sq in &checked.objects {
            damage_object(&mut map, &mut log, sq, effect, added);
        }
    }
    for t in &checked.targets {
        let Some(faces) = faces else {
            tiers.push(None);
            continue;
        };
        let spec = PowerRollSpec {
            characteristic: added,
            edges: t.edges.clone(),
            banes: t.banes.clone(),
            main_action_ability: main_action,
            ..PowerRollSpec::default()
        };
        let mut roll = power_roll::resolve(&spec, faces, &options);
        if let Some(cap) = tier {
            roll.downgrade((*cap).min(roll.rolled_tier));
        }
        critical |= roll.critical;
        tiers.push(Some(roll.tier));
        log.push(
            if roll.tier < roll.rolled_tier {
                rule::DOWNGRADE
            } else {
                rule::POWER_ROLL
            },
            Event::PowerRolled {
                creature: by.clone(),
                ability: ability.name.clone(),
                target: t.id.clone(),
                roll,
            },
        );
    }
    if critical && let Ok((_, _, mut budget, ..)) = creatures.get_mut(checked.user) {
        // seed 002 L1636: a natural 19-20 on a main-action ability roll: one more main action.
        budget.main += 1;
        log.push(
            rule::CRITICAL_HIT,
            Event::ExtraMainAction {
                creature: by.clone(),
            },
        );
    }
    if let Some(strike) = &checked.squad
        && let Some(squad) = squads.0.get_mut(&strike.squad)
    {
        // seed 002 L4428: a critical hit gives every member that took part an extra main
        // action, which each takes on its own turn; one whose turn is over (it only moved)
        // has no turn left to take it in.
        for (entity, minion, _) in &strike.members {
            if turn.acted.contains(minion) {
                if let Ok((_, _, mut budget, ..)) = creatures.get_mut(*entity) {
                    budget.main = 0;
                }
                continue;
            }
            squad.joined.insert(
                minion.clone(),
                crate::director::squad::Joined {
                    round: turn.round,
                    extra_main: u32::from(critical),
                },
            );
            if critical {
                log.push(
                    rule::SQUAD_STRIKE,
                    Event::ExtraMainAction {
                        creature: minion.clone(),
                    },
                );
            }
        }
    }
    // seed 002 L2762-2764: big versus little is for weapon abilities used in melee; a "Melee
    // or Ranged" one counts as melee only when used in melee (digest §16.4).
    let melee_weapon = ability.has(Keyword::Weapon)
        && match ability.distance.reach(*ranged) {
            Some((at_range, _)) => !at_range,
            None => ability.has(Keyword::Melee),
        };
    area.0 = ability.distance.is_area();
    if ability.action == ActionType::VillainAction {
        malice
            .villain_actions_used
            .push((by.clone(), ability_id.clone()));
        malice.villain_action_round = Some(turn.round);
    }
    let squad_of = |e: Entity| {
        minions
            .get(e)
            .ok()
            .and_then(|m| m.squad.as_ref())
            .and_then(|s| squads.0.get(s))
    };
    // seed 002 L4454-4456: a captained member's strike adds the squad's damage bonus, once per
    // target (digest A-16).
    let captain_bonus = squad_of(checked.user)
        .filter(|_| ability.is_strike())
        .map_or(0, |s| s.bonus().damage);
    // seed 002 L4356-4362: a bought Brutal Effectiveness or Malicious Strike is used up by the
    // first ability it can add to.
    let mut boost = malice.boosts.get(&by).copied().unwrap_or_default();
    let potency_boost = if boost.potency > 0 && ability.has_potency() {
        std::mem::take(&mut boost.potency)
    } else {
        0
    };
    let mut strike_boost = if boost.strike > 0 && ability.is_strike() {
        std::mem::take(&mut boost.strike)
    } else {
        0
    };
    if potency_boost > 0 {
        log.push(
            rule::BRUTAL_EFFECTIVENESS,
            Event::MaliceBoostUsed {
                creature: by.clone(),
                feature: "Brutal Effectiveness".into(),
                target: None,
                amount: potency_boost as u32,
            },
        );
    }
    if boost == Boost::default() {
        malice.boosts.remove(&by);
    } else {
        malice.boosts.insert(by.clone(), boost);
    }
    // seed 002 L1622-1624: the user's lingering effects and its enemies' areas around it shift
    // its potencies; one ability's shifts count once (L1669-1673; DS-CORE-46, DS-CORE-47).
    let potency_shift = {
        let body = |id: &str| bodies.iter().find(|b| b.0.0 == id);
        let footprint = |b: (&CreatureId, &Side, &Position, &CreatureSize, &Vitality)| {
            crate::grid::Footprint::new(b.2.0, b.3.0)
        };
        let areas = body(&by).map_or(Vec::new(), |me| {
            crate::ability::zone::potency_penalties(
                zones.iter(),
                &map,
                footprint(me),
                *me.1,
                |owner| {
                    body(owner)
                        .filter(|o| *o.4 != Vitality::Dead)
                        .map(|o| (*o.1, footprint(o)))
                },
            )
        });
        let lingering = effects
            .on(&by)
            .iter()
            .map(|e| (e.ability.as_str(), e.lingering.potency));
        crate::condition::effect::stack(lingering.chain(areas))
    };
    let mut extra_landed = false;
    let mut any_landed = false;
    let mut forced = Vec::new();
    for (t, tier) in checked.targets.iter().zip(&tiers) {
        // The tier's outcome is rolled damage; the effect's is not (seed 002 L1571-1573).
        let extra = ability.spend.as_ref().filter(|_| checked.spend);
        let outcomes: Vec<(bool, &Outcome)> = tier
            .and_then(|tier| ability.power_roll.as_ref().map(|r| (true, r.outcome(tier))))
            .into_iter()
            .chain(ability.effect.as_ref().map(|e| (false, e)))
            .chain(extra.map(|s| (false, &s.effect)))
            .collect();
        for (rolled, outcome) in outcomes {
            let spent_on = extra.is_some_and(|s| std::ptr::eq(&s.effect, outcome));
            log.push(
                rule::ABILITY_OUTCOME,
                Event::AbilityOutcome {
                    creature: by.clone(),
                    ability: ability.name.clone(),
                    target: t.id.clone(),
                    tier: *tier,
                    text: outcome.describe(added),
                },
            );
            if let Some((mut amount, damage_type)) = damage_of(outcome, added) {
                if rolled && checked.surges.damage_target.as_deref() == Some(&t.id) {
                    // seed 002 L1652: + the highest characteristic per surge.
                    amount += checked.surges.damage * surge_value;
                }
                if rolled {
                    amount += captain_bonus;
                }
                if rolled && kit_bonus > 0 {
                    amount += kit_bonus;
                    log.push(
                        rule::KIT_BONUS,
                        Event::AbilityOutcome {
                            creature: by.clone(),
                            ability: ability.name.clone(),
                            target: t.id.clone(),
                            tier: *tier,
                            text: format!("+{kit_bonus} damage from the kit's weapon bonus"),
                        },
                    );
                }
                if rolled
                    && let Some(strike) = &checked.squad
                    && let Some(&(_, members, extra)) = strike.ganging.iter().find(|g| g.0 == t.id)
                {
                    // seed 002 L4424-4426: each second and third member on the target adds its
                    // free strike to the one instance.
                    amount += extra;
                    log.push(
                        rule::SQUAD_STRIKE,
                        Event::SquadGangedUp {
                            squad: strike.squad.clone(),
                            target: t.id.clone(),
                            members,
                            extra,
                        },
                    );
                }
                if rolled && strike_boost > 0 {
                    // seed 002 L4362: Malicious Strike's damage goes to one target, the first
                    // the strike damages.
                    amount += strike_boost;
                    log.push(
                        rule::MALICIOUS_STRIKE,
                        Event::MaliceBoostUsed {
                            creature: by.clone(),
                            feature: "Malicious Strike".into(),
                            target: Some(t.id.clone()),
                            amount: std::mem::take(&mut strike_boost),
                        },
                    );
                }
                pending.0.push(DamageRequest {
                    target: t.entity,
                    source: by.clone(),
                    amount,
                    damage_type,
                    halved: t.halved,
                    knock_out: false,
                });
                if outcome.heal_by_damage {
                    heal.user = Some(checked.user);
                    heal.targets.push(t.id.clone());
                }
            }
            if let Some(f) = outcome.forced {
                match &t.unmovable {
                    Some(why) => log.push(
                        rule::FORCED_DISTANCE,
                        Event::ForcedMovementPrevented {
                            target: t.id.clone(),
                            reason: why.clone(),
                        },
                    ),
                    None => forced.push(PendingForced {
                        source: ability.name.clone(),
                        forcer: by.clone(),
                        target: t.id.clone(),
                        kind: f.kind,
                        distance: f.distance,
                        melee_weapon,
                        vertical: f.vertical,
                    }),
                }
            }
            crate::ability::granted::grant(&mut turn, &mut log, &ability.name, &by, &t.id, outcome);
            if outcome.recovery_value
                && squad_of(t.entity).is_none()
                && let Ok((_, _, _, _, mut stamina, _)) = creatures.get_mut(t.entity)
            {
                let before = stamina.current;
                let value = crate::damage::stamina::recovery_value(&effects, &t.id, &stamina);
                let amount = crate::damage::stamina::regain(&mut stamina, value);
                log.push(
                    rule::ABILITY_OUTCOME,
                    Event::StaminaRegained {
                        creature: t.id.clone(),
                        amount,
                        stamina_before: before,
                        stamina_after: stamina.current,
                    },
                );
            }
            if outcome.temporary_stamina > 0
                && squad_of(t.entity).is_none()
                && let Ok((_, _, _, _, mut stamina, _)) = creatures.get_mut(t.entity)
            {
                // Temporary Stamina doesn't stack: the higher amount stays (seed 002 L3094-3102).
                stamina.temporary = stamina.temporary.max(outcome.temporary_stamina as i32);
                log.push(
                    rule::TEMPORARY_STAMINA,
                    Event::TemporaryStaminaGained {
                        creature: t.id.clone(),
                        amount: outcome.temporary_stamina,
                        now: stamina.temporary,
                    },
                );
            }
            if let Some(lingering) = outcome.lingering {
                // seed 002 L1669-1671: the same ability again doesn't stack (DS-CORE-47).
                let own_turn = turn.current.as_deref() == Some(by.as_str());
                let now = effects.add(
                    &t.id,
                    crate::condition::effect::Effect::new(&ability.name, &by, lingering, own_turn),
                );
                log.push(
                    rule::LINGERING,
                    Event::EffectStarted {
                        creature: t.id.clone(),
                        effect: now.label(),
                    },
                );
            }
            for c in &outcome.conditions {
                let Ok((_, target_chars, ..)) = creatures.get(t.entity) else {
                    continue;
                };
                if let Some(p) = c.potency {
                    let raised = i32::from(checked.surges.potency.contains(&t.id)) + potency_boost;
                    let value = p.value(&chars) + raised + potency_shift;
                    let score = target_chars.get(p.resisted_by);
                    let lands = score < value;
                    log.push(
                        rule::POTENCY,
                        Event::PotencyChecked {
                            target: t.id.clone(),
                            characteristic: p.resisted_by,
                            score,
                            potency: value,
                            lands,
                        },
                    );
                    if !lands {
                        continue;
                    }
                    any_landed = true;
                    extra_landed |= spent_on;
                }
                turn.deferred_conditions.push(deferred(&by, &t.id, c));
            }
        }
    }
    // seed 002 L1565: what an outcome does for its user happens once, not once per target; when
    // the targets got different tiers the user picks whose: `user_tier` if a target got it,
    // else the highest (DS-CORE-26).
    let got: Vec<Tier> = tiers.iter().flatten().copied().collect();
    let picked = user_tier
        .filter(|t| got.contains(t))
        .or_else(|| got.iter().max().copied());
    let spent = ability.spend.as_ref().filter(|_| checked.spend);
    let for_user: Vec<(Option<Tier>, &Outcome)> = picked
        .zip(ability.power_roll.as_ref())
        .map(|(t, r)| (Some(t), r.outcome(t)))
        .into_iter()
        .chain(ability.effect.as_ref().map(|e| (None, e)))
        .chain(spent.map(|s| (None, &s.effect)))
        .filter(|(_, o)| o.user_temporary_stamina > 0 && !checked.targets.is_empty())
        .collect();
    for (tier, outcome) in for_user {
        let Ok((_, _, _, _, mut stamina, _)) = creatures.get_mut(checked.user) else {
            break;
        };
        let amount = outcome.user_temporary_stamina;
        log.push(
            rule::USER_OUTCOME,
            Event::AbilityOutcome {
                creature: by.clone(),
                ability: ability.name.clone(),
                target: by.clone(),
                tier,
                text: format!("the user gains {amount} temporary Stamina, once"),
            },
        );
        // Temporary Stamina doesn't stack: the higher amount stays (seed 002 L3094-3102).
        stamina.temporary = stamina.temporary.max(amount as i32);
        log.push(
            rule::TEMPORARY_STAMINA,
            Event::TemporaryStaminaGained {
                creature: by.clone(),
                amount,
                now: stamina.temporary,
            },
        );
    }
    if !is_hero {
        // seed 002 L4342: a monster pays its ability's cost and extras in Malice; Malice spent
        // on what only a potency could land, resisted by every target, is kept (Heroes L1632;
        // digest A-08).
        let cost = match ability.cost {
            Some(Cost::Malice(n) | Cost::Resource(n)) => n,
            None => 0,
        };
        let extra = ability.spend.as_ref().filter(|_| checked.spend);
        for (amount, kept, what) in [
            (cost, ability.potency_only() && !any_landed, "its cost"),
            (
                extra.map_or(0, |s| s.cost),
                extra.is_some_and(|s| s.potency_only()) && !extra_landed,
                "its extra",
            ),
        ] {
            if amount == 0 {
                continue;
            }
            if kept {
                log.push(
                    rule::POTENCY,
                    Event::MaliceKept {
                        creature: by.clone(),
                        amount,
                    },
                );
            } else {
                malice.current -= amount;
                malice.spent += amount;
                log.push(
                    rule::MALICE_SPEND,
                    Event::MaliceSpent {
                        creature: by.clone(),
                        feature: ability.name.clone(),
                        amount,
                        left: malice.current,
                        effect: what.into(),
                    },
                );
            }
        }
    } else if let Some(s) = ability.spend.as_ref().filter(|_| checked.spend)
        && let Ok((_, _, _, Some(mut hero), ..)) = creatures.get_mut(checked.user)
    {
        // seed 002 L1626-1632: an extra that only a potency could land, resisted by every
        // target, costs nothing.
        if s.potency_only() && !extra_landed {
            log.push(
                rule::POTENCY,
                Event::ResourceKept {
                    creature: by.clone(),
                    amount: s.cost,
                },
            );
        } else {
            hero.heroic_resource -= s.cost as i32;
            log.push(
                rule::HEROIC_RESOURCE,
                Event::ResourceSpent {
                    creature: by.clone(),
                    amount: s.cost,
                    left: hero.heroic_resource,
                },
            );
        }
    }
    // The user picks the order of several targets' forced movement by the order it named them.
    let mut forced = forced.into_iter();
    if let Some(first) = forced.next() {
        for p in std::iter::once(&first).chain(forced.as_slice()) {
            log.push(
                rule::FORCED_DISTANCE,
                Event::ForcedMovementPending { pending: p.clone() },
            );
        }
        turn.pending_forced = Some(first);
        turn.queued_forced.extend(forced);
    }
    if let Some(lasting) = ability.lasting {
        // "Until the end of your next turn": made on its own turn, the owner's turn has to end
        // twice.
        let own_turn = turn.current.as_deref() == Some(by.as_str());
        new_zone.0 = Some(crate::ability::zone::Zone {
            seq: 0,
            owner: by.clone(),
            ability: ability.name.clone(),
            aura: match ability.distance {
                crate::ability::Distance::Aura(n) => Some(n),
                _ => None,
            },
            squares: checked.area.clone(),
            lasting,
            turns_left: if own_turn { 2 } else { 1 },
            replaced: Vec::new(),
        });
    }
    let rolled_might_or_agility = ability.power_roll.is_some()
        && matches!(
            checked.characteristic,
            Some(Characteristic::Might | Characteristic::Agility)
        );
    // seed 002 L1729: using a triggered action makes a bleeding user bleed too.
    bleeds.0 = Some(main_action || ability.is_triggered() || rolled_might_or_agility);
}

/// Objects take the rolled tier's damage (the same roll, no edges or banes) and the effect's,
/// and ignore everything else (seed 002 L1494-1498; DS-CORE-68).
#[allow(clippy::too_many_arguments)]
fn hit_objects(
    objects: &[Square],
    ability: &Ability,
    faces: [u32; 2],
    added: i32,
    options: &RulesOptions,
    by: &str,
    map: &mut crate::grid::Map,
    log: &mut EventLog,
) {
    let Some(roll) = &ability.power_roll else {
        return;
    };
    let spec = PowerRollSpec {
        characteristic: added,
        ..PowerRollSpec::default()
    };
    let result = power_roll::resolve(&spec, faces, options);
    for &sq in objects {
        log.push(
            rule::POWER_ROLL,
            Event::PowerRolled {
                creature: by.to_owned(),
                ability: ability.name.clone(),
                target: format!("the object at {sq}"),
                roll: result.clone(),
            },
        );
        damage_object(map, log, sq, Some(roll.outcome(result.tier)), added);
        damage_object(map, log, sq, ability.effect.as_ref(), added);
    }
}

/// An outcome's damage to the object at `sq`: poison and psychic do nothing to objects
/// (immunity all); at 0 Stamina it is destroyed.
fn damage_object(
    map: &mut crate::grid::Map,
    log: &mut EventLog,
    sq: Square,
    outcome: Option<&Outcome>,
    added: i32,
) {
    if outcome.and_then(|o| o.damage).is_none() {
        return;
    }
    let amount = object_damage(outcome, added);
    let Some(cell) = map.cell(sq).copied() else {
        return;
    };
    let Some(stamina) = cell.object_stamina else {
        return;
    };
    let left = stamina.saturating_sub(amount);
    log.push(
        rule::ABILITY_TARGET,
        Event::ObjectDamaged {
            square: sq,
            amount,
            left,
        },
    );
    if left == 0 {
        map.set_cell(
            sq,
            crate::grid::Cell {
                terrain: crate::grid::Terrain::Floor,
                object_stamina: None,
                ..cell
            },
        );
        log.push(
            rule::OBJECT_DESTROYED,
            Event::ObjectDestroyed { square: sq },
        );
    } else {
        map.set_cell(
            sq,
            crate::grid::Cell {
                object_stamina: Some(left),
                ..cell
            },
        );
    }
}

/// The damage an outcome deals an object: none of poison or psychic, to which objects are
/// immune (seed 002 L1496, L3106).
fn object_damage(outcome: Option<&Outcome>, added: i32) -> u32 {
    use crate::damage::DamageType;
    match outcome.and_then(|o| damage_of(o, added)) {
        Some((_, Some(DamageType::Poison | DamageType::Psychic))) | None => 0,
        Some((amount, _)) => amount,
    }
}

fn deferred(by: &str, target: &str, c: &ConditionEffect) -> DeferredCondition {
    DeferredCondition {
        target: target.to_owned(),
        afflicted: Afflicted {
            condition: c.condition,
            duration: c.duration,
            source: by.to_owned(),
        },
    }
}

/// Stamina stage: once no forced movement is waiting, impose the conditions the last ability
/// left, after its damage (a creature it killed gains nothing).
pub fn impose_deferred_conditions(
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &Vitality, &mut Conditions)>,
) {
    if turn.pending_forced.is_some() || turn.deferred_conditions.is_empty() {
        return;
    }
    for d in std::mem::take(&mut turn.deferred_conditions) {
        let Some((_, vitality, mut conditions)) = creatures.iter_mut().find(|c| c.0.0 == d.target)
        else {
            continue;
        };
        if *vitality == Vitality::Dead {
            continue;
        }
        let condition: Condition = d.afflicted.condition;
        let replaced = conditions.impose(d.afflicted.clone());
        if let Some(old) = replaced.filter(|o| o.source != d.afflicted.source)
            && condition.has_source()
        {
            log.push(
                condition.rule(),
                Event::ConditionEnded {
                    creature: d.target.clone(),
                    condition: old.label(),
                },
            );
        }
        log.push(
            condition.rule(),
            Event::ConditionGained {
                creature: d.target.clone(),
                condition: d.afflicted.label(),
            },
        );
    }
}
