//! A scenario names the ruleset it is played by (`ruleset: DrawSteel`, the default): naming it
//! changes nothing, and a save carries it.

use steelgrid_rules::ruleset::RulesetName;
use steelgrid_rules::scenario;

const MILL: &str = include_str!("../../../../scenarios/mill_ambush.ron");

#[test]
fn naming_draw_steel_plays_exactly_as_leaving_the_ruleset_out() {
    let named = MILL.replacen("Scenario(\n", "Scenario(\n    ruleset: DrawSteel,\n", 1);
    assert_ne!(named, MILL, "the ruleset line was added");
    let plain = scenario::load("mill_ambush.ron", MILL)
        .expect("loads")
        .start(Some(7));
    let explicit = scenario::load("mill_ambush.ron", &named)
        .expect("loads with the ruleset named")
        .start(Some(7));
    assert_eq!(explicit.checksum(), plain.checksum());
    let snapshot = explicit.snapshot();
    assert_eq!(snapshot.ruleset, RulesetName::DrawSteel);
    assert_eq!(
        serde_json::to_string(&snapshot).unwrap(),
        serde_json::to_string(&plain.snapshot()).unwrap(),
        "Draw Steel is left out of saves, as before rulesets could be named"
    );
}
