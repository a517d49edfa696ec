//! Flanking (seed 001 L232-242): +2 on a melee attack when an ally threatening the target
//! stands across it, the line between the two crossing opposite borders of its space. The line
//! test is the kernel's, shared with Draw Steel.

use steelgrid_kernel::grid::{Footprint, flanked_by};

use crate::size::Reach;

/// One of the two flankers: where it stands and what it reaches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Flanker {
    pub space: Footprint,
    pub reach: Reach,
}

impl Flanker {
    /// Whether it threatens some square of the target (seed 001 L236-237): a creature of reach
    /// 0 threatens nothing and never flanks (seed 001 L238).
    pub fn threatens(&self, target: Footprint) -> bool {
        target
            .squares()
            .any(|sq| self.reach.threatens(self.space, sq))
    }

    /// The squares it may draw its line from: any one of a big creature's (seed 001 L235).
    fn squares(&self) -> impl Iterator<Item = Footprint> {
        self.space
            .squares()
            .map(|origin| Footprint { origin, side: 1 })
    }
}

/// Whether `attacker` flanks `target` with `ally` (seed 001 L234-238).
pub fn flanks(attacker: &Flanker, ally: &Flanker, target: Footprint) -> bool {
    attacker.threatens(target)
        && ally.threatens(target)
        && attacker
            .squares()
            .any(|a| ally.squares().any(|b| flanked_by(a, b, target)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::size::{Build, Size};
    use steelgrid_kernel::grid::Square;

    fn medium(x: i32, y: i32) -> Flanker {
        Flanker {
            space: Footprint {
                origin: Square::new(x, y),
                side: 1,
            },
            reach: Reach::natural(Size::Medium, Build::Tall),
        }
    }

    fn orc() -> Footprint {
        Footprint {
            origin: Square::new(5, 5),
            side: 1,
        }
    }

    #[test]
    fn dnd_10_a_fighter_and_a_rogue_at_opposite_corners_flank_the_orc() {
        assert!(flanks(&medium(4, 4), &medium(6, 6), orc()));
        assert!(flanks(&medium(6, 6), &medium(4, 4), orc()));
    }

    #[test]
    fn dnd_11_adjacent_borders_are_near_misses() {
        // The line only touches the orc's corner where two neighbouring borders meet.
        assert!(!flanks(&medium(4, 5), &medium(5, 6), orc()));
        // The line crosses the west border, then the north (y mirrored: the kernel's y grows
        // down the page).
        assert!(!flanks(&medium(4, 5), &medium(6, 6), orc()));
        assert!(flanks(&medium(4, 5), &medium(6, 5), orc()));
    }

    #[test]
    fn dnd_13_a_goblin_and_a_large_ogre_with_reach_flank_the_sorcerer_only_if_the_ogre_reaches() {
        let sorcerer = orc();
        let goblin = medium(4, 5);
        let ogre = Flanker {
            space: Footprint {
                origin: Square::new(6, 5),
                side: 2,
            },
            reach: Reach::natural(Size::Large, Build::Tall),
        };
        assert!(flanks(&goblin, &ogre, sorcerer));
        assert!(flanks(&ogre, &goblin, sorcerer));
        let far = Flanker {
            space: Footprint {
                origin: Square::new(8, 5),
                side: 2,
            },
            ..ogre
        };
        assert!(!flanks(&goblin, &far, sorcerer));
    }

    #[test]
    fn a_creature_of_reach_0_never_flanks() {
        let rat = Flanker {
            reach: Reach::natural(Size::Tiny, Build::Tall),
            ..medium(6, 5)
        };
        assert!(!flanks(&medium(4, 5), &rat, orc()));
    }
}
