//! Creatures as ECS components: side, size, position, speed, stamina, stability,
//! characteristics, free strike, damage immunities and weaknesses, heroes and Director
//! creatures, minions and squads.

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use crate::grid::{Footprint, Size};
use crate::terms::damage::DamageType;
use steelgrid_kernel::rule::RuleError;

/// Identity, side, place and size are the kernel's: every ruleset has them.
pub use steelgrid_kernel::body::{CreatureId, CreatureSize, Identity, Position, Side};

/// The most squares a creature can move with one move (seed 002 L2574).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Speed(pub u32);
steelgrid_kernel::persisted!(always Speed(u32));

/// Resistance to forced movement (seed 002 L2807-2811).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stability(pub u32);
steelgrid_kernel::persisted!(always Stability(u32));

/// What lasting effects add to or take from a creature's stability; its stability with them
/// never drops below 0 (seed 002 L2811).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct StabilityModifier(pub i32);
steelgrid_kernel::persisted!(unless_default StabilityModifier(i32));

/// Damage a Director creature's free strike deals; a hero's free strike is rolled instead.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreeStrike(pub u32);
steelgrid_kernel::persisted!(always FreeStrike(u32));

/// The five characteristics (seed 002 L615-641).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Characteristics {
    #[serde(default)]
    pub might: i32,
    #[serde(default)]
    pub agility: i32,
    #[serde(default)]
    pub reason: i32,
    #[serde(default)]
    pub intuition: i32,
    #[serde(default)]
    pub presence: i32,
}
steelgrid_kernel::persisted!(always Characteristics);

impl Characteristics {
    pub fn get(&self, c: Characteristic) -> i32 {
        match c {
            Characteristic::Might => self.might,
            Characteristic::Agility => self.agility,
            Characteristic::Reason => self.reason,
            Characteristic::Intuition => self.intuition,
            Characteristic::Presence => self.presence,
        }
    }

    pub fn highest(&self) -> i32 {
        self.might
            .max(self.agility)
            .max(self.reason)
            .max(self.intuition)
            .max(self.presence)
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Characteristic {
    #[serde(alias = "Might")]
    Might,
    #[serde(alias = "Agility")]
    Agility,
    #[serde(alias = "Reason")]
    Reason,
    #[serde(alias = "Intuition")]
    Intuition,
    #[serde(alias = "Presence")]
    Presence,
}

/// Stamina: current (may go below 0 for heroes), maximum, and temporary (seed 002 L3052-3102).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stamina {
    pub current: i32,
    pub max: i32,
    pub temporary: i32,
}
steelgrid_kernel::persisted!(always Stamina);

impl Stamina {
    /// Half the maximum, rounded down (seed 002 L3064, L781-783). Temporary Stamina is not
    /// counted (L3096).
    pub fn winded_value(&self) -> i32 {
        self.max / 2
    }

    /// A third of the maximum, rounded down (seed 002 L3060).
    pub fn recovery_value(&self) -> i32 {
        self.max / 3
    }

    pub fn is_winded(&self) -> bool {
        self.current <= self.winded_value()
    }
}

/// One damage immunity or weakness: against one type, or against all damage when `kind` is
/// `None` (seed 002 L3032-3050).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageModifier {
    #[serde(default)]
    pub kind: Option<DamageType>,
    pub amount: Amount,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Amount {
    /// Reduce (immunity) or add (weakness) this much.
    Value(u32),
    /// Immunity "all": that damage is ignored entirely.
    All,
}

#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct DamageModifiers {
    pub immunities: Vec<DamageModifier>,
    pub weaknesses: Vec<DamageModifier>,
    /// Fully submerged: fire immunity 5 and lightning weakness 5 on top (seed 002 L3117).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub underwater: bool,
}
steelgrid_kernel::persisted!(always DamageModifiers);

