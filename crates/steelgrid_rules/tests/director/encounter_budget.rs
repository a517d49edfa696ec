//! A scenario's encounter budget as `steelgrid check` reports it (Director digest §10, §11, §14;
//! DS-DIR-53, 55, 56; ), against `steelgrid_rules::encounter_budget`.

use steelgrid_rules::director::monster::{Difficulty, difficulty_of, hero_budget};
use steelgrid_rules::encounter_budget::{BudgetReport, report};
use steelgrid_rules::scenario;

/// A 12×4 room with a zone `gate` (`G`) and a zone `exit` (`E`), `creatures` and more top-level
/// `fields` (each followed by `, `).
fn budget(fields: &str, creatures: &[String]) -> BudgetReport {
    let src = format!(
        "Scenario(name: \"Budget\", map: (legend: {{'G': (zone: \"gate\"), 'E': (zone: \"exit\")}}, \
         rows: [\"G...........\", \"G...........\", \"...........E\", \"...........E\"]), \
         {fields}creatures: [{}])",
        creatures.join(", ")
    );
    match scenario::load("budget.ron", &src) {
        Ok(s) => report(&s),
        Err(problems) => panic!("{problems:?}\n{src}"),
    }
}

/// `count` heroes of `level` from column `x` on, four to a column, ids `{prefix}1`…
fn heroes_at(prefix: &str, x: i32, count: i32, level: u32) -> Vec<String> {
    (0..count)
        .map(|i| {
            format!(
                "(id: \"{prefix}{}\", side: Heroes, stamina: 30, hero: (level: {level}, recoveries: 8), position: ({}, {}))",
                i + 1,
                x + i / 4,
                i % 4
            )
        })
        .collect()
}

fn heroes(prefix: &str, count: i32, level: u32) -> Vec<String> {
    heroes_at(prefix, 1, count, level)
}

/// A Director creature at (x, y) priced by `price` (`monster: (…)`, `ev: N`, or nothing), with
/// `more` fields.
fn foe(id: &str, x: i32, y: i32, price: &str, more: &str) -> String {
    format!(
        "(id: \"{id}\", name: \"{id}\", side: Director, stamina: 20, position: ({x}, {y}), {price}, {more})"
    )
}

const LEADER: &str = "monster: (level: 1, organization: Leader)";
const MINION: &str = "monster: (level: 1, organization: Minion, role: Brute)";
const PLATOON: &str = "monster: (level: 1, organization: Platoon, role: Harrier)";

/// `count` level-1 minions called "Rabble" in column x, in `squad`.
fn minions(prefix: &str, x: i32, count: i32, squad: &str) -> Vec<String> {
    (0..count)
        .map(|i| {
            format!(
                "(id: \"{prefix}{}\", name: \"Rabble\", side: Director, stamina: 5, position: ({x}, {i}), {MINION}, squad: \"{squad}\")",
                i + 1
            )
        })
        .collect()
}

fn ids(r: &BudgetReport) -> Vec<(Vec<String>, u32)> {
    r.purchases.iter().map(|p| (p.ids.clone(), p.ev)).collect()
}

#[test]
fn five_level_1_heroes_budget_30_and_a_leader_with_four_minions_is_easy() {
    let mut creatures = heroes("h", 5, 1);
    creatures.push(foe("boss", 9, 0, LEADER, ""));
    creatures.extend(minions("m", 8, 4, "pack"));
    let r = budget("", &creatures);
    assert_eq!(r.hero_levels, [1; 5]);
    // seed 002 L4470-4487: 6 per level-1 hero; Easy and Hard rounded up
    assert_eq!(
        [
            r.budget.easy,
            r.budget.standard,
            r.budget.hard,
            r.budget.extreme
        ],
        [23, 30, 45, 60]
    );
    // A leader is 12; four level-1 minions are one set, 3 EV (DS-DIR-56, A-23).
    let m: Vec<String> = (1..=4).map(|i| format!("m{i}")).collect();
    assert_eq!(ids(&r), [(vec!["boss".to_owned()], 12), (m, 3)]);
    assert_eq!(r.ev, 15);
    assert_eq!(r.difficulty, Difficulty::Easy);
    assert_eq!(r.effective, Difficulty::Easy);
    assert!(r.unpriced.is_empty() && r.objective_steps.is_empty());
}

