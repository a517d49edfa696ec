//! Miniatures scenario files (RON): the map with its typed terrain, the two warbands with their
//! champions, the creatures from the card library (`content/cards.ron`), the victory areas and
//! the victory goal (digest A1, A10, A13 R7). A bad file is refused with `file:line:col` and
//! what is wrong, never a panic.

use std::collections::BTreeMap;
use std::sync::OnceLock;

use serde::{Deserialize, Serialize};
use steelgrid_kernel::diagnostic::{Diagnostic, ron_options};
use steelgrid_kernel::grid::{Cell, Footprint, Map, Square, Terrain as KernelTerrain};
use steelgrid_kernel::source::{self, line_col};

use crate::card::Card;
use crate::command::Command;
use crate::movement::terrain::{Features, Terrain};
use crate::options::MiniaturesOptions;
use crate::round::Player;

/// The built-in stat cards.
pub const CARDS: &str = include_str!("../content/cards.ron");

/// The built-in stat cards, parsed once.
pub fn library() -> &'static BTreeMap<String, Card> {
    static LIBRARY: OnceLock<BTreeMap<String, Card>> = OnceLock::new();
    LIBRARY.get_or_init(|| {
        ron_options()
            .from_str(CARDS)
            .expect("the built-in cards are checked by their own test")
    })
}

/// `ruleset: Miniatures`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum RulesetTag {
    Miniatures,
}

/// Who plays a warband.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    #[default]
    Human,
    Ai,
}

/// One warband as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WarbandEntry {
    pub player: Player,
    pub name: String,
    /// The id of its champion, one of its creatures with a champion block (seed 000 L47).
    pub champion: String,
    #[serde(default)]
    pub controller: Controller,
    /// The most points it may cost (not in seed: the players agree on it).
    #[serde(default)]
    pub limit: Option<u32>,
}

/// A start area: a rectangle a warband deploys in (seed 000 L48-49).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartArea {
    pub name: String,
    pub origin: Square,
    pub width: i32,
    pub height: i32,
}

impl StartArea {
    pub fn contains(&self, space: Footprint) -> bool {
        space.squares().all(|sq| {
            (self.origin.x..self.origin.x + self.width).contains(&sq.x)
                && (self.origin.y..self.origin.y + self.height).contains(&sq.y)
        })
    }
}

/// A victory area: a rectangle of squares scoring `points` at the end of each round.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VictoryArea {
    pub name: String,
    pub origin: Square,
    pub width: i32,
    pub height: i32,
    pub points: u32,
}

impl VictoryArea {
    pub fn contains(&self, sq: Square) -> bool {
        (self.origin.x..self.origin.x + self.width).contains(&sq.x)
            && (self.origin.y..self.origin.y + self.height).contains(&sq.y)
    }

    pub fn squares(&self) -> impl Iterator<Item = Square> + '_ {
        (self.origin.y..self.origin.y + self.height).flat_map(move |y| {
            (self.origin.x..self.origin.x + self.width).map(move |x| Square::new(x, y))
        })
    }
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// `.` clear, `#` blocking, `~` difficult are predefined; any other character names a terrain
    /// of seed 000 in `legend`.
    #[serde(default)]
    pub legend: BTreeMap<char, Terrain>,
    pub rows: Vec<String>,
}

/// One creature as the file gives it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureEntry {
    pub id: String,
    /// A card from the library, by id.
    pub card: String,
    pub player: Player,
    /// Its top-left square.
    pub at: Square,
    #[serde(default)]
    pub name: Option<String>,
    /// Starting hit points when it begins the battle hurt.
    #[serde(default)]
    pub hit_points: Option<u32>,
    /// The id of the mount it starts on (seed 000 L385-389).
    #[serde(default)]
    pub riding: Option<String>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
struct ScenarioFile {
    name: String,
    #[serde(default)]
    description: String,
    ruleset: RulesetTag,
    #[serde(default)]
    options: MiniaturesOptions,
    #[serde(default)]
    seed: Option<u64>,
    map: MapSpec,
    warbands: Vec<WarbandEntry>,
    creatures: Vec<CreatureEntry>,
    #[serde(default)]
    victory_areas: Vec<VictoryArea>,
    /// Two start areas of one size, `[One's, Two's]` as the creatures stand in them: the player
    /// who did not pick the map picks one and both deploy (seed 000 L48-49). Without them the
    /// creatures stand where the file puts them.
    #[serde(default)]
    start_areas: Vec<StartArea>,
    /// Victory points that win; the smaller warband's cost when left out (not in seed).
    #[serde(default)]
    goal: Option<u32>,
    #[serde(default = "default_rounds")]
    max_rounds: u32,
    #[serde(default)]
    narration: Vec<String>,
    #[serde(default)]
    demo: Vec<Command>,
    /// Die faces used before the seeded dice, in the order rolled.
    #[serde(default)]
    dice: Vec<u32>,
}

