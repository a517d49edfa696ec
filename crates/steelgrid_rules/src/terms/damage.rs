//! The damage types weakness and immunity name, and how long a respite takes. The rules of
//! damage are in `damage`.

use serde::{Deserialize, Serialize};

/// Typed damage (seed 002 L3026-3030). Untyped damage is `None` where a type is optional.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DamageType {
    #[serde(alias = "Acid")]
    Acid,
    #[serde(alias = "Cold")]
    Cold,
    #[serde(alias = "Corruption")]
    Corruption,
    #[serde(alias = "Fire")]
    Fire,
    #[serde(alias = "Holy")]
    Holy,
    #[serde(alias = "Lightning")]
    Lightning,
    #[serde(alias = "Poison")]
    Poison,
    #[serde(alias = "Psychic")]
    Psychic,
    #[serde(alias = "Sonic")]
    Sonic,
}

/// Hours a respite takes, uninterrupted (seed 002 L861).
pub const RESPITE_HOURS: u32 = 24;
