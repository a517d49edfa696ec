//! Malice (seed 002 L4328-4366; digest draw-steel-director.md §8, A-01..A-08): what the
//! Director gains at the start of combat and of each round, the basic features bought at the
//! start of a monster's turn, family features, Malice costs on abilities, and losing what is
//! left at the end. Cases are named by their DS-DIR id where one applies.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, use_ability};
use common::{apply, count, end, refused, stamina, start, take_turn, until_turn_of};
use steelgrid_rules::director::malice::MaliceSpend;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// Abilities for the monsters: a plain strike (2/4/6 + Might), a tier-2 potency strike, and a
/// Malice-cost ability whose only effect is a condition behind a potency.
fn abilities() -> String {
    let one = enemies(1);
    let d246 = might_damage([2, 4, 6], "");
    let slow = |strength: &str| {
        format!(
            "(damage: (base: 1), conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Agility, strength: {strength}))])"
        )
    };
    format!(
        r#"
    "hit": (name: "Hit", {MELEE_WEAPON}, action: MainAction, {one}, {d246}),
    "hobble": (name: "Hobble", {MELEE_WEAPON}, action: MainAction, {one}, power_roll: (characteristic: [Might], tier1: {}, tier2: {}, tier3: {})),
    "sap": (name: "Sapping Curse", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(5), {one}, cost: Malice(2), effect: (conditions: [(condition: Slowed, duration: EndOfTurn, potency: (resisted_by: Might, strength: Strong))])),
"#,
        slow("Weak"),
        slow("Average"),
        slow("Strong")
    )
}

/// A fight with the abilities above and a hero `h{i}` at (i, 0) for each of `victories`, with
/// that many Victories; the heroes go first.
fn heroes(victories: &[u32]) -> Fight {
    let mut fight = Fight::new().abilities(&abilities());
    for (i, v) in victories.iter().enumerate() {
        fight = fight.hero(&format!("h{i}"), at(i as i32, 0)).victories(*v);
    }
    fight
}

const HEROES: [&str; 5] = ["h0", "h1", "h2", "h3", "h4"];

fn malice(e: &Engine) -> u32 {
    e.state().malice.current
}

fn buy(creature: &str, spend: MaliceSpend) -> Command {
    Command::SpendMalice {
        creature: creature.into(),
        spend,
    }
}

fn gains(events: &[LoggedEvent]) -> Vec<u32> {
    common::pick(events, |e| match &e.event {
        Event::MaliceGained { amount, .. } => Some(*amount),
        _ => None,
    })
}

/// Every creature takes an empty turn, in the order the turn rules allow, until the round
/// ends; gives what the last turn's end logged (the next round's start).
fn pass_round(e: &mut Engine, heroes: usize, monsters: &[&str]) -> Vec<LoggedEvent> {
    let ids: Vec<String> = (0..heroes)
        .map(|i| format!("h{i}"))
        .chain(monsters.iter().map(|m| m.to_string()))
        .collect();
    let round = e.state().round;
    let mut log = Vec::new();
    while e.state().round == round {
        let next = ids
            .iter()
            .find(|id| {
                e.check(&Command::StartTurn {
                    creature: id.to_string(),
                })
                .is_ok()
            })
            .expect("someone can act")
            .clone();
        start(e, &next);
        log = end(e, &next);
    }
    log
}

/// The monsters of these cases, added to a fight.
trait Cast {
    /// An ogre with Might 2 that knows `hit`, `hobble` and `sap`.
    fn ogre(self, id: &str, square: Square) -> Self;
    /// A bramble that knows `hit`, with its family's three Malice features.
    fn bramble(self, id: &str, square: Square) -> Self;
}

impl Cast for Fight {
    fn ogre(self, id: &str, square: Square) -> Self {
        self.monster(id, square)
            .knows(&["hit", "hobble", "sap"])
            .might(2)
    }

    fn bramble(self, id: &str, square: Square) -> Self {
        self.monster(id, square).knows(&["hit"]).malice_features(&[
            "briar_scramble",
            "needling_thorns",
            "wild_overgrowth",
        ])
    }
}

// ---- Gaining Malice ---------------------------------------------------------------------------

#[test]
fn ds_dir_01_five_heroes_with_three_victories_start_with_nine() {
    let e = heroes(&[3; 5]).ogre("o", at(5, 4)).start();
    assert_eq!(malice(&e), 9);
    let view = e.state().malice;
    assert_eq!(view.gained, 9);
}

