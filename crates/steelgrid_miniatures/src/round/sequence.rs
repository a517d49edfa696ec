//! The round as an ordered list of stages (digest A13; seed 000 L265-283): beginning-of-round
//! powers, the before-initiative window and its declaration order, initiative rolled afresh
//! every round, the after-initiative window, automatic effects, the activations, and the end of
//! the round in its four steps.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::rule::{Rule, RuleError};

use super::{Choice, Player, RollOff, higher, roll_off};
use crate::rule::round as rule;

/// R7's steps, in the order seed 000 L283 gives them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum EndOfRound {
    /// a: who holds each victory area, and the points it earns.
    VictoryAreas,
    /// b: end-of-round triggers whose effects carry into the next round (in team play, from
    /// the parallel games too).
    CarriedEffects,
    /// c: each player's victory points against the victory condition.
    VictoryCheck,
    /// d: effects lasting "until the end of the round" end.
    EndDurations,
}

/// One stage of the round, R0 to R7.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum RoundStage {
    /// R0: the round counter moves on (seed 000 L267).
    Start,
    /// R1: powers that work "at the beginning of the round" (seed 000 L269).
    BeginningOfRound,
    /// R2: "before initiative" powers, declared in [`before_initiative`] order (seed 000 L271).
    BeforeInitiative,
    /// R3: the initiative roll; its winner names the first player (seed 000 L273).
    Initiative,
    /// R4: "after initiative" powers, the first player's first (seed 000 L275).
    AfterInitiative,
    /// R5: every other automatic or required effect, warband by warband in playing order
    /// (seed 000 L277).
    Automatic,
    /// R6: the activations, in [`Blocks`](super::Blocks) (seed 000 L279-281).
    Activations,
    /// R7: the end of the round (seed 000 L283).
    End(EndOfRound),
}

impl RoundStage {
    /// Every stage, in the order a round runs them.
    pub const ALL: [RoundStage; 11] = [
        RoundStage::Start,
        RoundStage::BeginningOfRound,
        RoundStage::BeforeInitiative,
        RoundStage::Initiative,
        RoundStage::AfterInitiative,
        RoundStage::Automatic,
        RoundStage::Activations,
        RoundStage::End(EndOfRound::VictoryAreas),
        RoundStage::End(EndOfRound::CarriedEffects),
        RoundStage::End(EndOfRound::VictoryCheck),
        RoundStage::End(EndOfRound::EndDurations),
    ];

    /// The stage's name in the round sequence: "R0" to "R7d".
    pub fn label(self) -> &'static str {
        match self {
            RoundStage::Start => "R0",
            RoundStage::BeginningOfRound => "R1",
            RoundStage::BeforeInitiative => "R2",
            RoundStage::Initiative => "R3",
            RoundStage::AfterInitiative => "R4",
            RoundStage::Automatic => "R5",
            RoundStage::Activations => "R6",
            RoundStage::End(EndOfRound::VictoryAreas) => "R7a",
            RoundStage::End(EndOfRound::CarriedEffects) => "R7b",
            RoundStage::End(EndOfRound::VictoryCheck) => "R7c",
            RoundStage::End(EndOfRound::EndDurations) => "R7d",
        }
    }

    pub fn rule(self) -> Rule {
        match self {
            RoundStage::Start => rule::ROUND_START,
            RoundStage::BeginningOfRound => rule::BEGINNING,
            RoundStage::BeforeInitiative => rule::BEFORE_INITIATIVE,
            RoundStage::Initiative => rule::INITIATIVE,
            RoundStage::AfterInitiative => rule::AFTER_INITIATIVE,
            RoundStage::Automatic => rule::AUTOMATIC,
            RoundStage::Activations => rule::ACTIVATIONS,
            RoundStage::End(_) => rule::END,
        }
    }

    /// The stage after this one in the same round; none after R7d.
    pub fn next(self) -> Option<RoundStage> {
        let at = RoundStage::ALL.iter().position(|s| *s == self)?;
        RoundStage::ALL.get(at + 1).copied()
    }

    /// R0-R5: the stages in which each champion has one champion power (seed 000 L267).
    pub fn limits_champion_powers(self) -> bool {
        self < RoundStage::Activations
    }

    /// R1's champion powers count as used together, so a power that stops champion powers
    /// does not yet stop those used alongside it (seed 000 L269).
    pub fn champion_powers_simultaneous(self) -> bool {
        self == RoundStage::BeginningOfRound
    }
}

