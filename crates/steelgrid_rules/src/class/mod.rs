//! Classes (seed 002 L1305-1331): the nine a hero may be, each with its own heroic resource by
//! name (L1309-1327, L1353-1362). The seed names the resources but not how they grow (core
//! digest AMB-34), nor a class's Stamina or characteristics: those are this project's reading,
//! written as data in `content/classes/<class>.ron` beside the class's abilities.

pub mod gain;
pub mod strain;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ability::{Ability, Kit};
use crate::creature::{Characteristic, Characteristics};
use crate::grid::Size;

pub use crate::terms::class::{Class, Gain, GainOn, GainsThisRound};

impl Class {
    /// The class as its content file writes it.
    pub fn spec(self) -> &'static ClassSpec {
        &library()[&self]
    }

    /// The name of its heroic resource: Wrath, Piety, … (seed 002 L1353-1362).
    pub fn resource(self) -> &'static str {
        &self.spec().resource
    }
}

impl crate::creature::Hero {
    /// Its heroic resource's name: its class's (Wrath, Piety, …), or "heroic resource".
    pub fn resource_name(&self) -> &'static str {
        self.class.map_or("heroic resource", Class::resource)
    }
}

/// A class as content writes it: what a hero of it is at each level, how its heroic resource
/// grows, and its abilities.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClassSpec {
    pub name: String,
    /// What the class is, in a line or two (after seed 002 L1309-1327).
    pub story: String,
    /// Its heroic resource's name (seed 002 L1353-1362).
    pub resource: String,
    /// Heroic resource gained at the start of each of its turns.
    pub per_turn: i32,
    /// What else makes it grow, each the first time in a round.
    pub gains: Vec<Gain>,
    /// How far below 0 the resource may be spent, and what that costs (the Talent's Clarity,
    /// seed 002 L159, L503).
    #[serde(default)]
    pub strain: Option<Strain>,
    pub characteristics: Characteristics,
    pub stamina: StaminaByLevel,
    pub recoveries: u32,
    pub speed: u32,
    pub size: Size,
    pub stability: u32,
    #[serde(default)]
    pub kit: Kit,
    /// The silhouette the window draws its heroes with.
    pub icon: String,
    /// The abilities a hero of each level has: the first list at level 1, each next list
    /// added at the next level.
    pub levels: Vec<Vec<String>>,
    /// Its abilities, by id.
    pub abilities: BTreeMap<String, Ability>,
}

/// Maximum Stamina: `first` at level 1, `per_level` more at each level after.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StaminaByLevel {
    pub first: i32,
    pub per_level: i32,
}

/// A resource that may be spent below 0 (seed 002 L159: the Talent's Clarity), down to
/// `-(depth + characteristic)`; while it is below 0 the hero is strained (L503) and, in this
/// project's reading, loses `stamina_per_point` Stamina for each point below 0 at the end of
/// each of its turns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Strain {
    pub depth: i32,
    pub plus: Characteristic,
    pub stamina_per_point: u32,
}

impl Strain {
    /// The lowest the resource may go for a hero with `characteristics`.
    pub fn floor(&self, characteristics: &Characteristics) -> i32 {
        -(self.depth + characteristics.get(self.plus)).max(0)
    }
}

impl ClassSpec {
    /// Maximum Stamina at `level`.
    pub fn stamina_at(&self, level: u32) -> i32 {
        self.stamina.first + self.stamina.per_level * (level.max(1) as i32 - 1)
    }

    /// The ids of the abilities a hero of `level` has, earliest first.
    pub fn abilities_at(&self, level: u32) -> Vec<String> {
        self.levels
            .iter()
            .take(level as usize)
            .flatten()
            .cloned()
            .collect()
    }

    /// Every way the file contradicts itself or the ability format, in words.
    pub fn problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        for id in self.levels.iter().flatten() {
            if !self.abilities.contains_key(id) {
                out.push(format!(
                    "level list names `{id}`, which is not among its abilities"
                ));
            }
        }
        for id in self.abilities.keys() {
            if !self.levels.iter().flatten().any(|l| l == id) {
                out.push(format!("ability `{id}` is in no level's list"));
            }
        }
        for (id, ability) in &self.abilities {
            for problem in ability.problems() {
                out.push(format!("ability `{id}`: {problem}"));
            }
        }
        out
    }
}

