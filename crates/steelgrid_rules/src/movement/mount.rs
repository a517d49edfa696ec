//! Mounted combat and climbing other creatures (seed 002 L2650-2668, L2833-2835, L3125-3131;
//! digest §12.3, §26, A-1, A-18, A-19).
//!
//! A creature on another sits on one of its squares, on top of its space: its `Altitude` is the
//! height of the carrier's top, and [`Mounted`] says what carries it and on which square. It
//! rides a willing creature with the Mount role, and climbs any other. It moves with what
//! carries it ([`carry`]); moved by force, it is knocked off and rolls to hold on, which only
//! says how it lands ([`knock_off`], A-18); it falls off when knocked prone or when its mount dies
//! ([`fall_off`], A-19). Climbing on, climbing down, Ride and the shake-off maneuver are
//! commands ([`resolve`]). Getting on or off takes the move action: the engine's movement is
//! one move action, not squares to split.

use std::collections::VecDeque;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;

use crate::ability::free_strike::StrikeGear;
use crate::ability::grab::{Party, parting_strike};
use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition::{Condition, Conditions};
use crate::creature::{
    ActionKind, Altitude, Characteristic, Characteristics, CreatureId, CreatureRef, CreatureSize,
    MovementMode, Position, Prone, Speed, Vitality,
};
use crate::damage::{PendingDamage, RecentHits};
use crate::dice::Dice;
use crate::engine::Engine;
use crate::event::{Event, EventLog};
use crate::forced::fall_damage;
use crate::forced::resolution::CheckedForced;
use crate::grid::{Footprint, Map, NEIGHBOURS, Square};
use crate::movement::{self, CheckedAdvance, Gait};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule::{self, Rule};
use crate::turn::take_action;

/// How a creature is on another: riding its willing mount, or climbing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// On a willing creature with the Mount role: it can use Ride (seed 002 L3127).
    Riding,
    /// On any other creature larger than it (seed 002 L2650-2658).
    Climbing,
}

impl Hold {
    fn verb(self) -> &'static str {
        match self {
            Hold::Riding => "riding",
            Hold::Climbing => "climbing",
        }
    }
}

/// On another creature: `on` carries it, and its space's top-left square is `offset` from the
/// carrier's (seed 002 L3127: the rider picks the square).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mounted {
    pub on: String,
    pub hold: Hold,
    pub offset: (i32, i32),
}

/// The Mount role (seed 002 L3127, L4699): a willing smaller creature can ride it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MountRole;

/// A mounting command, checked.
#[derive(Clone, Debug)]
pub enum CheckedMount {
    /// Onto `carrier` at `square`; an unwilling carrier takes the climb `roll`.
    Climb {
        climber: Entity,
        carrier: Entity,
        hold: Hold,
        square: Square,
        roll: Option<PowerRollSpec>,
    },
    Dismount {
        rider: Entity,
        to: Square,
    },
    /// The mount's own move is the checked Advance plan; this is the rider's side of it.
    Ride {
        rider: Entity,
        mount: String,
        speed: u32,
    },
    /// The climber's hold-on `roll`.
    ShakeOff {
        carrier: Entity,
        climber: Entity,
        roll: PowerRollSpec,
    },
}

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
    pub(crate) fn others_moving(&mut self, mover: Entity) -> Vec<CreatureRef> {
        let id = self.world.get::<CreatureId>(mover).expect("id").0.clone();
        self.others(mover)
            .into_iter()
            .filter(|o| o.on.as_deref() != Some(id.as_str()))
            .collect()
    }

    /// Check Mount, ClimbCreature, Dismount, Ride and ShakeOff.
    pub(crate) fn check_mount_command(
        &mut self,
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
            } => self.check_ride(creature, path, *disengage),
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
        &mut self,
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
    fn check_dismount(&mut self, creature: &str, to: Square) -> Result<CheckedMount, RuleError> {
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
        &mut self,
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
        self.world
            .resource_mut::<Checked>()
            .insert(CheckedAdvance(plan, drag));
        Ok(CheckedMount::Ride {
            rider: e,
            mount: on,
            speed,
        })
    }
}

