//! The board as this chapter reads it (seed 000 L51-61, L145-148, L198-202, L250-254, L473;
//! digest A2): each square's DDM terrain, the other creatures, legal positions, placing, and
//! line of sight, line of effect and cover drawn by the kernel over the squares that block each.

use std::collections::BTreeMap;

use steelgrid_kernel::grid::{Cell, Footprint, Map, Square, Terrain as KernelTerrain};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::options::Metric;
use super::terrain::{Features, Footing, Terrain};

/// Another creature on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupant {
    pub space: Footprint,
    /// An enemy of the creature the board is read for.
    pub enemy: bool,
    /// It may make opportunity attacks: not confused or dominated (seed 000 L170, L441, L447;
    /// see [`may_react`](super::opportunity::may_react)).
    pub reacts: bool,
}

impl Occupant {
    pub fn new(origin: Square, side: i32, enemy: bool) -> Self {
        Self {
            space: Footprint { origin, side },
            enemy,
            reacts: true,
        }
    }

    /// An enemy that may make an opportunity attack.
    pub fn threatens(&self) -> bool {
        self.enemy && self.reacts
    }
}

/// The map, its DDM terrain and the other creatures, seen from one creature (left out of
/// `others`, with its rider or mount).
#[derive(Clone, Copy, Debug)]
pub struct Board<'a> {
    pub map: &'a Map,
    pub features: &'a Features,
    pub others: &'a [Occupant],
}

impl Board<'_> {
    /// The square's DDM terrain, none off the map. An occupied secret door counts as Clear
    /// (seed 000 L545).
    pub fn terrain(&self, sq: Square) -> Option<Terrain> {
        let kernel = self.map.terrain(sq)?;
        let terrain = self
            .features
            .at(sq)
            .unwrap_or_else(|| Terrain::from_kernel(kernel));
        if terrain == Terrain::SecretDoor && self.occupant(sq).is_some() {
            Some(Terrain::Clear)
        } else {
            Some(terrain)
        }
    }

    /// The other creature standing in `sq`, by its index in `others`.
    pub fn occupant(&self, sq: Square) -> Option<usize> {
        self.others.iter().position(|o| o.space.contains(sq))
    }

    /// The terrain under a space.
    pub fn footing(&self, space: Footprint) -> Footing {
        Footing(space.squares().filter_map(|sq| self.terrain(sq)).collect())
    }

    /// Whether every square of the space is `terrain`.
    pub fn wholly_in(&self, space: Footprint, terrain: Terrain) -> bool {
        space.squares().all(|sq| self.terrain(sq) == Some(terrain))
    }

    /// Whether the space is a legal position (seed 000 L51-56): on the map, no pit, wall or
    /// blocking terrain (L180, L202) and no other creature in any of its squares.
    pub fn check_legal(&self, space: Footprint) -> Result<(), RuleError> {
        for sq in space.squares() {
            let refuse = |why: String| Err(RuleError::new(rule::LEGAL_POSITION, why));
            match self.terrain(sq) {
                None => return refuse(format!("{sq} is off the map")),
                Some(t) if !t.legal_end() => {
                    return refuse(format!("{sq} is {}, which is no legal position", t.name()));
                }
                _ => {}
            }
            if self.occupant(sq).is_some() {
                return refuse(format!("another creature stands in {sq}"));
            }
        }
        Ok(())
    }

    pub fn is_legal(&self, space: Footprint) -> bool {
        self.check_legal(space).is_ok()
    }

    /// Where a placement may put a space: only a legal position (seed 000 L254, L473).
    pub fn place(&self, space: Footprint) -> Result<Footprint, RuleError> {
        self.check_legal(space)
            .map(|()| space)
            .map_err(|e| RuleError::new(rule::PLACE, format!("cannot be placed: {}", e.reason)))
    }

    /// The last legal position among `held`, oldest first: where a creature ending in an
    /// illegal position is placed back, without triggering anything (seed 000 L145-148).
    pub fn last_legal(&self, held: &[Footprint]) -> Option<Footprint> {
        held.iter().rev().copied().find(|&s| self.is_legal(s))
    }

    /// The top-left squares of the legal positions for a space of `from`'s size nearest to
    /// `from`, all of them when several are equally near (seed 000 L184, L399, L507).
    pub fn nearest_legal(&self, from: Footprint, metric: Metric) -> Vec<Square> {
        let mut by_distance: BTreeMap<u32, Vec<Square>> = BTreeMap::new();
        for y in 0..self.map.height {
            for x in 0..self.map.width {
                let origin = Square::new(x, y);
                if self.is_legal(Footprint { origin, ..from }) {
                    let d = metric.between(from.origin, origin);
                    by_distance.entry(d).or_default().push(origin);
                }
            }
        }
        by_distance.into_values().next().unwrap_or_default()
    }

    /// Line of sight between two spaces: the kernel's corner-to-corner line over the squares
    /// that block sight: walls, smoke and empty secret doors (seed 000 L190, L545).
    pub fn line_of_sight(&self, a: Footprint, b: Footprint) -> bool {
        self.blocked_by(Terrain::blocks_sight).line_of_effect(a, b)
    }

    /// Line of effect between two spaces: walls, empty secret doors and see-through barriers
    /// stop it; smoke does not (seed 000 L190, L545).
    pub fn line_of_effect(&self, a: Footprint, b: Footprint) -> bool {
        self.blocked_by(Terrain::blocks_effect).line_of_effect(a, b)
    }

    /// Whether `to` has cover from `from` against ranged attacks, creatures aside: the kernel's
    /// best-corner cover test (the rulebook's procedure is not in seed) over walls, empty secret
    /// doors, forest and market stalls, never smoke (seed 000 L190, L533-535).
    pub fn ranged_cover(&self, from: Footprint, to: Footprint) -> bool {
        let covering = self.blocked_by(Terrain::covers_against_ranged);
        !covering.line_of_effect(from, to) || covering.cover(from, to)
    }

    /// The kernel map with a wall wherever `blocks` holds and open floor elsewhere, for the
    /// kernel's line and cover tests.
    fn blocked_by(&self, blocks: impl Fn(Terrain) -> bool) -> Map {
        let mut map = Map {
            width: self.map.width,
            height: self.map.height,
            cells: vec![Cell::default(); self.map.cells.len()],
            zones: BTreeMap::new(),
        };
        for y in 0..map.height {
            for x in 0..map.width {
                let sq = Square::new(x, y);
                if self.terrain(sq).is_some_and(&blocks) {
                    let wall = Cell {
                        terrain: KernelTerrain::Wall,
                        ..Cell::default()
                    };
                    map.set_cell(sq, wall);
                }
            }
        }
        map
    }
}

