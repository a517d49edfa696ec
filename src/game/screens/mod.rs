//! The screens around the battle, as Bevy states: the title, the scenario picker, the seat
//! setup, the battle itself (with its pause menu), the results and the settings.
//!
//! One battle is always loaded (the [`Rules`](super::Rules) resource and what is drawn from
//! it): the menus are drawn over it, and starting a battle ([`battle::start`]) replaces it whole.
//! The systems that *play* the battle — input, the AI, demonstrations and replays — are in
//! [`PlaySystems`], which runs only while the battle is on screen and not paused; [`BattleMode`]
//! says which of them drives it (live play, the hand-off screen, the explainer, a replay, a
//! demonstration). A new system that acts on its own or on the players' input belongs in it,
//! and a new resource that belongs to one battle is reset in [`battle::start`].

mod battle;
mod builder;
mod campaign;
mod compendium;
mod editor;
mod estimate;
mod keys;
mod menu;
mod pause;
mod picker;
mod results;
mod seats;
mod settings;
mod title;

use crate::game::battle::demo::DemoPlayer;
use crate::game::battle::handoff::{HandOff, Players};
use crate::game::battle::records::ReplayPlayer;
use crate::game::ui::explainer::Explaining;
use bevy::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::ScenarioSource;

pub use battle::start;
pub use menu::MENU_Z;

/// The screen the window shows.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    #[default]
    Title,
    /// Choose a built-in scenario or open a scenario file.
    Picker,
    /// Say which side is played by a person and which by the AI.
    Seats,
    Battle,
    /// The outcome and the figures of the battle that just ended, over its board.
    Results,
    /// The player's settings, from the title or the pause menu.
    Settings,
    /// Classes, abilities, monsters, conditions and rules, searchable, from the title or the
    /// pause menu.
    Compendium,
    /// A campaign's party: which heroes set out.
    Party,
    /// A campaign between battles: its story, each battle's opening and aftermath, its
    /// respites, and the party as it stands.
    Story,
    /// Build an encounter: the party, the Director's creatures from the bestiary within the
    /// budget, an objective; save it as a scenario file or play it.
    Builder,
    /// The map editor, on the map of the scenario on the board.
    Editor,
}

/// Whether the battle is paused (its menu is up). Exists only on the battle screen.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Battle)]
pub enum Pause {
    #[default]
    Playing,
    Paused,
}

/// How the battle on the board is being played. Exists only on the battle screen, and follows
/// what is loaded there ([`follow_mode`]): the resources hold each mode's data (the script, the
/// record, the event explained), the mode says which of them drives the battle.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Battle)]
pub enum BattleMode {
    /// The people at the screen and the AI seats play.
    #[default]
    Live,
    /// The hot-seat hand-off screen hides the board until the next person is ready.
    HandOff,
    /// The explainer is open on a command already played: play waits until it closes.
    Explaining,
    /// A replay plays itself (the explainer may be open over it).
    Replay,
    /// A demonstration plays itself, walking through each command's events in the explainer.
    Demo,
}

/// Set the [`BattleMode`] before this frame's state transitions from what the last frame left:
/// a demonstration or a replay drives the battle whatever else is open; otherwise the explainer,
/// then a hand-off screen, hold live play. Off the battle screen the mode set here is dropped,
/// until the frame the battle is back: then it is the mode the battle comes back in.
fn follow_mode(
    demo: Option<Res<DemoPlayer>>,
    replay: Option<Res<ReplayPlayer>>,
    explaining: Option<Res<Explaining>>,
    hand_off: Query<(), With<HandOff>>,
    mode: Option<Res<State<BattleMode>>>,
    mut next: ResMut<NextState<BattleMode>>,
) {
    let wanted = if demo.is_some() {
        BattleMode::Demo
    } else if replay.is_some() {
        BattleMode::Replay
    } else if explaining.is_some() {
        BattleMode::Explaining
    } else if !hand_off.is_empty() {
        BattleMode::HandOff
    } else {
        BattleMode::Live
    };
    if mode.is_none_or(|mode| *mode.get() != wanted) {
        next.set(wanted);
    }
}

/// The systems that play the battle: they take the players' input, let the AI, a demonstration
/// or a replay move, and hand the screen over between seats. They run only in
/// [`Pause::Playing`].
#[derive(SystemSet, Clone, Debug, PartialEq, Eq, Hash)]
pub struct PlaySystems;

