//! The 2D camera: it frames the whole board below the status bar, whatever the window size.

use bevy::camera::ScalingMode;
use bevy::prelude::*;

use super::board::{BoardLayout, SQUARE};

/// Room left around the board, in squares: at the sides, above it (for the status bar) and
/// below it (for the hint line).
const MARGIN_SIDE: f32 = 0.5;
const MARGIN_TOP: f32 = 1.1;
const MARGIN_BOTTOM: f32 = 0.7;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_camera);
}

/// The camera looking at the board.
#[derive(Component)]
pub struct BoardCamera;

/// Where the camera sits when it frames the whole board.
#[derive(Component, Clone, Copy)]
pub struct Home(pub Vec2);

fn spawn_camera(mut commands: Commands, layout: Res<BoardLayout>) {
    let board = layout.world_size();
    let home = Vec2::new(0.0, (MARGIN_TOP - MARGIN_BOTTOM) / 2.0 * SQUARE);
    commands.spawn((
        Camera2d,
        BoardCamera,
        Home(home),
        Projection::Orthographic(OrthographicProjection {
            // The whole board plus margins always fits; zooming changes `scale` from 1.
            scaling_mode: ScalingMode::AutoMin {
                min_width: board.x + 2.0 * MARGIN_SIDE * SQUARE,
                min_height: board.y + (MARGIN_TOP + MARGIN_BOTTOM) * SQUARE,
            },
            ..OrthographicProjection::default_2d()
        }),
        Transform::from_translation(home.extend(0.0)),
    ));
}
