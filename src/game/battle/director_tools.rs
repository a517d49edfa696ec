//! The Director's tools at the table: on the Director's seat (a person's: hot-seat, or the AI
//! playing the heroes), F6 opens a panel over the board to fudge as a tabletop Director does —
//! pick a creature (click or Tab), raise or lower its Stamina, give or end a condition, put it
//! on the square under the pointer, give or take Malice, bring a creature in from the bestiary.
//! Each is a `DirectorOverride` command: the engine checks it (and says why not), logs it under
//! `director.override`, and it replays and saves like any command.
//!
//! While the panel is open the board's clicks and keys are its own: a click picks the creature
//! there (or puts the picked one on an empty square), Tab the next creature, `+`/`-` its
//! Stamina, PgUp/PgDn the condition, Enter gives or ends it, M puts the creature at the
//! pointer, `]`/`[` Malice, F6 or Esc closes it. A (Aid Attack's key) brings creatures in:
//! PgUp/PgDn then pick the template, and a click on an empty square (or M) brings one in there
//! on the Director's side; A or Esc stops.

use bevy::prelude::*;
use steelgrid_rules::command::{NewCreature, Override};
use steelgrid_rules::condition::{Condition, Duration};
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::{CreatureView, Status};
use steelgrid_rules::grid::Square;
use steelgrid_rules::scenario::{library_kinds, library_template};
use steelgrid_rules::{Command, StateView};

use super::actions::Action;
use super::ai_seat::AiSeats;
use super::handoff::{Seat, SeatId};
use super::play::{Intent, PlayMode};
use crate::game::CurrentState;
use crate::game::settings::{Bindings, Settings};
use crate::game::ui::hud::{BAR, DIRECTOR, MUTED, TEXT, TITLE, key_label};
use crate::game::ui::log::short_name;

pub fn plugin(app: &mut App) {
    app.add_systems(Startup, spawn_panel).add_systems(
        Update,
        fill_panel
            .in_set(crate::game::BattleSystems::Present)
            .run_if(resource_changed::<PlayMode>.or_else(resource_changed::<CurrentState>)),
    );
}

/// The conditions the panel offers, in the order PgUp and PgDn go through them.
pub const CONDITIONS: [Condition; 7] = [
    Condition::Bleeding,
    Condition::Dazed,
    Condition::Frightened,
    Condition::Restrained,
    Condition::Slowed,
    Condition::Taunted,
    Condition::Weakened,
];

/// The open panel's own state (the creature it works on is the play mode's `focus`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct DirectorPanel {
    /// The condition Enter gives or ends: an index into [`CONDITIONS`].
    pub condition: usize,
    /// Bringing creatures in: the template a click on an empty square makes one from, an index
    /// into [`templates`].
    pub adding: Option<usize>,
}

impl DirectorPanel {
    pub fn condition(self) -> Condition {
        CONDITIONS[self.condition % CONDITIONS.len()]
    }

    /// The template being brought in, if any.
    pub fn template(self) -> Option<&'static str> {
        let all = templates();
        self.adding
            .and_then(|i| all.get(i % all.len().max(1)).copied())
    }
}

/// The templates the panel brings creatures in from, in the order PgUp and PgDn go through
/// them: the built-in library's and the bestiary's that come on their own (no class heroes, and
/// none a squad's, a captain, a retainer or a rider, which the engine refuses). A scenario's own
/// templates are not offered: the rules crate keeps them to itself.
pub fn templates() -> &'static [&'static str] {
    static TEMPLATES: std::sync::OnceLock<Vec<&'static str>> = std::sync::OnceLock::new();
    TEMPLATES.get_or_init(|| {
        library_kinds()
            .into_iter()
            .filter(|kind| {
                library_template(kind).is_some_and(|t| {
                    t.hero.is_none()
                        && [
                            &t.squad,
                            &t.captain_of,
                            &t.retainer_of,
                            &t.riding,
                            &t.grabbed_by,
                        ]
                        .iter()
                        .all(|f| f.is_none())
                })
            })
            .collect()
    })
}

/// A template's name (`Ember Hound`), its id if it has none.
fn template_name(template: &str) -> &str {
    library_template(template)
        .and_then(|t| t.name.as_deref())
        .unwrap_or(template)
}

