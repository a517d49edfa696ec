//! Saving, undo and watching replays in the window. The command log itself lives in the rules
//! crate ([`steelgrid_rules::record`]); here are only the keys, the autosave at each turn start
//! and the replay player's pace.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::{Game, Record, Step, UndoRefused};

use super::actions::{Action, Controls};
use super::ai_seat::AiSeats;
use super::handoff::{Seat, SeatId};
use super::play::Feedback;
use crate::game::screens::BattleMode;
use crate::game::ui::explainer::Explaining;
use crate::game::ui::words::command_words;
use crate::game::{BattleSystems, CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.init_resource::<RecordLine>()
        .add_systems(
            Update,
            (
                (
                    save_on_request,
                    undo_on_request,
                    autosave_at_turn_start.run_if(not(resource_exists::<WhatIf>)),
                    what_if,
                )
                    .run_if(not(in_state(BattleMode::Replay))),
                play_replay.run_if(in_state(BattleMode::Replay)),
            )
                .in_set(crate::game::screens::PlaySystems)
                .in_set(BattleSystems::Command),
        )
        .add_systems(Update, describe_record.in_set(BattleSystems::Follow));
}

/// What undo or the replay player would do next, for the status bar.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct RecordLine(pub String);

/// The pace of something that plays by itself (a replay, a demonstration): playing or paused,
/// one of a few speeds, and the time to the next beat. P, `.`, `+` and `-` steer it.
pub struct Beat {
    pub playing: bool,
    pub speed: usize,
    /// Seconds between beats at each speed, slowest first.
    seconds: &'static [f32],
    timer: Timer,
}

impl Beat {
    /// Playing, at the second-slowest speed.
    pub fn new(seconds: &'static [f32]) -> Self {
        Self {
            playing: true,
            speed: 1,
            seconds,
            timer: Timer::from_seconds(seconds[1], TimerMode::Repeating),
        }
    }

    /// Follow this frame's keys and clock: whether a beat is due now (its time has come while
    /// playing, or `.` asked for it).
    pub fn due(&mut self, controls: &ActionState<Action>, delta: std::time::Duration) -> bool {
        if controls.just_pressed(&Action::ReplayPlayPause) {
            self.playing = !self.playing;
        }
        let speed = if controls.just_pressed(&Action::ReplayFaster) {
            (self.speed + 1).min(self.seconds.len() - 1)
        } else if controls.just_pressed(&Action::ReplaySlower) {
            self.speed.saturating_sub(1)
        } else {
            self.speed
        };
        if speed != self.speed {
            self.speed = speed;
            self.timer = Timer::from_seconds(self.seconds[speed], TimerMode::Repeating);
        }
        controls.just_pressed(&Action::ReplayStep)
            || (self.playing && self.timer.tick(delta).just_finished())
    }
}

/// A replay being watched: its steps are applied one by one and each checksum compared.
#[derive(Resource)]
pub struct ReplayPlayer {
    record: Record,
    beat: Beat,
    /// The first step whose checksum differed, if any.
    diverged: Option<usize>,
}

/// Seconds between replayed commands at each speed.
const SPEEDS: [f32; 5] = [1.2, 0.6, 0.3, 0.12, 0.03];

impl ReplayPlayer {
    pub fn new(record: Record) -> Self {
        Self {
            record,
            beat: Beat::new(&SPEEDS),
            diverged: None,
        }
    }
}

/// A "what if" branch is open: the game as it was when the branch began, to return to.
#[derive(Resource)]
pub struct WhatIf {
    origin: Record,
}

impl WhatIf {
    /// The real game, as it was when the branch began.
    pub fn origin(&self) -> &Record {
        &self.origin
    }
}

