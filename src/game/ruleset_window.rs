//! The window shell the d20 and Miniatures rulesets share: Bevy with only the 2D features the
//! game uses, the page canvas in the browser, the tilemap, the board's layout for the scenario's
//! map, the camera and the icons; and at the end the screenshot the command line asks for. Each
//! ruleset adds its own tokens, panels and input in between.

use std::path::PathBuf;
use std::process::{ExitCode, Termination};

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use bevy_ecs_tilemap::TilemapPlugin;
use steelgrid_rules::grid::Map;

use super::view::board::BoardLayout;

/// An app with the window titled after the scenario, the board laid out for `map`, the camera
/// and the icons.
pub fn app(title: &str, map: &Map) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: format!("Steelgrid — {title}"),
                    resolution: WindowResolution::new(1280, 800),
                    canvas: Some("#steelgrid".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .add_plugins(TilemapPlugin)
    .insert_resource(ClearColor(super::BACKGROUND))
    .init_resource::<super::view::icons::Icons>()
    .insert_resource(BoardLayout::new(map))
    .add_plugins(super::view::camera::plugin);
    app
}

/// Take the screenshot asked for, if any, and run the window until it is closed.
pub fn run(mut app: App, screenshot: Option<PathBuf>, after: f32) -> ExitCode {
    if let Some(path) = screenshot {
        app.add_plugins(super::screenshot::ScreenshotPlugin {
            path,
            after,
            live: false,
        });
    }
    app.run().report()
}
