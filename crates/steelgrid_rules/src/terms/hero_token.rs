//! What heroes spend surges and hero tokens on, and the heroes' shared pool. The rules of
//! spending them are in `ability::hero_token`.

use std::collections::BTreeSet;

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Serialize};

use crate::terms::condition::Condition;

/// What a hero token buys.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum TokenBenefit {
    /// One token: 2 surges.
    Surges,
    /// One token: the saving throw just failed succeeds instead.
    Save,
    /// Two tokens: regain Stamina equal to the recovery value.
    Stamina,
    /// One token: reroll the test just made; the new roll stands (seed 002 L766, L1862).
    Reroll,
}

impl TokenBenefit {
    pub fn cost(self) -> u32 {
        match self {
            TokenBenefit::Surges | TokenBenefit::Save | TokenBenefit::Reroll => 1,
            TokenBenefit::Stamina => 2,
        }
    }
}

/// Surges a hero spends on one ability use: `damage` surges (at most 3) on `damage_target`,
/// and 2 surges for +1 potency against each of `potency`.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SurgeSpend {
    #[serde(default)]
    pub damage: u32,
    #[serde(default)]
    pub damage_target: Option<String>,
    #[serde(default)]
    pub potency: Vec<String>,
}

impl SurgeSpend {
    pub fn is_empty(&self) -> bool {
        self.damage == 0 && self.potency.is_empty()
    }

    /// Surges it costs.
    pub fn cost(&self) -> u32 {
        self.damage + 2 * self.potency.len() as u32
    }
}

/// The pool and the windows in which tokens may be spent.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct HeroTokens {
    pub pool: u32,
    /// Heroes who have had a token benefit this turn.
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub used_this_turn: BTreeSet<String>,
    /// Saving throws failed by the last command, which a token may still turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub failed_saves: Vec<(String, Condition)>,
    /// Creatures damaged by the last command (a hero may spend 2 tokens to recover then).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub just_damaged: Vec<String>,
}
