//! The key bindings list (F1): every action with its keys. Up and Down (or the mouse) pick a
//! line, Enter or a click waits for a new key and the next key pressed is bound, Delete puts
//! the line's default keys back, Esc or F1 closes. A key taken from another action gives that
//! action the old key (see [`Bindings::rebind`]); the settings are saved with the change.
//!
//! While the list is open the game ignores its keys and buttons (the leafwing action state is
//! disabled), and it listens again only once every key is released, so the key just bound does
//! not also act.
//!
//! Any screen can open the list by inserting [`BindingsList`], and close it by removing it.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::hud::{BAR, MUTED, TEXT, TITLE};
use crate::game::battle::actions::{Action, Controls};
use crate::game::settings::{Bindings, Input, Settings, Slot};
use crate::game::view::camera::LOG_PANEL_PX;
use crate::game::view::cursor::STATUS_BAR_PX;

const SELECTED: Color = Color::srgba(1.0, 1.0, 1.0, 0.10);
const WAITING: Color = Color::srgba(0.94, 0.89, 0.26, 0.30);
const KEYS: Color = Color::srgb_u8(0xf0, 0xe4, 0x42);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            open_list,
            steer_list.run_if(resource_exists::<BindingsList>),
            hold_game_input,
            draw_list,
        )
            .chain(),
    );
}

/// The open bindings list: the selected line, whether it waits for a key, and what the last
/// change did.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct BindingsList {
    pub selected: usize,
    pub waiting: bool,
    pub note: String,
}

/// A line of the list, by its slot's index.
#[derive(Component)]
struct Line(usize);

/// The list's panel.
#[derive(Component)]
struct ListPanel;

fn open_list(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    list: Option<Res<BindingsList>>,
) {
    if list.is_none() && controls.just_pressed(&Action::KeyBindings) {
        commands.insert_resource(BindingsList::default());
    }
}

/// What the list does with one key press, given the slots and the selected line.
#[derive(Debug, PartialEq, Eq)]
enum Press {
    Close,
    Move(usize),
    Wait,
    Cancel,
    Bind(Slot, KeyCode),
    Restore(Slot),
    Nothing,
}

/// Lines per column.
fn column_len(slots: usize) -> usize {
    slots.div_ceil(2)
}

fn press(bindings: &Bindings, list: &BindingsList, key: KeyCode) -> Press {
    let slots = bindings.slots();
    let Some(&slot) = slots.get(list.selected) else {
        return Press::Move(0);
    };
    if list.waiting {
        return match key {
            KeyCode::Escape => Press::Cancel,
            key => Press::Bind(slot, key),
        };
    }
    let n = slots.len();
    let column = column_len(n);
    let closes = bindings
        .inputs(Slot::Action(Action::KeyBindings))
        .contains(&Input::Key(key));
    match key {
        KeyCode::Escape => Press::Close,
        _ if closes => Press::Close,
        KeyCode::ArrowDown => Press::Move((list.selected + 1) % n),
        KeyCode::ArrowUp => Press::Move((list.selected + n - 1) % n),
        KeyCode::ArrowRight | KeyCode::ArrowLeft => {
            Press::Move((list.selected + column) % (2 * column)).min(n - 1)
        }
        KeyCode::Enter | KeyCode::NumpadEnter => Press::Wait,
        KeyCode::Delete => Press::Restore(slot),
        _ => Press::Nothing,
    }
}

impl Press {
    /// A move past the last line lands on it.
    fn min(self, last: usize) -> Press {
        match self {
            Press::Move(i) => Press::Move(i.min(last)),
            other => other,
        }
    }
}

fn steer_list(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    clicked: Query<(&Interaction, &Line), Changed<Interaction>>,
    mut list: ResMut<BindingsList>,
    mut settings: ResMut<Settings>,
) {
    // The key that opened the list does not also act in it.
    if list.is_added() {
        return;
    }
    if let Some((_, line)) = clicked.iter().find(|(i, _)| **i == Interaction::Pressed) {
        list.selected = line.0;
        list.waiting = true;
    }
    let Some(&key) = keys.get_just_pressed().next() else {
        return;
    };
    match press(&settings.bindings, &list, key) {
        Press::Close => commands.remove_resource::<BindingsList>(),
        Press::Move(i) => list.selected = i,
        Press::Wait => list.waiting = true,
        Press::Cancel => {
            list.waiting = false;
            list.note.clear();
        }
        Press::Bind(slot, key) => {
            list.waiting = false;
            let mut bindings = settings.bindings.clone();
            list.note = match bindings.rebind(slot, key) {
                Ok(said) => {
                    settings.bindings = bindings;
                    said
                }
                Err(why) => format!("Not bound: {why}"),
            };
        }
        Press::Restore(slot) => {
            let mut bindings = settings.bindings.clone();
            list.note = match bindings.restore(slot) {
                Ok(said) => {
                    settings.bindings = bindings;
                    format!("Default back: {said}")
                }
                Err(why) => format!("Not restored: {why}"),
            };
        }
        Press::Nothing => {}
    }
}

/// Keep the game's actions off while the list is open, and until every key and button is
/// released after it closes.
fn hold_game_input(
    list: Option<Res<BindingsList>>,
    keys: Res<ButtonInput<KeyCode>>,
    buttons: Res<ButtonInput<MouseButton>>,
    mut controls: Single<&mut ActionState<Action>, With<Controls>>,
    mut holding: Local<bool>,
) {
    if list.is_some() {
        if !*holding {
            controls.disable();
            *holding = true;
        }
    } else if *holding && keys.get_pressed().len() == 0 && buttons.get_pressed().len() == 0 {
        controls.enable();
        *holding = false;
    }
}

