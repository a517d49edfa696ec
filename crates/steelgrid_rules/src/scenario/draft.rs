//! A scenario's map being edited (the window's map editor): its legend resolved into a
//! [`Tile`] for every square, painted a brush at a time, resized, with whole strokes undone and
//! redone, and written back as a [`MapSpec`] whose legend keeps the file's own characters.

use std::collections::{BTreeMap, BTreeSet};

use super::{MapSpec, ScenarioFile, Tile, default_legend, library_template};
use crate::grid::{Material, Size, Square, Terrain};
use crate::movement::burrow::Soil;

/// The largest map the editor makes, each way.
pub const MAX_SIDE: i32 = 60;

/// What one stroke paints onto each square it passes over.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Brush {
    Floor,
    Wall,
    Object(Material),
    Difficult,
    Damaging(u32),
    Pit(u32),
    Water(u32),
    /// Raise (+1) or lower (-1) the ground of what is there.
    Elevation(i32),
    /// The soil under the square (burrowers dig through dirt).
    Ground(Soil),
    /// Put the square in this zone; `None` takes it out of any.
    Zone(Option<String>),
}

impl Brush {
    /// A short name for the palette and the status line.
    pub fn label(&self) -> String {
        match self {
            Brush::Floor => "floor".to_owned(),
            Brush::Wall => "wall".to_owned(),
            Brush::Object(m) => format!("{} object", format!("{m:?}").to_lowercase()),
            Brush::Difficult => "difficult".to_owned(),
            Brush::Damaging(n) => format!("damaging {n}"),
            Brush::Pit(d) => format!("pit {d} deep"),
            Brush::Water(d) => format!("water {d} deep"),
            Brush::Elevation(d) if *d > 0 => format!("raise {d}"),
            Brush::Elevation(d) => format!("lower {}", -d),
            Brush::Ground(s) => format!("{} ground", format!("{s:?}").to_lowercase()),
            Brush::Zone(Some(z)) => format!("zone {z}"),
            Brush::Zone(None) => "no zone".to_owned(),
        }
    }
}

/// The squares and their tiles, the part of a draft a stroke changes.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Grid {
    width: i32,
    height: i32,
    tiles: Vec<Tile>,
    /// The character each square had in the file, while it is unchanged.
    chars: Vec<Option<char>>,
}

impl Grid {
    fn index(&self, sq: Square) -> Option<usize> {
        (sq.x >= 0 && sq.y >= 0 && sq.x < self.width && sq.y < self.height)
            .then(|| (sq.y * self.width + sq.x) as usize)
    }
}

/// A map being edited.
#[derive(Clone, Debug)]
pub struct MapDraft {
    grid: Grid,
    /// The map's soil, under every square that names none.
    ground: Soil,
    /// The file's own legend entries, kept (and reused) as written.
    legend: BTreeMap<char, Tile>,
    /// The squares each creature stands on at the start, by id.
    creatures: Vec<(String, Vec<Square>)>,
    undo: Vec<Grid>,
    redo: Vec<Grid>,
    /// The grid as it was when the open stroke began.
    stroke: Option<Grid>,
}

impl MapDraft {
    /// The map of `file`, with its creatures' squares. A map drawn in Tiled is edited there.
    pub fn new(file: &ScenarioFile) -> Result<MapDraft, String> {
        let spec = &file.map;
        if let Some(tmx) = &spec.tiled {
            return Err(format!("this map is drawn in Tiled ({tmx}): edit it there"));
        }
        let mut lookup = default_legend();
        lookup.extend(spec.legend.clone());
        let height = spec.rows.len() as i32;
        let width = spec.rows.first().map_or(0, |r| r.chars().count()) as i32;
        if width == 0 || height == 0 {
            return Err("the map has no squares".to_owned());
        }
        let mut tiles = Vec::new();
        let mut chars = Vec::new();
        for (y, row) in spec.rows.iter().enumerate() {
            if row.chars().count() as i32 != width {
                return Err(format!("row {y} is not as wide as the first"));
            }
            for ch in row.chars() {
                let tile = lookup
                    .get(&ch)
                    .ok_or_else(|| format!("`{ch}` is not in the map legend"))?;
                tiles.push(tile.clone());
                chars.push(Some(ch));
            }
        }
        Ok(MapDraft {
            grid: Grid {
                width,
                height,
                tiles,
                chars,
            },
            ground: spec.ground,
            legend: spec.legend.clone(),
            creatures: creature_squares(file),
            undo: Vec::new(),
            redo: Vec::new(),
            stroke: None,
        })
    }

    pub fn width(&self) -> i32 {
        self.grid.width
    }

