//! The picker's (and the encounter builder's) estimate of how hard the focused scenario is: AI-vs-AI games played a few
//! milliseconds each frame (the same on every platform: the browser has no threads), a progress
//! bar meanwhile, then the heroes' win rate with its 95 % interval, as `steelgrid sim --seeds`
//! reports it.

use bevy::platform::time::Instant;
use bevy::prelude::*;
use steelgrid_rules::scenario::{self, Scenario};
use steelgrid_rules::sim::batch::{GameResult, Report, Running};

use super::Screen;
use super::menu::MenuSystems;

/// Games played for an estimate, from seed 1 on.
pub const GAMES: u64 = 20;
/// Rounds a game may last.
const MAX_ROUNDS: u32 = 30;
/// AI time spent each frame.
const BUDGET_MS: u128 = 6;

pub fn plugin(app: &mut App) {
    app.init_resource::<Estimate>().add_systems(
        Update,
        (play_some, show)
            .chain()
            .after(MenuSystems::Choose)
            .run_if(in_state(Screen::Picker).or_else(in_state(Screen::Builder))),
    );
}

/// The estimate under way, or done, for one scenario file.
#[derive(Resource, Default)]
pub struct Estimate {
    file: String,
    scenario: Option<Scenario>,
    running: Option<Running>,
    results: Vec<GameResult>,
}

impl Estimate {
    /// Estimate the scenario in `text` (nothing happens if it is the one estimated already).
    pub fn aim(&mut self, file: &str, text: &str) {
        if self.file == file {
            return;
        }
        *self = Estimate {
            file: file.to_owned(),
            scenario: scenario::load(file, text).ok(),
            ..Estimate::default()
        };
    }

    /// Stop estimating (a demonstration, or a file that does not load).
    pub fn clear(&mut self) {
        *self = Estimate::default();
    }

    fn done(&self) -> bool {
        self.results.len() as u64 >= GAMES
    }

    /// The line the picker shows.
    pub fn line(&self) -> Option<String> {
        self.scenario.as_ref()?;
        let played = self.results.len() as u64;
        if !self.done() {
            let filled = (played * 20 / GAMES) as usize;
            return Some(format!(
                "Simulating AI against AI [{}{}] {played}/{GAMES} games",
                "#".repeat(filled),
                "-".repeat(20 - filled)
            ));
        }
        let r = Report::of(&self.results);
        let [lo, hi] = r.hero_win_rate_95;
        Some(format!(
            "AI against AI, {} games: heroes win {:.0} % (95 %: {:.0}-{:.0} %), {:.1} rounds, \
             {:.1} heroes dead a game",
            r.games,
            r.hero_win_rate * 100.0,
            lo * 100.0,
            hi * 100.0,
            r.mean_rounds,
            r.heroes_dead_per_game
        ))
    }
}

/// Play on for this frame's budget: the game under way one decision at a time, then the next.
fn play_some(mut estimate: ResMut<Estimate>) {
    if estimate.done() || estimate.scenario.is_none() {
        return;
    }
    let Some(scenario) = estimate.scenario.take() else {
        return;
    };
    let clock = Instant::now();
    while !estimate.done() && clock.elapsed().as_millis() < BUDGET_MS {
        let seed = estimate.results.len() as u64 + 1;
        let game = estimate
            .running
            .get_or_insert_with(|| Running::new(&scenario, seed, MAX_ROUNDS, Default::default()));
        if !game.step() {
            let finished = estimate.running.take().expect("a game under way");
            estimate.results.push(finished.finish());
        }
    }
    estimate.scenario = Some(scenario);
}

/// The picker's estimate line.
#[derive(Component)]
pub struct EstimateLine;

/// Write the estimate into the picker's line when it changes or the line is new.
fn show(estimate: Res<Estimate>, mut lines: Query<(&mut Text, Ref<EstimateLine>)>) {
    for (mut text, line) in &mut lines {
        if estimate.is_changed() || line.is_added() {
            text.0 = estimate.line().unwrap_or_default();
        }
    }
}

#[cfg(test)]
mod tests {
    use bevy::ecs::system::RunSystemOnce;

    use super::*;

    #[test]
    fn the_estimate_plays_its_games_a_slice_at_a_time_then_gives_the_win_rate() {
        let s = crate::scenarios::by_name("demo_collisions").unwrap();
        let mut estimate = Estimate::default();
        estimate.aim(s.file, s.text);
        assert_eq!(
            estimate.line().unwrap(),
            "Simulating AI against AI [--------------------] 0/20 games"
        );
        let mut world = World::new();
        world.insert_resource(estimate);
        let mut frames = 0;
        while !world.resource::<Estimate>().done() {
            world.run_system_once(play_some).unwrap();
            frames += 1;
        }
        assert!(frames > 1, "spread over frames");
        let line = world.resource::<Estimate>().line().unwrap();
        assert!(
            line.starts_with("AI against AI, 20 games: heroes win "),
            "{line}"
        );
        // Aiming at the same file again keeps what was played.
        let mut estimate = world.remove_resource::<Estimate>().unwrap();
        estimate.aim(s.file, s.text);
        assert!(estimate.done());
        estimate.clear();
        assert_eq!(estimate.line(), None);
    }
}
