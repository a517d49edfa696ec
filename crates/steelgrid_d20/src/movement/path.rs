//! Walking a path square by square (seed 001 L92-132): each step to one of the eight squares
//! around, priced 1-2-1-2 with its hampers, checked against walls, corners, pits, the map's edge
//! and other creatures; the move may not end in another creature's square.

use steelgrid_kernel::grid::{Map, Square};
use steelgrid_kernel::rule::RuleError;

use crate::options::D20Options;
use crate::rule::{CORNER, DIAGONAL, THROUGH};
use crate::size::Size;
use crate::terrain::Features;

use super::cost::{DiagonalCount, step_cost};
use super::hamper::Hamper;
use super::space::{Board, Stance};
use super::walker::{Occupant, Pace, Passage, Walker};
use crate::measure::FEET_PER_SQUARE;

/// A path walked: what each step cost, the total, where the body ends and whose squares it
/// entered on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Walk {
    pub steps: Vec<Step>,
    /// The whole path's cost in squares (seed 001 L94).
    pub squares: i32,
    /// The body where the path ends: `end.squeezing` is -4 to attack and AC (seed 001 L122).
    pub end: Stance,
    /// Other creatures' squares entered, in order: passing through provokes from the occupant
    /// (seed 001 L108, L110); the attack of opportunity chapter decides who may take it.
    pub through: Vec<Through>,
}

impl Walk {
    /// The cost in feet, 5 a square (seed 001 L74).
    pub fn feet(&self) -> i32 {
        self.squares * FEET_PER_SQUARE
    }
}

/// One step of a path (seed 001 L95, L116, L119, L131-132).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Step {
    /// The walker's top-left square after the step.
    pub to: Square,
    pub diagonal: bool,
    /// In squares.
    pub cost: i32,
    pub hampers: Vec<Hamper>,
}

/// A square of another creature's space that the walker's body entered (seed 001 L102-111).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Through {
    /// Which step of the path, from 0.
    pub step: usize,
    /// The creature's index in `others`.
    pub occupant: usize,
    pub square: Square,
    pub by: Passage,
}

/// Walk `path`, the walker's top-left square after each step, from where it stands (seed 001
/// L92-132). `others` are the other creatures, the walker not among them. Refused with the rule
/// that forbids it: a step that is not to an adjacent square, off the map, into a wall, solid
/// object or pit, past a wall's corner, through a creature it may not pass, a run or charge
/// through hampered squares, a space too narrow to squeeze into, or an end in another
/// creature's square.
pub fn walk(
    map: &Map,
    features: &Features,
    walker: &Walker,
    others: &[Occupant],
    path: &[Square],
    options: &D20Options,
) -> Result<Walk, RuleError> {
    let board = Board {
        map,
        features,
        walker,
        others,
    };
    let mut walk = Walk {
        steps: Vec::new(),
        squares: 0,
        end: board.without_creatures().stance(walker.space.origin)?,
        through: Vec::new(),
    };
    let mut count = DiagonalCount::default();
    let mut from = walker.space.origin;
    for (index, &to) in path.iter().enumerate() {
        let (step, body) = take_step(&board, (from, &walk.end), to, &mut count, options)?;
        walk.through
            .extend(entered(&board, index, &walk.end, &body));
        walk.squares += step.cost;
        walk.steps.push(step);
        walk.end = body;
        from = to;
    }
    if !path.is_empty() {
        may_end(&board, &walk.end)?;
    }
    Ok(walk)
}

/// One step from the top-left square `from`, the body at `before`, to `to`.
fn take_step(
    board: &Board,
    (from, before): (Square, &Stance),
    to: Square,
    count: &mut DiagonalCount,
    options: &D20Options,
) -> Result<(Step, Stance), RuleError> {
    let offset = adjacent(from, to)?;
    let after = board.stance(to)?;
    let diagonal = offset.0 != 0 && offset.1 != 0;
    if diagonal {
        past_no_corner(board.map, before, offset, (from, to))?;
    }
    let hampers = board.hampers(before, &after, offset);
    keeps_pace(board.walker.pace, &hampers)?;
    let cost = step_cost(diagonal, &hampers, count, options.difficult_diagonal);
    let step = Step {
        to,
        diagonal,
        cost,
        hampers,
    };
    Ok((step, after))
}

