//! What a player, the AI or a test asks of a d20 battle. Every command names the creature that
//! acts; the engine checks it against the rules and refuses it, changing nothing, or resolves it.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::Square;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Walk a path of squares (each the next top-left square of its space): a move action for up
    /// to its speed, the standard action too for up to twice it (seed 001 L87-88). A single
    /// square that costs more than that takes the full round (seed 001 L133).
    Move {
        creature: String,
        path: Vec<Square>,
    },
    /// The 5-foot step: one square, no attack of opportunity, only in a round it moves no other
    /// way (seed 001 L89, L161).
    Step {
        creature: String,
        to: Square,
    },
    /// Run: a full-round action, four times its speed, three in heavy armour (seed 001 L89).
    Run {
        creature: String,
        path: Vec<Square>,
    },
    /// One attack with a weapon (its first if none is named): a standard action. `nonlethal:
    /// true` deals nonlethal damage with a lethal weapon, `false` lethal damage with a nonlethal
    /// one, each at -4 (seed 001 L64-65); left out, the weapon's own kind.
    Attack {
        creature: String,
        target: String,
        #[serde(default)]
        weapon: Option<String>,
        #[serde(default)]
        nonlethal: Option<bool>,
        /// The square guessed for a foe with total concealment (seed 001 L227-228).
        #[serde(default)]
        at: Option<Square>,
    },
    /// Every attack of its stat block against one foe: a full-round action (not in seed).
    FullAttack {
        creature: String,
        target: String,
    },
    /// Move up to twice its speed straight at a foe and attack it at +2, its AC -2 until its
    /// next turn: a full-round action; not through difficult terrain or allies (seed 001 L103,
    /// L116; the numbers are not in seed).
    Charge {
        creature: String,
        target: String,
        path: Vec<Square>,
    },
    /// Finish a helpless foe: a full-round action (seed 001 L248-251).
    CoupDeGrace {
        creature: String,
        target: String,
    },
    /// Steady a dying creature beside it with a DC 15 Heal check: a standard action (seed 001
    /// L38).
    Tend {
        creature: String,
        target: String,
    },
    /// Cast one of its spells: on a creature (`target`) or a square (`at`).
    Cast {
        creature: String,
        spell: String,
        #[serde(default)]
        target: Option<String>,
        #[serde(default)]
        at: Option<Square>,
    },
    EndTurn {
        creature: String,
    },
}

impl Command {
    /// The creature the command is for.
    pub fn creature(&self) -> &str {
        match self {
            Command::Move { creature, .. }
            | Command::Step { creature, .. }
            | Command::Run { creature, .. }
            | Command::Attack { creature, .. }
            | Command::FullAttack { creature, .. }
            | Command::Charge { creature, .. }
            | Command::CoupDeGrace { creature, .. }
            | Command::Tend { creature, .. }
            | Command::Cast { creature, .. }
            | Command::EndTurn { creature } => creature,
        }
    }

    /// The command's name, as the log and refusals print it.
    pub fn name(&self) -> &'static str {
        match self {
            Command::Move { .. } => "Move",
            Command::Step { .. } => "Step",
            Command::Run { .. } => "Run",
            Command::Attack { .. } => "Attack",
            Command::FullAttack { .. } => "FullAttack",
            Command::Charge { .. } => "Charge",
            Command::CoupDeGrace { .. } => "CoupDeGrace",
            Command::Tend { .. } => "Tend",
            Command::Cast { .. } => "Cast",
            Command::EndTurn { .. } => "EndTurn",
        }
    }
}