    pub fn height(&self) -> i32 {
        self.grid.height
    }

    /// The map's own soil.
    pub fn ground(&self) -> Soil {
        self.ground
    }

    pub fn tile(&self, sq: Square) -> Option<&Tile> {
        self.grid.index(sq).map(|i| &self.grid.tiles[i])
    }

    /// The creature standing on `sq`, if any.
    pub fn creature_at(&self, sq: Square) -> Option<&str> {
        self.creatures
            .iter()
            .find(|(_, squares)| squares.contains(&sq))
            .map(|(id, _)| id.as_str())
    }

    /// The zones the map's squares are in, by name.
    pub fn zones(&self) -> BTreeSet<String> {
        let mut zones: BTreeSet<String> = self
            .grid
            .tiles
            .iter()
            .filter_map(|t| t.zone.clone())
            .collect();
        zones.extend(self.legend.values().filter_map(|t| t.zone.clone()));
        zones
    }

    /// Whether there is something to undo, or a stroke under way.
    pub fn can_undo(&self) -> bool {
        !self.undo.is_empty()
    }

    /// Start a stroke: what it paints until [`end_stroke`](Self::end_stroke) is undone whole.
    pub fn begin_stroke(&mut self) {
        if self.stroke.is_none() {
            self.stroke = Some(self.grid.clone());
        }
    }

    /// End the stroke under way; one that changed nothing leaves nothing to undo.
    pub fn end_stroke(&mut self) {
        if let Some(before) = self.stroke.take()
            && before != self.grid
        {
            self.undo.push(before);
            self.redo.clear();
        }
    }

    /// Paint `brush` onto `sq`, as part of the stroke under way (or a stroke of its own).
    /// Returns whether the square changed; a wall or object under a creature is refused.
    pub fn paint(&mut self, sq: Square, brush: &Brush) -> Result<bool, String> {
        let Some(i) = self.grid.index(sq) else {
            return Ok(false);
        };
        let old = self.grid.tiles[i].clone();
        let mut tile = old.clone();
        let terrain = |t: Terrain, tile: &mut Tile| {
            if !t.is_solid() {
                tile.height = None;
            } else if !tile.terrain.is_solid() {
                // A new object is a crate's height; a new wall taller than anything.
                tile.height = matches!(t, Terrain::Object { .. }).then_some(1);
            }
            tile.terrain = t;
        };
        match brush {
            Brush::Floor => terrain(Terrain::Floor, &mut tile),
            Brush::Wall => terrain(Terrain::Wall, &mut tile),
            Brush::Object(material) => terrain(
                Terrain::Object {
                    material: *material,
                },
                &mut tile,
            ),
            Brush::Difficult => terrain(Terrain::Difficult, &mut tile),
            Brush::Damaging(damage) => terrain(Terrain::Damaging { damage: *damage }, &mut tile),
            Brush::Pit(depth) => terrain(Terrain::Pit { depth: *depth }, &mut tile),
            Brush::Water(depth) => terrain(Terrain::Water { depth: *depth }, &mut tile),
            Brush::Elevation(by) => tile.elevation += by,
            Brush::Ground(soil) => tile.ground = (*soil != self.ground).then_some(*soil),
            Brush::Zone(zone) => tile.zone = zone.clone(),
        }
        if tile == old {
            return Ok(false);
        }
        if tile.terrain.is_solid()
            && let Some(id) = self.creature_at(sq)
        {
            return Err(format!(
                "{id} stands at ({}, {}): a {} can't go under a creature",
                sq.x,
                sq.y,
                tile.terrain.name()
            ));
        }
        let single = self.stroke.is_none();
        self.begin_stroke();
        self.grid.tiles[i] = tile;
        self.grid.chars[i] = None;
        if single {
            self.end_stroke();
        }
        Ok(true)
    }

    /// Make the map `width` by `height`, keeping the squares that fit (from the top left) and
    /// laying floor on the new ones; refused if a creature would be left off the map.
    pub fn resize(&mut self, width: i32, height: i32) -> Result<(), String> {
        if !(1..=MAX_SIDE).contains(&width) || !(1..=MAX_SIDE).contains(&height) {
            return Err(format!("a map is 1 to {MAX_SIDE} squares each way"));
        }
        if let Some((id, _)) = self
            .creatures
            .iter()
            .find(|(_, squares)| squares.iter().any(|s| s.x >= width || s.y >= height))
        {
            return Err(format!("{id} would be left off a {width}x{height} map"));
        }
        if (width, height) == (self.grid.width, self.grid.height) {
            return Ok(());
        }
        self.end_stroke();
        let old = self.grid.clone();
        let mut grid = Grid {
            width,
            height,
            tiles: Vec::with_capacity((width * height) as usize),
            chars: Vec::with_capacity((width * height) as usize),
        };
        for y in 0..height {
            for x in 0..width {
                match old.index(Square::new(x, y)) {
                    Some(i) => {
                        grid.tiles.push(old.tiles[i].clone());
                        grid.chars.push(old.chars[i]);
                    }
                    None => {
                        grid.tiles.push(Tile::default());
                        grid.chars.push(None);
                    }
                }
            }
        }
        self.undo.push(old);
        self.redo.clear();
        self.grid = grid;
        Ok(())
    }

