//! Forced movement: push, pull and slide; stability; big versus little; slamming into creatures,
//! walls, objects and ledges; hurling through objects; being forced off a ledge into a fall
//! (seed 002 L2738-2819, L2710-2722).
//!
//! [`plan`] is a pure function of the board: the engine resolves a forced movement by applying
//! the plan it returns, and the same plan is the prediction the client and the AI show before a
//! player commits, so the two cannot disagree.

pub use crate::terms::forced::{Distance, ForcedKind, PendingForced, object_square, object_target};

pub mod falling;
mod plan;
pub mod resolution;

pub use plan::plan;

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use crate::command::{Command, RuleError};
use crate::creature::{Side, Vitality};
use crate::grid::{Footprint, Map, Material, NEIGHBOURS as STEPS, Size, Square};
use crate::rule::{self, Rule};

/// A creature as forced movement sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Body {
    pub id: String,
    pub side: Side,
    pub footprint: Footprint,
    pub size: Size,
    /// Height of the bottom of its space.
    pub z: i32,
    pub agility: i32,
    pub might: i32,
    /// Its stability score.
    pub stability: u32,
    /// What effects add to or take from its stability; the total never drops below 0
    /// (seed 002 L2811).
    pub stability_change: i32,
    pub vitality: Vitality,
    /// The creature grabbing it: only that one can force-move it (seed 002 L1745).
    pub grabbed_by: Option<String>,
    /// Restrained: it can't be force-moved at all (seed 002 L1761).
    pub restrained: bool,
    /// Squares above the ground it starts at.
    pub altitude: u32,
    /// It can fly, so it does not fall when left in the air (seed 002 L2690, L2758).
    pub flies: bool,
    /// It rides or climbs another creature: moved, it is knocked off and comes down after the
    /// movement as its hold-on roll says, not as a plain fall (seed 002 L3129; digest A-18).
    pub rider: bool,
    /// Squares its space starts below the ground, burrowing (seed 002 L2640-2642).
    pub depth: u32,
    /// Not a creature but an object of this material, moved as a creature is (seed 002 L2740,
    /// L2768).
    pub object: Option<Material>,
}

impl Body {
    /// Dead creatures are objects on the floor; they stop nothing.
    fn blocks(&self) -> bool {
        self.vitality != Vitality::Dead
    }

    fn height(&self) -> i32 {
        self.size.side()
    }

    /// The square a moved object starts in: the map still shows it solid, but it is the
    /// object itself and leaves it.
    fn vacates(&self, square: Square) -> bool {
        self.object.is_some() && square == self.footprint.origin
    }

    /// An object built from a square of the map, for forced movement: a 1-square object is
    /// taken as size 1M on the size ladder, the size of a creature filling the same square
    /// (digest §2; the seed gives objects sizes by the squares they fill).
    pub fn object(square: Square, material: Material, z: i32) -> Body {
        Body {
            id: object_target(square),
            side: Side::Director,
            footprint: Footprint {
                origin: square,
                side: 1,
            },
            size: Size::Medium,
            z,
            agility: 0,
            might: 0,
            stability: 0,
            stability_change: 0,
            vitality: Vitality::Healthy,
            grabbed_by: None,
            restrained: false,
            altitude: 0,
            flies: false,
            rider: false,
            depth: 0,
            object: Some(material),
        }
    }

    /// Fully underground, burrowing (seed 002 L2618).
    pub fn underground(&self) -> bool {
        crate::terms::movement::fully_underground(self.depth, self.size)
    }

    /// Stability with its effects counted, never below 0 (seed 002 L2811).
    pub fn effective_stability(&self) -> u32 {
        (self.stability as i32 + self.stability_change).max(0) as u32
    }

    /// Squares between its space standing at height `z` on `at` and `other`'s space: Chebyshev
    /// distance between their nearest cubes, height included (digest A-8).
    fn gap(&self, at: Footprint, z: i32, other: &Body) -> u32 {
        let vertical = (other.z - (z + self.height() - 1))
            .max(z - (other.z + other.height() - 1))
            .max(0) as u32;
        at.distance(other.footprint).max(vertical)
    }
}

