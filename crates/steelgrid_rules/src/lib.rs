//! Steelgrid's rules engine for the Draw Steel tabletop RPG: pure, deterministic and headless.
//!
//! The whole rules state lives in a `bevy_ecs` world — creatures are entities with components,
//! the map, turn, dice and log are resources — and each command runs once through an ordered,
//! single-threaded schedule of rules stages (`steelgrid_kernel::schedule::Stage`), filled by the Draw Steel ruleset ([`ruleset`]). Commands go in, events come out,
//! and each event names the rule (and seed lines) that produced it. Nothing here renders.

pub mod ability;
pub mod ai;
pub mod campaign;
pub mod class;
pub mod command;
pub mod command_list;
pub mod condition;
pub mod creature;
pub mod creature_record;
pub mod damage;
pub mod diagnostic;
pub mod director;
pub mod encounter;
pub mod encounter_budget;
pub mod engine;
pub mod event;
pub mod forced;
pub mod movement;
pub mod options;
pub mod power_roll;
pub mod record;
pub mod rule;
pub mod ruleset;
pub mod scenario;
pub mod sim;
pub mod summon;
pub mod terms;
#[cfg(feature = "testing")]
pub mod testing;
pub mod trigger;
pub mod turn;

/// The kernel's grid, dice and source positions, under the names the chapters use.
pub use steelgrid_kernel::{dice, grid, source};

pub use command::{Command, RuleError};
pub use engine::{Engine, Snapshot, StateView};
pub use event::{Event, LoggedEvent, Rule};
pub use scenario::{Diagnostic, Scenario};
