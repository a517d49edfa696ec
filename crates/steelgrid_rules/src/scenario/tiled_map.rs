//! Maps from Tiled: a scenario's `map: (tiled: "maps/ford.tmx")` is read here into the legend and
//! rows a scenario writes by hand, before anything else looks at the map, so that everything
//! after it is unchanged. The terrain comes from the tiles' custom properties (README, "Maps from
//! Tiled"); tile layers stack, and rectangles on an object layer named `zones` name zones.
//!
//! The `tiled` crate parses the files but keeps no positions, so a problem found after parsing is
//! placed by looking for its tile, property, layer or object in the file's text, and a malformed
//! file is read again with `quick_xml` to find where it goes wrong.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};
use std::path::{Path, PathBuf};

use quick_xml::events::Event;
use tiled::{LayerType, Loader, Orientation, PropertyValue, ResourceReader, TileLayer};

use super::{Checker, Diagnostic, MapSpec, Tile};
use crate::grid::{Material, Terrain};
use crate::movement::burrow::Soil;
use crate::source;

/// Reads a file a scenario names, by its path relative to the scenario file's folder.
pub type ReadFile<'a> = &'a dyn Fn(&Path) -> std::io::Result<String>;

/// The tile properties Steelgrid reads.
const PROPERTIES: &str = "terrain, elevation, height, zone, concealing, ground";

/// The terrains a `terrain` property may name, for messages.
const TERRAINS: &str =
    "Floor, Wall, Difficult, Object:Wood (or Glass, Stone, Metal), Damaging:2, Pit:3 or Water:2";

/// The map of `spec.tiled` as a legend and rows, with `spec.ground`; `None` when there is none
/// (then `spec` is the map) or when it has problems, which are reported in `ck`: a map written
/// both ways, a file that can't be read at the scenario's `tiled`, anything wrong inside the
/// Tiled files at its place in them.
pub(crate) fn read_map(ck: &mut Checker, spec: &MapSpec, read: ReadFile) -> Option<MapSpec> {
    let tmx = spec.tiled.as_deref()?;
    let map_at = ck.top("map").unwrap_or(0);
    let tiled_at = written(ck.src, map_at, "tiled").unwrap_or(map_at);
    for field in ["legend", "rows"] {
        if let Some(at) = written(ck.src, map_at, field) {
            ck.at(
                at,
                format!(
                    "the map is drawn in `{tmx}` (`tiled`), so it has no `{field}`: write a map either as `legend` and `rows` or as `tiled`, not both"
                ),
            );
            return None;
        }
    }
    if tmx.trim().is_empty() {
        ck.at(
            tiled_at,
            "`tiled` names no file: write the path of a `.tmx` map, relative to the scenario file",
        );
        return None;
    }
    let path = Path::new(tmx);
    let files = Files {
        dir: Path::new(ck.file)
            .parent()
            .unwrap_or(Path::new(""))
            .to_owned(),
        tmx: path.to_owned(),
        texts: Vec::new(),
    };
    let text = match read(path) {
        Ok(text) => text,
        Err(e) => {
            ck.at(
                tiled_at,
                format!("cannot read the Tiled map `{}`: {e}", files.shown(path)),
            );
            return None;
        }
    };
    let mut loader = Loader::with_reader(Reader {
        read,
        texts: vec![(path.to_owned(), text)],
    });
    let loaded = loader.load_tmx_map(path);
    let files = Files {
        texts: loader.into_inner().1.texts,
        ..files
    };
    let result = match loaded {
        // `tiled` reads a file cut short as far as it goes: refuse one that isn't whole.
        Ok(map) => match files.malformed() {
            Some(problem) => Err(vec![problem]),
            None => convert(&files, &map),
        },
        Err(e) => Err(vec![files.load_error(&e)]),
    };
    match result {
        Ok((legend, rows)) => Some(MapSpec {
            legend,
            rows,
            ground: spec.ground,
            tiled: spec.tiled.clone(),
        }),
        Err(problems) => {
            ck.problems.extend(problems);
            None
        }
    }
}

/// Where the value of field `key` of the item opening at `open` is, when the item has it:
/// [`source::field`], which past the item's end answers with what follows it.
fn written(src: &str, open: usize, key: &str) -> Option<usize> {
    let at = source::field(src, Some(open), key)?;
    let before = src.get(..at)?.trim_end().strip_suffix(':')?.trim_end();
    let ident = |c: char| c.is_ascii_alphanumeric() || c == '_';
    let name = &before[before.trim_end_matches(ident).len()..];
    (name == key).then_some(at)
}

