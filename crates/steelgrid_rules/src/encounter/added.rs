//! Creatures the Director brings in mid-fight, a Director override
//! (`DirectorOverride(AddCreature((id: "hound2", template: "ember_hound", position: (3, 4))))`,
//! rule `director.override`, not a rule of the seed). The creature is made from its template
//! as the scenario's own creatures and scripted reinforcements are — the scenario gives the
//! engine the [`Bestiary`] that does it, with the scenario's templates and the built-in
//! library — and checked with the command; here it takes its place, on the very square named
//! (never the nearest open one, as a reinforcement would), and the abilities and Malice
//! features it names join the encounter's. It fights from then on like any creature of its
//! side: it may take a turn in the round it arrives in.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::ability::{Ability, AbilityBook};
use crate::command::{Command, CurrentCommand, NewCreature, Override};
use crate::creature::Identity;
use crate::creature_record::{CreatureRecord, spawn_creature};
use crate::director::malice::{Malice, MaliceFeature};
use crate::event::{Event, EventLog, Overridden};
use crate::grid::Map;
use crate::rule;

/// Makes the creature an `AddCreature` override describes from its template: the scenario's
/// templates and the built-in library, as its creatures are made when it loads.
pub trait Bestiary: Send + Sync {
    /// The creature `new` describes on `map`, its template filled in and its body checked
    /// (on the map, on no wall), with the abilities and Malice features it names; or what is
    /// wrong with it, in words.
    fn resolve(&self, new: &NewCreature, map: &Map) -> Result<Added, Vec<String>>;
}

/// A creature ready to be brought in.
#[derive(Clone, Debug)]
pub struct Added {
    pub record: CreatureRecord,
    /// The abilities (and consumables) it names, by id.
    pub abilities: BTreeMap<String, Ability>,
    /// The Malice features it names, by id.
    pub malice_features: BTreeMap<String, MaliceFeature>,
}

/// What the check of an `AddCreature` override made, for [`bring_in`].
#[derive(Debug)]
pub struct CheckedAdded(pub Added);

/// Command stage, for `DirectorOverride(AddCreature(…))`: the checked creature takes its place
/// last in the encounter's order, what it names joins the encounter's book and Malice features
/// (the encounter's own kept where an id is in both), and the override is logged.
pub fn bring_in(world: &mut World) {
    let Some(Command::DirectorOverride(Override::AddCreature(_))) =
        &world.resource::<CurrentCommand>().0
    else {
        return;
    };
    let Some(CheckedAdded(added)) = world.resource_mut::<Checked>().take::<CheckedAdded>() else {
        return;
    };
    let mut book = world.resource_mut::<AbilityBook>();
    for (id, ability) in added.abilities {
        book.0.entry(id).or_insert(ability);
    }
    let mut malice = world.resource_mut::<Malice>();
    for (id, feature) in added.malice_features {
        malice.features.entry(id).or_insert(feature);
    }
    let order = {
        let mut q = world.query::<&Identity>();
        q.iter(world).map(|i| i.order + 1).max().unwrap_or(0)
    };
    let record = added.record;
    let what = Overridden::CreatureAdded {
        creature: record.id.clone(),
        side: record.side,
        at: record.position,
    };
    spawn_creature(world, order, record);
    world
        .resource_mut::<EventLog>()
        .push(rule::DIRECTOR_OVERRIDE, Event::DirectorOverride { what });
}
