//! Resolving a checked move square by square: the opportunity attacks it provokes on the way,
//! damaging terrain, where it ends (aloft, underground, dragging a grabbed creature), what a
//! teleport ends, and a drop at the end.

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use super::free_strike::{StrikeGear, StrikeOptions, Striker, log_strike, roll_strike};
use super::{CheckedAdvance, Gait, burrow, mount, opportunity_ask};
use crate::command::{Command, CurrentCommand};
use crate::condition::{Condition, Conditions};
use crate::creature::{
    ActionBudget, ActionKind, Altitude, Characteristics, CreatureId, DamageModifiers, FreeStrike,
    Grabbed, Hero, Position, Prone, Speed, Stamina, Vitality,
};
use crate::damage::stamina;
use crate::damage::{DamageRequest, PendingDamage, RecentHits, deal};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::forced::fall_damage;
use crate::grid::{Footprint, Map, Square};
use crate::options::RulesOptions;
use crate::rule::{self, Rule};
use crate::turn::take_action;

/// A creature that may strike the mover: id, entity, characteristics, free strike damage, and
/// whether it is a hero.
type Candidate = (String, Entity, Characteristics, u32, bool);

/// Who moves, along which squares, how, and with which of its actions (none for a granted
/// move or a ride, whose mount moves on the rider's move action).
struct Moving {
    creature: String,
    path: Vec<Square>,
    gait: Gait,
    action: Option<ActionKind>,
}

impl Moving {
    fn of(command: &Command, ride: Option<&mount::CheckedMount>) -> Option<Moving> {
        let moving = |creature: &String, path: &[Square], gait, action| Moving {
            creature: creature.clone(),
            path: path.to_vec(),
            gait,
            action,
        };
        match command {
            Command::Advance { creature, path } => {
                Some(moving(creature, path, Gait::Move, Some(ActionKind::Move)))
            }
            Command::Disengage { creature, path } => {
                Some(moving(creature, path, Gait::Shift, Some(ActionKind::Move)))
            }
            // A Charge moves as part of the main action (seed 002 L2940).
            Command::Charge { creature, path, .. } => {
                Some(moving(creature, path, Gait::Move, Some(ActionKind::Main)))
            }
            Command::Fly { creature, path } => {
                let flown: Vec<Square> = path.iter().map(|&(x, y, _)| Square::new(x, y)).collect();
                Some(moving(creature, &flown, Gait::Move, Some(ActionKind::Move)))
            }
            // A move an ability grants takes none of the mover's actions; its plan was made with
            // the grant's gait.
            Command::GrantedMove { creature, path } => {
                Some(moving(creature, path, Gait::Move, None))
            }
            // The Ride move action moves the mount; the rider's move action pays for it (taken in
            // crate::movement::mount), none of the mount's (seed 002 L2833-2835).
            Command::Ride {
                path, disengage, ..
            } => match ride {
                Some(mount::CheckedMount::Ride { mount, .. }) => {
                    let gait = if *disengage { Gait::Shift } else { Gait::Move };
                    Some(moving(mount, path, gait, None))
                }
                _ => None,
            },
            _ => None,
        }
    }

    /// The rule the move is logged under.
    fn rule(&self, command: &Command, plan: &CheckedAdvance) -> Rule {
        match self.gait {
            _ if matches!(command, Command::Ride { .. }) => rule::RIDE,
            _ if self.action.is_none() => rule::GRANTED_MOVE,
            Gait::Shift => rule::SHIFT,
            Gait::Move if plan.0.teleport => rule::TELEPORT,
            Gait::Move if plan.0.altitude.is_some() => rule::FLY,
            Gait::Move if self.action == Some(ActionKind::Main) => rule::CHARGE,
            Gait::Move if plan.0.depth.is_some() => rule::BURROW,
            Gait::Move => rule::ADVANCE,
        }
    }
}

/// The mover as the strikes against it land.
struct Mover<'a> {
    entity: Entity,
    id: &'a CreatureId,
    stamina: &'a mut Stamina,
    mods: &'a DamageModifiers,
    is_hero: bool,
}

