//! Every player input as a leafwing [`Action`], with all key and mouse bindings in
//! [`bindings`]. Systems read the single [`ActionState`] on the [`Controls`] entity.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default())
        .add_systems(Startup, spawn_controls);
}

/// What a player can ask for, whatever the device.
#[derive(Actionlike, PartialEq, Eq, Clone, Copy, Hash, Debug, Reflect)]
pub enum Action {
    /// Click a square: start a creature's turn, move, strike, place a push.
    Select,
    /// Start the turn of the creature picked with [`Action::NextCreature`].
    Confirm,
    /// Drop the current mode (Disengage, Knockback, ranged) and the last message.
    Cancel,
    EndTurn,
    Disengage,
    Knockback,
    CatchBreath,
    StandUp,
    /// The Defend main action.
    Defend,
    /// Heal mode: click an adjacent ally.
    Heal,
    /// Grab mode: click an adjacent creature.
    Grab,
    /// The Escape Grab maneuver.
    EscapeGrab,
    /// Let go of the creature you hold.
    Release,
    /// Aid Attack mode: click an adjacent enemy.
    AidAttack,
    /// Charge mode: click an enemy.
    Charge,
    /// Toggle ranged free strikes.
    Ranged,
    /// Aim the acting creature's first to eighth ability (its stat block's order, then the
    /// consumables it carries).
    Ability1,
    Ability2,
    Ability3,
    Ability4,
    Ability5,
    Ability6,
    Ability7,
    Ability8,
    /// Pay for the next ability's optional extra ("Spend X: …"), or not.
    Extra,
    /// Put one more surge (up to 3) on the next ability's damage; round to none.
    Surge,
    /// Spend a hero token: the save just failed succeeds, or else 2 surges for the hero on turn.
    HeroToken,
    /// Spend 2 hero tokens: the hero on turn (or just hurt) regains its recovery value.
    TokenStamina,
    /// The Hide maneuver.
    Hide,
    /// The Search maneuver.
    Search,
    /// The heroes go first (when it is the chooser's call).
    FirstSideHeroes,
    /// The Director goes first.
    FirstSideDirector,
    /// Point at the next creature whose turn can start.
    NextCreature,
    #[actionlike(DualAxis)]
    Pan,
    #[actionlike(Axis)]
    Zoom,
    /// Frame the whole board again.
    Fit,
    /// Save the game to the quicksave slot.
    Save,
    /// Take back the last command (not across a die roll).
    Undo,
    /// Replays: play or pause, one step, faster, slower.
    ReplayPlayPause,
    ReplayStep,
    ReplayFaster,
    ReplaySlower,
    /// Open a "what if" branch here (or at the command being explained); again to return.
    WhatIf,
    /// Open the explainer on the last command (or close it); step through its events.
    Explain,
    ExplainNext,
    ExplainBack,
}

/// The entity holding the input map and the action state.
#[derive(Component)]
pub struct Controls;

/// All bindings, in one place. Panning uses the arrow keys only: D is Disengage.
pub fn bindings() -> InputMap<Action> {
    InputMap::default()
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
}

fn spawn_controls(mut commands: Commands) {
    commands.spawn((Controls, Name::new("controls"), bindings()));
}

impl Action {
    /// The ability slot (0-based) an ability key aims.
    pub fn ability_slot(self) -> Option<usize> {
        match self {
            Action::Ability1 => Some(0),
            Action::Ability2 => Some(1),
            Action::Ability3 => Some(2),
            Action::Ability4 => Some(3),
            Action::Ability5 => Some(4),
            Action::Ability6 => Some(5),
            Action::Ability7 => Some(6),
            Action::Ability8 => Some(7),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_button_action_is_bound() {
        let map = bindings();
        for action in [
            Action::Select,
            Action::Confirm,
            Action::Cancel,
            Action::EndTurn,
            Action::Disengage,
            Action::Knockback,
            Action::CatchBreath,
            Action::StandUp,
            Action::Defend,
            Action::Heal,
            Action::Grab,
            Action::EscapeGrab,
            Action::Release,
            Action::AidAttack,
            Action::Charge,
            Action::Ranged,
            Action::Ability1,
            Action::Ability2,
            Action::Ability3,
            Action::Ability4,
            Action::Ability5,
            Action::Ability6,
            Action::Ability7,
            Action::Ability8,
            Action::Surge,
            Action::Extra,
            Action::HeroToken,
            Action::TokenStamina,
            Action::Hide,
            Action::Search,
            Action::FirstSideHeroes,
            Action::FirstSideDirector,
            Action::NextCreature,
            Action::Fit,
            Action::Save,
            Action::Undo,
            Action::ReplayPlayPause,
            Action::ReplayStep,
            Action::ReplayFaster,
            Action::ReplaySlower,
            Action::WhatIf,
            Action::Explain,
            Action::ExplainNext,
            Action::ExplainBack,
        ] {
            assert!(
                map.get_buttonlike(&action).is_some(),
                "{action:?} is unbound"
            );
        }
        assert!(map.get_dual_axislike(&Action::Pan).is_some());
        assert!(map.get_axislike(&Action::Zoom).is_some());
    }
}
