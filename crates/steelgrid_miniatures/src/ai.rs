//! The AI for either warband: it uses its champion's powers as soon as a window allows, takes
//! the first turn when it wins initiative, activates first the creature that can hurt an enemy
//! most, attacks where the expected damage (hit chance × damage, areas counting allies against
//! it) is best, charges when nothing is in reach, and otherwise walks toward the nearest enemy
//! or an unheld victory area. Every command it proposes is checked by the engine first, so it
//! never sends a refused one.

use std::collections::HashMap;

use pathfinding::prelude::dijkstra_all;
use steelgrid_kernel::grid::{Footprint, Square, cuts_corner};

use crate::area::distance;
use crate::battle::{Battle, Command, MiniView, Phase};
use crate::card::{Attack, Shape};
use crate::movement::AttackIcon;
use crate::movement::terrain::Terrain;
use crate::round::{Player, Slot};

/// The command the AI gives for whoever decides now; none once the skirmish is over.
pub fn next_command(battle: &Battle) -> Option<Command> {
    let s = battle.skirmish();
    let command = match &s.phase {
        Phase::Over => return None,
        // Its own start area, and the scenario's places in it.
        Phase::StartArea { picker } => Command::StartArea {
            area: picker.index(),
        },
        Phase::Deploy { .. } => Command::EndDeployment,
        Phase::Window { .. } => battle
            .usable_powers()
            .into_iter()
            .next()
            .map_or(Command::Pass, |power| Command::ChampionPower { power }),
        Phase::FirstTurn { winner } => Command::FirstTurn { player: *winner },
        Phase::Block { block, .. } => activation(battle, block.player)?,
        Phase::Turn { turn, .. } => {
            act(battle, turn.creature, turn.budget).unwrap_or(Command::EndTurn)
        }
    };
    Some(command)
}

/// The creature to activate: the one with the best attack now, else the one nearest an enemy.
fn activation(battle: &Battle, player: Player) -> Option<Command> {
    let minis = battle.minis();
    let options = battle.options().area;
    let waiting = minis
        .iter()
        .filter(|m| m.player == player && !m.destroyed && !m.activated);
    let nearest = |m: &MiniView| {
        minis
            .iter()
            .filter(|e| e.player != player && !e.destroyed)
            .map(|e| distance(m.space, e.space, options))
            .min()
            .unwrap_or(u32::MAX)
    };
    waiting
        .min_by_key(|m| (nearest(m), u32::MAX - m.cost))
        .map(|m| Command::Activate {
            creature: m.id.clone(),
        })
}

/// What creature `i` does next with what is left of its turn.
fn act(battle: &Battle, i: usize, budget: crate::round::Budget) -> Option<Command> {
    if budget.has(Slot::Attack) {
        if let Some(best) = best_attack(battle, i) {
            return Some(best);
        }
        if budget.has(Slot::Move)
            && let Some(charge) = charge(battle, i)
        {
            return Some(charge);
        }
    }
    if budget.has(Slot::Move) || budget.has(Slot::Attack) {
        return advance(battle, i);
    }
    None
}

/// The attack with the highest expected damage, if any is worth making.
fn best_attack(battle: &Battle, i: usize) -> Option<Command> {
    let s = battle.skirmish();
    let me = &s.minis[i];
    let minis = battle.minis();
    let mut best: Option<(f32, Command)> = None;
    let mut consider = |value: f32, command: Command| {
        if value > best.as_ref().map_or(0.5, |b| b.0) && battle.check(&command).is_ok() {
            best = Some((value, command));
        }
    };
    for attack in &me.card.attacks {
        match attack.shape {
            None => {
                for e in minis
                    .iter()
                    .filter(|e| !e.destroyed && s.enemies(i, index(battle, &e.id)))
                {
                    let command = Command::Attack {
                        attack: attack.name.clone(),
                        target: e.id.clone(),
                    };
                    consider(expected(battle, &me.id, attack, e), command);
                }
            }
            Some(shape) => {
                for at in aim_points(battle, i, attack, shape, &minis) {
                    let Ok(squares) = battle.area_preview(&attack.name, at, None) else {
                        continue;
                    };
                    let value: f32 = minis
                        .iter()
                        .filter(|m| !m.destroyed && m.id != me.id)
                        .filter(|m| m.space.squares().any(|sq| squares.contains(&sq)))
                        .map(|m| {
                            let hurt = expected(battle, &me.id, attack, m);
                            if s.enemies(i, index(battle, &m.id)) {
                                hurt
                            } else {
                                -1.5 * hurt
                            }
                        })
                        .sum();
                    let command = Command::Area {
                        attack: attack.name.clone(),
                        at,
                        from: None,
                    };
                    consider(value, command);
                }
            }
        }
    }
    best.map(|b| b.1)
}

