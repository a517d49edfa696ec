//! The scenario's `script:` as written, checked and built into the rules' `Script`.

use super::{Checker, CreatureSpec, ScenarioFile};
use crate::ability::AbilityBook;
use crate::creature_record::CreatureRecord;
use crate::director::malice::MaliceFeature;
use crate::encounter::script::{Action, Ending, Script, ScriptRule, Trigger, Who};
use crate::encounter::test_action::TestCall;
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
    /// Call for a test the heroes may make during the fight, and say what its success and
    /// failure do.
    CallTest(Box<TestCall<ActionSpec>>),
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
    let Some(list_at) = ck.top("script") else {
        return Script::default();
    };
    let entries = source::list_elements(ck.src, list_at);
    let mut ids: Vec<String> = creatures.iter().map(|c| c.id.clone()).collect();
    let mut rules = Vec::new();
    for (i, entry) in parsed.script.iter().enumerate() {
        let entry_at = entries.get(i).copied().unwrap_or(list_at);
        let open = source::open_paren(ck.src, entry_at);
        let mut built = Built {
            parsed,
            map,
            ids: &mut ids,
            book,
            features,
        };
        let then = built.actions(ck, &entry.then, open, "then", entry_at);
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
    Script {
        rules,
        fired,
        tests: Vec::new(),
        last_test: None,
        montage: None,
    }
}

/// What building the script's actions needs, and the creature ids known so far.
struct Built<'a> {
    parsed: &'a ScenarioFile,
    map: &'a Map,
    ids: &'a mut Vec<String>,
    book: &'a mut AbilityBook,
    features: &'a mut std::collections::BTreeMap<String, MaliceFeature>,
}

impl Built<'_> {
    /// The actions of the list `key` inside the parenthesis opened at `open` (or at `fallback`).
    fn actions(
        &mut self,
        ck: &mut Checker,
        specs: &[ActionSpec],
        open: Option<usize>,
        key: &str,
        fallback: usize,
    ) -> Vec<Action> {
        let list_at = open.and_then(|o| source::field(ck.src, Some(o), key));
        let starts = list_at.map_or_else(Vec::new, |o| source::list_elements(ck.src, o));
        specs
            .iter()
            .enumerate()
            .filter_map(|(j, spec)| {
                let at = starts.get(j).copied().or(list_at).unwrap_or(fallback);
                self.action(ck, spec, at)
            })
            .collect()
    }

    /// One action written at `at`, checked and resolved.
    fn action(&mut self, ck: &mut Checker, spec: &ActionSpec, at: usize) -> Option<Action> {
        match spec {
            ActionSpec::Spawn(spec) => self.spawn(ck, spec, at),
            ActionSpec::Narrate(text) => Some(Action::Narrate(text.clone())),
            ActionSpec::SetTerrain(squares, terrain) => {
                if let Some(sq) = squares.iter().find(|s| !self.map.in_bounds(**s)) {
                    ck.at(
                        at,
                        format!(
                            "SetTerrain: {sq} is off the map, which is {} wide and {} high",
                            self.map.width, self.map.height
                        ),
                    );
                }
                Some(Action::SetTerrain(squares.clone(), *terrain))
            }
            ActionSpec::EndBattle(e) => Some(Action::EndBattle(*e)),
            ActionSpec::CallTest(call) => Some(Action::CallTest(Box::new(self.call(ck, call, at)))),
        }
    }

    fn spawn(&mut self, ck: &mut Checker, spec: &CreatureSpec, at: usize) -> Option<Action> {
        // The creature's own `(` inside `Spawn(`.
        let inner = source::open_paren(ck.src, at)
            .and_then(|o| source::open_paren(ck.src, o + 1))
            .unwrap_or(at);
        let before = ck.problems.len();
        let built = crate::scenario::build_creature_list(
            ck,
            self.parsed,
            std::slice::from_ref(spec),
            at,
            &[inner],
            self.map,
        );
        let record = built.into_iter().next()?;
        if ck.problems.len() > before {
            return None;
        }
        if self.ids.contains(&record.id) {
            let id_at = source::field(ck.src, Some(inner), "id").unwrap_or(inner);
            ck.at(
                id_at,
                format!(
                    "duplicate creature id `{}`: a scripted creature needs an id of its own",
                    record.id
                ),
            );
            return None;
        }
        self.ids.push(record.id.clone());
        gather(ck, self.parsed, &record, inner, self.book, self.features);
        Some(Action::Spawn(Box::new(record)))
    }

    /// A called test: it names its task, its zone is in the map legend, and its outcome's
    /// actions are checked like any other.
    fn call(
        &mut self,
        ck: &mut Checker,
        call: &TestCall<ActionSpec>,
        at: usize,
    ) -> TestCall<Action> {
        let inner = source::open_paren(ck.src, at).and_then(|o| source::open_paren(ck.src, o + 1));
        let field_at = |ck: &Checker, key: &str| {
            inner
                .and_then(|o| source::field(ck.src, Some(o), key))
                .unwrap_or(at)
        };
        if let Some(zone) = &call.zone
            && !self.map.zones.contains_key(zone)
        {
            let zones: Vec<&str> = self.map.zones.keys().map(String::as_str).collect();
            ck.at(
                field_at(ck, "zone"),
                format!(
                    "CallTest: unknown zone `{zone}`; zones in the map legend: {}",
                    if zones.is_empty() {
                        "none".to_owned()
                    } else {
                        zones.join(", ")
                    }
                ),
            );
        }
        if call.task.trim().is_empty() {
            ck.at(
                field_at(ck, "task"),
                "CallTest: name the task the test is for",
            );
        }
        TestCall {
            task: call.task.clone(),
            characteristic: call.characteristic,
            difficulty: call.difficulty,
            skills: call.skills.clone(),
            zone: call.zone.clone(),
            action: call.action,
            consequence_damage: call.consequence_damage,
            success: self.actions(ck, &call.success, inner, "success", at),
            failure: self.actions(ck, &call.failure, inner, "failure", at),
        }
    }
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
