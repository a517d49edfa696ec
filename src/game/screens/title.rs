//! The title screen: the game's name between a hero's and a Director creature's token, what
//! the game is in one line, and the way in.

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;

use super::menu::{Ask, Focus, MenuInput, MenuSystems, button, cover, hints, text};
use super::{Screen, campaign};
use crate::game::settings::Settings;
use crate::game::ui::hud::{MUTED, TITLE, WARNING};
use crate::game::ui::log::ascii;

pub fn plugin(app: &mut App) {
    // A campaign left for the title is saved (or its save removed) before the title looks.
    app.add_systems(OnEnter(Screen::Title), spawn.after(campaign::leave))
        .add_systems(
            Update,
            choose
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Title)),
        );
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Go on with the campaign saved (shown only when there is one).
    ContinueCampaign,
    /// Choose a party for the campaign and set out.
    Campaign,
    NewBattle,
    /// Build an encounter from the bestiary.
    Builder,
    Settings,
    Compendium,
    /// Paint the map of the scenario on the board, and save it.
    MapEditor,
    /// Close the window (there is nothing to quit to in a browser).
    #[cfg(not(target_arch = "wasm32"))]
    Quit,
}

const ENTRIES: &[(Entry, &str)] = &[
    (Entry::ContinueCampaign, "Continue campaign"),
    (Entry::Campaign, "Campaign"),
    (Entry::NewBattle, "New battle"),
    (Entry::Builder, "Encounter builder"),
    (Entry::Settings, "Settings"),
    (Entry::Compendium, "Compendium"),
    (Entry::MapEditor, "Map editor"),
    #[cfg(not(target_arch = "wasm32"))]
    (Entry::Quit, "Quit"),
];

/// A token's shape as a UI node: a circle for the heroes, a diamond for the Director.
fn token(color: Color, diamond: bool) -> impl Bundle {
    let side = if diamond { 40.0 } else { 52.0 };
    (
        Node {
            width: px(side),
            height: px(side),
            margin: UiRect::horizontal(px(if diamond { 6 } else { 0 })),
            border: UiRect::all(px(3)),
            border_radius: if diamond {
                BorderRadius::all(px(4))
            } else {
                BorderRadius::MAX
            },
            ..default()
        },
        UiTransform::from_rotation(Rot2::radians(if diamond { FRAC_PI_4 } else { 0.0 })),
        BackgroundColor(color),
        BorderColor::all(TITLE),
    )
}

fn spawn(
    mut commands: Commands,
    mut focus: ResMut<Focus>,
    settings: Res<Settings>,
    saved: Res<campaign::SavePath>,
    notice: Option<Res<campaign::Notice>>,
) {
    *focus = Focus(0);
    let saved = saved.exists();
    let entries = ENTRIES
        .iter()
        .filter(|(entry, _)| saved || *entry != Entry::ContinueCampaign);
    let colours = settings.palette.tokens();
    commands
        .spawn((cover(), DespawnOnExit(Screen::Title)))
        .with_children(|screen| {
            screen
                .spawn(Node {
                    align_items: AlignItems::Center,
                    column_gap: px(28),
                    ..default()
                })
                .with_children(|name| {
                    name.spawn(token(colours.hero, false));
                    name.spawn(text("STEELGRID", 72.0, TITLE));
                    name.spawn(token(colours.director, true));
                });
            screen.spawn((
                text(
                    "Draw Steel tactical combat on a grid: every rule shown as it happens",
                    19.0,
                    MUTED,
                ),
                Node {
                    margin: UiRect::bottom(px(36)),
                    ..default()
                },
            ));
            for (i, &(entry, label)) in entries.enumerate() {
                button(screen, i, 300.0, label).insert(entry);
            }
            if let Some(notice) = &notice {
                screen.spawn((
                    text(ascii(&notice.0), 15.0, WARNING),
                    Node {
                        max_width: px(900),
                        ..default()
                    },
                ));
            }
            screen.spawn(hints(&settings, None, None));
        });
    if notice.is_some() {
        commands.remove_resource::<campaign::Notice>();
    }
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    mut next: ResMut<NextState<Screen>>,
    #[cfg(not(target_arch = "wasm32"))] mut exit: MessageWriter<AppExit>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        if input.ask != Ask::Choose {
            continue;
        }
        match entry {
            Entry::ContinueCampaign => commands.queue(campaign::continue_saved),
            Entry::Campaign => next.set(Screen::Party),
            Entry::NewBattle => next.set(Screen::Picker),
            Entry::Builder => next.set(Screen::Builder),
            Entry::Compendium => next.set(Screen::Compendium),
            Entry::Settings => next.set(Screen::Settings),
            Entry::MapEditor => next.set(Screen::Editor),
            #[cfg(not(target_arch = "wasm32"))]
            Entry::Quit => {
                exit.write(AppExit::Success);
            }
        }
    }
}
