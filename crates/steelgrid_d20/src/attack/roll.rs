//! The attack roll against Armour Class, critical hits and the hit chance a preview shows.
//! Seed 001 gives the modifiers (L164-197) but not the roll itself: the roll, natural 1 and 20
//! and the confirmation of a critical are the 3.5 rules (not in seed), named so in the log.

use serde::{Deserialize, Serialize};

use super::modifiers::Modifier;

/// A weapon's critical profile: the lowest natural roll that threatens (20 for most, 19 or 18
/// for keen blades) and the damage multiplier (not in seed).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Critical {
    pub threat: u32,
    pub multiplier: u32,
}

impl Default for Critical {
    fn default() -> Self {
        Critical {
            threat: 20,
            multiplier: 2,
        }
    }
}

/// One attack's numbers before the die: the attacker's bonus and the modifiers on both sides.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct AttackLine {
    pub bonus: i32,
    /// Modifiers to the roll (seed 001 L166-178).
    pub to_hit: Vec<Modifier>,
    /// The defender's AC, and the modifiers to it (seed 001 L180-197).
    pub armour_class: i32,
    pub to_ac: Vec<Modifier>,
    /// The miss chance of concealment in percent, 0, 20 or 50 (seed 001 L225-228).
    pub miss_chance: u32,
}

/// How a roll turned out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Roll {
    Miss,
    Hit,
    /// A threat that the confirmation roll also hit.
    Critical,
}

impl AttackLine {
    pub fn total_bonus(&self) -> i32 {
        self.bonus + self.to_hit.iter().map(|m| m.value).sum::<i32>()
    }

    pub fn target_ac(&self) -> i32 {
        self.armour_class + self.to_ac.iter().map(|m| m.value).sum::<i32>()
    }

    /// Whether a natural roll hits: 20 always, 1 never (not in seed), otherwise the total
    /// against the AC.
    pub fn hits(&self, natural: u32) -> bool {
        match natural {
            20 => true,
            1 => false,
            n => n as i32 + self.total_bonus() >= self.target_ac(),
        }
    }

    /// The roll: a hit whose natural roll is in the threat range is confirmed by a second roll
    /// that would hit (not in seed). `confirm` is asked for only on a threat.
    pub fn resolve(&self, natural: u32, critical: Critical, confirm: impl FnOnce() -> u32) -> Roll {
        if !self.hits(natural) {
            Roll::Miss
        } else if natural >= critical.threat && self.hits(confirm()) {
            Roll::Critical
        } else {
            Roll::Hit
        }
    }

    /// The chance to hit in whole percent, concealment's miss chance taken off: what the
    /// preview shows beside the modifiers.
    pub fn hit_percent(&self) -> u32 {
        let faces = (1..=20).filter(|&n| self.hits(n)).count() as u32;
        faces * 5 * (100 - self.miss_chance) / 100
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn line(bonus: i32, ac: i32) -> AttackLine {
        AttackLine {
            bonus,
            armour_class: ac,
            ..AttackLine::default()
        }
    }

    #[test]
    fn a_natural_20_hits_and_a_natural_1_misses_whatever_the_numbers() {
        assert!(line(-10, 40).hits(20));
        assert!(!line(40, 5).hits(1));
        assert_eq!(line(-10, 40).hit_percent(), 5);
        assert_eq!(line(40, 5).hit_percent(), 95);
    }

    #[test]
    fn the_hit_chance_counts_the_faces_and_takes_concealment_off() {
        // +5 against AC 15: 10-20 hit, 55 %; concealed, 20 % of those miss: 44 %.
        let mut l = line(5, 15);
        assert_eq!(l.hit_percent(), 55);
        l.miss_chance = 20;
        assert_eq!(l.hit_percent(), 44);
        l.miss_chance = 50;
        assert_eq!(l.hit_percent(), 27);
    }

    #[test]
    fn a_threat_is_a_critical_only_if_the_confirmation_hits() {
        let l = line(5, 15);
        let keen = Critical {
            threat: 19,
            multiplier: 2,
        };
        assert_eq!(l.resolve(19, keen, || 12), Roll::Critical);
        assert_eq!(l.resolve(19, keen, || 4), Roll::Hit);
        assert_eq!(l.resolve(19, Critical::default(), || 12), Roll::Hit);
        assert_eq!(l.resolve(9, keen, || 20), Roll::Miss);
    }
}
