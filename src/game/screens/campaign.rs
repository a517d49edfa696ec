//! A campaign in the window (seed 002 L807-867): the party screen, where the heroes are chosen,
//! and the story screen between battles — each story page, each battle's opening and how it
//! went, each respite — with the party as it stands beside it. Its battles are fought on the
//! battle screen, the heroes by the people at this screen and the Director by the AI; the
//! results screen leads back here ([`end_battle`]).
//!
//! The rules of it (the party carried on, rests, levels) are the rules crate's
//! ([`steelgrid_rules::campaign`]); here are only the screens and the save. The campaign is
//! saved after every step, and in a battle with the battle's record (at each turn's start, on
//! the save key, on leaving for the title and when the window closes); "Continue campaign" on
//! the title resumes it.

use bevy::prelude::*;
use bevy::window::WindowCloseRequested;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::campaign::{self, Campaign, CampaignSave, Carried, Ending, Progress, Step};
use steelgrid_rules::class::Class;
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::Engine;
use steelgrid_rules::event::Outcome;
use steelgrid_rules::record::{Game, Record};
use steelgrid_rules::scenario::Diagnostic;

use super::Screen;
use super::battle::start;
use super::menu::{
    Ask, BACKDROP, Focus, MenuInput, MenuItem, MenuSystems, PANEL, button, cover, hints, text,
};
use crate::game::battle::actions::{Action, Controls};
use crate::game::battle::handoff::Players;
use crate::game::battle::records::WhatIf;
use crate::game::settings::Settings;
use crate::game::ui::hud::{DIRECTOR, HEROES, MUTED, TEXT, TITLE, WARNING};
use crate::game::ui::log::ascii;
use crate::game::{CurrentState, Rules};

/// The campaign the title's "Campaign" opens when none is built in: this file, beside the game.
pub const DEFAULT_FILE: &str = "campaigns/thinning_hymn.ron";

pub fn plugin(app: &mut App) {
    app.init_resource::<SavePath>()
        .add_message::<WindowCloseRequested>()
        .add_systems(OnEnter(Screen::Party), spawn_party)
        .add_systems(OnEnter(Screen::Story), spawn_story)
        .add_systems(OnEnter(Screen::Title), leave)
        .add_systems(
            Update,
            (choose_party, show_party)
                .chain()
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Party)),
        )
        .add_systems(
            Update,
            choose_story
                .in_set(MenuSystems::Choose)
                .run_if(in_state(Screen::Story)),
        )
        .add_systems(
            Update,
            save_the_battle
                .run_if(resource_exists::<CampaignRun>.and_then(in_state(Screen::Battle))),
        )
        .add_systems(Update, save_on_close.run_if(resource_exists::<CampaignRun>));
}

/// A campaign being played: it exists from the party screen's "Begin" (or "Continue
/// campaign") until the player leaves for the title.
#[derive(Resource, Clone, Debug)]
pub struct CampaignRun {
    /// What the save names the campaign by: a built-in campaign's short name, else its path.
    pub file: String,
    pub campaign: Campaign,
    pub progress: Progress,
    /// The battle on the board is the campaign's current battle (under way, or just over and
    /// not yet carried into the campaign).
    pub in_battle: bool,
    /// How the last battle or respite went, told before the next step.
    pub told: Option<Told>,
    /// Recoveries spent on the road since the story screen last moved on.
    pub road: Vec<Carried>,
    /// Where the story screen's focus opens.
    focus: usize,
}

/// What a battle or a respite came to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Told {
    pub title: String,
    /// Won or lost, for a battle.
    pub won: Option<bool>,
    pub text: String,
    pub lines: Vec<Carried>,
}

impl CampaignRun {
    pub fn new(file: String, campaign: Campaign, progress: Progress) -> Self {
        Self {
            file,
            campaign,
            progress,
            in_battle: false,
            told: None,
            road: Vec::new(),
            focus: 0,
        }
    }

    /// The battle on the board is over: the party carried on (won) or set to fight it again
    /// (lost), and the step's victory or defeat text to tell.
    pub fn finish_battle(&mut self, engine: &Engine) {
        self.in_battle = false;
        let Some(Step::Battle {
            title,
            victory,
            defeat,
            ..
        }) = self.progress.current(&self.campaign).cloned()
        else {
            return;
        };
        let lines = self.progress.end_battle(&self.campaign, engine);
        let won = engine.outcome() == Some(Outcome::Victory);
        self.told = Some(Told {
            title,
            won: Some(won),
            text: if won { victory } else { defeat },
            lines,
        });
        self.road.clear();
        self.focus = 0;
    }

    /// The current step's battle as a game, its seed the scenario's (the next one for each
    /// time it was lost, so a battle fought again rolls other dice).
    fn battle(&self) -> Result<Game, String> {
        let (file, text) = self.progress.battle(&self.campaign)?;
        let game = Game::new(&file, &text, None).map_err(|p| lines(&p))?;
        match self.progress.lost_tries {
            0 => Ok(game),
            tries => {
                let seed = game.seed().wrapping_add(u64::from(tries));
                Game::new(&file, &text, Some(seed)).map_err(|p| lines(&p))
            }
        }
    }

    /// The campaign as the save file holds it, with the battle under way.
    fn save(&self, battle: Option<Record>) -> CampaignSave {
        CampaignSave {
            file: self.file.clone(),
            progress: self.progress.clone(),
            battle,
        }
    }
}

fn lines(problems: &[Diagnostic]) -> String {
    let lines: Vec<String> = problems.iter().map(ToString::to_string).collect();
    lines.join("\n")
}

/// The campaign the title opens: the first built in, else [`DEFAULT_FILE`].
pub fn default_file() -> String {
    crate::scenarios::CAMPAIGNS
        .first()
        .map_or_else(|| DEFAULT_FILE.to_owned(), |c| c.name.to_owned())
}

