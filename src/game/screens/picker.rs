//! The scenario picker: every scenario built into the game, and (natively) a scenario file by
//! its path — typed in, or given on the command line. The focused scenario is described beside
//! the list: its story, a picture of its map with the creatures on it, who the AI plays, whether
//! it is a demonstration.

use crate::game::battle::handoff::Players;
use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::{AccumulatedMouseScroll, MouseScrollUnit};
use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::grid::Terrain;
use steelgrid_rules::record::ScenarioSource;
use steelgrid_rules::scenario;

use super::estimate::{Estimate, EstimateLine};
use super::menu::{
    Ask, Focus, LIST_ROW as ROW, MenuInput, MenuItem, MenuSystems, PANEL, cover, hints, list_row,
    text,
};
use super::{Screen, Selection};
use crate::game::battle::actions::{Action, Controls};
use crate::game::settings::Settings;
use crate::game::ui::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE, WARNING};
use crate::game::ui::log::ascii;
use crate::scenarios::{D20, EMBEDDED, MINIATURES};

/// The gap between rows of the list, in logical pixels.
const GAP: f32 = 2.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<PathField>()
        .add_systems(OnEnter(Screen::Picker), spawn)
        .add_systems(
            Update,
            (type_path, choose, describe, follow_focus, scroll_list)
                .chain()
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Picker)),
        );
}

/// One scenario as the picker describes it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub name: String,
    pub file: String,
    pub description: String,
    /// Columns and rows.
    pub size: (i32, i32),
    /// The heroes' names, and the Director's creatures by kind with how many (`Goblin x3`).
    pub heroes: Vec<String>,
    pub director: Vec<String>,
    pub ai_sides: Vec<Side>,
    /// The objectives' rules names (`Diminish Numbers`).
    pub objectives: Vec<String>,
    /// A demonstration: it plays its script by itself.
    pub demo: bool,
    /// The map in miniature, row by row from the top.
    pub picture: Vec<Vec<Mark>>,
}

/// What a square of the miniature map shows: a creature standing there, else its ground.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    Floor,
    Raised,
    Wall,
    Object,
    Difficult,
    Damaging,
    Pit,
    Water,
    Hero,
    Director,
}

impl Mark {
    fn colour(self) -> Color {
        match self {
            Mark::Floor => Color::srgb_u8(0xd9, 0xcf, 0xb8),
            Mark::Raised => Color::srgb_u8(0xee, 0xe6, 0xd4),
            Mark::Wall => Color::srgb_u8(0x4a, 0x4e, 0x55),
            Mark::Object => Color::srgb_u8(0x8b, 0x5e, 0x3c),
            Mark::Difficult => Color::srgb_u8(0xb5, 0xa8, 0x88),
            Mark::Damaging => Color::srgb_u8(0xe0, 0x9a, 0x1f),
            Mark::Pit => Color::srgb_u8(0x14, 0x15, 0x18),
            Mark::Water => Color::srgb_u8(0x3d, 0x7e, 0xb8),
            Mark::Hero => HEROES,
            Mark::Director => DIRECTOR,
        }
    }
}

