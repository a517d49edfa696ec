//! The AI plays whole encounters: every command it proposes is legal, every game ends, and the
//! same seed gives the same game.

use steelgrid_rules::creature::Side;
use steelgrid_rules::{scenario, sim};

const SCENARIO: &str = include_str!("../../../../scenarios/mill_ambush.ron");

#[test]
fn ai_vs_ai_games_end_with_only_legal_commands() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    let mut outcomes = Vec::new();
    for seed in 0..8 {
        let mut engine = scenario.start(Some(seed));
        let run = sim::run_ai(&mut engine, &[Side::Heroes, Side::Director], Some(40));
        assert!(run.refused.is_none(), "seed {seed}: {:?}", run.refused);
        let state = engine.state();
        assert_ne!(state.status, "in_progress", "seed {seed} did not finish");
        outcomes.push((state.status, state.round, run.decisions.len()));
    }
    // The same seed, the same game.
    let mut again = scenario.start(Some(3));
    let run = sim::run_ai(&mut again, &[Side::Heroes, Side::Director], Some(40));
    let state = again.state();
    assert_eq!(
        (state.status, state.round, run.decisions.len()),
        outcomes[3]
    );
}

#[test]
fn the_ai_only_plays_its_own_seats() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    // Seed 7: the heroes' players choose who goes first; an AI Director waits for them.
    let mut engine = scenario.start(Some(7));
    let run = sim::run_ai(&mut engine, &[Side::Director], None);
    assert!(run.decisions.is_empty());
    assert_eq!(
        engine.state().awaiting_first_side_choice,
        Some(Side::Heroes)
    );
}
