//! The bestiary: monster factions, each a file in `content/bestiary/` with its monsters (as
//! creature templates priced by their monster formula, seed 002 L4686-4736), their abilities
//! and villain actions (L4182-4194) and the faction's Malice features (L4344).

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use super::CreatureSpec;
use crate::ability::Ability;
use crate::director::malice::MaliceFeature;

/// A monster faction as its file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Faction {
    pub name: String,
    /// Who they are, in a line or two.
    pub story: String,
    /// The faction's Malice features, by id (seed 002 L4344).
    pub malice_features: BTreeMap<String, MaliceFeature>,
    /// Its monsters' abilities and villain actions, by id.
    pub abilities: BTreeMap<String, Ability>,
    /// Its monsters, as creature templates, by id.
    pub monsters: BTreeMap<String, CreatureSpec>,
}

/// Each faction's file, by id.
const FILES: &[(&str, &str)] = &[
    (
        "briarfolk",
        include_str!("../../content/bestiary/briarfolk.ron"),
    ),
    (
        "cinderborn",
        include_str!("../../content/bestiary/cinderborn.ron"),
    ),
    (
        "drowned_court",
        include_str!("../../content/bestiary/drowned_court.ron"),
    ),
    (
        "iron_legion",
        include_str!("../../content/bestiary/iron_legion.ron"),
    ),
    (
        "hollow_choir",
        include_str!("../../content/bestiary/hollow_choir.ron"),
    ),
];

/// Parse one faction file; the error says where (`line:col`).
pub fn parse(src: &str) -> Result<Faction, String> {
    super::ron_options()
        .from_str(src)
        .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
}

/// The factions, by id, parsed once.
pub fn factions() -> &'static BTreeMap<&'static str, Faction> {
    static FACTIONS: std::sync::OnceLock<BTreeMap<&'static str, Faction>> =
        std::sync::OnceLock::new();
    FACTIONS.get_or_init(|| {
        FILES
            .iter()
            .map(|(id, src)| {
                let faction = parse(src).unwrap_or_else(|e| {
                    panic!("content/bestiary/{id}.ron:{e} (checked by its own test)")
                });
                (*id, faction)
            })
            .collect()
    })
}

