//! The encounter's objectives and its end (seed 002 L3133-3209, L4542-4625; digest
//! director §11-12, combat §27).
//!
//! Objectives are scenario data. The Objectives stage tracks them after every command (and again
//! after the turn flow, when a round has just started): each objective is pending, met or
//! failed, and each change is logged (`ObjectiveMet` / `ObjectiveFailed`, "each success earns a
//! Victory", L4625). The encounter is won when every objective is met, lost when one fails or
//! when no hero can fight on.
//!
//! Readings chosen where the text leaves room (each documented on its variant):
//! - Zones are the map legend's named zones (`Tile.zone`). A creature is "in" a zone when any
//!   square of its space is; it "entered" a zone during a command when it ends there or a
//!   square of its path (a `Moved` path or a forced movement) was.
//! - Fleeing (L4663-4665, L3205-3209): a creature standing in an exit zone (the zone named
//!   `exit`, or an objective's `exit`) may `Flee` with its move action; it leaves the map and the
//!   fight. A fled hero is neither down nor present: when every hero is down or fled and one
//!   fled, the encounter ends — won if every objective is met, else lost (no Victory).
//! - "Rounds" limits are checked at the end of a round: a limit of 3 means the objective's
//!   state at the end of round 3 decides (digest A-21: Assault the Defenses' "4 turns" are rounds).

pub mod added;
pub mod between_fights;
pub mod script;
pub mod test_action;

use std::collections::BTreeSet;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, ActionKind, CreatureId, CreatureSize, Grabbed, Hero, Identity, Position, Side,
    Vitality,
};
use crate::event::{Event, EventLog, Outcome};
use crate::grid::{Footprint, Map, Square, Terrain};
use crate::rule::{self, Rule};
use crate::turn::TurnState;

fn three() -> u32 {
    3
}

fn four() -> u32 {
    4
}

fn yes() -> bool {
    true
}

fn the_thing() -> String {
    "the thing".to_owned()
}

/// What the heroes must do to win (seed 002 L4542-4625). A scenario may list several: the
/// encounter is won when all are met.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Objective {
    /// Diminish Numbers: every Director creature on the map is dead or unconscious (those that
    /// fled are gone too) (L4548-4554). Scenarios may still write it `DefeatAllEnemies`.
    #[serde(alias = "DefeatAllEnemies")]
    DiminishNumbers,
    /// Defeat a Specific Foe: `creature` is dead or unconscious (L4556-4561). If it flees the
    /// objective fails.
    DefeatSpecificFoe { creature: String },
    /// Get the Thing! (L4563-4569): `item` starts held by `carrier` or lying at `at`. A holder
    /// that goes down drops it in its square; a creature that can act and ends a command on or
    /// next to it picks it up (the creature acting first, then scenario order). Met when a
    /// creature of the heroes' side holding it stands in the `exit` zone or flees by it; failed
    /// when a Director creature flees with it.
    GetTheThing {
        #[serde(default = "the_thing")]
        item: String,
        #[serde(default)]
        carrier: Option<String>,
        #[serde(default)]
        at: Option<Square>,
        exit: String,
    },
    /// Destroy the Thing! (L4571-4576): every object square in `squares` is destroyed (map
    /// objects, damaged by abilities that target objects) and every creature in `creatures` (a
    /// "thing" written as a Director creature with its Stamina, such as an idol) is dead.
    DestroyTheThing {
        #[serde(default)]
        squares: Vec<Square>,
        #[serde(default)]
        creatures: Vec<String>,
    },
    /// Save Another (L4578-4584): at least half the `wards` survive and escape — a ward is
    /// rescued once it stands alive in the `exit` zone (or flees by it). Fails as soon as so
    /// many wards are dead that half can no longer be rescued. ("Join the heroes" is left out.)
    SaveAnother { wards: Vec<String>, exit: String },
    /// Escort (L4586-4592): `ward` stands alive in the `destination` zone (or flees by it).
    /// Fails when the ward dies.
    Escort { ward: String, destination: String },
    /// Hold Them Off (L4594-4600): at the end of round `rounds` (default 3) fewer enemies have
    /// breached `zone` (entered it at any time) than there are heroes. Fails as soon as as
    /// many enemies as heroes have breached it.
    HoldThemOff {
        zone: String,
        #[serde(default = "three")]
        rounds: u32,
    },
    /// Assault the Defenses (L4602-4607): at the end of `rounds` (default 4, digest A-21)
    /// consecutive rounds, a hero who can act stands in `zone` and no Director creature that
    /// can act does.
    AssaultTheDefenses {
        zone: String,
        #[serde(default = "four")]
        rounds: u32,
    },
    /// Stop the Action (L4609-4614): `foe` is dead, unconscious or fled before the end of
    /// round `rounds` (default 3); failed when that round ends first.
    StopTheAction {
        foe: String,
        #[serde(default = "three")]
        rounds: u32,
    },
    /// Complete the Action (L4616-4621): `tasks` maneuvers (`WorkOnTask`, by a creature of the
    /// heroes' side standing in `zone`) before the end of round `rounds` (default 3). With
    /// `half_must_work` (default) a round that ends with fewer than half the heroes who can act
    /// (rounded up) having worked fails it.
    CompleteTheAction {
        zone: String,
        tasks: u32,
        #[serde(default = "three")]
        rounds: u32,
        #[serde(default = "yes")]
        half_must_work: bool,
    },
}

