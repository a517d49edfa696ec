//! Batches of AI-vs-AI games: how an encounter goes over many seeds. `steelgrid sim --seeds N`
//! reports them, the scenario picker shows their estimate and the soak test plays them.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::ai::{self, Director};
use crate::engine::{Engine, StateView};
use crate::scenario::Scenario;

/// How one AI-vs-AI game went.
#[derive(Clone, Debug, Default, Serialize)]
pub struct GameResult {
    pub seed: u64,
    /// `victory` or `defeat` for the heroes, or `in_progress` when the round limit came first.
    pub status: &'static str,
    /// Rounds played: the round the encounter ended in, or the limit.
    pub rounds: u32,
    /// Heroes dying (below 0 Stamina, not yet dead) and dead when it ended.
    pub heroes_dying: u32,
    pub heroes_dead: u32,
    /// Recoveries the heroes spent over the fight.
    pub recoveries_spent: u32,
    pub malice_gained: u32,
    pub malice_spent: u32,
    pub villain_actions: u32,
    pub decisions: u32,
    /// How long each AI decision took, in milliseconds (the only figure that is not the same
    /// from one run to the next; natively only).
    #[serde(skip)]
    pub decision_ms: Vec<f64>,
    /// Why the game stopped before its end: the AI had no move, or the engine refused its
    /// command (a bug either way).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// One AI-vs-AI game of `scenario` on `seed`, to its end or through round `max_rounds`.
pub fn play(scenario: &Scenario, seed: u64, max_rounds: u32, director: Director) -> GameResult {
    let mut game = Running::new(scenario, seed, max_rounds, director);
    while game.step() {}
    game.finish()
}

/// A game being played one AI decision at a time, for callers that spread a batch over
/// frames (the picker) rather than block on it.
pub struct Running {
    engine: Engine,
    max_rounds: u32,
    director: Director,
    recoveries_at_start: u32,
    result: GameResult,
}

impl Running {
    pub fn new(scenario: &Scenario, seed: u64, max_rounds: u32, director: Director) -> Running {
        let engine = scenario.start(Some(seed));
        let recoveries_at_start = hero_recoveries(&engine.state());
        Running {
            engine,
            max_rounds,
            director,
            recoveries_at_start,
            result: GameResult {
                seed,
                ..GameResult::default()
            },
        }
    }

    /// Let the AI make the next decision; false once the game is over (ended, out of rounds,
    /// or stopped by an error).
    pub fn step(&mut self) -> bool {
        if self.result.error.is_some() || self.engine.turn().round > self.max_rounds {
            return false;
        }
        // Timed natively only: the browser has no clock here.
        #[cfg(not(target_arch = "wasm32"))]
        let clock = std::time::Instant::now();
        let Some(decision) = ai::next(&self.engine, self.director) else {
            // Nobody to answer: the game is over. Someone to answer with no move is a bug.
            if let Some(side) = ai::side_to_answer(&self.engine.state_unhashed()) {
                self.result.error = Some(format!(
                    "seed {}: the AI had no move for {side:?}",
                    self.result.seed
                ));
            }
            return false;
        };
        #[cfg(not(target_arch = "wasm32"))]
        self.result
            .decision_ms
            .push(clock.elapsed().as_secs_f64() * 1000.0);
        self.result.decisions += 1;
        if let Err(e) = self.engine.apply(decision.command.clone()) {
            self.result.error = Some(format!(
                "seed {}: the engine refused the AI's {}: {e}",
                self.result.seed,
                decision.command.name()
            ));
            return false;
        }
        true
    }

