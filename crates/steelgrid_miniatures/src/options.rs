//! The choices seed 000 leaves open (digest Part E), each a named option with the digest's
//! reading as default, gathered from the chapters that own them; a scenario's `options:` sets
//! any of them.

use serde::{Deserialize, Serialize};

use crate::area::AreaOptions;
use crate::damage::sequence::ReductionOrder;
use crate::movement::options::MovementOptions;
use crate::round::RoundOptions;

/// The Miniatures ruleset's options.
#[derive(
    bevy_ecs::prelude::Resource,
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
)]
#[serde(default, deny_unknown_fields)]
pub struct MiniaturesOptions {
    pub area: AreaOptions,
    /// AMB-10: halving or resistance first inside D3.
    pub reduction_order: ReductionOrder,
    pub movement: MovementOptions,
    pub round: RoundOptions,
}