impl Objective {
    /// Its name as the rules write it.
    pub fn name(&self) -> &'static str {
        match self {
            Objective::DiminishNumbers => "Diminish Numbers",
            Objective::DefeatSpecificFoe { .. } => "Defeat a Specific Foe",
            Objective::GetTheThing { .. } => "Get the Thing",
            Objective::DestroyTheThing { .. } => "Destroy the Thing",
            Objective::SaveAnother { .. } => "Save Another",
            Objective::Escort { .. } => "Escort",
            Objective::HoldThemOff { .. } => "Hold Them Off",
            Objective::AssaultTheDefenses { .. } => "Assault the Defenses",
            Objective::StopTheAction { .. } => "Stop the Action",
            Objective::CompleteTheAction { .. } => "Complete the Action",
        }
    }

    pub fn rule(&self) -> Rule {
        match self {
            Objective::DiminishNumbers => rule::OBJECTIVE_DEFEAT_ALL,
            Objective::DefeatSpecificFoe { .. } => rule::OBJECTIVE_SPECIFIC_FOE,
            Objective::GetTheThing { .. } => rule::OBJECTIVE_GET_THING,
            Objective::DestroyTheThing { .. } => rule::OBJECTIVE_DESTROY_THING,
            Objective::SaveAnother { .. } => rule::OBJECTIVE_SAVE_ANOTHER,
            Objective::Escort { .. } => rule::OBJECTIVE_ESCORT,
            Objective::HoldThemOff { .. } => rule::OBJECTIVE_HOLD,
            Objective::AssaultTheDefenses { .. } => rule::OBJECTIVE_ASSAULT,
            Objective::StopTheAction { .. } => rule::OBJECTIVE_STOP,
            Objective::CompleteTheAction { .. } => rule::OBJECTIVE_COMPLETE,
        }
    }

    /// The creatures it names, each with the field that names it.
    pub fn creatures(&self) -> Vec<(&'static str, &str)> {
        match self {
            Objective::DefeatSpecificFoe { creature } => vec![("creature", creature)],
            Objective::GetTheThing { carrier, .. } => {
                carrier.iter().map(|c| ("carrier", c.as_str())).collect()
            }
            Objective::DestroyTheThing { creatures, .. } => creatures
                .iter()
                .map(|c| ("creatures", c.as_str()))
                .collect(),
            Objective::SaveAnother { wards, .. } => {
                wards.iter().map(|c| ("wards", c.as_str())).collect()
            }
            Objective::Escort { ward, .. } => vec![("ward", ward)],
            Objective::StopTheAction { foe, .. } => vec![("foe", foe)],
            _ => Vec::new(),
        }
    }

    /// The zones it names, each with the field that names it.
    pub fn zones(&self) -> Vec<(&'static str, &str)> {
        match self {
            Objective::GetTheThing { exit, .. } | Objective::SaveAnother { exit, .. } => {
                vec![("exit", exit)]
            }
            Objective::Escort { destination, .. } => vec![("destination", destination)],
            Objective::HoldThemOff { zone, .. }
            | Objective::AssaultTheDefenses { zone, .. }
            | Objective::CompleteTheAction { zone, .. } => vec![("zone", zone)],
            _ => Vec::new(),
        }
    }

    /// Its time limit in rounds, if it has one.
    pub fn rounds(&self) -> Option<u32> {
        match self {
            Objective::HoldThemOff { rounds, .. }
            | Objective::AssaultTheDefenses { rounds, .. }
            | Objective::StopTheAction { rounds, .. }
            | Objective::CompleteTheAction { rounds, .. } => Some(*rounds),
            _ => None,
        }
    }
}

/// Where an objective stands.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    #[default]
    Pending,
    Met,
    Failed,
}

/// Where a Get the Thing item is.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ItemPlace {
    Held(String),
    Lying(Square),
    /// Carried off the map.
    Gone {
        by: String,
        side: Side,
        zone: String,
    },
}

