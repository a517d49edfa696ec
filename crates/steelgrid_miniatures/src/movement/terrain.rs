//! DDM map terrain (seed 000 L174-202, L515-549; digest A10): what each kind does to moving,
//! to line of sight and line of effect, to cover, and the numbers the seed gives it.

use std::collections::{BTreeMap, BTreeSet};

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::grid::{Square, Terrain as KernelTerrain};
use steelgrid_kernel::rule::Rule;

use crate::rule::movement as rule;

/// Extra squares a step into slowing terrain costs: the rulebook's 1, not in seed (digest
/// A10, AMB-17).
pub const DIFFICULT_EXTRA: u32 = 1;
/// Melee damage a creature standing on dangerous terrain adds (seed 000 L527).
pub const DANGEROUS_MELEE_BONUS: u32 = 5;
/// The highest d20 at the end of a turn on dangerous terrain that hurts (seed 000 L527-531).
pub const DANGEROUS_ROLL_HURTS_UP_TO: u32 = 5;
/// What that roll deals (seed 000 L531).
pub const DANGEROUS_DAMAGE: u32 = 10;
/// Damage to a creature that spike stones slow (seed 000 L539).
pub const SPIKE_STONES_DAMAGE: u32 = 5;
/// The lowest natural roll that is a melee critical on bloodrock (seed 000 L523).
pub const BLOODROCK_CRITICAL: u32 = 19;
/// The natural roll that is a critical anywhere else (the rulebook's, not in seed).
pub const CRITICAL: u32 = 20;
/// Attack modifier for living creatures in the Ratfang sewage (seed 000 L519).
pub const SEWAGE_ATTACK: i32 = -2;
/// Squares a melee attacker may push a creature it damaged on slippery terrain (seed 000 L537).
pub const SLIPPERY_PUSH: u32 = 1;

/// One square's DDM terrain.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub enum Terrain {
    /// No wall, statue or difficult terrain (seed 000 L525).
    #[default]
    Clear,
    /// Walls and blocking terrain: no legal position, blocks sight and effect; counts as a wall
    /// for Wall Walker and the like (seed 000 L198-202, L549).
    Blocking,
    /// No legal position; only forced movement puts a creature in it, and it falls (seed 000
    /// L178-184, L541-543).
    Pit,
    /// Blocks line of sight only; no cover; hides those wholly inside (seed 000 L186-190).
    Smoke,
    /// Lets a creature that enters or starts its turn on it jump to another (seed 000 L192-196,
    /// L547).
    Teleporter,
    /// Cover against ranged attacks only (seed 000 L533).
    Forest,
    /// Forest by another name that effects naming forest do not reach (seed 000 L535).
    MarketStalls,
    /// Slows movement (the cost is not in seed: [`DIFFICULT_EXTRA`]).
    Difficult,
    /// A damaged creature on it may be pushed 1 square (seed 000 L537).
    Slippery,
    /// Difficult, +5 melee damage, 10 damage on a low d20 at the end of a turn (seed 000
    /// L527-531).
    Dangerous,
    /// Difficult; 5 damage to a creature it slows (seed 000 L539).
    SpikeStones,
    /// Melee criticals on a natural 19 or 20 (seed 000 L523).
    Bloodrock,
    /// Passable; empty it blocks sight and effect, occupied it is Clear (seed 000 L545).
    SecretDoor,
    /// The Ratfang sewage: -2 to attacks of living creatures without Stench (seed 000 L519).
    Sewage,
    /// A see-through barrier, DND-64's glass (not in seed): blocks movement and line of
    /// effect, not line of sight.
    SeeThrough,
}

impl Terrain {
    /// The DDM reading of a kernel square: walls and objects block, pits are pits, difficult
    /// and water slow, damaging terrain is dangerous, a floor is clear.
    pub fn from_kernel(terrain: KernelTerrain) -> Terrain {
        match terrain {
            KernelTerrain::Floor => Terrain::Clear,
            KernelTerrain::Wall | KernelTerrain::Object { .. } => Terrain::Blocking,
            KernelTerrain::Difficult | KernelTerrain::Water { .. } => Terrain::Difficult,
            KernelTerrain::Damaging { .. } => Terrain::Dangerous,
            KernelTerrain::Pit { .. } => Terrain::Pit,
        }
    }

