//! The battle grid: squares, sizes and footprints, Draw Steel distance, adjacency, line of
//! effect, map bounds and elevation.
//!
//! seed 002 L2451-2478 (map, size and space); L2576 (every adjacent square costs 1, diagonals
//! included); L1699-1711 (adjacency and corner-to-corner line of effect).

use std::collections::BTreeMap;
use std::fmt;

use serde::{Deserialize, Serialize};

/// One square of the map: `x` is the column from the left, `y` the row from the top, as written
/// in the scenario file. Written `(x, y)` in RON; `{"x": .., "y": ..}` in JSON (either form is
/// read back).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Square {
    pub x: i32,
    pub y: i32,
}

impl<'de> Deserialize<'de> for Square {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl<'de> serde::de::Visitor<'de> for V {
            type Value = Square;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a square written (x, y)")
            }
            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Square, A::Error> {
                let x = seq
                    .next_element()?
                    .ok_or_else(|| serde::de::Error::invalid_length(0, &self))?;
                let y = seq
                    .next_element()?
                    .ok_or_else(|| serde::de::Error::invalid_length(1, &self))?;
                if seq.next_element::<serde::de::IgnoredAny>()?.is_some() {
                    return Err(serde::de::Error::custom(
                        "a square has two coordinates, (x, y)",
                    ));
                }
                Ok(Square { x, y })
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut map: A,
            ) -> Result<Square, A::Error> {
                let (mut x, mut y) = (None, None);
                while let Some(key) = map.next_key::<String>()? {
                    match key.as_str() {
                        "x" => x = Some(map.next_value()?),
                        "y" => y = Some(map.next_value()?),
                        other => return Err(serde::de::Error::unknown_field(other, &["x", "y"])),
                    }
                }
                Ok(Square {
                    x: x.ok_or_else(|| serde::de::Error::missing_field("x"))?,
                    y: y.ok_or_else(|| serde::de::Error::missing_field("y"))?,
                })
            }
        }
        d.deserialize_any(V)
    }
}

/// The eight steps to the adjacent squares, clockwise from north, in a fixed order.
pub const NEIGHBOURS: [(i32, i32); 8] = [
    (0, -1),
    (1, -1),
    (1, 0),
    (1, 1),
    (0, 1),
    (-1, 1),
    (-1, 0),
    (-1, -1),
];

/// A straight line of steps: every step uses one of at most two neighbouring compass
/// directions, so it never turns back (seed 002 L1480-1484; digest A-7, AMB-10).
pub fn straight(steps: &[(i32, i32)]) -> bool {
    let mut dirs: Vec<usize> = steps
        .iter()
        .filter_map(|s| NEIGHBOURS.iter().position(|d| d == s))
        .collect();
    dirs.sort_unstable();
    dirs.dedup();
    match dirs.as_slice() {
        [] | [_] => true,
        [a, b] => (b - a) == 1 || (a + 8 - b) == 1,
        _ => false,
    }
}

/// [`straight`] for a path of squares walked from `from`.
pub fn straight_path(from: Square, path: &[Square]) -> bool {
    let steps: Vec<(i32, i32)> = std::iter::once(&from)
        .chain(path)
        .zip(path)
        .map(|(a, b)| (b.x - a.x, b.y - a.y))
        .collect();
    straight(&steps)
}

/// Whether a diagonal step `(dx, dy)` of the space `at` passes the corner of something solid:
/// one of the two squares beside the step, for any square of the space (seed 002 L2588;
/// digest A-6). Creatures never block diagonals.
pub fn cuts_corner(at: Footprint, (dx, dy): (i32, i32), solid: impl Fn(Square) -> bool) -> bool {
    dx != 0
        && dy != 0
        && at
            .squares()
            .any(|s| solid(Square::new(s.x + dx, s.y)) || solid(Square::new(s.x, s.y + dy)))
}

impl Square {
    pub const fn new(x: i32, y: i32) -> Self {
        Self { x, y }
    }

