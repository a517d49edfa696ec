//! A command file played against the default scenario, checked the way a player would: who
//! stands where, who has how much Stamina, and what the log says happened.

use steelgrid_rules::grid::Square;
use steelgrid_rules::{scenario, sim};

const SCENARIO: &str = include_str!("../../../../scenarios/mill_ambush.ron");
const OPENING: &str = include_str!("../../../../tests/commands/mill_opening.ron");

#[test]
fn the_mill_opening_plays_out() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    let commands = sim::parse_commands("mill_opening.ron", OPENING).unwrap();
    let mut engine = scenario.start(None);
    assert_eq!(
        sim::run(&mut engine, &commands, None),
        None,
        "every command is legal"
    );
    let state = engine.state();
    let find = |id: &str| state.creatures.iter().find(|c| c.id == id).unwrap();
    assert_eq!(find("brann").position, Square::new(6, 4));
    assert_eq!(find("tessa").position, Square::new(8, 4));
    assert_eq!(find("cutter2").position, Square::new(7, 5));
    // The cutter's fixed free strike: 2 damage to Brann (30 → 28).
    assert_eq!(find("brann").stamina.current, 28);
    // Tessa's scripted 8 + 7 = 15, + Agility 2 = 17 → tier 3: 7 + 2 = 9 damage (15 → 6, winded).
    assert_eq!(find("cutter2").stamina.current, 6);
    assert!(find("cutter2").winded);
    assert_eq!(state.round, 1);
    assert_eq!(
        state.acting_side,
        Some(steelgrid_rules::creature::Side::Director)
    );
    let rules: Vec<&str> = engine.log().iter().map(|e| e.rule.id).collect();
    assert!(rules.contains(&"stamina.winded"));
    assert!(rules.contains(&"movement.advance"));
}

#[test]
fn a_refused_command_is_reported_where_it_was_written() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    let text = "[\n    ChooseFirstSide(side: Heroes),\n    StartTurn(creature: \"ogre\"),\n]";
    let commands = sim::parse_commands("bad.ron", text).unwrap();
    let mut engine = scenario.start(None);
    let refusal =
        sim::run(&mut engine, &commands, None).expect("the ogre can't go on the heroes' pick");
    assert_eq!((refusal.index, refusal.line, refusal.col), (1, 3, 5));
    assert_eq!(refusal.error.rule, "turn.order");
}

#[test]
fn a_malformed_command_file_names_line_and_column() {
    let err = sim::parse_commands(
        "bad.ron",
        "[\n  StartTurn(creature: \"a\"),\n  Jump(creature: \"a\"),\n]",
    )
    .unwrap_err();
    assert_eq!((err.line, err.col), (3, 3));
    assert!(err.message.contains("Jump"), "{}", err.message);
}
