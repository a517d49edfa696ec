//! Using abilities (seed 002 L1333-1675; digest §17-29, §41): power rolls with tiers, crits,
//! potencies, several targets, areas, costs, forced movement after damage, and the stat-block
//! checks a scenario's abilities must pass. Cases are named by their DS-CORE id where one applies.

use crate::common;

use common::abilities::{
    MELEE_WEAPON, enemies, might_damage, placed, potency_checks, rolls, rule_ids, the_roll,
    use_ability,
};
use common::{
    apply, count, creature, end, force, logged, position, squares, stamina, start, take_turn,
};
use steelgrid_rules::ability::Ability;
use steelgrid_rules::ability::area::Direction;
use steelgrid_rules::creature::{Characteristic, Characteristics};
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::forced::ForcedKind;
use steelgrid_rules::grid::Square;
use steelgrid_rules::power_roll::{NetEdge, Tier};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine, scenario};

// ---- Helpers ----------------------------------------------------------------------------------

/// The abilities every scenario in this file defines (each must pass `Ability::problems`).
fn abilities() -> String {
    // Targets up to one or two enemies; Might rolls for 1/2/3, 2/4/6 or 3/6/9 damage.
    let (one, two) = (enemies(1), enemies(2));
    let (d123, d246, d369) = (
        might_damage([1, 2, 3], ""),
        might_damage([2, 4, 6], ""),
        might_damage([3, 6, 9], ""),
    );
    format!(
        r#"
    "slam": (name: "Brutal Slam", {MELEE_WEAPON}, action: MainAction, {one}, power_roll: (characteristic: [Might],
        tier1: (damage: (base: 3), forced: (kind: Push, distance: 1)),
        tier2: (damage: (base: 6), forced: (kind: Push, distance: 2)),
        tier3: (damage: (base: 9), forced: (kind: Push, distance: 4)))),
    "jab": (name: "Jab", {MELEE_WEAPON}, action: MainAction, {one}, {d246}),
    "shove": (name: "Shove", {MELEE_WEAPON}, action: Maneuver, {one}, {d123}),
    "lock": (name: "Lock", {MELEE_WEAPON}, action: MainAction, {one}, power_roll: (characteristic: [Might],
        tier1: (damage: (base: 2)),
        tier2: (damage: (base: 4), conditions: [(condition: Slowed, duration: SaveEnds)]),
        tier3: (damage: (base: 6), conditions: [(condition: Restrained, duration: SaveEnds)]))),
    "hammer": (name: "Judgment Hammer", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(5), {one}, power_roll: (characteristic: [Intuition],
        tier1: (damage: (base: 3, kind: Holy), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: Weak))]),
        tier2: (damage: (base: 6, kind: Holy), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: Average))]),
        tier3: (damage: (base: 9, kind: Holy), conditions: [(condition: Restrained, duration: SaveEnds, potency: (resisted_by: Agility, strength: Strong))]))),
    "twin": (name: "Twin Cut", {MELEE_WEAPON}, action: MainAction, {two}, {d246}),
    "shoves": (name: "Double Shove", {MELEE_WEAPON}, action: MainAction, {two}, power_roll: (characteristic: [Might],
        tier1: (forced: (kind: Push, distance: 1)),
        tier2: (forced: (kind: Push, distance: 1)),
        tier3: (forced: (kind: Push, distance: 1)))),
    "rally": (name: "Rally", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), target: (who: Ally, count: 1), effect: (temporary_stamina: 5)),
    "smite": (name: "Smite", {MELEE_WEAPON}, action: MainAction, {one}, cost: Resource(3), {d369}),
    "quake": (name: "Quake", keywords: [Area, Magic], action: MainAction, distance: Burst(1), target: (who: Enemy), {d246}),
    "cube": (name: "Fire Cube", keywords: [Area, Magic], action: MainAction, distance: Cube(side: 2, within: 5), target: (who: Enemy), power_roll: (characteristic: [Might],
        tier1: (damage: (base: 2, kind: Fire)),
        tier2: (damage: (base: 4, kind: Fire)),
        tier3: (damage: (base: 6, kind: Fire)))),
    "lance": (name: "Lance", keywords: [Area, Magic], action: MainAction, distance: Line(length: 4, width: 1, within: 1), target: (who: Enemy), {d246}),
    "bind": (name: "Bind", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), {one}, effect: (conditions: [(condition: Restrained, duration: EndOfEncounter)])),
    "ward": (name: "Ward", keywords: [Area, Magic], action: Maneuver, distance: Aura(2), target: (who: Ally, with_self: true), effect: (temporary_stamina: 4)),
    "bolt": (name: "Bolt", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(5), {one}, {d246}),
"#
    )
}

/// The push an ability with the Melee and Weapon keywords left pending, answered.
fn melee_push(forcer: &str, target: &str, distance: u32, path: &[(i32, i32)]) -> Command {
    let mut push = force(ForcedKind::Push, Some(forcer), target, distance, path);
    if let Command::ForceMove { melee_weapon, .. } = &mut push {
        *melee_weapon = true;
    }
    push
}

// ---- Tiers, damage and forced movement (DS-CORE-25) ---------------------------------------------