/// W opens a branch from the present (or from the command the explainer shows) to try other
/// moves, for teaching; W again returns to the game exactly as it was. The branch rolls dice
/// of its own (each branch opened another stream), never the real game's next rolls.
fn what_if(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    branch: Option<Res<WhatIf>>,
    explaining: Option<Res<Explaining>>,
    mut rules: ResMut<Rules>,
    mut feedback: ResMut<Feedback>,
    mut opened: Local<u64>,
) {
    if !controls.just_pressed(&Action::WhatIf) {
        return;
    }
    if let Some(branch) = branch {
        match branch.origin.resume() {
            Ok(game) => {
                rules.0 = game;
                *feedback = Feedback::Hint("Back from the what-if branch".into());
            }
            Err(e) => *feedback = Feedback::Hint(format!("Cannot return: {e}")),
        }
        commands.remove_resource::<WhatIf>();
        return;
    }
    let origin = rules.bypass_change_detection().0.save();
    let at = explaining.map(|e| e.step + 1);
    *opened += 1;
    match at {
        // Branch from the explained command: the game up to and including it.
        Some(keep) => {
            let mut replay = origin.clone();
            replay.snapshot = None;
            replay.steps.truncate(keep);
            match replay.verify() {
                Ok(game) => rules.0 = game.branch(*opened),
                Err(e) => {
                    *feedback = Feedback::Hint(format!("Cannot branch there: {e}"));
                    return;
                }
            }
            commands.remove_resource::<Explaining>();
        }
        None => rules.0 = rules.0.branch(*opened),
    }
    commands.insert_resource(WhatIf { origin });
    *feedback = Feedback::Hint(match at {
        Some(step) => format!("What-if branch from command {step}: W returns to the game"),
        None => "What-if branch: play freely, W returns to the game".into(),
    });
}

/// Save slots: files in the save directory natively, the page's local storage on the web.
#[cfg(not(target_arch = "wasm32"))]
fn store(slot: &str, record: &Record) -> Result<String, String> {
    let path = crate::saves::directory().join(format!("{slot}.ron"));
    crate::saves::write(&path, record)?;
    Ok(path.display().to_string())
}

#[cfg(target_arch = "wasm32")]
fn store(slot: &str, record: &Record) -> Result<String, String> {
    crate::web::store(slot, &record.to_ron())?;
    Ok(format!("browser storage ({slot})"))
}

fn save_on_request(
    controls: Single<&ActionState<Action>, With<Controls>>,
    rules: Res<Rules>,
    mut feedback: ResMut<Feedback>,
) {
    if !controls.just_pressed(&Action::Save) {
        return;
    }
    let record = rules.0.save();
    *feedback = Feedback::Hint(match store("quicksave", &record) {
        Ok(place) => format!("Saved to {place}"),
        Err(e) => format!("Not saved: {e}"),
    });
}

/// Autosave whenever a creature's turn begins (one save per turn, overwritten each time).
fn autosave_at_turn_start(
    state: Res<CurrentState>,
    rules: Res<Rules>,
    mut last: Local<Option<(u32, String)>>,
) {
    let Some(turn) = &state.0.turn else {
        return;
    };
    let key = (state.0.round, turn.clone());
    if last.as_ref() == Some(&key) {
        return;
    }
    *last = Some(key);
    let record = rules.0.save();
    if let Err(e) = store("autosave", &record) {
        warn!("autosave failed: {e}");
    }
}

/// The side of the person at the screen: the seat's at a shared screen, else the side the AI
/// does not play (none when the AI plays both, or before a shared screen's first seat).
fn person_side(seats: &AiSeats, seat: &Seat) -> Option<Side> {
    match (seat.0, seats.0.as_slice()) {
        (Some(SeatId::Director), _) => Some(Side::Director),
        (Some(SeatId::Player(_) | SeatId::Heroes), _) => Some(Side::Heroes),
        (None, [ai]) => Some(ai.other()),
        (None, _) => None,
    }
}

/// The step the person at the screen may take back: never the AI's, at a shared screen never
/// the other seat's, never one that rolled dice.
fn undoable<'g>(game: &'g Game, seats: &AiSeats, seat: &Seat) -> Result<&'g Step, String> {
    let step = match person_side(seats, seat) {
        Some(side) => game.undoable_by(side),
        None => game.undoable(),
    };
    match step {
        Ok(step) if step.by.is_some_and(|side| seats.0.contains(&side)) => {
            Err("the last command was the AI's".to_owned())
        }
        Err(UndoRefused::AnotherSeat(by)) if seats.0.contains(&by) => {
            Err("the last command was the AI's".to_owned())
        }
        Ok(step) => Ok(step),
        Err(e) => Err(e.to_string()),
    }
}

