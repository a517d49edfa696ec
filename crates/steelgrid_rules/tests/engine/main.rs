//! The engine as a whole: saves, replays and their committed fixtures, determinism, random
//! commands, broken scenarios, command lists, the AI and the ruleset field.

#[path = "../common/mod.rs"]
mod common;

mod ai;
mod batch;
mod broken_scenarios;
mod determinism;
mod fuzz;
mod random_commands;
mod record;
mod record_fixtures;
mod ruleset;
mod sim_commands;
mod soak;
mod tiled_maps;
