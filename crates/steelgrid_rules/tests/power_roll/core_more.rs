//! More rules-interaction cases of the core digest (seed 002 L1-2446; digest §41): an outcome
//! for the user happens once, hero token rerolls of tests, "end of encounter" outside combat,
//! how the same ability's effects stack, halved recovery values, opposed, assisted and group
//! tests, montage limits, interrupted respites, kit bonuses at range and pointing out found
//! creatures. Named by their DS-CORE id.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, potency_checks};
use common::{
    apply, conditions, count, creature, end, find, pick, stamina, start, take_turn, until_turn_of,
};
use steelgrid_rules::Command;
use steelgrid_rules::ability::Kit;
use steelgrid_rules::condition::Duration;
use steelgrid_rules::creature::{Characteristics, Hero, Side, Stamina};
use steelgrid_rules::damage::respite;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::options::RulesOptions;
use steelgrid_rules::power_roll::test_roll::{
    self, Difficulty, GroupOutcome, MontageLimits, Opposed, TestOutcome, TestSpec,
};
use steelgrid_rules::power_roll::{Modifier, NetEdge, PowerRollSpec, Tier};
use steelgrid_rules::testing::{Fight, at};

// ---- Helpers ----------------------------------------------------------------------------------

/// The abilities the scenarios in this file define.
fn abilities() -> String {
    let (one, two) = (enemies(1), enemies(2));
    let field = |name: &str, penalty: u32, burn: &str| {
        format!(
            "(name: \"{name}\", keywords: [Area, Psionic], action: Maneuver, distance: Aura(2), target: (who: Enemy), effect: (text: \"it hums\"), lasting: (duration: EndOfEncounter, potency_penalty: {penalty}{burn}))"
        )
    };
    let (null_field, dampening) = (field("Null Field", 1, ""), field("Dampening Hum", 1, ""));
    let (embers, cinders) = (
        field("Ember Ring", 0, ", start_of_turn_damage: 2"),
        field("Cinder Ring", 0, ", start_of_turn_damage: 3"),
    );
    format!(
        r#"
    "chorus": (name: "Ember Chorus", {MELEE_WEAPON}, action: MainAction, {two}, power_roll: (characteristic: [Might],
        tier1: (damage: (base: 2), user_temporary_stamina: 2),
        tier2: (damage: (base: 4), user_temporary_stamina: 5),
        tier3: (damage: (base: 6), user_temporary_stamina: 8))),
    "null_field": {null_field},
    "dampening": {dampening},
    "embers": {embers},
    "cinders": {cinders},
    "hex": (name: "Withering Hex", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(5), {one}, power_roll: (characteristic: [Presence, Might],
        tier1: (damage: (base: 1), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Might, strength: Strong))]),
        tier2: (damage: (base: 1), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Might, strength: Strong))]),
        tier3: (damage: (base: 1), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Might, strength: Strong))]))),
    "kindle": (name: "Kindle", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), target: (who: Ally, count: 1), power_roll: (characteristic: [Presence],
        tier1: (lingering: (potency: 1, duration: EndOfTurn)),
        tier2: (lingering: (potency: 1, duration: EndOfTurn)),
        tier3: (lingering: (potency: 2, duration: SaveEnds)))),
    "sap": (name: "Sapping Touch", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), {one}, effect: (lingering: (halved_recovery_value: true, duration: EndOfEncounter))),
    "wither": (name: "Withering Curse", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(5), {one}, effect: (lingering: (halved_recovery_value: true, duration: EndOfEncounter))),
    "toss": (name: "Knife Toss", keywords: [Strike, Weapon], action: MainAction, distance: MeleeOrRanged(1, 5), {one}, power_roll: (characteristic: [Might],
        tier1: (damage: (base: 2)), tier2: (damage: (base: 4)), tier3: (damage: (base: 6)))),
    "spark": (name: "Spark", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(5), {one}, power_roll: (characteristic: [Might],
        tier1: (damage: (base: 2)), tier2: (damage: (base: 4)), tier3: (damage: (base: 6)))),
"#
    )
}