#[test]
fn ds_dir_02_round_two_adds_heroes_plus_two() {
    let mut e = heroes(&[3; 5]).ogre("o", at(5, 4)).start();
    until_turn_of(&mut e, "o", &HEROES);
    apply(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    assert_eq!(malice(&e), 4);
    end(&mut e, "o");
    let log = pass_round(&mut e, 5, &["o"]);
    assert_eq!(gains(&log), vec![7]);
    assert_eq!(malice(&e), 11);
}

#[test]
fn ds_dir_04_average_victories_of_two() {
    let e = heroes(&[2, 2, 3, 1]).ogre("o", at(5, 4)).start();
    assert_eq!(malice(&e), 7);
}

#[test]
fn ds_dir_05_average_victories_round_down_unless_the_option_says_nearest() {
    let e = heroes(&[1, 2, 2, 2]).ogre("o", at(5, 4)).start();
    assert_eq!(malice(&e), 6);
    let e = heroes(&[1, 2, 2, 2])
        .ogre("o", at(5, 4))
        .options("average_victories: Nearest")
        .start();
    assert_eq!(malice(&e), 7);
}

/// Five heroes; in round 2, h4 (30 Stamina, winded value 15) takes `damage`. Gives h4's state
/// and the Malice gained when round 3 starts.
fn h4_hurt_in_round_two(damage: u32) -> (steelgrid_rules::engine::CreatureView, Vec<u32>) {
    let mut e = heroes(&[0; 5]).ogre("o", at(5, 4)).start();
    pass_round(&mut e, 5, &["o"]);
    apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "h4".into(),
            amount: damage,
            damage_type: None,
            halved: false,
        },
    );
    let h4 = common::creature(&e, "h4");
    let log = pass_round(&mut e, 5, &["o"]);
    (h4, gains(&log))
}

#[test]
fn ds_dir_07_a_dead_hero_stops_adding_malice() {
    let (h4, gains) = h4_hurt_in_round_two(45);
    assert!(h4.dead);
    assert_eq!(gains, vec![4 + 3]);
}

#[test]
fn ds_dir_08_a_dying_hero_still_counts() {
    let (h4, gains) = h4_hurt_in_round_two(35);
    assert!(h4.dying);
    assert_eq!(gains, vec![5 + 3]);
}

#[test]
fn ds_dir_10_leftover_budget_adds_to_the_first_malice() {
    let e = heroes(&[1; 4]).ogre("o", at(5, 4)).extra_malice(2).start();
    assert_eq!(malice(&e), 1 + 2 + 4 + 1);
}

#[test]
fn unspent_malice_is_lost_when_the_encounter_ends() {
    // One hero against a 1-Stamina monster: the hero's strike ends the fight.
    let mut e = heroes(&[0]).monster("o", at(1, 0)).stamina(1).start();
    assert_eq!(malice(&e), 2);
    start(&mut e, "h0");
    let log = apply(&mut e, common::strike("h0", "o"));
    assert_eq!(
        count(&log, |ev| matches!(ev, Event::MaliceLost { amount: 2 })),
        1
    );
    assert_eq!(malice(&e), 0);
}

// ---- Basic Malice features --------------------------------------------------------------------

#[test]
fn ds_dir_11_brutal_effectiveness_raises_the_next_potency() {
    // Hobble's tier-2 potency with Might 2 is A < 1; h0 has Agility 1, so it resists until
    // Brutal Effectiveness makes it A < 2. Dice: 7 + 5 = 12 → tier 2.
    let mut e = heroes(&[0, 0, 0, 0, 0])
        .ogre("o", at(1, 1))
        .dice(&[7, 5])
        .start();
    assert_eq!(malice(&e), 6);
    until_turn_of(&mut e, "o", &HEROES);
    apply(&mut e, buy("o", MaliceSpend::BrutalEffectiveness));
    assert_eq!(malice(&e), 3);
    let log = apply(&mut e, use_ability("o", "hobble", &["h0"]));
    let checks = common::abilities::potency_checks(&log);
    assert_eq!(checks.len(), 1);
    let (_, _, score, potency, lands) = checks[0].clone();
    assert_eq!((score, potency, lands), (1, 2, true));
    assert!(
        common::conditions(&e, "h0")
            .iter()
            .any(|c| c.starts_with("slowed"))
    );
}

