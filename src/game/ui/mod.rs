//! The panels and text around the board: the status bar, the event log, the tooltip, the
//! step-through explainer and the key bindings list.

pub(super) mod action_bar;
pub(super) mod explainer;
pub(super) mod hud;
#[cfg(test)]
mod layout_check;
pub(super) mod legend;
pub(super) mod lessons;
pub(super) mod log;
pub(super) mod rebind;
pub(super) mod tooltip;
pub(super) mod tracker;
pub(super) mod words;
