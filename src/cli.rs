//! The command line: open the game, or check and simulate scenarios without a window.

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use bevy::input::keyboard::KeyCode;
use clap::{Parser, Subcommand, ValueEnum};
use steelgrid_rules::creature::Side;
use steelgrid_rules::director::monster::{MonsterFormula, Organization, Reading, Role};
use steelgrid_rules::grid::Square;
use steelgrid_rules::record::{Game, Record};
use steelgrid_rules::scenario::{self, Diagnostic};
use steelgrid_rules::{ai, encounter_budget, sim};

use crate::exit::{failed, report};
use crate::game::{self, LaunchOptions, Screen};
use crate::{saves, scenarios};

#[derive(Parser, Debug)]
#[command(
    name = "steelgrid",
    version,
    about = "Draw Steel tactical combat, on a grid"
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Cmd>,
    /// Save a screenshot of the window to this PNG once the board is drawn, then exit.
    #[arg(long, global = true)]
    screenshot: Option<PathBuf>,
    /// Play this many seconds before taking the screenshot.
    #[arg(long, global = true, default_value_t = 0.0)]
    screenshot_after: f32,
    /// Catch animations part-way in the screenshot (dice, glides) instead of finishing them.
    #[arg(long, global = true)]
    screenshot_live: bool,
    /// Both sides played by people at this screen, whatever the scenario's seats say.
    #[arg(long, global = true)]
    hotseat: bool,
    /// Open the window at this screen (by default `steelgrid` opens the title and the other
    /// commands the battle); the scenario named or loaded is the one the menus start from.
    #[arg(long, global = true, value_enum)]
    screen: Option<OpenScreen>,
    /// Press these keys one after another once the window runs, e.g. `Escape,ArrowDown,Enter`
    /// (Bevy key codes, as in the settings file), to take a screenshot of what they lead to.
    #[arg(long, global = true, value_parser = parse_key, value_delimiter = ',')]
    keys: Vec<KeyCode>,
    /// Time this many frames once the board is drawn, print the median and 99th-percentile
    /// frame time, then exit.
    #[arg(long, global = true)]
    bench_frames: Option<u32>,
    /// Open the step-through explainer on the last command played, at this event (from 1).
    #[arg(long, global = true)]
    explain: Option<usize>,
    /// Aim the acting creature's ability N at square X,Y, written `N@X,Y` (as if its key were
    /// pressed and the mouse pointed there).
    #[arg(long, global = true, value_parser = parse_aim)]
    aim: Option<(usize, Square)>,
    /// How many people share the heroes at a hot-seat screen; each hero goes to one of them
    /// in turn, and the screen is handed over between them.
    #[arg(long, global = true, default_value_t = 1, value_parser = clap::value_parser!(u8).range(1..=8))]
    players: u8,
    /// Hold the pointer over square X,Y (its tooltip shows), as if the mouse rested there.
    #[arg(long, global = true, value_parser = parse_square)]
    hover: Option<Square>,
}

/// A Bevy key code by name: `Escape`, `ArrowDown`, `KeyH`, `Digit1`.
fn parse_key(name: &str) -> Result<KeyCode, String> {
    ron::from_str(name.trim()).map_err(|_| {
        format!("`{name}` is not a key code (Escape, Enter, ArrowDown, KeyH, Digit1, F5, ...)")
    })
}

/// `2@5,3` → ability 2 aimed at (5, 3).
fn parse_aim(text: &str) -> Result<(usize, Square), String> {
    let bad = || format!("`{text}` is not N@X,Y (ability number, then a square), e.g. 2@5,3");
    let (slot, square) = text.split_once('@').ok_or_else(bad)?;
    let slot: usize = slot.trim().parse().map_err(|_| bad())?;
    if !(1..=8).contains(&slot) {
        return Err(format!("ability {slot}: the keys are 1 to 8"));
    }
    Ok((slot, parse_square(square).map_err(|_| bad())?))
}

/// `5,3` → the square (5, 3).
fn parse_square(text: &str) -> Result<Square, String> {
    let bad = || format!("`{text}` is not a square X,Y, e.g. 5,3");
    let (x, y) = text.split_once(',').ok_or_else(bad)?;
    Ok(Square::new(
        x.trim().parse().map_err(|_| bad())?,
        y.trim().parse().map_err(|_| bad())?,
    ))
}

