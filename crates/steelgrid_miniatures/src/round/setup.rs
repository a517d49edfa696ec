//! Setting up a battle (digest A1; seed 000 L42-49, printed again on the back cover at
//! L256-263): the warbands are shown, a d20 roll settles who picks the map, and the player who
//! did not pick it picks a start area and deploys first.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::rule::RuleError;

use super::{Choice, Player, RollOff, roll_off};
use crate::rule::round as rule;

/// A player's warband as the set-up sees it: what it cost and how good its champion is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Warband {
    /// The warband's point total.
    pub points: u32,
    /// Its champion's champion rating.
    pub champion_rating: u32,
}

/// The set-up's steps, in order (seed 000 L46-49).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SetUpStep {
    /// 1: both warbands and the maps the players want are shown.
    Reveal,
    /// 2: the d20 roll, and the map picked or the pick handed over.
    RollForMap,
    /// 3: the player who did not pick the map picks a start area and deploys there.
    FirstDeployment,
    /// 4: the other player deploys in the remaining start area.
    SecondDeployment,
}

impl SetUpStep {
    pub const ALL: [SetUpStep; 4] = [
        SetUpStep::Reveal,
        SetUpStep::RollForMap,
        SetUpStep::FirstDeployment,
        SetUpStep::SecondDeployment,
    ];

    pub fn rule(self) -> steelgrid_kernel::rule::Rule {
        match self {
            SetUpStep::Reveal => rule::SETUP_REVEAL,
            SetUpStep::RollForMap => rule::SETUP_ROLL,
            SetUpStep::FirstDeployment | SetUpStep::SecondDeployment => rule::SETUP_DEPLOY,
        }
    }
}

/// Step 1 as far as points go: each warband within the battle's agreed `limit` (the limit
/// itself is the players' agreement, not in seed).
pub fn check_points(warbands: &[Warband; 2], limit: u32) -> Result<(), RuleError> {
    match Player::BOTH
        .into_iter()
        .find(|p| warbands[p.index()].points > limit)
    {
        Some(p) => Err(RuleError::new(
            rule::SETUP_POINTS,
            format!(
                "player {p:?}'s warband costs {} points, over the battle's limit of {limit}",
                warbands[p.index()].points
            ),
        )),
        None => Ok(()),
    }
}

/// AMB-15: seed 000 L47 lets the player with the highest champion rating roll twice without
/// saying which die counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChampionRoll {
    /// The digest's reading: both dice are rolled and the better one kept.
    #[default]
    KeepBetter,
    /// A reroll: the player rolls again only when the first die does not beat the opponent's,
    /// and must keep the second die.
    RerollKeepsSecond,
}

/// Step 2's outcome: who had the second die, every pair of kept results, and the winner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MapRoll {
    /// The player whose champion rating is strictly the highest; equal ratings favour nobody.
    pub favoured: Option<Player>,
    /// The kept results, `[One, Two]`, pair by pair until one is higher.
    pub roll_off: RollOff,
}

impl MapRoll {
    /// The player with the best result.
    pub fn winner(&self) -> Player {
        self.roll_off.winner
    }

    /// Who picks the map: the winner, or the other player if the winner passes the pick
    /// (seed 000 L47).
    pub fn map_picker(&self, choice: Choice) -> Player {
        choice.by(self.winner())
    }
}

/// Step 2: each player rolls a d20 (One's die, then Two's), and the favoured player then rolls
/// its second die as `option` reads it. Equal results roll again (not in seed).
pub fn roll_for_map(warbands: &[Warband; 2], option: ChampionRoll, dice: &mut Dice) -> MapRoll {
    let favoured = super::higher(warbands.map(|w| w.champion_rating));
    let roll_off = roll_off(dice, |d| map_results(d, favoured, option));
    MapRoll { favoured, roll_off }
}

/// One pair of kept results for the map roll.
fn map_results(dice: &mut Dice, favoured: Option<Player>, option: ChampionRoll) -> [u32; 2] {
    let mut pair = [dice.roll(20), dice.roll(20)];
    if let Some(p) = favoured {
        let (mine, theirs) = (pair[p.index()], pair[p.other().index()]);
        pair[p.index()] = match option {
            ChampionRoll::KeepBetter => mine.max(dice.roll(20)),
            ChampionRoll::RerollKeepsSecond if mine <= theirs => dice.roll(20),
            ChampionRoll::RerollKeepsSecond => mine,
        };
    }
    pair
}

