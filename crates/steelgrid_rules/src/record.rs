//! Recorded games: the scenario text, the seed and every accepted command with the state checksum
//! after it. Saves, replays and undo are all made of this one log (DESIGN.md "Snapshot and
//! restore"): a save adds a snapshot, a replay is re-run and checked command by command in the
//! manner of Wesnoth's replay checkups, and undo re-runs the log without its last command.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::ai;
use crate::command::{Command, RuleError};
use crate::creature::Side;
use crate::engine::{Engine, Snapshot};
use crate::event::LoggedEvent;
use crate::scenario::{self, Diagnostic, Scenario};
use steelgrid_kernel::checksum::fnv1a;

/// The version of the record format this build writes. Format 2 changed only the state
/// checksum ([`Engine::checksum`]); a format 1 record is still read, verified with the checksum
/// it was written with ([`Engine::checksum_format_1`]), and goes on in format 1.
pub const FORMAT: u32 = 2;

/// The record formats this build reads.
pub const FORMATS_READ: std::ops::RangeInclusive<u32> = 1..=FORMAT;

/// The scenario a game was played on, carried whole so that a record plays anywhere.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScenarioSource {
    /// Where it was loaded from (for messages only).
    pub file: String,
    /// FNV-1a of `text`, in hex: the scenario's identity.
    pub hash: String,
    pub text: String,
}

impl ScenarioSource {
    pub fn new(file: &str, text: &str) -> Self {
        Self {
            file: file.to_owned(),
            hash: hash(text),
            text: text.to_owned(),
        }
    }
}

fn hash(text: &str) -> String {
    format!("{:016x}", fnv1a(text.as_bytes()))
}

/// One accepted command and what it left behind.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Step {
    pub command: Command,
    /// The side whose turn it was when the command was given (none between turns).
    pub by: Option<Side>,
    /// The state checksum after the command, in hex: `Engine::checksum` in record format 2,
    /// `Engine::checksum_format_1` in format 1.
    pub checksum: String,
    /// Whether the command rolled dice: such a step can never be undone.
    pub rolled: bool,
    /// How many events the command wrote to the log (the explainer steps through them).
    pub events: usize,
}

/// A game in progress: the engine plus the log that can rebuild it.
pub struct Game {
    source: ScenarioSource,
    scenario: Scenario,
    seed: u64,
    engine: Engine,
    steps: Vec<Step>,
    /// The record format the game's checksums are written in.
    format: u32,
}

impl Game {
    /// Start a scenario from its text (`file` names it in messages).
    pub fn new(file: &str, text: &str, seed: Option<u64>) -> Result<Game, Vec<Diagnostic>> {
        let scenario = scenario::load(file, text)?;
        let engine = scenario.start(seed);
        let seed = engine.seed();
        Ok(Game {
            source: ScenarioSource::new(file, text),
            scenario,
            seed,
            engine,
            steps: Vec::new(),
            format: FORMAT,
        })
    }

    /// The state checksum after the last command, as the game's record format writes it.
    pub fn checksum(&self) -> String {
        let sum = match self.format {
            1 => self.engine.checksum_format_1(),
            _ => self.engine.checksum(),
        };
        format!("{sum:016x}")
    }

