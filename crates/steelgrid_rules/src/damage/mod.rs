//! Damage: types, weakness then immunity (highest of each only), halving, temporary Stamina
//! absorbing first (seed 002 L3022-3050, L3094-3102). The damage stage drains the damage that
//! the command stage queued.

pub use crate::terms::damage::DamageType;

pub mod foresee;
pub mod respite;
pub mod stamina;

use bevy_ecs::prelude::*;

use crate::creature::{
    Amount, CreatureId, DamageModifier, DamageModifiers, Hero, Retainer, Stamina,
};
use crate::event::{Event, EventLog};
use crate::rule;

/// Damage on its way to a creature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageRequest {
    pub target: Entity,
    /// Who or what dealt it, for the log.
    pub source: String,
    pub amount: u32,
    pub damage_type: Option<DamageType>,
    /// Halved (rounded down) before weakness and immunity (seed 002 L781-783; digest A-41).
    pub halved: bool,
    /// The source chose to knock the target out rather than kill it (seed 002 L3084).
    pub knock_out: bool,
}

/// Damage queued by the command stage for the damage stage.
#[derive(Resource, Default, Debug)]
pub struct PendingDamage(pub Vec<DamageRequest>);

/// Creatures hit during this command, with the source's knock-out choice, for the Stamina
/// stage.
#[derive(Resource, Default, Debug)]
pub struct RecentHits(pub Vec<(Entity, bool)>);

/// The arithmetic of one instance of damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageBreakdown {
    pub base: u32,
    pub after_halving: u32,
    pub weakness: u32,
    pub immunity: u32,
    pub immune: bool,
    pub amount: u32,
}

fn applies(m: &DamageModifier, kind: Option<DamageType>) -> bool {
    m.kind.is_none() || m.kind == kind
}

/// The damage pipeline: base → halving → + highest weakness → − highest immunity, never below 0
/// (seed 002 L3036-3048; "immunity is applied last", L3036). Underwater adds fire immunity 5 and
/// lightning weakness 5 to the creature's own (seed 002 L3117).
pub fn compute(
    base: u32,
    kind: Option<DamageType>,
    halved: bool,
    mods: &DamageModifiers,
) -> DamageBreakdown {
    let after_halving = if halved { base / 2 } else { base };
    let (water_immunity, water_weakness) = underwater_modifiers(mods.underwater);
    // seed 002 L3046-3050: only the highest weakness counts; "damage weakness" applies to all.
    let weakness = mods
        .weaknesses
        .iter()
        .chain(&water_weakness)
        .filter(|m| applies(m, kind))
        .map(|m| match m.amount {
            Amount::Value(v) => v,
            Amount::All => 0,
        })
        .max()
        .unwrap_or(0);
    let immune = mods
        .immunities
        .iter()
        .any(|m| applies(m, kind) && m.amount == Amount::All);
    // seed 002 L3040: only the highest immunity counts.
    let immunity = mods
        .immunities
        .iter()
        .chain(&water_immunity)
        .filter(|m| applies(m, kind))
        .filter_map(|m| match m.amount {
            Amount::Value(v) => Some(v),
            Amount::All => None,
        })
        .max()
        .unwrap_or(0);
    let amount = if immune {
        0
    } else {
        (after_halving + weakness).saturating_sub(immunity)
    };
    DamageBreakdown {
        base,
        after_halving,
        weakness,
        immunity,
        immune,
        amount,
    }
}

/// Temporary Stamina does not stack: a new grant keeps the higher value (seed 002 L3100).
pub fn gain_temporary(stamina: &mut Stamina, amount: i32) {
    stamina.temporary = stamina.temporary.max(amount);
}

/// Take `amount` off temporary Stamina first, then Stamina (seed 002 L3098). Director creatures
/// stop at 0; heroes can go below (seed 002 L3070-3076). Returns the temporary Stamina used.
pub fn take(stamina: &mut Stamina, amount: u32, floor_at_zero: bool) -> u32 {
    let amount = amount as i32;
    let absorbed = amount.min(stamina.temporary);
    stamina.temporary -= absorbed;
    stamina.current -= amount - absorbed;
    if floor_at_zero {
        stamina.current = stamina.current.max(0);
    }
    absorbed as u32
}

/// Damage stage: apply every queued damage request in order. A retainer goes below 0 as a
/// hero does (seed 002 L4771).
pub fn apply_pending_damage(
    mut pending: ResMut<PendingDamage>,
    mut hits: ResMut<RecentHits>,
    mut log: ResMut<EventLog>,
    mut creatures: Query<(
        &CreatureId,
        &mut Stamina,
        &DamageModifiers,
        Has<Hero>,
        Has<Retainer>,
    )>,
) {
    for req in pending.0.drain(..) {
        let Ok((id, mut stamina, mods, hero, retainer)) = creatures.get_mut(req.target) else {
            continue;
        };
        let is_hero = hero || retainer;
        deal(req, id, &mut stamina, mods, is_hero, &mut log, &mut hits);
    }
}

