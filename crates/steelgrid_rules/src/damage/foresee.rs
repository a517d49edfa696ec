//! What damage would do, worked out before it is dealt, for the previews a player decides by:
//! the same pipeline as the damage stage (seed 002 L3036-3050), temporary Stamina first
//! (L3098), then the state the Stamina left puts the creature in (L3064-3076).

use serde::Serialize;

use crate::creature::{DamageModifiers, Stamina, Vitality};
use crate::damage::{DamageType, compute, stamina::vitality_for, take};

/// One instance of damage a preview foresees, before weakness and immunity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Blow {
    pub amount: u32,
    pub kind: Option<DamageType>,
}

/// What a creature would be left with after the blows foreseen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Aftermath {
    /// The damage it takes, after weakness and immunity.
    pub dealt: u32,
    /// Its Stamina left, temporary Stamina counted; a squad member's squad's pool.
    pub left: i32,
    /// The state that leaves it in: dying for a hero at 0 or below, dead for a Director's
    /// creature at 0 or for a minion whose squad's pool drops it.
    pub state: Vitality,
    /// Members of its squad the damage drops (0 for a creature in no squad).
    pub drops: u32,
}

impl Aftermath {
    /// Whether it would be out of the fight: dead, or a hero dying.
    pub fn falls(&self) -> bool {
        matches!(self.state, Vitality::Dying | Vitality::Dead)
    }
}

/// The blows in turn on a creature that is no squad's member.
pub fn on_creature(
    stamina: &Stamina,
    mods: &DamageModifiers,
    is_hero: bool,
    blows: &[Blow],
) -> Aftermath {
    let mut after = *stamina;
    let mut dealt = 0;
    for blow in blows {
        let amount = compute(blow.amount, blow.kind, false, mods).amount;
        take(&mut after, amount, !is_hero);
        dealt += amount;
    }
    Aftermath {
        dealt,
        left: after.current + after.temporary,
        state: vitality_for(&after, is_hero),
        drops: 0,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::creature::{Amount, DamageModifier};

    fn stamina(current: i32) -> Stamina {
        Stamina {
            current,
            max: 20,
            temporary: 0,
        }
    }

    #[test]
    fn a_weakness_turns_a_wounding_blow_into_a_kill() {
        let mods = DamageModifiers {
            weaknesses: vec![DamageModifier {
                kind: Some(DamageType::Fire),
                amount: Amount::Value(3),
            }],
            ..DamageModifiers::default()
        };
        let fire = Blow {
            amount: 5,
            kind: Some(DamageType::Fire),
        };
        let after = on_creature(&stamina(7), &mods, false, &[fire]);
        assert_eq!(
            (after.dealt, after.left, after.state),
            (8, 0, Vitality::Dead)
        );
        assert!(after.falls());
    }

    #[test]
    fn a_hero_brought_to_zero_is_dying_and_temporary_stamina_soaks_first() {
        let mut s = stamina(4);
        s.temporary = 3;
        let blow = Blow {
            amount: 7,
            kind: None,
        };
        let after = on_creature(&s, &DamageModifiers::default(), true, &[blow]);
        assert_eq!(
            (after.dealt, after.left, after.state),
            (7, 0, Vitality::Dying)
        );
    }
}
