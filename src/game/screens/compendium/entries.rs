//! The compendium's entries: every class, ability, monster, condition and rule, each the full
//! text with its numbers and the seed lines it rests on. Abilities are written by the same
//! function as the tooltips' cards.

use steelgrid_rules::ability::Ability;
use steelgrid_rules::class::{Class, ClassSpec};
use steelgrid_rules::director::monster::Reading;
use steelgrid_rules::rule;
use steelgrid_rules::scenario::{self, CreatureSpec, bestiary};

use crate::game::ui::tooltip::{Card, ability_text};

/// What an entry is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Kind {
    Class,
    Ability,
    Monster,
    Condition,
    Rule,
}

impl Kind {
    pub fn word(self) -> &'static str {
        match self {
            Kind::Class => "class",
            Kind::Ability => "ability",
            Kind::Monster => "monster",
            Kind::Condition => "condition",
            Kind::Rule => "rule",
        }
    }
}

/// One entry: its name, what it is, words to find it by, and its text.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    pub kind: Kind,
    pub name: String,
    pub keywords: Vec<String>,
    pub text: String,
}

impl Entry {
    /// Whether every word of `query` is in its name, kind, keywords or text (any case).
    pub fn matches(&self, query: &str) -> bool {
        let haystack = format!(
            "{} {} {} {}",
            self.name,
            self.kind.word(),
            self.keywords.join(" "),
            self.text
        )
        .to_lowercase();
        query
            .to_lowercase()
            .split_whitespace()
            .all(|word| haystack.contains(word))
    }
}

impl Entry {
    /// Whether every word of `query` is in its name.
    pub fn named_by(&self, query: &str) -> bool {
        let name = self.name.to_lowercase();
        query
            .to_lowercase()
            .split_whitespace()
            .all(|word| name.contains(word))
    }
}

/// Every entry: the classes, then the abilities, monsters, conditions and rules, each by name.
pub fn all() -> Vec<Entry> {
    let mut out: Vec<Entry> = Class::ALL.iter().map(|c| class(c.spec())).collect();
    let mut abilities: Vec<Entry> = scenario::ability_library()
        .iter()
        .map(|(id, a)| ability(id, a))
        .collect();
    abilities.sort_by(|a, b| a.name.cmp(&b.name));
    out.extend(abilities);
    let mut monsters: Vec<Entry> = bestiary::factions()
        .values()
        .flat_map(|f| f.monsters.values().map(move |m| monster(m, Some(&f.name))))
        .chain(
            scenario::library_kinds()
                .into_iter()
                .filter(|kind| {
                    !bestiary::factions()
                        .values()
                        .any(|f| f.monsters.contains_key(*kind))
                })
                .filter_map(scenario::library_template)
                .filter(|t| t.monster.is_some())
                .map(|t| monster(t, None)),
        )
        .collect();
    monsters.sort_by(|a, b| a.name.cmp(&b.name));
    out.extend(monsters);
    for r in rule::ALL {
        let kind = if r.id.starts_with("condition.") {
            Kind::Condition
        } else {
            Kind::Rule
        };
        out.push(Entry {
            kind,
            name: r.id.to_owned(),
            keywords: r.id.split('.').map(str::to_owned).collect(),
            text: format!("{}\n\nSeed: {}", r.summary, r.seed),
        });
    }
    out
}

fn class(spec: &ClassSpec) -> Entry {
    let gains: Vec<String> = spec
        .gains
        .iter()
        .map(|g| {
            format!(
                "+{} the first time each round on {}",
                g.amount,
                g.on.words()
            )
        })
        .collect();
    let ch = &spec.characteristics;
    let mut lines = vec![
        format!("{} — heroic resource {}", spec.name, spec.resource),
        spec.story.clone(),
        String::new(),
        format!(
            "{}: +{} at the start of each of its turns; {}.",
            spec.resource,
            spec.per_turn,
            gains.join("; ")
        ),
        "How it grows is this project's reading: the seed names the resource but not its gains \
         (core digest AMB-34)."
            .to_owned(),
    ];
    if let Some(strain) = spec.strain {
        lines.push(format!(
            "May be spent below 0, down to -({} + {:?}); while below 0 it is strained and loses {} \
             Stamina a point at the end of its turn (seed 002 L159, L503).",
            strain.depth, strain.plus, strain.stamina_per_point
        ));
    }
    lines.push(format!(
        "Stamina {} at level 1, +{} a level; Recoveries {}; Speed {}; Stability {}; kit +{} melee, +{} ranged",
        spec.stamina.first,
        spec.stamina.per_level,
        spec.recoveries,
        spec.speed,
        spec.stability,
        spec.kit.melee_damage,
        spec.kit.ranged_damage
    ));
    lines.push(format!(
        "Might {:+}  Agility {:+}  Reason {:+}  Intuition {:+}  Presence {:+}",
        ch.might, ch.agility, ch.reason, ch.intuition, ch.presence
    ));
    lines.push(String::new());
    for (i, ids) in spec.levels.iter().enumerate() {
        let names: Vec<&str> = ids
            .iter()
            .filter_map(|id| spec.abilities.get(id))
            .map(|a| a.name.as_str())
            .collect();
        lines.push(format!("Level {}: {}", i + 1, names.join(", ")));
    }
    lines.push(String::new());
    lines.push("Seed: seed 002 L1309-1327, L1353-1362".to_owned());
    Entry {
        kind: Kind::Class,
        name: spec.name.clone(),
        keywords: vec![spec.resource.clone(), "hero".into()],
        text: lines.join("\n"),
    }
}

