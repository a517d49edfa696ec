//! Hiding and searching (seed 002 L2265-2295, L2893-2895, L2920-2922; combat digest §10, §21;
//! DS-CORE-64, DS-CORE-65).

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::testing::{Fight, at};

/// Stone pillars at (2, 2) and (6, 2): a hero at (4, 2) has cover from a goblin at (0, 2) and
/// from one at (15, 2), 11 squares away.
const PILLAR: [&str; 6] = [
    "................",
    "................",
    "..s...s.........",
    "................",
    "................",
    "................",
];

fn ranged(attacker: &str, target: &str) -> Command {
    Command::free_strike(attacker, target, true)
}

fn hide(creature: &str) -> Command {
    Command::Hide {
        creature: creature.into(),
    }
}

fn search(creature: &str) -> Command {
    Command::Search {
        creature: creature.into(),
    }
}

#[test]
fn ds_core_64_hidden_creatures_are_out_of_reach_then_strike_with_an_edge_and_are_seen() {
    let mut e = Fight::on(&PILLAR)
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let hid = apply(&mut e, hide("h"));
    assert!(
        hid.iter()
            .any(|ev| matches!(&ev.event, Event::Hid { from, .. } if *from == ["g".to_owned()]))
    );
    assert_eq!(conditions(&e, "h"), ["hidden from g"]);
    end(&mut e, "h");
    start(&mut e, "g");
    // Only an area ability could reach it now.
    let refused = e.apply(ranged("g", "h")).unwrap_err();
    assert_eq!(refused.rule, "maneuver.hide");
    end(&mut e, "g");
    start(&mut e, "h");
    // The strike resolves with the edge, then Tessa is seen.
    let struck = apply(&mut e, ranged("h", "g"));
    let roll = struck
        .iter()
        .find_map(|ev| match &ev.event {
            Event::PowerRolled { roll, .. } => Some(roll.clone()),
            _ => None,
        })
        .expect("a roll");
    assert!(
        roll.edges.iter().any(|m| m.rule == "maneuver.hide"),
        "{roll:?}"
    );
    assert!(
        struck
            .iter()
            .any(|ev| matches!(&ev.event, Event::Revealed { creature } if creature == "h"))
    );
    assert!(conditions(&e, "h").is_empty());
    end(&mut e, "h");
    start(&mut e, "g");
    assert!(e.check(&ranged("g", "h")).is_ok(), "seen now");
}

#[test]
fn hiding_needs_cover_from_an_enemy() {
    let mut e = Fight::new()
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .start();
    start(&mut e, "h");
    let before = e.checksum();
    let refused = e.apply(hide("h")).unwrap_err();
    assert_eq!(refused.rule, "maneuver.hide");
    assert_eq!(e.checksum(), before, "nothing changed");
}

#[test]
fn moving_out_of_cover_or_walking_away_gives_a_hider_away() {
    // Moving is giving itself away (no sneaking yet).
    let mut e = Fight::on(&PILLAR)
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .start();
    start(&mut e, "h");
    apply(&mut e, hide("h"));
    let moved = apply(
        &mut e,
        Command::Advance {
            creature: "h".into(),
            path: vec![steelgrid_rules::grid::Square::new(5, 2)],
        },
    );
    assert!(
        moved
            .iter()
            .any(|ev| matches!(&ev.event, Event::Revealed { .. }))
    );
    assert!(conditions(&e, "h").is_empty());
    // The goblin stepping round the pillar takes the hider's cover away.
    let mut e = Fight::on(&PILLAR)
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .start();
    start(&mut e, "h");
    apply(&mut e, hide("h"));
    end(&mut e, "h");
    start(&mut e, "g");
    let stepped = apply(
        &mut e,
        Command::Advance {
            creature: "g".into(),
            path: vec![
                steelgrid_rules::grid::Square::new(1, 3),
                steelgrid_rules::grid::Square::new(2, 4),
            ],
        },
    );
    assert!(stepped.iter().any(
        |ev| matches!(&ev.event, Event::CoverLost { seen_by, .. } if *seen_by == ["g".to_owned()])
    ));
    assert!(conditions(&e, "h").is_empty());
}