/// Describe the scenario in `text`; a scenario that does not load gives its problems, one a line
/// (`file:line:col: message`).
pub fn card(file: &str, text: &str) -> Result<Card, String> {
    let loaded = scenario::load(file, text).map_err(|problems| {
        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
        lines.join("\n")
    })?;
    let state = loaded.start(None).state();
    let side = |side: Side| {
        let mut kinds: Vec<(String, usize)> = Vec::new();
        for c in state.creatures.iter().filter(|c| c.side == side) {
            match kinds.iter_mut().find(|(name, _)| *name == c.name) {
                Some((_, n)) => *n += 1,
                None => kinds.push((c.name.clone(), 1)),
            }
        }
        kinds
            .into_iter()
            .map(|(name, n)| if n > 1 { format!("{name} x{n}") } else { name })
            .collect()
    };
    let map = loaded.map();
    let picture = (0..map.height)
        .map(|y| {
            (0..map.width)
                .map(|x| {
                    let square = steelgrid_rules::grid::Square::new(x, y);
                    let standing = state
                        .creatures
                        .iter()
                        .find(|c| c.footprint.contains(&square));
                    match (standing.map(|c| c.side), map.cell(square)) {
                        (Some(Side::Heroes), _) => Mark::Hero,
                        (Some(Side::Director), _) => Mark::Director,
                        (None, None) => Mark::Wall,
                        (None, Some(cell)) => match cell.terrain {
                            Terrain::Floor if cell.elevation > 0 => Mark::Raised,
                            Terrain::Floor => Mark::Floor,
                            Terrain::Wall => Mark::Wall,
                            Terrain::Object { .. } => Mark::Object,
                            Terrain::Difficult => Mark::Difficult,
                            Terrain::Damaging { .. } => Mark::Damaging,
                            Terrain::Pit { .. } => Mark::Pit,
                            Terrain::Water { .. } => Mark::Water,
                        },
                    }
                })
                .collect()
        })
        .collect();
    Ok(Card {
        name: loaded.name.clone(),
        file: file.to_owned(),
        description: loaded.description.trim().to_owned(),
        size: (loaded.map().width, loaded.map().height),
        heroes: side(Side::Heroes),
        director: side(Side::Director),
        ai_sides: loaded.ai_sides(),
        objectives: state.objectives.iter().map(|o| o.name.to_owned()).collect(),
        demo: !loaded.demo.is_empty(),
        picture,
    })
}

/// The built-in scenarios' cards, in [`EMBEDDED`]'s order (made the first time the picker
/// opens).
#[derive(Resource, Clone)]
struct Catalogue(Vec<Result<Card, String>>);

/// The path typed in the file row, and why it did not open.
#[derive(Resource, Default)]
struct PathField {
    path: String,
    problem: Option<String>,
}

/// A row of the list.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
enum Entry {
    /// The built-in scenario at this place in [`EMBEDDED`].
    Builtin(usize),
    /// A scenario file, by the path typed in the row.
    File,
    /// The d20 ruleset's scenario at this place in [`D20`]: it opens in the d20 window.
    D20(usize),
    /// The Miniatures ruleset's scenario at this place in [`MINIATURES`]: it opens in the
    /// Miniatures window.
    Miniatures(usize),
}

/// The list, which scrolls: the rows under their groups' headings, and where each row's top
/// is (a heading takes a row's place).
#[derive(Component)]
struct List {
    tops: Vec<f32>,
}

/// The heading of each row's group: the built-in scenario's, or the files'.
fn group(entry: Entry) -> &'static str {
    match entry {
        Entry::Builtin(n) => EMBEDDED[n].group,
        Entry::D20(n) => D20[n].group,
        Entry::Miniatures(n) => MINIATURES[n].group,
        Entry::File => "Your files",
    }
}

/// The column describing the focused scenario.
#[derive(Component)]
struct Details;

/// The text of the file row.
#[derive(Component)]
struct PathText;

