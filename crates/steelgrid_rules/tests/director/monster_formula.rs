//! Monster formulas and encounter budgets from the Director digest (§10, §11, §14; DS-DIR-53,
//! 55, 56, 58, 61, 62, 64, 65, 67, 68; ), against `steelgrid_rules::director::monster`,
//! and the readings of the formulas (DS-DIR-X1 to X8, `docs/monster-formula.md`).

use steelgrid_rules::director::monster::reading::{FreeStrike, Halving, Rounding};
use steelgrid_rules::director::monster::{
    Difficulty, EncounterBudget, MonsterFormula, Organization, Reading, Role, average_party_level,
    difficulty_of, hero_budget, minion_ev, object_stamina, stamina_for_role_mod,
};

/// The default reading: the seed, and the best fit where it is silent.
const SEED: Reading = Reading::SEED;
/// The rules digest's reading, which its worked cases round with.
const DIGEST: Reading = Reading::DIGEST;

fn formula(level: u32, organization: Organization, role: Option<Role>) -> MonsterFormula {
    MonsterFormula {
        level,
        organization,
        role,
    }
}

/// The unrounded damage at tiers 1, 2 and 3.
fn exact(f: &MonsterFormula, reading: Reading, strike: bool, targets: u32) -> [f64; 3] {
    [1, 2, 3].map(|tier| f.damage_exact(reading, tier, strike, targets))
}

/// The rounded damage at tiers 1, 2 and 3.
fn rounded(f: &MonsterFormula, reading: Reading, strike: bool, targets: u32) -> [u32; 3] {
    [1, 2, 3].map(|tier| f.damage(reading, tier, strike, targets))
}

fn assert_close(actual: [f64; 3], expected: [f64; 3]) {
    for (a, e) in actual.iter().zip(expected) {
        assert!((a - e).abs() < 1e-9, "{actual:?} != {expected:?}");
    }
}

fn potencies(f: &MonsterFormula, reading: Reading) -> [u32; 3] {
    [1, 2, 3].map(|tier| f.potency(reading, tier))
}

// ---- Encounter budgets and objectives ----

#[test]
fn ds_dir_53_four_level_1_heroes_budget() {
    let budget = EncounterBudget::from_hero_levels(&[1, 1, 1, 1]);
    assert_eq!(
        budget,
        EncounterBudget {
            easy: 18,
            standard: 24,
            hard: 36,
            extreme: 48,
        }
    );
    assert_eq!(budget.at(Difficulty::Easy), 18);
    assert_eq!(budget.at(Difficulty::Standard), 24);
    assert_eq!(budget.at(Difficulty::Hard), 36);
    assert_eq!(budget.at(Difficulty::Extreme), 48);
}

#[test]
fn hero_budget_per_level_matches_the_seed_list() {
    let per_level: Vec<u32> = (1..=10).map(hero_budget).collect();
    assert_eq!(per_level, [6, 8, 10, 12, 14, 16, 18, 20, 22, 24]);
}

#[test]
fn ds_dir_55_three_level_2_heroes_a_level_3_hero_and_a_level_3_retainer() {
    // The retainer is listed as a hero of its level by the caller (L4766).
    let budget = EncounterBudget::from_hero_levels(&[2, 2, 2, 3, 3]);
    assert_eq!(budget.standard, 44);
    assert_eq!(budget.easy, 33);
    assert_eq!(budget.hard, 66);
    assert_eq!(budget.extreme, 88);
}

#[test]
fn a_20_easy_and_hard_budgets_round_up() {
    // One level-1 hero: 6 × 0.75 = 4.5 → 5; two level-1 heroes and one level-2: 20 × 1.5 = 30.
    let one = EncounterBudget::from_hero_levels(&[1]);
    assert_eq!(
        (one.easy, one.standard, one.hard, one.extreme),
        (5, 6, 9, 12)
    );
    // 6 + 8 = 14: 10.5 → 11 and 21.
    let two = EncounterBudget::from_hero_levels(&[1, 2]);
    assert_eq!((two.easy, two.hard), (11, 21));
}

#[test]
fn ds_dir_56_minions_are_priced_by_the_formula_in_sets_of_four() {
    let spinecleaver = formula(1, Organization::Minion, Some(Role::Brute));
    assert_eq!(minion_ev(&spinecleaver, 8), Ok(6));
    assert_eq!(minion_ev(&spinecleaver, 4), Ok(3));
    assert_eq!(minion_ev(&spinecleaver, 0), Ok(0));
    let six = minion_ev(&spinecleaver, 6).unwrap_err();
    assert!(six.contains("buy 4 or 8"), "{six}");
    assert!(minion_ev(&spinecleaver, 5).is_err());
    let platoon = formula(1, Organization::Platoon, Some(Role::Harrier));
    assert!(minion_ev(&platoon, 4).is_err());
}

