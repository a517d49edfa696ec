//! Flying (seed 002 L2688-2694): moving through the air in three dimensions, staying aloft when
//! pushed, reach and opportunity attacks measured in height too (digest ).

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::forced::ForcedKind::Push;
use steelgrid_rules::grid::Square;

fn fly(creature: &str, path: &[(i32, i32, i32)]) -> Command {
    Command::Fly {
        creature: creature.into(),
        path: path.to_vec(),
    }
}

fn flier(id: &str, side: &str, x: i32, y: i32, altitude: u32) -> String {
    let hero = if side == "Heroes" {
        ", hero: (recoveries: 1)"
    } else {
        ""
    };
    format!(
        "(id: \"{id}\", side: {side}, stamina: 30, speed: 5, position: ({x}, {y}), movement: [Fly], altitude: {altitude}, characteristics: (might: 2){hero})"
    )
}

#[test]
fn a_flier_rises_moves_over_creatures_and_stays_aloft() {
    let mut e = fight(
        &[
            flier("f", "Heroes", 0, 0, 0),
            monster("m", 2, 0),
            monster("far", 9, 5),
        ],
        &[],
    );
    start(&mut e, "f");
    let events = e
        .apply(fly("f", &[(1, 0, 1), (2, 0, 1), (3, 0, 2)]))
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "movement.fly"));
    let f = creature(&e, "f");
    assert_eq!((f.position, f.altitude, f.z), (Square::new(3, 0), 2, 2));
    // While airborne it flies; walking is refused.
    end(&mut e, "f");
    for id in ["m", "far"] {
        start(&mut e, id);
        end(&mut e, id);
    }
    start(&mut e, "f");
    assert_eq!(
        e.apply(advance("f", &[(4, 0)])).unwrap_err().rule,
        "movement.fly"
    );
    // It can't end inside a creature's space, but above one is fine.
    assert!(e.apply(fly("f", &[(2, 0, 1), (2, 0, 0)])).is_err());
    e.apply(fly("f", &[(2, 0, 1)])).unwrap();
    assert_eq!(creature(&e, "f").altitude, 1);
}

#[test]
fn flight_steps_change_height_by_at_most_one_and_never_go_underground() {
    let mut e = fight(&[flier("f", "Heroes", 0, 0, 0), monster("far", 9, 5)], &[]);
    start(&mut e, "f");
    assert_eq!(
        e.apply(fly("f", &[(1, 0, 2)])).unwrap_err().rule,
        "movement.fly"
    );
    assert_eq!(
        e.apply(fly("f", &[(1, 0, -1)])).unwrap_err().rule,
        "movement.fly"
    );
    let walker = "(id: \"w\", side: Heroes, stamina: 30, position: (0, 2), hero: (recoveries: 1))";
    let mut e = fight(&[walker.into(), monster("far", 9, 5)], &[]);
    start(&mut e, "w");
    assert_eq!(
        e.apply(fly("w", &[(1, 2, 1)])).unwrap_err().rule,
        "movement.fly"
    );
}

#[test]
fn reach_and_adjacency_count_height() {
    // A flier 2 squares up is out of a ground creature's melee reach.
    let mut e = fight(&[hero("h", 3, 3), flier("f", "Director", 4, 3, 2)], &[]);
    start(&mut e, "h");
    assert_eq!(
        e.apply(strike("h", "f")).unwrap_err().rule,
        "target.distance"
    );
    // One square up it is adjacent; climbing to 2 leaves the hero's reach and provokes.
    let mut e = fight(&[hero("h", 3, 3), flier("f", "Director", 4, 3, 1)], &[5, 5]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "f");
    let events = e.apply(fly("f", &[(4, 3, 2)])).unwrap();
    assert!(
        events
            .iter()
            .any(|ev| matches!(ev.event, Event::OpportunityAttack { .. }))
    );
}

#[test]
fn ds_combat_41_a_pushed_flier_stays_aloft() {
    let mut e = fight(
        &[
            flier("p", "Heroes", 2, 3, 2),
            flier("t", "Director", 3, 3, 2),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 2, &[(4, 3), (5, 3)]))
        .unwrap();
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.altitude, t.stamina.current),
        (Square::new(5, 3), 2, 30)
    );
    // Off a ledge, a flier keeps its height above where it was: no fall.
    let mut e = fight_in(
        &[
            "44444.....",
            "44444.....",
            "44444.....",
            "44444.....",
            "44444.....",
            "44444.....",
        ],
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            flier("t", "Director", 3, 3, 0),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.altitude, t.stamina.current),
        (Square::new(6, 3), 4, 30)
    );
}

#[test]
fn a_flier_gets_no_high_ground() {
    let mut e = fight(
        &[flier("f", "Heroes", 3, 3, 1), monster("m", 4, 3)],
        &[5, 5],
    );
    start(&mut e, "f");
    let events = e.apply(strike("f", "m")).unwrap();
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert!(
        !roll
            .edges
            .iter()
            .any(|m| m.rule == "power_roll.edge.high_ground")
    );
}

#[test]
fn only_fliers_start_in_the_air() {
    let src = "Scenario(name: \"x\", map: (rows: [\"....\"]), creatures: [(id: \"a\", side: Heroes, stamina: 5, position: (0, 0), altitude: 2, hero: (recoveries: 1)), (id: \"b\", side: Director, stamina: 5, position: (3, 0))])";
    let problems = steelgrid_rules::scenario::load("x.ron", src).unwrap_err();
    assert!(problems[0].message.contains("can't fly"), "{}", problems[0]);
}

#[test]
fn ds_combat_43_a_grabbed_flier_falls_unless_it_hovers() {
    // Grabbed at tier 3 while 1 square up beside the grabber: speed 0, it drops 1 (no damage).
    let mut e = fight(&[hero("h", 3, 3), flier("f", "Director", 4, 3, 1)], &[9, 9]);
    start(&mut e, "h");
    let events = e
        .apply(Command::Grab {
            creature: "h".into(),
            target: "f".into(),
        })
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "falling"));
    assert_eq!(creature(&e, "f").altitude, 0);
    let hover = "(id: \"f\", side: Director, stamina: 30, position: (4, 3), movement: [Fly, Hover], altitude: 1)";
    let mut e = fight(&[hero("h", 3, 3), hover.into()], &[9, 9]);
    start(&mut e, "h");
    e.apply(Command::Grab {
        creature: "h".into(),
        target: "f".into(),
    })
    .unwrap();
    assert_eq!(creature(&e, "f").altitude, 1, "a hoverer stays up");
}

#[test]
fn a_flier_killed_in_the_air_falls() {
    let mut e = fight(
        &[
            hero("h", 0, 0),
            flier("f", "Director", 5, 3, 3),
            monster("m", 9, 5),
        ],
        &[],
    );
    e.apply(Command::EnvironmentDamage {
        target: "f".into(),
        amount: 99,
        damage_type: None,
        halved: false,
    })
    .unwrap();
    let f = creature(&e, "f");
    assert!(f.dead);
    assert_eq!(f.altitude, 0);
}
