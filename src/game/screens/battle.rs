//! Starting a battle — from the command line, the seat setup, or again from the pause menu and
//! the results — and noticing its end.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::{Game, Record, ScenarioSource};

use super::{BattleMode, PlaySystems, Screen, Selection};
use crate::game::battle::ai_seat::AiSeats;
use crate::game::battle::choices::Choices;
use crate::game::battle::demo::DemoPlayer;
use crate::game::battle::handoff::{HandOff, Players, Seat};
use crate::game::battle::play::{Feedback, PlayMode};
use crate::game::battle::records::{ReplayPlayer, WhatIf};
use crate::game::ui::explainer::{Explaining, Narration};
use crate::game::view::animation::Animations;
use crate::game::view::board::BoardLayout;
use crate::game::view::cursor::HoverPin;
use crate::game::{BattleSystems, CurrentState, Rules};

/// Seconds between the end of a battle and its results: time to see the last blow land.
const RESULTS_AFTER: f32 = 1.5;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        watch_for_the_end
            .in_set(PlaySystems)
            .in_set(BattleSystems::Follow),
    )
    .add_systems(Update, name_window.run_if(state_changed::<Screen>));
}

/// What the battle on the board was started from, to start it again.
#[derive(Resource, Clone, Debug)]
pub struct Setup {
    pub source: ScenarioSource,
    pub seed: u64,
    pub ai_sides: Vec<Side>,
    pub players: Players,
    /// The replay being watched.
    pub replay: Option<Record>,
}

/// Put `game` on the board in place of the battle there: the engine and everything drawn from
/// it, the sides the AI plays, and a demonstration's script (when the game is at its start) or
/// the replay to watch. Nothing of the battle before is left: its play mode, message, what-if
/// branch, explainer, narration and hand-off screen go. The menus' [`Selection`] becomes this
/// battle's.
pub fn start(
    world: &mut World,
    game: Game,
    ai_sides: Vec<Side>,
    players: Players,
    replay: Option<Record>,
) {
    let state = game.engine().state();
    // Without a say, one player plays every hero.
    let players = if players.0.is_empty() {
        Players::dealt(&crate::game::battle::handoff::heroes(&state), 1)
    } else {
        players
    };
    let demo: Vec<_> = if game.steps().is_empty() && replay.is_none() {
        game.scenario()
            .demo
            .iter()
            .map(|(line, _)| line.clone())
            .collect()
    } else {
        Vec::new()
    };
    world.insert_resource(Selection {
        source: game.source().clone(),
        name: game.scenario().name.clone(),
        ai_sides: ai_sides.clone(),
        players: players.clone(),
    });
    world.insert_resource(Setup {
        source: game.source().clone(),
        seed: game.seed(),
        ai_sides: ai_sides.clone(),
        players: players.clone(),
        replay: replay.clone(),
    });
    world.insert_resource(players);
    world.insert_resource(BoardLayout::new(game.engine().map()));
    world.insert_resource(CurrentState(state));
    world.insert_resource(Rules(game));
    world.insert_resource(AiSeats(ai_sides));

    world.insert_resource(PlayMode::default());
    world.insert_resource(Feedback::default());
    world.insert_resource(Choices::default());
    world.insert_resource(Seat::default());
    world.insert_resource(crate::game::battle::ai_seat::AiReasoning::default());
    world.insert_resource(Narration::default());
    world.remove_resource::<Explaining>();
    world.remove_resource::<WhatIf>();
    world.remove_resource::<HoverPin>();
    world.remove_resource::<DemoPlayer>();
    world.remove_resource::<ReplayPlayer>();
    if !demo.is_empty() {
        world.insert_resource(DemoPlayer::new(demo));
    }
    if let Some(record) = replay {
        world.insert_resource(ReplayPlayer::new(record));
    }
    let screens: Vec<Entity> = world
        .query_filtered::<Entity, With<HandOff>>()
        .iter(world)
        .collect();
    for screen in screens {
        world.despawn(screen);
    }
}

/// Start the battle on the board again from its beginning: the same scenario, seed and seats
/// (a replay from its first command).
pub fn restart(world: &mut World) {
    let setup = world.resource::<Setup>().clone();
    match Game::new(&setup.source.file, &setup.source.text, Some(setup.seed)) {
        Ok(game) => start(world, game, setup.ai_sides, setup.players, setup.replay),
        // It loaded when the battle began, so only a changed rules engine could refuse it.
        Err(problems) => {
            let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
            *world.resource_mut::<Feedback>() = Feedback::Hint(lines.join("; "));
        }
    }
}

/// Once a battle played at this screen ends, show its results, a moment after its last
/// animation. A battle being watched (a demonstration, a replay) or explored (a what-if branch)
/// stays on the board. Undoing the last blow before the results show keeps the battle going.
fn watch_for_the_end(
    time: Res<Time>,
    rules: Res<Rules>,
    animations: Option<Res<Animations>>,
    mode: Res<State<BattleMode>>,
    branch: Option<Res<WhatIf>>,
    mut was_on: Local<bool>,
    mut wait: Local<Option<Timer>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if rules.0.engine().outcome().is_none() {
        *was_on = true;
        *wait = None;
        return;
    }
    let watched = matches!(mode.get(), BattleMode::Demo | BattleMode::Replay) || branch.is_some();
    if std::mem::take(&mut *was_on) && !watched {
        *wait = Some(Timer::from_seconds(RESULTS_AFTER, TimerMode::Once));
    }
    if animations.is_some_and(|a| a.busy()) {
        return;
    }
    if let Some(timer) = wait.as_mut()
        && timer.tick(time.delta()).is_finished()
    {
        *wait = None;
        next.set(Screen::Results);
    }
}

/// The window is named after the scenario while its battle or results are on screen.
fn name_window(
    screen: Res<State<Screen>>,
    state: Res<CurrentState>,
    mut window: Single<&mut Window, With<PrimaryWindow>>,
) {
    window.title = match screen.get() {
        Screen::Battle | Screen::Results => format!("Steelgrid — {}", state.0.scenario),
        _ => "Steelgrid".to_owned(),
    };
}
