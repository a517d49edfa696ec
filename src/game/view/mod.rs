//! The board as drawn: its tiles, the creature tokens and their animations, the overlays of
//! what may be chosen, the camera and its controls, and the square under the mouse.

pub(super) mod animation;
pub(super) mod atlas;
pub(super) mod board;
pub(super) mod camera;
pub(super) mod cursor;
pub(super) mod icons;
pub(super) mod input;
pub(super) mod overlay;
pub(super) mod threat;
pub(super) mod tokens;
