//! F3 shows the squares the enemies threaten — within an enemy's melee reach of where it
//! stands or of anywhere it could move (`Engine::threatened`) — outlined in red over the board,
//! so a player sees where an enemy could strike before it acts. F3 again hides them.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::creature::Side;
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::handoff::{DirectorView, kept_from_view};
use crate::game::battle::play::Feedback;
use crate::game::{BattleSystems, CurrentState, Rules};

const THREAT: Color = Color::srgba(0.9, 0.2, 0.25, 0.85);

pub fn plugin(app: &mut App) {
    app.init_resource::<Threats>()
        .add_systems(
            Update,
            (
                toggle
                    .in_set(crate::game::screens::PlaySystems)
                    .in_set(BattleSystems::Input),
                work_out
                    .in_set(BattleSystems::Follow)
                    .run_if(resource_changed::<CurrentState>.or_else(resource_changed::<Shown>)),
                draw.in_set(BattleSystems::Present),
            ),
        )
        .init_resource::<Shown>();
}

/// Whether the threatened squares are shown.
#[derive(Resource, Default, PartialEq, Eq)]
struct Shown(bool);

/// The squares the enemies threaten, while shown.
#[derive(Resource, Default)]
struct Threats(Vec<Square>);

fn toggle(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut shown: ResMut<Shown>,
    mut feedback: ResMut<Feedback>,
) {
    if controls.just_pressed(&Action::Threats) {
        shown.0 = !shown.0;
        *feedback = Feedback::Hint(if shown.0 {
            "Red: squares an enemy could strike this turn (F3 hides them)".into()
        } else {
            String::new()
        });
    }
}

/// The side whose enemies are shown: those of the side acting now (the Director's creatures
/// before anyone acts).
fn watched_side(state: &StateView) -> Side {
    state.acting_side.unwrap_or(Side::Heroes)
}

fn work_out(
    shown: Res<Shown>,
    rules: Res<Rules>,
    state: Res<CurrentState>,
    view: Res<DirectorView>,
    mut threats: ResMut<Threats>,
) {
    if !shown.0 {
        threats.0.clear();
        return;
    }
    let side = watched_side(&state.0);
    let engine = rules.0.engine();
    let enemies: Vec<&str> = state
        .0
        .creatures
        .iter()
        .filter(|c| c.side != side && !c.dead && !c.unconscious)
        .filter(|c| !kept_from_view(&state.0, c, view.0))
        .map(|c| c.id.as_str())
        .collect();
    threats.0 = engine.threatened(&enemies).unwrap_or_default();
}

fn draw(threats: Res<Threats>, layout: Res<BoardLayout>, mut gizmos: Gizmos) {
    for &sq in &threats.0 {
        gizmos.rect_2d(
            Isometry2d::from_translation(layout.square_center(sq)),
            Vec2::splat(SQUARE - 20.0),
            THREAT,
        );
    }
}