/// Marks a hero (a player character): heroes are dying below 0 rather than dead at 0, and
/// have recoveries (seed 002 L3068-3072).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hero {
    pub level: u32,
    pub recoveries: u32,
    pub recoveries_max: u32,
    pub heroic_resource: i32,
    /// Heroic resource gained at the start of each of its turns; the seed names the resources
    /// but not their gains, so hero content sets this (digest AMB-34).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub resource_per_turn: i32,
    /// Surges on hand (seed 002 L1646-1655): lost when combat ends.
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub surges: u32,
    /// Victories earned since the last respite; their average feeds the Director's Malice at
    /// the start of combat (seed 002 L4334).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub victories: u32,
    /// Experience: the Victories turned in at each respite (seed 002 L831-835).
    #[serde(default, skip_serializing_if = "is_zero_u32")]
    pub xp: u32,
    /// Its kit's weapon damage bonuses (seed 002 L335, L1438-1442).
    #[serde(default, skip_serializing_if = "crate::terms::ability::Kit::is_empty")]
    pub kit: crate::terms::ability::Kit,
    /// Its class (seed 002 L1309-1327): names its heroic resource and how it grows.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub class: Option<crate::terms::class::Class>,
    /// The class's gains it has had this round.
    #[serde(
        default,
        skip_serializing_if = "crate::terms::class::GainsThisRound::is_none"
    )]
    pub gains: crate::terms::class::GainsThisRound,
}
steelgrid_kernel::persisted!(maybe Hero);

fn is_zero_u32(n: &u32) -> bool {
    *n == 0
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// A minion, and the squad it fights in (seed 002 L4376-4394).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Minion {
    pub squad: Option<String>,
}
steelgrid_kernel::persisted!(maybe Minion);

/// The Director's initiative group: its members act one after another in one slot
/// (seed 002 L2530-2532). A creature without a group is a group of its own.
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Group(pub String);
steelgrid_kernel::persisted!(maybe Group(String));

/// A retainer: an ally of the heroes that follows one hero, its mentor (seed 002 L4738-4773).
/// Like a hero it is dying at 0 Stamina and dead at minus half its Stamina (L4771, digest
/// A-29); the surges it spends are its mentor's, each adding the mentor's highest
/// characteristic to damage (L4772).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Retainer {
    pub mentor: String,
}
steelgrid_kernel::persisted!(maybe Retainer { mentor: String });

/// Caught off guard at the start of combat (seed 002 L2496-2500).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Surprised;
steelgrid_kernel::persisted!(marker Surprised);

/// Ways of moving beyond walking that a creature has in its speed (seed 002 L2596-2668).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum MovementMode {
    /// Climbs at full speed instead of 2 movement per square.
    Climb,
    /// Swims at full speed instead of 2 movement per square.
    Swim,
    /// Moves by teleporting: an Advance goes straight to a destination within its usual speed
    /// (seed 002 L2696-2708).
    Teleport,
    /// Flies: moves through the air at full speed and stays aloft (seed 002 L2688-2690).
    Fly,
    /// Hovers: hangs in the air, and does not fall when knocked prone or held (L2692-2694).
    Hover,
    /// Burrows: moves horizontally through dirt and digs with the Dig maneuver
    /// (seed 002 L2604-2612).
    Burrow,
    /// Burrows through stone too, not only dirt: a stat block that says so (seed 002 L2606).
    BurrowStone,
}

/// The movement modes a creature has.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Movement(pub Vec<MovementMode>);

impl Movement {
    pub fn has(&self, mode: MovementMode) -> bool {
        self.0.contains(&mode)
    }
}

/// Saved as its list of modes: a creature that only walks has none.
impl steelgrid_kernel::persist::Persisted for Movement {
    type Field = Movement;
    type Spawned = ();
    fn load(field: Movement) -> ((), Option<Movement>) {
        ((), (!field.0.is_empty()).then_some(field))
    }
    fn save(component: Option<&Movement>) -> Movement {
        component.cloned().unwrap_or_default()
    }
    fn hash(component: Option<&Movement>, h: &mut steelgrid_kernel::checksum::StateHash) {
        match component {
            Some(movement) => h.value(movement),
            None => h.value(&Movement::default()),
        }
    }
}

/// Defending (the Defend main action): ability rolls against it take a double bane until the
/// start of its next turn (seed 002 L2946-2948).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Defending;
steelgrid_kernel::persisted!(marker Defending);

/// The grabbed condition: held by `by` (seed 002 L1743-1751). Speed 0; a bane on abilities
/// not targeting the grabber; only the grabber can force-move it; no Knockback.
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Grabbed {
    pub by: String,
}
steelgrid_kernel::persisted!(maybe Grabbed { by: String });

/// Aid Attack on this enemy: the first ability roll an ally of each aider makes against it
/// has an edge, until that aider's next turn starts (seed 002 L2843-2845).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Aided {
    pub by: Vec<String>,
}
steelgrid_kernel::persisted!(unless_default Aided { by: Vec<String> });