/// Hands `tiled` the files it asks for through the loader's `read`, keeping each one's text to
/// point into.
struct Reader<'a> {
    read: ReadFile<'a>,
    texts: Vec<(PathBuf, String)>,
}

impl ResourceReader for Reader<'_> {
    type Resource = Cursor<Vec<u8>>;
    type Error = std::io::Error;

    fn read_from(&mut self, path: &Path) -> std::io::Result<Cursor<Vec<u8>>> {
        if let Some((_, text)) = self.texts.iter().find(|(p, _)| p == path) {
            return Ok(Cursor::new(text.clone().into_bytes()));
        }
        let text = (self.read)(path)?;
        self.texts.push((path.to_owned(), text.clone()));
        Ok(Cursor::new(text.into_bytes()))
    }
}

/// The Tiled files read for one map: where to say they are, and their texts.
struct Files {
    /// The scenario file's folder, which the paths are relative to.
    dir: PathBuf,
    tmx: PathBuf,
    texts: Vec<(PathBuf, String)>,
}

impl Files {
    /// A file's path as messages name it: beside the scenario file.
    fn shown(&self, path: &Path) -> String {
        self.dir.join(path).display().to_string()
    }

    fn text(&self, path: &Path) -> &str {
        self.texts
            .iter()
            .find(|(p, _)| p == path)
            .map_or("", |(_, t)| t.as_str())
    }

    /// A problem at byte `offset` of the file at `path`.
    fn at(&self, path: &Path, offset: usize, message: impl Into<String>) -> Diagnostic {
        let lc = source::line_col(self.text(path), offset);
        Diagnostic {
            file: self.shown(path),
            line: lc.line,
            col: lc.col,
            message: message.into(),
        }
    }

    /// A problem in the map file, at its first `<tag` element (its start when there is none).
    fn in_map(&self, tag: &str, message: impl Into<String>) -> Diagnostic {
        let at = find_tag(self.text(&self.tmx), tag, 0).unwrap_or(0);
        self.at(&self.tmx, at, message)
    }

    /// The first file read whose XML is broken, where it breaks.
    fn malformed(&self) -> Option<Diagnostic> {
        self.texts.iter().find_map(|(path, text)| {
            let (at, why) = xml_error(text)?;
            Some(self.at(
                path,
                at,
                format!("this Tiled file is not well-formed XML: {why}"),
            ))
        })
    }

    /// Why `tiled` could not load the map, where it can be told.
    fn load_error(&self, e: &tiled::Error) -> Diagnostic {
        if let tiled::Error::ResourceLoadingError { path, err } = e {
            // The map itself was read before: this is a tileset or template it names.
            let name = path
                .file_name()
                .map(|n| n.to_string_lossy().into_owned())
                .unwrap_or_default();
            let map = self.text(&self.tmx);
            let at = map.find(&format!("\"{name}\"")).unwrap_or(0);
            return self.at(
                &self.tmx,
                at,
                format!(
                    "cannot read `{}`, which the map names: {err}",
                    self.shown(path)
                ),
            );
        }
        if let Some(problem) = self.malformed() {
            return problem;
        }
        let hint = match self.tmx.extension().and_then(|x| x.to_str()) {
            Some("tmj" | "json") => {
                " (Tiled's JSON format is not read: save the map as a .tmx file)"
            }
            _ => "",
        };
        self.at(
            &self.tmx,
            0,
            format!("this is not a Tiled map Steelgrid can read: {e}{hint}"),
        )
    }