/// Whether `rider` has used Ride this round, and whether `mount` has been ridden this round
/// (seed 002 L2835): read from the log since the round started.
fn rides_this_round(log: &EventLog, rider: &str, mount: &str) -> (bool, bool) {
    let events = &log.events;
    let start = events
        .iter()
        .rposition(|l| matches!(l.event, Event::RoundStarted { .. }))
        .unwrap_or(0);
    let rides = events[start..].iter().filter(|l| l.rule == rule::RIDE.id);
    let (mut rode, mut ridden) = (false, false);
    for l in rides {
        match &l.event {
            Event::EffectStarted { creature, .. } if creature == rider => rode = true,
            Event::Moved { creature, .. } if creature == mount => ridden = true,
            _ => {}
        }
    }
    (rode, ridden)
}

/// The hold-on roll: power roll + the higher of Might and Agility (seed 002 L2662), with the
/// banes the roller's own conditions give every power roll.
fn hold_on_roll(chars: Option<&Characteristics>, roller: &CreatureRef) -> PowerRollSpec {
    PowerRollSpec {
        characteristic: chars.map_or(0, |c| c.might.max(c.agility)),
        banes: movement::opportunity::roller_banes(roller),
        ..PowerRollSpec::default()
    }
}

/// A creature's place on the map, as these systems read and move it.
type Place<'a> = (
    Entity,
    &'a CreatureId,
    &'a mut Position,
    &'a CreatureSize,
    Option<&'a Altitude>,
    Option<&'a Mounted>,
    &'a Speed,
    &'a Characteristics,
    &'a Vitality,
    Has<Prone>,
);

/// The spaces standing creatures other than `except` fill on the ground.
fn ground_spaces(bodies: &Query<Place>, except: Entity) -> Vec<Footprint> {
    bodies
        .iter()
        .filter(|b| b.0 != except && !b.8.is_down() && b.4.is_none_or(|a| a.0 == 0))
        .map(|b| Footprint::new(b.2.0, b.3.0))
        .collect()
}

/// The first square, breadth-first from `from` (itself first, then its neighbours in a fixed
/// order), where a space of `from`'s size fits: in the map, on nothing solid, in no space of
/// `taken`.
fn nearest_free(map: &Map, taken: &[Footprint], from: Footprint) -> Option<Square> {
    let fits = |origin: Square| {
        let fp = Footprint {
            origin,
            side: from.side,
        };
        map.footprint_in_bounds(fp)
            && fp.squares().all(|s| !map.is_solid(s))
            && !taken.iter().any(|t| t.overlaps(fp))
    };
    let mut seen = vec![from.origin];
    let mut queue = VecDeque::from([from.origin]);
    while let Some(sq) = queue.pop_front() {
        if fits(sq) {
            return Some(sq);
        }
        for (dx, dy) in NEIGHBOURS {
            let next = Square::new(sq.x + dx, sq.y + dy);
            if map.in_bounds(next) && !seen.contains(&next) && seen.len() < 400 {
                seen.push(next);
                queue.push_back(next);
            }
        }
    }
    None
}

/// Bring a creature off what carried it, down onto `to` from height `from_z`; when it `falls`,
/// with falling damage as usual and prone (seed 002 L2664, L2668, L2710-2714; digest A-1),
/// else on its feet. `already_prone` is whether it was prone before.
fn come_down(
    commands: &mut Commands,
    log: &mut EventLog,
    pending: &mut PendingDamage,
    map: &Map,
    (entity, id): (Entity, &str),
    to: Footprint,
    from_z: i32,
    agility: i32,
    (falls, already_prone): (bool, bool),
) {
    commands.entity(entity).remove::<(Mounted, Altitude)>();
    let mut damage = 0;
    if falls {
        let height = (from_z - map.ground_under(to)).max(0) as u32;
        let (effective, dealt, _) = fall_damage(height, agility, map.liquid_under(to));
        damage = dealt;
        log.push(
            rule::FALLING,
            Event::Fell {
                creature: id.to_owned(),
                height,
                agility,
                effective,
                damage,
                landed_on: None,
                lands_at: to.origin,
            },
        );
    }
    crate::forced::falling::land(
        commands,
        log,
        pending,
        entity,
        id,
        damage,
        falls && !already_prone,
    );
}

