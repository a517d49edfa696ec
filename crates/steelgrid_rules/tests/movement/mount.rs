//! Mounted combat and climbing other creatures (combat digest §12.3, §26, cases DS-COMBAT-107,
//! -109, -115; ambiguities A-1, A-18, A-19): getting on and off, Ride and its limits, riders
//! carried by their mount, knocked off by forced movement, thrown off by a shake-off, falling
//! when the mount dies, and the edge on melee against the creature climbed.

use crate::common;

use common::*;
use steelgrid_rules::command::RuleError;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind::Push;
use steelgrid_rules::forced::ForcedSpec;
use steelgrid_rules::grid::Square;
use steelgrid_rules::{Command, Engine, scenario};

const MOUNT_ROLE: &str = "monster: (level: 1, organization: Platoon, role: Mount)";

/// A size-2 creature with the Mount role and `speed`.
fn horse(id: &str, side: &str, x: i32, y: i32, speed: u32, extra: &str) -> String {
    body(
        id,
        side,
        x,
        y,
        &format!("size: \"2\", speed: {speed}, {MOUNT_ROLE}{extra}"),
    )
}

/// A hero (speed 5, Might 0) with `agility`, starting the fight riding `on` at (x, y).
fn rider(id: &str, x: i32, y: i32, on: &str, agility: i32) -> String {
    body(
        id,
        "Heroes",
        x,
        y,
        &format!(
            "speed: 5, hero: (recoveries: 1), characteristics: (might: 0, agility: {agility}), riding: \"{on}\""
        ),
    )
}

/// A hero on foot with Might 2 and `agility`.
fn walker(id: &str, x: i32, y: i32, agility: i32) -> String {
    body(
        id,
        "Heroes",
        x,
        y,
        &format!(
            "speed: 5, hero: (recoveries: 1), characteristics: (might: 2, agility: {agility})"
        ),
    )
}

fn on_top(e: &Engine, id: &str, how: &str) -> bool {
    creature(e, id).effects.contains(&how)
}

fn z(e: &Engine, id: &str) -> i32 {
    creature(e, id).z
}

fn rule_of(err: &RuleError) -> &str {
    err.rule.id
}

/// The rule ids of `events`, in order.
fn rules(events: &[LoggedEvent]) -> Vec<&str> {
    events.iter().map(|e| e.rule.id).collect()
}

/// Each fall logged: (creature, height, damage).
fn falls(events: &[LoggedEvent]) -> Vec<(String, u32, u32)> {
    pick(events, |ev| match &ev.event {
        Event::Fell {
            creature,
            height,
            damage,
            ..
        } => Some((creature.clone(), *height, *damage)),
        _ => None,
    })
}

/// The tier of each roll of `ability` logged.
fn tiers(events: &[LoggedEvent], ability: &str) -> Vec<u8> {
    pick(events, |ev| match &ev.event {
        Event::PowerRolled {
            ability: a, roll, ..
        } if a == ability => Some(roll.tier.number()),
        _ => None,
    })
}

/// Whether `id`'s space is beside (not in) `other`'s.
fn beside(e: &Engine, id: &str, other: &str) -> bool {
    let me = creature(e, id).footprint;
    let it = creature(e, other).footprint;
    let gap = me
        .iter()
        .flat_map(|a| it.iter().map(move |b| a.distance(*b)))
        .min()
        .unwrap();
    gap == 1
}

fn ride(id: &str, path: &[(i32, i32)]) -> Command {
    Command::Ride {
        creature: id.into(),
        path: squares(path),
        disengage: false,
    }
}

fn mount(id: &str, on: &str, x: i32, y: i32) -> Command {
    Command::Mount {
        creature: id.into(),
        mount: on.into(),
        square: Square::new(x, y),
    }
}

fn climb(id: &str, on: &str, x: i32, y: i32) -> Command {
    Command::ClimbCreature {
        creature: id.into(),
        target: on.into(),
        square: Square::new(x, y),
        characteristic: None,
    }
}

// ---- DS-COMBAT-107: a rider force-moved --------------------------------------------------------

