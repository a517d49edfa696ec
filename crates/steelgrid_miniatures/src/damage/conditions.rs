//! Conditions (seed 000 L150-172, L431-453, L493-501, L511): the ones the seed words, the
//! dazed-staggered-stunned-helpless ladder, immunity down the ladder, how long a condition
//! lasts, and the end-of-turn save against save-ends effects (the save itself is not in seed).

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::rule::Rule;

use super::packet::Damage;
use crate::rule::damage as rule;

/// Not in seed: a save succeeds on a d20 of 10 or more.
pub const SAVE_TARGET: u32 = 10;

/// Not in seed: whether a d20 of `d20` ends a save-ends effect.
pub fn saves(d20: u32) -> bool {
    d20 >= SAVE_TARGET
}

/// A condition the seed names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Condition {
    /// The bottom of the ladder (seed 000 L499); a pit's follow-up dazes (L184).
    Dazed,
    /// Basic attacks only, or a move action instead (seed 000 L150-153, L493).
    Staggered,
    /// As dazed, with no actions at all (seed 000 L495-497).
    Stunned,
    /// The top of the ladder (seed 000 L499).
    Helpless,
    /// A d20 at the start of its turn decides who controls it (seed 000 L155-172, L431-445).
    Confused,
    /// The opponent controls it when it activates (seed 000 L447).
    Dominated,
    /// Its attacks' damage is halved (seed 000 L367); Weakened is the same (L511).
    Enervated,
    /// It may still teleport (seed 000 L503).
    Immobilized,
    /// A mount ignores its rider's slowed (seed 000 L397).
    Slowed,
}

impl Condition {
    /// Weakened is treated as Enervated (seed 000 L511).
    pub const WEAKENED: Self = Self::Enervated;

    /// Its rung on the ladder, dazed 1 to helpless 4 (seed 000 L499); none off the ladder.
    pub fn rank(self) -> Option<u8> {
        match self {
            Self::Dazed => Some(1),
            Self::Staggered => Some(2),
            Self::Stunned => Some(3),
            Self::Helpless => Some(4),
            _ => None,
        }
    }

    /// Whether immunity to this condition keeps `other` off (seed 000 L453): itself, and every
    /// lower rung of the ladder. Immune to stunned keeps off dazed and staggered, not helpless.
    pub fn immunity_covers(self, other: Self) -> bool {
        self == other || matches!((self.rank(), other.rank()), (Some(a), Some(b)) if b < a)
    }

    pub fn rule(self) -> Rule {
        match self {
            Self::Dazed => rule::DAZED,
            Self::Staggered => rule::STAGGERED,
            Self::Stunned => rule::STUNNED,
            Self::Helpless => rule::HELPLESS,
            Self::Confused => rule::CONFUSED,
            Self::Dominated => rule::DOMINATED,
            Self::Enervated => rule::ENERVATED,
            Self::Immobilized => rule::IMMOBILIZED,
            Self::Slowed => rule::SLOWED,
        }
    }
}

/// How long an effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Duration {
    /// Over at the first end of the creature's turn to come: the seed's helpless ends so (L501);
    /// as the rule for every non-ongoing condition it is not in seed.
    EndOfTurn,
    /// "Ongoing": a save at the end of each of its turns ends it (seed 000 L244, L501).
    SaveEnds,
}

/// Something lasting on a miniature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Effect {
    Condition(Condition),
    /// Ongoing damage, always save ends (seed 000 L244), dealt at the start of its turn (F3).
    OngoingDamage(Damage),
}

impl Effect {
    pub fn rule(self) -> Rule {
        match self {
            Self::Condition(condition) => condition.rule(),
            Self::OngoingDamage(_) => rule::ONGOING,
        }
    }
}

/// An effect with its duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Lasting {
    pub effect: Effect,
    pub duration: Duration,
}

/// What came of trying to put a condition on a miniature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Afflicted {
    Applied(Condition),
    /// Kept off by immunity to `by`, that condition or a higher rung (seed 000 L453).
    Immune {
        condition: Condition,
        by: Condition,
    },
}

impl Afflicted {
    pub fn rule(self) -> Rule {
        match self {
            Self::Applied(condition) => condition.rule(),
            Self::Immune { .. } => rule::CONDITION_IMMUNE,
        }
    }
}

/// What the end of a turn did to one effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TurnEnd {
    /// Its time was up.
    Expired(Effect),
    /// A save against a save-ends effect (not in seed: 10 or more on the d20 ends it).
    Save {
        effect: Effect,
        d20: u32,
        saved: bool,
    },
}

impl TurnEnd {
    /// Whether the effect is gone.
    pub fn ended(self) -> bool {
        matches!(self, Self::Expired(_) | Self::Save { saved: true, .. })
    }

