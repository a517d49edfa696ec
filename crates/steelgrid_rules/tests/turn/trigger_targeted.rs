//! Triggered actions that answer being targeted (seed 002 L2546, L3038, L783; digest §9, A-10):
//! the targeting ability waits while the answers resolve — a bane on its roll, its damage
//! halved, the answerer taking the target's place, a shift out of reach — then goes on.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, use_ability};
use common::{ROOM, apply, count, creature, end, find, refused, stamina, until_turn_of};
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::power_roll::Tier;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::trigger::{Happening, TriggerOption, Waiting};
use steelgrid_rules::{Command, Engine, ai, scenario};

// ---- Helpers ----------------------------------------------------------------------------------

/// The monsters' claw (3 / 6 / 9 damage, Might 0) and the heroes' answers to being targeted:
/// a shield for an adjacent ally (bane), a parry for itself (halved damage), a step in front of
/// an adjacent ally (new target), a sidestep (shift 1 first); and a maneuver that dazes.
fn table() -> String {
    format!(
        r#"
    "claw": (name: "Claw", {MELEE_WEAPON}, action: MainAction, {one}, {claw}),
    "cover": (name: "Cover", keywords: [Melee], action: TriggeredAction,
        trigger: (text: "an adjacent ally is targeted by an enemy's strike", on: Targeted(who: Ally, by: Enemy, strike_only: true, aim: Subject)),
        distance: Melee(1), target: (who: Ally, count: 1), effect: (bane_on_trigger: true)),
    "parry": (name: "Parry", action: TriggeredAction,
        trigger: (text: "an enemy targets you with a strike", on: Targeted(who: You, by: Enemy, strike_only: true, aim: Subject)),
        distance: Self, target: (who: Self), effect: (halve_trigger_damage: true)),
    "interpose": (name: "Interpose", keywords: [Melee], action: TriggeredAction,
        trigger: (text: "an adjacent ally is targeted by an enemy's strike", on: Targeted(who: Ally, by: Enemy, strike_only: true, aim: Subject)),
        distance: Melee(1), target: (who: Ally, count: 1), effect: (become_target: true)),
    "sidestep": (name: "Sidestep", action: TriggeredAction,
        trigger: (text: "an enemy targets you", on: Targeted(who: You, by: Enemy, aim: Subject)),
        distance: Self, target: (who: Self), effect: (grant_move: (distance: 1, shift: true))),
    "daze": (name: "Daze", keywords: [Melee, Weapon], action: Maneuver, distance: Melee(1), {one},
        effect: (conditions: [(condition: Dazed, duration: SaveEnds)])),
"#,
        one = enemies(1),
        claw = might_damage([3, 6, 9], ""),
    )
}

/// The target `h` at (2, 2), its friend `g` at `g_at` knowing `g_knows`, the monster `m` at
/// (3, 2) with the claw and daze; round 1, the heroes' turns over and the monster's started.
fn guarded(h_knows: &[&str], g_knows: &[&str], g_at: (i32, i32), dice: &[u32]) -> Engine {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .knows(h_knows)
        .hero("g", at(g_at.0, g_at.1))
        .knows(g_knows)
        .monster("m", at(3, 2))
        .knows(&["claw", "daze"])
        .dice(dice)
        .start();
    until_turn_of(&mut e, "m", &["h", "g"]);
    e
}

fn claw(user: &str, target: &str) -> Command {
    use_ability(user, "claw", &[target])
}

fn pass(creature: &str) -> Command {
    Command::PassTrigger {
        creature: creature.into(),
    }
}

fn targeted(creature: &str, by: &str) -> Happening {
    Happening::Targeted {
        creature: creature.into(),
        by: by.into(),
        ability: "Claw".into(),
        strike: true,
    }
}

fn windows_opened(events: &[LoggedEvent]) -> Vec<(Happening, Vec<String>)> {
    common::pick(events, |e| match &e.event {
        Event::TriggerWindowOpened { happening, waiting } => {
            Some((happening.clone(), waiting.clone()))
        }
        _ => None,
    })
}

/// The claw's rolls as (target, tier, rule ids of its banes).
fn claw_rolls(events: &[LoggedEvent]) -> Vec<(String, Tier, Vec<String>)> {
    common::pick(events, |e| match &e.event {
        Event::PowerRolled { target, roll, .. } => Some((
            target.clone(),
            roll.tier,
            roll.banes.iter().map(|b| b.rule.clone()).collect(),
        )),
        _ => None,
    })
}

