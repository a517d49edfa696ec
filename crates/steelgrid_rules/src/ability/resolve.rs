//! Using an ability: one power roll for every target, each target's own edges and banes and
//! tier, critical hits, damage, then forced movement, then conditions behind their potencies
//! (seed 002 L1522-1675; digest §24-29, §9.1).

pub use crate::turn::pending::{DeferredCondition, DeferredProne};

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;
use serde::Serialize;
use steelgrid_kernel::check::Checked;

use crate::ability::zone::{NewZone, Zone};
use crate::ability::{Ability, ActionType, ConditionEffect, Cost, Keyword, Outcome};
use crate::command::{Command, CurrentCommand};
use crate::condition::effect::Effects;
use crate::condition::{Afflicted, BleedsOnUse, Condition, Conditions};
use crate::creature::{
    ActionBudget, Characteristic, Characteristics, CreatureId, CreatureSize, Hero, Position, Side,
    Stamina, Vitality,
};
use crate::creature::{Consumables, Minion, Prone, Retainer};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::director::malice::Malice;
use crate::director::squad::{AreaDamage, Squads};
use crate::event::{Event, EventLog};
use crate::forced::PendingForced;
use crate::grid::{Map, Square};
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
    /// Automatic tiers effects give the roll against it, each with the effect that gives it
    /// (seed 002 L740-744).
    pub automatic: Vec<(Tier, String)>,
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
    /// What each outcome's damage would leave the target with, its weakness, immunity and
    /// squad counted (the engine fills it in; forced movement's collisions not included).
    pub after: Vec<crate::damage::foresee::Aftermath>,
}

/// What one outcome does, counted: damage before weakness and immunity, squares of forced
/// movement, conditions it may impose (potency not yet checked), temporary Stamina.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct OutcomeNumbers {
    pub damage: u32,
    /// The damage's type (the first typed part's, when it has several).
    pub kind: Option<crate::damage::DamageType>,
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
                kind: n.kind.or(damage_of(o, added).and_then(|d| d.1)),
                forced: n.forced + o.forced.map_or(0, |f| f.distance),
                conditions: n.conditions + o.conditions.len() as u32,
                temporary_stamina: n.temporary_stamina + o.temporary_stamina,
                recovery: n.recovery || o.recovery_value,
            })
    }
}

impl CheckedAbility {
    /// The ability's extra, when the user chose to spend on it.
    fn extra(&self) -> Option<&crate::ability::Spend> {
        self.ability.spend.as_ref().filter(|_| self.spend)
    }