#[test]
fn ds_core_25_brutal_slam_deals_5_8_11_and_pushes_1_2_4_after_the_damage() {
    let cases = [
        ([2, 3], Tier::One, 5, 1),
        ([5, 5], Tier::Two, 8, 2),
        ([8, 8], Tier::Three, 11, 4),
    ];
    for (dice, tier, damage, push) in cases {
        let mut e = Fight::new()
            .abilities(&abilities())
            .hero("fury", at(1, 2))
            .knows(&["slam"])
            .monster("g", at(2, 2))
            .dice(&dice)
            .start();
        start(&mut e, "fury");
        let events = e.apply(use_ability("fury", "slam", &["g"])).unwrap();
        let roll = the_roll(&events);
        assert_eq!(roll.tier, tier, "dice {dice:?}");
        // The damage is dealt by the ability itself; the push waits for its path.
        let dealt: Vec<u32> = events
            .iter()
            .filter_map(|ev| match &ev.event {
                Event::Damaged { target, amount, .. } if target == "g" => Some(*amount),
                _ => None,
            })
            .collect();
        assert_eq!(dealt, vec![damage], "tier {tier:?}");
        assert_eq!(stamina(&e, "g"), 30 - damage as i32);
        assert_eq!(
            count(&events, |ev| matches!(ev, Event::ForcedMoved { .. })),
            0,
            "nothing moves before the push is placed"
        );
        assert_eq!(position(&e, "g"), Square::new(2, 2));
        let pending = e.state().pending_forced.expect("the push is pending");
        assert_eq!(
            (
                pending.forcer.as_str(),
                pending.target.as_str(),
                pending.kind,
                pending.distance,
                pending.melee_weapon
            ),
            ("fury", "g", ForcedKind::Push, push, true)
        );
        let outcome = events
            .iter()
            .find_map(|ev| match &ev.event {
                Event::AbilityOutcome { text, tier: t, .. } => Some((text.clone(), *t)),
                _ => None,
            })
            .unwrap();
        assert_eq!(
            outcome,
            (format!("{damage} damage; push {push}"), Some(tier))
        );
        // Nothing else happens until the push is placed.
        let err = e
            .apply(Command::EndTurn {
                creature: "fury".into(),
            })
            .unwrap_err();
        assert_eq!(err.rule, "choice.pending");
        let path: Vec<(i32, i32)> = (1..=push as i32).map(|i| (2 + i, 2)).collect();
        let moved = e.apply(melee_push("fury", "g", push, &path)).unwrap();
        assert_eq!(
            count(&moved, |ev| matches!(ev, Event::ForcedMoved { .. })),
            1
        );
        assert_eq!(position(&e, "g"), Square::new(2 + push as i32, 2));
        assert!(e.state().pending_forced.is_none());
        assert_eq!(stamina(&e, "g"), 30 - damage as i32, "no second hit");
        end(&mut e, "fury");
    }
}

// ---- Critical hits (DS-CORE-05, DS-CORE-08) ----------------------------------------------------

#[test]
fn ds_core_05_natural_19_on_a_main_action_ability_grants_an_extra_main_action() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["jab"])
        .monster("m", at(2, 1))
        .dice(&[10, 9, 3, 3])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "jab", &["m"])).unwrap();
    let roll = the_roll(&events);
    assert_eq!(
        (roll.natural, roll.tier, roll.critical),
        (19, Tier::Three, true)
    );
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::ExtraMainAction { creature } if creature == "h")
        ),
        1
    );
    // Tier 3: 6 + Might 2.
    assert_eq!(stamina(&e, "m"), 22);
    assert!(creature(&e, "h").actions.main, "the extra main action");
    // The extra main action is one more, not an endless supply.
    let events = e.apply(use_ability("h", "jab", &["m"])).unwrap();
    assert_eq!(the_roll(&events).tier, Tier::One);
    assert_eq!(stamina(&e, "m"), 18);
    let err = e.apply(use_ability("h", "jab", &["m"])).unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn ds_core_05_natural_19_on_a_maneuver_ability_grants_no_extra_main_action() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["jab", "shove"])
        .monster("m", at(2, 1))
        .dice(&[10, 9, 3, 3])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "shove", &["m"])).unwrap();
    let roll = the_roll(&events);
    assert_eq!(
        (roll.natural, roll.tier, roll.critical),
        (19, Tier::Three, false)
    );
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::ExtraMainAction { .. })),
        0
    );
    assert_eq!(stamina(&e, "m"), 25, "tier 3: 3 + Might 2");
    // Only the turn's own main action is left.
    e.apply(use_ability("h", "jab", &["m"])).unwrap();
    assert_eq!(stamina(&e, "m"), 21);
    let err = e.apply(use_ability("h", "jab", &["m"])).unwrap_err();
    assert_eq!(err.rule, "turn.action_economy");
}

#[test]
fn ds_core_08_capping_a_crit_at_tier_2_slows_instead_of_restraining_and_keeps_the_extra_main_action()
 {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["lock"])
        .monster("m", at(2, 1))
        .dice(&[9, 10])
        .start();
    start(&mut e, "h");
    let mut cmd = use_ability("h", "lock", &["m"]);
    if let Command::UseAbility { tier, .. } = &mut cmd {
        *tier = Some(Tier::Two);
    }
    let events = e.apply(cmd).unwrap();
    let roll = the_roll(&events);
    assert_eq!(
        (roll.rolled_tier, roll.tier, roll.critical),
        (Tier::Three, Tier::Two, true)
    );
    assert_eq!(
        events
            .iter()
            .filter(|ev| matches!(ev.event, Event::PowerRolled { .. }))
            .map(|ev| ev.rule.id)
            .collect::<Vec<_>>(),
        vec!["power_roll.downgrade"]
    );
    assert_eq!(
        count(
            &events,
            |ev| matches!(ev, Event::ExtraMainAction { creature } if creature == "h")
        ),
        1
    );
    // Tier 2: 4 + 2 damage and slowed, not restrained.
    assert_eq!(stamina(&e, "m"), 24);
    assert_eq!(creature(&e, "m").conditions, vec!["slowed (save ends)"]);
    assert!(creature(&e, "h").actions.main);
}

