//! Abilities that knock prone and keep a creature down (seed 002 L1753-1757; issue 23, "cannot
//! say yet").

use crate::common;

use common::abilities::use_ability;
use common::{apply, conditions, end, logged, refused, start};
use steelgrid_rules::Command;
use steelgrid_rules::testing::{Fight, at};

const ABILITIES: &str = r#"
    "shove_down": (name: "Shove Down", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), target: (who: Creature, count: Some(1)), effect: (prone: (cant_stand: Some(SaveEnds)))),
    "trip": (name: "Trip", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), target: (who: Creature, count: Some(1)), effect: (prone: (potency: Some((resisted_by: agility, strength: Strong))))),
"#;

fn stand_up(id: &str) -> Command {
    Command::StandUp {
        creature: id.into(),
    }
}

#[test]
fn ds_combat_x10_knocked_prone_and_kept_down_until_a_save() {
    let mut e = Fight::new()
        .abilities(ABILITIES)
        .hero("h", at(2, 2))
        .knows(&["shove_down"])
        .monster("m", at(3, 2))
        .dice(&[3, 6])
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "shove_down", &["m"]));
    let log = logged(&events);
    assert!(
        log.contains(
            &r#"condition.prone: ConditionGained { creature: "m", condition: "prone" }"#.to_owned()
        ),
        "{log:#?}"
    );
    assert!(log.contains(
        &r#"condition.prone.cant_stand: EffectStarted { creature: "m", effect: "down and unable to stand (save ends) from Shove Down" }"#
            .to_owned()
    ));
    assert_eq!(conditions(&e, "m"), ["prone"]);
    end(&mut e, "h");
    start(&mut e, "m");
    let why = refused(&mut e, stand_up("m"));
    assert_eq!(why.rule.id, "condition.prone.cant_stand");
    assert_eq!(
        why.reason,
        "m can't stand up: down and unable to stand (save ends) from Shove Down"
    );
    // The save at the end of its turn: 3 fails, then 6 ends it.
    end(&mut e, "m");
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "m");
    assert_eq!(
        refused(&mut e, stand_up("m")).rule.id,
        "condition.prone.cant_stand"
    );
    end(&mut e, "m");
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "m");
    apply(&mut e, stand_up("m"));
    assert!(conditions(&e, "m").is_empty());
}

#[test]
fn ds_combat_x11_a_knock_prone_behind_a_potency_lands_only_below_it() {
    // Might 2 makes a strong potency 2: Agility 0 falls, Agility 2 keeps its feet.
    for (agility, falls) in [(0, true), (2, false)] {
        let mut e = Fight::new()
            .abilities(ABILITIES)
            .hero("h", at(2, 2))
            .knows(&["trip"])
            .monster("m", at(3, 2))
            .agility(agility)
            .start();
        start(&mut e, "h");
        apply(&mut e, use_ability("h", "trip", &["m"]));
        assert_eq!(conditions(&e, "m") == ["prone"], falls, "agility {agility}");
    }
}