/// The faction file ids, for the test that reads them from disk.
pub fn faction_ids() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(id, _)| *id)
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::ability::ActionType;
    use crate::director::monster::{Organization, Role};
    use crate::encounter_budget::{self, Deviation};

    /// A fight with one of each of `faction`'s monsters, to price them as `check` does.
    fn muster(id: &str, faction: &Faction) -> String {
        let creatures: Vec<String> = faction
            .monsters
            .keys()
            .enumerate()
            .map(|(i, m)| {
                let (x, y) = (4 * (i % 9) + 1, 4 * (i / 9) + 1);
                format!("(id: \"{m}\", template: \"{m}\", position: ({x}, {y}))")
            })
            .chain(["(id: \"hero\", template: \"vanguard\", position: (39, 39))".into()])
            .collect();
        let row = ".".repeat(40);
        format!(
            "(name: \"{id}\", map: (rows: [{rows}]), creatures: [{c}], templates: {t}, \
             abilities: {a}, malice_features: {f})",
            rows = vec![format!("\"{row}\""); 40].join(","),
            c = creatures.join(","),
            t = ron(&faction.monsters),
            a = ron(&faction.abilities),
            f = ron(&faction.malice_features),
        )
    }

    /// A value written back as RON.
    fn ron<T: Serialize>(v: &T) -> String {
        ron::to_string(v).expect("content writes back as RON")
    }

    fn path(id: &str) -> String {
        format!("{}/content/bestiary/{id}.ron", env!("CARGO_MANIFEST_DIR"))
    }

    /// Whether any number is off its formula.
    fn off_formula(d: &Deviation) -> Vec<String> {
        let mut out = Vec::new();
        let mut versus = |what: &str, w: i64, f: i64| {
            if w != f {
                out.push(format!("{what} {w} (formula {f})"));
            }
        };
        versus("Stamina", d.stamina.written, d.stamina.formula);
        versus("free strike", d.free_strike.written, d.free_strike.formula);
        versus(
            "highest characteristic",
            d.highest_characteristic.written,
            d.highest_characteristic.formula,
        );
        if let Some(a) = &d.ability
            && a.written != a.formula
        {
            out.push(format!(
                "{} damage {:?} (formula {:?})",
                a.name, a.written, a.formula
            ));
        }
        out
    }

    /// Each of `faction`'s monsters off its formula without a `deviates:`, or with one but on
    /// its formula, priced as `steelgrid check` prices it.
    fn formula_problems(id: &str, faction: &Faction) -> Vec<String> {
        let scenario = match crate::scenario::load(&path(id), &muster(id, faction)) {
            Ok(s) => s,
            Err(d) => return d.iter().map(|d| d.to_string()).collect(),
        };
        let mut problems = Vec::new();
        for purchase in encounter_budget::report(&scenario).purchases {
            for d in &purchase.deviations {
                let off = off_formula(d);
                for m in &d.ids {
                    match (off.is_empty(), faction.monsters[m].deviates.is_some()) {
                        (false, false) => problems.push(format!(
                            "{id}: `{m}` is off its formula ({}) and names no `deviates:`",
                            off.join(", ")
                        )),
                        (true, true) => problems.push(format!(
                            "{id}: `{m}` names a deviation but follows its formula"
                        )),
                        _ => {}
                    }
                }
            }
        }
        problems
    }

    /// Every monster in `content/bestiary/` as it is on disk, and the first monsters of
    /// `content/creatures.ron`: it follows its formula or names its deviation; leaders and solos have three villain actions; the bestiary covers levels
    /// 1 to 6, every organisation and every role, in five factions.
    #[test]
    fn every_bestiary_monster_is_its_formula_or_names_its_deviation() {
        let mut problems = Vec::new();
        let (mut levels, mut orgs, mut roles, mut count) =
            (BTreeSet::new(), BTreeSet::new(), BTreeSet::new(), 0);
        for id in faction_ids() {
            let src = std::fs::read_to_string(path(id)).expect("each faction has its file");
            let faction = match parse(&src) {
                Ok(f) => f,
                Err(e) => {
                    problems.push(format!("{}:{e}", path(id)));
                    continue;
                }
            };
            if faction.malice_features.len() < 3 {
                problems.push(format!("{id}: a faction needs three Malice features"));
            }
            for (m, spec) in &faction.monsters {
                count += 1;
                let Some(formula) = spec.monster else {
                    problems.push(format!("{id}: `{m}` has no `monster:` formula"));
                    continue;
                };
                levels.insert(formula.level);
                orgs.insert(format!("{:?}", formula.organization));
                roles.extend(formula.role.map(|r| format!("{r:?}")));
                let villain_actions = spec
                    .abilities
                    .iter()
                    .flatten()
                    .filter_map(|a| faction.abilities.get(a))
                    .filter(|a| a.action == ActionType::VillainAction)
                    .count();
                let boss = matches!(
                    formula.organization,
                    Organization::Leader | Organization::Solo
                );
                if boss && villain_actions != 3 {
                    problems.push(format!(
                        "{id}: `{m}` is a {:?} with {villain_actions} villain actions, not 3",
                        formula.organization
                    ));
                }
            }
            problems.extend(formula_problems(id, &faction));
        }
        // The first monsters, in `content/creatures.ron`, are held to the same.
        let first: BTreeMap<String, CreatureSpec> = crate::scenario::ron_options()
            .from_str(crate::scenario::LIBRARY)
            .expect("the library parses");
        let first = Faction {
            name: "the first monsters".into(),
            story: String::new(),
            malice_features: BTreeMap::new(),
            abilities: BTreeMap::new(),
            monsters: first
                .into_iter()
                .filter(|(_, m)| m.monster.is_some())
                .collect(),
        };
        assert_eq!(first.monsters.len(), 7);
        problems.extend(formula_problems("creatures.ron", &first));
        let every = |all: Vec<String>, have: &BTreeSet<String>, what: &str| {
            all.into_iter()
                .filter(|x| !have.contains(x))
                .map(|x| format!("no monster is {what} {x}"))
                .collect::<Vec<_>>()
        };
        problems.extend(every(
            Organization::ALL.iter().map(|o| format!("{o:?}")).collect(),
            &orgs,
            "organised as a",
        ));
        problems.extend(every(
            Role::ALL.iter().map(|r| format!("{r:?}")).collect(),
            &roles,
            "in the role",
        ));
        for level in 1..=6 {
            if !levels.contains(&level) {
                problems.push(format!("no monster of level {level}"));
            }
        }
        if count < 40 {
            problems.push(format!("{count} monsters; the bestiary needs 40"));
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
