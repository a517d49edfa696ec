//! Fliers that can't stay up: a flying creature that is knocked prone or whose speed drops to 0
//! (grabbed, unconscious) falls, unless it hovers; a dead one falls whatever it was
//! (seed 002 L2688-2694, L2710-2714).

use bevy_ecs::prelude::*;

use crate::creature::{
    Altitude, Characteristics, CreatureId, Grabbed, Movement, MovementMode, Prone, Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::event::{Event, EventLog, rule};
use crate::forced::fall_damage;
use crate::grid::{Footprint, Map};

/// Stamina stage: bring down fliers that can no longer fly. The fall's damage is queued here and
/// dealt by the damage step that runs again right after, in the same stage.
pub fn drop_grounded_fliers(
    mut commands: Commands,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    fliers: Query<(
        Entity,
        &CreatureId,
        &Altitude,
        &crate::creature::Position,
        &crate::creature::CreatureSize,
        &Characteristics,
        &Vitality,
        Option<&Movement>,
        Has<Prone>,
        Has<Grabbed>,
    )>,
) {
    let mut falling: Vec<_> = fliers
        .iter()
        .filter(|(_, _, altitude, ..)| altitude.0 > 0)
        .filter(|(_, _, _, _, _, _, vitality, movement, prone, grabbed)| {
            let hovers = movement.is_some_and(|m| m.has(MovementMode::Hover));
            **vitality == Vitality::Dead
                || (!hovers && (*prone || *grabbed || **vitality == Vitality::Unconscious))
        })
        .collect();
    falling.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    for (entity, id, altitude, pos, size, chars, vitality, _, prone, _) in falling {
        let into_liquid = map.liquid_under(Footprint::new(pos.0, size.0));
        let (effective, damage, lands_prone) = fall_damage(altitude.0, chars.agility, into_liquid);
        commands.entity(entity).remove::<Altitude>();
        log.push(
            rule::FALLING,
            Event::Fell {
                creature: id.0.clone(),
                height: altitude.0,
                agility: chars.agility,
                effective,
                damage,
                landed_on: None,
                lands_at: pos.0,
            },
        );
        if *vitality == Vitality::Dead {
            continue;
        }
        if damage > 0 {
            pending.0.push(DamageRequest {
                target: entity,
                source: "fall".into(),
                amount: damage,
                damage_type: None,
                halved: false,
                knock_out: false,
            });
        }
        if lands_prone && !prone {
            commands.entity(entity).insert(Prone);
            log.push(
                rule::PRONE,
                Event::ConditionGained {
                    creature: id.0.clone(),
                    condition: "prone".into(),
                },
            );
        }
    }
}
