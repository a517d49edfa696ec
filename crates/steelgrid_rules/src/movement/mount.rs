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

pub use crate::terms::movement::{Hold, Mounted};

use std::collections::VecDeque;

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, CurrentCommand};
use crate::condition::{Condition, Conditions};
use crate::creature::{
    ActionKind, Altitude, Characteristics, CreatureId, CreatureRef, CreatureSize, Position, Prone,
    Speed, Vitality,
};
use crate::damage::{PendingDamage, RecentHits};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::forced::fall_damage;
use crate::forced::resolution::CheckedForced;
use crate::grid::{Footprint, Map, NEIGHBOURS, Square};
use crate::movement::free_strike::StrikeGear;
use crate::movement::grab::{Party, parting_strike};
use crate::movement::{self};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule::{self};
use crate::turn::take_action;

/// The Mount role (seed 002 L3127, L4699): a willing smaller creature can ride it.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MountRole;
steelgrid_kernel::persisted!(marker MountRole);

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

/// Whether `rider` has used Ride this round, and whether `mount` has been ridden this round
/// (seed 002 L2835): read from the log since the round started.
pub(crate) fn rides_this_round(log: &EventLog, rider: &str, mount: &str) -> (bool, bool) {
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
pub(crate) fn hold_on_roll(chars: Option<&Characteristics>, roller: &CreatureRef) -> PowerRollSpec {
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

/// What resolving a mounting command reads and changes.
#[derive(SystemParam)]
pub struct Mounting<'w, 's> {
    commands: Commands<'w, 's>,
    options: Res<'w, RulesOptions>,
    map: Res<'w, Map>,
    dice: ResMut<'w, Dice>,
    log: ResMut<'w, EventLog>,
    pending: ResMut<'w, PendingDamage>,
    hits: ResMut<'w, RecentHits>,
    gear: StrikeGear<'w, 's>,
    parties: Query<'w, 's, Party<'static>>,
    bodies: Query<'w, 's, Place<'static>>,
}

/// Command stage, before movement: Mount, ClimbCreature, Dismount, ShakeOff, and the rider's
/// side of Ride (its move action; the mount's move is then made as a checked Advance).
pub fn resolve(command: Res<CurrentCommand>, checked: Res<Checked>, mut world: Mounting) {
    let (Some(cmd), Some(checked)) = (&command.0, checked.get::<CheckedMount>()) else {
        return;
    };
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
        ) => world.climb(*climber, *carrier, *hold, *square, roll.as_ref()),
        (Command::Dismount { .. }, CheckedMount::Dismount { rider, to }) => {
            world.dismount(*rider, *to)
        }
        (
            Command::Ride { disengage, .. },
            CheckedMount::Ride {
                rider,
                mount,
                speed,
            },
        ) => world.ride(*rider, mount, *speed, *disengage),
        (
            Command::ShakeOff { .. },
            CheckedMount::ShakeOff {
                carrier,
                climber,
                roll,
            },
        ) => world.shake_off(*carrier, *climber, roll),
        _ => {}
    }
}

impl Mounting<'_, '_> {
    fn id_of(&self, e: Entity) -> Option<String> {
        self.bodies.get(e).ok().map(|b| b.1.0.clone())
    }