    /// The preview of this checked use on `map`, rolling nothing.
    pub fn preview(
        &self,
        user: &Characteristics,
        options: &RulesOptions,
        map: &Map,
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
                            automatic: t.automatic.iter().map(|a| a.0).collect(),
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
                    after: Vec::new(),
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
    fn object_previews(&self, added: i32, options: &RulesOptions, map: &Map) -> Vec<ObjectPreview> {
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

/// What resolving an ability reads and changes, beyond the command and its check.
#[derive(SystemParam)]
pub struct AbilityWorld<'w, 's> {
    options: Res<'w, RulesOptions>,
    dice: ResMut<'w, Dice>,
    log: ResMut<'w, EventLog>,
    turn: ResMut<'w, TurnState>,
    pending: ResMut<'w, PendingDamage>,
    bleeds: ResMut<'w, BleedsOnUse>,
    new_zone: ResMut<'w, NewZone>,
    map: ResMut<'w, Map>,
    malice: ResMut<'w, Malice>,
    area: ResMut<'w, AreaDamage>,
    squads: ResMut<'w, Squads>,
    heal: ResMut<'w, HealByDamage>,
    effects: ResMut<'w, Effects>,
    consumables: Query<'w, 's, &'static mut Consumables>,
    retainers: Query<'w, 's, &'static Retainer>,
    minions: Query<'w, 's, &'static Minion>,
    zones: Query<'w, 's, &'static Zone>,
    bodies: Query<
        'w,
        's,
        (
            &'static CreatureId,
            &'static Side,
            &'static Position,
            &'static CreatureSize,
            &'static Vitality,
        ),
    >,
    creatures: Query<
        'w,
        's,
        (
            &'static CreatureId,
            &'static Characteristics,
            &'static mut ActionBudget,
            Option<&'static mut Hero>,
            &'static mut Stamina,
            &'static Conditions,
        ),
    >,
}

/// The user as it pays for the ability.
struct User {
    by: String,
    /// The ability's id, as the command names it.
    ability_id: String,
    chars: Characteristics,
    /// The rolled characteristic's value, which damage adds.
    added: i32,
    is_hero: bool,
    /// The kit's weapon damage bonus for this use.
    kit_bonus: u32,
    /// What one damage surge adds.
    surge_value: u32,
}

/// What raises this use's damage and potencies beyond the ability itself.
struct Raises {
    /// Big versus little counts for the forced movement it causes.
    melee_weapon: bool,
    captain_bonus: u32,
    potency_boost: i32,
    /// Malicious Strike's damage, until the first target it damages takes it.
    strike_boost: u32,
    potency_shift: i32,
}

/// Whether a potency landed anywhere, and on what the extra was spent for.
#[derive(Default)]
struct Landed {
    any: bool,
    extra: bool,
}

/// Command stage: resolve a checked `UseAbility`, in the order the rules give: pay for it, roll
/// once for every target, apply each target's outcomes, the user's own outcome once, pay what
/// only landing potencies cost, then queue the forced movement and leave the lasting area.
pub fn resolve_ability(
    command: Res<CurrentCommand>,
    checked_results: Res<Checked>,
    mut world: AbilityWorld,
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
    let Some(user) = world.pay(checked, ability_id, *ranged) else {
        return;
    };
    let (tiers, object_tier) = world.roll(checked, &user, *tier);
    let mut raises = world.raises(checked, &user, *ranged);
    let mut forced = Vec::new();
    let mut landed = Landed::default();
    for (t, tier) in checked.targets.iter().zip(&tiers) {
        world.outcomes_on(
            checked,
            &user,
            t,
            *tier,
            &mut raises,
            &mut forced,
            &mut landed,
        );
    }
    world.user_outcome(checked, &user, &tiers, *user_tier);
    world.pay_on_landing(checked, &user, &landed);
    forced.extend(objects_forced(
        checked,
        object_tier,
        &user.by,
        raises.melee_weapon,
        &world.map,
    ));
    world.queue_forced(forced);
    world.leave_area(checked, &user);
    let ability = &checked.ability;
    let rolled_might_or_agility = ability.power_roll.is_some()
        && matches!(
            checked.characteristic,
            Some(Characteristic::Might | Characteristic::Agility)
        );
    // seed 002 L1729: using a triggered action makes a bleeding user bleed too.
    world.bleeds.0 = Some(
        ability.action == ActionType::MainAction
            || ability.is_triggered()
            || rolled_might_or_agility,
    );
}

impl AbilityWorld<'_, '_> {
    /// Pay for the ability: the consumable, the action, the squad members' actions, the heroic
    /// resource, the surges; then say it is used. `None` when its user is gone.
    fn pay(&mut self, checked: &CheckedAbility, ability_id: &str, ranged: bool) -> Option<User> {
        let ability = &checked.ability;
        let log = &mut self.log;
        let Ok((id, chars, mut budget, hero, _, _)) = self.creatures.get_mut(checked.user) else {
            return None;
        };
        let by = id.0.clone();
        if checked.consumable
            && let Ok(mut carried) = self.consumables.get_mut(checked.user)
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
            take_action(log, &mut budget, &by, kind);
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
            .map_or(0, |h| h.kit.weapon_damage_bonus(ability, ranged));
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
        let surge_value = self.spend_surges(checked, &by, &chars);
        self.log.push(
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
                objects: checked.objects.clone(),
            },
        );
        Some(User {
            by,
            ability_id: ability_id.to_owned(),
            added: checked.characteristic.map_or(0, |c| chars.get(c)),
            chars,
            is_hero,
            kit_bonus,
            surge_value,
        })
    }

    /// Spend the surges the user chose and return what one damage surge adds: the highest
    /// characteristic of the hero whose surges pay, the user's own or a retainer's mentor's
    /// (seed 002 L1652, L4772).
    fn spend_surges(&mut self, checked: &CheckedAbility, by: &str, chars: &Characteristics) -> u32 {
        let mut surge_value = chars.highest().max(0) as u32;
        let s = &checked.surges;
        let payer = self
            .retainers
            .get(checked.user)
            .map_or(by, |r| r.mentor.as_str());
        if !s.is_empty()
            && let Some((_, payer_chars, _, Some(mut hero), ..)) =
                self.creatures.iter_mut().find(|c| c.0.0 == payer)
        {
            surge_value = payer_chars.highest().max(0) as u32;
            hero.surges -= s.cost();
            self.log.push(
                if payer == by {
                    rule::SURGES
                } else {
                    rule::RETAINER
                },
                Event::SurgesSpent {
                    creature: by.to_owned(),
                    damage: s.damage,
                    damage_target: s.damage_target.clone(),
                    potency: s.potency.clone(),
                    left: hero.surges,
                },
            );
        }
        surge_value
    }

    /// Roll once for every target (seed 002 L1640-1644) and hit the objects with the same
    /// roll; each target gets its own tier from its edges and banes, capped by `cap`. A
    /// critical hit gives the user, and the squad members that struck with it, another main
    /// action. Returns each target's tier, `None` without a power roll, and the objects' tier.
    fn roll(
        &mut self,
        checked: &CheckedAbility,
        user: &User,
        cap: Option<Tier>,
    ) -> (Vec<Option<Tier>>, Option<Tier>) {
        let ability = &checked.ability;
        let by = &user.by;
        let added = user.added;
        let faces = (ability.power_roll.is_some() && !checked.targets.is_empty())
            .then(|| [self.dice.d10(), self.dice.d10()]);
        let mut object_tier = None;
        if let Some(faces) = faces.or_else(|| {
            (ability.power_roll.is_some() && !checked.objects.is_empty())
                .then(|| [self.dice.d10(), self.dice.d10()])
        }) {
            object_tier = hit_objects(
                &checked.objects,
                ability,
                faces,
                added,
                &self.options,
                by,
                &mut self.map,
                &mut self.log,
            );
        } else if !checked.objects.is_empty() {
            // No roll: the effect's damage alone.
            let effect = ability.effect.as_ref();
            for &sq in &checked.objects {
                damage_object(&mut self.map, &mut self.log, sq, effect, added);
            }
        }
        let mut critical = false;
        let mut tiers = Vec::new();
        for t in &checked.targets {
            let Some(faces) = faces else {
                tiers.push(None);
                continue;
            };
            let spec = PowerRollSpec {
                characteristic: added,
                edges: t.edges.clone(),
                banes: t.banes.clone(),
                automatic: t.automatic.iter().map(|a| a.0).collect(),
                main_action_ability: ability.action == ActionType::MainAction,
                ..PowerRollSpec::default()
            };
            let mut roll = power_roll::resolve(&spec, faces, &self.options);
            if let Some(cap) = cap {
                roll.downgrade(cap.min(roll.rolled_tier));
            }
            critical |= roll.critical;
            tiers.push(Some(roll.tier));
            self.log.push(
                if roll.tier < roll.rolled_tier {
                    rule::DOWNGRADE
                } else if roll.automatic.is_some() {
                    rule::AUTOMATIC_TIER
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
        if critical && let Ok((_, _, mut budget, ..)) = self.creatures.get_mut(checked.user) {
            // seed 002 L1636: a natural 19-20 on a main-action ability roll: one more main action.
            budget.main += 1;
            self.log.push(
                rule::CRITICAL_HIT,
                Event::ExtraMainAction {
                    creature: by.clone(),
                },
            );
        }
        self.squad_joins(checked, critical);
        (tiers, object_tier)
    }

    /// Record the squad members' part in a squad strike; a critical hit gives every member
    /// that took part an extra main action, which each takes on its own turn; one whose turn is
    /// over (it only moved) has no turn left to take it in (seed 002 L4428).
    fn squad_joins(&mut self, checked: &CheckedAbility, critical: bool) {
        let Some(strike) = &checked.squad else {
            return;
        };
        let Some(squad) = self.squads.0.get_mut(&strike.squad) else {
            return;
        };
        for (entity, minion, _) in &strike.members {
            if self.turn.acted.contains(minion) {
                if let Ok((_, _, mut budget, ..)) = self.creatures.get_mut(*entity) {
                    budget.main = 0;
                }
                continue;
            }
            squad.joined.insert(
                minion.clone(),
                crate::director::squad::Joined {
                    round: self.turn.round,
                    extra_main: u32::from(critical),
                },
            );
            if critical {
                self.log.push(
                    rule::SQUAD_STRIKE,
                    Event::ExtraMainAction {
                        creature: minion.clone(),
                    },
                );
            }
        }
    }

    /// Whether `creature` is a squad's minion: its Stamina is the squad's pool.
    fn in_squad(&self, creature: Entity) -> bool {
        self.squad_of(creature).is_some()
    }

    fn squad_of(&self, creature: Entity) -> Option<&crate::director::squad::Squad> {
        self.minions
            .get(creature)
            .ok()
            .and_then(|m| m.squad.as_ref())
            .and_then(|s| self.squads.0.get(s))
    }

    /// What raises this use beyond the ability: a captain's damage bonus, the Malice boosts
    /// bought for it, the shifts to the user's potencies. Also marks area damage and records a
    /// villain action.
    fn raises(&mut self, checked: &CheckedAbility, user: &User, ranged: bool) -> Raises {
        let ability = &checked.ability;
        let by = &user.by;
        // seed 002 L2762-2764: big versus little is for weapon abilities used in melee; a "Melee
        // or Ranged" one counts as melee only when used in melee (digest §16.4).
        let melee_weapon = ability.has(Keyword::Weapon)
            && match ability.distance.reach(ranged) {
                Some((at_range, _)) => !at_range,
                None => ability.has(Keyword::Melee),
            };
        self.area.0 = ability.distance.is_area();
        if ability.action == ActionType::VillainAction {
            let round = self.turn.round;
            let malice = &mut self.malice;
            malice
                .villain_actions_used
                .push((by.clone(), user.ability_id.clone()));
            malice.villain_action_round = Some(round);
        }
        // seed 002 L4454-4456: a captained member's strike adds the squad's damage bonus, once
        // per target (digest A-16).
        let captain_bonus = self
            .squad_of(checked.user)
            .filter(|_| ability.is_strike())
            .map_or(0, |s| s.bonus().damage);
        let (potency_boost, strike_boost) = self.use_boosts(ability, by);
        Raises {
            melee_weapon,
            captain_bonus,
            potency_boost,
            strike_boost,
            potency_shift: self.potency_shift(by),
        }
    }

    /// Use up the Brutal Effectiveness and Malicious Strike bought for the user on the first
    /// ability each can add to (seed 002 L4356-4362): the potency raise and the strike damage.
    fn use_boosts(&mut self, ability: &Ability, by: &str) -> (i32, u32) {
        let potency_boost = if ability.has_potency() {
            self.malice.take_potency_boost(by)
        } else {
            0
        };
        let strike_boost = if ability.is_strike() {
            self.malice.take_strike_boost(by)
        } else {
            0
        };
        if potency_boost > 0 {
            self.log.push(
                rule::BRUTAL_EFFECTIVENESS,
                Event::MaliceBoostUsed {
                    creature: by.to_owned(),
                    feature: "Brutal Effectiveness".into(),
                    target: None,
                    amount: potency_boost as u32,
                },
            );
        }
        (potency_boost, strike_boost)
    }

    /// seed 002 L1622-1624: the user's lingering effects and its enemies' areas around it shift
    /// its potencies; one ability's shifts count once (L1669-1673; DS-CORE-46, DS-CORE-47).
    fn potency_shift(&self, by: &str) -> i32 {
        let body = |id: &str| self.bodies.iter().find(|b| b.0.0 == id);
        let footprint = |b: (&CreatureId, &Side, &Position, &CreatureSize, &Vitality)| {
            crate::grid::Footprint::new(b.2.0, b.3.0)
        };
        let areas = body(by).map_or(Vec::new(), |me| {
            crate::ability::zone::potency_penalties(
                self.zones.iter(),
                &self.map,
                footprint(me),
                *me.1,
                |owner| {
                    body(owner)
                        .filter(|o| *o.4 != Vitality::Dead)
                        .map(|o| (*o.1, footprint(o)))
                },
            )
        });
        let lingering = self
            .effects
            .on(by)
            .iter()
            .map(|e| (e.ability.as_str(), e.lingering.potency));
        crate::condition::effect::stack(lingering.chain(areas))
    }

    /// One target's outcomes: its tier's (rolled damage), the effect's and the extra's when
    /// spent (not rolled; seed 002 L1571-1573), each logged and applied in that order.
    #[allow(clippy::too_many_arguments)]
    fn outcomes_on(
        &mut self,
        checked: &CheckedAbility,
        user: &User,
        t: &CheckedTarget,
        tier: Option<Tier>,
        raises: &mut Raises,
        forced: &mut Vec<PendingForced>,
        landed: &mut Landed,
    ) {
        let ability = &checked.ability;
        let added = user.added;
        let extra = checked.extra();
        let outcomes: Vec<(bool, &Outcome)> = tier
            .and_then(|tier| ability.power_roll.as_ref().map(|r| (true, r.outcome(tier))))
            .into_iter()
            .chain(ability.effect.as_ref().map(|e| (false, e)))
            .chain(extra.map(|s| (false, &s.effect)))
            .collect();
        for (rolled, outcome) in outcomes {
            let spent_on = extra.is_some_and(|s| std::ptr::eq(&s.effect, outcome));
            self.log.push(
                rule::ABILITY_OUTCOME,
                Event::AbilityOutcome {
                    creature: user.by.clone(),
                    ability: ability.name.clone(),
                    target: t.id.clone(),
                    tier,
                    text: outcome.describe(added),
                },
            );
            if let Some((amount, damage_type)) = damage_of(outcome, added) {
                let amount = if rolled {
                    self.raise_damage(checked, user, t, tier, amount, raises)
                } else {
                    amount
                };
                self.pending.0.push(DamageRequest {
                    target: t.entity,
                    source: user.by.clone(),
                    amount,
                    damage_type,
                    halved: t.halved,
                    knock_out: false,
                });
                if outcome.heal_by_damage {
                    self.heal.user = Some(checked.user);
                    self.heal.targets.push(t.id.clone());
                }
            }
            if let Some(f) = outcome.forced {
                match &t.unmovable {
                    Some(why) => self.log.push(
                        rule::FORCED_DISTANCE,
                        Event::ForcedMovementPrevented {
                            target: t.id.clone(),
                            reason: why.clone(),
                        },
                    ),
                    None => forced.push(PendingForced {
                        source: ability.name.clone(),
                        forcer: user.by.clone(),
                        target: t.id.clone(),
                        kind: f.kind,
                        distance: f.distance,
                        melee_weapon: raises.melee_weapon,
                        vertical: f.vertical,
                    }),
                }
            }
            crate::ability::granted::grant(
                &mut self.turn,
                &mut self.log,
                &ability.name,
                &user.by,
                &t.id,
                outcome,
            );
            self.stamina_outcomes(t, outcome);
            if let Some(lingering) = outcome.lingering {
                // seed 002 L1669-1671: the same ability again doesn't stack (DS-CORE-47).
                let own_turn = self.turn.current.as_deref() == Some(user.by.as_str());
                let now = self.effects.add(
                    &t.id,
                    crate::condition::effect::Effect::new(
                        &ability.name,
                        &user.by,
                        lingering,
                        own_turn,
                    ),
                );
                self.log.push(
                    rule::LINGERING,
                    Event::EffectStarted {
                        creature: t.id.clone(),
                        effect: now.label(),
                    },
                );
            }
            for c in &outcome.conditions {
                if !self.potency_lands(checked, user, t, c.potency, raises) {
                    continue;
                }
                if c.potency.is_some() {
                    landed.any = true;
                    landed.extra |= spent_on;
                }
                self.turn
                    .deferred_conditions
                    .push(deferred(&user.by, &t.id, c));
            }
            if let Some(k) = outcome.prone
                && self.potency_lands(checked, user, t, k.potency, raises)
            {
                if k.potency.is_some() {
                    landed.any = true;
                    landed.extra |= spent_on;
                }
                self.turn.deferred_prone.push(DeferredProne {
                    target: t.id.clone(),
                    source: user.by.clone(),
                    ability: ability.name.clone(),
                    cant_stand: k.cant_stand,
                });
            }
        }
    }

    /// The rolled damage raised: the damage surges spent on this target (+ the highest
    /// characteristic each; seed 002 L1652), a captain's bonus, the kit's weapon bonus, the
    /// squad members ganging up on it, Malicious Strike on the first target damaged.
    fn raise_damage(
        &mut self,
        checked: &CheckedAbility,
        user: &User,
        t: &CheckedTarget,
        tier: Option<Tier>,
        mut amount: u32,
        raises: &mut Raises,
    ) -> u32 {
        let (by, ability) = (&user.by, &checked.ability);
        if checked.surges.damage_target.as_deref() == Some(&t.id) {
            amount += checked.surges.damage * user.surge_value;
        }
        amount += raises.captain_bonus;
        if user.kit_bonus > 0 {
            amount += user.kit_bonus;
            self.log.push(
                rule::KIT_BONUS,
                Event::AbilityOutcome {
                    creature: by.clone(),
                    ability: ability.name.clone(),
                    target: t.id.clone(),
                    tier,
                    text: format!("+{} damage from the kit's weapon bonus", user.kit_bonus),
                },
            );
        }
        if let Some(strike) = &checked.squad
            && let Some(&(_, members, extra)) = strike.ganging.iter().find(|g| g.0 == t.id)
        {
            // seed 002 L4424-4426: each second and third member on the target adds its free
            // strike to the one instance.
            amount += extra;
            self.log.push(
                rule::SQUAD_STRIKE,
                Event::SquadGangedUp {
                    squad: strike.squad.clone(),
                    target: t.id.clone(),
                    members,
                    extra,
                },
            );
        }
        if raises.strike_boost > 0 {
            // seed 002 L4362: Malicious Strike's damage goes to one target, the first the
            // strike damages.
            amount += raises.strike_boost;
            self.log.push(
                rule::MALICIOUS_STRIKE,
                Event::MaliceBoostUsed {
                    creature: by.clone(),
                    feature: "Malicious Strike".into(),
                    target: Some(t.id.clone()),
                    amount: std::mem::take(&mut raises.strike_boost),
                },
            );
        }
        amount
    }

    /// An outcome's Stamina for a target outside a squad: its recovery value regained, or
    /// temporary Stamina, which doesn't stack: the higher amount stays (seed 002 L3094-3102).
    fn stamina_outcomes(&mut self, t: &CheckedTarget, outcome: &Outcome) {
        if self.in_squad(t.entity) {
            return;
        }
        if outcome.recovery_value
            && let Ok((_, _, _, _, mut stamina, _)) = self.creatures.get_mut(t.entity)
        {
            let before = stamina.current;
            let value = crate::damage::stamina::recovery_value(&self.effects, &t.id, &stamina);
            let amount = crate::damage::stamina::regain(&mut stamina, value);
            self.log.push(
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
            && let Ok((_, _, _, _, mut stamina, _)) = self.creatures.get_mut(t.entity)
        {
            stamina.temporary = stamina.temporary.max(outcome.temporary_stamina as i32);
            self.log.push(
                rule::TEMPORARY_STAMINA,
                Event::TemporaryStaminaGained {
                    creature: t.id.clone(),
                    amount: outcome.temporary_stamina,
                    now: stamina.temporary,
                },
            );
        }
    }

    /// Whether an effect behind `potency` lands on `t`: always without a potency; with one, when the
    /// target's characteristic is below it, raised by surges, Brutal Effectiveness and the
    /// user's shifts (seed 002 L1610-1624). False when the target is gone.
    fn potency_lands(
        &mut self,
        checked: &CheckedAbility,
        user: &User,
        t: &CheckedTarget,
        potency: Option<crate::ability::Potency>,
        raises: &Raises,
    ) -> bool {
        let Ok((_, target_chars, ..)) = self.creatures.get(t.entity) else {
            return false;
        };
        let Some(p) = potency else {
            return true;
        };
        let raised = i32::from(checked.surges.potency.contains(&t.id)) + raises.potency_boost;
        let value = p.value(&user.chars) + raised + raises.potency_shift;
        let score = target_chars.get(p.resisted_by);
        let lands = score < value;
        self.log.push(
            rule::POTENCY,
            Event::PotencyChecked {
                target: t.id.clone(),
                characteristic: p.resisted_by,
                score,
                potency: value,
                lands,
            },
        );
        lands
    }

    /// seed 002 L1565: what an outcome does for its user happens once, not once per target;
    /// when the targets got different tiers the user picks whose: `user_tier` if a target got
    /// it, else the highest (DS-CORE-26).
    fn user_outcome(
        &mut self,
        checked: &CheckedAbility,
        user: &User,
        tiers: &[Option<Tier>],
        user_tier: Option<Tier>,
    ) {
        let ability = &checked.ability;
        let got: Vec<Tier> = tiers.iter().flatten().copied().collect();
        let picked = user_tier
            .filter(|t| got.contains(t))
            .or_else(|| got.iter().max().copied());
        let spent = checked.extra();
        let for_user: Vec<(Option<Tier>, &Outcome)> = picked
            .zip(ability.power_roll.as_ref())
            .map(|(t, r)| (Some(t), r.outcome(t)))
            .into_iter()
            .chain(ability.effect.as_ref().map(|e| (None, e)))
            .chain(spent.map(|s| (None, &s.effect)))
            .filter(|(_, o)| o.user_temporary_stamina > 0 && !checked.targets.is_empty())
            .collect();
        for (tier, outcome) in for_user {
            let Ok((_, _, _, _, mut stamina, _)) = self.creatures.get_mut(checked.user) else {
                break;
            };
            let amount = outcome.user_temporary_stamina;
            self.log.push(
                rule::USER_OUTCOME,
                Event::AbilityOutcome {
                    creature: user.by.clone(),
                    ability: ability.name.clone(),
                    target: user.by.clone(),
                    tier,
                    text: format!("the user gains {amount} temporary Stamina, once"),
                },
            );
            // Temporary Stamina doesn't stack: the higher amount stays (seed 002 L3094-3102).
            stamina.temporary = stamina.temporary.max(amount as i32);
            self.log.push(
                rule::TEMPORARY_STAMINA,
                Event::TemporaryStaminaGained {
                    creature: user.by.clone(),
                    amount,
                    now: stamina.temporary,
                },
            );
        }
    }

    /// Pay what waits on the potencies: a monster pays its ability's cost and extra in Malice,
    /// kept when only a potency could land them and every target resisted (seed 002 L4342;
    /// Heroes L1632; digest A-08); a hero's extra that only a potency could land, resisted by
    /// every target, costs nothing (L1626-1632).
    fn pay_on_landing(&mut self, checked: &CheckedAbility, user: &User, landed: &Landed) {
        let ability = &checked.ability;
        let by = &user.by;
        let extra = checked.extra();
        if !user.is_hero {
            let cost = match ability.cost {
                Some(Cost::Malice(n) | Cost::Resource(n)) => n,
                None => 0,
            };
            for (amount, kept, what) in [
                (cost, ability.potency_only() && !landed.any, "its cost"),
                (
                    extra.map_or(0, |s| s.cost),
                    extra.is_some_and(|s| s.potency_only()) && !landed.extra,
                    "its extra",
                ),
            ] {
                if amount == 0 {
                    continue;
                }
                if kept {
                    self.log.push(
                        rule::POTENCY,
                        Event::MaliceKept {
                            creature: by.clone(),
                            amount,
                        },
                    );
                } else {
                    self.malice.current -= amount;
                    self.malice.spent += amount;
                    self.log.push(
                        rule::MALICE_SPEND,
                        Event::MaliceSpent {
                            creature: by.clone(),
                            feature: ability.name.clone(),
                            amount,
                            left: self.malice.current,
                            effect: what.into(),
                        },
                    );
                }
            }
        } else if let Some(s) = extra
            && let Ok((_, _, _, Some(mut hero), ..)) = self.creatures.get_mut(checked.user)
        {
            if s.potency_only() && !landed.extra {
                self.log.push(
                    rule::POTENCY,
                    Event::ResourceKept {
                        creature: by.clone(),
                        amount: s.cost,
                    },
                );
            } else {
                hero.heroic_resource -= s.cost as i32;
                self.log.push(
                    rule::HEROIC_RESOURCE,
                    Event::ResourceSpent {
                        creature: by.clone(),
                        amount: s.cost,
                        left: hero.heroic_resource,
                    },
                );
            }
        }
    }

    /// The user picks the order of several targets' forced movement by the order it named
    /// them: the first is pending, the rest wait in turn.
    fn queue_forced(&mut self, forced: Vec<PendingForced>) {
        let mut forced = forced.into_iter();
        if let Some(first) = forced.next() {
            for p in std::iter::once(&first).chain(forced.as_slice()) {
                self.log.push(
                    rule::FORCED_DISTANCE,
                    Event::ForcedMovementPending { pending: p.clone() },
                );
            }
            self.turn.pending_forced = Some(first);
            self.turn.queued_forced.extend(forced);
        }
    }

    /// What the ability leaves on the map. "Until the end of your next turn": made on its own
    /// turn, the owner's turn has to end twice.
    fn leave_area(&mut self, checked: &CheckedAbility, user: &User) {
        let ability = &checked.ability;
        let Some(lasting) = ability.lasting else {
            return;
        };
        let own_turn = self.turn.current.as_deref() == Some(user.by.as_str());
        self.new_zone.0 = Some(Zone {
            seq: 0,
            owner: user.by.clone(),
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
    map: &mut Map,
    log: &mut EventLog,
) -> Option<Tier> {
    let Some(roll) = &ability.power_roll else {
        return None;
    };
    let spec = PowerRollSpec {
        characteristic: added,
        ..PowerRollSpec::default()
    };
    let result = power_roll::resolve(&spec, faces, options);
    let tier = result.tier;
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
    Some(tier)
}

/// The push, pull or slide the ability's outcomes give each object it named that is still
/// standing, after the damage, in the order named (seed 002 L2740, L1565).
fn objects_forced(
    checked: &CheckedAbility,
    tier: Option<Tier>,
    by: &str,
    melee_weapon: bool,
    map: &Map,
) -> Vec<PendingForced> {
    let ability = &checked.ability;
    let outcomes: Vec<&Outcome> = tier
        .and_then(|t| ability.power_roll.as_ref().map(|r| r.outcome(t)))
        .into_iter()
        .chain(ability.effect.as_ref())
        .collect();
    checked
        .objects
        .iter()
        .filter(|&&sq| matches!(map.terrain(sq), Some(crate::grid::Terrain::Object { .. })))
        .flat_map(|&sq| {
            outcomes
                .iter()
                .filter_map(move |o| o.forced)
                .map(move |f| PendingForced {
                    source: ability.name.clone(),
                    forcer: by.to_owned(),
                    target: crate::forced::object_target(sq),
                    kind: f.kind,
                    distance: f.distance,
                    melee_weapon,
                    vertical: f.vertical,
                })
        })
        .collect()
}

/// An outcome's damage to the object at `sq`: poison and psychic do nothing to objects
/// (immunity all); at 0 Stamina it is destroyed.
fn damage_object(
    map: &mut Map,
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
                height: None,
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
/// left and knock prone whom it knocks prone, after its damage (a creature it killed gains
/// nothing).
pub fn impose_deferred_conditions(
    mut commands: Commands,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    mut effects: ResMut<Effects>,
    mut creatures: Query<(Entity, &CreatureId, &Vitality, &mut Conditions, Has<Prone>)>,
) {
    if turn.pending_forced.is_some() {
        return;
    }
    for d in std::mem::take(&mut turn.deferred_prone) {
        let Some((entity, _, vitality, _, prone)) = creatures.iter().find(|c| c.1.0 == d.target)
        else {
            continue;
        };
        if *vitality == Vitality::Dead {
            continue;
        }
        knock_prone(&mut commands, &mut log, &mut effects, entity, prone, &d);
    }
    if turn.deferred_conditions.is_empty() {
        return;
    }
    for d in std::mem::take(&mut turn.deferred_conditions) {
        let Some((_, _, vitality, mut conditions, _)) =
            creatures.iter_mut().find(|c| c.1.0 == d.target)
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

/// Knock a creature prone for an ability, and keep it down if the ability says so (seed 002
/// L1753-1757).
fn knock_prone(
    commands: &mut Commands,
    log: &mut EventLog,
    effects: &mut Effects,
    entity: Entity,
    prone: bool,
    d: &DeferredProne,
) {
    if !prone {
        commands.entity(entity).insert(Prone);
        log.push(
            rule::PRONE,
            Event::ConditionGained {
                creature: d.target.clone(),
                condition: "prone".into(),
            },
        );
    }
    let Some(duration) = d.cant_stand else {
        return;
    };
    let lingering = crate::terms::effect::Lingering {
        potency: 0,
        stability: 0,
        halved_recovery_value: false,
        cant_stand: true,
        automatic_tier: None,
        duration,
    };
    let effect = crate::condition::effect::Effect::new(&d.ability, &d.source, lingering, false);
    let now = effects.add(&d.target, effect);
    log.push(
        rule::CANT_STAND,
        Event::EffectStarted {
            creature: d.target.clone(),
            effect: now.label(),
        },
    );
}
