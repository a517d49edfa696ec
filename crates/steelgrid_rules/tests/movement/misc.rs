//! Underwater combat and suffocation, teleporting another creature, moves an ability grants, and
//! critical hits on opportunity attacks (combat digest §12.8, §20, §25; DS-COMBAT-58, -104,
//! -110).

use crate::common;

use common::{
    advance, apply, count, creature, end, pick, refused, squares, stamina, start, strike, take_turn,
};
use steelgrid_rules::creature::{MovementMode, Side};
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::power_roll::PowerRollResult;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// A room whose two left columns are water 3 squares deep.
const POOL: [&str; 6] = [
    "==........",
    "==........",
    "==........",
    "==........",
    "==........",
    "==........",
];

/// The abilities every scenario in this file defines.
fn abilities() -> String {
    [
        "\"blink\": (name: \"blink\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (teleport: 5)),",
        "\"rally\": (name: \"rally\", keywords: [Ranged], action: Maneuver, distance: Ranged(10), target: (who: Ally, count: 1), effect: (grant_move: (distance: 3))),",
        "\"slip\": (name: \"slip\", keywords: [Ranged], action: Maneuver, distance: Ranged(10), target: (who: Ally, count: 1), effect: (grant_move: (distance: 3, shift: true))),",
        "\"slow\": (name: \"slow\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (conditions: [(condition: Slowed, duration: EndOfEncounter)])),",
    ]
    .join("\n")
}

/// The abilities every hero here knows (the Director's creatures know `slow`).
const HERO_KNOWS: &[&str] = &["blink", "rally", "slip"];

fn use_on(creature: &str, ability: &str, target: &str) -> Command {
    common::abilities::use_ability(creature, ability, &[target])
}

fn script(e: &mut Engine, faces: &[u32]) {
    apply(
        e,
        Command::ScriptDice {
            faces: faces.to_vec(),
        },
    );
}

/// Suffocation damage in `events`, as (creature, amount).
fn suffocation(events: &[LoggedEvent]) -> Vec<(String, u32)> {
    pick(events, |ev| match &ev.event {
        Event::Damaged {
            target,
            source,
            amount,
            ..
        } if source == "suffocation" => Some((target.clone(), *amount)),
        _ => None,
    })
}

/// One round: the hero's turn (doing nothing), then the foe's; what the round's end logged.
fn round(e: &mut Engine, hero: &str, foe: &str) -> Vec<LoggedEvent> {
    take_turn(e, hero);
    start(e, foe);
    end(e, foe)
}

fn the_roll(events: &[LoggedEvent]) -> PowerRollResult {
    let rolls: Vec<PowerRollResult> = pick(events, |ev| match &ev.event {
        Event::PowerRolled { roll, .. } => Some(roll.clone()),
        _ => None,
    });
    assert_eq!(rolls.len(), 1, "one power roll: {rolls:?}");
    rolls[0].clone()
}

fn moved_rule(events: &[LoggedEvent], who: &str) -> Option<String> {
    events.iter().find_map(|ev| match &ev.event {
        Event::Moved { creature, .. } if creature == who => Some(ev.rule.id.to_owned()),
        _ => None,
    })
}

fn opportunity_attacks(events: &[LoggedEvent]) -> usize {
    count(events, |ev| matches!(ev, Event::OpportunityAttack { .. }))
}

// ---- Suffocation (seed 002 L3119-3123) --------------------------------------------------------

#[test]
fn ds_combat_110_might_2_safe_through_round_2_then_1d6_each_round_end() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(0, 0))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    assert!(suffocation(&round(&mut e, "H", "M")).is_empty(), "round 1");
    assert!(suffocation(&round(&mut e, "H", "M")).is_empty(), "round 2");
    // The breath held since round 1 survives a save and restore.
    let mut e = Engine::restore(e.snapshot());
    take_turn(&mut e, "H");
    start(&mut e, "M");
    script(&mut e, &[4]);
    let logged = end(&mut e, "M");
    assert_eq!(suffocation(&logged), vec![("H".to_owned(), 4)], "round 3");
    assert!(logged.iter().any(|ev| ev.rule == "underwater.suffocation"));
    assert_eq!(stamina(&e, "H"), 26);
    take_turn(&mut e, "H");
    start(&mut e, "M");
    script(&mut e, &[6]);
    assert_eq!(
        suffocation(&end(&mut e, "M")),
        vec![("H".to_owned(), 6)],
        "round 4"
    );
    assert_eq!(stamina(&e, "H"), 20);
}

