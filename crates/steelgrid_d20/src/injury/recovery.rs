//! Recovery after the fight (seed 001 L41-43, L48-49, L70): a stable creature's hourly check to
//! wake (costly when no one tends it), the daily check that starts a lone creature's natural
//! healing, a night's or a day's rest, and nonlethal damage fading by the hour.

use steelgrid_kernel::rule::Rule;

use super::dying::constitution_check;
use super::hit_points::{Course, HitPoints};
use super::state::Injury;
use crate::options::Edition;
use crate::rule;

/// How a creature rested (seed 001 L48-49).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rest {
    /// A night of at least 8 hours' sleep: 1 hit point per level.
    Night,
    /// A full day and night of complete bed rest: 2 per level.
    BedRest,
    /// A night broken by a significant interruption: nothing.
    Interrupted,
}

/// What a recovery check did (seed 001 L42-43).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RecoveryCheck {
    /// It woke (hourly check) or began to heal naturally (daily check).
    pub succeeded: bool,
    /// Hit points lost to a failure while alone (seed 001 L43).
    pub hp_lost: i32,
    /// Its state after the check.
    pub after: Injury,
}

impl RecoveryCheck {
    /// The rule to log: recovery, or death if the lost hit point killed it (seed 001 L43).
    pub fn rule(&self) -> Rule {
        match self.after {
            Injury::Dead => rule::DEAD,
            _ => rule::RECOVERY,
        }
    }
}

/// Hit points a night's rest gives back to a creature of `level` (seed 001 L48-49).
pub fn natural_healing(level: i32, rest: Rest) -> i32 {
    match rest {
        Rest::Night => level,
        Rest::BedRest => 2 * level,
        Rest::Interrupted => 0,
    }
}

impl HitPoints {
    /// A stable creature's hourly check to wake (seed 001 L42-43), `natural` on a d20: Constitution
    /// against DC 10 minus its negative hit points, a natural 20 succeeding. Awake, it is
    /// disabled; `tended`, it heals naturally from then on. A failure alone costs 1 hit point.
    /// `None` unless it is stable.
    pub fn hourly_recovery_check(
        &mut self,
        natural: u32,
        tended: bool,
        constitution: i32,
        edition: Edition,
    ) -> Option<RecoveryCheck> {
        if self.injury(constitution, edition) != Injury::Stable {
            return None;
        }
        let succeeded = constitution_check(natural, self.current, constitution);
        if succeeded {
            self.course = Course::Recovering {
                healing_naturally: tended,
            };
        }
        let hp_lost = i32::from(!succeeded && !tended);
        self.current -= hp_lost;
        let after = self.injury(constitution, edition);
        Some(RecoveryCheck {
            succeeded,
            hp_lost,
            after,
        })
    }

    /// The daily check, after 8 hours' rest, of a creature that woke alone below 0 (seed 001
    /// L43), `natural` on a d20: success starts its natural healing and ends the risk; failure
    /// costs 1 hit point but leaves it awake. `None` when no such check is owed.
    pub fn daily_recovery_check(
        &mut self,
        natural: u32,
        constitution: i32,
        edition: Edition,
    ) -> Option<RecoveryCheck> {
        let alone = self.course
            == Course::Recovering {
                healing_naturally: false,
            };
        if !alone || !self.injury(constitution, edition).is_alive() {
            return None;
        }
        let succeeded = constitution_check(natural, self.current, constitution);
        if succeeded {
            self.course = Course::Recovering {
                healing_naturally: true,
            };
        }
        let hp_lost = i32::from(!succeeded);
        self.current -= hp_lost;
        let after = self.injury(constitution, edition);
        Some(RecoveryCheck {
            succeeded,
            hp_lost,
            after,
        })
    }

    /// Whether rest heals it (seed 001 L42-43): always on its feet, while stable only when
    /// `tended`, and awake below 0 when tended or once its daily check has succeeded; never
    /// while dying.
    pub fn heals_naturally(&self, tended: bool) -> bool {
        match self.course {
            Course::Standing => true,
            Course::Stable => tended,
            Course::Recovering { healing_naturally } => healing_naturally || tended,
            Course::Dying { .. } | Course::Slain => false,
        }
    }

