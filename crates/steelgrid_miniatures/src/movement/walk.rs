//! Walking square by square and shifting (seed 000 L58-88, L145-148, L467, L539; digest A2,
//! A3): each step to one of the eight squares around, 1 square a step (AMB-1), 1 more into
//! slowing terrain that a square of the body newly enters, never into a wall, pit or enemy; an
//! illegal end is placed back; leaving an enemy's side provokes.

use steelgrid_kernel::grid::{Footprint, Square, cuts_corner};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::{Board, adjacent};
use super::options::{Metric, MovementOptions, ShiftInto};
use super::terrain::{DIFFICULT_EXTRA, SPIKE_STONES_DAMAGE, Terrain};

/// How a creature moves (seed 000 L63-71).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Mode {
    #[default]
    Walking,
    /// Ignores all terrain, walls included, but may not enter a pit.
    Burrowing,
    /// The same as burrowing for terrain.
    Phasing,
}

/// The creature on the move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub space: Footprint,
    /// In squares; 0 for a rider or an immobilized creature.
    pub speed: u32,
    pub mode: Mode,
    /// It moves normally through slowing terrain: no extra cost and no damage for moving
    /// through it (seed 000 L467, [`rule::MOVES_NORMALLY`]), and it may shift into it (L77).
    pub moves_normally: bool,
    /// How many squares it may shift: more than 1 lets it shift into slowing terrain (L77).
    pub shift: u32,
}

impl Walker {
    pub fn new(origin: Square, side: i32, speed: u32) -> Self {
        Self {
            space: Footprint { origin, side },
            speed,
            mode: Mode::Walking,
            moves_normally: false,
            shift: 1,
        }
    }
}

/// One step of a walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    /// The top-left square after the step.
    pub to: Square,
    /// In squares.
    pub cost: u32,
    /// The slowing terrain a square of the body newly entered, if it paid for one
    /// ([`rule::DIFFICULT`], [`rule::BIG_CREATURE`]).
    pub slowed_by: Option<Terrain>,
    /// Damage for the step: spike stones that slowed it (seed 000 L539).
    pub damage: u32,
}

/// An enemy whose opportunity attack a walk provoked, and the step that left its side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Provoked {
    /// Its index in the board's `others`.
    pub occupant: usize,
    pub step: usize,
}

/// A walk: its steps, the total cost, where the creature ends, and what it provoked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub steps: Vec<Step>,
    pub cost: u32,
    pub end: Footprint,
    /// The path ended in an illegal position, so `end` is the last legal one it held, where it
    /// was placed without triggering anything (seed 000 L145-148, [`rule::PLACED_BACK`]).
    pub placed_back: bool,
    /// It went over its speed by the 1-square rule (seed 000 L58-61, [`rule::ONE_SQUARE`]).
    pub one_square: bool,
    /// Each enemy able to react whose side it left, once ([`rule::OA_LEAVE`]).
    pub provoked: Vec<Provoked>,
}

/// Walk `path`, the top-left square after each step (seed 000 L51-88). Refused: speed 0, a
/// step that is not to an adjacent square, off the map, into a wall, pit or enemy, past a
/// wall's corner, or over the speed unless it is the single square the 1-square rule allows.
pub fn walk(
    board: &Board,
    walker: &Walker,
    path: &[Square],
    options: &MovementOptions,
) -> Result<Walk, RuleError> {
    if walker.speed == 0 && !path.is_empty() {
        return Err(RuleError::new(
            rule::SPEED,
            "it has speed 0 and cannot move",
        ));
    }
    let mut held = vec![walker.space];
    let mut steps = Vec::with_capacity(path.len());
    let mut diagonals = 0;
    for &to in path {
        let from = held[held.len() - 1];
        steps.push(take_step(
            board,
            walker,
            (from, to),
            options.metric,
            &mut diagonals,
        )?);
        held.push(Footprint { origin: to, ..from });
    }
    let cost = steps.iter().map(|s| s.cost).sum();
    let one_square = within_speed(walker.speed, cost, steps.len())?;
    let last = held[held.len() - 1];
    let end = board.last_legal(&held).unwrap_or(walker.space);
    Ok(Walk {
        provoked: provoked(board, &held),
        steps,
        cost,
        end,
        placed_back: end != last,
        one_square,
    })
}

