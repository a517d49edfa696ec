//! The player's settings: animation speed, reduced motion, UI scale, palette and key bindings.
//! They live in the [`Settings`] resource, which any screen may read or change; a change is
//! applied at once (UI scale, bindings; the palette in `tokens.rs`, the pace in
//! `animation.rs`) and saved a moment later.
//!
//! Natively the file is `$STEELGRID_SETTINGS`, or `steelgrid/settings.ron` in the user's config
//! directory (`$XDG_CONFIG_HOME`, else `~/.config`), written whole to a temporary name and renamed
//! over the old one as saves are; in the browser it is the page's local storage
//! (`steelgrid.settings`). A file that cannot be read is reported in the status bar and the
//! defaults are used instead (it is replaced only once a setting is changed).

use std::collections::{BTreeMap, HashMap};
use std::ops::RangeInclusive;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::play::Feedback;

/// The animation speeds offered: 1 is the normal pace.
pub const ANIMATION_SPEEDS: RangeInclusive<f32> = 0.5..=4.0;
/// The UI scales offered: 1 is the normal size.
pub const UI_SCALES: RangeInclusive<f32> = 0.75..=2.0;
/// Seconds without changes before the settings are saved (a slider being dragged is saved once).
const SAVE_DELAY: f32 = 0.5;

pub fn plugin(app: &mut App) {
    let Loaded { settings, problem } = load();
    if let Some(problem) = &problem {
        warn!("{problem}");
    }
    app.insert_resource(Saved(settings.clone()))
        .insert_resource(UiScale(settings.ui_scale))
        .insert_resource(settings)
        .add_systems(
            Update,
            (apply_ui_scale, apply_bindings, save_when_changed).run_if(resource_exists::<Settings>),
        );
    if let Some(problem) = problem {
        app.add_systems(Startup, move |mut feedback: ResMut<Feedback>| {
            *feedback = Feedback::Hint(problem.clone());
        });
    }
}

/// Everything the player can set. Screens change the fields directly; out-of-range numbers are
/// clamped when loaded (see [`Settings::sanitized`]).
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Settings {
    /// How fast resolution is animated: 1 is the normal pace, 2 twice as fast; within
    /// [`ANIMATION_SPEEDS`].
    pub animation_speed: f32,
    /// No glides, shakes or rising numbers: moves are instant, damage numbers and condition
    /// flashes fade in place.
    pub reduced_motion: bool,
    /// The size of panels and their text (Bevy's `UiScale`); within [`UI_SCALES`].
    pub ui_scale: f32,
    /// The colours of the creature tokens.
    pub palette: Palette,
    /// The keys and mouse buttons of every action.
    pub bindings: Bindings,
    /// The lessons of the first battle already learned (see `ui::lessons`): each is taught
    /// until the player has done what it teaches once.
    #[serde(skip_serializing_if = "std::collections::BTreeSet::is_empty")]
    pub learned: std::collections::BTreeSet<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            animation_speed: 1.0,
            reduced_motion: false,
            ui_scale: 1.0,
            palette: Palette::Standard,
            bindings: Bindings::default(),
            learned: Default::default(),
        }
    }
}

impl Settings {
    /// The same settings with the numbers brought into their ranges (a number that is not one
    /// becomes the default).
    pub fn sanitized(mut self) -> Settings {
        let clamp = |value: f32, range: &RangeInclusive<f32>| {
            if value.is_finite() {
                value.clamp(*range.start(), *range.end())
            } else {
                1.0
            }
        };
        self.animation_speed = clamp(self.animation_speed, &ANIMATION_SPEEDS);
        self.ui_scale = clamp(self.ui_scale, &UI_SCALES);
        self
    }

    /// The settings file's text: a comment saying what it is, then the settings in RON.
    pub fn to_ron(&self) -> String {
        let body = ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default())
            .unwrap_or_else(|e| unreachable!("settings always serialize: {e}"));
        format!(
            "// Steelgrid settings. Keys are Bevy key codes (KeyA, Digit1, Space, ArrowUp, F1...),\n\
             // mouse buttons Left, Right or Middle. Each key may serve one action only.\n{body}\n"
        )
    }

    /// Read settings saved by [`Settings::to_ron`] (or written by hand). Unreadable text gives
    /// the defaults; broken bindings give the default bindings with the other settings kept;
    /// either way with a message naming `name` and the problem.
    pub fn parse(name: &str, text: &str) -> Loaded {
        let settings = match ron::from_str::<Settings>(text) {
            Ok(settings) => settings.sanitized(),
            Err(e) => {
                return Loaded {
                    settings: Settings::default(),
                    problem: Some(format!(
                        "{name}: not readable settings ({e}); using the defaults"
                    )),
                };
            }
        };
        match settings.bindings.clone().validated() {
            Ok(bindings) => Loaded {
                settings: Settings {
                    bindings,
                    ..settings
                },
                problem: None,
            },
            Err(why) => Loaded {
                settings: Settings {
                    bindings: Bindings::default(),
                    ..settings
                },
                problem: Some(format!(
                    "{name}: key bindings: {why}; using the default bindings"
                )),
            },
        }
    }
}

