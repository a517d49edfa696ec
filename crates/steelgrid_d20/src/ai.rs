//! The d20 AI, for either side: on its creature's turn it heals the fallen, throws a burst
//! where it catches foes and no friends, attacks the foe it expects to hurt most, and otherwise
//! walks (or charges) to where it can attack, preferring a flank. One command at a time, each
//! checked by the engine like anyone's.

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use pathfinding::prelude::dijkstra_reach;
use steelgrid_kernel::body::Side;
use steelgrid_kernel::grid::{Footprint, Map, Square};
use steelgrid_kernel::rule::RuleError;

use crate::attack::flanking::{Flanker, flanks};
use crate::battle::{Battle, Body, Budget, Command, SpellsLeft, bodies, body, find, strike};
use crate::injury::Injury;
use crate::measure;
use crate::movement::path::walk;
use crate::movement::walker::{Occupant, Pace, Walker};
use crate::options::D20Options;
use crate::stats::{Delivery, SpellEffect};
use crate::terrain::Features;

/// The command the AI gives for the creature whose turn it is.
pub fn next_command(battle: &Battle) -> Option<Command> {
    let id = battle.current()?.to_owned();
    let world = battle.world();
    let who = find(world, &id).ok()?;
    let budget = *world.get::<Budget>(who)?;
    let end = Command::EndTurn {
        creature: id.clone(),
    };
    let pick = budget
        .standard
        .then(|| {
            support(battle, who)
                .or_else(|| burst(battle, who))
                .or_else(|| attack_or_close(battle, who, budget))
                .or_else(|| finish(battle, who))
        })
        .flatten()
        .or_else(|| approach(battle, who, budget));
    Some(pick.filter(|c| battle.check(c).is_ok()).unwrap_or(end))
}

/// Attack from here, unless a move first leads to a melee attack worth clearly more (a fighter
/// with javelins walks up and swings its sword).
fn attack_or_close(battle: &Battle, who: Entity, budget: Budget) -> Option<Command> {
    let now = attack(battle, who, budget);
    if budget.move_action && !budget.moved {
        let here = now.as_ref().map_or(0.0, |(v, _)| *v);
        if let Some((value, step)) = melee_spot(battle, who)
            && value > 1.25 * here
        {
            return Some(step);
        }
    }
    now.map(|(_, c)| c)
}

/// With no foe standing in reach, finish a helpless one beside it (seed 001 L248-251).
fn finish(battle: &Battle, who: Entity) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.is_helpless())
        .map(|b| Command::CoupDeGrace {
            creature: me.id.to_owned(),
            target: b.id.to_owned(),
        })
        .find(|c| battle.check(c).is_ok())
}

/// The best melee weapon's expected damage against `ac`: the chance to hit times its mean.
fn expected(bonus: i32, ac: i32, mean: f32) -> f32 {
    let faces = (21 - (ac - bonus)).clamp(1, 19) as f32;
    faces / 20.0 * mean
}

/// The square within one move from which its best melee blow is worth most, and the move there.
fn melee_spot(battle: &Battle, who: Entity) -> Option<(f32, Command)> {
    let world = battle.world();
    let me = body(world, who);
    let reach = reachable(world, who, me.stats.speed_squares());
    let foes: Vec<Body> = bodies(world)
        .into_iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .collect();
    let mut best: Option<(f32, Square)> = None;
    for (&sq, _) in reach.iter().filter(|(sq, (_, c))| {
        **sq != me.space.origin && *c <= me.stats.speed_squares() && free(world, who, **sq)
    }) {
        for foe in &foes {
            let Some(w) = strike::melee_from(world, who, foe.entity, sq) else {
                continue;
            };
            let weapon = &me.stats.attacks[w];
            let mean = (weapon.damage.min() + weapon.damage.max()) as f32 / 2.0;
            let v = expected(weapon.bonus, foe.stats.armour_class, mean);
            if best.is_none_or(|(b, _)| v > b) {
                best = Some((v, sq));
            }
        }
    }
    let (value, sq) = best?;
    let step = Command::Move {
        creature: me.id.to_owned(),
        path: path_to(&reach, me.space.origin, sq),
    };
    battle.check(&step).is_ok().then_some((value, step))
}

