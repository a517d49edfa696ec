//! A creature as a scenario builds it and a save stores it, and putting one into the world.

use crate::condition;
use crate::condition::hide;
use crate::creature::*;
use crate::director::malice;
use crate::forced::falling;
use crate::grid::{Size, Square};
use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

/// Everything about one creature, as saved in a snapshot and read from a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub size: Size,
    pub position: Square,
    pub speed: u32,
    pub stamina: Stamina,
    pub stability: u32,
    /// What lasting effects add to or take from its stability (never below 0 in total).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stability_modifier: i32,
    pub characteristics: Characteristics,
    pub free_strike: u32,
    pub damage: DamageModifiers,
    pub hero: Option<Hero>,
    pub minion: Option<Minion>,
    pub group: Option<String>,
    pub surprised: bool,
    #[serde(default)]
    pub prone: bool,
    #[serde(default)]
    pub movement: Movement,
    #[serde(default)]
    pub defending: bool,
    #[serde(default)]
    pub grabbed_by: Option<String>,
    #[serde(default)]
    pub aided_by: Vec<String>,
    #[serde(default)]
    pub altitude: u32,
    /// Squares below the ground, burrowing (seed 002 L2604-2622).
    #[serde(default, skip_serializing_if = "crate::movement::burrow::on_surface")]
    pub depth: u32,
    /// It breathes water (seed 002 L3119-3121).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub breathes_water: bool,
    /// Underwater and holding its breath since this round (seed 002 L3121).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holding_breath_since: Option<u32>,
    /// Ids of its abilities in the game's ability book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Ids of the consumables it carries (each used up once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub consumables: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<condition::Afflicted>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<hide::Hidden>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invisible: bool,
    /// Ids of its family's Malice features (seed 002 L4344).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub malice_features: Vec<String>,
    /// Damage its End Effect takes to end a save-ends effect (seed 002 L4178-4180).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_effect: Option<u32>,
    /// The hero it follows, for a retainer (seed 002 L4744).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retainer_of: Option<String>,
    /// Falling from a great height, still `altitude` squares up (seed 002 L2720-2722).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub falling: Option<falling::Falling>,
    /// It has the Mount role: a willing smaller creature can ride it (seed 002 L3127).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mount_role: bool,
    /// The creature it rides or climbs, and where on it (seed 002 L2650-2668, L3125-3131).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mounted: Option<crate::movement::mount::Mounted>,
    pub vitality: Vitality,
    pub budget: ActionBudget,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// Put one creature into the world, `order` its place in the scenario's order: what a
/// restore does for each creature, and what scripted reinforcements do mid-fight.
pub(crate) fn spawn_creature(world: &mut World, order: u32, c: CreatureRecord) -> Entity {
    let mut e = world.spawn((
        CreatureId(c.id),
        Identity {
            name: c.name,
            order,
        },
        c.side,
        CreatureSize(c.size),
        Position(c.position),
        Speed(c.speed),
        c.stamina,
        Stability(c.stability),
        c.characteristics,
        FreeStrike(c.free_strike),
        c.damage,
        c.vitality,
        c.budget,
        (
            Abilities(c.abilities),
            Consumables(c.consumables),
            condition::Conditions(c.conditions),
        ),
    ));
    if let Some(hero) = c.hero {
        e.insert(hero);
    }
    if let Some(minion) = c.minion {
        e.insert(minion);
    }
    if let Some(group) = c.group {
        e.insert(Group(group));
    }
    if c.surprised {
        e.insert(Surprised);
    }
    if c.prone {
        e.insert(Prone);
    }
    if !c.movement.0.is_empty() {
        e.insert(c.movement);
    }
    if c.defending {
        e.insert(Defending);
    }
    if let Some(by) = c.grabbed_by {
        e.insert(Grabbed { by });
    }
    if !c.aided_by.is_empty() {
        e.insert(Aided { by: c.aided_by });
    }
    if c.altitude > 0 {
        e.insert(Altitude(c.altitude));
    }
    if c.depth > 0 {
        e.insert(crate::movement::burrow::Depth(c.depth));
    }
    if c.mount_role {
        e.insert(crate::movement::mount::MountRole);
    }
    if let Some(m) = c.mounted {
        e.insert(m);
    }
    if let Some(hidden) = c.hidden {
        e.insert(hidden);
    }
    if c.invisible {
        e.insert(Invisible);
    }
    if !c.malice_features.is_empty() {
        e.insert(malice::FamilyFeatures(c.malice_features));
    }
    if let Some(amount) = c.end_effect {
        e.insert(condition::EndEffect(amount));
    }
    if let Some(mentor) = c.retainer_of {
        e.insert(Retainer { mentor });
    }
    if c.stability_modifier != 0 {
        e.insert(StabilityModifier(c.stability_modifier));
    }
    if let Some(f) = c.falling {
        e.insert(f);
    }
    if c.breathes_water {
        e.insert(crate::movement::underwater::BreathesWater);
    }
    if let Some(since) = c.holding_breath_since {
        e.insert(crate::movement::underwater::HoldingBreath { since });
    }
    e.id()
}
