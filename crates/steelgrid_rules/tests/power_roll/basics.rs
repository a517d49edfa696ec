//! Power-roll cases from the core digest (§41), by case id, plus boundaries they miss.

use crate::common;

use steelgrid_rules::testing::{Fight, at};

use common::*;
use steelgrid_rules::event::Event;
use steelgrid_rules::options::RulesOptions;
use steelgrid_rules::power_roll::{Modifier, NetEdge, PowerRollSpec, Tier, resolve};

fn m(n: usize) -> Vec<Modifier> {
    (0..n)
        .map(|i| Modifier {
            rule: "test".into(),
            note: format!("source {i}"),
        })
        .collect()
}

fn roll(characteristic: i32, natural: u32, edges: usize, banes: usize) -> (i32, Tier) {
    let spec = PowerRollSpec {
        characteristic,
        edges: m(edges),
        banes: m(banes),
        ..PowerRollSpec::default()
    };
    // Split the natural total over two d10s.
    let d1 = natural.min(10);
    let r = resolve(&spec, [d1, natural - d1], &RulesOptions::default());
    (r.total, r.tier)
}

#[test]
fn ds_core_01_nat_9_plus_2_is_tier_1() {
    assert_eq!(roll(2, 9, 0, 0), (11, Tier::One));
}

#[test]
fn ds_core_02_tier_boundaries() {
    assert_eq!(roll(2, 10, 0, 0), (12, Tier::Two));
    assert_eq!(roll(2, 14, 0, 0), (16, Tier::Two));
    assert_eq!(roll(2, 15, 0, 0), (17, Tier::Three));
}

#[test]
fn ds_core_04_nat_20_with_double_bane_is_tier_3() {
    assert_eq!(roll(0, 20, 0, 2).1, Tier::Three);
    // The other reading of AMB-05, as a named option: the double bane lowers it.
    let spec = PowerRollSpec {
        banes: m(2),
        ..PowerRollSpec::default()
    };
    let options = RulesOptions {
        natural_19_20_beats_double_bane: false,
        ..RulesOptions::default()
    };
    let r = resolve(&spec, [10, 10], &options);
    assert_eq!(r.tier, Tier::Two);
    assert!(r.readings.iter().any(|s| s.contains("AMB-05")));
}

#[test]
fn ds_core_10_one_edge_adds_2() {
    assert_eq!(roll(2, 9, 1, 0), (13, Tier::Two));
}

#[test]
fn ds_core_11_double_edge_raises_the_tier_without_adding() {
    assert_eq!(roll(2, 9, 2, 0), (11, Tier::Two));
}

#[test]
fn ds_core_13_double_bane_lowers_the_tier_without_subtracting() {
    assert_eq!(roll(0, 13, 0, 2), (13, Tier::One));
}

#[test]
fn ds_core_14_double_bane_cannot_go_below_tier_1() {
    assert_eq!(roll(0, 9, 0, 2), (9, Tier::One));
}

#[test]
fn double_edge_cannot_go_above_tier_3() {
    assert_eq!(roll(3, 16, 2, 0), (19, Tier::Three));
}

#[test]
fn ds_core_16_three_edges_and_one_bane_is_one_edge() {
    assert_eq!(roll(2, 8, 3, 1), (12, Tier::Two));
    assert_eq!(NetEdge::combine(3, 1), NetEdge::Edge);
}

#[test]
fn ds_core_17_two_banes_and_one_edge_is_one_bane() {
    assert_eq!(roll(0, 13, 1, 2), (11, Tier::One));
}

#[test]
fn single_edge_and_bane_cancel_and_doubles_cancel() {
    assert_eq!(roll(0, 12, 1, 1), (12, Tier::Two));
    assert_eq!(roll(0, 12, 2, 2), (12, Tier::Two));
    assert_eq!(roll(0, 12, 3, 4), (12, Tier::Two));
}

#[test]
fn ds_core_19_bonuses_and_penalties_before_edges() {
    let spec = PowerRollSpec {
        characteristic: 2,
        bonuses: 1,
        penalties: 2,
        edges: m(1),
        ..PowerRollSpec::default()
    };
    let r = resolve(&spec, [4, 4], &RulesOptions::default());
    assert_eq!((r.total, r.tier), (11, Tier::One));
}

#[test]
fn ds_core_20_automatic_tier_3_beats_double_bane() {
    let spec = PowerRollSpec {
        banes: m(2),
        automatic: vec![Tier::Three],
        ..PowerRollSpec::default()
    };
    assert_eq!(
        resolve(&spec, [2, 3], &RulesOptions::default()).tier,
        Tier::Three
    );
}

#[test]
fn ds_core_22_same_automatic_outcomes_apply_different_ones_cancel() {
    let same = PowerRollSpec {
        automatic: vec![Tier::Two, Tier::Two],
        ..PowerRollSpec::default()
    };
    assert_eq!(
        resolve(&same, [10, 10], &RulesOptions::default()).tier,
        Tier::Two
    );
    let different = PowerRollSpec {
        automatic: vec![Tier::One, Tier::Three],
        ..PowerRollSpec::default()
    };
    // Cancelled: the roll itself decides (nat 4 → tier 1).
    assert_eq!(
        resolve(&different, [2, 2], &RulesOptions::default()).tier,
        Tier::One
    );
    assert_eq!(
        resolve(&different, [6, 6], &RulesOptions::default()).tier,
        Tier::Two
    );
}

