//! Monster-creation formulas and the encounter budget (seed 002 L4462-4736; rules digest
//! `draw-steel-director.md` §4, §10, §11, §14 and ambiguities ).
//!
//! Everything here is pure arithmetic: no ECS, no state. The scenario checker uses it to price a
//! scenario's monsters against its heroes and to compare a monster's numbers with the formula.
//!
//! The seed says "round up any fractions" for EV and Stamina (seed 002 L4717). To keep
//! ⌈6.25⌉ = 7 and ⌈(10 + 30) × 0.125⌉ = 5 exact, every formula works on integer numerators over
//! an integer denominator. Damage, the characteristic, potency and the free strike depend on how
//! the seed is read where it is silent ([`Reading`], in `damage.rs`); floats appear only in
//! [`MonsterFormula::damage_exact`], which reports the unrounded value.

mod damage;
pub mod reading;
pub mod stat_block;

pub use reading::Reading;
pub use stat_block::StatBlock;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A monster's organisation: how strong it is against heroes of its level (seed 002 L4196-4230).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Organization {
    /// Weak alone, bought and fielded four at a time (seed 002 L4204-4208, L4500).
    Minion,
    /// A single hero needs more than one to be threatened (seed 002 L4210-4214).
    Horde,
    /// One is worth one hero of its level (seed 002 L4216-4218).
    Platoon,
    /// Holds its own against two heroes; stacks with a role (seed 002 L4220-4222, L4704).
    Elite,
    /// Holds its own against two or more heroes; has no other role (seed 002 L4224-4226).
    Leader,
    /// An encounter by itself, worth six heroes; has no other role (seed 002 L4228-4230).
    Solo,
}

/// A monster's role: what it does in a fight (seed 002 L4232-4270).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Role {
    Ambusher,
    Artillery,
    Brute,
    Controller,
    Defender,
    Harrier,
    Hexer,
    Mount,
    Support,
}

impl Role {
    /// Every role, in the seed's table order (seed 002 L4692-4700).
    pub const ALL: [Role; 9] = [
        Role::Ambusher,
        Role::Artillery,
        Role::Brute,
        Role::Controller,
        Role::Defender,
        Role::Harrier,
        Role::Hexer,
        Role::Mount,
        Role::Support,
    ];

    /// The role's (Role Mod, Damage Mod) row (seed 002 L4690-4700).
    fn modifiers(self) -> (u32, u32) {
        match self {
            Role::Ambusher => (20, 1),   // seed 002 L4692
            Role::Artillery => (10, 1),  // seed 002 L4693
            Role::Brute => (30, 1),      // seed 002 L4694
            Role::Controller => (10, 0), // seed 002 L4695
            Role::Defender => (30, 0),   // seed 002 L4696
            Role::Harrier => (20, 0),    // seed 002 L4697
            Role::Hexer => (10, 0),      // seed 002 L4698
            Role::Mount => (20, 0),      // seed 002 L4699
            Role::Support => (20, 0),    // seed 002 L4700
        }
    }
}

/// The one of `all` whose name is `text`, in any case; otherwise a sentence listing them.
fn parse_name<T: Copy + fmt::Debug>(text: &str, all: &[T], what: &str) -> Result<T, String> {
    let name = |t: &T| format!("{t:?}");
    all.iter()
        .find(|t| name(t).eq_ignore_ascii_case(text.trim()))
        .copied()
        .ok_or_else(|| {
            let names: Vec<String> = all.iter().map(|t| name(t).to_lowercase()).collect();
            format!("`{text}` is not {what}: {}", names.join(", "))
        })
}

/// `leader`, `Leader`: an organisation by name (seed 002 L4196-4230).
impl FromStr for Organization {
    type Err = String;
    fn from_str(text: &str) -> Result<Organization, String> {
        parse_name(text, &Organization::ALL, "an organization")
    }
}

/// `brute`, `Brute`: a role by name (seed 002 L4232-4270).
impl FromStr for Role {
    type Err = String;
    fn from_str(text: &str) -> Result<Role, String> {
        parse_name(text, &Role::ALL, "a role")
    }
}

