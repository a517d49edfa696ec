//! Who moves and who stands in the way (seed 001 L100-121): the walker's space, size and pace,
//! and how it may pass each other creature on the board.

use steelgrid_kernel::grid::{Footprint, Square};

use crate::size::Size;

/// How hard the walker is moving: a run or a charge cannot cross difficult terrain (seed 001
/// L116), and a charge cannot pass through allies (seed 001 L103).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Pace {
    #[default]
    Walking,
    Running,
    Charging,
}

impl Pace {
    /// The pace in a player's words, for refusals.
    pub fn name(self) -> &'static str {
        match self {
            Pace::Walking => "a walk",
            Pace::Running => "a run",
            Pace::Charging => "a charge",
        }
    }
}

/// The creature that moves (seed 001 L72-136). Its `space` says where it starts and how many
/// squares wide it is; its `size` says which rules of size apply to it (seed 001 L108-111,
/// L122-124).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walker {
    pub space: Footprint,
    pub size: Size,
    pub pace: Pace,
    /// Flying or incorporeal: difficult terrain and hampering obstacles do not slow it, and it
    /// crosses pits (seed 001 L118, L121).
    pub flying: bool,
}

impl Walker {
    /// A walker of `size` with its top-left square at `origin`, walking on the ground.
    pub fn new(origin: Square, size: Size) -> Self {
        Walker {
            space: Footprint {
                origin,
                side: size.side(),
            },
            size,
            pace: Pace::Walking,
            flying: false,
        }
    }

    /// Tiny, Diminutive or Fine: it may enter other creatures' squares (seed 001 L108).
    pub fn is_very_small(&self) -> bool {
        self.size < Size::Small
    }
}

/// Another creature on the board, seen from the walker: `ally` is whether it fights on the
/// walker's side (seed 001 L102-111).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Occupant {
    pub space: Footprint,
    pub size: Size,
    pub ally: bool,
    pub helpless: bool,
}

/// Why the walker may move through another creature's square (seed 001 L102-111). Passing
/// provokes from the occupant (seed 001 L108, L110); the attack of opportunity chapter decides
/// who may take the attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Passage {
    /// An ally, when not charging (seed 001 L103).
    Ally,
    /// A helpless creature (seed 001 L104).
    Helpless,
    /// Sizes three or more steps apart (seed 001 L109-110).
    SizeApart,
    /// The walker is Tiny or smaller (seed 001 L108).
    VerySmall,
}

impl Occupant {
    /// A creature of `size`, not helpless, with its top-left square at `origin`.
    pub fn new(origin: Square, size: Size, ally: bool) -> Self {
        Occupant {
            space: Footprint {
                origin,
                side: size.side(),
            },
            size,
            ally,
            helpless: false,
        }
    }

    /// How `walker` may pass through this creature's squares; none when it may not (seed 001
    /// L102-111).
    pub fn passage_for(&self, walker: &Walker) -> Option<Passage> {
        if self.ally {
            return (walker.pace != Pace::Charging).then_some(Passage::Ally);
        }
        if self.helpless {
            Some(Passage::Helpless)
        } else if walker.size.steps_from(self.size) >= 3 {
            Some(Passage::SizeApart)
        } else {
            walker.is_very_small().then_some(Passage::VerySmall)
        }
    }

    /// A helpless creature so big that stepping over it still hampers the walker, each square
    /// counting double (seed 001 L104): here, one Large or bigger and larger than the walker.
    pub fn bulks_over(&self, walker: &Walker) -> bool {
        self.helpless && self.size >= Size::Large && self.size > walker.size
    }

    /// The share of one square this creature fills, in hundredths: 100 Fine, 25 Diminutive or
    /// 4 Tiny fit in a square (seed 001 L158); anything bigger fills it.
    pub fn share_of_square(size: Size) -> u32 {
        100 / size.per_square()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_charge_cannot_pass_an_ally_but_a_walk_can() {
        let ally = Occupant::new(Square::new(1, 0), Size::Medium, true);
        let mut walker = Walker::new(Square::new(0, 0), Size::Medium);
        assert_eq!(ally.passage_for(&walker), Some(Passage::Ally));
        walker.pace = Pace::Charging;
        assert_eq!(ally.passage_for(&walker), None);
    }

    #[test]
    fn a_tiny_creature_fills_a_quarter_square() {
        assert_eq!(Occupant::share_of_square(Size::Tiny), 25);
        assert_eq!(Occupant::share_of_square(Size::Fine), 1);
        assert_eq!(Occupant::share_of_square(Size::Medium), 100);
    }
}
