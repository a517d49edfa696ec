//! What the turn is waiting for: a forced movement's path, a move held for opportunity
//! attacks, an ability held for its targets' triggered answers, a trigger window, granted moves
//! and the conditions an ability imposes once its forced movement is over. Plain data the turn
//! state carries; the chapters that open and close these hold the rules.

use serde::{Deserialize, Serialize};

use crate::command::Command;
use crate::grid::Square;
use crate::terms::condition::Afflicted;
use crate::terms::trigger::Happening;

/// A condition waiting for the ability's forced movement to finish (seed 002 L1565: effects
/// resolve in the order printed, and the engine prints damage, movement, then conditions).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeferredCondition {
    pub target: String,
    pub afflicted: Afflicted,
}

/// A creature an ability knocks prone (and maybe keeps down) after its forced movement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeferredProne {
    pub target: String,
    /// The ability's user and name, for a "can't stand up" effect.
    pub source: String,
    pub ability: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cant_stand: Option<crate::terms::effect::EffectDuration>,
}

/// A creature that fell onto another and came down on the first of several equally near free
/// squares: its side may pick another of them before anything else happens (seed 002 L2718).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Landing {
    pub creature: String,
    /// The creature it fell onto.
    pub on: String,
    /// Where it may come down, the square it is on first.
    pub squares: Vec<Square>,
}

/// "The target may move (or shift) up to N squares" in an ability's outcome.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GrantMove {
    pub distance: u32,
    /// A shift: it provokes no opportunity attacks (seed 002 L2590-2592).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub shift: bool,
}

/// What a pending grant lets happen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Granted {
    /// The grant's user teleports the target up to `distance` squares.
    Teleport { distance: u32 },
    /// The target moves, or shifts, up to `distance` squares.
    Move(GrantMove),
    /// The target makes a free strike now, on anyone's turn, taking no action (seed 002
    /// L2960-2962).
    FreeStrike,
}

/// Movement an ability granted and no command has placed yet.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grant {
    pub ability: String,
    /// The ability's user.
    pub by: String,
    pub target: String,
    pub movement: Granted,
}

/// A move stopped for the opportunity attacks of asked creatures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingMove {
    /// The move command being resolved.
    pub command: Command,
    /// The creature moving: the mount, for a Ride.
    pub mover: String,
    /// The step of the command's path it waits to take (0-based).
    pub step: usize,
    /// The square it waits on.
    pub at: Square,
    /// The asked creatures that may strike it before that step, in order.
    pub asked: Vec<String>,
}

/// What one answer does to the pending ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetingAnswer {
    /// The target the answer protects.
    pub protected: String,
    pub answerer: String,
    /// The answering ability's name.
    pub ability: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bane: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halve: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub become_target: bool,
}

/// An ability waiting for the answers to its targeting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAbility {
    pub command: Command,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<TargetingAnswer>,
    /// Creatures an answer granted a move, to take or pass up first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moving: Vec<String>,
}

/// One use a creature may answer the window with: the ability and exactly the targets it names
/// (none for an ability whose distance is Self).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerOption {
    pub ability: String,
    pub targets: Vec<String>,
    /// A "Melee X or Ranged Y" ability reaches the target only at range.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub ranged: bool,
}

impl TriggerOption {
    /// The `UseAbility` that answers with this option.
    pub fn command(&self, creature: &str) -> Command {
        let mut command = Command::use_ability(creature, &self.ability, self.targets.clone());
        if let Command::UseAbility { ranged, .. } = &mut command {
            *ranged = self.ranged;
        }
        command
    }
}

/// A creature the window waits on, with what it may answer with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Waiting {
    pub creature: String,
    pub options: Vec<TriggerOption>,
    /// It may answer with an opportunity attack: a melee `FreeStrike` on the leaving creature.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub opportunity: bool,
}

/// An open trigger window: what happened, and who may still answer it, heroes first.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TriggerWindow {
    pub happening: Happening,
    pub waiting: Vec<Waiting>,
}

impl TriggerWindow {
    pub fn waiting_on(&self, creature: &str) -> Option<&Waiting> {
        self.waiting.iter().find(|w| w.creature == creature)
    }
}
