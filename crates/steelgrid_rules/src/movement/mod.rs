//! Willing movement with the Advance and Disengage move actions: one adjacent square per step,
//! each costing 1 (diagonals too), difficult terrain and enemy squares +1, crawling +1 while
//! prone, moving through allies freely, never ending in another creature's space unless the
//! sizes allow, no cutting corners, never beyond speed; shifting avoids opportunity attacks but
//! not difficult or damaging terrain (seed 002 L2570-2594, L2724-2730, L2821-2831, L1755).

pub mod burrow;
pub mod free_strike;
pub mod grab;
pub mod mount;
pub mod opportunity;
pub mod opportunity_ask;
pub mod underwater;
mod walk;

pub use walk::resolve_move;

use std::cell::RefCell;
use std::collections::HashMap;

use bevy_ecs::prelude::*;

use crate::command::RuleError;
use crate::creature::{CreatureRef, MovementMode};
use crate::grid::{Footprint, Map, NEIGHBOURS, Square, Terrain, cuts_corner};
use crate::rule::{self, Rule};

/// How a creature moves willingly.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Gait {
    /// Ordinary movement (Advance): provokes opportunity attacks.
    Move,
    /// Careful movement (Disengage and shift effects): never provokes, never into or within
    /// difficult or damaging terrain (seed 002 L2590-2594; digest A-21).
    Shift,
}

/// A checked move: where it ends, what it costs, and what happens on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AdvancePlan {
    pub to: Square,
    pub cost: u32,
    /// Damage from damaging squares, by the step (0-based) that enters them (seed 002 L2728).
    pub terrain_damage: Vec<(usize, u32)>,
    /// The enemies that may make an opportunity attack before each step (0-based).
    pub provoked: Vec<(usize, Vec<String>)>,
    /// The move ends with a fall of this many squares (a drop, or a jump into a pit).
    pub drop: Option<u32>,
    /// Side length of the mover's space.
    pub side: i32,
    /// The move was a teleport.
    pub teleport: bool,
    /// Where a flight ends: squares above the ground.
    pub altitude: Option<u32>,
    /// Where a move through the ground ends: squares below it (seed 002 L2606).
    pub depth: Option<u32>,
}

/// Check a path for `mover` against the map and the other creatures, and price it.
pub fn plan_advance(
    map: &Map,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    path: &[Square],
    gait: Gait,
    jump: u32,
) -> Result<AdvancePlan, RuleError> {
    let Some(&last) = path.last() else {
        return Err(RuleError::new(rule::ADVANCE, "the path is empty"));
    };
    if gait == Gait::Move && mover.movement.has(MovementMode::Teleport) {
        return plan_teleport(map, mover, speed, others, path);
    }
    let walk = Walk::new(map, mover, others, gait, jump);
    let mut stride = walk.start()?;
    let mut terrain_damage = Vec::new();
    let mut provoked = Vec::new();
    for (i, &square) in path.iter().enumerate() {
        let step = walk.step(&stride, square, i + 1, i + 1 == path.len())?;
        terrain_damage.extend(step.damage.into_iter().map(|d| (i, d)));
        if !step.provoked.is_empty() {
            provoked.push((i, step.provoked));
        }
        stride = step.stride;
    }
    if stride.cost > speed {
        return Err(RuleError::new(
            rule::MOVE_SPEED,
            format!(
                "the path costs {} movement but speed is {speed}",
                stride.cost
            ),
        ));
    }
    let end = Footprint {
        origin: last,
        side: mover.footprint.side,
    };
    if let Some(o) = occupant(mover, end, others) {
        return Err(RuleError::new(
            rule::MOVE_OCCUPIED,
            format!(
                "the path ends in {}'s space; only creatures two or more sizes apart can share one",
                o.id
            ),
        ));
    }
    Ok(AdvancePlan {
        to: last,
        cost: stride.cost,
        terrain_damage,
        provoked,
        drop: walk.fall_at_end(&stride),
        side: mover.footprint.side,
        teleport: false,
        altitude: None,
        depth: None,
    })
}

