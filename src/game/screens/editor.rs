//! The map editor: the map of the scenario on the board, drawn big with the board's tiles, a
//! brush palette beside it, painted by dragging the mouse (or moving a cursor with the arrows,
//! Space putting the pen down and lifting it), resized, undone and redone a stroke at a time,
//! and saved back as the scenario's file once `scenario::load` accepts it. The editing itself
//! is [`MapDraft`], in the rules crate.

use std::collections::HashSet;

use bevy::input::mouse::AccumulatedMouseMotion;
use bevy::prelude::*;
use bevy::ui::FocusPolicy;
use steelgrid_rules::grid::{Material, Square, Terrain};
use steelgrid_rules::movement::burrow::Soil;
use steelgrid_rules::scenario::draft::{Brush, MapDraft};
use steelgrid_rules::scenario::{self, MapSpec, ScenarioFile, ron_options};

use super::Screen;
use super::menu::{ACCENT, PANEL, cover, text};
use crate::game::Rules;
use crate::game::ui::hud::{MUTED, TEXT, TITLE, WARNING};
use crate::game::view::atlas;
use crate::game::view::board::BoardAtlas;
use crate::game::view::cursor::HoverPin;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), (open, spawn).chain())
        .add_systems(OnExit(Screen::Editor), close)
        .add_systems(
            Update,
            (keys, pointer, draw_grid, draw_palette, draw_status)
                .chain()
                .run_if(in_state(Screen::Editor).and_then(resource_exists::<Editor>)),
        )
        .add_systems(
            Update,
            leave_unopened
                .run_if(in_state(Screen::Editor).and_then(not(resource_exists::<Editor>))),
        );
}

/// The palette: what each of the keys 1-9 and 0 picks, and the kinds pressing it again cycles.
const SLOTS: usize = 10;

/// The largest square drawn, in pixels, and the room the map has.
const MAX_CELL: f32 = 48.0;
const ROOM: Vec2 = Vec2::new(940.0, 600.0);

/// The map being edited and the editor's own state.
#[derive(Resource)]
pub(super) struct Editor {
    /// The scenario as read, whose map is replaced on saving.
    file: ScenarioFile,
    /// Comment lines heading the file, written back above it.
    comments: Vec<String>,
    pub(super) draft: MapDraft,
    /// The map as last saved (or opened): what "unsaved changes" is measured against.
    saved: MapSpec,
    /// Where S writes the scenario (none in the browser, which has no files).
    pub(super) save_to: Option<std::path::PathBuf>,
    slot: usize,
    variants: [usize; SLOTS],
    /// The square under the pointer, or the keyboard's cursor.
    pub(super) cursor: Square,
    /// The keyboard's pen is down: moving the cursor paints.
    pen: bool,
    /// A stroke of the mouse is under way.
    dragging: bool,
    /// The squares the stroke under way has painted (each once, so that raising is by one).
    painted: HashSet<Square>,
    /// Counts the changes to the draft, for redrawing.
    revision: u64,
    /// The last thing said: a refusal, where the file was saved.
    message: String,
    /// Esc was pressed once with unsaved changes.
    leaving: bool,
}

impl Editor {
    fn brush(&self) -> Brush {
        brush(self.slot, self.variants[self.slot], &self.draft)
    }

    fn unsaved(&self) -> bool {
        self.draft.to_map_spec() != self.saved
    }

    fn choose(&mut self, slot: usize) {
        if self.slot == slot {
            self.variants[slot] += 1;
        } else {
            self.slot = slot;
        }
        self.message = format!("brush: {}", self.brush().label());
    }

    fn begin(&mut self) {
        self.draft.begin_stroke();
        self.painted.clear();
    }

    fn end(&mut self) {
        self.draft.end_stroke();
        self.painted.clear();
        self.pen = false;
        self.dragging = false;
    }

