//! The words of a power roll other layers need: its tier, and an automatic tier an effect
//! grants (seed 002 L679-687, L740-744).

use serde::{Deserialize, Serialize};

/// A power roll's outcome tier (seed 002 L679-687).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Tier {
    #[serde(rename = "tier1", alias = "One")]
    One,
    #[serde(rename = "tier2", alias = "Two")]
    Two,
    #[serde(rename = "tier3", alias = "Three")]
    Three,
}

impl Tier {
    /// ≤11 → tier 1, 12-16 → tier 2, 17+ → tier 3 (seed 002 L681-685).
    pub fn from_total(total: i32) -> Tier {
        match total {
            i32::MIN..=11 => Tier::One,
            12..=16 => Tier::Two,
            _ => Tier::Three,
        }
    }

    pub fn number(self) -> u8 {
        match self {
            Tier::One => 1,
            Tier::Two => 2,
            Tier::Three => 3,
        }
    }

    pub(crate) fn raised(self) -> Tier {
        match self {
            Tier::One => Tier::Two,
            _ => Tier::Three,
        }
    }

    pub(crate) fn lowered(self) -> Tier {
        match self {
            Tier::Three => Tier::Two,
            _ => Tier::One,
        }
    }

    /// Pick one of three outcomes by tier.
    pub fn pick<T: Copy>(self, [t1, t2, t3]: [T; 3]) -> T {
        match self {
            Tier::One => t1,
            Tier::Two => t2,
            Tier::Three => t3,
        }
    }
}

/// Whose power rolls an effect's automatic tier applies to (seed 002 L740-744).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum AutomaticRolls {
    /// The affected creature's own ability rolls.
    Own,
    /// Ability rolls made against the affected creature.
    Against,
}

/// An effect's automatic tier: the rolls it covers get this tier whatever the dice, edges and
/// banes say; a natural 19-20 can still be a critical hit (seed 002 L740-744).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AutomaticTier {
    pub tier: Tier,
    pub rolls: AutomaticRolls,
}