/// One objective's progress.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ObjectiveState {
    #[serde(default)]
    pub status: Status,
    /// Hold Them Off: the enemies that have entered the zone.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub breached: Vec<String>,
    /// Save Another: the wards rescued.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rescued: Vec<String>,
    /// Assault the Defenses: consecutive rounds held; Complete the Action: tasks done.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub count: u32,
    /// Complete the Action: who worked on it this round.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub worked: Vec<String>,
    /// Get the Thing: where the item is.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub item: Option<ItemPlace>,
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

/// A creature that left the map.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FledCreature {
    pub id: String,
    pub side: Side,
    pub hero: bool,
    pub zone: String,
}

/// The objectives' progress and who fled.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Progress {
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub objectives: Vec<ObjectiveState>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub fled: Vec<FledCreature>,
}

impl Progress {
    pub fn is_empty(&self) -> bool {
        self.objectives.is_empty() && self.fled.is_empty()
    }
}

/// The scenario's name, seed and objectives, and how far the objectives have come.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterInfo {
    pub scenario: String,
    pub seed: u64,
    pub objectives: Vec<Objective>,
    #[serde(default, skip_serializing_if = "Progress::is_empty")]
    pub progress: Progress,
}

impl EncounterInfo {
    /// Every objective's status, in order.
    pub fn statuses(&self) -> Vec<Status> {
        (0..self.objectives.len())
            .map(|i| {
                self.progress
                    .objectives
                    .get(i)
                    .map_or(Status::Pending, |s| s.status)
            })
            .collect()
    }

    /// The zones a creature may flee the map from: `exit`, and the objectives' exits.
    pub fn exit_zones(&self) -> Vec<String> {
        let mut zones = vec!["exit".to_owned()];
        for o in &self.objectives {
            if let Objective::GetTheThing { exit, .. } | Objective::SaveAnother { exit, .. } = o
                && !zones.contains(exit)
            {
                zones.push(exit.clone());
            }
        }
        zones
    }
}

/// A creature on the map as the objectives see it.
#[derive(Clone, Debug)]
pub(crate) struct Body {
    pub entity: Entity,
    pub id: String,
    pub side: Side,
    pub hero: bool,
    pub footprint: Footprint,
    pub vitality: Vitality,
    pub order: u32,
}

/// What [`bodies`] reads of each creature (registered when the engine builds its world).
pub(crate) type BodyRow = (
    Entity,
    &'static CreatureId,
    &'static Identity,
    &'static Side,
    &'static Position,
    &'static CreatureSize,
    &'static Vitality,
    Has<Hero>,
);

/// Every creature on the map, in scenario order.
pub(crate) fn bodies(world: &World) -> Vec<Body> {
    let mut out: Vec<Body> = steelgrid_kernel::reads::read::<BodyRow, _>(world, |q| {
        q.iter()
            .map(
                |(entity, id, ident, side, pos, size, vitality, hero)| Body {
                    entity,
                    id: id.0.clone(),
                    side: *side,
                    hero,
                    footprint: Footprint::new(pos.0, size.0),
                    vitality: *vitality,
                    order: ident.order,
                },
            )
            .collect()
    })
    .expect("the engine registers what bodies read when it builds its world");
    out.sort_by_key(|b| b.order);
    out
}

/// Whether `fp` has a square in the named zone.
pub(crate) fn in_zone(map: &Map, zone: &str, fp: Footprint) -> bool {
    map.zones
        .get(zone)
        .is_some_and(|squares| squares.iter().any(|&s| fp.contains(s)))
}

/// The creatures that are in `zone` now or whose path went through it during this command.
pub(crate) fn entered(world: &World, bodies: &[Body], zone: &str) -> BTreeSet<String> {
    let map = world.resource::<Map>();
    let mut ids: BTreeSet<String> = bodies
        .iter()
        .filter(|b| in_zone(map, zone, b.footprint))
        .map(|b| b.id.clone())
        .collect();
    let start = world.resource::<crate::turn::aid::CommandLogStart>().0;
    let log = world.resource::<EventLog>();
    for ev in log.events.get(start..).unwrap_or_default() {
        let (who, path) = match &ev.event {
            Event::Moved { creature, path, .. } => (creature, path),
            Event::ForcedMoved { target, moved, .. } => (target, moved),
            _ => continue,
        };
        let Some(b) = bodies.iter().find(|b| &b.id == who) else {
            continue;
        };
        let side = b.footprint.side;
        if path
            .iter()
            .any(|&origin| in_zone(map, zone, Footprint { origin, side }))
        {
            ids.insert(who.clone());
        }
    }
    ids
}

fn heroes_count(bodies: &[Body], fled: &[FledCreature]) -> usize {
    let flagged = bodies.iter().filter(|b| b.hero).count() + fled.iter().filter(|f| f.hero).count();
    if flagged > 0 {
        flagged
    } else {
        bodies.iter().filter(|b| b.side == Side::Heroes).count()
            + fled.iter().filter(|f| f.side == Side::Heroes).count()
    }
}

