//! More movement, action and condition cases (combat digest §32 G, H, I, K, L, M, N): teleporting
//! while slowed, a slowed creature's Disengage, opportunity-attack numbers, cover and high ground,
//! a dying hero's bleeding, dazed, moving through creatures, and the end of combat.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, use_ability};
use common::{
    ROOM, advance, apply, conditions, count, creature, end, pick, refused, squares, stamina, start,
    strike, take_turn,
};
use steelgrid_rules::creature::{MovementMode, Side, Vitality};
use steelgrid_rules::event::{Event, LoggedEvent, Outcome};
use steelgrid_rules::grid::Square;
use steelgrid_rules::movement::Gait;
use steelgrid_rules::power_roll::{NetEdge, PowerRollResult, Tier};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// An unrolled maneuver that imposes `condition` for `duration` on one creature within 10.
fn imposer(id: &str, condition: &str, duration: &str) -> String {
    format!(
        "\"{id}\": (name: \"{id}\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (conditions: [(condition: {condition}, duration: {duration})])),"
    )
}

/// The abilities every scenario in this file defines.
fn abilities() -> String {
    [
        imposer("slow", "Slowed", "EndOfEncounter"),
        imposer("slow_eot", "Slowed", "EndOfTurn"),
        imposer("bind", "Restrained", "EndOfEncounter"),
        imposer("daze", "Dazed", "EndOfEncounter"),
        imposer("weaken_save", "Weakened", "SaveEnds"),
        // A free maneuver: bracing oneself for 2 temporary Stamina.
        "\"steady\": (name: \"steady\", action: FreeManeuver, distance: Self, target: (who: Self), effect: (temporary_stamina: 2)),".into(),
        format!(
            "\"hit\": (name: \"hit\", {MELEE_WEAPON}, action: MainAction, {}, {}),",
            enemies(1),
            might_damage([2, 4, 6], "")
        ),
    ]
    .join("\n")
}

/// `by` imposes its condition ability on `on` with its turn, then `on`'s turn starts.
fn impose_then_start(e: &mut Engine, by: &str, ability: &str, on: &str) {
    start(e, by);
    apply(e, use_ability(by, ability, &[on]));
    end(e, by);
    start(e, on);
}

fn disengage(id: &str, to: (i32, i32)) -> Command {
    Command::Disengage {
        creature: id.into(),
        path: squares(&[to]),
    }
}

/// Who made an opportunity attack.
fn attackers(events: &[LoggedEvent]) -> Vec<String> {
    pick(events, |ev| match &ev.event {
        Event::OpportunityAttack { attacker, .. } => Some(attacker.clone()),
        _ => None,
    })
}

/// The free strikes that hit, as (attacker, target, damage).
fn hits(events: &[LoggedEvent]) -> Vec<(String, String, u32)> {
    pick(events, |ev| match &ev.event {
        Event::FreeStrikeHit {
            attacker,
            target,
            damage,
            ..
        } => Some((attacker.clone(), target.clone(), *damage)),
        _ => None,
    })
}

/// The one power roll in `events`.
fn the_roll(events: &[LoggedEvent]) -> PowerRollResult {
    let rolls: Vec<PowerRollResult> = pick(events, |ev| match &ev.event {
        Event::PowerRolled { roll, .. } => Some(roll.clone()),
        _ => None,
    });
    assert_eq!(rolls.len(), 1, "one power roll: {rolls:?}");
    rolls[0].clone()
}

fn has(roll: &PowerRollResult, rule: &str) -> bool {
    roll.edges.iter().chain(&roll.banes).any(|m| m.rule == rule)
}

/// The bleeding losses in `events`, as (creature, amount, d6, Stamina after).
fn stamina_lost(events: &[LoggedEvent]) -> Vec<(String, u32, u32, i32)> {
    pick(events, |ev| match &ev.event {
        Event::StaminaLost {
            creature,
            amount,
            roll,
            stamina,
        } => Some((creature.clone(), *amount, *roll, *stamina)),
        _ => None,
    })
}

