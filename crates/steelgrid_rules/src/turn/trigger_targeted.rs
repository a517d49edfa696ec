//! Triggered actions that answer being targeted (`On::Targeted`). A triggered action resolves
//! when its trigger happens, ahead of what the triggering creature was doing: the fury's answer
//! comes when an enemy *tries* to force-move (seed 002 L2546), and an ally's triggered action
//! halves damage before it lands (L3038; L783 rounds it down).
//!
//! Readings: a `UseAbility` (not itself a triggered ability: answers never chain) whose targets
//! some creature could answer waits as the pending ability; each target opens a trigger window
//! in turn. An answer resolves at once, and what its effect says about the waiting ability is
//! kept: a bane on the roll against the protected target, that target's damage halved, or the
//! answerer put in its place when it would be a legal target itself. A move the answer grants
//! is taken (`GrantedMove`) or passed up before the waiting ability goes on. When the last
//! window closes the ability is checked again and resolves against the targets still legal;
//! with none left it is lost, its action spent.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};
use steelgrid_kernel::check::Checked;

use crate::ability::AbilityBook;
use crate::ability::granted::Granted;
use crate::ability::resolve::CheckedAbility;
use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{ActionBudget, CreatureId, Side};
use crate::engine::Engine;
use crate::event::{Event, EventLog};
use crate::power_roll::Modifier;
use crate::rule;
use crate::turn::TurnState;
use crate::turn::trigger::{Happening, Waiting};

/// What one answer does to the pending ability.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TargetingAnswer {
    /// The target the answer protects.
    pub protected: String,
    pub answerer: String,
    /// The answering ability's name.
    pub ability: String,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bane: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halve: bool,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub become_target: bool,
}

/// An ability waiting for the answers to its targeting.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingAbility {
    pub command: Command,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub answers: Vec<TargetingAnswer>,
    /// Creatures an answer granted a move, to take or pass up first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moving: Vec<String>,
}

/// Whether `creature` waits to take a move an answer granted it.
pub(crate) fn moving(turn: &TurnState, creature: &str) -> bool {
    turn.pending_ability
        .as_ref()
        .is_some_and(|p| p.moving.iter().any(|m| m == creature))
}

/// Command stage, after the answer has resolved: keep what it does to the pending ability,
/// and have the creatures it granted a move take it (or pass) before anything else; a move
/// passed up lapses.
pub fn record_answers(
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    sides: Query<(&CreatureId, &Side)>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedAbility>();
    let turn = &mut *turn;
    let (Some(pending), Some(window)) = (&mut turn.pending_ability, &mut turn.trigger_window)
    else {
        return;
    };
    let Happening::Targeted {
        creature: protected,
        by,
        ability: triggering,
        ..
    } = &window.happening
    else {
        return;
    };
    match (&command.0, checked) {
        (Some(Command::UseAbility { creature, .. }), Some(c)) if c.ability.is_triggered() => {
            let effect = c.ability.effect.clone().unwrap_or_default();
            if effect.answers_targeting() {
                let mut notes = Vec::new();
                if effect.bane_on_trigger {
                    notes.push((protected, "its roll takes a bane"));
                }
                if effect.halve_trigger_damage {
                    notes.push((protected, "its damage is halved"));
                }
                if effect.become_target {
                    notes.push((creature, "this creature becomes its target"));
                }
                for (who, what) in notes {
                    log.push(
                        rule::TARGETED_TRIGGER,
                        Event::EffectStarted {
                            creature: who.clone(),
                            effect: format!(
                                "{by}'s {triggering} against {protected}: {what} ({})",
                                c.ability.name
                            ),
                        },
                    );
                }
                pending.answers.push(TargetingAnswer {
                    protected: protected.clone(),
                    answerer: creature.clone(),
                    ability: c.ability.name.clone(),
                    bane: effect.bane_on_trigger,
                    halve: effect.halve_trigger_damage,
                    become_target: effect.become_target,
                });
            }
            let side = |id: &str| sides.iter().find(|s| s.0.0 == id).map(|s| *s.1);
            let movers: Vec<String> = turn
                .granted
                .iter()
                .filter(|g| g.by == *creature && g.ability == c.ability.name)
                .filter(|g| matches!(g.movement, Granted::Move(_)))
                .map(|g| g.target.clone())
                .collect();
            for m in movers {
                if pending.moving.contains(&m) {
                    continue;
                }
                // The heroes go first (digest A-10).
                let at = if side(&m) == Some(Side::Heroes) {
                    0
                } else {
                    window
                        .waiting
                        .iter()
                        .position(|w| side(&w.creature) != Some(Side::Heroes))
                        .unwrap_or(window.waiting.len())
                };
                window.waiting.insert(
                    at,
                    Waiting {
                        creature: m.clone(),
                        options: Vec::new(),
                        opportunity: false,
                    },
                );
                pending.moving.push(m);
            }
        }
        (
            Some(cmd @ (Command::GrantedMove { creature, .. } | Command::PassTrigger { creature })),
            _,
        ) if pending.moving.contains(creature) => {
            pending.moving.retain(|m| m != creature);
            window.waiting.retain(|w| &w.creature != creature);
            if matches!(cmd, Command::PassTrigger { .. }) {
                turn.granted
                    .retain(|g| !(&g.target == creature && matches!(g.movement, Granted::Move(_))));
            }
        }
        _ => {}
    }
}

