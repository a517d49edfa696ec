//! Helpless defenders and the coup de grace (seed 001 L244-251). What helplessness does to AC
//! is the AC table's ([`super::modifiers::to_ac`]); this is the finishing blow.

use steelgrid_kernel::rule::RuleError;

use crate::rule;

/// What the attacker brings to a coup de grace.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Finisher {
    /// A melee weapon, or a bow or crossbow used from an adjacent square (seed 001 L248).
    pub melee_or_adjacent_bow: bool,
    /// The target is immune to critical hits (seed 001 L251).
    pub target_immune_to_criticals: bool,
    pub target_helpless: bool,
}

/// Whether a coup de grace may be attempted (seed 001 L248, L251).
pub fn may_finish(f: Finisher) -> Result<(), RuleError> {
    let refuse = |why: &str| Err(RuleError::new(rule::COUP_DE_GRACE, why));
    if !f.target_helpless {
        return refuse("a coup de grace is only for a helpless foe");
    }
    if !f.melee_or_adjacent_bow {
        return refuse(
            "a coup de grace needs a melee weapon, or a bow or crossbow from beside the foe",
        );
    }
    if f.target_immune_to_criticals {
        return refuse("a foe immune to critical hits can't be given a coup de grace");
    }
    Ok(())
}

/// The Fortitude save a survivor of a coup de grace makes or dies: DC 10 + the damage dealt
/// (seed 001 L249).
pub fn fortitude_dc(damage: i32) -> i32 {
    10 + damage
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dnd_31_a_coup_de_grace_of_14_damage_calls_for_a_dc_24_fortitude_save() {
        assert_eq!(fortitude_dc(14), 24);
    }

    #[test]
    fn a_coup_de_grace_needs_a_helpless_foe_a_melee_weapon_and_a_foe_that_takes_criticals() {
        let ok = Finisher {
            melee_or_adjacent_bow: true,
            target_helpless: true,
            ..Finisher::default()
        };
        assert!(may_finish(ok).is_ok());
        for bad in [
            Finisher {
                target_helpless: false,
                ..ok
            },
            Finisher {
                melee_or_adjacent_bow: false,
                ..ok
            },
            Finisher {
                target_immune_to_criticals: true,
                ..ok
            },
        ] {
            assert_eq!(may_finish(bad).unwrap_err().rule.id, "d20.coup_de_grace");
        }
    }
}
