//! Tests made during a fight (issue 23; seed 002 L1803-1862, L1961-1967, L2025-2029, L766):
//! the action a test takes, its outcome by tier and difficulty, a skill's +2, the natural 19-20
//! reward, a scenario's call for a test and its consequence, and a hero token's reroll.

use crate::common;

use common::{apply, end, find, logged, refused, stamina, start};
use steelgrid_rules::creature::{ActionKind, Characteristic};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::power_roll::test_roll::{Difficulty, TestOutcome};
use steelgrid_rules::terms::hero_token::TokenBenefit;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

use Difficulty::*;
use TestOutcome::*;

fn test(id: &str, characteristic: Characteristic, difficulty: Difficulty) -> Command {
    Command::MakeTest {
        creature: id.into(),
        task: None,
        characteristic: Some(characteristic),
        difficulty: Some(difficulty),
        skill: None,
        maneuver: false,
    }
}

fn task(id: &str, task: &str) -> Command {
    Command::MakeTest {
        creature: id.into(),
        task: Some(task.into()),
        characteristic: None,
        difficulty: None,
        skill: None,
        maneuver: false,
    }
}

/// Each test in `events`: (creature, natural, total, tier, outcome).
fn tests(events: &[LoggedEvent]) -> Vec<(String, u32, i32, u8, TestOutcome)> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            Event::TestMade {
                creature,
                roll,
                outcome,
                ..
            } => Some((
                creature.clone(),
                roll.natural,
                roll.total,
                roll.tier.number(),
                *outcome,
            )),
            _ => None,
        })
        .collect()
}

/// A hero `h` with Might `might` facing a monster, the dice `dice` queued, on h's turn.
fn fight(might: i32, dice: &[u32]) -> Engine {
    let mut e = Fight::new()
        .hero("h", at(1, 1))
        .might(might)
        .monster("m", at(6, 4))
        .dice(dice)
        .start();
    start(&mut e, "h");
    e
}

#[test]
fn ds_core_x20_a_test_in_combat_costs_a_main_action() {
    let mut e = fight(2, &[3, 4, 5, 5]);
    let events = apply(&mut e, test("h", Characteristic::Might, Medium));
    let log = logged(&events);
    assert!(
        log.contains(
            &r#"turn.action_economy: ActionUsed { creature: "h", action: Main, traded_main: false }"#
                .to_owned()
        ),
        "{log:#?}"
    );
    assert_eq!(events.last().unwrap().rule.id, "test");
    assert_eq!(tests(&events), [("h".to_owned(), 7, 9, 1, Failure)]);
    // The main action is gone: a second test at the main action is refused.
    let why = refused(&mut e, test("h", Characteristic::Might, Medium));
    assert_eq!(why.rule.id, "turn.action_economy");
    assert_eq!(why.reason, "no main action left this turn");
}

#[test]
fn ds_core_x21_a_test_as_a_maneuver_leaves_the_main_action() {
    let mut e = fight(2, &[6, 6, 6, 6, 6, 6]);
    let mut maneuver = test("h", Characteristic::Might, Easy);
    if let Command::MakeTest { maneuver: m, .. } = &mut maneuver {
        *m = true;
    }
    let events = apply(&mut e, maneuver.clone());
    assert_eq!(maneuvers_used(&events), 1);
    // Main action left: a second test; the maneuver is gone, and after both nothing is left.
    apply(&mut e, test("h", Characteristic::Might, Easy));
    assert_eq!(refused(&mut e, maneuver).rule.id, "turn.action_economy");
}

#[test]
fn ds_core_x22_the_outcome_by_tier_and_difficulty() {
    // Might 2: 3+4 = 9 is tier 1, 5+6 = 13 tier 2, 8+7 = 17 tier 3.
    let table = [
        (
            [3, 4],
            [SuccessWithConsequence, Failure, FailureWithConsequence],
        ),
        ([5, 6], [Success, SuccessWithConsequence, Failure]),
        ([8, 7], [SuccessWithReward, Success, Success]),
    ];
    for (dice, outcomes) in table {
        for (difficulty, want) in [Easy, Medium, Hard].into_iter().zip(outcomes) {
            let mut e = fight(2, &dice);
            let events = apply(&mut e, test("h", Characteristic::Might, difficulty));
            assert_eq!(tests(&events)[0].4, want, "{dice:?} {difficulty:?}");
        }
    }
}

#[test]
fn ds_core_x23_a_natural_19_or_20_succeeds_with_a_reward_and_a_hero_token() {
    // Might -2: 10 + 9 = 19, total 17, tier 3: a plain success at Hard but for the natural 19.
    let mut e = fight(-2, &[10, 9]);
    let tokens = e.state().hero_tokens;
    let events = apply(&mut e, test("h", Characteristic::Might, Hard));
    assert_eq!(
        tests(&events),
        [("h".to_owned(), 19, 17, 3, SuccessWithReward)]
    );
    let log = logged(&events);
    assert!(
        log.contains(&format!(
            r#"test.reward: HeroTokensGained {{ creature: "h", amount: 1, now: {} }}"#,
            tokens + 1
        )),
        "{log:#?}"
    );
    assert_eq!(e.state().hero_tokens, tokens + 1);
}

