//! Turn sequence cases (combat digest §32 L and the turn rules of §5-8), movement costs of the
//! Advance move action, and refused commands that must change nothing.

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::Event;

/// Start, end, and return who the engine offers the next pick to.
fn take_turn(e: &mut steelgrid_rules::Engine, id: &str) -> Vec<steelgrid_rules::LoggedEvent> {
    start(e, id);
    e.apply(Command::EndTurn {
        creature: id.into(),
    })
    .unwrap()
}

#[test]
fn ds_combat_94_first_side_roll() {
    for (roll, chooser) in [
        (7, Side::Heroes),
        (6, Side::Heroes),
        (5, Side::Director),
        (3, Side::Director),
    ] {
        let mut e = scenario(
            &ROOM,
            &format!("{}, {}", hero("h", 0, 0), monster("m", 5, 5)),
            &[roll],
        )
        .start(None);
        let rolled = e
            .log()
            .iter()
            .find_map(|ev| match &ev.event {
                Event::FirstSideRolled { roll, chooser } => Some((*roll, *chooser)),
                _ => None,
            })
            .unwrap();
        assert_eq!(rolled, (roll, chooser));
        assert_eq!(e.state().awaiting_first_side_choice, Some(chooser));
        // Nothing can act until the choice is made.
        let err = e
            .apply(Command::StartTurn {
                creature: "h".into(),
            })
            .unwrap_err();
        assert_eq!(err.rule, "turn.first_side.choice");
        e.apply(Command::ChooseFirstSide {
            side: Side::Director,
        })
        .unwrap();
        assert_eq!(e.state().acting_side, Some(Side::Director));
        assert_eq!(e.state().round, 1);
    }
}

#[test]
fn all_surprised_side_goes_second_without_a_roll() {
    let m = "(id: \"m\", side: Director, stamina: 20, free_strike: 3, position: (5, 5), surprised: true)";
    let mut e = scenario(&ROOM, &format!("{}, {m}", hero("h", 0, 0)), &[]).start(Some(3));
    assert!(
        e.log()
            .iter()
            .any(|ev| ev.rule == "turn.first_side.surprise")
    );
    assert!(!e.log().iter().any(|ev| ev.rule == "turn.first_side.roll"));
    assert_eq!(e.state().acting_side, Some(Side::Heroes));
    // Surprise lasts until the end of round 1.
    take_turn(&mut e, "h");
    assert!(creature(&e, "m").surprised);
    let events = take_turn(&mut e, "m");
    assert!(events.iter().any(|ev| ev.rule == "turn.surprise.end"));
    assert!(!creature(&e, "m").surprised);
    assert_eq!(e.state().round, 2);
}

#[test]
fn a33_both_sides_surprised_still_roll() {
    let h = "(id: \"h\", side: Heroes, stamina: 20, position: (0, 0), hero: (recoveries: 1), surprised: true)";
    let m = "(id: \"m\", side: Director, stamina: 20, position: (5, 5), surprised: true)";
    let e = scenario(&ROOM, &format!("{h}, {m}"), &[2]).start(None);
    assert!(e.log().iter().any(|ev| ev.rule == "turn.first_side.roll"));
}

#[test]
fn ds_combat_95_one_side_runs_out_and_the_rest_act_back_to_back() {
    let mut e = scenario(
        &ROOM,
        &[
            hero("h1", 0, 0),
            hero("h2", 0, 2),
            monster("e1", 9, 0),
            monster("e2", 9, 1),
            monster("e3", 9, 2),
            monster("e4", 9, 3),
        ]
        .join(", "),
        &[3],
    )
    .start(None);
    e.apply(Command::ChooseFirstSide {
        side: Side::Director,
    })
    .unwrap();
    let order = ["e1", "h1", "e2", "h2", "e3", "e4"];
    for (i, id) in order.iter().enumerate() {
        let events = take_turn(&mut e, id);
        if *id == "h2" {
            let next = events.iter().find_map(|ev| match &ev.event {
                Event::NextToAct {
                    side, back_to_back, ..
                } => Some((*side, *back_to_back)),
                _ => None,
            });
            assert_eq!(next, Some((Side::Director, false)));
        }
        if *id == "e3" {
            let next = events.iter().find_map(|ev| match &ev.event {
                Event::NextToAct {
                    side, back_to_back, ..
                } => Some((*side, *back_to_back)),
                _ => None,
            });
            assert_eq!(next, Some((Side::Director, true)), "e4 acts right after e3");
        }
        if i + 1 == order.len() {
            assert!(events.iter().any(|ev| ev.rule == "turn.round.end"));
        }
    }
    // The side that went first in round 1 goes first again.
    assert_eq!(e.state().round, 2);
    assert_eq!(e.state().acting_side, Some(Side::Director));
}

