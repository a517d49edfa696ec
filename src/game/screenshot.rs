//! `--screenshot`: once the board has been drawn, save the window to a PNG and exit.
//! Animations still playing when the time comes are finished at once, so the picture shows the
//! state as it is — unless asked to catch them live (`--screenshot-live`).
//!
//! "Drawn" means every render pipeline has finished compiling (pipelines compile in the
//! background, and anything whose pipeline is not ready is silently skipped) and then a few
//! more frames have been rendered.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy::render::render_resource::PipelineCache;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};
use bevy::render::{ExtractSchedule, MainWorld, RenderApp};

/// Frames rendered with every pipeline ready before the screenshot is taken.
const SETTLE_FRAMES: u32 = 10;

/// Saves a screenshot to `path`, then exits; no sooner than `after` seconds of play (to catch
/// a demonstration or replay part-way).
pub struct ScreenshotPlugin {
    pub path: PathBuf,
    pub after: f32,
    /// Leave animations playing: the picture catches them part-way.
    pub live: bool,
}

impl Plugin for ScreenshotPlugin {
    fn build(&self, app: &mut App) {
        app.insert_resource(Pending {
            path: self.path.clone(),
            after: self.after,
            live: self.live,
            settled_frames: 0,
            requested: false,
        })
        .init_resource::<PipelinesReady>()
        .add_systems(
            Update,
            request_screenshot.in_set(super::BattleSystems::Present),
        );
        app.sub_app_mut(RenderApp)
            .add_systems(ExtractSchedule, report_pipelines);
    }
}

/// The screenshot still to take.
#[derive(Resource)]
struct Pending {
    path: PathBuf,
    after: f32,
    live: bool,
    settled_frames: u32,
    requested: bool,
}

/// Whether the render world has no pipeline left to compile, copied over each frame.
#[derive(Resource, Default)]
struct PipelinesReady(bool);

fn report_pipelines(mut main_world: ResMut<MainWorld>, pipelines: Res<PipelineCache>) {
    if let Some(mut ready) = main_world.get_resource_mut::<PipelinesReady>() {
        ready.0 = pipelines.waiting_pipelines().next().is_none();
    }
}

fn request_screenshot(
    mut commands: Commands,
    mut pending: ResMut<Pending>,
    ready: Res<PipelinesReady>,
    time: Res<Time>,
    animations: Option<ResMut<crate::game::view::animation::Animations>>,
) {
    if pending.requested || time.elapsed_secs() < pending.after {
        return;
    }
    // From now on nothing is shown part-way, whatever is still played.
    if !pending.live
        && let Some(mut animations) = animations
    {
        animations.skip();
    }
    if !ready.0 {
        pending.settled_frames = 0;
        return;
    }
    pending.settled_frames += 1;
    if pending.settled_frames < SETTLE_FRAMES {
        return;
    }
    pending.requested = true;
    let path = pending.path.clone();
    // A stale file must not pass for this run's screenshot.
    if let Err(e) = std::fs::remove_file(&path)
        && e.kind() != std::io::ErrorKind::NotFound
    {
        warn!("cannot replace {}: {e}", path.display());
    }
    let mut save = save_to_disk(path.clone());
    commands.spawn(Screenshot::primary_window()).observe(
        move |captured: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            // `save_to_disk` writes the file before returning and only logs its errors.
            save(captured);
            if path.exists() {
                exit.write(AppExit::Success);
            } else {
                error!("the screenshot was not saved to {}", path.display());
                exit.write(AppExit::error());
            }
        },
    );
}
