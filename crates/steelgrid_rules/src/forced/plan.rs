//! Working out a forced movement before anything changes: the distance, then the path square by
//! square (creatures, walls and objects in the way, slopes and ledges, the heights of a vertical
//! movement), then where the target is left: aloft, in the dirt or falling.

use super::{
    Board, Body, Distance, Fall, ForcedKind, ForcedOutcome, ForcedSpec, check_geometry, distance,
    fall, fall_words, hit, material_name, plural, slam,
};
use crate::command::RuleError;
use crate::grid::{Footprint, Material, Square, Terrain, cuts_corner};
use crate::rule;

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
    // seed 002 L2758: forced movement on a flying creature is always vertical.
    let vertical = spec.vertical || target.flies;
    check_geometry(target, forcer, spec, vertical)?;
    let mut out = opening(spec, target, dist, vertical);
    if target.underground() && !vertical {
        return stay_underground(out, spec, target, dist.chosen);
    }
    let mut travel = Travel::start(board, target, vertical);
    for (i, &step) in spec.path.iter().enumerate() {
        if travel.step(&mut out, spec, dist.chosen, i, step)? == Flow::Stop {
            break;
        }
    }
    travel.finish(&mut out);
    Ok(out)
}

/// The outcome before the target moves: the distance's arithmetic as the first derivation line.
fn opening(spec: &ForcedSpec, target: &Body, dist: Distance, vertical: bool) -> ForcedOutcome {
    let held_note = target
        .grabbed_by
        .as_ref()
        .filter(|by| spec.forcer.as_ref() != Some(*by))
        .map(|by| format!("{} is grabbed by {by}: only {by} can move it", target.id));
    let name = if spec.vertical {
        format!("vertical {}", spec.kind.name())
    } else {
        spec.kind.name().to_owned()
    };
    let bigger = if dist.big_vs_little > 0 {
        " + 1 big vs little"
    } else {
        ""
    };
    // An object has no stability to resist with.
    let resisted = match target.object {
        Some(_) => String::new(),
        None => format!(" − stability {}{}", dist.stability, stability_note(target)),
    };
    let used = if dist.chosen < dist.allowed {
        format!(", {} used", dist.chosen)
    } else {
        String::new()
    };
    let first_line = match &held_note {
        Some(note) => format!("{name} {}: {note}, so it moves 0", dist.base),
        None if bigger.is_empty() && resisted.is_empty() => format!("{name} {}{used}", dist.base),
        None => format!(
            "{name} {}{bigger}{resisted} = {}{used}",
            dist.base, dist.allowed
        ),
    };
    ForcedOutcome {
        kind: spec.kind,
        target: target.id.clone(),
        distance: dist,
        from: target.footprint.origin,
        path: spec.path.clone(),
        heights: spec.heights.clone(),
        vertical,
        moved: Vec::new(),
        moved_heights: Vec::new(),
        end: target.footprint.origin,
        hits: Vec::new(),
        broken: Vec::new(),
        fall: None,
        altitude: 0,
        depth: target.depth,
        derivation: vec![first_line],
    }
}

/// What effects did to the target's stability, in words (seed 002 L2811: never below 0).
fn stability_note(target: &Body) -> String {
    match target.stability_change {
        0 => String::new(),
        change => format!(
            " ({} {} {} from effects{})",
            target.stability,
            if change < 0 { "−" } else { "+" },
            change.unsigned_abs(),
            if target.stability as i32 + change < 0 {
                ", never below 0"
            } else {
                ""
            }
        ),
    }
}

