//! The Director: Malice and its spends, villain actions, squads and captains, monsters and
//! their formulas, the encounter's objectives, and the Director's overrides at the table.

pub mod last_stand;
pub mod malice;
pub mod monster;
pub mod overrides;
pub mod squad;
