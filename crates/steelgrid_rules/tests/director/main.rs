//! The Director: Malice, villain actions, squads and captains, monsters and their formulas, free
//! strikes, retainers and the encounter budget.

#[path = "../common/mod.rs"]
mod common;

mod cunning;
mod encounter_budget;
mod free_strike;
mod last_stand;
mod malice;
mod misc;
mod monster_formula;
mod overrides;
mod squad;
mod squad_action;
mod villain;