/// seed 002 L2642: a creature fully underground stays put under a movement that isn't
/// vertical, and takes 1 damage for each square it would have moved.
fn stay_underground(
    mut out: ForcedOutcome,
    spec: &ForcedSpec,
    target: &Body,
    chosen: u32,
) -> Result<ForcedOutcome, RuleError> {
    if !spec.path.is_empty() {
        return Err(RuleError::new(
            rule::FORCED_BURROWED,
            format!(
                "{} is fully underground: a {} that isn't vertical doesn't move it, so give no path",
                target.id,
                spec.kind.name()
            ),
        ));
    }
    out.derivation
        .push(format!("underground: doesn't move, takes {chosen}"));
    if chosen > 0 {
        out.hits.push(hit(
            &target.id,
            chosen,
            rule::FORCED_BURROWED,
            format!("underground: {chosen} damage instead of being moved {chosen}"),
        ));
    }
    Ok(out)
}

/// Whether the movement goes on after a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

/// Where a forced movement has got to, square by square.
struct Travel<'a> {
    board: &'a Board<'a>,
    target: &'a Body,
    at: Footprint,
    /// The height of the bottom of the target's space.
    z: i32,
    on_ground: bool,
    /// Squares of the distance used (hurling through an object uses its cost).
    spent: u32,
    /// Squares moved down through the air since the target last rose: they count toward its
    /// fall (seed 002 L2714; digest A-2).
    dropped: u32,
    /// Forced down into the ground: it falls the squares it was moved down, as if its Agility
    /// were 0 (seed 002 L2780).
    slammed_down: Option<Fall>,
    /// Object squares it was hurled through.
    broken: Vec<Square>,
}

impl<'a> Travel<'a> {
    fn start(board: &'a Board<'a>, target: &'a Body, vertical: bool) -> Travel<'a> {
        let at = target.footprint;
        // A burrower partly out of the ground is hauled out along the ground when moved
        // horizontally; vertically it moves through dirt as if it were air (seed 002 L2642).
        let z = if target.depth > 0 && !vertical {
            board.map.ground_under(at)
        } else {
            target.z
        };
        Travel {
            board,
            target,
            at,
            z,
            on_ground: target.altitude == 0,
            spent: 0,
            dropped: 0,
            slammed_down: None,
            broken: Vec::new(),
        }
    }

    /// A wall or object the target's space meets at height `z` (one with a height only below
    /// its top), not broken on the way and not the moved object itself.
    fn is_solid(&self, square: Square, z: i32) -> bool {
        self.board.map.solid_at(square, z)
            && !self.broken.contains(&square)
            && !self.target.vacates(square)
    }

    /// The target stops against something solid (`what`): a creature slams (2 + the squares
    /// left); a moved object takes the same only under the optional rule for objects' damage
    /// (seed 002 L2782-2790), and otherwise comes through unharmed.
    fn stop_against(&self, out: &mut ForcedOutcome, left: u32, what: &str, rule: rule::Rule) {
        if self.target.object.is_none() {
            slam(
                out,
                &self.target.id,
                left,
                what,
                rule,
                format!("slammed into {what}"),
            );
            return;
        }
        let moved = out.moved.len();
        out.derivation.push(format!(
            "stopped after {moved} square{} by {what}",
            plural(moved)
        ));
        object_takes(
            self.board,
            self.target,
            out,
            2 + left,
            format!("2 + {left} left, run into {what}"),
        );
    }

    /// Move into square `i` of the path (`step`), or stop against what is there.
    fn step(
        &mut self,
        out: &mut ForcedOutcome,
        spec: &ForcedSpec,
        chosen: u32,
        i: usize,
        step: Square,
    ) -> Result<Flow, RuleError> {
        let n = i + 1;
        let left = chosen - self.spent;
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
            side: self.at.side,
        };
        // A vertical movement names the height of every step; any other keeps to the ground.
        let explicit = !spec.heights.is_empty();
        let next_z = if explicit { spec.heights[i] } else { self.z };
        if self.meets_creatures(out, next, next_z, left) {
            return Ok(Flow::Stop);
        }
        if let Some(flow) = self.meets_solid(out, spec, next, next_z, left) {
            return Ok(flow);
        }
        let step_dir = (step.x - self.at.origin.x, step.y - self.at.origin.y);
        if cuts_corner(self.at, step_dir, |s| self.is_solid(s, self.z.min(next_z))) {
            return Err(RuleError::new(
                rule::MOVE_CORNERS,
                format!("step {n} to {step} would cut the corner of a wall or object"),
            ));
        }
        let flow = if explicit {
            self.vertical_step(out, next, next_z, left)
        } else {
            self.ground_step(out, next, left)
        };
        if flow == Flow::Go {
            self.enter(out, next);
        }
        Ok(flow)
    }

