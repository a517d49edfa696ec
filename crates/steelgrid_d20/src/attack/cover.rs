//! Cover (seed 001 L201-213): lines from a corner of the attacker's square to the corners of the
//! target's; a wall, a creature or a near low wall in the way gives the target +4 AC, and no
//! line at all is total cover.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::{Footprint, Map, Square, segment_crosses_square_interior};

use crate::measure;
use crate::options::{PartialCover, TouchingLine};
use crate::terrain::{Border, Features};

/// What stands between an attacker and its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Cover {
    None,
    /// Creatures in the way of a ranged attack: +4 AC, no Reflex bonus (seed 001 L209).
    Soft,
    /// More than half the target in view, where the option allows it: +2 AC, +1 Reflex (seed
    /// 001 L211).
    Partial,
    /// A wall, an object or a low wall: +4 AC, +2 Reflex (seed 001 L203).
    Cover,
    /// No line of effect: the target cannot be attacked (seed 001 L212).
    Total,
}

impl Cover {
    /// The bonus to AC (seed 001 L182, L209).
    pub fn ac_bonus(self) -> i32 {
        match self {
            Cover::None | Cover::Total => 0,
            Cover::Partial => 2,
            Cover::Soft | Cover::Cover => 4,
        }
    }
}

/// A low wall covers only a target within 30 feet of it, and not against an attacker nearer to
/// it than the target (seed 001 L205; AMB-27: measured from the nearest square of each space).
pub const LOW_WALL_REACH: i32 = 6;

/// Everything the cover test reads.
#[derive(Clone, Copy)]
pub struct Board<'a> {
    pub map: &'a Map,
    pub features: &'a Features,
    /// Every other creature's space: soft cover against ranged attacks.
    pub creatures: &'a [Footprint],
    pub touching: TouchingLine,
    pub partial: PartialCover,
}

/// The cover `target` has against a melee attack from an adjacent `attacker` (seed 001 L204,
/// L210): it has cover only if every pair of a square of each (the attacker picks, and may use
/// any square of a big target) has a line between their corners through a wall or low wall.
pub fn against_melee(board: Board, attacker: Footprint, target: Footprint) -> Cover {
    if !board.map.line_of_effect(attacker, target) {
        return Cover::Total;
    }
    let covered = |a: Square, t: Square| {
        corners(unit(a)).iter().any(|&p| {
            corners(unit(t))
                .iter()
                .any(|&q| board.wall_between(p, q, attacker, target))
        })
    };
    let adjacent_pairs = attacker.squares().flat_map(|a| {
        target
            .squares()
            .filter(move |t| (a.x - t.x).abs() <= 1 && (a.y - t.y).abs() <= 1)
            .map(move |t| (a, t))
    });
    let mut pairs = adjacent_pairs.peekable();
    if pairs.peek().is_none() {
        return against_ranged(board, attacker, target);
    }
    if pairs.all(|(a, t)| covered(a, t)) {
        Cover::Cover
    } else {
        Cover::None
    }
}

/// The cover `target` has against a ranged attack, or a melee attack with reach (seed 001
/// L203, L209): the attacker picks the corner of its space that sees best; from it, any line to
/// a corner of the target through a wall or a near low wall is cover, through a creature soft
/// cover.
pub fn against_ranged(board: Board, attacker: Footprint, target: Footprint) -> Cover {
    if !board.map.line_of_effect(attacker, target) {
        return Cover::Total;
    }
    let from_corner = |p: (i32, i32)| {
        let lines = corners(target);
        let walled = lines
            .iter()
            .filter(|&&q| board.wall_between(p, q, attacker, target))
            .count();
        if walled == 1 && board.partial == PartialCover::MoreThanHalfVisible {
            Cover::Partial
        } else if walled > 0 {
            Cover::Cover
        } else if lines
            .iter()
            .any(|&q| board.creature_between(p, q, attacker, target))
        {
            Cover::Soft
        } else {
            Cover::None
        }
    };
    attacker
        .squares()
        .flat_map(|sq| corners(unit(sq)))
        .map(from_corner)
        .min()
        .unwrap_or(Cover::None)
}

