//! Area shapes: which squares an aura, burst, cube, line or wall covers on the map
//! (seed 002 L1448-1484). Pure geometry: no creatures, no targeting, no effects.
//!
//! Every function returns its squares sorted row by row (by `y`, then `x`) without duplicates,
//! so the same placement always gives the same list.
//!
//! seed 002 L1452: a placed area ("within X") needs an **origin square** within X of the user and
//! in the user's line of effect. L1454: the area may include squares the user has no line of
//! effect to, but it does not pass through walls or bend round corners; here that reads as "line
//! of effect for area squares is traced from the origin", so a square behind a solid barrier
//! relative to the origin (the user's space for an aura or burst, the origin square otherwise) is
//! left out. Out-of-bounds and solid squares are never part of an area.

pub use crate::terms::ability::Direction;

use crate::grid::{Footprint, Map, Square};

/// The first square of a line leaving `user`'s space in `dir`: the one beside its edge (or
/// corner) that way, where a "line within 1" starts.
pub fn line_start(user: Footprint, dir: Direction) -> Square {
    let (dx, dy) = dir.step();
    let beside = |o: i32, d: i32| match d {
        1 => o + user.side,
        -1 => o - 1,
        _ => o,
    };
    Square::new(beside(user.origin.x, dx), beside(user.origin.y, dy))
}

/// The top-left square of a `side` cube centred (as nearly as its size allows) on `centre`.
pub fn cube_corner(centre: Square, side: u32) -> Square {
    let half = (side as i32 - 1) / 2;
    Square::new(centre.x - half, centre.y - half)
}

/// The 1×1 space of a single square, for footprint distance and line of effect.
fn unit(sq: Square) -> Footprint {
    Footprint {
        origin: sq,
        side: 1,
    }
}

/// "1 square", "5 squares".
fn squares_word(n: u32) -> String {
    if n == 1 {
        "1 square".to_owned()
    } else {
        format!("{n} squares")
    }
}

/// Whether `sq` may be part of an area traced from `from`: on the map, not solid, and in line of
/// effect of `from` (seed 002 L1454).
fn reachable(map: &Map, from: Footprint, sq: Square) -> bool {
    map.in_bounds(sq) && !map.is_solid(sq) && map.line_of_effect(from, unit(sq))
}

/// Sorted row-major (by `y`, then `x`) and deduplicated.
fn row_major(mut squares: Vec<Square>) -> Vec<Square> {
    squares.sort_by_key(|s| (s.y, s.x));
    squares.dedup();
    squares
}

/// Checks an origin square for a placed area (seed 002 L1452): on the map, not solid, within
/// `within` squares of the user's space and in the user's line of effect.
fn check_origin(map: &Map, user: Footprint, origin: Square, within: u32) -> Result<(), String> {
    if !map.in_bounds(origin) {
        return Err(format!("the origin {origin} is off the map"));
    }
    if map.is_solid(origin) {
        return Err(format!("the origin {origin} is a solid square"));
    }
    let away = user.distance(unit(origin));
    if away > within {
        return Err(format!(
            "the origin {origin} is {} away; this area is placed within {within}",
            squares_word(away)
        ));
    }
    if !map.line_of_effect(user, unit(origin)) {
        return Err(format!("you have no line of effect to the origin {origin}"));
    }
    Ok(())
}

/// The squares of an **aura** or **burst** of radius `radius` (seed 002 L1458-1465; digest
/// readings of L129, L143: the area spreads outward from the edge of the user's space).
///
/// A square is covered when it is 1 to `radius` squares from the user's space (nearest square to
/// nearest square), on the map, not solid, and in line of effect of the user's space. The user's
/// own squares are not part of the area.
pub fn burst(map: &Map, user: Footprint, radius: u32) -> Vec<Square> {
    let r = radius as i32;
    let (x0, y0, side) = (user.origin.x, user.origin.y, user.side);
    let squares = (y0 - r..y0 + side + r)
        .flat_map(|y| (x0 - r..x0 + side + r).map(move |x| Square::new(x, y)))
        .filter(|&sq| (1..=radius).contains(&user.distance(unit(sq))))
        .filter(|&sq| reachable(map, user, sq))
        .collect();
    row_major(squares)
}

