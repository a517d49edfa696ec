//! Areas and distance (digest A5 and A7, seed 000 L101-112, L135-137, L421, L429, L459): how far
//! apart two spaces are, which squares a burst, a line or a cone covers, and which creatures in
//! them it affects.
//!
//! Geometry is the kernel's: a square `(x, y)` covers `[x, x+1) × [y, y+1)` with `y` growing down
//! the page, and a corner is the integer point `(x, y)`. The digest draws `y` growing north; its
//! cases are the same numbers mirrored, and nothing here has an up or a down.

mod burst;
mod cone;
mod distance;
mod line;

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::{Footprint, Square};

pub use burst::{burst, burst_cover};
pub use cone::check_cone;
pub use distance::{distance, nearest, squares_between};
pub use line::{end_point, line, line_origins};

/// A grid point where four squares meet: the corner `(x, y)` is the top-left corner of square
/// `(x, y)`.
pub type Corner = (i32, i32);

/// The area chapter's choices where seed 000 is silent or unclear (digest Part E 1, 2 and 4),
/// each defaulting to the digest's reading.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct AreaOptions {
    /// Part E 1: how a diagonal step counts.
    pub diagonals: Diagonals,
    /// Part E 4: distance between two spaces bigger than a square.
    pub space_distance: SpaceDistance,
    /// Part E 2: what the X of Line X limits.
    pub line_reach: LineReach,
    /// Part E 2: where a line toward a square nearer than X ends.
    pub line_end: LineEnd,
}

/// Part E 1: seed 000 (L135-137) only fixes the figure so that the square next to a creature is
/// 1 away; how a diagonal counts is not in seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Diagonals {
    /// The digest's default, the 4e/DDM habit: every step costs 1, diagonals too (Chebyshev).
    #[default]
    EveryStepOne,
    /// The d20 3.5 count: the first diagonal 1, the second 2, and so on alternating.
    OneTwoOneTwo,
}

/// Part E 4: seed 000 L459 measures between larger spaces from a square of one to the square in
/// the same position of the other; the digest wonders whether it meant the nearest squares.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SpaceDistance {
    /// The digest's reading of L459: pair a corner square of one space with the same corner
    /// square of the other (any of the four, the shortest count wins). Two spaces of one size
    /// are as far apart as their top-left squares.
    #[default]
    SamePosition,
    /// The other reading: from the nearest square of one space to the nearest of the other.
    NearestSquares,
}

/// Part E 2: seed 000 L110 lets a line reach "up to X squares".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineReach {
    /// The digest's reading: the first X squares the line passes through.
    #[default]
    SquaresTraversed,
    /// The other reading: every square it passes through within X of the attacker's space (a
    /// shallow line may then cover more than X squares).
    Range,
}

/// Part E 2: seed 000 L112 says a nearer chosen square makes the line shorter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LineEnd {
    /// The digest's reading (A5): the line ends at the far corner of the chosen square.
    #[default]
    AtChosenSquare,
    /// The other reading: the chosen square only aims the line, which runs on to its full reach.
    FullReach,
}

/// The creatures an area affects, each once, in the order given: every one with a square of
/// its space in the area, never the user (seed 000 L104 and L421 for bursts, L110 for lines,
/// L429 for cones). A rider or mount sharing the user's space is affected when the area holds
/// that space.
pub fn affected<T: Copy + PartialEq>(
    area: &[Square],
    user: T,
    creatures: &[(T, Footprint)],
) -> Vec<T> {
    creatures
        .iter()
        .filter(|(who, space)| *who != user && space.squares().any(|sq| area.contains(&sq)))
        .map(|(who, _)| *who)
        .collect()
}

/// A one-square space.
fn unit(sq: Square) -> Footprint {
    Footprint {
        origin: sq,
        side: 1,
    }
}

#[cfg(test)]
mod testing {
    use steelgrid_kernel::grid::{Cell, Footprint, Map, Square, Terrain};

    pub(super) fn open_map(width: i32, height: i32) -> Map {
        Map {
            width,
            height,
            cells: vec![Cell::default(); (width * height) as usize],
            zones: Default::default(),
        }
    }

    pub(super) fn with_walls(mut map: Map, walls: &[(i32, i32)]) -> Map {
        for &(x, y) in walls {
            let wall = Cell {
                terrain: Terrain::Wall,
                ..Cell::default()
            };
            map.set_cell(Square::new(x, y), wall);
        }
        map
    }

    pub(super) fn squares(list: &[(i32, i32)]) -> Vec<Square> {
        list.iter().map(|&(x, y)| Square::new(x, y)).collect()
    }

    /// The squares of a rectangle, row by row from the top, as the map lists them.
    pub(super) fn rect(x0: i32, y0: i32, x1: i32, y1: i32) -> Vec<Square> {
        (y0..=y1)
            .flat_map(|y| (x0..=x1).map(move |x| Square::new(x, y)))
            .collect()
    }

    pub(super) fn space(x: i32, y: i32, side: i32) -> Footprint {
        Footprint {
            origin: Square::new(x, y),
            side,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::testing::{space, squares};
    use super::*;

    #[test]
    fn an_area_affects_each_creature_with_a_square_in_it_once_and_never_its_user() {
        let area = squares(&[(1, 1), (2, 1), (3, 1)]);
        let creatures = [
            ("user", space(0, 0, 1)),
            ("ogre", space(2, 0, 2)),
            ("ally", space(3, 1, 1)),
            ("far", space(5, 5, 1)),
        ];
        assert_eq!(affected(&area, "user", &creatures), vec!["ogre", "ally"]);
        let own = squares(&[(0, 0)]);
        let mounted = [("user", space(0, 0, 1)), ("mount", space(0, 0, 1))];
        assert_eq!(affected(&own, "user", &mounted), vec!["mount"]);
    }
}