#[test]
fn ds_dir_58_destroy_the_thing_object_stamina_and_steps() {
    assert_eq!(object_stamina(3), 105);
    // a mixed party uses its average level, rounded down.
    assert_eq!(average_party_level(&[3, 3, 4, 3]), Some(3));
    assert_eq!(
        object_stamina(average_party_level(&[3, 3, 4, 3]).unwrap()),
        105
    );
    // Hidden + held: one step harder; no special defence: one step easier.
    assert_eq!(Difficulty::Standard.harder(), Difficulty::Hard);
    assert_eq!(Difficulty::Standard.easier(), Difficulty::Easy);
}

#[test]
fn difficulty_steps_clamp_at_easy_and_extreme() {
    assert_eq!(Difficulty::Extreme.harder(), Difficulty::Extreme);
    assert_eq!(Difficulty::Easy.easier(), Difficulty::Easy);
    assert_eq!(Difficulty::Hard.harder(), Difficulty::Extreme);
    assert_eq!(Difficulty::Hard.easier(), Difficulty::Standard);
    // several objectives sum their steps, then clamp.
    assert_eq!(Difficulty::Standard.shifted(0), Difficulty::Standard);
    assert_eq!(Difficulty::Standard.shifted(2), Difficulty::Extreme);
    assert_eq!(Difficulty::Standard.shifted(5), Difficulty::Extreme);
    assert_eq!(Difficulty::Hard.shifted(-2), Difficulty::Easy);
    assert_eq!(Difficulty::Easy.shifted(-3), Difficulty::Easy);
    assert_eq!(Difficulty::Easy.shifted(1), Difficulty::Standard);
}

#[test]
fn difficulty_of_spent_ev_is_the_band_at_or_below() {
    let budget = EncounterBudget::from_hero_levels(&[1, 1, 1, 1]); // 18 / 24 / 36 / 48
    assert_eq!(difficulty_of(0, &budget), Difficulty::Easy);
    assert_eq!(difficulty_of(18, &budget), Difficulty::Easy);
    assert_eq!(difficulty_of(23, &budget), Difficulty::Easy);
    assert_eq!(difficulty_of(24, &budget), Difficulty::Standard);
    assert_eq!(difficulty_of(35, &budget), Difficulty::Standard);
    assert_eq!(difficulty_of(36, &budget), Difficulty::Hard);
    assert_eq!(difficulty_of(48, &budget), Difficulty::Extreme);
    assert_eq!(difficulty_of(100, &budget), Difficulty::Extreme);
    // The seed's worked example (L4534-4540) at formula prices: 8 + 4 minions and 2 scouts.
    let minions = minion_ev(&formula(1, Organization::Minion, Some(Role::Brute)), 8).unwrap()
        + minion_ev(&formula(1, Organization::Minion, Some(Role::Artillery)), 4).unwrap();
    let scouts = 2 * formula(1, Organization::Platoon, Some(Role::Harrier)).ev();
    assert_eq!(minions + scouts, 21);
    assert_eq!(difficulty_of(minions + scouts, &budget), Difficulty::Easy);
}

// ---- Monster formulas ----

// The cases' unrounded numbers are the seed's arithmetic and hold under both readings; their
// rounded damage and free strikes are the digest's (A-24 floor, A-26 a strike's tier 1), asserted
// under `DIGEST`. The default reading's are the DS-DIR-X cases below.

#[test]
fn ds_dir_61_level_1_platoon_harrier() {
    let f = formula(1, Organization::Platoon, Some(Role::Harrier));
    assert!(f.problems().is_empty());
    assert_eq!(f.ev(), 6);
    assert_eq!(f.stamina(), 30);
    assert_eq!(f.default_targets(), 1);
    for reading in [SEED, DIGEST] {
        assert_eq!(f.highest_characteristic(reading), 2);
        assert_close(exact(&f, reading, true, 1), [5.0, 7.5, 9.0]);
        assert_eq!(potencies(&f, reading), [0, 1, 2]);
    }
    assert_eq!(rounded(&f, DIGEST, true, 1), [5, 7, 9]);
    assert_eq!(f.free_strike(DIGEST), 5);
}

#[test]
fn ds_dir_62_level_1_minion_brute() {
    let f = formula(1, Organization::Minion, Some(Role::Brute));
    assert!(f.problems().is_empty());
    assert_eq!(f.ev(), 3); // per set of 4
    assert_eq!(f.stamina(), 5); // ⌈(10 + 30) × 0.125⌉, one minion
    assert_close(exact(&f, DIGEST, true, 1), [2.8, 4.3, 5.2]);
    assert_eq!(rounded(&f, DIGEST, true, 1), [2, 4, 5]);
    assert_eq!(f.free_strike(DIGEST), 2);
}

