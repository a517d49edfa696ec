//! How far a scenario's Director creature is from its monster formula (seed 002 L4715-4736,
//! read as [`Reading::SEED`]): what `steelgrid check` prints under each purchase.

use std::fmt;

use crate::ability::{Ability, AbilityBook, Outcome, PowerRoll};
use crate::creature_record::CreatureRecord;
use crate::director::monster::{MonsterFormula, Reading};

/// One number as the scenario writes it, and as the formula gives it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Versus {
    pub written: i64,
    pub formula: i64,
}

impl Versus {
    fn new(written: impl Into<i64>, formula: impl Into<i64>) -> Versus {
        Versus {
            written: written.into(),
            formula: formula.into(),
        }
    }
}

/// A damaging ability's three tiers against the formula's for the same kind and targets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AbilityVersus {
    pub name: String,
    pub written: [i64; 3],
    pub formula: [i64; 3],
}

/// One Director creature's numbers against its formula's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deviation {
    /// The creatures with these numbers.
    pub ids: Vec<String>,
    /// Maximum Stamina; for a minion one minion's (seed 002 L4720).
    pub stamina: Versus,
    pub free_strike: Versus,
    pub highest_characteristic: Versus,
    /// Its signature ability, or else its first ability that deals damage at every tier.
    pub ability: Option<AbilityVersus>,
    /// The deviation its `deviates:` names.
    pub declared: Option<String>,
}

impl Deviation {
    /// Whether `other` has the same numbers, whichever creatures it is about.
    pub fn same_numbers(&self, other: &Deviation) -> bool {
        let numbers = |d: &Deviation| {
            (
                d.stamina,
                d.free_strike,
                d.highest_characteristic,
                d.ability.clone(),
                d.declared.clone(),
            )
        };
        numbers(self) == numbers(other)
    }
}

/// `c`'s numbers against `formula`'s, read as [`Reading::SEED`].
pub fn deviation(c: &CreatureRecord, book: &AbilityBook, formula: &MonsterFormula) -> Deviation {
    let reading = Reading::SEED;
    Deviation {
        ids: vec![c.id.clone()],
        stamina: Versus::new(c.stamina.max, formula.stamina()),
        free_strike: Versus::new(c.free_strike, formula.free_strike(reading)),
        highest_characteristic: Versus::new(
            c.characteristics.highest(),
            formula.highest_characteristic(reading),
        ),
        ability: damaging_ability(c, book).map(|a| ability_versus(c, a, formula, reading)),
        declared: None,
    }
}

/// The damage `outcome` deals before anything else adds to it: its base, plus `c` if it adds
/// the characteristic (seed 002 L1531-1551).
fn tier_damage(outcome: &Outcome, c: i32) -> Option<i64> {
    outcome
        .damage
        .map(|d| i64::from(d.base) + if d.plus_characteristic { c.into() } else { 0 })
}

/// The creature's signature ability if it deals damage at every tier, else the first that does,
/// with its power roll.
fn damaging_ability<'a>(
    c: &CreatureRecord,
    book: &'a AbilityBook,
) -> Option<(&'a Ability, &'a PowerRoll)> {
    let damaging: Vec<(&Ability, &PowerRoll)> = c
        .abilities
        .iter()
        .filter_map(|id| book.get(id))
        .filter_map(|a| a.power_roll.as_ref().map(|roll| (a, roll)))
        .filter(|(_, r)| {
            [&r.tier1, &r.tier2, &r.tier3]
                .iter()
                .all(|o| o.damage.is_some())
        })
        .collect();
    let signature = damaging.iter().find(|(a, _)| a.signature);
    signature.or(damaging.first()).copied()
}

fn ability_versus(
    c: &CreatureRecord,
    (ability, roll): (&Ability, &PowerRoll),
    formula: &MonsterFormula,
    reading: Reading,
) -> AbilityVersus {
    let added = roll
        .characteristic_for(&c.characteristics)
        .map_or(0, |ch| c.characteristics.get(ch));
    let written = [&roll.tier1, &roll.tier2, &roll.tier3]
        .map(|outcome| tier_damage(outcome, added).unwrap_or(0));
    // An area has no target count: price it at the default (seed 002 L4735).
    let targets = ability.target.count.unwrap_or(formula.default_targets());
    let strike = ability.is_strike();
    let formula = [1, 2, 3].map(|tier| i64::from(formula.damage(reading, tier, strike, targets)));
    AbilityVersus {
        name: ability.name.clone(),
        written,
        formula,
    }
}

/// `12 vs 15 (-3)`, or `15 (=)` when they agree.
fn versus(f: &mut fmt::Formatter<'_>, what: &str, v: Versus) -> fmt::Result {
    match v.written - v.formula {
        0 => write!(f, "{what} {} (=)", v.written),
        d => write!(f, "{what} {} vs {} ({d:+})", v.written, v.formula),
    }
}

/// `a / b / c`.
fn tiers(values: [i64; 3]) -> String {
    values.map(|v| v.to_string()).join(" / ")
}

/// One line: each number as written against the formula's.
impl fmt::Display for Deviation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "vs the formula: ")?;
        versus(f, "Stamina", self.stamina)?;
        versus(f, ", free strike", self.free_strike)?;
        versus(f, ", highest characteristic", self.highest_characteristic)?;
        if let Some(a) = &self.ability {
            let diff: [i64; 3] = [0, 1, 2].map(|i| a.written[i] - a.formula[i]);
            if diff == [0; 3] {
                write!(f, ", {} {} (=)", a.name, tiers(a.written))?;
            } else {
                let diff = diff.map(|d| format!("{d:+}")).join(" / ");
                let (written, formula) = (tiers(a.written), tiers(a.formula));
                write!(f, ", {} {written} vs {formula} ({diff})", a.name)?;
            }
        }
        if let Some(why) = &self.declared {
            write!(f, "; deviates: {why}")?;
        }
        Ok(())
    }
}
