//! Villain actions (seed 002 L4182-4194; digest draw-steel-director.md §3, A-09): three per
//! leader or solo, each once per encounter, one per round across the encounter, used at the
//! end of another creature's turn and costing none of the villain's own actions.

use crate::common;

use common::abilities::use_ability;
use common::{apply, end, logged, refused, start, take_turn};
use steelgrid_rules::Engine;
use steelgrid_rules::testing::{Fight, at};

fn abilities() -> String {
    let va = |name: &str| {
        format!(
            r#"(name: "{name}", keywords: [Area, Magic], action: VillainAction, distance: Burst(3), target: (who: Enemy), effect: (damage: (base: 1, plus_characteristic: false)))"#
        )
    };
    format!(
        "\"va1\": {}, \"va2\": {}, \"va3\": {},",
        va("Opener"),
        va("Crowd Control"),
        va("Ultimate")
    )
}

/// Two heroes and villains `x` (and `y` when `two`), all with va1-va3; the heroes go first.
fn villains(two: bool) -> Engine {
    let mut fight = Fight::new()
        .abilities(&abilities())
        .hero("h0", at(0, 0))
        .hero("h1", at(1, 0))
        .monster("x", at(2, 2))
        .knows(&["va1", "va2", "va3"]);
    if two {
        fight = fight.monster("y", at(0, 2)).knows(&["va1", "va2", "va3"]);
    }
    fight.start()
}

fn va(villain: &str, id: &str) -> steelgrid_rules::Command {
    use_ability(villain, id, &[])
}

#[test]
fn ds_dir_47_not_at_the_end_of_its_own_turn_but_at_the_end_of_another() {
    let mut e = villains(false);
    // Before any turn has ended: not yet.
    assert_eq!(refused(&mut e, va("x", "va1")).rule, "villain_action");
    take_turn(&mut e, "h0");
    start(&mut e, "x");
    // During its own turn: no.
    assert_eq!(refused(&mut e, va("x", "va1")).rule, "villain_action");
    end(&mut e, "x");
    assert_eq!(refused(&mut e, va("x", "va1")).rule, "villain_action");
    start(&mut e, "h1");
    end(&mut e, "h1");
    // Round 2 has started after h1's turn: the end of h1's turn is the moment.
    let log = apply(&mut e, va("x", "va1"));
    assert!(log.iter().any(|ev| ev.rule == "villain_action"));
    assert_eq!(common::stamina(&e, "h0"), 29);
    // Everything the villain action logged, in order.
    assert_eq!(
        logged(&log),
        [
            r#"villain_action: AbilityUsed { creature: "x", ability: "Opener", distance: "3 burst", targets: ["h0", "h1"], area: [Square { x: 0, y: 0 }, Square { x: 1, y: 0 }, Square { x: 2, y: 0 }, Square { x: 3, y: 0 }, Square { x: 4, y: 0 }, Square { x: 5, y: 0 }, Square { x: 0, y: 1 }, Square { x: 1, y: 1 }, Square { x: 2, y: 1 }, Square { x: 3, y: 1 }, Square { x: 4, y: 1 }, Square { x: 5, y: 1 }, Square { x: 0, y: 2 }, Square { x: 1, y: 2 }, Square { x: 3, y: 2 }, Square { x: 4, y: 2 }, Square { x: 5, y: 2 }, Square { x: 0, y: 3 }, Square { x: 1, y: 3 }, Square { x: 2, y: 3 }, Square { x: 3, y: 3 }, Square { x: 4, y: 3 }, Square { x: 5, y: 3 }, Square { x: 0, y: 4 }, Square { x: 1, y: 4 }, Square { x: 2, y: 4 }, Square { x: 3, y: 4 }, Square { x: 4, y: 4 }, Square { x: 5, y: 4 }, Square { x: 0, y: 5 }, Square { x: 1, y: 5 }, Square { x: 2, y: 5 }, Square { x: 3, y: 5 }, Square { x: 4, y: 5 }, Square { x: 5, y: 5 }], objects: [] }"#,
            r#"ability.outcome: AbilityOutcome { creature: "x", ability: "Opener", target: "h0", tier: None, text: "1 damage" }"#,
            r#"ability.outcome: AbilityOutcome { creature: "x", ability: "Opener", target: "h1", tier: None, text: "1 damage" }"#,
            r#"damage: Damaged { target: "h0", source: "x", damage_type: None, base: 1, halved: false, weakness: 0, immunity: 0, immune: false, amount: 1, temporary_absorbed: 0, stamina_before: 30, stamina_after: 29 }"#,
            r#"damage: Damaged { target: "h1", source: "x", damage_type: None, base: 1, halved: false, weakness: 0, immunity: 0, immune: false, amount: 1, temporary_absorbed: 0, stamina_before: 30, stamina_after: 29 }"#,
        ]
    );
}

#[test]
fn ds_dir_49_one_villain_action_per_round_across_all_villains() {
    let mut e = villains(true);
    take_turn(&mut e, "h0");
    apply(&mut e, va("x", "va1"));
    assert_eq!(refused(&mut e, va("y", "va1")).rule, "villain_action");
    take_turn(&mut e, "x");
    assert_eq!(refused(&mut e, va("y", "va2")).rule, "villain_action");
    take_turn(&mut e, "h1");
    take_turn(&mut e, "y");
    // Round 2: one of them may again.
    take_turn(&mut e, "h0");
    apply(&mut e, va("y", "va1"));
}

#[test]
fn ds_dir_50_each_villain_action_once_per_encounter() {
    let mut e = villains(false);
    take_turn(&mut e, "h0");
    apply(&mut e, va("x", "va1"));
    take_turn(&mut e, "x");
    take_turn(&mut e, "h1");
    // Round 2.
    take_turn(&mut e, "h0");
    assert_eq!(refused(&mut e, va("x", "va1")).rule, "villain_action");
    // Any order is allowed: the ultimate now, crowd control later.
    apply(&mut e, va("x", "va3"));
    take_turn(&mut e, "x");
    take_turn(&mut e, "h1");
    take_turn(&mut e, "h0");
    apply(&mut e, va("x", "va2"));
    let used = e.state().malice.villain_actions;
    assert_eq!(used, vec!["va1", "va3", "va2"]);
}

#[test]
fn a_villain_action_takes_none_of_the_villains_actions() {
    let mut e = villains(false);
    take_turn(&mut e, "h0");
    apply(&mut e, va("x", "va1"));
    start(&mut e, "x");
    let me = common::creature(&e, "x");
    assert!(me.actions.main && me.actions.maneuver && me.actions.move_action);
}

#[test]
fn ds_dir_52_a_new_encounter_brings_all_three_back() {
    let mut e = villains(false);
    take_turn(&mut e, "h0");
    apply(&mut e, va("x", "va1"));
    // The same villain in a fresh encounter: the scenario starts anew.
    let mut next = villains(false);
    take_turn(&mut next, "h0");
    apply(&mut next, va("x", "va1"));
}
