//! `--keys`: press keys one after another, as a player would, once the window runs — to take
//! screenshots of the menus and of what they lead to.

use std::collections::VecDeque;

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput, NativeKey};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// Seconds before the first key, and between keys.
const FIRST: f32 = 1.0;
const BETWEEN: f32 = 0.4;

/// The keys still to press, and the one held down this frame.
#[derive(Resource)]
pub struct KeyScript {
    keys: VecDeque<KeyCode>,
    down: Option<KeyCode>,
    wait: Timer,
}

impl KeyScript {
    pub fn new(keys: Vec<KeyCode>) -> Self {
        Self {
            keys: keys.into(),
            down: None,
            wait: Timer::from_seconds(FIRST, TimerMode::Once),
        }
    }
}

pub fn plugin(app: &mut App) {
    app.add_systems(Update, press_keys.run_if(resource_exists::<KeyScript>));
}

/// The character a letter, digit or space key types (lower case), so a script can type a
/// search.
fn typed(key: KeyCode) -> Option<String> {
    let debug = format!("{key:?}");
    let ch = match key {
        KeyCode::Space => ' ',
        _ => {
            let rest = debug
                .strip_prefix("Key")
                .or_else(|| debug.strip_prefix("Digit"))?;
            let mut chars = rest.chars();
            let ch = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            ch.to_ascii_lowercase()
        }
    };
    Some(ch.to_string())
}

/// Each key goes down for one frame, then up; the next follows [`BETWEEN`] seconds later.
fn press_keys(
    mut commands: Commands,
    time: Res<Time>,
    mut script: ResMut<KeyScript>,
    window: Single<Entity, With<PrimaryWindow>>,
    mut input: MessageWriter<KeyboardInput>,
) {
    let mut send = |key_code: KeyCode, state: ButtonState| {
        let typed = typed(key_code).filter(|_| state.is_pressed());
        input.write(KeyboardInput {
            key_code,
            logical_key: typed
                .clone()
                .map_or(Key::Unidentified(NativeKey::Unidentified), |t| {
                    Key::Character(t.into())
                }),
            state,
            text: typed.map(Into::into),
            repeat: false,
            window: *window,
        });
    };
    if let Some(key) = script.down.take() {
        send(key, ButtonState::Released);
        return;
    }
    if !script.wait.tick(time.delta()).is_finished() {
        return;
    }
    match script.keys.pop_front() {
        Some(key) => {
            send(key, ButtonState::Pressed);
            script.down = Some(key);
            script.wait = Timer::from_seconds(BETWEEN, TimerMode::Once);
        }
        None => commands.remove_resource::<KeyScript>(),
    }
}
