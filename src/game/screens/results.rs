//! The results of a battle, over its dimmed board: the outcome and the rule that decided it, the
//! objectives met and failed, the rounds, each side's damage dealt and taken and creatures
//! defeated, and the Malice gained and spent. All of it is read from the engine's published
//! state and its log ([`summarize`]); nothing is worked out anew.

use bevy::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::creature::Side;
use steelgrid_rules::encounter::Status;
use steelgrid_rules::event::{Event, LoggedEvent, Outcome};

use super::Screen;
use super::battle::restart;
use super::campaign::{self, CampaignRun};
use super::menu::{Ask, Focus, MenuInput, MenuSystems, VEIL, button, hints, layer, panel, text};
use crate::game::settings::Settings;
use crate::game::ui::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE};
use crate::game::ui::log::ascii;
use crate::game::{CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Results), spawn)
        .add_systems(
            Update,
            choose
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Results)),
        );
}

/// One side's figures.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Damage its creatures dealt to the other side's.
    pub dealt: u32,
    /// Damage its creatures took, from anything (strikes, falls, collisions, terrain).
    pub taken: u32,
    /// Its creatures dead or knocked out, of how many.
    pub defeated: usize,
    pub creatures: usize,
}

/// What the results screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Summary {
    pub scenario: String,
    /// The heroes' victory or defeat; none while the battle goes on.
    pub outcome: Option<Outcome>,
    /// The rule that ended the battle, in plain words.
    pub ended_by: Option<&'static str>,
    /// Each of the scenario's objectives and where it stands (why, if it failed).
    pub objectives: Vec<String>,
    pub rounds: u32,
    pub heroes: Tally,
    pub director: Tally,
    pub malice_gained: u32,
    pub malice_spent: u32,
}

impl Summary {
    fn side(&mut self, side: Side) -> &mut Tally {
        match side {
            Side::Heroes => &mut self.heroes,
            Side::Director => &mut self.director,
        }
    }
}