/// The battlefield as forced movement sees it.
#[derive(Clone, Debug)]
pub struct Board<'a> {
    pub map: &'a Map,
    /// Dirt and stone under the map, for burrowers (seed 002 L2606).
    pub ground: &'a crate::terms::movement::Ground,
    pub bodies: Vec<Body>,
    /// The optional rule that a moved object takes damage as a creature would
    /// (seed 002 L2782-2790).
    pub track_object_damage: bool,
}

impl Board<'_> {
    pub fn body(&self, id: &str) -> Option<&Body> {
        self.bodies.iter().find(|b| b.id == id)
    }
}

/// A proposed forced movement.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedSpec {
    pub kind: ForcedKind,
    /// The creature moving the target; pushes and pulls are measured from its space.
    pub forcer: Option<String>,
    pub target: String,
    /// The distance the effect grants.
    pub distance: u32,
    /// A melee weapon ability: +1 against a smaller target (seed 002 L2762-2764).
    pub melee_weapon: bool,
    /// How much of its stability the target uses; `None` uses all of it (seed 002 L2809).
    pub stability: Option<u32>,
    /// How far the forcer chooses to move the target (0 to the final distance); `None` is all
    /// of it. Collision damage counts the squares of this distance left (seed 002 L2746).
    pub chosen: Option<u32>,
    /// The squares the target's space moves through, one step each (its top-left square).
    pub path: Vec<Square>,
    /// Hurl the target through objects whenever enough movement is left (digest A-3).
    pub break_objects: bool,
    /// A vertical push, pull or slide: the target may also be moved up or down
    /// (seed 002 L2754-2756). Forced movement on a flying creature is always vertical (L2758).
    #[serde(default)]
    pub vertical: bool,
    /// For a vertical movement, the height of the bottom of the target's space after each step
    /// of `path` (one per step; a step may stay on its square and only rise or sink). Left
    /// empty, each step keeps to the ground and its slopes, or to the height it is at, as a
    /// movement that is not vertical does.
    #[serde(default)]
    pub heights: Vec<i32>,
}

impl ForcedSpec {
    /// A push, pull or slide with every choice still open: all of the distance and of the
    /// target's stability, no path yet, objects hurled through when the movement can, and
    /// along the ground (not vertical).
    pub fn open(
        kind: ForcedKind,
        forcer: Option<String>,
        target: String,
        distance: u32,
        melee_weapon: bool,
    ) -> ForcedSpec {
        ForcedSpec {
            kind,
            forcer,
            target,
            distance,
            melee_weapon,
            stability: None,
            chosen: None,
            path: Vec::new(),
            break_objects: true,
            vertical: false,
            heights: Vec::new(),
        }
    }

    /// The `ForceMove` command that makes one of the outcomes [`choices`] offers.
    pub fn command_for(&self, outcome: &ForcedOutcome) -> Command {
        ForcedSpec {
            heights: outcome.heights.clone(),
            ..self.clone()
        }
        .command_along(outcome.path.clone())
    }

    /// The `ForceMove` command that makes this forced movement along `path` (at this spec's
    /// `heights`).
    pub fn command_along(&self, path: Vec<Square>) -> Command {
        Command::ForceMove {
            forcer: self.forcer.clone(),
            target: self.target.clone(),
            kind: self.kind,
            distance: self.distance,
            melee_weapon: self.melee_weapon,
            stability: self.stability,
            chosen: self.chosen,
            path,
            break_objects: self.break_objects,
            vertical: self.vertical,
            heights: self.heights.clone(),
        }
    }
}

/// Damage one creature takes from a forced movement, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hit {
    pub creature: String,
    pub amount: u32,
    pub rule: String,
    pub reference: String,
    pub note: String,
}

