//! Power rolls: 2d10 + a characteristic, tiers, bonuses and penalties, edges and banes,
//! natural 19-20, automatic tier outcomes, critical hits and choosing a lower tier.
//!
//! seed 002 L661-744 (power rolls, edges and banes, bonuses, automatic outcomes) and L1634-1638
//! (critical hits). The resolution order is the digest's engine reading (§9.1).

pub mod test_roll;

use serde::{Deserialize, Serialize};

use crate::options::RulesOptions;

pub use crate::terms::power_roll::Tier;

/// Where an edge or bane came from, recorded in the log.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Modifier {
    /// Stable rule id of the source, e.g. `turn.surprise.edge`.
    pub rule: String,
    pub note: String,
}

/// The net effect of all edges and banes once they are combined (seed 002 L717-723).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum NetEdge {
    None,
    Edge,
    DoubleEdge,
    Bane,
    DoubleBane,
}

impl NetEdge {
    /// Combine counted edges and banes: each caps at two (L728-732); one of each cancels; a
    /// double against a single leaves a single of the double's kind; doubles cancel.
    pub fn combine(edges: usize, banes: usize) -> NetEdge {
        match (edges.min(2), banes.min(2)) {
            (0, 0) | (1, 1) | (2, 2) => NetEdge::None,
            (1, 0) | (2, 1) => NetEdge::Edge,
            (2, 0) => NetEdge::DoubleEdge,
            (0, 1) | (1, 2) => NetEdge::Bane,
            _ => NetEdge::DoubleBane,
        }
    }

    /// A creature with a bane or double bane against a target can't make an opportunity
    /// attack against it (seed 002 L2972).
    pub fn is_bane(self) -> bool {
        matches!(self, NetEdge::Bane | NetEdge::DoubleBane)
    }
}

/// What a power roll is made of, before the dice.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerRollSpec {
    /// The characteristic added to the roll (seed 002 L675-677).
    pub characteristic: i32,
    #[serde(default)]
    pub bonuses: i32,
    #[serde(default)]
    pub penalties: i32,
    #[serde(default)]
    pub edges: Vec<Modifier>,
    #[serde(default)]
    pub banes: Vec<Modifier>,
    /// Automatic tier outcomes granted by effects (seed 002 L740-744).
    #[serde(default)]
    pub automatic: Vec<Tier>,
    /// Only ability rolls made as part of a main action can be critical hits (L1636-1638).
    #[serde(default)]
    pub main_action_ability: bool,
}

/// A resolved power roll, with every number a player needs to see why the tier is what it is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerRollResult {
    pub dice: [u32; 2],
    /// The 2d10 before anything is added (seed 002 L695-697).
    pub natural: u32,
    pub characteristic: i32,
    pub bonuses: i32,
    pub penalties: i32,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    pub net: NetEdge,
    /// natural + characteristic + bonuses − penalties ± 2 for a single edge or bane.
    pub total: i32,
    /// The tier the roll earned.
    pub rolled_tier: Tier,
    /// The tier applied: the rolled tier, or a lower one the roller chose (L689-693).
    pub tier: Tier,
    /// Natural 19 or 20 on a main-action ability roll: the roller gets an extra main action.
    pub critical: bool,
    /// The automatic tier an effect gave the roll, when it decided the tier (seed 002 L742).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub automatic: Option<Tier>,
    /// Which ambiguity readings decided the tier, for the rules trace.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub readings: Vec<String>,
}

