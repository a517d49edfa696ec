//! Hero tokens and surges (seed 002 L746-773, L1646-1655; digest §10, §28, §41, AMB-03/04/30):
//! the shared pool, what one or two tokens buy and when, one benefit per hero per turn, and how
//! surges add damage to one target or raise a potency against one target. Cases are named by
//! their DS-CORE id where one applies.

use crate::common;

use common::abilities::{
    MELEE_WEAPON, enemies, might_damage, potency_checks, rolls, use_ability,
    use_ability_with_surges,
};
use common::{
    apply, conditions, count, creature, end, pick, refused, saving_throws, stamina, start,
    take_turn,
};
use steelgrid_rules::ability::hero_token::{SurgeSpend, TokenBenefit};
use steelgrid_rules::creature::{Characteristic, Characteristics, Side};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::power_roll::Tier;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// The abilities every scenario in this file defines (each must pass `Ability::problems`).
fn abilities() -> String {
    let (one, two, d246) = (enemies(1), enemies(2), might_damage([2, 4, 6], ""));
    format!(
        r#"
    "twin": (name: "Twin Cut", {MELEE_WEAPON}, action: MainAction, {two}, {d246}),
    "hit": (name: "Hit", {MELEE_WEAPON}, action: MainAction, {one}, {d246}),
    "hex": (name: "Binding Hex", keywords: [Magic, Ranged, Strike], action: MainAction, distance: Ranged(5), {two}, power_roll: (characteristic: [Intuition],
        tier1: (damage: (base: 2), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: Weak))]),
        tier2: (damage: (base: 4), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: Average))]),
        tier3: (damage: (base: 6), conditions: [(condition: Restrained, duration: SaveEnds, potency: (resisted_by: Agility, strength: Strong))]))),
    "rake": (name: "Raking Blow", {MELEE_WEAPON}, action: MainAction, {one}, {d246}, effect: (damage: (base: 1, plus_characteristic: false))),
    "burn": (name: "Searing Word", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(5), {one}, effect: (damage: (base: 3, plus_characteristic: false))),
    "weaken_save": (name: "Sap", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), {one}, effect: (conditions: [(condition: Weakened, duration: SaveEnds)])),
"#
    )
}

fn spend(creature: &str, benefit: TokenBenefit) -> Command {
    Command::SpendHeroToken {
        creature: creature.into(),
        benefit,
    }
}

fn damage_surges(n: u32, target: &str) -> SurgeSpend {
    SurgeSpend {
        damage: n,
        damage_target: Some(target.into()),
        potency: Vec::new(),
    }
}

fn potency_surges(targets: &[&str]) -> SurgeSpend {
    SurgeSpend {
        damage: 0,
        damage_target: None,
        potency: targets.iter().map(|t| t.to_string()).collect(),
    }
}

fn surges(e: &Engine, id: &str) -> u32 {
    creature(e, id).surges.expect("a hero has surges")
}

fn recoveries(e: &Engine, id: &str) -> u32 {
    creature(e, id).recoveries.expect("a hero has recoveries")
}

fn tokens(e: &Engine) -> u32 {
    e.state().hero_tokens
}

/// The `HeroTokenSpent` events, with the rule each was logged under.
fn tokens_spent(events: &[LoggedEvent]) -> Vec<(String, String, TokenBenefit, u32)> {
    pick(events, |ev| match &ev.event {
        Event::HeroTokenSpent {
            creature,
            benefit,
            left,
        } => Some((ev.rule.id.to_owned(), creature.clone(), *benefit, *left)),
        _ => None,
    })
}

/// Damage dealt, by target, in the order it was dealt.
fn damage_dealt(events: &[LoggedEvent]) -> Vec<(String, u32)> {
    pick(events, |ev| match &ev.event {
        Event::Damaged { target, amount, .. } => Some((target.clone(), *amount)),
        _ => None,
    })
}

