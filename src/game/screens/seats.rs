//! The seat setup: for each side, whether a person at this screen plays it or the AI, and how
//! many people share the heroes, each hero to one of them. People on both sides (or several
//! heroes' players) play hot-seat; the AI on both sides plays for an audience.

use bevy::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::Game;

use super::battle::start;
use super::menu::{
    Ask, BACKDROP, Focus, MenuInput, MenuItem, MenuSystems, button, cover, hints, text,
};
use super::{Screen, Selection};
use crate::game::battle::handoff::Players;
use crate::game::settings::Settings;
use crate::game::ui::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE, WARNING};
use crate::game::ui::log::ascii;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Seats), spawn).add_systems(
        Update,
        (choose, show_seats)
            .chain()
            .in_set(MenuSystems::Choose)
            .run_if(in_state(Screen::Seats)),
    );
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Who plays this side: Enter, a click, left or right switches person and AI.
    Seat(Side),
    /// How many people share the heroes: left and right change it, dealing the heroes anew.
    Players,
    /// Which player plays the hero (by its place among the heroes): left and right change it.
    Hero(usize),
    Start,
    Back,
}

/// One of a side's two choices, lit while it is the chosen one.
#[derive(Component, Clone, Copy)]
struct Choice {
    side: Side,
    ai: bool,
    colour: Color,
}

/// The number on the players' line, or the player on a hero's line.
#[derive(Component, Clone, Copy)]
struct PlayerLabel(Entry);

/// The heroes of the scenario being set up, by id and name, in its order.
#[derive(Resource, Default)]
struct HeroList(Vec<(String, String)>);

impl HeroList {
    fn ids(&self) -> Vec<String> {
        self.0.iter().map(|(id, _)| id.clone()).collect()
    }
}

/// The line saying what the seats add up to, or why the battle could not start.
#[derive(Component)]
struct Summary;

/// What the seats add up to, in words, with `players` people sharing the heroes.
fn summary(ai_sides: &[Side], players: u8) -> String {
    match (
        ai_sides.contains(&Side::Heroes),
        ai_sides.contains(&Side::Director),
    ) {
        (false, false) if players > 1 => format!(
            "Hot-seat: {} people share this screen, which hides the board while control passes.",
            players + 1
        ),
        (false, false) => {
            "Hot-seat: two people share this screen, which hides the board while control passes."
                .to_owned()
        }
        (false, true) if players > 1 => format!(
            "{players} players share the heroes against the AI Director; the screen passes between them."
        ),
        (false, true) => "You play the heroes; the AI plays the Director.".to_owned(),
        (true, false) => "You play the Director; the AI plays the heroes.".to_owned(),
        (true, true) => "The AI plays both sides: watch, pause with Esc.".to_owned(),
    }
}