#[derive(Subcommand, Debug)]
enum Cmd {
    /// Open the game straight into a scenario.
    Play {
        /// A scenario file, or the short name of a built-in one (mill_ambush, demo_ledge, ...).
        scenario: PathBuf,
        #[arg(long)]
        seed: Option<u64>,
        /// Apply this RON command list first (to open on a position from a script).
        #[arg(long)]
        commands: Option<PathBuf>,
        /// Sides played by the AI (by default those the scenario gives it).
        #[arg(long, value_enum)]
        ai: Option<AiSides>,
    },
    /// Validate scenarios; print `file:line:col: message` for each problem, exit 1 on any, and
    /// each valid scenario's encounter budget against its Director's creatures.
    Check {
        #[arg(required = true)]
        scenarios: Vec<PathBuf>,
    },
    /// Run a scenario without a window and print the final state as JSON.
    Sim {
        scenario: PathBuf,
        #[arg(long)]
        seed: Option<u64>,
        /// A RON list of commands to apply in order.
        #[arg(long)]
        commands: Option<PathBuf>,
        /// Sides played by the AI.
        #[arg(long, value_enum)]
        ai: Option<AiSides>,
        /// Stop once this many rounds have been played.
        #[arg(long)]
        max_rounds: Option<u32>,
        /// Print the event log with the state.
        #[arg(long)]
        json: bool,
        /// Write the game played as a replay file.
        #[arg(long)]
        record: Option<PathBuf>,
        /// Play this many games, seeds `--seed` (default 1) onwards, with the AI on both sides,
        /// and print the batch's figures instead of a state.
        #[arg(long)]
        seeds: Option<u64>,
        /// With --seeds, how the AI Director plays: `plain` is the first AI Director, kept to
        /// measure the default against.
        #[arg(long, value_enum, default_value_t = DirectorAi::Cunning)]
        director: DirectorAi,
    },
    /// Re-run a replay or save headless and check its checksum after every command.
    Replay {
        file: PathBuf,
        /// Only verify (print the result and exit 1 at the first difference); without it the
        /// replay opens in the game with play, pause and step controls.
        #[arg(long)]
        verify: bool,
    },
    /// Continue a saved game.
    Resume { save: PathBuf },
    /// Play a campaign (a file, or a built-in one by its short name: thinning_hymn); with
    /// `--ai both`, headless to its end, printing each battle and what the party carried.
    Campaign {
        campaign: PathBuf,
        /// `both`: the AI plays every battle on both sides, without a window.
        #[arg(long, value_enum)]
        ai: Option<AiSides>,
        /// The party's classes, `censor,fury,conduit,shadow` (by default the campaign's
        /// suggested party).
        #[arg(long)]
        party: Option<String>,
        /// The first battle's seed; each battle fought after it takes the next.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// How often a battle is fought before the campaign stops (at least once).
        #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..))]
        tries: u32,
        /// A battle not over by this round counts as lost.
        #[arg(long, default_value_t = 20)]
        max_rounds: u32,
        /// Print the course of the campaign as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Print the stat block the monster formulas give (seed 002 L4686-4736): EV, Stamina,
    /// highest characteristic, damage by tier, free strike and potency.
    Monster {
        /// 1 to 10.
        #[arg(long)]
        level: u32,
        /// minion, horde, platoon, elite, leader or solo.
        #[arg(long)]
        organization: Organization,
        /// ambusher, artillery, brute, controller, defender, harrier, hexer, mount or support;
        /// none for a leader or solo, needed for the others.
        #[arg(long)]
        role: Option<Role>,
        /// How to read the formulas where the seed is silent (docs/monster-formula.md).
        #[arg(long, value_enum, default_value_t = ReadingName::Seed)]
        reading: ReadingName,
        /// Print the stat block as JSON.
        #[arg(long)]
        json: bool,
    },
    /// Build an encounter for a party from a monster faction, at a difficulty, and write it as
    /// a scenario (the encounter builder without the window).
    Build(crate::build::BuildArgs),
}

/// The readings `steelgrid monster --reading` names.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum ReadingName {
    /// The seed, and the best fit to published stat blocks where it is silent.
    Seed,
    /// The seed reading with +1 characteristic and potency for leaders and solos (A-27).
    Published,
    /// The rules digest's: damage rounded down, the free strike a strike's tier 1.
    Digest,
}

