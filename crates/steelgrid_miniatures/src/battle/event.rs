//! What happened in a skirmish: every event is logged under the rule that produced it.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::Square;
use steelgrid_kernel::log::RuleBook;
use steelgrid_kernel::rule::Rule;

use crate::damage::sequence::Step;
use crate::round::Player;

/// A modifier to an attack roll as the log writes it: its value and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    pub value: i32,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    RoundStarted {
        round: u32,
    },
    /// Set-up: a player takes a start area.
    StartAreaTaken {
        player: Player,
        area: String,
    },
    /// Set-up: a creature placed in its warband's start area.
    Deployed {
        creature: String,
        at: Square,
    },
    /// Set-up: a player is done deploying.
    DeploymentDone {
        player: Player,
    },
    /// A stage of the round is reached (R0-R7), with what it holds.
    Stage {
        stage: String,
        text: String,
    },
    /// A window in which `player` may use a champion power.
    WindowOpened {
        stage: String,
        player: Player,
    },
    ChampionPowerUsed {
        player: Player,
        champion: String,
        power: String,
        effect: String,
    },
    Passed {
        player: Player,
        stage: String,
    },
    /// R2's declaration order: equal champion ratings roll a d20.
    DeclarationOrder {
        first: Player,
        rolls: Vec<[u32; 2]>,
    },
    InitiativeRolled {
        /// Each pair of d20s, `[One, Two]`, until they differ.
        rolls: Vec<[u32; 2]>,
        /// What each player adds: champion rating and powers.
        bonus: [i32; 2],
        totals: [i32; 2],
        winner: Player,
    },
    FirstTurnChosen {
        by: Player,
        first: Player,
    },
    BlockBegan {
        player: Player,
        creatures: u32,
    },
    Activated {
        creature: String,
        player: Player,
    },
    /// F2: a confused creature's d20 says who controls it this turn.
    ControlRolled {
        creature: String,
        d20: u32,
        controller: Option<Player>,
    },
    Moved {
        creature: String,
        path: Vec<Square>,
        squares: u32,
        action: String,
    },
    PlacedBack {
        creature: String,
        at: Square,
    },
    Shifted {
        creature: String,
        to: Square,
    },
    Squeezed {
        creature: String,
        path: Vec<Square>,
        end: Square,
    },
    Charged {
        creature: String,
        target: String,
        path: Vec<Square>,
    },
    Mounted {
        rider: String,
        mount: String,
    },
    Dismounted {
        rider: String,
        to: Square,
    },
    /// A check-box power or a charge is marked used at A2, before anything can stop it.
    PowerSpent {
        creature: String,
        power: String,
    },
    OpportunityAttack {
        attacker: String,
        target: String,
    },
    /// The attack's squares: a burst's or a line's, for the board to draw.
    AreaDrawn {
        attacker: String,
        attack: String,
        squares: Vec<Square>,
        targets: Vec<String>,
        /// A line's segment, origin corner to end corner (corners are the grid's points).
        #[serde(default)]
        segment: Option<[(i32, i32); 2]>,
    },
    AttackRolled {
        attacker: String,
        target: String,
        attack: String,
        natural: u32,
        total: i32,
        defense: i32,
        modifiers: Vec<Applied>,
        hit: bool,
        critical: bool,
    },
    /// A hit on a creature the attacker cannot see: it stands on a d20 of `needed` or more.
    ConcealmentRolled {
        attacker: String,
        target: String,
        d20: u32,
        needed: u32,
        stands: bool,
    },
    /// One step of the damage sequence (D1-D9).
    DamageStep {
        creature: String,
        step: String,
        text: String,
    },
    HitPoints {
        creature: String,
        taken: u32,
        current: u32,
        start: u32,
    },
    Destroyed {
        creature: String,
        /// The player who scores it, and its cost.
        scored_by: Player,
        points: u32,
    },
    ConditionLaid {
        creature: String,
        condition: String,
    },
    SaveRolled {
        creature: String,
        effect: String,
        d20: u32,
        saved: bool,
    },
    Expired {
        creature: String,
        effect: String,
    },
    Pushed {
        creature: String,
        to: Square,
    },
    FellInPit {
        creature: String,
        d20: u32,
        dazed: bool,
        placed: Square,
    },
    DangerousTerrain {
        creature: String,
        d20: u32,
        damage: u32,
    },
    TurnEnded {
        creature: String,
    },
    AreaScored {
        area: String,
        player: Player,
        points: u32,
    },
    VictoryPoints {
        totals: [u32; 2],
    },
    Won {
        player: Player,
        reason: String,
    },
    Drawn {
        reason: String,
    },
    BoostsEnded {
        round: u32,
    },
}

impl RuleBook for Event {
    fn find_rule(id: &str) -> Option<Rule> {
        crate::rule::find(id)
    }
}

/// A damage sequence step in words.
pub fn step_text(step: &Step) -> String {
    let list = |d: &[crate::damage::packet::Damage]| {
        let parts: Vec<String> = d
            .iter()
            .map(|x| format!("{} {:?}", x.amount, x.kind).to_lowercase())
            .collect();
        if parts.is_empty() {
            "nothing".to_owned()
        } else {
            parts.join(" + ")
        }
    };
    match step {
        Step::Determine { dealt, ongoing, .. } if ongoing.is_empty() => {
            format!("damage {}", list(dealt))
        }
        Step::Determine { dealt, ongoing, .. } => {
            format!(
                "damage {}, ongoing {} (not doubled)",
                list(dealt),
                list(ongoing)
            )
        }
        Step::Extra { added } => format!("extra damage {}", list(added)),
        Step::NoExtra { dropped } => format!("no extra damage ({} dropped)", list(dropped)),
        Step::Immune { kind, prevented } => format!("immune to {kind:?}: {prevented} prevented"),
        Step::Resist { kind, prevented } => format!("resist {kind:?}: {prevented} prevented"),
        Step::ResistAll { prevented } => format!("resist all: {prevented} prevented"),
        Step::Halve { by, from, to } => format!("{by:?} halves {from} to {to}"),
        Step::Vulnerable { kind, added } => format!("vulnerable {kind:?}: +{added}"),
        Step::Apply { damage, from, to } => format!("{damage} damage: {from} → {to} hit points"),
        Step::Damaged => "when-damaged triggers".to_owned(),
        Step::Bloodied => "bloodied: at or below half its hit points".to_owned(),
        Step::Destroyed => "destroyed at 0 hit points".to_owned(),
        Step::Removed => "removed from the map".to_owned(),
    }
}