/// R (Agility 0) rides M at (3..4, 3..4); an enemy to the west pushes R 2 east; the hold-on roll
/// comes from `dice`.
fn rider_pushed(dice: &[u32]) -> (Engine, Vec<LoggedEvent>) {
    let mut e = fight(
        &[
            rider("r", 3, 3, "m", 0),
            horse("m", "Heroes", 3, 3, 8, ""),
            body("foe", "Director", 0, 3, ""),
        ],
        dice,
    );
    assert_eq!(z(&e, "r"), 2, "R sits on top of the size-2 mount");
    assert!(on_top(&e, "r", "riding"));
    let spec = ForcedSpec {
        kind: Push,
        forcer: Some("foe".into()),
        target: "r".into(),
        distance: 2,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: squares(&[(4, 3), (5, 3)]),
        break_objects: true,
        vertical: false,
        heights: Vec::new(),
    };
    // The preview: the push goes over the mount at R's height, and no plain fall is predicted;
    // the hold-on roll decides the landing.
    let predicted = e.predict_forced(&spec).expect("a legal push");
    assert_eq!(predicted.moved, squares(&[(4, 3), (5, 3)]));
    assert_eq!(predicted.end, Square::new(5, 3));
    assert!(predicted.fall.is_none(), "{predicted:?}");
    assert!(
        predicted
            .derivation
            .iter()
            .any(|d| d.contains("knocked off")),
        "{:?}",
        predicted.derivation
    );
    let events = apply(&mut e, spec.command_along(spec.path.clone()));
    (e, events)
}

#[test]
fn ds_combat_107_rider_pushed_off_tier_1_falls_the_mounts_height_and_is_prone() {
    let (e, events) = rider_pushed(&[1, 1]);
    assert_eq!(tiers(&events, "Hold On"), vec![1]);
    assert_eq!(position(&e, "r"), Square::new(5, 3));
    assert_eq!(z(&e, "r"), 0, "R came down to the ground");
    assert!(!on_top(&e, "r", "riding"), "R is knocked off");
    assert_eq!(falls(&events), vec![("r".to_owned(), 2, 4)]);
    assert_eq!(stamina(&e, "r"), 26);
    assert!(conditions(&e, "r").contains(&"prone".to_owned()));
    assert_eq!(position(&e, "m"), Square::new(3, 3), "M does not move");
    let rules = rules(&events);
    assert!(rules.contains(&"forced_movement.push") && rules.contains(&"movement.hold_on"));
}

#[test]
fn ds_combat_107_rider_pushed_off_tier_2_lands_on_its_feet() {
    let (e, events) = rider_pushed(&[6, 6]);
    assert_eq!(tiers(&events, "Hold On"), vec![2]);
    assert_eq!(position(&e, "r"), Square::new(5, 3));
    assert_eq!(z(&e, "r"), 0);
    assert!(!on_top(&e, "r", "riding"));
    assert!(falls(&events).is_empty());
    assert_eq!(stamina(&e, "r"), 30);
    assert!(!conditions(&e, "r").contains(&"prone".to_owned()));
}

#[test]
fn ds_combat_107_tier_3_is_knocked_off_all_the_same() {
    let (e, events) = rider_pushed(&[10, 9]);
    assert_eq!(tiers(&events, "Hold On"), vec![3]);
    assert_eq!((position(&e, "r"), z(&e, "r")), (Square::new(5, 3), 0));
    assert!(!on_top(&e, "r", "riding"));
    assert_eq!(stamina(&e, "r"), 30);
}

// ---- DS-COMBAT-109: the mount dies -------------------------------------------------------------

fn mount_dies(agility: i32) -> (Engine, Vec<LoggedEvent>) {
    let mut e = fight(
        &[
            rider("r", 3, 3, "m", agility),
            horse("m", "Heroes", 3, 3, 8, ", current_stamina: 2"),
            body("foe", "Director", 8, 0, ""),
        ],
        &[],
    );
    let events = apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "m".into(),
            amount: 5,
            damage_type: None,
            halved: false,
        },
    );
    (e, events)
}

