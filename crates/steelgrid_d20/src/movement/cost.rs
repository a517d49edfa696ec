//! What one step costs (seed 001 L95, L116, L119, L129-132): 1 a square, diagonals 1-2-1-2
//! along the path, each hampering source doubling it, obstacles adding 2.

use crate::options::DifficultDiagonal;

use super::hamper::{Hamper, OBSTACLE_SQUARES};

/// The count of diagonals along a path, for 1-2-1-2 (seed 001 L95): straight steps do not
/// reset it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DiagonalCount(u32);

impl DiagonalCount {
    /// The next diagonal's place in the count, 1 or 2, and move the count on.
    pub fn advance(&mut self) -> i32 {
        self.0 += 1;
        if self.0 % 2 == 1 { 1 } else { 2 }
    }
}

/// The cost in squares of one step with these hampers (seed 001 L116, L129-132): a straight
/// step 1, doubled once 2, twice 4, thrice 8; a diagonal its place in the 1-2 count, and when
/// hampered a flat 3, 6, 12 outside the count (`FlatThree`) or twice, four or eight times its
/// place (`DoubledCount`); then 2 for each obstacle crossed (seed 001 L119).
pub fn step_cost(
    diagonal: bool,
    hampers: &[Hamper],
    count: &mut DiagonalCount,
    rule: DifficultDiagonal,
) -> i32 {
    let doublings = hampers.iter().filter(|h| h.doubles()).count() as u32;
    let obstacles = hampers.iter().filter(|h| !h.doubles()).count() as i32;
    let moved = if diagonal {
        diagonal_cost(doublings, count, rule)
    } else {
        1 << doublings
    };
    moved + OBSTACLE_SQUARES * obstacles
}

fn diagonal_cost(doublings: u32, count: &mut DiagonalCount, rule: DifficultDiagonal) -> i32 {
    match (doublings, rule) {
        (0, _) | (_, DifficultDiagonal::DoubledCount) => count.advance() << doublings,
        (n, DifficultDiagonal::FlatThree) => 3 << (n - 1),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_kernel::grid::Square;

    const DIFFICULT: Hamper = Hamper::Difficult(Square::new(0, 0));

    #[test]
    fn doubling_thrice_costs_eight_straight_and_twelve_diagonally() {
        let three = [DIFFICULT, Hamper::Squeezing, Hamper::HelplessBulk(0)];
        let mut count = DiagonalCount::default();
        let flat = DifficultDiagonal::FlatThree;
        assert_eq!(step_cost(false, &three, &mut count, flat), 8);
        assert_eq!(step_cost(true, &three, &mut count, flat), 12);
        assert_eq!(step_cost(true, &three[..2], &mut count, flat), 6);
        assert_eq!(
            count,
            DiagonalCount::default(),
            "a flat 3 leaves the count alone"
        );
    }

    #[test]
    fn doubled_count_doubles_the_diagonals_place_and_moves_the_count_on() {
        let mut count = DiagonalCount::default();
        let doubled = DifficultDiagonal::DoubledCount;
        assert_eq!(step_cost(true, &[DIFFICULT], &mut count, doubled), 2);
        assert_eq!(step_cost(true, &[DIFFICULT], &mut count, doubled), 4);
        assert_eq!(step_cost(true, &[], &mut count, doubled), 1);
    }

    #[test]
    fn an_obstacle_adds_two_after_the_doubling() {
        let mut count = DiagonalCount::default();
        let hampers = [DIFFICULT, Hamper::Obstacle(Square::new(0, 0))];
        let flat = DifficultDiagonal::FlatThree;
        assert_eq!(step_cost(false, &hampers, &mut count, flat), 4);
        assert_eq!(step_cost(true, &hampers, &mut count, flat), 5);
    }
}
