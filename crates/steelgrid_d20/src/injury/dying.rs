//! Dying and stabilising (seed 001 L25-27, L36-38): the Constitution check a dying creature
//! makes each turn after the one it fell on (3.5: a 10% roll instead), bleeding that makes it
//! fail, the hit point each round costs, and the Heal check that stops the loss.

use steelgrid_kernel::rule::Rule;

use super::hit_points::{Course, DamageTaken, HitPoints};
use super::state::Injury;
use crate::options::{DyingLoss, Edition};
use crate::rule;

/// The DC of the Constitution checks to stabilise and to recover, before the penalty for
/// negative hit points (seed 001 L36, L42-43).
pub const CONSTITUTION_CHECK_DC: i32 = 10;

/// The Heal check that makes a dying creature stable (seed 001 L38).
pub const HEAL_CHECK_DC: i32 = 15;

/// The 3.5 edition's chance a round to stabilise, in percent (digest B2, not in seed).
const DND35_STABILISE_PERCENT: u32 = 10;

/// How a stabilisation check turned out (seed 001 L36-37).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StabiliseOutcome {
    /// Stable: unconscious, no more hit points lost.
    Stabilised,
    /// Failed: it lost 1 hit point and is now `after` (still dying, or dead).
    Failed { after: Injury },
}

impl StabiliseOutcome {
    /// The rule to log: stabilising, or death if the lost hit point killed it (seed 001 L36).
    pub fn rule(self) -> Rule {
        match self {
            StabiliseOutcome::Failed {
                after: Injury::Dead,
            } => rule::DEAD,
            _ => rule::STABILISE,
        }
    }
}

/// The die the caller rolls for a stabilisation check: a d20 for the seed's Constitution check
/// (seed 001 L36), d% for the 3.5 edition's 10% chance (digest B2, not in seed).
pub fn stabilisation_die(edition: Edition) -> u32 {
    match edition {
        Edition::Pathfinder1 => 20,
        Edition::Dnd35 => 100,
    }
}

/// Whether `natural` on [`stabilisation_die`] stabilises a creature at `current_hp` (seed 001
/// L36-37): d20 + Constitution modifier + its (negative) hit points against DC 10, a natural 20
/// always succeeding; in 3.5 a d% of 10 or less. Bleeding or other ongoing damage always fails.
pub fn stabilises(
    natural: u32,
    current_hp: i32,
    constitution: i32,
    bleeding: bool,
    edition: Edition,
) -> bool {
    match edition {
        _ if bleeding => false,
        Edition::Pathfinder1 => constitution_check(natural, current_hp, constitution),
        Edition::Dnd35 => natural <= DND35_STABILISE_PERCENT,
    }
}

/// The chance in percent that the next stabilisation check succeeds, for the UI's preview
/// (seed 001 L36-37): each face of the die that [`stabilises`] counts.
pub fn stabilise_chance_percent(
    current_hp: i32,
    constitution: i32,
    bleeding: bool,
    edition: Edition,
) -> u32 {
    let sides = stabilisation_die(edition);
    let faces = (1..=sides)
        .filter(|&n| stabilises(n, current_hp, constitution, bleeding, edition))
        .count();
    u32::try_from(faces).map_or(0, |f| f * 100 / sides)
}

/// A Constitution check against DC 10 with a penalty of the negative hit points; a natural 20
/// always succeeds (seed 001 L36, L42-43).
pub(super) fn constitution_check(natural: u32, current_hp: i32, constitution: i32) -> bool {
    let modifier = (constitution - 10).div_euclid(2);
    let total = i64::from(natural) + i64::from(modifier) + i64::from(current_hp.min(0));
    natural == 20 || total >= i64::from(CONSTITUTION_CHECK_DC)
}

impl HitPoints {
    /// The start of one of its own turns: a creature that was already dying when the turn began
    /// now owes its stabilisation check (seed 001 L36).
    pub fn begin_turn(&mut self) {
        if let Course::Dying { check_due } = &mut self.course {
            *check_due = true;
        }
    }

    /// Its stabilisation check is owed: dying, and a turn of its own has begun since it fell
    /// (seed 001 L36).
    pub fn stabilisation_due(&self, constitution: i32, edition: Edition) -> bool {
        let dying = self.injury(constitution, edition) == Injury::Dying;
        dying && self.course == Course::Dying { check_due: true }
    }

    /// Rolls its stabilisation check with `natural` on [`stabilisation_die`] (seed 001 L36-37):
    /// success makes it stable, failure costs 1 hit point. `None` when no check is owed.
    pub fn stabilisation_check(
        &mut self,
        natural: u32,
        bleeding: bool,
        constitution: i32,
        edition: Edition,
    ) -> Option<StabiliseOutcome> {
        if !self.stabilisation_due(constitution, edition) {
            return None;
        }
        if stabilises(natural, self.current, constitution, bleeding, edition) {
            self.course = Course::Stable;
            return Some(StabiliseOutcome::Stabilised);
        }
        let after = self.lose_one(constitution, edition).after;
        Some(StabiliseOutcome::Failed { after })
    }

    /// The end of a round (seed 001 L27, AMB-20): with [`DyingLoss::CheckAndRoundEnd`] a dying
    /// creature loses 1 more hit point; by default the failed check was the round's only loss.
    pub fn end_of_round(
        &mut self,
        loss: DyingLoss,
        constitution: i32,
        edition: Edition,
    ) -> Option<DamageTaken> {
        let dying = self.injury(constitution, edition) == Injury::Dying;
        (dying && loss == DyingLoss::CheckAndRoundEnd).then(|| self.lose_one(constitution, edition))
    }

