//! Checks for using an ability: its user, cost, distance, targets, objects, surges, a squad's
//! strike.

use bevy_ecs::prelude::*;

use crate::ability::hero_token;
use crate::ability::resolve;
use crate::ability::{Ability, AbilityBook, ActionType, Cost, Distance, Keyword, Party, Who};
use crate::command::{Command, RuleError};
use crate::condition::Condition;
use crate::creature::*;
use crate::director::malice;
use crate::director::squad;
use crate::grid::{Footprint, Map, Square, Terrain};
use crate::movement::{self};
use crate::rule;
use crate::turn::{self, TurnState};

use crate::engine::Engine;

impl Engine {
    /// Check a `UseAbility`: the ability is the creature's, the turn has the action for it,
    /// the cost can be paid, the area is placed legally and every target is one the ability
    /// may affect, in reach and line of effect (seed 002 L1333-1520).
    pub(crate) fn check_ability(
        &self,
        command: &Command,
    ) -> Result<resolve::CheckedAbility, RuleError> {
        let mut checked = self.check_ability_by(command, None)?;
        if let Command::UseAbility { squad, .. } = command
            && !squad.is_empty()
        {
            checked.squad = Some(self.check_squad_strike(command, &mut checked)?);
        }
        Ok(checked)
    }

    /// Members joining a minion's signature strike (seed 002 L4420-4428): each a living member
    /// of the user's squad that hasn't used a main action or a maneuver this round — its turn
    /// still to come, or over with only a move made — its target within its own reach; at
    /// most three members on one target (digest A-13). Their targets join the user's, each
    /// with the edges and banes of the first member on it.
    pub(in crate::engine) fn check_squad_strike(
        &self,
        command: &Command,
        checked: &mut resolve::CheckedAbility,
    ) -> Result<resolve::SquadStrike, RuleError> {
        let Command::UseAbility {
            creature,
            ability,
            targets,
            squad: mates,
            ..
        } = command
        else {
            unreachable!("only called for UseAbility")
        };
        let refuse = |m: String| RuleError::new(rule::SQUAD_STRIKE, m);
        let Some(squad_id) = self
            .world
            .get::<Minion>(checked.user)
            .and_then(|m| m.squad.clone())
        else {
            return Err(refuse(format!("{creature} is not a minion in a squad")));
        };
        let ab = &checked.ability;
        if !ab.signature || !ab.is_strike() || ab.distance.is_area() || targets.len() != 1 {
            return Err(refuse(format!(
                "a squad strikes together with a minion's signature strike against one target each; `{}` with {} target(s) is not one",
                ab.name,
                targets.len()
            )));
        }
        let turn = self.world.resource::<TurnState>().clone();
        let squad = self.world.resource::<squad::Squads>().0[&squad_id].clone();
        let free_strike = self
            .world
            .get::<FreeStrike>(checked.user)
            .map_or(0, |f| f.0);
        let mut on_target: Vec<(String, u32)> = vec![(targets[0].clone(), 1)];
        let mut members = Vec::new();
        for mate in mates {
            let m = &mate.minion;
            let e = self.entity(m)?;
            if m == creature || members.iter().any(|(_, id, _)| id == m) {
                return Err(refuse(format!("{m} is named twice in the squad strike")));
            }
            let same_squad = self
                .world
                .get::<Minion>(e)
                .is_some_and(|x| x.squad.as_deref() == Some(squad_id.as_str()));
            let why_not = if !same_squad {
                Some(format!("{m} is not in squad `{squad_id}`"))
            } else if !self.creature_ref(e).vitality.can_act() {
                Some(format!("{m} is down and can't strike"))
            } else if turn.acted.contains(m) && !self.budget(e).allows(ActionKind::Main) {
                Some(format!(
                    "{m} has used its main action or a maneuver this round (seed 002 L4434: a member acting alone sits out the squad's action)"
                ))
            } else if squad.joined_in(m, turn.round) {
                Some(format!("{m} has already joined a squad strike this round"))
            } else {
                None
            };
            if let Some(why) = why_not {
                return Err(refuse(why));
            }
            let own = Command::use_ability(m, ability, vec![mate.target.clone()]);
            let theirs = self
                .check_ability_by(&own, Some(e))
                .map_err(|err| RuleError {
                    reason: format!("{m} can't join: {}", err.reason),
                    ..err
                })?;
            match on_target.iter_mut().find(|(t, _)| *t == mate.target) {
                Some((t, n)) if *n == 3 => {
                    return Err(refuse(format!(
                        "three members already strike {t}; a fourth adds nothing (digest A-13)"
                    )));
                }
                Some((_, n)) => *n += 1,
                None => {
                    on_target.push((mate.target.clone(), 1));
                    checked.targets.extend(theirs.targets);
                }
            }
            members.push((e, m.clone(), mate.target.clone()));
        }
        Ok(resolve::SquadStrike {
            squad: squad_id,
            members,
            ganging: on_target
                .into_iter()
                .filter(|(_, n)| *n > 1)
                .map(|(t, n)| (t, n, (n - 1) * free_strike))
                .collect(),
        })
    }

