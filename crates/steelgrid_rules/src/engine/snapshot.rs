//! Snapshots: the whole rules state as data, saved and restored; creature records; checksums.

use std::sync::Mutex;

use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::SingleThreadedExecutor;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;
use steelgrid_kernel::checksum::{StateHash, fnv1a};

use crate::ability::AbilityBook;
use crate::ability::hero_token;
use crate::ability::resolve;
use crate::ability::zone;
use crate::command::CurrentCommand;
use crate::condition;
use crate::creature::CreatureId;
use crate::damage::{PendingDamage, RecentHits};
use crate::dice::Dice;
use crate::director::malice;
use crate::director::squad;
use crate::encounter::{self, EncounterInfo};
use crate::event::{Event, EventLog};
use crate::grid::Map;
use crate::options::RulesOptions;
use crate::rule;
use crate::ruleset::RulesetName;
use crate::turn::aid;
use crate::turn::{self, TurnState};

use super::{Begin, Engine};
use crate::creature_record::{CreatureRecord, spawn_creature};

/// The complete rules state: enough to restore and continue exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    /// The ruleset the fight is played by (left out for Draw Steel, so older saves and their
    /// checksums stay as they were).
    #[serde(default, skip_serializing_if = "RulesetName::is_draw_steel")]
    pub ruleset: RulesetName,
    pub encounter: EncounterInfo,
    pub options: RulesOptions,
    pub map: Map,
    /// The heroes' shared hero tokens.
    #[serde(default)]
    pub hero_tokens: hero_token::HeroTokens,
    /// The Director's Malice.
    #[serde(default)]
    pub malice: malice::Malice,
    /// Effects abilities left on creatures for a while.
    #[serde(
        default,
        skip_serializing_if = "crate::condition::effect::Effects::is_empty"
    )]
    pub effects: condition::effect::Effects,
    /// Minion squads and their shared Stamina.
    #[serde(default, skip_serializing_if = "squads_are_empty")]
    pub squads: squad::Squads,
    /// Areas on the map, in the order they were made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<zone::Zone>,
    /// Every ability the creatures have, by id.
    #[serde(default, skip_serializing_if = "ability_book_is_empty")]
    pub abilities: AbilityBook,
    pub creatures: Vec<CreatureRecord>,
    pub turn: TurnState,
    pub dice: Dice,
    pub log: EventLog,
    /// The scenario's scripted events and which have fired.
    #[serde(
        default,
        skip_serializing_if = "crate::encounter::script::Script::is_empty"
    )]
    pub script: encounter::script::Script,
    /// The creatures abilities can summon, by template.
    #[serde(default, skip_serializing_if = "crate::summon::SummonTable::is_empty")]
    pub summons: crate::summon::SummonTable,
    /// Dirt and stone under the map, for burrowers (seed 002 L2606).
    #[serde(
        default,
        skip_serializing_if = "crate::movement::burrow::Ground::is_default"
    )]
    pub ground: crate::movement::burrow::Ground,
}

/// The map's own hash, kept with the tick the map last changed at: the map changes rarely (an
/// object broken, a wall knocked through) and hashing its squares was a third of a checksum.
#[derive(Resource, Default)]
pub(super) struct MapDigest(Mutex<Option<(Tick, u64)>>);

fn map_digest(world: &World) -> u64 {
    let hash = || {
        let mut h = StateHash::default();
        h.value(world.resource::<Map>());
        h.finish()
    };
    let (Some(kept), Some(ticks)) = (
        world.get_resource::<MapDigest>(),
        world.get_resource_change_ticks::<Map>(),
    ) else {
        return hash();
    };
    let mut kept = kept.0.lock().unwrap_or_else(|e| e.into_inner());
    if let Some((tick, digest)) = *kept
        && tick == ticks.changed
    {
        return digest;
    }
    let digest = hash();
    // A change made at the world's current tick (outside any system) can be followed by
    // another at the same tick, so only a digest of an older change is kept.
    if ticks.changed != world.read_change_tick() {
        *kept = Some((ticks.changed, digest));
    }
    digest
}

