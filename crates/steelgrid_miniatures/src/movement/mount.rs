//! Mounts and riders (seed 000 L385-413; digest A12, DND-62): mounting provokes; a rider shares
//! its mount's space with speed 0; it dismounts by shifting, or is thrown off by any push, pull
//! or slide, landing beside the mount without provoking; a removed mount leaves its rider in
//! its space or the nearest legal position.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use crate::rule::movement as rule;

use super::board::{Board, adjacent};
use super::forced::{Force, Forced, force, forced_step};
use super::opportunity::Trigger;
use super::options::MovementOptions;
use super::walk::{Walker, shift};

/// A rider's own speed: it moves only with its mount (seed 000 L405).
pub const RIDER_SPEED: u32 = 0;

/// Mount up (seed 000 L403): a suitable creature beside the mount, as a move action that
/// provokes. The rider then shares the mount's space.
pub fn mount_up(rider: Footprint, mount: Footprint, suitable: bool) -> Result<Trigger, RuleError> {
    if !suitable {
        return Err(RuleError::new(
            rule::MOUNT,
            "its keywords do not let it ride this mount",
        ));
    }
    if !adjacent(rider, mount) {
        return Err(RuleError::new(
            rule::MOUNT,
            "it must stand beside the mount to mount it",
        ));
    }
    Ok(Trigger::Mounting)
}

/// How a rider left its mount.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Dismounted {
    pub rider: Footprint,
    /// A shift when it chose to, a forced dismount otherwise: neither provokes (seed 000 L77,
    /// L413).
    pub trigger: Trigger,
    /// It was forced into a pit and falls.
    pub into_pit: bool,
}

/// A voluntary dismount (seed 000 L405): a move action; the rider, counted in the square
/// `rider.space` of the mount's space, shifts to an adjacent square and may move no more this
/// turn. `board` holds the mount among the others.
pub fn dismount(
    board: &Board,
    rider: &Walker,
    mount: Footprint,
    to: Square,
    options: &MovementOptions,
) -> Result<Dismounted, RuleError> {
    if !rider.space.squares().all(|sq| mount.contains(sq)) {
        return Err(RuleError::new(
            rule::RIDING,
            "the rider is not in its mount's space",
        ));
    }
    Ok(Dismounted {
        rider: shift(board, rider, to, options)?,
        trigger: Trigger::Shift,
        into_pit: false,
    })
}

/// Push, pull or slide a one-square rider off its mount (seed 000 L409-413): it counts as
/// standing in the mount's space, so its first square lands beside the mount; the mount stays
/// where it is, and nothing provokes. `board` holds the mount among the others.
pub fn force_rider(
    board: &Board,
    (mover, way): (Footprint, Force),
    mount: Footprint,
    path: &[Square],
    max: usize,
) -> Result<Dismounted, RuleError> {
    let Some((&first, rest)) = path.split_first().filter(|_| max > 0) else {
        return Err(RuleError::new(
            rule::PUSH,
            "the rider must be moved at least 1 square",
        ));
    };
    let landed = Footprint {
        origin: first,
        side: 1,
    };
    if !mount.is_adjacent(landed) {
        return Err(RuleError::new(
            rule::FORCED_DISMOUNT,
            format!("{first} is not beside the mount"),
        ));
    }
    forced_step(board, (mover, way), mount, landed)?;
    let Forced { end, into_pit, .. } = force(board, (mover, way), landed, rest, max - 1)?;
    Ok(Dismounted {
        rider: end,
        trigger: Trigger::ForcedDismount,
        into_pit,
    })
}

/// Where a rider goes when its mount is removed ([`rule::MOUNT_REMOVED`]): a legal square of the mount's
/// space, else the nearest legal positions to it; ties are the rider's player's to pick (not in
/// seed). `board` leaves the mount out.
pub fn mount_removed(board: &Board, mount: Footprint, options: &MovementOptions) -> Vec<Square> {
    let inside: Vec<Square> = mount
        .squares()
        .filter(|&origin| board.is_legal(Footprint { origin, side: 1 }))
        .collect();
    if inside.is_empty() {
        let rider = Footprint {
            origin: mount.origin,
            side: 1,
        };
        board.nearest_legal(rider, options.metric)
    } else {
        inside
    }
}

/// Whom an opportunity attack provoked by a mounted pair's move may hit (seed 000 L391).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MountedTarget {
    /// The attacker picks the mount or the rider.
    MountOrRider,
    /// A creature with two or more opportunity attacks a round may attack both.
    Both,
}