/// Distance is counted square by square (seed 001 L94): each step goes to one of the eight
/// squares around.
fn adjacent(from: Square, to: Square) -> Result<(i32, i32), RuleError> {
    let offset = (to.x - from.x, to.y - from.y);
    if offset != (0, 0) && offset.0.abs() <= 1 && offset.1.abs() <= 1 {
        Ok(offset)
    } else {
        Err(RuleError::new(
            DIAGONAL,
            format!("{to} is not next to {from}: a path goes one square at a time"),
        ))
    }
}

/// No diagonal past the corner of a wall or solid object, not even a 5-foot step; creatures
/// and pits do not stop one (seed 001 L96-97). Checked for every square the body fills, as the
/// kernel's `cuts_corner` does for a whole space.
fn past_no_corner(
    map: &Map,
    before: &Stance,
    (dx, dy): (i32, i32),
    (from, to): (Square, Square),
) -> Result<(), RuleError> {
    let corner = before
        .squares
        .iter()
        .flat_map(|s| [Square::new(s.x + dx, s.y), Square::new(s.x, s.y + dy)])
        .find(|&sq| map.is_solid(sq));
    match corner {
        None => Ok(()),
        Some(sq) => {
            let what = map.terrain(sq).map_or("the map's edge", |t| t.name());
            Err(RuleError::new(
                CORNER,
                format!("the diagonal from {from} to {to} cuts the corner of the {what} at {sq}"),
            ))
        }
    }
}

/// No run or charge through difficult terrain (seed 001 L116); nor, reading 3.5's hampered
/// movement (not in seed), through obstacles, a squeeze or a helpless creature too big to
/// step over.
fn keeps_pace(pace: Pace, hampers: &[Hamper]) -> Result<(), RuleError> {
    match hampers.first() {
        Some(hamper) if pace != Pace::Walking => Err(RuleError::new(
            hamper.rule(),
            format!("{} cannot cross {}", pace.name(), hamper.describe()),
        )),
        _ => Ok(()),
    }
}

/// The squares of other creatures the body enters with step `index`, and how it may.
fn entered(board: &Board, index: usize, before: &Stance, after: &Stance) -> Vec<Through> {
    let fresh = after
        .squares
        .iter()
        .filter(|sq| !before.squares.contains(sq));
    fresh
        .flat_map(|&square| {
            board
                .others
                .iter()
                .enumerate()
                .filter(move |(_, other)| other.space.contains(square))
                .filter_map(move |(occupant, other)| {
                    let by = other.passage_for(board.walker)?;
                    Some(Through {
                        step: index,
                        occupant,
                        square,
                        by,
                    })
                })
        })
        .collect()
}

/// A move never ends in a square held by a creature that is not helpless (seed 001 L105,
/// L124), except that a Tiny or smaller walker may: into a bigger creature's square to attack
/// it (seed 001 L158), or beside others as small as long as they fit, 4 Tiny, 25 Diminutive or
/// 100 Fine to a square (seed 001 L158).
fn may_end(board: &Board, end: &Stance) -> Result<(), RuleError> {
    let walker = board.walker;
    for &sq in &end.squares {
        let here: Vec<&Occupant> = board
            .others
            .iter()
            .filter(|o| o.space.contains(sq))
            .collect();
        if walker.is_very_small() {
            room_for_one_more(walker, &here, sq)?;
        } else if let Some(other) = here.iter().find(|o| !o.helpless) {
            let who = if other.ally { "an ally" } else { "an enemy" };
            return Err(RuleError::new(
                THROUGH,
                format!("the move cannot end in {sq}: {who} stands there and is not helpless"),
            ));
        }
    }
    Ok(())
}

fn room_for_one_more(walker: &Walker, here: &[&Occupant], sq: Square) -> Result<(), RuleError> {
    let taken: u32 = here
        .iter()
        .filter(|o| o.size < Size::Small)
        .map(|o| Occupant::share_of_square(o.size))
        .sum();
    if taken + Occupant::share_of_square(walker.size) <= 100 {
        Ok(())
    } else {
        Err(RuleError::new(
            THROUGH,
            format!(
                "the move cannot end in {sq}: there is no room left there for a {} creature \
                 (4 Tiny, 25 Diminutive or 100 Fine fill a square)",
                walker.size.name()
            ),
        ))
    }
}

#[cfg(test)]
mod tests {
    use steelgrid_kernel::grid::{Footprint, Terrain};

    use super::*;
    use crate::movement::fixtures::{costs, go, lay, open_map, squares};
    use crate::options::DifficultDiagonal;
    use crate::rule;
    use crate::size::Size;
    use crate::terrain::Border;