/// Settings as loaded, with what was wrong with the file if anything was.
#[derive(Debug)]
pub struct Loaded {
    pub settings: Settings,
    pub problem: Option<String>,
}

/// The token colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Palette {
    /// Okabe-Ito blue heroes and vermillion Director creatures: safe for the common kinds of
    /// colour blindness (side is also shown by shape).
    #[default]
    Standard,
    /// Saturated fills, pure white outlines and a brighter turn ring, for low-contrast screens
    /// and low vision.
    HighContrast,
}

/// The colours a [`Palette`] gives the tokens.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct TokenColours {
    pub hero: Color,
    pub director: Color,
    pub outline: Color,
    /// The ring around the creature whose turn it is.
    pub turn: Color,
}

impl Palette {
    pub fn tokens(self) -> TokenColours {
        match self {
            Palette::Standard => TokenColours {
                hero: Color::srgb_u8(0x00, 0x72, 0xb2),
                director: Color::srgb_u8(0xd5, 0x5e, 0x00),
                outline: Color::srgb_u8(0xf7, 0xf5, 0xf0),
                turn: Color::srgb_u8(0xf0, 0xe4, 0x42),
            },
            Palette::HighContrast => TokenColours {
                hero: Color::srgb_u8(0x00, 0x4c, 0xff),
                director: Color::srgb_u8(0xc8, 0x00, 0x00),
                outline: Color::WHITE,
                turn: Color::srgb_u8(0xff, 0xff, 0x00),
            },
        }
    }
}

/// One key or mouse button.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Input {
    Key(KeyCode),
    Mouse(MouseButton),
}

impl Input {
    fn boxed(self) -> Box<dyn Buttonlike> {
        match self {
            Input::Key(key) => Box::new(key),
            Input::Mouse(button) => Box::new(button),
        }
    }

    /// How the key is written on screen: `D`, `1`, `Space`, `Esc`, `Left click`.
    pub fn label(self) -> String {
        let key = match self {
            Input::Key(key) => key,
            Input::Mouse(MouseButton::Left) => return "Left click".into(),
            Input::Mouse(MouseButton::Right) => return "Right click".into(),
            Input::Mouse(MouseButton::Middle) => return "Middle click".into(),
            Input::Mouse(other) => return format!("Mouse {other:?}"),
        };
        let sign = match key {
            KeyCode::Escape => "Esc",
            KeyCode::Equal => "=",
            KeyCode::Minus => "-",
            KeyCode::Period => ".",
            KeyCode::Comma => ",",
            KeyCode::Slash => "/",
            KeyCode::Backslash => "\\",
            KeyCode::Semicolon => ";",
            KeyCode::Quote => "'",
            KeyCode::Backquote => "`",
            KeyCode::BracketLeft => "[",
            KeyCode::BracketRight => "]",
            KeyCode::NumpadAdd => "Num +",
            KeyCode::NumpadSubtract => "Num -",
            KeyCode::ArrowUp => "Up",
            KeyCode::ArrowDown => "Down",
            KeyCode::ArrowLeft => "Left",
            KeyCode::ArrowRight => "Right",
            _ => "",
        };
        if !sign.is_empty() {
            return sign.into();
        }
        let name = format!("{key:?}");
        ["Key", "Digit"]
            .iter()
            .find_map(|prefix| name.strip_prefix(prefix).filter(|rest| rest.len() == 1))
            .map_or_else(|| name.clone(), str::to_owned)
    }
}

/// A direction of the camera pan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Direction {
    Up,
    Down,
    Left,
    Right,
}

/// The four pan keys (a virtual d-pad).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pan {
    pub up: Input,
    pub down: Input,
    pub left: Input,
    pub right: Input,
}

impl Pan {
    fn get(&self, direction: Direction) -> Input {
        match direction {
            Direction::Up => self.up,
            Direction::Down => self.down,
            Direction::Left => self.left,
            Direction::Right => self.right,
        }
    }

    fn get_mut(&mut self, direction: Direction) -> &mut Input {
        match direction {
            Direction::Up => &mut self.up,
            Direction::Down => &mut self.down,
            Direction::Left => &mut self.left,
            Direction::Right => &mut self.right,
        }
    }
}

/// What can be bound: a button action, or one direction of the pan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Slot {
    Action(Action),
    Pan(Direction),
}

