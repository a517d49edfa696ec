//! Headless runs: apply a command list to a scenario and report the final state and log. This is
//! what `steelgrid sim` and the tests drive.

use serde::Serialize;

pub mod batch;

use crate::ai;
use crate::command::{Command, RuleError};
use crate::creature::Side;
use crate::engine::{Engine, StateView};
use crate::event::LoggedEvent;
use crate::record::Game;

pub use crate::command_list::{PlacedCommand, Refusal, Table, parse_commands, run};

impl Table for Game {
    fn engine(&self) -> &Engine {
        self.engine()
    }
    fn play(&mut self, command: Command) -> Result<(), RuleError> {
        self.apply(command).map(drop)
    }
}

/// What the AI did: its decisions in order, and the command the engine refused if it ever
/// proposed an illegal one (which would be a bug in the AI: it only picks offered options).
#[derive(Clone, Debug, Default)]
pub struct AiRun {
    pub decisions: Vec<ai::Decision>,
    pub refused: Option<(Command, RuleError)>,
}

/// Let the AI play `sides` until it is someone else's move, the encounter ends, or the round
/// limit passes.
pub fn run_ai(table: &mut impl Table, sides: &[Side], max_rounds: Option<u32>) -> AiRun {
    let mut run = AiRun::default();
    // A generous bound: every command spends something, so a turn is a handful of commands.
    for _ in 0..100_000 {
        let engine = table.engine();
        if max_rounds.is_some_and(|max| engine.turn().round > max) {
            break;
        }
        let Some(decision) = ai::next_of(engine, sides, ai::Director::default()) else {
            break;
        };
        if let Err(e) = table.play(decision.command.clone()) {
            run.refused = Some((decision.command, e));
            break;
        }
        run.decisions.push(decision);
    }
    run
}

#[derive(Serialize)]
struct WithLog<'a> {
    state: StateView,
    log: &'a [LoggedEvent],
    #[serde(skip_serializing_if = "<[ai::Decision]>::is_empty")]
    ai: &'a [ai::Decision],
}

/// The final state as pretty JSON, with the event log (and the AI's decisions) when
/// `with_log`.
pub fn to_json(engine: &Engine, with_log: bool, ai: &[ai::Decision]) -> String {
    let state = engine.state();
    let text = if with_log {
        serde_json::to_string_pretty(&WithLog {
            state,
            log: engine.log(),
            ai,
        })
    } else {
        serde_json::to_string_pretty(&state)
    };
    text.expect("the state always serializes")
}