impl Organization {
    /// Every organisation, weakest first (seed 002 L4196-4230).
    pub const ALL: [Organization; 6] = [
        Organization::Minion,
        Organization::Horde,
        Organization::Platoon,
        Organization::Elite,
        Organization::Leader,
        Organization::Solo,
    ];

    /// The Org Mod for Stamina, as (numerator, denominator) (seed 002 L4707-4712).
    fn stamina_mod(self) -> (u32, u32) {
        match self {
            Organization::Minion => (1, 8),  // seed 002 L4707: × 0.125
            Organization::Horde => (1, 2),   // seed 002 L4709: × 0.5
            Organization::Platoon => (1, 1), // seed 002 L4710: × 1
            Organization::Elite | Organization::Leader => (2, 1), // seed 002 L4711: × 2
            Organization::Solo => (5, 1),    // seed 002 L4712: × 5 (Stamina only)
        }
    }

    /// The Org Mod for everything else (EV), as (numerator, denominator) (seed 002 L4708-4713).
    fn ev_mod(self) -> (u32, u32) {
        match self {
            Organization::Minion | Organization::Horde => (1, 2), // seed 002 L4708-4709
            Organization::Platoon => (1, 1),                      // seed 002 L4710
            Organization::Elite | Organization::Leader => (2, 1), // seed 002 L4711
            Organization::Solo => (6, 1),                         // seed 002 L4713
        }
    }

    /// Horde and minion damage is halved (seed 002 L4729).
    fn halves_damage(self) -> bool {
        matches!(self, Organization::Minion | Organization::Horde)
    }
}

/// Integer division rounding up: the seed's "round up any fractions" (seed 002 L4717).
fn ceil_div(numerator: u32, denominator: u32) -> u32 {
    numerator.div_ceil(denominator)
}

/// The echelon of a level: 1st = L1-3, 2nd = L4-6, 3rd = L7-9, 4th = L10 (seed 002 L245,
/// L4733). Levels outside 1-10 are reported by [`MonsterFormula::problems`]; level 0 reads as
/// the 1st echelon and anything above 10 as the 4th.
pub fn echelon(level: u32) -> u32 {
    match level {
        0..=3 => 1,
        4..=6 => 2,
        7..=9 => 3,
        _ => 4,
    }
}

/// Stamina from a level, a Role Mod and an organisation: ⌈(10L + RoleMod) × OrgMod⌉, for minions
/// one minion's Stamina (seed 002 L4717, L4720). [`MonsterFormula::stamina`] calls it with the
/// formula's own Role Mod; this form also covers the digest's table cells no valid formula
/// reaches (a solo at +10).
pub fn stamina_for_role_mod(level: u32, role_mod: u32, organization: Organization) -> u32 {
    let (num, den) = organization.stamina_mod();
    ceil_div((10 * level + role_mod) * num, den)
}

/// Everything the seed's formulas need to derive a monster's numbers: its level, organisation
/// and role (seed 002 L4686-4736). Leaders and solos have no role; every other organisation
/// needs one (seed 002 L4226, L4230, L4704).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MonsterFormula {
    pub level: u32,
    pub organization: Organization,
    #[serde(default)]
    pub role: Option<Role>,
}

impl MonsterFormula {
    /// The monster's echelon (seed 002 L4733).
    pub fn echelon(&self) -> u32 {
        echelon(self.level)
    }

    /// Role Mod (Stamina). Elite adds +0 to its role's row; leader and solo use their own row
    /// (+30) and ignore any role (seed 002 L4701-4704). A role missing where one is needed counts
    /// as +0 (and [`Self::problems`] reports it).
    pub fn role_mod(&self) -> u32 {
        match self.organization {
            // seed 002 L4702-4703: leader and solo rows, +30
            Organization::Leader | Organization::Solo => 30,
            // seed 002 L4701: elite +0, stacked with its role's row
            _ => self.role.map_or(0, |role| role.modifiers().0),
        }
    }

    /// Damage Mod. Elite adds +1 to its role's row ("elite + brute = +2", seed 002 L4704);
    /// leader +1 and solo +2 use their own row and ignore any role (seed 002 L4702-4703).
    pub fn damage_mod(&self) -> u32 {
        let role = self.role.map_or(0, |role| role.modifiers().1);
        match self.organization {
            Organization::Leader => 1,       // seed 002 L4702
            Organization::Solo => 2,         // seed 002 L4703
            Organization::Elite => role + 1, // seed 002 L4701, L4704
            Organization::Minion | Organization::Horde | Organization::Platoon => role,
        }
    }

