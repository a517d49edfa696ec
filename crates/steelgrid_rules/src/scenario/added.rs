//! The scenario's [`Bestiary`]: a creature the Director brings in mid-fight
//! (`DirectorOverride(AddCreature(…))`) is made from a template as the scenario's own
//! creatures are when it loads — the scenario's `templates` first, then the built-in library
//! (the content library, the bestiary's factions, the class heroes) — its body checked and the
//! abilities and Malice features it names looked up the same way.
//!
//! A creature brought in comes on its own: a template that puts it in a minion squad, makes it
//! a captain, a retainer, a rider or grabbed is refused (those belong to a scenario's opening).

use std::collections::BTreeMap;

use super::{Checker, CreatureSpec, ScenarioFile, build_creature_list, library, ron_options};
use crate::ability::AbilityBook;
use crate::command::NewCreature;
use crate::encounter::added::{Added, Bestiary};
use crate::grid::Map;

/// What the scenario knows of creatures beyond its own list: its templates, abilities and
/// Malice features (the rest of the file left empty).
#[derive(Clone, Debug)]
pub(crate) struct ScenarioBestiary {
    local: ScenarioFile,
}

impl ScenarioBestiary {
    pub(crate) fn of(parsed: &ScenarioFile) -> ScenarioBestiary {
        let mut local: ScenarioFile = ron_options()
            .from_str("Scenario(name: \"\", map: (rows: []), creatures: [])")
            .expect("an empty scenario file parses");
        local.templates = parsed.templates.clone();
        local.abilities = parsed.abilities.clone();
        local.malice_features = parsed.malice_features.clone();
        ScenarioBestiary { local }
    }
}

impl Bestiary for ScenarioBestiary {
    fn resolve(&self, new: &NewCreature, map: &Map) -> Result<Added, Vec<String>> {
        let id = &new.id;
        let library = library();
        let Some(template) = super::template(&self.local, library, &new.template) else {
            return Err(vec![format!(
                "there is no template `{}` for `{id}` in the scenario or the built-in library (`steelgrid check` lists its kinds)",
                new.template
            )]);
        };
        let spec = CreatureSpec {
            id: Some(id.clone()),
            template: Some(new.template.clone()),
            name: new.name.clone(),
            side: new.side,
            group: new.group.clone(),
            position: Some(new.position),
            ..CreatureSpec::default()
        }
        .over(template);
        let joins: Vec<&str> = [
            ("squad", spec.squad.is_some()),
            ("captain_of", spec.captain_of.is_some()),
            ("retainer_of", spec.retainer_of.is_some()),
            ("riding", spec.riding.is_some()),
            ("grabbed_by", spec.grabbed_by.is_some()),
        ]
        .into_iter()
        .filter_map(|(field, set)| set.then_some(field))
        .collect();
        if !joins.is_empty() {
            return Err(vec![format!(
                "`{id}` comes in on its own, but its template `{}` gives it {}",
                new.template,
                joins
                    .iter()
                    .map(|f| format!("`{f}`"))
                    .collect::<Vec<_>>()
                    .join(", ")
            )]);
        }
        let mut ck = Checker::new("the override", "");
        let built = build_creature_list(
            &mut ck,
            &self.local,
            std::slice::from_ref(&spec),
            0,
            &[],
            map,
        );
        let mut book = AbilityBook::default();
        let mut malice_features = BTreeMap::new();
        if let Some(record) = built.first() {
            super::scripted::gather(
                &mut ck,
                &self.local,
                record,
                0,
                &mut book,
                &mut malice_features,
            );
        }
        match built.into_iter().next() {
            Some(record) if ck.problems.is_empty() => Ok(Added {
                record,
                abilities: book.0,
                malice_features,
            }),
            _ => Err(ck.problems.into_iter().map(|d| d.message).collect()),
        }
    }
}
