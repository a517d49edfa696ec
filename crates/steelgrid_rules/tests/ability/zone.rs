//! Areas that stay on the map (seed 002 L1448-1478; digest §21): walls of stone, patches of
//! difficult or damaging ground that last until the end of their maker's next turn, and auras
//! that move with their owner and burn enemies who start a turn in them. Every expected square,
//! cell and amount is written out by hand.

use crate::common;

use common::abilities::{might_damage, placed, use_ability};
use common::{
    advance, apply, count, creature, end, find, force, pick, refused, squares, stamina, start,
};
use steelgrid_rules::ability::hero_token::SurgeSpend;
use steelgrid_rules::ability::zone::{Lasting, ZoneDuration, ZoneGround};
use steelgrid_rules::ability::{Ability, ActionType, Distance, Keyword, Outcome, Target, Who};
use steelgrid_rules::creature::Side;
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::engine::{Snapshot, ZoneView};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind;
use steelgrid_rules::grid::{Cell, Material, Square, Terrain};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// The abilities every scenario in this file defines (each must pass `Ability::problems`).
fn abilities() -> String {
    let bolt = might_damage([2, 4, 6], "");
    format!(
        r#"
    "rampart": (name: "Rampart", keywords: [Area, Magic], action: Maneuver, distance: Wall(squares: 3, within: 4), target: (who: Creature), effect: (text: "stone rises"), lasting: (duration: EndOfEncounter, ground: Wall)),
    "bog": (name: "Bog", keywords: [Area, Magic], action: Maneuver, distance: Cube(side: 2, within: 5), target: (who: Enemy), effect: (text: "mud"), lasting: (duration: EndOfYourNextTurn, ground: Difficult)),
    "quick_bog": (name: "Quick Bog", keywords: [Area, Magic], action: FreeManeuver, distance: Cube(side: 2, within: 5), target: (who: Enemy), effect: (text: "mud"), lasting: (duration: EndOfYourNextTurn, ground: Difficult)),
    "lava": (name: "Lava", keywords: [Area, Magic], action: Maneuver, distance: Cube(side: 2, within: 5), target: (who: Enemy), effect: (text: "fire"), lasting: (duration: EndOfYourNextTurn, ground: Damaging(2))),
    "embers": (name: "Embers", keywords: [Area, Magic], action: Maneuver, distance: Aura(1), target: (who: Enemy), effect: (text: "embers"), lasting: (duration: EndOfEncounter, start_of_turn_damage: 2, damage_type: Fire)),
    "blaze": (name: "Blaze", keywords: [Area, Magic], action: MainAction, distance: Aura(1), target: (who: Enemy), effect: (text: "a ring of fire"), lasting: (duration: EndOfEncounter, start_of_turn_damage: 3, damage_type: Fire)),
    "bolt": (name: "Bolt", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(8), target: (who: Enemy, count: 1), {bolt}),
"#
    )
}

/// `creature` raises the wall `ability` on `at`, square by square in that order.
fn raise(creature: &str, ability: &str, at: &[(i32, i32)]) -> Command {
    Command::UseAbility {
        creature: creature.into(),
        ability: ability.into(),
        targets: Vec::new(),
        at: None,
        direction: None,
        squares: squares(at),
        ranged: false,
        tier: None,
        user_tier: None,
        spend: false,
        objects: Vec::new(),
        surges: SurgeSpend::default(),
        squad: Vec::new(),
    }
}

fn cell(e: &Engine, x: i32, y: i32) -> Cell {
    *e.map().cell(Square::new(x, y)).expect("on the map")
}

fn floor() -> Cell {
    Cell::default()
}

fn with(terrain: Terrain) -> Cell {
    Cell { terrain, ..floor() }
}

/// A square of an ability's stone wall: 1 square tall, 6 Stamina (seed 002 L1474-1478,
/// L3108-3111).
fn stone() -> Cell {
    Cell {
        terrain: Terrain::Object {
            material: Material::Stone,
        },
        object_stamina: Some(6),
        height: Some(1),
        ..Cell::default()
    }
}

fn zones(e: &Engine) -> Vec<ZoneView> {
    e.state().zones
}

/// The `AreaEnded` events as (owner, ability name).
fn ended(events: &[LoggedEvent]) -> Vec<(String, String)> {
    pick(events, |ev| match &ev.event {
        Event::AreaEnded { creature, ability } => Some((creature.clone(), ability.clone())),
        _ => None,
    })
}