#[test]
fn heroes_cannot_act_on_the_directors_pick() {
    let mut e = scenario(
        &ROOM,
        &format!("{}, {}", hero("h", 0, 0), monster("m", 5, 5)),
        &[1],
    )
    .start(None);
    e.apply(Command::ChooseFirstSide {
        side: Side::Director,
    })
    .unwrap();
    let before = e.checksum();
    let err = e
        .apply(Command::StartTurn {
            creature: "h".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.order");
    assert_eq!(e.checksum(), before, "a refused command changes nothing");
}

#[test]
fn a_director_group_finishes_before_the_heroes_go() {
    let g1 = "(id: \"g1\", side: Director, stamina: 10, position: (9, 0), group: \"pack\")";
    let g2 = "(id: \"g2\", side: Director, stamina: 10, position: (9, 1), group: \"pack\")";
    let mut e = fight(
        &[
            hero("h1", 0, 0),
            hero("h2", 0, 1),
            monster("solo", 9, 5),
            g1.into(),
            g2.into(),
        ],
        &[],
    );
    take_turn(&mut e, "h1");
    take_turn(&mut e, "g1");
    // The pack's other member must go before the heroes or another Director creature.
    let err = e
        .apply(Command::StartTurn {
            creature: "h2".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.order");
    let err = e
        .apply(Command::StartTurn {
            creature: "solo".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.order.group");
    take_turn(&mut e, "g2");
    take_turn(&mut e, "h2");
    take_turn(&mut e, "solo");
    assert_eq!(e.state().round, 2);
}

#[test]
fn a_creature_acts_once_per_round() {
    let mut e = fight(
        &[hero("h1", 0, 0), hero("h2", 0, 2), monster("m", 9, 5)],
        &[],
    );
    take_turn(&mut e, "h1");
    take_turn(&mut e, "m");
    let err = e
        .apply(Command::StartTurn {
            creature: "h1".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.order");
    assert!(err.reason.contains("already taken its turn"));
}

#[test]
fn ds_combat_91_legal_turn_shapes() {
    // Advance 2 → strike → Advance 3 is illegal as two move actions plus a main action; the
    // digest's "Advance 2, strike, Aid Attack, Advance 3" splits one move. Here: Advance 5 →
    // Catch Breath → Advance 5 trades the main action for a second move.
    let h = "(id: \"h\", side: Heroes, stamina: 30, current_stamina: 20, speed: 5, position: (0, 0), hero: (recoveries: 3))";
    let mut e = fight(&[h.into(), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    e.apply(advance("h", &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0)]))
        .unwrap();
    e.apply(Command::CatchBreath {
        creature: "h".into(),
    })
    .unwrap();
    let events = e
        .apply(advance("h", &[(5, 1), (5, 2), (5, 3), (5, 4), (6, 4)]))
        .unwrap();
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "turn.action_economy.trade_main")
    );
    assert_eq!(
        creature(&e, "h").position,
        steelgrid_rules::grid::Square::new(6, 4)
    );
    // Nothing is left: no main action, no third move.
    let err = e.apply(strike("h", "m")).unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn ds_combat_91_illegal_turn_shapes() {
    let h = "(id: \"h\", side: Heroes, stamina: 30, current_stamina: 10, speed: 5, position: (0, 0), hero: (recoveries: 3))";
    let mut e = fight(&[h.into(), monster("m", 1, 1), monster("n", 8, 5)], &[6, 6]);
    start(&mut e, "h");
    // A single Advance of 7.
    let err = e
        .apply(advance(
            "h",
            &[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)],
        ))
        .unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit");
    // Two main actions.
    e.apply(strike("h", "m")).unwrap();
    let err = e.apply(strike("h", "m")).unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
    // A main action plus two maneuvers.
    e.apply(Command::CatchBreath {
        creature: "h".into(),
    })
    .unwrap();
    let err = e
        .apply(Command::CatchBreath {
            creature: "h".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn movement_costs_difficult_terrain_and_enemies() {
    let rows = [
        "..~.......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[hero("h", 0, 0), monster("m", 1, 1), monster("n", 9, 5)],
        &[],
    );
    start(&mut e, "h");
    // (1,0) 1 + (2,0) difficult 2 + (3,0) 1 = 4.
    let events = e.apply(advance("h", &[(1, 0), (2, 0), (3, 0)])).unwrap();
    let Event::Moved { cost, .. } = &find(&events, |ev| matches!(ev, Event::Moved { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*cost, 4);
    end(&mut e, "h");
    start(&mut e, "m");
    end(&mut e, "m");
    start(&mut e, "n");
    end(&mut e, "n");
    start(&mut e, "h");
    // Through the enemy at (1,1) costs 2 for that square; ending on it is refused.
    let err = e.apply(advance("h", &[(2, 1), (1, 1)])).unwrap_err();
    assert_eq!(err.rule, "movement.occupied");
    let events = e.apply(advance("h", &[(2, 1), (1, 1), (0, 1)])).unwrap();
    let Event::Moved { cost, .. } = &find(&events, |ev| matches!(ev, Event::Moved { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*cost, 4);
}

#[test]
fn no_cutting_corners_or_walking_through_walls() {
    let rows = [
        ".#........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 0, 0), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    let err = e.apply(advance("h", &[(1, 1)])).unwrap_err();
    assert_eq!(err.rule, "movement.no_cutting_corners");
    let err = e.apply(advance("h", &[(1, 0)])).unwrap_err();
    assert!(err.reason.contains("wall"));
    let err = e.apply(advance("h", &[(-1, 0)])).unwrap_err();
    assert!(err.reason.contains("leaves the map"));
    let err = e.apply(advance("h", &[(2, 2)])).unwrap_err();
    assert!(err.reason.contains("not adjacent"));
}

#[test]
fn allies_can_be_passed_through_but_not_ended_on() {
    let mut e = fight(&[hero("h", 0, 0), hero("a", 1, 0), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    let err = e.apply(advance("h", &[(1, 0)])).unwrap_err();
    assert_eq!(err.rule, "movement.occupied");
    let events = e.apply(advance("h", &[(1, 0), (2, 0)])).unwrap();
    let Event::Moved { cost, .. } = &find(&events, |ev| matches!(ev, Event::Moved { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*cost, 2, "an ally's square costs nothing extra");
}

#[test]
fn sizes_two_apart_may_share_a_space() {
    let ogre = "(id: \"o\", side: Director, size: \"2\", stamina: 40, position: (3, 3))";
    let mut e = fight(&[hero("h", 2, 2), ogre.into()], &[]);
    start(&mut e, "h");
    // 1M and 2 are two rungs apart on the size ladder.
    e.apply(advance("h", &[(3, 3)])).unwrap();
}

#[test]
fn damaging_terrain_hurts_on_entry() {
    let rows = [
        ".x........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 0, 0), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    e.apply(advance("h", &[(1, 0), (2, 0)])).unwrap();
    assert_eq!(creature(&e, "h").stamina.current, 27);
}

#[test]
fn moving_a_dead_creature_is_refused_and_changes_nothing() {
    let mut e = fight(
        &[hero("h", 0, 0), monster("m", 5, 5), monster("n", 8, 5)],
        &[],
    );
    e.apply(Command::EnvironmentDamage {
        target: "m".into(),
        amount: 99,
        damage_type: None,
        halved: false,
    })
    .unwrap();
    let before = e.checksum();
    let err = e.apply(advance("m", &[(5, 4)])).unwrap_err();
    assert_eq!(err.rule, "creature");
    assert!(err.reason.contains("dead"));
    let err = e
        .apply(Command::StartTurn {
            creature: "m".into(),
        })
        .unwrap_err();
    assert_eq!(err.rule, "turn.order");
    assert_eq!(e.checksum(), before);
}

#[test]
fn acting_out_of_turn_is_refused_and_changes_nothing() {
    let mut e = fight(&[hero("h", 0, 0), hero("g", 0, 2), monster("m", 1, 1)], &[]);
    start(&mut e, "h");
    let before = e.checksum();
    let log_len = e.log().len();
    for cmd in [strike("g", "m"), advance("g", &[(0, 3)]), strike("m", "h")] {
        let err = e.apply(cmd).unwrap_err();
        assert_eq!(err.rule, "turn.order");
    }
    assert_eq!(e.checksum(), before);
    assert_eq!(e.log().len(), log_len, "refusals add nothing to the log");
}

#[test]
fn strikes_need_reach_and_line_of_effect() {
    let rows = [
        "..#.......",
        "..#.......",
        "..#.......",
        "..#.......",
        "..#.......",
        "..#.......",
    ];
    let mut e = fight_in(
        &rows,
        &[hero("h", 1, 0), monster("m", 3, 0), monster("n", 9, 5)],
        &[],
    );
    start(&mut e, "h");
    let err = e.apply(strike("h", "m")).unwrap_err();
    assert_eq!(err.rule, "target.distance");
    let mut ranged = strike("h", "m");
    if let Command::FreeStrike { ranged: r, .. } = &mut ranged {
        *r = true;
    }
    let err = e.apply(ranged).unwrap_err();
    assert_eq!(err.rule, "target.line_of_effect");
}

#[test]
fn director_free_strikes_deal_fixed_damage() {
    let mut e = fight(&[hero("h", 0, 0), monster("m", 1, 1)], &[]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "m");
    let dice_before = e.state().scripted_dice_left;
    e.apply(strike("m", "h")).unwrap();
    assert_eq!(creature(&e, "h").stamina.current, 27);
    assert_eq!(e.state().scripted_dice_left, dice_before, "no roll");
}

#[test]
fn defeating_all_enemies_is_victory_and_ends_the_encounter() {
    let goblin = "(id: \"g\", side: Director, stamina: 5, free_strike: 1, position: (1, 1))";
    let mut e = fight(&[hero("h", 0, 0), goblin.into()], &[10, 10]);
    start(&mut e, "h");
    let events = e.apply(strike("h", "g")).unwrap();
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "objective.defeat_all_enemies")
    );
    assert_eq!(e.state().status, "victory");
    let err = e
        .apply(Command::EndTurn {
            creature: "h".into(),
        })
        .unwrap_err();
    assert!(err.reason.contains("over"));
}
