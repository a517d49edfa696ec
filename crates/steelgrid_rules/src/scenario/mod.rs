//! Scenario files (RON): the map with its legend, sides and who controls them, creatures from
//! templates or inline, seed, scripted dice, rules options and objectives. Loading checks
//! everything and reports each problem at `file:line:col`.

mod added;
pub mod bestiary;
pub mod catalogue;
pub mod draft;
mod objectives;
mod scripted;
pub mod start;
mod summons;
mod tiled_map;
pub mod write;

pub use crate::diagnostic::{Diagnostic, ron_options};
pub use scripted::{ActionSpec, ScriptEntry};
pub use tiled_map::ReadFile;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ability::{Ability, AbilityBook};
use crate::creature::*;
use crate::director::malice::{Malice, MaliceFeature};
use crate::director::monster::MonsterFormula;
use crate::director::squad::{CaptainBonus, MAX_SQUAD, Squad, Squads};
use crate::ruleset::RulesetName;

use crate::command::Command;
use crate::command_list::PlacedCommand;
use crate::creature_record::CreatureRecord;
use crate::dice::Dice;
use crate::director::monster::Pricing;
use crate::encounter::{EncounterInfo, Objective};
use crate::engine::{Engine, Snapshot};
use crate::event::EventLog;
use crate::grid::{Cell, Footprint, Map, Material, Size, Square, Terrain};
use crate::options::RulesOptions;
use crate::source::{self, line_col};
use crate::turn::TurnState;

/// The built-in content library: original creature templates built on the rules' formulas.
pub const LIBRARY: &str = include_str!("../../content/creatures.ron");

/// Who plays a side.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Controller {
    #[default]
    Human,
    Ai,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Sides {
    #[serde(default)]
    pub heroes: Controller,
    #[serde(default = "ai")]
    pub director: Controller,
}

fn ai() -> Controller {
    Controller::Ai
}

/// One legend entry: what a map character stands for.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tile {
    #[serde(default)]
    pub terrain: Terrain,
    #[serde(default)]
    pub elevation: i32,
    /// For a wall or object: how many squares tall it stands, its squares stacked (seed 002
    /// L1474-1478); left out, it is taller than anything on the map.
    #[serde(default)]
    pub height: Option<u32>,
    /// A named zone (spawn zone, area for scripted events) this square belongs to.
    #[serde(default)]
    pub zone: Option<String>,
    /// Darkness or fog: a creature standing wholly in it has concealment.
    #[serde(default)]
    pub concealing: bool,
    /// The ground under this square, where it differs from the map's `ground`.
    #[serde(default)]
    pub ground: Option<crate::movement::burrow::Soil>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapSpec {
    /// Characters used in `rows`. `.` (floor), `#` (wall) and `~` (difficult terrain) are
    /// predefined and may be redefined.
    #[serde(default)]
    pub legend: BTreeMap<char, Tile>,
    /// Rows from the top; every row the same length.
    #[serde(default)]
    pub rows: Vec<String>,
    /// What the ground under the map is: `Dirt` (burrowers dig through it) or `Stone`
    /// (seed 002 L2606); a legend entry's `ground` overrides it for its squares.
    #[serde(default)]
    pub ground: crate::movement::burrow::Soil,
    /// The map drawn in Tiled instead: a `.tmx` file, relative to the scenario file, whose tiles'
    /// properties give the terrain (README, "Maps from Tiled"). Loading reads it into `legend`
    /// and `rows` before anything else, so a map has either this or those.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tiled: Option<String>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HeroSpec {
    #[serde(default = "one")]
    pub level: u32,
    pub recoveries: u32,
    /// Recoveries not yet spent when the encounter starts, for a hero carried on from an
    /// earlier fight (seed 002 L843-857: spent ones come back only with a respite); all of
    /// them when left out.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recoveries_left: Option<u32>,
    #[serde(default)]
    pub heroic_resource: i32,
    /// Heroic resource gained at the start of each of its turns.
    #[serde(default)]
    pub resource_per_turn: i32,
    /// Victories earned since the last respite (their average feeds the Director's Malice).
    #[serde(default)]
    pub victories: u32,
    /// Experience from earlier respites (seed 002 L831-835).
    #[serde(default)]
    pub xp: u32,
    /// Its kit's melee and ranged weapon damage bonuses (seed 002 L1438-1442).
    #[serde(default)]
    pub kit: crate::ability::Kit,
    /// Surges on hand when the encounter starts (seed 002 L1646-1655).
    #[serde(default)]
    pub surges: u32,
    /// Its class, which names its heroic resource and how it grows (seed 002 L1309-1327).
    #[serde(default)]
    pub class: Option<crate::class::Class>,
}

fn one() -> u32 {
    1
}

/// A creature as written: every field may come from a template instead.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CreatureSpec {
    pub id: Option<String>,
    pub name: Option<String>,
    /// A template from the scenario's `templates` or the built-in library.
    pub template: Option<String>,
    /// The silhouette the window draws it with: the name of one of the icons the game carries
    /// (`steelgrid check` lists them). No rule reads it. By default a built-in kind's own, and
    /// the initials of its name for a kind the scenario makes.
    pub icon: Option<String>,
    pub side: Option<Side>,
    pub size: Option<Size>,
    pub speed: Option<u32>,
    /// Maximum Stamina.
    pub stamina: Option<i32>,
    /// Current Stamina when the encounter starts (defaults to the maximum).
    pub current_stamina: Option<i32>,
    pub temporary_stamina: Option<i32>,
    pub stability: Option<u32>,
    /// Lasting effects on its stability when the encounter starts, such as a curse's −3; its
    /// stability never drops below 0 (seed 002 L2811).
    pub stability_modifier: Option<i32>,
    pub characteristics: Option<Characteristics>,
    pub free_strike: Option<u32>,
    pub immunities: Option<Vec<DamageModifier>>,
    pub weaknesses: Option<Vec<DamageModifier>>,
    /// Present for heroes (player characters).
    pub hero: Option<HeroSpec>,
    /// Minions fight in squads.
    pub minion: Option<bool>,
    pub squad: Option<String>,
    /// The Director's initiative group.
    pub group: Option<String>,
    pub position: Option<Square>,
    pub surprised: Option<bool>,
    /// Starts the encounter prone.
    pub prone: Option<bool>,
    /// Conditions it starts the encounter with, each with its duration and the creature it is
    /// of or was imposed by (seed 002 L1669-1693).
    pub conditions: Option<Vec<start::StartCondition>>,
    /// Starts the encounter grabbed by this adjacent creature (seed 002 L1741-1747).
    pub grabbed_by: Option<String>,
    /// Movement modes beyond walking: `[Climb, Swim, Teleport, Fly, Hover]`.
    pub movement: Option<Vec<MovementMode>>,
    /// Squares above the ground at the start (fliers only).
    pub altitude: Option<u32>,
    /// Squares below the ground at the start (burrowers only).
    pub depth: Option<u32>,
    /// It breathes water, so it never has to hold its breath underwater (seed 002 L3119-3121).
    pub breathes_water: Option<bool>,
    /// Ids of its abilities, from the scenario's `abilities` or the built-in library.
    pub abilities: Option<Vec<String>>,
    /// Invisible: always concealed.
    pub invisible: Option<bool>,
    /// Consumables it carries, by ability id (a potion twice is two potions).
    pub consumables: Option<Vec<String>>,
    /// Its family's Malice features, by id (from the scenario's `malice_features` or the
    /// built-in library).
    pub malice_features: Option<Vec<String>>,
    /// A minion's bonus while its squad has a captain (seed 002 L4454-4456).
    pub with_captain: Option<CaptainBonus>,
    /// The squad this creature leads as its captain (seed 002 L4444-4452).
    pub captain_of: Option<String>,
    /// End Effect: the damage it takes at the end of its turn to end one save-ends effect on
    /// itself (seed 002 L4178-4180).
    pub end_effect: Option<u32>,
    /// A retainer: the id of the hero it follows, its mentor (seed 002 L4738-4773).
    pub retainer_of: Option<String>,
    /// A Director creature's `(level, organization, role)`, which prices it for the encounter
    /// budget `steelgrid check` reports: EV ⌈(2L + 4) × OrgMod⌉ (seed 002 L4196-4230, L4719).
    pub monster: Option<MonsterFormula>,
    /// Its Encounter Value as written, in place of the one `monster` gives; for a minion the EV
    /// of a set of four (seed 002 L4139-4141, L4719).
    pub ev: Option<u32>,
    /// Starts the encounter riding this creature, a willing Mount larger than it, on the
    /// square of it at `position` (seed 002 L3125-3127).
    pub riding: Option<String>,
    /// Where a monster's numbers leave its `monster` formula, and why: `steelgrid check`
    /// prints it under the purchase, and the bestiary's test requires it of every monster off
    /// its formula.
    pub deviates: Option<String>,
}