/// Spend one of `e`'s actions, logged.
fn spend(parties: &mut Query<Party>, log: &mut EventLog, e: Entity, kind: ActionKind) {
    if let Ok((_, id, _, _, _, _, _, mut budget, _)) = parties.get_mut(e) {
        take_action(log, &mut budget, &id.0, kind);
    }
}

/// Put `e` at `altitude` squares above the ground under it.
fn set_altitude(commands: &mut Commands, e: Entity, altitude: u32) {
    if altitude > 0 {
        commands.entity(e).insert(Altitude(altitude));
    } else {
        commands.entity(e).remove::<Altitude>();
    }
}

/// Command stage, before movement: Mount, ClimbCreature, Dismount, ShakeOff, and the rider's
/// side of Ride (its move action; the mount's move is then made as a checked Advance).
pub fn resolve(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    options: Res<RulesOptions>,
    map: Res<Map>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut hits: ResMut<RecentHits>,
    gear: StrikeGear,
    mut parties: Query<Party>,
    mut bodies: Query<Place>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedMount>();
    let (Some(cmd), Some(checked)) = (&command.0, checked) else {
        return;
    };
    let id_of = |e: Entity, bodies: &Query<Place>| bodies.get(e).map(|b| b.1.0.clone());
    match (cmd, checked) {
        (
            Command::Mount { .. } | Command::ClimbCreature { .. },
            CheckedMount::Climb {
                climber,
                carrier,
                hold,
                square,
                roll,
            },
        ) => {
            spend(&mut parties, &mut log, *climber, ActionKind::Move);
            let (Ok(me), Ok(it)) = (id_of(*climber, &bodies), id_of(*carrier, &bodies)) else {
                return;
            };
            if let Some(spec) = roll {
                let roll = power_roll::resolve(spec, [dice.d10(), dice.d10()], &options);
                let tier = roll.tier;
                log.push(
                    rule::CLIMB_CREATURE,
                    Event::PowerRolled {
                        creature: me.clone(),
                        ability: "Climb".into(),
                        target: it.clone(),
                        roll,
                    },
                );
                if tier != Tier::Three {
                    log.push(
                        rule::CLIMB_CREATURE,
                        Event::EffectEnded {
                            creature: me.clone(),
                            effect: format!(
                                "trying to climb {it} (tier {}: the climb fails{})",
                                tier.number(),
                                if tier == Tier::One {
                                    format!(", and {it} makes a free strike")
                                } else {
                                    String::new()
                                }
                            ),
                        },
                    );
                    if tier == Tier::One {
                        parting_strike(
                            &mut parties,
                            *carrier,
                            *climber,
                            &mut dice,
                            &options,
                            &mut log,
                            &mut hits,
                            &gear,
                        );
                    }
                    return;
                }
            }
            let Ok((_, _, cpos, csize, calt, ..)) = bodies.get(*carrier) else {
                return;
            };
            let carrier_fp = Footprint::new(cpos.0, csize.0);
            let top =
                map.ground_under(carrier_fp) + calt.map_or(0, |a| a.0 as i32) + csize.0.side();
            let offset = (square.x - cpos.0.x, square.y - cpos.0.y);
            let Ok((_, _, mut pos, size, ..)) = bodies.get_mut(*climber) else {
                return;
            };
            pos.0 = *square;
            let altitude = (top - map.ground_under(Footprint::new(*square, size.0))).max(0);
            set_altitude(&mut commands, *climber, altitude as u32);
            commands.entity(*climber).insert(Mounted {
                on: it.clone(),
                hold: *hold,
                offset,
            });
            log.push(
                if roll.is_some() {
                    rule::CLIMB_CREATURE
                } else {
                    rule::MOUNT
                },
                Event::EffectStarted {
                    creature: me,
                    effect: format!(
                        "{} {it}, on its square {square} at height {top}",
                        hold.verb()
                    ),
                },
            );
        }
        (Command::Dismount { .. }, CheckedMount::Dismount { rider, to }) => {
            spend(&mut parties, &mut log, *rider, ActionKind::Move);
            let Ok((_, id, mut pos, _, _, Some(held), ..)) = bodies.get_mut(*rider) else {
                return;
            };
            pos.0 = *to;
            log.push(
                rule::DISMOUNT,
                Event::EffectEnded {
                    creature: id.0.clone(),
                    effect: format!("{} {}: it climbs down to {to}", held.hold.verb(), held.on),
                },
            );
            commands.entity(*rider).remove::<(Mounted, Altitude)>();
        }
        (
            Command::Ride { disengage, .. },
            CheckedMount::Ride {
                rider,
                mount,
                speed,
            },
        ) => {
            spend(&mut parties, &mut log, *rider, ActionKind::Move);
            let Ok(me) = id_of(*rider, &bodies) else {
                return;
            };
            log.push(
                rule::RIDE,
                Event::EffectStarted {
                    creature: me,
                    effect: format!(
                        "riding {mount} with the Ride move action: {mount} {}",
                        if *disengage {
                            "disengages, shifting 1 square".to_owned()
                        } else {
                            format!("moves up to its speed {speed}")
                        }
                    ),
                },
            );
        }
        (
            Command::ShakeOff { .. },
            CheckedMount::ShakeOff {
                carrier,
                climber,
                roll,
            },
        ) => {
            spend(&mut parties, &mut log, *carrier, ActionKind::Maneuver);
            let (Ok(me), Ok(it)) = (id_of(*climber, &bodies), id_of(*carrier, &bodies)) else {
                return;
            };
            let roll = power_roll::resolve(roll, [dice.d10(), dice.d10()], &options);
            let tier = roll.tier;
            log.push(
                rule::SHAKE_OFF,
                Event::PowerRolled {
                    creature: me.clone(),
                    ability: "Hold On".into(),
                    target: it.clone(),
                    roll,
                },
            );
            let taken = ground_spaces(&bodies, *climber);
            let Ok((_, _, mut pos, size, alt, Some(held), _, chars, _, prone)) =
                bodies.get_mut(*climber)
            else {
                return;
            };
            let verb = held.hold.verb();
            let from = Footprint::new(pos.0, size.0);
            let landing = nearest_free(&map, &taken, from).filter(|_| tier != Tier::Three);
            let Some(to) = landing else {
                log.push(
                    rule::HOLD_ON,
                    Event::EffectStarted {
                        creature: me,
                        effect: format!("still {verb} {it}: it holds on (tier {})", tier.number()),
                    },
                );
                return;
            };
            let thrown = tier == Tier::One;
            log.push(
                rule::HOLD_ON,
                Event::EffectEnded {
                    creature: me.clone(),
                    effect: if thrown {
                        format!("{verb} {it}: thrown off to {to} (tier 1)")
                    } else {
                        format!("{verb} {it}: it slides down to {to}, on its feet (tier 2)")
                    },
                },
            );
            let from_z = map.ground_under(from) + alt.map_or(0, |a| a.0 as i32);
            let agility = chars.agility;
            pos.0 = to;
            come_down(
                &mut commands,
                &mut log,
                &mut pending,
                &map,
                (*climber, &me),
                Footprint::new(to, size.0),
                from_z,
                agility,
                (thrown, prone),
            );
        }
        _ => {}
    }
}