fn ended(events: &[LoggedEvent], who: &str, what: &str, rule: &str) -> bool {
    events.iter().any(|ev| {
        ev.rule == rule
            && matches!(&ev.event, Event::ConditionEnded { creature, condition } if creature == who && condition == what)
    })
}

// ---- G. Teleport -------------------------------------------------------------------------------

#[test]
fn ds_combat_56_a_slowed_teleporter_still_teleports_its_usual_speed() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("t", at(1, 1))
        .movement(&[MovementMode::Teleport])
        .monster("m", at(9, 5))
        .knows(&["slow"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "slow", "t");
    assert_eq!(
        conditions(&e, "t"),
        vec!["slowed (until the encounter ends)"]
    );
    // Slowed would make its speed 2; teleporting as its movement, it goes its usual 5.
    let events = apply(&mut e, advance("t", &[(6, 1)]));
    assert!(events.iter().any(
        |ev| ev.rule == "movement.teleport" && matches!(ev.event, Event::Moved { cost: 5, .. })
    ));
    assert_eq!(creature(&e, "t").position, Square::new(6, 1));

    // A slowed walker moves 2, not 3.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("w", at(1, 1))
        .monster("m", at(9, 5))
        .knows(&["slow"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "slow", "w");
    let err = refused(&mut e, advance("w", &[(2, 1), (3, 1), (4, 1)]));
    assert_eq!(err.rule, "movement.speed_limit");
    apply(&mut e, advance("w", &[(2, 1), (3, 1)]));
    assert_eq!(creature(&e, "w").position, Square::new(3, 1));
}

#[test]
fn a_restrained_teleporter_teleports_away_and_is_no_longer_restrained() {
    // Restrained sets speed to 0, but a teleporter's Advance ignores conditions, and teleporting
    // ends restrained (seed 002 L2706-2708).
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("t", at(1, 1))
        .movement(&[MovementMode::Teleport])
        .monster("m", at(9, 5))
        .knows(&["bind"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bind", "t");
    assert_eq!(
        conditions(&e, "t"),
        vec!["restrained (until the encounter ends)"]
    );
    let events = apply(&mut e, advance("t", &[(4, 3)]));
    assert!(ended(&events, "t", "restrained", "movement.teleport"));
    assert!(conditions(&e, "t").is_empty());
    assert_eq!(creature(&e, "t").position, Square::new(4, 3));
    // A restrained walker goes nowhere.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("w", at(1, 1))
        .monster("m", at(9, 5))
        .knows(&["bind"])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "bind", "w");
    let err = refused(&mut e, advance("w", &[(2, 1)]));
    assert_eq!(err.rule, "movement.speed_limit");
}

// ---- H. Opportunity attacks --------------------------------------------------------------------

/// H (Might 2, Agility 3) at (4,4) with enemy E beside it at (5,4); E's turn has started.
fn opportunity_setup(dice: &[u32]) -> Engine {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 4))
        .agility(3)
        .recoveries(2)
        .knows(&["slow"])
        .monster("e", at(5, 4))
        .free_strike(0)
        .monster("far", at(9, 0))
        .free_strike(0)
        .dice(dice)
        .start();
    take_turn(&mut e, "h");
    start(&mut e, "e");
    e
}

#[test]
fn ds_combat_61_a_slowed_creature_cant_shift() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 4))
        .agility(3)
        .recoveries(2)
        .knows(&["slow"])
        .monster("e", at(5, 4))
        .free_strike(0)
        .monster("far", at(9, 0))
        .free_strike(0)
        .dice(&[5, 5])
        .start();
    impose_then_start(&mut e, "h", "slow", "e");
    let err = refused(&mut e, disengage("e", (6, 4)));
    assert_eq!(err.rule, "condition.slowed");
    // The ordinary 1-square move it may make instead provokes.
    let events = apply(&mut e, advance("e", &[(6, 4)]));
    assert_eq!(attackers(&events), vec!["h"]);
    assert_eq!(creature(&e, "e").position, Square::new(6, 4));
}

