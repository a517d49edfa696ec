//! Counting distance (seed 000 L135-137, L459; digest A7, Part E 1 and 4).

use steelgrid_kernel::grid::{Footprint, Square};

use super::{AreaOptions, Diagonals, SpaceDistance};

/// Squares from one square to another: the square next to a creature is 1 away (seed 000
/// L135-137 puts 1, 2, 3 in the squares leading away from it); a diagonal counts as the option
/// says (Part E 1, not in seed).
pub fn squares_between(a: Square, b: Square, diagonals: Diagonals) -> u32 {
    match diagonals {
        Diagonals::EveryStepOne => a.distance(b),
        Diagonals::OneTwoOneTwo => {
            let (dx, dy) = (a.x.abs_diff(b.x), a.y.abs_diff(b.y));
            let diagonal = dx.min(dy);
            diagonal + diagonal / 2 + (dx.max(dy) - diagonal)
        }
    }
}

/// From the nearest square of one space to the nearest square of the other: how a burst
/// counts, every square next to a big creature's space being 1 away (seed 000 L421).
pub fn nearest(a: Footprint, b: Footprint, diagonals: Diagonals) -> u32 {
    match diagonals {
        Diagonals::EveryStepOne => a.distance(b),
        Diagonals::OneTwoOneTwo => a
            .squares()
            .flat_map(|s| b.squares().map(move |t| squares_between(s, t, diagonals)))
            .fold(u32::MAX, u32::min),
    }
}

/// The distance between two spaces, for range and reach (seed 000 L459; Part E 4 chooses how).
pub fn distance(a: Footprint, b: Footprint, options: AreaOptions) -> u32 {
    match options.space_distance {
        SpaceDistance::SamePosition => same_position(a, b, options.diagonals),
        SpaceDistance::NearestSquares => nearest(a, b, options.diagonals),
    }
}

/// seed 000 L459 read literally: a square of one space against the square in the same place of
/// the other. "The same place" is a corner square of each, any of the four; the shortest count.
fn same_position(a: Footprint, b: Footprint, diagonals: Diagonals) -> u32 {
    let corner = |space: Footprint, (east, south): (i32, i32)| {
        let far = space.side - 1;
        Square::new(space.origin.x + east * far, space.origin.y + south * far)
    };
    [(0, 0), (1, 0), (0, 1), (1, 1)]
        .into_iter()
        .map(|c| squares_between(corner(a, c), corner(b, c), diagonals))
        .fold(u32::MAX, u32::min)
}

#[cfg(test)]
mod tests {
    use super::super::testing::space;
    use super::*;

    const NEAREST: AreaOptions = AreaOptions {
        diagonals: Diagonals::EveryStepOne,
        space_distance: SpaceDistance::NearestSquares,
        line_reach: super::super::LineReach::SquaresTraversed,
        line_end: super::super::LineEnd::AtChosenSquare,
    };

    #[test]
    fn counting_distance_the_square_beside_a_creature_is_1_and_a_diagonal_costs_1() {
        let at = Square::new;
        assert_eq!(squares_between(at(0, 0), at(1, 0), Diagonals::default()), 1);
        assert_eq!(squares_between(at(0, 0), at(3, 0), Diagonals::default()), 3);
        assert_eq!(squares_between(at(0, 0), at(3, 3), Diagonals::default()), 3);
        assert_eq!(squares_between(at(0, 0), at(1, 1), Diagonals::default()), 1);
    }

    #[test]
    fn counting_distance_one_two_one_two_makes_every_second_diagonal_cost_2() {
        let at = Square::new;
        let d20 = Diagonals::OneTwoOneTwo;
        assert_eq!(squares_between(at(0, 0), at(1, 1), d20), 1);
        assert_eq!(squares_between(at(0, 0), at(3, 3), d20), 4);
        assert_eq!(squares_between(at(0, 0), at(5, 2), d20), 6);
    }

    #[test]
    fn larger_spaces_count_from_a_square_to_the_same_position_in_the_other() {
        // Two Large spaces with a gap of two columns: top-left to top-left is 3, nearest 2.
        let (left, right) = (space(0, 0, 2), space(3, 0, 2));
        assert_eq!(distance(left, right, AreaOptions::default()), 3);
        assert_eq!(distance(left, right, NEAREST), 2);
        // A Medium beside the middle of a 5-square side: nearest 1, but no corner square of the
        // big space is in the same position as one within 1 of it.
        let (gargantuan, medium) = (space(0, 0, 5), space(2, 5, 1));
        assert_eq!(distance(gargantuan, medium, AreaOptions::default()), 2);
        assert_eq!(distance(gargantuan, medium, NEAREST), 1);
        // Off its corner the two readings agree.
        assert_eq!(
            distance(space(0, 0, 2), space(3, 3, 1), AreaOptions::default()),
            2
        );
        assert_eq!(distance(space(0, 0, 2), space(3, 3, 1), NEAREST), 2);
    }

    #[test]
    fn burst_distance_from_a_big_space_counts_every_square_next_to_it_as_1() {
        let large = space(0, 0, 2);
        for d in [Diagonals::EveryStepOne, Diagonals::OneTwoOneTwo] {
            assert_eq!(nearest(large, space(2, 2, 1), d), 1);
            assert_eq!(nearest(large, space(-1, 1, 1), d), 1);
            assert_eq!(nearest(large, space(1, 1, 1), d), 0);
        }
        assert_eq!(nearest(large, space(3, 3, 1), Diagonals::EveryStepOne), 2);
        assert_eq!(nearest(large, space(3, 3, 1), Diagonals::OneTwoOneTwo), 3);
    }
}