/// Resolve a power roll from its two d10 faces (each 1-10; a 0 face is read as 10 before this).
pub fn resolve(spec: &PowerRollSpec, dice: [u32; 2], options: &RulesOptions) -> PowerRollResult {
    let natural = dice[0] + dice[1];
    // seed 002 L736: bonuses and penalties apply before edges and banes, with no limit.
    let mut total = natural as i32 + spec.characteristic + spec.bonuses - spec.penalties;
    let net = NetEdge::combine(spec.edges.len(), spec.banes.len());
    match net {
        NetEdge::Edge => total += 2, // seed 002 L707
        NetEdge::Bane => total -= 2, // seed 002 L713
        _ => {}
    }
    let mut tier = Tier::from_total(total);
    match net {
        NetEdge::DoubleEdge => tier = tier.raised(), // seed 002 L709
        NetEdge::DoubleBane => tier = tier.lowered(), // seed 002 L715
        _ => {}
    }
    let mut readings = Vec::new();
    let natural_high = natural >= 19;
    if natural_high {
        // seed 002 L699: a natural 19 or 20 is always tier 3.
        if options.natural_19_20_beats_double_bane || net != NetEdge::DoubleBane {
            tier = Tier::Three;
        }
        if net == NetEdge::DoubleBane {
            readings.push(format!(
                "AMB-05 natural_19_20_beats_double_bane={}",
                options.natural_19_20_beats_double_bane
            ));
        }
    }
    // seed 002 L742-744: one automatic outcome overrides everything; different ones cancel.
    let mut autos = spec.automatic.clone();
    autos.sort();
    autos.dedup();
    let mut automatic = None;
    if let [only] = autos.as_slice() {
        if natural_high && !options.automatic_tier_beats_natural_19_20 {
            readings.push("AMB-05 automatic_tier_beats_natural_19_20=false".into());
        } else {
            tier = *only;
            automatic = Some(*only);
            if natural_high {
                readings.push("AMB-05 automatic_tier_beats_natural_19_20=true".into());
            }
        }
    }
    // seed 002 L1636: natural 19-20 on a main-action ability roll is a critical hit, even when
    // an automatic outcome set the tier (L742: you may still roll for extra effects).
    let critical = natural_high && spec.main_action_ability;
    PowerRollResult {
        dice,
        natural,
        characteristic: spec.characteristic,
        bonuses: spec.bonuses,
        penalties: spec.penalties,
        edges: spec.edges.clone(),
        banes: spec.banes.clone(),
        net,
        total,
        rolled_tier: tier,
        tier,
        critical,
        automatic,
        readings,
    }
}

/// The chance of each tier for this roll, counted over all 100 faces of 2d10 through the
/// same resolution as a real roll (natural 19-20 and automatic outcomes included).
pub fn tier_odds(spec: &PowerRollSpec, options: &RulesOptions) -> [f64; 3] {
    let mut counts = [0u32; 3];
    for a in 1..=10 {
        for b in 1..=10 {
            let t = resolve(spec, [a, b], options).tier;
            counts[usize::from(t.number() - 1)] += 1;
        }
    }
    counts.map(|c| f64::from(c) / 100.0)
}

impl PowerRollResult {
    /// Choose a lower tier than the one rolled (seed 002 L689-693). A critical hit keeps its
    /// extra main action. Returns false if `tier` is higher than the rolled tier.
    pub fn downgrade(&mut self, tier: Tier) -> bool {
        if tier > self.rolled_tier {
            return false;
        }
        self.tier = tier;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tier_odds_count_every_face_of_2d10() {
        let options = RulesOptions::default();
        // +2: tier 1 needs a natural 2-9 (36 of 100), tier 3 a natural 15+ (21 of 100).
        let plain = PowerRollSpec {
            characteristic: 2,
            ..PowerRollSpec::default()
        };
        assert_eq!(tier_odds(&plain, &options), [0.36, 0.43, 0.21]);
        // A double bane lowers every tier but a natural 19-20 (3 of 100 faces).
        let banes = PowerRollSpec {
            banes: vec![
                Modifier {
                    rule: "x".into(),
                    note: String::new()
                };
                2
            ],
            ..plain.clone()
        };
        let [t1, t2, t3] = tier_odds(&banes, &options);
        assert_eq!((t1, t2, t3), (0.79, 0.18, 0.03));
    }

    #[test]
    fn edge_bane_combination_table() {
        use NetEdge::*;
        let cases = [
            ((0, 0), None),
            ((1, 0), Edge),
            ((2, 0), DoubleEdge),
            ((5, 0), DoubleEdge),
            ((1, 1), None),
            ((2, 2), None),
            ((3, 4), None),
            ((2, 1), Edge),
            ((4, 1), Edge),
            ((1, 2), Bane),
            ((1, 3), Bane),
            ((0, 1), Bane),
            ((0, 2), DoubleBane),
        ];
        for ((e, b), want) in cases {
            assert_eq!(NetEdge::combine(e, b), want, "{e} edges, {b} banes");
        }
    }
}