    /// Encounter Value: ⌈(2L + 4) × OrgMod⌉; for minions the EV of a set of four (seed 002
    /// L4719). See [`minion_ev`] to price a number of minions.
    pub fn ev(&self) -> u32 {
        let (num, den) = self.organization.ev_mod();
        ceil_div(hero_budget(self.level) * num, den)
    }

    /// Stamina: ⌈(10L + RoleMod) × OrgMod⌉; for minions one minion's Stamina, the squad's pool
    /// being that times the squad's size (seed 002 L4720).
    pub fn stamina(&self) -> u32 {
        stamina_for_role_mod(self.level, self.role_mod(), self.organization)
    }

    /// How many targets the monster's abilities have by default: 1, or 2 for elites, leaders and
    /// solos (seed 002 L4735).
    pub fn default_targets(&self) -> u32 {
        match self.organization {
            Organization::Elite | Organization::Leader | Organization::Solo => 2,
            Organization::Minion | Organization::Horde | Organization::Platoon => 1,
        }
    }

    /// What is wrong with this formula, one sentence per problem; empty when it is valid.
    pub fn problems(&self) -> Vec<String> {
        let mut problems = Vec::new();
        // seed 002 L245, L4471-4480: levels (and echelons) run from 1 to 10
        if !(1..=10).contains(&self.level) {
            problems.push(format!(
                "monster level {} is outside 1-10 (seed 002 L245, L4471-4480)",
                self.level
            ));
        }
        match (self.organization, self.role) {
            // seed 002 L4226, L4230: leaders and solos have no additional role
            (Organization::Leader | Organization::Solo, Some(role)) => problems.push(format!(
                "a {:?} has no other role, but this one is a {role:?} (seed 002 L4226, L4230)",
                self.organization
            )),
            // seed 002 L4704: an elite stacks with a normal role; minions, hordes and platoons
            // take their Role Mod from their role
            (
                Organization::Minion
                | Organization::Horde
                | Organization::Platoon
                | Organization::Elite,
                None,
            ) => problems.push(format!(
                "the {:?} organization needs a role for its Role Mod and Damage Mod (seed 002 L4690-4704)",
                self.organization
            )),
            _ => {}
        }
        problems
    }
}

/// The EV of `count` minions of this formula: minions are bought four at a time, so a count
/// that is not a multiple of 4 is refused (seed 002 L4208, L4500, L4719; DS-DIR-56, A-23: the
/// formula's 3 EV per four level-1 minions, not the worked example's 1 each).
pub fn minion_ev(formula: &MonsterFormula, count: u32) -> Result<u32, String> {
    if formula.organization != Organization::Minion {
        return Err(format!(
            "minion_ev prices minions, not a {:?}",
            formula.organization
        ));
    }
    if !count.is_multiple_of(4) {
        let below = count / 4 * 4;
        return Err(format!(
            "minions are bought in sets of 4 (seed 002 L4500): {count} is not a multiple of 4; \
             buy {below} or {}",
            below + 4
        ));
    }
    Ok(formula.ev() * (count / 4))
}

/// Encounter difficulty (seed 002 L4482-4487); objectives step it one at a time along
/// Easy ↔ Standard ↔ Hard ↔ Extreme (seed 002 L4546).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Difficulty {
    Easy,
    Standard,
    Hard,
    Extreme,
}

impl Difficulty {
    const ALL: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Standard,
        Difficulty::Hard,
        Difficulty::Extreme,
    ];

    /// One step harder, Extreme staying Extreme (seed 002 L4546).
    pub fn harder(self) -> Difficulty {
        self.shifted(1)
    }

    /// One step easier, Easy staying Easy (seed 002 L4546).
    pub fn easier(self) -> Difficulty {
        self.shifted(-1)
    }

    /// Several objective steps at once (positive = harder), summed and clamped to Easy-Extreme
    /// . Applied after the budget is spent: it changes the effective difficulty, not the
    /// purchase (seed 002 L4488).
    pub fn shifted(self, steps: i32) -> Difficulty {
        let index = (self as i32 + steps).clamp(0, 3);
        Difficulty::ALL[index as usize]
    }
}

