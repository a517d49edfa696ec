//! Encounter objectives (seed 002 L4542-4625, L3133-3209; digest director §11-12, combat §27):
//! one success and one failure for each objective type, combined objectives, fleeing, and the
//! checks `steelgrid check` makes on objective parameters.

use crate::common;

use common::abilities::use_ability;
use common::{advance, apply, end, hero, monster, refused, start};
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent, Outcome};
use steelgrid_rules::grid::{Square, Terrain};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine, scenario};

// ---- Helpers ----------------------------------------------------------------------------------

/// Zones: `G` gate, `E` exit, `D` destination, `K` keep, `W` work site.
const ZONES: &str = "'G': (zone: \"gate\"), 'E': (zone: \"exit\"), 'D': (zone: \"dest\"), 'K': (zone: \"keep\"), 'W': (zone: \"work\")";

/// An encounter on `rows`, with the zones above beside the test legend (`g` a glass object).
fn arena(rows: &[&str]) -> Fight {
    Fight::on(rows).legend(ZONES)
}

/// The problems `steelgrid check` reports, as `line:col: message`. Written out by hand, one
/// field a line, because the lines and columns reported are what the case checks.
fn problems(rows: &[&str], fields: &str, creatures: &[String]) -> Vec<String> {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let src = format!(
        "Scenario(\n  name: \"Objectives\",\n  map: (legend: {{{ZONES}, 'g': (terrain: Object(material: Glass))}}, rows: [{}]),\n  {fields}\n  creatures: [{}],\n  dice: [7],\n)",
        rows.join(", "),
        creatures.join(", "),
    );
    match scenario::load("objectives.ron", &src) {
        Ok(_) => Vec::new(),
        Err(ps) => ps
            .iter()
            .map(|p| format!("{}:{}: {}", p.line, p.col, p.message))
            .collect(),
    }
}

/// A turn: start it, apply `commands`, end it; everything logged.
fn turn(e: &mut Engine, id: &str, commands: Vec<Command>) -> Vec<LoggedEvent> {
    let mut events = start(e, id);
    for c in commands {
        events.extend(apply(e, c));
    }
    if e.outcome().is_none() && e.turn().current.as_deref() == Some(id) {
        events.extend(end(e, id));
    }
    events
}

/// Every creature in `ids` takes an empty turn, in order.
fn idle(e: &mut Engine, ids: &[&str]) -> Vec<LoggedEvent> {
    ids.iter().flat_map(|id| turn(e, id, Vec::new())).collect()
}

fn kill(target: &str) -> Command {
    Command::EnvironmentDamage {
        target: target.into(),
        amount: 200,
        damage_type: None,
        halved: false,
    }
}

fn flee(id: &str) -> Command {
    Command::Flee {
        creature: id.into(),
    }
}

fn work(id: &str) -> Command {
    Command::WorkOnTask {
        creature: id.into(),
    }
}

/// The (index, rule) of every `ObjectiveMet`.
fn met(events: &[LoggedEvent]) -> Vec<(u32, String)> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::ObjectiveMet { index, .. } => Some((*index, ev.rule.id.to_owned())),
            _ => None,
        })
        .collect()
}

/// The (index, rule) of every `ObjectiveFailed`.
fn failed(events: &[LoggedEvent]) -> Vec<(u32, String)> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::ObjectiveFailed { index, .. } => Some((*index, ev.rule.id.to_owned())),
            _ => None,
        })
        .collect()
}

/// The encounter's end, with the rule that ended it.
fn ended(e: &Engine) -> Option<(Outcome, String)> {
    e.log().iter().find_map(|ev| match ev.event {
        Event::EncounterEnded { outcome } => Some((outcome, ev.rule.id.to_owned())),
        _ => None,
    })
}

/// The notes of every `ObjectiveProgress`, with its count and total.
fn progress(events: &[LoggedEvent]) -> Vec<(String, u32, u32)> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::ObjectiveProgress {
                note, count, of, ..
            } => Some((note.clone(), *count, *of)),
            _ => None,
        })
        .collect()
}

const OPEN: [&str; 6] = [
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
];

// ---- Diminish Numbers -------------------------------------------------------------------------