impl CreatureSpec {
    /// Fill every unset field from `template`.
    fn over(self, t: &CreatureSpec) -> CreatureSpec {
        CreatureSpec {
            id: self.id,
            name: self.name.or_else(|| t.name.clone()),
            template: self.template,
            icon: self.icon.or_else(|| t.icon.clone()),
            side: self.side.or(t.side),
            size: self.size.or(t.size),
            speed: self.speed.or(t.speed),
            stamina: self.stamina.or(t.stamina),
            current_stamina: self.current_stamina.or(t.current_stamina),
            temporary_stamina: self.temporary_stamina.or(t.temporary_stamina),
            stability: self.stability.or(t.stability),
            stability_modifier: self.stability_modifier.or(t.stability_modifier),
            characteristics: self.characteristics.or(t.characteristics),
            free_strike: self.free_strike.or(t.free_strike),
            immunities: self.immunities.or_else(|| t.immunities.clone()),
            weaknesses: self.weaknesses.or_else(|| t.weaknesses.clone()),
            hero: self.hero.or(t.hero),
            minion: self.minion.or(t.minion),
            squad: self.squad.or_else(|| t.squad.clone()),
            group: self.group.or_else(|| t.group.clone()),
            position: self.position.or(t.position),
            surprised: self.surprised.or(t.surprised),
            prone: self.prone.or(t.prone),
            conditions: self.conditions.or_else(|| t.conditions.clone()),
            grabbed_by: self.grabbed_by.or_else(|| t.grabbed_by.clone()),
            movement: self.movement.or_else(|| t.movement.clone()),
            altitude: self.altitude.or(t.altitude),
            depth: self.depth.or(t.depth),
            breathes_water: self.breathes_water.or(t.breathes_water),
            abilities: self.abilities.or_else(|| t.abilities.clone()),
            invisible: self.invisible.or(t.invisible),
            consumables: self.consumables.or_else(|| t.consumables.clone()),
            malice_features: self.malice_features.or_else(|| t.malice_features.clone()),
            with_captain: self.with_captain.or(t.with_captain),
            captain_of: self.captain_of.or_else(|| t.captain_of.clone()),
            end_effect: self.end_effect.or(t.end_effect),
            retainer_of: self.retainer_of.or_else(|| t.retainer_of.clone()),
            monster: self.monster.or(t.monster),
            ev: self.ev.or(t.ev),
            riding: self.riding.or_else(|| t.riding.clone()),
            deviates: self.deviates.or_else(|| t.deviates.clone()),
        }
    }
}

/// A scenario file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Scenario", deny_unknown_fields)]
pub struct ScenarioFile {
    pub name: String,
    /// The rules the fight is played by; Draw Steel when left out.
    #[serde(default, skip_serializing_if = "RulesetName::is_draw_steel")]
    pub ruleset: RulesetName,
    #[serde(default)]
    pub description: String,
    #[serde(default)]
    pub seed: Option<u64>,
    #[serde(default)]
    pub options: RulesOptions,
    pub map: MapSpec,
    #[serde(default)]
    pub sides: Sides,
    /// Creature templates local to this scenario, by name.
    #[serde(default)]
    pub templates: BTreeMap<String, CreatureSpec>,
    /// The heroes' hero tokens at the start; as many as there are heroes when left out.
    #[serde(default)]
    pub hero_tokens: Option<u32>,
    /// Abilities local to this scenario, by id; they may replace library ones.
    #[serde(default)]
    pub abilities: BTreeMap<String, Ability>,
    /// Monster families' Malice features local to this scenario, by id.
    #[serde(default)]
    pub malice_features: BTreeMap<String, MaliceFeature>,
    /// Malice the Director starts with on top of the Victories, such as leftover encounter
    /// budget (digest A-04: 1 EV for 1 Malice).
    #[serde(default)]
    pub extra_malice: u32,
    /// The round the encounter opens in, for a fight picked up mid-way (1 when left out).
    #[serde(default)]
    pub round: Option<u32>,
    /// The Director's Malice when the opening round starts, in place of what the start of
    /// combat and of that round would add (seed 002 L4332-4336).
    #[serde(default)]
    pub malice: Option<u32>,
    pub creatures: Vec<CreatureSpec>,
    /// Defaults to defeating all enemies.
    #[serde(default)]
    pub objectives: Vec<Objective>,
    /// Scripted events: on round N, on entering a zone, on a death or a met objective, spawn
    /// creatures, narrate, change terrain or end the battle (each fires once).
    #[serde(default)]
    pub script: Vec<ScriptEntry>,
    /// Scripted die faces (1-10), used before the seeded dice.
    #[serde(default)]
    pub dice: Vec<u32>,
    /// A demonstration: narration and commands the game plays by itself, explaining each.
    #[serde(default)]
    pub demo: Vec<DemoLine>,
}

/// One beat of a demonstration: what the narrator says, then the command played (if any).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DemoLine {
    #[serde(default)]
    pub say: String,
    #[serde(default)]
    pub command: Option<Command>,
}

