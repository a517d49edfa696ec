//! Tests made during a fight (issue 23): the `MakeTest` command, a scenario's call for a test
//! and a hero token's reroll of the test just made. The outcome table and the arithmetic are
//! [`test_roll`]'s; here a test takes the action its caller names, rolls the engine's dice and
//! lands in the log.
//!
//! Readings: a test takes a main action unless its caller says a maneuver (seed 002 L1961:
//! many tests in a fight are maneuvers, not all). A success with a reward gives the heroes a
//! hero token, the seed's stand-in for any other reward (L758, L1949). A called test is the
//! heroes' to make (L1969-1971); each creature makes it once, as a failed test is not retried
//! while nothing changes (L1965-1967), and a success settles it for everyone.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;

use crate::ability::hero_token::{HeroTokens, TokenBenefit};
use crate::command::{Command, CurrentCommand};
use crate::creature::{ActionBudget, ActionKind, Characteristic};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::encounter::script::{self, Action, Script};
use crate::event::{Event, EventLog};
use crate::options::RulesOptions;
use crate::power_roll::PowerRollSpec;
use crate::power_roll::test_roll::{self, Difficulty, TestOutcome, TestResult, TestSpec};
use crate::rule;

/// The action a test takes in a fight: most are maneuvers, not all (seed 002 L1961).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum TestAction {
    #[default]
    Main,
    Maneuver,
}

impl TestAction {
    pub fn kind(self) -> ActionKind {
        match self {
            TestAction::Main => ActionKind::Main,
            TestAction::Maneuver => ActionKind::Maneuver,
        }
    }
}

/// A scenario's call for a test during the fight: the Director names the task, the
/// characteristic and the difficulty (seed 002 L1805-1807). `A` is a scripted action, as
/// written or resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TestCall<A> {
    /// What the test is for, as the log names it: "Climb the collapsing stair".
    pub task: String,
    pub characteristic: Characteristic,
    pub difficulty: Difficulty,
    /// The skills the Director accepts for it; the one a creature uses adds +2
    /// (seed 002 L2025-2037).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
    /// Only a creature with a square in this zone may make it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub zone: Option<String>,
    /// The action it takes: `Main` (the default) or `Maneuver` (seed 002 L1961).
    #[serde(default)]
    pub action: TestAction,
    /// Damage the tester takes on an outcome with a consequence, as a climber who slips
    /// does (seed 002 L1897).
    #[serde(default)]
    pub consequence_damage: u32,
    /// Scripted actions done when the test succeeds.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub success: Vec<A>,
    /// Scripted actions done when it fails.
    #[serde(default = "Vec::new", skip_serializing_if = "Vec::is_empty")]
    pub failure: Vec<A>,
}

/// A called test in play.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OpenTest {
    pub call: TestCall<Action>,
    /// The creatures that have made it (seed 002 L1965: no retry while nothing changes).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tried: Vec<String>,
    /// Someone succeeded: the task is done.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub done: bool,
}

impl OpenTest {
    /// Whether `creature` may still make it.
    pub fn open_to(&self, creature: &str) -> bool {
        !self.done && !self.tried.iter().any(|t| t == creature)
    }
}

/// The test just made, which a hero token may reroll until the next command (seed 002 L766).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JustTested {
    pub creature: String,
    pub characteristic: Characteristic,
    pub skill: Option<String>,
    /// The called test it answered, whose outcome has played out.
    pub task: Option<String>,
    pub result: TestResult,
}

/// What the check of a `MakeTest` settled.
pub(crate) struct CheckedTest {
    pub entity: Entity,
    pub creature: String,
    pub hero: bool,
    /// The index of the called test it answers in the script's `tests`.
    pub call: Option<usize>,
    pub characteristic: Characteristic,
    pub difficulty: Difficulty,
    pub skill: Option<String>,
    pub action: ActionKind,
    /// The characteristic's score.
    pub score: i32,
}

impl CheckedTest {
    fn spec(&self) -> TestSpec {
        TestSpec {
            roll: PowerRollSpec {
                characteristic: self.score,
                ..PowerRollSpec::default()
            },
            skill: self.skill.is_some(),
        }
    }
}