// ---- Potency (DS-CORE-28) ---------------------------------------------------------------------

/// A cleric with Intuition 2 (its highest) uses Judgment Hammer on a bandit 3 squares away.
fn hammer(agility: i32, dice: [u32; 2]) -> (Engine, Vec<LoggedEvent>) {
    let intuition_2 = Characteristics {
        intuition: 2,
        ..Characteristics::default()
    };
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("c", at(1, 1))
        .characteristics(intuition_2)
        .knows(&["hammer"])
        .monster("bandit", at(4, 1))
        .agility(agility)
        .dice(&dice)
        .start();
    start(&mut e, "c");
    let events = e.apply(use_ability("c", "hammer", &["bandit"])).unwrap();
    (e, events)
}

#[test]
fn ds_core_28_a_strong_potency_equal_to_the_targets_agility_is_resisted() {
    let (e, events) = hammer(2, [8, 8]);
    assert_eq!(the_roll(&events).tier, Tier::Three);
    assert_eq!(
        potency_checks(&events),
        vec![("bandit".into(), Characteristic::Agility, 2, 2, false)]
    );
    let damage: Vec<(Option<DamageType>, u32)> = events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::Damaged {
                damage_type,
                amount,
                ..
            } => Some((*damage_type, *amount)),
            _ => None,
        })
        .collect();
    assert_eq!(damage, vec![(Some(DamageType::Holy), 11)]);
    assert_eq!(stamina(&e, "bandit"), 19);
    assert!(creature(&e, "bandit").conditions.is_empty());
}

#[test]
fn ds_core_28_a_strong_potency_lands_on_a_lower_agility() {
    let (e, events) = hammer(1, [8, 8]);
    assert_eq!(
        potency_checks(&events),
        vec![("bandit".into(), Characteristic::Agility, 1, 2, true)]
    );
    assert_eq!(stamina(&e, "bandit"), 19);
    assert_eq!(
        creature(&e, "bandit").conditions,
        vec!["restrained (save ends)"]
    );
    // Everything the hammer logged, in order.
    assert_eq!(
        logged(&events),
        [
            r#"turn.action_economy: ActionUsed { creature: "c", action: Main, traded_main: false }"#,
            r#"ability: AbilityUsed { creature: "c", ability: "Judgment Hammer", distance: "Ranged 5", targets: ["bandit"], area: [], objects: [] }"#,
            r#"power_roll: PowerRolled { creature: "c", ability: "Judgment Hammer", target: "bandit", roll: PowerRollResult { dice: [8, 8], natural: 16, characteristic: 2, bonuses: 0, penalties: 0, edges: [], banes: [], net: None, total: 18, rolled_tier: Three, tier: Three, critical: false, automatic: None, readings: [] } }"#,
            r#"ability.outcome: AbilityOutcome { creature: "c", ability: "Judgment Hammer", target: "bandit", tier: Some(Three), text: "11 holy damage; A < STRONG, restrained (save ends)" }"#,
            r#"ability.potency: PotencyChecked { target: "bandit", characteristic: Agility, score: 1, potency: 2, lands: true }"#,
            r#"damage: Damaged { target: "bandit", source: "c", damage_type: Some(Holy), base: 11, halved: false, weakness: 0, immunity: 0, immune: false, amount: 11, temporary_absorbed: 0, stamina_before: 30, stamina_after: 19 }"#,
            r#"condition.restrained: ConditionGained { creature: "bandit", condition: "restrained (save ends)" }"#,
        ]
    );
}

#[test]
fn potency_by_tier_weak_0_is_resisted_by_agility_0_and_average_1_lands() {
    // Tier 1: 6 + 2 = 8; weak potency 0, and 0 is not below 0.
    let (e, events) = hammer(0, [3, 3]);
    assert_eq!(the_roll(&events).tier, Tier::One);
    assert_eq!(
        potency_checks(&events),
        vec![("bandit".into(), Characteristic::Agility, 0, 0, false)]
    );
    assert_eq!(stamina(&e, "bandit"), 25);
    assert!(creature(&e, "bandit").conditions.is_empty());
    // Tier 2: 10 + 2 = 12; average potency 1 beats Agility 0.
    let (e, events) = hammer(0, [5, 5]);
    assert_eq!(the_roll(&events).tier, Tier::Two);
    assert_eq!(
        potency_checks(&events),
        vec![("bandit".into(), Characteristic::Agility, 0, 1, true)]
    );
    assert_eq!(stamina(&e, "bandit"), 22);
    assert_eq!(creature(&e, "bandit").conditions, vec!["slowed (EoT)"]);
}

// ---- Several targets (DS-CORE-27) -------------------------------------------------------------

#[test]
fn ds_core_27_one_roll_for_both_targets_and_the_prone_one_gets_an_edge_and_a_higher_tier() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 3))
        .knows(&["twin"])
        .monster("a", at(4, 3))
        .monster("p", at(2, 3))
        .prone()
        .dice(&[4, 5])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "twin", &["a", "p"])).unwrap();
    let all = rolls(&events);
    assert_eq!(all.len(), 2);
    let (a, p) = (&all[0], &all[1]);
    assert_eq!((a.0.as_str(), p.0.as_str()), ("a", "p"));
    // One roll: the same dice for both.
    assert_eq!(a.1.dice, [4, 5]);
    assert_eq!(p.1.dice, [4, 5]);
    assert_eq!(e.state().scripted_dice_left, 0, "only two dice rolled");
    // 9 + 2 = 11 → tier 1; the prone target's edge: 13 → tier 2.
    assert_eq!((a.1.total, a.1.tier), (11, Tier::One));
    assert!(a.1.edges.is_empty());
    assert_eq!((p.1.total, p.1.tier), (13, Tier::Two));
    assert_eq!(rule_ids(&p.1.edges), vec!["condition.prone"]);
    assert_eq!(stamina(&e, "a"), 26, "2 + 2");
    assert_eq!(stamina(&e, "p"), 24, "4 + 2");
}