    /// Draw Steel distance between two squares: every adjacent square, diagonals included,
    /// is one square away (seed 002 L2576: "no Pythagorean theorem").
    pub fn distance(self, other: Square) -> u32 {
        (self.x - other.x)
            .unsigned_abs()
            .max((self.y - other.y).unsigned_abs())
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// A creature's size (seed 002 L2459-2478): 1T < 1S < 1M < 1L < 2 < 3 < …
///
/// Size 1 creatures fill one square; a size N creature fills an N×N×N cube.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Size {
    Tiny,
    Small,
    Medium,
    Large,
    /// Size 2 or more.
    Squares(u8),
}

impl Size {
    /// The rung on the size ladder, for size-to-size comparisons (digest §2 convention):
    /// 1T=0, 1S=1, 1M=2, 1L=3, N≥2 → N+2.
    pub fn ordinal(self) -> u32 {
        match self {
            Size::Tiny => 0,
            Size::Small => 1,
            Size::Medium => 2,
            Size::Large => 3,
            Size::Squares(n) => u32::from(n) + 2,
        }
    }

    /// The size as a number, where a rule compares a size with a number: 1T-1L all count as 1
    /// (digest A-16).
    pub fn value(self) -> u32 {
        match self {
            Size::Squares(n) => u32::from(n),
            _ => 1,
        }
    }

    /// Side length of the creature's space in squares.
    pub fn side(self) -> i32 {
        self.value() as i32
    }

    /// Two creatures may end movement in the same space only if their sizes are two or more
    /// rungs apart (seed 002 L2578).
    pub fn may_share_space_with(self, other: Size) -> bool {
        self.ordinal().abs_diff(other.ordinal()) >= 2
    }

    pub fn parse(text: &str) -> Option<Size> {
        match text {
            "1T" => Some(Size::Tiny),
            "1S" => Some(Size::Small),
            "1M" | "1" => Some(Size::Medium),
            "1L" => Some(Size::Large),
            _ => match text.parse::<u8>() {
                Ok(n) if n >= 2 => Some(Size::Squares(n)),
                _ => None,
            },
        }
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Tiny => f.write_str("1T"),
            Size::Small => f.write_str("1S"),
            Size::Medium => f.write_str("1M"),
            Size::Large => f.write_str("1L"),
            Size::Squares(n) => write!(f, "{n}"),
        }
    }
}

impl Serialize for Size {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl<'de> Deserialize<'de> for Size {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = String::deserialize(d)?;
        Size::parse(&text).ok_or_else(|| {
            serde::de::Error::custom(format!(
                "`{text}` is not a size: use 1T, 1S, 1M, 1L or a whole number 2 or more"
            ))
        })
    }
}

/// The squares a creature of `size` covers with its top-left square at `origin`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Footprint {
    pub origin: Square,
    pub side: i32,
}

impl Footprint {
    pub fn new(origin: Square, size: Size) -> Self {
        Self {
            origin,
            side: size.side(),
        }
    }

    pub fn squares(self) -> impl Iterator<Item = Square> {
        let Footprint { origin, side } = self;
        (0..side)
            .flat_map(move |dy| (0..side).map(move |dx| Square::new(origin.x + dx, origin.y + dy)))
    }

    pub fn contains(self, sq: Square) -> bool {
        sq.x >= self.origin.x
            && sq.y >= self.origin.y
            && sq.x < self.origin.x + self.side
            && sq.y < self.origin.y + self.side
    }

    /// Distance between two spaces: from the nearest square of one to the nearest square of
    /// the other (digest A-8, AMB-11).
    pub fn distance(self, other: Footprint) -> u32 {
        let gap = |a0: i32, a_len: i32, b0: i32, b_len: i32| -> u32 {
            if a0 + a_len <= b0 {
                (b0 - (a0 + a_len - 1)) as u32
            } else if b0 + b_len <= a0 {
                (a0 - (b0 + b_len - 1)) as u32
            } else {
                0
            }
        };
        gap(self.origin.x, self.side, other.origin.x, other.side).max(gap(
            self.origin.y,
            self.side,
            other.origin.y,
            other.side,
        ))
    }

    /// Adjacent: within 1 square (seed 002 L1699-1701).
    pub fn is_adjacent(self, other: Footprint) -> bool {
        self.distance(other) == 1
    }

    pub fn overlaps(self, other: Footprint) -> bool {
        self.distance(other) == 0
    }
}

/// What an object is made of (seed 002 L3104-3113, L2782-2801).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Material {
    Glass,
    Wood,
    Stone,
    Metal,
}