    /// Validate a `UseAbility` by its user, or by `mate`, a squad member joining a strike
    /// before its own turn: then its turn and action budget are not asked for. A triggered
    /// ability is used on anyone's turn, answering the open trigger window.
    /// Whether `creature` could use `ability` now, whatever it would aim at: it knows (or
    /// carries) it, the action it takes is left this turn and its cost can be paid. The
    /// action bar greys an ability with the reason this gives.
    pub fn ability_ready(&self, creature: &str, ability: &str) -> Result<(), RuleError> {
        let (e, ab, _) = self.ability_in_hand(creature, ability, None)?;
        let user = self.creature_ref(e);
        self.check_action(&ab, creature, ability, &user, e, None, &[])?;
        self.check_cost(&ab, creature, &user, e, false)
    }

    pub(crate) fn check_ability_by(
        &self,
        command: &Command,
        mate: Option<Entity>,
    ) -> Result<resolve::CheckedAbility, RuleError> {
        let Command::UseAbility {
            creature,
            ability,
            targets,
            at,
            direction,
            squares,
            objects,
            ranged,
            surges,
            spend,
            ..
        } = command
        else {
            unreachable!("only called for UseAbility")
        };
        let (e, ab, consumable) = self.ability_in_hand(creature, ability, mate)?;
        let user = self.creature_ref(e);
        self.check_action(&ab, creature, ability, &user, e, mate, targets)?;
        self.check_cost(&ab, creature, &user, e, *spend)?;
        let map = self.world.resource::<Map>();
        let others = self.others(e);
        let area = ability_area(map, &ab, &user, &others, *at, *direction, squares)?;
        let chosen = chosen_targets(
            map, &ab, creature, &user, &others, &area, targets, objects, *ranged,
        )?;
        let checked_targets = self.checked_targets(map, &ab, &user, &others, &chosen, *ranged);
        if !surges.is_empty() {
            // seed 002 L4772: a retainer spends its mentor's surges.
            let payer = match self.world.get::<Retainer>(e).map(|r| r.mentor.clone()) {
                Some(mentor) => self.entity(&mentor)?,
                None => e,
            };
            self.check_surges(payer, &ab, surges, &chosen)?;
        }
        // seed 002 L1494-1498, L1514-1516: an area that targets creatures and objects catches
        // each object in it, unless the user names its targets.
        let caught = if ab.target.who == Who::CreatureOrObject && ab.distance.is_area() {
            crate::ability::object_area::caught(map, user.footprint, ab.distance, *at, *direction)
        } else {
            Vec::new()
        };
        self.check_objects(&ab, &user, objects, *ranged, &caught)?;
        let objects = if ab.target.count.is_none() && targets.is_empty() && objects.is_empty() {
            caught
        } else {
            objects.clone()
        };
        let characteristic = ab.power_roll.as_ref().and_then(|r| {
            r.characteristic_for(
                self.world
                    .get::<Characteristics>(e)
                    .expect("characteristics"),
            )
        });
        Ok(resolve::CheckedAbility {
            user: e,
            ability: ab,
            characteristic,
            area,
            targets: checked_targets,
            surges: surges.clone(),
            consumable,
            spend: *spend,
            objects,
            squad: None,
        })
    }

