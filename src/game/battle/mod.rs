//! Playing the battle: the players' actions and clicks, the AI seats, demonstrations, replays,
//! saves and undo, and the hot-seat hand-off. Each turns input into commands for the engine,
//! or asks the engine what it offers; none decides a rule.

pub(super) mod actions;
pub(super) mod ai_seat;
pub(super) mod choices;
pub(super) mod demo;
pub(super) mod director_tools;
pub(super) mod handoff;
pub(super) mod movement_tools;
pub(super) mod play;
pub(super) mod records;
