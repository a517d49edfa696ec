//! Small boards for the movement tests.
//!
//! The digest counts y up the page (north) and the kernel down it: [`north`] turns a digest
//! square into the kernel's on a map of a given height.

use std::collections::BTreeMap;

use steelgrid_kernel::grid::{Cell, Footprint, Map, Square, Terrain};

/// A floor `w` squares wide and `h` high.
pub fn open_map(w: i32, h: i32) -> Map {
    Map {
        width: w,
        height: h,
        cells: vec![Cell::default(); (w * h) as usize],
        zones: BTreeMap::new(),
    }
}

/// Lay a kernel `terrain` on each square.
pub fn lay(map: &mut Map, terrain: Terrain, squares: &[(i32, i32)]) {
    for &(x, y) in squares {
        let cell = Cell {
            terrain,
            ..Cell::default()
        };
        map.set_cell(Square::new(x, y), cell);
    }
}

pub fn at(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

/// A one-square space.
pub fn one(x: i32, y: i32) -> Footprint {
    space(x, y, 1)
}

/// A `side`×`side` space with its top-left square at `(x, y)`.
pub fn space(x: i32, y: i32, side: i32) -> Footprint {
    Footprint {
        origin: at(x, y),
        side,
    }
}

/// The digest's square `(x, y)`, y growing north, on a kernel map `height` squares high.
pub fn north(height: i32, x: i32, y: i32) -> Square {
    at(x, height - 1 - y)
}

pub fn squares(pairs: &[(i32, i32)]) -> Vec<Square> {
    pairs.iter().map(|&(x, y)| at(x, y)).collect()
}
