//! Forced movement cases from the combat digest (§32 A-D), each a scenario, a command and the
//! positions, Stamina, objects and log a player would see.

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::forced::ForcedKind::{Pull, Push, Slide};
use steelgrid_rules::grid::{Square, Terrain};

fn at(e: &steelgrid_rules::Engine, id: &str) -> (i32, i32) {
    let c = creature(e, id);
    (c.position.x, c.position.y)
}

fn stamina(e: &steelgrid_rules::Engine, id: &str) -> i32 {
    creature(e, id).stamina.current
}

fn derivation(events: &[steelgrid_rules::LoggedEvent]) -> Vec<String> {
    events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::ForcedMoved { derivation, .. } => Some(derivation.clone()),
            _ => None,
        })
        .expect("a forced movement was logged")
}

#[test]
fn ds_combat_01_basic_creature_collision() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
            body("c", "Director", 5, 3, ""),
        ],
        &[],
    );
    let events = e
        .apply(force(
            Push,
            Some("p"),
            "t",
            4,
            &[(4, 3), (5, 3), (6, 3), (7, 3)],
        ))
        .unwrap();
    assert_eq!(at(&e, "t"), (4, 3));
    assert_eq!((stamina(&e, "t"), stamina(&e, "c")), (27, 27));
    let d = derivation(&events);
    assert!(
        d.iter()
            .any(|l| l.contains("stopped after 1 square by c: 3 left")),
        "{d:?}"
    );
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "forced_movement.collision.creature")
    );
    // Everything the push logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"forced_movement.push: ForcedMoved { target: "t", kind: Push, distance: Distance { base: 4, big_vs_little: 0, stability: 0, allowed: 4, chosen: 4 }, from: Square { x: 3, y: 3 }, to: Square { x: 4, y: 3 }, moved: [Square { x: 4, y: 3 }], derivation: ["push 4 − stability 0 = 4", "stopped after 1 square by c: 3 left, 3 damage to each"] }"#,
            r#"forced_movement.collision.creature: Slammed { creature: "t", amount: 3, note: "slammed into c" }"#,
            r#"forced_movement.collision.creature: Slammed { creature: "c", amount: 3, note: "t slammed into it" }"#,
            r#"damage: Damaged { target: "t", source: "slammed into c", damage_type: None, base: 3, halved: false, weakness: 0, immunity: 0, immune: false, amount: 3, temporary_absorbed: 0, stamina_before: 30, stamina_after: 27 }"#,
            r#"damage: Damaged { target: "c", source: "t slammed into it", damage_type: None, base: 3, halved: false, weakness: 0, immunity: 0, immune: false, amount: 3, temporary_absorbed: 0, stamina_before: 30, stamina_after: 27 }"#,
        ]
    );
}

#[test]
fn ds_combat_02_collision_with_zero_squares_moved() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
            body("c", "Director", 4, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 2, &[(4, 3), (5, 3)]))
        .unwrap();
    assert_eq!(at(&e, "t"), (3, 3));
    assert_eq!((stamina(&e, "t"), stamina(&e, "c")), (28, 28));
}

#[test]
fn ds_combat_04_stability_at_least_the_distance() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "stability: 3"),
            body("c", "Director", 4, 3, ""),
        ],
        &[],
    );
    // Distance 0: no path may be declared, and nobody is hurt.
    let err = e
        .apply(force(Push, Some("p"), "t", 2, &[(4, 3)]))
        .unwrap_err();
    assert_eq!(err.rule, "forced_movement.distance");
    e.apply(force(Push, Some("p"), "t", 2, &[])).unwrap();
    assert_eq!((stamina(&e, "t"), stamina(&e, "c")), (30, 30));
}

#[test]
fn stability_is_the_targets_choice_up_to_its_score() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "stability: 1"),
        ],
        &[],
    );
    // Asking to use more stability than it has uses only its 1: push 3 − 1 = 2.
    let mut cmd = force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3)]);
    if let Command::ForceMove { stability, .. } = &mut cmd {
        *stability = Some(5);
    }
    let events = e.apply(cmd).unwrap();
    assert_eq!(at(&e, "t"), (5, 3));
    assert!(derivation(&events)[0].contains("push 3 − stability 1 = 2"));
    // Choosing not to use it: the full push.
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "stability: 1"),
        ],
        &[],
    );
    let mut cmd = force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]);
    if let Command::ForceMove { stability, .. } = &mut cmd {
        *stability = Some(0);
    }
    e.apply(cmd).unwrap();
    assert_eq!(at(&e, "t"), (6, 3));
}

