//! The page around the canvas in the browser build: the loading indicator is hidden once the
//! game runs, and the status line, state checksum and where the board and creatures are on
//! screen are mirrored into the `#status` element so a browser test can read them.

use bevy::prelude::*;

use super::{BattleSystems, CurrentState};
use crate::game::ui::hud::StatusLine;
use crate::game::view::board::BoardLayout;
use crate::game::view::camera::BoardCamera;
use crate::web;
use steelgrid_rules::grid::Square;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, || web::hide("loading"))
        .add_systems(Update, mirror_status.in_set(BattleSystems::Present))
        .add_systems(PostUpdate, mirror_board);
}

fn mirror_status(status: Res<StatusLine>, state: Res<CurrentState>) {
    if status.is_changed() {
        web::set_text("status", &status.0);
    }
    if state.is_changed() {
        let s = &state.0;
        web::set_attribute("status", "data-checksum", &s.checksum);
        web::set_attribute("status", "data-round", &s.round.to_string());
        let creatures: Vec<String> = s
            .creatures
            .iter()
            .map(|c| format!("{}@{},{}", c.id, c.position.x, c.position.y))
            .collect();
        web::set_attribute("status", "data-creatures", &creatures.join(" "));
    }
}

/// `data-board="x0 y0 step"`: the viewport position (CSS pixels) of the centre of square (0, 0)
/// and the distance between square centres, so a test can click any square.
pub(super) fn mirror_board(
    layout: Res<BoardLayout>,
    camera: Single<(&Camera, &GlobalTransform), (With<BoardCamera>, Changed<GlobalTransform>)>,
) {
    let (camera, at) = *camera;
    let to_screen = |sq: Square| camera.world_to_viewport(at, layout.square_center(sq).extend(0.0));
    if let (Ok(origin), Ok(next)) = (to_screen(Square::new(0, 0)), to_screen(Square::new(1, 0))) {
        let step = next.x - origin.x;
        web::set_attribute(
            "status",
            "data-board",
            &format!("{} {} {step}", origin.x, origin.y),
        );
    }
}
