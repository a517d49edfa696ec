//! The damage sequence (seed 000 L361-379) as ordered steps D1-D9, each leaving a [`Step`] in
//! the [`DamageRecord`] for the log.
//!
//! The damage is kept per type until D5, because D4 asks whether damage of a type is left.
//! Readings the seed leaves open:
//! - Resist X All (AMB-9, seed 000 L481): it takes X off the total, spent on untyped damage
//!   first, then on the types in [`DamageType`] order; for D4 every type still counts as it
//!   would have without Resist All, but if nothing at all is left no vulnerability applies.
//!   So Resist 20 All and Vulnerable 5 fire take 10 from 20 + 5 fire and 0 from 20 fire.
//! - A halving halves the total, rounded down (not in seed); the odd points go to the first
//!   types with an odd amount.
//! - Halving against resistance (AMB-10): [`ReductionOrder`].

use serde::{Deserialize, Serialize};
use steelgrid_kernel::rule::Rule;

use super::hit_points::HitPoints;
use super::packet::{Damage, DamageType, Defences, Halving, Packet, Source};
use crate::rule::damage as rule;

/// AMB-10 (DND-68): which D3 reduction comes first, halving or resistance (typed and All).
/// The seed only says halvings stack one after another (L367).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ReductionOrder {
    /// The default: halve, then resist (30 fire, one halving, Resist 10 fire: 15, then 5).
    /// The digest lists it first in DND-68; it is also the published 4th edition order (not
    /// in seed).
    #[default]
    HalvingFirst,
    /// Resist, then halve (the same hit: 20, then 10).
    ResistanceFirst,
}

/// What one step of the sequence did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// D1: the damage dealt by type, doubled on a critical; the ongoing damage the hit starts,
    /// never doubled (seed 000 L363).
    Determine {
        source: Source,
        dealt: Vec<Damage>,
        ongoing: Vec<Damage>,
    },
    /// D2: extra damage joining a successful attack, after D1 so never doubled (L365).
    Extra { added: Vec<Damage> },
    /// D2 skipped: extra damage offered for miss, ongoing or other damage (L293, L383).
    NoExtra { dropped: Vec<Damage> },
    /// D3: damage of a type it is immune to (not in seed).
    Immune { kind: DamageType, prevented: u32 },
    /// D3: a typed resistance (L367).
    Resist { kind: DamageType, prevented: u32 },
    /// D3: Resist X All (L481).
    ResistAll { prevented: u32 },
    /// D3: one halving effect, on the total (L367).
    Halve { by: Halving, from: u32, to: u32 },
    /// D4: a vulnerability (L369).
    Vulnerable { kind: DamageType, added: u32 },
    /// D5: the damage taken off the hit points (L371).
    Apply { damage: u32, from: u32, to: u32 },
    /// D6: "when damaged" triggers (L373).
    Damaged,
    /// D7: "when bloodied" triggers: this damage made it bloodied (L375).
    Bloodied,
    /// D8: "when destroyed" triggers (L377).
    Destroyed,
    /// D9: it leaves the map (L379).
    Removed,
}

impl Step {
    /// Which step of D1-D9 it is.
    pub fn stage(&self) -> u8 {
        match self {
            Self::Determine { .. } => 1,
            Self::Extra { .. } | Self::NoExtra { .. } => 2,
            Self::Immune { .. } | Self::Resist { .. } => 3,
            Self::ResistAll { .. } | Self::Halve { .. } => 3,
            Self::Vulnerable { .. } => 4,
            Self::Apply { .. } => 5,
            Self::Damaged => 6,
            Self::Bloodied => 7,
            Self::Destroyed => 8,
            Self::Removed => 9,
        }
    }

    pub fn rule(&self) -> Rule {
        match self {
            Self::Determine { source, .. } => determine_rule(*source),
            Self::Extra { .. } | Self::NoExtra { .. } => rule::EXTRA,
            Self::Immune { .. } => rule::IMMUNE,
            Self::Resist { .. } => rule::RESIST,
            Self::ResistAll { .. } => rule::RESIST_ALL,
            Self::Halve { .. } => rule::HALVING,
            Self::Vulnerable { .. } => rule::VULNERABLE,
            Self::Apply { from, to: 0, .. } if *from > 0 => rule::DESTROYED,
            Self::Apply { .. } => rule::APPLY,
            Self::Damaged => rule::WHEN_DAMAGED,
            Self::Bloodied => rule::WHEN_BLOODIED,
            Self::Destroyed => rule::WHEN_DESTROYED,
            Self::Removed => rule::REMOVED,
        }
    }
}