/// Heal the dying (a cure spell, else a Heal check), or a badly hurt friend within touch.
fn support(battle: &Battle, who: Entity) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    let friends: Vec<Body> = bodies(world)
        .into_iter()
        .filter(|b| {
            b.side == me.side
                && b.injury != Injury::Dead
                && measure::between(me.space, b.space) <= 1
        })
        .collect();
    let dying = friends.iter().find(|b| b.injury == Injury::Dying);
    let cure = me.stats.spells.iter().find(|s| {
        matches!(s.effect, SpellEffect::Cure { .. })
            && world
                .get::<SpellsLeft>(who)
                .and_then(|l| l.0.get(&s.name))
                .is_some_and(|&n| n > 0)
    });
    let hurt = friends
        .iter()
        .filter(|b| b.hp.current * 3 <= b.hp.max)
        .min_by_key(|b| b.hp.current);
    match (cure, dying.or(hurt)) {
        (Some(spell), Some(friend)) => Some(Command::Cast {
            creature: me.id.to_owned(),
            spell: spell.name.clone(),
            target: Some(friend.id.to_owned()),
            at: None,
        }),
        (None, _) if me.stats.heal.is_some() => dying.map(|d| Command::Tend {
            creature: me.id.to_owned(),
            target: d.id.to_owned(),
        }),
        _ => None,
    }
}

/// A burst centred where it catches two or more foes and none of its friends.
fn burst(battle: &Battle, who: Entity) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    let all = bodies(world);
    me.stats.spells.iter().find_map(|spell| {
        let SpellEffect::Burst { radius, .. } = spell.effect else {
            return None;
        };
        let left = world
            .get::<SpellsLeft>(who)
            .and_then(|l| l.0.get(&spell.name))
            .copied()
            .unwrap_or(0);
        if left == 0 {
            return None;
        }
        let caught = |at: Square, side: Side| {
            all.iter()
                .filter(|b| b.entity != who && b.side == side)
                .filter(|b| b.injury.can_act() || (side == me.side && b.injury.is_alive()))
                .filter(|b| measure::footprint_to_square(b.space, at) <= radius)
                .count()
        };
        all.iter()
            .filter(|b| b.side != me.side && b.injury.can_act())
            .map(|b| b.space.origin)
            .filter(|&at| caught(at, me.side) == 0 && caught(at, me.side.other()) >= 2)
            .map(|at| Command::Cast {
                creature: me.id.to_owned(),
                spell: spell.name.clone(),
                target: None,
                at: Some(at),
            })
            .find(|c| battle.check(c).is_ok())
    })
}

/// Attack the foe it expects to hurt most from where it stands; a full attack when it has the
/// whole round and more than one weapon reaches.
fn attack(battle: &Battle, who: Entity, budget: Budget) -> Option<(f32, Command)> {
    let world = battle.world();
    let me = body(world, who);
    let best = bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .filter_map(|b| {
            let p = battle.preview(me.id, b.id, None).ok()?;
            // It does not swing at squares it can only guess (seed 001 L227).
            if p.concealment == crate::attack::concealment::Concealment::Total {
                return None;
            }
            let mean = (p.damage.0 + p.damage.1) as f32 / 2.0;
            Some((p.hit_percent as f32 * mean, b.id.to_owned(), p.weapon))
        })
        .max_by(|a, b| a.0.total_cmp(&b.0).then_with(|| b.1.cmp(&a.1)))?;
    let (value, target, weapon) = best;
    let value = value / 100.0;
    let full = Command::FullAttack {
        creature: me.id.to_owned(),
        target: target.clone(),
    };
    let whole_round = budget.move_action && !budget.moved;
    let several = me.stats.full_attack.len() > 1;
    if whole_round && several && battle.check(&full).is_ok() {
        return Some((value, full));
    }
    Some((
        value,
        Command::Attack {
            creature: me.id.to_owned(),
            target,
            weapon: Some(weapon),
            nonlethal: None,
            at: None,
        },
    ))
}

