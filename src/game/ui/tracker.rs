//! The turn tracker over the log: every creature still in the fight, heroes then the
//! Director's by initiative group, each a chip with its name and Stamina — outlined while its
//! turn is on, dimmed once it has acted this round — and a line with the hero tokens and, where
//! the seat may see it, the Director's Malice.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::CreatureView;

use super::hud::{MUTED, TEXT, TITLE};
use super::log::{ascii, short_name};
use crate::game::CurrentState;
use crate::game::battle::handoff::{DirectorView, kept_from_view};
use crate::game::settings::Settings;

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        fill_tracker
            .in_set(crate::game::BattleSystems::Present)
            .run_if(
                resource_changed::<CurrentState>
                    .or_else(resource_changed::<DirectorView>)
                    .or_else(resource_changed::<Settings>),
            ),
    );
}

/// The tracker's column, at the top of the log panel (spawned with it).
#[derive(Component)]
pub struct TurnTracker;

/// One row of the tracker: a label, then chips.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrackerRow {
    pub label: String,
    pub chips: Vec<Chip>,
}

/// One creature on the tracker.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Chip {
    pub text: String,
    pub side: Side,
    pub on_turn: bool,
    pub acted: bool,
}

/// The tracker's rows for `state` as the seat may see it (`director`): the pools line, the
/// heroes, then each of the Director's initiative groups (the ungrouped last).
pub fn rows(state: &StateView, director: bool) -> (String, Vec<TrackerRow>) {
    let mut pools = format!("Hero tokens {}", state.hero_tokens);
    if director {
        pools.push_str(&format!("   Malice {}", state.malice.current));
    }
    let chip = |c: &CreatureView| Chip {
        text: format!("{} {}", short_name(state, &c.id), c.stamina.current),
        side: c.side,
        on_turn: state.turn.as_deref() == Some(c.id.as_str()),
        acted: c.acted_this_round,
    };
    let fighting = |c: &&CreatureView| !c.dead && !kept_from_view(state, c, director);
    let heroes: Vec<Chip> = state
        .creatures
        .iter()
        .filter(fighting)
        .filter(|c| c.side == Side::Heroes)
        .map(chip)
        .collect();
    let mut rows = vec![TrackerRow {
        label: "Heroes".into(),
        chips: heroes,
    }];
    let mut groups: Vec<Option<&str>> = Vec::new();
    for c in state.creatures.iter().filter(|c| c.side == Side::Director) {
        if !groups.contains(&c.group.as_deref()) {
            groups.push(c.group.as_deref());
        }
    }
    groups.sort_by_key(Option::is_none);
    for group in groups {
        let chips: Vec<Chip> = state
            .creatures
            .iter()
            .filter(fighting)
            .filter(|c| c.side == Side::Director && c.group.as_deref() == group)
            .map(chip)
            .collect();
        if chips.is_empty() {
            continue;
        }
        rows.push(TrackerRow {
            label: group.map_or_else(|| "Director".to_owned(), |g| g.replace('_', " ")),
            chips,
        });
    }
    (pools, rows)
}

fn fill_tracker(
    mut commands: Commands,
    state: Res<CurrentState>,
    view: Res<DirectorView>,
    settings: Res<Settings>,
    column: Single<Entity, With<TurnTracker>>,
) {
    let (pools, rows) = rows(&state.0, view.0);
    let palette = settings.palette.tokens();
    let small = |size: f32| TextFont {
        font_size: FontSize::Px(size),
        ..default()
    };
    commands
        .entity(*column)
        .despawn_related::<Children>()
        .with_children(|column| {
            column.spawn((Text::new(ascii(&pools)), small(12.0), TextColor(TITLE)));
            for row in rows {
                column
                    .spawn(Node {
                        flex_wrap: FlexWrap::Wrap,
                        align_items: AlignItems::Center,
                        column_gap: px(3),
                        row_gap: px(3),
                        ..default()
                    })
                    .with_children(|line| {
                        line.spawn((
                            Text::new(ascii(&row.label)),
                            small(11.0),
                            TextColor(MUTED),
                            Node {
                                margin: UiRect::right(px(3)),
                                ..default()
                            },
                        ));
                        for chip in row.chips {
                            let colour = match chip.side {
                                Side::Heroes => palette.hero,
                                Side::Director => palette.director,
                            };
                            let (back, text) = if chip.acted && !chip.on_turn {
                                (colour.with_alpha(0.25), MUTED)
                            } else {
                                (colour.with_alpha(0.8), TEXT)
                            };
                            line.spawn((
                                Node {
                                    padding: UiRect::axes(px(4), px(1)),
                                    border: UiRect::all(px(if chip.on_turn { 2 } else { 0 })),
                                    border_radius: BorderRadius::all(px(3)),
                                    ..default()
                                },
                                BackgroundColor(back),
                                BorderColor::all(palette.turn),
                            ))
                            .with_child((
                                Text::new(ascii(&chip.text)),
                                small(11.0),
                                TextColor(text),
                            ));
                        }
                    });
            }
        });
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::Command;

    #[test]
    fn the_tracker_lists_each_side_by_group_and_marks_who_has_acted() {
        let [first, start] = crate::game::testing::heroes_first("brann");
        let game = crate::game::testing::default_after([
            first,
            start,
            Command::EndTurn {
                creature: "brann".into(),
            },
        ]);
        let state = game.engine().state();
        assert!(rows(&state, true).0.contains("Malice"));
        let (pools, listed) = rows(&state, false);
        assert!(pools.starts_with("Hero tokens "), "{pools}");
        assert!(
            !pools.contains("Malice"),
            "the heroes' seat does not see Malice"
        );
        assert_eq!(listed[0].label, "Heroes");
        let brann = &listed[0].chips[0];
        assert!(brann.text.starts_with("Brann "), "{brann:?}");
        assert!(brann.acted && !brann.on_turn);
        assert!(!listed[0].chips[1].acted);
        // The Director's creatures come after, in their initiative groups.
        let director: usize = listed[1..].iter().map(|r| r.chips.len()).sum();
        let living = state
            .creatures
            .iter()
            .filter(|c| c.side == Side::Director && !c.dead)
            .count();
        assert_eq!(director, living);
        assert!(
            listed[1..]
                .iter()
                .all(|r| r.chips.iter().all(|c| c.side == Side::Director))
        );
    }
}