/// Whom an attacker with `per_round` opportunity attacks a round may hit (seed 000 L391,
/// [`rule::MOUNTED_OA`]).
pub fn mounted_target(per_round: u32) -> MountedTarget {
    if per_round >= 2 {
        MountedTarget::Both
    } else {
        MountedTarget::MountOrRider
    }
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::Terrain as KernelTerrain;

    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, lay, north, one, open_map, space};
    use crate::movement::terrain::Features;

    const H: i32 = 7;

    #[test]
    fn dnd_62_a_pushed_rider_is_dismounted_beside_its_mount_which_stays_and_nothing_provokes() {
        let map = open_map(H, H);
        let features = Features::default();
        let (mount_at, attacker_at) = (north(H, 3, 3), north(H, 2, 3));
        let others = [
            Occupant::new(mount_at, 1, false),
            Occupant::new(attacker_at, 1, true),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let mount = one(mount_at.x, mount_at.y);
        let attacker = one(attacker_at.x, attacker_at.y);
        let off =
            force_rider(&board, (attacker, Force::Push), mount, &[north(H, 4, 3)], 1).unwrap();
        assert_eq!(off.rider, one(4, 3));
        assert_eq!(off.trigger, Trigger::ForcedDismount);
        assert!(!off.trigger.provokes() && !off.into_pit);
        assert_eq!(board.others[0].space, mount);
    }

    #[test]
    fn dnd_62_the_push_must_still_go_farther_and_land_beside_the_mount() {
        let map = open_map(H, H);
        let features = Features::default();
        let others = [
            Occupant::new(at(3, 3), 1, false),
            Occupant::new(at(2, 3), 1, true),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let push = (one(2, 3), Force::Push);
        let sideways = force_rider(&board, push, one(3, 3), &[at(3, 4)], 1).unwrap_err();
        assert_eq!(sideways.rule, rule::PUSH);
        let diagonal = force_rider(&board, push, one(3, 3), &[at(4, 4)], 1).unwrap();
        assert_eq!(diagonal.rider, one(4, 4));
        let two = force_rider(&board, push, one(3, 3), &[at(4, 3), at(5, 3)], 2).unwrap();
        assert_eq!(two.rider, one(5, 3));
        let far = force_rider(&board, push, one(3, 3), &[at(5, 3)], 2).unwrap_err();
        assert_eq!(far.rule, rule::FORCED_DISMOUNT);
    }

    #[test]
    fn a_large_mounts_rider_lands_beside_the_whole_space() {
        let map = open_map(H, H);
        let features = Features::default();
        let others = [
            Occupant::new(at(2, 2), 2, false),
            Occupant::new(at(1, 2), 1, true),
        ];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let off = force_rider(
            &board,
            (one(1, 2), Force::Push),
            space(2, 2, 2),
            &[at(4, 2)],
            1,
        );
        assert_eq!(off.unwrap().rider, one(4, 2));
    }

    #[test]
    fn mounting_needs_a_suitable_rider_beside_the_mount_and_provokes() {
        assert_eq!(mount_up(one(2, 3), one(3, 3), true), Ok(Trigger::Mounting));
        assert!(Trigger::Mounting.provokes());
        assert_eq!(
            mount_up(one(1, 3), one(3, 3), true).unwrap_err().rule,
            rule::MOUNT
        );
        assert_eq!(
            mount_up(one(2, 3), one(3, 3), false).unwrap_err().rule,
            rule::MOUNT
        );
        assert_eq!(RIDER_SPEED, 0);
    }

    #[test]
    fn a_voluntary_dismount_shifts_to_an_adjacent_square_without_provoking() {
        let mut map = open_map(H, H);
        lay(&mut map, KernelTerrain::Difficult, &[(4, 4)]);
        let features = Features::default();
        let others = [Occupant::new(at(3, 3), 1, false)];
        let board = Board {
            map: &map,
            features: &features,
            others: &others,
        };
        let rider = Walker::new(at(3, 3), 1, RIDER_SPEED);
        let options = MovementOptions::default();
        let off = dismount(&board, &rider, one(3, 3), at(4, 3), &options).unwrap();
        assert_eq!((off.rider, off.trigger), (one(4, 3), Trigger::Shift));
        let slowed = dismount(&board, &rider, one(3, 3), at(4, 4), &options).unwrap_err();
        assert_eq!(slowed.rule, rule::SHIFT);
        let elsewhere = Walker::new(at(0, 0), 1, 0);
        assert_eq!(
            dismount(&board, &elsewhere, one(3, 3), at(1, 0), &options)
                .unwrap_err()
                .rule,
            rule::RIDING
        );
    }

    #[test]
    fn a_removed_mounts_rider_stays_in_its_space_or_goes_to_the_nearest_legal_position() {
        let mut map = open_map(H, H);
        lay(&mut map, KernelTerrain::Pit { depth: 3 }, &[(3, 3), (4, 4)]);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        assert_eq!(
            mount_removed(&board, space(4, 4, 2), &options),
            [at(5, 4), at(4, 5), at(5, 5)]
        );
        let over_pit = mount_removed(&board, one(3, 3), &options);
        assert_eq!(over_pit.len(), 7);
        assert!(!over_pit.contains(&at(4, 4)) && over_pit.contains(&at(2, 2)));
        assert_eq!(mounted_target(1), MountedTarget::MountOrRider);
        assert_eq!(mounted_target(2), MountedTarget::Both);
    }
}