/// `creature` uses `ability` on `targets`, at range or not, picking `user_tier` for the
/// outcome for itself.
fn use_ability(
    creature: &str,
    ability: &str,
    targets: &[&str],
    ranged: bool,
    user_tier: Option<Tier>,
) -> Command {
    Command::UseAbility {
        creature: creature.into(),
        ability: ability.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        at: None,
        direction: None,
        squares: Vec::new(),
        objects: Vec::new(),
        ranged,
        tier: None,
        user_tier,
        spend: false,
        surges: Default::default(),
        squad: Vec::new(),
    }
}

fn uses(creature: &str, ability: &str, targets: &[&str]) -> Command {
    use_ability(creature, ability, targets, false, None)
}

/// The potencies the power rolls of `events` checked, in order.
fn potencies(events: &[LoggedEvent]) -> Vec<i32> {
    potency_checks(events).into_iter().map(|p| p.3).collect()
}

/// The `EffectStarted` / `EffectEnded` labels of `events` for `creature`.
fn effects(events: &[LoggedEvent], creature: &str, started: bool) -> Vec<String> {
    pick(events, |ev| match &ev.event {
        Event::EffectStarted {
            creature: c,
            effect,
        } if started && c == creature => Some(effect.clone()),
        Event::EffectEnded {
            creature: c,
            effect,
        } if !started && c == creature => Some(effect.clone()),
        _ => None,
    })
}

/// Damage `target` took in `events`.
fn damage_to(events: &[LoggedEvent], target: &str) -> Vec<u32> {
    pick(events, |ev| match &ev.event {
        Event::Damaged {
            target: t, amount, ..
        } if t == target => Some(*amount),
        _ => None,
    })
}

fn modifiers(n: usize) -> Vec<Modifier> {
    vec![
        Modifier {
            rule: "test".into(),
            note: String::new(),
        };
        n
    ]
}

/// A test with characteristic `characteristic`, a skill if `skill`, and `edges` and `banes`.
fn spec(characteristic: i32, skill: bool, edges: usize, banes: usize) -> TestSpec {
    TestSpec {
        roll: PowerRollSpec {
            characteristic,
            edges: modifiers(edges),
            banes: modifiers(banes),
            ..PowerRollSpec::default()
        },
        skill,
    }
}

// ---- Abilities --------------------------------------------------------------------------------

#[test]
fn ds_core_26_an_outcome_for_the_user_happens_once_and_the_user_picks_its_tier() {
    // Natural 9 + Might 2 = 11: tier 1 against the standing foe, and 13 (tier 2) against the
    // prone one, which melee abilities have an edge against.
    let game = |user_tier: Option<Tier>| {
        let mut e = Fight::new()
            .abilities(&abilities())
            .hero_tokens(2)
            .hero("h", at(1, 1))
            .knows(&["chorus"])
            .monster("a", at(2, 1))
            .monster("b", at(1, 2))
            .prone()
            .dice(&[4, 5])
            .start();
        start(&mut e, "h");
        let events = apply(
            &mut e,
            use_ability("h", "chorus", &["a", "b"], false, user_tier),
        );
        (e, events)
    };
    let gained = |events: &[LoggedEvent]| {
        pick(events, |ev| match &ev.event {
            Event::TemporaryStaminaGained {
                creature, amount, ..
            } => Some((creature.clone(), *amount)),
            _ => None,
        })
    };

    // The user takes the tier 1 version, once: 2, not 2 + 5.
    let (e, events) = game(Some(Tier::One));
    assert_eq!(damage_to(&events, "a"), [4], "tier 1: 2 + Might 2");
    assert_eq!(damage_to(&events, "b"), [6], "tier 2: 4 + Might 2");
    assert_eq!(gained(&events), [("h".to_owned(), 2)]);
    let chosen: Vec<(String, Option<Tier>)> = pick(&events, |ev| match &ev.event {
        Event::AbilityOutcome { target, tier, .. } if ev.rule == "ability.outcome.user" => {
            Some((target.clone(), *tier))
        }
        _ => None,
    });
    assert_eq!(chosen, [("h".to_owned(), Some(Tier::One))]);
    assert_eq!(creature(&e, "h").stamina.temporary, 2);

    // Or the tier 2 version; left out, or naming a tier no target got, the highest.
    for pick_tier in [Some(Tier::Two), None, Some(Tier::Three)] {
        let (e, events) = game(pick_tier);
        assert_eq!(gained(&events), [("h".to_owned(), 5)], "{pick_tier:?}");
        assert_eq!(creature(&e, "h").stamina.temporary, 5);
    }
}