/// `StaminaRegained` events as (rule, creature, amount, before, after).
fn regained(events: &[LoggedEvent]) -> Vec<(String, String, i32, i32, i32)> {
    pick(events, |ev| match &ev.event {
        Event::StaminaRegained {
            creature,
            amount,
            stamina_before,
            stamina_after,
        } => Some((
            ev.rule.id.to_owned(),
            creature.clone(),
            *amount,
            *stamina_before,
            *stamina_after,
        )),
        _ => None,
    })
}

/// Spend a token for 2 surges and check what it logged.
fn buy_surges(e: &mut Engine, hero: &str) {
    let pool = tokens(e);
    let had = surges(e, hero);
    let events = apply(e, spend(hero, TokenBenefit::Surges));
    assert_eq!(
        tokens_spent(&events),
        vec![(
            "hero_token".into(),
            hero.to_owned(),
            TokenBenefit::Surges,
            pool - 1
        )]
    );
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::SurgesGained { creature, amount: 2, now } if creature == hero && *now == had + 2
        )),
        1
    );
    assert_eq!(tokens(e), pool - 1);
    assert_eq!(surges(e, hero), had + 2);
}

// ---- The pool (DS-CORE-34) --------------------------------------------------------------------

#[test]
fn ds_core_34_four_heroes_start_with_four_hero_tokens() {
    let party = Fight::new()
        .abilities(&abilities())
        .hero("a", at(1, 1))
        .hero("b", at(1, 2))
        .hero("c", at(1, 3))
        .hero("d", at(1, 4))
        .monster("m1", at(8, 1))
        .monster("m2", at(8, 2))
        .monster("m3", at(8, 3));
    // As many tokens as heroes; the Director's creatures add none.
    let e = party.clone().start();
    assert_eq!(tokens(&e), 4);
    for id in ["a", "b", "c", "d"] {
        assert_eq!(
            creature(&e, id).surges,
            Some(0),
            "{id} starts with no surges"
        );
    }
    // An explicit count overrides the default.
    let e = party.clone().hero_tokens(1).start();
    assert_eq!(tokens(&e), 1);
    let e = party.hero_tokens(0).start();
    assert_eq!(tokens(&e), 0);
    // One hero alone has one token.
    let e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("m", at(8, 1))
        .start();
    assert_eq!(tokens(&e), 1);
}

// ---- Damage surges (DS-CORE-31, AMB-30) -------------------------------------------------------

#[test]
fn ds_core_31_three_surges_add_three_times_the_highest_characteristic_to_one_target() {
    // Might 2 is rolled; Presence 3 is the highest characteristic, which the surges add.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .presence(3)
        .knows(&["twin"])
        .monster("a", at(2, 1))
        .monster("b", at(1, 2))
        .dice(&[3, 3])
        .start();
    // One token per turn: 2 surges this turn, 2 more on the next.
    start(&mut e, "h");
    buy_surges(&mut e, "h");
    end(&mut e, "h");
    take_turn(&mut e, "a");
    take_turn(&mut e, "b");
    start(&mut e, "h");
    buy_surges(&mut e, "h");
    assert_eq!(surges(&e, "h"), 4);
    assert_eq!(tokens(&e), 0);

    // A 4th surge can't add to the damage, even with 4 on hand.
    let err = refused(
        &mut e,
        use_ability_with_surges("h", "twin", &["a", "b"], damage_surges(4, "a")),
    );
    assert_eq!(err.rule, "surge", "{err}");
    // The surges go to a target of the ability.
    let err = refused(
        &mut e,
        use_ability_with_surges(
            "h",
            "twin",
            &["a"],
            SurgeSpend {
                damage: 1,
                damage_target: Some("b".into()),
                potency: Vec::new(),
            },
        ),
    );
    assert_eq!(err.rule, "surge", "{err}");
    // ... and to one named target.
    let err = refused(
        &mut e,
        use_ability_with_surges(
            "h",
            "twin",
            &["a", "b"],
            SurgeSpend {
                damage: 1,
                damage_target: None,
                potency: Vec::new(),
            },
        ),
    );
    assert_eq!(err.rule, "surge", "{err}");

    let events = apply(
        &mut e,
        use_ability_with_surges("h", "twin", &["a", "b"], damage_surges(3, "a")),
    );
    // One roll, 3 + 3 + Might 2 = 8: tier 1, 2 + Might 2 = 4 damage to each.
    let all = rolls(&events);
    assert_eq!(all.len(), 2, "one roll, read for each target: {all:?}");
    assert!(all.iter().all(|(_, r)| r.tier == Tier::One), "{all:?}");
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::SurgesSpent { creature, damage: 3, damage_target: Some(t), potency, left: 1 }
                if creature == "h" && t == "a" && potency.is_empty()
        )),
        1
    );
    assert_eq!(
        events
            .iter()
            .filter(|ev| matches!(ev.event, Event::SurgesSpent { .. }))
            .map(|ev| ev.rule.id)
            .collect::<Vec<_>>(),
        vec!["surge"]
    );
    // +3 × 3 = +9 on a alone.
    assert_eq!(
        damage_dealt(&events),
        vec![("a".into(), 13), ("b".into(), 4)]
    );
    assert_eq!(stamina(&e, "a"), 17);
    assert_eq!(stamina(&e, "b"), 26);
    assert_eq!(surges(&e, "h"), 1);
}