    /// The user (a squad `mate` striking with it, a villain, a triggered ability's answerer,
    /// or the creature whose turn it is) and the ability it knows or carries, and whether it
    /// is a consumable.
    fn ability_in_hand(
        &self,
        creature: &str,
        ability: &str,
        mate: Option<Entity>,
    ) -> Result<(Entity, Ability, bool), RuleError> {
        let book = self.world.resource::<AbilityBook>();
        let villain = book
            .get(ability)
            .is_some_and(|a| a.action == ActionType::VillainAction);
        let triggered = book.get(ability).is_some_and(Ability::is_triggered);
        let e = match mate {
            Some(e) => e,
            None if villain => self.villain(creature, ability)?,
            None if triggered => self.entity(creature)?,
            None => self.actor(creature)?,
        };
        let known = self.world.get::<Abilities>(e).expect("abilities").0.clone();
        let carried = self
            .world
            .get::<Consumables>(e)
            .map(|c| c.0.clone())
            .unwrap_or_default();
        let consumable =
            !known.iter().any(|k| k == ability) && carried.iter().any(|c| c == ability);
        let Some(ab) = (known.iter().any(|k| k == ability) || consumable)
            .then(|| self.world.resource::<AbilityBook>().get(ability).cloned())
            .flatten()
        else {
            return Err(RuleError::new(
                rule::ABILITY,
                format!(
                    "{creature} has no ability `{ability}`; it has: {}",
                    if known.is_empty() {
                        "only the basic actions".to_owned()
                    } else {
                        known.join(", ")
                    }
                ),
            ));
        };
        Ok((e, ab, consumable))
    }

    /// The turn has the action the ability takes: a summoner summons once until its next turn,
    /// a dazed creature takes one action, a triggered ability answers its window.
    #[allow(clippy::too_many_arguments)]
    fn check_action(
        &self,
        ab: &Ability,
        creature: &str,
        ability: &str,
        user: &CreatureRef,
        e: Entity,
        mate: Option<Entity>,
        targets: &[String],
    ) -> Result<(), RuleError> {
        let turn = self.world.resource::<TurnState>();
        let summoned = turn.summoners.contains(creature);
        if summoned && ab.effect.as_ref().is_some_and(|o| !o.summon.is_empty()) {
            return Err(RuleError::new(
                rule::SUMMON,
                format!("{creature} has summoned and can't summon again until its next turn"),
            ));
        }
        let dazed = user.conditions.has(Condition::Dazed);
        match ab.action.spends() {
            Some(_) if mate.is_some() => {}
            Some(kind) if dazed && !self.budget(e).allows(kind) => {
                return Err(RuleError::new(
                    rule::DAZED,
                    format!("{creature} has no {} left this turn", ab.action.name()),
                ));
            }
            Some(kind) if !self.budget(e).allows(kind) => {
                let why = self.budget(e).check(kind).expect_err("not allowed");
                return Err(RuleError {
                    reason: format!("{creature} can't use `{}`: {}", ab.name, why.reason),
                    ..why
                });
            }
            Some(_) => {}
            None => match ab.action {
                ActionType::FreeManeuver if dazed => {
                    return Err(RuleError::new(
                        rule::DAZED,
                        format!("{creature} is dazed and can't use free maneuvers"),
                    ));
                }
                ActionType::FreeManeuver => {}
                // Checked by `villain` before anything else.
                ActionType::VillainAction => {}
                // Triggered (seed 002 L2544-2552): only in the window its trigger opened.
                _ => crate::trigger::check_answer(turn, user, ability, ab, targets)?,
            },
        }
        Ok(())
    }