    fn medium(x: i32, y: i32) -> Walker {
        Walker::new(Square::new(x, y), Size::Medium)
    }

    fn enemy(x: i32, y: i32, size: Size) -> Occupant {
        Occupant::new(Square::new(x, y), size, false)
    }

    fn plain() -> Features {
        Features::default()
    }

    #[test]
    fn dnd_01_three_diagonals_walked_cost_1_2_1() {
        let walk = go(
            &open_map(5, 5),
            &plain(),
            &medium(0, 0),
            &[],
            &[(1, 1), (2, 2), (3, 3)],
        );
        let walk = walk.unwrap();
        assert_eq!(costs(&walk), [1, 2, 1]);
        assert_eq!((walk.squares, walk.feet()), (4, 20));
    }

    #[test]
    fn dnd_04_into_difficult_terrain_a_straight_step_costs_2_and_a_diagonal_3() {
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Difficult, &[(1, 0), (1, 1)]);
        let straight = go(&map, &plain(), &medium(0, 0), &[], &[(1, 0)]).unwrap();
        let diagonal = go(&map, &plain(), &medium(0, 0), &[], &[(1, 1)]).unwrap();
        assert_eq!((straight.squares, diagonal.squares), (2, 3));
        assert_eq!(
            straight.steps[0].hampers,
            [Hamper::Difficult(Square::new(1, 0))]
        );
    }

    /// The digest counts y up the page and the kernel down it: the same numbers draw the
    /// fighter's path mirrored, at the same costs.
    fn fighters_board() -> Map {
        let mut map = open_map(7, 5);
        lay(&mut map, Terrain::Difficult, &[(4, 2), (5, 3)]);
        map
    }

    const FIGHTERS_PATH: [(i32, i32); 5] = [(1, 1), (2, 1), (3, 2), (4, 2), (5, 3)];

    #[test]
    fn dnd_05_the_fighters_path_costs_1_1_2_2_then_3_for_the_diagonal_into_difficult_terrain() {
        let walk = go(
            &fighters_board(),
            &plain(),
            &medium(0, 0),
            &[],
            &FIGHTERS_PATH,
        )
        .unwrap();
        assert_eq!(costs(&walk), [1, 1, 2, 2, 3]);
        assert_eq!(walk.feet(), 45);
    }

    #[test]
    fn dnd_05_with_the_doubled_count_option_the_third_diagonal_into_difficult_terrain_costs_2() {
        let options = D20Options {
            difficult_diagonal: DifficultDiagonal::DoubledCount,
            ..D20Options::default()
        };
        let path = squares(&FIGHTERS_PATH);
        let walk = walk(
            &fighters_board(),
            &plain(),
            &medium(0, 0),
            &[],
            &path,
            &options,
        );
        assert_eq!(costs(&walk.unwrap()), [1, 1, 2, 2, 2]);
    }

    #[test]
    fn dnd_07_no_diagonal_past_a_wall_corner_and_the_way_round_costs_2() {
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Wall, &[(1, 0)]);
        let cut = go(&map, &plain(), &medium(0, 0), &[], &[(1, 1)]).unwrap_err();
        assert_eq!(cut.rule, CORNER);
        assert!(cut.reason.contains("wall at (1, 0)"), "{}", cut.reason);
        let round = go(&map, &plain(), &medium(0, 0), &[], &[(0, 1), (1, 1)]).unwrap();
        assert_eq!(round.squares, 2);
    }

    #[test]
    fn dnd_07_a_diagonal_past_an_enemy_or_a_pit_is_legal_and_costs_1() {
        let past_enemy = go(
            &open_map(3, 3),
            &plain(),
            &medium(0, 0),
            &[enemy(1, 0, Size::Medium)],
            &[(1, 1)],
        );
        assert_eq!(past_enemy.unwrap().squares, 1);
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Pit { depth: 2 }, &[(1, 0)]);
        let past_pit = go(&map, &plain(), &medium(0, 0), &[], &[(1, 1)]).unwrap();
        assert_eq!(past_pit.squares, 1);
    }

    #[test]
    fn dnd_32_a_large_ogre_on_difficult_terrain_pays_2_for_its_first_step_east_then_1() {
        let mut map = open_map(6, 4);
        lay(&mut map, Terrain::Difficult, &[(1, 0)]);
        let ogre = Walker::new(Square::new(0, 0), Size::Large);
        let walk = go(&map, &plain(), &ogre, &[], &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(costs(&walk), [2, 1]);
    }

    fn rats_and_a_human() -> Vec<Occupant> {
        let rat = Occupant::new(Square::new(3, 3), Size::Tiny, true);
        vec![rat, rat, rat, enemy(4, 3, Size::Medium)]
    }

    #[test]
    fn dnd_34_a_tiny_rat_enters_the_humans_square_to_bite_and_it_is_reported() {
        let rat = Walker::new(Square::new(3, 3), Size::Tiny);
        let walk = go(
            &open_map(6, 6),
            &plain(),
            &rat,
            &rats_and_a_human(),
            &[(4, 3)],
        )
        .unwrap();
        let human = Through {
            step: 0,
            occupant: 3,
            square: Square::new(4, 3),
            by: Passage::VerySmall,
        };
        assert_eq!(walk.through, [human]);
    }

    #[test]
    fn dnd_34_a_fifth_rat_finds_no_room_in_a_square_four_rats_fill() {
        let mut others = rats_and_a_human();
        others.push(Occupant::new(Square::new(3, 3), Size::Tiny, true));
        let fifth = Walker::new(Square::new(2, 3), Size::Tiny);
        let full = go(&open_map(6, 6), &plain(), &fifth, &others, &[(3, 3)]).unwrap_err();
        assert_eq!(full.rule, THROUGH);
        assert!(full.reason.contains("no room"), "{}", full.reason);
    }

    #[test]
    fn dnd_35_a_medium_enemy_is_passed_only_when_helpless() {
        let map = open_map(4, 2);
        let mut orc = enemy(1, 0, Size::Medium);
        let blocked = go(&map, &plain(), &medium(0, 0), &[orc], &[(1, 0), (2, 0)]).unwrap_err();
        assert_eq!(blocked.rule, THROUGH);
        assert_eq!(
            blocked.reason,
            "an enemy stands in (1, 0) and is not helpless"
        );
        orc.helpless = true;
        let passed = go(&map, &plain(), &medium(0, 0), &[orc], &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(passed.squares, 2);
        assert_eq!(passed.through[0].by, Passage::Helpless);
    }

    #[test]
    fn dnd_35_a_gargantuan_creature_is_passed_with_each_square_reported_but_not_ended_in() {
        let map = open_map(7, 5);
        let giant = [enemy(1, 0, Size::Gargantuan)];
        let path = [(1, 1), (2, 1), (3, 1), (4, 1), (5, 1)];
        let walk = go(&map, &plain(), &medium(0, 1), &giant, &path).unwrap();
        assert_eq!(walk.squares, 5);
        assert_eq!(walk.through.len(), 4);
        assert!(walk.through.iter().all(|t| t.by == Passage::SizeApart));
        let inside = go(&map, &plain(), &medium(0, 1), &giant, &path[..3]).unwrap_err();
        assert_eq!(inside.rule, THROUGH);
    }

    #[test]
    fn dnd_35_an_ally_is_passed_but_not_by_a_charge_and_not_ended_in() {
        let map = open_map(4, 2);
        let ally = [Occupant::new(Square::new(1, 0), Size::Medium, true)];
        let walk = go(&map, &plain(), &medium(0, 0), &ally, &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(walk.through[0].by, Passage::Ally);
        let ended = go(&map, &plain(), &medium(0, 0), &ally, &[(1, 0)]).unwrap_err();
        assert_eq!(ended.rule, THROUGH);
        assert_eq!(
            ended.reason,
            "the move cannot end in (1, 0): an ally stands there and is not helpless"
        );
        let charger = Walker {
            pace: Pace::Charging,
            ..medium(0, 0)
        };
        let charge = go(&map, &plain(), &charger, &ally, &[(1, 0), (2, 0)]).unwrap_err();
        assert_eq!(charge.rule, THROUGH);
        assert!(
            charge.reason.contains("a charge cannot pass"),
            "{}",
            charge.reason
        );
    }

    #[test]
    fn dnd_37_squeezing_through_difficult_terrain_costs_4_a_square() {
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Difficult, &[(1, 0)]);
        let features = Features {
            narrow: [Square::new(1, 0)].into(),
            ..Features::default()
        };
        let walk = go(&map, &features, &medium(0, 0), &[], &[(1, 0)]).unwrap();
        assert_eq!(walk.squares, 4);
        assert!(walk.end.squeezing);
    }

    #[test]
    fn doubling_three_times_costs_8_a_square_and_12_diagonally() {
        let mut map = open_map(4, 3);
        lay(&mut map, Terrain::Difficult, &[(1, 0), (1, 1)]);
        let features = Features {
            narrow: squares(&[(1, 0), (1, 1)]).into_iter().collect(),
            ..Features::default()
        };
        let ogre = Occupant {
            helpless: true,
            ..enemy(1, 0, Size::Large)
        };
        let straight = go(&map, &features, &medium(0, 0), &[ogre], &[(1, 0)]).unwrap();
        let diagonal = go(&map, &features, &medium(0, 1), &[ogre], &[(1, 0)]).unwrap();
        assert_eq!((straight.squares, diagonal.squares), (8, 12));
    }

    #[test]
    fn a_helpless_large_body_costs_a_medium_walker_2_a_square_and_may_be_ended_on() {
        let ogre = Occupant {
            helpless: true,
            ..enemy(1, 0, Size::Large)
        };
        let map = open_map(5, 3);
        let walk = go(
            &map,
            &plain(),
            &medium(0, 0),
            &[ogre],
            &[(1, 0), (2, 0), (3, 0)],
        );
        assert_eq!(costs(&walk.unwrap()), [2, 2, 1]);
        let on_it = go(&map, &plain(), &medium(0, 0), &[ogre], &[(1, 0)]).unwrap();
        assert_eq!(on_it.steps[0].hampers, [Hamper::HelplessBulk(0)]);
    }

    #[test]
    fn an_obstacle_square_costs_2_more_to_enter_but_not_to_leave() {
        let features = Features {
            obstacles: squares(&[(1, 0), (1, 1)]).into_iter().collect(),
            ..Features::default()
        };
        let map = open_map(4, 3);
        let walk = go(&map, &features, &medium(0, 0), &[], &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(costs(&walk), [3, 1]);
        let diagonal = go(&map, &features, &medium(0, 0), &[], &[(1, 1)]).unwrap();
        assert_eq!(diagonal.squares, 3);
        assert_eq!(diagonal.steps[0].hampers[0].rule(), rule::OBSTACLE);
    }

    #[test]
    fn a_low_wall_adds_2_to_the_square_beyond_and_a_diagonal_slips_past_its_end() {
        let wall = |a: (i32, i32), b: (i32, i32)| {
            Border::between(Square::new(a.0, a.1), Square::new(b.0, b.1)).unwrap()
        };
        let mut features = Features {
            low_walls: [wall((0, 0), (1, 0))].into(),
            ..Features::default()
        };
        let map = open_map(3, 3);
        let across = go(&map, &features, &medium(0, 0), &[], &[(1, 0)]).unwrap();
        assert_eq!(across.squares, 3);
        let past_end = go(&map, &features, &medium(0, 0), &[], &[(1, 1)]).unwrap();
        assert_eq!(past_end.squares, 1);
        features.low_walls.insert(wall((0, 1), (1, 1)));
        let over = go(&map, &features, &medium(0, 0), &[], &[(1, 1)]).unwrap();
        assert_eq!(over.squares, 3);
    }

    #[test]
    fn a_pit_cannot_be_entered_but_a_flyer_crosses_it_and_ignores_difficult_terrain() {
        let mut map = open_map(4, 2);
        lay(&mut map, Terrain::Pit { depth: 3 }, &[(1, 0)]);
        lay(&mut map, Terrain::Difficult, &[(2, 0)]);
        let fall = go(&map, &plain(), &medium(0, 0), &[], &[(1, 0)]).unwrap_err();
        assert_eq!(fall.rule, rule::OBSTACLE);
        assert_eq!(fall.reason, "(1, 0) is a pit, which cannot be entered");
        let flyer = Walker {
            flying: true,
            ..medium(0, 0)
        };
        let flight = go(&map, &plain(), &flyer, &[], &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(flight.squares, 2);
    }

    #[test]
    fn running_or_charging_through_difficult_terrain_is_refused() {
        let mut map = open_map(3, 1);
        lay(&mut map, Terrain::Difficult, &[(1, 0)]);
        for pace in [Pace::Running, Pace::Charging] {
            let hurried = Walker {
                pace,
                ..medium(0, 0)
            };
            let refused = go(&map, &plain(), &hurried, &[], &[(1, 0), (2, 0)]).unwrap_err();
            assert_eq!(refused.rule, rule::DIFFICULT);
        }
        let runner = Walker {
            pace: Pace::Running,
            ..medium(0, 0)
        };
        let refused = go(&map, &plain(), &runner, &[], &[(1, 0)]).unwrap_err();
        assert_eq!(
            refused.reason,
            "a run cannot cross difficult terrain in (1, 0)"
        );
    }

    #[test]
    fn walls_the_map_edge_and_skipped_squares_are_refused() {
        let mut map = open_map(3, 3);
        lay(&mut map, Terrain::Wall, &[(1, 0)]);
        let wall = go(&map, &plain(), &medium(0, 0), &[], &[(1, 0)]).unwrap_err();
        assert_eq!(
            (wall.rule, wall.reason.as_str()),
            (rule::OBSTACLE, "(1, 0) is a wall")
        );
        let edge = go(&map, &plain(), &medium(0, 0), &[], &[(-1, 0)]).unwrap_err();
        assert_eq!(edge.rule, rule::OBSTACLE);
        assert_eq!(edge.reason, "(-1, 0) is off the map");
        let skip = go(&map, &plain(), &medium(0, 0), &[], &[(0, 2)]).unwrap_err();
        assert_eq!(skip.rule, DIAGONAL);
    }

    #[test]
    fn a_medium_creature_squeezes_in_a_narrow_square_at_2_and_stops_squeezing_beyond() {
        let features = Features {
            narrow: [Square::new(1, 0)].into(),
            ..Features::default()
        };
        let map = open_map(3, 1);
        let walk = go(&map, &features, &medium(0, 0), &[], &[(1, 0), (2, 0)]).unwrap();
        assert_eq!(costs(&walk), [2, 1]);
        assert!(!walk.end.squeezing);
    }

    /// A wall band at x = 3 and 4 with a corridor one square wide along row 2.
    fn corridor_board() -> Map {
        let mut map = open_map(10, 6);
        for y in [0, 1, 3, 4, 5] {
            lay(&mut map, Terrain::Wall, &[(3, y), (4, y)]);
        }
        map
    }

    #[test]
    fn a_large_creature_squeezes_through_a_corridor_one_square_wide_at_2_a_square() {
        let ogre = Walker::new(Square::new(1, 2), Size::Large);
        let path = [(2, 2), (3, 2), (4, 2), (5, 2)];
        let walk = go(&corridor_board(), &plain(), &ogre, &[], &path).unwrap();
        assert_eq!(costs(&walk), [2, 2, 2, 1]);
        assert!(!walk.end.squeezing);
        let inside = go(&corridor_board(), &plain(), &ogre, &[], &path[..2]).unwrap();
        assert!(inside.end.squeezing);
        assert_eq!(inside.end.squares, squares(&[(3, 2), (4, 2)]));
    }

    #[test]
    fn a_huge_creature_cannot_squeeze_into_a_corridor_one_square_wide() {
        let giant = Walker::new(Square::new(0, 1), Size::Huge);
        let path = [(1, 1), (2, 1)];
        let refused = go(&corridor_board(), &plain(), &giant, &[], &path).unwrap_err();
        assert_eq!(refused.rule, rule::SQUEEZE);
        assert!(
            refused.reason.contains("Escape Artist"),
            "{}",
            refused.reason
        );
    }

    #[test]
    fn a_large_creature_cannot_squeeze_through_narrow_places() {
        let features = Features {
            narrow: squares(&[(3, 2), (4, 2)]).into_iter().collect(),
            ..Features::default()
        };
        let ogre = Walker::new(Square::new(1, 2), Size::Large);
        let path = [(2, 2), (3, 2)];
        let refused = go(&corridor_board(), &features, &ogre, &[], &path).unwrap_err();
        assert_eq!(refused.rule, rule::SQUEEZE);
    }

    #[test]
    fn a_large_creature_squeezes_past_an_enemy_in_a_corridor_two_squares_wide() {
        let mut map = open_map(8, 4);
        let walls: Vec<(i32, i32)> = (0..8).flat_map(|x| [(x, 0), (x, 3)]).collect();
        lay(&mut map, Terrain::Wall, &walls);
        let ogre = Walker::new(Square::new(0, 1), Size::Large);
        let goblin = [enemy(3, 2, Size::Small)];
        let path = [(1, 1), (2, 1), (3, 1), (4, 1)];
        let walk = go(&map, &plain(), &ogre, &goblin, &path).unwrap();
        assert_eq!(costs(&walk), [1, 2, 2, 1]);
        assert!(walk.through.is_empty());
        let space = Footprint {
            origin: Square::new(4, 1),
            side: 2,
        };
        assert_eq!(walk.end.squares, space.squares().collect::<Vec<_>>());
    }
}