fn index(battle: &Battle, id: &str) -> usize {
    battle
        .skirmish()
        .minis
        .iter()
        .position(|m| m.id == id)
        .unwrap_or(0)
}

/// Hit chance × damage, with a bonus for finishing the target.
fn expected(battle: &Battle, attacker: &str, attack: &Attack, target: &MiniView) -> f32 {
    let Ok(p) = battle.preview(attacker, &attack.name, &target.id) else {
        return 0.0;
    };
    let chance = p.hit_chance as f32 / 100.0;
    let kill = if attack.damage >= target.hit_points {
        target.cost as f32
    } else {
        0.0
    };
    chance * (attack.damage as f32 + kill)
}

/// Squares worth aiming an area at: the user's own square for a close burst, else every
/// enemy's squares.
fn aim_points(
    battle: &Battle,
    i: usize,
    attack: &Attack,
    shape: Shape,
    minis: &[MiniView],
) -> Vec<Square> {
    let s = battle.skirmish();
    if matches!(shape, Shape::Burst(_)) && attack.icon == AttackIcon::Close {
        return vec![s.minis[i].space.origin];
    }
    minis
        .iter()
        .filter(|m| !m.destroyed && s.enemies(i, index(battle, &m.id)))
        .flat_map(|m| m.space.squares())
        .collect()
}

/// A charge at the nearest enemy the engine accepts.
fn charge(battle: &Battle, i: usize) -> Option<Command> {
    let s = battle.skirmish();
    let me = &s.minis[i];
    let reach = reachable(battle, i, me.card.speed);
    let mut enemies: Vec<_> = s
        .standing()
        .filter(|&(j, _)| s.enemies(i, j))
        .map(|(j, m)| (distance(me.space, m.space, battle.options().area), j))
        .collect();
    enemies.sort();
    for (_, j) in enemies.into_iter().take(3) {
        let target = s.minis[j].space;
        let mut ends: Vec<Square> = reach
            .keys()
            .copied()
            .filter(|&o| {
                Footprint {
                    origin: o,
                    ..me.space
                }
                .is_adjacent(target)
            })
            .collect();
        ends.sort_by_key(|&o| (reach[&o].1, o.y, o.x));
        for end in ends.into_iter().take(4) {
            let command = Command::Charge {
                target: s.minis[j].id.clone(),
                path: path_to(&reach, me.space.origin, end),
            };
            if battle.check(&command).is_ok() {
                return Some(command);
            }
        }
    }
    None
}

/// A move toward the nearest enemy, or toward a victory area it is nearer to and its warband
/// does not hold alone.
fn advance(battle: &Battle, i: usize) -> Option<Command> {
    let s = battle.skirmish();
    let me = &s.minis[i];
    if me.riding.is_some() {
        return None;
    }
    let speed = me.card.speed + s.warbands[me.owner.index()].boost_speed();
    let reach = reachable(battle, i, speed.max(1));
    if reach.len() <= 1 {
        return None;
    }
    let options = battle.options().area;
    let ranged = me
        .card
        .attacks
        .iter()
        .filter(|a| !a.melee())
        .map(|a| a.range)
        .max();
    let enemies: Vec<Footprint> = s
        .standing()
        .filter(|&(j, _)| s.enemies(i, j))
        .map(|(_, m)| m.space)
        .collect();
    let goal = |o: Square| {
        let space = Footprint {
            origin: o,
            ..me.space
        };
        let foe = enemies
            .iter()
            .map(|&e| distance(space, e, options))
            .min()
            .unwrap_or(0);
        let want = match ranged {
            Some(r) => foe.abs_diff(r.min(6)),
            None => foe.saturating_sub(1),
        };
        let area = s
            .areas
            .iter()
            .map(|a| a.squares().map(|sq| Square::new(sq.x - o.x, sq.y - o.y)))
            .flat_map(|d| d.map(|v| v.x.unsigned_abs().max(v.y.unsigned_abs())))
            .min()
            .unwrap_or(u32::MAX);
        want.min(area.saturating_add(2))
    };
    let here = goal(me.space.origin);
    let mut ends: Vec<Square> = reach
        .keys()
        .copied()
        .filter(|&o| o != me.space.origin && reach[&o].1 <= speed)
        .collect();
    ends.sort_by_key(|&o| (goal(o), reach[&o].1, o.y, o.x));
    for end in ends.into_iter().take(6) {
        if goal(end) >= here {
            break;
        }
        let command = Command::Move {
            path: path_to(&reach, me.space.origin, end),
        };
        if battle.check(&command).is_ok() {
            return Some(command);
        }
    }
    None
}

