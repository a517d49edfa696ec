//! A d20 creature's stat block as content: hit points, Armour Class, the two ability scores the
//! combat chapter reads (Dexterity for initiative and AC, Constitution for dying), speed and
//! armour, saves and skills it rolls, and its attacks and spells. Original creatures are RON
//! files in `content/d20/`; a scenario names one as a template or writes its own.

use serde::{Deserialize, Serialize};

use crate::attack::roll::Critical;
use crate::measure::FEET_PER_SQUARE;
use crate::movement::speed::Armour;
use crate::size::{Build, Size};

/// Dice: `count`d`sides` + `bonus`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Dice {
    pub count: u32,
    pub sides: u32,
    #[serde(default)]
    pub bonus: i32,
}

impl Dice {
    pub fn min(self) -> i32 {
        self.count as i32 + self.bonus
    }

    pub fn max(self) -> i32 {
        (self.count * self.sides) as i32 + self.bonus
    }
}

impl std::fmt::Display for Dice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}d{}", self.count, self.sides)?;
        match self.bonus {
            0 => Ok(()),
            b if b > 0 => write!(f, "+{b}"),
            b => write!(f, "{b}"),
        }
    }
}

/// How a weapon reaches its target.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Delivery {
    /// Natural reach, or a reach weapon (seed 001 L161-162).
    Melee {
        #[serde(default)]
        reach_weapon: bool,
    },
    /// Out to `range` squares.
    Ranged { range: i32 },
}

/// One attack a creature makes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Weapon {
    pub name: String,
    pub delivery: Delivery,
    /// The whole attack bonus: base attack, ability and weapon.
    pub bonus: i32,
    pub damage: Dice,
    #[serde(default)]
    pub critical: Critical,
    /// It deals nonlethal damage (fists, a sap): seed 001 L62-65.
    #[serde(default)]
    pub nonlethal: bool,
    /// Against touch AC: armour and shields do not count (a ray, a touch spell).
    #[serde(default)]
    pub touch: bool,
}

/// A spell or power with uses per battle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spell {
    pub name: String,
    pub uses: u32,
    pub effect: SpellEffect,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SpellEffect {
    /// Heal a creature it touches by the dice (seed 001 L50: magical healing).
    Cure { dice: Dice },
    /// Every creature in a burst of `radius` squares around a square within `range`: the dice,
    /// half on a Reflex save against `dc`; cover on the far side adds +2 to the save (seed 001
    /// L207).
    Burst {
        range: i32,
        radius: i32,
        dice: Dice,
        dc: i32,
    },
}

/// A stat block.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Stats {
    pub name: String,
    #[serde(default = "one")]
    pub level: u32,
    #[serde(default = "medium")]
    pub size: Size,
    #[serde(default)]
    pub build: Build,
    pub hit_points: i32,
    pub armour_class: i32,
    /// AC against touch attacks: 10 + Dexterity and size.
    pub touch_ac: i32,
    pub dexterity: i32,
    pub constitution: i32,
    /// Speed in feet, already for its armour (seed 001 L78-84).
    pub speed: i32,
    #[serde(default)]
    pub armour: Armour,
    pub fortitude: i32,
    pub reflex: i32,
    /// Its Heal skill bonus, for steadying the dying (seed 001 L38).
    #[serde(default)]
    pub heal: Option<i32>,
    /// Extra d6s when it flanks or its foe has lost its Dexterity to AC (the rogue's sneak
    /// attack, seed 001 L250: it adds to a coup de grace too).
    #[serde(default)]
    pub sneak_attack: u32,
    #[serde(default)]
    pub regenerates: bool,
    #[serde(default)]
    pub immune_to_criticals: bool,
    pub attacks: Vec<Weapon>,
    /// The attacks a full attack makes, by name, in order (a name may come twice: claw, claw,
    /// bite); none, and it makes one attack a round.
    #[serde(default)]
    pub full_attack: Vec<String>,
    #[serde(default)]
    pub spells: Vec<Spell>,
    /// A Game Icons name for its token.
    #[serde(default)]
    pub icon: Option<String>,
}

fn one() -> u32 {
    1
}

fn medium() -> Size {
    Size::Medium
}

/// An ability score's modifier.
pub fn modifier(score: i32) -> i32 {
    (score - 10).div_euclid(2)
}

/// The bounds a stat block's numbers are held to: wide enough for any creature of the game,
/// narrow enough that no sum of them overflows.
const MOST: i32 = 10_000;

impl Dice {
    /// Why these dice can't be rolled, if they can't: at least one side, at most 100 dice of
    /// 1,000 sides.
    fn problem(self) -> Option<String> {
        (self.sides == 0 || self.sides > 1000 || self.count > 100 || self.bonus.abs() > MOST).then(
            || {
                format!(
                    "dice {self} can't be rolled: 0-100 dice of 1-1000 sides, a bonus within {MOST}"
                )
            },
        )
    }
}

impl Stats {
    /// Why this stat block can't take the field, if it can't: numbers out of bounds or dice
    /// that can't be rolled.
    pub fn problem(&self) -> Option<String> {
        let within = |v: i32, lo: i32| (lo..=MOST).contains(&v);
        if self.attacks.is_empty() {
            return Some("it needs at least one attack".into());
        }
        if !within(self.hit_points, 1) {
            return Some(format!(
                "hit points must be 1 to {MOST}, not {}",
                self.hit_points
            ));
        }
        for (name, v) in [
            ("dexterity", self.dexterity),
            ("constitution", self.constitution),
            ("speed", self.speed),
        ] {
            if !within(v, 0) {
                return Some(format!("{name} must be 0 to {MOST}, not {v}"));
            }
        }
        for (name, v) in [
            ("armour_class", self.armour_class),
            ("touch_ac", self.touch_ac),
            ("fortitude", self.fortitude),
            ("reflex", self.reflex),
        ] {
            if v.abs() > MOST {
                return Some(format!("{name} must be within {MOST}, not {v}"));
            }
        }
        let weapons = self
            .attacks
            .iter()
            .map(|w| (w.name.as_str(), w.damage, w.bonus));
        let spells = self.spells.iter().map(|s| match &s.effect {
            SpellEffect::Cure { dice } | SpellEffect::Burst { dice, .. } => {
                (s.name.as_str(), *dice, 0)
            }
        });
        weapons.chain(spells).find_map(|(name, dice, bonus)| {
            dice.problem()
                .or_else(|| (bonus.abs() > MOST).then(|| format!("a bonus within {MOST}")))
                .map(|why| format!("`{name}`: {why}"))
        })
    }

    /// Speed in squares (seed 001 L74: 5 feet a square).
    pub fn speed_squares(&self) -> i32 {
        self.speed / FEET_PER_SQUARE
    }

    /// The Dexterity bonus in its AC, lost when it is denied Dexterity (seed 001 L195).
    pub fn dex_bonus(&self) -> i32 {
        modifier(self.dexterity).max(0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn modifiers_round_down() {
        assert_eq!(modifier(12), 1);
        assert_eq!(modifier(18), 4);
        assert_eq!(modifier(9), -1);
        assert_eq!(modifier(10), 0);
    }

    #[test]
    fn dice_print_and_bound_their_rolls() {
        let d = Dice {
            count: 2,
            sides: 6,
            bonus: 3,
        };
        assert_eq!(d.to_string(), "2d6+3");
        assert_eq!((d.min(), d.max()), (5, 15));
    }
}
