//! Power rolls and tests: tiers, edges and banes, criticals (seed 002; the core and combat
//! digests).

#[path = "../common/mod.rs"]
mod common;

mod basics;
mod core_more;
mod edges;
mod in_fight;