fn ability(id: &str, a: &Ability) -> Entry {
    let class = Class::ALL
        .into_iter()
        .find(|c| c.spec().abilities.contains_key(id));
    let mut lines = ability_text(
        a,
        &Card {
            consumable: false,
            trigger: a.trigger.as_ref().map(|t| t.text.as_str()),
            value: None,
            extra: a.spend.as_ref().map(|s| s.cost),
            resource: class.map_or("heroic resource", Class::resource),
        },
    );
    lines.push(String::new());
    lines.push("Seed: the ability format, seed 002 L1333-1372, L1522-1565".to_owned());
    let mut keywords: Vec<String> = a.keywords.iter().map(|k| format!("{k:?}")).collect();
    keywords.push(a.action.name().to_owned());
    if a.signature {
        keywords.push("signature".into());
    }
    if let Some(class) = class {
        keywords.push(class.spec().name.clone());
        keywords.push(class.spec().resource.clone());
    }
    Entry {
        kind: Kind::Ability,
        name: a.name.clone(),
        keywords,
        text: lines.join("\n"),
    }
}

fn monster(m: &CreatureSpec, faction: Option<&str>) -> Entry {
    let name = m.name.clone().unwrap_or_default();
    let formula = m.monster.expect("a monster has its formula");
    let role = formula.role.map(|r| format!(" {r:?}")).unwrap_or_default();
    let ch = m.characteristics.unwrap_or_default();
    let mut lines = vec![
        format!(
            "{name} — level {} {:?}{role}{}",
            formula.level,
            formula.organization,
            faction.map(|f| format!(", {f}")).unwrap_or_default()
        ),
        format!(
            "EV {}{}  Stamina {}  Speed {}  Stability {}  Free strike {}",
            formula.ev(),
            if m.minion == Some(true) {
                " for four"
            } else {
                ""
            },
            m.stamina.unwrap_or(0),
            m.speed.unwrap_or(5),
            m.stability.unwrap_or(0),
            m.free_strike.unwrap_or(0)
        ),
        format!(
            "Might {:+}  Agility {:+}  Reason {:+}  Intuition {:+}  Presence {:+}",
            ch.might, ch.agility, ch.reason, ch.intuition, ch.presence
        ),
    ];
    if let Some(why) = &m.deviates {
        lines.push(format!("Deviates from its formula: {why}"));
    }
    lines.push(String::new());
    for id in m.abilities.iter().flatten() {
        if let Some(a) = scenario::ability_library().get(id) {
            let trigger = a.trigger.as_ref().map(|t| t.text.as_str());
            let bonus = a
                .power_roll
                .as_ref()
                .and_then(|r| r.characteristic_for(&ch))
                .map_or(0, |c| ch.get(c));
            lines.extend(ability_text(
                a,
                &Card {
                    consumable: false,
                    trigger,
                    value: Some(bonus),
                    extra: None,
                    resource: "Malice",
                },
            ));
        }
    }
    for id in m.malice_features.iter().flatten() {
        if let Some(f) = scenario::malice_library().get(id) {
            lines.push(format!(
                "Malice {}: {} — {}",
                f.cost,
                f.name,
                f.effect.describe()
            ));
        }
    }
    lines.push(String::new());
    lines.push(format!(
        "The formula for it: {}",
        formula
            .stat_block(Reading::SEED)
            .to_string()
            .replace('\n', "; ")
    ));
    lines.push("Seed: seed 002 L4686-4736 (monster formulas), L4182-4194 (villain actions)".into());
    Entry {
        kind: Kind::Monster,
        name,
        keywords: [
            Some(format!("{:?}", formula.organization)),
            formula.role.map(|r| format!("{r:?}")),
            faction.map(str::to_owned),
            Some(format!("level {}", formula.level)),
        ]
        .into_iter()
        .flatten()
        .collect(),
        text: lines.join("\n"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_compendium_holds_every_class_monster_and_condition_and_finds_them_by_keyword() {
        let all = all();
        let count = |k: Kind| all.iter().filter(|e| e.kind == k).count();
        assert_eq!(count(Kind::Class), 9);
        assert!(
            count(Kind::Monster) >= 49,
            "the bestiary and the first monsters"
        );
        assert!(count(Kind::Ability) >= 90 + 25);
        assert!(count(Kind::Condition) >= 9);
        let fury = all.iter().find(|e| e.name == "Fury").expect("the Fury");
        assert!(
            fury.text
                .contains("Ferocity: +2 at the start of each of its turns")
        );
        assert!(
            fury.text.contains("AMB-34"),
            "marked as this project's reading"
        );
        let found: Vec<&str> = all
            .iter()
            .filter(|e| e.matches("ferocity signature"))
            .map(|e| e.name.as_str())
            .collect();
        assert!(found.contains(&"Wrecking Blow"), "{found:?}");
        let regent = all.iter().find(|e| e.name == "The Sunken Regent").unwrap();
        assert!(regent.text.contains("level 6 Solo"), "{}", regent.text);
        assert!(regent.text.contains("villain action"), "{}", regent.text);
    }
}
