//! The event log: every fact the engine establishes, each naming the rule that produced it
//! (a stable id and the seed lines), in order. The client only renders these.

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::creature::{ActionKind, Side, Vitality};
use crate::damage::DamageType;
use crate::grid::Square;
use crate::power_roll::PowerRollResult;

/// A rule the engine applies: a stable id (part of the JSON interface) and where the seed says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub id: &'static str,
    pub seed: &'static str,
}

macro_rules! rules {
    ($($name:ident = $id:literal, $seed:literal;)*) => {
        /// Every rule id the engine can name, with its seed reference.
        pub mod rule {
            use super::Rule;
            $(pub const $name: Rule = Rule { id: $id, seed: $seed };)*
            /// All rule ids, for documentation and tests.
            pub const ALL: &[Rule] = &[$($name),*];
        }
    };
}

rules! {
    ENCOUNTER_START = "encounter.start", "seed 002 L2488-2494";
    SURPRISE = "turn.surprise", "seed 002 L2496-2500";
    SURPRISE_EDGE = "turn.surprise.edge", "seed 002 L2498-2500";
    SURPRISE_END = "turn.surprise.end", "seed 002 L2498";
    FIRST_SIDE_SURPRISE = "turn.first_side.surprise", "seed 002 L2502";
    FIRST_SIDE_ROLL = "turn.first_side.roll", "seed 002 L2502-2504";
    FIRST_SIDE_CHOICE = "turn.first_side.choice", "seed 002 L2504";
    ROUND_START = "turn.round.start", "seed 002 L2488-2490";
    ROUND_END = "turn.round.end", "seed 002 L2534-2536";
    TURN_ORDER = "turn.order", "seed 002 L2506-2512";
    TURN_GROUP = "turn.order.group", "seed 002 L2530-2532";
    TURN_START = "turn.start", "seed 002 L2538";
    TURN_END = "turn.end", "seed 002 L2538-2542";
    ACTION_ECONOMY = "turn.action_economy", "seed 002 L2538-2542";
    MAIN_TRADED = "turn.action_economy.trade_main", "seed 002 L2938";
    ADVANCE = "movement.advance", "seed 002 L2570-2594, L2821-2827";
    MOVE_COST = "movement.cost", "seed 002 L2576-2578, L2726";
    MOVE_OCCUPIED = "movement.occupied", "seed 002 L2578";
    MOVE_CORNERS = "movement.no_cutting_corners", "seed 002 L2588";
    MOVE_SPEED = "movement.speed_limit", "seed 002 L2584";
    MOVE_ELEVATION = "movement.elevation", "seed 002 L2596-2602, L2644-2648";
    POWER_ROLL = "power_roll", "seed 002 L661-744";
    EDGE_DIRECTOR = "power_roll.edge.director", "seed 002 L724-726";
    RANGED_ADJACENT_BANE = "power_roll.bane.ranged_adjacent_enemy", "seed 002 L1436";
    HIGH_GROUND = "power_roll.edge.high_ground", "seed 002 L2732-2736";
    FLANKING = "power_roll.edge.flanking", "seed 002 L3002-3008";
    CRITICAL_HIT = "power_roll.critical", "seed 002 L1634-1638";
    DOWNGRADE = "power_roll.downgrade", "seed 002 L689-693";
    FREE_STRIKE = "action.free_strike", "seed 002 L2950-2952, L2974-3000";
    REACH = "target.distance", "seed 002 L1424-1446";
    LINE_OF_EFFECT = "target.line_of_effect", "seed 002 L1703-1711";
    DAMAGE = "damage", "seed 002 L3022-3030";
    DAMAGE_WEAKNESS = "damage.weakness", "seed 002 L3042-3050";
    DAMAGE_IMMUNITY = "damage.immunity", "seed 002 L3032-3040";
    DAMAGE_ENVIRONMENT = "damage.environment", "seed 002 L3024";
    TEMPORARY_STAMINA = "stamina.temporary", "seed 002 L3094-3102";
    WINDED = "stamina.winded", "seed 002 L3062-3066";
    DYING = "stamina.dying", "seed 002 L3068-3070";
    HERO_DEATH = "stamina.death.hero", "seed 002 L3072";
    DIRECTOR_DEATH = "stamina.death.director", "seed 002 L3074-3078";
    KNOCKED_OUT = "stamina.knocked_out", "seed 002 L3082-3092";
    UNCONSCIOUS_DAMAGE = "stamina.knocked_out.damage", "seed 002 L3084";
    CATCH_BREATH = "recovery.catch_breath", "seed 002 L843-857, L3056-3060";
    DICE_SCRIPTED = "dice.scripted", "seed 002 L643-659";
    OBJECTIVE_DEFEAT_ALL = "objective.defeat_all_enemies", "seed 002 L3133-3209";
    ENCOUNTER_DEFEAT = "encounter.defeat", "seed 002 L3133-3209";
    CREATURE_STATE = "creature", "seed 002 L2459-2486";
    FORCED_PUSH = "forced_movement.push", "seed 002 L2740-2748";
    FORCED_PULL = "forced_movement.pull", "seed 002 L2740-2748";
    FORCED_SLIDE = "forced_movement.slide", "seed 002 L2740-2748";
    FORCED_DISTANCE = "forced_movement.distance", "seed 002 L2746, L2762-2764, L2807-2811";
    FORCED_COLLISION_CREATURE = "forced_movement.collision.creature", "seed 002 L2766-2774";
    FORCED_COLLISION_OBJECT = "forced_movement.collision.object", "seed 002 L2776-2780";
    FORCED_HURL_THROUGH = "forced_movement.hurl_through", "seed 002 L2792-2801";
    OBJECT_DESTROYED = "object.destroyed", "seed 002 L2792-2801, L3104-3113";
    DAMAGING_TERRAIN = "movement.damaging_terrain", "seed 002 L2728, L2744";
    FALLING = "falling", "seed 002 L2710-2714";
    FALLING_ONTO = "falling.onto_creature", "seed 002 L2716-2718";
    PRONE = "condition.prone", "seed 002 L1753-1757";
    STAND_UP = "maneuver.stand_up", "seed 002 L2837-2930";
    MOVE_JUMP = "movement.jump", "seed 002 L2670-2682";
    TELEPORT = "movement.teleport", "seed 002 L2696-2708";
    FLY = "movement.fly", "seed 002 L2688-2694";
    DEFEND = "action.defend", "seed 002 L2946-2948";
    CHARGE = "action.charge", "seed 002 L2940-2944";
    AID_ATTACK = "maneuver.aid_attack", "seed 002 L2843-2845";
    GRAB = "maneuver.grab", "seed 002 L2872-2891";
    ESCAPE_GRAB = "maneuver.escape_grab", "seed 002 L2853-2870";
    GRABBED = "condition.grabbed", "seed 002 L1743-1751";
    HEAL = "action.heal", "seed 002 L2954-2956, L3080";
    SHIFT = "movement.shift", "seed 002 L2590-2594, L2829-2831";
    OPPORTUNITY_ATTACK = "opportunity_attack", "seed 002 L2968-2972";
    KNOCKBACK = "maneuver.knockback", "seed 002 L2897-2912";
    PENDING_CHOICE = "choice.pending", "Steelgrid: a choice the rules leave to a player";
    COMMAND = "command", "Steelgrid: commands are validated before they change anything";
}

