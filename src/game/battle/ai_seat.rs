//! AI seats: when it is an AI-played side's move, the AI picks one command at a steady pace,
//! once the board has finished animating the last one, so people can follow it on the board
//! and in the log. The AI asks the rules engine for every option; nothing here judges a rule.
//! Its reasoning — the best options it weighed, with their scores — shows under the board: the
//! AI Director's only where the Director's information may show.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;

use crate::game::battle::handoff::DirectorView;
use crate::game::ui::hud::{self, BottomSlot, MUTED, bottom_slot};
use crate::game::ui::log::ascii;
use crate::game::ui::words::command_words;
use crate::game::view::animation::Animations;
use crate::game::{CurrentState, Rules};

/// The sides the AI plays.
#[derive(Resource, Debug, Default)]
pub struct AiSeats(pub Vec<Side>);

/// Time between two AI commands.
#[derive(Resource)]
struct Pace(Timer);

/// The AI's last decision: the side it played and the best options it weighed.
#[derive(Resource, Default, Clone, Debug, PartialEq)]
pub struct AiReasoning(pub Option<(Side, Vec<ai::Considered>)>);

/// The text under the board that shows the AI's reasoning.
#[derive(Component)]
struct ReasoningText;

pub fn plugin(app: &mut App) {
    app.insert_resource(Pace(Timer::from_seconds(0.35, TimerMode::Repeating)))
        .init_resource::<AiReasoning>()
        .add_systems(Startup, spawn_reasoning.after(hud::spawn_hud))
        .add_systems(
            Update,
            play_ai_seats
                .in_set(crate::game::screens::PlaySystems)
                .in_set(crate::game::BattleSystems::Command),
        )
        .add_systems(
            Update,
            show_reasoning
                .in_set(crate::game::BattleSystems::Present)
                .run_if(resource_changed::<AiReasoning>.or_else(resource_changed::<DirectorView>)),
        );
}

fn spawn_reasoning(mut commands: Commands, slots: Query<(Entity, &BottomSlot)>) {
    let Some(slot) = bottom_slot(&slots, BottomSlot::Reasoning) else {
        return;
    };
    commands.spawn((
        ReasoningText,
        Text::default(),
        TextFont {
            font_size: FontSize::Px(12.0),
            ..default()
        },
        TextColor(MUTED),
        ChildOf(slot),
    ));
}

fn show_reasoning(
    reasoning: Res<AiReasoning>,
    state: Res<CurrentState>,
    view: Res<DirectorView>,
    mut text: Single<&mut Text, With<ReasoningText>>,
) {
    text.0 = ascii(&reasoning_text(&reasoning, &state.0, view.0));
}

/// The AI's last decision in words, best option first: the AI Director's only when the screen
/// may show the Director's information (`director`); the heroes' AI's always.
pub fn reasoning_text(reasoning: &AiReasoning, state: &StateView, director: bool) -> String {
    let Some((side, top)) = &reasoning.0 else {
        return String::new();
    };
    if *side == Side::Director && !director {
        return String::new();
    }
    let who = match side {
        Side::Heroes => "The heroes' AI",
        Side::Director => "The AI Director",
    };
    let mut lines = vec![format!("{who} weighed (score, option):")];
    for (i, option) in top.iter().enumerate() {
        let command = command_words(state, &option.weighed);
        let chosen = if i == 0 { "  <- chosen" } else { "" };
        lines.push(format!("  {:>4}  {command}{chosen}", option.score));
    }
    lines.join("\n")
}

/// The AI side due to answer in `state`, if any.
pub fn ai_to_move(seats: &AiSeats, state: &StateView) -> Option<Side> {
    ai::side_to_answer(state).filter(|side| seats.0.contains(side))
}

fn play_ai_seats(
    time: Res<Time>,
    seats: Res<AiSeats>,
    state: Res<CurrentState>,
    mut pace: ResMut<Pace>,
    mut rules: ResMut<Rules>,
    animations: Res<Animations>,
    mut reasoning: ResMut<AiReasoning>,
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
    if let Some(decision) = ai::decide(rules.0.engine(), side) {
        reasoning.0 = Some((decision.side, decision.top));
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
    fn the_ai_directors_reasoning_shows_only_where_the_director_looks() {
        let s = scenario::load(
            crate::scenarios::DEFAULT.file,
            crate::scenarios::DEFAULT.text,
        )
        .expect("default scenario");
        let engine = s.start(Some(7));
        let decision = ai::decide(&engine, Side::Heroes).expect("the heroes choose");
        let state = engine.state();
        let chosen = command_words(&state, &decision.command);
        let heroes = AiReasoning(Some((Side::Heroes, decision.top.clone())));
        let text = reasoning_text(&heroes, &state, false);
        assert!(text.starts_with("The heroes' AI weighed"));
        assert!(
            text.lines()
                .nth(1)
                .unwrap()
                .ends_with(&format!("{chosen}  <- chosen"))
        );
        assert!(
            !text.contains("ChooseFirstSide"),
            "words, not commands: {text}"
        );
        // The same options weighed for the Director: the Director's secret.
        let director = AiReasoning(Some((Side::Director, decision.top)));
        assert_eq!(reasoning_text(&director, &state, false), "");
        assert!(reasoning_text(&director, &state, true).starts_with("The AI Director weighed"));
        assert_eq!(reasoning_text(&AiReasoning::default(), &state, true), "");
    }

    #[test]
    fn only_an_ai_side_due_to_answer_moves() {
        let s = scenario::load(
            crate::scenarios::DEFAULT.file,
            crate::scenarios::DEFAULT.text,
        )
        .expect("default scenario");
        let engine = s.start(Some(7));
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
