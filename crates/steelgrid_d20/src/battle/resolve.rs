//! Resolving a checked command (the Command stage) and the hit point a disabled creature pays
//! for exerting itself (the Vitality stage, seed 001 L19).

use bevy_ecs::prelude::*;
use steelgrid_kernel::body::Position;
use steelgrid_kernel::grid::{Footprint, Map};

use super::strike::{self, Blow, deal, log_injury, roll, roll_dice};
use super::{
    BattleLog, Block, Charged, Current, Event, Plan, Reacted, SpellsLeft, Squeezing, bodies, body,
};
use crate::attack::concealment;
use crate::attack::cover::{self, Cover};
use crate::attack::opportunity::{self, Provocation, Threat};
use crate::injury::{Exertion, HitPoints, Injury, Lethality};
use crate::measure::{self, FEET_PER_SQUARE};
use crate::movement::budget::MoveKind;
use crate::movement::path::Walk;
use crate::options::D20Options;
use crate::rule;
use crate::stats::SpellEffect;

/// Whether the actor was disabled when its command began: only then does exertion cost it.
#[derive(Resource, Clone, Copy, Debug, Default)]
pub struct WasDisabled(pub bool);

/// Command stage: carry out the plan.
pub fn resolve_command(world: &mut World) {
    let Some(plan) = world.resource::<Current>().0.clone() else {
        return;
    };
    let was = body(world, plan.who()).injury == Injury::Disabled;
    world.insert_resource(WasDisabled(was));
    match plan {
        Plan::Move {
            who,
            walk,
            kind,
            budget,
        } => {
            world.entity_mut(who).insert(budget);
            move_along(world, who, &walk, kind);
        }
        Plan::Attack {
            who,
            target,
            weapons,
            budget,
            charge,
            nonlethal,
        } => {
            world.entity_mut(who).insert(budget);
            attack(world, who, target, &weapons, charge.as_ref(), nonlethal);
        }
        Plan::CoupDeGrace {
            who,
            target,
            weapon,
            budget,
        } => {
            world.entity_mut(who).insert(budget);
            coup_de_grace(world, who, target, weapon);
        }
        Plan::Tend {
            who,
            target,
            budget,
        } => {
            world.entity_mut(who).insert(budget);
            tend(world, who, target);
        }
        Plan::Cast {
            who,
            spell,
            target,
            at,
            budget,
        } => {
            world.entity_mut(who).insert(budget);
            cast(world, who, spell, target, at);
        }
        Plan::EndTurn { .. } => {}
    }
}

/// Vitality stage: a disabled creature's standard or other strenuous action costs it 1 hit
/// point afterwards, unless the action raised its own hit points (seed 001 L19, L21).
pub fn exertion(world: &mut World) {
    let Some(plan) = world.resource::<Current>().0.clone() else {
        return;
    };
    if !plan.strenuous() || !world.resource::<WasDisabled>().0 {
        return;
    }
    let who = plan.who();
    let healed_itself = matches!(plan, Plan::Cast { target: Some(t), .. } if t == who);
    let exertion = if healed_itself {
        Exertion::RaisedOwnHitPoints
    } else {
        Exertion::Strenuous
    };
    let edition = world.resource::<D20Options>().edition;
    let con = body(world, who).stats.constitution;
    let mut hp = *world.get::<HitPoints>(who).expect("hit points");
    if let Some(cost) = hp.after_action(exertion, con, edition) {
        world.entity_mut(who).insert(hp);
        let creature = body(world, who).id.to_owned();
        world.resource_mut::<BattleLog>().push(
            rule::DISABLED,
            Event::StrenuousAction {
                creature,
                hit_points: hp.current,
            },
        );
        log_injury(world, who, cost.before, cost.after);
    }
}

