//! Counting distance (seed 001 L94-98): in 5-foot squares, the first diagonal 1, the second 2,
//! the third 1 and so on, for movement and for range alike.

use steelgrid_kernel::grid::{Footprint, Square};

/// Feet in a square (seed 001 L74: one square is 5 feet).
pub const FEET_PER_SQUARE: i32 = 5;

/// The squares between two squares, diagonals 1-2-1-2 (seed 001 L95): with `d` diagonal steps
/// and `s` straight ones, `d + d/2 + s`.
pub fn distance(a: Square, b: Square) -> i32 {
    let (dx, dy) = ((a.x - b.x).abs(), (a.y - b.y).abs());
    let d = dx.min(dy);
    let s = dx.max(dy) - d;
    d + d / 2 + s
}

/// From the nearest square of a space to a square.
pub fn footprint_to_square(from: Footprint, sq: Square) -> i32 {
    from.squares()
        .map(|s| distance(s, sq))
        .min()
        .expect("a space has a square")
}

/// Between the nearest squares of two spaces.
pub fn between(a: Footprint, b: Footprint) -> i32 {
    b.squares()
        .map(|sq| footprint_to_square(a, sq))
        .min()
        .expect("a space has a square")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dnd_01_three_diagonals_cost_four_squares() {
        assert_eq!(distance(Square::new(0, 0), Square::new(3, 3)), 4);
        assert_eq!(4 * FEET_PER_SQUARE, 20);
    }

    #[test]
    fn dnd_02_four_diagonals_cost_six_and_five_cost_seven() {
        assert_eq!(distance(Square::new(0, 0), Square::new(4, 4)), 6);
        assert_eq!(distance(Square::new(0, 0), Square::new(5, 5)), 7);
    }

    #[test]
    fn straight_steps_after_diagonals_cost_one_each() {
        assert_eq!(distance(Square::new(0, 0), Square::new(5, 2)), 6);
    }
}