/// Each class's content file.
const FILES: [(Class, &str); 9] = [
    (
        Class::Censor,
        include_str!("../../content/classes/censor.ron"),
    ),
    (
        Class::Conduit,
        include_str!("../../content/classes/conduit.ron"),
    ),
    (
        Class::Elementalist,
        include_str!("../../content/classes/elementalist.ron"),
    ),
    (Class::Fury, include_str!("../../content/classes/fury.ron")),
    (Class::Null, include_str!("../../content/classes/null.ron")),
    (
        Class::Shadow,
        include_str!("../../content/classes/shadow.ron"),
    ),
    (
        Class::Tactician,
        include_str!("../../content/classes/tactician.ron"),
    ),
    (
        Class::Talent,
        include_str!("../../content/classes/talent.ron"),
    ),
    (
        Class::Troubadour,
        include_str!("../../content/classes/troubadour.ron"),
    ),
];

/// Parse one class file; the error says where (`line:col`). Optional fields may be written
/// bare, as in scenarios.
pub fn parse(src: &str) -> Result<ClassSpec, String> {
    ron::Options::default()
        .with_default_extension(ron::extensions::Extensions::IMPLICIT_SOME)
        .from_str(src)
        .map_err(|e| format!("{}:{}: {}", e.span.start.line, e.span.start.col, e.code))
}

/// The nine classes, parsed once.
pub fn library() -> &'static BTreeMap<Class, ClassSpec> {
    static LIBRARY: std::sync::OnceLock<BTreeMap<Class, ClassSpec>> = std::sync::OnceLock::new();
    LIBRARY.get_or_init(|| {
        FILES
            .iter()
            .map(|(class, src)| {
                let spec = parse(src).unwrap_or_else(|e| {
                    panic!(
                        "content/classes/{}.ron:{e} (checked by its own test)",
                        class.id()
                    )
                });
                (*class, spec)
            })
            .collect()
    })
}

/// Every class's abilities, by id.
pub fn abilities() -> impl Iterator<Item = (&'static String, &'static Ability)> {
    library().values().flat_map(|c| &c.abilities)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ability::{ActionType, Cost};

    /// What each class's file must offer (issue 20): at least eight abilities over levels 1 to
    /// 3, two signatures, heroic abilities at several costs, a triggered action, a maneuver.
    fn shortfalls(spec: &ClassSpec) -> Vec<String> {
        let all: Vec<&Ability> = spec.abilities.values().collect();
        let costs: std::collections::BTreeSet<u32> = all
            .iter()
            .filter_map(|a| match a.cost {
                Some(Cost::Resource(n)) => Some(n),
                _ => None,
            })
            .collect();
        let mut out = Vec::new();
        let mut short = |ok: bool, what: &str| {
            if !ok {
                out.push(what.to_owned());
            }
        };
        short(all.len() >= 8, "at least eight abilities");
        short(spec.levels.len() == 3, "three levels' lists");
        short(
            spec.levels.iter().all(|l| !l.is_empty()),
            "an ability at every level",
        );
        short(
            all.iter().filter(|a| a.signature).count() >= 2,
            "two signature abilities",
        );
        short(costs.len() >= 2, "heroic abilities at two or more costs");
        short(all.iter().any(|a| a.is_triggered()), "a triggered action");
        short(
            all.iter().any(|a| a.action == ActionType::Maneuver),
            "a maneuver",
        );
        out
    }

    /// Each file as it is on disk, so an author sees its mistakes at `line:col` without a build.
    #[test]
    fn every_class_file_parses_follows_the_ability_format_and_offers_a_full_kit() {
        let mut problems = Vec::new();
        let library: BTreeMap<String, Ability> = crate::scenario::ron_options()
            .from_str(crate::ability::LIBRARY)
            .expect("the ability library parses");
        let mut seen: BTreeMap<String, String> = library
            .into_keys()
            .map(|id| (id, "abilities.ron".into()))
            .collect();
        for class in Class::ALL {
            let path = format!(
                "{}/content/classes/{}.ron",
                env!("CARGO_MANIFEST_DIR"),
                class.id()
            );
            let src = std::fs::read_to_string(&path).expect("each class has its file");
            match parse(&src) {
                Err(e) => problems.push(format!("{path}:{e}")),
                Ok(spec) => {
                    for id in spec.abilities.keys() {
                        if let Some(other) = seen.insert(id.clone(), class.id().into()) {
                            problems.push(format!("{path}: ability id `{id}` is also in {other}"));
                        }
                    }
                    problems.extend(
                        spec.problems()
                            .into_iter()
                            .chain(shortfalls(&spec))
                            .map(|p| format!("{path}: {p}")),
                    )
                }
            }
        }
        assert!(problems.is_empty(), "{}", problems.join("\n"));
    }
}