    /// seed 002 L2766-2770: a creature in the way stops the movement; both take 1 per square
    /// left, the mover once however many it hits.
    fn meets_creatures(
        &self,
        out: &mut ForcedOutcome,
        next: Footprint,
        next_z: i32,
        left: u32,
    ) -> bool {
        let target = self.target;
        let in_way: Vec<&Body> = self
            .board
            .bodies
            .iter()
            .filter(|b| b.id != target.id && b.blocks() && b.footprint.overlaps(next))
            .filter(|b| b.z < next_z + target.height() && next_z < b.z + b.height())
            .collect();
        if in_way.is_empty() {
            return false;
        }
        let names: Vec<&str> = in_way.iter().map(|b| b.id.as_str()).collect();
        let names = names.join(" and ");
        let moved = out.moved.len();
        if target.object.is_some() {
            // seed 002 L2768: the object stops; the creature takes 1 per square left.
            out.derivation.push(format!(
                "stopped after {moved} square{} by {names}: {left} left, {left} damage to each creature",
                plural(moved)
            ));
            object_takes(
                self.board,
                self.target,
                out,
                left,
                format!("{left} left, run into {names}"),
            );
        } else {
            out.derivation.push(format!(
                "stopped after {moved} square{} by {names}: {left} left, {left} damage to each",
                plural(moved)
            ));
            out.hits.push(hit(
                &target.id,
                left,
                rule::FORCED_COLLISION_CREATURE,
                format!("slammed into {names}"),
            ));
        }
        let rule = if target.object.is_some() {
            rule::FORCED_OBJECT
        } else {
            rule::FORCED_COLLISION_CREATURE
        };
        for b in in_way {
            out.hits.push(hit(
                &b.id,
                left,
                rule,
                format!("{} slammed into it", target.id),
            ));
        }
        true
    }

    /// The edge of the map, a wall or an object in the squares entered: the target slams into
    /// it, or is hurled through objects it has the squares left to break (`None`: nothing
    /// solid in the way).
    fn meets_solid(
        &mut self,
        out: &mut ForcedOutcome,
        spec: &ForcedSpec,
        next: Footprint,
        next_z: i32,
        left: u32,
    ) -> Option<Flow> {
        let map = self.board.map;
        let off_map = entered(self.at, next).any(|s| !map.in_bounds(s));
        let walls: Vec<Square> = entered(self.at, next)
            .filter(|&s| map.terrain(s) == Some(Terrain::Wall) && map.solid_at(s, next_z))
            .collect();
        let objects: Vec<(Square, Material)> = entered(self.at, next)
            .filter(|&s| self.is_solid(s, next_z))
            .filter_map(|s| match map.terrain(s) {
                Some(Terrain::Object { material }) => Some((s, material)),
                _ => None,
            })
            .collect();
        if !off_map && walls.is_empty() && objects.is_empty() {
            return None;
        }
        let cost: u32 = objects.iter().map(|(_, m)| m.stamina_per_square()).sum();
        // seed 002 L2792: creatures are hurled through objects; a moved object stops.
        let hurled = self.target.object.is_none() && spec.break_objects;
        if !off_map && walls.is_empty() && hurled && left >= cost {
            self.hurl_through(out, &objects, next, next_z, left, cost);
            return Some(Flow::Go);
        }
        let what = if off_map {
            "the edge of the map".to_owned()
        } else if let Some(w) = walls.first() {
            format!("the wall at {w}")
        } else {
            format!("the {} at {}", material_name(objects[0].1), objects[0].0)
        };
        self.stop_against(out, left, &what, rule::FORCED_COLLISION_OBJECT);
        Some(Flow::Stop)
    }

