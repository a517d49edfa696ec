//! Each class's resource over a short fight: the turn's gain, the class's own gain the first
//! time in a round its event happens (and not the second), and a heroic ability paying it.

use steelgrid_rules::Engine;
use steelgrid_rules::class::{Class, GainOn};
use steelgrid_rules::condition::{Condition, Duration};
use steelgrid_rules::creature::Vitality;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind;
use steelgrid_rules::terms::hero_token::SurgeSpend;
use steelgrid_rules::testing::{Fight, at};

use crate::common::abilities::{use_ability, use_ability_with_surges};
use crate::common::{apply, creature, end, force, stamina, start, strike, take_turn};

/// What `id` gained in `events`: (amount, why).
fn gains(events: &[LoggedEvent], id: &str) -> Vec<(i32, Option<GainOn>)> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            Event::ResourceGained {
                creature,
                amount,
                because,
                ..
            } if creature == id => Some((*amount, *because)),
            _ => None,
        })
        .collect()
}

/// What `id` spent in `events`: (amount, left).
fn spent(events: &[LoggedEvent], id: &str) -> Vec<(u32, i32)> {
    events
        .iter()
        .filter_map(|e| match &e.event {
            Event::ResourceSpent {
                creature,
                amount,
                left,
            } if creature == id => Some((*amount, *left)),
            _ => None,
        })
        .collect()
}

fn resource(e: &Engine, id: &str) -> i32 {
    creature(e, id).heroic_resource.expect("a hero")
}

/// The rule each gain is logged under.
fn gain_rules(events: &[LoggedEvent]) -> Vec<&'static str> {
    events
        .iter()
        .filter(|e| matches!(e.event, Event::ResourceGained { .. }))
        .map(|e| e.rule.id)
        .collect()
}

#[test]
fn class_fury_gains_ferocity_the_first_time_each_round_it_takes_damage_and_spends_it() {
    let mut e = Fight::new()
        .class_hero("fury", Class::Fury, 1, at(1, 1))
        .knows(&["bone_jarring_slam"])
        .monster("m", at(2, 1))
        .monster("m2", at(1, 2))
        .start();
    let turn = start(&mut e, "fury");
    assert_eq!(gains(&turn, "fury"), vec![(2, None)], "2 Ferocity a turn");
    end(&mut e, "fury");
    start(&mut e, "m");
    let hit = apply(&mut e, strike("m", "fury"));
    assert_eq!(gains(&hit, "fury"), vec![(1, Some(GainOn::TakesDamage))]);
    assert_eq!(gain_rules(&hit), vec!["resource.heroic.gain"]);
    end(&mut e, "m");
    start(&mut e, "m2");
    let again = apply(&mut e, strike("m2", "fury"));
    assert!(gains(&again, "fury").is_empty(), "once a round");
    end(&mut e, "m2");
    assert_eq!(resource(&e, "fury"), 3);
    // Round 2: 2 more at the turn's start, enough for a 3-Ferocity ability.
    start(&mut e, "fury");
    let used = apply(&mut e, use_ability("fury", "bone_jarring_slam", &["m"]));
    assert_eq!(spent(&used, "fury"), vec![(3, 2)]);
    end(&mut e, "fury");
    start(&mut e, "m");
    let hit = apply(&mut e, strike("m", "fury"));
    assert_eq!(
        gains(&hit, "fury"),
        vec![(1, Some(GainOn::TakesDamage))],
        "a new round pays again"
    );
    assert_eq!(resource(&e, "fury"), 3);
    let view = creature(&e, "fury").class.expect("a class hero");
    assert_eq!(
        (view.name.as_str(), view.resource.as_str()),
        ("Fury", "Ferocity")
    );
}

