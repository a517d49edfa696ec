//! Hot-seat hand-off: when control passes from one person's seat to another's, a screen hides
//! the board until the next person is ready, so no one plays (or peeks) out of turn. Who must
//! answer comes from the engine ([`ai::side_to_answer`]); nothing here decides a rule.

use std::collections::BTreeMap;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::CreatureView;

use super::actions::{Action, Controls};
use super::ai_seat::AiSeats;
use crate::game::screens::BattleMode;
use crate::game::ui::hud::{MUTED, TITLE};
use crate::game::{BattleSystems, CurrentState};

pub fn plugin(app: &mut App) {
    app.init_resource::<Seat>()
        .init_resource::<Players>()
        .init_resource::<DirectorView>()
        .add_systems(
            Update,
            (pass_control, dismiss)
                .chain()
                .in_set(crate::game::screens::PlaySystems)
                .in_set(BattleSystems::Follow)
                .run_if(in_state(BattleMode::Live).or_else(in_state(BattleMode::HandOff))),
        )
        // Within the stage: who looks follows the seat a hand-off may just have passed.
        .add_systems(
            Update,
            watch_viewer
                .in_set(BattleSystems::Follow)
                .after(pass_control),
        );
}

/// The seat whose person has the screen now.
#[derive(Resource, Default)]
pub struct Seat(pub Option<SeatId>);

/// A place at a hot-seat screen: the Director's, or one of the heroes' players (from 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SeatId {
    Director,
    Player(u8),
    /// Any of the heroes' players: the heroes pick who acts next together.
    Heroes,
}

/// Which of the heroes' players plays each hero, by hero id; a hero left out is player 1's.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct Players(pub BTreeMap<String, u8>);

impl Players {
    /// `n` players taking the heroes in turn: the first hero to player 1, the next to 2, ...
    pub fn dealt(heroes: &[String], n: u8) -> Players {
        let n = n.max(1);
        Players(
            heroes
                .iter()
                .enumerate()
                .map(|(i, id)| (id.clone(), (i % n as usize) as u8 + 1))
                .collect(),
        )
    }

    /// How many players share the heroes.
    pub fn count(&self) -> u8 {
        self.0.values().copied().max().unwrap_or(1)
    }

    /// The player of `creature`, when it is a hero someone was given.
    pub fn of(&self, creature: &str) -> Option<u8> {
        self.0.get(creature).copied()
    }
}

/// The heroes' ids, in the scenario's order: what the players share.
pub fn heroes(state: &StateView) -> Vec<String> {
    state
        .creatures
        .iter()
        .filter(|c| c.hero)
        .map(|c| c.id.clone())
        .collect()
}

/// The seat that must answer now: the Director's, the player of the hero that must answer, or
/// (for the heroes' pick, or a creature no player was given) the heroes' players together.
pub fn seat_to_answer(state: &StateView, players: &Players) -> Option<SeatId> {
    match ai::side_to_answer(state)? {
        Side::Director => Some(SeatId::Director),
        Side::Heroes if players.count() <= 1 => Some(SeatId::Player(1)),
        Side::Heroes => Some(
            ai::creature_to_answer(state)
                .and_then(|id| players.of(id))
                .map_or(SeatId::Heroes, SeatId::Player),
        ),
    }
}

/// Whether the screen may show what is the Director's alone: the Malice pool, the villain
/// actions left and the Malice amounts in the log. Off (hidden) until a seat is known.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DirectorView(pub bool);

/// Who is looking decides what the Director keeps to itself: with people on both sides
/// (hot-seat), only the Director's seat sees it; against an AI Director the people at the
/// screen are the heroes' players, so never; with the AI playing the heroes, the person is the
/// Director (or, with no person's seat at all, an onlooker), so always. A demonstration or a
/// replay being watched shows everything.
pub fn director_view(ai_sides: &[Side], seat: Option<SeatId>, watching: bool) -> bool {
    if watching || ai_sides.contains(&Side::Heroes) {
        return true;
    }
    if ai_sides.contains(&Side::Director) {
        return false;
    }
    seat == Some(SeatId::Director)
}

/// A Director creature hidden from every hero still standing is the Director's secret: a
/// seat that may not see the Director's information neither draws nor describes it.
pub fn kept_from_view(state: &StateView, creature: &CreatureView, director: bool) -> bool {
    !director
        && creature.side == Side::Director
        && !creature.hidden_from.is_empty()
        && state
            .creatures
            .iter()
            .filter(|c| c.side == Side::Heroes && !c.dead)
            .all(|hero| creature.hidden_from.contains(&hero.id))
}

/// Who is looking now; off the battle screen (the menus, the results) no one is watching a
/// demonstration or a replay.
fn watch_viewer(
    seats: Res<AiSeats>,
    seat: Res<Seat>,
    mode: Option<Res<State<BattleMode>>>,
    mut view: ResMut<DirectorView>,
) {
    let watching =
        mode.is_some_and(|mode| matches!(mode.get(), BattleMode::Demo | BattleMode::Replay));
    view.set_if_neq(DirectorView(director_view(&seats.0, seat.0, watching)));
}