/// A fall at the end of the movement (seed 002 L2710-2718).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fall {
    pub height: u32,
    pub agility: i32,
    /// height − Agility, never below 0.
    pub effective: u32,
    /// 2 per effective square, at most 50, when the effective height is 2 or more.
    pub damage: u32,
    pub prone: bool,
    /// The creature it landed on, which takes the same damage.
    pub landed_on: Option<String>,
    /// Where it ends after landing (beside the creature it landed on).
    pub lands_at: Square,
    /// Every nearest free square beside the creature it landed on, `lands_at` first: the faller
    /// chooses among them (seed 002 L2718), with a `Land` command when there are several.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub could_land: Vec<Square>,
    /// The creature landed on is knocked prone (faller's size > its Might).
    pub knocks_prone: bool,
    /// Squares still to fall after the first 100 of a fall from a great height: it drops 100
    /// more at the end of each later round, and the damage comes when it lands
    /// (seed 002 L2720-2722; digest A-44).
    #[serde(default)]
    pub left: u32,
    /// It was forced down into the ground: the squares it was moved down, as if its Agility
    /// were 0 (seed 002 L2780; digest A-2).
    #[serde(default)]
    pub forced_down: bool,
}

/// Everything a forced movement does, worked out before anything changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedOutcome {
    pub kind: ForcedKind,
    pub target: String,
    pub distance: Distance,
    pub from: Square,
    /// The path as the forcer declared it (a `ForceMove` with it and `heights` reproduces
    /// this outcome).
    pub path: Vec<Square>,
    /// The heights declared with the path (a vertical movement's), as in [`ForcedSpec`].
    #[serde(default)]
    pub heights: Vec<i32>,
    /// Whether the target could be moved up or down: the effect is vertical, or it flies.
    #[serde(default)]
    pub vertical: bool,
    /// Squares the target's space entered, in order.
    pub moved: Vec<Square>,
    /// The height of the bottom of its space after each square it entered.
    #[serde(default)]
    pub moved_heights: Vec<i32>,
    pub end: Square,
    /// Damage in the order it happens.
    pub hits: Vec<Hit>,
    /// Object squares destroyed by hurling the target through them.
    pub broken: Vec<Square>,
    pub fall: Option<Fall>,
    /// Where a flier ends: squares above the ground.
    pub altitude: u32,
    /// Where a burrower ends: squares below the ground.
    #[serde(default)]
    pub depth: u32,
    /// The derivation in words, for the log and the preview.
    pub derivation: Vec<String>,
}

impl ForcedOutcome {
    /// Total damage a creature takes.
    pub fn damage_to(&self, id: &str) -> u32 {
        self.hits
            .iter()
            .filter(|h| h.creature == id)
            .map(|h| h.amount)
            .sum::<u32>()
            + self.fall.as_ref().map_or(0, |f| {
                // A moved object's own share of a fall is among its hits.
                let faller = self.target == id && object_square(id).is_none();
                u32::from(f.landed_on.as_deref() == Some(id)) * f.damage
                    + u32::from(faller) * f.damage
            })
    }
}

/// The target stops against something solid: 2 damage, +1 for each square of movement left
/// (seed 002 L2770-2780), logged in the derivation and as a hit.
fn slam(out: &mut ForcedOutcome, target: &str, left: u32, by: &str, rule: Rule, note: String) {
    out.derivation.push(format!(
        "stopped after {} square{} by {by}: 2 + {left} left = {} damage",
        out.moved.len(),
        plural(out.moved.len()),
        2 + left
    ));
    out.hits.push(hit(target, 2 + left, rule, note));
}

fn hit(creature: &str, amount: u32, rule: Rule, note: String) -> Hit {
    Hit {
        creature: creature.to_owned(),
        amount,
        rule: rule.id.to_owned(),
        reference: rule.seed.to_owned(),
        note,
    }
}

