//! Scripted scenario events: when something happens (a round begins, a creature enters a zone,
//! a creature goes down, an objective is met), do something (bring in reinforcements, narrate,
//! change the terrain, end the battle). Each entry fires once. Reinforcements in waves and event
//! endings are the Director's tools (seed 002 L4651-4653, L3199-3203, L4659-4661).
//!
//! ```ron
//! script: [
//!     (when: Round(2), then: [
//!         Narrate("Horns sound: more raiders pour through the breach."),
//!         Spawn((id: "raider3", template: "goblin_raider", position: (9, 1))),
//!     ]),
//!     (when: Enters(Heroes, "vault"), then: [SetTerrain([(4, 0), (5, 0)], Wall)]),
//!     (when: Dies("warlord"), then: [EndBattle(Victory)]),
//!     (when: ObjectiveMet(0), then: [Narrate("The gate is ours.")]),
//! ]
//! ```
//!
//! Readings: triggers are conditions checked after every command and when a round starts, so a
//! trigger fires the first time its condition holds (`Round(3)` at the start of round 3 — or
//! later, on restore, if it was missed). `Enters` holds when a matching creature that can act
//! stands in the zone or passed through it during the command. `Dies` holds when the creature is
//! dead or unconscious (down). A reinforcement whose square is taken arrives at the nearest
//! open square (scanning outward ring by ring, rows then columns). New terrain does not move
//! creatures standing on it. Spawn specs are resolved (templates, defaults, abilities) when the
//! scenario loads, exactly as its creatures are.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::ability::AbilityBook;
use crate::creature::{Side, Vitality};
use crate::director::malice::MaliceFeature;
use crate::encounter::{EncounterInfo, Status, bodies, entered};
use crate::engine::CreatureRecord;
use crate::event::{Event, EventLog, Outcome};
use crate::grid::{Cell, Footprint, Map, Material, Square, Terrain};
use crate::rule::{self, Rule};
use crate::scenario::{Checker, CreatureSpec, ScenarioFile};
use crate::source;
use crate::turn::TurnState;

/// Who a trigger watches.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    Heroes,
    Director,
    Creature(String),
}

/// When a scripted event fires.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Trigger {
    /// When round N begins.
    Round(u32),
    /// When a creature (of a side, or one creature) enters the named zone.
    Enters(Who, String),
    /// When the creature is dead or unconscious.
    Dies(String),
    /// When the scenario's objective at this index (0-based) is met.
    ObjectiveMet(u32),
}

impl Trigger {
    fn label(&self) -> String {
        match self {
            Trigger::Round(n) => format!("round {n} begins"),
            Trigger::Enters(Who::Heroes, zone) => format!("a hero enters the {zone}"),
            Trigger::Enters(Who::Director, zone) => format!("an enemy enters the {zone}"),
            Trigger::Enters(Who::Creature(c), zone) => format!("{c} enters the {zone}"),
            Trigger::Dies(c) => format!("{c} goes down"),
            Trigger::ObjectiveMet(i) => format!("objective {i} is met"),
        }
    }
}

/// How a scripted ending ends the battle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Ending {
    Victory,
    Defeat,
}

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

/// What a scripted event does, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Spawn(Box<CreatureRecord>),
    Narrate(String),
    SetTerrain(Vec<Square>, Terrain),
    EndBattle(Ending),
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScriptRule {
    pub when: Trigger,
    pub then: Vec<Action>,
}

/// The scenario's scripted events and which have fired.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Script {
    pub rules: Vec<ScriptRule>,
    #[serde(default)]
    pub fired: Vec<bool>,
}

impl Script {
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty()
    }

    /// The ids of the creatures the script brings in.
    pub fn spawned_ids(&self) -> Vec<String> {
        self.rules
            .iter()
            .flat_map(|r| &r.then)
            .filter_map(|a| match a {
                Action::Spawn(c) => Some(c.id.clone()),
                _ => None,
            })
            .collect()
    }
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

/// Fire every scripted event whose trigger holds now; true when one fired.
pub(crate) fn run(world: &mut World) -> bool {
    if world.resource::<Script>().is_empty() {
        return false;
    }
    let mut any = false;
    let count = world.resource::<Script>().rules.len();
    for i in 0..count {
        if world.resource::<TurnState>().outcome.is_some() {
            break;
        }
        let script = world.resource::<Script>();
        if script.fired.get(i).copied().unwrap_or(false) {
            continue;
        }
        let rule_here = script.rules[i].clone();
        if !holds(world, &rule_here.when) {
            continue;
        }
        {
            let mut script = world.resource_mut::<Script>();
            if script.fired.len() < count {
                script.fired.resize(count, false);
            }
            script.fired[i] = true;
        }
        any = true;
        world.resource_mut::<EventLog>().push(
            rule::SCRIPT,
            Event::ScriptFired {
                index: i as u32,
                when: rule_here.when.label(),
            },
        );
        for action in rule_here.then {
            perform(world, action);
        }
    }
    any
}

