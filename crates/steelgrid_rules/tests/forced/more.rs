//! More forced-movement cases from the combat digest (§32 A-E): stability effects, big vs little
//! only in melee, object Stamina, mid-air collisions, vertical pushes and slides, being forced
//! down into the floor, falls from a great height, grabbed targets and slowed targets. Each is a
//! scenario, commands, and the positions, Stamina, conditions and log a player would see.

use crate::common;

use common::abilities::{fields, foe, hero as hero_with, use_ability};
use common::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind::{self, Push, Slide};
use steelgrid_rules::forced::ForcedSpec;
use steelgrid_rules::grid::{Square, Terrain};
use steelgrid_rules::{Command, Engine, scenario};

/// The derivation a forced movement logged.
fn derivation(events: &[LoggedEvent]) -> Vec<String> {
    pick(events, |ev| match &ev.event {
        Event::ForcedMoved { derivation, .. } => Some(derivation.clone()),
        _ => None,
    })
    .pop()
    .expect("a forced movement was logged")
}

/// A vertical forced movement through the (x, y, z) spaces of `path`, z the height of the
/// bottom of the target's space.
fn vertical(
    kind: ForcedKind,
    forcer: Option<&str>,
    target: &str,
    distance: u32,
    path: &[(i32, i32, i32)],
) -> Command {
    at_heights(
        force(kind, forcer, target, distance, &flat(path)),
        path,
        true,
    )
}

/// `command` with the heights of `path` and its `vertical` flag set to `tagged`.
fn at_heights(mut command: Command, path: &[(i32, i32, i32)], tagged: bool) -> Command {
    if let Command::ForceMove {
        vertical, heights, ..
    } = &mut command
    {
        *vertical = tagged;
        *heights = path.iter().map(|p| p.2).collect();
    }
    command
}

fn flat(path: &[(i32, i32, i32)]) -> Vec<(i32, i32)> {
    path.iter().map(|&(x, y, _)| (x, y)).collect()
}

/// A flier at (x, y), `altitude` squares up, with 30 Stamina.
fn flier(id: &str, side: &str, x: i32, y: i32, altitude: u32, extra: &str) -> String {
    body(
        id,
        side,
        x,
        y,
        &format!("movement: [Fly], altitude: {altitude}{extra}"),
    )
}

fn hero_at(id: &str, x: i32, y: i32) -> String {
    body(id, "Heroes", x, y, "hero: (recoveries: 1)")
}

/// A plateau 4 high over every square with x ≤ 4; the ground elsewhere is at 0.
const CLIFF: [&str; 6] = [
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
    "44444.....",
];

#[test]
fn ds_combat_05_stability_never_goes_below_zero() {
    // Stability 1 and an effect giving −3: stability 0, not −2, so push 2 stays push 2.
    let t = body(
        "t",
        "Director",
        3,
        3,
        "stability: 1, stability_modifier: -3",
    );
    let mut e = fight(&[hero_at("p", 2, 3), t], &[]);
    assert_eq!(creature(&e, "t").stability, 0);
    let err = refused(
        &mut e,
        force(Push, Some("p"), "t", 2, &[(4, 3), (5, 3), (6, 3)]),
    );
    assert_eq!(err.rule, "forced_movement.distance");
    let events = apply(&mut e, force(Push, Some("p"), "t", 2, &[(4, 3), (5, 3)]));
    assert_eq!(position(&e, "t"), Square::new(5, 3));
    assert_eq!(
        derivation(&events)[0],
        "push 2 − stability 0 (1 − 3 from effects, never below 0) = 2"
    );
    // An effect that raises stability counts in full: 1 + 2 = 3 cancels a push 2.
    let t = body("t", "Director", 3, 3, "stability: 1, stability_modifier: 2");
    let mut e = fight(&[hero_at("p", 2, 3), t], &[]);
    assert_eq!(creature(&e, "t").stability, 3);
    let err = refused(&mut e, force(Push, Some("p"), "t", 2, &[(4, 3)]));
    assert_eq!(err.rule, "forced_movement.distance");
    let events = apply(&mut e, force(Push, Some("p"), "t", 2, &[]));
    assert_eq!(
        derivation(&events)[0],
        "push 2 − stability 3 (1 + 2 from effects) = 0"
    );
}

