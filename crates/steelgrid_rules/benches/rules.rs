//! Rules-engine timings: `cargo bench -p steelgrid_rules`. Prints the median of several batches
//! for each operation. Written without criterion to keep the rules crate's build light.

use std::hint::black_box;
use std::time::{Duration, Instant};

use steelgrid_rules::{Command, Engine, scenario, sim};

const SCENARIO: &str = include_str!("../../../scenarios/mill_ambush.ron");
const OPENING: &str = include_str!("../../../tests/commands/mill_opening.ron");

/// Median time per iteration over 15 batches of `iters`.
fn measure(name: &str, iters: u32, mut f: impl FnMut()) {
    let mut batches: Vec<Duration> = (0..15)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..iters {
                f();
            }
            start.elapsed() / iters
        })
        .collect();
    batches.sort();
    println!(
        "{name:<48} {:>12.2?} per iteration",
        batches[batches.len() / 2]
    );
}

fn main() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).expect("default scenario");
    let commands = sim::parse_commands("mill_opening.ron", OPENING).expect("opening");
    measure("load + check the default scenario", 200, || {
        black_box(scenario::load("mill_ambush.ron", black_box(SCENARIO)).is_ok());
    });
    measure(
        "start an encounter (surprise, first-side roll)",
        500,
        || {
            black_box(scenario.start(Some(7)));
        },
    );
    measure("play the 17-command opening", 200, || {
        let mut e = scenario.start(Some(7));
        black_box(sim::run(&mut e, &commands, None));
    });
    let mut base = scenario.start(Some(7));
    sim::run(&mut base, &commands[..8], None);
    let snapshot = base.snapshot();
    let strike = commands[8].command.clone();
    measure("one command: a free strike (restore + apply)", 500, || {
        let mut e = Engine::restore(snapshot.clone());
        black_box(e.apply(strike.clone()).is_ok());
    });
    measure("restore from a snapshot alone", 500, || {
        black_box(Engine::restore(snapshot.clone()));
    });
    let mut e = Engine::restore(snapshot.clone());
    measure(
        "one command on a warm engine (0 damage, all stages)",
        5000,
        || {
            let hit = Command::EnvironmentDamage {
                target: "ogre".into(),
                amount: 0,
                damage_type: None,
                halved: false,
            };
            black_box(e.apply(hit).is_ok());
        },
    );
    let mut e = Engine::restore(snapshot.clone());
    measure("refused command (out of turn)", 5000, || {
        black_box(
            e.apply(Command::StartTurn {
                creature: "ogre".into(),
            })
            .is_err(),
        );
    });
    measure("snapshot", 2000, || {
        black_box(e.snapshot());
    });
    measure("checksum", 2000, || {
        black_box(e.checksum());
    });
}
