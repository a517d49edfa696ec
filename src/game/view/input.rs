//! Camera controls from the action map: the mouse wheel zooms, the arrow keys pan, Home frames
//! the board.

use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use leafwing_input_manager::prelude::*;

use super::board::BoardLayout;
use super::camera::{BoardCamera, Home};
use crate::game::battle::actions::{Action, Controls};

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
    app.add_systems(
        Update,
        (zoom, pan, frame_board)
            .in_set(crate::game::screens::PlaySystems)
            .in_set(crate::game::BattleSystems::Input),
    );
}

/// A panel the wheel scrolls while the pointer is over it: there the wheel does not zoom.
#[derive(Component)]
pub struct WheelScrolls;

fn zoom(
    controls: Single<&ActionState<Action>, With<Controls>>,
    scroll: Res<AccumulatedMouseScroll>,
    panels: Query<&RelativeCursorPosition, With<WheelScrolls>>,
    mut camera: Single<&mut Projection, With<BoardCamera>>,
) {
    let delta = controls.value(&Action::Zoom);
    if delta == 0.0 || panels.iter().any(RelativeCursorPosition::cursor_over) {
        return;
    }
    let notches = match scroll.unit {
        MouseScrollUnit::Line => delta,
        MouseScrollUnit::Pixel => delta / PIXELS_PER_NOTCH,
    };
    if let Projection::Orthographic(ortho) = &mut **camera {
        ortho.scale = (ortho.scale * ZOOM_STEP.powf(notches)).clamp(MIN_SCALE, MAX_SCALE);
    }
}

fn pan(
    controls: Single<&ActionState<Action>, With<Controls>>,
    time: Res<Time>,
    layout: Res<BoardLayout>,
    camera: Single<(&mut Transform, &Projection, &Home), With<BoardCamera>>,
) {
    let direction = controls.axis_pair(&Action::Pan);
    if direction == Vec2::ZERO {
        return;
    }
    let (mut transform, projection, home) = camera.into_inner();
    let scale = match projection {
        Projection::Orthographic(ortho) => ortho.scale,
        _ => 1.0,
    };
    let step = direction.normalize_or_zero() * PAN_SPEED * scale * time.delta_secs();
    // Keep the board's centre region under the camera.
    let limit = layout.world_size() / 2.0;
    let target = (transform.translation.truncate() + step).clamp(home.0 - limit, home.0 + limit);
    transform.translation = target.extend(transform.translation.z);
}

fn frame_board(
    controls: Single<&ActionState<Action>, With<Controls>>,
    camera: Single<(&mut Transform, &mut Projection, &Home), With<BoardCamera>>,
) {
    if !controls.just_pressed(&Action::Fit) {
        return;
    }
    let (mut transform, mut projection, home) = camera.into_inner();
    transform.translation = home.0.extend(transform.translation.z);
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scale = 1.0;
    }
}
