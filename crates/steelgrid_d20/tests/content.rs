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