/// Command stage, right after a forced movement: a rider or climber moved by it is knocked off
/// (seed 002 L3129; digest A-18). It was moved from its place on top, the carrier not in its
/// way; it comes down on the square it was moved to, or the nearest free one, and rolls to
/// hold on only to see how it lands: tier 1 falls the height with falling damage as usual and
/// lands prone; tier 2 or 3 lands on its feet.
pub fn knock_off(
    mut commands: Commands,
    options: Res<RulesOptions>,
    map: Res<Map>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut bodies: Query<Place>,
    afflicted: Query<&Conditions>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedForced>();
    let Some(checked) = checked else {
        return;
    };
    let o = &checked.0;
    let Some(e) = bodies.iter().find(|b| b.1.0 == o.target).map(|b| b.0) else {
        return;
    };
    let taken = ground_spaces(&bodies, e);
    let Ok((_, id, mut pos, size, _, Some(held), _, chars, _, prone)) = bodies.get_mut(e) else {
        return;
    };
    if o.moved.is_empty() {
        return;
    }
    let (me, verb, on) = (id.0.clone(), held.hold.verb(), held.on.clone());
    let knocked = format!("{verb} {on}: knocked off by the {}", o.kind.name());
    if o.fall.is_some() {
        // Forced down onto the ground: the forced movement's own fall brought it there.
        commands.entity(e).remove::<Mounted>();
        log.push(
            rule::HOLD_ON,
            Event::EffectEnded {
                creature: me,
                effect: knocked,
            },
        );
        return;
    }
    let end = Footprint::new(o.end, size.0);
    let from_z = map.ground_under(end) + o.altitude as i32;
    let to = nearest_free(&map, &taken, end).unwrap_or(o.end);
    let weakened = afflicted
        .get(e)
        .is_ok_and(|c| c.has(Condition::Weakened))
        .then(|| Modifier {
            rule: rule::WEAKENED.id.into(),
            note: format!("{me} is weakened"),
        });
    let spec = PowerRollSpec {
        characteristic: chars.might.max(chars.agility),
        banes: weakened.into_iter().collect(),
        ..PowerRollSpec::default()
    };
    let roll = power_roll::resolve(&spec, [dice.d10(), dice.d10()], &options);
    let tier = roll.tier;
    log.push(
        rule::HOLD_ON,
        Event::PowerRolled {
            creature: me.clone(),
            ability: "Hold On".into(),
            target: on,
            roll,
        },
    );
    let hurt = tier == Tier::One;
    log.push(
        rule::HOLD_ON,
        Event::EffectEnded {
            creature: me.clone(),
            effect: format!(
                "{knocked}, it comes down at {to} (tier {}: {})",
                tier.number(),
                if hurt {
                    "it falls"
                } else {
                    "it lands on its feet"
                }
            ),
        },
    );
    pos.0 = to;
    come_down(
        &mut commands,
        &mut log,
        &mut pending,
        &map,
        (e, &me),
        Footprint::new(to, size.0),
        from_z,
        chars.agility,
        (hurt, prone),
    );
}

