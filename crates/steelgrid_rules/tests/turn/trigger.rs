//! Triggered and free triggered actions (seed 002 L1416-1422, L2544-2552; digest
//! draw-steel-combat.md §9, A-10): the trigger window an event opens, one triggered action a
//! round, free triggered actions beside it, creatures that can't answer, the heroes answering
//! first, and the AI answering windows.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, use_ability};
use common::{
    ROOM, apply, count, creature, end, find, logged, refused, stamina, strike, until_turn_of,
};
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::trigger::{Happening, TriggerOption, Waiting};
use steelgrid_rules::{Command, Engine, ai, scenario, sim};

// ---- Helpers ----------------------------------------------------------------------------------

/// Triggered abilities for the cases: a hero's strike back at whoever hurt it (triggered), a
/// ward for whoever of its side is hurt (free triggered), a monster's snag at an enemy starting
/// its turn close by, a monster's blow at an enemy its ally just hurt; and plain maneuvers that
/// daze or make bleed.
fn table() -> String {
    let one = enemies(1);
    let strike = might_damage([1, 3, 5], "");
    let fixed = |n: u32| format!("effect: (damage: (base: {n}, plus_characteristic: false))");
    format!(
        r#"
    "retort": (name: "Retort", {MELEE_WEAPON}, action: TriggeredAction,
        trigger: (text: "an adjacent enemy deals damage to you", on: Damaged(to: You, by: Enemy, aim: Cause)),
        {one}, {strike}),
    "ward": (name: "Ward", keywords: [Magic, Ranged], action: FreeTriggeredAction,
        trigger: (text: "you or an ally within 5 takes damage from an enemy", on: Damaged(to: YouOrAlly, by: Enemy, aim: Subject)),
        distance: Ranged(5), target: (who: Ally, count: 1, with_self: true), effect: (temporary_stamina: 3)),
    "snag": (name: "Snag", keywords: [Melee, Weapon], action: TriggeredAction,
        trigger: (text: "an enemy starts its turn within 2", on: TurnStarted(by: Enemy)),
        distance: Melee(2), {one}, {}),
    "pile_on": (name: "Pile On", keywords: [Melee, Weapon], action: TriggeredAction,
        trigger: (text: "an ally deals damage to an adjacent enemy", on: Damaged(to: Enemy, by: Ally, aim: Subject)),
        distance: Melee(1), {one}, {}),
    "daze": (name: "Daze", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), {one},
        effect: (conditions: [(condition: Dazed, duration: SaveEnds)])),
    "cut": (name: "Cut", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), {one},
        effect: (conditions: [(condition: Bleeding, duration: SaveEnds)])),
"#,
        fixed(2),
        fixed(2),
    )
}

fn windows_opened(events: &[LoggedEvent]) -> Vec<(Happening, Vec<String>)> {
    common::pick(events, |e| match &e.event {
        Event::TriggerWindowOpened { happening, waiting } => {
            Some((happening.clone(), waiting.clone()))
        }
        _ => None,
    })
}

/// `creature` taking `amount` damage from `by`, none of it absorbed.
fn damaged(creature: &str, by: &str, amount: u32) -> Happening {
    Happening::Damaged {
        creature: creature.into(),
        by: by.into(),
        amount,
        absorbed: 0,
    }
}

fn option(ability: &str, targets: &[&str], ranged: bool) -> TriggerOption {
    TriggerOption {
        ability: ability.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        ranged,
    }
}

fn pass(creature: &str) -> Command {
    Command::PassTrigger {
        creature: creature.into(),
    }
}

fn end_turn(creature: &str) -> Command {
    Command::EndTurn {
        creature: creature.into(),
    }
}

/// The `TriggerAnswered` events as (creature, ability, free).
fn answers(events: &[LoggedEvent]) -> Vec<(String, String, bool)> {
    common::pick(events, |e| match &e.event {
        Event::TriggerAnswered {
            creature,
            ability,
            free,
            ..
        } => Some((creature.clone(), ability.clone(), *free)),
        _ => None,
    })
}