fn determine_rule(source: Source) -> Rule {
    match source {
        Source::Hit { critical: true } => rule::CRITICAL,
        Source::Ongoing => rule::ONGOING,
        _ => rule::DETERMINE,
    }
}

/// Everything one run of the sequence did, step by step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DamageRecord {
    pub steps: Vec<Step>,
}

impl DamageRecord {
    /// The damage D5 took off the hit points.
    pub fn taken(&self) -> u32 {
        self.steps
            .iter()
            .find_map(|s| match s {
                Step::Apply { damage, .. } => Some(*damage),
                _ => None,
            })
            .unwrap_or(0)
    }

    /// Whether it was destroyed (D8) and removed (D9).
    pub fn destroyed(&self) -> bool {
        self.steps.contains(&Step::Destroyed)
    }

    /// The ongoing damage the hit starts (D1), for its target's afflictions.
    pub fn ongoing(&self) -> &[Damage] {
        self.steps
            .iter()
            .find_map(|s| match s {
                Step::Determine { ongoing, .. } => Some(ongoing.as_slice()),
                _ => None,
            })
            .unwrap_or(&[])
    }
}

/// Runs D1-D9 (seed 000 L361-379): `packet` against a miniature with `hp` and `defences`.
/// Whether D2 runs depends on the packet's source. Removal (D9) is recorded; the caller takes
/// the miniature off the map.
pub fn damage_sequence(
    hp: &mut HitPoints,
    defences: &Defences,
    packet: &Packet,
    order: ReductionOrder,
) -> DamageRecord {
    let mut run = Run::default();
    run.d1_determine(packet);
    run.d2_extra(packet);
    run.d3_reduce(packet, defences, order);
    run.d4_vulnerability(defences);
    run.d5_to_d9_apply(hp);
    DamageRecord { steps: run.steps }
}

/// The damage of one type as the sequence goes.
#[derive(Clone, Copy, Debug)]
struct Share {
    kind: DamageType,
    amount: u32,
    /// What `amount` would be had Resist All not been spent on it: what D4 looks at (L481).
    without_resist_all: u32,
}

#[derive(Default)]
struct Run {
    /// One share per type, in [`DamageType`] order (untyped first).
    shares: Vec<Share>,
    steps: Vec<Step>,
}

impl Run {
    fn total(&self) -> u32 {
        self.shares
            .iter()
            .fold(0, |sum, s| sum.saturating_add(s.amount))
    }

    fn add(&mut self, damage: Damage) {
        let at = self.shares.binary_search_by_key(&damage.kind, |s| s.kind);
        let at = at.unwrap_or_else(|at| {
            let share = Share {
                kind: damage.kind,
                amount: 0,
                without_resist_all: 0,
            };
            self.shares.insert(at, share);
            at
        });
        let share = &mut self.shares[at];
        share.amount = share.amount.saturating_add(damage.amount);
        share.without_resist_all = share.without_resist_all.saturating_add(damage.amount);
    }

    /// D1 (L363): the listed damage, doubled on a critical; ongoing damage is not.
    fn d1_determine(&mut self, packet: &Packet) {
        let factor = if packet.source.critical() { 2 } else { 1 };
        for d in &packet.listed {
            self.add(Damage::new(d.amount.saturating_mul(factor), d.kind));
        }
        let dealt = self
            .shares
            .iter()
            .map(|s| Damage::new(s.amount, s.kind))
            .collect();
        let ongoing = packet.ongoing.clone();
        let source = packet.source;
        self.steps.push(Step::Determine {
            source,
            dealt,
            ongoing,
        });
    }

    /// D2 (L365, L383, L293): extra damage only on a successful attack.
    fn d2_extra(&mut self, packet: &Packet) {
        let extra = packet.extra.clone();
        if extra.is_empty() {
            return;
        }
        if !packet.source.successful_attack() {
            self.steps.push(Step::NoExtra { dropped: extra });
            return;
        }
        extra.iter().for_each(|&d| self.add(d));
        self.steps.push(Step::Extra { added: extra });
    }

    /// D3 (L367, L481): immunity, then halving and resistance in the option's order.
    fn d3_reduce(&mut self, packet: &Packet, defences: &Defences, order: ReductionOrder) {
        self.immunity(defences);
        let halvings = packet.halvings(defences);
        match order {
            ReductionOrder::HalvingFirst => {
                self.halve(&halvings);
                self.resist(defences);
            }
            ReductionOrder::ResistanceFirst => {
                self.resist(defences);
                self.halve(&halvings);
            }
        }
    }