#[test]
fn diminish_numbers_is_won_when_no_enemy_stands_and_the_old_name_still_loads() {
    for written in ["DiminishNumbers", "DefeatAllEnemies"] {
        let mut e = arena(&OPEN)
            .objectives(written)
            .hero("h", at(0, 0))
            .monster("m1", at(5, 0))
            .stamina(20)
            .monster("m2", at(5, 2))
            .stamina(20)
            .start();
        let events = apply(&mut e, kill("m1"));
        assert!(met(&events).is_empty(), "m2 still stands");
        let events = apply(&mut e, kill("m2"));
        assert_eq!(
            met(&events),
            vec![(0, "objective.defeat_all_enemies".into())]
        );
        assert_eq!(
            ended(&e),
            Some((Outcome::Victory, "objective.defeat_all_enemies".into()))
        );
    }
}

#[test]
fn diminish_numbers_is_lost_when_every_hero_is_down() {
    let mut e = arena(&OPEN)
        .hero("h", at(0, 0))
        .monster("m1", at(5, 0))
        .stamina(20)
        .start();
    apply(&mut e, kill("h"));
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "encounter.defeat".into()))
    );
}

// ---- Defeat a Specific Foe --------------------------------------------------------------------

#[test]
fn defeat_a_specific_foe_is_won_when_it_falls_though_others_stand() {
    let mut e = arena(&OPEN)
        .objectives("DefeatSpecificFoe(creature: \"boss\")")
        .hero("h", at(0, 0))
        .monster("boss", at(5, 0))
        .stamina(20)
        .monster("minion", at(5, 2))
        .stamina(20)
        .start();
    apply(&mut e, kill("minion"));
    assert_eq!(e.outcome(), None);
    let events = apply(&mut e, kill("boss"));
    assert_eq!(
        met(&events),
        vec![(0, "objective.defeat_specific_foe".into())]
    );
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.defeat_specific_foe".into()))
    );
}

#[test]
fn defeat_a_specific_foe_fails_when_it_flees() {
    let rows = [
        "E.........",
        "E.........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = arena(&rows)
        .objectives("DefeatSpecificFoe(creature: \"boss\")")
        .hero("h", at(9, 5))
        .monster("boss", at(2, 0))
        .stamina(20)
        .start();
    turn(&mut e, "h", Vec::new());
    let events = turn(
        &mut e,
        "boss",
        vec![advance("boss", &[(1, 0), (0, 0)]), flee("boss")],
    );
    assert!(events.iter().any(|ev| matches!(
        &ev.event,
        Event::Fled { creature, side: Side::Director, zone } if creature == "boss" && zone == "exit"
    )));
    assert_eq!(
        failed(&events),
        vec![(0, "objective.defeat_specific_foe".into())]
    );
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "objective.defeat_specific_foe".into()))
    );
    assert!(
        e.state().creatures.iter().all(|c| c.id != "boss"),
        "it left the map"
    );
}

// ---- Get the Thing ----------------------------------------------------------------------------

const EXIT_WEST: [&str; 6] = [
    "E.........",
    "E.........",
    "E.........",
    "E.........",
    "E.........",
    "E.........",
];

#[test]
fn get_the_thing_dropped_by_its_carrier_taken_and_carried_to_the_exit() {
    let mut e = arena(&EXIT_WEST)
        .objectives("GetTheThing(item: \"the ledger\", carrier: \"thief\", exit: \"exit\")")
        .hero("h", at(3, 1))
        .monster("thief", at(6, 1))
        .stamina(20)
        .monster("guard", at(9, 5))
        .stamina(20)
        .start();
    let events = apply(&mut e, kill("thief"));
    assert_eq!(
        progress(&events),
        vec![("thief drops the ledger at (6, 1)".into(), 0, 1)]
    );
    let events = turn(&mut e, "h", vec![advance("h", &[(4, 1), (5, 1)])]);
    assert_eq!(progress(&events), vec![("h takes the ledger".into(), 1, 1)]);
    assert!(met(&events).is_empty(), "not out yet");
    turn(&mut e, "guard", Vec::new());
    let events = turn(
        &mut e,
        "h",
        vec![advance("h", &[(4, 1), (3, 1), (2, 1), (1, 1), (0, 1)])],
    );
    assert_eq!(met(&events), vec![(0, "objective.get_the_thing".into())]);
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.get_the_thing".into()))
    );
}

