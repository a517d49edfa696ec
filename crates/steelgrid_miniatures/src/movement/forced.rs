//! Forced movement and pits (seed 000 L178-184, L449, L475-477, L537, L541-543; digest A10,
//! A11, DND-53): a push takes the creature farther from the pusher with every square, a pull
//! nearer, a slide anywhere; fewer squares may be moved. A creature forced into a pit stops
//! there; once the attack's effects are all resolved, the mover makes a follow-up attack with
//! the same bonus against the same defense, dazing on a hit, and the creature is then placed in
//! the nearest legal position.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::Board;
use super::options::MovementOptions;
use super::terrain::Terrain;
use super::walk::one_step;

/// Which way forced movement goes (seed 000 L475-477).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Force {
    /// Every square farther from the mover.
    Push,
    /// Every square nearer the mover.
    Pull,
    /// Any way.
    Slide,
}

/// A forced move done.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Forced {
    pub end: Footprint,
    /// Squares moved: at least 1 for "when pushed" or "when pulled" triggers (seed 000 L475-477).
    pub squares: usize,
    /// It ended over a pit and falls (seed 000 L184).
    pub into_pit: bool,
}

/// Force `target` along `path`, its top-left square after each step, at most `max` squares,
/// away from, toward or regardless of `mover` (seed 000 L475-477). Each square must be on the
/// map, free of walls and of other creatures; a pit may be entered and ends the move.
pub fn force(
    board: &Board,
    (mover, force): (Footprint, Force),
    target: Footprint,
    path: &[Square],
    max: usize,
) -> Result<Forced, RuleError> {
    if path.len() > max {
        return Err(RuleError::new(
            rule::PUSH,
            format!(
                "the move is {} squares, more than the {max} allowed",
                path.len()
            ),
        ));
    }
    let mut at = target;
    for &to in path {
        one_step(at.origin, to)?;
        let next = Footprint { origin: to, ..at };
        forced_step(board, (mover, force), at, next)?;
        at = next;
    }
    Ok(Forced {
        end: at,
        squares: path.len(),
        into_pit: over_pit(board, at),
    })
}

