//! What the window, the AI and `--json` read of a skirmish: each miniature, each warband, an
//! attack's preview with every modifier by rule, an area's squares, and the state as JSON.

use serde::Serialize;
use steelgrid_kernel::checksum::StateHash;
use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use super::strike::{self, Strike};
use super::{Applied, Battle, Phase};
use crate::area::Corner;
use crate::round::Player;

/// One miniature as the board shows it.
#[derive(Clone, Debug, Serialize)]
pub struct MiniView {
    pub id: String,
    pub name: String,
    pub player: Player,
    pub space: Footprint,
    pub hit_points: u32,
    pub start: u32,
    pub bloodied: bool,
    pub destroyed: bool,
    pub activated: bool,
    pub active: bool,
    pub champion: bool,
    pub defense: i32,
    pub speed: u32,
    pub cost: u32,
    pub conditions: Vec<String>,
    pub riding: Option<String>,
    pub icon: Option<String>,
}

/// One warband's standing.
#[derive(Clone, Debug, Serialize)]
pub struct WarbandView {
    pub player: Player,
    pub name: String,
    pub champion: String,
    pub points: u32,
    pub victory_points: u32,
    /// Creatures still to activate this round.
    pub waiting: u32,
    /// Champion powers not yet used.
    pub powers_left: Vec<String>,
}

/// The odds of one attack before it is rolled.
#[derive(Clone, Debug, Serialize)]
pub struct AttackPreview {
    pub attacker: String,
    pub target: String,
    pub attack: String,
    pub bonus: i32,
    pub modifiers: Vec<Applied>,
    pub defense: i32,
    /// The chance to hit in percent: natural 1 misses, natural 20 hits.
    pub hit_chance: u32,
    pub damage: u32,
}

impl Battle {
    /// Every miniature, in scenario order.
    pub fn minis(&self) -> Vec<MiniView> {
        let s = self.skirmish();
        let active = s.turn().map(|t| t.creature);
        s.minis
            .iter()
            .enumerate()
            .map(|(i, m)| MiniView {
                id: m.id.clone(),
                name: m.name.clone(),
                player: m.owner,
                space: m.space,
                hit_points: m.hp.current,
                start: m.hp.start,
                bloodied: m.hp.bloodied(),
                destroyed: m.destroyed,
                activated: m.activated,
                active: active == Some(i),
                champion: s.warbands[m.owner.index()].champion == i,
                defense: m.card.defense,
                speed: m.card.speed,
                cost: m.card.cost,
                conditions: m
                    .afflictions
                    .lasting
                    .iter()
                    .map(|l| super::flow::effect_name(l.effect))
                    .collect(),
                riding: m.riding.map(|k| s.minis[k].id.clone()),
                icon: m.card.icon.clone(),
            })
            .collect()
    }

    /// Both warbands, `[One, Two]`.
    pub fn warbands(&self) -> [WarbandView; 2] {
        let s = self.skirmish();
        Player::BOTH.map(|p| {
            let w = &s.warbands[p.index()];
            let champion = &s.minis[w.champion];
            WarbandView {
                player: p,
                name: w.name.clone(),
                champion: champion.id.clone(),
                points: w.points,
                victory_points: w.victory_points,
                waiting: super::flow::waiting(s, p),
                powers_left: champion
                    .card
                    .champion
                    .iter()
                    .flat_map(|c| &c.powers)
                    .filter(|pw| !w.powers_used.contains(&pw.name))
                    .map(|pw| pw.name.clone())
                    .collect(),
            }
        })
    }

    /// The champion powers the deciding player may use in the open window.
    pub fn usable_powers(&self) -> Vec<String> {
        let s = self.skirmish();
        match &s.phase {
            Phase::Window { stage, queue } => queue
                .first()
                .map(|&p| super::flow::usable_powers(s, p, *stage))
                .unwrap_or_default(),
            _ => Vec::new(),
        }
    }

    /// The hit chance of `attacker`'s `attack` at `target`, with every modifier.
    pub fn preview(
        &self,
        attacker: &str,
        attack: &str,
        target: &str,
    ) -> Result<AttackPreview, RuleError> {
        self.trial(|t| {
            let i = t.s.find(attacker)?;
            let j = t.s.find(target)?;
            let card = &t.s.minis[i].card;
            let attack = card
                .attacks
                .iter()
                .find(|a| a.name == attack)
                .cloned()
                .ok_or_else(|| {
                    RuleError::new(
                        crate::rule::attack::LEGAL_TARGET,
                        format!("`{attacker}` has no attack `{attack}`"),
                    )
                })?;
            let strike = Strike {
                attacker: i,
                target: j,
                attack,
                charging: false,
                from: None,
            };
            let modifiers: Vec<Applied> = strike::modifiers(t, &strike)
                .into_iter()
                .map(|(_, m)| m)
                .collect();
            let bonus = strike.attack.bonus + modifiers.iter().map(|m| m.value).sum::<i32>();
            let defense = t.s.minis[j].card.defense;
            let faces = (1..=20)
                .filter(|&n| n == 20 || (n != 1 && n + bonus >= defense))
                .count();
            Ok(AttackPreview {
                attacker: attacker.to_owned(),
                target: target.to_owned(),
                attack: strike.attack.name.clone(),
                bonus,
                modifiers,
                defense,
                hit_chance: faces as u32 * 5,
                damage: strike.attack.damage,
            })
        })
    }

    /// The squares the active creature's area `attack` at `at` would cover.
    pub fn area_preview(
        &self,
        attack: &str,
        at: Square,
        from: Option<Corner>,
    ) -> Result<Vec<Square>, RuleError> {
        self.trial(|t| {
            let i = t.s.turn().map(|t| t.creature).ok_or_else(|| {
                RuleError::new(
                    crate::rule::round::TURN_SEQUENCE,
                    "no creature is taking its turn",
                )
            })?;
            let card = &t.s.minis[i].card;
            let attack = card
                .attacks
                .iter()
                .find(|a| a.name == attack)
                .cloned()
                .ok_or_else(|| {
                    RuleError::new(
                        crate::rule::attack::LEGAL_TARGET,
                        format!("no attack `{attack}`"),
                    )
                })?;
            strike::area_squares(t, i, &attack, at, from)
        })
    }

    /// The corners of the active creature's space a line aimed at `at` may start from, in the
    /// order the engine tries them (seed 000 L106-110; Part E 2).
    pub fn line_origins(&self, at: Square) -> Vec<Corner> {
        let s = self.skirmish();
        s.turn()
            .map(|t| crate::area::line_origins(s.minis[t.creature].space, at))
            .unwrap_or_default()
    }

    /// The state as JSON: round, phase, who decides, miniatures, warbands, outcome; with the
    /// log when `with_log`.
    pub fn to_json(&self, with_log: bool) -> serde_json::Value {
        let s = self.skirmish();
        let mut v = serde_json::json!({
            "ruleset": "Miniatures",
            "round": s.round,
            "phase": s.phase,
            "deciding": s.deciding(),
            "first": s.first,
            "goal": s.goal,
            "minis": self.minis(),
            "warbands": self.warbands(),
            "outcome": s.outcome,
        });
        if with_log {
            v["log"] = serde_json::to_value(self.log()).unwrap_or_default();
        }
        v
    }

    /// A checksum of the whole table and the dice, for replays.
    pub fn checksum(&self) -> u64 {
        let mut h = StateHash::default();
        h.value(self.skirmish());
        h.word(
            self.world
                .resource::<steelgrid_kernel::dice::Dice>()
                .rolled(),
        );
        h.finish()
    }
}