#[test]
fn ds_combat_109_mount_dies_rider_falls_prone_beside_it() {
    let (e, events) = mount_dies(0);
    assert!(creature(&e, "m").dead);
    assert!(
        conditions(&e, "m").contains(&"prone".to_owned()),
        "M is prone"
    );
    assert!(!on_top(&e, "r", "riding"));
    assert_eq!(z(&e, "r"), 0);
    assert!(
        beside(&e, "r", "m"),
        "R lands in the nearest free square beside M"
    );
    assert_eq!(position(&e, "r"), Square::new(3, 2));
    assert!(conditions(&e, "r").contains(&"prone".to_owned()));
    // A-19: falling damage for the mount's size, 2 squares.
    assert_eq!(falls(&events), vec![("r".to_owned(), 2, 4)]);
    assert_eq!(stamina(&e, "r"), 26);
    assert!(rules(&events).contains(&"movement.mount.fall"));
}

#[test]
fn ds_combat_109_agile_rider_takes_no_damage_but_is_prone() {
    let (e, events) = mount_dies(1);
    assert_eq!(falls(&events), vec![("r".to_owned(), 2, 0)]);
    assert_eq!(stamina(&e, "r"), 30);
    assert!(conditions(&e, "r").contains(&"prone".to_owned()));
}

// ---- DS-COMBAT-115: climbing a hostile creature ------------------------------------------------

/// H (Might 2, `agility`) beside an ogre (size 2 at (4..5, 3..4), free strike 3); H's turn.
fn beside_ogre(agility: i32, dice: &[u32]) -> Engine {
    let mut e = fight(
        &[
            walker("h", 3, 3, agility),
            body("ogre", "Director", 4, 3, "size: \"2\", free_strike: 3"),
        ],
        dice,
    );
    start(&mut e, "h");
    e
}

fn shaken_off(agility: i32) -> (Engine, Vec<LoggedEvent>) {
    // Climb 9 + 8 + 2 = 19; free strike 5 + 5; hold on 1 + 1 + 2 = 4.
    let mut e = beside_ogre(agility, &[9, 8, 5, 5, 1, 1]);
    let events = apply(&mut e, climb("h", "ogre", 4, 3));
    assert_eq!(tiers(&events, "Climb"), vec![3]);
    assert!(on_top(&e, "h", "climbing"));
    assert_eq!((position(&e, "h"), z(&e, "h")), (Square::new(4, 3), 2));
    let struck = apply(&mut e, strike("h", "ogre"));
    let edges: Vec<String> = pick(&struck, |ev| match &ev.event {
        Event::PowerRolled { roll, .. } => Some(
            roll.edges
                .iter()
                .map(|m| m.rule.clone())
                .collect::<Vec<_>>(),
        ),
        _ => None,
    })
    .into_iter()
    .flatten()
    .collect();
    assert_eq!(edges, vec!["power_roll.edge.climbing".to_owned()]);
    end(&mut e, "h");
    start(&mut e, "ogre");
    let events = apply(
        &mut e,
        Command::ShakeOff {
            creature: "ogre".into(),
            target: "h".into(),
        },
    );
    (e, events)
}

#[test]
fn ds_combat_115_climber_has_an_edge_and_is_thrown_off_on_tier_1() {
    let (e, events) = shaken_off(0);
    assert_eq!(tiers(&events, "Hold On"), vec![1]);
    assert!(rules(&events).contains(&"maneuver.shake_off"));
    assert!(rules(&events).contains(&"movement.hold_on"));
    assert!(!on_top(&e, "h", "climbing"));
    assert_eq!(z(&e, "h"), 0);
    assert!(beside(&e, "h", "ogre"));
    assert_eq!(falls(&events), vec![("h".to_owned(), 2, 4)]);
    assert_eq!(stamina(&e, "h"), 26);
    assert!(conditions(&e, "h").contains(&"prone".to_owned()));
}

#[test]
fn ds_combat_115_agility_1_takes_no_falling_damage_but_is_prone() {
    let (e, events) = shaken_off(1);
    assert_eq!(falls(&events), vec![("h".to_owned(), 2, 0)]);
    assert_eq!(stamina(&e, "h"), 30);
    assert!(conditions(&e, "h").contains(&"prone".to_owned()));
}

#[test]
fn ds_combat_115_failed_climb_on_tier_1_lets_the_ogre_free_strike() {
    let mut e = beside_ogre(0, &[1, 1]);
    let events = apply(&mut e, climb("h", "ogre", 4, 3));
    assert_eq!(tiers(&events, "Climb"), vec![1]);
    assert!(!on_top(&e, "h", "climbing"));
    assert_eq!(position(&e, "h"), Square::new(3, 3));
    let hits = count(
        &events,
        |ev| matches!(ev, Event::FreeStrikeHit { attacker, target, .. } if attacker == "ogre" && target == "h"),
    );
    assert_eq!(hits, 1);
    assert_eq!(stamina(&e, "h"), 27);
}

