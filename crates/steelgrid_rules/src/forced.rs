//! Forced movement: push, pull and slide; stability; big versus little; slamming into creatures,
//! walls, objects and ledges; hurling through objects; being forced off a ledge into a fall
//! (seed 002 L2738-2819, L2710-2722).
//!
//! [`plan`] is a pure function of the board: the engine resolves a forced movement by applying
//! the plan it returns, and the same plan is the prediction the client and the AI show before a
//! player commits, so the two cannot disagree.

use std::collections::{BTreeMap, VecDeque};

use serde::{Deserialize, Serialize};

use crate::command::{Command, RuleError};
use crate::creature::{Side, Vitality};
use crate::event::{Rule, rule};
use crate::grid::{
    Footprint, Map, Material, NEIGHBOURS as STEPS, Size, Square, Terrain, cuts_corner,
};

/// The three kinds of forced movement (seed 002 L2740-2748).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedKind {
    /// Each square moved takes the target farther from the forcer, in a straight line.
    #[serde(alias = "Push")]
    Push,
    /// Each square moved brings the target closer to the forcer, in a straight line.
    #[serde(alias = "Pull")]
    Pull,
    /// Any direction, not necessarily straight.
    #[serde(alias = "Slide")]
    Slide,
}

impl ForcedKind {
    pub fn name(self) -> &'static str {
        match self {
            ForcedKind::Push => "push",
            ForcedKind::Pull => "pull",
            ForcedKind::Slide => "slide",
        }
    }

    fn rule(self) -> Rule {
        match self {
            ForcedKind::Push => rule::FORCED_PUSH,
            ForcedKind::Pull => rule::FORCED_PULL,
            ForcedKind::Slide => rule::FORCED_SLIDE,
        }
    }
}

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
    pub stability: u32,
    pub vitality: Vitality,
    /// The creature grabbing it: only that one can force-move it (seed 002 L1745).
    pub grabbed_by: Option<String>,
    /// Restrained: it can't be force-moved at all (seed 002 L1761).
    pub restrained: bool,
    /// Squares above the ground it starts at.
    pub altitude: u32,
    /// It can fly, so it does not fall when left in the air (seed 002 L2690, L2758).
    pub flies: bool,
}

impl Body {
    /// Dead creatures are objects on the floor; they stop nothing.
    fn blocks(&self) -> bool {
        self.vitality != Vitality::Dead
    }

    fn height(&self) -> i32 {
        self.size.side()
    }
}

/// The battlefield as forced movement sees it.
#[derive(Clone, Debug)]
pub struct Board<'a> {
    pub map: &'a Map,
    pub bodies: Vec<Body>,
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
}

/// A forced movement an ability or maneuver has granted, waiting for the forcer to choose the
/// path (and the target how much stability to use).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingForced {
    pub source: String,
    pub forcer: String,
    pub target: String,
    pub kind: ForcedKind,
    pub distance: u32,
    pub melee_weapon: bool,
}

impl PendingForced {
    /// The forced movement to place: its path is the forcer's choice, and the target uses all
    /// of its stability unless told otherwise.
    pub fn spec(&self) -> ForcedSpec {
        ForcedSpec {
            kind: self.kind,
            forcer: Some(self.forcer.clone()),
            target: self.target.clone(),
            distance: self.distance,
            melee_weapon: self.melee_weapon,
            stability: None,
            chosen: None,
            path: Vec::new(),
            break_objects: true,
        }
    }
}

impl ForcedSpec {
    /// The `ForceMove` command that makes this forced movement along `path`.
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
        }
    }
}

/// How the distance was worked out (seed 002 L2764, L2807-2811; digest A-9 order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distance {
    pub base: u32,
    pub big_vs_little: u32,
    pub stability: u32,
    /// base + big vs little − stability, never below 0.
    pub allowed: u32,
    /// The distance the forcer chose to use.
    pub chosen: u32,
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
    /// The creature landed on is knocked prone (faller's size > its Might).
    pub knocks_prone: bool,
}

