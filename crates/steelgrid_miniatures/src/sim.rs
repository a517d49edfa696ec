//! Playing a skirmish without a window: a command file applied in order, the AI for the
//! warbands it plays, and batches of AI-against-AI games with their figures.

use serde::Serialize;
use steelgrid_kernel::command_file;
use steelgrid_kernel::diagnostic::Diagnostic;

use crate::ai;
use crate::battle::{Battle, Command, Outcome};
use crate::round::Player;
use crate::scenario::Scenario;

/// Read a RON list of commands, or say where it is wrong.
pub fn parse_commands(file: &str, src: &str) -> Result<Vec<Command>, Diagnostic> {
    command_file::parse(file, src)
}

/// A command the engine refused: which, where in its file, and why.
pub type Refusal = command_file::Refusal<Command>;

/// Apply `commands` in order; stop at the first refused, saying where it is written (`list` is
/// the offset of their list's `[` in `src`).
pub fn run(
    battle: &mut Battle,
    commands: &[Command],
    src: &str,
    list: usize,
) -> Result<(), Box<Refusal>> {
    command_file::run(commands, src, list, |c| battle.apply(c).map(drop))
}

/// One AI-against-AI skirmish's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    pub seed: u64,
    pub winner: Option<Player>,
    pub drawn: bool,
    pub rounds: u32,
    pub commands: u32,
    /// Victory points, `[One, Two]`.
    pub victory_points: [u32; 2],
    /// Creatures destroyed, `[One's, Two's]`.
    pub destroyed: [u32; 2],
    /// The engine refused a command the AI gave: always a bug.
    pub refused: Option<String>,
}

/// The most commands one game may take before it counts as unfinished.
pub const MAX_COMMANDS: usize = 5_000;

/// Play one skirmish with the AI for both warbands, its demonstration first.
pub fn play(scenario: &Scenario, seed: u64) -> Game {
    let mut battle = Battle::new(scenario, Some(seed));
    let demo = scenario
        .demo
        .iter()
        .try_for_each(|c| battle.apply(c.clone()).map(drop));
    let run = ai::play(&mut battle, &Player::BOTH, MAX_COMMANDS);
    let refused = demo
        .err()
        .map(|e| format!("demo: {e}"))
        .or_else(|| run.refused.first().cloned());
    let minis = battle.minis();
    let destroyed = Player::BOTH.map(|p| {
        minis
            .iter()
            .filter(|m| m.player == p && m.destroyed)
            .count() as u32
    });
    let warbands = battle.warbands();
    Game {
        seed,
        winner: match battle.outcome() {
            Some(Outcome::Won(p)) => Some(p),
            _ => None,
        },
        drawn: battle.outcome() == Some(Outcome::Drawn),
        rounds: battle.round(),
        commands: run.commands as u32,
        victory_points: warbands.map(|w| w.victory_points),
        destroyed,
        refused,
    }
}

/// A batch's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u32,
    /// Games won, `[One, Two]`.
    pub won: [u32; 2],
    pub drawn: u32,
    pub unfinished: u32,
    pub refused: u32,
    pub mean_rounds: f64,
    pub mean_victory_points: [f64; 2],
    pub mean_destroyed: [f64; 2],
    /// How many games ended in each round, from round 1.
    pub rounds: Vec<u32>,
}

impl Report {
    pub fn of(games: &[Game]) -> Report {
        let n = games.len().max(1) as f64;
        let count = |f: &dyn Fn(&Game) -> bool| games.iter().filter(|g| f(g)).count() as u32;
        let mean = |f: &dyn Fn(&Game) -> u32| games.iter().map(f).sum::<u32>() as f64 / n;
        let last = games.iter().map(|g| g.rounds).max().unwrap_or(0) as usize;
        let mut rounds = vec![0; last];
        for g in games.iter().filter(|g| g.rounds > 0) {
            rounds[g.rounds as usize - 1] += 1;
        }
        Report {
            games: games.len() as u32,
            won: Player::BOTH.map(|p| count(&|g| g.winner == Some(p))),
            drawn: count(&|g| g.drawn),
            unfinished: count(&|g| g.winner.is_none() && !g.drawn),
            refused: count(&|g| g.refused.is_some()),
            mean_rounds: mean(&|g| g.rounds),
            mean_victory_points: [0, 1].map(|i| mean(&|g| g.victory_points[i])),
            mean_destroyed: [0, 1].map(|i| mean(&|g| g.destroyed[i])),
            rounds,
        }
    }
}
