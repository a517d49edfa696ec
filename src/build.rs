//! `steelgrid build`: the encounter builder without the window. The building is the rules
//! crate's (`encounter_budget::builder`); this only reads the command line and writes the file.

use std::path::PathBuf;
use std::process::ExitCode;

use clap::{Args, ValueEnum};
use steelgrid_rules::director::monster::Difficulty;
use steelgrid_rules::encounter_budget::builder::{self, Party, Request};

/// `steelgrid build --party 4x1 --difficulty hard --faction briarfolk [--seed N] [--out FILE]`.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The heroes: how many x their level, such as 4x1 (1 to 9 heroes, levels 1 to 3).
    #[arg(long, value_parser = party)]
    party: Party,
    /// The Victories each hero has (their average is the Director's Malice at the start).
    #[arg(long, default_value_t = 0)]
    victories: u32,
    /// The band the Director's creatures' EV lands in.
    #[arg(long, value_enum)]
    difficulty: DifficultyName,
    /// The monster faction, by id or name: briarfolk, cinderborn, drowned_court, hollow_choir,
    /// iron_legion.
    #[arg(long, value_parser = faction)]
    faction: String,
    /// The same seed builds the same scenario.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the scenario here instead of to standard output.
    #[arg(long)]
    out: Option<PathBuf>,
}

/// The difficulties `--difficulty` names (seed 002 L4482-4487).
#[derive(Clone, Copy, Debug, ValueEnum)]
enum DifficultyName {
    Easy,
    Standard,
    Hard,
    Extreme,
}

impl From<DifficultyName> for Difficulty {
    fn from(name: DifficultyName) -> Difficulty {
        match name {
            DifficultyName::Easy => Difficulty::Easy,
            DifficultyName::Standard => Difficulty::Standard,
            DifficultyName::Hard => Difficulty::Hard,
            DifficultyName::Extreme => Difficulty::Extreme,
        }
    }
}

fn party(text: &str) -> Result<Party, String> {
    text.parse()
}

/// A faction the bestiary has, as its id; an unknown one is bad usage (exit 2), with the list.
fn faction(text: &str) -> Result<String, String> {
    builder::faction(text).map(|(id, _)| id.to_owned())
}

/// Build the encounter and write it; exit 1 with the builder's reason when nothing fits.
pub fn run(args: BuildArgs) -> ExitCode {
    let request = Request {
        party: Party {
            victories: args.victories,
            ..args.party
        },
        difficulty: args.difficulty.into(),
        faction: args.faction,
        seed: args.seed,
    };
    let built = match builder::build(&request) {
        Ok(built) => built,
        Err(e) => return crate::exit::failed(&format!("steelgrid build: {e}")),
    };
    let text = built.to_ron();
    let Some(out) = args.out else {
        print!("{text}");
        return ExitCode::SUCCESS;
    };
    if let Err(e) = std::fs::write(&out, &text) {
        return crate::exit::failed(&format!(
            "{}: cannot write the scenario: {e}",
            out.display()
        ));
    }
    println!(
        "{}: {}: {} EV ({})",
        out.display(),
        built.file.name,
        built.ev,
        built.band
    );
    ExitCode::SUCCESS
}
