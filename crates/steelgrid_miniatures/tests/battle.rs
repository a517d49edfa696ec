//! Whole skirmishes through the engine: the built-in warband battle played by the AI.

use steelgrid_miniatures::scenario::load;
use steelgrid_miniatures::sim::{Report, play};

const BATTLE: &str = include_str!("../../../scenarios/miniatures/warband_battle.ron");

#[test]
fn the_warband_battle_plays_to_its_end_with_the_ai_on_both_sides() {
    let scenario = load("warband_battle.ron", BATTLE).expect("it loads");
    let games: Vec<_> = (1..=5).map(|seed| play(&scenario, seed)).collect();
    let report = Report::of(&games);
    eprintln!("{report:?}");
    for g in &games {
        assert_eq!(g.refused, None, "seed {}", g.seed);
        assert!(
            g.winner.is_some() || g.drawn,
            "seed {} unfinished: {g:?}",
            g.seed
        );
    }
}
