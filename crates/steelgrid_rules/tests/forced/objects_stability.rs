//! Objects caught in an area that targets creatures and objects (seed 002 L1494-1498,
//! L1514-1516, L3104-3113), and lingering stability from abilities: how it shortens forced
//! movement, how repeats stack and when it ends (seed 002 L1669-1673, L1677-1683, L2807-2811).

use crate::common;

use common::abilities::{fields, foe, hero as hero_with, use_ability};
use common::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::{Square, Terrain};
use steelgrid_rules::{Command, Engine};

/// A Might-rolled ability of `distance` aimed at `who`: 2, 4 or 6 damage (+ Might).
fn rolled(id: &str, name: &str, distance: &str, who: &str) -> String {
    format!(
        "\"{id}\": (name: \"{name}\", keywords: [Area, Magic], action: MainAction, distance: {distance}, target: (who: {who}), power_roll: (characteristic: [Might], tier1: (damage: (base: 2)), tier2: (damage: (base: 4)), tier3: (damage: (base: 6))))"
    )
}

/// The abilities the object cases use.
fn area_table() -> String {
    [
        rolled("shatter", "Shattering Hex", "Burst(1)", "CreatureOrObject"),
        rolled("quake", "Quake", "Burst(1)", "Enemy"),
        rolled("wide", "Wide Hex", "Burst(2)", "CreatureOrObject"),
        rolled(
            "spear",
            "Splinter Spear",
            "Line(length: 5, width: 1, within: 1)",
            "CreatureOrObject",
        ),
    ]
    .join(", ")
}

/// `ObjectDamaged` events as (square, amount, left).
fn object_hits(events: &[LoggedEvent]) -> Vec<(Square, u32, u32)> {
    pick(events, |ev| match &ev.event {
        Event::ObjectDamaged {
            square,
            amount,
            left,
        } => Some((*square, *amount, *left)),
        _ => None,
    })
}

fn destroyed(events: &[LoggedEvent]) -> Vec<Square> {
    pick(events, |ev| match &ev.event {
        Event::ObjectDestroyed { square } if ev.rule == "object.destroyed" => Some(*square),
        _ => None,
    })
}

fn object_stamina(e: &Engine, x: i32, y: i32) -> Option<u32> {
    e.map()
        .cell(Square::new(x, y))
        .and_then(|c| c.object_stamina)
}

