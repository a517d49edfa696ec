//! What every menu shares: the status bar's colours and type, a column of buttons moved through
//! with the pan keys (or Tab) and chosen with Enter or a click, left and right to change the
//! focused button's setting, and Esc (or a right click) to go back. The input is the game's own
//! actions ([`Action::Pan`], [`Action::NextCreature`], [`Action::Confirm`], [`Action::Cancel`]),
//! so the player's bindings apply here too.

use bevy::camera::visibility::RenderLayers;
use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use crate::game::battle::actions::{Action, Controls};
use crate::game::settings::Direction::{Down, Left, Right, Up};
use crate::game::settings::{Settings, Slot};
use crate::game::ui::hud::{MUTED, TEXT};
use crate::game::ui::rebind::BindingsList;
use crate::game::view::camera::BoardCamera;

/// Menus are drawn above the board, its panels and the hot-seat hand-off screen.
pub const MENU_Z: i32 = 200;
/// Behind the menus outside a battle: the window's background, a shade darker.
pub const BACKDROP: Color = Color::srgb_u8(0x17, 0x1a, 0x1f);
/// Over the board, behind the pause menu and the results: it stays visible, dimmed.
pub const VEIL: Color = Color::srgba(0.04, 0.05, 0.06, 0.72);
/// A menu's panel: the status bar's colour, opaque.
pub const PANEL: Color = Color::srgb(0.06, 0.07, 0.09);
/// The focused button's edge: the yellow of the ring around the creature whose turn it is.
pub const ACCENT: Color = Color::srgb_u8(0xf0, 0xe4, 0x42);
const BUTTON: Color = Color::srgb_u8(0x2a, 0x30, 0x38);
const BUTTON_FOCUSED: Color = Color::srgb_u8(0x3b, 0x45, 0x52);
const EDGE: Color = Color::srgb_u8(0x3a, 0x41, 0x4b);

/// A menu's two steps each frame: the keys move the focus and become [`MenuInput`], then the
/// screen on show acts on that input.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MenuSystems {
    Navigate,
    Choose,
}

pub fn plugin(app: &mut App) {
    // Spawned now rather than at start-up: the title opens before start-up runs.
    spawn_menu_camera(app.world_mut());
    app.add_observer(cover_board)
        .add_observer(uncover_board)
        .init_resource::<Focus>()
        .add_message::<MenuInput>()
        .configure_sets(Update, (MenuSystems::Navigate, MenuSystems::Choose).chain())
        .add_systems(
            Update,
            (navigate.in_set(MenuSystems::Navigate), paint)
                .chain()
                .run_if(any_with_component::<MenuItem>)
                // The key bindings list, over a menu, has the input to itself.
                .run_if(not(resource_exists::<BindingsList>)),
        );
}

/// The camera of the menus that hide the whole window. Ordered below the board's camera, so
/// the battle's own panels keep that one as their default; a covering menu names it as its
/// target. It sees nothing of the world: it looks far from the board, on a layer of its own
/// (the tilemap ignores layers, but not where a camera looks).
#[derive(Component)]
struct MenuCamera;

/// A menu layer that hides the whole window: while one is up, the board's camera (the board,
/// its tokens, overlays and panels) sleeps and costs nothing to draw.
#[derive(Component)]
pub struct CoversBoard;

fn spawn_menu_camera(world: &mut World) {
    world.spawn((
        Camera2d,
        MenuCamera,
        Camera {
            order: -1,
            is_active: false,
            clear_color: ClearColorConfig::Custom(BACKDROP),
            ..default()
        },
        Msaa::Off,
        Transform::from_xyz(1.0e6, 1.0e6, 0.0),
        RenderLayers::layer(1),
    ));
}

/// A covering menu opened: the menus' camera draws it, and the board's camera sleeps.
fn cover_board(
    cover: On<Add, CoversBoard>,
    mut commands: Commands,
    mut board: Single<&mut Camera, (With<BoardCamera>, Without<MenuCamera>)>,
    menu: Single<(Entity, &mut Camera), With<MenuCamera>>,
) {
    let (menu, mut menu_camera) = menu.into_inner();
    commands.entity(cover.entity).insert(UiTargetCamera(menu));
    menu_camera.is_active = true;
    board.is_active = false;
}