/// The allowed distance: base, +1 big vs little for a melee weapon ability against a smaller
/// target, − the stability the target uses (at most its stability), never below 0.
pub fn distance(board: &Board, spec: &ForcedSpec) -> Result<Distance, RuleError> {
    let target = board
        .body(&spec.target)
        .ok_or_else(|| match object_square(&spec.target) {
            Some(square) => RuleError::new(
                rule::FORCED_OBJECT,
                format!("there is no object at {square} to move"),
            ),
            None => RuleError::new(
                rule::CREATURE_STATE,
                format!("there is no creature `{}`", spec.target),
            ),
        })?;
    let forcer = match &spec.forcer {
        Some(id) => Some(board.body(id).ok_or_else(|| {
            RuleError::new(rule::CREATURE_STATE, format!("there is no creature `{id}`"))
        })?),
        None => None,
    };
    let big_vs_little = u32::from(
        spec.melee_weapon && forcer.is_some_and(|f| target.size.ordinal() < f.size.ordinal()),
    );
    let own = target.effective_stability();
    let stability = spec.stability.unwrap_or(own).min(own);
    // seed 002 L1745: a grabbed creature moves 0 squares for anyone but its grabber.
    let held = target
        .grabbed_by
        .as_ref()
        .is_some_and(|by| spec.forcer.as_ref() != Some(by));
    let allowed = if held || target.restrained {
        0
    } else {
        (spec.distance + big_vs_little).saturating_sub(stability)
    };
    let chosen = spec.chosen.unwrap_or(allowed);
    if chosen > allowed {
        return Err(RuleError::new(
            rule::FORCED_DISTANCE,
            format!(
                "{} {chosen} is more than the {allowed} squares allowed",
                spec.kind.name()
            ),
        ));
    }
    Ok(Distance {
        base: spec.distance,
        big_vs_little,
        stability,
        allowed,
        chosen,
    })
}

/// A fall's arithmetic in words, for the derivation.
fn fall_words(f: &Fall) -> String {
    let landing = format!(
        "{} − Agility {} = {} → {} damage{}",
        f.height,
        f.agility,
        f.effective,
        f.damage,
        if f.prone { ", prone" } else { "" }
    );
    if f.left > 0 {
        format!(
            "{FALL_PER_ROUND} now and {FALL_PER_ROUND} more at the end of each later round ({} to go); on landing {landing}",
            f.left
        )
    } else {
        landing
    }
}

fn plural(n: usize) -> &'static str {
    if n == 1 { "" } else { "s" }
}

fn material_name(m: Material) -> &'static str {
    match m {
        Material::Glass => "glass",
        Material::Wood => "wood",
        Material::Stone => "stone",
        Material::Metal => "metal",
    }
}

/// A fall of `height` squares: the height less Agility and less 4 when landing in liquid at
/// least a square deep (never below 0), then 2 damage per square (at most 50) and prone when 2
/// or more squares are left (seed 002 L2712; digest A-1). Returns (effective height, damage,
/// prone).
pub fn fall_damage(height: u32, agility: i32, into_liquid: bool) -> (u32, u32, bool) {
    let liquid = if into_liquid { 4 } else { 0 };
    let effective = (height as i32 - agility.max(0) - liquid).max(0) as u32;
    if effective >= 2 {
        (effective, (2 * effective).min(50), true)
    } else {
        (effective, 0, false)
    }
}

/// How far a falling creature drops in a round: a fall from a great height takes 100 squares
/// at once, then 100 more at the end of each later round until it lands (seed 002 L2720-2722;
/// digest A-44).
pub const FALL_PER_ROUND: u32 = 100;

