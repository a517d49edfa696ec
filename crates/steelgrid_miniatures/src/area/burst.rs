//! Burst X (seed 000 L101-104, L421; digest A5).

use steelgrid_kernel::grid::{Footprint, Map, Square};

use super::{Diagonals, nearest, unit};

/// The squares a Burst X from `user` covers, row by row from the top: every square of the map
/// within X of the user's whole space (a big creature bursts from all of it, so each square next
/// to it is 1 away, seed 000 L421), its own space included, that the user's space has line of
/// effect to (L103-104). Walls and solid objects hold no creature and are left out. Which
/// creatures in it are hit is [`super::affected`]: never the user, but a rider or mount in its
/// space (L421).
pub fn burst(map: &Map, user: Footprint, x: u32, diagonals: Diagonals) -> Vec<Square> {
    (0..map.height)
        .flat_map(|row| (0..map.width).map(move |col| Square::new(col, row)))
        .filter(|&sq| !map.is_solid(sq))
        .filter(|&sq| nearest(user, unit(sq), diagonals) <= x)
        .filter(|&sq| map.line_of_effect(user, unit(sq)))
        .collect()
}

/// Whether `target` has cover against a burst from `user` (seed 000 L421): the user may take
/// any square of its space as the burst's origin, so the target has cover only if it has it
/// from every one. `covered(origin, target)` is the cover test the game plays with.
pub fn burst_cover(
    user: Footprint,
    target: Footprint,
    covered: impl Fn(Footprint, Footprint) -> bool,
) -> bool {
    user.squares().all(|sq| covered(unit(sq), target))
}

#[cfg(test)]
mod tests {
    use super::super::affected;
    use super::super::testing::{open_map, rect, space, with_walls};
    use super::*;

    #[test]
    fn dnd_49_a_large_creature_bursts_from_its_whole_space_hitting_its_rider_but_not_itself() {
        // The case's Large creature at (0,0)-(1,1), moved one square east and south so the 12
        // squares around it are on the map: it stands at (1,1)-(2,2) of a 4×4 map.
        let map = open_map(4, 4);
        let large = space(1, 1, 2);
        let area = burst(&map, large, 1, Diagonals::default());
        // The 12 squares around it plus its own 4: every square with x and y in [0, 3].
        assert_eq!(area, rect(0, 0, 3, 3));
        let ring: Vec<_> = area.iter().filter(|&&sq| !large.contains(sq)).collect();
        assert_eq!(ring.len(), 12);
        let creatures = [
            ("user", large),
            ("rider", space(2, 2, 1)),
            ("enemy", space(3, 0, 1)),
        ];
        assert_eq!(affected(&area, "user", &creatures), vec!["rider", "enemy"]);
    }

    #[test]
    fn a_huge_creature_bursts_from_its_whole_space() {
        let map = open_map(9, 9);
        let huge = space(2, 2, 3);
        let area = burst(&map, huge, 2, Diagonals::default());
        assert_eq!(area, rect(0, 0, 6, 6));
        let creatures = [
            ("user", huge),
            ("ally", space(0, 0, 1)),
            ("beyond", space(7, 7, 1)),
            ("ogre", space(6, 2, 2)),
        ];
        assert_eq!(affected(&area, "user", &creatures), vec!["ally", "ogre"]);
    }

    #[test]
    fn a_burst_stops_where_its_user_has_no_line_of_effect() {
        // A wall down column 3: nothing past it, nor the wall itself, is in the burst.
        let walls: Vec<_> = (0..5).map(|y| (3, y)).collect();
        let map = with_walls(open_map(5, 5), &walls);
        let area = burst(&map, space(2, 2, 1), 2, Diagonals::default());
        assert_eq!(area, rect(0, 0, 2, 4));
    }

    #[test]
    fn a_burst_never_leaves_the_map() {
        let map = open_map(3, 3);
        assert_eq!(
            burst(&map, space(0, 0, 1), 1, Diagonals::default()),
            rect(0, 0, 1, 1)
        );
    }

    #[test]
    fn a_burst_counting_diagonals_one_two_leaves_out_the_far_corners() {
        let map = open_map(5, 5);
        let area = burst(&map, space(2, 2, 1), 2, Diagonals::OneTwoOneTwo);
        let corners = [(0, 0), (4, 0), (0, 4), (4, 4)].map(|(x, y)| Square::new(x, y));
        let expected: Vec<_> = rect(0, 0, 4, 4)
            .into_iter()
            .filter(|sq| !corners.contains(sq))
            .collect();
        assert_eq!(area, expected);
    }

    #[test]
    fn a_big_burst_user_takes_its_best_square_for_cover() {
        // A pillar at (3,1) covers (4,1) from the Large user's top-right square only: from its
        // bottom-right square (2,2) the lines to (4,1) pass beside it, so no cover.
        let map = with_walls(open_map(6, 6), &[(3, 1)]);
        let (large, target) = (space(1, 1, 2), space(4, 1, 1));
        let cover = |from: Footprint, to: Footprint| map.cover(from, to);
        assert!(map.cover(space(2, 1, 1), target));
        assert!(!map.cover(space(2, 2, 1), target));
        assert!(!burst_cover(large, target, cover));
        // A Medium user standing at (2,1) alone has only that square to burst from.
        assert!(burst_cover(space(2, 1, 1), target, cover));
    }
}
