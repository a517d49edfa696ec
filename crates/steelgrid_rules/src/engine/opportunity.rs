//! Opportunity attacks asked of the mover's enemies: opening the window, the strike and
//! resuming the move (`movement::opportunity_ask` holds the rules).

use super::Engine;
use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::CreatureRef;
use crate::movement::opportunity_ask::{ResumedMove, rest_of};
use crate::terms::trigger::Happening;
use crate::turn::pending::{PendingMove, TriggerWindow, Waiting};
use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::event::{Event, EventLog};
use crate::grid::{Footprint, Map};
use crate::movement::free_strike::{self, CheckedStrike};
use crate::movement::{self, AdvancePlan, CheckedAdvance};
use crate::rule;
use crate::turn::TurnState;

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
        &self,
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
        &self,
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
            granted: false,
            halved: false,
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
        self.run_resolve();
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
