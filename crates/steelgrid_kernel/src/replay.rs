//! A game as a file: every command played from a scenario and seed, each with the checksum of
//! the state after it. Replaying must give the same checksums, natively and in the browser; the
//! first that differs names the step where the game went another way. Each ruleset keeps its own
//! replay file (its commands, its name in RON) and plays it through [`Replayable`].

use serde::{Deserialize, Serialize};

/// A ruleset's game, as a replay plays it.
pub trait Replayable: Sized {
    type Command: Clone;
    /// The game at its start: the scenario `text` (from `file`) with `seed`.
    fn begin(file: &str, text: &str, seed: u64) -> Result<Self, String>;
    /// Apply one command, or say why it was refused.
    fn play(&mut self, command: &Self::Command) -> Result<(), String>;
    fn checksum(&self) -> u64;
    /// The command's name, for a failure's message.
    fn name(command: &Self::Command) -> &'static str;
}

/// One command of a replay and the game's checksum after it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Played<C> {
    pub command: C,
    pub checksum: u64,
}

/// Play `commands` from the start, keeping the checksum after each; refused if one of them is.
pub fn record<G: Replayable>(
    file: &str,
    text: &str,
    seed: u64,
    commands: &[G::Command],
) -> Result<Vec<Played<G::Command>>, String> {
    let mut game = G::begin(file, text, seed)?;
    let mut steps = Vec::with_capacity(commands.len());
    for (i, command) in commands.iter().enumerate() {
        game.play(command)
            .map_err(|e| format!("step {}: {} refused: {e}", i + 1, G::name(command)))?;
        steps.push(Played {
            command: command.clone(),
            checksum: game.checksum(),
        });
    }
    Ok(steps)
}

/// Play `steps` again and check every checksum: the game at its end, or the first step that was
/// refused or came out differently.
pub fn verify<G: Replayable>(
    file: &str,
    text: &str,
    seed: u64,
    steps: &[Played<G::Command>],
) -> Result<G, String> {
    let mut game = G::begin(file, text, seed)?;
    for (i, step) in steps.iter().enumerate() {
        game.play(&step.command)
            .map_err(|e| format!("step {}: {} refused: {e}", i + 1, G::name(&step.command)))?;
        let now = game.checksum();
        if now != step.checksum {
            return Err(format!(
                "step {} ({}) gives checksum {now:016x}, the replay says {:016x}",
                i + 1,
                G::name(&step.command),
                step.checksum
            ));
        }
    }
    Ok(game)
}
