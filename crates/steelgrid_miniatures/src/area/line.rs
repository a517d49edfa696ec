//! Line X (seed 000 L106-112, a rewritten rule; digest A5, Part E 2).
//!
//! The attacker picks an origin, a corner of its own space (the rulebook's diagram is not in the
//! seed: Part E 2 takes any corner whose line stays out of the space). The line runs to the
//! corner of the chosen square farthest from it and affects the squares whose inside it passes
//! through, up to X of them, until a wall stops it.

use steelgrid_kernel::grid::{Footprint, Map, Square, segment_crosses_square_interior};
use steelgrid_kernel::rule::RuleError;

use super::{AreaOptions, Corner, LineEnd, LineReach, nearest, unit};
use crate::rule::area as rule;

/// The end point of a line aimed at `target` (seed 000 L110): the corner of that square farthest
/// from the origin. A corner is never level with a square's middle, so there is one.
pub fn end_point(origin: Corner, target: Square) -> Corner {
    let far = |from: i32, low: i32| if from <= low { low + 1 } else { low };
    (far(origin.0, target.x), far(origin.1, target.y))
}

/// The corners of the attacker's space a line at `target` may start from, in (x, y) order: those
/// whose line to the end point passes through none of the attacker's own squares (seed 000 L110;
/// Part E 2). A target in the attacker's own space has none.
pub fn line_origins(attacker: Footprint, target: Square) -> Vec<Corner> {
    corners(attacker)
        .filter(|&origin| !crosses_space(attacker, origin, end_point(origin, target)))
        .collect()
}

/// The squares a Line `x` from `origin` toward `target` affects, nearest the origin first
/// (seed 000 L110-112), or the reason it cannot be drawn. Each creature in them takes one
/// attack ([`super::affected`]); the attacker needs no line of sight to them (L112).
pub fn line(
    map: &Map,
    attacker: Footprint,
    origin: Corner,
    target: Square,
    x: u32,
    options: AreaOptions,
) -> Result<Vec<Square>, RuleError> {
    let end = legal_end(attacker, origin, target)?;
    let end = match options.line_end {
        LineEnd::AtChosenSquare => end,
        LineEnd::FullReach => run_on(origin, end, reach_on(map, x)),
    };
    let passed = stop_at_walls(map, attacker, squares_passed(origin, end));
    Ok(within_reach(passed, attacker, x, options))
}

/// The end point, once the origin is known to be a corner of the attacker's space from which
/// the line stays out of it (seed 000 L110).
fn legal_end(attacker: Footprint, origin: Corner, target: Square) -> Result<Corner, RuleError> {
    let (x, y) = origin;
    if !corners(attacker).any(|c| c == origin) {
        return Err(RuleError::new(
            rule::LINE_ORIGIN,
            format!("a line starts at a corner of its attacker's space, and ({x}, {y}) is not"),
        ));
    }
    let end = end_point(origin, target);
    if crosses_space(attacker, origin, end) {
        return Err(RuleError::new(
            rule::LINE_ORIGIN,
            format!("a line from ({x}, {y}) to {target} would pass through the attacker's space"),
        ));
    }
    Ok(end)
}

/// Every grid point on or inside the space: its squares' corners. One inside a big space never
/// passes the test against crossing it, since no line runs along a grid line (Part E 2).
fn corners(space: Footprint) -> impl Iterator<Item = Corner> {
    let (x0, y0, side) = (space.origin.x, space.origin.y, space.side);
    (x0..=x0 + side).flat_map(move |x| (y0..=y0 + side).map(move |y| (x, y)))
}

fn crosses_space(space: Footprint, a: Corner, b: Corner) -> bool {
    space
        .squares()
        .any(|sq| segment_crosses_square_interior(a, b, sq))
}

/// The squares whose inside the segment a→b passes through, from a (seed 000 L110, L112): one
/// it only touches at a corner or runs along the edge of is not among them.
fn squares_passed(a: Corner, b: Corner) -> Vec<Square> {
    let (dx, dy) = (i64::from(b.0 - a.0), i64::from(b.1 - a.1));
    let mut passed: Vec<Square> = (a.1.min(b.1)..a.1.max(b.1))
        .flat_map(|y| (a.0.min(b.0)..a.0.max(b.0)).map(move |x| Square::new(x, y)))
        .filter(|&sq| segment_crosses_square_interior(a, b, sq))
        .collect();
    // The next square entered is one step on in x, in y or in both, the way the line runs, so
    // its middle projects further along the line: order by that projection (doubled: whole).
    passed.sort_by_key(|sq| {
        let along = |at: i32, from: i32| i64::from(2 * at + 1 - 2 * from);
        along(sq.x, a.0) * dx + along(sq.y, a.1) * dy
    });
    passed
}

