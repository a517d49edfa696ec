//! Hit points and injury (seed 001 L3-70): what damage takes away (hit points, temporary hit
//! points, nonlethal damage), the states it leaves a creature in (disabled at 0, dying below 0,
//! stable, dead at minus its Constitution), and the ways back up (stabilising, the Heal skill,
//! healing, rest).
//!
//! Everything here is a pure function of the numbers it is given: dice are rolled by the caller
//! and passed in as natural results. [`HitPoints`] is the component; [`Injury`] is what its
//! numbers mean for a creature of a given Constitution under a given
//! [`Edition`](crate::options::Edition).

pub mod dying;
pub mod healing;
pub mod hit_points;
pub mod recovery;
pub mod state;

pub use dying::{
    HEAL_CHECK_DC, StabiliseOutcome, stabilisation_die, stabilise_chance_percent, stabilises,
};
pub use healing::Healed;
pub use hit_points::{
    Course, DamageTaken, HitPoints, Lethality, MASSIVE_DAMAGE_DC, massive_damage_save_needed,
};
pub use recovery::{RecoveryCheck, Rest, natural_healing};
pub use state::{ActionAllowance, Exertion, Injury};

#[cfg(test)]
mod fixtures {
    use super::{Course, HitPoints};

    /// A creature of 20 hit points, dying at `current` with its check owed.
    pub fn dying_at(current: i32) -> HitPoints {
        HitPoints {
            current,
            course: Course::Dying { check_due: true },
            ..HitPoints::new(20)
        }
    }
}