/// Load a campaign by what a save names it: a built-in campaign by its short name, else
/// (natively) the file at that path, its battles read from beside it.
pub fn load(file: &str) -> Result<Campaign, String> {
    if let Some(embedded) = crate::scenarios::campaign_by_name(file) {
        return campaign::load(embedded.file, embedded.text, &|name| {
            embedded
                .battle(name)
                .map(|(file, text)| (file, text.to_owned()))
                .ok_or_else(|| "no such battle is built in".to_owned())
        })
        .map_err(|p| lines(&p));
    }
    load_file(file)
}

#[cfg(not(target_arch = "wasm32"))]
fn load_file(file: &str) -> Result<Campaign, String> {
    use std::path::Path;
    let path = Path::new(file);
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the campaign: {e}", path.display()))?;
    let dir = path.parent().unwrap_or(Path::new("."));
    campaign::load(file, &text, &|name| {
        let battle = dir.join(name);
        std::fs::read_to_string(&battle)
            .map(|text| (battle.display().to_string(), text))
            .map_err(|e| e.to_string())
    })
    .map_err(|p| lines(&p))
}

#[cfg(target_arch = "wasm32")]
fn load_file(file: &str) -> Result<Campaign, String> {
    Err(format!("no campaign called `{file}` is built in"))
}

/// A campaign file's path made absolute, so that its save finds it from anywhere; a built-in
/// campaign's name as it is.
fn absolute(file: String) -> String {
    #[cfg(not(target_arch = "wasm32"))]
    if crate::scenarios::campaign_by_name(&file).is_none()
        && let Ok(path) = std::fs::canonicalize(&file)
    {
        return path.display().to_string();
    }
    file
}

/// Where the campaign is saved: `campaign.ron` in the save directory (natively; none in the
/// browser, nor in tests unless they say).
#[derive(Resource, Clone, Debug, PartialEq, Eq)]
pub struct SavePath(pub Option<std::path::PathBuf>);

impl Default for SavePath {
    fn default() -> Self {
        #[cfg(all(not(target_arch = "wasm32"), not(test)))]
        return Self(Some(crate::saves::directory().join("campaign.ron")));
        #[cfg(any(target_arch = "wasm32", test))]
        return Self(None);
    }
}

impl SavePath {
    /// A campaign is saved there.
    pub fn exists(&self) -> bool {
        self.0.as_ref().is_some_and(|p| p.is_file())
    }
}

/// Write the campaign save (atomically), or remove it once the campaign has ended.
fn write(path: &SavePath, save: &CampaignSave) -> Result<(), String> {
    let Some(path) = &path.0 else {
        return Ok(());
    };
    if save.progress.ending.is_some() {
        return match std::fs::remove_file(path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => {
                Err(format!("{}: cannot remove the save: {e}", path.display()))
            }
            _ => Ok(()),
        };
    }
    write_file(path, save)
}

#[cfg(not(target_arch = "wasm32"))]
fn write_file(path: &std::path::Path, save: &CampaignSave) -> Result<(), String> {
    let pretty = ron::ser::PrettyConfig::new().depth_limit(4);
    let text = ron::ser::to_string_pretty(save, pretty).map_err(|e| e.to_string())?;
    crate::saves::write_atomically(path, text.as_bytes())
        .map_err(|e| format!("{}: cannot write the save: {e}", path.display()))
}

#[cfg(target_arch = "wasm32")]
fn write_file(_: &std::path::Path, _: &CampaignSave) -> Result<(), String> {
    Ok(())
}

/// Read the campaign save: where it stands, and the battle under way (checked as a save file
/// is: its format and its scenario's text).
fn read(path: &std::path::Path) -> Result<CampaignSave, String> {
    let name = path.display().to_string();
    let text =
        std::fs::read_to_string(path).map_err(|e| format!("{name}: cannot read the save: {e}"))?;
    let mut save: CampaignSave = ron::Options::default()
        .from_str(&text)
        .map_err(|e| format!("{name}: {e} (not a campaign save)"))?;
    if let Some(record) = save.battle.take() {
        save.battle =
            Some(Record::parse(&name, &record.to_ron()).map_err(|e| format!("{name}: {e}"))?);
    }
    Ok(save)
}

/// Save the campaign as it stands (with the battle on the board, while one is under way);
/// a failure is logged, and the game goes on.
fn save_now(world: &mut World) {
    let Some(run) = world.get_resource::<CampaignRun>() else {
        return;
    };
    let battle = run.in_battle.then(|| real_battle(world)).flatten();
    let save = run.save(battle);
    if let Err(e) = write(world.resource::<SavePath>(), &save) {
        warn!("campaign not saved: {e}");
    }
}

/// The campaign's battle as a save records it: the real game, never a "what if" branch open
/// over it (W), which is only for trying moves.
fn real_battle(world: &World) -> Option<Record> {
    match world.get_resource::<WhatIf>() {
        Some(branch) => Some(branch.origin().clone()),
        None => world.get_resource::<Rules>().map(|r| r.0.save()),
    }
}

/// Why "Continue campaign" could not continue, shown on the title.
#[derive(Resource, Clone, Debug)]
pub struct Notice(pub String);

/// "Continue campaign": load the save and go on where it stood — the story screen, or the
/// battle under way resumed from its record. A save that cannot be read is told on the title.
pub fn continue_saved(world: &mut World) {
    let screen = match resume(world) {
        Ok(screen) => screen,
        Err(e) => {
            world.insert_resource(Notice(e));
            Screen::Title
        }
    };
    world.resource_mut::<NextState<Screen>>().set(screen);
}

fn resume(world: &mut World) -> Result<Screen, String> {
    let Some(path) = world.resource::<SavePath>().0.clone() else {
        return Err("campaigns are not saved here".to_owned());
    };
    let save = read(&path)?;
    let campaign =
        load(&save.file).map_err(|e| format!("the saved campaign `{}`: {e}", save.file))?;
    let mut run = CampaignRun::new(save.file, campaign, save.progress);
    let Some(record) = save.battle else {
        world.insert_resource(run);
        return Ok(Screen::Story);
    };
    let game = record
        .resume()
        .map_err(|e| format!("{}: the battle under way: {e}", path.display()))?;
    if game.engine().outcome().is_some() {
        // Saved after its last blow: carried into the campaign as the results would have.
        run.finish_battle(game.engine());
        world.insert_resource(run);
        save_now(world);
        return Ok(Screen::Story);
    }
    run.in_battle = true;
    start(world, game, vec![Side::Director], Players::default(), None);
    world.insert_resource(run);
    Ok(Screen::Battle)
}

