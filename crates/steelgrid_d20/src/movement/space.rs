//! Where the walker's body can stand on its path (seed 001 L96-111, L122-125): walls, pits and
//! the map's edge stop it, other creatures stop it unless it may pass them, and a space too
//! tight for it is squeezed into when at least half its width is clear.

use steelgrid_kernel::grid::{Footprint, Map, Square, Terrain};
use steelgrid_kernel::rule::RuleError;

use crate::rule::{OBSTACLE, SQUEEZE, THROUGH};
use crate::size::Size;
use crate::terrain::Features;

use super::walker::{Occupant, Walker};

/// The squares the walker's body fills at one place on its path, and whether it squeezes there
/// (seed 001 L122-124). Squeezing, a Large creature in a corridor one square wide fills two
/// squares of it, not its whole space (seed 001 L123).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stance {
    pub squares: Vec<Square>,
    /// -4 to attack and to AC while it lasts, for the attack chapter (seed 001 L122).
    pub squeezing: bool,
}

/// What keeps the walker's body out of one square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Blocker {
    OffMap,
    Solid(Terrain),
    Pit,
    /// A narrow place, which fits less than half of a Large or bigger creature (seed 001 L125).
    Narrow,
    /// The other creature of that index, which the walker may not pass (seed 001 L104).
    Creature(usize),
}

/// The board as one walker sees it: the map, the d20 features and the other creatures (the
/// walker itself not among them).
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    pub map: &'a Map,
    pub features: &'a Features,
    pub walker: &'a Walker,
    pub others: &'a [Occupant],
}

impl<'a> Board<'a> {
    /// The same board with no other creatures on it: where the walker starts, only the ground
    /// is judged.
    pub fn without_creatures(self) -> Board<'a> {
        Board {
            others: &[],
            ..self
        }
    }

    /// The walker's body with its top-left square at `origin`: its whole space if that is clear,
    /// else squeezed into a clear strip at least half as wide along one side of it (seed 001
    /// L122-123), else refused.
    pub fn stance(&self, origin: Square) -> Result<Stance, RuleError> {
        let space = Footprint {
            origin,
            side: self.walker.space.side,
        };
        let first = space
            .squares()
            .find_map(|sq| self.blocker(sq).map(|b| (sq, b)));
        let Some(first) = first else {
            return Ok(Stance {
                squares: space.squares().collect(),
                squeezing: self.squeezes_small(origin),
            });
        };
        match self.clear_strip(space) {
            Some(squares) => Ok(Stance {
                squares,
                squeezing: true,
            }),
            None => Err(self.refusal(space, first)),
        }
    }

    /// A Small or Medium creature in a narrow square squeezes (seed 001 L122-123); a Tiny one
    /// fits there.
    fn squeezes_small(&self, origin: Square) -> bool {
        matches!(self.walker.size, Size::Small | Size::Medium)
            && self.features.narrow.contains(&origin)
    }

    fn blocker(&self, sq: Square) -> Option<Blocker> {
        let Some(terrain) = self.map.terrain(sq) else {
            return Some(Blocker::OffMap);
        };
        if self.map.is_solid(sq) {
            Some(Blocker::Solid(terrain))
        } else if matches!(terrain, Terrain::Pit { .. }) && !self.walker.flying {
            Some(Blocker::Pit)
        } else if self.walker.space.side >= 2 && self.features.narrow.contains(&sq) {
            Some(Blocker::Narrow)
        } else {
            self.blocking_creature(sq).map(Blocker::Creature)
        }
    }

    fn blocking_creature(&self, sq: Square) -> Option<usize> {
        self.others
            .iter()
            .position(|other| other.space.contains(sq) && other.passage_for(self.walker).is_none())
    }

    /// The first clear strip, in the order left, right, top, bottom, of `ceil(side / 2)`
    /// squares' width along one side of the space (seed 001 L122-123); none for a walker one
    /// square wide.
    fn clear_strip(&self, space: Footprint) -> Option<Vec<Square>> {
        strips(space)
            .into_iter()
            .find(|strip| strip.iter().all(|&sq| self.blocker(sq).is_none()))
    }

    fn refusal(&self, space: Footprint, (sq, blocker): (Square, Blocker)) -> RuleError {
        let what = match blocker {
            Blocker::Creature(index) => return self.creature_refusal(index, sq),
            Blocker::OffMap => format!("{sq} is off the map"),
            Blocker::Solid(terrain) => format!("{sq} is a {}", terrain.name()),
            Blocker::Pit => format!("{sq} is a pit, which cannot be entered"),
            Blocker::Narrow => format!("{sq} is a narrow place"),
        };
        let partly_clear = space.squares().any(|s| self.blocker(s).is_none());
        if blocker == Blocker::Narrow || (space.side >= 2 && partly_clear) {
            self.too_narrow(what)
        } else {
            RuleError::new(OBSTACLE, what)
        }
    }

    fn creature_refusal(&self, index: usize, sq: Square) -> RuleError {
        let reason = if self.others[index].ally {
            format!("an ally stands in {sq}, and a charge cannot pass through allies")
        } else {
            format!("an enemy stands in {sq} and is not helpless")
        };
        RuleError::new(THROUGH, reason)
    }

    /// Narrower than half the walker's space: only an Escape Artist check, not modelled here,
    /// gets it through (seed 001 L125).
    fn too_narrow(&self, what: String) -> RuleError {
        let half = (self.walker.space.side + 1) / 2;
        RuleError::new(
            SQUEEZE,
            format!(
                "{what}, and the way left is less than {half} square(s) wide, under half of a {} \
                 creature's space: squeezing through needs an Escape Artist check, which is not \
                 modelled",
                self.walker.size.name()
            ),
        )
    }
}

/// The four strips half the space wide (rounded up), along its left, right, top and bottom
/// sides; none for a space one square wide.
fn strips(space: Footprint) -> Vec<Vec<Square>> {
    let side = space.side;
    if side < 2 {
        return Vec::new();
    }
    let width = (side + 1) / 2;
    let bands = [(0, width), (side - width, side)];
    let columns = bands.map(|(lo, hi)| {
        space
            .squares()
            .filter(|s| (lo..hi).contains(&(s.x - space.origin.x)))
            .collect()
    });
    let rows = bands.map(|(lo, hi)| {
        space
            .squares()
            .filter(|s| (lo..hi).contains(&(s.y - space.origin.y)))
            .collect()
    });
    columns.into_iter().chain(rows).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_huge_space_has_strips_two_squares_wide() {
        let space = Footprint {
            origin: Square::new(0, 0),
            side: 3,
        };
        let strips = strips(space);
        assert_eq!(strips.len(), 4);
        assert!(strips.iter().all(|s| s.len() == 6));
        assert!(strips[1].iter().all(|s| s.x >= 1));
        assert!(strips[3].iter().all(|s| s.y >= 1));
    }
}