#[test]
fn ds_combat_65_opportunity_attack_numbers() {
    // Natural 10 + Agility 3 = 13 → tier 2: 5 + 3 = 8.
    let mut e = opportunity_setup(&[4, 6]);
    let events = apply(&mut e, advance("e", &[(6, 4)]));
    let roll = the_roll(&events);
    assert_eq!((roll.natural, roll.total, roll.tier), (10, 13, Tier::Two));
    assert!(!roll.critical);
    assert_eq!(hits(&events), vec![("h".into(), "e".into(), 8)]);
    assert_eq!(stamina(&e, "e"), 22);
    // A natural 19 is tier 3: 7 + 3 = 10, and a critical hit — a free strike is a main-action
    // ability even as an opportunity attack (core digest AMB-06).
    let mut e = opportunity_setup(&[9, 10]);
    let events = apply(&mut e, advance("e", &[(6, 4)]));
    let roll = the_roll(&events);
    assert_eq!((roll.natural, roll.tier), (19, Tier::Three));
    assert!(roll.critical);
    assert_eq!(hits(&events), vec![("h".into(), "e".into(), 10)]);
    assert_eq!(stamina(&e, "e"), 20);
}

// ---- I. Cover, flanking and high ground --------------------------------------------------------

/// A stone pillar at (2,2), between a shooter at (0,2) and a target at (4,2).
const PILLAR: [&str; 6] = [
    "..........",
    "..........",
    "..s.......",
    "..........",
    "..........",
    "..........",
];

#[test]
fn ds_combat_72_cover_costs_a_damaging_strike_a_tier() {
    // Natural 11 + Might 2 = 13; cover's bane makes it 11 → tier 1: 2 + 2 = 4. In the open the
    // same roll is tier 2: 4 + 2 = 6 (ranged free strike, seed 002 L2994-3000, L3010-3012).
    for (rows, total, damage, covered) in [(&PILLAR, 11, 4, true), (&ROOM, 13, 6, false)] {
        let mut e = Fight::on(rows)
            .abilities(&abilities())
            .hero("h", at(0, 2))
            .monster("t", at(4, 2))
            .dice(&[5, 6])
            .start();
        start(&mut e, "h");
        let events = apply(&mut e, Command::free_strike("h", "t", true));
        let roll = the_roll(&events);
        assert_eq!(has(&roll, "power_roll.bane.cover"), covered);
        assert_eq!(roll.total, total);
        assert_eq!(hits(&events), vec![("h".into(), "t".into(), damage)]);
    }
}

#[test]
fn ds_combat_73_cover_and_flanking_cancel() {
    // H and ally A flank T. No wall can give cover to a target adjacent to the striker, so the
    // Director rules it (digest §30.3 step 5): one bane, which the flanking edge cancels.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 3))
        .hero("a", at(6, 3))
        .monster("t", at(5, 3))
        .dice(&[5, 6])
        .start();
    start(&mut e, "h");
    let mut cmd = strike("h", "t");
    if let Command::FreeStrike { banes, .. } = &mut cmd {
        *banes = 1;
    }
    let events = apply(&mut e, cmd);
    let roll = the_roll(&events);
    assert!(has(&roll, "power_roll.edge.flanking"));
    assert_eq!(roll.banes.len(), 1);
    assert_eq!(
        (roll.net, roll.total, roll.tier),
        (NetEdge::None, 13, Tier::Two)
    );
    assert_eq!(hits(&events), vec![("h".into(), "t".into(), 7)]);
}

#[test]
fn ds_combat_76_a_flier_gains_no_high_ground() {
    // A on a 3-high ledge above T has high ground; a flier 3 squares up does not: it is not
    // standing on the ground (seed 002 L2732-2736; digest A-39).
    let rows = [
        "..........",
        "..........",
        "..3.......",
        "..........",
        "..........",
        "..........",
    ];
    let ledge = Fight::on(&rows).abilities(&abilities()).hero("a", at(2, 2));
    let flier = Fight::new()
        .abilities(&abilities())
        .hero("a", at(2, 2))
        .movement(&[MovementMode::Fly])
        .altitude(3);
    for (fight, high) in [(ledge, true), (flier, false)] {
        let mut e = fight.monster("t", at(4, 2)).dice(&[5, 5]).start();
        assert_eq!(creature(&e, "a").z, 3);
        start(&mut e, "a");
        let events = apply(&mut e, Command::free_strike("a", "t", true));
        assert_eq!(has(&the_roll(&events), "power_roll.edge.high_ground"), high);
    }
}

