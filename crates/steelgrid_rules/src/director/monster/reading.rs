//! How to read the monster formulas where the seed is silent or loose (seed 002 L4717-4736;
//! digest ). The choices and how well each fits the published stat blocks are in
//! `docs/monster-formula.md`.

use serde::Serialize;

/// How a damage's fraction becomes a whole number. The seed rounds EV and Stamina up (seed 002
/// L4717) and gives no rounding for damage (L4724: "approximated by").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Rounding {
    /// Round any fraction up, as L4717 does for EV and Stamina.
    Up,
    /// Round down (digest A-24).
    Down,
    /// To the nearest, halves up.
    Nearest,
}

impl Rounding {
    /// `numerator / denominator` as a whole number.
    pub(super) fn apply(self, numerator: u32, denominator: u32) -> u32 {
        match self {
            Rounding::Up => numerator.div_ceil(denominator),
            Rounding::Down => numerator / denominator,
            Rounding::Nearest => (2 * numerator + denominator) / (2 * denominator),
        }
    }
}

/// Where a horde's or minion's halving falls against a strike's characteristic: seed 002 L4728
/// adds the characteristic and L4729 halves "the damage worked out", in no stated order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Halving {
    /// Halve (4 + L + DamageMod) × tier, then add the characteristic whole.
    BeforeCharacteristic,
    /// Add the characteristic, then halve the sum (digest A-24).
    AfterCharacteristic,
}

/// What the free strike's "tier-1 damage result" is (seed 002 L4736).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum FreeStrike {
    /// The damage formula at tier 1, (4 + L + DamageMod) × 0.6 (seed 002 L4726-4727), halved
    /// for hordes and minions (L4729): no characteristic, no target multiplier.
    Formula,
    /// A strike's tier-1 damage against the default number of targets (digest A-26).
    Strike,
}

/// One reading of the monster formulas. [`Reading::SEED`] is the default.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Reading {
    pub rounding: Rounding,
    pub halving: Halving,
    /// Whether a minion's strike adds the highest characteristic (seed 002 L4728 says strikes
    /// do; published minions' strikes deal their free strike at tier 1, which has none).
    pub minion_characteristic: bool,
    pub free_strike: FreeStrike,
    /// Digest A-27: leaders and solos have +1 on the highest characteristic, at most 5 (seed 002
    /// L641), and +1 on every potency, which the cap does not stop. Seed 002 L4733 gives every
    /// monster 1 + echelon.
    pub leader_solo_bonus: bool,
}

impl Reading {
    /// The seed where it speaks, the best fit to the published stat blocks where it is silent:
    /// damage rounded up like EV and Stamina (L4717), hordes halved before the characteristic,
    /// minions without it, the free strike the damage formula's tier 1 (L4736), every monster's
    /// characteristic 1 + echelon (L4733).
    pub const SEED: Reading = Reading {
        rounding: Rounding::Up,
        halving: Halving::BeforeCharacteristic,
        minion_characteristic: false,
        free_strike: FreeStrike::Formula,
        leader_solo_bonus: false,
    };

    /// [`Reading::SEED`] with the A-27 bonus for leaders and solos: the closest to the published
    /// stat blocks, against L4733.
    pub const PUBLISHED: Reading = Reading {
        leader_solo_bonus: true,
        ..Reading::SEED
    };

    /// The rules digest's reading: damage rounded down, the characteristic added
    /// before halving, minions included, the free strike a strike's tier 1.
    pub const DIGEST: Reading = Reading {
        rounding: Rounding::Down,
        halving: Halving::AfterCharacteristic,
        minion_characteristic: true,
        free_strike: FreeStrike::Strike,
        leader_solo_bonus: false,
    };
}

impl Default for Reading {
    fn default() -> Reading {
        Reading::SEED
    }
}
