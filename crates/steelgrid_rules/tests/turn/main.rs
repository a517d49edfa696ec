//! Turns, actions and triggers: the order of play, action budgets, triggered actions, answers to
//! being targeted and hero tokens.

#[path = "../common/mod.rs"]
mod common;

mod basics;
mod hero_token;
mod trigger;
mod trigger_targeted;