/// A move on foot checked one step at a time: who moves, where, among whom, and how.
struct Walk<'a> {
    map: &'a Map,
    mover: &'a CreatureRef,
    others: &'a [CreatureRef],
    gait: Gait,
    jump: u32,
    /// Whether each enemy's free strike against the mover standing in a space would go without
    /// a bane, by (enemy's place in `others`, the space's corner, height): the same for every path that
    /// leaves that space, and the costliest part of an opportunity-attack check (cover).
    unbaned: RefCell<HashMap<(usize, Square, i32), bool>>,
}

/// Where a walk stands after some steps: the mover's space, its heights and the movement spent.
#[derive(Clone, Copy, Debug)]
struct Stride {
    at: Footprint,
    heights: Heights,
    cost: u32,
}

/// One step of a walk: where it leaves the mover, the damage of each damaging square it
/// enters, and the enemies that may make an opportunity attack before it.
struct Step {
    stride: Stride,
    damage: Vec<u32>,
    provoked: Vec<String>,
}

impl<'a> Walk<'a> {
    fn new(
        map: &'a Map,
        mover: &'a CreatureRef,
        others: &'a [CreatureRef],
        gait: Gait,
        jump: u32,
    ) -> Self {
        Walk {
            map,
            mover,
            others,
            gait,
            jump,
            unbaned: RefCell::default(),
        }
    }

    /// Where the walk starts; a shift can't start in difficult or damaging terrain.
    fn start(&self) -> Result<Stride, RuleError> {
        let at = self.mover.footprint;
        if self.gait == Gait::Shift
            && let Some(sq) = hazard(self.map, at)
        {
            return Err(RuleError::new(
                rule::SHIFT,
                format!(
                    "{} is in difficult or damaging terrain at {sq} and can't shift out of it",
                    self.mover.id
                ),
            ));
        }
        Ok(Stride {
            at,
            heights: Heights {
                z: self.map.ground_under(at),
                gap: None,
                drop: None,
            },
            cost: 0,
        })
    }

    /// Step `n` of the path, into `square` (the `last` step or not), from `from`.
    fn step(&self, from: &Stride, square: Square, n: usize, last: bool) -> Result<Step, RuleError> {
        let (map, mover, at) = (self.map, self.mover, from.at);
        let next = Footprint {
            origin: square,
            side: at.side,
        };
        let mut heights = from.heights;
        check_step(map, at, next, n, heights.z)?;
        let z_from = heights.z;
        let climbed = heights.step(map, at, next, n, last)?;
        // Mid-leap or stepping off a ledge, the mover is still at the height it left from: the
        // fall that follows draws no opportunity attack (seed 002 L2714; digest §30.1).
        let z_to = if heights.gap.is_some() || heights.drop.is_some() {
            z_from
        } else {
            heights.z
        };
        if let Some(width) = heights.gap
            && width > self.jump
        {
            return Err(RuleError::new(
                rule::MOVE_JUMP,
                format!(
                    "step {n}: a gap of {width} squares is wider than the {}-square jump",
                    self.jump
                ),
            ));
        }
        let entered: Vec<Square> = next.squares().filter(|&s| !at.contains(s)).collect();
        let cost = step_cost(
            map,
            mover,
            self.others,
            self.gait,
            (next, &entered),
            climbed,
            n,
        )?;
        let damage = entered
            .iter()
            .filter_map(|&s| match map.terrain(s) {
                Some(Terrain::Damaging { damage }) => Some(damage),
                _ => None,
            })
            .collect();
        let provoked = match self.gait {
            Gait::Move => opportunity::provoked_by(
                mover,
                (at, z_from),
                (next, z_to),
                self.others,
                |i, striker, at_start| {
                    *self
                        .unbaned
                        .borrow_mut()
                        .entry((i, at_start.footprint.origin, at_start.z))
                        .or_insert_with(|| {
                            opportunity::strikes_without_bane(map, striker, at_start, self.others)
                        })
                },
            ),
            Gait::Shift => Vec::new(),
        };
        Ok(Step {
            stride: Stride {
                at: next,
                heights,
                cost: from.cost + cost,
            },
            damage,
            provoked,
        })
    }

    /// The fall a walk that stops at `end` ends with: a drop off its last step, or a jump
    /// that ends over the pit falling short into it.
    fn fall_at_end(&self, end: &Stride) -> Option<u32> {
        let Heights { z, gap, drop } = end.heights;
        match gap {
            Some(_) => Some((z - self.map.ground_under(end.at)) as u32),
            None => drop,
        }
    }
}