#[test]
fn ds_combat_07_pulling_a_creature_into_yourself() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 6, 3, ""),
        ],
        &[],
    );
    // Past the puller is not closer: refused.
    let err = e
        .apply(force(
            Pull,
            Some("p"),
            "t",
            5,
            &[(5, 3), (4, 3), (3, 3), (2, 3), (1, 3)],
        ))
        .unwrap_err();
    assert_eq!(err.rule, "forced_movement.pull");
    e.apply(force(
        Pull,
        Some("p"),
        "t",
        5,
        &[(5, 3), (4, 3), (3, 3), (2, 3)],
    ))
    .unwrap();
    assert_eq!(at(&e, "t"), (3, 3));
    assert_eq!(
        (stamina(&e, "t"), stamina(&e, "p")),
        (28, 28),
        "5 − 3 = 2 each"
    );
}

#[test]
fn ds_combat_08_one_large_creature_into_two_small_ones() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("o", "Director", 3, 3, "size: \"2\""),
            body("g1", "Director", 6, 3, "size: \"1S\""),
            body("g2", "Director", 6, 4, "size: \"1S\""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "o", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert_eq!(at(&e, "o"), (4, 3));
    assert_eq!(stamina(&e, "o"), 28, "the ogre takes 2 once");
    assert_eq!((stamina(&e, "g1"), stamina(&e, "g2")), (28, 28));
}

#[test]
fn ds_combat_10_the_order_of_several_targets_matters() {
    let setup = || {
        fight(
            &[
                body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
                body("a", "Director", 3, 3, ""),
                body("b", "Director", 4, 3, ""),
            ],
            &[],
        )
    };
    // A first: blocked by B at once; then B goes to (6,3).
    let mut e = setup();
    e.apply(force(Push, Some("p"), "a", 2, &[(4, 3), (5, 3)]))
        .unwrap();
    e.apply(force(Push, Some("p"), "b", 2, &[(5, 3), (6, 3)]))
        .unwrap();
    assert_eq!((at(&e, "a"), at(&e, "b")), ((3, 3), (6, 3)));
    assert_eq!((stamina(&e, "a"), stamina(&e, "b")), (28, 28));
    // B first: no collision at all.
    let mut e = setup();
    e.apply(force(Push, Some("p"), "b", 2, &[(5, 3), (6, 3)]))
        .unwrap();
    e.apply(force(Push, Some("p"), "a", 2, &[(4, 3), (5, 3)]))
        .unwrap();
    assert_eq!((at(&e, "a"), at(&e, "b")), ((5, 3), (6, 3)));
    assert_eq!((stamina(&e, "a"), stamina(&e, "b")), (30, 30));
}

#[test]
fn ds_combat_11_a_corpse_is_still_moved_and_still_collides() {
    let k = "(id: \"k\", side: Director, stamina: 5, current_stamina: 5, position: (3, 3))";
    let mut e = fight(
        &[
            body("h", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            k.into(),
            body("c", "Director", 5, 3, ""),
        ],
        &[],
    );
    e.apply(Command::EnvironmentDamage {
        target: "k".into(),
        amount: 8,
        damage_type: None,
        halved: false,
    })
    .unwrap();
    assert!(creature(&e, "k").dead);
    e.apply(force(Push, Some("h"), "k", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert_eq!(at(&e, "k"), (4, 3));
    assert_eq!(stamina(&e, "c"), 28, "C takes 2 from the corpse");
}

#[test]
fn ds_combat_13_17_big_versus_little_then_stability() {
    // 1M forcer, melee weapon, 1S target: push 1 becomes 2.
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "size: \"1S\""),
        ],
        &[],
    );
    let mut cmd = force(Push, Some("p"), "t", 1, &[(4, 3), (5, 3)]);
    if let Command::ForceMove { melee_weapon, .. } = &mut cmd {
        *melee_weapon = true;
    }
    let events = e.apply(cmd.clone()).unwrap();
    assert_eq!(at(&e, "t"), (5, 3));
    assert!(derivation(&events)[0].contains("+ 1 big vs little"));
    // DS-COMBAT-14: not for a non-weapon push.
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "size: \"1S\""),
        ],
        &[],
    );
    if let Command::ForceMove { melee_weapon, .. } = &mut cmd {
        *melee_weapon = false;
    }
    assert_eq!(e.apply(cmd).unwrap_err().rule, "forced_movement.distance");
    // DS-COMBAT-17: 1L forcer, 1M target with stability 2: (1 + 1) − 2 = 0.
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "size: \"1L\", hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, "stability: 2"),
        ],
        &[],
    );
    let mut cmd = force(Push, Some("p"), "t", 1, &[]);
    if let Command::ForceMove { melee_weapon, .. } = &mut cmd {
        *melee_weapon = true;
    }
    let events = e.apply(cmd).unwrap();
    assert!(derivation(&events)[0].contains("= 0"));
}

