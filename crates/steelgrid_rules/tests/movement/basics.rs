//! Willing movement and opportunity attacks (combat digest §32 H and M, DS-CORE-58).

use crate::common;

use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::event::Event;
use steelgrid_rules::grid::Square;
use steelgrid_rules::movement::Gait;

fn disengage(id: &str, to: (i32, i32)) -> Command {
    Command::Disengage {
        creature: id.into(),
        path: vec![Square::new(to.0, to.1)],
    }
}

fn attacks(events: &[steelgrid_rules::LoggedEvent]) -> Vec<String> {
    events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::OpportunityAttack { attacker, .. } => Some(attacker.clone()),
            _ => None,
        })
        .collect()
}

/// H (hero, Might 2, Agility 3) at (4,5)… here (4,4) in the 10×6 room; enemy E beside it.
fn setup(e_extra: &str, dice: &[u32]) -> steelgrid_rules::Engine {
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (4, 4), characteristics: (might: 2, agility: 3), hero: (recoveries: 2))";
    let mut e = fight(
        &[
            h.into(),
            body("e", "Director", 5, 4, e_extra),
            body("far", "Director", 9, 0, ""),
        ],
        dice,
    );
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "e");
    e
}

#[test]
fn ds_combat_59_leaving_adjacency_provokes_before_the_step() {
    let mut e = setup("", &[5, 8]);
    let events = e.apply(advance("e", &[(6, 4)])).unwrap();
    assert_eq!(attacks(&events), vec!["h"]);
    // DS-COMBAT-65: natural 13 + Agility 3 = 16 → tier 2: 5 + 3 = 8 damage.
    let strike = events
        .iter()
        .position(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
        .unwrap();
    let moved = events
        .iter()
        .position(|ev| matches!(ev.event, Event::Moved { .. }))
        .unwrap();
    assert!(strike < moved, "resolved before E leaves");
    assert_eq!(creature(&e, "e").stamina.current, 22);
    assert_eq!(creature(&e, "e").position, Square::new(6, 4));
}

#[test]
fn ds_combat_59_only_the_step_that_leaves_adjacency_provokes() {
    let e = setup("", &[5, 8]);
    // (5,4) → (5,5) stays adjacent to H at (4,4); (5,5) → (6,5) leaves.
    let plan = e
        .plan_move("e", &[Square::new(5, 5), Square::new(6, 5)], Gait::Move)
        .unwrap();
    assert_eq!(plan.provoked, vec![(1, vec!["h".to_owned()])]);
    // Moving around H, staying adjacent: no attack.
    let plan = e.plan_move("e", &[Square::new(4, 5)], Gait::Move).unwrap();
    assert!(plan.provoked.is_empty());
}

#[test]
fn ds_combat_100_disengage_shifts_without_provoking() {
    let mut e = setup("", &[]);
    let events = e.apply(disengage("e", (6, 4))).unwrap();
    assert!(attacks(&events).is_empty());
    assert!(events.iter().any(|ev| ev.rule == "movement.shift"));
    assert_eq!(creature(&e, "e").position, Square::new(6, 4));
}

#[test]
fn ds_combat_100_a_shift_cannot_enter_difficult_terrain() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "..........",
        "......~...",
        "..........",
    ];
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (4, 4), hero: (recoveries: 2))";
    let mut e = fight_in(
        &rows,
        &[
            h.into(),
            body("e", "Director", 5, 4, ""),
            body("far", "Director", 9, 0, ""),
        ],
        &[],
    );
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "e");
    let err = e.apply(disengage("e", (6, 4))).unwrap_err();
    assert_eq!(err.rule, "movement.shift");
    let err = e
        .apply(Command::Disengage {
            creature: "e".into(),
            path: vec![Square::new(6, 3), Square::new(7, 3)],
        })
        .unwrap_err();
    assert!(err.reason.contains("1 square"));
}

#[test]
fn ds_combat_62_a_prone_creature_makes_no_opportunity_attack() {
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (4, 4), hero: (recoveries: 2), prone: true)";
    let mut e = fight(
        &[
            h.into(),
            body("e", "Director", 5, 4, ""),
            body("far", "Director", 9, 0, ""),
        ],
        &[],
    );
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "e");
    let events = e.apply(advance("e", &[(6, 4)])).unwrap();
    assert!(attacks(&events).is_empty());
}

