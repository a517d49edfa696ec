//! Burrowing (digest §12.2, seed 002 L2604-2642): moving through dirt, the Dig maneuver, Claw
//! Dirt, pulling a willing burrower up, targeting creatures in the ground, and forced movement
//! on a burrower (DS-COMBAT-46, DS-COMBAT-106). Each is a scenario, commands, and the positions,
//! depths, Stamina, conditions and log a player would see.

use crate::common;

use common::abilities::{foe, hero};
use common::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind::{Pull, Push, Slide};
use steelgrid_rules::forced::ForcedSpec;
use steelgrid_rules::grid::Square;
use steelgrid_rules::{Command, Engine, scenario};

/// A scenario source with `rows`; `r` is rock (stone ground), `h` ground 1 higher, `#` a wall.
/// `map_extra` adds fields to the map (each after a `, `).
fn source(rows: &[&str], map_extra: &str, creatures: &[String], dice: &[u32]) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let dice: Vec<String> = dice.iter().map(u32::to_string).collect();
    format!(
        "Scenario(name: \"Burrows\", map: (legend: {{'r': (ground: Stone), 'h': (elevation: 1)}}, rows: [{}]{map_extra}), creatures: [{}], dice: [{}])",
        rows.join(", "),
        creatures.join(", "),
        dice.join(", ")
    )
}

/// Start the fight: a scripted 7 lets the heroes choose, and they go first; `dice` follow.
fn arena(rows: &[&str], map_extra: &str, creatures: &[String], dice: &[u32]) -> Engine {
    let mut all = vec![7];
    all.extend_from_slice(dice);
    let src = source(rows, map_extra, creatures, &all);
    let mut e = scenario::load("burrows.ron", &src)
        .unwrap_or_else(|p| panic!("{p:?}\n{src}"))
        .start(Some(1));
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    e
}

fn open(creatures: &[String], dice: &[u32]) -> Engine {
    arena(&ROOM, "", creatures, dice)
}

/// A burrower of the Director's with 20 Stamina, speed 5 and free strike 3.
fn burrower(id: &str, x: i32, y: i32, depth: u32, extra: &str) -> String {
    format!(
        "(id: \"{id}\", side: Director, stamina: 20, free_strike: 3, position: ({x}, {y}), movement: [Burrow], depth: {depth}{extra})"
    )
}

/// A hero without burrow, Might 2, speed `speed`.
fn walker(id: &str, x: i32, y: i32, speed: u32) -> String {
    format!(
        "(id: \"{id}\", side: Heroes, stamina: 30, speed: {speed}, position: ({x}, {y}), characteristics: (might: 2, agility: 1), hero: (recoveries: 8))"
    )
}

fn depth(e: &Engine, id: &str) -> i32 {
    let c = creature(e, id);
    -c.z
}

fn derivation(events: &[LoggedEvent]) -> String {
    pick(events, |ev| match &ev.event {
        Event::ForcedMoved { derivation, .. } => Some(derivation.join("; ")),
        _ => None,
    })
    .pop()
    .expect("a forced movement was logged")
}

fn outcome_text(events: &[LoggedEvent], rule: &str) -> String {
    pick(events, |ev| match &ev.event {
        Event::AbilityOutcome { text, .. } if ev.rule == rule => Some(text.clone()),
        _ => None,
    })
    .pop()
    .unwrap_or_else(|| panic!("no {rule} outcome in {events:?}"))
}

/// Edge and bane notes of the last power roll in `events`, as (rule, note).
fn roll_modifiers(events: &[LoggedEvent]) -> (Vec<(String, String)>, Vec<(String, String)>) {
    pick(events, |ev| match &ev.event {
        Event::PowerRolled { roll, .. } => Some((
            roll.edges
                .iter()
                .map(|m| (m.rule.clone(), m.note.clone()))
                .collect(),
            roll.banes
                .iter()
                .map(|m| (m.rule.clone(), m.note.clone()))
                .collect(),
        )),
        _ => None,
    })
    .pop()
    .expect("a power roll")
}