const WALLS: [&str; 6] = [
    "..........",
    "..........",
    "..........",
    ".....#....",
    "..........",
    "..........",
];

#[test]
fn ds_combat_19_starting_next_to_the_wall() {
    let mut e = fight_in(
        &WALLS,
        &[
            body("p", "Heroes", 3, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 4, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 2, &[(5, 3), (6, 3)]))
        .unwrap();
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((4, 3), 26));
}

fn objects(row: &str) -> [String; 6] {
    let blank = "..........".to_string();
    [
        blank.clone(),
        blank.clone(),
        blank.clone(),
        row.to_string(),
        blank.clone(),
        blank,
    ]
}

fn push_through(
    row: &str,
    distance: u32,
    path: &[(i32, i32)],
    breaking: bool,
) -> (steelgrid_rules::Engine, Vec<steelgrid_rules::LoggedEvent>) {
    let rows = objects(row);
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 3, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 4, 3, ""),
        ],
        &[],
    );
    let mut cmd = force(Push, Some("p"), "t", distance, path);
    if let Command::ForceMove { break_objects, .. } = &mut cmd {
        *break_objects = breaking;
    }
    let events = e.apply(cmd).unwrap();
    (e, events)
}

#[test]
fn ds_combat_20_wood_with_too_little_movement_to_break() {
    let (e, _) = push_through(".....w....", 2, &[(5, 3), (6, 3)], true);
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((4, 3), 26));
    assert!(matches!(
        e.map().terrain(Square::new(5, 3)),
        Some(Terrain::Object { .. })
    ));
}

#[test]
fn ds_combat_22_glass_then_stone() {
    let (e, events) = push_through(".....gs...", 3, &[(5, 3), (6, 3)], true);
    assert_eq!(at(&e, "t"), (5, 3));
    assert_eq!(stamina(&e, "t"), 30 - 3 - 4);
    assert_eq!(
        e.map().terrain(Square::new(5, 3)),
        Some(Terrain::Floor),
        "the glass is gone"
    );
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "forced_movement.hurl_through")
    );
    assert!(events.iter().any(|ev| ev.rule == "object.destroyed"));
}

#[test]
fn ds_combat_23_metal_one_square_short() {
    let (e, _) = push_through(".....m....", 8, &[(5, 3), (6, 3)], true);
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((4, 3), 20));
}

#[test]
fn ds_combat_25_stone_with_one_square_left_over() {
    let (e, _) = push_through(".....s....", 7, &[(5, 3), (6, 3)], true);
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((6, 3), 22));
}

#[test]
fn ds_combat_26_stone_two_squares_thick() {
    let (e, _) = push_through(".....ss...", 13, &[(5, 3), (6, 3), (7, 3)], true);
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((7, 3), 14));
    // Stopping at the first square instead: 2 + 13.
    let (e, _) = push_through(".....ss...", 13, &[(5, 3), (6, 3), (7, 3)], false);
    assert_eq!((at(&e, "t"), stamina(&e, "t")), ((4, 3), 15));
}

const CLIFF: [&str; 6] = [
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
];

#[test]
fn ds_combat_29_pushed_off_a_cliff() {
    let mut e = fight_in(
        &CLIFF,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    let events = e
        .apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.z, t.stamina.current),
        (Square::new(6, 3), 0, 22)
    );
    assert_eq!(t.conditions, vec!["prone"]);
    assert!(events.iter().any(|ev| ev.rule == "falling"));
    assert!(
        derivation(&events)
            .iter()
            .any(|l| l.contains("falls 4 squares"))
    );
}

