//! What the kernel knows of a creature: who it is, which side it fights for, where it stands and
//! how big it is. Everything else about it (Stamina or hit points, speed, conditions) is a
//! ruleset's component.

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use crate::grid::{Size, Square};

/// Every encounter has exactly two sides (seed 002 L2480-2486).
#[derive(
    Component, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// The heroes and their allies.
    #[serde(alias = "Heroes")]
    Heroes,
    /// Every creature hostile to the heroes.
    #[serde(alias = "Director")]
    Director,
}
crate::persisted!(always Side);

impl Side {
    pub fn other(self) -> Side {
        match self {
            Side::Heroes => Side::Director,
            Side::Director => Side::Heroes,
        }
    }
}

/// The creature's stable id from the scenario file.
#[derive(Component, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct CreatureId(pub String);

/// Display name and order of appearance in the scenario (used for stable iteration order).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Identity {
    pub name: String,
    pub order: u32,
}

/// Top-left square of the creature's space.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Position(pub Square);
crate::persisted!(always Position(Square));

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureSize(pub Size);
crate::persisted!(always CreatureSize(Size));
