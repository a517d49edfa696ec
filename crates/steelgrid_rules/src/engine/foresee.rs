//! Previews of what a roll or a blow would do, before it is made: the odds of each tier and
//! what each would leave the target with, by the same rules the damage stage applies.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ability::resolve::AbilityPreview;
use crate::command::{Command, RuleError};
use crate::creature::*;
use crate::damage::foresee::{self, Aftermath, Blow};
use crate::director::squad::Squads;
use crate::forced::{self, resolution::CheckedKnockback};
use crate::movement::free_strike::{self, CheckedStrike, StrikeOptions};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule;

use super::Engine;

/// What a free strike or a Knockback would do: the chance of each tier (none for a Director
/// creature's free strike, which does not roll) and each outcome in words and in its effect on
/// the target.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct RollPreview {
    pub name: String,
    pub target: String,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    pub odds: Option<[f64; 3]>,
    pub outcomes: Vec<String>,
    pub after: Vec<Aftermath>,
}

impl Engine {
    /// What `blows` would leave `target` with now, one after another: its weakness and
    /// immunity, temporary Stamina, and a minion's squad pool (seed 002 L3036-3050, L3098,
    /// L4380-4400).
    pub fn foresee(&self, target: &str, blows: &[Blow]) -> Result<Aftermath, RuleError> {
        let e = self.entity(target)?;
        let mods = self
            .world
            .get::<DamageModifiers>(e)
            .expect("damage modifiers");
        if let Some(squad) = self.squad_of(e) {
            let mut squad = squad.clone();
            let mut after = Aftermath {
                dealt: 0,
                left: squad.pool as i32,
                state: *self.world.get::<Vitality>(e).expect("vitality"),
                drops: 0,
            };
            for blow in blows {
                let loss = squad.loss(&[blow.amount], false, blow.kind, mods);
                squad.pool = squad.pool.saturating_sub(loss.amount);
                after.dealt += loss.amount;
                after.drops += loss.drops;
            }
            after.left = squad.pool as i32;
            if after.drops > 0 {
                // The minion hit is the first to die (digest A-11).
                after.state = Vitality::Dead;
            }
            return Ok(after);
        }
        let stamina = self.world.get::<Stamina>(e).expect("stamina");
        let is_hero =
            self.world.get::<Hero>(e).is_some() || self.world.get::<Retainer>(e).is_some();
        Ok(foresee::on_creature(stamina, mods, is_hero, blows))
    }

    /// Fill in what each tier of `preview` would leave each target with. Squad members hit
    /// together share one pool: their shares are summed (an area's each capped at one minion's
    /// Stamina), the squad's weakness and immunity counted once, and the members hit die first
    /// in the order targeted (seed 002 L4394-4400; digest ).
    pub(super) fn foresee_ability(&self, preview: &mut AbilityPreview, from_area: bool) {
        let tiers = preview.targets.iter().map(|t| t.numbers.len()).max();
        for tier in 0..tiers.unwrap_or(0) {
            let blow = |i: usize| {
                let n = preview.targets[i]
                    .numbers
                    .get(tier)
                    .copied()
                    .unwrap_or_default();
                Blow {
                    amount: n.damage,
                    kind: n.kind,
                }
            };
            let mut squads: BTreeMap<String, Vec<usize>> = BTreeMap::new();
            let mut found = Vec::new();
            for (i, t) in preview.targets.iter().enumerate() {
                let Ok(e) = self.entity(&t.id) else {
                    continue;
                };
                match self.world.get::<Minion>(e).and_then(|m| m.squad.clone()) {
                    Some(s) if self.squad_of(e).is_some() => squads.entry(s).or_default().push(i),
                    _ => {
                        if let Ok(after) = self.foresee(&t.id, &[blow(i)]) {
                            found.push((i, after));
                        }
                    }
                }
            }
            for (id, members) in squads {
                let squad = &self.world.resource::<Squads>().0[&id];
                let first = self.entity(&preview.targets[members[0]].id).expect("found");
                let mods = self
                    .world
                    .get::<DamageModifiers>(first)
                    .expect("damage modifiers");
                let shares: Vec<u32> = members.iter().map(|&i| blow(i).amount).collect();
                let loss = squad.loss(&shares, from_area, blow(members[0]).kind, mods);
                for (j, &i) in members.iter().enumerate() {
                    let e = self.entity(&preview.targets[i].id).expect("found");
                    let standing = *self.world.get::<Vitality>(e).expect("vitality");
                    found.push((
                        i,
                        Aftermath {
                            dealt: loss.amount,
                            left: squad.pool.saturating_sub(loss.amount) as i32,
                            state: if (j as u32) < loss.drops {
                                Vitality::Dead
                            } else {
                                standing
                            },
                            drops: loss.drops,
                        },
                    ));
                }
            }
            found.sort_by_key(|f| f.0);
            for (i, after) in found {
                preview.targets[i].after.push(after);
            }
        }
    }

