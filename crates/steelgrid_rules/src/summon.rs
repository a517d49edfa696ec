//! Summoning (seed 002 L4280-4282; digest §6.3, DS-DIR-73, A-31): an ability's effect brings
//! creatures in beside its user. Unless stated otherwise, a summoned creature takes its turn
//! immediately after its summoner's turn, and the summoner can't summon again until its next
//! turn. A creature summoned during another creature's turn (a villain action, a triggered
//! action) acts right after that turn ends (A-31).
//!
//! ```ron
//! "call_wolves": (name: "Call the Pack", keywords: [Magic], action: MainAction,
//!     distance: Self, target: (who: Self),
//!     effect: (summon: [(template: "wolf", offset: (1, 0)), (template: "wolf", offset: (-1, 0))])),
//! ```
//!
//! Readings: `template` names a creature template, resolved when the scenario loads (so its
//! abilities join the encounter's); `offset` is in squares from the summoner's own square, and
//! a taken square gives the nearest open one (as scripted reinforcements arrive). A summoned
//! creature fights on its summoner's side, with no initiative group or minion squad of its
//! own, and gets the id `<summoner>-<template>-<n>`.

pub use crate::ability::Summon;

use std::collections::{BTreeMap, BTreeSet};

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;

use crate::ability::AbilityBook;
use crate::ability::resolve::CheckedAbility;
use crate::command::{Command, CurrentCommand};
use crate::creature::{CreatureId, Position, Side};
use crate::director::malice::MaliceFeature;
use crate::engine::CreatureRecord;
use crate::grid::{Map, Square, Terrain};
use crate::rule;
use crate::scenario::{Checker, CreatureSpec, ScenarioFile};
use crate::turn::TurnState;

/// The summonable creatures, resolved from their templates when the scenario loads.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct SummonTable(pub BTreeMap<String, CreatureRecord>);

impl SummonTable {
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

/// Resolve every template the encounter's abilities summon — and those their summons' own
/// abilities summon — reporting a problem at the scenario's `abilities` (or its start).
pub(crate) fn build(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    map: &Map,
    book: &mut AbilityBook,
    features: &mut BTreeMap<String, MaliceFeature>,
) -> SummonTable {
    let at = crate::source::field(ck.src, None, "abilities").unwrap_or(0);
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
                crate::script::gather(ck, parsed, &record, at, book, features);
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

fn first_open(map: &Map) -> Option<Square> {
    (0..map.height)
        .flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)))
        .find(|&s| !map.is_solid(s) && !matches!(map.terrain(s), Some(Terrain::Pit { .. })))
}

/// Command stage, on StartTurn: the creature's own turn has come, so a summoned creature is no
/// longer owed one, and a summoner may summon again.
pub fn start_of_turn(command: Res<CurrentCommand>, mut turn: ResMut<TurnState>) {
    let Some(Command::StartTurn { creature }) = &command.0 else {
        return;
    };
    turn.summoned.retain(|s| s != creature);
    turn.summoners.remove(creature);
}

/// Command stage, after the ability resolves: bring in what its effect summons, owe each a
/// turn right after the current one, and bar the summoner from summoning again until its next
/// turn.
pub fn spawn_summoned(world: &mut World) {
    let Some(Command::UseAbility { creature, .. }) = world.resource::<CurrentCommand>().0.clone()
    else {
        return;
    };
    let Some(checked) = world.resource::<Checked>().get::<CheckedAbility>() else {
        return;
    };
    let summons = checked
        .ability
        .effect
        .as_ref()
        .map(|e| e.summon.clone())
        .unwrap_or_default();
    if summons.is_empty() {
        return;
    }
    let user = checked.user;
    let origin = world
        .get::<Position>(user)
        .expect("every creature has a position")
        .0;
    let side = *world.get::<Side>(user).expect("every creature has a side");
    for s in summons {
        let Some(mut record) = world.resource::<SummonTable>().0.get(&s.template).cloned() else {
            continue;
        };
        let taken: Vec<String> = {
            let mut q = world.query::<&CreatureId>();
            q.iter(world).map(|c| c.0.clone()).collect()
        };
        record.id = (1..)
            .map(|n| format!("{creature}-{}-{n}", s.template))
            .find(|id| !taken.contains(id))
            .expect("some number is free");
        record.side = side;
        record.group = None;
        record.minion = record
            .minion
            .map(|_| crate::creature::Minion { squad: None });
        record.position = Square::new(origin.x + s.offset.0, origin.y + s.offset.1);
        let id = record.id.clone();
        if crate::script::spawn(world, record, rule::SUMMON).is_some() {
            world.resource_mut::<TurnState>().summoned.push(id);
        }
    }
    let mut turn = world.resource_mut::<TurnState>();
    turn.summoners.insert(creature);
    // Between turns (a villain action at the end of a turn), the summoned act next (A-31).
    if turn.current.is_none()
        && let Some(first) = turn.summoned.first().cloned()
    {
        turn.next_side = Some(side);
        turn.group = Some(first);
    }
}