#[test]
fn ds_core_86_only_the_ranged_kit_bonus_applies_to_a_melee_or_ranged_ability_used_at_range() {
    let kit_hero = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .kit(3, 1)
        .knows(&["toss", "spark"]);
    // Natural 9 + Might 2 = 11: tier 1, 2 + 2 damage before the kit.
    let mut e = kit_hero
        .clone()
        .monster("far", at(5, 1))
        .dice(&[4, 5, 4, 5])
        .start();
    start(&mut e, "h");
    let at_range = apply(&mut e, use_ability("h", "toss", &["far"], true, None));
    assert_eq!(damage_to(&at_range, "far"), [5], "the ranged bonus, +1");
    assert_eq!(
        count(
            &at_range,
            |ev| matches!(ev, Event::AbilityOutcome { text, .. } if text.contains("kit"))
        ),
        1
    );
    end(&mut e, "h");
    take_turn(&mut e, "far");
    start(&mut e, "h");
    // A spell is no weapon ability: no kit bonus.
    let spell = apply(&mut e, uses("h", "spark", &["far"]));
    assert_eq!(damage_to(&spell, "far"), [4]);

    // The same knife in melee takes the melee bonus instead.
    let mut e = kit_hero.monster("near", at(2, 1)).dice(&[4, 5]).start();
    start(&mut e, "h");
    let in_melee = apply(&mut e, uses("h", "toss", &["near"]));
    assert_eq!(damage_to(&in_melee, "near"), [7], "the melee bonus, +3");
}

// ---- Hero tokens and tests --------------------------------------------------------------------

#[test]
fn ds_core_38_a_hero_token_reroll_keeps_the_new_total_even_when_lower() {
    let options = RulesOptions::default();
    // Reason 2 and a skill: natural 13 makes 17, a success at Medium.
    let first = test_roll::roll(&spec(2, true, 0, 0), Difficulty::Medium, [7, 6], &options);
    assert_eq!(
        (first.roll.total, first.outcome),
        (17, TestOutcome::Success)
    );
    // The reroll's natural 5 makes 9: a failure, and it stands.
    let second = first.reroll([2, 3], &options).expect("one reroll");
    assert_eq!(
        (second.roll.total, second.outcome),
        (9, TestOutcome::Failure)
    );
    assert!(second.rerolled && !second.outcome.is_success());
    // One hero token benefit per test: no second reroll.
    let err = second.reroll([10, 10], &options).unwrap_err();
    assert_eq!(err.rule, "hero_token", "{err}");
    // A natural 19 or 20 is a success with a reward at any difficulty, even rolled with a
    // double bane and no skill.
    let lucky = test_roll::roll(&spec(-2, false, 0, 2), Difficulty::Hard, [10, 9], &options);
    assert_eq!(lucky.outcome, TestOutcome::SuccessWithReward);
    // Tier 1 at Easy is a success with a consequence; at Hard a failure with one.
    let low = |d| test_roll::roll(&spec(0, false, 0, 0), d, [3, 3], &options).outcome;
    assert_eq!(low(Difficulty::Easy), TestOutcome::SuccessWithConsequence);
    assert_eq!(low(Difficulty::Hard), TestOutcome::FailureWithConsequence);
}

