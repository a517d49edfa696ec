//! The compendium, from the title and the pause menu: every class, ability, monster, condition
//! and rule, found by typing words of its name or keywords, the entry under the cursor in full
//! beside the list. Typing goes to the search; up and down, Page Up and Page Down, the wheel
//! or a click move in the list, left and right scroll a long entry; Esc clears the search, then
//! goes back.

mod entries;

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseWheel;
use bevy::prelude::*;

use super::menu::{ACCENT, PANEL, cover, text};
use super::{Pause, Screen};
use crate::game::ui::hud::{MUTED, TEXT, TITLE};
use crate::game::ui::log::ascii;
use entries::Entry;

/// How many entries the list shows at once.
const ROWS: usize = 24;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Compendium), spawn)
        .add_systems(OnExit(Screen::Compendium), |mut commands: Commands| {
            commands.remove_resource::<Book>()
        })
        .add_systems(
            Update,
            (type_search, steer, show)
                .chain()
                .run_if(in_state(Screen::Compendium)),
        );
}

/// The compendium open on screen: every entry, the search, the entries it finds and the one
/// the cursor is on.
#[derive(Resource)]
struct Book {
    entries: Vec<Entry>,
    query: String,
    found: Vec<usize>,
    at: usize,
    /// Lines of the entry scrolled past.
    scroll: usize,
}

impl Book {
    fn new() -> Book {
        let entries = entries::all();
        let found = (0..entries.len()).collect();
        Book {
            entries,
            query: String::new(),
            found,
            at: 0,
            scroll: 0,
        }
    }

    /// The entries the search finds: those it names first, then those that mention it.
    fn search(&mut self) {
        let mut found: Vec<usize> = (0..self.entries.len())
            .filter(|&i| self.entries[i].matches(&self.query))
            .collect();
        found.sort_by_key(|&i| !self.entries[i].named_by(&self.query));
        self.found = found;
        self.at = 0;
        self.scroll = 0;
    }

    fn step(&mut self, by: i32) {
        let last = self.found.len().saturating_sub(1) as i32;
        self.at = (self.at as i32 + by).clamp(0, last) as usize;
        self.scroll = 0;
    }

    /// The first entry the list shows: the cursor's page.
    fn first(&self) -> usize {
        let top = self.found.len().saturating_sub(ROWS);
        self.at.saturating_sub(ROWS / 2).min(top)
    }
}

#[derive(Component)]
struct SearchLine;

/// One line of the list: its place on screen.
#[derive(Component)]
struct Row(usize);

#[derive(Component)]
struct EntryText;

fn spawn(mut commands: Commands) {
    commands.insert_resource(Book::new());
    commands
        .spawn((cover(), DespawnOnExit(Screen::Compendium)))
        .with_children(|screen| {
            screen.spawn(text("Compendium", 30.0, TITLE));
            screen.spawn((text("", 17.0, ACCENT), SearchLine));
            screen
                .spawn(Node {
                    width: percent(94),
                    height: percent(80),
                    column_gap: px(16),
                    ..default()
                })
                .with_children(|columns| {
                    columns
                        .spawn((
                            Node {
                                width: px(360),
                                flex_shrink: 0.0,
                                flex_direction: FlexDirection::Column,
                                padding: UiRect::all(px(8)),
                                overflow: Overflow::clip(),
                                ..default()
                            },
                            BackgroundColor(PANEL),
                        ))
                        .with_children(|list| {
                            for slot in 0..ROWS {
                                list.spawn((
                                    Button,
                                    Row(slot),
                                    Node {
                                        padding: UiRect::axes(px(6), px(2)),
                                        ..default()
                                    },
                                    BackgroundColor(Color::NONE),
                                ))
                                .with_child((text("", 15.0, TEXT), TextLayout::no_wrap()));
                            }
                        });
                    columns
                        .spawn((
                            Node {
                                flex_grow: 1.0,
                                padding: UiRect::all(px(14)),
                                overflow: Overflow::clip(),
                                ..default()
                            },
                            BackgroundColor(PANEL),
                        ))
                        .with_child((text("", 15.0, TEXT), EntryText));
                });
            screen.spawn(text(
                "Type to search by name or keyword    Up Down PgUp PgDn, wheel or click: move    \
                 Left Right: scroll the entry    Esc: clear the search, then back",
                14.0,
                MUTED,
            ));
        });
}

