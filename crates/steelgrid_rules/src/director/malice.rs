//! Malice: the Director's resource. Gained at the start of combat and of every round, spent
//! by monsters on their abilities, on the basic Malice features and on their family's
//! features, and lost when the encounter ends (seed 002 L4328-4366).

pub use crate::terms::director::MaliceSpend;

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, Characteristics, CreatureId, CreatureSize, Hero, Position, Side, Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::event::{Event, EventLog};
use crate::grid::Footprint;
use crate::options::{RulesOptions, VictoryAverage};
use crate::rule;
use crate::turn::TurnState;

/// The built-in monster families' Malice features (original content).
pub const LIBRARY: &str = include_str!("../../content/malice.ron");

/// Brutal Effectiveness costs 3 (seed 002 L4356).
pub const BRUTAL_EFFECTIVENESS_COST: u32 = 3;
/// Malicious Strike costs at least 5 (seed 002 L4360).
pub const MALICIOUS_STRIKE_MIN: u32 = 5;

/// The Director's Malice and what has been done with it this encounter.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Malice {
    pub current: u32,
    /// Malice added at the start of combat from leftover encounter budget (digest A-04).
    pub leftover_ev: u32,
    /// The last round whose gain has been added (0: combat has not started).
    pub round_gained: u32,
    /// Totals over the encounter, for the results screen and batch statistics.
    pub gained: u32,
    pub spent: u32,
    /// The round Malicious Strike was last activated in, by any monster (seed 002 L4362).
    pub malicious_strike_round: Option<u32>,
    /// The turn (round, creature) a basic feature was last bought at the start of.
    pub basic_bought: Option<(u32, String)>,
    /// The turn (round, creature) a family feature was last used in (seed 002 L4344; A-06).
    pub family_used: Option<(u32, String)>,
    /// Bought effects waiting for the monster's next ability or strike.
    pub boosts: BTreeMap<String, Boost>,
    /// The family Malice features the encounter's monsters can use, by id.
    pub features: BTreeMap<String, MaliceFeature>,
    /// Villain actions used this encounter, as (creature, ability) (seed 002 L4186).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub villain_actions_used: Vec<(String, String)>,
    /// The round the last villain action was used in: one per round across the encounter.
    pub villain_action_round: Option<u32>,
}

impl Malice {
    /// Use up the Brutal Effectiveness bought for `by`: the potency raise (seed 002 L4356-4358).
    pub fn take_potency_boost(&mut self, by: &str) -> i32 {
        self.take_boost(by, |b| std::mem::take(&mut b.potency))
    }

    /// Use up the Malicious Strike bought for `by` on its strike: the extra damage (seed 002
    /// L4360-4362).
    pub fn take_strike_boost(&mut self, by: &str) -> u32 {
        self.take_boost(by, |b| std::mem::take(&mut b.strike))
    }

    fn take_boost<T: Default>(&mut self, by: &str, take: impl FnOnce(&mut Boost) -> T) -> T {
        let Some(boost) = self.boosts.get_mut(by) else {
            return T::default();
        };
        let taken = take(boost);
        if *boost == Boost::default() {
            self.boosts.remove(by);
        }
        taken
    }
}

/// A bought basic feature not yet used up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default)]
pub struct Boost {
    /// Brutal Effectiveness: + this to the potency of the next ability with a potency.
    pub potency: i32,
    /// Malicious Strike: + this damage to one target of the next strike.
    pub strike: u32,
}

/// A monster family's Malice feature, written in content (seed 002 L4344).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MaliceFeature {
    pub name: String,
    #[serde(default)]
    pub story: String,
    pub cost: u32,
    pub effect: FeatureEffect,
}

/// What a family feature does. The seed names three kinds: a trait for the whole group, an
/// extra action on the monster's turn, and an event on the battlefield (seed 002 L4344).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum FeatureEffect {
    /// The monster takes one more main action this turn.
    ExtraMainAction,
    /// The monster takes one more maneuver this turn.
    ExtraManeuver,
    /// Each enemy takes this much damage for every creature with the feature beside it.
    DamagePerAdjacent { damage: u32 },
}