fn spawn(
    mut commands: Commands,
    catalogue: Option<Res<Catalogue>>,
    selection: Res<Selection>,
    mut field: ResMut<PathField>,
    mut focus: ResMut<Focus>,
    settings: Res<Settings>,
) {
    let cards: Vec<Result<Card, String>> = match catalogue {
        Some(catalogue) => catalogue.0.clone(),
        None => {
            let cards: Vec<_> = EMBEDDED.iter().map(|s| card(s.file, s.text)).collect();
            commands.insert_resource(Catalogue(cards.clone()));
            cards
        }
    };
    // Open on the scenario the menus last chose: a built-in one, else its file's path.
    let builtin = EMBEDDED
        .iter()
        .position(|s| s.file == selection.source.file && s.text == selection.source.text);
    *focus = Focus(builtin.unwrap_or(EMBEDDED.len()));
    field.problem = None;
    if builtin.is_none() && field.path.is_empty() {
        field.path = selection.source.file.clone();
    }
    let mut entries: Vec<Entry> = (0..EMBEDDED.len()).map(Entry::Builtin).collect();
    entries.extend((0..D20.len()).map(Entry::D20));
    entries.extend((0..MINIATURES.len()).map(Entry::Miniatures));
    if cfg!(not(target_arch = "wasm32")) {
        entries.push(Entry::File);
    }
    let name = |n: usize| match &cards[n] {
        Ok(card) => ascii(&card.name),
        Err(_) => EMBEDDED[n].name.to_owned(),
    };

    commands
        .spawn((cover(), DespawnOnExit(Screen::Picker)))
        .with_children(|screen| {
            screen
                .spawn(Node {
                    width: percent(92),
                    height: percent(90),
                    flex_direction: FlexDirection::Column,
                    row_gap: px(14),
                    ..default()
                })
                .with_children(|page| {
                    page.spawn(text("Choose a scenario", 34.0, TITLE));
                    page.spawn(Node {
                        flex_grow: 1.0,
                        min_height: px(0),
                        column_gap: px(24),
                        ..default()
                    })
                    .with_children(|columns| {
                        let mut tops = Vec::new();
                        let mut top = 0.0;
                        let mut heading = None;
                        for &entry in &entries {
                            if heading != Some(group(entry)) {
                                heading = Some(group(entry));
                                top += ROW + GAP;
                            }
                            tops.push(top);
                            top += ROW + GAP;
                        }
                        columns
                            .spawn((
                                List { tops },
                                Node {
                                    width: px(440),
                                    flex_direction: FlexDirection::Column,
                                    row_gap: px(GAP),
                                    overflow: Overflow::scroll_y(),
                                    ..default()
                                },
                                ScrollPosition::default(),
                            ))
                            .with_children(|list| {
                                let mut heading = None;
                                for (i, entry) in entries.into_iter().enumerate() {
                                    if heading != Some(group(entry)) {
                                        heading = Some(group(entry));
                                        list.spawn(Node {
                                            height: px(ROW),
                                            flex_shrink: 0.0,
                                            align_items: AlignItems::FlexEnd,
                                            padding: UiRect::horizontal(px(4)),
                                            ..default()
                                        })
                                        .with_child(text(
                                            group(entry),
                                            15.0,
                                            TITLE,
                                        ));
                                    }
                                    let (label, note) = match entry {
                                        Entry::Builtin(n) => (name(n), EMBEDDED[n].name.to_owned()),
                                        Entry::D20(n) => (d20_name(n), D20[n].name.to_owned()),
                                        Entry::Miniatures(n) => {
                                            (miniatures_name(n), MINIATURES[n].name.to_owned())
                                        }
                                        Entry::File => ("Open a file:".to_owned(), String::new()),
                                    };
                                    row(list, i, entry, label, note);
                                }
                            });
                        columns.spawn((
                            Details,
                            Node {
                                flex_grow: 1.0,
                                flex_direction: FlexDirection::Column,
                                padding: UiRect::all(px(22)),
                                row_gap: px(12),
                                border_radius: BorderRadius::all(px(10)),
                                ..default()
                            },
                            BackgroundColor(PANEL),
                        ));
                    });
                    page.spawn(hints(&settings, Some("back"), None));
                });
        });
}

/// A row of the list: the scenario's name, and its file's name dimmed on the right.
fn row(list: &mut ChildSpawnerCommands, index: usize, entry: Entry, label: String, note: String) {
    list.spawn((list_row(index, 12.0), entry))
        .with_children(|row| {
            let line = TextLayout::no_wrap();
            row.spawn((text(label, 16.0, TEXT), line));
            match entry {
                Entry::Builtin(_) | Entry::D20(_) | Entry::Miniatures(_) => {
                    row.spawn((text(note, 13.0, MUTED), line));
                }
                Entry::File => {
                    row.spawn((text("", 15.0, TITLE), line, PathText));
                }
            }
        });
}