impl From<ReadingName> for Reading {
    fn from(name: ReadingName) -> Reading {
        match name {
            ReadingName::Seed => Reading::SEED,
            ReadingName::Published => Reading::PUBLISHED,
            ReadingName::Digest => Reading::DIGEST,
        }
    }
}

/// Who the AI plays. In a Miniatures skirmish `heroes` is player One and `director` player Two
/// (`one` and `two` say so).
#[derive(Clone, Copy, Debug, ValueEnum)]
enum AiSides {
    #[value(alias = "two")]
    Director,
    #[value(alias = "one")]
    Heroes,
    Both,
}

impl AiSides {
    fn sides(self) -> &'static [Side] {
        match self {
            AiSides::Director => &[Side::Director],
            AiSides::Heroes => &[Side::Heroes],
            AiSides::Both => &[Side::Heroes, Side::Director],
        }
    }
}

#[derive(Clone, Copy, Debug, ValueEnum)]
enum DirectorAi {
    Plain,
    Cunning,
}

impl From<DirectorAi> for ai::Director {
    fn from(d: DirectorAi) -> Self {
        match d {
            DirectorAi::Plain => ai::Director::Plain,
            DirectorAi::Cunning => ai::Director::Cunning,
        }
    }
}

/// The screens `--screen` can open.
#[derive(Clone, Copy, Debug, ValueEnum)]
enum OpenScreen {
    Title,
    Picker,
    Seats,
    Battle,
    Results,
    Settings,
    Compendium,
    /// The party screen of the built-in campaign (its story screen: `--keys Enter`).
    Campaign,
    /// The encounter builder.
    Builder,
    /// The map editor, on the scenario named (`steelgrid play mill_ambush --screen editor`).
    Editor,
}

impl From<OpenScreen> for Screen {
    fn from(screen: OpenScreen) -> Screen {
        match screen {
            OpenScreen::Title => Screen::Title,
            OpenScreen::Picker => Screen::Picker,
            OpenScreen::Seats => Screen::Seats,
            OpenScreen::Battle => Screen::Battle,
            OpenScreen::Results => Screen::Results,
            OpenScreen::Settings => Screen::Settings,
            OpenScreen::Compendium => Screen::Compendium,
            OpenScreen::Campaign => Screen::Party,
            OpenScreen::Editor => Screen::Editor,
            OpenScreen::Builder => Screen::Builder,
        }
    }
}

