//! Small Director rules (digest draw-steel-director.md): a monster's End Effect (§2.11,
//! seed 002 L4178-4180), abilities that heal by the damage they deal (§6.4, L4284-4286, A-32)
//! and retainers (§15, L4738-4773, A-29). Cases are named by their DS-DIR id where one applies.

use crate::common;

use common::abilities::{enemies, might_damage, use_ability, use_ability_with_surges};
use common::{
    apply, conditions, count, creature, end, find, refused, saving_throws, stamina, start,
    until_turn_of,
};
use steelgrid_rules::ability::hero_token::{SurgeSpend, TokenBenefit};
use steelgrid_rules::creature::{Amount, Characteristics, Side, Vitality};
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine, scenario};

// ---- Helpers ----------------------------------------------------------------------------------

/// Abilities for these cases: `snare` restrains (save ends), `tangle` restrains and slows (both
/// save ends), `daze` dazes until the end of the target's turn; `drain` deals 6 to two enemies
/// and heals its user by the damage dealt; `stab` is a Might strike for 2/4/6 + Might.
fn table() -> String {
    let one = enemies(1);
    let two = enemies(2);
    const REACH: &str = "keywords: [Magic, Ranged], action: MainAction, distance: Ranged(10)";
    let impose = |conditions: &[(&str, &str)]| {
        let list: Vec<String> = conditions
            .iter()
            .map(|(c, d)| format!("(condition: {c}, duration: {d})"))
            .collect();
        format!("effect: (conditions: [{}])", list.join(", "))
    };
    format!(
        r#"
    "snare": (name: "Snare", {REACH}, {one}, {}),
    "tangle": (name: "Tangle", {REACH}, {one}, {}),
    "daze": (name: "Daze", {REACH}, {one}, {}),
    "drain": (name: "Drain", {REACH}, {two}, effect: (damage: (base: 6, plus_characteristic: false), heal_by_damage: true)),
    "stab": (name: "Stab", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1), {one}, {}),
"#,
        impose(&[("Restrained", "SaveEnds")]),
        impose(&[("Restrained", "SaveEnds"), ("Slowed", "SaveEnds")]),
        impose(&[("Dazed", "EndOfTurn")]),
        might_damage([2, 4, 6], ""),
    )
}

/// A hero `h` at (0, 0) who knows the condition abilities, and the monster `m` at (5, 0)
/// (30 Stamina), added last so the setters that follow are its own; this file's abilities.
fn hero_and_monster() -> Fight {
    Fight::new()
        .abilities(&table())
        .hero("h", at(0, 0))
        .knows(&["snare", "tangle", "daze"])
        .monster("m", at(5, 0))
}

/// `h` uses `ability` on `m` in its turn; then `m` takes its turn; what `m`'s EndTurn logged.
fn imposed_then_monster_turn(e: &mut Engine, ability: &str) -> Vec<LoggedEvent> {
    start(e, "h");
    apply(e, use_ability("h", ability, &["m"]));
    end(e, "h");
    start(e, "m");
    end(e, "m")
}

/// The `Damaged` events as (target, source, base, immunity, amount).
fn damaged(events: &[LoggedEvent]) -> Vec<(String, String, u32, u32, u32)> {
    common::pick(events, |ev| match &ev.event {
        Event::Damaged {
            target,
            source,
            base,
            immunity,
            amount,
            ..
        } => Some((target.clone(), source.clone(), *base, *immunity, *amount)),
        _ => None,
    })
}

/// The conditions ended in `events`, with the rule that ended each.
fn ended(events: &[LoggedEvent]) -> Vec<(String, String, String)> {
    common::pick(events, |ev| match &ev.event {
        Event::ConditionEnded {
            creature,
            condition,
        } => Some((creature.clone(), condition.clone(), ev.rule.id.to_owned())),
        _ => None,
    })
}

/// The `StaminaRegained` events as (creature, amount, after, rule).
fn regained(events: &[LoggedEvent]) -> Vec<(String, i32, i32, String)> {
    common::pick(events, |ev| match &ev.event {
        Event::StaminaRegained {
            creature,
            amount,
            stamina_after,
            ..
        } => Some((
            creature.clone(),
            *amount,
            *stamina_after,
            ev.rule.id.to_owned(),
        )),
        _ => None,
    })
}

