//! What the Director can buy with Malice. The rules of spending it are in `director::malice`.

use serde::{Deserialize, Serialize};

/// What the Director buys with Malice at the start of a monster's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MaliceSpend {
    /// 3 Malice: the monster's next ability with a potency gets potency +1 (seed 002 L4356-4358).
    BrutalEffectiveness,
    /// 5 or more Malice: the next strike deals + the highest characteristic to one target, +1
    /// per Malice over 5, to at most three times that characteristic (seed 002 L4360-4362).
    MaliciousStrike { malice: u32 },
    /// One of the monster family's own features (seed 002 L4344).
    Feature { id: String },
}