// ---- Targets (DS-CORE-88) ---------------------------------------------------------------------

#[test]
fn ds_core_88_an_ally_only_ability_cannot_target_its_user() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["rally"])
        .hero("friend", at(3, 1))
        .monster("m", at(5, 1))
        .start();
    start(&mut e, "h");
    let err = e.apply(use_ability("h", "rally", &["h"])).unwrap_err();
    assert_eq!(err.rule, "ability.target");
    let err = e.apply(use_ability("h", "rally", &["m"])).unwrap_err();
    assert_eq!(err.rule, "ability.target", "an enemy is no ally");
    // Refusals change nothing: the maneuver is still there.
    assert!(creature(&e, "h").actions.maneuver);
    assert_eq!(creature(&e, "h").stamina.temporary, 0);
    let events = e.apply(use_ability("h", "rally", &["friend"])).unwrap();
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::TemporaryStaminaGained { creature, amount: 5, now: 5 } if creature == "friend"
        )),
        1
    );
    assert_eq!(creature(&e, "friend").stamina.temporary, 5);
    assert_eq!(creature(&e, "h").stamina.temporary, 0);
}

#[test]
fn naming_too_many_targets_or_one_twice_is_refused() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 3))
        .knows(&["twin"])
        .monster("a", at(4, 3))
        .monster("b", at(2, 3))
        .monster("c", at(3, 4))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e
        .apply(use_ability("h", "twin", &["a", "b", "c"]))
        .unwrap_err();
    assert_eq!(err.rule, "ability.target", "twin targets at most 2");
    let err = e.apply(use_ability("h", "twin", &["a", "a"])).unwrap_err();
    assert_eq!(err.rule, "ability.target");
    let err = e.apply(use_ability("h", "twin", &["h"])).unwrap_err();
    assert_eq!(err.rule, "ability.target", "an enemy-only ability");
    assert_eq!(e.state().scripted_dice_left, 2);
    assert!(creature(&e, "h").actions.main);
}

// ---- Heroic resource (DS-CORE-83-ish) -----------------------------------------------------------

#[test]
fn ds_core_83_a_heroic_ability_needs_its_cost_pays_it_and_the_resource_grows_each_turn() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["smite"])
        .heroic_resource(1)
        .resource_per_turn(1)
        .monster("m", at(2, 1))
        .dice(&[5, 5])
        .start();
    let events = start(&mut e, "h");
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::ResourceGained { creature, amount: 1, now: 2, because: None } if creature == "h"
        )),
        1
    );
    let err = e.apply(use_ability("h", "smite", &["m"])).unwrap_err();
    assert_eq!(err.rule, "resource.heroic");
    assert_eq!(creature(&e, "h").heroic_resource, Some(2));
    assert_eq!(stamina(&e, "m"), 30);
    assert_eq!(
        e.state().scripted_dice_left,
        2,
        "a refused ability rolls nothing"
    );
    end(&mut e, "h");
    start(&mut e, "m");
    end(&mut e, "m");
    // Round 2: 2 + 1 = 3, enough.
    start(&mut e, "h");
    assert_eq!(creature(&e, "h").heroic_resource, Some(3));
    let events = e.apply(use_ability("h", "smite", &["m"])).unwrap();
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::ResourceSpent { creature, amount: 3, left: 0 } if creature == "h"
        )),
        1
    );
    assert_eq!(creature(&e, "h").heroic_resource, Some(0));
    // 10 + 2 = 12 → tier 2: 6 + 2.
    assert_eq!(stamina(&e, "m"), 22);
}

// ---- Areas ------------------------------------------------------------------------------------

fn ability_used(events: &[LoggedEvent]) -> (Vec<String>, Vec<Square>) {
    events
        .iter()
        .find_map(|ev| match &ev.event {
            Event::AbilityUsed { targets, area, .. } => Some((targets.clone(), area.clone())),
            _ => None,
        })
        .expect("an AbilityUsed event")
}

#[test]
fn a_burst_hits_every_enemy_in_it_and_not_allies_the_user_or_enemies_outside() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 3))
        .knows(&["quake"])
        .monster("a", at(4, 3))
        .monster("b", at(2, 2))
        .monster("far", at(5, 3))
        .hero("friend", at(3, 4))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "quake", &[])).unwrap();
    let (targets, area) = ability_used(&events);
    assert_eq!(targets, vec!["a", "b"]);
    assert_eq!(area.len(), 8);
    let all = rolls(&events);
    assert_eq!(all.len(), 2);
    assert!(
        all.iter()
            .all(|(_, r)| r.dice == [5, 5] && r.tier == Tier::Two)
    );
    // 10 + 2 = 12 → tier 2: 4 + 2 each.
    assert_eq!(stamina(&e, "a"), 24);
    assert_eq!(stamina(&e, "b"), 24);
    assert_eq!(stamina(&e, "far"), 30);
    assert_eq!(stamina(&e, "friend"), 30);
    assert_eq!(stamina(&e, "h"), 30);
}

