//! The settings screen, from the title or the pause menu: animation speed, reduced motion, UI
//! scale and palette are changed in place with left and right (or Enter, or a click), the key
//! bindings in their own list. A change applies at once and is saved by `settings.rs`.

use bevy::prelude::*;

use super::menu::{Ask, Focus, MenuInput, MenuItem, MenuSystems, button, cover, hints, text};
use super::{Pause, Screen};
use crate::game::battle::actions::Action;
use crate::game::settings::{ANIMATION_SPEEDS, Palette, Settings, Slot, UI_SCALES};
use crate::game::ui::hud::{MUTED, TEXT, TITLE};
use crate::game::ui::rebind::BindingsList;

/// How much one step changes the animation speed and the UI scale.
const SPEED_STEP: f32 = 0.25;
const SCALE_STEP: f32 = 0.25;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Settings), spawn)
        .add_systems(
            Update,
            (choose, show_values, hide_under_bindings)
                .chain()
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Settings)),
        );
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    AnimationSpeed,
    ReducedMotion,
    UiScale,
    Palette,
    KeyBindings,
    Back,
}

/// The settings with a value, in the screen's order.
const VALUES: [(Entry, &str); 4] = [
    (Entry::AnimationSpeed, "Animation speed"),
    (Entry::ReducedMotion, "Reduced motion"),
    (Entry::UiScale, "UI scale"),
    (Entry::Palette, "Token colours"),
];

/// The text showing a setting's value.
#[derive(Component)]
struct Value(Entry);

/// `value` moved `steps` steps of `step` within `range`, wrapping past either end (so Enter
/// alone goes round every value).
fn stepped(value: f32, steps: i32, step: f32, range: &std::ops::RangeInclusive<f32>) -> f32 {
    let (low, high) = (*range.start(), *range.end());
    let count = ((high - low) / step).round() as i32 + 1;
    let at = ((value - low) / step).round() as i32;
    low + (at + steps).rem_euclid(count) as f32 * step
}

/// Change one setting by `steps` (Enter and a click step forward).
fn change(settings: &mut Settings, entry: Entry, steps: i32) {
    match entry {
        Entry::AnimationSpeed => {
            settings.animation_speed = stepped(
                settings.animation_speed,
                steps,
                SPEED_STEP,
                &ANIMATION_SPEEDS,
            );
        }
        Entry::UiScale => {
            settings.ui_scale = stepped(settings.ui_scale, steps, SCALE_STEP, &UI_SCALES);
        }
        Entry::ReducedMotion => settings.reduced_motion = !settings.reduced_motion,
        Entry::Palette => {
            settings.palette = match settings.palette {
                Palette::Standard => Palette::HighContrast,
                Palette::HighContrast => Palette::Standard,
            };
        }
        Entry::KeyBindings | Entry::Back => {}
    }
}

/// A setting's value as the screen writes it.
fn value(settings: &Settings, entry: Entry) -> String {
    match entry {
        Entry::AnimationSpeed => format!("< {:.2}x >", settings.animation_speed),
        Entry::UiScale => format!("< {:.0}% >", settings.ui_scale * 100.0),
        Entry::ReducedMotion => if settings.reduced_motion {
            "< On >"
        } else {
            "< Off >"
        }
        .to_owned(),
        Entry::Palette => match settings.palette {
            Palette::Standard => "< Standard >",
            Palette::HighContrast => "< High contrast >",
        }
        .to_owned(),
        Entry::KeyBindings | Entry::Back => String::new(),
    }
}