#[test]
fn ds_core_x24_a_skill_adds_2_and_not_an_edge() {
    let mut e = fight(0, &[5, 5]);
    let mut climb = test("h", Characteristic::Might, Medium);
    if let Command::MakeTest { skill, .. } = &mut climb {
        *skill = Some("Climb".into());
    }
    let events = apply(&mut e, climb);
    assert_eq!(
        tests(&events),
        [("h".to_owned(), 10, 12, 2, SuccessWithConsequence)]
    );
    let Event::TestMade { roll, skill, .. } =
        &find(&events, |ev| matches!(ev, Event::TestMade { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(
        (roll.bonuses, roll.edges.len(), skill.as_deref()),
        (2, 0, Some("Climb"))
    );
}

const STAIR_ROWS: [&str; 5] = [".....", ".SS..", ".....", ".....", "....."];

/// The stair zone `S` calls for a Medium Might test when a hero enters it.
fn stair(dice: &[u32]) -> Engine {
    let call = r#"(when: Enters(Heroes, "stair"), then: [CallTest((
        task: "Climb the collapsing stair", characteristic: Might, difficulty: Medium,
        skills: ["Climb"], zone: Some("stair"), action: Maneuver, consequence_damage: 4,
        success: [Narrate("The climber reaches the landing.")],
        failure: [Narrate("A step crumbles underfoot.")],
    ))])"#;
    let mut e = Fight::on(&STAIR_ROWS)
        .legend("'S': (zone: \"stair\")")
        .script(call)
        .hero("h", at(1, 1))
        .might(0)
        .hero("g", at(3, 3))
        .might(2)
        .monster("m", at(4, 4))
        .dice(dice)
        .start();
    start(&mut e, "h");
    e
}

#[test]
fn ds_core_x25_a_scripted_call_for_a_test_and_its_consequence() {
    // h Might 0 rolls 2+3 = 5: a Medium failure, no consequence; then the call is refused to it.
    let mut e = stair(&[2, 3]);
    let called = e
        .log()
        .iter()
        .filter(|l| l.rule.id == "test.called")
        .count();
    assert_eq!(called, 1);
    let events = apply(&mut e, task("h", "Climb the collapsing stair"));
    assert_eq!(tests(&events), [("h".to_owned(), 5, 5, 1, Failure)]);
    assert!(logged(&events).contains(
        &r#"scenario.script: Narrated { text: "A step crumbles underfoot." }"#.to_owned()
    ));
    assert_eq!(maneuvers_used(&events), 1);
    let why = refused(&mut e, task("h", "Climb the collapsing stair"));
    assert_eq!(why.rule.id, "test.retry");
    let unknown = refused(&mut e, task("h", "Swim the moat"));
    assert_eq!(unknown.rule.id, "test.called");
    assert_eq!(
        unknown.reason,
        "no test for `Swim the moat` has been called for"
    );
    // The monster is no hero; g stands outside the stair.
    end(&mut e, "h");
    start(&mut e, "m");
    let monster = refused(&mut e, task("m", "Climb the collapsing stair"));
    assert_eq!(monster.rule.id, "test.called");
    end(&mut e, "m");
    start(&mut e, "g");
    let far = refused(&mut e, task("g", "Climb the collapsing stair"));
    assert_eq!(
        far.reason,
        "g must stand in the stair to make the test for `Climb the collapsing stair`"
    );
}

#[test]
fn ds_core_x26_a_consequence_deals_the_calls_damage_and_a_success_closes_it() {
    // 6 + 6 = 12 at Medium: a success with a consequence; the climber gets up but takes 4.
    let mut e = stair(&[6, 6]);
    let before = stamina(&e, "h");
    let events = apply(&mut e, task("h", "Climb the collapsing stair"));
    assert_eq!(
        tests(&events),
        [("h".to_owned(), 12, 12, 2, SuccessWithConsequence)]
    );
    assert_eq!(stamina(&e, "h"), before - 4);
    assert!(logged(&events).contains(
        &r#"scenario.script: Narrated { text: "The climber reaches the landing." }"#.to_owned()
    ));
    assert!(e.called_tests()[0].done);
}

