//! Tactical speed (seed 001 L78-84): by race and armour, in feet and in 5-foot squares.

use crate::measure::FEET_PER_SQUARE;

/// The armour a creature wears, as the speed table sorts it (seed 001 L78-82).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub enum Armour {
    #[default]
    None,
    Light,
    Medium,
    Heavy,
}

/// Speed in feet from the base speed, the speed without armour, with any bonuses already added
/// (seed 001 L84, L90): medium or heavy armour slows base 30 to 20 and base 20 to 15, unless the
/// creature keeps its speed in armour as dwarves do (seed 001 L78-82).
pub fn speed_feet(base_feet: i32, armour: Armour, keeps_speed_in_armour: bool) -> i32 {
    match armour {
        Armour::Medium | Armour::Heavy if !keeps_speed_in_armour => slowed(base_feet),
        _ => base_feet,
    }
}

/// Each 30 feet of base speed becomes 20, a remainder of 10 stays 10 and one of 20 becomes 15:
/// the seed's 30 to 20 and 20 to 15, and 3.5's table beyond them (not in seed); never below 5.
fn slowed(base_feet: i32) -> i32 {
    let remainder = match base_feet % 30 {
        20.. => 15,
        10.. => 10,
        _ => 0,
    };
    (base_feet / 30 * 20 + remainder).max(FEET_PER_SQUARE)
}

/// Whole 5-foot squares in a speed (seed 001 L74).
pub fn squares(feet: i32) -> i32 {
    feet / FEET_PER_SQUARE
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn medium_or_heavy_armour_slows_thirty_to_twenty_and_twenty_to_fifteen() {
        assert_eq!(speed_feet(30, Armour::Light, false), 30);
        assert_eq!(speed_feet(30, Armour::Medium, false), 20);
        assert_eq!(speed_feet(20, Armour::Heavy, false), 15);
        assert_eq!(squares(speed_feet(30, Armour::Heavy, false)), 4);
    }

    #[test]
    fn a_dwarf_keeps_twenty_feet_in_heavy_armour() {
        assert_eq!(speed_feet(20, Armour::Heavy, true), 20);
        assert_eq!(speed_feet(20, Armour::None, true), 20);
    }

    #[test]
    fn bigger_bases_follow_the_35_table_not_in_seed() {
        assert_eq!(speed_feet(40, Armour::Heavy, false), 30);
        assert_eq!(speed_feet(50, Armour::Heavy, false), 35);
        assert_eq!(speed_feet(60, Armour::Heavy, false), 40);
        assert_eq!(speed_feet(5, Armour::Heavy, false), 5);
    }
}