fn vertical(
    kind: steelgrid_rules::forced::ForcedKind,
    forcer: &str,
    target: &str,
    distance: u32,
    path: &[(i32, i32, i32)],
) -> Command {
    let mut cmd = force(
        kind,
        Some(forcer),
        target,
        distance,
        &path.iter().map(|&(x, y, _)| (x, y)).collect::<Vec<_>>(),
    );
    if let Command::ForceMove {
        vertical, heights, ..
    } = &mut cmd
    {
        *vertical = true;
        *heights = path.iter().map(|p| p.2).collect();
    }
    cmd
}

fn dig(id: &str, depth: u32) -> Command {
    Command::Dig {
        creature: id.into(),
        depth,
    }
}

fn claw(id: &str, to: (i32, i32), depth: u32) -> Command {
    Command::ClawDirt {
        creature: id.into(),
        to: Square::new(to.0, to.1),
        depth,
    }
}

#[test]
fn ds_combat_46_burrower_pushed_takes_damage_instead() {
    let mut e = open(
        &[hero("hero", 4, 5, &[], ""), burrower("mole", 5, 5, 1, "")],
        &[],
    );
    // A push along a path is refused: the burrower can't be moved that way.
    let err = refused(
        &mut e,
        force(Push, Some("hero"), "mole", 3, &[(6, 5), (7, 5), (8, 5)]),
    );
    assert_eq!(err.rule, "forced_movement.burrowed");
    let events = apply(&mut e, force(Push, Some("hero"), "mole", 3, &[]));
    assert_eq!(position(&e, "mole"), Square::new(5, 5));
    assert_eq!(depth(&e, "mole"), 1);
    assert_eq!(stamina(&e, "mole"), 17);
    assert_eq!(
        derivation(&events),
        "push 3 − stability 0 = 3; underground: doesn't move, takes 3"
    );
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::Slammed { creature, amount: 3, .. } if creature == "mole")
        ),
        1
    );
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "forced_movement.burrowed")
    );
}

#[test]
fn ds_combat_46_stability_counts_before_the_damage() {
    let mut e = open(
        &[
            hero("hero", 4, 5, &[], ""),
            burrower("mole", 5, 5, 1, ", stability: 1"),
        ],
        &[],
    );
    let events = apply(&mut e, force(Push, Some("hero"), "mole", 3, &[]));
    assert_eq!(stamina(&e, "mole"), 18);
    assert_eq!(
        derivation(&events),
        "push 3 − stability 1 = 2; underground: doesn't move, takes 2"
    );
}

#[test]
fn ds_combat_46_vertical_pull_carries_burrower_through_dirt() {
    let mut e = open(
        &[hero("hero", 4, 5, &[], ""), burrower("mole", 5, 5, 3, "")],
        &[],
    );
    let events = apply(
        &mut e,
        vertical(Pull, "hero", "mole", 2, &[(5, 5, -2), (5, 5, -1)]),
    );
    assert_eq!(position(&e, "mole"), Square::new(5, 5));
    assert_eq!(depth(&e, "mole"), 1, "up 2 squares through the dirt");
    assert_eq!(stamina(&e, "mole"), 20, "no slam against the dirt");
    assert!(derivation(&events).contains("ends 1 squares down in the dirt"));
    assert!(creature(&e, "mole").effects.contains(&"burrowing"));
}

#[test]
fn ds_combat_46_vertical_pull_out_of_the_ground_drops_to_the_surface() {
    let mut e = open(
        &[hero("hero", 4, 5, &[], ""), burrower("mole", 5, 5, 1, "")],
        &[],
    );
    apply(
        &mut e,
        vertical(Slide, "hero", "mole", 2, &[(5, 5, 0), (5, 5, 1)]),
    );
    // Out of the dirt and into the air, it falls the 1 square back onto the ground.
    assert_eq!(depth(&e, "mole"), 0);
    assert_eq!(stamina(&e, "mole"), 20);
    assert!(!creature(&e, "mole").effects.contains(&"burrowing"));
}

