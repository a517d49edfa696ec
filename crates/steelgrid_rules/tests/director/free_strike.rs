//! Director creatures' free strikes (seed 002 L4147-4156, L4436-4438; digest
//! draw-steel-director.md §2.5, §9.13, A-16): reach and range from the signature ability, its
//! damage type and keywords, and squad members' opportunity attacks at the same moment made as
//! one strike with the captain's bonus once. Cases are named by their DS-DIR id where one
//! applies.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage};
use common::{advance, apply, count, creature, find, logged, refused, start, until_turn_of};
use steelgrid_rules::ability::Keyword;
use steelgrid_rules::creature::Amount;
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::director::squad::CaptainBonus;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine};

// ---- Helpers ----------------------------------------------------------------------------------

/// A 14×3 room: long enough for a ranged 10 free strike and one square beyond it.
const HALL: [&str; 3] = ["..............", "..............", ".............."];

/// Abilities for the cases: `lash` (signature, melee 2 or ranged 10, weapon), `bite`
/// (signature, melee 1, weapon), `frostfire` (signature, melee 1, magic, fire at tier 1 and
/// cold above), `gore` (melee 3, not a signature) and `reach2` (a hero's signature, melee 2).
fn abilities() -> String {
    let one = enemies(1);
    let weapon = might_damage([2, 4, 6], "");
    let tiered = "power_roll: (characteristic: [Might], tier1: (damage: (base: 2, kind: Some(Fire))), tier2: (damage: (base: 4, kind: Some(Cold))), tier3: (damage: (base: 6, kind: Some(Cold))))";
    format!(
        r#"
    "lash": (name: "Lash", keywords: [Strike, Weapon], action: MainAction, distance: MeleeOrRanged(2, 10), {one}, {weapon}, signature: true),
    "bite": (name: "Bite", {MELEE_WEAPON}, action: MainAction, {one}, {weapon}, signature: true),
    "frostfire": (name: "Frostfire", keywords: [Magic, Melee, Strike], action: MainAction, distance: Melee(1), {one}, {tiered}, signature: true),
    "gore": (name: "Gore", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(3), {one}, {weapon}),
    "reach2": (name: "Long Jab", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(2), {one}, {weapon}, signature: true),
"#
    )
}

/// The creatures of these cases, added to a fight.
trait Cast {
    /// A minion of the squad "s": a Spiker with 5 Stamina and free strike 2 that knows `bite`.
    fn spiker(self, id: &str, square: Square) -> Self;
    /// `boss`, the captain of the squad "s", far from everyone.
    fn captain(self) -> Self;
}

impl Cast for Fight {
    fn spiker(self, id: &str, square: Square) -> Self {
        self.monster(id, square)
            .knows(&["bite"])
            .name("Spiker")
            .squad("s", "s")
            .stamina(5)
            .free_strike(2)
    }

    fn captain(self) -> Self {
        self.monster("boss", at(9, 5)).captain_of("s")
    }
}

/// A squad minion's bonus while its squad has a captain: 1 damage.
const BONUS_1: CaptainBonus = CaptainBonus {
    damage: 1,
    speed: 0,
};

fn free_strike(attacker: &str, target: &str, ranged: bool, kind: Option<DamageType>) -> Command {
    let mut cmd = Command::free_strike(attacker, target, ranged);
    if let Command::FreeStrike { damage_type, .. } = &mut cmd {
        *damage_type = kind;
    }
    cmd
}

/// Whether `attacker` may make a free strike on `target` now; the refusal's rule id if not.
fn may_strike(e: &Engine, attacker: &str, target: &str, ranged: bool) -> Result<(), String> {
    e.check(&Command::free_strike(attacker, target, ranged))
        .map_err(|err| err.rule.id.to_owned())
}

