//! A scenario's encounter budget (seed 002 L4462-4540, L4542-4621, L4715-4720; rules digest
//! `draw-steel-director.md` §10, §11, §14, A-20, A-23): what the heroes are worth, what the
//! Director's creatures cost, the difficulty that buys, and the steps the objectives add.
//! `steelgrid check` prints it for every scenario that loads, with each priced creature's
//! numbers against its formula's ([`deviation`]).

mod arena;
pub mod builder;
pub mod deviation;

pub use crate::director::monster::Pricing;
pub use deviation::Deviation;

use std::fmt;

use crate::creature::Side;
use crate::creature_record::CreatureRecord;
use crate::director::monster::{
    Difficulty, EncounterBudget, MonsterFormula, Organization, difficulty_of, hero_budget,
    minion_ev,
};
use crate::encounter::Objective;
use crate::encounter::script::Action;
use crate::scenario::Scenario;

/// One line of the Director's purchase: the creatures of one kind (same name and price), minions
/// bought together in sets of four whatever squads they are split into (seed 002 L4500, A-23).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Purchase {
    pub name: String,
    /// The creatures bought, in scenario order.
    pub ids: Vec<String>,
    /// The formula the price came from; `None` for an EV written out.
    pub monster: Option<MonsterFormula>,
    pub minion: bool,
    /// The EV of one creature, or of a set of four minions.
    pub each: u32,
    /// The EV of the whole line.
    pub ev: u32,
    /// Minions that are not a whole number of sets of four, priced as the next set up.
    pub note: Option<String>,
    /// Its creatures' numbers against the formula's, those with the same numbers together;
    /// empty for an EV written out.
    pub deviations: Vec<Deviation>,
}

impl Purchase {
    /// Four times the EV of one of its creatures, a minion being a quarter of its set.
    fn one_x4(&self) -> u32 {
        if self.minion {
            self.each
        } else {
            4 * self.each
        }
    }
}

/// A Director creature the scenario gives no price, and why; it is left out of the total.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Unpriced {
    pub id: String,
    pub reason: String,
}

/// The steps one objective moves the difficulty (positive = harder), and why (seed 002 L4546).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ObjectiveStep {
    pub objective: &'static str,
    pub steps: i32,
    pub why: String,
}

/// A creature of the heroes' side that is not a hero but counts as one more for the budget.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExtraHero {
    pub id: String,
    pub level: u32,
    pub why: String,
}

/// A scenario's encounter budget against what its Director creatures cost.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BudgetReport {
    /// Each hero's level, in scenario order (seed 002 L4470).
    pub hero_levels: Vec<u32>,
    /// Retainers and willing allies to be saved, each one more hero (seed 002 L4766, L4584).
    pub extra_heroes: Vec<ExtraHero>,
    /// The budget at each difficulty (seed 002 L4470-4487, A-20).
    pub budget: EncounterBudget,
    /// The Director's creatures on the map at the start.
    pub purchases: Vec<Purchase>,
    /// Their total EV.
    pub ev: u32,
    /// Director creatures with no price (at the start or scripted), not in any total.
    pub unpriced: Vec<Unpriced>,
    /// The Director's creatures the script brings in later, priced but not in `ev`.
    pub reinforcements: Vec<Purchase>,
    /// The difficulty `ev` buys (seed 002 L4482-4487).
    pub difficulty: Difficulty,
    /// The objectives' steps, one per objective whose modifier the scenario's data decides.
    pub objective_steps: Vec<ObjectiveStep>,
    /// `difficulty` with the objectives' steps summed and clamped (seed 002 L4488, A-20).
    pub effective: Difficulty,
    /// Objective modifiers that hang on things a scenario does not record.
    pub not_assessed: Vec<String>,
}

