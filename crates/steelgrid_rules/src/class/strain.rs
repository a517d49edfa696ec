//! Strain: a Talent may spend Clarity below 0 (seed 002 L159) and is strained while it is
//! (L503). What strain costs is not in the seed (core digest AMB-34); this project's reading,
//! written in the class's file, is Stamina lost at the end of each of its turns.

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand};
use crate::creature::{CreatureId, Hero, Stamina};
use crate::event::{Event, EventLog};
use crate::rule;

/// Command stage, on End Turn: the hero ending its turn with its resource below 0 loses its
/// strain's Stamina for each point below 0 (Stamina loss, not damage: nothing reduces it).
pub fn at_end_of_turn(
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    mut heroes: Query<(&CreatureId, &Hero, &mut Stamina)>,
) {
    let Some(Command::EndTurn { creature }) = &command.0 else {
        return;
    };
    let Some((id, hero, mut stamina)) = heroes.iter_mut().find(|h| &h.0.0 == creature) else {
        return;
    };
    let Some(strain) = hero.class.and_then(|c| c.spec().strain) else {
        return;
    };
    if hero.heroic_resource >= 0 {
        return;
    }
    let lost = hero.heroic_resource.unsigned_abs() * strain.stamina_per_point;
    stamina.current -= lost as i32;
    log.push(
        rule::STRAINED,
        Event::Strained {
            creature: id.0.clone(),
            resource: hero.heroic_resource,
            amount: lost,
            stamina: stamina.current,
        },
    );
}