/// Put the snapshot's state into `world`: every resource (in place of any it has) and every
/// area and creature, creatures in scenario order.
fn put(world: &mut World, snapshot: Snapshot) {
    world.insert_resource(snapshot.encounter);
    world.insert_resource(snapshot.options);
    world.insert_resource(snapshot.map);
    world.insert_resource(snapshot.ground);
    world.insert_resource(snapshot.abilities);
    world.insert_resource(snapshot.hero_tokens);
    world.insert_resource(snapshot.malice);
    world.insert_resource(snapshot.effects);
    world.insert_resource(snapshot.squads);
    world.insert_resource(squad::AreaDamage::default());
    world.insert_resource(zone::NewZone::default());
    for z in snapshot.zones {
        world.spawn(z);
    }
    world.insert_resource(condition::BleedsOnUse::default());
    world.insert_resource(snapshot.turn);
    world.insert_resource(snapshot.dice);
    world.insert_resource(snapshot.log);
    world.insert_resource(CurrentCommand::default());
    world.insert_resource(Checked::default());
    world.insert_resource(aid::CommandLogStart::default());
    world.insert_resource(PendingDamage::default());
    world.insert_resource(resolve::HealByDamage::default());
    world.insert_resource(RecentHits::default());
    world.insert_resource(snapshot.script);
    world.insert_resource(snapshot.summons);
    for (order, c) in snapshot.creatures.into_iter().enumerate() {
        spawn_creature(world, order as u32, c);
    }
}

fn squads_are_empty(squads: &squad::Squads) -> bool {
    squads.0.is_empty()
}

fn ability_book_is_empty(book: &AbilityBook) -> bool {
    book.0.is_empty()
}

impl Engine {
    /// Restore an engine from a snapshot, exactly where it was, in a world of its own.
    pub fn restore(snapshot: Snapshot) -> Engine {
        let mut engine = Engine {
            world: World::new(),
            resolve: None,
            ruleset: snapshot.ruleset,
            bestiary: None,
        };
        put(&mut engine.world, snapshot);
        super::register_reads(&mut engine.world);
        // Past the tick everything was put in at, so that what a checksum keeps of it
        // ([`MapDigest`]) counts as settled.
        engine.world.increment_change_tick();
        engine
    }

    /// Restore a snapshot into this engine, in place of the state it held: the engine then
    /// plays on as the one [`Engine::restore`] would make. It keeps its world's tables and
    /// archetypes (a new world makes them all again) and any schedule it has built (a new
    /// engine builds its own at its first command, 1.3 ms), and Bevy's records of the despawned
    /// creatures' components, which no rule reads. Its creatures sit in another order inside the
    /// world than in a new one, which the rules never depend on (the soak tests show it). The
    /// bestiary is left unset, as in a restored engine.
    pub fn restore_in_place(&mut self, snapshot: Snapshot) {
        if snapshot.ruleset != self.ruleset {
            *self = Engine::restore(snapshot);
            return;
        }
        let mut gone: Vec<Entity> =
            self.read::<(Entity, &CreatureId), _>(|q| q.iter().map(|r| r.0).collect());
        gone.extend(
            self.read::<(Entity, &zone::Zone), _>(|q| q.iter().map(|r| r.0).collect::<Vec<_>>()),
        );
        for entity in gone {
            self.world.despawn(entity);
        }
        // Left only while a move goes on after an opportunity attack: never in a snapshot.
        self.world
            .remove_resource::<crate::movement::opportunity_ask::ResumedMove>();
        put(&mut self.world, snapshot);
        self.bestiary = None;
        self.world.increment_change_tick();
    }

    /// Start an encounter from its opening state: surprise and the roll for who goes first.
    pub fn start(initial: Snapshot) -> Engine {
        let mut engine = Engine::restore(initial);
        let seed = engine.world.resource::<EncounterInfo>().seed;
        let scenario = engine.world.resource::<EncounterInfo>().scenario.clone();
        engine.world.resource_mut::<EventLog>().push(
            rule::ENCOUNTER_START,
            Event::EncounterStarted { scenario, seed },
        );
        let mut begin = Schedule::new(Begin);
        begin.set_executor(SingleThreadedExecutor::new());
        begin.add_systems(
            (
                crate::movement::underwater::sync,
                turn::heroic_resource_at_start,
                turn::begin_encounter,
                encounter::check_objectives,
                malice::track,
            )
                .chain(),
        );
        begin.run(&mut engine.world);
        engine
    }

