//! The d20 ruleset (seed 001, the combat chapter of a 3.5-derived game, Pathfinder-flavoured):
//! a second way to run the grid fight, beside Draw Steel, on the same kernel.
//!
//! Its chapters depend one way, as the seed reads: [`size`] (space and reach) under
//! [`movement`] (5-foot squares, 1-2-1-2 diagonals, terrain, squeezing) and [`injury`] (hit
//! points, nonlethal damage, disabled, dying, stable, dead), and [`attack`] (the roll against AC,
//! its modifiers, cover, concealment, flanking, helpless defenders) on top of them. Where seed
//! 001 is silent or ambiguous the choice is a named option ([`options`]) with the digest's
//! reading as its default.

pub mod ai;
pub mod attack;
pub mod battle;
pub mod injury;
pub mod movement;
pub mod options;
pub mod record;
pub mod rule;
pub mod scenario;
pub mod sim;
pub mod size;
pub mod stats;
pub mod terrain;
