//! Automatic tiers an effect grants (seed 002 L740-744): the tier is set whatever the dice,
//! edges and banes say, and a natural 19-20 is still a critical hit.

use crate::common;

use common::abilities::{the_roll, use_ability};
use common::{apply, creature, end, logged, start};
use steelgrid_rules::power_roll::Tier;
use steelgrid_rules::testing::{Fight, at};

const ABILITIES: &str = r#"
    "mark_the_gap": (name: "Mark the Gap", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), target: (who: Creature, count: Some(1)), effect: (lingering: (automatic_tier: (tier: tier3, rolls: Against), duration: EndOfTurn))),
    "jinx": (name: "Jinx", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), target: (who: Creature, count: Some(1)), effect: (lingering: (automatic_tier: (tier: tier1, rolls: Own), duration: SaveEnds))),
    "jab": (name: "Jab", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1), target: (who: Creature, count: Some(1)), power_roll: (characteristic: [Might], tier1: (damage: (base: 1)), tier2: (damage: (base: 2)), tier3: (damage: (base: 4)))),
"#;

#[test]
fn ds_core_x10_an_effect_gives_rolls_against_its_target_an_automatic_tier_3() {
    let mut e = Fight::new()
        .abilities(ABILITIES)
        .hero("h", at(2, 2))
        .knows(&["mark_the_gap", "jab"])
        .monster("m", at(3, 2))
        // 1 + 1 + Might 2 = 4: tier 1 on the dice.
        .dice(&[1, 1])
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "mark_the_gap", &["m"]));
    assert!(logged(&events).contains(
        &r#"effect.lingering: EffectStarted { creature: "m", effect: "ability rolls against it get tier 3 automatically (EoT) from Mark the Gap" }"#
            .to_owned()
    ), "{:#?}", logged(&events));
    let events = apply(&mut e, use_ability("h", "jab", &["m"]));
    let roll = the_roll(&events);
    assert_eq!(
        (roll.total, roll.tier, roll.automatic),
        (4, Tier::Three, Some(Tier::Three))
    );
    assert!(events.iter().any(|ev| ev.rule.id == "power_roll.automatic"));
    // Tier 3: 4 + Might 2.
    assert_eq!(creature(&e, "m").stamina.current, 24);
}

#[test]
fn ds_core_x11_an_automatic_tier_1_on_a_creatures_own_rolls_still_lets_a_natural_20_crit() {
    let mut e = Fight::new()
        .abilities(ABILITIES)
        .hero("h", at(2, 2))
        .knows(&["jab"])
        .monster("w", at(6, 2))
        .knows(&["jinx"])
        .dice(&[10, 10])
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "w");
    apply(&mut e, use_ability("w", "jinx", &["h"]));
    end(&mut e, "w");
    // The jinx lasts until h saves at the end of its own turn: this turn's roll is jinxed.
    start(&mut e, "h");
    apply(
        &mut e,
        steelgrid_rules::Command::Advance {
            creature: "h".into(),
            path: vec![at(3, 2), at(4, 2), at(5, 2)],
        },
    );
    let events = apply(&mut e, use_ability("h", "jab", &["w"]));
    let roll = the_roll(&events);
    assert_eq!(
        (roll.natural, roll.tier, roll.critical),
        (20, Tier::One, true)
    );
    // Tier 1: 1 + Might 2.
    assert_eq!(creature(&e, "w").stamina.current, 27);
}