    /// The cost and the extra can be paid: a monster's in Malice (seed 002 L4174-4176, L4342),
    /// a hero's in its heroic resource; Malice is the Director's alone.
    fn check_cost(
        &self,
        ab: &Ability,
        creature: &str,
        user: &CreatureRef,
        e: Entity,
        spend: bool,
    ) -> Result<(), RuleError> {
        let extra = match (&ab.spend, spend) {
            (Some(s), true) => s.cost,
            (None, true) => {
                return Err(RuleError::new(
                    rule::HEROIC_RESOURCE,
                    format!("`{}` has nothing extra to spend on", ab.name),
                ));
            }
            _ => 0,
        };
        let with_extra = if extra > 0 { " with its extra" } else { "" };
        if user.side == Side::Director {
            let price = match ab.cost {
                Some(Cost::Malice(n) | Cost::Resource(n)) => n,
                None => 0,
            } + extra;
            let have = self.world.resource::<malice::Malice>().current;
            if have < price {
                return Err(RuleError::new(
                    rule::MALICE_SPEND,
                    format!(
                        "`{}` costs {price} Malice{with_extra}; the Director has {have}",
                        ab.name
                    ),
                ));
            }
        } else if let Some(Cost::Malice(_)) = ab.cost {
            return Err(RuleError::new(
                rule::MALICE_SPEND,
                format!("`{}` costs Malice, which only the Director spends", ab.name),
            ));
        }
        let price = match ab.cost {
            Some(Cost::Resource(n)) => n,
            _ => 0,
        } + extra;
        let hero = self.world.get::<Hero>(e);
        let have = hero.map_or(0, |h| h.heroic_resource);
        // seed 002 L159: a Talent may spend Clarity below 0, as far as its strain allows.
        let floor = hero
            .and_then(|h| h.class)
            .and_then(|c| c.spec().strain)
            .zip(self.world.get::<Characteristics>(e))
            .map_or(0, |(strain, ch)| strain.floor(ch));
        if user.side == Side::Heroes && price > 0 && have - (price as i32) < floor {
            let name = hero.map_or("heroic resource", Hero::resource_name);
            let below = if floor < 0 {
                format!(" and may go down to {floor}")
            } else {
                String::new()
            };
            return Err(RuleError::new(
                rule::HEROIC_RESOURCE,
                format!(
                    "`{}` costs {price} {name}{with_extra}; {creature} has {have}{below}",
                    ab.name
                ),
            ));
        }
        Ok(())
    }

    /// Each chosen target with its edges and banes (flanking and a prone roller's bane are for
    /// strikes, prone's edge for melee: seed 002 L1755, L3004; cover only hinders damage:
    /// L3012; taunted spares an ability that targets the taunter) and why it can't be
    /// force-moved, if it can't.
    fn checked_targets(
        &self,
        map: &Map,
        ab: &Ability,
        user: &CreatureRef,
        others: &[CreatureRef],
        chosen: &[CreatureRef],
        ranged: bool,
    ) -> Vec<resolve::CheckedTarget> {
        let at_range = ab.distance.reach(ranged).is_some_and(|(r, _)| r);
        let melee = ab.has(Keyword::Melee) || matches!(ab.distance.reach(ranged), Some((false, _)));
        let deals_damage = ab
            .power_roll
            .iter()
            .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
            .chain(ab.effect.as_ref())
            .any(|o| o.damage.is_some());
        let taunter_targeted = user
            .conditions
            .source_of(Condition::Taunted)
            .is_some_and(|t| chosen.iter().any(|c| c.id == t));
        chosen
            .iter()
            .map(|c| {
                let (edges, banes) = if c.id == user.id {
                    (Vec::new(), Vec::new())
                } else {
                    movement::opportunity::strike_modifiers(map, user, c, others, at_range)
                };
                let edges = edges
                    .into_iter()
                    .filter(|m| ab.is_strike() || m.rule != rule::FLANKING.id)
                    .filter(|m| {
                        melee || ![rule::PRONE.id, rule::CLIMB_EDGE.id].contains(&m.rule.as_str())
                    })
                    .collect();
                let banes = banes
                    .into_iter()
                    .filter(|m| ab.is_strike() || m.rule != rule::PRONE.id)
                    .filter(|m| deals_damage || m.rule != rule::COVER.id)
                    .filter(|m| ab.is_strike() || m.rule != rule::CONCEALMENT.id)
                    .filter(|m| !taunter_targeted || m.rule != rule::TAUNTED.id)
                    .collect();
                let unmovable = if c.conditions.has(Condition::Restrained) {
                    Some(format!("{} is restrained and can't be force-moved", c.id))
                } else {
                    c.grabbed_by
                        .as_ref()
                        .filter(|by| **by != user.id)
                        .map(|by| format!("{} is grabbed by {by}: only {by} can move it", c.id))
                };
                resolve::CheckedTarget {
                    entity: self.entity(&c.id).expect("listed above"),
                    id: c.id.clone(),
                    edges,
                    banes,
                    automatic: self.automatic_tiers(user, c),
                    unmovable,
                    halved: false,
                }
            })
            .collect()
    }

