//! The built-in content as the README lists it: the classes, the bestiary by level and
//! organisation, and every template's id. The README's copies are checked against these by a
//! test (`STEELGRID_BLESS=1` writes them anew), so the lists never fall behind the content.

use std::collections::BTreeMap;

use crate::ability::Cost;
use crate::class::{Class, ClassSpec};
use crate::director::monster::Organization;

use super::bestiary;

/// One markdown table row.
fn row(cells: &[String]) -> String {
    format!("| {} |\n", cells.join(" | "))
}

/// The nine classes: resource, gains, signature abilities and the heroic abilities' costs.
pub fn classes_table() -> String {
    let mut out = row(&[
        "Class".into(),
        "Resource".into(),
        "Gained".into(),
        "Signature abilities".into(),
        "Heroic abilities (cost) by level".into(),
    ]);
    out.push_str("|---|---|---|---|---|\n");
    for class in Class::ALL {
        let spec = class.spec();
        let gains: Vec<String> = std::iter::once(format!("{} each turn", spec.per_turn))
            .chain(
                spec.gains
                    .iter()
                    .map(|g| format!("{} on {} (once a round)", g.amount, g.on.words())),
            )
            .collect();
        let strain = spec
            .strain
            .map(|s| format!("; may go to −({} + {:?})", s.depth, s.plus))
            .unwrap_or_default();
        out.push_str(&row(&[
            spec.name.clone(),
            format!("{}{strain}", spec.resource),
            gains.join("; "),
            signatures(spec).join(", "),
            heroic_by_level(spec),
        ]));
    }
    out
}

fn signatures(spec: &ClassSpec) -> Vec<String> {
    spec.abilities_at(3)
        .iter()
        .filter_map(|id| spec.abilities.get(id))
        .filter(|a| a.signature)
        .map(|a| a.name.clone())
        .collect()
}

/// "L1: Name (3), …; L2: …".
fn heroic_by_level(spec: &ClassSpec) -> String {
    spec.levels
        .iter()
        .enumerate()
        .map(|(i, ids)| {
            let named: Vec<String> = ids
                .iter()
                .filter_map(|id| spec.abilities.get(id))
                .filter_map(|a| match a.cost {
                    Some(Cost::Resource(n)) => Some(format!("{} ({n})", a.name)),
                    _ => None,
                })
                .collect();
            format!("L{}: {}", i + 1, named.join(", "))
        })
        .collect::<Vec<_>>()
        .join("; ")
}

/// The bestiary as a grid: a row per level, a column per organisation, each cell the monsters
/// there (with their faction's initial).
pub fn bestiary_table() -> String {
    let mut grid: BTreeMap<(u32, usize), Vec<String>> = BTreeMap::new();
    for faction in bestiary::factions().values() {
        for spec in faction.monsters.values() {
            let Some(m) = spec.monster else { continue };
            let column = Organization::ALL
                .iter()
                .position(|o| *o == m.organization)
                .expect("every organisation is listed");
            let role = m.role.map(|r| format!(" ({r:?})")).unwrap_or_default();
            let name = spec.name.clone().unwrap_or_default();
            grid.entry((m.level, column))
                .or_default()
                .push(format!("{name}{role}"));
        }
    }
    let mut out = row(&std::iter::once("Level".to_owned())
        .chain(Organization::ALL.iter().map(|o| format!("{o:?}")))
        .collect::<Vec<_>>());
    out.push_str(&format!(
        "|---{}|\n",
        "|---".repeat(Organization::ALL.len())
    ));
    let top = grid.keys().map(|k| k.0).max().unwrap_or(0);
    for level in 1..=top {
        let cells = (0..Organization::ALL.len()).map(|c| {
            grid.get(&(level, c))
                .map(|names| names.join(", "))
                .unwrap_or_default()
        });
        out.push_str(&row(&std::iter::once(level.to_string())
            .chain(cells)
            .collect::<Vec<_>>()));
    }
    out.push('\n');
    for faction in bestiary::factions().values() {
        out.push_str(&format!(
            "- **{}** ({} monsters): {}\n",
            faction.name,
            faction.monsters.len(),
            faction.story
        ));
    }
    out
}

/// Every built-in template's id, by kind.
pub fn templates_list() -> String {
    let classes: Vec<String> = Class::ALL
        .iter()
        .map(|c| format!("`{0}`, `{0}_2`, `{0}_3`", c.id()))
        .collect();
    let bestiary: Vec<&str> = bestiary::factions()
        .values()
        .flat_map(|f| f.monsters.keys().map(String::as_str))
        .collect();
    let others: Vec<&str> = super::library_kinds()
        .into_iter()
        .filter(|k| !bestiary.contains(k))
        .filter(|k| !Class::ALL.iter().any(|c| k.starts_with(c.id())))
        .collect();
    let ticked = |ids: &[&str]| {
        ids.iter()
            .map(|id| format!("`{id}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    format!(
        "- Heroes by class, at levels 1, 2 and 3: {}.\n- The first heroes and monsters (`content/creatures.ron`): {}.\n- The bestiary (`content/bestiary/`): {}.\n",
        classes.join("; "),
        ticked(&others),
        ticked(&bestiary)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The README's copy of each list, between `<!-- content:NAME -->` and
    /// `<!-- /content:NAME -->`, is what the content gives; `STEELGRID_BLESS=1` rewrites it.
    #[test]
    fn the_readme_lists_are_the_content() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../README.md");
        let mut readme = std::fs::read_to_string(path).expect("the README");
        let mut stale = Vec::new();
        for (name, text) in [
            ("classes", classes_table()),
            ("bestiary", bestiary_table()),
            ("templates", templates_list()),
        ] {
            let (open, close) = (
                format!("<!-- content:{name} -->\n"),
                format!("<!-- /content:{name} -->"),
            );
            let start = readme.find(&open).expect("the README marks the list") + open.len();
            let end = start + readme[start..].find(&close).expect("and its end");
            if readme[start..end] != text {
                stale.push(name);
                readme.replace_range(start..end, &text);
            }
        }
        if std::env::var_os("STEELGRID_BLESS").is_some() {
            std::fs::write(path, readme).expect("write the README");
        } else {
            assert!(
                stale.is_empty(),
                "the README's lists {stale:?} are behind the content: run with STEELGRID_BLESS=1"
            );
        }
    }
}