#[test]
fn ds_dir_56_two_squads_of_one_kind_are_bought_together_in_sets_of_four() {
    // Four level-1 heroes: 24. A leader (12), eight minions in two squads (2 sets, 6) and a
    // platoon harrier (6) spend it exactly: Standard.
    let mut creatures = heroes("h", 4, 1);
    creatures.push(foe("boss", 9, 0, LEADER, ""));
    creatures.extend(minions("a", 7, 4, "left"));
    creatures.extend(minions("b", 8, 4, "right"));
    creatures.push(foe("scout", 10, 3, PLATOON, ""));
    let r = budget("", &creatures);
    assert_eq!(r.budget.standard, 24);
    let rabble = &r.purchases[1];
    assert_eq!(rabble.ids, ["a1", "a2", "a3", "a4", "b1", "b2", "b3", "b4"]);
    assert_eq!(
        (rabble.each, rabble.ev, rabble.note.as_deref()),
        (3, 6, None)
    );
    assert_eq!(r.ev, 24);
    assert_eq!(r.difficulty, Difficulty::Standard);
}

#[test]
fn ds_dir_56_minions_short_of_a_set_are_priced_as_the_next_set_with_a_note() {
    let mut creatures = heroes("h", 4, 1);
    creatures.extend(minions("m", 8, 3, "pack"));
    let three = budget("", &creatures);
    assert_eq!(three.ev, 3);
    let note = three.purchases[0].note.as_deref().unwrap();
    assert!(
        note.contains("3 is not a whole number of sets of 4"),
        "{note}"
    );
    assert!(note.contains("priced as 4"), "{note}");

    let mut creatures = heroes("h", 4, 1);
    creatures.extend(minions("a", 7, 4, "left"));
    creatures.extend(minions("b", 8, 2, "right"));
    let six = budget("", &creatures);
    assert_eq!(six.ev, 6);
    assert!(
        six.purchases[0]
            .note
            .as_deref()
            .unwrap()
            .contains("priced as 8")
    );
}

#[test]
fn ds_dir_55_mixed_levels_each_hero_adds_its_own_level() {
    let mut creatures = heroes_at("a", 1, 3, 2);
    creatures.extend(heroes_at("b", 2, 1, 3));
    creatures.push(foe(
        "brute",
        9,
        0,
        "monster: (level: 3, organization: Elite, role: Brute)",
        "",
    ));
    let r = budget("", &creatures);
    // 8 + 8 + 8 + 10 = 34; Easy ⌈25.5⌉ = 26, Hard 51
    assert_eq!(
        (r.budget.easy, r.budget.standard, r.budget.hard),
        (26, 34, 51)
    );
    // A level-3 elite: (2 × 3 + 4) × 2 = 20, below Easy.
    assert_eq!((r.ev, r.difficulty), (20, Difficulty::Easy));
    let text = r.to_string();
    assert!(
        text.starts_with(
            "budget: 34 EV for 4 heroes (3 × level 2 at 8 EV, 1 × level 3 at 10 EV); Easy 26, Standard 34, Hard 51, Extreme 68"
        ),
        "{text}"
    );
}

#[test]
fn a_solo_is_hard_for_four_level_1_heroes_and_extreme_for_three() {
    let solo = foe(
        "dragon",
        9,
        0,
        "monster: (level: 1, organization: Solo)",
        "",
    );
    let four = budget("", &[heroes("h", 4, 1), vec![solo.clone()]].concat());
    assert_eq!((four.ev, four.difficulty), (36, Difficulty::Hard));
    let three = budget("", &[heroes("h", 3, 1), vec![solo]].concat());
    assert_eq!((three.ev, three.difficulty), (36, Difficulty::Extreme));
}