#[test]
fn get_the_thing_fails_when_an_enemy_carries_it_off() {
    let mut e = arena(&EXIT_WEST)
        .objectives("GetTheThing(carrier: \"thief\", exit: \"exit\")")
        .hero("h", at(9, 0))
        .monster("thief", at(3, 4))
        .stamina(20)
        .start();
    turn(&mut e, "h", Vec::new());
    let events = turn(
        &mut e,
        "thief",
        vec![advance("thief", &[(2, 4), (1, 4), (0, 4)]), flee("thief")],
    );
    assert_eq!(failed(&events), vec![(0, "objective.get_the_thing".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Defeat));
}

// ---- Destroy the Thing ------------------------------------------------------------------------

#[test]
fn destroy_the_thing_is_won_when_the_object_breaks_and_the_idol_is_dead() {
    let rows = [
        "..........",
        "..g.......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    // Iron Sweep (one creature or object): 5 + 5 + Might 2 = tier 2, 7 damage to the glass.
    let mut e = arena(&rows)
        .objectives("DestroyTheThing(squares: [(2, 1)], creatures: [\"idol\"])")
        .from_template("h", "vanguard", at(1, 1))
        .monster("idol", at(8, 4))
        .stamina(10)
        .speed(0)
        .free_strike(0)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let mut smash = use_ability("h", "iron_sweep", &[]);
    if let Command::UseAbility { objects, .. } = &mut smash {
        *objects = vec![Square::new(2, 1)];
    }
    let events = apply(&mut e, smash);
    assert!(
        events
            .iter()
            .any(|ev| matches!(ev.event, Event::ObjectDestroyed { .. }))
    );
    assert_eq!(e.map().terrain(Square::new(2, 1)), Some(Terrain::Floor));
    assert!(met(&events).is_empty(), "the idol still stands");
    let events = apply(&mut e, kill("idol"));
    assert_eq!(
        met(&events),
        vec![(0, "objective.destroy_the_thing".into())]
    );
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn destroy_the_thing_is_lost_when_the_heroes_fall_first() {
    let mut e = arena(&OPEN)
        .objectives("DestroyTheThing(creatures: [\"idol\"])")
        .hero("h", at(0, 0))
        .monster("idol", at(8, 4))
        .stamina(10)
        .speed(0)
        .free_strike(0)
        .start();
    apply(&mut e, kill("h"));
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "encounter.defeat".into()))
    );
}

// ---- Save Another -----------------------------------------------------------------------------