pub fn main(args: Vec<String>) -> ExitCode {
    let cli = match Cli::try_parse_from(std::iter::once("steelgrid".to_owned()).chain(args)) {
        Ok(cli) => cli,
        Err(e) => {
            let _ = e.print();
            return if e.use_stderr() {
                ExitCode::from(2)
            } else {
                ExitCode::SUCCESS
            };
        }
    };
    let hotseat = cli.hotseat;
    // `steelgrid` alone opens the title; the commands that open a game open its battle.
    let first = match (cli.screen, &cli.command) {
        (Some(screen), _) => screen.into(),
        (None, None) => Screen::Title,
        (None, Some(_)) => Screen::Battle,
    };
    let launch = |game: &Game, replay: Option<Record>, ai: Option<AiSides>| LaunchOptions {
        screenshot: cli.screenshot.clone(),
        screenshot_after: cli.screenshot_after,
        screenshot_live: cli.screenshot_live,
        ai_sides: match ai {
            _ if hotseat || replay.is_some() => Vec::new(),
            Some(ai) => ai.sides().to_vec(),
            None => game.scenario().ai_sides(),
        },
        replay,
        explain: cli.explain,
        aim: cli.aim,
        hover: cli.hover,
        players: cli.players,
        screen: first,
        keys: cli.keys.clone(),
        bench_frames: cli.bench_frames,
    };
    // The window options a d20 battle takes (its own window: src/game/d20/).
    let d20_launch = || game::d20::Launch {
        title: String::new(),
        screenshot: cli.screenshot.clone(),
        screenshot_after: cli.screenshot_after,
        ai_sides: Vec::new(),
        hover: cli.hover,
        keys: cli.keys.clone(),
        demo: Vec::new(),
        narration: Vec::new(),
    };
    // The window options a Miniatures skirmish takes (its own window: src/game/miniatures/).
    let miniatures_launch = || game::miniatures::Launch {
        title: String::new(),
        screenshot: cli.screenshot.clone(),
        screenshot_after: cli.screenshot_after,
        ai_players: Vec::new(),
        hover: cli.hover,
        keys: cli.keys.clone(),
        demo: Vec::new(),
        narration: Vec::new(),
    };
    match cli.command {
        None => match Game::new(scenarios::DEFAULT.file, scenarios::DEFAULT.text, None) {
            Ok(g) => {
                let options = launch(&g, None, None);
                game::run(g, options)
            }
            Err(problems) => report(&problems),
        },
        Some(Cmd::Play {
            scenario,
            seed,
            commands,
            ai,
        }) => {
            if let Ok((file, text)) = named_source(&scenario)
                && steelgrid_d20::scenario::is_d20(&text)
            {
                let launch = d20_launch();
                let ai = if hotseat {
                    Some(&[][..])
                } else {
                    ai.map(AiSides::sides)
                };
                return crate::d20::play(&file, &text, seed, commands.as_deref(), launch, ai);
            }
            if let Ok((file, text)) = named_source(&scenario)
                && steelgrid_miniatures::scenario::is_miniatures(&text)
            {
                let launch = miniatures_launch();
                let ai = if hotseat {
                    Some(Vec::new())
                } else {
                    ai.map(|a| crate::miniatures::players(a.sides()))
                };
                return crate::miniatures::play(
                    &file,
                    &text,
                    seed,
                    commands.as_deref(),
                    launch,
                    ai,
                );
            }
            let mut g = match start(&scenario, seed) {
                Ok(g) => g,
                Err(problems) => return report(&problems),
            };
            let commands_file = commands.as_deref();
            let commands = match read_commands(commands_file) {
                Ok(c) => c,
                Err(problems) => return report(&problems),
            };
            if let Some(r) = sim::run(&mut g, &commands, None) {
                return refused(commands_file, &r);
            }
            let options = launch(&g, None, ai);
            game::run(g, options)
        }
        Some(Cmd::Replay { file, verify }) => {
            if let Ok(text) = std::fs::read_to_string(&file)
                && steelgrid_d20::record::Replay::is_replay(&text)
            {
                let launch = d20_launch();
                return crate::d20::replay(&file, &text, verify, launch);
            }
            if let Ok(text) = std::fs::read_to_string(&file)
                && steelgrid_miniatures::record::Replay::is_replay(&text)
            {
                let launch = miniatures_launch();
                return crate::miniatures::replay(&file, &text, verify, launch);
            }
            let record = match saves::read(&file) {
                Ok(r) => r,
                Err(e) => return failed(&e),
            };
            let g = match record.verify() {
                Ok(g) => g,
                Err(e) => return failed(&format!("{}: {e}", file.display())),
            };
            if verify {
                println!(
                    "{}: {} commands verified, final checksum {}",
                    file.display(),
                    g.steps().len(),
                    g.checksum()
                );
                return ExitCode::SUCCESS;
            }
            let start = match Game::new(
                &record.scenario.file,
                &record.scenario.text,
                Some(record.seed),
            ) {
                Ok(g) => g,
                Err(problems) => return report(&problems),
            };
            let options = launch(&start, Some(record), None);
            game::run(start, options)
        }
        Some(Cmd::Resume { save }) => {
            match saves::read(&save)
                .and_then(|r| r.resume().map_err(|e| format!("{}: {e}", save.display())))
            {
                Ok(g) => {
                    let options = launch(&g, None, None);
                    game::run(g, options)
                }
                Err(e) => failed(&e),
            }
        }
        Some(Cmd::Check { scenarios }) => check(&scenarios),
        Some(Cmd::Build(args)) => crate::build::run(args),
        Some(Cmd::Campaign {
            campaign,
            ai,
            party,
            seed,
            tries,
            max_rounds,
            json,
        }) => {
            let loaded = match crate::campaign::load(&campaign) {
                Ok(loaded) => loaded,
                Err(code) => return code,
            };
            let classes = match crate::campaign::party(&loaded, party.as_deref()) {
                Ok(classes) => classes,
                Err(e) => return failed(&e),
            };
            match ai {
                Some(AiSides::Both) => {
                    crate::campaign::headless(&loaded, &classes, seed, tries, max_rounds, json)
                }
                _ => failed(
                    "a campaign is played in the window from the title screen; `--ai both` plays it here without one",
                ),
            }
        }
        Some(Cmd::Monster {
            level,
            organization,
            role,
            reading,
            json,
        }) => {
            let formula = MonsterFormula {
                level,
                organization,
                role,
            };
            monster(&formula, reading.into(), json)
        }
        Some(Cmd::Sim {
            scenario,
            seed,
            commands,
            ai,
            max_rounds,
            json,
            record,
            seeds,
            director,
        }) => {
            if let Ok((file, text)) = named_source(&scenario)
                && steelgrid_d20::scenario::is_d20(&text)
            {
                if let Some(n) = seeds {
                    let rounds = max_rounds.unwrap_or(30);
                    return crate::d20::batch(&file, &text, seed.unwrap_or(1), n, rounds);
                }
                let run = crate::d20::Run {
                    seed,
                    commands: commands.as_deref(),
                    ai: ai.map_or(&[][..], AiSides::sides),
                    max_rounds,
                    json,
                    record: record.as_deref(),
                };
                return crate::d20::simulate(&file, &text, run);
            }
            if let Ok((file, text)) = named_source(&scenario)
                && steelgrid_miniatures::scenario::is_miniatures(&text)
            {
                if let Some(n) = seeds {
                    return crate::miniatures::batch(
                        &file,
                        &text,
                        seed.unwrap_or(1),
                        n,
                        max_rounds,
                    );
                }
                let run = crate::miniatures::Run {
                    seed,
                    commands: commands.as_deref(),
                    ai: ai.map_or_else(Vec::new, |a| crate::miniatures::players(a.sides())),
                    max_rounds,
                    json,
                    record: record.as_deref(),
                };
                return crate::miniatures::simulate(&file, &text, run);
            }
            if let Some(n) = seeds {
                let games = Games {
                    first: seed.unwrap_or(1),
                    count: n,
                    max_rounds: max_rounds.unwrap_or(30),
                    director: director.into(),
                };
                return batch(&scenario, games);
            }
            let ai_sides = ai.map_or(&[][..], AiSides::sides);
            simulate(
                &scenario,
                seed,
                commands.as_deref(),
                ai_sides,
                max_rounds,
                json,
                record.as_deref(),
            )
        }
    }
}