/// Invisible: it always has concealment from others (seed 002 L3018-3020).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Invisible;
steelgrid_kernel::persisted!(marker Invisible);

/// Height of a flying creature above the ground under it, in squares.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Altitude(pub u32);
steelgrid_kernel::persisted!(unless_default Altitude(u32));

/// The prone condition: lying on the ground (seed 002 L1753-1757). Its strikes take a bane and
/// melee abilities against it gain an edge; it stands up with a maneuver.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Prone;
steelgrid_kernel::persisted!(marker Prone);

/// The ids of the abilities a creature has, beyond the basic actions every creature has
/// (seed 002 L1333-1335).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Abilities(pub Vec<String>);
steelgrid_kernel::persisted!(always Abilities(Vec<String>));

/// The consumables a creature carries, by ability id: each is used up by the Use Consumable
/// maneuver (seed 002 L2928-2930).
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Consumables(pub Vec<String>);
steelgrid_kernel::persisted!(always Consumables(Vec<String>));

/// Where a creature stands in the Stamina states (seed 002 L3062-3092).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Vitality {
    #[default]
    Healthy,
    Winded,
    /// A hero at 0 Stamina or below (seed 002 L3070).
    Dying,
    /// Knocked out instead of killed (seed 002 L3082-3092).
    Unconscious,
    Dead,
}
steelgrid_kernel::persisted!(always Vitality);

impl Vitality {
    /// Dead and unconscious creatures take no turns and no actions.
    pub fn can_act(self) -> bool {
        !matches!(self, Vitality::Dead | Vitality::Unconscious)
    }

    pub fn is_down(self) -> bool {
        !self.can_act()
    }
}

/// What is left of a creature's turn (seed 002 L2538-2542, L2938).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ActionBudget {
    /// Main actions left: 1 at turn start, more from critical hits.
    pub main: u32,
    pub maneuver_used: bool,
    pub move_used: bool,
    /// A minion: its maneuver costs its main action, so it takes one or the other, never both
    /// (seed 002 L4414-4418; digest A-18).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub minion: bool,
    /// It took the Defend main action: no other main action this turn, even a granted one
    /// (seed 002 L4272-4274).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub defended: bool,
}
steelgrid_kernel::persisted!(always ActionBudget);

/// The parts of a turn, for the action economy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ActionKind {
    Main,
    Maneuver,
    Move,
}

impl ActionBudget {
    /// The start of a turn: one main action, one maneuver, one move action; a minion's turn
    /// keeps the minion limit.
    pub fn fresh_turn(minion: bool) -> Self {
        Self {
            main: 1,
            maneuver_used: false,
            move_used: false,
            minion,
            defended: false,
        }
    }

    pub fn fresh() -> Self {
        Self::fresh_turn(false)
    }

    /// Nothing has been spent yet this turn.
    pub fn untouched(&self) -> bool {
        self.main == 1 && !self.maneuver_used && !self.move_used
    }

    /// Whether `kind` can be taken now: a main action can be traded for a maneuver or a move
    /// action, never the other way round (seed 002 L2938).
    pub fn allows(&self, kind: ActionKind) -> bool {
        self.check(kind).is_ok()
    }

    /// Why `kind` can't be taken now, naming the rule: the action economy, the minion limit
    /// (seed 002 L4414-4418) or Defend's one main action (L4272-4274).
    pub fn check(&self, kind: ActionKind) -> Result<(), RuleError> {
        use crate::rule;
        let ok = match kind {
            ActionKind::Main => self.main > 0 && !self.defended,
            ActionKind::Maneuver if self.minion => self.main > 0,
            ActionKind::Maneuver => !self.maneuver_used || self.main > 0,
            ActionKind::Move => !self.move_used || self.main > 0,
        };
        if ok {
            return Ok(());
        }
        Err(match kind {
            ActionKind::Main if self.defended && self.main > 0 => RuleError::new(
                rule::DEFEND,
                "it took the Defend action this turn: no other main action (seed 002 L4274)",
            ),
            ActionKind::Main | ActionKind::Maneuver if self.minion && self.maneuver_used => {
                RuleError::new(
                    rule::MINION_ACTIONS,
                    "a minion takes a main action or a maneuver on its turn, not both",
                )
            }
            ActionKind::Maneuver if self.minion => RuleError::new(
                rule::MINION_ACTIONS,
                "a minion takes a main action or a maneuver on its turn, not both, and its main action is spent",
            ),
            ActionKind::Main => {
                RuleError::new(rule::ACTION_ECONOMY, "no main action left this turn")
            }
            ActionKind::Maneuver => RuleError::new(
                rule::ACTION_ECONOMY,
                "no maneuver left this turn (and no main action to trade for one)",
            ),
            ActionKind::Move => RuleError::new(
                rule::ACTION_ECONOMY,
                "no move action left this turn (and no main action to trade for one)",
            ),
        })
    }

