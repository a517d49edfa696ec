//! The action bar under the board, for the creature whose turn a person plays: its abilities
//! (number key, name, action and cost), then the moves and maneuvers every creature has and
//! End turn. What the engine would refuse now is greyed, and pointing at it says why. A click
//! presses the button's key, so the bar and the keyboard do exactly the same thing.

use bevy::prelude::*;
use bevy::ui::RelativeCursorPosition;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::engine::CreatureView;
use steelgrid_rules::{Command, StateView};

use super::hud::{self, BAR, BottomSlot, MUTED, TEXT, TITLE, bottom_slot, cost};
use super::log::ascii;
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::ai_seat::{AiSeats, ai_to_move};
use crate::game::screens::BattleMode;
use crate::game::settings::{Bindings, Settings, Slot as KeySlot};
use crate::game::view::cursor::BlocksBoard;
use crate::game::{CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_bar.after(hud::spawn_hud))
        .add_systems(
            Update,
            (
                press_clicked.in_set(crate::game::BattleSystems::Input),
                (
                    fill_bar.run_if(
                        resource_changed::<CurrentState>.or_else(resource_changed::<Settings>),
                    ),
                    describe_pointed,
                )
                    .chain()
                    .in_set(crate::game::BattleSystems::Present),
            ),
        );
}

/// One button of the bar: the key it presses, and what pointing at it says.
#[derive(Component, Clone, Debug, PartialEq, Eq)]
pub struct BarButton {
    pub action: Action,
    pub key: String,
    pub name: String,
    /// The action it takes and its cost, for an ability.
    pub detail: String,
    /// Why the engine would refuse it now.
    pub why_not: Option<String>,
}

#[derive(Component)]
struct ActionBar;

/// The two rows of buttons.
#[derive(Component)]
struct Row(usize);

/// The line over the buttons naming the one pointed at.
#[derive(Component)]
struct Pointed;

fn spawn_bar(mut commands: Commands, slots: Query<(Entity, &BottomSlot)>) {
    let Some(slot) = bottom_slot(&slots, BottomSlot::Bar) else {
        return;
    };
    commands
        .spawn((
            ActionBar,
            BlocksBoard,
            RelativeCursorPosition::default(),
            ChildOf(slot),
            Node {
                flex_grow: 1.0,
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                row_gap: px(4),
                ..default()
            },
            Visibility::Hidden,
        ))
        .with_children(|bar| {
            bar.spawn((
                Pointed,
                Text::default(),
                TextFont {
                    font_size: FontSize::Px(12.0),
                    ..default()
                },
                TextColor(TITLE),
            ));
            for row in 0..2 {
                bar.spawn((
                    Row(row),
                    Node {
                        column_gap: px(3),
                        row_gap: px(3),
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        max_width: percent(100),
                        ..default()
                    },
                ));
            }
        });
}