/// The battle on the board has ended and the results screen moves on: the campaign carries it
/// (see [`CampaignRun::finish_battle`]), is saved, and the story screen tells how it went.
pub fn end_battle(world: &mut World) {
    world.resource_scope(|world, mut run: Mut<CampaignRun>| {
        if let Some(rules) = world.get_resource::<Rules>() {
            run.finish_battle(rules.0.engine());
        }
    });
    save_now(world);
    world.resource_mut::<NextState<Screen>>().set(Screen::Story);
}

/// Back at the title: the campaign is saved where it stands (a battle just over carried into
/// it first) and put away.
pub fn leave(world: &mut World) {
    world.remove_resource::<PartyDraft>();
    let Some(mut run) = world.get_resource::<CampaignRun>().cloned() else {
        return;
    };
    if run.in_battle
        && let Some(game) = real_battle(world).and_then(|record| record.resume().ok())
        && game.engine().outcome().is_some()
    {
        run.finish_battle(game.engine());
        world.insert_resource(run);
    }
    save_now(world);
    world.remove_resource::<CampaignRun>();
}

/// In a campaign battle, the save key and each turn's start save the campaign with the
/// battle's record (the battle's own quicksave and autosave are written too).
fn save_the_battle(
    mut commands: Commands,
    controls: Single<&ActionState<Action>, With<Controls>>,
    run: Res<CampaignRun>,
    state: Res<CurrentState>,
    mut last: Local<Option<(u32, String)>>,
) {
    if !run.in_battle {
        return;
    }
    let turn = state.0.turn.clone().map(|turn| (state.0.round, turn));
    let turned = turn.is_some() && *last != turn;
    if turned {
        *last = turn;
    }
    if turned || controls.just_pressed(&Action::Save) {
        commands.queue(save_now);
    }
}

/// The window is closing: a battle under way is saved with the campaign.
fn save_on_close(
    mut commands: Commands,
    mut closing: MessageReader<WindowCloseRequested>,
    run: Res<CampaignRun>,
) {
    if closing.read().count() > 0 && run.in_battle {
        commands.queue(save_now);
    }
}

// ---------------------------------------------------------------------------------------------
// The party screen.

/// The campaign the party screen is choosing heroes for (or why it would not load), and the
/// classes chosen so far, in the order they take the starting squares.
#[derive(Resource, Clone, Debug)]
pub struct PartyDraft {
    pub file: String,
    pub campaign: Result<Campaign, String>,
    pub chosen: Vec<Class>,
}

impl PartyDraft {
    /// The campaign at `file` (see [`load`]), its suggested party chosen.
    pub fn open(file: String) -> Self {
        let file = absolute(file);
        let campaign = load(&file);
        let chosen = campaign
            .as_ref()
            .map(|c| c.spec.party.suggested.clone())
            .unwrap_or_default();
        Self {
            file,
            campaign,
            chosen,
        }
    }

    /// The line under the classes: how many heroes the campaign takes, and whether the party
    /// chosen fits (`Some` problem if it does not).
    fn count_line(&self) -> (String, bool) {
        let Ok(c) = &self.campaign else {
            return (String::new(), false);
        };
        let (min, max) = (c.spec.party.min, c.spec.party.max);
        let takes = match max - min {
            0 => format!("{min}"),
            1 => format!("{min} or {max}"),
            _ => format!("{min} to {max}"),
        };
        let hero = |n: usize| if n == 1 { "hero" } else { "heroes" };
        let n = self.chosen.len();
        if (min..=max).contains(&n) {
            (
                format!("{n} {} chosen (this campaign takes {takes})", hero(n)),
                true,
            )
        } else {
            (format!("Choose {takes} {}: {n} chosen", hero(max)), false)
        }
    }
}

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum PartyEntry {
    Class(Class),
    Begin,
    Back,
}

/// The box on a class's row, filled while the class is in the party.
#[derive(Component, Clone, Copy)]
struct Chip(Class);

/// A class's name on its row, lit while the class is in the party.
#[derive(Component, Clone, Copy)]
struct ClassName(Class);

/// The line saying how many heroes are chosen, or why the campaign cannot begin.
#[derive(Component)]
struct CountLine;

fn spawn_party(
    mut commands: Commands,
    draft: Option<Res<PartyDraft>>,
    mut focus: ResMut<Focus>,
    settings: Res<Settings>,
    save: Res<SavePath>,
) {
    let draft = match draft {
        Some(draft) => draft.clone(),
        None => {
            let draft = PartyDraft::open(default_file());
            commands.insert_resource(draft.clone());
            draft
        }
    };
    let classes = Class::ALL.len();
    commands
        .spawn((cover(), DespawnOnExit(Screen::Party)))
        .with_children(|screen| {
            let Ok(campaign) = &draft.campaign else {
                *focus = Focus(0);
                screen.spawn(text("The campaign did not load", 30.0, TITLE));
                let problem = draft.campaign.as_ref().err().cloned().unwrap_or_default();
                screen.spawn((text(ascii(&problem), 15.0, WARNING), wrapped(900.0)));
                button(screen, 0, 300.0, "Back").insert(PartyEntry::Back);
                screen.spawn(hints(&settings, Some("title"), None));
                return;
            };
            *focus = Focus(classes);
            screen
                .spawn(Node {
                    width: px(1080),
                    flex_direction: FlexDirection::Column,
                    align_items: AlignItems::Center,
                    row_gap: px(6),
                    ..default()
                })
                .with_children(|page| {
                    page.spawn(text(prose(&campaign.spec.name), 32.0, TITLE));
                    page.spawn((
                        text(prose(&campaign.spec.description), 16.0, TEXT),
                        TextLayout::justify(Justify::Center),
                        wrapped(1000.0),
                    ));
                    page.spawn((
                        text("Choose the party", 15.0, MUTED),
                        Node {
                            margin: UiRect::top(px(6)),
                            ..default()
                        },
                    ));
                    for (i, class) in Class::ALL.into_iter().enumerate() {
                        let name = campaign.spec.party.names.get(&class);
                        class_row(page, i, class, name.map(String::as_str));
                    }
                    page.spawn((
                        text("", 16.0, MUTED),
                        CountLine,
                        Node {
                            margin: UiRect::vertical(px(6)),
                            ..default()
                        },
                    ));
                    if save.exists() {
                        page.spawn(text(
                            "Begin replaces the campaign saved before (the title's Continue campaign goes back to it)",
                            15.0,
                            WARNING,
                        ));
                    }
                    page.spawn(Node {
                        column_gap: px(16),
                        ..default()
                    })
                    .with_children(|row| {
                        button(row, classes, 260.0, "Begin").insert(PartyEntry::Begin);
                        button(row, classes + 1, 260.0, "Back").insert(PartyEntry::Back);
                    });
                });
            screen.spawn(hints(&settings, Some("title"), None));
        });
}