impl Slot {
    /// The slot's name for people: `End turn`, `Ability 1`, `Pan up`.
    pub fn label(self) -> String {
        let name = match self {
            Slot::Action(action) => format!("{action:?}"),
            Slot::Pan(direction) => format!("Pan{direction:?}"),
        };
        let mut label = String::new();
        for (i, ch) in name.chars().enumerate() {
            if i > 0 && (ch.is_ascii_uppercase() || ch.is_ascii_digit()) {
                label.push(' ');
                label.push(ch.to_ascii_lowercase());
            } else {
                label.push(ch);
            }
        }
        label
    }
}

/// Every binding. The mouse wheel always zooms (it is an axis, not a button).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(default, deny_unknown_fields)]
pub struct Bindings {
    /// The keys and mouse buttons of each button action. Actions missing from a file keep
    /// their default keys.
    pub actions: BTreeMap<Action, Vec<Input>>,
    /// The pan keys (the arrow keys if the file leaves them out).
    pub pan: Pan,
}

impl Default for Bindings {
    /// The game's standard keys. Panning uses the arrow keys only: D is Disengage.
    fn default() -> Self {
        use Input::{Key, Mouse};
        use KeyCode as K;
        let actions = [
            (Action::Select, vec![Mouse(MouseButton::Left)]),
            (Action::Confirm, vec![Key(K::Enter)]),
            (
                Action::Cancel,
                vec![Mouse(MouseButton::Right), Key(K::Escape)],
            ),
            (Action::EndTurn, vec![Key(K::Space), Key(K::KeyE)]),
            (Action::Disengage, vec![Key(K::KeyD)]),
            (Action::Knockback, vec![Key(K::KeyK)]),
            (Action::CatchBreath, vec![Key(K::KeyC)]),
            (Action::StandUp, vec![Key(K::KeyU)]),
            (Action::Defend, vec![Key(K::KeyF)]),
            (Action::Heal, vec![Key(K::KeyL)]),
            (Action::Grab, vec![Key(K::KeyG)]),
            (Action::EscapeGrab, vec![Key(K::KeyB)]),
            (Action::Release, vec![Key(K::KeyN)]),
            (Action::AidAttack, vec![Key(K::KeyA)]),
            (Action::Charge, vec![Key(K::KeyQ)]),
            (Action::Mount, vec![Key(K::KeyM)]),
            (Action::Dig, vec![Key(K::End)]),
            (Action::Higher, vec![Key(K::PageUp)]),
            (Action::Lower, vec![Key(K::PageDown)]),
            (Action::Ranged, vec![Key(K::KeyR)]),
            (Action::Ability1, vec![Key(K::Digit1)]),
            (Action::Ability2, vec![Key(K::Digit2)]),
            (Action::Ability3, vec![Key(K::Digit3)]),
            (Action::Ability4, vec![Key(K::Digit4)]),
            (Action::Ability5, vec![Key(K::Digit5)]),
            (Action::Ability6, vec![Key(K::Digit6)]),
            (Action::Ability7, vec![Key(K::Digit7)]),
            (Action::Ability8, vec![Key(K::Digit8)]),
            (Action::Surge, vec![Key(K::KeyS)]),
            (Action::Extra, vec![Key(K::KeyY)]),
            (Action::HeroToken, vec![Key(K::KeyT)]),
            (Action::TokenStamina, vec![Key(K::KeyV)]),
            (Action::Hide, vec![Key(K::KeyI)]),
            (Action::Search, vec![Key(K::KeyO)]),
            (Action::MakeTest, vec![Key(K::Digit9)]),
            (Action::LastStand, vec![Key(K::Digit0)]),
            (Action::FirstSideHeroes, vec![Key(K::KeyH)]),
            (Action::FirstSideDirector, vec![Key(K::KeyJ)]),
            (Action::NextCreature, vec![Key(K::Tab)]),
            (Action::Fit, vec![Key(K::Home)]),
            (Action::Save, vec![Key(K::F5)]),
            (Action::Undo, vec![Key(K::KeyZ)]),
            (Action::ReplayPlayPause, vec![Key(K::KeyP)]),
            (Action::ReplayStep, vec![Key(K::Period)]),
            (Action::ReplayFaster, vec![Key(K::Equal), Key(K::NumpadAdd)]),
            (
                Action::ReplaySlower,
                vec![Key(K::Minus), Key(K::NumpadSubtract)],
            ),
            (Action::WhatIf, vec![Key(K::KeyW)]),
            (Action::Explain, vec![Key(K::KeyX)]),
            (Action::ExplainNext, vec![Key(K::BracketRight)]),
            (Action::ExplainBack, vec![Key(K::BracketLeft)]),
            (Action::SkipAnimation, vec![Key(K::Backspace)]),
            (Action::KeyBindings, vec![Key(K::F1)]),
            (Action::Threats, vec![Key(K::F3)]),
            (Action::DirectorTools, vec![Key(K::F6)]),
        ];
        Bindings {
            actions: actions.into_iter().collect(),
            pan: Pan {
                up: Key(K::ArrowUp),
                down: Key(K::ArrowDown),
                left: Key(K::ArrowLeft),
                right: Key(K::ArrowRight),
            },
        }
    }
}

