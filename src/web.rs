//! The browser build's entry: the page address says what to open, and the page gets a loading
//! indicator, a status line for tests and local storage for saves.
//!
//! Share links: `?scenario=demo_ledge` opens an embedded scenario (`&seed=N`, `&hotseat=1`);
//! `?scenario=d20/skirmish` a d20 one and `?scenario=miniatures/warband_battle` a Miniatures one
//! (`&ai=one|two|both|none` there), each in its own window;
//! `#replay=<replay RON>` plays a replay with the player controls, and `&verify=1` re-runs it
//! first and writes the result into the page. `&ai=both` (or `heroes`, `director`, `none`) says
//! which sides the AI plays, and `&bench-frames=N` times N frames once the board is drawn and
//! writes the figures into the page (`data-frames`), as `--bench-frames` prints them natively.
//! Parameters may be in the query or the fragment; a replay belongs in the fragment, which never
//! goes to the server (no length limit there).

use std::process::ExitCode;

use steelgrid_rules::creature::Side;
use steelgrid_rules::record::{Game, Record};
use web_sys::{Document, UrlSearchParams};

use crate::game::{self, LaunchOptions};
use crate::scenarios;

pub fn main() -> ExitCode {
    if let Some(opened) = open_d20() {
        return match opened {
            Ok((battle, launch)) => game::d20::run(battle, launch),
            Err(message) => {
                set_text("loading", &message);
                set_attribute("status", "data-error", &message);
                ExitCode::FAILURE
            }
        };
    }
    if let Some(opened) = open_miniatures() {
        return match opened {
            Ok((battle, launch)) => game::miniatures::run(battle, launch),
            Err(message) => {
                set_text("loading", &message);
                set_attribute("status", "data-error", &message);
                ExitCode::FAILURE
            }
        };
    }
    match open() {
        Ok((game, options)) => game::run(game, options),
        Err(message) => {
            // Nothing to play: say why where the loading indicator was.
            set_text("loading", &message);
            set_attribute("status", "data-error", &message);
            ExitCode::FAILURE
        }
    }
}

fn open() -> Result<(Game, LaunchOptions), String> {
    let params = query();
    let get = |key: &str| params.iter().flatten().find_map(|p| p.get(key));
    let flag = |key: &str| get(key).is_some_and(|v| v != "0");
    if let Some(text) = get("replay") {
        let record = Record::parse("replay", &text).map_err(|e| e.to_string())?;
        if flag("verify") {
            let verdict = match record.verify() {
                Ok(verified) => format!(
                    "replay verified: {} commands, final checksum {}",
                    verified.steps().len(),
                    verified.checksum()
                ),
                Err(e) => format!("replay differs: {e}"),
            };
            set_attribute("status", "data-replay", &verdict);
        }
        let start = Game::new(
            &record.scenario.file,
            &record.scenario.text,
            Some(record.seed),
        )
        .map_err(|problems| lines(&problems))?;
        return Ok((start, options(Vec::new(), Some(record), None)));
    }
    let name = get("scenario").unwrap_or_else(|| scenarios::DEFAULT.name.to_owned());
    let embedded = scenarios::by_name(&name).ok_or_else(|| {
        let known: Vec<&str> = scenarios::EMBEDDED.iter().map(|s| s.name).collect();
        format!(
            "no scenario called '{name}' (there are: {})",
            known.join(", ")
        )
    })?;
    let seed = match get("seed") {
        Some(s) => Some(
            s.parse::<u64>()
                .map_err(|_| format!("seed '{s}' is not a number"))?,
        ),
        None => None,
    };
    let game =
        Game::new(embedded.file, embedded.text, seed).map_err(|problems| lines(&problems))?;
    let ai_sides = match get("ai").as_deref() {
        Some("both") => vec![Side::Heroes, Side::Director],
        Some("heroes") => vec![Side::Heroes],
        Some("director") => vec![Side::Director],
        Some("none") => Vec::new(),
        Some(other) => {
            return Err(format!(
                "ai '{other}' is not one of both, heroes, director, none"
            ));
        }
        None if flag("hotseat") => Vec::new(),
        None => game.scenario().ai_sides(),
    };
    let bench_frames = match get("bench-frames") {
        Some(n) => Some(
            n.parse::<u32>()
                .map_err(|_| format!("bench-frames '{n}' is not a number"))?,
        ),
        None => None,
    };
    Ok((game, options(ai_sides, None, bench_frames)))
}

