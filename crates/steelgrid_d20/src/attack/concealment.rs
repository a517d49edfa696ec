//! Concealment (seed 001 L220-230): fog, darkness or invisibility between attacker and target
//! turns a hit into a miss some of the time; the sources do not add up.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::{Footprint, Map, segment_crosses_square_interior};

use super::cover::{around, corners, unit};

/// How hidden a target is from one attacker.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Concealment {
    None,
    /// 20 % of hits miss (seed 001 L225).
    Concealed,
    /// Line of effect but no line of sight: 50 % of hits miss, the attacker names a square, and
    /// no attack of opportunity (seed 001 L227-228).
    Total,
}

impl Concealment {
    /// The miss chance in percent (seed 001 L225, L227).
    pub fn miss_chance(self) -> u32 {
        match self {
            Concealment::None => 0,
            Concealment::Concealed => 20,
            Concealment::Total => 50,
        }
    }
}

/// What the attacker can and cannot see through.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Sight {
    /// The target is invisible to it: total concealment (seed 001 L229).
    pub target_invisible: bool,
    /// The attacker cannot see at all.
    pub blinded: bool,
}

impl Sight {
    /// Line of effect without sight: total concealment (seed 001 L227, L229).
    pub fn total(self) -> bool {
        self.target_invisible || self.blinded
    }
}

/// The concealment `target` has from `attacker` (seed 001 L222-224). `adjacent_melee` is a
/// melee attack on a neighbour, which only a target wholly inside concealing squares escapes;
/// every other attack draws lines from the attacker's best corner, and any line through a
/// concealing square (the target's own included) conceals it. Several sources are still one
/// concealment (seed 001 L225).
pub fn of(
    map: &Map,
    attacker: Footprint,
    target: Footprint,
    adjacent_melee: bool,
    sight: Sight,
) -> Concealment {
    if sight.total() {
        return Concealment::Total;
    }
    let concealed = if adjacent_melee {
        map.conceals(target)
    } else {
        let hazy = |p: (i32, i32), q: (i32, i32)| {
            around(p, q).any(|sq| {
                !attacker.contains(sq)
                    && map.cell(sq).is_some_and(|c| c.concealing)
                    && segment_crosses_square_interior(p, q, sq)
            })
        };
        attacker
            .squares()
            .flat_map(|sq| corners(unit(sq)))
            .all(|p| corners(target).iter().any(|&q| hazy(p, q)))
    };
    if concealed {
        Concealment::Concealed
    } else {
        Concealment::None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_kernel::grid::{Cell, Square};

    fn foggy(squares: &[(i32, i32)]) -> Map {
        let mut map = Map {
            width: 10,
            height: 5,
            cells: vec![Cell::default(); 50],
            zones: Default::default(),
        };
        for &(x, y) in squares {
            map.cells[(y * 10 + x) as usize].concealing = true;
        }
        map
    }

    fn at(x: i32, y: i32) -> Footprint {
        Footprint {
            origin: Square::new(x, y),
            side: 1,
        }
    }

    #[test]
    fn fog_between_an_archer_and_its_target_conceals_it_and_one_in_its_own_square_too() {
        let map = foggy(&[(4, 0), (4, 1), (4, 2), (4, 3), (4, 4)]);
        let s = Sight::default();
        assert_eq!(
            of(&map, at(0, 2), at(8, 2), false, s),
            Concealment::Concealed
        );
        assert_eq!(of(&map, at(0, 2), at(8, 2), false, s).miss_chance(), 20);
        let map = foggy(&[(8, 2)]);
        assert_eq!(
            of(&map, at(0, 2), at(8, 2), false, s),
            Concealment::Concealed
        );
        assert_eq!(of(&map, at(0, 2), at(6, 0), false, s), Concealment::None);
    }

    #[test]
    fn in_melee_only_a_target_wholly_in_fog_is_concealed() {
        let map = foggy(&[(3, 2)]);
        let s = Sight::default();
        assert_eq!(
            of(&map, at(2, 2), at(3, 2), true, s),
            Concealment::Concealed
        );
        // The fog between them but not around the target: nothing, in melee.
        let map = foggy(&[(2, 2)]);
        assert_eq!(of(&map, at(2, 2), at(3, 2), true, s), Concealment::None);
    }

    #[test]
    fn an_invisible_target_has_total_concealment_and_fog_adds_nothing_to_it() {
        let map = foggy(&[(8, 2)]);
        let s = Sight {
            target_invisible: true,
            ..Sight::default()
        };
        assert_eq!(of(&map, at(0, 2), at(8, 2), false, s), Concealment::Total);
        assert_eq!(Concealment::Total.miss_chance(), 50);
    }
}