#[test]
fn ds_combat_64_surprised_creatures_make_no_opportunity_attacks_in_round_1() {
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (4, 4), hero: (recoveries: 2), surprised: true)";
    let h2 = "(id: \"h2\", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 2))";
    let mut e = fight(
        &[
            h.into(),
            h2.into(),
            body("e", "Director", 5, 4, ""),
            body("far", "Director", 9, 0, ""),
        ],
        &[5, 5],
    );
    start(&mut e, "h2");
    end(&mut e, "h2");
    start(&mut e, "e");
    let events = e.apply(advance("e", &[(6, 4), (5, 4)])).unwrap();
    assert!(attacks(&events).is_empty(), "round 1: H is surprised");
    end(&mut e, "e");
    for id in ["h", "far"] {
        start(&mut e, id);
        end(&mut e, id);
    }
    // Round 2: surprise is over (the heroes pick first again).
    assert_eq!(e.state().round, 2);
    start(&mut e, "h2");
    end(&mut e, "h2");
    start(&mut e, "e");
    let events = e.apply(advance("e", &[(6, 4)])).unwrap();
    assert_eq!(attacks(&events), vec!["h"]);
}

#[test]
fn a_director_creatures_opportunity_attack_deals_its_free_strike_and_can_kill() {
    let g = "(id: \"g\", side: Director, stamina: 20, free_strike: 4, position: (5, 4))";
    let h = "(id: \"h\", side: Heroes, stamina: 10, current_stamina: 3, position: (4, 4), hero: (recoveries: 2))";
    let mut e = fight(&[h.into(), g.into()], &[]);
    start(&mut e, "h");
    let events = e.apply(advance("h", &[(3, 4), (2, 4)])).unwrap();
    assert_eq!(attacks(&events), vec!["g"]);
    let h = creature(&e, "h");
    // 3 − 4 = −1: dying, which does not stop a hero; it keeps moving.
    assert_eq!(
        (h.stamina.current, h.dying, h.position),
        (-1, true, Square::new(2, 4))
    );
    // A Director creature killed by an opportunity attack stops where it was.
    let g2 = "(id: \"g\", side: Director, stamina: 4, free_strike: 1, position: (5, 4))";
    let h2 = "(id: \"h\", side: Heroes, stamina: 30, position: (4, 4), characteristics: (might: 2), hero: (recoveries: 2))";
    let mut e = fight(
        &[h2.into(), g2.into(), body("far", "Director", 9, 0, "")],
        &[6, 6],
    );
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    e.apply(advance("g", &[(6, 4), (7, 4)])).unwrap();
    let g = creature(&e, "g");
    assert!(g.dead);
    assert_eq!(g.position, Square::new(5, 4), "it never left");
}

#[test]
fn ds_core_58_crawling_while_prone_costs_double() {
    let h = "(id: \"h\", side: Heroes, stamina: 30, speed: 6, position: (0, 0), hero: (recoveries: 2), prone: true)";
    let mut e = fight(&[h.into(), body("m", "Director", 9, 5, "")], &[]);
    start(&mut e, "h");
    let plan = e
        .plan_move(
            "h",
            &[Square::new(1, 0), Square::new(2, 0), Square::new(3, 0)],
            Gait::Move,
        )
        .unwrap();
    assert_eq!(plan.cost, 6);
    let err = e
        .apply(advance("h", &[(1, 0), (2, 0), (3, 0), (4, 0)]))
        .unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit");
}