/// The `AreaDamage` events as (creature, ability name, amount).
fn area_damage(events: &[LoggedEvent]) -> Vec<(String, String, u32)> {
    pick(events, |ev| match &ev.event {
        Event::AreaDamage {
            creature,
            ability,
            amount,
        } => Some((creature.clone(), ability.clone(), *amount)),
        _ => None,
    })
}

/// The `Damaged` events as (target, type, base, immunity, amount).
fn damaged(events: &[LoggedEvent]) -> Vec<(String, Option<DamageType>, u32, u32, u32)> {
    pick(events, |ev| match &ev.event {
        Event::Damaged {
            target,
            damage_type,
            base,
            immunity,
            amount,
            ..
        } => Some((target.clone(), *damage_type, *base, *immunity, *amount)),
        _ => None,
    })
}

/// The movement each `Moved` event in `events` cost.
fn move_costs(events: &[LoggedEvent]) -> Vec<u32> {
    pick(events, |ev| match &ev.event {
        Event::Moved { cost, .. } => Some(*cost),
        _ => None,
    })
}

// ---- Walls ------------------------------------------------------------------------------------

#[test]
fn a_wall_raises_stone_on_exactly_its_squares_and_publishes_the_zone() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("mason", at(1, 2))
        .knows(&["rampart"])
        .monster("g", at(7, 2))
        .start();
    start(&mut e, "mason");
    // Placed one square at a time: each later one shares a side with an earlier one.
    let events = apply(&mut e, raise("mason", "rampart", &[(4, 2), (4, 1), (4, 3)]));
    let wall = squares(&[(4, 1), (4, 2), (4, 3)]);
    let placed: Vec<(String, String, Vec<Square>, Option<u32>, Lasting)> =
        pick(&events, |ev| match &ev.event {
            Event::AreaPlaced {
                creature,
                ability,
                squares,
                aura,
                lasting,
            } => Some((
                creature.clone(),
                ability.clone(),
                squares.clone(),
                *aura,
                *lasting,
            )),
            _ => None,
        });
    let lasting = Lasting {
        duration: ZoneDuration::EndOfEncounter,
        ground: Some(ZoneGround::Wall),
        start_of_turn_damage: None,
        damage_type: None,
        potency_penalty: 0,
    };
    assert_eq!(
        placed,
        vec![(
            "mason".into(),
            "Rampart".into(),
            wall.clone(),
            None,
            lasting
        )]
    );
    for y in 1..=3 {
        assert_eq!(cell(&e, 4, y), stone(), "(4, {y}) is stone with 6 Stamina");
    }
    for (x, y) in [(4, 0), (4, 4), (3, 2), (5, 2), (3, 1), (5, 3)] {
        assert_eq!(cell(&e, x, y), floor(), "({x}, {y}) is untouched");
    }
    let z = zones(&e);
    assert_eq!(z.len(), 1);
    assert_eq!(
        (
            z[0].owner.as_str(),
            z[0].ability.as_str(),
            &z[0].squares,
            z[0].aura,
            z[0].ground,
            z[0].start_of_turn_damage,
            z[0].until
        ),
        (
            "mason",
            "Rampart",
            &wall,
            None,
            Some(ZoneGround::Wall),
            None,
            ZoneDuration::EndOfEncounter
        )
    );
    // A wall lasting to the end of the encounter outlives its maker's turns.
    let events = end(&mut e, "mason");
    assert!(ended(&events).is_empty());
    assert_eq!(cell(&e, 4, 2), stone());
}

/// The mason at (1, 2), on its turn, with a wall to raise and a bolt for g at (7, 2).
fn mason_facing_g() -> Engine {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("mason", at(1, 2))
        .knows(&["rampart", "bolt"])
        .monster("g", at(7, 2))
        .start();
    start(&mut e, "mason");
    e
}