/// While the file row is focused, typed characters go into its path; Backspace takes one
/// back.
fn type_path(
    mut keys: MessageReader<KeyboardInput>,
    focus: Res<Focus>,
    entries: Query<(&MenuItem, &Entry)>,
    mut field: ResMut<PathField>,
    mut shown: Query<&mut Text, With<PathText>>,
) {
    let on_file = entries
        .iter()
        .any(|(item, entry)| item.0 == focus.0 && *entry == Entry::File);
    for key in keys.read() {
        if !on_file || !key.state.is_pressed() {
            continue;
        }
        if key.key_code == KeyCode::Backspace {
            field.path.pop();
        } else if let Some(typed) = &key.text {
            field.path.extend(typed.chars().filter(|c| !c.is_control()));
        }
    }
    if field.is_changed() || focus.is_changed() {
        for mut text in &mut shown {
            text.0 = format!("{}{}", field.path, if on_file { "_" } else { "" });
        }
    }
}

fn choose(
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    catalogue: Option<Res<Catalogue>>,
    mut field: ResMut<PathField>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        let chosen = match (input.ask, entry) {
            (Ask::Back, _) => {
                next.set(Screen::Title);
                continue;
            }
            (Ask::Step(_), _) => continue,
            (Ask::Choose, Entry::Builtin(n)) => {
                let s = EMBEDDED[n];
                match catalogue.as_ref().map(|c| &c.0[n]) {
                    Some(Ok(card)) => Ok((ScenarioSource::new(s.file, s.text), card.clone())),
                    Some(Err(problem)) => Err(problem.clone()),
                    None => continue,
                }
            }
            (Ask::Choose, Entry::File) => open_file(field.path.trim()),
            (Ask::Choose, Entry::D20(n)) => {
                if let Err(problem) = open_in_own_window(D20[n].name) {
                    field.problem = Some(problem);
                }
                continue;
            }
            (Ask::Choose, Entry::Miniatures(n)) => {
                if let Err(problem) = open_in_own_window(MINIATURES[n].name) {
                    field.problem = Some(problem);
                }
                continue;
            }
        };
        match chosen {
            Ok((source, card)) => {
                *selection = Selection {
                    source,
                    name: card.name,
                    ai_sides: card.ai_sides,
                    players: Players::default(),
                };
                next.set(Screen::Seats);
            }
            Err(problem) => field.problem = Some(problem),
        }
    }
}

/// A d20 scenario's name, from its file.
fn d20_name(n: usize) -> String {
    steelgrid_d20::scenario::load(D20[n].file, D20[n].text)
        .map_or_else(|_| D20[n].name.to_owned(), |s| ascii(&s.name))
}

/// What the details column says of a d20 scenario.
fn d20_lines(panel: &mut ChildSpawnerCommands, n: usize) {
    match steelgrid_d20::scenario::load(D20[n].file, D20[n].text) {
        Ok(s) => {
            panel.spawn(text(ascii(&s.name), 24.0, TITLE));
            panel.spawn(text(ascii(&s.description), 16.0, TEXT));
            panel.spawn(text(
                format!(
                    "The d20 ruleset (seed 001, {:?}): {} creatures on a {} x {} map. Enter opens it in the d20 window.",
                    s.options.edition,
                    s.creatures.len(),
                    s.map.width,
                    s.map.height
                ),
                15.0,
                TEXT,
            ));
        }
        Err(problems) => {
            panel.spawn(text(D20[n].file, 22.0, TITLE));
            for p in problems {
                panel.spawn(text(ascii(&p.to_string()), 15.0, WARNING));
            }
        }
    }
}

/// A Miniatures scenario's name, from its file.
fn miniatures_name(n: usize) -> String {
    steelgrid_miniatures::scenario::load(MINIATURES[n].file, MINIATURES[n].text)
        .map_or_else(|_| MINIATURES[n].name.to_owned(), |s| ascii(&s.name))
}