impl Material {
    /// Stamina of a size-1 object, or per square of a larger one (seed 002 L3108-3111).
    pub fn stamina_per_square(self) -> u32 {
        match self {
            Material::Glass => 1,
            Material::Wood => 3,
            Material::Stone => 6,
            Material::Metal => 9,
        }
    }
}

/// What fills a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
pub enum Terrain {
    #[default]
    Floor,
    /// A wall: blocks movement and line of effect.
    Wall,
    /// A solid object such as a pillar, crate or door: blocks movement and line of effect until
    /// destroyed.
    Object { material: Material },
    /// Difficult terrain: +1 movement to enter (seed 002 L2726).
    Difficult,
    /// Damaging terrain: deals `damage` to a creature that enters it (seed 002 L2728).
    Damaging { damage: u32 },
    /// An open drop down to `depth` squares below the floor.
    Pit { depth: u32 },
    /// Liquid `depth` squares deep: swum through (2 movement a square without a swim speed),
    /// and it breaks a fall of a square or more deep (seed 002 L2644-2648, L2712).
    Water { depth: u32 },
}

impl Terrain {
    /// Walls and solid objects stop creatures and block line of effect (seed 002 L1705).
    pub fn is_solid(self) -> bool {
        matches!(self, Terrain::Wall | Terrain::Object { .. })
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Floor => "floor",
            Terrain::Wall => "wall",
            Terrain::Object { .. } => "object",
            Terrain::Difficult => "difficult terrain",
            Terrain::Damaging { .. } => "damaging terrain",
            Terrain::Pit { .. } => "pit",
            Terrain::Water { .. } => "water",
        }
    }
}

/// One square of the map as the rules see it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cell {
    pub terrain: Terrain,
    /// Height of the ground in squares (seed 002 L1717: ground is what a creature stands on).
    pub elevation: i32,
    /// Remaining stamina of an object in this square.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub object_stamina: Option<u32>,
    /// How tall the wall or object in this square stands above `elevation`, in squares, its
    /// squares stacked (seed 002 L1474-1478). Left out, it is taller than anything on the map.
    /// One with a height is ground at its top: climbed, stood on, flown or pushed over, and
    /// seen over only from at or above its top.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub height: Option<u32>,
    /// Darkness, fog or anything else that hides a creature standing in it without protecting
    /// it: concealment (seed 002 L3014-3016).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub concealing: bool,
}

impl Cell {
    /// The top of a wall or object of a given height; none for anything else.
    pub fn top(&self) -> Option<i32> {
        self.height
            .filter(|_| self.terrain.is_solid())
            .map(|h| self.elevation + h as i32)
    }
}

/// The battle map: a rectangle of cells, row by row from the top.
#[derive(bevy_ecs::prelude::Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Map {
    pub width: i32,
    pub height: i32,
    pub cells: Vec<Cell>,
    /// Named spawn zones from the legend, for scenario authors and scripted events.
    #[serde(default)]
    pub zones: BTreeMap<String, Vec<Square>>,
}

impl Map {
    pub fn in_bounds(&self, sq: Square) -> bool {
        sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height
    }

    pub fn cell(&self, sq: Square) -> Option<&Cell> {
        self.in_bounds(sq)
            .then(|| &self.cells[(sq.y * self.width + sq.x) as usize])
    }

    /// Replace a square's cell (an area changing the ground); nothing off the map.
    pub fn set_cell(&mut self, sq: Square, cell: Cell) {
        if self.in_bounds(sq) {
            let i = (sq.y * self.width + sq.x) as usize;
            self.cells[i] = cell;
        }
    }

    pub fn terrain(&self, sq: Square) -> Option<Terrain> {
        self.cell(sq).map(|c| c.terrain)
    }

    pub fn elevation(&self, sq: Square) -> Option<i32> {
        self.cell(sq).map(|c| c.elevation)
    }

    /// Height of the surface a creature would stand on: the elevation, less a pit's depth, or
    /// the top of a wall or object of a given height.
    pub fn ground(&self, sq: Square) -> Option<i32> {
        self.cell(sq).map(|c| match c.terrain {
            Terrain::Pit { depth } => c.elevation - depth as i32,
            _ => c.top().unwrap_or(c.elevation),
        })
    }

