//! Asking about opportunity attacks (rules option `ask_opportunity_attacks`). A creature *may*
//! make a melee free strike against an adjacent enemy that moves away without shifting, before
//! it leaves (seed 002 L2968-2972; digest §H). For an asked side the engine stops the move on
//! the square the mover is leaving, keeps the rest of its path and opens a trigger window
//! waiting on each of that side's creatures that could strike; each answers with a melee
//! `FreeStrike` on the mover, taking none of its actions, or passes (`PassTrigger`). Creatures
//! on a side not asked strike at once, as without the option.
//!
//! Readings: when the window closes the move goes on along the rest of its path, priced
//! afresh from where the mover waits, and may stop again further on. A mover that is down,
//! prone or no longer on that square loses the rest of its move. A Charge still ends with
//! its strike, checked again from where the charge ends.

pub use crate::turn::pending::PendingMove;

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;

use crate::command::{Command, CurrentCommand};
use crate::creature::{CreatureId, Side};
use crate::options::RulesOptions;
use crate::terms::trigger::Happening;
use crate::turn::TurnState;

/// The rest of a pending move, resolving with no command current.
#[derive(Resource, Clone, Debug)]
pub struct ResumedMove(pub Command);

/// The command a move system resolves: the current one, or the rest of a pending move.
pub fn command_of<'a>(
    current: &'a CurrentCommand,
    resumed: Option<&'a ResumedMove>,
) -> Option<&'a Command> {
    resumed.map(|r| &r.0).or(current.0.as_ref())
}

/// What resolving a move needs to ask about opportunity attacks.
#[derive(SystemParam)]
pub struct Asking<'w, 's> {
    options: Res<'w, RulesOptions>,
    sides: Query<'w, 's, (&'static CreatureId, &'static Side)>,
    pub resumed: Option<Res<'w, ResumedMove>>,
    turn: ResMut<'w, TurnState>,
}

impl Asking<'_, '_> {
    /// The creatures provoked at one step: those asked, then those striking at once.
    pub fn split(&self, who: &[String]) -> (Vec<String>, Vec<String>) {
        let asks = |id: &String| {
            self.sides
                .iter()
                .any(|(c, side)| c.0 == *id && self.options.ask_opportunity_attacks.contains(side))
        };
        who.iter().cloned().partition(asks)
    }

    /// Whether a move waits for opportunity attacks.
    pub fn waiting(&self) -> bool {
        self.turn.pending_move.is_some()
    }

    /// Stop the move: it waits for the window its leaving opens.
    pub fn pause(&mut self, pending: PendingMove) {
        self.turn.queued_triggers.insert(
            0,
            Happening::Leaving {
                creature: pending.mover.clone(),
            },
        );
        self.turn.pending_move = Some(pending);
    }
}

/// Command stage, after the strike: an opportunity attack answers its window.
pub fn answered(command: Res<CurrentCommand>, mut turn: ResMut<TurnState>) {
    let Some(Command::FreeStrike { attacker, .. }) = &command.0 else {
        return;
    };
    if let Some(w) = &mut turn.trigger_window
        && w.waiting_on(attacker).is_some_and(|w| w.opportunity)
    {
        w.waiting.retain(|w| &w.creature != attacker);
    }
}

/// `command` with its path from `step` on.
pub(crate) fn rest_of(command: &Command, step: usize) -> Command {
    let mut rest = command.clone();
    match &mut rest {
        Command::Fly { path, .. } => path.drain(..step.min(path.len())).for_each(drop),
        Command::Advance { path, .. }
        | Command::Charge { path, .. }
        | Command::GrantedMove { path, .. }
        | Command::Ride { path, .. } => path.drain(..step.min(path.len())).for_each(drop),
        _ => {}
    }
    rest
}