    /// The automatic tiers effects give `user`'s roll against `target`: its own rolls' and
    /// those against the target (seed 002 L740-744).
    fn automatic_tiers(
        &self,
        user: &CreatureRef,
        target: &CreatureRef,
    ) -> Vec<(crate::power_roll::Tier, String)> {
        use crate::terms::power_roll::AutomaticRolls;
        let effects = self.world.resource::<crate::condition::effect::Effects>();
        let mut all = effects.automatic_tiers(&user.id, AutomaticRolls::Own);
        if target.id != user.id {
            all.extend(effects.automatic_tiers(&target.id, AutomaticRolls::Against));
        }
        all
    }

    /// Objects named as targets: the ability may target objects, each is an object (not a
    /// wall) within reach and line of effect — for an area, one of those it `caught` — and
    /// none is named twice (seed 002 L1494-1498).
    pub(in crate::engine) fn check_objects(
        &self,
        ab: &Ability,
        user: &CreatureRef,
        objects: &[Square],
        ranged: bool,
        caught: &[Square],
    ) -> Result<(), RuleError> {
        use crate::ability::Who;
        let refuse = |m: String| Err(RuleError::new(rule::ABILITY_TARGET, m));
        if objects.is_empty() {
            return Ok(());
        }
        if ab.target.who != Who::CreatureOrObject {
            return refuse(format!("`{}` can't target objects", ab.name));
        }
        let map = self.world.resource::<Map>();
        let reach = ab.distance.reach(ranged).map_or(0, |r| r.1);
        for (i, &sq) in objects.iter().enumerate() {
            if objects[..i].contains(&sq) {
                return refuse(format!("the object at {sq} is named twice"));
            }
            if !matches!(map.terrain(sq), Some(Terrain::Object { .. })) {
                return refuse(format!("there is no object at {sq}"));
            }
            if ab.distance.is_area() {
                if !caught.contains(&sq) {
                    return Err(RuleError::new(
                        rule::AREA,
                        format!("the object at {sq} is not in the area"),
                    ));
                }
                continue;
            }
            let there = Footprint {
                origin: sq,
                side: 1,
            };
            let gap = user.footprint.distance(there);
            if gap > reach {
                return Err(RuleError::new(
                    rule::REACH,
                    format!(
                        "the object at {sq} is {gap} squares away; `{}` reaches {reach}",
                        ab.name
                    ),
                ));
            }
            if !map.line_of_effect(user.footprint, there) {
                return Err(RuleError::new(
                    rule::LINE_OF_EFFECT,
                    format!("no line of effect to the object at {sq}"),
                ));
            }
        }
        Ok(())
    }