    /// What a `FreeStrike` or a `Knockback` would do now, refused exactly as `apply` would
    /// be. A hero's free strike rolls 2d10 + Might or Agility for 2/5/7 (melee) or 2/4/6
    /// (ranged) damage; a Director creature's deals its free-strike damage without a roll
    /// (seed 002 L2980-3000). Knockback rolls 2d10 + Might to push 1, 2 or 3 (L2897-2910).
    pub fn preview_roll(&self, command: &Command) -> Result<RollPreview, RuleError> {
        let checked = self.validate(command)?;
        let options = self.world.resource::<RulesOptions>();
        match command {
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                damage_type,
                ..
            } => {
                let strike = checked
                    .get::<CheckedStrike>()
                    .expect("a checked free strike");
                let opts = StrikeOptions::of(command, strike);
                let a = self.entity(attacker)?;
                let halve = |n: u32| if strike.halved { n / 2 } else { n };
                let name = free_strike::name(*ranged).to_owned();
                let blow = |amount| {
                    self.foresee(
                        target,
                        &[Blow {
                            amount: halve(amount),
                            kind: *damage_type,
                        }],
                    )
                };
                if self.world.get::<Hero>(a).is_none() {
                    let amount = self.world.get::<FreeStrike>(a).expect("free strike").0;
                    return Ok(RollPreview {
                        name,
                        target: target.clone(),
                        edges: Vec::new(),
                        banes: Vec::new(),
                        odds: None,
                        outcomes: vec![format!("{amount} damage, no roll")],
                        after: vec![blow(amount)?],
                    });
                }
                let chars = self
                    .world
                    .get::<Characteristics>(a)
                    .expect("characteristics");
                let (spec, value) = free_strike::strike_roll(chars, &opts);
                let tiers = [Tier::One, Tier::Two, Tier::Three].map(|t| {
                    free_strike::strike_damage(
                        opts.tier.map_or(t, |cap| cap.min(t)),
                        *ranged,
                        value,
                    )
                });
                Ok(RollPreview {
                    name,
                    target: target.clone(),
                    edges: spec.edges.clone(),
                    banes: spec.banes.clone(),
                    odds: Some(power_roll::tier_odds(&spec, options)),
                    outcomes: tiers.iter().map(|d| format!("{d} damage")).collect(),
                    after: tiers.iter().map(|&d| blow(d)).collect::<Result<_, _>>()?,
                })
            }
            Command::Knockback { creature, target } => {
                let knock = checked
                    .get::<CheckedKnockback>()
                    .expect("a checked knockback");
                let a = self.entity(creature)?;
                let might = self
                    .world
                    .get::<Characteristics>(a)
                    .expect("characteristics")
                    .might;
                let spec = PowerRollSpec {
                    characteristic: might,
                    edges: knock.edges.clone(),
                    banes: knock.banes.clone(),
                    ..PowerRollSpec::default()
                };
                let none = self.foresee(target, &[])?;
                let push = |n: u32| {
                    let spec = forced::ForcedSpec::open(
                        forced::ForcedKind::Push,
                        Some(creature.clone()),
                        target.clone(),
                        n,
                        true,
                    );
                    forced::distance(&self.forced_board(&spec), &spec)
                        .map(|d| d.words(forced::ForcedKind::Push))
                };
                Ok(RollPreview {
                    name: "Knockback".into(),
                    target: target.clone(),
                    odds: Some(power_roll::tier_odds(&spec, options)),
                    edges: spec.edges,
                    banes: spec.banes,
                    outcomes: (1..=3).map(push).collect::<Result<_, _>>()?,
                    after: vec![none; 3],
                })
            }
            _ => Err(RuleError::new(
                rule::POWER_ROLL,
                "only a free strike or a Knockback is previewed this way",
            )),
        }
    }

    fn squad_of(&self, e: bevy_ecs::entity::Entity) -> Option<&crate::director::squad::Squad> {
        let id = self.world.get::<Minion>(e)?.squad.as_ref()?;
        let alive = *self.world.get::<Vitality>(e)? != Vitality::Dead;
        alive.then(|| self.world.resource::<Squads>().0.get(id))?
    }
}