/// Sum up a battle from the engine's state and log: damage is counted from the log's damage
/// events (a minion squad's from the damage to its pool), after weakness and immunity.
pub fn summarize(state: &StateView, log: &[LoggedEvent]) -> Summary {
    let side_of = |id: &str| state.creatures.iter().find(|c| c.id == id).map(|c| c.side);
    let mut summary = Summary {
        scenario: state.scenario.clone(),
        outcome: None,
        ended_by: None,
        objectives: Vec::new(),
        rounds: state.round,
        heroes: Tally::default(),
        director: Tally::default(),
        malice_gained: state.malice.gained,
        malice_spent: state.malice.spent,
    };
    let reason = |index: usize| {
        log.iter().rev().find_map(|e| match &e.event {
            Event::ObjectiveFailed {
                index: i, reason, ..
            } if *i as usize == index => Some(reason.as_str()),
            _ => None,
        })
    };
    summary.objectives = (state.objectives.iter().enumerate())
        .map(|(i, o)| match (o.status, reason(i)) {
            (Status::Met, _) => format!("{}: met", o.name),
            (Status::Failed, Some(why)) => format!("{}: failed ({why})", o.name),
            (Status::Failed, None) => format!("{}: failed", o.name),
            (Status::Pending, _) => format!("{}: not decided", o.name),
        })
        .collect();
    for c in &state.creatures {
        let tally = summary.side(c.side);
        tally.creatures += 1;
        if c.dead || c.unconscious {
            tally.defeated += 1;
        }
    }
    for logged in log {
        let (target, source, amount) = match &logged.event {
            Event::Damaged {
                target,
                source,
                amount,
                ..
            } => (side_of(target), source, *amount),
            Event::SquadDamaged {
                hits,
                source,
                amount,
                ..
            } => (
                hits.first().and_then(|(minion, _)| side_of(minion)),
                source,
                *amount,
            ),
            Event::EncounterEnded { outcome } => {
                summary.outcome = Some(*outcome);
                summary.ended_by = Some(logged.rule.summary);
                continue;
            }
            _ => continue,
        };
        let Some(target) = target else {
            continue;
        };
        summary.side(target).taken += amount;
        if let Some(by) = side_of(source).filter(|by| *by != target) {
            summary.side(by).dealt += amount;
        }
    }
    summary
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Entry {
    /// In a campaign: carry the battle into it (won, on to the next step; lost, to fight it
    /// again) and go to its story screen.
    Campaign,
    PlayAgain,
    Board,
    Another,
    Title,
}

const ENTRIES: [(Entry, &str); 4] = [
    (Entry::PlayAgain, "Play it again"),
    (Entry::Board, "Look at the board"),
    (Entry::Another, "Another scenario"),
    (Entry::Title, "Title"),
];

fn spawn(
    mut commands: Commands,
    mut focus: ResMut<Focus>,
    state: Res<CurrentState>,
    rules: Res<Rules>,
    settings: Res<Settings>,
    run: Option<Res<CampaignRun>>,
) {
    *focus = Focus(0);
    let won = rules.0.engine().outcome() == Some(Outcome::Victory);
    // A campaign's battle leads back into the campaign, not to another scenario.
    let entries: Vec<(Entry, &str)> = match run.filter(|run| run.in_battle) {
        Some(_) => vec![
            (
                Entry::Campaign,
                if won {
                    "Continue the campaign"
                } else {
                    "Fight again"
                },
            ),
            (Entry::Board, "Look at the board"),
            (Entry::Title, "Save and quit to title"),
        ],
        None => ENTRIES.to_vec(),
    };
    let s = summarize(&state.0, rules.0.engine().log());
    let (headline, colour) = match s.outcome {
        Some(Outcome::Victory) => ("Victory for the heroes", HEROES),
        Some(Outcome::Defeat) => ("The Director wins", DIRECTOR),
        None => ("The battle goes on", TITLE),
    };
    let rounds = match s.rounds {
        1 => "1 round".to_owned(),
        n => format!("{n} rounds"),
    };
    commands
        .spawn((layer(VEIL), DespawnOnExit(Screen::Results)))
        .with_children(|screen| {
            screen.spawn(panel(660.0)).with_children(|panel| {
                panel.spawn(text(headline, 42.0, colour));
                panel.spawn(text(
                    format!("{} - {rounds}", ascii(&s.scenario)),
                    19.0,
                    TEXT,
                ));
                if let Some(rule) = s.ended_by {
                    panel.spawn((text(ascii(rule), 15.0, MUTED), wrapped()));
                }
                for objective in &s.objectives {
                    panel.spawn((text(ascii(objective), 15.0, TEXT), wrapped()));
                }
                panel.spawn(figures()).with_children(|grid| {
                    // Labels on the left of their column, figures on the right of theirs.
                    let cell = |grid: &mut ChildSpawnerCommands, value: String, colour, label| {
                        grid.spawn((
                            text(value, 17.0, colour),
                            Node {
                                justify_self: if label {
                                    JustifySelf::Start
                                } else {
                                    JustifySelf::End
                                },
                                ..default()
                            },
                        ));
                    };
                    for (side, colour) in [("", TEXT), ("Heroes", HEROES), ("Director", DIRECTOR)] {
                        cell(grid, side.to_owned(), colour, false);
                    }
                    let rows: [(&str, fn(&Tally) -> String); 3] = [
                        ("Damage dealt", |t| t.dealt.to_string()),
                        ("Damage taken", |t| t.taken.to_string()),
                        ("Defeated", |t| format!("{} of {}", t.defeated, t.creatures)),
                    ];
                    for (label, value) in rows {
                        cell(grid, label.to_owned(), MUTED, true);
                        cell(grid, value(&s.heroes), TITLE, false);
                        cell(grid, value(&s.director), TITLE, false);
                    }
                });
                panel.spawn(text(
                    format!(
                        "Malice: {} gained, {} spent",
                        s.malice_gained, s.malice_spent
                    ),
                    17.0,
                    TEXT,
                ));
                panel.spawn(Node {
                    height: px(6),
                    ..default()
                });
                for (i, (entry, label)) in entries.into_iter().enumerate() {
                    button(panel, i, 300.0, label).insert(entry);
                }
            });
            screen.spawn(hints(&settings, Some("the board"), None));
        });
}

/// A line of text that wraps inside the panel.
fn wrapped() -> Node {
    Node {
        max_width: px(580),
        ..default()
    }
}

/// The table of figures: a label column and one column per side.
fn figures() -> impl Bundle {
    Node {
        display: Display::Grid,
        grid_template_columns: vec![
            GridTrack::px(190.0),
            GridTrack::px(130.0),
            GridTrack::px(130.0),
        ],
        row_gap: px(6),
        margin: UiRect::vertical(px(10)),
        ..default()
    }
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&Entry>,
    mut next: ResMut<NextState<Screen>>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        match (input.ask, entry) {
            (Ask::Choose, Entry::Campaign) => commands.queue(campaign::end_battle),
            (Ask::Choose, Entry::PlayAgain) => {
                commands.queue(restart);
                next.set(Screen::Battle);
            }
            (Ask::Back, _) | (Ask::Choose, Entry::Board) => next.set(Screen::Battle),
            (Ask::Choose, Entry::Another) => next.set(Screen::Picker),
            (Ask::Choose, Entry::Title) => next.set(Screen::Title),
            (Ask::Step(_), _) => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::ai;
    use steelgrid_rules::event::rule;
    use steelgrid_rules::record::Game;

    fn logged(id: &str, event: Event) -> LoggedEvent {
        LoggedEvent {
            seq: 0,
            rule: rule::find(id).expect("a rule id"),
            event,
        }
    }

    fn damaged(target: &str, source: &str, amount: u32) -> LoggedEvent {
        logged(
            "damage",
            Event::Damaged {
                target: target.into(),
                source: source.into(),
                damage_type: None,
                base: amount,
                halved: false,
                weakness: 0,
                immunity: 0,
                immune: false,
                amount,
                temporary_absorbed: 0,
                stamina_before: 20,
                stamina_after: 20 - amount as i32,
            },
        )
    }

    fn default_game() -> Game {
        let d = crate::scenarios::DEFAULT;
        Game::new(d.file, d.text, Some(7)).unwrap()
    }

    #[test]
    fn damage_is_counted_per_side_dealt_and_taken() {
        let game = default_game();
        let state = game.engine().state();
        let log = vec![
            damaged("cutter1", "brann", 5),
            damaged("brann", "ogre", 7),
            // A fall is taken, and dealt by no one.
            damaged("brann", "fall", 2),
            // Friendly fire is taken but not dealt.
            damaged("tessa", "orrin", 1),
            logged(
                "minion.squad.pool",
                Event::SquadDamaged {
                    squad: "rabble".into(),
                    source: "tessa".into(),
                    damage_type: None,
                    hits: vec![("rabble2".into(), 4)],
                    weakness: 0,
                    immunity: 0,
                    capped: None,
                    amount: 4,
                    pool_before: 12,
                    pool_after: 8,
                    killed: vec!["rabble2".into()],
                },
            ),
            logged(
                "objective.defeat_all_enemies",
                Event::EncounterEnded {
                    outcome: Outcome::Victory,
                },
            ),
        ];
        let s = summarize(&state, &log);
        assert_eq!(
            (
                s.heroes.dealt,
                s.heroes.taken,
                s.director.dealt,
                s.director.taken
            ),
            (9, 10, 7, 9)
        );
        assert_eq!(s.outcome, Some(Outcome::Victory));
        assert_eq!(
            s.ended_by,
            rule::find("objective.defeat_all_enemies").map(|r| r.summary)
        );
        assert_eq!((s.heroes.creatures, s.director.creatures), (3, 6));
        assert_eq!(s.rounds, state.round);
    }

    #[test]
    fn an_ai_battle_sums_up_to_the_engines_own_figures() {
        let mut game = default_game();
        while let Some(side) = ai::side_to_answer(&game.engine().state()) {
            assert!(
                game.engine().turn().round <= 30,
                "the AI battle does not end"
            );
            let decision = ai::decide(game.engine(), side).expect("the AI moves");
            game.apply(decision.command).expect("the engine accepts it");
        }
        let state = game.engine().state();
        let s = summarize(&state, game.engine().log());
        assert_eq!(s.outcome, game.engine().outcome());
        assert!(s.outcome.is_some() && s.ended_by.is_some());
        assert_eq!(s.rounds, state.round);
        assert_eq!(s.objectives.len(), state.objectives.len());
        assert_eq!(
            (s.malice_gained, s.malice_spent),
            (state.malice.gained, state.malice.spent)
        );
        // What one side dealt the other took (the rest of what it took came from falls,
        // collisions, terrain or its own side).
        assert!(s.heroes.dealt > 0 && s.heroes.dealt <= s.director.taken);
        assert!(s.director.dealt > 0 && s.director.dealt <= s.heroes.taken);
        let down = |side: Side| {
            state
                .creatures
                .iter()
                .filter(|c| c.side == side && (c.dead || c.unconscious))
                .count()
        };
        assert_eq!(s.heroes.defeated, down(Side::Heroes));
        assert_eq!(s.director.defeated, down(Side::Director));
    }
}