    /// Paint the brush at `sq`, once per stroke.
    fn paint(&mut self, sq: Square) {
        if !self.painted.insert(sq) {
            return;
        }
        let brush = self.brush();
        match self.draft.paint(sq, &brush) {
            Ok(true) => {
                self.revision += 1;
                self.leaving = false;
            }
            Ok(false) => {}
            Err(why) => self.message = format!("refused: {why}"),
        }
    }

    fn resize(&mut self, dw: i32, dh: i32) {
        self.end();
        let (w, h) = (self.draft.width() + dw, self.draft.height() + dh);
        match self.draft.resize(w, h) {
            Ok(()) => {
                self.revision += 1;
                self.message = format!("resized to {w}x{h}");
                self.cursor = Square::new(self.cursor.x.min(w - 1), self.cursor.y.min(h - 1));
            }
            Err(why) => self.message = format!("refused: {why}"),
        }
    }

    fn history(&mut self, redo: bool) {
        self.end();
        let done = if redo {
            self.draft.redo()
        } else {
            self.draft.undo()
        };
        self.message = match (done, redo) {
            (true, false) => "undone".to_owned(),
            (true, true) => "redone".to_owned(),
            (false, false) => "nothing to undo".to_owned(),
            (false, true) => "nothing to redo".to_owned(),
        };
        if done {
            self.revision += 1;
            let (w, h) = (self.draft.width(), self.draft.height());
            self.cursor = Square::new(self.cursor.x.min(w - 1), self.cursor.y.min(h - 1));
        }
    }

    /// Write the scenario with the map as drawn, if `scenario::load` takes it.
    pub(super) fn save(&mut self) {
        self.end();
        let mut file = self.file.clone();
        file.map = self.draft.to_map_spec();
        let text = scenario::write::to_ron(&file, &self.comments);
        let Some(path) = self.save_to.clone() else {
            self.message = "not saved: the browser has no files to save to".to_owned();
            return;
        };
        if let Err(problems) = scenario::load(&path.display().to_string(), &text) {
            let first = problems.first().map(ToString::to_string);
            self.message = format!("not saved: {}", first.unwrap_or_default());
            return;
        }
        #[cfg(not(target_arch = "wasm32"))]
        match crate::saves::write_atomically(&path, text.as_bytes()) {
            Ok(()) => {
                self.saved = file.map;
                self.message = format!("saved to {}", path.display());
            }
            Err(e) => {
                self.message = format!("not saved: {}: cannot write the file: {e}", path.display())
            }
        }
    }
}

/// The brush in palette `slot`, its `variant`th kind.
fn brush(slot: usize, variant: usize, draft: &MapDraft) -> Brush {
    fn pick<T: Clone>(kinds: &[T], variant: usize) -> T {
        kinds[variant % kinds.len()].clone()
    }
    use Material::*;
    match slot {
        0 => Brush::Floor,
        1 => Brush::Wall,
        2 => Brush::Object(pick(&[Wood, Glass, Stone, Metal], variant)),
        3 => Brush::Difficult,
        4 => Brush::Damaging(pick(&[2, 3, 5, 1], variant)),
        5 => Brush::Pit(pick(&[1, 2, 3], variant)),
        6 => Brush::Water(pick(&[1, 2, 3], variant)),
        7 => Brush::Elevation(pick(&[1, -1], variant)),
        8 => Brush::Ground(match draft.ground() {
            Soil::Dirt => pick(&[Soil::Stone, Soil::Dirt], variant),
            Soil::Stone => pick(&[Soil::Dirt, Soil::Stone], variant),
        }),
        _ => {
            let zones = draft.zones();
            let fresh = (1..)
                .map(|n| format!("zone{n}"))
                .find(|z| !zones.contains(z))
                .expect("a free zone name");
            let mut kinds: Vec<Option<String>> = zones.into_iter().map(Some).collect();
            kinds.push(Some(fresh));
            kinds.push(None);
            Brush::Zone(pick(&kinds, variant))
        }
    }
}

