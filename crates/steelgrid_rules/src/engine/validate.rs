//! Checking a command before it runs: a refused command changes nothing.

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::ability::hero_token;
use crate::ability::resolve;
use crate::ability::{Ability, AbilityBook};
use crate::command::{Command, RuleError};
use crate::condition::Condition;
use crate::condition::hide;
use crate::creature::*;
use crate::damage::DamageType;
use crate::damage::stamina;
use crate::director::malice;
use crate::director::squad;
use crate::encounter;
use crate::event::{Event, EventLog};
use crate::forced::resolution;
use crate::grid::{Footprint, Map, Square, Terrain};
use crate::movement::free_strike::{self, CheckedStrike};
use crate::movement::grab;
use crate::movement::{self, CheckedAdvance};
use crate::rule;
use crate::turn::{self, TurnState};

use super::Engine;

impl Engine {
    pub(super) fn validate(&mut self, command: &Command) -> Result<(), RuleError> {
        if let Some(p) = self.world.resource::<TurnState>().pending_forced.clone() {
            let answers = matches!(command, Command::ForceMove { forcer, target, kind, distance, melee_weapon, vertical, .. }
                if forcer.as_deref() == Some(p.forcer.as_str()) && *target == p.target && *kind == p.kind
                    && *distance == p.distance && *melee_weapon == p.melee_weapon && *vertical == p.vertical);
            if !answers {
                return Err(RuleError::new(
                    rule::PENDING_CHOICE,
                    format!(
                        "{}'s {} {} on {} must be placed first: ForceMove(forcer: \"{}\", target: \"{}\", kind: {:?}, distance: {}, melee_weapon: {}{}, path: [...])",
                        p.forcer,
                        p.source,
                        p.distance,
                        p.target,
                        p.forcer,
                        p.target,
                        p.kind,
                        p.distance,
                        p.melee_weapon,
                        if p.vertical {
                            ", vertical: true, heights: [...]"
                        } else {
                            ""
                        }
                    ),
                ));
            }
        }
        let turn = self.world.resource::<TurnState>();
        if turn.pending_forced.is_none() && turn.trigger_window.is_some() {
            let roster = self.roster();
            crate::trigger::check_window(self.world.resource::<TurnState>(), command, |id| {
                roster.iter().find(|r| r.id == id).map(|r| r.side)
            })?;
        }
        match command {
            Command::ChooseFirstSide { .. } => {
                if self
                    .world
                    .resource::<TurnState>()
                    .awaiting_first_side_choice
                    .is_none()
                {
                    return Err(RuleError::new(
                        rule::FIRST_SIDE_CHOICE,
                        "who goes first is already settled",
                    ));
                }
            }
            Command::StartTurn { creature } => {
                let roster = self.roster();
                self.world
                    .resource::<TurnState>()
                    .validate_start(&roster, creature)?;
            }
            Command::EndTurn { creature } => {
                self.entity(creature)?;
                self.world
                    .resource::<TurnState>()
                    .ensure_turn_of(creature)?;
            }
            Command::Advance { creature, path } | Command::Disengage { creature, path } => {
                let gait = if matches!(command, Command::Disengage { .. }) {
                    movement::Gait::Shift
                } else {
                    movement::Gait::Move
                };
                let e = self.actor(creature)?;
                self.refuse_if_mounted(e)?;
                self.budget(e).check(ActionKind::Move)?;
                let mover = self.creature_ref(e);
                let speed = self.move_speed(e, gait);
                if mover.altitude > 0 {
                    return Err(RuleError::new(
                        rule::FLY,
                        format!(
                            "{creature} is {} squares up: it moves by flying (Fly)",
                            mover.altitude
                        ),
                    ));
                }
                if let Some(by) = &mover.grabbed_by
                    && speed == 0
                {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbed by {by}: its speed is 0"),
                    ));
                }
                if gait == movement::Gait::Shift && mover.conditions.has(Condition::Slowed) {
                    return Err(RuleError::new(
                        rule::SLOWED,
                        format!("{creature} is slowed and can't shift"),
                    ));
                }
                let steps = self.ground_steps(&mover, path);
                self.check_not_closer(&mover, &steps)?;
                if gait == movement::Gait::Shift && path.len() > 1 {
                    return Err(RuleError::new(rule::SHIFT, "Disengage shifts 1 square"));
                }
                let others = self.others_moving(e);
                let jump = self.jump(e);
                let plan = self.plan_on_foot(&mover, speed, &others, path, gait, jump)?;
                let drag = self.drag(&mover, &plan)?;
                self.world
                    .resource_mut::<Checked>()
                    .insert(CheckedAdvance(plan, drag));
            }
            Command::Fly { creature, path } => self.check_fly(creature, path)?,
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                damage_type,
                ..
            } => self.check_free_strike(attacker, target, ranged, damage_type, command)?,
            Command::CatchBreath { creature } => {
                let e = self.actor(creature)?;
                let vitality = *self.world.get::<Vitality>(e).expect("vitality");
                stamina::validate_catch_breath(
                    self.world.get::<Hero>(e),
                    vitality,
                    &self.budget(e),
                )?;
            }
            Command::EnvironmentDamage { target, .. } => {
                self.world.resource::<TurnState>().ensure_running()?;
                let e = self.entity(target)?;
                if *self.world.get::<Vitality>(e).expect("vitality") == Vitality::Dead {
                    return Err(RuleError::new(
                        rule::CREATURE_STATE,
                        format!("{target} is already dead"),
                    ));
                }
            }
            Command::ForceMove { .. } => {
                self.world.resource::<TurnState>().ensure_running()?;
                let spec = resolution::spec_of(command).expect("a ForceMove command");
                let outcome = self.predict_forced(&spec)?;
                self.world
                    .resource_mut::<Checked>()
                    .insert(resolution::CheckedForced(outcome));
            }
            Command::Knockback { creature, target } => {
                let (a, _, att, tgt) = self.melee_maneuver(creature, target, rule::KNOCKBACK)?;
                if let Some(by) = &att.grabbed_by {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbed by {by} and can't use Knockback"),
                    ));
                }
                let (edges, banes) = self.maneuver_modifiers(a, &att, &tgt);
                self.world
                    .resource_mut::<Checked>()
                    .insert(resolution::CheckedKnockback { edges, banes });
            }
            Command::Charge {
                creature,
                path,
                target,
            } => self.check_charge(creature, path, target)?,
            Command::Heal { creature, target } => self.check_heal(creature, target)?,
            Command::Defend { creature } => self.check_defend(creature)?,
            Command::Grab { creature, target } => self.check_grab(creature, target)?,
            Command::EscapeGrab { creature } => self.check_escape_grab(creature)?,
            Command::Release { creature } => {
                self.world.resource::<TurnState>().ensure_running()?;
                self.entity(creature)?;
                if !self.board_grabs().iter().any(|(_, by)| by == creature) {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbing nobody"),
                    ));
                }
            }
            Command::AidAttack { creature, target } => self.check_aid_attack(creature, target)?,
            Command::StandUp { creature } => self.check_stand_up(creature)?,
            Command::UseAbility { .. } => {
                let checked = self.check_ability(command)?;
                self.world.resource_mut::<Checked>().insert(checked);
            }
            Command::EndEffect {
                creature,
                target,
                condition,
            } => self.check_end_effect(creature, target, condition)?,
            Command::Hide { creature } | Command::Search { creature } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                if matches!(command, Command::Hide { .. }) {
                    let me = self.creature_ref(e);
                    let others = self.others(e);
                    let map = self.world.resource::<Map>();
                    let places = hide::hiding_places(
                        map,
                        me.footprint,
                        me.side,
                        me.concealed(map),
                        others
                            .iter()
                            .map(|c| (c.id.as_str(), c.side, c.footprint, c.vitality.can_act())),
                    );
                    if places.is_empty() {
                        return Err(RuleError::new(
                            rule::HIDE,
                            format!(
                                "{creature} has neither cover nor concealment from any enemy to hide from"
                            ),
                        ));
                    }
                }
            }
            Command::SpendHeroToken { creature, benefit } => {
                self.check_spend_hero_token(creature, benefit)?
            }
            Command::SpendMalice { creature, spend } => self.check_spend_malice(creature, spend)?,
            Command::ScriptDice { faces } => {
                if let Some(bad) = faces.iter().find(|f| !(1..=10).contains(*f)) {
                    return Err(RuleError::new(
                        rule::DICE_SCRIPTED,
                        format!(
                            "a scripted die face must be 1-10 (a d10's 0 is written 10), not {bad}"
                        ),
                    ));
                }
            }
            Command::Flee { creature } | Command::WorkOnTask { creature } => {
                let e = self.actor(creature)?;
                encounter::validate_command(&mut self.world, e, command)?;
            }
            Command::Teleport { target, to, .. } => {
                let checked = self.check_teleport(target, *to)?;
                self.world.resource_mut::<Checked>().insert(checked);
            }
            Command::GrantedMove { creature, path } => {
                let plan = self.check_granted_move(creature, path)?;
                self.world.resource_mut::<Checked>().insert(plan);
            }
            Command::Dig { creature, depth } => self.check_dig(creature, depth)?,
            Command::ClawDirt {
                creature,
                to,
                depth,
            } => self.check_claw_dirt(creature, to, depth)?,
            Command::PullUp { creature, target } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let t = self.entity(target)?;
                let (me, them) = (self.creature_ref(e), self.creature_ref(t));
                let others = self.others(t);
                movement::burrow::check_pull_up(self.world.resource::<Map>(), &me, &them, &others)?;
            }
            Command::PassTrigger { creature } => {
                self.entity(creature)?;
                crate::trigger::check_pass(self.world.resource::<TurnState>(), creature)?;
            }
            Command::Mount { .. }
            | Command::ClimbCreature { .. }
            | Command::Dismount { .. }
            | Command::Ride { .. }
            | Command::ShakeOff { .. } => {
                let checked = self.check_mount_command(command)?;
                self.world.resource_mut::<Checked>().insert(checked);
            }
        }
        Ok(())
    }

    /// Whether [`Command::Fly`] may be given now, or the rule that refuses it.
    fn check_fly(&mut self, creature: &str, path: &[(i32, i32, i32)]) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.refuse_if_mounted(e)?;
        self.budget(e).check(ActionKind::Move)?;
        let mover = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        if let Some(by) = &mover.grabbed_by {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by}: its speed is 0"),
            ));
        }
        let steps: Vec<(Footprint, i32)> = path
            .iter()
            .map(|&(x, y, z)| {
                let fp = Footprint {
                    origin: Square::new(x, y),
                    side: mover.footprint.side,
                };
                (fp, z)
            })
            .collect();
        self.check_not_closer(&mover, &steps)?;
        let others = self.others_moving(e);
        let plan =
            movement::plan_flight(self.world.resource::<Map>(), &mover, speed, &others, path)?;
        let drag = self.drag(&mover, &plan)?;
        self.world
            .resource_mut::<Checked>()
            .insert(CheckedAdvance(plan, drag));
        Ok(())
    }

    /// Whether [`Command::FreeStrike`] may be given now, or the rule that refuses it.
    fn check_free_strike(
        &mut self,
        attacker: &str,
        target: &str,
        ranged: &bool,
        damage_type: &Option<DamageType>,
        command: &Command,
    ) -> Result<(), RuleError> {
        let a = match self.opportunity_strike(command)? {
            Some(a) => a,
            None => {
                let a = self.actor(attacker)?;
                self.budget(a).check(ActionKind::Main)?;
                a
            }
        };
        let t = self.entity(target)?;
        let (att, tgt) = (self.creature_ref(a), self.creature_ref(t));
        let profile = self.strike_profile(a);
        free_strike::validate_target(self.world.resource::<Map>(), &att, &tgt, *ranged, &profile)?;
        profile.check_damage_type(*damage_type)?;
        tgt.check_not_hidden_from(attacker)?;
        let others = self.others(a);
        let (edges, banes) = movement::opportunity::strike_modifiers(
            self.world.resource::<Map>(),
            &att,
            &tgt,
            &others,
            *ranged,
        );
        let checked = CheckedStrike {
            attacker: a,
            target: t,
            edges,
            banes,
            at: None,
        };
        self.world.resource_mut::<Checked>().insert(checked);
        Ok(())
    }

    /// Whether [`Command::Charge`] may be given now, or the rule that refuses it.
    fn check_charge(
        &mut self,
        creature: &str,
        path: &[Square],
        target: &str,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.refuse_if_mounted(e)?;
        self.budget(e).check(ActionKind::Main)?;
        let mover = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        if mover.movement.has(MovementMode::Teleport) || speed == 0 {
            return Err(RuleError::new(
                rule::CHARGE,
                format!("{creature} can't charge: it must move on foot"),
            ));
        }
        let others = self.others_moving(e);
        let jump = self.jump(e);
        let plan = self.plan_on_foot(&mover, speed, &others, path, movement::Gait::Move, jump)?;
        let mut at = mover.footprint.origin;
        let steps: Vec<(i32, i32)> = path
            .iter()
            .map(|s| {
                let d = (s.x - at.x, s.y - at.y);
                at = *s;
                d
            })
            .collect();
        if !crate::grid::straight(&steps) {
            return Err(RuleError::new(
                rule::CHARGE,
                "a Charge moves in a straight line",
            ));
        }
        let spaces = self.ground_steps(&mover, path);
        self.check_not_closer(&mover, &spaces)?;
        if plan.cost != path.len() as u32 || plan.drop.is_some() {
            return Err(RuleError::new(
                rule::CHARGE,
                "a Charge can't cross difficult terrain or enemies, climb, crawl or drop",
            ));
        }
        let strike = self.charge_strike(e, &mover, target, &plan, &others)?;
        let drag = self.drag(&mover, &plan)?;
        self.world
            .resource_mut::<Checked>()
            .insert(CheckedAdvance(plan, drag));
        self.world.resource_mut::<Checked>().insert(strike);
        Ok(())
    }

    /// Whether [`Command::Heal`] may be given now, or the rule that refuses it.
    fn check_heal(&mut self, creature: &str, target: &str) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.budget(e).check(ActionKind::Main)?;
        let t = self.entity(target)?;
        let (healer, ally) = (self.creature_ref(e), self.creature_ref(t));
        if healer.id == ally.id || healer.side != ally.side {
            return Err(RuleError::new(rule::HEAL, "Heal targets an adjacent ally"));
        }
        if !healer.is_adjacent(&ally) {
            return Err(RuleError::new(
                rule::HEAL,
                format!("{target} is not adjacent to {creature}"),
            ));
        }
        if ally.vitality == Vitality::Dead {
            return Err(RuleError::new(rule::HEAL, format!("{target} is dead")));
        }
        if self.world.get::<Hero>(t).is_some_and(|h| h.recoveries == 0) {
            return Err(RuleError::new(
                rule::HEAL,
                format!("{target} has no Recoveries left"),
            ));
        }
        Ok(())
    }

    /// Whether [`Command::Defend`] may be given now, or the rule that refuses it.
    fn check_defend(&mut self, creature: &str) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.budget(e).check(ActionKind::Main)?;
        // seed 002 L4274: not after another main action, even with one more granted.
        let log = &self.world.resource::<EventLog>().events;
        let turn_start = log.iter().rposition(
            |l| matches!(&l.event, Event::TurnStarted { creature: c, .. } if c == creature),
        );
        let took_main = log[turn_start.unwrap_or(0)..].iter().any(|l| {
            matches!(&l.event, Event::ActionUsed { creature: c, action: ActionKind::Main, .. } if c == creature)
        });
        if took_main {
            return Err(RuleError::new(
                rule::DEFEND,
                format!(
                    "{creature} has taken a main action this turn and can't Defend (seed 002 L4274)"
                ),
            ));
        }
        Ok(())
    }

    /// Whether [`Command::Grab`] may be given now, or the rule that refuses it.
    fn check_grab(&mut self, creature: &str, target: &str) -> Result<(), RuleError> {
        let (a, t, att, tgt) = self.melee_maneuver(creature, target, rule::GRAB)?;
        let holding = self
            .board_grabs()
            .into_iter()
            .find(|(_, by)| by == creature);
        if let Some((held, _)) = holding {
            return Err(RuleError::new(
                rule::GRAB,
                format!("{creature} is already grabbing {held}"),
            ));
        }
        if let Some(by) = &tgt.grabbed_by {
            return Err(RuleError::new(
                rule::GRAB,
                format!("{target} is already grabbed by {by}"),
            ));
        }
        let (edges, banes) = self.maneuver_modifiers(a, &att, &tgt);
        self.world
            .resource_mut::<Checked>()
            .insert(grab::CheckedGrab {
                roller: a,
                other: t,
                edges,
                banes,
            });
        Ok(())
    }

    /// Whether [`Command::EscapeGrab`] may be given now, or the rule that refuses it.
    fn check_escape_grab(&mut self, creature: &str) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let me = self.creature_ref(e);
        let Some(by) = me.grabbed_by.clone() else {
            return Err(RuleError::new(
                rule::ESCAPE_GRAB,
                format!("{creature} is not grabbed"),
            ));
        };
        let g = self.entity(&by)?;
        let holder = self.creature_ref(g);
        // seed 002 L2868: a bane when smaller than what holds you.
        let mut banes = if me.size.ordinal() < holder.size.ordinal() {
            vec![crate::power_roll::Modifier {
                rule: rule::ESCAPE_GRAB.id.into(),
                note: format!("{creature} is smaller than {by}"),
            }]
        } else {
            Vec::new()
        };
        banes.extend(movement::opportunity::roller_banes(&me));
        self.world
            .resource_mut::<Checked>()
            .insert(grab::CheckedGrab {
                roller: e,
                other: g,
                edges: Vec::new(),
                banes,
            });
        Ok(())
    }

    /// Whether [`Command::AidAttack`] may be given now, or the rule that refuses it.
    fn check_aid_attack(&mut self, creature: &str, target: &str) -> Result<(), RuleError> {
        let a = self.actor(creature)?;
        self.maneuver_left(a)?;
        let t = self.entity(target)?;
        let (aider, enemy) = (self.creature_ref(a), self.creature_ref(t));
        if enemy.side == aider.side || !enemy.vitality.can_act() {
            return Err(RuleError::new(
                rule::AID_ATTACK,
                "Aid Attack picks an enemy",
            ));
        }
        if !aider.is_adjacent(&enemy) {
            return Err(RuleError::new(
                rule::AID_ATTACK,
                format!("{target} is not adjacent to {creature}"),
            ));
        }
        Ok(())
    }

    /// Whether [`Command::StandUp`] may be given now, or the rule that refuses it.
    fn check_stand_up(&mut self, creature: &str) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        if self.creature_ref(e).conditions.has(Condition::Restrained) {
            return Err(RuleError::new(
                rule::RESTRAINED,
                format!("{creature} is restrained and can't stand up"),
            ));
        }
        if self.world.get::<Prone>(e).is_none() {
            return Err(RuleError::new(
                rule::STAND_UP,
                format!("{creature} is not prone"),
            ));
        }
        self.maneuver_left(e)?;
        Ok(())
    }

    /// Whether [`Command::EndEffect`] may be given now, or the rule that refuses it.
    fn check_end_effect(
        &mut self,
        creature: &str,
        target: &str,
        condition: &Condition,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        if self.creature_ref(e).conditions.has(Condition::Dazed) {
            return Err(RuleError::new(
                rule::DAZED,
                format!("{creature} is dazed and can't use free maneuvers"),
            ));
        }
        let t = self.entity(target)?;
        let theirs = self.creature_ref(t).conditions;
        if theirs.source_of(*condition) != Some(creature) {
            return Err(RuleError::new(
                rule::END_OWN_EFFECT,
                format!("{target} is not {} by {creature}'s doing", condition.name()),
            ));
        }
        Ok(())
    }

    /// Whether [`Command::SpendHeroToken`] may be given now, or the rule that refuses it.
    fn check_spend_hero_token(
        &mut self,
        creature: &str,
        benefit: &hero_token::TokenBenefit,
    ) -> Result<(), RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let e = self.entity(creature)?;
        if self.world.get::<Hero>(e).is_none() {
            return Err(RuleError::new(
                rule::HERO_TOKEN,
                format!("{creature} is not a hero; hero tokens are the heroes'"),
            ));
        }
        if *self.world.get::<Vitality>(e).expect("vitality") == Vitality::Dead {
            return Err(RuleError::new(
                rule::HERO_TOKEN,
                format!("{creature} is dead"),
            ));
        }
        let tokens = self.world.resource::<hero_token::HeroTokens>();
        if tokens.pool < benefit.cost() {
            return Err(RuleError::new(
                rule::HERO_TOKEN,
                format!(
                    "{benefit:?} takes {} hero tokens; the heroes have {}",
                    benefit.cost(),
                    tokens.pool
                ),
            ));
        }
        if tokens.used_this_turn.contains(creature) {
            return Err(RuleError::new(
                rule::HERO_TOKEN,
                format!("{creature} has had a hero token's benefit this turn already"),
            ));
        }
        let own_turn = self.world.resource::<TurnState>().current.as_deref() == Some(creature);
        match benefit {
            hero_token::TokenBenefit::Save
                if !tokens.failed_saves.iter().any(|f| f.0 == creature) =>
            {
                return Err(RuleError::new(
                    rule::HERO_TOKEN,
                    format!("{creature} has no saving throw just failed to turn"),
                ));
            }
            hero_token::TokenBenefit::Stamina
                if !own_turn && !tokens.just_damaged.iter().any(|d| d == creature) =>
            {
                return Err(RuleError::new(
                    rule::HERO_TOKEN,
                    format!(
                        "{creature} can recover with hero tokens on its turn or when it has just taken damage"
                    ),
                ));
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether [`Command::SpendMalice`] may be given now, or the rule that refuses it.
    fn check_spend_malice(
        &mut self,
        creature: &str,
        spend: &malice::MaliceSpend,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        let w = &self.world;
        let own = w
            .get::<malice::FamilyFeatures>(e)
            .map(|f| f.0.clone())
            .unwrap_or_default();
        malice::check_spend(
            w.resource::<malice::Malice>(),
            w.resource::<TurnState>(),
            creature,
            *w.get::<Side>(e).expect("side"),
            w.get::<ActionBudget>(e).expect("budget"),
            w.get::<Characteristics>(e)
                .expect("characteristics")
                .highest(),
            &own,
            spend,
        )?;
        Ok(())
    }

    /// Whether [`Command::Dig`] may be given now, or the rule that refuses it.
    fn check_dig(&mut self, creature: &str, depth: &u32) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let me = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        // seed 002 L2612: holding a creature that isn't unconscious.
        let held: Vec<Entity> = self
            .board_grabs()
            .into_iter()
            .filter(|(_, by)| by == creature)
            .filter_map(|(held, _)| self.entity(&held).ok())
            .collect();
        let holding = held
            .into_iter()
            .map(|h| self.creature_ref(h))
            .find(|h| h.vitality.can_act())
            .map(|h| h.id);
        let others = self.others(e);
        movement::burrow::check_dig(
            self.world.resource::<Map>(),
            self.world.resource::<movement::burrow::Ground>(),
            &me,
            speed,
            holding.as_deref(),
            &others,
            *depth,
        )?;
        Ok(())
    }

    /// Whether [`Command::ClawDirt`] may be given now, or the rule that refuses it.
    fn check_claw_dirt(
        &mut self,
        creature: &str,
        to: &Square,
        depth: &u32,
    ) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let me = self.creature_ref(e);
        let speed = self.move_speed(e, movement::Gait::Move);
        let others = self.others(e);
        movement::burrow::check_claw(
            self.world.resource::<Map>(),
            self.world.resource::<movement::burrow::Ground>(),
            &me,
            speed,
            &others,
            *to,
            *depth,
        )?;
        let banes = movement::opportunity::roller_banes(&me);
        self.world
            .resource_mut::<Checked>()
            .insert(movement::burrow::CheckedClaw(banes));
        Ok(())
    }

    /// Teleporting another creature an ability let its user teleport: the destination is within
    /// the distance, free of creatures and objects, and in line of effect from the square it
    /// starts in (seed 002 L2702) and from the user (digest A-37: both readings at once).
    pub(super) fn check_teleport(
        &mut self,
        target: &str,
        to: Square,
    ) -> Result<crate::ability::granted::CheckedTeleport, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant =
            crate::ability::granted::pending(self.world.resource::<TurnState>(), target, true)?;
        let crate::ability::granted::Granted::Teleport { distance } = grant.movement else {
            unreachable!("a teleport grant was asked for");
        };
        let t = self.entity(target)?;
        let moved = self.creature_ref(t);
        if moved.vitality == Vitality::Dead {
            return Err(RuleError::new(rule::TELEPORT, format!("{target} is dead")));
        }
        let user = self.entity(&grant.by)?;
        let user = self.creature_ref(user);
        let others = self.others(t);
        let grounded = CreatureRef {
            altitude: 0,
            ..moved.clone()
        };
        let map = self.world.resource::<Map>();
        let plan = movement::plan_teleport(map, &grounded, distance, &others, &[to])?;
        let dest = Footprint {
            origin: to,
            side: moved.footprint.side,
        };
        if !map.line_of_effect(user.footprint, dest) {
            return Err(RuleError::new(
                rule::LINE_OF_EFFECT,
                format!("{} has no line of effect to {to}", user.id),
            ));
        }
        Ok(crate::ability::granted::CheckedTeleport {
            target: t,
            from: moved.footprint.origin,
            to,
            distance: plan.cost,
        })
    }

    /// A move an ability granted: on the ground, up to the granted squares but never beyond
    /// the creature's current speed (seed 002 L2584), a shift when the grant says so
    /// (L2590-2594).
    pub(super) fn check_granted_move(
        &mut self,
        creature: &str,
        path: &[Square],
    ) -> Result<CheckedAdvance, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant =
            crate::ability::granted::pending(self.world.resource::<TurnState>(), creature, false)?;
        let crate::ability::granted::Granted::Move(granted) = grant.movement else {
            unreachable!("a move grant was asked for");
        };
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        if !mover.vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!("{creature} can't move"),
            ));
        }
        self.refuse_if_mounted(e)?;
        if mover.altitude > 0 {
            return Err(RuleError::new(
                rule::FLY,
                format!(
                    "{creature} is {} squares up and moves by flying",
                    mover.altitude
                ),
            ));
        }
        let gait = if granted.shift {
            movement::Gait::Shift
        } else {
            movement::Gait::Move
        };
        if granted.shift && mover.conditions.has(Condition::Slowed) {
            return Err(RuleError::new(
                rule::SLOWED,
                format!("{creature} is slowed and can't shift"),
            ));
        }
        let speed = self.move_speed(e, movement::Gait::Move);
        if let Some(by) = &mover.grabbed_by
            && speed == 0
        {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by}: its speed is 0"),
            ));
        }
        let steps = self.ground_steps(&mover, path);
        self.check_not_closer(&mover, &steps)?;
        let others = self.others(e);
        let jump = self.jump(e);
        let plan = self.plan_on_foot(
            &mover,
            granted.distance.min(speed),
            &others,
            path,
            gait,
            jump,
        )?;
        let drag = self.drag(&mover, &plan)?;
        Ok(CheckedAdvance(plan, drag))
    }

    /// A frightened creature can't willingly move closer to its fear's source
    /// (seed 002 L1739): no step may end nearer to it than the one before, height included.
    /// `steps` are the spaces it passes through, each with the height of its bottom.
    pub(super) fn check_not_closer(
        &mut self,
        mover: &CreatureRef,
        steps: &[(Footprint, i32)],
    ) -> Result<(), RuleError> {
        let Some(source) = mover.conditions.source_of(Condition::Frightened) else {
            return Ok(());
        };
        let Ok(s) = self.entity(source) else {
            return Ok(());
        };
        let fear = self.creature_ref(s);
        if !fear.vitality.can_act() {
            return Ok(());
        }
        let mut gap = mover.gap(&fear);
        for &(footprint, z) in steps {
            let there = CreatureRef {
                footprint,
                z,
                ..mover.clone()
            };
            let next = there.gap(&fear);
            if next < gap {
                return Err(RuleError::new(
                    rule::FRIGHTENED,
                    format!(
                        "{} is frightened of {source} and can't move closer to it ({})",
                        mover.id, footprint.origin
                    ),
                ));
            }
            gap = next;
        }
        Ok(())
    }

    /// The spaces a ground move passes through, with the height of the ground under each.
    pub(super) fn ground_steps(
        &self,
        mover: &CreatureRef,
        path: &[Square],
    ) -> Vec<(Footprint, i32)> {
        let map = self.world.resource::<Map>();
        path.iter()
            .map(|sq| {
                let fp = Footprint {
                    origin: *sq,
                    side: mover.footprint.side,
                };
                (fp, map.ground_under(fp))
            })
            .collect()
    }

    /// Check a `UseAbility`: the ability is the creature's, the turn has the action for it,
    /// the cost can be paid, the area is placed legally and every target is one the ability
    /// may affect, in reach and line of effect (seed 002 L1333-1520).
    pub(crate) fn check_ability(
        &mut self,
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
    pub(super) fn check_squad_strike(
        &mut self,
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
            let own = Command::UseAbility {
                creature: m.clone(),
                ability: ability.clone(),
                targets: vec![mate.target.clone()],
                at: None,
                direction: None,
                squares: Vec::new(),
                objects: Vec::new(),
                ranged: false,
                tier: None,
                user_tier: None,
                spend: false,
                surges: Default::default(),
                squad: Vec::new(),
            };
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
    pub(crate) fn check_ability_by(
        &mut self,
        command: &Command,
        mate: Option<Entity>,
    ) -> Result<resolve::CheckedAbility, RuleError> {
        use crate::ability::{ActionType, Cost, Distance, Keyword, Who};
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
        let consumable = !known.contains(ability) && carried.contains(ability);
        let Some(ab) = (known.contains(ability) || consumable)
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
        let user = self.creature_ref(e);
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
                _ => crate::trigger::check_answer(turn, &user, ability, &ab, targets)?,
            },
        }
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
        if user.side == Side::Director {
            // seed 002 L4174-4176, L4342: a monster's costs and extras are paid in Malice.
            let price = match ab.cost {
                Some(Cost::Malice(n) | Cost::Resource(n)) => n,
                None => 0,
            } + extra;
            let have = self.world.resource::<malice::Malice>().current;
            if have < price {
                return Err(RuleError::new(
                    rule::MALICE_SPEND,
                    format!(
                        "`{}` costs {price} Malice{}; the Director has {have}",
                        ab.name,
                        if extra > 0 { " with its extra" } else { "" }
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
        let have = self.world.get::<Hero>(e).map_or(0, |h| h.heroic_resource);
        if user.side == Side::Heroes && price > 0 && have < price as i32 {
            return Err(RuleError::new(
                rule::HEROIC_RESOURCE,
                format!(
                    "`{}` costs {price} heroic resource{}; {creature} has {have}",
                    ab.name,
                    if extra > 0 { " with its extra" } else { "" }
                ),
            ));
        }
        let map = self.world.resource::<Map>().clone();
        let others = self.others(e);
        let area_err = |m: String| RuleError::new(rule::AREA, m);
        let area = match ab.distance {
            Distance::Aura(n) | Distance::Burst(n) => {
                crate::ability::area::burst(&map, user.footprint, n)
            }
            Distance::Cube { side, within } => {
                let corner = at.ok_or_else(|| area_err("place the cube: give `at`".into()))?;
                crate::ability::area::cube(&map, user.footprint, corner, side, within)
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
                crate::ability::area::line(
                    &map,
                    user.footprint,
                    *origin,
                    *dir,
                    length,
                    width,
                    within,
                )
                .map_err(area_err)?
            }
            Distance::Wall { squares: n, within } => {
                let bodies: Vec<Footprint> = others
                    .iter()
                    .filter(|o| o.vitality != Vitality::Dead)
                    .map(|o| o.footprint)
                    .chain(std::iter::once(user.footprint))
                    .collect();
                crate::ability::area::wall(&map, user.footprint, squares, n, within, |sq| {
                    bodies.iter().any(|b| b.contains(sq))
                })
                .map_err(area_err)?
            }
            _ => Vec::new(),
        };
        let target_err = |m: String| RuleError::new(rule::ABILITY_TARGET, m);
        let eligible = |c: &CreatureRef| -> Result<(), String> {
            if c.vitality == Vitality::Dead {
                return Err(format!("{} is dead", c.id));
            }
            let me = c.id == user.id;
            let ok = match ab.target.who {
                Who::SelfOnly => me,
                Who::Creature | Who::CreatureOrObject => !me || ab.target.with_self,
                Who::Enemy => c.side != user.side,
                Who::Ally => c.side == user.side && (!me || ab.target.with_self),
            };
            if ok {
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
        };
        let everyone: Vec<CreatureRef> = std::iter::once(user.clone())
            .chain(others.iter().cloned())
            .collect();
        // seed 002 L2616-2620: an area reaches into the ground no deeper than its top layer.
        let in_area = |c: &CreatureRef| {
            c.footprint.squares().any(|sq| area.contains(&sq))
                && movement::burrow::check_reach(&user, c).is_ok()
        };
        let chosen: Vec<CreatureRef> = if ab.distance == Distance::SelfOnly {
            vec![user.clone()]
        } else if ab.distance.is_area() && targets.is_empty() && ab.target.count.is_none() {
            everyone
                .iter()
                .filter(|c| eligible(c).is_ok())
                .filter(|c| in_area(c) || (c.id == user.id && ab.target.with_self))
                .cloned()
                .collect()
        } else {
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
                eligible(&c).map_err(target_err)?;
                if !ab.distance.is_area() {
                    c.check_not_hidden_from(creature)?;
                }
                movement::burrow::check_reach(&user, &c)?;
                if ab.distance.is_area() {
                    if !(in_area(&c) || (c.id == user.id && ab.target.with_self)) {
                        return Err(RuleError::new(
                            rule::AREA,
                            format!("{id} is not in the area"),
                        ));
                    }
                } else if let Some((_, reach)) = ab.distance.reach(*ranged) {
                    let gap = user.gap(&c);
                    if gap > reach {
                        return Err(RuleError::new(
                            rule::REACH,
                            format!("{id} is {gap} squares away; `{}` reaches {reach}", ab.name),
                        ));
                    }
                    if !map.line_of_effect(user.footprint, c.footprint) {
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
            picked
        };
        let at_range = ab.distance.reach(*ranged).is_some_and(|(r, _)| r);
        let melee =
            ab.has(Keyword::Melee) || matches!(ab.distance.reach(*ranged), Some((false, _)));
        // Cover only hinders damage-dealing abilities (seed 002 L3012).
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
        let checked_targets = chosen
            .iter()
            .map(|c| {
                let (edges, banes) = if c.id == user.id {
                    (Vec::new(), Vec::new())
                } else {
                    movement::opportunity::strike_modifiers(&map, &user, c, &others, at_range)
                };
                // Flanking and a prone roller's bane are for strikes; prone's edge for melee
                // (seed 002 L1755, L3004); taunted spares an ability that targets the taunter.
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
                    unmovable,
                    halved: false,
                }
            })
            .collect();
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
            crate::ability::object_area::caught(&map, user.footprint, ab.distance, *at, *direction)
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

    /// Objects named as targets: the ability may target objects, each is an object (not a
    /// wall) within reach and line of effect — for an area, one of those it `caught` — and
    /// none is named twice (seed 002 L1494-1498).
    pub(super) fn check_objects(
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
    pub(super) fn check_surges(
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

    /// The checks Knockback and Grab share (seed 002 L2872-2912): a maneuver left, another
    /// living creature within melee 1 and line of effect, no bigger than the user or than its
    /// Might when that is 2 or more (digest A-34).
    pub(super) fn melee_maneuver(
        &mut self,
        creature: &str,
        target: &str,
        rule: crate::event::Rule,
    ) -> Result<(Entity, Entity, CreatureRef, CreatureRef), RuleError> {
        let a = self.actor(creature)?;
        self.maneuver_left(a)?;
        let t = self.entity(target)?;
        let (att, tgt) = (self.creature_ref(a), self.creature_ref(t));
        if att.id == tgt.id || tgt.vitality == Vitality::Dead {
            return Err(RuleError::new(rule, "it targets another living creature"));
        }
        tgt.check_not_hidden_from(creature)?;
        if att.gap(&tgt) > 1 {
            return Err(RuleError::new(
                rule::REACH,
                format!("{target} is not within melee 1"),
            ));
        }
        movement::burrow::check_reach(&att, &tgt)?;
        if !self
            .world
            .resource::<Map>()
            .line_of_effect(att.footprint, tgt.footprint)
        {
            return Err(RuleError::new(
                rule::LINE_OF_EFFECT,
                format!("no line of effect to {target}"),
            ));
        }
        let might = self
            .world
            .get::<Characteristics>(a)
            .expect("characteristics")
            .might;
        if !resolution::knockback_size_ok(att.size, might, tgt.size) {
            return Err(RuleError::new(
                rule,
                format!(
                    "{target} (size {}) is bigger than {creature} (size {}) and than its Might {might}",
                    tgt.size, att.size
                ),
            ));
        }
        Ok((a, t, att, tgt))
    }

    /// Edges and banes on a melee maneuver's roll (Knockback, Grab): those of a melee strike,
    /// less the ones that only strikes get — flanking's edge (seed 002 L3004) and a prone
    /// striker's bane (L1755).
    pub(super) fn maneuver_modifiers(
        &mut self,
        user: Entity,
        att: &CreatureRef,
        tgt: &CreatureRef,
    ) -> (
        Vec<crate::power_roll::Modifier>,
        Vec<crate::power_roll::Modifier>,
    ) {
        let others = self.others(user);
        let (edges, banes) = movement::opportunity::strike_modifiers(
            self.world.resource::<Map>(),
            att,
            tgt,
            &others,
            false,
        );
        (
            edges
                .into_iter()
                .filter(|m| m.rule != rule::FLANKING.id)
                .collect(),
            // Knockback and Grab deal no damage, so cover does not hinder them (L3012).
            banes
                .into_iter()
                .filter(|m| {
                    ![rule::PRONE.id, rule::COVER.id, rule::CONCEALMENT.id]
                        .contains(&m.rule.as_str())
                })
                .collect(),
        )
    }
}