/// What happened. Each variant's fields are the numbers a player needs to see why.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    EncounterStarted {
        scenario: String,
        seed: u64,
    },
    Surprised {
        creature: String,
    },
    SurpriseEnded {
        creature: String,
    },
    /// Every creature on one side is surprised: the other side goes first.
    FirstSideAutomatic {
        side: Side,
    },
    /// The d10 for who goes first: 6+ the heroes' players choose, else the Director.
    FirstSideRolled {
        roll: u32,
        chooser: Side,
    },
    FirstSideChosen {
        side: Side,
        chooser: Side,
    },
    RoundStarted {
        round: u32,
    },
    RoundEnded {
        round: u32,
    },
    /// The next pick belongs to this side (or, for a Director group in progress, that group).
    NextToAct {
        side: Side,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        group: Option<String>,
        back_to_back: bool,
    },
    TurnStarted {
        creature: String,
        round: u32,
    },
    TurnEnded {
        creature: String,
    },
    ActionUsed {
        creature: String,
        action: ActionKind,
        /// The main action was traded for this maneuver or move action.
        traded_main: bool,
    },
    Moved {
        creature: String,
        from: Square,
        to: Square,
        path: Vec<Square>,
        cost: u32,
        speed: u32,
    },
    PowerRolled {
        creature: String,
        ability: String,
        target: String,
        roll: PowerRollResult,
    },
    ExtraMainAction {
        creature: String,
    },
    FreeStrikeHit {
        attacker: String,
        target: String,
        ranged: bool,
        damage: u32,
    },
    Damaged {
        target: String,
        source: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
        base: u32,
        halved: bool,
        weakness: u32,
        immunity: u32,
        /// `true` when an "immunity all" ignored the damage.
        immune: bool,
        amount: u32,
        temporary_absorbed: u32,
        stamina_before: i32,
        stamina_after: i32,
    },
    StaminaRegained {
        creature: String,
        amount: i32,
        stamina_before: i32,
        stamina_after: i32,
    },
    RecoverySpent {
        creature: String,
        left: u32,
    },
    VitalityChanged {
        creature: String,
        from: Vitality,
        to: Vitality,
        stamina: i32,
        /// The threshold that was crossed (winded value, 0, or −winded value).
        threshold: i32,
    },
    DiceScripted {
        faces: Vec<u32>,
    },
    /// A forced movement, with its whole derivation.
    ForcedMoved {
        target: String,
        kind: crate::forced::ForcedKind,
        distance: crate::forced::Distance,
        from: Square,
        to: Square,
        moved: Vec<Square>,
        derivation: Vec<String>,
    },
    /// Damage a forced movement deals (collision, hurl, terrain), before the damage pipeline.
    Slammed {
        creature: String,
        amount: u32,
        note: String,
    },
    ObjectDestroyed {
        square: Square,
    },
    Fell {
        creature: String,
        height: u32,
        agility: i32,
        effective: u32,
        damage: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        landed_on: Option<String>,
        lands_at: Square,
    },
    /// A forced movement now waits for its path (and the target's stability choice).
    ForcedMovementPending {
        pending: crate::forced::PendingForced,
    },
    OpportunityAttack {
        attacker: String,
        target: String,
        /// The square the mover is leaving, where the strike lands.
        at: Square,
    },
    ConditionGained {
        creature: String,
        condition: String,
    },
    ConditionEnded {
        creature: String,
        condition: String,
    },
    /// An action's lasting effect on a creature, such as Defend.
    EffectStarted {
        creature: String,
        effect: String,
    },
    EffectEnded {
        creature: String,
        effect: String,
    },
    EncounterEnded {
        outcome: Outcome,
    },
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Victory,
    Defeat,
}

/// One line of the log.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoggedEvent {
    pub seq: u32,
    pub rule: String,
    /// Where the rule is in the seed text, e.g. `seed 002 L3064`.
    pub reference: String,
    #[serde(flatten)]
    pub event: Event,
}

#[derive(Resource, Clone, Debug, Default, Serialize, Deserialize)]
pub struct EventLog {
    pub events: Vec<LoggedEvent>,
}

impl EventLog {
    pub fn push(&mut self, rule: Rule, event: Event) {
        let seq = self.events.len() as u32;
        self.events.push(LoggedEvent {
            seq,
            rule: rule.id.to_owned(),
            reference: rule.seed.to_owned(),
            event,
        });
    }
}
