//! The step-through explainer: any command already played can be opened and walked through one
//! event at a time — the roll, each square of a move or push, each collision, each fall — with
//! the squares and creatures involved outlined on the board and the rule in plain words with
//! its id and seed lines. It reads the engine's log; it judges nothing.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::StateView;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::record::Game;

use super::hud::{BAR, MUTED, TEXT, TITLE};
use super::log::{ascii, seen_line};
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::handoff::DirectorView;
use crate::game::view::board::{BoardLayout, SQUARE};
use crate::game::{BattleSystems, CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.init_resource::<Narration>()
        .add_systems(Startup, spawn_panel)
        .add_systems(
            Update,
            (
                steer
                    .in_set(crate::game::screens::PlaySystems)
                    .in_set(BattleSystems::Follow),
                (fill_panel, draw_highlights).in_set(BattleSystems::Present),
            ),
        );
}

/// Open on step `step` (from 0) of the game's record, at event `sub` of that command.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Explaining {
    pub step: usize,
    pub sub: usize,
}

impl Explaining {
    /// The last command that wrote anything, at its event `sub` (clamped).
    pub fn last(game: &Game, sub: usize) -> Option<Explaining> {
        let step = game.steps().iter().rposition(|s| s.events > 0)?;
        Some(Explaining {
            step,
            sub: sub.min(game.steps()[step].events - 1),
        })
    }

    /// One event forward (into the next command at the end of this one) or back.
    fn moved(self, game: &Game, forward: bool) -> Explaining {
        let steps = game.steps();
        if forward {
            if self.sub + 1 < steps[self.step].events {
                return Explaining {
                    sub: self.sub + 1,
                    ..self
                };
            }
            match (self.step + 1..steps.len()).find(|&i| steps[i].events > 0) {
                Some(step) => Explaining { step, sub: 0 },
                None => self,
            }
        } else {
            if self.sub > 0 {
                return Explaining {
                    sub: self.sub - 1,
                    ..self
                };
            }
            match (0..self.step).rev().find(|&i| steps[i].events > 0) {
                Some(step) => Explaining {
                    step,
                    sub: steps[step].events - 1,
                },
                None => self,
            }
        }
    }

    fn event<'a>(&self, game: &'a Game) -> Option<&'a LoggedEvent> {
        game.events_of(self.step).get(self.sub)
    }
}

/// A demonstration's narrator line, shown at the top of the panel.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub struct Narration(pub String);

/// The panel and its lines.
#[derive(Component)]
struct Panel;

#[derive(Component, Clone, Copy)]
enum PanelLine {
    Narration,
    Heading,
    Event,
    Rule,
    Summary,
}

/// Outline colour for what the current event is about.
const HIGHLIGHT: Color = Color::srgb_u8(0xf0, 0xe4, 0x42);

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Panel,
            Node {
                display: Display::None,
                position_type: PositionType::Absolute,
                left: px(16),
                bottom: px(64),
                width: px(600),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(6),
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(BAR),
            BorderColor::all(HIGHLIGHT),
            GlobalZIndex(10),
        ))
        .with_children(|panel| {
            for (line, size, color) in [
                (PanelLine::Narration, 17.0, TEXT),
                (PanelLine::Heading, 14.0, MUTED),
                (PanelLine::Event, 17.0, TITLE),
                (PanelLine::Rule, 14.0, HIGHLIGHT),
                (PanelLine::Summary, 15.0, TEXT),
            ] {
                panel.spawn((
                    line,
                    Text::default(),
                    TextFont {
                        font_size: FontSize::Px(size),
                        ..default()
                    },
                    TextColor(color),
                ));
            }
        });
}

/// X opens the explainer on the last command (or closes it); `]` and `[` step through.
fn steer(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    rules: Res<Rules>,
    explaining: Option<Res<Explaining>>,
) {
    let game = &rules.0;
    if controls.just_pressed(&Action::Explain) {
        match explaining {
            Some(_) => commands.remove_resource::<Explaining>(),
            None => {
                if let Some(open) = Explaining::last(game, 0) {
                    commands.insert_resource(open);
                }
            }
        }
        return;
    }
    let Some(current) = explaining else {
        return;
    };
    for (action, forward) in [(Action::ExplainNext, true), (Action::ExplainBack, false)] {
        if controls.just_pressed(&action) {
            commands.insert_resource(current.moved(game, forward));
        }
    }
}