/// The last covering menu closed: the board's camera draws again.
fn uncover_board(
    _: On<Remove, CoversBoard>,
    covers: Query<(), With<CoversBoard>>,
    mut board: Single<&mut Camera, (With<BoardCamera>, Without<MenuCamera>)>,
    mut menu: Single<&mut Camera, With<MenuCamera>>,
) {
    // The closing menu still counts while it is being removed.
    if covers.iter().count() <= 1 {
        menu.is_active = false;
        board.is_active = true;
    }
}

/// A button of the menu on screen, with its place in the menu's order (from 0).
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuItem(pub usize);

/// The place of the button the keyboard is on. Each menu sets it when it opens.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Focus(pub usize);

/// What the player asked of the menu on screen, about one of its buttons. Each screen acts
/// only on its own buttons, so a message left from the screen before is ignored.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct MenuInput {
    pub item: Entity,
    pub ask: Ask,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Enter on the focused button, or a click on a button.
    Choose,
    /// Left (-1) or right (+1) on the focused button.
    Step(i32),
    /// Esc or a right click (reported on the focused button).
    Back,
}

/// Which way a pan axis points: -1, 0 or 1.
fn direction(value: f32) -> i32 {
    if value > 0.5 {
        1
    } else if value < -0.5 {
        -1
    } else {
        0
    }
}

/// Turn this frame's input into focus moves and [`MenuInput`]s. A pan key moves one step each
/// time it goes down (holding it does not repeat).
pub fn navigate(
    controls: Single<&ActionState<Action>, With<Controls>>,
    motion: Res<AccumulatedMouseMotion>,
    items: Query<(Entity, &MenuItem, Ref<Interaction>)>,
    mut focus: ResMut<Focus>,
    mut held: Local<IVec2>,
    mut input: MessageWriter<MenuInput>,
) {
    for (entity, item, interaction) in &items {
        if !interaction.is_changed() {
            continue;
        }
        // The pointer takes the focus when it moves onto a button, not when a menu opens
        // under it.
        let pointed = match *interaction {
            Interaction::Pressed => true,
            Interaction::Hovered => motion.delta != Vec2::ZERO,
            Interaction::None => false,
        };
        if pointed {
            focus.set_if_neq(Focus(item.0));
        }
        if *interaction == Interaction::Pressed {
            input.write(MenuInput {
                item: entity,
                ask: Ask::Choose,
            });
        }
    }
    let pan = controls.axis_pair(&Action::Pan);
    let now = IVec2::new(direction(pan.x), direction(pan.y));
    let pressed = |now: i32, before: i32| if now != before { now } else { 0 };
    let (sideways, upward) = (pressed(now.x, held.x), pressed(now.y, held.y));
    *held = now;
    let mut moves = -upward;
    if controls.just_pressed(&Action::NextCreature) {
        moves += 1;
    }
    let count = items.iter().count() as i32;
    if moves != 0 && count > 0 {
        focus.0 = (focus.0 as i32 + moves).rem_euclid(count) as usize;
    }
    let Some((focused, ..)) = items.iter().find(|(_, item, _)| item.0 == focus.0) else {
        return;
    };
    let mut ask = |ask: Ask| {
        input.write(MenuInput { item: focused, ask });
    };
    if sideways != 0 {
        ask(Ask::Step(sideways));
    }
    if controls.just_pressed(&Action::Confirm) {
        ask(Ask::Choose);
    }
    if controls.just_pressed(&Action::Cancel) {
        ask(Ask::Back);
    }
}

