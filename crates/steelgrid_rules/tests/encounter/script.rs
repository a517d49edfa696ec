//! Scripted scenario events: each trigger (a round, entering a zone, a death, a met objective)
//! and each action (reinforcements, narration, new terrain, an event ending), each firing once,
//! kept across a snapshot, and checked where written.

use crate::common;

use common::{advance, apply, end, hero, monster, start};
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent, Outcome};
use steelgrid_rules::grid::{Square, Terrain};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine, scenario};

// ---- Helpers ----------------------------------------------------------------------------------

const ROWS: [&str; 6] = [
    "..........",
    "..........",
    ".....GG...",
    ".....GG...",
    "..........",
    "..........",
];

/// `G`, the gate zone.
const GATE: &str = "'G': (zone: \"gate\")";

/// An encounter on [`ROWS`], with the gate beside the test legend.
fn arena() -> Fight {
    Fight::on(&ROWS).legend(GATE)
}

/// The problems `steelgrid check` reports, as `line:col: message`. Written out by hand, one
/// field a line, because the lines and columns reported are what the case checks.
fn problems(fields: &str, creatures: &[String]) -> Vec<String> {
    let rows: Vec<String> = ROWS.iter().map(|r| format!("\"{r}\"")).collect();
    let src = format!(
        "Scenario(\n  name: \"Script\",\n  map: (legend: {{{GATE}}}, rows: [{}]),\n  {fields}\n  creatures: [{}],\n  dice: [7],\n)",
        rows.join(", "),
        creatures.join(", ")
    );
    match scenario::load("script.ron", &src) {
        Ok(_) => Vec::new(),
        Err(ps) => ps
            .iter()
            .map(|p| format!("{}:{}: {}", p.line, p.col, p.message))
            .collect(),
    }
}

fn idle(e: &mut Engine, ids: &[&str]) -> Vec<LoggedEvent> {
    let mut events = Vec::new();
    for id in ids {
        events.extend(start(e, id));
        events.extend(end(e, id));
    }
    events
}

fn kill(target: &str) -> Command {
    Command::EnvironmentDamage {
        target: target.into(),
        amount: 200,
        damage_type: None,
        halved: false,
    }
}

/// The index of each `ScriptFired`.
fn fired(events: &[LoggedEvent]) -> Vec<u32> {
    events
        .iter()
        .filter_map(|ev| match ev.event {
            Event::ScriptFired { index, .. } => Some(index),
            _ => None,
        })
        .collect()
}

fn narrated(events: &[LoggedEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::Narrated { text } => Some(text.clone()),
            _ => None,
        })
        .collect()
}

fn spawned(events: &[LoggedEvent]) -> Vec<(String, Square)> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::Spawned { creature, at, .. } => Some((creature.clone(), *at)),
            _ => None,
        })
        .collect()
}

const REINFORCEMENTS: &str = "(when: Round(2), then: [Narrate(\"Horns sound.\"), Spawn((id: \"cutter\", template: \"bramble_cutter\", position: (8, 2)))])";

// ---- Triggers and actions ---------------------------------------------------------------------

#[test]
fn round_trigger_brings_in_a_templated_reinforcement_as_the_round_begins() {
    let mut e = arena()
        .script(REINFORCEMENTS)
        .hero("h", at(0, 0))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    let round_one = idle(&mut e, &["h"]);
    assert!(fired(&round_one).is_empty());
    let events = idle(&mut e, &["m"]);
    let started = events
        .iter()
        .position(|ev| matches!(ev.event, Event::RoundStarted { round: 2 }))
        .expect("round 2 starts");
    let fired_at = events
        .iter()
        .position(|ev| matches!(ev.event, Event::ScriptFired { index: 0, .. }))
        .expect("the script fires");
    assert!(fired_at > started, "as round 2 begins");
    assert_eq!(events[fired_at].rule, "scenario.script");
    assert_eq!(narrated(&events), vec!["Horns sound.".to_owned()]);
    assert_eq!(
        spawned(&events),
        vec![("cutter".to_owned(), Square::new(8, 2))]
    );
    // Resolved from the library template like any scenario creature: it fights this round.
    let cutter = common::creature(&e, "cutter");
    assert_eq!(
        (cutter.side, cutter.stamina.max, cutter.speed),
        (Side::Director, 15, 6)
    );
    assert_eq!(cutter.abilities[0].id, "thorn_slash");
    idle(&mut e, &["h", "m", "cutter"]);
    // It fires once.
    let later = idle(&mut e, &["h", "m", "cutter"]);
    assert!(fired(&later).is_empty());
}

#[test]
fn a_reinforcement_whose_square_is_taken_arrives_at_the_nearest_open_one() {
    let mut e = arena()
        .script(REINFORCEMENTS)
        .hero("h", at(0, 0))
        .monster("m", at(8, 2))
        .stamina(20)
        .start();
    let events = idle(&mut e, &["h", "m"]);
    assert_eq!(
        spawned(&events),
        vec![("cutter".to_owned(), Square::new(7, 1))],
        "the first open square of the ring around (8, 2), row by row"
    );
}

