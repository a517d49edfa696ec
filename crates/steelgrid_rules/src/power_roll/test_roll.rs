//! Tests: power rolls with a chance of failure, made mostly outside the fight's turns (seed 002
//! L1787-2017; digest §34-40). A test's outcome by its difficulty, a hero token's reroll,
//! opposed tests, assisting a test, group tests and the limits of a montage test. Pure
//! functions for a client to call: the dice, the skills and the hero token pool are the
//! caller's.

use serde::{Deserialize, Serialize};

use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, NetEdge, PowerRollResult, PowerRollSpec, Tier};
use crate::rule;
use steelgrid_kernel::rule::RuleError;

/// An applicable skill's bonus to a test: +2, which is not an edge (seed 002 L2023-2027).
pub const SKILL_BONUS: i32 = 2;

/// How hard a test is (seed 002 L1845-1847). A montage test's Moderate is `Medium`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

/// What a test achieves (seed 002 L1851-1860). "Success" in the rules is any of the three
/// successes, "failure" either failure.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum TestOutcome {
    FailureWithConsequence,
    Failure,
    SuccessWithConsequence,
    Success,
    SuccessWithReward,
}

impl TestOutcome {
    /// The outcome table (seed 002 L1851-1858): by tier and difficulty, and a natural 19 or 20
    /// is a success with a reward at every difficulty.
    pub fn of(difficulty: Difficulty, tier: Tier, natural: u32) -> TestOutcome {
        use TestOutcome::*;
        if natural >= 19 {
            return SuccessWithReward;
        }
        match difficulty {
            Difficulty::Easy => tier.pick([SuccessWithConsequence, Success, SuccessWithReward]),
            Difficulty::Medium => tier.pick([Failure, SuccessWithConsequence, Success]),
            Difficulty::Hard => tier.pick([FailureWithConsequence, Failure, Success]),
        }
    }

    pub fn is_success(self) -> bool {
        self >= TestOutcome::SuccessWithConsequence
    }

    pub fn has_consequence(self) -> bool {
        matches!(
            self,
            TestOutcome::FailureWithConsequence | TestOutcome::SuccessWithConsequence
        )
    }
}

/// What a test adds to its roll.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestSpec {
    /// The characteristic, bonuses and penalties, edges and banes, as for any power roll.
    pub roll: PowerRollSpec,
    /// An applicable skill: +2; one skill per test (seed 002 L2023-2029).
    pub skill: bool,
}

impl TestSpec {
    /// The power roll it makes: the skill's +2 a bonus; a test is never a critical hit, which
    /// only main-action ability rolls are (seed 002 L1636-1638).
    pub fn power_roll(&self) -> PowerRollSpec {
        PowerRollSpec {
            bonuses: self.roll.bonuses + if self.skill { SKILL_BONUS } else { 0 },
            main_action_ability: false,
            ..self.roll.clone()
        }
    }

    /// The spec with an assist's bane, edge or double edge added (seed 002 L2257-2261).
    pub fn assisted(mut self, assist: NetEdge) -> TestSpec {
        let one = || Modifier {
            rule: rule::ASSIST.id.to_owned(),
            note: "assisted".to_owned(),
        };
        match assist {
            NetEdge::Bane => self.roll.banes.push(one()),
            NetEdge::DoubleBane => self.roll.banes.extend([one(), one()]),
            NetEdge::Edge => self.roll.edges.push(one()),
            NetEdge::DoubleEdge => self.roll.edges.extend([one(), one()]),
            NetEdge::None => {}
        }
        self
    }
}

/// A test as rolled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TestResult {
    pub spec: TestSpec,
    pub difficulty: Difficulty,
    pub roll: PowerRollResult,
    pub outcome: TestOutcome,
    /// A hero token paid for a reroll: the test's one token benefit (seed 002 L769).
    pub rerolled: bool,
}

/// Make a test at `difficulty` with the two d10 faces `dice` (seed 002 L1803-1862).
pub fn roll(
    spec: &TestSpec,
    difficulty: Difficulty,
    dice: [u32; 2],
    options: &RulesOptions,
) -> TestResult {
    let roll = power_roll::resolve(&spec.power_roll(), dice, options);
    TestResult {
        spec: spec.clone(),
        difficulty,
        outcome: TestOutcome::of(difficulty, roll.tier, roll.natural),
        roll,
        rerolled: false,
    }
}

impl TestResult {
    /// Reroll the test for a hero token, with the new faces `dice`: the new roll stands, even a
    /// worse one (seed 002 L766, L1862; DS-CORE-38). A test gets one hero token benefit
    /// (L769), so a rerolled test can't be rerolled again.
    pub fn reroll(&self, dice: [u32; 2], options: &RulesOptions) -> Result<TestResult, RuleError> {
        if self.rerolled {
            return Err(RuleError::new(
                rule::HERO_TOKEN,
                "this test was already rerolled with a hero token; a test gets one hero token benefit",
            ));
        }
        Ok(TestResult {
            rerolled: true,
            ..roll(&self.spec, self.difficulty, dice, options)
        })
    }
}

/// An opposed test's total (seed 002 L1993-2001). With no tiers to move, a double edge adds 4
/// and a double bane takes 4 (a single edge or bane is its usual 2), and each automatic tier
/// increase in `tier_shift` adds 4, each decrease takes 4. Automatic tier outcomes mean nothing
/// here.
pub fn opposed_total(spec: &TestSpec, tier_shift: i32, dice: [u32; 2]) -> i32 {
    let s = spec.power_roll();
    let base = (dice[0] + dice[1]) as i32 + s.characteristic + s.bonuses - s.penalties;
    let edge = match NetEdge::combine(s.edges.len(), s.banes.len()) {
        NetEdge::None => 0,
        NetEdge::Edge => 2,
        NetEdge::DoubleEdge => 4,
        NetEdge::Bane => -2,
        NetEdge::DoubleBane => -4,
    };
    base + edge + 4 * tier_shift
}