#[test]
fn ds_dir_13_malicious_strike_adds_the_highest_characteristic() {
    // Four heroes, no Victories: 5 Malice in round 1. Hit at tier 2 is 4 + Might 2 = 6.
    let mut e = heroes(&[0; 4]).ogre("o", at(1, 1)).dice(&[7, 5]).start();
    assert_eq!(malice(&e), 5);
    until_turn_of(&mut e, "o", &HEROES);
    apply(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    apply(&mut e, use_ability("o", "hit", &["h0"]));
    assert_eq!(stamina(&e, "h0"), 30 - 8);
    assert_eq!(malice(&e), 0);
}

#[test]
fn ds_dir_14_malicious_strike_stops_at_three_times_the_characteristic() {
    let mut e = heroes(&[0])
        .monster("o", at(1, 1))
        .knows(&["hit"])
        .might(3)
        .extra_malice(12)
        .dice(&[7, 5])
        .start();
    take_turn(&mut e, "h0");
    assert_eq!(malice(&e), 14);
    start(&mut e, "o");
    let err = refused(
        &mut e,
        buy("o", MaliceSpend::MaliciousStrike { malice: 12 }),
    );
    assert_eq!(err.rule, "malice.malicious_strike");
    assert_eq!(malice(&e), 14);
    let log = apply(
        &mut e,
        buy("o", MaliceSpend::MaliciousStrike { malice: 11 }),
    );
    assert!(
        count(&log, |ev| matches!(
            ev,
            Event::MaliceSpent { amount: 11, .. }
        )) == 1
    );
    // Tier 2: 4 + 3 = 7, + 9.
    apply(&mut e, use_ability("o", "hit", &["h0"]));
    assert_eq!(stamina(&e, "h0"), 30 - 16);
}

#[test]
fn malicious_strike_adds_to_a_monsters_free_strike_the_next_strike_it_makes() {
    // seed 002 L4360-4362 and L2980-2985: a free strike is a strike, so Malicious Strike bought
    // at the start of the turn rides on it. Free strike 3, Might 2: 5 Malice adds 2.
    let mut e = heroes(&[0; 4]).monster("o", at(1, 1)).might(2).start();
    assert_eq!(malice(&e), 5);
    until_turn_of(&mut e, "o", &HEROES);
    apply(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    let log = apply(&mut e, common::strike("o", "h0"));
    assert_eq!(stamina(&e, "h0"), 30 - (3 + 2));
    assert_eq!(
        count(&log, |ev| matches!(
            ev,
            Event::MaliceBoostUsed { target: Some(t), amount: 2, .. } if t == "h0"
        )),
        1
    );
}

#[test]
fn ds_dir_16_malicious_strike_never_in_two_rounds_running() {
    let mut e = heroes(&[0])
        .ogre("a", at(5, 4))
        .ogre("b", at(7, 4))
        .extra_malice(30)
        .start();
    pass_round(&mut e, 1, &["a", "b"]);
    // Round 2: a uses it.
    take_turn(&mut e, "h0");
    start(&mut e, "a");
    apply(&mut e, buy("a", MaliceSpend::MaliciousStrike { malice: 5 }));
    end(&mut e, "a");
    take_turn(&mut e, "b");
    // Round 3: b may not.
    take_turn(&mut e, "h0");
    start(&mut e, "b");
    let err = refused(&mut e, buy("b", MaliceSpend::MaliciousStrike { malice: 5 }));
    assert_eq!(err.rule, "malice.malicious_strike");
    end(&mut e, "b");
    take_turn(&mut e, "a");
    // Round 4: either may.
    take_turn(&mut e, "h0");
    start(&mut e, "b");
    apply(&mut e, buy("b", MaliceSpend::MaliciousStrike { malice: 5 }));
}

#[test]
fn ds_dir_17_malicious_strike_needs_five() {
    let mut e = heroes(&[0; 3]).ogre("o", at(5, 4)).start();
    assert_eq!(malice(&e), 4);
    until_turn_of(&mut e, "o", &HEROES);
    let err = refused(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 4 }));
    assert_eq!(err.rule, "malice.malicious_strike");
    let err = refused(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    assert_eq!(err.rule, "malice.spend");
    assert_eq!(malice(&e), 4);
}

#[test]
fn a05_one_basic_feature_per_turn_start_and_only_at_the_start() {
    let mut e = heroes(&[0])
        .ogre("o", at(1, 1))
        .extra_malice(20)
        .dice(&[7, 5])
        .start();
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    apply(&mut e, buy("o", MaliceSpend::BrutalEffectiveness));
    let err = refused(&mut e, buy("o", MaliceSpend::BrutalEffectiveness));
    assert_eq!(err.rule, "malice.basic");
    end(&mut e, "o");
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    apply(&mut e, use_ability("o", "hit", &["h0"]));
    let err = refused(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    assert_eq!(err.rule, "malice.basic");
}

#[test]
fn heroes_do_not_spend_malice() {
    let mut e = heroes(&[0]).ogre("o", at(5, 4)).extra_malice(20).start();
    start(&mut e, "h0");
    let err = refused(&mut e, buy("h0", MaliceSpend::BrutalEffectiveness));
    assert_eq!(err.rule, "malice.spend");
}

// ---- Family features and Malice costs ---------------------------------------------------------

#[test]
fn ds_dir_19_one_family_feature_per_turn() {
    let mut e = heroes(&[0])
        .bramble("g1", at(1, 1))
        .bramble("g2", at(0, 1))
        .extra_malice(30)
        .start();
    take_turn(&mut e, "h0");
    start(&mut e, "g1");
    let feature = |id: &str| MaliceSpend::Feature { id: id.into() };
    let log = apply(&mut e, buy("g1", feature("needling_thorns")));
    // Two brambles beside h0: 2 damage.
    assert_eq!(
        count(&log, |ev| matches!(ev, Event::Damaged { amount: 2, .. })),
        1
    );
    assert_eq!(stamina(&e, "h0"), 28);
    let err = refused(&mut e, buy("g1", feature("briar_scramble")));
    assert_eq!(err.rule, "malice.feature");
    end(&mut e, "g1");
    start(&mut e, "g2");
    apply(&mut e, buy("g2", feature("wild_overgrowth")));
    // Two main actions now.
    apply(&mut e, use_ability("g2", "hit", &["h0"]));
    apply(&mut e, use_ability("g2", "hit", &["h0"]));
}

#[test]
fn an_unknown_family_feature_is_refused() {
    let mut e = heroes(&[0]).ogre("o", at(5, 4)).extra_malice(30).start();
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    let err = refused(
        &mut e,
        buy(
            "o",
            MaliceSpend::Feature {
                id: "needling_thorns".into(),
            },
        ),
    );
    assert_eq!(err.rule, "malice.feature");
}

#[test]
fn ds_dir_20_malice_on_a_resisted_potency_only_effect_is_kept() {
    // Sapping Curse: 2 Malice, slowed if M < 2 (Might 2, strong). h0 has Might 2 and resists.
    let mut e = heroes(&[0; 3]).ogre("o", at(3, 3)).start();
    until_turn_of(&mut e, "o", &HEROES);
    let before = malice(&e);
    let log = apply(&mut e, use_ability("o", "sap", &["h0"]));
    assert_eq!(
        count(&log, |ev| matches!(ev, Event::MaliceKept { amount: 2, .. })),
        1
    );
    assert_eq!(malice(&e), before);
}

#[test]
fn a_malice_cost_is_paid_when_the_effect_lands_and_refused_when_short() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h0", at(0, 0))
        .might(0)
        .ogre("o", at(3, 3))
        .start();
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    assert_eq!(malice(&e), 2);
    apply(&mut e, use_ability("o", "sap", &["h0"]));
    assert_eq!(malice(&e), 0);
    end(&mut e, "o");
    // Round 2: 1 + 2 = 3 Malice; enough again.
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    assert_eq!(malice(&e), 3);
    apply(&mut e, use_ability("o", "sap", &["h0"]));
    assert_eq!(malice(&e), 1);
    end(&mut e, "o");
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    // Round 3 adds 1 hero + 3 = 4, so 5: Malicious Strike leaves 0, too little for the curse.
    apply(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    let err = refused(&mut e, use_ability("o", "sap", &["h0"]));
    assert_eq!(err.rule, "malice.spend");
}

#[test]
fn malice_and_bought_features_survive_save_and_restore() {
    let mut e = heroes(&[0])
        .ogre("o", at(1, 1))
        .extra_malice(20)
        .dice(&[7, 5])
        .start();
    take_turn(&mut e, "h0");
    start(&mut e, "o");
    apply(&mut e, buy("o", MaliceSpend::MaliciousStrike { malice: 5 }));
    let mut restored = Engine::restore(e.snapshot());
    assert_eq!(restored.state().checksum, e.state().checksum);
    apply(&mut restored, use_ability("o", "hit", &["h0"]));
    // Tier 2: 4 + 2 + Malicious Strike 2.
    assert_eq!(stamina(&restored, "h0"), 30 - 8);
}
