//! The 2D camera: it frames the whole board below the status bar and left of the log panel,
//! whatever the window size.
//!
//! It does not multisample: under software rendering 4× MSAA doubles the cost of every frame
//! (16 → 35 ms for a bare app on llvmpipe), and the board's sprites, text and rounded panels
//! are smooth without it.

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::board::{BoardLayout, SQUARE};

/// Room left around the board, in squares: at the sides, above it (for the status bar) and
/// below it (for the hint line).
const MARGIN_SIDE: f32 = 0.4;
const MARGIN_TOP: f32 = 1.5;
const MARGIN_BOTTOM: f32 = 0.7;
/// Width of the log panel on the right, in logical pixels.
pub const LOG_PANEL_PX: f32 = 340.0;

pub fn plugin(app: &mut App) {
    // Spawned now rather than at start-up: the first screen opens before start-up runs.
    app.world_mut().spawn((
        Camera2d,
        BoardCamera,
        Home(Vec2::ZERO),
        Projection::Orthographic(OrthographicProjection::default_2d()),
        Transform::default(),
        Msaa::Off,
    ));
    app.add_systems(PostUpdate, frame_to_window);
}

/// The camera looking at the board.
#[derive(Component)]
pub struct BoardCamera;

/// Where the camera sits when it frames the whole board.
#[derive(Component, Clone, Copy)]
pub struct Home(pub Vec2);

/// How to frame a board of `board` world units in a window of `window` logical pixels: the
/// projection's height in world units at scale 1, and the camera's home position.
pub fn framing(board: Vec2, window: Vec2) -> (f32, Vec2) {
    let need = Vec2::new(
        board.x + 2.0 * MARGIN_SIDE * SQUARE,
        board.y + (MARGIN_TOP + MARGIN_BOTTOM) * SQUARE,
    );
    let free = Vec2::new((window.x - LOG_PANEL_PX).max(1.0), window.y.max(1.0));
    // World units per logical pixel, so that the board fits the free area both ways.
    let k = (need.x / free.x).max(need.y / free.y);
    let home = Vec2::new(
        LOG_PANEL_PX / 2.0 * k,
        (MARGIN_TOP - MARGIN_BOTTOM) / 2.0 * SQUARE,
    );
    (window.y.max(1.0) * k, home)
}

/// Refit the projection when the window is resized or the UI scale changes (the panels are
/// that much larger), keeping any pan relative to home; a new board (another battle) starts
/// framed whole.
fn frame_to_window(
    window: Single<Ref<Window>, With<PrimaryWindow>>,
    ui_scale: Res<UiScale>,
    layout: Res<BoardLayout>,
    camera: Single<(&mut Projection, &mut Transform, &mut Home), With<BoardCamera>>,
) {
    if !window.is_changed() && !ui_scale.is_changed() && !layout.is_changed() {
        return;
    }
    // In UI pixels, the unit the panels are measured in.
    let (height, home) = framing(layout.world_size(), window.size() / ui_scale.0);
    let (mut projection, mut transform, mut old_home) = camera.into_inner();
    if let Projection::Orthographic(ortho) = &mut *projection {
        ortho.scaling_mode = ScalingMode::FixedVertical {
            viewport_height: height,
        };
        if layout.is_changed() {
            ortho.scale = 1.0;
        }
    }
    let offset = if layout.is_changed() {
        Vec2::ZERO
    } else {
        transform.translation.truncate() - old_home.0
    };
    transform.translation = (home + offset).extend(transform.translation.z);
    old_home.0 = home;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_board_fits_left_of_the_log_panel() {
        let board = Vec2::new(18.0, 10.0) * SQUARE;
        let window = Vec2::new(1280.0, 800.0);
        let (height, home) = framing(board, window);
        let k = height / window.y;
        // The board's right edge lands left of the panel, its left edge inside the window.
        let right_px = window.x / 2.0 + (board.x / 2.0 - home.x) / k;
        let left_px = window.x / 2.0 + (-board.x / 2.0 - home.x) / k;
        assert!(right_px <= window.x - LOG_PANEL_PX + 0.5, "{right_px}");
        assert!(left_px >= 0.0, "{left_px}");
    }
}