#[test]
fn ds_combat_115_failed_climb_on_tier_2_is_only_a_failure() {
    let mut e = beside_ogre(0, &[6, 6]);
    let events = apply(&mut e, climb("h", "ogre", 4, 3));
    assert_eq!(tiers(&events, "Climb"), vec![2]);
    assert!(!on_top(&e, "h", "climbing"));
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::FreeStrikeHit { .. })),
        0
    );
    assert_eq!(stamina(&e, "h"), 30);
}

#[test]
fn shake_off_tier_2_slides_down_on_its_feet_and_tier_3_holds_on() {
    // Climb 19, then the ogre's shake-offs: hold on 6 + 6 + 2 = 14 (tier 2).
    let mut e = beside_ogre(0, &[9, 8, 6, 6]);
    apply(&mut e, climb("h", "ogre", 4, 3));
    end(&mut e, "h");
    start(&mut e, "ogre");
    let shake = Command::ShakeOff {
        creature: "ogre".into(),
        target: "h".into(),
    };
    let events = apply(&mut e, shake.clone());
    assert_eq!(tiers(&events, "Hold On"), vec![2]);
    assert!(beside(&e, "h", "ogre"));
    assert_eq!((z(&e, "h"), stamina(&e, "h")), (0, 30));
    assert!(!conditions(&e, "h").contains(&"prone".to_owned()));
    // H is no longer on the ogre: nothing left to shake off.
    assert_eq!(rule_of(&refused(&mut e, shake)), "maneuver.shake_off");

    let mut e = beside_ogre(0, &[9, 8, 9, 9]);
    apply(&mut e, climb("h", "ogre", 4, 3));
    end(&mut e, "h");
    start(&mut e, "ogre");
    let events = apply(
        &mut e,
        Command::ShakeOff {
            creature: "ogre".into(),
            target: "h".into(),
        },
    );
    assert_eq!(tiers(&events, "Hold On"), vec![3]);
    assert!(on_top(&e, "h", "climbing"));
    assert_eq!((position(&e, "h"), z(&e, "h")), (Square::new(4, 3), 2));
}

// ---- Ride --------------------------------------------------------------------------------------

#[test]
fn ride_moves_the_mount_up_to_its_speed_carrying_the_rider() {
    let mut e = fight(
        &[
            rider("r", 1, 0, "m", 0),
            horse("m", "Heroes", 0, 0, 8, ""),
            body("foe", "Director", 0, 5, ""),
        ],
        &[],
    );
    start(&mut e, "r");
    // 7 squares: more than R's speed 5, within the mount's 8.
    let path: Vec<(i32, i32)> = (1..=7).map(|x| (x, 0)).collect();
    let events = apply(&mut e, ride("r", &path[..6]));
    assert_eq!(position(&e, "m"), Square::new(6, 0));
    assert_eq!(
        position(&e, "r"),
        Square::new(7, 0),
        "R keeps its square of M"
    );
    assert_eq!(z(&e, "r"), 2);
    assert!(on_top(&e, "r", "riding"));
    let moved: Vec<(String, String)> = pick(&events, |ev| match &ev.event {
        Event::Moved { creature, .. } => Some((creature.clone(), ev.rule.id.to_owned())),
        _ => None,
    });
    assert_eq!(
        moved,
        vec![
            ("m".to_owned(), "movement.ride".to_owned()),
            ("r".to_owned(), "movement.carried".to_owned())
        ]
    );
    assert!(
        !creature(&e, "r").actions.move_unused,
        "R's move action paid"
    );
    assert!(
        !creature(&e, "m").acted_this_round,
        "M's own turn is untouched"
    );
}