/// A loaded, checked scenario, ready to start.
#[derive(Clone, Debug)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub sides: Sides,
    pub seed: Option<u64>,
    scripted_dice: Vec<u32>,
    /// The demonstration script, each line with where it was written.
    pub demo: Vec<(DemoLine, source::LineCol)>,
    pub(crate) initial: Snapshot,
    /// How each creature and scripted reinforcement is priced for the encounter budget, by id.
    pub(crate) pricing: BTreeMap<String, Pricing>,
    /// The template each creature and scripted reinforcement was made from, by id.
    kinds: BTreeMap<String, String>,
    /// The icon each creature and scripted reinforcement names (or its template names), by id.
    icons: BTreeMap<String, String>,
    /// The templates a creature the Director brings in mid-fight is made from.
    bestiary: std::sync::Arc<added::ScenarioBestiary>,
}

impl Scenario {
    /// The template creature `id` was made from (`rustback_ogre`): the kind of creature it is,
    /// for the client's art. None for a creature written out in full.
    pub fn kind(&self, id: &str) -> Option<&str> {
        self.kinds.get(id).map(String::as_str)
    }

    /// The icon the scenario names for creature `id`, itself or through its template.
    pub fn icon(&self, id: &str) -> Option<&str> {
        self.icons.get(id).map(String::as_str)
    }

    /// Every creature's and reinforcement's named icon, by id, for `check` to look up.
    pub fn icons(&self) -> &BTreeMap<String, String> {
        &self.icons
    }

    /// The demonstration's commands, placed where they were written (for `sim` and tests).
    pub fn demo_commands(&self) -> Vec<PlacedCommand> {
        self.demo
            .iter()
            .filter_map(|(line, at)| {
                line.command.clone().map(|command| PlacedCommand {
                    command,
                    line: at.line,
                    col: at.col,
                })
            })
            .collect()
    }

    /// Start the encounter, with `seed` overriding the scenario's (default 0).
    pub fn start(&self, seed: Option<u64>) -> Engine {
        let mut snap = self.initial.clone();
        let seed = seed.or(self.seed).unwrap_or(0);
        snap.dice = Dice::seeded(seed);
        snap.dice.script(self.scripted_dice.iter().copied());
        snap.encounter.seed = seed;
        let mut engine = Engine::start(snap);
        engine.set_bestiary(self.bestiary());
        engine
    }

    /// The templates a creature the Director brings in mid-fight is made from: the scenario's
    /// own and the built-in library (for an engine restored from a save).
    pub fn bestiary(&self) -> std::sync::Arc<dyn crate::encounter::added::Bestiary> {
        self.bestiary.clone()
    }

    pub fn map(&self) -> &Map {
        &self.initial.map
    }

    /// The creatures as the encounter starts.
    pub fn initial_creatures(&self) -> &[CreatureRecord] {
        &self.initial.creatures
    }

    /// The sides the scenario gives to the AI.
    pub fn ai_sides(&self) -> Vec<Side> {
        [
            (Side::Heroes, self.sides.heroes),
            (Side::Director, self.sides.director),
        ]
        .into_iter()
        .filter(|(_, c)| *c == Controller::Ai)
        .map(|(side, _)| side)
        .collect()
    }
}

pub(crate) struct Checker<'a> {
    pub(crate) file: &'a str,
    pub(crate) src: &'a str,
    pub(crate) problems: Vec<Diagnostic>,
    /// Where the `creatures` list opens, and where each of its entries starts: found once, for
    /// the several checks that report at a creature.
    pub(crate) creatures_at: usize,
    pub(crate) creature_starts: Vec<usize>,
    /// The file's top-level fields and where their values start, found in one walk.
    top: Vec<(&'a str, usize)>,
}

impl<'a> Checker<'a> {
    /// A checker for `src`, with its top-level fields and its creature entries found.
    fn new(file: &'a str, src: &'a str) -> Checker<'a> {
        let mut ck = Checker {
            file,
            src,
            problems: Vec::new(),
            creatures_at: 0,
            creature_starts: Vec::new(),
            top: source::top_fields(src),
        };
        ck.creatures_at = ck.top("creatures").unwrap_or(0);
        ck.creature_starts = source::list_elements(src, ck.creatures_at);
        ck
    }

    /// Where the value of the file's top-level field `key` starts, if the file has it.
    pub(crate) fn top(&self, key: &str) -> Option<usize> {
        self.top.iter().find(|(k, _)| *k == key).map(|&(_, at)| at)
    }

    pub(crate) fn at(&mut self, offset: usize, message: impl Into<String>) {
        let lc = line_col(self.src, offset);
        self.problems.push(Diagnostic {
            file: self.file.to_owned(),
            line: lc.line,
            col: lc.col,
            message: message.into(),
        });
    }
}

fn default_legend() -> BTreeMap<char, Tile> {
    let mut legend = BTreeMap::new();
    legend.insert('.', Tile::default());
    legend.insert(
        '#',
        Tile {
            terrain: Terrain::Wall,
            ..Tile::default()
        },
    );
    legend.insert(
        '~',
        Tile {
            terrain: Terrain::Difficult,
            ..Tile::default()
        },
    );
    legend
}

/// The built-in creature templates, parsed once (a scenario load looks them up three times).
fn library() -> &'static BTreeMap<String, CreatureSpec> {
    static LIBRARY_PARSED: std::sync::OnceLock<BTreeMap<String, CreatureSpec>> =
        std::sync::OnceLock::new();
    LIBRARY_PARSED.get_or_init(|| {
        let mut templates: BTreeMap<String, CreatureSpec> = ron_options()
            .from_str(LIBRARY)
            .expect("the built-in content library is checked by its own test");
        templates.extend(class_templates());
        for faction in bestiary::factions().values() {
            templates.extend(faction.monsters.clone());
        }
        templates
    })
}

/// A hero of each class at levels 1 to 3, as templates: `censor` is a level-1 Censor,
/// `censor_2` and `censor_3` the same hero at levels 2 and 3 (its Stamina and abilities by
/// level from the class's file).
fn class_templates() -> impl Iterator<Item = (String, CreatureSpec)> {
    crate::class::Class::ALL.into_iter().flat_map(|class| {
        (1..=3).map(move |level| {
            let id = match level {
                1 => class.id().to_owned(),
                _ => format!("{}_{level}", class.id()),
            };
            (id, class_template(class, level))
        })
    })
}

/// A hero of `class` at `level`.
pub(crate) fn class_template(class: crate::class::Class, level: u32) -> CreatureSpec {
    let spec = class.spec();
    CreatureSpec {
        name: Some(spec.name.clone()),
        icon: Some(spec.icon.clone()),
        side: Some(Side::Heroes),
        size: Some(spec.size),
        speed: Some(spec.speed),
        stamina: Some(spec.stamina_at(level)),
        stability: Some(spec.stability),
        characteristics: Some(spec.characteristics),
        hero: Some(HeroSpec {
            level,
            recoveries: spec.recoveries,
            recoveries_left: None,
            heroic_resource: 0,
            resource_per_turn: spec.per_turn,
            victories: 0,
            xp: 0,
            kit: spec.kit,
            surges: 0,
            class: Some(class),
        }),
        abilities: Some(spec.abilities_at(level)),
        ..CreatureSpec::default()
    }
}

