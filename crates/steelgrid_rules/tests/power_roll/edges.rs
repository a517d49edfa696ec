//! Situational edges on strikes: flanking and high ground (combat digest §21, §15, §32 I).

use crate::common;

use common::*;
use steelgrid_rules::event::Event;
use steelgrid_rules::power_roll::Modifier;

fn strike_edges(
    e: &mut steelgrid_rules::Engine,
    attacker: &str,
    target: &str,
    ranged: bool,
) -> (Vec<Modifier>, Vec<Modifier>) {
    start(e, attacker);
    let mut cmd = strike(attacker, target);
    if let steelgrid_rules::Command::FreeStrike { ranged: r, .. } = &mut cmd {
        *r = ranged;
    }
    let events = e.apply(cmd).unwrap();
    events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::PowerRolled { roll, .. } => Some((roll.edges.clone(), roll.banes.clone())),
            _ => None,
        })
        .unwrap()
}

fn has(list: &[Modifier], rule: &str) -> bool {
    list.iter().any(|m| m.rule == rule)
}

#[test]
fn ds_combat_67_flanking_on_opposite_sides_melee_only() {
    let setup = || {
        fight(
            &[hero("h", 4, 3), hero("a", 6, 3), monster("e", 5, 3)],
            &[5, 5],
        )
    };
    let mut e = setup();
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(has(&edges, "power_roll.edge.flanking"));
    let mut e = setup();
    let (edges, banes) = strike_edges(&mut e, "h", "e", true);
    assert!(!has(&edges, "power_roll.edge.flanking"));
    assert!(has(&banes, "power_roll.bane.ranged_adjacent_enemy"));
}

#[test]
fn ds_combat_68_flanking_across_corners() {
    let mut e = fight(
        &[hero("h", 4, 2), hero("a", 6, 4), monster("e", 5, 3)],
        &[5, 5],
    );
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(has(&edges, "power_roll.edge.flanking"));
}

#[test]
fn not_flanking_from_the_same_side() {
    let mut e = fight(
        &[hero("h", 4, 2), hero("a", 4, 4), monster("e", 5, 3)],
        &[5, 5],
    );
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(!has(&edges, "power_roll.edge.flanking"));
}

#[test]
fn ds_combat_70_a_surprised_ally_grants_no_flank() {
    let a = "(id: \"a\", side: Heroes, stamina: 30, position: (6, 3), hero: (recoveries: 1), surprised: true)";
    let mut e = fight(&[hero("h", 4, 3), a.into(), monster("e", 5, 3)], &[5, 5]);
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(!has(&edges, "power_roll.edge.flanking"));
}

#[test]
fn ds_combat_71_flanking_a_size_2_enemy() {
    let big = "(id: \"e\", side: Director, size: \"2\", stamina: 40, position: (5, 2))";
    // E covers (5..6, 2..3); H west at (4,2), A east at (7,3).
    let mut e = fight(&[hero("h", 4, 2), hero("a", 7, 3), big.into()], &[5, 5]);
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(has(&edges, "power_roll.edge.flanking"));
}