/// Where S writes: the scenario's own file, or for a built-in one (or one with no file on this
/// disk) `editor/<name>.ron` among the saves.
#[cfg(not(target_arch = "wasm32"))]
fn save_path(file: &str) -> Option<std::path::PathBuf> {
    let path = std::path::Path::new(file);
    let built_in = crate::scenarios::EMBEDDED.iter().any(|e| e.file == file);
    if !built_in && path.is_file() {
        return Some(path.to_owned());
    }
    let stem = path
        .file_stem()
        .map_or_else(|| "scenario".into(), |s| s.to_string_lossy());
    Some(
        crate::saves::directory()
            .join("editor")
            .join(format!("{stem}.ron")),
    )
}

#[cfg(target_arch = "wasm32")]
fn save_path(_file: &str) -> Option<std::path::PathBuf> {
    None
}

/// Why the scenario on the board can't be edited, shown until Esc.
#[derive(Resource)]
struct Unopened(String);

/// Open the map of the scenario on the board.
fn open(mut commands: Commands, rules: Res<Rules>, pin: Option<Res<HoverPin>>) {
    let source = rules.0.source();
    let opened = ron_options()
        .from_str::<ScenarioFile>(&source.text)
        .map_err(|e| format!("{}: {e}", source.file))
        .and_then(|file| MapDraft::new(&file).map(|draft| (file, draft)));
    let (file, draft) = match opened {
        Ok(opened) => opened,
        Err(why) => {
            commands.insert_resource(Unopened(format!("This map can't be edited here: {why}")));
            return;
        }
    };
    let comments = source
        .text
        .lines()
        .map_while(|l| l.trim().strip_prefix("//"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l).to_owned())
        .collect();
    let at = pin.map_or(Square::new(0, 0), |p| p.0);
    commands.insert_resource(Editor {
        comments,
        saved: draft.to_map_spec(),
        cursor: Square::new(
            at.x.clamp(0, draft.width() - 1),
            at.y.clamp(0, draft.height() - 1),
        ),
        draft,
        file,
        save_to: save_path(&source.file),
        slot: 1,
        variants: [0; SLOTS],
        pen: false,
        dragging: false,
        painted: HashSet::new(),
        revision: 0,
        message: String::new(),
        leaving: false,
    });
}

fn close(mut commands: Commands) {
    commands.remove_resource::<Editor>();
    commands.remove_resource::<Unopened>();
}

fn leave_unopened(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Title);
    }
}

#[derive(Component)]
struct Grid;

#[derive(Component)]
struct Cell(Square);

#[derive(Component)]
struct Palette;

#[derive(Component)]
struct Slot(usize);

#[derive(Component)]
struct Status;

#[derive(Component)]
struct Said;

fn spawn(mut commands: Commands, editor: Option<Res<Editor>>, unopened: Option<Res<Unopened>>) {
    let mut screen = commands.spawn((cover(), DespawnOnExit(Screen::Editor)));
    let Some(editor) = editor else {
        let why = unopened.map_or_else(String::new, |u| u.0.clone());
        screen.with_children(|s| {
            s.spawn(text(why, 17.0, WARNING));
            s.spawn(text("Esc: back", 14.0, MUTED));
        });
        return;
    };
    let name = editor.file.name.clone();
    screen.with_children(|s| {
        s.spawn(text(format!("Map editor: {name}"), 26.0, TITLE));
        s.spawn(Node {
            column_gap: px(18),
            align_items: AlignItems::Start,
            ..default()
        })
        .with_children(|row| {
            row.spawn((
                Grid,
                Node {
                    flex_direction: FlexDirection::Column,
                    ..default()
                },
            ));
            row.spawn((
                Palette,
                Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(4),
                    width: px(220),
                    ..default()
                },
            ));
        });
        s.spawn((Status, text("", 16.0, TEXT)));
        s.spawn((Said, text("", 15.0, MUTED)));
        s.spawn((
            text(
                "1-0: brush (again: its next kind)    drag or Space + arrows: paint    \
                 Z/Y: undo/redo    [ ]: width    - =: height    S: save    Esc: back",
                14.0,
                MUTED,
            ),
            Node {
                padding: UiRect::axes(px(12), px(6)),
                border_radius: BorderRadius::all(px(6)),
                ..default()
            },
            BackgroundColor(PANEL),
        ));
    });
}