/// The gamepad layout, beside the keys (built with `--features gamepad`): A confirms and B
/// cancels, X ends the turn and Y explains, the bumpers cycle creatures and skip animations,
/// the d-pad picks the first four abilities, the left stick pans and the triggers zoom, Start
/// saves and Select undoes. The board's squares are still pointed at with the mouse.
#[cfg(feature = "gamepad")]
fn gamepad_layout(map: &mut InputMap<Action>) {
    use GamepadButton as B;
    for (action, button) in [
        (Action::Confirm, B::South),
        (Action::Cancel, B::East),
        (Action::EndTurn, B::West),
        (Action::Explain, B::North),
        (Action::NextCreature, B::RightTrigger),
        (Action::SkipAnimation, B::LeftTrigger),
        (Action::Ability1, B::DPadUp),
        (Action::Ability2, B::DPadRight),
        (Action::Ability3, B::DPadDown),
        (Action::Ability4, B::DPadLeft),
        (Action::Save, B::Start),
        (Action::Undo, B::Select),
    ] {
        map.insert(action, button);
    }
    map.insert_dual_axis(Action::Pan, GamepadStick::LEFT)
        .insert_axis(
            Action::Zoom,
            VirtualAxis::new(B::LeftTrigger2, B::RightTrigger2),
        );
}

impl Bindings {
    /// The leafwing input map these bindings make, with the mouse wheel on zoom.
    pub fn input_map(&self) -> InputMap<Action> {
        let mut map = InputMap::default();
        for (&action, inputs) in &self.actions {
            for input in inputs {
                map.insert_boxed(action, input.boxed());
            }
        }
        let pan = VirtualDPad {
            up: self.pan.up.boxed(),
            down: self.pan.down.boxed(),
            left: self.pan.left.boxed(),
            right: self.pan.right.boxed(),
            processors: Vec::new(),
        };
        map.insert_dual_axis(Action::Pan, pan)
            .insert_axis(Action::Zoom, MouseScrollAxis::Y);
        #[cfg(feature = "gamepad")]
        gamepad_layout(&mut map);
        map
    }

    /// Every slot, in the order of the bindings list: the actions, then the pan directions.
    pub fn slots(&self) -> Vec<Slot> {
        let pan = [
            Direction::Up,
            Direction::Down,
            Direction::Left,
            Direction::Right,
        ];
        self.actions
            .keys()
            .map(|&a| Slot::Action(a))
            .chain(pan.map(Slot::Pan))
            .collect()
    }

    /// The inputs bound to a slot.
    pub fn inputs(&self, slot: Slot) -> Vec<Input> {
        match slot {
            Slot::Action(action) => self.actions.get(&action).cloned().unwrap_or_default(),
            Slot::Pan(direction) => vec![self.pan.get(direction)],
        }
    }

    /// The slot's inputs as one label: `Space / E`.
    pub fn label(&self, slot: Slot) -> String {
        let labels: Vec<String> = self.inputs(slot).into_iter().map(Input::label).collect();
        labels.join(" / ")
    }

    fn set(&mut self, slot: Slot, inputs: Vec<Input>) {
        match slot {
            Slot::Action(action) => {
                self.actions.insert(action, inputs);
            }
            Slot::Pan(direction) => {
                if let Some(&first) = inputs.first() {
                    *self.pan.get_mut(direction) = first;
                }
            }
        }
    }

    /// Bind `key` to `slot` in place of its keys (its mouse buttons stay). Another slot using
    /// `key` gives it up; if that leaves it nothing, it takes the keys `slot` had (a swap).
    /// Returns what changed, in words; refused (nothing changes) if a slot would be left
    /// without any input.
    pub fn rebind(&mut self, slot: Slot, key: KeyCode) -> Result<String, String> {
        let mut inputs = vec![Input::Key(key)];
        if matches!(slot, Slot::Action(_)) {
            inputs.extend(
                self.inputs(slot)
                    .into_iter()
                    .filter(|i| matches!(i, Input::Mouse(_))),
            );
        }
        self.assign(slot, inputs)
    }

    /// Give `slot` its default inputs back, taking them from any slot that uses them (which
    /// then takes this slot's inputs if it has none left).
    pub fn restore(&mut self, slot: Slot) -> Result<String, String> {
        self.assign(slot, Bindings::default().inputs(slot))
    }