#[test]
fn ds_core_70_an_opposed_double_edge_adds_4_and_a_tie_changes_nothing() {
    // Natural 14 + 1 = 15 with a double edge: 19.
    let sneak = test_roll::opposed_total(&spec(1, false, 2, 0), 0, [7, 7]);
    assert_eq!(sneak, 19);
    let watch = test_roll::opposed_total(&spec(1, false, 0, 0), 0, [9, 9]);
    assert_eq!(watch, 19);
    assert_eq!(test_roll::opposed(sneak, watch), Opposed::Tie);
    assert_eq!(test_roll::opposed(sneak, watch - 1), Opposed::First);
    assert_eq!(test_roll::opposed(sneak - 1, watch), Opposed::Second);
    // A single edge is still 2, a double bane −4; an automatic tier increase +4; the skill +2.
    assert_eq!(
        test_roll::opposed_total(&spec(1, false, 1, 0), 0, [7, 7]),
        17
    );
    assert_eq!(
        test_roll::opposed_total(&spec(1, false, 0, 2), 0, [7, 7]),
        11
    );
    assert_eq!(
        test_roll::opposed_total(&spec(1, true, 0, 0), 1, [7, 7]),
        21
    );
}

#[test]
fn ds_core_71_an_assist_of_16_gives_an_edge_17_a_double_edge_and_9_a_bane() {
    let options = RulesOptions::default();
    // Presence 2 and the helper's skill +2.
    let helper = PowerRollSpec {
        characteristic: 2,
        ..PowerRollSpec::default()
    };
    let assist = |dice| test_roll::assist("Flirt", Some("Pick Pocket"), &helper, dice, &options);
    assert_eq!(assist([6, 6]), Ok(NetEdge::Edge), "16");
    assert_eq!(assist([6, 7]), Ok(NetEdge::DoubleEdge), "17");
    assert_eq!(assist([2, 3]), Ok(NetEdge::Bane), "9");
    // The assisted creature isn't using the helper's skill.
    let err = test_roll::assist("Flirt", Some("flirt"), &helper, [6, 6], &options).unwrap_err();
    assert_eq!(err.rule, "test.assist", "{err}");
    // The edge lands on the assisted test: natural 12 + 1 = 13, 15 with it.
    let assisted = spec(1, false, 0, 0).assisted(NetEdge::Edge);
    let r = test_roll::roll(&assisted, Difficulty::Hard, [6, 6], &options);
    assert_eq!((r.roll.total, r.outcome), (15, TestOutcome::Failure));
    // A double edge raises the tier: 13 is tier 2, raised to 3, a success at Hard.
    let doubled = spec(1, false, 0, 0).assisted(NetEdge::DoubleEdge);
    let r = test_roll::roll(&doubled, Difficulty::Hard, [6, 6], &options);
    assert_eq!((r.roll.total, r.outcome), (13, TestOutcome::Success));
}

#[test]
fn ds_core_73_three_of_five_succeeding_with_three_rewards_earn_one_group_reward() {
    use TestOutcome::*;
    let options = RulesOptions::default();
    let five = [
        SuccessWithReward,
        SuccessWithReward,
        SuccessWithReward,
        FailureWithConsequence,
        FailureWithConsequence,
    ];
    assert_eq!(
        test_roll::group(&five, &options),
        Ok(GroupOutcome::SuccessWithGroupReward)
    );
    // Three successes but two rewards: a plain success.
    let fewer = [
        SuccessWithReward,
        SuccessWithReward,
        Success,
        Failure,
        Failure,
    ];
    assert_eq!(
        test_roll::group(&fewer, &options),
        Ok(GroupOutcome::Success)
    );
    // Two of four is half: a success; one of four, a failure, with a group consequence when
    // half suffered one (AMB-13), or only for more than half with the other reading.
    let four = [
        Success,
        Failure,
        FailureWithConsequence,
        FailureWithConsequence,
    ];
    assert_eq!(
        test_roll::group(&four, &options),
        Ok(GroupOutcome::FailureWithGroupConsequence)
    );
    let majority = RulesOptions {
        group_consequence_needs_majority: true,
        ..RulesOptions::default()
    };
    assert_eq!(
        test_roll::group(&four, &majority),
        Ok(GroupOutcome::Failure)
    );
    assert_eq!(
        test_roll::group(&[Success, Success, Failure, Failure], &options),
        Ok(GroupOutcome::Success)
    );
    // A group test takes two heroes or more.
    let err = test_roll::group(&[Success], &options).unwrap_err();
    assert_eq!(err.rule, "test.group", "{err}");
}

