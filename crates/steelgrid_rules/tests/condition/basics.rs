//! Conditions with durations (seed 002 L1677-1697, L1723-1775; digest §30, §32, §41): what each
//! one does and how it ends. Conditions are imposed with the scenario's own unrolled abilities,
//! which always land, so each test scripts only the dice of the rolls it checks.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, rule_ids, the_roll, use_ability};
use common::{
    ROOM, advance, apply, conditions, count, creature, end, force, logged, pick, saving_throws,
    squares, stamina, start, take_turn,
};
use steelgrid_rules::condition::Condition;
use steelgrid_rules::creature::{MovementMode, Side};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind;
use steelgrid_rules::grid::Square;
use steelgrid_rules::power_roll::{NetEdge, Tier};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// An unrolled maneuver that imposes `condition` for `duration` on one creature within 10.
fn imposer(id: &str, condition: &str, duration: &str) -> String {
    format!(
        "\"{id}\": (name: \"{id}\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (conditions: [(condition: {condition}, duration: {duration})])),"
    )
}

/// A strike rolled with Might: damage 2 / 4 / 6 (+ Might) on up to `count` enemies. `how` is its
/// keywords and distance; `extra` follows each tier's damage.
fn strike(id: &str, action: &str, how: &str, count: u32, extra: &str) -> String {
    format!(
        "\"{id}\": (name: \"{id}\", {how}, action: {action}, {}, {}),",
        enemies(count),
        might_damage([2, 4, 6], extra)
    )
}

/// The keywords and distance of a weapon strike at range.
const RANGED_WEAPON: &str = "keywords: [Ranged, Strike, Weapon], distance: Ranged(10)";

/// The abilities every scenario in this file defines.
fn abilities() -> String {
    [
        imposer("daze_eot", "Dazed", "EndOfTurn"),
        imposer("daze", "Dazed", "EndOfEncounter"),
        imposer("scare", "Frightened", "EndOfEncounter"),
        imposer("bind", "Restrained", "EndOfEncounter"),
        imposer("slow_eot", "Slowed", "EndOfTurn"),
        imposer("slow", "Slowed", "EndOfEncounter"),
        imposer("taunt", "Taunted", "EndOfEncounter"),
        imposer("weaken", "Weakened", "EndOfEncounter"),
        imposer("weaken_save", "Weakened", "SaveEnds"),
        imposer("bleed", "Bleeding", "EndOfEncounter"),
        // The same condition from a different, main-action ability.
        "\"slow_main\": (name: \"slow_main\", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(10), target: (who: Creature, count: 1), effect: (conditions: [(condition: Slowed, duration: SaveEnds)])),".into(),
        // Only its user, during its own turn.
        "\"self_slow\": (name: \"self_slow\", action: Maneuver, distance: Self, target: (who: Self), effect: (conditions: [(condition: Slowed, duration: EndOfTurn)])),".into(),
        strike("hit", "MainAction", MELEE_WEAPON, 1, ""),
        strike("twin", "MainAction", MELEE_WEAPON, 2, ""),
        strike("shove", "Maneuver", MELEE_WEAPON, 1, ""),
        strike("shot", "MainAction", RANGED_WEAPON, 1, ""),
        strike("slam", "MainAction", MELEE_WEAPON, 1, ", forced: (kind: Push, distance: 2)"),
    ]
    .join("\n")
}

fn disengage(id: &str, path: &[(i32, i32)]) -> Command {
    Command::Disengage {
        creature: id.into(),
        path: squares(path),
    }
}

/// `by` uses `ability` on `on` in its turn and ends it; then `on` starts its turn.
fn impose_then_start(e: &mut Engine, by: &str, ability: &str, on: &str) {
    start(e, by);
    apply(e, use_ability(by, ability, &[on]));
    end(e, by);
    start(e, on);
}

fn ended(events: &[LoggedEvent], who: &str, what: &str) -> usize {
    count(
        events,
        |ev| matches!(ev, Event::ConditionEnded { creature, condition } if creature == who && condition == what),
    )
}

// ---- Durations (DS-CORE-43, save ends) --------------------------------------------------------

