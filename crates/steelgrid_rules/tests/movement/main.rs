//! Movement: walking, shifting, flying, burrowing, climbing and swimming, mounts, grabs, and
//! opportunity attacks.

#[path = "../common/mod.rs"]
mod common;

mod basics;
mod burrow;
mod flying;
mod grab;
mod misc;
mod more;
mod mount;
mod opportunity_ask;
mod stacked_walls;
