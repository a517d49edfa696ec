//! The command line for scenarios that play the D&D Miniatures ruleset (`ruleset: Miniatures`):
//! `check`, `play`, `replay`, `sim` and `sim --seeds`, with the same arguments and output shapes
//! as the other rulesets'.

use std::path::Path;
use std::process::ExitCode;

use steelgrid_miniatures::battle::Battle;
use steelgrid_miniatures::record::Replay;
use steelgrid_miniatures::round::Player;
use steelgrid_miniatures::{ai, scenario, sim};

/// The players `--ai` names: `heroes` (or `one`) is player One, `director` (or `two`) player Two.
pub fn players(sides: &[steelgrid_rules::creature::Side]) -> Vec<Player> {
    use steelgrid_rules::creature::Side;
    sides
        .iter()
        .map(|s| match s {
            Side::Heroes => Player::One,
            Side::Director => Player::Two,
        })
        .collect()
}

/// Check one Miniatures scenario: `file: ok (name)` with its warbands, or each problem at
/// `file:line:col`. True when it is good.
pub fn check(file: &str, text: &str) -> bool {
    match scenario::load(file, text) {
        Ok(s) => {
            println!(
                "{file}: ok ({}; Miniatures, goal {} victory points, {} rounds)",
                s.name, s.goal, s.max_rounds
            );
            for (p, w) in Player::BOTH.iter().zip(&s.warbands) {
                println!(
                    "  {p:?}: {} ({} points, champion {})",
                    w.name, w.points, w.champion
                );
            }
            true
        }
        Err(problems) => {
            for p in problems {
                println!("{p}");
            }
            false
        }
    }
}

fn load(file: &str, text: &str, max_rounds: Option<u32>) -> Result<scenario::Scenario, ExitCode> {
    let mut s = scenario::load(file, text).map_err(|p| crate::exit::report(&p))?;
    if let Some(n) = max_rounds {
        s.max_rounds = n.clamp(1, 100);
    }
    Ok(s)
}

/// Open the window on a Miniatures scenario: its demonstration plays in it — or, given a
/// command file, the skirmish opens where those commands leave it — and the AI takes the
/// players `ai` names (the scenario's when none).
pub fn play(
    file: &str,
    text: &str,
    seed: Option<u64>,
    commands: Option<&Path>,
    mut launch: crate::game::miniatures::Launch,
    ai: Option<Vec<Player>>,
) -> ExitCode {
    let scenario = match load(file, text, None) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut battle = Battle::new(&scenario, seed);
    if let Some(path) = commands {
        let (src, list) = match command_file(path) {
            Ok(read) => read,
            Err(code) => return code,
        };
        if let Err(r) = sim::run(&mut battle, &list, &src, src.find('[').unwrap_or(0)) {
            return refused(&path.display().to_string(), &r);
        }
    } else {
        launch.demo = scenario.demo.clone();
        launch.narration = scenario.narration.clone();
    }
    launch.ai_players = ai.unwrap_or_else(|| scenario.ai_players());
    launch.title = scenario.name.clone();
    crate::game::miniatures::run(battle, launch)
}

/// `steelgrid replay` of a Miniatures replay: check every step's checksum, and with `verify`
/// only print the result; otherwise play the replay's commands in the window one by one.
pub fn replay(
    path: &Path,
    text: &str,
    verify: bool,
    mut launch: crate::game::miniatures::Launch,
) -> ExitCode {
    let file = path.display().to_string();
    let replay = match Replay::parse(&file, text) {
        Ok(r) => r,
        Err(d) => return crate::exit::report(&[d]),
    };
    let end = match replay.verify() {
        Ok(b) => b,
        Err(e) => return crate::exit::failed(&format!("{file}: {e}")),
    };
    if verify {
        println!(
            "{file}: {} commands verified, final checksum {:016x}",
            replay.steps.len(),
            end.checksum()
        );
        return ExitCode::SUCCESS;
    }
    let scenario = match load(&replay.file, &replay.scenario, None) {
        Ok(s) => s,
        Err(code) => return code,
    };
    launch.title = format!("{} (replay)", scenario.name);
    launch.demo = replay.steps.into_iter().map(|s| s.command).collect();
    crate::game::miniatures::run(Battle::new(&scenario, Some(replay.seed)), launch)
}