/// Swap `from` for `to` among a `UseAbility`'s targets.
fn retarget(command: &Command, from: &str, to: &str) -> Command {
    let mut out = command.clone();
    if let Command::UseAbility { targets, .. } = &mut out {
        for t in targets.iter_mut().filter(|t| *t == from) {
            *t = to.to_owned();
        }
    }
    out
}

fn targets_of(command: &Command) -> Vec<String> {
    match command {
        Command::UseAbility { targets, .. } => targets.clone(),
        _ => Vec::new(),
    }
}

impl Engine {
    /// Before a `UseAbility` resolves: when some target's side could answer being targeted,
    /// keep it as the pending ability and queue a window for each such target. Returns whether
    /// it waits.
    pub(crate) fn hold_for_answers(&mut self, command: &Command) -> bool {
        let Command::UseAbility { creature, .. } = command else {
            return false;
        };
        let Some(checked) = self.world.resource::<Checked>().get::<CheckedAbility>() else {
            return false;
        };
        if checked.ability.is_triggered() {
            return false;
        }
        let mut happenings: Vec<Happening> = Vec::new();
        for t in checked.targets.iter().filter(|t| t.id != *creature) {
            let h = Happening::Targeted {
                creature: t.id.clone(),
                by: creature.clone(),
                ability: checked.ability.name.clone(),
                strike: checked.ability.is_strike(),
            };
            if !happenings.contains(&h) {
                happenings.push(h);
            }
        }
        self.world.resource_mut::<TurnState>().pending_ability = Some(PendingAbility {
            command: command.clone(),
            answers: Vec::new(),
            moving: Vec::new(),
        });
        let open: Vec<Happening> = happenings
            .into_iter()
            .filter(|h| self.window_for(h.clone()).is_some())
            .collect();
        let mut turn = self.world.resource_mut::<TurnState>();
        if open.is_empty() {
            turn.pending_ability = None;
            return false;
        }
        turn.queued_triggers.extend(open);
        true
    }

    /// Whether `answerer` may answer `happening` with `ability` now: one that puts its user in
    /// the target's place only when the pending ability could target it there.
    pub(crate) fn answer_fits(
        &mut self,
        happening: &Happening,
        answerer: &str,
        ability: &str,
    ) -> bool {
        let Happening::Targeted {
            creature: protected,
            ..
        } = happening
        else {
            return true;
        };
        let redirects = self
            .world
            .resource::<AbilityBook>()
            .get(ability)
            .and_then(|a| a.effect.as_ref())
            .is_some_and(|e| e.become_target);
        if !redirects {
            return true;
        }
        let Some(pending) = self.world.resource::<TurnState>().pending_ability.clone() else {
            return false;
        };
        let targets = targets_of(&pending.command);
        targets.contains(protected)
            && !targets.iter().any(|t| t == answerer)
            && self
                .check_ability(&retarget(&pending.command, protected, answerer))
                .is_ok()
    }

