//! The first battle teaches its keys as it goes: while a person plays a hero, one line under
//! the board says what can be done now and with which key — moving, aiming an ability, placing
//! a push, ending the turn, reading the log — until the player has done it once. What was
//! learned is kept in the settings, so a later battle no longer teaches it.

use bevy::prelude::*;
use steelgrid_rules::creature::ActionKind;
use steelgrid_rules::event::Event;
use steelgrid_rules::{LoggedEvent, StateView};

use super::hud::{self, BottomSlot, bottom_slot, key_label};
use super::log::{LogHighlight, short_name};
use crate::game::battle::actions::Action;
use crate::game::battle::ai_seat::{AiSeats, ai_to_move};
use crate::game::battle::play::{PlayMode, Tool};
use crate::game::screens::BattleMode;
use crate::game::settings::{Bindings, Settings};
use crate::game::{CurrentState, Rules};

/// The teaching line's colour: apart from the hints' grey and the hover's yellow.
const LESSON: Color = Color::srgb_u8(0x7f, 0xd8, 0xbe);

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_line.after(hud::spawn_hud))
        .add_systems(
            Update,
            (learn, teach)
                .chain()
                .in_set(crate::game::BattleSystems::Present)
                .run_if(
                    resource_changed::<CurrentState>
                        .or_else(resource_changed::<PlayMode>)
                        .or_else(resource_changed::<LogHighlight>),
                ),
        );
}

/// One thing the first battle teaches, in the order it is taught.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lesson {
    /// A push waits: the pink squares and Tab.
    Push,
    /// An ability is aimed: the odds in the card, click or cancel.
    Aim,
    /// The hero has not moved this turn: the blue squares.
    Move,
    /// The main action is left: the ability keys and the free strike.
    Ability,
    /// The main action is spent: end the turn, or undo.
    EndTurn,
    /// The Director has acted: the log, the explainer and the threats.
    Log,
}

impl Lesson {
    /// Its name in the settings file.
    pub fn id(self) -> &'static str {
        match self {
            Lesson::Push => "push",
            Lesson::Aim => "aim",
            Lesson::Move => "move",
            Lesson::Ability => "ability",
            Lesson::EndTurn => "end_turn",
            Lesson::Log => "log",
        }
    }

    /// The lesson in words, with the player's own keys.
    fn words(self, hero: &str, keys: &Bindings) -> String {
        let key = |a: Action| key_label(keys, a);
        match self {
            Lesson::Push => format!(
                "Lesson: the pink squares are where the push can end, each with the damage it deals - click one ({} shows other ways there)",
                key(Action::NextCreature)
            ),
            Lesson::Aim => format!(
                "Lesson: point at a target - the card gives each tier's chance and what it leaves; click to use it, {} to put it away",
                key(Action::Cancel)
            ),
            Lesson::Move => format!(
                "Lesson: the blue squares are where {hero} can move (the number is the cost); click one to go there"
            ),
            Lesson::Ability => format!(
                "Lesson: {}-{} (or the bar) aims {hero}'s abilities; an enemy next to {hero}: click it for a free strike",
                key(Action::Ability1),
                key(Action::Ability8)
            ),
            Lesson::EndTurn => format!(
                "Lesson: {} ends {hero}'s turn; {} takes back the last command",
                key(Action::EndTurn),
                key(Action::Undo)
            ),
            Lesson::Log => format!(
                "Lesson: the log says what the Director did - click a line to see where; {} explains the last roll, {} shows where enemies reach",
                key(Action::Explain),
                key(Action::Threats)
            ),
        }
    }
}

/// The lesson for now, if a hero is on a person's turn and it is not yet learned.
pub fn lesson_now(
    state: &StateView,
    mode: &PlayMode,
    log: &[LoggedEvent],
    learned: &std::collections::BTreeSet<String>,
) -> Option<Lesson> {
    let hero = state
        .turn
        .as_ref()
        .and_then(|id| state.creatures.iter().find(|c| &c.id == id))
        .filter(|c| c.hero)?;
    // What the hero has done since its turn began.
    let this_turn = log
        .iter()
        .rev()
        .take_while(
            |e| !matches!(&e.event, Event::TurnStarted { creature, .. } if *creature == hero.id),
        )
        .map(|e| &e.event);
    let (mut moved, mut acted) = (false, false);
    for event in this_turn {
        match event {
            Event::Moved { creature, .. } if *creature == hero.id => moved = true,
            Event::ActionUsed {
                creature, action, ..
            } if *creature == hero.id => acted |= *action == ActionKind::Main,
            _ => {}
        }
    }
    let director_acted = log
        .iter()
        .any(|e| matches!(&e.event, Event::TurnEnded { creature } if state.creatures.iter().any(|c| &c.id == creature && !c.hero)));
    let candidates = [
        (Lesson::Push, state.pending_forced.is_some()),
        (Lesson::Aim, matches!(mode.tool, Tool::Ability(_))),
        (Lesson::Move, !moved && !acted),
        (Lesson::Ability, !acted),
        (Lesson::EndTurn, acted),
        (Lesson::Log, director_acted),
    ];
    candidates
        .into_iter()
        .find(|(lesson, now)| *now && !learned.contains(lesson.id()))
        .map(|(lesson, _)| lesson)
}