    /// The rule that says what this terrain does.
    pub fn rule(self) -> Rule {
        match self {
            Terrain::Clear => rule::SHIFT,
            Terrain::Blocking => rule::BLOCKING,
            Terrain::Pit => rule::PIT,
            Terrain::Smoke => rule::SMOKE,
            Terrain::Teleporter => rule::TELEPORTER,
            Terrain::Forest | Terrain::MarketStalls => rule::FOREST,
            Terrain::Difficult => rule::DIFFICULT,
            Terrain::Slippery => rule::SLIPPERY,
            Terrain::Dangerous => rule::DANGEROUS,
            Terrain::SpikeStones => rule::SPIKE_STONES,
            Terrain::Bloodrock => rule::BLOODROCK,
            Terrain::SecretDoor => rule::SECRET_DOOR,
            Terrain::Sewage => rule::SEWAGE,
            Terrain::SeeThrough => rule::SEE_THROUGH,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            Terrain::Clear => "clear terrain",
            Terrain::Blocking => "a wall",
            Terrain::Pit => "a pit",
            Terrain::Smoke => "smoke",
            Terrain::Teleporter => "a teleporter",
            Terrain::Forest => "forest",
            Terrain::MarketStalls => "market stalls",
            Terrain::Difficult => "difficult terrain",
            Terrain::Slippery => "slippery terrain",
            Terrain::Dangerous => "dangerous terrain",
            Terrain::SpikeStones => "spike stones",
            Terrain::Bloodrock => "bloodrock",
            Terrain::SecretDoor => "a secret door",
            Terrain::Sewage => "sewage",
            Terrain::SeeThrough => "a see-through barrier",
        }
    }

    /// Whether a creature may end its move here (seed 000 L180, L202).
    pub fn legal_end(self) -> bool {
        !matches!(self, Terrain::Blocking | Terrain::Pit | Terrain::SeeThrough)
    }

    /// Whether it stops a walking creature, whose corners it also guards (seed 000 L61, L202).
    pub fn blocks_walking(self) -> bool {
        matches!(self, Terrain::Blocking | Terrain::SeeThrough)
    }

    /// Whether it reduces movement: difficult terrain and what counts as it (seed 000 L527,
    /// L539).
    pub fn slows(self) -> bool {
        matches!(
            self,
            Terrain::Difficult | Terrain::Dangerous | Terrain::SpikeStones
        )
    }

    /// Clear as seed 000 L525 has it: no wall, no difficult terrain, nothing that includes it
    /// (and no pit, nor an empty secret door, which is Clear only while occupied, L545).
    pub fn is_clear(self) -> bool {
        !self.slows()
            && !matches!(
                self,
                Terrain::Blocking | Terrain::Pit | Terrain::SeeThrough | Terrain::SecretDoor
            )
    }

    /// Whether it blocks line of sight (seed 000 L190, L198, L545).
    pub fn blocks_sight(self) -> bool {
        matches!(
            self,
            Terrain::Blocking | Terrain::Smoke | Terrain::SecretDoor
        )
    }

    /// Whether it blocks line of effect (seed 000 L190: not smoke; L545).
    pub fn blocks_effect(self) -> bool {
        matches!(
            self,
            Terrain::Blocking | Terrain::SecretDoor | Terrain::SeeThrough
        )
    }

    /// Whether it gives cover against ranged attacks: what blocks line of effect, and forest
    /// and market stalls (seed 000 L533-535); never smoke (L190).
    pub fn covers_against_ranged(self) -> bool {
        self.blocks_effect() || matches!(self, Terrain::Forest | Terrain::MarketStalls)
    }

    /// Whether an effect that names forest reaches it: market stalls are not (seed 000 L535).
    pub fn is_forest(self) -> bool {
        self == Terrain::Forest
    }
}

/// The DDM terrain of a map, kind by kind, over the kernel map's walls, pits and difficult
/// squares. A square listed under two kinds takes the first in this order.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Features(pub BTreeMap<Terrain, BTreeSet<Square>>);

impl Features {
    /// Features with `terrain` laid on `squares`.
    pub fn with(mut self, terrain: Terrain, squares: impl IntoIterator<Item = Square>) -> Self {
        self.0.entry(terrain).or_default().extend(squares);
        self
    }

    /// The kind listed for `sq`, if any.
    pub fn at(&self, sq: Square) -> Option<Terrain> {
        self.0
            .iter()
            .find(|(_, squares)| squares.contains(&sq))
            .map(|(&terrain, _)| terrain)
    }

    /// Every square listed as `terrain`.
    pub fn squares_of(&self, terrain: Terrain) -> impl Iterator<Item = Square> + '_ {
        self.0.get(&terrain).into_iter().flatten().copied()
    }
}

/// The terrain under a creature's space: a big creature is on a terrain when any of its
/// squares is (the rulebook's habit, not in seed).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Footing(pub Vec<Terrain>);

impl Footing {
    fn on(&self, terrain: Terrain) -> bool {
        self.0.contains(&terrain)
    }

    /// Extra melee damage for standing on dangerous terrain (seed 000 L527).
    pub fn melee_damage_bonus(&self) -> u32 {
        if self.on(Terrain::Dangerous) {
            DANGEROUS_MELEE_BONUS
        } else {
            0
        }
    }