fn read(path: &Path) -> Result<String, Vec<Diagnostic>> {
    std::fs::read_to_string(path).map_err(|e| {
        vec![Diagnostic {
            file: path.display().to_string(),
            line: 1,
            col: 1,
            message: format!("cannot read the file: {e}"),
        }]
    })
}

fn load(path: &Path) -> Result<scenario::Scenario, Vec<Diagnostic>> {
    let src = read(path)?;
    scenario::load(&path.display().to_string(), &src)
}

/// The file name and text of a scenario file, or of an embedded scenario named by its short
/// name (`demo_ledge`) when no such file exists.
fn named_source(path: &Path) -> Result<(String, String), Vec<Diagnostic>> {
    if !path.exists()
        && let Some(embedded) = path.to_str().and_then(scenarios::by_name)
    {
        return Ok((embedded.file.to_owned(), embedded.text.to_owned()));
    }
    Ok((path.display().to_string(), read(path)?))
}

/// Start a recorded game on a scenario file or an embedded scenario ([`named_source`]).
fn start(path: &Path, seed: Option<u64>) -> Result<Game, Vec<Diagnostic>> {
    let (file, text) = named_source(path)?;
    Game::new(&file, &text, seed)
}

/// Load a scenario file or an embedded scenario ([`named_source`]).
fn load_named(path: &Path) -> Result<scenario::Scenario, Vec<Diagnostic>> {
    let (file, text) = named_source(path)?;
    scenario::load(&file, &text)
}

