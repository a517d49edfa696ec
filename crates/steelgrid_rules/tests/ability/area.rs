//! Area shapes (seed 002 L1448-1484): every expected square set is written out by hand.

use std::collections::BTreeMap;

use steelgrid_rules::ability::area::{self, Direction};
use steelgrid_rules::grid::{Cell, Footprint, Map, Square, Terrain};

/// A map drawn row by row from the top: `#` is a wall, anything else open floor.
fn map(rows: &[&str]) -> Map {
    let cells = rows
        .iter()
        .flat_map(|row| row.chars())
        .map(|c| Cell {
            terrain: if c == '#' {
                Terrain::Wall
            } else {
                Terrain::Floor
            },
            ..Cell::default()
        })
        .collect();
    Map {
        width: rows[0].len() as i32,
        height: rows.len() as i32,
        cells,
        zones: BTreeMap::new(),
    }
}

fn open(width: usize, height: usize) -> Map {
    let row = ".".repeat(width);
    map(&vec![row.as_str(); height])
}

/// The space of a creature `side` squares across with its top-left square at (x, y).
fn at(x: i32, y: i32, side: i32) -> Footprint {
    Footprint {
        origin: Square::new(x, y),
        side,
    }
}

fn sq(list: &[(i32, i32)]) -> Vec<Square> {
    list.iter().map(|&(x, y)| Square::new(x, y)).collect()
}

fn nobody(_: Square) -> bool {
    false
}

// ---- Aura and burst -------------------------------------------------------------------------

#[test]
fn burst_1_covers_the_8_squares_around_a_medium_creature() {
    let got = area::burst(&open(11, 11), at(5, 5, 1), 1);
    let want = sq(&[
        (4, 4),
        (5, 4),
        (6, 4),
        (4, 5),
        (6, 5),
        (4, 6),
        (5, 6),
        (6, 6),
    ]);
    assert_eq!(got, want);
}

#[test]
fn burst_2_covers_the_24_squares_around_a_medium_creature() {
    let got = area::burst(&open(11, 11), at(5, 5, 1), 2);
    #[rustfmt::skip]
    let want = sq(&[
        (3, 3), (4, 3), (5, 3), (6, 3), (7, 3),
        (3, 4), (4, 4), (5, 4), (6, 4), (7, 4),
        (3, 5), (4, 5),         (6, 5), (7, 5),
        (3, 6), (4, 6), (5, 6), (6, 6), (7, 6),
        (3, 7), (4, 7), (5, 7), (6, 7), (7, 7),
    ]);
    assert_eq!(got.len(), 24);
    assert_eq!(got, want);
}

#[test]
fn burst_3_covers_the_48_squares_of_a_7_by_7_block_less_the_user() {
    let got = area::burst(&open(11, 11), at(5, 5, 1), 3);
    assert_eq!(got.len(), 48);
    assert!(!got.contains(&Square::new(5, 5)));
    assert!(
        got.iter()
            .all(|s| (2..=8).contains(&s.x) && (2..=8).contains(&s.y))
    );
    assert_eq!(got.first(), Some(&Square::new(2, 2)));
    assert_eq!(got.last(), Some(&Square::new(8, 8)));
}

#[test]
fn burst_1_from_a_size_2_creature_rings_its_space_with_12_squares() {
    let got = area::burst(&open(10, 10), at(4, 4, 2), 1);
    #[rustfmt::skip]
    let want = sq(&[
        (3, 3), (4, 3), (5, 3), (6, 3),
        (3, 4),                 (6, 4),
        (3, 5),                 (6, 5),
        (3, 6), (4, 6), (5, 6), (6, 6),
    ]);
    assert_eq!(got, want);
}

#[test]
fn burst_is_clipped_by_the_map_edge() {
    let got = area::burst(&open(5, 5), at(0, 0, 1), 1);
    assert_eq!(got, sq(&[(1, 0), (0, 1), (1, 1)]));
}