#[test]
fn ds_core_43_eot_imposed_during_the_heros_turn_lasts_to_the_end_of_the_enemys_next_turn() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["slow_eot"])
        .monster("m", at(6, 1))
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "slow_eot", &["m"]));
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::ConditionGained { creature, condition } if creature == "m" && condition == "slowed (EoT)"
        )),
        1
    );
    let events = end(&mut e, "h");
    assert_eq!(
        ended(&events, "m", "slowed"),
        0,
        "the hero's turn end is not m's"
    );
    assert_eq!(conditions(&e, "m"), vec!["slowed (EoT)"]);
    start(&mut e, "m");
    assert_eq!(conditions(&e, "m"), vec!["slowed (EoT)"]);
    let err = e
        .apply(advance("m", &[(7, 1), (8, 1), (9, 1)]))
        .unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit", "still slowed on its turn");
    let events = end(&mut e, "m");
    assert_eq!(ended(&events, "m", "slowed"), 1);
    assert!(
        events.iter().any(|ev| ev.rule == "effect.end_of_turn"
            && matches!(&ev.event, Event::ConditionEnded { .. }))
    );
    assert!(conditions(&e, "m").is_empty());
}

#[test]
fn ds_core_43_eot_imposed_during_the_creatures_own_turn_ends_at_the_end_of_that_turn() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["self_slow"])
        .monster("m", at(6, 1))
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "self_slow", &[]));
    assert_eq!(conditions(&e, "h"), vec!["slowed (EoT)"]);
    let events = end(&mut e, "h");
    assert_eq!(ended(&events, "h", "slowed"), 1);
    assert!(conditions(&e, "h").is_empty());
}

#[test]
fn save_ends_rolls_a_d10_at_the_end_of_each_of_its_turns_5_keeps_it_and_6_ends_it() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["weaken_save"])
        .monster("m", at(6, 1))
        .dice(&[5, 6])
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "weaken_save", &["m"]));
    let events = end(&mut e, "h");
    assert!(
        saving_throws(&events).is_empty(),
        "only m saves, on its turn"
    );
    assert_eq!(conditions(&e, "m"), vec!["weakened (save ends)"]);
    start(&mut e, "m");
    let events = end(&mut e, "m");
    assert_eq!(
        saving_throws(&events),
        vec![("m".into(), "weakened".into(), 5, false)]
    );
    assert_eq!(ended(&events, "m", "weakened"), 0);
    assert_eq!(conditions(&e, "m"), vec!["weakened (save ends)"]);
    assert_eq!(e.state().scripted_dice_left, 1);
    // Round 2.
    take_turn(&mut e, "h");
    start(&mut e, "m");
    let events = end(&mut e, "m");
    assert_eq!(
        saving_throws(&events),
        vec![("m".into(), "weakened".into(), 6, true)]
    );
    assert_eq!(ended(&events, "m", "weakened"), 1);
    assert!(conditions(&e, "m").is_empty());
    // Everything m's second end of turn logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"turn.end: TurnEnded { creature: "m" }"#,
            r#"effect.save_ends: SavingThrow { creature: "m", condition: "weakened", roll: 6, saved: true }"#,
            r#"effect.save_ends: ConditionEnded { creature: "m", condition: "weakened" }"#,
            r#"turn.round.end: RoundEnded { round: 2 }"#,
            r#"turn.round.start: RoundStarted { round: 3 }"#,
            r#"turn.order: NextToAct { side: Heroes, group: None, back_to_back: false }"#,
            r#"malice.gain: MaliceGained { amount: 4, now: 9, reason: "round 3: 1 heroes + 3" }"#,
        ]
    );
}

// ---- Bleeding (DS-CORE-50) --------------------------------------------------------------------

fn stamina_lost(events: &[LoggedEvent]) -> Vec<(String, u32, u32, i32)> {
    pick(events, |ev| match &ev.event {
        Event::StaminaLost {
            creature,
            amount,
            roll,
            stamina,
        } => Some((creature.clone(), *amount, *roll, *stamina)),
        _ => None,
    })
}

