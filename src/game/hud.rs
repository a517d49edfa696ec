//! The status bar across the top of the window (scenario, round, whose pick or turn, status)
//! and a line of control hints at the bottom.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::creature::Side;

use super::{CurrentState, publish_state};

const BAR: Color = Color::srgba(0.06, 0.07, 0.09, 0.9);
const TITLE: Color = Color::srgb_u8(0xf2, 0xef, 0xe8);
const TEXT: Color = Color::srgb_u8(0xc9, 0xcd, 0xd3);
const MUTED: Color = Color::srgb_u8(0x8a, 0x91, 0x9a);
/// Side colours, lightened from the token colours to read well on the dark bar.
const HEROES: Color = Color::srgb_u8(0x56, 0xb4, 0xe9);
const DIRECTOR: Color = Color::srgb_u8(0xf0, 0x8a, 0x4b);

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_hud).add_systems(
        Update,
        update_hud
            .after(publish_state)
            .run_if(resource_changed::<CurrentState>),
    );
}

/// A piece of the status bar that follows the state.
#[derive(Component, Clone, Copy)]
enum HudField {
    Scenario,
    Round,
    Turn,
    Status,
}

fn spawn_hud(mut commands: Commands) {
    let font = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    commands
        .spawn((
            Node {
                position_type: PositionType::Absolute,
                top: px(0),
                left: px(0),
                width: percent(100),
                padding: UiRect::axes(px(16), px(10)),
                column_gap: px(32),
                align_items: AlignItems::Center,
                ..default()
            },
            BackgroundColor(BAR),
        ))
        .with_children(|bar| {
            bar.spawn((
                Text::default(),
                font(22.0),
                TextColor(TITLE),
                HudField::Scenario,
            ));
            for field in [HudField::Round, HudField::Turn, HudField::Status] {
                bar.spawn((Text::default(), font(17.0), TextColor(TEXT), field));
            }
        });
    commands.spawn((
        Text::new("Mouse wheel: zoom    WASD / arrows: pan    Home: fit the board"),
        font(13.0),
        TextColor(MUTED),
        Node {
            position_type: PositionType::Absolute,
            bottom: px(8),
            left: px(16),
            ..default()
        },
    ));
}

fn update_hud(state: Res<CurrentState>, mut fields: Query<(&HudField, &mut Text, &mut TextColor)>) {
    for (field, mut text, mut color) in &mut fields {
        let (content, tint) = describe(*field, &state.0);
        text.0 = content;
        color.0 = tint;
    }
}

/// The text and colour of one field of the status bar.
fn describe(field: HudField, state: &StateView) -> (String, Color) {
    match field {
        HudField::Scenario => (state.scenario.clone(), TITLE),
        HudField::Round if state.round == 0 => ("Before round 1".into(), TEXT),
        HudField::Round => (format!("Round {}", state.round), TEXT),
        HudField::Turn => turn_line(state),
        HudField::Status => match state.status {
            "in_progress" => ("In progress".into(), MUTED),
            "victory" => ("Victory".into(), HEROES),
            "defeat" => ("Defeat".into(), DIRECTOR),
            other => (other.replace('_', " "), MUTED),
        },
    }
}

/// Who acts now: the side choosing who goes first, the creature taking its turn, or the side
/// whose pick it is.
fn turn_line(state: &StateView) -> (String, Color) {
    if let Some(side) = state.awaiting_first_side_choice {
        let line = match side {
            Side::Heroes => "The heroes choose who goes first",
            Side::Director => "The Director chooses who goes first",
        };
        return (line.into(), side_color(side));
    }
    if let Some(id) = &state.turn {
        let creature = state.creatures.iter().find(|c| &c.id == id);
        let name = creature.map_or(id.as_str(), |c| c.name.as_str());
        let color = creature.map_or(TEXT, |c| side_color(c.side));
        return (format!("{name}'s turn"), color);
    }
    if let Some(side) = state.acting_side {
        let line = match side {
            Side::Heroes => "Heroes' pick",
            Side::Director => "Director's pick",
        };
        return (line.into(), side_color(side));
    }
    ("No one to act".into(), MUTED)
}

fn side_color(side: Side) -> Color {
    match side {
        Side::Heroes => HEROES,
        Side::Director => DIRECTOR,
    }
}