#[test]
fn burst_2_skips_a_wall_segment_and_the_squares_hidden_behind_it() {
    // The wall at x = 2, rows 2-4, hides (3, 2), (3, 3) and (3, 4) from the user at (1, 3);
    // (3, 1) and (3, 5) are seen past the wall's ends.
    let m = map(&[
        ".......", //
        ".......", //
        "..#....", //
        "..#....", //
        "..#....", //
        ".......", //
        ".......", //
    ]);
    let got = area::burst(&m, at(1, 3, 1), 2);
    #[rustfmt::skip]
    let want = sq(&[
        (0, 1), (1, 1), (2, 1), (3, 1),
        (0, 2), (1, 2),
        (0, 3),
        (0, 4), (1, 4),
        (0, 5), (1, 5), (2, 5), (3, 5),
    ]);
    assert_eq!(got, want);
}

// ---- Cube -----------------------------------------------------------------------------------

#[test]
fn cube_2_placed_in_range_covers_its_4_squares() {
    let got = area::cube(&open(10, 10), at(2, 2, 1), Square::new(4, 4), 2, 3);
    assert_eq!(got, Ok(sq(&[(4, 4), (5, 4), (4, 5), (5, 5)])));
}

#[test]
fn cube_3_placed_in_range_covers_its_9_squares() {
    let got = area::cube(&open(10, 10), at(2, 2, 1), Square::new(3, 5), 3, 5);
    #[rustfmt::skip]
    let want = sq(&[
        (3, 5), (4, 5), (5, 5),
        (3, 6), (4, 6), (5, 6),
        (3, 7), (4, 7), (5, 7),
    ]);
    assert_eq!(got, Ok(want));
}

#[test]
fn cube_placed_out_of_range_is_refused() {
    let got = area::cube(&open(10, 10), at(2, 2, 1), Square::new(7, 7), 2, 3);
    assert_eq!(
        got,
        Err(
            "the nearest square of the cube, (7, 7), is 5 squares away; this area is placed \
             within 3"
                .to_owned()
        )
    );
}

#[test]
fn cube_behind_a_wall_has_no_origin_square() {
    let m = map(&[
        "....#....", //
        "....#....", //
        "....#....", //
        "....#....", //
        "....#....", //
    ]);
    let got = area::cube(&m, at(2, 2, 1), Square::new(5, 1), 2, 5);
    assert_eq!(
        got,
        Err(
            "no square of the cube within 5 is open and in your line of effect, so it has no \
             origin square"
                .to_owned()
        )
    );
}

#[test]
fn cube_straddling_a_wall_stops_at_the_wall() {
    // Origin (3, 1); the wall column x = 4 is left out and hides column x = 5.
    let m = map(&[
        "....#....", //
        "....#....", //
        "....#....", //
        "....#....", //
        "....#....", //
    ]);
    let got = area::cube(&m, at(2, 2, 1), Square::new(3, 1), 3, 3);
    assert_eq!(got, Ok(sq(&[(3, 1), (3, 2), (3, 3)])));
}

// ---- Line -----------------------------------------------------------------------------------

#[test]
fn line_5x1_runs_5_squares_in_each_of_the_8_directions() {
    let m = open(11, 11);
    let user = at(5, 5, 1);
    let cases: [(Direction, (i32, i32), [(i32, i32); 5]); 8] = [
        (
            Direction::N,
            (5, 4),
            [(5, 0), (5, 1), (5, 2), (5, 3), (5, 4)],
        ),
        (
            Direction::NE,
            (6, 4),
            [(10, 0), (9, 1), (8, 2), (7, 3), (6, 4)],
        ),
        (
            Direction::E,
            (6, 5),
            [(6, 5), (7, 5), (8, 5), (9, 5), (10, 5)],
        ),
        (
            Direction::SE,
            (6, 6),
            [(6, 6), (7, 7), (8, 8), (9, 9), (10, 10)],
        ),
        (
            Direction::S,
            (5, 6),
            [(5, 6), (5, 7), (5, 8), (5, 9), (5, 10)],
        ),
        (
            Direction::SW,
            (4, 6),
            [(4, 6), (3, 7), (2, 8), (1, 9), (0, 10)],
        ),
        (
            Direction::W,
            (4, 5),
            [(0, 5), (1, 5), (2, 5), (3, 5), (4, 5)],
        ),
        (
            Direction::NW,
            (4, 4),
            [(0, 0), (1, 1), (2, 2), (3, 3), (4, 4)],
        ),
    ];
    for (dir, (x, y), want) in cases {
        let got = area::line(&m, user, Square::new(x, y), dir, 5, 1, 1);
        assert_eq!(got, Ok(sq(&want)), "{dir:?}");
    }
    assert_eq!(
        Direction::ALL.map(|d| d.step()),
        [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1)
        ]
    );
}

