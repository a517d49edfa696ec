//! Checks for spending hero tokens and Malice.

use bevy_ecs::prelude::*;

use crate::ability::hero_token;
use crate::command::RuleError;
use crate::creature::*;
use crate::director::malice;
use crate::rule;
use crate::turn::TurnState;

use crate::engine::Engine;

impl Engine {
    /// Whether [`Command::SpendHeroToken`](crate::command::Command::SpendHeroToken) may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_spend_hero_token(
        &self,
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
            hero_token::TokenBenefit::Reroll => check_reroll(
                self.world.resource::<crate::encounter::script::Script>(),
                creature,
            )?,
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

    /// Whether [`Command::SpendMalice`](crate::command::Command::SpendMalice) may be given now, or the rule that refuses it.
    pub(in crate::engine) fn check_spend_malice(
        &self,
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
}

/// A hero token rerolls the test the hero just made, once (seed 002 L766, L769); a called
/// test's outcome has already played out, so it stands.
fn check_reroll(
    script: &crate::encounter::script::Script,
    creature: &str,
) -> Result<(), RuleError> {
    let refuse = |why: String| Err(RuleError::new(rule::HERO_TOKEN, why));
    let Some(last) = script.last_test.as_ref().filter(|t| t.creature == creature) else {
        return refuse(format!("{creature} has not just made a test to reroll"));
    };
    if last.result.rerolled {
        return refuse(format!(
            "{creature}'s test was rerolled already; a test gets one hero token benefit"
        ));
    }
    if let Some(task) = &last.task {
        return refuse(format!(
            "the test for `{task}` has played out; a called test's roll stands"
        ));
    }
    Ok(())
}