#[test]
fn ds_combat_31_the_same_push_with_agility_3() {
    let t =
        "(id: \"t\", side: Director, stamina: 30, position: (3, 3), characteristics: (agility: 3))";
    let mut e = fight_in(
        &CLIFF,
        &[body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"), t.into()],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    let t = creature(&e, "t");
    assert_eq!((t.stamina.current, t.conditions.len()), (30, 0));
}

/// A 6-high ledge over open ground: the hero `p` at (2, 3) on it, the Director's `t` (Agility
/// 1, `stamina`) beside it at (3, 3), and the hero `c` (30 Stamina) below at (6, 3).
fn ledge_over_c(stamina: u32) -> steelgrid_rules::Engine {
    let rows = [
        "66666.....",
        "66666.....",
        "66666.....",
        "66666.....",
        "66666.....",
        "66666.....",
    ];
    let t = format!(
        "(id: \"t\", side: Director, stamina: {stamina}, position: (3, 3), characteristics: (agility: 1))"
    );
    let c = "(id: \"c\", side: Heroes, stamina: 30, position: (6, 3), hero: (recoveries: 1))";
    fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            t,
            c.into(),
        ],
        &[],
    )
}

#[test]
fn ds_combat_35_landing_on_a_creature() {
    let mut e = ledge_over_c(30);
    let events = e
        .apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "falling.onto_creature"));
    // Effective height 5 − 1 = 4: 8 damage to each.
    let (tt, cc) = (creature(&e, "t"), creature(&e, "c"));
    assert_eq!((tt.stamina.current, cc.stamina.current), (22, 22));
    assert!(tt.position != cc.position && tt.conditions == vec!["prone"]);
    assert_eq!(
        Square::new(6, 3).distance(tt.position),
        1,
        "beside the creature it hit"
    );
    assert_eq!(cc.conditions, vec!["prone"], "size 1 > Might 0");
}

/// DS-COMBAT-35's fall, then the faller's choice of square (seed 002 L2718: the nearest free
/// square of its choice beside the creature it fell onto).
#[test]
fn ds_combat_x12_the_faller_chooses_where_beside_the_creature_it_lands() {
    let mut e = ledge_over_c(30);
    let events = e
        .apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    let offered = events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::ChoosingLanding { squares, .. } => Some(squares.clone()),
            _ => None,
        })
        .expect("several squares are equally near");
    // The eight squares around c, all off the platform.
    assert_eq!(offered.len(), 8, "{offered:?}");
    assert_eq!(Square::new(6, 3).distance(creature(&e, "t").position), 1);
    // Nothing else happens until t's side has chosen.
    let why = e
        .apply(Command::EndTurn {
            creature: "p".into(),
        })
        .unwrap_err();
    assert_eq!(why.rule.id, "choice.pending", "{}", why.reason);
    let land = |x, y| Command::Land {
        creature: "t".into(),
        to: Square::new(x, y),
    };
    let why = e.apply(land(8, 3)).unwrap_err();
    assert_eq!(why.rule.id, "falling.onto_creature");
    assert_eq!(
        why.reason,
        "t comes down on one of the nearest free squares beside c, and (8, 3) is not one"
    );
    let events = e.apply(land(7, 4)).unwrap();
    assert_eq!(
        logged(&events),
        [
            r#"falling.onto_creature: Landed { creature: "t", from: Square { x: 6, y: 2 }, to: Square { x: 7, y: 4 } }"#
        ]
    );
    assert_eq!(at(&e, "t"), (7, 4));
    assert_eq!((stamina(&e, "t"), stamina(&e, "c")), (22, 22));
    assert_eq!(creature(&e, "t").conditions, vec!["prone"]);
    assert!(e.state().landing.is_none());
}

#[test]
fn a_push_follows_a_slope_but_slams_into_a_rise_of_two() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....hH....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    // (4,3) is 1 up, (5,3) another 1 up: a slope; then down 2 to (6,3): over the drop, falls 2.
    let t = creature(&e, "t");
    assert_eq!((t.position, t.stamina.current), (Square::new(6, 3), 26));
    let rows = [
        "..........",
        "..........",
        "..........",
        "....H.....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert_eq!(
        (at(&e, "t"), stamina(&e, "t")),
        ((3, 3), 25),
        "2 + 3 against the rise"
    );
}

