//! What the damage sequence is given: the damage an attack or effect deals ([`Packet`]) and the
//! defensive abilities of the miniature it strikes ([`Defences`]).

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

use super::conditions::Condition;

/// A damage type. The seed names fire (L369, L481) and lightning (L517); the rest of the list is
/// the D&D 4th edition one the cards print (not in seed). `Untyped` sorts first: Resist All is
/// spent on it before any typed damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum DamageType {
    Untyped,
    Acid,
    Cold,
    Fire,
    Force,
    Lightning,
    Necrotic,
    Poison,
    Psychic,
    Radiant,
    Thunder,
}

/// An amount of one damage type, as a card prints it: "5 fire", "20". Resistances and
/// vulnerabilities are written the same way ("Resist 5 fire" is `Damage::new(5, Fire)`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Damage {
    pub amount: u32,
    pub kind: DamageType,
}

impl Damage {
    pub const fn new(amount: u32, kind: DamageType) -> Self {
        Self { amount, kind }
    }

    pub const fn untyped(amount: u32) -> Self {
        Self::new(amount, DamageType::Untyped)
    }
}

/// Where the damage comes from, which decides D1's doubling, D2 and Insubstantial.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Source {
    /// A successful attack (B6), including an [M] attack that deals damage without a d20 roll
    /// (seed 000 L365); a critical doubles the listed damage (L363).
    Hit { critical: bool },
    /// An attack's miss damage (B8): never extra damage (seed 000 L383).
    Miss,
    /// Ongoing damage at the start of the creature's turn (F3): the sequence without D2 (seed
    /// 000 L293). Reading (not in seed): it is dealt by the lasting effect, not by an attack,
    /// so Insubstantial does not halve it.
    Ongoing,
    /// Damage from no attack at all: terrain, for one (seed 000 L527-531, L539).
    Effect,
}

impl Source {
    /// D2 only follows a successful attack (seed 000 L365).
    pub fn successful_attack(self) -> bool {
        matches!(self, Self::Hit { .. })
    }

    /// Insubstantial halves only damage from attacks (seed 000 L457): hit and miss damage.
    pub fn from_attack(self) -> bool {
        matches!(self, Self::Hit { .. } | Self::Miss)
    }

    /// D1: a critical doubles the listed damage (seed 000 L363).
    pub fn critical(self) -> bool {
        matches!(self, Self::Hit { critical: true })
    }
}

/// One halving effect of D3 (seed 000 L367).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Halving {
    /// The target's ability; only against damage from attacks (seed 000 L457).
    Insubstantial,
    /// The attacker's condition; Weakened is the same (seed 000 L511).
    Enervated,
}

/// The damage one run of the sequence deals, before D1.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Packet {
    pub source: Source,
    /// The damage the card or effect lists; doubled on a critical (D1).
    pub listed: Vec<Damage>,
    /// The ongoing damage the hit starts: never doubled (D1), never dealt now.
    pub ongoing: Vec<Damage>,
    /// Extra damage from champion powers, abilities and special powers, offered for D2.
    pub extra: Vec<Damage>,
    /// The attacker is enervated (or weakened): its damage is halved in D3.
    pub attacker_enervated: bool,
}

impl Packet {
    /// `listed` damage from `source`, with no ongoing, no extra and a hale attacker.
    pub fn new(source: Source, listed: Vec<Damage>) -> Self {
        Self {
            source,
            listed,
            ongoing: Vec::new(),
            extra: Vec::new(),
            attacker_enervated: false,
        }
    }

    /// The halving effects that apply to this damage against `defences`, in the order D3
    /// applies them.
    pub fn halvings(&self, defences: &Defences) -> Vec<Halving> {
        let insubstantial = defences.insubstantial && self.source.from_attack();
        [
            (insubstantial, Halving::Insubstantial),
            (self.attacker_enervated, Halving::Enervated),
        ]
        .into_iter()
        .filter_map(|(applies, halving)| applies.then_some(halving))
        .collect()
    }
}

/// A miniature's defensive abilities, as its card prints them.
#[derive(Component, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Defences {
    /// Resist X All (seed 000 L481); 0 for none.
    pub resist_all: u32,
    /// Typed resistances: "Resist 5 fire" (seed 000 L367).
    pub resist: Vec<Damage>,
    /// Vulnerabilities: "Vulnerable 5 fire" (seed 000 L369).
    pub vulnerable: Vec<Damage>,
    /// Damage types it takes none of (not in seed).
    pub immune: Vec<DamageType>,
    /// Conditions it is immune to, and so to the lower ones of the ladder (seed 000 L453).
    pub immune_conditions: Vec<Condition>,
    /// Insubstantial: halves damage from attacks (seed 000 L457).
    pub insubstantial: bool,
}

impl Defences {
    /// Its resistance to `kind`; of two printed for one type the higher counts (not in seed).
    pub fn resistance(&self, kind: DamageType) -> u32 {
        strongest(&self.resist, kind)
    }

    /// Its vulnerability to `kind`; of two printed for one type the higher counts (not in seed).
    pub fn vulnerability(&self, kind: DamageType) -> u32 {
        strongest(&self.vulnerable, kind)
    }

    /// Whether it takes no damage of `kind` (not in seed).
    pub fn immune_to(&self, kind: DamageType) -> bool {
        self.immune.contains(&kind)
    }
}

fn strongest(list: &[Damage], kind: DamageType) -> u32 {
    list.iter()
        .filter(|d| d.kind == kind)
        .map(|d| d.amount)
        .max()
        .unwrap_or(0)
}
