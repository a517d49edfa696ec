//! d20 scenario files (RON): the map with its legend and low walls, who plays each side, and the
//! creatures, each from a template in `content/d20/creatures.ron` or written out. A bad file is
//! refused with `file:line:col` and what is wrong, never a panic.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use steelgrid_kernel::body::Side;
use steelgrid_kernel::diagnostic::{Diagnostic, ron_options};
use steelgrid_kernel::grid::{Cell, Footprint, Map, Square, Terrain};
use steelgrid_kernel::source::{self, line_col};

use crate::options::{D20Options, Edition};
use crate::stats::Stats;
use crate::terrain::{Border, Features};

/// The built-in d20 creatures.
pub const CREATURES: &str = include_str!("../content/creatures.ron");

/// The built-in creature templates, parsed once.
pub fn library() -> &'static BTreeMap<String, Stats> {
    static LIBRARY: OnceLock<BTreeMap<String, Stats>> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        ron_options()
            .from_str(CREATURES)
            .expect("the built-in d20 creatures are checked by their own test")
    })
}

/// `ruleset: D20(edition: Pathfinder1)`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum RulesetTag {
    D20 {
        #[serde(default)]
        edition: Edition,
    },
}

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    #[default]
    Human,
    Ai,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    #[serde(default)]
    pub heroes: Controller,
    #[serde(default = "ai")]
    pub director: Controller,
}

impl Default for Sides {
    fn default() -> Self {
        Sides {
            heroes: Controller::Human,
            director: Controller::Ai,
        }
    }
}

fn ai() -> Controller {
    Controller::Ai
}

/// What a map character stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    #[serde(default)]
    pub terrain: Terrain,
    #[serde(default)]
    pub elevation: i32,
    /// Fog, smoke or darkness: concealment (seed 001 L222).
    #[serde(default)]
    pub concealing: bool,
    /// A hampering obstacle (seed 001 L119).
    #[serde(default)]
    pub obstacle: bool,
    /// A narrow place to squeeze through (seed 001 L122).
    #[serde(default)]
    pub narrow: bool,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// `.` floor, `#` wall, `~` difficult terrain are predefined.
    #[serde(default)]
    pub legend: BTreeMap<char, Tile>,
    pub rows: Vec<String>,
    /// Low walls along borders, each between two side-by-side squares (seed 001 L205).
    #[serde(default)]
    pub low_walls: Vec<(Square, Square)>,
}

/// One creature in the scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub id: String,
    pub side: Side,
    /// Its top-left square (`position:` as in Draw Steel's files, or `at:`).
    #[serde(alias = "position")]
    pub at: Square,
    /// A creature from the library, by id.
    #[serde(default)]
    pub template: Option<String>,
    /// Or a whole stat block.
    #[serde(default)]
    pub stats: Option<Stats>,
    /// A name of its own.
    #[serde(default)]
    pub name: Option<String>,
    /// Starting hit points when it begins the battle hurt.
    #[serde(default)]
    pub hit_points: Option<i32>,
    #[serde(default)]
    pub nonlethal: i32,
    #[serde(default)]
    pub temporary: i32,
    /// States from the modifier tables it starts in (seed 001 L166-194).
    #[serde(default)]
    pub conditions: Vec<crate::attack::condition::Condition>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct ScenarioFile {
    name: String,
    #[serde(default)]
    description: String,
    ruleset: RulesetTag,
    #[serde(default)]
    options: D20Options,
    #[serde(default)]
    seed: Option<u64>,
    map: MapSpec,
    #[serde(default)]
    sides: Sides,
    creatures: Vec<CreatureEntry>,
    /// Lines a demonstration tells, in order, before its commands.
    #[serde(default)]
    narration: Vec<String>,
    /// A demonstration's commands, played before anyone else moves.
    #[serde(default)]
    demo: Vec<crate::command::Command>,
    /// Die faces used before the seeded dice, in the order rolled (initiative first, in the
    /// creatures' order): a demonstration's way to show one outcome.
    #[serde(default)]
    dice: Vec<u32>,
}

/// A creature ready to be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub at: Square,
    pub stats: Stats,
    pub hit_points: i32,
    pub nonlethal: i32,
    pub temporary: i32,
    pub conditions: Vec<crate::attack::condition::Condition>,
}

/// A checked d20 scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub options: D20Options,
    pub seed: u64,
    pub map: Map,
    pub features: Features,
    pub sides: Sides,
    pub creatures: Vec<Placed>,
    pub narration: Vec<String>,
    pub demo: Vec<crate::command::Command>,
    pub dice: Vec<u32>,
}