/// Read and parse an optional command file.
fn read_commands(path: Option<&Path>) -> Result<Vec<sim::PlacedCommand>, Vec<Diagnostic>> {
    let Some(file) = path else {
        return Ok(Vec::new());
    };
    let src = read(file)?;
    sim::parse_commands(&file.display().to_string(), &src).map_err(|d| vec![d])
}

fn check(paths: &[PathBuf]) -> ExitCode {
    let mut failed = false;
    for path in paths {
        if let Ok((file, text)) = named_source(path)
            && steelgrid_d20::scenario::is_d20(&text)
        {
            failed |= !crate::d20::check(&file, &text);
            continue;
        }
        if let Ok((file, text)) = named_source(path)
            && steelgrid_miniatures::scenario::is_miniatures(&text)
        {
            failed |= !crate::miniatures::check(&file, &text);
            continue;
        }
        match load(path) {
            Ok(s) => {
                let unknown = icon_problems(path, &s);
                if !unknown.is_empty() {
                    failed = true;
                    for line in unknown {
                        println!("{line}");
                    }
                    continue;
                }
                println!("{}: ok ({})", path.display(), s.name);
                // The encounter budget against the Director's creatures, indented under it.
                for line in encounter_budget::report(&s).to_string().lines() {
                    println!("  {line}");
                }
            }
            Err(problems) => {
                failed = true;
                for p in crate::d20::name_the_ruleset(problems, false) {
                    println!("{p}");
                }
            }
        }
    }
    if failed {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
}

/// Icons the scenario names that the game does not carry, each at `file:line:col` of its name
/// (the art is the window's, not the rules', so its names are checked here).
fn icon_problems(path: &Path, scenario: &steelgrid_rules::Scenario) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let carried = game::icon_names();
    scenario
        .icons()
        .iter()
        .filter(|(_, icon)| !carried.contains(&icon.as_str()))
        .map(|(id, icon)| {
            let at = text
                .find(&format!("\"{icon}\""))
                .map_or(steelgrid_rules::source::LineCol { line: 1, col: 1 }, |i| {
                    steelgrid_rules::source::line_col(&text, i)
                });
            format!(
                "{}:{}:{}: creature `{id}`: the game carries no icon `{icon}` (it carries {})",
                path.display(),
                at.line,
                at.col,
                carried.join(", ")
            )
        })
        .collect()
}

/// Print the stat block `formula` gives under `reading`, or what is wrong with it (exit 1).
fn monster(formula: &MonsterFormula, reading: Reading, json: bool) -> ExitCode {
    let problems = formula.problems();
    if !problems.is_empty() {
        for p in problems {
            eprintln!("steelgrid monster: {p}");
        }
        return ExitCode::from(1);
    }
    let block = formula.stat_block(reading);
    if json {
        println!("{}", serde_json::to_string_pretty(&block).expect("json"));
    } else {
        println!("{block}");
    }
    ExitCode::SUCCESS
}

fn simulate(
    path: &Path,
    seed: Option<u64>,
    commands: Option<&Path>,
    ai_sides: &[Side],
    max_rounds: Option<u32>,
    json: bool,
    record: Option<&Path>,
) -> ExitCode {
    let mut game = match start(path, seed) {
        Ok(g) => g,
        Err(problems) => return report(&problems),
    };
    let commands_path = commands;
    let commands = match read_commands(commands) {
        Ok(c) => c,
        Err(problems) => return report(&problems),
    };
    // A demonstration's own script plays first (it was checked when the scenario loaded).
    let demo = game.scenario().demo_commands();
    let refusal = sim::run(&mut game, &demo, max_rounds)
        .map(|r| (Some(path), r))
        .or_else(|| sim::run(&mut game, &commands, max_rounds).map(|r| (commands_path, r)));
    // The AI plays its sides once the command list is done (and only if it all applied).
    let ai = if refusal.is_none() {
        sim::run_ai(&mut game, ai_sides, max_rounds)
    } else {
        sim::AiRun::default()
    };
    println!("{}", sim::to_json(game.engine(), json, &ai.decisions));
    if let Some(out) = record
        && let Err(e) = saves::write(out, &game.replay())
    {
        return failed(&e);
    }
    if let Some((command, e)) = ai.refused {
        eprintln!(
            "steelgrid: the AI proposed {} and the engine refused it: {e}",
            command.name()
        );
        return ExitCode::from(1);
    }
    match refusal {
        None => ExitCode::SUCCESS,
        Some((file, r)) => refused(file, &r),
    }
}