/// The hero `h` at (2, 2) with `abilities`, and the monster `m` beside it at (3, 2); round 1,
/// the hero's turn over and the monster's started.
fn hero_beside_monster(abilities: &[&str], dice: &[u32]) -> Engine {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(abilities)
        .monster("m", at(3, 2))
        .knows(&["daze", "cut"])
        .dice(dice)
        .start();
    until_turn_of(&mut e, "m", &["h"]);
    e
}

// ---- The window -------------------------------------------------------------------------------

#[test]
fn a_triggered_action_answers_the_damage_that_opened_its_window() {
    // The retort's roll: 5 + 5 + Might 2 = 12, tier 2: 3 + 2 = 5 damage.
    let mut e = hero_beside_monster(&["retort"], &[5, 5]);
    let events = apply(&mut e, strike("m", "h"));
    assert_eq!(stamina(&e, "h"), 27, "the monster's free strike: 3");
    assert_eq!(
        windows_opened(&events),
        vec![(damaged("h", "m", 3), vec!["h".to_owned()])]
    );
    // Everything the free strike logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"turn.action_economy: ActionUsed { creature: "m", action: Main, traded_main: false }"#,
            r#"action.free_strike: FreeStrikeHit { attacker: "m", target: "h", ranged: false, damage: 3, damage_type: None, keywords: [Strike] }"#,
            r#"damage: Damaged { target: "h", source: "m", damage_type: None, base: 3, halved: false, weakness: 0, immunity: 0, immune: false, amount: 3, temporary_absorbed: 0, stamina_before: 30, stamina_after: 27 }"#,
            r#"action.triggered.window: TriggerWindowOpened { happening: Damaged { creature: "h", by: "m", amount: 3, absorbed: 0 }, waiting: ["h"] }"#,
        ]
    );
    let window = e.state().trigger_window.expect("the window is published");
    assert_eq!(
        window.waiting,
        vec![Waiting {
            creature: "h".into(),
            options: vec![option("retort", &["m"], false)],
            opportunity: false,
        }]
    );
    // Nothing else happens until the hero answers.
    let err = refused(&mut e, end_turn("m"));
    assert_eq!(err.rule, "action.triggered.window");
    assert!(err.reason.contains("h (retort)"), "{}", err.reason);
    let events = apply(&mut e, use_ability("h", "retort", &["m"]));
    assert_eq!(
        answers(&events),
        vec![("h".to_owned(), "Retort".to_owned(), false)]
    );
    let said = find(&events, |ev| matches!(ev, Event::TriggerAnswered { .. }));
    assert!(matches!(&said[0].event,
        Event::TriggerAnswered { trigger, .. } if trigger == "an adjacent enemy deals damage to you"));
    assert_eq!(said[0].rule, "action.triggered");
    assert_eq!(stamina(&e, "m"), 25);
    assert!(e.state().trigger_window.is_none());
    assert!(!creature(&e, "h").actions.triggered);
    // Everything the answer logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"action.triggered: TriggerAnswered { creature: "h", ability: "Retort", trigger: "an adjacent enemy deals damage to you", free: false }"#,
            r#"ability: AbilityUsed { creature: "h", ability: "Retort", distance: "Melee 1", targets: ["m"], area: [], objects: [] }"#,
            r#"power_roll: PowerRolled { creature: "h", ability: "Retort", target: "m", roll: PowerRollResult { dice: [5, 5], natural: 10, characteristic: 2, bonuses: 0, penalties: 0, edges: [], banes: [], net: None, total: 12, rolled_tier: Two, tier: Two, critical: false, automatic: None, readings: [] } }"#,
            r#"ability.outcome: AbilityOutcome { creature: "h", ability: "Retort", target: "m", tier: Some(Two), text: "5 damage" }"#,
            r#"damage: Damaged { target: "m", source: "h", damage_type: None, base: 5, halved: false, weakness: 0, immunity: 0, immune: false, amount: 5, temporary_absorbed: 0, stamina_before: 30, stamina_after: 25 }"#,
        ]
    );
    end(&mut e, "m");
}