/// Falling `height` squares with `agility` (the target's own, or 0 when it was forced down into
/// the ground) after a forced movement (seed 002 L2712-2722; digest A-1 reduces by Agility
/// before the 2-square threshold).
fn fall(board: &Board, target: &Body, at: Footprint, height: u32, agility: i32) -> Fall {
    let (effective, damage, prone) = fall_damage(height, agility, board.map.liquid_under(at));
    let alone = Fall {
        height,
        agility,
        effective,
        damage,
        prone,
        landed_on: None,
        lands_at: at.origin,
        could_land: Vec::new(),
        knocks_prone: false,
        left: height.saturating_sub(FALL_PER_ROUND),
        forced_down: false,
    };
    if alone.left > 0 {
        // Still high in the air at the end of the round: it lands later.
        return alone;
    }
    let ground = board.map.ground_under(at);
    let under = board.bodies.iter().find(|b| {
        b.id != target.id
            && b.blocks()
            && !b.underground()
            && b.footprint.overlaps(at)
            && b.z <= ground
    });
    match under {
        None => alone,
        Some(c) => {
            // seed 002 L2716-2718: the creature landed on takes the same damage; the faller
            // lands prone in the nearest unoccupied adjacent square. The fall ends on the top
            // of the creature, not on the ground (digest A-15).
            let top = (c.z + c.size.side() - ground).max(0) as u32;
            let height = height.saturating_sub(top);
            let (effective, damage, _) = fall_damage(height, agility, false);
            let could_land = nearest_free(board, target, at);
            Fall {
                height,
                effective,
                damage,
                prone: true,
                landed_on: Some(c.id.clone()),
                lands_at: could_land.first().copied().unwrap_or(at.origin),
                could_land,
                knocks_prone: target.size.value() as i32 > c.might,
                ..alone
            }
        }
    }
}

/// The nearest squares (breadth-first, in a fixed order) where the target's space fits: in the
/// map, on no solid square and in no other creature's space. All of the nearest ring: the
/// faller picks one of them (seed 002 L2718).
fn nearest_free(board: &Board, target: &Body, from: Footprint) -> Vec<Square> {
    let fits = |fp: Footprint| {
        board.map.footprint_in_bounds(fp)
            && fp
                .squares()
                .all(|s| !board.map.is_solid(s) || target.vacates(s))
            && !board
                .bodies
                .iter()
                .any(|b| b.id != target.id && b.blocks() && b.footprint.overlaps(fp))
    };
    let mut seen = vec![from.origin];
    let mut queue = VecDeque::from([(from.origin, 0)]);
    let mut found: Vec<Square> = Vec::new();
    let mut ring = u32::MAX;
    while let Some((sq, depth)) = queue.pop_front() {
        if depth >= ring {
            break;
        }
        for (dx, dy) in STEPS {
            let next = Square::new(sq.x + dx, sq.y + dy);
            if seen.contains(&next) || !board.map.in_bounds(next) {
                continue;
            }
            seen.push(next);
            let fp = Footprint {
                origin: next,
                side: from.side,
            };
            if fits(fp) {
                found.push(next);
                ring = depth + 1;
            } else if seen.len() < 400 {
                queue.push_back((next, depth + 1));
            }
        }
    }
    found
}