/// The templates the built-in library offers (`vanguard`, `rustback_ogre`, …): the kinds of
/// creature a scenario may use without writing them out.
pub fn library_kinds() -> Vec<&'static str> {
    library().keys().map(String::as_str).collect()
}

/// A built-in template, by its id.
pub fn library_template(kind: &str) -> Option<&'static CreatureSpec> {
    library().get(kind)
}

/// The icon a built-in template names.
pub fn library_icon(kind: &str) -> Option<&'static str> {
    library_template(kind)?.icon.as_deref()
}

/// Parse and check a scenario. `file` names it in diagnostics, and the files it names (a
/// `tiled` map) are read from the disk beside it; the web build reads none.
pub fn load(file: &str, src: &str) -> Result<Scenario, Vec<Diagnostic>> {
    load_with(file, src, &|path| read_beside(file, path))
}

/// A file a scenario names, by `path` relative to the folder of the scenario file `file`.
#[cfg(not(target_arch = "wasm32"))]
fn read_beside(file: &str, path: &std::path::Path) -> std::io::Result<String> {
    let dir = std::path::Path::new(file)
        .parent()
        .unwrap_or(std::path::Path::new(""));
    std::fs::read_to_string(dir.join(path))
}

/// In the browser there are no files beside a scenario: its map is written in it.
#[cfg(target_arch = "wasm32")]
fn read_beside(_file: &str, _path: &std::path::Path) -> std::io::Result<String> {
    Err(std::io::Error::new(
        std::io::ErrorKind::Unsupported,
        "the web build reads no files: write the map into the scenario as `legend` and `rows`",
    ))
}

/// [`load`], reading the files the scenario names (a `tiled` map and its tilesets) with `read`,
/// which gets each one's path relative to the scenario file's folder: for scenarios kept
/// somewhere other than beside their maps on a disk (embedded, in tests).
pub fn load_with(file: &str, src: &str, read: ReadFile) -> Result<Scenario, Vec<Diagnostic>> {
    let mut parsed: ScenarioFile = ron_options().from_str(src).map_err(|e| {
        vec![Diagnostic {
            file: file.to_owned(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        }]
    })?;
    let mut ck = Checker::new(file, src);
    if parsed.map.tiled.is_some() {
        match tiled_map::read_map(&mut ck, &parsed.map, read) {
            Some(spec) => parsed.map = spec,
            None => return Err(ck.problems),
        }
    }
    let map = build_map(&mut ck, &parsed.map);
    let creatures = build_creatures(&mut ck, &parsed, &map);
    let mut abilities = build_ability_book(&mut ck, &parsed, &creatures);
    let mut malice_features = gather_malice_features(&mut ck, &parsed, &creatures);
    let squads = build_squads(&mut ck, &parsed, &creatures);
    check_retainers(&mut ck, &parsed, &creatures);
    let ground = crate::movement::burrow::Ground::of(&parsed.map);
    start::check_burrowers(&mut ck, &creatures, &map, &ground);
    let script = scripted::build(
        &mut ck,
        &parsed,
        &map,
        &creatures,
        &mut abilities,
        &mut malice_features,
    );
    let summons = summons::build(&mut ck, &parsed, &map, &mut abilities, &mut malice_features);
    objectives::check_objectives_spec(&mut ck, &parsed, &map, &creatures, &script);
    let top = |key: &str| source::field(src, None, key).unwrap_or(0);
    for side in [Side::Heroes, Side::Director] {
        // Only when every creature loaded: a rejected creature already has its own message.
        if ck.problems.is_empty() && !creatures.iter().any(|c| c.side == side) {
            ck.at(
                top("creatures"),
                format!(
                    "the encounter needs at least one creature on the {:?} side",
                    side
                ),
            );
        }
    }
    if parsed.round == Some(0) {
        ck.at(top("round"), "the opening round is 1 or later, not 0");
    }
    if let Some(bad) = parsed.dice.iter().find(|f| !(1..=10).contains(*f)) {
        ck.at(
            top("dice"),
            format!("a scripted die face must be 1-10, not {bad}"),
        );
    }
    let demo_at = ck.top("demo");
    let demo: Vec<(DemoLine, source::LineCol)> = match demo_at {
        Some(open) => {
            let starts = source::list_elements(src, open);
            parsed
                .demo
                .iter()
                .enumerate()
                .map(|(i, l)| {
                    (
                        l.clone(),
                        line_col(src, starts.get(i).copied().unwrap_or(open)),
                    )
                })
                .collect()
        }
        None => Vec::new(),
    };
    if !ck.problems.is_empty() {
        return Err(ck.problems);
    }
    let objectives = if parsed.objectives.is_empty() {
        vec![Objective::DiminishNumbers]
    } else {
        parsed.objectives.clone()
    };
    let scenario = Scenario {
        name: parsed.name.clone(),
        description: parsed.description.clone(),
        sides: parsed.sides.clone(),
        seed: parsed.seed,
        scripted_dice: parsed.dice.clone(),
        demo,
        pricing: pricing(&parsed),
        kinds: kinds(&parsed),
        icons: icons(&parsed),
        bestiary: std::sync::Arc::new(added::ScenarioBestiary::of(&parsed)),
        initial: Snapshot {
            ruleset: parsed.ruleset,
            encounter: EncounterInfo {
                scenario: parsed.name,
                seed: 0,
                objectives,
                progress: Default::default(),
            },
            options: parsed.options,
            map,
            ground,
            zones: Vec::new(),
            effects: Default::default(),
            malice: Malice {
                leftover_ev: parsed.extra_malice,
                features: malice_features,
                ..start::malice(parsed.malice, parsed.round)
            },
            squads,
            hero_tokens: crate::ability::hero_token::HeroTokens {
                // seed 002 L752-754: as many tokens as heroes (DS-CORE-34).
                pool: parsed
                    .hero_tokens
                    .unwrap_or(creatures.iter().filter(|c| c.hero.is_some()).count() as u32),
                ..Default::default()
            },
            abilities,
            creatures,
            turn: TurnState {
                opening_round: parsed.round.filter(|&r| r > 1),
                ..TurnState::default()
            },
            dice: Dice::seeded(0),
            log: EventLog::default(),
            script,
            summons,
        },
    };
    check_demo(file, &scenario)?;
    Ok(scenario)
}

/// Every command of the demonstration must be legal in turn: a refused one is reported where it
/// was written, with the rule that forbids it.
fn check_demo(file: &str, scenario: &Scenario) -> Result<(), Vec<Diagnostic>> {
    // Without a demonstration there is nothing to play: no engine to start (half of a load).
    if scenario.demo.is_empty() {
        return Ok(());
    }
    let mut engine = scenario.start(None);
    match crate::command_list::run(&mut engine, &scenario.demo_commands(), None) {
        None => Ok(()),
        Some(r) => Err(vec![Diagnostic {
            file: file.to_owned(),
            line: r.line,
            col: r.col,
            message: format!("this demo command is {}", r.error),
        }]),
    }
}

fn build_map(ck: &mut Checker, spec: &MapSpec) -> Map {
    let mut legend = default_legend();
    legend.extend(spec.legend.clone());
    let map_at = ck.top("map").unwrap_or(0);
    for (ch, tile) in &spec.legend {
        let stands = tile.terrain.is_solid();
        if tile.height.is_some_and(|h| h == 0 || !stands) {
            let legend_at = source::field(ck.src, Some(map_at), "legend").unwrap_or(map_at);
            ck.at(
                legend_at,
                format!(
                    "legend `{ch}`: `height` is how many squares tall a wall or object stands, at least 1; this square is {}",
                    if stands { "given 0" } else { tile.terrain.name() }
                ),
            );
        }
    }
    let rows_at = source::field(ck.src, Some(map_at), "rows").unwrap_or(map_at);
    let row_starts = source::list_elements(ck.src, rows_at);
    let height = spec.rows.len() as i32;
    let width = spec.rows.first().map_or(0, |r| r.chars().count()) as i32;
    if height == 0 || width == 0 {
        ck.at(
            rows_at,
            "the map needs at least one row with at least one square",
        );
    }
    let mut cells = Vec::with_capacity((width * height).max(0) as usize);
    let mut zones: BTreeMap<String, Vec<Square>> = BTreeMap::new();
    for (y, row) in spec.rows.iter().enumerate() {
        let row_at = row_starts.get(y).copied().unwrap_or(rows_at);
        let len = row.chars().count() as i32;
        if len != width {
            ck.at(
                row_at,
                format!("row {y} has {len} squares but the first row has {width}; every row must be as wide"),
            );
        }
        for (x, ch) in row.chars().enumerate() {
            let Some(tile) = legend.get(&ch) else {
                ck.at(
                    row_at + 1 + row.char_indices().nth(x).map_or(0, |(i, _)| i),
                    format!("`{ch}` is not in the map legend"),
                );
                cells.push(Cell::default());
                continue;
            };
            if let Some(zone) = &tile.zone {
                zones
                    .entry(zone.clone())
                    .or_default()
                    .push(Square::new(x as i32, y as i32));
            }
            cells.push(Cell {
                terrain: tile.terrain,
                elevation: tile.elevation,
                object_stamina: match tile.terrain {
                    Terrain::Object { material } => {
                        Some(Material::stamina_per_square(material) * tile.height.unwrap_or(1))
                    }
                    _ => None,
                },
                concealing: tile.concealing,
                height: tile.height,
            });
        }
    }
    cells.resize((width * height).max(0) as usize, Cell::default());
    Map {
        width,
        height,
        cells,
        zones,
    }
}

/// The built-in ability library, parsed once.
pub fn ability_library() -> &'static BTreeMap<String, Ability> {
    static LIBRARY: std::sync::OnceLock<BTreeMap<String, Ability>> = std::sync::OnceLock::new();
    LIBRARY.get_or_init(|| {
        let mut abilities: BTreeMap<String, Ability> = ron_options()
            .from_str(crate::ability::LIBRARY)
            .expect("the built-in ability library is checked by its own test");
        abilities.extend(crate::class::abilities().map(|(id, a)| (id.clone(), a.clone())));
        for faction in bestiary::factions().values() {
            abilities.extend(faction.abilities.clone());
        }
        abilities
    })
}