/// The buttons for `actor`: its abilities (at most eight, as the number keys reach), then the
/// moves and maneuvers, then End turn, each with the engine's reason when it would refuse it.
pub fn buttons(
    engine: &steelgrid_rules::Engine,
    actor: &CreatureView,
    bindings: &Bindings,
) -> (Vec<BarButton>, Vec<BarButton>) {
    const ABILITY_KEYS: [Action; 8] = [
        Action::Ability1,
        Action::Ability2,
        Action::Ability3,
        Action::Ability4,
        Action::Ability5,
        Action::Ability6,
        Action::Ability7,
        Action::Ability8,
    ];
    let key = |action: Action| {
        let inputs = bindings.inputs(KeySlot::Action(action));
        inputs.first().map_or_else(String::new, |i| i.label())
    };
    let id = actor.id.clone();
    let abilities = actor
        .abilities
        .iter()
        .zip(ABILITY_KEYS)
        .map(|(a, action)| BarButton {
            action,
            key: key(action),
            name: a.name.clone(),
            detail: format!("{}{}", a.action.name(), cost(a)),
            why_not: engine.ability_ready(&id, &a.id).err().map(|e| e.reason),
        })
        .collect();
    let nobody = String::new;
    let tools = [
        (
            Action::Disengage,
            "Disengage",
            Command::Disengage {
                creature: id.clone(),
                path: Vec::new(),
            },
        ),
        (
            Action::Charge,
            "Charge",
            Command::Charge {
                creature: id.clone(),
                path: Vec::new(),
                target: nobody(),
            },
        ),
        (
            Action::Knockback,
            "Knockback",
            Command::Knockback {
                creature: id.clone(),
                target: nobody(),
            },
        ),
        (
            Action::Grab,
            "Grab",
            Command::Grab {
                creature: id.clone(),
                target: nobody(),
            },
        ),
        (
            Action::AidAttack,
            "Aid attack",
            Command::AidAttack {
                creature: id.clone(),
                target: nobody(),
            },
        ),
        (
            Action::Heal,
            "Heal",
            Command::Heal {
                creature: id.clone(),
                target: nobody(),
            },
        ),
        (
            Action::StandUp,
            "Stand up",
            Command::StandUp {
                creature: id.clone(),
            },
        ),
        (
            Action::CatchBreath,
            "Catch breath",
            Command::CatchBreath {
                creature: id.clone(),
            },
        ),
        (
            Action::Defend,
            "Defend",
            Command::Defend {
                creature: id.clone(),
            },
        ),
        (
            Action::Hide,
            "Hide",
            Command::Hide {
                creature: id.clone(),
            },
        ),
        (
            Action::EndTurn,
            "End turn",
            Command::EndTurn { creature: id },
        ),
    ];
    let mut tools: Vec<BarButton> = tools
        .into_iter()
        .map(|(action, name, command)| BarButton {
            action,
            key: key(action),
            name: name.to_owned(),
            detail: String::new(),
            why_not: engine.ready_for(&command).err().map(|e| e.reason),
        })
        .collect();
    tools.push(BarButton {
        action: Action::Threats,
        key: key(Action::Threats),
        name: "Threats".into(),
        detail: "the squares the enemies could strike".into(),
        why_not: None,
    });
    (abilities, tools)
}

/// The creature whose turn a person is playing now, if the bar is for anyone.
fn actor<'s>(
    state: &'s StateView,
    seats: &AiSeats,
    battle: Option<&State<BattleMode>>,
) -> Option<&'s CreatureView> {
    let watching = battle.is_some_and(|b| matches!(b.get(), BattleMode::Replay | BattleMode::Demo));
    if watching || ai_to_move(seats, state).is_some() || state.pending_forced.is_some() {
        return None;
    }
    let id = state.turn.as_ref()?;
    state.creatures.iter().find(|c| &c.id == id)
}

#[allow(clippy::too_many_arguments)]
fn fill_bar(
    mut commands: Commands,
    state: Res<CurrentState>,
    rules: Res<Rules>,
    seats: Res<AiSeats>,
    settings: Res<Settings>,
    battle: Option<Res<State<BattleMode>>>,
    mut bar: Single<&mut Visibility, With<ActionBar>>,
    rows: Query<(Entity, &Row)>,
) {
    let actor = actor(&state.0, &seats, battle.as_deref());
    **bar = if actor.is_some() {
        Visibility::Inherited
    } else {
        Visibility::Hidden
    };
    let (abilities, tools) = actor.map_or_else(Default::default, |a| {
        buttons(rules.0.engine(), a, &settings.bindings)
    });
    for (row, Row(n)) in &rows {
        let buttons = if *n == 0 { &abilities } else { &tools };
        commands
            .entity(row)
            .despawn_related::<Children>()
            .with_children(|row| {
                for b in buttons {
                    spawn_button(row, b.clone());
                }
            });
    }
}