#[test]
fn ds_combat_106_size_2_burrower_digs_up_to_two_squares() {
    let mut e = open(
        &[
            hero("hero", 0, 0, &[], ""),
            burrower("worm", 5, 2, 0, ", size: \"2\""),
        ],
        &[],
    );
    until_turn_of(&mut e, "worm", &["hero"]);
    let err = refused(&mut e, dig("worm", 3));
    assert_eq!(err.rule, "movement.dig");
    assert!(
        err.reason.contains("up to its size, 2 squares"),
        "{}",
        err.reason
    );
    let events = apply(&mut e, dig("worm", 2));
    assert_eq!(depth(&e, "worm"), 2);
    assert_eq!(
        outcome_text(&events, "movement.dig"),
        "digs down 2 squares (up to size 2): depth 0 → 2 down, fully underground"
    );
}

#[test]
fn ds_combat_106_speed_below_size_cannot_dig() {
    let mut e = open(
        &[
            hero("hero", 0, 0, &[], ""),
            burrower("worm", 5, 2, 0, ", size: \"2\", speed: 1"),
        ],
        &[],
    );
    until_turn_of(&mut e, "worm", &["hero"]);
    let err = refused(&mut e, dig("worm", 1));
    assert_eq!(err.rule, "movement.dig");
    assert!(
        err.reason.contains("speed is 1, less than its size 2"),
        "{}",
        err.reason
    );
}

#[test]
fn ds_combat_106_holding_a_conscious_creature_it_cannot_dig_deeper() {
    // Partly surfaced (1 down of its 2), the worm grabs the hero beside it: natural 20.
    let mut e = open(
        &[
            hero("hero", 4, 2, &[], ""),
            burrower("worm", 5, 2, 1, ", size: \"2\""),
        ],
        &[10, 10],
    );
    until_turn_of(&mut e, "worm", &["hero"]);
    apply(
        &mut e,
        Command::Grab {
            creature: "worm".into(),
            target: "hero".into(),
        },
    );
    assert!(conditions(&e, "hero").contains(&"grabbed".to_owned()));
    let err = refused(&mut e, dig("worm", 2));
    assert_eq!(err.rule, "movement.dig");
    assert!(err.reason.contains("has hero grabbed"), "{}", err.reason);
    // Up is still allowed.
    apply(&mut e, dig("worm", 0));
    assert_eq!(depth(&e, "worm"), 0);
}

#[test]
fn claw_dirt_tier_1_moves_and_leaves_it_slowed_and_weakened() {
    let mut e = open(
        &[hero("hero", 2, 2, &[], ""), foe("orc", 8, 5, &[], "")],
        &[1, 1],
    );
    start(&mut e, "hero");
    let events = apply(&mut e, claw("hero", (2, 2), 1));
    assert_eq!(depth(&e, "hero"), 1);
    let text = outcome_text(&events, "movement.claw_dirt");
    assert!(
        text.starts_with("moves 1 square; slowed and weakened (EoT)"),
        "{text}"
    );
    let held = conditions(&e, "hero");
    assert!(held.contains(&"slowed (EoT)".to_owned()), "{held:?}");
    assert!(held.contains(&"weakened (EoT)".to_owned()), "{held:?}");
    end(&mut e, "hero");
    assert!(conditions(&e, "hero").is_empty());
}

#[test]
fn claw_dirt_tier_2_spends_the_main_action_to_move() {
    let mut e = open(
        &[hero("hero", 2, 2, &[], ""), foe("orc", 8, 5, &[], "")],
        &[5, 5],
    );
    start(&mut e, "hero");
    let events = apply(&mut e, claw("hero", (2, 2), 1));
    assert_eq!(depth(&e, "hero"), 1);
    assert!(
        !creature(&e, "hero").actions.main,
        "the main action went to the move"
    );
    assert_eq!(conditions(&e, "hero"), vec!["slowed (EoT)".to_owned()]);
    assert!(outcome_text(&events, "movement.claw_dirt").starts_with("spends its main action"));
}