/// A template as the panel shows it: `Ember Hound (ember_hound), level 1 Horde Harrier,
/// Stamina 12`.
fn describe(template: &str) -> String {
    let spec = library_template(template);
    let monster = spec.and_then(|t| t.monster).map(|m| {
        let role = m.role.map(|r| format!(" {r:?}")).unwrap_or_default();
        format!(", level {} {:?}{role}", m.level, m.organization)
    });
    let stamina = spec
        .and_then(|t| t.stamina)
        .map(|s| format!(", Stamina {s}"));
    format!(
        "{} ({template}){}{}",
        template_name(template),
        monster.unwrap_or_default(),
        stamina.unwrap_or_default()
    )
}

/// The command that brings a creature of `template` in at `at`, on the Director's side, its id
/// the template's and the first number no creature has (`ember_hound1`).
pub fn bring_in(state: &StateView, template: &str, at: Square) -> Command {
    let id = (1..)
        .map(|n| format!("{template}{n}"))
        .find(|id| state.creatures.iter().all(|c| c.id != *id))
        .expect("some number is free");
    Command::DirectorOverride(Override::AddCreature(NewCreature {
        id,
        template: template.to_owned(),
        position: at,
        name: None,
        side: Some(Side::Director),
        group: None,
    }))
}

/// Whether the person at the screen is the Director: a person plays the Director's side, and
/// the screen is the Director's seat (hot-seat) or the AI plays the heroes.
pub fn may_use(seats: &AiSeats, seat: &Seat) -> bool {
    !seats.0.contains(&Side::Director)
        && (seat.0 == Some(SeatId::Director) || seats.0.contains(&Side::Heroes))
}

/// The creature the tools work on when they open: the one picked before, else the one on
/// turn, else the first still standing.
fn first_pick(state: &StateView, mode: &PlayMode) -> Option<String> {
    mode.focus
        .clone()
        .filter(|id| state.creatures.iter().any(|c| &c.id == id))
        .or_else(|| state.turn.clone())
        .or_else(|| {
            state
                .creatures
                .iter()
                .find(|c| !c.dead)
                .map(|c| c.id.clone())
        })
}

/// The next creature still standing after `current`, in the scenario's order.
fn next_pick(state: &StateView, current: Option<&str>) -> Option<String> {
    let standing: Vec<&CreatureView> = state.creatures.iter().filter(|c| !c.dead).collect();
    let after = current
        .and_then(|id| standing.iter().position(|c| c.id == id))
        .map_or(0, |i| i + 1);
    standing
        .get(after % standing.len().max(1))
        .map(|c| c.id.clone())
}

/// The living creature whose space covers `square`.
fn creature_at(state: &StateView, square: Square) -> Option<&CreatureView> {
    state
        .creatures
        .iter()
        .find(|c| !c.dead && c.footprint.contains(&square))
}

/// The enemy of `of` standing nearest it: whom a frightened or taunted condition the panel
/// gives is of.
fn nearest_enemy<'a>(state: &'a StateView, of: &CreatureView) -> Option<&'a CreatureView> {
    let gap = |c: &CreatureView| {
        c.footprint
            .iter()
            .flat_map(|a| {
                of.footprint
                    .iter()
                    .map(move |b| (a.x - b.x).abs().max((a.y - b.y).abs()))
            })
            .min()
            .unwrap_or(i32::MAX)
    };
    state
        .creatures
        .iter()
        .filter(|c| c.side != of.side && !c.dead)
        .min_by_key(|c| gap(c))
}

/// The command that gives `creature` the panel's condition, or ends it if it has it.
pub fn toggle_condition(
    state: &StateView,
    creature: &CreatureView,
    condition: Condition,
) -> Command {
    let has = creature.statuses.contains(&Status::Afflicted(condition));
    Command::DirectorOverride(if has {
        Override::RemoveCondition {
            creature: creature.id.clone(),
            condition,
        }
    } else {
        Override::AddCondition {
            creature: creature.id.clone(),
            condition,
            duration: Duration::SaveEnds,
            of: condition
                .has_source()
                .then(|| nearest_enemy(state, creature).map(|c| c.id.clone()))
                .flatten(),
        }
    })
}

