//! Injury states (seed 001 L11-31, L66-67): what a creature's hit points, nonlethal total and
//! Constitution make it (healthy, staggered, disabled, dying, stable, unconscious or dead), what
//! that lets it do in a round, and the hit point a disabled creature pays for exerting itself
//! (L19, L21).

use steelgrid_kernel::rule::Rule;

use super::hit_points::{Course, DamageTaken, HitPoints};
use crate::options::Edition;
use crate::rule;

/// The state a creature is in (seed 001 L11-31, L66-67).
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Injury {
    /// Above 0 hit points with nonlethal damage below them: unhindered (seed 001 L5, L11).
    Healthy,
    /// Nonlethal damage equal to its hit points (seed 001 L66).
    Staggered,
    /// Exactly 0 hit points, or awake again below 0 (seed 001 L18-21): staggered, and exertion
    /// costs a hit point.
    Disabled,
    /// Below 0 and above minus its Constitution, not yet stable (seed 001 L25-27).
    Dying,
    /// Below 0, unconscious, no longer losing hit points (seed 001 L36, L38-39).
    Stable,
    /// Nonlethal damage above its hit points: unconscious and helpless (seed 001 L67).
    Unconscious,
    /// At or below minus its Constitution (3.5: -10), or slain by massive damage (seed 001 L13,
    /// L31).
    Dead,
}

/// What a creature may do in a round (seed 001 L19, L26, L66).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ActionAllowance {
    /// A move and a standard action, or one full-round action.
    FullRound,
    /// One move action or one standard action, never both and never a full-round action (free,
    /// immediate and swift actions besides) (seed 001 L19, L66).
    MoveOrStandard,
    /// Nothing: unconscious or dead (seed 001 L26).
    None,
}

/// What a disabled creature did with its one action, for the hit point exertion costs (seed
/// 001 L19).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exertion {
    /// A move action: no cost.
    Move,
    /// A standard action, or any other strenuous action: 1 hit point afterwards.
    Strenuous,
    /// A strenuous action that raised its own hit points (a healing spell on itself): no cost.
    RaisedOwnHitPoints,
}

impl Injury {
    /// Neither dead nor slain (seed 001 L13, L31).
    pub fn is_alive(self) -> bool {
        self != Injury::Dead
    }

    /// Awake: healthy, staggered or disabled (seed 001 L26, L67).
    pub fn is_conscious(self) -> bool {
        matches!(self, Injury::Healthy | Injury::Staggered | Injury::Disabled)
    }

    /// Alive but unconscious, so at an attacker's mercy (seed 001 L26, L67). The dead are not
    /// counted: there is nothing left to defend.
    pub fn is_helpless(self) -> bool {
        self.is_alive() && !self.is_conscious()
    }

    /// Held to one move or one standard action: staggered, or disabled (seed 001 L19, L66).
    pub fn is_staggered(self) -> bool {
        matches!(self, Injury::Staggered | Injury::Disabled)
    }

    /// It may take any action this round.
    pub fn can_act(self) -> bool {
        self.actions_allowed() != ActionAllowance::None
    }

    /// The actions it may take in a round (seed 001 L19, L26, L66).
    pub fn actions_allowed(self) -> ActionAllowance {
        if self.is_staggered() {
            ActionAllowance::MoveOrStandard
        } else if self == Injury::Healthy {
            ActionAllowance::FullRound
        } else {
            ActionAllowance::None
        }
    }

    /// The rule that makes this state, for the log and the explainer.
    pub fn rule(self) -> Rule {
        match self {
            Injury::Healthy => rule::DAMAGE,
            Injury::Staggered | Injury::Unconscious => rule::NONLETHAL,
            Injury::Disabled => rule::DISABLED,
            Injury::Dying => rule::DYING,
            Injury::Stable => rule::STABILISE,
            Injury::Dead => rule::DEAD,
        }
    }
}

impl HitPoints {
    /// Its state for a creature of this Constitution score under this edition (seed 001
    /// L11-13, L18-21, L25, L31, L66-67).
    pub fn injury(&self, constitution: i32, edition: Edition) -> Injury {
        if self.course == Course::Slain || self.current <= edition.death_at(constitution) {
            return Injury::Dead;
        }
        let lethal = match (self.current, self.course) {
            (..0, Course::Stable) => Injury::Stable,
            (..0, Course::Recovering { .. }) => Injury::Disabled,
            (..0, _) => return Injury::Dying,
            (0, _) => Injury::Disabled,
            _ => Injury::Healthy,
        };
        self.with_nonlethal(lethal)
    }

    /// Nonlethal damage laid over the state hit points give (seed 001 L66-67): equal to the hit
    /// points staggers a healthy creature, above them knocks any conscious one out.
    fn with_nonlethal(&self, lethal: Injury) -> Injury {
        if self.nonlethal <= 0 || !lethal.is_conscious() {
            lethal
        } else if self.nonlethal > self.current {
            Injury::Unconscious
        } else if self.nonlethal == self.current && lethal == Injury::Healthy {
            Injury::Staggered
        } else {
            lethal
        }
    }

