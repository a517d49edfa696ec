//! Battle set-up, the round and the turn's actions (digest A1, A13, A14; seed 000 L42-49,
//! L256-383, with the glossary's action entries at L232 and L461-465).
//!
//! Everything here is a pure step: the dice come in as the kernel's [`Dice`], and every step
//! hands back what it worked out (who rolled what, who goes first, what is left of a turn).
//! A refusal names its rule in [`crate::rule::round`].
//!
//! - [`setup`]: warbands, the roll for the map, start areas and deployment order.
//! - [`sequence`]: the round's stages R0-R7, the before-initiative declaration order, initiative,
//!   and the once-per-round champion power.
//! - [`activation`]: the blocks of activations, one then two at a time.
//! - [`turn`]: the steps of one activation and its action budget.

pub mod activation;
pub mod sequence;
pub mod setup;
pub mod turn;

use serde::{Deserialize, Serialize};
use steelgrid_kernel::dice::Dice;

pub use activation::{Block, Blocks, RunOut, next_block};
pub use sequence::{
    ChampionPowers, Declarations, EndOfRound, Round, RoundOrder, RoundStage, before_initiative,
    initiative,
};
pub use setup::{
    ChampionRoll, Deployment, MapRoll, SetUpStep, Warband, check_points, roll_for_map,
};
pub use turn::{
    Action, AttackIcon, Budget, ImmediateLimit, MultipleAttacks, Slot, Targeting, Turn, TurnStep,
    WhenTargetedLimit, targeting,
};

/// One of the two players of a skirmish, each with a warband.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Player {
    One,
    Two,
}

impl Player {
    pub fn other(self) -> Player {
        match self {
            Player::One => Player::Two,
            Player::Two => Player::One,
        }
    }

    /// Where this player's entry sits in a pair `[One, Two]`.
    pub fn index(self) -> usize {
        match self {
            Player::One => 0,
            Player::Two => 1,
        }
    }

    /// Both players, One first.
    pub const BOTH: [Player; 2] = [Player::One, Player::Two];
}

/// A take-it-or-hand-it-over decision: the map pick (seed 000 L47) and the first turn
/// (seed 000 L273) are both the winner's to keep or to give away.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Choice {
    Take,
    Pass,
}

impl Choice {
    /// Who ends up with what `winner` decided about.
    pub fn by(self, winner: Player) -> Player {
        match self {
            Choice::Take => winner,
            Choice::Pass => winner.other(),
        }
    }
}

/// Both players rolled until one result beats the other: every pair of results in order, the
/// last one deciding (equal results roll again, not in seed).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RollOff {
    /// Each pair of results, `[One, Two]`.
    pub rolls: Vec<[u32; 2]>,
    pub winner: Player,
}

/// Roll a pair of results, `[One, Two]`, until the two differ.
fn roll_off(dice: &mut Dice, mut results: impl FnMut(&mut Dice) -> [u32; 2]) -> RollOff {
    let mut rolls = Vec::new();
    loop {
        let pair = results(dice);
        rolls.push(pair);
        if let Some(winner) = higher(pair) {
            return RollOff { rolls, winner };
        }
    }
}

/// The player whose value is higher, if one is.
fn higher([one, two]: [u32; 2]) -> Option<Player> {
    match one.cmp(&two) {
        std::cmp::Ordering::Greater => Some(Player::One),
        std::cmp::Ordering::Less => Some(Player::Two),
        std::cmp::Ordering::Equal => None,
    }
}

/// The readings this chapter takes where seed 000 is open (digest Part E), each with the
/// digest's reading as default. A scenario's options can carry it whole.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct RoundOptions {
    /// AMB-15: what rolling twice for the map means.
    pub champion_roll: ChampionRoll,
    /// AMB-16: activations once one player has no creature left.
    pub run_out: RunOut,
    /// AMB-5: which turns the one-immediate-action limit counts.
    pub immediate: ImmediateLimit,
    /// AMB-6: what "once a turn" counts for powers triggered by targeting.
    pub when_targeted: WhenTargetedLimit,
    /// AMB-7: how a melee or ranged action with several attacks picks its targets.
    pub multiple_attacks: MultipleAttacks,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roll_off_rolls_again_on_equal_results() {
        let mut dice = Dice::seeded(0);
        dice.script([7, 7, 12, 3]);
        let off = roll_off(&mut dice, |d| [d.roll(20), d.roll(20)]);
        assert_eq!(off.rolls, vec![[7, 7], [12, 3]]);
        assert_eq!(off.winner, Player::One);
    }

    #[test]
    fn choice_take_keeps_and_pass_hands_over() {
        assert_eq!(Choice::Take.by(Player::Two), Player::Two);
        assert_eq!(Choice::Pass.by(Player::Two), Player::One);
    }

    #[test]
    fn options_default_to_the_digest_readings() {
        let o = RoundOptions::default();
        assert_eq!(o.champion_roll, ChampionRoll::KeepBetter);
        assert_eq!(o.run_out, RunOut::RestInOrder);
        assert_eq!(o.immediate, ImmediateLimit::EveryTurn);
        assert_eq!(o.when_targeted, WhenTargetedLimit::PerSource);
        assert_eq!(o.multiple_attacks, MultipleAttacks::OneTargetAtATime);
    }
}
