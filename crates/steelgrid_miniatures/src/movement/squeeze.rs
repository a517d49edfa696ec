//! Squeezing (seed 000 L485-491; digest A3, DND-65): only a huge creature squeezes. It moves as a
//! 2×2 creature at half speed, provokes from the enemies beside it when it starts, grants them
//! combat advantage and takes -5 to attacks meanwhile, then must fit at full size in a legal
//! position, unless a second squeeze action follows (AMB-12).

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::{Board, adjacent};
use super::options::{MovementOptions, SqueezeTwice};
use super::walk::{Walk, Walker, walk};

/// The side of a huge creature's space, the only size that squeezes (seed 000 L485).
pub const HUGE_SIDE: i32 = 3;
/// The side it counts as while squeezing: large (seed 000 L487).
pub const SQUEEZED_SIDE: i32 = 2;
/// Its attack modifier while squeezing (seed 000 L487).
pub const SQUEEZE_ATTACK: i32 = -5;

/// Which squeeze action this is (seed 000 L489).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum SqueezeAction {
    /// A single squeeze action.
    #[default]
    Only,
    /// The first of two the creature spends squeezing.
    FirstOfTwo,
    /// The second of two.
    SecondOfTwo,
}

impl SqueezeAction {
    /// Whether it may stay 2×2 after this action (AMB-12).
    fn may_stay_small(self, reading: SqueezeTwice) -> bool {
        match (self, reading) {
            (SqueezeAction::Only, _) => false,
            (SqueezeAction::FirstOfTwo, _) => true,
            (SqueezeAction::SecondOfTwo, reading) => reading == SqueezeTwice::After,
        }
    }
}

/// A squeeze asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Squeeze<'p> {
    /// The top-left square of the 2×2 it shrinks into, inside its space.
    pub into: Square,
    /// The 2×2's top-left square after each step.
    pub path: &'p [Square],
    /// Its top-left square back at full size around the last 2×2; none to stay 2×2.
    pub end: Option<Square>,
    pub action: SqueezeAction,
}

/// A squeeze done.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Squeezed {
    /// The walk of the 2×2 at half speed.
    pub walk: Walk,
    /// Where it ends: full size, or 2×2 between two squeeze actions.
    pub end: Footprint,
    /// The enemies it provoked, by index in the board's `others`: those beside it as the
    /// squeeze starts (seed 000 L487), then any whose side the 2×2 left.
    pub provoked: Vec<usize>,
}

/// Squeeze `walker`, a huge creature (seed 000 L485-491). Refused: not huge, a 2×2 outside its
/// space, a walk the 2×2 may not make at half speed (rounded down, not in seed), or an end
/// where it does not fit.
pub fn squeeze(
    board: &Board,
    walker: &Walker,
    squeeze: &Squeeze,
    options: &MovementOptions,
) -> Result<Squeezed, RuleError> {
    let small = shrink(walker, squeeze.into)?;
    let small_walker = Walker {
        space: small,
        speed: walker.speed / 2,
        ..*walker
    };
    let walk = walk(board, &small_walker, squeeze.path, options)?;
    let last = Footprint {
        origin: squeeze.path.last().copied().unwrap_or(squeeze.into),
        side: SQUEEZED_SIDE,
    };
    let end = match squeeze.end {
        Some(origin) => full_size(board, last, origin)?,
        None => stay_small(board, last, squeeze.action, options.squeeze_twice)?,
    };
    let mut provoked: Vec<usize> = (0..board.others.len())
        .filter(|&i| board.others[i].threatens() && adjacent(walker.space, board.others[i].space))
        .collect();
    for p in &walk.provoked {
        if !provoked.contains(&p.occupant) {
            provoked.push(p.occupant);
        }
    }
    Ok(Squeezed {
        walk,
        end,
        provoked,
    })
}

/// The 2×2 a huge creature squeezes into.
fn shrink(walker: &Walker, into: Square) -> Result<Footprint, RuleError> {
    if walker.space.side != HUGE_SIDE {
        return Err(RuleError::new(
            rule::SQUEEZE,
            "only a huge creature may squeeze",
        ));
    }
    let small = Footprint {
        origin: into,
        side: SQUEEZED_SIDE,
    };
    if small.squares().all(|sq| walker.space.contains(sq)) {
        Ok(small)
    } else {
        Err(RuleError::new(
            rule::SQUEEZE,
            format!("a 2x2 at {into} is not inside its space"),
        ))
    }
}

/// Back to full size around the last 2×2, in a legal position (seed 000 L487).
fn full_size(board: &Board, last: Footprint, origin: Square) -> Result<Footprint, RuleError> {
    let full = Footprint {
        origin,
        side: HUGE_SIDE,
    };
    if !last.squares().all(|sq| full.contains(sq)) {
        return Err(RuleError::new(
            rule::SQUEEZE,
            format!(
                "a full-size space at {origin} does not hold the 2x2 at {}",
                last.origin
            ),
        ));
    }
    board.check_legal(full).map(|()| full).map_err(|e| {
        RuleError::new(
            rule::SQUEEZE,
            format!("it must end where it fits at full size: {}", e.reason),
        )
    })
}