#[test]
fn ds_dir_64_level_10_solo() {
    let f = formula(10, Organization::Solo, None);
    assert!(f.problems().is_empty());
    assert_eq!(f.ev(), 144);
    assert_eq!(f.stamina(), 650);
    assert_eq!(f.default_targets(), 2);
    for reading in [SEED, DIGEST] {
        assert_eq!(f.highest_characteristic(reading), 5);
        assert_close(exact(&f, reading, true, 2), [14.6, 22.6, 27.4]);
        assert_close(exact(&f, reading, true, 3), [11.68, 18.08, 21.92]);
        assert_close(exact(&f, reading, true, 4), [7.3, 11.3, 13.7]);
        assert_close(exact(&f, reading, true, 6), [7.3, 11.3, 13.7]);
        // fewer targets than the default of 2 → × 1.2.
        assert_close(exact(&f, reading, true, 1), [17.52, 27.12, 32.88]);
    }
    assert_eq!(rounded(&f, DIGEST, true, 2), [14, 22, 27]);
    assert_eq!(rounded(&f, DIGEST, true, 3), [11, 18, 21]);
    assert_eq!(rounded(&f, DIGEST, true, 4), [7, 11, 13]);
    assert_eq!(f.free_strike(DIGEST), 14);
}

#[test]
fn ds_dir_65_level_3_leader() {
    let f = formula(3, Organization::Leader, None);
    assert!(f.problems().is_empty());
    assert_eq!(f.ev(), 20);
    assert_eq!(f.stamina(), 120);
    assert_eq!(f.damage_mod(), 1);
    assert_eq!(f.role_mod(), 30);
    for reading in [SEED, DIGEST] {
        assert_eq!(f.highest_characteristic(reading), 2);
        assert_close(exact(&f, reading, true, 2), [6.8, 10.8, 13.2]);
    }
    assert_eq!(rounded(&f, DIGEST, true, 2), [6, 10, 13]);
    assert_eq!(f.free_strike(DIGEST), 6);
}

#[test]
fn ds_dir_67_level_2_minion_brute_squad_pool() {
    let f = formula(2, Organization::Minion, Some(Role::Brute));
    assert_eq!(f.stamina(), 7); // ⌈50 × 0.125⌉ = ⌈6.25⌉
    assert_eq!(8 * f.stamina(), 56);
}

#[test]
fn ds_dir_68_level_7_characteristic_and_potency() {
    let f = formula(7, Organization::Platoon, Some(Role::Hexer));
    assert_eq!(f.echelon(), 3);
    for reading in [SEED, DIGEST, Reading::PUBLISHED] {
        assert_eq!(f.highest_characteristic(reading), 4);
        assert_eq!(potencies(&f, reading), [2, 3, 4]);
    }
}

#[test]
fn a_27_optional_characteristic_bonus_for_leaders_and_solos_only() {
    let bonus = Reading::PUBLISHED;
    assert!(bonus.leader_solo_bonus);
    let leader = formula(1, Organization::Leader, None);
    assert_eq!(leader.highest_characteristic(bonus), 3);
    // At most 5 (seed 002 L641): a level-10 solo stays at 5.
    let solo = formula(10, Organization::Solo, None);
    assert_eq!(solo.highest_characteristic(bonus), 5);
    let elite = formula(1, Organization::Elite, Some(Role::Brute));
    assert_eq!(elite.highest_characteristic(bonus), 2);
    // The default stays on the formula (seed 002 L4733).
    assert_eq!(leader.highest_characteristic(SEED), 2);
}

#[test]
fn elite_stacks_with_its_role_and_leader_solo_use_their_own_rows() {
    let elite_brute = formula(1, Organization::Elite, Some(Role::Brute));
    assert_eq!((elite_brute.role_mod(), elite_brute.damage_mod()), (30, 2));
    let elite_hexer = formula(1, Organization::Elite, Some(Role::Hexer));
    assert_eq!((elite_hexer.role_mod(), elite_hexer.damage_mod()), (10, 1));
    assert_eq!(elite_brute.default_targets(), 2);
    let solo = formula(1, Organization::Solo, None);
    assert_eq!((solo.role_mod(), solo.damage_mod()), (30, 2));
    let leader = formula(1, Organization::Leader, None);
    assert_eq!((leader.role_mod(), leader.damage_mod()), (30, 1));
    // Every role's row (L4692-4700) on a platoon.
    let rows = [
        (Role::Ambusher, 20, 1),
        (Role::Artillery, 10, 1),
        (Role::Brute, 30, 1),
        (Role::Controller, 10, 0),
        (Role::Defender, 30, 0),
        (Role::Harrier, 20, 0),
        (Role::Hexer, 10, 0),
        (Role::Mount, 20, 0),
        (Role::Support, 20, 0),
    ];
    for (role, role_mod, damage_mod) in rows {
        let f = formula(1, Organization::Platoon, Some(role));
        assert_eq!(
            (f.role_mod(), f.damage_mod()),
            (role_mod, damage_mod),
            "{role:?}"
        );
    }
}