    /// seed 002 L2792-2801: hurled through objects; their cost also carries it into the square.
    fn hurl_through(
        &mut self,
        out: &mut ForcedOutcome,
        objects: &[(Square, Material)],
        next: Footprint,
        next_z: i32,
        left: u32,
        cost: u32,
    ) {
        for &(sq, material) in objects {
            let c = material.stamina_per_square();
            out.hits.push(hit(
                &self.target.id,
                2 + c,
                rule::FORCED_HURL_THROUGH,
                format!("hurled through {material:?} at {sq}: {c} squares spent, 2 + {c} damage"),
            ));
            out.derivation.push(format!(
                "through the {} at {sq}: {left} left − {c} = {}, 2 + {c} = {} damage",
                material_name(material),
                left - c,
                2 + c
            ));
            self.broken.push(sq);
        }
        self.spent += cost;
        self.at = next;
        self.z = self.board.map.ground_under(self.at).max(next_z);
        out.moved.push(next.origin);
        out.moved_heights.push(self.z);
    }

    /// A step of a vertical movement: it goes to the height the forcer names, unless the
    /// ground is in the way.
    fn vertical_step(
        &mut self,
        out: &mut ForcedOutcome,
        next: Footprint,
        next_z: i32,
        left: u32,
    ) -> Flow {
        let map = self.board.map;
        let target = self.target;
        let step = next.origin;
        let g = map.ground_under(next);
        let through_dirt = target.depth > 0
            && next
                .squares()
                .all(|s| self.board.ground.burrowable(map, s, false));
        if next_z < g && !through_dirt {
            let standing = self.z == map.ground_under(self.at);
            if next_z < self.z && standing {
                // seed 002 L2780: forced down into the ground (digest A-2: the slam, and a
                // fall of the squares actually moved down, as if Agility were 0).
                self.stop_against(
                    out,
                    left,
                    &format!("the ground at {step}, forced down into it"),
                    rule::FORCED_DOWNWARD,
                );
                if self.dropped > 0 {
                    self.slammed_down = Some(Fall {
                        forced_down: true,
                        ..fall(self.board, target, self.at, self.dropped, 0)
                    });
                }
            } else {
                self.stop_against(
                    out,
                    left,
                    &format!("the ground at {step} (height {g})"),
                    rule::FORCED_COLLISION_OBJECT,
                );
            }
            return Flow::Stop;
        }
        let was_standing = self.z == map.ground_under(self.at);
        self.on_ground = next_z == g;
        if next_z > self.z {
            self.dropped = 0;
        } else if next_z < self.z && !(was_standing && self.on_ground) {
            self.dropped += 1;
        }
        self.z = next_z;
        Flow::Go
    }

    /// Slopes and ledges (seed 002 L2758-2760, L2803-2805): on the ground the target follows a
    /// slope of 1 per square; ground more than 1 higher is a face it slams into; lower ground
    /// leaves it over a drop, travelling on at its height until the movement ends.
    fn ground_step(&mut self, out: &mut ForcedOutcome, next: Footprint, left: u32) -> Flow {
        let step = next.origin;
        let g = self.board.map.ground_under(next);
        let z = self.z;
        if g > z + 1 || (!self.on_ground && g > z) {
            self.stop_against(
                out,
                left,
                &format!("the rise at {step} ({} up)", g - z),
                rule::FORCED_COLLISION_OBJECT,
            );
            return Flow::Stop;
        }
        if self.on_ground && (g - z).abs() <= 1 {
            self.z = g;
        } else {
            // Lower ground leaves it in the air; level ground under an airborne target
            // catches it.
            self.on_ground = g >= z;
        }
        Flow::Go
    }

