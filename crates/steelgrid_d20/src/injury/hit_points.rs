//! Hit points and damage (seed 001 L5-14, L54-58, L60-69): the component a d20 creature carries,
//! how lethal and nonlethal damage come off it (temporary hit points first), and when one
//! attack is big enough to call for a massive damage save.

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::rule::Rule;

use super::state::Injury;
use crate::options::{Edition, MassiveDamage};
use crate::rule;

/// The Fortitude save DC that massive damage calls for (seed 001 L14).
pub const MASSIVE_DAMAGE_DC: u32 = 15;

/// A creature's hit points (seed 001 L5-11), its temporary hit points (L54-57) and its running
/// total of nonlethal damage (L66), with where it stands since it last dropped below 0.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitPoints {
    /// Its full, normal total; healing never goes past it (seed 001 L47, L51).
    pub max: i32,
    /// Its hit points now: 0 is disabled, below 0 dying (seed 001 L18, L25).
    pub current: i32,
    /// Spent before `current` and never healed back (seed 001 L56-57).
    pub temporary: i32,
    /// Never taken off `current`; compared with it instead (seed 001 L66-67).
    pub nonlethal: i32,
    /// What has happened since it last fell below 0 (seed 001 L21, L36-43).
    pub course: Course,
}

/// The part of the injury state the numbers alone cannot tell: whether a creature below 0 is
/// still losing hit points, has stopped, or has woken up (seed 001 L21, L36-43).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Course {
    /// It has not fallen below 0, or healing has brought it back to 0 or more.
    #[default]
    Standing,
    /// Unconscious and losing hit points (seed 001 L25-27). Its first stabilisation check is due
    /// only once a turn of its own has begun since it fell (seed 001 L36).
    Dying { check_due: bool },
    /// Unconscious but no longer losing hit points (seed 001 L36, L38-39).
    Stable,
    /// Awake again at negative hit points, so disabled (seed 001 L21, L42); left alone it heals
    /// naturally only once its daily check has succeeded (L43).
    Recovering { healing_naturally: bool },
    /// Dead whatever its hit points: a failed massive damage save (seed 001 L14, L31).
    Slain,
}

/// Whether damage takes hit points or adds to the nonlethal total (seed 001 L9, L62-66).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Lethality {
    /// Takes hit points away (seed 001 L9).
    Lethal,
    /// Adds to the nonlethal total instead (seed 001 L66).
    Nonlethal,
}

/// What one batch of damage did (seed 001 L9-13, L56, L66-69).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageTaken {
    /// Temporary hit points spent (seed 001 L56).
    pub temporary_lost: i32,
    /// Real hit points lost.
    pub hp_lost: i32,
    /// Added to the nonlethal total (seed 001 L66).
    pub nonlethal_added: i32,
    /// Nonlethal damage past maximum hit points, dealt as lethal instead (seed 001 L69).
    pub nonlethal_turned_lethal: i32,
    /// Its state before the damage.
    pub before: Injury,
    /// Its state after it.
    pub after: Injury,
}

impl DamageTaken {
    /// All the lethal damage the blow dealt, temporary hit points included: what massive
    /// damage is measured against (seed 001 L14).
    pub fn lethal_damage(&self) -> i32 {
        self.temporary_lost + self.hp_lost
    }

    /// The rule to log: the state it entered if it changed (seed 001 L18, L25, L31, L66-67),
    /// otherwise nonlethal, temporary or plain damage (L9, L56, L66).
    pub fn rule(&self) -> Rule {
        if self.after != self.before {
            self.after.rule()
        } else if self.nonlethal_added + self.nonlethal_turned_lethal > 0 {
            rule::NONLETHAL
        } else if self.hp_lost == 0 && self.temporary_lost > 0 {
            rule::TEMPORARY_HP
        } else {
            rule::DAMAGE
        }
    }
}

