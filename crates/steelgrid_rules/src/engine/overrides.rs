//! Checking a Director override (`crate::director::overrides`): the creature it names and what
//! the override asks of it, against the rules state, which it only reads. A creature brought
//! in is made here, from the bestiary the scenario gave the engine.

use std::sync::Arc;

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Override, RuleError};
use crate::creature::{Hero, Minion, Retainer, Stamina};
use crate::director::malice::Malice;
use crate::director::overrides;
use crate::encounter::added::{Bestiary, CheckedAdded};
use crate::grid::Map;
use crate::rule;
use crate::turn::TurnState;

use super::Engine;

impl Engine {
    /// Give the engine the bestiary that `AddCreature` overrides make creatures from: the
    /// scenario's templates and the built-in library. A scenario's `start` gives it; an
    /// engine restored from a snapshot alone has none, and refuses to bring creatures in.
    pub fn set_bestiary(&mut self, bestiary: Arc<dyn Bestiary>) {
        self.bestiary = Some(bestiary);
    }

    /// A Director override: any moment of an unfinished fight, no turn or action needed.
    pub(super) fn check_override(
        &self,
        checked: &mut Checked,
        o: &Override,
    ) -> Result<(), RuleError> {
        overrides::check_unfinished(self.world.resource::<TurnState>())?;
        let map = self.world.resource::<Map>();
        match o {
            Override::SetStamina { creature, stamina } => {
                let e = self.entity(creature)?;
                let w = &self.world;
                let dies_as_hero = w.get::<Hero>(e).is_some() || w.get::<Retainer>(e).is_some();
                overrides::check_stamina(
                    &self.creature_ref(e),
                    w.get::<Stamina>(e).expect("every creature has Stamina"),
                    dies_as_hero,
                    w.get::<Minion>(e).and_then(|m| m.squad.as_deref()),
                    *stamina,
                )
            }
            Override::AddCondition {
                creature,
                condition,
                of,
                ..
            } => {
                let e = self.entity(creature)?;
                overrides::check_add_condition(
                    &self.creature_ref(e),
                    *condition,
                    of.as_deref(),
                    |id| self.entity(id).is_ok(),
                )
            }
            Override::RemoveCondition {
                creature,
                condition,
            } => {
                let e = self.entity(creature)?;
                overrides::check_remove_condition(&self.creature_ref(e), *condition)
            }
            Override::Place { creature, at } => {
                let e = self.entity(creature)?;
                // Its rider goes with it, so it stands in no one's way.
                overrides::check_place(map, &self.creature_ref(e), *at, &self.others_moving(e))
            }
            Override::AddCreature(new) => {
                if self.entity(&new.id).is_ok() {
                    return Err(RuleError::new(
                        rule::DIRECTOR_OVERRIDE,
                        format!(
                            "there is already a creature `{}`: one brought in needs an id of its own",
                            new.id
                        ),
                    ));
                }
                let Some(bestiary) = &self.bestiary else {
                    return Err(RuleError::new(
                        rule::DIRECTOR_OVERRIDE,
                        "this game was restored without its scenario, which holds the templates creatures are brought in from",
                    ));
                };
                let added = bestiary.resolve(new, map).map_err(|problems| {
                    RuleError::new(rule::DIRECTOR_OVERRIDE, problems.join("; "))
                })?;
                let everyone = self.others(Entity::PLACEHOLDER);
                overrides::check_space(
                    map,
                    &new.id,
                    added.record.size,
                    added.record.position,
                    &everyone,
                )?;
                checked.insert(CheckedAdded(added));
                Ok(())
            }
            Override::GiveMalice { amount } => {
                overrides::check_malice(self.world.resource::<Malice>().current, *amount)
            }
        }
    }
}