#[test]
fn high_ground_when_standing_level_with_the_targets_top() {
    // 'h' is 1 high: a 1M target on the floor is 1 tall, so level with its top counts.
    let rows = [
        "..........",
        "..........",
        "...h......",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_in(&rows, &[hero("h", 3, 2), monster("e", 4, 2)], &[5, 5]);
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(has(&edges, "power_roll.edge.high_ground"));
    // Against a size-2 target (2 tall) a 1-square rise is not enough.
    let big = "(id: \"e\", side: Director, size: \"2\", stamina: 40, position: (4, 2))";
    let mut e = fight_in(&rows, &[hero("h", 3, 2), big.into()], &[5, 5]);
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(!has(&edges, "power_roll.edge.high_ground"));
}

#[test]
fn ds_combat_112_aid_attack_gives_one_ally_roll_an_edge_until_the_aiders_next_turn() {
    let a = "(id: \"a\", side: Heroes, stamina: 30, position: (5, 4), characteristics: (might: 2), hero: (recoveries: 1))";
    let b = "(id: \"b\", side: Heroes, stamina: 30, position: (6, 4), characteristics: (might: 2), hero: (recoveries: 1))";
    let e_ = "(id: \"e\", side: Director, stamina: 60, position: (5, 5))";
    let mut e = fight(
        &[
            hero("h", 4, 5),
            a.into(),
            b.into(),
            e_.into(),
            monster("far", 9, 0),
        ],
        &[5, 5, 5, 5, 5, 5],
    );
    start(&mut e, "h");
    let events = e
        .apply(steelgrid_rules::Command::AidAttack {
            creature: "h".into(),
            target: "e".into(),
        })
        .unwrap();
    assert!(events.iter().any(|ev| ev.rule == "maneuver.aid_attack"));
    assert_eq!(creature(&e, "e").effects, vec!["aided"]);
    end(&mut e, "h");
    start(&mut e, "far");
    end(&mut e, "far");
    // A's strike takes the edge and uses the aid up.
    let (edges, _) = strike_edges(&mut e, "a", "e", false);
    assert!(has(&edges, "maneuver.aid_attack"));
    assert!(creature(&e, "e").effects.is_empty());
    end(&mut e, "a");
    start(&mut e, "e");
    end(&mut e, "e");
    let (edges, _) = strike_edges(&mut e, "b", "e", false);
    assert!(!has(&edges, "maneuver.aid_attack"), "only the first roll");
}

#[test]
fn aid_attack_lapses_when_the_aiders_next_turn_starts() {
    let mut e = fight(&[hero("h", 4, 5), monster("e", 5, 5)], &[]);
    start(&mut e, "h");
    e.apply(steelgrid_rules::Command::AidAttack {
        creature: "h".into(),
        target: "e".into(),
    })
    .unwrap();
    end(&mut e, "h");
    start(&mut e, "e");
    end(&mut e, "e");
    start(&mut e, "h");
    assert!(creature(&e, "e").effects.is_empty());
}

/// A stone pillar at (2, 2) between a shooter at (0, 2) and a target at (4, 2).
const PILLAR: [&str; 6] = [
    "..........",
    "..........",
    "..s.......",
    "..........",
    "..........",
    "..........",
];

#[test]
fn cover_behind_a_pillar_gives_damaging_strikes_a_bane() {
    // From the shooter's best corner two of the target's four corners are hidden (digest
    // §30.3): cover, so the ranged free strike takes a bane (seed 002 L3010-3012).
    let mut e = fight_in(&PILLAR, &[hero("h", 0, 2), monster("t", 4, 2)], &[5, 5]);
    let (_, banes) = strike_edges(&mut e, "h", "t", true);
    assert!(has(&banes, "power_roll.bane.cover"), "{banes:?}");
}

#[test]
fn no_cover_when_the_pillar_only_clips_the_view() {
    // The same pillar a row up leaves every corner of the target in view from the shooter's
    // lower corner: no cover.
    let mut e = fight_in(&PILLAR, &[hero("h", 0, 3), monster("t", 4, 3)], &[5, 5]);
    let (_, banes) = strike_edges(&mut e, "h", "t", true);
    assert!(!has(&banes, "power_roll.bane.cover"), "{banes:?}");
    // And in the open, nothing at all.
    let mut e = fight(&[hero("h", 0, 2), monster("t", 4, 2)], &[5, 5]);
    let (_, banes) = strike_edges(&mut e, "h", "t", true);
    assert!(banes.is_empty(), "{banes:?}");
}

#[test]
fn creatures_give_no_cover() {
    let mut e = fight(
        &[hero("h", 0, 2), monster("m", 2, 2), monster("t", 4, 2)],
        &[5, 5],
    );
    let (_, banes) = strike_edges(&mut e, "h", "t", true);
    assert!(!has(&banes, "power_roll.bane.cover"), "{banes:?}");
}

#[test]
fn ds_combat_x1_a_line_entering_west_and_leaving_north_is_no_flank() {
    // Centres (4.5,3.5) and (6.5,4.5): the line enters E's west side at y 3.75 and leaves its
    // north side at x 5.5, sides that are not opposite (digest §30.2 step 5).
    let mut e = fight(
        &[hero("h", 4, 3), hero("a", 6, 4), monster("e", 5, 3)],
        &[5, 5],
    );
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(!has(&edges, "power_roll.edge.flanking"));
}

#[test]
fn ds_combat_x2_a_dazed_ally_grants_no_flank() {
    // seed 002 L1735, L3006-3008: a dazed creature takes no triggered actions, so cannot flank.
    let a = "(id: \"a\", side: Heroes, stamina: 30, position: (6, 3), hero: (recoveries: 1), conditions: [(condition: Dazed)])";
    let mut e = fight(&[hero("h", 4, 3), a.into(), monster("e", 5, 3)], &[5, 5]);
    let (edges, _) = strike_edges(&mut e, "h", "e", false);
    assert!(!has(&edges, "power_roll.edge.flanking"));
}