#[test]
fn ds_core_x27_a_called_test_takes_only_its_own_skills_and_terms() {
    let mut e = stair(&[6, 6]);
    let mut lift = task("h", "Climb the collapsing stair");
    if let Command::MakeTest { skill, .. } = &mut lift {
        *skill = Some("Lift".into());
    }
    let why = refused(&mut e, lift);
    assert_eq!(why.rule.id, "test.skill");
    assert_eq!(
        why.reason,
        "Lift doesn't apply to the test for `Climb the collapsing stair`; Climb does"
    );
    let mut hard = task("h", "Climb the collapsing stair");
    if let Command::MakeTest { difficulty, .. } = &mut hard {
        *difficulty = Some(Hard);
    }
    assert_eq!(refused(&mut e, hard).rule.id, "test.called");
}

#[test]
fn ds_core_x28_a_hero_token_rerolls_the_test_just_made_once() {
    let mut e = Fight::new()
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .might(2)
        .monster("m", at(6, 4))
        .dice(&[8, 8, 1, 2])
        .start();
    start(&mut e, "h");
    apply(&mut e, test("h", Characteristic::Might, Medium));
    let reroll = Command::SpendHeroToken {
        creature: "h".into(),
        benefit: TokenBenefit::Reroll,
    };
    // The new roll stands, even a worse one (seed 002 L766).
    let events = apply(&mut e, reroll.clone());
    assert_eq!(tests(&events), [("h".to_owned(), 3, 5, 1, Failure)]);
    assert_eq!(e.state().hero_tokens, 1);
    assert_eq!(refused(&mut e, reroll).rule.id, "hero_token");
}

#[test]
fn ds_core_x29_a_called_tests_roll_stands() {
    let mut e = stair(&[2, 3]);
    apply(&mut e, task("h", "Climb the collapsing stair"));
    let why = refused(
        &mut e,
        Command::SpendHeroToken {
            creature: "h".into(),
            benefit: TokenBenefit::Reroll,
        },
    );
    assert_eq!(
        why.reason,
        "the test for `Climb the collapsing stair` has played out; a called test's roll stands"
    );
}

#[test]
fn ds_core_x30_the_ai_makes_a_called_test_it_can_and_the_game_never_stalls() {
    use steelgrid_rules::ai;
    let mut e = stair(&[]);
    let mut made = Vec::new();
    for _ in 0..400 {
        let state = e.state();
        let Some(side) = ai::side_to_answer(&state) else {
            break;
        };
        let decision = ai::decide(&e, side).expect("the AI always has a move");
        let events = e
            .apply(decision.command)
            .expect("the AI only picks legal commands");
        made.extend(tests(&events).into_iter().map(|t| t.0));
    }
    assert!(e.outcome().is_some(), "the fight ends");
    // A hero in the stair makes the test when it has nothing better to do; the monster never.
    assert!(!made.is_empty(), "{made:?}");
    assert!(made.iter().all(|c| c == "h" || c == "g"), "{made:?}");
}

/// The problems `steelgrid check` reports for a stair scenario with `script`, as `line:col:
/// message`. One field a line, because the lines and columns are what the case checks.
fn problems(script: &str) -> Vec<String> {
    let src = format!(
        "Scenario(\n  name: \"Stair\",\n  map: (legend: {{'S': (zone: \"stair\")}}, rows: [\".S...\", \".....\"]),\n  creatures: [(id: \"h\", side: Heroes, stamina: 20, position: (0, 0)), (id: \"m\", side: Director, stamina: 5, position: (4, 1))],\n  script: [\n{script}\n  ],\n)"
    );
    let Err(found) = steelgrid_rules::scenario::load("stair.ron", &src) else {
        panic!("the scenario has errors");
    };
    found
        .iter()
        .map(|d| format!("{}:{}: {}", d.line, d.col, d.message))
        .collect()
}

#[test]
fn ds_core_x31_a_bad_call_for_a_test_is_reported_where_written() {
    let found = problems(
        r#"    (when: Round(1), then: [CallTest((task: "Climb", characteristic: Might, difficulty: Easy,
      zone: Some("stairs"),
      failure: [Narrate("x"), Spawn((id: "w", template: "wolf", position: (2, 1)))]))]),"#,
    );
    assert_eq!(found.len(), 2, "{found:#?}");
    assert_eq!(
        found[0],
        "7:13: CallTest: unknown zone `stairs`; zones in the map legend: stair"
    );
    assert!(
        found[1].starts_with("8:57: unknown template `wolf` for `w`"),
        "{found:#?}"
    );
    let found = problems(
        r#"    (when: Round(1), then: [CallTest((task: "Jump", characteristic: Agility, difficulty: Tricky))]),"#,
    );
    assert_eq!(found.len(), 1, "{found:#?}");
    assert!(found[0].starts_with("6:"), "{found:#?}");
}

/// How many maneuvers `events` spent.
fn maneuvers_used(events: &[LoggedEvent]) -> usize {
    find(events, |ev| {
        matches!(
            ev,
            Event::ActionUsed {
                action: ActionKind::Maneuver,
                ..
            }
        )
    })
    .len()
}
