//! Steelgrid: a tactical combat game for the Draw Steel tabletop RPG.
//!
//! `steelgrid` opens the game; `check`, `sim` and `play` are the command line described in the
//! README. The rules live in the `steelgrid_rules` crate; this crate only draws and sends commands.

#[cfg(not(target_arch = "wasm32"))]
mod build;
#[cfg(not(target_arch = "wasm32"))]
mod campaign;
#[cfg(not(target_arch = "wasm32"))]
mod cli;
#[cfg(not(target_arch = "wasm32"))]
mod d20;
#[cfg(not(target_arch = "wasm32"))]
mod exit;
mod game;
#[cfg(not(target_arch = "wasm32"))]
mod miniatures;
#[cfg(not(target_arch = "wasm32"))]
mod saves;
mod scenarios;
#[cfg(target_arch = "wasm32")]
mod web;

use std::process::ExitCode;

/// mimalloc instead of the system allocator: the rules and the AI allocate many small, short-lived
/// values (ids, views, paths), and glibc's malloc and free were a fifth of an AI game's time.
#[cfg(not(target_arch = "wasm32"))]
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

#[cfg(not(target_arch = "wasm32"))]
fn main() -> ExitCode {
    cli::main(std::env::args().skip(1).collect())
}

/// In the browser there is no command line: the page's address says what to open.
#[cfg(target_arch = "wasm32")]
fn main() -> ExitCode {
    web::main()
}
