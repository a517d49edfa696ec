//! Every class's abilities in the AI's hands: AI-vs-AI games of each class mix at level 3 (all
//! ten abilities known) against bestiary monsters, with no command the engine refuses.

use steelgrid_rules::ai::Director;
use steelgrid_rules::scenario;
use steelgrid_rules::sim::batch;

/// A fight of `heroes` (class templates) against `monsters` (bestiary templates, minions
/// first, in one squad).
fn fight(heroes: &[&str], minion: &str, monsters: &[&str]) -> String {
    let rows: Vec<String> = (0..12)
        .map(|y| {
            if y == 0 || y == 11 {
                format!("\"{}\"", "#".repeat(18))
            } else {
                format!("\"#{}#\"", ".".repeat(16))
            }
        })
        .collect();
    let heroes = heroes.iter().enumerate().map(|(i, t)| {
        format!(
            "(id: \"h{i}\", template: \"{t}\", position: (2, {}))",
            2 + 2 * i
        )
    });
    let minions = (0..4).map(|i| {
        format!(
            "(id: \"m{i}\", template: \"{minion}\", squad: \"s\", group: \"s\", position: (13, {}))",
            2 + 2 * i
        )
    });
    let others = monsters.iter().enumerate().map(|(i, t)| {
        format!(
            "(id: \"x{i}\", template: \"{t}\", position: (15, {}))",
            2 + 3 * i
        )
    });
    let creatures: Vec<String> = heroes.chain(minions).chain(others).collect();
    format!(
        "Scenario(name: \"class mix\", map: (rows: [{}]), sides: (heroes: Ai, director: Ai), creatures: [{}])",
        rows.join(","),
        creatures.join(",")
    )
}

#[test]
fn class_every_mix_plays_ai_against_ai_with_no_refused_command() {
    let mixes: [(&[&str], &str, &[&str]); 3] = [
        (
            &["censor_3", "conduit_3", "elementalist_3"],
            "burrseed_sprite",
            &["rootsnare_lurker", "sporecap_tender", "barkhide_sentinel"],
        ),
        (
            &["fury_3", "null_3", "shadow_3"],
            "flitting_ember",
            &["kiln_stoker", "salamander_skulker", "emberwright_slinger"],
        ),
        (
            &["tactician_3", "talent_3", "troubadour_3"],
            "choir_hymnbound_thrall",
            &[
                "choir_hushed_acolyte",
                "choir_dirge_cantor",
                "choir_echo_stalker",
            ],
        ),
    ];
    let mut failures = Vec::new();
    let mut games = 0;
    for (heroes, minion, monsters) in mixes {
        let text = fight(heroes, minion, monsters);
        let scenario =
            scenario::load("mix.ron", &text).unwrap_or_else(|d| panic!("{heroes:?}: {d:?}"));
        for seed in 1..=8 {
            let result = batch::play(&scenario, seed, 12, Director::default());
            games += 1;
            if let Some(error) = result.error {
                failures.push(format!("{heroes:?} seed {seed}: {error}"));
            }
        }
    }
    assert_eq!(games, 24);
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn class_the_ai_grants_a_free_strike_to_an_ally_beside_an_enemy() {
    use steelgrid_rules::Command;
    use steelgrid_rules::class::Class;
    use steelgrid_rules::creature::Side;
    use steelgrid_rules::testing::{Fight, at};
    let mut e = Fight::on(&[
        "..............",
        "..............",
        "..............",
        "..............",
    ])
    .class_hero("tac", Class::Tactician, 1, at(0, 0))
    .knows(&["two_blades_one_word"])
    .heroic_resource(1)
    .hero("ally", at(9, 2))
    .monster("m", at(10, 2))
    .start();
    e.apply(Command::StartTurn {
        creature: "tac".into(),
    })
    .expect("its turn");
    let decision = steelgrid_rules::ai::decide(&e, Side::Heroes).expect("a decision");
    assert!(
        matches!(
            &decision.command,
            Command::UseAbility { ability, targets, .. }
                if ability == "two_blades_one_word" && targets == &["ally".to_owned()]
        ),
        "{:?}",
        decision.top
    );
}
