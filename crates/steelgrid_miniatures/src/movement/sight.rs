//! Who sees whom, and combat advantage (seed 000 L124-133, L186-190, L212-238, L417, L451,
//! L505; digest A6, DND-58): invisibility and its concealment 11, smoke, Hide, blindsight and
//! tremorsense, flanking on the kernel's centre line, and the combat advantage they give.

use steelgrid_kernel::grid::{Footprint, Square, flanked_by};
use steelgrid_kernel::rule::{Rule, RuleError};

use crate::rule::movement as rule;

use super::board::{Board, adjacent};
use super::options::{Metric, MovementOptions, SmokeTargeting};
use super::terrain::Terrain;

/// What combat advantage adds to an attack: the rulebook's +2, not in seed (digest A6,
/// [`rule::COMBAT_ADVANTAGE`]).
pub const COMBAT_ADVANTAGE_BONUS: i32 = 2;
/// An invisible creature's concealment against attackers that cannot see it (seed 000 L238).
pub const CONCEALMENT: u32 = 11;

/// How far a sense reaches (seed 000 L417: no range given means no limit).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SenseRange {
    Unlimited,
    Squares(u32),
}

impl SenseRange {
    fn covers(self, distance: u32) -> bool {
        match self {
            SenseRange::Unlimited => true,
            SenseRange::Squares(n) => distance <= n,
        }
    }
}

/// A creature as sight reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Figure {
    pub space: Footprint,
    pub invisible: bool,
    /// It has Hide (seed 000 L218-226, L451).
    pub hides: bool,
    pub flying: bool,
    pub blindsight: Option<SenseRange>,
    /// Blindsight against creatures that are not flying (seed 000 L505).
    pub tremorsense: Option<SenseRange>,
}

impl Figure {
    pub fn new(space: Footprint) -> Self {
        Self {
            space,
            invisible: false,
            hides: false,
            flying: false,
            blindsight: None,
            tremorsense: None,
        }
    }
}

/// Whether `viewer` sees `seen` (seed 000 L186-190, L218-238, L417, L505). Nothing sees past
/// terrain blocking both sight and effect; blindsight and tremorsense in range see the
/// invisible, the hidden and through smoke; otherwise it needs line of sight, and not
/// invisible, and, unless adjacent: the viewer not wholly in smoke, some square of `seen` out
/// of smoke, and no Hide behind cover ([`rule::HIDE`]).
pub fn sees(board: &Board, viewer: &Figure, seen: &Figure, metric: Metric) -> bool {
    let sight = board.line_of_sight(viewer.space, seen.space);
    if !sight && !board.line_of_effect(viewer.space, seen.space) {
        return false;
    }
    if perceives(viewer, seen, metric) {
        return true;
    }
    if !sight || seen.invisible {
        return false;
    }
    if adjacent(viewer.space, seen.space) {
        return true;
    }
    let blinded = board.wholly_in(viewer.space, Terrain::Smoke);
    let smoked = visible_squares(board, viewer, seen, metric).is_empty();
    let hidden = seen.hides && board.ranged_cover(viewer.space, seen.space);
    !(blinded || smoked || hidden)
}

/// Blindsight or tremorsense reaching `seen` ([`rule::BLINDSIGHT`]).
fn perceives(viewer: &Figure, seen: &Figure, metric: Metric) -> bool {
    let distance = metric.between(viewer.space.origin, seen.space.origin);
    let blind = viewer.blindsight.is_some_and(|r| r.covers(distance));
    let tremor = !seen.flying && viewer.tremorsense.is_some_and(|r| r.covers(distance));
    blind || tremor
}

/// The squares of `seen` that `viewer` may see and target normally: a non-adjacent viewer
/// without blindsight does not see its smoke squares (seed 000 L190, AMB-12b).
pub fn visible_squares(
    board: &Board,
    viewer: &Figure,
    seen: &Figure,
    metric: Metric,
) -> Vec<Square> {
    let clear_view = adjacent(viewer.space, seen.space) || perceives(viewer, seen, metric);
    seen.space
        .squares()
        .filter(|&sq| clear_view || board.terrain(sq) != Some(Terrain::Smoke))
        .collect()
}

/// The concealment `target` has against `attacker`: 11 when the attacker cannot see it (seed
/// 000 L238), none when it can. Refused with [`SmokeTargeting::Untargetable`] for a target
/// wholly in smoke that the attacker does not see.
pub fn concealment(
    board: &Board,
    attacker: &Figure,
    target: &Figure,
    options: &MovementOptions,
) -> Result<Option<u32>, RuleError> {
    if sees(board, attacker, target, options.metric) {
        return Ok(None);
    }
    let smoked = board.wholly_in(target.space, Terrain::Smoke);
    if smoked && options.smoke_targeting == SmokeTargeting::Untargetable {
        return Err(RuleError::new(
            rule::SMOKE,
            "a creature wholly in smoke cannot be targeted from beyond its side",
        ));
    }
    Ok(Some(CONCEALMENT))
}