// ---- K. A dying hero bleeds --------------------------------------------------------------------

/// A level 1 hero with 30 Stamina at −13 (dying; dead at −15) beside a foe; its turn started.
fn dying_hero(dice: &[u32]) -> Engine {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .current_stamina(-13)
        .monster("m", at(2, 1))
        .dice(dice)
        .start();
    start(&mut e, "h");
    e
}

#[test]
fn ds_combat_88_a_dying_hero_bleeds_after_a_main_action() {
    let mut e = dying_hero(&[5, 5, 1]);
    let h = creature(&e, "h");
    assert_eq!(h.state, Vitality::Dying);
    assert_eq!(h.conditions, vec!["bleeding (while dying)"]);
    // The free strike resolves (10 + Might 2 = 12 → tier 2: 5 + 2), then the hero loses d6 1 +
    // level 1 = 2: −15, dead.
    let events = apply(&mut e, strike("h", "m"));
    assert_eq!(hits(&events), vec![("h".into(), "m".into(), 7)]);
    assert_eq!(stamina_lost(&events), vec![("h".into(), 2, 1, -15)]);
    let strike_at = events
        .iter()
        .position(|ev| matches!(ev.event, Event::FreeStrikeHit { .. }))
        .unwrap();
    let bled_at = events
        .iter()
        .position(|ev| matches!(ev.event, Event::StaminaLost { .. }))
        .unwrap();
    assert!(strike_at < bled_at, "the action resolves first");
    assert_eq!(creature(&e, "h").state, Vitality::Dead);
}

#[test]
fn ds_combat_88_a_dying_heros_move_and_unrolled_maneuver_cost_nothing() {
    let mut e = dying_hero(&[]);
    let events = apply(
        &mut e,
        Command::AidAttack {
            creature: "h".into(),
            target: "m".into(),
        },
    );
    assert!(stamina_lost(&events).is_empty());
    let events = apply(&mut e, advance("h", &[(1, 2)]));
    assert!(stamina_lost(&events).is_empty());
    assert_eq!(stamina(&e, "h"), -13);
}

// ---- L. Dazed ----------------------------------------------------------------------------------

#[test]
fn ds_combat_92_a_dazed_hero_picks_one_action_and_takes_no_free_or_triggered_ones() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 3))
        .knows(&["steady"])
        .monster("m", at(5, 3))
        .knows(&["daze"])
        .monster("far", at(9, 5))
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "daze", "h");
    // No free maneuver, not even a trivial one.
    let err = refused(&mut e, use_ability("h", "steady", &[]));
    assert_eq!(err.rule, "condition.dazed");
    // It picks its maneuver; the main action and the move action are gone with it.
    apply(
        &mut e,
        Command::AidAttack {
            creature: "h".into(),
            target: "m".into(),
        },
    );
    let actions = creature(&e, "h").actions;
    assert!(!actions.main && !actions.maneuver && !actions.move_action);
    refused(&mut e, advance("h", &[(3, 3)]));
    refused(&mut e, strike("h", "m"));
    end(&mut e, "h");
    // No opportunity attack (a triggered action) when M walks away.
    take_turn(&mut e, "far");
    start(&mut e, "m");
    let events = apply(&mut e, advance("m", &[(6, 3), (7, 3)]));
    assert!(attackers(&events).is_empty());
    assert_eq!(stamina(&e, "m"), 30);
}

// ---- M. Moving past creatures ------------------------------------------------------------------