#[test]
fn claw_dirt_tier_2_without_a_main_action_does_not_move() {
    let mut e = open(
        &[hero("hero", 2, 2, &[], ""), foe("orc", 8, 5, &[], "")],
        &[5, 5],
    );
    start(&mut e, "hero");
    apply(
        &mut e,
        Command::Defend {
            creature: "hero".into(),
        },
    );
    let events = apply(&mut e, claw("hero", (2, 2), 1));
    assert_eq!(depth(&e, "hero"), 0);
    assert_eq!(
        outcome_text(&events, "movement.claw_dirt"),
        "has no main action left to move with; slowed (EoT)"
    );
    assert_eq!(conditions(&e, "hero"), vec!["slowed (EoT)".to_owned()]);
}

#[test]
fn claw_dirt_tier_3_moves_into_then_across_through_the_dirt() {
    let mut e = open(
        &[hero("hero", 2, 2, &[], ""), foe("orc", 8, 5, &[], "")],
        &[9, 9, 9, 8],
    );
    start(&mut e, "hero");
    apply(&mut e, claw("hero", (2, 2), 1));
    assert_eq!(depth(&e, "hero"), 1);
    // A second maneuver, for the main action.
    let events = apply(&mut e, claw("hero", (3, 2), 1));
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::Moved { to, .. } if *to == Square::new(3, 2))
        ),
        1
    );
    assert_eq!(position(&e, "hero"), Square::new(3, 2));
    assert_eq!(depth(&e, "hero"), 1);
    assert!(conditions(&e, "hero").is_empty());
}

#[test]
fn claw_dirt_refusals_name_the_rule() {
    let mut e = arena(
        &["..r.......", "..........", "..........", ".........."],
        "",
        &[
            walker("hero", 2, 1, 1),
            hero("digger", 4, 1, &[], ", movement: [Burrow]"),
            hero("scout", 6, 1, &[], ""),
            foe("orc", 9, 3, &[], ""),
        ],
        &[],
    );
    start(&mut e, "hero");
    let err = refused(&mut e, claw("hero", (2, 1), 1));
    assert_eq!(err.rule, "movement.claw_dirt");
    assert!(err.reason.contains("needs 2 or more"), "{}", err.reason);
    end(&mut e, "hero");
    until_turn_of(&mut e, "digger", &["orc"]);
    let err = refused(&mut e, claw("digger", (4, 1), 1));
    assert_eq!(err.rule, "movement.claw_dirt");
    end(&mut e, "digger");
    until_turn_of(&mut e, "scout", &["orc"]);
    // Two squares down at once, or across while on the surface, is more than Claw Dirt moves.
    assert_eq!(
        refused(&mut e, claw("scout", (6, 1), 2)).rule,
        "movement.claw_dirt"
    );
    assert_eq!(
        refused(&mut e, claw("scout", (7, 1), 1)).rule,
        "movement.claw_dirt"
    );
}

#[test]
fn claw_dirt_cannot_claw_into_stone() {
    let mut e = arena(
        &["..r.......", "..........", "..........", ".........."],
        "",
        &[hero("hero", 2, 0, &[], ""), foe("orc", 9, 3, &[], "")],
        &[],
    );
    start(&mut e, "hero");
    let err = refused(&mut e, claw("hero", (2, 0), 1));
    assert_eq!(err.rule, "movement.claw_dirt");
    assert!(err.reason.contains("stone"), "{}", err.reason);
}

#[test]
fn pull_up_raises_a_willing_ally_one_square() {
    let mut e = open(
        &[
            hero("hero", 3, 2, &[], ""),
            hero("mole", 4, 2, &[], ", movement: [Burrow], depth: 1"),
            burrower("grub", 2, 2, 1, ""),
        ],
        &[],
    );
    start(&mut e, "hero");
    let err = refused(
        &mut e,
        Command::PullUp {
            creature: "hero".into(),
            target: "grub".into(),
        },
    );
    assert_eq!(err.rule, "movement.burrow.pull_up");
    assert!(err.reason.contains("not willing"), "{}", err.reason);
    let events = apply(
        &mut e,
        Command::PullUp {
            creature: "hero".into(),
            target: "mole".into(),
        },
    );
    assert_eq!(depth(&e, "mole"), 0);
    assert_eq!(
        outcome_text(&events, "movement.burrow.pull_up"),
        "pulls mole up 1 square: depth 1 → on the surface"
    );
    // Only a burrower fully underground is pulled up.
    end(&mut e, "hero");
    until_turn_of(&mut e, "mole", &["grub"]);
    let err = refused(
        &mut e,
        Command::PullUp {
            creature: "mole".into(),
            target: "hero".into(),
        },
    );
    assert_eq!(err.rule, "movement.burrow.pull_up");
}

