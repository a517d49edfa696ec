//! Damage and Stamina: winded, dying and dead, recoveries, catching breath.

#[path = "../common/mod.rs"]
mod common;

mod stamina;