#[test]
fn a_wall_blocks_line_of_effect_and_is_climbed_not_walked_through() {
    let mut e = mason_facing_g();
    let bolt = use_ability("mason", "bolt", &["g"]);
    assert!(
        e.preview_ability(&bolt).is_ok(),
        "before the wall the bolt reaches g"
    );
    // Three squares laid flat: a wall 1 square tall (seed 002 L1474-1478).
    apply(&mut e, raise("mason", "rampart", &[(4, 1), (4, 2), (4, 3)]));
    let err = refused(&mut e, bolt.clone());
    assert_eq!(err.rule, "target.line_of_effect");
    assert_eq!(
        e.preview_ability(&bolt).unwrap_err().rule,
        "target.line_of_effect"
    );
    // Round the end of the wall is still open, but not past its corner.
    let err = refused(&mut e, advance("mason", &[(2, 3), (3, 4), (4, 4), (5, 3)]));
    assert_eq!(
        err.rule, "movement.no_cutting_corners",
        "nor past its corner"
    );
    let before = e.snapshot();
    let events = apply(&mut e, advance("mason", &[(2, 3), (3, 4), (4, 4), (5, 4)]));
    assert_eq!(move_costs(&events), vec![4]);
    // Over the top: 1 + 1, the wall climbed at 2 (no climb speed), 1 down the far side.
    let mut e = Engine::restore(before);
    let events = apply(&mut e, advance("mason", &[(2, 2), (3, 2), (4, 2), (5, 2)]));
    assert_eq!(move_costs(&events), vec![5]);
    assert_eq!(creature(&e, "mason").position, Square::new(5, 2));
}

#[test]
fn a_wall_stacked_two_high_is_too_tall_to_climb_in_one_move() {
    let mut e = mason_facing_g();
    // (4, 2) named twice: that square of the wall is 2 tall, with 12 Stamina (digest A-24).
    apply(&mut e, raise("mason", "rampart", &[(4, 2), (4, 2), (4, 3)]));
    let tall = cell(&e, 4, 2);
    assert_eq!((tall.height, tall.object_stamina), (Some(2), Some(12)));
    assert_eq!(cell(&e, 4, 3), stone());
    // 1 + 1 + 2 × 2 climbed + 1 down = 7: more than speed 5.
    let err = refused(&mut e, advance("mason", &[(2, 2), (3, 2), (4, 2), (5, 2)]));
    assert_eq!(err.rule, "movement.speed_limit");
    assert_eq!(err.reason, "the path costs 7 movement but speed is 5");
    assert_eq!(
        zones(&e)[0].squares,
        vec![Square::new(4, 2), Square::new(4, 3)],
        "three squares of wall on two squares of the map"
    );
}

#[test]
fn a_creature_slid_into_the_wall_slams_into_it_and_the_stone_holds() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("mason", at(1, 2))
        .knows(&["rampart"])
        .monster("g", at(3, 2))
        .start();
    start(&mut e, "mason");
    apply(&mut e, raise("mason", "rampart", &[(4, 1), (4, 2), (4, 3)]));
    // Slide 3 against stone (6 to break): not enough to break it, 2 + 3 damage.
    let events = apply(&mut e, force(ForcedKind::Slide, None, "g", 3, &[(4, 2)]));
    let slams: Vec<(String, u32, String)> = find(&events, |ev| matches!(ev, Event::Slammed { .. }))
        .into_iter()
        .map(|ev| match &ev.event {
            Event::Slammed {
                creature, amount, ..
            } => (creature.clone(), *amount, ev.rule.id.to_owned()),
            _ => unreachable!(),
        })
        .collect();
    assert_eq!(
        slams,
        vec![("g".into(), 5, "forced_movement.collision.object".to_owned())]
    );
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::ObjectDestroyed { .. })),
        0
    );
    assert_eq!(creature(&e, "g").position, Square::new(3, 2));
    assert_eq!(stamina(&e, "g"), 25);
    assert_eq!(cell(&e, 4, 2), stone(), "a slam does not harm the stone");
}

#[test]
fn a_creature_slid_far_enough_is_hurled_through_the_wall_and_breaks_that_square() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("mason", at(1, 2))
        .knows(&["rampart"])
        .monster("g", at(3, 2))
        .start();
    start(&mut e, "mason");
    apply(&mut e, raise("mason", "rampart", &[(4, 1), (4, 2), (4, 3)]));
    // Slide 8: stone costs 6 squares and deals 2 + 6; 2 squares carry it on to (6, 2).
    let events = apply(
        &mut e,
        force(ForcedKind::Slide, None, "g", 8, &[(4, 2), (5, 2), (6, 2)]),
    );
    let destroyed: Vec<Square> = pick(&events, |ev| match &ev.event {
        Event::ObjectDestroyed { square } => Some(*square),
        _ => None,
    });
    assert_eq!(destroyed, vec![Square::new(4, 2)]);
    let slams: Vec<(u32, String)> = pick(&events, |ev| match &ev.event {
        Event::Slammed { amount, .. } => Some((*amount, ev.rule.id.to_owned())),
        _ => None,
    });
    assert_eq!(slams, vec![(8, "forced_movement.hurl_through".to_owned())]);
    assert_eq!(creature(&e, "g").position, Square::new(6, 2));
    assert_eq!(stamina(&e, "g"), 22);
    assert_eq!(cell(&e, 4, 2), floor(), "the broken square is open");
    assert_eq!(cell(&e, 4, 1), stone());
    assert_eq!(cell(&e, 4, 3), stone());
    // The gap can be walked through now.
    let events = apply(&mut e, advance("mason", &[(2, 2), (3, 2), (4, 2), (5, 2)]));
    assert_eq!(move_costs(&events), vec![4]);
}

