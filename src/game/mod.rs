//! The game window: a Bevy app that draws the battle map of a scenario, its creatures, a
//! status bar and the event log, and lets both sides play hot-seat. The rules engine lives in
//! the [`Rules`] resource; everything here renders what the engine reports and sends it
//! commands, and never computes a rule itself.

mod battle;
pub mod d20;
mod frame_bench;
pub mod miniatures;
mod ruleset_window;
mod screens;
mod screenshot;
mod settings;
#[cfg(test)]
mod testing;
mod ui;
mod view;
#[cfg(target_arch = "wasm32")]
mod web_page;

use std::process::{ExitCode, Termination};

use bevy::asset::AssetMetaCheck;
use bevy::prelude::*;
use bevy::window::WindowResolution;
use steelgrid_rules::StateView;
use steelgrid_rules::record::Game;

pub use screens::Screen;

/// How the window is opened.
pub struct LaunchOptions {
    /// Save a PNG of the primary window to this path once the board has been drawn, then exit.
    pub screenshot: Option<std::path::PathBuf>,
    /// Seconds of play before the screenshot.
    pub screenshot_after: f32,
    /// Catch animations part-way in the screenshot instead of finishing them.
    pub screenshot_live: bool,
    /// The sides the AI plays; people play the others at this screen.
    pub ai_sides: Vec<steelgrid_rules::creature::Side>,
    /// A replay to watch from the start of `game`, with play, pause and step controls.
    pub replay: Option<steelgrid_rules::record::Record>,
    /// Open the explainer on the last command played, at this event (from 1).
    pub explain: Option<usize>,
    /// Aim the acting creature's ability in this slot (from 1) at this square, as if chosen
    /// with its key and pointed at with the mouse.
    pub aim: Option<(usize, steelgrid_rules::grid::Square)>,
    /// How many heroes' players share the heroes at a hot-seat screen (each hero to one of
    /// them in turn).
    pub players: u8,
    /// Hold the pointer over this square, as if the mouse rested there.
    pub hover: Option<steelgrid_rules::grid::Square>,
    /// The screen the window opens on: the battle, or a menu (with `game` behind it, and as
    /// the scenario the menus start from).
    pub screen: Screen,
    /// Keys to press one after another once the window runs, as a player would.
    pub keys: Vec<KeyCode>,
    /// Time this many frames once the board is drawn, print the median and p99, and exit.
    pub bench_frames: Option<u32>,
}

/// The game being played: the rules engine (the single source of truth for the encounter) and
/// the command log that saves, replays and undo are made of.
#[derive(Resource)]
pub struct Rules(pub Game);

/// The state last published by [`Rules`]; tokens and the HUD are drawn from it.
#[derive(Resource)]
pub struct CurrentState(pub StateView);

/// Window background, around the board.
const BACKGROUND: Color = Color::srgb_u8(0x1d, 0x21, 0x27);

/// Open the game window on a running encounter and play until it is closed.
pub fn run(game: Game, options: LaunchOptions) -> ExitCode {
    let explain = options
        .explain
        .and_then(|n| ui::explainer::Explaining::last(&game, n.saturating_sub(1)));

    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: "Steelgrid".into(),
                    resolution: WindowResolution::new(1280, 800),
                    // In the browser: draw into the page's canvas and follow its size.
                    canvas: Some("#steelgrid".into()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            // Every texture is drawn in code: no asset files, so no `.meta` files to look for
            // (on the web each lookup would be a failed request).
            .set(AssetPlugin {
                meta_check: AssetMetaCheck::Never,
                ..default()
            }),
    )
    .insert_resource(ClearColor(BACKGROUND));
    battle_plugins(&mut app, options.screen, options.keys);
    #[cfg(target_arch = "wasm32")]
    app.add_plugins(web_page::plugin);
    let game = game;
    let heroes = battle::handoff::heroes(&game.engine().state());
    let players = battle::handoff::Players::dealt(&heroes, options.players);
    screens::start(
        app.world_mut(),
        game,
        options.ai_sides,
        players,
        options.replay,
    );
    if let Some(open) = explain {
        app.insert_resource(open);
    }
    if let Some((slot, square)) = options.aim {
        app.insert_resource(battle::play::PlayMode {
            tool: battle::play::Tool::Ability(slot.saturating_sub(1)),
            ..default()
        });
        app.insert_resource(view::cursor::HoverPin(square));
    }
    if let Some(square) = options.hover {
        app.insert_resource(view::cursor::HoverPin(square));
    }
    if let Some(frames) = options.bench_frames {
        app.add_plugins(frame_bench::FrameBenchPlugin { frames });
    }
    if let Some(path) = options.screenshot {
        app.add_plugins(screenshot::ScreenshotPlugin {
            path,
            after: options.screenshot_after,
            live: options.screenshot_live,
        });
    }
    app.run().report()
}

/// The game's own plugins, over Bevy's: the board, the HUD, the battle and the screens.
fn battle_plugins(app: &mut App, first: Screen, keys: Vec<KeyCode>) {
    app.add_plugins(stages)
        .add_plugins((
            view::board::plugin,
            view::tokens::plugin,
            ui::hud::plugin,
            view::camera::plugin,
            battle::actions::plugin,
            view::input::plugin,
            view::cursor::plugin,
            battle::play::plugin,
            battle::choices::plugin,
            view::overlay::plugin,
            ui::log::plugin,
            ui::action_bar::plugin,
            ui::tracker::plugin,
            battle::ai_seat::plugin,
        ))
        .add_plugins((
            battle::records::plugin,
            battle::handoff::plugin,
            ui::explainer::plugin,
            battle::demo::plugin,
            settings::plugin,
            view::animation::plugin,
            ui::rebind::plugin,
            ui::tooltip::plugin,
            view::threat::plugin,
            ui::legend::plugin,
            ui::lessons::plugin,
            battle::director_tools::plugin,
            screens::ScreensPlugin { first, keys },
        ));
}

/// Every icon the game carries, by name (for `steelgrid check`, which the browser has not).
#[cfg(not(target_arch = "wasm32"))]
pub fn icon_names() -> Vec<&'static str> {
    view::icons::names().collect()
}

/// The battle's stages each frame, in this order. Every battle system is put in one where it is
/// added; the order between stages is set here alone, so a system orders itself only against
/// others of its own stage.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BattleSystems {
    /// Read the players' keys into the client's own state: the camera, the pause menu.
    Input,
    /// Touch the engine: a person's action, the AI's, a demonstration's or replay's next step,
    /// undo, saves and what-if branches.
    Command,
    /// Publish the engine's state as [`CurrentState`].
    Publish,
    /// Work out from the published state what to show: whose seat has the screen, what may be
    /// chosen and previewed, the record line, the animations to play, the explainer's event.
    Follow,
    /// Draw it: the board, tokens, overlays, the HUD, the log and the panels.
    Present,
}

/// Order the [`BattleSystems`] stages and publish the engine's state in its own.
fn stages(app: &mut App) {
    app.configure_sets(
        Update,
        (
            BattleSystems::Input,
            BattleSystems::Command,
            BattleSystems::Publish,
            BattleSystems::Follow,
            BattleSystems::Present,
        )
            .chain(),
    )
    .add_systems(
        Update,
        publish_state
            .in_set(BattleSystems::Publish)
            .run_if(resource_changed::<Rules>),
    );
}

/// Publish the engine's state whenever the engine has been touched.
fn publish_state(rules: Res<Rules>, mut state: ResMut<CurrentState>) {
    state.0 = rules.0.engine().state();
}