#[test]
fn ds_core_74_montage_limits_by_the_number_of_heroes() {
    let limits = |successes, failures| MontageLimits {
        successes,
        failures,
    };
    assert_eq!(test_roll::montage_limits(Difficulty::Easy, 5), limits(5, 5));
    assert_eq!(
        test_roll::montage_limits(Difficulty::Medium, 5),
        limits(6, 4)
    );
    assert_eq!(test_roll::montage_limits(Difficulty::Hard, 5), limits(7, 3));
    assert_eq!(test_roll::montage_limits(Difficulty::Easy, 3), limits(3, 3));
    assert_eq!(test_roll::montage_limits(Difficulty::Hard, 4), limits(6, 2));
    // 4 / 0 would be too few failures: 2 is the least.
    assert_eq!(test_roll::montage_limits(Difficulty::Hard, 2), limits(4, 2));
    assert_eq!(
        test_roll::montage_limits(Difficulty::Medium, 7),
        limits(8, 6)
    );
}

// ---- Durations and stacking -------------------------------------------------------------------

#[test]
fn ds_core_44_until_the_end_of_the_encounter_is_5_minutes_outside_combat() {
    assert_eq!(Duration::EndOfEncounter.minutes_outside_combat(), Some(5));
    assert_eq!(Duration::EndOfTurn.minutes_outside_combat(), None);
    assert_eq!(Duration::SaveEnds.minutes_outside_combat(), None);
    // In combat it outlasts the turns: a curse until the end of the encounter is still there
    // after its target's turns end.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .monster("f", at(4, 1))
        .knows(&["sap"])
        .first(Side::Director)
        .start();
    start(&mut e, "f");
    let cursed = apply(&mut e, uses("f", "sap", &["h"]));
    assert_eq!(
        effects(&cursed, "h", true),
        ["recovery value halved (until the encounter ends) from Sapping Touch"]
    );
    end(&mut e, "f");
    for _ in 0..2 {
        until_turn_of(&mut e, "h", &["f"]);
        let ended = end(&mut e, "h");
        assert!(effects(&ended, "h", false).is_empty());
    }
    assert_eq!(e.snapshot().effects.on("h").len(), 1);
}

#[test]
fn ds_core_46_two_null_fields_lower_a_cultists_potency_by_1_not_2() {
    // The cultist (Presence 3: a strong potency of 3) stands 2 squares from each Null.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("n1", at(1, 1))
        .knows(&["null_field", "dampening"])
        .monster("c", at(3, 1))
        .knows(&["hex"])
        .presence(3)
        .hero("n2", at(5, 1))
        .knows(&["null_field"])
        .dice(&[5, 5, 5, 5, 5, 5])
        .start();
    start(&mut e, "n1");
    apply(&mut e, uses("n1", "null_field", &[]));
    end(&mut e, "n1");
    start(&mut e, "c");
    let one_field = apply(&mut e, uses("c", "hex", &["n1"]));
    assert_eq!(potencies(&one_field), [2]);
    end(&mut e, "c");
    start(&mut e, "n2");
    apply(&mut e, uses("n2", "null_field", &[]));
    end(&mut e, "n2");

    // Both fields cover it: still 2, not 1.
    until_turn_of(&mut e, "c", &["n1", "n2"]);
    let two_fields = apply(&mut e, uses("c", "hex", &["n1"]));
    assert_eq!(potencies(&two_fields), [2]);
    end(&mut e, "c");

    // A different ability's field does stack.
    until_turn_of(&mut e, "n1", &["n2"]);
    apply(&mut e, uses("n1", "dampening", &[]));
    end(&mut e, "n1");
    until_turn_of(&mut e, "c", &["n1", "n2"]);
    let and_a_hum = apply(&mut e, uses("c", "hex", &["n1"]));
    assert_eq!(potencies(&and_a_hum), [1]);
}