#[test]
fn ds_core_65_search_finds_only_with_a_higher_total_and_within_10_squares() {
    // The hero hides (Agility 1) between the pillars from two goblins; the far one, 11 squares
    // away, searches and checks nothing; the near one ties (10 + 0 against 9 + 1) and finds
    // nothing, then beats it.
    let mut e = Fight::on(&PILLAR)
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .monster("far", at(15, 2))
        .stamina(20)
        .dice(&[5, 5, 4, 5, 9, 9, 1, 1])
        .start();
    start(&mut e, "h");
    apply(&mut e, hide("h"));
    assert_eq!(conditions(&e, "h"), ["hidden from far, g"]);
    end(&mut e, "h");
    start(&mut e, "g");
    let tie = apply(&mut e, search("g"));
    let searched: Vec<(i32, i32, bool)> = tie
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::Searched {
                search_total,
                hide_total,
                found,
                ..
            } => Some((*search_total, *hide_total, *found)),
            _ => None,
        })
        .collect();
    assert_eq!(searched, [(10, 10, false)], "a tie leaves it hidden");
    assert_eq!(conditions(&e, "h"), ["hidden from far, g"]);
    end(&mut e, "g");
    start(&mut e, "far");
    let far = apply(&mut e, search("far"));
    assert!(
        !far.iter()
            .any(|ev| matches!(ev.event, Event::Searched { .. })),
        "nothing it is hidden from within 10 squares"
    );
    end(&mut e, "far");
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    let found = apply(&mut e, search("g"));
    assert!(found.iter().any(|ev| matches!(
        &ev.event,
        Event::Searched {
            search_total: 18,
            hide_total: 3,
            found: true,
            ..
        }
    )));
    assert_eq!(
        conditions(&e, "h"),
        ["hidden from far"],
        "still hidden from the far one"
    );
}

/// Darkness over columns 6-7 (`d`): whatever stands wholly in it has concealment.
const DARK: [&str; 6] = [
    "......dd..",
    "......dd..",
    "......dd..",
    "......dd..",
    "......dd..",
    "......dd..",
];

fn roll_banes(events: &[steelgrid_rules::event::LoggedEvent]) -> Vec<String> {
    events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::PowerRolled { roll, .. } => {
                Some(roll.banes.iter().map(|m| m.rule.clone()).collect())
            }
            _ => None,
        })
        .expect("a roll")
}

#[test]
fn ds_combat_74_strikes_against_a_concealed_target_take_a_bane_and_it_can_hide() {
    let mut e = Fight::on(&DARK)
        .hero("h", at(3, 2))
        .monster("g", at(6, 2))
        .stamina(20)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let struck = apply(&mut e, ranged("h", "g"));
    assert_eq!(roll_banes(&struck), ["power_roll.bane.concealment"]);
    end(&mut e, "h");
    // In the dark, the goblin hides from the hero with no cover at all; then only an area
    // ability can reach it.
    start(&mut e, "g");
    let hid = apply(&mut e, hide("g"));
    assert!(
        hid.iter()
            .any(|ev| matches!(&ev.event, Event::Hid { from, .. } if *from == ["h".to_owned()]))
    );
    end(&mut e, "g");
    start(&mut e, "h");
    assert_eq!(
        e.check(&ranged("h", "g")).unwrap_err().rule,
        "maneuver.hide"
    );
}

#[test]
fn ds_combat_74_an_invisible_creature_is_always_concealed_and_harder_to_find() {
    let mut e = Fight::new()
        .hero("h", at(0, 2))
        .monster("ghost", at(2, 2))
        .stamina(20)
        .invisible()
        .dice(&[5, 5, 6, 6, 5, 5])
        .start();
    start(&mut e, "h");
    let struck = apply(&mut e, ranged("h", "ghost"));
    assert_eq!(roll_banes(&struck), ["power_roll.bane.concealment"]);
    end(&mut e, "h");
    start(&mut e, "ghost");
    apply(&mut e, hide("ghost"));
    assert!(conditions(&e, "ghost").contains(&"hidden from h".to_owned()));
    end(&mut e, "ghost");
    start(&mut e, "h");
    // 12 + Intuition 0 − 2 for the bane against 10 + Agility 0: still hidden.
    let search = apply(&mut e, search("h"));
    assert!(search.iter().any(|ev| matches!(
        &ev.event,
        Event::Searched {
            search_total: 10,
            hide_total: 10,
            found: false,
            ..
        }
    )));
}

#[test]
fn the_ai_searches_for_a_hero_hidden_from_it() {
    let mut e = Fight::on(&PILLAR)
        .hero("h", at(4, 2))
        .monster("g", at(0, 2))
        .stamina(20)
        .start();
    start(&mut e, "h");
    apply(&mut e, hide("h"));
    end(&mut e, "h");
    start(&mut e, "g");
    let decision = steelgrid_rules::ai::decide(&e, steelgrid_rules::creature::Side::Director)
        .expect("the goblin's move");
    assert_eq!(decision.command, search("g"), "{:?}", decision.top);
}
