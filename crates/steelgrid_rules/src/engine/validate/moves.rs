//! Checks for moving: flying, digging, clawing through dirt, teleports and granted moves.

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::RuleError;
use crate::condition::Condition;
use crate::creature::*;
use crate::grid::{Footprint, Map, Square};
use crate::movement::{self, CheckedAdvance};
use crate::rule;
use crate::turn::TurnState;

use crate::engine::Engine;

impl Engine {
    /// Whether [`Command::Fly`](crate::command::Command::Fly) may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_fly(
        &self,
        checked: &mut Checked,
        creature: &str,
        path: &[(i32, i32, i32)],
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.refuse_if_mounted(e)?;
        self.budget(e).check(ActionKind::Move)?;
        let mover = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        if let Some(by) = &mover.grabbed_by {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by}: its speed is 0"),
            ));
        }
        let steps: Vec<(Footprint, i32)> = path
            .iter()
            .map(|&(x, y, z)| {
                let fp = Footprint {
                    origin: Square::new(x, y),
                    side: mover.footprint.side,
                };
                (fp, z)
            })
            .collect();
        self.check_not_closer(&mover, &steps)?;
        let others = self.others_moving(e);
        let plan =
            movement::plan_flight(self.world.resource::<Map>(), &mover, speed, &others, path)?;
        let drag = self.drag(&mover, &plan)?;
        checked.insert(CheckedAdvance(plan, drag));
        Ok(())
    }

    /// Whether [`Command::Dig`](crate::command::Command::Dig) may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_dig(
        &self,
        creature: &str,
        depth: &u32,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let me = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        // seed 002 L2612: holding a creature that isn't unconscious.
        let held: Vec<Entity> = self
            .board_grabs()
            .into_iter()
            .filter(|(_, by)| by == creature)
            .filter_map(|(held, _)| self.entity(&held).ok())
            .collect();
        let holding = held
            .into_iter()
            .map(|h| self.creature_ref(h))
            .find(|h| h.vitality.can_act())
            .map(|h| h.id);
        let others = self.others(e);
        movement::burrow::check_dig(
            self.world.resource::<Map>(),
            self.world.resource::<movement::burrow::Ground>(),
            &me,
            speed,
            holding.as_deref(),
            &others,
            *depth,
        )?;
        Ok(())
    }

    /// Whether [`Command::ClawDirt`](crate::command::Command::ClawDirt) may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_claw_dirt(
        &self,
        checked: &mut Checked,
        creature: &str,
        to: &Square,
        depth: &u32,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let me = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        let others = self.others(e);
        movement::burrow::check_claw(
            self.world.resource::<Map>(),
            self.world.resource::<movement::burrow::Ground>(),
            &me,
            speed,
            &others,
            *to,
            *depth,
        )?;
        let banes = movement::opportunity::roller_banes(&me);
        checked.insert(movement::burrow::CheckedClaw(banes));
        Ok(())
    }

    /// Teleporting another creature an ability let its user teleport: the destination is within
    /// the distance, free of creatures and objects, and in line of effect from the square it
    /// starts in (seed 002 L2702) and from the user (digest A-37: both readings at once).
    pub(in crate::engine) fn check_teleport(
        &self,
        target: &str,
        to: Square,
    ) -> Result<crate::ability::granted::CheckedTeleport, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant =
            crate::ability::granted::pending(self.world.resource::<TurnState>(), target, true)?;
        let crate::ability::granted::Granted::Teleport { distance } = grant.movement else {
            unreachable!("a teleport grant was asked for");
        };
        let t = self.entity(target)?;
        let moved = self.creature_ref(t);
        if moved.vitality == Vitality::Dead {
            return Err(RuleError::new(rule::TELEPORT, format!("{target} is dead")));
        }
        let user = self.entity(&grant.by)?;
        let user = self.creature_ref(user);
        let others = self.others(t);
        let grounded = CreatureRef {
            altitude: 0,
            ..moved.clone()
        };
        let map = self.world.resource::<Map>();
        let plan = movement::plan_teleport(map, &grounded, distance, &others, &[to])?;
        let dest = Footprint {
            origin: to,
            side: moved.footprint.side,
        };
        if !map.line_of_effect(user.footprint, dest) {
            return Err(RuleError::new(
                rule::LINE_OF_EFFECT,
                format!("{} has no line of effect to {to}", user.id),
            ));
        }
        Ok(crate::ability::granted::CheckedTeleport {
            target: t,
            from: moved.footprint.origin,
            to,
            distance: plan.cost,
        })
    }

    /// A move an ability granted: on the ground, up to the granted squares but never beyond
    /// the creature's current speed (seed 002 L2584), a shift when the grant says so
    /// (L2590-2594).
    pub(in crate::engine) fn check_granted_move(
        &self,
        creature: &str,
        path: &[Square],
    ) -> Result<CheckedAdvance, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant =
            crate::ability::granted::pending(self.world.resource::<TurnState>(), creature, false)?;
        let crate::ability::granted::Granted::Move(granted) = grant.movement else {
            unreachable!("a move grant was asked for");
        };
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        if !mover.vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!("{creature} can't move"),
            ));
        }
        self.refuse_if_mounted(e)?;
        if mover.altitude > 0 {
            return Err(RuleError::new(
                rule::FLY,
                format!(
                    "{creature} is {} squares up and moves by flying",
                    mover.altitude
                ),
            ));
        }
        let gait = if granted.shift {
            movement::Gait::Shift
        } else {
            movement::Gait::Move
        };
        if granted.shift && mover.conditions.has(Condition::Slowed) {
            return Err(RuleError::new(
                rule::SLOWED,
                format!("{creature} is slowed and can't shift"),
            ));
        }
        let speed = self.move_speed(e, movement::Gait::Move);
        if let Some(by) = &mover.grabbed_by
            && speed == 0
        {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by}: its speed is 0"),
            ));
        }
        let steps = self.ground_steps(&mover, path);
        self.check_not_closer(&mover, &steps)?;
        let others = self.others(e);
        let jump = self.jump(e);
        let plan = self.plan_on_foot(
            &mover,
            granted.distance.min(speed),
            &others,
            path,
            gait,
            jump,
        )?;
        let drag = self.drag(&mover, &plan)?;
        Ok(CheckedAdvance(plan, drag))
    }

    /// A frightened creature can't willingly move closer to its fear's source
    /// (seed 002 L1739): no step may end nearer to it than the one before, height included.
    /// `steps` are the spaces it passes through, each with the height of its bottom.
    pub(in crate::engine) fn check_not_closer(
        &self,
        mover: &CreatureRef,
        steps: &[(Footprint, i32)],
    ) -> Result<(), RuleError> {
        let Some(source) = mover.conditions.source_of(Condition::Frightened) else {
            return Ok(());
        };
        let Ok(s) = self.entity(source) else {
            return Ok(());
        };
        let fear = self.creature_ref(s);
        if !fear.vitality.can_act() {
            return Ok(());
        }
        let mut gap = mover.gap(&fear);
        for &(footprint, z) in steps {
            let there = CreatureRef {
                footprint,
                z,
                ..mover.clone()
            };
            let next = there.gap(&fear);
            if next < gap {
                return Err(RuleError::new(
                    rule::FRIGHTENED,
                    format!(
                        "{} is frightened of {source} and can't move closer to it ({})",
                        mover.id, footprint.origin
                    ),
                ));
            }
            gap = next;
        }
        Ok(())
    }

    /// The spaces a ground move passes through, with the height of the ground under each.
    pub(in crate::engine) fn ground_steps(
        &self,
        mover: &CreatureRef,
        path: &[Square],
    ) -> Vec<(Footprint, i32)> {
        let map = self.world.resource::<Map>();
        path.iter()
            .map(|sq| {
                let fp = Footprint {
                    origin: *sq,
                    side: mover.footprint.side,
                };
                (fp, map.ground_under(fp))
            })
            .collect()
    }
}