/// The squares of a **cube** `side` placed **within** `within`, its top-left square at `corner`
/// (seed 002 L1452-1454, L1466-1468).
///
/// The origin is the first square of the block in row-major order that is on the map, not solid,
/// within `within` of the user's space and in the user's line of effect; placement fails when the
/// block has no such square. The area is the block's on-map, non-solid squares in line of effect
/// of that origin.
pub fn cube(
    map: &Map,
    user: Footprint,
    corner: Square,
    side: u32,
    within: u32,
) -> Result<Vec<Square>, String> {
    if side == 0 {
        return Err("a cube needs a side of at least 1 square".to_owned());
    }
    let block: Vec<Square> = Footprint {
        origin: corner,
        side: side as i32,
    }
    .squares()
    .collect();
    let Some(origin) = block
        .iter()
        .copied()
        .find(|&sq| check_origin(map, user, sq, within).is_ok())
    else {
        let nearest = block
            .iter()
            .copied()
            .min_by_key(|&sq| (user.distance(unit(sq)), sq.y, sq.x))
            .unwrap_or(corner);
        let away = user.distance(unit(nearest));
        return Err(if away > within {
            format!(
                "the nearest square of the cube, {nearest}, is {} away; this area is placed \
                 within {within}",
                squares_word(away)
            )
        } else {
            format!(
                "no square of the cube within {within} is open and in your line of effect, so \
                 it has no origin square"
            )
        });
    };
    let from = unit(origin);
    let squares = block
        .into_iter()
        .filter(|&sq| reachable(map, from, sq))
        .collect();
    Ok(row_major(squares))
}

/// The squares of a **line** `length` × `width` placed **within** `within`, starting at `origin`
/// and running in `dir` (seed 002 L1452-1454, L1470-1472, L1480-1484).
///
/// The spine is `origin + k·step` for `k` in `0..length`; it stops before the first spine square
/// that is off the map or solid, since a line does not pass through walls. A width above 1 widens
/// the line toward the clockwise side of travel (the step turned 90° clockwise, `y` down):
/// - orthogonal directions add `width - 1` parallel rows: E → rows below, S → columns to the
///   left, W → rows above, N → columns to the right;
/// - diagonal directions widen each spine square into a `width`×`width` block with the spine
///   square at one corner, extending along the clockwise diagonal: NE → toward SE, SE → SW,
///   SW → NW, NW → NE.
///
/// Every square must be on the map, not solid and in line of effect of the origin square.
pub fn line(
    map: &Map,
    user: Footprint,
    origin: Square,
    dir: Direction,
    length: u32,
    width: u32,
    within: u32,
) -> Result<Vec<Square>, String> {
    if length == 0 || width == 0 {
        return Err("a line needs a length and a width of at least 1 square".to_owned());
    }
    check_origin(map, user, origin, within)?;
    let (dx, dy) = dir.step();
    let (px, py) = (-dy, dx);
    let w = width as i32;
    let from = unit(origin);
    let mut squares = Vec::new();
    for k in 0..length as i32 {
        let spine = Square::new(origin.x + k * dx, origin.y + k * dy);
        if !map.in_bounds(spine) || map.is_solid(spine) {
            break;
        }
        if dx == 0 || dy == 0 {
            squares.extend((0..w).map(|j| Square::new(spine.x + j * px, spine.y + j * py)));
        } else {
            squares.extend((0..w).flat_map(|a| {
                (0..w).map(move |b| Square::new(spine.x + a * px, spine.y + b * py))
            }));
        }
    }
    squares.retain(|&sq| reachable(map, from, sq));
    Ok(row_major(squares))
}

/// Checks the squares of a **wall** of at most `max` squares placed **within** `within`, given
/// in the order they are placed (seed 002 L1452, L1474-1478).
///
/// Valid when there are 1 to `max` squares, each on the map, not solid and not `occupied`; the
/// first (the origin) is within `within` of the user's space and in the user's line of effect;
/// and each later square shares a full side with an earlier one (a corner is not enough). A
/// square named again is stacked on the one below, whose top it shares: the wall stands there
/// as many squares tall as the square is named (seed 002 L1474-1478). On success returns the
/// squares row-major; otherwise a reason naming the first offending square.
pub fn wall(
    map: &Map,
    user: Footprint,
    squares: &[Square],
    max: u32,
    within: u32,
    occupied: impl Fn(Square) -> bool,
) -> Result<Vec<Square>, String> {
    if squares.is_empty() {
        return Err("a wall needs at least 1 square".to_owned());
    }
    if squares.len() > max as usize {
        return Err(format!(
            "this wall is at most {}; {} were given",
            squares_word(max),
            squares.len()
        ));
    }
    for (i, &sq) in squares.iter().enumerate() {
        let earlier = &squares[..i];
        if earlier.contains(&sq) {
            // Stacked on the squares named before it there.
            continue;
        }
        if !map.in_bounds(sq) {
            return Err(format!("{sq} is off the map"));
        }
        if map.is_solid(sq) {
            return Err(format!("{sq} is a solid square"));
        }
        if occupied(sq) {
            return Err(format!("{sq} is occupied"));
        }
        if i == 0 {
            check_origin(map, user, sq, within)?;
        } else if !earlier
            .iter()
            .any(|e| e.x.abs_diff(sq.x) + e.y.abs_diff(sq.y) == 1)
        {
            return Err(format!("{sq} shares no side with an earlier wall square"));
        }
    }
    // Row-major, a stacked square once for each square stacked there.
    let mut placed = squares.to_vec();
    placed.sort_by_key(|s| (s.y, s.x));
    Ok(placed)
}