/// The battle the menus are setting up: the scenario picked and the sides the AI plays.
#[derive(Resource, Clone, Debug)]
pub struct Selection {
    pub source: ScenarioSource,
    /// The scenario's own name (`Ambush at Harrow Mill`).
    pub name: String,
    pub ai_sides: Vec<Side>,
    /// Which heroes' player plays each hero (empty: one player for all of them).
    pub players: Players,
}

/// The states, the menus and the battle's start and end.
pub struct ScreensPlugin {
    /// The screen the window opens on.
    pub first: Screen,
    /// Keys to press one after another once the window runs (`--keys`).
    pub keys: Vec<KeyCode>,
}

impl Plugin for ScreensPlugin {
    fn build(&self, app: &mut App) {
        app.insert_state(self.first)
            .add_sub_state::<Pause>()
            .add_sub_state::<BattleMode>()
            .add_systems(PreUpdate, follow_mode)
            .configure_sets(PreUpdate, PlaySystems.run_if(in_state(Pause::Playing)))
            .configure_sets(Update, PlaySystems.run_if(in_state(Pause::Playing)))
            .add_plugins((
                menu::plugin,
                title::plugin,
                campaign::plugin,
                picker::plugin,
                builder::plugin,
                estimate::plugin,
                seats::plugin,
                settings::plugin,
                compendium::plugin,
                editor::plugin,
                battle::plugin,
                pause::plugin,
                results::plugin,
                keys::plugin,
            ));
        if !self.keys.is_empty() {
            app.insert_resource(keys::KeyScript::new(self.keys.clone()));
        }
    }
}

#[cfg(test)]
mod tests {
    //! The screens driven headless, by simulated key presses through the game's own actions.

    use std::time::Duration;

    use bevy::input::InputPlugin;
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;
    use leafwing_input_manager::prelude::*;
    use steelgrid_rules::Command;
    use steelgrid_rules::ai;
    use steelgrid_rules::record::Game;

    use super::battle::Setup;
    use super::*;
    use crate::game::battle::ai_seat::AiSeats;
    use crate::game::battle::play::{PlayMode, Tool};
    use crate::game::settings::Settings;
    use crate::game::{CurrentState, Rules};