/// Command stage: make the checked test, paying its action, and play out its outcome.
pub fn resolve_make_test(world: &mut World) {
    let Some(t) = world.resource_mut::<Checked>().take::<CheckedTest>() else {
        return;
    };
    let mut budget = *world.get::<ActionBudget>(t.entity).expect("budget");
    crate::turn::take_action(
        &mut world.resource_mut::<EventLog>(),
        &mut budget,
        &t.creature,
        t.action,
    );
    world.entity_mut(t.entity).insert(budget);
    let dice = roll_2d10(world);
    let result = test_roll::roll(
        &t.spec(),
        t.difficulty,
        dice,
        world.resource::<RulesOptions>(),
    );
    let task = t
        .call
        .map(|i| world.resource::<Script>().tests[i].call.task.clone());
    let made = JustTested {
        creature: t.creature.clone(),
        characteristic: t.characteristic,
        skill: t.skill.clone(),
        task,
        result,
    };
    log_test(world, &made);
    reward(world, &made, t.hero);
    if let Some(i) = t.call {
        answer_call(world, i, t.entity, &made);
    }
    world.resource_mut::<Script>().last_test = Some(Box::new(made));
}

/// Command stage, first: the test the last command made can be rerolled only by the very next
/// command, a hero token spent on it (seed 002 L766).
pub fn forget_last_test(command: Res<CurrentCommand>, mut script: ResMut<Script>) {
    let reroll = matches!(
        command.0,
        Some(Command::SpendHeroToken {
            benefit: TokenBenefit::Reroll,
            ..
        })
    );
    if !reroll && script.last_test.is_some() {
        script.last_test = None;
    }
}

/// Command stage, after the token is paid: reroll the test just made; the new roll stands
/// (seed 002 L766, L1862).
pub fn resolve_reroll(world: &mut World) {
    let Some(Command::SpendHeroToken {
        benefit: TokenBenefit::Reroll,
        ..
    }) = world.resource::<CurrentCommand>().0.clone()
    else {
        return;
    };
    let Some(last) = world.resource_mut::<Script>().last_test.take() else {
        return;
    };
    let dice = roll_2d10(world);
    let Ok(result) = last.result.reroll(dice, world.resource::<RulesOptions>()) else {
        return;
    };
    let made = JustTested { result, ..*last };
    log_test(world, &made);
    // Only a hero spends a hero token.
    reward(world, &made, true);
}

pub(crate) fn roll_2d10(world: &mut World) -> [u32; 2] {
    let mut dice = world.resource_mut::<Dice>();
    [dice.d10(), dice.d10()]
}

pub(crate) fn log_test(world: &mut World, made: &JustTested) {
    let r = &made.result;
    world.resource_mut::<EventLog>().push(
        rule::TEST,
        Event::TestMade {
            creature: made.creature.clone(),
            task: made.task.clone(),
            characteristic: made.characteristic,
            difficulty: r.difficulty,
            skill: made.skill.clone(),
            roll: r.roll.clone(),
            outcome: r.outcome,
            rerolled: r.rerolled,
        },
    );
}

/// A hero's success with a reward gives the heroes a hero token (seed 002 L758, L1949).
pub(crate) fn reward(world: &mut World, made: &JustTested, hero: bool) {
    if !hero || made.result.outcome != TestOutcome::SuccessWithReward {
        return;
    }
    let now = {
        let mut tokens = world.resource_mut::<HeroTokens>();
        tokens.pool += 1;
        tokens.pool
    };
    world.resource_mut::<EventLog>().push(
        rule::TEST_REWARD,
        Event::HeroTokensGained {
            creature: made.creature.clone(),
            amount: 1,
            now,
        },
    );
}

/// Play out a called test's outcome: its consequence's damage, then its success or failure
/// actions.
fn answer_call(world: &mut World, index: usize, tester: Entity, made: &JustTested) {
    let outcome = made.result.outcome;
    let call = {
        let mut script = world.resource_mut::<Script>();
        let open = &mut script.tests[index];
        open.tried.push(made.creature.clone());
        open.done |= outcome.is_success();
        open.call.clone()
    };
    if outcome.has_consequence() && call.consequence_damage > 0 {
        world.resource_mut::<PendingDamage>().0.push(DamageRequest {
            target: tester,
            source: call.task.clone(),
            amount: call.consequence_damage,
            damage_type: None,
            halved: false,
            knock_out: false,
        });
    }
    let then = if outcome.is_success() {
        call.success
    } else {
        call.failure
    };
    for action in then {
        script::perform(world, action);
    }
}
