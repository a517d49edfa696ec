//! Walls of a given height, their squares stacked (seed 002 L1474-1478): climbed, flown and
//! pushed over, and seen over only by spaces that rise above their top.

use crate::common;

use common::abilities::use_ability;
use common::*;
use steelgrid_rules::Command;
use steelgrid_rules::creature::MovementMode;
use steelgrid_rules::event::Event;
use steelgrid_rules::forced::ForcedKind;
use steelgrid_rules::grid::Square;
use steelgrid_rules::testing::{Fight, at};

/// A wall 2 squares tall down x = 4; a plateau 2 up at x ≥ 7.
const YARD: [&str; 6] = [
    "....W..HHH",
    "....W..HHH",
    "....W..HHH",
    "....W..HHH",
    "....W..HHH",
    "....W..HHH",
];

/// A ranged strike with no damage that matters here, to ask about line of effect.
const BOLT: &str = "\"bolt\": (name: \"Bolt\", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(10), target: (who: Enemy, count: 1), power_roll: (characteristic: [Might], tier1: (damage: (base: 1)), tier2: (damage: (base: 1)), tier3: (damage: (base: 1))))";

fn yard() -> Fight {
    Fight::on(&YARD)
        .legend("'W': (terrain: Wall, height: 2)")
        .abilities(BOLT)
}

fn fly(creature: &str, path: &[(i32, i32, i32)]) -> Command {
    Command::Fly {
        creature: creature.into(),
        path: path.to_vec(),
    }
}

#[test]
fn ds_combat_x40_a_flier_clears_a_wall_two_high_only_at_its_top() {
    let mut e = yard()
        .hero("f", at(3, 2))
        .movement(&[MovementMode::Fly])
        .monster("m", at(0, 5))
        .start();
    start(&mut e, "f");
    let err = refused(&mut e, fly("f", &[(3, 2, 1), (4, 2, 1)]));
    assert_eq!(err.rule, "movement.fly");
    assert_eq!(
        err.reason,
        "step 2 would go into the wall at (4, 2), below its top"
    );
    apply(
        &mut e,
        fly("f", &[(3, 2, 1), (3, 2, 2), (4, 2, 2), (5, 2, 2)]),
    );
    let f = creature(&e, "f");
    assert_eq!((f.position, f.altitude), (Square::new(5, 2), 2));
}

#[test]
fn ds_combat_x41_a_wall_two_high_blocks_line_of_effect_unless_both_rise_above_it() {
    let mut e = yard()
        .hero("h", at(2, 2))
        .knows(&["bolt"])
        .movement(&[MovementMode::Fly])
        .monster("low", at(6, 2))
        .monster("high", at(8, 2))
        .start();
    start(&mut e, "h");
    let bolt = |t: &str| use_ability("h", "bolt", &[t]);
    // On the ground, neither sees past the wall.
    assert_eq!(
        e.preview_ability(&bolt("low")).unwrap_err().rule,
        "target.line_of_effect"
    );
    assert_eq!(
        e.preview_ability(&bolt("high")).unwrap_err().rule,
        "target.line_of_effect"
    );
    // Two up in the air the hero's space rises above the wall's top: it sees the one standing
    // on the plateau (its space 2 to 3 up), not the one on the ground behind the wall.
    apply(&mut e, fly("h", &[(2, 2, 1), (2, 2, 2)]));
    assert!(e.preview_ability(&bolt("high")).is_ok());
    assert_eq!(
        e.preview_ability(&bolt("low")).unwrap_err().rule,
        "target.line_of_effect"
    );
}

#[test]
fn ds_combat_x42_pushed_into_a_wall_two_high_it_slams_slid_up_over_it_it_falls_beyond() {
    let mut e = yard()
        .hero("h", at(2, 2))
        .monster("m", at(3, 2))
        .monster("n", at(3, 4))
        .start();
    // Into the wall at ground level: 2 + 3 left.
    let events = apply(&mut e, force(ForcedKind::Slide, None, "m", 3, &[(4, 2)]));
    let slams: Vec<(String, u32, String)> = pick(&events, |ev| match &ev.event {
        Event::Slammed {
            creature,
            amount,
            note,
        } => Some((creature.clone(), *amount, note.clone())),
        _ => None,
    });
    assert_eq!(
        slams,
        vec![(
            "m".to_owned(),
            5,
            "slammed into the wall at (4, 2)".to_owned()
        )]
    );
    assert_eq!(position(&e, "m"), Square::new(3, 2));
    assert_eq!(stamina(&e, "m"), 25);
    // A vertical slide lifts the other over its top and leaves it in the air beyond: it falls
    // 2 (Agility 0), 4 damage and prone (seed 002 L2754-2760, L2712).
    let mut slide = force(ForcedKind::Slide, None, "n", 3, &[(3, 4), (4, 4), (5, 4)]);
    if let Command::ForceMove {
        vertical, heights, ..
    } = &mut slide
    {
        *vertical = true;
        *heights = vec![1, 2, 2];
    }
    apply(&mut e, slide);
    assert_eq!(position(&e, "n"), Square::new(5, 4));
    assert_eq!(stamina(&e, "n"), 26, "30 less the fall's 4");
    assert_eq!(conditions(&e, "n"), vec!["prone".to_owned()]);
}

#[test]
fn ds_combat_x43_a_wall_two_high_is_climbed_at_2_a_square_and_stood_on() {
    // DS-COMBAT-101's arithmetic on a wall of a given height: 2 up costs 4 without climbing.
    let mut e = yard().hero("h", at(3, 2)).monster("m", at(0, 5)).start();
    start(&mut e, "h");
    let events = apply(&mut e, advance("h", &[(4, 2)]));
    let cost: Vec<u32> = pick(&events, |ev| match &ev.event {
        Event::Moved { cost, .. } => Some(*cost),
        _ => None,
    });
    assert_eq!(cost, vec![4]);
    let h = creature(&e, "h");
    assert_eq!((h.position, h.z), (Square::new(4, 2), 2));
}