    /// Where tile `id` of the map's tileset `index` is defined, at its property `property`
    /// when it has one by that name.
    fn tile_at(&self, map: &tiled::Map, index: usize, id: u32, property: &str) -> Place {
        let tileset = &map.tilesets()[index];
        let (path, start) = if tileset.source == map.source {
            // Embedded in the map: the tileset's own element there.
            let text = self.text(&map.source);
            (
                map.source.clone(),
                nth_tag(text, "tileset", index).unwrap_or(0),
            )
        } else {
            let text = self.text(&tileset.source);
            (
                tileset.source.clone(),
                find_tag(text, "tileset", 0).unwrap_or(0),
            )
        };
        let text = self.text(&path);
        let end = text[start..]
            .find("</tileset>")
            .map_or(text.len(), |e| start + e);
        let tile = text[start..end]
            .find(&format!("<tile id=\"{id}\""))
            .map(|t| start + t);
        let at = tile
            .and_then(|t| {
                let close = text[t..end].find("</tile>").map_or(end, |c| t + c);
                text[t..close]
                    .find(&format!("name=\"{property}\""))
                    .map(|p| t + p)
            })
            .or(tile)
            .unwrap_or(start);
        Place { path, at }
    }
}

/// A place in one of the Tiled files.
struct Place {
    path: PathBuf,
    at: usize,
}

/// Where the first `<tag` element at or after `from` starts.
fn find_tag(text: &str, tag: &str, from: usize) -> Option<usize> {
    let open = format!("<{tag}");
    let mut i = from;
    while let Some(found) = text.get(i..)?.find(&open) {
        let at = i + found;
        let next = text[at + open.len()..].chars().next();
        if next.is_some_and(|c| c.is_whitespace() || c == '>' || c == '/') {
            return Some(at);
        }
        i = at + open.len();
    }
    None
}

/// Where the `n`th (from 0) `<tag` element starts.
fn nth_tag(text: &str, tag: &str, n: usize) -> Option<usize> {
    let mut at = find_tag(text, tag, 0)?;
    for _ in 0..n {
        at = find_tag(text, tag, at + 1)?;
    }
    Some(at)
}

/// Where the XML of `text` first goes wrong, and how; `None` when it is well formed.
fn xml_error(text: &str) -> Option<(usize, String)> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut open: Vec<(String, usize)> = Vec::new();
    loop {
        let before = reader.buffer_position();
        match reader.read_event() {
            Err(e) => return Some((before, e.to_string())),
            Ok(Event::Start(tag)) => {
                if let Some(Err(e)) = tag.attributes().find(Result::is_err) {
                    return Some((before, e.to_string()));
                }
                let name = String::from_utf8_lossy(tag.name().as_ref()).into_owned();
                open.push((name, before));
            }
            Ok(Event::Empty(tag)) => {
                if let Some(Err(e)) = tag.attributes().find(Result::is_err) {
                    return Some((before, e.to_string()));
                }
            }
            Ok(Event::End(_)) => {
                open.pop();
            }
            Ok(Event::Eof) => {
                return open
                    .pop()
                    .map(|(name, at)| (at, format!("`<{name}>` is never closed")));
            }
            Ok(_) => {}
        }
    }
}

/// A tile layer as its file writes it: enough to know `tiled` holds all of its tiles.
struct LayerText {
    name: String,
    at: usize,
    width: u64,
    height: u64,
    /// How many tiles its data holds; `None` when that can't be told.
    tiles: Option<u64>,
}

/// The tile layers (`<layer>`) of a map file, in the order they are written.
fn layer_texts(text: &str) -> Vec<LayerText> {
    let mut reader = quick_xml::Reader::from_str(text);
    let mut layers: Vec<LayerText> = Vec::new();
    let mut in_layer = false;
    // The open `<data>`: its encoding, compression and first text (all that `tiled` reads).
    let mut data: Option<(Option<String>, Option<String>, Option<String>)> = None;
    let attr = |tag: &quick_xml::events::BytesStart, key: &[u8]| {
        tag.attributes()
            .flatten()
            .find(|a| a.key.as_ref() == key)
            .map(|a| String::from_utf8_lossy(&a.value).into_owned())
    };
    loop {
        let before = reader.buffer_position();
        match reader.read_event() {
            Err(_) | Ok(Event::Eof) => break,
            Ok(Event::Start(tag) | Event::Empty(tag)) if tag.name().as_ref() == b"layer" => {
                let number = |key| attr(&tag, key).and_then(|v| v.trim().parse().ok());
                layers.push(LayerText {
                    name: attr(&tag, b"name").unwrap_or_default(),
                    at: before,
                    width: number(b"width").unwrap_or(0),
                    height: number(b"height").unwrap_or(0),
                    tiles: Some(0),
                });
                in_layer = true;
            }
            Ok(Event::Start(tag)) if in_layer && tag.name().as_ref() == b"data" => {
                data = Some((attr(&tag, b"encoding"), attr(&tag, b"compression"), None));
            }
            Ok(Event::Text(t)) => {
                if let Some((_, _, text @ None)) = &mut data {
                    *text = Some(String::from_utf8_lossy(&t).into_owned());
                }
            }
            Ok(Event::CData(t)) => {
                if let Some((_, _, text @ None)) = &mut data {
                    *text = Some(String::from_utf8_lossy(&t).into_owned());
                }
            }
            Ok(Event::End(tag)) if tag.name().as_ref() == b"data" => {
                if let (Some((encoding, compression, text)), Some(layer)) =
                    (data.take(), layers.last_mut())
                {
                    let text = text.unwrap_or_default();
                    layer.tiles = count_tiles(encoding.as_deref(), compression.as_deref(), &text);
                }
            }
            Ok(Event::End(tag)) if tag.name().as_ref() == b"layer" => in_layer = false,
            Ok(_) => {}
        }
    }
    layers
}

