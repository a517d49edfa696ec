//! Teleporting and teleporters (seed 000 L192-196, L503, L547; digest A3, A10, DND-64): a
//! teleport ignores what lies between and needs line of sight, not line of effect; it works
//! while immobilized and provokes nothing. Its destination must be a legal position in range.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::Board;
use super::options::MovementOptions;
use super::terrain::Terrain;

/// Teleport the creature at `space` to the top-left square `to`, at most `range` squares away
/// (seed 000 L503). Its speed is not asked: an immobilized creature may teleport.
pub fn teleport(
    board: &Board,
    space: Footprint,
    to: Square,
    range: u32,
    options: &MovementOptions,
) -> Result<Footprint, RuleError> {
    let refuse = |why: String| Err(RuleError::new(rule::TELEPORT, why));
    let distance = options.metric.between(space.origin, to);
    if distance > range {
        return refuse(format!(
            "{to} is {distance} squares away, beyond its range of {range}"
        ));
    }
    let there = Footprint {
        origin: to,
        ..space
    };
    if !board.line_of_sight(space, there) {
        return refuse(format!("it has no line of sight to {to}"));
    }
    match board.check_legal(there) {
        Ok(()) => Ok(there),
        Err(e) => refuse(format!("{to} is no legal destination: {}", e.reason)),
    }
}

/// Where a creature standing on a teleporter may jump as an immediate action, having entered it
/// this turn or started the turn on it: the top-left squares of the other teleporters no one
/// stands in and it may legally hold (seed 000 L196, L547). None off a teleporter.
pub fn teleporter_exits(board: &Board, space: Footprint) -> Vec<Square> {
    let on_one = space
        .squares()
        .any(|sq| board.terrain(sq) == Some(Terrain::Teleporter));
    if !on_one {
        return Vec::new();
    }
    board
        .features
        .squares_of(Terrain::Teleporter)
        .filter(|&sq| !space.contains(sq))
        .filter(|&origin| board.is_legal(Footprint { origin, ..space }))
        .collect()
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::Terrain as KernelTerrain;

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, north, one, open_map};
    use crate::movement::opportunity::Trigger;
    use crate::movement::terrain::Features;
    use crate::movement::walk::{Walker, walk};

    /// A 5×5 board with a see-through barrier down column 2, as DND-64's glass.
    fn behind_glass() -> Features {
        Features::default().with(Terrain::SeeThrough, (0..5).map(|y| at(2, y)))
    }

    #[test]
    fn dnd_64_an_immobilized_creature_teleports_into_sight_without_line_of_effect() {
        let map = open_map(5, 5);
        let features = behind_glass();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let (from, to) = (north(5, 0, 0), north(5, 4, 4));
        assert!(board.line_of_sight(one(from.x, from.y), one(to.x, to.y)));
        assert!(!board.line_of_effect(one(from.x, from.y), one(to.x, to.y)));
        let options = MovementOptions::default();
        let immobilized = Walker::new(from, 1, 0);
        let stuck = walk(&board, &immobilized, &[at(1, 4)], &options);
        assert_eq!(stuck.unwrap_err().rule, rule::SPEED);
        let landed = teleport(&board, immobilized.space, to, 5, &options);
        assert_eq!(landed, Ok(one(4, 0)));
        assert!(!Trigger::Teleport.provokes());
    }

    #[test]
    fn dnd_64_a_pit_a_wall_or_an_occupied_square_is_no_destination() {
        let mut map = open_map(5, 5);
        lay(&mut map, KernelTerrain::Pit { depth: 1 }, &[(4, 0)]);
        lay(&mut map, KernelTerrain::Wall, &[(4, 2)]);
        let features = behind_glass();
        let others = [Occupant::new(at(4, 4), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let options = MovementOptions::default();
        let reasons: Vec<String> = [at(4, 0), at(4, 2), at(4, 4)]
            .into_iter()
            .map(|to| teleport(&board, one(0, 4), to, 5, &options).unwrap_err())
            .inspect(|e| assert_eq!(e.rule, rule::TELEPORT))
            .map(|e| e.reason)
            .collect();
        assert_eq!(
            reasons,
            [
                "(4, 0) is no legal destination: (4, 0) is a pit, which is no legal position",
                "(4, 2) is no legal destination: (4, 2) is a wall, which is no legal position",
                "(4, 4) is no legal destination: another creature stands in (4, 4)",
            ]
        );
    }

    #[test]
    fn a_teleport_needs_range_and_line_of_sight() {
        let map = open_map(9, 3);
        let features = Features::default().with(Terrain::Smoke, (0..3).map(|y| at(4, y)));
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let far = teleport(&board, one(0, 1), at(3, 1), 2, &options).unwrap_err();
        assert_eq!(
            far.reason,
            "(3, 1) is 3 squares away, beyond its range of 2"
        );
        let unseen = teleport(&board, one(0, 1), at(8, 1), 10, &options).unwrap_err();
        assert_eq!(unseen.reason, "it has no line of sight to (8, 1)");
    }

    #[test]
    fn a_creature_on_a_teleporter_may_jump_to_any_other_free_one() {
        let map = open_map(6, 1);
        let pads = [at(0, 0), at(3, 0), at(5, 0)];
        let features = Features::default().with(Terrain::Teleporter, pads);
        let others = [Occupant::new(at(5, 0), 1, false)];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        assert_eq!(teleporter_exits(&board, one(0, 0)), [at(3, 0)]);
        assert!(teleporter_exits(&board, one(1, 0)).is_empty());
    }
}