/// Where the battle is: which round, and which stage of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Round {
    /// Counted from 1.
    pub number: u32,
    pub stage: RoundStage,
}

impl Round {
    /// R0 of the first round.
    pub fn first() -> Self {
        Round {
            number: 1,
            stage: RoundStage::Start,
        }
    }

    /// The next stage; after R7d, R0 of the next round. The caller stops instead when R7c
    /// finds a winner.
    pub fn advance(self) -> Self {
        match self.stage.next() {
            Some(stage) => Round { stage, ..self },
            None => Round {
                number: self.number + 1,
                stage: RoundStage::Start,
            },
        }
    }
}

/// Which champions have used their one champion power of R0-R5 this round (seed 000 L267).
/// A fresh one each round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct ChampionPowers {
    used: [bool; 2],
}

impl ChampionPowers {
    pub fn used(self, player: Player) -> bool {
        self.used[player.index()]
    }

    /// `player`'s champion uses a champion power in `stage`. From R0 to R5 a second one is
    /// refused; in R6 and R7 this limit does not apply.
    pub fn use_power(self, player: Player, stage: RoundStage) -> Result<Self, RuleError> {
        if !stage.limits_champion_powers() {
            return Ok(self);
        }
        if self.used(player) {
            return Err(RuleError::new(
                rule::CHAMPION_ONCE,
                format!(
                    "player {player:?}'s champion has already used a champion power between R0 and R5 this round (now {})",
                    stage.label()
                ),
            ));
        }
        let mut used = self.used;
        used[player.index()] = true;
        Ok(ChampionPowers { used })
    }
}

/// R2's declaration order: who declares "before initiative" powers first and who last, and
/// the roll-off when the champion ratings are equal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Declarations {
    /// First to declare, then last.
    pub order: [Player; 2],
    /// The d20 roll-off, only for equal ratings.
    pub roll_off: Option<RollOff>,
}

/// R2: the player whose champion rating is higher declares last; equal ratings roll a d20
/// each (One's die first), and the higher die declares last as the higher rating would
/// (seed 000 L271).
pub fn before_initiative(ratings: [u32; 2], dice: &mut Dice) -> Declarations {
    if let Some(last) = higher(ratings) {
        return Declarations {
            order: [last.other(), last],
            roll_off: None,
        };
    }
    let off = roll_off(dice, |d| [d.roll(20), d.roll(20)]);
    Declarations {
        order: [off.winner.other(), off.winner],
        roll_off: Some(off),
    }
}

/// R3's check: each player's d20 (One's first) plus `ratings`, the champion ratings that count
/// (0 for a confused champion, seed 000 L443); the totals are kept, and equal totals roll
/// again (not in seed).
pub fn initiative(ratings: [u32; 2], dice: &mut Dice) -> RollOff {
    roll_off(dice, |d| ratings.map(|r| d.roll(20) + r))
}

/// The round's playing order, fixed at R3 and used by R4 (powers), R5 (warbands' effects) and
/// R6 (the first activation).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RoundOrder {
    pub first: Player,
}

impl RoundOrder {
    /// The initiative `winner` takes the first turn or gives it away (seed 000 L273).
    pub fn chosen(winner: Player, choice: Choice) -> Self {
        RoundOrder {
            first: choice.by(winner),
        }
    }

