//! The window for a D&D Miniatures skirmish (seed 000): the same board, camera and icons as the
//! other rulesets', the DDM terrain tinted over it, the victory areas outlined with their names
//! and points, tokens with hit points, defense, bloodied and champion marks (riders drawn on
//! their mounts, big creatures over their 2×2 or 3×3 space), the round, the stage and the
//! block's activations with each round's initiative roll, the hit chance with every modifier
//! by reason, the squares an area attack would cover, the log with each event's rule, and the
//! AI for the seats it plays (people play the others, hot-seat). It renders what the engine
//! reports and sends it commands; it computes no rule.

mod panels;
mod play;
mod tokens;
mod words;

use std::process::ExitCode;

use bevy::prelude::*;
use steelgrid_miniatures::battle::{Battle, Command};
use steelgrid_miniatures::round::Player;
use steelgrid_rules::grid::Square;

use super::view::board::{BoardLayout, spawn_map};

/// How the Miniatures window is opened (the command line's `play` options that apply to it).
pub struct Launch {
    pub title: String,
    pub screenshot: Option<std::path::PathBuf>,
    pub screenshot_after: f32,
    /// The players the AI plays; people play the others at this screen.
    pub ai_players: Vec<Player>,
    pub hover: Option<Square>,
    pub keys: Vec<KeyCode>,
    /// A demonstration's commands, played one by one with its narration beside them.
    pub demo: Vec<Command>,
    pub narration: Vec<String>,
}

/// The skirmish being played: the Miniatures engine, the one source of truth.
#[derive(Resource)]
pub struct Table(pub Battle);

/// The scenario's name, for the status bar.
#[derive(Resource)]
struct Title(String);

/// The players the AI plays; people play the rest at this screen.
#[derive(Resource)]
struct AiSeats(Vec<Player>);

/// What the skirmish's systems do each frame, in order.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Step {
    /// Read the pointer and the keys; send commands.
    Input,
    /// Redraw what changed.
    Present,
}

/// Open the window on a Miniatures skirmish and play until it is closed.
pub fn run(battle: Battle, launch: Launch) -> ExitCode {
    let mut app = super::ruleset_window::app(&launch.title, battle.map());
    app.configure_sets(Update, (Step::Input, Step::Present).chain())
        .insert_resource(Title(launch.title))
        .insert_resource(AiSeats(launch.ai_players))
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

/// In the browser: the round, who decides and where the miniatures stand, mirrored into the
/// page's `#status` for the browser test (as the other windows do).
#[cfg(target_arch = "wasm32")]
fn mirror_status(table: Res<Table>) {
    let battle = &table.0;
    let who = match (battle.outcome(), battle.deciding()) {
        (Some(_), _) | (None, None) => "over".to_owned(),
        (None, Some(p)) => format!("player {p:?} decides"),
    };
    crate::web::set_text(
        "status",
        &format!("Miniatures: Round {}, {who}", battle.round()),
    );
    crate::web::set_attribute("status", "data-round", &battle.round().to_string());
    let minis: Vec<String> = battle
        .minis()
        .iter()
        .filter(|m| !m.destroyed)
        .map(|m| format!("{}@{},{}", m.id, m.space.origin.x, m.space.origin.y))
        .collect();
    crate::web::set_attribute("status", "data-creatures", &minis.join(" "));
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