#[test]
fn ds_core_50_a_bleeding_level_3_hero_loses_1d6_plus_3_once_after_a_main_action_hitting_two() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 2))
        .knows(&["twin"])
        .level(3)
        .monster("m", at(4, 1))
        .knows(&["bleed"])
        .monster("n", at(4, 3))
        .dice(&[3, 3, 4])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "bleed", &["h"]));
    assert_eq!(
        conditions(&e, "h"),
        vec!["bleeding (until the encounter ends)"]
    );
    end(&mut e, "m");
    start(&mut e, "h");
    // A move action is neither a main action nor a roll.
    let events = apply(&mut e, advance("h", &[(2, 2), (3, 2)]));
    assert!(stamina_lost(&events).is_empty());
    assert_eq!(stamina(&e, "h"), 30);
    assert_eq!(e.state().scripted_dice_left, 3);
    // One main action, one roll, two targets: one loss of d6 (4) + level 3.
    let events = apply(&mut e, use_ability("h", "twin", &["m", "n"]));
    assert_eq!(stamina_lost(&events), vec![("h".into(), 7, 4, 23)]);
    assert_eq!(stamina(&e, "h"), 23);
    // 6 + 2 = 8 → tier 1: 2 + 2 to each.
    assert_eq!(stamina(&e, "m"), 26);
    assert_eq!(stamina(&e, "n"), 26);
    assert_eq!(e.state().scripted_dice_left, 0);
}

#[test]
fn bleeding_follows_a_might_maneuver_roll_but_not_an_unrolled_maneuver() {
    // A Might roll on a maneuver: d6 6 + level 1.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["shove"])
        .monster("m", at(2, 1))
        .knows(&["bleed"])
        .dice(&[3, 3, 6])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bleed", "h");
    let events = apply(&mut e, use_ability("h", "shove", &["m"]));
    assert_eq!(stamina_lost(&events), vec![("h".into(), 7, 6, 23)]);
    // An unrolled maneuver costs nothing.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["self_slow"])
        .monster("m", at(2, 1))
        .knows(&["bleed"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bleed", "h");
    let events = apply(&mut e, use_ability("h", "self_slow", &[]));
    assert!(stamina_lost(&events).is_empty());
    assert_eq!(stamina(&e, "h"), 30);
}

#[test]
fn ds_core_50_a_bleeding_hero_that_makes_an_opportunity_attack_loses_stamina() {
    // seed 002 L1727-1731: using a triggered action, or making a Might or Agility ability
    // roll, makes a bleeding creature lose 1d6 + level. A hero's opportunity attack is a
    // free strike rolled with Might here.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("m", at(2, 1))
        .knows(&["bleed"])
        .dice(&[5, 5, 3])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "bleed", &["h"]));
    assert_eq!(
        conditions(&e, "h"),
        vec!["bleeding (until the encounter ends)"]
    );
    let events = apply(&mut e, advance("m", &[(3, 1), (4, 1)]));
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::OpportunityAttack { attacker, target, .. } if attacker == "h" && target == "m"
        )),
        1
    );
    // The free strike rolled 5 + 5 + 2 = 12 → tier 2; then d6 3 + level 1.
    assert!(stamina(&e, "m") < 30);
    assert_eq!(stamina_lost(&events), vec![("h".into(), 4, 3, 26)]);
    assert_eq!(stamina(&e, "h"), 26);
}

#[test]
fn bleeding_is_stamina_loss_that_temporary_stamina_does_not_absorb() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["hit"])
        .temporary_stamina(5)
        .monster("m", at(2, 1))
        .knows(&["bleed"])
        .dice(&[3, 3, 2])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bleed", "h");
    let events = apply(&mut e, use_ability("h", "hit", &["m"]));
    assert_eq!(stamina_lost(&events), vec![("h".into(), 3, 2, 27)]);
    let h = creature(&e, "h");
    assert_eq!((h.stamina.current, h.stamina.temporary), (27, 5));
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::Damaged { target, .. } if target == "h")
        ),
        0,
        "bleeding is not damage"
    );
}

// ---- Dazed (DS-CORE-52, DS-CORE-07) -----------------------------------------------------------