    fn immunity(&mut self, defences: &Defences) {
        for share in &mut self.shares {
            if defences.immune_to(share.kind) && share.amount > 0 {
                let prevented = share.amount;
                share.amount = 0;
                share.without_resist_all = 0;
                self.steps.push(Step::Immune {
                    kind: share.kind,
                    prevented,
                });
            }
        }
    }

    fn resist(&mut self, defences: &Defences) {
        for share in &mut self.shares {
            let prevented = defences.resistance(share.kind).min(share.amount);
            if prevented > 0 {
                share.amount -= prevented;
                share.without_resist_all = share.without_resist_all.saturating_sub(prevented);
                self.steps.push(Step::Resist {
                    kind: share.kind,
                    prevented,
                });
            }
        }
        self.resist_all(defences.resist_all);
    }

    /// Resist X All (L481): X off the total, untyped damage first.
    fn resist_all(&mut self, resist: u32) {
        let prevented = resist.min(self.total());
        if prevented == 0 {
            return;
        }
        let mut left = prevented;
        for share in &mut self.shares {
            let spent = left.min(share.amount);
            share.amount -= spent;
            left -= spent;
        }
        self.steps.push(Step::ResistAll { prevented });
    }

    /// Halvings one after another (L367): 40, then 20, then 10.
    fn halve(&mut self, halvings: &[Halving]) {
        for &by in halvings {
            let from = self.total();
            if from == 0 {
                return;
            }
            halve_total(self.shares.iter_mut().map(|s| &mut s.amount).collect());
            halve_total(
                self.shares
                    .iter_mut()
                    .map(|s| &mut s.without_resist_all)
                    .collect(),
            );
            let to = self.total();
            self.steps.push(Step::Halve { by, from, to });
        }
    }

    /// D4 (L369, L481): each vulnerability whose type is still left, if any damage is.
    fn d4_vulnerability(&mut self, defences: &Defences) {
        if self.total() == 0 {
            return;
        }
        for share in &mut self.shares {
            let added = defences.vulnerability(share.kind);
            if share.without_resist_all > 0 && added > 0 {
                share.amount = share.amount.saturating_add(added);
                self.steps.push(Step::Vulnerable {
                    kind: share.kind,
                    added,
                });
            }
        }
    }

    /// D5-D9 (L371-379): off the hit points, then the trigger windows and removal.
    fn d5_to_d9_apply(&mut self, hp: &mut HitPoints) {
        let was_bloodied = hp.bloodied();
        let from = hp.current;
        let damage = self.total();
        let lost = hp.lose(damage);
        self.steps.push(Step::Apply {
            damage,
            from,
            to: hp.current,
        });
        if lost > 0 {
            self.steps.push(Step::Damaged);
        }
        if !was_bloodied && hp.bloodied() {
            self.steps.push(Step::Bloodied);
        }
        if from > 0 && hp.destroyed() {
            self.steps.extend([Step::Destroyed, Step::Removed]);
        }
    }
}