fn progress_event(
    index: usize,
    objective: &Objective,
    creature: Option<&str>,
    note: impl Into<String>,
    count: usize,
    of: usize,
) -> Event {
    Event::ObjectiveProgress {
        index: index as u32,
        objective: objective.name().to_owned(),
        creature: creature.map(str::to_owned),
        note: note.into(),
        count: count as u32,
        of: of as u32,
    }
}

/// Command stage: `Flee` and `WorkOnTask`.
pub fn resolve_commands(world: &mut World) {
    let command = world.resource::<CurrentCommand>().0.clone();
    match command {
        Some(Command::Flee { creature }) => flee(world, &creature),
        Some(Command::WorkOnTask { creature }) => work_on_task(world, &creature),
        _ => {}
    }
}

/// Check a `Flee` or `WorkOnTask` by `actor` (whose turn it is).
pub(crate) fn validate_command(
    world: &World,
    actor: Entity,
    command: &Command,
) -> Result<(), RuleError> {
    let bodies = bodies(world);
    let me = bodies
        .iter()
        .find(|b| b.entity == actor)
        .expect("the actor is a creature");
    let budget = *world.get::<ActionBudget>(actor).expect("budget");
    let info = world.resource::<EncounterInfo>();
    let map = world.resource::<Map>();
    match command {
        Command::Flee { creature } => {
            if let Some(g) = world.get::<Grabbed>(actor) {
                return Err(RuleError::new(
                    rule::GRABBED,
                    format!("{creature} is grabbed by {} and can't flee", g.by),
                ));
            }
            if !budget.allows(ActionKind::Move) {
                return Err(RuleError::new(
                    rule::FLEE,
                    format!("{creature} has no move action left to leave the map with"),
                ));
            }
            let exits = info.exit_zones();
            if !exits.iter().any(|z| in_zone(map, z, me.footprint)) {
                let named: Vec<&str> = exits
                    .iter()
                    .filter(|z| map.zones.contains_key(z.as_str()))
                    .map(String::as_str)
                    .collect();
                return Err(RuleError::new(
                    rule::FLEE,
                    if named.is_empty() {
                        "this map has no exit zone to flee by".to_owned()
                    } else {
                        format!(
                            "{creature} must stand in an exit zone ({}) to flee",
                            named.join(", ")
                        )
                    },
                ));
            }
        }
        Command::WorkOnTask { creature } => {
            if me.side != Side::Heroes {
                return Err(RuleError::new(
                    rule::OBJECTIVE_COMPLETE,
                    "only the heroes' side works on the task",
                ));
            }
            if task_for(info, map, me.footprint).is_none() {
                return Err(RuleError::new(
                    rule::OBJECTIVE_COMPLETE,
                    format!("{creature} stands in the zone of no unfinished Complete the Action"),
                ));
            }
            budget.check(ActionKind::Maneuver)?;
        }
        _ => {}
    }
    Ok(())
}

/// The first unfinished Complete the Action whose zone `fp` is in.
fn task_for(info: &EncounterInfo, map: &Map, fp: Footprint) -> Option<usize> {
    let statuses = info.statuses();
    info.objectives.iter().enumerate().position(|(i, o)| {
        matches!(o, Objective::CompleteTheAction { zone, .. }
            if statuses[i] == Status::Pending && in_zone(map, zone, fp))
    })
}

fn ensure_progress(info: &mut EncounterInfo) {
    let n = info.objectives.len();
    if info.progress.objectives.len() < n {
        info.progress
            .objectives
            .resize(n, ObjectiveState::default());
    }
}

fn spend(world: &mut World, entity: Entity, creature: &str, kind: ActionKind) {
    let mut budget = *world.get::<ActionBudget>(entity).expect("budget");
    world.resource_scope(|_, mut log: Mut<EventLog>| {
        crate::turn::take_action(&mut log, &mut budget, creature, kind);
    });
    world.entity_mut(entity).insert(budget);
}