/// Check the scenario's own abilities and every ability a creature names, and gather the ones
/// in use into the game's ability book.
fn build_ability_book(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    creatures: &[CreatureRecord],
) -> AbilityBook {
    let library = ability_library();
    let map_at = ck.top("abilities");
    let open = map_at.and_then(|o| ck.src[o..].find('{').map(|i| o + i));
    for (id, ability) in &parsed.abilities {
        let at = open
            .and_then(|o| source::field(ck.src, Some(o), &format!("\"{id}\"")))
            .or(map_at)
            .unwrap_or(0);
        for problem in ability.problems() {
            ck.at(at, format!("ability `{id}`: {problem}"));
        }
    }
    AbilityBook(gather_named(
        ck,
        parsed,
        creatures,
        ("abilities", "ability", "abilities"),
        &parsed.abilities,
        library,
        |c| c.abilities.iter().chain(&c.consumables).collect(),
    ))
}

/// Look up each id a creature names (`names` of it) in the scenario's `local` table, then the
/// built-in `library`, and gather the ones in use; an unknown id is reported at the creature's
/// `field` (or its template). `labels` is (field, kind, kinds) for the message.
fn gather_named<T: Clone>(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    creatures: &[CreatureRecord],
    (field, kind, kinds): (&str, &str, &str),
    local: &BTreeMap<String, T>,
    library: &BTreeMap<String, T>,
    names: impl Fn(&CreatureRecord) -> Vec<&String>,
) -> BTreeMap<String, T> {
    let list_at = ck.creatures_at;
    let starts = ck.creature_starts.clone();
    let mut out = BTreeMap::new();
    for (i, spec) in parsed.creatures.iter().enumerate() {
        let Some(c) = spec
            .id
            .as_ref()
            .and_then(|id| creatures.iter().find(|c| &c.id == id))
        else {
            continue;
        };
        for id in names(c) {
            match local.get(id).or_else(|| library.get(id)) {
                Some(found) => {
                    out.insert(id.clone(), found.clone());
                }
                None => {
                    let item = starts.get(i).copied().unwrap_or(list_at);
                    let at = source::open_paren(ck.src, item)
                        .and_then(|o| {
                            source::field(ck.src, Some(o), field)
                                .or_else(|| source::field(ck.src, Some(o), "template"))
                        })
                        .unwrap_or(item);
                    let known: Vec<&str> = local
                        .keys()
                        .chain(library.keys())
                        .map(String::as_str)
                        .collect();
                    ck.at(
                        at,
                        format!(
                            "`{}` has unknown {kind} `{id}`; known {kinds}: {}",
                            c.id,
                            known.join(", ")
                        ),
                    );
                }
            }
        }
    }
    out
}

/// The built-in monster families' Malice features, parsed once.
pub fn malice_library() -> &'static BTreeMap<String, MaliceFeature> {
    static LIBRARY: std::sync::OnceLock<BTreeMap<String, MaliceFeature>> =
        std::sync::OnceLock::new();
    LIBRARY.get_or_init(|| {
        let mut features: BTreeMap<String, MaliceFeature> = ron_options()
            .from_str(crate::director::malice::LIBRARY)
            .expect("the built-in Malice features are checked by their own test");
        for faction in bestiary::factions().values() {
            features.extend(faction.malice_features.clone());
        }
        features
    })
}