// ---- End Effect (§2.11, L4178-4180) -------------------------------------------------------------

#[test]
fn ds_dir_79_end_effect_damage_ignores_damage_immunity() {
    let mut e = hero_and_monster()
        .end_effect(5)
        .immunity_to_all(Amount::Value(5))
        .start();
    let log = imposed_then_monster_turn(&mut e, "snare");
    assert_eq!(
        damaged(&log),
        vec![("m".into(), "End Effect".into(), 5, 0, 5)],
        "the full 5: immunity 5 does not apply"
    );
    assert_eq!(stamina(&e, "m"), 25);
    assert_eq!(
        ended(&log),
        vec![("m".into(), "restrained".into(), "effect.end_effect".into())]
    );
    assert!(
        saving_throws(&log).is_empty(),
        "the effect it ended needs no save"
    );
    assert!(conditions(&e, "m").is_empty());
}

#[test]
fn the_same_immunity_still_reduces_other_damage() {
    // The control for DS-DIR-79: immunity 5 takes 5 off ordinary damage.
    let mut e = hero_and_monster()
        .end_effect(5)
        .immunity_to_all(Amount::Value(5))
        .start();
    let log = apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "m".into(),
            amount: 7,
            damage_type: None,
            halved: false,
        },
    );
    let hits: Vec<(u32, u32, u32)> = damaged(&log).iter().map(|d| (d.2, d.3, d.4)).collect();
    assert_eq!(hits, vec![(7, 5, 2)]);
    assert_eq!(stamina(&e, "m"), 28);
}

#[test]
fn end_effect_ends_one_effect_and_the_others_still_save() {
    // Restrained comes first in the conditions' order; slowed rolls its save (a 3 fails).
    let mut e = hero_and_monster().end_effect(4).dice(&[3]).start();
    let log = imposed_then_monster_turn(&mut e, "tangle");
    assert_eq!(
        ended(&log),
        vec![("m".into(), "restrained".into(), "effect.end_effect".into())]
    );
    assert_eq!(
        saving_throws(&log),
        vec![("m".into(), "slowed".into(), 3, false)]
    );
    assert_eq!(conditions(&e, "m"), vec!["slowed (save ends)"]);
    assert_eq!(stamina(&e, "m"), 26);
}

#[test]
fn end_effect_is_not_spent_on_an_effect_that_ends_with_the_turn_anyway() {
    let mut e = hero_and_monster().end_effect(5).start();
    let log = imposed_then_monster_turn(&mut e, "daze");
    assert!(damaged(&log).is_empty());
    assert_eq!(
        ended(&log),
        vec![("m".into(), "dazed".into(), "effect.end_of_turn".into())]
    );
    assert_eq!(stamina(&e, "m"), 30);
}

#[test]
fn end_effect_is_not_spent_when_the_damage_would_kill() {
    // 5 Stamina left and an End Effect of 5: the monster keeps the effect and saves (a 2 fails).
    let mut e = hero_and_monster()
        .end_effect(5)
        .current_stamina(5)
        .dice(&[2])
        .start();
    let log = imposed_then_monster_turn(&mut e, "snare");
    assert!(damaged(&log).is_empty());
    assert_eq!(
        saving_throws(&log),
        vec![("m".into(), "restrained".into(), 2, false)]
    );
    assert_eq!(stamina(&e, "m"), 5);
    assert_eq!(conditions(&e, "m"), vec!["restrained (save ends)"]);
}

#[test]
fn a_monster_without_end_effect_just_saves() {
    let mut e = hero_and_monster().dice(&[7]).start();
    let log = imposed_then_monster_turn(&mut e, "snare");
    assert!(damaged(&log).is_empty());
    assert_eq!(
        saving_throws(&log),
        vec![("m".into(), "restrained".into(), 7, true)]
    );
}