/// The hand-off screen, while it is up.
#[derive(Component)]
pub struct HandOff;

/// A hand-off screen put up this frame: the input that led to it doesn't take it down.
#[derive(Component)]
struct JustShown;

/// What the hand-off screen says: whose seat it is, and for a player the heroes it plays.
pub fn message(seat: SeatId, state: &StateView, players: &Players) -> String {
    match seat {
        SeatId::Director => "Pass to the Director".to_owned(),
        SeatId::Heroes => "Pass to the heroes' players".to_owned(),
        SeatId::Player(_) if players.count() <= 1 => "Pass to the heroes' players".to_owned(),
        SeatId::Player(n) => {
            let heroes: Vec<&str> = state
                .creatures
                .iter()
                .filter(|c| players.of(&c.id) == Some(n))
                .map(|c| c.name.as_str())
                .collect();
            format!("Pass to player {n} ({})", heroes.join(", "))
        }
    }
}

/// The seat as the status bar names it, with several heroes' players: `Player 2`.
pub fn seat_label(seat: Option<SeatId>, players: &Players) -> Option<String> {
    match seat? {
        SeatId::Player(n) if players.count() > 1 => Some(format!("Player {n}")),
        SeatId::Heroes if players.count() > 1 => Some("The heroes' players".to_owned()),
        _ => None,
    }
}

/// When a person's seat other than the one at the screen must answer (and at the start), put up
/// the hand-off screen. Only with people on both sides or several heroes' players: against the
/// AI with one player there is no one to hand over to. Any heroes' player may make the heroes'
/// pick, so it hands nothing over between them.
fn pass_control(
    mut commands: Commands,
    state: Res<CurrentState>,
    seats: Res<AiSeats>,
    players: Res<Players>,
    mut seat: ResMut<Seat>,
    shown: Query<(), With<HandOff>>,
) {
    let people_on_both_sides = seats.0.is_empty();
    let several_players = !seats.0.contains(&Side::Heroes) && players.count() > 1;
    if !(people_on_both_sides || several_players) || !shown.is_empty() {
        return;
    }
    let Some(next) = seat_to_answer(&state.0, &players) else {
        return;
    };
    if seats.0.contains(&Side::Director) && next == SeatId::Director {
        return;
    }
    if seat.0 == Some(next) || (next == SeatId::Heroes && matches!(seat.0, Some(SeatId::Player(_))))
    {
        return;
    }
    seat.0 = Some(next);
    commands
        .spawn((
            HandOff,
            JustShown,
            Node {
                position_type: PositionType::Absolute,
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                justify_content: JustifyContent::Center,
                align_items: AlignItems::Center,
                row_gap: px(18),
                ..default()
            },
            BackgroundColor(Color::srgb_u8(0x14, 0x17, 0x1c)),
            GlobalZIndex(100),
        ))
        .with_children(|screen| {
            screen.spawn((
                Text::new(message(next, &state.0, &players)),
                TextFont {
                    font_size: FontSize::Px(40.0),
                    ..default()
                },
                TextColor(TITLE),
            ));
            screen.spawn((
                Text::new(
                    "The board is hidden until you are ready. Press Enter or click to continue.",
                ),
                TextFont {
                    font_size: FontSize::Px(18.0),
                    ..default()
                },
                TextColor(MUTED),
            ));
        });
}