#[test]
fn ds_core_23_automatic_tier_1_on_nat_20_still_crits() {
    let spec = PowerRollSpec {
        automatic: vec![Tier::One],
        main_action_ability: true,
        ..PowerRollSpec::default()
    };
    let r = resolve(&spec, [10, 10], &RulesOptions::default());
    assert_eq!(r.tier, Tier::One);
    assert!(r.critical);
}

#[test]
fn crits_only_on_main_action_ability_rolls() {
    let test_roll = PowerRollSpec::default();
    let r = resolve(&test_roll, [10, 9], &RulesOptions::default());
    assert_eq!(r.tier, Tier::Three);
    assert!(!r.critical);
}

#[test]
fn ds_core_05_natural_19_free_strike_grants_an_extra_main_action() {
    let mut e = Fight::new()
        .hero("h", at(1, 1))
        .monster("m", at(2, 1))
        .stamina(20)
        .monster("n", at(2, 2))
        .stamina(20)
        .dice(&[10, 9, 1, 1])
        .start();
    start(&mut e, "h");
    let events = e.apply(strike("h", "m")).expect("first strike");
    let rolls = find(&events, |ev| matches!(ev, Event::PowerRolled { .. }));
    let Event::PowerRolled { roll, .. } = &rolls[0].event else {
        unreachable!()
    };
    assert_eq!(
        (roll.natural, roll.tier, roll.critical),
        (19, Tier::Three, true)
    );
    assert_eq!(
        find(&events, |ev| matches!(ev, Event::ExtraMainAction { .. })).len(),
        1
    );
    // Tier 3 melee free strike: 7 + Might 2 = 9 damage.
    assert_eq!(creature(&e, "m").stamina.current, 11);
    // The extra main action: a second strike is legal, a third is not.
    e.apply(strike("h", "n")).expect("extra main action");
    let err = e.apply(strike("h", "m")).expect_err("no third main action");
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn ds_core_08_downgrading_a_crit_keeps_the_extra_main_action() {
    let mut e = Fight::new()
        .hero("h", at(1, 1))
        .monster("m", at(2, 1))
        .stamina(20)
        .dice(&[9, 10])
        .start();
    start(&mut e, "h");
    let mut cmd = strike("h", "m");
    if let steelgrid_rules::Command::FreeStrike { tier, .. } = &mut cmd {
        *tier = Some(Tier::Two);
    }
    let events = e.apply(cmd).expect("strike");
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!((roll.rolled_tier, roll.tier), (Tier::Three, Tier::Two));
    assert_eq!(
        events
            .iter()
            .filter(|ev| ev.rule == "power_roll.downgrade")
            .count(),
        1
    );
    // Tier 2: 5 + 2 = 7 damage, and the extra main action is kept.
    assert_eq!(creature(&e, "m").stamina.current, 13);
    assert_eq!(
        find(&events, |ev| matches!(ev, Event::ExtraMainAction { .. })).len(),
        1
    );
}

#[test]
fn surprised_target_gives_an_edge_with_its_source() {
    let surprised = "(id: \"m\", side: Director, stamina: 20, free_strike: 3, position: (2, 1), surprised: true)";
    // Heroes are not all surprised, the Director's only creature is: heroes go first, no roll.
    let mut e =
        scenario(&ROOM, &format!("{}, {surprised}", hero("h", 1, 1)), &[5, 5]).start(Some(1));
    start(&mut e, "h");
    let events = e.apply(strike("h", "m")).expect("strike");
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(roll.edges.len(), 1);
    assert_eq!(roll.edges[0].rule, "turn.surprise.edge");
    // 10 + 2 + 2 (edge) = 14 → tier 2: 5 + 2 = 7.
    assert_eq!((roll.total, roll.tier), (14, Tier::Two));
    assert_eq!(creature(&e, "m").stamina.current, 13);
}

#[test]
fn ranged_free_strike_with_an_adjacent_enemy_takes_a_bane() {
    let mut e = Fight::new()
        .hero("h", at(1, 1))
        .monster("near", at(2, 2))
        .stamina(20)
        .monster("far", at(5, 1))
        .stamina(20)
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    let mut cmd = strike("h", "far");
    if let steelgrid_rules::Command::FreeStrike { ranged, .. } = &mut cmd {
        *ranged = true;
    }
    let events = e.apply(cmd).expect("strike");
    let Event::PowerRolled { roll, .. } =
        &find(&events, |ev| matches!(ev, Event::PowerRolled { .. }))[0].event
    else {
        unreachable!()
    };
    assert_eq!(roll.banes[0].rule, "power_roll.bane.ranged_adjacent_enemy");
    // 12 + 2 − 2 = 12 → tier 2 ranged: 4 + 2 = 6.
    assert_eq!(roll.total, 12);
    assert_eq!(creature(&e, "far").stamina.current, 14);
}