fn flee(world: &mut World, creature: &str) {
    let bodies = bodies(world);
    let Some(me) = bodies.iter().find(|b| b.id == creature) else {
        return;
    };
    let zone = {
        let info = world.resource::<EncounterInfo>();
        let map = world.resource::<Map>();
        info.exit_zones()
            .into_iter()
            .find(|z| in_zone(map, z, me.footprint))
            .unwrap_or_else(|| "exit".to_owned())
    };
    spend(world, me.entity, creature, ActionKind::Move);
    world.resource_mut::<EventLog>().push(
        rule::FLEE,
        Event::Fled {
            creature: creature.to_owned(),
            side: me.side,
            zone: zone.clone(),
        },
    );
    {
        let mut info = world.resource_mut::<EncounterInfo>();
        ensure_progress(&mut info);
        info.progress.fled.push(FledCreature {
            id: creature.to_owned(),
            side: me.side,
            hero: me.hero,
            zone: zone.clone(),
        });
        for state in &mut info.progress.objectives {
            if state.item == Some(ItemPlace::Held(creature.to_owned())) {
                state.item = Some(ItemPlace::Gone {
                    by: creature.to_owned(),
                    side: me.side,
                    zone: zone.clone(),
                });
            }
        }
    }
    world.despawn(me.entity);
    // It is gone: its turn is over.
    let ends_turn = {
        let mut turn = world.resource_mut::<TurnState>();
        let ends = turn.current.as_deref() == Some(creature);
        if ends {
            turn.current = None;
            turn.acted.insert(creature.to_owned());
            turn.turn_just_ended = Some(me.side);
        }
        ends
    };
    if ends_turn {
        world.resource_mut::<EventLog>().push(
            rule::TURN_END,
            Event::TurnEnded {
                creature: creature.to_owned(),
            },
        );
    }
}

fn work_on_task(world: &mut World, creature: &str) {
    let bodies = bodies(world);
    let Some(me) = bodies.iter().find(|b| b.id == creature) else {
        return;
    };
    let found = {
        let info = world.resource::<EncounterInfo>();
        task_for(info, world.resource::<Map>(), me.footprint)
    };
    let Some(index) = found else {
        return;
    };
    spend(world, me.entity, creature, ActionKind::Maneuver);
    let event = {
        let mut info = world.resource_mut::<EncounterInfo>();
        ensure_progress(&mut info);
        let objective = info.objectives[index].clone();
        let Objective::CompleteTheAction { tasks, .. } = objective else {
            return;
        };
        let state = &mut info.progress.objectives[index];
        state.count += 1;
        if !state.worked.iter().any(|w| w == creature) {
            state.worked.push(creature.to_owned());
        }
        progress_event(
            index,
            &objective,
            Some(creature),
            format!("{creature} works on the task"),
            state.count as usize,
            tasks as usize,
        )
    };
    world
        .resource_mut::<EventLog>()
        .push(rule::OBJECTIVE_COMPLETE, event);
}

/// Objectives stage (and again after the turn flow): track the objectives, fire scripted
/// events, and end the encounter when it is won or lost.
pub fn check_objectives(world: &mut World) {
    if world.resource::<TurnState>().outcome.is_some() {
        return;
    }
    {
        let mut info = world.resource_mut::<EncounterInfo>();
        ensure_progress(&mut info);
    }
    // The creatures as they stand, read again only after something that can move them.
    let mut board = bodies(world);
    track(world, &board);
    if settle_and_script(world, &mut board) {
        return;
    }
    if round_ending(world, &board) {
        end_of_round(world);
        board = bodies(world);
        if settle_and_script(world, &mut board) {
            return;
        }
    }
    decide(world, &board);
}

/// Settle statuses and fire scripted events until nothing more fires; true when a script
/// ended the battle. `board` is kept up to date with what the scripts did.
fn settle_and_script(world: &mut World, board: &mut Vec<Body>) -> bool {
    for _ in 0..32 {
        settle(world, board);
        let fired = script::run(world);
        if world.resource::<TurnState>().outcome.is_some() {
            return true;
        }
        if !fired {
            break;
        }
        *board = bodies(world);
        track(world, board);
    }
    false
}

/// Whether the command just ended the last turn of the round.
fn round_ending(world: &mut World, bodies: &[Body]) -> bool {
    let turn = world.resource::<TurnState>();
    if turn.turn_just_ended.is_none() || turn.round == 0 {
        return false;
    }
    let acted = turn.acted.clone();
    !bodies
        .iter()
        .any(|b| b.vitality.can_act() && !acted.contains(&b.id))
}