    /// Mount or ClimbCreature (seed 002 L2650-2668, L3125-3131): onto the carrier's square, at
    /// the height of its top; an unwilling carrier is climbed only on a tier 3 roll, and on
    /// tier 1 it makes a free strike.
    fn climb(
        &mut self,
        climber: Entity,
        carrier: Entity,
        hold: Hold,
        square: Square,
        roll: Option<&PowerRollSpec>,
    ) {
        spend(&mut self.parties, &mut self.log, climber, ActionKind::Move);
        let (Some(me), Some(it)) = (self.id_of(climber), self.id_of(carrier)) else {
            return;
        };
        if let Some(spec) = roll
            && !self.climb_roll(spec, climber, carrier, &me, &it)
        {
            return;
        }
        let Ok((_, _, cpos, csize, calt, ..)) = self.bodies.get(carrier) else {
            return;
        };
        let map = &self.map;
        let carrier_fp = Footprint::new(cpos.0, csize.0);
        let top = map.ground_under(carrier_fp) + calt.map_or(0, |a| a.0 as i32) + csize.0.side();
        let offset = (square.x - cpos.0.x, square.y - cpos.0.y);
        let Ok((_, _, mut pos, size, ..)) = self.bodies.get_mut(climber) else {
            return;
        };
        pos.0 = square;
        let altitude = (top - map.ground_under(Footprint::new(square, size.0))).max(0);
        set_altitude(&mut self.commands, climber, altitude as u32);
        self.commands.entity(climber).insert(Mounted {
            on: it.clone(),
            hold,
            offset,
        });
        self.log.push(
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

    /// The roll to climb an unwilling creature: true on tier 3, when the climb succeeds.
    fn climb_roll(
        &mut self,
        spec: &PowerRollSpec,
        climber: Entity,
        carrier: Entity,
        me: &str,
        it: &str,
    ) -> bool {
        let roll = power_roll::resolve(spec, [self.dice.d10(), self.dice.d10()], &self.options);
        let tier = roll.tier;
        self.log.push(
            rule::CLIMB_CREATURE,
            Event::PowerRolled {
                creature: me.to_owned(),
                ability: "Climb".into(),
                target: it.to_owned(),
                roll,
            },
        );
        if tier == Tier::Three {
            return true;
        }
        self.log.push(
            rule::CLIMB_CREATURE,
            Event::EffectEnded {
                creature: me.to_owned(),
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
                &mut self.parties,
                carrier,
                climber,
                &mut self.dice,
                &self.options,
                &mut self.log,
                &mut self.hits,
                &self.gear,
            );
        }
        false
    }

    /// Dismount: the rider climbs down to `to`.
    fn dismount(&mut self, rider: Entity, to: Square) {
        spend(&mut self.parties, &mut self.log, rider, ActionKind::Move);
        let Ok((_, id, mut pos, _, _, Some(held), ..)) = self.bodies.get_mut(rider) else {
            return;
        };
        pos.0 = to;
        self.log.push(
            rule::DISMOUNT,
            Event::EffectEnded {
                creature: id.0.clone(),
                effect: format!("{} {}: it climbs down to {to}", held.hold.verb(), held.on),
            },
        );
        self.commands.entity(rider).remove::<(Mounted, Altitude)>();
    }

    /// The rider's side of Ride (seed 002 L2833-2835): its move action, logged.
    fn ride(&mut self, rider: Entity, mount: &str, speed: u32, disengage: bool) {
        spend(&mut self.parties, &mut self.log, rider, ActionKind::Move);
        let Some(me) = self.id_of(rider) else {
            return;
        };
        self.log.push(
            rule::RIDE,
            Event::EffectStarted {
                creature: me,
                effect: format!(
                    "riding {mount} with the Ride move action: {mount} {}",
                    if disengage {
                        "disengages, shifting 1 square".to_owned()
                    } else {
                        format!("moves up to its speed {speed}")
                    }
                ),
            },
        );
    }

    /// Shake Off: the climber's hold-on roll; on tier 2 it slides down to a free square, on
    /// tier 1 it is thrown there and falls.
    fn shake_off(&mut self, carrier: Entity, climber: Entity, roll: &PowerRollSpec) {
        spend(
            &mut self.parties,
            &mut self.log,
            carrier,
            ActionKind::Maneuver,
        );
        let (Some(me), Some(it)) = (self.id_of(climber), self.id_of(carrier)) else {
            return;
        };
        let roll = power_roll::resolve(roll, [self.dice.d10(), self.dice.d10()], &self.options);
        let tier = roll.tier;
        self.log.push(
            rule::SHAKE_OFF,
            Event::PowerRolled {
                creature: me.clone(),
                ability: "Hold On".into(),
                target: it.clone(),
                roll,
            },
        );
        let taken = ground_spaces(&self.bodies, climber);
        let Ok((_, _, mut pos, size, alt, Some(held), _, chars, _, prone)) =
            self.bodies.get_mut(climber)
        else {
            return;
        };
        let verb = held.hold.verb();
        let from = Footprint::new(pos.0, size.0);
        let landing = nearest_free(&self.map, &taken, from).filter(|_| tier != Tier::Three);
        let Some(to) = landing else {
            self.log.push(
                rule::HOLD_ON,
                Event::EffectStarted {
                    creature: me,
                    effect: format!("still {verb} {it}: it holds on (tier {})", tier.number()),
                },
            );
            return;
        };
        let thrown = tier == Tier::One;
        self.log.push(
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
        let from_z = self.map.ground_under(from) + alt.map_or(0, |a| a.0 as i32);
        let agility = chars.agility;
        pos.0 = to;
        come_down(
            &mut self.commands,
            &mut self.log,
            &mut self.pending,
            &self.map,
            (climber, &me),
            Footprint::new(to, size.0),
            from_z,
            agility,
            (thrown, prone),
        );
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

impl Hold {
    pub(crate) fn verb(self) -> &'static str {
        match self {
            Hold::Riding => "riding",
            Hold::Climbing => "climbing",
        }
    }
}
