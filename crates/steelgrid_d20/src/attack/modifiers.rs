//! The two modifier tables (seed 001 L166-197): what the attacker's state does to its roll and
//! what the defender's state does to its Armour Class, melee and ranged apart. Each modifier
//! carries its rule and its reason, for the log and the preview's list.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::rule::Rule;

use crate::options::HelplessAc;
use crate::rule;

/// Melee or ranged: the tables have a column for each.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum AttackKind {
    Melee,
    Ranged,
}

/// One number added to a roll or to AC, with the rule and the reason.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Modifier {
    pub rule: Rule,
    pub value: i32,
    pub reason: String,
}

impl Modifier {
    pub fn new(rule: Rule, value: i32, reason: impl Into<String>) -> Self {
        Modifier {
            rule,
            value,
            reason: reason.into(),
        }
    }
}

/// The attacker's side of the table (seed 001 L166-175).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Attacker {
    pub dazzled: bool,
    pub entangled: bool,
    pub flanking: bool,
    pub invisible: bool,
    pub on_higher_ground: bool,
    pub prone: bool,
    pub shaken: bool,
    pub squeezing: bool,
    /// Dealing nonlethal damage with a lethal weapon, or the other way round (seed 001 L64-65).
    pub against_its_weapon: bool,
}

/// The defender's side (seed 001 L180-194). Cover and concealment are their own rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Defender {
    /// The Dexterity bonus in its AC, lost when blinded, cowering, stunned, helpless, flat-footed
    /// or against an invisible attacker.
    pub dex_bonus: i32,
    pub blinded: bool,
    pub cowering: bool,
    pub flat_footed: bool,
    pub helpless: bool,
    pub kneeling: bool,
    pub pinned: bool,
    pub prone: bool,
    pub squeezing: bool,
    pub stunned: bool,
}

/// The attacker's modifiers to its roll (seed 001 L166-178).
pub fn to_hit(a: &Attacker, kind: AttackKind) -> Vec<Modifier> {
    let melee = kind == AttackKind::Melee;
    let m = |v, why: &str| Modifier::new(rule::ATTACK_MODIFIERS, v, why);
    let mut out = Vec::new();
    if a.dazzled {
        out.push(m(-1, "dazzled"));
    }
    if a.entangled {
        out.push(m(-2, "entangled"));
    }
    if a.flanking && melee {
        out.push(Modifier::new(rule::FLANKING, 2, "flanking"));
    }
    if a.invisible {
        out.push(m(2, "invisible"));
    }
    if a.on_higher_ground && melee {
        out.push(m(1, "on higher ground"));
    }
    if a.prone && melee {
        // seed 001 L178: most ranged weapons can't be used prone at all; that is the attack's
        // own check.
        out.push(m(-4, "prone"));
    }
    if a.shaken {
        out.push(m(-2, "shaken or frightened"));
    }
    if a.squeezing {
        out.push(Modifier::new(rule::SQUEEZE, -4, "squeezing"));
    }
    if a.against_its_weapon {
        out.push(Modifier::new(
            rule::NONLETHAL,
            -4,
            "damage of the other kind than its weapon deals",
        ));
    }
    out
}

/// The defender's modifiers to its AC (seed 001 L180-197, L247), given what the attacker is.
pub fn to_ac(
    d: &Defender,
    kind: AttackKind,
    attacker_invisible: bool,
    helpless: HelplessAc,
) -> Vec<Modifier> {
    let melee = kind == AttackKind::Melee;
    let m = |v, why: &str| Modifier::new(rule::AC_MODIFIERS, v, why);
    let mut out = Vec::new();
    let loses_dex = d.blinded
        || d.cowering
        || d.stunned
        || d.flat_footed
        || d.helpless
        || d.pinned
        || attacker_invisible;
    if loses_dex && d.dex_bonus > 0 {
        out.push(m(-d.dex_bonus, "loses its Dexterity bonus to AC"));
    }
    if d.blinded || d.cowering || d.stunned {
        out.push(m(-2, stunned_word(d)));
    }
    if d.helpless && helpless == HelplessAc::DexterityZero {
        // seed 001 L247: Dexterity counts as 0, a modifier of -5 (AMB-23).
        out.push(Modifier::new(
            rule::HELPLESS,
            -5,
            "helpless: Dexterity counts as 0",
        ));
    }
    if (d.helpless || d.pinned) && melee {
        out.push(Modifier::new(rule::HELPLESS, -4, "helpless against melee"));
    }
    if d.kneeling {
        out.push(m(if melee { -2 } else { 2 }, "kneeling or sitting"));
    }
    if d.prone {
        out.push(m(if melee { -4 } else { 4 }, "prone"));
    }
    if d.squeezing {
        out.push(Modifier::new(rule::SQUEEZE, -4, "squeezing"));
    }
    out
}

fn stunned_word(d: &Defender) -> &'static str {
    if d.stunned {
        "stunned"
    } else if d.cowering {
        "cowering"
    } else {
        "blinded"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sum(m: &[Modifier]) -> i32 {
        m.iter().map(|m| m.value).sum()
    }

    #[test]
    fn dnd_31_a_helpless_defender_with_ac_18_has_7_against_melee_and_11_against_ranged() {
        let d = Defender {
            dex_bonus: 2,
            helpless: true,
            ..Defender::default()
        };
        let melee = to_ac(&d, AttackKind::Melee, false, HelplessAc::DexterityZero);
        let ranged = to_ac(&d, AttackKind::Ranged, false, HelplessAc::DexterityZero);
        assert_eq!(18 + sum(&melee), 7);
        assert_eq!(18 + sum(&ranged), 11);
        // The table's note alone (the other reading of AMB-23): the Dexterity bonus lost.
        let note = to_ac(&d, AttackKind::Ranged, false, HelplessAc::LosesDexBonus);
        assert_eq!(18 + sum(&note), 16);
    }

    #[test]
    fn prone_defenders_are_easier_in_melee_and_harder_at_range() {
        let d = Defender {
            prone: true,
            ..Defender::default()
        };
        assert_eq!(
            sum(&to_ac(&d, AttackKind::Melee, false, HelplessAc::default())),
            -4
        );
        assert_eq!(
            sum(&to_ac(&d, AttackKind::Ranged, false, HelplessAc::default())),
            4
        );
    }

    #[test]
    fn flanking_and_higher_ground_help_only_in_melee() {
        let a = Attacker {
            flanking: true,
            on_higher_ground: true,
            shaken: true,
            ..Attacker::default()
        };
        assert_eq!(sum(&to_hit(&a, AttackKind::Melee)), 1);
        assert_eq!(sum(&to_hit(&a, AttackKind::Ranged)), -2);
        let named: Vec<_> = to_hit(&a, AttackKind::Melee)
            .iter()
            .map(|m| m.rule.id)
            .collect();
        assert!(named.contains(&"d20.flanking"));
    }

    #[test]
    fn squeezing_costs_four_on_both_sides_and_an_invisible_attacker_denies_dexterity() {
        let a = Attacker {
            squeezing: true,
            invisible: true,
            ..Attacker::default()
        };
        assert_eq!(sum(&to_hit(&a, AttackKind::Ranged)), -2);
        let d = Defender {
            dex_bonus: 3,
            squeezing: true,
            ..Defender::default()
        };
        assert_eq!(
            sum(&to_ac(&d, AttackKind::Melee, true, HelplessAc::default())),
            -7
        );
    }
}
