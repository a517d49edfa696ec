//! Objects caught in an area: an ability that targets creatures and objects affects each object
//! in its area (seed 002 L1494-1498, L1514-1516). An object is solid, so the area's squares
//! (`area`) leave it out; it is caught when the area would cover its square were that square
//! open — in the shape, and in line of effect of the area's origin, past no wall or other
//! object (L1454). A wall is never an object, and a wall area's squares are open by rule.

use crate::ability::Distance;
use crate::ability::area::{self, Direction};
use crate::grid::{Cell, Footprint, Map, Square, Terrain};

/// The object squares an area placed by `user` catches, row by row.
pub fn caught(
    map: &Map,
    user: Footprint,
    distance: Distance,
    at: Option<Square>,
    direction: Option<Direction>,
) -> Vec<Square> {
    let mut out = Vec::new();
    for y in 0..map.height {
        for x in 0..map.width {
            let sq = Square::new(x, y);
            let Some(cell) = map.cell(sq).copied() else {
                continue;
            };
            if !matches!(cell.terrain, Terrain::Object { .. }) || !near(user, distance, at, sq) {
                continue;
            }
            let mut open = map.clone();
            open.set_cell(
                sq,
                Cell {
                    terrain: Terrain::Floor,
                    ..cell
                },
            );
            if squares(&open, user, distance, at, direction).contains(&sq) {
                out.push(sq);
            }
        }
    }
    out
}

/// The area's squares on `map`, or none where it can't be placed there.
fn squares(
    map: &Map,
    user: Footprint,
    distance: Distance,
    at: Option<Square>,
    direction: Option<Direction>,
) -> Vec<Square> {
    match (distance, at, direction) {
        (Distance::Aura(n) | Distance::Burst(n), ..) => area::burst(map, user, n),
        (Distance::Cube { side, within }, Some(corner), _) => {
            area::cube(map, user, corner, side, within).unwrap_or_default()
        }
        (
            Distance::Line {
                length,
                width,
                within,
            },
            Some(origin),
            Some(dir),
        ) => area::line(map, user, origin, dir, length, width, within).unwrap_or_default(),
        _ => Vec::new(),
    }
}

/// A cheap bound on where the area can reach, so only nearby objects are traced.
fn near(user: Footprint, distance: Distance, at: Option<Square>, sq: Square) -> bool {
    let one = Footprint {
        origin: sq,
        side: 1,
    };
    match (distance, at) {
        (Distance::Aura(n) | Distance::Burst(n), _) => user.distance(one) <= n,
        (Distance::Cube { side, .. }, Some(corner)) => Footprint {
            origin: corner,
            side: side as i32,
        }
        .contains(sq),
        (Distance::Line { length, width, .. }, Some(origin)) => {
            origin.distance(sq) < length + width
        }
        _ => false,
    }
}