#[test]
fn ride_goes_no_farther_than_the_mounts_speed() {
    let mut e = fight(
        &[
            rider("r", 0, 0, "m", 0),
            horse("m", "Heroes", 0, 0, 6, ""),
            body("foe", "Director", 0, 5, ""),
        ],
        &[],
    );
    start(&mut e, "r");
    let path: Vec<(i32, i32)> = (1..=7).map(|x| (x, 0)).collect();
    let err = refused(&mut e, ride("r", &path));
    assert_eq!(rule_of(&err), "movement.speed_limit", "{err}");
    apply(&mut e, ride("r", &path[..6]));
    assert_eq!(position(&e, "r"), Square::new(6, 0));
}

#[test]
fn ride_once_per_round_for_each_rider_and_each_mount() {
    let mut e = fight(
        &[
            rider("r1", 0, 0, "m", 0),
            rider("r2", 1, 0, "m", 0),
            horse("m", "Heroes", 0, 0, 8, ""),
            body("foe", "Director", 0, 5, ""),
        ],
        &[],
    );
    start(&mut e, "r1");
    apply(&mut e, ride("r1", &[(1, 0), (2, 0)]));
    // A second move action (trading the main action) can't be a second Ride.
    let err = refused(&mut e, ride("r1", &[(3, 0)]));
    assert_eq!(rule_of(&err), "movement.ride");
    assert!(err.reason.contains("once per round"), "{err}");
    end(&mut e, "r1");
    until_turn_of(&mut e, "r2", &["m", "foe"]);
    let err = refused(&mut e, ride("r2", &[(3, 0)]));
    assert_eq!(rule_of(&err), "movement.ride");
    assert!(err.reason.contains("m has been ridden this round"), "{err}");
    end(&mut e, "r2");
    // A new round: R1 rides again.
    until_turn_of(&mut e, "r1", &["m", "foe", "r2"]);
    apply(&mut e, ride("r1", &[(3, 0)]));
    assert_eq!(position(&e, "m"), Square::new(3, 0));
    assert_eq!(position(&e, "r2"), Square::new(4, 0), "R2 is carried too");
}

#[test]
fn ride_as_disengage_shifts_the_mount_one_square() {
    let mut e = fight(
        &[
            rider("r", 0, 0, "m", 0),
            horse("m", "Heroes", 0, 0, 8, ""),
            body("foe", "Director", 2, 0, ""),
        ],
        &[],
    );
    start(&mut e, "r");
    let two = Command::Ride {
        creature: "r".into(),
        path: squares(&[(0, 1), (0, 2)]),
        disengage: true,
    };
    assert_eq!(rule_of(&refused(&mut e, two)), "movement.shift");
    let events = apply(
        &mut e,
        Command::Ride {
            creature: "r".into(),
            path: squares(&[(0, 1)]),
            disengage: true,
        },
    );
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::OpportunityAttack { .. })),
        0
    );
    assert_eq!(position(&e, "r"), Square::new(0, 1));
}

#[test]
fn ride_is_refused_when_not_mounted_or_only_climbing() {
    let mut e = fight(
        &[
            walker("h", 1, 3, 0),
            body("giant", "Heroes", 2, 3, "size: \"2\", speed: 6"),
            body("foe", "Director", 8, 0, ""),
        ],
        &[],
    );
    start(&mut e, "h");
    let err = refused(&mut e, ride("h", &[(3, 2)]));
    assert_eq!(rule_of(&err), "movement.ride");
    assert!(err.reason.contains("not mounted"), "{err}");
    // A willing ally without the Mount role is climbed, not ridden.
    let events = apply(&mut e, mount("h", "giant", 2, 3));
    assert!(rules(&events).contains(&"movement.mount"));
    assert!(on_top(&e, "h", "climbing"));
    let err = refused(&mut e, ride("h", &[(3, 2)]));
    assert_eq!(rule_of(&err), "movement.ride");
    assert!(err.reason.contains("climbing giant"), "{err}");
}

// ---- Getting on and off ------------------------------------------------------------------------