#[test]
fn wall_placements_that_break_the_rules_are_refused_and_change_nothing() {
    // The wall is at most 3 squares, its first within 4 of the mason at (1, 2).
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("mason", at(1, 2))
        .knows(&["rampart"])
        .monster("g", at(3, 4))
        .start();
    start(&mut e, "mason");
    let cases: [(&str, &[(i32, i32)], &str); 5] = [
        (
            "joined only at a corner",
            &[(3, 1), (4, 2)],
            "shares no side",
        ),
        ("an occupied square", &[(3, 2), (3, 3), (3, 4)], "occupied"),
        ("the user's own square", &[(2, 2), (1, 2)], "occupied"),
        (
            "more squares than the wall has",
            &[(3, 0), (3, 1), (3, 2), (3, 3)],
            "at most 3 squares",
        ),
        ("the first square out of range", &[(6, 2), (7, 2)], "away"),
    ];
    for (what, at, why) in cases {
        let err = refused(&mut e, raise("mason", "rampart", at));
        assert_eq!(err.rule, "ability.area", "{what}: {}", err.reason);
        assert!(err.reason.contains(why), "{what}: {}", err.reason);
    }
    assert!(zones(&e).is_empty());
    // The same maneuver, placed legally, is accepted.
    apply(&mut e, raise("mason", "rampart", &[(3, 1), (4, 1), (4, 2)]));
    assert_eq!(zones(&e).len(), 1);
}

// ---- Ground that lasts until the end of its maker's next turn ---------------------------------

/// Open floor but for one difficult square at (4, 2) and one damaging square at (5, 3).
const MARSH: [&str; 6] = [
    "..........",
    "..........",
    "....~.....",
    ".....x....",
    "..........",
    "..........",
];

#[test]
fn a_bog_is_difficult_until_the_end_of_its_makers_next_turn_then_the_ground_comes_back() {
    let mut e = Fight::on(&MARSH)
        .abilities(&abilities())
        .hero("w", at(1, 2))
        .knows(&["bog"])
        .monster("g", at(3, 4))
        .start();
    start(&mut e, "w");
    apply(&mut e, placed("w", "bog", (4, 2), None));
    for (x, y) in [(4, 2), (5, 2), (4, 3), (5, 3)] {
        assert_eq!(cell(&e, x, y), with(Terrain::Difficult), "({x}, {y})");
    }
    assert_eq!(cell(&e, 6, 2), floor());
    let z = zones(&e);
    assert_eq!(z.len(), 1);
    assert_eq!(z[0].squares, squares(&[(4, 2), (5, 2), (4, 3), (5, 3)]));
    assert_eq!(z[0].ground, Some(ZoneGround::Difficult));
    assert_eq!(z[0].until, ZoneDuration::EndOfYourNextTurn);
    // Made on its maker's own turn, it outlasts the end of that turn.
    let events = end(&mut e, "w");
    assert!(ended(&events).is_empty());
    assert_eq!(zones(&e).len(), 1);
    // Two squares of mud (2 each) and one of floor: 5.
    start(&mut e, "g");
    let events = apply(&mut e, advance("g", &[(4, 3), (5, 2), (6, 1)]));
    assert_eq!(move_costs(&events), vec![5]);
    let events = end(&mut e, "g");
    assert!(ended(&events).is_empty());
    // Round 2: the end of the maker's next turn ends it.
    start(&mut e, "w");
    assert_eq!(cell(&e, 5, 2), with(Terrain::Difficult));
    let events = end(&mut e, "w");
    assert_eq!(ended(&events), vec![("w".into(), "Bog".into())]);
    assert!(zones(&e).is_empty());
    // Each square is what it was: the difficult one difficult, the damaging one damaging.
    assert_eq!(cell(&e, 4, 2), with(Terrain::Difficult));
    assert_eq!(cell(&e, 5, 3), with(Terrain::Damaging { damage: 3 }));
    assert_eq!(cell(&e, 5, 2), floor());
    assert_eq!(cell(&e, 4, 3), floor());
    // The same squares back cost 1 each.
    start(&mut e, "g");
    let events = apply(&mut e, advance("g", &[(5, 2), (4, 3), (3, 4)]));
    assert_eq!(move_costs(&events), vec![3]);
}