/// Push 2 at every tier, from an ability with `keywords` and `distance`.
fn shove(id: &str, keywords: &str, distance: &str) -> String {
    let push = "(forced: (kind: Push, distance: 2))";
    format!(
        "\"{id}\": (name: \"{id}\", keywords: [{keywords}], action: MainAction, distance: {distance}, target: (who: Enemy, count: 1), power_roll: (characteristic: [Might], tier1: {push}, tier2: {push}, tier3: {push}))"
    )
}

/// A 1L hero at (2, 3) who knows the shoves, a 1M foe at (3, 3); the hero's turn has started.
fn big_pusher() -> Engine {
    let table = [
        shove("ranged_shove", "Ranged, Strike, Weapon", "Ranged(5)"),
        shove("reaching_shove", "Strike, Weapon", "MeleeOrRanged(1, 5)"),
        shove("force_palm", "Magic, Melee, Strike", "Melee(1)"),
        shove("shield_shove", "Melee, Strike, Weapon", "Melee(1)"),
    ]
    .join(", ");
    let p = hero_with(
        "p",
        2,
        3,
        &[
            "ranged_shove",
            "reaching_shove",
            "force_palm",
            "shield_shove",
        ],
        ", size: \"1L\"",
    );
    let mut e = fight_with(
        &ROOM,
        &fields(&table, None),
        &[p, foe("t", 3, 3, &[], "")],
        &[5, 5],
        Side::Heroes,
    );
    start(&mut e, "p");
    e
}

/// `p` uses `ability` on `t` (at range when `ranged`) and gives the push it leaves pending.
fn pending_push(
    e: &mut Engine,
    ability: &str,
    ranged: bool,
) -> steelgrid_rules::forced::PendingForced {
    let mut cmd = use_ability("p", ability, &["t"]);
    if let Command::UseAbility { ranged: r, .. } = &mut cmd {
        *r = ranged;
    }
    apply(e, cmd);
    e.state().pending_forced.expect("a push waits for its path")
}

#[test]
fn ds_combat_14_no_big_vs_little_bonus_at_range_or_without_a_weapon() {
    // A 1L user against a 1M target: a ranged weapon push 2, a "Melee or Ranged" weapon push
    // used at range, and a melee push that is not a weapon ability all stay push 2.
    for (ability, ranged) in [
        ("ranged_shove", false),
        ("reaching_shove", true),
        ("force_palm", false),
    ] {
        let mut e = big_pusher();
        let pending = pending_push(&mut e, ability, ranged);
        assert_eq!(
            (pending.distance, pending.melee_weapon),
            (2, false),
            "{ability}"
        );
        let spec = pending.spec();
        let three = spec.command_along(squares(&[(4, 3), (5, 3), (6, 3)]));
        assert_eq!(refused(&mut e, three).rule, "forced_movement.distance");
        apply(&mut e, spec.command_along(squares(&[(4, 3), (5, 3)])));
        assert_eq!(position(&e, "t"), Square::new(5, 3), "{ability}");
    }
    // The same push from a weapon ability used in melee gains 1: the foe ends at (6, 3).
    for (ability, ranged) in [("shield_shove", false), ("reaching_shove", false)] {
        let mut e = big_pusher();
        let pending = pending_push(&mut e, ability, ranged);
        assert!(pending.melee_weapon, "{ability}");
        let events = apply(
            &mut e,
            pending
                .spec()
                .command_along(squares(&[(4, 3), (5, 3), (6, 3)])),
        );
        assert_eq!(position(&e, "t"), Square::new(6, 3), "{ability}");
        assert!(derivation(&events)[0].contains("+ 1 big vs little"));
    }
}

/// Damage every object it is used on for `amount` of `kind`, with no roll.
fn blast(id: &str, amount: u32, kind: &str) -> String {
    format!(
        "\"{id}\": (name: \"{id}\", keywords: [Magic, Melee], action: FreeManeuver, distance: Melee(1), target: (who: CreatureOrObject, count: 1), effect: (damage: (base: {amount}, plus_characteristic: false{kind})))"
    )
}