#[test]
fn end_effect_is_kept_in_snapshots() {
    let e = hero_and_monster().end_effect(5).start();
    let mut restored = Engine::restore(e.snapshot());
    let log = imposed_then_monster_turn(&mut restored, "snare");
    assert_eq!(damaged(&log).len(), 1);
}

// ---- Heal by damage (§6.4, L4284-4286, A-32) -----------------------------------------------------

/// The monster `leech` (10 of 30 Stamina) knowing `drain`, and two heroes in range, as `a` and
/// `b` make them; the Director goes first.
fn leech_fight(a: impl FnOnce(Fight) -> Fight, b: impl FnOnce(Fight) -> Fight) -> Engine {
    let fight = a(Fight::new().abilities(&table()).hero("a", at(0, 0)));
    b(fight.hero("b", at(0, 2)))
        .monster("leech", at(6, 1))
        .knows(&["drain"])
        .current_stamina(10)
        .first(Side::Director)
        .start()
}

#[test]
fn ds_dir_74_heal_by_damage_heals_one_instance_not_the_total() {
    let mut e = leech_fight(|a| a, |b| b);
    start(&mut e, "leech");
    let log = apply(&mut e, use_ability("leech", "drain", &["a", "b"]));
    assert_eq!(stamina(&e, "a"), 24);
    assert_eq!(stamina(&e, "b"), 24);
    assert_eq!(
        regained(&log),
        vec![("leech".into(), 6, 16, "ability.heal_by_damage".into())],
        "6, not 12"
    );
    assert_eq!(stamina(&e, "leech"), 16);
}

#[test]
fn a32_heal_by_damage_uses_the_largest_damage_actually_dealt() {
    // Immunity 4 leaves a 2 of the 6; immunity 1 leaves b 5: the heal is 5 (not 6, not 7).
    let mut e = leech_fight(
        |a| a.immunity_to_all(Amount::Value(4)),
        |b| b.immunity_to_all(Amount::Value(1)),
    );
    start(&mut e, "leech");
    let log = apply(&mut e, use_ability("leech", "drain", &["a", "b"]));
    let dealt: Vec<u32> = damaged(&log).iter().map(|d| d.4).collect();
    assert_eq!(dealt, vec![2, 5]);
    assert_eq!(
        regained(&log),
        vec![("leech".into(), 5, 15, "ability.heal_by_damage".into())]
    );
}

#[test]
fn heal_by_damage_heals_nothing_when_no_damage_gets_through() {
    let mut e = leech_fight(
        |a| a.immunity_to_all(Amount::All),
        |b| b.immunity_to_all(Amount::All),
    );
    start(&mut e, "leech");
    let log = apply(&mut e, use_ability("leech", "drain", &["a", "b"]));
    assert!(regained(&log).is_empty());
    assert_eq!(stamina(&e, "leech"), 10);
}

#[test]
fn heal_by_damage_never_raises_stamina_past_the_maximum() {
    let mut e = Fight::new()
        .abilities(&table())
        .hero("a", at(0, 0))
        .monster("leech", at(6, 1))
        .knows(&["drain"])
        .current_stamina(27)
        .first(Side::Director)
        .start();
    start(&mut e, "leech");
    let log = apply(&mut e, use_ability("leech", "drain", &["a"]));
    assert_eq!(
        regained(&log),
        vec![("leech".into(), 3, 30, "ability.heal_by_damage".into())]
    );
}

#[test]
fn heal_by_damage_without_damage_is_a_content_error() {
    let src = r#"Scenario(name: "Bad", map: (rows: ["....."]),
    abilities: {
        "sip": (name: "Sip", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(5),
            target: (who: Enemy, count: 1), effect: (heal_by_damage: true)),
    },
    creatures: [
        (id: "h", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 8)),
        (id: "m", side: Director, stamina: 30, position: (4, 0), abilities: ["sip"]),
    ])"#;
    let problems = scenario::load("bad.ron", src).expect_err("rejected");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("heal_by_damage") && p.message.contains("`Sip`")),
        "{problems:?}"
    );
}

// ---- Retainers (§15, L4738-4773, A-29) --------------------------------------------------------

