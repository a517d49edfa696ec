//! Determinism: the same scenario, seed and commands give byte-identical output; a snapshot
//! restored mid-fight, afresh or in place of another fight, continues to the same final state.

use crate::common;

use common::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::{Command, Engine, sim};

fn commands() -> Vec<Command> {
    let mut c = vec![Command::ChooseFirstSide { side: Side::Heroes }];
    for _ in 0..3 {
        c.extend([
            Command::StartTurn {
                creature: "h".into(),
            },
            strike("h", "m"),
            Command::EndTurn {
                creature: "h".into(),
            },
            Command::StartTurn {
                creature: "m".into(),
            },
            strike("m", "h"),
            Command::EndTurn {
                creature: "m".into(),
            },
            Command::StartTurn {
                creature: "g".into(),
            },
            Command::CatchBreath {
                creature: "g".into(),
            },
            Command::EndTurn {
                creature: "g".into(),
            },
        ]);
    }
    c
}

fn engine(seed: u64) -> Engine {
    let g = "(id: \"g\", side: Heroes, stamina: 24, current_stamina: 10, position: (0, 2), hero: (recoveries: 5))";
    let big = "(id: \"m\", side: Director, stamina: 200, free_strike: 4, position: (1, 1))";
    scenario(
        &ROOM,
        &[hero("h", 0, 0), g.into(), big.into()].join(", "),
        &[],
    )
    .start(Some(seed))
}

fn run_all(seed: u64) -> String {
    let mut e = engine(seed);
    for c in commands() {
        e.apply(c).unwrap();
    }
    sim::to_json(&e, true, &[])
}

#[test]
fn same_seed_and_commands_give_byte_identical_json() {
    let a = run_all(42);
    let b = run_all(42);
    assert_eq!(a, b);
    assert_ne!(a, run_all(43), "the seed matters");
}

#[test]
fn snapshot_restore_and_continue_matches_an_uninterrupted_run() {
    let all = commands();
    let mut straight = engine(9);
    for c in &all {
        straight.apply(c.clone()).unwrap();
    }
    let mut first = engine(9);
    for c in &all[..10] {
        first.apply(c.clone()).unwrap();
    }
    // Through serde, as a save file would go.
    let saved = serde_json::to_string(&first.snapshot()).unwrap();
    let mut resumed = Engine::restore(serde_json::from_str(&saved).unwrap());
    assert_eq!(resumed.checksum(), first.checksum());
    for c in &all[10..] {
        resumed.apply(c.clone()).unwrap();
    }
    assert_eq!(resumed.checksum(), straight.checksum());
    assert_eq!(resumed.log(), straight.log());
}

#[test]
fn a_snapshot_restored_in_place_continues_exactly_as_one_restored_afresh() {
    let all = commands();
    // Restored in place into an engine at the end of the same fight played with another seed,
    // so that its world first holds other states (the soak restores across scenarios).
    let mut reused = engine(3);
    for c in &all {
        reused.apply(c.clone()).unwrap();
    }
    let mut first = engine(9);
    for (n, c) in all.iter().enumerate() {
        let snapshot = first.snapshot();
        let mut fresh = Engine::restore(snapshot.clone());
        reused.restore_in_place(snapshot);
        assert_eq!(reused.checksum(), first.checksum(), "after {n} commands");
        assert_eq!(
            sim::to_json(&reused, true, &[]),
            sim::to_json(&fresh, true, &[]),
            "after {n} commands"
        );
        assert_eq!(
            reused.apply(c.clone()),
            fresh.apply(c.clone()),
            "command {n}"
        );
        assert_eq!(reused.log(), fresh.log(), "command {n}");
        first.apply(c.clone()).unwrap();
    }
}