    pub fn engine(&self) -> &Engine {
        &self.engine
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    pub fn source(&self) -> &ScenarioSource {
        &self.source
    }

    pub fn seed(&self) -> u64 {
        self.seed
    }

    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Apply a command and record it. A refused command records nothing.
    pub fn apply(&mut self, command: Command) -> Result<Vec<LoggedEvent>, RuleError> {
        // A Director override is the Director's seat's, whoever's turn it is.
        let by = match command {
            Command::DirectorOverride(_) => Some(Side::Director),
            _ => ai::side_to_answer(&self.engine.state_unhashed()),
        };
        let rolled_before = self.engine.dice_rolled();
        let events = self.engine.apply(command.clone())?;
        self.steps.push(Step {
            command,
            by,
            checksum: self.checksum(),
            rolled: self.engine.dice_rolled() != rolled_before,
            events: events.len(),
        });
        Ok(events)
    }

    /// The events the command of step `index` (from 0) wrote to the log.
    pub fn events_of(&self, index: usize) -> &[LoggedEvent] {
        let log = self.engine.log();
        let after: usize = self.steps[index + 1..].iter().map(|s| s.events).sum();
        let end = log.len() - after;
        &log[end - self.steps[index].events..end]
    }

    /// The step [`Game::undo`] would take back, or why there is none.
    pub fn undoable(&self) -> Result<&Step, UndoRefused> {
        let step = self.steps.last().ok_or(UndoRefused::NothingToUndo)?;
        if let Command::WhatIf { .. } = step.command {
            return Err(UndoRefused::BranchBegins);
        }
        if step.rolled {
            return Err(UndoRefused::DiceRolled);
        }
        Ok(step)
    }

    /// The step the seat playing `side` may take back: a command given on its side's turns,
    /// or between turns by no side. At a shared screen one seat never takes back another's
    /// (the Director's undo does not hand the heroes' ended turn back to them).
    pub fn undoable_by(&self, side: Side) -> Result<&Step, UndoRefused> {
        let step = self.undoable()?;
        match step.by {
            Some(by) if by != side => Err(UndoRefused::AnotherSeat(by)),
            _ => Ok(step),
        }
    }

    /// Open a what-if branch from here: a copy of the game whose dice, from now on, come from
    /// the stream `stream` of its own ([`Command::WhatIf`], recorded so that the branch
    /// replays, saves and undoes like any game). This game is left as it was.
    pub fn branch(&self, stream: u64) -> Game {
        let mut branch = Game {
            source: self.source.clone(),
            scenario: self.scenario.clone(),
            seed: self.seed,
            engine: Engine::restore(self.engine.snapshot()),
            steps: self.steps.clone(),
            format: self.format,
        };
        branch.engine.set_bestiary(self.scenario.bestiary());
        branch
            .apply(Command::WhatIf { stream })
            .expect("a what-if branch may begin at any moment");
        branch
    }

    /// Take back the last command: the game is rebuilt from the scenario and the log without
    /// it, so the state is exactly what it was. Refused once dice have been rolled, since the
    /// roll is known (as in Wesnoth, undo stops where information was revealed).
    pub fn undo(&mut self) -> Result<Command, UndoRefused> {
        self.undoable()?;
        let undone = self.steps.pop().expect("undoable checked a step exists");
        let mut engine = self.scenario.start(Some(self.seed));
        for step in &self.steps {
            engine
                .apply(step.command.clone())
                .expect("a recorded command replays on the same scenario and seed");
        }
        self.engine = engine;
        Ok(undone.command)
    }

    /// The game as a replay: scenario, seed and the checked command log.
    pub fn replay(&self) -> Record {
        Record {
            format: self.format,
            scenario: self.source.clone(),
            seed: self.seed,
            steps: self.steps.clone(),
            snapshot: None,
        }
    }

    /// The game as a save: a replay plus the full state, to continue from.
    pub fn save(&self) -> Record {
        Record {
            snapshot: Some(self.engine.snapshot()),
            ..self.replay()
        }
    }
}

/// Why the last step cannot be taken back.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UndoRefused {
    NothingToUndo,
    DiceRolled,
    /// The last command opened the what-if branch being played.
    BranchBegins,
    /// The last command was given on the other side's turn.
    AnotherSeat(Side),
}

impl fmt::Display for UndoRefused {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            UndoRefused::NothingToUndo => "nothing to undo",
            UndoRefused::DiceRolled => {
                "the last command rolled dice; a known roll cannot be undone"
            }
            UndoRefused::BranchBegins => "the what-if branch begins here; W returns to the game",
            UndoRefused::AnotherSeat(Side::Heroes) => {
                "the last command was the heroes'; a seat takes back only its own"
            }
            UndoRefused::AnotherSeat(Side::Director) => {
                "the last command was the Director's; a seat takes back only its own"
            }
        })
    }
}

/// A save or replay file.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Record {
    pub format: u32,
    pub scenario: ScenarioSource,
    pub seed: u64,
    pub steps: Vec<Step>,
    /// Present in saves: the state to continue from.
    #[serde(default)]
    pub snapshot: Option<Snapshot>,
}

/// Only the version, read first so that a newer file gets a clear message rather than a
/// parse error about a field this build has never heard of.
#[derive(Deserialize)]
struct Header {
    format: u32,
}