#[test]
fn a_written_ev_replaces_the_formula_and_an_unpriced_creature_stays_out_of_the_total() {
    let creatures = [
        heroes("h", 4, 1),
        vec![
            foe("odd", 9, 0, "ev: 5", ""),
            foe("over", 9, 1, "ev: 9", PLATOON),
            foe("plain", 9, 2, "free_strike: 2", ""),
            foe("fake", 9, 3, PLATOON, "minion: true"),
            foe(
                "big",
                10,
                0,
                "monster: (level: 1, organization: Minion, role: Brute)",
                "",
            ),
        ],
    ]
    .concat();
    let r = budget("", &creatures);
    assert_eq!(
        ids(&r),
        [(vec!["odd".to_owned()], 5), (vec!["over".to_owned()], 9)]
    );
    assert_eq!(r.purchases[0].monster, None);
    assert_eq!(r.ev, 14);
    let unpriced: Vec<&str> = r.unpriced.iter().map(|u| u.id.as_str()).collect();
    assert_eq!(unpriced, ["plain", "fake", "big"]);
    assert!(r.unpriced[0].reason.contains("no `monster"));
    assert!(r.unpriced[1].reason.contains("organization is Platoon"));
    assert!(r.unpriced[2].reason.contains("no minion"));
    assert!(r.to_string().contains("not priced, not in the EV: `plain`"));
}

#[test]
fn scripted_reinforcements_are_priced_apart_from_the_difficulty() {
    let creatures = [heroes("h", 4, 1), vec![foe("boss", 9, 0, LEADER, "")]].concat();
    let script = format!(
        "script: [(when: Round(2), then: [Spawn({})])], ",
        foe("late", 10, 1, PLATOON, "")
    );
    let r = budget(&script, &creatures);
    assert_eq!(r.ev, 12);
    assert_eq!(r.difficulty, Difficulty::Easy);
    assert_eq!(r.reinforcements.len(), 1);
    assert_eq!(
        (r.reinforcements[0].ids.as_slice(), r.reinforcements[0].ev),
        (["late".to_owned()].as_slice(), 6)
    );
    assert!(
        r.to_string()
            .contains("scripted reinforcements, not in the EV: 6 EV")
    );
}

/// Four level-1 heroes (24) against a leader (12) and a platoon `scout` (6): 18 EV, Easy.
fn objective(objectives: &str) -> BudgetReport {
    let creatures = [
        heroes("h", 4, 1),
        vec![
            foe("boss", 9, 0, LEADER, ""),
            foe("scout", 9, 2, PLATOON, ""),
        ],
    ]
    .concat();
    budget(&format!("objectives: [{objectives}], "), &creatures)
}

fn steps(r: &BudgetReport) -> Vec<i32> {
    r.objective_steps.iter().map(|s| s.steps).collect()
}

#[test]
fn defeat_a_specific_foe_is_easier_when_the_foe_is_a_third_of_the_ev_or_less() {
    // seed 002 L4561: the scout is 6 of 18, a third: one step easier.
    let scout = objective("DefeatSpecificFoe(creature: \"scout\")");
    assert_eq!(scout.difficulty, Difficulty::Easy);
    assert_eq!(steps(&scout), [-1]);
    // The leader is 12 of 18: no step.
    let boss = objective("DefeatSpecificFoe(creature: \"boss\")");
    assert_eq!(steps(&boss), [0]);
    assert!(boss.to_string().contains("more than a third of the 18 EV"));
}

#[test]
fn a_20_objective_steps_are_summed_and_clamped() {
    // Hold 5 rounds (+1), stop the action in 2 rounds (+1 for the time, -1 for the one foe) and
    // complete it in 5 rounds (+1): Easy + 2 = Hard.
    let r = objective(
        "HoldThemOff(zone: \"gate\", rounds: 5), StopTheAction(foe: \"boss\", rounds: 2), CompleteTheAction(zone: \"gate\", tasks: 3, rounds: 5)",
    );
    assert_eq!(steps(&r), [1, 0, 1]);
    assert_eq!(
        (r.difficulty, r.effective),
        (Difficulty::Easy, Difficulty::Hard)
    );
    assert!(r.to_string().contains("with the objectives: Hard"));
    // Stop the Action in 3 rounds and Complete the Action in 2: two steps easier, Easy stays.
    let easy = objective(
        "StopTheAction(foe: \"boss\"), CompleteTheAction(zone: \"gate\", tasks: 3, rounds: 2), HoldThemOff(zone: \"gate\")",
    );
    assert_eq!(steps(&easy), [-1, -1, 0]);
    assert_eq!(easy.effective, Difficulty::Easy);
}