/// What opportunity attacks roll with and write to.
struct Strikes<'a, 'w, 's> {
    log: &'a mut EventLog,
    dice: &'a mut Dice,
    hits: &'a mut RecentHits,
    options: &'a RulesOptions,
    gear: &'a StrikeGear<'w, 's>,
    /// Strikers whose critical hit earned them an extra main action.
    critical: Vec<Entity>,
}

/// Command stage: Advance and Disengage. The plan was checked when the command was validated.
/// Each opportunity attack is resolved before the mover leaves its square (digest A-12); a
/// mover that dies stops there. Eligible enemies take the attack, except on a side asked about
/// it: then the move waits there for their answers (`opportunity_ask`). Members of one squad
/// attacking at the same step make one strike of their free strikes added together, with the
/// captain's bonus once (seed 002 L4436-4438; digest A-16).
pub fn resolve_move(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    options: Res<RulesOptions>,
    map: Res<Map>,
    prone: Query<(), With<Prone>>,
    grabbed: Query<(), With<Grabbed>>,
    mut afflicted: Query<&mut Conditions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut hits: ResMut<RecentHits>,
    gear: StrikeGear,
    mut asking: opportunity_ask::Asking,
    mut creatures: Query<(
        Entity,
        &CreatureId,
        &mut Position,
        &Speed,
        &mut ActionBudget,
        &mut Stamina,
        &DamageModifiers,
        &Characteristics,
        &FreeStrike,
        Has<Hero>,
    )>,
    checked_results: Res<Checked>,
) {
    let Some(current) = opportunity_ask::command_of(&command, asking.resumed.as_deref()).cloned()
    else {
        return;
    };
    let Some(moving) = Moving::of(&current, checked_results.get::<mount::CheckedMount>()) else {
        return;
    };
    let Some(plan) = checked_results.get::<CheckedAdvance>() else {
        return;
    };
    let candidates: Vec<Candidate> = creatures
        .iter()
        .map(|c| (c.1.0.clone(), c.0, *c.7, c.8.0, c.9))
        .collect();
    let Some((entity, id, mut pos, speed, mut budget, mut stamina, mods, _, _, is_hero)) =
        creatures.iter_mut().find(|m| m.1.0 == moving.creature)
    else {
        return;
    };
    if let Some(action) = moving.action.filter(|_| asking.resumed.is_none()) {
        take_action(&mut log, &mut budget, &id.0, action);
    }
    let from = pos.0;
    let mut strikes = Strikes {
        log: &mut log,
        dice: &mut dice,
        hits: &mut hits,
        options: &options,
        gear: &gear,
        critical: Vec::new(),
    };
    let mut mover = Mover {
        entity,
        id,
        stamina: &mut stamina,
        mods,
        is_hero,
    };
    let mut walked = Vec::new();
    let mut paused = None;
    'steps: for (i, &step) in moving.path.iter().enumerate() {
        for (_, who) in plan.0.provoked.iter().filter(|(at, _)| *at == i) {
            let (asked, who) = asking.split(who);
            let at = walked.last().copied().unwrap_or(from);
            if strikes.attack(&who, &candidates, &mut mover, at) {
                break 'steps;
            }
            if !asked.is_empty() {
                paused = Some((i, asked));
                break 'steps;
            }
        }
        walked.push(step);
        for &(_, damage) in plan.0.terrain_damage.iter().filter(|(at, _)| *at == i) {
            pending.0.push(DamageRequest {
                target: entity,
                source: "damaging terrain".into(),
                amount: damage,
                damage_type: None,
                halved: false,
                knock_out: false,
            });
        }
    }
    let critical = std::mem::take(&mut strikes.critical);
    let to = walked.last().copied().unwrap_or(from);
    let completed = walked.len() == moving.path.len();
    pos.0 = to;
    if let Some((step, asked)) = paused {
        // A flier waits at the height of the step it reached.
        if let (Command::Fly { path: flight, .. }, Some(last)) = (&current, step.checked_sub(1)) {
            let ground = map.ground_under(Footprint {
                origin: to,
                side: plan.0.side,
            });
            match (flight[last].2 - ground).max(0) as u32 {
                0 => commands.entity(entity).remove::<Altitude>(),
                altitude => commands.entity(entity).insert(Altitude(altitude)),
            };
        }
        asking.pause(opportunity_ask::PendingMove {
            command: current.clone(),
            mover: id.0.clone(),
            step,
            at: to,
            asked,
        });
    }
    // A move waiting before its first step has gone nowhere yet.
    if !walked.is_empty() || !asking.waiting() {
        log.push(
            moving.rule(&current, plan),
            Event::Moved {
                creature: id.0.clone(),
                from,
                to,
                path: walked,
                cost: plan.0.cost,
                speed: speed.0,
            },
        );
    }
    if completed {
        arrive(&mut commands, entity, plan);
        // seed 002 L1745: the grabbed creature moves with its grabber.
        if let Some(drag) = plan.1
            && let Ok(mut held) = creatures.get_mut(drag.creature)
        {
            held.2.0 = drag.to;
        }
    }
    for striker in critical {
        if let Ok(mut c) = creatures.get_mut(striker) {
            c.4.main += 1;
        }
    }
    if plan.0.teleport {
        let teleported = (entity, moving.creature.as_str());
        end_by_teleport(
            &mut commands,
            &mut log,
            teleported,
            &grabbed,
            &prone,
            &mut afflicted,
        );
    }
    if let Some(height) = plan.0.drop.filter(|_| completed) {
        let agility = creatures.get(entity).map_or(0, |c| c.7.agility);
        let at = Footprint {
            origin: to,
            side: plan.0.side,
        };
        let fell = (entity, moving.creature.as_str(), height, agility);
        drop_at_the_end(&mut commands, &mut log, &mut pending, &map, fell, at);
    }
}