/// A square the search reached: what it cost and where it came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
struct Node {
    at: Square,
    /// An odd number of diagonals taken so far: the next costs 2 (seed 001 L95).
    odd: bool,
}

/// Walk to where it can attack (a flank preferred), charge if that is the only way to reach a
/// foe this turn, or close in with a double move.
fn approach(battle: &Battle, who: Entity, budget: Budget) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    if budget.stepped || !(budget.move_action || budget.standard) {
        return None;
    }
    let speed = me.stats.speed_squares();
    let both = budget.move_action && budget.standard;
    let reach = reachable(world, who, if both { 2 * speed } else { speed });
    let id = me.id.to_owned();
    let mut spots: Vec<(i32, i32, Square)> = reach
        .iter()
        .filter(|(sq, (_, cost))| *cost <= speed && free(world, who, **sq))
        .filter_map(|(&sq, &(_, cost))| attack_score(world, who, sq).map(|s| (-s, cost, sq)))
        .collect();
    spots.sort();
    for &(_, _, sq) in &spots {
        let c = Command::Move {
            creature: id.clone(),
            path: path_to(&reach, me.space.origin, sq),
        };
        if battle.check(&c).is_ok() {
            return Some(c);
        }
    }
    if both
        && !budget.moved
        && let Some(c) = charge(battle, who, &reach)
    {
        return Some(c);
    }
    close_in(battle, who, &reach)
}

/// How good a square is to attack from: none if nothing can be attacked there; more for a
/// flank and for a ranged attacker standing clear of its foes.
fn attack_score(world: &World, who: Entity, sq: Square) -> Option<i32> {
    let me = body(world, who);
    let space = Footprint {
        origin: sq,
        side: me.space.side,
    };
    let foes: Vec<Body> = bodies(world)
        .into_iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .collect();
    let ranged = me
        .stats
        .attacks
        .iter()
        .any(|w| matches!(w.delivery, Delivery::Ranged { .. }));
    let mut best = None;
    for foe in &foes {
        if let Some(w) = strike::melee_from(world, who, foe.entity, sq) {
            let reach =
                strike::melee_reach(me.stats, &me.stats.attacks[w]).expect("a melee weapon");
            let flank = flanks_from(world, who, Flanker { space, reach }, foe.space);
            best = best.max(Some(10 + if flank { 5 } else { 0 }));
        }
        let shot = me.stats.attacks.iter().any(|w| match w.delivery {
            Delivery::Ranged { range } => {
                measure::between(space, foe.space) <= range
                    && world.resource::<Map>().line_of_effect(space, foe.space)
            }
            Delivery::Melee { .. } => false,
        });
        if shot && ranged {
            let clear = foes.iter().all(|f| measure::between(space, f.space) > 1);
            best = best.max(Some(8 + if clear { 4 } else { 0 }));
        }
    }
    best
}

fn flanks_from(world: &World, who: Entity, mine: Flanker, target: Footprint) -> bool {
    let me = body(world, who);
    bodies(world)
        .iter()
        .filter(|b| b.side == me.side && b.entity != who && b.injury.can_act())
        .any(|ally| {
            ally.stats
                .attacks
                .iter()
                .filter_map(|w| strike::melee_reach(ally.stats, w))
                .any(|reach| {
                    flanks(
                        &mine,
                        &Flanker {
                            space: ally.space,
                            reach,
                        },
                        target,
                    )
                })
        })
}