fn draw_list(
    mut commands: Commands,
    list: Option<Res<BindingsList>>,
    settings: Res<Settings>,
    panels: Query<Entity, With<ListPanel>>,
) {
    let Some(list) = list else {
        for panel in &panels {
            commands.entity(panel).despawn();
        }
        return;
    };
    if !list.is_changed() && !settings.is_changed() && !panels.is_empty() {
        return;
    }
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let bindings = &settings.bindings;
    let slots = bindings.slots();
    let column = column_len(slots.len());
    let font = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    let note = if list.waiting {
        let slot = slots[list.selected.min(slots.len() - 1)];
        format!("Press the new key for {} (Esc cancels)", slot.label())
    } else if list.note.is_empty() {
        "Up/Down pick, Enter or click to change, Delete for the default, Esc closes. The mouse wheel zooms.".to_owned()
    } else {
        list.note.clone()
    };
    commands
        .spawn((
            ListPanel,
            Node {
                position_type: PositionType::Absolute,
                top: px(STATUS_BAR_PX + 8.0),
                left: px(16),
                right: px(LOG_PANEL_PX + 16.0),
                bottom: px(36),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(14)),
                row_gap: px(8),
                overflow: Overflow::clip(),
                ..default()
            },
            // Opaque: the board must not show through the lines.
            BackgroundColor(BAR.with_alpha(1.0)),
            // Above the menus too: the settings screen opens it.
            GlobalZIndex(crate::game::screens::MENU_Z + 10),
        ))
        .with_children(|panel| {
            panel.spawn((Text::new("Key bindings"), font(18.0), TextColor(TITLE)));
            panel.spawn((Text::new(note), font(13.0), TextColor(KEYS)));
            panel
                .spawn(Node {
                    column_gap: px(24),
                    ..default()
                })
                .with_children(|columns| {
                    for part in slots.chunks(column.max(1)).enumerate() {
                        let (c, chunk) = part;
                        columns
                            .spawn(Node {
                                flex_direction: FlexDirection::Column,
                                flex_grow: 1.0,
                                flex_basis: px(0),
                                row_gap: px(1),
                                ..default()
                            })
                            .with_children(|lines| {
                                for (r, &slot) in chunk.iter().enumerate() {
                                    let i = c * column + r;
                                    let background = match (i == list.selected, list.waiting) {
                                        (true, true) => WAITING,
                                        (true, false) => SELECTED,
                                        _ => Color::NONE,
                                    };
                                    lines
                                        .spawn((
                                            Button,
                                            Line(i),
                                            Node {
                                                justify_content: JustifyContent::SpaceBetween,
                                                padding: UiRect::axes(px(6), px(1)),
                                                ..default()
                                            },
                                            BackgroundColor(background),
                                        ))
                                        .with_children(|line| {
                                            line.spawn((
                                                Text::new(slot.label()),
                                                font(13.0),
                                                TextColor(TEXT),
                                            ));
                                            line.spawn((
                                                Text::new(bindings.label(slot)),
                                                font(13.0),
                                                TextColor(if i == list.selected {
                                                    KEYS
                                                } else {
                                                    MUTED
                                                }),
                                            ));
                                        });
                                }
                            });
                    }
                });
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn list(selected: usize, waiting: bool) -> BindingsList {
        BindingsList {
            selected,
            waiting,
            note: String::new(),
        }
    }

    #[test]
    fn keys_steer_the_list_and_the_next_key_is_bound() {
        let b = Bindings::default();
        let n = b.slots().len();
        let disengage = b
            .slots()
            .iter()
            .position(|&s| s == Slot::Action(Action::Disengage))
            .unwrap();
        assert_eq!(
            press(&b, &list(0, false), KeyCode::ArrowUp),
            Press::Move(n - 1)
        );
        assert_eq!(
            press(&b, &list(n - 1, false), KeyCode::ArrowDown),
            Press::Move(0)
        );
        assert_eq!(
            press(&b, &list(0, false), KeyCode::ArrowRight),
            Press::Move(column_len(n))
        );
        assert_eq!(
            press(&b, &list(disengage, false), KeyCode::Enter),
            Press::Wait
        );
        // Waiting: any key is the new one, Esc cancels; arrow keys can be bound too.
        assert_eq!(
            press(&b, &list(disengage, true), KeyCode::ArrowUp),
            Press::Bind(Slot::Action(Action::Disengage), KeyCode::ArrowUp)
        );
        assert_eq!(
            press(&b, &list(disengage, true), KeyCode::Escape),
            Press::Cancel
        );
        assert_eq!(
            press(&b, &list(disengage, true), KeyCode::F1),
            Press::Bind(Slot::Action(Action::Disengage), KeyCode::F1)
        );
        assert_eq!(press(&b, &list(3, false), KeyCode::F1), Press::Close);
        assert_eq!(press(&b, &list(3, false), KeyCode::Escape), Press::Close);
        assert_eq!(
            press(&b, &list(disengage, false), KeyCode::Delete),
            Press::Restore(Slot::Action(Action::Disengage))
        );
        assert_eq!(press(&b, &list(3, false), KeyCode::KeyQ), Press::Nothing);
    }
}