/// Who an opposed test favours.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Opposed {
    First,
    Second,
    /// Nothing changes: an unaware watcher stays unaware, one who knew stays knowing
    /// (seed 002 L1999).
    Tie,
}

/// The higher total wins (seed 002 L1995-1999; DS-CORE-70).
pub fn opposed(first: i32, second: i32) -> Opposed {
    match first.cmp(&second) {
        std::cmp::Ordering::Greater => Opposed::First,
        std::cmp::Ordering::Less => Opposed::Second,
        std::cmp::Ordering::Equal => Opposed::Tie,
    }
}

/// Assist another creature's test (seed 002 L2253-2263; DS-CORE-71): the helper tests with
/// `helper_skill`, which the assisted creature must not be using (`assisted_skill`), and its
/// skill's +2 applies. Tier 1 gets in the way (a bane on the assisted test), tier 2 gives an
/// edge, tier 3 a double edge; a natural 19 or 20 is tier 3 (digest AMB-31). Give the result to
/// [`TestSpec::assisted`].
pub fn assist(
    helper_skill: &str,
    assisted_skill: Option<&str>,
    roll: &PowerRollSpec,
    dice: [u32; 2],
    options: &RulesOptions,
) -> Result<NetEdge, RuleError> {
    if assisted_skill.is_some_and(|s| s.eq_ignore_ascii_case(helper_skill)) {
        return Err(RuleError::new(
            rule::ASSIST,
            format!("the assisted test already uses {helper_skill}; assist with another skill"),
        ));
    }
    let spec = TestSpec {
        roll: roll.clone(),
        skill: true,
    };
    let tier = power_roll::resolve(&spec.power_roll(), dice, options).tier;
    Ok(tier.pick([NetEdge::Bane, NetEdge::Edge, NetEdge::DoubleEdge]))
}

/// A group test's result (seed 002 L2309-2317).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GroupOutcome {
    /// At least half succeeded and at least half earned a reward: one group reward worth two
    /// rewards (two hero tokens, say), and every consequence is ignored.
    SuccessWithGroupReward,
    Success,
    Failure,
    /// The group failed and enough suffered a consequence: one group consequence for everyone
    /// (a bane on each hero's next power roll, say), and every reward is ignored.
    FailureWithGroupConsequence,
}

/// The result of a group test from each hero's outcome (seed 002 L2297-2317; DS-CORE-73). It
/// succeeds when at least half succeed; a group reward needs at least half to have earned a
/// reward; a group consequence needs at least half (digest AMB-13) or, with
/// `group_consequence_needs_majority`, more than half to have suffered one.
pub fn group(outcomes: &[TestOutcome], options: &RulesOptions) -> Result<GroupOutcome, RuleError> {
    let heroes = outcomes.len();
    if heroes < 2 {
        return Err(RuleError::new(
            rule::GROUP_TEST,
            format!("a group test is for two or more heroes; {heroes} took part"),
        ));
    }
    let count = |f: fn(TestOutcome) -> bool| outcomes.iter().filter(|o| f(**o)).count();
    let at_least_half = |n: usize| 2 * n >= heroes;
    let consequences = count(TestOutcome::has_consequence);
    let group_consequence = if options.group_consequence_needs_majority {
        2 * consequences > heroes
    } else {
        at_least_half(consequences)
    };
    Ok(if at_least_half(count(TestOutcome::is_success)) {
        if at_least_half(count(|o| o == TestOutcome::SuccessWithReward)) {
            GroupOutcome::SuccessWithGroupReward
        } else {
            GroupOutcome::Success
        }
    } else if group_consequence {
        GroupOutcome::FailureWithGroupConsequence
    } else {
        GroupOutcome::Failure
    })
}

/// A montage test's limits: it ends when either is reached (seed 002 L2363-2365).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct MontageLimits {
    pub successes: u32,
    pub failures: u32,
}

/// The limits for `heroes` heroes (seed 002 L2371-2386; DS-CORE-74): for five, Easy 5/5,
/// Moderate (`Medium`) 6/4, Hard 7/3; each hero fewer lowers both by 1, to no less than 2, and
/// each hero more raises both by 1.
pub fn montage_limits(difficulty: Difficulty, heroes: u32) -> MontageLimits {
    let (successes, failures): (i64, i64) = match difficulty {
        Difficulty::Easy => (5, 5),
        Difficulty::Medium => (6, 4),
        Difficulty::Hard => (7, 3),
    };
    let shift = i64::from(heroes) - 5;
    let limit = |base: i64| (base + shift).max(2) as u32;
    MontageLimits {
        successes: limit(successes),
        failures: limit(failures),
    }
}

/// How a montage test ended (seed 002 L2388-2409).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MontageOutcome {
    /// The success limit reached first: the goal achieved cleanly.
    TotalSuccess,
    /// The failure limit or the last round reached with successes at least 2 more than
    /// failures (core AMB-15): achieved at a cost.
    PartialSuccess,
    TotalFailure,
}

impl MontageOutcome {
    /// The Victories each hero gains (L2392-2405; core AMB-14: an Easy partial success gives
    /// none).
    pub fn victories(self, difficulty: Difficulty) -> u32 {
        match (self, difficulty) {
            (MontageOutcome::TotalSuccess, Difficulty::Hard) => 2,
            (MontageOutcome::TotalSuccess, _) => 1,
            (MontageOutcome::PartialSuccess, Difficulty::Easy) => 0,
            (MontageOutcome::PartialSuccess, _) => 1,
            (MontageOutcome::TotalFailure, _) => 0,
        }
    }
}