#[test]
fn mount_a_willing_mount_with_the_move_action_then_dismount() {
    let mut e = fight(
        &[
            walker("h", 1, 3, 0),
            horse("m", "Heroes", 2, 3, 8, ""),
            body("foe", "Director", 8, 0, ""),
        ],
        &[],
    );
    start(&mut e, "h");
    let events = apply(&mut e, mount("h", "m", 3, 4));
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::PowerRolled { .. })),
        0,
        "no roll for a willing mount"
    );
    assert!(rules(&events).contains(&"movement.mount"));
    assert_eq!((position(&e, "h"), z(&e, "h")), (Square::new(3, 4), 2));
    assert!(on_top(&e, "h", "riding"));
    assert!(!creature(&e, "h").actions.move_unused);
    // On the mount it moves only with it.
    let err = refused(&mut e, advance("h", &[(4, 4)]));
    assert_eq!(rule_of(&err), "movement.dismount");
    // Down beside the mount, trading the main action for a second move action.
    let err = refused(
        &mut e,
        Command::Dismount {
            creature: "h".into(),
            to: Square::new(6, 4),
        },
    );
    assert_eq!(rule_of(&err), "movement.dismount");
    let events = apply(
        &mut e,
        Command::Dismount {
            creature: "h".into(),
            to: Square::new(4, 4),
        },
    );
    assert!(rules(&events).contains(&"movement.dismount"));
    assert_eq!((position(&e, "h"), z(&e, "h")), (Square::new(4, 4), 0));
    assert!(!on_top(&e, "h", "riding"));
}

#[test]
fn mounting_refuses_smaller_creatures_unwilling_ones_without_a_roll_and_other_squares() {
    let mut e = fight(
        &[
            walker("h", 1, 3, 0),
            body(
                "pony",
                "Heroes",
                0,
                3,
                &format!("size: \"1S\", {MOUNT_ROLE}"),
            ),
            horse("m", "Heroes", 2, 1, 8, ""),
            body("ogre", "Director", 2, 3, "size: \"2\""),
        ],
        &[],
    );
    start(&mut e, "h");
    let err = refused(&mut e, mount("h", "pony", 0, 3));
    assert_eq!(rule_of(&err), "movement.mount");
    assert!(err.reason.contains("not larger"), "{err}");
    let err = refused(&mut e, mount("h", "ogre", 2, 3));
    assert_eq!(rule_of(&err), "movement.mount");
    assert!(err.reason.contains("ClimbCreature"), "{err}");
    let err = refused(&mut e, climb("h", "m", 2, 1));
    assert_eq!(rule_of(&err), "movement.climb_creature");
    let err = refused(&mut e, mount("h", "m", 1, 1));
    assert_eq!(rule_of(&err), "movement.mount");
    assert!(err.reason.contains("not on m"), "{err}");
}

// ---- Carried along -----------------------------------------------------------------------------

#[test]
fn a_mount_force_moved_or_advancing_carries_its_rider() {
    let mut e = fight(
        &[
            rider("r", 3, 4, "m", 0),
            horse("m", "Heroes", 3, 3, 8, ""),
            body("foe", "Director", 0, 3, ""),
        ],
        &[],
    );
    let events = apply(&mut e, force(Push, Some("foe"), "m", 2, &[(4, 3), (5, 3)]));
    assert_eq!(position(&e, "m"), Square::new(5, 3));
    assert_eq!((position(&e, "r"), z(&e, "r")), (Square::new(5, 4), 2));
    assert!(on_top(&e, "r", "riding"));
    assert!(rules(&events).contains(&"movement.carried"));
    assert_eq!(stamina(&e, "r"), 30);
    // The mount's own move is not blocked by its rider, and carries it.
    until_turn_of(&mut e, "m", &["r", "foe"]);
    apply(&mut e, advance("m", &[(6, 3), (7, 3)]));
    assert_eq!((position(&e, "r"), z(&e, "r")), (Square::new(7, 4), 2));
}

#[test]
fn a_rider_knocked_out_falls_off_prone() {
    // H's ranged free strike (bane: the wolf is adjacent) 3 + 3 + 2 − 2 = tier 1, 4 damage.
    let mut e = fight(
        &[
            walker("h", 2, 3, 0),
            horse("wolf", "Director", 3, 3, 6, ""),
            body(
                "gob",
                "Director",
                4,
                4,
                "stamina: 3, characteristics: (agility: 1), riding: \"wolf\"",
            )
            .replace("stamina: 30, ", ""),
        ],
        &[3, 3],
    );
    start(&mut e, "h");
    let events = apply(
        &mut e,
        Command::FreeStrike {
            attacker: "h".into(),
            target: "gob".into(),
            ranged: true,
            characteristic: None,
            tier: None,
            knock_out: true,
            edges: 0,
            banes: 0,
            bonus: 0,
            penalty: 0,
            damage_type: None,
        },
    );
    assert!(creature(&e, "gob").unconscious);
    assert!(!on_top(&e, "gob", "riding"));
    assert_eq!(z(&e, "gob"), 0);
    assert!(beside(&e, "gob", "wolf"));
    assert!(rules(&events).contains(&"movement.mount.fall"));
    assert!(
        !conditions(&e, "wolf").contains(&"prone".to_owned()),
        "the wolf lives"
    );
}