/// `?scenario=d20/skirmish`: a d20 scenario (`&seed=N`, `&ai=...`, `&hotseat=1` as for Draw
/// Steel's); none when the page names no d20 scenario.
fn open_d20() -> Option<Result<(steelgrid_d20::battle::Battle, game::d20::Launch), String>> {
    let params = query();
    let get = |key: &str| params.iter().flatten().find_map(|p| p.get(key));
    let name = get("scenario")?;
    let embedded = scenarios::D20.iter().find(|s| s.name == name)?;
    Some((|| {
        let scenario =
            steelgrid_d20::scenario::load(embedded.file, embedded.text).map_err(|p| lines(&p))?;
        let seed = get("seed")
            .map(|s| {
                s.parse::<u64>()
                    .map_err(|_| format!("seed '{s}' is not a number"))
            })
            .transpose()?;
        let ai_sides = match get("ai").as_deref() {
            Some("both") => vec![Side::Heroes, Side::Director],
            Some("heroes") => vec![Side::Heroes],
            Some("director") => vec![Side::Director],
            Some("none") => Vec::new(),
            Some(other) => {
                return Err(format!(
                    "ai '{other}' is not one of both, heroes, director, none"
                ));
            }
            None if get("hotseat").is_some_and(|v| v != "0") => Vec::new(),
            None => scenario.ai_sides(),
        };
        hide("loading");
        let launch = game::d20::Launch {
            title: scenario.name.clone(),
            screenshot: None,
            screenshot_after: 0.0,
            ai_sides,
            hover: None,
            keys: Vec::new(),
            demo: scenario.demo.clone(),
            narration: scenario.narration.clone(),
        };
        Ok((steelgrid_d20::battle::Battle::new(&scenario, seed), launch))
    })())
}

/// `?scenario=miniatures/warband_battle`: a Miniatures scenario (`&seed=N`, `&hotseat=1`, and
/// `&ai=one|two|both|none` for the players the AI takes); none when the page names no
/// Miniatures scenario.
fn open_miniatures() -> Option<
    Result<
        (
            steelgrid_miniatures::battle::Battle,
            game::miniatures::Launch,
        ),
        String,
    >,
> {
    use steelgrid_miniatures::round::Player;
    let params = query();
    let get = |key: &str| params.iter().flatten().find_map(|p| p.get(key));
    let name = get("scenario")?;
    let embedded = scenarios::MINIATURES.iter().find(|s| s.name == name)?;
    Some((|| {
        let scenario = steelgrid_miniatures::scenario::load(embedded.file, embedded.text)
            .map_err(|p| lines(&p))?;
        let seed = get("seed")
            .map(|s| {
                s.parse::<u64>()
                    .map_err(|_| format!("seed '{s}' is not a number"))
            })
            .transpose()?;
        let ai_players = match get("ai").as_deref() {
            Some("both") => vec![Player::One, Player::Two],
            Some("one") => vec![Player::One],
            Some("two") => vec![Player::Two],
            Some("none") => Vec::new(),
            Some(other) => {
                return Err(format!("ai '{other}' is not one of both, one, two, none"));
            }
            None if get("hotseat").is_some_and(|v| v != "0") => Vec::new(),
            None => scenario.ai_players(),
        };
        hide("loading");
        let launch = game::miniatures::Launch {
            title: scenario.name.clone(),
            screenshot: None,
            screenshot_after: 0.0,
            ai_players,
            hover: None,
            keys: Vec::new(),
            demo: scenario.demo.clone(),
            narration: scenario.narration.clone(),
        };
        Ok((
            steelgrid_miniatures::battle::Battle::new(&scenario, seed),
            launch,
        ))
    })())
}

fn lines(problems: &[steelgrid_rules::Diagnostic]) -> String {
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

fn options(
    ai_sides: Vec<Side>,
    replay: Option<Record>,
    bench_frames: Option<u32>,
) -> LaunchOptions {
    LaunchOptions {
        hover: None,
        players: 1,
        screenshot: None,
        screenshot_after: 0.0,
        screenshot_live: false,
        ai_sides,
        replay,
        explain: None,
        aim: None,
        screen: game::Screen::Battle,
        keys: Vec::new(),
        bench_frames,
    }
}

/// The page's parameters: the fragment's, then the query's.
fn query() -> Option<Vec<UrlSearchParams>> {
    let location = web_sys::window()?.location();
    let hash = location.hash().ok()?;
    let search = location.search().ok()?;
    [hash.trim_start_matches('#'), search.as_str()]
        .into_iter()
        .map(|part| UrlSearchParams::new_with_str(part).ok())
        .collect()
}

/// Go to the page that opens scenario `name`.
pub fn open_scenario(name: &str) {
    if let Some(window) = web_sys::window() {
        let _ = window.location().set_search(&format!("?scenario={name}"));
    }
}

fn document() -> Option<Document> {
    web_sys::window()?.document()
}

pub fn set_text(id: &str, text: &str) {
    if let Some(el) = document().and_then(|d| d.get_element_by_id(id)) {
        el.set_text_content(Some(text));
    }
}

pub fn set_attribute(id: &str, name: &str, value: &str) {
    if let Some(el) = document().and_then(|d| d.get_element_by_id(id)) {
        let _ = el.set_attribute(name, value);
    }
}

pub fn hide(id: &str) {
    set_attribute(id, "hidden", "");
}

/// What the page's local storage keeps under `steelgrid.<slot>`, if anything.
pub fn stored(slot: &str) -> Option<String> {
    let storage = web_sys::window()?.local_storage().ok().flatten()?;
    storage
        .get_item(&format!("steelgrid.{slot}"))
        .ok()
        .flatten()
}

/// Keep a save in the page's local storage under `steelgrid.<slot>`.
pub fn store(slot: &str, text: &str) -> Result<(), String> {
    let storage = web_sys::window()
        .and_then(|w| w.local_storage().ok().flatten())
        .ok_or("this browser offers no local storage")?;
    storage
        .set_item(&format!("steelgrid.{slot}"), text)
        .map_err(|_| "the browser refused to store the save (storage full?)".to_owned())
}