/// Record what moves objectives along: breaches, the item changing hands, wards rescued.
fn track(world: &mut World, bodies: &[Body]) {
    let objectives = world.resource::<EncounterInfo>().objectives.clone();
    let current = world.resource::<TurnState>().current.clone();
    let mut events: Vec<(Rule, Event)> = Vec::new();
    let mut states = world
        .resource::<EncounterInfo>()
        .progress
        .objectives
        .clone();
    let fled = world.resource::<EncounterInfo>().progress.fled.clone();
    for (i, objective) in objectives.iter().enumerate() {
        let state = &mut states[i];
        if state.status != Status::Pending {
            continue;
        }
        match objective {
            Objective::HoldThemOff { zone, .. } => {
                let heroes = heroes_count(bodies, &fled);
                for id in entered(world, bodies, zone) {
                    let enemy = bodies
                        .iter()
                        .any(|b| b.id == id && b.side == Side::Director);
                    if enemy && !state.breached.contains(&id) {
                        state.breached.push(id.clone());
                        events.push((
                            objective.rule(),
                            progress_event(
                                i,
                                objective,
                                Some(&id),
                                format!("{id} breaches the {zone}"),
                                state.breached.len(),
                                heroes,
                            ),
                        ));
                    }
                }
            }
            Objective::SaveAnother { wards, exit } => {
                let map = world.resource::<Map>();
                for ward in wards {
                    if state.rescued.contains(ward) {
                        continue;
                    }
                    let safe = bodies.iter().any(|b| {
                        &b.id == ward
                            && b.vitality != Vitality::Dead
                            && in_zone(map, exit, b.footprint)
                    }) || fled.iter().any(|f| &f.id == ward && &f.zone == exit);
                    if safe {
                        state.rescued.push(ward.clone());
                        events.push((
                            objective.rule(),
                            progress_event(
                                i,
                                objective,
                                Some(ward),
                                format!("{ward} is rescued"),
                                state.rescued.len(),
                                wards.len(),
                            ),
                        ));
                    }
                }
            }
            Objective::GetTheThing {
                item, carrier, at, ..
            } => {
                let place = state.item.clone().or_else(|| match (carrier, at) {
                    (Some(c), _) => Some(ItemPlace::Held(c.clone())),
                    (None, Some(sq)) => Some(ItemPlace::Lying(*sq)),
                    (None, None) => None,
                });
                let place = match place {
                    Some(ItemPlace::Held(h)) => match bodies.iter().find(|b| b.id == h) {
                        Some(b) if b.vitality.is_down() => {
                            let sq = b.footprint.origin;
                            events.push((
                                objective.rule(),
                                progress_event(
                                    i,
                                    objective,
                                    Some(&h),
                                    format!("{h} drops {item} at {sq}"),
                                    0,
                                    1,
                                ),
                            ));
                            Some(ItemPlace::Lying(sq))
                        }
                        _ => Some(ItemPlace::Held(h)),
                    },
                    other => other,
                };
                let place = match place {
                    Some(ItemPlace::Lying(sq)) => {
                        let spot = Footprint {
                            origin: sq,
                            side: 1,
                        };
                        let taker = bodies
                            .iter()
                            .filter(|b| {
                                b.vitality.can_act()
                                    && (b.footprint.contains(sq) || b.footprint.is_adjacent(spot))
                            })
                            .min_by_key(|b| (current.as_deref() != Some(b.id.as_str()), b.order));
                        match taker {
                            Some(b) => {
                                events.push((
                                    objective.rule(),
                                    progress_event(
                                        i,
                                        objective,
                                        Some(&b.id),
                                        format!("{} takes {item}", b.id),
                                        1,
                                        1,
                                    ),
                                ));
                                Some(ItemPlace::Held(b.id.clone()))
                            }
                            None => Some(ItemPlace::Lying(sq)),
                        }
                    }
                    other => other,
                };
                state.item = place;
            }
            _ => {}
        }
    }
    let mut info = world.resource_mut::<EncounterInfo>();
    info.progress.objectives = states;
    let mut log = world.resource_mut::<EventLog>();
    for (rule, event) in events {
        log.push(rule, event);
    }
}