/// How many tiles a layer's `<data>` holds, decoded as `tiled` decodes it.
fn count_tiles(encoding: Option<&str>, compression: Option<&str>, text: &str) -> Option<u64> {
    use base64::Engine;
    let bytes = |text: &str| {
        base64::engine::general_purpose::STANDARD
            .decode(text.trim())
            .ok()
    };
    let inflated = |mut r: Box<dyn Read + '_>| {
        let mut out = Vec::new();
        r.read_to_end(&mut out).ok().map(|_| out)
    };
    let raw = match (encoding, compression) {
        (Some("csv"), None) => return Some(text.split(',').count() as u64),
        (Some("base64"), None) => bytes(text)?,
        (Some("base64"), Some("zlib")) => {
            let data = bytes(text)?;
            inflated(Box::new(flate2::read::ZlibDecoder::new(&data[..])))?
        }
        (Some("base64"), Some("gzip")) => {
            let data = bytes(text)?;
            inflated(Box::new(flate2::read::GzDecoder::new(&data[..])))?
        }
        _ => return None,
    };
    Some(raw.len() as u64 / 4)
}

/// What one tile says about the squares it covers; `None` where it says nothing.
#[derive(Clone, Debug, Default)]
struct Says {
    terrain: Option<Terrain>,
    elevation: Option<i32>,
    height: Option<u32>,
    zone: Option<String>,
    concealing: Option<bool>,
    ground: Option<Soil>,
}

impl Says {
    /// Take from `lower` what this one (higher up) leaves unsaid.
    fn under(&mut self, lower: &Says) {
        self.terrain = self.terrain.or(lower.terrain);
        self.elevation = self.elevation.or(lower.elevation);
        self.height = self.height.or(lower.height);
        self.zone = self.zone.take().or_else(|| lower.zone.clone());
        self.concealing = self.concealing.or(lower.concealing);
        self.ground = self.ground.or(lower.ground);
    }
}

/// A tile's properties read, or each one that is wrong, by name, with why.
fn read_tile(properties: &tiled::Properties) -> (Says, Vec<(String, String)>) {
    let mut says = Says::default();
    let mut problems = Vec::new();
    let mut names: Vec<&String> = properties.keys().collect();
    names.sort();
    for name in names {
        let value = &properties[name];
        let problem = match name.as_str() {
            "terrain" => match text(value).map(|s| (s, terrain(s))) {
                Some((_, Some(t))) => {
                    says.terrain = Some(t);
                    None
                }
                Some((s, None)) => Some(format!(
                    "`terrain` is `{s}`, which is no terrain: write {TERRAINS}"
                )),
                None => Some(format!(
                    "`terrain` is {} property; make it a string: {TERRAINS}",
                    kind(value)
                )),
            },
            "elevation" => match int(value).map(i32::try_from) {
                Some(Ok(e)) => {
                    says.elevation = Some(e);
                    None
                }
                _ => Some(format!(
                    "`elevation` is {}; it is a whole number of squares (an int property)",
                    shown(value)
                )),
            },
            "height" => match int(value).map(u32::try_from) {
                Some(Ok(h)) if h >= 1 => {
                    says.height = Some(h);
                    None
                }
                _ => Some(format!(
                    "`height` is {}; it is how many squares tall a wall or object stands, at least 1 (an int property)",
                    shown(value)
                )),
            },
            "zone" => match text(value) {
                Some(z) if !z.trim().is_empty() => {
                    says.zone = Some(z.to_owned());
                    None
                }
                _ => Some(format!(
                    "`zone` is {}; it names a zone (a string property)",
                    shown(value)
                )),
            },
            "concealing" => match value {
                PropertyValue::BoolValue(b) => {
                    says.concealing = Some(*b);
                    None
                }
                _ => Some(format!(
                    "`concealing` is {}; it is true or false (a bool property)",
                    shown(value)
                )),
            },
            "ground" => match text(value) {
                Some("Dirt") => {
                    says.ground = Some(Soil::Dirt);
                    None
                }
                Some("Stone") => {
                    says.ground = Some(Soil::Stone);
                    None
                }
                _ => Some(format!(
                    "`ground` is {}; write Dirt or Stone (a string property)",
                    shown(value)
                )),
            },
            other => Some(format!(
                "Steelgrid reads no tile property `{other}`; the ones it reads: {PROPERTIES}"
            )),
        };
        if let Some(p) = problem {
            problems.push((name.clone(), p));
        }
    }
    (says, problems)
}