impl Scenario {
    /// The sides the scenario gives the AI.
    pub fn ai_sides(&self) -> Vec<Side> {
        let ai = |c: Controller, side: Side| (c == Controller::Ai).then_some(side);
        [
            ai(self.sides.heroes, Side::Heroes),
            ai(self.sides.director, Side::Director),
        ]
        .into_iter()
        .flatten()
        .collect()
    }
}

/// Whether a scenario's text names the d20 ruleset: `ruleset: D20...` at its top level.
pub fn is_d20(src: &str) -> bool {
    source::top_fields(src)
        .iter()
        .any(|&(k, at)| k == "ruleset" && src[at..].starts_with("D20"))
}

/// The offset of a top-level field's value in a scenario's text.
pub fn field_at(src: &str, key: &str) -> Option<usize> {
    source::top_fields(src)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, at)| at)
}

/// Read and check a d20 scenario.
pub fn load(file: &str, src: &str) -> Result<Scenario, Vec<Diagnostic>> {
    let parsed: ScenarioFile = ron_options().from_str(src).map_err(|e| {
        vec![Diagnostic {
            file: file.to_owned(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        }]
    })?;
    let mut problems = Vec::new();
    let (map, features, creatures) = {
        let mut at = |offset: usize, message: String| {
            let lc = line_col(src, offset);
            problems.push(Diagnostic {
                file: file.to_owned(),
                line: lc.line,
                col: lc.col,
                message,
            });
        };
        let top = source::top_fields(src);
        let top_at = |key: &str| top.iter().find(|(k, _)| *k == key).map_or(0, |&(_, o)| o);
        let map = build_map(&parsed.map, src, top_at("map"), &mut at);
        let features = features(&parsed.map, &map, top_at("map"), src, &mut at);
        let entries = source::list_elements(src, top_at("creatures"));
        let creatures = place(&parsed.creatures, &map, src, &entries, &mut at);
        (map, features, creatures)
    };
    if !problems.is_empty() {
        return Err(problems);
    }
    let RulesetTag::D20 { edition } = parsed.ruleset;
    Ok(Scenario {
        name: parsed.name,
        description: parsed.description,
        options: D20Options {
            edition,
            ..parsed.options
        },
        seed: parsed.seed.unwrap_or(1),
        map,
        features,
        sides: parsed.sides,
        creatures,
        narration: parsed.narration,
        demo: parsed.demo,
        dice: parsed.dice,
    })
}

fn default_legend() -> BTreeMap<char, Tile> {
    let tile = |terrain| Tile {
        terrain,
        ..Tile::default()
    };
    BTreeMap::from([
        ('.', Tile::default()),
        ('#', tile(Terrain::Wall)),
        ('~', tile(Terrain::Difficult)),
    ])
}

fn build_map(spec: &MapSpec, src: &str, map_at: usize, at: &mut impl FnMut(usize, String)) -> Map {
    let mut legend = default_legend();
    legend.extend(spec.legend.clone());
    let rows_at = source::field(src, Some(map_at), "rows").unwrap_or(map_at);
    let row_starts = source::list_elements(src, rows_at);
    let height = spec.rows.len() as i32;
    let width = spec.rows.first().map_or(0, |r| r.chars().count()) as i32;
    if height == 0 || width == 0 {
        at(
            rows_at,
            "the map needs at least one row with at least one square".into(),
        );
    }
    let mut cells = Vec::with_capacity((width * height).max(0) as usize);
    for (y, row) in spec.rows.iter().enumerate() {
        let row_at = row_starts.get(y).copied().unwrap_or(rows_at);
        if row.chars().count() as i32 != width {
            at(
                row_at,
                format!("row {y} is not as wide as the first row ({width} squares)"),
            );
        }
        for (x, ch) in row.chars().enumerate() {
            let tile = legend.get(&ch).cloned().unwrap_or_else(|| {
                at(row_at + 1 + x, format!("`{ch}` is not in the map legend"));
                Tile::default()
            });
            cells.push(Cell {
                terrain: tile.terrain,
                elevation: tile.elevation,
                concealing: tile.concealing,
                ..Cell::default()
            });
        }
    }
    cells.resize((width * height).max(0) as usize, Cell::default());
    Map {
        width,
        height,
        cells,
        zones: BTreeMap::new(),
    }
}

fn features(
    spec: &MapSpec,
    map: &Map,
    map_at: usize,
    src: &str,
    at: &mut impl FnMut(usize, String),
) -> Features {
    let mut legend = default_legend();
    legend.extend(spec.legend.clone());
    let mut f = Features::default();
    for (y, row) in spec.rows.iter().enumerate() {
        for (x, ch) in row.chars().enumerate() {
            let sq = Square::new(x as i32, y as i32);
            if let Some(tile) = legend.get(&ch) {
                if tile.obstacle {
                    f.obstacles.insert(sq);
                }
                if tile.narrow {
                    f.narrow.insert(sq);
                }
            }
        }
    }
    let walls_at = source::field(src, Some(map_at), "low_walls").unwrap_or(map_at);
    let starts = source::list_elements(src, walls_at);
    let mut walls = BTreeSet::new();
    for (i, &(a, b)) in spec.low_walls.iter().enumerate() {
        let here = starts.get(i).copied().unwrap_or(walls_at);
        match Border::between(a, b) {
            Some(border) if map.in_bounds(a) && map.in_bounds(b) => {
                walls.insert(border);
            }
            Some(_) => at(
                here,
                format!("the low wall between {a} and {b} is off the map"),
            ),
            None => at(
                here,
                format!("a low wall runs between two side-by-side squares; {a} and {b} are not"),
            ),
        }
    }
    f.low_walls = walls;
    f
}

fn place(
    entries: &[CreatureEntry],
    map: &Map,
    src: &str,
    starts: &[usize],
    at: &mut impl FnMut(usize, String),
) -> Vec<Placed> {
    let mut placed: Vec<Placed> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let open = starts.get(i).copied().unwrap_or(0);
        let here = |key: &str| source::field(src, Some(open), key).unwrap_or(open);
        let stats = match (&entry.template, &entry.stats) {
            (Some(t), None) => match library().get(t) {
                Some(s) => s.clone(),
                None => {
                    let known: Vec<_> = library().keys().map(String::as_str).collect();
                    at(
                        here("template"),
                        format!(
                            "no d20 creature `{t}`; the library has {}",
                            known.join(", ")
                        ),
                    );
                    continue;
                }
            },
            (None, Some(s)) => s.clone(),
            _ => {
                at(
                    open,
                    format!(
                        "`{}` needs a `template` or its own `stats`, one of the two",
                        entry.id
                    ),
                );
                continue;
            }
        };
        if let Some(why) = stats.problem() {
            let key = if entry.stats.is_some() {
                "stats"
            } else {
                "template"
            };
            at(here(key), format!("`{}`: {why}", entry.id));
            continue;
        }
        let bounded = |v: i32, lo: i32| (lo..=10_000).contains(&v);
        if !bounded(entry.nonlethal, 0)
            || !bounded(entry.temporary, 0)
            || !entry
                .hit_points
                .is_none_or(|h| bounded(h, -10_000) && h <= stats.hit_points)
        {
            at(
                open,
                format!(
                    "`{}`: starting hit points up to its maximum, nonlethal and temporary hit points 0 to 10000",
                    entry.id
                ),
            );
            continue;
        }
        let space = Footprint {
            origin: entry.at,
            side: stats.size.side(),
        };
        if !map.footprint_in_bounds(space) {
            at(
                here("at"),
                format!(
                    "`{}` at {} ({}) is off the map, which is {} wide and {} high",
                    entry.id,
                    entry.at,
                    stats.size.name(),
                    map.width,
                    map.height
                ),
            );
            continue;
        }
        if let Some(sq) = space.squares().find(|&sq| map.is_solid(sq)) {
            at(
                here("at"),
                format!("`{}` at {} stands in a wall at {sq}", entry.id, entry.at),
            );
            continue;
        }
        if placed.iter().any(|p| p.id == entry.id) {
            at(
                here("id"),
                format!("two creatures are called `{}`", entry.id),
            );
            continue;
        }
        if let Some(other) = placed.iter().find(|p| {
            Footprint {
                origin: p.at,
                side: p.stats.size.side(),
            }
            .overlaps(space)
                && p.stats.size.per_square() == 1
                && stats.size.per_square() == 1
        }) {
            at(
                here("at"),
                format!(
                    "`{}` at {} overlaps `{}` at {}",
                    entry.id, entry.at, other.id, other.at
                ),
            );
            continue;
        }
        placed.push(Placed {
            id: entry.id.clone(),
            name: entry.name.clone().unwrap_or_else(|| stats.name.clone()),
            side: entry.side,
            at: entry.at,
            hit_points: entry.hit_points.unwrap_or(stats.hit_points),
            nonlethal: entry.nonlethal,
            temporary: entry.temporary,
            conditions: entry.conditions.clone(),
            stats,
        });
    }
    placed
}
