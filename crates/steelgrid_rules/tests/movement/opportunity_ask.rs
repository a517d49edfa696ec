//! Opportunity attacks asked of people (rules option `ask_opportunity_attacks`; seed 002
//! L2968-2972, combat digest §H): the mover waits on the square it is leaving until each asked
//! creature that could strike it has made its free strike or passed, then goes on.

use crate::common;

use common::{
    advance, apply, count, creature, end, pick, position, refused, stamina, start, strike,
};
use steelgrid_rules::creature::{MovementMode, Side};
use steelgrid_rules::director::monster::{MonsterFormula, Organization, Role};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::{Size, Square};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::trigger::Happening;
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// An encounter in the open room where the heroes are asked for their opportunity attacks.
fn asking() -> Fight {
    Fight::new().options("ask_opportunity_attacks: [Heroes]")
}

/// The creatures of these cases, added to a fight.
trait Cast {
    /// A hero with Might 2 (every other characteristic 0) and 2 Recoveries.
    fn brawler(self, id: &str, square: Square) -> Self;
    /// A goblin with `stamina`, speed 6 and free strike 4.
    fn goblin(self, id: &str, square: Square, stamina: i32) -> Self;
}

impl Cast for Fight {
    fn brawler(self, id: &str, square: Square) -> Self {
        self.hero(id, square).agility(0).recoveries(2)
    }

    fn goblin(self, id: &str, square: Square, stamina: i32) -> Self {
        self.monster(id, square)
            .stamina(stamina)
            .free_strike(4)
            .speed(6)
    }
}

/// H at (4, 4) next to goblin G at (5, 4) in `fight`; the heroes' turn passes and G's begins.
fn goblin_beside_hero(fight: Fight, g_stamina: i32, dice: &[u32]) -> Engine {
    let mut e = fight
        .brawler("h", at(4, 4))
        .goblin("g", at(5, 4), g_stamina)
        .monster("far", at(9, 0))
        .free_strike(0)
        .dice(dice)
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    e
}

fn pass(creature: &str) -> Command {
    Command::PassTrigger {
        creature: creature.into(),
    }
}

fn attackers(log: &[LoggedEvent]) -> Vec<String> {
    pick(log, |ev| match &ev.event {
        Event::OpportunityAttack { attacker, .. } => Some(attacker.clone()),
        _ => None,
    })
}

/// The open window's happening and (creature, opportunity) for each creature it waits on.
fn window(e: &Engine) -> Option<(Happening, Vec<(String, bool)>)> {
    e.state().trigger_window.map(|w| {
        (
            w.happening,
            w.waiting
                .into_iter()
                .map(|w| (w.creature, w.opportunity))
                .collect(),
        )
    })
}

fn leaving(creature: &str) -> Happening {
    Happening::Leaving {
        creature: creature.into(),
    }
}

// ---- The window -------------------------------------------------------------------------------

#[test]
fn ask_01_a_goblin_leaving_a_heros_reach_waits_for_the_hero() {
    let mut e = goblin_beside_hero(asking(), 30, &[]);
    let log = apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    assert_eq!(position(&e, "g"), Square::new(5, 4), "it has not left");
    assert_eq!(window(&e), Some((leaving("g"), vec![("h".into(), true)])));
    let opened: Vec<&str> = log
        .iter()
        .filter(|ev| matches!(ev.event, Event::TriggerWindowOpened { .. }))
        .map(|ev| ev.rule.id)
        .collect();
    assert_eq!(opened, vec!["opportunity_attack.asked"]);
    assert!(attackers(&log).is_empty(), "nobody struck unasked");
    // The prompt the client shows: the happening names the mover, the waiting says why.
    let json = serde_json::to_string(&e.state().trigger_window).unwrap();
    assert!(
        json.contains("\"Leaving\":{\"creature\":\"g\"}") && json.contains("\"opportunity\":true"),
        "{json}"
    );
}

