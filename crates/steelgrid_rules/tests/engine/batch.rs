//! Batches of AI-vs-AI games (`steelgrid sim --seeds N`): each game's figures, the round limit,
//! and the batch's report.

use steelgrid_rules::ai::Director;
use steelgrid_rules::scenario;
use steelgrid_rules::sim::batch;

const SCENARIO: &str = include_str!("../../../../scenarios/mill_ambush.ron");

#[test]
fn a_round_limit_counts_the_rounds_played_not_the_round_about_to_start() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    let results: Vec<_> = (1..=4)
        .map(|seed| batch::play(&scenario, seed, 3, Director::default()))
        .collect();
    for r in &results {
        assert!(r.error.is_none(), "{:?}", r.error);
        assert!(r.rounds <= 3, "seed {}: {} rounds", r.seed, r.rounds);
    }
    let report = batch::Report::of(&results);
    assert!(report.mean_rounds <= 3.0, "{}", report.mean_rounds);
    assert_eq!(report.rounds.values().sum::<usize>(), 4);
    assert_eq!(
        report.hero_victories + report.hero_defeats + report.unfinished,
        4
    );
}

#[test]
fn a_game_is_the_same_for_the_same_seed_and_its_figures_add_up() {
    let scenario = scenario::load("mill_ambush.ron", SCENARIO).unwrap();
    let once = batch::play(&scenario, 5, 30, Director::default());
    let again = batch::play(&scenario, 5, 30, Director::default());
    let figures = |r: &batch::GameResult| serde_json::to_string(r).unwrap();
    assert_eq!(figures(&once), figures(&again));
    assert_ne!(once.status, "in_progress");
    assert!(once.rounds >= 1 && once.malice_gained > 0, "{once:?}");
    assert_eq!(once.decisions as usize, once.decision_ms.len());
    let report = batch::Report::of(&[once.clone(), again]);
    assert_eq!(report.games, 2);
    let [lo, hi] = report.hero_win_rate_95;
    assert!(lo <= report.hero_win_rate && report.hero_win_rate <= hi);
}
