//! The states the two modifier tables name (seed 001 L166-194), as a creature carries them: a
//! scenario may start a creature prone, shaken or invisible, and the tables do the rest.

use std::collections::BTreeSet;

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use super::modifiers::{Attacker, Defender};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Condition {
    Blinded,
    Cowering,
    Dazzled,
    Entangled,
    FlatFooted,
    Invisible,
    Kneeling,
    Pinned,
    Prone,
    /// Shaken or frightened.
    Shaken,
    Stunned,
}

/// A creature's conditions.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions(pub BTreeSet<Condition>);

impl Conditions {
    pub fn has(&self, c: Condition) -> bool {
        self.0.contains(&c)
    }

    /// Its side of the attack table (seed 001 L166-175).
    pub fn attacker(&self) -> Attacker {
        Attacker {
            dazzled: self.has(Condition::Dazzled),
            entangled: self.has(Condition::Entangled),
            invisible: self.has(Condition::Invisible),
            prone: self.has(Condition::Prone),
            shaken: self.has(Condition::Shaken),
            ..Attacker::default()
        }
    }

    /// Its side of the AC table (seed 001 L180-194), with the Dexterity bonus it may lose.
    pub fn defender(&self, dex_bonus: i32) -> Defender {
        Defender {
            dex_bonus,
            blinded: self.has(Condition::Blinded),
            cowering: self.has(Condition::Cowering),
            flat_footed: self.has(Condition::FlatFooted),
            kneeling: self.has(Condition::Kneeling),
            pinned: self.has(Condition::Pinned),
            prone: self.has(Condition::Prone),
            stunned: self.has(Condition::Stunned),
            ..Defender::default()
        }
    }
}
