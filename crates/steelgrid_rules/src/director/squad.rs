//! Minion squads: same-named minions sharing one Stamina pool, losing one member each time the
//! pool falls by another minion's Stamina; area damage kills only the minions inside the area,
//! weakness and immunity count once for the squad; a captain lends its squad a bonus and can
//! be replaced at the start of the next round (seed 002 L4368-4460).

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::creature::{
    CreatureId, CreatureSize, DamageModifiers, Minion, Position, Side, Stamina, Vitality,
};
use crate::damage::{self, DamageRequest, DamageType, PendingDamage, RecentHits};
use crate::event::{Event, EventLog};
use crate::grid::Footprint;
use crate::rule;
use crate::turn::TurnState;

/// The most minions one squad can hold (seed 002 L4376).
pub const MAX_SQUAD: usize = 8;

/// Every squad in the encounter, by its id.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squads(pub BTreeMap<String, Squad>);

/// One squad's shared state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Squad {
    /// The members' name: a squad is one kind of minion (seed 002 L4376).
    pub name: String,
    /// One minion's Stamina (seed 002 L4380).
    pub per_minion: u32,
    /// The shared Stamina pool: per-minion Stamina × members at the start (seed 002 L4380).
    pub pool: u32,
    pub captain: Option<String>,
    /// What each member gains while the squad has a captain (seed 002 L4454-4456).
    #[serde(default)]
    pub with_captain: CaptainBonus,
    /// The round the squad lost its captain; a new one can take over the next round (L4460).
    #[serde(default)]
    pub captain_lost: Option<u32>,
    /// Members that joined a squad strike before their own turn, with the round and the extra
    /// main actions its critical hit gave them (seed 002 L4410-4412, L4428).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub joined: BTreeMap<String, Joined>,
}

/// A member's part in a squad strike made before its own turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Joined {
    pub round: u32,
    pub extra_main: u32,
}

/// A "With Captain" benefit (seed 002 L4454-4456).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct CaptainBonus {
    /// Added once to each target's damage from a member's strike (digest A-16).
    pub damage: u32,
    /// Added to each member's speed.
    pub speed: u32,
}

impl Squad {
    /// Members still in the fight: one per started share of the pool (digest §9.3).
    pub fn alive(&self) -> u32 {
        self.pool.div_ceil(self.per_minion.max(1))
    }

    /// Damage that drops the next member.
    pub fn to_next_drop(&self) -> u32 {
        match self.pool % self.per_minion.max(1) {
            0 => self.per_minion.min(self.pool),
            r => r,
        }
    }

    /// What one hit takes from the pool, before it is taken: `shares` is each minion hit's
    /// damage after halving, an area's capped at one minion's Stamina (digest A-12); the squad's
    /// weakness or immunity counts once, on the sum (seed 002 L4398-4400), and an area takes
    /// at most one minion's Stamina per minion in it (L4394-4396).
    pub fn loss(
        &self,
        shares: &[u32],
        from_area: bool,
        kind: Option<DamageType>,
        mods: &DamageModifiers,
    ) -> SquadLoss {
        let s = self.per_minion.max(1);
        let total = shares
            .iter()
            .map(|&share| if from_area { share.min(s) } else { share })
            .sum();
        let breakdown = damage::compute(total, kind, false, mods);
        let cap = from_area.then_some(shares.len() as u32 * s);
        let amount = cap.map_or(breakdown.amount, |c| breakdown.amount.min(c));
        let left = Squad {
            pool: self.pool.saturating_sub(amount),
            ..self.clone()
        };
        SquadLoss {
            breakdown,
            cap,
            amount,
            drops: self.alive() - left.alive(),
        }
    }

    /// Whether `minion` has already spent this round's main action on a squad strike.
    pub fn joined_in(&self, minion: &str, round: u32) -> bool {
        self.joined.get(minion).is_some_and(|j| j.round == round)
    }

    /// The bonus each member has now.
    pub fn bonus(&self) -> CaptainBonus {
        if self.captain.is_some() {
            self.with_captain
        } else {
            CaptainBonus::default()
        }
    }
}

/// What one hit does to a squad's pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SquadLoss {
    pub breakdown: damage::DamageBreakdown,
    /// An area's cap: one minion's Stamina per minion in it.
    pub cap: Option<u32>,
    /// What the pool loses.
    pub amount: u32,
    /// Members it drops.
    pub drops: u32,
}

/// Set by the command stage when the damage it queued comes from an area: each minion's share
/// is then at most one minion's Stamina and only minions in the area can die (L4394-4396).
#[derive(Resource, Default, Debug)]
pub struct AreaDamage(pub bool);

type MinionQuery<'w, 's> = Query<
    'w,
    's,
    (
        Entity,
        &'static CreatureId,
        &'static Minion,
        &'static mut Stamina,
        &'static Vitality,
        &'static DamageModifiers,
        &'static Position,
        &'static CreatureSize,
    ),