#[test]
fn horde_damage_is_halved_and_damage_is_at_least_1() {
    // Level-1 horde harrier strike: (5 × mult + 2) / 2 = 2.5 / 3.75 / 4.5 (digest §14.7).
    let warrior = formula(1, Organization::Horde, Some(Role::Harrier));
    assert_close(exact(&warrior, DIGEST, true, 1), [2.5, 3.75, 4.5]);
    assert_eq!(rounded(&warrior, DIGEST, true, 1), [2, 3, 4]);
    // A level-1 minion controller's non-strike tier 1 against 3 targets: 3 / 2 × 0.5 = 0.75.
    let minion = formula(1, Organization::Minion, Some(Role::Controller));
    for reading in [SEED, DIGEST] {
        assert!((minion.damage_exact(reading, 1, false, 3) - 0.75).abs() < 1e-9);
        assert_eq!(minion.damage(reading, 1, false, 3), 1);
    }
    // One target more than the default of 1 → × 0.8: 1.5 × 0.8 = 1.2.
    assert_eq!(minion.damage(DIGEST, 1, false, 2), 1);
    assert_eq!(minion.damage(SEED, 1, false, 2), 2);
}

/// Digest §14.3 EV table: L, hero share, minion (per 4) / horde, platoon, elite / leader, solo.
#[rustfmt::skip]
const EV_TABLE: [[u32; 6]; 10] = [
    [1, 6, 3, 6, 12, 36],
    [2, 8, 4, 8, 16, 48],
    [3, 10, 5, 10, 20, 60],
    [4, 12, 6, 12, 24, 72],
    [5, 14, 7, 14, 28, 84],
    [6, 16, 8, 16, 32, 96],
    [7, 18, 9, 18, 36, 108],
    [8, 20, 10, 20, 40, 120],
    [9, 22, 11, 22, 44, 132],
    [10, 24, 12, 24, 48, 144],
];

#[test]
fn ev_table_matches_the_digest_cell_by_cell() {
    for [level, share, minion_horde, platoon, elite_leader, solo] in EV_TABLE {
        let ev = |organization, role| formula(level, organization, role).ev();
        let role = Some(Role::Brute);
        assert_eq!(hero_budget(level), share, "L{level} hero share");
        assert_eq!(
            ev(Organization::Minion, role),
            minion_horde,
            "L{level} minion"
        );
        assert_eq!(
            ev(Organization::Horde, role),
            minion_horde,
            "L{level} horde"
        );
        assert_eq!(ev(Organization::Platoon, role), platoon, "L{level} platoon");
        assert_eq!(
            ev(Organization::Elite, role),
            elite_leader,
            "L{level} elite"
        );
        assert_eq!(
            ev(Organization::Leader, None),
            elite_leader,
            "L{level} leader"
        );
        assert_eq!(ev(Organization::Solo, None), solo, "L{level} solo");
    }
}

/// Digest §14.3 Stamina table: L, then minion (each), horde, platoon, elite / leader and solo,
/// each at Role Mod +10 / +20 / +30.
#[rustfmt::skip]
const STAMINA_TABLE: [(u32, [[u32; 3]; 5]); 10] = [
    (1, [[3, 4, 5], [10, 15, 20], [20, 30, 40], [40, 60, 80], [100, 150, 200]]),
    (2, [[4, 5, 7], [15, 20, 25], [30, 40, 50], [60, 80, 100], [150, 200, 250]]),
    (3, [[5, 7, 8], [20, 25, 30], [40, 50, 60], [80, 100, 120], [200, 250, 300]]),
    (4, [[7, 8, 9], [25, 30, 35], [50, 60, 70], [100, 120, 140], [250, 300, 350]]),
    (5, [[8, 9, 10], [30, 35, 40], [60, 70, 80], [120, 140, 160], [300, 350, 400]]),
    (6, [[9, 10, 12], [35, 40, 45], [70, 80, 90], [140, 160, 180], [350, 400, 450]]),
    (7, [[10, 12, 13], [40, 45, 50], [80, 90, 100], [160, 180, 200], [400, 450, 500]]),
    (8, [[12, 13, 14], [45, 50, 55], [90, 100, 110], [180, 200, 220], [450, 500, 550]]),
    (9, [[13, 14, 15], [50, 55, 60], [100, 110, 120], [200, 220, 240], [500, 550, 600]]),
    (10, [[14, 15, 17], [55, 60, 65], [110, 120, 130], [220, 240, 260], [550, 600, 650]]),
];