#[test]
fn class_censor_gains_wrath_fighting_the_foe_it_taunted_once_a_round() {
    let mut e = Fight::new()
        .class_hero("censor", Class::Censor, 1, at(1, 1))
        .knows(&["chastening_blow", "brand_of_the_accused"])
        .monster("m", at(2, 1))
        .starts_with(Condition::Taunted, Duration::EndOfEncounter, Some("censor"))
        .monster("other", at(1, 2))
        .start();
    start(&mut e, "censor");
    let hit = apply(&mut e, strike("censor", "m"));
    assert_eq!(gains(&hit, "censor"), vec![(1, Some(GainOn::TauntedFoe))]);
    end(&mut e, "censor");
    start(&mut e, "other");
    let untaunted = apply(&mut e, strike("other", "censor"));
    assert!(
        gains(&untaunted, "censor").is_empty(),
        "a foe it has not taunted"
    );
    end(&mut e, "other");
    start(&mut e, "m");
    let back = apply(&mut e, strike("m", "censor"));
    assert!(gains(&back, "censor").is_empty(), "once a round");
    end(&mut e, "m");
    assert_eq!(resource(&e, "censor"), 3);
    // Round 2: 5 Wrath; the brand costs 3, and hitting the taunted foe pays 1 back.
    start(&mut e, "censor");
    let brand = apply(
        &mut e,
        use_ability("censor", "brand_of_the_accused", &["m"]),
    );
    assert_eq!(spent(&brand, "censor"), vec![(3, 2)]);
    assert_eq!(gains(&brand, "censor"), vec![(1, Some(GainOn::TauntedFoe))]);
    assert_eq!(resource(&e, "censor"), 3);
}

#[test]
fn class_conduit_gains_piety_when_an_ally_nearby_is_winded_and_spends_it_to_heal() {
    let mut e = Fight::new()
        .class_hero("conduit", Class::Conduit, 1, at(1, 1))
        .knows(&["kindle_life"])
        .heroic_resource(1)
        .hero("ally", at(3, 1))
        .current_stamina(16)
        .monster("m", at(4, 1))
        .start();
    take_turn(&mut e, "conduit");
    start(&mut e, "m");
    let hit = apply(&mut e, strike("m", "ally"));
    assert_eq!(stamina(&e, "ally"), 13, "winded at 15 or less");
    assert_eq!(
        gains(&hit, "conduit"),
        vec![(2, Some(GainOn::AllyWinded(10)))]
    );
    end(&mut e, "m");
    assert_eq!(resource(&e, "conduit"), 5);
    take_turn(&mut e, "ally");
    start(&mut e, "conduit");
    let healed = apply(&mut e, use_ability("conduit", "kindle_life", &["ally"]));
    assert_eq!(spent(&healed, "conduit"), vec![(3, 4)]);
    assert_eq!(stamina(&e, "ally"), 13 + 30 / 3, "its recovery value");
}

#[test]
fn class_elementalist_gains_essence_from_typed_damage_nearby_not_from_a_plain_blow() {
    let mut e = Fight::new()
        .class_hero("el", Class::Elementalist, 1, at(1, 1))
        .knows(&["hurled_cinder", "mantle_of_embers"])
        .monster("m", at(2, 1))
        .start();
    start(&mut e, "el");
    let cinder = apply(&mut e, use_ability("el", "hurled_cinder", &["m"]));
    assert_eq!(
        gains(&cinder, "el"),
        vec![(1, Some(GainOn::TypedDamageWithin(10)))]
    );
    end(&mut e, "el");
    start(&mut e, "m");
    let _ = apply(&mut e, strike("m", "el"));
    end(&mut e, "m");
    take_turn(&mut e, "el");
    start(&mut e, "m");
    let plain = apply(&mut e, strike("m", "el"));
    assert!(gains(&plain, "el").is_empty(), "untyped damage");
    assert_eq!(resource(&e, "el"), 5);
    end(&mut e, "m");
    // Round 3: 7 Essence; the mantle costs 5, and its fire on the monster beside pays 1.
    start(&mut e, "el");
    let mantle = apply(&mut e, use_ability("el", "mantle_of_embers", &[]));
    assert_eq!(spent(&mantle, "el"), vec![(5, 2)]);
    assert_eq!(
        gains(&mantle, "el"),
        vec![(1, Some(GainOn::TypedDamageWithin(10)))]
    );
}