#[test]
fn damaging_ground_hurts_a_creature_entering_it_while_it_lasts() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("w", at(1, 2))
        .knows(&["lava"])
        .monster("g", at(3, 4))
        .start();
    start(&mut e, "w");
    apply(&mut e, placed("w", "lava", (4, 2), None));
    assert_eq!(cell(&e, 4, 3), with(Terrain::Damaging { damage: 2 }));
    end(&mut e, "w");
    start(&mut e, "g");
    let events = apply(&mut e, advance("g", &[(4, 3), (5, 4)]));
    assert_eq!(damaged(&events), vec![("g".into(), None, 2, 0, 2)]);
    assert_eq!(stamina(&e, "g"), 28);
}

#[test]
fn a_lasting_area_cant_be_made_off_its_makers_turn() {
    // Abilities are used on their user's own turn (a triggered one not at all), so every zone
    // starts on its owner's turn: a free maneuver tried in the enemy's turn is refused.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("w", at(1, 2))
        .knows(&["quick_bog"])
        .monster("g", at(8, 4))
        .first(Side::Director)
        .start();
    start(&mut e, "g");
    let err = refused(&mut e, placed("w", "quick_bog", (4, 2), None));
    assert_eq!(err.rule, "turn.order");
    assert!(zones(&e).is_empty());
}

// ---- Auras ------------------------------------------------------------------------------------

#[test]
fn an_aura_moves_with_its_owner() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .monster("hound", at(2, 2))
        .knows(&["embers"])
        .hero("h", at(8, 5))
        .first(Side::Director)
        .start();
    start(&mut e, "hound");
    apply(&mut e, use_ability("hound", "embers", &[]));
    let z = zones(&e);
    assert_eq!(z.len(), 1);
    assert_eq!(
        (z[0].aura, z[0].ground, z[0].start_of_turn_damage),
        (Some(1), None, Some(2))
    );
    #[rustfmt::skip]
    let around_2_2 = squares(&[
        (1, 1), (2, 1), (3, 1),
        (1, 2),         (3, 2),
        (1, 3), (2, 3), (3, 3),
    ]);
    assert_eq!(z[0].squares, around_2_2);
    apply(&mut e, advance("hound", &[(3, 2), (4, 2), (5, 2)]));
    #[rustfmt::skip]
    let around_5_2 = squares(&[
        (4, 1), (5, 1), (6, 1),
        (4, 2),         (6, 2),
        (4, 3), (5, 3), (6, 3),
    ]);
    assert_eq!(zones(&e)[0].squares, around_5_2);
    // An aura changes no ground.
    assert_eq!(cell(&e, 4, 2), floor());
}

#[test]
fn an_aura_burns_enemies_who_start_their_turn_in_it_by_type_and_spares_allies_and_those_outside() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .monster("hound", at(2, 2))
        .knows(&["embers"])
        .monster("imp", at(4, 3))
        .hero("h1", at(6, 2))
        .hero("hf", at(5, 1))
        .immunity(DamageType::Fire, 1)
        .hero("h2", at(8, 2))
        .first(Side::Director)
        .start();
    start(&mut e, "hound");
    apply(&mut e, use_ability("hound", "embers", &[]));
    // Into the middle of them: h1, hf and the imp end up in the aura, h2 two squares out.
    apply(&mut e, advance("hound", &[(3, 2), (4, 2), (5, 2)]));
    end(&mut e, "hound");

    let events = start(&mut e, "h1");
    assert_eq!(
        area_damage(&events),
        vec![("h1".into(), "Embers".into(), 2)]
    );
    assert_eq!(
        damaged(&events),
        vec![("h1".into(), Some(DamageType::Fire), 2, 0, 2)]
    );
    assert_eq!(stamina(&e, "h1"), 28);
    end(&mut e, "h1");

    let events = start(&mut e, "imp");
    assert!(area_damage(&events).is_empty(), "the owner's ally");
    assert!(damaged(&events).is_empty());
    assert_eq!(stamina(&e, "imp"), 30);
    end(&mut e, "imp");

    let events = start(&mut e, "hf");
    assert_eq!(
        area_damage(&events),
        vec![("hf".into(), "Embers".into(), 2)]
    );
    assert_eq!(
        damaged(&events),
        vec![("hf".into(), Some(DamageType::Fire), 2, 1, 1)],
        "fire immunity 1 takes 1 off"
    );
    assert_eq!(stamina(&e, "hf"), 29);
    end(&mut e, "hf");

    let events = start(&mut e, "h2");
    assert!(area_damage(&events).is_empty(), "outside the aura");
    assert!(damaged(&events).is_empty());
    assert_eq!(stamina(&e, "h2"), 30);
    end(&mut e, "h2");

    // Round 2: the hound itself is never burned by its own aura.
    let events = start(&mut e, "hound");
    assert!(area_damage(&events).is_empty());
}

