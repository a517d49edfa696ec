//! An ability that lets another creature make a free strike at once, off its own turn (seed 002
//! L2960-2962).

use crate::common;

use common::abilities::use_ability;
use common::{apply, creature, logged, refused, start};
use steelgrid_rules::Command;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;
use steelgrid_rules::testing::{Fight, at};

const ABILITIES: &str = r#"
    "strike_now": (name: "Strike Now", keywords: [Ranged], action: Maneuver, distance: Ranged(10), target: (who: Ally, count: Some(1)), effect: (grant_free_strike: true)),
"#;

fn fight() -> steelgrid_rules::Engine {
    Fight::new()
        .abilities(ABILITIES)
        .hero("t", at(2, 2))
        .knows(&["strike_now"])
        .hero("a", at(5, 2))
        .monster("m", at(6, 2))
        .dice(&[5, 5])
        .start()
}

#[test]
fn ds_combat_x13_an_ally_granted_a_free_strike_makes_it_at_once_off_its_turn() {
    let mut e = fight();
    start(&mut e, "t");
    let events = apply(&mut e, use_ability("t", "strike_now", &["a"]));
    assert!(logged(&events).contains(
        &r#"ability.granted_strike: EffectStarted { creature: "a", effect: "free to make a free strike now (Strike Now)" }"#
            .to_owned()
    ), "{:#?}", logged(&events));
    let events = apply(&mut e, Command::free_strike("a", "m", false));
    let log = logged(&events);
    assert!(
        log.contains(
            &r#"ability.granted_strike: EffectEnded { creature: "a", effect: "a granted free strike, made" }"#
                .to_owned()
        ),
        "{log:#?}"
    );
    assert!(creature(&e, "m").stamina.current < 30);
    // It took none of a's actions, and it was one strike.
    assert!(
        !log.iter()
            .any(|l| l.contains("ActionUsed { creature: \"a\""))
    );
    let why = refused(&mut e, Command::free_strike("a", "m", false));
    assert_eq!(why.rule.id, "turn.order", "{}", why.reason);
}

#[test]
fn ds_combat_x14_the_heroes_ai_takes_a_granted_free_strike() {
    let mut e = fight();
    start(&mut e, "t");
    apply(&mut e, use_ability("t", "strike_now", &["a"]));
    let decision = ai::decide(&e, Side::Heroes).expect("the heroes act");
    assert_eq!(decision.command, Command::free_strike("a", "m", false));
}