#[test]
fn surges_are_needed_on_hand_and_each_adds_the_highest_characteristic() {
    // Two surges on hand: 3 damage surges are more than the hero has.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["twin"])
        .monster("a", at(2, 1))
        .monster("b", at(1, 2))
        .dice(&[3, 3])
        .start();
    start(&mut e, "h");
    let err = refused(
        &mut e,
        use_ability_with_surges("h", "twin", &["a", "b"], damage_surges(1, "b")),
    );
    assert_eq!(err.rule, "surge", "no surges yet: {err}");
    buy_surges(&mut e, "h");
    let err = refused(
        &mut e,
        use_ability_with_surges("h", "twin", &["a", "b"], damage_surges(3, "b")),
    );
    assert_eq!(err.rule, "surge", "3 surges with 2 on hand: {err}");
    let events = apply(
        &mut e,
        use_ability_with_surges("h", "twin", &["a", "b"], damage_surges(2, "b")),
    );
    // Highest characteristic Might 2: +4 on b.
    assert_eq!(
        damage_dealt(&events),
        vec![("a".into(), 4), ("b".into(), 8)]
    );
    assert_eq!(surges(&e, "h"), 0);
}

#[test]
fn surges_add_once_per_ability_even_when_it_deals_damage_twice() {
    // A rolled strike whose effect deals 1 more damage: the surges' +2 (Might 2, the highest)
    // go to the target once per ability use (AMB-30), not once per damage instance.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["rake"])
        .monster("m", at(2, 1))
        .dice(&[3, 3])
        .start();
    start(&mut e, "h");
    buy_surges(&mut e, "h");
    let events = apply(
        &mut e,
        use_ability_with_surges("h", "rake", &["m"], damage_surges(1, "m")),
    );
    // Tier 1: 2 + Might 2 = 4, the effect's 1, and one surge's +2: 7 in all.
    let total: u32 = damage_dealt(&events).iter().map(|d| d.1).sum();
    assert_eq!(total, 7, "{:?}", damage_dealt(&events));
    assert_eq!(stamina(&e, "m"), 23);
    assert_eq!(surges(&e, "h"), 1);
}

// ---- Potency surges (DS-CORE-29) --------------------------------------------------------------