/// The mentor hero (30 Stamina, highest characteristic 3), its retainer `guide` (24 Stamina,
/// Might 2) knowing `stab`, and the monster `m` next to the guide; the heroes go first.
fn retainer_fight(dice: &[u32]) -> Engine {
    let mentor = Characteristics {
        might: 1,
        presence: 3,
        ..Characteristics::default()
    };
    Fight::new()
        .abilities(&table())
        .hero("mentor", at(0, 0))
        .characteristics(mentor)
        .ally("guide", at(3, 3))
        .stamina(24)
        .might(2)
        .retainer_of("mentor")
        .knows(&["stab"])
        .monster("m", at(4, 3))
        .dice(dice)
        .start()
}

fn environment(target: &str, amount: u32) -> Command {
    Command::EnvironmentDamage {
        target: target.into(),
        amount,
        damage_type: None,
        halved: false,
    }
}

/// The `VitalityChanged` events as (creature, to, threshold, rule).
fn vitality_changes(events: &[LoggedEvent]) -> Vec<(String, Vitality, i32, String)> {
    common::pick(events, |ev| match &ev.event {
        Event::VitalityChanged {
            creature,
            to,
            threshold,
            ..
        } => Some((creature.clone(), *to, *threshold, ev.rule.id.to_owned())),
        _ => None,
    })
}

#[test]
fn ds_dir_70_a29_retainer_is_dying_at_0_and_dead_at_minus_12() {
    let mut e = retainer_fight(&[]);
    let log = apply(&mut e, environment("guide", 24));
    assert_eq!(stamina(&e, "guide"), 0);
    assert_eq!(
        vitality_changes(&log),
        vec![("guide".into(), Vitality::Dying, 0, "retainer".into())]
    );
    let log = apply(&mut e, environment("guide", 11));
    assert_eq!(stamina(&e, "guide"), -11);
    assert!(vitality_changes(&log).is_empty(), "still dying at -11");
    assert!(creature(&e, "guide").dying);
    let log = apply(&mut e, environment("guide", 1));
    assert_eq!(
        vitality_changes(&log),
        vec![("guide".into(), Vitality::Dead, -12, "retainer".into())]
    );
    assert!(creature(&e, "guide").dead);
}

#[test]
fn a_director_creature_of_the_same_stamina_dies_at_0() {
    // The control for DS-DIR-70.
    let mut e = Fight::new()
        .abilities(&table())
        .hero("h", at(0, 0))
        .monster("m", at(4, 3))
        .stamina(24)
        .start();
    let log = apply(&mut e, environment("m", 30));
    assert_eq!(stamina(&e, "m"), 0);
    assert_eq!(
        vitality_changes(&log),
        vec![(
            "m".into(),
            Vitality::Dead,
            0,
            "stamina.death.director".into()
        )]
    );
}

/// The guide stabs `m` spending `surges` damage surges, once the mentor has bought 2 surges;
/// the dice 5 and 5 make 10 + Might 2 = 12, tier 2: 4 + 2.
fn guide_stabs(surges: u32) -> (Engine, Vec<LoggedEvent>) {
    let mut e = retainer_fight(&[5, 5]);
    apply(
        &mut e,
        Command::SpendHeroToken {
            creature: "mentor".into(),
            benefit: TokenBenefit::Surges,
        },
    );
    until_turn_of(&mut e, "guide", &["mentor", "m"]);
    let spend = SurgeSpend {
        damage: surges,
        damage_target: (surges > 0).then(|| "m".to_owned()),
        potency: Vec::new(),
    };
    let log = apply(
        &mut e,
        use_ability_with_surges("guide", "stab", &["m"], spend),
    );
    (e, log)
}