// ---- Ends ---------------------------------------------------------------------------------------

#[test]
fn a_dead_owners_areas_end_at_the_next_end_of_turn_and_give_back_the_ground() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .monster("witch", at(6, 2))
        .knows(&["rampart", "blaze"])
        .monster("g", at(9, 5))
        .hero("h", at(1, 2))
        .first(Side::Director)
        .start();
    start(&mut e, "witch");
    apply(&mut e, raise("witch", "rampart", &[(4, 1), (4, 2), (4, 3)]));
    apply(&mut e, use_ability("witch", "blaze", &[]));
    end(&mut e, "witch");
    assert_eq!(zones(&e).len(), 2);

    start(&mut e, "h");
    apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "witch".into(),
            amount: 40,
            damage_type: None,
            halved: false,
        },
    );
    assert!(creature(&e, "witch").dead);
    // Still there until the turn ends.
    assert_eq!(zones(&e).len(), 2);
    assert_eq!(cell(&e, 4, 2), stone());
    let events = end(&mut e, "h");
    assert_eq!(
        ended(&events),
        vec![
            ("witch".into(), "Rampart".into()),
            ("witch".into(), "Blaze".into())
        ]
    );
    assert!(zones(&e).is_empty());
    for y in 1..=3 {
        assert_eq!(cell(&e, 4, y), floor(), "(4, {y}) is open again");
    }
}

#[test]
fn a_dead_owners_aura_burns_no_one() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .monster("hound", at(5, 2))
        .knows(&["embers"])
        .monster("g", at(9, 5))
        .hero("h", at(6, 2))
        .first(Side::Director)
        .start();
    start(&mut e, "hound");
    apply(&mut e, use_ability("hound", "embers", &[]));
    end(&mut e, "hound");
    // Killed between turns, before the hero starts its turn beside the body.
    apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "hound".into(),
            amount: 40,
            damage_type: None,
            halved: false,
        },
    );
    assert!(creature(&e, "hound").dead);
    let events = start(&mut e, "h");
    assert!(
        area_damage(&events).is_empty(),
        "{:?}",
        area_damage(&events)
    );
    assert_eq!(stamina(&e, "h"), 30);
}

// ---- Snapshots ----------------------------------------------------------------------------------

/// Round 2 of the snapshot fight: the bog ends at the end of w's turn; h burns again.
fn round_two() -> Vec<Command> {
    let turn = |id: &str| {
        [
            Command::StartTurn {
                creature: id.into(),
            },
            Command::EndTurn {
                creature: id.into(),
            },
        ]
    };
    [turn("w"), turn("hound"), turn("h")].concat()
}