#[test]
fn line_stops_at_the_first_wall_in_its_path() {
    let m = map(&[
        "...........", //
        "...........", //
        "...........", //
        "...........", //
        "...........", //
        "........#..", //
        "...........", //
    ]);
    let got = area::line(&m, at(5, 5, 1), Square::new(6, 5), Direction::E, 5, 1, 1);
    assert_eq!(got, Ok(sq(&[(6, 5), (7, 5)])));
}

#[test]
fn line_3x2_east_adds_a_second_row_below() {
    let got = area::line(
        &open(11, 11),
        at(5, 5, 1),
        Square::new(6, 5),
        Direction::E,
        3,
        2,
        1,
    );
    #[rustfmt::skip]
    let want = sq(&[
        (6, 5), (7, 5), (8, 5),
        (6, 6), (7, 6), (8, 6),
    ]);
    assert_eq!(got, Ok(want));
}

#[test]
fn line_2x2_northeast_widens_each_step_into_a_2x2_block_toward_the_southeast() {
    let got = area::line(
        &open(11, 11),
        at(5, 5, 1),
        Square::new(6, 4),
        Direction::NE,
        2,
        2,
        1,
    );
    #[rustfmt::skip]
    let want = sq(&[
                (7, 3), (8, 3),
        (6, 4), (7, 4), (8, 4),
        (6, 5), (7, 5),
    ]);
    assert_eq!(got, Ok(want));
}

#[test]
fn line_origin_out_of_range_is_refused() {
    let got = area::line(
        &open(11, 11),
        at(5, 5, 1),
        Square::new(9, 5),
        Direction::E,
        5,
        1,
        1,
    );
    assert_eq!(
        got,
        Err("the origin (9, 5) is 4 squares away; this area is placed within 1".to_owned())
    );
}

// ---- Wall -----------------------------------------------------------------------------------

#[test]
fn wall_5_placed_as_a_snake_is_valid_and_sorted() {
    let placed = sq(&[(4, 2), (4, 3), (4, 4), (3, 4), (3, 5)]);
    let got = area::wall(&open(10, 10), at(2, 2, 1), &placed, 5, 3, nobody);
    assert_eq!(got, Ok(sq(&[(4, 2), (4, 3), (3, 4), (4, 4), (3, 5)])));
}

#[test]
fn wall_square_joined_only_at_a_corner_is_refused() {
    let placed = sq(&[(4, 2), (5, 3)]);
    let got = area::wall(&open(10, 10), at(2, 2, 1), &placed, 5, 3, nobody);
    assert_eq!(
        got,
        Err("(5, 3) shares no side with an earlier wall square".to_owned())
    );
}

#[test]
fn wall_on_an_occupied_square_is_refused() {
    let placed = sq(&[(4, 2), (4, 3), (4, 4)]);
    let got = area::wall(&open(10, 10), at(2, 2, 1), &placed, 5, 3, |s| {
        s == Square::new(4, 3)
    });
    assert_eq!(got, Err("(4, 3) is occupied".to_owned()));
}

#[test]
fn wall_5_given_6_squares_is_refused() {
    let placed = sq(&[(4, 2), (4, 3), (4, 4), (4, 5), (4, 6), (4, 7)]);
    let got = area::wall(&open(10, 10), at(2, 2, 1), &placed, 5, 3, nobody);
    assert_eq!(
        got,
        Err("this wall is at most 5 squares; 6 were given".to_owned())
    );
}

#[test]
fn wall_whose_first_square_is_out_of_range_is_refused() {
    let placed = sq(&[(9, 2), (9, 3)]);
    let got = area::wall(&open(10, 10), at(2, 2, 1), &placed, 5, 3, nobody);
    assert_eq!(
        got,
        Err("the origin (9, 2) is 7 squares away; this area is placed within 3".to_owned())
    );
}