#[test]
fn ds_core_52_a_dazed_creature_that_moved_has_no_main_action_or_maneuver_left() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 1))
        .knows(&["daze_eot"])
        .monster("m", at(5, 1))
        .knows(&["hit", "shove"])
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "daze_eot", &["m"]));
    end(&mut e, "h");
    assert_eq!(conditions(&e, "m"), vec!["dazed (EoT)"]);
    start(&mut e, "m");
    apply(&mut e, advance("m", &[(4, 1)]));
    let actions = creature(&e, "m").actions;
    assert!(!actions.main && !actions.maneuver && !actions.move_action);
    let err = e.apply(use_ability("m", "hit", &["h"])).unwrap_err();
    assert_eq!(err.rule, "condition.dazed");
    let err = e.apply(use_ability("m", "shove", &["h"])).unwrap_err();
    assert_eq!(err.rule, "condition.dazed");
    assert_eq!(stamina(&e, "h"), 30);
    assert_eq!(e.state().scripted_dice_left, 2, "nothing was rolled");
    let events = end(&mut e, "m");
    assert_eq!(ended(&events, "m", "dazed"), 1);
}

#[test]
fn ds_core_52_a_dazed_creature_makes_no_opportunity_attack() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(2, 2))
        .knows(&["daze_eot"])
        .monster("m", at(3, 2))
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "daze_eot", &["m"]));
    let events = apply(&mut e, advance("h", &[(1, 2), (0, 2)]));
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::OpportunityAttack { .. })),
        0
    );
    assert_eq!(creature(&e, "h").position, Square::new(0, 2));
    assert_eq!(stamina(&e, "h"), 30);
}

#[test]
fn leaving_an_enemy_that_is_not_dazed_provokes_an_opportunity_attack() {
    // The control for the case above: the same move, no daze. A Director creature's free
    // strike deals its free strike value (3) without a roll.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(2, 2))
        .monster("m", at(3, 2))
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, advance("h", &[(1, 2), (0, 2)]));
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::OpportunityAttack { attacker, target, .. } if attacker == "m" && target == "h"
        )),
        1
    );
    assert_eq!(stamina(&e, "h"), 27);
    assert_eq!(creature(&e, "h").position, Square::new(0, 2));
}

#[test]
fn ds_core_07_a_dazed_creatures_critical_hit_still_grants_the_extra_main_action() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["hit", "shove"])
        .monster("m", at(2, 1))
        .knows(&["daze"])
        .dice(&[10, 9, 3, 3])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "daze", "h");
    let events = apply(&mut e, use_ability("h", "hit", &["m"]));
    assert!(the_roll(&events).critical);
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::ExtraMainAction { creature } if creature == "h")
        ),
        1
    );
    assert!(creature(&e, "h").actions.main);
    apply(&mut e, use_ability("h", "hit", &["m"]));
    // 6 + 2, then 2 + 2.
    assert_eq!(stamina(&e, "m"), 18);
    // Then nothing more: no third main action and no maneuver.
    let err = e.apply(use_ability("h", "hit", &["m"])).unwrap_err();
    assert_eq!(err.rule, "condition.dazed");
    let err = e.apply(use_ability("h", "shove", &["m"])).unwrap_err();
    assert_eq!(err.rule, "condition.dazed");
    let actions = creature(&e, "h").actions;
    assert!(!actions.main && !actions.maneuver && !actions.move_action);
}

// ---- Frightened (DS-CORE-53) ------------------------------------------------------------------