/// The squares before the first that blocks line of effect at the attacker's feet: a wall, a
/// solid object (a low one only if it rises above the feet) or the map's edge (seed 000 L110).
/// As the kernel's line of effect has it, a line slipping between two such squares that meet
/// corner to corner is stopped there too.
fn stop_at_walls(map: &Map, attacker: Footprint, passed: Vec<Square>) -> Vec<Square> {
    let feet = map.ground_under(attacker);
    let blocks = |sq: Square| map.solid_at(sq, feet);
    let mut open: Vec<Square> = Vec::new();
    for sq in passed {
        let pinched = open.last().is_some_and(|prev| {
            prev.x != sq.x
                && prev.y != sq.y
                && blocks(Square::new(prev.x, sq.y))
                && blocks(Square::new(sq.x, prev.y))
        });
        if pinched || blocks(sq) {
            break;
        }
        open.push(sq);
    }
    open
}

/// X limits the line (seed 000 L110, L112; Part E 2 chooses what it counts).
fn within_reach(
    passed: Vec<Square>,
    attacker: Footprint,
    x: u32,
    options: AreaOptions,
) -> Vec<Square> {
    match options.line_reach {
        LineReach::SquaresTraversed => passed
            .into_iter()
            .take(usize::try_from(x).unwrap_or(usize::MAX))
            .collect(),
        LineReach::Range => passed
            .into_iter()
            .take_while(|&sq| nearest(attacker, unit(sq), options.diagonals) <= x)
            .collect(),
    }
}

/// How far past a nearer chosen square a line running to its full reach must be drawn: X + 1
/// columns or rows, no more than the map could hold.
fn reach_on(map: &Map, x: u32) -> u32 {
    let most = u32::try_from(map.width.max(0) + map.height.max(0)).unwrap_or(u32::MAX);
    x.min(most) + 1
}

/// Part E 2, the other reading: the chosen square only aims the line, which runs on the same way
/// until it spans at least `span` columns or rows.
fn run_on(origin: Corner, end: Corner, span: u32) -> Corner {
    let (dx, dy) = (end.0 - origin.0, end.1 - origin.1);
    let major = dx.unsigned_abs().max(dy.unsigned_abs()).max(1);
    let times = i32::try_from(span.div_ceil(major).max(1)).unwrap_or(1);
    (origin.0 + times * dx, origin.1 + times * dy)
}

#[cfg(test)]
mod tests {
    use super::super::affected;
    use super::super::testing::{open_map, space, squares, with_walls};
    use super::*;

    // The digest's cases draw y growing north and the kernel y growing down the page: every
    // case below is its figure mirrored top to bottom, with the same numbers, since nothing in
    // a line's geometry has an up or a down.

    fn line3(map: &Map, origin: Corner, target: (i32, i32)) -> Vec<Square> {
        let target = Square::new(target.0, target.1);
        line(
            map,
            space(0, 0, 1),
            origin,
            target,
            3,
            AreaOptions::default(),
        )
        .unwrap_or_default()
    }

    #[test]
    fn dnd_44_a_shallow_line_3_from_the_far_corner_hits_three_squares() {
        let map = open_map(6, 6);
        assert_eq!(end_point((1, 1), Square::new(3, 1)), (4, 2));
        assert_eq!(
            line3(&map, (1, 1), (3, 1)),
            squares(&[(1, 1), (2, 1), (3, 1)])
        );
        // One attack against each creature there, allies included, never the attacker.
        let creatures = [
            ("attacker", space(0, 0, 1)),
            ("ally", space(2, 1, 1)),
            ("enemy", space(3, 1, 1)),
            ("beside", space(2, 2, 1)),
        ];
        let hit = line3(&map, (1, 1), (3, 1));
        assert_eq!(
            affected(&hit, "attacker", &creatures),
            vec!["ally", "enemy"]
        );
        // Corner (0,0) would cross the attacker's square; (1,0) and (0,1) are legal.
        assert_eq!(
            line_origins(space(0, 0, 1), Square::new(3, 1)),
            vec![(0, 1), (1, 0), (1, 1)]
        );
        let crossing = line(
            &map,
            space(0, 0, 1),
            (0, 0),
            Square::new(3, 1),
            3,
            AreaOptions::default(),
        );
        assert_eq!(crossing.map_err(|e| e.rule.id), Err("ddm.area.line_origin"));
    }

    #[test]
    fn dnd_44_the_other_corners_give_four_square_lines_that_need_line_4() {
        let map = open_map(6, 6);
        let four = |origin| {
            line(
                &map,
                space(0, 0, 1),
                origin,
                Square::new(3, 1),
                4,
                AreaOptions::default(),
            )
        };
        assert_eq!(four((1, 0)), Ok(squares(&[(1, 0), (2, 0), (2, 1), (3, 1)])));
        assert_eq!(four((0, 1)), Ok(squares(&[(0, 1), (1, 1), (2, 1), (3, 1)])));
        // Line 3 stops a square short of the target.
        assert_eq!(
            line3(&map, (1, 0), (3, 1)),
            squares(&[(1, 0), (2, 0), (2, 1)])
        );
        assert_eq!(
            line3(&map, (0, 1), (3, 1)),
            squares(&[(0, 1), (1, 1), (2, 1)])
        );
    }