/// Where [`carry`] takes a rider.
#[derive(Clone, Copy)]
enum Carried {
    /// Along with its carrier: this square, this many squares up.
    To(Square, u32),
    /// It teleported, off its carrier.
    TeleportedOff,
    /// Its carrier teleported away from under it, this many squares up.
    LeftBehind(u32),
}

/// Command stage, last: every rider and climber moves with what carries it, on the same
/// square of it and on its top, whatever moved it — its own move, Ride or forced movement
/// (seed 002 L3129). Teleports are the exception, as a rider and its mount teleport separately
/// (L3129): a teleported rider is off its mount, and a rider whose mount teleported away falls
/// from where it was, with falling damage as usual and prone.
pub fn carry(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut bodies: Query<Place>,
) {
    let teleported = match &command.0 {
        Some(Command::Teleport { target, .. }) => Some(target.as_str()),
        _ => None,
    };
    let mut moves: Vec<(Entity, String, Square, Carried)> = bodies
        .iter()
        .filter_map(|(e, id, pos, size, alt, held, ..)| {
            let held = held?;
            if teleported == Some(id.0.as_str()) {
                return Some((e, id.0.clone(), pos.0, Carried::TeleportedOff));
            }
            let (_, cid, cpos, csize, calt, ..) = bodies.iter().find(|b| b.1.0 == held.on)?;
            if teleported == Some(cid.0.as_str()) {
                let height = alt.map_or(0, |a| a.0);
                return Some((e, id.0.clone(), pos.0, Carried::LeftBehind(height)));
            }
            let carrier = Footprint::new(cpos.0, csize.0);
            let top = map.ground_under(carrier) + calt.map_or(0, |a| a.0 as i32) + csize.0.side();
            let to = Square::new(cpos.0.x + held.offset.0, cpos.0.y + held.offset.1);
            let altitude = (top - map.ground_under(Footprint::new(to, size.0))).max(0) as u32;
            (to != pos.0 || Some(altitude) != alt.map(|a| a.0))
                .then(|| (e, id.0.clone(), pos.0, Carried::To(to, altitude)))
        })
        .collect();
    moves.sort_by(|a, b| a.1.cmp(&b.1));
    for (e, id, from, carried) in moves {
        let taken = ground_spaces(&bodies, e);
        let Ok((_, _, mut pos, size, _, Some(held), _, chars, _, prone)) = bodies.get_mut(e) else {
            continue;
        };
        let what = format!("{} {}", held.hold.verb(), held.on);
        match carried {
            Carried::To(to, altitude) => {
                if from != to {
                    log.push(
                        rule::CARRIED,
                        Event::Moved {
                            creature: id,
                            from,
                            to,
                            path: vec![to],
                            cost: 0,
                            speed: 0,
                        },
                    );
                }
                set_altitude(&mut commands, e, altitude);
                pos.0 = to;
            }
            Carried::TeleportedOff => {
                commands.entity(e).remove::<Mounted>();
                log.push(
                    rule::CARRIED,
                    Event::EffectEnded {
                        creature: id,
                        effect: format!("{what}: it teleported off, apart from it"),
                    },
                );
            }
            Carried::LeftBehind(height) => {
                let here = Footprint::new(from, size.0);
                let landing = nearest_free(&map, &taken, here).unwrap_or(from);
                log.push(
                    rule::CARRIED,
                    Event::EffectEnded {
                        creature: id.clone(),
                        effect: format!(
                            "{what}: {} teleported away, so it falls to {landing}",
                            held.on
                        ),
                    },
                );
                pos.0 = landing;
                come_down(
                    &mut commands,
                    &mut log,
                    &mut pending,
                    &map,
                    (e, &id),
                    Footprint::new(landing, size.0),
                    map.ground_under(here) + height as i32,
                    chars.agility,
                    (true, prone),
                );
            }
        }
    }
}