#[test]
fn get_the_thing_held_by_an_enemy_is_harder_and_undecidable_modifiers_are_named() {
    let held = objective("GetTheThing(carrier: \"scout\", exit: \"exit\")");
    assert_eq!(steps(&held), [1]);
    assert_eq!(held.effective, Difficulty::Standard);
    let lying = objective(
        "GetTheThing(at: (5, 1), exit: \"exit\"), DestroyTheThing(creatures: [\"scout\"]), DiminishNumbers",
    );
    assert!(lying.objective_steps.is_empty());
    assert_eq!(lying.not_assessed.len(), 2);
    assert!(lying.not_assessed[1].starts_with("Destroy the Thing"));
    assert!(lying.to_string().contains("not assessed: Get the Thing"));
}

#[test]
fn ds_dir_x1_a_retainer_counts_as_one_more_hero_of_its_level() {
    // seed 002 L4766: four level-2 heroes and a level-2 retainer buy five heroes' 8 EV each.
    let mut creatures = heroes("h", 4, 2);
    creatures.push("(id: \"guide\", side: Heroes, stamina: 24, position: (3, 0), retainer_of: Some(\"h1\"), monster: (level: 2, organization: Platoon, role: Harrier))".into());
    creatures.push(foe("boss", 9, 0, LEADER, ""));
    let r = budget("", &creatures);
    assert_eq!(r.hero_levels, [2; 4]);
    assert_eq!(r.budget.standard, 40);
    let text = r.to_string();
    assert!(
        text.starts_with("budget: 40 EV for 5 heroes (5 × level 2 at 8 EV)"),
        "{text}"
    );
    assert!(text.contains("counted as a hero: `guide`, level 2: a retainer of `h1`: one more hero of its level (seed 002 L4766)"), "{text}");
    // Without a level of its own, it takes its mentor's.
    let mut creatures = heroes("h", 4, 2);
    creatures.push(
        "(id: \"guide\", side: Heroes, stamina: 24, position: (3, 0), retainer_of: Some(\"h1\"))"
            .into(),
    );
    creatures.push(foe("boss", 9, 0, LEADER, ""));
    assert_eq!(budget("", &creatures).budget.standard, 40);
}

#[test]
fn ds_dir_x2_a_willing_ally_to_save_as_strong_as_the_heroes_counts_as_one_more_hero() {
    // seed 002 L4584: the knight (level 2, on the heroes' side) counts; the villager (level 1)
    // does not; a Director-side prisoner is no ally; a ward without a level is named.
    let ward = |id: &str, y: i32, side: &str, level: Option<u32>| {
        let monster = level.map_or(String::new(), |l| {
            format!(", monster: (level: {l}, organization: Platoon, role: Defender)")
        });
        format!("(id: \"{id}\", side: {side}, stamina: 20, position: (5, {y}){monster})")
    };
    let mut creatures = heroes("h", 4, 2);
    creatures.extend([
        ward("knight", 0, "Heroes", Some(2)),
        ward("villager", 1, "Heroes", Some(1)),
        ward("prisoner", 2, "Director", Some(3)),
        ward("child", 3, "Heroes", None),
        foe("boss", 9, 0, LEADER, ""),
    ]);
    let r = budget(
        "objectives: [SaveAnother(wards: [\"knight\", \"villager\", \"prisoner\", \"child\"], exit: \"exit\")], ",
        &creatures,
    );
    assert_eq!(
        r.extra_heroes
            .iter()
            .map(|x| (x.id.as_str(), x.level))
            .collect::<Vec<_>>(),
        [("knight", 2)]
    );
    assert_eq!(r.budget.standard, 40);
    assert_eq!(
        r.not_assessed,
        [
            "Save Another: `child` is a willing ally with no `monster` level, so whether it counts as one more hero is unknown (seed 002 L4584)"
        ]
    );
}