/// The encounter budget of a loaded scenario: heroes are the creatures with a `hero` block,
/// priced at 2L + 4 each; the Director's creatures on the map at the start are priced from
/// their `monster` formula or written `ev`, minions by the set of four (seed 002 L4470-4500,
/// L4719; A-23). Scripted reinforcements are priced apart and left out of the difficulty.
pub fn report(scenario: &Scenario) -> BudgetReport {
    let initial = &scenario.initial;
    let hero_levels: Vec<u32> = initial
        .creatures
        .iter()
        .filter(|c| c.side == Side::Heroes)
        .filter_map(|c| c.hero.as_ref().map(|h| h.level))
        .collect();
    let (extra_heroes, unknown_wards) = extra_heroes(scenario, &hero_levels);
    let all_levels: Vec<u32> = hero_levels
        .iter()
        .copied()
        .chain(extra_heroes.iter().map(|x| x.level))
        .collect();
    let budget = EncounterBudget::from_hero_levels(&all_levels);
    let mut unpriced = Vec::new();
    let purchases = purchase(scenario, initial.creatures.iter(), &mut unpriced);
    let spawned = initial
        .script
        .rules
        .iter()
        .flat_map(|rule| &rule.then)
        .filter_map(|action| match action {
            Action::Spawn(c) => Some(&**c),
            _ => None,
        });
    let reinforcements = purchase(scenario, spawned, &mut unpriced);
    let ev = purchases.iter().map(|p| p.ev).sum();
    let difficulty = difficulty_of(ev, &budget);
    let mut objective_steps = Vec::new();
    let mut not_assessed = unknown_wards;
    for objective in &initial.encounter.objectives {
        match objective_step(objective, &purchases, ev, &initial.creatures) {
            Assessment::NoModifier => {}
            Assessment::Step(step) => objective_steps.push(step),
            Assessment::NotAssessed(what) => not_assessed.push(what),
        }
    }
    let effective = difficulty.shifted(objective_steps.iter().map(|s| s.steps).sum());
    BudgetReport {
        hero_levels,
        extra_heroes,
        budget,
        purchases,
        ev,
        unpriced,
        reinforcements,
        difficulty,
        objective_steps,
        effective,
        not_assessed,
    }
}

/// The creatures of the heroes' side that count as one more hero: a retainer, at its level (its
/// `monster` level, else its mentor's) (seed 002 L4766); and a ward of Save Another on the
/// heroes' side, a willing ally, whose `monster` level is at least the heroes' highest, at that
/// level (seed 002 L4584). Also what could not be assessed: wards on the heroes' side without a
/// level.
fn extra_heroes(scenario: &Scenario, hero_levels: &[u32]) -> (Vec<ExtraHero>, Vec<String>) {
    let creatures = &scenario.initial.creatures;
    let level_of = |id: &str| {
        let pricing = scenario.pricing.get(id).cloned().unwrap_or_default();
        pricing.monster.map(|m| m.level)
    };
    let mut extra: Vec<ExtraHero> = creatures
        .iter()
        .filter(|c| c.side == Side::Heroes && c.hero.is_none())
        .filter_map(|c| {
            let mentor = c.retainer_of.as_deref()?;
            let mentor_level = creatures
                .iter()
                .find(|m| m.id == mentor)
                .and_then(|m| m.hero.as_ref().map(|h| h.level));
            let level = level_of(&c.id).or(mentor_level).unwrap_or(1);
            Some(ExtraHero {
                id: c.id.clone(),
                level,
                why: format!(
                    "a retainer of `{mentor}`: one more hero of its level (seed 002 L4766)"
                ),
            })
        })
        .collect();
    let party = hero_levels.iter().copied().max().unwrap_or(1);
    let mut unknown = Vec::new();
    let wards = scenario
        .initial
        .encounter
        .objectives
        .iter()
        .flat_map(|o| match o {
            Objective::SaveAnother { wards, .. } => wards.as_slice(),
            _ => &[],
        });
    for ward in wards {
        let willing = creatures
            .iter()
            .any(|c| &c.id == ward && c.side == Side::Heroes && c.hero.is_none());
        if !willing || extra.iter().any(|x| &x.id == ward) {
            continue;
        }
        match level_of(ward) {
            Some(level) if level >= party => extra.push(ExtraHero {
                id: ward.clone(),
                level: party,
                why: format!(
                    "a willing ally to save, level {level}, at least the heroes' {party}: one more hero (seed 002 L4584)"
                ),
            }),
            Some(_) => {}
            None => unknown.push(format!(
                "Save Another: `{ward}` is a willing ally with no `monster` level, so whether it counts as one more hero is unknown (seed 002 L4584)"
            )),
        }
    }
    (extra, unknown)
}