/// Stamina stage: off they fall. A rider or climber knocked prone, or down itself, falls into
/// the nearest free square beside what carried it, with falling damage as usual, and is prone
/// (seed 002 L2668). One whose carrier is dead falls the same way; a dead mount is prone
/// (seed 002 L3131; digest A-19: falling damage for the height, which on level ground is the
/// mount's size).
pub fn fall_off(
    mut commands: Commands,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut bodies: Query<Place>,
) {
    let mut falls: Vec<(
        Entity,
        String,
        Mounted,
        Option<(Entity, Footprint, bool)>,
        String,
    )> = Vec::new();
    for (e, id, _, _, _, held, _, _, vitality, prone) in bodies.iter() {
        let Some(held) = held else {
            continue;
        };
        let carrier = bodies.iter().find(|b| b.1.0 == held.on).map(|b| {
            (
                b.0,
                Footprint::new(b.2.0, b.3.0),
                *b.8 == Vitality::Dead,
                b.9,
            )
        });
        let why = match carrier {
            None => format!("{} is gone", held.on),
            Some((_, _, true, _)) => format!("{} is dead", held.on),
            _ if vitality.is_down() => format!("it is {vitality:?}").to_lowercase(),
            _ if prone => "knocked prone".to_owned(),
            _ => continue,
        };
        let carrier = carrier.map(|(c, fp, dead, carrier_prone)| (c, fp, dead && !carrier_prone));
        falls.push((e, id.0.clone(), held.clone(), carrier, why));
    }
    falls.sort_by(|a, b| a.1.cmp(&b.1));
    // Dead mounts laid prone here, once each.
    let mut laid: Vec<Entity> = Vec::new();
    for (e, me, held, carrier, why) in falls {
        let mut taken = ground_spaces(&bodies, e);
        taken.extend(carrier.map(|c| c.1));
        let Ok((_, _, mut pos, size, alt, _, _, chars, vitality, prone)) = bodies.get_mut(e) else {
            continue;
        };
        let from = Footprint::new(pos.0, size.0);
        let from_z = map.ground_under(from) + alt.map_or(0, |a| a.0 as i32);
        let to = nearest_free(&map, &taken, from).unwrap_or(pos.0);
        log.push(
            rule::MOUNT_FALL,
            Event::EffectEnded {
                creature: me.clone(),
                effect: format!(
                    "{} {}: {why}, it falls off to {to}",
                    held.hold.verb(),
                    held.on
                ),
            },
        );
        pos.0 = to;
        if *vitality == Vitality::Dead {
            commands.entity(e).remove::<(Mounted, Altitude)>();
        } else {
            come_down(
                &mut commands,
                &mut log,
                &mut pending,
                &map,
                (e, &me),
                Footprint::new(to, size.0),
                from_z,
                chars.agility,
                (true, prone),
            );
        }
        if let Some((c, _, true)) = carrier
            && held.hold == Hold::Riding
            && !laid.contains(&c)
        {
            laid.push(c);
            commands.entity(c).insert(Prone);
            log.push(
                rule::MOUNT_FALL,
                Event::ConditionGained {
                    creature: held.on.clone(),
                    condition: "prone".into(),
                },
            );
        }
    }
}