#[test]
fn ds_core_29_two_surges_raise_a_potency_by_one_against_one_target() {
    // A conduit with Intuition 2 (its highest): a strong potency is 2. Both targets have
    // Agility 2, so without surges the potency doesn't land.
    let conduit = Characteristics {
        intuition: 2,
        ..Characteristics::default()
    };
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("c", at(1, 1))
        .characteristics(conduit)
        .knows(&["hex"])
        .monster("b1", at(4, 1))
        .agility(2)
        .monster("b2", at(4, 3))
        .agility(2)
        .dice(&[8, 8])
        .start();
    start(&mut e, "c");
    let err = refused(
        &mut e,
        use_ability_with_surges("c", "hex", &["b1", "b2"], potency_surges(&["b1"])),
    );
    assert_eq!(err.rule, "surge", "no surges yet: {err}");
    buy_surges(&mut e, "c");
    // At most +1 against one target.
    let err = refused(
        &mut e,
        use_ability_with_surges("c", "hex", &["b1", "b2"], potency_surges(&["b1", "b1"])),
    );
    assert_eq!(err.rule, "surge", "{err}");
    // Raising it against both takes 4 surges.
    let err = refused(
        &mut e,
        use_ability_with_surges("c", "hex", &["b1", "b2"], potency_surges(&["b1", "b2"])),
    );
    assert_eq!(err.rule, "surge", "{err}");

    let events = apply(
        &mut e,
        use_ability_with_surges("c", "hex", &["b1", "b2"], potency_surges(&["b1"])),
    );
    // 8 + 8 + Intuition 2 = 18: tier 3.
    assert!(rolls(&events).iter().all(|(_, r)| r.tier == Tier::Three));
    assert_eq!(
        potency_checks(&events),
        vec![
            ("b1".into(), Characteristic::Agility, 2, 3, true),
            ("b2".into(), Characteristic::Agility, 2, 2, false),
        ]
    );
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::SurgesSpent { creature, damage: 0, potency, left: 0, .. }
                if creature == "c" && potency == &vec!["b1".to_owned()]
        )),
        1
    );
    assert_eq!(conditions(&e, "b1"), vec!["restrained (save ends)"]);
    assert!(conditions(&e, "b2").is_empty());
    // Potency surges add no damage: 6 + Intuition 2 to each.
    assert_eq!(stamina(&e, "b1"), 22);
    assert_eq!(stamina(&e, "b2"), 22);
    assert_eq!(surges(&e, "c"), 0);
}

// ---- Surges need a power roll (DS-CORE-32) ----------------------------------------------------

#[test]
fn ds_core_32_surges_cannot_add_to_an_ability_without_a_power_roll() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .knows(&["burn"])
        .monster("m", at(4, 1))
        .start();
    start(&mut e, "h");
    buy_surges(&mut e, "h");
    let err = refused(
        &mut e,
        use_ability_with_surges("h", "burn", &["m"], damage_surges(1, "m")),
    );
    assert_eq!(err.rule, "surge", "{err}");
    let err = refused(
        &mut e,
        use_ability_with_surges("h", "burn", &["m"], potency_surges(&["m"])),
    );
    assert_eq!(err.rule, "surge", "{err}");
    assert_eq!(surges(&e, "h"), 2);
    assert_eq!(stamina(&e, "m"), 30);
    assert!(creature(&e, "h").actions.main, "the main action is kept");
    // Without surges the fixed damage is dealt as written.
    let events = apply(&mut e, use_ability("h", "burn", &["m"]));
    assert_eq!(damage_dealt(&events), vec![("m".into(), 3)]);
    assert_eq!(stamina(&e, "m"), 27);
    assert_eq!(surges(&e, "h"), 2);
}

// ---- Turning a failed save (DS-CORE-35) -------------------------------------------------------

/// The Director goes first: m weakens h (save ends), then h ends its turn rolling a 3.
fn failed_save() -> Engine {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(2)
        .hero("h", at(1, 1))
        .monster("m", at(5, 1))
        .knows(&["weaken_save"])
        .dice(&[3])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "weaken_save", &["h"]));
    end(&mut e, "m");
    assert_eq!(conditions(&e, "h"), vec!["weakened (save ends)"]);
    start(&mut e, "h");
    // Nothing has failed yet.
    let err = refused(&mut e, spend("h", TokenBenefit::Save));
    assert_eq!(err.rule, "hero_token", "{err}");
    let events = end(&mut e, "h");
    assert_eq!(
        saving_throws(&events),
        vec![("h".into(), "weakened".into(), 3, false)]
    );
    assert_eq!(conditions(&e, "h"), vec!["weakened (save ends)"]);
    assert_eq!(
        e.state().failed_saves,
        vec![("h".to_owned(), "weakened".to_owned())]
    );
    e
}

