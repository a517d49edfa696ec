//! Mounting, climbing, dismounting and riding checked against the world (seed 002 L2650-2658,
//! L3127): the rules are in `movement::mount`.

use super::Engine;
use crate::command::{Command, RuleError};
use crate::condition::Condition;
use crate::creature::{
    ActionKind, Characteristic, Characteristics, CreatureId, CreatureRef, MovementMode, Vitality,
};
use crate::movement::mount::{CheckedMount, MountRole, hold_on_roll, rides_this_round};
use crate::terms::movement::{Hold, Mounted};
use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::event::EventLog;
use crate::grid::{Footprint, Map, Square};
use crate::movement::{self, CheckedAdvance, Gait};
use crate::power_roll::PowerRollSpec;
use crate::rule::{self, Rule};

impl Engine {
    /// A creature on another moves only with it: it climbs down first, or rides.
    pub(crate) fn refuse_if_mounted(&self, e: Entity) -> Result<(), RuleError> {
        let Some(m) = self.world.get::<Mounted>(e) else {
            return Ok(());
        };
        let id = &self.world.get::<CreatureId>(e).expect("id").0;
        Err(RuleError::new(
            rule::DISMOUNT,
            format!(
                "{id} is {} {}: it climbs down first (Dismount){}",
                m.hold.verb(),
                m.on,
                if m.hold == Hold::Riding {
                    ", or moves its mount with Ride"
                } else {
                    ""
                }
            ),
        ))
    }

    /// Everyone but `mover` and those on it, who move with it (seed 002 L3129).
    pub(crate) fn others_moving(&self, mover: Entity) -> Vec<CreatureRef> {
        let id = self.world.get::<CreatureId>(mover).expect("id").0.clone();
        self.others(mover)
            .into_iter()
            .filter(|o| o.on.as_deref() != Some(id.as_str()))
            .collect()
    }

