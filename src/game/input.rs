//! Camera controls: the mouse wheel zooms, WASD or the arrow keys pan, Home frames the board.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;

use super::board::BoardLayout;
use super::camera::{BoardCamera, Home};

/// Zoom range, as the orthographic scale (1 frames the whole board; smaller is closer).
const MIN_SCALE: f32 = 0.25;
const MAX_SCALE: f32 = 2.0;
/// Zoom factor per wheel notch.
const ZOOM_STEP: f32 = 0.9;
/// Pixels of smooth scrolling that count as one notch.
const PIXELS_PER_NOTCH: f32 = 40.0;
/// Pan speed in world units per second at scale 1.
const PAN_SPEED: f32 = 700.0;

pub fn plugin(app: &mut App) {
    app.add_systems(Update, (zoom, pan, frame_board));
}

fn zoom(
    scroll: Res<AccumulatedMouseScroll>,
    mut camera: Single<&mut Projection, With<BoardCamera>>,
) {
    if scroll.delta.y == 0.0 {
        return;
    }
    let notches = match scroll.unit {
        MouseScrollUnit::Line => scroll.delta.y,
        MouseScrollUnit::Pixel => scroll.delta.y / PIXELS_PER_NOTCH,
    };
    if let Projection::Orthographic(ortho) = &mut **camera {
        ortho.scale = (ortho.scale * ZOOM_STEP.powf(notches)).clamp(MIN_SCALE, MAX_SCALE);
    }
}

fn pan(
    keys: Res<ButtonInput<KeyCode>>,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    camera: Single<(&mut Transform, &Projection, &Home), With<BoardCamera>>,
) {
    let bindings = [
        (KeyCode::KeyW, Vec2::Y),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::KeyS, Vec2::NEG_Y),
        (KeyCode::ArrowDown, Vec2::NEG_Y),
        (KeyCode::KeyA, Vec2::NEG_X),
        (KeyCode::ArrowLeft, Vec2::NEG_X),
        (KeyCode::KeyD, Vec2::X),
        (KeyCode::ArrowRight, Vec2::X),
    ];
    let direction: Vec2 = bindings
        .iter()
        .filter(|(key, _)| keys.pressed(*key))
        .map(|(_, dir)| *dir)
        .sum();
    if direction == Vec2::ZERO {
        return;
    }
    let (mut transform, projection, home) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    };
    let step = direction.normalize() * PAN_SPEED * scale * time.delta_secs();
    // Keep the board's centre region under the camera.
    let limit = layout.world_size() / 2.0;
    let target = (transform.translation.truncate() + step).clamp(home.0 - limit, home.0 + limit);
    transform.translation = target.extend(transform.translation.z);
}

fn frame_board(
    keys: Res<ButtonInput<KeyCode>>,
    camera: Single<(&mut Transform, &mut Projection, &Home), With<BoardCamera>>,
) {
    if !keys.just_pressed(KeyCode::Home) {
        return;
    }
    let (mut transform, mut projection, home) = camera.into_inner();
    transform.translation = home.0.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = 1.0;
    }
}