/// What can be wrong with a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RecordError {
    /// Not a record, or cut short.
    Malformed(Diagnostic),
    Version {
        file: String,
        found: u32,
    },
    /// The scenario text was changed after the game was recorded.
    ScenarioChanged {
        file: String,
        expected: String,
        found: String,
    },
    Scenario(Vec<Diagnostic>),
    /// A recorded command is refused on re-running (step numbers count from 1).
    Refused {
        step: usize,
        error: RuleError,
    },
    /// The state after a command differs from the recorded checksum.
    Mismatch {
        step: usize,
        /// The command, in RON.
        command: String,
        expected: String,
        found: String,
    },
    /// The saved state does not match the last checksum of its own log.
    SnapshotMismatch {
        expected: String,
        found: String,
    },
}

impl fmt::Display for RecordError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RecordError::Malformed(d) => write!(f, "{d} (not a readable save or replay)"),
            RecordError::Version { file, found } => write!(
                f,
                "{file}: written in record format {found}; this build reads formats {} to {}",
                FORMATS_READ.start(),
                FORMATS_READ.end()
            ),
            RecordError::ScenarioChanged {
                file,
                expected,
                found,
            } => write!(
                f,
                "{file}: the scenario text has hash {found}, but the record says {expected} \
                 (the file was edited)"
            ),
            RecordError::Scenario(problems) => {
                let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                write!(f, "{}", lines.join("\n"))
            }
            RecordError::Refused { step, error } => {
                write!(f, "step {step}: the recorded command is now {error}")
            }
            RecordError::Mismatch {
                step,
                command,
                expected,
                found,
            } => write!(
                f,
                "step {step} ({}): state checksum {found}, recorded {expected}",
                command
            ),
            RecordError::SnapshotMismatch { expected, found } => write!(
                f,
                "the saved state has checksum {found}, but its log ends at {expected} \
                 (the save was edited or damaged)"
            ),
        }
    }
}

impl std::error::Error for RecordError {}

impl Record {
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new().depth_limit(3);
        ron::ser::to_string_pretty(self, pretty).expect("a record always serializes")
    }

    /// Read a record; `file` names it in messages.
    pub fn parse(file: &str, text: &str) -> Result<Record, RecordError> {
        let malformed = |e: ron::error::SpannedError| {
            RecordError::Malformed(Diagnostic {
                file: file.to_owned(),
                line: e.span.start.line,
                col: e.span.start.col,
                message: e.code.to_string(),
            })
        };
        let header: Header = ron::Options::default().from_str(text).map_err(malformed)?;
        if !FORMATS_READ.contains(&header.format) {
            return Err(RecordError::Version {
                file: file.to_owned(),
                found: header.format,
            });
        }
        let record: Record = ron::Options::default().from_str(text).map_err(malformed)?;
        let found = hash(&record.scenario.text);
        if found != record.scenario.hash {
            return Err(RecordError::ScenarioChanged {
                file: file.to_owned(),
                expected: record.scenario.hash,
                found,
            });
        }
        Ok(record)
    }

    fn start(&self) -> Result<Game, RecordError> {
        let mut game = Game::new(&self.scenario.file, &self.scenario.text, Some(self.seed))
            .map_err(RecordError::Scenario)?;
        game.format = self.format;
        Ok(game)
    }

    /// Re-run every command from the start and compare each checksum; the first difference
    /// or refusal is the error. The re-run game is returned, ready to go on.
    pub fn verify(&self) -> Result<Game, RecordError> {
        let mut game = self.start()?;
        for (i, step) in self.steps.iter().enumerate() {
            game.apply(step.command.clone())
                .map_err(|error| RecordError::Refused { step: i + 1, error })?;
            let found = &game.steps[i].checksum;
            if *found != step.checksum {
                return Err(RecordError::Mismatch {
                    step: i + 1,
                    command: step.command.to_ron(),
                    expected: step.checksum.clone(),
                    found: found.clone(),
                });
            }
        }
        Ok(game)
    }

    /// Continue a saved game: its snapshot is restored (checked against the last checksum of
    /// its log); a record without a snapshot is re-run instead.
    pub fn resume(&self) -> Result<Game, RecordError> {
        let Some(snapshot) = &self.snapshot else {
            return self.verify();
        };
        let mut game = self.start()?;
        let expected = match self.steps.last() {
            Some(step) => step.checksum.clone(),
            None => game.checksum(),
        };
        game.engine.restore_in_place(snapshot.clone());
        game.engine.set_bestiary(game.scenario.bestiary());
        let found = game.checksum();
        if found != expected {
            return Err(RecordError::SnapshotMismatch { expected, found });
        }
        game.steps = self.steps.clone();
        Ok(game)
    }
}
