//! Checking a command before it runs: a refused command changes nothing.

mod ability;
mod make_test;
mod maneuvers;
mod moves;
mod resources;

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, RuleError};
use crate::condition::Condition;
use crate::condition::hide;
use crate::creature::*;
use crate::damage::stamina;
use crate::encounter;
use crate::forced::resolution;
use crate::grid::Map;
use crate::movement::{self, CheckedAdvance};
use crate::rule;
use crate::turn::TurnState;

use super::Engine;

impl Engine {
    /// Check `command` against the rules state, which it only reads, and return what the
    /// check worked out for the systems that resolve it (one [`Checked`], stored by `apply`).
    pub(super) fn validate(&self, command: &Command) -> Result<Checked, RuleError> {
        let mut checked = Checked::default();
        if let Command::WhatIf { .. } = command {
            return Ok(checked);
        }
        self.check_awaited(command)?;
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
            Command::Advance { creature, path } => {
                checked.insert(self.check_advance(creature, path, movement::Gait::Move)?);
            }
            Command::Disengage { creature, path } => {
                checked.insert(self.check_advance(creature, path, movement::Gait::Shift)?);
            }
            Command::Fly { creature, path } => self.check_fly(&mut checked, creature, path)?,
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                damage_type,
                ..
            } => self.check_free_strike(
                &mut checked,
                attacker,
                target,
                ranged,
                damage_type,
                command,
            )?,
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
                checked.insert(resolution::CheckedForced(outcome));
            }
            Command::Knockback { creature, target } => {
                checked.insert(self.check_knockback(creature, target)?);
            }
            Command::Charge {
                creature,
                path,
                target,
            } => self.check_charge(&mut checked, creature, path, target)?,
            Command::Heal { creature, target } => self.check_heal(creature, target)?,
            Command::Defend { creature } => self.check_defend(creature)?,
            Command::Grab { creature, target } => {
                self.check_grab(&mut checked, creature, target)?
            }
            Command::EscapeGrab { creature } => self.check_escape_grab(&mut checked, creature)?,
            Command::Release { creature } => self.check_release(creature)?,
            Command::AidAttack { creature, target } => self.check_aid_attack(creature, target)?,
            Command::StandUp { creature } => self.check_stand_up(creature)?,
            Command::UseAbility { .. } => {
                checked.insert(self.check_ability(command)?);
            }
            Command::EndEffect {
                creature,
                target,
                condition,
            } => self.check_end_effect(creature, target, condition)?,
            Command::Hide { creature } => self.check_hide_or_search(creature, true)?,
            Command::Search { creature } => self.check_hide_or_search(creature, false)?,
            Command::MakeTest {
                creature,
                task,
                characteristic,
                difficulty,
                skill,
                maneuver,
            } => checked.insert(self.check_make_test(&make_test::TestOrder {
                creature,
                task: task.as_deref(),
                characteristic: *characteristic,
                difficulty: *difficulty,
                skill: skill.as_deref(),
                maneuver: *maneuver,
            })?),
            Command::SpendHeroToken { creature, benefit } => {
                self.check_spend_hero_token(creature, benefit)?
            }
            Command::SpendMalice { creature, spend } => self.check_spend_malice(creature, spend)?,
            Command::ScriptDice { faces } => check_script_dice(faces)?,
            Command::WhatIf { .. } => {}
            Command::Flee { creature } | Command::WorkOnTask { creature } => {
                let e = self.actor(creature)?;
                encounter::validate_command(&self.world, e, command)?;
            }
            Command::Teleport { target, to, .. } => {
                checked.insert(self.check_teleport(target, *to)?);
            }
            Command::GrantedMove { creature, path } => {
                checked.insert(self.check_granted_move(creature, path)?);
            }
            Command::LastStand { creature } => {
                let e = self.actor(creature)?;
                crate::director::last_stand::check(
                    self.world.resource::<crate::options::RulesOptions>(),
                    self.world.resource::<TurnState>(),
                    *self.world.get::<Side>(e).expect("side"),
                )?;
            }
            Command::AwardVictories { .. }
            | Command::Respite { .. }
            | Command::StartMontage { .. }
            | Command::MontageTest { .. }
            | Command::MontagePass { .. } => {
                encounter::between_fights::check(
                    self.world.resource::<TurnState>(),
                    self.world.resource::<encounter::script::Script>(),
                    &self.hero_states(),
                    command,
                )?;
            }
            Command::Land { creature, to } => {
                crate::forced::falling::check_land(
                    self.world.resource::<TurnState>(),
                    creature,
                    *to,
                )?;
            }
            Command::Dig { creature, depth } => self.check_dig(creature, depth)?,
            Command::ClawDirt {
                creature,
                to,
                depth,
            } => self.check_claw_dirt(&mut checked, creature, to, depth)?,
            Command::PullUp { creature, target } => self.check_pull_up(creature, target)?,
            Command::PassTrigger { creature } => {
                self.entity(creature)?;
                crate::trigger::check_pass(self.world.resource::<TurnState>(), creature)?;
            }
            Command::DirectorOverride(o) => self.check_override(&mut checked, o)?,
            Command::Mount { .. }
            | Command::ClimbCreature { .. }
            | Command::Dismount { .. }
            | Command::Ride { .. }
            | Command::ShakeOff { .. } => {
                let mount = self.check_mount_command(&mut checked, command)?;
                checked.insert(mount);
            }
        }
        Ok(checked)
    }

    /// What the turn waits for comes first: a faller's landing (only its `Land` answers), a
    /// forced movement to place (only its `ForceMove` answers), or an open trigger window
    /// (only its answers and passes).
    fn check_awaited(&self, command: &Command) -> Result<(), RuleError> {
        let turn = self.world.resource::<TurnState>();
        if let Some(l) = &turn.landing {
            return match command {
                Command::Land { creature, .. } if *creature == l.creature => Ok(()),
                _ => Err(RuleError::new(
                    rule::PENDING_CHOICE,
                    format!(
                        "{} fell onto {} and first chooses where it comes down, one of {} (in a command file: Land(creature: \"{}\", to: …))",
                        l.creature,
                        l.on,
                        squares(&l.squares),
                        l.creature,
                    ),
                )),
            };
        }
        if let Some(p) = &turn.pending_forced {
            let answers = matches!(command, Command::ForceMove { forcer, target, kind, distance, melee_weapon, vertical, .. }
                if forcer.as_deref() == Some(p.forcer.as_str()) && *target == p.target && *kind == p.kind
                    && *distance == p.distance && *melee_weapon == p.melee_weapon && *vertical == p.vertical);
            if !answers {
                return Err(RuleError::new(
                    rule::PENDING_CHOICE,
                    format!(
                        "{}'s {} {} on {} must be placed first (in a command file: ForceMove(forcer: \"{}\", target: \"{}\", kind: {:?}, distance: {}, melee_weapon: {}{}, path: [...]))",
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
            return Ok(());
        }
        if turn.trigger_window.is_some() {
            let roster = self.roster();
            crate::trigger::check_window(turn, command, |id| {
                roster.iter().find(|r| r.id == id).map(|r| r.side)
            })?;
        }
        Ok(())
    }

    /// Advance (`Gait::Move`) and Disengage (`Gait::Shift`, 1 square) on the ground (seed 002
    /// L2570-2594, L2821-2831): the path, its cost and who it drags along.
    fn check_advance(
        &self,
        creature: &str,
        path: &[crate::grid::Square],
        gait: movement::Gait,
    ) -> Result<CheckedAdvance, RuleError> {
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
        Ok(CheckedAdvance(plan, drag))
    }

    /// Knockback: a melee maneuver a grabbed creature can't use; its roll's edges and banes.
    fn check_knockback(
        &self,
        creature: &str,
        target: &str,
    ) -> Result<resolution::CheckedKnockback, RuleError> {
        let (a, _, att, tgt) = self.melee_maneuver(creature, target, rule::KNOCKBACK)?;
        if let Some(by) = &att.grabbed_by {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by} and can't use Knockback"),
            ));
        }
        let (edges, banes) = self.maneuver_modifiers(a, &att, &tgt);
        Ok(resolution::CheckedKnockback { edges, banes })
    }

    /// Release: only a creature grabbing someone lets go.
    fn check_release(&self, creature: &str) -> Result<(), RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        self.entity(creature)?;
        if !self.board_grabs().iter().any(|(_, by)| by == creature) {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbing nobody"),
            ));
        }
        Ok(())
    }

    /// Hide and Search are maneuvers; hiding needs cover or concealment from an enemy (seed 002
    /// L2271).
    fn check_hide_or_search(&self, creature: &str, hide: bool) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        if !hide {
            return Ok(());
        }
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
                format!("{creature} has neither cover nor concealment from any enemy to hide from"),
            ));
        }
        Ok(())
    }

    /// Pull Up: a maneuver raising a willing burrower 1 square (seed 002 L2626).
    fn check_pull_up(&self, creature: &str, target: &str) -> Result<(), RuleError> {
        let e = self.actor(creature)?;
        self.maneuver_left(e)?;
        let t = self.entity(target)?;
        let (me, them) = (self.creature_ref(e), self.creature_ref(t));
        let others = self.others(t);
        movement::burrow::check_pull_up(self.world.resource::<Map>(), &me, &them, &others)
    }
}

/// Scripted dice are d10 faces, 1-10.
fn check_script_dice(faces: &[u32]) -> Result<(), RuleError> {
    match faces.iter().find(|f| !(1..=10).contains(*f)) {
        Some(bad) => Err(RuleError::new(
            rule::DICE_SCRIPTED,
            format!("a scripted die face must be 1-10 (a d10's 0 is written 10), not {bad}"),
        )),
        None => Ok(()),
    }
}

/// Squares as a reader writes them: `(3, 4), (4, 4)`.
fn squares(list: &[crate::grid::Square]) -> String {
    list.iter()
        .map(|s| format!("({}, {})", s.x, s.y))
        .collect::<Vec<_>>()
        .join(", ")
}
