//! The encounter builder: a party (heroes, level, Victories) and its budget; the bestiary,
//! filtered by faction, level, organisation and role, to choose the Director's creatures from;
//! the EV they cost and the difficulty that makes, with the AI-against-AI win rate beside it; a
//! suggested fill for a difficulty; an objective; then save the scenario (as a person would
//! write it) or play it at once. The creatures are placed on the arena `steelgrid build` makes
//! ([`build_placed`]): automatically, but for those M picks up and Enter puts down by hand.

use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::director::monster::{
    Difficulty, EncounterBudget, MonsterFormula, Organization, Role, difficulty_of,
};
use steelgrid_rules::encounter::Objective;
use steelgrid_rules::encounter_budget::builder::{
    Encounter, HERO_LEVELS, MAX_HEROES, Party, Placement, Request, build, build_placed,
};
use steelgrid_rules::encounter_budget::{self, BudgetReport};
use steelgrid_rules::grid::Square;
use steelgrid_rules::record::Game;
use steelgrid_rules::scenario::{self, bestiary};

use super::estimate::{Estimate, EstimateLine};
use super::menu::{
    Ask, Focus, LIST_ROW as ROW, MenuInput, MenuItem, MenuSystems, PANEL, cover, hints, list_row,
    text,
};
use super::picker::{card, picture_marked};
use super::{Screen, start};
use crate::game::battle::handoff::Players;
use crate::game::settings::Settings;
use crate::game::ui::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE, WARNING};
use crate::game::ui::log::ascii;

/// The gap between rows, in logical pixels.
const GAP: f32 = 2.0;
/// The seed the arena's cover is placed from.
const ARENA_SEED: u64 = 1;
/// The Victories a hero may have here.
const MAX_VICTORIES: u32 = 15;
/// The rounds Hold Them Off lasts.
const HOLD_ROUNDS: u32 = 3;

pub fn plugin(app: &mut App) {
    app.init_resource::<Draft>()
        .add_systems(OnEnter(Screen::Builder), open)
        .add_systems(
            Update,
            (keys, choose, carry, redraw, follow_focus)
                .chain()
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Builder)),
        );
}

/// A monster of the bestiary, as the list shows it.
#[derive(Clone, Debug)]
struct Monster {
    id: &'static str,
    /// Its faction's index in [`bestiary::factions`].
    faction: usize,
    name: String,
    formula: MonsterFormula,
    /// The EV of one, or of a squad of four minions.
    ev: u32,
}

impl Monster {
    fn minion(&self) -> bool {
        self.formula.organization == Organization::Minion
    }

    /// "level 2 Horde Ambusher".
    fn kind(&self) -> String {
        let f = self.formula;
        match f.role {
            Some(role) => format!("L{} {:?} {role:?}", f.level, f.organization),
            None => format!("L{} {:?}", f.level, f.organization),
        }
    }

    /// "4 EV", or "3 EV a squad of 4".
    fn price(&self) -> String {
        if self.minion() {
            format!("{} EV / 4", self.ev)
        } else {
            format!("{} EV", self.ev)
        }
    }
}

/// Every monster of the bestiary: by faction, then level, then name (read once).
fn monsters() -> &'static [Monster] {
    static MONSTERS: std::sync::OnceLock<Vec<Monster>> = std::sync::OnceLock::new();
    MONSTERS.get_or_init(bestiary_monsters)
}

fn bestiary_monsters() -> Vec<Monster> {
    let mut all: Vec<Monster> = bestiary::factions()
        .values()
        .enumerate()
        .flat_map(|(n, faction)| {
            faction.monsters.iter().filter_map(move |(id, spec)| {
                let formula = spec.monster?;
                Some(Monster {
                    id: id.as_str(),
                    faction: n,
                    name: spec.name.clone().unwrap_or_else(|| id.clone()),
                    formula,
                    ev: formula.ev(),
                })
            })
        })
        .collect();
    all.sort_by(|a, b| {
        (a.faction, a.formula.level, &a.name).cmp(&(b.faction, b.formula.level, &b.name))
    });
    all
}

/// The encounter's objective.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Aim {
    #[default]
    DiminishNumbers,
    /// The first leader or solo chosen.
    DefeatSpecificFoe,
    /// Keep them off the heroes' starting zone for [`HOLD_ROUNDS`] rounds.
    HoldThemOff,
}

impl Aim {
    const ALL: [Aim; 3] = [
        Aim::DiminishNumbers,
        Aim::DefeatSpecificFoe,
        Aim::HoldThemOff,
    ];
}

/// The encounter being built.
#[derive(Resource)]
pub struct Draft {
    party: Party,
    /// The faction shown (its index in [`bestiary::factions`]), or all.
    faction: Option<usize>,
    level: Option<u32>,
    organization: Option<Organization>,
    role: Option<Role>,
    /// The monsters chosen, by template id, one a creature (a minion's, a squad).
    chosen: Vec<&'static str>,
    /// The difficulty aimed at: the budget the EV is counted against, and the suggested fill's.
    target: Difficulty,
    aim: Aim,
    /// How many fills were suggested: each draws another.
    suggested: u64,
    /// What the last save or suggestion said, and whether it is a problem.
    note: Option<(String, bool)>,
    /// The scenario the choices make, or why there is none.
    built: Result<Built, String>,
    /// Where it is saved: `builder` in the saves folder.
    folder: std::path::PathBuf,
    /// The units placed by hand; the others are placed automatically around them.
    placed: Vec<Placement>,
    /// The unit picked up to be placed, if one is.
    carrying: Option<Carry>,
}

/// A unit (a creature, or a squad) picked up to be placed by hand: the `nth` of `template`,
/// the cursor (its top-left square) and the focus kept while it is carried.
#[derive(Clone, Copy, Debug)]
struct Carry {
    template: &'static str,
    nth: usize,
    cursor: Square,
    focus: usize,
}

