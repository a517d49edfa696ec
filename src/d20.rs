//! The command line for scenarios that play the d20 ruleset (`ruleset: D20(...)`): `check`,
//! `sim` and `sim --seeds`, with the same arguments and output shapes as Draw Steel's.

use std::path::Path;
use std::process::ExitCode;

use steelgrid_d20::battle::Battle;
use steelgrid_d20::record::Replay;
use steelgrid_d20::{ai, scenario, sim};
use steelgrid_rules::creature::Side;
use steelgrid_rules::scenario::Diagnostic;

/// Fields only Draw Steel's files have, and fields only d20 files have: a scenario that names
/// one of the other ruleset's is told so beside the parser's words.
const DRAW_STEEL_ONLY: &[&str] = &[
    "malice",
    "stability",
    "heroic_resource",
    "stamina",
    "recoveries",
    "characteristics",
    "victories",
    "free_strike",
    "surges",
];
const D20_ONLY: &[&str] = &[
    "hit_points",
    "armour_class",
    "touch_ac",
    "dexterity",
    "constitution",
    "fortitude",
    "reflex",
    "low_walls",
    "sneak_attack",
    "attacks",
];

/// Say when a problem is a field of the other ruleset (`d20`: the scenario plays d20).
pub fn name_the_ruleset(mut problems: Vec<Diagnostic>, d20: bool) -> Vec<Diagnostic> {
    let (others, theirs, ours) = if d20 {
        (
            DRAW_STEEL_ONLY,
            "Draw Steel's",
            "the d20 ruleset (`ruleset: D20(...)`)",
        )
    } else {
        (D20_ONLY, "the d20 ruleset's", "Draw Steel")
    };
    for p in &mut problems {
        if let Some(field) = others
            .iter()
            .find(|f| p.message.contains(&format!("`{f}`")))
        {
            p.message = format!(
                "{}: `{field}` is {theirs}, and this scenario plays {ours}",
                p.message
            );
        }
    }
    problems
}

/// Check one d20 scenario: `file: ok (name)` with its creatures, or each problem at
/// `file:line:col`. True when it is good.
pub fn check(file: &str, text: &str) -> bool {
    match scenario::load(file, text) {
        Ok(s) => {
            println!("{file}: ok ({}; d20, {:?})", s.name, s.options.edition);
            for c in &s.creatures {
                println!(
                    "  {:?} {} ({}): {} hp, AC {}",
                    c.side, c.id, c.stats.name, c.stats.hit_points, c.stats.armour_class
                );
            }
            true
        }
        Err(problems) => {
            for p in name_the_ruleset(problems, true) {
                println!("{p}");
            }
            false
        }
    }
}

/// Open the window on a d20 scenario: its demonstration plays in it — or, given a command
/// file, the battle opens where those commands leave it instead — and the AI takes the seats
/// `launch` gives it.
pub fn play(
    file: &str,
    text: &str,
    seed: Option<u64>,
    commands: Option<&Path>,
    mut launch: crate::game::d20::Launch,
    ai: Option<&[Side]>,
) -> ExitCode {
    let scenario = match scenario::load(file, text) {
        Ok(s) => s,
        Err(problems) => return crate::exit::report(&problems),
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
    launch.ai_sides = ai.map_or_else(|| scenario.ai_sides(), <[Side]>::to_vec);
    launch.title = scenario.name.clone();
    crate::game::d20::run(battle, launch)
}

/// `steelgrid replay` of a d20 replay: check every step's checksum, and with `verify` only
/// print the result; otherwise open the window and play the replay's commands in it one by one.
pub fn replay(
    path: &Path,
    text: &str,
    verify: bool,
    mut launch: crate::game::d20::Launch,
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
    let scenario = match scenario::load(&replay.file, &replay.scenario) {
        Ok(s) => s,
        Err(problems) => return crate::exit::report(&problems),
    };
    launch.title = format!("{} (replay)", scenario.name);
    launch.demo = replay.steps.into_iter().map(|s| s.command).collect();
    crate::game::d20::run(Battle::new(&scenario, Some(replay.seed)), launch)
}

/// How `sim` was asked to play.
pub struct Run<'a> {
    pub seed: Option<u64>,
    pub commands: Option<&'a Path>,
    pub ai: &'a [Side],
    pub max_rounds: Option<u32>,
    pub json: bool,
    /// Write the game played as a replay file here.
    pub record: Option<&'a Path>,
}

/// Play a d20 scenario: its demonstration, then the command file, then the AI for its sides;
/// print the state (and the log with `--json`).
pub fn simulate(file: &str, text: &str, run: Run) -> ExitCode {
    let scenario = match scenario::load(file, text) {
        Ok(s) => s,
        Err(problems) => return crate::exit::report(&problems),
    };
    let mut battle = Battle::new(&scenario, run.seed);
    let demo_at = demo_list(text);
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
    let ai = ai::play(&mut battle, run.ai, run.max_rounds.unwrap_or(30));
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
    if let Some((command, e)) = ai.refused {
        eprintln!(
            "steelgrid: the AI proposed {} and the engine refused it: {e}",
            command.name()
        );
        return ExitCode::from(1);
    }
    ExitCode::SUCCESS
}

/// Where a scenario's `demo:` list opens.
fn demo_list(text: &str) -> usize {
    scenario::field_at(text, "demo").unwrap_or(0)
}

/// A command file's text and its commands, or the exit with its problem reported.
fn command_file(path: &Path) -> Result<(String, Vec<steelgrid_d20::command::Command>), ExitCode> {
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

/// `sim --seeds N` for a d20 scenario: N AI-against-AI games on every core and their figures.
pub fn batch(file: &str, text: &str, first: u64, count: u64, max_rounds: u32) -> ExitCode {
    use rayon::prelude::*;
    let scenario = match scenario::load(file, text) {
        Ok(s) => s,
        Err(problems) => return crate::exit::report(&problems),
    };
    let clock = std::time::Instant::now();
    let games: Vec<sim::Game> = (first..first + count)
        .into_par_iter()
        .map(|seed| sim::play(&scenario, seed, max_rounds))
        .collect();
    let figures = sim::Report::of(&games);
    let summary = serde_json::json!({
        "scenario": file,
        "ruleset": "d20",
        "first_seed": first,
        "max_rounds": max_rounds,
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