/// What the details column says of a Miniatures scenario.
fn miniatures_lines(panel: &mut ChildSpawnerCommands, n: usize) {
    match steelgrid_miniatures::scenario::load(MINIATURES[n].file, MINIATURES[n].text) {
        Ok(s) => {
            panel.spawn(text(ascii(&s.name), 24.0, TITLE));
            panel.spawn(text(ascii(&s.description), 16.0, TEXT));
            panel.spawn(text(
                format!(
                    "The D&D Miniatures ruleset (seed 000): {} creatures in two warbands on a {} x {} map, {} victory areas, {} victory points to win in {} rounds. Enter opens it in the Miniatures window.",
                    s.creatures.len(),
                    s.map.width,
                    s.map.height,
                    s.victory_areas.len(),
                    s.goal,
                    s.max_rounds
                ),
                15.0,
                TEXT,
            ));
            let bands: Vec<String> = s
                .warbands
                .iter()
                .map(|w| format!("{} ({} points, champion {})", w.name, w.points, w.champion))
                .collect();
            panel.spawn(text(ascii(&bands.join(" against ")), 15.0, MUTED));
        }
        Err(problems) => {
            panel.spawn(text(MINIATURES[n].file, 22.0, TITLE));
            for p in problems {
                panel.spawn(text(ascii(&p.to_string()), 15.0, WARNING));
            }
        }
    }
}

/// Open a d20 or Miniatures scenario: its own window replaces this one (natively a new run of the game,
/// `steelgrid play d20/<name>`; in the browser the page's address names it).
#[cfg(not(target_arch = "wasm32"))]
fn open_in_own_window(name: &str) -> Result<(), String> {
    let me =
        std::env::current_exe().map_err(|e| format!("cannot find the game to start it: {e}"))?;
    std::process::Command::new(me)
        .args(["play", name])
        .spawn()
        .map_err(|e| format!("cannot start the scenario's window: {e}"))?;
    std::process::exit(0);
}

#[cfg(target_arch = "wasm32")]
fn open_in_own_window(name: &str) -> Result<(), String> {
    crate::web::open_scenario(name);
    Ok(())
}

/// Read and check the scenario file at `path`.
#[cfg(not(target_arch = "wasm32"))]
fn open_file(path: &str) -> Result<(ScenarioSource, Card), String> {
    if path.is_empty() {
        return Err("Type the path of a scenario file first.".to_owned());
    }
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: cannot read it: {e}"))?;
    let card = card(path, &text)?;
    Ok((ScenarioSource::new(path, &text), card))
}

/// A browser has no files to open: only the built-in scenarios are offered.
#[cfg(target_arch = "wasm32")]
fn open_file(_path: &str) -> Result<(ScenarioSource, Card), String> {
    Err("There are no scenario files in the browser.".to_owned())
}

/// Describe the focused scenario beside the list.
fn describe(
    mut commands: Commands,
    focus: Res<Focus>,
    field: Res<PathField>,
    catalogue: Option<Res<Catalogue>>,
    selection: Res<Selection>,
    entries: Query<(&MenuItem, &Entry)>,
    details: Single<Entity, With<Details>>,
    mut estimate: ResMut<Estimate>,
) {
    if !focus.is_changed() && !field.is_changed() {
        return;
    }
    let Some(entry) = entries
        .iter()
        .find_map(|(item, entry)| (item.0 == focus.0).then_some(*entry))
    else {
        return;
    };
    match (entry, catalogue.as_ref()) {
        (Entry::Builtin(n), Some(c)) if c.0[n].as_ref().is_ok_and(|card| !card.demo) => {
            estimate.aim(EMBEDDED[n].file, EMBEDDED[n].text);
        }
        _ => estimate.clear(),
    }
    let mut panel = commands.entity(*details);
    panel.despawn_children();
    panel.with_children(|panel| match entry {
        Entry::Builtin(n) => match catalogue.as_ref().map(|c| &c.0[n]) {
            Some(Ok(card)) => card_lines(panel, card),
            Some(Err(problem)) => {
                panel.spawn(text(EMBEDDED[n].file, 22.0, TITLE));
                panel.spawn(text(ascii(problem), 15.0, WARNING));
            }
            None => {}
        },
        Entry::D20(n) => d20_lines(panel, n),
        Entry::Miniatures(n) => miniatures_lines(panel, n),
        Entry::File => {
            panel.spawn(text("A scenario file", 24.0, TITLE));
            panel.spawn(text(
                "Type the path of a scenario file (a .ron file as `steelgrid check` reads \
                 it), then press Enter. Problems are shown here with their line and column.",
                16.0,
                TEXT,
            ));
            if let Some(problem) = &field.problem {
                panel.spawn(text(ascii(problem), 15.0, WARNING));
            } else if field.path.trim() == selection.source.file
                && let Ok(card) = card(&selection.source.file, &selection.source.text)
            {
                card_lines(panel, &card);
            }
        }
    });
}

