//! Triggered actions (seed 002 L1416-1422, L2544-2552; digest §9, A-10). A triggered ability is
//! used only when its trigger happens, on anyone's turn: a triggered action once a round, a free
//! triggered action as often as it is triggered; surprised, dazed and downed creatures take
//! neither (L2498, L1735).
//!
//! Readings: the engine watches a creature taking damage, a creature starting its turn and a
//! creature being targeted ([`crate::ability::On`]; the last in [`crate::trigger::targeted`]),
//! and a mover leaving the reach of creatures asked about opportunity attacks
//! ([`crate::movement::opportunity_ask`]).
//! After a command has resolved — forced movement and
//! conditions included — each event it caused opens a trigger window in turn, listing the
//! creatures that could answer it now: those with a triggered ability whose trigger matches and
//! whose use the engine would accept (reach, line of effect, cost, one triggered action a round).
//! Nothing else happens until each of them has used one (`UseAbility`, aimed at the creature
//! the trigger names) or passed (`PassTrigger`); the heroes answer before the Director (digest
//! What an answer does opens no window of its own, so answers never chain. A creature
//! damaged twice by the same creature in one command is triggered once.

pub use crate::turn::pending::{TriggerOption, TriggerWindow, Waiting};

pub mod targeted;

pub use crate::terms::trigger::Happening;

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::ability::resolve::CheckedAbility;
use crate::ability::{Ability, ActionType, Aim, On};
use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition::Condition;
use crate::creature::{CreatureId, CreatureRef, Minion, Side, Stamina, Vitality};
use crate::event::{Event, EventLog, LoggedEvent};
use crate::rule;
use crate::turn::TurnState;

/// Whether `c` can take `ab` now as a triggered action: it can act, is neither surprised nor
/// dazed, and — unless `ab` is a free triggered action — has not used its triggered action this
/// round (seed 002 L2498, L1735, L2544-2552).
fn able(c: &CreatureRef, turn: &TurnState, ab: &Ability) -> Result<(), RuleError> {
    if !c.vitality.can_act() {
        return Err(RuleError::new(
            rule::CREATURE_STATE,
            format!("{} is down and can't act", c.id),
        ));
    }
    if c.surprised {
        return Err(RuleError::new(
            rule::SURPRISE,
            format!("{} is surprised and takes no triggered actions", c.id),
        ));
    }
    if c.conditions.has(Condition::Dazed) {
        return Err(RuleError::new(
            rule::DAZED,
            format!("{} is dazed and takes no triggered actions", c.id),
        ));
    }
    if ab.action == ActionType::TriggeredAction
        && turn.triggered_action_round.get(&c.id) == Some(&turn.round)
    {
        return Err(RuleError::new(
            rule::TRIGGERED_ACTION,
            format!(
                "{} has used its triggered action this round; free triggered actions are still open to it",
                c.id
            ),
        ));
    }
    Ok(())
}

/// Check a triggered ability's use: it answers the open window, by a creature the window waits
/// on, aimed as the window lists, and the user can still take it.
pub(crate) fn check_answer(
    turn: &TurnState,
    user: &CreatureRef,
    ability: &str,
    ab: &Ability,
    targets: &[String],
) -> Result<(), RuleError> {
    let trigger = ab.trigger.as_ref().map_or("", |t| t.text.as_str());
    let Some(window) = &turn.trigger_window else {
        return Err(RuleError::new(
            rule::TRIGGERED_ACTION,
            format!(
                "`{}` is a {}: it is used when {trigger}, in the trigger window that opens then; none is open",
                ab.name,
                ab.action.name()
            ),
        ));
    };
    let happening = window.happening.describe();
    let Some(waiting) = window.waiting_on(&user.id) else {
        return Err(RuleError::new(
            rule::TRIGGER_WINDOW,
            format!(
                "the trigger window for {happening} does not wait on {}",
                user.id
            ),
        ));
    };
    let Some(option) = waiting.options.iter().find(|o| o.ability == ability) else {
        return Err(RuleError::new(
            rule::TRIGGERED_ACTION,
            format!(
                "`{}` doesn't answer {happening}: it is used when {trigger}",
                ab.name
            ),
        ));
    };
    if option.targets != targets {
        return Err(RuleError::new(
            rule::ABILITY_TARGET,
            format!(
                "`{}` answers {happening} aimed at {}",
                ab.name,
                if option.targets.is_empty() {
                    "its user alone (name no targets)".to_owned()
                } else {
                    option.targets.join(", ")
                }
            ),
        ));
    }
    able(user, turn, ab)
}

/// Check a `PassTrigger`: the open window waits on `creature`.
pub(crate) fn check_pass(turn: &TurnState, creature: &str) -> Result<(), RuleError> {
    match &turn.trigger_window {
        Some(w) if w.waiting_on(creature).is_some() => Ok(()),
        Some(w) => Err(RuleError::new(
            rule::TRIGGER_WINDOW,
            format!(
                "the trigger window for {} does not wait on {creature}",
                w.happening.describe()
            ),
        )),
        None => Err(RuleError::new(
            rule::TRIGGER_WINDOW,
            "no trigger window is open",
        )),
    }
}