    /// The first player, then the other (seed 000 L275, L277).
    pub fn order(self) -> [Player; 2] {
        [self.first, self.first.other()]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scripted(faces: &[u32]) -> Dice {
        let mut dice = Dice::seeded(0);
        dice.script(faces.iter().copied());
        dice
    }

    #[test]
    fn dnd_56_rating_6_against_4_p2_declares_first_and_p1_last() {
        let mut dice = scripted(&[]);
        let d = before_initiative([6, 4], &mut dice);
        assert_eq!(d.order, [Player::Two, Player::One]);
        assert_eq!(d.roll_off, None);
        assert_eq!(dice.rolled(), 0);
    }

    #[test]
    fn dnd_56_equal_ratings_roll_a_d20_and_the_higher_die_declares_last() {
        let mut dice = scripted(&[14, 14, 5, 17]);
        let d = before_initiative([6, 6], &mut dice);
        let off = d.roll_off.as_ref().map(|o| (o.rolls.clone(), o.winner));
        assert_eq!(off, Some((vec![[14, 14], [5, 17]], Player::Two)));
        assert_eq!(d.order, [Player::One, Player::Two]);
    }

    #[test]
    fn dnd_56_in_r4_the_first_mover_uses_its_powers_first() {
        assert_eq!(
            RoundOrder::chosen(Player::One, Choice::Take).order(),
            [Player::One, Player::Two]
        );
        assert_eq!(
            RoundOrder::chosen(Player::One, Choice::Pass).order(),
            [Player::Two, Player::One]
        );
    }

    #[test]
    fn round_stages_run_r0_to_r7d_then_the_next_round() {
        let labels: Vec<_> = RoundStage::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(
            labels,
            [
                "R0", "R1", "R2", "R3", "R4", "R5", "R6", "R7a", "R7b", "R7c", "R7d"
            ]
        );
        let mut round = Round::first();
        for _ in 0..10 {
            round = round.advance();
        }
        assert_eq!(
            round,
            Round {
                number: 1,
                stage: RoundStage::End(EndOfRound::EndDurations)
            }
        );
        assert_eq!(
            round.advance(),
            Round {
                number: 2,
                stage: RoundStage::Start
            }
        );
    }

    #[test]
    fn round_end_scores_areas_before_carrying_effects_before_victory_before_durations() {
        let ends: Vec<_> = RoundStage::ALL
            .iter()
            .filter_map(|s| match s {
                RoundStage::End(e) => Some(*e),
                _ => None,
            })
            .collect();
        assert_eq!(
            ends,
            [
                EndOfRound::VictoryAreas,
                EndOfRound::CarriedEffects,
                EndOfRound::VictoryCheck,
                EndOfRound::EndDurations
            ]
        );
        assert!(RoundStage::ALL[7..].iter().all(|s| s.rule() == rule::END));
    }

    #[test]
    fn round_champion_power_once_from_r0_to_r5_but_free_in_r6() {
        let powers = ChampionPowers::default()
            .use_power(Player::One, RoundStage::BeginningOfRound)
            .unwrap();
        assert!(powers.used(Player::One));
        assert!(!powers.used(Player::Two));
        let err = powers
            .use_power(Player::One, RoundStage::Automatic)
            .unwrap_err();
        assert_eq!(err.rule, rule::CHAMPION_ONCE);
        assert_eq!(
            err.reason,
            "player One's champion has already used a champion power between R0 and R5 this round (now R5)"
        );
        assert_eq!(
            powers.use_power(Player::One, RoundStage::Activations),
            Ok(powers)
        );
        assert!(
            powers
                .use_power(Player::Two, RoundStage::AfterInitiative)
                .is_ok()
        );
    }

    #[test]
    fn round_r1_champion_powers_are_simultaneous_and_only_r1s() {
        let simultaneous: Vec<_> = RoundStage::ALL
            .iter()
            .filter(|s| s.champion_powers_simultaneous())
            .map(|s| s.label())
            .collect();
        assert_eq!(simultaneous, ["R1"]);
    }

    #[test]
    fn initiative_adds_the_champion_rating_and_rolls_equal_totals_again() {
        let mut dice = scripted(&[10, 12, 9, 8]);
        let off = initiative([4, 2], &mut dice);
        assert_eq!(off.rolls, vec![[14, 14], [13, 10]]);
        assert_eq!(off.winner, Player::One);
    }

    #[test]
    fn initiative_a_confused_champion_counts_no_rating() {
        let mut dice = scripted(&[15, 12]);
        let off = initiative([0, 5], &mut dice);
        assert_eq!(off.rolls, vec![[15, 17]]);
        assert_eq!(off.winner, Player::Two);
    }
}