/// What `action` does with the Director's tools (open, or being opened); `hovered` is the
/// square under the pointer, `allowed` whether the Director's seat has the screen.
pub fn intent(
    state: &StateView,
    mode: &PlayMode,
    action: Action,
    hovered: Option<Square>,
    allowed: bool,
) -> Intent {
    let Some(panel) = mode.director else {
        if action != Action::DirectorTools {
            return Intent::Nothing;
        }
        if !allowed {
            return Intent::Hint("the Director's tools are for the Director's seat".into());
        }
        return Intent::Mode(PlayMode {
            director: Some(DirectorPanel::default()),
            focus: first_pick(state, mode),
            ..PlayMode::default()
        });
    };
    let picked = mode
        .focus
        .as_deref()
        .and_then(|id| state.creatures.iter().find(|c| c.id == id));
    let with = |panel: DirectorPanel, focus: Option<String>| {
        Intent::Mode(PlayMode {
            director: Some(panel),
            focus,
            ..mode.clone()
        })
    };
    let send = |o: Override| Intent::Send(Command::DirectorOverride(o));
    let need = || Intent::Hint("pick a creature first: click it, or Tab".into());
    let stamina = |by: i32| match picked {
        Some(c) => send(Override::SetStamina {
            creature: c.id.clone(),
            stamina: c.stamina.current + by,
        }),
        None => need(),
    };
    let place = |at: Square| match (panel.template(), picked) {
        (Some(template), _) => Intent::Send(bring_in(state, template, at)),
        (None, Some(c)) => send(Override::Place {
            creature: c.id.clone(),
            at,
        }),
        (None, None) => need(),
    };
    // PgUp and PgDn go through the templates while bringing creatures in, else the conditions.
    let step = |back: bool| {
        let turn = |i: usize, n: usize| (i + if back { n - 1 } else { 1 }) % n;
        match panel.adding {
            Some(i) => DirectorPanel {
                adding: Some(turn(i, templates().len())),
                ..panel
            },
            None => DirectorPanel {
                condition: turn(panel.condition, CONDITIONS.len()),
                ..panel
            },
        }
    };
    let adding = |on: bool| {
        with(
            DirectorPanel {
                adding: on.then_some(0),
                ..panel
            },
            mode.focus.clone(),
        )
    };
    match action {
        Action::AidAttack => adding(panel.adding.is_none()),
        Action::Cancel if panel.adding.is_some() => adding(false),
        Action::DirectorTools | Action::Cancel => Intent::Mode(PlayMode::default()),
        Action::NextCreature => with(panel, next_pick(state, mode.focus.as_deref())),
        Action::Select => match (hovered, hovered.and_then(|s| creature_at(state, s))) {
            (_, Some(c)) => with(panel, Some(c.id.clone())),
            (Some(square), None) => place(square),
            (None, None) => Intent::Nothing,
        },
        Action::Mount => match hovered {
            Some(square) => place(square),
            None => Intent::Hint("point at the square to put the creature on".into()),
        },
        Action::ReplayFaster => stamina(1),
        Action::ReplaySlower => stamina(-1),
        Action::Higher => with(step(true), mode.focus.clone()),
        Action::Lower => with(step(false), mode.focus.clone()),
        Action::Confirm => match picked {
            Some(c) => Intent::Send(toggle_condition(state, c, panel.condition())),
            None => need(),
        },
        Action::ExplainNext => send(Override::GiveMalice { amount: 1 }),
        Action::ExplainBack => send(Override::GiveMalice { amount: -1 }),
        _ => Intent::Hint("the Director's tools have the board: F6 or Esc closes them".into()),
    }
}

/// The prompt line while the tools are open.
pub fn prompt(state: &StateView, mode: &PlayMode) -> String {
    if let Some(template) = mode.director.and_then(DirectorPanel::template) {
        return format!(
            "Director's tools, bringing in {}: click an empty square to put one there",
            template_name(template)
        );
    }
    match &mode.focus {
        Some(id) => format!(
            "Director's tools on {}: click a creature to pick it, an empty square to put it there",
            short_name(state, id)
        ),
        None => "Director's tools: click a creature (or Tab) to pick it".into(),
    }
}

/// The Stamina an override may set on `c`: from minus its winded value for a hero (dying at 0),
/// from 0 for any other creature, to its maximum.
fn stamina_range(c: &CreatureView) -> (i32, i32) {
    let low = if c.hero { -(c.stamina.max / 2) } else { 0 };
    (low, c.stamina.max)
}