/// The price of one Director creature: the EV of one, or of a set of four for a minion.
fn price(c: &CreatureRecord, pricing: Pricing) -> Result<(u32, Option<MonsterFormula>), String> {
    if let Some(ev) = pricing.ev {
        return Ok((ev, None));
    }
    let Some(formula) = pricing.monster else {
        return Err("no `monster: (level, organization)` or `ev` to price it".to_owned());
    };
    let minion_org = formula.organization == Organization::Minion;
    match (c.minion.is_some(), minion_org) {
        (true, false) => Err(format!(
            "a minion, but its `monster` organization is {:?}",
            formula.organization
        )),
        (false, true) => {
            Err("its organization is Minion but it is no minion: add `minion: true`".to_owned())
        }
        _ => Ok((formula.ev(), Some(formula))),
    }
}

/// Price the Director's creatures among `creatures`, one line for each kind (same name and
/// price); those without a price go to `unpriced`.
fn purchase<'a>(
    scenario: &Scenario,
    creatures: impl Iterator<Item = &'a CreatureRecord>,
    unpriced: &mut Vec<Unpriced>,
) -> Vec<Purchase> {
    let mut lines: Vec<Purchase> = Vec::new();
    for c in creatures.filter(|c| c.side == Side::Director) {
        let pricing = scenario.pricing.get(&c.id).cloned().unwrap_or_default();
        let declared = pricing.deviates.clone();
        let (each, monster) = match price(c, pricing) {
            Ok(found) => found,
            Err(reason) => {
                unpriced.push(Unpriced {
                    id: c.id.clone(),
                    reason,
                });
                continue;
            }
        };
        let minion = c.minion.is_some();
        let deviation = monster.map(|m| Deviation {
            declared: declared.clone(),
            ..deviation::deviation(c, &scenario.initial.abilities, &m)
        });
        let same_kind = |p: &&mut Purchase| {
            p.minion == minion && p.name == c.name && p.monster == monster && p.each == each
        };
        match lines.iter_mut().find(same_kind) {
            Some(line) => {
                line.ids.push(c.id.clone());
                line.ev += each;
                add_deviation(&mut line.deviations, deviation);
            }
            None => lines.push(Purchase {
                name: c.name.clone(),
                ids: vec![c.id.clone()],
                monster,
                minion,
                each,
                ev: each,
                note: None,
                deviations: deviation.into_iter().collect(),
            }),
        }
    }
    for line in lines.iter_mut().filter(|l| l.minion) {
        // seed 002 L4208, L4500: minions are bought four at a time
        let count = line.ids.len() as u32;
        let sets = count.div_ceil(4);
        line.ev = match line.monster {
            Some(formula) => minion_ev(&formula, 4 * sets).expect("a whole number of sets"),
            None => line.each * sets,
        };
        if !count.is_multiple_of(4) {
            line.note = Some(format!(
                "{count} is not a whole number of sets of 4 (seed 002 L4500): priced as {}",
                4 * sets
            ));
        }
    }
    lines
}

/// Add one creature's deviation to its line's, beside another creature's with the same numbers.
fn add_deviation(deviations: &mut Vec<Deviation>, deviation: Option<Deviation>) {
    let Some(mut new) = deviation else {
        return;
    };
    match deviations.iter_mut().find(|d| d.same_numbers(&new)) {
        Some(d) => d.ids.append(&mut new.ids),
        None => deviations.push(new),
    }
}

enum Assessment {
    /// The objective has no difficulty modifier (Diminish Numbers).
    NoModifier,
    Step(ObjectiveStep),
    /// What the modifier hangs on, which the scenario does not record.
    NotAssessed(String),
}