fn default_rounds() -> u32 {
    10
}

/// A creature ready to be placed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placed {
    pub id: String,
    pub name: String,
    pub player: Player,
    pub at: Square,
    pub card: Card,
    pub hit_points: u32,
    pub riding: Option<String>,
}

/// A checked warband.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WarbandSpec {
    pub name: String,
    pub champion: String,
    pub controller: Controller,
    /// The cost of its creatures (seed 000 L46).
    pub points: u32,
}

/// A checked Miniatures scenario.
#[derive(Clone, Debug, PartialEq)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub options: MiniaturesOptions,
    pub seed: u64,
    pub map: Map,
    pub features: Features,
    /// `[One, Two]`.
    pub warbands: [WarbandSpec; 2],
    pub creatures: Vec<Placed>,
    pub victory_areas: Vec<VictoryArea>,
    pub start_areas: Option<[StartArea; 2]>,
    pub goal: u32,
    pub max_rounds: u32,
    pub narration: Vec<String>,
    pub demo: Vec<Command>,
    pub dice: Vec<u32>,
}

impl Scenario {
    /// The players the scenario gives the AI.
    pub fn ai_players(&self) -> Vec<Player> {
        Player::BOTH
            .into_iter()
            .filter(|p| self.warbands[p.index()].controller == Controller::Ai)
            .collect()
    }
}

/// Whether a scenario's text names the Miniatures ruleset at its top level.
pub fn is_miniatures(src: &str) -> bool {
    source::top_fields(src)
        .iter()
        .any(|&(k, at)| k == "ruleset" && src[at..].starts_with("Miniatures"))
}

/// The offset of a top-level field's value in a scenario's text.
pub fn field_at(src: &str, key: &str) -> Option<usize> {
    source::top_fields(src)
        .into_iter()
        .find(|(k, _)| *k == key)
        .map(|(_, at)| at)
}

/// Read and check a Miniatures scenario.
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
    let checked = {
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
        let (map, features) = build_map(&parsed.map, src, top_at("map"), &mut at);
        let entries = source::list_elements(src, top_at("creatures"));
        let creatures = place(&parsed.creatures, &map, &features, src, &entries, &mut at);
        let warbands = warbands(&parsed, &creatures, src, top_at("warbands"), &mut at);
        let areas = source::list_elements(src, top_at("victory_areas"));
        for (i, area) in parsed.victory_areas.iter().enumerate() {
            let inside = map.in_bounds(area.origin)
                && area.width > 0
                && area.height > 0
                && area.points <= 1_000
                && area.width <= map.width
                && area.height <= map.height
                && area.squares().all(|sq| map.in_bounds(sq));
            if !inside {
                at(
                    areas.get(i).copied().unwrap_or(0),
                    format!(
                        "victory area `{}` must be a rectangle on the map worth up to 1000 points",
                        area.name
                    ),
                );
            }
        }
        let here = top_at("start_areas");
        let pair: Option<[StartArea; 2]> = match parsed.start_areas.as_slice() {
            [] => None,
            [a, b] => Some([a.clone(), b.clone()]),
            _ => {
                at(here, "a battle has no start areas or two".into());
                None
            }
        };
        if let Some(areas) = &pair {
            let on_map = |a: &StartArea| {
                map.in_bounds(a.origin)
                    && (1..=map.width).contains(&a.width)
                    && (1..=map.height).contains(&a.height)
                    && map.in_bounds(Square::new(
                        a.origin.x + a.width - 1,
                        a.origin.y + a.height - 1,
                    ))
            };
            let [a, b] = areas;
            let far = |o: i32, n: i32| i64::from(o) + i64::from(n);
            let overlap = i64::from(a.origin.x) < far(b.origin.x, b.width)
                && i64::from(b.origin.x) < far(a.origin.x, a.width)
                && i64::from(a.origin.y) < far(b.origin.y, b.height)
                && i64::from(b.origin.y) < far(a.origin.y, a.height);
            if !areas.iter().all(on_map) || a.width != b.width || a.height != b.height || overlap {
                at(
                    here,
                    "the two start areas are rectangles of one size on the map, apart".into(),
                );
            } else if let Some(c) = creatures.iter().find(|c| {
                let space = Footprint {
                    origin: c.at,
                    side: c.card.size.side(),
                };
                !areas[c.player.index()].contains(space)
            }) {
                at(
                    here,
                    format!(
                        "`{}` at {} is outside its warband's start area `{}`",
                        c.id,
                        c.at,
                        areas[c.player.index()].name
                    ),
                );
            } else if let Some((c, to)) = creatures.iter().find_map(|c| {
                // Taken the other way round, each creature stands at its spot in the other area.
                let (own, other) = (&areas[c.player.index()], &areas[c.player.other().index()]);
                let to = Square::new(
                    c.at.x - own.origin.x + other.origin.x,
                    c.at.y - own.origin.y + other.origin.y,
                );
                let space = Footprint {
                    origin: to,
                    side: c.card.size.side(),
                };
                let legal = space
                    .squares()
                    .all(|sq| features.at(sq).unwrap_or(Terrain::Clear).legal_end());
                (!legal).then_some((c, to))
            }) {
                at(
                    here,
                    format!(
                        "if the start areas are swapped, `{}` would stand at {to}, which is no legal position: the two areas must hold each warband's deployment",
                        c.id
                    ),
                );
            }
        }
        if !(1..=100).contains(&parsed.max_rounds) {
            at(top_at("max_rounds"), "max_rounds must be 1-100".into());
        }
        (map, features, creatures, warbands, pair)
    };
    let (map, features, creatures, warbands, start_areas) = checked;
    let Some(warbands) = warbands.filter(|_| problems.is_empty()) else {
        return Err(problems);
    };
    let goal = parsed
        .goal
        .unwrap_or_else(|| warbands.iter().map(|w| w.points).min().unwrap_or(0));
    Ok(Scenario {
        name: parsed.name,
        description: parsed.description,
        options: parsed.options,
        seed: parsed.seed.unwrap_or(1),
        map,
        features,
        warbands,
        creatures,
        victory_areas: parsed.victory_areas,
        start_areas,
        goal: goal.max(1),
        max_rounds: parsed.max_rounds,
        narration: parsed.narration,
        demo: parsed.demo,
        dice: parsed.dice,
    })
}