/// Walk the path a step at a time; a foe whose threatened square it leaves (or whose square it
/// passes) takes its attack of opportunity first, and a mover that falls stops where it was.
fn move_along(world: &mut World, who: Entity, walk: &Walk, kind: MoveKind) {
    let side = body(world, who).space.side;
    let mut walked = Vec::new();
    let provokes = !matches!(kind, MoveKind::FiveFootStep { .. });
    let speed = body(world, who).stats.speed_squares();
    let start = body(world, who).space.origin;
    let mut spent = 0;
    for step in &walk.steps {
        let from = body(world, who).space;
        let to = Footprint {
            origin: step.to,
            side,
        };
        if provokes {
            opportunities(world, who, from, to);
            let now = body(world, who).injury;
            // Down, it moves no more; disabled or staggered, no farther than one move action
            // (seed 001 L19, L66).
            let slowed = now.actions_allowed() == crate::injury::ActionAllowance::MoveOrStandard;
            if !now.can_act() || (slowed && spent + step.cost > speed) {
                break;
            }
        }
        world.entity_mut(who).insert(Position(step.to));
        walked.push(step.to);
        spent += step.cost;
    }
    // Stopped part-way in a square it may only pass through: back to the last square it may
    // stand in (seed 001 L130).
    while !walked.is_empty() && shares_a_space(world, who) {
        walked.pop();
        let back = walked.last().copied().unwrap_or(start);
        world.entity_mut(who).insert(Position(back));
    }
    let squares: i32 = walk.steps.iter().take(walked.len()).map(|s| s.cost).sum();
    let creature = body(world, who).id.to_owned();
    let at = body(world, who).space.origin;
    let rule = match kind {
        MoveKind::FiveFootStep { .. } => rule::FIVE_FOOT_STEP,
        MoveKind::MinimumMove => rule::MINIMUM_MOVE,
        _ => rule::SPEED,
    };
    world.resource_mut::<BattleLog>().push(
        rule,
        Event::Moved {
            creature: creature.clone(),
            path: walked.clone(),
            squares,
            feet: squares * FEET_PER_SQUARE,
            action: kind.name().to_owned(),
        },
    );
    let squeezing = walked.len() == walk.steps.len() && walk.end.squeezing;
    if squeezing {
        world.entity_mut(who).insert(Squeezing);
        world
            .resource_mut::<BattleLog>()
            .push(rule::SQUEEZE, Event::Squeezing { creature, at });
    } else if walked.len() == walk.steps.len() {
        world.entity_mut(who).remove::<Squeezing>();
    }
}

/// Whether the creature stands in another living creature's space it may not end in (the
/// tiniest may share: seed 001 L108).
fn shares_a_space(world: &World, who: Entity) -> bool {
    let me = body(world, who);
    bodies(world).iter().any(|b| {
        b.entity != who
            && b.injury != Injury::Dead
            && b.space.overlaps(me.space)
            && me.stats.size.per_square() == 1
            && b.stats.size.per_square() == 1
            && !b.injury.is_helpless()
    })
}

/// Every foe the step from `from` to `to` provokes takes its attack of opportunity, unless the
/// mover has cover or total concealment against it (seed 001 L206, L228). One a round each
/// (not in seed).
fn opportunities(world: &mut World, mover: Entity, from: Footprint, to: Footprint) {
    let round = strike::round(world);
    let me = body(world, mover);
    let foes: Vec<(Entity, usize, Provocation)> = bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .filter(|b| world.get::<Reacted>(b.entity).is_none_or(|r| r.0 != round))
        .filter_map(|b| {
            // The first of its melee weapons the step provokes (a reach weapon may not).
            b.stats.attacks.iter().enumerate().find_map(|(i, w)| {
                let reach = strike::melee_reach(b.stats, w)?;
                let threat = Threat {
                    space: b.space,
                    reach,
                    can_act: true,
                };
                opportunity::provokes(&threat, from, to, false).map(|why| (b.entity, i, why))
            })
        })
        .collect();
    for (foe, w, why) in foes {
        if !body(world, mover).injury.can_act() {
            return;
        }
        if !may_answer(world, foe, mover, from) {
            continue;
        }
        world.entity_mut(foe).insert(Reacted(round));
        let (creature, by) = (
            body(world, mover).id.to_owned(),
            body(world, foe).id.to_owned(),
        );
        let why = match why {
            Provocation::LeavesThreat => "leaves a square it threatens",
            Provocation::PassesThrough => "moves into its square",
        };
        world.resource_mut::<BattleLog>().push(
            rule::OPPORTUNITY,
            Event::Provoked {
                creature,
                by,
                why: why.into(),
            },
        );
        strike::strike(world, foe, mover, w, Blow::Opportunity, None);
    }
}