    /// Once every window the pending ability opened has closed (and no push waits), resolve it
    /// with its answers: new targets first, then the targets still legal, then banes and
    /// halved damage on the checked use.
    pub(crate) fn resolve_pending_ability(&mut self) {
        let turn = self.world.resource::<TurnState>();
        if turn.trigger_window.is_some()
            || !turn.queued_triggers.is_empty()
            || turn.pending_forced.is_some()
            || turn.outcome.is_some()
        {
            return;
        }
        let Some(pending) = self
            .world
            .resource_mut::<TurnState>()
            .pending_ability
            .take()
        else {
            return;
        };
        let start = self.world.resource::<EventLog>().events.len();
        let (user, name) = match &pending.command {
            Command::UseAbility {
                creature, ability, ..
            } => (
                creature.clone(),
                self.ability(ability)
                    .map_or(ability.clone(), |a| a.name.clone()),
            ),
            _ => return,
        };
        let mut command = pending.command.clone();
        for a in pending.answers.iter().filter(|a| a.become_target) {
            let targets = targets_of(&command);
            let swapped = retarget(&command, &a.protected, &a.answerer);
            if targets.contains(&a.protected)
                && !targets.contains(&a.answerer)
                && self.check_ability(&swapped).is_ok()
            {
                command = swapped;
            }
        }
        let checked = match self.check_ability(&command) {
            Ok(c) => Ok(c),
            Err(e) => self.keep_legal_targets(&mut command, &user, &name, e),
        };
        let mut checked = match checked {
            Ok(c) => c,
            Err(why) => {
                self.lose_ability(&pending.command, &user, &name, &why);
                return;
            }
        };
        for a in &pending.answers {
            let Some(t) = checked.targets.iter_mut().find(|t| t.id == a.protected) else {
                continue;
            };
            if a.bane {
                t.banes.push(Modifier {
                    rule: rule::TARGETED_TRIGGER.id.to_owned(),
                    note: format!("{} ({})", a.ability, a.answerer),
                });
            }
            t.halved |= a.halve;
        }
        self.world.resource_mut::<Checked>().insert(checked);
        self.world
            .insert_resource(crate::turn::aid::CommandLogStart(start));
        self.world.resource_mut::<CurrentCommand>().0 = Some(command);
        self.resolve.run(&mut self.world);
        self.world.resource_mut::<CurrentCommand>().0 = None;
        self.clear_checked();
        self.after_command(start, false);
    }

    /// `command` refused as `err`: drop each target it can no longer take, noting why, and
    /// check what is left.
    fn keep_legal_targets(
        &mut self,
        command: &mut Command,
        user: &str,
        name: &str,
        err: RuleError,
    ) -> Result<CheckedAbility, RuleError> {
        let targets = targets_of(command);
        if targets.len() < 2 {
            return Err(err);
        }
        let mut kept = Vec::new();
        for t in targets {
            let mut alone = command.clone();
            if let Command::UseAbility { targets, .. } = &mut alone {
                *targets = vec![t.clone()];
            }
            match self.check_ability(&alone) {
                Ok(_) => kept.push(t),
                Err(e) => self.world.resource_mut::<EventLog>().push(
                    rule::TARGETED_TRIGGER,
                    Event::AbilityOutcome {
                        creature: user.to_owned(),
                        ability: name.to_owned(),
                        target: t,
                        tier: None,
                        text: format!("no longer a target: {}", e.reason),
                    },
                ),
            }
        }
        if let Command::UseAbility { targets, .. } = command {
            *targets = kept;
        }
        self.check_ability(command)
    }

    /// The answers left the pending ability nothing to do: it is lost, the action it took
    /// spent.
    fn lose_ability(&mut self, command: &Command, user: &str, name: &str, why: &RuleError) {
        let Command::UseAbility { ability, .. } = command else {
            return;
        };
        let spends = self.ability(ability).and_then(|a| a.action.spends());
        self.world.resource_mut::<EventLog>().push(
            rule::TARGETED_TRIGGER,
            Event::AbilityOutcome {
                creature: user.to_owned(),
                ability: name.to_owned(),
                target: user.to_owned(),
                tier: None,
                text: format!("lost to the answers: {}", why.reason),
            },
        );
        let Ok(e) = self.entity(user) else {
            return;
        };
        if let Some(kind) = spends
            && self.budget(e).allows(kind)
        {
            let mut budget = *self.world.get::<ActionBudget>(e).expect("budget");
            crate::turn::take_action(
                &mut self.world.resource_mut::<EventLog>(),
                &mut budget,
                user,
                kind,
            );
            self.world.entity_mut(e).insert(budget);
        }
    }
}