#[test]
fn ds_core_53_frightened_bane_against_the_source_edge_for_it_no_moving_closer_and_a_new_source_replaces()
 {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["shot"])
        .monster("ogre", at(6, 1))
        .knows(&["scare", "shot"])
        .monster("wraith", at(1, 5))
        .knows(&["scare"])
        .dice(&[5, 5, 5, 5, 5, 5])
        .first(Side::Director)
        .start();
    // Round 1: the ogre frightens the hero, then shoots it with an edge.
    start(&mut e, "ogre");
    apply(&mut e, use_ability("ogre", "scare", &["h"]));
    assert_eq!(conditions(&e, "h"), vec!["frightened of ogre"]);
    let events = apply(&mut e, use_ability("ogre", "shot", &["h"]));
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.edges), vec!["condition.frightened"]);
    assert!(roll.banes.is_empty());
    // 10 + 0 + 2 = 12 → tier 2: 4.
    assert_eq!((roll.total, roll.tier), (12, Tier::Two));
    assert_eq!(stamina(&e, "h"), 26);
    end(&mut e, "ogre");
    // The hero: a bane against the ogre, and no step toward it.
    start(&mut e, "h");
    let err = e.apply(advance("h", &[(2, 1)])).unwrap_err();
    assert_eq!(err.rule, "condition.frightened");
    apply(&mut e, advance("h", &[(0, 1)]));
    let events = apply(&mut e, use_ability("h", "shot", &["ogre"]));
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.banes), vec!["condition.frightened"]);
    // 10 + 2 − 2 = 10 → tier 1: 2 + 2.
    assert_eq!((roll.total, roll.tier), (10, Tier::One));
    assert_eq!(stamina(&e, "ogre"), 26);
    end(&mut e, "h");
    // The wraith's fear replaces the ogre's.
    start(&mut e, "wraith");
    let events = apply(&mut e, use_ability("wraith", "scare", &["h"]));
    assert_eq!(ended(&events, "h", "frightened of ogre"), 1);
    assert_eq!(conditions(&e, "h"), vec!["frightened of wraith"]);
    end(&mut e, "wraith");
    // Round 2: toward the ogre is fine now, toward the wraith is not.
    take_turn(&mut e, "ogre");
    start(&mut e, "h");
    let err = e.apply(advance("h", &[(0, 2)])).unwrap_err();
    assert_eq!(err.rule, "condition.frightened");
    apply(&mut e, advance("h", &[(1, 1)]));
    let events = apply(&mut e, use_ability("h", "shot", &["ogre"]));
    let roll = the_roll(&events);
    assert!(roll.banes.is_empty() && roll.edges.is_empty(), "{roll:?}");
    assert_eq!((roll.total, roll.tier), (12, Tier::Two));
    assert_eq!(stamina(&e, "ogre"), 20);
}

/// The ogre frightens `h` on the Director's first turn; then it is `h`'s turn.
fn frightened_hero(moves: &[MovementMode]) -> Engine {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .movement(moves)
        .monster("ogre", at(5, 1))
        .knows(&["scare"])
        .dice(&[5, 5])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "ogre", "scare", "h");
    e
}

#[test]
fn ds_core_53_a_frightened_creature_cannot_charge_closer_to_its_source() {
    let mut e = frightened_hero(&[]);
    let err = e
        .apply(Command::Charge {
            creature: "h".into(),
            path: vec![Square::new(2, 1), Square::new(3, 1), Square::new(4, 1)],
            target: "ogre".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "condition.frightened");
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
    assert_eq!(stamina(&e, "ogre"), 30);
}

#[test]
fn ds_core_53_a_frightened_flier_cannot_fly_closer_to_its_source() {
    let mut e = frightened_hero(&[MovementMode::Fly]);
    let err = e
        .apply(Command::Fly {
            creature: "h".into(),
            path: vec![(2, 1, 1)],
        })
        .unwrap_err();
    assert_eq!(err.rule, "condition.frightened");
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
}

// ---- Restrained (DS-CORE-59) ------------------------------------------------------------------

#[test]
fn ds_core_59_restrained_speed_0_edge_against_it_bane_on_its_rolls_and_no_forced_movement() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["hit"])
        .monster("m", at(2, 1))
        .knows(&["bind", "slam"])
        .dice(&[5, 5, 5, 5])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "bind", &["h"]));
    assert_eq!(
        conditions(&e, "h"),
        vec!["restrained (until the encounter ends)"]
    );
    let events = apply(&mut e, use_ability("m", "slam", &["h"]));
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.edges), vec!["condition.restrained"]);
    // 10 + 0 + 2 = 12 → tier 2: 4 damage; the push is prevented.
    assert_eq!((roll.total, roll.tier), (12, Tier::Two));
    assert_eq!(stamina(&e, "h"), 26);
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::ForcedMovementPrevented { target, .. } if target == "h")
        ),
        1
    );
    assert!(e.state().pending_forced.is_none());
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
    end(&mut e, "m");
    start(&mut e, "h");
    assert!(e.apply(advance("h", &[(0, 1)])).is_err(), "speed 0");
    assert!(e.apply(disengage("h", &[(0, 1)])).is_err(), "speed 0");
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
    // A slide by anyone else moves it nowhere.
    let err = e
        .apply(force(ForcedKind::Slide, None, "h", 2, &[(1, 2)]))
        .unwrap_err();
    assert_eq!(err.rule, "forced_movement.distance");
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
    // Its own roll takes a bane: 10 + 2 − 2 = 10 → tier 1: 2 + 2.
    let events = apply(&mut e, use_ability("h", "hit", &["m"]));
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.banes), vec!["condition.restrained"]);
    assert_eq!((roll.total, roll.tier), (10, Tier::One));
    assert_eq!(stamina(&e, "m"), 26);
}