impl Strikes<'_, '_, '_> {
    /// The opportunity attacks of `who` as the mover leaves `at`, the members of one squad as
    /// one strike (seed 002 L4436-4438). True when the mover dies of them.
    fn attack(
        &mut self,
        who: &[String],
        candidates: &[Candidate],
        mover: &mut Mover,
        at: Square,
    ) -> bool {
        let mut struck: Vec<&str> = Vec::new();
        for attacker in who {
            if struck.contains(&attacker.as_str()) {
                continue;
            }
            let Some(first) = candidates.iter().find(|s| &s.0 == attacker) else {
                continue;
            };
            let squad = self.gear.squad(first.1);
            let together: Vec<&Candidate> = who
                .iter()
                .filter_map(|w| candidates.iter().find(|s| &s.0 == w))
                .filter(|s| s.0 == *attacker || squad.is_some() && self.gear.squad(s.1) == squad)
                .collect();
            struck.extend(together.iter().map(|s| s.0.as_str()));
            self.strike_together(&together, first.1, mover, at);
            if stamina::vitality_for(mover.stamina, mover.is_hero) == Vitality::Dead {
                return true;
            }
        }
        false
    }

    /// One strike of `together`'s free strikes added together, landing on the mover.
    fn strike_together(
        &mut self,
        together: &[&Candidate],
        first: Entity,
        mover: &mut Mover,
        at: Square,
    ) {
        let target = &mover.id.0;
        let mut rolled = 0;
        for (name, striker_entity, chars, fs, hero) in together {
            self.log.push(
                rule::OPPORTUNITY_ATTACK,
                Event::OpportunityAttack {
                    attacker: name.clone(),
                    target: target.clone(),
                    at,
                },
            );
            let striker = Striker {
                id: name,
                characteristics: chars,
                free_strike: *fs,
                hero: *hero,
            };
            let result = roll_strike(striker, &StrikeOptions::default(), self.dice, self.options);
            log_strike(
                self.log,
                name,
                target,
                "Melee Weapon Free Strike",
                &result,
                None,
            );
            // seed 002 L1636-1638: an opportunity attack is a main-action free strike, so a
            // critical hit grants its striker an extra main action.
            if result.roll.as_ref().is_some_and(|r| r.critical) {
                self.log.push(
                    rule::CRITICAL_HIT,
                    Event::ExtraMainAction {
                        creature: name.clone(),
                    },
                );
                self.critical.push(*striker_entity);
            }
            rolled += result.damage;
        }
        let landing = self.gear.land(first, rolled, None, mover.mods);
        let source = match together {
            [one] => {
                self.log.push(
                    rule::FREE_STRIKE,
                    Event::FreeStrikeHit {
                        attacker: one.0.clone(),
                        target: target.clone(),
                        ranged: false,
                        damage: landing.amount,
                        damage_type: landing.damage_type,
                        keywords: landing.keywords,
                    },
                );
                one.0.clone()
            }
            many => {
                let attackers: Vec<String> = many.iter().map(|s| s.0.clone()).collect();
                self.log.push(
                    rule::SQUAD_FREE_STRIKES,
                    Event::FreeStrikesCombined {
                        attackers: attackers.clone(),
                        target: target.clone(),
                        damage: landing.amount,
                        captain_bonus: self.gear.captain_bonus(first),
                        damage_type: landing.damage_type,
                        keywords: landing.keywords,
                    },
                );
                attackers.join(", ")
            }
        };
        let request = DamageRequest {
            target: mover.entity,
            source,
            amount: landing.amount,
            damage_type: landing.damage_type,
            halved: false,
            knock_out: false,
        };
        deal(
            request,
            mover.id,
            mover.stamina,
            mover.mods,
            mover.is_hero,
            self.log,
            self.hits,
        );
    }
}