/// What is typed goes to the search (as in the picker's file row); Backspace takes the last
/// character back.
fn type_search(mut keys: MessageReader<KeyboardInput>, mut book: ResMut<Book>) {
    let mut query = book.query.clone();
    for key in keys.read().filter(|k| k.state.is_pressed()) {
        if key.key_code == KeyCode::Backspace {
            query.pop();
        } else if let Some(typed) = &key.text {
            query.extend(typed.chars().filter(|c| !c.is_control()));
        }
    }
    if query != book.query {
        book.query = query;
        book.search();
    }
}

/// Move in the list, or leave.
fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    mut wheel: MessageReader<MouseWheel>,
    rows: Query<(&Row, &Interaction), Changed<Interaction>>,
    mut book: ResMut<Book>,
    previous: Option<Res<PreviousState<Screen>>>,
    mut screen: ResMut<NextState<Screen>>,
    mut pause: ResMut<NextState<Pause>>,
) {
    let page = ROWS as i32;
    for (key, by) in [
        (KeyCode::ArrowUp, -1),
        (KeyCode::ArrowDown, 1),
        (KeyCode::PageUp, -page),
        (KeyCode::PageDown, page),
    ] {
        if keys.just_pressed(key) {
            book.step(by);
        }
    }
    // Left and right scroll the entry, five lines at a time.
    for (key, by) in [(KeyCode::ArrowLeft, -5), (KeyCode::ArrowRight, 5)] {
        if keys.just_pressed(key) {
            book.scroll = (book.scroll as i32 + by).max(0) as usize;
        }
    }
    for scroll in wheel.read() {
        book.step(-(scroll.y.signum() as i32) * 3);
    }
    for (row, interaction) in &rows {
        if *interaction == Interaction::Pressed {
            let at = book.first() + row.0;
            if at < book.found.len() {
                book.at = at;
            }
        }
    }
    if keys.just_pressed(KeyCode::Escape) {
        if !book.query.is_empty() {
            book.query.clear();
            book.search();
        } else if previous.as_deref().map(PreviousState::get) == Some(&Screen::Battle) {
            screen.set(Screen::Battle);
            pause.set(Pause::Paused);
        } else {
            screen.set(Screen::Title);
        }
    }
}

/// Write the search, the list's page and the entry under the cursor.
fn show(
    book: Res<Book>,
    mut search: Single<&mut Text, (With<SearchLine>, Without<EntryText>)>,
    mut entry: Single<&mut Text, (With<EntryText>, Without<SearchLine>)>,
    rows: Query<(&Row, &Children, &mut BackgroundColor)>,
    mut labels: Query<(&mut Text, &mut TextColor), (Without<SearchLine>, Without<EntryText>)>,
) {
    if !book.is_changed() {
        return;
    }
    search.0 = format!(
        "Search: {}_    {} of {} entries",
        book.query,
        book.found.len(),
        book.entries.len()
    );
    let first = book.first();
    for (row, children, mut back) in rows {
        let index = first + row.0;
        let shown = book.found.get(index).map(|&i| &book.entries[i]);
        let here = index == book.at && shown.is_some();
        back.0 = if here {
            Color::srgb_u8(0x3b, 0x45, 0x52)
        } else {
            Color::NONE
        };
        if let Some((mut label, mut color)) = children.first().and_then(|c| labels.get_mut(*c).ok())
        {
            label.0 = shown.map_or(String::new(), |e| {
                ascii(&format!("{}  ({})", e.name, e.kind.word()))
            });
            color.0 = if here { TITLE } else { TEXT };
        }
    }
    entry.0 = book
        .found
        .get(book.at)
        .map_or("Nothing matches the search.".to_owned(), |&i| {
            let text = &book.entries[i].text;
            let shown: Vec<&str> = text.lines().skip(book.scroll).collect();
            let above = if book.scroll > 0 { "...\n" } else { "" };
            ascii(&format!("{above}{}", shown.join("\n")))
        });
}