#[test]
fn ds_core_59_a_restrained_prone_creature_cannot_stand_up() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .prone()
        .monster("m", at(4, 1))
        .knows(&["bind"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bind", "h");
    let err = e
        .apply(Command::StandUp {
            creature: "h".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "condition.restrained");
    assert_eq!(
        conditions(&e, "h"),
        vec!["prone", "restrained (until the encounter ends)"]
    );
    assert!(creature(&e, "h").actions.maneuver);
}

// ---- Slowed -----------------------------------------------------------------------------------

#[test]
fn slowed_makes_speed_2_and_forbids_disengage() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("m", at(8, 4))
        .knows(&["slow"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "slow", "h");
    let err = e.apply(disengage("h", &[(1, 2)])).unwrap_err();
    assert_eq!(err.rule, "condition.slowed");
    let err = e
        .apply(advance("h", &[(2, 1), (3, 1), (4, 1)]))
        .unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit");
    assert_eq!(creature(&e, "h").position, Square::new(1, 1));
    apply(&mut e, advance("h", &[(2, 1), (3, 1)]));
    assert_eq!(creature(&e, "h").position, Square::new(3, 1));
}

// ---- Taunted (DS-CORE-61) ---------------------------------------------------------------------

/// Knight `a` taunts `m` on the heroes' first turn; then it is `m`'s turn. Dice: one roll.
fn taunted_turn(rows: &[&str], a_at: (i32, i32), a_path: &[(i32, i32)]) -> Engine {
    let mut e = Fight::on(rows)
        .abilities(&abilities())
        .hero("a", at(a_at.0, a_at.1))
        .knows(&["taunt"])
        .hero("b", at(9, 1))
        .monster("m", at(3, 1))
        .knows(&["shot"])
        .dice(&[7, 7])
        .start();
    start(&mut e, "a");
    apply(&mut e, use_ability("a", "taunt", &["m"]));
    assert_eq!(conditions(&e, "m"), vec!["taunted by a"]);
    if !a_path.is_empty() {
        apply(&mut e, advance("a", a_path));
    }
    end(&mut e, "a");
    start(&mut e, "m");
    e
}

#[test]
fn ds_core_61_a_taunted_creature_has_a_double_bane_against_anyone_but_its_taunter() {
    let mut e = taunted_turn(&ROOM, (3, 4), &[]);
    let events = apply(&mut e, use_ability("m", "shot", &["b"]));
    let roll = the_roll(&events);
    assert_eq!(
        rule_ids(&roll.banes),
        vec!["condition.taunted", "condition.taunted"]
    );
    assert_eq!(roll.net, NetEdge::DoubleBane);
    // 14 → tier 2, lowered to tier 1: 2 damage.
    assert_eq!((roll.total, roll.tier), (14, Tier::One));
    assert_eq!(stamina(&e, "b"), 28);
}

#[test]
fn ds_core_61_no_taunt_bane_against_the_taunter_itself() {
    let mut e = taunted_turn(&ROOM, (3, 4), &[]);
    let events = apply(&mut e, use_ability("m", "shot", &["a"]));
    let roll = the_roll(&events);
    assert!(roll.banes.is_empty(), "{roll:?}");
    assert_eq!((roll.total, roll.tier), (14, Tier::Two));
    assert_eq!(stamina(&e, "a"), 26);
}

#[test]
fn ds_core_61_no_taunt_bane_while_a_wall_blocks_line_of_effect_to_the_taunter() {
    // The knight taunts from (8, 2), then walks behind the wall on row 3.
    let walled = [
        "..........",
        "..........",
        "..........",
        "#######...",
        "..........",
        "..........",
    ];
    let mut e = taunted_turn(&walled, (8, 2), &[(8, 3), (8, 4), (7, 4), (6, 4)]);
    assert_eq!(conditions(&e, "m"), vec!["taunted by a"]);
    let events = apply(&mut e, use_ability("m", "shot", &["b"]));
    let roll = the_roll(&events);
    assert!(roll.banes.is_empty(), "{roll:?}");
    assert_eq!((roll.total, roll.tier), (14, Tier::Two));
    assert_eq!(stamina(&e, "b"), 26);
}

#[test]
fn ds_core_61_a_new_taunt_replaces_the_old_one() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("a", at(3, 4))
        .knows(&["taunt"])
        .hero("c", at(6, 4))
        .knows(&["taunt"])
        .monster("m", at(3, 1))
        .knows(&["shot"])
        .dice(&[7, 7])
        .start();
    start(&mut e, "a");
    apply(&mut e, use_ability("a", "taunt", &["m"]));
    end(&mut e, "a");
    take_turn(&mut e, "m");
    start(&mut e, "c");
    let events = apply(&mut e, use_ability("c", "taunt", &["m"]));
    assert_eq!(ended(&events, "m", "taunted by a"), 1);
    assert_eq!(conditions(&e, "m"), vec!["taunted by c"]);
    end(&mut e, "c");
    // Round 2: a is no longer the taunter, so shooting a takes the double bane.
    take_turn(&mut e, "a");
    start(&mut e, "m");
    let events = apply(&mut e, use_ability("m", "shot", &["a"]));
    let roll = the_roll(&events);
    assert_eq!(
        rule_ids(&roll.banes),
        vec!["condition.taunted", "condition.taunted"]
    );
    assert_eq!(roll.tier, Tier::One);
    assert_eq!(stamina(&e, "a"), 28);
}

// ---- Weakened (DS-CORE-62) --------------------------------------------------------------------

#[test]
fn ds_core_62_a_weakened_creature_has_a_bane_on_its_ability_rolls_and_knockback() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["hit"])
        .monster("m", at(2, 1))
        .knows(&["weaken"])
        .dice(&[5, 5, 5, 5])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "weaken", &["h"]));
    assert_eq!(
        conditions(&e, "h"),
        vec!["weakened (until the encounter ends)"]
    );
    end(&mut e, "m");
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "hit", &["m"]));
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.banes), vec!["condition.weakened"]);
    // 10 + 2 − 2 = 10 → tier 1: 2 + 2.
    assert_eq!((roll.total, roll.tier), (10, Tier::One));
    assert_eq!(stamina(&e, "m"), 26);
    let events = apply(
        &mut e,
        Command::Knockback {
            creature: "h".into(),
            target: "m".into(),
        },
    );
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.banes), vec!["condition.weakened"]);
    assert_eq!(roll.tier, Tier::One);
    assert_eq!(e.state().pending_forced.map(|p| p.distance), Some(1));
}