/// What an objective's status is now, from the board (round limits aside).
fn status_now(
    world: &World,
    objective: &Objective,
    state: &ObjectiveState,
    bodies: &[Body],
    fled: &[FledCreature],
) -> Option<(Status, String)> {
    let map = world.resource::<Map>();
    let body = |id: &str| bodies.iter().find(|b| b.id == id);
    let fled_by = |id: &str| fled.iter().find(|f| f.id == id);
    let met = |why: String| Some((Status::Met, why));
    let failed = |why: String| Some((Status::Failed, why));
    match objective {
        Objective::DiminishNumbers => {
            let mut enemies = bodies
                .iter()
                .filter(|b| b.side == Side::Director)
                .peekable();
            let any = enemies.peek().is_some() || fled.iter().any(|f| f.side == Side::Director);
            (any && enemies.all(|b| b.vitality.is_down()))
                .then(|| (Status::Met, "no enemy is left standing".to_owned()))
        }
        Objective::DefeatSpecificFoe { creature } => {
            if body(creature).is_some_and(|b| b.vitality.is_down()) {
                met(format!("{creature} is down"))
            } else if fled_by(creature).is_some() {
                failed(format!("{creature} fled"))
            } else {
                None
            }
        }
        Objective::GetTheThing { item, exit, .. } => match &state.item {
            Some(ItemPlace::Held(h))
                if body(h).is_some_and(|b| {
                    b.side == Side::Heroes
                        && b.vitality.can_act()
                        && in_zone(map, exit, b.footprint)
                }) =>
            {
                met(format!("{h} reaches the {exit} with {item}"))
            }
            Some(ItemPlace::Gone { by, side, zone }) => {
                if *side == Side::Heroes && zone == exit {
                    met(format!("{by} escapes with {item}"))
                } else {
                    failed(format!("{by} carried {item} off"))
                }
            }
            _ => None,
        },
        Objective::DestroyTheThing { squares, creatures } => {
            let objects_gone = squares
                .iter()
                .all(|&sq| !matches!(map.terrain(sq), Some(Terrain::Object { .. })));
            let things_dead = creatures
                .iter()
                .all(|c| body(c).is_some_and(|b| b.vitality == Vitality::Dead));
            (objects_gone && things_dead).then(|| (Status::Met, "it is destroyed".to_owned()))
        }
        Objective::SaveAnother { wards, .. } => {
            let n = wards.len();
            let dead = wards
                .iter()
                .filter(|w| !state.rescued.contains(w))
                .filter(|w| body(w).is_some_and(|b| b.vitality == Vitality::Dead))
                .count();
            if state.rescued.len() * 2 >= n {
                met(format!("{} of {n} rescued", state.rescued.len()))
            } else if (n - dead) * 2 < n {
                failed(format!("{dead} of {n} are dead"))
            } else {
                None
            }
        }
        Objective::Escort { ward, destination } => {
            if let Some(f) = fled_by(ward) {
                if &f.zone == destination {
                    met(format!("{ward} reaches the {destination}"))
                } else {
                    failed(format!("{ward} fled"))
                }
            } else {
                match body(ward) {
                    Some(b) if b.vitality == Vitality::Dead => failed(format!("{ward} is dead")),
                    Some(b) if b.vitality.can_act() && in_zone(map, destination, b.footprint) => {
                        met(format!("{ward} reaches the {destination}"))
                    }
                    _ => None,
                }
            }
        }
        Objective::HoldThemOff { zone, .. } => {
            let heroes = heroes_count(bodies, fled);
            (state.breached.len() >= heroes).then(|| {
                (
                    Status::Failed,
                    format!(
                        "{} enemies breached the {zone}, not fewer than the {heroes} heroes",
                        state.breached.len()
                    ),
                )
            })
        }
        Objective::StopTheAction { foe, .. } => {
            if body(foe).is_some_and(|b| b.vitality.is_down()) || fled_by(foe).is_some() {
                met(format!("{foe} is stopped"))
            } else {
                None
            }
        }
        Objective::CompleteTheAction { tasks, .. } => (state.count >= *tasks).then(|| {
            (
                Status::Met,
                format!("{} of {tasks} tasks done", state.count),
            )
        }),
        Objective::AssaultTheDefenses { .. } => None,
    }
}

fn set_status(world: &mut World, index: usize, status: Status, why: String) {
    let mut info = world.resource_mut::<EncounterInfo>();
    let objective = info.objectives[index].clone();
    info.progress.objectives[index].status = status;
    let event = match status {
        Status::Met => Event::ObjectiveMet {
            index: index as u32,
            objective: objective.name().to_owned(),
        },
        _ => Event::ObjectiveFailed {
            index: index as u32,
            objective: objective.name().to_owned(),
            reason: why,
        },
    };
    world
        .resource_mut::<EventLog>()
        .push(objective.rule(), event);
}

/// Mark each pending objective met or failed as the board now says.
fn settle(world: &mut World, bodies: &[Body]) {
    let info = world.resource::<EncounterInfo>();
    let settled: Vec<(usize, Status, String)> = info
        .objectives
        .iter()
        .zip(&info.progress.objectives)
        .enumerate()
        .filter(|(_, (_, state))| state.status == Status::Pending)
        .filter_map(|(i, (objective, state))| {
            let (status, why) = status_now(world, objective, state, bodies, &info.progress.fled)?;
            Some((i, status, why))
        })
        .collect();
    for (i, status, why) in settled {
        set_status(world, i, status, why);
    }
}