/// Every Malice feature a creature names must exist; the ones in use go to the encounter.
fn gather_malice_features(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    creatures: &[CreatureRecord],
) -> BTreeMap<String, MaliceFeature> {
    gather_named(
        ck,
        parsed,
        creatures,
        ("malice_features", "Malice feature", "Malice features"),
        &parsed.malice_features,
        malice_library(),
        |c| c.malice_features.iter().collect(),
    )
}

/// Every creature the file writes: those it starts with, then its scripted reinforcements.
fn written_creatures(parsed: &ScenarioFile) -> impl Iterator<Item = &CreatureSpec> {
    let spawns = parsed
        .script
        .iter()
        .flat_map(|entry| &entry.then)
        .filter_map(|action| match action {
            ActionSpec::Spawn(spec) => Some(&**spec),
            _ => None,
        });
    parsed.creatures.iter().chain(spawns)
}

/// Each creature's and scripted reinforcement's template, by id.
fn kinds(parsed: &ScenarioFile) -> BTreeMap<String, String> {
    written_creatures(parsed)
        .filter_map(|spec| Some((spec.id.clone()?, spec.template.clone()?)))
        .collect()
}

/// The icon each creature and scripted reinforcement names, its template's if it names none.
fn icons(parsed: &ScenarioFile) -> BTreeMap<String, String> {
    let library = library();
    written_creatures(parsed)
        .filter_map(|spec| {
            let from_template = || {
                let t = template(parsed, library, spec.template.as_deref()?)?;
                t.icon.clone()
            };
            Some((spec.id.clone()?, spec.icon.clone().or_else(from_template)?))
        })
        .collect()
}

/// Each creature's and scripted reinforcement's `monster` and `ev`, its template filled in, by
/// id (a missing id or unknown template is reported by the creature checks).
fn pricing(parsed: &ScenarioFile) -> BTreeMap<String, Pricing> {
    let library = library();
    written_creatures(parsed)
        .filter_map(|spec| {
            let full = match spec
                .template
                .as_deref()
                .and_then(|t| template(parsed, library, t))
            {
                Some(t) => spec.clone().over(t),
                None => spec.clone(),
            };
            Some((
                spec.id.clone()?,
                Pricing {
                    monster: full.monster,
                    ev: full.ev,
                    deviates: full.deviates,
                },
            ))
        })
        .collect()
}

fn template<'a>(
    parsed: &'a ScenarioFile,
    library: &'a BTreeMap<String, CreatureSpec>,
    name: &str,
) -> Option<&'a CreatureSpec> {
    parsed.templates.get(name).or_else(|| library.get(name))
}

/// Gather the minions of each named squad into one shared pool and seat the captains: a squad
/// is up to eight minions of one kind, and its captain a creature of the Director's that is no
/// minion and leads no other squad (seed 002 L4374-4382, L4444-4452; DS-DIR-31, DS-DIR-41).
fn build_squads(ck: &mut Checker, parsed: &ScenarioFile, creatures: &[CreatureRecord]) -> Squads {
    let library = library();
    let list_at = ck.creatures_at;
    let starts = ck.creature_starts.clone();
    let spec_of = |c: &CreatureRecord| {
        parsed
            .creatures
            .iter()
            .position(|s| s.id.as_deref() == Some(c.id.as_str()))
            .map(|i| {
                let s = &parsed.creatures[i];
                let full = match s
                    .template
                    .as_deref()
                    .and_then(|t| template(parsed, library, t))
                {
                    Some(t) => s.clone().over(t),
                    None => s.clone(),
                };
                (i, full)
            })
    };
    let at = |i: usize, key: &str| {
        let item = starts.get(i).copied().unwrap_or(list_at);
        source::open_paren(ck.src, item)
            .and_then(|o| source::field(ck.src, Some(o), key))
            .unwrap_or(item)
    };
    let mut squads: BTreeMap<String, Squad> = BTreeMap::new();
    let mut problems = Vec::new();
    for c in creatures {
        let Some(name) = c.minion.as_ref().and_then(|m| m.squad.clone()) else {
            continue;
        };
        let Some((i, spec)) = spec_of(c) else {
            continue;
        };
        match squads.get_mut(&name) {
            None => {
                squads.insert(
                    name,
                    Squad {
                        name: c.name.clone(),
                        per_minion: c.stamina.max.max(1) as u32,
                        pool: c.stamina.max.max(1) as u32,
                        captain: None,
                        with_captain: spec.with_captain.unwrap_or_default(),
                        captain_lost: None,
                        joined: Default::default(),
                    },
                );
            }
            Some(squad) if squad.name != c.name => problems.push((
                at(i, "squad"),
                format!(
                    "`{}` ({}) can't join squad `{name}` of {}: a squad is one kind of minion (seed 002 L4376)",
                    c.id, c.name, squad.name
                ),
            )),
            Some(squad) if squad.alive() as usize >= MAX_SQUAD => problems.push((
                at(i, "squad"),
                format!(
                    "squad `{name}` already has {MAX_SQUAD} minions, the most a squad holds (seed 002 L4376)"
                ),
            )),
            Some(squad) => squad.pool += squad.per_minion,
        }
    }
    for c in creatures {
        let Some((i, spec)) = spec_of(c) else {
            continue;
        };
        let Some(name) = spec.captain_of else {
            continue;
        };
        let why = if c.minion.is_some() {
            Some("a minion can't captain a squad (seed 002 L4446)".to_owned())
        } else if c.side != Side::Director {
            Some("only one of the Director's creatures can captain a squad".to_owned())
        } else {
            match squads.get(&name) {
                None => Some(format!(
                    "there is no squad `{name}`; squads: {}",
                    squads.keys().cloned().collect::<Vec<_>>().join(", ")
                )),
                Some(sq) => sq.captain.as_ref().map(|other| {
                    format!("squad `{name}` already has a captain, `{other}` (seed 002 L4448)")
                }),
            }
        };
        match why {
            Some(why) => problems.push((at(i, "captain_of"), format!("`{}`: {why}", c.id))),
            None => squads.get_mut(&name).expect("checked").captain = Some(c.id.clone()),
        }
    }
    for (at, message) in problems {
        ck.at(at, message);
    }
    Squads(squads)
}