/// The `FreeStrikeHit` events as (attacker, damage, damage type, keywords).
fn hits(log: &[LoggedEvent]) -> Vec<(String, u32, Option<DamageType>, Vec<Keyword>)> {
    common::pick(log, |ev| match &ev.event {
        Event::FreeStrikeHit {
            attacker,
            damage,
            damage_type,
            keywords,
            ..
        } => Some((attacker.clone(), *damage, *damage_type, keywords.clone())),
        _ => None,
    })
}

/// The `FreeStrikesCombined` events as (rule, attackers, damage, captain's bonus).
fn combined(log: &[LoggedEvent]) -> Vec<(String, Vec<String>, u32, u32)> {
    common::pick(log, |ev| match &ev.event {
        Event::FreeStrikesCombined {
            attackers,
            damage,
            captain_bonus,
            ..
        } => Some((
            ev.rule.id.to_owned(),
            attackers.clone(),
            *damage,
            *captain_bonus,
        )),
        _ => None,
    })
}

/// The `Damaged` events as (target, base, immunity, amount).
fn damaged(log: &[LoggedEvent]) -> Vec<(String, u32, u32, u32)> {
    common::pick(log, |ev| match &ev.event {
        Event::Damaged {
            target,
            base,
            immunity,
            amount,
            ..
        } => Some((target.clone(), *base, *immunity, *amount)),
        _ => None,
    })
}

fn opportunity_attackers(log: &[LoggedEvent]) -> Vec<String> {
    common::pick(log, |ev| match &ev.event {
        Event::OpportunityAttack { attacker, .. } => Some(attacker.clone()),
        _ => None,
    })
}

// ---- DS-DIR-77: reach and range ---------------------------------------------------------------

#[test]
fn ds_dir_77_a_melee_2_ranged_10_signature_gives_free_strikes_of_melee_2_and_ranged_10() {
    // The lasher at (0,1); heroes 2, 3, 10 and 11 squares away.
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .monster("lasher", at(0, 1))
        .knows(&["lash"])
        .hero("near", at(2, 0))
        .hero("three", at(3, 2))
        .hero("ten", at(10, 0))
        .hero("eleven", at(11, 2))
        .start();
    let view = creature(&e, "lasher");
    assert_eq!((view.free_strike_melee, view.free_strike_ranged), (2, 10));
    until_turn_of(&mut e, "lasher", &["near", "three", "ten", "eleven"]);
    assert_eq!(
        may_strike(&e, "lasher", "three", false),
        Err("target.distance".into())
    );
    assert_eq!(may_strike(&e, "lasher", "ten", true), Ok(()));
    assert_eq!(
        may_strike(&e, "lasher", "eleven", true),
        Err("target.distance".into())
    );
    // The melee free strike 2 squares away lands for its fixed 3.
    let log = apply(&mut e, Command::free_strike("lasher", "near", false));
    assert_eq!(hits(&log).len(), 1);
    assert_eq!(common::stamina(&e, "near"), 27);
}

#[test]
fn ds_dir_77_a_melee_1_only_signature_keeps_melee_1_and_ranged_5() {
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .monster("biter", at(0, 1))
        .knows(&["bite"])
        .hero("two", at(2, 1))
        .hero("five", at(5, 0))
        .hero("six", at(6, 2))
        .start();
    let view = creature(&e, "biter");
    assert_eq!((view.free_strike_melee, view.free_strike_ranged), (1, 5));
    until_turn_of(&mut e, "biter", &["two", "five", "six"]);
    assert_eq!(
        may_strike(&e, "biter", "two", false),
        Err("target.distance".into())
    );
    assert_eq!(may_strike(&e, "biter", "five", true), Ok(()));
    assert_eq!(
        may_strike(&e, "biter", "six", true),
        Err("target.distance".into())
    );
}

