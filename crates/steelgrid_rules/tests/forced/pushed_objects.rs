//! Objects as the targets of forced movement: a crate shoved into a creature, into a wall, off a
//! ledge, with and without the optional rule that tracks the object's own damage
//! (seed 002 L2740, L2768-2770, L2782-2790).

use crate::common;

use common::abilities::{fields, foe, hero as hero_with, use_ability};
use common::*;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::{ForcedKind, ForcedSpec, object_target};
use steelgrid_rules::grid::{Material, Square, Terrain};
use steelgrid_rules::{Command, Engine};

/// Shove: melee 1 against a creature or object, push 4 whatever the roll, no damage.
const SHOVE: &str = "\"shove\": (name: \"Shoulder Shove\", keywords: [Melee, Weapon], action: MainAction, distance: Melee(1), target: (who: CreatureOrObject, count: 1), power_roll: (characteristic: [Might], tier1: (forced: (kind: Push, distance: 4)), tier2: (forced: (kind: Push, distance: 4)), tier3: (forced: (kind: Push, distance: 4))))";

/// A hero at (2, 2) beside a crate at (3, 2); a foe at (6, 2) down the row; a wall of stone
/// along x = 9. The power roll is 3 + 3 + Might 2 = 8.
fn crate_row(options: &str) -> Engine {
    const ROWS: [&str; 6] = [
        ".........s",
        ".........s",
        "...w.....s",
        ".........s",
        ".........s",
        ".........s",
    ];
    let fields = format!("{}{options}", fields(SHOVE, None));
    let mut e = fight_with(
        &ROWS,
        &fields,
        &[
            hero_with("h", 2, 2, &["shove"], ""),
            foe("m", 6, 2, &[], ""),
        ],
        &[3, 3],
        Side::Heroes,
    );
    start(&mut e, "h");
    e
}

fn shove_crate(at: (i32, i32)) -> Command {
    let mut cmd = use_ability("h", "shove", &[]);
    if let Command::UseAbility { objects, .. } = &mut cmd {
        objects.push(Square::new(at.0, at.1));
    }
    cmd
}

/// The shove's push on the crate at `from`: a melee weapon ability's, though a 1-square
/// object is no smaller than the hero, so no bigger for it (seed 002 L2762-2764).
fn push_crate(from: (i32, i32), path: &[(i32, i32)]) -> Command {
    let mut cmd = force(
        ForcedKind::Push,
        Some("h"),
        &object_target(Square::new(from.0, from.1)),
        4,
        path,
    );
    if let Command::ForceMove { melee_weapon, .. } = &mut cmd {
        *melee_weapon = true;
    }
    cmd
}

/// `forcer`'s push of `distance` on the object at `at`, every choice left open (for
/// predictions).
fn object_push(forcer: &str, at: (i32, i32), distance: u32, melee_weapon: bool) -> ForcedSpec {
    ForcedSpec::open(
        ForcedKind::Push,
        Some(forcer.into()),
        object_target(Square::new(at.0, at.1)),
        distance,
        melee_weapon,
    )
}

fn terrain(e: &Engine, x: i32, y: i32) -> Option<Terrain> {
    e.map().terrain(Square::new(x, y))
}

fn object_damage(events: &[LoggedEvent]) -> Vec<(Square, u32, u32)> {
    pick(events, |ev| match &ev.event {
        Event::ObjectDamaged {
            square,
            amount,
            left,
        } if ev.rule == "forced_movement.object_damage" => Some((*square, *amount, *left)),
        _ => None,
    })
}

const WOOD: Option<Terrain> = Some(Terrain::Object {
    material: Material::Wood,
});