/// A charge at the nearest foe it can reach with one.
fn charge(
    battle: &Battle,
    who: Entity,
    reach: &BTreeMap<Square, (Option<Square>, i32)>,
) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    let mut foes: Vec<(i32, Entity)> = bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .map(|b| (measure::between(me.space, b.space), b.entity))
        .collect();
    foes.sort();
    foes.into_iter()
        .find_map(|(_, foe)| charge_at(battle, who, reach, foe))
}

/// The cheapest charge at `foe`: to the nearest square from which a melee weapon reaches it.
fn charge_at(
    battle: &Battle,
    who: Entity,
    reach: &BTreeMap<Square, (Option<Square>, i32)>,
    foe: Entity,
) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    let mut ends: Vec<(i32, Square)> = reach
        .iter()
        .filter(|(sq, _)| {
            free(world, who, **sq) && strike::melee_from(world, who, foe, **sq).is_some()
        })
        .map(|(&sq, &(_, cost))| (cost, sq))
        .collect();
    ends.sort();
    let target = body(world, foe).id.to_owned();
    ends.into_iter().find_map(|(_, sq)| {
        let c = Command::Charge {
            creature: me.id.to_owned(),
            target: target.clone(),
            path: path_to(reach, me.space.origin, sq),
        };
        battle.check(&c).is_ok().then_some(c)
    })
}

/// A charge at `target` for the creature whose turn it is, if one can reach it: what the window
/// sends when a player charges.
pub fn charge_command(battle: &Battle, target: &str) -> Option<Command> {
    let world = battle.world();
    let who = find(world, battle.current()?).ok()?;
    let foe = find(world, target).ok()?;
    let reach = reachable(world, who, 2 * body(world, who).stats.speed_squares());
    charge_at(battle, who, &reach, foe)
}

/// Move as close to the nearest foe as the actions left allow.
fn close_in(
    battle: &Battle,
    who: Entity,
    reach: &BTreeMap<Square, (Option<Square>, i32)>,
) -> Option<Command> {
    let world = battle.world();
    let me = body(world, who);
    let foes: Vec<Footprint> = bodies(world)
        .iter()
        .filter(|b| b.side != me.side && b.injury.can_act())
        .map(|b| b.space)
        .collect();
    let gap = |sq: Square| {
        let space = Footprint {
            origin: sq,
            side: me.space.side,
        };
        foes.iter()
            .map(|f| measure::between(space, *f))
            .min()
            .unwrap_or(0)
    };
    let now = gap(me.space.origin);
    let mut spots: Vec<(i32, i32, Square)> = reach
        .iter()
        .filter(|(sq, _)| **sq != me.space.origin && free(world, who, **sq))
        .map(|(&sq, &(_, cost))| (gap(sq), cost, sq))
        .filter(|&(g, _, _)| g < now)
        .collect();
    spots.sort();
    spots.into_iter().find_map(|(_, _, sq)| {
        let c = Command::Move {
            creature: me.id.to_owned(),
            path: path_to(reach, me.space.origin, sq),
        };
        battle.check(&c).is_ok().then_some(c)
    })
}

/// No other living creature's space there.
fn free(world: &World, who: Entity, sq: Square) -> bool {
    let me = body(world, who);
    let space = Footprint {
        origin: sq,
        side: me.space.side,
    };
    bodies(world)
        .iter()
        .all(|b| b.entity == who || b.injury == Injury::Dead || !b.space.overlaps(space))
}

