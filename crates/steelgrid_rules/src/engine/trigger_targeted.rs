//! An ability held for its targets' triggered answers (seed 002 L2546, L3038): the rules are
//! in `trigger::targeted`.

use super::Engine;
use crate::ability::AbilityBook;
use crate::ability::resolve::CheckedAbility;
use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::ActionBudget;
use crate::trigger::targeted::{retarget, targets_of};
use crate::turn::pending::PendingAbility;
use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::event::{Event, EventLog};
use crate::movement::free_strike;
use crate::power_roll::Modifier;
use crate::rule;
use crate::trigger::Happening;
use crate::turn::TurnState;

impl Engine {
    /// Before a `UseAbility` resolves: when some target's side could answer being targeted,
    /// keep it as the pending ability and queue a window for each such target. Returns whether
    /// it waits.
    pub(crate) fn hold_for_answers(&mut self, command: &Command) -> bool {
        let mut happenings: Vec<Happening> = Vec::new();
        match command {
            Command::UseAbility { creature, .. } => {
                let Some(checked) = self.world.resource::<Checked>().get::<CheckedAbility>() else {
                    return false;
                };
                if checked.ability.is_triggered() {
                    return false;
                }
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
            }
            // A free strike is a strike too (seed 002 L4154): its target may answer it.
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                ..
            } => happenings.push(Happening::Targeted {
                creature: target.clone(),
                by: attacker.clone(),
                ability: free_strike::name(*ranged).to_owned(),
                strike: true,
            }),
            _ => return false,
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
        let swapped = retarget(&pending.command, protected, answerer);
        let legal = match &swapped {
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                damage_type,
                ..
            } => self
                .check_free_strike(
                    &mut Checked::default(),
                    attacker,
                    target,
                    ranged,
                    damage_type,
                    &swapped,
                )
                .is_ok(),
            _ => self.check_ability(&swapped).is_ok(),
        };
        targets.contains(protected) && !targets.iter().any(|t| t == answerer) && legal
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
            Command::FreeStrike { .. } => {
                self.resolve_pending_strike(pending, start);
                return;
            }
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
                t.banes.push(answer_bane(a));
            }
            t.halved |= a.halve;
        }
        self.world.resource_mut::<Checked>().insert(checked);
        self.resolve_held(command, start);
    }

    /// Resolve the held `command` now, with what its check and the answers settled (already in
    /// `Checked`), as `apply` would have.
    fn resolve_held(&mut self, command: Command, start: usize) {
        self.world
            .insert_resource(crate::turn::aid::CommandLogStart(start));
        self.world.resource_mut::<CurrentCommand>().0 = Some(command);
        self.run_resolve();
        self.world.resource_mut::<CurrentCommand>().0 = None;
        self.clear_checked();
        self.after_command(start, false);
    }

    /// A free strike held for its target's answers: checked again (a new target first, when an
    /// answer took its place), then struck with the answers' bane and halving.
    fn resolve_pending_strike(&mut self, pending: PendingAbility, start: usize) {
        let mut command = pending.command.clone();
        for a in pending.answers.iter().filter(|a| a.become_target) {
            let mut swapped = command.clone();
            if let Command::FreeStrike { target, .. } = &mut swapped
                && *target == a.protected
            {
                *target = a.answerer.clone();
            }
            if self.validate(&swapped).is_ok() {
                command = swapped;
            }
        }
        let Command::FreeStrike {
            attacker, ranged, ..
        } = &command
        else {
            return;
        };
        let mut checked = match self.validate(&command) {
            Ok(c) => c,
            Err(why) => {
                self.world.resource_mut::<EventLog>().push(
                    rule::TARGETED_TRIGGER,
                    Event::AbilityOutcome {
                        creature: attacker.clone(),
                        ability: free_strike::name(*ranged).to_owned(),
                        target: attacker.clone(),
                        tier: None,
                        text: format!("lost to the answers: {}", why.reason),
                    },
                );
                return;
            }
        };
        if let Some(mut strike) = checked.take::<free_strike::CheckedStrike>() {
            for a in &pending.answers {
                if a.bane {
                    strike.banes.push(answer_bane(a));
                }
                strike.halved |= a.halve;
            }
            checked.insert(strike);
        }
        *self.world.resource_mut::<Checked>() = checked;
        self.resolve_held(command, start);
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

/// The bane an answer puts on the roll against the creature it protects.
fn answer_bane(a: &crate::turn::pending::TargetingAnswer) -> Modifier {
    Modifier {
        rule: rule::TARGETED_TRIGGER.id.to_owned(),
        note: format!("{} ({})", a.ability, a.answerer),
    }
}
