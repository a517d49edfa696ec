//! The conditions a creature's list holds (grabbed and prone are components of their own), how
//! long one lasts, and being hidden. The rules that impose and end them are in `condition`.

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use crate::rule::{self, Rule};

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Condition {
    Bleeding,
    Dazed,
    Frightened,
    Restrained,
    Slowed,
    Taunted,
    Weakened,
}

impl Condition {
    pub fn name(self) -> &'static str {
        match self {
            Condition::Bleeding => "bleeding",
            Condition::Dazed => "dazed",
            Condition::Frightened => "frightened",
            Condition::Restrained => "restrained",
            Condition::Slowed => "slowed",
            Condition::Taunted => "taunted",
            Condition::Weakened => "weakened",
        }
    }

    pub fn rule(self) -> Rule {
        match self {
            Condition::Bleeding => rule::BLEEDING,
            Condition::Dazed => rule::DAZED,
            Condition::Frightened => rule::FRIGHTENED,
            Condition::Restrained => rule::RESTRAINED,
            Condition::Slowed => rule::SLOWED,
            Condition::Taunted => rule::TAUNTED,
            Condition::Weakened => rule::WEAKENED,
        }
    }

    /// Frightened and taunted are "of" a creature; a new source replaces the old one
    /// (seed 002 L1739, L1771).
    pub fn has_source(self) -> bool {
        matches!(self, Condition::Frightened | Condition::Taunted)
    }
}

/// How long an effect lasts (seed 002 L1677-1693).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Duration {
    /// EoT: until the end of the creature's next turn, or of this turn if it is its own
    /// (L1681-1683) — either way, the next end of its turn.
    EndOfTurn,
    /// A d10 at the end of each of its turns; 6 or more ends it (L1685-1689).
    SaveEnds,
    /// Until the encounter ends (L1691-1693).
    EndOfEncounter,
}

impl Duration {
    pub fn label(self) -> &'static str {
        match self {
            Duration::EndOfTurn => "EoT",
            Duration::SaveEnds => "save ends",
            Duration::EndOfEncounter => "until the encounter ends",
        }
    }

    /// How many minutes it lasts when created outside combat: "until the end of the
    /// encounter" is 5 minutes there (seed 002 L1691-1693; DS-CORE-44). EoT and save ends are
    /// counted in the creature's turns, and the seed gives them no length outside combat.
    pub fn minutes_outside_combat(self) -> Option<u32> {
        match self {
            Duration::EndOfEncounter => Some(5),
            Duration::EndOfTurn | Duration::SaveEnds => None,
        }
    }
}

/// One condition on a creature.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Afflicted {
    pub condition: Condition,
    pub duration: Duration,
    /// The creature it is "of" (frightened, taunted) or that imposed it.
    pub source: String,
}

impl Afflicted {
    /// As the state and the log show it: `slowed (EoT)`, `frightened of ogre`,
    /// `taunted by brann`.
    pub fn label(&self) -> String {
        match self.condition {
            Condition::Frightened => format!("frightened of {}", self.source),
            Condition::Taunted => format!("taunted by {}", self.source),
            c => format!("{} ({})", c.name(), self.duration.label()),
        }
    }
}

/// The conditions on a creature. The same condition never stacks: a second imposition keeps
/// one entry with the later duration (seed 002 L1669-1675).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Conditions(pub Vec<Afflicted>);
steelgrid_kernel::persisted!(always Conditions(Vec<Afflicted>));

impl Conditions {
    pub fn has(&self, c: Condition) -> bool {
        self.0.iter().any(|a| a.condition == c)
    }

    /// The creature a frightened or taunted condition is of.
    pub fn source_of(&self, c: Condition) -> Option<&str> {
        self.0
            .iter()
            .find(|a| a.condition == c)
            .map(|a| a.source.as_str())
    }

    /// Impose `new`; returns what it replaced, if anything.
    pub fn impose(&mut self, new: Afflicted) -> Option<Afflicted> {
        match self.0.iter_mut().find(|a| a.condition == new.condition) {
            Some(old) => Some(std::mem::replace(old, new)),
            None => {
                self.0.push(new);
                self.0.sort_by_key(|a| a.condition);
                None
            }
        }
    }
}

/// Hidden from these creatures. Once `revealed`, it is no longer hidden, but keeps its edge
/// against them until the turn ends (seed 002 L2277-2279).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    pub from: Vec<String>,
    #[serde(default)]
    pub revealed: bool,
}
steelgrid_kernel::persisted!(maybe Hidden);

impl Hidden {
    /// Hidden from `viewer` now.
    pub fn hides_from(&self, viewer: &str) -> bool {
        !self.revealed && self.from.iter().any(|f| f == viewer)
    }

    /// Its edge against `target` still holds (hidden, or revealed this turn).
    pub fn edge_against(&self, target: &str) -> bool {
        self.from.iter().any(|f| f == target)
    }
}
