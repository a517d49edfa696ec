//! Opportunity attacks (seed 000 L139-143, L246-248, L303-311; digest A8, A14 steps A2 and T0,
//! DND-52): what provokes them and what never does, who may not make them, and the ordered
//! opening of an attack: its power is spent at A2, the opportunity attacks a ranged or area
//! attack provokes resolve at T0, and if they stop the attacker the attack ends before any
//! target is chosen.

use steelgrid_kernel::grid::Footprint;
use steelgrid_kernel::rule::{Rule, RuleError};

use crate::rule::movement as rule;

use super::board::{Board, adjacent};

/// Something a creature does that may provoke opportunity attacks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// Walking out of a square beside an enemy (the rulebook's trigger, not in seed).
    LeavingEnemysSide,
    /// A ranged or area attack, before its targets are chosen (seed 000 L139-143).
    RangedOrAreaAttack,
    /// Mounting (seed 000 L403).
    Mounting,
    /// Starting a squeeze (seed 000 L487).
    SqueezeStart,
    /// A shift (seed 000 L77).
    Shift,
    /// A teleport (seed 000 L503).
    Teleport,
    /// A forced dismount (seed 000 L413).
    ForcedDismount,
}

impl Trigger {
    /// Whether it provokes.
    pub fn provokes(self) -> bool {
        !matches!(
            self,
            Trigger::Shift | Trigger::Teleport | Trigger::ForcedDismount
        )
    }

    /// The rule that says so.
    pub fn rule(self) -> Rule {
        match self {
            Trigger::LeavingEnemysSide => rule::OA_LEAVE,
            Trigger::RangedOrAreaAttack => rule::OA_RANGED_AREA,
            Trigger::Mounting => rule::MOUNT,
            Trigger::SqueezeStart => rule::SQUEEZE,
            Trigger::Shift | Trigger::Teleport | Trigger::ForcedDismount => rule::OA_NONE,
        }
    }
}

/// An attack's icon (seed 000 L19-25).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum AttackIcon {
    /// `[m]`, a basic melee attack.
    Basic,
    /// `[M]`
    Melee,
    /// `[R]`
    Ranged,
    /// `[C]`, a close (melee-area) attack.
    Close,
    /// `[A]`, an area (ranged-area) attack.
    Area,
}

impl AttackIcon {
    /// Only `[R]` and `[A]` attacks provoke by being made (seed 000 L143, L311).
    pub fn provokes(self) -> bool {
        matches!(self, AttackIcon::Ranged | AttackIcon::Area)
    }
}

/// Whether a creature may make opportunity attacks: not while confused or dominated (seed 000
/// L170, L441, L447).
pub fn may_react(confused: bool, dominated: bool) -> Result<(), RuleError> {
    let why = match (confused, dominated) {
        (true, _) => "it is confused",
        (_, true) => "it is dominated",
        _ => return Ok(()),
    };
    Err(RuleError::new(
        rule::OA_UNABLE,
        format!("{why} and makes no opportunity attacks"),
    ))
}

/// The enemies, by index in the board's `others`, whose opportunity attacks an attack with
/// `icon` made from `attacker` provokes: those beside it that may react.
pub fn provoked_by_attack(board: &Board, attacker: Footprint, icon: AttackIcon) -> Vec<usize> {
    if !icon.provokes() {
        return Vec::new();
    }
    (0..board.others.len())
        .filter(|&i| board.others[i].threatens() && adjacent(attacker, board.others[i].space))
        .collect()
}

/// The attacker after one opportunity attack (seed 000 L143, L311).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aftermath {
    /// It can still attack.
    Able,
    Destroyed,
    Disabled,
    /// Otherwise made unable to attack.
    CannotAttack,
}

/// Whether the attack reaches target selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Opening {
    /// On to T1: choosing targets.
    ChooseTargets,
    /// The attack ended at T0 before anything else.
    Ended(Aftermath),
}

/// The ordered opening of an attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Opened {
    /// Marked used at A2 (seed 000 L305, [`rule::OA_POWER_SPENT`]): a charge or a check-box
    /// power stays spent whatever T0 brings.
    pub power_spent: bool,
    /// How many opportunity attacks resolved at T0.
    pub opportunity_attacks: usize,
    pub outcome: Opening,
}

