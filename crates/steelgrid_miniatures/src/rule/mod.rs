//! The Miniatures ruleset's rules, one list per chapter: every logged fact and every refusal
//! names one, with its seed 000 lines ("not in seed" where the digest supplies a value).

pub mod area;
pub mod attack;
pub mod damage;
pub mod movement;
pub mod round;
pub mod victory;

use steelgrid_kernel::rule::Rule;

/// The rule with this id, whichever chapter lists it.
pub fn find(id: &str) -> Option<Rule> {
    area::find(id)
        .or_else(|| attack::find(id))
        .or_else(|| damage::find(id))
        .or_else(|| movement::find(id))
        .or_else(|| round::find(id))
        .or_else(|| victory::find(id))
}

/// Every rule of every chapter.
pub fn all() -> impl Iterator<Item = Rule> {
    [
        area::ALL,
        attack::ALL,
        damage::ALL,
        movement::ALL,
        round::ALL,
        victory::ALL,
    ]
    .into_iter()
    .flatten()
    .copied()
}

#[cfg(test)]
mod tests {
    #[test]
    fn rule_ids_are_unique_and_name_seed_000_or_say_they_are_not_in_it() {
        let mut ids: Vec<_> = super::all().map(|r| r.id).collect();
        let n = ids.len();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), n);
        for r in super::all() {
            assert!(r.id.starts_with("ddm."), "{}", r.id);
            assert!(
                r.seed.starts_with("seed 000 L") || r.seed == "not in seed",
                "{}: {}",
                r.id,
                r.seed
            );
        }
    }
}
