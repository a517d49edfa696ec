//! The Miniatures content: every card in the library is sound, every built-in scenario loads
//! and its demonstration is accepted, and every scenario plays to its end with the AI on both
//! sides with no refused command and a replay that verifies. `STEELGRID_SOAK_SEEDS=N` sets the
//! games per scenario (3 by default, what CI runs).

use steelgrid_miniatures::record::Replay;
use steelgrid_miniatures::scenario::{self, library};
use steelgrid_miniatures::sim;

fn scenarios() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/miniatures");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("scenarios/miniatures")
        .map(|e| e.expect("an entry").path())
        .map(|p| {
            (
                p.display().to_string(),
                std::fs::read_to_string(&p).expect("a scenario"),
            )
        })
        .collect();
    out.sort();
    out
}

#[test]
fn every_card_in_the_library_is_sound_and_has_a_basic_melee_attack_first() {
    assert!(library().len() >= 12, "two warbands of six at least");
    for (id, card) in library() {
        assert_eq!(card.problem(), None, "{id}");
        assert!(
            card.attacks[0].basic(),
            "{id}: its first attack is its basic melee attack"
        );
    }
    let champions = library().values().filter(|c| c.champion.is_some()).count();
    assert!(champions >= 2, "each warband has a champion");
}

#[test]
fn every_scenario_loads_and_its_demonstration_is_accepted() {
    for (file, text) in scenarios() {
        let sc = scenario::load(&file, &text).unwrap_or_else(|p| panic!("{file}: {p:?}"));
        let mut battle = steelgrid_miniatures::battle::Battle::new(&sc, None);
        for (n, c) in sc.demo.iter().enumerate() {
            if let Err(e) = battle.apply(c.clone()) {
                panic!("{file}: demo command {} ({c:?}) refused: {e}", n + 1);
            }
        }
    }
}

#[test]
fn every_scenario_plays_to_its_end_and_its_replay_verifies() {
    let seeds: u64 = std::env::var("STEELGRID_SOAK_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(3);
    for (file, text) in scenarios() {
        let sc = scenario::load(&file, &text).expect("it loads");
        for seed in 1..=seeds {
            let game = sim::play(&sc, seed);
            assert_eq!(game.refused, None, "{file} seed {seed}");
            assert!(
                game.winner.is_some() || game.drawn,
                "{file} seed {seed}: {game:?}"
            );
            let mut battle = steelgrid_miniatures::battle::Battle::new(&sc, Some(seed));
            for c in &sc.demo {
                battle.apply(c.clone()).expect("the demo");
            }
            steelgrid_miniatures::ai::play(
                &mut battle,
                &steelgrid_miniatures::round::Player::BOTH,
                sim::MAX_COMMANDS,
            );
            let replay = Replay::record(&file, &text, seed, battle.played()).expect("it records");
            let verified = replay.verify().expect("it verifies");
            assert_eq!(verified.checksum(), battle.checksum(), "{file} seed {seed}");
        }
    }
}
