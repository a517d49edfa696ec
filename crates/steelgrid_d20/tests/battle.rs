//! A d20 battle played through commands: what a player sees change.

use steelgrid_d20::battle::{Battle, Command};
use steelgrid_d20::injury::Injury;
use steelgrid_d20::scenario;
use steelgrid_kernel::grid::Square;

const DUEL: &str = r#"(
    name: "Duel",
    ruleset: D20(edition: Pathfinder1),
    seed: 3,
    map: (rows: [
        "........",
        "........",
        "........",
    ]),
    creatures: [
        (id: "bram", template: "fighter_1", side: Heroes, at: (1, 1)),
        (id: "gob", template: "goblin", side: Director, at: (6, 1)),
    ],
)"#;

#[test]
fn a_duel_loads_rolls_initiative_and_moves_and_attacks() {
    let sc = scenario::load("duel.ron", DUEL).expect("loads");
    let mut b = Battle::new(&sc, None);
    assert_eq!(b.initiative().len(), 2);
    let first = b.current().expect("someone acts").to_owned();
    if first == "gob" {
        b.apply(Command::EndTurn {
            creature: "gob".into(),
        })
        .expect("end");
    }
    b.apply(Command::Move {
        creature: "bram".into(),
        path: vec![
            Square::new(2, 1),
            Square::new(3, 1),
            Square::new(4, 1),
            Square::new(5, 1),
        ],
    })
    .expect("speed 20 is 4 squares");
    let events = b
        .apply(Command::Attack {
            creature: "bram".into(),
            target: "gob".into(),
            weapon: None,
            nonlethal: None,
            at: None,
        })
        .expect("attack");
    assert!(
        events
            .iter()
            .any(|e| e.rule == "d20.attack.roll" || e.rule == "d20.attack.critical")
    );
    let refused = b
        .apply(Command::Attack {
            creature: "bram".into(),
            target: "gob".into(),
            weapon: None,
            nonlethal: None,
            at: None,
        })
        .unwrap_err();
    assert_eq!(refused.rule.id, "d20.turn.actions");
    assert!(b.creature("gob").unwrap().injury != Injury::Dead || b.outcome().is_some());
}

const MELEE: &str = r#"(
    name: "Melee",
    description: "Two sellswords against three goblins.",
    ruleset: D20(edition: Pathfinder1),
    map: (rows: [
        "..........",
        "....#.....",
        "....#.~~..",
        "..........",
    ]),
    creatures: [
        (id: "bram", template: "fighter_1", side: Heroes, at: (0, 1)),
        (id: "cora", template: "fighter_1", side: Heroes, at: (0, 2)),
        (id: "g1", template: "goblin", side: Director, at: (9, 0)),
        (id: "g2", template: "goblin", side: Director, at: (9, 2)),
        (id: "g3", template: "goblin", side: Director, at: (8, 3)),
    ],
)"#;

#[test]
fn the_ai_plays_both_sides_to_the_end_without_a_refused_command() {
    let sc = scenario::load("melee.ron", MELEE).expect("loads");
    for seed in 1..=20 {
        let game = steelgrid_d20::sim::play(&sc, seed, 30);
        assert_eq!(game.refused, None, "seed {seed}");
        assert!(
            game.winner.is_some(),
            "seed {seed} ended in round {}",
            game.rounds
        );
    }
}
