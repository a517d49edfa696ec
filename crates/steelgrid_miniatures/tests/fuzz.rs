//! Fuzz: the Miniatures scenarios and the card library, changed as a hand editing them slips,
//! load or are refused with a line and column, and never panic; a scenario that still loads
//! plays sixty AI commands without a panic. `STEELGRID_FUZZ_CASES=N` sets how many (300
//! by default, what CI runs); a failure names its case, which replays it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::fuzz::{below, slip};
use steelgrid_miniatures::battle::Battle;
use steelgrid_miniatures::round::Player;
use steelgrid_miniatures::{ai, scenario, sim};

fn cases() -> u64 {
    std::env::var("STEELGRID_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(300)
}

fn files() -> Vec<(String, String)> {
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
fn fuzz_mutated_miniatures_scenarios_load_or_are_refused_with_a_place_and_never_panic() {
    let files = files();
    let mut loaded = 0;
    for case in 0..cases() {
        let mut rng = Dice::seeded(case);
        let (file, text) = &files[below(&mut rng, files.len())];
        let changed = slip(text, &mut rng);
        let outcome = catch_unwind(AssertUnwindSafe(|| match scenario::load(file, &changed) {
            Ok(sc) => {
                let mut battle = Battle::new(&sc, Some(case));
                for c in &sc.demo {
                    let _ = battle.apply(c.clone());
                }
                ai::play(&mut battle, &Player::BOTH, 60);
                true
            }
            Err(problems) => {
                assert!(
                    !problems.is_empty() && problems.iter().all(|p| p.line >= 1 && p.col >= 1),
                    "case {case}: {problems:?}"
                );
                false
            }
        }));
        match outcome {
            Ok(true) => loaded += 1,
            Ok(false) => {}
            Err(_) => panic!("case {case} panicked on a slip of {file}:\n{changed}"),
        }
    }
    assert!(loaded > 0, "some slips still load");
}

#[test]
fn fuzz_mutated_command_files_are_refused_with_a_place_and_never_panic() {
    let text = "[Pass, Pass, FirstTurn(player: One), Pass, Pass, Activate(creature: \"captain\"), Move(path: [(3, 7), (4, 7)]), Attack(attack: \"Longsword\", target: \"warlord\"), EndTurn]";
    for case in 0..cases() {
        let mut rng = Dice::seeded(case);
        let changed = slip(text, &mut rng);
        let parsed = catch_unwind(|| sim::parse_commands("commands.ron", &changed));
        match parsed {
            Ok(Ok(_)) => {}
            Ok(Err(d)) => assert!(d.line >= 1 && d.col >= 1, "case {case}: {d}"),
            Err(_) => panic!("case {case} panicked on:\n{changed}"),
        }
    }
}