#[test]
fn a_heros_free_strikes_stay_melee_1_and_ranged_5_whatever_its_signature() {
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .hero("h", at(0, 1))
        .knows(&["reach2"])
        .monster("two", at(2, 1))
        .monster("six", at(6, 1))
        .start();
    let view = creature(&e, "h");
    assert_eq!((view.free_strike_melee, view.free_strike_ranged), (1, 5));
    start(&mut e, "h");
    assert_eq!(
        may_strike(&e, "h", "two", false),
        Err("target.distance".into())
    );
    assert_eq!(
        may_strike(&e, "h", "six", true),
        Err("target.distance".into())
    );
    assert_eq!(may_strike(&e, "h", "two", true), Ok(()));
}

#[test]
fn a_creature_whose_only_long_ability_is_no_signature_keeps_melee_1_and_ranged_5() {
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .monster("gorer", at(0, 1))
        .knows(&["gore"])
        .hero("three", at(3, 1))
        .start();
    let view = creature(&e, "gorer");
    assert_eq!((view.free_strike_melee, view.free_strike_ranged), (1, 5));
    until_turn_of(&mut e, "gorer", &["three"]);
    assert_eq!(
        may_strike(&e, "gorer", "three", false),
        Err("target.distance".into())
    );
}

#[test]
fn a_charge_ends_with_a_melee_free_strike_of_the_signatures_reach() {
    // The lasher charges 2 squares east along y = 1 and strikes the hero 2 squares beyond.
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .monster("lasher", at(0, 1))
        .knows(&["lash"])
        .hero("h", at(4, 1))
        .start();
    until_turn_of(&mut e, "lasher", &["h"]);
    let log = apply(
        &mut e,
        Command::Charge {
            creature: "lasher".into(),
            path: common::squares(&[(1, 1), (2, 1)]),
            target: "h".into(),
        },
    );
    assert_eq!(hits(&log).len(), 1);
    assert_eq!(common::stamina(&e, "h"), 27);
}

#[test]
fn opportunity_attacks_follow_adjacency_not_the_signatures_reach() {
    // seed 002 L2968: the trigger is an adjacent enemy moving to a square not adjacent. The
    // lasher's melee free strike reaches 2, yet a hero stepping from 2 to 3 squares away
    // provokes nothing, while one stepping from adjacent to 2 squares away does.
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .hero("far", at(2, 0))
        .hero("near", at(1, 2))
        .monster("lasher", at(0, 1))
        .knows(&["lash"])
        .start();
    start(&mut e, "far");
    let log = apply(&mut e, advance("far", &[(3, 0)]));
    assert!(opportunity_attackers(&log).is_empty());
    common::end(&mut e, "far");
    until_turn_of(&mut e, "near", &["lasher"]);
    let log = apply(&mut e, advance("near", &[(2, 2)]));
    assert_eq!(opportunity_attackers(&log), vec!["lasher"]);
    assert_eq!(common::stamina(&e, "near"), 27);
}

// ---- DS-DIR-80: damage type and keywords ------------------------------------------------------

/// The frost-fire creature beside the hero `h` (as `hero` makes it), on its turn.
fn frostfire_against(hero: impl FnOnce(Fight) -> Fight) -> Engine {
    let fight = Fight::new().abilities(&abilities()).hero("h", at(1, 1));
    let mut e = hero(fight)
        .monster("wisp", at(2, 1))
        .knows(&["frostfire"])
        .start();
    until_turn_of(&mut e, "wisp", &["h"]);
    e
}

