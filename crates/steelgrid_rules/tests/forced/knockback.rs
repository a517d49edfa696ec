//! The Knockback maneuver (seed 002 L2897-2912): a roll, then a push whose path the forcer
//! chooses with a `ForceMove` — big vs little, stability and the size limit included.

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::forced::ForcedKind::Push;
use steelgrid_rules::grid::Square;

fn knockback(creature: &str, target: &str) -> Command {
    Command::Knockback {
        creature: creature.into(),
        target: target.into(),
    }
}

fn melee_push(forcer: &str, target: &str, distance: u32, path: &[(i32, i32)]) -> Command {
    let mut c = force(Push, Some(forcer), target, distance, path);
    if let Command::ForceMove { melee_weapon, .. } = &mut c {
        *melee_weapon = true;
    }
    c
}

/// `p` (Might 2) at (2, 3) on its turn beside `g`, a 1S goblin at (3, 3); the dice 2 and 3.
fn p_beside_a_small_goblin() -> steelgrid_rules::Engine {
    let mut e = fight(
        &[
            body(
                "p",
                "Heroes",
                2,
                3,
                "characteristics: (might: 2), hero: (recoveries: 1)",
            ),
            body("g", "Director", 3, 3, "size: \"1S\""),
        ],
        &[2, 3],
    );
    start(&mut e, "p");
    e
}

#[test]
fn ds_combat_13_knockback_tier_1_on_a_smaller_target_pushes_2() {
    // Natural 5 + Might 2 = 7: tier 1, push 1; +1 big vs little against a 1S goblin.
    let mut e = p_beside_a_small_goblin();
    let events = e.apply(knockback("p", "g")).unwrap();
    let pending = events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::ForcedMovementPending { pending } => Some(pending.clone()),
            _ => None,
        })
        .unwrap();
    assert_eq!((pending.distance, pending.melee_weapon), (1, true));
    assert_eq!(e.state().pending_forced, Some(pending));
    // Until the push is placed, nothing else may happen.
    let err = e
        .apply(Command::EndTurn {
            creature: "p".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "choice.pending");
    let err = e.apply(melee_push("p", "g", 3, &[(4, 3)])).unwrap_err();
    assert_eq!(err.rule, "choice.pending", "the distance is the rolled one");
    e.apply(melee_push("p", "g", 1, &[(4, 3), (5, 3)])).unwrap();
    assert_eq!(creature(&e, "g").position, Square::new(5, 3));
    assert!(e.state().pending_forced.is_none());
    e.apply(Command::EndTurn {
        creature: "p".into(),
    })
    .unwrap();
}

#[test]
fn ds_combat_16_knockback_size_limit() {
    let cases = [
        (1, "1M", true),
        (1, "1L", false),
        (2, "1L", true),
        (2, "2", true),
        (2, "3", false),
    ];
    for (might, size, allowed) in cases {
        let p = format!(
            "(id: \"p\", side: Heroes, stamina: 30, position: (2, 2), characteristics: (might: {might}), hero: (recoveries: 1))"
        );
        let t =
            format!("(id: \"t\", side: Director, stamina: 30, size: \"{size}\", position: (3, 2))");
        let mut e = fight(&[p, t], &[5, 5]);
        start(&mut e, "p");
        let result = e.apply(knockback("p", "t"));
        assert_eq!(
            result.is_ok(),
            allowed,
            "Might {might} vs size {size}: {result:?}"
        );
    }
}

#[test]
fn ds_combat_17_big_vs_little_then_stability_cancels_the_push() {
    let p = "(id: \"p\", side: Heroes, size: \"1L\", stamina: 30, position: (2, 3), characteristics: (might: 1), hero: (recoveries: 1))";
    let mut e = fight(
        &[p.into(), body("t", "Director", 3, 3, "stability: 2")],
        &[1, 1],
    );
    start(&mut e, "p");
    e.apply(knockback("p", "t")).unwrap();
    let err = e.apply(melee_push("p", "t", 1, &[(4, 3)])).unwrap_err();
    assert_eq!(err.rule, "forced_movement.distance", "(1 + 1) − 2 = 0");
    let events = e.apply(melee_push("p", "t", 1, &[])).unwrap();
    assert!(events.iter().any(
        |ev| matches!(&ev.event, Event::ForcedMoved { distance, .. } if distance.allowed == 0)
    ));
}

