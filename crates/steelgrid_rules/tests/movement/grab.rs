//! Grabbing (seed 002 L1743-1751, L2853-2891): the Grab and Escape Grab maneuvers, dragging,
//! and what being grabbed prevents.

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::forced::ForcedKind::{Push, Slide};
use steelgrid_rules::grid::{Size, Square};
use steelgrid_rules::movement::Gait;
use steelgrid_rules::testing::{Fight, at};

fn grab(creature: &str, target: &str) -> Command {
    Command::Grab {
        creature: creature.into(),
        target: target.into(),
    }
}

/// H (1M, Might 2) beside T; the heroes go first.
fn setup(target: &str, dice: &[u32]) -> steelgrid_rules::Engine {
    let h = "(id: \"h\", side: Heroes, stamina: 30, speed: 5, position: (3, 3), characteristics: (might: 2, agility: 1), hero: (recoveries: 1))";
    let mut e = fight(&[h.into(), target.into(), monster("far", 9, 0)], dice);
    start(&mut e, "h");
    e
}

#[test]
fn ds_combat_113_grab_a_size_2_ogre_tier_2_after_its_free_strike() {
    let ogre =
        "(id: \"o\", side: Director, size: \"2\", stamina: 40, free_strike: 4, position: (4, 3))";
    // 6 + 6 + Might 2 = 14: tier 2.
    let mut e = setup(ogre, &[6, 6]);
    let events = e.apply(grab("h", "o")).unwrap();
    let strike = events
        .iter()
        .position(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
        .unwrap();
    let grabbed = events
        .iter()
        .position(|ev| matches!(&ev.event, Event::ConditionGained { condition, .. } if condition == "grabbed"))
        .unwrap();
    assert!(strike < grabbed, "the ogre strikes before it is grabbed");
    assert_eq!(creature(&e, "h").stamina.current, 26);
    let o = creature(&e, "o");
    assert_eq!(
        (o.conditions.clone(), o.grabbed_by.clone()),
        (vec!["grabbed".to_owned()], Some("h".to_owned()))
    );
    // One creature at a time.
    let e2 = e.apply(grab("h", "far"));
    assert!(e2.is_err());
}

#[test]
fn grab_tier_1_fails_and_tier_3_grabs_outright() {
    let mut e = setup(&monster("t", 4, 3), &[1, 2]);
    e.apply(grab("h", "t")).unwrap();
    assert!(creature(&e, "t").grabbed_by.is_none());
    let mut e = setup(&monster("t", 4, 3), &[9, 9]);
    let events = e.apply(grab("h", "t")).unwrap();
    assert!(
        !events
            .iter()
            .any(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
    );
    assert_eq!(creature(&e, "t").grabbed_by.as_deref(), Some("h"));
}

#[test]
fn ds_core_56_grab_size_limit() {
    let big = "(id: \"t\", side: Director, size: \"3\", stamina: 60, position: (4, 3))";
    let mut e = setup(big, &[9, 9]);
    assert_eq!(e.apply(grab("h", "t")).unwrap_err().rule, "maneuver.grab");
}

#[test]
fn a_grabbed_creature_has_speed_0_no_knockback_and_a_bane_against_others() {
    let mut e = setup(&monster("t", 4, 3), &[9, 9, 5, 5]);
    e.apply(grab("h", "t")).unwrap();
    end(&mut e, "h");
    start(&mut e, "t");
    assert_eq!(
        e.apply(advance("t", &[(5, 3)])).unwrap_err().rule,
        "condition.grabbed"
    );
    assert_eq!(
        e.apply(Command::Knockback {
            creature: "t".into(),
            target: "h".into()
        })
        .unwrap_err()
        .rule,
        "condition.grabbed"
    );
}

#[test]
fn only_the_grabber_can_force_move_a_grabbed_creature_and_separation_ends_the_grab() {
    let mut e = setup(&monster("t", 4, 3), &[9, 9]);
    e.apply(grab("h", "t")).unwrap();
    // Another effect slides it: 0 squares.
    let events = e.apply(force(Slide, None, "t", 3, &[])).unwrap();
    let d = events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::ForcedMoved { derivation, .. } => Some(derivation[0].clone()),
            _ => None,
        })
        .unwrap();
    assert!(d.contains("only h can move it"), "{d}");
    let second = e.apply(force(Slide, None, "t", 3, &[(5, 3)]));
    assert!(second.is_err(), "{second:?}");
    // The grabber pushes it away: no longer adjacent, the grab ends.
    let events = e
        .apply(force(Push, Some("h"), "t", 2, &[(5, 3), (6, 3)]))
        .unwrap();
    assert!(events.iter().any(
        |ev| matches!(&ev.event, Event::ConditionEnded { condition, .. } if condition == "grabbed")
    ));
    assert!(creature(&e, "t").grabbed_by.is_none());
}