/// One step of the body from `from` to the top-left square `to`.
fn take_step(
    board: &Board,
    walker: &Walker,
    (from, to): (Footprint, Square),
    metric: Metric,
    diagonals: &mut u32,
) -> Result<Step, RuleError> {
    let offset = one_step(from.origin, to)?;
    let after = Footprint { origin: to, ..from };
    let fresh: Vec<Square> = after.squares().filter(|&sq| !from.contains(sq)).collect();
    for &sq in &fresh {
        may_enter(board, walker.mode, sq)?;
    }
    if walker.mode == Mode::Walking {
        past_no_corner(board, from, offset)?;
    }
    let slowed_by = slowing(board, walker, &fresh);
    let diagonal = offset.0 != 0 && offset.1 != 0;
    let mut cost = if diagonal {
        *diagonals += 1;
        metric.diagonal_cost(*diagonals - 1)
    } else {
        1
    };
    cost += slowed_by.map_or(0, |_| DIFFICULT_EXTRA);
    let damage = match slowed_by {
        Some(Terrain::SpikeStones) => SPIKE_STONES_DAMAGE,
        _ => 0,
    };
    Ok(Step {
        to,
        cost,
        slowed_by,
        damage,
    })
}

/// Each step goes to one of the eight squares around (seed 000 L135-137).
pub(super) fn one_step(from: Square, to: Square) -> Result<(i32, i32), RuleError> {
    let offset = (to.x - from.x, to.y - from.y);
    if offset != (0, 0) && offset.0.abs() <= 1 && offset.1.abs() <= 1 {
        Ok(offset)
    } else {
        Err(RuleError::new(
            rule::DISTANCE,
            format!("{to} is not next to {from}: a move goes one square at a time"),
        ))
    }
}

/// Whether a creature moving this way may enter `sq` on its way: not off the map, never a pit
/// of its own accord (seed 000 L180, L541), a wall only burrowing or phasing (L63-71), never
/// an enemy's square (not in seed).
fn may_enter(board: &Board, mode: Mode, sq: Square) -> Result<(), RuleError> {
    let terrain = board
        .terrain(sq)
        .ok_or_else(|| RuleError::new(rule::BLOCKING, format!("{sq} is off the map")))?;
    if terrain == Terrain::Pit {
        let why = if mode == Mode::Walking {
            rule::PIT
        } else {
            rule::BURROW_PHASE
        };
        return Err(RuleError::new(
            why,
            format!("{sq} is a pit, which it may not enter"),
        ));
    }
    if mode == Mode::Walking && terrain.blocks_walking() {
        return Err(RuleError::new(
            terrain.rule(),
            format!("{sq} is {}, which stops it", terrain.name()),
        ));
    }
    match board.occupant(sq) {
        Some(i) if board.others[i].enemy => Err(RuleError::new(
            rule::THROUGH,
            format!("an enemy stands in {sq}"),
        )),
        _ => Ok(()),
    }
}

/// No diagonal past the corner of a wall or the map's edge (the rulebook's, not in seed): the
/// kernel's corner test for the whole space.
fn past_no_corner(board: &Board, from: Footprint, offset: (i32, i32)) -> Result<(), RuleError> {
    let solid = |sq: Square| board.terrain(sq).is_none_or(Terrain::blocks_walking);
    if cuts_corner(from, offset, solid) {
        Err(RuleError::new(
            rule::CORNER,
            format!("the diagonal from {} cuts a wall's corner", from.origin),
        ))
    } else {
        Ok(())
    }
}

/// The slowing terrain among the squares the body newly enters (seed 000 L79-88), spike stones
/// first; none for a creature that burrows, phases or moves normally through it (L63-71, L467).
fn slowing(board: &Board, walker: &Walker, fresh: &[Square]) -> Option<Terrain> {
    if walker.mode != Mode::Walking || walker.moves_normally {
        return None;
    }
    let slows: Vec<Terrain> = fresh
        .iter()
        .filter_map(|&sq| board.terrain(sq))
        .filter(|t| t.slows())
        .collect();
    slows
        .iter()
        .copied()
        .find(|&t| t == Terrain::SpikeStones)
        .or_else(|| slows.first().copied())
}

/// A walk costs no more than the speed (not in seed), except a single square, which the
/// 1-square rule always allows (seed 000 L58-61: its limits are the steps' own checks).
fn within_speed(speed: u32, cost: u32, steps: usize) -> Result<bool, RuleError> {
    if cost <= speed {
        Ok(false)
    } else if steps == 1 {
        Ok(true)
    } else {
        Err(RuleError::new(
            rule::SPEED,
            format!("the path costs {cost} squares and its speed is {speed}"),
        ))
    }
}

