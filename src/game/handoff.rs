//! Hot-seat hand-off: when control passes from one person's seat to another's, a screen hides
//! the board until the next person is ready, so no one plays (or peeks) out of turn. Who must
//! answer comes from the engine ([`ai::side_to_answer`]); nothing here decides a rule.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;

use super::actions::{Action, Controls};
use super::ai_seat::AiSeats;
use super::demo::DemoPlayer;
use super::explainer::Explaining;
use super::hud::{MUTED, TITLE};
use super::records::ReplayPlayer;
use super::{CurrentState, publish_state};

pub fn plugin(app: &mut App) {
    app.init_resource::<Seat>()
        .init_resource::<DirectorView>()
        .add_systems(
            Update,
            (pass_control, dismiss)
                .chain()
                .in_set(super::screens::PlaySystems)
                .after(publish_state)
                .after(super::play::handle_actions)
                .run_if(not(resource_exists::<ReplayPlayer>))
                .run_if(not(resource_exists::<Explaining>))
                .run_if(not(resource_exists::<DemoPlayer>)),
        )
        .add_systems(Update, watch_viewer.after(pass_control));
}

/// The seat whose person has the screen now.
#[derive(Resource, Default)]
pub struct Seat(pub Option<Side>);

/// Whether the screen may show what is the Director's alone: the Malice pool, the villain
/// actions left and the Malice amounts in the log. Off (hidden) until a seat is known.
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DirectorView(pub bool);

/// Who is looking decides what the Director keeps to itself: with people on both sides
/// (hot-seat), only the Director's seat sees it; against an AI Director the people at the
/// screen are the heroes' players, so never; with the AI playing the heroes, the person is the
/// Director (or, with no person's seat at all, an onlooker), so always. A demonstration or a
/// replay being watched shows everything.
pub fn director_view(ai_sides: &[Side], seat: Option<Side>, watching: bool) -> bool {
    if watching || ai_sides.contains(&Side::Heroes) {
        return true;
    }
    if ai_sides.contains(&Side::Director) {
        return false;
    }
    seat == Some(Side::Director)
}

pub fn watch_viewer(
    seats: Res<AiSeats>,
    seat: Res<Seat>,
    demo: Option<Res<DemoPlayer>>,
    replay: Option<Res<ReplayPlayer>>,
    mut view: ResMut<DirectorView>,
) {
    let watching = demo.is_some() || replay.is_some();
    view.set_if_neq(DirectorView(director_view(&seats.0, seat.0, watching)));
}

/// The hand-off screen, while it is up.
#[derive(Component)]
pub struct HandOff;

/// What the hand-off screen says.
pub fn message(side: Side) -> String {
    match side {
        Side::Heroes => "Pass to the heroes' players".to_owned(),
        Side::Director => "Pass to the Director".to_owned(),
    }
}

/// When a person's seat other than the one at the screen must answer (and at the start), put up
/// the hand-off screen. Only with two people's seats: against the AI there is no one to hand
/// over to.
fn pass_control(
    mut commands: Commands,
    state: Res<CurrentState>,
    seats: Res<AiSeats>,
    mut seat: ResMut<Seat>,
    shown: Query<(), With<HandOff>>,
) {
    if !seats.0.is_empty() || !shown.is_empty() {
        return;
    }
    let Some(side) = ai::side_to_answer(&state.0) else {
        return;
    };
    if seat.0 == Some(side) {
        return;
    }
    seat.0 = Some(side);
    commands
        .spawn((
            HandOff,
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
                Text::new(message(side)),
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

/// Enter or a click takes the hand-off screen down.
fn dismiss(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    shown: Query<Entity, With<HandOff>>,
) {
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
            .insert_resource(CurrentState(game.engine_mut().state()))
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
        let shown: Vec<Entity> = app
            .world_mut()
            .query_filtered::<Entity, With<HandOff>>()
            .iter(app.world())
            .collect();
        for e in shown {
            app.world_mut().entity_mut(e).despawn();
        }
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            game.apply(command).unwrap();
        }
        app.insert_resource(CurrentState(game.engine_mut().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        assert!(screens(&mut app).is_empty());

        // Brann's turn ends: the Director picks next, at the other seat.
        game.apply(Command::EndTurn {
            creature: "brann".into(),
        })
        .unwrap();
        app.insert_resource(CurrentState(game.engine_mut().state()));
        app.world_mut().run_system_once(pass_control).unwrap();
        assert_eq!(screens(&mut app), vec!["Pass to the Director"]);
    }

    #[test]
    fn the_directors_information_shows_only_where_the_director_looks() {
        use Side::{Director, Heroes};
        // Hot-seat: the seat at the screen decides; before the first hand-off, no one's.
        assert!(director_view(&[], Some(Director), false));
        assert!(!director_view(&[], Some(Heroes), false));
        assert!(!director_view(&[], None, false));
        // Against the AI Director, the people at the screen are the heroes' players.
        assert!(!director_view(&[Director], Some(Director), false));
        assert!(!director_view(&[Director], None, false));
        // The AI plays the heroes: the person is the Director; no people at all: onlookers.
        assert!(director_view(&[Heroes], None, false));
        assert!(director_view(&[Heroes, Director], None, false));
        // A demonstration or a replay shows everything.
        assert!(director_view(&[Director], Some(Heroes), true));
    }

    #[test]
    fn against_the_ai_nothing_is_handed_over() {
        let d = crate::scenarios::DEFAULT;
        let mut game = Game::new(d.file, d.text, Some(7)).unwrap();
        let mut app = app(vec![Side::Director], &mut game);
        app.world_mut().run_system_once(pass_control).unwrap();
        assert!(screens(&mut app).is_empty());
    }
}