/// Enter or a click takes the hand-off screen down — not the press that put it up (the Enter
/// that picked a hero whose player must now take over).
fn dismiss(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    shown: Query<Entity, (With<HandOff>, Without<JustShown>)>,
    fresh: Query<Entity, With<JustShown>>,
) {
    for screen in &fresh {
        commands.entity(screen).remove::<JustShown>();
    }
    if controls.just_pressed(&Action::Confirm) || controls.just_pressed(&Action::Select) {
        for screen in &shown {
            commands.entity(screen).despawn();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::ecs::system::RunSystemOnce;
    use steelgrid_rules::Command;
    use steelgrid_rules::record::Game;

    fn app(ai: Vec<Side>, game: &mut Game) -> App {
        let mut app = App::new();
        app.insert_resource(AiSeats(ai))
            .insert_resource(CurrentState(game.engine().state()))
            .init_resource::<Players>()
            .init_resource::<Seat>();
        app
    }

    fn screens(app: &mut App) -> Vec<String> {
        let world = app.world_mut();
        let mut q = world.query_filtered::<&Children, With<HandOff>>();
        let firsts: Vec<Entity> = q.iter(world).map(|c| c[0]).collect();
        firsts
            .into_iter()
            .map(|e| world.get::<Text>(e).unwrap().0.clone())
            .collect()
    }

    #[test]
    fn control_passing_between_people_hides_the_board_until_dismissed() {
        let d = crate::scenarios::DEFAULT;
        let mut game = Game::new(d.file, d.text, Some(7)).unwrap();
        let mut app = app(Vec::new(), &mut game);
        app.world_mut().run_system_once(pass_control).unwrap();
        assert_eq!(screens(&mut app), vec!["Pass to the heroes' players"]);

        // Dismissed, and still the heroes' players: no new screen.
        dismiss_all(&mut app);
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            game.apply(command).unwrap();
        }
        app.insert_resource(CurrentState(game.engine().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        assert!(screens(&mut app).is_empty());

        // Brann's turn ends: the Director picks next, at the other seat.
        game.apply(Command::EndTurn {
            creature: "brann".into(),
        })
        .unwrap();
        app.insert_resource(CurrentState(game.engine().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        assert_eq!(screens(&mut app), vec!["Pass to the Director"]);
    }

    #[test]
    fn the_directors_information_shows_only_where_the_director_looks() {
        use Side::{Director, Heroes};
        let (desk, player) = (Some(SeatId::Director), Some(SeatId::Player(1)));
        // Hot-seat: the seat at the screen decides; before the first hand-off, no one's.
        assert!(director_view(&[], desk, false));
        assert!(!director_view(&[], player, false));
        assert!(!director_view(&[], Some(SeatId::Heroes), false));
        assert!(!director_view(&[], None, false));
        // Against the AI Director, the people at the screen are the heroes' players.
        assert!(!director_view(&[Director], desk, false));
        assert!(!director_view(&[Director], None, false));
        // The AI plays the heroes: the person is the Director; no people at all: onlookers.
        assert!(director_view(&[Heroes], None, false));
        assert!(director_view(&[Heroes, Director], None, false));
        // A demonstration or a replay shows everything.
        assert!(director_view(&[Director], player, true));
    }

    #[test]
    fn against_the_ai_nothing_is_handed_over() {
        let d = crate::scenarios::DEFAULT;
        let mut game = Game::new(d.file, d.text, Some(7)).unwrap();
        let mut app = app(vec![Side::Director], &mut game);
        app.world_mut().run_system_once(pass_control).unwrap();
        assert!(screens(&mut app).is_empty());
    }

    /// Take the hand-off screens down, as Enter would.
    fn dismiss_all(app: &mut App) {
        let shown: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<HandOff>>()
            .iter(app.world())
            .collect();
        for e in shown {
            app.world_mut().entity_mut(e).despawn();
        }
    }

    #[test]
    fn each_heroes_player_is_handed_the_screen_for_their_own_heroes() {
        let d = crate::scenarios::DEFAULT;
        let mut game = Game::new(d.file, d.text, Some(7)).unwrap();
        let heroes: Vec<String> = game
            .engine()
            .state()
            .creatures
            .iter()
            .filter(|c| c.hero)
            .map(|c| c.id.clone())
            .collect();
        let players = Players::dealt(&heroes, 2);
        assert_eq!(players.count(), 2);
        assert_eq!(players.of(&heroes[0]), Some(1));
        assert_eq!(players.of(&heroes[1]), Some(2));
        // Against the AI Director, with two players sharing the heroes.
        let mut app = app(vec![Side::Director], &mut game);
        app.insert_resource(players);
        app.world_mut().run_system_once(pass_control).unwrap();
        assert_eq!(screens(&mut app), vec!["Pass to the heroes' players"]);
        dismiss_all(&mut app);

        // The heroes go first and pick their second hero: that hero's player takes over.
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: heroes[1].clone(),
            },
        ] {
            game.apply(command).unwrap();
        }
        app.insert_resource(CurrentState(game.engine().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        let name = |id: &str| {
            let state = &app.world().resource::<CurrentState>().0;
            state
                .creatures
                .iter()
                .find(|c| c.id == id)
                .unwrap()
                .name
                .clone()
        };
        let second = name(&heroes[1]);
        assert_eq!(screens(&mut app).len(), 1);
        assert!(screens(&mut app)[0].starts_with("Pass to player 2 ("));
        assert!(screens(&mut app)[0].contains(&second));
        assert_eq!(
            seat_label(
                app.world().resource::<Seat>().0,
                app.world().resource::<Players>()
            ),
            Some("Player 2".to_owned())
        );
        dismiss_all(&mut app);

        // Its turn over, the AI Director acts: no hand-off to the AI's seat, and player 2
        // keeps the screen.
        game.apply(Command::EndTurn {
            creature: heroes[1].clone(),
        })
        .unwrap();
        app.insert_resource(CurrentState(game.engine().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        assert!(screens(&mut app).is_empty());
    }

    #[test]
    fn one_player_for_all_the_heroes_changes_nothing() {
        let d = crate::scenarios::DEFAULT;
        let game = Game::new(d.file, d.text, Some(7)).unwrap();
        let state = game.engine().state();
        let heroes: Vec<String> = state
            .creatures
            .iter()
            .filter(|c| c.hero)
            .map(|c| c.id.clone())
            .collect();
        let players = Players::dealt(&heroes, 1);
        assert_eq!(seat_to_answer(&state, &players), Some(SeatId::Player(1)));
        assert_eq!(seat_label(Some(SeatId::Player(1)), &players), None);
        assert_eq!(
            message(SeatId::Player(1), &state, &players),
            "Pass to the heroes' players"
        );
    }
}