#[test]
fn stamina_table_matches_the_digest_cell_by_cell() {
    let columns = [
        Organization::Minion,
        Organization::Horde,
        Organization::Platoon,
        Organization::Elite,
        Organization::Solo,
    ];
    // A role for each Role Mod column: +10, +20, +30.
    let roles = [Role::Artillery, Role::Harrier, Role::Brute];
    for (level, row) in STAMINA_TABLE {
        for (organization, cells) in columns.into_iter().zip(row) {
            for ((role_mod, role), expected) in [10, 20, 30].into_iter().zip(roles).zip(cells) {
                let at = format!("L{level} {organization:?} +{role_mod}");
                assert_eq!(
                    stamina_for_role_mod(level, role_mod, organization),
                    expected,
                    "{at}"
                );
                // Through a valid formula wherever one reaches the cell: solos only at +30.
                if organization != Organization::Solo {
                    let f = formula(level, organization, Some(role));
                    assert_eq!(f.stamina(), expected, "{at}");
                }
            }
        }
        // Leaders and solos always use +30 (the last entry of their column).
        assert_eq!(
            formula(level, Organization::Leader, None).stamina(),
            row[3][2],
            "L{level} leader"
        );
        assert_eq!(
            formula(level, Organization::Solo, None).stamina(),
            row[4][2],
            "L{level} solo"
        );
    }
}

/// Digest §14.4: L, C, then (4 + L + DamageMod) × 0.6 / 1.1 / 1.4 at DamageMod +0, +1, +2.
#[rustfmt::skip]
const BASE_DAMAGE_TABLE: [(u32, u32, [[f64; 3]; 3]); 10] = [
    (1, 2, [[3.0, 5.5, 7.0], [3.6, 6.6, 8.4], [4.2, 7.7, 9.8]]),
    (2, 2, [[3.6, 6.6, 8.4], [4.2, 7.7, 9.8], [4.8, 8.8, 11.2]]),
    (3, 2, [[4.2, 7.7, 9.8], [4.8, 8.8, 11.2], [5.4, 9.9, 12.6]]),
    (4, 3, [[4.8, 8.8, 11.2], [5.4, 9.9, 12.6], [6.0, 11.0, 14.0]]),
    (5, 3, [[5.4, 9.9, 12.6], [6.0, 11.0, 14.0], [6.6, 12.1, 15.4]]),
    (6, 3, [[6.0, 11.0, 14.0], [6.6, 12.1, 15.4], [7.2, 13.2, 16.8]]),
    (7, 4, [[6.6, 12.1, 15.4], [7.2, 13.2, 16.8], [7.8, 14.3, 18.2]]),
    (8, 4, [[7.2, 13.2, 16.8], [7.8, 14.3, 18.2], [8.4, 15.4, 19.6]]),
    (9, 4, [[7.8, 14.3, 18.2], [8.4, 15.4, 19.6], [9.0, 16.5, 21.0]]),
    (10, 5, [[8.4, 15.4, 19.6], [9.0, 16.5, 21.0], [9.6, 17.6, 22.4]]),
];

#[test]
fn base_damage_table_matches_the_digest_cell_by_cell() {
    for (level, c, [plus_0, plus_1, plus_2]) in BASE_DAMAGE_TABLE {
        // Damage Mod +0 (platoon harrier), +1 (platoon brute), +2 (elite brute, 2 targets).
        let harrier = formula(level, Organization::Platoon, Some(Role::Harrier));
        let brute = formula(level, Organization::Platoon, Some(Role::Brute));
        let elite = formula(level, Organization::Elite, Some(Role::Brute));
        assert_eq!(harrier.highest_characteristic(SEED), c, "L{level} C");
        assert_close(exact(&harrier, SEED, false, 1), plus_0);
        assert_close(exact(&brute, SEED, false, 1), plus_1);
        assert_close(exact(&elite, SEED, false, 2), plus_2);
        // A strike adds C to every tier.
        assert_close(
            exact(&harrier, SEED, true, 1),
            plus_0.map(|d| d + f64::from(c)),
        );
    }
}

#[test]
fn problems_report_invalid_combinations() {
    let ok = [
        formula(1, Organization::Minion, Some(Role::Brute)),
        formula(5, Organization::Horde, Some(Role::Support)),
        formula(10, Organization::Platoon, Some(Role::Mount)),
        formula(3, Organization::Elite, Some(Role::Defender)),
        formula(3, Organization::Leader, None),
        formula(10, Organization::Solo, None),
    ];
    for f in ok {
        assert_eq!(f.problems(), Vec::<String>::new(), "{f:?}");
    }
    let bad = [
        formula(0, Organization::Platoon, Some(Role::Brute)),
        formula(11, Organization::Platoon, Some(Role::Brute)),
        formula(1, Organization::Leader, Some(Role::Brute)),
        formula(1, Organization::Solo, Some(Role::Hexer)),
        formula(1, Organization::Minion, None),
        formula(1, Organization::Horde, None),
        formula(1, Organization::Platoon, None),
        formula(1, Organization::Elite, None),
    ];
    for f in bad {
        assert_eq!(f.problems().len(), 1, "{f:?}: {:?}", f.problems());
    }
    let both = formula(0, Organization::Solo, Some(Role::Brute)).problems();
    assert_eq!(both.len(), 2, "{both:?}");
    assert!(both[0].contains("outside 1-10"), "{both:?}");
    assert!(both[1].contains("no other role"), "{both:?}");
}

