//! Movement, terrain and what a creature sees (digest Part A, A2, A3, A6, A8, A10, A12; seed 000
//! with the rulebook's base rules marked "not in seed"): legal positions and placing, walking
//! square by square, shift, squeeze, teleport and charge, typed map terrain, opportunity
//! attacks, flanking, invisibility and smoke, pits and mounts.
//!
//! Everything here is pure: a [`board::Board`] is read, dice faces are passed in, and each
//! answer is a value or a [`RuleError`](steelgrid_kernel::rule::RuleError) naming the rule.
//! The kernel's grid supplies squares, spaces, line of effect, cover, the flanking line and
//! the corner test; this chapter only says which DDM squares block what.

pub mod board;
pub mod charge;
pub mod forced;
pub mod mount;
pub mod opportunity;
pub mod options;
pub mod sight;
pub mod squeeze;
pub mod teleport;
pub mod terrain;
pub mod walk;

pub use opportunity::AttackIcon;

#[cfg(test)]
mod fixtures;
