//! The square under the mouse, and its highlight.

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use bevy::window::PrimaryWindow;
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use super::camera::{BoardCamera, LOG_PANEL_PX};

/// Height of the status bar across the top, in logical pixels: no square is hovered there.
pub const STATUS_BAR_PX: f32 = 84.0;
const HOVER: Color = Color::srgba(1.0, 1.0, 1.0, 0.9);

pub fn plugin(app: &mut App) {
    app.init_resource::<HoveredSquare>()
        .add_systems(
            PreUpdate,
            track_cursor.in_set(crate::game::screens::PlaySystems),
        )
        .add_systems(
            Update,
            draw_hover.in_set(crate::game::BattleSystems::Present),
        );
}

/// A panel over the board (the action bar): no square is hovered, nor clicked, through it.
#[derive(Component)]
pub struct BlocksBoard;

/// The board square under the mouse, if any (not over the panels).
#[derive(Resource, Default, Clone, Copy, PartialEq, Eq, Debug)]
pub struct HoveredSquare(pub Option<Square>);

/// A square held under the pointer whatever the mouse does (`--aim`, for screenshots).
#[derive(Resource, Clone, Copy, Debug)]
pub struct HoverPin(pub Square);

fn track_cursor(
    window: Single<&Window, With<PrimaryWindow>>,
    camera: Single<(&Camera, &GlobalTransform), With<BoardCamera>>,
    layout: Res<BoardLayout>,
    pin: Option<Res<HoverPin>>,
    ui_scale: Res<UiScale>,
    panels: Query<(&RelativeCursorPosition, &InheritedVisibility), With<BlocksBoard>>,
    mut hovered: ResMut<HoveredSquare>,
) {
    if let Some(pin) = pin {
        hovered.set_if_neq(HoveredSquare(Some(pin.0)));
        return;
    }
    let (camera, transform) = *camera;
    let over_panel = panels
        .iter()
        .any(|(p, shown)| shown.get() && p.cursor_over());
    let square = window
        .cursor_position()
        .filter(|p| {
            !over_panel
                && p.x < window.width() - LOG_PANEL_PX * ui_scale.0
                && p.y > STATUS_BAR_PX * ui_scale.0
        })
        .and_then(|p| camera.viewport_to_world_2d(transform, p).ok())
        .and_then(|world| layout.square_at(world));
    hovered.set_if_neq(HoveredSquare(square));
}

fn draw_hover(hovered: Res<HoveredSquare>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    if let Some(sq) = hovered.0 {
        let size = Vec2::splat(SQUARE - 3.0);
        gizmos.rect_2d(
            Isometry2d::from_translation(layout.square_center(sq)),
            size,
            HOVER,
        );
    }
}
