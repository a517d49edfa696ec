//! How far a round's actions carry a creature (seed 001 L84-90, L133-136): a move action up to
//! its speed, a double move twice it, a run four times (three in heavy armour), one 5-foot step,
//! or the full-round minimum move of one square whatever it costs.

use steelgrid_kernel::rule::RuleError;

use crate::rule::{FIVE_FOOT_STEP, MINIMUM_MOVE, SPEED};

use super::path::Walk;
use crate::measure::FEET_PER_SQUARE;

/// The kinds of movement a round allows (seed 001 L87-89, L133).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// One move action: up to speed (seed 001 L87).
    Move,
    /// Both actions spent moving: up to twice speed (seed 001 L88).
    DoubleMove,
    /// A full round running: four times speed, three in heavy armour (seed 001 L89); the
    /// walk itself must be taken at a running pace.
    Run { heavy_armour: bool },
    /// One square, only for a creature that moves no other way this round (seed 001 L89), and
    /// never a hampered square (3.5, not in seed).
    FiveFootStep { moved_this_round: bool },
    /// A full-round action: one square whatever it costs, though not where no movement is
    /// possible; it provokes as any move does, not being a 5-foot step (seed 001 L133).
    MinimumMove,
}

impl MoveKind {
    /// The action in a player's words.
    pub fn name(self) -> &'static str {
        match self {
            MoveKind::Move => "a move action",
            MoveKind::DoubleMove => "a double move",
            MoveKind::Run { .. } => "a run",
            MoveKind::FiveFootStep { .. } => "a 5-foot step",
            MoveKind::MinimumMove => "a minimum move",
        }
    }

    /// The squares it may spend at a speed of `speed_squares` (seed 001 L87-89); none for the
    /// minimum move, which ignores cost.
    pub fn limit(self, speed_squares: i32) -> Option<i32> {
        match self {
            MoveKind::Move => Some(speed_squares),
            MoveKind::DoubleMove => Some(2 * speed_squares),
            MoveKind::Run { heavy_armour: true } => Some(3 * speed_squares),
            MoveKind::Run {
                heavy_armour: false,
            } => Some(4 * speed_squares),
            MoveKind::FiveFootStep { .. } => Some(1),
            MoveKind::MinimumMove => None,
        }
    }
}

/// Whether `kind` carries a creature of speed `speed_squares` along `walk` (seed 001 L87-89,
/// L133).
pub fn allows(kind: MoveKind, speed_squares: i32, walk: &Walk) -> Result<(), RuleError> {
    match (kind, kind.limit(speed_squares)) {
        (MoveKind::FiveFootStep { moved_this_round }, _) => five_foot_step(moved_this_round, walk),
        (_, Some(limit)) => within(kind, limit, walk),
        (_, None) => minimum_move(speed_squares, walk),
    }
}

fn within(kind: MoveKind, limit: i32, walk: &Walk) -> Result<(), RuleError> {
    if walk.squares <= limit {
        return Ok(());
    }
    Err(RuleError::new(
        SPEED,
        format!(
            "the path costs {} squares ({} ft), more than the {} squares ({} ft) of {}",
            walk.squares,
            walk.feet(),
            limit,
            limit * FEET_PER_SQUARE,
            kind.name()
        ),
    ))
}

fn five_foot_step(moved_this_round: bool, walk: &Walk) -> Result<(), RuleError> {
    let refuse = |why: String| Err(RuleError::new(FIVE_FOOT_STEP, why));
    if moved_this_round {
        refuse(
            "a 5-foot step is only for a creature that has not otherwise moved this round".into(),
        )
    } else if walk.steps.len() != 1 {
        refuse(format!(
            "a 5-foot step is one square, and this path has {}",
            walk.steps.len()
        ))
    } else if walk.squares > 1 {
        refuse(format!(
            "a 5-foot step cannot enter a hampered square, and this one costs {} squares",
            walk.squares
        ))
    } else {
        Ok(())
    }
}

