//! Lasting effects: what an ability leaves on a creature (a shift to its potencies or stability,
//! a halved recovery value), how long it stays and how repeats stack (seed 002 L1669-1675,
//! L1677-1689). The rule that ends them is in `condition::effect`.

use std::collections::BTreeMap;

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::terms::power_roll::{AutomaticRolls, AutomaticTier};

/// What an outcome leaves on its target until its duration runs out (seed 002 L1622-1624,
/// L1675, L1677-1693). Used again by the same ability on the same target it doesn't stack:
/// the larger shift stays, with the latest duration (L1669-1673; `effect::Effects::add`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lingering {
    /// Added to the target's potencies; a negative number lowers them.
    #[serde(default)]
    pub potency: i32,
    /// Added to the target's stability; a negative number lowers it, never below 0 in total
    /// (L2807-2811).
    #[serde(default, skip_serializing_if = "is_zero_i32")]
    pub stability: i32,
    /// The target's recovery value is halved, rounded down; several such effects halve it
    /// once (L1675, L781).
    #[serde(default)]
    pub halved_recovery_value: bool,
    /// The target can't stand up while it lasts (seed 002 L1753-1757: standing up is a
    /// maneuver an ability may deny).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub cant_stand: bool,
    /// Rolls by or against the target get an automatic tier while it lasts (seed 002
    /// L740-744).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automatic_tier: Option<AutomaticTier>,
    pub duration: EffectDuration,
}

impl Lingering {
    /// In words: `+2 potency (save ends)`.
    pub fn describe(self) -> String {
        let mut parts = Vec::new();
        if self.potency != 0 {
            parts.push(format!("{:+} potency", self.potency));
        }
        if self.stability != 0 {
            parts.push(format!("{:+} stability", self.stability));
        }
        if self.halved_recovery_value {
            parts.push("recovery value halved".to_owned());
        }
        if self.cant_stand {
            parts.push("down and unable to stand".to_owned());
        }
        if let Some(a) = self.automatic_tier {
            parts.push(format!(
                "{} get tier {} automatically",
                match a.rolls {
                    AutomaticRolls::Own => "its ability rolls",
                    AutomaticRolls::Against => "ability rolls against it",
                },
                a.tier.number()
            ));
        }
        format!("{} ({})", parts.join(", "), self.duration.label())
    }
}

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

    /// Whether an effect on `creature` keeps it from standing up, and which.
    pub fn keeping_down(&self, creature: &str) -> Option<&Effect> {
        self.on(creature).iter().find(|e| e.lingering.cant_stand)
    }

    /// The automatic tiers `creature`'s effects give to `rolls`, each with its effect's label.
    pub fn automatic_tiers(
        &self,
        creature: &str,
        rolls: AutomaticRolls,
    ) -> Vec<(crate::terms::power_roll::Tier, String)> {
        self.on(creature)
            .iter()
            .filter_map(|e| {
                let a = e.lingering.automatic_tier.filter(|a| a.rolls == rolls)?;
                Some((a.tier, e.label()))
            })
            .collect()
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
                    cant_stand: was.cant_stand || now.cant_stand,
                    automatic_tier: now.automatic_tier.or(was.automatic_tier),
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

fn is_zero_i32(n: &i32) -> bool {
    *n == 0
}