#[test]
fn save_another_is_won_when_half_the_wards_reach_the_exit() {
    let mut e = arena(&EXIT_WEST)
        .objectives("SaveAnother(wards: [\"ann\", \"bob\"], exit: \"exit\")")
        .hero("h", at(9, 0))
        .ally("ann", at(3, 2))
        .stamina(10)
        .ally("bob", at(3, 4))
        .stamina(10)
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    turn(&mut e, "h", Vec::new());
    turn(&mut e, "m", Vec::new());
    let events = turn(
        &mut e,
        "ann",
        vec![advance("ann", &[(2, 2), (1, 2), (0, 2)])],
    );
    assert_eq!(progress(&events), vec![("ann is rescued".into(), 1, 2)]);
    assert_eq!(met(&events), vec![(0, "objective.save_another".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn save_another_fails_when_more_than_half_the_wards_are_dead() {
    let mut e = arena(&EXIT_WEST)
        .objectives("SaveAnother(wards: [\"ann\", \"bob\"], exit: \"exit\")")
        .hero("h", at(9, 0))
        .ally("ann", at(3, 2))
        .stamina(10)
        .ally("bob", at(3, 4))
        .stamina(10)
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    let events = apply(&mut e, kill("ann"));
    assert!(failed(&events).is_empty(), "bob can still be saved");
    let events = apply(&mut e, kill("bob"));
    assert_eq!(failed(&events), vec![(0, "objective.save_another".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Defeat));
}

// ---- Escort -----------------------------------------------------------------------------------

const DEST_EAST: [&str; 6] = [
    ".........D",
    ".........D",
    "..........",
    "..........",
    "..........",
    "..........",
];

#[test]
fn escort_is_won_when_the_ward_reaches_its_destination() {
    let mut e = arena(&DEST_EAST)
        .objectives("Escort(ward: \"envoy\", destination: \"dest\")")
        .hero("h", at(0, 5))
        .ally("envoy", at(5, 0))
        .stamina(10)
        .monster("m", at(0, 3))
        .stamina(20)
        .start();
    turn(&mut e, "h", Vec::new());
    turn(&mut e, "m", Vec::new());
    let events = turn(
        &mut e,
        "envoy",
        vec![advance("envoy", &[(6, 0), (7, 0), (8, 0), (9, 0)])],
    );
    assert_eq!(met(&events), vec![(0, "objective.escort".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn escort_fails_when_the_ward_dies() {
    let mut e = arena(&DEST_EAST)
        .objectives("Escort(ward: \"envoy\", destination: \"dest\")")
        .hero("h", at(0, 5))
        .ally("envoy", at(5, 0))
        .stamina(10)
        .monster("m", at(0, 3))
        .stamina(20)
        .start();
    let events = apply(&mut e, kill("envoy"));
    assert_eq!(failed(&events), vec![(0, "objective.escort".into())]);
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "objective.escort".into()))
    );
}

// ---- Hold Them Off ----------------------------------------------------------------------------

/// The gate is column 4; the heroes hold the west, the raiders come from the east.
const GATE: [&str; 6] = [
    "....G.....",
    "....G.....",
    "....G.....",
    "....G.....",
    "..........",
    "..........",
];

fn hold_fight() -> Engine {
    arena(&GATE)
        .objectives("HoldThemOff(zone: \"gate\")")
        .hero("h1", at(0, 0))
        .hero("h2", at(0, 1))
        .hero("h3", at(0, 2))
        .hero("h4", at(0, 3))
        .monster("r1", at(6, 0))
        .stamina(20)
        .monster("r2", at(6, 1))
        .stamina(20)
        .monster("r3", at(6, 2))
        .stamina(20)
        .monster("r4", at(6, 3))
        .stamina(20)
        .start()
}

/// `id` runs from (6, y) through the gate to (3, y).
fn breach(id: &str, y: i32) -> Vec<Command> {
    vec![advance(id, &[(5, y), (4, y), (3, y)])]
}

#[test]
fn ds_dir_59_hold_them_off_three_of_four_breaching_is_a_success() {
    // 4 heroes, 3 rounds (the default): 3 enemies breach, fewer than the 4 heroes.
    let mut e = hold_fight();
    let mut log = Vec::new();
    for (h, r, y) in [
        ("h1", "r1", 0),
        ("h2", "r2", 1),
        ("h3", "r3", 2),
        ("h4", "r4", 3),
    ] {
        log.extend(turn(&mut e, h, Vec::new()));
        let plan = if y < 3 { breach(r, y) } else { Vec::new() };
        log.extend(turn(&mut e, r, plan));
    }
    assert_eq!(
        progress(&log),
        vec![
            ("r1 breaches the gate".into(), 1, 4),
            ("r2 breaches the gate".into(), 2, 4),
            ("r3 breaches the gate".into(), 3, 4),
        ],
        "passing through counts: each ends west of the gate"
    );
    for _ in 2..=3 {
        assert_eq!(e.outcome(), None);
        log.extend(idle(
            &mut e,
            &["h1", "r1", "h2", "r2", "h3", "r3", "h4", "r4"],
        ));
    }
    assert_eq!(met(&log), vec![(0, "objective.hold_them_off".into())]);
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.hold_them_off".into()))
    );
    assert_eq!(e.turn().round, 3, "won at the end of round 3");
}

#[test]
fn ds_dir_59_hold_them_off_four_of_four_breaching_is_a_failure() {
    let mut e = hold_fight();
    let mut log = Vec::new();
    for (h, r, y) in [
        ("h1", "r1", 0),
        ("h2", "r2", 1),
        ("h3", "r3", 2),
        ("h4", "r4", 3),
    ] {
        log.extend(turn(&mut e, h, Vec::new()));
        log.extend(turn(&mut e, r, breach(r, y)));
    }
    assert_eq!(failed(&log), vec![(0, "objective.hold_them_off".into())]);
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "objective.hold_them_off".into()))
    );
    assert_eq!(
        e.turn().round,
        1,
        "lost as soon as the fourth breaks through"
    );
}

#[test]
fn hold_them_off_progress_survives_a_snapshot_and_restore() {
    let mut e = hold_fight();
    turn(&mut e, "h1", Vec::new());
    turn(&mut e, "r1", breach("r1", 0));
    let mut resumed = Engine::restore(e.snapshot());
    assert_eq!(resumed.checksum(), e.checksum());
    for (h, r, y) in [("h2", "r2", 1), ("h3", "r3", 2), ("h4", "r4", 3)] {
        turn(&mut resumed, h, Vec::new());
        turn(&mut resumed, r, breach(r, y));
    }
    assert_eq!(
        resumed.outcome(),
        Some(Outcome::Defeat),
        "r1's breach was kept"
    );
}

// ---- Assault the Defenses ---------------------------------------------------------------------

const KEEP: [&str; 6] = [
    "KK........",
    "KK........",
    "..........",
    "..........",
    "..........",
    "..........",
];

#[test]
fn assault_the_defenses_is_won_after_the_rounds_held_with_no_enemy_inside() {
    let mut e = arena(&KEEP)
        .objectives("AssaultTheDefenses(zone: \"keep\", rounds: 2)")
        .hero("h", at(3, 0))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    let mut log = turn(&mut e, "h", vec![advance("h", &[(2, 0), (1, 0)])]);
    log.extend(idle(&mut e, &["m"]));
    assert_eq!(e.outcome(), None);
    log.extend(idle(&mut e, &["h", "m"]));
    assert_eq!(
        progress(&log),
        vec![
            (
                "the heroes hold the keep at the end of round 1".into(),
                1,
                2
            ),
            (
                "the heroes hold the keep at the end of round 2".into(),
                2,
                2
            ),
        ]
    );
    assert_eq!(
        met(&log),
        vec![(0, "objective.assault_the_defenses".into())]
    );
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn assault_the_defenses_is_not_held_while_an_enemy_is_inside() {
    // The default is 4 rounds (digest A-21); a defender inside resets the count.
    let mut e = arena(&KEEP)
        .objectives("AssaultTheDefenses(zone: \"keep\")")
        .hero("h", at(1, 0))
        .monster("m", at(1, 1))
        .stamina(20)
        .start();
    let mut log = Vec::new();
    for _ in 0..4 {
        log.extend(idle(&mut e, &["h", "m"]));
    }
    assert!(progress(&log).is_empty(), "never held");
    assert_eq!(e.outcome(), None);
    apply(&mut e, kill("h"));
    assert_eq!(e.outcome(), Some(Outcome::Defeat));
}

// ---- Stop the Action --------------------------------------------------------------------------

#[test]
fn stop_the_action_is_won_when_the_ringleader_falls_in_time() {
    let mut e = arena(&OPEN)
        .objectives("StopTheAction(foe: \"cultist\", rounds: 2)")
        .hero("h", at(0, 0))
        .monster("cultist", at(8, 4))
        .stamina(20)
        .monster("guard", at(8, 0))
        .stamina(20)
        .start();
    idle(&mut e, &["h", "cultist", "guard"]);
    let events = apply(&mut e, kill("cultist"));
    assert_eq!(met(&events), vec![(0, "objective.stop_the_action".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn stop_the_action_fails_when_the_time_runs_out() {
    let mut e = arena(&OPEN)
        .objectives("StopTheAction(foe: \"cultist\", rounds: 2)")
        .hero("h", at(0, 0))
        .monster("cultist", at(8, 4))
        .stamina(20)
        .start();
    idle(&mut e, &["h", "cultist"]);
    assert_eq!(e.outcome(), None);
    let events = idle(&mut e, &["h", "cultist"]);
    assert_eq!(
        failed(&events),
        vec![(0, "objective.stop_the_action".into())]
    );
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "objective.stop_the_action".into()))
    );
}

// ---- Complete the Action ----------------------------------------------------------------------

const WORKS: [&str; 6] = [
    "WW........",
    "WW........",
    "..........",
    "..........",
    "..........",
    "..........",
];

#[test]
fn complete_the_action_is_won_when_the_tasks_are_done_in_time() {
    let mut e = arena(&WORKS)
        .objectives("CompleteTheAction(zone: \"work\", tasks: 2, rounds: 2)")
        .hero("h1", at(0, 0))
        .hero("h2", at(5, 5))
        .monster("m", at(9, 3))
        .stamina(20)
        .start();
    // Out of the zone: refused.
    start(&mut e, "h1");
    end(&mut e, "h1");
    start(&mut e, "m");
    end(&mut e, "m");
    start(&mut e, "h2");
    assert_eq!(
        refused(&mut e, work("h2")).rule,
        "objective.complete_the_action"
    );
    end(&mut e, "h2");
    // Round 1 ended with nobody working: half of 2 heroes must. Start again with workers.
    assert_eq!(e.outcome(), Some(Outcome::Defeat));

    let mut e = arena(&WORKS)
        .objectives("CompleteTheAction(zone: \"work\", tasks: 2, rounds: 2)")
        .hero("h1", at(0, 0))
        .hero("h2", at(5, 5))
        .monster("m", at(9, 3))
        .stamina(20)
        .start();
    let mut log = turn(&mut e, "h1", vec![work("h1")]);
    log.extend(idle(&mut e, &["m", "h2"]));
    assert_eq!(e.outcome(), None);
    log.extend(turn(&mut e, "h1", vec![work("h1")]));
    assert_eq!(
        progress(&log),
        vec![
            ("h1 works on the task".into(), 1, 2),
            ("h1 works on the task".into(), 2, 2),
        ]
    );
    assert_eq!(met(&log), vec![(0, "objective.complete_the_action".into())]);
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn complete_the_action_fails_when_the_limit_passes() {
    // Without the half-the-heroes rule, one task a round is too slow for 3 tasks in 2 rounds.
    let mut e = arena(&WORKS)
        .objectives("CompleteTheAction(zone: \"work\", tasks: 3, rounds: 2, half_must_work: false)")
        .hero("h1", at(0, 0))
        .monster("m", at(9, 3))
        .stamina(20)
        .start();
    turn(&mut e, "h1", vec![work("h1")]);
    idle(&mut e, &["m"]);
    turn(&mut e, "h1", vec![work("h1")]);
    let events = idle(&mut e, &["m"]);
    assert_eq!(
        failed(&events),
        vec![(0, "objective.complete_the_action".into())]
    );
    assert_eq!(e.outcome(), Some(Outcome::Defeat));
}

// ---- Combined objectives, fleeing -------------------------------------------------------------

#[test]
fn combined_objectives_each_log_a_success_and_win_together() {
    let mut e = arena(&OPEN)
        .objectives(
            "DefeatSpecificFoe(creature: \"boss\"), StopTheAction(foe: \"cultist\", rounds: 3)",
        )
        .hero("h", at(0, 0))
        .monster("boss", at(8, 0))
        .stamina(20)
        .monster("cultist", at(8, 4))
        .stamina(20)
        .start();
    let first = apply(&mut e, kill("boss"));
    assert_eq!(
        met(&first),
        vec![(0, "objective.defeat_specific_foe".into())]
    );
    assert_eq!(e.outcome(), None, "one of two");
    let second = apply(&mut e, kill("cultist"));
    assert_eq!(met(&second), vec![(1, "objective.stop_the_action".into())]);
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.all_met".into()))
    );
}

#[test]
fn a_hero_who_flees_is_not_down_but_the_heroes_lose_when_none_is_left_to_fight() {
    let rows = [
        "E.........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = arena(&rows)
        .hero("runner", at(1, 0))
        .hero("stayer", at(3, 3))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    start(&mut e, "runner");
    assert_eq!(refused(&mut e, flee("runner")).rule, "encounter.flee");
    apply(&mut e, advance("runner", &[(0, 0)]));
    let events = apply(&mut e, flee("runner"));
    assert!(events.iter().any(|ev| matches!(
        &ev.event,
        Event::TurnEnded { creature } if creature == "runner"
    )));
    assert!(e.state().creatures.iter().all(|c| c.id != "runner"));
    // The stayer falls: not every hero is down (one fled), but none is left on the map.
    let events = apply(&mut e, kill("stayer"));
    assert!(failed(&events).is_empty());
    assert_eq!(
        ended(&e),
        Some((Outcome::Defeat, "encounter.heroes_fled".into()))
    );
}

#[test]
fn fleeing_needs_the_move_action_and_an_exit_zone_and_frees_the_turn_order() {
    let rows = [
        "E.........",
        "..........",
        "..........",
        "..........",
        "..........",
        ".........E",
    ];
    let mut e = arena(&rows)
        .hero("h", at(0, 0))
        .monster("m1", at(9, 5))
        .stamina(20)
        .monster("m2", at(9, 0))
        .stamina(20)
        .start();
    start(&mut e, "h");
    apply(&mut e, advance("h", &[(1, 0)]));
    assert_eq!(refused(&mut e, flee("h")).rule, "encounter.flee");
    end(&mut e, "h");
    // A Director creature that flees is gone: Diminish Numbers then needs only the other.
    let events = turn(&mut e, "m1", vec![flee("m1")]);
    assert!(
        events.iter().any(|ev| matches!(
            &ev.event,
            Event::NextToAct {
                side: Side::Director,
                back_to_back: true,
                ..
            }
        )),
        "m2 goes next, back to back"
    );
    assert_eq!(e.outcome(), None);
    apply(&mut e, kill("m2"));
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

// ---- Checks -----------------------------------------------------------------------------------

#[test]
fn objective_parameters_naming_unknown_creatures_or_zones_are_reported_where_written() {
    let found = problems(
        &GATE,
        "objectives: [\n    DefeatSpecificFoe(creature: \"bos\"),\n    HoldThemOff(zone: \"gates\", rounds: 0),\n    DestroyTheThing(squares: [(1, 1)]),\n    GetTheThing(exit: \"gate\"),\n  ],",
        &[hero("h", 0, 0), monster("boss", 8, 0)],
    );
    assert_eq!(
        found,
        vec![
            "5:33: Defeat a Specific Foe names unknown creature `bos`; known creatures: h, boss",
            "6:23: Hold Them Off names unknown zone `gates`; zones in the map legend: gate",
            "6:40: Hold Them Off needs at least 1 round",
            "7:30: Destroy the Thing: there is no object at (1, 1)",
            "8:5: Get the Thing needs exactly one of `carrier` (who holds it) and `at` (where it lies)",
        ]
    );
}

// ---- The AI plays for the objective -----------------------------------------------------------

#[test]
fn the_ai_hero_takes_the_thing_and_carries_it_out() {
    let mut e = arena(&EXIT_WEST)
        .objectives("GetTheThing(item: \"the ledger\", at: (6, 1), exit: \"exit\")")
        .hero("h", at(3, 1))
        .monster("guard", at(9, 5))
        .stamina(20)
        .start();
    let run = steelgrid_rules::sim::run_ai(&mut e, &[Side::Heroes, Side::Director], Some(6));
    assert!(run.refused.is_none());
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.get_the_thing".into()))
    );
    assert_eq!(e.state().objectives[0].name, "Get the Thing");
}

#[test]
fn the_ai_heroes_go_to_the_work_site_and_work() {
    let mut e = arena(&WORKS)
        .objectives("CompleteTheAction(zone: \"work\", tasks: 2, rounds: 2)")
        .hero("h1", at(3, 2))
        .hero("h2", at(4, 3))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    let run = steelgrid_rules::sim::run_ai(&mut e, &[Side::Heroes, Side::Director], Some(3));
    assert!(run.refused.is_none());
    assert_eq!(
        ended(&e),
        Some((Outcome::Victory, "objective.complete_the_action".into()))
    );
}