    /// Spend `kind`, trading the main action when the regular slot is used. Returns whether
    /// the main action was traded.
    pub fn spend(&mut self, kind: ActionKind) -> bool {
        let slot = match kind {
            ActionKind::Main => {
                self.main -= 1;
                return false;
            }
            // seed 002 L4416: a minion's maneuver takes the place of its main action.
            ActionKind::Maneuver if self.minion => {
                self.main -= 1;
                self.maneuver_used = true;
                return false;
            }
            ActionKind::Maneuver => &mut self.maneuver_used,
            ActionKind::Move => &mut self.move_used,
        };
        if *slot {
            self.main -= 1;
            true
        } else {
            *slot = true;
            false
        }
    }
}

/// A read-only summary of a creature, for rules code that needs several components at once.
#[derive(Clone, Debug)]
pub struct CreatureRef {
    pub id: String,
    pub side: Side,
    pub footprint: Footprint,
    pub size: Size,
    pub vitality: Vitality,
    pub prone: bool,
    pub surprised: bool,
    /// Height of the ground under its space.
    pub z: i32,
    pub movement: Movement,
    pub defending: bool,
    /// The creature holding it, if grabbed.
    pub grabbed_by: Option<String>,
    /// Creatures whose Aid Attack on it is waiting for an ally's roll.
    pub aided_by: Vec<String>,
    /// Squares above the ground (fliers).
    pub altitude: u32,
    /// Squares the bottom of its space is below the ground (burrowers, seed 002 L2604-2622).
    pub depth: u32,
    pub conditions: crate::terms::condition::Conditions,
    pub hidden: Option<crate::terms::condition::Hidden>,
    pub invisible: bool,
    /// The creature it rides or climbs (seed 002 L2650-2660).
    pub on: Option<String>,
}

impl CreatureRef {
    /// Its space and the height of its bottom (a flier's altitude above the ground counted),
    /// for line of effect over walls of a given height.
    pub fn placed(&self) -> (Footprint, i32) {
        (self.footprint, self.z + self.altitude as i32)
    }

    /// Whether it has concealment from everyone: invisible, or standing wholly in darkness or
    /// fog (seed 002 L3014-3020).
    pub fn concealed(&self, map: &crate::grid::Map) -> bool {
        self.invisible || map.conceals(self.footprint)
    }

    /// Refuse targeting it with anything but an area ability when it is hidden from `viewer`
    /// (seed 002 L2275).
    pub fn check_not_hidden_from(&self, viewer: &str) -> Result<(), RuleError> {
        if self.hidden.as_ref().is_some_and(|h| h.hides_from(viewer)) {
            return Err(RuleError::new(
                crate::rule::HIDE,
                format!(
                    "{} is hidden from {viewer}: only an area ability can reach it",
                    self.id
                ),
            ));
        }
        Ok(())
    }
}

impl CreatureRef {
    /// The squares between two creatures' spaces, counting height too: Chebyshev distance
    /// between the nearest squares of their N×N×N spaces (digest A-8).
    pub fn gap(&self, other: &CreatureRef) -> u32 {
        self.gap_to(other.footprint, other.z, other.size)
    }

    /// [`Self::gap`] to a body of `size` standing on `footprint` at height `z`.
    pub fn gap_to(&self, footprint: Footprint, z: i32, size: Size) -> u32 {
        let (a0, a1) = (self.z, self.z + self.size.side() - 1);
        let (b0, b1) = (z, z + size.side() - 1);
        let vertical = (b0 - a1).max(a0 - b1).max(0) as u32;
        self.footprint.distance(footprint).max(vertical)
    }

    /// Within 1 square, not sharing space (seed 002 L1699-1701).
    pub fn is_adjacent(&self, other: &CreatureRef) -> bool {
        self.gap(other) == 1
    }
}
