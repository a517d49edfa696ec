//! How the command line ends on a problem: the message (or each `file:line:col` problem) on
//! standard error and exit status 1. Shared by every command, so none imports another's module
//! for it.

use std::process::ExitCode;

use steelgrid_rules::scenario::Diagnostic;

/// Print `message` and fail.
pub fn failed(message: &str) -> ExitCode {
    eprintln!("{message}");
    ExitCode::from(1)
}

/// Print each problem at its place and fail.
pub fn report(problems: &[Diagnostic]) -> ExitCode {
    for p in problems {
        eprintln!("{p}");
    }
    ExitCode::from(1)
}
