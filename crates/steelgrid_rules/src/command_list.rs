//! Command lists: a RON list of commands, each kept with where it was written, applied in order
//! until one is refused. Command files, demonstration scripts and `steelgrid sim` use them.

use crate::command::{Command, RuleError};
use crate::diagnostic::{Diagnostic, ron_options};
use crate::engine::Engine;
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
    fn engine(&self) -> &Engine;
    fn play(&mut self, command: Command) -> Result<(), RuleError>;
}

impl Table for Engine {
    fn engine(&self) -> &Engine {
        self
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

/// Apply commands in order until one is refused or the round limit passes; a command after the
/// encounter has ended is refused (seed 002 L3133-3135).
/// What may be played once the encounter has ended: what comes between fights, and the
/// scripted dice a montage's tests roll.
fn may_follow_the_end(command: &Command) -> bool {
    command.between_fights()
        || matches!(command, Command::ScriptDice { .. } | Command::WhatIf { .. })
}

pub fn run(
    table: &mut impl Table,
    commands: &[PlacedCommand],
    max_rounds: Option<u32>,
) -> Option<Refusal> {
    for (index, placed) in commands.iter().enumerate() {
        let engine = table.engine();
        if max_rounds.is_some_and(|max| engine.turn().round > max) {
            break;
        }
        let played = match engine.outcome() {
            Some(outcome) if !may_follow_the_end(&placed.command) => Err(RuleError::new(
                crate::rule::ENCOUNTER_OVER,
                format!(
                    "the encounter has already ended ({}): only Victories, a respite or a montage can follow it",
                    match outcome {
                        crate::event::Outcome::Victory => "the heroes won",
                        crate::event::Outcome::Defeat => "the heroes lost",
                    }
                ),
            )),
            _ => table.play(placed.command.clone()),
        };
        if let Err(error) = played {
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