impl Default for Draft {
    fn default() -> Self {
        let mut draft = Draft {
            party: Party {
                heroes: 4,
                level: 1,
                victories: 0,
            },
            faction: Some(0),
            level: None,
            organization: None,
            role: None,
            chosen: Vec::new(),
            target: Difficulty::Standard,
            aim: Aim::DiminishNumbers,
            suggested: 0,
            note: None,
            built: Err(String::new()),
            #[cfg(not(target_arch = "wasm32"))]
            folder: crate::saves::directory().join("builder"),
            #[cfg(target_arch = "wasm32")]
            folder: "builder".into(),
            placed: Vec::new(),
            carrying: None,
        };
        draft.rebuild();
        draft
    }
}

/// The scenario the builder's choices make.
#[derive(Clone, Debug)]
struct Built {
    /// Its file's name, without `.ron`.
    name: String,
    text: String,
    report: BudgetReport,
    encounter: Encounter,
}

impl Built {
    /// Where it is saved, under the saves folder.
    fn file(&self) -> String {
        format!("builder/{}.ron", self.name)
    }
}

impl Draft {
    fn budget(&self) -> EncounterBudget {
        self.party.budget()
    }

    /// The monsters the filters let through.
    fn shown(&self, all: &[Monster]) -> Vec<Monster> {
        all.iter()
            .filter(|m| self.faction.is_none_or(|f| m.faction == f))
            .filter(|m| self.level.is_none_or(|l| m.formula.level == l))
            .filter(|m| {
                self.organization
                    .is_none_or(|o| m.formula.organization == o)
            })
            .filter(|m| self.role.is_none_or(|r| m.formula.role == Some(r)))
            .cloned()
            .collect()
    }

    /// The scenario the choices make now. A placement by hand of a unit no longer chosen is
    /// dropped, and so is one the arena now refuses (said in the note).
    fn rebuild(&mut self) {
        let chosen = &self.chosen;
        self.placed
            .retain(|p| chosen.iter().filter(|c| **c == p.template).count() > p.nth);
        self.built = self.make();
        if let Ok(built) = &self.built
            && let Some((p, why)) = built.encounter.refused.first()
        {
            let name = monsters()
                .iter()
                .find(|m| m.id == p.template)
                .map_or(p.template.clone(), |m| ascii(&m.name));
            self.note = Some((
                format!("The {name} is placed automatically again: {why}."),
                true,
            ));
            let refused: Vec<Placement> = built
                .encounter
                .refused
                .iter()
                .map(|r| r.0.clone())
                .collect();
            self.placed.retain(|p| !refused.contains(p));
        }
    }

    fn make(&self) -> Result<Built, String> {
        if self.chosen.is_empty() {
            return Err("Choose the Director's creatures from the bestiary.".to_owned());
        }
        let mut encounter =
            build_placed(self.party, &self.chosen, &self.placed, ARENA_SEED).map_err(|e| e.0)?;
        let objective = match self.aim {
            Aim::DiminishNumbers => Objective::DiminishNumbers,
            Aim::DefeatSpecificFoe => {
                let star = encounter
                    .units
                    .iter()
                    .find(|u| {
                        matches!(
                            u.formula.organization,
                            Organization::Leader | Organization::Solo
                        )
                    })
                    .ok_or("Defeat a Specific Foe: choose a leader or a solo to be the foe.")?;
                let creature = encounter
                    .file
                    .creatures
                    .iter()
                    .find(|c| c.template.as_deref() == Some(star.template))
                    .and_then(|c| c.id.clone())
                    .expect("every chosen monster is on the map");
                Objective::DefeatSpecificFoe { creature }
            }
            Aim::HoldThemOff => Objective::HoldThemOff {
                zone: "hero_start".to_owned(),
                rounds: HOLD_ROUNDS,
            },
        };
        encounter.file.objectives = vec![objective];
        let text = encounter.to_ron();
        let name = file_name(&encounter.file.name);
        let file = format!("builder/{name}.ron");
        let scenario = scenario::load(&file, &text).map_err(|problems| {
            let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
            lines.join("\n")
        })?;
        Ok(Built {
            name,
            text,
            report: encounter_budget::report(&scenario),
            encounter,
        })
    }

    /// The budget line: "Budget 24 EV for 4 level-1 heroes: Easy 18, Standard 24, ...".
    fn budget_line(&self) -> String {
        let b = self.budget();
        let p = self.party;
        let heroes = if p.heroes == 1 { "hero" } else { "heroes" };
        let victories = match p.victories {
            0 => String::new(),
            n => format!(" with {n} Victories"),
        };
        format!(
            "Budget {} EV for {} level-{} {heroes}{victories}: Easy {}, Standard {}, Hard {}, \
             Extreme {}",
            b.standard, p.heroes, p.level, b.easy, b.standard, b.hard, b.extreme
        )
    }

    /// The verdict: "31 of 36 EV: Standard", against the difficulty aimed at.
    fn verdict(&self) -> (String, Color) {
        let budget = self.budget().at(self.target);
        let Ok(built) = &self.built else {
            if self.chosen.is_empty() {
                return (format!("0 of {budget} EV: nothing chosen"), MUTED);
            }
            // No scenario (its objective wants a foe): what the monsters cost, as the builder
            // prices them.
            let ev: u32 = self
                .chosen
                .iter()
                .filter_map(|id| monsters().iter().find(|m| m.id == *id))
                .map(|m| m.ev)
                .sum();
            let difficulty = difficulty_of(ev, &self.budget());
            let under = ev < self.budget().easy;
            let said = if under {
                "under Easy".to_owned()
            } else {
                format!("{difficulty:?}")
            };
            return (
                format!("{ev} of {budget} EV: {said}"),
                colour(difficulty, under),
            );
        };
        let r = &built.report;
        let mut line = if r.ev < r.budget.easy {
            format!("{} of {budget} EV: under Easy", r.ev)
        } else {
            format!("{} of {budget} EV: {:?}", r.ev, r.difficulty)
        };
        if r.effective != r.difficulty {
            line += &format!(" ({:?} with the objective)", r.effective);
        }
        (line, colour(r.effective, r.ev < r.budget.easy))
    }