#[test]
fn ask_02_the_heros_free_strike_hits_then_the_goblin_finishes_its_path() {
    // 6 + 6 + Might 2 = 14: tier 2, 5 + 2 = 7 damage.
    let mut e = goblin_beside_hero(asking(), 30, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let log = apply(&mut e, strike("h", "g"));
    assert_eq!(attackers(&log), vec!["h"]);
    assert!(log.iter().any(|ev| ev.rule == "opportunity_attack"
        && matches!(&ev.event, Event::OpportunityAttack { at, .. } if *at == Square::new(5, 4))));
    assert_eq!(stamina(&e, "g"), 23);
    assert_eq!(position(&e, "g"), Square::new(7, 4));
    assert_eq!(window(&e), None);
    assert_eq!(
        count(
            &log,
            |ev| matches!(ev, Event::ActionUsed { creature, .. } if creature == "h")
        ),
        0,
        "an opportunity attack takes no action"
    );
    let moved: Vec<Vec<Square>> = pick(&log, |ev| match &ev.event {
        Event::Moved { creature, path, .. } if creature == "g" => Some(path.clone()),
        _ => None,
    });
    assert_eq!(moved, vec![vec![Square::new(6, 4), Square::new(7, 4)]]);
}

#[test]
fn ask_03_a_pass_lets_the_goblin_go_untouched() {
    let mut e = goblin_beside_hero(asking(), 30, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let log = apply(&mut e, pass("h"));
    assert!(log.iter().any(|ev| ev.rule == "opportunity_attack.asked"
        && matches!(&ev.event, Event::TriggerPassed { creature } if creature == "h")));
    assert!(attackers(&log).is_empty());
    assert_eq!(stamina(&e, "g"), 30);
    assert_eq!(position(&e, "g"), Square::new(7, 4));
}

#[test]
fn ask_04_two_asked_heroes_both_answer_before_the_goblin_goes_on() {
    let mut e = asking()
        .brawler("h", at(4, 4))
        .brawler("h2", at(4, 5))
        .goblin("g", at(5, 4), 30)
        .monster("far", at(9, 0))
        .free_strike(0)
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    assert_eq!(
        window(&e),
        Some((leaving("g"), vec![("h".into(), true), ("h2".into(), true)]))
    );
    apply(&mut e, strike("h", "g"));
    assert_eq!(position(&e, "g"), Square::new(5, 4), "h2 still to answer");
    assert_eq!(window(&e), Some((leaving("g"), vec![("h2".into(), true)])));
    apply(&mut e, pass("h2"));
    assert_eq!(
        (stamina(&e, "g"), position(&e, "g")),
        (23, Square::new(7, 4))
    );
}

#[test]
fn ask_05_a_move_waits_again_at_each_reach_it_leaves() {
    let mut e = asking()
        .brawler("h", at(4, 4))
        .brawler("h2", at(8, 4))
        .goblin("g", at(5, 4), 30)
        .monster("far", at(9, 0))
        .free_strike(0)
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    apply(&mut e, advance("g", &[(6, 3), (7, 3), (7, 2)]));
    assert_eq!(window(&e), Some((leaving("g"), vec![("h".into(), true)])));
    apply(&mut e, pass("h"));
    assert_eq!(position(&e, "g"), Square::new(7, 3), "it now leaves h2");
    assert_eq!(window(&e), Some((leaving("g"), vec![("h2".into(), true)])));
    apply(&mut e, pass("h2"));
    assert_eq!(position(&e, "g"), Square::new(7, 2));
    assert_eq!(window(&e), None);
}

#[test]
fn ask_06_a_director_creatures_opportunity_attack_stays_automatic() {
    let mut e = asking()
        .brawler("h", at(4, 4))
        .goblin("g", at(5, 4), 30)
        .start();
    start(&mut e, "h");
    let log = apply(&mut e, advance("h", &[(3, 4), (2, 4)]));
    assert_eq!(attackers(&log), vec!["g"]);
    assert_eq!(window(&e), None);
    assert_eq!(
        (stamina(&e, "h"), position(&e, "h")),
        (26, Square::new(2, 4))
    );
}

#[test]
fn ask_07_a_goblin_killed_by_the_strike_loses_the_rest_of_its_move() {
    let mut e = goblin_beside_hero(asking(), 5, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let log = apply(&mut e, strike("h", "g"));
    let g = creature(&e, "g");
    assert!(g.dead);
    assert_eq!(g.position, Square::new(5, 4), "it never left");
    assert!(log.iter().any(|ev| ev.rule == "opportunity_attack.asked"
        && matches!(&ev.event, Event::EffectEnded { creature, effect } if creature == "g" && effect.contains("lost"))));
    assert_eq!(window(&e), None);
}

#[test]
fn ask_08_a_goblin_knocked_out_by_the_strike_stays_put() {
    let mut e = goblin_beside_hero(asking(), 5, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let mut knock_out_strike = strike("h", "g");
    if let Command::FreeStrike { knock_out, .. } = &mut knock_out_strike {
        *knock_out = true;
    }
    apply(&mut e, knock_out_strike);
    let g = creature(&e, "g");
    assert!(g.unconscious && !g.dead, "{:?}", g.state);
    assert_eq!(g.position, Square::new(5, 4));
}

#[test]
fn ask_09_a_charge_waits_then_ends_with_its_strike() {
    let mut e = asking()
        .brawler("h", at(1, 3))
        .brawler("m", at(4, 0))
        .goblin("g", at(1, 2), 30)
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    apply(
        &mut e,
        Command::Charge {
            creature: "g".into(),
            path: common::squares(&[(2, 1), (3, 0)]),
            target: "m".into(),
        },
    );
    assert_eq!(window(&e), Some((leaving("g"), vec![("h".into(), true)])));
    assert_eq!(stamina(&e, "m"), 30, "no strike before the charge ends");
    apply(&mut e, strike("h", "g"));
    assert_eq!(
        (stamina(&e, "g"), position(&e, "g"), stamina(&e, "m")),
        (23, Square::new(3, 0), 26)
    );
}

#[test]
fn ask_14_a_flier_waits_at_the_height_it_reached() {
    let mut e = asking()
        .brawler("h", at(7, 4))
        .goblin("g", at(5, 4), 30)
        .movement(&[MovementMode::Fly])
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    apply(
        &mut e,
        Command::Fly {
            creature: "g".into(),
            path: vec![(6, 4, 1), (5, 4, 2)],
        },
    );
    assert_eq!(window(&e), Some((leaving("g"), vec![("h".into(), true)])));
    let g = creature(&e, "g");
    assert_eq!((g.position, g.altitude), (Square::new(6, 4), 1));
    apply(&mut e, pass("h"));
    let g = creature(&e, "g");
    assert_eq!((g.position, g.altitude), (Square::new(5, 4), 2));
}

#[test]
fn ask_15_a_ridden_mount_waits_with_its_rider_then_carries_it_on() {
    let mount = MonsterFormula {
        level: 1,
        organization: Organization::Platoon,
        role: Some(Role::Mount),
    };
    let mut e = asking()
        .brawler("h", at(4, 4))
        .monster("m", at(5, 4))
        .free_strike(0)
        .size(Size::Squares(2))
        .speed(6)
        .formula(mount)
        .monster("r", at(5, 4))
        .free_strike(0)
        .riding("m")
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "r");
    apply(
        &mut e,
        Command::Ride {
            creature: "r".into(),
            path: common::squares(&[(6, 4), (7, 4)]),
            disengage: false,
        },
    );
    assert_eq!(window(&e), Some((leaving("m"), vec![("h".into(), true)])));
    apply(&mut e, strike("h", "m"));
    assert_eq!(
        (stamina(&e, "m"), position(&e, "m"), position(&e, "r")),
        (23, Square::new(7, 4), Square::new(7, 4))
    );
}

// ---- Save and load, the option off, the AI ----------------------------------------------------

#[test]
fn ask_10_save_and_load_mid_window_then_answering_matches() {
    let mut e = goblin_beside_hero(asking(), 30, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let pending = e.turn().pending_move.clone();
    assert!(pending.is_some());
    let json = serde_json::to_string(&e.snapshot()).expect("the snapshot serializes");
    let mut restored = Engine::restore(serde_json::from_str(&json).expect("and reads back"));
    assert_eq!(restored.turn().pending_move, pending);
    assert_eq!(restored.checksum(), e.checksum());
    let a = apply(&mut e, strike("h", "g"));
    let b = apply(&mut restored, strike("h", "g"));
    assert_eq!(a, b);
    assert_eq!(restored.checksum(), e.checksum());
    assert_eq!(position(&restored, "g"), Square::new(7, 4));
}

#[test]
fn ask_11_with_the_option_off_the_hero_strikes_at_once() {
    let mut e = goblin_beside_hero(Fight::new(), 30, &[6, 6]);
    let log = apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    assert_eq!(attackers(&log), vec!["h"]);
    assert_eq!(
        count(&log, |ev| matches!(ev, Event::TriggerWindowOpened { .. })),
        0
    );
    assert_eq!(window(&e), None);
    assert!(e.turn().pending_move.is_none());
    // The same strike and the same end as when the hero is asked and takes it.
    assert_eq!(
        (stamina(&e, "g"), position(&e, "g")),
        (23, Square::new(7, 4))
    );
}

#[test]
fn ask_12_the_ai_takes_its_opportunity_attack() {
    let mut e = goblin_beside_hero(asking(), 30, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    assert!(steelgrid_rules::ai::decide(&e, Side::Director).is_none());
    let decision = steelgrid_rules::ai::decide(&e, Side::Heroes).expect("the heroes answer");
    assert_eq!(decision.command, strike("h", "g"));
    apply(&mut e, decision.command);
    assert_eq!(position(&e, "g"), Square::new(7, 4));
}

// ---- Refusals ---------------------------------------------------------------------------------

#[test]
fn ask_13_nothing_else_happens_while_the_window_is_open() {
    let mut e = goblin_beside_hero(asking(), 30, &[6, 6]);
    apply(&mut e, advance("g", &[(6, 4), (7, 4)]));
    let err = refused(
        &mut e,
        Command::EndTurn {
            creature: "g".into(),
        },
    );
    assert_eq!(err.rule, "opportunity_attack.asked");
    assert!(err.reason.contains("FreeStrike"), "{}", err.reason);
    let err = refused(&mut e, advance("g", &[(6, 4)]));
    assert_eq!(err.rule, "opportunity_attack.asked");
    let err = refused(&mut e, strike("h", "far"));
    assert_eq!(err.rule, "opportunity_attack");
    let err = refused(&mut e, Command::free_strike("h", "g", true));
    assert_eq!(err.rule, "opportunity_attack");
    let err = refused(&mut e, pass("far"));
    assert_eq!(err.rule, "opportunity_attack.asked");
    let err = refused(&mut e, strike("far", "h"));
    assert_eq!(err.rule, "opportunity_attack.asked");
}
