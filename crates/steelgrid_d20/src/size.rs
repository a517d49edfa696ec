//! Size, space and reach (seed 001 L138-162): how many squares a creature fills, how far it
//! reaches and which squares it threatens.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::{Footprint, Size as KernelSize};

/// The size categories of seed 001 L140-154.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Size {
    Fine,
    Diminutive,
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
    Colossal,
}

/// Tall creatures reach farther than long ones of the same size (seed 001 L147-154).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Build {
    #[default]
    Tall,
    Long,
}

impl Size {
    /// How many of this size fit in one square: 4 Tiny, 25 Diminutive, 100 Fine (seed 001
    /// L158); one for anything bigger.
    pub fn per_square(self) -> u32 {
        match self {
            Size::Fine => 100,
            Size::Diminutive => 25,
            Size::Tiny => 4,
            _ => 1,
        }
    }

    /// The side of the space in squares: 10 ft is 2, 15 ft 3, 20 ft 4, 30 ft 6 (seed 001
    /// L140-154); the smallest sizes stand inside one square.
    pub fn side(self) -> i32 {
        match self {
            Size::Fine | Size::Diminutive | Size::Tiny | Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
            Size::Colossal => 6,
        }
    }

    /// Natural reach in squares (seed 001 L140-154): 0 below Small.
    pub fn reach(self, build: Build) -> i32 {
        let tall = match self {
            Size::Fine | Size::Diminutive | Size::Tiny => 0,
            Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
            Size::Colossal => 6,
        };
        match (build, self) {
            (Build::Tall, _) | (_, Size::Fine | Size::Diminutive | Size::Tiny) => tall,
            (Build::Long, Size::Colossal) => 4,
            (Build::Long, Size::Small | Size::Medium) => 1,
            (Build::Long, _) => tall - 1,
        }
    }

    /// The size rungs between two creatures: three or more lets one pass through the other
    /// (seed 001 L109-110).
    pub fn steps_from(self, other: Size) -> u32 {
        (self as i32).abs_diff(other as i32)
    }

    /// The kernel's footprint size for this space.
    pub fn kernel(self) -> KernelSize {
        match self {
            Size::Fine | Size::Diminutive | Size::Tiny => KernelSize::Tiny,
            Size::Small => KernelSize::Small,
            Size::Medium => KernelSize::Medium,
            big => KernelSize::Squares(big.side() as u8),
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Size::Fine => "Fine",
            Size::Diminutive => "Diminutive",
            Size::Tiny => "Tiny",
            Size::Small => "Small",
            Size::Medium => "Medium",
            Size::Large => "Large",
            Size::Huge => "Huge",
            Size::Gargantuan => "Gargantuan",
            Size::Colossal => "Colossal",
        }
    }
}

/// What a creature reaches with: its natural reach, or a reach weapon, which threatens at
/// twice the natural reach and not within it (seed 001 L161-162).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Reach {
    /// The nearest squares it threatens: 1 for adjacent, 0 for its own square.
    pub min: i32,
    pub max: i32,
}

impl Reach {
    pub fn natural(size: Size, build: Build) -> Self {
        let r = size.reach(build);
        Reach { min: 0, max: r }
    }

    /// A reach weapon in the hands of a creature of this size: twice natural reach, but not
    /// the squares within natural reach (seed 001 L162).
    pub fn weapon(size: Size, build: Build) -> Self {
        let r = size.reach(build).max(1);
        Reach {
            min: r + 1,
            max: 2 * r,
        }
    }

    /// Whether a creature at `from` with this reach threatens the square `sq`, distance counted
    /// 1-2-1-2 from the nearest square of its space (seed 001 L95; digest B6).
    pub fn threatens(self, from: Footprint, sq: steelgrid_kernel::grid::Square) -> bool {
        if self.max == 0 {
            return false; // seed 001 L158: reach 0 threatens nothing, not even its own square
        }
        let d = crate::measure::footprint_to_square(from, sq);
        d >= self.min.max(1) && d <= self.max
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reach_by_size_and_build_follows_the_table() {
        assert_eq!(Size::Medium.reach(Build::Tall), 1);
        assert_eq!(Size::Large.reach(Build::Tall), 2);
        assert_eq!(Size::Large.reach(Build::Long), 1);
        assert_eq!(Size::Huge.reach(Build::Long), 2);
        assert_eq!(Size::Gargantuan.reach(Build::Long), 3);
        assert_eq!(Size::Colossal.reach(Build::Tall), 6);
        assert_eq!(Size::Colossal.reach(Build::Long), 4);
        assert_eq!(Size::Tiny.reach(Build::Long), 0);
        assert_eq!(Size::Large.side(), 2);
        assert_eq!(Size::Colossal.side(), 6);
        assert_eq!(Size::Medium.steps_from(Size::Gargantuan), 3);
    }

    #[test]
    fn a_reach_weapon_threatens_two_squares_out_but_not_adjacent() {
        let w = Reach::weapon(Size::Medium, Build::Tall);
        assert_eq!((w.min, w.max), (2, 2));
    }
}
