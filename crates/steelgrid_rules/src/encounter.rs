//! The encounter's objectives and its end: victory when the objective is met, defeat when the
//! heroes can no longer fight (seed 002 L3133-3209).

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::creature::{Side, Vitality};
use crate::event::{Event, EventLog, Outcome, rule};
use crate::turn::TurnState;

/// What the heroes must do to win. More objective types arrive with the Director's rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Objective {
    /// Diminish the enemy's numbers until none can fight (seed 002 L3133-3209).
    DefeatAllEnemies,
}

/// The scenario's name, seed and objectives.
#[derive(Resource, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct EncounterInfo {
    pub scenario: String,
    pub seed: u64,
    pub objectives: Vec<Objective>,
}

/// Objectives stage: the encounter ends in victory when every Director creature is dead or
/// unconscious, in defeat when every creature on the heroes' side is.
pub fn check_objectives(
    info: Res<EncounterInfo>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    creatures: Query<(&Side, &Vitality)>,
) {
    if turn.outcome.is_some() {
        return;
    }
    let side_down = |side: Side| {
        let mut members = creatures.iter().filter(|(s, _)| **s == side).peekable();
        members.peek().is_some() && members.all(|(_, v)| v.is_down())
    };
    let outcome = if side_down(Side::Heroes) {
        Some((Outcome::Defeat, rule::ENCOUNTER_DEFEAT))
    } else if info.objectives.contains(&Objective::DefeatAllEnemies) && side_down(Side::Director) {
        Some((Outcome::Victory, rule::OBJECTIVE_DEFEAT_ALL))
    } else {
        None
    };
    if let Some((outcome, rule)) = outcome {
        turn.outcome = Some(outcome);
        turn.current = None;
        turn.next_side = None;
        log.push(rule, Event::EncounterEnded { outcome });
    }
}
