//! Soak: every scenario in `scenarios/` played AI against AI over many seeds, each game to its
//! end (or twelve rounds), with no command the engine refuses and no panic, and its replay
//! written out, read back and verified checksum by checksum.
//!
//! `STEELGRID_SOAK_SEEDS=N` sets the seeds per scenario: 3 by default (about ninety games, what
//! CI plays); `STEELGRID_SOAK_SEEDS=345 cargo test --release -p steelgrid_rules --test engine
//! soak` plays 10,000.

use steelgrid_rules::creature::Side;
use steelgrid_rules::record::{Game, Record};
use steelgrid_rules::sim;

use crate::common::scenario_files;

const ROUNDS: u32 = 12;

#[test]
fn soak_every_scenario_plays_ai_against_ai_and_every_replay_verifies() {
    let seeds: u64 = std::env::var("STEELGRID_SOAK_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    let files = scenario_files();
    let mut games = 0;
    for (file, text) in &files {
        for seed in 1..=seeds {
            let mut game = Game::new(file, text, Some(seed)).expect("a valid scenario");
            let run = sim::run_ai(&mut game, &[Side::Heroes, Side::Director], Some(ROUNDS));
            assert!(
                run.refused.is_none(),
                "{file} seed {seed}: the engine refused the AI's {:?}",
                run.refused
            );
            let state = game.engine().state();
            assert!(
                state.status != "in_progress" || state.round > ROUNDS,
                "{file} seed {seed}: the AI stopped in round {} with the fight on",
                state.round
            );
            let replay = Record::parse("soak.replay.ron", &game.replay().to_ron())
                .expect("the replay reads back");
            let again = replay
                .verify()
                .unwrap_or_else(|e| panic!("{file} seed {seed}: {e:?}"));
            assert_eq!(again.engine().checksum(), game.engine().checksum());
            games += 1;
        }
    }
    eprintln!("soak: {games} games over {} scenarios", files.len());
    assert_eq!(games as u64, seeds * files.len() as u64);
}