#[test]
fn ds_dir_71_retainer_surge_adds_the_mentors_highest_characteristic() {
    let (e, log) = guide_stabs(1);
    assert_eq!(
        damaged(&log),
        vec![("m".into(), "guide".into(), 4 + 2 + 3, 0, 9)],
        "+3, the mentor's highest, not the guide's 2"
    );
    let spent = find(&log, |ev| matches!(ev, Event::SurgesSpent { .. }));
    assert_eq!(spent.len(), 1);
    assert_eq!(spent[0].rule, "retainer");
    assert!(matches!(
        &spent[0].event,
        Event::SurgesSpent { creature, damage: 1, left: 1, .. } if creature == "guide"
    ));
    assert_eq!(
        creature(&e, "mentor").surges,
        Some(1),
        "the mentor's shared surges pay"
    );
}

#[test]
fn a_retainer_stab_without_surges_adds_nothing() {
    let (e, log) = guide_stabs(0);
    assert_eq!(damaged(&log), vec![("m".into(), "guide".into(), 6, 0, 6)]);
    assert_eq!(creature(&e, "mentor").surges, Some(2));
}

#[test]
fn a_retainer_cannot_spend_surges_its_mentor_does_not_have() {
    let mut e = retainer_fight(&[5, 5]);
    until_turn_of(&mut e, "guide", &["mentor", "m"]);
    let spend = SurgeSpend {
        damage: 1,
        damage_target: Some("m".into()),
        potency: Vec::new(),
    };
    let err = refused(
        &mut e,
        use_ability_with_surges("guide", "stab", &["m"], spend),
    );
    assert_eq!(err.rule, "surge");
    assert!(err.reason.contains("has 0"), "{}", err.reason);
}

/// Load a scenario in a 6×1 room whose `creatures` list is written one creature a line.
fn load_creatures(creatures: &[&str]) -> Result<scenario::Scenario, Vec<scenario::Diagnostic>> {
    let src = format!(
        "Scenario(name: \"Retainers\", map: (rows: [\"......\"]), creatures: [\n{}\n])",
        creatures.join(",\n")
    );
    scenario::load("retainers.ron", &src)
}

const MENTOR: &str =
    "(id: \"mentor\", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 8))";
const FOE: &str = "(id: \"m\", side: Director, stamina: 20, position: (5, 0))";

/// The one problem loading reports, as `file:line:col: message`.
fn the_problem(creatures: &[&str]) -> String {
    let problems = load_creatures(creatures).expect_err("rejected");
    assert_eq!(problems.len(), 1, "{problems:?}");
    problems[0].to_string()
}

#[test]
fn retainer_with_an_unknown_mentor_is_reported_where_it_is_written() {
    let p = the_problem(&[
        MENTOR,
        FOE,
        "(id: \"guide\", side: Heroes, stamina: 24, position: (2, 0), retainer_of: \"nobody\")",
    ]);
    // Line 4, the guide's line; the column of its `retainer_of` value.
    assert!(
        p.starts_with("retainers.ron:4:73: `guide`: its mentor `nobody` is not a creature"),
        "{p}"
    );
    assert!(p.contains("heroes: mentor"), "{p}");
}

#[test]
fn retainer_whose_mentor_is_not_a_hero_is_rejected() {
    let p = the_problem(&[
        MENTOR,
        FOE,
        "(id: \"ally\", side: Heroes, stamina: 20, position: (1, 0))",
        "(id: \"guide\", side: Heroes, stamina: 24, position: (2, 0), retainer_of: \"ally\")",
    ]);
    assert!(
        p.starts_with("retainers.ron:5:73: `guide`: its mentor `ally` is not a hero"),
        "{p}"
    );
}

#[test]
fn retainer_must_be_on_the_heroes_side_and_no_hero_itself() {
    let p = the_problem(&[
        MENTOR,
        FOE,
        "(id: \"turncoat\", side: Director, stamina: 24, position: (2, 0), retainer_of: \"mentor\")",
    ]);
    assert!(
        p.contains("`turncoat`: a retainer fights on the heroes' side"),
        "{p}"
    );
    let p = the_problem(&[
        MENTOR,
        FOE,
        "(id: \"squire\", side: Heroes, stamina: 24, position: (2, 0), hero: (recoveries: 6), retainer_of: \"mentor\")",
    ]);
    assert!(p.contains("`squire`: a hero can't be a retainer"), "{p}");
}