    /// Fill the chosen list from `steelgrid build` for the difficulty aimed at, from the
    /// faction shown (all shown: the first chosen's, else the first).
    fn suggest(&mut self, all: &[Monster]) {
        let faction = self
            .faction
            .or_else(|| {
                let first = self.chosen.first()?;
                all.iter().find(|m| m.id == *first).map(|m| m.faction)
            })
            .unwrap_or(0);
        let id = bestiary::factions()
            .keys()
            .nth(faction)
            .expect("a faction shown");
        self.suggested += 1;
        let request = Request {
            party: self.party,
            difficulty: self.target,
            faction: (*id).to_owned(),
            seed: self.suggested,
        };
        match build(&request) {
            Ok(encounter) => {
                self.chosen = encounter.units.iter().map(|u| u.template).collect();
                self.note = None;
            }
            Err(e) => self.note = Some((e.0, true)),
        }
    }
}

/// The colour of a difficulty: easier greener, harder redder.
fn colour(difficulty: Difficulty, under: bool) -> Color {
    match difficulty {
        _ if under => MUTED,
        Difficulty::Easy => Color::srgb_u8(0x7c, 0xc6, 0x7a),
        Difficulty::Standard => HEROES,
        Difficulty::Hard => DIRECTOR,
        Difficulty::Extreme => WARNING,
    }
}

/// "the_briarfolk_standard_4_heroes_of_level_1" from the scenario's name.
fn file_name(name: &str) -> String {
    let mut out = String::new();
    for ch in name.chars() {
        if ch.is_ascii_alphanumeric() {
            out.push(ch.to_ascii_lowercase());
        } else if !out.is_empty() && !out.ends_with('_') {
            out.push('_');
        }
    }
    out.trim_end_matches('_').to_owned()
}

/// A row of the screen, in the focus's order.
#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    Heroes,
    Level,
    Victories,
    Faction,
    MonsterLevel,
    Organization,
    Role,
    /// A monster of the list, by its place in it.
    Monster(usize),
    /// A kind among the chosen, by its place in [`chosen_kinds`].
    Chosen(usize),
    Suggest,
    Objective,
    Save,
    Play,
}

