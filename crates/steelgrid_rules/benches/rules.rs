//! Rules-engine timings: `cargo bench -p steelgrid_rules`. Prints the median of several batches
//! for each operation. Written without criterion to keep the rules crate's build light.

use std::hint::black_box;
use std::time::{Duration, Instant};

use steelgrid_rules::creature::Side;
use steelgrid_rules::forced::{ForcedKind, ForcedSpec};
use steelgrid_rules::grid::Square;
use steelgrid_rules::{Command, Engine, scenario, sim};

/// The game's allocator (see `src/main.rs`), so that the figures are the game's.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

const SCENARIO: &str = include_str!("../../../scenarios/mill_ambush.ron");
const OPENING: &str = include_str!("../../../tests/commands/mill_opening.ron");

/// Whether to run measurement `name`: all of them, or those whose name has one of the words
/// the bench was given (`cargo bench -p steelgrid_rules -- checksum restore`).
fn wanted(name: &str) -> bool {
    let words: Vec<String> = std::env::args()
        .skip(1)
        .filter(|a| !a.starts_with('-'))
        .collect();
    words.is_empty() || words.iter().any(|w| name.contains(w.as_str()))
}

/// Median time per iteration over 15 batches of `iters`.
fn measure(name: &str, iters: u32, mut f: impl FnMut()) {
    if !wanted(name) {
        return;
    }
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
    let mut warm = scenario.start(Some(7));
    measure(
        "restore a snapshot in place, into the same engine again",
        500,
        || {
            warm.restore_in_place(snapshot.clone());
            black_box(&warm);
        },
    );
    // What resuming a save costs: the scenario's start, then its snapshot in place of that
    // state; before, the snapshot went into a new engine and the started one was dropped.
    measure("resume: start, then restore in place", 200, || {
        let mut e = scenario.start(Some(7));
        e.restore_in_place(snapshot.clone());
        black_box(e);
    });
    measure("resume as before: start, then a new engine", 200, || {
        black_box(scenario.start(Some(7)));
        black_box(Engine::restore(snapshot.clone()));
    });
    let hit = || Command::EnvironmentDamage {
        target: "ogre".into(),
        amount: 0,
        damage_type: None,
        halved: false,
    };
    // The latest point of the opening where nothing waits on an answer, so that the command
    // is accepted and goes through every stage (after the strike a trigger window is open).
    let mut e = (0..=commands.len())
        .rev()
        .find_map(|n| {
            let mut e = scenario.start(Some(7));
            sim::run(&mut e, &commands[..n], None);
            e.check(&hit()).is_ok().then_some(e)
        })
        .expect("environment damage is accepted somewhere in the opening");
    measure(
        "one command on a warm engine (0 damage, all stages)",
        5000,
        || {
            let accepted = e.apply(hit()).is_ok();
            assert!(accepted, "the timed command is accepted");
            black_box(accepted);
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
    forced_movement();
    abilities();
    let sides = [Side::Heroes, Side::Director];
    let mut last = (String::new(), 0, 0);
    measure("AI vs AI: the default scenario to its end", 5, || {
        let mut e = scenario.start(Some(7));
        let decisions = sim::run_ai(&mut e, &sides, Some(50)).decisions;
        let state = e.state();
        last = (state.status.to_owned(), state.round, decisions.len());
    });
    if last.2 > 0 {
        println!(
            "  (ended in {} in round {} after {} AI decisions)",
            last.0, last.1, last.2
        );
    }
    let mut mid = scenario.start(Some(7));
    sim::run(&mut mid, &commands, None);
    measure("one AI decision (mid-fight, a creature's turn)", 50, || {
        let side = steelgrid_rules::ai::side_to_answer(&mid.state()).expect("someone to answer");
        black_box(steelgrid_rules::ai::decide(&mid, side));
    });
    briar_decisions();
    measure("snapshot", 2000, || {
        black_box(e.snapshot());
    });
    measure("checksum", 2000, || {
        black_box(e.checksum());
    });
}

/// A 32×32 map with a stone wall section, twenty creatures, and a push 5 that slams the target
/// through a glass pane into a line of goblins.
fn forced_movement() {
    let mut rows = vec![".".repeat(32); 32];
    rows[10].replace_range(12..13, "g");
    rows[10].replace_range(20..21, "s");
    let mut creatures = vec![
        "(id: \"hero\", side: Heroes, stamina: 30, position: (9, 10), hero: (recoveries: 8))"
            .to_owned(),
        "(id: \"target\", side: Director, stamina: 40, position: (10, 10))".to_owned(),
        "(id: \"blocker\", side: Director, stamina: 40, position: (15, 10))".to_owned(),
    ];
    for i in 0..17 {
        creatures.push(format!(
            "(id: \"g{i}\", side: Director, stamina: 10, position: ({}, {}))",
            2 + i,
            25
        ));
    }
    let src = format!(
        "Scenario(name: \"bench\", map: (legend: {{'g': (terrain: Object(material: Glass)), 's': (terrain: Object(material: Stone))}}, rows: [{}]), creatures: [{}], dice: [7])",
        rows.iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", "),
        creatures.join(", ")
    );
    let mut engine = scenario::load("bench.ron", &src)
        .expect("bench scenario")
        .start(Some(1));
    engine
        .apply(Command::ChooseFirstSide { side: Side::Heroes })
        .expect("first side");
    let push = ForcedSpec {
        kind: ForcedKind::Push,
        forcer: Some("hero".into()),
        target: "target".into(),
        distance: 5,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: (11..16).map(|x| Square::new(x, 10)).collect(),
        break_objects: true,
        vertical: false,
        heights: Vec::new(),
    };
    let outcome = engine.predict_forced(&push).expect("legal push");
    assert!(!outcome.hits.is_empty() && !outcome.broken.is_empty());
    measure(
        "predict a push 5 with a hurl and a collision, 32×32",
        2000,
        || {
            black_box(engine.predict_forced(black_box(&push)).is_ok());
        },
    );
    let snapshot = engine.snapshot();
    let command = push.command_along(push.path.clone());
    let mut warm = Engine::restore(snapshot.clone());
    warm.apply(Command::ScriptDice { faces: vec![1] })
        .expect("warm up the schedule");
    let warm_snapshot = warm.snapshot();
    measure(
        "resolve that push (ForceMove, all stages; incl. restore)",
        300,
        || {
            let mut e = Engine::restore(warm_snapshot.clone());
            black_box(e.apply(command.clone()).is_ok());
        },
    );
    // On a running engine: slide the target one square east and back, alternately.
    let mut warm = Engine::restore(warm_snapshot.clone());
    let mut east = true;
    measure(
        "resolve a slide 1 on a warm engine (all stages)",
        2000,
        || {
            let to = if east { 11 } else { 10 };
            east = !east;
            let slide_one = Command::ForceMove {
                forcer: None,
                target: "target".into(),
                kind: ForcedKind::Slide,
                distance: 1,
                melee_weapon: false,
                stability: None,
                chosen: None,
                path: vec![Square::new(to, 10)],
                break_objects: false,
                vertical: false,
                heights: Vec::new(),
            };
            black_box(warm.apply(slide_one).is_ok());
        },
    );
    let slide = ForcedSpec {
        kind: ForcedKind::Slide,
        forcer: None,
        path: Vec::new(),
        ..push.clone()
    };
    let n = engine.forced_choices(&slide).expect("slide choices").len();
    measure(
        &format!("enumerate all slide 5 outcomes ({n}), 32×32"),
        20,
        || {
            black_box(
                engine
                    .forced_choices(black_box(&slide))
                    .map(|c| c.len())
                    .ok(),
            );
        },
    );
    let push_choices = engine.forced_choices(&push).expect("push choices").len();
    measure(
        &format!("enumerate all push 5 outcomes ({push_choices}), 32×32"),
        100,
        || {
            black_box(
                engine
                    .forced_choices(black_box(&push))
                    .map(|c| c.len())
                    .ok(),
            );
        },
    );
}

/// Abilities on the burst demonstration: Lena's 2 burst on two goblins (one roll, two tiers,
/// two queued pushes), its preview (edges, banes, tier odds over the 100 faces of 2d10), and
/// the AI weighing every ability use it has.
fn abilities() {
    const BURST: &str = include_str!("../../../scenarios/demo_burst.ron");
    let scenario = scenario::load("demo_burst.ron", BURST).expect("burst demo");
    let mut e = scenario.start(None);
    for c in [
        Command::ChooseFirstSide { side: Side::Heroes },
        Command::StartTurn {
            creature: "lena".into(),
        },
    ] {
        e.apply(c).expect("opening");
    }
    let snapshot = e.snapshot();
    let halo = Command::use_ability("lena", "blinding_halo", Vec::new());
    measure(
        "use a 2 burst on two goblins (restore + apply)",
        500,
        || {
            let mut e = Engine::restore(snapshot.clone());
            black_box(e.apply(halo.clone()).is_ok());
        },
    );
    measure("preview that burst (area, edges, tier odds)", 500, || {
        black_box(e.preview_ability(black_box(&halo)).is_ok());
    });
    measure("one AI decision weighing every ability use", 50, || {
        black_box(steelgrid_rules::ai::decide(&e, Side::Heroes));
    });
}

/// Every AI decision over 20 AI-vs-AI games of the Director's batch scenario (five heroes, a
/// leader with villain actions, an eight-minion squad): the median, 95th percentile and worst.
fn briar_decisions() {
    let name = "AI decisions, briar warden, 20 games";
    if !wanted(name) {
        return;
    }
    const BRIAR: &str = include_str!("../../../scenarios/briar_warden.ron");
    let scenario = scenario::load("briar_warden.ron", BRIAR).expect("briar warden");
    let mut times = Vec::new();
    for seed in 1..=20 {
        let mut e = scenario.start(Some(seed));
        while let Some(side) = steelgrid_rules::ai::side_to_answer(&e.state()) {
            let clock = Instant::now();
            let Some(decision) = steelgrid_rules::ai::decide(&e, side) else {
                break;
            };
            times.push(clock.elapsed());
            if e.apply(decision.command).is_err() || e.turn().round > 30 {
                break;
            }
        }
    }
    times.sort();
    let at = |p: f64| times[((times.len() - 1) as f64 * p).round() as usize];
    println!(
        "{name:<48} median {:.2?}, p95 {:.2?}, max {:.2?} over {} decisions",
        at(0.5),
        at(0.95),
        at(1.0),
        times.len()
    );
}