#[test]
fn class_null_gains_discipline_when_an_enemy_within_2_uses_a_main_action() {
    let mut e = Fight::new()
        .class_hero("null", Class::Null, 1, at(1, 1))
        .knows(&["stillwater_palm", "nerve_lock"])
        .hero("ally", at(8, 1))
        .monster("far", at(9, 1))
        .monster("near", at(2, 1))
        .start();
    take_turn(&mut e, "null");
    start(&mut e, "far");
    let far = apply(&mut e, strike("far", "ally"));
    assert!(gains(&far, "null").is_empty(), "7 squares away");
    end(&mut e, "far");
    take_turn(&mut e, "ally");
    start(&mut e, "near");
    let near = apply(&mut e, strike("near", "null"));
    assert_eq!(
        gains(&near, "null"),
        vec![(1, Some(GainOn::EnemyMainActionWithin(2)))]
    );
    assert_eq!(resource(&e, "null"), 3);
    end(&mut e, "near");
    start(&mut e, "null");
    let lock = apply(&mut e, use_ability("null", "nerve_lock", &["near"]));
    assert_eq!(spent(&lock, "null"), vec![(3, 2)]);
}

#[test]
fn class_shadow_gains_insight_when_it_spends_surges() {
    let mut e = Fight::new()
        .class_hero("shadow", Class::Shadow, 1, at(1, 1))
        .knows(&["whisper_cut", "red_thread"])
        .surges(2)
        .monster("m", at(2, 1))
        .start();
    start(&mut e, "shadow");
    let surges = SurgeSpend {
        damage: 1,
        damage_target: Some("m".into()),
        potency: Vec::new(),
    };
    let cut = apply(
        &mut e,
        use_ability_with_surges("shadow", "whisper_cut", &["m"], surges),
    );
    assert_eq!(gains(&cut, "shadow"), vec![(1, Some(GainOn::SurgesSpent))]);
    assert_eq!(resource(&e, "shadow"), 3);
    end(&mut e, "shadow");
    take_turn(&mut e, "m");
    start(&mut e, "shadow");
    let thread = apply(&mut e, use_ability("shadow", "red_thread", &["m"]));
    assert_eq!(spent(&thread, "shadow"), vec![(3, 2)]);
    assert!(gains(&thread, "shadow").is_empty(), "no surges spent");
}

#[test]
fn class_tactician_gains_focus_when_an_ally_hits_an_enemy_beside_it() {
    let mut e = Fight::new()
        .class_hero("tac", Class::Tactician, 1, at(1, 1))
        .knows(&["called_target"])
        .hero("ally", at(3, 1))
        .hero("archer", at(8, 5))
        .monster("m", at(2, 1))
        .monster("far", at(9, 5))
        .start();
    start(&mut e, "archer");
    let far = apply(&mut e, strike("archer", "far"));
    assert!(gains(&far, "tac").is_empty(), "the enemy is not beside it");
    end(&mut e, "archer");
    take_turn(&mut e, "far");
    start(&mut e, "ally");
    let near = apply(&mut e, strike("ally", "m"));
    assert_eq!(
        gains(&near, "tac"),
        vec![(1, Some(GainOn::AllyDamagesEnemyWithin(1)))]
    );
    assert_eq!(resource(&e, "tac"), 1);
    end(&mut e, "ally");
    take_turn(&mut e, "m");
    start(&mut e, "tac");
    let called = apply(&mut e, use_ability("tac", "called_target", &["m"]));
    assert_eq!(spent(&called, "tac"), vec![(3, 0)]);
    assert!(
        gains(&called, "tac").is_empty(),
        "its own blow is no ally's"
    );
}

