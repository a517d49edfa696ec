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

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;

use crate::ability::free_strike::{self, CheckedStrike};
use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{CreatureId, CreatureRef, Side};
use crate::engine::Engine;
use crate::event::{Event, EventLog};
use crate::grid::{Footprint, Map, Square};
use crate::movement::{self, AdvancePlan, CheckedAdvance};
use crate::options::RulesOptions;
use crate::rule;
use crate::turn::TurnState;
use crate::turn::trigger::{Happening, TriggerWindow, Waiting};

/// A move stopped for the opportunity attacks of asked creatures.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingMove {
    /// The move command being resolved.
    pub command: Command,
    /// The creature moving: the mount, for a Ride.
    pub mover: String,
    /// The step of the command's path it waits to take (0-based).
    pub step: usize,
    /// The square it waits on.
    pub at: Square,
    /// The asked creatures that may strike it before that step, in order.
    pub asked: Vec<String>,
}

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
fn rest_of(command: &Command, step: usize) -> Command {
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

impl Engine {
    /// The window a mover's leaving opens: the asked creatures that can still strike it.
    pub(crate) fn leaving_window(&mut self, happening: Happening) -> Option<TriggerWindow> {
        let asked = self
            .world
            .resource::<TurnState>()
            .pending_move
            .as_ref()?
            .asked
            .clone();
        let waiting = asked
            .into_iter()
            .map(|creature| Waiting {
                creature,
                options: Vec::new(),
                opportunity: true,
            })
            .collect();
        self.possible(TriggerWindow { happening, waiting })
    }

    /// Whether `attacker` could make its opportunity attack in a window for `happening` now.
    pub(crate) fn opportunity_open(&mut self, happening: &Happening, attacker: &str) -> bool {
        let Happening::Leaving { creature } = happening else {
            return false;
        };
        self.check(&Command::free_strike(attacker, creature.clone(), false))
            .is_ok()
    }

    /// A `FreeStrike` answering the window for a creature's leaving: the striker it waits on,
    /// whose melee free strike on the mover takes none of its actions. `None` for any other.
    pub(crate) fn opportunity_strike(
        &mut self,
        command: &Command,
    ) -> Result<Option<Entity>, RuleError> {
        let Command::FreeStrike {
            attacker,
            target,
            ranged,
            ..
        } = command
        else {
            return Ok(None);
        };
        let turn = self.world.resource::<TurnState>();
        let Some(TriggerWindow {
            happening: Happening::Leaving { creature: mover },
            ..
        }) = &turn.trigger_window
        else {
            return Ok(None);
        };
        if !turn
            .trigger_window
            .as_ref()
            .and_then(|w| w.waiting_on(attacker))
            .is_some_and(|w| w.opportunity)
        {
            return Ok(None);
        }
        if target != mover {
            return Err(RuleError::new(
                rule::OPPORTUNITY_ATTACK,
                format!("{attacker}'s opportunity attack is a free strike on {mover}"),
            ));
        }
        if *ranged {
            return Err(RuleError::new(
                rule::OPPORTUNITY_ATTACK,
                "an opportunity attack is a melee free strike",
            ));
        }
        let a = self.entity(attacker)?;
        if !self.creature_ref(a).vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!("{attacker} is down and can't act"),
            ));
        }
        Ok(Some(a))
    }

    /// A Charge's strike on `target`, made from where the charge ends (digest A-35).
    pub(crate) fn charge_strike(
        &mut self,
        e: Entity,
        mover: &CreatureRef,
        target: &str,
        plan: &AdvancePlan,
        others: &[CreatureRef],
    ) -> Result<CheckedStrike, RuleError> {
        let t = self.entity(target)?;
        let end = Footprint {
            origin: plan.to,
            side: mover.footprint.side,
        };
        let depth = plan.depth.unwrap_or(0);
        let striker = CreatureRef {
            footprint: end,
            z: self.world.resource::<Map>().ground_under(end) - depth as i32,
            depth,
            ..mover.clone()
        };
        let tgt = self.creature_ref(t);
        let profile = self.strike_profile(e);
        let map = self.world.resource::<Map>();
        free_strike::validate_target(map, &striker, &tgt, false, &profile)?;
        tgt.check_not_hidden_from(&mover.id)?;
        let (edges, banes) =
            movement::opportunity::strike_modifiers(map, &striker, &tgt, others, false);
        Ok(CheckedStrike {
            attacker: e,
            target: t,
            edges,
            banes,
            at: Some(plan.to),
        })
    }

    /// Once the window for a mover's leaving, and any queued after it, has closed: the move
    /// goes on from where it waits, or its rest is lost.
    pub(crate) fn resume_pending_move(&mut self) {
        let turn = self.world.resource::<TurnState>();
        if turn.trigger_window.is_some()
            || !turn.queued_triggers.is_empty()
            || turn.pending_forced.is_some()
            || turn.pending_ability.is_some()
            || turn.outcome.is_some()
        {
            return;
        }
        let Some(pending) = self.world.resource_mut::<TurnState>().pending_move.take() else {
            return;
        };
        let start = self.world.resource::<EventLog>().events.len();
        if let Err(why) = self.prepare_resume(&pending) {
            self.clear_checked();
            self.world.resource_mut::<EventLog>().push(
                rule::OPPORTUNITY_ASKED,
                Event::EffectEnded {
                    creature: pending.mover.clone(),
                    effect: format!(
                        "moving on from {}: the rest of the move is lost ({})",
                        pending.at, why.reason
                    ),
                },
            );
            return;
        }
        self.world.resource_mut::<CurrentCommand>().0 = None;
        self.resolve.run(&mut self.world);
        self.world.remove_resource::<ResumedMove>();
        self.clear_checked();
        self.after_command(start, false);
    }

    /// Check that the mover can go on, and plan the rest of its move.
    fn prepare_resume(&mut self, pending: &PendingMove) -> Result<(), RuleError> {
        let e = self.entity(&pending.mover)?;
        let mover = self.creature_ref(e);
        if !mover.vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!("{} is down", mover.id),
            ));
        }
        if mover.prone {
            return Err(RuleError::new(
                rule::PRONE,
                format!("{} is prone", mover.id),
            ));
        }
        if mover.footprint.origin != pending.at {
            return Err(RuleError::new(
                rule::OPPORTUNITY_ASKED,
                format!("{} is no longer on {}", mover.id, pending.at),
            ));
        }
        let rest = rest_of(&pending.command, pending.step);
        let others = self.others_moving(e);
        let mut plan = match &rest {
            Command::Fly { path, .. } => movement::plan_flight(
                self.world.resource::<Map>(),
                &mover,
                u32::MAX,
                &others,
                path,
            )?,
            Command::Advance { path, .. }
            | Command::Charge { path, .. }
            | Command::GrantedMove { path, .. }
            | Command::Ride { path, .. } => {
                let jump = self.jump(e);
                self.plan_on_foot(&mover, u32::MAX, &others, path, movement::Gait::Move, jump)?
            }
            other => {
                return Err(RuleError::new(
                    rule::OPPORTUNITY_ASKED,
                    format!("{} is not a move", other.name()),
                ));
            }
        };
        // Those who could strike before this step have struck or passed.
        plan.provoked.retain(|(i, _)| *i != 0);
        let drag = self.drag(&mover, &plan)?;
        if let Command::Ride { creature, .. } = &rest {
            let rider = self.entity(creature)?;
            self.world
                .resource_mut::<Checked>()
                .insert(movement::mount::CheckedMount::Ride {
                    rider,
                    mount: pending.mover.clone(),
                    speed: plan.cost,
                });
        }
        if let Command::Charge { target, .. } = &rest {
            match self.charge_strike(e, &mover, target, &plan, &others) {
                Ok(strike) => self.world.resource_mut::<Checked>().insert(strike),
                Err(why) => self.world.resource_mut::<EventLog>().push(
                    rule::CHARGE,
                    Event::EffectEnded {
                        creature: mover.id.clone(),
                        effect: format!("charging {target}: no strike ({})", why.reason),
                    },
                ),
            }
        }
        self.world
            .resource_mut::<Checked>()
            .insert(CheckedAdvance(plan, drag));
        self.world.insert_resource(ResumedMove(rest));
        Ok(())
    }
}
