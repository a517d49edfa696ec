//! The scenario's `script:` as written, checked and built into the rules' `Script`.

use super::{Checker, CreatureSpec, ScenarioFile};
use crate::ability::AbilityBook;
use crate::creature_record::CreatureRecord;
use crate::director::malice::MaliceFeature;
use crate::encounter::script::{Action, Ending, Script, ScriptRule, Trigger, Who};
use crate::grid::{Map, Square, Terrain};
use crate::source;
use serde::{Deserialize, Serialize};

/// What a scripted event does, as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionSpec {
    /// Bring in a creature, written like the scenario's creatures.
    Spawn(Box<CreatureSpec>),
    Narrate(String),
    /// Change the ground of these squares (objects get their material's Stamina).
    SetTerrain(Vec<Square>, Terrain),
    EndBattle(Ending),
}

/// One scripted event as written in the scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScriptEntry {
    pub when: Trigger,
    pub then: Vec<ActionSpec>,
}

/// Check the scenario's script and resolve its reinforcements (their abilities and Malice
/// features join the book), reporting each problem where it is written.
pub(crate) fn build(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    creatures: &[CreatureRecord],
    book: &mut AbilityBook,
    features: &mut std::collections::BTreeMap<String, MaliceFeature>,
) -> Script {
    let Some(list_at) = source::field(ck.src, None, "script") else {
        return Script::default();
    };
    let entries = source::list_elements(ck.src, list_at);
    let mut ids: Vec<String> = creatures.iter().map(|c| c.id.clone()).collect();
    let mut rules = Vec::new();
    for (i, entry) in parsed.script.iter().enumerate() {
        let entry_at = entries.get(i).copied().unwrap_or(list_at);
        let open = source::open_paren(ck.src, entry_at);
        let then_at = open.and_then(|o| source::field(ck.src, Some(o), "then"));
        let action_starts = then_at.map_or_else(Vec::new, |o| source::list_elements(ck.src, o));
        let mut then = Vec::new();
        for (j, action) in entry.then.iter().enumerate() {
            let at = action_starts
                .get(j)
                .copied()
                .or(then_at)
                .unwrap_or(entry_at);
            match action {
                ActionSpec::Spawn(spec) => {
                    // The creature's own `(` inside `Spawn(`.
                    let inner = source::open_paren(ck.src, at)
                        .and_then(|o| source::open_paren(ck.src, o + 1))
                        .unwrap_or(at);
                    let before = ck.problems.len();
                    let built = crate::scenario::build_creature_list(
                        ck,
                        parsed,
                        std::slice::from_ref(&**spec),
                        at,
                        &[inner],
                        map,
                    );
                    let Some(record) = built.into_iter().next() else {
                        continue;
                    };
                    if ck.problems.len() > before {
                        continue;
                    }
                    if ids.contains(&record.id) {
                        let id_at = source::field(ck.src, Some(inner), "id").unwrap_or(inner);
                        ck.at(
                            id_at,
                            format!(
                                "duplicate creature id `{}`: a scripted creature needs an id of its own",
                                record.id
                            ),
                        );
                        continue;
                    }
                    ids.push(record.id.clone());
                    gather(ck, parsed, &record, inner, book, features);
                    then.push(Action::Spawn(Box::new(record)));
                }
                ActionSpec::Narrate(text) => then.push(Action::Narrate(text.clone())),
                ActionSpec::SetTerrain(squares, terrain) => {
                    if let Some(sq) = squares.iter().find(|s| !map.in_bounds(**s)) {
                        ck.at(
                            at,
                            format!(
                                "SetTerrain: {sq} is off the map, which is {} wide and {} high",
                                map.width, map.height
                            ),
                        );
                    }
                    then.push(Action::SetTerrain(squares.clone(), *terrain));
                }
                ActionSpec::EndBattle(e) => then.push(Action::EndBattle(*e)),
            }
        }
        rules.push(ScriptRule {
            when: entry.when.clone(),
            then,
        });
    }
    // Now every id is known: check what the triggers name.
    for (i, entry) in parsed.script.iter().enumerate() {
        let entry_at = entries.get(i).copied().unwrap_or(list_at);
        let when_at = source::open_paren(ck.src, entry_at)
            .and_then(|o| source::field(ck.src, Some(o), "when"))
            .unwrap_or(entry_at);
        let creature = match &entry.when {
            Trigger::Enters(Who::Creature(c), _) | Trigger::Dies(c) => Some(c),
            _ => None,
        };
        if let Some(c) = creature
            && !ids.contains(c)
        {
            ck.at(
                when_at,
                format!(
                    "the trigger names unknown creature `{c}`; known creatures: {}",
                    ids.join(", ")
                ),
            );
        }
        if let Trigger::Enters(_, zone) = &entry.when
            && !map.zones.contains_key(zone)
        {
            let zones: Vec<&str> = map.zones.keys().map(String::as_str).collect();
            ck.at(
                when_at,
                format!(
                    "the trigger names unknown zone `{zone}`; zones in the map legend: {}",
                    if zones.is_empty() {
                        "none".to_owned()
                    } else {
                        zones.join(", ")
                    }
                ),
            );
        }
        let objectives = parsed.objectives.len().max(1);
        if let Trigger::ObjectiveMet(n) = entry.when
            && n as usize >= objectives
        {
            ck.at(
                when_at,
                format!(
                    "ObjectiveMet({n}): the scenario has {objectives} objective(s), numbered from 0"
                ),
            );
        }
        if entry.when == Trigger::Round(0) {
            ck.at(when_at, "rounds are numbered from 1");
        }
    }
    let fired = vec![false; rules.len()];
    Script { rules, fired }
}

/// A reinforcement's abilities and Malice features join the encounter's.
pub(crate) fn gather(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    record: &CreatureRecord,
    at: usize,
    book: &mut AbilityBook,
    features: &mut std::collections::BTreeMap<String, MaliceFeature>,
) {
    let library = crate::scenario::ability_library();
    for id in record.abilities.iter().chain(&record.consumables) {
        match parsed.abilities.get(id).or_else(|| library.get(id)) {
            Some(a) => {
                book.0.insert(id.clone(), a.clone());
            }
            None => ck.at(
                source::field(ck.src, Some(at), "abilities").unwrap_or(at),
                format!("`{}` has unknown ability `{id}`", record.id),
            ),
        }
    }
    let malice = crate::scenario::malice_library();
    for id in &record.malice_features {
        match parsed.malice_features.get(id).or_else(|| malice.get(id)) {
            Some(f) => {
                features.insert(id.clone(), f.clone());
            }
            None => ck.at(
                at,
                format!("`{}` has unknown Malice feature `{id}`", record.id),
            ),
        }
    }
}