#[test]
fn passing_closes_the_window_and_keeps_the_triggered_action() {
    let mut e = hero_beside_monster(&["retort"], &[]);
    apply(&mut e, strike("m", "h"));
    assert!(e.state().trigger_window.is_some());
    // Only a creature the window waits on may pass.
    let err = refused(&mut e, pass("m"));
    assert_eq!(err.rule, "action.triggered.window");
    let events = apply(&mut e, pass("h"));
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::TriggerPassed { creature } if creature == "h")
        ),
        1
    );
    assert!(e.state().trigger_window.is_none());
    assert!(creature(&e, "h").actions.triggered);
    end(&mut e, "m");
    let err = refused(&mut e, pass("h"));
    assert_eq!(err.rule, "action.triggered.window");
}

#[test]
fn a_triggered_ability_is_refused_outside_its_window_and_off_its_aim() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort"])
        .monster("m", at(3, 2))
        .start();
    common::start(&mut e, "h");
    let err = refused(&mut e, use_ability("h", "retort", &["m"]));
    assert_eq!(err.rule, "action.triggered");
    assert!(
        err.reason
            .contains("used when an adjacent enemy deals damage to you"),
        "{}",
        err.reason
    );
    end(&mut e, "h");
    // In the window, the retort answers the creature that dealt the damage, no other.
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort"])
        .monster("m", at(3, 2))
        .monster("n", at(1, 2))
        .start();
    until_turn_of(&mut e, "m", &["h"]);
    apply(&mut e, strike("m", "h"));
    let err = refused(&mut e, use_ability("h", "retort", &["n"]));
    assert_eq!(err.rule, "ability.target");
    assert!(err.reason.contains("aimed at m"), "{}", err.reason);
}

// ---- One triggered action a round; free ones beside it (seed 002 L2546-2548) -----------------