    /// Surges on an ability (seed 002 L1646-1655): the hero has them; damage surges (at most 3,
    /// digest AMB-30) go on one target of a rolled ability that deals damage (L1571-1573);
    /// potency surges, 2 each, raise the potency against targets of an ability with one; the
    /// `payer` (the user, or a retainer's mentor) has enough.
    pub(in crate::engine) fn check_surges(
        &self,
        payer: Entity,
        ab: &Ability,
        surges: &hero_token::SurgeSpend,
        targets: &[CreatureRef],
    ) -> Result<(), RuleError> {
        let refuse = |m: String| Err(RuleError::new(rule::SURGES, m));
        let Some(roll) = &ab.power_roll else {
            return refuse(format!(
                "`{}` has no power roll: surges only add to rolled damage and rolled potencies",
                ab.name
            ));
        };
        let outcomes = [&roll.tier1, &roll.tier2, &roll.tier3];
        if surges.damage > 0 {
            if surges.damage > 3 {
                return refuse(format!(
                    "at most 3 surges add to one ability's damage, not {}",
                    surges.damage
                ));
            }
            if !outcomes.iter().any(|o| o.damage.is_some()) {
                return refuse(format!("`{}` deals no damage to add to", ab.name));
            }
            match &surges.damage_target {
                Some(t) if targets.iter().any(|c| &c.id == t) => {}
                Some(t) => return refuse(format!("{t} is not a target of `{}`", ab.name)),
                None => return refuse("name the one target the damage surges go to".into()),
            }
        }
        if !surges.potency.is_empty() {
            if !outcomes
                .iter()
                .any(|o| o.conditions.iter().any(|c| c.potency.is_some()))
            {
                return refuse(format!("`{}` has no potency to raise", ab.name));
            }
            for (i, t) in surges.potency.iter().enumerate() {
                if !targets.iter().any(|c| &c.id == t) {
                    return refuse(format!("{t} is not a target of `{}`", ab.name));
                }
                if surges.potency[..i].contains(t) {
                    return refuse(format!("the potency against {t} rises by 1 at most"));
                }
            }
        }
        let have = self.world.get::<Hero>(payer).map_or(0, |h| h.surges);
        if surges.cost() > have {
            return refuse(format!(
                "that takes {} surges; {} has {have}",
                surges.cost(),
                targets.first().map_or("the user", |_| "the hero")
            ));
        }
        Ok(())
    }
}

/// The squares an area ability covers, placed where the command says: an aura or burst around
/// the user, a cube at `at`, a line from `at` in `direction`, a wall of `squares`.
fn ability_area(
    map: &Map,
    ab: &Ability,
    user: &CreatureRef,
    others: &[CreatureRef],
    at: Option<Square>,
    direction: Option<crate::terms::ability::Direction>,
    squares: &[Square],
) -> Result<Vec<Square>, RuleError> {
    let area_err = |m: String| RuleError::new(rule::AREA, m);
    Ok(match ab.distance {
        Distance::Aura(n) | Distance::Burst(n) => {
            crate::ability::area::burst(map, user.footprint, n)
        }
        Distance::Cube { side, within } => {
            let corner = at.ok_or_else(|| area_err("place the cube: give `at`".into()))?;
            crate::ability::area::cube(map, user.footprint, corner, side, within)
                .map_err(area_err)?
        }
        Distance::Line {
            length,
            width,
            within,
        } => {
            let (Some(origin), Some(dir)) = (at, direction) else {
                return Err(area_err("place the line: give `at` and `direction`".into()));
            };
            crate::ability::area::line(map, user.footprint, origin, dir, length, width, within)
                .map_err(area_err)?
        }
        Distance::Wall { squares: n, within } => {
            let bodies: Vec<Footprint> = others
                .iter()
                .filter(|o| o.vitality != Vitality::Dead)
                .map(|o| o.footprint)
                .chain(std::iter::once(user.footprint))
                .collect();
            crate::ability::area::wall(map, user.footprint, squares, n, within, |sq| {
                bodies.iter().any(|b| b.contains(sq))
            })
            .map_err(area_err)?
        }
        _ => Vec::new(),
    })
}

