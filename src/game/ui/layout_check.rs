//! The HUD laid out as the window lays it out, headless: no two texts a player reads may
//! overlap, at 1280x800 with the UI at 75 %, 100 % and 200 %, and in the browser's smallest
//! window (1024x640).

use bevy::camera::RenderTargetInfo;
use bevy::prelude::*;
use bevy::ui::{CalculatedClip, ComputedNode, UiGlobalTransform};
use bevy::window::{ExitCondition, WindowResolution};
use steelgrid_rules::creature::Side;
use steelgrid_rules::grid::Square;

use crate::game::battle::handoff::Players;
use crate::game::screens::{self, Screen};
use crate::game::settings::Settings;
use crate::game::testing::{default_after, heroes_first};
use crate::game::view::cursor::{HoverPin, STATUS_BAR_PX};

/// The battle of the default scenario on Brann's turn, laid out in a window of `w`x`h`
/// logical pixels with the UI at `scale`, after a few frames.
fn battle(w: u32, h: u32, scale: f32) -> App {
    let mut app = App::new();
    app.add_plugins(
        DefaultPlugins
            .build()
            .disable::<bevy::winit::WinitPlugin>()
            // Layout needs no pixels drawn: no renderer, no GPU.
            .disable::<bevy::render::RenderPlugin>()
            .disable::<bevy::render::pipelined_rendering::PipelinedRenderingPlugin>()
            .disable::<bevy::core_pipeline::CorePipelinePlugin>()
            .disable::<bevy::sprite_render::SpriteRenderPlugin>()
            .disable::<bevy::ui_render::UiRenderPlugin>()
            .disable::<bevy::gizmos_render::GizmoRenderPlugin>()
            .set(WindowPlugin {
                primary_window: Some(Window {
                    resolution: WindowResolution::new(w, h),
                    ..default()
                }),
                exit_condition: ExitCondition::DontExit,
                close_when_requested: false,
                ..default()
            }),
    );
    // What the renderer's plugins would have done: register the tokens' materials and size
    // each camera's target from the window.
    app.init_asset::<ColorMaterial>()
        .add_systems(First, window_sized_cameras);
    super::super::battle_plugins(&mut app, Screen::Battle, Vec::new());
    // Brann's turn, the pointer on a goblin beyond his reach: the prompt, the action bar, the
    // tracker, the log, the hover's words and its card all on screen.
    let game = default_after(heroes_first("brann"));
    screens::start(
        app.world_mut(),
        game,
        vec![Side::Director],
        Players::default(),
        None,
    );
    let settings = Settings {
        ui_scale: scale,
        ..Settings::default()
    };
    crate::game::settings::pin(&mut app, settings);
    app.insert_resource(HoverPin(Square::new(10, 2)));
    for _ in 0..6 {
        app.update();
    }
    app
}

/// Each camera draws into the window, at its size (the renderer's camera system, without one).
fn window_sized_cameras(window: Single<&Window>, mut cameras: Query<&mut Camera>) {
    let info = RenderTargetInfo {
        physical_size: window.physical_size(),
        scale_factor: window.scale_factor(),
    };
    for mut camera in &mut cameras {
        camera.computed.target_info = Some(info.clone());
    }
}

/// Every text on screen: its words and the rectangle it shows in, cut by the panels that clip
/// it, in physical pixels.
fn shown_texts(app: &mut App) -> Vec<(String, Rect)> {
    let world = app.world_mut();
    let mut tooltip = world.query_filtered::<Entity, With<super::tooltip::Tooltip>>();
    let tooltip = tooltip.single(world).ok();
    let mut q = world.query::<(
        &Text,
        Option<&ChildOf>,
        &ComputedNode,
        &UiGlobalTransform,
        &InheritedVisibility,
        Option<&CalculatedClip>,
    )>();
    q.iter(world)
        .filter(|(t, parent, node, _, seen, _)| {
            seen.get()
                && !t.0.trim().is_empty()
                && node.size.x > 0.0
                // The tooltip's card is drawn over the board on purpose (it is checked apart).
                && parent.map(|p| p.parent()) != tooltip
        })
        .filter_map(|(t, _, node, at, _, clip)| {
            let rect = Rect::from_center_size(at.translation, node.size);
            let rect = clip.map_or(rect, |c| rect.intersect(c.clip));
            (!rect.is_empty()).then(|| (t.0.clone(), rect))
        })
        .collect()
}

/// The tooltip's card on screen, in physical pixels.
fn tooltip(app: &mut App) -> Option<Rect> {
    let world = app.world_mut();
    let mut q = world.query_filtered::<(&ComputedNode, &UiGlobalTransform, &InheritedVisibility), With<super::tooltip::Tooltip>>();
    let (node, at, seen) = q.single(world).ok()?;
    seen.get()
        .then(|| Rect::from_center_size(at.translation, node.size))
}

/// Pairs of texts whose rectangles overlap by more than a pixel each way.
fn overlaps(texts: &[(String, Rect)]) -> Vec<String> {
    let mut found = Vec::new();
    for (i, (a, ra)) in texts.iter().enumerate() {
        for (b, rb) in &texts[i + 1..] {
            let both = ra.intersect(*rb);
            if both.width() > 1.0 && both.height() > 1.0 {
                found.push(format!("{a:?} at {ra:?} and {b:?} at {rb:?}"));
            }
        }
    }
    found
}

#[test]
fn no_two_hud_texts_overlap_at_three_ui_scales_and_in_the_browsers_smallest_window() {
    let mut failed = Vec::new();
    for (w, h, scale) in [
        (1280, 800, 0.75),
        (1280, 800, 1.0),
        (1280, 800, 2.0),
        (1024, 640, 1.0),
    ] {
        let mut app = battle(w, h, scale);
        let texts = shown_texts(&mut app);
        assert!(texts.len() > 20, "the HUD is laid out: {texts:?}");
        let mut found = overlaps(&texts);
        // The card stays inside the window and below the status bar.
        let card = tooltip(&mut app).expect("the pointer rests on a goblin: its card shows");
        let window = Rect::new(0.0, 0.0, w as f32, h as f32);
        let bar = STATUS_BAR_PX * scale;
        if window.intersect(card) != card || card.min.y < bar {
            found.push(format!("the tooltip at {card:?} leaves the board"));
        }
        if !found.is_empty() {
            failed.push(format!("{w}x{h} at {scale}:\n{}", found.join("\n")));
        }
    }
    assert!(failed.is_empty(), "{}", failed.join("\n\n"));
}