/// The round is ending: round limits, Assault's held rounds, Complete's workers.
fn end_of_round(world: &mut World) {
    let bodies = bodies(world);
    let round = world.resource::<TurnState>().round;
    let info = world.resource::<EncounterInfo>().clone();
    let map = world.resource::<Map>().clone();
    for (i, objective) in info.objectives.iter().enumerate() {
        if info.progress.objectives[i].status != Status::Pending {
            continue;
        }
        match objective {
            Objective::HoldThemOff { zone, rounds } if round >= *rounds => {
                let heroes = heroes_count(&bodies, &info.progress.fled);
                let breached = info.progress.objectives[i].breached.len();
                set_status(
                    world,
                    i,
                    Status::Met,
                    format!(
                        "{rounds} rounds held; {breached} breached the {zone} ({heroes} heroes)"
                    ),
                );
            }
            Objective::AssaultTheDefenses { zone, rounds } => {
                let standing = |side: Side| {
                    bodies.iter().any(|b| {
                        b.side == side && b.vitality.can_act() && in_zone(&map, zone, b.footprint)
                    })
                };
                let held = standing(Side::Heroes) && !standing(Side::Director);
                let before = info.progress.objectives[i].count;
                let now = if held { before + 1 } else { 0 };
                world.resource_mut::<EncounterInfo>().progress.objectives[i].count = now;
                if held || before > 0 {
                    let note = if held {
                        format!("the heroes hold the {zone} at the end of round {round}")
                    } else {
                        format!("the {zone} is not held at the end of round {round}")
                    };
                    let event =
                        progress_event(i, objective, None, note, now as usize, *rounds as usize);
                    world
                        .resource_mut::<EventLog>()
                        .push(objective.rule(), event);
                }
                if now >= *rounds {
                    set_status(
                        world,
                        i,
                        Status::Met,
                        format!("the {zone} held for {now} rounds"),
                    );
                }
            }
            Objective::StopTheAction { foe, rounds } if round >= *rounds => {
                set_status(
                    world,
                    i,
                    Status::Failed,
                    format!("{foe} was not stopped within {rounds} rounds"),
                );
            }
            Objective::CompleteTheAction {
                tasks,
                rounds,
                half_must_work,
                ..
            } => {
                let state = &info.progress.objectives[i];
                let able = bodies
                    .iter()
                    .filter(|b| {
                        b.side == Side::Heroes
                            && b.vitality.can_act()
                            && (b.hero || !bodies.iter().any(|o| o.hero))
                    })
                    .count();
                let needed = able.div_ceil(2);
                if *half_must_work && state.worked.len() < needed {
                    set_status(
                        world,
                        i,
                        Status::Failed,
                        format!(
                            "only {} of the {able} heroes worked on the task in round {round} (at least {needed} must)",
                            state.worked.len()
                        ),
                    );
                } else if round >= *rounds {
                    set_status(
                        world,
                        i,
                        Status::Failed,
                        format!("{} of {tasks} tasks done in {rounds} rounds", state.count),
                    );
                } else {
                    world.resource_mut::<EncounterInfo>().progress.objectives[i]
                        .worked
                        .clear();
                }
            }
            _ => {}
        }
    }
}

/// The encounter ends; won, each hero who survived it gains a Victory (seed 002 L815-817).
pub(crate) fn end(world: &mut World, outcome: Outcome, rule: Rule) {
    let mut turn = world.resource_mut::<TurnState>();
    turn.outcome = Some(outcome);
    turn.current = None;
    turn.next_side = None;
    world
        .resource_mut::<EventLog>()
        .push(rule, Event::EncounterEnded { outcome });
    if outcome == Outcome::Victory {
        between_fights::award(world, &[], 1, "the fight won");
    }
}

/// Victory when every objective is met; defeat when one failed or no hero can fight on.
fn decide(world: &mut World, bodies: &[Body]) {
    if world.resource::<TurnState>().outcome.is_some() {
        return;
    }
    if let Some((outcome, rule)) = verdict(world.resource::<EncounterInfo>(), bodies) {
        end(world, outcome, rule);
    }
}

/// How the encounter ends now, if it does, and the rule that ends it.
fn verdict(info: &EncounterInfo, bodies: &[Body]) -> Option<(Outcome, Rule)> {
    let fled = &info.progress.fled;
    let flagged = bodies.iter().any(|b| b.hero) || fled.iter().any(|f| f.hero);
    let is_hero_body = |b: &&Body| b.side == Side::Heroes && (b.hero || !flagged);
    let heroes_here = bodies.iter().filter(is_hero_body).count();
    let heroes_standing = bodies
        .iter()
        .filter(is_hero_body)
        .any(|b| b.vitality.can_act());
    let heroes_fled = fled
        .iter()
        .filter(|f| f.side == Side::Heroes && (f.hero || !flagged))
        .count();
    let statuses = info.statuses();
    let all_met = !statuses.is_empty() && statuses.iter().all(|s| *s == Status::Met);
    let victory_rule = if info.objectives.len() == 1 {
        info.objectives[0].rule()
    } else {
        rule::OBJECTIVES_MET
    };
    if !heroes_standing && heroes_fled == 0 && heroes_here > 0 {
        Some((Outcome::Defeat, rule::ENCOUNTER_DEFEAT))
    } else if let Some(i) = statuses.iter().position(|s| *s == Status::Failed) {
        Some((Outcome::Defeat, info.objectives[i].rule()))
    } else if all_met {
        Some((Outcome::Victory, victory_rule))
    } else if !heroes_standing && heroes_fled > 0 {
        Some((Outcome::Defeat, rule::ENCOUNTER_FLED))
    } else {
        None
    }
}