#[test]
fn a_mentor_has_one_retainer_at_a_time() {
    let p = the_problem(&[
        MENTOR,
        FOE,
        "(id: \"guide\", side: Heroes, stamina: 24, position: (2, 0), retainer_of: \"mentor\")",
        "(id: \"porter\", side: Heroes, stamina: 24, position: (3, 0), retainer_of: \"mentor\")",
    ]);
    assert!(
        p.contains("`porter`: `mentor` already has the retainer `guide`"),
        "{p}"
    );
}

#[test]
fn a_retainer_keeps_its_mentor_in_snapshots() {
    let e = load_creatures(&[
        MENTOR,
        FOE,
        "(id: \"guide\", side: Heroes, stamina: 24, position: (2, 0), retainer_of: \"mentor\")",
    ])
    .expect("a valid retainer")
    .start(Some(1));
    let snap = e.snapshot();
    let guide = snap.creatures.iter().find(|c| c.id == "guide").unwrap();
    assert_eq!(guide.retainer_of.as_deref(), Some("mentor"));
    let mut restored = Engine::restore(snap);
    apply(
        &mut restored,
        Command::ChooseFirstSide { side: Side::Heroes },
    );
    let log = apply(&mut restored, environment("guide", 24));
    assert_eq!(
        vitality_changes(&log),
        vec![("guide".into(), Vitality::Dying, 0, "retainer".into())]
    );
}

// ---- Summoning (§6.3, L4280-4282, A-31) ---------------------------------------------------------

/// The witch (Director, at (6, 2)) knows `call`, a maneuver summoning one imp beside it, and
/// the villain action `horde`, summoning two; the brute is another Director creature; the heroes
/// `a` and `b` go first.
fn summoning_fight() -> Engine {
    let summon = |name: &str, action: &str, offsets: &[(i32, i32)]| {
        let list: Vec<String> = offsets
            .iter()
            .map(|(x, y)| format!("(template: \"imp\", offset: ({x}, {y}))"))
            .collect();
        format!(
            "(name: \"{name}\", keywords: [Magic], action: {action}, distance: Self, target: (who: Self), effect: (summon: [{}]))",
            list.join(", ")
        )
    };
    let table = format!(
        "\"call\": {}, \"horde\": {},",
        summon("Call", "Maneuver", &[(1, 0)]),
        summon("Horde", "VillainAction", &[(0, 1), (0, -1)]),
    );
    Fight::new()
        .templates("\"imp\": (name: \"Imp\", side: Director, stamina: 5, free_strike: 1)")
        .abilities(&table)
        .hero("a", at(0, 0))
        .hero("b", at(0, 5))
        .monster("witch", at(6, 2))
        .knows(&["call", "horde"])
        .monster("brute", at(9, 5))
        .start()
}

fn start_cmd(id: &str) -> Command {
    Command::StartTurn {
        creature: id.into(),
    }
}

/// The `Spawned` events as (creature, side, at, rule).
fn spawned(events: &[LoggedEvent]) -> Vec<(String, Side, (i32, i32), String)> {
    common::pick(events, |ev| match &ev.event {
        Event::Spawned { creature, side, at } => {
            Some((creature.clone(), *side, (at.x, at.y), ev.rule.id.to_owned()))
        }
        _ => None,
    })
}