    /// Take back the last stroke (or resize); false if there is none.
    pub fn undo(&mut self) -> bool {
        self.end_stroke();
        match self.undo.pop() {
            Some(before) => {
                self.redo.push(std::mem::replace(&mut self.grid, before));
                true
            }
            None => false,
        }
    }

    /// Do again the last stroke undone; false if there is none.
    pub fn redo(&mut self) -> bool {
        self.end_stroke();
        match self.redo.pop() {
            Some(after) => {
                self.undo.push(std::mem::replace(&mut self.grid, after));
                true
            }
            None => false,
        }
    }

    /// The map as a scenario's `map`: the file's legend entries kept, a new readable character
    /// for each tile the file had none for, and the rows.
    pub fn to_map_spec(&self) -> MapSpec {
        let mut legend = self.legend.clone();
        let mut lookup = default_legend();
        lookup.extend(legend.clone());
        let mut taken: BTreeSet<char> = lookup.keys().copied().collect();
        let mut rows = Vec::with_capacity(self.grid.height as usize);
        for y in 0..self.grid.height {
            let mut row = String::with_capacity(self.grid.width as usize);
            for x in 0..self.grid.width {
                let i = (y * self.grid.width + x) as usize;
                let tile = &self.grid.tiles[i];
                let ch = match self.grid.chars[i] {
                    Some(ch) => ch,
                    None => match lookup.iter().find(|(_, t)| *t == tile) {
                        Some((&ch, _)) => ch,
                        None => {
                            let ch = new_char(tile, &taken);
                            taken.insert(ch);
                            lookup.insert(ch, tile.clone());
                            legend.insert(ch, tile.clone());
                            ch
                        }
                    },
                };
                row.push(ch);
            }
            rows.push(row);
        }
        MapSpec {
            legend,
            rows,
            ground: self.ground,
            tiled: None,
        }
    }
}

/// The first character not yet `taken` that reads as `tile`: its terrain's usual marks first,
/// then any letter, digit or sign.
fn new_char(tile: &Tile, taken: &BTreeSet<char>) -> char {
    let first: &str = match tile.terrain {
        Terrain::Floor if tile.zone.is_some() => "",
        Terrain::Floor if tile.elevation > 0 => "123456789^",
        Terrain::Floor if tile.elevation < 0 => "v",
        Terrain::Floor => ".,:",
        Terrain::Wall => "#HW",
        Terrain::Object { material } => match material {
            Material::Wood => "bBw",
            Material::Glass => "gG",
            Material::Stone => "oO0",
            Material::Metal => "mM",
        },
        Terrain::Difficult => "~%",
        Terrain::Damaging { .. } => "!xX",
        Terrain::Pit { .. } => "_uU",
        Terrain::Water { .. } => "=wW",
    };
    let zone: String = tile
        .zone
        .iter()
        .flat_map(|z| z.chars().take(1))
        .flat_map(|c| [c.to_ascii_uppercase(), c.to_ascii_lowercase()])
        .filter(char::is_ascii_alphanumeric)
        .collect();
    let rest =
        "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789*+-&@$%?;<>|/()[]{}'`";
    zone.chars()
        .chain(first.chars())
        .chain(rest.chars())
        .find(|c| !taken.contains(c))
        // Past Latin, every letter Unicode has: more than a map has squares.
        .or_else(|| ('\u{00c0}'..=char::MAX).find(|c| c.is_alphabetic() && !taken.contains(c)))
        .expect("more letters than a map has tiles")
}