#[test]
fn ds_combat_110_might_0_holds_one_round_first_1d6_at_end_of_round_2() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(0, 0))
        .might(0)
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    assert!(suffocation(&round(&mut e, "H", "M")).is_empty(), "round 1");
    take_turn(&mut e, "H");
    start(&mut e, "M");
    script(&mut e, &[3]);
    assert_eq!(
        suffocation(&end(&mut e, "M")),
        vec![("H".to_owned(), 3)],
        "round 2"
    );
    assert_eq!(stamina(&e, "H"), 27);
}

#[test]
fn surfacing_resets_the_breath() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(0, 0))
        .might(0)
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    // Round 1: H swims out onto the floor.
    start(&mut e, "H");
    let logged = apply(&mut e, advance("H", &[(1, 0), (2, 0)]));
    assert!(
        logged.iter().any(|ev| matches!(&ev.event,
            Event::EffectEnded { creature, effect } if creature == "H" && effect == "holding its breath")),
        "surfacing ends the held breath: {logged:?}"
    );
    end(&mut e, "H");
    take_turn(&mut e, "M");
    // Round 2: back under; a Might 0 breath from round 2 lasts through round 2.
    start(&mut e, "H");
    apply(&mut e, advance("H", &[(1, 0)]));
    end(&mut e, "H");
    start(&mut e, "M");
    assert!(suffocation(&end(&mut e, "M")).is_empty(), "round 2");
    take_turn(&mut e, "H");
    start(&mut e, "M");
    script(&mut e, &[5]);
    assert_eq!(
        suffocation(&end(&mut e, "M")),
        vec![("H".to_owned(), 5)],
        "round 3"
    );
}

#[test]
fn a_water_breather_never_suffocates() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(0, 0))
        .might(0)
        .knows(HERO_KNOWS)
        .breathes_water()
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    for r in 1..=3 {
        assert!(
            suffocation(&round(&mut e, "H", "M")).is_empty(),
            "round {r}"
        );
    }
    assert_eq!(stamina(&e, "H"), 30);
}

// ---- Underwater (seed 002 L3117) --------------------------------------------------------------

#[test]
fn submerged_creatures_resist_fire_and_take_more_lightning() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(0, 0))
        .knows(HERO_KNOWS)
        .hero("D", at(5, 0))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    let burn = |target: &str, amount, kind| Command::EnvironmentDamage {
        target: target.into(),
        amount,
        damage_type: Some(kind),
        halved: false,
    };
    apply(&mut e, burn("H", 8, DamageType::Fire));
    assert_eq!(stamina(&e, "H"), 27, "fire immunity 5 under water");
    apply(&mut e, burn("H", 4, DamageType::Lightning));
    assert_eq!(stamina(&e, "H"), 18, "lightning weakness 5 under water");
    apply(&mut e, burn("D", 8, DamageType::Fire));
    assert_eq!(stamina(&e, "D"), 22, "on dry land fire is not resisted");
}

#[test]
fn a_submerged_non_swimmer_rolls_with_a_bane_a_swimmer_does_not() {
    let mut e = Fight::on(&POOL)
        .abilities(&abilities())
        .hero("H", at(1, 0))
        .knows(HERO_KNOWS)
        .hero("S", at(1, 1))
        .knows(HERO_KNOWS)
        .movement(&[MovementMode::Swim])
        .monster("M", at(2, 0))
        .knows(&["slow"])
        .start();
    start(&mut e, "H");
    script(&mut e, &[5, 5]);
    let roll = the_roll(&apply(&mut e, strike("H", "M")));
    assert!(
        roll.banes.iter().any(|m| m.rule == "underwater"),
        "{roll:?}"
    );
    end(&mut e, "H");
    take_turn(&mut e, "M");
    start(&mut e, "S");
    script(&mut e, &[5, 5]);
    let roll = the_roll(&apply(&mut e, strike("S", "M")));
    assert!(
        !roll.banes.iter().any(|m| m.rule == "underwater"),
        "{roll:?}"
    );
}

// ---- Teleporting another creature (seed 002 L2696-2708) ---------------------------------------