    /// Whether a wall or object fills the square at height `z`: one of no given height at any
    /// height, one with a height below its top.
    pub fn solid_at(&self, sq: Square, z: i32) -> bool {
        match self.cell(sq) {
            None => true,
            Some(c) => c.terrain.is_solid() && c.top().is_none_or(|top| z < top),
        }
    }

    /// Whether the square is a wall or object of a given height (stacked squares).
    pub fn is_stacked(&self, sq: Square) -> bool {
        self.cell(sq).is_some_and(|c| c.top().is_some())
    }

    /// Whether any square of the space is liquid at least 1 square deep.
    pub fn liquid_under(&self, fp: Footprint) -> bool {
        fp.squares()
            .any(|s| matches!(self.terrain(s), Some(Terrain::Water { depth }) if depth >= 1))
    }

    /// The highest ground under a space: where a creature of that footprint stands.
    pub fn ground_under(&self, fp: Footprint) -> i32 {
        fp.squares()
            .filter_map(|s| self.ground(s))
            .max()
            .unwrap_or(0)
    }

    /// A wall or object as tall as anything (or off the map). One with a given height is
    /// ground at its top instead: see [`Map::solid_at`].
    pub fn is_solid(&self, sq: Square) -> bool {
        self.cell(sq)
            .is_none_or(|c| c.terrain.is_solid() && c.height.is_none())
    }

    /// Whether every square of the space conceals what stands in it (seed 002 L3014-3016).
    pub fn conceals(&self, fp: Footprint) -> bool {
        fp.squares()
            .all(|sq| self.cell(sq).is_some_and(|c| c.concealing))
    }

    pub fn footprint_in_bounds(&self, fp: Footprint) -> bool {
        fp.squares().all(|sq| self.in_bounds(sq))
    }

    /// Line of effect between two spaces (seed 002 L1703-1711): it exists when any corner of
    /// one space can be joined to any corner of the other by a straight line that passes
    /// through no wall or solid object. A line that only grazes a solid square's edge or
    /// corner is not blocked.
    pub fn line_of_effect(&self, from: Footprint, to: Footprint) -> bool {
        self.line_of_effect_at((from, self.ground_under(from)), (to, self.ground_under(to)))
    }

    /// [`Map::line_of_effect`] between spaces whose bottoms are at the given heights: a wall
    /// or object of a given height blocks it unless both spaces rise above its top (a size N
    /// space is N squares tall), so two creatures see each other over it.
    pub fn line_of_effect_at(
        &self,
        (from, from_z): (Footprint, i32),
        (to, to_z): (Footprint, i32),
    ) -> bool {
        if from.overlaps(to) {
            return true;
        }
        // The lower of the two spaces' tops: a wall whose top reaches it blocks.
        let low = (from_z + from.side).min(to_z + to.side) - 1;
        let corners = |fp: Footprint| {
            let (x0, y0, s) = (fp.origin.x, fp.origin.y, fp.side);
            [(x0, y0), (x0 + s, y0), (x0, y0 + s), (x0 + s, y0 + s)]
        };
        let solid = |sq: Square| self.solid_at(sq, low);
        corners(from).iter().any(|&a| {
            corners(to)
                .iter()
                .any(|&b| !self.segment_blocked(a, b, from, to, &solid))
        })
    }

    /// Whether `to` has cover from `from` (seed 002 L3010-3012; digest A-26, §30.3): there is
    /// line of effect, but from the corner of `from` that sees the most corners of `to`, at
    /// least half of those corner lines are blocked by walls or solid objects. Creatures never
    /// give cover.
    pub fn cover(&self, from: Footprint, to: Footprint) -> bool {
        if from.overlaps(to) {
            return false;
        }
        let corners = |fp: Footprint| {
            let (x0, y0, s) = (fp.origin.x, fp.origin.y, fp.side);
            [(x0, y0), (x0 + s, y0), (x0, y0 + s), (x0 + s, y0 + s)]
        };
        // Digest A-26: a wall or object of a given height covers only if it is at least half
        // as tall as the target above the target's feet.
        let (feet, tall) = (self.ground_under(to), to.side);
        let solid = |sq: Square| {
            self.is_solid(sq)
                || self
                    .cell(sq)
                    .and_then(Cell::top)
                    .is_some_and(|top| 2 * (top - feet) >= tall)
        };
        let targets = corners(to);
        let best = corners(from)
            .iter()
            .map(|&a| {
                targets
                    .iter()
                    .filter(|&&b| !self.segment_blocked(a, b, from, to, &solid))
                    .count()
            })
            .max()
            .unwrap_or(0);
        // Over a low wall every corner line may cross it while the two still see each other.
        self.line_of_effect(from, to) && 2 * (targets.len() - best) >= targets.len()
    }