>;

/// Damage stage, before single creatures: take the damage queued for squad members out of the
/// queue and put it through each squad's pool.
pub fn apply_squad_damage(
    mut pending: ResMut<PendingDamage>,
    mut area: ResMut<AreaDamage>,
    mut squads: ResMut<Squads>,
    mut hits: ResMut<RecentHits>,
    mut log: ResMut<EventLog>,
    mut minions: MinionQuery,
) {
    let from_area = std::mem::take(&mut area.0);
    let squad_of = |e: Entity, minions: &MinionQuery| {
        minions
            .get(e)
            .ok()
            .filter(|m| *m.4 != Vitality::Dead)
            .and_then(|m| m.2.squad.clone())
    };
    let mut by_squad: BTreeMap<String, Vec<DamageRequest>> = BTreeMap::new();
    let mut rest = Vec::new();
    for req in pending.0.drain(..) {
        match squad_of(req.target, &minions).filter(|s| squads.0.contains_key(s)) {
            Some(s) => by_squad.entry(s).or_default().push(req),
            None => rest.push(req),
        }
    }
    pending.0 = rest;
    for (id, requests) in by_squad {
        let squad = squads.0.get_mut(&id).expect("filtered to known squads");
        hit_squad(
            &id,
            squad,
            requests,
            from_area,
            &mut minions,
            &mut hits,
            &mut log,
        );
    }
}

fn hit_squad(
    id: &str,
    squad: &mut Squad,
    requests: Vec<DamageRequest>,
    from_area: bool,
    minions: &mut MinionQuery,
    hits: &mut RecentHits,
    log: &mut EventLog,
) {
    let s = squad.per_minion.max(1);
    let kind: Option<DamageType> = requests[0].damage_type;
    let source = requests[0].source.clone();
    // One share per minion hit; an area's share is at most one minion's Stamina (digest A-12).
    let mut shares: Vec<(Entity, u32)> = Vec::new();
    for r in &requests {
        let amount = if r.halved { r.amount / 2 } else { r.amount };
        match shares.iter_mut().find(|(e, _)| *e == r.target) {
            Some(share) => share.1 += amount,
            None => shares.push((r.target, amount)),
        }
    }
    if from_area {
        for share in &mut shares {
            share.1 = share.1.min(s);
        }
    }
    let mods = minions
        .get(shares[0].0)
        .map(|m| m.5.clone())
        .unwrap_or_default();
    let amounts: Vec<u32> = shares.iter().map(|sh| sh.1).collect();
    let SquadLoss {
        breakdown: b,
        cap,
        amount,
        drops,
    } = squad.loss(&amounts, from_area, kind, &mods);
    let before = squad.pool;
    squad.pool = squad.pool.saturating_sub(amount);
    let drops = drops as usize;
    // The minions hit die first (the attacker picks among them: first named first), then —
    // for damage not from an area — the members nearest the first one hit (digest A-11).
    let first = minions
        .get(shares[0].0)
        .map(|m| Footprint::new(m.6.0, m.7.0))
        .ok();
    let mut others: Vec<(u32, String, Entity)> = minions
        .iter()
        .filter(|m| m.2.squad.as_deref() == Some(id) && *m.4 != Vitality::Dead)
        .filter(|m| !shares.iter().any(|sh| sh.0 == m.0))
        .map(|m| {
            let gap = first.map_or(0, |f| f.distance(Footprint::new(m.6.0, m.7.0)));
            (gap, m.1.0.clone(), m.0)
        })
        .collect();
    others.sort();
    let victims: Vec<Entity> = shares
        .iter()
        .map(|sh| sh.0)
        .chain(others.iter().filter(|_| !from_area).map(|o| o.2))
        .take(drops)
        .collect();
    let name = |e: Entity| minions.get(e).map(|m| m.1.0.clone()).unwrap_or_default();
    let hit_names: Vec<(String, u32)> = shares.iter().map(|sh| (name(sh.0), sh.1)).collect();
    let killed: Vec<String> = victims.iter().map(|&e| name(e)).collect();
    log.push(
        if b.weakness > 0 || b.immunity > 0 || b.immune {
            rule::SQUAD_WEAKNESS
        } else if from_area {
            rule::SQUAD_AREA
        } else {
            rule::SQUAD_POOL
        },
        Event::SquadDamaged {
            squad: id.to_owned(),
            source,
            damage_type: kind,
            hits: hit_names,
            weakness: b.weakness,
            immunity: b.immunity,
            capped: cap.filter(|c| b.amount > *c),
            amount,
            pool_before: before,
            pool_after: squad.pool,
            killed,
        },
    );
    for e in victims {
        if let Ok(mut m) = minions.get_mut(e) {
            // seed 002 L4386: a minion dropped this way counts as reduced to 0 Stamina.
            m.3.current = 0;
            hits.0.push((e, false));
        }
    }
}