/// A wall between (3, 3) and (8, 3); P at (5, 0) sees both.
const WALLED: [&str; 6] = [
    "..........",
    "..........",
    ".....#....",
    ".....#....",
    ".....#....",
    ".....#....",
];

fn teleport(target: &str, to: (i32, i32)) -> Command {
    Command::Teleport {
        target: target.into(),
        to: Square::new(to.0, to.1),
        stand: false,
    }
}

#[test]
fn ds_combat_58_no_line_from_the_start_square_means_no_teleport() {
    let mut e = Fight::on(&WALLED)
        .abilities(&abilities())
        .hero("P", at(5, 0))
        .knows(HERO_KNOWS)
        .hero("T", at(3, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 0))
        .knows(&["slow"])
        .start();
    start(&mut e, "P");
    apply(&mut e, use_on("P", "blink", "T"));
    let err = refused(&mut e, teleport("T", (8, 3)));
    assert_eq!(err.rule, "target.line_of_effect", "{err}");
    assert!(
        err.reason.starts_with("T has no line"),
        "from T's square: {err}"
    );
    assert_eq!(common::position(&e, "T"), Square::new(3, 3));
}

#[test]
fn ds_combat_58_a_clear_line_teleports_without_provoking() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("P", at(5, 0))
        .knows(HERO_KNOWS)
        .hero("T", at(3, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(2, 3))
        .knows(&["slow"])
        .start();
    start(&mut e, "P");
    apply(&mut e, use_on("P", "blink", "T"));
    let logged = apply(&mut e, teleport("T", (8, 3)));
    assert_eq!(common::position(&e, "T"), Square::new(8, 3));
    assert_eq!(
        moved_rule(&logged, "T").as_deref(),
        Some("movement.teleport")
    );
    assert_eq!(
        opportunity_attacks(&logged),
        0,
        "teleporting never provokes"
    );
    // The grant is used up.
    let err = refused(&mut e, teleport("T", (7, 3)));
    assert_eq!(err.rule, "movement.teleport", "{err}");
}

#[test]
fn a_teleport_destination_must_be_free_and_in_range() {
    let rows = [
        "..........",
        "..........",
        "..........",
        "......w...",
        "..........",
        "..........",
    ];
    let mut e = Fight::on(&rows)
        .abilities(&abilities())
        .hero("P", at(5, 0))
        .knows(HERO_KNOWS)
        .hero("T", at(3, 3))
        .knows(HERO_KNOWS)
        .hero("U", at(7, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 0))
        .knows(&["slow"])
        .start();
    start(&mut e, "P");
    apply(&mut e, use_on("P", "blink", "T"));
    for (to, why) in [
        ((7, 3), "a creature stands there"),
        ((6, 3), "a crate fills it"),
        ((3, 3), "its own square"),
        ((9, 3), "6 squares away"),
    ] {
        let err = refused(&mut e, teleport("T", to));
        assert_eq!(err.rule, "movement.teleport", "{why}: {err}");
    }
    apply(&mut e, teleport("T", (8, 4)));
    assert_eq!(common::position(&e, "T"), Square::new(8, 4));
}

// ---- Granted moves (seed 002 L2584, L2590-2594) -----------------------------------------------

fn granted(creature: &str, path: &[(i32, i32)]) -> Command {
    Command::GrantedMove {
        creature: creature.into(),
        path: squares(path),
    }
}

