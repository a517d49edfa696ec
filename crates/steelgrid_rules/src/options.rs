//! Named rules options: where the rules text is ambiguous, the engine exposes the reading as an
//! option whose default is the digest's recommended reading. A scenario may change them, and
//! events record the reading that decided an outcome.

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RulesOptions {
    /// AMB-05: a natural 19 or 20 is tier 3 even with a double bane (seed 002 L699 vs L715).
    pub natural_19_20_beats_double_bane: bool,
    /// AMB-05: an effect-granted automatic tier outcome beats a natural 19 or 20 (L742); the
    /// roll can still be a critical hit either way.
    pub automatic_tier_beats_natural_19_20: bool,
    /// a Director creature reduced to 0 Stamina dies unless its attacker chooses to knock
    /// it out (seed 002 L3076, L3084). When false, it is knocked out by default instead.
    pub director_creatures_die_at_zero: bool,
    /// how the average Victories per hero is rounded for the Malice at the start of
    /// combat (seed 002 L4334 gives no rounding).
    pub average_victories: VictoryAverage,
    /// AMB-13: a failed group test brings one group consequence when more than half the heroes
    /// suffered one (seed 002 L2315, "majority") rather than at least half (the reading that
    /// matches L2311-2313 and L2317).
    pub group_consequence_needs_majority: bool,
    /// The sides whose creatures are asked whether to make an opportunity attack, the mover
    /// waiting at the square it is leaving (seed 002 L2968-2972: the attack is a choice); the
    /// others always take it. Empty: nobody is asked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub ask_opportunity_attacks: Vec<steelgrid_kernel::body::Side>,
}

/// Rounding of the average Victories per hero (digest A-01).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum VictoryAverage {
    /// Round down: the digest's recommended reading.
    #[default]
    Floor,
    /// Round to the nearest whole number, halves up.
    Nearest,
}

impl Default for RulesOptions {
    fn default() -> Self {
        Self {
            natural_19_20_beats_double_bane: true,
            automatic_tier_beats_natural_19_20: true,
            director_creatures_die_at_zero: true,
            average_victories: VictoryAverage::Floor,
            group_consequence_needs_majority: false,
            ask_opportunity_attacks: Vec::new(),
        }
    }
}