    #[test]
    fn dnd_46_a_diagonal_line_skips_the_squares_it_touches_only_at_corners() {
        let map = open_map(6, 6);
        assert_eq!(end_point((1, 1), Square::new(3, 3)), (4, 4));
        let hit = line3(&map, (1, 1), (3, 3));
        assert_eq!(hit, squares(&[(1, 1), (2, 2), (3, 3)]));
        for corner_only in squares(&[(1, 2), (2, 1), (2, 3), (3, 2)]) {
            assert!(!hit.contains(&corner_only));
        }
    }

    #[test]
    fn dnd_47_a_wall_stops_the_line_before_itself() {
        let map = with_walls(open_map(6, 6), &[(2, 1)]);
        assert_eq!(line3(&map, (1, 1), (3, 1)), squares(&[(1, 1)]));
    }

    #[test]
    fn a_line_through_a_grid_point_takes_the_squares_it_enters_and_not_the_two_it_touches() {
        // From (1,1) to the far corner (5,3) of (4,2): through the point (3,2), where (2,1) and
        // (3,2) are entered as well as touched, and (2,2) and (3,1) are only touched.
        let map = open_map(6, 6);
        let hit = line(
            &map,
            space(0, 0, 1),
            (1, 1),
            Square::new(4, 2),
            4,
            AreaOptions::default(),
        );
        assert_eq!(hit, Ok(squares(&[(1, 1), (2, 1), (3, 2), (4, 2)])));
    }

    #[test]
    fn a_wall_touched_only_at_a_corner_does_not_stop_a_line_but_two_meeting_there_do() {
        let one = with_walls(open_map(6, 6), &[(2, 1)]);
        assert_eq!(
            line3(&one, (1, 1), (3, 3)),
            squares(&[(1, 1), (2, 2), (3, 3)])
        );
        let two = with_walls(open_map(6, 6), &[(2, 1), (1, 2)]);
        assert_eq!(line3(&two, (1, 1), (3, 3)), squares(&[(1, 1)]));
    }

    #[test]
    fn a_line_ends_at_a_nearer_chosen_square_and_stops_at_the_map_edge() {
        let map = open_map(3, 3);
        assert_eq!(line3(&map, (1, 1), (1, 1)), squares(&[(1, 1)]));
        // Toward (3,3), off the 3×3 map: cut at its edge.
        assert_eq!(line3(&map, (1, 1), (3, 3)), squares(&[(1, 1), (2, 2)]));
    }

    #[test]
    fn a_line_never_starts_off_the_attackers_space_nor_aims_into_it() {
        let map = open_map(6, 6);
        let off = line(
            &map,
            space(0, 0, 1),
            (2, 2),
            Square::new(3, 3),
            3,
            AreaOptions::default(),
        );
        assert_eq!(off.map_err(|e| e.rule.id), Err("ddm.area.line_origin"));
        assert_eq!(
            line_origins(space(0, 0, 2), Square::new(1, 1)),
            Vec::<Corner>::new()
        );
    }

    #[test]
    fn a_big_attacker_starts_a_line_at_a_corner_on_the_side_facing_the_target() {
        let large = space(0, 0, 2);
        assert_eq!(
            line_origins(large, Square::new(4, 1)),
            vec![(2, 0), (2, 1), (2, 2)]
        );
        let map = open_map(6, 6);
        let hit = line(
            &map,
            large,
            (2, 1),
            Square::new(4, 1),
            3,
            AreaOptions::default(),
        );
        // From (2,1) to (5,2): slope 1/3 through (2,1), (3,1) and (4,1).
        assert_eq!(hit, Ok(squares(&[(2, 1), (3, 1), (4, 1)])));
    }

    #[test]
    fn part_e_2_line_reach_as_range_keeps_every_square_within_x() {
        // From (0,1) at (3,1): four squares, all within 3 of the attacker at (0,0).
        let map = open_map(6, 6);
        let range = AreaOptions {
            line_reach: LineReach::Range,
            ..AreaOptions::default()
        };
        let hit = line(&map, space(0, 0, 1), (0, 1), Square::new(3, 1), 3, range);
        assert_eq!(hit, Ok(squares(&[(0, 1), (1, 1), (2, 1), (3, 1)])));
        let hit = line(&map, space(0, 0, 1), (0, 1), Square::new(3, 1), 2, range);
        assert_eq!(hit, Ok(squares(&[(0, 1), (1, 1), (2, 1)])));
    }

    #[test]
    fn part_e_2_a_line_run_to_full_reach_goes_past_a_nearer_square() {
        let map = open_map(8, 8);
        let full = AreaOptions {
            line_end: LineEnd::FullReach,
            ..AreaOptions::default()
        };
        let hit = line(&map, space(0, 0, 1), (1, 1), Square::new(1, 1), 3, full);
        assert_eq!(hit, Ok(squares(&[(1, 1), (2, 2), (3, 3)])));
        let hit = line(&map, space(0, 0, 1), (1, 1), Square::new(2, 1), 3, full);
        assert_eq!(hit, Ok(squares(&[(1, 1), (2, 1), (3, 2)])));
    }
}