/// Each enemy beside a space the walker leaves, at the first step that leaves its side.
fn provoked(board: &Board, held: &[Footprint]) -> Vec<Provoked> {
    let mut out: Vec<Provoked> = board
        .others
        .iter()
        .enumerate()
        .filter(|(_, o)| o.threatens())
        .filter_map(|(occupant, o)| {
            let step = held[..held.len() - 1]
                .iter()
                .position(|&left| adjacent(left, o.space))?;
            Some(Provoked { occupant, step })
        })
        .collect();
    out.sort_by_key(|p| (p.step, p.occupant));
    out
}

/// Shift into the adjacent square `to`, a move action that provokes nothing (seed 000 L77).
/// The squares entered must be Clear for this creature (AMB-11) and the end a legal position.
pub fn shift(
    board: &Board,
    walker: &Walker,
    to: Square,
    options: &MovementOptions,
) -> Result<Footprint, RuleError> {
    let offset = one_step(walker.space.origin, to)?;
    let after = Footprint {
        origin: to,
        ..walker.space
    };
    for sq in after.squares().filter(|&sq| !walker.space.contains(sq)) {
        may_enter(board, Mode::Walking, sq)?;
        clear_for_shift(board, walker, sq, options.shift_into)?;
    }
    past_no_corner(board, walker.space, offset)?;
    board.check_legal(after)?;
    Ok(after)
}