/// The shape of the declared path: adjacent steps (in height too, for a vertical movement);
/// pushes away from and pulls toward the forcer at every step (digest A-8 metric, in three
/// dimensions when heights are given), in a straight line; slides anywhere. Heights are
/// only for a vertical movement (seed 002 L2740-2760).
fn check_geometry(
    target: &Body,
    forcer: Option<&Body>,
    spec: &ForcedSpec,
    vertical: bool,
) -> Result<(), RuleError> {
    let explicit = !spec.heights.is_empty();
    if explicit && !vertical {
        return Err(RuleError::new(
            rule::FORCED_VERTICAL,
            format!(
                "only a vertical {} (or one on a flying creature) moves its target up or down; this one follows the ground",
                spec.kind.name()
            ),
        ));
    }
    if explicit && spec.heights.len() != spec.path.len() {
        return Err(RuleError::new(
            rule::FORCED_VERTICAL,
            format!(
                "give one height for each step: {} steps but {} heights",
                spec.path.len(),
                spec.heights.len()
            ),
        ));
    }
    let mut at = target.footprint;
    let mut z = target.z;
    let mut steps = Vec::new();
    for (i, &step) in spec.path.iter().enumerate() {
        let n = i + 1;
        let h = if explicit { spec.heights[i] } else { z };
        let d = (step.x - at.origin.x, step.y - at.origin.y, h - z);
        if d.0.abs() > 1 || d.1.abs() > 1 || d.2.abs() > 1 || d == (0, 0, 0) {
            return Err(RuleError::new(
                spec.kind.rule(),
                if explicit {
                    format!(
                        "step {n} to ({}, {}, {h}) is not next to ({}, {}, {z})",
                        step.x, step.y, at.origin.x, at.origin.y
                    )
                } else {
                    format!("step {n} to {step} is not adjacent to {}", at.origin)
                },
            ));
        }
        let next = Footprint {
            origin: step,
            side: at.side,
        };
        if let Some(f) = forcer {
            let (before, after) = if explicit {
                (target.gap(at, z, f), target.gap(next, h, f))
            } else {
                (f.footprint.distance(at), f.footprint.distance(next))
            };
            match spec.kind {
                ForcedKind::Push if after <= before => {
                    return Err(RuleError::new(
                        rule::FORCED_PUSH,
                        format!(
                            "step {n} to {step} does not take {} farther from {}",
                            target.id, f.id
                        ),
                    ));
                }
                ForcedKind::Pull if after >= before => {
                    return Err(RuleError::new(
                        rule::FORCED_PULL,
                        format!(
                            "step {n} to {step} does not bring {} closer to {}",
                            target.id, f.id
                        ),
                    ));
                }
                _ => {}
            }
        }
        steps.push(d);
        at = next;
        z = h;
    }
    if spec.kind != ForcedKind::Slide && !straight_line(&steps) {
        return Err(RuleError::new(
            spec.kind.rule(),
            format!(
                "a {} goes in a straight line: at most two neighbouring directions",
                spec.kind.name()
            ),
        ));
    }
    Ok(())
}

/// A straight line of steps in three dimensions: at most two different steps, and those two
/// neighbours (differing by one square along one axis), so it never turns back. Level steps
/// make the compass rule of [`crate::grid::straight`] (digest A-7); a vertical push or pull
/// may also rise or sink steadily (seed 002 L2756).
fn straight_line(steps: &[(i32, i32, i32)]) -> bool {
    let mut kinds = steps.to_vec();
    kinds.sort_unstable();
    kinds.dedup();
    match kinds.as_slice() {
        [] | [_] => true,
        [a, b] => (a.0 - b.0).abs() + (a.1 - b.1).abs() + (a.2 - b.2).abs() == 1,
        _ => false,
    }
}

/// The 26 steps to the spaces around a space, level ones first in [`STEPS`] order, then those
/// one square up and one square down.
fn steps_3d() -> Vec<(i32, i32, i32)> {
    let mut all: Vec<(i32, i32, i32)> = STEPS.iter().map(|&(x, y)| (x, y, 0)).collect();
    for dz in [1, -1] {
        all.push((0, 0, dz));
        all.extend(STEPS.iter().map(|&(x, y)| (x, y, dz)));
    }
    all
}