/// After every command: a squad whose captain can no longer act loses it and the bonus at
/// once; at the start of the next round the nearest ally that may lead it takes over, with no
/// action (seed 002 L4458-4460; digest DS-DIR-44).
pub fn watch_captains(
    turn: Res<TurnState>,
    mut squads: ResMut<Squads>,
    mut log: ResMut<EventLog>,
    creatures: Query<(
        &CreatureId,
        &Side,
        &Vitality,
        &Position,
        &CreatureSize,
        Option<&Minion>,
    )>,
) {
    let can_act = |id: &str| creatures.iter().any(|c| c.0.0 == id && c.2.can_act());
    let mut taken: Vec<String> = squads
        .0
        .values()
        .filter_map(|s| s.captain.clone())
        .collect();
    for (id, squad) in squads.0.iter_mut() {
        if let Some(captain) = squad.captain.clone()
            && !can_act(&captain)
        {
            squad.captain = None;
            squad.captain_lost = Some(turn.round);
            taken.retain(|t| t != &captain);
            log.push(
                rule::SQUAD_CAPTAIN,
                Event::CaptainLost {
                    squad: id.clone(),
                    captain,
                },
            );
        }
        let Some(lost) = squad.captain_lost else {
            continue;
        };
        if squad.captain.is_some() || turn.round <= lost || squad.alive() == 0 {
            continue;
        }
        let members: Vec<Footprint> = creatures
            .iter()
            .filter(|c| c.5.is_some_and(|m| m.squad.as_deref() == Some(id.as_str())))
            .filter(|c| c.2.can_act())
            .map(|c| Footprint::new(c.3.0, c.4.0))
            .collect();
        let mut candidates: Vec<(u32, String)> = creatures
            .iter()
            .filter(|c| *c.1 == Side::Director && c.5.is_none() && c.2.can_act())
            .filter(|c| !taken.contains(&c.0.0))
            .map(|c| {
                let body = Footprint::new(c.3.0, c.4.0);
                let gap = members.iter().map(|m| m.distance(body)).min().unwrap_or(0);
                (gap, c.0.0.clone())
            })
            .collect();
        candidates.sort();
        if let Some((_, captain)) = candidates.into_iter().next() {
            squad.captain = Some(captain.clone());
            squad.captain_lost = None;
            taken.push(captain.clone());
            log.push(
                rule::SQUAD_CAPTAIN,
                Event::CaptainAppointed {
                    squad: id.clone(),
                    captain,
                },
            );
        }
    }
}

/// Command stage, after a turn starts: a member that joined the squad's strike earlier this
/// round has used its main action; it keeps the ones a critical hit granted, and its move
/// (seed 002 L4410-4416, L4428).
pub fn start_member_turn(
    command: Res<crate::command::CurrentCommand>,
    turn: Res<TurnState>,
    mut squads: ResMut<Squads>,
    mut log: ResMut<EventLog>,
    mut members: Query<(&CreatureId, &Minion, &mut crate::creature::ActionBudget)>,
) {
    let Some(crate::command::Command::StartTurn { creature }) = &command.0 else {
        return;
    };
    let Some((_, minion, mut budget)) = members.iter_mut().find(|m| &m.0.0 == creature) else {
        return;
    };
    let Some(squad) = minion.squad.as_ref().and_then(|s| squads.0.get_mut(s)) else {
        return;
    };
    let Some(joined) = squad
        .joined
        .remove(creature)
        .filter(|j| j.round == turn.round)
    else {
        return;
    };
    budget.main = joined.extra_main;
    log.push(
        rule::SQUAD_STRIKE,
        Event::SquadMainActionSpent {
            minion: creature.clone(),
            main_left: joined.extra_main,
        },
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    fn squad(pool: u32, s: u32) -> Squad {
        Squad {
            name: "m".into(),
            per_minion: s,
            pool,
            captain: None,
            with_captain: CaptainBonus::default(),
            captain_lost: None,
            joined: Default::default(),
        }
    }

    #[test]
    fn ds_dir_40_a_pool_of_six_minions_drops_one_every_four() {
        let mut sq = squad(24, 4);
        let mut left = Vec::new();
        for _ in 0..6 {
            left.push(sq.alive());
            sq.pool -= sq.to_next_drop();
        }
        assert_eq!(left, vec![6, 5, 4, 3, 2, 1]);
        assert_eq!(sq.alive(), 0);
    }

    #[test]
    fn damage_short_of_a_threshold_stays_in_the_pool() {
        let sq = squad(37, 5);
        assert_eq!((sq.alive(), sq.to_next_drop()), (8, 2));
    }
}
