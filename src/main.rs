//! Steelgrid: a tactical combat game for the Draw Steel tabletop RPG.
//!
//! `steelgrid` opens the game; `check`, `sim` and `play` are the command line described in the
//! README. The rules live in the `steelgrid_rules` crate; this crate only draws and sends commands.

mod cli;
mod game;
mod saves;

use std::process::ExitCode;

fn main() -> ExitCode {
    cli::main(std::env::args().skip(1).collect())
}
