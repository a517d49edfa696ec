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
    /// Core AMB-34: a hero's Heroic Resource when combat starts. The seed has heroes earn it in
    /// combat and names no starting amount (seed 002 L309, L1351).
    #[serde(skip_serializing_if = "is_default")]
    pub heroic_resource_at_start: ResourceAtStart,
    /// Core AMB-12 / combat A-16: how a grabber's size is compared with the size of the
    /// creature it drags, whose speed halves when the grabber is no bigger (seed 002 L1743).
    #[serde(skip_serializing_if = "is_default")]
    pub grab_speed_sizes: SizeComparison,
    /// The optional Last-Stand Stamina rule (seed 002 L4667-4669): the Director may break its
    /// forces' morale once the heroes have won. Off, as the seed's optional rules are.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub last_stand: bool,
    /// The optional rule for objects in forced movement (seed 002 L2782-2790): an ordinary
    /// object moved into a creature, an object, a wall or the ground takes the damage a
    /// creature would, and breaks at its Stamina. Off, as the seed's optional rules are: the
    /// object then comes through unharmed.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub track_object_damage: bool,
}

fn is_default<T: Default + PartialEq>(value: &T) -> bool {
    *value == T::default()
}

/// A hero's Heroic Resource when combat starts (core digest AMB-34).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum ResourceAtStart {
    /// What the scenario gives it (0 unless written): the seed's reading, the resource being
    /// earned during combat (seed 002 L309, L1351).
    #[default]
    AsWritten,
    /// That, plus the hero's Victories, as the published rules and tools start heroes (not in
    /// the seed).
    PlusVictories,
}

/// How two creatures' sizes are compared where a rule compares them with each other.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum SizeComparison {
    /// On the size ladder, 1T < 1S < 1M < 1L < 2 < 3…: the seed compares two sizes (seed 002
    /// L1743, L2459-2466; combat digest A-16).
    #[default]
    Ladder,
    /// By their numbers, 1T to 1L all counting as 1 (core digest AMB-12).
    Number,
}

impl SizeComparison {
    /// Whether a creature of size `a` is at least as big as one of size `b`.
    pub fn at_least(self, a: crate::grid::Size, b: crate::grid::Size) -> bool {
        match self {
            SizeComparison::Ladder => a.ordinal() >= b.ordinal(),
            SizeComparison::Number => a.value() >= b.value(),
        }
    }
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
            heroic_resource_at_start: ResourceAtStart::AsWritten,
            grab_speed_sizes: SizeComparison::Ladder,
            last_stand: false,
            track_object_damage: false,
        }
    }
}
