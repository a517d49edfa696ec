//! Attacks of opportunity (seed 001 L105-110, L133, L158-161, L206, L228, L250). Seed 001 names
//! the provocations it touches: moving out of a square a foe threatens (closing in on a
//! creature with reach, L160-161), passing through a creature's square (L109), a tiny creature
//! entering another's square (L108, L158), the minimum move (L133) and the coup de grace
//! (L250); the 5-foot step provokes nothing (L161). The full list is not in the seed (AMB-28).
//! No attack of opportunity reaches a foe with cover or total concealment (L206, L228).

use steelgrid_kernel::grid::Footprint;

use super::concealment::Concealment;
use super::cover::Cover;
use crate::size::Reach;

/// A creature that might take an attack of opportunity.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Threat {
    pub space: Footprint,
    pub reach: Reach,
    /// Conscious and able to act (not dying, stable, unconscious or dead).
    pub can_act: bool,
}

impl Threat {
    /// Whether it threatens any square of `space` (seed 001 L158, L160).
    pub fn threatens(&self, space: Footprint) -> bool {
        self.can_act
            && space
                .squares()
                .any(|sq| self.reach.threatens(self.space, sq))
    }
}

/// Why a step provokes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provocation {
    /// Leaving a square the foe threatens.
    LeavesThreat,
    /// Entering or passing through the foe's own square.
    PassesThrough,
}

/// Whether one step from `from` to `to` provokes `foe`: a 5-foot step never does.
pub fn provokes(
    foe: &Threat,
    from: Footprint,
    to: Footprint,
    five_foot_step: bool,
) -> Option<Provocation> {
    if five_foot_step || !foe.can_act {
        return None;
    }
    if to.overlaps(foe.space) && foe.reach.max > 0 {
        return Some(Provocation::PassesThrough);
    }
    foe.threatens(from).then_some(Provocation::LeavesThreat)
}

/// Whether the foe may take the attack it was given: not against cover or total concealment
/// (seed 001 L206, L228).
pub fn may_take(cover: Cover, concealment: Concealment) -> bool {
    cover == Cover::None && concealment != Concealment::Total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::size::{Build, Size};
    use steelgrid_kernel::grid::Square;

    fn at(x: i32, y: i32, side: i32) -> Footprint {
        Footprint {
            origin: Square::new(x, y),
            side,
        }
    }

    fn fighter() -> Threat {
        Threat {
            space: at(5, 5, 1),
            reach: Reach::natural(Size::Medium, Build::Tall),
            can_act: true,
        }
    }

    #[test]
    fn leaving_a_threatened_square_provokes_and_a_5_foot_step_does_not() {
        let f = fighter();
        assert_eq!(
            provokes(&f, at(4, 5, 1), at(3, 5, 1), false),
            Some(Provocation::LeavesThreat)
        );
        assert_eq!(provokes(&f, at(4, 5, 1), at(3, 5, 1), true), None);
        assert_eq!(provokes(&f, at(2, 5, 1), at(3, 5, 1), false), None);
    }

    #[test]
    fn closing_in_on_an_ogre_with_reach_provokes_as_it_moves_inside_its_reach() {
        // seed 001 L160-161: natural reach threatens the squares on the way in.
        let ogre = Threat {
            space: at(5, 5, 2),
            reach: Reach::natural(Size::Large, Build::Tall),
            can_act: true,
        };
        assert_eq!(
            provokes(&ogre, at(3, 5, 1), at(4, 5, 1), false),
            Some(Provocation::LeavesThreat)
        );
        assert_eq!(provokes(&ogre, at(2, 5, 1), at(3, 5, 1), false), None);
    }

    #[test]
    fn dnd_29_no_attack_of_opportunity_into_cover_or_total_concealment() {
        assert!(may_take(Cover::None, Concealment::None));
        assert!(may_take(Cover::None, Concealment::Concealed));
        assert!(!may_take(Cover::Cover, Concealment::None));
        assert!(!may_take(Cover::Soft, Concealment::None));
        assert!(!may_take(Cover::None, Concealment::Total));
    }

    #[test]
    fn dnd_34_a_rat_entering_the_humans_square_provokes_and_rats_threaten_nothing() {
        let human = fighter();
        assert_eq!(
            provokes(&human, at(4, 5, 1), at(5, 5, 1), false),
            Some(Provocation::PassesThrough)
        );
        let rat = Threat {
            space: at(4, 5, 1),
            reach: Reach::natural(Size::Tiny, Build::Tall),
            can_act: true,
        };
        assert!(!rat.threatens(at(5, 5, 1)));
        assert_eq!(provokes(&rat, at(4, 5, 1), at(3, 5, 1), false), None);
    }
}