/// The first square of `fp` in difficult or damaging terrain.
fn hazard(map: &Map, fp: Footprint) -> Option<Square> {
    fp.squares().find(|&s| {
        matches!(
            map.terrain(s),
            Some(Terrain::Difficult | Terrain::Damaging { .. })
        )
    })
}

/// Step `n` on foot from height `z`: to an adjacent square on the map, into no wall or object,
/// cutting no corner of one that stands above `z`.
fn check_step(
    map: &Map,
    at: Footprint,
    next: Footprint,
    n: usize,
    z: i32,
) -> Result<(), RuleError> {
    let step = next.origin;
    if at.origin.distance(step) != 1 {
        return Err(RuleError::new(
            rule::ADVANCE,
            format!("step {n} to {step} is not adjacent to {}", at.origin),
        ));
    }
    check_entry(map, next, n, rule::ADVANCE)?;
    if cuts_corner(at, (step.x - at.origin.x, step.y - at.origin.y), |s| {
        map.solid_at(s, z)
    }) {
        return Err(RuleError::new(
            rule::MOVE_CORNERS,
            format!("step {n} to {step} would cut the corner of a wall or object"),
        ));
    }
    Ok(())
}

/// The heights along a path (seed 002 L2644-2682): a step of 1 up or down is walking; higher
/// ground is climbed at 2 movement per square; a gap of pits no wider than the jump is leapt
/// at the same height; a drop of 2 or more ends the move with a fall.
#[derive(Clone, Copy, Debug)]
struct Heights {
    /// The height the mover is at.
    z: i32,
    /// Squares of pit leapt so far, mid-jump.
    gap: Option<u32>,
    /// The drop at the end of the path.
    drop: Option<u32>,
}

impl Heights {
    /// Step from `at` into `next` (the `last` of the path or not): the squares climbed.
    fn step(
        &mut self,
        map: &Map,
        at: Footprint,
        next: Footprint,
        n: usize,
        last: bool,
    ) -> Result<u32, RuleError> {
        let step = next.origin;
        let (g, z) = (map.ground_under(next), self.z);
        if let Some(width) = self.gap {
            if g < z - 1 {
                self.gap = Some(width + 1);
            } else if (g - z).abs() <= 1 {
                self.gap = None;
                self.z = g;
            } else {
                return Err(RuleError::new(
                    rule::MOVE_ELEVATION,
                    format!(
                        "step {n}: a jump can't land on {step}, {} squares higher",
                        g - z
                    ),
                ));
            }
            return Ok(0);
        }
        if g < z - 1 {
            let over_pit = next
                .squares()
                .any(|s| matches!(map.terrain(s), Some(Terrain::Pit { .. })));
            if over_pit && !last {
                if let Some(sq) = hazard(map, at) {
                    return Err(RuleError::new(
                        rule::MOVE_JUMP,
                        format!("step {n}: no jumping out of difficult or damaging terrain ({sq})"),
                    ));
                }
                self.gap = Some(1);
            } else if last {
                self.drop = Some((z - g) as u32);
                self.z = g;
            } else {
                return Err(RuleError::new(
                    rule::MOVE_ELEVATION,
                    format!(
                        "step {n} to {step} drops {} squares; a drop ends the move",
                        z - g
                    ),
                ));
            }
            return Ok(0);
        }
        self.z = g;
        // A wall or object of a given height is climbed, never walked up, however low
        // (seed 002 L2646: climbing; L1474-1478: walls stacked for height).
        let onto_wall = next
            .squares()
            .any(|s| map.is_stacked(s) && map.ground(s) == Some(g));
        Ok(if g > z + 1 || (onto_wall && g > z) {
            (g - z) as u32
        } else {
            0
        })
    }
}

