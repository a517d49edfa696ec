//! Damage and Stamina cases from the combat digest (§32 J, K) and the core digest (DS-CORE-40,
//! 41), played through commands.

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::creature::Vitality;
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::event::Event;

fn hurt(target: &str, amount: u32, damage_type: Option<DamageType>) -> Command {
    Command::EnvironmentDamage {
        target: target.into(),
        amount,
        damage_type,
        halved: false,
    }
}

fn hero_with(id: &str, x: i32, y: i32, extra: &str) -> String {
    format!("(id: \"{id}\", side: Heroes, position: ({x}, {y}), hero: (recoveries: 2), {extra})")
}

#[test]
fn ds_core_40_hero_with_25_stamina_winded_dying_dead() {
    let mut e = fight(
        &[hero_with("h", 1, 1, "stamina: 25"), monster("m", 5, 5)],
        &[],
    );
    e.apply(hurt("h", 12, None)).unwrap();
    let h = creature(&e, "h");
    assert_eq!(
        (h.stamina.current, h.winded, h.state),
        (13, false, Vitality::Healthy)
    );
    let events = e.apply(hurt("h", 1, None)).unwrap();
    assert_eq!(creature(&e, "h").state, Vitality::Winded);
    assert!(events.iter().any(|ev| ev.rule == "stamina.winded"));
    let events = e.apply(hurt("h", 12, None)).unwrap();
    assert_eq!(creature(&e, "h").state, Vitality::Dying);
    assert!(events.iter().any(|ev| ev.rule == "stamina.dying"));
    // Everything the blow to 0 logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"damage: Damaged { target: "h", source: "environment", damage_type: None, base: 12, halved: false, weakness: 0, immunity: 0, immune: false, amount: 12, temporary_absorbed: 0, stamina_before: 12, stamina_after: 0 }"#,
            r#"stamina.dying: VitalityChanged { creature: "h", from: Winded, to: Dying, stamina: 0, threshold: 0 }"#,
        ]
    );
    e.apply(hurt("h", 11, None)).unwrap();
    let h = creature(&e, "h");
    assert_eq!((h.stamina.current, h.dying), (-11, true));
    let events = e.apply(hurt("h", 1, None)).unwrap();
    let h = creature(&e, "h");
    assert_eq!((h.stamina.current, h.dead), (-12, true));
    let Event::VitalityChanged { threshold, .. } =
        &find(&events, |ev| matches!(ev, Event::VitalityChanged { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*threshold, -12);
    // A dead hero's defeat ends the encounter (it was the only hero).
    assert_eq!(e.state().status, "defeat");
    // Everything the last blow logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"damage: Damaged { target: "h", source: "environment", damage_type: None, base: 1, halved: false, weakness: 0, immunity: 0, immune: false, amount: 1, temporary_absorbed: 0, stamina_before: -11, stamina_after: -12 }"#,
            r#"stamina.death.hero: VitalityChanged { creature: "h", from: Dying, to: Dead, stamina: -12, threshold: -12 }"#,
            r#"encounter.defeat: EncounterEnded { outcome: Defeat }"#,
            r#"malice.lost: MaliceLost { amount: 2 }"#,
        ]
    );
}

#[test]
fn ds_core_41_hero_chooses_dead_or_unconscious_for_a_goblin() {
    for knock_out in [false, true] {
        let goblin = "(id: \"g\", side: Director, stamina: 4, free_strike: 1, position: (2, 1))";
        let other = monster("m", 8, 4);
        let mut e = fight(&[hero("h", 1, 1), goblin.into(), other], &[6, 6]);
        start(&mut e, "h");
        let mut cmd = strike("h", "g");
        if let Command::FreeStrike { knock_out: k, .. } = &mut cmd {
            *k = knock_out;
        }
        let events = e.apply(cmd).unwrap();
        let g = creature(&e, "g");
        assert_eq!(g.stamina.current, 0, "Director creatures stop at 0");
        if knock_out {
            assert!(g.unconscious && !g.dead);
            assert!(events.iter().any(|ev| ev.rule == "stamina.knocked_out"));
            // DS-COMBAT-89 / seed 002 L3084: any damage while knocked out kills.
            end(&mut e, "h");
            e.apply(hurt("g", 1, None)).unwrap();
            assert!(creature(&e, "g").dead);
        } else {
            assert!(g.dead && !g.unconscious && !g.dying);
            assert!(events.iter().any(|ev| ev.rule == "stamina.death.director"));
        }
    }
}

