//! Command files, for any ruleset: a RON list of commands read with its problems at
//! `file:line:col`, and applied in order until one is refused, which is named at the place it is
//! written.

use serde::de::DeserializeOwned;

use crate::diagnostic::{Diagnostic, ron_options};
use crate::rule::RuleError;
use crate::source::{self, line_col};

/// Read a RON list of commands, or say where it is wrong.
pub fn parse<C: DeserializeOwned>(file: &str, src: &str) -> Result<Vec<C>, Diagnostic> {
    ron_options().from_str(src).map_err(|e| Diagnostic {
        file: file.to_owned(),
        line: e.span.start.line,
        col: e.span.start.col,
        message: e.code.to_string(),
    })
}

/// A command the engine refused: which, where in its file, and why.
#[derive(Debug)]
pub struct Refusal<C> {
    pub index: usize,
    pub line: usize,
    pub col: usize,
    pub command: C,
    pub error: RuleError,
}

/// Apply `commands` in order with `apply`; stop at the first refused, saying where it is
/// written (`list` is the offset of their list's `[` in `src`, the file they came from).
pub fn run<C: Clone>(
    commands: &[C],
    src: &str,
    list: usize,
    mut apply: impl FnMut(C) -> Result<(), RuleError>,
) -> Result<(), Box<Refusal<C>>> {
    let starts = source::list_elements(src, list);
    for (index, command) in commands.iter().enumerate() {
        if let Err(error) = apply(command.clone()) {
            let lc = line_col(src, starts.get(index).copied().unwrap_or(0));
            return Err(Box::new(Refusal {
                index,
                line: lc.line,
                col: lc.col,
                command: command.clone(),
                error,
            }));
        }
    }
    Ok(())
}