/// `Floor`, `Wall`, `Difficult`, `Object:Wood`, `Damaging:2`, `Pit:3`, `Water:2`.
fn terrain(s: &str) -> Option<Terrain> {
    let (kind, arg) = match s.split_once(':') {
        Some((k, a)) => (k.trim(), Some(a.trim())),
        None => (s.trim(), None),
    };
    let number = || arg?.parse::<u32>().ok();
    Some(match (kind, arg) {
        ("Floor", None) => Terrain::Floor,
        ("Wall", None) => Terrain::Wall,
        ("Difficult", None) => Terrain::Difficult,
        ("Object", Some(m)) => Terrain::Object {
            material: match m {
                "Glass" => Material::Glass,
                "Wood" => Material::Wood,
                "Stone" => Material::Stone,
                "Metal" => Material::Metal,
                _ => return None,
            },
        },
        ("Damaging", Some(_)) => Terrain::Damaging { damage: number()? },
        ("Pit", Some(_)) => Terrain::Pit { depth: number()? },
        ("Water", Some(_)) => Terrain::Water { depth: number()? },
        _ => return None,
    })
}

fn text(v: &PropertyValue) -> Option<&str> {
    match v {
        PropertyValue::StringValue(s) => Some(s.trim()),
        _ => None,
    }
}

/// An int property, or a string holding a whole number.
fn int(v: &PropertyValue) -> Option<i64> {
    match v {
        PropertyValue::IntValue(i) => Some(i64::from(*i)),
        PropertyValue::StringValue(s) => s.trim().parse().ok(),
        _ => None,
    }
}

fn kind(v: &PropertyValue) -> &'static str {
    match v {
        PropertyValue::BoolValue(_) => "a bool",
        PropertyValue::FloatValue(_) => "a float",
        PropertyValue::IntValue(_) => "an int",
        PropertyValue::ColorValue(_) => "a color",
        PropertyValue::StringValue(_) => "a string",
        PropertyValue::FileValue(_) => "a file",
        PropertyValue::ObjectValue(_) => "an object",
        PropertyValue::ListValue(_) => "a list",
        PropertyValue::ClassValue { .. } => "a class",
    }
}

/// A property's value for a message: `` `Lava` ``, `3` or "a float property (2.5)".
fn shown(v: &PropertyValue) -> String {
    match v {
        PropertyValue::StringValue(s) => format!("`{s}`"),
        PropertyValue::BoolValue(b) => format!("a bool property ({b})"),
        PropertyValue::FloatValue(f) => format!("a float property ({f})"),
        PropertyValue::IntValue(i) => format!("{i}"),
        other => format!("{} property", kind(other)),
    }
}

/// A rectangle on the `zones` layer: its zone, object id and extent in pixels.
struct ZoneRect {
    zone: String,
    object: u32,
    x: f32,
    y: f32,
    width: f32,
    height: f32,
}

