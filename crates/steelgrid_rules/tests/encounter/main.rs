//! The encounter: objectives and scripted events.

#[path = "../common/mod.rs"]
mod common;

mod between_fights;
mod objective;
mod script;
mod setup;