#[test]
fn ds_core_62_a_weakened_creatures_escape_grab_roll_has_a_bane() {
    // seed 002 L1775: weakened is a bane on every power roll; Escape Grab is one.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("m", at(2, 1))
        .knows(&["weaken"])
        .dice(&[9, 9, 5, 5])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "weaken", &["h"]));
    apply(
        &mut e,
        Command::Grab {
            creature: "m".into(),
            target: "h".into(),
        },
    );
    assert_eq!(creature(&e, "h").grabbed_by.as_deref(), Some("m"));
    end(&mut e, "m");
    start(&mut e, "h");
    let events = apply(
        &mut e,
        Command::EscapeGrab {
            creature: "h".into(),
        },
    );
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.banes), vec!["condition.weakened"]);
    // 10 + 2 − 2 = 10 → tier 1: still grabbed.
    assert_eq!((roll.total, roll.tier), (10, Tier::One));
    assert_eq!(creature(&e, "h").grabbed_by.as_deref(), Some("m"));
}

// ---- Stacking ---------------------------------------------------------------------------------

#[test]
fn the_same_condition_does_not_stack_two_slows_leave_one_entry() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["slow_eot", "slow_main"])
        .monster("m", at(6, 1))
        .dice(&[3])
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "slow_eot", &["m"]));
    apply(&mut e, use_ability("h", "slow_main", &["m"]));
    assert_eq!(conditions(&e, "m"), vec!["slowed (save ends)"]);
    end(&mut e, "h");
    start(&mut e, "m");
    // Still speed 2, not 2 twice over or anything less.
    let err = e
        .apply(advance("m", &[(7, 1), (8, 1), (9, 1)]))
        .unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit");
    apply(&mut e, advance("m", &[(7, 1), (8, 1)]));
    let events = end(&mut e, "m");
    // One save for one slowed condition (d10 3: it stays).
    assert_eq!(
        saving_throws(&events),
        vec![("m".into(), "slowed".into(), 3, false)]
    );
    assert_eq!(conditions(&e, "m"), vec!["slowed (save ends)"]);
}