#[test]
fn entering_a_zone_changes_the_terrain_once() {
    let mut e = arena().script("(when: Enters(Heroes, \"gate\"), then: [SetTerrain([(9, 0), (9, 1)], Wall)]), (when: Enters(Creature(\"m\"), \"gate\"), then: [Narrate(\"m crosses the gate\")])").hero("h", at(3, 2)).monster("m", at(9, 4)).stamina(20).start();
    start(&mut e, "h");
    let events = apply(&mut e, advance("h", &[(4, 2), (5, 2)]));
    assert_eq!(fired(&events), vec![0]);
    assert!(events.iter().any(|ev| matches!(
        &ev.event,
        Event::TerrainChanged { squares, terrain: Terrain::Wall } if squares.len() == 2
    )));
    assert_eq!(e.map().terrain(Square::new(9, 1)), Some(Terrain::Wall));
    let events = end(&mut e, "h");
    assert!(
        fired(&events).is_empty(),
        "once only, though h is still in the gate"
    );
    // m walks straight through the gate without stopping in it: that is entering too.
    start(&mut e, "m");
    let events = apply(
        &mut e,
        advance("m", &[(8, 3), (7, 3), (6, 3), (5, 3), (4, 3)]),
    );
    assert_eq!(fired(&events), vec![1]);
    assert_eq!(narrated(&events), vec!["m crosses the gate".to_owned()]);
}

#[test]
fn a_death_can_end_the_battle_with_an_event_ending() {
    let mut e = arena().script("(when: Dies(\"warlord\"), then: [Narrate(\"The horde scatters.\"), EndBattle(Victory)])").hero("h", at(0, 0)).monster("warlord", at(9, 5)).stamina(20).monster("grunt", at(9, 0)).stamina(20).start();
    let events = apply(&mut e, kill("warlord"));
    assert_eq!(narrated(&events), vec!["The horde scatters.".to_owned()]);
    let ending = events
        .iter()
        .find(|ev| matches!(ev.event, Event::EncounterEnded { .. }))
        .expect("the battle ends");
    assert_eq!(ending.rule, "scenario.script");
    assert!(matches!(
        ending.event,
        Event::EncounterEnded {
            outcome: Outcome::Victory
        }
    ));
    assert_eq!(
        e.outcome(),
        Some(Outcome::Victory),
        "the grunt still stands"
    );
}

#[test]
fn a_met_objective_can_trigger_what_comes_next() {
    let mut e = arena().objectives("DefeatSpecificFoe(creature: \"gatekeeper\"), DefeatSpecificFoe(creature: \"second\")").script("(when: ObjectiveMet(0), then: [Spawn((id: \"second\", side: Director, stamina: 10, position: (9, 0)))])").hero("h", at(0, 0)).monster("gatekeeper", at(9, 5)).stamina(20).start();
    let events = apply(&mut e, kill("gatekeeper"));
    let met = events
        .iter()
        .position(|ev| matches!(ev.event, Event::ObjectiveMet { index: 0, .. }))
        .expect("met");
    let fired_at = events
        .iter()
        .position(|ev| matches!(ev.event, Event::ScriptFired { .. }))
        .expect("fired");
    assert!(fired_at > met);
    assert_eq!(
        spawned(&events),
        vec![("second".to_owned(), Square::new(9, 0))]
    );
    assert_eq!(
        e.outcome(),
        None,
        "the second objective waits for its creature"
    );
    apply(&mut e, kill("second"));
    assert_eq!(e.outcome(), Some(Outcome::Victory));
}

#[test]
fn a_scripted_defeat_on_a_round() {
    let mut e = arena()
        .script("(when: Round(2), then: [EndBattle(Defeat)])")
        .hero("h", at(0, 0))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    idle(&mut e, &["h", "m"]);
    assert_eq!(e.outcome(), Some(Outcome::Defeat));
}

#[test]
fn fired_scripts_stay_fired_after_a_snapshot_and_restore() {
    let mut e = arena()
        .script(REINFORCEMENTS)
        .hero("h", at(0, 0))
        .monster("m", at(9, 5))
        .stamina(20)
        .start();
    idle(&mut e, &["h", "m"]);
    let snap = e.snapshot();
    assert_eq!(snap.script.fired, vec![true]);
    let json = serde_json::to_string(&snap).expect("serializes");
    let mut resumed = Engine::restore(serde_json::from_str(&json).expect("deserializes"));
    assert_eq!(resumed.checksum(), e.checksum());
    let events = idle(&mut resumed, &["h", "m", "cutter", "h", "m", "cutter"]);
    assert!(fired(&events).is_empty());
    assert!(spawned(&events).is_empty());
}

// ---- Checks -----------------------------------------------------------------------------------

#[test]
fn script_problems_are_reported_where_written() {
    let found = problems(
        "objectives: [DiminishNumbers],\n  script: [\n    (when: Enters(Heroes, \"gates\"), then: [Narrate(\"x\")]),\n    (when: Round(2), then: [Spawn((id: \"w\", template: \"wolf\", position: (1, 1)))]),\n    (when: Round(2), then: [Spawn((id: \"h\", side: Director, stamina: 5, position: (1, 1)))]),\n    (when: ObjectiveMet(3), then: [Narrate(\"x\")]),\n    (when: Dies(\"nobody\"), then: [SetTerrain([(40, 1)], Wall)]),\n  ],",
        &[hero("h", 0, 0), monster("m", 9, 5)],
    );
    assert!(
        found[0]
            .starts_with("7:55: unknown template `wolf` for `w`; known templates: anvil_guard,"),
        "{}",
        found[0]
    );
    assert_eq!(
        found[1..],
        vec![
            "8:40: duplicate creature id `h`: a scripted creature needs an id of its own"
                .to_owned(),
            "10:35: SetTerrain: (40, 1) is off the map, which is 10 wide and 6 high".to_owned(),
            "6:12: the trigger names unknown zone `gates`; zones in the map legend: gate"
                .to_owned(),
            "9:12: ObjectiveMet(3): the scenario has 1 objective(s), numbered from 0".to_owned(),
            "10:12: the trigger names unknown creature `nobody`; known creatures: h, m".to_owned(),
        ]
    );
}