/// What entering the squares `entered` of `next` costs: 1, or 2 a square climbed or swum
/// without the mode (seed 002 L2646-2648); +1 in difficult terrain or an enemy's square (seed
/// 002 L2578); +1 crawling while prone (seed 002 L1755). A shift enters neither.
fn step_cost(
    map: &Map,
    mover: &CreatureRef,
    others: &[CreatureRef],
    gait: Gait,
    (next, entered): (Footprint, &[Square]),
    climbed: u32,
    n: usize,
) -> Result<u32, RuleError> {
    let difficult = entered
        .iter()
        .any(|&s| map.terrain(s) == Some(Terrain::Difficult));
    let through_enemy = others.iter().any(|o| {
        o.side != mover.side
            && o.vitality.can_act()
            && !burrow::underground(o)
            && entered.iter().any(|&s| o.footprint.contains(s))
    });
    if gait == Gait::Shift
        && let Some(sq) = hazard(map, next).or_else(|| through_enemy.then_some(next.origin))
    {
        return Err(RuleError::new(
            rule::SHIFT,
            format!("step {n}: a shift can't enter difficult or damaging terrain ({sq})"),
        ));
    }
    let swimming = entered
        .iter()
        .any(|&s| matches!(map.terrain(s), Some(Terrain::Water { .. })));
    let base = if climbed > 0 {
        climbed
            * if mover.movement.has(MovementMode::Climb) {
                1
            } else {
                2
            }
    } else if swimming && !mover.movement.has(MovementMode::Swim) {
        2
    } else {
        1
    };
    Ok(base + u32::from(difficult || through_enemy) + u32::from(mover.prone))
}

/// A teleporter's Advance: straight to a destination within its usual speed that it has line
/// of effect to and that no creature or object fills, ignoring everything between; it provokes
/// nothing (seed 002 L2696-2708).
pub(crate) fn plan_teleport(
    map: &Map,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    path: &[Square],
) -> Result<AdvancePlan, RuleError> {
    let [to] = path else {
        return Err(RuleError::new(
            rule::TELEPORT,
            format!("{} teleports: name only the destination", mover.id),
        ));
    };
    let dest = Footprint {
        origin: *to,
        side: mover.footprint.side,
    };
    let distance = mover.footprint.distance(dest);
    if dest.origin == mover.footprint.origin {
        return Err(RuleError::new(
            rule::TELEPORT,
            "a teleport must leave its square",
        ));
    }
    if distance > speed {
        return Err(RuleError::new(
            rule::TELEPORT,
            format!(
                "{to} is {distance} squares away; {} teleports up to {speed}",
                mover.id
            ),
        ));
    }
    if !map.footprint_in_bounds(dest) {
        return Err(RuleError::new(
            rule::TELEPORT,
            format!("{to} is off the map"),
        ));
    }
    if let Some(sq) = dest.squares().find(|&s| map.is_solid(s)) {
        return Err(RuleError::new(
            rule::TELEPORT,
            format!(
                "{sq} is filled by a {}",
                map.terrain(sq).map_or("wall", Terrain::name)
            ),
        ));
    }
    if let Some(o) = others
        .iter()
        .find(|o| !o.vitality.is_down() && o.footprint.overlaps(dest))
    {
        return Err(RuleError::new(
            rule::TELEPORT,
            format!("{} stands at {to}", o.id),
        ));
    }
    if !map.line_of_effect(mover.footprint, dest) {
        return Err(RuleError::new(
            rule::LINE_OF_EFFECT,
            format!("{} has no line of effect to {to}", mover.id),
        ));
    }
    Ok(AdvancePlan {
        to: *to,
        cost: distance,
        terrain_damage: Vec::new(),
        provoked: Vec::new(),
        drop: None,
        side: mover.footprint.side,
        teleport: true,
        altitude: None,
        depth: None,
    })
}