    /// An ally's Heal check on a dying creature (seed 001 L38): a total of 15 or more makes it
    /// stable. True when it did.
    pub fn heal_check(&mut self, check_total: i32, constitution: i32, edition: Edition) -> bool {
        let dying = self.injury(constitution, edition) == Injury::Dying;
        let stabilised = dying && check_total >= HEAL_CHECK_DC;
        if stabilised {
            self.course = Course::Stable;
        }
        stabilised
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::injury::fixtures::dying_at;

    const PF: Edition = Edition::Pathfinder1;

    #[test]
    fn dnd_17_con_12_at_minus_4_needs_a_natural_13_for_40_percent() {
        assert_eq!(stabilise_chance_percent(-4, 12, false, PF), 40);
        assert!(!stabilises(12, -4, 12, false, PF));
        assert!(stabilises(13, -4, 12, false, PF));
        let mut hp = dying_at(-4);
        let failed = hp.stabilisation_check(12, false, 12, PF);
        assert_eq!(
            failed,
            Some(StabiliseOutcome::Failed {
                after: Injury::Dying
            })
        );
        assert_eq!(hp.current, -5);
    }

    #[test]
    fn dnd_17_con_12_at_minus_1_needs_a_natural_10_for_55_percent() {
        assert_eq!(stabilise_chance_percent(-1, 12, false, PF), 55);
        assert!(!stabilises(9, -1, 12, false, PF));
        assert!(stabilises(10, -1, 12, false, PF));
    }

    #[test]
    fn dnd_17_con_18_at_minus_15_stabilises_only_on_a_natural_20() {
        assert_eq!(stabilise_chance_percent(-15, 18, false, PF), 5);
        assert!(!stabilises(19, -15, 18, false, PF));
        let mut hp = dying_at(-15);
        let outcome = hp.stabilisation_check(20, false, 18, PF);
        assert_eq!(outcome, Some(StabiliseOutcome::Stabilised));
        assert_eq!((hp.current, hp.injury(18, PF)), (-15, Injury::Stable));
    }

    #[test]
    fn a_bleeding_creature_fails_even_on_a_natural_20_and_loses_a_hit_point() {
        assert_eq!(stabilise_chance_percent(-1, 18, true, PF), 0);
        let mut hp = dying_at(-2);
        let failed = hp.stabilisation_check(20, true, 12, PF);
        assert_eq!(
            failed,
            Some(StabiliseOutcome::Failed {
                after: Injury::Dying
            })
        );
        assert_eq!(hp.current, -3);
    }

    #[test]
    fn a_failed_check_at_minus_11_with_con_12_kills() {
        let mut hp = dying_at(-11);
        let failed = hp.stabilisation_check(1, false, 12, PF);
        let failed = failed.expect("a dying creature checks");
        assert_eq!(
            failed,
            StabiliseOutcome::Failed {
                after: Injury::Dead
            }
        );
        assert_eq!(failed.rule(), rule::DEAD);
    }

    #[test]
    fn the_first_check_waits_for_the_next_turn_after_the_fall() {
        let mut hp = HitPoints::new(5);
        hp.take_damage(7, crate::injury::Lethality::Lethal, false, 12, PF);
        assert_eq!(hp.stabilisation_check(20, false, 12, PF), None);
        hp.begin_turn();
        let outcome = hp.stabilisation_check(20, false, 12, PF);
        assert_eq!(outcome, Some(StabiliseOutcome::Stabilised));
        assert_eq!(hp.stabilisation_check(20, false, 12, PF), None);
    }

    #[test]
    fn in_35_a_dying_creature_has_a_10_percent_chance_on_d_percent() {
        assert_eq!(stabilisation_die(Edition::Dnd35), 100);
        assert_eq!(stabilise_chance_percent(-1, 18, false, Edition::Dnd35), 10);
        assert_eq!(stabilise_chance_percent(-9, 3, false, Edition::Dnd35), 10);
        let mut hp = dying_at(-5);
        let failed = hp.stabilisation_check(11, false, 12, Edition::Dnd35);
        assert_eq!(
            failed,
            Some(StabiliseOutcome::Failed {
                after: Injury::Dying
            })
        );
        let outcome = hp.stabilisation_check(10, false, 12, Edition::Dnd35);
        assert_eq!(outcome, Some(StabiliseOutcome::Stabilised));
    }

    #[test]
    fn amb_20_by_default_the_end_of_the_round_costs_a_dying_creature_nothing() {
        let mut hp = dying_at(-3);
        assert_eq!(hp.end_of_round(DyingLoss::OnFailedCheck, 12, PF), None);
        assert_eq!(hp.current, -3);
    }

    #[test]
    fn amb_20_check_and_round_end_takes_one_more_at_the_end_of_the_round() {
        let mut hp = dying_at(-3);
        hp.stabilisation_check(1, false, 12, PF);
        let lost = hp.end_of_round(DyingLoss::CheckAndRoundEnd, 12, PF);
        assert_eq!(lost.map(|l| (l.hp_lost, l.after)), Some((1, Injury::Dying)));
        assert_eq!(hp.current, -5);
        hp.course = Course::Stable;
        assert_eq!(hp.end_of_round(DyingLoss::CheckAndRoundEnd, 12, PF), None);
    }

    #[test]
    fn dnd_19_a_dc_15_heal_check_leaves_the_pc_stable_at_minus_6() {
        let mut hp = dying_at(-6);
        assert!(!hp.heal_check(14, 12, PF));
        assert!(hp.heal_check(15, 12, PF));
        assert_eq!((hp.current, hp.injury(12, PF)), (-6, Injury::Stable));
        assert_eq!(hp.stabilisation_check(1, false, 12, PF), None);
        assert_eq!(hp.end_of_round(DyingLoss::CheckAndRoundEnd, 12, PF), None);
        assert_eq!(hp.current, -6);
    }
}