/// The squares each creature of `file` stands on at the start: its position and its size, from
/// itself or its template.
fn creature_squares(file: &ScenarioFile) -> Vec<(String, Vec<Square>)> {
    file.creatures
        .iter()
        .enumerate()
        .filter_map(|(n, c)| {
            let at = c.position?;
            let template = c.template.as_deref();
            let size = c
                .size
                .or_else(|| template.and_then(|t| file.templates.get(t)?.size))
                .or_else(|| template.and_then(|t| library_template(t)?.size))
                .unwrap_or(Size::Medium);
            let side = size.side();
            let squares = (0..side)
                .flat_map(|dy| (0..side).map(move |dx| Square::new(at.x + dx, at.y + dy)))
                .collect();
            let id =
                c.id.clone()
                    .or_else(|| c.name.clone())
                    .unwrap_or_else(|| format!("creature {}", n + 1));
            Some((id, squares))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{load, ron_options, write::to_ron};

    const MILL: &str = include_str!("../../../../scenarios/mill_ambush.ron");

    fn mill() -> ScenarioFile {
        ron_options().from_str(MILL).unwrap()
    }

    /// A floor square of the mill no creature stands on.
    fn empty_floor(draft: &MapDraft) -> Square {
        (0..draft.height())
            .flat_map(|y| (0..draft.width()).map(move |x| Square::new(x, y)))
            .find(|&sq| {
                draft.tile(sq).unwrap() == &Tile::default() && draft.creature_at(sq).is_none()
            })
            .expect("an empty floor square")
    }

    #[test]
    fn an_unchanged_draft_gives_back_the_files_map() {
        let file = mill();
        let draft = MapDraft::new(&file).unwrap();
        assert_eq!(draft.to_map_spec(), file.map);
    }

    #[test]
    fn painting_changes_the_square_and_reuses_or_adds_a_legend_character() {
        let file = mill();
        let mut draft = MapDraft::new(&file).unwrap();
        let sq = empty_floor(&draft);
        assert_eq!(draft.paint(sq, &Brush::Wall), Ok(true));
        assert_eq!(draft.paint(sq, &Brush::Wall), Ok(false), "already a wall");
        let spec = draft.to_map_spec();
        let ch = spec.rows[sq.y as usize].chars().nth(sq.x as usize).unwrap();
        assert_eq!(ch, '#', "the predefined wall");
        // Metal is new to the mill: it gets a character of its own, in the legend. Over the
        // wall it stands as tall as the wall did.
        draft.paint(sq, &Brush::Object(Material::Metal)).unwrap();
        let spec = draft.to_map_spec();
        let ch = spec.rows[sq.y as usize].chars().nth(sq.x as usize).unwrap();
        assert_eq!(ch, 'm');
        assert_eq!(
            spec.legend[&'m'],
            Tile {
                terrain: Terrain::Object {
                    material: Material::Metal
                },
                ..Tile::default()
            }
        );
        // Raised, in a zone, on stone: each a tile of its own.
        let next = Square::new(sq.x, sq.y);
        draft.paint(next, &Brush::Floor).unwrap();
        draft.paint(next, &Brush::Elevation(1)).unwrap();
        draft.paint(next, &Brush::Elevation(1)).unwrap();
        draft
            .paint(next, &Brush::Zone(Some("gate".into())))
            .unwrap();
        draft.paint(next, &Brush::Ground(Soil::Stone)).unwrap();
        let tile = draft.tile(next).unwrap().clone();
        assert_eq!(tile.elevation, 2);
        assert_eq!(tile.zone.as_deref(), Some("gate"));
        assert_eq!(tile.ground, Some(Soil::Stone));
        let spec = draft.to_map_spec();
        let ch = spec.rows[sq.y as usize].chars().nth(sq.x as usize).unwrap();
        assert_eq!(ch, 'G', "a zone's square reads as its initial");
        assert_eq!(spec.legend[&'G'], tile);
    }

    #[test]
    fn a_wall_under_a_creature_is_refused_with_its_name() {
        let file = mill();
        let mut draft = MapDraft::new(&file).unwrap();
        let at = file.creatures[0].position.unwrap();
        let id = file.creatures[0].id.clone().unwrap();
        let refused = draft.paint(at, &Brush::Wall).unwrap_err();
        assert!(refused.starts_with(&id), "{refused}");
        assert!(draft.paint(at, &Brush::Difficult).is_ok());
    }

    #[test]
    fn undo_and_redo_take_back_and_do_again_a_whole_stroke() {
        let mut draft = MapDraft::new(&mill()).unwrap();
        let original = draft.to_map_spec();
        let a = empty_floor(&draft);
        draft.begin_stroke();
        draft.paint(a, &Brush::Pit(2)).unwrap();
        let b = empty_floor(&draft);
        draft.paint(b, &Brush::Pit(2)).unwrap();
        draft.end_stroke();
        let painted = draft.to_map_spec();
        assert_ne!(painted, original);
        assert!(draft.undo());
        assert_eq!(draft.to_map_spec(), original, "both squares at once");
        assert!(!draft.undo());
        assert!(draft.redo());
        assert_eq!(draft.to_map_spec(), painted);
        assert!(!draft.redo());
        // A new stroke after an undo forgets what could be redone.
        draft.undo();
        draft.paint(a, &Brush::Water(1)).unwrap();
        assert!(!draft.redo());
    }

    #[test]
    fn resize_keeps_what_fits_lays_floor_and_keeps_creatures_on_the_map() {
        let file = mill();
        let mut draft = MapDraft::new(&file).unwrap();
        let (w, h) = (draft.width(), draft.height());
        let corner = draft.tile(Square::new(0, 0)).unwrap().clone();
        draft.resize(w + 2, h + 1).unwrap();
        assert_eq!((draft.width(), draft.height()), (w + 2, h + 1));
        assert_eq!(draft.tile(Square::new(0, 0)), Some(&corner));
        assert_eq!(draft.tile(Square::new(w + 1, h)), Some(&Tile::default()));
        let spec = draft.to_map_spec();
        assert!(
            spec.rows
                .iter()
                .all(|r| r.chars().count() == (w + 2) as usize)
        );
        assert!(draft.undo());
        assert_eq!(draft.to_map_spec(), file.map);
        // Shrunk past a creature: refused.
        let far = file
            .creatures
            .iter()
            .filter_map(|c| c.position)
            .map(|p| p.x)
            .max()
            .unwrap();
        let refused = draft.resize(far, h).unwrap_err();
        assert!(refused.contains("left off"), "{refused}");
        assert!(draft.resize(0, h).is_err());
    }

    /// Every shipped scenario, made a draft, painted nothing, written and loaded again, starts
    /// as the original does; so does one with a stroke painted and undone.
    #[test]
    fn every_shipped_scenario_round_trips_through_a_draft() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the scenarios")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        let mut checked = 0;
        for path in files {
            let name = path.display().to_string();
            let src = std::fs::read_to_string(&path).unwrap();
            let Ok(mut file) = ron_options().from_str::<ScenarioFile>(&src) else {
                continue; // another ruleset's
            };
            let Ok(mut draft) = MapDraft::new(&file) else {
                continue; // drawn in Tiled
            };
            let sq = Square::new(draft.width() / 2, draft.height() / 2);
            draft.begin_stroke();
            let _ = draft.paint(sq, &Brush::Damaging(3));
            draft.end_stroke();
            draft.undo();
            file.map = draft.to_map_spec();
            let text = to_ron(&file, &[]);
            let (Ok(before), Ok(after)) = (load(&name, &src), load(&name, &text)) else {
                panic!("{name} loads, and so does its copy:\n{text}");
            };
            assert_eq!(
                before.start(None).checksum(),
                after.start(None).checksum(),
                "{name}"
            );
            let again: ScenarioFile = ron_options().from_str(&text).unwrap();
            let redraft = MapDraft::new(&again).unwrap();
            assert_eq!(redraft.to_map_spec().rows, file.map.rows, "{name}");
            checked += 1;
        }
        assert!(checked >= 25, "{checked} scenarios");
    }

    /// A map painted with every brush, saved and loaded, is the map painted.
    #[test]
    fn a_painted_map_written_back_loads_as_painted() {
        let mut file = mill();
        let mut draft = MapDraft::new(&file).unwrap();
        let brushes = [
            Brush::Wall,
            Brush::Object(Material::Glass),
            Brush::Object(Material::Stone),
            Brush::Difficult,
            Brush::Damaging(2),
            Brush::Pit(1),
            Brush::Water(2),
            Brush::Elevation(-1),
            Brush::Ground(Soil::Stone),
            Brush::Zone(Some("drop".into())),
        ];
        let mut painted = Vec::new();
        for brush in &brushes {
            let sq = empty_floor(&draft);
            draft.paint(sq, brush).unwrap();
            painted.push((sq, draft.tile(sq).unwrap().clone()));
        }
        draft.resize(draft.width() + 1, draft.height()).unwrap();
        file.map = draft.to_map_spec();
        let text = to_ron(&file, &[]);
        let loaded = load("painted.ron", &text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
        let map = &loaded.initial.map;
        assert_eq!(map.width, draft.width());
        for (sq, tile) in painted {
            let cell = map.cell(sq).unwrap();
            assert_eq!(cell.terrain, tile.terrain);
            assert_eq!(cell.elevation, tile.elevation);
        }
        assert!(map.zones.contains_key("drop"));
        let again: ScenarioFile = ron_options().from_str(&text).unwrap();
        assert_eq!(MapDraft::new(&again).unwrap().to_map_spec(), file.map);
    }
}