/// The map's squares as a legend and rows, or every problem found in its files.
fn convert(
    files: &Files,
    map: &tiled::Map,
) -> Result<(BTreeMap<char, Tile>, Vec<String>), Vec<Diagnostic>> {
    let mut problems = Vec::new();
    if map.orientation != Orientation::Orthogonal {
        problems.push(files.in_map(
            "map",
            format!(
                "the map is {}; a Steelgrid board is made of squares: make it an orthogonal map",
                format!("{:?}", map.orientation).to_lowercase()
            ),
        ));
    }
    if map.infinite() {
        problems.push(files.in_map(
            "map",
            "the map is infinite; a Steelgrid board has a size: untick Infinite in the map's properties",
        ));
    }
    if map.width == 0 || map.height == 0 {
        problems.push(files.in_map("map", "the map has no squares"));
    }
    let (width, height) = (u64::from(map.width), u64::from(map.height));
    // Every tile layer, bottom to top, and the rectangles of the `zones` layers.
    let mut tile_layers: Vec<TileLayer> = Vec::new();
    let mut zone_layers = Vec::new();
    let mut pending: Vec<tiled::Layer> = map.layers().collect();
    pending.reverse();
    while let Some(layer) = pending.pop() {
        match layer.layer_type() {
            LayerType::Tiles(tiles) => tile_layers.push(tiles),
            LayerType::Objects(objects) if layer.name.eq_ignore_ascii_case("zones") => {
                zone_layers.push(objects)
            }
            LayerType::Group(group) => {
                let mut inner: Vec<tiled::Layer> = group.layers().collect();
                inner.reverse();
                pending.extend(inner);
            }
            _ => {}
        }
    }
    if tile_layers.is_empty() {
        problems.push(files.in_map("map", "the map has no tile layer: draw the board on one"));
    }
    if !map.infinite() {
        let texts = layer_texts(files.text(&files.tmx));
        for layer in &texts {
            let (w, h) = (layer.width, layer.height);
            let problem = if (w, h) != (width, height) {
                Some(format!(
                    "the layer `{}` is {w} × {h} squares but the map is {width} × {height}",
                    layer.name
                ))
            } else if layer.tiles.is_none_or(|n| n < w.saturating_mul(h)) {
                Some(format!(
                    "the layer `{}` holds {} tiles but is {w} × {h} = {} squares",
                    layer.name,
                    layer
                        .tiles
                        .map_or("an unknown number of".to_owned(), |n| n.to_string()),
                    w.saturating_mul(h)
                ))
            } else {
                None
            };
            if let Some(p) = problem {
                problems.push(files.at(&files.tmx, layer.at, p));
            }
        }
        if texts.len() != tile_layers.len() {
            problems.push(files.in_map("map", "the map's tile layers could not be counted"));
        }
    }
    // What each tile of each tileset says.
    let mut says: BTreeMap<(usize, u32), Says> = BTreeMap::new();
    for (index, tileset) in map.tilesets().iter().enumerate() {
        let mut tiles: Vec<_> = tileset.tiles().collect();
        tiles.sort_by_key(|(id, _)| *id);
        for (id, tile) in tiles {
            let (tile_says, wrong) = read_tile(&tile.properties);
            for (property, why) in wrong {
                let place = files.tile_at(map, index, id, &property);
                problems.push(files.at(
                    &place.path,
                    place.at,
                    format!("tile {id} of the tileset `{}`: {why}", tileset.name),
                ));
            }
            says.insert((index, id), tile_says);
        }
    }
    let mut rects = Vec::new();
    for layer in &zone_layers {
        for object in layer.objects() {
            let object_at = find_tag_with(
                files.text(&files.tmx),
                "object",
                &format!(" id=\"{}\"", object.id()),
            );
            let problem = match object.shape {
                _ if object.name.trim().is_empty() => Some(
                    "a rectangle on the `zones` layer names its zone: give it a name".to_owned(),
                ),
                _ if object.rotation != 0.0 => Some(format!(
                    "the zone `{}` is turned {}°; a zone is a rectangle along the grid",
                    object.name, object.rotation
                )),
                tiled::ObjectShape::Rect { width, height } => {
                    rects.push(ZoneRect {
                        zone: object.name.trim().to_owned(),
                        object: object.id(),
                        x: object.x,
                        y: object.y,
                        width,
                        height,
                    });
                    None
                }
                _ => Some(format!(
                    "the zone `{}` is not a rectangle; the `zones` layer holds rectangles",
                    object.name
                )),
            };
            if let Some(p) = problem {
                problems.push(files.at(&files.tmx, object_at.unwrap_or(0), p));
            }
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    let (tw, th) = (map.tile_width.max(1) as f32, map.tile_height.max(1) as f32);
    let mut told: Vec<(usize, u32)> = Vec::new();
    let mut told_rects: Vec<u32> = Vec::new();
    let mut squares: Vec<Tile> = Vec::with_capacity((width * height) as usize);
    for y in 0..map.height as i32 {
        for x in 0..map.width as i32 {
            let mut square = Says::default();
            let mut height_from = None;
            for layer in tile_layers.iter().rev() {
                let Some(t) = layer.get_tile(x, y) else {
                    continue;
                };
                let key = (t.tileset_index(), t.id());
                if let Some(s) = says.get(&key) {
                    if square.height.is_none() && s.height.is_some() {
                        height_from = Some(key);
                    }
                    square.under(s);
                }
            }
            let terrain = square.terrain.unwrap_or_default();
            if let (Some(h), Some(key)) = (square.height, height_from)
                && !terrain.is_solid()
                && !told.contains(&key)
            {
                told.push(key);
                let place = files.tile_at(map, key.0, key.1, "height");
                problems.push(files.at(
                    &place.path,
                    place.at,
                    format!(
                        "tile {} of the tileset `{}` gives `height` {h}, but the square ({x}, {y}) it lies on is {}: `height` is how many squares tall a wall or object stands",
                        key.1,
                        map.tilesets()[key.0].name,
                        terrain.name()
                    ),
                ));
            }
            let (cx, cy) = ((x as f32 + 0.5) * tw, (y as f32 + 0.5) * th);
            for r in rects
                .iter()
                .filter(|r| cx >= r.x && cx < r.x + r.width && cy >= r.y && cy < r.y + r.height)
            {
                match &square.zone {
                    Some(z) if *z != r.zone => {
                        if !told_rects.contains(&r.object) {
                            told_rects.push(r.object);
                            let at = find_tag_with(
                                files.text(&files.tmx),
                                "object",
                                &format!(" id=\"{}\"", r.object),
                            );
                            problems.push(files.at(
                                &files.tmx,
                                at.unwrap_or(0),
                                format!(
                                    "the zone `{}` covers the square ({x}, {y}), which is already in the zone `{z}`; a square is in one zone at most",
                                    r.zone
                                ),
                            ));
                        }
                    }
                    _ => square.zone = Some(r.zone.clone()),
                }
            }
            squares.push(Tile {
                terrain,
                elevation: square.elevation.unwrap_or(0),
                height: square.height,
                zone: square.zone,
                concealing: square.concealing.unwrap_or(false),
                ground: square.ground,
            });
        }
    }
    if !problems.is_empty() {
        return Err(problems);
    }
    // One legend character for each kind of square, in the order they first appear.
    let mut kinds: Vec<Tile> = Vec::new();
    let mut rows = Vec::with_capacity(map.height as usize);
    for row in squares.chunks(map.width as usize) {
        let mut line = String::with_capacity(row.len());
        for tile in row {
            let i = match kinds.iter().position(|k| k == tile) {
                Some(i) => i,
                None => {
                    kinds.push(tile.clone());
                    kinds.len() - 1
                }
            };
            match symbol(i) {
                Some(c) => line.push(c),
                None => {
                    return Err(vec![files.in_map(
                        "map",
                        "the map has more kinds of square than a legend can name",
                    )]);
                }
            }
        }
        rows.push(line);
    }
    let legend = kinds
        .into_iter()
        .enumerate()
        .filter_map(|(i, t)| Some((symbol(i)?, t)))
        .collect();
    Ok((legend, rows))
}

/// The legend character of the `i`th kind of square: letters and digits, then characters past
/// the basic plane (the legend is never written out).
fn symbol(i: usize) -> Option<char> {
    const SYMBOLS: &str = ".abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
    SYMBOLS
        .chars()
        .nth(i)
        .or_else(|| char::from_u32(0x1_0000 + u32::try_from(i).ok()?))
}

/// Where the first `<tag` element whose attributes contain `attribute` starts.
fn find_tag_with(text: &str, tag: &str, attribute: &str) -> Option<usize> {
    let mut from = 0;
    while let Some(at) = find_tag(text, tag, from) {
        let end = text[at..].find('>').map_or(text.len(), |e| at + e);
        if text[at..end].contains(attribute) {
            return Some(at);
        }
        from = at + 1;
    }
    None
}