/// Undo the last command, if it was this seat's and rolled no dice.
fn undo_on_request(
    controls: Single<&ActionState<Action>, With<Controls>>,
    seats: Res<AiSeats>,
    seat: Res<Seat>,
    mut rules: ResMut<Rules>,
    mut feedback: ResMut<Feedback>,
) {
    if !controls.just_pressed(&Action::Undo) {
        return;
    }
    let refusal = undoable(&rules.bypass_change_detection().0, &seats, &seat).err();
    *feedback = Feedback::Hint(match refusal {
        Some(why) => format!("Cannot undo: {why}"),
        None => {
            let before = rules.0.engine().state();
            match rules.0.undo() {
                Ok(command) => format!("Undone: {}", command_words(&before, &command)),
                Err(e) => format!("Cannot undo: {e}"),
            }
        }
    });
}

fn play_replay(
    time: Res<Time>,
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut player: ResMut<ReplayPlayer>,
    mut rules: ResMut<Rules>,
    mut feedback: ResMut<Feedback>,
) {
    let due = player.beat.due(&controls, time.delta());
    let next = rules.0.steps().len();
    if !due || next >= player.record.steps.len() {
        return;
    }
    let step = player.record.steps[next].clone();
    match rules.0.apply(step.command) {
        Ok(_) => {
            let found = &rules.0.steps()[next].checksum;
            if *found != step.checksum && player.diverged.is_none() {
                player.diverged = Some(next + 1);
                player.beat.playing = false;
                *feedback = Feedback::Hint(format!(
                    "Replay differs at step {}: checksum {found}, recorded {}",
                    next + 1,
                    step.checksum
                ));
            }
        }
        Err(e) => {
            player.beat.playing = false;
            player.diverged = Some(next + 1);
            *feedback = Feedback::Hint(format!("Replay stopped at step {}: {e}", next + 1));
        }
    }
}

fn describe_record(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    seats: Res<AiSeats>,
    seat: Res<Seat>,
    player: Option<Res<ReplayPlayer>>,
    branch: Option<Res<WhatIf>>,
    mut line: ResMut<RecordLine>,
) {
    let text = match player {
        Some(p) => {
            let done = rules.0.steps().len();
            let total = p.record.steps.len();
            let state = match (p.diverged, done == total, p.beat.playing) {
                (Some(step), _, _) => format!("differs at step {step}"),
                (None, true, _) => "finished, every checksum matched".to_owned(),
                (None, false, true) => format!("playing x{}", speed_name(p.beat.speed)),
                (None, false, false) => "paused".to_owned(),
            };
            format!("Replay {done}/{total} - {state}  (P play/pause, . step, +/- speed)")
        }
        None => {
            let undo = match (rules.0.undoable(), undoable(&rules.0, &seats, &seat)) {
                (Err(UndoRefused::NothingToUndo), _) => String::new(),
                (_, Ok(step)) => format!("Z undo: {}", command_words(&state.0, &step.command)),
                (Err(UndoRefused::DiceRolled), _) => "Z undo: no (dice were rolled)".to_owned(),
                (_, Err(_)) => "Z undo: no".to_owned(),
            };
            match branch {
                Some(_) => format!("WHAT-IF BRANCH (W returns)  {undo}"),
                None => undo,
            }
        }
    };
    line.set_if_neq(RecordLine(text));
}

fn speed_name(speed: usize) -> &'static str {
    ["0.5", "1", "2", "5", "20"][speed]
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::Command;

    #[test]
    fn at_a_shared_screen_the_directors_undo_never_hands_the_heroes_turn_back() {
        let [first, start] = crate::game::testing::heroes_first("brann");
        let game = crate::game::testing::default_after([
            first,
            start,
            Command::EndTurn {
                creature: "brann".into(),
            },
        ]);
        let people = AiSeats(Vec::new());
        let director = Seat(Some(SeatId::Director));
        assert_eq!(
            undoable(&game, &people, &director).map(|s| s.command.name()),
            Err("the last command was the heroes'; a seat takes back only its own".to_owned())
        );
        let player = Seat(Some(SeatId::Player(1)));
        assert_eq!(
            undoable(&game, &people, &player).map(|s| s.command.name()),
            Ok("EndTurn")
        );
        // Against the AI the person plays the other side, and never takes back the AI's.
        let ai_heroes = AiSeats(vec![Side::Heroes]);
        assert_eq!(person_side(&ai_heroes, &Seat(None)), Some(Side::Director));
        assert_eq!(
            undoable(&game, &ai_heroes, &Seat(None)).map(|s| s.command.name()),
            Err("the last command was the AI's".to_owned())
        );
    }
}
