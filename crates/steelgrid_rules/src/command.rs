//! Commands: every player, Director or AI intent, serializable, validated before it changes
//! anything. A refused command names the rule that forbids it.

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::creature::{Characteristic, Side};
use crate::grid::Square;
use crate::power_roll::Tier;
use crate::terms::damage::DamageType;
use crate::terms::forced::ForcedKind;

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Command {
    /// The side that won the first-side roll picks who goes first (seed 002 L2504).
    ChooseFirstSide { side: Side },
    /// The side whose pick it is starts a creature's turn (seed 002 L2506-2512).
    StartTurn { creature: String },
    /// Advance: move up to speed along `path`, one adjacent square per step, not counting the
    /// starting square (seed 002 L2821-2827).
    Advance { creature: String, path: Vec<Square> },
    /// Fly: move through the air, each step to an adjacent square and up to 1 square up or down;
    /// `path` lists `(x, y, z)`, z the height of the bottom of the creature's space
    /// (seed 002 L2688-2694).
    Fly {
        creature: String,
        path: Vec<(i32, i32, i32)>,
    },
    /// Disengage: shift 1 square; shifting never provokes opportunity attacks
    /// (seed 002 L2829-2831).
    Disengage { creature: String, path: Vec<Square> },
    /// The Free Strike main action (seed 002 L2950-2952).
    FreeStrike {
        attacker: String,
        target: String,
        /// Ranged free strike (Ranged 5) instead of melee (Melee 1); a Director creature's
        /// reach farther when its signature ability does (seed 002 L4150-4152).
        #[serde(default)]
        ranged: bool,
        /// Might or Agility; the higher of the two when left out.
        #[serde(default)]
        characteristic: Option<Characteristic>,
        /// Take at most this tier (seed 002 L689-693: a lower tier may always be chosen).
        #[serde(default)]
        tier: Option<Tier>,
        /// Knock the target out instead of killing it (seed 002 L3084).
        #[serde(default)]
        knock_out: bool,
        /// Edges and banes the Director imposes from the situation (seed 002 L724-726).
        #[serde(default)]
        edges: u32,
        #[serde(default)]
        banes: u32,
        #[serde(default)]
        bonus: i32,
        #[serde(default)]
        penalty: i32,
        /// For a Director creature whose signature ability deals several damage types, the
        /// one to deal; left out, the type the target takes the most from (seed 002 L4154).
        #[serde(default)]
        damage_type: Option<DamageType>,
    },
    /// The Charge main action: move up to speed in a straight line, never through difficult
    /// terrain or enemies, then make a melee free strike against `target` (seed 002 L2940-2944).
    Charge {
        creature: String,
        path: Vec<Square>,
        target: String,
    },
    /// The Heal main action: an adjacent ally spends a Recovery to regain Stamina
    /// (seed 002 L2954-2956); a creature without Recoveries regains a third of its maximum
    /// (L3080).
    Heal { creature: String, target: String },
    /// The Defend main action: ability rolls against you take a double bane until the start
    /// of your next turn (seed 002 L2946-2948).
    Defend { creature: String },
    /// The Catch Breath maneuver: spend a Recovery to regain the recovery value (seed 002 L845-851).
    CatchBreath { creature: String },
    /// Damage from the environment or a hazard, as the Director adjudicates it (seed 002 L3024).
    EnvironmentDamage {
        target: String,
        amount: u32,
        #[serde(default)]
        damage_type: Option<DamageType>,
        #[serde(default)]
        halved: bool,
    },
    /// Forced movement from any source the Director adjudicates (an effect, a hazard, a
    /// scripted event): push, pull or slide along `path` (seed 002 L2738-2819).
    ForceMove {
        /// The creature making the push or pull (required for those; optional for a slide).
        #[serde(default)]
        forcer: Option<String>,
        target: String,
        kind: ForcedKind,
        distance: u32,
        /// From a melee weapon ability: +1 against a smaller target.
        #[serde(default)]
        melee_weapon: bool,
        /// Stability the target uses (at most its own); all of it when left out.
        #[serde(default)]
        stability: Option<u32>,
        /// Squares of the distance the forcer uses; all of them when left out.
        #[serde(default)]
        chosen: Option<u32>,
        path: Vec<Square>,
        /// Hurl the target through objects when enough movement is left.
        #[serde(default = "yes")]
        break_objects: bool,
        /// A vertical push, pull or slide: it may also move the target up or down
        /// (seed 002 L2754-2758; always so for a flying target).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        vertical: bool,
        /// For a vertical movement, the height of the bottom of the target's space after each
        /// step of `path`; left out, the steps keep to the ground and its slopes.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        heights: Vec<i32>,
    },
    /// The Knockback maneuver: power roll + Might, push 1/2/3 an adjacent creature no bigger
    /// than you (or no bigger than your Might, with Might 2+); a `ForceMove` then chooses
    /// the path (seed 002 L2897-2912).
    Knockback { creature: String, target: String },
    /// The Grab maneuver: power roll + Might against an adjacent creature no bigger than you (or
    /// than your Might, with Might 2+); tier 2 grabs after the target's free strike, tier 3
    /// grabs outright (seed 002 L2872-2891).
    Grab { creature: String, target: String },
    /// The Escape Grab maneuver: power roll + Might or Agility, with a bane when smaller than
    /// the grabber; tier 2 escapes after the grabber's free strike (seed 002 L2853-2870).
    EscapeGrab { creature: String },
    /// Let go of the creature you are grabbing (no action, seed 002 L1747).
    Release { creature: String },
    /// The Aid Attack maneuver: the first ability roll an ally makes against an adjacent enemy
    /// before your next turn has an edge (seed 002 L2843-2845).
    AidAttack { creature: String, target: String },
    /// The Stand Up maneuver: end prone (seed 002 L1757).
    StandUp { creature: String },
    /// Use one of the creature's abilities (seed 002 L1333-1675). `targets` names the chosen
    /// targets in the order their forced movement is placed; an area ability that affects
    /// "each" creature in it may leave them out. A cube is placed by its top-left square `at`,
    /// a line by its first square `at` and its `direction`, a wall by its `squares`.
    UseAbility {
        creature: String,
        ability: String,
        #[serde(default)]
        targets: Vec<String>,
        #[serde(default)]
        at: Option<Square>,
        #[serde(default)]
        direction: Option<crate::terms::ability::Direction>,
        #[serde(default)]
        squares: Vec<Square>,
        /// Objects targeted, by their squares ("one creature or object").
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        objects: Vec<Square>,
        /// For a "Melee X or Ranged Y" ability: use it at range.
        #[serde(default)]
        ranged: bool,
        /// Take at most this tier (seed 002 L689-693).
        #[serde(default)]
        tier: Option<Tier>,
        /// When the targets get different tiers, the tier whose outcome for the user (not the
        /// targets) applies, once; left out, or a tier no target got, the highest
        /// (seed 002 L1565).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        user_tier: Option<Tier>,
        /// Pay for the ability's optional extra ("Spend X: …", seed 002 L1665-1667).
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        spend: bool,
        /// Surges the hero spends on it (seed 002 L1646-1655).
        #[serde(
            default,
            skip_serializing_if = "crate::terms::hero_token::SurgeSpend::is_empty"
        )]
        surges: crate::terms::hero_token::SurgeSpend,
        /// Members of the user's minion squad joining its signature strike, each with its
        /// target: one roll for all of them (seed 002 L4420-4428).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        squad: Vec<SquadMate>,
    },
    /// End a condition you imposed with an ability, as a free maneuver (seed 002 L1695-1697).
    EndEffect {
        creature: String,
        target: String,
        condition: crate::terms::condition::Condition,
    },
    /// The Hide maneuver: hide from every enemy the creature has cover from
    /// (seed 002 L2265-2281, L2893-2895).
    Hide { creature: String },
    /// The Search maneuver: look for creatures hidden from you within 10 squares
    /// (seed 002 L2283-2287, L2920-2922).
    Search { creature: String },
    /// Spend from the heroes' hero tokens (seed 002 L746-773).
    SpendHeroToken {
        creature: String,
        benefit: crate::terms::hero_token::TokenBenefit,
    },
    /// Buy a Malice feature for a Director creature at the start of its turn
    /// (seed 002 L4340-4362).
    SpendMalice {
        creature: String,
        spend: crate::terms::director::MaliceSpend,
    },
    /// Make a test (seed 002 L1803-1862): 2d10 + the characteristic, +2 with an applicable
    /// skill (L2025-2029), read against the difficulty's column. It takes the main action, or
    /// a maneuver with `maneuver` (L1961). `task` answers a test the scenario called for: the
    /// call sets the characteristic, difficulty, skills and action, which may then be left out.
    MakeTest {
        creature: String,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<String>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        characteristic: Option<Characteristic>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        difficulty: Option<crate::power_roll::test_roll::Difficulty>,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<String>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        maneuver: bool,
    },
    /// Once the fight is over, the Director gives `amount` Victories to each hero named (every
    /// living hero when none is), or takes some back (seed 002 L815-829: more for a hard
    /// fight, none for a trivial one, 1 for a challenge met without a fight).
    AwardVictories {
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        heroes: Vec<String>,
        amount: i32,
    },
    /// Once the fight is over, a respite: after 24 uninterrupted hours each living hero regains
    /// its Recoveries and Stamina and turns its Victories into experience; `hours` short of 24
    /// (an interruption) gives nothing (seed 002 L859-867).
    Respite {
        #[serde(default = "full_day")]
        hours: u32,
    },
    /// Once the fight is over, begin a montage test: its limits follow the difficulty and the
    /// heroes fit to take part; it lasts `rounds` rounds, 2 by default (seed 002 L2319-2386).
    StartMontage {
        task: String,
        difficulty: crate::power_roll::test_roll::Difficulty,
        #[serde(default = "two")]
        rounds: u32,
    },
    /// A hero's montage turn spent on a test: each hero once a round, a skill once a montage
    /// (seed 002 L2323-2351).
    MontageTest {
        creature: String,
        characteristic: Characteristic,
        difficulty: crate::power_roll::test_roll::Difficulty,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        skill: Option<String>,
    },
    /// A hero's montage turn spent doing nothing (seed 002 L2327).
    MontagePass { creature: String },
    /// The creature whose turn it is ends it (seed 002 L2538-2542).
    EndTurn { creature: String },
    /// A creature the open trigger window waits on lets the moment pass, using none of its
    /// triggered abilities (seed 002 L2544-2552). Using one is a `UseAbility`.
    PassTrigger { creature: String },
    /// The Dig maneuver: a burrower moves straight up or down to `depth` squares below the
    /// ground, at most its size away (seed 002 L2608-2612).
    Dig { creature: String, depth: u32 },
    /// The Claw Dirt maneuver of a creature without burrow: 1 square into, out of or through
    /// dirt, ending at `to`, `depth` squares below the ground (seed 002 L2628-2639).
    ClawDirt {
        creature: String,
        to: Square,
        depth: u32,
    },
    /// A maneuver pulling an adjacent, willing burrower fully underground up 1 square
    /// (seed 002 L2626).
    PullUp { creature: String, target: String },
    /// Queue die faces for the next rolls (scripted dice).
    ScriptDice { faces: Vec<u32> },
    /// Open a what-if branch (a table tool, not a rule of the seed): from here the dice come
    /// from a stream of the branch's own, named by `stream`, so a roll tried in the branch is
    /// never the roll the real game makes next. Accepted at any moment, even while a choice
    /// waits; it cannot be undone.
    WhatIf { stream: u64 },
    /// Leave the map from an exit zone, using the move action: the creature is out of the fight
    /// (seed 002 L4663-4665, L3205-3209).
    Flee { creature: String },
    /// Teleport a creature an ability let its user teleport, to `to`: a free square within
    /// the distance, in line of effect from where it starts and from the user; a prone one
    /// arrives standing if `stand` (seed 002 L2696-2708; digest A-37).
    Teleport {
        target: String,
        to: Square,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        stand: bool,
    },
    /// Move (or shift) a creature an ability let move up to N squares, along `path`, never
    /// beyond its current speed (seed 002 L2584, L2590-2594).
    GrantedMove { creature: String, path: Vec<Square> },
    /// Come down on `to` after falling onto another creature: one of the nearest free squares
    /// beside it, the faller's choice (seed 002 L2718). Answers a pending landing only.
    Land { creature: String, to: Square },
    /// The Director, on `creature`'s turn, breaks its forces' morale: Last-Stand Stamina, an
    /// optional rule (seed 002 L4667-4669).
    LastStand { creature: String },
    /// Spend a maneuver on a Complete the Action task while standing in its zone
    /// (seed 002 L4616-4621).
    WorkOnTask { creature: String },
    /// Climb onto an adjacent willing creature larger than you, with no roll, sitting on its
    /// square `square` (your space's top-left square): you ride it if it has the Mount role,
    /// else you cling to it. It takes the move action (seed 002 L2650-2652, L3127).
    Mount {
        creature: String,
        mount: String,
        square: Square,
    },
    /// Try to climb an adjacent unwilling creature larger than you, with the move action:
    /// power roll + Might or Agility (the higher when left out); tier 1 fails and it may make a
    /// free strike against you, tier 2 fails, tier 3 puts you on its square `square`
    /// (seed 002 L2650-2658).
    ClimbCreature {
        creature: String,
        target: String,
        square: Square,
        #[serde(default)]
        characteristic: Option<Characteristic>,
    },
    /// Climb down from the creature you ride or climb into the free square `to` beside it,
    /// with the move action.
    Dismount { creature: String, to: Square },
    /// The Ride move action: your mount moves along `path` up to its speed and carries you, or
    /// with `disengage` takes the Disengage move action (seed 002 L2833-2835).
    Ride {
        creature: String,
        path: Vec<Square>,
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        disengage: bool,
    },
    /// The maneuver to shake off `target`, riding or climbing you: it rolls to hold on
    /// (seed 002 L2660-2666).
    ShakeOff { creature: String, target: String },
    /// The Director's hand at the table, not a rule of the seed (rule `director.override`):
    /// set a creature's Stamina, give or end a condition, put a creature on a square, bring a
    /// creature in from a template, or give or take Malice. Accepted at any moment of an
    /// unfinished fight (after any choice the rules wait for); it is no creature's action and
    /// takes no turn. The AI never gives one.
    DirectorOverride(Override),
}