/// The panel's lines, [`LINES`] of them (an empty one is not shown): the creature and its
/// Stamina, its conditions, what Enter does with the condition picked, the Malice, the template
/// being brought in, and the keys (the player's bindings) on the last two.
pub fn lines(state: &StateView, mode: &PlayMode, keys: &Bindings) -> Vec<String> {
    let Some(panel) = mode.director else {
        return Vec::new();
    };
    let key = |a: Action| key_label(keys, a);
    let mut out = vec!["Director's tools".to_owned()];
    let picked = mode
        .focus
        .as_deref()
        .and_then(|id| state.creatures.iter().find(|c| c.id == id));
    match picked {
        Some(c) => {
            let (low, high) = stamina_range(c);
            out.push(format!(
                "{} ({}): Stamina {}/{} (set {low} to {high})",
                c.name, c.id, c.stamina.current, c.stamina.max
            ));
            out.push(format!(
                "Conditions: {}",
                match c.conditions.is_empty() {
                    true => "none".to_owned(),
                    false => c.conditions.join(", "),
                }
            ));
            let condition = panel.condition();
            out.push(match toggle_condition(state, c, condition) {
                Command::DirectorOverride(Override::AddCondition { of: Some(of), .. }) => format!(
                    "{}: gives {} of {} (save ends)",
                    key(Action::Confirm),
                    condition.name(),
                    short_name(state, &of)
                ),
                Command::DirectorOverride(Override::AddCondition { .. }) => format!(
                    "{}: gives {} (save ends)",
                    key(Action::Confirm),
                    condition.name()
                ),
                _ => format!("{}: ends {}", key(Action::Confirm), condition.name()),
            });
        }
        None => {
            out.push(format!(
                "No creature picked: click one, or {}",
                key(Action::NextCreature)
            ));
            out.extend([String::new(), String::new()]);
        }
    }
    out.push(format!("Malice: {}", state.malice.current));
    let (pages, mount, add) = match panel.template() {
        Some(t) => {
            out.push(format!("Bringing in: {}", describe(t)));
            ("template", "add one", "stop adding")
        }
        None => {
            out.push(String::new());
            ("condition", "put it", "add a creature")
        }
    };
    out.push(format!(
        "{} {}: Stamina +1 -1   {} {}: {pages}   {}: next creature",
        key(Action::ReplayFaster),
        key(Action::ReplaySlower),
        key(Action::Higher),
        key(Action::Lower),
        key(Action::NextCreature)
    ));
    out.push(format!(
        "{}: {mount} at the pointer   {} {}: Malice +1 -1   {}: {add}   {}: close",
        key(Action::Mount),
        key(Action::ExplainNext),
        key(Action::ExplainBack),
        key(Action::AidAttack),
        key(Action::DirectorTools)
    ));
    out
}

/// The panel, top left over the board.
#[derive(Component)]
struct Panel;

/// One line of it, by its place.
#[derive(Component)]
struct PanelLine(usize);

const LINES: usize = 8;

