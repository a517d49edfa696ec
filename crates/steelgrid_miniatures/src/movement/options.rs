//! The choices seed 000 leaves open in this chapter (digest Part E items 1, 3, 11, 12, 12b and
//! 19), each with the digest's reading as its default. [`MovementOptions`] gathers them for the
//! crate's options.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::Square;

/// The movement chapter's options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct MovementOptions {
    /// AMB-1: how a diagonal counts.
    pub metric: Metric,
    /// AMB-3: which squares a charge may end in.
    pub charge_end: ChargeEnd,
    /// AMB-11: where a shift may go.
    pub shift_into: ShiftInto,
    /// AMB-12: a squeeze spread over two actions.
    pub squeeze_twice: SqueezeTwice,
    /// AMB-12b: targeting a creature wholly inside smoke.
    pub smoke_targeting: SmokeTargeting,
    /// AMB-19: who picks among equally near squares after a fall into a pit.
    pub nearest_tie: NearestTie,
}

/// AMB-1: seed 000 only fixes the figure (the square beside a creature is 1 away, L135-137);
/// the per-step count is the rulebook's and is not in the seed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Metric {
    /// The digest's reading, 4e's and DDM's habit: every step costs 1, diagonals included.
    #[default]
    Chebyshev,
    /// The d20 habit: the 1st diagonal counts 1, the 2nd 2, and so on.
    Alternating,
}

impl Metric {
    /// Squares between two squares `(dx, dy)` apart.
    pub fn squares(self, dx: i32, dy: i32) -> u32 {
        let (a, b) = (dx.unsigned_abs(), dy.unsigned_abs());
        let diagonals = a.min(b);
        let straight = a.max(b) - diagonals;
        match self {
            Metric::Chebyshev => diagonals + straight,
            Metric::Alternating => diagonals + diagonals / 2 + straight,
        }
    }

    /// Squares from `a` to `b`. Between two spaces, seed 000 L459 counts from a square of one
    /// to the same place in the other: here from top-left square to top-left square.
    pub fn between(self, a: Square, b: Square) -> u32 {
        self.squares(b.x - a.x, b.y - a.y)
    }

    /// The cost of the next diagonal step after `taken` diagonals.
    pub fn diagonal_cost(self, taken: u32) -> u32 {
        match self {
            Metric::Chebyshev => 1,
            Metric::Alternating => 1 + taken % 2,
        }
    }
}

/// AMB-3: seed 000 L118 ends a charge in the unoccupied square beside the enemy nearest the
/// charger's start, and blocks the charge if none of the nearest can be entered.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ChargeEnd {
    /// The digest's reading: only squares another creature stands in are passed over; a wall
    /// or pit among the nearest still counts, and if every nearest square is one, the charge
    /// is blocked.
    #[default]
    NearestUnoccupied,
    /// Squares that are no legal position (walls, pits) are passed over as well.
    NearestLegal,
}

/// AMB-11: seed 000 L77 sends a shift to a Clear square, then lets some creatures shift into
/// movement-reducing terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ShiftInto {
    /// The digest's reading: "Clear" means no terrain that slows this creature, so one that
    /// shifts more than 1 square or ignores difficult terrain may shift into it.
    #[default]
    ClearForYou,
    /// Clear as seed 000 L525 defines it, for every creature: never into terrain that includes
    /// difficult terrain, nor into an empty secret door.
    StrictlyClear,
}

/// AMB-12: seed 000 L489 lets a huge creature that spends two actions squeezing skip returning
/// to full size "after" them; "between" them may be meant.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SqueezeTwice {
    /// The digest's reading of the likely mistranslation: it stays 2×2 between the two squeeze
    /// actions and returns to full size at the end of the second.
    #[default]
    Between,
    /// The literal text: after either of the two it may stay 2×2.
    After,
}

/// AMB-12b: smoke blocks line of sight (seed 000 L190), yet a creature wholly inside it is
/// only invisible, which suggests it can still be targeted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum SmokeTargeting {
    /// The digest's reading: the smoke in the target's own squares does not block the line;
    /// the target is invisible, so the attacker faces concealment 11.
    #[default]
    Concealed,
    /// A non-adjacent attacker cannot target a creature wholly inside smoke at all.
    Untargetable,
}

/// AMB-19: after a fall into a pit the creature is placed in the nearest legal position
/// (seed 000 L184); the seed does not break ties.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum NearestTie {
    /// The digest's reading, as forced movement is the mover's (seed 000 L449): the active
    /// creature that moved it picks.
    #[default]
    MoverChooses,
    /// The fallen creature's player picks.
    OwnerChooses,
}

impl NearestTie {
    /// Who picks, in words.
    pub fn chooser(self) -> &'static str {
        match self {
            NearestTie::MoverChooses => "the creature that moved it",
            NearestTie::OwnerChooses => "the fallen creature's player",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn chebyshev_counts_every_step_1_and_alternating_counts_1_2_1() {
        assert_eq!(Metric::Chebyshev.squares(3, 3), 3);
        assert_eq!(Metric::Alternating.squares(3, 3), 4);
        assert_eq!(Metric::Alternating.squares(-4, 1), 4);
        assert_eq!(
            Metric::Chebyshev.between(Square::new(0, 0), Square::new(2, -1)),
            2
        );
        assert_eq!(
            (0..4)
                .map(|n| Metric::Alternating.diagonal_cost(n))
                .collect::<Vec<_>>(),
            [1, 2, 1, 2]
        );
    }
}