/// A crate at (3, 1) and a stone pillar at (1, 2) beside a hero at (2, 2); another crate far
/// off at (7, 2); a foe at (3, 3). The power roll is 3 + 3 + Might 2 = 8: tier 1.
fn crate_yard() -> Engine {
    const YARD: [&str; 6] = [
        "..........",
        "...w......",
        ".s.....w..",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_with(
        &YARD,
        &fields(&area_table(), None),
        &[
            hero_with("h", 2, 2, &["shatter", "quake"], ""),
            foe("m", 3, 3, &[], ""),
        ],
        &[3, 3],
        Side::Heroes,
    );
    start(&mut e, "h");
    e
}

#[test]
fn ds_core_68_burst_on_creatures_and_objects_breaks_a_crate_and_cracks_a_pillar() {
    let mut e = crate_yard();
    let cmd = use_ability("h", "shatter", &[]);
    // The preview lists both adjacent objects with their Stamina and each tier's damage.
    let preview = e.preview_ability(&cmd).expect("a legal burst");
    let listed: Vec<(Square, u32, Vec<u32>)> = preview
        .objects
        .iter()
        .map(|o| (o.square, o.stamina, o.damage.clone()))
        .collect();
    assert_eq!(
        listed,
        vec![
            (Square::new(3, 1), 3, vec![4, 6, 8]),
            (Square::new(1, 2), 6, vec![4, 6, 8]),
        ]
    );
    assert!(preview.objects.iter().all(|o| o.odds.is_some()));
    let events = apply(&mut e, cmd);
    // One roll for all: tier 1, 4 damage to the foe, the crate (3 Stamina) and the pillar (6).
    let rolls: Vec<(String, u32)> = pick(&events, |ev| match &ev.event {
        Event::PowerRolled { target, roll, .. } => Some((target.clone(), roll.total as u32)),
        _ => None,
    });
    assert_eq!(
        rolls,
        vec![
            ("the object at (3, 1)".to_owned(), 8),
            ("the object at (1, 2)".to_owned(), 8),
            ("m".to_owned(), 8),
        ]
    );
    assert_eq!(
        object_hits(&events),
        vec![(Square::new(3, 1), 4, 0), (Square::new(1, 2), 4, 2)]
    );
    assert_eq!(destroyed(&events), vec![Square::new(3, 1)]);
    assert_eq!(stamina(&e, "m"), 26);
    assert_eq!(e.map().terrain(Square::new(3, 1)), Some(Terrain::Floor));
    assert_eq!(object_stamina(&e, 1, 2), Some(2));
    // The crate out of the burst is untouched.
    assert_eq!(object_stamina(&e, 7, 2), Some(3));
}

#[test]
fn ds_core_68_naming_targets_in_the_area_picks_which_objects_it_hits() {
    let mut e = crate_yard();
    let mut far = use_ability("h", "shatter", &["m"]);
    if let Command::UseAbility { objects, .. } = &mut far {
        *objects = squares(&[(7, 2)]);
    }
    assert_eq!(refused(&mut e, far).rule, "ability.area");
    let mut pillar = use_ability("h", "shatter", &["m"]);
    if let Command::UseAbility { objects, .. } = &mut pillar {
        *objects = squares(&[(1, 2)]);
    }
    let events = apply(&mut e, pillar);
    assert_eq!(object_hits(&events), vec![(Square::new(1, 2), 4, 2)]);
    assert_eq!(object_stamina(&e, 3, 1), Some(3), "the crate was left out");
}

#[test]
fn an_enemy_only_burst_leaves_objects_alone() {
    let mut e = crate_yard();
    let preview = e
        .preview_ability(&use_ability("h", "quake", &[]))
        .expect("a legal burst");
    assert!(preview.objects.is_empty());
    let mut named = use_ability("h", "quake", &[]);
    if let Command::UseAbility { objects, .. } = &mut named {
        *objects = squares(&[(3, 1)]);
    }
    assert_eq!(refused(&mut e, named).rule, "ability.target");
    let events = apply(&mut e, use_ability("h", "quake", &[]));
    assert_eq!(stamina(&e, "m"), 26);
    assert!(object_hits(&events).is_empty());
    assert_eq!(
        (object_stamina(&e, 3, 1), object_stamina(&e, 1, 2)),
        (Some(3), Some(6))
    );
}

#[test]
fn an_area_does_not_reach_objects_behind_a_wall() {
    // A 2 burst from (2, 2): the crate at (0, 2) is hit; the crate at (4, 2) and the foe at
    // (4, 3) are behind the wall at x = 3.
    const WALLED: [&str; 6] = [
        "..........",
        "...#......",
        "w..#w.....",
        "...#......",
        "..........",
        "..........",
    ];
    let mut e = fight_with(
        &WALLED,
        &fields(&area_table(), None),
        &[hero_with("h", 2, 2, &["wide"], ""), foe("m", 4, 3, &[], "")],
        &[3, 3],
        Side::Heroes,
    );
    start(&mut e, "h");
    let preview = e
        .preview_ability(&use_ability("h", "wide", &[]))
        .expect("a legal burst");
    assert_eq!(
        preview.objects.iter().map(|o| o.square).collect::<Vec<_>>(),
        vec![Square::new(0, 2)]
    );
    let events = apply(&mut e, use_ability("h", "wide", &[]));
    assert_eq!(object_hits(&events), vec![(Square::new(0, 2), 4, 0)]);
    assert_eq!(object_stamina(&e, 4, 2), Some(3));
    assert_eq!(stamina(&e, "m"), 30);
}

#[test]
fn a_line_stops_at_the_first_object_on_it() {
    // A line east from (3, 2) hits the crate at (4, 2) and stops there: the crate behind it at
    // (5, 2) is untouched, though the foe beside the line's start is hit.
    const ROW: [&str; 6] = [
        "..........",
        "..........",
        "....ww....",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = fight_with(
        &ROW,
        &fields(&area_table(), None),
        &[
            hero_with("h", 2, 2, &["spear"], ""),
            foe("m", 3, 2, &[], ""),
        ],
        &[3, 3],
        Side::Heroes,
    );
    start(&mut e, "h");
    let mut line = use_ability("h", "spear", &[]);
    if let Command::UseAbility { at, direction, .. } = &mut line {
        *at = Some(Square::new(3, 2));
        *direction = Some(steelgrid_rules::ability::area::Direction::E);
    }
    let events = apply(&mut e, line);
    assert_eq!(object_hits(&events), vec![(Square::new(4, 2), 4, 0)]);
    assert_eq!(object_stamina(&e, 5, 2), Some(3));
    assert_eq!(stamina(&e, "m"), 26);
}

/// Brace (+2 stability until the end of the user's next turn), two different ways to lower a
/// foe's stability, and a push 3.
const STABILITY: &str = "\"brace\": (name: \"Brace\", action: Maneuver, distance: Self, target: (who: Self), effect: (lingering: (stability: 2, duration: EndOfYourNextTurn))), \
    \"unsteady\": (name: \"Unsteadying Word\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), target: (who: Enemy, count: 1), effect: (lingering: (stability: -1, duration: SaveEnds))), \
    \"rattle\": (name: \"Rattle\", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(5), target: (who: Enemy, count: 1), effect: (lingering: (stability: -2, duration: EndOfTurn))), \
    \"shove\": (name: \"Shove\", keywords: [Melee], action: MainAction, distance: Melee(1), target: (who: Enemy, count: 1), effect: (forced: (kind: Push, distance: 3)))";

fn stability_of(e: &Engine, id: &str) -> u32 {
    creature(e, id).stability
}

/// `pusher` shoves `target`: the push it leaves pending, as `predict_forced` allows it.
fn shove(e: &mut Engine, pusher: &str, target: &str) -> (steelgrid_rules::forced::ForcedSpec, u32) {
    apply(e, use_ability(pusher, "shove", &[target]));
    let spec = e.state().pending_forced.expect("the push waits").spec();
    let allowed = e.predict_forced(&spec).expect("legal").distance.allowed;
    (spec, allowed)
}

#[test]
fn lingering_stability_shortens_a_push_until_the_end_of_its_users_next_turn() {
    let mut e = fight_with(
        &ROOM,
        &fields(STABILITY, None),
        &[
            hero_with("h", 2, 3, &["brace"], ""),
            foe("f", 1, 3, &["shove"], ""),
        ],
        &[],
        Side::Heroes,
    );
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "brace", &[]));
    assert!(events.iter().any(|ev| ev.rule == "effect.lingering"
        && matches!(&ev.event, Event::EffectStarted { creature, effect }
            if creature == "h" && effect.starts_with("+2 stability"))));
    assert_eq!(stability_of(&e, "h"), 2);
    // Made on its own turn, the end of that turn doesn't end it.
    let ended = end(&mut e, "h");
    assert!(
        !ended
            .iter()
            .any(|ev| matches!(ev.event, Event::EffectEnded { .. }))
    );
    start(&mut e, "f");
    let (spec, allowed) = shove(&mut e, "f", "h");
    assert_eq!(allowed, 1, "push 3 − stability 2");
    let two = spec.command_along(squares(&[(3, 3), (4, 3)]));
    assert_eq!(refused(&mut e, two).rule, "forced_movement.distance");
    apply(&mut e, spec.command_along(squares(&[(3, 3)])));
    assert_eq!(position(&e, "h"), Square::new(3, 3));
    end(&mut e, "f");
    assert_eq!(
        stability_of(&e, "h"),
        2,
        "still on until h's next turn ends"
    );
    until_turn_of(&mut e, "h", &["f"]);
    let ended = end(&mut e, "h");
    assert!(ended.iter().any(|ev| ev.rule == "effect.lingering"
        && matches!(&ev.event, Event::EffectEnded { creature, .. } if creature == "h")));
    assert_eq!(stability_of(&e, "h"), 0);
    // Now the foe's push 3 moves it all 3 squares.
    until_turn_of(&mut e, "f", &["h"]);
    apply(&mut e, advance("f", &[(2, 3)]));
    let (_, allowed) = shove(&mut e, "f", "h");
    assert_eq!(allowed, 3);
}

