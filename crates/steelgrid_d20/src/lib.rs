//! The d20 ruleset (seed 001, the combat chapter of a 3.5-derived game, Pathfinder-flavoured):
//! a second way to run the grid fight, beside Draw Steel, on the same kernel.
//!
//! Its chapters import one way, each only those before it (`tests/layers.rs`): [`rule`] and
//! [`options`]; [`measure`] (counting distance, 1-2-1-2); [`size`] (space and reach);
//! [`terrain`] (what the board adds to the kernel's map); [`movement`] (5-foot squares,
//! terrain, squeezing, the move budget); [`injury`] (hit points, nonlethal damage, disabled,
//! dying, stable, dead); [`attack`] (the roll against AC, its modifiers, cover, concealment,
//! flanking, helpless defenders, attacks of opportunity); [`stats`] (the stat block) and
//! [`command`]. Above them the assembly: [`scenario`], [`battle`] (the `D20` plugin and the
//! engine), [`ai`], [`sim`] and [`record`]. Where seed 001 is silent or ambiguous the choice is
//! a named option ([`options`]) with the digest's reading as its default.

pub mod ai;
pub mod attack;
pub mod battle;
pub mod command;
pub mod injury;
pub mod measure;
pub mod movement;
pub mod options;
pub mod record;
pub mod rule;
pub mod scenario;
pub mod sim;
pub mod size;
pub mod stats;
pub mod terrain;