impl Board<'_> {
    /// A wall, a solid object or a low wall that counts (seed 001 L205) on the line p→q.
    fn wall_between(&self, p: (i32, i32), q: (i32, i32), from: Footprint, to: Footprint) -> bool {
        let solid = around(p, q).any(|sq| {
            !from.contains(sq)
                && !to.contains(sq)
                && self.map.in_bounds(sq)
                && self.map.is_solid(sq)
                && self.crosses_square(p, q, sq)
        });
        solid
            || self.features.low_walls.iter().any(|&wall| {
                self.low_wall_counts(wall, from, to) && self.crosses_border(p, q, wall)
            })
    }

    fn creature_between(
        &self,
        p: (i32, i32),
        q: (i32, i32),
        from: Footprint,
        to: Footprint,
    ) -> bool {
        self.creatures
            .iter()
            .filter(|c| **c != from && **c != to)
            .any(|c| {
                c.squares()
                    .any(|sq| segment_crosses_square_interior(p, q, sq))
            })
    }

    /// seed 001 L205: the target is within 30 feet of the low wall, and the attacker is not
    /// nearer to it than the target.
    fn low_wall_counts(&self, wall: Border, attacker: Footprint, target: Footprint) -> bool {
        let gap = |fp: Footprint| {
            measure::footprint_to_square(fp, wall.0).min(measure::footprint_to_square(fp, wall.1))
        };
        gap(target) <= LOW_WALL_REACH && gap(attacker) >= gap(target)
    }

    fn crosses_square(&self, p: (i32, i32), q: (i32, i32), sq: Square) -> bool {
        match self.touching {
            TouchingLine::NotCrossing => segment_crosses_square_interior(p, q, sq),
            TouchingLine::Crossing => {
                let (x0, y0, x1, y1) = (sq.x, sq.y, sq.x + 1, sq.y + 1);
                [
                    ((x0, y0), (x1, y0)),
                    ((x1, y0), (x1, y1)),
                    ((x1, y1), (x0, y1)),
                    ((x0, y1), (x0, y0)),
                ]
                .iter()
                .any(|&(a, b)| segments_meet(p, q, a, b, true))
                    || segment_crosses_square_interior(p, q, sq)
            }
        }
    }

    fn crosses_border(&self, p: (i32, i32), q: (i32, i32), wall: Border) -> bool {
        let (a, b) = wall.segment();
        segments_meet(p, q, a, b, self.touching == TouchingLine::Crossing)
    }
}

/// The four corners of a space, as grid points.
pub(super) fn corners(fp: Footprint) -> [(i32, i32); 4] {
    let (x, y, s) = (fp.origin.x, fp.origin.y, fp.side);
    [(x, y), (x + s, y), (x, y + s), (x + s, y + s)]
}

pub(super) fn unit(sq: Square) -> Footprint {
    Footprint {
        origin: sq,
        side: 1,
    }
}

/// The squares a segment between two grid points might pass through.
pub(super) fn around(p: (i32, i32), q: (i32, i32)) -> impl Iterator<Item = Square> {
    let (x0, x1) = (p.0.min(q.0), p.0.max(q.0));
    let (y0, y1) = (p.1.min(q.1), p.1.max(q.1));
    (y0 - 1..=y1).flat_map(move |y| (x0 - 1..=x1).map(move |x| Square::new(x, y)))
}