fn holds(world: &mut World, when: &Trigger) -> bool {
    match when {
        Trigger::Round(n) => world.resource::<TurnState>().round >= *n,
        Trigger::Enters(who, zone) => {
            let bodies = bodies(world);
            let ids = entered(world, &bodies, zone);
            bodies.iter().any(|b| {
                ids.contains(&b.id)
                    && b.vitality.can_act()
                    && match who {
                        Who::Heroes => b.side == Side::Heroes,
                        Who::Director => b.side == Side::Director,
                        Who::Creature(c) => &b.id == c,
                    }
            })
        }
        Trigger::Dies(c) => bodies(world)
            .iter()
            .any(|b| &b.id == c && b.vitality.is_down()),
        Trigger::ObjectiveMet(i) => {
            world
                .resource::<EncounterInfo>()
                .statuses()
                .get(*i as usize)
                == Some(&Status::Met)
        }
    }
}

fn perform(world: &mut World, action: Action) {
    match action {
        Action::Narrate(text) => world
            .resource_mut::<EventLog>()
            .push(rule::SCRIPT, Event::Narrated { text }),
        Action::SetTerrain(squares, terrain) => {
            let mut map = world.resource_mut::<Map>();
            let squares: Vec<Square> = squares.into_iter().filter(|s| map.in_bounds(*s)).collect();
            for &sq in &squares {
                let cell = map.cell(sq).copied().unwrap_or_default();
                map.set_cell(
                    sq,
                    Cell {
                        terrain,
                        object_stamina: match terrain {
                            Terrain::Object { material } => {
                                Some(Material::stamina_per_square(material))
                            }
                            _ => None,
                        },
                        ..cell
                    },
                );
            }
            world
                .resource_mut::<EventLog>()
                .push(rule::SCRIPT, Event::TerrainChanged { squares, terrain });
        }
        Action::EndBattle(ending) => {
            let outcome = match ending {
                Ending::Victory => Outcome::Victory,
                Ending::Defeat => Outcome::Defeat,
            };
            let mut turn = world.resource_mut::<TurnState>();
            turn.outcome = Some(outcome);
            turn.current = None;
            turn.next_side = None;
            world
                .resource_mut::<EventLog>()
                .push(rule::SCRIPT, Event::EncounterEnded { outcome });
        }
        Action::Spawn(record) => {
            spawn(world, *record, rule::SCRIPT);
        }
    }
}

/// Bring a creature in at its square, or the nearest open one, logging its arrival under
/// `rule`; where it arrived, if it found room.
pub(crate) fn spawn(world: &mut World, mut record: CreatureRecord, rule: Rule) -> Option<Square> {
    let bodies = bodies(world);
    if bodies.iter().any(|b| b.id == record.id) {
        return None;
    }
    let taken: Vec<(Footprint, crate::grid::Size)> = {
        let mut q = world.query::<(
            &crate::creature::Position,
            &crate::creature::CreatureSize,
            &Vitality,
        )>();
        q.iter(world)
            .map(|(p, s, _)| (Footprint::new(p.0, s.0), s.0))
            .collect()
    };
    let map = world.resource::<Map>();
    let open = |origin: Square| {
        let fp = Footprint::new(origin, record.size);
        map.footprint_in_bounds(fp)
            && fp
                .squares()
                .all(|s| !map.is_solid(s) && !matches!(map.terrain(s), Some(Terrain::Pit { .. })))
            && !taken
                .iter()
                .any(|(o, size)| o.overlaps(fp) && !size.may_share_space_with(record.size))
    };
    let want = record.position;
    let reach = map.width.max(map.height);
    let found = (0..=reach).find_map(|d| {
        (want.y - d..=want.y + d)
            .flat_map(|y| (want.x - d..=want.x + d).map(move |x| Square::new(x, y)))
            .filter(|s| (s.x - want.x).abs().max((s.y - want.y).abs()) == d)
            .find(|&s| open(s))
    });
    let at = found?;
    record.position = at;
    let order = bodies.iter().map(|b| b.order + 1).max().unwrap_or(0);
    let (id, side) = (record.id.clone(), record.side);
    crate::engine::spawn_creature(world, order, record);
    world.resource_mut::<EventLog>().push(
        rule,
        Event::Spawned {
            creature: id,
            side,
            at,
        },
    );
    Some(at)
}