impl FeatureEffect {
    pub fn describe(&self) -> String {
        match self {
            FeatureEffect::ExtraMainAction => "one more main action this turn".into(),
            FeatureEffect::ExtraManeuver => "one more maneuver this turn".into(),
            FeatureEffect::DamagePerAdjacent { damage } => {
                format!("each enemy takes {damage} damage for every one of the family beside it")
            }
        }
    }
}

/// The extra damage of Malicious Strike bought with `malice`: the highest characteristic,
/// +1 per Malice over 5 (seed 002 L4362).
pub fn malicious_strike_damage(highest: i32, malice: u32) -> u32 {
    highest.max(0) as u32 + malice.saturating_sub(MALICIOUS_STRIKE_MIN)
}

/// The most Malice Malicious Strike can use: its extra damage stops at three times the
/// highest characteristic (digest A-07).
pub fn malicious_strike_max(highest: i32) -> u32 {
    MALICIOUS_STRIKE_MIN + 2 * highest.max(0) as u32
}

/// The average Victories per hero, rounded as the options say (digest A-01).
pub fn average_victories(victories: &[u32], rounding: VictoryAverage) -> u32 {
    if victories.is_empty() {
        return 0;
    }
    let (sum, n) = (victories.iter().sum::<u32>(), victories.len() as u32);
    match rounding {
        VictoryAverage::Floor => sum / n,
        VictoryAverage::Nearest => (2 * sum + n) / (2 * n),
    }
}

/// Check a `SpendMalice`: a Director creature at the very start of its own turn, one basic
/// feature per turn start and one family feature per turn, enough Malice, and Malicious
/// Strike's range and its round rule.
pub fn check_spend(
    malice: &Malice,
    turn: &TurnState,
    creature: &str,
    side: Side,
    budget: &ActionBudget,
    highest: i32,
    own_features: &[String],
    spend: &MaliceSpend,
) -> Result<(), RuleError> {
    turn.ensure_turn_of(creature)?;
    if side != Side::Director {
        return Err(RuleError::new(
            rule::MALICE_SPEND,
            format!("{creature} is a hero; only the Director's creatures spend Malice"),
        ));
    }
    let this_turn = Some((turn.round, creature.to_owned()));
    let cost = spend.cost(&malice.features);
    match spend {
        MaliceSpend::BrutalEffectiveness | MaliceSpend::MaliciousStrike { .. } => {
            if !budget.untouched() {
                return Err(RuleError::new(
                    rule::MALICE_BASIC,
                    format!(
                        "basic Malice features are bought at the start of a monster's turn, and {creature} has already acted"
                    ),
                ));
            }
            if malice.basic_bought == this_turn {
                return Err(RuleError::new(
                    rule::MALICE_BASIC,
                    format!(
                        "{creature} has already bought a basic Malice feature this turn (A-05)"
                    ),
                ));
            }
        }
        MaliceSpend::Feature { id } => {
            if !malice.features.contains_key(id) || !own_features.contains(id) {
                return Err(RuleError::new(
                    rule::MALICE_FEATURE,
                    format!(
                        "{creature} has no Malice feature `{id}`; it has: {}",
                        if own_features.is_empty() {
                            "only the basic ones".to_owned()
                        } else {
                            own_features.join(", ")
                        }
                    ),
                ));
            }
            if malice.family_used == this_turn {
                return Err(RuleError::new(
                    rule::MALICE_FEATURE,
                    "a family Malice feature has already been used this turn",
                ));
            }
        }
    }
    if let MaliceSpend::MaliciousStrike { malice: spent } = spend {
        let max = malicious_strike_max(highest);
        if *spent < MALICIOUS_STRIKE_MIN || *spent > max {
            return Err(RuleError::new(
                rule::MALICIOUS_STRIKE,
                format!(
                    "Malicious Strike takes {MALICIOUS_STRIKE_MIN} to {max} Malice for {creature} (its extra damage stops at 3 × {highest})"
                ),
            ));
        }
        if let Some(r) = malice.malicious_strike_round
            && r + 1 >= turn.round
        {
            return Err(RuleError::new(
                rule::MALICIOUS_STRIKE,
                format!(
                    "Malicious Strike was used in round {r}; no monster may use it again until round {}",
                    r + 2
                ),
            ));
        }
    }
    if malice.current < cost {
        return Err(RuleError::new(
            rule::MALICE_SPEND,
            format!(
                "{} costs {cost} Malice; the Director has {}",
                spend.name(&malice.features),
                malice.current
            ),
        ));
    }
    Ok(())
}

