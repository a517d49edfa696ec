//! Small boards for the movement tests.

use std::collections::BTreeMap;

use steelgrid_kernel::grid::{Cell, Map, Square, Terrain};
use steelgrid_kernel::rule::RuleError;

use crate::options::D20Options;
use crate::terrain::Features;

use super::path::{Walk, walk};
use super::walker::{Occupant, Walker};

/// A floor `w` squares wide and `h` high.
pub fn open_map(w: i32, h: i32) -> Map {
    Map {
        width: w,
        height: h,
        cells: vec![Cell::default(); (w * h) as usize],
        zones: BTreeMap::new(),
    }
}

/// Lay `terrain` on each square.
pub fn lay(map: &mut Map, terrain: Terrain, squares: &[(i32, i32)]) {
    for &(x, y) in squares {
        map.set_cell(
            Square::new(x, y),
            Cell {
                terrain,
                ..Cell::default()
            },
        );
    }
}

/// Squares from pairs.
pub fn squares(pairs: &[(i32, i32)]) -> Vec<Square> {
    pairs.iter().map(|&(x, y)| Square::new(x, y)).collect()
}

/// Walk with the default options.
pub fn go(
    map: &Map,
    features: &Features,
    walker: &Walker,
    others: &[Occupant],
    path: &[(i32, i32)],
) -> Result<Walk, RuleError> {
    walk(
        map,
        features,
        walker,
        others,
        &squares(path),
        &D20Options::default(),
    )
}

/// Each step's cost.
pub fn costs(walk: &Walk) -> Vec<i32> {
    walk.steps.iter().map(|s| s.cost).collect()
}