#[test]
fn ds_dir_80_the_free_strike_deals_the_type_the_target_takes_most_from() {
    // Fire immunity 2: cold deals the full 3, so cold it is.
    let mut e = frostfire_against(|h| h.immunity(DamageType::Fire, 2));
    let log = apply(&mut e, Command::free_strike("wisp", "h", false));
    assert_eq!(
        hits(&log),
        vec![(
            "wisp".to_string(),
            3,
            Some(DamageType::Cold),
            vec![Keyword::Magic, Keyword::Strike]
        )]
    );
    assert_eq!(common::stamina(&e, "h"), 27);
    // Everything the free strike logged, in order.
    assert_eq!(
        logged(&log),
        [
            r#"turn.action_economy: ActionUsed { creature: "wisp", action: Main, traded_main: false }"#,
            r#"action.free_strike: FreeStrikeHit { attacker: "wisp", target: "h", ranged: false, damage: 3, damage_type: Some(Cold), keywords: [Magic, Strike] }"#,
            r#"damage: Damaged { target: "h", source: "wisp", damage_type: Some(Cold), base: 3, halved: false, weakness: 0, immunity: 0, immune: false, amount: 3, temporary_absorbed: 0, stamina_before: 30, stamina_after: 27 }"#,
        ]
    );
    // Fire weakness 3: fire deals 6.
    let mut e = frostfire_against(|h| h.weakness(DamageType::Fire, 3));
    let log = apply(&mut e, Command::free_strike("wisp", "h", false));
    assert_eq!(hits(&log)[0].2, Some(DamageType::Fire));
    assert_eq!(common::stamina(&e, "h"), 24);
    // Nothing to choose between: the first the signature lists.
    let mut e = frostfire_against(|h| h);
    let log = apply(&mut e, Command::free_strike("wisp", "h", false));
    assert_eq!(hits(&log)[0].2, Some(DamageType::Fire));
}

#[test]
fn ds_dir_80_the_director_may_name_either_of_the_signatures_types() {
    let mut e = frostfire_against(|h| h.immunity(DamageType::Fire, 2));
    let log = apply(
        &mut e,
        free_strike("wisp", "h", false, Some(DamageType::Fire)),
    );
    assert_eq!(hits(&log)[0].2, Some(DamageType::Fire));
    assert_eq!(damaged(&log), vec![("h".to_string(), 3, 2, 1)]);
    assert_eq!(common::stamina(&e, "h"), 29);
}

#[test]
fn a_free_strike_cant_deal_a_type_its_signature_does_not() {
    let mut e = frostfire_against(|h| h);
    let err = refused(
        &mut e,
        free_strike("wisp", "h", false, Some(DamageType::Poison)),
    );
    assert_eq!(err.rule, "action.free_strike");
    assert!(err.reason.contains("fire or cold"), "{}", err.reason);
    // A hero's weapon free strike deals untyped damage.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("o", at(2, 1))
        .start();
    start(&mut e, "h");
    let err = refused(&mut e, free_strike("h", "o", false, Some(DamageType::Fire)));
    assert_eq!(err.rule, "action.free_strike");
}

#[test]
fn a_weapon_signatures_free_strike_is_an_untyped_weapon_strike() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .monster("biter", at(2, 1))
        .knows(&["bite"])
        .start();
    until_turn_of(&mut e, "biter", &["h"]);
    let log = apply(&mut e, Command::free_strike("biter", "h", false));
    assert_eq!(
        hits(&log),
        vec![(
            "biter".to_string(),
            3,
            None,
            vec![Keyword::Strike, Keyword::Weapon]
        )]
    );
}

#[test]
fn an_opportunity_attack_carries_the_signatures_damage_type() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .weakness(DamageType::Cold, 2)
        .monster("wisp", at(2, 1))
        .knows(&["frostfire"])
        .start();
    start(&mut e, "h");
    let log = apply(&mut e, advance("h", &[(0, 1)]));
    assert_eq!(hits(&log)[0].2, Some(DamageType::Cold));
    assert_eq!(common::stamina(&e, "h"), 25);
}

// ---- DS-DIR-35: squad members' free strikes together ------------------------------------------

