//! A miniature's stat card: its cost, hit points, defense, speed, size, attacks and, for a
//! champion, its rating, commander effect and champion powers (digest A1, A5; seed 000 L19-25
//! names the attack icons, L425 the champion powers). The cards are original; their shape is
//! the skirmish game's.

use serde::{Deserialize, Serialize};

use crate::damage::conditions::Condition;
use crate::damage::packet::{DamageType, Defences};
use crate::movement::AttackIcon;

/// How much of the grid a miniature covers (the sizes are the rulebook's, not in seed; seed 000
/// L79-88 and L485-491 speak of big and huge creatures).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Size {
    Small,
    #[default]
    Medium,
    /// 2×2 squares.
    Large,
    /// 3×3 squares; the only size that may squeeze (seed 000 L485).
    Huge,
}

impl Size {
    /// Squares along one edge of its space.
    pub fn side(self) -> i32 {
        match self {
            Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
        }
    }
}

/// The shape an attack covers, if it is not aimed at one creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Shape {
    /// Every other creature within X of the user's whole space (seed 000 L101-104, L421).
    Burst(u32),
    /// Up to X squares along a segment from a corner of the user (seed 000 L106-112).
    Line(u32),
}

/// One attack on a card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Attack {
    pub name: String,
    pub icon: AttackIcon,
    /// Added to the d20.
    pub bonus: i32,
    pub damage: u32,
    #[serde(default = "untyped")]
    pub kind: DamageType,
    /// Squares to a target (melee attacks reach 1).
    #[serde(default = "one")]
    pub range: u32,
    #[serde(default)]
    pub shape: Option<Shape>,
    /// A check-box power: once used (at A2) it is spent for the battle (seed 000 L297-299).
    #[serde(default)]
    pub once: bool,
    /// A condition a hit lays on, until the target saves (seed 000 L244, L499).
    #[serde(default)]
    pub condition: Option<Condition>,
    /// Ongoing damage a hit lays on, save ends (seed 000 L244).
    #[serde(default)]
    pub ongoing: u32,
    /// Squares a hit pushes the target (seed 000 L477).
    #[serde(default)]
    pub push: u32,
    /// Damage dealt on a miss, without extra damage (seed 000 L359).
    #[serde(default)]
    pub miss: u32,
    /// A "nearest" attack: only at the nearest enemy in line of sight (seed 000 L313, L471).
    #[serde(default)]
    pub nearest: bool,
}

fn untyped() -> DamageType {
    DamageType::Untyped
}

fn one() -> u32 {
    1
}

impl Attack {
    /// Whether this attack is its user's basic melee attack (`[m]`).
    pub fn basic(&self) -> bool {
        self.icon == AttackIcon::Basic
    }

    /// Whether it is made at one creature next to the user.
    pub fn melee(&self) -> bool {
        matches!(self.icon, AttackIcon::Basic | AttackIcon::Melee) && self.shape.is_none()
    }
}

/// When a champion power may be used in the round (seed 000 L269-275).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Window {
    /// R1, at the beginning of the round.
    BeginningOfRound,
    /// R2, before initiative.
    BeforeInitiative,
    /// R4, after initiative.
    AfterInitiative,
}

/// What a champion power does: its warband's creatures gain the bonus until the end of the
/// round (seed 000 L283 d ends it).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Boost {
    /// Added to this round's initiative check.
    Initiative(i32),
    /// Added to the warband's attack rolls.
    Attack(i32),
    /// Added to the warband's speed.
    Speed(u32),
    /// Hit points back to the champion's warband, each creature.
    Heal(u32),
}

/// A champion power on a champion's card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChampionPower {
    pub name: String,
    pub window: Window,
    pub boost: Boost,
}

/// A commander effect: allies within `range` of the champion add `attack` to their attacks.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Commander {
    pub name: String,
    pub range: u32,
    pub attack: i32,
}

/// What makes a creature a champion.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Champion {
    /// Added to initiative and to the set-up roll (seed 000 L47, L271, L443).
    pub rating: u32,
    #[serde(default)]
    pub commander: Option<Commander>,
    #[serde(default)]
    pub powers: Vec<ChampionPower>,
}

/// A creature's stat card.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Card {
    pub name: String,
    /// Points it costs its warband; an enemy scores them by destroying it (not in seed).
    pub cost: u32,
    pub level: u32,
    pub hit_points: u32,
    /// What an attack roll must reach (AC).
    pub defense: i32,
    pub speed: u32,
    #[serde(default)]
    pub size: Size,
    /// Keywords: `Living` (sewage, seed 000 L519), a mount's rider keyword, `Flying`.
    #[serde(default)]
    pub keywords: Vec<String>,
    pub attacks: Vec<Attack>,
    #[serde(default)]
    pub champion: Option<Champion>,
    #[serde(default)]
    pub defences: Defences,
    /// A mount: the keywords a rider needs, one of them (seed 000 L385-389).
    #[serde(default)]
    pub mount: Option<Vec<String>>,
    /// The game icon its token shows.
    #[serde(default)]
    pub icon: Option<String>,
}

impl Card {
    /// The champion rating, 0 for a creature that is no champion.
    pub fn rating(&self) -> u32 {
        self.champion.as_ref().map_or(0, |c| c.rating)
    }

    pub fn has_keyword(&self, word: &str) -> bool {
        self.keywords.iter().any(|k| k.eq_ignore_ascii_case(word))
    }

    /// Whether `rider` may ride this card's creature (seed 000 L387-389).
    pub fn carries(&self, rider: &Card) -> bool {
        self.mount
            .as_ref()
            .is_some_and(|words| words.iter().any(|w| rider.has_keyword(w)))
    }

    /// What is wrong with the card, if anything: values a battle could not run with.
    pub fn problem(&self) -> Option<String> {
        if self.hit_points == 0 || self.hit_points > 10_000 {
            return Some(format!("hit points {} are not 1-10000", self.hit_points));
        }
        if self.speed > 50 || !(-50..=100).contains(&self.defense) {
            return Some("speed must be 0-50 and defense -50-100".into());
        }
        if self.attacks.is_empty() {
            return Some("a card needs at least one attack".into());
        }
        self.attacks.iter().find_map(|a| {
            let shape = match a.shape {
                Some(Shape::Burst(x) | Shape::Line(x)) => x,
                None => 1,
            };
            let bad = !(-50..=50).contains(&a.bonus)
                || a.damage > 1_000
                || a.range == 0
                || a.range > 40
                || shape == 0
                || shape > 20
                || a.push > 10
                || a.ongoing > 100
                || a.miss > 1_000;
            bad.then(|| {
                format!(
                    "attack `{}`: bonus -50-50, damage up to 1000, range 1-40, area 1-20, push up to 10",
                    a.name
                )
            })
        })
    }
}
