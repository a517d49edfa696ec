//! A monster's highest characteristic, damage, potency and free strike from its formula, under
//! a [`Reading`] (seed 002 L4722-4736; digest §14.4-14.5, A-24 to A-27).
//!
//! Damage is kept as an integer fraction until the one rounding at the end, so ⌈5.6⌉ = 6 and
//! 7.5 rounds the same way on every machine.

use super::reading::{FreeStrike, Halving, Reading};
use super::{MonsterFormula, Organization};

/// A fraction `numerator / denominator`.
type Fraction = (u32, u32);

/// seed 002 L4727: tier 1 = 0.6, tier 2 = 1.1, tier 3 = 1.4, in tenths.
fn tier_tenths(tier: u8) -> u32 {
    match tier {
        1 => 6,
        2 => 11,
        3 => 14,
        _ => panic!("a power roll tier is 1, 2 or 3, not {tier}"),
    }
}

impl MonsterFormula {
    /// Whether the A-27 bonus applies to this monster under `reading`.
    fn bonus(&self, reading: Reading) -> u32 {
        let leader_or_solo = matches!(self.organization, Organization::Leader | Organization::Solo);
        u32::from(reading.leader_solo_bonus && leader_or_solo)
    }

    /// Highest characteristic = power-roll bonus = 1 + echelon (seed 002 L4733: "level 5 = 2nd
    /// echelon, so +3"), with the A-27 bonus if `reading` has it, never above 5 (seed 002 L641).
    pub fn highest_characteristic(&self, reading: Reading) -> u32 {
        (1 + self.echelon() + self.bonus(reading)).min(5)
    }

    /// Potency at a power-roll `tier`: the highest characteristic at tier 3, one less per tier
    /// below (seed 002 L4734). The A-27 bonus adds 1 past the characteristic's cap: published
    /// level-10 leaders and solos have 4 / 5 / 6.
    ///
    /// # Panics
    /// If `tier` is not 1, 2 or 3.
    pub fn potency(&self, reading: Reading, tier: u8) -> u32 {
        assert!(
            (1..=3).contains(&tier),
            "a power roll tier is 1, 2 or 3, not {tier}"
        );
        1 + self.echelon() + self.bonus(reading) - (3 - u32::from(tier))
    }

    /// seed 002 L4726: (4 + level + Damage Mod) × the tier multiplier.
    fn base_damage(&self, tier: u8) -> Fraction {
        ((4 + self.level + self.damage_mod()) * tier_tenths(tier), 10)
    }

    /// The characteristic a strike adds (seed 002 L4728), or 0; minions per `reading`.
    fn strike_bonus(&self, reading: Reading, strike: bool) -> u32 {
        let minion = self.organization == Organization::Minion;
        if strike && (reading.minion_characteristic || !minion) {
            self.highest_characteristic(reading)
        } else {
            0
        }
    }

    /// The damage as an exact fraction: the base, the strike's characteristic and the halving for
    /// hordes and minions in `reading`'s order, then × the target multiplier (A-25: on the whole
    /// per-target damage).
    fn damage_fraction(&self, reading: Reading, tier: u8, strike: bool, targets: u32) -> Fraction {
        let (mut num, mut den) = self.base_damage(tier);
        let characteristic = self.strike_bonus(reading, strike);
        // seed 002 L4729: horde and minion damage is halved
        let halves = self.organization.halves_damage();
        if halves && reading.halving == Halving::BeforeCharacteristic {
            den *= 2;
        }
        num += characteristic * den;
        if halves && reading.halving == Halving::AfterCharacteristic {
            den *= 2;
        }
        let (t_num, t_den) = self.target_multiplier(targets);
        (num * t_num, den * t_den)
    }

    /// seed 002 L4735: one target more than the default × 0.8, more than that × 0.5, fewer × 1.2
    /// relative to the default of 1, or 2 for elite, leader and solo).
    fn target_multiplier(&self, targets: u32) -> Fraction {
        let default = self.default_targets();
        if targets == default {
            (1, 1)
        } else if targets == default + 1 {
            (4, 5)
        } else if targets > default {
            (1, 2)
        } else {
            (6, 5)
        }
    }

    /// An ability's damage at a power-roll `tier` (1-3) against `targets` targets, rounded as
    /// `reading` says and at least 1 (seed 002 L4724-4729, L4735; ). Zero targets
    /// counts as "fewer than the default" (× 1.2).
    ///
    /// # Panics
    /// If `tier` is not 1, 2 or 3.
    pub fn damage(&self, reading: Reading, tier: u8, strike: bool, targets: u32) -> u32 {
        let (num, den) = self.damage_fraction(reading, tier, strike, targets);
        reading.rounding.apply(num, den).max(1)
    }

    /// The same damage before rounding, as the digest's decimals show it (e.g. 5 / 7.5 / 9 for a
    /// level-1 platoon harrier's strike). Exact up to the one final division.
    ///
    /// # Panics
    /// If `tier` is not 1, 2 or 3.
    pub fn damage_exact(&self, reading: Reading, tier: u8, strike: bool, targets: u32) -> f64 {
        let (num, den) = self.damage_fraction(reading, tier, strike, targets);
        f64::from(num) / f64::from(den)
    }

    /// Free strike damage = "the tier-1 damage result" (seed 002 L4736), read as `reading`
    /// says: the damage formula's tier 1, or a strike's tier 1 against the default targets.
    pub fn free_strike(&self, reading: Reading) -> u32 {
        match reading.free_strike {
            FreeStrike::Strike => self.damage(reading, 1, true, self.default_targets()),
            FreeStrike::Formula => {
                let (num, mut den) = self.base_damage(1);
                if self.organization.halves_damage() {
                    den *= 2;
                }
                reading.rounding.apply(num, den).max(1)
            }
        }
    }
}