    /// The whole rules state, for saving, undo and look-ahead.
    pub fn snapshot(&self) -> Snapshot {
        let mut snap = self.snapshot_without_log(true);
        snap.log = self.world.resource::<EventLog>().clone();
        snap
    }

    /// Creature `id` as a snapshot records it (movement modes, depth, what it rides), without
    /// copying the log.
    pub fn creature_record(&self, id: &str) -> Option<CreatureRecord> {
        self.creature_records().into_iter().find(|c| c.id == id)
    }

    /// Everything but the event log (which only grows and is not part of the checksum), and
    /// the ability book only when `with_book` (it changes in play only when the Director brings
    /// a creature in, which the command log replays, so the checksum and the published state
    /// leave it out; the scenario's hash covers the rest).
    pub(super) fn snapshot_without_log(&self, with_book: bool) -> Snapshot {
        Snapshot {
            ruleset: self.ruleset,
            encounter: self.world.resource::<EncounterInfo>().clone(),
            options: self.world.resource::<RulesOptions>().clone(),
            map: self.world.resource::<Map>().clone(),
            ground: self
                .world
                .resource::<crate::movement::burrow::Ground>()
                .clone(),
            hero_tokens: self.world.resource::<hero_token::HeroTokens>().clone(),
            malice: self.world.resource::<malice::Malice>().clone(),
            effects: self.world.resource::<condition::effect::Effects>().clone(),
            squads: self.world.resource::<squad::Squads>().clone(),
            zones: self.zones(),
            abilities: if with_book {
                self.world.resource::<AbilityBook>().clone()
            } else {
                AbilityBook::default()
            },
            creatures: self.creature_records(),
            turn: self.world.resource::<TurnState>().clone(),
            dice: self.world.resource::<Dice>().clone(),
            log: EventLog::default(),
            script: self.world.resource::<encounter::script::Script>().clone(),
            summons: if with_book {
                self.world.resource::<crate::summon::SummonTable>().clone()
            } else {
                crate::summon::SummonTable::default()
            },
        }
    }

    /// Every creature as a save records it, in scenario order.
    pub(super) fn creature_records(&self) -> Vec<CreatureRecord> {
        CreatureRecord::all(&self.world)
    }

    /// The areas on the map, in the order they were made.
    pub(super) fn zones(&self) -> Vec<zone::Zone> {
        let mut zones: Vec<zone::Zone> =
            self.read::<&zone::Zone, _>(|q| q.iter().cloned().collect());
        zones.sort_by_key(|z| z.seq);
        zones
    }

    /// The checksum of the rules state (everything a snapshot holds but the log, the ability
    /// book and the summons table, which the scenario's hash covers), as record format 2
    /// writes it: the state's values read in place, in the snapshot's order, into a
    /// [`StateHash`], nothing copied.
    pub fn checksum(&self) -> u64 {
        let w = &self.world;
        let mut h = StateHash::default();
        h.value(&self.ruleset);
        h.value(w.resource::<EncounterInfo>());
        h.value(w.resource::<RulesOptions>());
        h.word(map_digest(w));
        h.value(w.resource::<hero_token::HeroTokens>());
        h.value(w.resource::<malice::Malice>());
        h.value(w.resource::<condition::effect::Effects>());
        h.value(w.resource::<squad::Squads>());
        self.read::<&zone::Zone, _>(|q| {
            let mut zones: Vec<&zone::Zone> = q.iter().collect();
            zones.sort_by_key(|z| z.seq);
            h.value(&zones);
        });
        CreatureRecord::hash_all(w, &mut h);
        h.value(w.resource::<TurnState>());
        h.value(w.resource::<Dice>());
        h.value(w.resource::<encounter::script::Script>());
        h.value(w.resource::<crate::movement::burrow::Ground>());
        h.finish()
    }

    /// The checksum record format 1 wrote: FNV-1a over the canonical JSON of the snapshot
    /// without its log (and with an empty ability book and summons table). Kept so that
    /// records written in format 1 still verify.
    pub fn checksum_format_1(&self) -> u64 {
        let snap = self.snapshot_without_log(false);
        fnv1a(&serde_json::to_vec(&snap).expect("the rules state always serializes"))
    }
}