#[test]
fn ds_core_55_dragging_halves_speed_unless_the_grabber_is_bigger() {
    let mut e = setup(&monster("t", 4, 3), &[9, 9]);
    e.apply(grab("h", "t")).unwrap();
    // Speed 5 halved to 2 while holding a creature its own size.
    let reach = e.reachable("h", Gait::Move).unwrap();
    assert!(reach.iter().all(|r| r.cost <= 2));
    e.apply(advance("h", &[(2, 3), (1, 3)])).unwrap();
    assert_eq!(creature(&e, "h").position, Square::new(1, 3));
    assert_eq!(
        creature(&e, "t").position,
        Square::new(2, 3),
        "dragged along"
    );
    assert_eq!(creature(&e, "t").grabbed_by.as_deref(), Some("h"));
    // A size-2 grabber holding a 1M creature keeps its full speed.
    let big = "(id: \"b\", side: Heroes, size: \"2\", stamina: 40, speed: 5, position: (2, 2), characteristics: (might: 2), hero: (recoveries: 1))";
    let mut e = fight(
        &[big.into(), monster("t", 4, 2), monster("far", 9, 0)],
        &[9, 9],
    );
    start(&mut e, "b");
    e.apply(grab("b", "t")).unwrap();
    let reach = e.reachable("b", Gait::Move).unwrap();
    assert!(reach.iter().any(|r| r.cost == 5));
}

#[test]
fn ds_combat_113_escape_grab_with_a_bane_when_smaller() {
    let goblin = "(id: \"g\", side: Director, size: \"1S\", stamina: 20, free_strike: 2, position: (4, 3), characteristics: (agility: 2))";
    // Grab at tier 3, then the goblin's Escape Grab: 6 + 6 + 2 − 2 (bane) = 12: tier 2, H strikes first.
    let mut e = setup(goblin, &[9, 9, 6, 6, 5, 5]);
    e.apply(grab("h", "g")).unwrap();
    end(&mut e, "h");
    start(&mut e, "g");
    let events = e
        .apply(Command::EscapeGrab {
            creature: "g".into(),
        })
        .unwrap();
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(roll.banes[0].rule, "maneuver.escape_grab");
    assert_eq!(roll.total, 12);
    assert!(
        events
            .iter()
            .any(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
    );
    assert!(creature(&e, "g").grabbed_by.is_none());
}

#[test]
fn release_and_teleport_end_a_grab() {
    let mut e = setup(&monster("t", 4, 3), &[9, 9]);
    e.apply(grab("h", "t")).unwrap();
    e.apply(Command::Release {
        creature: "h".into(),
    })
    .unwrap();
    assert!(creature(&e, "t").grabbed_by.is_none());
    assert_eq!(
        e.apply(Command::Release {
            creature: "h".into()
        })
        .unwrap_err()
        .rule,
        "condition.grabbed"
    );
    let tp = "(id: \"t\", side: Director, stamina: 20, speed: 3, position: (4, 3), movement: [Teleport])";
    let mut e = setup(tp, &[9, 9]);
    e.apply(grab("h", "t")).unwrap();
    end(&mut e, "h");
    start(&mut e, "t");
    let events = e.apply(advance("t", &[(4, 2)])).unwrap();
    assert!(
        events.iter().any(|ev| ev.rule == "movement.teleport"
            && matches!(&ev.event, Event::ConditionEnded { .. }))
    );
    assert!(
        creature(&e, "t").grabbed_by.is_none(),
        "teleporting ends the grab even next to the grabber"
    );
}

#[test]
fn ds_core_x2_a_1l_grabber_drags_a_1m_creature_at_full_speed_unless_sizes_count_as_numbers() {
    // seed 002 L1743: speed halves while the grabber's size is no bigger than the held one's.
    // On the size ladder 1L is bigger than 1M (combat A-16, the default); as numbers both are 1
    // (core AMB-12, the `grab_speed_sizes: Number` option).
    let farthest = |options: &str| {
        let mut e = Fight::new()
            .options(options)
            .hero("h", at(3, 3))
            .size(Size::Large)
            .monster("t", at(4, 3))
            .grabbed_by("h")
            .start();
        start(&mut e, "h");
        let reach = e.reachable("h", Gait::Move).unwrap();
        reach.iter().map(|r| r.cost).max().unwrap()
    };
    assert_eq!(farthest(""), 5);
    assert_eq!(farthest("grab_speed_sizes: Number"), 2);
}
