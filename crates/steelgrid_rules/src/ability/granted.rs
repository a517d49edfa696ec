//! Movement an ability grants: its user teleporting a target (seed 002 L2696-2708; digest §12.8,
//! A-37) and a target allowed to move or shift at once, never beyond its current speed
//! (seed 002 L2584, L2590-2594; DS-COMBAT-104). The ability leaves the grant pending; a
//! `Teleport` or `GrantedMove` command then places it, and what is not used by the end of the
//! turn lapses.

pub use crate::turn::pending::{Grant, GrantMove, Granted};

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::ability::Outcome;
use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition::{Condition, Conditions};
use crate::creature::{Altitude, CreatureId, Grabbed, Position, Prone};
use crate::event::{Event, EventLog};
use crate::grid::Square;
use crate::rule;
use crate::turn::TurnState;

/// Leave the grants an outcome makes on `target` pending.
pub fn grant(
    turn: &mut TurnState,
    log: &mut EventLog,
    ability: &str,
    by: &str,
    target: &str,
    outcome: &Outcome,
) {
    let teleport = (outcome.teleport > 0).then_some(Granted::Teleport {
        distance: outcome.teleport,
    });
    let strike = outcome.grant_free_strike.then_some(Granted::FreeStrike);
    for movement in teleport
        .into_iter()
        .chain(outcome.grant_move.map(Granted::Move))
        .chain(strike)
    {
        let g = Grant {
            ability: ability.to_owned(),
            by: by.to_owned(),
            target: target.to_owned(),
            movement,
        };
        log.push(
            g.rule(),
            Event::EffectStarted {
                creature: target.to_owned(),
                effect: g.describe(),
            },
        );
        turn.granted.push(g);
    }
}

/// Whether `attacker` holds a free strike an ability granted it.
pub fn strike_granted(turn: &TurnState, attacker: &str) -> bool {
    turn.granted
        .iter()
        .any(|g| g.target == attacker && g.movement == Granted::FreeStrike)
}

/// Use up `attacker`'s granted free strike.
pub fn use_up_strike(turn: &mut TurnState, attacker: &str) {
    if let Some(i) = turn
        .granted
        .iter()
        .position(|g| g.target == attacker && g.movement == Granted::FreeStrike)
    {
        turn.granted.remove(i);
    }
}

/// The first pending grant of this kind on `target`.
pub fn pending(turn: &TurnState, target: &str, teleport: bool) -> Result<Grant, RuleError> {
    turn.granted
        .iter()
        .find(|g| g.target == target && g.movement.is_teleport() == Some(teleport))
        .cloned()
        .ok_or_else(|| {
            let (rule, what) = if teleport {
                (rule::TELEPORT, "to teleport")
            } else {
                (rule::GRANTED_MOVE, "to move")
            };
            RuleError::new(
                rule,
                format!("no ability this turn has given {target} a move {what} it now"),
            )
        })
}

/// Teleporting another creature, as validation found it: where to.
#[derive(Clone, Debug)]
pub struct CheckedTeleport {
    pub target: Entity,
    pub from: Square,
    pub to: Square,
    pub distance: u32,
}

/// Command stage: place a pending teleport, use up a granted move (`movement::resolve_move`
/// moved the creature), and at the end of a turn let what is left lapse.
pub fn resolve(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &mut Position,
        &mut Conditions,
        Has<Grabbed>,
        Has<Prone>,
        Has<Altitude>,
    )>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedTeleport>();
    match &command.0 {
        Some(Command::Teleport { target, stand, .. }) => {
            use_up(&mut turn, target, true);
            let Some(t) = checked else {
                return;
            };
            let Ok((entity, id, mut pos, mut conditions, grabbed, prone, flying)) =
                creatures.get_mut(t.target)
            else {
                return;
            };
            pos.0 = t.to;
            log.push(
                rule::TELEPORT,
                Event::Moved {
                    creature: id.0.clone(),
                    from: t.from,
                    to: t.to,
                    path: vec![t.to],
                    cost: t.distance,
                    speed: t.distance,
                },
            );
            if flying {
                commands.entity(entity).remove::<Altitude>();
            }
            // seed 002 L2708: teleporting ends grabbed and restrained.
            let mut ended = Vec::new();
            if grabbed {
                commands.entity(entity).remove::<Grabbed>();
                ended.push("grabbed".to_owned());
            }
            if conditions.has(Condition::Restrained) {
                conditions
                    .0
                    .retain(|a| a.condition != Condition::Restrained);
                ended.push(Condition::Restrained.name().to_owned());
            }
            // seed 002 L2704: the teleporter decides whether a prone creature arrives standing.
            if prone && *stand {
                commands.entity(entity).remove::<Prone>();
                ended.push("prone".to_owned());
            }
            for condition in ended {
                log.push(
                    rule::TELEPORT,
                    Event::ConditionEnded {
                        creature: id.0.clone(),
                        condition,
                    },
                );
            }
        }
        Some(Command::GrantedMove { creature, .. }) => use_up(&mut turn, creature, false),
        Some(Command::EndTurn { .. }) => {
            for g in std::mem::take(&mut turn.granted) {
                log.push(
                    g.rule(),
                    Event::EffectEnded {
                        creature: g.target.clone(),
                        effect: g.describe(),
                    },
                );
            }
        }
        _ => {}
    }
}

fn use_up(turn: &mut TurnState, target: &str, teleport: bool) {
    if let Some(i) = turn
        .granted
        .iter()
        .position(|g| g.target == target && g.movement.is_teleport() == Some(teleport))
    {
        turn.granted.remove(i);
    }
}

impl Granted {
    /// For a teleport or a move, whether it is a teleport; `None` for a free strike.
    fn is_teleport(self) -> Option<bool> {
        match self {
            Granted::Teleport { .. } => Some(true),
            Granted::Move(_) => Some(false),
            Granted::FreeStrike => None,
        }
    }
}

impl Grant {
    fn describe(&self) -> String {
        match self.movement {
            Granted::Teleport { distance } => format!(
                "to be teleported up to {distance} squares by {} ({})",
                self.by, self.ability
            ),
            Granted::Move(m) => format!(
                "free to {} up to {} squares ({})",
                if m.shift { "shift" } else { "move" },
                m.distance,
                self.ability
            ),
            Granted::FreeStrike => format!("free to make a free strike now ({})", self.ability),
        }
    }

    fn rule(&self) -> crate::event::Rule {
        match self.movement {
            Granted::Teleport { .. } => rule::TELEPORT,
            Granted::Move(_) => rule::GRANTED_MOVE,
            Granted::FreeStrike => rule::GRANTED_STRIKE,
        }
    }
}