    /// After a disabled creature's action (seed 001 L19, L21; AMB-21): a strenuous one that
    /// did not raise its own hit points costs 1, which from 0 (or from below 0 while
    /// recovering) leaves it dying. `None` when nothing was lost.
    pub fn after_action(
        &mut self,
        exertion: Exertion,
        constitution: i32,
        edition: Edition,
    ) -> Option<DamageTaken> {
        let disabled = self.injury(constitution, edition) == Injury::Disabled;
        (disabled && exertion == Exertion::Strenuous).then(|| self.lose_one(constitution, edition))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::injury::Lethality;

    const PF: Edition = Edition::Pathfinder1;

    #[test]
    fn dnd_14_disabled_then_a_standard_action_leaves_the_pc_dying() {
        let mut hp = HitPoints::new(5);
        let taken = hp.take_damage(5, Lethality::Lethal, false, 12, PF);
        assert_eq!((hp.current, taken.after), (0, Injury::Disabled));
        assert_eq!(
            taken.after.actions_allowed(),
            ActionAllowance::MoveOrStandard
        );
        let cost = hp.after_action(Exertion::Strenuous, 12, PF);
        let cost = cost.expect("an attack while disabled costs a hit point");
        assert_eq!((hp.current, cost.after), (-1, Injury::Dying));
        assert!(cost.after.is_helpless());
        assert!(!cost.after.can_act());
    }

    #[test]
    fn dnd_14_a_move_action_while_disabled_costs_nothing() {
        let mut hp = HitPoints {
            current: 0,
            ..HitPoints::new(5)
        };
        assert_eq!(hp.after_action(Exertion::Move, 12, PF), None);
        assert_eq!((hp.current, hp.injury(12, PF)), (0, Injury::Disabled));
    }

    #[test]
    fn a_disabled_creature_healing_itself_pays_no_hit_point() {
        let course = Course::Recovering {
            healing_naturally: false,
        };
        let mut hp = HitPoints {
            current: -2,
            course,
            ..HitPoints::new(10)
        };
        assert_eq!(hp.after_action(Exertion::RaisedOwnHitPoints, 12, PF), None);
        assert_eq!(hp.current, -2);
    }

    #[test]
    fn amb_21_a_strenuous_action_while_recovering_at_minus_3_drops_it_to_minus_4_dying() {
        let course = Course::Recovering {
            healing_naturally: true,
        };
        let mut hp = HitPoints {
            current: -3,
            course,
            ..HitPoints::new(10)
        };
        assert_eq!(hp.injury(12, PF), Injury::Disabled);
        let cost = hp.after_action(Exertion::Strenuous, 12, PF);
        assert_eq!(cost.map(|c| (c.hp_lost, c.after)), Some((1, Injury::Dying)));
        assert_eq!(
            (hp.current, hp.course),
            (-4, Course::Dying { check_due: false })
        );
    }

    #[test]
    fn a_healthy_creature_pays_nothing_for_a_standard_action() {
        let mut hp = HitPoints::new(5);
        assert_eq!(hp.after_action(Exertion::Strenuous, 12, PF), None);
        assert_eq!(hp.current, 5);
    }

    #[test]
    fn staggered_and_disabled_allow_one_move_or_one_standard_action() {
        for state in [Injury::Staggered, Injury::Disabled] {
            assert!(state.is_staggered() && state.can_act() && !state.is_helpless());
            assert_eq!(state.actions_allowed(), ActionAllowance::MoveOrStandard);
        }
        assert_eq!(
            Injury::Healthy.actions_allowed(),
            ActionAllowance::FullRound
        );
    }

    #[test]
    fn the_dying_the_stable_the_unconscious_and_the_dead_cannot_act() {
        for state in [
            Injury::Dying,
            Injury::Stable,
            Injury::Unconscious,
            Injury::Dead,
        ] {
            assert_eq!(state.actions_allowed(), ActionAllowance::None);
            assert!(!state.is_conscious());
        }
        assert!(Injury::Unconscious.is_helpless() && Injury::Dying.is_helpless());
        assert!(!Injury::Dead.is_helpless() && !Injury::Dead.is_alive());
    }

    #[test]
    fn nonlethal_knocks_out_a_creature_at_0_hit_points() {
        let hp = HitPoints {
            current: 0,
            nonlethal: 1,
            ..HitPoints::new(10)
        };
        assert_eq!(hp.injury(12, PF), Injury::Unconscious);
    }

    #[test]
    fn dead_comes_before_every_other_state() {
        let hp = HitPoints {
            current: -12,
            course: Course::Stable,
            ..HitPoints::new(10)
        };
        assert_eq!(hp.injury(12, PF), Injury::Dead);
        assert_eq!(hp.injury(13, PF), Injury::Stable);
    }
}