fn spawn_button(row: &mut ChildSpawnerCommands, button: BarButton) {
    let ready = button.why_not.is_none();
    let (back, colour) = if ready {
        (Color::srgb_u8(0x2a, 0x31, 0x3b), TEXT)
    } else {
        (BAR, MUTED)
    };
    let label = format!("{} {}", button.key, button.name);
    row.spawn((
        Button,
        Interaction::default(),
        Node {
            padding: UiRect::axes(px(5), px(2)),
            border: UiRect::all(px(1)),
            border_radius: BorderRadius::all(px(4)),
            ..default()
        },
        BackgroundColor(back),
        BorderColor::all(if ready { MUTED } else { BAR }),
        button,
    ))
    .with_child((
        Text::new(ascii(&label)),
        TextFont {
            font_size: FontSize::Px(11.0),
            ..default()
        },
        TextColor(colour),
        TextLayout::no_wrap(),
    ));
}

/// A click on a button that can be used presses its key for this frame.
fn press_clicked(
    clicked: Query<(&Interaction, &BarButton), Changed<Interaction>>,
    mut controls: Single<&mut ActionState<Action>, With<Controls>>,
) {
    for (interaction, button) in &clicked {
        if *interaction == Interaction::Pressed && button.why_not.is_none() {
            controls.press(&button.action);
        }
    }
}

/// The line over the buttons says what the one pointed at is, or why it can't be used now.
fn describe_pointed(
    buttons: Query<(&Interaction, &BarButton)>,
    mut line: Single<&mut Text, With<Pointed>>,
) {
    let text = buttons
        .iter()
        .find(|(i, _)| **i != Interaction::None)
        .map_or_else(String::new, |(_, b)| {
            let detail = if b.detail.is_empty() {
                String::new()
            } else {
                format!(": {}", b.detail)
            };
            match &b.why_not {
                Some(why) => format!("{} {}{detail} - not now: {why}", b.key, b.name),
                None => format!("{} {}{detail}", b.key, b.name),
            }
        });
    let text = ascii(&text);
    if line.0 != text {
        line.0 = text;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_bar_lists_the_acting_heros_abilities_and_greys_what_the_engine_refuses() {
        let d = crate::scenarios::DEFAULT;
        let mut game = steelgrid_rules::record::Game::new(d.file, d.text, Some(7)).unwrap();
        for command in [
            Command::ChooseFirstSide {
                side: steelgrid_rules::creature::Side::Heroes,
            },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            game.apply(command).unwrap();
        }
        let state = game.engine().state();
        let brann = state.creatures.iter().find(|c| c.id == "brann").unwrap();
        let (abilities, tools) = buttons(game.engine(), brann, &Bindings::default());
        assert_eq!(abilities.len(), brann.abilities.len().min(8));
        let first = &abilities[0];
        assert_eq!(
            (first.key.as_str(), first.name.as_str()),
            ("1", "Iron Sweep")
        );
        assert_eq!(first.why_not, None);
        // Shield Slam costs 3 of the 2 heroic resource Brann has at his first turn.
        let slam = abilities.iter().find(|b| b.name == "Shield Slam").unwrap();
        assert_eq!(slam.detail, "main action (3 res)");
        assert!(slam.why_not.is_some(), "{slam:?}");
        // Standing already: Stand up is refused, with the engine's reason.
        let stand = tools.iter().find(|b| b.name == "Stand up").unwrap();
        assert!(stand.why_not.is_some());
        let end = tools.iter().find(|b| b.action == Action::EndTurn).unwrap();
        assert_eq!((end.name.as_str(), &end.why_not), ("End turn", &None));
        // With the main action spent on Defend, Charge is greyed and says why.
        game.apply(Command::Defend {
            creature: "brann".into(),
        })
        .unwrap();
        let state = game.engine().state();
        let brann = state.creatures.iter().find(|c| c.id == "brann").unwrap();
        let (abilities, tools) = buttons(game.engine(), brann, &Bindings::default());
        let charge = tools.iter().find(|b| b.name == "Charge").unwrap();
        assert!(
            charge
                .why_not
                .as_deref()
                .is_some_and(|w| w.contains("main")),
            "{charge:?}"
        );
        assert!(
            abilities[0].why_not.is_some(),
            "Iron Sweep is a main action"
        );
    }
}