fn minimum_move(speed_squares: i32, walk: &Walk) -> Result<(), RuleError> {
    let refuse = |why: String| Err(RuleError::new(MINIMUM_MOVE, why));
    if speed_squares <= 0 {
        refuse("a minimum move cannot carry a creature that may not move at all".into())
    } else if walk.steps.len() != 1 {
        refuse(format!(
            "a minimum move is one square, and this path has {}",
            walk.steps.len()
        ))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::{Square, Terrain};

    use super::*;
    use crate::movement::fixtures::{go, lay, open_map};
    use crate::movement::speed::{Armour, speed_feet, squares};
    use crate::movement::walker::Walker;
    use crate::size::Size;
    use crate::terrain::Features;

    fn human() -> Walker {
        Walker::new(Square::new(0, 0), Size::Medium)
    }

    fn walked(path: &[(i32, i32)]) -> Walk {
        go(&open_map(8, 8), &Features::default(), &human(), &[], path).unwrap()
    }

    #[test]
    fn dnd_02_four_diagonals_are_one_move_at_speed_30_and_five_need_a_double_move() {
        let speed = squares(speed_feet(30, Armour::None, false));
        let four = walked(&[(1, 1), (2, 2), (3, 3), (4, 4)]);
        assert_eq!(four.squares, 6);
        assert_eq!(allows(MoveKind::Move, speed, &four), Ok(()));
        let five = walked(&[(1, 1), (2, 2), (3, 3), (4, 4), (5, 5)]);
        let refused = allows(MoveKind::Move, speed, &five).unwrap_err();
        assert_eq!(refused.rule, SPEED);
        assert_eq!(
            refused.reason,
            "the path costs 7 squares (35 ft), more than the 6 squares (30 ft) of a move action"
        );
        assert_eq!(allows(MoveKind::DoubleMove, speed, &five), Ok(()));
    }

    #[test]
    fn dnd_05_the_fighters_move_action_ends_at_30_ft_and_the_last_square_needs_his_standard_action()
    {
        let mut map = open_map(7, 5);
        lay(&mut map, Terrain::Difficult, &[(4, 2), (5, 3)]);
        let path = [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)];
        let plain = Features::default();
        let first = go(&map, &plain, &human(), &[], &path[..4]).unwrap();
        assert_eq!(first.feet(), 30);
        assert_eq!(allows(MoveKind::Move, 6, &first), Ok(()));
        let whole = go(&map, &plain, &human(), &[], &path).unwrap();
        assert_eq!(whole.feet() - first.feet(), 15);
        assert_eq!(allows(MoveKind::Move, 6, &whole).unwrap_err().rule, SPEED);
        assert_eq!(allows(MoveKind::DoubleMove, 6, &whole), Ok(()));
    }

    #[test]
    fn dnd_37_at_5_ft_squeezing_through_difficult_terrain_only_a_minimum_move_goes_a_square() {
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Difficult, &[(1, 0)]);
        lay(&mut map, Terrain::Wall, &[(0, 1)]);
        let features = Features {
            narrow: [Square::new(1, 0)].into(),
            ..Features::default()
        };
        let squeeze = go(&map, &features, &human(), &[], &[(1, 0)]).unwrap();
        assert_eq!(squeeze.squares, 4);
        assert_eq!(allows(MoveKind::Move, 1, &squeeze).unwrap_err().rule, SPEED);
        assert_eq!(
            allows(MoveKind::DoubleMove, 1, &squeeze).unwrap_err().rule,
            SPEED
        );
        assert_eq!(allows(MoveKind::MinimumMove, 1, &squeeze), Ok(()));
        let into_wall = go(&map, &features, &human(), &[], &[(0, 1)]).unwrap_err();
        assert_eq!(into_wall.rule, crate::rule::OBSTACLE);
    }

    #[test]
    fn a_minimum_move_is_one_square_and_needs_some_speed() {
        let two = walked(&[(1, 0), (2, 0)]);
        assert_eq!(
            allows(MoveKind::MinimumMove, 1, &two).unwrap_err().rule,
            MINIMUM_MOVE
        );
        let one = walked(&[(1, 0)]);
        assert_eq!(
            allows(MoveKind::MinimumMove, 0, &one).unwrap_err().rule,
            MINIMUM_MOVE
        );
    }

    #[test]
    fn a_five_foot_step_is_one_unhampered_square_with_no_other_movement() {
        let step = MoveKind::FiveFootStep {
            moved_this_round: false,
        };
        assert_eq!(allows(step, 6, &walked(&[(1, 1)])), Ok(()));
        let after_moving = MoveKind::FiveFootStep {
            moved_this_round: true,
        };
        let refused = allows(after_moving, 6, &walked(&[(1, 1)])).unwrap_err();
        assert_eq!(refused.rule, FIVE_FOOT_STEP);
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Difficult, &[(1, 0)]);
        let rough = go(&map, &Features::default(), &human(), &[], &[(1, 0)]).unwrap();
        assert_eq!(allows(step, 6, &rough).unwrap_err().rule, FIVE_FOOT_STEP);
    }

    #[test]
    fn a_run_goes_four_times_speed_or_three_in_heavy_armour() {
        let run = |heavy_armour| MoveKind::Run { heavy_armour };
        let seven = walked(&[(1, 0), (2, 0), (3, 0), (4, 0), (5, 0), (6, 0), (7, 0)]);
        assert_eq!(allows(run(false), 2, &seven), Ok(()));
        assert_eq!(allows(run(true), 2, &seven).unwrap_err().rule, SPEED);
        assert_eq!(run(true).limit(4), Some(12));
    }
}