    fn assign(&mut self, slot: Slot, new: Vec<Input>) -> Result<String, String> {
        let old = self.inputs(slot);
        if old == new {
            return Ok(format!(
                "{}: {} (unchanged)",
                slot.label(),
                self.label(slot)
            ));
        }
        let mut next = self.clone();
        next.set(slot, new.clone());
        let freed: Vec<Input> = old.iter().filter(|i| !new.contains(i)).copied().collect();
        let mut notes = Vec::new();
        for other in self.slots().into_iter().filter(|&s| s != slot) {
            let had = next.inputs(other);
            if !had.iter().any(|i| new.contains(i)) {
                continue;
            }
            let mut kept: Vec<Input> = had.into_iter().filter(|i| !new.contains(i)).collect();
            if kept.is_empty() {
                kept = freed.clone();
            }
            if kept.is_empty() {
                return Err(format!("{} would be left without a key", other.label()));
            }
            next.set(other, kept);
            notes.push(format!("{} now {}", other.label(), next.label(other)));
        }
        next.clone().validated()?;
        *self = next;
        let mut message = format!("{}: {}", slot.label(), self.label(slot));
        if !notes.is_empty() {
            message.push_str(&format!(" ({})", notes.join(", ")));
        }
        Ok(message)
    }

    /// Check bindings read from a file: actions missing from it get their default keys; every
    /// action needs an input, axes cannot be bound as buttons, and no key may serve two
    /// actions. The first problem found is the error.
    pub fn validated(mut self) -> Result<Bindings, String> {
        for (action, inputs) in Bindings::default().actions {
            self.actions.entry(action).or_insert(inputs);
        }
        let mut used: HashMap<Input, Slot> = HashMap::new();
        for slot in self.slots() {
            if let Slot::Action(action) = slot
                && action.input_control_kind() != InputControlKind::Button
            {
                return Err(format!(
                    "{action:?} is not a button (the pan keys go under `pan`, the mouse wheel zooms)"
                ));
            }
            let inputs = self.inputs(slot);
            if inputs.is_empty() {
                return Err(format!("{} has no key", slot.label()));
            }
            for input in inputs {
                if let Some(first) = used.get(&input) {
                    return Err(format!(
                        "{} is bound to both {} and {}",
                        input.label(),
                        first.label(),
                        slot.label()
                    ));
                }
                used.insert(input, slot);
            }
        }
        Ok(self)
    }
}

/// The settings as they were last loaded or saved: a difference is what there is to save.
#[derive(Resource)]
struct Saved(Settings);

