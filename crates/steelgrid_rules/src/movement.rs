//! Willing movement with the Advance move action: one adjacent square per step, each costing 1
//! (diagonals too), difficult terrain and enemy squares +1, moving through allies freely, never
//! ending in another creature's space unless the sizes allow, no cutting corners, never beyond
//! speed (seed 002 L2570-2594, L2724-2730, L2821-2827).

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{ActionBudget, ActionKind, CreatureId, CreatureRef, Position, Speed};
use crate::damage::{DamageRequest, PendingDamage};
use crate::event::{Event, EventLog, rule};
use crate::grid::{Footprint, Map, Square, Terrain};

/// A checked Advance: where it ends, what it costs, and the damaging squares it enters.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvancePlan {
    pub to: Square,
    pub cost: u32,
    /// Damage from each damaging square entered, in order (seed 002 L2728).
    pub terrain_damage: Vec<u32>,
}

/// Check a path for `mover` against the map and the other creatures, and price it.
pub fn plan_advance(
    map: &Map,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    path: &[Square],
) -> Result<AdvancePlan, RuleError> {
    let Some(&last) = path.last() else {
        return Err(RuleError::new(rule::ADVANCE, "the path is empty"));
    };
    let mut at = mover.footprint;
    let mut cost = 0u32;
    let mut terrain_damage = Vec::new();
    let ground = |fp: Footprint| {
        fp.squares()
            .filter_map(|s| map.elevation(s))
            .max()
            .unwrap_or(0)
    };
    for (i, &step) in path.iter().enumerate() {
        let next = Footprint {
            origin: step,
            side: at.side,
        };
        let n = i + 1;
        if at.origin.distance(step) != 1 {
            return Err(RuleError::new(
                rule::ADVANCE,
                format!("step {n} to {step} is not adjacent to {}", at.origin),
            ));
        }
        if !map.footprint_in_bounds(next) {
            return Err(RuleError::new(
                rule::ADVANCE,
                format!("step {n} to {step} leaves the map"),
            ));
        }
        if let Some(sq) = next.squares().find(|&s| map.is_solid(s)) {
            let what = map.terrain(sq).map_or("wall", Terrain::name);
            return Err(RuleError::new(
                rule::ADVANCE,
                format!("step {n}: {sq} is a {what}"),
            ));
        }
        if let Some(sq) = next
            .squares()
            .find(|&s| matches!(map.terrain(s), Some(Terrain::Pit { .. })))
        {
            return Err(RuleError::new(
                rule::MOVE_ELEVATION,
                format!(
                    "step {n}: {sq} is a pit; walking into it is a fall, which Advance does not make"
                ),
            ));
        }
        let (dx, dy) = (step.x - at.origin.x, step.y - at.origin.y);
        if dx != 0 && dy != 0 {
            // seed 002 L2588: no diagonal past the corner of a wall or solid object.
            let cut = at.squares().find(|s| {
                map.is_solid(Square::new(s.x + dx, s.y)) || map.is_solid(Square::new(s.x, s.y + dy))
            });
            if cut.is_some() {
                return Err(RuleError::new(
                    rule::MOVE_CORNERS,
                    format!("step {n} to {step} would cut the corner of a wall or object"),
                ));
            }
        }
        let climb = ground(next) - ground(at);
        if climb.abs() > 1 {
            return Err(RuleError::new(
                rule::MOVE_ELEVATION,
                format!(
                    "step {n} to {step} changes height by {climb}; walking handles steps of 1, a bigger change needs climbing or a drop"
                ),
            ));
        }
        let entered: Vec<Square> = next.squares().filter(|&s| !at.contains(s)).collect();
        let difficult = entered
            .iter()
            .any(|&s| map.terrain(s) == Some(Terrain::Difficult));
        // seed 002 L2578: an enemy's square counts as difficult terrain.
        let through_enemy = others.iter().any(|o| {
            o.side != mover.side
                && o.vitality.can_act()
                && entered.iter().any(|&s| o.footprint.contains(s))
        });
        cost += 1 + u32::from(difficult || through_enemy);
        for &s in &entered {
            if let Some(Terrain::Damaging { damage }) = map.terrain(s) {
                terrain_damage.push(damage);
            }
        }
        at = next;
    }
    if cost > speed {
        return Err(RuleError::new(
            rule::MOVE_SPEED,
            format!("the path costs {cost} movement but speed is {speed}"),
        ));
    }
    let end = Footprint {
        origin: last,
        side: mover.footprint.side,
    };
    if let Some(o) = others.iter().find(|o| {
        !o.vitality.is_down()
            && o.footprint.overlaps(end)
            && !mover.size.may_share_space_with(o.size)
    }) {
        return Err(RuleError::new(
            rule::MOVE_OCCUPIED,
            format!(
                "the path ends in {}'s space; only creatures two or more sizes apart can share one",
                o.id
            ),
        ));
    }
    Ok(AdvancePlan {
        to: last,
        cost,
        terrain_damage,
    })
}

/// Command stage: Advance. The plan was checked when the command was validated.
pub fn resolve_advance(
    command: Res<CurrentCommand>,
    plan: Option<Res<CheckedAdvance>>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut movers: Query<(
        Entity,
        &CreatureId,
        &mut Position,
        &Speed,
        &mut ActionBudget,
    )>,
) {
    let (Some(Command::Advance { creature, path }), Some(plan)) = (&command.0, plan) else {
        return;
    };
    let Some((entity, id, mut pos, speed, mut budget)) =
        movers.iter_mut().find(|m| &m.1.0 == creature)
    else {
        return;
    };
    let traded_main = budget.spend(ActionKind::Move);
    log.push(
        if traded_main {
            rule::MAIN_TRADED
        } else {
            rule::ACTION_ECONOMY
        },
        Event::ActionUsed {
            creature: id.0.clone(),
            action: ActionKind::Move,
            traded_main,
        },
    );
    let from = pos.0;
    pos.0 = plan.0.to;
    log.push(
        rule::ADVANCE,
        Event::Moved {
            creature: id.0.clone(),
            from,
            to: plan.0.to,
            path: path.clone(),
            cost: plan.0.cost,
            speed: speed.0,
        },
    );
    for &damage in &plan.0.terrain_damage {
        pending.0.push(DamageRequest {
            target: entity,
            source: "damaging terrain".into(),
            amount: damage,
            damage_type: None,
            halved: false,
            knock_out: false,
        });
    }
}

/// The plan made while validating an Advance, handed to the command stage.
#[derive(Resource, Clone, Debug)]
pub struct CheckedAdvance(pub AdvancePlan);

/// Whether the move action (or a main action to trade) is left.
pub fn validate_move_budget(budget: &ActionBudget) -> Result<(), RuleError> {
    if budget.allows(ActionKind::Move) {
        Ok(())
    } else {
        Err(RuleError::new(
            rule::ACTION_ECONOMY,
            "no move action left this turn (and no main action to trade for one)",
        ))
    }
}