#[test]
fn ds_core_35_a_failed_save_turned_by_a_hero_token() {
    let mut e = failed_save();
    // m made no save; a Director creature has no token to spend.
    let err = refused(&mut e, spend("m", TokenBenefit::Save));
    assert_eq!(err.rule, "hero_token", "{err}");
    let events = apply(&mut e, spend("h", TokenBenefit::Save));
    assert_eq!(
        tokens_spent(&events),
        vec![("hero_token".into(), "h".into(), TokenBenefit::Save, 1)]
    );
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::ConditionEnded { creature, condition } if creature == "h" && condition == "weakened"
        )),
        1
    );
    assert!(conditions(&e, "h").is_empty());
    assert_eq!(tokens(&e), 1);
    assert!(e.state().failed_saves.is_empty(), "the save is turned once");
    let err = refused(&mut e, spend("h", TokenBenefit::Save));
    assert_eq!(err.rule, "hero_token", "{err}");
}

#[test]
fn ds_core_35_a_failed_save_can_still_be_turned_after_a_snapshot_and_restore() {
    let e = failed_save();
    let mut e = Engine::restore(e.snapshot());
    assert_eq!(
        e.state().failed_saves,
        vec![("h".to_owned(), "weakened".to_owned())]
    );
    apply(&mut e, spend("h", TokenBenefit::Save));
    assert!(conditions(&e, "h").is_empty());
    assert_eq!(tokens(&e), 1);
}

#[test]
fn ds_core_35_the_failed_save_window_closes_after_any_other_command() {
    let mut e = failed_save();
    start(&mut e, "m");
    assert!(e.state().failed_saves.is_empty());
    let err = refused(&mut e, spend("h", TokenBenefit::Save));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(conditions(&e, "h"), vec!["weakened (save ends)"]);
    assert_eq!(tokens(&e), 2);

    // Even a command that changes nothing on the board closes it.
    let mut e = failed_save();
    apply(&mut e, Command::ScriptDice { faces: vec![5] });
    let err = refused(&mut e, spend("h", TokenBenefit::Save));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(conditions(&e, "h"), vec!["weakened (save ends)"]);
}

// ---- One benefit per turn (DS-CORE-37, AMB-04) ------------------------------------------------