    /// Check Mount, ClimbCreature, Dismount, Ride and ShakeOff.
    pub(crate) fn check_mount_command(
        &self,
        checked: &mut Checked,
        command: &Command,
    ) -> Result<CheckedMount, RuleError> {
        match command {
            Command::Mount {
                creature,
                mount,
                square,
            } => {
                let (e, c, me, carrier) =
                    self.check_climb(creature, mount, *square, rule::MOUNT)?;
                if carrier.side != me.side {
                    return Err(RuleError::new(
                        rule::MOUNT,
                        format!(
                            "{mount} is an enemy and not willing to carry {creature}: climbing an unwilling creature takes a roll (ClimbCreature)"
                        ),
                    ));
                }
                let hold = if self.world.get::<MountRole>(c).is_some() {
                    Hold::Riding
                } else {
                    Hold::Climbing
                };
                Ok(CheckedMount::Climb {
                    climber: e,
                    carrier: c,
                    hold,
                    square: *square,
                    roll: None,
                })
            }
            Command::ClimbCreature {
                creature,
                target,
                square,
                characteristic,
            } => {
                let (e, c, me, carrier) =
                    self.check_climb(creature, target, *square, rule::CLIMB_CREATURE)?;
                if carrier.side == me.side {
                    return Err(RuleError::new(
                        rule::CLIMB_CREATURE,
                        format!("{target} is an ally and willing: climb on with Mount, no roll"),
                    ));
                }
                let chars = *self
                    .world
                    .get::<Characteristics>(e)
                    .expect("characteristics");
                let value = match characteristic {
                    None => chars.might.max(chars.agility),
                    Some(Characteristic::Might) => chars.might,
                    Some(Characteristic::Agility) => chars.agility,
                    Some(other) => {
                        return Err(RuleError::new(
                            rule::CLIMB_CREATURE,
                            format!("the climb is a Might or Agility roll, not {other:?}"),
                        ));
                    }
                };
                Ok(CheckedMount::Climb {
                    climber: e,
                    carrier: c,
                    hold: Hold::Climbing,
                    square: *square,
                    roll: Some(PowerRollSpec {
                        characteristic: value,
                        banes: movement::opportunity::roller_banes(&me),
                        ..PowerRollSpec::default()
                    }),
                })
            }
            Command::Dismount { creature, to } => self.check_dismount(creature, *to),
            Command::Ride {
                creature,
                path,
                disengage,
            } => self.check_ride(checked, creature, path, *disengage),
            Command::ShakeOff { creature, target } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let t = self.entity(target)?;
                let climber = self.creature_ref(t);
                if climber.on.as_deref() != Some(creature.as_str()) {
                    return Err(RuleError::new(
                        rule::SHAKE_OFF,
                        format!("{target} is not riding or climbing {creature}"),
                    ));
                }
                Ok(CheckedMount::ShakeOff {
                    carrier: e,
                    climber: t,
                    roll: hold_on_roll(self.world.get::<Characteristics>(t), &climber),
                })
            }
            _ => unreachable!("only called for the mounting commands"),
        }
    }

    /// What climbing onto any creature asks (seed 002 L2650-2652, L3127): the move action, a
    /// speed above 0, standing, adjacent to a living creature larger than you that is on no one
    /// and that you are not already on, and a free seat on one of its squares.
    fn check_climb(
        &self,
        creature: &str,
        target: &str,
        square: Square,
        rule: Rule,
    ) -> Result<(Entity, Entity, CreatureRef, CreatureRef), RuleError> {
        let e = self.actor(creature)?;
        self.budget(e).check(ActionKind::Move)?;
        let c = self.entity(target)?;
        let (me, carrier) = (self.creature_ref(e), self.creature_ref(c));
        let refuse = |m: String| Err(RuleError::new(rule, m));
        if me.id == carrier.id {
            return refuse(format!("{creature} can't climb itself"));
        }
        if let Some(on) = &me.on {
            return refuse(format!("{creature} is already on {on}"));
        }
        if let Some(on) = &carrier.on {
            return refuse(format!("{target} is itself on {on}"));
        }
        if carrier.vitality == Vitality::Dead {
            return refuse(format!("{target} is dead"));
        }
        let others = self.others(e);
        if let Some(o) = others.iter().find(|o| o.on.as_deref() == Some(creature)) {
            return refuse(format!(
                "{} is on {creature}, which can't climb carrying it",
                o.id
            ));
        }
        if carrier.size.ordinal() <= me.size.ordinal() {
            return refuse(format!(
                "{target} (size {}) is not larger than {creature} (size {}): only a larger creature can be climbed or ridden",
                carrier.size, me.size
            ));
        }
        if me.prone {
            return Err(RuleError::new(
                rule::PRONE,
                format!("{creature} is prone: it stands up before climbing"),
            ));
        }
        if self.move_speed(e, Gait::Move) == 0 {
            return refuse(format!("{creature}'s speed is 0"));
        }
        let gap = me.gap(&carrier);
        if gap > 1 {
            return refuse(format!(
                "{target} is {gap} squares from {creature}; it climbs on from beside it"
            ));
        }
        let seat = Footprint {
            origin: square,
            side: me.footprint.side,
        };
        if !seat.squares().all(|s| carrier.footprint.contains(s)) {
            return refuse(format!(
                "{square} is not on {target}: pick one of its squares, from {} to ({}, {})",
                carrier.footprint.origin,
                carrier.footprint.origin.x + carrier.footprint.side - 1,
                carrier.footprint.origin.y + carrier.footprint.side - 1
            ));
        }
        if let Some(o) = others
            .iter()
            .find(|o| o.on.as_deref() == Some(target) && o.footprint.overlaps(seat))
        {
            return refuse(format!("{} already sits on {square} of {target}", o.id));
        }
        Ok((e, c, me, carrier))
    }

    /// Climbing down takes the move action, into open ground beside what carries you that no
    /// standing creature fills.
    fn check_dismount(&self, creature: &str, to: Square) -> Result<CheckedMount, RuleError> {
        let e = self.actor(creature)?;
        self.budget(e).check(ActionKind::Move)?;
        let me = self.creature_ref(e);
        let refuse = |m: String| Err(RuleError::new(rule::DISMOUNT, m));
        let Some(on) = me.on.clone() else {
            return refuse(format!("{creature} is on no creature"));
        };
        if self.move_speed(e, Gait::Move) == 0 {
            return refuse(format!("{creature}'s speed is 0"));
        }
        let c = self.entity(&on)?;
        let carrier = self.creature_ref(c).footprint;
        let dest = Footprint {
            origin: to,
            side: me.footprint.side,
        };
        let map = self.world.resource::<Map>();
        if !map.footprint_in_bounds(dest) || dest.squares().any(|s| map.is_solid(s)) {
            return refuse(format!("{to} is not open ground"));
        }
        if !dest.is_adjacent(carrier) {
            return refuse(format!("{to} is not beside {on}"));
        }
        if let Some(o) = self
            .others(e)
            .iter()
            .find(|o| !o.vitality.is_down() && o.altitude == 0 && o.footprint.overlaps(dest))
        {
            return refuse(format!("{} stands on {to}", o.id));
        }
        Ok(CheckedMount::Dismount { rider: e, to })
    }

    /// The Ride move action (seed 002 L2833-2835): the rider's move action, on a living mount
    /// it rides, neither of them having ridden this round; the mount's move is checked like its
    /// own Advance (or Disengage), with its speed.
    fn check_ride(
        &self,
        checked: &mut Checked,
        creature: &str,
        path: &[Square],
        disengage: bool,
    ) -> Result<CheckedMount, RuleError> {
        let e = self.actor(creature)?;
        self.budget(e).check(ActionKind::Move)?;
        let refuse = |m: String| Err(RuleError::new(rule::RIDE, m));
        let Some(held) = self.world.get::<Mounted>(e).cloned() else {
            return refuse(format!(
                "{creature} is not mounted: Ride is for a creature on its mount"
            ));
        };
        let on = held.on;
        if held.hold == Hold::Climbing {
            return refuse(format!(
                "{creature} is climbing {on}, which is not its mount (a willing creature with the Mount role)"
            ));
        }
        let m = self.entity(&on)?;
        let mount = self.creature_ref(m);
        if !mount.vitality.can_act() {
            return refuse(format!("{on} is {:?} and can't move", mount.vitality).to_lowercase());
        }
        let (rode, ridden) = rides_this_round(self.world.resource::<EventLog>(), creature, &on);
        if rode {
            return refuse(format!(
                "{creature} has used Ride this round: once per round"
            ));
        }
        if ridden {
            return refuse(format!(
                "{on} has been ridden this round: a mount is ridden once per round"
            ));
        }
        if mount.altitude > 0 {
            return refuse(format!("{on} is flying: Ride moves a mount on the ground"));
        }
        if mount.movement.has(MovementMode::Teleport) {
            return refuse(format!(
                "{on} moves by teleporting, and a mount and its rider teleport separately (seed 002 L3129)"
            ));
        }
        let gait = if disengage { Gait::Shift } else { Gait::Move };
        if disengage && mount.conditions.has(Condition::Slowed) {
            return Err(RuleError::new(
                rule::SLOWED,
                format!("{on} is slowed and can't shift"),
            ));
        }
        if disengage && path.len() > 1 {
            return Err(RuleError::new(rule::SHIFT, "Disengage shifts 1 square"));
        }
        let speed = self.move_speed(m, gait);
        if speed == 0 {
            return refuse(format!("{on}'s speed is 0"));
        }
        let others = self.others_moving(m);
        let jump = self.jump(m);
        let plan = movement::plan_advance(
            self.world.resource::<Map>(),
            &mount,
            speed,
            &others,
            path,
            gait,
            jump,
        )?;
        let drag = self.drag(&mount, &plan)?;
        checked.insert(CheckedAdvance(plan, drag));
        Ok(CheckedMount::Ride {
            rider: e,
            mount: on,
            speed,
        })
    }
}
