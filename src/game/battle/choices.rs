//! What the engine offers the player right now: the squares the acting creature can move to,
//! or the outcomes of a push waiting to be placed. Asked of the engine whenever the state or
//! the play mode changes; the client never works these out itself.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::ability::granted::Grant;
use steelgrid_rules::forced::{ForcedOutcome, ForcedSpec};
use steelgrid_rules::grid::Square;
use steelgrid_rules::movement::{Gait, Reach};

use super::movement_tools;
use super::play::{Feedback, PlayMode, Tool};
use crate::game::{BattleSystems, CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.init_resource::<Choices>().add_systems(
        Update,
        refresh
            .in_set(BattleSystems::Follow)
            .run_if(resource_changed::<CurrentState>.or_else(resource_changed::<PlayMode>)),
    );
}

/// The choices on offer.
#[derive(Resource, Default, Debug)]
pub enum Choices {
    #[default]
    None,
    /// Squares `creature` can move (`gait`) to, each with a cheapest path; `by` says whose
    /// move it is and so which command a click sends.
    Moves {
        creature: String,
        gait: Gait,
        reach: Vec<Reach>,
        by: MoveBy,
    },
    /// A pending push: every outcome the forcer may pick.
    Forced {
        spec: ForcedSpec,
        outcomes: Vec<ForcedOutcome>,
    },
}

/// Whose move the offered squares are.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub enum MoveBy {
    /// The creature's own Advance, or Disengage.
    #[default]
    Own,
    /// The creature is a mount that `rider` moves with Ride.
    Ride { rider: String },
    /// A teleport or a move an ability granted, to be placed now.
    Grant(Grant),
    /// A creature that fell onto `on` choosing where it comes down.
    Landing { on: String },
}

impl Choices {
    /// The move ending on `square`, if one is offered.
    pub fn reach(&self, square: Square) -> Option<&Reach> {
        match self {
            Choices::Moves { reach, .. } => reach.iter().find(|r| r.square == square),
            _ => None,
        }
    }

    /// Every forced-movement outcome ending on `square` (a push may stop there short, or
    /// slam into something from there).
    pub fn outcomes_at(&self, square: Square) -> Vec<&ForcedOutcome> {
        match self {
            Choices::Forced { outcomes, .. } => {
                outcomes.iter().filter(|o| o.end == square).collect()
            }
            _ => Vec::new(),
        }
    }

    /// The outcome ending on `square` that a click picks: variant `variant` of those ending
    /// there, counting round.
    pub fn outcome(&self, square: Square, variant: usize) -> Option<&ForcedOutcome> {
        let at = self.outcomes_at(square);
        at.get(variant % at.len().max(1)).copied()
    }
}

pub fn refresh(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    mode: Res<PlayMode>,
    mut choices: ResMut<Choices>,
    mut feedback: ResMut<Feedback>,
) {
    // Asking the engine needs `&Engine` but changes nothing.
    let engine = rules.0.engine();
    *choices = match ask(engine, &state.0, &mode) {
        Ok(found) => found,
        Err(e) => {
            feedback.refused(e);
            Choices::None
        }
    };
}

pub(in crate::game) fn ask(
    engine: &steelgrid_rules::Engine,
    state: &StateView,
    mode: &PlayMode,
) -> Result<Choices, steelgrid_rules::RuleError> {
    if let Some(landing) = &state.landing {
        return Ok(movement_tools::landing_choices(landing));
    }
    if let Some(pending) = &state.pending_forced {
        let spec = ForcedSpec {
            stability: mode.stability,
            ..pending.spec()
        };
        let mut outcomes = engine.forced_choices(&spec)?;
        // Where several ways end on one square, the one that hurts most is offered first.
        outcomes.sort_by_key(|o| std::cmp::Reverse(o.hits.iter().map(|h| h.amount).sum::<u32>()));
        return Ok(Choices::Forced { spec, outcomes });
    }
    // While a trigger window waits on answers (a parry, an opportunity attack), nothing moves;
    // nor while the Director's tools have the board.
    if state.trigger_window.is_some() || mode.director.is_some() {
        return Ok(Choices::None);
    }
    let Some(creature) = state.turn.clone() else {
        return Ok(Choices::None);
    };
    // A teleport or move an ability granted is placed first, unless set aside (Esc).
    if !mode.later
        && let Some(grant) = movement_tools::grant_choices(engine)?
    {
        return Ok(grant);
    }
    let gait = match mode.tool {
        // A height is chosen: the click flies (the engine offers no flight squares).
        Tool::Advance if mode.level.is_some() => return Ok(Choices::None),
        Tool::Advance => Gait::Move,
        Tool::Disengage => Gait::Shift,
        Tool::Knockback
        | Tool::Heal
        | Tool::Grab
        | Tool::Aid
        | Tool::Charge
        | Tool::Mount
        | Tool::Dig { .. }
        | Tool::Ability(_) => {
            return Ok(Choices::None);
        }
    };
    // Nothing to show once no move action is left (as the engine reports it).
    let spent = state
        .creatures
        .iter()
        .find(|c| c.id == creature)
        .is_some_and(|c| !c.actions.move_action);
    if spent {
        return Ok(Choices::None);
    }
    // A rider moves its mount (Ride).
    if let Some(ride) = movement_tools::ride_choices(engine, &creature, gait)? {
        return Ok(ride);
    }
    let reach = engine.reachable(&creature, gait)?;
    Ok(Choices::Moves {
        creature,
        gait,
        reach,
        by: MoveBy::Own,
    })
}