/// How `sim` was asked to play.
pub struct Run<'a> {
    pub seed: Option<u64>,
    pub commands: Option<&'a Path>,
    pub ai: Vec<Player>,
    pub max_rounds: Option<u32>,
    pub json: bool,
    /// Write the game played as a replay file here.
    pub record: Option<&'a Path>,
}

/// Play a Miniatures scenario: its demonstration, then the command file, then the AI for the
/// players it is given; print the state (and the log with `--json`).
pub fn simulate(file: &str, text: &str, run: Run) -> ExitCode {
    let scenario = match load(file, text, run.max_rounds) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let mut battle = Battle::new(&scenario, run.seed);
    let demo_at = scenario::field_at(text, "demo").unwrap_or(0);
    if let Err(r) = sim::run(&mut battle, &scenario.demo, text, demo_at) {
        return refused(file, &r);
    }
    if let Some(path) = run.commands {
        let (src, commands) = match command_file(path) {
            Ok(read) => read,
            Err(code) => return code,
        };
        if let Err(r) = sim::run(&mut battle, &commands, &src, src.find('[').unwrap_or(0)) {
            println!("{}", battle.to_json(run.json));
            return refused(&path.display().to_string(), &r);
        }
    }
    let played = ai::play(&mut battle, &run.ai, sim::MAX_COMMANDS);
    println!("{}", battle.to_json(run.json));
    if let Some(out) = run.record {
        let seed = run.seed.unwrap_or(scenario.seed);
        let written = Replay::record(file, text, seed, battle.played()).and_then(|r| {
            crate::saves::write_atomically(out, r.to_ron().as_bytes())
                .map_err(|e| format!("{}: cannot write the file: {e}", out.display()))
        });
        if let Err(e) = written {
            return crate::exit::failed(&e);
        }
    }
    if let Some(e) = played.refused.first() {
        eprintln!("steelgrid: the AI proposed a command the engine refused: {e}");
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// A command file's text and its commands, or the exit with its problem reported.
fn command_file(
    path: &Path,
) -> Result<(String, Vec<steelgrid_miniatures::command::Command>), ExitCode> {
    let src = std::fs::read_to_string(path).map_err(|e| {
        crate::exit::failed(&format!("{}: cannot read the file: {e}", path.display()))
    })?;
    let list = sim::parse_commands(&path.display().to_string(), &src)
        .map_err(|d| crate::exit::report(&[d]))?;
    Ok((src, list))
}

fn refused(file: &str, r: &sim::Refusal) -> ExitCode {
    eprintln!(
        "{file}:{}:{}: command {} ({}) refused by rule {} ({}): {}",
        r.line,
        r.col,
        r.index + 1,
        r.command.name(),
        r.error.rule.id,
        r.error.rule.seed,
        r.error.reason
    );
    ExitCode::from(1)
}

/// `sim --seeds N` for a Miniatures scenario: N AI-against-AI skirmishes on every core and
/// their figures.
pub fn batch(file: &str, text: &str, first: u64, count: u64, max_rounds: Option<u32>) -> ExitCode {
    use rayon::prelude::*;
    let scenario = match load(file, text, max_rounds) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let clock = std::time::Instant::now();
    let games: Vec<sim::Game> = (first..first + count)
        .into_par_iter()
        .map(|seed| sim::play(&scenario, seed))
        .collect();
    let figures = sim::Report::of(&games);
    let summary = serde_json::json!({
        "scenario": file,
        "ruleset": "Miniatures",
        "first_seed": first,
        "max_rounds": scenario.max_rounds,
        "threads": rayon::current_num_threads(),
        "seconds": clock.elapsed().as_secs_f64(),
    });
    let mut summary = super::cli::with_figures(summary, &figures);
    let errors: Vec<String> = games
        .iter()
        .filter_map(|g| g.refused.as_ref().map(|r| format!("seed {}: {r}", g.seed)))
        .collect();
    summary["errors"] = serde_json::json!(errors);
    println!("{}", serde_json::to_string_pretty(&summary).expect("json"));
    if errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