/// The lessons the game so far shows were learned: a hero moved, used an ability or struck,
/// ended a turn, placed a push; a log line was clicked.
fn learned_in(state: &StateView, log: &[LoggedEvent], clicked: bool) -> Vec<Lesson> {
    let hero = |id: &str| state.creatures.iter().any(|c| c.id == id && c.hero);
    let mut found = Vec::new();
    for e in log {
        let lesson = match &e.event {
            Event::Moved { creature, .. } if hero(creature) => Lesson::Move,
            Event::AbilityUsed { creature, .. } if hero(creature) => Lesson::Aim,
            Event::PowerRolled { creature, .. } if hero(creature) => Lesson::Ability,
            Event::TurnEnded { creature } if hero(creature) => Lesson::EndTurn,
            Event::ForcedMoved { .. } => Lesson::Push,
            _ => continue,
        };
        if !found.contains(&lesson) {
            found.push(lesson);
        }
    }
    if clicked {
        found.push(Lesson::Log);
    }
    found
}

/// The lesson's line in the column under the board.
#[derive(Component)]
struct LessonLine;

fn spawn_line(mut commands: Commands, slots: Query<(Entity, &BottomSlot)>) {
    let Some(slot) = bottom_slot(&slots, BottomSlot::Lesson) else {
        return;
    };
    commands.spawn((
        LessonLine,
        Text::default(),
        TextFont {
            font_size: FontSize::Px(13.0),
            ..default()
        },
        TextColor(LESSON),
        ChildOf(slot),
    ));
}

/// Keep in the settings what the player has now done: in a battle a person plays with the
/// heroes, not one the heroes' AI, a replay or a demonstration plays.
fn learn(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    highlight: Res<LogHighlight>,
    seats: Res<AiSeats>,
    battle: Option<Res<State<BattleMode>>>,
    mut settings: ResMut<Settings>,
) {
    let played = battle.is_none_or(|b| *b.get() == BattleMode::Live);
    if !played || seats.0.contains(&steelgrid_rules::creature::Side::Heroes) {
        return;
    }
    let done = learned_in(&state.0, rules.0.engine().log(), !highlight.0.is_empty());
    let new: Vec<&str> = done
        .iter()
        .map(|l| l.id())
        .filter(|id| !settings.learned.contains(*id))
        .collect();
    if !new.is_empty() {
        let learned = &mut settings.learned;
        learned.extend(new.into_iter().map(str::to_owned));
    }
}

/// Say the lesson for now, on a person's turn in a played battle.
fn teach(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    mode: Res<PlayMode>,
    seats: Res<AiSeats>,
    settings: Res<Settings>,
    battle: Option<Res<State<BattleMode>>>,
    mut line: Single<&mut Text, With<LessonLine>>,
) {
    let played = battle.is_none_or(|b| *b.get() == BattleMode::Live);
    let lesson = lesson_now(&state.0, &mode, rules.0.engine().log(), &settings.learned)
        .filter(|_| played && ai_to_move(&seats, &state.0).is_none());
    let text = lesson.map_or_else(String::new, |l| {
        let hero = state
            .0
            .turn
            .as_deref()
            .map_or(String::new(), |id| short_name(&state.0, id));
        l.words(&hero, &settings.bindings)
    });
    if line.0 != text {
        line.0 = text;
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use steelgrid_rules::Command;
    use steelgrid_rules::grid::Square;
    use steelgrid_rules::record::Game;

    use super::*;
    use crate::game::testing::{default_after, heroes_first};

    /// What the game so far shows the player learned, added to `learned` as `learn` keeps it.
    fn learn_from(game: &Game, learned: &mut BTreeSet<String>) {
        let done = learned_in(&game.engine().state(), game.engine().log(), false);
        learned.extend(done.iter().map(|l| l.id().to_owned()));
    }

    fn now(game: &Game, mode: &PlayMode, learned: &BTreeSet<String>) -> Option<Lesson> {
        lesson_now(&game.engine().state(), mode, game.engine().log(), learned)
    }

    #[test]
    fn the_first_battle_teaches_moving_then_abilities_then_ending_the_turn_each_until_done() {
        let mut game = default_after([]);
        let mut learned = BTreeSet::new();
        let mode = PlayMode::default();
        let aiming = PlayMode {
            tool: Tool::Ability(0),
            ..default()
        };
        // Before anyone's turn there is nothing to teach.
        assert_eq!(now(&game, &mode, &learned), None);
        for command in heroes_first("brann") {
            game.apply(command).unwrap();
        }
        assert_eq!(now(&game, &mode, &learned), Some(Lesson::Move));
        assert_eq!(now(&game, &aiming, &learned), Some(Lesson::Aim));
        game.apply(Command::Advance {
            creature: "brann".into(),
            path: vec![Square::new(2, 2)],
        })
        .unwrap();
        learn_from(&game, &mut learned);
        assert!(learned.contains("move"));
        assert_eq!(now(&game, &mode, &learned), Some(Lesson::Ability));
        // Brann throws nothing at anyone in reach: he defends, spending his main action.
        game.apply(Command::Defend {
            creature: "brann".into(),
        })
        .unwrap();
        assert_eq!(now(&game, &mode, &learned), Some(Lesson::EndTurn));
        let words = Lesson::EndTurn.words("Brann", &Bindings::default());
        assert_eq!(
            words,
            "Lesson: Space ends Brann's turn; Z takes back the last command"
        );
        game.apply(Command::EndTurn {
            creature: "brann".into(),
        })
        .unwrap();
        learn_from(&game, &mut learned);
        assert!(learned.contains("end_turn"));
        // On the Director's turn nothing is taught.
        assert_eq!(now(&game, &mode, &learned), None);
    }
}