#[test]
fn forced_into_damaging_terrain_hurts_as_if_moved_willingly() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....x.....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 1, &[(4, 3)])).unwrap();
    assert_eq!(stamina(&e, "t"), 27);
}

#[test]
fn pushes_must_go_away_in_a_straight_line_slides_anywhere() {
    let mut e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    let err = e
        .apply(force(Push, Some("p"), "t", 2, &[(3, 2), (4, 2)]))
        .unwrap_err();
    assert_eq!(
        err.rule, "forced_movement.push",
        "(3,2) is no farther from P"
    );
    let err = e
        .apply(force(Push, Some("p"), "t", 3, &[(4, 2), (5, 2), (6, 3)]))
        .unwrap_err();
    assert!(err.reason.contains("straight"), "{}", err.reason);
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 2), (5, 2), (6, 1)]))
        .unwrap();
    e.apply(force(Slide, None, "t", 3, &[(6, 2), (5, 2), (5, 1)]))
        .unwrap();
    assert_eq!(at(&e, "t"), (5, 1));
    let err = e.apply(force(Pull, None, "t", 1, &[(5, 2)])).unwrap_err();
    assert!(err.reason.contains("name the forcer"));
}

#[test]
fn forced_movement_does_not_cut_corners() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....#.....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("t", "Director", 3, 3, ""),
            body("h", "Heroes", 9, 5, "hero: (recoveries: 1)"),
        ],
        &[],
    );
    let err = e.apply(force(Slide, None, "t", 1, &[(4, 2)])).unwrap_err();
    assert_eq!(err.rule, "movement.no_cutting_corners");
}

#[test]
fn prone_after_a_fall_stand_up_and_melee_edge() {
    let mut e = fight_in(
        &CLIFF,
        &[
            body(
                "p",
                "Heroes",
                5,
                2,
                "characteristics: (might: 2), hero: (recoveries: 1)",
            ),
            body("t", "Director", 3, 3, ""),
        ],
        &[6, 6],
    );
    e.apply(force(Slide, None, "t", 3, &[(4, 3), (5, 3)]))
        .unwrap();
    assert_eq!(creature(&e, "t").conditions, vec!["prone"]);
    start(&mut e, "p");
    let events = e.apply(strike("p", "t")).unwrap();
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(roll.edges[0].rule, "condition.prone");
    end(&mut e, "p");
    start(&mut e, "t");
    let events = e
        .apply(Command::StandUp {
            creature: "t".into(),
        })
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "maneuver.stand_up"));
    assert!(creature(&e, "t").conditions.is_empty());
    assert_eq!(
        e.apply(Command::StandUp {
            creature: "t".into()
        })
        .unwrap_err()
        .rule,
        "maneuver.stand_up"
    );
}

#[test]
fn the_engine_offers_every_push_and_slide_choice() {
    let e = fight(
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
            body("c", "Director", 5, 3, ""),
        ],
        &[],
    );
    let spec = steelgrid_rules::forced::ForcedSpec {
        kind: Push,
        forcer: Some("p".into()),
        target: "t".into(),
        distance: 2,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: Vec::new(),
        break_objects: true,
        vertical: false,
        heights: Vec::new(),
    };
    let choices = e.forced_choices(&spec).unwrap();
    let ends: Vec<Square> = choices.iter().map(|o| o.end).collect();
    // Staying put, one step east/north-east/south-east, two steps in straight lines.
    assert!(
        ends.contains(&Square::new(3, 3))
            && ends.contains(&Square::new(4, 3))
            && ends.contains(&Square::new(5, 1))
    );
    assert!(!ends.contains(&Square::new(5, 3)), "C is there");
    assert!(
        choices
            .iter()
            .any(|o| o.hits.iter().any(|h| h.creature == "c")),
        "slamming into C is a choice"
    );
    let slide = e
        .forced_choices(&steelgrid_rules::forced::ForcedSpec {
            kind: Slide,
            forcer: None,
            ..spec
        })
        .unwrap();
    assert!(slide.iter().any(|o| o.end == Square::new(1, 1)));
    // Every offered choice is legal and does what it says when applied.
    for o in slide.iter().chain(&choices) {
        let mut probe = steelgrid_rules::Engine::restore(e.snapshot());
        let path: Vec<(i32, i32)> = o.path.iter().map(|s| (s.x, s.y)).collect();
        let (kind, forcer) = if o.kind == Slide {
            (Slide, None)
        } else {
            (Push, Some("p"))
        };
        probe.apply(force(kind, forcer, "t", 2, &path)).unwrap();
        assert_eq!(creature(&probe, "t").position, o.end);
        let lost = 30 - creature(&probe, "c").stamina.current;
        assert_eq!(lost as u32, o.damage_to("c"), "{path:?}");
    }
}