#[test]
fn ds_combat_82_temporary_stamina_absorbs_first_and_winded_ignores_it() {
    let h = hero_with(
        "h",
        1,
        1,
        "stamina: 30, current_stamina: 20, temporary_stamina: 10",
    );
    let mut e = fight(&[h, monster("m", 5, 5)], &[]);
    let events = e.apply(hurt("h", 16, None)).unwrap();
    let h = creature(&e, "h");
    assert_eq!(
        (h.stamina.current, h.stamina.temporary, h.winded),
        (14, 0, true)
    );
    let Event::Damaged {
        temporary_absorbed, ..
    } = &find(&events, |ev| matches!(ev, Event::Damaged { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*temporary_absorbed, 10);
}

#[test]
fn ds_combat_77_79_weakness_and_immunity_through_commands() {
    let hound = "(id: \"d\", side: Director, stamina: 40, free_strike: 2, position: (5, 5), immunities: [(kind: Fire, amount: Value(3))], weaknesses: [(kind: Fire, amount: Value(5)), (amount: Value(2))])";
    let mut e = fight(&[hero("h", 1, 1), hound.into()], &[]);
    e.apply(hurt("d", 10, Some(DamageType::Fire))).unwrap();
    // 10 + 5 (highest weakness) − 3 = 12.
    assert_eq!(creature(&e, "d").stamina.current, 28);
    e.apply(hurt("d", 10, Some(DamageType::Cold))).unwrap();
    // 10 + 2 (damage weakness applies to every type), no cold immunity = 12.
    assert_eq!(creature(&e, "d").stamina.current, 16);
}

#[test]
fn ds_combat_86_dying_hero_cannot_catch_breath() {
    let h = hero_with("h", 1, 1, "stamina: 30, current_stamina: -5");
    let mut e = fight(&[h, monster("m", 5, 5)], &[]);
    assert!(creature(&e, "h").dying);
    start(&mut e, "h");
    let before = e.checksum();
    let err = e
        .apply(Command::CatchBreath {
            creature: "h".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "stamina.dying");
    assert_eq!(e.checksum(), before);
}

#[test]
fn catch_breath_spends_a_recovery_for_the_recovery_value() {
    let h = hero_with("h", 1, 1, "stamina: 30, current_stamina: 12");
    let mut e = fight(&[h, monster("m", 5, 5)], &[]);
    start(&mut e, "h");
    let events = e
        .apply(Command::CatchBreath {
            creature: "h".into(),
        })
        .unwrap();
    let h = creature(&e, "h");
    assert_eq!(
        (h.stamina.current, h.recoveries, h.winded),
        (22, Some(1), false)
    );
    assert!(
        events.iter().any(|ev| ev.rule == "stamina.winded"),
        "no longer winded is logged"
    );
    // Capped at maximum (A-14): 22 + 10 → 30.
    e.apply(Command::CatchBreath {
        creature: "h".into(),
    })
    .unwrap(); // trades the main action
    assert_eq!(creature(&e, "h").stamina.current, 30);
    let err = e
        .apply(Command::CatchBreath {
            creature: "h".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "recovery.catch_breath", "no Recoveries left");
}

#[test]
fn director_creatures_have_no_recoveries() {
    let mut e = fight(&[hero("h", 1, 1), monster("m", 5, 5)], &[]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "m");
    let err = e
        .apply(Command::CatchBreath {
            creature: "m".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "recovery.catch_breath");
}

#[test]
fn ds_combat_89_monster_at_4_takes_4_and_dies_never_dying() {
    let goblin = "(id: \"g\", side: Director, stamina: 10, current_stamina: 4, free_strike: 1, position: (5, 5))";
    let mut e = fight(&[hero("h", 1, 1), goblin.into(), monster("m", 8, 4)], &[]);
    e.apply(hurt("g", 4, None)).unwrap();
    let g = creature(&e, "g");
    assert!(g.dead && !g.dying);
}

#[test]
fn option_director_creatures_knocked_out_by_default() {
    // A-28 as a named option: with it off, a creature at 0 is knocked out instead of killed.
    let src = format!(
        "Scenario(name: \"opt\", options: (director_creatures_die_at_zero: false), map: (rows: [\"......\", \"......\"]), creatures: [{}, {}], dice: [7])",
        hero("h", 0, 0),
        monster("m", 4, 1)
    );
    let mut e = steelgrid_rules::scenario::load("opt.ron", &src)
        .unwrap()
        .start(None);
    e.apply(Command::ChooseFirstSide {
        side: steelgrid_rules::creature::Side::Heroes,
    })
    .unwrap();
    e.apply(hurt("m", 25, None)).unwrap();
    assert!(creature(&e, "m").unconscious);
    assert_eq!(
        e.state().status,
        "victory",
        "an unconscious enemy is out of the fight"
    );
}

#[test]
fn damage_on_a_dead_creature_is_refused() {
    let mut e = fight(
        &[hero("h", 1, 1), monster("m", 5, 5), monster("n", 7, 5)],
        &[],
    );
    e.apply(hurt("m", 50, None)).unwrap();
    let err = e.apply(hurt("m", 1, None)).unwrap_err();
    assert_eq!(err.rule, "creature");
}

#[test]
fn ds_combat_86_heal_lets_a_dying_hero_spend_a_recovery() {
    let dying = hero_with("d", 2, 1, "stamina: 30, current_stamina: -5");
    let mut e = fight(&[hero("h", 1, 1), dying, monster("m", 8, 5)], &[]);
    assert!(creature(&e, "d").dying);
    start(&mut e, "h");
    let events = e
        .apply(Command::Heal {
            creature: "h".into(),
            target: "d".into(),
        })
        .unwrap();
    let d = creature(&e, "d");
    // −5 + recovery value 10 = 5: no longer dying (winded).
    assert_eq!(
        (d.stamina.current, d.dying, d.recoveries),
        (5, false, Some(1))
    );
    assert!(events.iter().any(|ev| ev.rule == "action.heal"));
    // The healer's main action is spent.
    let err = e
        .apply(Command::Heal {
            creature: "h".into(),
            target: "d".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn heal_needs_an_adjacent_ally() {
    let mut e = fight(
        &[hero("h", 1, 1), hero("far", 5, 5), monster("m", 2, 1)],
        &[],
    );
    start(&mut e, "h");
    for target in ["far", "m", "h"] {
        let err = e
            .apply(Command::Heal {
                creature: "h".into(),
                target: target.into(),
            })
            .unwrap_err();
        assert_eq!(err.rule, "action.heal", "{target}");
    }
}

#[test]
fn ds_core_77_defend_double_bane_against_one_edge_is_one_bane() {
    // H defends; on the Director's turn a flanking attacker (one edge) strikes it: one bane.
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (3, 3), characteristics: (might: 2), hero: (recoveries: 1))";
    let a = "(id: \"a\", side: Director, stamina: 30, position: (2, 3), characteristics: (might: 2), hero: (recoveries: 1))";
    let mut e = fight(&[h.into(), a.into(), monster("b", 4, 3)], &[5, 5]);
    start(&mut e, "h");
    let events = e
        .apply(Command::Defend {
            creature: "h".into(),
        })
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "action.defend"));
    assert_eq!(creature(&e, "h").effects, vec!["defending"]);
    end(&mut e, "h");
    start(&mut e, "a");
    let events = e.apply(strike("a", "h")).unwrap();
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!((roll.edges.len(), roll.banes.len()), (1, 2));
    assert_eq!(roll.net, steelgrid_rules::power_roll::NetEdge::Bane);
    // 10 + 2 − 2 = 10: tier 1.
    assert_eq!(roll.total, 10);
    end(&mut e, "a");
    // It lasts until the start of H's next turn.
    start(&mut e, "b");
    end(&mut e, "b");
    start(&mut e, "h");
    assert!(creature(&e, "h").effects.is_empty());
}

#[test]
fn ds_core_76_a_fall_less_agility_then_2_a_square_capped_at_50() {
    use steelgrid_rules::forced::fall_damage;
    // 5 squares, Agility 2: 3 squares → 6 damage and prone.
    assert_eq!(fall_damage(5, 2, false), (3, 6, true));
    // 40 squares, Agility 0: 80 would be the damage; the cap is 50.
    assert_eq!(fall_damage(40, 0, false), (40, 50, true));
}

#[test]
fn ds_core_80_halved_damage_rounds_down() {
    // A hero takes 7 damage halved (as Parry halves it): 3.
    let mut e = fight(&[hero("h", 1, 1), monster("m", 5, 1)], &[]);
    e.apply(Command::EnvironmentDamage {
        target: "h".into(),
        amount: 7,
        damage_type: None,
        halved: true,
    })
    .expect("damage");
    assert_eq!(creature(&e, "h").stamina.current, 27);
}

/// The modifiers on the first power roll among `events`, as (edge rules, bane rules).
fn roll_modifiers(events: &[steelgrid_rules::event::LoggedEvent]) -> (Vec<String>, Vec<String>) {
    let Event::PowerRolled { roll, .. } =
        &find(events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    let rules = |list: &[steelgrid_rules::power_roll::Modifier]| {
        list.iter().map(|m| m.rule.clone()).collect::<Vec<_>>()
    };
    (rules(&roll.edges), rules(&roll.banes))
}

#[test]
fn ds_combat_x7_a_knocked_out_creature_falls_prone_and_rolls_against_it_have_a_double_edge() {
    // seed 002 L3092: unconscious, it is prone and ability rolls against it have a double edge.
    let goblin = "(id: \"g\", side: Director, stamina: 4, free_strike: 1, position: (2, 1))";
    let mut e = fight(
        &[
            hero("h", 1, 1),
            hero("k", 2, 2),
            goblin.into(),
            monster("m", 8, 4),
        ],
        &[6, 6, 3, 3],
    );
    start(&mut e, "h");
    let mut cmd = strike("h", "g");
    if let Command::FreeStrike { knock_out, .. } = &mut cmd {
        *knock_out = true;
    }
    let events = e.apply(cmd).unwrap();
    assert!(logged(&events).contains(
        &r#"stamina.knocked_out: ConditionGained { creature: "g", condition: "prone" }"#.to_owned()
    ));
    assert!(creature(&e, "g").unconscious);
    assert!(conditions(&e, "g").contains(&"prone".to_owned()));
    end(&mut e, "h");
    start(&mut e, "m");
    end(&mut e, "m");
    start(&mut e, "k");
    let events = e.apply(strike("k", "g")).unwrap();
    let (edges, _) = roll_modifiers(&events);
    assert_eq!(
        edges,
        [
            "stamina.knocked_out",
            "stamina.knocked_out",
            "condition.prone"
        ]
    );
    assert!(creature(&e, "g").dead, "seed 002 L3084: damage kills it");
}

#[test]
fn ds_combat_x8_defend_gives_nothing_while_the_defender_has_a_creature_taunted() {
    // seed 002 L2948: the ogre defends while H is taunted by it; H's strike on the ogre has
    // neither Defend's double bane nor the taunt's (H targets its taunter).
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (3, 3), characteristics: (might: 2), hero: (recoveries: 1), conditions: [(condition: Taunted, duration: SaveEnds, source: Some(\"ogre\"))])";
    let mut e = fight(&[h.into(), monster("ogre", 4, 3)], &[5, 5]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "ogre");
    e.apply(Command::Defend {
        creature: "ogre".into(),
    })
    .unwrap();
    end(&mut e, "ogre");
    start(&mut e, "h");
    let events = e.apply(strike("h", "ogre")).unwrap();
    assert_eq!(roll_modifiers(&events), (vec![], vec![]));
    // Without the taunt, the same Defend gives its double bane.
    let mut e = fight(&[hero("h", 3, 3), monster("ogre", 4, 3)], &[5, 5]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "ogre");
    e.apply(Command::Defend {
        creature: "ogre".into(),
    })
    .unwrap();
    end(&mut e, "ogre");
    start(&mut e, "h");
    let events = e.apply(strike("h", "ogre")).unwrap();
    assert_eq!(
        roll_modifiers(&events),
        (
            vec![],
            vec!["action.defend".to_owned(), "action.defend".to_owned()]
        )
    );
}
