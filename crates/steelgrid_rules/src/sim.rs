//! Headless runs: apply a command list to a scenario and report the final state and log. This is
//! what `steelgrid sim` and the tests drive.

use serde::Serialize;

use crate::ai;
use crate::command::{Command, RuleError};
use crate::creature::Side;
use crate::engine::{Engine, StateView};
use crate::event::LoggedEvent;
use crate::record::Game;
use crate::scenario::{Diagnostic, ron_options};
use crate::source::{self, line_col};

/// A command from a command file, with where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacedCommand {
    pub command: Command,
    pub line: usize,
    pub col: usize,
}

/// Parse a command file: a RON list of commands.
pub fn parse_commands(file: &str, src: &str) -> Result<Vec<PlacedCommand>, Diagnostic> {
    let commands: Vec<Command> = ron_options().from_str(src).map_err(|e| Diagnostic {
        file: file.to_owned(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
    })?;
    let open = src.find('[').unwrap_or(0);
    let starts = source::list_elements(src, open);
    Ok(commands
        .into_iter()
        .enumerate()
        .map(|(i, command)| {
            let lc = line_col(src, starts.get(i).copied().unwrap_or(open));
            PlacedCommand {
                command,
                line: lc.line,
                col: lc.col,
            }
        })
        .collect())
}

/// Where commands are played: a bare engine, or a [`Game`] that records them.
pub trait Table {
    fn engine(&mut self) -> &mut Engine;
    fn play(&mut self, command: Command) -> Result<(), RuleError>;
}

impl Table for Engine {
    fn engine(&mut self) -> &mut Engine {
        self
    }
    fn play(&mut self, command: Command) -> Result<(), RuleError> {
        self.apply(command).map(drop)
    }
}

impl Table for Game {
    fn engine(&mut self) -> &mut Engine {
        self.engine_mut()
    }
    fn play(&mut self, command: Command) -> Result<(), RuleError> {
        self.apply(command).map(drop)
    }
}

/// A command the engine refused, and where it was written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub index: usize,
    pub line: usize,
    pub col: usize,
    pub error: RuleError,
}

/// Apply commands in order until one is refused or the round limit passes.
pub fn run(
    table: &mut impl Table,
    commands: &[PlacedCommand],
    max_rounds: Option<u32>,
) -> Option<Refusal> {
    for (index, placed) in commands.iter().enumerate() {
        let engine = table.engine();
        if max_rounds.is_some_and(|max| engine.turn().round > max) || engine.outcome().is_some() {
            break;
        }
        if let Err(error) = table.play(placed.command.clone()) {
            return Some(Refusal {
                index,
                line: placed.line,
                col: placed.col,
                error,
            });
        }
    }
    None
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
        let state = engine.state();
        let Some(side) = ai::side_to_answer(&state).filter(|s| sides.contains(s)) else {
            break;
        };
        let Some(decision) = ai::decide(engine, side) else {
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
pub fn to_json(engine: &mut Engine, with_log: bool, ai: &[ai::Decision]) -> String {
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