/// Halves the sum of `amounts`, rounded down (not in seed), each amount by half and the odd
/// points that keep the sum exact going to the first odd amounts.
fn halve_total(amounts: Vec<&mut u32>) {
    let sum = |half: fn(u32) -> u32| amounts.iter().map(|a| u64::from(half(**a))).sum::<u64>();
    let mut short = sum(|a| a) / 2 - sum(|a| a / 2);
    for amount in amounts {
        let back = u32::from(short > 0 && *amount % 2 == 1);
        short -= u64::from(back);
        *amount = *amount / 2 + back;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DamageType::{Fire, Thunder};

    const HIT: Source = Source::Hit { critical: false };

    fn run(hp: u32, defences: &Defences, packet: &Packet, order: ReductionOrder) -> DamageRecord {
        damage_sequence(&mut HitPoints::new(hp), defences, packet, order)
    }

    fn taken(defences: &Defences, packet: &Packet) -> u32 {
        run(100, defences, packet, ReductionOrder::default()).taken()
    }

    fn resist_20_all_vulnerable_5_fire() -> Defences {
        Defences {
            resist_all: 20,
            vulnerable: vec![Damage::new(5, Fire)],
            ..Defences::default()
        }
    }

    fn halved_by_one_with_resist_10_fire() -> (Defences, Packet) {
        let defences = Defences {
            resist: vec![Damage::new(10, Fire)],
            insubstantial: true,
            ..Defences::default()
        };
        (defences, Packet::new(HIT, vec![Damage::new(30, Fire)]))
    }

    #[test]
    fn dnd_40_halvings_stack_40_to_20_to_10() {
        let defences = Defences {
            insubstantial: true,
            ..Defences::default()
        };
        let packet = Packet {
            attacker_enervated: true,
            ..Packet::new(HIT, vec![Damage::untyped(40)])
        };
        let record = run(100, &defences, &packet, ReductionOrder::default());
        assert_eq!(record.taken(), 10);
        let halves: Vec<_> = record
            .steps
            .iter()
            .filter(|s| s.rule() == rule::HALVING)
            .collect();
        assert_eq!(
            halves,
            [
                &Step::Halve {
                    by: Halving::Insubstantial,
                    from: 40,
                    to: 20
                },
                &Step::Halve {
                    by: Halving::Enervated,
                    from: 20,
                    to: 10
                },
            ]
        );
    }

    #[test]
    fn dnd_41_resist_20_all_and_vulnerable_5_fire_take_10_from_20_and_5_fire() {
        let packet = Packet::new(HIT, vec![Damage::untyped(20), Damage::new(5, Fire)]);
        let record = run(
            100,
            &resist_20_all_vulnerable_5_fire(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(record.taken(), 10);
        assert!(record.steps.contains(&Step::ResistAll { prevented: 20 }));
        assert!(record.steps.contains(&Step::Vulnerable {
            kind: Fire,
            added: 5
        }));
    }

    #[test]
    fn dnd_41_resist_20_all_and_vulnerable_5_fire_take_0_from_20_fire() {
        let packet = Packet::new(HIT, vec![Damage::new(20, Fire)]);
        let record = run(
            100,
            &resist_20_all_vulnerable_5_fire(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(record.taken(), 0);
        assert!(!record.steps.iter().any(|s| s.stage() == 4));
        assert!(!record.steps.contains(&Step::Damaged));
    }

    #[test]
    fn dnd_68_halving_first_30_fire_becomes_15_then_5() {
        let (defences, packet) = halved_by_one_with_resist_10_fire();
        let record = run(100, &defences, &packet, ReductionOrder::HalvingFirst);
        assert_eq!(record.taken(), 5);
        assert!(record.steps.contains(&Step::Halve {
            by: Halving::Insubstantial,
            from: 30,
            to: 15
        }));
        assert!(record.steps.contains(&Step::Resist {
            kind: Fire,
            prevented: 10
        }));
    }

    #[test]
    fn dnd_68_resistance_first_30_fire_becomes_20_then_10() {
        let (defences, packet) = halved_by_one_with_resist_10_fire();
        let record = run(100, &defences, &packet, ReductionOrder::ResistanceFirst);
        assert_eq!(record.taken(), 10);
        assert!(record.steps.contains(&Step::Halve {
            by: Halving::Insubstantial,
            from: 20,
            to: 10
        }));
    }

    #[test]
    fn dnd_68_the_default_order_is_halving_first() {
        assert_eq!(ReductionOrder::default(), ReductionOrder::HalvingFirst);
    }

    #[test]
    fn d4_vulnerable_and_resist_5_fire_take_20_from_5_and_15_fire_and_5_from_5_and_5_fire() {
        let defences = Defences {
            resist: vec![Damage::new(5, Fire)],
            vulnerable: vec![Damage::new(5, Fire)],
            ..Defences::default()
        };
        let big = Packet::new(HIT, vec![Damage::untyped(5), Damage::new(15, Fire)]);
        assert_eq!(taken(&defences, &big), 20);
        let small = Packet::new(HIT, vec![Damage::untyped(5), Damage::new(5, Fire)]);
        assert_eq!(taken(&defences, &small), 5);
    }

    #[test]
    fn amb_9_resist_all_leaves_every_type_counted_as_it_was() {
        // Resist All spends itself on the 20 fire (fire sorts before thunder), yet fire still
        // counts for the vulnerability: 25 - 20 + 5.
        let packet = Packet::new(HIT, vec![Damage::new(5, Thunder), Damage::new(20, Fire)]);
        assert_eq!(taken(&resist_20_all_vulnerable_5_fire(), &packet), 10);
    }

    #[test]
    fn d1_a_critical_doubles_the_listed_damage_but_not_ongoing_or_extra_damage() {
        let packet = Packet {
            ongoing: vec![Damage::new(5, Fire)],
            extra: vec![Damage::untyped(5)],
            ..Packet::new(Source::Hit { critical: true }, vec![Damage::untyped(10)])
        };
        let record = run(
            100,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(record.taken(), 25);
        assert_eq!(record.ongoing(), [Damage::new(5, Fire)]);
        assert_eq!(record.steps[0].rule(), rule::CRITICAL);
        assert_eq!(
            record.steps[1],
            Step::Extra {
                added: vec![Damage::untyped(5)]
            }
        );
    }

    #[test]
    fn d2_no_extra_damage_on_a_miss() {
        let packet = Packet {
            extra: vec![Damage::untyped(5)],
            ..Packet::new(Source::Miss, vec![Damage::untyped(10)])
        };
        let record = run(
            100,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(record.taken(), 10);
        assert_eq!(
            record.steps[1],
            Step::NoExtra {
                dropped: vec![Damage::untyped(5)]
            }
        );
        assert_eq!(record.steps[1].rule(), rule::EXTRA);
    }

    #[test]
    fn d3_immunity_stops_its_type_and_its_vulnerability() {
        let defences = Defences {
            immune: vec![Fire],
            vulnerable: vec![Damage::new(5, Fire)],
            ..Defences::default()
        };
        let packet = Packet::new(HIT, vec![Damage::untyped(5), Damage::new(10, Fire)]);
        let record = run(100, &defences, &packet, ReductionOrder::default());
        assert_eq!(record.taken(), 5);
        assert!(record.steps.contains(&Step::Immune {
            kind: Fire,
            prevented: 10
        }));
    }

    #[test]
    fn d3_insubstantial_halves_only_damage_from_attacks() {
        let defences = Defences {
            insubstantial: true,
            ..Defences::default()
        };
        let miss = Packet::new(Source::Miss, vec![Damage::untyped(10)]);
        assert_eq!(taken(&defences, &miss), 5);
        let terrain = Packet::new(Source::Effect, vec![Damage::untyped(10)]);
        assert_eq!(taken(&defences, &terrain), 10);
    }

    #[test]
    fn d3_halving_halves_the_total_rounded_down() {
        let defences = Defences {
            insubstantial: true,
            ..Defences::default()
        };
        let packet = Packet::new(HIT, vec![Damage::untyped(5), Damage::new(5, Fire)]);
        assert_eq!(taken(&defences, &packet), 5);
        let odd = Packet::new(HIT, vec![Damage::untyped(5)]);
        assert_eq!(taken(&defences, &odd), 2);
    }

    #[test]
    fn d5_to_d9_bloodied_then_destroyed_and_removed() {
        let mut hp = HitPoints::new(40);
        let packet = Packet::new(HIT, vec![Damage::untyped(20)]);
        let first = damage_sequence(
            &mut hp,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        let stages: Vec<_> = first.steps.iter().map(Step::stage).collect();
        assert_eq!(stages, [1, 5, 6, 7]);
        assert_eq!(
            first.steps[1],
            Step::Apply {
                damage: 20,
                from: 40,
                to: 20
            }
        );
        let second = damage_sequence(
            &mut hp,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(second.steps[1].rule(), rule::DESTROYED);
        let tail: Vec<_> = second.steps[2..].to_vec();
        assert_eq!(tail, [Step::Damaged, Step::Destroyed, Step::Removed]);
        assert!(second.destroyed() && hp.destroyed());
    }

    #[test]
    fn dnd_38_30_damage_of_60_makes_it_bloodied_at_d7_and_healing_to_31_ends_it() {
        let mut hp = HitPoints::new(60);
        let packet = Packet::new(HIT, vec![Damage::untyped(30)]);
        let record = damage_sequence(
            &mut hp,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        assert_eq!(hp.current, 30);
        assert!(hp.bloodied());
        assert!(record.steps.contains(&Step::Bloodied));
        assert_eq!(Step::Bloodied.rule(), rule::WHEN_BLOODIED);
        hp.heal(1);
        assert_eq!(hp.current, 31);
        assert!(!hp.bloodied());
    }

    #[test]
    fn d7_fires_only_on_becoming_bloodied() {
        let mut hp = HitPoints::new(60);
        hp.lose(30);
        let packet = Packet::new(HIT, vec![Damage::untyped(5)]);
        let record = damage_sequence(
            &mut hp,
            &Defences::default(),
            &packet,
            ReductionOrder::default(),
        );
        assert!(!record.steps.contains(&Step::Bloodied));
        assert_eq!(hp.current, 25);
    }
}