#[test]
fn formulas_read_from_ron_with_plain_variant_names() {
    let options =
        ron::Options::default().with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME);
    let minion: MonsterFormula = options
        .from_str("(level: 1, organization: Minion, role: Brute)")
        .unwrap();
    assert_eq!(minion, formula(1, Organization::Minion, Some(Role::Brute)));
    let solo: MonsterFormula = options.from_str("(level: 10, organization: Solo)").unwrap();
    assert_eq!(solo, formula(10, Organization::Solo, None));
    let unknown: Result<MonsterFormula, _> =
        options.from_str("(level: 1, organization: Solo, ev: 36)");
    assert!(unknown.is_err());
}

// ---- Readings of the formulas (docs/monster-formula.md) ----

#[test]
fn ds_dir_x1_damage_rounds_up_like_ev_and_stamina() {
    // Seed 002 L4717 rounds fractions up; the default reads damage the same way.
    let harrier = formula(1, Organization::Platoon, Some(Role::Harrier));
    assert_eq!(SEED.rounding, Rounding::Up);
    assert_eq!(rounded(&harrier, SEED, true, 1), [5, 8, 9]); // 5 / 7.5 / 9
    let leader = formula(3, Organization::Leader, None);
    assert_eq!(rounded(&leader, SEED, true, 2), [7, 11, 14]); // 6.8 / 10.8 / 13.2
    let solo = formula(10, Organization::Solo, None);
    assert_eq!(rounded(&solo, SEED, true, 2), [15, 23, 28]);
    assert_eq!(rounded(&solo, SEED, true, 3), [12, 19, 22]);
    assert_eq!(rounded(&solo, SEED, true, 4), [8, 12, 14]);
    // To the nearest, halves up: the digest's goblin warrior (§14.7) in the digest's order.
    let nearest = Reading {
        rounding: Rounding::Nearest,
        ..DIGEST
    };
    let warrior = formula(1, Organization::Horde, Some(Role::Harrier));
    assert_eq!(rounded(&warrior, nearest, true, 1), [3, 4, 5]); // 2.5 / 3.75 / 4.5
    assert_eq!(rounded(&harrier, nearest, true, 1), [5, 8, 9]);
}

#[test]
fn ds_dir_x2_hordes_halve_before_the_characteristic() {
    let warrior = formula(1, Organization::Horde, Some(Role::Harrier));
    assert_eq!(SEED.halving, Halving::BeforeCharacteristic);
    // 5 × mult / 2 + 2, against the digest's (5 × mult + 2) / 2.
    assert_close(exact(&warrior, SEED, true, 1), [3.5, 4.75, 5.5]);
    assert_close(exact(&warrior, DIGEST, true, 1), [2.5, 3.75, 4.5]);
    assert_eq!(rounded(&warrior, SEED, true, 1), [4, 5, 6]);
    // Level-7 horde controller: 11 × mult / 2 + 4 = 7.3 / 10.05 / 11.7; rounded down it is the
    // published level-7 hordes' 7 / 10 / 11.
    let horde = formula(7, Organization::Horde, Some(Role::Controller));
    assert_eq!(rounded(&horde, SEED, true, 1), [8, 11, 12]);
    let down = Reading {
        rounding: Rounding::Down,
        ..SEED
    };
    assert_eq!(rounded(&horde, down, true, 1), [7, 10, 11]);
    // Not a strike: no characteristic, so the order does not matter.
    assert_eq!(
        exact(&horde, SEED, false, 1),
        exact(&horde, DIGEST, false, 1)
    );
}

#[test]
fn ds_dir_x3_minion_strikes_add_no_characteristic() {
    let spinecleaver = formula(1, Organization::Minion, Some(Role::Brute));
    const { assert!(!SEED.minion_characteristic) };
    // 6 × mult / 2 = 1.8 / 3.3 / 4.2 → 2 / 4 / 5, DS-DIR-62's numbers, and its free strike 2.
    assert_close(exact(&spinecleaver, SEED, true, 1), [1.8, 3.3, 4.2]);
    assert_eq!(rounded(&spinecleaver, SEED, true, 1), [2, 4, 5]);
    assert_eq!(spinecleaver.free_strike(SEED), 2);
    // With the characteristic (seed 002 L4728 read for minions too), halved first.
    let with_c = Reading {
        minion_characteristic: true,
        ..SEED
    };
    assert_close(exact(&spinecleaver, with_c, true, 1), [3.8, 5.3, 6.2]);
    // Hordes keep it.
    let horde = formula(1, Organization::Horde, Some(Role::Brute));
    assert_close(exact(&horde, SEED, true, 1), [3.8, 5.3, 6.2]);
}