/// Every square its space can walk to within `limit` squares, each with the square it came
/// from and what it cost: a search over single steps (seed 001 L95: the diagonal count carries
/// along the path), through friends but not foes.
fn reachable(world: &World, who: Entity, limit: i32) -> BTreeMap<Square, (Option<Square>, i32)> {
    let me = body(world, who);
    let (map, features, options) = (
        world.resource::<Map>(),
        world.resource::<Features>(),
        world.resource::<D20Options>(),
    );
    let foes: Vec<Occupant> = bodies(world)
        .iter()
        .filter(|b| b.entity != who && b.side != me.side && b.injury != Injury::Dead)
        .map(|b| Occupant {
            space: b.space,
            size: b.stats.size,
            ally: false,
            helpless: b.injury.is_helpless(),
        })
        .collect();
    let step = |n: &Node| -> Vec<(Node, i32)> {
        let walker = Walker {
            space: Footprint {
                origin: n.at,
                side: me.space.side,
            },
            size: me.stats.size,
            pace: Pace::Walking,
            flying: false,
        };
        steelgrid_kernel::grid::NEIGHBOURS
            .iter()
            .filter_map(|&(dx, dy)| {
                let to = Square::new(n.at.x + dx, n.at.y + dy);
                let w = walk(map, features, &walker, &foes, &[to], options).ok()?;
                let diagonal = dx != 0 && dy != 0;
                let (cost, odd) = match (diagonal, w.squares) {
                    (true, 1) => (if n.odd { 2 } else { 1 }, !n.odd),
                    (_, c) => (c, n.odd),
                };
                Some((Node { at: to, odd }, cost))
            })
            .collect()
    };
    let mut found: BTreeMap<Square, (Option<Square>, i32)> = BTreeMap::new();
    let start = Node {
        at: me.space.origin,
        odd: false,
    };
    for item in dijkstra_reach(&start, |n| step(n)).take_while(|i| i.total_cost <= limit) {
        found
            .entry(item.node.at)
            .or_insert((item.parent.map(|p| p.at), item.total_cost));
    }
    found
}

/// The squares from `from` (left out) to `to` along the search's parents.
fn path_to(
    reach: &BTreeMap<Square, (Option<Square>, i32)>,
    from: Square,
    to: Square,
) -> Vec<Square> {
    let mut path = vec![to];
    let mut at = to;
    while let Some(&(Some(parent), _)) = reach.get(&at) {
        if parent == from || path.len() > reach.len() {
            break;
        }
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}

/// What an AI run did: the decisions it made and the command the engine refused, if any.
#[derive(Debug, Default)]
pub struct AiRun {
    pub decisions: u32,
    pub refused: Option<(Command, RuleError)>,
}

/// Let the AI play `sides` until it is another side's turn, the battle ends, or `max_rounds`
/// have been played.
pub fn play(battle: &mut Battle, sides: &[Side], max_rounds: u32) -> AiRun {
    let mut run = AiRun::default();
    while battle.outcome().is_none() && battle.round() <= max_rounds {
        let Some(id) = battle.current().map(str::to_owned) else {
            break;
        };
        let side = find(battle.world(), &id).map(|e| body(battle.world(), e).side);
        if !side.is_ok_and(|s| sides.contains(&s)) {
            break;
        }
        let Some(command) = next_command(battle) else {
            break;
        };
        run.decisions += 1;
        if let Err(e) = battle.apply(command.clone()) {
            run.refused = Some((command, e));
            break;
        }
    }
    run
}

/// A way for the creature whose turn it is to walk to a square: the squares stepped through and
/// what the path has cost after each (1-2-1-2, terrain and squeezing), for the window to draw
/// as the pointer moves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Route {
    pub path: Vec<Square>,
    pub costs: Vec<i32>,
}

/// The cheapest route for the creature whose turn it is to `to`, within four times its speed.
pub fn route(battle: &Battle, to: Square) -> Option<Route> {
    let world = battle.world();
    let who = find(world, battle.current()?).ok()?;
    let me = body(world, who);
    if to == me.space.origin {
        return None;
    }
    let reach = reachable(world, who, 4 * me.stats.speed_squares());
    reach.get(&to)?;
    let path = path_to(&reach, me.space.origin, to);
    let costs = path
        .iter()
        .map(|sq| reach.get(sq).map_or(0, |r| r.1))
        .collect();
    Some(Route { path, costs })
}
