//! The Director: Malice and its spends, villain actions, squads and captains, monsters and
//! their formulas, and the encounter's objectives.

pub mod last_stand;
pub mod malice;
pub mod monster;
pub mod squad;