/// Light up the focused button.
fn paint(
    focus: Res<Focus>,
    mut items: Query<(Ref<MenuItem>, &mut BackgroundColor, &mut BorderColor)>,
) {
    for (item, mut back, mut edge) in &mut items {
        if !focus.is_changed() && !item.is_added() {
            continue;
        }
        let focused = item.0 == focus.0;
        back.0 = if focused { BUTTON_FOCUSED } else { BUTTON };
        *edge = BorderColor::all(if focused { ACCENT } else { EDGE });
    }
}

/// A whole-window layer holding a menu, centred, in front of everything else.
pub fn layer(background: Color) -> impl Bundle {
    (
        Node {
            position_type: PositionType::Absolute,
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            row_gap: px(14),
            ..default()
        },
        BackgroundColor(background),
        GlobalZIndex(MENU_Z),
    )
}

/// A whole-window menu on the plain backdrop, hiding the board: the title, the picker, the
/// seats and the settings. The backdrop is the menus' camera's clear colour (a full-window
/// panel costs a software-rendered frame as much as the whole board).
pub fn cover() -> impl Bundle {
    (layer(Color::NONE), CoversBoard)
}

/// A framed panel in the status bar's colour, for menus over the board.
pub fn panel(width: f32) -> impl Bundle {
    (
        Node {
            width: px(width),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            padding: UiRect::axes(px(36), px(28)),
            row_gap: px(12),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(PANEL),
        BorderColor::all(EDGE),
    )
}

/// The height of a row in a menu's scrolling list ([`list_row`]).
pub const LIST_ROW: f32 = 22.0;

/// A row of a menu's scrolling list at place `index`, for the keys and the pointer alike: a
/// button `LIST_ROW` high, its children spread from left to right and cut at its edge (the
/// scenario picker's list and the encounter builder's rows).
pub fn list_row(index: usize, padding: f32) -> impl Bundle {
    (
        Button,
        MenuItem(index),
        Node {
            height: px(LIST_ROW),
            flex_shrink: 0.0,
            padding: UiRect::horizontal(px(padding)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(5)),
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            column_gap: px(10),
            overflow: Overflow::clip(),
            ..default()
        },
        BackgroundColor::default(),
        BorderColor::default(),
    )
}

/// Text in the game's font.
pub fn text(content: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(content),
        TextFont {
            font_size: FontSize::Px(size),
            ..default()
        },
        TextColor(color),
    )
}

/// A menu button `width` pixels wide at place `index`, with `label` centred on it; returns
/// the button (to add what it does).
pub fn button<'a>(
    parent: &'a mut ChildSpawnerCommands,
    index: usize,
    width: f32,
    label: impl Into<String>,
) -> EntityCommands<'a> {
    let mut button = parent.spawn((
        Button,
        MenuItem(index),
        Node {
            width: px(width),
            padding: UiRect::axes(px(18), px(9)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor(BUTTON),
        BorderColor::all(EDGE),
    ));
    button.with_child(text(label, 19.0, TEXT));
    button
}

/// The key hints under a menu, written with the player's own bindings: what Esc does there
/// (`back`, if anything) and what left and right change (`sideways`, if anything).
pub fn hints(settings: &Settings, back: Option<&str>, sideways: Option<&str>) -> impl Bundle {
    let key = |slot: Slot| settings.bindings.label(slot);
    let mut line = format!(
        "{} {} or {}: move    {} or click: choose",
        key(Slot::Pan(Up)),
        key(Slot::Pan(Down)),
        key(Slot::Action(Action::NextCreature)),
        key(Slot::Action(Action::Confirm)),
    );
    if let Some(what) = sideways {
        line += &format!(
            "    {} {}: {what}",
            key(Slot::Pan(Left)),
            key(Slot::Pan(Right))
        );
    }
    if let Some(what) = back {
        line += &format!("    {}: {what}", key(Slot::Action(Action::Cancel)));
    }
    // On a chip of its own, to read well over the board's panels too.
    (
        text(line, 14.0, MUTED),
        Node {
            align_self: AlignSelf::Center,
            margin: UiRect::top(px(18)),
            padding: UiRect::axes(px(12), px(6)),
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(PANEL),
    )
}
