//! Hit points (seed 000 L32-40, L90-93): what a miniature starts with, what it has now, when it
//! is bloodied, and destruction at 0 (not in seed).

use bevy_ecs::prelude::Component;
use serde::{Deserialize, Serialize};

/// A miniature's hit points: the total it started the battle with and what it has left.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HitPoints {
    /// The total printed on its card; bloodied is measured against it (seed 000 L92-93).
    pub start: u32,
    /// What it has now; never below 0 (not in seed).
    pub current: u32,
}

impl HitPoints {
    /// Unhurt at `start` hit points.
    pub fn new(start: u32) -> Self {
        Self {
            start,
            current: start,
        }
    }

    /// Bloodied is a state, not an event (seed 000 L92-93): true whenever the hit points now
    /// are at or below half the starting total, and false again once healing lifts them above
    /// it. Compared as `2 × current ≤ start`, so an odd total needs no rounding.
    pub fn bloodied(&self) -> bool {
        2 * u64::from(self.current) <= u64::from(self.start)
    }

    /// Not in seed: a miniature at 0 hit points is destroyed (the sequence's D8 and D9 then
    /// trigger and remove it, seed 000 L377-379).
    pub fn destroyed(&self) -> bool {
        self.current == 0
    }

    /// D5 (seed 000 L371): takes `amount` off, stopping at 0; returns what was lost.
    pub fn lose(&mut self, amount: u32) -> u32 {
        let lost = amount.min(self.current);
        self.current -= lost;
        lost
    }

    /// Not in seed: healing gives back up to `amount`, never past the starting total, and
    /// nothing to a destroyed miniature (it has left the map). Returns what was regained.
    pub fn heal(&mut self, amount: u32) -> u32 {
        if self.destroyed() {
            return 0;
        }
        let regained = amount.min(self.start.saturating_sub(self.current));
        self.current += regained;
        regained
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dnd_38_bloodied_at_half_and_not_once_healed_above_it() {
        let mut hp = HitPoints::new(60);
        assert!(!hp.bloodied());
        assert_eq!(hp.lose(30), 30);
        assert_eq!(hp.current, 30);
        assert!(hp.bloodied());
        assert_eq!(hp.heal(1), 1);
        assert_eq!(hp.current, 31);
        assert!(!hp.bloodied());
    }

    #[test]
    fn bloodied_with_an_odd_starting_total_needs_no_rounding() {
        let mut hp = HitPoints::new(45);
        hp.lose(22);
        assert!(!hp.bloodied(), "23 is above 22.5");
        hp.lose(1);
        assert!(hp.bloodied(), "22 is below 22.5");
    }

    #[test]
    fn hit_points_stop_at_0_and_0_is_destroyed() {
        let mut hp = HitPoints::new(20);
        assert_eq!(hp.lose(35), 20);
        assert_eq!(hp.current, 0);
        assert!(hp.destroyed() && hp.bloodied());
    }

    #[test]
    fn healing_stops_at_the_starting_total_and_never_revives() {
        let mut hp = HitPoints::new(40);
        hp.lose(10);
        assert_eq!(hp.heal(25), 10);
        assert_eq!(hp.current, 40);
        hp.lose(40);
        assert_eq!(hp.heal(10), 0);
        assert!(hp.destroyed());
    }
}