#[test]
fn a_cube_is_placed_with_at_and_hits_the_enemies_inside() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["cube"])
        .monster("in1", at(5, 2))
        .monster("in2", at(6, 3))
        .monster("out", at(7, 3))
        .hero("friend", at(5, 3))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e.apply(use_ability("h", "cube", &[])).unwrap_err();
    assert_eq!(err.rule, "ability.area", "a cube must be placed");
    let err = e.apply(placed("h", "cube", (8, 1), None)).unwrap_err();
    assert_eq!(err.rule, "ability.area", "7 squares away, placed within 5");
    let events = e.apply(placed("h", "cube", (5, 2), None)).unwrap();
    let (targets, area) = ability_used(&events);
    assert_eq!(area, squares(&[(5, 2), (6, 2), (5, 3), (6, 3)]));
    assert_eq!(targets, vec!["in1", "in2"]);
    let fire = events
        .iter()
        .filter(|ev| {
            matches!(
                ev.event,
                Event::Damaged {
                    damage_type: Some(DamageType::Fire),
                    amount: 6,
                    ..
                }
            )
        })
        .count();
    assert_eq!(fire, 2);
    assert_eq!(stamina(&e, "in1"), 24);
    assert_eq!(stamina(&e, "in2"), 24);
    assert_eq!(stamina(&e, "out"), 30);
    assert_eq!(stamina(&e, "friend"), 30);
}

#[test]
fn a_line_runs_from_at_in_its_direction() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["lance"])
        .monster("near", at(3, 1))
        .monster("end", at(5, 1))
        .monster("past", at(6, 1))
        .monster("beside", at(3, 2))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e.apply(placed("h", "lance", (2, 1), None)).unwrap_err();
    assert_eq!(err.rule, "ability.area", "a line needs a direction");
    let events = e
        .apply(placed("h", "lance", (2, 1), Some(Direction::E)))
        .unwrap();
    let (targets, area) = ability_used(&events);
    assert_eq!(area, squares(&[(2, 1), (3, 1), (4, 1), (5, 1)]));
    assert_eq!(targets, vec!["near", "end"]);
    assert_eq!(stamina(&e, "near"), 24);
    assert_eq!(stamina(&e, "end"), 24);
    assert_eq!(stamina(&e, "past"), 30);
    assert_eq!(stamina(&e, "beside"), 30);
}

#[test]
fn a_named_target_outside_the_area_is_refused() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 3))
        .knows(&["quake"])
        .monster("a", at(4, 3))
        .monster("far", at(6, 3))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e.apply(use_ability("h", "quake", &["far"])).unwrap_err();
    assert_eq!(err.rule, "ability.area");
    assert!(creature(&e, "h").actions.main);
    assert_eq!(e.state().scripted_dice_left, 2);
    // Naming the one inside is fine.
    let events = e.apply(use_ability("h", "quake", &["a"])).unwrap();
    assert_eq!(ability_used(&events).0, vec!["a"]);
    assert_eq!(stamina(&e, "a"), 24);
    assert_eq!(stamina(&e, "far"), 30);
}

// ---- Reach and line of effect -----------------------------------------------------------------

#[test]
fn a_strike_out_of_reach_is_refused() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["jab"])
        .monster("m", at(4, 1))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e.apply(use_ability("h", "jab", &["m"])).unwrap_err();
    assert_eq!(err.rule, "target.distance");
    assert_eq!(stamina(&e, "m"), 30);
    assert!(creature(&e, "h").actions.main);
}

#[test]
fn a_strike_without_line_of_effect_is_refused() {
    let walled = [
        "...#......",
        "...#......",
        "...#......",
        "...#......",
        "...#......",
        "...#......",
    ];
    let mut e = Fight::on(&walled)
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["bolt"])
        .monster("m", at(5, 1))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let err = e.apply(use_ability("h", "bolt", &["m"])).unwrap_err();
    assert_eq!(err.rule, "target.line_of_effect");
    assert_eq!(stamina(&e, "m"), 30);
}

#[test]
fn a_ranged_strike_with_an_adjacent_enemy_takes_a_bane() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["bolt"])
        .monster("near", at(2, 2))
        .monster("far", at(5, 1))
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "bolt", &["far"])).unwrap();
    let roll = the_roll(&events);
    assert_eq!(
        rule_ids(&roll.banes),
        vec!["power_roll.bane.ranged_adjacent_enemy"]
    );
    assert_eq!(roll.net, NetEdge::Bane);
    // 12 + 2 − 2 = 12 → tier 2: 4 + 2.
    assert_eq!((roll.total, roll.tier), (12, Tier::Two));
    assert_eq!(stamina(&e, "far"), 24);
}

#[test]
fn a_ranged_strike_with_no_enemy_adjacent_takes_no_bane() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["bolt"])
        .monster("near", at(3, 3))
        .monster("far", at(5, 1))
        .dice(&[6, 6])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "bolt", &["far"])).unwrap();
    let roll = the_roll(&events);
    assert!(roll.banes.is_empty(), "{:?}", roll.banes);
    assert_eq!((roll.total, roll.tier), (14, Tier::Two));
}

// ---- Forced movement from abilities -------------------------------------------------------------

#[test]
fn two_pushed_targets_queue_in_the_order_named() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 2))
        .knows(&["shoves"])
        .monster("a", at(4, 2))
        .monster("b", at(2, 2))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "shoves", &["b", "a"])).unwrap();
    let queued: Vec<String> = events
        .iter()
        .filter_map(|ev| match &ev.event {
            Event::ForcedMovementPending { pending } => Some(pending.target.clone()),
            _ => None,
        })
        .collect();
    assert_eq!(queued, vec!["b", "a"]);
    assert_eq!(e.state().pending_forced.unwrap().target, "b");
    let err = e.apply(melee_push("h", "a", 1, &[(5, 2)])).unwrap_err();
    assert_eq!(err.rule, "choice.pending", "b is first");
    e.apply(melee_push("h", "b", 1, &[(1, 2)])).unwrap();
    assert_eq!(position(&e, "b"), Square::new(1, 2));
    assert_eq!(e.state().pending_forced.unwrap().target, "a");
    e.apply(melee_push("h", "a", 1, &[(5, 2)])).unwrap();
    assert_eq!(position(&e, "a"), Square::new(5, 2));
    assert!(e.state().pending_forced.is_none());
    end(&mut e, "h");
}