    /// The target is in the square: a square of the distance spent, and damaging terrain
    /// under it hurts as if it had moved there willingly (seed 002 L2744).
    fn enter(&mut self, out: &mut ForcedOutcome, next: Footprint) {
        let from = self.at;
        self.spent += 1;
        self.at = next;
        out.moved.push(next.origin);
        out.moved_heights.push(self.z);
        // Damaging terrain hurts creatures (seed 002 L2728), not a moved object.
        if !self.on_ground || self.target.object.is_some() {
            return;
        }
        for s in entered(from, next) {
            if let Some(Terrain::Damaging { damage }) = self.board.map.terrain(s) {
                out.hits.push(hit(
                    &self.target.id,
                    damage,
                    rule::DAMAGING_TERRAIN,
                    format!("forced into damaging terrain at {s}"),
                ));
            }
        }
    }

    /// Where the movement leaves the target: a fall after being forced into the ground, still
    /// in the dirt, aloft (a flier, or a rider knocked off), or falling from where it is.
    fn finish(self, out: &mut ForcedOutcome) {
        let target = self.target;
        let (z, dropped) = (self.z, self.dropped);
        out.end = self.at.origin;
        out.broken = self.broken;
        let ground = self.board.map.ground_under(self.at);
        if let Some(f) = self.slammed_down {
            out.derivation.push(format!(
                "forced down {} square{} before it: a fall as if Agility were 0, {}",
                f.height,
                plural(f.height as usize),
                fall_words(&f)
            ));
            out.fall = Some(f);
        } else if z < ground {
            // Still in the dirt: it burrows on where it was moved (seed 002 L2642).
            out.depth = (ground - z) as u32;
            if out.depth != target.depth {
                out.derivation
                    .push(format!("ends {} squares down in the dirt", out.depth));
            }
        } else if target.flies || target.rider {
            // A flier stays aloft where the movement leaves it (seed 002 L2758); a rider is left
            // where it was moved to, and comes down after (seed 002 L3129; digest A-18).
            out.altitude = (z - ground).max(0) as u32;
            if target.rider && !out.moved.is_empty() {
                out.derivation.push(
                    "knocked off what it rides: it comes down here, landing as its hold-on roll says"
                        .into(),
                );
            }
        } else if z > ground || dropped > 0 {
            // seed 002 L2758, L2803-2805: left in the air, it falls once the movement is over,
            // from where it last rose (digest A-2: squares forced down count toward the fall).
            let mut f = fall(
                self.board,
                target,
                self.at,
                dropped + (z - ground) as u32,
                target.agility,
            );
            // Prone is for creatures.
            f.prone &= target.object.is_none();
            out.derivation.push(format!(
                "falls {} square{}: {}",
                f.height,
                plural(f.height as usize),
                fall_words(&f)
            ));
            out.fall = Some(f);
        }
        if z >= ground && !out.moved.is_empty() {
            out.depth = 0;
        }
        if let Some(f) = out
            .fall
            .clone()
            .filter(|f| f.damage > 0 && target.object.is_some())
        {
            let why = format!("a fall of {} squares", f.height);
            object_takes(self.board, target, out, f.damage, why);
        }
        if out.moved.is_empty() && out.hits.is_empty() {
            out.derivation.push("does not move".into());
        }
    }
}

/// Damage to a moved object: as a creature would take it, under the optional rule
/// (seed 002 L2782-2790); otherwise none, and the derivation says so.
fn object_takes(board: &Board, target: &Body, out: &mut ForcedOutcome, amount: u32, why: String) {
    if !board.track_object_damage {
        out.derivation
            .push("the object is unharmed (objects' damage is not tracked)".into());
        return;
    }
    out.derivation
        .push(format!("the object takes {amount} ({why})"));
    out.hits
        .push(hit(&target.id, amount, rule::FORCED_OBJECT_DAMAGE, why));
}

/// The squares of `next` the target's space was not already in when it stood at `at`.
fn entered(at: Footprint, next: Footprint) -> impl Iterator<Item = Square> {
    next.squares().filter(move |&s| !at.contains(s))
}