    /// The game's figures as it stands.
    pub fn finish(mut self) -> GameResult {
        let state = self.engine.state();
        let heroes = || state.creatures.iter().filter(|c| c.hero);
        let r = &mut self.result;
        r.status = state.status;
        r.rounds = state.round.min(self.max_rounds);
        r.heroes_dying = heroes().filter(|c| c.dying && !c.dead).count() as u32;
        r.heroes_dead = heroes().filter(|c| c.dead).count() as u32;
        r.recoveries_spent = self
            .recoveries_at_start
            .saturating_sub(hero_recoveries(&state));
        r.malice_gained = state.malice.gained;
        r.malice_spent = state.malice.spent;
        r.villain_actions = self
            .engine
            .log()
            .iter()
            .filter(|e| e.rule == crate::rule::VILLAIN_ACTION.id)
            .count() as u32;
        self.result
    }
}

fn hero_recoveries(state: &StateView) -> u32 {
    state.creatures.iter().filter_map(|c| c.recoveries).sum()
}

/// A batch's figures: the heroes' win rate with its 95 % interval, how the fights ended and
/// what they cost, and how long the AI took to decide.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub games: usize,
    pub hero_victories: usize,
    pub hero_defeats: usize,
    pub unfinished: usize,
    pub hero_win_rate: f64,
    /// The Wilson score interval at 95 % around the win rate.
    pub hero_win_rate_95: [f64; 2],
    pub mean_rounds: f64,
    /// Games by the round they ended in (or stopped at).
    pub rounds: BTreeMap<u32, usize>,
    pub heroes_dying_per_game: f64,
    pub heroes_dead_per_game: f64,
    pub games_with_a_hero_dead: usize,
    pub recoveries_spent_per_game: f64,
    pub malice_gained_per_round: f64,
    pub malice_spent_per_round: f64,
    pub malice_spent_per_game: f64,
    pub villain_actions_per_game: f64,
    pub decisions: usize,
    pub decision_ms_median: f64,
    pub decision_ms_p95: f64,
    pub decision_ms_max: f64,
    pub errors: Vec<String>,
}

impl Report {
    pub fn of(results: &[GameResult]) -> Report {
        let games = results.len().max(1) as f64;
        let count = |status: &str| results.iter().filter(|r| r.status == status).count();
        let sum =
            |f: fn(&GameResult) -> u32| results.iter().map(|r| u64::from(f(r))).sum::<u64>() as f64;
        let rounds = sum(|r| r.rounds);
        let mut times: Vec<f64> = results
            .iter()
            .flat_map(|r| r.decision_ms.iter().copied())
            .collect();
        times.sort_by(f64::total_cmp);
        let pct = |p: f64| {
            times
                .get(((times.len().max(1) - 1) as f64 * p).round() as usize)
                .copied()
                .unwrap_or(0.0)
        };
        let wins = count("victory");
        let mut histogram = BTreeMap::new();
        for r in results {
            *histogram.entry(r.rounds).or_insert(0) += 1;
        }
        Report {
            games: results.len(),
            hero_victories: wins,
            hero_defeats: count("defeat"),
            unfinished: count("in_progress"),
            hero_win_rate: wins as f64 / games,
            hero_win_rate_95: wilson(wins, results.len()),
            mean_rounds: rounds / games,
            rounds: histogram,
            heroes_dying_per_game: sum(|r| r.heroes_dying) / games,
            heroes_dead_per_game: sum(|r| r.heroes_dead) / games,
            games_with_a_hero_dead: results.iter().filter(|r| r.heroes_dead > 0).count(),
            recoveries_spent_per_game: sum(|r| r.recoveries_spent) / games,
            malice_gained_per_round: sum(|r| r.malice_gained) / rounds.max(1.0),
            malice_spent_per_round: sum(|r| r.malice_spent) / rounds.max(1.0),
            malice_spent_per_game: sum(|r| r.malice_spent) / games,
            villain_actions_per_game: sum(|r| r.villain_actions) / games,
            decisions: times.len(),
            decision_ms_median: pct(0.5),
            decision_ms_p95: pct(0.95),
            decision_ms_max: pct(1.0),
            errors: results.iter().filter_map(|r| r.error.clone()).collect(),
        }
    }
}

/// The Wilson score interval at 95 % for `wins` out of `games`.
pub fn wilson(wins: usize, games: usize) -> [f64; 2] {
    if games == 0 {
        return [0.0, 1.0];
    }
    const Z: f64 = 1.959_964;
    let n = games as f64;
    let p = wins as f64 / n;
    let centre = p + Z * Z / (2.0 * n);
    let spread = Z * (p * (1.0 - p) / n + Z * Z / (4.0 * n * n)).sqrt();
    let scale = 1.0 + Z * Z / n;
    [
        ((centre - spread) / scale).max(0.0),
        ((centre + spread) / scale).min(1.0),
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wilson_interval_matches_the_textbook_figures() {
        // Newcombe (1998), example (c): 81 of 263 gives 0.2553 to 0.3662.
        let [lo, hi] = wilson(81, 263);
        assert!(
            (lo - 0.2553).abs() < 0.0001 && (hi - 0.3662).abs() < 0.0001,
            "{lo} {hi}"
        );
        let [lo, hi] = wilson(0, 10);
        assert!(lo == 0.0 && (hi - 0.278).abs() < 0.001, "{lo} {hi}");
    }
}
