//! Minion squads (seed 002 L4368-4460; digest draw-steel-director.md §9, A-11, A-12, A-16):
//! the shared Stamina pool, which minions drop and when, area damage counting only minions in
//! the area, weakness and immunity once per squad, and captains. Cases are named by their
//! DS-DIR id where one applies.

use crate::common;

use common::abilities::{MELEE_WEAPON, enemies, might_damage, use_ability};
use common::{apply, end, logged, until_turn_of};
use steelgrid_rules::Engine;
use steelgrid_rules::damage::DamageType;
use steelgrid_rules::director::squad::CaptainBonus;
use steelgrid_rules::engine::SquadView;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::testing::{Fight, at};

// ---- Helpers ----------------------------------------------------------------------------------

/// Unrolled hero abilities with fixed damage: single-target strikes and bursts around the user.
fn abilities() -> String {
    let one = enemies(1);
    let fixed = |n: u32, kind: &str| {
        format!("effect: (damage: (base: {n}, plus_characteristic: false{kind}))")
    };
    // Unrolled, so not strikes (a strike always rolls, seed 002 L1398-1404).
    const TOUCH: &str = "keywords: [Melee, Weapon], distance: Melee(1)";
    let burst =
        "keywords: [Area, Magic], action: MainAction, distance: Burst(1), target: (who: Enemy)";
    format!(
        r#"
    "jab2": (name: "Jab", {TOUCH}, action: MainAction, {one}, {}),
    "jab3": (name: "Jab", {TOUCH}, action: MainAction, {one}, {}),
    "slam12": (name: "Slam", {TOUCH}, action: MainAction, {one}, {}),
    "scorch3": (name: "Scorch", {TOUCH}, action: MainAction, {one}, {}),
    "nova3": (name: "Nova", {burst}, {}),
    "nova6": (name: "Nova", {burst}, {}),
    "flare2": (name: "Flare", {burst}, {}),
    "miasma4": (name: "Miasma", {burst}, {}),
    "claw": (name: "Claw", {MELEE_WEAPON}, action: MainAction, {one}, {}),
"#,
        fixed(2, ""),
        fixed(3, ""),
        fixed(12, ""),
        fixed(3, ", kind: Some(Fire)"),
        fixed(3, ""),
        fixed(6, ""),
        fixed(2, ", kind: Some(Fire)"),
        fixed(4, ", kind: Some(Poison)"),
        might_damage([2, 4, 6], ""),
    )
}

const ALL: [&str; 4] = ["h0", "h1", "h2", "h3"];

/// The creatures of these cases, added to a fight.
trait Cast {
    /// `m{i}`, a Rabble minion of the squad "s" with 5 Stamina that knows `claw`.
    fn rabble(self, i: usize, square: Square) -> Self;
}

impl Cast for Fight {
    fn rabble(self, i: usize, square: Square) -> Self {
        self.monster(&format!("m{i}"), square)
            .knows(&["claw"])
            .name("Rabble")
            .squad("s", "s")
            .stamina(5)
    }
}

/// Four heroes along the top wall (h0 at (0,0)), each knowing every ability, and eight minions,
/// each as `minion` makes it: m0-m2 at (0,1), (1,1), (2,1), the rest far off at y = 5.
fn fight_squad(minion: impl Fn(Fight) -> Fight) -> Fight {
    let known = [
        "jab2", "jab3", "slam12", "scorch3", "nova3", "nova6", "flare2", "miasma4",
    ];
    let mut fight = Fight::new().abilities(&abilities());
    for i in 0..4 {
        fight = fight.hero(&format!("h{i}"), at(i * 3, 0)).knows(&known);
    }
    for i in 0..8 {
        let square = if i < 3 {
            at(i as i32, 1)
        } else {
            at(i as i32, 5)
        };
        fight = minion(fight.rabble(i, square));
    }
    fight
}

fn squad(e: &Engine) -> SquadView {
    e.state().squads.into_iter().find(|s| s.id == "s").unwrap()
}

fn dead(e: &Engine) -> Vec<String> {
    e.state()
        .creatures
        .into_iter()
        .filter(|c| c.dead)
        .map(|c| c.id)
        .collect()
}

/// `hero` uses `ability` on `targets` in its next turn (empty turns for everyone else first).
fn hero_uses(e: &mut Engine, hero: &str, ability: &str, targets: &[&str]) -> Vec<LoggedEvent> {
    let minions: Vec<String> = (0..8).map(|i| format!("m{i}")).collect();
    let mut others: Vec<&str> = ALL.to_vec();
    others.extend(minions.iter().map(String::as_str));
    until_turn_of(e, hero, &others);
    let log = apply(e, use_ability(hero, ability, targets));
    end(e, hero);
    log
}