/// Put one damage request through the pipeline now, logging it; the Stamina stage settles the
/// creature's state afterwards from `hits`.
pub fn deal(
    req: DamageRequest,
    id: &CreatureId,
    stamina: &mut Stamina,
    mods: &DamageModifiers,
    is_hero: bool,
    log: &mut EventLog,
    hits: &mut RecentHits,
) {
    let b = compute(req.amount, req.damage_type, req.halved, mods);
    let before = stamina.current;
    let absorbed = take(stamina, b.amount, !is_hero);
    let rule = if b.immune || b.immunity > 0 {
        rule::DAMAGE_IMMUNITY
    } else if b.weakness > 0 {
        rule::DAMAGE_WEAKNESS
    } else if absorbed > 0 {
        rule::TEMPORARY_STAMINA
    } else {
        rule::DAMAGE
    };
    log.push(
        rule,
        Event::Damaged {
            target: id.0.clone(),
            source: req.source,
            damage_type: req.damage_type,
            base: b.base,
            halved: req.halved,
            weakness: b.weakness,
            immunity: b.immunity,
            immune: b.immune,
            amount: b.amount,
            temporary_absorbed: absorbed,
            stamina_before: before,
            stamina_after: stamina.current,
        },
    );
    if b.amount > 0 {
        hits.0.push((req.target, req.knock_out));
    }
}

/// The immunity and weakness being underwater adds: fire immunity 5, lightning weakness 5
/// (seed 002 L3117).
pub fn underwater_modifiers(underwater: bool) -> (Vec<DamageModifier>, Vec<DamageModifier>) {
    if !underwater {
        return (Vec::new(), Vec::new());
    }
    let of = |kind| DamageModifier {
        kind: Some(kind),
        amount: Amount::Value(5),
    };
    (vec![of(DamageType::Fire)], vec![of(DamageType::Lightning)])
}

#[cfg(test)]
mod tests {
    use super::*;

    fn mods(
        imm: &[(Option<DamageType>, Amount)],
        weak: &[(Option<DamageType>, Amount)],
    ) -> DamageModifiers {
        let conv = |v: &[(Option<DamageType>, Amount)]| {
            v.iter()
                .map(|&(kind, amount)| DamageModifier { kind, amount })
                .collect()
        };
        DamageModifiers {
            immunities: conv(imm),
            weaknesses: conv(weak),
            underwater: false,
        }
    }

    #[test]
    fn ds_combat_77_weakness_first_then_immunity() {
        let m = mods(
            &[(Some(DamageType::Fire), Amount::Value(3))],
            &[(Some(DamageType::Fire), Amount::Value(5))],
        );
        assert_eq!(compute(10, Some(DamageType::Fire), false, &m).amount, 12);
    }

    #[test]
    fn ds_combat_79_only_the_highest_weakness_counts() {
        let m = mods(
            &[],
            &[
                (None, Amount::Value(3)),
                (Some(DamageType::Fire), Amount::Value(5)),
            ],
        );
        assert_eq!(compute(10, Some(DamageType::Fire), false, &m).amount, 15);
        assert_eq!(compute(10, Some(DamageType::Cold), false, &m).amount, 13);
    }

    #[test]
    fn ds_combat_80_halving_before_immunity_rounds_down() {
        let fire5 = mods(&[(Some(DamageType::Fire), Amount::Value(5))], &[]);
        assert_eq!(compute(8, Some(DamageType::Fire), false, &fire5).amount, 3);
        assert_eq!(compute(8, Some(DamageType::Fire), true, &fire5).amount, 0);
        let fire2 = mods(&[(Some(DamageType::Fire), Amount::Value(2))], &[]);
        assert_eq!(compute(7, Some(DamageType::Fire), true, &fire2).amount, 1);
    }

    #[test]
    fn only_the_highest_immunity_counts() {
        // seed 002 L3040: damage immunity 5 and fire immunity 10 against 12 fire → 2.
        let m = mods(
            &[
                (None, Amount::Value(5)),
                (Some(DamageType::Fire), Amount::Value(10)),
            ],
            &[],
        );
        assert_eq!(compute(12, Some(DamageType::Fire), false, &m).amount, 2);
        assert_eq!(compute(12, None, false, &m).amount, 7);
    }

    #[test]
    fn immunity_all_ignores_that_type_only() {
        let m = mods(
            &[(Some(DamageType::Poison), Amount::All)],
            &[(None, Amount::Value(4))],
        );
        let b = compute(9, Some(DamageType::Poison), false, &m);
        assert!(b.immune);
        assert_eq!(b.amount, 0);
        assert_eq!(compute(9, Some(DamageType::Fire), false, &m).amount, 13);
    }

    #[test]
    fn a41_halving_comes_before_weakness() {
        let m = mods(&[], &[(Some(DamageType::Fire), Amount::Value(5))]);
        assert_eq!(compute(10, Some(DamageType::Fire), true, &m).amount, 10);
    }

    #[test]
    fn ds_combat_82_temporary_stamina_absorbs_first() {
        let mut s = Stamina {
            current: 20,
            max: 30,
            temporary: 10,
        };
        assert_eq!(take(&mut s, 16, false), 10);
        assert_eq!((s.current, s.temporary), (14, 0));
        assert!(s.is_winded());
    }

    #[test]
    fn ds_combat_83_temporary_stamina_does_not_stack() {
        let mut s = Stamina {
            current: 20,
            max: 30,
            temporary: 5,
        };
        gain_temporary(&mut s, 10);
        assert_eq!(s.temporary, 10);
        gain_temporary(&mut s, 5);
        assert_eq!(s.temporary, 10);
    }

    #[test]
    fn director_creatures_stop_at_zero_heroes_go_below() {
        let mut monster = Stamina {
            current: 4,
            max: 20,
            temporary: 0,
        };
        take(&mut monster, 9, true);
        assert_eq!(monster.current, 0);
        let mut hero = Stamina {
            current: 4,
            max: 20,
            temporary: 0,
        };
        take(&mut hero, 9, false);
        assert_eq!(hero.current, -5);
    }
}