#[test]
fn burrower_advances_through_dirt_at_its_depth() {
    let mut e = open(
        &[hero("hero", 0, 0, &[], ""), burrower("mole", 2, 3, 2, "")],
        &[],
    );
    until_turn_of(&mut e, "mole", &["hero"]);
    let events = apply(&mut e, advance("mole", &[(3, 3), (4, 3), (5, 4)]));
    assert_eq!(position(&e, "mole"), Square::new(5, 4));
    assert_eq!(depth(&e, "mole"), 2);
    let moved = find(&events, |ev| matches!(ev, Event::Moved { cost: 3, .. }));
    assert_eq!(moved.len(), 1);
    assert_eq!(moved[0].rule, "movement.burrow");
}

#[test]
fn burrowing_keeps_its_height_under_higher_ground() {
    let mut e = arena(
        &["..........", "...hh.....", "..........", ".........."],
        "",
        &[hero("hero", 0, 3, &[], ""), burrower("mole", 2, 1, 1, "")],
        &[],
    );
    until_turn_of(&mut e, "mole", &["hero"]);
    apply(&mut e, advance("mole", &[(3, 1)]));
    assert_eq!(creature(&e, "mole").z, -1, "the same height");
    assert_eq!(depth_below_ground(&e, "mole"), 2, "under ground 1 higher");
}

fn depth_below_ground(e: &Engine, id: &str) -> i32 {
    let c = creature(e, id);
    e.map()
        .ground_under(steelgrid_rules::grid::Footprint::new(c.position, c.size))
        - c.z
}

#[test]
fn stone_refuses_burrowing_unless_the_stat_block_allows_it() {
    let rows = ["..rr......", "..rr......", "..........", ".........."];
    let mut e = arena(
        &rows,
        "",
        &[
            hero("hero", 9, 3, &[], ""),
            burrower("mole", 1, 0, 1, ""),
            burrower("delver", 1, 1, 1, "").replace("[Burrow]", "[BurrowStone]"),
        ],
        &[],
    );
    until_turn_of(&mut e, "mole", &["hero", "delver"]);
    let err = refused(&mut e, advance("mole", &[(2, 0)]));
    assert_eq!(err.rule, "movement.burrow");
    assert!(err.reason.contains("(2, 0) is stone"), "{}", err.reason);
    end(&mut e, "mole");
    until_turn_of(&mut e, "delver", &["hero", "mole"]);
    apply(&mut e, advance("delver", &[(2, 1), (3, 1)]));
    assert_eq!(position(&e, "delver"), Square::new(3, 1));
    assert_eq!(depth(&e, "delver"), 1);
}

#[test]
fn stone_map_refuses_dig_and_legend_dirt_allows_it() {
    let mut e = arena(
        &["..........", "..........", ".........."],
        ", ground: Stone",
        &[hero("hero", 9, 2, &[], ""), burrower("mole", 2, 1, 0, "")],
        &[],
    );
    until_turn_of(&mut e, "mole", &["hero"]);
    let err = refused(&mut e, dig("mole", 1));
    assert_eq!(err.rule, "movement.dig");
    assert!(err.reason.contains("stone"), "{}", err.reason);
    // The same map with a patch of dirt.
    let src = source(
        &["..........", "..dd......", ".........."],
        ", ground: Stone",
        &[hero("hero", 9, 2, &[], ""), burrower("mole", 2, 1, 0, "")],
        &[7],
    )
    .replace("'r': (ground: Stone)", "'d': (ground: Dirt)");
    let mut e = scenario::load("dirt.ron", &src)
        .expect("loads")
        .start(Some(1));
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    until_turn_of(&mut e, "mole", &["hero"]);
    apply(&mut e, dig("mole", 1));
    assert_eq!(depth(&e, "mole"), 1);
    assert_eq!(
        refused(&mut e, advance("mole", &[(2, 2)])).rule,
        "movement.burrow"
    );
}

