//! What a player may do, one command at a time: use a champion power or pass in a round's
//! window, choose who goes first after winning initiative, activate a creature, and act with
//! it (digest A13, A14; seed 000 L265-383).

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::Square;

use crate::area::Corner;
use crate::round::Player;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Command {
    /// Set-up: the player who did not pick the map takes start area 0 or 1 (seed 000 L48).
    StartArea { area: usize },
    /// Set-up: the deploying player moves one of its creatures (a mount with its rider) to
    /// `at`, wholly inside its start area (seed 000 L48-49).
    Deploy { creature: String, at: Square },
    /// Set-up: the deploying player is done.
    EndDeployment,
    /// R1, R2 or R4: the player whose window it is uses one of its champion's powers
    /// (seed 000 L267-275).
    ChampionPower { power: String },
    /// The player whose window it is uses no (more) power in it.
    Pass,
    /// R3: the initiative winner says which player takes the first turn (seed 000 L273).
    FirstTurn { player: Player },
    /// R6: the player whose block it is activates one of its creatures (seed 000 L279-281).
    Activate { creature: String },
    /// A move action: walk along `path`, each square one step on (seed 000 L58-88).
    Move { path: Vec<Square> },
    /// A move action: one square into a clear square, provoking nothing (seed 000 L77).
    Shift { to: Square },
    /// An attack action: a melee or ranged attack at one creature (seed 000 L285-359).
    Attack { attack: String, target: String },
    /// An attack action: a burst or a line at a square (seed 000 L101-112). `from` is the corner
    /// of the attacker's space a line starts at; the first legal corner when left out.
    Area {
        attack: String,
        at: Square,
        #[serde(default)]
        from: Option<Corner>,
    },
    /// The move and attack actions: move at least 2 squares to the nearest square beside
    /// `target` and make a basic melee attack (seed 000 L114-122).
    Charge { target: String, path: Vec<Square> },
    /// A move action: climb on an adjacent mount; provokes (seed 000 L403).
    Mount { mount: String },
    /// A move action: leave the mount for an adjacent square, moving no more (seed 000 L405).
    Dismount { to: Square },
    /// A move action of a huge creature: squeeze as a 2×2 at `into` (inside its space) along
    /// `path` at half speed, ending full-size at `end` (seed 000 L485-491).
    Squeeze {
        into: Square,
        path: Vec<Square>,
        end: Square,
    },
    /// The active creature's turn ends.
    EndTurn,
}

impl Command {
    /// The command's name as the log and the replays say it.
    pub fn name(&self) -> &'static str {
        match self {
            Command::StartArea { .. } => "start area",
            Command::Deploy { .. } => "deploy",
            Command::EndDeployment => "end deployment",
            Command::ChampionPower { .. } => "champion power",
            Command::Pass => "pass",
            Command::FirstTurn { .. } => "first turn",
            Command::Activate { .. } => "activate",
            Command::Move { .. } => "move",
            Command::Shift { .. } => "shift",
            Command::Attack { .. } => "attack",
            Command::Area { .. } => "area attack",
            Command::Charge { .. } => "charge",
            Command::Mount { .. } => "mount",
            Command::Dismount { .. } => "dismount",
            Command::Squeeze { .. } => "squeeze",
            Command::EndTurn => "end turn",
        }
    }
}