#[test]
fn riders_survive_save_and_load_and_a_scenario_checks_its_mounts() {
    let e = fight(
        &[
            rider("r", 3, 3, "m", 0),
            horse("m", "Heroes", 3, 3, 8, ""),
            body("foe", "Director", 8, 0, ""),
        ],
        &[],
    );
    let mut restored = Engine::restore(e.snapshot());
    assert!(on_top(&restored, "r", "riding"));
    assert_eq!(z(&restored, "r"), 2);
    assert_eq!(restored.checksum(), e.checksum());
    restored
        .apply(Command::StartTurn {
            creature: "r".into(),
        })
        .expect("r's turn");
    restored
        .apply(ride("r", &[(4, 3)]))
        .expect("still its mount after loading");

    let creatures = [
        rider("r", 3, 3, "giant", 0),
        body("giant", "Heroes", 3, 3, "size: \"2\""),
        body("foe", "Director", 8, 0, ""),
    ];
    let rows: Vec<String> = ROOM.iter().map(|r| format!("\"{r}\"")).collect();
    let src = format!(
        "Scenario(name: \"bad mount\", map: (legend: {{}}, rows: [{}]), creatures: [{}])",
        rows.join(", "),
        creatures.join(", ")
    );
    let problems = scenario::load("bad.ron", &src).expect_err("giant is no Mount");
    assert!(
        problems.iter().any(|p| p.message.contains("Mount role")),
        "{problems:?}"
    );
}

// ---- Teleporting: a rider and its mount teleport separately (seed 002 L3129) ------------------

const BLINK: &str = "\"blink\": (name: \"blink\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (teleport: 5)),";

/// P (who knows Blink) at (0, 0); R (Agility 0) rides M at (3, 3).
fn blinking() -> Engine {
    let mut e = fight_with(
        &ROOM,
        &abilities::fields(BLINK, None),
        &[
            body(
                "p",
                "Heroes",
                0,
                0,
                "hero: (recoveries: 1), abilities: [\"blink\"]",
            ),
            rider("r", 3, 3, "m", 0),
            horse("m", "Heroes", 3, 3, 8, ""),
            body("foe", "Director", 9, 5, ""),
        ],
        &[],
        Side::Heroes,
    );
    start(&mut e, "p");
    e
}

fn teleport(target: &str, x: i32, y: i32) -> Command {
    Command::Teleport {
        target: target.into(),
        to: Square::new(x, y),
        stand: false,
    }
}

#[test]
fn a_mount_teleported_away_leaves_its_rider_to_fall() {
    let mut e = blinking();
    apply(&mut e, abilities::use_ability("p", "blink", &["m"]));
    let events = apply(&mut e, teleport("m", 7, 3));
    assert_eq!(position(&e, "m"), Square::new(7, 3));
    assert!(!on_top(&e, "r", "riding"));
    assert_eq!((position(&e, "r"), z(&e, "r")), (Square::new(3, 3), 0));
    assert_eq!(falls(&events), vec![("r".to_owned(), 2, 4)]);
    assert_eq!(stamina(&e, "r"), 26);
    assert!(conditions(&e, "r").contains(&"prone".to_owned()));
}

#[test]
fn a_rider_teleported_is_off_its_mount() {
    let mut e = blinking();
    apply(&mut e, abilities::use_ability("p", "blink", &["r"]));
    let events = apply(&mut e, teleport("r", 7, 3));
    assert!(rules(&events).contains(&"movement.carried"));
    assert!(!on_top(&e, "r", "riding"));
    assert_eq!((position(&e, "r"), z(&e, "r")), (Square::new(7, 3), 0));
    assert_eq!(position(&e, "m"), Square::new(3, 3));
    assert_eq!(stamina(&e, "r"), 30);
}