#[test]
fn ds_combat_28_object_stamina_and_object_immunities() {
    // A wooden door (3 Stamina) at (3, 1) and a glass window (1 Stamina) at (1, 1).
    let rows = [
        "..........",
        ".g.w......",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let table = [
        blast("mind_spike", 10, ", kind: Psychic"),
        blast("venom", 10, ", kind: Poison"),
        blast("ember", 4, ", kind: Fire"),
        blast("tap", 1, ""),
    ]
    .join(", ");
    let h = hero_with("h", 2, 1, &["mind_spike", "venom", "ember", "tap"], "");
    let mut e = fight_with(
        &rows,
        &fields(&table, None),
        &[h, foe("far", 9, 5, &[], "")],
        &[],
        Side::Heroes,
    );
    start(&mut e, "h");
    let door = Square::new(3, 1);
    let hit = |e: &mut Engine, ability: &str, at: Square| {
        let mut cmd = use_ability("h", ability, &[]);
        if let Command::UseAbility { objects, .. } = &mut cmd {
            *objects = vec![at];
        }
        let events = apply(e, cmd);
        let damaged = pick(&events, |ev| match ev.event {
            Event::ObjectDamaged { amount, left, .. } => Some((amount, left)),
            _ => None,
        });
        let destroyed = count(&events, |ev| matches!(ev, Event::ObjectDestroyed { .. }));
        (damaged, destroyed)
    };
    // Objects are immune to all psychic and all poison damage.
    assert_eq!(hit(&mut e, "mind_spike", door), (vec![(0, 3)], 0));
    assert_eq!(hit(&mut e, "venom", door), (vec![(0, 3)], 0));
    assert_eq!(e.map().cell(door).unwrap().object_stamina, Some(3));
    // 4 fire against 3 Stamina: destroyed, and the square is open floor.
    assert_eq!(hit(&mut e, "ember", door), (vec![(4, 0)], 1));
    assert_eq!(e.map().terrain(door), Some(Terrain::Floor));
    // Glass breaks to any damage at all.
    let window = Square::new(1, 1);
    assert_eq!(e.map().cell(window).unwrap().object_stamina, Some(1));
    assert_eq!(hit(&mut e, "tap", window), (vec![(1, 0)], 1));
    assert_eq!(e.map().terrain(window), Some(Terrain::Floor));
}

/// The state checksum follows the map: breaking a window changes it, the same state gives the
/// same checksum twice (the map's hash is kept between checksums), and the snapshot of the
/// changed state, restored, gives it again.
#[test]
fn the_state_checksum_follows_an_object_broken() {
    let rows = ["..........", ".g........", ".........."];
    let h = hero_with("h", 2, 1, &["tap"], "");
    let mut e = fight_with(
        &rows,
        &fields(&blast("tap", 1, ""), None),
        &[h, foe("far", 9, 2, &[], "")],
        &[],
        Side::Heroes,
    );
    start(&mut e, "h");
    let before = e.checksum();
    assert_eq!(e.checksum(), before);
    let mut cmd = use_ability("h", "tap", &[]);
    if let Command::UseAbility { objects, .. } = &mut cmd {
        *objects = vec![Square::new(1, 1)];
    }
    apply(&mut e, cmd);
    assert_eq!(e.map().terrain(Square::new(1, 1)), Some(Terrain::Floor));
    let after = e.checksum();
    assert_ne!(after, before, "the broken window is in the checksum");
    assert_eq!(Engine::restore(e.snapshot()).checksum(), after);
}

#[test]
fn ds_combat_32_mid_air_collision_after_a_cliff_push() {
    let mut e = fight_in(
        &CLIFF,
        &[
            hero_at("p", 3, 3),
            body("t", "Director", 4, 3, ""),
            flier("f", "Director", 6, 3, 4, ""),
        ],
        &[],
    );
    let events = apply(
        &mut e,
        force(Push, Some("p"), "t", 3, &[(5, 3), (6, 3), (7, 3)]),
    );
    // Over the air to (5, 3), then into F's space at the same height: 2 left, 2 each.
    let d = derivation(&events);
    assert!(
        d.iter()
            .any(|l| l.contains("stopped after 1 square by f: 2 left")),
        "{d:?}"
    );
    // Then T falls 4 with Agility 0: 8 damage, prone at (5, 3, 0).
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.z, t.stamina.current),
        (Square::new(5, 3), 0, 30 - 2 - 8)
    );
    assert_eq!(t.conditions, vec!["prone"]);
    // F takes the collision and stays aloft.
    let f = creature(&e, "f");
    assert_eq!((f.stamina.current, f.altitude), (28, 4));
    assert!(f.conditions.is_empty());
    let rules: Vec<&str> = events.iter().map(|ev| ev.rule.id).collect();
    let collision = rules
        .iter()
        .position(|r| *r == "forced_movement.collision.creature")
        .unwrap();
    let fall = rules.iter().position(|r| *r == "falling").unwrap();
    assert!(collision < fall, "the collision comes before the fall");
}