#[test]
fn a_restrained_target_takes_the_damage_but_is_not_pushed() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 2))
        .knows(&["bind", "slam"])
        .monster("g", at(2, 2))
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    e.apply(use_ability("h", "bind", &["g"])).unwrap();
    assert_eq!(
        creature(&e, "g").conditions,
        vec!["restrained (until the encounter ends)"]
    );
    let events = e.apply(use_ability("h", "slam", &["g"])).unwrap();
    let roll = the_roll(&events);
    assert_eq!(rule_ids(&roll.edges), vec!["condition.restrained"]);
    // 10 + 2 + 2 = 14 → tier 2: 6 + 2 damage, push 2 prevented.
    assert_eq!(roll.tier, Tier::Two);
    assert_eq!(stamina(&e, "g"), 22);
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::ForcedMovementPrevented { target, .. } if target == "g"
        )),
        1
    );
    assert!(e.state().pending_forced.is_none());
    assert_eq!(position(&e, "g"), Square::new(2, 2));
    end(&mut e, "h");
}

// ---- Temporary Stamina ------------------------------------------------------------------------

#[test]
fn temporary_stamina_from_an_ally_aura_keeps_the_higher_value() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(3, 3))
        .knows(&["ward"])
        .hero("tough", at(4, 3))
        .temporary_stamina(6)
        .hero("thin", at(3, 5))
        .temporary_stamina(2)
        .hero("away", at(8, 3))
        .monster("m", at(2, 3))
        .start();
    start(&mut e, "h");
    let events = e.apply(use_ability("h", "ward", &[])).unwrap();
    let mut targets = ability_used(&events).0;
    targets.sort();
    assert_eq!(targets, vec!["h", "thin", "tough"]);
    let temp = |e: &Engine, id: &str| creature(e, id).stamina.temporary;
    assert_eq!(temp(&mut e, "tough"), 6, "6 beats 4");
    assert_eq!(temp(&mut e, "thin"), 4, "4 beats 2");
    assert_eq!(temp(&mut e, "h"), 4, "with self");
    assert_eq!(temp(&mut e, "away"), 0, "outside the aura");
    assert_eq!(temp(&mut e, "m"), 0, "an enemy");
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::TemporaryStaminaGained { creature, amount: 4, now: 6 } if creature == "tough"
        )),
        1
    );
}

// ---- Stat-block checks ------------------------------------------------------------------------

fn parse(src: &str) -> Ability {
    scenario::ron_options()
        .from_str(src)
        .unwrap_or_else(|e| panic!("{e}\n{src}"))
}

#[test]
fn a_well_formed_ability_has_no_problems() {
    let a = parse(
        r#"(name: "Brutal Slam", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1),
            target: (who: Enemy, count: 1),
            power_roll: (characteristic: [Might],
                tier1: (damage: (base: 3), forced: (kind: Push, distance: 1)),
                tier2: (damage: (base: 6), forced: (kind: Push, distance: 2)),
                tier3: (damage: (base: 9), forced: (kind: Push, distance: 4))))"#,
    );
    assert_eq!(a.problems(), Vec::<String>::new());
}

#[test]
fn the_area_keyword_without_an_area_distance_is_a_problem() {
    let a = parse(
        r#"(name: "Bad Area", keywords: [Area, Magic], action: MainAction, distance: Melee(1),
            target: (who: Enemy, count: 1), effect: (damage: (base: 2)))"#,
    );
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("has the Area keyword but its distance (Melee 1) is not an area"),
        "{problems:?}"
    );
}

#[test]
fn a_strike_without_a_power_roll_is_a_problem() {
    let a = parse(
        r#"(name: "Rollless", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1),
            target: (who: Enemy, count: 1), effect: (damage: (base: 2)))"#,
    );
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("is a strike, so it has a power roll"),
        "{problems:?}"
    );
}

#[test]
fn a_signature_ability_with_a_resource_cost_is_a_problem() {
    let a = parse(
        r#"(name: "Pricey", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1),
            target: (who: Enemy, count: 1), signature: true, cost: Resource(3),
            power_roll: (characteristic: [Might], tier1: (damage: (base: 2)), tier2: (damage: (base: 4)), tier3: (damage: (base: 6))))"#,
    );
    let problems = a.problems();
    assert_eq!(problems.len(), 1, "{problems:?}");
    assert!(
        problems[0].contains("is a signature ability, which costs no heroic resource"),
        "{problems:?}"
    );
}

// ---- Scenario diagnostics ---------------------------------------------------------------------

/// The 1-based line and column of the first `needle` in `src`.
fn line_col_of(src: &str, needle: &str) -> (usize, usize) {
    let at = src
        .find(needle)
        .unwrap_or_else(|| panic!("`{needle}` in the source"));
    let before = &src[..at];
    let line = before.matches('\n').count() + 1;
    let col = before.rsplit('\n').next().unwrap().chars().count() + 1;
    (line, col)
}