fn fill_panel(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    explaining: Option<Res<Explaining>>,
    narration: Res<Narration>,
    view: Res<DirectorView>,
    mut panel: Single<&mut Node, With<Panel>>,
    mut lines: Query<(&PanelLine, &mut Text, &mut Node), Without<Panel>>,
) {
    let game = &rules.0;
    let explained = explaining.as_deref().and_then(|at| {
        let logged = at.event(game)?;
        let step = &game.steps()[at.step];
        Some(explain(
            logged,
            &state.0,
            &crate::game::ui::words::command_words(&state.0, &step.command),
            at,
            step.events,
            view.0,
        ))
    });
    if explained.is_none() && narration.0.is_empty() {
        panel.display = Display::None;
        return;
    }
    panel.display = Display::Flex;
    let texts = explained.unwrap_or_default();
    for (which, mut text, mut node) in &mut lines {
        text.0 = match which {
            PanelLine::Narration => ascii(&narration.0),
            PanelLine::Heading => texts[0].clone(),
            PanelLine::Event => texts[1].clone(),
            PanelLine::Rule => texts[2].clone(),
            PanelLine::Summary => texts[3].clone(),
        };
        node.display = if text.0.is_empty() {
            Display::None
        } else {
            Display::Flex
        };
    }
}

/// The four lines of the panel: where we are, what happened (with the Director's Malice
/// amounts only when `director`), the rule, and the rule in words.
pub fn explain(
    logged: &LoggedEvent,
    state: &StateView,
    command: &str,
    at: &Explaining,
    events: usize,
    director: bool,
) -> [String; 4] {
    let summary = logged.rule.summary;
    [
        format!(
            "Command {}: {command} - step {} of {events}    [ back   ] forward   X close",
            at.step + 1,
            at.sub + 1
        ),
        seen_line(&logged.event, state, director),
        format!("Rule {} ({})", logged.rule.id, logged.rule.seed),
        summary.to_owned(),
    ]
}

/// The squares an event is about: the path of a move or push, where a strike or fall lands, a
/// broken object; and the creatures it names, where they stand now.
pub fn squares(event: &Event, state: &StateView) -> (Vec<Square>, Vec<String>) {
    match event {
        Event::Moved {
            from,
            path,
            creature,
            ..
        } => (
            std::iter::once(*from).chain(path.iter().copied()).collect(),
            vec![creature.clone()],
        ),
        Event::ForcedMoved {
            from,
            moved,
            target,
            ..
        } => (
            std::iter::once(*from)
                .chain(moved.iter().copied())
                .collect(),
            vec![target.clone()],
        ),
        Event::OpportunityAttack {
            at,
            attacker,
            target,
        } => (vec![*at], vec![attacker.clone(), target.clone()]),
        Event::Fell {
            lands_at,
            creature,
            landed_on,
            ..
        } => (
            vec![*lands_at],
            std::iter::once(creature.clone())
                .chain(landed_on.clone())
                .collect(),
        ),
        Event::ObjectDestroyed { square } => (vec![*square], Vec::new()),
        Event::AbilityUsed {
            creature,
            targets,
            area,
            ..
        } => (
            area.clone(),
            std::iter::once(creature.clone())
                .chain(targets.iter().cloned())
                .collect(),
        ),
        other => {
            // Any other event: the creatures it names.
            let text = serde_json::to_value(other).unwrap_or_default();
            let named = state
                .creatures
                .iter()
                .filter(|c| json_mentions(&text, &c.id))
                .map(|c| c.id.clone())
                .collect();
            (Vec::new(), named)
        }
    }
}

fn json_mentions(value: &serde_json::Value, id: &str) -> bool {
    match value {
        serde_json::Value::String(s) => s == id,
        serde_json::Value::Array(items) => items.iter().any(|v| json_mentions(v, id)),
        serde_json::Value::Object(map) => map.values().any(|v| json_mentions(v, id)),
        _ => false,
    }
}

fn draw_highlights(
    rules: Res<Rules>,
    state: Res<CurrentState>,
    layout: Res<BoardLayout>,
    explaining: Option<Res<Explaining>>,
    mut gizmos: Gizmos,
) {
    let Some(logged) = explaining.and_then(|at| at.event(&rules.0).cloned()) else {
        return;
    };
    let (path, creatures) = squares(&logged.event, &state.0);
    let centres: Vec<Vec2> = path.iter().map(|&sq| layout.square_center(sq)).collect();
    let moves = matches!(
        logged.event,
        Event::Moved { .. } | Event::ForcedMoved { .. }
    );
    if moves && centres.len() > 1 {
        gizmos.linestrip_2d(centres.iter().copied(), HIGHLIGHT);
    }
    for &c in &centres {
        gizmos.rect_2d(
            Isometry2d::from_translation(c),
            Vec2::splat(SQUARE - 6.0),
            HIGHLIGHT,
        );
    }
    for c in state
        .0
        .creatures
        .iter()
        .filter(|c| creatures.contains(&c.id))
    {
        for &sq in &c.footprint {
            gizmos.circle_2d(
                Isometry2d::from_translation(layout.square_center(sq)),
                SQUARE * 0.5,
                HIGHLIGHT,
            );
        }
    }
}
