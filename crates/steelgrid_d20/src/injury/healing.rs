//! Healing (seed 001 L20, L39-40, L47, L51, L57, L70): hit points come back up to the maximum
//! and no further, the same amount of nonlethal damage goes with them, any healing stops a
//! dying creature's loss, and 1 hit point or more puts it back on its feet.

use steelgrid_kernel::rule::Rule;

use super::hit_points::{Course, HitPoints};
use super::state::Injury;
use crate::options::Edition;
use crate::rule;

/// What one healing did (seed 001 L20, L39-40, L70).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Healed {
    /// Hit points regained, never past the maximum (seed 001 L47, L51).
    pub hp_gained: i32,
    /// Nonlethal damage removed along with them (seed 001 L70).
    pub nonlethal_removed: i32,
    /// A dying creature stopped losing hit points (seed 001 L39).
    pub stabilised: bool,
    /// It climbed from below 0 to 1 or more: a caster has back the casting it had before it
    /// fell (seed 001 L40).
    pub regains_casting: bool,
    /// Its state before the healing.
    pub before: Injury,
    /// Its state after it.
    pub after: Injury,
}

impl Healed {
    /// The rule to log (seed 001 L20, L39-40, L47, L51).
    pub fn rule(&self) -> Rule {
        rule::HEALED
    }
}

impl HitPoints {
    /// Heals `amount` hit points (seed 001 L20, L39-40, L47, L51, L70). Hit points stop at the
    /// maximum; temporary hit points never come back (L57); nonlethal damage drops by the
    /// amount too. A dying creature healed at all is stable: still unconscious below 0,
    /// disabled at 0, fully itself at 1 or more. The dead are not healed.
    pub fn heal(&mut self, amount: i32, constitution: i32, edition: Edition) -> Healed {
        let before = self.injury(constitution, edition);
        let amount = if before.is_alive() { amount.max(0) } else { 0 };
        let was_below_zero = self.current < 0;
        let hp_gained = amount.min(self.max - self.current).max(0);
        let nonlethal_removed = amount.min(self.nonlethal).max(0);
        let stabilised = hp_gained > 0 && before == Injury::Dying;
        self.current += hp_gained;
        self.nonlethal -= nonlethal_removed;
        if hp_gained > 0 {
            self.course = self.course_after_healing();
        }
        Healed {
            hp_gained,
            nonlethal_removed,
            stabilised,
            regains_casting: was_below_zero && self.current >= 1,
            before,
            after: self.injury(constitution, edition),
        }
    }

    /// Back to 0 or more, it is no longer on the way down; still below 0, a dying creature is
    /// now stable and a stable or recovering one stays as it was (seed 001 L39-40).
    fn course_after_healing(&self) -> Course {
        match self.course {
            _ if self.current >= 0 => Course::Standing,
            Course::Dying { .. } => Course::Stable,
            other => other,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::injury::Lethality;
    use crate::injury::fixtures::dying_at;

    const PF: Edition = Edition::Pathfinder1;

    #[test]
    fn dnd_20_healed_2_at_minus_3_is_stable_and_unconscious_at_minus_1() {
        let mut hp = dying_at(-3);
        let healed = hp.heal(2, 12, PF);
        assert_eq!((hp.current, healed.after), (-1, Injury::Stable));
        assert!(healed.stabilised && !healed.regains_casting);
        assert_eq!(hp.stabilisation_check(1, false, 12, PF), None);
    }

    #[test]
    fn dnd_20_healed_3_at_minus_3_is_conscious_and_disabled_at_0() {
        let mut hp = dying_at(-3);
        let healed = hp.heal(3, 12, PF);
        assert_eq!((hp.current, healed.after), (0, Injury::Disabled));
        assert!(healed.stabilised && healed.after.is_conscious());
    }

    #[test]
    fn dnd_20_healed_4_at_minus_3_is_fully_functional_and_a_caster_regains_its_casting() {
        let mut hp = dying_at(-3);
        let healed = hp.heal(4, 12, PF);
        assert_eq!((hp.current, healed.after), (1, Injury::Healthy));
        assert!(healed.regains_casting);
        assert_eq!(hp.course, Course::Standing);
    }

    #[test]
    fn healing_a_creature_never_below_0_gives_back_no_casting() {
        let mut hp = HitPoints {
            current: 0,
            ..HitPoints::new(20)
        };
        let healed = hp.heal(5, 12, PF);
        assert_eq!((hp.current, healed.after), (5, Injury::Healthy));
        assert!(!healed.regains_casting && !healed.stabilised);
    }

    #[test]
    fn dnd_22_nonlethal_staggers_at_12_knocks_out_at_13_and_a_cure_of_5_wakes_it() {
        let mut hp = HitPoints {
            current: 12,
            nonlethal: 12,
            ..HitPoints::new(20)
        };
        assert_eq!(hp.injury(12, PF), Injury::Staggered);
        let taken = hp.take_damage(1, Lethality::Nonlethal, false, 12, PF);
        assert_eq!((hp.nonlethal, taken.after), (13, Injury::Unconscious));
        assert!(taken.after.is_helpless());
        let healed = hp.heal(5, 12, PF);
        assert_eq!((hp.current, hp.nonlethal), (17, 8));
        assert_eq!(healed.nonlethal_removed, 5);
        assert_eq!(healed.after, Injury::Healthy);
        assert!(!healed.after.is_staggered());
    }

    #[test]
    fn healing_stops_at_maximum_hit_points() {
        let mut hp = HitPoints {
            current: 18,
            ..HitPoints::new(20)
        };
        let healed = hp.heal(10, 12, PF);
        assert_eq!((hp.current, healed.hp_gained), (20, 2));
    }

    #[test]
    fn healing_at_full_hit_points_still_clears_nonlethal_damage() {
        let mut hp = HitPoints {
            nonlethal: 9,
            ..HitPoints::new(20)
        };
        let healed = hp.heal(6, 12, PF);
        assert_eq!((hp.current, hp.nonlethal), (20, 3));
        assert_eq!((healed.hp_gained, healed.nonlethal_removed), (0, 6));
    }

    #[test]
    fn dnd_26_spent_temporary_hit_points_are_never_healed_back() {
        let mut hp = HitPoints {
            temporary: 5,
            ..HitPoints::new(12)
        };
        hp.take_damage(8, Lethality::Lethal, false, 12, PF);
        let healed = hp.heal(10, 12, PF);
        assert_eq!((hp.current, hp.temporary, healed.hp_gained), (12, 0, 3));
    }

    #[test]
    fn the_dead_are_not_healed() {
        let mut hp = HitPoints {
            current: -12,
            ..HitPoints::new(20)
        };
        let healed = hp.heal(30, 12, PF);
        assert_eq!(
            (hp.current, healed.hp_gained, healed.after),
            (-12, 0, Injury::Dead)
        );
    }

    #[test]
    fn healing_a_recovering_creature_short_of_0_keeps_it_awake_and_disabled() {
        let course = Course::Recovering {
            healing_naturally: true,
        };
        let mut hp = HitPoints {
            current: -4,
            course,
            ..HitPoints::new(20)
        };
        let healed = hp.heal(2, 12, PF);
        assert_eq!((hp.current, healed.after), (-2, Injury::Disabled));
        assert_eq!(hp.course, course);
    }
}
