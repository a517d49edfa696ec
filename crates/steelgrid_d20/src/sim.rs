//! Playing a d20 battle without a window: a command file applied in order, the AI for the
//! sides it plays, and batches of AI-against-AI games with their figures.

use serde::Serialize;
use steelgrid_kernel::body::Side;
use steelgrid_kernel::command_file;
use steelgrid_kernel::diagnostic::Diagnostic;

use crate::ai;
use crate::battle::{Battle, Command};
use crate::injury::Injury;
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

/// One AI-against-AI game's result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Game {
    pub seed: u64,
    pub winner: Option<Side>,
    pub rounds: u32,
    pub decisions: u32,
    /// Heroes dying, stable or unconscious at the end, and heroes dead.
    pub heroes_down: u32,
    pub heroes_dead: u32,
    /// The engine refused a command the AI gave: always a bug.
    pub refused: Option<String>,
}

/// Play one game with the AI on both sides, its scenario's demonstration first.
pub fn play(scenario: &Scenario, seed: u64, max_rounds: u32) -> Game {
    let mut battle = Battle::new(scenario, Some(seed));
    let demo = scenario
        .demo
        .iter()
        .try_for_each(|c| battle.apply(c.clone()).map(drop));
    let run = ai::play(&mut battle, &[Side::Heroes, Side::Director], max_rounds);
    let refused = demo
        .err()
        .map(|e| format!("demo: {e}"))
        .or_else(|| run.refused.map(|(c, e)| format!("{}: {e}", c.name())));
    let heroes: Vec<Injury> = battle
        .creatures()
        .into_iter()
        .filter(|c| c.side == Side::Heroes)
        .map(|c| c.injury)
        .collect();
    Game {
        seed,
        winner: battle.outcome(),
        // A game stopped at the limit has played `max_rounds`, not the one it was about to start.
        rounds: battle.round().min(max_rounds),
        decisions: run.decisions,
        heroes_down: heroes
            .iter()
            .filter(|i| i.is_alive() && !i.can_act())
            .count() as u32,
        heroes_dead: heroes.iter().filter(|&&i| i == Injury::Dead).count() as u32,
        refused,
    }
}

/// A batch's figures.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Report {
    pub games: u32,
    pub heroes_won: u32,
    pub director_won: u32,
    pub unfinished: u32,
    pub refused: u32,
    pub mean_rounds: f64,
    pub mean_heroes_down: f64,
    pub mean_heroes_dead: f64,
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
        for g in games.iter().filter(|g| g.winner.is_some()) {
            rounds[g.rounds as usize - 1] += 1;
        }
        Report {
            games: games.len() as u32,
            heroes_won: count(&|g| g.winner == Some(Side::Heroes)),
            director_won: count(&|g| g.winner == Some(Side::Director)),
            unfinished: count(&|g| g.winner.is_none()),
            refused: count(&|g| g.refused.is_some()),
            mean_rounds: mean(&|g| g.rounds),
            mean_heroes_down: mean(&|g| g.heroes_down),
            mean_heroes_dead: mean(&|g| g.heroes_dead),
            rounds,
        }
    }
}