/// The keyboard: brushes, the cursor and its pen, undo, resizing, saving and leaving.
fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    mut editor: ResMut<Editor>,
    mut next: ResMut<NextState<Screen>>,
) {
    const DIGITS: [KeyCode; SLOTS] = [
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
        KeyCode::Digit0,
    ];
    if keys.get_just_pressed().next().is_none() {
        return;
    }
    let e = editor.as_mut();
    for (slot, key) in DIGITS.iter().enumerate() {
        if keys.just_pressed(*key) {
            e.choose(slot);
        }
    }
    let moves = [
        (KeyCode::ArrowLeft, -1, 0),
        (KeyCode::ArrowRight, 1, 0),
        (KeyCode::ArrowUp, 0, -1),
        (KeyCode::ArrowDown, 0, 1),
    ];
    for (key, dx, dy) in moves {
        if keys.just_pressed(key) {
            e.cursor = Square::new(
                (e.cursor.x + dx).clamp(0, e.draft.width() - 1),
                (e.cursor.y + dy).clamp(0, e.draft.height() - 1),
            );
            if e.pen {
                e.paint(e.cursor);
            }
        }
    }
    if keys.just_pressed(KeyCode::Space) {
        if e.pen {
            e.end();
        } else {
            e.begin();
            e.pen = true;
            e.paint(e.cursor);
        }
    }
    if keys.just_pressed(KeyCode::KeyZ) {
        e.history(false);
    }
    if keys.just_pressed(KeyCode::KeyY) {
        e.history(true);
    }
    for (key, dw, dh) in [
        (KeyCode::BracketLeft, -1, 0),
        (KeyCode::BracketRight, 1, 0),
        (KeyCode::Minus, 0, -1),
        (KeyCode::Equal, 0, 1),
    ] {
        if keys.just_pressed(key) {
            e.resize(dw, dh);
        }
    }
    if keys.just_pressed(KeyCode::KeyS) {
        e.save();
    }
    if keys.just_pressed(KeyCode::Escape) {
        if e.unsaved() && !e.leaving {
            e.end();
            e.leaving = true;
            e.message = "unsaved changes: Esc again leaves without saving, S saves".to_owned();
        } else {
            next.set(Screen::Title);
        }
    }
}

/// The mouse: a click on the palette picks a brush, a left drag over the map paints.
fn pointer(
    mouse: Res<ButtonInput<MouseButton>>,
    motion: Res<AccumulatedMouseMotion>,
    mut editor: ResMut<Editor>,
    cells: Query<(&Cell, &Interaction)>,
    slots: Query<(&Slot, &Interaction), Changed<Interaction>>,
) {
    for (slot, interaction) in &slots {
        if *interaction == Interaction::Pressed {
            editor.choose(slot.0);
        }
    }
    // The square pressed at a drag's start stays pressed wherever the pointer goes: the one it
    // is over now is hovered.
    let find = |wanted: Interaction| cells.iter().find(|(_, i)| **i == wanted);
    let under = find(Interaction::Hovered)
        .or_else(|| find(Interaction::Pressed))
        .map(|(c, _)| c.0);
    // The pointer takes the cursor when it moves, not when a square is redrawn under it.
    if let Some(sq) = under
        && editor.cursor != sq
        && (motion.delta != Vec2::ZERO || mouse.pressed(MouseButton::Left))
    {
        editor.cursor = sq;
    }
    if mouse.just_pressed(MouseButton::Left)
        && let Some(sq) = under
    {
        editor.begin();
        editor.dragging = true;
        editor.paint(sq);
    } else if editor.dragging && mouse.pressed(MouseButton::Left) {
        if let Some(sq) = under {
            editor.paint(sq);
        }
    } else if editor.dragging {
        editor.end();
    }
}