/// A completed move leaves the mover at its planned depth or altitude.
fn arrive(commands: &mut Commands, entity: Entity, plan: &CheckedAdvance) {
    if let Some(depth) = plan.0.depth {
        commands.entity(entity).insert(burrow::Depth(depth));
    }
    match plan.0.altitude {
        Some(0) => {
            commands.entity(entity).remove::<Altitude>();
        }
        Some(altitude) => {
            commands.entity(entity).insert(Altitude(altitude));
        }
        None => {}
    }
}

/// Teleporting ends being grabbed and restrained (seed 002 L2708), and a creature teleporting
/// itself while prone may arrive standing (seed 002 L2704).
fn end_by_teleport(
    commands: &mut Commands,
    log: &mut EventLog,
    (entity, creature): (Entity, &str),
    grabbed: &Query<(), With<Grabbed>>,
    prone: &Query<(), With<Prone>>,
    afflicted: &mut Query<&mut Conditions>,
) {
    let mut ended = |condition: &str| {
        log.push(
            rule::TELEPORT,
            Event::ConditionEnded {
                creature: creature.to_owned(),
                condition: condition.into(),
            },
        );
    };
    if grabbed.contains(entity) {
        commands.entity(entity).remove::<Grabbed>();
        ended("grabbed");
    }
    if let Ok(mut conditions) = afflicted.get_mut(entity)
        && conditions.has(Condition::Restrained)
    {
        conditions
            .0
            .retain(|a| a.condition != Condition::Restrained);
        ended(Condition::Restrained.name());
    }
    if prone.contains(entity) {
        commands.entity(entity).remove::<Prone>();
        ended("prone");
    }
}

/// A drop, or a jump that falls short, at the end of the move: falling never provokes (seed 002
/// L2714).
fn drop_at_the_end(
    commands: &mut Commands,
    log: &mut EventLog,
    pending: &mut PendingDamage,
    map: &Map,
    (entity, creature, height, agility): (Entity, &str, u32, i32),
    at: Footprint,
) {
    let (effective, damage, prone) = fall_damage(height, agility, map.liquid_under(at));
    log.push(
        rule::FALLING,
        Event::Fell {
            creature: creature.to_owned(),
            height,
            agility,
            effective,
            damage,
            landed_on: None,
            lands_at: at.origin,
        },
    );
    crate::forced::falling::land(commands, log, pending, entity, creature, damage, prone);
}