#[test]
fn ds_combat_104_a_slowed_ally_moves_2_of_the_3_granted() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("H", at(1, 1))
        .knows(HERO_KNOWS)
        .hero("A", at(3, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .first(Side::Director)
        .start();
    start(&mut e, "M");
    apply(&mut e, use_on("M", "slow", "A"));
    end(&mut e, "M");
    start(&mut e, "H");
    apply(&mut e, use_on("H", "rally", "A"));
    let err = refused(&mut e, granted("A", &[(4, 3), (5, 3), (6, 3)]));
    assert_eq!(err.rule, "movement.speed_limit", "{err}");
    let logged = apply(&mut e, granted("A", &[(4, 3), (5, 3)]));
    assert_eq!(common::position(&e, "A"), Square::new(5, 3));
    assert_eq!(
        moved_rule(&logged, "A").as_deref(),
        Some("movement.granted")
    );
    // The move takes none of A's actions.
    assert_eq!(
        count(
            &logged,
            |ev| matches!(ev, Event::ActionUsed { creature, .. } if creature == "A")
        ),
        0
    );
    let err = refused(&mut e, granted("A", &[(6, 3)]));
    assert_eq!(err.rule, "movement.granted", "the grant is used up: {err}");
}

#[test]
fn a_granted_move_provokes_and_a_granted_shift_does_not() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("H", at(1, 1))
        .knows(HERO_KNOWS)
        .hero("A", at(3, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(2, 3))
        .knows(&["slow"])
        .start();
    start(&mut e, "H");
    apply(&mut e, use_on("H", "slip", "A"));
    let logged = apply(&mut e, granted("A", &[(4, 3), (5, 3)]));
    assert_eq!(opportunity_attacks(&logged), 0, "a shift never provokes");
    assert_eq!(stamina(&e, "A"), 30);
    end(&mut e, "H");
    start(&mut e, "M");
    apply(&mut e, advance("M", &[(3, 3), (4, 3)]));
    end(&mut e, "M");
    take_turn(&mut e, "A");
    start(&mut e, "H");
    apply(&mut e, use_on("H", "rally", "A"));
    let logged = apply(&mut e, granted("A", &[(6, 3), (7, 3)]));
    assert_eq!(opportunity_attacks(&logged), 1, "{logged:?}");
    assert_eq!(stamina(&e, "A"), 27, "M's free strike of 3");
}

#[test]
fn an_unused_granted_move_lapses_when_the_turn_ends() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("H", at(1, 1))
        .knows(HERO_KNOWS)
        .hero("A", at(3, 3))
        .knows(HERO_KNOWS)
        .monster("M", at(9, 5))
        .knows(&["slow"])
        .start();
    start(&mut e, "H");
    apply(&mut e, use_on("H", "rally", "A"));
    end(&mut e, "H");
    let err = refused(&mut e, granted("A", &[(4, 3)]));
    assert_eq!(err.rule, "movement.granted", "{err}");
}

// ---- Opportunity attack critical hits (seed 002 L1634-1638) -----------------------------------

#[test]
fn a_natural_19_opportunity_attack_grants_an_extra_main_action() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("H", at(2, 2))
        .knows(HERO_KNOWS)
        .monster("M", at(3, 2))
        .knows(&["slow"])
        .start();
    take_turn(&mut e, "H");
    assert!(!creature(&e, "H").actions.main);
    start(&mut e, "M");
    script(&mut e, &[10, 9]);
    let logged = apply(&mut e, advance("M", &[(4, 2), (5, 2)]));
    assert_eq!(opportunity_attacks(&logged), 1);
    assert!(the_roll(&logged).critical);
    assert!(
        logged.iter().any(|ev| ev.rule == "power_roll.critical"
            && matches!(&ev.event, Event::ExtraMainAction { creature } if creature == "H")),
        "{logged:?}"
    );
    assert!(creature(&e, "H").actions.main, "H has a main action again");
}

#[test]
fn a_plain_opportunity_attack_grants_nothing() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("H", at(2, 2))
        .knows(HERO_KNOWS)
        .monster("M", at(3, 2))
        .knows(&["slow"])
        .start();
    take_turn(&mut e, "H");
    start(&mut e, "M");
    script(&mut e, &[9, 9]);
    let logged = apply(&mut e, advance("M", &[(4, 2), (5, 2)]));
    assert_eq!(opportunity_attacks(&logged), 1);
    assert_eq!(
        count(&logged, |ev| matches!(ev, Event::ExtraMainAction { .. })),
        0
    );
    assert!(!creature(&e, "H").actions.main);
}

#[test]
fn a_creature_threatens_its_reach_from_wherever_it_could_move() {
    // A speed-1 foe at (5, 3) with melee reach 1: it threatens what is within 2 of it.
    let e = common::fight(
        &[
            common::body("h", "Heroes", 1, 1, "hero: (recoveries: 1)"),
            common::body("t", "Director", 5, 3, "speed: 1"),
        ],
        &[],
    );
    let threatened = e.threatened(&["t"]).unwrap();
    for sq in [(7, 3), (3, 1), (5, 5), (6, 4)] {
        assert!(threatened.contains(&Square::new(sq.0, sq.1)), "{sq:?}");
    }
    for sq in [(8, 3), (2, 3), (5, 0)] {
        assert!(!threatened.contains(&Square::new(sq.0, sq.1)), "{sq:?}");
    }
    assert!(e.threatened(&["nobody"]).is_err());
}