/// No attack of opportunity into cover or total concealment (seed 001 L206, L228).
fn may_answer(world: &World, foe: Entity, mover: Entity, at: Footprint) -> bool {
    let f = body(world, foe);
    let map = world.resource::<Map>();
    let others: Vec<Footprint> = Vec::new();
    let board = strike::board(world, &others);
    let adjacent = measure::between(f.space, at) <= 1;
    let c = if adjacent {
        cover::against_melee(board, f.space, at)
    } else {
        cover::against_ranged(board, f.space, at)
    };
    let hidden = concealment::of(map, f.space, at, adjacent, strike::sight(world, foe, mover));
    opportunity::may_take(if c == Cover::Soft { Cover::None } else { c }, hidden)
}

fn attack(
    world: &mut World,
    who: Entity,
    target: Entity,
    weapons: &[usize],
    charge: Option<&Walk>,
    nonlethal: Option<bool>,
) {
    if let Some(walk) = charge {
        move_along(world, who, walk, MoveKind::DoubleMove);
        if !body(world, who).injury.can_act()
            || body(world, who).space.origin
                != walk
                    .steps
                    .last()
                    .map_or(body(world, who).space.origin, |s| s.to)
        {
            return;
        }
        world.entity_mut(who).insert(Charged);
        strike::strike(world, who, target, weapons[0], Blow::Charge, None);
        return;
    }
    if weapons.is_empty() {
        let (attacker, at) = (
            body(world, who).id.to_owned(),
            body(world, target).id.to_owned(),
        );
        world.resource_mut::<BattleLog>().push(
            rule::CONCEALMENT,
            Event::GuessedWrong {
                attacker,
                target: at,
            },
        );
        return;
    }
    for &w in weapons {
        if !body(world, who).injury.can_act() || body(world, target).injury == Injury::Dead {
            break;
        }
        strike::strike(world, who, target, w, Blow::Normal, nonlethal);
    }
}

/// A coup de grace (seed 001 L248-251): every foe threatening the attacker answers first; then
/// an automatic critical, and a survivor saves against DC 10 + the damage or dies.
fn coup_de_grace(world: &mut World, who: Entity, target: Entity, weapon: usize) {
    let here = body(world, who).space;
    let round = strike::round(world);
    let me = body(world, who);
    let threats: Vec<(Entity, usize)> = bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.can_act() && b.entity != target)
        .filter(|b| world.get::<Reacted>(b.entity).is_none_or(|r| r.0 != round))
        .filter_map(|b| {
            b.stats.attacks.iter().enumerate().find_map(|(i, w)| {
                let reach = strike::melee_reach(b.stats, w)?;
                Threat {
                    space: b.space,
                    reach,
                    can_act: true,
                }
                .threatens(here)
                .then_some((b.entity, i))
            })
        })
        .collect();
    for (foe, w) in threats {
        if !body(world, who).injury.can_act() {
            return;
        }
        if !may_answer(world, foe, who, here) {
            continue;
        }
        world.entity_mut(foe).insert(Reacted(round));
        let (creature, by) = (
            body(world, who).id.to_owned(),
            body(world, foe).id.to_owned(),
        );
        world.resource_mut::<BattleLog>().push(
            rule::OPPORTUNITY,
            Event::Provoked {
                creature,
                by,
                why: "gives a coup de grace".into(),
            },
        );
        strike::strike(world, foe, who, w, Blow::Opportunity, None);
    }
    if !body(world, who).injury.can_act() {
        return;
    }
    let damage = strike::strike(world, who, target, weapon, Blow::CoupDeGrace, None);
    let t = body(world, target);
    if t.injury == Injury::Dead {
        return;
    }
    let dc = crate::attack::helpless::fortitude_dc(damage);
    let natural = roll(world, 20);
    let total = natural as i32 + body(world, target).stats.fortitude;
    let success = total >= dc;
    let creature = body(world, target).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        rule::COUP_DE_GRACE,
        Event::SaveRolled {
            creature,
            against: "coup de grace".into(),
            natural,
            total,
            dc,
            success,
        },
    );
    if !success {
        let before = body(world, target).injury;
        let mut hp = *world.get::<HitPoints>(target).expect("hit points");
        hp.slay();
        world.entity_mut(target).insert(hp);
        log_injury(world, target, before, Injury::Dead);
    }
}