/// A flight: each step to an adjacent square and at most 1 up or down, never into a wall,
/// object or the ground, 1 movement a square (+1 through an enemy's space), opportunity
/// attacks when leaving an enemy's reach, and no ending inside another creature's space
/// (seed 002 L2688-2694; distances in three dimensions, digest A-8).
pub fn plan_flight(
    map: &Map,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    path: &[(i32, i32, i32)],
) -> Result<AdvancePlan, RuleError> {
    if !mover.movement.has(MovementMode::Fly) && !mover.movement.has(MovementMode::Hover) {
        return Err(RuleError::new(rule::FLY, format!("{} can't fly", mover.id)));
    }
    let Some(&(lx, ly, lz)) = path.last() else {
        return Err(RuleError::new(rule::FLY, "the path is empty"));
    };
    let (mut at, mut z) = (mover.footprint, mover.z);
    let mut cost = 0;
    let mut provoked = Vec::new();
    let body = |fp: Footprint, z: i32| CreatureRef {
        footprint: fp,
        z,
        ..mover.clone()
    };
    for (i, &(x, y, h)) in path.iter().enumerate() {
        let n = i + 1;
        let next = Footprint {
            origin: Square::new(x, y),
            side: at.side,
        };
        let (dx, dy, dz) = (x - at.origin.x, y - at.origin.y, h - z);
        if dx.abs() > 1 || dy.abs() > 1 || dz.abs() > 1 || (dx, dy, dz) == (0, 0, 0) {
            return Err(RuleError::new(
                rule::FLY,
                format!(
                    "step {n} to ({x}, {y}, {h}) is not next to ({}, {}, {z})",
                    at.origin.x, at.origin.y
                ),
            ));
        }
        check_entry(map, next, n, rule::FLY)?;
        if cuts_corner(at, (dx, dy), |s| map.is_solid(s)) {
            return Err(RuleError::new(
                rule::MOVE_CORNERS,
                format!("step {n} would cut the corner of a wall or object"),
            ));
        }
        if h < map.ground_under(next) {
            let into = match next.squares().find(|&s| map.solid_at(s, h)) {
                Some(sq) => format!(
                    "into the {} at {sq}, below its top",
                    map.terrain(sq).map_or("wall", Terrain::name)
                ),
                None => "into the ground".to_owned(),
            };
            return Err(RuleError::new(
                rule::FLY,
                format!("step {n} would go {into}"),
            ));
        }
        let there = body(next, h);
        let through_enemy = others
            .iter()
            .any(|o| o.side != mover.side && o.vitality.can_act() && o.gap(&there) == 0);
        cost += 1 + u32::from(through_enemy);
        let who = opportunity::provoked(map, mover, (at, z), (next, h), others);
        if !who.is_empty() {
            provoked.push((i, who));
        }
        at = next;
        z = h;
    }
    if cost > speed {
        return Err(RuleError::new(
            rule::MOVE_SPEED,
            format!("the flight costs {cost} movement but speed is {speed}"),
        ));
    }
    let end = body(at, lz);
    if let Some(o) = others.iter().find(|o| {
        !o.vitality.is_down() && o.gap(&end) == 0 && !mover.size.may_share_space_with(o.size)
    }) {
        return Err(RuleError::new(
            rule::MOVE_OCCUPIED,
            format!("the flight ends in {}'s space", o.id),
        ));
    }
    Ok(AdvancePlan {
        to: Square::new(lx, ly),
        cost,
        terrain_damage: Vec::new(),
        provoked,
        drop: None,
        side: mover.footprint.side,
        teleport: false,
        altitude: Some((lz - map.ground_under(at)) as u32),
        depth: None,
    })
}

/// Step `n` may only enter a space inside the map with no wall or solid object in it.
fn check_entry(map: &Map, next: Footprint, n: usize, rule: Rule) -> Result<(), RuleError> {
    if !map.footprint_in_bounds(next) {
        return Err(RuleError::new(
            rule,
            format!("step {n} to {} leaves the map", next.origin),
        ));
    }
    if let Some(sq) = next.squares().find(|&s| map.is_solid(s)) {
        let what = map.terrain(sq).map_or("wall", Terrain::name);
        return Err(RuleError::new(rule, format!("step {n}: {sq} is a {what}")));
    }
    Ok(())
}

/// Another creature whose space `mover` may not end its move in (seed 002 L2578).
fn occupant<'a>(
    mover: &CreatureRef,
    end: Footprint,
    others: &'a [CreatureRef],
) -> Option<&'a CreatureRef> {
    others.iter().find(|o| {
        !o.vitality.is_down()
            && o.footprint.overlaps(end)
            && !burrow::underground(o)
            && !mover.size.may_share_space_with(o.size)
    })
}

/// A square a creature can move to, with the cheapest path there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reach {
    pub square: Square,
    pub cost: u32,
    pub path: Vec<Square>,
    /// Someone may make an opportunity attack on the way.
    pub provokes: bool,
    /// The move ends with a fall.
    pub falls: bool,
}