#[test]
fn surface_strikes_reach_the_top_layer_with_cover_and_no_high_ground() {
    let mut e = open(
        &[hero("hero", 4, 2, &[], ""), burrower("mole", 5, 2, 1, "")],
        &[5, 5],
    );
    start(&mut e, "hero");
    let events = apply(&mut e, strike("hero", "mole"));
    let (edges, banes) = roll_modifiers(&events);
    assert!(
        banes
            .iter()
            .any(|(r, n)| r == "power_roll.bane.cover" && n.contains("burrowing")),
        "{banes:?}"
    );
    // Its top is level with the hero's feet: high ground, but not against a burrower.
    assert!(
        !edges
            .iter()
            .any(|(r, _)| r == "power_roll.edge.high_ground"),
        "{edges:?}"
    );
}

#[test]
fn deeper_burrowers_are_out_of_reach_from_the_surface() {
    let mut e = open(
        &[hero("hero", 4, 2, &[], ""), burrower("mole", 5, 2, 2, "")],
        &[],
    );
    start(&mut e, "hero");
    let err = refused(&mut e, strike("hero", "mole"));
    assert_eq!(err.rule, "target.burrowed");
}

#[test]
fn fully_underground_burrowers_see_only_adjacent_burrowers() {
    let mut e = open(
        &[
            hero("hero", 4, 2, &[], ""),
            hero("mole", 6, 2, &[], ", movement: [Burrow], depth: 1"),
            burrower("grub", 5, 2, 1, ""),
        ],
        &[5, 5],
    );
    // Two burrowers side by side in the ground: line of effect, and each has cover.
    start(&mut e, "mole");
    let events = apply(&mut e, strike("mole", "grub"));
    let (_, banes) = roll_modifiers(&events);
    assert!(
        banes.iter().any(|(r, _)| r == "power_roll.bane.cover"),
        "{banes:?}"
    );
    end(&mut e, "mole");
    until_turn_of(&mut e, "grub", &["hero"]);
    // From underground, no line of effect to the hero on the surface beside it.
    let err = refused(&mut e, strike("grub", "hero"));
    assert_eq!(err.rule, "target.burrowed");
}

#[test]
fn a_walker_can_stand_over_a_burrower_and_no_opportunity_attack_comes_from_below() {
    let mut e = open(
        &[hero("hero", 4, 2, &[], ""), burrower("grub", 4, 3, 1, "")],
        &[],
    );
    start(&mut e, "hero");
    apply(&mut e, advance("hero", &[(4, 3)]));
    assert_eq!(
        position(&e, "hero"),
        Square::new(4, 3),
        "right above the grub"
    );
    let events = apply(&mut e, advance("hero", &[(4, 4), (4, 5)]));
    assert_eq!(position(&e, "hero"), Square::new(4, 5));
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::OpportunityAttack { .. })),
        0
    );
}

#[test]
fn depth_survives_a_snapshot() {
    let e = open(
        &[hero("hero", 0, 0, &[], ""), burrower("mole", 5, 2, 2, "")],
        &[],
    );
    let snap = e.snapshot();
    assert_eq!(
        snap.creatures
            .iter()
            .find(|c| c.id == "mole")
            .unwrap()
            .depth,
        2
    );
    let json = serde_json::to_string(&snap).expect("serializes");
    let back: steelgrid_rules::Snapshot = serde_json::from_str(&json).expect("reads back");
    let restored = Engine::restore(back);
    assert_eq!(depth(&restored, "mole"), 2);
    assert_eq!(restored.checksum(), e.checksum());
}