/// A DC 15 Heal check on a dying creature (seed 001 L38).
fn tend(world: &mut World, who: Entity, target: Entity) {
    let natural = roll(world, 20);
    let total = natural as i32 + body(world, who).stats.heal.unwrap_or(0);
    let edition = world.resource::<D20Options>().edition;
    let con = body(world, target).stats.constitution;
    let before = body(world, target).injury;
    let mut hp = *world.get::<HitPoints>(target).expect("hit points");
    let stable = hp.heal_check(total, con, edition);
    world.entity_mut(target).insert(hp);
    let (healer, creature) = (
        body(world, who).id.to_owned(),
        body(world, target).id.to_owned(),
    );
    world.resource_mut::<BattleLog>().push(
        rule::HEAL_CHECK,
        Event::Tended {
            healer,
            creature,
            natural,
            total,
            stable,
        },
    );
    log_injury(world, target, before, body(world, target).injury);
}

fn cast(
    world: &mut World,
    who: Entity,
    spell: usize,
    target: Option<Entity>,
    at: Option<steelgrid_kernel::grid::Square>,
) {
    let s = world.get::<Block>(who).expect("stat block").0.spells[spell].clone();
    let uses_left = {
        let mut left = world.get_mut::<SpellsLeft>(who).expect("spells");
        let n = left.0.entry(s.name.clone()).or_default();
        *n = n.saturating_sub(1);
        *n
    };
    let creature = body(world, who).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        rule::ACTIONS,
        Event::SpellCast {
            creature,
            spell: s.name.clone(),
            uses_left,
        },
    );
    match (s.effect, target, at) {
        (SpellEffect::Cure { dice }, Some(t), _) => {
            let amount = roll_dice(world, dice).max(1);
            heal(world, t, amount);
        }
        (
            SpellEffect::Burst {
                radius, dice, dc, ..
            },
            _,
            Some(centre),
        ) => {
            let amount = roll_dice(world, dice).max(1);
            let point = Footprint {
                origin: centre,
                side: 1,
            };
            let caught: Vec<Entity> = bodies(world)
                .iter()
                .filter(|b| b.entity != who && b.injury != Injury::Dead)
                .filter(|b| {
                    measure::footprint_to_square(b.space, centre) <= radius
                        && world.resource::<Map>().line_of_effect(point, b.space)
                })
                .map(|b| b.entity)
                .collect();
            for c in caught {
                let natural = roll(world, 20);
                let behind = burst_cover(world, point, body(world, c).space);
                let total =
                    natural as i32 + body(world, c).stats.reflex + if behind { 2 } else { 0 };
                let success = total >= dc;
                let creature = body(world, c).id.to_owned();
                let against = if behind {
                    format!("{} (+2 for cover)", s.name)
                } else {
                    s.name.clone()
                };
                world.resource_mut::<BattleLog>().push(
                    rule::REFLEX_SAVE,
                    Event::SaveRolled {
                        creature,
                        against,
                        natural,
                        total,
                        dc,
                        success,
                    },
                );
                let dealt = if success { amount / 2 } else { amount };
                if dealt > 0 {
                    deal(world, c, dealt, Lethality::Lethal, true);
                }
            }
        }
        _ => {}
    }
}

/// Whether a wall or low wall stands between a burst's centre and a creature: +2 to its Reflex
/// save (seed 001 L207).
fn burst_cover(world: &World, point: Footprint, space: Footprint) -> bool {
    let none: Vec<Footprint> = Vec::new();
    let board = strike::board(world, &none);
    cover::against_ranged(board, point, space) == Cover::Cover
}

/// Heal a creature and log it (seed 001 L39-40, L47, L51).
pub fn heal(world: &mut World, who: Entity, amount: i32) {
    let edition = world.resource::<D20Options>().edition;
    let con = body(world, who).stats.constitution;
    let mut hp = *world.get::<HitPoints>(who).expect("hit points");
    let healed = hp.heal(amount, con, edition);
    world.entity_mut(who).insert(hp);
    let creature = body(world, who).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        healed.rule(),
        Event::Healed {
            creature,
            amount: healed.hp_gained,
            hit_points: hp.current,
        },
    );
    log_injury(world, who, healed.before, healed.after);
}