/// Steps 3 and 4: who picked the map, who picks a start area, and the order of deployment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deployment {
    pub map_picker: Player,
    /// The player who did not pick the map: it picks its start area and deploys first.
    pub start_area_picker: Player,
    /// Who deploys first, then second.
    pub order: [Player; 2],
}

impl Deployment {
    /// Deployment once `map_picker` has picked the map.
    pub fn after(map_picker: Player) -> Self {
        let start_area_picker = map_picker.other();
        Deployment {
            map_picker,
            start_area_picker,
            order: [start_area_picker, map_picker],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn warbands(one: u32, two: u32) -> [Warband; 2] {
        [
            Warband {
                points: 200,
                champion_rating: one,
            },
            Warband {
                points: 200,
                champion_rating: two,
            },
        ]
    }

    fn scripted(faces: &[u32]) -> Dice {
        let mut dice = Dice::seeded(0);
        dice.script(faces.iter().copied());
        dice
    }

    #[test]
    fn amb_15_highest_rating_rolls_twice_and_keeps_the_better_die() {
        let mut dice = scripted(&[3, 12, 15]);
        let roll = roll_for_map(&warbands(6, 4), ChampionRoll::KeepBetter, &mut dice);
        assert_eq!(roll.favoured, Some(Player::One));
        assert_eq!(roll.roll_off.rolls, vec![[15, 12]]);
        assert_eq!(roll.winner(), Player::One);
        assert_eq!(dice.rolled(), 3);
    }

    #[test]
    fn amb_15_reroll_reading_keeps_the_second_die_even_when_worse() {
        let mut dice = scripted(&[12, 14, 2]);
        let roll = roll_for_map(&warbands(6, 4), ChampionRoll::RerollKeepsSecond, &mut dice);
        assert_eq!(roll.roll_off.rolls, vec![[2, 14]]);
        assert_eq!(roll.winner(), Player::Two);
    }

    #[test]
    fn amb_15_reroll_reading_does_not_roll_again_when_already_ahead() {
        let mut dice = scripted(&[18, 14]);
        let roll = roll_for_map(&warbands(6, 4), ChampionRoll::RerollKeepsSecond, &mut dice);
        assert_eq!(roll.roll_off.rolls, vec![[18, 14]]);
        assert_eq!(dice.rolled(), 2);
    }

    #[test]
    fn setup_equal_ratings_favour_nobody_and_equal_results_roll_again() {
        let mut dice = scripted(&[9, 9, 4, 11]);
        let roll = roll_for_map(&warbands(5, 5), ChampionRoll::KeepBetter, &mut dice);
        assert_eq!(roll.favoured, None);
        assert_eq!(roll.roll_off.rolls, vec![[9, 9], [4, 11]]);
        assert_eq!(roll.winner(), Player::Two);
    }

    #[test]
    fn setup_winner_passing_the_map_picks_the_start_area_and_deploys_first() {
        let mut dice = scripted(&[1, 20, 5]);
        let roll = roll_for_map(&warbands(2, 7), ChampionRoll::KeepBetter, &mut dice);
        assert_eq!(roll.winner(), Player::Two);
        let picker = roll.map_picker(Choice::Pass);
        assert_eq!(picker, Player::One);
        let d = Deployment::after(picker);
        assert_eq!(d.start_area_picker, Player::Two);
        assert_eq!(d.order, [Player::Two, Player::One]);
    }

    #[test]
    fn setup_winner_taking_the_map_deploys_second() {
        let d = Deployment::after(Choice::Take.by(Player::One));
        assert_eq!(d.map_picker, Player::One);
        assert_eq!(d.order, [Player::Two, Player::One]);
    }

    #[test]
    fn setup_a_warband_over_the_point_limit_is_refused() {
        let mut bands = warbands(3, 3);
        assert_eq!(check_points(&bands, 200), Ok(()));
        bands[1].points = 201;
        let err = check_points(&bands, 200).unwrap_err();
        assert_eq!(err.rule, rule::SETUP_POINTS);
        assert_eq!(
            err.reason,
            "player Two's warband costs 201 points, over the battle's limit of 200"
        );
    }

    #[test]
    fn setup_steps_run_in_the_seed_order() {
        let rules: Vec<_> = SetUpStep::ALL.iter().map(|s| s.rule().id).collect();
        assert_eq!(
            rules,
            [
                "ddm.setup.reveal",
                "ddm.setup.roll",
                "ddm.setup.deploy",
                "ddm.setup.deploy"
            ]
        );
    }
}