/// A two-creature scenario, one field per line, with `abilities` and the hero's ability list
/// spliced in.
fn template(abilities: &str, hero_abilities: &str) -> String {
    format!(
        "Scenario(
    name: \"Broken abilities\",
    map: (rows: [\"......\", \"......\"]),
    abilities: {{
{abilities}
    }},
    creatures: [
        (id: \"h\", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 8),
            abilities: [{hero_abilities}]),
        (id: \"m\", side: Director, stamina: 30, position: (5, 1)),
    ],
)
"
    )
}

fn diagnostics(src: &str) -> Vec<scenario::Diagnostic> {
    match scenario::load("broken.ron", src) {
        Ok(_) => panic!("accepted:\n{src}"),
        Err(problems) => problems,
    }
}

const GOOD_ABILITY: &str = r#"        "good": (
            name: "Good",
            keywords: [Melee, Strike, Weapon],
            action: MainAction,
            distance: Melee(1),
            target: (who: Enemy, count: 1),
            power_roll: (
                characteristic: [Might],
                tier1: (damage: (base: 2)),
                tier2: (damage: (base: 4)),
                tier3: (damage: (base: 6), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: Weak))]),
            ),
        ),"#;

#[test]
fn the_scenario_template_loads_with_a_good_ability() {
    let src = template(GOOD_ABILITY, "\"good\"");
    let s = scenario::load("good.ron", &src).unwrap_or_else(|p| panic!("{p:?}\n{src}"));
    let e = s.start(Some(1));
    assert!(e.ability("good").is_some());
}

/// Load `src`, which must have exactly one problem, and give that problem with the 1-based line
/// and column of the first `needle` in `src`.
fn the_problem_near(src: &str, needle: &str) -> (scenario::Diagnostic, usize, usize) {
    let problems = diagnostics(src);
    assert_eq!(problems.len(), 1, "{problems:?}");
    let (line, col) = line_col_of(src, needle);
    (problems[0].clone(), line, col)
}

/// `GOOD_ABILITY` with `word` misspelt as `typo`: its one problem is where `typo` is written and
/// names it.
fn assert_typo_reported_where_written(word: &str, typo: &str) {
    let src = template(&GOOD_ABILITY.replace(word, typo), "\"good\"");
    let (problem, line, col) = the_problem_near(&src, typo);
    assert_eq!(problem.line, line, "{problem:?}");
    assert!(
        problem.col == col,
        "column {} should point at `{typo}` (col {col}): {problem:?}",
        problem.col
    );
    assert!(problem.message.contains(typo), "{problem:?}");
}

#[test]
fn a_scenario_ability_with_a_stat_block_problem_is_reported_at_its_id() {
    let bad = r#"        "bad": (
            name: "Bad",
            keywords: [Area, Magic],
            action: MainAction,
            distance: Melee(1),
            target: (who: Enemy, count: 1),
            effect: (damage: (base: 2)),
        ),"#;
    let src = template(&format!("{GOOD_ABILITY}\n{bad}"), "\"good\"");
    // Diagnostics point at a field's value: here the `(` that opens the ability.
    let (problem, line, col) = the_problem_near(&src, "\"bad\": (");
    assert_eq!(
        (problem.line, problem.col),
        (line, col + "\"bad\": ".len()),
        "{problem:?}"
    );
    assert!(
        problem.message.contains("ability `bad`") && problem.message.contains("Area keyword"),
        "{problem:?}"
    );
}

#[test]
fn an_unknown_keyword_is_reported_where_it_is_written() {
    assert_typo_reported_where_written("Weapon", "Wepon");
}

#[test]
fn an_unknown_characteristic_in_a_potency_is_reported_where_it_is_written() {
    assert_typo_reported_where_written("Agility", "Agilty");
}

#[test]
fn an_unknown_ability_id_is_reported_at_the_creatures_abilities_field() {
    let src = template(GOOD_ABILITY, "\"good\", \"nope\"");
    // At the value of that creature's `abilities` field (its `[`), not the scenario's.
    let (problem, line, col) = the_problem_near(&src, "abilities: [\"good\", \"nope\"]");
    assert_eq!(
        (problem.line, problem.col),
        (line, col + "abilities: ".len()),
        "{problem:?}"
    );
    assert!(
        problem.message.contains("`h` has unknown ability `nope`"),
        "{problem:?}"
    );
}

#[test]
fn use_consumable_a_potion_gives_back_the_recovery_value_and_is_used_up() {
    // The library's vanguard carries one Healing Draught; the skirmisher a draught and a flask.
    let mut e = Fight::new()
        .from_template("h", "vanguard", at(1, 1))
        .current_stamina(10)
        .from_template("t", "skirmisher", at(1, 3))
        .monster("m", at(5, 3))
        .stamina(20)
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, use_ability("h", "healing_draught", &[]));
    assert!(events.iter().any(|ev| matches!(
        &ev.event,
        Event::ConsumableUsed { item, left: 0, .. } if item == "Healing Draught"
    )));
    let h = creature(&e, "h");
    assert_eq!(h.stamina.current, 20, "recovery value 10");
    assert_eq!(h.recoveries, Some(10), "no Recovery spent");
    assert!(
        events.iter().any(|ev| matches!(
            ev.event,
            Event::ActionUsed {
                action: steelgrid_rules::creature::ActionKind::Maneuver,
                traded_main: false,
                ..
            }
        )),
        "Use Consumable is a maneuver"
    );
    // Used up: it is no longer among the hero's abilities and items.
    assert!(h.abilities.iter().all(|a| a.id != "healing_draught"));
    let again = e
        .apply(use_ability("h", "healing_draught", &[]))
        .unwrap_err();
    assert_eq!(again.rule, "ability");
    end(&mut e, "h");
    take_turn(&mut e, "m");
    // A thrown flask: a 1 cube within 5, 4 fire damage with no roll.
    start(&mut e, "t");
    let thrown = apply(&mut e, placed("t", "fire_flask", (5, 3), None));
    assert!(
        !thrown
            .iter()
            .any(|ev| matches!(ev.event, Event::PowerRolled { .. }))
    );
    assert_eq!(creature(&e, "m").stamina.current, 16);
    let t = creature(&e, "t");
    assert!(
        t.abilities
            .iter()
            .any(|a| a.id == "healing_draught" && a.consumable)
    );
    assert!(t.abilities.iter().all(|a| a.id != "fire_flask"));
}