    /// Nonlethal damage fading over `hours`, 1 an hour per level (seed 001 L70); returns how
    /// much went.
    pub fn recover_nonlethal(&mut self, hours: i32, level: i32) -> i32 {
        let recovered = (hours * level).clamp(0, self.nonlethal.max(0));
        self.nonlethal -= recovered;
        recovered
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const PF: Edition = Edition::Pathfinder1;

    fn stable_at(current: i32) -> HitPoints {
        HitPoints {
            current,
            course: Course::Stable,
            ..HitPoints::new(20)
        }
    }

    #[test]
    fn a_tended_stable_creature_that_fails_to_wake_loses_nothing() {
        let mut hp = stable_at(-4);
        let check = hp.hourly_recovery_check(12, true, 12, PF);
        assert_eq!(check.map(|c| (c.succeeded, c.hp_lost)), Some((false, 0)));
        assert_eq!((hp.current, hp.injury(12, PF)), (-4, Injury::Stable));
    }

    #[test]
    fn a_stable_creature_alone_loses_a_hit_point_for_each_failure_to_wake() {
        let mut hp = stable_at(-4);
        let check = hp.hourly_recovery_check(12, false, 12, PF);
        assert_eq!(
            check.map(|c| (c.hp_lost, c.after)),
            Some((1, Injury::Stable))
        );
        assert_eq!(hp.current, -5);
        assert!(!hp.heals_naturally(false));
    }

    #[test]
    fn a_stable_creature_alone_can_die_of_failing_to_wake() {
        let mut hp = stable_at(-11);
        let check = hp.hourly_recovery_check(1, false, 12, PF);
        let check = check.expect("a stable creature checks");
        assert_eq!((check.after, check.rule()), (Injury::Dead, rule::DEAD));
    }

    #[test]
    fn waking_at_negative_hit_points_leaves_it_disabled_and_tended_it_heals() {
        let mut hp = stable_at(-4);
        let check = hp.hourly_recovery_check(13, true, 12, PF);
        assert_eq!(
            check.map(|c| (c.succeeded, c.after)),
            Some((true, Injury::Disabled))
        );
        assert!(hp.heals_naturally(false));
    }

    #[test]
    fn a_natural_20_wakes_it_whatever_the_penalty() {
        let mut hp = stable_at(-15);
        let check = hp.hourly_recovery_check(20, false, 18, PF);
        assert_eq!(check.map(|c| c.after), Some(Injury::Disabled));
    }

    #[test]
    fn woken_alone_it_heals_only_after_a_daily_check_and_a_failure_costs_1_awake() {
        let course = Course::Recovering {
            healing_naturally: false,
        };
        let mut hp = HitPoints {
            current: -3,
            course,
            ..HitPoints::new(20)
        };
        assert!(!hp.heals_naturally(false));
        let failed = hp.daily_recovery_check(5, 12, PF);
        assert_eq!(
            failed.map(|c| (c.hp_lost, c.after)),
            Some((1, Injury::Disabled))
        );
        let passed = hp.daily_recovery_check(14, 12, PF);
        assert_eq!(passed.map(|c| c.succeeded), Some(true));
        assert!(hp.heals_naturally(false));
        assert_eq!(hp.daily_recovery_check(1, 12, PF), None);
    }

    #[test]
    fn a_night_heals_1_per_level_bed_rest_2_and_a_broken_night_nothing() {
        assert_eq!(natural_healing(5, Rest::Night), 5);
        assert_eq!(natural_healing(5, Rest::BedRest), 10);
        assert_eq!(natural_healing(5, Rest::Interrupted), 0);
    }

    #[test]
    fn nonlethal_fades_1_an_hour_per_level() {
        let mut hp = HitPoints {
            nonlethal: 10,
            ..HitPoints::new(20)
        };
        assert_eq!(hp.recover_nonlethal(2, 3), 6);
        assert_eq!(hp.nonlethal, 4);
        assert_eq!(hp.recover_nonlethal(5, 3), 4);
        assert_eq!(hp.nonlethal, 0);
    }

    #[test]
    fn a_dying_creature_does_not_heal_naturally() {
        let hp = HitPoints {
            current: -2,
            course: Course::Dying { check_due: true },
            ..HitPoints::new(20)
        };
        assert!(!hp.heals_naturally(true));
    }
}