#[test]
fn ds_combat_x33_a_crate_shoved_into_a_creature_stops_and_the_creature_takes_what_was_left() {
    let mut e = crate_row("");
    let events = apply(&mut e, shove_crate((3, 2)));
    // The push waits for its path, named by the object's square.
    let pending = e.state().pending_forced.expect("the crate's push waits");
    assert_eq!(pending.target, "object at (3, 2)");
    assert_eq!(pending.distance, 4);
    assert!(
        find(&events, |ev| matches!(
            ev,
            Event::ForcedMovementPending { .. }
        ))
        .len()
            == 1,
        "{:?}",
        logged(&events)
    );
    // Four squares east: the foe at (6, 2) stops it after two, with two left.
    let events = apply(
        &mut e,
        push_crate((3, 2), &[(4, 2), (5, 2), (6, 2), (7, 2)]),
    );
    assert_eq!(terrain(&e, 3, 2), Some(Terrain::Floor), "the crate left");
    assert_eq!(terrain(&e, 5, 2), WOOD, "the crate stopped against the foe");
    assert_eq!(stamina(&e, "m"), 28, "1 per square left: 2");
    assert_eq!(stamina(&e, "h"), 30);
    let slams: Vec<(String, u32, String)> = pick(&events, |ev| match &ev.event {
        Event::Slammed {
            creature, amount, ..
        } => Some((creature.clone(), *amount, ev.rule.to_string())),
        _ => None,
    });
    assert_eq!(
        slams,
        vec![("m".to_owned(), 2, "forced_movement.object".to_owned())]
    );
    // Without the optional rule the crate itself is unharmed, and the log says why.
    assert!(object_damage(&events).is_empty());
    let derivation = pick(&events, |ev| match &ev.event {
        Event::ForcedMoved { derivation, .. } => Some(derivation.join("; ")),
        _ => None,
    });
    assert!(
        derivation[0].contains("stopped after 2 squares by m: 2 left, 2 damage to each creature")
            && derivation[0].contains("the object is unharmed"),
        "{derivation:?}"
    );
    assert!(e.state().pending_forced.is_none());
}

#[test]
fn ds_combat_x34_tracking_objects_damage_the_crate_takes_what_the_creature_takes() {
    let mut e = crate_row("options: (track_object_damage: true), ");
    apply(&mut e, shove_crate((3, 2)));
    let events = apply(
        &mut e,
        push_crate((3, 2), &[(4, 2), (5, 2), (6, 2), (7, 2)]),
    );
    assert_eq!(stamina(&e, "m"), 28);
    // seed 002 L2782-2786: wood withstands 3; the crate takes 2 and has 1 left.
    assert_eq!(object_damage(&events), vec![(Square::new(5, 2), 2, 1)]);
    assert_eq!(terrain(&e, 5, 2), WOOD);
    assert_eq!(
        e.map().cell(Square::new(5, 2)).unwrap().object_stamina,
        Some(1)
    );
}

#[test]
fn ds_combat_x35_a_tracked_crate_run_into_a_wall_breaks_an_untracked_one_stays() {
    const WALLED: [&str; 6] = [
        ".........#",
        ".........#",
        ".......w.#",
        ".........#",
        ".........#",
        ".........#",
    ];
    for tracked in [false, true] {
        let options = if tracked {
            "options: (track_object_damage: true), "
        } else {
            ""
        };
        let mut e = fight_with(
            &WALLED,
            &format!("{}{options}", fields(SHOVE, None)),
            &[
                hero_with("h", 6, 2, &["shove"], ""),
                foe("m", 1, 5, &[], ""),
            ],
            &[3, 3],
            Side::Heroes,
        );
        start(&mut e, "h");
        apply(&mut e, shove_crate((7, 2)));
        let events = apply(&mut e, push_crate((7, 2), &[(8, 2), (9, 2)]));
        assert_eq!(terrain(&e, 7, 2), Some(Terrain::Floor));
        if tracked {
            // 2 + 3 left = 5 against wood's 3: it breaks against the wall.
            assert_eq!(object_damage(&events), vec![(Square::new(8, 2), 5, 0)]);
            assert_eq!(terrain(&e, 8, 2), Some(Terrain::Floor));
            assert_eq!(
                count(&events, |ev| matches!(ev, Event::ObjectDestroyed { .. })),
                1
            );
        } else {
            assert!(object_damage(&events).is_empty());
            assert_eq!(terrain(&e, 8, 2), WOOD);
        }
    }
}

#[test]
fn ds_combat_x36_naming_a_square_with_no_object_is_refused_with_the_rule() {
    let mut e = crate_row("");
    apply(&mut e, shove_crate((3, 2)));
    // Only the pending push answers; one naming another square is refused first.
    let err = refused(&mut e, push_crate((4, 4), &[(5, 4)]));
    assert_eq!(err.rule, "choice.pending", "{err:?}");
    assert!(err.reason.contains("object at (3, 2)"), "{err:?}");
    // A script's push on an empty square names the object rule.
    let err = e
        .predict_forced(&object_push("h", (4, 4), 2, false))
        .expect_err("nothing there");
    assert_eq!(err.rule, "forced_movement.object");
    assert_eq!(err.reason, "there is no object at (4, 4) to move");
}