/// Every origin creature `i` can walk to within `speed`, each with the square it came from and
/// the cost so far: 1 a step, 1 more into a slowing square newly entered (seed 000 L79-88).
fn reachable(battle: &Battle, i: usize, speed: u32) -> HashMap<Square, (Square, u32)> {
    let s = battle.skirmish();
    let me = &s.minis[i];
    let map = battle.map();
    let features = battle.features();
    let terrain = |sq: Square| {
        map.terrain(sq)
            .map(|k| features.at(sq).unwrap_or_else(|| Terrain::from_kernel(k)))
    };
    let blocked_by_enemy = |sq: Square| {
        s.standing()
            .any(|(j, m)| s.enemies(i, j) && m.space.contains(sq))
    };
    let taken = |space: Footprint| {
        s.standing().any(|(j, m)| {
            j != i && me.riding != Some(j) && m.riding != Some(i) && m.space.overlaps(space)
        })
    };
    let side = me.space.side;
    let successors = |&(o, cost): &(Square, u32)| {
        let from = Footprint { origin: o, side };
        let mut next = Vec::new();
        for dy in -1..=1 {
            for dx in -1..=1 {
                if dx == 0 && dy == 0 {
                    continue;
                }
                let to = Footprint {
                    origin: Square::new(o.x + dx, o.y + dy),
                    side,
                };
                let ok = to.squares().all(|sq| {
                    terrain(sq).is_some_and(|t| !t.blocks_walking() && t != Terrain::Pit)
                        && !blocked_by_enemy(sq)
                });
                let solid = |sq: Square| terrain(sq).is_none_or(|t| t.blocks_walking());
                if !ok || cuts_corner(from, (dx, dy), solid) {
                    continue;
                }
                let extra = to
                    .squares()
                    .filter(|&sq| !from.contains(sq))
                    .any(|sq| terrain(sq).is_some_and(Terrain::slows));
                let step = 1 + u32::from(extra);
                if cost + step <= speed {
                    next.push(((to.origin, cost + step), step));
                }
            }
        }
        next
    };
    // Sorted, so equal routes are chosen the same way every time (the map's order is random).
    let mut all: Vec<_> = dijkstra_all(&(me.space.origin, 0), successors)
        .into_iter()
        .map(|((o, c), ((parent, _), cost))| (o, c, parent, cost))
        .collect();
    all.sort_by_key(|&(o, c, parent, cost)| (cost, o.y, o.x, c, parent.y, parent.x));
    let mut out: HashMap<Square, (Square, u32)> = HashMap::new();
    out.insert(me.space.origin, (me.space.origin, 0));
    for &(o, _, parent, cost) in &all {
        let end = Footprint { origin: o, side };
        if taken(end) {
            continue;
        }
        if out.get(&o).is_none_or(|&(_, c)| cost < c) {
            out.insert(o, (parent, cost));
        }
    }
    // Parents may be squares it only passes through (an ally's): keep them for the path.
    for &(o, _, parent, cost) in &all {
        out.entry(o).or_insert((parent, cost + 1_000));
    }
    out
}

/// The path from `start` to `end` through the parents in `reach`.
fn path_to(reach: &HashMap<Square, (Square, u32)>, start: Square, end: Square) -> Vec<Square> {
    let mut path = vec![end];
    let mut at = end;
    while let Some(&(parent, _)) = reach.get(&at) {
        if parent == start || path.len() > 64 {
            break;
        }
        path.push(parent);
        at = parent;
    }
    path.reverse();
    path
}

/// What an AI-against-AI run came to.
#[derive(Clone, Debug, PartialEq)]
pub struct AiRun {
    pub commands: usize,
    /// A command the AI proposed that the engine refused (a bug if ever non-empty).
    pub refused: Vec<String>,
}

/// Let the AI play `players` until someone else must decide, the skirmish ends or
/// `max_commands` pass.
pub fn play(battle: &mut Battle, players: &[Player], max_commands: usize) -> AiRun {
    let mut run = AiRun {
        commands: 0,
        refused: Vec::new(),
    };
    while run.commands < max_commands {
        let Some(p) = battle.deciding() else { break };
        if !players.contains(&p) {
            break;
        }
        let Some(command) = next_command(battle) else {
            break;
        };
        run.commands += 1;
        if let Err(e) = battle.apply(command.clone()) {
            run.refused.push(format!("{command:?}: {e}"));
            if battle.apply(Command::EndTurn).is_err() && battle.apply(Command::Pass).is_err() {
                break;
            }
        }
    }
    run
}