/// Each retainer follows one hero of the scenario, fights on the heroes' side, is no hero
/// itself, and is its mentor's only retainer: a player controls one retainer at a time
/// (seed 002 L4744; digest §15).
fn check_retainers(ck: &mut Checker, parsed: &ScenarioFile, creatures: &[CreatureRecord]) {
    let list_at = ck.creatures_at;
    let starts = ck.creature_starts.clone();
    let mut followed: BTreeMap<&str, &str> = BTreeMap::new();
    for (i, spec) in parsed.creatures.iter().enumerate() {
        let Some(c) = spec
            .id
            .as_deref()
            .and_then(|id| creatures.iter().find(|c| c.id == id))
        else {
            continue;
        };
        let Some(mentor) = c.retainer_of.as_deref() else {
            continue;
        };
        let item = starts.get(i).copied().unwrap_or(list_at);
        let at = source::open_paren(ck.src, item)
            .and_then(|o| {
                source::field(ck.src, Some(o), "retainer_of")
                    .or_else(|| source::field(ck.src, Some(o), "template"))
            })
            .unwrap_or(item);
        let why = match creatures.iter().find(|m| m.id == mentor) {
            _ if c.hero.is_some() => Some("a hero can't be a retainer".to_owned()),
            _ if c.side != Side::Heroes => {
                Some("a retainer fights on the heroes' side (side: Heroes)".to_owned())
            }
            None => {
                let heroes: Vec<&str> = creatures
                    .iter()
                    .filter(|m| m.hero.is_some())
                    .map(|m| m.id.as_str())
                    .collect();
                Some(format!(
                    "its mentor `{mentor}` is not a creature of the scenario; heroes: {}",
                    if heroes.is_empty() {
                        "none".to_owned()
                    } else {
                        heroes.join(", ")
                    }
                ))
            }
            Some(m) if m.hero.is_none() => Some(format!(
                "its mentor `{mentor}` is not a hero: a retainer follows a hero (seed 002 L4744)"
            )),
            Some(_) => followed.insert(mentor, &c.id).map(|other| {
                format!(
                    "`{mentor}` already has the retainer `{other}`: a player controls one retainer at a time (seed 002 L4744)"
                )
            }),
        };
        if let Some(why) = why {
            ck.at(at, format!("`{}`: {why}", c.id));
        }
    }
}

fn build_creatures(ck: &mut Checker, parsed: &ScenarioFile, map: &Map) -> Vec<CreatureRecord> {
    let list_at = ck.creatures_at;
    let starts = ck.creature_starts.clone();
    build_creature_list(ck, parsed, &parsed.creatures, list_at, &starts, map)
}

/// Resolve `specs` (templates, defaults) into creatures and check each, reporting problems at
/// `starts[i]` (or `list_at`): the scenario's creatures, and each scripted reinforcement.
pub(crate) fn build_creature_list(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    specs: &[CreatureSpec],
    list_at: usize,
    starts: &[usize],
    map: &Map,
) -> Vec<CreatureRecord> {
    let library = library();
    let mut out: Vec<(usize, CreatureRecord)> = Vec::new();
    let mut seen: BTreeMap<String, usize> = BTreeMap::new();
    for (i, spec) in specs.iter().enumerate() {
        let entry = Entry::new(ck.src, starts.get(i).copied().unwrap_or(list_at));
        let Some(id) = spec.id.clone() else {
            ck.at(entry.item, format!("creature {} has no `id`", i + 1));
            continue;
        };
        if let Some(first) = seen.get(&id) {
            ck.at(
                entry.field("id"),
                format!(
                    "duplicate creature id `{id}` (first used by creature {})",
                    first + 1
                ),
            );
            continue;
        }
        seen.insert(id.clone(), i);
        let Some(spec) = with_template(ck, parsed, library, spec, &id, &entry) else {
            continue;
        };
        let Some(body) = check_body(ck, &spec, &id, &entry, map, &out) else {
            continue;
        };
        out.push((i, creature_record(&spec, id, body, specs)));
    }
    for (i, problem) in start::seat_riders(&mut out, map) {
        let entry = Entry::new(ck.src, starts.get(i).copied().unwrap_or(list_at));
        ck.at(entry.field("riding"), problem);
    }
    for (i, field, problem) in start::check_states(&out) {
        let entry = Entry::new(ck.src, starts.get(i).copied().unwrap_or(list_at));
        ck.at(entry.field(field), problem);
    }
    out.into_iter().map(|(_, c)| c).collect()
}

/// Where one creature's entry is in the scenario file, to point at its fields.
struct Entry<'s> {
    src: &'s str,
    item: usize,
    open: Option<usize>,
}