    pub fn rule(self) -> Rule {
        match self {
            Self::Expired(_) => rule::EXPIRES,
            Self::Save { .. } => rule::SAVE,
        }
    }
}

/// Every lasting effect on a miniature, in the order they came.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Afflictions {
    pub lasting: Vec<Lasting>,
}

impl Afflictions {
    /// Puts `condition` on for `duration` unless `immune` (its card's condition immunities)
    /// covers it (seed 000 L453).
    pub fn afflict(
        &mut self,
        condition: Condition,
        duration: Duration,
        immune: &[Condition],
    ) -> Afflicted {
        if let Some(&by) = immune.iter().find(|i| i.immunity_covers(condition)) {
            return Afflicted::Immune { condition, by };
        }
        let effect = Effect::Condition(condition);
        self.lasting.push(Lasting { effect, duration });
        Afflicted::Applied(condition)
    }

    /// Starts an ongoing damage, save ends like all of them (seed 000 L244).
    pub fn add_ongoing_damage(&mut self, damage: Damage) {
        let effect = Effect::OngoingDamage(damage);
        let duration = Duration::SaveEnds;
        self.lasting.push(Lasting { effect, duration });
    }

    /// The ongoing damages on it, for its controller to put in order at F3.
    pub fn ongoing_damage(&self) -> Vec<Damage> {
        self.lasting
            .iter()
            .filter_map(|l| match l.effect {
                Effect::OngoingDamage(damage) => Some(damage),
                Effect::Condition(_) => None,
            })
            .collect()
    }

    /// The conditions that apply now (seed 000 L499-501): of the ladder only the worst held,
    /// whether it lasts a turn or until saved (DND-59: helpless over stunned and an ongoing
    /// dazed). The lesser rungs stay on it, unapplied: the ladder removes none of them, the
    /// temporary ones end at the end of the turn and the save-ends ones still need their saves
    /// (the digest's "the ladder does not apply to temporary effects"). Off-ladder conditions
    /// all apply.
    pub fn in_effect(&self) -> Vec<Condition> {
        let held = self.held();
        let worst = held
            .iter()
            .copied()
            .filter(|c| c.rank().is_some())
            .max_by_key(|c| c.rank());
        held.into_iter()
            .filter(|&c| c.rank().is_none() || Some(c) == worst)
            .collect()
    }

    /// Whether `condition` applies now.
    pub fn is(&self, condition: Condition) -> bool {
        self.in_effect().contains(&condition)
    }

    /// The end of its turn: every end-of-turn effect ends, and each save-ends effect gets its
    /// own save with the d20 that `roll` gives for it (seed 000 L244, L445, L501).
    pub fn end_of_turn(&mut self, mut roll: impl FnMut(Effect) -> u32) -> Vec<TurnEnd> {
        let ends: Vec<TurnEnd> = self.lasting.iter().map(|l| end(*l, &mut roll)).collect();
        let mut outcome = ends.iter();
        self.lasting
            .retain(|_| outcome.next().is_some_and(|e| !e.ended()));
        ends
    }

    fn held(&self) -> Vec<Condition> {
        let mut held = Vec::new();
        for lasting in &self.lasting {
            if let Effect::Condition(c) = lasting.effect
                && !held.contains(&c)
            {
                held.push(c);
            }
        }
        held
    }
}

