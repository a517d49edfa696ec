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

pub use crate::turn::pending::{PendingAbility, TargetingAnswer};

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::ability::granted::Granted;
use crate::ability::resolve::CheckedAbility;
use crate::command::{Command, CurrentCommand};
use crate::creature::{CreatureId, Side};
use crate::event::{Event, EventLog};
use crate::rule;
use crate::trigger::{Happening, Waiting};
use crate::turn::TurnState;

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
                // Each is what the creature now "is", as the log reads it.
                let shielded = format!("shielded from {by}'s {triggering}");
                let mut notes = Vec::new();
                if effect.bane_on_trigger {
                    notes.push((protected, format!("{shielded}: its roll takes a bane")));
                }
                if effect.halve_trigger_damage {
                    notes.push((protected, format!("{shielded}: its damage is halved")));
                }
                if effect.become_target {
                    notes.push((creature, format!("the new target of {by}'s {triggering}")));
                }
                for (who, what) in notes {
                    log.push(
                        rule::TARGETED_TRIGGER,
                        Event::EffectStarted {
                            creature: who.clone(),
                            effect: format!("{what} ({})", c.ability.name),
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

/// Swap `from` for `to` among a `UseAbility`'s targets, or as a free strike's target.
pub(crate) fn retarget(command: &Command, from: &str, to: &str) -> Command {
    let mut out = command.clone();
    match &mut out {
        Command::UseAbility { targets, .. } => {
            for t in targets.iter_mut().filter(|t| *t == from) {
                *t = to.to_owned();
            }
        }
        Command::FreeStrike { target, .. } if target == from => *target = to.to_owned(),
        _ => {}
    }
    out
}

pub(crate) fn targets_of(command: &Command) -> Vec<String> {
    match command {
        Command::UseAbility { targets, .. } => targets.clone(),
        Command::FreeStrike { target, .. } => vec![target.clone()],
        _ => Vec::new(),
    }
}