fn squad_hit(log: &[LoggedEvent]) -> (u32, u32, Vec<String>, Option<u32>) {
    common::pick(log, |ev| match &ev.event {
        Event::SquadDamaged {
            amount,
            pool_after,
            killed,
            capped,
            ..
        } => Some((*amount, *pool_after, killed.clone(), *capped)),
        _ => None,
    })
    .pop()
    .expect("the squad was hit")
}

// ---- The pool ---------------------------------------------------------------------------------

#[test]
fn a_squad_of_eight_five_stamina_minions_has_a_pool_of_forty() {
    let e = fight_squad(|m| m).start();
    let s = squad(&e);
    assert_eq!(
        (s.pool, s.alive, s.to_next_drop, s.per_minion),
        (40, 8, 5, 5)
    );
}

#[test]
fn ds_dir_22_damage_short_of_a_threshold_kills_nobody_then_the_next_hit_drops_its_target() {
    let mut e = fight_squad(|m| m).start();
    let log = hero_uses(&mut e, "h0", "jab3", &["m0"]);
    assert_eq!(squad_hit(&log), (3, 37, vec![], None));
    assert!(dead(&e).is_empty());
    let log = hero_uses(&mut e, "h1", "jab2", &["m2"]);
    assert_eq!(squad_hit(&log), (2, 35, vec!["m2".to_string()], None));
    assert_eq!(dead(&e), vec!["m2"]);
    assert_eq!(squad(&e).alive, 7);
}

#[test]
fn ds_dir_23_a_big_single_hit_drops_the_target_then_the_nearest_member() {
    let mut e = fight_squad(|m| m).start();
    let log = hero_uses(&mut e, "h0", "slam12", &["m0"]);
    // Pool 40 → 28: two drop, m0 first, then the member nearest it (m1 at (1,1)).
    assert_eq!(
        squad_hit(&log),
        (12, 28, vec!["m0".to_string(), "m1".to_string()], None)
    );
    assert_eq!(squad(&e).alive, 6);
    // Everything the slam logged, in order.
    assert_eq!(
        logged(&log),
        [
            r#"turn.action_economy: ActionUsed { creature: "h0", action: Main, traded_main: false }"#,
            r#"ability: AbilityUsed { creature: "h0", ability: "Slam", distance: "Melee 1", targets: ["m0"], area: [], objects: [] }"#,
            r#"ability.outcome: AbilityOutcome { creature: "h0", ability: "Slam", target: "m0", tier: None, text: "12 damage" }"#,
            r#"minion.squad.pool: SquadDamaged { squad: "s", source: "h0", damage_type: None, hits: [("m0", 12)], weakness: 0, immunity: 0, capped: None, amount: 12, pool_before: 40, pool_after: 28, killed: ["m0", "m1"] }"#,
            r#"stamina.death.director: VitalityChanged { creature: "m0", from: Healthy, to: Dead, stamina: 0, threshold: 0 }"#,
            r#"stamina.death.director: VitalityChanged { creature: "m1", from: Healthy, to: Dead, stamina: 0, threshold: 0 }"#,
        ]
    );
    // 3 more, on any member: 25, one more drops.
    let log = hero_uses(&mut e, "h1", "jab3", &["m2"]);
    assert_eq!(squad_hit(&log).1, 25);
    assert_eq!(squad(&e).alive, 5);
}

#[test]
fn ds_dir_38_each_minion_dropped_counts_as_reduced_to_zero() {
    let mut e = fight_squad(|m| m).start();
    let log = hero_uses(&mut e, "h0", "slam12", &["m0"]);
    let deaths = common::pick(&log, |ev| match &ev.event {
        Event::VitalityChanged { creature, to, .. }
            if *to == steelgrid_rules::creature::Vitality::Dead =>
        {
            Some((creature.clone(), ev.rule.id.to_owned()))
        }
        _ => None,
    });
    assert_eq!(deaths.len(), 2);
    assert!(
        deaths
            .iter()
            .all(|(_, rule)| rule == "stamina.death.director")
    );
}

// ---- Areas ------------------------------------------------------------------------------------