/// While a window is open, only its answers go ahead — a use or a pass by a creature it waits
/// on, heroes before the Director (digest A-10) — and hero tokens, which the damage that opened
/// it may call for (seed 002 L758-760).
pub(crate) fn check_window(
    turn: &TurnState,
    command: &Command,
    side_of: impl Fn(&str) -> Option<Side>,
) -> Result<(), RuleError> {
    let Some(window) = &turn.trigger_window else {
        return Ok(());
    };
    if matches!(command, Command::SpendHeroToken { .. }) {
        return Ok(());
    }
    let answerer = match command {
        Command::PassTrigger { creature } => window.waiting_on(creature),
        Command::FreeStrike { attacker, .. } => {
            window.waiting_on(attacker).filter(|w| w.opportunity)
        }
        // A move an answer granted, taken before the ability it answers (`trigger_targeted`).
        Command::GrantedMove { creature, .. } => {
            window.waiting_on(creature).filter(|w| w.options.is_empty())
        }
        Command::UseAbility {
            creature, ability, ..
        } => window
            .waiting_on(creature)
            .filter(|w| w.options.iter().any(|o| &o.ability == ability)),
        _ => None,
    }
    .map(|w| w.creature.as_str());
    let names: Vec<&str> = window.waiting.iter().map(|w| w.creature.as_str()).collect();
    let Some(answerer) = answerer else {
        let listed: Vec<String> = window
            .waiting
            .iter()
            .map(|w| {
                let mut abilities: Vec<&str> =
                    w.options.iter().map(|o| o.ability.as_str()).collect();
                if w.opportunity {
                    abilities.push("an opportunity attack: FreeStrike");
                }
                format!("{} ({})", w.creature, abilities.join(" or "))
            })
            .collect();
        return Err(RuleError::new(
            window.happening.rule(),
            format!(
                "{} triggered abilities: {} must first use one or let the moment pass (in a command file: UseAbility, or PassTrigger(creature: \"…\"))",
                window.happening.describe(),
                listed.join(", ")
            ),
        ));
    };
    let heroes_waiting = names
        .iter()
        .any(|n| side_of(n) == Some(Side::Heroes) && *n != answerer);
    if side_of(answerer) == Some(Side::Director) && heroes_waiting {
        return Err(RuleError::new(
            rule::TRIGGER_WINDOW,
            format!(
                "the heroes answer a trigger first (digest A-10): {} still to answer",
                names
                    .iter()
                    .filter(|n| side_of(n) == Some(Side::Heroes))
                    .copied()
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        ));
    }
    Ok(())
}

/// Command stage, before the ability resolves: an answer or a pass takes its creature off the
/// window; a triggered action (not a free one) is its one for the round.
pub fn resolve_answers(
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedAbility>();
    let (creature, used) = match (&command.0, &checked) {
        (Some(Command::PassTrigger { creature }), _) => (creature, None),
        (Some(Command::UseAbility { creature, .. }), Some(c)) if c.ability.is_triggered() => {
            (creature, Some(&c.ability))
        }
        _ => return,
    };
    let mut passed = rule::TRIGGER_WINDOW;
    if let Some(w) = &mut turn.trigger_window {
        w.waiting.retain(|w| &w.creature != creature);
        passed = w.happening.rule();
    }
    let Some(ab) = used else {
        log.push(
            passed,
            Event::TriggerPassed {
                creature: creature.clone(),
            },
        );
        return;
    };
    let free = ab.action == ActionType::FreeTriggeredAction;
    if !free {
        let round = turn.round;
        turn.triggered_action_round.insert(creature.clone(), round);
    }
    log.push(
        if free {
            rule::FREE_TRIGGERED_ACTION
        } else {
            rule::TRIGGERED_ACTION
        },
        Event::TriggerAnswered {
            creature: creature.clone(),
            ability: ab.name.clone(),
            trigger: ab
                .trigger
                .as_ref()
                .map_or(String::new(), |t| t.text.clone()),
            free,
        },
    );
}

/// The events in `events` that may trigger abilities, each once, in order.
pub(crate) fn happenings(events: &[LoggedEvent]) -> Vec<Happening> {
    let mut out: Vec<Happening> = Vec::new();
    for e in events {
        let found: Vec<Happening> = match &e.event {
            Event::Damaged {
                target,
                source,
                amount,
                temporary_absorbed,
                ..
            } if *amount > 0 => vec![Happening::Damaged {
                creature: target.clone(),
                by: source.clone(),
                amount: *amount,
                absorbed: *temporary_absorbed,
            }],
            Event::SquadDamaged { source, hits, .. } => hits
                .iter()
                .filter(|(_, share)| *share > 0)
                .map(|(member, share)| Happening::Damaged {
                    creature: member.clone(),
                    by: source.clone(),
                    amount: *share,
                    absorbed: 0,
                })
                .collect(),
            Event::TurnStarted { creature, .. } => vec![Happening::TurnStarted {
                creature: creature.clone(),
            }],
            _ => Vec::new(),
        };
        for h in found {
            add_up(&mut out, h);
        }
    }
    out
}

/// Add `h` to `out` once: a creature damaged twice by the same creature in one command is one
/// happening, its damage added up.
fn add_up(out: &mut Vec<Happening>, h: Happening) {
    if let Happening::Damaged {
        creature,
        by,
        amount,
        absorbed,
    } = &h && let Some(Happening::Damaged {
        amount: total,
        absorbed: total_absorbed,
        ..
    }) = out.iter_mut().find(
        |o| matches!(o, Happening::Damaged { creature: c, by: b, .. } if c == creature && b == by),
    ) {
        *total += amount;
        *total_absorbed += absorbed;
        return;
    }
    if !out.contains(&h) {
        out.push(h);
    }
}

/// Command stage, after an answer has resolved: a triggered ability answering a creature taking
/// damage whose effect halves the triggering damage gives back what halving takes off. The
/// damage was dealt before the window opened, so the halved-away part returns, to temporary
/// Stamina as far as that would still have absorbed it (seed 002 L783, L3038; the halved damage
/// rounds down). Minions share their squad's pool and are left as they are.
pub fn halve_damage_taken(
    command: Res<CurrentCommand>,
    turn: Res<TurnState>,
    mut log: ResMut<EventLog>,
    checked_results: Res<Checked>,
    mut creatures: Query<(&CreatureId, &mut Stamina, &Vitality), Without<Minion>>,
) {
    let Some(c) = checked_results.get::<CheckedAbility>() else {
        return;
    };
    let halves = c
        .ability
        .effect
        .as_ref()
        .is_some_and(|e| e.halve_trigger_damage);
    if !matches!(command.0, Some(Command::UseAbility { .. }))
        || !c.ability.is_triggered()
        || !halves
    {
        return;
    }
    let Some(Happening::Damaged {
        creature,
        amount,
        absorbed,
        ..
    }) = turn.trigger_window.as_ref().map(|w| &w.happening)
    else {
        return;
    };
    let Some((_, mut stamina, vitality)) = creatures.iter_mut().find(|s| s.0.0 == *creature) else {
        return;
    };
    if *vitality == Vitality::Dead {
        return;
    }
    let (amount, absorbed) = (*amount as i32, *absorbed as i32);
    let halved = amount / 2;
    let temporary_before = stamina.temporary + absorbed;
    let now_absorbed = halved.min(temporary_before);
    let regained = (amount - absorbed) - (halved - now_absorbed);
    stamina.temporary = temporary_before - now_absorbed;
    stamina.current += regained;
    log.push(
        rule::HALVE_TAKEN_DAMAGE,
        Event::DamageHalved {
            creature: creature.clone(),
            ability: c.ability.name.clone(),
            damage: amount as u32,
            halved: halved as u32,
            regained,
        },
    );
}

impl Happening {
    /// In words, for refusals and the log.
    pub fn describe(&self) -> String {
        match self {
            Happening::Damaged { creature, by, .. } => {
                format!("{creature} taking damage from {by}")
            }
            Happening::TurnStarted { creature } => format!("{creature} starting its turn"),
            Happening::Targeted {
                creature,
                by,
                ability,
                ..
            } => format!("{creature} targeted by {by}'s {ability}"),
            Happening::Leaving { creature } => format!("{creature} leaving an enemy's reach"),
        }
    }

    /// The rule a window for this opens under.
    pub fn rule(&self) -> crate::event::Rule {
        match self {
            Happening::Leaving { .. } => rule::OPPORTUNITY_ASKED,
            _ => rule::TRIGGER_WINDOW,
        }
    }

    /// The creature an ability triggered by `on` is aimed at when `user` (on `side`) answers
    /// this, or `None` when `on` doesn't match it. `side_of` gives a creature's side.
    pub(crate) fn aimed(
        &self,
        on: On,
        user: &str,
        side: Side,
        side_of: impl Fn(&str) -> Option<Side>,
    ) -> Option<String> {
        let is = |party: crate::ability::Party, who: &str| {
            side_of(who).is_some_and(|s| party.includes(user, side, who, s))
        };
        match (on, self) {
            (
                On::Damaged { to, by, aim },
                Happening::Damaged {
                    creature,
                    by: source,
                    ..
                },
            ) => (is(to, creature) && is(by, source)).then(|| match aim {
                Aim::Subject => creature.clone(),
                Aim::Cause => source.clone(),
            }),
            (On::TurnStarted { by }, Happening::TurnStarted { creature }) => {
                is(by, creature).then(|| creature.clone())
            }
            (
                On::Targeted {
                    who,
                    by,
                    strike_only,
                    aim,
                },
                Happening::Targeted {
                    creature,
                    by: source,
                    strike,
                    ..
                },
            ) => {
                (is(who, creature) && is(by, source) && (*strike || !strike_only)).then(
                    || match aim {
                        Aim::Subject => creature.clone(),
                        Aim::Cause => source.clone(),
                    },
                )
            }
            _ => None,
        }
    }
}