#[test]
fn ds_combat_34_falling_into_liquid() {
    // Agility 1, pushed off a 10-high ledge into water 3 deep: 10 − 1 − 4 = 5 → 10 damage.
    let rows = [
        "TTT=......",
        "TTT=......",
        "TTT=......",
        "TTT=......",
        "TTT=......",
        "TTT=......",
    ];
    let t =
        "(id: \"t\", side: Director, stamina: 30, position: (2, 3), characteristics: (agility: 1))";
    let mut e = fight_in(
        &rows,
        &[body("p", "Heroes", 1, 3, "hero: (recoveries: 1)"), t.into()],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 1, &[(3, 3)])).unwrap();
    let t = creature(&e, "t");
    assert_eq!((t.position, t.stamina.current), (Square::new(3, 3), 20));
    // A 6-square fall into the same water: 6 − 1 − 4 = 1, no damage.
    let rows = [
        "666=......",
        "666=......",
        "666=......",
        "666=......",
        "666=......",
        "666=......",
    ];
    let t =
        "(id: \"t\", side: Director, stamina: 30, position: (2, 3), characteristics: (agility: 1))";
    let mut e = fight_in(
        &rows,
        &[body("p", "Heroes", 1, 3, "hero: (recoveries: 1)"), t.into()],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 1, &[(3, 3)])).unwrap();
    let t = creature(&e, "t");
    assert_eq!((t.stamina.current, t.conditions.len()), (30, 0));
}

#[test]
fn ds_combat_49_forced_movement_ignores_difficult_terrain() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....~~....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert_eq!(at(&e, "t"), (6, 3));
}

#[test]
fn ds_combat_52_a_push_climbs_stairs_one_square_at_a_time() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....hH3...",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("p", "Heroes", 2, 3, "hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.z, t.stamina.current),
        (Square::new(6, 3), 3, 30)
    );
}

#[test]
fn ds_combat_53_a_slide_around_a_pillar_cannot_cut_its_corners() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "....P.....",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            body("t", "Director", 3, 3, ""),
            body("h", "Heroes", 9, 5, "hero: (recoveries: 1)"),
        ],
        &[],
    );
    assert_eq!(
        e.apply(force(Slide, None, "t", 3, &[(4, 2), (5, 3)]))
            .unwrap_err()
            .rule,
        "movement.no_cutting_corners"
    );
    let spec = steelgrid_rules::forced::ForcedSpec {
        kind: Slide,
        forcer: None,
        target: "t".into(),
        distance: 3,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: Vec::new(),
        break_objects: false,
        vertical: false,
        heights: Vec::new(),
    };
    let choices = e.forced_choices(&spec).unwrap();
    let ends: Vec<Square> = choices
        .iter()
        .filter(|o| o.hits.is_empty())
        .map(|o| o.end)
        .collect();
    assert!(
        !ends.contains(&Square::new(5, 3)),
        "(5,3) is 4 legal squares away"
    );
    assert!(ends.contains(&Square::new(5, 2)));
}

#[test]
fn ds_combat_x19_a_faller_the_fall_kills_chooses_nothing() {
    // 4 Stamina against the fall's 8 (5 squares less Agility 1): the Director's creature dies.
    let mut e = ledge_over_c(4);
    e.apply(force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]))
        .unwrap();
    assert!(creature(&e, "t").dead);
    assert!(e.state().landing.is_none());
    let why = e
        .apply(Command::Land {
            creature: "t".into(),
            to: Square::new(7, 4),
        })
        .unwrap_err();
    assert_eq!(why.reason, "t is not choosing where it lands");
    assert_eq!(stamina(&e, "c"), 22);
}