#[test]
fn lowered_stability_never_goes_below_zero() {
    let mut e = fight_with(
        &ROOM,
        &fields(STABILITY, None),
        &[
            hero_with("h", 2, 3, &["unsteady", "shove"], ""),
            foe("f", 3, 3, &[], ""),
        ],
        &[],
        Side::Heroes,
    );
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "unsteady", &["f"]));
    assert_eq!(stability_of(&e, "f"), 0);
    let (spec, allowed) = shove(&mut e, "h", "f");
    assert_eq!(allowed, 3, "push 3 − stability 0, not 4");
    let events = apply(
        &mut e,
        spec.command_along(squares(&[(4, 3), (5, 3), (6, 3)])),
    );
    let derivation = pick(&events, |ev| match &ev.event {
        Event::ForcedMoved { derivation, .. } => derivation.first().cloned(),
        _ => None,
    });
    assert_eq!(
        derivation,
        vec!["push 3 − stability 0 (0 − 1 from effects, never below 0) = 3".to_owned()]
    );
    assert_eq!(position(&e, "f"), Square::new(6, 3));
}

#[test]
fn ds_core_47_different_abilities_stack_the_same_ability_twice_does_not() {
    let mut e = fight_with(
        &ROOM,
        &fields(STABILITY, None),
        &[
            hero_with("h", 2, 3, &["unsteady", "rattle"], ""),
            hero_with("g", 2, 4, &["unsteady", "shove"], ""),
            foe("f", 3, 3, &[], ", stability: 3"),
        ],
        &[1],
        Side::Heroes,
    );
    start(&mut e, "h");
    apply(&mut e, use_ability("h", "unsteady", &["f"]));
    assert_eq!(stability_of(&e, "f"), 2);
    apply(&mut e, use_ability("h", "rattle", &["f"]));
    assert_eq!(stability_of(&e, "f"), 0, "3 − 1 − 2");
    end(&mut e, "h");
    // The foe's turn ends Rattle (EoT); it fails its save (a 1) against Unsteadying Word.
    start(&mut e, "f");
    let ended = end(&mut e, "f");
    assert_eq!(
        saving_throws(&ended)
            .into_iter()
            .map(|(who, _, roll, saved)| (who, roll, saved))
            .collect::<Vec<_>>(),
        vec![("f".to_owned(), 1, false)]
    );
    assert_eq!(stability_of(&e, "f"), 2);
    // The same ability again, from another hero: still −1 from it, not −2.
    start(&mut e, "g");
    apply(&mut e, use_ability("g", "unsteady", &["f"]));
    assert_eq!(stability_of(&e, "f"), 2);
    let (_, allowed) = shove(&mut e, "g", "f");
    assert_eq!(allowed, 1, "push 3 − stability 2");
}

#[test]
fn the_shipped_scenarios_give_orrin_shattering_hex_and_kade_rooted_guard() {
    let mill = steelgrid_rules::scenario::load(
        "mill_ambush.ron",
        include_str!("../../../../scenarios/mill_ambush.ron"),
    )
    .expect("the default scenario loads");
    let e = mill.start(Some(7));
    let hex = creature(&e, "orrin")
        .abilities
        .into_iter()
        .find(|a| a.name == "Shattering Hex")
        .expect("Orrin knows Shattering Hex");
    assert_eq!(hex.id, "shattering_hex");
    let briar = steelgrid_rules::scenario::load(
        "briar_warden.ron",
        include_str!("../../../../scenarios/briar_warden.ron"),
    )
    .expect("the Warden's hollow loads");
    let seed = (0..64)
        .find(|&s| briar.start(Some(s)).state().awaiting_first_side_choice == Some(Side::Heroes))
        .expect("some seed lets the heroes choose");
    let mut e = briar.start(Some(seed));
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    start(&mut e, "kade");
    assert_eq!(stability_of(&e, "kade"), 2);
    apply(&mut e, use_ability("kade", "rooted_guard", &[]));
    assert_eq!(stability_of(&e, "kade"), 4);
}