/// What a Director override does (`DirectorOverride(SetStamina(creature: "ogre", stamina: 12))`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Override {
    /// Set the creature's current Stamina: a hero's or retainer's from minus its winded value
    /// to its maximum, any other creature's from 0 to its maximum. At 0 or below a hero is
    /// dying and a Director creature dead, as damage would leave them.
    SetStamina { creature: String, stamina: i32 },
    /// Give the creature a condition it does not have, for `duration` (save ends when left
    /// out); frightened and taunted are `of` a creature.
    AddCondition {
        creature: String,
        condition: crate::terms::condition::Condition,
        #[serde(default = "save_ends")]
        duration: crate::terms::condition::Duration,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        of: Option<String>,
    },
    /// End a condition the creature has.
    RemoveCondition {
        creature: String,
        condition: crate::terms::condition::Condition,
    },
    /// Put the creature's space at `at` (its top-left square): a free space on the map. It
    /// does not move there, so nothing provokes and nothing is spent.
    Place { creature: String, at: Square },
    /// Bring in a creature made from a template, at its `position`.
    AddCreature(NewCreature),
    /// Give the Director `amount` Malice, or take some with a negative amount (never below 0).
    GiveMalice { amount: i32 },
}

/// A creature the Director brings in: `(id: "hound2", template: "ember_hound", position: (3, 4))`,
/// from the scenario's templates or the built-in library; `name`, `side` and `group` (its
/// initiative group) replace the template's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct NewCreature {
    pub id: String,
    pub template: String,
    pub position: Square,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub name: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub side: Option<Side>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
}