#[test]
fn starting_underground_needs_burrow_and_dirt() {
    let src = source(
        &["r........."],
        "",
        &[
            hero("hero", 5, 0, &[], ", depth: 1"),
            burrower("mole", 0, 0, 1, ""),
        ],
        &[],
    );
    let problems = scenario::load("bad.ron", &src).expect_err("refused");
    let text: Vec<String> = problems.iter().map(|p| p.message.clone()).collect();
    assert!(
        text.iter()
            .any(|m| m.contains("`hero` starts in the ground but has no burrow")),
        "{text:?}"
    );
    assert!(
        text.iter()
            .any(|m| m.contains("`mole` starts in the ground at (0, 0), which is stone")),
        "{text:?}"
    );
}

#[test]
fn predictions_for_burrowers_match_what_happens() {
    let specs: Vec<(u32, Command)> = vec![
        (1, force(Push, Some("hero"), "mole", 4, &[])),
        (1, force(Pull, Some("hero"), "mole", 2, &[])),
        (
            3,
            vertical(
                Slide,
                "hero",
                "mole",
                4,
                &[(5, 5, -2), (5, 5, -1), (5, 5, 0)],
            ),
        ),
        (
            2,
            vertical(Push, "hero", "mole", 3, &[(5, 5, -3), (5, 5, -4)]),
        ),
        (
            1,
            vertical(Slide, "hero", "mole", 4, &[(5, 5, 0), (5, 5, 1), (5, 5, 2)]),
        ),
        (
            1,
            vertical(Slide, "hero", "mole", 3, &[(6, 5, -1), (7, 5, -1)]),
        ),
    ];
    for (start_depth, cmd) in specs {
        let mut e = open(
            &[
                hero("hero", 4, 5, &[], ""),
                burrower("mole", 5, 5, start_depth, ", stability: 1"),
            ],
            &[],
        );
        let Command::ForceMove {
            forcer,
            target,
            kind,
            distance,
            path,
            vertical,
            heights,
            ..
        } = cmd.clone()
        else {
            unreachable!()
        };
        let spec = ForcedSpec {
            kind,
            forcer,
            target,
            distance,
            melee_weapon: false,
            stability: None,
            chosen: None,
            path,
            break_objects: true,
            vertical,
            heights,
        };
        let predicted = e.predict_forced(&spec).expect("legal");
        let before = stamina(&e, "mole");
        apply(&mut e, cmd);
        let end = predicted
            .fall
            .as_ref()
            .map_or(predicted.end, |f| f.lands_at);
        assert_eq!(position(&e, "mole"), end);
        assert_eq!(
            (before - stamina(&e, "mole")) as u32,
            predicted.damage_to("mole")
        );
        let landed = if predicted.fall.is_some() {
            0
        } else {
            predicted.depth
        };
        assert_eq!(
            depth(&e, "mole"),
            landed as i32,
            "{:?}",
            predicted.derivation
        );
    }
}

#[test]
fn the_movement_overlay_of_a_burrower_keeps_to_dirt_within_its_speed() {
    let rows = ["..rr......", "..rr......", "..........", ".........."];
    let e = arena(
        &rows,
        "",
        &[
            hero("hero", 9, 3, &[], ""),
            burrower("mole", 1, 0, 1, ", speed: 2"),
        ],
        &[],
    );
    let reach = e
        .reachable("mole", steelgrid_rules::movement::Gait::Move)
        .expect("a creature");
    let squares: Vec<Square> = reach.iter().map(|r| r.square).collect();
    assert!(squares.contains(&Square::new(1, 2)));
    assert!(squares.contains(&Square::new(0, 0)));
    assert!(
        !squares.iter().any(|s| (2..=3).contains(&s.x) && s.y <= 1),
        "{squares:?}"
    );
    assert!(
        !squares.contains(&Square::new(4, 0)),
        "around the stone is too far"
    );
    for r in &reach {
        assert!(
            e.plan_move("mole", &r.path, steelgrid_rules::movement::Gait::Move)
                .is_ok()
        );
    }
}