/// Seat the riders a scenario starts mounted (`riding`), keyed by their place in the list: each
/// on a willing creature (same side) with the Mount role, larger than it, its space within the
/// mount's, at the height of the mount's top (seed 002 L3125-3127). Returns the problems.
pub(crate) fn seat_riders(
    records: &mut [(usize, crate::engine::CreatureRecord)],
    map: &Map,
) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    let carriers: Vec<(
        String,
        crate::creature::Side,
        Footprint,
        crate::grid::Size,
        u32,
        bool,
    )> = records
        .iter()
        .map(|(_, c)| {
            let fp = Footprint::new(c.position, c.size);
            (c.id.clone(), c.side, fp, c.size, c.altitude, c.mount_role)
        })
        .collect();
    for (i, rider) in records.iter_mut() {
        let Some(held) = rider.mounted.as_mut() else {
            continue;
        };
        let seat = Footprint::new(rider.position, rider.size);
        let Some((_, side, fp, size, altitude, role)) = carriers.iter().find(|c| c.0 == held.on)
        else {
            problems.push((
                *i,
                format!(
                    "`{}` rides `{}`, which is not in the scenario",
                    rider.id, held.on
                ),
            ));
            continue;
        };
        let problem = if *side != rider.side || !role {
            Some(format!(
                "`{}` can't ride `{}`: a mount is a willing creature (on its side) with the Mount role, `monster: (…, role: Some(Mount))`",
                rider.id, held.on
            ))
        } else if size.ordinal() <= rider.size.ordinal() {
            Some(format!(
                "`{}` (size {}) can't ride `{}` (size {size}): a mount is larger than its rider",
                rider.id, rider.size, held.on
            ))
        } else if !seat.squares().all(|s| fp.contains(s)) {
            Some(format!(
                "`{}` rides `{}`, so its position must be one of the mount's squares, from {}",
                rider.id, held.on, fp.origin
            ))
        } else {
            None
        };
        if let Some(p) = problem {
            problems.push((*i, p));
            continue;
        }
        held.offset = (seat.origin.x - fp.origin.x, seat.origin.y - fp.origin.y);
        let top = map.ground_under(*fp) + *altitude as i32 + size.side();
        rider.altitude = (top - map.ground_under(seat)).max(0) as u32;
    }
    problems
}
