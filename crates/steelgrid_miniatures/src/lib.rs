//! The D&D Miniatures ruleset (seed 000: the errata and clarifications of the DDM 2.0 skirmish
//! game): a third way to run the grid fight, on the same kernel as Draw Steel and d20.
//!
//! Its chapters, each written from `../shared/rules/dnd-skirmish.md` Part A with seed 000 lines:
//! [`area`] (bursts and lines, A5), [`damage`] (bloodied, the damage sequence, resistances and
//! conditions, A4, A9, A15), [`round`] (battle set-up, the round and activations, A1, A13) and
//! [`movement`] (legal positions, shift, charge, big creatures, terrain, opportunity attacks and
//! mounts, A2, A3, A8, A10, A12). Where seed 000 is silent a value is a named option marked
//! "not in seed" ([`options`]).

pub mod ai;
pub mod area;
pub mod battle;
pub mod card;
pub mod command;
pub mod damage;
pub mod movement;
pub mod options;
pub mod record;
pub mod round;
pub mod rule;
pub mod scenario;
pub mod sim;
