//! What the d20 board adds to the kernel's map (seed 001 L113-125, L205): hampering obstacles
//! that cost extra to cross, low walls along a border between two squares, and narrow places
//! that a creature must squeeze through. Walls, solid objects, pits and difficult terrain are
//! the kernel map's own squares; concealing squares are its `concealing` cells.

use std::collections::BTreeSet;

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::Square;

/// The border between two side-by-side squares, written with the lower square first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub struct Border(pub Square, pub Square);

impl Border {
    /// The border between two orthogonally adjacent squares, in either order; none otherwise.
    pub fn between(a: Square, b: Square) -> Option<Border> {
        let gap = |p: i32, q: i32| (i64::from(p) - i64::from(q)).abs();
        let orthogonal = gap(a.x, b.x) + gap(a.y, b.y) == 1;
        orthogonal.then(|| {
            if (a.y, a.x) <= (b.y, b.x) {
                Border(a, b)
            } else {
                Border(b, a)
            }
        })
    }

    /// The border as a segment between two grid corners.
    pub fn segment(self) -> ((i32, i32), (i32, i32)) {
        let Border(a, b) = self;
        if a.y == b.y {
            let x = a.x.max(b.x);
            ((x, a.y), (x, a.y + 1))
        } else {
            let y = a.y.max(b.y);
            ((a.x, y), (a.x + 1, y))
        }
    }
}

/// The d20 features of a board.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Features {
    /// Squares holding a hampering obstacle (rubble, a low fence): 2 squares on top of the
    /// square beyond (seed 001 L119).
    pub obstacles: BTreeSet<Square>,
    /// Low walls, no higher than half a Medium creature, along borders: cover within 30 feet of
    /// them (seed 001 L205) and an obstacle to cross (seed 001 L119).
    pub low_walls: BTreeSet<Border>,
    /// Squares narrower than a Small or Medium creature's space but at least half of it: such a
    /// creature squeezes there (seed 001 L122-124).
    pub narrow: BTreeSet<Square>,
}

impl Features {
    pub fn low_wall_between(&self, a: Square, b: Square) -> bool {
        Border::between(a, b).is_some_and(|border| self.low_walls.contains(&border))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_border_is_the_same_whichever_way_it_is_named_and_lies_between_the_squares() {
        let (a, b) = (Square::new(4, 0), Square::new(5, 0));
        assert_eq!(Border::between(a, b), Border::between(b, a));
        assert_eq!(Border::between(a, b).unwrap().segment(), ((5, 0), (5, 1)));
        assert_eq!(Border::between(a, Square::new(5, 1)), None);
    }
}