    /// The screens over the default scenario (seed 7, the AI playing the Director), opened at
    /// `first`, with a quarter of a second passing each frame.
    pub(super) fn app(first: Screen) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, InputPlugin, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
                250,
            )))
            .init_resource::<Settings>()
            .add_plugins(crate::game::battle::actions::plugin)
            .add_plugins(ScreensPlugin {
                first,
                keys: Vec::new(),
            })
            .add_plugins(crate::game::stages);
        let d = crate::scenarios::DEFAULT;
        let game = Game::new(d.file, d.text, Some(7)).unwrap();
        start(
            app.world_mut(),
            game,
            vec![Side::Director],
            Players::default(),
            None,
        );
        app.update();
        app
    }

    /// Press and release a key, a frame each.
    pub(super) fn press(app: &mut App, key: KeyCode) {
        key.press(app.world_mut());
        app.update();
        key.release(app.world_mut());
        app.update();
    }

    pub(super) fn screen(app: &App) -> Screen {
        *app.world().resource::<State<Screen>>().get()
    }

    fn pause(app: &App) -> Option<Pause> {
        app.world().get_resource::<State<Pause>>().map(|s| *s.get())
    }

    fn mode(app: &App) -> Option<BattleMode> {
        app.world()
            .get_resource::<State<BattleMode>>()
            .map(|s| *s.get())
    }

    pub(super) fn texts(app: &mut App) -> Vec<String> {
        let world = app.world_mut();
        world
            .query::<&Text>()
            .iter(world)
            .map(|t| t.0.clone())
            .collect()
    }

    #[test]
    fn the_title_leads_through_the_picker_and_seats_into_a_hot_seat_battle() {
        let mut app = app(Screen::Title);
        assert!(texts(&mut app).contains(&"STEELGRID".to_owned()));
        // "Campaign" comes first (no campaign is saved here), then "New battle".
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Picker);
        // The picker opens on the scenario on the board; one down is the first demonstration.
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Seats);
        assert_eq!(
            app.world().resource::<Selection>().ai_sides,
            vec![Side::Director]
        );
        // Above Start: a line per hero, then the number of heroes' players, then the
        // Director's seat. Switch the Director to a person; back down to Start.
        let heroes =
            crate::game::battle::handoff::heroes(&app.world().resource::<CurrentState>().0);
        let up = heroes.len() + 2;
        for _ in 0..up {
            press(&mut app, KeyCode::ArrowUp);
        }
        press(&mut app, KeyCode::ArrowRight);
        assert!(app.world().resource::<Selection>().ai_sides.is_empty());
        assert!(
            texts(&mut app)
                .iter()
                .any(|t| t.starts_with("Hot-seat: two people"))
        );
        // Two players share the heroes: they are dealt out in turn.
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowRight);
        let players = app.world().resource::<Selection>().players.clone();
        assert_eq!(players.count(), 2);
        assert_eq!(players.of(&heroes[1]), Some(2));
        assert!(
            texts(&mut app)
                .iter()
                .any(|t| t.starts_with("Hot-seat: 3 people"))
        );
        // The first hero goes to player 2 as well.
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowRight);
        assert_eq!(
            app.world().resource::<Selection>().players.of(&heroes[0]),
            Some(2)
        );
        for _ in 0..heroes.len() {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        assert_eq!(pause(&app), Some(Pause::Playing));
        assert!(app.world().resource::<AiSeats>().0.is_empty());
        assert_eq!(
            app.world().resource::<Players>().of(&heroes[0]),
            Some(2),
            "the battle keeps the seats as set up"
        );
        assert!(app.world().resource::<Rules>().0.steps().is_empty());
        // No menu is left on screen.
        assert!(!texts(&mut app).contains(&"Who plays?".to_owned()));
    }

    #[test]
    fn esc_goes_back_one_screen_at_a_time() {
        let mut app = app(Screen::Seats);
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Picker);
        // Another frame: the Esc that left the seats is not taken again by the picker.
        app.update();
        assert_eq!(screen(&app), Screen::Picker);
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Title);
    }

    #[test]
    fn esc_in_battle_cancels_a_mode_first_then_pauses_and_resumes() {
        let mut app = app(Screen::Battle);
        app.insert_resource(PlayMode {
            tool: Tool::Disengage,
            ..default()
        });
        // The mode is play.rs's to cancel (not in this app): Esc leaves the battle running.
        press(&mut app, KeyCode::Escape);
        assert_eq!(pause(&app), Some(Pause::Playing));
        app.insert_resource(PlayMode::default());
        press(&mut app, KeyCode::Escape);
        assert_eq!(pause(&app), Some(Pause::Paused));
        assert!(texts(&mut app).contains(&"Paused".to_owned()));
        press(&mut app, KeyCode::Escape);
        assert_eq!(pause(&app), Some(Pause::Playing));
        assert!(!texts(&mut app).contains(&"Paused".to_owned()));
    }

    #[test]
    fn the_battle_mode_follows_what_is_loaded_and_outlasts_the_settings() {
        let mut app = app(Screen::Battle);
        assert_eq!(mode(&app), Some(BattleMode::Live));
        let open = Explaining { step: 0, sub: 0 };
        app.insert_resource(open);
        app.update();
        assert_eq!(mode(&app), Some(BattleMode::Explaining));
        app.world_mut().remove_resource::<Explaining>();
        app.update();
        assert_eq!(mode(&app), Some(BattleMode::Live));

        // A replay of the battle so far, watched from its start.
        let record = app.world_mut().resource_mut::<Rules>().0.save();
        let d = crate::scenarios::DEFAULT;
        let game = Game::new(d.file, d.text, Some(7)).unwrap();
        start(
            app.world_mut(),
            game,
            vec![Side::Director],
            Players::default(),
            Some(record),
        );
        app.update();
        assert_eq!(mode(&app), Some(BattleMode::Replay));
        // Pause, settings, and back: still the replay.
        press(&mut app, KeyCode::Escape);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Settings);
        assert_eq!(mode(&app), None);
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Battle);
        assert_eq!(mode(&app), Some(BattleMode::Replay));
    }

    #[test]
    fn restart_from_the_pause_menu_starts_the_battle_over() {
        let mut app = app(Screen::Battle);
        app.world_mut()
            .resource_mut::<Rules>()
            .0
            .apply(Command::ChooseFirstSide { side: Side::Heroes })
            .unwrap();
        press(&mut app, KeyCode::Escape);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(pause(&app), Some(Pause::Playing));
        let rules = &app.world().resource::<Rules>().0;
        assert!(rules.steps().is_empty());
        assert_eq!(rules.seed(), app.world().resource::<Setup>().seed);
        assert_eq!(app.world().resource::<AiSeats>().0, vec![Side::Director]);
    }

    #[test]
    fn settings_from_the_pause_menu_return_to_the_paused_battle() {
        let mut app = app(Screen::Battle);
        press(&mut app, KeyCode::Escape);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Settings);
        // The first line is the animation speed: right makes it faster.
        press(&mut app, KeyCode::ArrowRight);
        assert_eq!(app.world().resource::<Settings>().animation_speed, 1.25);
        assert!(texts(&mut app).contains(&"< 1.25x >".to_owned()));
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Battle);
        assert_eq!(pause(&app), Some(Pause::Paused));
        // Quit to title is the pause menu's last line.
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Title);
        assert_eq!(pause(&app), None);
    }

    #[test]
    fn a_battle_played_to_its_end_shows_its_results_then_plays_again() {
        let mut app = app(Screen::Battle);
        app.update();
        // Both sides played by the AI, command by command, as the AI seats would.
        loop {
            let mut rules = app.world_mut().resource_mut::<Rules>();
            let game = &mut rules.0;
            let Some(side) = ai::side_to_answer(&game.engine().state()) else {
                break;
            };
            let decision = ai::decide(game.engine(), side).expect("the AI moves");
            game.apply(decision.command).expect("the engine accepts it");
            assert!(game.engine().turn().round <= 30, "the battle does not end");
        }
        let outcome = app.world().resource::<Rules>().0.engine().outcome();
        assert!(outcome.is_some());
        // A moment passes (a quarter of a second a frame) before the results.
        app.update();
        assert_eq!(screen(&app), Screen::Battle);
        for _ in 0..7 {
            app.update();
        }
        assert_eq!(screen(&app), Screen::Results);
        let headline = match outcome {
            Some(steelgrid_rules::event::Outcome::Victory) => "Victory for the heroes",
            _ => "The Director wins",
        };
        assert!(texts(&mut app).contains(&headline.to_owned()));
        // Play it again: the same battle from its start.
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        assert!(app.world().resource::<Rules>().0.steps().is_empty());
        assert!(!texts(&mut app).contains(&headline.to_owned()));
    }

    #[test]
    fn the_compendium_from_the_pause_menu_finds_an_entry_by_keyword_and_goes_back_to_the_pause() {
        let mut app = app(Screen::Battle);
        press(&mut app, KeyCode::Escape);
        for _ in 0..3 {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Compendium);
        type_text(&mut app, "ferocity signature");
        let shown = texts(&mut app);
        assert!(
            shown
                .iter()
                .any(|t| t.starts_with("Search: ferocity signature_    2 of")),
            "{shown:?}"
        );
        assert!(
            shown
                .iter()
                .any(|t| t.starts_with("Hewing Arc (signature): main action")),
            "the first found, in full: {shown:?}"
        );
        press(&mut app, KeyCode::ArrowDown);
        assert!(
            texts(&mut app)
                .iter()
                .any(|t| t.starts_with("Wrecking Blow (signature): main action"))
        );
        // Esc clears the search, then goes back to the paused battle.
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Compendium);
        assert!(texts(&mut app).iter().any(|t| t.starts_with("Search: _")));
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Battle);
        assert_eq!(pause(&app), Some(Pause::Paused));
    }

    /// Type `text` as a keyboard would.
    fn type_text(app: &mut App, text: &str) {
        use bevy::input::ButtonState;
        use bevy::input::keyboard::{Key, KeyboardInput};
        for ch in text.chars() {
            app.world_mut().write_message(KeyboardInput {
                key_code: KeyCode::Unidentified(bevy::input::keyboard::NativeKeyCode::Unidentified),
                logical_key: Key::Character(ch.to_string().into()),
                state: ButtonState::Pressed,
                text: Some(ch.to_string().into()),
                repeat: false,
                window: Entity::PLACEHOLDER,
            });
        }
        app.update();
    }

    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_scenario_file_typed_in_the_picker_is_opened_or_its_problem_shown() {
        let dir = std::env::temp_dir().join(format!("steelgrid-picker-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let good = dir.join("ledge.ron");
        std::fs::write(&good, crate::scenarios::by_name("demo_ledge").unwrap().text).unwrap();
        let bad = dir.join("broken.ron");
        std::fs::write(&bad, "(name: ").unwrap();

        let mut app = app(Screen::Picker);
        // Up from the first scenario wraps round to the file row, last.
        press(&mut app, KeyCode::ArrowUp);
        type_text(&mut app, &bad.display().to_string());
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Picker);
        let problem = format!("{}:1:", bad.display());
        assert!(texts(&mut app).iter().any(|t| t.starts_with(&problem)));

        for _ in 0..bad.display().to_string().len() {
            press(&mut app, KeyCode::Backspace);
        }
        type_text(&mut app, &good.display().to_string());
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Seats);
        let selection = app.world().resource::<Selection>();
        assert_eq!(selection.source.file, good.display().to_string());
        assert_eq!(selection.name, "Demo: Off the Ledge");
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