/// The hero `h` at (4,2) (as `hero` makes it) and three squad minions west of it at (3,1),
/// (3,2), (3,3), with a captain's bonus and the captain when `captained`; the hero's turn has
/// started.
fn surrounded(hero: impl FnOnce(Fight) -> Fight, captained: bool) -> Engine {
    let mut fight = hero(Fight::new().abilities(&abilities()).hero("h", at(4, 2)));
    for (id, y) in [("m0", 1), ("m1", 2), ("m2", 3)] {
        fight = fight.spiker(id, at(3, y));
        if captained {
            fight = fight.with_captain(BONUS_1);
        }
    }
    if captained {
        fight = fight.captain();
    }
    let mut e = fight.start();
    start(&mut e, "h");
    e
}

#[test]
fn ds_dir_35_three_minions_free_strikes_combine_into_one_strike_of_6() {
    let mut e = surrounded(|h| h, false);
    // One step east leaves all three.
    let log = apply(&mut e, advance("h", &[(5, 2)]));
    assert_eq!(opportunity_attackers(&log), vec!["m0", "m1", "m2"]);
    assert_eq!(
        combined(&log),
        vec![(
            "minion.squad.free_strikes".to_string(),
            vec!["m0".to_string(), "m1".to_string(), "m2".to_string()],
            6,
            0
        )]
    );
    // One strike: one instance of damage, no separate free strike hits.
    assert!(hits(&log).is_empty());
    assert_eq!(damaged(&log), vec![("h".to_string(), 6, 0, 6)]);
    assert_eq!(common::stamina(&e, "h"), 24);
    assert_eq!(common::position(&e, "h"), Square::new(5, 2));
}

#[test]
fn ds_dir_35_damage_immunity_reduces_the_combined_strike_once() {
    // Separately, immunity 2 would stop each free strike of 2; together 6 - 2 = 4.
    let mut e = surrounded(|h| h.immunity_to_all(Amount::Value(2)), false);
    let log = apply(&mut e, advance("h", &[(5, 2)]));
    assert_eq!(damaged(&log), vec![("h".to_string(), 6, 2, 4)]);
    assert_eq!(common::stamina(&e, "h"), 26);
}

#[test]
fn a16_the_captains_bonus_counts_once_on_the_combined_strike() {
    let mut e = surrounded(|h| h, true);
    let log = apply(&mut e, advance("h", &[(5, 2)]));
    let all = combined(&log);
    assert_eq!(all.len(), 1);
    assert_eq!((all[0].2, all[0].3), (7, 1));
    assert_eq!(damaged(&log), vec![("h".to_string(), 7, 0, 7)]);
    assert_eq!(common::stamina(&e, "h"), 23);
}

#[test]
fn a_lone_squad_members_opportunity_attack_gets_the_captains_bonus() {
    // Only m0 is beside the hero; its free strike 2 gets the captain's +1.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 2))
        .spiker("m0", at(3, 2))
        .with_captain(BONUS_1)
        .spiker("m1", at(0, 5))
        .with_captain(BONUS_1)
        .captain()
        .start();
    start(&mut e, "h");
    let log = apply(&mut e, advance("h", &[(5, 2)]));
    assert!(combined(&log).is_empty());
    assert_eq!(
        hits(&log),
        vec![(
            "m0".to_string(),
            3,
            None,
            vec![Keyword::Strike, Keyword::Weapon]
        )]
    );
    assert_eq!(common::stamina(&e, "h"), 27);
}

#[test]
fn a_squad_members_free_strike_main_action_gets_the_captains_bonus() {
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 2))
        .spiker("m0", at(3, 2))
        .with_captain(BONUS_1)
        .captain()
        .start();
    until_turn_of(&mut e, "m0", &["h", "boss"]);
    let log = apply(&mut e, Command::free_strike("m0", "h", false));
    assert_eq!(hits(&log)[0].1, 3);
    assert_eq!(common::stamina(&e, "h"), 27);
}