impl HitPoints {
    /// Unhurt at `max` hit points.
    pub fn new(max: i32) -> Self {
        Self {
            max,
            current: max,
            temporary: 0,
            nonlethal: 0,
            course: Course::Standing,
        }
    }

    /// Takes `amount` damage (seed 001 L9-13). Lethal damage spends temporary hit points first
    /// (L56); nonlethal adds to its own total until that reaches maximum hit points, and the
    /// rest is lethal unless the creature `regenerates` (L69). Losing any hit points at negative
    /// hit points, or dropping below 0, leaves it dying.
    pub fn take_damage(
        &mut self,
        amount: i32,
        lethality: Lethality,
        regenerates: bool,
        constitution: i32,
        edition: Edition,
    ) -> DamageTaken {
        let before = self.injury(constitution, edition);
        let amount = amount.max(0);
        let (nonlethal_added, nonlethal_turned_lethal) = match lethality {
            Lethality::Lethal => (0, 0),
            Lethality::Nonlethal => self.split_nonlethal(amount, regenerates),
        };
        let lethal = amount - nonlethal_added;
        self.nonlethal += nonlethal_added;
        let temporary_lost = lethal.min(self.temporary.max(0));
        self.temporary -= temporary_lost;
        let hp_lost = lethal - temporary_lost;
        self.lose_hit_points(hp_lost);
        DamageTaken {
            temporary_lost,
            hp_lost,
            nonlethal_added,
            nonlethal_turned_lethal,
            before,
            after: self.injury(constitution, edition),
        }
    }

    /// Dead at once, whatever its hit points: a failed massive damage save (seed 001 L14, L31).
    pub fn slay(&mut self) {
        self.course = Course::Slain;
    }

    /// How much of `amount` nonlethal damage stays nonlethal and how much turns lethal once the
    /// total reaches maximum hit points (seed 001 L69).
    fn split_nonlethal(&self, amount: i32, regenerates: bool) -> (i32, i32) {
        if regenerates {
            return (amount, 0);
        }
        let room = (self.max - self.nonlethal).clamp(0, amount);
        (room, amount - room)
    }

    /// Takes real hit points off; falling below 0, or losing more while below it, means dying
    /// (seed 001 L12, L25-26), its first check due on its next turn (L36).
    pub(super) fn lose_hit_points(&mut self, amount: i32) {
        if amount <= 0 {
            return;
        }
        self.current -= amount;
        if self.current < 0 {
            self.course = match self.course {
                Course::Dying { check_due } => Course::Dying { check_due },
                Course::Slain => Course::Slain,
                _ => Course::Dying { check_due: false },
            };
        }
    }

    /// One hit point lost to exertion while disabled, a failed stabilisation check or the end
    /// of a dying round (seed 001 L19, L27, L36).
    pub(super) fn lose_one(&mut self, constitution: i32, edition: Edition) -> DamageTaken {
        let before = self.injury(constitution, edition);
        self.lose_hit_points(1);
        DamageTaken {
            temporary_lost: 0,
            hp_lost: 1,
            nonlethal_added: 0,
            nonlethal_turned_lethal: 0,
            before,
            after: self.injury(constitution, edition),
        }
    }
}

/// The Fortitude save DC a creature must make after one attack dealt it `lethal_damage`
/// (seed 001 L14): only when that single attack reaches half its maximum hit points (at least
/// 50; 3.5: a flat 50), only if it `survived`, and only with the option on. Several smaller
/// attacks never add up to it.
pub fn massive_damage_save_needed(
    lethal_damage: i32,
    survived: bool,
    max_hp: i32,
    edition: Edition,
    option: MassiveDamage,
) -> Option<u32> {
    let reached = lethal_damage >= edition.massive_threshold(max_hp);
    (option == MassiveDamage::On && survived && reached).then_some(MASSIVE_DAMAGE_DC)
}

#[cfg(test)]
mod tests {
    use super::*;

    const PF: Edition = Edition::Pathfinder1;

    fn hit(hp: &mut HitPoints, amount: i32, lethality: Lethality) -> DamageTaken {
        hp.take_damage(amount, lethality, false, 12, PF)
    }