/// A squad member joining a squad strike, and the creature it strikes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SquadMate {
    pub minion: String,
    pub target: String,
}

impl Command {
    /// `creature` makes the test a scenario called for as `task`, with what the call names
    /// (seed 002 L1961-1971).
    pub fn called_test(creature: &str, task: &str) -> Command {
        Command::MakeTest {
            creature: creature.to_owned(),
            task: Some(task.to_owned()),
            characteristic: None,
            difficulty: None,
            skill: None,
            maneuver: false,
        }
    }

    /// A plain free strike: the higher of Might and Agility, no tier cap, no knock-out, nothing
    /// the Director adds.
    pub fn free_strike(
        attacker: impl Into<String>,
        target: impl Into<String>,
        ranged: bool,
    ) -> Command {
        Command::FreeStrike {
            attacker: attacker.into(),
            target: target.into(),
            ranged,
            characteristic: None,
            tier: None,
            knock_out: false,
            edges: 0,
            banes: 0,
            bonus: 0,
            penalty: 0,
            damage_type: None,
        }
    }

    /// A plain use of an ability on `targets`: no area placed, no tier chosen, nothing spent.
    pub fn use_ability(
        creature: impl Into<String>,
        ability: impl Into<String>,
        targets: Vec<String>,
    ) -> Command {
        Command::UseAbility {
            creature: creature.into(),
            ability: ability.into(),
            targets,
            at: None,
            direction: None,
            squares: Vec::new(),
            objects: Vec::new(),
            ranged: false,
            tier: None,
            user_tier: None,
            spend: false,
            surges: Default::default(),
            squad: Vec::new(),
        }
    }