#[test]
fn ds_combat_37_vertical_slide_straight_up_then_a_fall() {
    for (agility, damage) in [(0, 6), (1, 4)] {
        let t = body(
            "t",
            "Director",
            3,
            3,
            &format!("characteristics: (agility: {agility})"),
        );
        let mut e = fight(&[hero_at("h", 9, 5), t], &[]);
        let up = [(3, 3, 1), (3, 3, 2), (3, 3, 3)];
        // Without "vertical" a slide can't lift it.
        let plain = at_heights(force(Slide, None, "t", 3, &flat(&up)), &up, false);
        assert_eq!(refused(&mut e, plain).rule, "forced_movement.vertical");
        let events = apply(&mut e, vertical(Slide, None, "t", 3, &up));
        let d = derivation(&events);
        assert_eq!(d[0], "vertical slide 3 − stability 0 = 3");
        assert!(d.iter().any(|l| l.starts_with("falls 3 squares")), "{d:?}");
        let t = creature(&e, "t");
        assert_eq!(
            (t.position, t.z, t.stamina.current),
            (Square::new(3, 3), 0, 30 - damage)
        );
        assert_eq!(t.conditions, vec!["prone"], "agility {agility}");
    }
}

#[test]
fn ds_combat_38_a_vertical_push_must_move_the_target_away() {
    let uplift = "\"uplift\": (name: \"Uplift\", keywords: [Magic, Melee, Strike], action: MainAction, distance: Melee(1), target: (who: Enemy, count: 1), power_roll: (characteristic: [Might], tier1: (forced: (kind: Push, distance: 3, vertical: true)), tier2: (forced: (kind: Push, distance: 3, vertical: true)), tier3: (forced: (kind: Push, distance: 3, vertical: true))))";
    let mut e = fight_with(
        &ROOM,
        &fields(uplift, None),
        &[
            hero_with("p", 2, 3, &["uplift"], ""),
            foe("t", 3, 3, &[], ""),
        ],
        &[5, 5],
        Side::Heroes,
    );
    start(&mut e, "p");
    apply(&mut e, use_ability("p", "uplift", &["t"]));
    let pending = e.state().pending_forced.expect("the push waits");
    assert!(pending.vertical);
    // The answer must be the vertical push itself.
    let plain = force(Push, Some("p"), "t", 3, &[(4, 3), (5, 3), (6, 3)]);
    assert_eq!(refused(&mut e, plain).rule, "choice.pending");
    // Straight up first keeps it 1 square from P (Chebyshev in 3D): not a push.
    let up = vertical(Push, Some("p"), "t", 3, &[(3, 3, 1), (3, 3, 2), (3, 3, 3)]);
    assert_eq!(refused(&mut e, up).rule, "forced_movement.push");
    // Up and away: distances 2, 3, 4. The engine offers that path, and never a first step up.
    let choices = e.forced_choices(&pending.spec()).unwrap();
    assert!(choices.iter().any(|o| o.end == Square::new(6, 3)
        && o.moved_heights == vec![1, 2, 3]
        && o.fall.as_ref().is_some_and(|f| f.height == 3)));
    assert!(
        choices
            .iter()
            .all(|o| o.moved.first() != Some(&Square::new(3, 3)))
    );
    // Rising, then level, then sinking is not a straight line.
    let bent = vertical(Push, Some("p"), "t", 3, &[(4, 3, 1), (5, 3, 1), (6, 3, 0)]);
    assert!(e.check(&bent).unwrap_err().reason.contains("straight"));
    let chosen = choices
        .iter()
        .find(|o| o.end == Square::new(6, 3) && o.moved_heights == vec![1, 2, 3])
        .unwrap();
    let events = apply(&mut e, pending.spec().command_for(chosen));
    assert_eq!(
        derivation(&events),
        vec![
            "vertical push 3 − stability 0 = 3",
            "falls 3 squares: 3 − Agility 0 = 3 → 6 damage, prone"
        ]
    );
    // It falls 3 once the push is over: 6 damage, prone at (6, 3, 0).
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.z, t.stamina.current),
        (Square::new(6, 3), 0, 24)
    );
    assert_eq!(t.conditions, vec!["prone"]);
    assert!(e.state().pending_forced.is_none());
}