#[test]
fn class_talent_gains_clarity_from_forced_movement_and_is_strained_below_zero() {
    let mut e = Fight::new()
        .class_hero("talent", Class::Talent, 1, at(1, 1))
        .knows(&["glimpse_of_the_end", "cascade_of_voices"])
        .heroic_resource(-2)
        .monster("m", at(3, 1))
        .start();
    start(&mut e, "talent");
    assert_eq!(resource(&e, "talent"), 0);
    let push = apply(
        &mut e,
        force(ForcedKind::Push, Some("talent"), "m", 2, &[(4, 1), (5, 1)]),
    );
    assert_eq!(
        gains(&push, "talent"),
        vec![(1, Some(GainOn::ForcedMovementWithin(10)))]
    );
    assert_eq!(resource(&e, "talent"), 1);
    // Reason 2: Clarity may go down to -(1 + 2) = -3; 5 more would take it to -4.
    let err = e
        .apply(use_ability("talent", "cascade_of_voices", &["m"]))
        .expect_err("past the strain's floor");
    assert_eq!(err.rule, "resource.heroic");
    assert!(err.reason.contains("may go down to -3"), "{}", err.reason);
    let before = stamina(&e, "talent");
    let used = apply(&mut e, use_ability("talent", "glimpse_of_the_end", &["m"]));
    assert_eq!(spent(&used, "talent"), vec![(3, -2)]);
    let ended = end(&mut e, "talent");
    let strained: Vec<(i32, u32)> = ended
        .iter()
        .filter_map(|l| match &l.event {
            Event::Strained {
                resource, amount, ..
            } => Some((*resource, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(strained, vec![(-2, 2)]);
    assert_eq!(stamina(&e, "talent"), before - 2);
}

#[test]
fn class_troubadour_gains_drama_from_a_natural_20_and_a_winded_creature() {
    let mut e = Fight::new()
        .class_hero("troub", Class::Troubadour, 1, at(1, 1))
        .knows(&["dazzling_lunge", "barbed_punchline"])
        .monster("m", at(2, 1))
        .current_stamina(18)
        .dice(&[10, 10])
        .start();
    start(&mut e, "troub");
    let lunge = apply(&mut e, use_ability("troub", "dazzling_lunge", &["m"]));
    let mut got = gains(&lunge, "troub");
    got.sort_by_key(|g| format!("{g:?}"));
    assert_eq!(
        got,
        vec![
            (2, Some(GainOn::AnyWinded)),
            (2, Some(GainOn::NaturalCritical))
        ]
    );
    assert_eq!(resource(&e, "troub"), 6);
    end(&mut e, "troub");
    take_turn(&mut e, "m");
    start(&mut e, "troub");
    let quip = apply(&mut e, use_ability("troub", "barbed_punchline", &["m"]));
    assert_eq!(spent(&quip, "troub"), vec![(3, 5)]);
}

#[test]
fn class_templates_give_stamina_and_abilities_by_level() {
    let e = Fight::new()
        .from_template("c1", "censor", at(1, 1))
        .from_template("c3", "censor_3", at(3, 3))
        .monster("m", at(8, 4))
        .start();
    let (one, three) = (creature(&e, "c1"), creature(&e, "c3"));
    assert_eq!((one.stamina.max, three.stamina.max), (27, 45));
    let level = |c: &steelgrid_rules::engine::CreatureView| c.class.as_ref().map(|k| k.level);
    assert_eq!((level(&one), level(&three)), (Some(1), Some(3)));
    assert!(three.abilities.len() > one.abilities.len());
}

#[test]
fn class_a_dead_hero_gains_nothing() {
    // The Troubadour's Stamina 24 winds at 12: dead at -12 (seed 002 L3068-3072).
    let mut e = Fight::new()
        .class_hero("troub", Class::Troubadour, 1, at(1, 1))
        .current_stamina(-12)
        .hero("ally", at(5, 4))
        .monster("m", at(6, 4))
        .current_stamina(16)
        .start();
    assert_eq!(creature(&e, "troub").state, Vitality::Dead);
    start(&mut e, "ally");
    let hit = apply(&mut e, strike("ally", "m"));
    assert!(stamina(&e, "m") <= 15, "the monster is winded");
    assert!(gains(&hit, "troub").is_empty());
}