/// A zone's colour round its squares.
fn zone_colour(zone: &str) -> Color {
    const COLOURS: [Color; 5] = [
        Color::srgb_u8(0x56, 0xb4, 0xe9),
        Color::srgb_u8(0xcc, 0x79, 0xa7),
        Color::srgb_u8(0x00, 0x9e, 0x73),
        Color::srgb_u8(0xe6, 0x9f, 0x00),
        Color::srgb_u8(0xd5, 0x5e, 0x00),
    ];
    let n = zone.bytes().fold(0usize, |h, b| h * 31 + b as usize);
    COLOURS[n % COLOURS.len()]
}

/// A terrain's colour where there is no atlas (headless).
fn terrain_colour(terrain: Terrain) -> Color {
    match terrain {
        Terrain::Floor => Color::srgb_u8(0x6b, 0x63, 0x55),
        Terrain::Wall => Color::srgb_u8(0x3a, 0x36, 0x32),
        Terrain::Object { .. } => Color::srgb_u8(0x8a, 0x6a, 0x40),
        Terrain::Difficult => Color::srgb_u8(0x5a, 0x6b, 0x3a),
        Terrain::Damaging { .. } => Color::srgb_u8(0xe3, 0xa1, 0x2f),
        Terrain::Pit { .. } => Color::srgb_u8(0x17, 0x19, 0x1d),
        Terrain::Water { .. } => Color::srgb_u8(0x3f, 0x7f, 0xa6),
    }
}

/// What a square's tile can't show: its creature, height of ground, zone and soil.
fn marks(editor: &Editor, sq: Square) -> String {
    let Some(tile) = editor.draft.tile(sq) else {
        return String::new();
    };
    if let Some(id) = editor.draft.creature_at(sq) {
        return id.chars().take(2).collect::<String>().to_uppercase();
    }
    let mut out = String::new();
    if tile.elevation != 0 {
        out += &format!("{:+}", tile.elevation);
    }
    if let Some(zone) = &tile.zone {
        out.extend(zone.chars().take(1).flat_map(char::to_uppercase));
    }
    if tile.ground.is_some_and(|g| g != editor.draft.ground()) {
        out.push(match tile.ground {
            Some(Soil::Stone) => 's',
            _ => 'd',
        });
    }
    out
}

