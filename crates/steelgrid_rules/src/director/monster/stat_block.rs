//! The stat block a monster formula gives (seed 002 L4686-4736): what `steelgrid monster`
//! prints. The seed's formulas give no speed, stability or size, so neither does the block.

use std::fmt;

use serde::Serialize;

use super::reading::Reading;
use super::{MonsterFormula, Organization, Role};

/// Every number the formulas derive for one level, organisation and role, under one reading.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct StatBlock {
    pub level: u32,
    pub organization: Organization,
    pub role: Option<Role>,
    pub echelon: u32,
    pub reading: Reading,
    /// EV; for minions the EV of a set of four (seed 002 L4719).
    pub ev: u32,
    /// Stamina; for minions one minion's (seed 002 L4720).
    pub stamina: u32,
    /// Highest characteristic = power-roll bonus (seed 002 L4733).
    pub highest_characteristic: u32,
    /// How many targets its abilities have by default (seed 002 L4735).
    pub default_targets: u32,
    /// A strike's damage at tiers 1-3 against the default targets (seed 002 L4726-4729).
    pub strike_damage: [u32; 3],
    /// Any other ability's damage at tiers 1-3 against the default targets (seed 002 L4726).
    pub damage: [u32; 3],
    /// Free strike damage (seed 002 L4736).
    pub free_strike: u32,
    /// Potency at tiers 1-3 (seed 002 L4734).
    pub potency: [u32; 3],
}

impl MonsterFormula {
    /// The stat block this formula gives under `reading`.
    pub fn stat_block(&self, reading: Reading) -> StatBlock {
        let targets = self.default_targets();
        let tiers = |strike| [1, 2, 3].map(|tier| self.damage(reading, tier, strike, targets));
        StatBlock {
            level: self.level,
            organization: self.organization,
            role: self.role,
            echelon: self.echelon(),
            reading,
            ev: self.ev(),
            stamina: self.stamina(),
            highest_characteristic: self.highest_characteristic(reading),
            default_targets: targets,
            strike_damage: tiers(true),
            damage: tiers(false),
            free_strike: self.free_strike(reading),
            potency: [1, 2, 3].map(|tier| self.potency(reading, tier)),
        }
    }
}

/// `a / b / c`.
fn tiers(values: [u32; 3]) -> String {
    values.map(|v| v.to_string()).join(" / ")
}

/// Several lines, the first naming the monster.
impl fmt::Display for StatBlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let role = self.role.map(|r| format!(" {r:?}")).unwrap_or_default();
        let minion = self.organization == Organization::Minion;
        let (set, each) = if minion {
            (" for four", " each")
        } else {
            ("", "")
        };
        let c = self.highest_characteristic;
        let targets = self.default_targets;
        writeln!(
            f,
            "level {} {:?}{role} (echelon {})",
            self.level, self.organization, self.echelon
        )?;
        writeln!(f, "EV {}{set}", self.ev)?;
        writeln!(f, "Stamina {}{each}", self.stamina)?;
        writeln!(f, "highest characteristic +{c} (power roll +{c})")?;
        writeln!(f, "strike damage {}", tiers(self.strike_damage))?;
        writeln!(f, "other damage {}", tiers(self.damage))?;
        writeln!(f, "free strike {}", self.free_strike)?;
        writeln!(f, "potency {}", tiers(self.potency))?;
        writeln!(
            f,
            "targets {targets} by default: one more × 0.8, more × 0.5, fewer × 1.2 (seed 002 L4735)"
        )?;
        write!(f, "reading: {:?}", self.reading)
    }
}
