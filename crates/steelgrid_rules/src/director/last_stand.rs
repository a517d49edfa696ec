//! Last-Stand Stamina: an optional rule for a fight the heroes have as good as won. The
//! Director's forces lose heart: every enemy still standing drops to 1 Stamina and each minion
//! squad's pool to the number of members left, so the heroes roll the fight to its end
//! (seed 002 L4667-4669). Off unless a scenario's rules options turn it on; the Director
//! declares it once, on the turn of one of its creatures, with `LastStand`.

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{CreatureId, Minion, Side, Stamina, Vitality};
use crate::director::squad::Squads;
use crate::event::{Event, EventLog};
use crate::options::RulesOptions;
use crate::rule;
use crate::turn::TurnState;

/// Whether `side` may declare Last-Stand Stamina now.
pub fn check(options: &RulesOptions, turn: &TurnState, side: Side) -> Result<(), RuleError> {
    if !options.last_stand {
        return Err(RuleError::new(
            rule::LAST_STAND,
            "Last-Stand Stamina is an optional rule this scenario leaves off (options: (last_stand: true))",
        ));
    }
    if side != Side::Director {
        return Err(RuleError::new(
            rule::LAST_STAND,
            "only the Director declares Last-Stand Stamina, for its own creatures",
        ));
    }
    if turn.last_stand {
        return Err(RuleError::new(
            rule::LAST_STAND,
            "the Director's forces have already broken",
        ));
    }
    Ok(())
}

/// Command stage: every living Director creature above 1 Stamina drops to 1, and each squad's
/// pool becomes one point a member (seed 002 L4667-4669).
pub fn resolve(
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut squads: ResMut<Squads>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(&CreatureId, &Side, &Vitality, &mut Stamina, Has<Minion>)>,
) {
    let Some(Command::LastStand { .. }) = &command.0 else {
        return;
    };
    turn.last_stand = true;
    let mut broken = Vec::new();
    let mut all: Vec<_> = creatures
        .iter_mut()
        .filter(|c| *c.1 == Side::Director && *c.2 != Vitality::Dead)
        .collect();
    all.sort_by(|a, b| a.0.0.cmp(&b.0.0));
    for (id, _, _, mut stamina, minion) in all {
        if stamina.current > 1 {
            stamina.current = 1;
            if !minion {
                broken.push(id.0.clone());
            }
        }
    }
    for (name, squad) in squads.0.iter_mut() {
        let left = squad.alive();
        if left > 0 && squad.per_minion > 1 {
            squad.per_minion = 1;
            squad.pool = left;
            broken.push(format!("squad {name}"));
        }
    }
    log.push(rule::LAST_STAND, Event::LastStand { broken });
}