/// Whether segments p→q and a→b meet: strictly inside both when `touching` is false (AMB-25:
/// a line that only touches is not crossing), anywhere at all when it is true.
fn segments_meet(
    p: (i32, i32),
    q: (i32, i32),
    a: (i32, i32),
    b: (i32, i32),
    touching: bool,
) -> bool {
    let orient = |o: (i32, i32), s: (i32, i32), t: (i32, i32)| {
        i64::from(s.0 - o.0) * i64::from(t.1 - o.1) - i64::from(s.1 - o.1) * i64::from(t.0 - o.0)
    };
    let (o1, o2) = (orient(p, q, a), orient(p, q, b));
    let (o3, o4) = (orient(a, b, p), orient(a, b, q));
    if o1 * o2 < 0 && o3 * o4 < 0 {
        return true;
    }
    if !touching {
        return false;
    }
    let on = |o: (i32, i32), s: (i32, i32), t: (i32, i32)| {
        orient(o, s, t) == 0
            && (o.0.min(s.0)..=o.0.max(s.0)).contains(&t.0)
            && (o.1.min(s.1)..=o.1.max(s.1)).contains(&t.1)
    };
    if o1 == 0 && o2 == 0 {
        return on(p, q, a) || on(p, q, b) || on(a, b, p) || on(a, b, q);
    }
    o1 * o2 <= 0 && o3 * o4 <= 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_kernel::grid::{Cell, Terrain};

    fn open_map(w: i32, h: i32) -> Map {
        Map {
            width: w,
            height: h,
            cells: vec![Cell::default(); (w * h) as usize],
            zones: Default::default(),
        }
    }

    fn at(x: i32, y: i32) -> Footprint {
        unit(Square::new(x, y))
    }

    fn board<'a>(map: &'a Map, features: &'a Features, creatures: &'a [Footprint]) -> Board<'a> {
        Board {
            map,
            features,
            creatures,
            touching: TouchingLine::NotCrossing,
            partial: PartialCover::GmOnly,
        }
    }

    #[test]
    fn dnd_28_a_low_wall_covers_a_target_beside_it_not_one_the_archer_is_nearer_and_not_past_30_feet()
     {
        let map = open_map(20, 3);
        let mut features = Features::default();
        features
            .low_walls
            .insert(Border::between(Square::new(4, 0), Square::new(5, 0)).unwrap());
        let b = board(&map, &features, &[]);
        // Case 1: the archer at (0,0), the target at (5,0) against the wall: +4 AC.
        assert_eq!(against_ranged(b, at(0, 0), at(5, 0)), Cover::Cover);
        assert_eq!(against_ranged(b, at(0, 0), at(5, 0)).ac_bonus(), 4);
        // Case 2: the archer at (4,0) is nearer the wall than the target at (9,0): ignored.
        assert_eq!(against_ranged(b, at(4, 0), at(9, 0)), Cover::None);
        // Case 3: the target at (15,0) is more than 30 feet from it: none.
        assert_eq!(against_ranged(b, at(0, 0), at(15, 0)), Cover::None);
        // A target 20 feet behind it is covered from an archer farther off on the other side,
        // and not from one nearer the wall than itself.
        assert_eq!(against_ranged(b, at(12, 0), at(0, 0)), Cover::Cover);
        assert_eq!(against_ranged(b, at(0, 0), at(11, 0)), Cover::None);
    }

    #[test]
    fn a_creature_in_the_way_of_an_arrow_is_soft_cover_and_nothing_in_melee() {
        let map = open_map(10, 3);
        let features = Features::default();
        let creatures = [at(3, 1), at(0, 1), at(6, 1)];
        let b = board(&map, &features, &creatures);
        assert_eq!(against_ranged(b, at(0, 1), at(6, 1)), Cover::Soft);
        assert_eq!(against_melee(b, at(2, 1), at(3, 1)), Cover::None);
    }

    #[test]
    fn a_wall_on_the_corner_between_two_diagonal_neighbours_covers_in_melee() {
        // seed 001 L216 (figure 2): the rogue beside the ogre with a wall on the line.
        let mut map = open_map(5, 5);
        map.cells[5 + 2].terrain = Terrain::Wall; // (2,1)
        let features = Features::default();
        let b = board(&map, &features, &[]);
        assert_eq!(against_melee(b, at(1, 1), at(2, 2)), Cover::Cover);
        assert_eq!(against_melee(b, at(1, 2), at(2, 2)), Cover::None);
    }

    #[test]
    fn behind_a_wall_is_total_cover_and_beside_a_pillar_cover() {
        let mut map = open_map(7, 5);
        for y in 0..5 {
            map.cells[(y * 7 + 3) as usize].terrain = Terrain::Wall;
        }
        let features = Features::default();
        let b = board(&map, &features, &[]);
        assert_eq!(against_ranged(b, at(0, 2), at(6, 2)), Cover::Total);
        let mut pillar = open_map(7, 5);
        pillar.cells[(2 * 7 + 3) as usize].terrain = Terrain::Wall;
        let b = board(&pillar, &features, &[]);
        assert_eq!(against_ranged(b, at(0, 2), at(4, 2)), Cover::Cover);
        assert_eq!(against_ranged(b, at(0, 0), at(6, 0)), Cover::None);
    }

    #[test]
    fn amb_25_a_line_along_a_wall_edge_or_through_its_corner_crosses_it_only_under_the_other_reading()
     {
        let mut map = open_map(6, 6);
        map.cells[(2 * 6 + 2) as usize].terrain = Terrain::Wall; // (2,2)
        let features = Features::default();
        let mut b = board(&map, &features, &[]);
        let (from, to) = (at(0, 0), at(5, 5));
        // Along the wall's top edge, and through its corner point only.
        assert!(!b.wall_between((0, 2), (6, 2), from, to));
        assert!(!b.wall_between((0, 4), (4, 0), from, to));
        // Through its middle, under either reading.
        assert!(b.wall_between((0, 0), (6, 6), from, to));
        b.touching = TouchingLine::Crossing;
        assert!(b.wall_between((0, 2), (6, 2), from, to));
        assert!(b.wall_between((0, 4), (4, 0), from, to));
        assert!(!b.wall_between((0, 0), (6, 1), from, to));
    }

    #[test]
    fn a_pillar_between_corners_covers_from_every_corner() {
        let mut map = open_map(6, 6);
        map.cells[(2 * 6 + 2) as usize].terrain = Terrain::Wall; // (2,2)
        let features = Features::default();
        let b = board(&map, &features, &[]);
        assert_eq!(against_ranged(b, at(0, 4), at(4, 0)), Cover::Cover);
        assert_eq!(against_ranged(b, at(1, 0), at(5, 0)), Cover::None);
    }
}
