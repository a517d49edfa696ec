//! Between fights, as commands: Victories for a fight won, the Director's award, the respite
//! that turns them into experience, and montage tests (seed 002 L815-867, L2319-2409).

use crate::common;

use common::*;
use steelgrid_rules::Engine;
use steelgrid_rules::creature::Characteristic;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::power_roll::test_roll::{Difficulty, MontageOutcome};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, StateView};

/// Three heroes, one of them already dead, and a foe with 1 Stamina left; the first hero is
/// down to 10 of its 30 Stamina and has 2 Victories from before.
fn last_foe() -> Engine {
    Fight::new()
        .hero("tala", at(1, 1))
        .current_stamina(10)
        .victories(2)
        .recoveries(8)
        .hero("oskar", at(1, 3))
        .hero("fell", at(1, 5))
        .current_stamina(-40)
        .monster("m", at(6, 3))
        .current_stamina(1)
        .start()
}

/// The Director drops the last foe: the heroes win.
fn win(e: &mut Engine) -> Vec<LoggedEvent> {
    apply(
        e,
        Command::EnvironmentDamage {
            target: "m".into(),
            amount: 5,
            damage_type: None,
            halved: false,
        },
    )
}

fn victories(events: &[LoggedEvent]) -> Vec<(String, i32, u32)> {
    pick(events, |ev| match &ev.event {
        Event::VictoriesGained {
            creature,
            amount,
            now,
            ..
        } => Some((creature.clone(), *amount, *now)),
        _ => None,
    })
}

/// Each `MontageEnded` as (outcome, Victories each hero gains).
fn montage_ended(events: &[LoggedEvent]) -> Vec<(MontageOutcome, u32)> {
    pick(events, |ev| match &ev.event {
        Event::MontageEnded {
            outcome, victories, ..
        } => Some((*outcome, *victories)),
        _ => None,
    })
}

fn hero_view(state: &StateView, id: &str) -> (Option<u32>, Option<u32>, Option<u32>, i32) {
    let c = state.creatures.iter().find(|c| c.id == id).expect("a hero");
    (c.victories, c.xp, c.recoveries, c.stamina.current)
}

fn test(creature: &str, skill: Option<&str>, difficulty: Difficulty) -> Command {
    Command::MontageTest {
        creature: creature.into(),
        characteristic: Characteristic::Might,
        difficulty,
        skill: skill.map(str::to_owned),
    }
}

fn dice(e: &mut Engine, faces: &[u32]) {
    apply(
        e,
        Command::ScriptDice {
            faces: faces.to_vec(),
        },
    );
}

#[test]
fn ds_core_x33_each_hero_who_survives_a_fight_won_gains_a_victory() {
    let mut e = last_foe();
    let events = win(&mut e);
    assert!(
        find(&events, |ev| matches!(ev, Event::EncounterEnded { .. })).len() == 1,
        "{:?}",
        logged(&events)
    );
    // seed 002 L815-817: the dead hero gains none.
    assert_eq!(
        victories(&events),
        vec![("tala".to_owned(), 1, 3), ("oskar".to_owned(), 1, 1)]
    );
    assert!(events.iter().any(|ev| ev.rule == "victories"));
}

#[test]
fn ds_core_x34_the_director_awards_victories_once_the_fight_is_over() {
    let mut e = last_foe();
    let award = Command::AwardVictories {
        heroes: vec!["oskar".into()],
        amount: 2,
    };
    let err = refused(&mut e, award.clone());
    assert_eq!(err.rule, "between_fights");
    win(&mut e);
    let events = apply(&mut e, award);
    assert_eq!(victories(&events), vec![("oskar".to_owned(), 2, 3)]);
    // Taken back, never below 0.
    let events = apply(
        &mut e,
        Command::AwardVictories {
            heroes: vec!["oskar".into()],
            amount: -5,
        },
    );
    assert_eq!(victories(&events), vec![("oskar".to_owned(), -3, 0)]);
    let err = refused(
        &mut e,
        Command::AwardVictories {
            heroes: vec!["m".into()],
            amount: 1,
        },
    );
    assert_eq!(err.reason, "there is no hero `m`");
}