    /// Whether the segment between two grid corners is blocked: it passes through the interior
    /// of a solid square, runs along an edge with solid squares (or the map's edge) on both
    /// sides, or slips through a point where two solid squares meet corner to corner. The two end
    /// spaces never block.
    fn segment_blocked(
        &self,
        a: (i32, i32),
        b: (i32, i32),
        from: Footprint,
        to: Footprint,
        blocks: &dyn Fn(Square) -> bool,
    ) -> bool {
        let solid = |x: i32, y: i32| {
            let sq = Square::new(x, y);
            !from.contains(sq) && !to.contains(sq) && blocks(sq)
        };
        let (min_x, max_x) = (a.0.min(b.0), a.0.max(b.0));
        let (min_y, max_y) = (a.1.min(b.1), a.1.max(b.1));
        for y in min_y - 1..=max_y {
            for x in min_x - 1..=max_x {
                if solid(x, y) && segment_crosses_square_interior(a, b, Square::new(x, y)) {
                    return true;
                }
            }
        }
        let (dx, dy) = (b.0 - a.0, b.1 - a.1);
        if dy == 0 {
            // Along a horizontal grid line: blocked where both squares beside it are solid.
            return (min_x..max_x).any(|x| solid(x, a.1 - 1) && solid(x, a.1));
        }
        if dx == 0 {
            return (min_y..max_y).any(|y| solid(a.0 - 1, y) && solid(a.0, y));
        }
        // Lattice points strictly inside the segment: the line passes between the two squares
        // it does not enter there.
        let g = gcd(dx.unsigned_abs(), dy.unsigned_abs()) as i32;
        let (sx, sy) = (dx / g, dy / g);
        (1..g).any(|k| {
            let (vx, vy) = (a.0 + k * sx, a.1 + k * sy);
            if sx.signum() == sy.signum() {
                solid(vx, vy - 1) && solid(vx - 1, vy)
            } else {
                solid(vx - 1, vy - 1) && solid(vx, vy)
            }
        })
    }
}

fn gcd(a: u32, b: u32) -> u32 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// Exact integer test: does the segment a→b pass through the open interior of the unit square
/// whose top-left corner is `sq`? Grazing an edge or a corner does not count.
pub fn segment_crosses_square_interior(a: (i32, i32), b: (i32, i32), sq: Square) -> bool {
    // Work in doubled coordinates so the square's centre is on the lattice; clip the segment
    // against the open box (Liang-Barsky with rationals kept as integer comparisons).
    let (x0, y0) = (i64::from(a.0) * 2, i64::from(a.1) * 2);
    let (dx, dy) = (i64::from(b.0) * 2 - x0, i64::from(b.1) * 2 - y0);
    let (lo_x, hi_x) = (i64::from(sq.x) * 2, i64::from(sq.x) * 2 + 2);
    let (lo_y, hi_y) = (i64::from(sq.y) * 2, i64::from(sq.y) * 2 + 2);
    // t in [0,1] as a fraction num/den with den > 0; track the open interval (t_enter, t_exit).
    let mut enter = (0i64, 1i64);
    let mut exit = (1i64, 1i64);
    for (p, q) in [
        (-dx, x0 - lo_x),
        (dx, hi_x - x0),
        (-dy, y0 - lo_y),
        (dy, hi_y - y0),
    ] {
        if p == 0 {
            // Parallel to this edge: must be strictly inside the slab.
            if q <= 0 {
                return false;
            }
            continue;
        }
        // t = q / p
        let (num, den) = if p < 0 { (-q, -p) } else { (q, p) };
        if p < 0 {
            // entering: t > q/p
            if num * enter.1 > enter.0 * den {
                enter = (num, den);
            }
        } else if num * exit.1 < exit.0 * den {
            exit = (num, den);
        }
    }
    // Open interval non-empty: enter < exit.
    enter.0 * exit.1 < exit.0 * enter.1
}