/// Staying 2×2, only between squeeze actions (AMB-12), in a position a squeeze may end in.
fn stay_small(
    board: &Board,
    last: Footprint,
    action: SqueezeAction,
    reading: SqueezeTwice,
) -> Result<Footprint, RuleError> {
    if !action.may_stay_small(reading) {
        return Err(RuleError::new(
            rule::SQUEEZE,
            "it must return to full size when the squeeze ends",
        ));
    }
    board.check_legal(last).map(|()| last)
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::{Map, Terrain as KernelTerrain};

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, open_map, space, squares};
    use crate::movement::terrain::Features;

    /// A corridor two squares wide (rows 1 and 2) through a wall at x = 3.
    fn corridor() -> Map {
        let mut map = open_map(9, 4);
        lay(&mut map, KernelTerrain::Wall, &[(3, 0), (3, 3)]);
        map
    }

    fn giant() -> Walker {
        Walker::new(at(0, 0), HUGE_SIDE, 6)
    }

    fn through<'p>(path: &'p [Square], end: Option<Square>) -> Squeeze<'p> {
        Squeeze {
            into: at(1, 1),
            path,
            end,
            action: SqueezeAction::Only,
        }
    }

    #[test]
    fn dnd_65_a_huge_creature_squeezes_as_2x2_at_speed_3_provoking_as_it_starts() {
        let map = corridor();
        let features = Features::default();
        let others = [
            Occupant::new(at(0, 3), 1, true),
            Occupant::new(at(8, 0), 1, true),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let options = MovementOptions::default();
        let path = squares(&[(2, 1), (3, 1), (4, 1)]);
        let done = squeeze(&board, &giant(), &through(&path, Some(at(4, 0))), &options).unwrap();
        assert_eq!(done.walk.cost, 3);
        assert_eq!(done.end, space(4, 0, 3));
        assert_eq!(done.provoked, [0]);
        assert_eq!(SQUEEZE_ATTACK, -5);
        let too_far = squares(&[(2, 1), (3, 1), (4, 1), (5, 1)]);
        let refused = squeeze(
            &board,
            &giant(),
            &through(&too_far, Some(at(5, 0))),
            &options,
        );
        assert_eq!(refused.unwrap_err().rule, rule::SPEED);
        // Walking at full size, its first step east already meets the wall.
        let walking = walk(&board, &giant(), &squares(&[(1, 0)]), &options);
        assert_eq!(walking.unwrap_err().rule, rule::BLOCKING);
    }

    #[test]
    fn dnd_65_it_must_end_where_it_fits_as_3x3() {
        let map = corridor();
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let path = squares(&[(2, 1), (3, 1)]);
        let wedged =
            squeeze(&board, &giant(), &through(&path, Some(at(3, 0))), &options).unwrap_err();
        assert_eq!(wedged.rule, rule::SQUEEZE);
        assert_eq!(
            wedged.reason,
            "it must end where it fits at full size: (3, 0) is a wall, which is no legal position"
        );
        let small = squeeze(&board, &giant(), &through(&path, None), &options).unwrap_err();
        assert_eq!(
            small.reason,
            "it must return to full size when the squeeze ends"
        );
    }

    #[test]
    fn amb_12_it_stays_2x2_between_two_squeeze_actions() {
        let map = corridor();
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let path = squares(&[(2, 1), (3, 1)]);
        let first = Squeeze {
            action: SqueezeAction::FirstOfTwo,
            ..through(&path, None)
        };
        let options = MovementOptions::default();
        assert_eq!(
            squeeze(&board, &giant(), &first, &options).unwrap().end,
            space(3, 1, 2)
        );
        let second = Squeeze {
            action: SqueezeAction::SecondOfTwo,
            ..first
        };
        assert_eq!(
            squeeze(&board, &giant(), &second, &options)
                .unwrap_err()
                .rule,
            rule::SQUEEZE
        );
        let literal = MovementOptions {
            squeeze_twice: SqueezeTwice::After,
            ..options
        };
        assert_eq!(
            squeeze(&board, &giant(), &second, &literal).unwrap().end,
            space(3, 1, 2)
        );
    }

    #[test]
    fn only_a_huge_creature_squeezes_and_into_its_own_space() {
        let map = corridor();
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let large = Walker::new(at(0, 0), 2, 6);
        let refused = squeeze(&board, &large, &through(&[], None), &options).unwrap_err();
        assert_eq!(refused.reason, "only a huge creature may squeeze");
        let outside = Squeeze {
            into: at(2, 2),
            ..through(&[], None)
        };
        assert_eq!(
            squeeze(&board, &giant(), &outside, &options)
                .unwrap_err()
                .rule,
            rule::SQUEEZE
        );
    }
}