/// A creature's family Malice features, by id.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct FamilyFeatures(pub Vec<String>);
steelgrid_kernel::persisted!(unless_default FamilyFeatures(Vec<String>));

/// Command stage: resolve a checked `SpendMalice`.
pub fn resolve_spend(
    command: Res<CurrentCommand>,
    turn: Res<TurnState>,
    mut malice: ResMut<Malice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &Side,
        (&Position, &CreatureSize),
        &Vitality,
        &Characteristics,
        &mut ActionBudget,
        Option<&FamilyFeatures>,
    )>,
) {
    let Some(Command::SpendMalice { creature, spend }) = &command.0 else {
        return;
    };
    let cost = spend.cost(&malice.features);
    let name = spend.name(&malice.features);
    malice.current -= cost;
    malice.spent += cost;
    let left = malice.current;
    let this_turn = Some((turn.round, creature.clone()));
    let rule = match spend {
        MaliceSpend::BrutalEffectiveness => rule::BRUTAL_EFFECTIVENESS,
        MaliceSpend::MaliciousStrike { .. } => rule::MALICIOUS_STRIKE,
        MaliceSpend::Feature { .. } => rule::MALICE_FEATURE,
    };
    let Some((_, _, _, _, _, chars, ..)) = creatures.iter().find(|c| &c.1.0 == creature) else {
        return;
    };
    let highest = chars.highest();
    let effect = match spend {
        MaliceSpend::BrutalEffectiveness => {
            malice.basic_bought = this_turn;
            malice.boosts.entry(creature.clone()).or_default().potency += 1;
            "potency +1 on its next ability with a potency".to_owned()
        }
        MaliceSpend::MaliciousStrike { malice: spent } => {
            malice.basic_bought = this_turn;
            malice.malicious_strike_round = Some(turn.round);
            let extra = malicious_strike_damage(highest, *spent);
            malice.boosts.entry(creature.clone()).or_default().strike = extra;
            format!("+{extra} damage to one target of its next strike")
        }
        MaliceSpend::Feature { id } => {
            malice.family_used = this_turn;
            let effect = malice.features[id].effect;
            effect.describe()
        }
    };
    log.push(
        rule,
        Event::MaliceSpent {
            creature: creature.clone(),
            feature: name,
            amount: cost,
            left,
            effect,
        },
    );
    let MaliceSpend::Feature { id } = spend else {
        return;
    };
    match malice.features[id].effect {
        FeatureEffect::ExtraMainAction | FeatureEffect::ExtraManeuver => {
            let main = malice.features[id].effect == FeatureEffect::ExtraMainAction;
            if let Some((.., mut budget, _)) = creatures.iter_mut().find(|c| &c.1.0 == creature) {
                if main {
                    budget.main += 1;
                } else {
                    budget.maneuver_used = false;
                }
            }
        }
        FeatureEffect::DamagePerAdjacent { damage } => {
            let family: Vec<_> = creatures
                .iter()
                .filter(|c| c.2 == &Side::Director && c.4.can_act())
                .filter(|c| c.7.is_some_and(|f| f.0.contains(id)))
                .map(|c| Footprint::new(c.3.0.0, c.3.1.0))
                .collect();
            let mut hits: Vec<_> = creatures
                .iter()
                .filter(|c| c.2 == &Side::Heroes && *c.4 != Vitality::Dead)
                .map(|c| {
                    let body = Footprint::new(c.3.0.0, c.3.1.0);
                    let beside = family.iter().filter(|f| f.is_adjacent(body)).count() as u32;
                    (c.0, &c.1.0, beside)
                })
                .filter(|(.., n)| *n > 0)
                .collect();
            // By id, not by entity: a creature brought in mid-fight may get another entity in
            // a game resumed from a save.
            hits.sort_by_key(|h| h.1);
            for (target, _, beside) in hits {
                pending.0.push(DamageRequest {
                    target,
                    source: creature.clone(),
                    amount: damage * beside,
                    damage_type: None,
                    halved: false,
                    knock_out: false,
                });
            }
        }
    }
}