/// The flanking line (shared by every ruleset: Draw Steel seed 002 L3002-3008, d20 seed 001
/// L234-236): the segment between the centres of `a`'s and `b`'s spaces enters and leaves
/// `target`'s space through opposite sides, a corner touching both of its sides. Whether the
/// two may flank at all (adjacent, threatening, able to act) is each ruleset's own test.
pub fn flanked_by(a: Footprint, b: Footprint, target: Footprint) -> bool {
    // In doubled coordinates every centre and side is a whole number.
    let centre = |f: Footprint| {
        (
            i64::from(2 * f.origin.x + f.side),
            i64::from(2 * f.origin.y + f.side),
        )
    };
    let (x0, y0) = (
        i64::from(2 * target.origin.x),
        i64::from(2 * target.origin.y),
    );
    let space = (
        x0,
        y0,
        x0 + 2 * i64::from(target.side),
        y0 + 2 * i64::from(target.side),
    );
    crosses_opposite_sides(centre(a), centre(b), space)
}
/// Whether the segment a→b, clipped to the box (Liang-Barsky in exact fractions), enters through
/// a side opposite to one it leaves through; a point on a corner touches both of its sides, and a
/// segment that only grazes one point of the box crosses nothing (digest §30.2 steps 3-5).
fn crosses_opposite_sides(a: (i64, i64), b: (i64, i64), space: (i64, i64, i64, i64)) -> bool {
    let Some((enter, leave)) = clip(a, b, space) else {
        return false;
    };
    if enter.0 * leave.1 == leave.0 * enter.1 {
        return false;
    }
    // The sides a point of the segment at t = num/den touches, as (west, east, south, north).
    let (x0, y0, x1, y1) = space;
    let sides = |(num, den): (i64, i64)| {
        let x = a.0 * den + num * (b.0 - a.0);
        let y = a.1 * den + num * (b.1 - a.1);
        (x == x0 * den, x == x1 * den, y == y0 * den, y == y1 * den)
    };
    let (i, o) = (sides(enter), sides(leave));
    (i.0 && o.1) || (i.1 && o.0) || (i.2 && o.3) || (i.3 && o.2)
}