/// A batch of AI-vs-AI games: seeds `first` onwards, each to its end or `max_rounds`.
struct Games {
    first: u64,
    count: u64,
    max_rounds: u32,
    director: ai::Director,
}

/// Play the `games` on every core, and print the batch's figures (`sim::batch::Report`) with
/// the time it took; a progress bar on stderr meanwhile when that is a terminal.
fn batch(path: &Path, games: Games) -> ExitCode {
    use rayon::prelude::*;
    let scenario = match load_named(path) {
        Ok(s) => s,
        Err(problems) => return report(&problems),
    };
    let clock = std::time::Instant::now();
    let Games {
        first,
        count,
        max_rounds,
        director,
    } = games;
    let progress = Progress::new(count);
    let results: Vec<sim::batch::GameResult> = (first..first + count)
        .into_par_iter()
        .map(|seed| {
            let result = sim::batch::play(&scenario, seed, max_rounds, director);
            progress.tick();
            result
        })
        .collect();
    progress.clear();
    let figures = sim::batch::Report::of(&results);
    let summary = serde_json::json!({
        "scenario": path.display().to_string(),
        "first_seed": first,
        "max_rounds": max_rounds,
        "director": director,
        "threads": rayon::current_num_threads(),
        "seconds": clock.elapsed().as_secs_f64(),
    });
    let summary = with_figures(summary, &figures);
    println!("{}", serde_json::to_string_pretty(&summary).expect("json"));
    if figures.errors.is_empty() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}

/// A batch's summary: what was played (`head`, a JSON object) followed by its figures'
/// fields, as `sim --seeds` prints it for every ruleset.
pub(crate) fn with_figures(
    mut head: serde_json::Value,
    figures: &impl serde::Serialize,
) -> serde_json::Value {
    if let (Some(out), serde_json::Value::Object(more)) = (
        head.as_object_mut(),
        serde_json::to_value(figures).expect("the figures serialize"),
    ) {
        out.extend(more);
    }
    head
}

/// A one-line progress bar on stderr, redrawn as games finish; nothing when stderr is not a
/// terminal (CI logs, pipes). Written here rather than taken from a crate: it is one line.
struct Progress {
    total: u64,
    done: std::sync::atomic::AtomicU64,
    shown: bool,
}

impl Progress {
    const WIDTH: u64 = 32;

    fn new(total: u64) -> Progress {
        use std::io::IsTerminal;
        Progress {
            total: total.max(1),
            done: Default::default(),
            shown: std::io::stderr().is_terminal(),
        }
    }

    fn tick(&self) {
        let done = self.done.fetch_add(1, std::sync::atomic::Ordering::Relaxed) + 1;
        if self.shown {
            let filled = (done * Self::WIDTH / self.total) as usize;
            eprint!(
                "\r[{}{}] {done}/{} games",
                "#".repeat(filled),
                "-".repeat(Self::WIDTH as usize - filled),
                self.total
            );
        }
    }

    fn clear(&self) {
        if self.shown {
            eprint!("\r{}\r", " ".repeat(Self::WIDTH as usize + 24));
        }
    }
}

/// Report a refused command at its place in the command file; exit status 1.
fn refused(file: Option<&Path>, r: &sim::Refusal) -> ExitCode {
    let file = file.map(|p| p.display().to_string()).unwrap_or_default();
    eprintln!(
        "{file}:{}:{}: command {} refused by rule {} ({}): {}",
        r.line,
        r.col,
        r.index + 1,
        r.error.rule.id,
        r.error.rule.seed,
        r.error.reason
    );
    ExitCode::from(1)
}