fn spawn(mut commands: Commands, mut focus: ResMut<Focus>, settings: Res<Settings>) {
    *focus = Focus(0);
    commands
        .spawn((cover(), DespawnOnExit(Screen::Settings)))
        .with_children(|layer| {
            let mut body = layer.spawn((
                Body,
                Node {
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(14),
                    ..default()
                },
            ));
            body.with_children(|screen| {
                screen.spawn((
                    text("Settings", 34.0, TITLE),
                    Node {
                        margin: UiRect::bottom(px(12)),
                        ..default()
                    },
                ));
                for (i, (entry, label)) in VALUES.into_iter().enumerate() {
                    screen
                        .spawn((
                            Button,
                            MenuItem(i),
                            entry,
                            Node {
                                width: px(520),
                                padding: UiRect::axes(px(20), px(10)),
                                border: UiRect::all(px(2)),
                                border_radius: BorderRadius::all(px(6)),
                                justify_content: JustifyContent::SpaceBetween,
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            BackgroundColor::default(),
                            BorderColor::default(),
                        ))
                        .with_children(|row| {
                            row.spawn(text(label, 19.0, TEXT));
                            row.spawn((text(value(&settings, entry), 19.0, TITLE), Value(entry)));
                        });
                }
                let bindings = format!(
                    "Key bindings... ({})",
                    settings.bindings.label(Slot::Action(Action::KeyBindings))
                );
                button(screen, VALUES.len(), 520.0, bindings).insert(Entry::KeyBindings);
                button(screen, VALUES.len() + 1, 520.0, "Back").insert(Entry::Back);
                screen.spawn((
                    text(
                        "Changes apply at once and are kept for the next time.",
                        15.0,
                        MUTED,
                    ),
                    Node {
                        margin: UiRect::top(px(8)),
                        ..default()
                    },
                ));
                screen.spawn(hints(&settings, Some("back"), Some("change")));
            });
        });
}

/// The screen's content, hidden while the key bindings list is open over it.
#[derive(Component)]
struct Body;

fn hide_under_bindings(
    list: Option<Res<BindingsList>>,
    mut body: Single<&mut Visibility, With<Body>>,
) {
    body.set_if_neq(if list.is_some() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    });
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    mut settings: ResMut<Settings>,
    previous: Option<Res<PreviousState<Screen>>>,
    mut screen: ResMut<NextState<Screen>>,
    mut pause: ResMut<NextState<Pause>>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        match (input.ask, entry) {
            (Ask::Back, _) | (Ask::Choose, Entry::Back) => {
                // Back where the screen was opened from: the title, or the paused battle.
                if previous.as_deref().map(PreviousState::get) == Some(&Screen::Battle) {
                    screen.set(Screen::Battle);
                    pause.set(Pause::Paused);
                } else {
                    screen.set(Screen::Title);
                }
            }
            (Ask::Choose, Entry::KeyBindings) => commands.insert_resource(BindingsList::default()),
            (Ask::Choose, entry) => change(&mut settings, entry, 1),
            (Ask::Step(steps), entry) => change(&mut settings, entry, steps),
        }
    }
}

fn show_values(settings: Res<Settings>, mut values: Query<(&mut Text, &Value)>) {
    if !settings.is_changed() {
        return;
    }
    for (mut text, shown) in &mut values {
        text.0 = value(&settings, shown.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn steps_stay_on_the_grid_and_wrap_at_the_ends() {
        assert_eq!(stepped(1.0, 1, 0.25, &ANIMATION_SPEEDS), 1.25);
        assert_eq!(stepped(1.0, -2, 0.25, &ANIMATION_SPEEDS), 0.5);
        assert_eq!(stepped(4.0, 1, 0.25, &ANIMATION_SPEEDS), 0.5);
        assert_eq!(stepped(0.5, -1, 0.25, &ANIMATION_SPEEDS), 4.0);
        assert_eq!(stepped(2.0, 1, 0.25, &UI_SCALES), 0.75);
        let mut settings = Settings::default();
        change(&mut settings, Entry::Palette, 1);
        change(&mut settings, Entry::ReducedMotion, -1);
        assert_eq!(settings.palette, Palette::HighContrast);
        assert!(settings.reduced_motion);
        assert_eq!(value(&settings, Entry::UiScale), "< 100% >");
    }
}