/// Iron Sweep with its extra ("spend 2: slowed, M < AVERAGE") against a target of Might
/// `might`, at tier 1 (dice 3 + 3).
fn sweep_with_the_extra(might: i32) -> (Engine, Vec<LoggedEvent>) {
    let mut e = Fight::new()
        .from_template("h", "vanguard", at(1, 1))
        .hero_fields(10)
        .heroic_resource(2)
        .monster("m", at(2, 1))
        .stamina(20)
        .free_strike(2)
        .might(might)
        .dice(&[3, 3])
        .start();
    start(&mut e, "h");
    let mut sweep = use_ability("h", "iron_sweep", &["m"]);
    if let Command::UseAbility { spend, .. } = &mut sweep {
        *spend = true;
    }
    let events = apply(&mut e, sweep);
    (e, events)
}

#[test]
fn ds_core_79_an_extra_resisted_by_every_target_costs_nothing() {
    // Vanguard's highest characteristic 2: average potency 1. Might 1 resists.
    let (e, events) = sweep_with_the_extra(1);
    assert!(
        events
            .iter()
            .any(|ev| matches!(ev.event, Event::ResourceKept { amount: 2, .. }))
    );
    assert_eq!(creature(&e, "h").heroic_resource, Some(2));
    assert!(creature(&e, "m").conditions.is_empty());
    // Might 0 does not: the target is slowed and the 2 are spent.
    let (e, _) = sweep_with_the_extra(0);
    assert_eq!(creature(&e, "h").heroic_resource, Some(0));
    assert_eq!(creature(&e, "m").conditions, ["slowed (EoT)"]);
}

#[test]
fn an_extra_needs_its_cost_on_top_of_the_ability() {
    let mut e = Fight::new()
        .from_template("h", "vanguard", at(1, 1))
        .hero_fields(10)
        .heroic_resource(1)
        .monster("m", at(2, 1))
        .stamina(20)
        .start();
    start(&mut e, "h");
    let mut sweep = use_ability("h", "iron_sweep", &["m"]);
    if let Command::UseAbility { spend, .. } = &mut sweep {
        *spend = true;
    }
    assert_eq!(e.apply(sweep).unwrap_err().rule, "resource.heroic");
    let mut jab = use_ability("h", "challenge_roar", &[]);
    if let Command::UseAbility { spend, .. } = &mut jab {
        *spend = true;
    }
    assert_eq!(
        e.apply(jab).unwrap_err().reason,
        "`Challenge Roar` has nothing extra to spend on"
    );
}

/// A stone block at (3, 1) and a wooden crate at (2, 3).
const YARD: [&str; 6] = [
    "..........",
    "...s......",
    "..........",
    "..w.......",
    "..........",
    "..........",
];

fn smash(objects: &[(i32, i32)], ability: &str) -> Command {
    let mut cmd = use_ability("h", ability, &[]);
    if let Command::UseAbility { objects: o, .. } = &mut cmd {
        *o = squares(objects);
    }
    cmd
}

#[test]
fn ds_core_68_an_object_takes_the_damage_but_is_not_pushed_and_poison_does_nothing() {
    // Iron Sweep (one creature or object): tier 2 with Might 2 is 7 damage and push 1. The
    // stone block (6 Stamina) breaks; nothing is pushed.
    let mut e = Fight::on(&YARD)
        .from_template("h", "vanguard", at(2, 1))
        .monster("m", at(8, 5))
        .stamina(20)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    // Not an object, out of reach, or an ability that can't target objects: refused.
    assert_eq!(
        e.check(&smash(&[(5, 5)], "iron_sweep")).unwrap_err().rule,
        "ability.target"
    );
    assert_eq!(
        e.check(&smash(&[(2, 3)], "iron_sweep")).unwrap_err().rule,
        "target.distance"
    );
    assert_eq!(
        e.check(&smash(&[(2, 3)], "challenge_roar"))
            .unwrap_err()
            .rule,
        "ability.target"
    );
    let events = apply(&mut e, smash(&[(3, 1)], "iron_sweep"));
    assert!(events.iter().any(|ev| matches!(
        ev.event,
        Event::ObjectDamaged {
            amount: 7,
            left: 0,
            ..
        }
    )));
    assert!(
        events
            .iter()
            .any(|ev| matches!(ev.event, Event::ObjectDestroyed { .. }))
    );
    assert!(
        e.state().pending_forced.is_none(),
        "objects ignore the push"
    );
    assert!(matches!(
        e.map().terrain(Square::new(3, 1)),
        Some(steelgrid_rules::grid::Terrain::Floor)
    ));
}

#[test]
fn ds_core_68_poison_and_psychic_damage_do_nothing_to_objects() {
    let venom = "\"venom\": (name: \"Venom\", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1), target: (who: CreatureOrObject, count: 1), power_roll: (characteristic: [Might], tier1: (damage: (base: 3, kind: Poison)), tier2: (damage: (base: 5, kind: Poison)), tier3: (damage: (base: 7, kind: Poison))))";
    let mut e = Fight::on(&YARD)
        .abilities(venom)
        .hero("h", at(2, 2))
        .knows(&["venom"])
        .monster("m", at(8, 5))
        .stamina(20)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let events = apply(&mut e, smash(&[(2, 3)], "venom"));
    assert!(events.iter().any(|ev| matches!(
        ev.event,
        Event::ObjectDamaged {
            amount: 0,
            left: 3,
            ..
        }
    )));
}
