//! Aid Attack (seed 002 L2843-2845): an edge on the first ability roll an ally makes against
//! the aided enemy before the aider's next turn starts.

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand};
use crate::creature::{ActionBudget, ActionKind, Aided, CreatureId, Side};
use crate::event::{Event, EventLog};
use crate::rule;
use crate::turn::take_action;

/// Where this command's events start in the log.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct CommandLogStart(pub usize);

/// Command stage: Aid Attack.
pub fn resolve_aid_attack(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    mut aiders: Query<(&CreatureId, &mut ActionBudget)>,
    mut targets: Query<(Entity, &CreatureId, Option<&mut Aided>)>,
) {
    let Some(Command::AidAttack { creature, target }) = &command.0 else {
        return;
    };
    if let Some((id, mut budget)) = aiders.iter_mut().find(|a| &a.0.0 == creature) {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Maneuver);
    }
    let Some((entity, id, aided)) = targets.iter_mut().find(|t| &t.1.0 == target) else {
        return;
    };
    match aided {
        Some(mut aided) => aided.by.push(creature.clone()),
        None => {
            commands.entity(entity).insert(Aided {
                by: vec![creature.clone()],
            });
        }
    }
    log.push(
        rule::AID_ATTACK,
        Event::EffectStarted {
            creature: id.0.clone(),
            effect: format!("marked by {creature}'s Aid Attack"),
        },
    );
}

/// After the command: an ability roll that took an Aid Attack edge uses that aid up — the
/// first aider allied with the roller, as the edge was chosen.
pub fn use_up_aid(
    start: Res<CommandLogStart>,
    mut log: ResMut<EventLog>,
    sides: Query<(&CreatureId, &Side)>,
    mut aided: Query<(&CreatureId, &mut Aided)>,
) {
    let used: Vec<(String, String)> = log.events[start.0..]
        .iter()
        .filter_map(|e| match &e.event {
            Event::PowerRolled {
                creature,
                target,
                roll,
                ..
            } if roll.edges.iter().any(|m| m.rule == rule::AID_ATTACK.id) => {
                Some((creature.clone(), target.clone()))
            }
            _ => None,
        })
        .collect();
    let side_of = |id: &str| sides.iter().find(|s| s.0.0 == id).map(|s| *s.1);
    for (roller, target) in used {
        let Some((_, mut aid)) = aided.iter_mut().find(|a| a.0.0 == target) else {
            continue;
        };
        let roller_side = side_of(&roller);
        if let Some(i) = aid
            .by
            .iter()
            .position(|a| *a != roller && side_of(a) == roller_side)
        {
            let aider = aid.by.remove(i);
            log.push(
                rule::AID_ATTACK,
                Event::EffectEnded {
                    creature: target.clone(),
                    effect: format!("marked by {aider}'s Aid Attack"),
                },
            );
        }
    }
}

/// At the start of `aider`'s turn its Aid Attacks lapse (seed 002 L2845).
pub fn lapse(aider: &str, log: &mut EventLog, aided: &mut Query<(&CreatureId, &mut Aided)>) {
    // By id: the order the world keeps creatures in differs between a game played on and the
    // same game resumed from a save.
    let mut aided: Vec<_> = aided.iter_mut().collect();
    aided.sort_by(|a, b| a.0.0.cmp(&b.0.0));
    for (id, mut aid) in aided {
        if let Some(i) = aid.by.iter().position(|a| a == aider) {
            aid.by.remove(i);
            log.push(
                rule::AID_ATTACK,
                Event::EffectEnded {
                    creature: id.0.clone(),
                    effect: format!("marked by {aider}'s Aid Attack"),
                },
            );
        }
    }
}