#[test]
fn ds_dir_x4_free_strike_is_the_damage_formula_at_tier_1() {
    assert_eq!(SEED.free_strike, FreeStrike::Formula);
    // (level, organisation, role, the default's free strike, the digest's)
    let cases = [
        (1, Organization::Platoon, Some(Role::Harrier), 3, 5), // 5 × 0.6 = 3
        (3, Organization::Leader, None, 5, 6),                 // 8 × 0.6 = 4.8
        (10, Organization::Solo, None, 10, 14),                // 16 × 0.6 = 9.6
        (1, Organization::Horde, Some(Role::Harrier), 2, 2),   // 5 × 0.6 / 2 = 1.5
        (1, Organization::Minion, Some(Role::Brute), 2, 2),    // 6 × 0.6 / 2 = 1.8
        (1, Organization::Elite, Some(Role::Brute), 5, 6),     // 7 × 0.6 = 4.2
    ];
    for (level, organization, role, seed, digest) in cases {
        let f = formula(level, organization, role);
        assert_eq!(f.free_strike(SEED), seed, "{f:?}");
        assert_eq!(f.free_strike(DIGEST), digest, "{f:?}");
    }
}

#[test]
fn ds_dir_x5_leader_and_solo_bonus_caps_the_characteristic_not_the_potency() {
    let bonus = Reading::PUBLISHED;
    let leader = formula(1, Organization::Leader, None);
    assert_eq!(leader.highest_characteristic(bonus), 3);
    assert_eq!(potencies(&leader, bonus), [1, 2, 3]);
    // Level 10: the characteristic stops at 5 (seed 002 L641), the potency does not.
    let solo = formula(10, Organization::Solo, None);
    assert_eq!(solo.highest_characteristic(bonus), 5);
    assert_eq!(potencies(&solo, bonus), [4, 5, 6]);
    assert_eq!(potencies(&solo, SEED), [3, 4, 5]);
    // The strike adds the raised characteristic: 8 × mult + 3.
    let level_3 = formula(3, Organization::Leader, None);
    assert_eq!(rounded(&level_3, bonus, true, 2), [8, 12, 15]);
    // Others are untouched.
    let elite = formula(10, Organization::Elite, Some(Role::Hexer));
    assert_eq!(potencies(&elite, bonus), [3, 4, 5]);
}

/// Published stat blocks, numbers only (the Draw Steel monster book as the SteelCompendium data
/// gives it; docs/monster-formula.md): level, organisation, role, its signature strike's
/// targets and damage at tiers 1-3, its free strike and its highest characteristic. Eight of
/// each organisation, spread over the levels.
mod published {
    use steelgrid_rules::director::monster::Organization::{
        self, Elite, Horde, Leader, Minion, Platoon, Solo,
    };
    use steelgrid_rules::director::monster::Role::{
        self, Ambusher, Artillery, Brute, Controller, Defender, Harrier, Hexer, Mount, Support,
    };

    #[rustfmt::skip]
    pub const BLOCKS: [(u32, Organization, Option<Role>, u32, [u32; 3], u32, u32); 48] = [
        (1, Minion, Some(Ambusher), 1, [2, 4, 5], 2, 2),
        (1, Minion, Some(Artillery), 1, [2, 4, 5], 2, 2),
        (1, Minion, Some(Defender), 1, [1, 2, 3], 1, 2),
        (1, Minion, Some(Hexer), 1, [1, 2, 3], 1, 2),
        (2, Minion, Some(Controller), 1, [2, 3, 5], 2, 2),
        (4, Minion, Some(Ambusher), 1, [3, 5, 7], 3, 3),
        (6, Minion, Some(Controller), 1, [3, 5, 7], 3, 3),
        (8, Minion, Some(Brute), 1, [4, 7, 9], 4, 4),
        (1, Horde, Some(Artillery), 1, [4, 6, 7], 2, 2),
        (1, Horde, Some(Harrier), 1, [3, 4, 5], 1, 2),
        (1, Horde, Some(Artillery), 1, [4, 6, 7], 2, 2),
        (1, Horde, Some(Brute), 1, [4, 6, 7], 2, 2),
        (2, Horde, Some(Ambusher), 1, [5, 6, 8], 3, 2),
        (4, Horde, Some(Harrier), 1, [5, 7, 9], 2, 3),
        (5, Horde, Some(Support), 1, [6, 8, 9], 3, 3),
        (7, Horde, Some(Harrier), 1, [7, 10, 11], 3, 4),
        (1, Platoon, Some(Mount), 1, [5, 7, 9], 3, 2),
        (1, Platoon, Some(Harrier), 1, [5, 7, 9], 3, 2),
        (1, Platoon, Some(Hexer), 1, [5, 7, 9], 3, 2),
        (1, Platoon, Some(Hexer), 1, [5, 7, 9], 3, 2),
        (2, Platoon, Some(Defender), 1, [6, 9, 12], 4, 2),
        (3, Platoon, Some(Brute), 1, [7, 11, 14], 5, 2),
        (3, Platoon, Some(Ambusher), 1, [7, 11, 14], 5, 2),
        (4, Platoon, Some(Brute), 1, [9, 13, 16], 6, 3),
        (1, Elite, Some(Harrier), 2, [6, 9, 12], 4, 2),
        (2, Elite, Some(Controller), 2, [7, 10, 13], 5, 2),
        (2, Elite, Some(Ambusher), 2, [7, 11, 14], 5, 2),
        (3, Elite, Some(Harrier), 2, [7, 11, 14], 5, 2),
        (5, Elite, Some(Controller), 2, [9, 14, 17], 6, 3),
        (6, Elite, Some(Brute), 4, [7, 10, 11], 7, 3),
        (8, Elite, Some(Artillery), 2, [13, 18, 22], 9, 4),
        (9, Elite, Some(Brute), 2, [14, 19, 23], 10, 4),
        (1, Leader, None, 2, [7, 10, 13], 4, 3),
        (1, Leader, None, 2, [7, 10, 13], 2, 3),
        (3, Leader, None, 2, [8, 12, 15], 5, 3),
        (3, Leader, None, 2, [8, 12, 15], 5, 3),
        (4, Leader, None, 2, [10, 14, 17], 6, 4),
        (6, Leader, None, 2, [11, 16, 19], 7, 4),
        (6, Leader, None, 2, [11, 16, 19], 7, 4),
        (9, Leader, None, 2, [14, 19, 23], 9, 5),
        (1, Solo, None, 1, [9, 13, 16], 5, 3),
        (1, Solo, None, 1, [9, 13, 16], 5, 3),
        (2, Solo, None, 2, [8, 12, 15], 5, 3),
        (3, Solo, None, 2, [9, 13, 16], 6, 3),
        (3, Solo, None, 2, [9, 13, 16], 6, 3),
        (4, Solo, None, 2, [10, 15, 18], 6, 4),
        (4, Solo, None, 1, [12, 17, 21], 6, 4),
        (5, Solo, None, 2, [11, 16, 19], 8, 4),
    ];
}