    /// Damage at the end of the creature's turn, given its d20 (seed 000 L527-531): 10 on 1-5
    /// while on dangerous terrain, else none.
    pub fn end_of_turn_damage(&self, d20: u32) -> u32 {
        if self.on(Terrain::Dangerous) && d20 <= DANGEROUS_ROLL_HURTS_UP_TO {
            DANGEROUS_DAMAGE
        } else {
            0
        }
    }

    /// The lowest natural roll that makes its melee attack a critical hit, whatever the target's
    /// defense (seed 000 L523).
    pub fn melee_critical_from(&self) -> u32 {
        if self.on(Terrain::Bloodrock) {
            BLOODROCK_CRITICAL
        } else {
            CRITICAL
        }
    }

    /// The sewage's attack modifier for a creature (seed 000 L519).
    pub fn attack_modifier(&self, living: bool, stench: bool) -> i32 {
        if self.on(Terrain::Sewage) && living && !stench {
            SEWAGE_ATTACK
        } else {
            0
        }
    }

    /// How far a melee attacker that damaged this creature may push it, after the damage
    /// (seed 000 L537).
    pub fn slippery_push(&self) -> u32 {
        if self.on(Terrain::Slippery) {
            SLIPPERY_PUSH
        } else {
            0
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn on(terrain: Terrain) -> Footing {
        Footing(vec![Terrain::Clear, terrain])
    }

    #[test]
    fn dnd_61_dangerous_terrain_adds_5_melee_damage_and_a_3_at_the_end_of_the_turn_deals_10() {
        let dangerous = on(Terrain::Dangerous);
        assert_eq!(dangerous.melee_damage_bonus(), 5);
        assert_eq!(dangerous.end_of_turn_damage(3), 10);
        assert_eq!(dangerous.end_of_turn_damage(6), 0);
        assert!(Terrain::Dangerous.slows());
    }

    #[test]
    fn dnd_61_the_dangerous_threshold_is_a_5_and_off_it_nothing_happens() {
        let dangerous = on(Terrain::Dangerous);
        let hurt: Vec<u32> = (1..=20)
            .filter(|&d| dangerous.end_of_turn_damage(d) > 0)
            .collect();
        assert_eq!(hurt, [1, 2, 3, 4, 5]);
        assert_eq!(on(Terrain::Clear).end_of_turn_damage(1), 0);
        assert_eq!(on(Terrain::Clear).melee_damage_bonus(), 0);
    }

    #[test]
    fn dnd_61_bloodrock_makes_a_natural_19_a_melee_critical() {
        assert_eq!(on(Terrain::Bloodrock).melee_critical_from(), 19);
        assert_eq!(on(Terrain::Forest).melee_critical_from(), 20);
    }

    #[test]
    fn sewage_costs_living_creatures_without_stench_2_to_attack() {
        let sewage = on(Terrain::Sewage);
        assert_eq!(sewage.attack_modifier(true, false), -2);
        assert_eq!(sewage.attack_modifier(true, true), 0);
        assert_eq!(sewage.attack_modifier(false, false), 0);
    }

    #[test]
    fn slippery_terrain_allows_a_push_of_1() {
        assert_eq!(on(Terrain::Slippery).slippery_push(), 1);
        assert_eq!(on(Terrain::Smoke).slippery_push(), 0);
    }

    #[test]
    fn what_each_terrain_blocks() {
        use Terrain::*;
        let row = |t: Terrain| {
            (
                t.legal_end(),
                t.slows(),
                t.is_clear(),
                t.blocks_sight(),
                t.blocks_effect(),
                t.covers_against_ranged(),
            )
        };
        assert_eq!(row(Clear), (true, false, true, false, false, false));
        assert_eq!(row(Blocking), (false, false, false, true, true, true));
        assert_eq!(row(Pit), (false, false, false, false, false, false));
        assert_eq!(row(Smoke), (true, false, true, true, false, false));
        assert_eq!(row(Forest), (true, false, true, false, false, true));
        assert_eq!(row(SpikeStones), (true, true, false, false, false, false));
        assert_eq!(row(SecretDoor), (true, false, false, true, true, true));
        assert_eq!(row(SeeThrough), (false, false, false, false, true, true));
        assert!(Forest.is_forest() && !MarketStalls.is_forest());
        assert_eq!(MarketStalls.rule(), crate::rule::movement::FOREST);
    }

    #[test]
    fn kernel_squares_read_as_ddm_terrain_and_features_take_the_first_kind() {
        assert_eq!(Terrain::from_kernel(KernelTerrain::Wall), Terrain::Blocking);
        assert_eq!(
            Terrain::from_kernel(KernelTerrain::Pit { depth: 1 }),
            Terrain::Pit
        );
        let sq = Square::new(2, 3);
        let features = Features::default()
            .with(Terrain::Smoke, [sq])
            .with(Terrain::Forest, [sq]);
        assert_eq!(features.at(sq), Some(Terrain::Smoke));
        assert_eq!(features.at(Square::new(0, 0)), None);
    }
}