/// Redraw the map's squares when the draft changed (or the board's tiles became ready).
fn draw_grid(
    mut commands: Commands,
    editor: Res<Editor>,
    atlas: Option<Res<BoardAtlas>>,
    grid: Single<(Entity, Ref<Grid>)>,
    layouts: Option<ResMut<Assets<TextureAtlasLayout>>>,
    mut layout: Local<Option<Handle<TextureAtlasLayout>>>,
    mut drawn: Local<Option<(u64, bool)>>,
) {
    let now = (editor.revision, atlas.is_some());
    let (grid, new) = (grid.0, grid.1.is_added());
    if *drawn == Some(now) && !new {
        return;
    }
    *drawn = Some(now);
    let (w, h) = (editor.draft.width(), editor.draft.height());
    let cell = (ROOM.x / w as f32)
        .min(ROOM.y / h as f32)
        .min(MAX_CELL)
        .floor();
    // The board's tiles, where the window has them.
    let tiles = atlas.zip(layouts).map(|(atlas, mut layouts)| {
        let layout = layout
            .get_or_insert_with(|| layouts.add(atlas::layout()))
            .clone();
        (atlas.0.clone(), layout)
    });
    commands
        .entity(grid)
        .despawn_related::<Children>()
        .with_children(|rows| {
            for y in 0..h {
                rows.spawn(Node::default()).with_children(|row| {
                    for x in 0..w {
                        let sq = Square::new(x, y);
                        let tile = editor.draft.tile(sq).cloned().unwrap_or_default();
                        let mut square = row.spawn((
                            Cell(sq),
                            Interaction::default(),
                            Node {
                                width: px(cell),
                                height: px(cell),
                                border: UiRect::all(px(2)),
                                justify_content: JustifyContent::Center,
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            BackgroundColor(terrain_colour(tile.terrain)),
                            BorderColor::all(Color::NONE),
                        ));
                        if let Some((image, layout)) = &tiles {
                            // Lower ground darker, as on the board.
                            let shade = (1.0 + 0.15 * tile.elevation.min(0) as f32).max(0.4);
                            square.insert(ImageNode {
                                color: Color::srgb(shade, shade, shade),
                                ..ImageNode::from_atlas_image(
                                    image.clone(),
                                    TextureAtlas {
                                        layout: layout.clone(),
                                        index: atlas::terrain_tile(tile.terrain) as usize,
                                    },
                                )
                            });
                        }
                        let marks = marks(&editor, sq);
                        if !marks.is_empty() {
                            let creature = editor.draft.creature_at(sq).is_some();
                            square.with_child((
                                text(marks, (cell * 0.36).max(9.0), TITLE),
                                // The square under it takes the pointer.
                                FocusPolicy::Pass,
                                Node {
                                    padding: UiRect::axes(px(3), px(1)),
                                    border_radius: BorderRadius::all(px(if creature {
                                        cell
                                    } else {
                                        3.0
                                    })),
                                    ..default()
                                },
                                BackgroundColor(if creature {
                                    Color::srgba(0.55, 0.1, 0.1, 0.85)
                                } else {
                                    Color::srgba(0.0, 0.0, 0.0, 0.55)
                                }),
                            ));
                        }
                    }
                });
            }
        });
}

/// The palette's entries, the chosen one lit; rebuilt when a label or the choice changes.
fn draw_palette(
    mut commands: Commands,
    editor: Res<Editor>,
    palette: Single<(Entity, Ref<Palette>)>,
    mut shown: Local<Option<(usize, Vec<String>)>>,
) {
    let labels: Vec<String> = (0..SLOTS)
        .map(|slot| brush(slot, editor.variants[slot], &editor.draft).label())
        .collect();
    let now = (editor.slot, labels);
    let (palette, new) = (palette.0, palette.1.is_added());
    if shown.as_ref() == Some(&now) && !new {
        return;
    }
    commands
        .entity(palette)
        .despawn_related::<Children>()
        .with_children(|list| {
            for (slot, label) in now.1.iter().enumerate() {
                let chosen = slot == now.0;
                list.spawn((
                    Slot(slot),
                    Interaction::default(),
                    Node {
                        padding: UiRect::axes(px(10), px(5)),
                        border: UiRect::all(px(2)),
                        border_radius: BorderRadius::all(px(6)),
                        ..default()
                    },
                    BackgroundColor(Color::srgb_u8(0x2a, 0x30, 0x38)),
                    BorderColor::all(if chosen { ACCENT } else { Color::NONE }),
                ))
                .with_child(text(
                    format!("{}  {label}", (slot + 1) % 10),
                    16.0,
                    if chosen { TITLE } else { TEXT },
                ));
            }
        });
    *shown = Some(now);
}

/// The status line (brush, the square pointed at, size, unsaved changes), the last message,
/// and the cursor's and zones' edges.
fn draw_status(
    editor: Res<Editor>,
    mut status: Single<&mut Text, (With<Status>, Without<Said>)>,
    said: Single<(&mut Text, &mut TextColor), (With<Said>, Without<Status>)>,
    mut cells: Query<(Ref<Cell>, &mut BorderColor)>,
) {
    let fresh = cells.iter().any(|(c, _)| c.is_added());
    if !editor.is_changed() && !fresh {
        return;
    }
    let sq = editor.cursor;
    let mut here = String::new();
    if let Some(tile) = editor.draft.tile(sq) {
        here = match tile.terrain {
            Terrain::Object { material } => format!("{material:?} object").to_lowercase(),
            Terrain::Damaging { damage } => format!("damaging {damage}"),
            Terrain::Pit { depth } => format!("pit {depth} deep"),
            Terrain::Water { depth } => format!("water {depth} deep"),
            t => t.name().to_owned(),
        };
        if tile.elevation != 0 {
            here += &format!(", ground {:+}", tile.elevation);
        }
        if let Some(zone) = &tile.zone {
            here += &format!(", zone {zone}");
        }
        let soil = tile.ground.unwrap_or(editor.draft.ground());
        here += &format!(", {} ground", format!("{soil:?}").to_lowercase());
        if let Some(id) = editor.draft.creature_at(sq) {
            here += &format!(", {id} stands here");
        }
    }
    status.0 = format!(
        "Brush: {}{}    ({}, {}): {here}    {}x{}    {}",
        editor.brush().label(),
        if editor.pen { " (pen down)" } else { "" },
        sq.x,
        sq.y,
        editor.draft.width(),
        editor.draft.height(),
        if editor.unsaved() {
            "unsaved changes"
        } else {
            "saved"
        },
    );
    let (mut said_text, mut colour) = said.into_inner();
    said_text.0 = editor.message.clone();
    colour.0 = if editor.message.starts_with("refused") || editor.message.starts_with("not saved") {
        WARNING
    } else {
        MUTED
    };
    for (cell, mut edge) in &mut cells {
        let zone = editor.draft.tile(cell.0).and_then(|t| t.zone.clone());
        *edge = BorderColor::all(if cell.0 == sq {
            ACCENT
        } else if let Some(zone) = zone {
            zone_colour(&zone)
        } else {
            Color::NONE
        });
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{app, press, screen};
    use super::*;

    #[test]
    fn a_stroke_painted_with_keys_is_saved_and_loads_back() {
        let dir = std::env::temp_dir().join(format!("steelgrid-editor-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("mill.ron");
        let mut app = app(Screen::Title);
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Editor);
        app.update();
        assert_eq!(screen(&app), Screen::Editor);
        // Three floor squares side by side, nobody on them.
        let start = {
            let draft = &app.world().resource::<Editor>().draft;
            (0..draft.height())
                .flat_map(|y| (0..draft.width() - 2).map(move |x| Square::new(x, y)))
                .find(|&sq| {
                    (0..3).all(|dx| {
                        let s = Square::new(sq.x + dx, sq.y);
                        draft.tile(s).is_some_and(|t| *t == Default::default())
                            && draft.creature_at(s).is_none()
                    })
                })
                .expect("three empty floor squares in a row")
        };
        {
            let mut editor = app.world_mut().resource_mut::<Editor>();
            editor.save_to = Some(path.clone());
            editor.cursor = start;
        }
        // Water, then pen down, two squares right, pen up.
        press(&mut app, KeyCode::Digit7);
        press(&mut app, KeyCode::Space);
        press(&mut app, KeyCode::ArrowRight);
        press(&mut app, KeyCode::ArrowRight);
        press(&mut app, KeyCode::Space);
        let water = |app: &App, dx: i32| {
            let sq = Square::new(start.x + dx, start.y);
            app.world()
                .resource::<Editor>()
                .draft
                .tile(sq)
                .unwrap()
                .terrain
        };
        for dx in 0..3 {
            assert_eq!(water(&app, dx), Terrain::Water { depth: 1 });
        }
        // Undone whole, and redone.
        press(&mut app, KeyCode::KeyZ);
        assert_eq!(water(&app, 2), Terrain::Floor);
        assert_eq!(water(&app, 0), Terrain::Floor);
        press(&mut app, KeyCode::KeyY);
        assert_eq!(water(&app, 0), Terrain::Water { depth: 1 });
        press(&mut app, KeyCode::KeyS);
        let said = app.world().resource::<Editor>().message.clone();
        assert_eq!(said, format!("saved to {}", path.display()));
        let text = std::fs::read_to_string(&path).unwrap();
        let loaded = scenario::load(&path.display().to_string(), &text).unwrap();
        let map = loaded.start(None).map().clone();
        for dx in 0..3 {
            let sq = Square::new(start.x + dx, start.y);
            assert_eq!(map.terrain(sq), Some(Terrain::Water { depth: 1 }));
        }
        // The file reads back as the draft it was saved from.
        let again: ScenarioFile = ron_options().from_str(&text).unwrap();
        assert_eq!(
            MapDraft::new(&again).unwrap().to_map_spec(),
            app.world().resource::<Editor>().draft.to_map_spec()
        );
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Title);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Mark the square `sq` of the drawn map as the pointer's (as the UI's focus would).
    fn point(app: &mut App, sq: Square, how: Interaction) {
        let world = app.world_mut();
        let mut cells = world.query::<(&Cell, &mut Interaction)>();
        for (cell, mut interaction) in cells.iter_mut(world) {
            if cell.0 == sq {
                *interaction = how;
            } else if *interaction == Interaction::Hovered {
                *interaction = Interaction::None;
            }
        }
    }

    #[test]
    fn a_left_drag_paints_each_square_it_passes_as_one_stroke() {
        use leafwing_input_manager::prelude::Buttonlike;
        let mut app = app(Screen::Editor);
        app.update();
        let (a, b) = {
            let draft = &app.world().resource::<Editor>().draft;
            let empty = |s: Square| {
                draft.tile(s).is_some_and(|t| *t == Default::default())
                    && draft.creature_at(s).is_none()
            };
            let a = (0..draft.height())
                .flat_map(|y| (0..draft.width()).map(move |x| Square::new(x, y)))
                .find(|&s| empty(s) && empty(Square::new(s.x + 1, s.y)))
                .unwrap();
            (a, Square::new(a.x + 1, a.y))
        };
        press(&mut app, KeyCode::Digit3);
        point(&mut app, a, Interaction::Pressed);
        MouseButton::Left.press(app.world_mut());
        app.update();
        point(&mut app, b, Interaction::Hovered);
        app.update();
        MouseButton::Left.release(app.world_mut());
        app.update();
        let wood = Terrain::Object {
            material: Material::Wood,
        };
        let terrain = |app: &App, sq| {
            let editor = app.world().resource::<Editor>();
            editor.draft.tile(sq).unwrap().terrain
        };
        assert_eq!(terrain(&app, a), wood);
        assert_eq!(terrain(&app, b), wood);
        assert_eq!(app.world().resource::<Editor>().cursor, b);
        press(&mut app, KeyCode::KeyZ);
        assert_eq!(terrain(&app, a), Terrain::Floor);
        assert_eq!(terrain(&app, b), Terrain::Floor);
    }

    #[test]
    fn a_map_saved_unchanged_starts_the_same_battle_as_the_original() {
        let dir =
            std::env::temp_dir().join(format!("steelgrid-editor-same-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("mill.ron");
        let mut app = app(Screen::Editor);
        app.update();
        app.world_mut().resource_mut::<Editor>().save_to = Some(path.clone());
        press(&mut app, KeyCode::KeyS);
        let text = std::fs::read_to_string(&path).unwrap();
        let d = crate::scenarios::DEFAULT;
        let original = scenario::load(d.file, d.text).unwrap();
        let saved = scenario::load(&path.display().to_string(), &text).unwrap();
        assert_eq!(
            saved.start(None).checksum(),
            original.start(None).checksum()
        );
        assert!(
            text.starts_with("//"),
            "the file's heading comments are kept"
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_wall_on_a_creature_is_refused_and_leaving_unsaved_asks_twice() {
        let mut app = app(Screen::Editor);
        app.update();
        let at = {
            let editor = app.world().resource::<Editor>();
            let draft = &editor.draft;
            (0..draft.height())
                .flat_map(|y| (0..draft.width()).map(move |x| Square::new(x, y)))
                .find(|&sq| draft.creature_at(sq).is_some())
                .unwrap()
        };
        app.world_mut().resource_mut::<Editor>().cursor = at;
        press(&mut app, KeyCode::Digit2);
        press(&mut app, KeyCode::Space);
        press(&mut app, KeyCode::Space);
        let said = app.world().resource::<Editor>().message.clone();
        assert!(said.starts_with("refused: "), "{said}");
        // Wider by one: a change not saved.
        press(&mut app, KeyCode::BracketRight);
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Editor);
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Title);
    }
}
