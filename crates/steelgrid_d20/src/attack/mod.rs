//! Attacks (seed 001 L164-251): the roll against Armour Class and its two modifier tables,
//! cover, concealment, flanking and helpless defenders.

pub mod concealment;
pub mod condition;
pub mod cover;
pub mod flanking;
pub mod helpless;
pub mod modifiers;
pub mod opportunity;
pub mod roll;
