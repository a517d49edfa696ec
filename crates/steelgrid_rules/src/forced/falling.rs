//! Fliers that can't stay up: a flying creature that is knocked prone or whose speed drops to 0
//! (grabbed, unconscious) falls, unless it hovers; a dead one falls whatever it was
//! (seed 002 L2688-2694, L2710-2714). Falls from a great height take rounds: 100 squares at
//! once, then 100 more at the end of each later round (seed 002 L2720-2722; digest A-44).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand};
use crate::creature::{
    Altitude, Characteristics, CreatureId, Grabbed, Movement, MovementMode, Position, Prone,
    Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::event::{Event, EventLog};
use crate::forced::{FALL_PER_ROUND, fall_damage};
use crate::grid::Square;
use crate::grid::{Footprint, Map};
use crate::rule;
use crate::turn::TurnState;
use crate::turn::pending::Landing;
use steelgrid_kernel::rule::RuleError;

/// A creature falling from a great height: `height` squares in all; its `Altitude` is how far
/// it still has to go. It drops another 100 squares at the end of each round after
/// `through_round`, the round whose end it last dropped at (at first the round the fall began:
/// digest A-44), and takes the fall's damage when it lands.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Falling {
    pub height: u32,
    pub through_round: u32,
}
steelgrid_kernel::persisted!(maybe Falling);

impl Falling {
    /// A fall of `height` squares that began in `round`.
    pub fn new(height: u32, round: u32) -> Self {
        Self {
            height,
            through_round: round,
        }
    }
}

/// Stamina stage: bring down fliers that can no longer fly. The fall's damage is queued here and
/// dealt by the damage step that runs again right after, in the same stage. A fall of more than
/// 100 squares drops 100 now and goes on at the end of each later round.
pub fn drop_grounded_fliers(
    mut commands: Commands,
    map: Res<Map>,
    turn: Res<TurnState>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    fliers: Query<
        (
            Entity,
            &CreatureId,
            &Altitude,
            &Position,
            &crate::creature::CreatureSize,
            &Characteristics,
            &Vitality,
            Option<&Movement>,
            Has<Prone>,
            Has<Grabbed>,
        ),
        // Riders and climbers sit on what carries them (`movement::mount` handles their falls).
        (Without<Falling>, Without<crate::terms::movement::Mounted>),
    >,
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
        if altitude.0 > FALL_PER_ROUND {
            let left = altitude.0 - FALL_PER_ROUND;
            commands
                .entity(entity)
                .insert((Altitude(left), Falling::new(altitude.0, turn.round)));
            log.push(
                rule::FALLING_FAR,
                Event::StillFalling {
                    creature: id.0.clone(),
                    dropped: FALL_PER_ROUND,
                    left,
                },
            );
            continue;
        }
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
        land(
            &mut commands,
            &mut log,
            &mut pending,
            entity,
            &id.0,
            damage,
            lands_prone && !prone,
        );
    }
}

/// Queue a landing's damage and lay the creature prone.
pub(crate) fn land(
    commands: &mut Commands,
    log: &mut EventLog,
    pending: &mut PendingDamage,
    entity: Entity,
    id: &str,
    damage: u32,
    knocked_prone: bool,
) {
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
    if knocked_prone {
        commands.entity(entity).insert(Prone);
        log.push(
            rule::PRONE,
            Event::ConditionGained {
                creature: id.to_owned(),
                condition: "prone".into(),
            },
        );
    }
}