/// Where the settings file is: `$STEELGRID_SETTINGS`, or `steelgrid/settings.ron` in the
/// user's config directory.
#[cfg(not(target_arch = "wasm32"))]
pub fn path() -> std::path::PathBuf {
    use std::path::PathBuf;
    if let Some(file) = std::env::var_os("STEELGRID_SETTINGS") {
        return PathBuf::from(file);
    }
    let config = std::env::var_os("XDG_CONFIG_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".config")))
        .unwrap_or_else(|| PathBuf::from("."));
    config.join("steelgrid/settings.ron")
}

/// Read the settings file at `path`; no file means the defaults, silently.
#[cfg(not(target_arch = "wasm32"))]
pub fn load_from(path: &std::path::Path) -> Loaded {
    match std::fs::read_to_string(path) {
        Ok(text) => Settings::parse(&path.display().to_string(), &text),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Loaded {
            settings: Settings::default(),
            problem: None,
        },
        Err(e) => Loaded {
            settings: Settings::default(),
            problem: Some(format!(
                "{}: cannot read the settings ({e}); using the defaults",
                path.display()
            )),
        },
    }
}

/// Write the settings to `path` atomically (temporary file, then rename).
#[cfg(not(target_arch = "wasm32"))]
pub fn save_to(path: &std::path::Path, settings: &Settings) -> Result<(), String> {
    crate::saves::write_atomically(path, settings.to_ron().as_bytes())
        .map_err(|e| format!("{}: cannot save the settings: {e}", path.display()))
}

#[cfg(not(target_arch = "wasm32"))]
fn load() -> Loaded {
    load_from(&path())
}

#[cfg(not(target_arch = "wasm32"))]
fn save(settings: &Settings) -> Result<(), String> {
    save_to(&path(), settings)
}

/// The page's stored settings, if any.
#[cfg(target_arch = "wasm32")]
fn load() -> Loaded {
    match crate::web::stored(STORAGE_SLOT) {
        Some(text) => Settings::parse("stored settings", &text),
        None => Loaded {
            settings: Settings::default(),
            problem: None,
        },
    }
}

#[cfg(target_arch = "wasm32")]
fn save(settings: &Settings) -> Result<(), String> {
    crate::web::store(STORAGE_SLOT, &settings.to_ron())
}

/// The local storage key's suffix in the browser (`steelgrid.settings`).
#[cfg(target_arch = "wasm32")]
const STORAGE_SLOT: &str = "settings";

fn apply_ui_scale(settings: Res<Settings>, mut scale: ResMut<UiScale>) {
    if settings.is_changed() && scale.0 != settings.ui_scale {
        scale.0 = settings.ui_scale;
    }
}

/// Rebuild the input map when the bindings change.
fn apply_bindings(
    settings: Res<Settings>,
    controls: Single<&mut InputMap<Action>, With<Controls>>,
    mut applied: Local<Option<Bindings>>,
) {
    if applied.as_ref() == Some(&settings.bindings) {
        return;
    }
    *controls.into_inner() = settings.bindings.input_map();
    *applied = Some(settings.bindings.clone());
}

/// Save the settings once they have stopped changing for [`SAVE_DELAY`] seconds.
/// Play with `settings` whatever the file says, and never write them (for tests).
#[cfg(test)]
pub fn pin(app: &mut App, settings: Settings) {
    app.insert_resource(Saved(settings.clone()))
        .insert_resource(UiScale(settings.ui_scale))
        .insert_resource(settings);
}

fn save_when_changed(
    time: Res<Time>,
    settings: Res<Settings>,
    mut saved: ResMut<Saved>,
    mut quiet: Local<f32>,
    mut feedback: ResMut<Feedback>,
) {
    if settings.is_changed() {
        *quiet = 0.0;
    }
    if *settings == saved.0 {
        return;
    }
    *quiet += time.delta_secs();
    if *quiet < SAVE_DELAY {
        return;
    }
    // Tried once per change: a failure is said, not retried every frame.
    saved.0 = settings.clone();
    if let Err(e) = save(&settings) {
        warn!("{e}");
        *feedback = Feedback::Hint(e);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::fs;

    fn scratch(name: &str) -> std::path::PathBuf {
        let dir =
            std::env::temp_dir().join(format!("steelgrid-settings-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    fn changed() -> Settings {
        let mut settings = Settings {
            animation_speed: 2.5,
            reduced_motion: true,
            ui_scale: 1.25,
            palette: Palette::HighContrast,
            bindings: Bindings::default(),
            learned: ["move".to_owned()].into(),
        };
        settings
            .bindings
            .rebind(Slot::Action(Action::Disengage), KeyCode::KeyM)
            .unwrap();
        settings
    }

    #[test]
    fn settings_round_trip_through_the_file_and_leave_no_temporary() {
        let dir = scratch("round");
        let path = dir.join("nested/settings.ron");
        let settings = changed();
        save_to(&path, &settings).unwrap();
        let loaded = load_from(&path);
        assert_eq!(loaded.problem, None);
        assert_eq!(loaded.settings, settings);
        let names: Vec<_> = fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec!["settings.ron"]);
        // Saved again over the old file.
        let defaults = Settings::default();
        save_to(&path, &defaults).unwrap();
        assert_eq!(load_from(&path).settings, defaults);
    }

    #[test]
    fn no_file_means_the_defaults_without_a_message() {
        let dir = scratch("none");
        let loaded = load_from(&dir.join("settings.ron"));
        assert_eq!(loaded.settings, Settings::default());
        assert_eq!(loaded.problem, None);
    }

    #[test]
    fn a_broken_file_falls_back_to_the_defaults_with_a_message() {
        let dir = scratch("broken");
        let path = dir.join("settings.ron");
        let text = changed().to_ron();
        fs::write(&path, &text[..text.len() / 2]).unwrap();
        let loaded = load_from(&path);
        assert_eq!(loaded.settings, Settings::default());
        let problem = loaded.problem.unwrap();
        assert!(
            problem.starts_with(&format!("{}: not readable settings", path.display())),
            "{problem}"
        );
        assert!(problem.ends_with("using the defaults"), "{problem}");

        fs::write(&path, "(animation_sped: 2.0)").unwrap();
        let problem = load_from(&path).problem.unwrap();
        assert!(problem.contains("animation_sped"), "{problem}");
    }

    #[test]
    fn a_partial_file_keeps_the_other_defaults_and_clamps_numbers() {
        let loaded = Settings::parse("s.ron", "(animation_speed: 9.0, ui_scale: 0.1)");
        assert_eq!(loaded.problem, None);
        assert_eq!(loaded.settings.animation_speed, 4.0);
        assert_eq!(loaded.settings.ui_scale, 0.75);
        assert_eq!(loaded.settings.bindings, Bindings::default());
        assert!(!loaded.settings.reduced_motion);
    }

    #[test]
    fn broken_bindings_fall_back_to_the_default_bindings_only() {
        let text = "(animation_speed: 2.0, bindings: (actions: { Disengage: [Key(KeyK)] }, \
                    pan: (up: Key(ArrowUp), down: Key(ArrowDown), left: Key(ArrowLeft), right: Key(ArrowRight))))";
        let loaded = Settings::parse("s.ron", text);
        assert_eq!(loaded.settings.animation_speed, 2.0);
        assert_eq!(loaded.settings.bindings, Bindings::default());
        assert_eq!(
            loaded.problem.as_deref(),
            Some(
                "s.ron: key bindings: K is bound to both Disengage and Knockback; using the default bindings"
            )
        );
        let empty = "(bindings: (actions: { Hide: [] }, pan: (up: Key(ArrowUp), down: Key(ArrowDown), left: Key(ArrowLeft), right: Key(ArrowRight))))";
        let problem = Settings::parse("s.ron", empty).problem.unwrap();
        assert!(problem.contains("Hide has no key"), "{problem}");
        let pan_clash = "(bindings: (actions: {}, pan: (up: Key(KeyW), down: Key(ArrowDown), left: Key(ArrowLeft), right: Key(ArrowRight))))";
        let problem = Settings::parse("s.ron", pan_clash).problem.unwrap();
        assert!(
            problem.contains("W is bound to both What if and Pan up"),
            "{problem}"
        );
        let axis = "(bindings: (actions: { Zoom: [Key(KeyM)] }, pan: (up: Key(ArrowUp), down: Key(ArrowDown), left: Key(ArrowLeft), right: Key(ArrowRight))))";
        let problem = Settings::parse("s.ron", axis).problem.unwrap();
        assert!(problem.contains("Zoom is not a button"), "{problem}");
    }

    /// The inputs the map gives a button action.
    fn bound(map: &InputMap<Action>, action: Action) -> Vec<Box<dyn Buttonlike>> {
        map.get_buttonlike(&action).cloned().unwrap_or_default()
    }

    fn key(key: KeyCode) -> Vec<Box<dyn Buttonlike>> {
        vec![Box::new(key)]
    }

    #[test]
    fn a_bindings_section_with_some_actions_keeps_the_others() {
        let text = "(bindings: (actions: { Disengage: [Key(F2)] }))";
        let loaded = Settings::parse("s.ron", text);
        assert_eq!(loaded.problem, None);
        assert_eq!(loaded.settings.bindings.pan, Bindings::default().pan);
        let map = loaded.settings.bindings.input_map();
        assert_eq!(bound(&map, Action::Disengage), key(KeyCode::F2));
        assert_eq!(bound(&map, Action::Knockback), key(KeyCode::KeyK));
    }

    #[test]
    fn the_default_bindings_make_the_games_standard_input_map() {
        // The keys the game had before bindings were settings, plus skip and the bindings list.
        let standard = InputMap::default()
            .with(Action::Select, MouseButton::Left)
            .with(Action::Confirm, KeyCode::Enter)
            .with(Action::Cancel, MouseButton::Right)
            .with(Action::Cancel, KeyCode::Escape)
            .with(Action::EndTurn, KeyCode::Space)
            .with(Action::EndTurn, KeyCode::KeyE)
            .with(Action::Disengage, KeyCode::KeyD)
            .with(Action::Knockback, KeyCode::KeyK)
            .with(Action::CatchBreath, KeyCode::KeyC)
            .with(Action::StandUp, KeyCode::KeyU)
            .with(Action::Defend, KeyCode::KeyF)
            .with(Action::Heal, KeyCode::KeyL)
            .with(Action::Grab, KeyCode::KeyG)
            .with(Action::EscapeGrab, KeyCode::KeyB)
            .with(Action::Release, KeyCode::KeyN)
            .with(Action::AidAttack, KeyCode::KeyA)
            .with(Action::Charge, KeyCode::KeyQ)
            .with(Action::Mount, KeyCode::KeyM)
            .with(Action::Dig, KeyCode::End)
            .with(Action::Higher, KeyCode::PageUp)
            .with(Action::Lower, KeyCode::PageDown)
            .with(Action::Ranged, KeyCode::KeyR)
            .with(Action::Ability1, KeyCode::Digit1)
            .with(Action::Ability2, KeyCode::Digit2)
            .with(Action::Ability3, KeyCode::Digit3)
            .with(Action::Ability4, KeyCode::Digit4)
            .with(Action::Ability5, KeyCode::Digit5)
            .with(Action::Ability6, KeyCode::Digit6)
            .with(Action::Ability7, KeyCode::Digit7)
            .with(Action::Ability8, KeyCode::Digit8)
            .with(Action::Surge, KeyCode::KeyS)
            .with(Action::Extra, KeyCode::KeyY)
            .with(Action::HeroToken, KeyCode::KeyT)
            .with(Action::TokenStamina, KeyCode::KeyV)
            .with(Action::Hide, KeyCode::KeyI)
            .with(Action::Search, KeyCode::KeyO)
            .with(Action::MakeTest, KeyCode::Digit9)
            .with(Action::LastStand, KeyCode::Digit0)
            .with(Action::FirstSideHeroes, KeyCode::KeyH)
            .with(Action::FirstSideDirector, KeyCode::KeyJ)
            .with(Action::NextCreature, KeyCode::Tab)
            .with_dual_axis(Action::Pan, VirtualDPad::arrow_keys())
            .with_axis(Action::Zoom, MouseScrollAxis::Y)
            .with(Action::Fit, KeyCode::Home)
            .with(Action::Save, KeyCode::F5)
            .with(Action::Undo, KeyCode::KeyZ)
            .with(Action::ReplayPlayPause, KeyCode::KeyP)
            .with(Action::ReplayStep, KeyCode::Period)
            .with(Action::ReplayFaster, KeyCode::Equal)
            .with(Action::ReplayFaster, KeyCode::NumpadAdd)
            .with(Action::ReplaySlower, KeyCode::Minus)
            .with(Action::ReplaySlower, KeyCode::NumpadSubtract)
            .with(Action::WhatIf, KeyCode::KeyW)
            .with(Action::Explain, KeyCode::KeyX)
            .with(Action::ExplainNext, KeyCode::BracketRight)
            .with(Action::ExplainBack, KeyCode::BracketLeft)
            .with(Action::SkipAnimation, KeyCode::Backspace)
            .with(Action::KeyBindings, KeyCode::F1)
            .with(Action::Threats, KeyCode::F3)
            .with(Action::DirectorTools, KeyCode::F6);
        assert_eq!(Bindings::default().input_map(), standard);
        assert_eq!(Bindings::default().validated(), Ok(Bindings::default()));
    }

    #[test]
    fn rebinding_takes_the_key_from_its_owner_which_gets_the_old_key() {
        let mut b = Bindings::default();
        let said = b.rebind(Slot::Action(Action::Disengage), KeyCode::KeyK);
        assert_eq!(said.as_deref(), Ok("Disengage: K (Knockback now D)"));
        assert_eq!(b.label(Slot::Action(Action::Disengage)), "K");
        assert_eq!(b.label(Slot::Action(Action::Knockback)), "D");
        // End turn had two keys: taking one leaves it the other, and nothing is swapped.
        let said = b.rebind(Slot::Action(Action::Hide), KeyCode::KeyE);
        assert_eq!(said.as_deref(), Ok("Hide: E (End turn now Space)"));
        assert_eq!(b.label(Slot::Action(Action::Hide)), "E");
        // A mouse binding stays beside the new key.
        b.rebind(Slot::Action(Action::Cancel), KeyCode::KeyM)
            .unwrap();
        assert_eq!(b.label(Slot::Action(Action::Cancel)), "M / Right click");
        // Pan directions swap like actions.
        let said = b.rebind(Slot::Pan(Direction::Up), KeyCode::KeyW);
        assert_eq!(said.as_deref(), Ok("Pan up: W (What if now Up)"));
        assert_eq!(b.clone().validated(), Ok(b.clone()));
        // And the map follows.
        let map = b.input_map();
        assert_eq!(bound(&map, Action::WhatIf), key(KeyCode::ArrowUp));
        assert_eq!(bound(&map, Action::Disengage), key(KeyCode::KeyK));
    }

    #[test]
    fn restoring_a_default_swaps_back() {
        let mut b = Bindings::default();
        b.rebind(Slot::Action(Action::Disengage), KeyCode::KeyK)
            .unwrap();
        let said = b.restore(Slot::Action(Action::Disengage));
        assert_eq!(said.as_deref(), Ok("Disengage: D (Knockback now K)"));
        assert_eq!(b, Bindings::default());
    }

    #[test]
    fn a_rebinding_that_would_leave_an_action_keyless_is_refused() {
        let mut b = Bindings::default();
        // Undo takes = from Replay faster, which keeps Num +.
        b.rebind(Slot::Action(Action::Undo), KeyCode::Equal)
            .unwrap();
        assert_eq!(b.label(Slot::Action(Action::ReplayFaster)), "Num +");
        // Restoring Replay faster (= and Num +) would take = back from Undo, and frees no key
        // of Replay faster's for Undo to take instead.
        let before = b.clone();
        let said = b.restore(Slot::Action(Action::ReplayFaster));
        assert_eq!(said, Err("Undo would be left without a key".to_owned()));
        assert_eq!(b, before);
    }

    #[test]
    fn keys_and_slots_read_well() {
        assert_eq!(Input::Key(KeyCode::KeyD).label(), "D");
        assert_eq!(Input::Key(KeyCode::Digit1).label(), "1");
        assert_eq!(Input::Key(KeyCode::F5).label(), "F5");
        assert_eq!(Input::Key(KeyCode::Backspace).label(), "Backspace");
        assert_eq!(Input::Mouse(MouseButton::Right).label(), "Right click");
        assert_eq!(Slot::Action(Action::EndTurn).label(), "End turn");
        assert_eq!(Slot::Action(Action::Ability3).label(), "Ability 3");
        assert_eq!(Slot::Pan(Direction::Left).label(), "Pan left");
        assert_eq!(
            Bindings::default().label(Slot::Action(Action::EndTurn)),
            "Space / E"
        );
    }
}
