//! Every player input as a leafwing [`Action`]; the keys and mouse buttons come from the
//! player's [`Settings`] (`settings.rs`, which also holds the defaults). Systems read the
//! single [`ActionState`] on the [`Controls`] entity.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use serde::{Deserialize, Serialize};

use crate::game::settings::Settings;

pub fn plugin(app: &mut App) {
    app.add_plugins(InputManagerPlugin::<Action>::default())
        .add_systems(Startup, spawn_controls);
}

/// What a player can ask for, whatever the device. The settings file names actions by these
/// variant names.
#[derive(
    Actionlike,
    PartialEq,
    Eq,
    PartialOrd,
    Ord,
    Clone,
    Copy,
    Hash,
    Debug,
    Reflect,
    Serialize,
    Deserialize,
)]
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
    /// Mount mode: click a creature to climb on (or one climbing you, to shake it off), or
    /// a square beside your mount to climb down.
    Mount,
    /// Dig mode: click yourself to dig (or claw dirt) to the chosen depth, a square beside to
    /// claw into, or a burrowing ally to pull it up.
    Dig,
    /// Aim a flight higher, or a dig shallower.
    Higher,
    /// Aim a flight lower, or a dig deeper.
    Lower,
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
    /// Make the test the scenario has called for, the first one the creature on turn may make.
    MakeTest,
    /// The Director breaks its forces' morale (Last-Stand Stamina, when the scenario allows it).
    LastStand,
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
    /// Finish the animations of what has been resolved at once.
    SkipAnimation,
    /// Open or close the key bindings list.
    KeyBindings,
    /// Show or hide the squares the enemies threaten.
    Threats,
    /// Open or close the Director's tools (on the Director's seat): set a creature's Stamina,
    /// give or end a condition, put it on a square, give Malice.
    DirectorTools,
}

/// The entity holding the input map and the action state.
#[derive(Component)]
pub struct Controls;

fn spawn_controls(mut commands: Commands, settings: Res<Settings>) {
    commands.spawn((
        Controls,
        Name::new("controls"),
        settings.bindings.input_map(),
    ));
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