/// Everything a forced movement does, worked out before anything changes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ForcedOutcome {
    pub kind: ForcedKind,
    pub target: String,
    pub distance: Distance,
    pub from: Square,
    /// The path as the forcer declared it (a `ForceMove` with it reproduces this outcome).
    pub path: Vec<Square>,
    /// Squares the target's space entered, in order.
    pub moved: Vec<Square>,
    pub end: Square,
    /// Damage in the order it happens.
    pub hits: Vec<Hit>,
    /// Object squares destroyed by hurling the target through them.
    pub broken: Vec<Square>,
    pub fall: Option<Fall>,
    /// Where a flier ends: squares above the ground.
    pub altitude: u32,
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
                u32::from(f.landed_on.as_deref() == Some(id)) * f.damage
                    + u32::from(self.target == id) * f.damage
            })
    }
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
    let target = board.body(&spec.target).ok_or_else(|| {
        RuleError::new(
            rule::CREATURE_STATE,
            format!("there is no creature `{}`", spec.target),
        )
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
    let stability = spec
        .stability
        .unwrap_or(target.stability)
        .min(target.stability);
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

/// Work out a forced movement without changing anything.
pub fn plan(board: &Board, spec: &ForcedSpec) -> Result<ForcedOutcome, RuleError> {
    let dist = distance(board, spec)?;
    // A target killed by the same ability is still moved, as a corpse (seed 002 L2772).
    let target = board.body(&spec.target).expect("checked by distance");
    let forcer = spec.forcer.as_deref().and_then(|id| board.body(id));
    if matches!(spec.kind, ForcedKind::Push | ForcedKind::Pull) && forcer.is_none() {
        return Err(RuleError::new(
            rule::FORCED_DISTANCE,
            "a push or pull is measured from the creature making it; name the forcer",
        ));
    }
    if forcer.is_some_and(|f| f.id == target.id) {
        return Err(RuleError::new(
            rule::FORCED_DISTANCE,
            "a creature can't force-move itself",
        ));
    }
    check_geometry(target, forcer, spec)?;
    let held_note = target
        .grabbed_by
        .as_ref()
        .filter(|by| spec.forcer.as_ref() != Some(*by))
        .map(|by| format!("{} is grabbed by {by}: only {by} can move it", target.id));
    let mut out = ForcedOutcome {
        kind: spec.kind,
        target: target.id.clone(),
        distance: dist,
        from: target.footprint.origin,
        path: spec.path.clone(),
        moved: Vec::new(),
        end: target.footprint.origin,
        hits: Vec::new(),
        broken: Vec::new(),
        fall: None,
        altitude: 0,
        derivation: vec![match &held_note {
            Some(note) => format!("{} {}: {note}, so it moves 0", spec.kind.name(), dist.base),
            None => format!(
                "{} {}{} − stability {} = {}{}",
                spec.kind.name(),
                dist.base,
                if dist.big_vs_little > 0 {
                    " + 1 big vs little"
                } else {
                    ""
                },
                dist.stability,
                dist.allowed,
                if dist.chosen < dist.allowed {
                    format!(", {} used", dist.chosen)
                } else {
                    String::new()
                }
            ),
        }],
    };
    let map = board.map;
    let mut at = target.footprint;
    let mut z = target.z;
    let mut on_ground = target.altitude == 0;
    let mut spent = 0u32;
    let mut broken: Vec<Square> = Vec::new();
    let is_solid = |sq: Square, broken: &[Square]| map.is_solid(sq) && !broken.contains(&sq);
    for (i, &step) in spec.path.iter().enumerate() {
        let n = i + 1;
        let left = dist.chosen - spent;
        if left == 0 {
            return Err(RuleError::new(
                rule::FORCED_DISTANCE,
                format!(
                    "step {n}: the {} has no squares left for it",
                    spec.kind.name()
                ),
            ));
        }
        let next = Footprint {
            origin: step,
            side: at.side,
        };
        // seed 002 L2766-2770: a creature in the way stops the movement; both take 1 per
        // square left, the mover once however many it hits.
        let in_way: Vec<&Body> = board
            .bodies
            .iter()
            .filter(|b| b.id != target.id && b.blocks() && b.footprint.overlaps(next))
            .filter(|b| b.z < z + target.height() && z < b.z + b.height())
            .collect();
        if !in_way.is_empty() {
            let names: Vec<&str> = in_way.iter().map(|b| b.id.as_str()).collect();
            out.derivation.push(format!(
                "stopped after {} square{} by {}: {left} left, {left} damage to each",
                out.moved.len(),
                plural(out.moved.len()),
                names.join(" and ")
            ));
            out.hits.push(hit(
                &target.id,
                left,
                rule::FORCED_COLLISION_CREATURE,
                format!("slammed into {}", names.join(" and ")),
            ));
            for b in in_way {
                out.hits.push(hit(
                    &b.id,
                    left,
                    rule::FORCED_COLLISION_CREATURE,
                    format!("{} slammed into it", target.id),
                ));
            }
            break;
        }
        let entered: Vec<Square> = next.squares().filter(|&s| !at.contains(s)).collect();
        let off_map = entered.iter().any(|&s| !map.in_bounds(s));
        let walls: Vec<Square> = entered
            .iter()
            .copied()
            .filter(|&s| map.terrain(s) == Some(Terrain::Wall))
            .collect();
        let objects: Vec<(Square, Material)> = entered
            .iter()
            .filter(|&&s| is_solid(s, &broken))
            .filter_map(|&s| match map.terrain(s) {
                Some(Terrain::Object { material }) => Some((s, material)),
                _ => None,
            })
            .collect();
        if off_map || !walls.is_empty() || !objects.is_empty() {
            let cost: u32 = objects.iter().map(|(_, m)| m.stamina_per_square()).sum();
            if !off_map && walls.is_empty() && spec.break_objects && left >= cost {
                // seed 002 L2792-2801: hurled through; the cost also carries it into the square.
                for &(sq, material) in &objects {
                    let c = material.stamina_per_square();
                    out.hits.push(hit(
                        &target.id,
                        2 + c,
                        rule::FORCED_HURL_THROUGH,
                        format!(
                            "hurled through {material:?} at {sq}: {c} squares spent, 2 + {c} damage"
                        ),
                    ));
                    out.derivation.push(format!(
                        "through the {} at {sq}: {left} left − {c} = {}, 2 + {c} = {} damage",
                        material_name(material),
                        left - c,
                        2 + c
                    ));
                    broken.push(sq);
                }
                spent += cost;
                at = next;
                z = map.ground_under(at).max(z);
                out.moved.push(step);
                continue;
            }
            let what = if off_map {
                "the edge of the map".to_owned()
            } else if let Some(w) = walls.first() {
                format!("the wall at {w}")
            } else {
                format!("the {} at {}", material_name(objects[0].1), objects[0].0)
            };
            out.derivation.push(format!(
                "stopped after {} square{} by {what}: 2 + {left} left = {} damage",
                out.moved.len(),
                plural(out.moved.len()),
                2 + left
            ));
            out.hits.push(hit(
                &target.id,
                2 + left,
                rule::FORCED_COLLISION_OBJECT,
                format!("slammed into {what}"),
            ));
            break;
        }
        let step_dir = (step.x - at.origin.x, step.y - at.origin.y);
        if cuts_corner(at, step_dir, |s| is_solid(s, &broken)) {
            return Err(RuleError::new(
                rule::MOVE_CORNERS,
                format!("step {n} to {step} would cut the corner of a wall or object"),
            ));
        }
        // Slopes and ledges (seed 002 L2758-2760, L2803-2805): on the ground the target follows
        // a slope of 1 per square; ground more than 1 higher is a face it slams into; lower
        // ground leaves it over a drop, travelling on at its height until the movement ends.
        let g = map.ground_under(next);
        if g > z + 1 || (!on_ground && g > z) {
            out.derivation.push(format!(
                "stopped after {} square{} by the rise at {step} ({} up): 2 + {left} left = {} damage",
                out.moved.len(),
                plural(out.moved.len()),
                g - z,
                2 + left
            ));
            out.hits.push(hit(
                &target.id,
                2 + left,
                rule::FORCED_COLLISION_OBJECT,
                format!("slammed into the rise at {step}"),
            ));
            break;
        }
        if on_ground && (g - z).abs() <= 1 {
            z = g;
        } else {
            // Lower ground leaves it in the air; level ground under an airborne target catches it.
            on_ground = g >= z;
        }
        spent += 1;
        at = next;
        out.moved.push(step);
        if on_ground {
            // seed 002 L2744: entering damaging terrain by force works as if moved willingly.
            for s in &entered {
                if let Some(Terrain::Damaging { damage }) = map.terrain(*s) {
                    out.hits.push(hit(
                        &target.id,
                        damage,
                        rule::DAMAGING_TERRAIN,
                        format!("forced into damaging terrain at {s}"),
                    ));
                }
            }
        }
    }
    out.end = at.origin;
    out.broken = broken;
    let ground = map.ground_under(at);
    if z > ground && target.flies {
        // A flier stays aloft where the movement leaves it.
        out.altitude = (z - ground) as u32;
    } else if z > ground {
        out.fall = Some(fall(board, target, at, (z - ground) as u32));
        if let Some(f) = &out.fall {
            out.derivation.push(format!(
                "falls {} square{}: {} − Agility {} = {} → {} damage{}",
                f.height,
                plural(f.height as usize),
                f.height,
                f.agility,
                f.effective,
                f.damage,
                if f.prone { ", prone" } else { "" }
            ));
        }
    }
    if out.moved.is_empty() && out.hits.is_empty() {
        out.derivation.push("does not move".into());
    }
    Ok(out)
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

/// Falling at the end of a forced movement (seed 002 L2712-2718; digest A-1 reduces by Agility
/// before the 2-square threshold).
fn fall(board: &Board, target: &Body, at: Footprint, height: u32) -> Fall {
    let (effective, damage, prone) =
        fall_damage(height, target.agility, board.map.liquid_under(at));
    let ground = board.map.ground_under(at);
    let under = board
        .bodies
        .iter()
        .find(|b| b.id != target.id && b.blocks() && b.footprint.overlaps(at) && b.z <= ground);
    match under {
        None => Fall {
            height,
            agility: target.agility,
            effective,
            damage,
            prone,
            landed_on: None,
            lands_at: at.origin,
            knocks_prone: false,
        },
        Some(c) => {
            // seed 002 L2716-2718: the creature landed on takes the same damage; the faller
            // lands prone in the nearest unoccupied adjacent square.
            let lands_at = nearest_free(board, target, at).unwrap_or(at.origin);
            Fall {
                height,
                agility: target.agility,
                effective,
                damage,
                prone: true,
                landed_on: Some(c.id.clone()),
                lands_at,
                knocks_prone: target.size.value() as i32 > c.might,
            }
        }
    }
}

/// The nearest square (breadth-first, in a fixed order) where the target's space fits: in the
/// map, on no solid square and in no other creature's space.
fn nearest_free(board: &Board, target: &Body, from: Footprint) -> Option<Square> {
    let fits = |fp: Footprint| {
        board.map.footprint_in_bounds(fp)
            && fp.squares().all(|s| !board.map.is_solid(s))
            && !board
                .bodies
                .iter()
                .any(|b| b.id != target.id && b.blocks() && b.footprint.overlaps(fp))
    };
    let mut seen = vec![from.origin];
    let mut queue = VecDeque::from([from.origin]);
    while let Some(sq) = queue.pop_front() {
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
                return Some(next);
            }
            if seen.len() < 400 {
                queue.push_back(next);
            }
        }
    }
    None
}

/// The shape of the declared path: adjacent steps; pushes away from and pulls toward the
/// forcer at every step (digest A-8 metric), in a straight line; slides anywhere.
fn check_geometry(
    target: &Body,
    forcer: Option<&Body>,
    spec: &ForcedSpec,
) -> Result<(), RuleError> {
    let mut at = target.footprint;
    let mut steps = Vec::new();
    for (i, &step) in spec.path.iter().enumerate() {
        let n = i + 1;
        if at.origin.distance(step) != 1 {
            return Err(RuleError::new(
                spec.kind.rule(),
                format!("step {n} to {step} is not adjacent to {}", at.origin),
            ));
        }
        let next = Footprint {
            origin: step,
            side: at.side,
        };
        if let Some(f) = forcer {
            let (before, after) = (f.footprint.distance(at), f.footprint.distance(next));
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
        steps.push((step.x - at.origin.x, step.y - at.origin.y));
        at = next;
    }
    if spec.kind != ForcedKind::Slide && !crate::grid::straight(&steps) {
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

/// Every path the forcer may choose for this forced movement, with the one outcome of each:
/// pushes and pulls enumerate their straight lines; a slide gives one shortest path to every
/// square it can end on, plus every collision it can be steered into. Used by the client to
/// show the choices and by the AI to rank them.
pub fn choices(board: &Board, spec: &ForcedSpec) -> Result<Vec<ForcedOutcome>, RuleError> {
    let dist = distance(board, spec)?;
    let target = board.body(&spec.target).expect("checked by distance");
    type Key = (Vec<Square>, Square, Vec<(String, u32)>);
    let mut found: BTreeMap<Key, ForcedOutcome> = BTreeMap::new();
    let try_path = |path: Vec<Square>, found: &mut BTreeMap<_, _>| {
        let candidate = ForcedSpec {
            path,
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
                found.entry((o.moved.clone(), o.end, hits)).or_insert(o);
                moved_all
            }
            Err(_) => false,
        }
    };
    match spec.kind {
        ForcedKind::Push | ForcedKind::Pull => {
            // Straight lines: every sequence over one or two neighbouring directions.
            for a in 0..8 {
                let b = (a + 1) % 8;
                let mut stack: Vec<Vec<Square>> = vec![Vec::new()];
                while let Some(path) = stack.pop() {
                    let moved_all = try_path(path.clone(), &mut found);
                    if path.len() as u32 >= dist.chosen || !moved_all {
                        continue;
                    }
                    let last = path.last().copied().unwrap_or(target.footprint.origin);
                    for d in [a, b] {
                        let mut next = path.clone();
                        next.push(Square::new(last.x + STEPS[d].0, last.y + STEPS[d].1));
                        stack.push(next);
                    }
                }
            }
        }
        ForcedKind::Slide => {
            // Breadth first over the squares it can move through freely.
            let mut seen: BTreeMap<Square, Vec<Square>> = BTreeMap::new();
            seen.insert(target.footprint.origin, Vec::new());
            let mut queue = VecDeque::from([Vec::<Square>::new()]);
            try_path(Vec::new(), &mut found);
            while let Some(path) = queue.pop_front() {
                if path.len() as u32 >= dist.chosen {
                    continue;
                }
                let last = path.last().copied().unwrap_or(target.footprint.origin);
                for (dx, dy) in STEPS {
                    let step = Square::new(last.x + dx, last.y + dy);
                    let mut next = path.clone();
                    next.push(step);
                    let moved_all = try_path(next.clone(), &mut found);
                    if moved_all && !seen.contains_key(&step) {
                        seen.insert(step, next.clone());
                        queue.push_back(next);
                    }
                }
            }
        }
    }
    Ok(found.into_values().collect())
}