fn default_legend() -> BTreeMap<char, Terrain> {
    BTreeMap::from([
        ('.', Terrain::Clear),
        ('#', Terrain::Blocking),
        ('~', Terrain::Difficult),
    ])
}

/// The kernel's square under a DDM terrain: what blocks is a wall, a pit a pit, what slows
/// difficult; the DDM terrain itself goes in [`Features`].
fn kernel_terrain(terrain: Terrain) -> KernelTerrain {
    match terrain {
        Terrain::Blocking | Terrain::SeeThrough => KernelTerrain::Wall,
        Terrain::Pit => KernelTerrain::Pit { depth: 1 },
        t if t.slows() => KernelTerrain::Difficult,
        _ => KernelTerrain::Floor,
    }
}

fn build_map(
    spec: &MapSpec,
    src: &str,
    map_at: usize,
    at: &mut impl FnMut(usize, String),
) -> (Map, Features) {
    let mut legend = default_legend();
    legend.extend(spec.legend.iter().map(|(k, v)| (*k, *v)));
    let rows_at = source::field(src, Some(map_at), "rows").unwrap_or(map_at);
    let row_starts = source::list_elements(src, rows_at);
    let height = spec.rows.len() as i32;
    let width = spec.rows.first().map_or(0, |r| r.chars().count()) as i32;
    if height == 0 || width == 0 || height > 200 || width > 200 {
        at(rows_at, "the map needs 1-200 rows of 1-200 squares".into());
    }
    let mut cells = Vec::with_capacity((width * height).max(0) as usize);
    let mut features = Features::default();
    for (y, row) in spec.rows.iter().enumerate() {
        let row_at = row_starts.get(y).copied().unwrap_or(rows_at);
        if row.chars().count() as i32 != width {
            at(
                row_at,
                format!("row {y} is not as wide as the first row ({width} squares)"),
            );
        }
        for (x, ch) in row.chars().enumerate() {
            let terrain = legend.get(&ch).copied().unwrap_or_else(|| {
                at(row_at + 1 + x, format!("`{ch}` is not in the map legend"));
                Terrain::Clear
            });
            if terrain != Terrain::Clear {
                features = features.with(terrain, [Square::new(x as i32, y as i32)]);
            }
            cells.push(Cell {
                terrain: kernel_terrain(terrain),
                concealing: terrain == Terrain::Smoke,
                ..Cell::default()
            });
        }
    }
    cells.resize((width * height).max(0) as usize, Cell::default());
    let map = Map {
        width,
        height,
        cells,
        zones: BTreeMap::new(),
    };
    (map, features)
}