impl<'s> Entry<'s> {
    fn new(src: &'s str, item: usize) -> Entry<'s> {
        Entry {
            src,
            item,
            open: source::open_paren(src, item),
        }
    }

    /// Where field `key` is written, or the entry itself when it isn't.
    fn field(&self, key: &str) -> usize {
        self.open
            .and_then(|o| source::field(self.src, Some(o), key))
            .unwrap_or(self.item)
    }
}

/// The spec with its template's fields filled in, or `None` (reported) for an unknown template.
fn with_template(
    ck: &mut Checker,
    parsed: &ScenarioFile,
    library: &BTreeMap<String, CreatureSpec>,
    spec: &CreatureSpec,
    id: &str,
    entry: &Entry,
) -> Option<CreatureSpec> {
    let Some(name) = &spec.template else {
        return Some(spec.clone());
    };
    if let Some(t) = template(parsed, library, name) {
        return Some(spec.clone().over(t));
    }
    let known: Vec<&str> = parsed
        .templates
        .keys()
        .chain(library.keys())
        .map(String::as_str)
        .collect();
    ck.at(
        entry.field("template"),
        format!(
            "unknown template `{name}` for `{id}`; known templates: {}",
            known.join(", ")
        ),
    );
    None
}

/// What a creature must have, checked: its side, Stamina and space on the map.
struct CheckedBody {
    side: Side,
    stamina: Stamina,
    position: Square,
    size: Size,
}

/// Check what a creature must have and where it stands (on the map, on no wall or pit, in no
/// one else's space but a mount's), reporting each problem at its field.
fn check_body(
    ck: &mut Checker,
    spec: &CreatureSpec,
    id: &str,
    entry: &Entry,
    map: &Map,
    placed: &[(usize, CreatureRecord)],
) -> Option<CheckedBody> {
    let (Some(side), Some(max), Some(position)) = (spec.side, spec.stamina, spec.position) else {
        for (name, present) in [
            ("side", spec.side.is_some()),
            ("stamina", spec.stamina.is_some()),
            ("position", spec.position.is_some()),
        ] {
            if !present {
                ck.at(
                    entry.item,
                    format!("`{id}` needs `{name}` (inline or from its template)"),
                );
            }
        }
        return None;
    };
    let current = check_current_stamina(ck, spec, id, entry, max)?;
    let flies = spec
        .movement
        .as_ref()
        .is_some_and(|m| m.contains(&MovementMode::Fly) || m.contains(&MovementMode::Hover));
    if spec.altitude.unwrap_or(0) > 0 && !flies {
        ck.at(
            entry.field("altitude"),
            format!("`{id}` starts in the air but can't fly: add `movement: [Fly]`"),
        );
        return None;
    }
    let temporary = spec.temporary_stamina.unwrap_or(0);
    if temporary < 0 {
        ck.at(
            entry.field("temporary_stamina"),
            format!("`{id}` has negative temporary Stamina {temporary}"),
        );
        return None;
    }
    let size = spec.size.unwrap_or(Size::Medium);
    let fp = Footprint::new(position, size);
    let problem = if !map.footprint_in_bounds(fp) {
        Some(format!(
            "`{id}` at {position} (size {size}) is off the map, which is {} wide and {} high (x 0-{}, y 0-{})",
            map.width,
            map.height,
            map.width - 1,
            map.height - 1
        ))
    } else if let Some(sq) = fp
        .squares()
        .find(|&s| map.is_solid(s) || matches!(map.terrain(s), Some(Terrain::Pit { .. })))
    {
        let what = map.terrain(sq).map_or("wall", Terrain::name);
        Some(format!("`{id}` stands on a {what} at {sq}"))
    } else {
        // A rider sits on its mount's square, above it.
        placed
            .iter()
            .find(|(_, o)| {
                Footprint::new(o.position, o.size).overlaps(fp)
                    && !o.size.may_share_space_with(size)
                    && o.mounted.as_ref().is_none_or(|m| m.on != id)
                    && spec.riding.as_deref() != Some(o.id.as_str())
            })
            .map(|(_, other)| {
                format!(
                    "`{id}` at {position} overlaps `{}` at {}",
                    other.id, other.position
                )
            })
    };
    if let Some(problem) = problem {
        ck.at(entry.field("position"), problem);
        return None;
    }
    Some(CheckedBody {
        side,
        stamina: Stamina {
            current,
            max,
            temporary,
        },
        position,
        size,
    })
}

/// Maximum Stamina at least 1, and current Stamina within it (a hero's may start at 0 or
/// below): the current Stamina.
fn check_current_stamina(
    ck: &mut Checker,
    spec: &CreatureSpec,
    id: &str,
    entry: &Entry,
    max: i32,
) -> Option<i32> {
    if max < 1 {
        ck.at(
            entry.field("stamina"),
            format!("`{id}` has stamina {max}; maximum Stamina must be at least 1"),
        );
        return None;
    }
    let current = spec.current_stamina.unwrap_or(max);
    if current > max || (spec.hero.is_none() && current < 1) {
        ck.at(
            entry.field("current_stamina"),
            format!(
                "`{id}` starts at {current} Stamina; it must be between 1 and its maximum {max}"
            ),
        );
        return None;
    }
    if let Some(hero) = spec.hero.filter(|h| h.recoveries_left > Some(h.recoveries)) {
        ck.at(
            entry.field("hero"),
            format!(
                "`{id}` has {} Recoveries left of its {}; it cannot have more left than it has",
                hero.recoveries_left.unwrap_or(0),
                hero.recoveries
            ),
        );
        return None;
    }
    Some(current)
}

/// The creature's record from its checked spec: what it is at the start of the encounter.
fn creature_record(
    spec: &CreatureSpec,
    id: String,
    body: CheckedBody,
    specs: &[CreatureSpec],
) -> CreatureRecord {
    let hero = spec.hero.map(|h| Hero {
        level: h.level,
        recoveries: h.recoveries_left.unwrap_or(h.recoveries),
        recoveries_max: h.recoveries,
        heroic_resource: h.heroic_resource,
        resource_per_turn: h.resource_per_turn,
        surges: h.surges,
        victories: h.victories,
        xp: h.xp,
        kit: h.kit,
        class: h.class,
        gains: Default::default(),
    });
    let vitality = crate::damage::stamina::vitality_for(
        &body.stamina,
        hero.is_some() || spec.retainer_of.is_some(),
    );
    let name = spec.name.clone().unwrap_or_else(|| id.clone());
    let mut c = CreatureRecord::new(id, name, body.side, body.size, body.position);
    c.speed = spec.speed.unwrap_or(5);
    c.stamina = body.stamina;
    c.stability = spec.stability.unwrap_or(0);
    c.stability_modifier = spec.stability_modifier.unwrap_or(0);
    c.characteristics = spec.characteristics.unwrap_or_default();
    c.free_strike = spec.free_strike.unwrap_or(0);
    c.damage = DamageModifiers {
        immunities: spec.immunities.clone().unwrap_or_default(),
        weaknesses: spec.weaknesses.clone().unwrap_or_default(),
        underwater: false,
    };
    c.hero = hero;
    c.minion = (spec.minion == Some(true) || spec.squad.is_some()).then(|| Minion {
        squad: spec.squad.clone(),
    });
    c.group = turn_group(spec, specs);
    c.surprised = spec.surprised.unwrap_or(false);
    c.prone = spec.prone.unwrap_or(false);
    c.conditions = start::conditions(spec.conditions.as_deref().unwrap_or_default()).0;
    c.grabbed_by = spec.grabbed_by.clone();
    c.movement = Movement(spec.movement.clone().unwrap_or_default());
    c.altitude = spec.altitude.unwrap_or(0);
    c.depth = spec.depth.unwrap_or(0);
    c.breathes_water = spec.breathes_water.unwrap_or(false);
    c.abilities = spec.abilities.clone().unwrap_or_default();
    c.consumables = spec.consumables.clone().unwrap_or_default();
    c.invisible = spec.invisible.unwrap_or(false);
    c.malice_features = spec.malice_features.clone().unwrap_or_default();
    c.end_effect = spec.end_effect;
    c.retainer_of = spec.retainer_of.clone();
    c.mount_role = spec
        .monster
        .is_some_and(|m| m.role == Some(crate::director::monster::Role::Mount));
    c.mounted = spec
        .riding
        .clone()
        .map(|on| crate::movement::mount::Mounted {
            on,
            hold: crate::movement::mount::Hold::Riding,
            offset: (0, 0),
        });
    c.vitality = vitality;
    c
}

/// The turn slot a creature acts in: its group; a squad acts in one slot, and its captain
/// takes its turn in the same slot (seed 002 L4374-4376, L4450-4452).
fn turn_group(spec: &CreatureSpec, specs: &[CreatureSpec]) -> Option<String> {
    spec.group
        .clone()
        .or_else(|| spec.squad.clone())
        .or_else(|| {
            let squad = spec.captain_of.as_deref()?;
            let member = specs.iter().find(|m| m.squad.as_deref() == Some(squad));
            Some(
                member
                    .and_then(|m| m.group.clone())
                    .unwrap_or_else(|| squad.to_owned()),
            )
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_built_in_abilities_parse_and_follow_the_ability_format() {
        let lib = ability_library();
        assert!(lib.len() >= 20, "{} abilities", lib.len());
        for (id, a) in lib {
            assert_eq!(a.problems(), Vec::<String>::new(), "{id}");
        }
        for (name, t) in library() {
            for id in t.abilities.clone().unwrap_or_default() {
                assert!(lib.contains_key(&id), "{name} names unknown ability {id}");
            }
        }
    }

    #[test]
    fn the_built_in_library_parses() {
        let lib = library();
        assert!(!lib.is_empty());
        for (name, t) in lib {
            assert!(t.stamina.unwrap_or(0) > 0, "{name} needs stamina");
            assert!(
                t.id.is_none() && t.position.is_none(),
                "{name}: templates have no id or position"
            );
        }
    }
}
