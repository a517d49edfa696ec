//! Respites (seed 002 L859-867; digest §12.2, §12.5): 24 uninterrupted hours of sleep, food and
//! rest. A finished respite gives back every Recovery and all Stamina and turns the hero's
//! Victories into experience (L833-835, L863). One interrupted by an attack, an earthquake or a
//! swarm of biting insects ends early with none of that (L865); a night's sleep is no respite.
//! Pure: the hours and the hero's experience are the caller's to keep.

use crate::creature::{Hero, Stamina};

pub use crate::terms::damage::RESPITE_HOURS;

/// End a respite after `uninterrupted_hours` of rest. Finished (24 hours or more), the hero
/// regains all its Recoveries and Stamina and its Victories become experience: gives the
/// experience gained, the Victories going back to 0 (seed 002 L833-835, L863). Cut short, it
/// gives nothing and changes nothing (L865; DS-CORE-82).
pub fn finish(hero: &mut Hero, stamina: &mut Stamina, uninterrupted_hours: u32) -> Option<u32> {
    if uninterrupted_hours < RESPITE_HOURS {
        return None;
    }
    hero.recoveries = hero.recoveries_max;
    stamina.current = stamina.max;
    Some(std::mem::take(&mut hero.victories))
}
