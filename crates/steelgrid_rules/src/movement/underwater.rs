//! Underwater combat and suffocation: a fully submerged creature has fire immunity 5 and
//! lightning weakness 5, and without a swim speed a bane on its ability rolls; one that needs
//! air holds its breath for its Might in rounds (at least 1), then takes 1d6 damage at the end
//! of each round it is still under (seed 002 L3115-3123; digest §25, A-20, DS-COMBAT-110).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::creature::{
    Altitude, Characteristics, CreatureId, CreatureRef, CreatureSize, DamageModifiers, Identity,
    MovementMode, Position, Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::grid::{Footprint, Map, Terrain};
use crate::rule;
use crate::turn::{RosterQuery, TurnState, roster};

/// It breathes water: it never runs out of air underwater.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct BreathesWater;
steelgrid_kernel::persisted!(marker BreathesWater);

/// Underwater and holding its breath since the round `since` (seed 002 L3121).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HoldingBreath {
    pub since: u32,
}
steelgrid_kernel::persisted!(maybe HoldingBreath { since: u32 });

/// Whether a space standing on the ground is fully under water: every square of it is water at
/// least as deep as the creature is tall (a size N creature is N squares tall).
pub fn submerged(map: &Map, footprint: Footprint, altitude: u32) -> bool {
    altitude == 0
        && footprint.squares().all(|s| {
            matches!(map.terrain(s), Some(Terrain::Water { depth }) if depth as i32 >= footprint.side)
        })
}

/// The bane a submerged creature that can't swim at full speed takes on its ability rolls
/// (seed 002 L3117; ability rolls, not tests: digest A-20).
pub fn rolls_with_bane(map: &Map, roller: &CreatureRef) -> bool {
    submerged(map, roller.footprint, roller.altitude) && !roller.movement.has(MovementMode::Swim)
}

/// Rounds a creature with `might` holds its breath: its Might, at least 1 (seed 002 L3121).
pub fn breath_rounds(might: i32) -> u32 {
    might.max(1) as u32
}

/// Damage stage, before any damage lands (and once when the encounter begins): mark who is
/// fully submerged, start the breath of each one that needs air, and end it for each that
/// surfaced. A creature under water before round 1 starts holding its breath in round 1.
#[allow(clippy::type_complexity)]
pub fn sync(
    mut commands: Commands,
    turn: Res<TurnState>,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &Identity,
        &Position,
        &CreatureSize,
        Option<&Altitude>,
        &Vitality,
        &Characteristics,
        &mut DamageModifiers,
        Option<&HoldingBreath>,
        Has<BreathesWater>,
    )>,
) {
    let mut rows: Vec<_> = creatures.iter_mut().collect();
    rows.sort_by_key(|c| c.2.order);
    for (entity, id, _, pos, size, altitude, vitality, chars, mut mods, holding, gills) in rows {
        if *vitality == Vitality::Dead {
            continue;
        }
        let footprint = Footprint::new(pos.0, size.0);
        let under = submerged(&map, footprint, altitude.map_or(0, |a| a.0));
        if mods.underwater != under {
            mods.underwater = under;
            let effect = "underwater (fire immunity 5, lightning weakness 5)".to_owned();
            let creature = id.0.clone();
            log.push(
                rule::UNDERWATER,
                if under {
                    Event::EffectStarted { creature, effect }
                } else {
                    Event::EffectEnded { creature, effect }
                },
            );
        }
        let needs_air = under && !gills;
        match (needs_air, holding) {
            (true, None) => {
                let since = turn.round.max(1);
                commands.entity(entity).insert(HoldingBreath { since });
                log.push(
                    rule::SUFFOCATION,
                    Event::EffectStarted {
                        creature: id.0.clone(),
                        effect: format!(
                            "holding its breath from round {since} ({} rounds)",
                            breath_rounds(chars.might)
                        ),
                    },
                );
            }
            (false, Some(_)) => {
                commands.entity(entity).remove::<HoldingBreath>();
                log.push(
                    rule::SUFFOCATION,
                    Event::EffectEnded {
                        creature: id.0.clone(),
                        effect: "holding its breath".into(),
                    },
                );
            }
            _ => {}
        }
    }
}

/// Objectives stage: when the command just ended the round's last turn, each creature that
/// has held its breath for all its rounds takes 1d6 damage (seed 002 L3121; DS-COMBAT-110:
/// Might 2 from round 1 is safe through round 2, then 1d6 at the end of rounds 3, 4, …).
pub fn suffocate(
    turn: Res<TurnState>,
    query: RosterQuery,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    breathers: Query<(
        Entity,
        &CreatureId,
        &Identity,
        &Characteristics,
        &HoldingBreath,
        &Vitality,
    )>,
) {
    let round = turn.round;
    if turn.turn_just_ended.is_none() || round == 0 || turn.outcome.is_some() {
        return;
    }
    if roster(query.iter())
        .iter()
        .any(|r| r.can_act && !turn.acted.contains(&r.id))
    {
        return;
    }
    let mut rows: Vec<_> = breathers
        .iter()
        .filter(|b| *b.5 != Vitality::Dead)
        .filter(|b| round >= b.4.since + breath_rounds(b.3.might))
        .collect();
    rows.sort_by_key(|b| b.2.order);
    for (entity, id, _, _, _, _) in rows {
        let d6 = dice.d6();
        log.push(
            rule::SUFFOCATION,
            Event::EffectStarted {
                creature: id.0.clone(),
                effect: format!("out of air: 1d6 = {d6} damage at the end of round {round}"),
            },
        );
        pending.0.push(DamageRequest {
            target: entity,
            source: "suffocation".into(),
            amount: d6,
            damage_type: None,
            halved: false,
            knock_out: false,
        });
    }
}
