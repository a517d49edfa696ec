//! What can trigger an ability: a creature damaged, starting its turn, targeted or leaving a
//! reach. The rules of trigger windows are in `trigger`.

use serde::{Deserialize, Serialize};

/// Something that happened which triggered abilities may answer.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Happening {
    /// `creature` took `amount` damage that `by` dealt in one command, `absorbed` of it by
    /// temporary Stamina.
    Damaged {
        creature: String,
        by: String,
        #[serde(default)]
        amount: u32,
        #[serde(default)]
        absorbed: u32,
    },
    /// `creature` started its turn.
    TurnStarted { creature: String },
    /// `by` targets `creature` with `ability` (its name), a strike when `strike`; the ability
    /// waits for the answers (`trigger_targeted`).
    Targeted {
        creature: String,
        by: String,
        ability: String,
        strike: bool,
    },
    /// `creature` is about to leave the reach of creatures whose side is asked about
    /// opportunity attacks; its move waits (`opportunity_ask`).
    Leaving { creature: String },
}