/// Whether a shift may enter `sq` (seed 000 L77, L525; AMB-11).
fn clear_for_shift(
    board: &Board,
    walker: &Walker,
    sq: Square,
    reading: ShiftInto,
) -> Result<(), RuleError> {
    let terrain = board.terrain(sq).unwrap_or(Terrain::Blocking);
    let waived = walker.shift > 1 || walker.moves_normally;
    let fine = match reading {
        ShiftInto::ClearForYou => !terrain.slows() || waived,
        ShiftInto::StrictlyClear => terrain.is_clear(),
    };
    if fine {
        Ok(())
    } else {
        Err(RuleError::new(
            rule::SHIFT,
            format!(
                "{sq} is {}, not Clear: a shift cannot go there",
                terrain.name()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::Terrain as KernelTerrain;

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, north, one, open_map, space, squares};
    use crate::movement::terrain::Features;

    fn go(board: &Board, walker: &Walker, path: &[(i32, i32)]) -> Result<Walk, RuleError> {
        walk(board, walker, &squares(path), &MovementOptions::default())
    }

    fn costs(walk: &Walk) -> Vec<u32> {
        walk.steps.iter().map(|s| s.cost).collect()
    }

    fn plain() -> Features {
        Features::default()
    }

    #[test]
    fn every_step_costs_1_diagonals_included() {
        let map = open_map(5, 5);
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let walk = go(
            &board,
            &Walker::new(at(0, 0), 1, 6),
            &[(1, 1), (2, 2), (3, 3)],
        )
        .unwrap();
        assert_eq!((costs(&walk), walk.cost), (vec![1, 1, 1], 3));
        assert_eq!(walk.end, one(3, 3));
        let alternating = MovementOptions {
            metric: Metric::Alternating,
            ..MovementOptions::default()
        };
        let path = squares(&[(1, 1), (2, 2), (3, 3)]);
        let d20_like = walk_with(&board, &path, &alternating);
        assert_eq!(d20_like, [1, 2, 1]);
    }

    fn walk_with(board: &Board, path: &[Square], options: &MovementOptions) -> Vec<u32> {
        let walker = Walker::new(at(0, 0), 1, 6);
        costs(&walk(board, &walker, path, options).unwrap())
    }

    #[test]
    fn difficult_terrain_costs_1_more_and_spike_stones_that_slow_deal_5() {
        let mut map = open_map(4, 1);
        lay(&mut map, KernelTerrain::Difficult, &[(1, 0)]);
        let features = plain().with(Terrain::SpikeStones, [at(2, 0)]);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let walk = go(
            &board,
            &Walker::new(at(0, 0), 1, 6),
            &[(1, 0), (2, 0), (3, 0)],
        )
        .unwrap();
        assert_eq!(costs(&walk), [2, 2, 1]);
        let damage: Vec<u32> = walk.steps.iter().map(|s| s.damage).collect();
        assert_eq!(damage, [0, 5, 0]);
        let nimble = Walker {
            moves_normally: true,
            ..Walker::new(at(0, 0), 1, 6)
        };
        let walk = go(&board, &nimble, &[(1, 0), (2, 0)]).unwrap();
        assert_eq!((costs(&walk), walk.steps[1].damage), (vec![1, 1], 0));
    }

    #[test]
    fn dnd_45_a_large_creature_already_on_difficult_terrain_steps_east_for_1() {
        // The digest gives DND-45 only as DND-32's contrast: a 2x2 ogre at (0,0)-(1,1) with
        // (1,0) difficult steps east. Its new squares (2,0) and (2,1) are open: 1, not d20's 2.
        let mut map = open_map(6, 2);
        let difficult = north(2, 1, 0);
        lay(
            &mut map,
            KernelTerrain::Difficult,
            &[(difficult.x, difficult.y)],
        );
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let ogre = Walker::new(at(0, 0), 2, 8);
        let walk = go(&board, &ogre, &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(costs(&walk), [1, 1]);
    }

    #[test]
    fn a_big_creature_pays_when_one_of_its_squares_newly_enters_slowing_terrain() {
        // Difficult terrain at (2,0): the step that brings the 2x2 onto it costs 2, the next,
        // with the body still on it but nothing slowing newly entered, 1.
        let mut map = open_map(6, 2);
        lay(&mut map, KernelTerrain::Difficult, &[(2, 0)]);
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let ogre = Walker::new(at(0, 0), 2, 6);
        let walk = go(&board, &ogre, &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(costs(&walk), [2, 1]);
        assert_eq!(walk.steps[0].slowed_by, Some(Terrain::Difficult));
    }

    #[test]
    fn the_one_square_rule_lets_a_speed_1_creature_into_difficult_terrain_but_not_a_wall() {
        let mut map = open_map(3, 2);
        lay(&mut map, KernelTerrain::Difficult, &[(1, 0)]);
        lay(&mut map, KernelTerrain::Wall, &[(0, 1)]);
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let slow = Walker::new(at(0, 0), 1, 1);
        let walk = go(&board, &slow, &[(1, 0)]).unwrap();
        assert_eq!((walk.cost, walk.one_square), (2, true));
        let wall = go(&board, &slow, &[(0, 1)]).unwrap_err();
        assert_eq!(
            (wall.rule, wall.reason.as_str()),
            (rule::BLOCKING, "(0, 1) is a wall, which stops it")
        );
        let two = go(&board, &slow, &[(1, 0), (2, 0)]).unwrap_err();
        assert_eq!(two.rule, rule::SPEED);
        let held = go(&board, &Walker::new(at(0, 0), 1, 0), &[(1, 0)]).unwrap_err();
        assert_eq!(held.rule, rule::SPEED);
    }

    #[test]
    fn pits_stop_walkers_burrowers_and_phasers_but_walls_only_walkers() {
        let mut map = open_map(4, 1);
        lay(&mut map, KernelTerrain::Wall, &[(1, 0)]);
        lay(&mut map, KernelTerrain::Pit { depth: 1 }, &[(3, 0)]);
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let phaser = Walker {
            mode: Mode::Phasing,
            ..Walker::new(at(0, 0), 1, 6)
        };
        let through = go(&board, &phaser, &[(1, 0), (2, 0)]).unwrap();
        assert_eq!((through.end, through.cost), (one(2, 0), 2));
        let pit = go(&board, &phaser, &[(1, 0), (2, 0), (3, 0)]).unwrap_err();
        assert_eq!(pit.rule, rule::BURROW_PHASE);
        let walker = Walker::new(at(2, 0), 1, 6);
        assert_eq!(go(&board, &walker, &[(3, 0)]).unwrap_err().rule, rule::PIT);
    }

    #[test]
    fn ending_in_a_wall_or_an_allys_square_is_placed_back_at_the_last_legal_position() {
        let mut map = open_map(5, 1);
        lay(&mut map, KernelTerrain::Wall, &[(3, 0)]);
        let features = plain();
        let ally = [Occupant::new(at(2, 0), 1, false)];
        let board = Board {
            map: &map,
            features: &features,
            others: &ally,
        };
        let through_ally = go(&board, &Walker::new(at(0, 0), 1, 6), &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(
            (through_ally.end, through_ally.placed_back),
            (one(1, 0), true)
        );
        let phaser = Walker {
            mode: Mode::Burrowing,
            ..Walker::new(at(0, 0), 1, 6)
        };
        let into_wall = go(&board, &phaser, &[(1, 0), (2, 0), (3, 0)]).unwrap();
        assert_eq!((into_wall.end, into_wall.placed_back), (one(1, 0), true));
        assert_eq!(into_wall.cost, 3);
    }

    #[test]
    fn enemies_and_wall_corners_stop_a_walker() {
        let mut map = open_map(3, 3);
        lay(&mut map, KernelTerrain::Wall, &[(1, 0)]);
        let features = plain();
        let enemy = [Occupant::new(at(1, 1), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemy,
        };
        let walker = Walker::new(at(0, 0), 1, 6);
        assert_eq!(
            go(&board, &walker, &[(1, 1)]).unwrap_err().rule,
            rule::THROUGH
        );
        let walker = Walker::new(at(0, 1), 1, 6);
        let cut = go(&board, &walker, &[(1, 0)]);
        assert_eq!(cut.unwrap_err().rule, rule::BLOCKING);
        let corner = go(
            &board,
            &Walker::new(at(2, 1), 1, 6),
            &[(2, 2), (1, 2), (0, 1)],
        );
        assert_eq!(corner.unwrap().cost, 3);
        let open = Board {
            others: &[],
            ..board
        };
        let cut = go(&open, &Walker::new(at(0, 0), 1, 6), &[(1, 1)]).unwrap_err();
        assert_eq!(cut.rule, rule::CORNER);
    }

    #[test]
    fn leaving_an_enemys_side_provokes_it_once() {
        let map = open_map(6, 3);
        let features = plain();
        let enemies = [
            Occupant::new(at(1, 0), 1, true),
            Occupant::new(at(5, 0), 1, true),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemies,
        };
        let walk = go(
            &board,
            &Walker::new(at(0, 1), 1, 6),
            &[(1, 1), (2, 1), (3, 1)],
        )
        .unwrap();
        assert_eq!(
            walk.provoked,
            [Provoked {
                occupant: 0,
                step: 0
            }]
        );
    }

    #[test]
    fn a_shift_goes_one_adjacent_clear_square_and_not_into_difficult_terrain() {
        let mut map = open_map(3, 3);
        lay(&mut map, KernelTerrain::Difficult, &[(1, 0)]);
        let features = plain().with(Terrain::SecretDoor, [at(0, 1)]);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let walker = Walker::new(at(0, 0), 1, 6);
        assert_eq!(shift(&board, &walker, at(1, 1), &options), Ok(one(1, 1)));
        let slowed = shift(&board, &walker, at(1, 0), &options).unwrap_err();
        assert_eq!(slowed.rule, rule::SHIFT);
        assert_eq!(
            slowed.reason,
            "(1, 0) is difficult terrain, not Clear: a shift cannot go there"
        );
        assert_eq!(
            shift(&board, &walker, at(2, 0), &options).unwrap_err().rule,
            rule::DISTANCE
        );
        assert_eq!(shift(&board, &walker, at(0, 1), &options), Ok(one(0, 1)));
    }

    #[test]
    fn amb_11_a_creature_that_shifts_farther_or_ignores_difficult_terrain_may_shift_into_it() {
        let mut map = open_map(3, 3);
        lay(&mut map, KernelTerrain::Difficult, &[(1, 0)]);
        let features = plain().with(Terrain::SecretDoor, [at(0, 1)]);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let nimble = Walker {
            shift: 2,
            ..Walker::new(at(0, 0), 1, 6)
        };
        let options = MovementOptions::default();
        assert_eq!(shift(&board, &nimble, at(1, 0), &options), Ok(one(1, 0)));
        let strict = MovementOptions {
            shift_into: ShiftInto::StrictlyClear,
            ..options
        };
        assert_eq!(
            shift(&board, &nimble, at(1, 0), &strict).unwrap_err().rule,
            rule::SHIFT
        );
        assert_eq!(
            shift(&board, &nimble, at(0, 1), &strict).unwrap_err().rule,
            rule::SHIFT
        );
    }

    #[test]
    fn a_big_creature_shifts_its_whole_space() {
        let map = open_map(4, 4);
        let features = plain();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let ogre = Walker::new(at(0, 0), 2, 6);
        let options = MovementOptions::default();
        assert_eq!(shift(&board, &ogre, at(1, 1), &options), Ok(space(1, 1, 2)));
        let off = shift(&board, &ogre, at(3, 3), &options).unwrap_err();
        assert_eq!(off.rule, rule::DISTANCE);
    }
}
