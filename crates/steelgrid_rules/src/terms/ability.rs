//! What an ability is made of that commands, events and creatures name: its keywords, a hero's
//! kit, the direction a line points, and the area it leaves behind (`Lasting`). The rules that
//! use them are in `ability`.

use serde::{Deserialize, Serialize};

use crate::grid::NEIGHBOURS;
use crate::terms::damage::DamageType;

/// Ability keywords (seed 002 L1374-1414).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Keyword {
    /// Creates an area of effect; never a strike.
    Area,
    /// Usable with the Charge main action in place of the melee free strike.
    Charge,
    Magic,
    /// Reaches by contact.
    Melee,
    Psionic,
    /// Reaches creatures too far for contact.
    Ranged,
    /// Picks specific targets and rolls to harm them.
    Strike,
    /// Made with a weapon (or a monster's claws and teeth); big creatures push little ones
    /// farther with it (seed 002 L2813-2817).
    Weapon,
}

/// A hero's kit: the weapon damage bonuses it adds to the rolled damage of its weapon abilities
/// (seed 002 L335, L1414). Only one applies to a use: the ranged bonus when the ability is used
/// at range, the melee bonus when it is used in melee — a "Melee X or Ranged Y" ability is
/// whichever the user picked (L1438-1442; DS-CORE-86). The seed leaves the kits themselves to a
/// later chapter, so each bonus is one number for every tier.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Kit {
    #[serde(default)]
    pub melee_damage: u32,
    #[serde(default)]
    pub ranged_damage: u32,
}

/// The eight directions a line may run in, clockwise from north. `y` grows downward, so north
/// is `y - 1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Direction {
    N,
    NE,
    E,
    SE,
    S,
    SW,
    W,
    NW,
}

impl Direction {
    /// All eight directions, clockwise from north.
    pub const ALL: [Direction; 8] = [
        Direction::N,
        Direction::NE,
        Direction::E,
        Direction::SE,
        Direction::S,
        Direction::SW,
        Direction::W,
        Direction::NW,
    ];

    /// The `(dx, dy)` of one step in this direction.
    pub fn step(self) -> (i32, i32) {
        NEIGHBOURS[self as usize]
    }
}

/// How long an area stays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZoneDuration {
    /// Until the end of its creator's next turn.
    EndOfYourNextTurn,
    /// Until the encounter ends.
    EndOfEncounter,
}

/// What an area does to the ground under it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ZoneGround {
    /// Stone squares: they block movement and line of effect (seed 002 L1476-1478) and break
    /// like stone objects.
    Wall,
    /// Difficult terrain (seed 002 L2726).
    Difficult,
    /// Damaging terrain dealing this much to a creature entering it (seed 002 L2728).
    Damaging(u32),
}

/// What an ability leaves behind, as content writes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Lasting {
    pub duration: ZoneDuration,
    #[serde(default)]
    pub ground: Option<ZoneGround>,
    /// Damage to each enemy of its creator that starts its turn in the area.
    #[serde(default)]
    pub start_of_turn_damage: Option<u32>,
    #[serde(default)]
    pub damage_type: Option<DamageType>,
    /// Enemies of its creator inside it have their potencies lowered by this much (seed 002
    /// L1622-1624, the Null's Null Field); the same ability's areas lower them once (L1673).
    #[serde(default)]
    pub potency_penalty: u32,
}
