//! The pause menu: Esc in a battle, once there is no mode left to cancel, stops play and puts
//! up Resume, Restart, Settings, Compendium and Quit to title over the dimmed board.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

use super::battle::restart;
use super::menu::{Ask, Focus, MenuInput, MenuSystems, VEIL, button, hints, layer, panel, text};
use super::{Pause, PlaySystems, Screen};
use crate::game::BattleSystems;
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::play::PlayMode;
use crate::game::settings::Settings;
use crate::game::ui::hud::TITLE;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        open.in_set(PlaySystems).in_set(BattleSystems::Input),
    )
    .add_systems(OnEnter(Pause::Paused), spawn)
    .add_systems(
        Update,
        choose
            .in_set(MenuSystems::Choose)
            .run_if(in_state(Pause::Paused)),
    );
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    Resume,
    Restart,
    Settings,
    Compendium,
    QuitToTitle,
}

const ENTRIES: [(Entry, &str); 5] = [
    (Entry::Resume, "Resume"),
    (Entry::Restart, "Restart the battle"),
    (Entry::Settings, "Settings"),
    (Entry::Compendium, "Compendium"),
    (Entry::QuitToTitle, "Quit to title"),
];

/// Cancel from the keyboard with no mode to cancel pauses (with a mode, play.rs drops the mode;
/// a right click only ever cancels).
fn open(
    controls: Single<&ActionState<Action>, With<Controls>>,
    mode: Res<PlayMode>,
    mouse: Res<ButtonInput<MouseButton>>,
    mut next: ResMut<NextState<Pause>>,
) {
    if controls.just_pressed(&Action::Cancel)
        && *mode == PlayMode::default()
        && mouse.get_just_pressed().next().is_none()
    {
        next.set(Pause::Paused);
    }
}

fn spawn(mut commands: Commands, mut focus: ResMut<Focus>, settings: Res<Settings>) {
    *focus = Focus(0);
    commands
        .spawn((layer(VEIL), DespawnOnExit(Pause::Paused)))
        .with_children(|screen| {
            screen.spawn(panel(440.0)).with_children(|panel| {
                panel.spawn(text("Paused", 34.0, TITLE));
                for (i, (entry, label)) in ENTRIES.into_iter().enumerate() {
                    button(panel, i, 300.0, label).insert(entry);
                }
            });
            screen.spawn(hints(&settings, Some("resume"), None));
        });
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    mut pause: ResMut<NextState<Pause>>,
    mut screen: ResMut<NextState<Screen>>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        match (input.ask, entry) {
            (Ask::Back, _) | (Ask::Choose, Entry::Resume) => pause.set(Pause::Playing),
            (Ask::Choose, Entry::Restart) => {
                commands.queue(restart);
                pause.set(Pause::Playing);
            }
            (Ask::Choose, Entry::Settings) => screen.set(Screen::Settings),
            (Ask::Choose, Entry::Compendium) => screen.set(Screen::Compendium),
            (Ask::Choose, Entry::QuitToTitle) => screen.set(Screen::Title),
            (Ask::Step(_), _) => {}
        }
    }
}