/// Every shipped scenario loads, every Director creature in it is priced, and its figures add
/// up; the Briar Warden's hollow prices five level-1 heroes, the warden and her rabble.
#[test]
fn the_shipped_scenarios_report_their_budgets() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
    let mut reports = std::collections::BTreeMap::new();
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        // The other rulesets' scenarios live in folders of their own.
        if path.is_dir() {
            continue;
        }
        let src = std::fs::read_to_string(&path).unwrap();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let loaded = scenario::load(&name, &src).unwrap_or_else(|p| panic!("{p:?}"));
        let r = report(&loaded);
        assert!(!r.hero_levels.is_empty(), "{name}");
        assert_eq!(r.unpriced, [], "{name}");
        let extra = r.extra_heroes.iter().map(|x| x.level);
        let standard: u32 = r
            .hero_levels
            .iter()
            .copied()
            .chain(extra)
            .map(hero_budget)
            .sum();
        assert_eq!(r.budget.standard, standard, "{name}");
        assert_eq!(
            r.ev,
            r.purchases.iter().map(|p| p.ev).sum::<u32>(),
            "{name}"
        );
        assert_eq!(r.difficulty, difficulty_of(r.ev, &r.budget), "{name}");
        reports.insert(name, r);
    }
    let briar = &reports["briar_warden.ron"];
    assert_eq!(briar.hero_levels, [1; 5]);
    assert_eq!(briar.budget.standard, 30);
    let warden = &briar.purchases[0];
    assert_eq!(
        (warden.ids.as_slice(), warden.ev),
        (["warden".to_owned()].as_slice(), 12)
    );
    let rabble = briar.purchases.iter().find(|p| p.minion).unwrap();
    assert_eq!((rabble.each, rabble.note.as_deref()), (3, None));
    assert_eq!(rabble.ev, 3 * rabble.ids.len() as u32 / 4);
}

#[test]
fn ds_dir_x9_each_priced_creature_is_compared_with_its_formula() {
    let mut creatures = heroes("h", 4, 1);
    // Three of one kind, the third with the formula's Stamina.
    for (id, y, stamina) in [("a", 0, 20), ("b", 1, 20), ("c", 2, 30)] {
        creatures.push(format!(
            "(id: \"{id}\", name: \"Harrier\", side: Director, stamina: {stamina}, \
             position: (9, {y}), {PLATOON}, free_strike: 3, characteristics: (agility: 2), \
             abilities: [\"thorn_slash\"])"
        ));
    }
    creatures.push(foe("d", 9, 3, "ev: 6", ""));
    let r = budget("", &creatures);
    let line = &r.purchases[0];
    assert_eq!(line.ids, ["a", "b", "c"]);
    let [short, full] = &line.deviations[..] else {
        panic!("{:?}", line.deviations);
    };
    assert_eq!(short.ids, ["a", "b"]);
    assert_eq!((short.stamina.written, short.stamina.formula), (20, 30));
    assert_eq!(full.ids, ["c"]);
    assert_eq!((full.stamina.written, full.stamina.formula), (30, 30));
    // Thorn Slash deals 3 / 5 / 7 with no characteristic; a level-1 platoon harrier's strike
    // is 5 / 7.5 / 9, rounded up (seed 002 L4717, L4726-4728).
    let slash = short.ability.as_ref().unwrap();
    assert_eq!((slash.written, slash.formula), ([3, 5, 7], [5, 8, 9]));
    assert_eq!(
        short.to_string(),
        "vs the formula: Stamina 20 vs 30 (-10), free strike 3 (=), highest characteristic 2 (=), \
         Thorn Slash 3 / 5 / 7 vs 5 / 8 / 9 (-2 / -3 / -2)"
    );
    // An EV written out has no formula to compare with.
    assert!(r.purchases[1].deviations.is_empty());
    let text = r.to_string();
    assert!(
        text.contains("\n         a, b: vs the formula: Stamina 20 vs 30"),
        "{text}"
    );
}
