//! Hero tokens, the heroes' shared pool (seed 002 L746-773), and surges (L1646-1655).
//!
//! One token buys 2 surges or turns the saving throw just failed into a success; two tokens
//! regain Stamina equal to the recovery value, on the hero's turn or right after it takes
//! damage (digest AMB-03: no Recovery is spent). Each hero gets one token benefit per turn
//! (AMB-04). Surges add the hero's highest characteristic to one target's rolled damage, up to
//! three at a time, or raise a potency by 1 against one target for two.

pub use crate::terms::hero_token::HeroTokens;

pub use crate::terms::hero_token::{SurgeSpend, TokenBenefit};

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand};
use crate::condition::Conditions;
use crate::creature::{CreatureId, Hero, Stamina};
use crate::event::{Event, EventLog};
use crate::rule;

/// Command stage, first: the windows of the last command close unless this command is a token
/// spent in them; a new turn gives every hero a token benefit again.
pub fn close_windows(command: Res<CurrentCommand>, mut tokens: ResMut<HeroTokens>) {
    match &command.0 {
        Some(Command::SpendHeroToken { .. }) => {}
        Some(Command::StartTurn { .. } | Command::EndTurn { .. }) => {
            tokens.failed_saves.clear();
            tokens.just_damaged.clear();
            tokens.used_this_turn.clear();
        }
        _ => {
            tokens.failed_saves.clear();
            tokens.just_damaged.clear();
        }
    }
}

/// Stamina stage: note who this command damaged (the failed saves are noted where they are
/// rolled, `condition::end_of_turn`).
pub fn open_windows(
    start: Res<crate::turn::aid::CommandLogStart>,
    log: Res<EventLog>,
    mut tokens: ResMut<HeroTokens>,
) {
    for e in &log.events[start.0.min(log.events.len())..] {
        if let Event::Damaged { target, .. } = &e.event
            && !tokens.just_damaged.contains(target)
        {
            tokens.just_damaged.push(target.clone());
        }
    }
}

/// Command stage: spend hero tokens.
pub fn resolve_spend(
    command: Res<CurrentCommand>,
    effects: Res<crate::condition::effect::Effects>,
    mut tokens: ResMut<HeroTokens>,
    mut log: ResMut<EventLog>,
    mut heroes: Query<(&CreatureId, &mut Hero, &mut Stamina, &mut Conditions)>,
) {
    let Some(Command::SpendHeroToken { creature, benefit }) = &command.0 else {
        return;
    };
    let Some((id, mut hero, mut stamina, mut conditions)) =
        heroes.iter_mut().find(|h| &h.0.0 == creature)
    else {
        return;
    };
    tokens.pool -= benefit.cost();
    tokens.used_this_turn.insert(id.0.clone());
    log.push(
        rule::HERO_TOKEN,
        Event::HeroTokenSpent {
            creature: id.0.clone(),
            benefit: *benefit,
            left: tokens.pool,
        },
    );
    match benefit {
        TokenBenefit::Surges => {
            hero.surges += 2;
            log.push(
                rule::SURGES,
                Event::SurgesGained {
                    creature: id.0.clone(),
                    amount: 2,
                    now: hero.surges,
                },
            );
        }
        TokenBenefit::Save => {
            let Some(i) = tokens.failed_saves.iter().position(|f| f.0 == id.0) else {
                return;
            };
            let (_, condition) = tokens.failed_saves.remove(i);
            conditions.0.retain(|a| a.condition != condition);
            log.push(
                rule::HERO_TOKEN,
                Event::ConditionEnded {
                    creature: id.0.clone(),
                    condition: condition.name().into(),
                },
            );
        }
        // Rolled by `test_action::resolve_reroll`, next in the stage.
        TokenBenefit::Reroll => {}
        TokenBenefit::Stamina => {
            let before = stamina.current;
            let value = crate::damage::stamina::recovery_value(&effects, &id.0, &stamina);
            let amount = crate::damage::stamina::regain(&mut stamina, value);
            log.push(
                rule::HERO_TOKEN,
                Event::StaminaRegained {
                    creature: id.0.clone(),
                    amount,
                    stamina_before: before,
                    stamina_after: stamina.current,
                },
            );
        }
    }
}