#[test]
fn ds_core_46_the_same_burning_aura_twice_burns_once() {
    // Two heroes ring the goblin with the same Ember Ring (2) and one with a Cinder Ring (3):
    // at the start of its turn it takes 2 once, and 3.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("a", at(1, 1))
        .knows(&["embers", "cinders"])
        .monster("g", at(3, 1))
        .hero("b", at(5, 1))
        .knows(&["embers"])
        .start();
    start(&mut e, "a");
    apply(&mut e, uses("a", "embers", &[]));
    end(&mut e, "a");
    take_turn(&mut e, "g");
    start(&mut e, "b");
    apply(&mut e, uses("b", "embers", &[]));
    end(&mut e, "b");
    until_turn_of(&mut e, "a", &["b"]);
    apply(&mut e, uses("a", "cinders", &[]));
    end(&mut e, "a");
    let burned = start(&mut e, "g");
    let rings: Vec<(String, u32)> = pick(&burned, |ev| match &ev.event {
        Event::AreaDamage {
            ability, amount, ..
        } => Some((ability.clone(), *amount)),
        _ => None,
    });
    assert_eq!(
        rings,
        [("Ember Ring".to_owned(), 2), ("Cinder Ring".to_owned(), 3)]
    );
    assert_eq!(damage_to(&burned, "g"), [2, 3]);
    // 30, less the one ring of its first turn and these 5.
    assert_eq!(stamina(&e, "g"), 23);
}

#[test]
fn ds_core_47_the_same_ability_twice_keeps_the_larger_bonus_with_the_latest_duration() {
    // Kindle, rolled with Presence 0: +1 potency (EoT) at tiers 1-2, +2 (save ends) at tier
    // 3. The warrior's strong potency is its Might, 2.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("a", at(1, 1))
        .knows(&["kindle"])
        .monster("f", at(6, 1))
        .hero("c", at(1, 3))
        .knows(&["kindle"])
        .hero("w", at(2, 2))
        .knows(&["hex"])
        // Tier 3 (17), then tier 1 (4), then the warrior's two hexes.
        .dice(&[9, 8, 2, 2, 5, 5, 5, 5])
        .start();
    start(&mut e, "a");
    let first = apply(&mut e, uses("a", "kindle", &["w"]));
    assert_eq!(
        effects(&first, "w", true),
        ["+2 potency (save ends) from Kindle"]
    );
    end(&mut e, "a");
    take_turn(&mut e, "f");
    start(&mut e, "c");
    let second = apply(&mut e, uses("c", "kindle", &["w"]));
    assert_eq!(
        effects(&second, "w", true),
        ["+2 potency (EoT) from Kindle"]
    );
    end(&mut e, "c");

    start(&mut e, "w");
    let boosted = apply(&mut e, uses("w", "hex", &["f"]));
    assert_eq!(potencies(&boosted), [4], "+2, not +3 and not +1");
    // EoT: it ends with the warrior's turn, with no saving throw.
    let ended = end(&mut e, "w");
    assert_eq!(
        effects(&ended, "w", false),
        ["+2 potency (EoT) from Kindle"]
    );
    assert_eq!(
        count(&ended, |ev| matches!(ev, Event::SavingThrow { .. })),
        0
    );
    until_turn_of(&mut e, "w", &["a", "c", "f"]);
    let plain = apply(&mut e, uses("w", "hex", &["f"]));
    assert_eq!(potencies(&plain), [2]);
}

#[test]
fn ds_core_49_two_halvings_of_a_recovery_value_of_9_leave_4() {
    // 27 Stamina: a recovery value of 9.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .stamina(27)
        .current_stamina(10)
        .characteristics(Characteristics::default())
        .monster("f", at(4, 1))
        .knows(&["sap", "wither"])
        .first(Side::Director)
        .start();
    start(&mut e, "f");
    let sapped = apply(&mut e, uses("f", "sap", &["h"]));
    let withered = apply(&mut e, uses("f", "wither", &["h"]));
    assert_eq!(
        [effects(&sapped, "h", true), effects(&withered, "h", true)].concat(),
        [
            "recovery value halved (until the encounter ends) from Sapping Touch",
            "recovery value halved (until the encounter ends) from Withering Curse"
        ]
    );
    end(&mut e, "f");
    start(&mut e, "h");
    let regained = |events: &[LoggedEvent]| {
        pick(events, |ev| match &ev.event {
            Event::StaminaRegained { amount, .. } => Some(*amount),
            _ => None,
        })
    };
    // Halved once, rounded down: 4, not 2.
    let breath = apply(
        &mut e,
        Command::CatchBreath {
            creature: "h".into(),
        },
    );
    assert_eq!(regained(&breath), [4]);
    // Two hero tokens regain the same halved value.
    let tokens = apply(
        &mut e,
        Command::SpendHeroToken {
            creature: "h".into(),
            benefit: steelgrid_rules::ability::hero_token::TokenBenefit::Stamina,
        },
    );
    assert_eq!(regained(&tokens), [4]);
    assert_eq!(stamina(&e, "h"), 18);
}