/// Adjacent as seed 000 L210 has it ([`rule::ADJACENT`]): within 1 square, a creature's own
/// square included, so a rider and its mount are adjacent.
pub fn adjacent(a: Footprint, b: Footprint) -> bool {
    a.distance(b) <= 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::fixtures::{at, lay, one, open_map};

    #[test]
    fn pits_walls_and_other_creatures_are_no_legal_position_smoke_and_forest_are() {
        let mut map = open_map(5, 1);
        lay(&mut map, KernelTerrain::Pit { depth: 1 }, &[(1, 0)]);
        lay(&mut map, KernelTerrain::Wall, &[(2, 0)]);
        let features = Features::default()
            .with(Terrain::Smoke, [at(3, 0)])
            .with(Terrain::Forest, [at(4, 0)]);
        let others = [Occupant::new(at(0, 0), 1, false)];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let reasons: Vec<String> = (0..3)
            .map(|x| board.check_legal(one(x, 0)).unwrap_err().reason)
            .collect();
        assert_eq!(
            reasons,
            [
                "another creature stands in (0, 0)",
                "(1, 0) is a pit, which is no legal position",
                "(2, 0) is a wall, which is no legal position",
            ]
        );
        assert!(board.is_legal(one(3, 0)) && board.is_legal(one(4, 0)));
        assert_eq!(board.place(one(1, 0)).unwrap_err().rule, rule::PLACE);
    }

    #[test]
    fn an_illegal_end_is_placed_back_at_the_last_legal_position_held() {
        let mut map = open_map(4, 1);
        lay(&mut map, KernelTerrain::Wall, &[(2, 0), (3, 0)]);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let held = [one(0, 0), one(1, 0), one(2, 0), one(3, 0)];
        assert_eq!(board.last_legal(&held), Some(one(1, 0)));
    }

    #[test]
    fn a_secret_door_blocks_sight_and_effect_until_someone_stands_in_it() {
        let map = open_map(5, 1);
        let features = Features::default().with(Terrain::SecretDoor, [at(2, 0)]);
        let empty = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        assert!(!empty.line_of_sight(one(0, 0), one(4, 0)));
        assert!(!empty.line_of_effect(one(0, 0), one(4, 0)));
        let others = [Occupant::new(at(2, 0), 1, true)];
        let held = Board {
            others: &others,
            ..empty
        };
        assert_eq!(held.terrain(at(2, 0)), Some(Terrain::Clear));
        assert!(held.line_of_sight(one(0, 0), one(4, 0)));
    }

    #[test]
    fn forest_covers_against_ranged_attacks_and_smoke_does_not() {
        let map = open_map(6, 3);
        let forest = Features::default().with(Terrain::Forest, [at(3, 0), at(3, 1), at(3, 2)]);
        let smoke = Features::default().with(Terrain::Smoke, [at(3, 0), at(3, 1), at(3, 2)]);
        let in_forest = Board {
            map: &map,
            features: &forest,
            others: &[],
        };
        let in_smoke = Board {
            map: &map,
            features: &smoke,
            others: &[],
        };
        assert!(in_forest.ranged_cover(one(0, 1), one(5, 1)));
        assert!(in_forest.line_of_sight(one(0, 1), one(5, 1)));
        assert!(!in_smoke.ranged_cover(one(0, 1), one(5, 1)));
        assert!(!in_smoke.line_of_sight(one(0, 1), one(5, 1)));
        assert!(in_smoke.line_of_effect(one(0, 1), one(5, 1)));
    }

    #[test]
    fn a_creature_is_adjacent_to_its_own_square() {
        assert!(adjacent(one(3, 3), one(3, 3)));
        assert!(adjacent(one(3, 3), one(4, 4)));
        assert!(!adjacent(one(3, 3), one(5, 3)));
    }
}