fn used_on(events: &[LoggedEvent]) -> Vec<Vec<String>> {
    common::pick(events, |e| match &e.event {
        Event::AbilityUsed {
            ability, targets, ..
        } if ability == "Claw" => Some(targets.clone()),
        _ => None,
    })
}

// ---- Answers ----------------------------------------------------------------------------------

#[test]
fn targeted_01_a_bane_answer_drops_the_strike_a_tier() {
    // 6 + 6 = 12, tier 2 (6 damage); the cover's bane makes it 10, tier 1 (3 damage).
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    let events = apply(&mut e, claw("m", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(targeted("h", "m"), vec!["g".to_owned()])]
    );
    assert_eq!(claw_rolls(&events), vec![], "the claw waits for the answer");
    assert_eq!(
        e.state().trigger_window.map(|w| w.waiting),
        Some(vec![Waiting {
            creature: "g".into(),
            options: vec![TriggerOption {
                ability: "cover".into(),
                targets: vec!["h".into()],
                ranged: false,
            }],
            opportunity: false,
        }])
    );
    let events = apply(&mut e, use_ability("g", "cover", &["h"]));
    let answered = find(&events, |ev| matches!(ev, Event::TriggerAnswered { .. }));
    assert_eq!(answered.len(), 1);
    let rolled = find(&events, |ev| matches!(ev, Event::PowerRolled { .. }));
    assert!(answered[0].seq < rolled[0].seq, "the answer comes first");
    assert_eq!(
        claw_rolls(&events),
        vec![(
            "h".to_owned(),
            Tier::One,
            vec!["action.triggered.targeted".to_owned()]
        )]
    );
    let Event::PowerRolled { roll, .. } = &rolled[0].event else {
        unreachable!()
    };
    assert_eq!(roll.banes[0].note, "Cover (g)", "the bane names its source");
    assert_eq!(stamina(&e, "h"), 27);
    assert!(e.state().trigger_window.is_none());
    assert!(e.turn().pending_ability.is_none());
    assert!(!creature(&e, "g").actions.triggered);
    assert!(!creature(&e, "m").actions.main, "the claw took its action");
}

#[test]
fn targeted_02_a_halving_answer_halves_the_damage_rounding_down() {
    // 9 + 9 = 18, tier 3: 9 damage, halved to 4 (seed 002 L783).
    let mut e = guarded(&["parry"], &[], (8, 5), &[9, 9]);
    let events = apply(&mut e, claw("m", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(targeted("h", "m"), vec!["h".to_owned()])]
    );
    let events = apply(&mut e, use_ability("h", "parry", &[]));
    assert_eq!(
        claw_rolls(&events),
        vec![("h".to_owned(), Tier::Three, vec![])]
    );
    let halved = common::pick(&events, |ev| match &ev.event {
        Event::EffectStarted { creature, effect } if ev.rule == "action.triggered.targeted" => {
            Some((creature.clone(), effect.clone()))
        }
        _ => None,
    });
    assert_eq!(
        halved,
        vec![(
            "h".to_owned(),
            "shielded from m's Claw: its damage is halved (Parry)".to_owned()
        )]
    );
    assert_eq!(stamina(&e, "h"), 26);
}

