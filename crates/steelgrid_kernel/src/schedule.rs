//! The stage schedule: a command is resolved by one run of an ordered, single-threaded schedule,
//! whose stages are the same for every ruleset. A ruleset is a plugin that puts its systems into
//! these stages; the order of the stages is kept here and nowhere else.

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};

/// The ordered stages every command goes through.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Resolve the command itself: turns, movement, actions.
    Command,
    /// Apply queued damage through the ruleset's damage pipeline.
    Damage,
    /// Update what damage left behind: winded, dying, dead, unconscious (or their like).
    Vitality,
    /// Check objectives and the end of the encounter.
    Objectives,
    /// Pass the turn, end and start rounds.
    TurnFlow,
}

/// The schedule one command runs through.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
pub struct Resolve;

/// A ruleset: it adds its systems to the kernel's stages (as a Bevy plugin adds its own to an
/// app). The kernel builds the schedule; the ruleset fills it.
pub trait Ruleset {
    /// The name a scenario selects it by (`ruleset: <name>`).
    fn name(&self) -> &'static str;
    /// Add the ruleset's systems, each in one [`Stage`].
    fn build(&self, schedule: &mut Schedule);
}

/// The schedule a command runs through: the stages chained in order, filled by `ruleset`.
pub fn resolve_schedule(ruleset: &dyn Ruleset) -> Schedule {
    let mut schedule = Schedule::new(Resolve);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.configure_sets(
        (
            Stage::Command,
            Stage::Damage,
            Stage::Vitality,
            Stage::Objectives,
            Stage::TurnFlow,
        )
            .chain(),
    );
    ruleset.build(&mut schedule);
    schedule
}
