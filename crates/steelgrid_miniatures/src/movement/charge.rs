//! Charging (seed 000 L114-122, L463; digest A5, AMB-3, DND-50): the charge ends in the
//! unoccupied square beside the enemy that is nearest the charger's start, and that square must
//! be at least 2 squares from the start. A farther square may not be picked instead, and if none
//! of the nearest can be entered the charge is blocked. The path may wind and need not be the
//! shortest.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::Board;
use super::options::{ChargeEnd, MovementOptions};
use super::walk::{Walk, Walker, walk};

/// How far from its start a charge must end (seed 000 L118, L463).
pub const CHARGE_MINIMUM: u32 = 2;

/// The top-left squares a charge from `charger` against `target` may end in: the nearest
/// squares to the start from which the charger's space is beside the target (seed 000 L118);
/// the player picks among ties. Refused when the nearest are under 2 squares from the start
/// (DND-50) or none of them can be entered.
pub fn charge_ends(
    board: &Board,
    charger: Footprint,
    target: Footprint,
    options: &MovementOptions,
) -> Result<Vec<Square>, RuleError> {
    let refuse = |why: String| Err(RuleError::new(rule::CHARGE, why));
    let beside = beside(board, charger, target, options.charge_end);
    let distance = |sq: Square| options.metric.between(charger.origin, sq);
    let Some(nearest) = beside.iter().map(|&sq| distance(sq)).min() else {
        return refuse("no square beside the enemy is free".to_string());
    };
    if nearest < CHARGE_MINIMUM {
        return refuse(format!(
            "the nearest square beside the enemy is {nearest} from the start; a charge must end \
             at least {CHARGE_MINIMUM} away and may not pick a farther one"
        ));
    }
    let ends: Vec<Square> = beside
        .into_iter()
        .filter(|&sq| distance(sq) == nearest)
        .filter(|&origin| board.is_legal(Footprint { origin, ..charger }))
        .collect();
    if ends.is_empty() {
        return refuse("none of the nearest squares beside the enemy can be entered".to_string());
    }
    Ok(ends)
}

/// The top-left squares from which the charger's space is beside the target and no other
/// creature stands in it; with [`ChargeEnd::NearestLegal`] also only legal positions.
fn beside(board: &Board, charger: Footprint, target: Footprint, reading: ChargeEnd) -> Vec<Square> {
    let (x0, y0) = (
        target.origin.x - charger.side,
        target.origin.y - charger.side,
    );
    let reach = target.side + charger.side;
    (y0..=y0 + reach)
        .flat_map(|y| (x0..=x0 + reach).map(move |x| Square::new(x, y)))
        .map(|origin| Footprint { origin, ..charger })
        .filter(|space| space.is_adjacent(target))
        .filter(|space| space.squares().all(|sq| board.occupant(sq).is_none()))
        .filter(|space| {
            let on_map = space.squares().all(|sq| board.terrain(sq).is_some());
            on_map && (reading == ChargeEnd::NearestUnoccupied || board.is_legal(*space))
        })
        .map(|space| space.origin)
        .collect()
}

/// Walk a charge along `path`: an ordinary walk within the speed that ends, not placed back, in
/// one of [`charge_ends`].
pub fn charge(
    board: &Board,
    walker: &Walker,
    target: Footprint,
    path: &[Square],
    options: &MovementOptions,
) -> Result<Walk, RuleError> {
    let ends = charge_ends(board, walker.space, target, options)?;
    let walked = walk(board, walker, path, options)?;
    if walked.placed_back || !ends.contains(&walked.end.origin) {
        let list: Vec<String> = ends.iter().map(ToString::to_string).collect();
        return Err(RuleError::new(
            rule::CHARGE,
            format!(
                "a charge must end in the nearest square beside the enemy: {}",
                list.join(" or ")
            ),
        ));
    }
    Ok(walked)
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::Terrain as KernelTerrain;

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, one, open_map, squares};
    use crate::movement::terrain::Features;

    // The digest's rows -1, 0 and 1 are the kernel's rows 0, 1 and 2 (mirrored, the same set).

    #[test]
    fn dnd_50_an_enemy_two_squares_off_cannot_be_charged() {
        let map = open_map(6, 3);
        let features = Features::default();
        let enemy = [Occupant::new(at(2, 1), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemy,
        };
        let options = MovementOptions::default();
        let refused = charge_ends(&board, one(0, 1), enemy[0].space, &options).unwrap_err();
        assert_eq!(refused.rule, rule::CHARGE);
        assert!(
            refused
                .reason
                .starts_with("the nearest square beside the enemy is 1 from the start")
        );
        let walker = Walker::new(at(0, 1), 1, 6);
        let farther = charge(
            &board,
            &walker,
            enemy[0].space,
            &squares(&[(1, 0), (2, 0), (3, 1)]),
            &options,
        );
        assert_eq!(farther.unwrap_err().rule, rule::CHARGE);
    }

    #[test]
    fn a_charge_ends_in_one_of_the_nearest_squares_at_least_2_away() {
        let map = open_map(6, 3);
        let features = Features::default();
        let enemy = [Occupant::new(at(3, 1), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemy,
        };
        let options = MovementOptions::default();
        let ends = charge_ends(&board, one(0, 1), enemy[0].space, &options).unwrap();
        assert_eq!(ends, [at(2, 0), at(2, 1), at(2, 2)]);
        let walker = Walker::new(at(0, 1), 1, 6);
        let winding = charge(
            &board,
            &walker,
            enemy[0].space,
            &squares(&[(0, 0), (1, 0), (2, 0)]),
            &options,
        );
        assert_eq!(winding.unwrap().end, one(2, 0));
        let beyond = charge(
            &board,
            &walker,
            enemy[0].space,
            &squares(&[(1, 0), (2, 0), (3, 0)]),
            &options,
        );
        assert_eq!(
            beyond.unwrap_err().reason,
            "a charge must end in the nearest square beside the enemy: (2, 0) or (2, 1) or (2, 2)"
        );
    }

    #[test]
    fn amb_3_occupied_squares_are_passed_over_but_walls_among_the_nearest_block() {
        let mut map = open_map(6, 3);
        lay(&mut map, KernelTerrain::Wall, &[(2, 0), (2, 2)]);
        let features = Features::default();
        let others = [
            Occupant::new(at(3, 1), 1, true),
            Occupant::new(at(2, 1), 1, false),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let options = MovementOptions::default();
        let blocked = charge_ends(&board, one(0, 1), others[0].space, &options).unwrap_err();
        assert_eq!(
            blocked.reason,
            "none of the nearest squares beside the enemy can be entered"
        );
        let lenient = MovementOptions {
            charge_end: ChargeEnd::NearestLegal,
            ..options
        };
        let ends = charge_ends(&board, one(0, 1), others[0].space, &lenient).unwrap();
        assert_eq!(ends, [at(3, 0), at(3, 2)]);
    }
}
