//! The choices seed 001 leaves open, each a named option with the digest's reading as its
//! default (`../shared/rules/dnd-skirmish.md` Part E), and the edition a scenario plays.

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

/// Which book the numbers come from. Seed 001 is Pathfinder-flavoured (digest §0): death at
/// minus the Constitution score, a Constitution check to stabilise, massive damage at half the
/// total hit points. `Dnd35` takes the 3.5 values instead (digest AMB-29, not in seed).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Edition {
    /// 3.5: dead at -10, a 10% chance a round to stabilise, massive damage at 50.
    Dnd35,
    /// The seed's own: dead at -Con, Con check DC 10 to stabilise, massive damage at half the
    /// total hit points, at least 50.
    #[default]
    Pathfinder1,
}

/// The d20 ruleset's options: `ruleset: D20(edition: Pathfinder1)` and `options: (...)` in a
/// scenario set them; what is left out takes the default.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct D20Options {
    /// Set by `ruleset: D20(edition: ...)`, not in `options`.
    #[serde(skip)]
    pub edition: Edition,
    /// seed 001 L14 calls massive damage optional: on unless a scenario turns it off.
    pub massive_damage: MassiveDamage,
    /// AMB-20: a dying creature's hit point loss each round.
    pub dying_loss: DyingLoss,
    /// AMB-22: a diagonal into difficult terrain.
    pub difficult_diagonal: DifficultDiagonal,
    /// AMB-23: what helplessness does to AC.
    pub helpless_ac: HelplessAc,
    /// AMB-25: a cover line that only touches a blocking square.
    pub touching_line: TouchingLine,
    /// seed 001 L211: partial cover is the GM's call.
    pub partial_cover: PartialCover,
    /// AMB-26: who rolls the miss chance of concealment.
    pub miss_chance_roller: MissChanceRoller,
    /// AMB-27: where "within 30 feet of a low obstacle" is measured from.
    pub low_obstacle_reach: LowObstacleReach,
    /// Not in seed: when creatures act.
    pub initiative: Initiative,
}

/// seed 001 L14.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MassiveDamage {
    #[default]
    On,
    Off,
}

/// AMB-20: seed 001 L27 loses 1 hit point at the end of each round, L36 on a failed
/// stabilisation check. The Pathfinder original means one loss.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DyingLoss {
    /// The digest's reading: the failed check is the round's loss.
    #[default]
    OnFailedCheck,
    /// Both: a failed check and the end of the round each take 1.
    CheckAndRoundEnd,
}

/// AMB-22: seed 001 L116 and L131 give a flat 3 for a diagonal into difficult terrain.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum DifficultDiagonal {
    /// The digest's reading, and the fighter's example (15 ft for the 3rd diagonal): 3, and
    /// the 1-2 count does not move on.
    #[default]
    FlatThree,
    /// Twice the diagonal's place in the 1-2 count (2 or 4), and the count moves on.
    DoubledCount,
}

/// AMB-23: seed 001 L247 (Dexterity 0, a further -5) against the table's note (Dexterity bonus
/// lost).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum HelplessAc {
    /// seed 001 L247: Dexterity counts as 0, so -5 beyond losing the bonus.
    #[default]
    DexterityZero,
    /// The table's note 3 only: the Dexterity bonus is lost.
    LosesDexBonus,
}

/// AMB-25: a line that runs along a border or through a single corner point of a blocking
/// square.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum TouchingLine {
    /// The digest's recommendation: touching is not crossing.
    #[default]
    NotCrossing,
    Crossing,
}

/// Partial cover (seed 001 L211): +2 AC and +1 Reflex when more than half the target shows;
/// the seed leaves it to the GM.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum PartialCover {
    /// No GM at the table: cover is whole or none.
    #[default]
    GmOnly,
    /// Partial when, from the attacker's best corner, only one of the four lines to the
    /// target's corners is blocked.
    MoreThanHalfVisible,
}

/// AMB-26: seed 001 L225 has the defender roll the d% miss chance. One seeded die stream
/// serves both, so the choice only names the roller in the log.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MissChanceRoller {
    #[default]
    Defender,
    Attacker,
}

/// AMB-27: "within 30 feet of the obstacle".
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum LowObstacleReach {
    /// From the nearest square of the creature's space to the obstacle.
    #[default]
    NearestSquare,
}

/// Not in seed (digest Part C): initiative.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Initiative {
    /// d20 + Dexterity modifier once per combat, highest first, ties to the higher Dexterity.
    #[default]
    DexOncePerCombat,
}

impl Edition {
    /// The hit points at or below which a creature is dead (seed 001 L13; 3.5: -10).
    pub fn death_at(self, constitution: i32) -> i32 {
        match self {
            Edition::Pathfinder1 => -constitution,
            Edition::Dnd35 => -10,
        }
    }

    /// The damage from one attack that calls for a massive damage save (seed 001 L14; 3.5: 50).
    pub fn massive_threshold(self, max_hp: i32) -> i32 {
        match self {
            Edition::Pathfinder1 => ((max_hp + 1) / 2).max(50),
            Edition::Dnd35 => 50,
        }
    }
}
