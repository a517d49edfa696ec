//! The kernel of Steelgrid's rules: what every ruleset shares and nothing any one ruleset says.
//!
//! A fight is a `bevy_ecs` world: creatures are entities that carry an identity, a side, a
//! place and a size ([`body`]) on a grid ([`grid`]); one seeded die stream ([`dice`]) is the only
//! randomness; every fact is logged under a [`rule::Rule`]; a command is resolved by one run of an
//! ordered, single-threaded schedule of [`schedule::Stage`]s, to which a ruleset
//! ([`schedule::Ruleset`]) adds its systems; a whole state is identified by a
//! [`checksum::fnv1a`], over a save whose creature components each say how they are written
//! ([`persist::Persisted`]); a bad file is a [`diagnostic::Diagnostic`] at its line and column.
//! The rulesets (Draw Steel, d20 and Miniatures today) live in crates above this one: the compiler keeps
//! this crate from naming any of them.

pub mod body;
pub mod check;
pub mod checksum;
pub mod command_file;
pub mod diagnostic;
pub mod dice;
pub mod fuzz;
pub mod grid;
pub mod log;
pub mod persist;
pub mod reads;
pub mod replay;
pub mod rule;
pub mod schedule;
pub mod source;