#[test]
fn ds_combat_97_98_difficult_terrain_enemies_and_allies() {
    let rows = [
        "..........",
        ".~~.......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 0, 1), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    let ok = e
        .plan_move(
            "h",
            &[Square::new(1, 1), Square::new(2, 1), Square::new(3, 1)],
            Gait::Move,
        )
        .unwrap();
    assert_eq!(ok.cost, 5);
    assert!(
        e.plan_move(
            "h",
            &[
                Square::new(1, 1),
                Square::new(2, 1),
                Square::new(3, 1),
                Square::new(4, 1)
            ],
            Gait::Move
        )
        .is_err()
    );
}

#[test]
fn ds_combat_101_climbing_costs_2_per_square_without_a_climb_speed() {
    let rows = [
        ".h........",
        ".H........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 0, 0), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    // Onto ground 2 higher: climbing 2 squares costs 4.
    assert_eq!(
        e.plan_move("h", &[Square::new(1, 1)], Gait::Move)
            .unwrap()
            .cost,
        4
    );
    // A step of 1 is walking.
    assert_eq!(
        e.plan_move("h", &[Square::new(1, 0)], Gait::Move)
            .unwrap()
            .cost,
        1
    );
    e.apply(advance("h", &[(1, 1)])).unwrap();
    assert_eq!(creature(&e, "h").z, 2);
}

const PIT: [&str; 6] = [
    "..........",
    ".~oo......",
    "..........",
    "..ooo.....",
    "..........",
    "..........",
];

#[test]
fn ds_combat_103_no_jump_from_rubble_or_over_a_wider_gap() {
    // Might 2: a jump of up to 2 squares. Row 1: rubble at (1,1), then pits at (2,1), (3,1).
    let h = "(id: \"h\", side: Heroes, stamina: 30, speed: 5, position: (0, 1), characteristics: (might: 2, agility: 1), hero: (recoveries: 1))";
    let mut e = fight_in(&PIT, &[h.into(), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    // Jumping from the rubble at (1,1) is not allowed.
    let err = e
        .apply(advance("h", &[(1, 1), (2, 1), (3, 1), (4, 1)]))
        .unwrap_err();
    assert_eq!(err.rule, "movement.jump");
    // Row 3: a pit 3 squares wide, too wide for the baseline jump.
    let err = e
        .apply(advance(
            "h",
            &[(0, 2), (1, 3), (2, 3), (3, 3), (4, 3), (5, 3)],
        ))
        .unwrap_err();
    assert!(
        err.reason.contains("wider than the 2-square jump"),
        "{}",
        err.reason
    );
}

#[test]
fn ds_combat_103_jump_then_walk() {
    let rows = [
        "..........",
        ".oo.......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let h = "(id: \"h\", side: Heroes, stamina: 30, speed: 5, position: (0, 1), characteristics: (might: 2, agility: 1), hero: (recoveries: 1))";
    let mut e = fight_in(&rows, &[h.into(), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    let events = e
        .apply(advance("h", &[(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)]))
        .unwrap();
    let h = creature(&e, "h");
    assert_eq!((h.position, h.stamina.current), (Square::new(5, 1), 30));
    let Event::Moved { cost, .. } = &find(&events, |ev| matches!(ev, Event::Moved { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(*cost, 5, "jumped squares still use movement");
}

#[test]
fn walking_off_a_ledge_ends_the_move_with_a_fall() {
    let rows = [
        "44........",
        "44........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 0, 0), monster("m", 9, 5)], &[]);
    start(&mut e, "h");
    let err = e
        .apply(advance("h", &[(1, 0), (2, 0), (3, 0)]))
        .unwrap_err();
    assert!(err.reason.contains("a drop ends the move"));
    let events = e.apply(advance("h", &[(1, 0), (2, 0)])).unwrap();
    assert!(events.iter().any(|ev| ev.rule == "falling"));
    // 4 squares − Agility 1 = 3 → 6 damage, prone.
    let h = creature(&e, "h");
    assert_eq!(
        (h.position, h.z, h.stamina.current, h.conditions.clone()),
        (Square::new(2, 0), 0, 24, vec!["prone".to_owned()])
    );
}

#[test]
fn reachable_squares_respect_costs_and_every_offered_path_is_legal() {
    let rows = [
        "..........",
        ".~~.......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[
            hero("h", 0, 1),
            hero("a", 1, 2),
            monster("m", 3, 3),
            monster("far", 9, 5),
        ],
        &[],
    );
    start(&mut e, "h");
    let reach = e.reachable("h", Gait::Move).unwrap();
    let at = |x, y| reach.iter().find(|r| r.square == Square::new(x, y));
    assert!(at(1, 2).is_none(), "an ally's square is no place to stop");
    assert!(at(3, 3).is_none(), "nor an enemy's");
    assert_eq!(
        at(5, 1).unwrap().cost,
        5,
        "straight through the rubble would cost 7; around it 5"
    );
    assert!(at(6, 1).is_none() || at(6, 1).unwrap().cost <= 5);
    assert!(reach.iter().all(|r| r.cost <= 5));
    assert!(
        at(4, 3).unwrap().provokes
            || at(4, 4).is_some_and(|r| r.provokes)
            || reach.iter().any(|r| r.provokes)
    );
    for r in &reach {
        let mut probe = steelgrid_rules::Engine::restore(e.snapshot());
        let path: Vec<(i32, i32)> = r.path.iter().map(|s| (s.x, s.y)).collect();
        probe
            .apply(advance("h", &path))
            .unwrap_or_else(|err| panic!("{:?}: {err}", r.square));
    }
}

#[test]
fn swimming_costs_2_a_square_without_a_swim_speed() {
    let rows = [
        "..........",
        ".==.......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let swimmer = "(id: \"s\", side: Heroes, stamina: 30, position: (0, 2), movement: [Swim], hero: (recoveries: 1))";
    let e = fight_in(
        &rows,
        &[hero("h", 0, 1), swimmer.into(), monster("m", 9, 5)],
        &[],
    );
    let path = [Square::new(1, 1), Square::new(2, 1), Square::new(3, 1)];
    assert_eq!(e.plan_move("h", &path, Gait::Move).unwrap().cost, 5);
    let path = [Square::new(1, 1), Square::new(2, 1), Square::new(3, 2)];
    assert_eq!(
        e.plan_move("s", &path, Gait::Move).unwrap().cost,
        3,
        "a swim speed swims at full speed"
    );
}

#[test]
fn a_climb_speed_climbs_at_full_speed() {
    let rows = [
        "..........",
        ".H........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let climber = "(id: \"c\", side: Heroes, stamina: 30, position: (0, 1), movement: [Climb], hero: (recoveries: 1))";
    let e = fight_in(&rows, &[climber.into(), monster("m", 9, 5)], &[]);
    assert_eq!(
        e.plan_move("c", &[Square::new(1, 1)], Gait::Move)
            .unwrap()
            .cost,
        2
    );
}

#[test]
fn ds_combat_55_teleport_ignores_what_lies_between_and_provokes_nothing() {
    let rows = [
        "..........",
        "..........",
        "....#.....",
        "....#.....",
        "....#.....",
        "..........",
    ];
    let t = "(id: \"t\", side: Heroes, stamina: 30, speed: 5, position: (3, 3), movement: [Teleport], prone: true, hero: (recoveries: 1))";
    let mut e = fight_in(
        &rows,
        &[t.into(), monster("e", 3, 4), monster("g", 2, 3)],
        &[],
    );
    start(&mut e, "t");
    // Its own square, an occupied square, out of range: refused.
    assert_eq!(
        e.apply(advance("t", &[(3, 3)])).unwrap_err().rule,
        "movement.teleport"
    );
    assert_eq!(
        e.apply(advance("t", &[(2, 3)])).unwrap_err().rule,
        "movement.teleport"
    );
    assert_eq!(
        e.apply(advance("t", &[(9, 3)])).unwrap_err().rule,
        "movement.teleport"
    );
    // Behind the wall with no line of effect: refused.
    assert_eq!(
        e.apply(advance("t", &[(5, 3)])).unwrap_err().rule,
        "target.line_of_effect"
    );
    // Past the enemy standing in the way at (3,2).
    let events = e.apply(advance("t", &[(3, 0)])).unwrap();
    assert!(
        attacks(&events).is_empty(),
        "neither G nor E gets an opportunity attack"
    );
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "movement.teleport" && matches!(ev.event, Event::Moved { .. }))
    );
    let t = creature(&e, "t");
    assert_eq!(t.position, Square::new(3, 0));
    assert!(t.conditions.is_empty(), "arrives standing");
}

#[test]
fn a_teleporters_reachable_squares_are_its_destinations() {
    let t = "(id: \"t\", side: Heroes, stamina: 30, speed: 2, position: (3, 3), movement: [Teleport], hero: (recoveries: 1))";
    let e = fight(&[t.into(), monster("m", 4, 3), monster("far", 9, 0)], &[]);
    let reach = e.reachable("t", Gait::Move).unwrap();
    // A 5×5 block around it, less its own square and the monster's.
    assert_eq!(reach.len(), 23);
    assert!(reach.iter().all(|r| r.path.len() == 1 && !r.provokes));
}

fn charge(creature: &str, path: &[(i32, i32)], target: &str) -> Command {
    Command::Charge {
        creature: creature.into(),
        path: path.iter().map(|&(x, y)| Square::new(x, y)).collect(),
        target: target.into(),
    }
}

#[test]
fn charge_moves_straight_then_strikes_with_the_main_action() {
    let mut e = fight(
        &[hero("h", 0, 2), monster("m", 4, 2), monster("far", 9, 0)],
        &[6, 6],
    );
    start(&mut e, "h");
    let events = e
        .apply(charge("h", &[(1, 2), (2, 2), (3, 2)], "m"))
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "action.charge"));
    assert_eq!(creature(&e, "h").position, Square::new(3, 2));
    // 12 + Might 2 = 14: tier 2, 5 + 2 = 7.
    assert_eq!(creature(&e, "m").stamina.current, 13);
    let h = creature(&e, "h");
    assert!(
        !h.actions.main && h.actions.move_action,
        "the Charge used the main action only"
    );
}

#[test]
fn a_charge_must_be_straight_clear_and_end_within_reach() {
    let rows = [
        "..........",
        "..........",
        "..~.......",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(
        &rows,
        &[hero("h", 0, 2), monster("m", 4, 2), monster("far", 9, 0)],
        &[],
    );
    start(&mut e, "h");
    let err = e
        .apply(charge("h", &[(1, 2), (2, 2), (3, 2)], "m"))
        .unwrap_err();
    assert!(err.reason.contains("difficult"), "{}", err.reason);
    let err = e
        .apply(charge("h", &[(1, 1), (2, 2), (3, 1)], "m"))
        .unwrap_err();
    assert!(err.reason.contains("straight"), "{}", err.reason);
    let err = e.apply(charge("h", &[(1, 1)], "m")).unwrap_err();
    assert_eq!(err.rule, "target.distance");
}

#[test]
fn a_charger_felled_on_the_way_does_not_strike() {
    let g = "(id: \"g\", side: Director, stamina: 3, free_strike: 1, position: (1, 2))";
    let h = "(id: \"h\", side: Heroes, stamina: 30, position: (1, 3), characteristics: (might: 2), hero: (recoveries: 1))";
    let m = "(id: \"m\", side: Heroes, stamina: 30, position: (4, 0), hero: (recoveries: 1))";
    // The goblin charges away from H; H's opportunity attack (12 + 2 → 7) kills it first.
    let mut e = fight(&[h.into(), m.into(), g.into()], &[6, 6]);
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "g");
    let events = e.apply(charge("g", &[(2, 1), (3, 0)], "m")).unwrap();
    assert!(creature(&e, "g").dead);
    assert_eq!(
        creature(&e, "m").stamina.current,
        30,
        "no strike from a dead charger"
    );
    assert_eq!(
        events
            .iter()
            .filter(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
            .count(),
        1,
        "only the opportunity attack"
    );
}

#[test]
fn ds_combat_x9_stepping_off_a_ledge_draws_no_opportunity_attack_from_a_foe_still_beside_it() {
    // seed 002 L2714: falling draws no opportunity attack. H on a 3-high ledge at (3,2) steps
    // east off it; E on the ledge at (3,3) is still beside H when it leaves the edge, and H's
    // fall is not a move.
    let rows = ["3333......"; 6];
    let mut e = fight_in(
        &rows,
        &[
            body("h", "Heroes", 3, 2, "hero: (recoveries: 2)"),
            body("e", "Director", 3, 3, "free_strike: 2"),
        ],
        &[],
    );
    start(&mut e, "h");
    let events = e.apply(advance("h", &[(4, 2)])).unwrap();
    assert!(attacks(&events).is_empty(), "{:#?}", logged(&events));
    assert_eq!(position(&e, "h"), Square::new(4, 2));
    assert_eq!(conditions(&e, "h"), vec!["prone"], "a 3-square fall");
    // Walking away along the ledge still draws one.
    let mut e = fight_in(
        &rows,
        &[
            body("h", "Heroes", 2, 2, "hero: (recoveries: 2)"),
            body("e", "Director", 2, 3, "free_strike: 2"),
        ],
        &[],
    );
    start(&mut e, "h");
    let events = e.apply(advance("h", &[(2, 1), (2, 0)])).unwrap();
    assert_eq!(attacks(&events).len(), 1);
}
