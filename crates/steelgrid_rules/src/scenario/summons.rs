//! The creatures a scenario's abilities summon, built from their templates as it loads.

use super::scripted::gather;
use super::{Checker, CreatureSpec, ScenarioFile};
use crate::ability::AbilityBook;
use crate::creature::Side;
use crate::director::malice::MaliceFeature;
use crate::grid::Map;
use crate::summon::{SummonTable, first_open};
use std::collections::{BTreeMap, BTreeSet};

/// Resolve every template the encounter's abilities summon — and those their summons' own
/// abilities summon — reporting a problem at the scenario's `abilities` (or its start).
pub(crate) fn build(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    book: &mut AbilityBook,
    features: &mut BTreeMap<String, MaliceFeature>,
) -> SummonTable {
    let at = ck.top("abilities").unwrap_or(0);
    let mut table = BTreeMap::new();
    let mut failed = BTreeSet::new();
    loop {
        let wanted: Vec<String> = book
            .0
            .values()
            .flat_map(|a| a.effect.iter().flat_map(|e| &e.summon))
            .map(|s| s.template.clone())
            .filter(|t| !table.contains_key(t) && !failed.contains(t))
            .collect();
        let Some(template) = wanted.into_iter().next() else {
            break;
        };
        // Checked where it stands on the map's first open square; it appears elsewhere.
        let spec = CreatureSpec {
            id: Some(template.clone()),
            template: Some(template.clone()),
            side: Some(Side::Director),
            position: first_open(map),
            ..CreatureSpec::default()
        };
        let before = ck.problems.len();
        let built = crate::scenario::build_creature_list(
            ck,
            parsed,
            std::slice::from_ref(&spec),
            at,
            &[],
            map,
        );
        match built.into_iter().next() {
            Some(record) if ck.problems.len() == before => {
                gather(ck, parsed, &record, at, book, features);
                table.insert(template, record);
            }
            // build_creature_list reported why.
            _ => {
                failed.insert(template);
            }
        }
    }
    SummonTable(table)
}