/// Turn-flow stage, after a round has ended: each creature falling from a great height drops
/// another 100 squares, or lands if that many or fewer are left, taking the whole fall's damage
/// (capped at 50) and landing prone (seed 002 L2710-2722; digest A-44). The damage is dealt by
/// the damage step that follows in the same stage.
pub fn continue_long_falls(
    mut commands: Commands,
    map: Res<Map>,
    turn: Res<TurnState>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut fallers: Query<(
        Entity,
        &CreatureId,
        &mut Falling,
        &mut Altitude,
        &Position,
        &crate::creature::CreatureSize,
        &Characteristics,
        &Vitality,
        Has<Prone>,
    )>,
) {
    // The round counter moves on as soon as a round ends.
    let ended = turn.round.saturating_sub(1);
    let mut all: Vec<_> = fallers
        .iter_mut()
        .filter(|f| f.2.through_round < ended)
        .collect();
    all.sort_by(|a, b| a.1.0.cmp(&b.1.0));
    for (entity, id, mut falling, mut altitude, pos, size, chars, vitality, prone) in all {
        falling.through_round = ended;
        if altitude.0 > FALL_PER_ROUND {
            altitude.0 -= FALL_PER_ROUND;
            log.push(
                rule::FALLING_FAR,
                Event::StillFalling {
                    creature: id.0.clone(),
                    dropped: FALL_PER_ROUND,
                    left: altitude.0,
                },
            );
            continue;
        }
        let into_liquid = map.liquid_under(Footprint::new(pos.0, size.0));
        let (effective, damage, lands_prone) =
            fall_damage(falling.height, chars.agility, into_liquid);
        commands.entity(entity).remove::<(Altitude, Falling)>();
        log.push(
            rule::FALLING_FAR,
            Event::Fell {
                creature: id.0.clone(),
                height: falling.height,
                agility: chars.agility,
                effective,
                damage,
                landed_on: None,
                lands_at: pos.0,
            },
        );
        if *vitality != Vitality::Dead {
            land(
                &mut commands,
                &mut log,
                &mut pending,
                entity,
                &id.0,
                damage,
                lands_prone && !prone,
            );
        }
    }
}

/// A `Land` answers the pending landing of `creature`, on one of its squares (seed 002 L2718).
pub fn check_land(turn: &TurnState, creature: &str, to: Square) -> Result<(), RuleError> {
    let Some(l) = turn.landing.as_ref().filter(|l| l.creature == creature) else {
        return Err(RuleError::new(
            rule::FALLING_ONTO,
            format!("{creature} is not choosing where it lands"),
        ));
    };
    if !l.squares.contains(&to) {
        return Err(RuleError::new(
            rule::FALLING_ONTO,
            format!(
                "{creature} comes down on one of the nearest free squares beside {}, and {to} is not one",
                l.on
            ),
        ));
    }
    Ok(())
}

/// Offer the faller of `fall` its choice of landing square when several are equally near.
pub(crate) fn offer_landing(
    turn: &mut TurnState,
    log: &mut EventLog,
    creature: &str,
    fall: &crate::forced::Fall,
) {
    let Some(on) = &fall.landed_on else {
        return;
    };
    if fall.could_land.len() < 2 {
        return;
    }
    log.push(
        rule::FALLING_ONTO,
        Event::ChoosingLanding {
            creature: creature.to_owned(),
            on: on.clone(),
            squares: fall.could_land.clone(),
        },
    );
    turn.landing = Some(Landing {
        creature: creature.to_owned(),
        on: on.clone(),
        squares: fall.could_land.clone(),
    });
}

/// Vitality stage: a faller the fall killed chooses nothing; it lies where it first came down.
pub fn forget_dead_fallers(
    mut turn: ResMut<TurnState>,
    creatures: Query<(&CreatureId, &Vitality)>,
) {
    let dead = turn.landing.as_ref().is_some_and(|l| {
        creatures
            .iter()
            .any(|(id, v)| id.0 == l.creature && *v == Vitality::Dead)
    });
    if dead {
        turn.landing = None;
    }
}

/// Command stage: the faller comes down on the square its side chose.
pub fn resolve_land(
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &mut Position)>,
) {
    let Some(Command::Land { creature, to }) = &command.0 else {
        return;
    };
    turn.landing = None;
    let Some((_, mut pos)) = creatures.iter_mut().find(|c| c.0.0 == *creature) else {
        return;
    };
    let from = pos.0;
    pos.0 = *to;
    log.push(
        rule::FALLING_ONTO,
        Event::Landed {
            creature: creature.clone(),
            from,
            to: *to,
        },
    );
}
