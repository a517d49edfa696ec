//! Checks for the actions and maneuvers every creature has: free strikes, Charge, Heal, Defend, Grab and
//! Escape Grab, Aid Attack, Stand Up, End Effect.

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, RuleError};
use crate::condition::Condition;
use crate::creature::*;
use crate::damage::DamageType;
use crate::event::{Event, EventLog};
use crate::forced::resolution;
use crate::grid::{Map, Square};
use crate::movement::free_strike::{self, CheckedStrike};
use crate::movement::grab;
use crate::movement::{self, CheckedAdvance};
use crate::rule;

use crate::engine::Engine;

impl Engine {
    /// Whether [`Command::FreeStrike`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_free_strike(
        &self,
        checked: &mut Checked,
        attacker: &str,
        target: &str,
        ranged: &bool,
        damage_type: &Option<DamageType>,
        command: &Command,
    ) -> Result<(), RuleError> {
        let granted = crate::ability::granted::strike_granted(
            self.world.resource::<crate::turn::TurnState>(),
            attacker,
        );
        let a = match self.opportunity_strike(command)? {
            Some(a) => a,
            None if granted => self.able(attacker)?,
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
        let strike = CheckedStrike {
            attacker: a,
            target: t,
            edges,
            banes,
            at: None,
            granted,
            halved: false,
        };
        checked.insert(strike);
        Ok(())
    }

    /// Whether [`Command::Charge`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_charge(
        &self,
        checked: &mut Checked,
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
        if !crate::grid::straight_path(mover.footprint.origin, path) {
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
        checked.insert(CheckedAdvance(plan, drag));
        checked.insert(strike);
        Ok(())
    }

    /// Whether [`Command::Heal`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_heal(
        &self,
        creature: &str,
        target: &str,
    ) -> Result<(), RuleError> {
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
    pub(in crate::engine) fn check_defend(&self, creature: &str) -> Result<(), RuleError> {
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
    pub(in crate::engine) fn check_grab(
        &self,
        checked: &mut Checked,
        creature: &str,
        target: &str,
    ) -> Result<(), RuleError> {
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
        checked.insert(grab::CheckedGrab {
            roller: a,
            other: t,
            edges,
            banes,
        });
        Ok(())
    }

    /// Whether [`Command::EscapeGrab`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_escape_grab(
        &self,
        checked: &mut Checked,
        creature: &str,
    ) -> Result<(), RuleError> {
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
        checked.insert(grab::CheckedGrab {
            roller: e,
            other: g,
            edges: Vec::new(),
            banes,
        });
        Ok(())
    }

    /// Whether [`Command::AidAttack`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_aid_attack(
        &self,
        creature: &str,
        target: &str,
    ) -> Result<(), RuleError> {
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
    pub(in crate::engine) fn check_stand_up(&self, creature: &str) -> Result<(), RuleError> {
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
        let effects = self.world.resource::<crate::condition::effect::Effects>();
        if let Some(down) = effects.keeping_down(creature) {
            return Err(RuleError::new(
                rule::CANT_STAND,
                format!("{creature} can't stand up: {}", down.label()),
            ));
        }
        self.maneuver_left(e)?;
        Ok(())
    }

    /// Whether [`Command::EndEffect`] may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_end_effect(
        &self,
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

    /// The checks Knockback and Grab share (seed 002 L2872-2912): a maneuver left, another
    /// living creature within melee 1 and line of effect, no bigger than the user or than its
    /// Might when that is 2 or more (digest A-34).
    pub(in crate::engine) fn melee_maneuver(
        &self,
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
            .line_of_effect_at(att.placed(), tgt.placed())
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
    pub(in crate::engine) fn maneuver_modifiers(
        &self,
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