/// One objective's steps from what the scenario records (seed 002 L4548-4621; A-21: the
/// modifiers as written).
fn objective_step(
    objective: &Objective,
    purchases: &[Purchase],
    total: u32,
    creatures: &[CreatureRecord],
) -> Assessment {
    let name = objective.name();
    let step = |steps: i32, why: String| {
        Assessment::Step(ObjectiveStep {
            objective: name,
            steps,
            why,
        })
    };
    let not_assessed =
        |what: &str| Assessment::NotAssessed(format!("{name}: {what} is not in the scenario"));
    match objective {
        Objective::DiminishNumbers => Assessment::NoModifier,
        // seed 002 L4561: one step easier if the foe is worth a third of the enemies' EV or less
        Objective::DefeatSpecificFoe { creature } => {
            match purchases.iter().find(|p| p.ids.contains(creature)) {
                None => Assessment::NotAssessed(format!(
                    "{name}: `{creature}` is not priced among the creatures at the start, so its share of the EV is unknown"
                )),
                Some(foe) if 3 * foe.one_x4() <= 4 * total => step(
                    -1,
                    format!(
                        "`{creature}` is a third or less of the {total} EV: one step easier (seed 002 L4561)"
                    ),
                ),
                Some(_) => step(
                    0,
                    format!(
                        "`{creature}` is more than a third of the {total} EV: no step (seed 002 L4561)"
                    ),
                ),
            }
        }
        // seed 002 L4569: one step harder if an enemy holds the item
        Objective::GetTheThing { carrier, .. } => {
            let held = carrier.as_ref().filter(|id| {
                creatures
                    .iter()
                    .any(|c| &c.id == *id && c.side == Side::Director)
            });
            match held {
                Some(id) => step(
                    1,
                    format!("`{id}`, an enemy, holds it: one step harder (seed 002 L4569)"),
                ),
                None => not_assessed(
                    "whether it is hidden (harder) or guarded by a strong monster (easier if not, seed 002 L4568-4569)",
                ),
            }
        }
        Objective::DestroyTheThing { .. } => {
            not_assessed("how many special defences the thing has (seed 002 L4576)")
        }
        // seed 002 L4584: a willing ally to save counts as a hero, in the budget itself.
        Objective::SaveAnother { .. } => Assessment::NoModifier,
        Objective::Escort { .. } => not_assessed("whether the ward is delicate (seed 002 L4592)"),
        // seed 002 L4600: one step harder for 5 rounds or more (the number of defended points
        // is the zone's business and not counted)
        Objective::HoldThemOff { rounds, .. } if *rounds >= 5 => step(
            1,
            format!("{rounds} rounds to hold: one step harder (seed 002 L4600)"),
        ),
        Objective::HoldThemOff { rounds, .. } => step(
            0,
            format!("{rounds} rounds to hold: no step (harder from 5, seed 002 L4600)"),
        ),
        Objective::AssaultTheDefenses { .. } => {
            not_assessed("how many clear benefits the defenders have (seed 002 L4607)")
        }
        // seed 002 L4614: one step harder for 2 rounds or fewer, one easier for a single target
        // whose defeat stops everything, which the engine's one `foe` always is
        Objective::StopTheAction { foe, rounds } => {
            let short = i32::from(*rounds <= 2);
            step(
                short - 1,
                format!(
                    "one target, `{foe}`, stops it: one step easier; {rounds} rounds: {} (seed 002 L4614)",
                    if short == 1 {
                        "one step harder"
                    } else {
                        "no step"
                    }
                ),
            )
        }
        // seed 002 L4621: one step harder for 5 rounds or more (the engine's tasks need no
        // tests), one easier for 2 rounds or fewer
        Objective::CompleteTheAction { rounds, .. } => {
            let (steps, what) = match rounds {
                0..=2 => (-1, "one step easier"),
                3..=4 => (0, "no step"),
                _ => (1, "one step harder"),
            };
            step(steps, format!("{rounds} rounds: {what} (seed 002 L4621)"))
        }
    }
}