    fn massive(hp: &HitPoints, hit: &DamageTaken, edition: Edition) -> Option<u32> {
        let survived = hit.after != Injury::Dead;
        massive_damage_save_needed(
            hit.lethal_damage(),
            survived,
            hp.max,
            edition,
            MassiveDamage::On,
        )
    }

    #[test]
    fn dnd_16_con_12_survives_at_minus_11_and_dies_at_minus_12() {
        let mut hp = HitPoints {
            current: 4,
            ..HitPoints::new(30)
        };
        let mut other = hp;
        let fell = hit(&mut hp, 15, Lethality::Lethal);
        assert_eq!((hp.current, fell.after), (-11, Injury::Dying));
        let killed = hit(&mut other, 16, Lethality::Lethal);
        assert_eq!((other.current, killed.after), (-12, Injury::Dead));
        assert_eq!(killed.rule(), rule::DEAD);
    }

    #[test]
    fn dnd_16_the_35_edition_kills_at_minus_10_whatever_the_constitution() {
        let mut hp = HitPoints {
            current: 4,
            ..HitPoints::new(30)
        };
        let taken = hp.take_damage(14, Lethality::Lethal, false, 12, Edition::Dnd35);
        assert_eq!((hp.current, taken.after), (-10, Injury::Dead));
        let mut tough = HitPoints {
            current: 4,
            ..HitPoints::new(30)
        };
        let taken = tough.take_damage(13, Lethality::Lethal, false, 18, Edition::Dnd35);
        assert_eq!((tough.current, taken.after), (-9, Injury::Dying));
    }

    #[test]
    fn dnd_23_nonlethal_past_maximum_hit_points_is_lethal() {
        let mut hp = HitPoints {
            nonlethal: 20,
            ..HitPoints::new(20)
        };
        let taken = hit(&mut hp, 4, Lethality::Nonlethal);
        assert_eq!((hp.current, hp.nonlethal), (16, 20));
        assert_eq!(
            (taken.nonlethal_added, taken.nonlethal_turned_lethal),
            (0, 4)
        );
        assert_eq!(taken.hp_lost, 4);
    }

    #[test]
    fn dnd_23_a_regenerating_creature_just_stays_unconscious_longer() {
        let mut hp = HitPoints {
            nonlethal: 20,
            ..HitPoints::new(20)
        };
        let taken = hp.take_damage(4, Lethality::Nonlethal, true, 12, PF);
        assert_eq!((hp.current, hp.nonlethal), (20, 24));
        assert_eq!((taken.hp_lost, taken.after), (0, Injury::Unconscious));
    }

    #[test]
    fn nonlethal_that_reaches_maximum_part_way_splits_into_nonlethal_and_lethal() {
        let mut hp = HitPoints {
            nonlethal: 18,
            ..HitPoints::new(20)
        };
        let taken = hit(&mut hp, 5, Lethality::Nonlethal);
        assert_eq!(
            (taken.nonlethal_added, taken.nonlethal_turned_lethal),
            (2, 3)
        );
        assert_eq!((hp.current, hp.nonlethal), (17, 20));
    }

    #[test]
    fn nonlethal_damage_never_lowers_hit_points() {
        let mut hp = HitPoints::new(20);
        let taken = hit(&mut hp, 7, Lethality::Nonlethal);
        assert_eq!((hp.current, hp.nonlethal), (20, 7));
        assert_eq!(
            (taken.after, taken.rule()),
            (Injury::Healthy, rule::NONLETHAL)
        );
    }

    #[test]
    fn dnd_25_one_hit_of_52_against_80_hit_points_calls_for_a_dc_15_save() {
        let mut hp = HitPoints::new(80);
        let taken = hit(&mut hp, 52, Lethality::Lethal);
        assert_eq!(massive(&hp, &taken, PF), Some(15));
    }

