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
use steelgrid_rules::{ai, sim};

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

/// A saved game, loaded again, plays on exactly as the game it was saved from: at every
/// seventh decision of AI-against-AI games of every scenario, the game is saved (snapshot and
/// all, through the save file's text) and resumed, and the two then go on side by side for five
/// decisions — the same decisions, weighed the same, the same checksums and the same log.
/// A restored engine builds its world afresh, so its creatures sit in another order inside it
/// than in the engine that played up to there: this is what shows the rules never depend on it.
#[test]
fn soak_a_resumed_save_plays_on_exactly_as_the_game_it_was_saved_from() {
    const EVERY: usize = 7;
    const SIDE_BY_SIDE: usize = 5;
    let sides = [Side::Heroes, Side::Director];
    let next = |game: &Game| ai::next_of(game.engine(), &sides, ai::Director::default());
    let mut checked = 0;
    for ((file, text), seed) in every_game(&scenario_files(), soak_seeds(1)) {
        let mut game = Game::new(file, text, Some(seed)).expect("a valid scenario");
        let mut resumed: Option<Game> = None;
        for n in 0.. {
            if game.engine().turn().round > ROUNDS {
                break;
            }
            if n % EVERY == 0 {
                let save = Record::parse("soak.save.ron", &game.save().to_ron())
                    .expect("the save reads back");
                let at = save.resume();
                resumed =
                    Some(at.unwrap_or_else(|e| panic!("{file} seed {seed} decision {n}: {e:?}")));
                checked += 1;
            }
            let decision = next(&game);
            if let Some(twin) = resumed.as_mut() {
                assert_eq!(decision, next(twin), "{file} seed {seed}: decision {n}");
            }
            let Some(decision) = decision else { break };
            let events = game.apply(decision.command.clone());
            assert!(
                events.is_ok(),
                "{file} seed {seed}: the AI's command at {n} is legal"
            );
            if let Some(twin) = resumed.as_mut() {
                assert_eq!(
                    events,
                    twin.apply(decision.command),
                    "{file} seed {seed}: events of {n}"
                );
                assert_eq!(
                    game.checksum(),
                    twin.checksum(),
                    "{file} seed {seed}: after {n}"
                );
                assert_eq!(
                    game.engine().log(),
                    twin.engine().log(),
                    "{file} seed {seed}: log at {n}"
                );
            }
            if n % EVERY == SIDE_BY_SIDE - 1 {
                resumed = None;
            }
        }
    }
    eprintln!("resumed and compared {checked} saves");
    assert!(checked > 50, "only {checked} saves were compared");
}
