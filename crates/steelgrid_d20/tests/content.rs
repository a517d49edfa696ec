//! The d20 content: every built-in creature reads, and every d20 scenario in `scenarios/` loads,
//! plays its demonstration to the end without a refusal, and says what it shows.

use std::path::PathBuf;

use steelgrid_d20::battle::Battle;
use steelgrid_d20::scenario;

fn d20_scenarios() -> Vec<(String, String)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/d20");
    let mut found: Vec<(String, String)> = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .filter_map(|e| e.ok())
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .filter_map(|p| {
            let text = std::fs::read_to_string(&p).ok()?;
            scenario::is_d20(&text).then(|| (p.display().to_string(), text))
        })
        .collect();
    found.sort();
    found
}

#[test]
fn every_built_in_d20_creature_reads() {
    let library = scenario::library();
    assert!(library.len() >= 2);
    for (id, stats) in library {
        assert!(stats.hit_points > 0, "{id}");
        assert!(!stats.attacks.is_empty(), "{id} has no attack");
        assert_eq!(stats.problem(), None, "{id}");
    }
}

#[test]
fn every_d20_scenario_loads_and_plays_its_demonstration_without_a_refusal() {
    let all = d20_scenarios();
    assert!(
        all.len() >= 5,
        "a skirmish and four demonstrations: {}",
        all.len()
    );
    for (file, text) in all {
        let sc = scenario::load(&file, &text).unwrap_or_else(|p| {
            panic!(
                "{}",
                p.iter()
                    .map(|d| d.to_string())
                    .collect::<Vec<_>>()
                    .join("\n")
            )
        });
        assert!(!sc.description.is_empty(), "{file} says what it is");
        let mut battle = Battle::new(&sc, None);
        for (i, command) in sc.demo.iter().enumerate() {
            if let Err(e) = battle.apply(command.clone()) {
                panic!(
                    "{file}: demo command {i} ({command:?}) refused: {e}\nlog so far: {:#?}",
                    battle.log()
                );
            }
        }
    }
}

/// Soak: every d20 scenario played AI against AI over many seeds (`STEELGRID_SOAK_SEEDS`, 10 by
/// default): no command the AI gives is refused, and every game's replay verifies.
#[test]
fn every_d20_scenario_plays_ai_against_ai_without_a_refusal_and_its_replay_verifies() {
    let seeds: u64 = std::env::var("STEELGRID_SOAK_SEEDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(10);
    for (file, text) in d20_scenarios() {
        let sc = scenario::load(&file, &text).expect("loads");
        for seed in 1..=seeds {
            let game = steelgrid_d20::sim::play(&sc, seed, 30);
            assert_eq!(game.refused, None, "{file} seed {seed}");
            let mut battle = Battle::new(&sc, Some(seed));
            for c in &sc.demo {
                battle.apply(c.clone()).expect("the demo plays");
            }
            steelgrid_d20::ai::play(
                &mut battle,
                &[
                    steelgrid_kernel::body::Side::Heroes,
                    steelgrid_kernel::body::Side::Director,
                ],
                30,
            );
            let replay = steelgrid_d20::record::Replay::record(&file, &text, seed, battle.played())
                .expect("records");
            let again = replay
                .verify()
                .unwrap_or_else(|e| panic!("{file} seed {seed}: {e}"));
            assert_eq!(again.checksum(), battle.checksum(), "{file} seed {seed}");
        }
    }
}