#[test]
fn ds_dir_25_area_damage_to_two_minions_drops_one_of_them() {
    // h0's Nova (burst 1 from (0,0)) reaches m0 at (0,1) and m1 at (1,1), not m2 at (2,1).
    let mut e = fight_squad(|m| m).start();
    let log = hero_uses(&mut e, "h0", "nova3", &[]);
    let (amount, pool, killed, _) = squad_hit(&log);
    assert_eq!((amount, pool), (6, 34));
    assert_eq!(killed.len(), 1);
    assert!(["m0", "m1"].contains(&killed[0].as_str()));
}

#[test]
fn area_damage_counts_at_most_one_minion_per_minion_in_the_area() {
    // Digest §9.5: 6 to each of two 5-Stamina minions takes 10, not 12, and kills only them.
    let mut e = fight_squad(|m| m).start();
    let log = hero_uses(&mut e, "h0", "nova6", &[]);
    let (amount, pool, mut killed, _) = squad_hit(&log);
    killed.sort();
    assert_eq!((amount, pool), (10, 30));
    assert_eq!(killed, vec!["m0", "m1"]);
}

#[test]
fn ds_dir_26_weakness_counts_once_and_the_area_limit_after_it() {
    // Fire weakness 5: 2 fire to each of m0, m1 = 4 + 5 = 9, under the area limit 10.
    let mut e = fight_squad(|m| m.weakness(DamageType::Fire, 5)).start();
    let log = hero_uses(&mut e, "h0", "flare2", &[]);
    let (amount, pool, killed, capped) = squad_hit(&log);
    assert_eq!((amount, pool, capped), (9, 31, None));
    assert_eq!(killed.len(), 1);
}

#[test]
fn ds_dir_28_immunity_counts_once_for_the_squad() {
    // Poison immunity 2: 4 poison to each of two = 8 - 2 = 6.
    let mut e = fight_squad(|m| m.immunity(DamageType::Poison, 2)).start();
    let log = hero_uses(&mut e, "h0", "miasma4", &[]);
    let (amount, pool, killed, _) = squad_hit(&log);
    assert_eq!((amount, pool, killed.len()), (6, 34, 1));
}

#[test]
fn ds_dir_29_weakness_on_a_single_strike_spills_into_the_pool() {
    let mut e = fight_squad(|m| m.weakness(DamageType::Fire, 5)).start();
    let log = hero_uses(&mut e, "h0", "scorch3", &["m0"]);
    assert_eq!(squad_hit(&log), (8, 32, vec!["m0".to_string()], None));
    assert_eq!(squad(&e).to_next_drop, 2);
}

// ---- Forming squads and captains --------------------------------------------------------------

#[test]
fn ds_dir_31_a_squad_is_one_kind_of_minion_and_at_most_eight() {
    let mixed = Fight::new()
        .abilities(&abilities())
        .hero("h0", at(0, 0))
        .rabble(0, at(1, 3))
        .rabble(1, at(2, 3))
        .rabble(2, at(3, 3))
        .name("Sniper");
    let problems = mixed.load().expect_err("a mixed squad is refused");
    assert!(
        problems[0].message.contains("one kind of minion"),
        "{problems:?}"
    );
    assert!(problems[0].line >= 1 && problems[0].col > 1);
    let mut nine = Fight::new().abilities(&abilities()).hero("h0", at(0, 0));
    for i in 0..9 {
        nine = nine.rabble(i, at(i as i32, 4));
    }
    let problems = nine.load().expect_err("nine in a squad is refused");
    assert!(problems[0].message.contains("8 minions"), "{problems:?}");
}

#[test]
fn ds_dir_41_only_a_creature_that_is_no_minion_captains_a_squad() {
    let base = Fight::new()
        .abilities(&abilities())
        .hero("h0", at(0, 0))
        .rabble(0, at(1, 3))
        .rabble(1, at(2, 3));
    let minion_captain = base
        .clone()
        .monster("sniper", at(5, 3))
        .minion()
        .captain_of("s")
        .stamina(5);
    let problems = minion_captain
        .load()
        .expect_err("a minion captain is refused");
    assert!(
        problems[0].message.contains("minion can't captain"),
        "{problems:?}"
    );
    let two = base
        .clone()
        .monster("boss", at(5, 3))
        .captain_of("s")
        .monster("boss2", at(7, 3))
        .captain_of("s");
    let problems = two.load().expect_err("two captains are refused");
    assert!(
        problems[0].message.contains("already has a captain"),
        "{problems:?}"
    );
    let fine = base.monster("boss", at(5, 3)).captain_of("s");
    let e = fine.load().expect("a leader captains").start(Some(1));
    assert_eq!(squad(&e).captain.as_deref(), Some("boss"));
}