// ---- Respite ----------------------------------------------------------------------------------

#[test]
fn ds_core_82_a_respite_interrupted_at_hour_20_gives_nothing() {
    let tired = || {
        (
            Hero {
                level: 1,
                recoveries: 2,
                recoveries_max: 8,
                heroic_resource: 0,
                resource_per_turn: 0,
                surges: 0,
                victories: 3,
                xp: 0,
                kit: Kit::default(),
                class: None,
                gains: Default::default(),
            },
            Stamina {
                current: 7,
                max: 30,
                temporary: 0,
            },
        )
    };
    for hours in [20, 8] {
        let (mut hero, mut stamina) = tired();
        assert_eq!(respite::finish(&mut hero, &mut stamina, hours), None);
        assert_eq!((hero, stamina), tired(), "{hours} hours change nothing");
    }
    let (mut hero, mut stamina) = tired();
    assert_eq!(respite::finish(&mut hero, &mut stamina, 24), Some(3));
    assert_eq!(
        (hero.recoveries, stamina.current, hero.victories),
        (8, 30, 0)
    );
}

// ---- Hide and search --------------------------------------------------------------------------

/// Fog at (2, 2): a creature in it is concealed from everyone.
const FOG: [&str; 6] = [
    "................",
    "................",
    "..d.............",
    "................",
    "................",
    "................",
];

#[test]
fn ds_core_89_a_searcher_points_out_what_it_found_to_allies_within_10_squares() {
    // The rogue hides in the fog from all three heroes; the searcher finds it (18 against 2)
    // and points it out to the ally 2 squares away, not to the one 11 away.
    let mut e = Fight::on(&FOG)
        .abilities(&abilities())
        .hero_tokens(2)
        .monster("r", at(2, 2))
        .hero("s", at(4, 2))
        .hero("a", at(6, 4))
        .hero("far", at(15, 2))
        .dice(&[9, 9, 1, 1])
        .first(Side::Director)
        .start();
    start(&mut e, "r");
    apply(
        &mut e,
        Command::Hide {
            creature: "r".into(),
        },
    );
    assert_eq!(conditions(&e, "r"), ["hidden from a, far, s"]);
    end(&mut e, "r");
    start(&mut e, "s");
    let search = Command::Search {
        creature: "s".into(),
    };
    let found = apply(&mut e, search.clone());
    let pointed = |events: &[LoggedEvent]| {
        pick(events, |ev| match &ev.event {
            Event::PointedOut { hidden, to, .. } => Some((hidden.clone(), to.clone())),
            _ => None,
        })
    };
    assert_eq!(pointed(&found), [("r".to_owned(), vec!["a".to_owned()])]);
    assert_eq!(conditions(&e, "r"), ["hidden from far"]);
    end(&mut e, "s");
    take_turn(&mut e, "a");
    start(&mut e, "far");
    apply(&mut e, common::advance("far", &[(14, 2)]));
    end(&mut e, "far");

    // Next round the far ally is 10 squares away: the searcher knows where the rogue is and
    // points it out with no test.
    take_turn(&mut e, "r");
    start(&mut e, "s");
    let shown = apply(&mut e, search);
    assert!(find(&shown, |ev| matches!(ev, Event::Searched { .. })).is_empty());
    assert_eq!(pointed(&shown), [("r".to_owned(), vec!["far".to_owned()])]);
    assert!(conditions(&e, "r").is_empty());
}