#[test]
fn targeted_03_become_target_moves_the_strike_to_the_answerer() {
    // 5 + 5 = 10, tier 1: 3 damage, to g instead of h.
    let mut e = guarded(&[], &["interpose"], (2, 3), &[5, 5]);
    apply(&mut e, claw("m", "h"));
    let events = apply(&mut e, use_ability("g", "interpose", &["h"]));
    assert_eq!(used_on(&events), vec![vec!["g".to_owned()]]);
    assert_eq!(stamina(&e, "h"), 30);
    assert_eq!(stamina(&e, "g"), 27);
    // Out of the claw's reach, g would not be a legal target: nobody can answer, no window.
    let mut e = guarded(&[], &["interpose"], (1, 2), &[5, 5]);
    let events = apply(&mut e, claw("m", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    assert_eq!(used_on(&events), vec![vec!["h".to_owned()]]);
    assert_eq!(stamina(&e, "h"), 27);
}

#[test]
fn targeted_04_passing_lets_the_ability_resolve_unchanged() {
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    apply(&mut e, claw("m", "h"));
    let answered = apply(&mut e, pass("g"));
    assert!(creature(&e, "g").actions.triggered, "a pass keeps it");
    // The same claw with nobody able to answer.
    let mut plain = guarded(&[], &[], (2, 3), &[6, 6]);
    let direct = apply(&mut plain, claw("m", "h"));
    let resolved: Vec<_> = answered
        .iter()
        .filter(|ev| !matches!(ev.event, Event::TriggerPassed { .. }))
        .map(|ev| (ev.rule, ev.event.clone()))
        .collect();
    let direct: Vec<_> = direct
        .iter()
        .map(|ev| (ev.rule, ev.event.clone()))
        .collect();
    assert_eq!(resolved, direct);
    assert_eq!(stamina(&e, "h"), 24);
    assert_eq!(stamina(&plain, "h"), 24);
}

// ---- Who answers ------------------------------------------------------------------------------

#[test]
fn targeted_05_no_eligible_answerer_opens_no_window() {
    // The guard is not adjacent to h: its cover can't reach, so the claw goes straight on.
    let mut e = guarded(&[], &["cover"], (7, 5), &[6, 6]);
    let events = apply(&mut e, claw("m", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    assert!(e.turn().pending_ability.is_none());
    let mut plain = guarded(&[], &[], (7, 5), &[6, 6]);
    assert_eq!(events, apply(&mut plain, claw("m", "h")));
    end(&mut e, "m");
}

#[test]
fn targeted_06_a_dazed_creature_cannot_answer() {
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    apply(&mut e, use_ability("m", "daze", &["g"]));
    assert!(
        common::conditions(&e, "g")
            .iter()
            .any(|c| c.starts_with("dazed"))
    );
    let events = apply(&mut e, claw("m", "h"));
    assert_eq!(windows_opened(&events), vec![]);
    assert_eq!(stamina(&e, "h"), 24);
    let err = refused(&mut e, use_ability("g", "cover", &["h"]));
    assert_eq!(err.rule, "action.triggered");
}

#[test]
fn targeted_07_the_triggered_action_answers_once_a_round() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(2, 2))
        .hero("g", at(2, 3))
        .knows(&["cover"])
        .monster("m1", at(3, 2))
        .knows(&["claw"])
        .monster("m2", at(1, 2))
        .knows(&["claw"])
        .dice(&[5, 5, 5, 5, 5, 5])
        .start();
    until_turn_of(&mut e, "m1", &["h", "g"]);
    apply(&mut e, claw("m1", "h"));
    apply(&mut e, use_ability("g", "cover", &["h"]));
    end(&mut e, "m1");
    until_turn_of(&mut e, "m2", &["h", "g", "m1"]);
    let events = apply(&mut e, claw("m2", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![],
        "the cover is spent this round"
    );
    assert_eq!(used_on(&events), vec![vec!["h".to_owned()]]);
    end(&mut e, "m2");
    until_turn_of(&mut e, "m1", &["h", "g", "m2"]);
    assert_eq!(e.state().round, 2);
    let events = apply(&mut e, claw("m1", "h"));
    assert_eq!(
        windows_opened(&events),
        vec![(targeted("h", "m1"), vec!["g".to_owned()])]
    );
}

// ---- A move first -----------------------------------------------------------------------------

#[test]
fn targeted_08_a_shift_out_of_reach_loses_the_strike() {
    let mut e = guarded(&["sidestep"], &[], (8, 5), &[9, 9]);
    apply(&mut e, claw("m", "h"));
    let events = apply(&mut e, use_ability("h", "sidestep", &[]));
    assert_eq!(claw_rolls(&events), vec![], "the claw waits for the shift");
    assert_eq!(
        e.state().trigger_window.map(|w| w.waiting),
        Some(vec![Waiting {
            creature: "h".into(),
            options: vec![],
            opportunity: false,
        }])
    );
    let err = refused(
        &mut e,
        Command::EndTurn {
            creature: "m".into(),
        },
    );
    assert_eq!(err.rule, "action.triggered.window");
    let events = apply(
        &mut e,
        Command::GrantedMove {
            creature: "h".into(),
            path: common::squares(&[(1, 2)]),
        },
    );
    assert_eq!(claw_rolls(&events), vec![]);
    let lost = common::pick(&events, |ev| match &ev.event {
        Event::AbilityOutcome { text, .. } if ev.rule == "action.triggered.targeted" => {
            Some(text.clone())
        }
        _ => None,
    });
    assert_eq!(lost.len(), 1);
    assert!(lost[0].starts_with("lost to the answers"), "{}", lost[0]);
    assert_eq!(stamina(&e, "h"), 30);
    assert_eq!(
        common::position(&e, "h"),
        steelgrid_rules::grid::Square::new(1, 2)
    );
    assert!(
        !creature(&e, "m").actions.main,
        "the lost claw took its action"
    );
    // Passing the move up lets the claw land where h stands.
    let mut e = guarded(&["sidestep"], &[], (8, 5), &[9, 9]);
    apply(&mut e, claw("m", "h"));
    apply(&mut e, use_ability("h", "sidestep", &[]));
    let events = apply(&mut e, pass("h"));
    assert_eq!(
        claw_rolls(&events),
        vec![("h".to_owned(), Tier::Three, vec![])]
    );
    assert_eq!(stamina(&e, "h"), 21);
    let err = refused(
        &mut e,
        Command::GrantedMove {
            creature: "h".into(),
            path: common::squares(&[(1, 2)]),
        },
    );
    assert_eq!(err.rule, "movement.granted");
}

// ---- Save and load ----------------------------------------------------------------------------

#[test]
fn targeted_09_save_and_load_mid_window_then_answer_matches() {
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    apply(&mut e, claw("m", "h"));
    let pending = e.turn().pending_ability.clone();
    assert!(pending.is_some());
    let json = serde_json::to_string(&e.snapshot()).expect("the snapshot serializes");
    let mut restored = Engine::restore(serde_json::from_str(&json).expect("and reads back"));
    assert_eq!(restored.turn().pending_ability, pending);
    assert_eq!(restored.state().trigger_window, e.state().trigger_window);
    assert_eq!(restored.checksum(), e.checksum());
    let a = apply(&mut e, use_ability("g", "cover", &["h"]));
    let b = apply(&mut restored, use_ability("g", "cover", &["h"]));
    assert_eq!(a, b);
    assert_eq!(restored.checksum(), e.checksum());
    assert_eq!(stamina(&restored, "h"), 27);
}

// ---- Refusals ---------------------------------------------------------------------------------

#[test]
fn targeted_10_nothing_else_happens_while_the_window_is_open() {
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    apply(&mut e, claw("m", "h"));
    let err = refused(
        &mut e,
        Command::EndTurn {
            creature: "m".into(),
        },
    );
    assert_eq!(err.rule, "action.triggered.window");
    assert!(err.reason.contains("g (cover)"), "{}", err.reason);
    let err = refused(&mut e, use_ability("m", "daze", &["g"]));
    assert_eq!(err.rule, "action.triggered.window");
    let err = refused(&mut e, pass("h"));
    assert_eq!(err.rule, "action.triggered.window");
    let err = refused(&mut e, use_ability("g", "cover", &["g"]));
    assert_eq!(err.rule, "ability.target");
    apply(&mut e, use_ability("g", "cover", &["h"]));
    assert_eq!(stamina(&e, "h"), 27);
}

// ---- The AI and the built-in content ------------------------------------------------------------

#[test]
fn targeted_11_the_ai_shields_a_friend_with_its_answer() {
    let mut e = guarded(&[], &["cover"], (2, 3), &[6, 6]);
    apply(&mut e, claw("m", "h"));
    assert_eq!(ai::side_to_answer(&e.state()), Some(Side::Heroes));
    let d = ai::decide(&e, Side::Heroes).expect("the heroes answer");
    assert_eq!(d.command, use_ability("g", "cover", &["h"]));
    // A move granted first: the AI passes it up and the claw goes on.
    let mut e = guarded(&["sidestep"], &[], (8, 5), &[9, 9]);
    apply(&mut e, claw("m", "h"));
    apply(&mut e, use_ability("h", "sidestep", &[]));
    let d = ai::decide(&e, Side::Heroes).expect("h still answers");
    assert_eq!(d.command, pass("h"));
}

#[test]
fn targeted_12_ai_games_with_the_built_in_answers_never_stall() {
    // The Vanguard's Covering Shield and the ogre's Rust Hide.
    let creatures = [
        "(id: \"brann\", template: \"vanguard\", position: (2, 2))".to_owned(),
        "(id: \"tessa\", template: \"skirmisher\", position: (2, 3))".to_owned(),
        "(id: \"ogre\", template: \"rustback_ogre\", position: (6, 2))".to_owned(),
        "(id: \"cutter\", template: \"bramble_cutter\", position: (6, 5))".to_owned(),
    ];
    let mut targeted_windows = 0;
    for seed in 0..6 {
        let src = common::scenario_with(&ROOM, "", &creatures.join(", "), &[]);
        let mut e = src.start(Some(seed));
        let run = steelgrid_rules::sim::run_ai(&mut e, &[Side::Heroes, Side::Director], Some(30));
        assert!(run.refused.is_none(), "seed {seed}: {:?}", run.refused);
        assert_ne!(
            e.state().status,
            "in_progress",
            "seed {seed} did not finish"
        );
        assert!(e.turn().pending_ability.is_none());
        targeted_windows += count(e.log(), |ev| {
            matches!(
                ev,
                Event::TriggerWindowOpened {
                    happening: Happening::Targeted { .. },
                    ..
                }
            )
        });
    }
    assert!(targeted_windows > 0, "some strike was answered");
}

#[test]
fn targeted_13_answers_to_targeting_are_checked_in_the_stat_block() {
    let ability = |trigger: &str, effect: &str| -> steelgrid_rules::ability::Ability {
        scenario::ron_options()
            .from_str(&format!(
                r#"(name: "Guard", action: TriggeredAction, trigger: (text: "t", on: {trigger}),
                    distance: Self, target: (who: Self), effect: ({effect}))"#
            ))
            .expect("parses")
    };
    let targeted_you = "Targeted(who: You, by: Enemy, strike_only: true, aim: Subject)";
    assert_eq!(
        ability(targeted_you, "halve_trigger_damage: true").problems(),
        Vec::<String>::new()
    );
    assert_eq!(
        ability(
            "Damaged(to: You, by: Enemy, aim: Subject)",
            "bane_on_trigger: true"
        )
        .problems(),
        vec![
            "`Guard` changes the ability that triggered it (a bane, halved damage or a new target), which only a `Targeted` trigger can (a `Damaged` one can halve the damage)"
        ]
    );
    assert_eq!(
        ability(targeted_you, "become_target: true").problems(),
        vec![
            "`Guard` makes its user the target instead, but its trigger is its user being targeted"
        ]
    );
    let rolled: steelgrid_rules::ability::Ability = scenario::ron_options()
        .from_str(&format!(
            r#"(name: "Guard", {MELEE_WEAPON}, action: TriggeredAction,
                trigger: (text: "t", on: Targeted(who: You, by: Enemy, aim: Cause)),
                {}, {})"#,
            enemies(1),
            might_damage([1, 2, 3], ", bane_on_trigger: true")
        ))
        .expect("parses");
    assert_eq!(
        rolled.problems(),
        vec![
            "`Guard`: what an answer does to the triggering ability goes in its effect, not a tier or an extra"
        ]
    );
}

// ---- Answers to free strikes ------------------------------------------------------------------

fn free_struck(creature: &str, by: &str) -> Happening {
    Happening::Targeted {
        creature: creature.into(),
        by: by.into(),
        ability: "Melee Weapon Free Strike".into(),
        strike: true,
    }
}

#[test]
fn ds_combat_x17_a_free_strike_is_a_strike_its_target_can_answer_halving_it() {
    // The monster's free strike deals 3; parried, 1 (seed 002 L783 rounds down).
    let mut e = guarded(&["parry"], &[], (8, 5), &[]);
    let events = apply(&mut e, Command::free_strike("m", "h", false));
    assert_eq!(
        windows_opened(&events),
        vec![(free_struck("h", "m"), vec!["h".to_owned()])]
    );
    assert_eq!(stamina(&e, "h"), 30, "the strike waits for the answer");
    apply(&mut e, use_ability("h", "parry", &[]));
    assert_eq!(stamina(&e, "h"), 29);
    // Passed up, the same strike deals its 3.
    let mut e = guarded(&["parry"], &[], (8, 5), &[]);
    apply(&mut e, Command::free_strike("m", "h", false));
    apply(&mut e, pass("h"));
    assert_eq!(stamina(&e, "h"), 27);
}

#[test]
fn ds_combat_x18_an_ally_steps_in_front_of_a_free_strike() {
    let mut e = guarded(&[], &["interpose"], (2, 3), &[]);
    apply(&mut e, Command::free_strike("m", "h", false));
    apply(&mut e, use_ability("g", "interpose", &["h"]));
    assert_eq!((stamina(&e, "h"), stamina(&e, "g")), (30, 27));
    // The strike took the monster's main action once.
    let refused_again = refused(&mut e, Command::free_strike("m", "g", false));
    assert_eq!(
        refused_again.rule.id, "turn.action_economy",
        "{}",
        refused_again.reason
    );
}
