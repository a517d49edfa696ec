//! Resolving forced movement and standing up in the command stage: apply the plan made by
//! [`crate::forced::plan`] when the command was validated.

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, CurrentCommand};
use crate::creature::{
    ActionBudget, ActionKind, Altitude, Characteristics, CreatureId, Position, Prone, Vitality,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::forced::falling::Falling;
use crate::forced::{FALL_PER_ROUND, Fall, ForcedKind, ForcedOutcome, ForcedSpec, PendingForced};
use crate::grid::{Cell, Map, Size, Square, Terrain};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec};
use crate::rule::{self, Rule};
use crate::turn::{TurnState, take_action};

/// The plan made while validating a `ForceMove`, handed to the command stage.
#[derive(Clone, Debug)]
pub struct CheckedForced(pub ForcedOutcome);

/// The forced-movement proposal a `ForceMove` command describes.
pub fn spec_of(command: &Command) -> Option<ForcedSpec> {
    match command {
        Command::ForceMove {
            forcer,
            target,
            kind,
            distance,
            melee_weapon,
            stability,
            chosen,
            path,
            break_objects,
            vertical,
            heights,
        } => Some(ForcedSpec {
            kind: *kind,
            forcer: forcer.clone(),
            target: target.clone(),
            distance: *distance,
            melee_weapon: *melee_weapon,
            stability: *stability,
            chosen: *chosen,
            path: path.clone(),
            break_objects: *break_objects,
            vertical: *vertical,
            heights: heights.clone(),
        }),
        _ => None,
    }
}

fn kind_rule(kind: ForcedKind) -> Rule {
    match kind {
        ForcedKind::Push => rule::FORCED_PUSH,
        ForcedKind::Pull => rule::FORCED_PULL,
        ForcedKind::Slide => rule::FORCED_SLIDE,
    }
}

fn rule_by_id(id: &str) -> Rule {
    rule::find(id).unwrap_or(rule::FORCED_COLLISION_CREATURE)
}

/// Command stage: move the target, break what it was hurled through, queue every creature's
/// damage in order, and drop it if it ends over a drop (seed 002 L2738-2819).
pub fn resolve_forced_move(
    mut commands: Commands,
    mut turn: ResMut<TurnState>,
    mut map: ResMut<Map>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut creatures: Query<(Entity, &CreatureId, &mut Position, &Vitality, Has<Prone>)>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedForced>();
    let Some(checked) = checked else {
        return;
    };
    let o = &checked.0;
    let moved_object = crate::forced::object_square(&o.target).is_some();
    let find =
        |id: &str, q: &Query<(Entity, &CreatureId, &mut Position, &Vitality, Has<Prone>)>| {
            q.iter().find(|c| c.1.0 == id).map(|c| (c.0, *c.3, c.4))
        };
    log.push(
        kind_rule(o.kind),
        Event::ForcedMoved {
            target: o.target.clone(),
            kind: o.kind,
            distance: o.distance,
            from: o.from,
            to: o.end,
            moved: o.moved.clone(),
            derivation: o.derivation.clone(),
        },
    );
    if let Some((entity, _, mut pos, _, _)) = creatures.iter_mut().find(|c| c.1.0 == o.target) {
        pos.0 = o.end;
        if o.altitude > 0 {
            commands.entity(entity).insert(Altitude(o.altitude));
        } else {
            commands.entity(entity).remove::<Altitude>();
        }
        if o.depth > 0 {
            commands
                .entity(entity)
                .insert(crate::terms::movement::Depth(o.depth));
        } else {
            commands
                .entity(entity)
                .remove::<crate::terms::movement::Depth>();
        }
    }
    for &sq in &o.broken {
        if let Some(i) = map
            .in_bounds(sq)
            .then(|| (sq.y * map.width + sq.x) as usize)
        {
            map.cells[i].terrain = Terrain::Floor;
            map.cells[i].object_stamina = None;
            map.cells[i].height = None;
        }
        log.push(
            rule::OBJECT_DESTROYED,
            Event::ObjectDestroyed { square: sq },
        );
    }
    for h in o
        .hits
        .iter()
        .filter(|h| h.creature != o.target || !moved_object)
    {
        log.push(
            rule_by_id(&h.rule),
            Event::Slammed {
                creature: h.creature.clone(),
                amount: h.amount,
                note: h.note.clone(),
            },
        );
        if let Some((entity, vitality, _)) = find(&h.creature, &creatures)
            && vitality != Vitality::Dead
        {
            pending.0.push(DamageRequest {
                target: entity,
                source: h.note.clone(),
                amount: h.amount,
                damage_type: None,
                halved: false,
                knock_out: false,
            });
        }
    }
    if let Some(fall) = &o.fall {
        come_down(
            fall,
            o,
            &mut commands,
            &mut turn,
            &mut log,
            &mut pending,
            &mut creatures,
        );
    }
    if let Some(from) = crate::forced::object_square(&o.target) {
        move_object(&mut map, &mut log, o, from);
    }
    next_pending(&mut turn, &map, &mut log);
}