/// A captain's bonus of 1 damage for the squad's members.
const BONUS_1: CaptainBonus = CaptainBonus {
    damage: 1,
    speed: 0,
};

/// The squad with [`BONUS_1`] and its captain `boss` (3 Stamina) at (9, 3).
fn captained() -> Fight {
    fight_squad(|m| m.with_captain(BONUS_1))
        .monster("boss", at(9, 3))
        .captain_of("s")
        .stamina(3)
}

#[test]
fn ds_dir_43_a_captained_minion_adds_its_bonus_to_a_strike() {
    // Claw is 2/4/6 + Might 0; the scripted dice make tier 2 (4) + 1.
    let mut e = captained().start();
    assert_eq!(squad(&e).captain_damage_bonus, 1);
    apply(
        &mut e,
        steelgrid_rules::Command::ScriptDice { faces: vec![6, 6] },
    );
    let mut others: Vec<&str> = ALL.to_vec();
    others.push("boss");
    until_turn_of(&mut e, "m0", &others);
    apply(&mut e, use_ability("m0", "claw", &["h0"]));
    assert_eq!(common::stamina(&e, "h0"), 30 - 5);
}

#[test]
fn ds_dir_44_a_fallen_captain_is_replaced_at_the_start_of_the_next_round() {
    let mut e = captained().monster("sub", at(9, 5)).start();
    // Round 1, on h0's turn: the captain (3 Stamina) falls to 3 environment damage.
    let mut others: Vec<&str> = ALL.to_vec();
    others.extend([
        "boss", "sub", "m0", "m1", "m2", "m3", "m4", "m5", "m6", "m7",
    ]);
    until_turn_of(&mut e, "h0", &others);
    let log = apply(
        &mut e,
        steelgrid_rules::Command::EnvironmentDamage {
            target: "boss".into(),
            amount: 3,
            damage_type: None,
            halved: false,
        },
    );
    assert!(
        log.iter()
            .any(|ev| matches!(&ev.event, Event::CaptainLost { captain, .. } if captain == "boss"))
    );
    assert_eq!(squad(&e).captain, None);
    assert_eq!(squad(&e).captain_damage_bonus, 0);
    end(&mut e, "h0");
    // Still round 1 for everyone else: no replacement yet.
    let round = e.state().round;
    while e.state().round == round {
        assert_eq!(squad(&e).captain, None);
        let next = others
            .iter()
            .copied()
            .find(|o| {
                e.check(&steelgrid_rules::Command::StartTurn {
                    creature: o.to_string(),
                })
                .is_ok()
            })
            .unwrap();
        common::take_turn(&mut e, next);
    }
    let s = squad(&e);
    assert_eq!(
        (s.captain.as_deref(), s.captain_damage_bonus),
        (Some("sub"), 1)
    );
}

// ---- Previews ---------------------------------------------------------------------------------

#[test]
fn the_preview_foresees_each_hits_pool_and_drops_exactly_as_the_hit_then_lands() {
    // Single strikes under and over a threshold, areas under and over the area limit, and
    // weakness and immunity counted once: what the aim shows is what happens.
    let cases: [(&str, fn(Fight) -> Fight, &[&str]); 6] = [
        ("jab3", |m| m, &["m0"]),
        ("slam12", |m| m, &["m0"]),
        ("nova3", |m| m, &[]),
        ("nova6", |m| m, &[]),
        ("flare2", |m| m.weakness(DamageType::Fire, 5), &[]),
        ("miasma4", |m| m.immunity(DamageType::Poison, 2), &[]),
    ];
    for (ability, minion, targets) in cases {
        let mut e = fight_squad(minion).start();
        let minions: Vec<String> = (0..8).map(|i| format!("m{i}")).collect();
        until_turn_of(
            &mut e,
            "h0",
            &minions.iter().map(String::as_str).collect::<Vec<_>>(),
        );
        let command = use_ability("h0", ability, targets);
        let preview = e.preview_ability(&command).expect("aimable");
        let log = apply(&mut e, command);
        let (amount, pool, killed, _) = squad_hit(&log);
        assert!(!preview.targets.is_empty(), "{ability}");
        for t in &preview.targets {
            let after = t.after[0];
            assert_eq!(
                (after.dealt, after.left, after.drops),
                (amount, pool as i32, killed.len() as u32),
                "{ability} on {}",
                t.id
            );
            assert_eq!(
                after.falls(),
                killed.contains(&t.id),
                "{ability} on {}",
                t.id
            );
        }
    }
}