fn end(lasting: Lasting, roll: &mut impl FnMut(Effect) -> u32) -> TurnEnd {
    let effect = lasting.effect;
    match lasting.duration {
        Duration::EndOfTurn => TurnEnd::Expired(effect),
        Duration::SaveEnds => {
            let d20 = roll(effect);
            TurnEnd::Save {
                effect,
                d20,
                saved: saves(d20),
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::damage::packet::DamageType;

    fn rolls(d20s: &[u32]) -> impl FnMut(Effect) -> u32 + '_ {
        let mut next = d20s.iter().copied();
        move |_| next.next().unwrap_or(1)
    }

    #[test]
    fn dnd_59_only_helpless_applies_over_ongoing_dazed_and_stunned() {
        let mut on = Afflictions::default();
        on.afflict(Condition::Dazed, Duration::SaveEnds, &[]);
        on.afflict(Condition::Stunned, Duration::EndOfTurn, &[]);
        on.afflict(Condition::Helpless, Duration::EndOfTurn, &[]);
        assert_eq!(on.in_effect(), vec![Condition::Helpless]);
        assert!(!on.is(Condition::Dazed) && !on.is(Condition::Stunned));
    }

    #[test]
    fn dnd_59_helpless_ends_with_the_activation_and_the_ongoing_dazed_stays_until_saved() {
        let mut on = Afflictions::default();
        on.afflict(Condition::Dazed, Duration::SaveEnds, &[]);
        on.afflict(Condition::Stunned, Duration::EndOfTurn, &[]);
        on.afflict(Condition::Helpless, Duration::EndOfTurn, &[]);
        let ends = on.end_of_turn(rolls(&[9]));
        let dazed = Effect::Condition(Condition::Dazed);
        assert_eq!(
            ends[0],
            TurnEnd::Save {
                effect: dazed,
                d20: 9,
                saved: false
            }
        );
        assert_eq!(
            ends[2],
            TurnEnd::Expired(Effect::Condition(Condition::Helpless))
        );
        assert_eq!(on.in_effect(), vec![Condition::Dazed]);
        assert_eq!(ends[0].rule(), rule::SAVE);
        assert_eq!(ends[2].rule(), rule::EXPIRES);
    }

    #[test]
    fn dnd_59_a_later_ongoing_staggered_outranks_the_ongoing_dazed() {
        let mut on = Afflictions::default();
        on.afflict(Condition::Dazed, Duration::SaveEnds, &[]);
        on.end_of_turn(rolls(&[4]));
        on.afflict(Condition::Staggered, Duration::SaveEnds, &[]);
        assert_eq!(on.in_effect(), vec![Condition::Staggered]);
        let ends = on.end_of_turn(rolls(&[3, 15]));
        assert_eq!((ends[0].ended(), ends[1].ended()), (false, true));
        assert_eq!(on.in_effect(), vec![Condition::Dazed]);
    }

    #[test]
    fn dnd_67_immune_to_stunned_a_dazing_effect_fails_and_helpless_applies() {
        let mut on = Afflictions::default();
        let immune = [Condition::Stunned];
        let dazed = on.afflict(Condition::Dazed, Duration::EndOfTurn, &immune);
        assert_eq!(
            dazed,
            Afflicted::Immune {
                condition: Condition::Dazed,
                by: Condition::Stunned
            }
        );
        assert_eq!(dazed.rule(), rule::CONDITION_IMMUNE);
        let helpless = on.afflict(Condition::Helpless, Duration::EndOfTurn, &immune);
        assert_eq!(helpless, Afflicted::Applied(Condition::Helpless));
        assert_eq!(on.in_effect(), vec![Condition::Helpless]);
    }

    #[test]
    fn immunity_covers_every_lower_rung_and_only_itself_off_the_ladder() {
        assert!(Condition::Stunned.immunity_covers(Condition::Staggered));
        assert!(Condition::Stunned.immunity_covers(Condition::Stunned));
        assert!(!Condition::Staggered.immunity_covers(Condition::Stunned));
        assert!(!Condition::Stunned.immunity_covers(Condition::Confused));
        assert!(!Condition::Confused.immunity_covers(Condition::Dazed));
        assert!(Condition::WEAKENED.immunity_covers(Condition::Enervated));
    }

    #[test]
    fn off_ladder_conditions_all_apply_beside_the_worst_rung() {
        let mut on = Afflictions::default();
        on.afflict(Condition::Slowed, Duration::EndOfTurn, &[]);
        on.afflict(Condition::Staggered, Duration::EndOfTurn, &[]);
        on.afflict(Condition::Dazed, Duration::EndOfTurn, &[]);
        on.afflict(Condition::Confused, Duration::SaveEnds, &[]);
        let expected = [Condition::Slowed, Condition::Staggered, Condition::Confused];
        assert_eq!(on.in_effect(), expected);
    }

    #[test]
    fn a_save_needs_10_or_more_not_in_seed() {
        assert!(!saves(9));
        assert!(saves(10));
        assert!(saves(20));
    }

    #[test]
    fn each_ongoing_damage_gets_its_own_save_at_the_end_of_the_turn() {
        let mut on = Afflictions::default();
        let fire = Damage::new(5, DamageType::Fire);
        let poison = Damage::new(5, DamageType::Poison);
        on.add_ongoing_damage(fire);
        on.add_ongoing_damage(poison);
        let mut asked = Vec::new();
        let ends = on.end_of_turn(|effect| {
            asked.push(effect);
            if effect == Effect::OngoingDamage(fire) {
                12
            } else {
                2
            }
        });
        let expected = vec![Effect::OngoingDamage(fire), Effect::OngoingDamage(poison)];
        assert_eq!(asked, expected);
        assert_eq!(ends.iter().filter(|e| e.ended()).count(), 1);
        assert_eq!(on.ongoing_damage(), vec![poison]);
        assert_eq!(ends[1].rule(), rule::SAVE);
    }
}
