//! The seat setup: for each side, whether a person at this screen plays it or the AI. People on
//! both sides play hot-seat; the AI on both sides plays for an audience.

use bevy::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::record::Game;

use super::battle::start;
use super::menu::{self, Ask, BACKDROP, Focus, MenuInput, button, hints, layer, text};
use super::{Screen, Selection};
use crate::game::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE, WARNING};
use crate::game::log::ascii;
use crate::game::settings::Settings;

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Seats), spawn).add_systems(
        Update,
        (choose, show_seats)
            .chain()
            .after(menu::navigate)
            .run_if(in_state(Screen::Seats)),
    );
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// Who plays this side: Enter, a click, left or right switches person and AI.
    Seat(Side),
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

/// The line saying what the seats add up to, or why the battle could not start.
#[derive(Component)]
struct Summary;

/// What the seats add up to, in words.
fn summary(ai_sides: &[Side]) -> &'static str {
    match (
        ai_sides.contains(&Side::Heroes),
        ai_sides.contains(&Side::Director),
    ) {
        (false, false) => {
            "Hot-seat: two people share this screen, which hides the board while control passes."
        }
        (false, true) => "You play the heroes; the AI plays the Director.",
        (true, false) => "You play the Director; the AI plays the heroes.",
        (true, true) => "The AI plays both sides: watch, pause with Esc.",
    }
}

fn spawn(
    mut commands: Commands,
    selection: Res<Selection>,
    mut focus: ResMut<Focus>,
    settings: Res<Settings>,
) {
    // Start the battle is where Enter goes first.
    *focus = Focus(2);
    commands
        .spawn((layer(BACKDROP), DespawnOnExit(Screen::Seats)))
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
                    .spawn((
                        Button,
                        menu::MenuItem(i),
                        Entry::Seat(side),
                        Node {
                            width: px(460),
                            padding: UiRect::axes(px(20), px(10)),
                            border: UiRect::all(px(2)),
                            border_radius: BorderRadius::all(px(6)),
                            justify_content: JustifyContent::SpaceBetween,
                            align_items: AlignItems::Center,
                            ..default()
                        },
                        BackgroundColor::default(),
                        BorderColor::default(),
                    ))
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
            screen.spawn((
                text("", 16.0, MUTED),
                Summary,
                Node {
                    margin: UiRect::vertical(px(10)),
                    ..default()
                },
            ));
            button(screen, 2, 300.0, "Start the battle").insert(Entry::Start);
            button(screen, 3, 300.0, "Back").insert(Entry::Back);
            screen.spawn(hints(&settings, Some("back"), Some("person or AI")));
        });
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    mut selection: ResMut<Selection>,
    mut next: ResMut<NextState<Screen>>,
    mut summary: Single<(&mut Text, &mut TextColor), With<Summary>>,
) {
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
            (Ask::Choose, Entry::Start) => {
                let chosen = selection.clone();
                match Game::new(&chosen.source.file, &chosen.source.text, None) {
                    Ok(game) => {
                        commands.queue(move |world: &mut World| {
                            start(world, game, chosen.ai_sides, None);
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
    mut choices: Query<(&Choice, &ChildOf, &mut TextColor), Without<Summary>>,
    mut chips: Query<&mut BackgroundColor>,
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
    summary_text.0.0 = summary(&selection.ai_sides).to_owned();
    summary_text.1.0 = MUTED;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seats_are_summed_up_from_the_sides_the_ai_plays() {
        assert!(summary(&[]).starts_with("Hot-seat"));
        assert!(summary(&[Side::Director]).starts_with("You play the heroes"));
        assert!(summary(&[Side::Heroes]).starts_with("You play the Director"));
        assert!(summary(&[Side::Director, Side::Heroes]).starts_with("The AI plays both"));
    }
}