#[test]
fn ds_core_85_a_creature_ends_its_own_effect_as_a_free_maneuver() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["bind"])
        .monster("m", at(6, 1))
        .start();
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "bind", &["m"]));
    assert_eq!(
        conditions(&e, "m"),
        ["restrained (until the encounter ends)"]
    );
    let left = creature(&e, "h").actions;
    // Not something it imposed: refused, and nothing changes.
    let slowed = e
        .apply(Command::EndEffect {
            creature: "h".into(),
            target: "m".into(),
            condition: Condition::Slowed,
        })
        .unwrap_err();
    assert_eq!(slowed.rule, "effect.end_own");
    let events = apply(
        &mut e,
        Command::EndEffect {
            creature: "h".into(),
            target: "m".into(),
            condition: Condition::Restrained,
        },
    );
    assert_eq!(ended(&events, "m", "restrained"), 1);
    assert!(conditions(&e, "m").is_empty());
    let after = creature(&e, "h").actions;
    assert_eq!(
        (after.main, after.maneuver, after.move_action),
        (left.main, left.maneuver, left.move_action),
        "a free maneuver spends nothing"
    );
}

/// The state lists each creature's conditions twice: in words for the JSON and the log, and
/// typed, in the same order, for the client's badges (which never read the words).
#[test]
fn the_published_conditions_come_typed_in_the_same_order_as_their_words() {
    use steelgrid_rules::condition::Condition;
    use steelgrid_rules::engine::Status;
    let after_demo = |file: &str, text: &str| {
        let scenario = steelgrid_rules::scenario::load(file, text).expect("loads");
        let mut engine = scenario.start(None);
        steelgrid_rules::sim::run(&mut engine, &scenario.demo_commands(), None);
        engine.state()
    };
    let grabbed = after_demo(
        "demo_grabbed.ron",
        include_str!("../../../../scenarios/demo_grabbed.ron"),
    );
    let cutter = grabbed.creatures.iter().find(|c| c.id == "cutter").unwrap();
    assert_eq!(cutter.conditions, ["grabbed"]);
    assert_eq!(cutter.statuses, [Status::Grabbed]);
    let bleeding = after_demo(
        "demo_bleeding.ron",
        include_str!("../../../../scenarios/demo_bleeding.ron"),
    );
    let hound = bleeding.creatures.iter().find(|c| c.id == "hound").unwrap();
    assert_eq!(hound.conditions, ["bleeding (save ends)"]);
    assert_eq!(hound.statuses, [Status::Afflicted(Condition::Bleeding)]);
}