/// After every command (and at the start of the encounter): add the Malice of a round that
/// has just started, and lose what is left when the encounter ends (seed 002 L4332-4336).
pub fn track(
    turn: Res<TurnState>,
    options: Res<RulesOptions>,
    mut malice: ResMut<Malice>,
    mut log: ResMut<EventLog>,
    heroes: Query<(&Hero, &Vitality)>,
) {
    if turn.outcome.is_some() {
        if malice.current > 0 {
            let amount = std::mem::take(&mut malice.current);
            log.push(rule::MALICE_LOST, Event::MaliceLost { amount });
        }
        return;
    }
    if turn.round <= malice.round_gained {
        return;
    }
    if malice.round_gained == 0 {
        // seed 002 L4334: the average Victories per hero when combat starts (digest A-01), and
        // any leftover encounter budget.
        let victories: Vec<u32> = heroes.iter().map(|h| h.0.victories).collect();
        let amount = average_victories(&victories, options.average_victories) + malice.leftover_ev;
        gain(
            &mut malice,
            &mut log,
            amount,
            "the heroes' Victories".into(),
        );
    }
    // seed 002 L4334-4336: heroes still in the fight plus the round number; a dead hero no
    // longer counts, a dying one still does (digest A-02).
    let present = heroes.iter().filter(|h| *h.1 != Vitality::Dead).count() as u32;
    let round = turn.round;
    gain(
        &mut malice,
        &mut log,
        present + round,
        format!("round {round}: {present} heroes + {round}"),
    );
    malice.round_gained = round;
}

fn gain(malice: &mut Malice, log: &mut EventLog, amount: u32, reason: String) {
    malice.current += amount;
    malice.gained += amount;
    log.push(
        rule::MALICE_GAIN,
        Event::MaliceGained {
            amount,
            now: malice.current,
            reason,
        },
    );
}

impl MaliceSpend {
    pub fn name(&self, features: &BTreeMap<String, MaliceFeature>) -> String {
        match self {
            MaliceSpend::BrutalEffectiveness => "Brutal Effectiveness".into(),
            MaliceSpend::MaliciousStrike { .. } => "Malicious Strike".into(),
            MaliceSpend::Feature { id } => features.get(id).map_or(id.clone(), |f| f.name.clone()),
        }
    }

    /// The Malice it takes.
    pub fn cost(&self, features: &BTreeMap<String, MaliceFeature>) -> u32 {
        match self {
            MaliceSpend::BrutalEffectiveness => BRUTAL_EFFECTIVENESS_COST,
            MaliceSpend::MaliciousStrike { malice } => *malice,
            MaliceSpend::Feature { id } => features.get(id).map_or(0, |f| f.cost),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn malicious_strike_scales_to_three_times_the_characteristic() {
        assert_eq!(malicious_strike_damage(3, 5), 3);
        assert_eq!(malicious_strike_damage(3, 11), 9);
        assert_eq!(malicious_strike_max(3), 11);
        assert_eq!(malicious_strike_max(2), 9);
    }

    #[test]
    fn a01_average_victories_floor_or_nearest() {
        assert_eq!(average_victories(&[1, 2, 2, 2], VictoryAverage::Floor), 1);
        assert_eq!(average_victories(&[1, 2, 2, 2], VictoryAverage::Nearest), 2);
        assert_eq!(average_victories(&[2, 2, 3, 1], VictoryAverage::Floor), 2);
        assert_eq!(average_victories(&[], VictoryAverage::Floor), 0);
    }
}