#[test]
fn ds_combat_98_an_enemys_square_costs_2_and_cant_be_the_end_an_allys_costs_1() {
    let path = |to: i32| -> Vec<Square> { (2..=to).map(|x| Square::new(x, 1)).collect() };
    // An enemy at (2,1): entering it costs 2, so speed 5 reaches (5,1) but not (6,1).
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("x", at(2, 1))
        .start();
    start(&mut e, "h");
    assert_eq!(e.plan_move("h", &path(5), Gait::Move).unwrap().cost, 5);
    let err = e.plan_move("h", &path(6), Gait::Move).unwrap_err();
    assert_eq!(err.rule, "movement.speed_limit");
    let err = refused(&mut e, advance("h", &[(2, 1)]));
    assert_eq!(err.rule, "movement.occupied");
    apply(&mut e, advance("h", &[(2, 1), (3, 1), (4, 1), (5, 1)]));
    assert_eq!(creature(&e, "h").position, Square::new(5, 1));
    // An ally there instead costs nothing extra: (6,1).
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .hero("a", at(2, 1))
        .monster("x", at(9, 5))
        .start();
    start(&mut e, "h");
    assert_eq!(e.plan_move("h", &path(6), Gait::Move).unwrap().cost, 5);
    apply(
        &mut e,
        Command::Advance {
            creature: "h".into(),
            path: path(6),
        },
    );
    assert_eq!(creature(&e, "h").position, Square::new(6, 1));
}

// ---- N. The end of combat ----------------------------------------------------------------------

#[test]
fn ds_combat_116_what_lingers_when_combat_ends() {
    // h's free strike, n's failed save, h2's free strike.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["weaken_save"])
        .temporary_stamina(5)
        .prone()
        .hero("h2", at(1, 4))
        .knows(&["slow_eot"])
        .current_stamina(12)
        .hero("down", at(0, 0))
        .current_stamina(-3)
        .monster("m", at(2, 1))
        .knows(&["slow"])
        .stamina(2)
        .monster("n", at(2, 4))
        .stamina(2)
        .dice(&[5, 5, 3, 5, 5])
        .first(Side::Director)
        .start();
    impose_then_start(&mut e, "m", "slow", "h");
    apply(&mut e, use_ability("h", "weaken_save", &["n"]));
    apply(&mut e, strike("h", "m"));
    end(&mut e, "h");
    take_turn(&mut e, "n");
    assert_eq!(conditions(&e, "n"), vec!["weakened (save ends)"]);
    start(&mut e, "h2");
    apply(&mut e, use_ability("h2", "slow_eot", &["n"]));
    let mut knock_out = strike("h2", "n");
    if let Command::FreeStrike { knock_out: k, .. } = &mut knock_out {
        *k = true;
    }
    let events = apply(&mut e, knock_out);
    assert_eq!(
        pick(&events, |ev| match ev.event {
            Event::EncounterEnded { outcome } => Some(outcome),
            _ => None,
        }),
        vec![Outcome::Victory]
    );
    // Temporary Stamina vanishes.
    assert!(events.iter().any(|ev| ev.rule == "encounter.aftermath"
        && matches!(&ev.event, Event::TemporaryStaminaExpired { creature, amount: 5 } if creature == "h")));
    let h = creature(&e, "h");
    assert_eq!((h.stamina.current, h.stamina.temporary), (30, 0));
    // The hero ends its conditions, an "until the encounter ends" one and prone alike.
    assert!(ended(&events, "h", "slowed", "encounter.aftermath"));
    assert!(ended(&events, "h", "prone", "encounter.aftermath"));
    assert!(h.conditions.is_empty());
    // Winded, unconscious and dying stay.
    assert_eq!(creature(&e, "h2").state, Vitality::Winded);
    let down = creature(&e, "down");
    assert_eq!(down.state, Vitality::Dying);
    assert_eq!(down.stamina.current, -3);
    let n = creature(&e, "n");
    assert_eq!(n.state, Vitality::Unconscious);
    // On a Director creature the save-ends effect is over; an EoT one is the Director's to end,
    // and knocked out it lies prone (seed 002 L3092).
    assert!(ended(&events, "n", "weakened", "encounter.aftermath"));
    assert_eq!(n.conditions, vec!["prone", "slowed (EoT)"]);
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::ConditionEnded { creature, .. } if creature == "down" || creature == "h2")
        ),
        0
    );
}