#[test]
fn ds_core_37_one_hero_token_benefit_per_turn() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(6)
        .hero("h", at(1, 1))
        .current_stamina(12)
        .hero("k", at(1, 3))
        .monster("m", at(8, 1))
        .start();
    start(&mut e, "h");
    buy_surges(&mut e, "h");
    let err = refused(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(err.rule, "hero_token", "{err}");
    let err = refused(&mut e, spend("h", TokenBenefit::Surges));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(tokens(&e), 5);
    assert_eq!(stamina(&e, "h"), 12);
    assert_eq!(surges(&e, "h"), 2);
    // Per hero: another hero may still have a benefit this turn.
    buy_surges(&mut e, "k");
    assert_eq!(tokens(&e), 4);
    end(&mut e, "h");

    take_turn(&mut e, "m");
    take_turn(&mut e, "k");
    // Its next turn: h may spend again.
    start(&mut e, "h");
    let events = apply(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(
        tokens_spent(&events),
        vec![("hero_token".into(), "h".into(), TokenBenefit::Stamina, 2)]
    );
    assert_eq!(stamina(&e, "h"), 22);
    assert_eq!(tokens(&e), 2);
    let err = refused(&mut e, spend("h", TokenBenefit::Surges));
    assert_eq!(err.rule, "hero_token", "{err}");
}

// ---- Two tokens: the recovery value (AMB-03) --------------------------------------------------

#[test]
fn two_tokens_regain_the_recovery_value_on_your_turn_or_right_after_damage() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(5)
        .hero("h", at(1, 1))
        .current_stamina(5)
        .monster("m", at(2, 1))
        .knows(&["hit"])
        .dice(&[3, 3])
        .start();
    // On its own turn: recovery value 30 / 3 = 10; no Recovery is spent.
    start(&mut e, "h");
    let events = apply(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(
        tokens_spent(&events),
        vec![("hero_token".into(), "h".into(), TokenBenefit::Stamina, 3)]
    );
    assert_eq!(
        regained(&events),
        vec![("hero_token".into(), "h".into(), 10, 5, 15)]
    );
    assert_eq!(
        count(&events, |ev| matches!(ev, Event::RecoverySpent { .. })),
        0
    );
    assert_eq!(stamina(&e, "h"), 15);
    assert_eq!(recoveries(&e, "h"), 8);
    assert_eq!(tokens(&e), 3);
    end(&mut e, "h");

    // Off its turn, not just damaged: refused.
    start(&mut e, "m");
    let err = refused(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(err.rule, "hero_token", "{err}");
    // Right after m's strike damages it: allowed. 3 + 3 = 6: tier 1, 2 damage.
    let events = apply(&mut e, use_ability("m", "hit", &["h"]));
    assert_eq!(damage_dealt(&events), vec![("h".into(), 2)]);
    assert_eq!(e.state().just_damaged, vec!["h".to_owned()]);
    let events = apply(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(
        regained(&events),
        vec![("hero_token".into(), "h".into(), 10, 13, 23)]
    );
    assert_eq!(stamina(&e, "h"), 23);
    assert_eq!(recoveries(&e, "h"), 8);
    assert_eq!(tokens(&e), 1);
}

#[test]
fn the_just_damaged_window_closes_after_the_next_command() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(4)
        .hero("h", at(1, 1))
        .current_stamina(5)
        .monster("m", at(2, 1))
        .knows(&["hit"])
        .dice(&[3, 3])
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    apply(&mut e, use_ability("m", "hit", &["h"]));
    assert_eq!(stamina(&e, "h"), 3);
    assert_eq!(e.state().just_damaged, vec!["h".to_owned()]);
    apply(&mut e, Command::ScriptDice { faces: vec![5] });
    assert!(e.state().just_damaged.is_empty());
    let err = refused(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(stamina(&e, "h"), 3);
    assert_eq!(tokens(&e), 4);
}

// ---- Who may spend, and how many (rule `hero_token`) ------------------------------------------

#[test]
fn a_director_creature_cannot_spend_hero_tokens() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(3)
        .hero("h", at(1, 1))
        .monster("m", at(8, 1))
        .first(Side::Director)
        .start();
    start(&mut e, "m");
    for benefit in [
        TokenBenefit::Surges,
        TokenBenefit::Save,
        TokenBenefit::Stamina,
    ] {
        let err = refused(&mut e, spend("m", benefit));
        assert_eq!(err.rule, "hero_token", "{benefit:?}: {err}");
    }
    assert_eq!(tokens(&e), 3);
    assert_eq!(creature(&e, "m").surges, None);
    // Nor can anyone spend for a creature that isn't there.
    assert!(e.apply(spend("nobody", TokenBenefit::Surges)).is_err());
    assert_eq!(tokens(&e), 3);
}

#[test]
fn not_enough_tokens_is_refused() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero_tokens(1)
        .hero("h", at(1, 1))
        .current_stamina(10)
        .monster("m", at(8, 1))
        .start();
    start(&mut e, "h");
    // Stamina takes 2; the heroes have 1.
    let err = refused(&mut e, spend("h", TokenBenefit::Stamina));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(stamina(&e, "h"), 10);
    // The refusal used up no benefit: 1 token still buys 2 surges this turn.
    buy_surges(&mut e, "h");
    assert_eq!(tokens(&e), 0);
    end(&mut e, "h");
    take_turn(&mut e, "m");
    start(&mut e, "h");
    let err = refused(&mut e, spend("h", TokenBenefit::Surges));
    assert_eq!(err.rule, "hero_token", "{err}");
    assert_eq!(surges(&e, "h"), 2);
    assert_eq!(tokens(&e), 0);
}