fn spawn_panel(mut commands: Commands) {
    commands
        .spawn((
            Panel,
            Node {
                display: Display::None,
                position_type: PositionType::Absolute,
                left: px(16),
                top: px(96),
                width: px(640),
                flex_direction: FlexDirection::Column,
                padding: UiRect::all(px(12)),
                row_gap: px(4),
                border: UiRect::all(px(2)),
                ..default()
            },
            BackgroundColor(BAR.with_alpha(0.98)),
            BorderColor::all(DIRECTOR),
            GlobalZIndex(10),
        ))
        .with_children(|panel| {
            for i in 0..LINES {
                let (size, color) = match i {
                    0 => (17.0, DIRECTOR),
                    1 => (16.0, TITLE),
                    _ if i >= LINES - 2 => (13.0, MUTED),
                    _ => (15.0, TEXT),
                };
                panel.spawn((
                    PanelLine(i),
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

fn fill_panel(
    state: Res<CurrentState>,
    mode: Res<PlayMode>,
    settings: Res<Settings>,
    mut panel: Single<&mut Node, With<Panel>>,
    mut texts: Query<(&PanelLine, &mut Text, &mut Node), Without<Panel>>,
) {
    let lines = lines(&state.0, &mode, &settings.bindings);
    panel.display = match lines.is_empty() {
        true => Display::None,
        false => Display::Flex,
    };
    for (PanelLine(i), mut text, mut node) in &mut texts {
        let line = lines.get(*i).filter(|l| !l.is_empty());
        node.display = match line {
            Some(_) => Display::Flex,
            None => Display::None,
        };
        text.0 = line.cloned().unwrap_or_default();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::record::Game;

    /// The mill ambush in hot-seat, the Director's creatures going first.
    fn game() -> Game {
        let d = crate::scenarios::DEFAULT;
        let mut game = Game::new(d.file, d.text, Some(7)).unwrap();
        game.apply(Command::ChooseFirstSide {
            side: Side::Director,
        })
        .unwrap();
        game
    }

    fn send(intent: Intent) -> Command {
        match intent {
            Intent::Send(command) => command,
            other => panic!("expected a command, got {other:?}"),
        }
    }

    fn opened(state: &StateView) -> PlayMode {
        match intent(
            state,
            &PlayMode::default(),
            Action::DirectorTools,
            None,
            true,
        ) {
            Intent::Mode(mode) => mode,
            other => panic!("the tools open, not {other:?}"),
        }
    }

    #[test]
    fn the_tools_open_only_on_the_directors_seat() {
        let state = game().engine().state();
        let refused = intent(
            &state,
            &PlayMode::default(),
            Action::DirectorTools,
            None,
            false,
        );
        assert!(matches!(refused, Intent::Hint(h) if h.contains("Director's seat")));
        let hotseat = AiSeats(Vec::new());
        assert!(may_use(&hotseat, &Seat(Some(SeatId::Director))));
        assert!(!may_use(&hotseat, &Seat(Some(SeatId::Player(1)))));
        assert!(!may_use(&AiSeats(vec![Side::Director]), &Seat(None)));
        assert!(may_use(&AiSeats(vec![Side::Heroes]), &Seat(None)));
        let mode = opened(&state);
        assert_eq!(mode.focus.as_deref(), Some("brann"), "the first standing");
        assert_eq!(
            intent(&state, &mode, Action::Cancel, None, true),
            Intent::Mode(PlayMode::default())
        );
    }

    #[test]
    fn the_keys_fudge_the_picked_creature_and_the_engine_applies_each_as_an_override() {
        let mut game = game();
        let state = game.engine().state();
        let mut mode = opened(&state);
        // Pick the ogre by clicking it, then lower its Stamina and make it slowed.
        let ogre = state.creatures.iter().find(|c| c.id == "ogre").unwrap();
        let Intent::Mode(picked) = intent(&state, &mode, Action::Select, Some(ogre.position), true)
        else {
            panic!("a click on a creature picks it");
        };
        mode = picked;
        assert_eq!(mode.focus.as_deref(), Some("ogre"));
        game.apply(send(intent(
            &state,
            &mode,
            Action::ReplaySlower,
            None,
            true,
        )))
        .unwrap();
        for _ in 0..4 {
            let Intent::Mode(next) = intent(&state, &mode, Action::Lower, None, true) else {
                panic!("PgDn picks the next condition");
            };
            mode = next;
        }
        assert_eq!(mode.director.unwrap().condition(), Condition::Slowed);
        let state = game.engine().state();
        game.apply(send(intent(&state, &mode, Action::Confirm, None, true)))
            .unwrap();
        let malice_before = state.malice.current;
        game.apply(send(intent(&state, &mode, Action::ExplainNext, None, true)))
            .unwrap();
        // Put it at the pointer: an empty square.
        let free = Square::new(9, 3);
        game.apply(send(intent(&state, &mode, Action::Mount, Some(free), true)))
            .unwrap();
        let state = game.engine().state();
        let ogre = state.creatures.iter().find(|c| c.id == "ogre").unwrap();
        assert_eq!(ogre.stamina.current, ogre.stamina.max - 1);
        assert_eq!(ogre.conditions, ["slowed (save ends)"]);
        assert_eq!(ogre.position, free);
        assert_eq!(state.malice.current, malice_before + 1);
        let lines = lines(&state, &mode, &Bindings::default());
        assert_eq!(
            lines[1],
            format!(
                "Rustback Ogre (ogre): Stamina {}/{} (set 0 to {})",
                ogre.stamina.max - 1,
                ogre.stamina.max,
                ogre.stamina.max
            )
        );
        assert_eq!(lines[2], "Conditions: slowed (save ends)");
        assert_eq!(lines[3], "Enter: ends slowed");
        assert_eq!(lines.len(), 8);
        // Enter again ends it.
        game.apply(send(intent(&state, &mode, Action::Confirm, None, true)))
            .unwrap();
        assert!(
            game.engine()
                .state()
                .creatures
                .iter()
                .any(|c| c.id == "ogre" && c.conditions.is_empty())
        );
        // Every step is a Director override, recorded as the Director's.
        let overrides = game
            .steps()
            .iter()
            .filter(|s| matches!(s.command, Command::DirectorOverride(_)))
            .count();
        assert_eq!(overrides, 5);
    }

    #[test]
    fn a_creature_is_brought_in_from_the_bestiary_on_a_free_square() {
        let mut game = game();
        let state = game.engine().state();
        let Intent::Mode(mut mode) = intent(&state, &opened(&state), Action::AidAttack, None, true)
        else {
            panic!("A starts bringing creatures in");
        };
        assert_eq!(mode.director.unwrap().template(), Some(templates()[0]));
        // PgDn to the ember hound; the panel shows it.
        while mode.director.unwrap().template() != Some("ember_hound") {
            let Intent::Mode(next) = intent(&state, &mode, Action::Lower, None, true) else {
                panic!("PgDn picks the next template");
            };
            mode = next;
        }
        assert_eq!(
            lines(&state, &mode, &Bindings::default())[5],
            "Bringing in: Ember Hound (ember_hound), level 1 Horde Harrier, Stamina 12"
        );
        assert!(prompt(&state, &mode).starts_with("Director's tools, bringing in Ember Hound:"));
        // A click on a free square brings one in there, on the Director's side.
        let free = Square::new(9, 3);
        let events = game
            .apply(send(intent(
                &state,
                &mode,
                Action::Select,
                Some(free),
                true,
            )))
            .unwrap();
        let state = game.engine().state();
        let hound = state
            .creatures
            .iter()
            .find(|c| c.id == "ember_hound1")
            .expect("the hound is in");
        let template = library_template("ember_hound").unwrap();
        assert_eq!(hound.position, free);
        assert_eq!(hound.side, Side::Director);
        assert_eq!(Some(hound.stamina.current), template.stamina);
        assert_eq!(Some(hound.stamina.max), template.stamina);
        let logged: Vec<String> = events
            .iter()
            .map(|e| crate::game::ui::log::line(&e.event, &state))
            .collect();
        assert!(
            logged.iter().any(|l| l.starts_with("Director override: ")
                && l.contains("joins the Director's creatures at")),
            "{logged:?}"
        );
        // Every template offered is one the engine brings in.
        let refused: Vec<String> = templates()
            .iter()
            .filter_map(|t| {
                let at = Square::new(13, 6);
                let why = game.engine().check(&bring_in(&state, t, at)).err()?;
                Some(format!("{t}: {}", why.reason))
            })
            .collect();
        assert!(refused.is_empty(), "{refused:#?}");
        // The next one gets the next number; a taken square is refused by the engine.
        let Command::DirectorOverride(Override::AddCreature(next)) =
            bring_in(&state, "ember_hound", free)
        else {
            panic!("an added creature");
        };
        assert_eq!(next.id, "ember_hound2");
        assert!(
            game.apply(Command::DirectorOverride(Override::AddCreature(next)))
                .is_err()
        );
        // A or Esc stops bringing creatures in, the tools still open.
        let Intent::Mode(stopped) = intent(&state, &mode, Action::Cancel, None, true) else {
            panic!("Esc stops bringing in");
        };
        assert_eq!(stopped.director, Some(DirectorPanel::default()));
    }

    #[test]
    fn frightened_given_from_the_panel_is_of_the_nearest_enemy() {
        let state = game().engine().state();
        let brann = state.creatures.iter().find(|c| c.id == "brann").unwrap();
        let Command::DirectorOverride(Override::AddCondition { of, .. }) =
            toggle_condition(&state, brann, Condition::Frightened)
        else {
            panic!("a condition given");
        };
        assert!(of.is_some_and(|id| {
            state
                .creatures
                .iter()
                .any(|c| c.id == id && c.side == Side::Director)
        }));
    }
}
