//! A skirmish as a file: the scenario's text, the seed and every command played, each with the
//! checksum of the battle after it. Replaying it must give the same checksums, natively and in
//! the browser alike; the first that differs names the step where the game went another way.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::diagnostic::{Diagnostic, ron_options};

use steelgrid_kernel::replay::{self, Replayable};

use crate::battle::{Battle, Command};
use crate::scenario;

pub use steelgrid_kernel::replay::Played;

/// A recorded skirmish.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "MiniaturesReplay", deny_unknown_fields)]
pub struct Replay {
    /// The scenario's file name, as its diagnostics name it.
    pub file: String,
    /// The scenario's whole text: a replay plays without the file.
    pub scenario: String,
    pub seed: u64,
    pub steps: Vec<Played<Command>>,
}

impl Replay {
    /// Record `commands` played from the start of the scenario with `seed`: each is applied to
    /// a fresh battle and the checksum after it kept. Refused if one of them is.
    pub fn record(
        file: &str,
        text: &str,
        seed: u64,
        commands: &[Command],
    ) -> Result<Replay, String> {
        Ok(Replay {
            file: file.to_owned(),
            scenario: text.to_owned(),
            seed,
            steps: replay::record::<Battle>(file, text, seed, commands)?,
        })
    }

    /// Play the replay again and check every checksum: the battle at its end, or the first step
    /// that was refused or came out differently.
    pub fn verify(&self) -> Result<Battle, String> {
        replay::verify::<Battle>(&self.file, &self.scenario, self.seed, &self.steps)
    }

    /// The replay as RON.
    pub fn to_ron(&self) -> String {
        ron::ser::to_string_pretty(self, ron::ser::PrettyConfig::default().struct_names(true))
            .expect("a replay is plain data")
    }

    /// Read a replay, or say where the file is wrong.
    pub fn parse(file: &str, text: &str) -> Result<Replay, Diagnostic> {
        ron_options().from_str(text).map_err(|e| Diagnostic {
            file: file.to_owned(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        })
    }

    /// Whether a file's text is a Miniatures replay.
    pub fn is_replay(text: &str) -> bool {
        text.trim_start().starts_with("MiniaturesReplay(")
    }
}

impl Replayable for Battle {
    type Command = Command;

    fn begin(file: &str, text: &str, seed: u64) -> Result<Battle, String> {
        let sc = scenario::load(file, text).map_err(|p| {
            p.iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        Ok(Battle::new(&sc, Some(seed)))
    }

    fn play(&mut self, command: &Command) -> Result<(), String> {
        self.apply(command.clone())
            .map(drop)
            .map_err(|e| e.to_string())
    }

    fn checksum(&self) -> u64 {
        Battle::checksum(self)
    }

    fn name(command: &Command) -> &'static str {
        command.name()
    }
}
