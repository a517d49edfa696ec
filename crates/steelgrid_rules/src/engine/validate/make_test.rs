//! Checks for a test made during the fight and for its reroll (seed 002 L1803-1862, L1961).

use crate::command::RuleError;
use crate::creature::*;
use crate::encounter::in_zone;
use crate::encounter::script::Script;
use crate::encounter::test_action::{CheckedTest, OpenTest, TestAction};
use crate::grid::Map;
use crate::power_roll::test_roll::Difficulty;
use crate::rule;

use crate::engine::Engine;

/// A `MakeTest` as commanded.
pub(in crate::engine) struct TestOrder<'a> {
    pub creature: &'a str,
    pub task: Option<&'a str>,
    pub characteristic: Option<Characteristic>,
    pub difficulty: Option<Difficulty>,
    pub skill: Option<&'a str>,
    pub maneuver: bool,
}

impl Engine {
    /// Whether the test may be made now: on the creature's turn, with the action it takes
    /// left; a called test also by a creature it is open to, standing in its zone, with one of
    /// its skills.
    pub(in crate::engine) fn check_make_test(
        &self,
        order: &TestOrder,
    ) -> Result<CheckedTest, RuleError> {
        let e = self.actor(order.creature)?;
        let (call, open) = match order.task {
            Some(task) => {
                let (i, open) = self.called_test(e, order.creature, task)?;
                (Some(i), Some(open))
            }
            None => (None, None),
        };
        let (characteristic, difficulty, action) = settle_terms(order, open.as_ref())?;
        let skill = order.skill.map(str::to_owned);
        if let (Some(open), Some(skill)) = (&open, &skill) {
            check_skill(open, skill)?;
        }
        self.budget(e).check(action)?;
        let chars = self
            .world
            .get::<Characteristics>(e)
            .expect("characteristics");
        Ok(CheckedTest {
            entity: e,
            creature: order.creature.to_owned(),
            hero: self.world.get::<Hero>(e).is_some(),
            call,
            characteristic,
            difficulty,
            skill,
            action,
            score: chars.get(characteristic),
        })
    }

    /// The called test `task` that `creature` may make: the heroes make tests (seed 002
    /// L1969-1971), each once (L1965), standing in its zone.
    fn called_test(
        &self,
        e: bevy_ecs::entity::Entity,
        creature: &str,
        task: &str,
    ) -> Result<(usize, OpenTest), RuleError> {
        let script = self.world.resource::<Script>();
        let Some(i) = script.open_test(task, creature) else {
            let tried = script.tests.iter().any(|t| t.call.task == task);
            return Err(if tried {
                RuleError::new(
                    rule::TEST_RETRY,
                    format!(
                        "{creature} has made the test for `{task}`, or it is done; a failed test isn't tried again"
                    ),
                )
            } else {
                RuleError::new(
                    rule::TEST_CALLED,
                    format!("no test for `{task}` has been called for"),
                )
            });
        };
        let open = script.tests[i].clone();
        if *self.world.get::<Side>(e).expect("side") != Side::Heroes {
            return Err(RuleError::new(
                rule::TEST_CALLED,
                format!(
                    "the heroes make the tests the Director calls for; {creature} is not one of them"
                ),
            ));
        }
        let me = self.creature_ref(e);
        if let Some(zone) = &open.call.zone
            && !in_zone(self.world.resource::<Map>(), zone, me.footprint)
        {
            return Err(RuleError::new(
                rule::TEST_CALLED,
                format!("{creature} must stand in the {zone} to make the test for `{task}`"),
            ));
        }
        Ok((i, open))
    }
}

/// The characteristic, difficulty and action: the call's, or the order's for a test of its
/// own; an order may repeat the call's terms but not change them.
fn settle_terms(
    order: &TestOrder,
    open: Option<&OpenTest>,
) -> Result<(Characteristic, Difficulty, ActionKind), RuleError> {
    let asked = if order.maneuver {
        ActionKind::Maneuver
    } else {
        ActionKind::Main
    };
    let Some(open) = open else {
        let (Some(c), Some(d)) = (order.characteristic, order.difficulty) else {
            return Err(RuleError::new(
                rule::TEST,
                "a test names its characteristic and difficulty, or the task of a called test",
            ));
        };
        return Ok((c, d, asked));
    };
    let call = &open.call;
    let differs = order
        .characteristic
        .is_some_and(|c| c != call.characteristic)
        || order.difficulty.is_some_and(|d| d != call.difficulty)
        || (order.maneuver && call.action != TestAction::Maneuver);
    if differs {
        return Err(RuleError::new(
            rule::TEST_CALLED,
            format!(
                "the test for `{}` is {:?} ({:?}) with a {}",
                call.task,
                call.characteristic,
                call.difficulty,
                action_name(call.action.kind())
            ),
        ));
    }
    Ok((call.characteristic, call.difficulty, call.action.kind()))
}

/// A called test accepts only the skills it lists (seed 002 L2031-2037: the Director rules).
fn check_skill(open: &OpenTest, skill: &str) -> Result<(), RuleError> {
    let skills = &open.call.skills;
    if skills.iter().any(|s| s.eq_ignore_ascii_case(skill)) {
        return Ok(());
    }
    Err(RuleError::new(
        rule::TEST_SKILL,
        if skills.is_empty() {
            format!("no skill applies to the test for `{}`", open.call.task)
        } else {
            format!(
                "{skill} doesn't apply to the test for `{}`; {} does",
                open.call.task,
                skills.join(" or ")
            )
        },
    ))
}

fn action_name(action: ActionKind) -> &'static str {
    match action {
        ActionKind::Main => "main action",
        ActionKind::Maneuver => "maneuver",
        ActionKind::Move => "move action",
    }
}
