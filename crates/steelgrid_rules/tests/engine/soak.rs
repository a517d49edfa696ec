//! Soak: every scenario in `scenarios/` played AI against AI over many seeds, each game to its
//! end (or twelve rounds), with no command the engine refuses and no panic, and its replay
//! written out, read back and verified checksum by checksum; and games saved and resumed
//! every few decisions, the resumed game playing on exactly as the one it came from.
//!
//! `STEELGRID_SOAK_SEEDS=N` sets the seeds per scenario: 3 by default for the replays (about
//! ninety games, what CI plays) and 1 for the saves; `STEELGRID_SOAK_SEEDS=345 cargo test
//! --release -p steelgrid_rules --test engine soak` plays about 10,000 games of each.

use steelgrid_rules::creature::Side;
use steelgrid_rules::record::{Game, Record};
use steelgrid_rules::{Engine, ai, scenario, sim};

use crate::common::scenario_files;

const ROUNDS: u32 = 12;

/// Seeds per scenario: `STEELGRID_SOAK_SEEDS`, or `default`.
fn soak_seeds(default: u64) -> u64 {
    std::env::var("STEELGRID_SOAK_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

#[test]
fn soak_every_scenario_plays_ai_against_ai_and_every_replay_verifies() {
    let seeds = soak_seeds(3);
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

/// Every scenario with every seed from 5 on, `seeds` of them.
fn every_game(files: &[(String, String)], seeds: u64) -> Vec<((&String, &String), u64)> {
    files
        .iter()
        .flat_map(|(f, t)| (5..5 + seeds).map(move |seed| ((f, t), seed)))
        .collect()
}

/// The AI's next decision in `engine`, both sides played by it.
fn next(engine: &Engine) -> Option<ai::Decision> {
    ai::next(engine, ai::Director::default())
}

/// The whole state as a save writes it, log and ability book included.
fn whole(engine: &Engine) -> String {
    serde_json::to_string(&engine.snapshot()).expect("the state serializes")
}

/// A saved game, loaded again, plays on exactly as the game it was saved from: at every
/// seventh decision of AI-against-AI games of every scenario, the game is saved (snapshot and
/// all, through the save file's text) and resumed, and the snapshot is also restored into a new
/// engine (as a what-if branch is); the three then go on side by side for five decisions — the
/// same decisions, weighed the same, the same events, checksums and log, and at the end the same
/// whole state. Resuming restores in place, into the engine the scenario's start made, and a new
/// engine builds its world afresh: either way the creatures sit in another order inside the
/// world than in the engine that played up to there, and this shows the rules never depend on it.
#[test]
fn soak_a_resumed_save_plays_on_exactly_as_the_game_it_was_saved_from() {
    const EVERY: usize = 7;
    const SIDE_BY_SIDE: usize = 5;
    let mut saves = 0;
    for ((file, text), seed) in every_game(&scenario_files(), soak_seeds(1)) {
        let mut game = Game::new(file, text, Some(seed)).expect("a valid scenario");
        let mut twins: Option<(Game, Engine)> = None;
        let mut compared = 0;
        for n in 0.. {
            if game.engine().turn().round > ROUNDS {
                break;
            }
            let at = format!("{file} seed {seed}, decision {n}");
            if n % EVERY == 0 {
                let save = Record::parse("soak.save.ron", &game.save().to_ron())
                    .expect("the save reads back");
                let resumed = save.resume().unwrap_or_else(|e| panic!("{at}: {e:?}"));
                let mut fresh = Engine::restore(game.engine().snapshot());
                fresh.set_bestiary(game.scenario().bestiary());
                twins = Some((resumed, fresh));
                saves += 1;
            }
            let decision = next(game.engine());
            if let Some((resumed, fresh)) = &twins {
                assert_eq!(decision, next(resumed.engine()), "{at}: resumed");
                assert_eq!(decision, next(fresh), "{at}: restored afresh");
            }
            let Some(decision) = decision else { break };
            let events = game.apply(decision.command.clone());
            assert!(events.is_ok(), "{at}: the AI's command is legal");
            if let Some((resumed, fresh)) = &mut twins {
                let (a, b) = (
                    resumed.apply(decision.command.clone()),
                    fresh.apply(decision.command),
                );
                assert_eq!(events, a, "{at}: events, resumed");
                assert_eq!(events, b, "{at}: events, restored afresh");
                let sum = game.engine().checksum();
                assert_eq!(sum, resumed.engine().checksum(), "{at}: resumed");
                assert_eq!(sum, fresh.checksum(), "{at}: restored afresh");
                assert_eq!(game.engine().log(), resumed.engine().log(), "{at}: resumed");
                assert_eq!(game.engine().log(), fresh.log(), "{at}: restored afresh");
                compared += 1;
            }
            if n % EVERY == SIDE_BY_SIDE - 1
                && let Some((resumed, fresh)) = twins.take()
            {
                let state = whole(game.engine());
                assert_eq!(state, whole(resumed.engine()), "{at}: whole state, resumed");
                assert_eq!(state, whole(&fresh), "{at}: whole state, restored afresh");
            }
        }
        assert!(compared > 0, "{file} seed {seed}: no decision compared");
    }
    eprintln!("resumed and compared {saves} saves");
}

/// A snapshot restored in place of another fight's state, into an engine that has played
/// another scenario for a while (other creatures, areas and storage), plays on as the same
/// snapshot restored into a new engine: each scenario's state after 30 AI decisions is put into
/// the engine of the next scenario (by file name) after 45, and the two play 10 decisions on.
#[test]
fn soak_a_snapshot_restored_in_place_of_another_fight_plays_on_as_in_a_new_engine() {
    let play = |(file, text): &(String, String), decisions: usize| {
        let scenario = scenario::load(file, text).expect("a valid scenario");
        let mut engine = scenario.start(Some(5));
        engine.set_bestiary(scenario.bestiary());
        for _ in 0..decisions {
            let Some(d) = next(&engine) else { break };
            engine.apply(d.command).expect("the AI's command is legal");
        }
        (engine, scenario)
    };
    let files = scenario_files();
    for (i, from) in files.iter().enumerate() {
        let into = &files[(i + 1) % files.len()];
        let (played, scenario) = play(from, 30);
        let snapshot = played.snapshot();
        let (mut reused, _) = play(into, 45);
        let mut fresh = Engine::restore(snapshot.clone());
        reused.restore_in_place(snapshot);
        reused.set_bestiary(scenario.bestiary());
        fresh.set_bestiary(scenario.bestiary());
        let at = format!("{} restored in place of {}", from.0, into.0);
        assert_eq!(whole(&reused), whole(&fresh), "{at}");
        for n in 0..10 {
            let decision = next(&reused);
            assert_eq!(decision, next(&fresh), "{at}: decision {n}");
            let Some(d) = decision else { break };
            let events = reused.apply(d.command.clone());
            assert_eq!(events, fresh.apply(d.command), "{at}: events of {n}");
        }
        assert_eq!(whole(&reused), whole(&fresh), "{at}: after 10 decisions");
    }
}