#[test]
fn ds_combat_x37_the_ai_shoves_a_crate_into_its_enemy() {
    let mut e = crate_row("");
    apply(&mut e, shove_crate((3, 2)));
    let decision = ai::decide(&e, Side::Heroes).expect("the hero places the push");
    let Command::ForceMove { target, path, .. } = &decision.command else {
        panic!("{decision:?}");
    };
    assert_eq!(target, "object at (3, 2)");
    apply(&mut e, decision.command.clone());
    assert_eq!(stamina(&e, "m"), 28, "{path:?}: the crate ran into the foe");
}

/// A loft 3 squares up over x ≤ 3 with a crate on its edge at (3, 2); a hero on the loft at
/// (2, 2); a foe on the floor below at (5, 2) and a size-2 ogre at (5, 4).
fn loft(options: &str) -> Engine {
    let src = format!(
        "Scenario(name: \"Loft\", map: (legend: {{'3': (elevation: 3), 'C': (terrain: Object(material: Wood), elevation: 3)}}, rows: [\"3333......\", \"3333......\", \"333C......\", \"3333......\", \"3333......\", \"3333......\"]), {}{options}creatures: [{}, {}, {}], dice: [7, 3, 3])",
        fields(SHOVE, None),
        hero_with("h", 2, 2, &["shove"], ""),
        foe("m", 5, 2, &[], ""),
        foe("ogre", 5, 4, &[], ", size: \"2\""),
    );
    let mut e = steelgrid_rules::scenario::load("loft.ron", &src)
        .unwrap_or_else(|p| panic!("{p:?}"))
        .start(Some(1));
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    start(&mut e, "h");
    e
}

#[test]
fn ds_combat_x38_a_crate_shoved_off_a_loft_falls_onto_the_creature_below() {
    for tracked in [false, true] {
        let options = if tracked {
            "options: (track_object_damage: true), "
        } else {
            ""
        };
        let mut e = loft(options);
        apply(&mut e, shove_crate((3, 2)));
        // Two squares east: over the drop at (4, 2), then over the foe's head at (5, 2) (the
        // crate's bottom is 3 up, the foe 1 tall), and down it comes.
        let events = apply(&mut e, push_crate((3, 2), &[(4, 2), (5, 2)]));
        // 3 squares down to the foe's top, less 1: a fall of 2 at Agility 0, 4 damage to the
        // foe (seed 002 L2716-2718), which a 1-square crate knocks prone (its Might 0 < 1).
        assert_eq!(stamina(&e, "m"), 26);
        assert_eq!(conditions(&e, "m"), vec!["prone".to_owned()]);
        let fell: Vec<(String, u32, Option<String>, Square)> =
            pick(&events, |ev| match &ev.event {
                Event::Fell {
                    creature,
                    damage,
                    landed_on,
                    lands_at,
                    ..
                } => Some((creature.clone(), *damage, landed_on.clone(), *lands_at)),
                _ => None,
            });
        let lands_at = fell[0].3;
        assert_eq!(
            fell,
            vec![(
                "object at (3, 2)".to_owned(),
                4,
                Some("m".to_owned()),
                lands_at
            )]
        );
        assert_eq!(
            lands_at.x.abs_diff(5).max(lands_at.y.abs_diff(2)),
            1,
            "beside the foe"
        );
        assert_eq!(e.state().landing, None, "an object chooses nothing");
        assert_eq!(
            terrain(&e, 3, 2),
            Some(Terrain::Floor),
            "the loft's edge is clear"
        );
        assert_eq!(e.map().cell(Square::new(3, 2)).unwrap().elevation, 3);
        if tracked {
            // The crate takes the fall as a creature would: 4 against wood's 3, it breaks.
            assert_eq!(object_damage(&events), vec![(lands_at, 4, 0)]);
            assert_eq!(terrain(&e, lands_at.x, lands_at.y), Some(Terrain::Floor));
        } else {
            assert_eq!(terrain(&e, lands_at.x, lands_at.y), WOOD);
        }
    }
}

#[test]
fn ds_combat_x39_a_bigger_creature_shoves_a_crate_one_square_farther() {
    // seed 002 L2762-2764: a melee weapon ability moving a smaller target goes 1 farther; a
    // 1-square object counts as size 1M, smaller than a size-2 ogre.
    let e = loft("");
    let spec = object_push("ogre", (3, 2), 2, true);
    let outcome = e.predict_forced(&spec).expect("a push the ogre could make");
    assert_eq!(
        (outcome.distance.big_vs_little, outcome.distance.allowed),
        (1, 3)
    );
    let hero = ForcedSpec {
        forcer: Some("h".into()),
        ..spec
    };
    let outcome = e.predict_forced(&hero).expect("the hero's push");
    assert_eq!(
        (outcome.distance.big_vs_little, outcome.distance.allowed),
        (0, 2)
    );
}