    /// The command in one line of RON, as command files write it.
    pub fn to_ron(&self) -> String {
        ron::to_string(self).unwrap_or_else(|_| self.name().to_owned())
    }

    /// A short name for the log and error messages.
    /// A command for between fights, the only kind that may follow the end of the encounter:
    /// Victories, a respite or a montage (seed 002 L815-867, L2319-2409).
    pub fn between_fights(&self) -> bool {
        matches!(
            self,
            Command::AwardVictories { .. }
                | Command::Respite { .. }
                | Command::StartMontage { .. }
                | Command::MontageTest { .. }
                | Command::MontagePass { .. }
        )
    }

    pub fn name(&self) -> &'static str {
        match self {
            Command::ChooseFirstSide { .. } => "ChooseFirstSide",
            Command::StartTurn { .. } => "StartTurn",
            Command::Advance { .. } => "Advance",
            Command::Disengage { .. } => "Disengage",
            Command::Fly { .. } => "Fly",
            Command::FreeStrike { .. } => "FreeStrike",
            Command::CatchBreath { .. } => "CatchBreath",
            Command::Heal { .. } => "Heal",
            Command::Charge { .. } => "Charge",
            Command::AidAttack { .. } => "AidAttack",
            Command::Defend { .. } => "Defend",
            Command::EnvironmentDamage { .. } => "EnvironmentDamage",
            Command::EndTurn { .. } => "EndTurn",
            Command::ForceMove { .. } => "ForceMove",
            Command::StandUp { .. } => "StandUp",
            Command::Knockback { .. } => "Knockback",
            Command::Grab { .. } => "Grab",
            Command::EscapeGrab { .. } => "EscapeGrab",
            Command::Release { .. } => "Release",
            Command::ScriptDice { .. } => "ScriptDice",
            Command::WhatIf { .. } => "WhatIf",
            Command::Flee { .. } => "Flee",
            Command::WorkOnTask { .. } => "WorkOnTask",
            Command::UseAbility { .. } => "UseAbility",
            Command::SpendHeroToken { .. } => "SpendHeroToken",
            Command::Hide { .. } => "Hide",
            Command::EndEffect { .. } => "EndEffect",
            Command::Search { .. } => "Search",
            Command::MakeTest { .. } => "MakeTest",
            Command::SpendMalice { .. } => "SpendMalice",
            Command::PassTrigger { .. } => "PassTrigger",
            Command::Dig { .. } => "Dig",
            Command::ClawDirt { .. } => "ClawDirt",
            Command::PullUp { .. } => "PullUp",
            Command::Mount { .. } => "Mount",
            Command::ClimbCreature { .. } => "ClimbCreature",
            Command::Dismount { .. } => "Dismount",
            Command::Ride { .. } => "Ride",
            Command::ShakeOff { .. } => "ShakeOff",
            Command::Teleport { .. } => "Teleport",
            Command::GrantedMove { .. } => "GrantedMove",
            Command::Land { .. } => "Land",
            Command::LastStand { .. } => "LastStand",
            Command::AwardVictories { .. } => "AwardVictories",
            Command::Respite { .. } => "Respite",
            Command::StartMontage { .. } => "StartMontage",
            Command::MontageTest { .. } => "MontageTest",
            Command::MontagePass { .. } => "MontagePass",
            Command::DirectorOverride(_) => "DirectorOverride",
        }
    }
}

fn yes() -> bool {
    true
}

fn full_day() -> u32 {
    crate::terms::damage::RESPITE_HOURS
}

fn two() -> u32 {
    2
}

fn save_ends() -> crate::terms::condition::Duration {
    crate::terms::condition::Duration::SaveEnds
}

/// The command being resolved by the rules schedule.
#[derive(Resource, Clone, Debug, Default)]
pub struct CurrentCommand(pub Option<Command>);

/// Why a command was refused: the kernel's refusal, naming a Draw Steel rule.
pub use steelgrid_kernel::rule::RuleError;