/// One square of forced movement from `before` to `after` (seed 000 L475-477, L541).
pub(super) fn forced_step(
    board: &Board,
    (mover, force): (Footprint, Force),
    before: Footprint,
    after: Footprint,
) -> Result<(), RuleError> {
    if over_pit(board, before) {
        return Err(RuleError::new(
            rule::PIT,
            "it fell into a pit: the move stops there",
        ));
    }
    let (was, now) = (mover.distance(before), mover.distance(after));
    let wrong = match force {
        Force::Push => (now <= was).then_some("farther from"),
        Force::Pull => (now >= was).then_some("nearer"),
        Force::Slide => None,
    };
    if let Some(way) = wrong {
        return Err(RuleError::new(
            rule::PUSH,
            format!("{} is not {way} the mover", after.origin),
        ));
    }
    for sq in after.squares().filter(|&sq| !before.contains(sq)) {
        match board.terrain(sq) {
            None => {
                return Err(RuleError::new(
                    rule::BLOCKING,
                    format!("{sq} is off the map"),
                ));
            }
            Some(t) if t.blocks_walking() => {
                return Err(RuleError::new(t.rule(), format!("{sq} is {}", t.name())));
            }
            _ if board.occupant(sq).is_some() => {
                return Err(RuleError::new(
                    rule::PUSH,
                    format!("another creature stands in {sq}"),
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

fn over_pit(board: &Board, space: Footprint) -> bool {
    space
        .squares()
        .any(|sq| board.terrain(sq) == Some(Terrain::Pit))
}

/// A defense an attack targets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Defense {
    Ac,
    Fortitude,
    Reflex,
    Will,
}

/// The attack or power that moved a creature: the pit's follow-up copies both (seed 000 L184).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mover {
    pub bonus: i32,
    pub defense: Defense,
}

/// A fall into a pit, waiting for the attack's other effects to resolve (seed 000 L184). Its
/// follow-up is bound to the fallen creature: it cannot be redirected (L543).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PitFall {
    pub follow_up: Mover,
    /// Where the creature fell.
    pub space: Footprint,
}

impl Forced {
    /// The fall, if this move ended over a pit. A slippery terrain's push counts (seed 000 L537).
    pub fn pit_fall(&self, by: Mover) -> Option<PitFall> {
        self.into_pit.then_some(PitFall {
            follow_up: by,
            space: self.end,
        })
    }
}

/// How a fall ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The follow-up hit (seed 000 L184).
    pub dazed: bool,
    /// Placed, not moved, in the nearest legal position.
    pub placed: Footprint,
}

/// Resolve a fall after the attack's effects (seed 000 L184, L541-543): the follow-up rolls
/// `d20` plus the mover's bonus against `defense`, the value of the same defense the first attack
/// targeted (a total at least the defense hits, the rulebook's test, not in seed); hit or miss
/// the creature is placed at `pick`, which must be one of the nearest legal positions, or at the
/// only one (AMB-19 names who picks among ties). `board` leaves the fallen creature out.
pub fn resolve_pit_fall(
    board: &Board,
    fall: &PitFall,
    (d20, defense): (u32, i32),
    pick: Option<Square>,
    options: &MovementOptions,
) -> Result<Landing, RuleError> {
    let total = i64::from(d20) + i64::from(fall.follow_up.bonus);
    let nearest = board.nearest_legal(fall.space, options.metric);
    let placed = match (pick, nearest.as_slice()) {
        (_, []) => {
            return Err(RuleError::new(
                rule::PLACE,
                "no legal position is left on the map",
            ));
        }
        (None, [only]) => *only,
        (Some(sq), _) if nearest.contains(&sq) => sq,
        _ => {
            let list: Vec<String> = nearest.iter().map(ToString::to_string).collect();
            return Err(RuleError::new(
                rule::PIT_FALL,
                format!(
                    "{} places it in one of the nearest legal positions: {}",
                    options.nearest_tie.chooser(),
                    list.join(" or ")
                ),
            ));
        }
    };
    Ok(Landing {
        dazed: total >= i64::from(defense),
        placed: Footprint {
            origin: placed,
            ..fall.space
        },
    })
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::{Map, Terrain as KernelTerrain};

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, one, open_map};
    use crate::movement::options::NearestTie;
    use crate::movement::terrain::Features;

    /// DND-53: one row, the attacker at (3,0), the target at (4,0), a pit at (5,0).
    fn pit_row() -> Map {
        let mut map = open_map(8, 1);
        lay(&mut map, KernelTerrain::Pit { depth: 2 }, &[(5, 0)]);
        map
    }

    const PUSH_2: Mover = Mover {
        bonus: 8,
        defense: Defense::Reflex,
    };

    fn fall(board: &Board) -> PitFall {
        let pushed = force(board, (one(3, 0), Force::Push), one(4, 0), &[at(5, 0)], 2).unwrap();
        assert_eq!(
            (pushed.end, pushed.squares, pushed.into_pit),
            (one(5, 0), 1, true)
        );
        pushed.pit_fall(PUSH_2).unwrap()
    }

    #[test]
    fn dnd_53_a_push_into_a_pit_brings_a_follow_up_at_plus_8_vs_reflex_that_dazes_on_a_hit() {
        let map = pit_row();
        let features = Features::default();
        let attacker = [Occupant::new(at(3, 0), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &attacker,
        };
        let fall = fall(&board);
        assert_eq!(fall.follow_up, PUSH_2);
        let options = MovementOptions::default();
        let hit = resolve_pit_fall(&board, &fall, (9, 17), Some(at(6, 0)), &options).unwrap();
        assert_eq!(
            hit,
            Landing {
                dazed: true,
                placed: one(6, 0)
            }
        );
        let miss = resolve_pit_fall(&board, &fall, (8, 17), Some(at(4, 0)), &options).unwrap();
        assert_eq!(
            miss,
            Landing {
                dazed: false,
                placed: one(4, 0)
            }
        );
    }

    #[test]
    fn dnd_53_amb_19_the_mover_picks_between_the_equally_near_4_0_and_6_0() {
        let map = pit_row();
        let features = Features::default();
        let attacker = [Occupant::new(at(3, 0), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &attacker,
        };
        let fall = fall(&board);
        let options = MovementOptions::default();
        let unpicked = resolve_pit_fall(&board, &fall, (20, 17), None, &options).unwrap_err();
        assert_eq!(unpicked.rule, rule::PIT_FALL);
        assert_eq!(
            unpicked.reason,
            "the creature that moved it places it in one of the nearest legal positions: (4, 0) or (6, 0)"
        );
        let far = resolve_pit_fall(&board, &fall, (20, 17), Some(at(7, 0)), &options);
        assert_eq!(far.unwrap_err().rule, rule::PIT_FALL);
        let owner = MovementOptions {
            nearest_tie: NearestTie::OwnerChooses,
            ..options
        };
        let asked = resolve_pit_fall(&board, &fall, (20, 17), None, &owner).unwrap_err();
        assert!(
            asked.reason.starts_with("the fallen creature's player"),
            "{}",
            asked.reason
        );
    }

    #[test]
    fn dnd_53_the_push_stops_in_the_pit() {
        let map = pit_row();
        let features = Features::default();
        let attacker = [Occupant::new(at(3, 0), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &attacker,
        };
        let on = force(
            &board,
            (one(3, 0), Force::Push),
            one(4, 0),
            &[at(5, 0), at(6, 0)],
            2,
        );
        assert_eq!(on.unwrap_err().rule, rule::PIT);
    }

    #[test]
    fn a_push_goes_farther_a_pull_nearer_and_never_into_walls_or_creatures() {
        let mut map = open_map(6, 3);
        lay(&mut map, KernelTerrain::Wall, &[(4, 2)]);
        let features = Features::default();
        let others = [Occupant::new(at(4, 0), 1, false)];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let (mover, target) = (one(1, 1), one(2, 1));
        let back = force(&board, (mover, Force::Push), target, &[at(1, 0)], 1).unwrap_err();
        assert_eq!(
            (back.rule, back.reason.as_str()),
            (rule::PUSH, "(1, 0) is not farther from the mover")
        );
        let pushed = force(
            &board,
            (mover, Force::Push),
            target,
            &[at(3, 0), at(3, 1)],
            2,
        )
        .unwrap_err();
        assert_eq!(pushed.rule, rule::PUSH);
        assert_eq!(
            force(
                &board,
                (mover, Force::Push),
                target,
                &[at(3, 1), at(4, 1)],
                2
            )
            .unwrap()
            .end,
            one(4, 1)
        );
        let wall = force(&board, (mover, Force::Push), one(3, 1), &[at(4, 2)], 1).unwrap_err();
        assert_eq!(wall.rule, rule::BLOCKING);
        let creature = force(&board, (mover, Force::Push), one(3, 1), &[at(4, 0)], 1).unwrap_err();
        assert_eq!(creature.reason, "another creature stands in (4, 0)");
        let pulled = force(&board, (one(0, 1), Force::Pull), one(3, 1), &[at(2, 1)], 3).unwrap();
        assert_eq!((pulled.end, pulled.squares), (one(2, 1), 1));
        let too_far = force(
            &board,
            (mover, Force::Slide),
            target,
            &[at(3, 1), at(3, 0)],
            1,
        );
        assert_eq!(
            too_far.unwrap_err().reason,
            "the move is 2 squares, more than the 1 allowed"
        );
    }

    #[test]
    fn a_slippery_push_into_a_pit_is_a_fall() {
        let mut map = open_map(4, 1);
        lay(&mut map, KernelTerrain::Pit { depth: 1 }, &[(3, 0)]);
        let features = Features::default().with(Terrain::Slippery, [at(2, 0)]);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let squares = board.footing(one(2, 0)).slippery_push() as usize;
        let pushed = force(
            &board,
            (one(1, 0), Force::Push),
            one(2, 0),
            &[at(3, 0)],
            squares,
        )
        .unwrap();
        assert!(pushed.pit_fall(PUSH_2).is_some());
    }
}
