//! What hampers one step (seed 001 L115-123, L104, L129-132): difficult terrain, squeezing and a
//! helpless creature too big to step over each double the step's cost; a hampering obstacle in
//! a square or a low wall along a border adds 2 squares to it.

use steelgrid_kernel::grid::{Square, Terrain};
use steelgrid_kernel::rule::Rule;

use crate::rule::{DIFFICULT, OBSTACLE, SQUEEZE, THROUGH};
use crate::terrain::Border;

use super::space::{Board, Stance};
use super::walker::Passage;

/// One thing that hampers a step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hamper {
    /// Difficult terrain in a square the walker fills after the step: a big creature moves at
    /// the worst terrain it stands on (seed 001 L116-117).
    Difficult(Square),
    /// The walker squeezes where the step ends (seed 001 L122).
    Squeezing,
    /// The walker stands over the helpless creature of that index, too big to cross freely
    /// (seed 001 L104).
    HelplessBulk(usize),
    /// The step enters a square holding a hampering obstacle (seed 001 L119).
    Obstacle(Square),
    /// The step crosses a low wall along this border (seed 001 L119, L205).
    LowWall(Border),
}

/// What an obstacle adds to the square beyond it (seed 001 L119).
pub const OBSTACLE_SQUARES: i32 = 2;

impl Hamper {
    /// Whether it doubles the step's cost (seed 001 L129-132); obstacles add to it instead.
    pub fn doubles(self) -> bool {
        matches!(
            self,
            Hamper::Difficult(_) | Hamper::Squeezing | Hamper::HelplessBulk(_)
        )
    }

    /// The rule that says so.
    pub fn rule(self) -> Rule {
        match self {
            Hamper::Difficult(_) => DIFFICULT,
            Hamper::Squeezing => SQUEEZE,
            Hamper::HelplessBulk(_) => THROUGH,
            Hamper::Obstacle(_) | Hamper::LowWall(_) => OBSTACLE,
        }
    }

    /// In a player's words.
    pub fn describe(self) -> String {
        match self {
            Hamper::Difficult(sq) => format!("difficult terrain in {sq}"),
            Hamper::Squeezing => "a space it must squeeze into".to_string(),
            Hamper::HelplessBulk(_) => "a helpless creature too big to step over".to_string(),
            Hamper::Obstacle(sq) => format!("the obstacle in {sq}"),
            Hamper::LowWall(Border(a, b)) => format!("the low wall between {a} and {b}"),
        }
    }
}

impl Board<'_> {
    /// Everything that hampers the step `offset` from the body `before` to the body `after`,
    /// doubling sources first. A flying or incorporeal walker ignores terrain and obstacles
    /// (seed 001 L118, L121).
    pub fn hampers(&self, before: &Stance, after: &Stance, offset: (i32, i32)) -> Vec<Hamper> {
        let mut found = Vec::new();
        let grounded = !self.walker.flying;
        if grounded {
            found.extend(self.difficult_under(after));
        }
        if after.squeezing {
            found.push(Hamper::Squeezing);
        }
        found.extend(self.helpless_bulk_under(after));
        if grounded {
            found.extend(self.obstacle_entered(before, after));
            found.extend(self.low_wall_crossed(before, offset));
        }
        found
    }

    fn difficult_under(&self, after: &Stance) -> Option<Hamper> {
        after
            .squares
            .iter()
            .find(|&&sq| self.map.terrain(sq) == Some(Terrain::Difficult))
            .map(|&sq| Hamper::Difficult(sq))
    }

    fn helpless_bulk_under(&self, after: &Stance) -> Option<Hamper> {
        self.others
            .iter()
            .position(|other| {
                other.bulks_over(self.walker)
                    && other.passage_for(self.walker) == Some(Passage::Helpless)
                    && after.squares.iter().any(|&sq| other.space.contains(sq))
            })
            .map(Hamper::HelplessBulk)
    }

    /// An obstacle square the body enters with this step (seed 001 L119-120).
    fn obstacle_entered(&self, before: &Stance, after: &Stance) -> Option<Hamper> {
        after
            .squares
            .iter()
            .find(|sq| !before.squares.contains(sq) && self.features.obstacles.contains(sq))
            .map(|&sq| Hamper::Obstacle(sq))
    }

    /// A low wall crossed by any square of the body; one obstacle however many of its
    /// squares cross it.
    fn low_wall_crossed(&self, before: &Stance, (dx, dy): (i32, i32)) -> Option<Hamper> {
        before
            .squares
            .iter()
            .find_map(|&from| self.low_wall_on_step(from, Square::new(from.x + dx, from.y + dy)))
            .map(Hamper::LowWall)
    }

    /// The low wall a one-square step crosses. A diagonal crosses one only if both ways round
    /// its corner would: it slips past the end of a wall (a reading; the seed is silent).
    fn low_wall_on_step(&self, from: Square, to: Square) -> Option<Border> {
        if from.x == to.x || from.y == to.y {
            return Border::between(from, to).filter(|b| self.features.low_walls.contains(b));
        }
        let via = |mid: Square| {
            self.low_wall_on_step(from, mid)
                .or_else(|| self.low_wall_on_step(mid, to))
        };
        let across = via(Square::new(to.x, from.y))?;
        via(Square::new(from.x, to.y)).map(|_| across)
    }
}