/// Open an attack (seed 000 L303-311): A2 marks a charge or check-box power used; at T0, for a
/// ranged or area attack, the provoked opportunity attacks resolve in order, `aftermath` giving
/// the attacker's state after each, until one leaves it unable to attack and the attack ends.
/// Movement the attack includes provokes on its own, as any move (seed 000 L143).
pub fn open_attack(icon: AttackIcon, spends_power: bool, aftermath: &[Aftermath]) -> Opened {
    let provoked = if icon.provokes() { aftermath } else { &[] };
    let stop = provoked.iter().position(|&a| a != Aftermath::Able);
    Opened {
        power_spent: spends_power,
        opportunity_attacks: stop.map_or(provoked.len(), |i| i + 1),
        outcome: stop.map_or(Opening::ChooseTargets, |i| Opening::Ended(provoked[i])),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::movement::board::Occupant;
    use crate::movement::fixtures::{at, one, open_map};
    use crate::movement::terrain::Features;

    #[test]
    fn dnd_52_an_opportunity_attack_that_destroys_the_archer_ends_the_attack_and_the_power_stays_spent()
     {
        let map = open_map(3, 1);
        let features = Features::default();
        let enemy = [Occupant::new(at(1, 0), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemy,
        };
        let archer = one(0, 0);
        let aftermath: Vec<Aftermath> = provoked_by_attack(&board, archer, AttackIcon::Ranged)
            .iter()
            .map(|_| Aftermath::Destroyed)
            .collect();
        let opened = open_attack(AttackIcon::Ranged, true, &aftermath);
        assert_eq!(
            opened,
            Opened {
                power_spent: true,
                opportunity_attacks: 1,
                outcome: Opening::Ended(Aftermath::Destroyed),
            }
        );
    }

    #[test]
    fn dnd_52_a_survived_opportunity_attack_lets_the_archer_choose_targets() {
        let opened = open_attack(AttackIcon::Area, false, &[Aftermath::Able, Aftermath::Able]);
        assert_eq!(
            (opened.opportunity_attacks, opened.outcome),
            (2, Opening::ChooseTargets)
        );
        let stopped = open_attack(
            AttackIcon::Ranged,
            true,
            &[Aftermath::Able, Aftermath::Disabled, Aftermath::Able],
        );
        assert_eq!(stopped.opportunity_attacks, 2);
        assert_eq!(stopped.outcome, Opening::Ended(Aftermath::Disabled));
    }

    #[test]
    fn melee_and_close_attacks_provoke_nothing_by_being_made() {
        let map = open_map(3, 1);
        let features = Features::default();
        let enemy = [Occupant::new(at(1, 0), 1, true)];
        let board = Board {
            map: &map,
            features: &features,
            others: &enemy,
        };
        for icon in [AttackIcon::Basic, AttackIcon::Melee, AttackIcon::Close] {
            assert!(provoked_by_attack(&board, one(0, 0), icon).is_empty());
            assert_eq!(
                open_attack(icon, false, &[Aftermath::Destroyed]).outcome,
                Opening::ChooseTargets
            );
        }
    }

    #[test]
    fn confused_or_dominated_enemies_make_no_opportunity_attacks() {
        assert_eq!(
            may_react(true, false).unwrap_err().reason,
            "it is confused and makes no opportunity attacks"
        );
        assert_eq!(may_react(false, true).unwrap_err().rule, rule::OA_UNABLE);
        assert!(may_react(false, false).is_ok());
        let map = open_map(3, 1);
        let features = Features::default();
        let confused = [Occupant {
            reacts: may_react(true, false).is_ok(),
            ..Occupant::new(at(1, 0), 1, true)
        }];
        let board = Board {
            map: &map,
            features: &features,
            others: &confused,
        };
        assert!(provoked_by_attack(&board, one(0, 0), AttackIcon::Ranged).is_empty());
    }

    #[test]
    fn shift_teleport_and_forced_dismount_never_provoke_mounting_and_squeezing_do() {
        let never = [Trigger::Shift, Trigger::Teleport, Trigger::ForcedDismount];
        assert!(
            never
                .iter()
                .all(|t| !t.provokes() && t.rule() == rule::OA_NONE)
        );
        let always = [
            Trigger::LeavingEnemysSide,
            Trigger::RangedOrAreaAttack,
            Trigger::Mounting,
            Trigger::SqueezeStart,
        ];
        assert!(always.iter().all(|t| t.provokes()));
    }
}
