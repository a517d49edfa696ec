//! Fuzz: the d20 scenarios, changed as a hand editing them slips (a span cut or doubled, a
//! number swapped for an extreme one, a bracket or quote dropped in), load or are refused with a
//! line and column, and never panic; one that still loads plays three rounds with the AI on
//! both sides without a panic. `STEELGRID_FUZZ_CASES=N` sets how many (1,000 by default, what
//! CI runs); a failure names its case, which replays it.

use std::panic::{AssertUnwindSafe, catch_unwind};

use steelgrid_d20::battle::Battle;
use steelgrid_d20::{ai, scenario};
use steelgrid_kernel::body::Side;
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::fuzz::{below, slip};

fn cases() -> u64 {
    std::env::var("STEELGRID_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

fn files() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios/d20");
    let mut out: Vec<(String, String)> = std::fs::read_dir(dir)
        .expect("scenarios/d20")
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
fn fuzz_mutated_d20_scenarios_load_or_are_refused_with_a_place_and_never_panic() {
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
                ai::play(&mut battle, &[Side::Heroes, Side::Director], 3);
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
