//! AI seats: when it is an AI-played side's move, the AI picks one command at a steady pace,
//! once the board has finished animating the last one, so people can follow it on the board
//! and in the log. The AI asks the rules engine for every option; nothing here judges a rule.

use bevy::prelude::*;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;

use crate::game::animation::Animations;
use crate::game::{CurrentState, Rules};

/// The sides the AI plays.
#[derive(Resource, Debug, Default)]
pub struct AiSeats(pub Vec<Side>);

/// Time between two AI commands.
#[derive(Resource)]
struct Pace(Timer);

pub fn plugin(app: &mut App) {
    app.insert_resource(Pace(Timer::from_seconds(0.35, TimerMode::Repeating)))
        .add_systems(Update, play_ai_seats.in_set(super::screens::PlaySystems));
}

/// The AI side due to answer in `state`, if any.
pub fn ai_to_move(seats: &AiSeats, state: &steelgrid_rules::StateView) -> Option<Side> {
    ai::side_to_answer(state).filter(|side| seats.0.contains(side))
}

fn play_ai_seats(
    time: Res<Time>,
    seats: Res<AiSeats>,
    state: Res<CurrentState>,
    mut pace: ResMut<Pace>,
    mut rules: ResMut<Rules>,
    animations: Res<Animations>,
) {
    let Some(side) = ai_to_move(&seats, &state.0) else {
        pace.0.reset();
        return;
    };
    if animations.busy() {
        pace.0.reset();
        return;
    }
    if !pace.0.tick(time.delta()).just_finished() {
        return;
    }
    if let Some(decision) = ai::decide(rules.0.engine_mut(), side) {
        // The AI only proposes commands the engine offered, so a refusal would be a bug in the
        // AI; it is logged rather than shown to the players.
        if let Err(e) = rules.0.apply(decision.command) {
            warn!("the AI's command was refused: {e}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::scenario;

    #[test]
    fn only_an_ai_side_due_to_answer_moves() {
        let s = scenario::load(
            crate::scenarios::DEFAULT.file,
            crate::scenarios::DEFAULT.text,
        )
        .expect("default scenario");
        let mut engine = s.start(Some(7));
        let state = engine.state();
        // Seed 7: the heroes' players choose who goes first; the AI plays the Director.
        assert_eq!(state.awaiting_first_side_choice, Some(Side::Heroes));
        assert_eq!(ai_to_move(&AiSeats(vec![Side::Director]), &state), None);
        assert_eq!(
            ai_to_move(&AiSeats(vec![Side::Heroes]), &state),
            Some(Side::Heroes)
        );
    }
}
