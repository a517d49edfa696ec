//! What happened in a d20 battle: every event is logged under the rule that produced it.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::body::Side;
use steelgrid_kernel::grid::Square;
use steelgrid_kernel::log::RuleBook;
use steelgrid_kernel::rule::Rule;

use crate::attack::roll::Roll;
use crate::injury::Injury;

/// A modifier as the log writes it: its value and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Applied {
    pub value: i32,
    pub reason: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    InitiativeRolled {
        creature: String,
        natural: u32,
        total: i32,
    },
    RoundStarted {
        round: u32,
    },
    TurnStarted {
        creature: String,
        round: u32,
    },
    Moved {
        creature: String,
        path: Vec<Square>,
        /// What the path cost, in squares and feet (seed 001 L94-95).
        squares: i32,
        feet: i32,
        /// How it was paid: "move action", "double move", "5-foot step", "run", "charge",
        /// "minimum move".
        action: String,
    },
    Squeezing {
        creature: String,
        at: Square,
    },
    AttackRolled {
        attacker: String,
        target: String,
        weapon: String,
        natural: u32,
        total: i32,
        armour_class: i32,
        to_hit: Vec<Applied>,
        to_ac: Vec<Applied>,
        roll: Roll,
    },
    /// An attack into a square the totally concealed foe is not in (seed 001 L227).
    GuessedWrong {
        attacker: String,
        target: String,
    },
    MissChance {
        target: String,
        /// Who rolled the d% (AMB-26).
        rolled_by: String,
        chance: u32,
        rolled: u32,
        missed: bool,
    },
    Damaged {
        creature: String,
        amount: i32,
        nonlethal: bool,
        temporary_lost: i32,
        hit_points: i32,
        nonlethal_total: i32,
    },
    InjuryChanged {
        creature: String,
        from: Injury,
        to: Injury,
    },
    SaveRolled {
        creature: String,
        against: String,
        natural: u32,
        total: i32,
        dc: i32,
        success: bool,
    },
    StabiliseRolled {
        creature: String,
        natural: u32,
        total: i32,
        dc: i32,
        stable: bool,
        hit_points: i32,
    },
    Tended {
        healer: String,
        creature: String,
        natural: u32,
        total: i32,
        stable: bool,
    },
    Healed {
        creature: String,
        amount: i32,
        hit_points: i32,
    },
    SpellCast {
        creature: String,
        spell: String,
        uses_left: u32,
    },
    SneakAttack {
        attacker: String,
        target: String,
        dice: u32,
        amount: i32,
    },
    Provoked {
        creature: String,
        by: String,
        why: String,
    },
    StrenuousAction {
        creature: String,
        hit_points: i32,
    },
    TurnEnded {
        creature: String,
    },
    BattleEnded {
        winner: Side,
    },
}

impl RuleBook for Event {
    fn find_rule(id: &str) -> Option<Rule> {
        crate::rule::find(id)
    }
}