fn write_purchase(f: &mut fmt::Formatter<'_>, p: &Purchase) -> fmt::Result {
    let count = p.ids.len();
    let who = if count == 1 {
        format!("{} ({})", p.name, p.ids[0])
    } else {
        format!("{count} × {} ({})", p.name, p.ids.join(", "))
    };
    let priced = match p.monster {
        Some(m) => match m.role {
            Some(role) => format!("level {} {:?} {role:?}", m.level, m.organization),
            None => format!("level {} {:?}", m.level, m.organization),
        },
        None => "EV as written".to_owned(),
    };
    let each = match (p.minion, count) {
        (true, _) => format!(", {} EV a set of 4", p.each),
        (false, 1) => String::new(),
        (false, _) => format!(", {} EV each", p.each),
    };
    write!(f, "\n  {:>3} EV  {who}: {priced}{each}", p.ev)?;
    if let Some(note) = &p.note {
        write!(f, "; {note}")?;
    }
    for d in &p.deviations {
        let ids = if p.deviations.len() > 1 {
            format!("{}: ", d.ids.join(", "))
        } else {
            String::new()
        };
        write!(f, "\n         {ids}{d}")?;
    }
    Ok(())
}

/// Several lines, the first `budget: …`; the command line indents them under the scenario.
impl fmt::Display for BudgetReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut levels: Vec<(u32, usize)> = Vec::new();
        let extra = self.extra_heroes.iter().map(|x| x.level);
        for level in self.hero_levels.iter().copied().chain(extra) {
            match levels.iter_mut().find(|(l, _)| *l == level) {
                Some((_, n)) => *n += 1,
                None => levels.push((level, 1)),
            }
        }
        levels.sort_unstable();
        let per_level: Vec<String> = levels
            .iter()
            .map(|(level, n)| format!("{n} × level {level} at {} EV", hero_budget(*level)))
            .collect();
        let b = &self.budget;
        let heroes = self.hero_levels.len() + self.extra_heroes.len();
        write!(
            f,
            "budget: {} EV for {} hero{} ({}); Easy {}, Standard {}, Hard {}, Extreme {}",
            b.standard,
            heroes,
            if heroes == 1 { "" } else { "es" },
            per_level.join(", "),
            b.easy,
            b.standard,
            b.hard,
            b.extreme
        )?;
        for x in &self.extra_heroes {
            write!(
                f,
                "\ncounted as a hero: `{}`, level {}: {}",
                x.id, x.level, x.why
            )?;
        }
        write!(f, "\nDirector: {} EV → {:?}", self.ev, self.difficulty)?;
        for p in &self.purchases {
            write_purchase(f, p)?;
        }
        for u in &self.unpriced {
            write!(f, "\nnot priced, not in the EV: `{}`: {}", u.id, u.reason)?;
        }
        if !self.reinforcements.is_empty() {
            let ev: u32 = self.reinforcements.iter().map(|p| p.ev).sum();
            write!(f, "\nscripted reinforcements, not in the EV: {ev} EV")?;
            for p in &self.reinforcements {
                write_purchase(f, p)?;
            }
        }
        for s in &self.objective_steps {
            write!(f, "\nobjective {}: {}", s.objective, s.why)?;
        }
        if !self.objective_steps.is_empty() {
            write!(f, "\nwith the objectives: {:?}", self.effective)?;
        }
        for what in &self.not_assessed {
            write!(f, "\nnot assessed: {what}")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use crate::creature::Side;
    use crate::director::monster::Organization;
    use crate::scenario::{CreatureSpec, LIBRARY, ron_options};

    #[test]
    fn every_director_template_in_the_library_is_priced_by_a_valid_formula() {
        let library: BTreeMap<String, CreatureSpec> = ron_options().from_str(LIBRARY).unwrap();
        let mut director = 0;
        for (name, t) in &library {
            if t.side != Some(Side::Director) {
                assert_eq!(t.monster, None, "{name} is a hero");
                continue;
            }
            director += 1;
            let formula = t
                .monster
                .unwrap_or_else(|| panic!("{name} has no `monster`"));
            assert_eq!(formula.problems(), Vec::<String>::new(), "{name}");
            assert_eq!(
                formula.organization == Organization::Minion,
                t.minion == Some(true),
                "{name}: a minion exactly when its organization is Minion"
            );
        }
        assert!(director >= 7, "{director} Director templates");
    }
}
