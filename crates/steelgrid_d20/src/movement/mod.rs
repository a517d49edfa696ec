//! Tactical movement (seed 001 L72-136): 5-foot squares, speed in feet, 1-2-1-2 diagonals,
//! terrain, obstacles, creatures in the way and squeezing.

pub mod budget;
pub mod closest;
pub mod cost;
pub mod hamper;
pub mod path;
pub mod space;
pub mod speed;
pub mod walker;

#[cfg(test)]
mod fixtures;