#[test]
fn ds_combat_40_pushing_a_grounded_creature_down_into_the_floor() {
    // Flying P rises over T, then pushes it down: T can't move, so 2 + 3 = 5 and no fall.
    let mut e = fight(
        &[
            flier("p", "Heroes", 2, 3, 2, ", hero: (recoveries: 1)"),
            body("t", "Director", 3, 3, ""),
        ],
        &[],
    );
    start(&mut e, "p");
    apply(
        &mut e,
        Command::Fly {
            creature: "p".into(),
            path: vec![(3, 3, 2)],
        },
    );
    let down = [(3, 3, -1), (3, 3, -2), (3, 3, -3)];
    let events = apply(&mut e, vertical(Push, Some("p"), "t", 3, &down));
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "forced_movement.downward")
    );
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::Fell { .. })),
        0,
        "moved 0 squares down: no fall"
    );
    assert_eq!(
        derivation(&events)[1],
        "stopped after 0 squares by the ground at (3, 3), forced down into it: 2 + 3 left = 5 damage"
    );
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.z, t.stamina.current),
        (Square::new(3, 3), 0, 25)
    );
    assert!(t.conditions.is_empty(), "not prone");
}

#[test]
fn a_flier_forced_down_into_the_ground_falls_the_squares_it_moved_as_if_agility_0() {
    // T flies 2 up with Agility 3; a slide 4 (vertical, as any on a flier) takes it down 2
    // squares and then into the floor with 2 left: 2 + 2 = 4, and a fall of the 2 squares as if
    // its Agility were 0 = 4, prone (seed 002 L2780; digest A-2).
    let mut e = fight(
        &[
            hero_at("p", 5, 3),
            flier("t", "Director", 3, 3, 2, ", characteristics: (agility: 3)"),
        ],
        &[],
    );
    let path = [(3, 3, 1), (3, 3, 0), (3, 3, -1), (3, 3, -2)];
    let events = apply(&mut e, vertical(Slide, None, "t", 4, &path));
    assert!(
        events
            .iter()
            .any(|ev| ev.rule == "forced_movement.downward")
    );
    let fell = pick(&events, |ev| match &ev.event {
        Event::Fell {
            height,
            agility,
            damage,
            ..
        } => Some((*height, *agility, *damage, ev.rule.id.to_owned())),
        _ => None,
    });
    assert_eq!(fell, vec![(2, 0, 4, "forced_movement.downward".to_owned())]);
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.altitude, t.stamina.current),
        (Square::new(3, 3), 0, 30 - 4 - 4)
    );
    assert_eq!(t.conditions, vec!["prone"]);
    // Moved down onto the ground and no further: only the fall, with its real Agility.
    let mut e = fight(
        &[
            hero_at("p", 5, 3),
            flier("t", "Director", 3, 3, 4, ", characteristics: (agility: 1)"),
        ],
        &[],
    );
    let path = [(3, 3, 3), (3, 3, 2), (3, 3, 1), (3, 3, 0)];
    let events = apply(&mut e, vertical(Slide, None, "t", 4, &path));
    assert!(derivation(&events).iter().all(|l| !l.contains("falls")));
    let t = creature(&e, "t");
    assert_eq!(
        (t.altitude, t.stamina.current),
        (0, 30),
        "a flier just lands"
    );
    // A creature that can't fly, forced down off the cliff's edge, falls the whole way from
    // where it started: 1 square down by force, then 3 more (digest A-2).
    let mut e = fight_in(
        &CLIFF,
        &[hero_at("p", 3, 3), body("t", "Director", 4, 3, "")],
        &[],
    );
    let events = apply(&mut e, vertical(Push, Some("p"), "t", 1, &[(5, 3, 3)]));
    assert!(
        derivation(&events)
            .iter()
            .any(|l| l.starts_with("falls 4 squares")),
        "{:?}",
        derivation(&events)
    );
    assert_eq!(stamina(&e, "t"), 22);
}

