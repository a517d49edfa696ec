//! Abilities: targets, areas, power-roll outcomes and what they leave on the map.

#[path = "../common/mod.rs"]
mod common;

mod area;
mod automatic;
mod basics;
mod granted_strike;
mod zone;
