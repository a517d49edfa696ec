//! The closest square or creature (seed 001 L98): by the 1-2-1-2 count, ties broken by a die.

use steelgrid_kernel::grid::Footprint;

use crate::measure::between;

/// The candidates tied for closest to `from`, by index in the order given (seed 001 L95,
/// L98); the caller rolls a die with as many faces.
pub fn nearest(from: Footprint, candidates: &[Footprint]) -> Vec<usize> {
    let distances: Vec<i32> = candidates.iter().map(|&c| between(from, c)).collect();
    let Some(&least) = distances.iter().min() else {
        return Vec::new();
    };
    (0..candidates.len())
        .filter(|&i| distances[i] == least)
        .collect()
}

/// The closest candidate to `from`, a tie settled by `roll`, a die from 1 to the number tied:
/// the first tied on a 1, the second on a 2 and so on, a larger roll wrapping round (seed 001
/// L98). None when there are no candidates.
pub fn closest(from: Footprint, candidates: &[Footprint], roll: u32) -> Option<usize> {
    let tied = nearest(from, candidates);
    let pick = (roll.max(1) - 1) as usize % tied.len().max(1);
    tied.get(pick).copied()
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_kernel::grid::Square;

    fn at(x: i32, y: i32) -> Footprint {
        Footprint {
            origin: Square::new(x, y),
            side: 1,
        }
    }

    #[test]
    fn dnd_08_two_goblins_two_squares_away_tie_and_a_die_picks() {
        let goblins = [at(2, 0), at(0, 2), at(2, 2)];
        assert_eq!(nearest(at(0, 0), &goblins), vec![0, 1]);
        assert_eq!(closest(at(0, 0), &goblins, 1), Some(0));
        assert_eq!(closest(at(0, 0), &goblins, 2), Some(1));
        assert_eq!(closest(at(0, 0), &[], 1), None);
    }

    #[test]
    fn a_lone_nearest_needs_no_roll() {
        assert_eq!(closest(at(0, 0), &[at(3, 0), at(1, 1)], 2), Some(1));
    }
}