#[test]
fn free_strikes_from_outside_the_squad_stay_separate() {
    // m0 and m1 of the squad, and a plain creature at (3,3) instead of m2.
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 2))
        .spiker("m0", at(3, 1))
        .monster("o", at(3, 3))
        .spiker("m1", at(3, 2))
        .start();
    start(&mut e, "h");
    let log = apply(&mut e, advance("h", &[(5, 2)]));
    assert_eq!(opportunity_attackers(&log), vec!["m0", "m1", "o"]);
    assert_eq!(
        combined(&log)
            .into_iter()
            .map(|c| (c.1, c.2))
            .collect::<Vec<_>>(),
        vec![(vec!["m0".to_string(), "m1".to_string()], 4)]
    );
    assert_eq!(
        hits(&log),
        vec![("o".to_string(), 3, None, vec![Keyword::Strike])]
    );
    assert_eq!(
        damaged(&log),
        vec![("h".to_string(), 4, 0, 4), ("h".to_string(), 3, 0, 3)]
    );
    assert_eq!(common::stamina(&e, "h"), 23);
}

#[test]
fn squad_members_attacking_at_different_steps_strike_separately() {
    // The hero walks south from (4,1): the first step leaves m0 at (3,0); m1 at (3,2) stays
    // adjacent until the last step, from (4,3) to (4,4).
    let mut e = Fight::new()
        .abilities(&abilities())
        .hero("h", at(4, 1))
        .spiker("m0", at(3, 0))
        .spiker("m1", at(3, 2))
        .start();
    start(&mut e, "h");
    let log = apply(&mut e, advance("h", &[(4, 2), (4, 3), (4, 4)]));
    assert_eq!(opportunity_attackers(&log), vec!["m0", "m1"]);
    assert!(combined(&log).is_empty());
    assert_eq!(count(&log, |ev| matches!(ev, Event::Damaged { .. })), 2);
    assert_eq!(
        find(&log, |ev| matches!(ev, Event::FreeStrikeHit { .. })).len(),
        2
    );
    assert_eq!(common::stamina(&e, "h"), 26);
}

// ---- Previews ---------------------------------------------------------------------------------

#[test]
fn a_director_creatures_free_strike_is_previewed_as_its_damage_with_no_roll() {
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .current_stamina(3)
        .monster("ogre", at(2, 1))
        .knows(&["bite"])
        .free_strike(4)
        .first(steelgrid_rules::creature::Side::Director)
        .start();
    start(&mut e, "ogre");
    let p = e.preview_roll(&common::strike("ogre", "h")).unwrap();
    assert_eq!(p.odds, None);
    assert_eq!(p.outcomes, ["4 damage, no roll"]);
    assert_eq!((p.after[0].dealt, p.after[0].left), (4, -1));
    assert_eq!(p.after[0].state, steelgrid_rules::creature::Vitality::Dying);
}

#[test]
fn a_heroes_free_strike_preview_gives_each_tiers_odds_and_what_its_weakness_makes_of_it() {
    let mut e = Fight::on(&HALL)
        .abilities(&abilities())
        .hero("h", at(1, 1))
        .might(2)
        .monster("ogre", at(2, 1))
        .stamina(9)
        .weakness(DamageType::Fire, 3)
        .weakness(DamageType::Cold, 1)
        .start();
    start(&mut e, "h");
    let p = e.preview_roll(&common::strike("h", "ogre")).unwrap();
    let odds = p.odds.expect("a hero rolls");
    assert!((odds.iter().sum::<f64>() - 1.0).abs() < 1e-9);
    // 2/5/7 + Might 2; untyped damage meets neither weakness (seed 002 L3046-3050).
    assert_eq!(p.outcomes, ["4 damage", "7 damage", "9 damage"]);
    let left: Vec<i32> = p.after.iter().map(|a| a.left).collect();
    assert_eq!(left, [5, 2, 0]);
    assert!(p.after[2].falls() && !p.after[1].falls());
    // The preview is refused exactly as the strike would be.
    let far = e.preview_roll(&common::strike("h", "nobody")).unwrap_err();
    assert_eq!(
        far.rule,
        e.check(&common::strike("h", "nobody")).unwrap_err().rule
    );
}