/// Whether a hit against concealment 11 stands, given the d20 rolled after it: 11 or more (the
/// rulebook's check, not in seed).
pub fn hit_stands(concealment: Option<u32>, d20: u32) -> bool {
    concealment.is_none_or(|c| d20 >= c)
}

/// Whether `attacker` and `ally` flank `target` (seed 000 L131-133, L212-216): both beside it
/// and the kernel's centre line between some square of each crossing its opposite sides (the
/// geometry is not in seed).
pub fn flanks(attacker: Footprint, ally: Footprint, target: Footprint) -> bool {
    let unit = |origin: Square| Footprint { origin, side: 1 };
    attacker.is_adjacent(target)
        && ally.is_adjacent(target)
        && attacker
            .squares()
            .any(|a| ally.squares().any(|b| flanked_by(unit(a), unit(b), target)))
}

/// Why `attacker` has combat advantage against `target`, if it does (seed 000 L124-133,
/// L212-216, L238, L487): the target squeezes, an ally in `allies` flanks with it, or the target
/// cannot see it while it has line of sight to the target.
pub fn combat_advantage(
    board: &Board,
    attacker: &Figure,
    target: &Figure,
    allies: &[Footprint],
    target_squeezing: bool,
    metric: Metric,
) -> Option<Rule> {
    if target_squeezing {
        return Some(rule::SQUEEZE);
    }
    if allies
        .iter()
        .any(|&ally| flanks(attacker.space, ally, target.space))
    {
        return Some(rule::FLANKING);
    }
    let unseen = !sees(board, target, attacker, metric);
    (unseen && board.line_of_sight(attacker.space, target.space)).then_some(rule::INVISIBLE)
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::{Map, Terrain as KernelTerrain};

    use super::*;
    use crate::movement::fixtures::{at, lay, north, one, open_map, space};
    use crate::movement::terrain::Features;

    fn figure(sq: Square) -> Figure {
        Figure::new(one(sq.x, sq.y))
    }

    const H: i32 = 7;

    /// DND-58: smoke over (5,5); the digest's row 5 is the kernel's row 1 on a map 7 high.
    fn smoke_board() -> (Map, Features) {
        let features = Features::default().with(Terrain::Smoke, [north(H, 5, 5)]);
        (open_map(H, H), features)
    }

    #[test]
    fn dnd_58_a_creature_wholly_in_smoke_and_an_archer_outside_are_invisible_to_each_other() {
        let (map, features) = smoke_board();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let (creature, archer) = (figure(north(H, 5, 5)), figure(north(H, 0, 5)));
        assert!(!sees(&board, &archer, &creature, options.metric));
        assert!(!sees(&board, &creature, &archer, options.metric));
        assert_eq!(
            concealment(&board, &archer, &creature, &options),
            Ok(Some(11))
        );
        assert_eq!(
            concealment(&board, &creature, &archer, &options),
            Ok(Some(11))
        );
        assert!(!hit_stands(Some(11), 10) && hit_stands(Some(11), 11));
    }

    #[test]
    fn dnd_58_the_adjacent_ally_and_the_creature_see_each_other() {
        let (map, features) = smoke_board();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let options = MovementOptions::default();
        let (creature, ally) = (figure(north(H, 5, 5)), figure(north(H, 4, 5)));
        assert!(sees(&board, &ally, &creature, options.metric));
        assert!(sees(&board, &creature, &ally, options.metric));
        assert_eq!(concealment(&board, &ally, &creature, &options), Ok(None));
    }

    #[test]
    fn dnd_58_smoke_gives_no_cover_and_does_not_block_line_of_effect() {
        let (map, features) = smoke_board();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let (creature, archer) = (one(5, 1), one(0, 1));
        assert!(board.line_of_effect(archer, creature));
        assert!(!board.ranged_cover(archer, creature));
        let untargetable = MovementOptions {
            smoke_targeting: SmokeTargeting::Untargetable,
            ..MovementOptions::default()
        };
        let refused = concealment(&board, &figure(at(0, 1)), &figure(at(5, 1)), &untargetable);
        assert_eq!(refused.unwrap_err().rule, rule::SMOKE);
    }

    #[test]
    fn amb_12b_a_creature_partly_in_smoke_is_seen_through_its_other_squares() {
        let features = Features::default().with(Terrain::Smoke, [at(5, 1), at(5, 2)]);
        let map = open_map(H, H);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let ogre = Figure::new(space(5, 1, 2));
        let archer = figure(at(0, 1));
        assert_eq!(
            visible_squares(&board, &archer, &ogre, Metric::Chebyshev),
            [at(6, 1), at(6, 2)]
        );
        assert!(sees(&board, &archer, &ogre, Metric::Chebyshev));
    }

    #[test]
    fn blindsight_sees_the_invisible_within_range_but_not_through_a_wall() {
        let mut map = open_map(9, 3);
        lay(&mut map, KernelTerrain::Wall, &[(4, 0), (4, 1), (4, 2)]);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let ghost = Figure {
            invisible: true,
            ..figure(at(3, 1))
        };
        let bat = Figure {
            blindsight: Some(SenseRange::Squares(3)),
            ..figure(at(0, 1))
        };
        assert!(sees(&board, &bat, &ghost, Metric::Chebyshev));
        assert!(!sees(&board, &figure(at(0, 1)), &ghost, Metric::Chebyshev));
        let far = Figure {
            space: one(0, 0),
            ..ghost
        };
        assert!(sees(&board, &bat, &far, Metric::Chebyshev));
        let beyond = Figure {
            blindsight: Some(SenseRange::Squares(2)),
            ..bat
        };
        assert!(!sees(&board, &beyond, &ghost, Metric::Chebyshev));
        let unlimited = Figure {
            blindsight: Some(SenseRange::Unlimited),
            ..bat
        };
        let behind_wall = Figure {
            space: one(8, 1),
            ..ghost
        };
        assert!(!sees(&board, &unlimited, &behind_wall, Metric::Chebyshev));
    }

    #[test]
    fn tremorsense_is_blindsight_against_creatures_that_are_not_flying() {
        let map = open_map(5, 1);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let worm = Figure {
            tremorsense: Some(SenseRange::Unlimited),
            ..figure(at(0, 0))
        };
        let ghost = Figure {
            invisible: true,
            ..figure(at(4, 0))
        };
        assert!(sees(&board, &worm, &ghost, Metric::Chebyshev));
        let flying = Figure {
            flying: true,
            ..ghost
        };
        assert!(!sees(&board, &worm, &flying, Metric::Chebyshev));
    }

    #[test]
    fn a_creature_with_hide_behind_forest_is_invisible_to_enemies_not_beside_it() {
        let map = open_map(7, 3);
        let features = Features::default().with(Terrain::Forest, [at(4, 0), at(4, 1), at(4, 2)]);
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let scout = Figure {
            hides: true,
            ..figure(at(5, 1))
        };
        assert!(!sees(&board, &figure(at(0, 1)), &scout, Metric::Chebyshev));
        assert!(sees(&board, &figure(at(6, 1)), &scout, Metric::Chebyshev));
        let plain = Figure {
            hides: false,
            ..scout
        };
        assert!(sees(&board, &figure(at(0, 1)), &plain, Metric::Chebyshev));
    }

    #[test]
    fn flankers_beside_the_target_across_it_gain_combat_advantage() {
        let map = open_map(8, 8);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let (orc, fighter) = (figure(at(5, 5)), figure(at(4, 4)));
        assert!(flanks(one(4, 4), one(6, 6), orc.space));
        assert!(!flanks(one(4, 5), one(5, 6), orc.space));
        assert!(!flanks(one(3, 5), one(6, 5), orc.space));
        let cause = combat_advantage(
            &board,
            &fighter,
            &orc,
            &[one(6, 6)],
            false,
            Metric::Chebyshev,
        );
        assert_eq!(cause, Some(rule::FLANKING));
        assert_eq!(
            combat_advantage(&board, &fighter, &orc, &[], false, Metric::Chebyshev),
            None
        );
        let ogre = Footprint {
            origin: at(6, 4),
            side: 2,
        };
        assert!(flanks(one(4, 5), ogre, orc.space));
    }

    #[test]
    fn an_invisible_attacker_in_sight_of_its_target_and_any_foe_of_a_squeezer_have_combat_advantage()
     {
        let map = open_map(5, 1);
        let features = Features::default();
        let board = Board {
            map: &map,
            features: &features,
            others: &[],
        };
        let stalker = Figure {
            invisible: true,
            ..figure(at(0, 0))
        };
        let target = figure(at(3, 0));
        let cause = combat_advantage(&board, &stalker, &target, &[], false, Metric::Chebyshev);
        assert_eq!(cause, Some(rule::INVISIBLE));
        let seer = Figure {
            blindsight: Some(SenseRange::Unlimited),
            ..target
        };
        assert_eq!(
            combat_advantage(&board, &stalker, &seer, &[], false, Metric::Chebyshev),
            None
        );
        let squeezer = combat_advantage(
            &board,
            &figure(at(0, 0)),
            &target,
            &[],
            true,
            Metric::Chebyshev,
        );
        assert_eq!(squeezer, Some(rule::SQUEEZE));
        assert_eq!(COMBAT_ADVANTAGE_BONUS, 2);
    }
}