#[test]
fn a_restored_snapshot_keeps_its_zones_and_they_end_on_schedule() {
    let mut e = Fight::on(&MARSH)
        .abilities(&abilities())
        .hero("w", at(1, 2))
        .knows(&["bog"])
        .monster("hound", at(7, 2))
        .knows(&["embers"])
        .hero("h", at(8, 2))
        .start();
    start(&mut e, "w");
    apply(&mut e, placed("w", "bog", (4, 2), None));
    end(&mut e, "w");
    start(&mut e, "hound");
    apply(&mut e, use_ability("hound", "embers", &[]));
    end(&mut e, "hound");
    start(&mut e, "h");
    end(&mut e, "h");

    // Mid-zone: the bog has one of w's turns left; the aura lasts.
    let saved = serde_json::to_string(&e.snapshot()).unwrap();
    let snap: Snapshot = serde_json::from_str(&saved).unwrap();
    assert_eq!(snap.zones.len(), 2);
    let mut resumed = Engine::restore(snap);
    assert_eq!(resumed.checksum(), e.checksum());
    let views = |z: Vec<ZoneView>| -> Vec<(String, Vec<Square>)> {
        z.into_iter().map(|z| (z.ability, z.squares)).collect()
    };
    assert_eq!(views(zones(&resumed)), views(zones(&e)));

    let mut logs = [Vec::new(), Vec::new()];
    for (engine, log) in [&mut e, &mut resumed].into_iter().zip(&mut logs) {
        for cmd in round_two() {
            let events = apply(engine, cmd);
            log.push(format!(
                "{:?}",
                events.iter().map(|ev| &ev.event).collect::<Vec<_>>()
            ));
        }
    }
    assert_eq!(logs[0], logs[1], "the same events after the restore");
    assert_eq!(resumed.checksum(), e.checksum());

    // In the resumed game: the bog ended with w's turn (command 2), the aura burned h again.
    let ended_at: Vec<usize> = logs[1]
        .iter()
        .enumerate()
        .filter(|(_, l)| l.contains("AreaEnded"))
        .map(|(i, _)| i)
        .collect();
    assert_eq!(ended_at, vec![1]);
    assert!(logs[1][4].contains("AreaDamage"), "{}", logs[1][4]);
    assert_eq!(stamina(&resumed, "h"), 26);
    let z = zones(&resumed);
    assert_eq!(z.len(), 1);
    assert_eq!(z[0].ability, "Embers");
    assert_eq!(cell(&resumed, 5, 2), floor());
    assert_eq!(cell(&resumed, 4, 2), with(Terrain::Difficult));
    assert_eq!(cell(&resumed, 5, 3), with(Terrain::Damaging { damage: 3 }));
}

// ---- Zones that overlap or sit on odd ground -------------------------------------------------

#[test]
fn overlapping_ground_zones_leave_the_ground_as_it_was_once_both_end() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("a", at(1, 2))
        .knows(&["bog"])
        .hero("b", at(1, 4))
        .knows(&["lava"])
        .monster("g", at(9, 5))
        .start();
    start(&mut e, "a");
    apply(&mut e, placed("a", "bog", (4, 2), None));
    end(&mut e, "a");
    start(&mut e, "g");
    end(&mut e, "g");
    start(&mut e, "b");
    // Overlaps the bog on (5, 2) and (5, 3).
    apply(&mut e, placed("b", "lava", (5, 2), None));
    end(&mut e, "b");
    // Round 2: the bog ends first; the lava still lasts on its own squares.
    start(&mut e, "a");
    let events = end(&mut e, "a");
    assert_eq!(ended(&events), vec![("a".into(), "Bog".into())]);
    assert_eq!(cell(&e, 4, 2), floor());
    assert_eq!(
        cell(&e, 5, 2),
        with(Terrain::Damaging { damage: 2 }),
        "the lava still lasts"
    );
    start(&mut e, "g");
    end(&mut e, "g");
    start(&mut e, "b");
    let events = end(&mut e, "b");
    assert_eq!(ended(&events), vec![("b".into(), "Lava".into())]);
    for (x, y) in [(4, 2), (5, 2), (6, 2), (4, 3), (5, 3), (6, 3)] {
        assert_eq!(cell(&e, x, y), floor(), "({x}, {y}) is floor again");
    }
}

#[test]
fn a_wall_raised_on_a_bog_outlasts_the_bog() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("a", at(1, 2))
        .knows(&["bog"])
        .hero("mason", at(2, 4))
        .knows(&["rampart"])
        .monster("g", at(9, 5))
        .start();
    start(&mut e, "a");
    apply(&mut e, placed("a", "bog", (4, 2), None));
    end(&mut e, "a");
    start(&mut e, "g");
    end(&mut e, "g");
    start(&mut e, "mason");
    apply(&mut e, raise("mason", "rampart", &[(5, 2), (5, 3), (5, 4)]));
    end(&mut e, "mason");
    assert_eq!(cell(&e, 5, 2), stone());
    start(&mut e, "a");
    let events = end(&mut e, "a");
    assert_eq!(ended(&events), vec![("a".into(), "Bog".into())]);
    for y in 2..=4 {
        assert_eq!(cell(&e, 5, y), stone(), "(5, {y}) is still wall");
    }
    assert_eq!(cell(&e, 4, 2), floor());
}