/// The parameters (as fractions num/den of a→b, den > 0) where the segment enters and leaves
/// the closed box, or None when it misses it.
fn clip(
    a: (i64, i64),
    b: (i64, i64),
    (x0, y0, x1, y1): (i64, i64, i64, i64),
) -> Option<((i64, i64), (i64, i64))> {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let (mut lo, mut hi) = ((0i64, 1i64), (1i64, 1i64));
    for (p, q) in [
        (-dx, a.0 - x0),
        (dx, x1 - a.0),
        (-dy, a.1 - y0),
        (dy, y1 - a.1),
    ] {
        if p == 0 {
            if q < 0 {
                return None;
            }
            continue;
        }
        let (num, den) = if p < 0 { (-q, -p) } else { (q, p) };
        if p < 0 {
            if num * lo.1 > lo.0 * den {
                lo = (num, den);
            }
        } else if num * hi.1 < hi.0 * den {
            hi = (num, den);
        }
    }
    (lo.0 * hi.1 <= hi.0 * lo.1).then_some((lo, hi))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn open_map(w: i32, h: i32) -> Map {
        Map {
            width: w,
            height: h,
            cells: vec![Cell::default(); (w * h) as usize],
            zones: BTreeMap::new(),
        }
    }

    #[test]
    fn straight_lines_use_at_most_two_neighbouring_directions() {
        assert!(straight(&[(1, 0), (1, 0), (1, 1)]));
        assert!(straight(&[(0, -1), (-1, -1)]));
        assert!(!straight(&[(1, 0), (0, 1)]));
        assert!(!straight(&[(1, 0), (-1, 0)]));
        assert!(!straight(&[(1, -1), (1, 0), (1, 1)]));
    }

    #[test]
    fn diagonal_squares_are_one_apart() {
        assert_eq!(Square::new(0, 0).distance(Square::new(1, 1)), 1);
        assert_eq!(Square::new(0, 0).distance(Square::new(3, 2)), 3);
    }

    #[test]
    fn footprint_distance_is_measured_from_nearest_squares() {
        let ogre = Footprint::new(Square::new(2, 2), Size::Squares(2));
        let goblin = Footprint::new(Square::new(4, 4), Size::Small);
        assert_eq!(ogre.distance(goblin), 1);
        assert!(ogre.is_adjacent(goblin));
        assert_eq!(ogre.squares().count(), 4);
    }

    #[test]
    fn size_ladder_and_sharing_space() {
        assert!(Size::Tiny.may_share_space_with(Size::Medium));
        assert!(!Size::Small.may_share_space_with(Size::Medium));
        assert!(Size::Medium.may_share_space_with(Size::Squares(2)));
        assert_eq!(Size::Large.value(), 1);
        assert_eq!(Size::parse("3"), Some(Size::Squares(3)));
        assert_eq!(Size::parse("1X"), None);
    }

    #[test]
    fn wall_between_blocks_line_of_effect() {
        let mut map = open_map(5, 5);
        for y in 0..5 {
            map.cells[(y * 5 + 2) as usize].terrain = Terrain::Wall;
        }
        let a = Footprint::new(Square::new(0, 2), Size::Medium);
        let b = Footprint::new(Square::new(4, 2), Size::Medium);
        assert!(!map.line_of_effect(a, b));
    }

    #[test]
    fn ds_core_67_pillar_blocking_part_of_the_view_leaves_line_of_effect() {
        // DS-CORE-67: any corner to any corner unobstructed is enough.
        let mut map = open_map(5, 5);
        map.cells[(2 * 5 + 2) as usize].terrain = Terrain::Wall;
        let a = Footprint::new(Square::new(0, 2), Size::Medium);
        let b = Footprint::new(Square::new(4, 2), Size::Medium);
        assert!(map.line_of_effect(a, b));
    }

    #[test]
    fn walls_meeting_corner_to_corner_block_lines_through_the_joins() {
        // A diagonal wall of squares touching only at their corners still blocks.
        let mut map = open_map(5, 5);
        for x in 0..5 {
            map.cells[((4 - x) * 5 + x) as usize].terrain = Terrain::Wall;
        }
        let a = Footprint::new(Square::new(0, 0), Size::Medium);
        let b = Footprint::new(Square::new(4, 4), Size::Medium);
        assert!(!map.line_of_effect(a, b));
    }

    #[test]
    fn a_low_wall_blocks_line_of_effect_below_its_top_and_covers_by_half_the_target() {
        // A wall 1 square tall down x = 3 (seed 002 L1474-1478; digest A-26).
        let mut map = open_map(8, 8);
        for y in 0..8 {
            let cell = &mut map.cells[(y * 8 + 3) as usize];
            cell.terrain = Terrain::Wall;
            cell.height = Some(1);
        }
        let medium = |x| Footprint::new(Square::new(x, 3), Size::Medium);
        let big = |x, n| Footprint::new(Square::new(x, 3), Size::Squares(n));
        // Two size-1 spaces are no taller than the wall: it blocks.
        assert!(!map.line_of_effect(medium(1), medium(5)));
        // Size-2 spaces rise above it: they see each other, and a wall half their height
        // covers them; size-3 spaces are more than twice its height: no cover.
        assert!(map.line_of_effect(big(1, 2), big(4, 2)));
        assert!(map.cover(big(1, 2), big(4, 2)));
        assert!(map.line_of_effect(big(0, 3), big(4, 3)));
        assert!(!map.cover(big(0, 3), big(4, 3)));
        // Standing on the wall's top is standing on ground 1 up.
        assert_eq!(map.ground(Square::new(3, 0)), Some(1));
        assert!(map.solid_at(Square::new(3, 0), 0) && !map.solid_at(Square::new(3, 0), 1));
    }

    #[test]
    fn grazing_a_corner_does_not_block() {
        let mut map = open_map(3, 3);
        map.cells[1].terrain = Terrain::Wall; // (1,0)
        map.cells[3].terrain = Terrain::Wall; // (0,1)
        let a = Footprint::new(Square::new(0, 0), Size::Medium);
        let b = Footprint::new(Square::new(1, 1), Size::Medium);
        assert!(map.line_of_effect(a, b));
    }
}
