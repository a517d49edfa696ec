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
//!     (when: Enters(Heroes, "stair"), then: [CallTest((task: "Climb the crumbling stair",
//!         characteristic: Might, difficulty: Hard, zone: Some("stair"), action: Maneuver,
//!         consequence_damage: 3, failure: [Narrate("A step gives way.")]))]),
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

use crate::creature::{Side, Vitality};
use crate::creature_record::CreatureRecord;
use crate::encounter::test_action::{JustTested, OpenTest, TestCall};
use crate::encounter::{EncounterInfo, Status, bodies, entered};
use crate::event::{Event, EventLog, Outcome};
use crate::grid::{Cell, Footprint, Map, Material, Square, Terrain};
use crate::rule::{self, Rule};
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

/// What a scripted event does, resolved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Action {
    Spawn(Box<CreatureRecord>),
    Narrate(String),
    SetTerrain(Vec<Square>, Terrain),
    EndBattle(Ending),
    /// Call for a test the heroes may make during the fight (`MakeTest` with its task).
    CallTest(Box<TestCall<Action>>),
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
    /// The tests it has called for, in the order called.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub tests: Vec<OpenTest>,
    /// The test the last command made, which a hero token may reroll (seed 002 L766).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_test: Option<Box<JustTested>>,
    /// The montage test under way or last made, once the fight is over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub montage: Option<Box<crate::encounter::between_fights::Montage>>,
}

impl Script {
    pub fn is_empty(&self) -> bool {
        self.rules.is_empty() && self.last_test.is_none() && self.montage.is_none()
    }

    /// The ids of the creatures the script brings in, a called test's outcome included.
    pub fn spawned_ids(&self) -> Vec<String> {
        let mut ids = Vec::new();
        for r in &self.rules {
            spawned_in(&r.then, &mut ids);
        }
        ids
    }

    /// The called test for `task` still open to `creature`.
    pub fn open_test(&self, task: &str, creature: &str) -> Option<usize> {
        self.tests
            .iter()
            .rposition(|t| t.call.task == task && t.open_to(creature))
    }
}

fn spawned_in(actions: &[Action], ids: &mut Vec<String>) {
    for a in actions {
        match a {
            Action::Spawn(c) => ids.push(c.id.clone()),
            Action::CallTest(call) => {
                spawned_in(&call.success, ids);
                spawned_in(&call.failure, ids);
            }
            _ => {}
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

/// Do one scripted action.
pub(crate) fn perform(world: &mut World, action: Action) {
    match action {
        Action::CallTest(call) => call_test(world, *call),
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
            crate::encounter::end(world, outcome, rule::SCRIPT);
        }
        Action::Spawn(record) => {
            spawn(world, *record, rule::SCRIPT);
        }
    }
}

/// Open a called test (seed 002 L1805-1807) and announce it.
fn call_test(world: &mut World, call: TestCall<Action>) {
    let event = Event::TestCalled {
        task: call.task.clone(),
        characteristic: call.characteristic,
        difficulty: call.difficulty,
        zone: call.zone.clone(),
        action: call.action.kind(),
    };
    world.resource_mut::<Script>().tests.push(OpenTest {
        call,
        tried: Vec::new(),
        done: false,
    });
    world
        .resource_mut::<EventLog>()
        .push(rule::TEST_CALLED, event);
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
    crate::creature_record::spawn_creature(world, order, record);
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
