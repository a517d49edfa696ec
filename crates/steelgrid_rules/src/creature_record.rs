//! A creature as a scenario builds it and a save stores it, and putting one into the world.
//!
//! The record is a list of the components a save keeps, each under its field name; each
//! component says where it is defined how it is written ([`Persisted`]). Keeping a new
//! component in saves is one line here (the order of the lines is the order of the fields in
//! a save, which its checksum covers, so a new line goes at the end).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::checksum::StateHash;
use steelgrid_kernel::persist::Persisted;

use crate::condition;
use crate::condition::hide;
use crate::creature::*;
use crate::director::malice;
use crate::forced::falling;
use crate::movement::{burrow, mount, underwater};

/// `(a, (b, (c, ())))`: one bundle of any number of bundles (a tuple holds at most 15).
macro_rules! nested {
    () => { () };
    ($head:expr $(, $rest:expr)*) => { ($head, nested!($($rest),*)) };
}

/// The type of [`nested!`]'s value: `(A, (B, (C, ())))`, for a query row of any length.
macro_rules! nested_type {
    () => { () };
    ($head:ty $(, $rest:ty)*) => { ($head, nested_type!($($rest),*)) };
}

/// The pattern that takes a [`nested!`] value apart into its names.
macro_rules! nested_names {
    () => { () };
    ($head:ident $(, $rest:ident)*) => { ($head, nested_names!($($rest),*)) };
}

/// Declare the creature record: its id and name, then one field per saved component, the first
/// few (before the `;`) what every creature is made with, the rest starting at their defaults.
/// Derives [`spawn_creature`], [`CreatureRecord::all`] and [`CreatureRecord::new`] from the same
/// list.
macro_rules! creature_record {
    (
        $( $made:ident: $made_component:ty ),* ;
        $( $(#[$attr:meta])* $field:ident: $component:ty, )*
    ) => {
        /// Everything about one creature, as saved in a snapshot and read from a scenario.
        #[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
        pub struct CreatureRecord {
            pub id: String,
            pub name: String,
            $( pub $made: <$made_component as Persisted>::Field, )*
            $( $(#[$attr])* pub $field: <$component as Persisted>::Field, )*
        }

        /// Every component of a creature's record, as one query row (the engine registers
        /// them all when it builds a world, so the row can be read before any creature has
        /// them).
        pub(crate) type RecordRow = (
            &'static CreatureId,
            &'static Identity,
            nested_type!($( Option<&'static $made_component>, )* $( Option<&'static $component> ),*),
        );

        /// Put one creature into the world, `order` its place in the scenario's order: what a
        /// restore does for each creature, and what scripted reinforcements do mid-fight.
        pub(crate) fn spawn_creature(world: &mut World, order: u32, c: CreatureRecord) -> Entity {
            $( let $made = <$made_component as Persisted>::load(c.$made); )*
            $( let $field = <$component as Persisted>::load(c.$field); )*
            let identity = (CreatureId(c.id), Identity { name: c.name, order });
            let bundle = (nested!($( $made.0 ),*), nested!($( $field.0 ),*));
            let mut e = world.spawn((identity, bundle));
            $(
                if let Some(component) = $made.1 {
                    e.insert(component);
                }
            )*
            $(
                if let Some(component) = $field.1 {
                    e.insert(component);
                }
            )*
            e.id()
        }

        impl CreatureRecord {
            /// A creature with an id, a name, a side and a space: everything else starts at its
            /// default (no Stamina, speed 0, no abilities, no conditions), to be set after.
            pub(crate) fn new(
                id: String,
                name: String,
                $( $made: <$made_component as Persisted>::Field, )*
            ) -> CreatureRecord {
                CreatureRecord {
                    id,
                    name,
                    $( $made, )*
                    $( $field: Default::default(), )*
                }
            }

            /// Feed every creature into a state checksum, in scenario order: its id, name and
            /// every field as its record holds it, read in place.
            pub(crate) fn hash_all(world: &World, h: &mut StateHash) {
                steelgrid_kernel::reads::read::<RecordRow, _>(world, |q| {
                    let mut rows: Vec<_> = q.iter().collect();
                    rows.sort_by_key(|row| row.1.order);
                    h.word(rows.len() as u64);
                    for (id, identity, nested_names!($( $made, )* $( $field ),*)) in rows {
                        h.value(&id.0);
                        h.value(&identity.name);
                        $( <$made_component as Persisted>::hash($made, h); )*
                        $( <$component as Persisted>::hash($field, h); )*
                    }
                })
                .expect("the engine registers every record component when it builds its world");
            }

            /// Every creature as a save writes it, in scenario order, read through the
            /// record's query row (one lookup a creature, not one a component).
            pub(crate) fn all(world: &World) -> Vec<CreatureRecord> {
                steelgrid_kernel::reads::read::<RecordRow, _>(world, |q| {
                    let mut rows: Vec<_> = q.iter().collect();
                    rows.sort_by_key(|row| row.1.order);
                    rows.into_iter()
                        .map(|(id, identity, nested_names!($( $made, )* $( $field ),*))| {
                            CreatureRecord {
                                id: id.0.clone(),
                                name: identity.name.clone(),
                                $( $made: <$made_component as Persisted>::save($made), )*
                                $( $field: <$component as Persisted>::save($field), )*
                            }
                        })
                        .collect()
                })
                .expect("the engine registers every record component when it builds its world")
            }
        }
    };
}

creature_record! {
    side: Side,
    size: CreatureSize,
    position: Position;
    speed: Speed,
    stamina: Stamina,
    stability: Stability,
    /// What lasting effects add to or take from its stability (never below 0 in total).
    #[serde(default, skip_serializing_if = "is_zero")]
    stability_modifier: StabilityModifier,
    characteristics: Characteristics,
    free_strike: FreeStrike,
    damage: DamageModifiers,
    hero: Hero,
    minion: Minion,
    group: Group,
    surprised: Surprised,
    #[serde(default)]
    prone: Prone,
    #[serde(default)]
    movement: Movement,
    #[serde(default)]
    defending: Defending,
    #[serde(default)]
    grabbed_by: Grabbed,
    #[serde(default)]
    aided_by: Aided,
    #[serde(default)]
    altitude: Altitude,
    /// Squares below the ground, burrowing (seed 002 L2604-2622).
    #[serde(default, skip_serializing_if = "crate::movement::burrow::on_surface")]
    depth: burrow::Depth,
    /// It breathes water (seed 002 L3119-3121).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    breathes_water: underwater::BreathesWater,
    /// Underwater and holding its breath since this round (seed 002 L3121).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    holding_breath_since: underwater::HoldingBreath,
    /// Ids of its abilities in the game's ability book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    abilities: Abilities,
    /// Ids of the consumables it carries (each used up once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    consumables: Consumables,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    conditions: condition::Conditions,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    hidden: hide::Hidden,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    invisible: Invisible,
    /// Ids of its family's Malice features (seed 002 L4344).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    malice_features: malice::FamilyFeatures,
    /// Damage its End Effect takes to end a save-ends effect (seed 002 L4178-4180).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    end_effect: condition::EndEffect,
    /// The hero it follows, for a retainer (seed 002 L4744).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    retainer_of: Retainer,
    /// Falling from a great height, still `altitude` squares up (seed 002 L2720-2722).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    falling: falling::Falling,
    /// It has the Mount role: a willing smaller creature can ride it (seed 002 L3127).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    mount_role: mount::MountRole,
    /// The creature it rides or climbs, and where on it (seed 002 L2650-2668, L3125-3131).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    mounted: mount::Mounted,
    vitality: Vitality,
    budget: ActionBudget,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}