/// Whether `c` is a creature the ability may target (alive, and who it names), or why not.
fn eligible(ab: &Ability, user: &CreatureRef, c: &CreatureRef) -> Result<(), String> {
    if c.vitality == Vitality::Dead {
        return Err(format!("{} is dead", c.id));
    }
    if ab
        .target
        .admits(Party::of(c.side == user.side, c.id == user.id))
    {
        Ok(())
    } else {
        Err(format!(
            "`{}` targets {}; {} is not one",
            ab.name,
            match (ab.target.who, ab.target.with_self) {
                (Who::SelfOnly, _) => "its user only",
                (Who::Creature, false) => "creatures other than its user",
                (Who::Creature, true) => "creatures",
                (Who::CreatureOrObject, _) => "creatures and objects",
                (Who::Enemy, _) => "enemies",
                (Who::Ally, false) => "allies (not its user)",
                (Who::Ally, true) => "allies or its user",
            },
            c.id
        ))
    }
}

/// The creatures the ability affects: its user alone, everyone eligible in an area nobody
/// named targets in, or the named targets, each eligible, seen, reachable (an area reaches into
/// the ground no deeper than its top layer: seed 002 L2616-2620), in the area or in reach and
/// line of effect, none named twice, no more than the ability allows.
#[allow(clippy::too_many_arguments)]
fn chosen_targets(
    map: &Map,
    ab: &Ability,
    creature: &str,
    user: &CreatureRef,
    others: &[CreatureRef],
    area: &[Square],
    targets: &[String],
    objects: &[Square],
    ranged: bool,
) -> Result<Vec<CreatureRef>, RuleError> {
    let target_err = |m: String| RuleError::new(rule::ABILITY_TARGET, m);
    let everyone: Vec<CreatureRef> = std::iter::once(user.clone())
        .chain(others.iter().cloned())
        .collect();
    let in_area = |c: &CreatureRef| {
        c.footprint.squares().any(|sq| area.contains(&sq))
            && movement::burrow::check_reach(user, c).is_ok()
    };
    if ab.distance == Distance::SelfOnly {
        return Ok(vec![user.clone()]);
    }
    if ab.distance.is_area() && targets.is_empty() && ab.target.count.is_none() {
        return Ok(everyone
            .iter()
            .filter(|c| eligible(ab, user, c).is_ok())
            .filter(|c| in_area(c) || (c.id == user.id && ab.target.with_self))
            .cloned()
            .collect());
    }
    if targets.is_empty() && objects.is_empty() {
        return Err(target_err(format!("`{}` needs a target", ab.name)));
    }
    let mut picked: Vec<CreatureRef> = Vec::new();
    for id in targets {
        let c = everyone
            .iter()
            .find(|c| &c.id == id)
            .cloned()
            .ok_or_else(|| turn::unknown(id))?;
        if picked.iter().any(|p| p.id == c.id) {
            return Err(target_err(format!("{id} is named twice")));
        }
        eligible(ab, user, &c).map_err(target_err)?;
        if !ab.distance.is_area() {
            c.check_not_hidden_from(creature)?;
        }
        movement::burrow::check_reach(user, &c)?;
        if ab.distance.is_area() {
            if !(in_area(&c) || (c.id == user.id && ab.target.with_self)) {
                return Err(RuleError::new(
                    rule::AREA,
                    format!("{id} is not in the area"),
                ));
            }
        } else if let Some((_, reach)) = ab.distance.reach(ranged) {
            let gap = user.gap(&c);
            if gap > reach {
                return Err(RuleError::new(
                    rule::REACH,
                    format!("{id} is {gap} squares away; `{}` reaches {reach}", ab.name),
                ));
            }
            if !map.line_of_effect_at(user.placed(), c.placed()) {
                return Err(RuleError::new(
                    rule::LINE_OF_EFFECT,
                    format!("no line of effect from {creature} to {id}"),
                ));
            }
        }
        picked.push(c);
    }
    if let Some(n) = ab.target.count
        && picked.len() + objects.len() > n as usize
    {
        return Err(target_err(format!(
            "`{}` targets at most {n}; {} named",
            ab.name,
            picked.len() + objects.len()
        )));
    }
    Ok(picked)
}