#[test]
fn ds_core_x35_a_respite_restores_the_heroes_and_turns_victories_into_xp() {
    let mut e = last_foe();
    assert_eq!(
        refused(&mut e, Command::Respite { hours: 24 }).rule,
        "between_fights"
    );
    win(&mut e);
    // Interrupted after 8 hours: nothing (seed 002 L865; DS-CORE-82).
    let events = apply(&mut e, Command::Respite { hours: 8 });
    assert_eq!(
        pick(&events, |ev| match &ev.event {
            Event::RespiteCutShort { hours } => Some(*hours),
            _ => None,
        }),
        vec![8]
    );
    assert_eq!(hero_view(&e.state(), "tala"), (Some(3), None, Some(8), 10));
    // A whole day: all Stamina back, and the 3 Victories become 3 XP.
    let events = apply(&mut e, Command::Respite { hours: 24 });
    let rested: Vec<(String, i32, u32, u32)> = pick(&events, |ev| match &ev.event {
        Event::RespiteFinished {
            creature,
            stamina,
            xp,
            xp_total,
            ..
        } => Some((creature.clone(), *stamina, *xp, *xp_total)),
        _ => None,
    });
    assert_eq!(
        rested,
        vec![("tala".to_owned(), 20, 3, 3), ("oskar".to_owned(), 0, 1, 1)]
    );
    assert_eq!(hero_view(&e.state(), "tala"), (None, Some(3), Some(8), 30));
}

#[test]
fn ds_core_x36_a_montage_of_two_heroes_ends_in_total_success_at_its_limit() {
    // Two heroes fit to act (the third is dead), Easy: 5/5 less 3 each, never below 2: 2/2
    // (seed 002 L2383-2386; DS-CORE-74).
    let mut e = last_foe();
    let start = Command::StartMontage {
        task: "Get the wounded out of the mill".into(),
        difficulty: Difficulty::Easy,
        rounds: 2,
    };
    assert_eq!(refused(&mut e, start.clone()).rule, "between_fights");
    win(&mut e);
    let events = apply(&mut e, start);
    assert_eq!(
        pick(&events, |ev| match &ev.event {
            Event::MontageStarted {
                successes,
                failures,
                rounds,
                ..
            } => Some((*successes, *failures, *rounds)),
            _ => None,
        }),
        vec![(2, 2, 2)]
    );
    // A dead hero takes no turn; nor does anyone twice in a round.
    assert_eq!(
        refused(&mut e, test("fell", None, Difficulty::Easy)).reason,
        "fell can't take a turn in the montage"
    );
    dice(&mut e, &[5, 4]);
    let events = apply(&mut e, test("tala", Some("Lift"), Difficulty::Medium));
    // 9 + Might 2 + 2 skill = 13, tier 2 on a Medium test: a success with a consequence.
    assert_eq!(
        pick(&events, |ev| match &ev.event {
            Event::MontageProgress {
                round,
                successes,
                failures,
                ..
            } => Some((*round, *successes, *failures)),
            _ => None,
        }),
        vec![(1, 1, 0)]
    );
    assert_eq!(
        refused(&mut e, test("tala", None, Difficulty::Easy)).reason,
        "tala has had its turn in round 1; the others go first"
    );
    // Oskar does nothing: the round ends, round 2 begins.
    apply(
        &mut e,
        Command::MontagePass {
            creature: "oskar".into(),
        },
    );
    // A skill once per montage (seed 002 L2349).
    let err = refused(&mut e, test("tala", Some("Lift"), Difficulty::Easy));
    assert_eq!(
        (err.rule.id, err.reason.as_str()),
        (
            "montage.skill",
            "tala has used Lift in this montage already"
        )
    );
    dice(&mut e, &[9, 9]);
    let events = apply(&mut e, test("tala", Some("Climb"), Difficulty::Hard));
    let ended = montage_ended(&events);
    assert_eq!(ended, vec![(MontageOutcome::TotalSuccess, 1)]);
    assert_eq!(
        victories(&events),
        vec![("tala".to_owned(), 1, 4), ("oskar".to_owned(), 1, 2)]
    );
    assert_eq!(
        refused(&mut e, test("oskar", None, Difficulty::Easy)).reason,
        "no montage test is under way: StartMontage first"
    );
}

#[test]
fn ds_core_x37_a_montage_out_of_rounds_is_a_partial_success_with_two_more_successes() {
    // Medium for two heroes: 6/4 less 3 each: 3/2 (failures never below 2). One round only.
    let mut e = last_foe();
    win(&mut e);
    apply(
        &mut e,
        Command::StartMontage {
            task: "Follow the goblins' trail".into(),
            difficulty: Difficulty::Medium,
            rounds: 1,
        },
    );
    dice(&mut e, &[9, 9, 9, 9]);
    apply(&mut e, test("tala", None, Difficulty::Easy));
    let events = apply(&mut e, test("oskar", None, Difficulty::Easy));
    // 2 successes, 0 failures when the round runs out: partial, 1 Victory at Medium (L2401-2405).
    let ended = montage_ended(&events);
    assert_eq!(ended, vec![(MontageOutcome::PartialSuccess, 1)]);
    assert_eq!(
        MontageOutcome::PartialSuccess.victories(Difficulty::Easy),
        0
    );
    assert_eq!(MontageOutcome::TotalSuccess.victories(Difficulty::Hard), 2);
}