/// The miniature map: one small square per square, heroes and the Director's creatures in
/// their colours, at most 360 by 180 logical pixels.
pub(super) fn picture(panel: &mut ChildSpawnerCommands, rows: &[Vec<Mark>]) {
    picture_marked(panel, rows, |_, _| None);
}

/// [`picture`], with the squares `marked(x, y)` gives a colour painted in it (a cursor).
pub(super) fn picture_marked(
    panel: &mut ChildSpawnerCommands,
    rows: &[Vec<Mark>],
    marked: impl Fn(usize, usize) -> Option<Color>,
) {
    let (w, h) = (rows.first().map_or(1, Vec::len).max(1), rows.len().max(1));
    let cell = (360.0 / w as f32).min(180.0 / h as f32).clamp(2.0, 14.0);
    panel
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            margin: UiRect::vertical(px(6)),
            ..default()
        })
        .with_children(|map| {
            for (y, row) in rows.iter().enumerate() {
                map.spawn(Node::default()).with_children(|line| {
                    for (x, mark) in row.iter().enumerate() {
                        line.spawn((
                            Node {
                                width: px(cell),
                                height: px(cell),
                                ..default()
                            },
                            BackgroundColor(marked(x, y).unwrap_or(mark.colour())),
                        ));
                    }
                });
            }
        });
}

/// A scenario's card as lines of text.
fn card_lines(panel: &mut ChildSpawnerCommands, card: &Card) {
    panel.spawn(text(ascii(&card.name), 26.0, TITLE));
    panel.spawn(text(card.file.clone(), 14.0, MUTED));
    if !card.description.is_empty() {
        panel.spawn(text(ascii(&card.description), 16.0, TEXT));
    }
    panel.spawn(text(
        format!("Map: {} x {} squares", card.size.0, card.size.1),
        16.0,
        TEXT,
    ));
    picture(panel, &card.picture);
    for (side, label, colour, names) in [
        (Side::Heroes, "Heroes", HEROES, &card.heroes),
        (Side::Director, "Director", DIRECTOR, &card.director),
    ] {
        let seat = if card.ai_sides.contains(&side) {
            "AI"
        } else {
            "person"
        };
        panel.spawn(text(
            format!("{label} ({seat}): {}", ascii(&names.join(", "))),
            16.0,
            colour,
        ));
    }
    if !card.objectives.is_empty() {
        panel.spawn(text(
            format!("Objectives: {}", card.objectives.join(", ")),
            16.0,
            TEXT,
        ));
    }
    if !card.demo {
        panel.spawn((text(String::new(), 15.0, MUTED), EstimateLine));
    }
    if card.demo {
        panel.spawn(text(
            "A demonstration: it plays its script by itself, explaining each rule, then the \
             game goes on from where it stops.",
            16.0,
            TEXT,
        ));
    }
}