/// Every path the forcer may choose for this forced movement, with the one outcome of each:
/// pushes and pulls enumerate their straight lines; a slide gives one shortest path to every
/// square it can end on, plus every collision it can be steered into. Used by the client to
/// show the choices and by the AI to rank them.
pub fn choices(board: &Board, spec: &ForcedSpec) -> Result<Vec<ForcedOutcome>, RuleError> {
    let dist = distance(board, spec)?;
    let target = board.body(&spec.target).expect("checked by distance");
    // seed 002 L2754-2758: a vertical movement, or any on a flier, may also go up and down,
    // each step naming its height; any other keeps to the ground.
    let vertical = spec.vertical || target.flies;
    let dirs: Vec<(i32, i32, i32)> = if vertical {
        steps_3d()
    } else {
        STEPS.iter().map(|&(x, y)| (x, y, 0)).collect()
    };
    let start = (target.footprint.origin, target.z);
    type Key = (Vec<Square>, Vec<i32>, Square, Vec<(String, u32)>);
    let mut found: BTreeMap<Key, ForcedOutcome> = BTreeMap::new();
    let try_path = |path: &[(Square, i32)], found: &mut BTreeMap<Key, ForcedOutcome>| {
        let candidate = ForcedSpec {
            path: path.iter().map(|p| p.0).collect(),
            heights: if vertical {
                path.iter().map(|p| p.1).collect()
            } else {
                Vec::new()
            },
            chosen: Some(dist.chosen),
            ..spec.clone()
        };
        match plan(board, &candidate) {
            Ok(o) => {
                let moved_all = o.moved.len() == candidate.path.len();
                let hits = o
                    .hits
                    .iter()
                    .map(|h| (h.creature.clone(), h.amount))
                    .collect();
                found
                    .entry((o.moved.clone(), o.moved_heights.clone(), o.end, hits))
                    .or_insert(o);
                moved_all
            }
            Err(_) => false,
        }
    };
    let extend = |path: &[(Square, i32)], (dx, dy, dz): (i32, i32, i32)| {
        let (sq, z) = path.last().copied().unwrap_or(start);
        let mut next = path.to_vec();
        next.push((Square::new(sq.x + dx, sq.y + dy), z + dz));
        next
    };
    match spec.kind {
        ForcedKind::Push | ForcedKind::Pull => {
            // Straight lines: every sequence over one or two neighbouring steps.
            let pairs: Vec<(usize, usize)> = if vertical {
                (0..dirs.len())
                    .flat_map(|a| (a + 1..dirs.len()).map(move |b| (a, b)))
                    .filter(|&(a, b)| straight_line(&[dirs[a], dirs[b]]))
                    .collect()
            } else {
                (0..8).map(|a| (a, (a + 1) % 8)).collect()
            };
            for (a, b) in pairs {
                let mut stack: Vec<Vec<(Square, i32)>> = vec![Vec::new()];
                while let Some(path) = stack.pop() {
                    let moved_all = try_path(&path, &mut found);
                    if path.len() as u32 >= dist.chosen || !moved_all {
                        continue;
                    }
                    for d in [a, b] {
                        stack.push(extend(&path, dirs[d]));
                    }
                }
            }
        }
        ForcedKind::Slide => {
            // Breadth first over the spaces it can move through freely.
            let mut seen: BTreeSet<(Square, i32)> = BTreeSet::from([start]);
            let mut queue = VecDeque::from([Vec::<(Square, i32)>::new()]);
            try_path(&[], &mut found);
            while let Some(path) = queue.pop_front() {
                if path.len() as u32 >= dist.chosen {
                    continue;
                }
                for &d in &dirs {
                    let next = extend(&path, d);
                    let moved_all = try_path(&next, &mut found);
                    let reached = *next.last().expect("one step at least");
                    if moved_all && seen.insert(reached) {
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    Ok(found.into_values().collect())
}

/// The forced movement of a corpse that hurts no one and breaks nothing by any path the forcer
/// could choose: no choice is left that matters, so the body stays where it fell (the outcome
/// that does not move it). A corpse is an object and still collides (seed 002 L2772, combat
/// digest DS-COMBAT-11), so when some path would slam it into a creature or through an object,
/// this gives none and the forcer chooses.
pub fn nothing_to_choose(outcomes: &[ForcedOutcome]) -> Option<&ForcedOutcome> {
    let harmless = outcomes
        .iter()
        .all(|o| o.broken.is_empty() && o.hits.iter().all(|h| h.creature == o.target));
    if !harmless {
        return None;
    }
    outcomes.iter().find(|o| o.moved.is_empty())
}

impl PendingForced {
    /// The forced movement to place: its path is the forcer's choice, and the target uses all
    /// of its stability unless told otherwise.
    pub fn spec(&self) -> ForcedSpec {
        ForcedSpec {
            vertical: self.vertical,
            ..ForcedSpec::open(
                self.kind,
                Some(self.forcer.clone()),
                self.target.clone(),
                self.distance,
                self.melee_weapon,
            )
        }
    }
}
