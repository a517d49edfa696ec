//! The window for a d20 battle (seed 001): the same board, camera and icons as Draw Steel's,
//! tokens with hit points, AC and injury badges, the squares the enemy threatens shaded, the
//! 1-2-1-2 cost of the path under the pointer, the attack preview as a hit chance with its
//! modifiers by rule, the log with each event's rule, and the AI for the seats it plays (a
//! person plays the others, hot-seat). It renders what the d20 engine reports and sends it
//! commands; it computes no rule.

mod panels;
mod play;
mod tokens;
mod words;

use std::process::ExitCode;

use bevy::prelude::*;
use steelgrid_d20::battle::Battle;
use steelgrid_rules::creature::Side;
use steelgrid_rules::grid::Square;

use super::view::board::{BoardLayout, spawn_map};

/// How the d20 window is opened (the command line's `play` options that apply to it).
pub struct Launch {
    pub title: String,
    pub screenshot: Option<std::path::PathBuf>,
    pub screenshot_after: f32,
    pub ai_sides: Vec<Side>,
    pub hover: Option<Square>,
    pub keys: Vec<KeyCode>,
    /// A demonstration's commands, played one by one with its narration beside them.
    pub demo: Vec<steelgrid_d20::battle::Command>,
    pub narration: Vec<String>,
}

/// The battle being played: the d20 engine, the one source of truth.
#[derive(Resource)]
pub struct Table(pub Battle);

/// The scenario's name, for the status bar.
#[derive(Resource)]
struct Title(String);

/// The sides the AI plays; people play the rest at this screen.
#[derive(Resource)]
struct AiSeats(Vec<Side>);

/// What the d20 battle's systems do each frame, in order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// Read the pointer and the keys; send commands.
    Input,
    /// Redraw what changed.
    Present,
}

/// Open the window on a d20 battle and play until it is closed.
pub fn run(battle: Battle, launch: Launch) -> ExitCode {
    let mut app = super::ruleset_window::app(&launch.title, battle.map());
    app.configure_sets(Update, (Step::Input, Step::Present).chain())
        .insert_resource(Title(launch.title))
        .insert_resource(AiSeats(launch.ai_sides))
        .insert_resource(Table(battle))
        .add_plugins((tokens::plugin, panels::plugin, play::plugin))
        .add_systems(Startup, draw_board);
    if let Some(square) = launch.hover {
        app.insert_resource(play::Pinned(square));
    }
    app.insert_resource(play::Keys(launch.keys.into()));
    app.insert_resource(play::Demo {
        steps: launch.demo.into(),
        played: 0,
        narration: launch.narration,
    });
    #[cfg(target_arch = "wasm32")]
    app.add_systems(Update, mirror_status.run_if(resource_changed::<Table>))
        .add_systems(PostUpdate, super::web_page::mirror_board);
    super::ruleset_window::run(app, launch.screenshot, launch.screenshot_after)
}

/// In the browser: the round and where the creatures stand, mirrored into the page's `#status`
/// for the browser test (as Draw Steel's battle does).
#[cfg(target_arch = "wasm32")]
fn mirror_status(table: Res<Table>) {
    let battle = &table.0;
    let now = battle.current().unwrap_or("nobody");
    crate::web::set_text(
        "status",
        &format!("d20: Round {}, {now}'s turn", battle.round()),
    );
    crate::web::set_attribute("status", "data-round", &battle.round().to_string());
    let creatures: Vec<String> = battle
        .creatures()
        .iter()
        .map(|c| format!("{}@{},{}", c.id, c.position.x, c.position.y))
        .collect();
    crate::web::set_attribute("status", "data-creatures", &creatures.join(" "));
}

fn draw_board(
    mut commands: Commands,
    table: Res<Table>,
    layout: Res<BoardLayout>,
    mut images: ResMut<Assets<Image>>,
) {
    spawn_map(&mut commands, table.0.map(), &layout, &mut images);
    tokens::draw_features(&mut commands, &table.0, &layout);
}