fn place(
    entries: &[CreatureEntry],
    map: &Map,
    features: &Features,
    src: &str,
    starts: &[usize],
    at: &mut impl FnMut(usize, String),
) -> Vec<Placed> {
    let mut placed: Vec<Placed> = Vec::new();
    for (i, entry) in entries.iter().enumerate() {
        let open = starts.get(i).copied().unwrap_or(0);
        let here = |key: &str| source::field(src, Some(open), key).unwrap_or(open);
        let Some(card) = library().get(&entry.card) else {
            let known: Vec<_> = library().keys().map(String::as_str).collect();
            at(
                here("card"),
                format!(
                    "no Miniatures card `{}`; the library has {}",
                    entry.card,
                    known.join(", ")
                ),
            );
            continue;
        };
        if entry
            .hit_points
            .is_some_and(|h| h == 0 || h > card.hit_points)
        {
            at(
                here("hit_points"),
                format!(
                    "`{}`: starting hit points 1 to its {}",
                    entry.id, card.hit_points
                ),
            );
            continue;
        }
        let space = Footprint {
            origin: entry.at,
            side: card.size.side(),
        };
        if !map.in_bounds(entry.at) || !map.footprint_in_bounds(space) {
            at(
                here("at"),
                format!(
                    "`{}` at {} is off the map, which is {} wide and {} high",
                    entry.id, entry.at, map.width, map.height
                ),
            );
            continue;
        }
        let illegal = space.squares().find(|&sq| {
            let t = features.at(sq).unwrap_or(Terrain::Clear);
            !t.legal_end()
        });
        if let Some(sq) = illegal {
            at(
                here("at"),
                format!(
                    "`{}` at {} stands on {sq}, which is no legal position (seed 000 L51-61)",
                    entry.id, entry.at
                ),
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
        let overlap = placed.iter().find(|p| {
            let other = Footprint {
                origin: p.at,
                side: p.card.size.side(),
            };
            other.overlaps(space) && entry.riding.as_deref() != Some(p.id.as_str())
        });
        if let Some(other) = overlap {
            at(
                here("at"),
                format!(
                    "`{}` at {} overlaps `{}` at {}",
                    entry.id, entry.at, other.id, other.at
                ),
            );
            continue;
        }
        if let Some(mount) = &entry.riding {
            let carried = placed.iter().find(|p| &p.id == mount);
            let fits = carried.is_some_and(|m| {
                m.player == entry.player && m.card.carries(card) && m.at == entry.at
            });
            if !fits {
                at(
                    here("riding"),
                    format!(
                        "`{}` can ride `{mount}` only if that mount is listed before it, is of its warband, stands at the same square and carries one of its keywords (seed 000 L385-389)",
                        entry.id
                    ),
                );
                continue;
            }
        }
        placed.push(Placed {
            id: entry.id.clone(),
            name: entry.name.clone().unwrap_or_else(|| card.name.clone()),
            player: entry.player,
            at: entry.at,
            hit_points: entry.hit_points.unwrap_or(card.hit_points),
            riding: entry.riding.clone(),
            card: card.clone(),
        });
    }
    placed
}

fn warbands(
    parsed: &ScenarioFile,
    creatures: &[Placed],
    src: &str,
    open: usize,
    at: &mut impl FnMut(usize, String),
) -> Option<[WarbandSpec; 2]> {
    let starts = source::list_elements(src, open);
    let mut out: [Option<WarbandSpec>; 2] = [None, None];
    for (i, w) in parsed.warbands.iter().enumerate() {
        let here = starts.get(i).copied().unwrap_or(open);
        if out[w.player.index()].is_some() {
            at(here, format!("two warbands for player {:?}", w.player));
            continue;
        }
        let points: u32 = creatures
            .iter()
            .filter(|c| c.player == w.player)
            .map(|c| c.card.cost)
            .sum();
        let champion = creatures
            .iter()
            .find(|c| c.id == w.champion && c.player == w.player);
        if champion.is_none_or(|c| c.card.champion.is_none()) {
            at(
                source::field(src, Some(here), "champion").unwrap_or(here),
                format!(
                    "`{}` is not a creature of player {:?} with a champion rating (seed 000 L47)",
                    w.champion, w.player
                ),
            );
            continue;
        }
        if let Some(limit) = w.limit.filter(|&l| points > l) {
            at(
                here,
                format!(
                    "warband `{}` costs {points} points, more than its limit of {limit}",
                    w.name
                ),
            );
            continue;
        }
        out[w.player.index()] = Some(WarbandSpec {
            name: w.name.clone(),
            champion: w.champion.clone(),
            controller: w.controller,
            points,
        });
    }
    match out {
        [Some(one), Some(two)] => Some([one, two]),
        _ => {
            at(
                open,
                "a skirmish needs two warbands, one for player One and one for Two".into(),
            );
            None
        }
    }
}
