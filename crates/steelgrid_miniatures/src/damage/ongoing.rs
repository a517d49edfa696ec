//! Ongoing damage at the start of a turn (F3, seed 000 L293): each ongoing damage is a run of
//! the damage sequence of its own, without D2, in the order the creature's controller picks.
//! Every ongoing damage is save ends (L244); the saves come at the end of the turn
//! ([`Afflictions::end_of_turn`](super::Afflictions::end_of_turn)).

use super::hit_points::HitPoints;
use super::packet::{Damage, Defences, Packet, Source};
use super::sequence::{DamageRecord, ReductionOrder, damage_sequence};

/// Runs each of `in_controllers_order` through the sequence as [`Source::Ongoing`] (so no D2
/// and no Insubstantial), one after another. Once one destroys the miniature the rest have
/// nothing left to strike (not in seed).
pub fn ongoing_damage(
    hp: &mut HitPoints,
    defences: &Defences,
    in_controllers_order: &[Damage],
    order: ReductionOrder,
) -> Vec<DamageRecord> {
    let mut records = Vec::new();
    for &damage in in_controllers_order {
        if hp.destroyed() {
            break;
        }
        let packet = Packet::new(Source::Ongoing, vec![damage]);
        records.push(damage_sequence(hp, defences, &packet, order));
    }
    records
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::damage::conditions::{Afflictions, Effect};
    use crate::damage::packet::DamageType::{Fire, Poison};
    use crate::damage::sequence::Step;
    use crate::rule::damage as rule;

    fn resist_5_fire() -> Defences {
        Defences {
            resist: vec![Damage::new(5, Fire)],
            ..Defences::default()
        }
    }

    fn burning_and_poisoned() -> Afflictions {
        let mut on = Afflictions::default();
        on.add_ongoing_damage(Damage::new(5, Fire));
        on.add_ongoing_damage(Damage::new(5, Poison));
        on
    }

    #[test]
    fn dnd_43_ongoing_5_fire_and_5_poison_against_resist_5_fire_take_12_to_7() {
        let mut hp = HitPoints::new(12);
        let on = burning_and_poisoned();
        let records = ongoing_damage(
            &mut hp,
            &resist_5_fire(),
            &on.ongoing_damage(),
            ReductionOrder::default(),
        );
        let taken: Vec<_> = records.iter().map(DamageRecord::taken).collect();
        assert_eq!(taken, [0, 5]);
        assert_eq!(hp.current, 7);
        assert_eq!(records[0].steps[0].rule(), rule::ONGOING);
    }

    #[test]
    fn dnd_43_the_controller_may_take_the_poison_first_for_the_same_7() {
        let mut hp = HitPoints::new(12);
        let order = [Damage::new(5, Poison), Damage::new(5, Fire)];
        let records = ongoing_damage(&mut hp, &resist_5_fire(), &order, ReductionOrder::default());
        assert_eq!(records[0].taken(), 5);
        assert_eq!(hp.current, 7);
    }

    #[test]
    fn dnd_43_no_d2_so_on_hit_extra_damage_never_joins() {
        let mut hp = HitPoints::new(12);
        let records = ongoing_damage(
            &mut hp,
            &resist_5_fire(),
            &[Damage::new(5, Poison)],
            ReductionOrder::default(),
        );
        assert!(records[0].steps.iter().all(|s| s.stage() != 2));
    }

    #[test]
    fn dnd_43_each_ongoing_damage_is_saved_against_at_the_end_of_the_turn() {
        let mut on = burning_and_poisoned();
        let ends = on.end_of_turn(|effect| match effect {
            Effect::OngoingDamage(d) if d.kind == Fire => 10,
            _ => 9,
        });
        assert_eq!(ends.len(), 2);
        assert_eq!(on.ongoing_damage(), [Damage::new(5, Poison)]);
    }

    #[test]
    fn ongoing_damage_stops_once_the_miniature_is_destroyed() {
        let mut hp = HitPoints::new(5);
        let order = [Damage::new(5, Poison), Damage::new(10, Fire)];
        let records = ongoing_damage(
            &mut hp,
            &Defences::default(),
            &order,
            ReductionOrder::default(),
        );
        assert_eq!(records.len(), 1);
        assert!(
            records[0]
                .steps
                .ends_with(&[Step::Destroyed, Step::Removed])
        );
    }

    #[test]
    fn ongoing_damage_is_not_halved_by_insubstantial() {
        let mut hp = HitPoints::new(20);
        let defences = Defences {
            insubstantial: true,
            ..Defences::default()
        };
        ongoing_damage(
            &mut hp,
            &defences,
            &[Damage::new(10, Fire)],
            ReductionOrder::default(),
        );
        assert_eq!(hp.current, 10);
    }
}
