//! The event log: every fact the engine establishes, each naming the rule that produced it
//! (a stable id and the seed lines), in order. The client only renders these.

use serde::{Deserialize, Serialize};

use crate::creature::{ActionKind, Side, Vitality};
use crate::grid::Square;
use crate::power_roll::PowerRollResult;
use crate::power_roll::test_roll::{Difficulty, TestOutcome};
use crate::terms::ability::Keyword;
use crate::terms::damage::DamageType;

pub use crate::rule::{self, Rule};
pub use steelgrid_kernel::log::{Log, Logged, RuleBook};

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
        /// The signature ability's damage type a Director creature's free strike carries
        /// (seed 002 L4154).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
        /// Strike, with Magic, Psionic or Weapon (seed 002 L4152-4154, L2980).
        #[serde(default)]
        keywords: Vec<Keyword>,
    },
    /// Squad members' free strikes on one target at the same moment, made as one strike: the
    /// sum of their free strikes plus the captain's bonus once (seed 002 L4436-4438; digest
    ///
    FreeStrikesCombined {
        attackers: Vec<String>,
        target: String,
        /// The total, captain's bonus included.
        damage: u32,
        captain_bonus: u32,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        damage_type: Option<DamageType>,
        #[serde(default)]
        keywords: Vec<Keyword>,
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
    /// A what-if branch began: the dice roll from the branch's own stream.
    WhatIfBranch {
        stream: u64,
    },
    /// A forced movement, with its whole derivation.
    ForcedMoved {
        target: String,
        kind: crate::terms::forced::ForcedKind,
        distance: crate::terms::forced::Distance,
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
    /// A creature that fell onto another may come down on any of these equally near free
    /// squares: it is on the first; its side chooses (seed 002 L2718).
    ChoosingLanding {
        creature: String,
        on: String,
        squares: Vec<Square>,
    },
    /// A triggered ability halved `damage` just dealt to `creature` to `halved`: it regains the
    /// difference (temporary Stamina first where that absorbed it).
    DamageHalved {
        creature: String,
        ability: String,
        damage: u32,
        halved: u32,
        regained: i32,
    },
    /// The Director's forces break: these creatures (and squads) drop to 1 Stamina (a point a
    /// member).
    LastStand {
        broken: Vec<String>,
    },
    /// The faller came down on the square its side chose.
    Landed {
        creature: String,
        from: Square,
        to: Square,
    },
    /// A forced movement now waits for its path (and the target's stability choice).
    ForcedMovementPending {
        pending: crate::terms::forced::PendingForced,
    },
    /// A creature falling from a great height drops `dropped` squares and is still `left`
    /// squares above the ground.
    StillFalling {
        creature: String,
        dropped: u32,
        left: u32,
    },
    /// Something happened that triggers abilities: the creatures in `waiting` (heroes first)
    /// each use one of theirs or pass before anything else happens.
    TriggerWindowOpened {
        happening: crate::terms::trigger::Happening,
        waiting: Vec<String>,
    },
    /// A creature answers the open trigger window with a triggered ability; `free` when it is a
    /// free triggered action, which leaves its one triggered action of the round.
    TriggerAnswered {
        creature: String,
        ability: String,
        /// The trigger as the stat block words it.
        trigger: String,
        free: bool,
    },
    /// A creature the trigger window waited on lets the moment pass.
    TriggerPassed {
        creature: String,
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
    AbilityUsed {
        creature: String,
        ability: String,
        /// As the stat block writes it, e.g. `2 burst`.
        distance: String,
        targets: Vec<String>,
        /// The area's squares, for area abilities.
        area: Vec<Square>,
        /// The objects it targets (seed 002 L1494-1498).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        objects: Vec<Square>,
    },
    /// One target's outcome, in words (`8 damage; push 2`); `tier` is none for an effect
    /// without a roll.
    AbilityOutcome {
        creature: String,
        ability: String,
        target: String,
        tier: Option<crate::power_roll::Tier>,
        text: String,
    },
    PotencyChecked {
        target: String,
        characteristic: crate::creature::Characteristic,
        score: i32,
        potency: i32,
        lands: bool,
    },
    /// An ability's damage to an object.
    ObjectDamaged {
        square: Square,
        amount: u32,
        left: u32,
    },
    ConsumableUsed {
        creature: String,
        item: String,
        left: u32,
    },
    Hid {
        creature: String,
        from: Vec<String>,
    },
    Revealed {
        creature: String,
    },
    CoverLost {
        creature: String,
        seen_by: Vec<String>,
    },
    Searched {
        searcher: String,
        hidden: String,
        search_total: i32,
        hide_total: i32,
        found: bool,
    },
    /// A searcher points out a hidden creature it knows of: no longer hidden from `to`.
    PointedOut {
        searcher: String,
        hidden: String,
        to: Vec<String>,
    },
    AreaPlaced {
        creature: String,
        ability: String,
        squares: Vec<Square>,
        aura: Option<u32>,
        lasting: crate::terms::ability::Lasting,
    },
    AreaDamage {
        creature: String,
        ability: String,
        amount: u32,
    },
    AreaEnded {
        creature: String,
        ability: String,
    },
    HeroTokenSpent {
        creature: String,
        benefit: crate::terms::hero_token::TokenBenefit,
        left: u32,
    },
    SurgesGained {
        creature: String,
        amount: u32,
        now: u32,
    },
    SurgesLost {
        creature: String,
        amount: u32,
    },
    SurgesSpent {
        creature: String,
        damage: u32,
        damage_target: Option<String>,
        potency: Vec<String>,
        left: u32,
    },
    ResourceGained {
        creature: String,
        amount: i32,
        now: i32,
        /// The class's gain that paid it; none for the turn's start and the rules options.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        because: Option<crate::terms::class::GainOn>,
    },
    MaliceGained {
        amount: u32,
        now: u32,
        reason: String,
    },
    MaliceSpent {
        creature: String,
        feature: String,
        amount: u32,
        left: u32,
        effect: String,
    },
    /// A Malice cost on an effect only a potency could land, resisted by every target.
    MaliceKept {
        creature: String,
        amount: u32,
    },
    /// A bought basic feature adds to an ability or strike.
    MaliceBoostUsed {
        creature: String,
        feature: String,
        target: Option<String>,
        amount: u32,
    },
    MaliceLost {
        amount: u32,
    },
    /// A squad member joins another member's signature strike: its main action goes to the
    /// squad's one roll.
    SquadStrikeJoined {
        squad: String,
        minion: String,
        target: String,
    },
    /// Each second and third member on one target adds its free strike to that target's one
    /// instance of the squad's strike.
    SquadGangedUp {
        squad: String,
        target: String,
        members: u32,
        extra: u32,
    },
    /// A member that joined the squad's strike starts its turn with only the main actions its
    /// critical hit granted.
    SquadMainActionSpent {
        minion: String,
        main_left: u32,
    },
    /// Damage to a minion squad's shared pool, with the members it dropped.
    SquadDamaged {
        squad: String,
        source: String,
        damage_type: Option<DamageType>,
        /// Each minion hit with its share.
        hits: Vec<(String, u32)>,
        weakness: u32,
        immunity: u32,
        /// The area's limit when it cut the damage: minions in the area × one minion's Stamina.
        capped: Option<u32>,
        amount: u32,
        pool_before: u32,
        pool_after: u32,
        killed: Vec<String>,
    },
    CaptainLost {
        squad: String,
        captain: String,
    },
    CaptainAppointed {
        squad: String,
        captain: String,
    },
    /// An extra paid for, resisted by every target: its cost is not spent.
    ResourceKept {
        creature: String,
        amount: u32,
    },
    ResourceSpent {
        creature: String,
        amount: u32,
        left: i32,
    },
    TemporaryStaminaGained {
        creature: String,
        amount: u32,
        now: i32,
    },
    /// The encounter is over: what was left of the creature's temporary Stamina is gone.
    TemporaryStaminaExpired {
        creature: String,
        amount: u32,
    },
    ForcedMovementPrevented {
        target: String,
        reason: String,
    },
    SavingThrow {
        creature: String,
        condition: String,
        roll: u32,
        saved: bool,
    },
    /// Stamina lost without being damage (bleeding).
    /// A hero ending its turn with its resource below 0 loses Stamina for it (the Talent's
    /// strain, seed 002 L159, L503).
    Strained {
        creature: String,
        /// Its resource, below 0.
        resource: i32,
        amount: u32,
        stamina: i32,
    },
    StaminaLost {
        creature: String,
        amount: u32,
        roll: u32,
        stamina: i32,
    },
    /// One of the scenario's objectives is met (`index` in the scenario's list).
    ObjectiveMet {
        index: u32,
        objective: String,
    },
    /// One of the scenario's objectives can no longer be met.
    ObjectiveFailed {
        index: u32,
        objective: String,
        reason: String,
    },
    /// A step toward (or away from) an objective: a breach, a task worked, the item taken,
    /// a round held; `count` of `of`.
    ObjectiveProgress {
        index: u32,
        objective: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        creature: Option<String>,
        note: String,
        count: u32,
        of: u32,
    },
    /// A creature left the map by an exit zone: out of the fight.
    Fled {
        creature: String,
        side: Side,
        zone: String,
    },
    /// A scripted event of the scenario fires (`index` in its `script`).
    ScriptFired {
        index: u32,
        when: String,
    },
    /// A test (seed 002 L1803-1862): the roll and the outcome its difficulty gives it.
    /// Victories a hero gained (or lost: a negative amount), and why (seed 002 L815-829).
    VictoriesGained {
        creature: String,
        amount: i32,
        now: u32,
        reason: String,
    },
    /// A hero's respite done: what it regained and the experience its Victories became
    /// (seed 002 L859-867).
    RespiteFinished {
        creature: String,
        recoveries: u32,
        stamina: i32,
        xp: u32,
        xp_total: u32,
    },
    /// A respite interrupted before its 24 hours: no benefit (seed 002 L865).
    RespiteCutShort {
        hours: u32,
    },
    MontageStarted {
        task: String,
        difficulty: Difficulty,
        successes: u32,
        failures: u32,
        rounds: u32,
    },
    /// The montage's tally after a hero's turn.
    MontageProgress {
        task: String,
        round: u32,
        successes: u32,
        failures: u32,
    },
    MontageEnded {
        task: String,
        outcome: crate::power_roll::test_roll::MontageOutcome,
        /// Victories each hero gains for it.
        victories: u32,
    },
    TestMade {
        creature: String,
        /// The called test it answers.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<String>,
        characteristic: crate::creature::Characteristic,
        difficulty: Difficulty,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<String>,
        roll: PowerRollResult,
        outcome: TestOutcome,
        /// Rerolled with a hero token: this roll stands (seed 002 L766).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        rerolled: bool,
    },
    /// The scenario calls for a test: who may make it, with which action.
    TestCalled {
        task: String,
        characteristic: crate::creature::Characteristic,
        difficulty: Difficulty,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        zone: Option<String>,
        action: ActionKind,
    },
    /// The heroes gain hero tokens (a test's reward, seed 002 L758, L1949).
    HeroTokensGained {
        creature: String,
        amount: u32,
        now: u32,
    },
    Narrated {
        text: String,
    },
    /// A creature joins the fight (scripted reinforcements).
    Spawned {
        creature: String,
        side: Side,
        at: Square,
    },
    TerrainChanged {
        squares: Vec<Square>,
        terrain: crate::grid::Terrain,
    },
    /// The Director's hand at the table (rule `director.override`, not a rule of the seed):
    /// what it changed. What follows from it (winded, dying, dead) is logged after it.
    DirectorOverride {
        what: Overridden,
    },
}

/// What a Director override changed, with the numbers before and after.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Overridden {
    Stamina {
        creature: String,
        from: i32,
        to: i32,
        max: i32,
    },
    /// `condition` as the state shows it: `slowed (save ends)`, `frightened of ogre`.
    ConditionAdded {
        creature: String,
        condition: String,
    },
    ConditionRemoved {
        creature: String,
        condition: String,
    },
    Placed {
        creature: String,
        from: Square,
        to: Square,
    },
    CreatureAdded {
        creature: String,
        side: Side,
        at: Square,
    },
    /// Malice given (or taken: a negative amount), and the Director's Malice now.
    Malice {
        amount: i32,
        now: u32,
    },
}

impl Overridden {
    /// The creature it changed, if any.
    pub fn creature(&self) -> Option<&str> {
        match self {
            Overridden::Stamina { creature, .. }
            | Overridden::ConditionAdded { creature, .. }
            | Overridden::ConditionRemoved { creature, .. }
            | Overridden::Placed { creature, .. }
            | Overridden::CreatureAdded { creature, .. } => Some(creature),
            Overridden::Malice { .. } => None,
        }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Outcome {
    Victory,
    Defeat,
}

/// One line of the log (written out as `{seq, rule, reference, ...event}`).
pub type LoggedEvent = Logged<Event>;

/// The fight's log of Draw Steel events.
pub type EventLog = Log<Event>;

impl RuleBook for Event {
    fn find_rule(id: &str) -> Option<Rule> {
        rule::find(id)
    }
}