/// Keep the focused row in view when the focus moves or the list is laid out anew (the wheel
/// may scroll it away in between).
fn follow_focus(
    focus: Res<Focus>,
    list: Single<(&List, &mut ScrollPosition, &ComputedNode)>,
    mut laid_out: Local<f32>,
) {
    let (list, mut scroll, node) = list.into_inner();
    let shown = node.size().y * node.inverse_scale_factor();
    if !focus.is_changed() && shown == *laid_out {
        return;
    }
    *laid_out = shown;
    if shown <= 0.0 {
        return;
    }
    let Some(&top) = list.tops.get(focus.0) else {
        return;
    };
    // The first row of a group brings its heading into view with it.
    let heading = if list.tops.get(focus.0.wrapping_sub(1)) == Some(&(top - ROW - GAP)) {
        0.0
    } else {
        ROW + GAP
    };
    if top - heading < scroll.y {
        scroll.y = top - heading;
    } else if top + ROW > scroll.y + shown {
        scroll.y = top + ROW - shown;
    }
}

/// The mouse wheel (the zoom axis) scrolls the list.
fn scroll_list(
    controls: Single<&ActionState<Action>, With<Controls>>,
    wheel: Res<AccumulatedMouseScroll>,
    mut list: Single<&mut ScrollPosition, With<List>>,
) {
    let delta = controls.value(&Action::Zoom);
    if delta != 0.0 {
        let pixels = match wheel.unit {
            MouseScrollUnit::Line => delta * 3.0 * (ROW + GAP),
            MouseScrollUnit::Pixel => delta,
        };
        list.y = (list.y - pixels).max(0.0);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    use crate::scenarios;

    #[test]
    fn the_d20_scenarios_are_listed_by_their_names_under_their_own_heading() {
        for (n, s) in D20.iter().enumerate() {
            let name = d20_name(n);
            assert!(
                !name.is_empty() && name != s.name,
                "{} has a name of its own",
                s.file
            );
            assert_eq!(group(Entry::D20(n)), "d20 (3.5 / Pathfinder)");
        }
    }

    #[test]
    fn the_miniatures_scenarios_are_listed_by_their_names_under_their_own_heading() {
        assert!(!MINIATURES.is_empty());
        for (n, s) in MINIATURES.iter().enumerate() {
            let name = miniatures_name(n);
            assert!(
                !name.is_empty() && name != s.name,
                "{} has a name of its own",
                s.file
            );
            assert_eq!(group(Entry::Miniatures(n)), "D&D Miniatures (skirmish)");
        }
    }

    #[test]
    fn every_built_in_scenario_has_a_card_with_both_sides() {
        for s in EMBEDDED {
            let card = card(s.file, s.text).unwrap();
            assert!(!card.name.is_empty(), "{}", s.file);
            assert!(
                !card.heroes.is_empty() && !card.director.is_empty(),
                "{}",
                s.file
            );
            assert!(card.size.0 > 0 && card.size.1 > 0, "{}", s.file);
        }
        let mill = card(scenarios::DEFAULT.file, scenarios::DEFAULT.text).unwrap();
        assert_eq!(mill.ai_sides, vec![Side::Director]);
        assert!(!mill.demo);
        // The miniature: the map's size, its walls round the edge, a mark per creature square.
        assert_eq!(mill.picture.len(), mill.size.1 as usize);
        assert!(
            mill.picture
                .iter()
                .all(|row| row.len() == mill.size.0 as usize)
        );
        assert!(mill.picture[0].iter().all(|m| *m == Mark::Wall));
        let count = |mark: Mark| {
            mill.picture
                .iter()
                .flatten()
                .filter(|m| **m == mark)
                .count()
        };
        assert_eq!(count(Mark::Hero), 3);
        // The ogre is big: more Director squares than Director creatures.
        assert!(count(Mark::Director) > 8, "{}", count(Mark::Director));
        assert!(count(Mark::Pit) == 4 && count(Mark::Object) >= 3);
        let demo = scenarios::by_name("demo_collisions").unwrap();
        assert!(card(demo.file, demo.text).unwrap().demo);
    }

    #[test]
    fn a_broken_scenario_is_described_by_its_problems() {
        let problem = card("broken.ron", "(name: ").unwrap_err();
        assert!(problem.starts_with("broken.ron:1:"), "{problem}");
    }
}