#[test]
fn ds_combat_41_a_plain_push_lifts_a_flier_up_and_away() {
    // Forced movement on a flier is always vertical: a plain push 2 may take it up.
    let mut e = fight(
        &[
            flier("p", "Heroes", 2, 3, 2, ", hero: (recoveries: 1)"),
            flier("t", "Director", 3, 3, 2, ""),
        ],
        &[],
    );
    let path = [(4, 3, 3), (5, 3, 4)];
    let events = apply(
        &mut e,
        at_heights(force(Push, Some("p"), "t", 2, &flat(&path)), &path, false),
    );
    assert_eq!(derivation(&events)[0], "push 2 − stability 0 = 2");
    let t = creature(&e, "t");
    assert_eq!(
        (t.position, t.altitude, t.stamina.current),
        (Square::new(5, 3), 4, 30)
    );
    // The choices for a flier include rising ones.
    let spec = ForcedSpec {
        kind: Push,
        forcer: Some("p".into()),
        target: "t".into(),
        distance: 1,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: Vec::new(),
        break_objects: true,
        vertical: false,
        heights: Vec::new(),
    };
    let choices = e.forced_choices(&spec).unwrap();
    assert!(choices.iter().any(|o| o.moved_heights == vec![5]));
    assert!(choices.iter().any(|o| o.moved_heights == vec![3]));
}

/// A 10×6 map whose columns x ≤ 3 are a pillar 250 squares high; the heroes choose and go
/// first.
fn great_height(creatures: &[String]) -> Engine {
    let rows: Vec<String> = (0..6).map(|_| "\"CCCC......\"".to_owned()).collect();
    let src = format!(
        "Scenario(name: \"Great height\", map: (legend: {{'C': (elevation: 250)}}, rows: [{}]), creatures: [{}], dice: [7])",
        rows.join(", "),
        creatures.join(", ")
    );
    let mut e = scenario::load("great_height.ron", &src)
        .unwrap_or_else(|p| panic!("{p:?}"))
        .start(Some(1));
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    e
}

fn round(e: &Engine) -> u32 {
    e.state().round
}

#[test]
fn ds_combat_44_falling_far() {
    let t = "(id: \"t\", side: Director, stamina: 80, position: (3, 3))";
    let mut e = great_height(&[hero_at("p", 2, 3), t.into()]);
    for _ in 0..2 {
        take_turn(&mut e, "p");
        take_turn(&mut e, "t");
    }
    assert_eq!(round(&e), 3);
    // Pushed off the 250-square pillar in round 3: it drops 100 at once.
    let events = apply(&mut e, force(Push, Some("p"), "t", 1, &[(4, 3)]));
    assert!(
        derivation(&events).iter().any(|l| l
            == "falls 250 squares: 100 now and 100 more at the end of each later round (150 to go); on landing 250 − Agility 0 = 250 → 50 damage, prone"),
        "{:?}",
        derivation(&events)
    );
    let still = |events: &[LoggedEvent]| {
        pick(events, |ev| match &ev.event {
            Event::StillFalling { dropped, left, .. } => Some((*dropped, *left)),
            _ => None,
        })
    };
    assert_eq!(still(&events), vec![(100, 150)]);
    let t = creature(&e, "t");
    assert_eq!((t.altitude, t.stamina.current), (150, 80));
    assert_eq!(t.effects, vec!["falling"]);
    // Round 3 ends: nothing more yet (it began falling this round). A restored game goes on.
    take_turn(&mut e, "p");
    let events = end_round(&mut e);
    assert!(still(&events).is_empty());
    let mut e = Engine::restore(e.snapshot());
    assert_eq!((round(&e), creature(&e, "t").altitude), (4, 150));
    // The end of round 4: another 100.
    take_turn(&mut e, "p");
    let events = end_round(&mut e);
    assert_eq!(still(&events), vec![(100, 50)]);
    assert_eq!(creature(&e, "t").altitude, 50);
    // The end of round 5: it lands. 2 × 250 = 500, capped at 50; prone.
    take_turn(&mut e, "p");
    let events = end_round(&mut e);
    let fell = pick(&events, |ev| match &ev.event {
        Event::Fell { height, damage, .. } => Some((*height, *damage, ev.rule.id.to_owned())),
        _ => None,
    });
    assert_eq!(fell, vec![(250, 50, "falling.far".to_owned())]);
    let t = creature(&e, "t");
    assert_eq!(
        (t.altitude, t.z, t.stamina.current, t.position),
        (0, 0, 30, Square::new(4, 3))
    );
    assert_eq!(t.conditions, vec!["prone"]);
    assert!(t.effects.is_empty());
}