/// How many of [`published::BLOCKS`] a reading gets right: all three tiers, the free strike, the highest
/// characteristic.
fn fit(reading: Reading) -> [usize; 3] {
    let mut hits = [0; 3];
    for (level, organization, role, targets, tiers, free_strike, c) in published::BLOCKS {
        let f = formula(level, organization, role);
        hits[0] += usize::from(rounded(&f, reading, true, targets) == tiers);
        hits[1] += usize::from(f.free_strike(reading) == free_strike);
        hits[2] += usize::from(f.highest_characteristic(reading) == c);
    }
    hits
}

#[test]
fn ds_dir_x6_calibration_against_published_stat_blocks_cannot_regress() {
    // The digest's reading: 7 / 48 strikes, 7 / 48 free strikes, 32 / 48 characteristics.
    assert_eq!(fit(DIGEST), [7, 7, 32]);
    let at_least = |reading: Reading, floor: [usize; 3]| {
        let hits = fit(reading);
        assert!(
            hits.iter().zip(floor).all(|(&h, f)| h >= f),
            "{reading:?}: {hits:?} fell below {floor:?}"
        );
    };
    at_least(SEED, [12, 39, 32]);
    at_least(Reading::PUBLISHED, [21, 39, 48]);
}

#[test]
fn ds_dir_x7_organizations_and_roles_parse_by_name_in_any_case() {
    assert_eq!("leader".parse::<Organization>(), Ok(Organization::Leader));
    assert_eq!(" Minion ".parse::<Organization>(), Ok(Organization::Minion));
    assert_eq!("BRUTE".parse::<Role>(), Ok(Role::Brute));
    let bad = "wizard".parse::<Role>().unwrap_err();
    assert!(
        bad.contains("`wizard` is not a role") && bad.contains("support"),
        "{bad}"
    );
    assert!("boss".parse::<Organization>().is_err());
}

#[test]
fn ds_dir_x8_the_stat_block_gathers_the_formulas() {
    let block = formula(3, Organization::Leader, None).stat_block(SEED);
    assert_eq!(
        (block.ev, block.stamina, block.highest_characteristic),
        (20, 120, 2)
    );
    assert_eq!(block.default_targets, 2);
    assert_eq!(block.strike_damage, [7, 11, 14]);
    assert_eq!(block.damage, [5, 9, 12]); // 4.8 / 8.8 / 11.2
    assert_eq!((block.free_strike, block.potency), (5, [0, 1, 2]));
    let text = block.to_string();
    assert!(
        text.starts_with("level 3 Leader (echelon 1)\nEV 20\nStamina 120\n"),
        "{text}"
    );
    assert!(text.contains("\nstrike damage 7 / 11 / 14\n"), "{text}");
    let minion = formula(1, Organization::Minion, Some(Role::Brute)).stat_block(SEED);
    let text = minion.to_string();
    assert!(text.contains("\nEV 3 for four\nStamina 5 each\n"), "{text}");
}