/// A class's row: the box, its name (and the campaign's name for its hero), its heroic
/// resource, and what it is in a line.
fn class_row(page: &mut ChildSpawnerCommands, index: usize, class: Class, hero: Option<&str>) {
    let spec = class.spec();
    let name = match hero {
        Some(hero) => format!("{} ({})", prose(hero), spec.name),
        None => spec.name.clone(),
    };
    page.spawn((
        Button,
        MenuItem(index),
        PartyEntry::Class(class),
        Node {
            width: percent(100),
            padding: UiRect::axes(px(14), px(5)),
            border: UiRect::all(px(2)),
            border_radius: BorderRadius::all(px(6)),
            align_items: AlignItems::Center,
            column_gap: px(14),
            ..default()
        },
        BackgroundColor::default(),
        BorderColor::default(),
    ))
    .with_children(|row| {
        row.spawn((
            Chip(class),
            Node {
                width: px(18),
                height: px(18),
                flex_shrink: 0.0,
                border: UiRect::all(px(2)),
                border_radius: BorderRadius::all(px(4)),
                ..default()
            },
            BackgroundColor::default(),
            BorderColor::all(HEROES),
        ));
        row.spawn(Node {
            width: px(300),
            flex_shrink: 0.0,
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .with_children(|names| {
            names.spawn((text(name, 17.0, TEXT), ClassName(class)));
            names.spawn(text(format!("Resource: {}", spec.resource), 13.0, MUTED));
        });
        row.spawn((
            text(prose(&spec.story), 14.0, TEXT),
            Node {
                flex_grow: 1.0,
                flex_shrink: 1.0,
                ..default()
            },
        ));
    });
}

fn choose_party(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&PartyEntry>,
    mut draft: ResMut<PartyDraft>,
    mut next: ResMut<NextState<Screen>>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        match (input.ask, entry) {
            (Ask::Back, _) | (Ask::Choose, PartyEntry::Back) => next.set(Screen::Title),
            (Ask::Choose, PartyEntry::Class(class)) => {
                match draft.chosen.iter().position(|c| *c == class) {
                    Some(at) => {
                        draft.chosen.remove(at);
                    }
                    None => draft.chosen.push(class),
                }
            }
            (Ask::Choose, PartyEntry::Begin) => {
                let Ok(campaign) = &draft.campaign else {
                    continue;
                };
                if !draft.count_line().1 {
                    // The count line already says what is wrong.
                    continue;
                }
                let choice: Vec<(Class, Option<String>)> =
                    draft.chosen.iter().map(|c| (*c, None)).collect();
                let Ok(progress) = Progress::start(campaign, &choice) else {
                    continue;
                };
                let run = CampaignRun::new(draft.file.clone(), campaign.clone(), progress);
                commands.queue(move |world: &mut World| {
                    world.insert_resource(run);
                    save_now(world);
                });
                next.set(Screen::Story);
            }
            (Ask::Step(_), _) => {}
        }
    }
}

/// Fill the chosen classes' boxes and write the count line.
fn show_party(
    draft: Res<PartyDraft>,
    added: Query<(), Added<Chip>>,
    mut chips: Query<(&Chip, &mut BackgroundColor)>,
    mut names: Query<(&ClassName, &mut TextColor), Without<CountLine>>,
    mut count: Query<(&mut Text, &mut TextColor), With<CountLine>>,
) {
    if !draft.is_changed() && added.is_empty() {
        return;
    }
    let chosen = |class: Class| draft.chosen.contains(&class);
    for (chip, mut back) in &mut chips {
        back.0 = if chosen(chip.0) { HEROES } else { BACKDROP };
    }
    for (name, mut colour) in &mut names {
        colour.0 = if chosen(name.0) { HEROES } else { TEXT };
    }
    let (line, fits) = draft.count_line();
    for (mut text, mut colour) in &mut count {
        text.0 = line.clone();
        colour.0 = if fits { MUTED } else { WARNING };
    }
}

// ---------------------------------------------------------------------------------------------
// The story screen.

#[derive(Component, Clone, Copy, Debug, PartialEq, Eq)]
enum StoryEntry {
    /// Move on: continue, to battle, take the respite, or back to the title at the end.
    Go,
    /// Spend Recoveries for every hero at or below its winded value.
    PatchUp,
    /// Spend one of this hero's Recoveries (by its place in the party).
    Recover(usize),
    Title,
}

/// What the story screen shows, worked out from the campaign as it stands.
#[derive(Clone, Debug, PartialEq)]
pub struct Page {
    /// Where it is in the campaign (`The Thinning Hymn - step 3 of 14`).
    pub kicker: String,
    pub title: String,
    /// Victory or defeat, in its colour.
    pub headline: Option<(String, Color)>,
    pub text: String,
    pub lines: Vec<(String, Color)>,
    /// The button that moves on.
    pub go: String,
    /// Recoveries may be spent here.
    pub road: bool,
}

fn carried_colour(c: &Carried) -> Color {
    match c {
        Carried::Died { .. } | Carried::Fallen { .. } => WARNING,
        Carried::Rose { .. } | Carried::Victories { .. } => HEROES,
        _ => TEXT,
    }
}

/// The page for the campaign as it stands.
pub fn page(run: &CampaignRun) -> Page {
    let c = &run.campaign;
    let p = &run.progress;
    let steps = c.spec.steps.len();
    let mut page = Page {
        kicker: format!(
            "{} - step {} of {steps}",
            c.spec.name,
            (p.step + 1).min(steps)
        ),
        title: String::new(),
        headline: None,
        text: String::new(),
        lines: Vec::new(),
        go: "Continue".to_owned(),
        road: true,
    };
    let road = |page: &mut Page| {
        page.lines
            .extend(run.road.iter().map(|r| (r.to_string(), carried_colour(r))));
    };
    if let Some(told) = &run.told {
        page.title = told.title.clone();
        page.headline = told.won.map(|won| {
            if won {
                ("Victory".to_owned(), HEROES)
            } else {
                ("Defeat".to_owned(), DIRECTOR)
            }
        });
        page.text = told.text.clone();
        page.lines = told
            .lines
            .iter()
            .map(|l| (l.to_string(), carried_colour(l)))
            .collect();
        if told.won == Some(false) {
            page.lines.push((
                "The party stands as it did before the battle, to fight it again.".to_owned(),
                MUTED,
            ));
        }
        road(&mut page);
        return page;
    }
    let fought = || {
        p.fought
            .iter()
            .map(|f| {
                (
                    format!(
                        "{}: {} in round {}{}",
                        f.title,
                        if f.won { "won" } else { "lost" },
                        f.rounds,
                        if f.attempt > 1 {
                            format!(" (try {})", f.attempt)
                        } else {
                            String::new()
                        }
                    ),
                    if f.won { TEXT } else { MUTED },
                )
            })
            .collect()
    };
    match (p.ending, p.current(c)) {
        (Some(Ending::Lost), _) => {
            page.kicker = c.spec.name.clone();
            page.title = "The campaign is lost".to_owned();
            page.headline = Some(("No hero is left standing".to_owned(), DIRECTOR));
            page.lines = fought();
            page.go = "Back to the title".to_owned();
            page.road = false;
        }
        (_, None) => {
            page.kicker = c.spec.name.clone();
            page.title = "The campaign is won".to_owned();
            page.headline = Some(("Every step of the story is played".to_owned(), HEROES));
            page.lines = fought();
            page.go = "Back to the title".to_owned();
            page.road = false;
        }
        (_, Some(Step::Story { title, text })) => {
            page.title = title.clone();
            page.text = text.clone();
        }
        (
            _,
            Some(Step::Battle {
                title,
                before,
                bonus_victories,
                ..
            }),
        ) => {
            page.title = title.clone();
            page.text = before.clone();
            if *bonus_victories > 0 {
                page.lines.push((
                    format!("A hard fight: {bonus_victories} Victory(s) more for each survivor"),
                    MUTED,
                ));
            }
            if p.lost_tries > 0 {
                page.lines.push((
                    format!(
                        "Lost {} time(s); the party stands as it did before it.",
                        p.lost_tries
                    ),
                    MUTED,
                ));
                page.go = "To battle again".to_owned();
            } else {
                page.go = "To battle".to_owned();
            }
        }
        (_, Some(Step::Respite { text })) => {
            page.title = "Respite".to_owned();
            page.text = if text.is_empty() {
                "The party rests: Recoveries and Stamina come back, and Victories become experience."
                    .to_owned()
            } else {
                text.clone()
            };
            page.go = "Take the respite".to_owned();
        }
    }
    road(&mut page);
    page
}

/// Whether a hero may spend a Recovery now, and what it would regain.
fn recovery(member: &campaign::Member) -> Option<i32> {
    member.clone().spend_recovery()
}

/// Whether "Patch up the party" would do anything: a hero still fighting at or below its winded
/// value with a Recovery left.
fn patchable(progress: &Progress) -> bool {
    progress
        .party
        .fighting()
        .any(|m| m.stamina <= m.maxima().0 / 2 && m.recoveries > 0)
}

/// The story screen's buttons in the keyboard's order: move on, patch up, each hero who may
/// spend a Recovery, the title.
fn order(run: &CampaignRun, page: &Page) -> Vec<StoryEntry> {
    let mut order = vec![StoryEntry::Go];
    if !page.road {
        return order;
    }
    if patchable(&run.progress) {
        order.push(StoryEntry::PatchUp);
    }
    for (i, m) in run.progress.party.members.iter().enumerate() {
        if recovery(m).is_some() {
            order.push(StoryEntry::Recover(i));
        }
    }
    order.push(StoryEntry::Title);
    order
}

fn spawn_story(
    mut commands: Commands,
    run: Option<Res<CampaignRun>>,
    mut focus: ResMut<Focus>,
    mut next: ResMut<NextState<Screen>>,
    settings: Res<Settings>,
) {
    let Some(run) = run else {
        next.set(Screen::Title);
        return;
    };
    let page = page(&run);
    let order = order(&run, &page);
    let at = |entry: StoryEntry| order.iter().position(|e| *e == entry);
    *focus = Focus(run.focus.min(order.len() - 1));
    commands
        .spawn((cover(), DespawnOnExit(Screen::Story)))
        .with_children(|screen| {
            screen
                .spawn(Node {
                    column_gap: px(28),
                    align_items: AlignItems::FlexStart,
                    max_height: percent(90),
                    ..default()
                })
                .with_children(|columns| {
                    columns
                        .spawn(Node {
                            width: px(720),
                            flex_direction: FlexDirection::Column,
                            row_gap: px(10),
                            ..default()
                        })
                        .with_children(|story| {
                            story.spawn(text(prose(&page.kicker), 15.0, MUTED));
                            story.spawn(text(prose(&page.title), 32.0, TITLE));
                            if let Some((headline, colour)) = &page.headline {
                                story.spawn(text(prose(headline), 22.0, *colour));
                            }
                            if !page.text.is_empty() {
                                story.spawn((text(prose(&page.text), 17.0, TEXT), wrapped(720.0)));
                            }
                            if !page.lines.is_empty() {
                                story
                                    .spawn(Node {
                                        flex_direction: FlexDirection::Column,
                                        row_gap: px(3),
                                        margin: UiRect::top(px(4)),
                                        ..default()
                                    })
                                    .with_children(|told| {
                                        for (line, colour) in &page.lines {
                                            told.spawn((
                                                text(prose(line), 14.0, *colour),
                                                wrapped(720.0),
                                            ));
                                        }
                                    });
                            }
                            story
                                .spawn(Node {
                                    flex_direction: FlexDirection::Column,
                                    row_gap: px(8),
                                    margin: UiRect::top(px(10)),
                                    ..default()
                                })
                                .with_children(|buttons| {
                                    button(buttons, 0, 320.0, page.go.clone())
                                        .insert(StoryEntry::Go);
                                    if let Some(i) = at(StoryEntry::PatchUp) {
                                        button(buttons, i, 320.0, "Patch up the party")
                                            .insert(StoryEntry::PatchUp);
                                    }
                                    if let Some(i) = at(StoryEntry::Title) {
                                        button(buttons, i, 320.0, "Save and quit to title")
                                            .insert(StoryEntry::Title);
                                    }
                                });
                        });
                    columns
                        .spawn(Node {
                            width: px(400),
                            flex_direction: FlexDirection::Column,
                            padding: UiRect::all(px(16)),
                            row_gap: px(8),
                            border_radius: BorderRadius::all(px(10)),
                            ..default()
                        })
                        .insert(BackgroundColor(PANEL))
                        .with_children(|panel| {
                            panel.spawn(text("The party", 20.0, TITLE));
                            for (i, m) in run.progress.party.members.iter().enumerate() {
                                member_card(panel, m, at(StoryEntry::Recover(i)), i);
                            }
                        });
                });
            screen.spawn(hints(&settings, Some("title"), None));
        });
}

/// A hero of the party as it stands; a button to spend a Recovery when it may (`index`).
fn member_card(
    panel: &mut ChildSpawnerCommands,
    m: &campaign::Member,
    index: Option<usize>,
    place: usize,
) {
    let (max, recoveries_max) = m.maxima();
    let mut card = panel.spawn(Node {
        flex_direction: FlexDirection::Column,
        padding: UiRect::axes(px(10), px(5)),
        border: UiRect::all(px(2)),
        border_radius: BorderRadius::all(px(6)),
        ..default()
    });
    if let Some(index) = index {
        card.insert((
            Button,
            MenuItem(index),
            StoryEntry::Recover(place),
            BackgroundColor::default(),
            BorderColor::default(),
        ));
    }
    let dim = |colour: Color| if m.dead { MUTED } else { colour };
    card.with_children(|card| {
        card.spawn(Node {
            justify_content: JustifyContent::SpaceBetween,
            ..default()
        })
        .with_children(|line| {
            line.spawn(text(prose(&m.name), 17.0, dim(HEROES)));
            line.spawn(text(
                format!("{}, level {}", m.class.spec().name, m.level),
                14.0,
                MUTED,
            ));
        });
        if m.dead {
            card.spawn(text("Dead: fights no more", 14.0, WARNING));
            return;
        }
        let winded = m.stamina <= max / 2;
        card.spawn(text(
            format!(
                "Stamina {}/{max}   Recoveries {}/{recoveries_max}",
                m.stamina, m.recoveries
            ),
            14.0,
            if winded { WARNING } else { TEXT },
        ));
        card.spawn(text(
            format!("Victories {}   XP {}", m.victories, m.xp),
            14.0,
            TEXT,
        ));
        if let (Some(_), Some(gain)) = (index, recovery(m)) {
            card.spawn(text(
                format!("Spend a Recovery: +{gain} Stamina"),
                13.0,
                HEROES,
            ));
        }
    });
}

fn choose_story(
    mut commands: Commands,
    mut input: MessageReader<MenuInput>,
    entries: Query<&StoryEntry>,
) {
    for input in input.read() {
        let Ok(&entry) = entries.get(input.item) else {
            continue;
        };
        let entry = match (input.ask, entry) {
            (Ask::Back, _) => StoryEntry::Title,
            (Ask::Choose, entry) => entry,
            (Ask::Step(_), _) => continue,
        };
        commands.queue(move |world: &mut World| act(world, entry));
    }
}

/// Do what the story screen's button asks.
fn act(world: &mut World, entry: StoryEntry) {
    let Some(mut run) = world.get_resource::<CampaignRun>().cloned() else {
        return;
    };
    let page = page(&run);
    let before = order(&run, &page);
    let screen = match entry {
        StoryEntry::Title => Screen::Title,
        StoryEntry::PatchUp => {
            let told = run.progress.patch_up();
            run.road.extend(told);
            run.focus = 0;
            Screen::Story
        }
        StoryEntry::Recover(i) => {
            if let Some(m) = run.progress.party.members.get_mut(i)
                && m.spend_recovery().is_some()
            {
                run.road.push(Carried::Recovered {
                    hero: m.name.clone(),
                    stamina: m.stamina,
                });
            }
            // The focus stays on the hero while it may spend more, else at its place.
            let was = before.iter().position(|e| *e == entry).unwrap_or(0);
            let now = order(&run, &self::page(&run));
            run.focus = now
                .iter()
                .position(|e| *e == entry)
                .unwrap_or(was.min(now.len() - 1));
            Screen::Story
        }
        StoryEntry::Go if !page.road => Screen::Title,
        StoryEntry::Go => {
            run.focus = 0;
            if run.told.take().is_some() {
                run.road.clear();
                Screen::Story
            } else {
                match run.progress.current(&run.campaign).cloned() {
                    Some(Step::Battle { .. }) => match run.battle() {
                        Ok(game) => {
                            run.in_battle = true;
                            run.road.clear();
                            start(world, game, vec![Side::Director], Players::default(), None);
                            Screen::Battle
                        }
                        Err(e) => {
                            warn!("the campaign's battle did not load: {e}");
                            run.road.clear();
                            run.told = Some(Told {
                                title: "The battle did not load".to_owned(),
                                won: None,
                                text: e,
                                lines: Vec::new(),
                            });
                            Screen::Story
                        }
                    },
                    Some(Step::Respite { text }) => {
                        let lines = run.progress.advance(&run.campaign);
                        run.road.clear();
                        run.told = Some(Told {
                            title: "Respite".to_owned(),
                            won: None,
                            text: if text.is_empty() {
                                "The party rests.".to_owned()
                            } else {
                                text
                            },
                            lines,
                        });
                        Screen::Story
                    }
                    Some(Step::Story { .. }) => {
                        run.progress.advance(&run.campaign);
                        run.road.clear();
                        Screen::Story
                    }
                    None => Screen::Title,
                }
            }
        }
    };
    world.insert_resource(run);
    save_now(world);
    world.resource_mut::<NextState<Screen>>().set(screen);
}

/// Story text in the game's font: curly quotes and dashes as plain ones.
fn prose(text: &str) -> String {
    let plain: String = text
        .chars()
        .map(|c| match c {
            '\u{2018}' | '\u{2019}' => '\'',
            '\u{201c}' | '\u{201d}' => '"',
            c => c,
        })
        .collect();
    ascii(&plain)
}

/// A text node that wraps at `width` pixels.
fn wrapped(width: f32) -> Node {
    Node {
        max_width: px(width),
        ..default()
    }
}

#[cfg(test)]
mod tests {
    //! The campaign's screens driven headless, by key presses, over a small campaign of two
    //! fights against goblins that stand no chance.

    use steelgrid_rules::ai;

    use super::super::tests::{app, press, screen, texts};
    use super::*;

    /// The rules crate's campaign battle: goblins that stand no chance.
    const SKIRMISH: &str =
        include_str!("../../../crates/steelgrid_rules/tests/fixtures/campaign_skirmish.ron");

    const TWO_FIGHTS: &str = r#"Campaign(
    name: "Two Fights",
    description: "A short road with goblins on it.",
    party: (min: 2, max: 3, suggested: [Fury, Conduit], names: {Fury: "Garran"}),
    advancement: [(level: 2, xp: 2)],
    steps: [
        Story(title: "Dawn", text: "They set out at dawn."),
        Battle(
            scenario: "skirmish.ron",
            title: "Goblins on the Road",
            before: "Two goblins bar the road.",
            victory: "The goblins flee into the ditch.",
            defeat: "The goblins laugh.",
            bonus_victories: 1,
        ),
        Respite(text: "They rest at an inn."),
        Battle(scenario: "skirmish.ron", title: "More Goblins"),
    ],
)"#;

    fn two_fights() -> Campaign {
        campaign::load("two.ron", TWO_FIGHTS, &|name| match name {
            "skirmish.ron" => Ok((name.to_owned(), SKIRMISH.to_owned())),
            _ => Err("no such file".to_owned()),
        })
        .unwrap()
    }

    /// The screens at the party screen of the small campaign, its suggested party chosen.
    fn at_the_party_screen(save: Option<std::path::PathBuf>) -> App {
        let mut app = app(Screen::Title);
        let campaign = two_fights();
        app.insert_resource(SavePath(save));
        app.insert_resource(PartyDraft {
            file: "two.ron".to_owned(),
            chosen: campaign.spec.party.suggested.clone(),
            campaign: Ok(campaign),
        });
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Party);
        app.update();
        assert_eq!(screen(&app), Screen::Party);
        app
    }

    fn run(app: &App) -> &CampaignRun {
        app.world().resource::<CampaignRun>()
    }

    fn shows(app: &mut App, wanted: &str) -> bool {
        texts(app).iter().any(|t| t.contains(wanted))
    }

    #[test]
    fn choosing_a_party_and_beginning_tells_the_opening_page() {
        let mut app = at_the_party_screen(None);
        assert!(shows(&mut app, "Two Fights"));
        assert!(
            shows(&mut app, "Garran (Fury)"),
            "the campaign's name for its hero"
        );
        assert!(shows(&mut app, "Resource: Ferocity"));
        assert!(shows(
            &mut app,
            "2 heroes chosen (this campaign takes 2 or 3)"
        ));
        // The focus opens on Begin, under the nine classes: up is the Troubadour, then the
        // Talent. Both in: one too many, and Begin refuses.
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "Choose 2 or 3 heroes: 4 chosen"));
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Party);
        assert!(app.world().get_resource::<CampaignRun>().is_none());
        // The Talent out again: three heroes, and the campaign begins.
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::ArrowDown);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Story);
        let classes: Vec<Class> = run(&app)
            .progress
            .party
            .members
            .iter()
            .map(|m| m.class)
            .collect();
        assert_eq!(classes, [Class::Fury, Class::Conduit, Class::Troubadour]);
        for line in ["Two Fights - step 1 of 4", "Dawn", "They set out at dawn."] {
            assert!(shows(&mut app, line), "{line}: {:?}", texts(&mut app));
        }
        // The party beside it.
        assert!(shows(&mut app, "Garran"));
        assert!(shows(&mut app, "Fury, level 1"));
        assert!(shows(&mut app, "Stamina 27/27   Recoveries 10/10"));
        // On to the battle's page.
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "Two goblins bar the road."));
        assert!(shows(&mut app, "To battle"));
        // Esc leaves for the title, and the campaign is put away.
        press(&mut app, KeyCode::Escape);
        assert_eq!(screen(&app), Screen::Title);
        assert!(app.world().get_resource::<CampaignRun>().is_none());
    }

    /// Play the battle on the board to its end with the AI on both sides, then wait for the
    /// results.
    fn fight_it_out(app: &mut App) {
        loop {
            let mut rules = app.world_mut().resource_mut::<Rules>();
            let game = &mut rules.0;
            let Some(side) = ai::side_to_answer(&game.engine().state()) else {
                break;
            };
            let decision = ai::decide(game.engine(), side).expect("the AI moves");
            game.apply(decision.command).expect("the engine accepts it");
            assert!(game.engine().turn().round <= 30, "the battle does not end");
        }
        for _ in 0..10 {
            app.update();
        }
        assert_eq!(screen(app), Screen::Results);
    }

    #[test]
    fn a_won_battle_carries_the_party_to_the_next_step() {
        let mut app = at_the_party_screen(None);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        assert!(run(&app).in_battle);
        let ids: Vec<String> = app
            .world()
            .resource::<Rules>()
            .0
            .engine()
            .state()
            .creatures
            .iter()
            .map(|c| c.id.clone())
            .collect();
        assert_eq!(
            ids,
            ["fury", "conduit", "g1", "g2"],
            "the party in the file's hero's place"
        );

        fight_it_out(&mut app);
        let engine = &app.world().resource::<Rules>().0.engine();
        assert_eq!(engine.outcome(), Some(Outcome::Victory));
        let stamina: Vec<(String, i32)> = ["fury", "conduit"]
            .map(|id| {
                (
                    id.to_owned(),
                    engine.creature_record(id).unwrap().stamina.current,
                )
            })
            .into();
        assert!(shows(&mut app, "Continue the campaign"));
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Story);
        let r = run(&app);
        assert!(!r.in_battle);
        assert!(matches!(
            r.progress.current(&r.campaign),
            Some(Step::Respite { .. })
        ));
        for (m, (id, left)) in r.progress.party.members.iter().zip(&stamina) {
            assert_eq!((&m.id, m.stamina), (id, *left), "as the fight left it");
            assert_eq!(m.victories, 2, "{id}: one for surviving, one bonus");
        }
        for line in [
            "Victory",
            "The goblins flee into the ditch.",
            "Garran earns 2 Victory(s): 2 now",
        ] {
            assert!(shows(&mut app, line), "{line}: {:?}", texts(&mut app));
        }
        assert!(shows(&mut app, "Victories 2   XP 0"));

        // On to the respite: rested, the Victories into XP, and level 2.
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "They rest at an inn."));
        assert!(shows(&mut app, "Take the respite"));
        press(&mut app, KeyCode::Enter);
        assert!(
            shows(&mut app, "Garran reaches level 2"),
            "{:?}",
            texts(&mut app)
        );
        assert!(shows(&mut app, "Fury, level 2"));
        assert!(shows(&mut app, "Victories 0   XP 2"));
        let r = run(&app);
        assert!(matches!(
            r.progress.current(&r.campaign),
            Some(Step::Battle { title, .. }) if title == "More Goblins"
        ));
    }

    #[test]
    fn a_lost_battle_is_told_then_fought_again_with_other_dice() {
        let mut app = at_the_party_screen(None);
        for _ in 0..3 {
            press(&mut app, KeyCode::Enter);
        }
        assert_eq!(screen(&app), Screen::Battle);
        let seed = app.world().resource::<Rules>().0.seed();
        // Given up before it is won, as "Fight again" on the results would carry it.
        end_battle(app.world_mut());
        app.update();
        assert_eq!(screen(&app), Screen::Story);
        for line in ["Defeat", "The goblins laugh.", "to fight it again"] {
            assert!(shows(&mut app, line), "{line}: {:?}", texts(&mut app));
        }
        assert_eq!(run(&app).progress.lost_tries, 1);
        press(&mut app, KeyCode::Enter);
        assert!(shows(&mut app, "Two goblins bar the road."));
        assert!(shows(&mut app, "Lost 1 time(s)"));
        assert!(shows(&mut app, "To battle again"));
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        assert_eq!(app.world().resource::<Rules>().0.seed(), seed + 1);
    }

    #[test]
    fn a_campaign_left_mid_battle_continues_from_its_save() {
        let dir = std::env::temp_dir().join(format!("steelgrid-campaign-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let path = dir.join("campaign.ron");
        let mut app = at_the_party_screen(Some(path.clone()));
        press(&mut app, KeyCode::Enter);
        assert!(path.is_file(), "saved as the campaign begins");
        press(&mut app, KeyCode::Enter);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        {
            let mut rules = app.world_mut().resource_mut::<Rules>();
            let side = ai::side_to_answer(&rules.0.engine().state()).unwrap();
            let decision = ai::decide(rules.0.engine(), side).unwrap();
            rules.0.apply(decision.command).unwrap();
        }
        let checksum = app.world().resource::<Rules>().0.checksum();
        // Pause, and quit to title (the pause menu's last line).
        press(&mut app, KeyCode::Escape);
        press(&mut app, KeyCode::ArrowUp);
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Title);
        assert!(app.world().get_resource::<CampaignRun>().is_none());
        let saved = read(&path).unwrap();
        assert_eq!(saved.file, "two.ron");
        assert_eq!(saved.battle.as_ref().map(|b| b.steps.len()), Some(1));

        // "Continue campaign" is the title's first line now. The small campaign is not built
        // in, so the save's campaign is read from a file of that name.
        std::fs::write(dir.join("skirmish.ron"), SKIRMISH).unwrap();
        std::fs::write(dir.join("two.ron"), TWO_FIGHTS).unwrap();
        let mut save = saved;
        save.file = dir.join("two.ron").display().to_string();
        write(&SavePath(Some(path.clone())), &save).unwrap();
        app.world_mut()
            .resource_mut::<NextState<Screen>>()
            .set(Screen::Title);
        app.update();
        assert!(shows(&mut app, "Continue campaign"));
        press(&mut app, KeyCode::Enter);
        assert_eq!(screen(&app), Screen::Battle);
        assert!(run(&app).in_battle);
        assert_eq!(app.world().resource::<Rules>().0.checksum(), checksum);
        assert_eq!(run(&app).progress.step, 1);
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
