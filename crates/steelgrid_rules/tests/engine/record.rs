//! Saves, replays and undo: the recorded command log rebuilds exactly the game it came from.

use crate::common;

use common::{ai_game, json, mill};
use steelgrid_rules::Command;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;
use steelgrid_rules::movement::Gait;
use steelgrid_rules::record::{FORMAT, Game, Record, RecordError, UndoRefused};

/// Several AI games back to back until one runs 200 commands or more.
fn long_ai_game() -> Game {
    (1..50)
        .map(|seed| ai_game(seed, 10_000))
        .find(|g| g.steps().len() >= 200)
        .expect("some seed gives a 200-command game")
}

#[test]
fn a_200_command_ai_game_replays_with_every_checksum_matching() {
    let game = long_ai_game();
    let text = game.replay().to_ron();
    let record = Record::parse("game.replay.ron", &text).expect("the replay reads back");
    let again = record.verify().expect("every checksum matches");
    assert_eq!(again.steps(), game.steps());
    assert_eq!(again.engine().checksum(), game.engine().checksum());
    assert_eq!(again.engine().log(), game.engine().log());
}

#[test]
fn a_tampered_replay_names_the_first_step_that_differs() {
    let game = ai_game(4, 120);
    let mut record = game.replay();
    // Step 57 now claims another command than the one played: either it is refused or the
    // state after it differs; both are reported at step 57, not before.
    let swapped = record.steps[57].command.clone();
    record.steps[56].command = swapped;
    match Record::parse("t.ron", &record.to_ron()).unwrap().verify() {
        Err(RecordError::Mismatch { step, .. } | RecordError::Refused { step, .. }) => {
            assert_eq!(step, 57)
        }
        other => panic!("expected a report at step 57, got {:?}", other.map(|_| ())),
    }

    let mut record = game.replay();
    record.steps[89].checksum = "0000000000000000".into();
    let err = record.verify().map(|_| ()).unwrap_err();
    assert!(
        matches!(err, RecordError::Mismatch { step: 90, .. }),
        "{err}"
    );
    assert!(err.to_string().starts_with("step 90 ("), "{err}");
}

#[test]
fn save_load_and_continue_equals_the_uninterrupted_game() {
    let whole = ai_game(7, 10_000);
    let commands: Vec<Command> = whole.steps().iter().map(|s| s.command.clone()).collect();
    let cut = commands.len() / 2;

    let mut first_half = mill(7);
    for c in &commands[..cut] {
        first_half.apply(c.clone()).unwrap();
    }
    let saved = first_half.save().to_ron();
    let mut resumed = Record::parse("save.ron", &saved)
        .and_then(|r| r.resume())
        .expect("the save loads");
    assert_eq!(resumed.engine().checksum(), first_half.engine().checksum());
    assert_eq!(resumed.engine().log(), first_half.engine().log());
    for c in &commands[cut..] {
        resumed.apply(c.clone()).unwrap();
    }
    assert_eq!(resumed.steps(), whole.steps());
    assert_eq!(json(resumed.engine().state()), json(whole.engine().state()));
}

#[test]
fn a_truncated_save_is_reported_with_its_position() {
    let game = ai_game(2, 30);
    let text = game.save().to_ron();
    let cut = &text[..text.len() * 2 / 3];
    let err = Record::parse("autosave.ron", cut).unwrap_err();
    let RecordError::Malformed(d) = &err else {
        panic!("expected a parse error, got {err}");
    };
    assert_eq!(d.file, "autosave.ron");
    assert!(d.line > 1, "{err}");
    assert!(err.to_string().contains("not a readable save or replay"));
}

#[test]
fn a_save_from_another_format_version_is_refused_by_name() {
    let game = ai_game(2, 10);
    let text = game
        .save()
        .to_ron()
        .replacen(&format!("format: {FORMAT}"), "format: 99", 1);
    let err = Record::parse("old.ron", &text).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("old.ron: written in record format 99; this build reads formats 1 to {FORMAT}")
    );
}

#[test]
fn an_edited_scenario_or_state_inside_a_save_is_caught() {
    let game = ai_game(2, 25);
    let mut record = game.save();
    record.scenario.text.push_str("\n// edited");
    let err = Record::parse("s.ron", &record.to_ron()).unwrap_err();
    assert!(matches!(err, RecordError::ScenarioChanged { .. }), "{err}");

    let mut record = game.save();
    let snap = record.snapshot.as_mut().unwrap();
    snap.creatures[0].stamina.current += 5;
    let err = record.resume().map(|_| ()).unwrap_err();
    assert!(matches!(err, RecordError::SnapshotMismatch { .. }), "{err}");
}

/// The opening of the mill ambush up to a hero's turn, by the AI's own choices.
fn to_a_hero_turn(game: &mut Game) -> String {
    loop {
        let state = game.engine().state();
        if let Some(id) = &state.turn {
            let hero = state.creatures.iter().find(|c| &c.id == id).unwrap();
            if hero.side == Side::Heroes && state.pending_forced.is_none() {
                return id.clone();
            }
        }
        let side = ai::side_to_answer(&state).unwrap();
        let decision = ai::decide(game.engine(), side).unwrap();
        game.apply(decision.command).unwrap();
    }
}

#[test]
fn undo_restores_the_exact_prior_state() {
    let mut game = mill(11);
    let hero = to_a_hero_turn(&mut game);
    let before = game.engine().state();
    let log_len = game.engine().log().len();
    let reach = game
        .engine()
        .reachable(&hero, Gait::Move)
        .unwrap()
        .into_iter()
        .find(|r| r.cost > 0 && !r.provokes && !r.falls)
        .expect("somewhere to go");
    game.apply(Command::Advance {
        creature: hero.clone(),
        path: reach.path,
    })
    .expect("the move is legal");
    assert_ne!(game.engine().state().checksum, before.checksum);

    let undone = game.undo().expect("a move without dice can be undone");
    assert!(matches!(undone, Command::Advance { .. }));
    assert_eq!(json(game.engine().state()), json(before));
    assert_eq!(game.engine().log().len(), log_len);
}