/// Every square `mover` can end a move on with `speed`, each with a cheapest path (ties go to
/// the path that provokes fewer opportunity attacks), for the client's movement overlay and the
/// AI. The search walks each path one step further with the same checks [`plan_advance`]
/// makes, so an offered square is always legal, and a step is checked once, not once for
/// every path through it.
pub fn reachable(
    map: &Map,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    gait: Gait,
    jump: u32,
) -> Vec<Reach> {
    use std::cmp::Reverse;
    use std::collections::{BTreeMap, BinaryHeap};
    let start = mover.footprint.origin;
    if gait == Gait::Move && mover.movement.has(MovementMode::Teleport) {
        let r = speed as i32;
        return (start.y - r..=start.y + r)
            .flat_map(|y| (start.x - r..=start.x + r).map(move |x| Square::new(x, y)))
            .filter_map(|sq| {
                let plan = plan_teleport(map, mover, speed, others, &[sq]).ok()?;
                Some(Reach {
                    square: sq,
                    cost: plan.cost,
                    path: vec![sq],
                    provokes: false,
                    falls: false,
                })
            })
            .collect();
    }
    let walk = Walk::new(map, mover, others, gait, jump);
    let Ok(origin) = walk.start() else {
        return Vec::new();
    };
    // Search through squares one may pass (allies freely, enemies as difficult terrain), then
    // keep the ends that are free. Each entry: the path priced as ending there (cost,
    // opportunity attacks, a fall), and the walk before its last step with the attacks drawn
    // so far, to walk on from.
    let mut best: BTreeMap<Square, (u32, usize)> = BTreeMap::new();
    let mut heap = BinaryHeap::new();
    heap.push(Reverse((
        0u32,
        0usize,
        start,
        Vec::<Square>::new(),
        false,
        Before(origin, 0),
    )));
    let mut out = Vec::new();
    while let Some(Reverse((cost, provokes, sq, path, falls, Before(before, drawn)))) = heap.pop() {
        if best.get(&sq).is_some_and(|b| *b <= (cost, provokes)) && !path.is_empty() {
            continue;
        }
        best.insert(sq, (cost, provokes));
        let end = Footprint {
            origin: sq,
            side: mover.footprint.side,
        };
        if !path.is_empty() && occupant(mover, end, others).is_none() {
            out.push(Reach {
                square: sq,
                cost,
                path: path.clone(),
                provokes: provokes > 0,
                falls,
            });
        }
        if cost >= speed {
            continue;
        }
        // The same path with more to come: its last step is no longer the last.
        let (here, drawn) = if path.is_empty() {
            (origin, 0)
        } else {
            match walk.step(&before, sq, path.len(), false) {
                Ok(step) => (step.stride, drawn + step.provoked.len()),
                Err(_) => continue,
            }
        };
        for (dx, dy) in NEIGHBOURS {
            let next = Square::new(sq.x + dx, sq.y + dy);
            if next == start || best.contains_key(&next) {
                continue;
            }
            let Ok(step) = walk.step(&here, next, path.len() + 1, true) else {
                continue;
            };
            if step.stride.cost <= speed {
                let mut p = path.clone();
                p.push(next);
                let entry = (
                    step.stride.cost,
                    drawn + step.provoked.len(),
                    next,
                    p,
                    walk.fall_at_end(&step.stride).is_some(),
                    Before(here, drawn),
                );
                heap.push(Reverse(entry));
            }
        }
    }
    out.sort_by_key(|r| (r.square.y, r.square.x));
    out
}

/// The walk before a search entry's last step, and the opportunity attacks drawn on it. It
/// follows from the entry's path, so it takes no part in the search's order.
#[derive(Debug)]
struct Before(Stride, usize);

impl PartialEq for Before {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Before {}

impl PartialOrd for Before {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Before {
    fn cmp(&self, _: &Self) -> std::cmp::Ordering {
        std::cmp::Ordering::Equal
    }
}

/// The plan made while validating an Advance, handed to the command stage.
#[derive(Clone, Debug)]
pub struct CheckedAdvance(pub AdvancePlan, pub Option<Drag>);

/// A grabbed creature dragged along by its grabber: where it ends.
#[derive(Clone, Copy, Debug)]
pub struct Drag {
    pub creature: Entity,
    pub to: Square,
}
