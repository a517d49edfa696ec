//! Tactical movement (seed 001 L72-136): 5-foot squares, speed in feet, 1-2-1-2 diagonals,
//! terrain, obstacles, creatures in the way and squeezing.

pub mod measure;