#[test]
fn ds_dir_73_summoned_creatures_act_right_after_the_summoners_turn() {
    let mut e = summoning_fight();
    // Round 1 passes; in round 2 the witch summons on its turn.
    for id in ["a", "witch", "b", "brute", "a"] {
        start(&mut e, id);
        end(&mut e, id);
    }
    start(&mut e, "witch");
    let log = apply(&mut e, use_ability("witch", "call", &[]));
    assert_eq!(
        spawned(&log),
        vec![(
            "witch-imp-1".into(),
            Side::Director,
            (7, 2),
            "summon".into()
        )]
    );
    assert_eq!(creature(&e, "witch-imp-1").name, "Imp");
    // Not again this turn, though a main action is left to trade for the maneuver.
    let err = refused(&mut e, use_ability("witch", "call", &[]));
    assert_eq!(err.rule, "summon");
    end(&mut e, "witch");
    // The heroes' pick would come now; the imp goes first.
    let err = refused(&mut e, start_cmd("b"));
    assert_eq!(err.rule, "summon");
    assert!(err.reason.contains("witch-imp-1"), "{}", err.reason);
    start(&mut e, "witch-imp-1");
    let log = end(&mut e, "witch-imp-1");
    assert_eq!(
        count(&log, |ev| matches!(
            ev,
            Event::NextToAct {
                side: Side::Heroes,
                ..
            }
        )),
        1,
        "then the order goes on"
    );
    start(&mut e, "b");
    end(&mut e, "b");
    start(&mut e, "brute");
    end(&mut e, "brute");
    // Round 3: the witch's next turn lets it summon again.
    start(&mut e, "a");
    end(&mut e, "a");
    start(&mut e, "witch");
    let log = apply(&mut e, use_ability("witch", "call", &[]));
    assert_eq!(
        spawned(&log),
        vec![(
            "witch-imp-2".into(),
            Side::Director,
            (6, 1),
            "summon".into()
        )],
        "(7, 2) is taken by the first imp: the nearest open square, rows then columns"
    );
    end(&mut e, "witch");
    assert_eq!(refused(&mut e, start_cmd("witch-imp-1")).rule, "summon");
    start(&mut e, "witch-imp-2");
    end(&mut e, "witch-imp-2");
    start(&mut e, "b");
    end(&mut e, "b");
    // The first imp takes its round-3 turn in the Director's ordinary picks.
    start(&mut e, "witch-imp-1");
}

#[test]
fn a31_creatures_summoned_between_turns_act_next() {
    let mut e = summoning_fight();
    start(&mut e, "a");
    end(&mut e, "a");
    // At the end of a's turn, the witch's villain action brings two imps.
    let log = apply(&mut e, use_ability("witch", "horde", &[]));
    let ids: Vec<String> = spawned(&log).into_iter().map(|s| s.0).collect();
    assert_eq!(ids, vec!["witch-imp-1", "witch-imp-2"]);
    let err = refused(&mut e, start_cmd("witch"));
    assert_eq!(err.rule, "summon");
    start(&mut e, "witch-imp-1");
    end(&mut e, "witch-imp-1");
    assert_eq!(refused(&mut e, start_cmd("brute")).rule, "summon");
    start(&mut e, "witch-imp-2");
    end(&mut e, "witch-imp-2");
    // Back to the heroes' pick after the Director's imps.
    start(&mut e, "b");
}

#[test]
fn summoning_outside_an_effect_of_a_self_ability_is_a_content_error() {
    let src = r#"Scenario(name: "Bad", map: (rows: ["....."]),
    templates: {"imp": (name: "Imp", side: Director, stamina: 5)},
    abilities: {
        "call": (name: "Call", keywords: [Magic, Ranged], action: MainAction, distance: Ranged(5),
            target: (who: Enemy, count: 1), effect: (summon: [(template: "imp")])),
    },
    creatures: [
        (id: "h", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 8)),
        (id: "m", side: Director, stamina: 30, position: (4, 0), abilities: ["call"]),
    ])"#;
    let problems = scenario::load("bad.ron", src).expect_err("rejected");
    assert!(
        problems.iter().any(|p| p
            .message
            .contains("only the effect of an ability that targets Self")),
        "{problems:?}"
    );
}

#[test]
fn summoning_an_unknown_template_is_a_content_error() {
    let src = r#"Scenario(name: "Bad", map: (rows: ["....."]),
    abilities: {
        "call": (name: "Call", keywords: [Magic], action: MainAction, distance: Self,
            target: (who: Self), effect: (summon: [(template: "nothing")])),
    },
    creatures: [
        (id: "h", side: Heroes, stamina: 30, position: (0, 0), hero: (recoveries: 8)),
        (id: "m", side: Director, stamina: 30, position: (4, 0), abilities: ["call"]),
    ])"#;
    let problems = scenario::load("bad.ron", src).expect_err("rejected");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("unknown template `nothing`")),
        "{problems:?}"
    );
}