#[test]
fn knockback_tiers_push_1_2_3_and_need_a_maneuver() {
    for (dice, push) in [([3, 3], 1), ([6, 6], 2), ([9, 9], 3)] {
        let mut e = fight(
            &[
                body(
                    "p",
                    "Heroes",
                    1,
                    3,
                    "characteristics: (might: 1), hero: (recoveries: 1)",
                ),
                body("t", "Director", 2, 3, ""),
            ],
            &dice,
        );
        start(&mut e, "p");
        e.apply(knockback("p", "t")).unwrap();
        assert_eq!(e.state().pending_forced.unwrap().distance, push);
        let path: Vec<(i32, i32)> = (0..push as i32).map(|i| (3 + i, 3)).collect();
        e.apply(melee_push("p", "t", push, &path)).unwrap();
        assert_eq!(creature(&e, "t").position, Square::new(2 + push as i32, 3));
    }
    // Two maneuvers cost the main action; a third is refused.
    let mut e = fight(
        &[
            body(
                "p",
                "Heroes",
                1,
                3,
                "characteristics: (might: 1), hero: (recoveries: 1)",
            ),
            body("t", "Director", 2, 3, "stability: 5"),
        ],
        &[3, 3, 3, 3],
    );
    start(&mut e, "p");
    for _ in 0..2 {
        e.apply(knockback("p", "t")).unwrap();
        e.apply(melee_push("p", "t", 1, &[])).unwrap();
    }
    assert_eq!(
        e.apply(knockback("p", "t")).unwrap_err().rule,
        "turn.action_economy"
    );
}

#[test]
fn knockback_against_a_defender_takes_the_double_bane() {
    // Defend: ability rolls against the defender take a double bane (seed 002 L2946), and
    // Knockback's roll is one. 9 + 9 + Might 1 = 19: tier 3, lowered to tier 2 → push 2.
    let mut e = fight(
        &[
            body(
                "p",
                "Heroes",
                1,
                3,
                "characteristics: (might: 1), hero: (recoveries: 1)",
            ),
            body("t", "Director", 2, 3, ""),
        ],
        &[9, 9],
    );
    start(&mut e, "p");
    end(&mut e, "p");
    start(&mut e, "t");
    e.apply(Command::Defend {
        creature: "t".into(),
    })
    .unwrap();
    end(&mut e, "t");
    start(&mut e, "p");
    let events = e.apply(knockback("p", "t")).unwrap();
    let Event::PowerRolled { roll, .. } = &events
        .iter()
        .find(|ev| matches!(ev.event, Event::PowerRolled { .. }))
        .unwrap()
        .event
    else {
        unreachable!()
    };
    assert_eq!(roll.banes.len(), 2);
    assert_eq!(e.state().pending_forced.unwrap().distance, 2);
}

#[test]
fn a_knockback_preview_gives_each_tiers_odds_and_the_net_push_against_a_smaller_target() {
    let e = p_beside_a_small_goblin();
    let p = e.preview_roll(&knockback("p", "g")).unwrap();
    assert_eq!(
        p.outcomes,
        [
            "push 2 (1 +1 bigger)",
            "push 3 (2 +1 bigger)",
            "push 4 (3 +1 bigger)"
        ]
    );
    let odds = p.odds.expect("Knockback rolls");
    assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // Might 2 with no edge: tier 1 on 2-9 of 2d10 (under 12), 36 of 100.
    assert!((odds[0] - 0.36).abs() < 1e-9, "{odds:?}");
}