#[test]
fn undo_is_refused_once_dice_are_rolled() {
    let mut game = mill(11);
    // The opening roll for who goes first is a die roll: nothing before it can be taken back.
    assert!(game.steps().is_empty());
    assert_eq!(game.undo(), Err(UndoRefused::NothingToUndo));
    let rolled = ai_game(5, 10_000);
    let last_roll = rolled
        .steps()
        .iter()
        .rposition(|s| s.rolled)
        .expect("an AI game rolls dice");
    let commands: Vec<Command> = rolled.steps()[..=last_roll]
        .iter()
        .map(|s| s.command.clone())
        .collect();
    let mut game = mill(5);
    for c in commands {
        game.apply(c).unwrap();
    }
    let before = game.engine().checksum();
    assert_eq!(game.undo(), Err(UndoRefused::DiceRolled));
    assert_eq!(
        game.engine().checksum(),
        before,
        "a refused undo changes nothing"
    );
}

#[test]
fn each_step_knows_the_events_it_wrote_even_after_a_save() {
    let mut game = mill(3);
    let mut written = Vec::new();
    for _ in 0..40 {
        let state = game.engine().state();
        let side = ai::side_to_answer(&state).unwrap();
        let decision = ai::decide(game.engine(), side).unwrap();
        written.push(game.apply(decision.command).unwrap());
    }
    for (i, events) in written.iter().enumerate() {
        assert_eq!(game.events_of(i), events.as_slice(), "step {}", i + 1);
    }
    let resumed = game.save().resume().unwrap();
    assert_eq!(resumed.events_of(17), written[17].as_slice());
}

/// From a hero's turn in the mill ambush, the AI's commands up to and including the first that
/// rolls dice.
fn to_the_next_roll(game: &Game) -> Vec<Command> {
    let mut ahead = game.save().resume().expect("the game resumes");
    let mut commands = Vec::new();
    loop {
        let side = ai::side_to_answer(&ahead.engine().state()).expect("the fight goes on");
        let command = ai::decide(ahead.engine(), side).unwrap().command;
        ahead.apply(command.clone()).unwrap();
        commands.push(command);
        if ahead.steps().last().unwrap().rolled {
            return commands;
        }
    }
}

/// The log and checksum `game` ends with after `commands`.
fn played(mut game: Game, commands: &[Command]) -> (Vec<String>, u64) {
    for c in commands {
        game.apply(c.clone()).unwrap();
    }
    let last = game.events_of(game.steps().len() - 1);
    let log = last.iter().map(|e| format!("{:?}", e.event)).collect();
    (log, game.engine().checksum())
}

#[test]
fn a_what_if_branch_rolls_its_own_dice_and_the_real_game_rolls_as_if_none_was_opened() {
    let mut differed = 0;
    for seed in 1..=12 {
        let mut game = mill(seed);
        to_a_hero_turn(&mut game);
        let commands = to_the_next_roll(&game);
        let save = game.save();
        let untouched = played(save.resume().unwrap(), &commands);
        // A branch is opened, the same commands are tried in it, and the players return.
        let branch = game.branch(1);
        assert_eq!(branch.steps().len(), game.steps().len() + 1);
        let tried = played(branch, &commands);
        let returned = played(save.resume().unwrap(), &commands);
        assert_eq!(
            returned, untouched,
            "seed {seed}: the real roll is the one with no branch"
        );
        differed += usize::from(tried.0 != untouched.0);
    }
    assert!(
        differed > 0,
        "a branch's roll differs from the real game's for some seed"
    );
}

#[test]
fn a_what_if_branch_replays_and_cannot_undo_its_own_beginning() {
    let mut game = mill(4);
    to_a_hero_turn(&mut game);
    let mut branch = game.branch(3);
    let step = branch.steps().last().unwrap();
    assert_eq!(step.command, Command::WhatIf { stream: 3 });
    assert_eq!(
        branch.engine().log().last().unwrap().rule,
        "dice.what_if",
        "the log names the branch's dice"
    );
    assert_eq!(branch.undo(), Err(UndoRefused::BranchBegins));
    for c in to_the_next_roll(&branch) {
        branch.apply(c).unwrap();
    }
    let again = branch.replay().verify().expect("a branch replays");
    assert_eq!(again.engine().checksum(), branch.engine().checksum());
}

#[test]
fn at_a_shared_screen_a_seat_takes_back_only_its_own_commands() {
    let mut game = mill(11);
    let hero = to_a_hero_turn(&mut game);
    let reach = game
        .engine()
        .reachable(&hero, Gait::Move)
        .unwrap()
        .into_iter()
        .find(|r| r.cost > 0 && !r.provokes && !r.falls)
        .expect("somewhere to go");
    game.apply(Command::Advance {
        creature: hero.clone(),
        path: reach.path,
    })
    .unwrap();
    assert_eq!(
        game.undoable_by(Side::Director).map(|s| s.by),
        Err(UndoRefused::AnotherSeat(Side::Heroes))
    );
    assert_eq!(
        UndoRefused::AnotherSeat(Side::Heroes).to_string(),
        "the last command was the heroes'; a seat takes back only its own"
    );
    // The heroes end the turn: the Director, now at the screen, cannot hand it back.
    game.apply(Command::EndTurn { creature: hero }).unwrap();
    assert!(game.undoable_by(Side::Director).is_err());
    assert!(game.undoable_by(Side::Heroes).is_ok());
}