#[test]
fn a_bog_over_a_pit_leaves_the_pit_a_pit() {
    let rows = [
        "..........",
        "..........",
        "....o.....",
        "..........",
        "..........",
        "..........",
    ];
    let mut e = Fight::on(&rows)
        .abilities(&abilities())
        .hero("w", at(1, 2))
        .knows(&["bog"])
        .monster("g", at(3, 5))
        .start();
    start(&mut e, "w");
    assert_eq!(e.map().ground(Square::new(4, 2)), Some(-2));
    apply(&mut e, placed("w", "bog", (4, 2), None));
    assert_eq!(
        e.map().ground(Square::new(4, 2)),
        Some(-2),
        "mud does not fill a 2-deep pit"
    );
    assert!(matches!(
        e.map().terrain(Square::new(4, 2)),
        Some(Terrain::Pit { depth: 2 })
    ));
}

// ---- Stat-block checks ----------------------------------------------------------------------------

/// A maneuver with `distance` and `lasting`, otherwise valid: an area ability for an area.
fn lasting_ability(distance: Distance, lasting: Lasting) -> Ability {
    let area = distance.is_area();
    Ability {
        name: "Test".into(),
        story: String::new(),
        keywords: if area {
            vec![Keyword::Area, Keyword::Magic]
        } else {
            vec![Keyword::Magic, Keyword::Ranged]
        },
        action: ActionType::Maneuver,
        trigger: None,
        distance,
        target: Target {
            who: Who::Enemy,
            count: (!area).then_some(1),
            with_self: false,
        },
        power_roll: None,
        effect: Some(Outcome {
            text: "it lasts".into(),
            ..Outcome::default()
        }),
        cost: None,
        signature: false,
        lasting: Some(lasting),
        spend: None,
    }
}

fn lasts(ground: Option<ZoneGround>, start_of_turn_damage: Option<u32>) -> Lasting {
    Lasting {
        duration: ZoneDuration::EndOfEncounter,
        ground,
        start_of_turn_damage,
        damage_type: None,
        potency_penalty: 0,
    }
}

#[test]
fn lasting_areas_that_contradict_their_distance_are_reported() {
    let wall = Distance::Wall {
        squares: 3,
        within: 4,
    };
    let cube = Distance::Cube { side: 2, within: 5 };
    let cases = [
        (
            Distance::Ranged(5),
            lasts(Some(ZoneGround::Difficult), None),
            "leaves an area behind but its distance (Ranged 5) makes none",
        ),
        (
            Distance::Aura(1),
            lasts(Some(ZoneGround::Difficult), None),
            "an aura moves with its creator, so it can't change the ground",
        ),
        (
            wall,
            lasts(None, None),
            "is a wall: its lasting ground is Wall",
        ),
        (
            wall,
            lasts(Some(ZoneGround::Difficult), None),
            "is a wall: its lasting ground is Wall",
        ),
        (
            cube,
            lasts(Some(ZoneGround::Wall), None),
            "only a wall ability raises a wall",
        ),
    ];
    for (distance, lasting, problem) in cases {
        let problems = lasting_ability(distance, lasting).problems();
        assert_eq!(problems.len(), 1, "{distance:?} {lasting:?}: {problems:?}");
        assert!(
            problems[0].contains(problem),
            "{distance:?} {lasting:?}: {problems:?}"
        );
    }
    // The sound ones.
    for (distance, lasting) in [
        (wall, lasts(Some(ZoneGround::Wall), None)),
        (Distance::Aura(1), lasts(None, Some(2))),
        (cube, lasts(Some(ZoneGround::Difficult), None)),
        (cube, lasts(Some(ZoneGround::Damaging(2)), Some(1))),
        (Distance::Burst(2), lasts(None, Some(2))),
    ] {
        let problems = lasting_ability(distance, lasting).problems();
        assert!(
            problems.is_empty(),
            "{distance:?} {lasting:?}: {problems:?}"
        );
    }
}

#[test]
fn the_librarys_lasting_abilities_pass_their_checks() {
    let library = steelgrid_rules::scenario::ability_library();
    for id in ["stone_rampart", "sucking_bog", "smoulder"] {
        let ab = library.get(id).unwrap_or_else(|| panic!("no `{id}`"));
        assert!(ab.lasting.is_some(), "{id} lasts");
        assert_eq!(ab.problems(), Vec::<String>::new(), "{id}");
    }
}