/// The end of a forced movement over a drop: a long fall goes on next round; otherwise the
/// target (and any creature it lands on) takes the fall's damage and may go prone, and a
/// creature that landed beside another chooses its square (seed 002 L2710-2722).
fn come_down(
    fall: &Fall,
    o: &ForcedOutcome,
    commands: &mut Commands,
    turn: &mut TurnState,
    log: &mut EventLog,
    pending: &mut PendingDamage,
    creatures: &mut Query<(Entity, &CreatureId, &mut Position, &Vitality, Has<Prone>)>,
) {
    let moved_object = crate::forced::object_square(&o.target).is_some();
    let find =
        |id: &str, q: &Query<(Entity, &CreatureId, &mut Position, &Vitality, Has<Prone>)>| {
            q.iter().find(|c| c.1.0 == id).map(|c| (c.0, *c.3, c.4))
        };
    if fall.left > 0 {
        // seed 002 L2720-2722: from a great height it drops 100 squares now, the rest later.
        log.push(
            rule::FALLING_FAR,
            Event::StillFalling {
                creature: o.target.clone(),
                dropped: FALL_PER_ROUND,
                left: fall.left,
            },
        );
        if let Some((entity, ..)) = find(&o.target, creatures) {
            commands
                .entity(entity)
                .insert((Altitude(fall.left), Falling::new(fall.height, turn.round)));
        }
        return;
    }
    log.push(
        if fall.forced_down {
            rule::FORCED_DOWNWARD
        } else if fall.landed_on.is_some() {
            rule::FALLING_ONTO
        } else {
            rule::FALLING
        },
        Event::Fell {
            creature: o.target.clone(),
            height: fall.height,
            agility: fall.agility,
            effective: fall.effective,
            damage: fall.damage,
            landed_on: fall.landed_on.clone(),
            lands_at: fall.lands_at,
        },
    );
    if let Some((_, _, mut pos, _, _)) = creatures.iter_mut().find(|c| c.1.0 == o.target) {
        pos.0 = fall.lands_at;
    }
    if !moved_object {
        crate::forced::falling::offer_landing(turn, log, &o.target, fall);
    }
    let victims = std::iter::once(o.target.as_str()).chain(fall.landed_on.as_deref());
    for id in victims {
        let Some((entity, vitality, prone)) = find(id, creatures) else {
            continue;
        };
        if vitality == Vitality::Dead {
            continue;
        }
        if fall.damage > 0 {
            pending.0.push(DamageRequest {
                target: entity,
                source: "fall".into(),
                amount: fall.damage,
                damage_type: None,
                halved: false,
                knock_out: false,
            });
        }
        let knocked = if id == o.target {
            fall.prone
        } else {
            fall.knocks_prone
        };
        if knocked && !prone {
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
}

/// The next forced movement the ability left waiting, passing over any whose object is gone
/// (broken, or moved off its square, by the movements before it).
fn next_pending(turn: &mut TurnState, map: &Map, log: &mut EventLog) {
    turn.pending_forced = None;
    while !turn.queued_forced.is_empty() {
        let next = turn.queued_forced.remove(0);
        let gone = crate::forced::object_square(&next.target)
            .is_some_and(|sq| !matches!(map.terrain(sq), Some(Terrain::Object { .. })));
        if !gone {
            turn.pending_forced = Some(next);
            return;
        }
        log.push(
            rule::FORCED_OBJECT,
            Event::ForcedMovementPrevented {
                target: next.target,
                reason: "the object is no longer there".into(),
            },
        );
    }
}

/// seed 002 L2740, L2768: the moved object leaves its square for the one it ends in (where it
/// comes down, after a fall). Under the optional rule it takes its damage and breaks at 0
/// Stamina (L2782-2790). Forced into a pit or water it is lost from the fight (this project's
/// reading: the seed is silent). It takes the place of the ground's terrain where it stops.
fn move_object(map: &mut Map, log: &mut EventLog, o: &ForcedOutcome, from: Square) {
    let Some(start) = map.cell(from).copied() else {
        return;
    };
    let Terrain::Object { material } = start.terrain else {
        return;
    };
    map.set_cell(
        from,
        Cell {
            terrain: Terrain::Floor,
            object_stamina: None,
            height: None,
            ..start
        },
    );
    let to = o.fall.as_ref().map_or(o.end, |f| f.lands_at);
    let damage: u32 = o
        .hits
        .iter()
        .filter(|h| h.creature == o.target)
        .map(|h| h.amount)
        .sum();
    let stamina = start
        .object_stamina
        .unwrap_or_else(|| material.stamina_per_square());
    let left = stamina.saturating_sub(damage);
    if damage > 0 {
        log.push(
            rule::FORCED_OBJECT_DAMAGE,
            Event::ObjectDamaged {
                square: to,
                amount: damage,
                left,
            },
        );
    }
    let Some(there) = map.cell(to).copied() else {
        return;
    };
    let sinks = matches!(there.terrain, Terrain::Pit { .. } | Terrain::Water { .. });
    if left == 0 || sinks {
        log.push(
            if sinks {
                rule::FORCED_OBJECT
            } else {
                rule::OBJECT_DESTROYED
            },
            Event::ObjectDestroyed { square: to },
        );
        return;
    }
    map.set_cell(
        to,
        Cell {
            terrain: Terrain::Object { material },
            object_stamina: Some(left),
            height: start.height,
            ..there
        },
    );
}

/// Command stage: the Stand Up maneuver.
pub fn resolve_stand_up(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(Entity, &CreatureId, &mut ActionBudget)>,
) {
    let Some(Command::StandUp { creature }) = &command.0 else {
        return;
    };
    let Some((entity, id, mut budget)) = creatures.iter_mut().find(|c| &c.1.0 == creature) else {
        return;
    };
    take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    commands.entity(entity).remove::<Prone>();
    log.push(
        rule::STAND_UP,
        Event::ConditionEnded {
            creature: id.0.clone(),
            condition: "prone".into(),
        },
    );
}

/// Everything the Knockback needs, gathered while validating.
#[derive(Clone, Debug)]
pub struct CheckedKnockback {
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
}

/// The Knockback maneuver's size limit: a target no bigger than you, or, with Might 2 or more,
/// no bigger than your Might (seed 002 L2912; digest A-34, DS-COMBAT-16).
pub fn knockback_size_ok(user: Size, might: i32, target: Size) -> bool {
    target.ordinal() <= user.ordinal() || (might >= 2 && target.value() as i32 <= might)
}

/// Command stage: Knockback. Roll 2d10 + Might: push 1, 2 or 3 (seed 002 L2897-2910); the
/// push then waits for a `ForceMove` to choose its path.
pub fn resolve_knockback(
    command: Res<CurrentCommand>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &Characteristics, &mut ActionBudget)>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedKnockback>();
    let (Some(Command::Knockback { creature, target }), Some(checked)) = (&command.0, checked)
    else {
        return;
    };
    let Some((id, chars, mut budget)) = creatures.iter_mut().find(|c| &c.0.0 == creature) else {
        return;
    };
    take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    let spec = PowerRollSpec {
        characteristic: chars.might,
        edges: checked.edges.clone(),
        banes: checked.banes.clone(),
        ..PowerRollSpec::default()
    };
    let roll = power_roll::resolve(&spec, [dice.d10(), dice.d10()], &options);
    let distance = u32::from(roll.tier.number());
    log.push(
        rule::POWER_ROLL,
        Event::PowerRolled {
            creature: id.0.clone(),
            ability: "Knockback".into(),
            target: target.clone(),
            roll,
        },
    );
    let pending = PendingForced {
        source: "Knockback".into(),
        forcer: id.0.clone(),
        target: target.clone(),
        kind: ForcedKind::Push,
        distance,
        melee_weapon: true,
        vertical: false,
    };
    log.push(
        rule::KNOCKBACK,
        Event::ForcedMovementPending {
            pending: pending.clone(),
        },
    );
    turn.pending_forced = Some(pending);
}