/// The EV one hero of `level` adds to the budget: 2L + 4 (seed 002 L4470-4480), the EV of one
/// platoon creature of that level (seed 002 L4719).
pub fn hero_budget(level: u32) -> u32 {
    2 * level + 4
}

/// A party's encounter budget at each difficulty (seed 002 L4470-4487).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct EncounterBudget {
    pub easy: u32,
    pub standard: u32,
    pub hard: u32,
    pub extreme: u32,
}

impl EncounterBudget {
    /// The budget from each hero's level (seed 002 L4470). The caller lists retainers (seed 002
    /// L4766) and a Save Another willing ally (seed 002 L4584) as heroes of their level. Easy is
    /// 75 % and Hard 150 % of Standard, rounded up; Extreme is 200 % (seed 002 L4483-4486).
    pub fn from_hero_levels(levels: &[u32]) -> EncounterBudget {
        let standard: u32 = levels.iter().map(|&level| hero_budget(level)).sum();
        EncounterBudget {
            easy: ceil_div(3 * standard, 4),
            standard,
            hard: ceil_div(3 * standard, 2),
            extreme: 2 * standard,
        }
    }

    /// The EV to spend at `difficulty`.
    pub fn at(&self, difficulty: Difficulty) -> u32 {
        match difficulty {
            Difficulty::Easy => self.easy,
            Difficulty::Standard => self.standard,
            Difficulty::Hard => self.hard,
            Difficulty::Extreme => self.extreme,
        }
    }
}

/// The difficulty an encounter's spent EV buys: the hardest band whose budget is at or below
/// `spent_ev`, and Easy below the Easy budget. Between two bands it stays on the lower one until
/// the next band's budget is fully spent (24 EV of a 24/36 party is Standard, 35 still is).
/// Objective steps are then applied with [`Difficulty::shifted`] (seed 002 L4488).
pub fn difficulty_of(spent_ev: u32, budget: &EncounterBudget) -> Difficulty {
    Difficulty::ALL
        .into_iter()
        .rev()
        .find(|&difficulty| budget.at(difficulty) <= spent_ev)
        .unwrap_or(Difficulty::Easy)
}

/// The party level the Destroy the Thing object's Stamina uses: the average hero level, rounded
/// down; `None` for no heroes.
pub fn average_party_level(levels: &[u32]) -> Option<u32> {
    let count = u32::try_from(levels.len()).ok().filter(|&n| n > 0)?;
    Some(levels.iter().sum::<u32>() / count)
}

/// A Destroy the Thing object's usual Stamina: hero level × 35 (seed 002 L4575).
pub fn object_stamina(party_level: u32) -> u32 {
    35 * party_level
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ceil_div_rounds_fractions_up_only() {
        assert_eq!(ceil_div(50, 8), 7); // ⌈6.25⌉
        assert_eq!(ceil_div(40, 8), 5); // ⌈(10 + 30) × 0.125⌉, exact
        assert_eq!(ceil_div(0, 8), 0);
    }

    #[test]
    fn echelons_follow_levels() {
        let echelons: Vec<u32> = (1..=10).map(echelon).collect();
        assert_eq!(echelons, [1, 1, 1, 2, 2, 2, 3, 3, 3, 4]);
    }

    #[test]
    fn average_party_level_rounds_down() {
        assert_eq!(average_party_level(&[2, 2, 3]), Some(2));
        assert_eq!(average_party_level(&[3, 4]), Some(3));
        assert_eq!(average_party_level(&[]), None);
    }
}

/// How a Director creature is priced, as written on it or its template.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Pricing {
    /// Level, organisation and role: the EV comes from the formula (seed 002 L4719).
    pub monster: Option<MonsterFormula>,
    /// An EV written out, used in place of the formula's; for a minion a set of four's.
    pub ev: Option<u32>,
    /// Where its numbers leave the formula, and why, as its `deviates:` says.
    pub deviates: Option<String>,
}