#[test]
fn a_creature_takes_one_triggered_action_a_round() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort"])
        .monster("m1", at(3, 2))
        .monster("m2", at(1, 2))
        .dice(&[5, 5])
        .start();
    until_turn_of(&mut e, "m1", &["h"]);
    apply(&mut e, strike("m1", "h"));
    apply(&mut e, use_ability("h", "retort", &["m1"]));
    end(&mut e, "m1");
    // The second monster's strike, the same round: the retort is spent, so no window opens.
    until_turn_of(&mut e, "m2", &["h", "m1"]);
    let events = apply(&mut e, strike("m2", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    assert!(e.state().trigger_window.is_none());
    let err = refused(&mut e, use_ability("h", "retort", &["m2"]));
    assert_eq!(err.rule, "action.triggered");
    end(&mut e, "m2");
    // A new round, a new triggered action.
    until_turn_of(&mut e, "m1", &["h", "m2"]);
    assert_eq!(e.state().round, 2);
    assert!(creature(&e, "h").actions.triggered);
    let events = apply(&mut e, strike("m1", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(damaged("h", "m1", 3), vec!["h".to_owned()])]
    );
}

#[test]
fn free_triggered_actions_leave_the_round_s_triggered_action() {
    // The retort's roll: 5 + 5 + 2 = 12, tier 2.
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort", "ward"])
        .monster("m1", at(3, 2))
        .monster("m2", at(1, 2))
        .monster("m3", at(2, 3))
        .dice(&[5, 5])
        .start();
    until_turn_of(&mut e, "m1", &["h"]);
    apply(&mut e, strike("m1", "h"));
    let window = e.state().trigger_window.expect("a window");
    assert_eq!(
        window.waiting[0].options,
        vec![
            option("retort", &["m1"], false),
            option("ward", &["h"], true)
        ]
    );
    let events = apply(&mut e, use_ability("h", "ward", &["h"]));
    assert_eq!(
        answers(&events),
        vec![("h".to_owned(), "Ward".to_owned(), true)]
    );
    assert_eq!(events[0].rule, "action.triggered.free");
    assert_eq!(creature(&e, "h").stamina.temporary, 3);
    assert!(creature(&e, "h").actions.triggered, "the ward was free");
    end(&mut e, "m1");
    until_turn_of(&mut e, "m2", &["h", "m1", "m3"]);
    apply(&mut e, strike("m2", "h"));
    let events = apply(&mut e, use_ability("h", "retort", &["m2"]));
    assert_eq!(
        answers(&events),
        vec![("h".to_owned(), "Retort".to_owned(), false)]
    );
    end(&mut e, "m2");
    // The third strike of the round finds the retort spent but the ward still there.
    until_turn_of(&mut e, "m3", &["h", "m1", "m2"]);
    apply(&mut e, strike("m3", "h"));
    let window = e.state().trigger_window.expect("a window for the ward");
    assert_eq!(
        window.waiting[0].options,
        vec![option("ward", &["h"], true)]
    );
}

// ---- Who can't answer (seed 002 L1735, L2498) -------------------------------------------------

#[test]
fn a_dazed_creature_takes_no_triggered_actions() {
    let mut e = hero_beside_monster(&["retort", "ward"], &[]);
    apply(&mut e, use_ability("m", "daze", &["h"]));
    assert!(
        common::conditions(&e, "h")
            .iter()
            .any(|c| c.starts_with("dazed"))
    );
    let events = apply(&mut e, strike("m", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    let err = refused(&mut e, use_ability("h", "ward", &["h"]));
    assert_eq!(err.rule, "action.triggered");
    end(&mut e, "m");
}

#[test]
fn surprised_creatures_answer_nothing_until_their_surprise_ends() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort"])
        .surprised()
        .hero("g", at(9, 5))
        .monster("m", at(3, 2))
        .start();
    until_turn_of(&mut e, "m", &["h", "g"]);
    let events = apply(&mut e, strike("m", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    end(&mut e, "m");
    until_turn_of(&mut e, "m", &["h", "g"]);
    assert_eq!(e.state().round, 2);
    let events = apply(&mut e, strike("m", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(damaged("h", "m", 3), vec!["h".to_owned()])]
    );
}

// ---- Several answers: heroes first, and no chains (digest A-10) ------------------------------

#[test]
fn the_heroes_answer_first_and_answers_trigger_nothing() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["retort"])
        .monster("m1", at(3, 2))
        .monster("m2", at(2, 3))
        .knows(&["pile_on"])
        .start();
    until_turn_of(&mut e, "m1", &["h"]);
    let events = apply(&mut e, strike("m1", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(damaged("h", "m1", 3), vec!["h".to_owned(), "m2".to_owned()])]
    );
    let err = refused(&mut e, use_ability("m2", "pile_on", &["h"]));
    assert_eq!(err.rule, "action.triggered.window");
    assert!(err.reason.contains("A-10"), "{}", err.reason);
    apply(&mut e, pass("h"));
    // The pile-on hurts the hero from beside it, but an answer opens no window of its own.
    let events = apply(&mut e, use_ability("m2", "pile_on", &["h"]));
    assert_eq!(
        stamina(&e, "h"),
        25,
        "3 from the strike, 2 from the pile-on"
    );
    assert_eq!(windows_opened(&events), vec![]);
    assert!(e.state().trigger_window.is_none());
    end(&mut e, "m1");
}

// ---- A creature starting its turn --------------------------------------------------------------

#[test]
fn an_enemy_starting_its_turn_in_reach_opens_a_window() {
    // The snag is unrolled: 2 damage.
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .hero("far", at(9, 5))
        .monster("m", at(4, 2))
        .knows(&["snag"])
        .start();
    let events = common::start(&mut e, "h");
    assert_eq!(
        windows_opened(&events),
        vec![(
            Happening::TurnStarted {
                creature: "h".into()
            },
            vec!["m".to_owned()]
        )]
    );
    // The hero's own turn waits for the Director's answer.
    let err = refused(&mut e, common::advance("h", &[(2, 3)]));
    assert_eq!(err.rule, "action.triggered.window");
    apply(&mut e, use_ability("m", "snag", &["h"]));
    assert_eq!(stamina(&e, "h"), 28);
    apply(&mut e, common::advance("h", &[(2, 3)]));
    end(&mut e, "h");
    common::take_turn(&mut e, "m");
    // Out of reach, nothing triggers.
    let events = common::start(&mut e, "far");
    assert_eq!(windows_opened(&events), vec![]);
}

// ---- Bleeding (seed 002 L1727-1731) -----------------------------------------------------------

#[test]
fn a_bleeding_creature_bleeds_after_its_triggered_action() {
    // The retort's roll 5 + 5, then the bleeding d6: 4, + level 1 = 5 Stamina lost.
    let mut e = hero_beside_monster(&["retort"], &[5, 5, 4]);
    apply(&mut e, use_ability("m", "cut", &["h"]));
    apply(&mut e, strike("m", "h"));
    let events = apply(&mut e, use_ability("h", "retort", &["m"]));
    assert_eq!(
        common::pick(&events, |ev| match &ev.event {
            Event::StaminaLost {
                creature, amount, ..
            } => Some((creature.clone(), *amount)),
            _ => None,
        }),
        vec![("h".to_owned(), 5)]
    );
}

// ---- The AI ------------------------------------------------------------------------------------

#[test]
fn the_ai_answers_a_window_with_what_helps_and_passes_otherwise() {
    let mut e = hero_beside_monster(&["retort"], &[]);
    apply(&mut e, strike("m", "h"));
    let state = e.state();
    assert_eq!(state.turn.as_deref(), Some("m"));
    assert_eq!(ai::side_to_answer(&state), Some(Side::Heroes));
    assert_eq!(ai::decide(&e, Side::Director), None);
    let d = ai::decide(&e, Side::Heroes).expect("the heroes answer");
    assert_eq!(d.command, use_ability("h", "retort", &["m"]));
    // A ward worth nothing to a hero whose temporary Stamina is still higher after the hit
    // (8 - 3 = 5 against its 3): pass.
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(&["ward"])
        .temporary_stamina(8)
        .monster("m", at(3, 2))
        .start();
    until_turn_of(&mut e, "m", &["h"]);
    apply(&mut e, strike("m", "h"));
    assert_eq!(e.state().trigger_window.map(|w| w.waiting.len()), Some(1));
    let d = ai::decide(&e, Side::Heroes).expect("the heroes answer");
    assert_eq!(d.command, pass("h"));
}

#[test]
fn ai_games_with_triggered_abilities_never_stall() {
    // The built-in Vanguard's Iron Retort and the Briar Warden's Snagging Briars.
    let creatures = [
        "(id: \"brann\", template: \"vanguard\", position: (2, 2))".to_owned(),
        "(id: \"tessa\", template: \"skirmisher\", position: (2, 4))".to_owned(),
        "(id: \"warden\", template: \"briar_warden\", position: (6, 2))".to_owned(),
        "(id: \"cutter\", template: \"bramble_cutter\", position: (6, 5))".to_owned(),
    ];
    let mut used = 0;
    for seed in 0..6 {
        let src = common::scenario_with(&ROOM, "", &creatures.join(", "), &[]);
        let mut e = src.start(Some(seed));
        let run = sim::run_ai(&mut e, &[Side::Heroes, Side::Director], Some(30));
        assert!(run.refused.is_none(), "seed {seed}: {:?}", run.refused);
        assert_ne!(
            e.state().status,
            "in_progress",
            "seed {seed} did not finish"
        );
        let opened = count(e.log(), |ev| {
            matches!(ev, Event::TriggerWindowOpened { .. })
        });
        let answered = count(e.log(), |ev| {
            matches!(
                ev,
                Event::TriggerAnswered { .. } | Event::TriggerPassed { .. }
            )
        });
        assert!(opened > 0, "seed {seed}: no window opened");
        assert!(answered >= opened, "seed {seed}: every window is answered");
        used += count(e.log(), |ev| matches!(ev, Event::TriggerAnswered { .. }));
    }
    assert!(used > 0, "the AI uses its triggered abilities");
}

// ---- Snapshots ---------------------------------------------------------------------------------

#[test]
fn a_window_survives_a_snapshot_and_restore() {
    let mut e = hero_beside_monster(&["retort"], &[5, 5]);
    apply(&mut e, strike("m", "h"));
    let window = e.state().trigger_window;
    assert!(window.is_some());
    let json = serde_json::to_string(&e.snapshot()).expect("the snapshot serializes");
    let mut restored = Engine::restore(serde_json::from_str(&json).expect("and reads back"));
    assert_eq!(restored.state().trigger_window, window);
    assert_eq!(restored.checksum(), e.checksum());
    refused(&mut restored, end_turn("m"));
    let a = apply(&mut e, use_ability("h", "retort", &["m"]));
    let b = apply(&mut restored, use_ability("h", "retort", &["m"]));
    assert_eq!(a, b);
    assert_eq!(restored.checksum(), e.checksum());
}

// ---- Stat-block checks ------------------------------------------------------------------------

#[test]
fn a_trigger_aimed_at_creatures_the_ability_cannot_target_is_a_content_error() {
    let ability = |trigger: &str| -> steelgrid_rules::ability::Ability {
        scenario::ron_options()
            .from_str(&format!(
                r#"(name: "Riposte", {MELEE_WEAPON}, action: TriggeredAction, {trigger}
                    target: (who: Enemy, count: 1), {})"#,
                might_damage([1, 3, 5], "")
            ))
            .expect("parses")
    };
    let good = ability(
        r#"trigger: (text: "an enemy damages you", on: Damaged(to: You, by: Enemy, aim: Cause)),"#,
    );
    assert_eq!(good.problems(), Vec::<String>::new());
    let off = ability(
        r#"trigger: (text: "an enemy damages you", on: Damaged(to: You, by: Enemy, aim: Subject)),"#,
    );
    assert_eq!(
        off.problems(),
        vec!["`Riposte`: its trigger aims it at its user, which its target rules out"]
    );
    assert_eq!(
        ability("").problems(),
        vec!["`Riposte` is a triggered action without a trigger"]
    );
}

// ---- Halving damage already dealt -------------------------------------------------------------

/// The hero `h` (30 Stamina, `temporary` temporary Stamina) who may halve damage it has just
/// taken, and the monster `m` beside it that mauls for 9; the monster's turn started.
fn braced_hero(temporary: i32) -> Engine {
    let table = r#"
    "brace": (name: "Brace", action: FreeTriggeredAction,
        trigger: (text: "an enemy deals damage to you", on: Damaged(to: You, by: Enemy, aim: Subject)),
        distance: Self, target: (who: Self), effect: (halve_trigger_damage: true)),
    "maul": (name: "Maul", keywords: [Melee, Weapon], action: MainAction, distance: Melee(1),
        target: (who: Creature, count: 1), effect: (damage: (base: 9, plus_characteristic: false))),
"#;
    let mut e = Fight::new()
        .abilities(table)
        .hero("h", at(2, 2))
        .knows(&["brace"])
        .temporary_stamina(temporary)
        .monster("m", at(3, 2))
        .knows(&["maul"])
        .start();
    until_turn_of(&mut e, "m", &["h"]);
    e
}

#[test]
fn ds_combat_x15_a_trigger_halves_damage_already_dealt_and_the_half_comes_back() {
    let mut e = braced_hero(0);
    let events = apply(&mut e, use_ability("m", "maul", &["h"]));
    assert_eq!(
        windows_opened(&events),
        vec![(damaged("h", "m", 9), vec!["h".to_owned()])]
    );
    assert_eq!(stamina(&e, "h"), 21);
    let events = apply(&mut e, use_ability("h", "brace", &[]));
    assert!(
        logged(&events).contains(
            &r#"trigger.halve_damage_taken: DamageHalved { creature: "h", ability: "Brace", damage: 9, halved: 4, regained: 5 }"#
                .to_owned()
        ),
        "{:#?}",
        logged(&events)
    );
    // 9 halved, rounded down, is 4 (seed 002 L783).
    assert_eq!(stamina(&e, "h"), 26);
}

#[test]
fn ds_combat_x16_halving_damage_temporary_stamina_absorbed_gives_the_temporary_stamina_back_first()
{
    // 9 damage: 6 temporary Stamina and 3 Stamina. Halved to 4, the temporary Stamina alone
    // would have taken it: 2 temporary Stamina left, no Stamina lost.
    let mut e = braced_hero(6);
    apply(&mut e, use_ability("m", "maul", &["h"]));
    let before = creature(&e, "h").stamina;
    assert_eq!((before.current, before.temporary), (27, 0));
    apply(&mut e, use_ability("h", "brace", &[]));
    let after = creature(&e, "h").stamina;
    assert_eq!((after.current, after.temporary), (30, 2));
}
