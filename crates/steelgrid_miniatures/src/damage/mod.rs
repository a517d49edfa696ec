//! Damage and conditions (digest A4, A9, A11, A15; seed 000 L32-40, L90-93, L150-172, L244,
//! L293, L361-379, L431-457, L481, L493-511): hit points and bloodied, the damage sequence
//! D1-D9, ongoing damage at the start of a turn, conditions and their ladder, and the
//! end-of-turn saves.
//!
//! Everything here is a pure function of what it is given: dice are rolled by the caller and
//! passed in as natural results. Each step and outcome names its rule
//! ([`crate::rule::damage`]). Values the seed does not give (destruction at 0, the save on 10
//! or more, rounding of halves, damage immunity) are marked "not in seed".

pub mod conditions;
pub mod hit_points;
pub mod ongoing;
pub mod packet;
pub mod sequence;

pub use conditions::{
    Afflicted, Afflictions, Condition, Duration, Effect, Lasting, SAVE_TARGET, TurnEnd, saves,
};
pub use hit_points::HitPoints;
pub use ongoing::ongoing_damage;
pub use packet::{Damage, DamageType, Defences, Halving, Packet, Source};
pub use sequence::{DamageRecord, ReductionOrder, Step, damage_sequence};