/// A line of the seat setup, the `index`th the keyboard moves through: a label on the left,
/// its choice on the right.
fn seat_row(index: usize, entry: Entry, padding: i32) -> impl Bundle {
    (
        Button,
        MenuItem(index),
        entry,
        Node {
            width: px(460),
            padding: UiRect::axes(px(20), px(padding)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            justify_content: JustifyContent::SpaceBetween,
            align_items: AlignItems::Center,
            ..default()
        },
        BackgroundColor::default(),
        BorderColor::default(),
    )
}

fn spawn(
    mut commands: Commands,
    mut selection: ResMut<Selection>,
    mut focus: ResMut<Focus>,
    settings: Res<Settings>,
) {
    let heroes = HeroList(
        Game::new(&selection.source.file, &selection.source.text, None)
            .map(|game| {
                game.engine()
                    .state()
                    .creatures
                    .into_iter()
                    .filter(|c| c.hero)
                    .map(|c| (c.id, c.name))
                    .collect()
            })
            .unwrap_or_default(),
    );
    // One player for every hero, unless this scenario's heroes were dealt out already.
    if !heroes
        .0
        .iter()
        .all(|(id, _)| selection.players.of(id).is_some())
    {
        selection.players = Players::dealt(&heroes.ids(), 1);
    }
    let start = 3 + heroes.0.len();
    // Start the battle is where Enter goes first.
    *focus = Focus(start);
    commands
        .spawn((cover(), DespawnOnExit(Screen::Seats)))
        .with_children(|screen| {
            screen.spawn(text("Who plays?", 34.0, TITLE));
            screen.spawn((
                text(ascii(&selection.name), 20.0, TEXT),
                Node {
                    margin: UiRect::bottom(px(18)),
                    ..default()
                },
            ));
            for (i, (side, label, colour)) in [
                (Side::Heroes, "Heroes", HEROES),
                (Side::Director, "Director", DIRECTOR),
            ]
            .into_iter()
            .enumerate()
            {
                screen
                    .spawn(seat_row(i, Entry::Seat(side), 10))
                    .with_children(|row| {
                        row.spawn(text(label, 21.0, colour));
                        row.spawn(Node {
                            column_gap: px(8),
                            ..default()
                        })
                        .with_children(|choices| {
                            for (ai, name) in [(false, "Person"), (true, "AI")] {
                                choices
                                    .spawn((
                                        Node {
                                            width: px(92),
                                            padding: UiRect::vertical(px(3)),
                                            justify_content: JustifyContent::Center,
                                            border_radius: BorderRadius::all(px(12)),
                                            ..default()
                                        },
                                        BackgroundColor::default(),
                                    ))
                                    .with_child((
                                        text(name, 17.0, MUTED),
                                        Choice { side, ai, colour },
                                    ));
                            }
                        });
                    });
            }
            let row = |screen: &mut ChildSpawnerCommands, i: usize, entry: Entry, label: String| {
                screen.spawn(seat_row(i, entry, 6)).with_children(|row| {
                    row.spawn(text(label, 17.0, TEXT));
                    row.spawn((text("", 17.0, HEROES), PlayerLabel(entry)));
                });
            };
            row(screen, 2, Entry::Players, "Heroes' players".to_owned());
            for (i, (_, name)) in heroes.0.iter().enumerate() {
                row(screen, 3 + i, Entry::Hero(i), format!("  {}", ascii(name)));
            }
            screen.spawn((
                text("", 16.0, MUTED),
                Summary,
                Node {
                    margin: UiRect::vertical(px(10)),
                    ..default()
                },
            ));
            button(screen, start, 300.0, "Start the battle").insert(Entry::Start);
            button(screen, start + 1, 300.0, "Back").insert(Entry::Back);
            screen.spawn(hints(&settings, Some("back"), Some("change")));
        });
    commands.insert_resource(heroes);
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    heroes: Res<HeroList>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut summary: Single<(&mut Text, &mut TextColor), With<Summary>>,
) {
    let step = |ask: Ask| match ask {
        Ask::Step(d) => d,
        _ => 1,
    };
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        match (input.ask, entry) {
            (Ask::Back, _) | (Ask::Choose, Entry::Back) => next.set(Screen::Picker),
            (Ask::Choose | Ask::Step(_), Entry::Seat(side)) => {
                let ai = &mut selection.ai_sides;
                match ai.iter().position(|s| *s == side) {
                    Some(at) => {
                        ai.remove(at);
                    }
                    None => ai.push(side),
                }
            }
            (Ask::Choose | Ask::Step(_), Entry::Players) => {
                // From one player to one per hero, round and round.
                let most = heroes.0.len().max(1) as i32;
                let count =
                    (selection.players.count() as i32 - 1 + step(input.ask)).rem_euclid(most) + 1;
                selection.players = Players::dealt(&heroes.ids(), count as u8);
            }
            (Ask::Choose | Ask::Step(_), Entry::Hero(i)) => {
                let count = selection.players.count().max(2) as i32;
                if let Some((id, _)) = heroes.0.get(i) {
                    let now = selection.players.of(id).unwrap_or(1) as i32;
                    let player = (now - 1 + step(input.ask)).rem_euclid(count) + 1;
                    selection.players.0.insert(id.clone(), player as u8);
                }
            }
            (Ask::Choose, Entry::Start) => {
                let chosen = selection.clone();
                match Game::new(&chosen.source.file, &chosen.source.text, None) {
                    Ok(game) => {
                        commands.queue(move |world: &mut World| {
                            start(world, game, chosen.ai_sides, chosen.players, None);
                        });
                        next.set(Screen::Battle);
                    }
                    // The picker checked it; only a file changed since could get here.
                    Err(problems) => {
                        let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
                        summary.0.0 = ascii(&lines.join("\n"));
                        summary.1.0 = WARNING;
                    }
                }
            }
            (Ask::Step(_), _) => {}
        }
    }
}

/// Write who plays each side, and what that adds up to.
fn show_seats(
    selection: Res<Selection>,
    mut choices: Query<
        (&Choice, &ChildOf, &mut TextColor),
        (Without<Summary>, Without<PlayerLabel>),
    >,
    mut chips: Query<&mut BackgroundColor>,
    heroes: Res<HeroList>,
    mut labels: Query<
        (&PlayerLabel, &mut Text, &mut TextColor),
        (Without<Summary>, Without<Choice>),
    >,
    mut summary_text: Single<(&mut Text, &mut TextColor), With<Summary>>,
) {
    if !selection.is_changed() && !summary_text.0.0.is_empty() {
        return;
    }
    for (choice, chip, mut colour) in &mut choices {
        let chosen = selection.ai_sides.contains(&choice.side) == choice.ai;
        colour.0 = if chosen { BACKDROP } else { MUTED };
        if let Ok(mut back) = chips.get_mut(chip.parent()) {
            back.0 = if chosen { choice.colour } else { Color::NONE };
        }
    }
    let people = !selection.ai_sides.contains(&Side::Heroes);
    for (label, mut text, mut colour) in &mut labels {
        text.0 = match label.0 {
            _ if !people => "AI".to_owned(),
            Entry::Players => format!("< {} >", selection.players.count()),
            Entry::Hero(i) => heroes.0.get(i).map_or(String::new(), |(id, _)| {
                format!("< player {} >", selection.players.of(id).unwrap_or(1))
            }),
            _ => String::new(),
        };
        colour.0 = if people { HEROES } else { MUTED };
    }
    summary_text.0.0 = summary(&selection.ai_sides, selection.players.count());
    summary_text.1.0 = MUTED;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seats_are_summed_up_from_the_sides_the_ai_plays() {
        assert!(summary(&[], 1).starts_with("Hot-seat: two people"));
        assert!(summary(&[], 3).starts_with("Hot-seat: 4 people"));
        assert!(summary(&[Side::Director], 1).starts_with("You play the heroes"));
        assert!(summary(&[Side::Director], 2).starts_with("2 players share the heroes"));
        assert!(summary(&[Side::Heroes], 1).starts_with("You play the Director"));
        assert!(summary(&[Side::Director, Side::Heroes], 1).starts_with("The AI plays both"));
    }
}
