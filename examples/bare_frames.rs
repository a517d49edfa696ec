//! The frame floor the game is measured against: a bare Bevy 2D app with the game's features, its
//! window size, a camera without MSAA, 1,024 sprites and one text, timed like
//! `steelgrid play … --bench-frames N`.
//!
//! `cargo run --release --example bare_frames -- 600` (under Xvfb: `DISPLAY=:99`).

use bevy::prelude::*;
use bevy::window::WindowResolution;

#[path = "../src/game/frame_bench.rs"]
mod frame_bench;

fn main() {
    let frames = std::env::args()
        .nth(1)
        .and_then(|n| n.parse().ok())
        .unwrap_or(600);
    App::new()
        .add_plugins(DefaultPlugins.set(WindowPlugin {
            primary_window: Some(Window {
                resolution: WindowResolution::new(1280, 800),
                ..default()
            }),
            ..default()
        }))
        .add_plugins(frame_bench::FrameBenchPlugin { frames })
        .add_systems(Startup, spawn)
        .run();
}

fn spawn(mut commands: Commands) {
    commands.spawn((Camera2d, Msaa::Off));
    for i in 0..1024 {
        let (x, y) = ((i % 32) as f32, (i / 32) as f32);
        commands.spawn((
            Sprite::from_color(Color::hsl(x * 11.0, 0.5, 0.5), Vec2::splat(20.0)),
            Transform::from_xyz(x * 24.0 - 384.0, y * 24.0 - 384.0, 0.0),
        ));
    }
    commands.spawn(Text::new("the frame floor"));
}