/// The chosen monsters by kind, in the order first chosen, with how many.
fn chosen_kinds(chosen: &[&'static str]) -> Vec<(&'static str, usize)> {
    let mut kinds: Vec<(&'static str, usize)> = Vec::new();
    for id in chosen {
        match kinds.iter_mut().find(|(k, _)| k == id) {
            Some((_, n)) => *n += 1,
            None => kinds.push((id, 1)),
        }
    }
    kinds
}

/// The rows in the focus's order.
fn rows(draft: &Draft, all: &[Monster]) -> Vec<Row> {
    let mut rows = vec![
        Row::Heroes,
        Row::Level,
        Row::Victories,
        Row::Faction,
        Row::MonsterLevel,
        Row::Organization,
        Row::Role,
    ];
    rows.extend((0..draft.shown(all).len()).map(Row::Monster));
    rows.extend((0..chosen_kinds(&draft.chosen).len()).map(Row::Chosen));
    rows.extend([Row::Suggest, Row::Objective, Row::Save, Row::Play]);
    rows
}

/// The whole screen, refilled when the draft changes.
#[derive(Component)]
struct Page;

/// The monster list, which scrolls.
#[derive(Component)]
struct List;

fn open(mut commands: Commands, mut draft: ResMut<Draft>, mut focus: ResMut<Focus>) {
    *focus = Focus(0);
    draft.note = None;
    draft.carrying = None;
    draft.rebuild();
    commands.spawn((cover(), Page, DespawnOnExit(Screen::Builder)));
}

/// Step `value` by `by` within `range`, round and round.
fn cycle(value: u32, by: i32, range: std::ops::RangeInclusive<u32>) -> u32 {
    let (lo, hi) = (*range.start() as i32, *range.end() as i32);
    ((value as i32 - lo + by).rem_euclid(hi - lo + 1) + lo) as u32
}

/// Step through `None` then each of `all`.
fn cycle_option<T: Copy + PartialEq>(value: Option<T>, by: i32, all: &[T]) -> Option<T> {
    let at = value.map_or(0, |v| all.iter().position(|x| *x == v).map_or(0, |i| i + 1));
    let next = (at as i32 + by).rem_euclid(all.len() as i32 + 1) as usize;
    next.checked_sub(1).map(|i| all[i])
}

/// The levels the bestiary's monsters come at.
fn levels(all: &[Monster]) -> Vec<u32> {
    let mut levels: Vec<u32> = all.iter().map(|m| m.formula.level).collect();
    levels.sort();
    levels.dedup();
    levels
}

/// Delete or Backspace takes one of the focused kind off the chosen list; M picks one of it up
/// to place by hand; S saves; P plays. Not while a unit is carried ([`carry`]).
fn keys(
    mut commands: Commands,
    mut typed: MessageReader<KeyboardInput>,
    focus: Res<Focus>,
    rows: Query<(&MenuItem, &Row)>,
    mut draft: ResMut<Draft>,
    mut next: ResMut<NextState<Screen>>,
) {
    let focused = rows
        .iter()
        .find_map(|(item, row)| (item.0 == focus.0).then_some(*row));
    for key in typed.read() {
        if !key.state.is_pressed() || draft.carrying.is_some() {
            continue;
        }
        match key.key_code {
            KeyCode::Delete | KeyCode::Backspace => {
                let id = match focused {
                    Some(Row::Monster(n)) => draft.shown(monsters()).get(n).map(|m| m.id),
                    Some(Row::Chosen(n)) => chosen_kinds(&draft.chosen).get(n).map(|k| k.0),
                    _ => None,
                };
                if let Some(at) = id.and_then(|id| draft.chosen.iter().rposition(|c| *c == id)) {
                    draft.chosen.remove(at);
                    draft.note = None;
                    draft.rebuild();
                }
            }
            KeyCode::KeyM => pick_up(&mut draft, focused, focus.0),
            KeyCode::KeyS => save(&mut draft),
            KeyCode::KeyP => play(&mut commands, &mut draft, &mut next),
            _ => {}
        }
    }
}

/// Pick up the first of the focused chosen kind not yet placed by hand (all placed: the first).
fn pick_up(draft: &mut Draft, focused: Option<Row>, focus: usize) {
    let Some(Row::Chosen(n)) = focused else {
        return;
    };
    let Some((template, count)) = chosen_kinds(&draft.chosen).get(n).copied() else {
        return;
    };
    let Ok(built) = &draft.built else {
        return;
    };
    let placed = |k: usize| {
        draft
            .placed
            .iter()
            .any(|p| p.template == template && p.nth == k)
    };
    let nth = (0..count).find(|&k| !placed(k)).unwrap_or(0);
    let e = &built.encounter;
    let Some(spot) = e.unit(template, nth).and_then(|u| e.spot(u)) else {
        return;
    };
    draft.carrying = Some(Carry {
        template,
        nth,
        cursor: spot.square,
        focus,
    });
    draft.note = None;
}

/// While a unit is carried: the arrows move the cursor over the arena (Enter and Esc come to
/// [`choose`] as the menu's); the focus stays on its row.
fn carry(
    mut typed: MessageReader<KeyboardInput>,
    mut focus: ResMut<Focus>,
    mut draft: ResMut<Draft>,
) {
    let (Some(mut carry), Ok(built)) = (draft.carrying, &draft.built) else {
        typed.clear();
        return;
    };
    let rows = &built.encounter.file.map.rows;
    let (width, height) = (
        rows.first().map_or(1, |r| r.chars().count()) as i32,
        rows.len() as i32,
    );
    focus.set_if_neq(Focus(carry.focus));
    let before = carry.cursor;
    for key in typed.read().filter(|k| k.state.is_pressed()) {
        let (dx, dy) = match key.key_code {
            KeyCode::ArrowLeft => (-1, 0),
            KeyCode::ArrowRight => (1, 0),
            KeyCode::ArrowUp => (0, -1),
            KeyCode::ArrowDown => (0, 1),
            _ => continue,
        };
        carry.cursor = Square::new(
            (carry.cursor.x + dx).clamp(0, width - 1),
            (carry.cursor.y + dy).clamp(0, height - 1),
        );
    }
    if carry.cursor != before {
        draft.carrying = Some(carry);
        draft.note = None;
    }
}

/// Put the carried unit down on the cursor, or say why it may not stand there.
fn put_down(draft: &mut Draft, carry: Carry) {
    let Ok(built) = &draft.built else {
        draft.carrying = None;
        return;
    };
    let e = &built.encounter;
    let Some(unit) = e.unit(carry.template, carry.nth) else {
        draft.carrying = None;
        return;
    };
    if let Some(why) = e.refusal(unit, carry.cursor) {
        let name = ascii(&e.units[unit].name);
        draft.note = Some((format!("The {name} cannot stand there: {why}."), true));
        return;
    }
    draft
        .placed
        .retain(|p| !(p.template == carry.template && p.nth == carry.nth));
    draft.placed.push(Placement {
        template: carry.template.to_owned(),
        nth: carry.nth,
        square: carry.cursor,
    });
    draft.carrying = None;
    draft.note = None;
    draft.rebuild();
}

/// Save the scenario to `builder/<name>.ron` in the saves folder (in the browser, keep it for
/// the session).
fn save(draft: &mut Draft) {
    draft.note = Some(match &draft.built {
        Ok(built) => match write(&draft.folder, built) {
            Ok(path) => (format!("Saved to {path}"), false),
            Err(problem) => (problem, true),
        },
        Err(problem) => (problem.clone(), true),
    });
}

#[cfg(not(target_arch = "wasm32"))]
fn write(folder: &std::path::Path, built: &Built) -> Result<String, String> {
    let path = folder.join(format!("{}.ron", built.name));
    crate::saves::write_atomically(&path, built.text.as_bytes())
        .map_err(|e| format!("{}: cannot write it: {e}", path.display()))?;
    Ok(path.display().to_string())
}

/// The browser has no files: the scenario is kept for the session, to play.
#[cfg(target_arch = "wasm32")]
fn write(folder: &std::path::Path, built: &Built) -> Result<String, String> {
    let path = folder.join(format!("{}.ron", built.name));
    Ok(format!("{} (kept for this session)", path.display()))
}

/// Play the scenario at once: the heroes played by a person, the Director by the AI.
fn play(commands: &mut Commands, draft: &mut Draft, next: &mut NextState<Screen>) {
    let built = match &draft.built {
        Ok(built) => built.clone(),
        Err(problem) => {
            draft.note = Some((problem.clone(), true));
            return;
        }
    };
    match Game::new(&built.file(), &built.text, None) {
        Ok(game) => {
            commands.queue(move |world: &mut World| {
                start(world, game, vec![Side::Director], Players::default(), None);
            });
            next.set(Screen::Battle);
        }
        Err(problems) => {
            let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
            draft.note = Some((lines.join("\n"), true));
        }
    }
}

fn choose(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    rows: Query<&Row>,
    mut draft: ResMut<Draft>,
    mut next: ResMut<NextState<Screen>>,
) {
    // Carrying a unit: Enter (or a click) puts it down, Esc puts it back ([`carry`]).
    if let Some(carry) = draft.carrying {
        match input.read().find(|i| !matches!(i.ask, Ask::Step(_))) {
            Some(MenuInput {
                ask: Ask::Choose, ..
            }) => put_down(&mut draft, carry),
            Some(_) => {
                draft.carrying = None;
                draft.note = None;
            }
            None => {}
        }
        input.clear();
        return;
    }
    let all = monsters();
    for input in input.read() {
        let Ok(&row) = rows.get(input.item) else {
            continue;
        };
        let by = match input.ask {
            Ask::Back => {
                next.set(Screen::Title);
                continue;
            }
            Ask::Step(by) => by,
            Ask::Choose => 0,
        };
        let d = &mut *draft;
        d.note = None;
        match (row, by) {
            (Row::Heroes, by) if by != 0 => {
                d.party.heroes = cycle(d.party.heroes, by, 1..=MAX_HEROES)
            }
            (Row::Level, by) if by != 0 => d.party.level = cycle(d.party.level, by, HERO_LEVELS),
            (Row::Victories, by) if by != 0 => {
                d.party.victories = cycle(d.party.victories, by, 0..=MAX_VICTORIES)
            }
            (Row::Faction, by) if by != 0 => {
                let count = bestiary::factions().len();
                let ids: Vec<usize> = (0..count).collect();
                d.faction = cycle_option(d.faction, by, &ids);
            }
            (Row::MonsterLevel, by) if by != 0 => d.level = cycle_option(d.level, by, &levels(all)),
            (Row::Organization, by) if by != 0 => {
                d.organization = cycle_option(d.organization, by, &Organization::ALL)
            }
            (Row::Role, by) if by != 0 => d.role = cycle_option(d.role, by, &Role::ALL),
            (Row::Monster(n), 0) => {
                if let Some(m) = d.shown(all).get(n) {
                    d.chosen.push(m.id);
                }
            }
            (Row::Chosen(n), by) => {
                let Some((id, _)) = chosen_kinds(&d.chosen).get(n).copied() else {
                    continue;
                };
                if by < 0 {
                    if let Some(at) = d.chosen.iter().rposition(|c| *c == id) {
                        d.chosen.remove(at);
                    }
                } else {
                    d.chosen.push(id);
                }
            }
            (Row::Suggest, 0) => d.suggest(all),
            (Row::Suggest, by) => {
                let all = [
                    Difficulty::Easy,
                    Difficulty::Standard,
                    Difficulty::Hard,
                    Difficulty::Extreme,
                ];
                let at = all.iter().position(|x| *x == d.target).unwrap_or(1) as i32;
                d.target = all[(at + by).rem_euclid(4) as usize];
            }
            (Row::Objective, by) => {
                let at = Aim::ALL.iter().position(|a| *a == d.aim).unwrap_or(0) as i32;
                let by = if by == 0 { 1 } else { by };
                d.aim = Aim::ALL[(at + by).rem_euclid(Aim::ALL.len() as i32) as usize];
            }
            (Row::Save, 0) => save(d),
            (Row::Play, 0) => play(&mut commands, d, &mut next),
            _ => continue,
        }
        d.rebuild();
    }
}

/// Draw the screen anew when the draft changes; aim the estimate at its scenario.
fn redraw(
    mut commands: Commands,
    draft: Res<Draft>,
    page: Single<Entity, With<Page>>,
    mut focus: ResMut<Focus>,
    mut estimate: ResMut<Estimate>,
    settings: Res<Settings>,
) {
    if !draft.is_changed() {
        return;
    }
    let all = monsters();
    let rows = rows(&draft, all);
    if focus.0 >= rows.len() {
        focus.0 = rows.len() - 1;
    }
    match &draft.built {
        Ok(built) => estimate.aim(
            &format!("{}#{:x}", built.file(), hash(&built.text)),
            &built.text,
        ),
        Err(_) => estimate.clear(),
    }
    let mut page = commands.entity(*page);
    page.despawn_children();
    page.with_children(|screen| {
        screen
            .spawn(Node {
                width: percent(96),
                height: percent(94),
                flex_direction: FlexDirection::Column,
                row_gap: px(10),
                ..default()
            })
            .with_children(|page| {
                page.spawn(text("Encounter builder", 32.0, TITLE));
                page.spawn(Node {
                    flex_grow: 1.0,
                    min_height: px(0),
                    column_gap: px(18),
                    ..default()
                })
                .with_children(|columns| {
                    columns
                        .spawn(Node {
                            width: px(300),
                            flex_direction: FlexDirection::Column,
                            row_gap: px(GAP),
                            ..default()
                        })
                        .with_children(|left| settings_column(left, &draft, all, &rows));
                    columns
                        .spawn((
                            List,
                            Node {
                                width: px(470),
                                flex_direction: FlexDirection::Column,
                                row_gap: px(GAP),
                                overflow: Overflow::scroll_y(),
                                ..default()
                            },
                            ScrollPosition::default(),
                        ))
                        .with_children(|list| monster_column(list, &draft, all, &rows));
                    columns
                        .spawn((
                            Node {
                                flex_grow: 1.0,
                                flex_direction: FlexDirection::Column,
                                padding: UiRect::all(px(16)),
                                row_gap: px(GAP),
                                border_radius: BorderRadius::all(px(10)),
                                overflow: Overflow::clip(),
                                ..default()
                            },
                            BackgroundColor(PANEL),
                        ))
                        .with_children(|right| encounter_column(right, &draft, all, &rows));
                });
                page.spawn(hints(
                    &settings,
                    Some("back"),
                    Some("change, or take one off / add one"),
                ));
            });
    });
}

/// A hash of the scenario's text, to tell the estimate one draft from another.
fn hash(text: &str) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::hash::DefaultHasher::new();
    text.hash(&mut hasher);
    hasher.finish()
}

/// A heading over a group of rows.
fn heading(parent: &mut ChildSpawnerCommands, label: impl Into<String>) {
    parent
        .spawn(Node {
            height: px(ROW + 4.0),
            flex_shrink: 0.0,
            align_items: AlignItems::FlexEnd,
            padding: UiRect::horizontal(px(4)),
            ..default()
        })
        .with_child(text(label, 15.0, TITLE));
}

/// A row that takes the focus: its label on the left, its value on the right.
fn row(
    parent: &mut ChildSpawnerCommands,
    rows: &[Row],
    row: Row,
    label: impl Into<String>,
    value: impl Into<String>,
    colour: Color,
) {
    let index = rows.iter().position(|r| *r == row).expect("a row listed");
    parent
        .spawn((list_row(index, 10.0), row))
        .with_children(|line| {
            let layout = TextLayout::no_wrap();
            line.spawn((text(label, 15.0, colour), layout));
            line.spawn((text(value, 14.0, MUTED), layout));
        });
}

fn settings_column(left: &mut ChildSpawnerCommands, draft: &Draft, all: &[Monster], rows: &[Row]) {
    let any = |v: Option<String>| v.unwrap_or_else(|| "all".to_owned());
    heading(left, "Party");
    let p = draft.party;
    row(
        left,
        rows,
        Row::Heroes,
        "Heroes",
        format!("< {} >", p.heroes),
        TEXT,
    );
    row(
        left,
        rows,
        Row::Level,
        "Level",
        format!("< {} >", p.level),
        TEXT,
    );
    row(
        left,
        rows,
        Row::Victories,
        "Victories",
        format!("< {} >", p.victories),
        TEXT,
    );
    heading(left, "Bestiary filters");
    let faction = draft
        .faction
        .and_then(|n| bestiary::factions().values().nth(n))
        .map(|f| f.name.clone());
    row(
        left,
        rows,
        Row::Faction,
        "Faction",
        format!("< {} >", ascii(&any(faction))),
        TEXT,
    );
    let level = draft.level.map(|l| l.to_string());
    row(
        left,
        rows,
        Row::MonsterLevel,
        "Level",
        format!("< {} >", any(level)),
        TEXT,
    );
    let organization = draft.organization.map(|o| format!("{o:?}"));
    row(
        left,
        rows,
        Row::Organization,
        "Organisation",
        format!("< {} >", any(organization)),
        TEXT,
    );
    let role = draft.role.map(|r| format!("{r:?}"));
    row(
        left,
        rows,
        Row::Role,
        "Role",
        format!("< {} >", any(role)),
        TEXT,
    );
    let shown = draft.shown(all).len();
    left.spawn((
        text(
            format!(
                "{shown} of {} monsters shown. Enter adds one (a minion, a squad of four).",
                all.len()
            ),
            14.0,
            MUTED,
        ),
        Node {
            margin: UiRect::top(px(10)),
            ..default()
        },
    ));
}

fn monster_column(list: &mut ChildSpawnerCommands, draft: &Draft, all: &[Monster], rows: &[Row]) {
    heading(list, "Monsters");
    let shown = draft.shown(all);
    if shown.is_empty() {
        list.spawn(text("No monster passes the filters.", 15.0, MUTED));
    }
    for (n, m) in shown.iter().enumerate() {
        let faction = bestiary::factions()
            .values()
            .nth(m.faction)
            .map(|f| f.name.trim_start_matches("The ").to_owned())
            .unwrap_or_default();
        let label = if draft.faction.is_some() {
            ascii(&m.name)
        } else {
            format!("{} ({})", ascii(&m.name), ascii(&faction))
        };
        row(
            list,
            rows,
            Row::Monster(n),
            label,
            format!("{}  {}", m.kind(), m.price()),
            TEXT,
        );
    }
}

fn encounter_column(
    right: &mut ChildSpawnerCommands,
    draft: &Draft,
    all: &[Monster],
    rows: &[Row],
) {
    right.spawn(text(draft.budget_line(), 16.0, TEXT));
    let (verdict, colour) = draft.verdict();
    right.spawn((
        text(verdict, 22.0, colour),
        Node {
            margin: UiRect::vertical(px(4)),
            ..default()
        },
    ));
    if draft.built.is_ok() {
        right.spawn((text(String::new(), 14.0, MUTED), EstimateLine));
    }
    heading(right, "Chosen (Delete takes one off, M places one)");
    let kinds = chosen_kinds(&draft.chosen);
    if kinds.is_empty() {
        right.spawn(text("Nothing yet.", 15.0, MUTED));
    }
    for (n, (id, count)) in kinds.iter().enumerate() {
        let Some(m) = all.iter().find(|m| m.id == *id) else {
            continue;
        };
        let what = if m.minion() {
            match count {
                1 => format!("a squad of 4 {}", m.name),
                _ => format!("{count} squads of 4 {}", m.name),
            }
        } else {
            match count {
                1 => m.name.clone(),
                _ => format!("{count} x {}", m.name),
            }
        };
        let ev = m.ev * *count as u32;
        let by_hand = draft.placed.iter().filter(|p| p.template == *id).count();
        let value = match by_hand {
            0 => format!("{ev} EV"),
            k => format!("{k} placed, {ev} EV"),
        };
        row(right, rows, Row::Chosen(n), ascii(&what), value, DIRECTOR);
    }
    heading(right, "Encounter");
    let target = format!("< {:?} >", draft.target);
    row(
        right,
        rows,
        Row::Suggest,
        "Suggest a fill for",
        target,
        TEXT,
    );
    let objective = match draft.aim {
        Aim::DiminishNumbers => "Diminish Numbers".to_owned(),
        Aim::DefeatSpecificFoe => "Defeat a Specific Foe".to_owned(),
        Aim::HoldThemOff => format!("Hold Them Off ({HOLD_ROUNDS} rounds)"),
    };
    row(
        right,
        rows,
        Row::Objective,
        "Objective",
        format!("< {objective} >"),
        TEXT,
    );
    row(right, rows, Row::Save, "Save (S)", "", TEXT);
    row(
        right,
        rows,
        Row::Play,
        "Play (P)",
        "heroes: you, Director: AI",
        TEXT,
    );
    if let Ok(built) = &draft.built
        && let Ok(card) = card(&built.file(), &built.text)
    {
        let e = &built.encounter;
        let carried = draft.carrying.and_then(|c| {
            let unit = e.unit(c.template, c.nth)?;
            let side = e.spot(unit)?.side;
            Some((c, unit, side))
        });
        let caption = match carried {
            Some((c, unit, _)) => format!(
                "Placing the {} at {}: arrows move it, Enter puts it there, Esc puts it back.",
                ascii(&e.units[unit].name),
                c.cursor
            ),
            None => format!(
                "The arena, {} x {} squares: the heroes on the west, the Director's creatures on \
                 the east, placed automatically ({} by hand).",
                card.size.0,
                card.size.1,
                draft.placed.len()
            ),
        };
        right.spawn(text(caption, 13.0, MUTED));
        // The carried unit's squares: white where it may stand, else red.
        let cursor = carried.map(|(c, unit, side)| {
            let colour = match e.refusal(unit, c.cursor) {
                None => Color::WHITE,
                Some(_) => Color::srgb_u8(0xe0, 0x20, 0x30),
            };
            (c.cursor, side, colour)
        });
        picture_marked(right, &card.picture, |x, y| {
            let (at, side, colour) = cursor?;
            let (x, y) = (x as i32, y as i32);
            let inside = (at.x..at.x + side).contains(&x) && (at.y..at.y + side).contains(&y);
            inside.then_some(colour)
        });
    }
    match (&draft.note, &draft.built) {
        (Some((note, problem)), _) => {
            right.spawn(text(
                ascii(note),
                14.0,
                if *problem { WARNING } else { TEXT },
            ));
        }
        (None, Err(problem)) if !draft.chosen.is_empty() => {
            right.spawn(text(ascii(problem), 14.0, WARNING));
        }
        _ => {}
    }
}

/// Keep the focused monster in view.
fn follow_focus(
    focus: Res<Focus>,
    rows: Query<(&MenuItem, &Row)>,
    mut list: Query<(&mut ScrollPosition, &ComputedNode), With<List>>,
) {
    let Ok((mut scroll, node)) = list.single_mut() else {
        return;
    };
    let shown = node.size().y * node.inverse_scale_factor();
    let focused = rows
        .iter()
        .find_map(|(item, row)| (item.0 == focus.0).then_some(*row));
    let Some(Row::Monster(n)) = focused else {
        return;
    };
    if shown <= 0.0 {
        return;
    }
    // Under the heading.
    let top = ROW + 4.0 + GAP + n as f32 * (ROW + GAP);
    let from = if n == 0 { 0.0 } else { top };
    if from < scroll.y {
        scroll.y = from;
    } else if top + ROW > scroll.y + shown {
        scroll.y = top + ROW - shown;
    }
}

#[cfg(test)]
mod tests {
    use steelgrid_rules::scenario::{ScenarioFile, ron_options, write};

    use super::super::tests::{app, press, screen, texts};
    use super::*;
    use crate::game::Rules;

    fn shows(app: &mut App, wanted: &str) -> bool {
        texts(app).iter().any(|t| t == wanted)
    }

    /// From the title: four level-1 heroes, Briarfolk bought until the fight is Standard; the
    /// EV and difficulty shown are the saved file's budget report; the file loads, and read,
    /// written and read again starts the same battle; a suggested fill; Play starts it.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_party_of_four_buys_a_standard_fight_then_saves_and_plays_it() {
        let dir = std::env::temp_dir().join(format!("steelgrid-builder-{}", std::process::id()));
        let mut app = app(Screen::Title);
        // Campaign, New battle, Encounter builder.
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Builder);
        app.world_mut().resource_mut::<Draft>().folder = dir.clone();
        app.update();
        assert!(shows(
            &mut app,
            "Budget 24 EV for 4 level-1 heroes: Easy 18, Standard 24, Hard 36, Extreme 48"
        ));
        assert!(shows(&mut app, "0 of 24 EV: nothing chosen"));
        // Five heroes, then back to four.
        press(&mut app, KeyCode::ArrowRight);
        assert!(shows(
            &mut app,
            "Budget 30 EV for 5 level-1 heroes: Easy 23, Standard 30, Hard 45, Extreme 60"
        ));
        press(&mut app, KeyCode::ArrowLeft);

        // The Briarfolk, by level: Burrseed Sprite (a squad, 3 EV), Rootsnare Lurker (4),
        // Sporecap Tender (8), Barkhide Sentinel (10), ...
        let shown: Vec<&str> = app
            .world()
            .resource::<Draft>()
            .shown(monsters())
            .iter()
            .map(|m| m.id)
            .collect();
        assert_eq!(
            &shown[..4],
            [
                "burrseed_sprite",
                "rootsnare_lurker",
                "sporecap_tender",
                "barkhide_sentinel"
            ]
        );
        for _ in 0..7 + 3 {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "20 of 24 EV: Easy"));
        for _ in 0..3 {
            press(&mut app, KeyCode::ArrowUp);
        }
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "29 of 24 EV: Standard"));
        // Backspace takes a squad off again.
        press(&mut app, KeyCode::Backspace);
        let shown = format!("{} of 24 EV: Standard", 26);
        assert!(shows(&mut app, &shown));
        assert!(shows(&mut app, "2 squads of 4 Burrseed Sprite"));
        assert!(shows(&mut app, "2 x Barkhide Sentinel"));

        press(&mut app, KeyCode::KeyS);
        let path = dir.join("the_briarfolk_standard_4_heroes_of_level_1.ron");
        assert!(shows(&mut app, &format!("Saved to {}", path.display())));
        let text = std::fs::read_to_string(&path).expect("saved");
        let file = path.display().to_string();
        let saved = scenario::load(&file, &text).expect("it loads");
        let report = encounter_budget::report(&saved);
        assert_eq!(
            format!("{} of 24 EV: {:?}", report.ev, report.difficulty),
            shown
        );
        assert_eq!(report.effective, Difficulty::Standard);
        // load → write → load: the same starting state.
        let parsed: ScenarioFile = ron_options().from_str(&text).expect("it parses");
        let again = write::to_ron(&parsed, &[]);
        let reloaded = scenario::load(&file, &again).expect("it loads again");
        assert_eq!(
            reloaded.start(None).checksum(),
            saved.start(None).checksum()
        );

        // The estimate runs beside the verdict.
        assert!(
            texts(&mut app)
                .iter()
                .any(|t| t.starts_with("Simulating AI against AI [")
                    || t.starts_with("AI against AI, 20 games")),
            "{:?}",
            texts(&mut app)
        );

        // The objective: Defeat a Specific Foe wants a leader or a solo.
        let rows = rows(app.world().resource::<Draft>(), monsters());
        let objective = rows.iter().position(|r| *r == Row::Objective).unwrap();
        let suggest = objective - 1;
        let at = app.world().resource::<Focus>().0;
        for _ in at..objective {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::ArrowRight);
        assert!(
            shows(
                &mut app,
                "Defeat a Specific Foe: choose a leader or a solo to be the foe."
            ),
            "{:?}",
            texts(&mut app)
        );
        press(&mut app, KeyCode::ArrowRight);
        assert!(shows(&mut app, "< Hold Them Off (3 rounds) >"));
        // A suggested Hard fill from the Briarfolk.
        press(&mut app, KeyCode::ArrowUp);
        assert_eq!(app.world().resource::<Focus>().0, suggest);
        press(&mut app, KeyCode::ArrowRight);
        press(&mut app, KeyCode::Enter);
        let draft = app.world().resource::<Draft>();
        let built = draft.built.as_ref().expect("a fill");
        assert_eq!(built.report.difficulty, Difficulty::Hard);
        let verdict = format!("{} of 36 EV: Hard", built.report.ev);
        assert!(shows(&mut app, &verdict));

        press(&mut app, KeyCode::KeyP);
        assert_eq!(screen(&app), Screen::Battle);
        let game = &app.world().resource::<Rules>().0;
        assert!(
            game.scenario()
                .name
                .starts_with("The Briarfolk (Hard, 4 heroes of level 1)")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }

    /// Two monsters chosen; M picks the first up, the arrows carry it, Enter on the heroes'
    /// zone is refused with a line, Enter beside it puts it there; it keeps its square when
    /// another is added; the saved file has it there, loads and is priced.
    #[cfg(not(target_arch = "wasm32"))]
    #[test]
    fn a_monster_placed_by_hand_keeps_its_square_and_is_saved_there() {
        let dir = std::env::temp_dir().join(format!("steelgrid-placing-{}", std::process::id()));
        let mut app = app(Screen::Builder);
        app.world_mut().resource_mut::<Draft>().folder = dir.clone();
        app.update();
        // Rootsnare Lurker (the second Briarfolk), then Sporecap Tender.
        for _ in 0..8 {
            press(&mut app, KeyCode::ArrowDown);
        }
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        let draft = app.world().resource::<Draft>();
        assert_eq!(draft.chosen, ["rootsnare_lurker", "sporecap_tender"]);
        let chosen = rows(draft, monsters())
            .iter()
            .position(|r| *r == Row::Chosen(0))
            .expect("a chosen row");
        for _ in app.world().resource::<Focus>().0..chosen {
            press(&mut app, KeyCode::ArrowDown);
        }
        let lurker = |app: &App| {
            let built = app
                .world()
                .resource::<Draft>()
                .built
                .clone()
                .expect("built");
            let e = &built.encounter;
            e.spot(e.unit("rootsnare_lurker", 0).expect("chosen"))
                .expect("on the arena")
                .clone()
        };
        let from = lurker(&app).square;
        press(&mut app, KeyCode::KeyM);
        let caption = format!(
            "Placing the Rootsnare Lurker at {from}: arrows move it, Enter puts it there, Esc \
             puts it back."
        );
        assert!(shows(&mut app, &caption), "{:?}", texts(&mut app));
        // Esc puts it back (and stays on the screen); M picks it up again.
        press(&mut app, KeyCode::Escape);
        assert!(app.world().resource::<Draft>().carrying.is_none());
        assert_eq!(screen(&app), Screen::Builder);
        press(&mut app, KeyCode::KeyM);
        // Onto the heroes' zone (x 1 and 2): refused, still carried.
        for _ in 2..from.x {
            press(&mut app, KeyCode::ArrowLeft);
        }
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        let y = from.y - 1;
        let refused = format!(
            "The Rootsnare Lurker cannot stand there: (2, {y}) is in the heroes' starting zone."
        );
        assert!(shows(&mut app, &refused), "{:?}", texts(&mut app));
        assert!(app.world().resource::<Draft>().carrying.is_some());
        assert_eq!(app.world().resource::<Focus>().0, chosen);
        press(&mut app, KeyCode::ArrowRight);
        press(&mut app, KeyCode::Enter);
        let at = Square::new(3, y);
        assert!(app.world().resource::<Draft>().carrying.is_none());
        assert_eq!(lurker(&app).square, at);
        assert!(lurker(&app).by_hand);
        assert!(shows(&mut app, "1 placed, 4 EV"));
        // Another lurker: placed automatically, the first keeps its square.
        press(&mut app, KeyCode::ArrowRight);
        assert_eq!(app.world().resource::<Draft>().chosen.len(), 3);
        assert_eq!(lurker(&app).square, at);

        press(&mut app, KeyCode::KeyS);
        let built = app
            .world()
            .resource::<Draft>()
            .built
            .clone()
            .expect("built");
        let path = dir.join(format!("{}.ron", built.name));
        assert!(shows(&mut app, &format!("Saved to {}", path.display())));
        let text = std::fs::read_to_string(&path).expect("saved");
        let file = path.display().to_string();
        let saved = scenario::load(&file, &text).expect("it loads");
        let id = lurker(&app).id;
        let creatures = saved.initial_creatures();
        let placed = creatures.iter().find(|c| c.id == id).expect("saved");
        assert_eq!(placed.position, at);
        let report = encounter_budget::report(&saved);
        assert_eq!(report.ev, 4 + 8 + 4);
        assert!(report.unpriced.is_empty(), "{:?}", report.unpriced);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_filters_cycle_through_all_then_each_value() {
        assert_eq!(cycle_option(None, 1, &[1, 2]), Some(1));
        assert_eq!(cycle_option(Some(2), 1, &[1, 2]), None);
        assert_eq!(cycle_option(None, -1, &[1, 2]), Some(2));
        assert_eq!(cycle(9, 1, 1..=9), 1);
        assert_eq!(cycle(1, -1, 1..=3), 3);
        let mut draft = Draft {
            faction: None,
            organization: Some(Organization::Leader),
            ..Draft::default()
        };
        let leaders = draft.shown(monsters());
        assert_eq!(leaders.len(), 4, "a leader in every faction but one");
        draft.role = Some(Role::Brute);
        assert!(draft.shown(monsters()).is_empty(), "leaders have no role");
        assert_eq!(
            file_name("The Briarfolk (Hard, 4 heroes of level 1)"),
            "the_briarfolk_hard_4_heroes_of_level_1"
        );
    }
}