    #[test]
    fn dnd_25_two_hits_of_30_call_for_no_save() {
        let mut hp = HitPoints::new(80);
        for _ in 0..2 {
            let taken = hit(&mut hp, 30, Lethality::Lethal);
            assert_eq!(massive(&hp, &taken, PF), None);
        }
        assert_eq!(hp.current, 20);
    }

    #[test]
    fn dnd_25_with_150_hit_points_the_threshold_is_75() {
        let mut hp = HitPoints::new(150);
        let taken = hit(&mut hp, 74, Lethality::Lethal);
        assert_eq!(massive(&hp, &taken, PF), None);
        let taken = hit(&mut hp, 75, Lethality::Lethal);
        assert_eq!(massive(&hp, &taken, PF), Some(MASSIVE_DAMAGE_DC));
    }

    #[test]
    fn dnd_25_a_failed_save_kills_whatever_the_hit_points_left() {
        let mut hp = HitPoints::new(80);
        hit(&mut hp, 52, Lethality::Lethal);
        hp.slay();
        assert_eq!((hp.current, hp.injury(12, PF)), (28, Injury::Dead));
    }

    #[test]
    fn massive_damage_in_35_is_a_flat_50_even_for_150_hit_points() {
        let mut hp = HitPoints::new(150);
        let taken = hp.take_damage(50, Lethality::Lethal, false, 12, Edition::Dnd35);
        assert_eq!(massive(&hp, &taken, Edition::Dnd35), Some(15));
    }

    #[test]
    fn massive_damage_needs_the_option_and_a_survivor() {
        assert_eq!(
            massive_damage_save_needed(60, true, 80, PF, MassiveDamage::Off),
            None
        );
        assert_eq!(
            massive_damage_save_needed(60, false, 80, PF, MassiveDamage::On),
            None
        );
    }

    #[test]
    fn dnd_26_temporary_hit_points_soak_damage_first() {
        let mut hp = HitPoints {
            temporary: 5,
            ..HitPoints::new(12)
        };
        let taken = hit(&mut hp, 8, Lethality::Lethal);
        assert_eq!((hp.temporary, hp.current), (0, 9));
        assert_eq!((taken.temporary_lost, taken.hp_lost), (5, 3));
    }

    #[test]
    fn damage_all_soaked_by_temporary_hit_points_logs_the_temporary_rule() {
        let mut hp = HitPoints {
            temporary: 5,
            ..HitPoints::new(12)
        };
        let taken = hit(&mut hp, 3, Lethality::Lethal);
        assert_eq!((hp.temporary, hp.current), (2, 12));
        assert_eq!(taken.rule(), rule::TEMPORARY_HP);
    }

    #[test]
    fn nonlethal_damage_leaves_temporary_hit_points_alone() {
        let mut hp = HitPoints {
            temporary: 5,
            ..HitPoints::new(12)
        };
        hit(&mut hp, 4, Lethality::Nonlethal);
        assert_eq!((hp.temporary, hp.nonlethal), (5, 4));
    }

    #[test]
    fn damage_to_exactly_0_disables_and_below_0_sets_the_creature_dying() {
        let mut hp = HitPoints::new(6);
        let taken = hit(&mut hp, 6, Lethality::Lethal);
        assert_eq!(
            (taken.after, taken.rule()),
            (Injury::Disabled, rule::DISABLED)
        );
        let taken = hit(&mut hp, 2, Lethality::Lethal);
        assert_eq!((taken.after, taken.rule()), (Injury::Dying, rule::DYING));
        assert_eq!(hp.course, Course::Dying { check_due: false });
    }

    #[test]
    fn a_stable_creature_that_is_hit_again_starts_dying_again() {
        let mut hp = HitPoints {
            current: -3,
            course: Course::Stable,
            ..HitPoints::new(20)
        };
        let taken = hit(&mut hp, 1, Lethality::Lethal);
        assert_eq!(
            (hp.current, taken.before, taken.after),
            (-4, Injury::Stable, Injury::Dying)
        );
    }
}
