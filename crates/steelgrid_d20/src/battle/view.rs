//! The battle as a player, the AI and the command line read it: every creature's place, hit
//! points, AC and injury state, the round, whose turn it is, and the JSON `sim` prints.

use serde::Serialize;
use serde_json::{Value, json};
use steelgrid_kernel::body::Side;
use steelgrid_kernel::checksum::fnv1a;
use steelgrid_kernel::grid::Square;

use steelgrid_kernel::rule::RuleError;

use super::{Battle, Block, SpellsLeft, Squeezing, bodies, find, strike};
use crate::attack::concealment::Concealment;
use crate::attack::condition::{Condition, Conditions};
use crate::attack::cover::Cover;
use crate::attack::modifiers::Modifier;
use crate::injury::Injury;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct HitPointsView {
    pub current: i32,
    pub max: i32,
    pub temporary: i32,
    pub nonlethal: i32,
}

/// One creature as the state shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CreatureView {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub position: Square,
    pub size: &'static str,
    pub hit_points: HitPointsView,
    pub armour_class: i32,
    pub injury: Injury,
    pub speed: i32,
    pub squeezing: bool,
    pub conditions: Vec<Condition>,
    pub spells_left: Vec<(String, u32)>,
}

impl Battle {
    /// Every creature, in scenario order.
    pub fn creatures(&self) -> Vec<CreatureView> {
        let world = self.world();
        bodies(world)
            .iter()
            .map(|b| CreatureView {
                id: b.id.to_owned(),
                name: world
                    .get::<steelgrid_kernel::body::Identity>(b.entity)
                    .map_or_else(|| b.id.to_owned(), |i| i.name.clone()),
                side: b.side,
                position: b.space.origin,
                size: b.stats.size.name(),
                hit_points: HitPointsView {
                    current: b.hp.current,
                    max: b.hp.max,
                    temporary: b.hp.temporary,
                    nonlethal: b.hp.nonlethal,
                },
                armour_class: b.stats.armour_class,
                injury: b.injury,
                speed: b.stats.speed,
                squeezing: world.get::<Squeezing>(b.entity).is_some(),
                conditions: world
                    .get::<Conditions>(b.entity)
                    .map(|c| c.0.iter().copied().collect())
                    .unwrap_or_default(),
                spells_left: world
                    .get::<SpellsLeft>(b.entity)
                    .map(|s| s.0.iter().map(|(k, v)| (k.clone(), *v)).collect())
                    .unwrap_or_default(),
            })
            .collect()
    }

    /// One creature's view, by id.
    pub fn creature(&self, id: &str) -> Option<CreatureView> {
        self.creatures().into_iter().find(|c| c.id == id)
    }

    /// The state (and with `with_log` the event log) as JSON, the way `steelgrid sim` prints it.
    pub fn to_json(&self, with_log: bool) -> Value {
        let mut state = json!({
            "ruleset": "d20",
            "edition": self.options().edition,
            "round": self.round(),
            "turn": self.current(),
            "initiative": self.initiative(),
            "outcome": self.outcome(),
            "creatures": self.creatures(),
        });
        if with_log {
            state["log"] = serde_json::to_value(self.log()).unwrap_or(Value::Null);
        }
        state
    }

    /// A checksum of the state and the log: two battles that agree on it agree on everything a
    /// player sees.
    pub fn checksum(&self) -> u64 {
        fnv1a(self.to_json(true).to_string().as_bytes())
    }
}

impl Injury {
    /// The state in a player's words.
    pub fn word(self) -> &'static str {
        match self {
            Injury::Healthy => "healthy",
            Injury::Staggered => "staggered",
            Injury::Disabled => "disabled",
            Injury::Dying => "dying",
            Injury::Stable => "stable",
            Injury::Unconscious => "unconscious",
            Injury::Dead => "dead",
        }
    }
}

/// A modifier as the preview lists it: the rule, the number and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Listed {
    pub rule: &'static str,
    pub value: i32,
    pub reason: String,
}

/// An attack before it is made: the chance to hit in percent with every modifier by rule,
/// cover, concealment and the damage it can do (seed 001 L164-242).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct AttackPreview {
    pub weapon: String,
    pub hit_percent: u32,
    pub bonus: i32,
    pub armour_class: i32,
    pub to_hit: Vec<Listed>,
    pub to_ac: Vec<Listed>,
    pub cover: Cover,
    pub concealment: Concealment,
    pub miss_chance: u32,
    pub flanking: bool,
    /// The damage of a hit, least and most, before a critical multiplies it.
    pub damage: (i32, i32),
}

impl Battle {
    /// What `attacker`'s attack on `target` would be (with `weapon`, or the first that reaches).
    pub fn preview(
        &self,
        attacker: &str,
        target: &str,
        weapon: Option<&str>,
    ) -> Result<AttackPreview, RuleError> {
        let world = self.world();
        let (a, t) = (find(world, attacker)?, find(world, target)?);
        let w = strike::choose_weapon(world, a, t, weapon)?;
        let odds = strike::line(world, a, t, w, false, None);
        let stats = &world.get::<Block>(a).expect("stat block").0;
        let list = |m: &[Modifier]| {
            m.iter()
                .map(|m| Listed {
                    rule: m.rule.id,
                    value: m.value,
                    reason: m.reason.clone(),
                })
                .collect()
        };
        let weapon = &stats.attacks[w];
        let sneak = if odds.flanking {
            stats.sneak_attack as i32
        } else {
            0
        };
        Ok(AttackPreview {
            weapon: weapon.name.clone(),
            hit_percent: odds.line.hit_percent(),
            bonus: odds.line.total_bonus(),
            armour_class: odds.line.target_ac(),
            to_hit: list(&odds.line.to_hit),
            to_ac: list(&odds.line.to_ac),
            cover: odds.cover,
            concealment: odds.concealment,
            miss_chance: odds.line.miss_chance,
            flanking: odds.flanking,
            damage: (
                weapon.damage.min().max(1) + sneak,
                weapon.damage.max() + 6 * sneak,
            ),
        })
    }
}

impl Battle {
    /// The squares the creatures of `side` able to act threaten with their melee weapons (seed
    /// 001 L158-162): where a foe who moves provokes them.
    pub fn threatened_by(&self, side: Side) -> std::collections::BTreeSet<Square> {
        let world = self.world();
        let map = self.map();
        let mut out = std::collections::BTreeSet::new();
        for b in bodies(world)
            .iter()
            .filter(|b| b.side == side && b.injury.can_act())
        {
            for reach in b
                .stats
                .attacks
                .iter()
                .filter_map(|w| strike::melee_reach(b.stats, w))
            {
                for y in 0..map.height {
                    for x in 0..map.width {
                        let sq = Square::new(x, y);
                        if reach.threatens(b.space, sq) && !map.is_solid(sq) {
                            out.insert(sq);
                        }
                    }
                }
            }
        }
        out
    }
}

impl Battle {
    /// The Game Icons name a creature's stat block gives its token.
    pub fn icon(&self, id: &str) -> Option<String> {
        let world = self.world();
        let e = find(world, id).ok()?;
        world.get::<Block>(e)?.0.icon.clone()
    }
}

impl Battle {
    /// The living creature whose space holds `sq`, if any.
    pub fn creature_at(&self, sq: Square) -> Option<CreatureView> {
        let world = self.world();
        let id = bodies(world)
            .iter()
            .filter(|b| b.injury != Injury::Dead && b.space.contains(sq))
            .map(|b| b.id.to_owned())
            .next()?;
        self.creature(&id)
    }
}
