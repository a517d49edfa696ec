//! The nine classes and the ways their heroic resources grow, as words (seed 002 L1309-1327,
//! L1353-1362): what a hero record and the log name. The classes' content and the rules that pay
//! the gains are the `class` chapter's.

use serde::{Deserialize, Serialize};

/// The nine classes (seed 002 L1309-1327).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Class {
    Censor,
    Conduit,
    Elementalist,
    Fury,
    Null,
    Shadow,
    Tactician,
    Talent,
    Troubadour,
}

impl Class {
    pub const ALL: [Class; 9] = [
        Class::Censor,
        Class::Conduit,
        Class::Elementalist,
        Class::Fury,
        Class::Null,
        Class::Shadow,
        Class::Tactician,
        Class::Talent,
        Class::Troubadour,
    ];

    /// Its id in content: `censor`, `conduit`, …
    pub fn id(self) -> &'static str {
        match self {
            Class::Censor => "censor",
            Class::Conduit => "conduit",
            Class::Elementalist => "elementalist",
            Class::Fury => "fury",
            Class::Null => "null",
            Class::Shadow => "shadow",
            Class::Tactician => "tactician",
            Class::Talent => "talent",
            Class::Troubadour => "troubadour",
        }
    }
}

/// One way a class's resource grows: `amount` the first time in a round that `on` happens.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Gain {
    pub on: GainOn,
    pub amount: i32,
}

/// What a gain waits for. Squares are counted between footprints as the creatures stand once
/// the command has resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum GainOn {
    /// The hero takes damage (the Fury's Ferocity: pain feeds it).
    TakesDamage,
    /// The hero damages a creature it has taunted, or one it has taunted damages it (the
    /// Censor's Wrath: the foe it has singled out).
    TauntedFoe,
    /// An ally within this many squares becomes winded (the Conduit's Piety: a prayer for
    /// the hurt).
    AllyWinded(u32),
    /// A creature within this many squares (the hero too) takes damage of a type: fire, cold,
    /// acid, … (the Elementalist's Essence).
    TypedDamageWithin(u32),
    /// An enemy within this many squares uses a main action (the Null's Discipline: the
    /// foe's effort against its calm).
    EnemyMainActionWithin(u32),
    /// The hero spends surges (the Shadow's Insight: a weak spot found).
    SurgesSpent,
    /// An ally damages an enemy within this many squares of the hero (the Tactician's
    /// Focus: a plan coming together).
    AllyDamagesEnemyWithin(u32),
    /// A creature within this many squares is force moved (the Talent's Clarity: the mind
    /// feels the world shift).
    ForcedMovementWithin(u32),
    /// Any creature becomes winded (the Troubadour's Drama: the story turns).
    AnyWinded,
    /// A power roll comes up a natural 19 or 20 (the Troubadour's Drama: a great moment).
    NaturalCritical,
}

impl GainOn {
    /// The event in words, for the log: "it took damage".
    pub fn words(self) -> String {
        match self {
            GainOn::TakesDamage => "taking damage".into(),
            GainOn::TauntedFoe => "a fight with the foe it taunted".into(),
            GainOn::AllyWinded(n) => format!("an ally within {n} winded"),
            GainOn::TypedDamageWithin(n) => format!("typed damage within {n}"),
            GainOn::EnemyMainActionWithin(n) => format!("an enemy's main action within {n}"),
            GainOn::SurgesSpent => "spending surges".into(),
            GainOn::AllyDamagesEnemyWithin(n) => format!("an ally hitting an enemy within {n}"),
            GainOn::ForcedMovementWithin(n) => format!("forced movement within {n}"),
            GainOn::AnyWinded => "a creature winded".into(),
            GainOn::NaturalCritical => "a natural 19 or 20".into(),
        }
    }
}

/// Which of its class's gains a hero has had this round: bit `i` for the class's gain `i`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct GainsThisRound {
    pub round: u32,
    pub had: u16,
}

impl GainsThisRound {
    pub fn is_none(&self) -> bool {
        self.had == 0
    }

    /// Take gain `i` if it has not been had in `round`; whether it was taken.
    pub fn take(&mut self, i: usize, round: u32) -> bool {
        if self.round != round {
            *self = GainsThisRound { round, had: 0 };
        }
        let bit = 1 << i;
        let fresh = self.had & bit == 0;
        self.had |= bit;
        fresh
    }
}