/// `t` takes its turn, which ends the round; what it logged.
fn end_round(e: &mut Engine) -> Vec<LoggedEvent> {
    let before = round(e);
    start(e, "t");
    let events = end(e, "t");
    assert_eq!(round(e), before + 1, "the round ended");
    events
}

#[test]
fn ds_combat_47_grabbed_targets() {
    let g = "(id: \"g\", side: Heroes, stamina: 30, speed: 5, position: (2, 3), characteristics: (might: 2, agility: 1), hero: (recoveries: 1))";
    let mut e = fight(
        &[
            g.into(),
            hero_at("e", 2, 5),
            body("t", "Director", 3, 3, ""),
        ],
        &[9, 9],
    );
    start(&mut e, "g");
    apply(
        &mut e,
        Command::Grab {
            creature: "g".into(),
            target: "t".into(),
        },
    );
    assert_eq!(creature(&e, "t").grabbed_by.as_deref(), Some("g"));
    // E pushes T 3: only the grabber can move it, so it moves 0.
    let err = refused(&mut e, force(Push, Some("e"), "t", 3, &[(4, 2)]));
    assert_eq!(err.rule, "forced_movement.distance");
    let events = apply(&mut e, force(Push, Some("e"), "t", 3, &[]));
    assert_eq!(
        derivation(&events)[0],
        "push 3: t is grabbed by g: only g can move it, so it moves 0"
    );
    assert_eq!(position(&e, "t"), Square::new(3, 3));
    // G pushes T 2 east to (5, 3): no longer adjacent, so the grab ends.
    let events = apply(&mut e, force(Push, Some("g"), "t", 2, &[(4, 3), (5, 3)]));
    assert_eq!(position(&e, "t"), Square::new(5, 3));
    assert!(events.iter().any(|ev| matches!(
        &ev.event,
        Event::ConditionEnded { creature, condition } if creature == "t" && condition == "grabbed"
    )));
    assert!(creature(&e, "t").grabbed_by.is_none());
}

#[test]
fn ds_combat_50_forced_movement_is_not_capped_by_speed() {
    let hobble = "\"hobble\": (name: \"Hobble\", keywords: [Magic, Melee], action: Maneuver, distance: Melee(1), target: (who: Enemy, count: 1), effect: (conditions: [(condition: Slowed, duration: SaveEnds)]))";
    let mut e = fight_with(
        &ROOM,
        &fields(hobble, None),
        &[
            hero_with("p", 2, 3, &["hobble"], ""),
            foe("t", 3, 3, &[], ""),
        ],
        &[],
        Side::Heroes,
    );
    start(&mut e, "p");
    apply(&mut e, use_ability("p", "hobble", &["t"]));
    assert_eq!(conditions(&e, "t"), vec!["slowed (save ends)"]);
    // Slowed: speed 2, yet a push 4 moves it 4.
    let events = apply(
        &mut e,
        force(Push, Some("p"), "t", 4, &[(4, 3), (5, 3), (6, 3), (7, 3)]),
    );
    assert_eq!(derivation(&events), vec!["push 4 − stability 0 = 4"]);
    assert_eq!(position(&e, "t"), Square::new(7, 3));
}
