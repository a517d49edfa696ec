//! The encounter builder (seed 002 L4462-4540; digest `draw-steel-director.md` §10): a party,
//! a difficulty and a monster faction in, a ready scenario out — its Director's creatures bought
//! from the faction's bestiary for the difficulty's budget, on a plain arena ([`super::arena`]).
//! `steelgrid build` writes one; the window's encounter builder is meant to reuse it. Pure and
//! deterministic: the same request and seed give the same scenario, byte for byte.
//!
//! Readings, where the seed leaves the builder to judge:
//!
//! - **Inside a band.** A difficulty's band runs from its budget up to, not including, the next
//!   band's: Easy is at least 75 % of the Standard budget and under 100 %, Standard under 150 %,
//!   Hard under 200 %. Extreme has no next band, so its band is read as the same width as
//!   Hard's: at least 200 %, under 200 % + (200 % − 150 %). That is what makes
//!   [`super::report`] name exactly the requested difficulty (it names the hardest band whose
//!   budget is spent, [`difficulty_of`]).
//! - **No leftover Malice.** The seed lets a few unspent points become Malice (A-04, 1 EV for 1
//!   Malice); the builder never leaves any: spending less than the band's budget would be the
//!   band below. So it writes no `extra_malice`, and spends as little over the budget as the
//!   faction's prices let it while keeping a mix.
//! - **Levels that suit the party.** Monsters of the heroes' level or lower, or up to two
//!   levels above (EV grows with level, so a higher monster costs more of the budget).
//! - **Minions** come in squads of four, each bought as one set (seed 002 L4500), at most one
//!   squad for every two heroes ("in proportion to the hero count", L4496); each squad gets a
//!   captain (L4444) from the non-minions bought, a leader or elite first.
//! - **Stars.** At most one leader. A solo ("an encounter by itself", L4228) comes only when its
//!   EV fits inside the band, and then with nothing but minion squads as its escort (L4525).
//! - **A mix.** Several rosters are drawn from the seed, each landing inside the band; the one
//!   with the most roles and kinds, its squads captained, the fewest EV over budget and a
//!   number of turns near the heroes' is kept (ties: the first drawn).

use std::fmt;
use std::str::FromStr;

use crate::class::Class;
use crate::director::monster::{
    Difficulty, EncounterBudget, MonsterFormula, Organization, difficulty_of,
};
use crate::grid::{Size, Square};
use crate::scenario::bestiary::{self, Faction};
use crate::scenario::{CreatureSpec, ScenarioFile};

use super::arena;

/// The most heroes a built party has: one of each class, each named after it.
pub const MAX_HEROES: u32 = 9;
/// The levels the class templates come at.
pub const HERO_LEVELS: std::ops::RangeInclusive<u32> = 1..=3;
/// How many levels above the heroes' a monster may be.
pub const LEVELS_ABOVE: u32 = 2;
/// How many rosters are drawn before the best is kept.
const DRAWS: u64 = 16;

/// The heroes: how many, their level, and the Victories each has (their average is the
/// Director's Malice at the start, seed 002 L4334).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Party {
    pub heroes: u32,
    pub level: u32,
    pub victories: u32,
}

/// `4x1`: four heroes of level 1 (no Victories).
impl FromStr for Party {
    type Err = String;
    fn from_str(text: &str) -> Result<Party, String> {
        let bad = || format!("`{text}` is not a party: write heroes x level, such as 4x1");
        let (heroes, level) = text.trim().split_once(['x', 'X', '×']).ok_or_else(bad)?;
        let heroes: u32 = heroes.trim().parse().map_err(|_| bad())?;
        let level: u32 = level.trim().parse().map_err(|_| bad())?;
        let party = Party {
            heroes,
            level,
            victories: 0,
        };
        party.problem().map_or(Ok(party), Err)
    }
}

impl Party {
    /// What the builder can't make of this party, if anything.
    pub fn problem(&self) -> Option<String> {
        if !(1..=MAX_HEROES).contains(&self.heroes) {
            return Some(format!(
                "a party has 1 to {MAX_HEROES} heroes (one of each class), not {}",
                self.heroes
            ));
        }
        if !HERO_LEVELS.contains(&self.level) {
            return Some(format!(
                "heroes come at levels {} to {} (the class templates' levels), not {}",
                HERO_LEVELS.start(),
                HERO_LEVELS.end(),
                self.level
            ));
        }
        None
    }

    /// The budget for these heroes (seed 002 L4470-4487).
    pub fn budget(&self) -> EncounterBudget {
        EncounterBudget::from_hero_levels(&vec![self.level; self.heroes as usize])
    }

    /// "4 heroes of level 1".
    fn words(&self) -> String {
        let s = if self.heroes == 1 { "" } else { "es" };
        format!("{} hero{s} of level {}", self.heroes, self.level)
    }
}

/// What to build.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub party: Party,
    pub difficulty: Difficulty,
    /// A faction by its id (`drowned_court`) or name (`The Drowned Court`, `drowned court`).
    pub faction: String,
    pub seed: u64,
}

/// The EV a difficulty's fight spends: at least `at_least`, under `under` (see the module's
/// readings).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Band {
    pub difficulty: Difficulty,
    pub at_least: u32,
    pub under: u32,
}

impl Band {
    /// The band of `difficulty` in `budget`.
    pub fn of(budget: &EncounterBudget, difficulty: Difficulty) -> Band {
        let under = match difficulty {
            Difficulty::Easy => budget.standard,
            Difficulty::Standard => budget.hard,
            Difficulty::Hard => budget.extreme,
            Difficulty::Extreme => budget.extreme + (budget.extreme - budget.hard),
        };
        Band {
            difficulty,
            at_least: budget.at(difficulty),
            under,
        }
    }

    pub fn contains(&self, ev: u32) -> bool {
        (self.at_least..self.under).contains(&ev)
    }
}

impl fmt::Display for Band {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{:?}: at least {} EV, under {}",
            self.difficulty, self.at_least, self.under
        )
    }
}

/// Why nothing was built, in a sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BuildError(pub String);

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for BuildError {}

/// The faction `name` names: its id, or its name with or without "The", in any case, spaces
/// or underscores. Unknown, a sentence listing them.
pub fn faction(name: &str) -> Result<(&'static str, &'static Faction), String> {
    let key = |s: &str| {
        let s = s.trim().to_lowercase().replace(['_', '-'], " ");
        s.strip_prefix("the ").map(str::to_owned).unwrap_or(s)
    };
    let wanted = key(name);
    bestiary::factions()
        .iter()
        .find(|(id, f)| key(id) == wanted || key(&f.name) == wanted)
        .map(|(id, f)| (*id, f))
        .ok_or_else(|| {
            let known: Vec<String> = bestiary::factions()
                .iter()
                .map(|(id, f)| format!("{id} ({})", f.name))
                .collect();
            format!(
                "unknown faction `{name}`; the factions: {}",
                known.join(", ")
            )
        })
}

/// One kind of monster the faction has at a level that suits the party.
#[derive(Clone, Debug)]
pub(super) struct Kind {
    /// Its template id.
    pub id: &'static str,
    pub name: String,
    pub formula: MonsterFormula,
    /// The EV of one, or of a squad of four minions.
    pub ev: u32,
    pub size: Size,
    /// How many the builder buys at most (of minions: squads).
    cap: u32,
}

impl Kind {
    pub fn minion(&self) -> bool {
        self.formula.organization == Organization::Minion
    }

    fn leader(&self) -> bool {
        self.formula.organization == Organization::Leader
    }

    fn solo(&self) -> bool {
        self.formula.organization == Organization::Solo
    }

    /// Leaders, elites and solos: the fight's stars (seed 002 L4521-4525).
    fn star(&self) -> bool {
        matches!(
            self.formula.organization,
            Organization::Leader | Organization::Elite | Organization::Solo
        )
    }

    /// What it does, for the mix: its role, or a leader's or solo's organisation.
    fn part(&self) -> String {
        match self.formula.role {
            Some(role) => format!("{role:?}"),
            None => format!("{:?}", self.formula.organization),
        }
    }

    /// "Burrseed Sprite 3 EV a squad of 4", "Nettle Crone 10".
    fn price(&self) -> String {
        if self.minion() {
            format!("{} {} EV a squad of 4", self.name, self.ev)
        } else {
            format!("{} {}", self.name, self.ev)
        }
    }
}

/// One purchase: a creature, or a squad of four minions.
#[derive(Clone, Debug)]
pub struct Unit {
    /// The template id.
    pub template: &'static str,
    pub name: String,
    pub formula: MonsterFormula,
    /// What it cost: the creature's EV, or the squad's.
    pub ev: u32,
    pub size: Size,
}

impl Unit {
    pub fn minion(&self) -> bool {
        self.formula.organization == Organization::Minion
    }
}

/// A built encounter: the purchase and the scenario.
#[derive(Clone, Debug)]
pub struct Encounter {
    pub request: Request,
    /// The faction's id and name.
    pub faction: (&'static str, String),
    pub budget: EncounterBudget,
    pub band: Band,
    /// What the Director's creatures cost in all (minions by the set of four).
    pub ev: u32,
    /// What was bought, stars first, squads last.
    pub units: Vec<Unit>,
    pub file: ScenarioFile,
    /// Chosen by hand in the window's encounter builder ([`build_chosen`]), not drawn by
    /// `steelgrid build`.
    pub by_hand: bool,
    /// Every creature where it stands: the heroes, then the Director's.
    pub standing: Vec<Standing>,
    /// The squares placed by hand the arena refused, each with why; those units were placed
    /// automatically.
    pub refused: Vec<(Placement, String)>,
}

/// A unit placed by hand in the window's encounter builder ([`build_placed`]): the `nth` (from
/// 0) of the chosen units of `template` (a creature, or a squad of four minions) and the square
/// its top-left corner goes on (a squad's first minion's; the others stand beside it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    pub template: String,
    pub nth: usize,
    pub square: Square,
}

/// A creature of a built encounter where it stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Standing {
    pub id: String,
    /// Its top-left square, and how many squares across it is.
    pub square: Square,
    pub side: i32,
    /// A Director's creature's unit, by its index in [`Encounter::units`] (a hero's: none).
    pub unit: Option<usize>,
    /// Its group: a captain stands with its squad, any other unit alone.
    pub group: Option<usize>,
    /// Placed by hand, or beside its squad's first minion placed by hand.
    pub by_hand: bool,
}

impl Encounter {
    /// The index in [`Encounter::units`] of the `nth` (from 0) unit of `template`.
    pub fn unit(&self, template: &str, nth: usize) -> Option<usize> {
        unit_index(&self.units, template, nth)
    }

    /// Where the unit `unit` stands: its first creature (a squad's first minion).
    pub fn spot(&self, unit: usize) -> Option<&Standing> {
        self.standing.iter().find(|s| s.unit == Some(unit))
    }

    /// Why the unit `unit` can't be moved by hand to `square`, everyone else standing where
    /// they stand ("(0, 3) is a wall"); `None` if it can.
    pub fn refusal(&self, unit: usize, square: Square) -> Option<String> {
        arena::refusal_in(&self.file.map, &self.standing, unit, square)
    }

    /// The scenario as RON, with comment lines naming how it was built and its budget.
    pub fn to_ron(&self) -> String {
        crate::scenario::write::to_ron(&self.file, &self.comments())
    }

    /// The lines the file opens with.
    pub fn comments(&self) -> Vec<String> {
        let r = &self.request;
        let b = &self.budget;
        let built = if self.by_hand {
            "Chosen in the window's encounter builder.".to_owned()
        } else {
            format!("Built by `{}`.", self.command())
        };
        let spent = if self.band.contains(self.ev) {
            format!(
                "{}; the Director's creatures cost {} EV → {:?}. No leftover Malice.",
                self.band,
                self.ev,
                difficulty_of(self.ev, b)
            )
        } else {
            format!(
                "The Director's creatures cost {} EV, under the Easy budget → {:?}. No leftover Malice.",
                self.ev,
                difficulty_of(self.ev, b)
            )
        };
        let mut lines = vec![
            built,
            format!(
                "Encounter budget: {} EV for {} (Easy {}, Standard {}, Hard {}, Extreme {}).",
                b.standard,
                r.party.words(),
                b.easy,
                b.standard,
                b.hard,
                b.extreme
            ),
            spent,
        ];
        // The purchase, one line a kind, as `steelgrid check` lists it.
        let mut kinds: Vec<(&Unit, u32)> = Vec::new();
        for unit in &self.units {
            match kinds.iter_mut().find(|(u, _)| u.template == unit.template) {
                Some((_, n)) => *n += 1,
                None => kinds.push((unit, 1)),
            }
        }
        for (unit, n) in kinds {
            let f = unit.formula;
            let what = match f.role {
                Some(role) => format!("level {} {:?} {role:?}", f.level, f.organization),
                None => format!("level {} {:?}", f.level, f.organization),
            };
            let (who, each) = match (unit.minion(), n) {
                (true, 1) => (format!("a squad of 4 {}", unit.name), String::new()),
                (true, _) => (
                    format!("{n} squads of 4 {}", unit.name),
                    format!(", {} EV a squad", unit.ev),
                ),
                (false, 1) => (unit.name.clone(), String::new()),
                (false, _) => (
                    format!("{n} × {}", unit.name),
                    format!(", {} EV each", unit.ev),
                ),
            };
            lines.push(format!("  {:>3} EV  {who}: {what}{each}", unit.ev * n));
        }
        lines
    }

    /// The command line that builds this encounter again.
    pub fn command(&self) -> String {
        let r = &self.request;
        let victories = match r.party.victories {
            0 => String::new(),
            n => format!(" --victories {n}"),
        };
        format!(
            "steelgrid build --party {}x{} --difficulty {} --faction {} --seed {}{victories}",
            r.party.heroes,
            r.party.level,
            format!("{:?}", r.difficulty).to_lowercase(),
            self.faction.0,
            r.seed
        )
    }
}

/// Build the encounter `request` asks for.
pub fn build(request: &Request) -> Result<Encounter, BuildError> {
    let party = request.party;
    if let Some(problem) = party.problem() {
        return Err(BuildError(problem));
    }
    let (faction_id, faction) = faction(&request.faction).map_err(BuildError)?;
    let budget = party.budget();
    let band = Band::of(&budget, request.difficulty);
    let top = party.level + LEVELS_ABOVE;
    let kinds = kinds(faction, &party, top);
    let who = lowercase_the(&faction.name);
    if kinds.is_empty() {
        return Err(BuildError(format!(
            "{who} have no monster of level ≤ {top} (for {})",
            party.words()
        )));
    }
    let mut rng = SplitMix64(request.seed ^ 0x5EED_B11D_E4C0_u64);
    let squads = party.heroes.div_ceil(2);
    let mut best: Option<(i64, Vec<u32>)> = None;
    let modes = modes(&kinds, band, squads);
    if modes.is_empty() {
        let prices: Vec<String> = kinds.iter().map(Kind::price).collect();
        return Err(BuildError(format!(
            "{who} have nothing of level ≤ {top} that fits {} EV for {} ({band}); what they have costs {}",
            band.at_least,
            party.words(),
            prices.join(", ")
        )));
    }
    for draw in 0..DRAWS {
        let mode = &modes[(draw % modes.len() as u64) as usize];
        let Some(counts) = draw_roster(&kinds, mode, (band, squads, party.level), &mut rng) else {
            continue;
        };
        let score = score(&kinds, &counts, &party, band);
        if best.as_ref().is_none_or(|(s, _)| score > *s) {
            best = Some((score, counts));
        }
    }
    let (_, counts) = best.expect("a mode that can land inside the band draws a roster");
    let units = units(&kinds, &counts);
    let ev: u32 = units.iter().map(|u| u.ev).sum();
    debug_assert!(band.contains(ev), "{ev} EV inside {band}");
    let laid = arena::scenario(&arena::Plan {
        name: format!(
            "{} ({:?}, {})",
            faction.name,
            request.difficulty,
            party.words()
        ),
        description: format!(
            "{ev} EV of {who} against {}, {:?} (at least {} EV, under {}). {}",
            party.words(),
            request.difficulty,
            band.at_least,
            band.under,
            faction.story
        ),
        party,
        heroes: heroes(&party),
        units: &units,
        faction_prefix: common_prefix(faction),
        seed: request.seed,
        placed: &[],
    });
    Ok(Encounter {
        request: request.clone(),
        faction: (faction_id, faction.name.clone()),
        budget,
        band,
        ev,
        units,
        file: laid.file,
        by_hand: false,
        standing: laid.standing,
        refused: Vec::new(),
    })
}

/// Build the encounter of the monsters `picks` names for `party`: each a monster's template
/// id from any faction's bestiary, one creature each (a minion's, a squad of four), placed on
/// the arena as [`build`] places its own. Nothing is drawn: the difficulty is what they cost
/// ([`difficulty_of`]), and the seed only places the arena's cover.
pub fn build_chosen(party: Party, picks: &[&str], seed: u64) -> Result<Encounter, BuildError> {
    build_placed(party, picks, &[], seed)
}

/// [`build_chosen`], with some units placed by hand: each takes its square before the others
/// are placed around it, unless it may not stand there (off the map, a wall or pillar, the
/// heroes' starting zone, taken by a unit placed before it), when it is placed automatically
/// and [`Encounter::refused`] says why. A placement of a unit not chosen is left out.
pub fn build_placed(
    party: Party,
    picks: &[&str],
    placed: &[Placement],
    seed: u64,
) -> Result<Encounter, BuildError> {
    if let Some(problem) = party.problem() {
        return Err(BuildError(problem));
    }
    if picks.is_empty() {
        return Err(BuildError("choose at least one monster".to_owned()));
    }
    let mut kinds: Vec<Kind> = Vec::new();
    let mut counts: Vec<u32> = Vec::new();
    let mut factions: Vec<(&'static str, &'static Faction)> = Vec::new();
    for &pick in picks {
        let found = bestiary::factions().iter().find_map(|(id, f)| {
            f.monsters
                .get_key_value(pick)
                .map(|(key, spec)| (*id, f, key.as_str(), spec))
        });
        let Some((faction_id, faction, key, spec)) = found else {
            return Err(BuildError(format!("no monster `{pick}` in the bestiary")));
        };
        let Some(formula) = spec.monster else {
            return Err(BuildError(format!(
                "`{pick}` has no monster formula to price it"
            )));
        };
        if !factions.iter().any(|(id, _)| *id == faction_id) {
            factions.push((faction_id, faction));
        }
        match kinds.iter().position(|k| k.id == key) {
            Some(i) => counts[i] += 1,
            None => {
                kinds.push(Kind {
                    id: key,
                    name: spec.name.clone().unwrap_or_else(|| key.to_owned()),
                    formula,
                    ev: formula.ev(),
                    size: size_of(spec),
                    cap: u32::MAX,
                });
                counts.push(1);
            }
        }
    }
    let units = units(&kinds, &counts);
    let ev: u32 = units.iter().map(|u| u.ev).sum();
    let budget = party.budget();
    let difficulty = difficulty_of(ev, &budget);
    let band = Band::of(&budget, difficulty);
    let (faction, prefix, who, story) = match factions.as_slice() {
        [(id, f)] => (
            (*id, f.name.clone()),
            common_prefix(f),
            lowercase_the(&f.name),
            format!(" {}", f.story),
        ),
        _ => (
            ("mixed", "Mixed factions".to_owned()),
            String::new(),
            "monsters of several factions".to_owned(),
            String::new(),
        ),
    };
    let mut squares: Vec<Option<Square>> = vec![None; units.len()];
    for p in placed {
        if let Some(i) = unit_index(&units, &p.template, p.nth) {
            squares[i] = Some(p.square);
        }
    }
    let laid = arena::scenario(&arena::Plan {
        name: format!("{} ({difficulty:?}, {})", faction.1, party.words()),
        description: format!(
            "{ev} EV of {who} against {}, {difficulty:?}.{story}",
            party.words()
        ),
        party,
        heroes: heroes(&party),
        units: &units,
        faction_prefix: prefix,
        seed,
        placed: &squares,
    });
    let refused = laid
        .refused
        .into_iter()
        .filter_map(|(unit, why)| {
            let p = placed
                .iter()
                .find(|p| unit_index(&units, &p.template, p.nth) == Some(unit))?;
            Some((p.clone(), why))
        })
        .collect();
    Ok(Encounter {
        request: Request {
            party,
            difficulty,
            faction: faction.0.to_owned(),
            seed,
        },
        faction,
        budget,
        band,
        ev,
        units,
        file: laid.file,
        by_hand: true,
        standing: laid.standing,
        refused,
    })
}

/// The index in `units` of the `nth` (from 0) unit of `template`.
fn unit_index(units: &[Unit], template: &str, nth: usize) -> Option<usize> {
    units
        .iter()
        .enumerate()
        .filter(|(_, u)| u.template == template)
        .nth(nth)
        .map(|(i, _)| i)
}

/// "the Briarfolk" from "The Briarfolk".
fn lowercase_the(name: &str) -> String {
    match name.strip_prefix("The ") {
        Some(rest) => format!("the {rest}"),
        None => name.to_owned(),
    }
}

/// The heroes, one of each class in this order (a front line, a healer, a striker, a caster,
/// then the rest), each as `(class id, template)`: `("fury", "fury_2")`.
fn heroes(party: &Party) -> Vec<(&'static str, String)> {
    const ORDER: [Class; 9] = [
        Class::Fury,
        Class::Conduit,
        Class::Shadow,
        Class::Elementalist,
        Class::Tactician,
        Class::Censor,
        Class::Null,
        Class::Talent,
        Class::Troubadour,
    ];
    ORDER
        .iter()
        .take(party.heroes as usize)
        .map(|c| {
            let template = match party.level {
                1 => c.id().to_owned(),
                level => format!("{}_{level}", c.id()),
            };
            (c.id(), template)
        })
        .collect()
}

/// The prefix every monster id of the faction shares (`choir_`), left off the creatures' ids.
fn common_prefix(faction: &Faction) -> String {
    let ids: Vec<&str> = faction.monsters.keys().map(String::as_str).collect();
    let Some(first) = ids.first() else {
        return String::new();
    };
    match first.split_once('_') {
        Some((head, _)) if ids.iter().all(|id| id.starts_with(&format!("{head}_"))) => {
            format!("{head}_")
        }
        _ => String::new(),
    }
}

/// The faction's monsters of level `top` or below, in id order, with the most of each the
/// builder buys.
fn kinds(faction: &'static Faction, party: &Party, top: u32) -> Vec<Kind> {
    let heroes = party.heroes;
    faction
        .monsters
        .iter()
        .filter_map(|(id, spec)| {
            let formula = spec.monster?;
            if formula.level > top {
                return None;
            }
            let cap = match formula.organization {
                Organization::Minion => heroes.div_ceil(2),
                Organization::Horde => heroes.max(2),
                Organization::Platoon => heroes.div_ceil(2).max(2),
                Organization::Elite => (heroes / 3).max(1),
                Organization::Leader | Organization::Solo => 1,
            };
            Some(Kind {
                id: id.as_str(),
                name: spec.name.clone().unwrap_or_else(|| id.clone()),
                formula,
                ev: formula.ev(),
                size: size_of(spec),
                cap,
            })
        })
        .collect()
}

fn size_of(spec: &CreatureSpec) -> Size {
    spec.size.unwrap_or(Size::Medium)
}

/// How a roster may be drawn: without solos, or one solo (forced) with minion squads.
#[derive(Clone, Debug)]
struct Mode {
    /// Which kinds may be bought.
    allowed: Vec<bool>,
    /// A kind every roster of this mode has one of.
    forced: Option<usize>,
}

/// The modes whose rosters can land inside the band.
fn modes(kinds: &[Kind], band: Band, squads: u32) -> Vec<Mode> {
    let mut modes = vec![Mode {
        allowed: kinds.iter().map(|k| !k.solo()).collect(),
        forced: None,
    }];
    for (i, _) in kinds.iter().enumerate().filter(|(_, k)| k.solo()) {
        modes.push(Mode {
            allowed: kinds
                .iter()
                .enumerate()
                .map(|(j, other)| j == i || other.minion())
                .collect(),
            forced: Some(i),
        });
    }
    modes.retain(|mode| {
        let mut counts = vec![0; kinds.len()];
        if let Some(f) = mode.forced {
            counts[f] = 1;
        }
        can_land(kinds, mode, &counts, band, squads)
    });
    modes
}

/// Whether some purchase on top of `counts` (within each kind's and the squads' and leaders'
/// limits, in `mode`) lands inside `band`: a bounded knapsack over bitsets of totals, one per
/// (squads, leaders) used.
fn can_land(kinds: &[Kind], mode: &Mode, counts: &[u32], band: Band, squads: u32) -> bool {
    let total: u32 = kinds.iter().zip(counts).map(|(k, n)| k.ev * n).sum();
    let used_squads: u32 = kinds
        .iter()
        .zip(counts)
        .filter(|(k, _)| k.minion())
        .map(|(_, n)| n)
        .sum();
    let used_leaders: u32 = kinds
        .iter()
        .zip(counts)
        .filter(|(k, _)| k.leader())
        .map(|(_, n)| n)
        .sum();
    if total >= band.under || used_squads > squads || used_leaders > 1 {
        return false;
    }
    let words = (band.under as usize).div_ceil(64);
    let slots = (squads as usize + 1) * 2;
    let slot = |s: u32, l: u32| s as usize * 2 + l as usize;
    let mut reach = vec![vec![0u64; words]; slots];
    reach[slot(used_squads, used_leaders)][total as usize / 64] |= 1 << (total % 64);
    for (i, k) in kinds.iter().enumerate() {
        if !mode.allowed[i] || counts[i] >= k.cap {
            continue;
        }
        let before = reach.clone();
        for extra in 1..=(k.cap - counts[i]) {
            let add_squads = if k.minion() { extra } else { 0 };
            let add_leaders = if k.leader() { extra } else { 0 };
            for s in 0..=squads {
                for l in 0..=1 {
                    let (s2, l2) = (s + add_squads, l + add_leaders);
                    if s2 > squads || l2 > 1 {
                        continue;
                    }
                    let shifted = shift(&before[slot(s, l)], (extra * k.ev) as usize, band.under);
                    for (w, bits) in reach[slot(s2, l2)].iter_mut().zip(shifted) {
                        *w |= bits;
                    }
                }
            }
        }
    }
    reach
        .iter()
        .any(|bits| (band.at_least..band.under).any(|t| bits[t as usize / 64] >> (t % 64) & 1 == 1))
}

/// `bits` moved up by `by`, cut off at `under`.
fn shift(bits: &[u64], by: usize, under: u32) -> Vec<u64> {
    let mut out = vec![0u64; bits.len()];
    let (words, rest) = (by / 64, by % 64);
    for i in (words..bits.len()).rev() {
        let low = bits[i - words] << rest;
        let carry = if rest > 0 && i > words {
            bits[i - words - 1] >> (64 - rest)
        } else {
            0
        };
        out[i] = low | carry;
    }
    let last = under as usize;
    if !last.is_multiple_of(64)
        && let Some(w) = out.last_mut()
    {
        *w &= (1u64 << (last % 64)) - 1;
    }
    out
}

/// One roster drawn from `rng`: creatures bought one at a time, each chosen at random among
/// those that still let the total land inside the band (weighted toward new kinds and roles and
/// levels near the heroes'), until the band's budget is spent. `None` if none can (a mode
/// `modes` kept always can).
fn draw_roster(
    kinds: &[Kind],
    mode: &Mode,
    (band, squads, party_level): (Band, u32, u32),
    rng: &mut SplitMix64,
) -> Option<Vec<u32>> {
    let mut counts = vec![0u32; kinds.len()];
    if let Some(f) = mode.forced {
        counts[f] = 1;
    }
    loop {
        let total: u32 = kinds.iter().zip(&counts).map(|(k, n)| k.ev * n).sum();
        if total >= band.at_least {
            return Some(counts);
        }
        let parts: Vec<String> = kinds
            .iter()
            .zip(&counts)
            .filter(|(_, n)| **n > 0)
            .map(|(k, _)| k.part())
            .collect();
        let bought_squads: u32 = kinds
            .iter()
            .zip(&counts)
            .filter(|(k, _)| k.minion())
            .map(|(_, n)| n)
            .sum();
        let bought_others: u32 = kinds
            .iter()
            .zip(&counts)
            .filter(|(k, _)| !k.minion())
            .map(|(_, n)| n)
            .sum();
        let mut weights: Vec<(usize, u64)> = kinds
            .iter()
            .enumerate()
            .filter(|(i, k)| mode.allowed[*i] && counts[*i] < k.cap)
            .map(|(i, k)| {
                let mut w = u64::from(k.ev) + 4;
                if counts[i] == 0 {
                    w *= 4;
                }
                if !parts.contains(&k.part()) {
                    w *= 2;
                }
                // a squad wants a captain, and a captain a squad
                if k.minion() && bought_squads < bought_others {
                    w *= 2;
                }
                if !k.minion() && bought_others < bought_squads {
                    w *= 2;
                }
                // levels near the heroes' first
                let gap = k.formula.level.abs_diff(party_level);
                (i, w * u64::from(3u32.saturating_sub(gap).max(1)))
            })
            .collect();
        loop {
            let sum: u64 = weights.iter().map(|(_, w)| w).sum();
            if sum == 0 {
                return None;
            }
            let mut roll = rng.next() % sum;
            let at = weights
                .iter()
                .position(|(_, w)| {
                    if roll < *w {
                        true
                    } else {
                        roll -= w;
                        false
                    }
                })
                .expect("the roll is under the sum");
            let (i, _) = weights.remove(at);
            counts[i] += 1;
            if can_land(kinds, mode, &counts, band, squads) {
                break;
            }
            counts[i] -= 1;
        }
    }
}

/// How good a roster is: roles and kinds, squads with captains, a star in a fight that is
/// more than easy, little EV over the budget, about as many turns as heroes, levels near theirs.
fn score(kinds: &[Kind], counts: &[u32], party: &Party, band: Band) -> i64 {
    let bought = || kinds.iter().zip(counts).filter(|(_, n)| **n > 0);
    let mut parts: Vec<String> = bought().map(|(k, _)| k.part()).collect();
    parts.sort();
    parts.dedup();
    let kinds_bought = bought().count() as i64;
    let squads: i64 = bought()
        .filter(|(k, _)| k.minion())
        .map(|(_, n)| i64::from(*n))
        .sum();
    let others: i64 = bought()
        .filter(|(k, _)| !k.minion())
        .map(|(_, n)| i64::from(*n))
        .sum();
    let total: u32 = bought().map(|(k, n)| k.ev * n).sum();
    let captains_to_be_had = kinds.iter().any(|k| !k.minion());
    let uncaptained = if captains_to_be_had {
        (squads - others).max(0)
    } else {
        0
    };
    let star = bought().any(|(k, _)| k.star());
    let turns = squads + others;
    let heroes = i64::from(party.heroes);
    let (few, many) = ((3 * heroes + 3) / 4, heroes + 3);
    let crowd = (few - turns).max(0) + (turns - many).max(0);
    let high: i64 = bought()
        .filter(|(k, _)| !k.minion())
        .map(|(k, n)| i64::from(k.formula.level.saturating_sub(party.level + 1)) * i64::from(*n))
        .sum();
    let mut score = 6 * parts.len() as i64 + 3 * kinds_bought
        - 8 * uncaptained
        - 2 * i64::from(total - band.at_least)
        - 3 * crowd
        - high;
    if squads > 0 {
        score += 4;
    }
    if star && band.difficulty != Difficulty::Easy {
        score += 4;
    }
    score
}

/// The roster as units: stars first (solo, leader, elite), then platoons and hordes, then the
/// minion squads, each by template id.
fn units(kinds: &[Kind], counts: &[u32]) -> Vec<Unit> {
    let rank = |o: Organization| match o {
        Organization::Solo => 0,
        Organization::Leader => 1,
        Organization::Elite => 2,
        Organization::Platoon => 3,
        Organization::Horde => 4,
        Organization::Minion => 5,
    };
    let mut order: Vec<usize> = (0..kinds.len()).filter(|&i| counts[i] > 0).collect();
    order.sort_by_key(|&i| (rank(kinds[i].formula.organization), kinds[i].id));
    order
        .into_iter()
        .flat_map(|i| {
            let k = &kinds[i];
            (0..counts[i]).map(move |_| Unit {
                template: k.id,
                name: k.name.clone(),
                formula: k.formula,
                ev: k.ev,
                size: k.size,
            })
        })
        .collect()
}

/// A small, fixed pseudo-random generator (SplitMix64): the same seed gives the same numbers on
/// every platform.
pub(super) struct SplitMix64(pub u64);

impl SplitMix64 {
    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number in `0..n` (`n` > 0).
    pub fn below(&mut self, n: u32) -> u32 {
        (self.next() % u64::from(n)) as u32
    }
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use super::*;
    use crate::creature::Side;
    use crate::creature_record::CreatureRecord;
    use crate::director::monster::Role;
    use crate::encounter_budget::report;
    use crate::grid::Footprint;
    use crate::scenario::{load, ron_options, write};

    const PARTIES: [&str; 3] = ["4x1", "5x2", "4x3"];
    const DIFFICULTIES: [Difficulty; 4] = [
        Difficulty::Easy,
        Difficulty::Standard,
        Difficulty::Hard,
        Difficulty::Extreme,
    ];

    fn request(faction: &str, party: &str, difficulty: Difficulty, seed: u64) -> Request {
        Request {
            party: party.parse().expect("a party"),
            difficulty,
            faction: faction.to_owned(),
            seed,
        }
    }

    /// The starting state's checksum of a scenario text.
    fn checksum(name: &str, text: &str) -> u64 {
        let scenario = load(name, text).unwrap_or_else(|d| {
            let problems: Vec<String> = d.iter().map(ToString::to_string).collect();
            panic!("{name} does not load:\n{}\n{text}", problems.join("\n"))
        });
        scenario.start(None).checksum()
    }

    /// For every faction, party and difficulty: the built scenario loads; the budget report
    /// prices it at the EV the builder claims, inside the band, at exactly the difficulty asked
    /// for; read back and written again it is the same text (but for its comments) and the same
    /// starting state. The combinations that can't be filled are exactly these.
    #[test]
    fn every_faction_party_and_difficulty_builds_a_scenario_the_budget_prices_as_asked() {
        let mut unfilled = Vec::new();
        for faction in bestiary::faction_ids() {
            for party in PARTIES {
                for difficulty in DIFFICULTIES {
                    let name = format!("{faction} {party} {difficulty:?}");
                    let built = match build(&request(faction, party, difficulty, 7)) {
                        Ok(built) => built,
                        Err(e) => {
                            assert!(e.0.contains("that fits"), "{name}: {e}");
                            unfilled.push(name);
                            continue;
                        }
                    };
                    let text = built.to_ron();
                    let scenario = load(&name, &text).unwrap_or_else(|d| {
                        let problems: Vec<String> = d.iter().map(ToString::to_string).collect();
                        panic!("{name}:\n{}\n{text}", problems.join("\n"))
                    });
                    let priced = report(&scenario);
                    assert_eq!(priced.ev, built.ev, "{name}:\n{text}");
                    assert!(built.band.contains(built.ev), "{name}: {} EV", built.ev);
                    assert_eq!(priced.difficulty, difficulty, "{name}:\n{text}");
                    assert_eq!(priced.effective, difficulty, "{name}");
                    assert_eq!(priced.budget, built.budget, "{name}");
                    assert!(priced.unpriced.is_empty(), "{name}: {:?}", priced.unpriced);
                    // load → write → load
                    let file: ScenarioFile = ron_options().from_str(&text).expect("it parses");
                    let again = write::to_ron(&file, &[]);
                    assert_eq!(checksum(&name, &again), checksum(&name, &text), "{name}");
                    let body = text.lines().filter(|l| !l.starts_with("//"));
                    assert_eq!(again.lines().collect::<Vec<_>>(), body.collect::<Vec<_>>());
                }
            }
        }
        assert_eq!(unfilled, Vec::<String>::new());
    }

    /// The same request and seed give the same text; other seeds give other encounters.
    #[test]
    fn a_seed_builds_the_same_scenario_every_time_and_other_seeds_others() {
        let texts: Vec<String> = (1..=8)
            .map(|seed| {
                let r = request("hollow_choir", "5x2", Difficulty::Hard, seed);
                let first = build(&r).expect("it fits").to_ron();
                assert_eq!(build(&r).expect("it fits").to_ron(), first, "seed {seed}");
                first
            })
            .collect();
        let mut distinct = texts.clone();
        distinct.sort();
        distinct.dedup();
        assert!(distinct.len() >= 4, "{} of 8 seeds differ", distinct.len());
    }

    /// Squads of four, each with a captain when the roster has a non-minion; at most one
    /// leader; every minion beside its squad; the heroes on `hero_start` at the party's level,
    /// the Director's creatures beyond the gap.
    #[test]
    fn the_roster_and_the_arena_keep_the_builders_rules() {
        for faction in bestiary::faction_ids() {
            for (party, difficulty) in [("4x1", Difficulty::Hard), ("5x2", Difficulty::Extreme)] {
                let name = format!("{faction} {party} {difficulty:?}");
                let built = build(&request(faction, party, difficulty, 3)).expect("it fits");
                let scenario = load(&name, &built.to_ron()).expect("it loads");
                let creatures = scenario.initial_creatures();
                let leaders = built
                    .units
                    .iter()
                    .filter(|u| u.formula.organization == Organization::Leader)
                    .count();
                assert!(leaders <= 1, "{name}: {leaders} leaders");
                let zone = &scenario.map().zones["hero_start"];
                let party: Party = party.parse().expect("a party");
                let heroes: Vec<_> = creatures.iter().filter(|c| c.hero.is_some()).collect();
                assert_eq!(heroes.len(), party.heroes as usize, "{name}");
                for h in &heroes {
                    assert!(zone.contains(&h.position), "{name}: {} off the zone", h.id);
                    assert_eq!(h.hero.as_ref().map(|x| x.level), Some(party.level));
                }
                let others = built.units.iter().filter(|u| !u.minion()).count();
                let mut squads: BTreeMap<&str, Vec<&CreatureRecord>> = BTreeMap::new();
                for c in creatures.iter().filter(|c| c.side == Side::Director) {
                    for h in &heroes {
                        let gap = Footprint::new(c.position, c.size)
                            .distance(Footprint::new(h.position, h.size));
                        assert!(gap > 7, "{name}: {} is {gap} from {}", c.id, h.id);
                    }
                    if let Some(squad) = c.minion.as_ref().and_then(|m| m.squad.as_deref()) {
                        squads.entry(squad).or_default().push(c);
                    }
                }
                let all_squads = squads.len();
                for (squad, members) in squads {
                    assert_eq!(members.len(), 4, "{name}: squad {squad}");
                    let captain = creatures
                        .iter()
                        .find(|c| scenario_captain(&built, &c.id).as_deref() == Some(squad));
                    let mut party_of: Vec<&CreatureRecord> = members.clone();
                    party_of.extend(captain);
                    for m in &members {
                        let near = party_of.iter().filter(|o| o.id != m.id).any(|o| {
                            Footprint::new(m.position, m.size)
                                .distance(Footprint::new(o.position, o.size))
                                <= 1
                        });
                        assert!(near, "{name}: {} stands apart from its squad", m.id);
                    }
                }
                if others >= all_squads {
                    let captains = built
                        .file
                        .creatures
                        .iter()
                        .filter(|c| c.captain_of.is_some())
                        .count();
                    assert_eq!(captains, all_squads, "{name}: every squad has a captain");
                }
            }
        }
    }

    /// The squad creature `id` captains, as the built file writes it.
    fn scenario_captain(built: &Encounter, id: &str) -> Option<String> {
        built
            .file
            .creatures
            .iter()
            .find(|c| c.id.as_deref() == Some(id))
            .and_then(|c| c.captain_of.clone())
    }

    /// A band nothing adds up to is refused in a sentence naming the faction, the levels, the
    /// band and the prices.
    #[test]
    fn a_faction_with_nothing_that_fits_says_so() {
        let e = build(&request("briarfolk", "1x1", Difficulty::Easy, 1)).unwrap_err();
        assert_eq!(
            e.0,
            "the Briarfolk have nothing of level ≤ 3 that fits 5 EV for 1 hero of level 1 \
             (Easy: at least 5 EV, under 6); what they have costs Barkhide Sentinel 10, \
             Burrseed Sprite 3 EV a squad of 4, Nettle Crone 10, Rootsnare Lurker 4, \
             Sporecap Tender 8"
        );
        // The Drowned Court's Tidewrack Harpooner is a level-3 horde of 5 EV: it fits.
        assert!(build(&request("drowned_court", "1x1", Difficulty::Easy, 1)).is_ok());
    }

    /// Factions by id or name; an unknown one lists them all.
    #[test]
    fn a_faction_is_named_by_its_id_or_name() {
        for name in [
            "drowned_court",
            "The Drowned Court",
            "drowned court",
            "Drowned-Court",
        ] {
            assert_eq!(
                faction(name).map(|(id, _)| id),
                Ok("drowned_court"),
                "{name}"
            );
        }
        let e = faction("goblins").unwrap_err();
        assert!(
            e.starts_with("unknown faction `goblins`; the factions: briarfolk (The Briarfolk), "),
            "{e}"
        );
        for id in bestiary::faction_ids() {
            assert!(e.contains(id), "{e}");
        }
    }

    #[test]
    fn a_party_is_heroes_x_level() {
        let p: Party = "5x2".parse().expect("a party");
        assert_eq!((p.heroes, p.level, p.victories), (5, 2, 0));
        assert_eq!("4×3".parse::<Party>().map(|p| p.level), Ok(3));
        assert!(
            "4x4"
                .parse::<Party>()
                .unwrap_err()
                .contains("levels 1 to 3")
        );
        assert!(
            "10x1"
                .parse::<Party>()
                .unwrap_err()
                .contains("1 to 9 heroes")
        );
        assert!("four".parse::<Party>().unwrap_err().contains("such as 4x1"));
    }

    /// Victories go on every hero, and become the Director's Malice at the start.
    #[test]
    fn victories_go_on_the_heroes() {
        let mut r = request("cinderborn", "4x2", Difficulty::Standard, 1);
        r.party.victories = 3;
        let built = build(&r).expect("it fits");
        let text = built.to_ron();
        assert!(text.contains("--victories 3"), "{text}");
        let scenario = load("victories", &text).expect("it loads");
        for h in scenario
            .initial_creatures()
            .iter()
            .filter_map(|c| c.hero.as_ref())
        {
            assert_eq!((h.victories, h.level), (3, 2));
        }
    }

    /// The bands: Easy up to Standard, Standard up to Hard, Hard up to Extreme, and Extreme as
    /// wide as Hard.
    #[test]
    fn each_band_runs_up_to_the_next() {
        let budget = EncounterBudget::from_hero_levels(&[1, 1, 1, 1]);
        let bands: Vec<(u32, u32)> = [
            Difficulty::Easy,
            Difficulty::Standard,
            Difficulty::Hard,
            Difficulty::Extreme,
        ]
        .map(|d| Band::of(&budget, d))
        .iter()
        .map(|b| (b.at_least, b.under))
        .collect();
        assert_eq!(bands, [(18, 24), (24, 36), (36, 48), (48, 60)]);
        for (ev, d) in [
            (18, Difficulty::Easy),
            (35, Difficulty::Standard),
            (59, Difficulty::Extreme),
        ] {
            assert_eq!(difficulty_of(ev, &budget), d);
        }
    }

    /// A solo comes only when it fits inside the band, and then with minion squads alone.
    #[test]
    fn a_solo_comes_alone_with_its_minions_when_it_fits() {
        let kind = |id: &'static str, organization, role, level, cap| {
            let formula = MonsterFormula {
                level,
                organization,
                role,
            };
            Kind {
                id,
                name: id.to_owned(),
                formula,
                ev: formula.ev(),
                size: Size::Medium,
                cap,
            }
        };
        let kinds = vec![
            kind("regent", Organization::Solo, None, 6, 1),
            kind("thrall", Organization::Minion, Some(Role::Brute), 1, 4),
            kind("knight", Organization::Platoon, Some(Role::Defender), 4, 10),
        ];
        assert_eq!(kinds[0].ev, 96);
        // 9 level-2 heroes at Hard: 108 to 144; the solo (96) and four squads (12) fit.
        let band = Band::of(
            &EncounterBudget::from_hero_levels(&[2; 9]),
            Difficulty::Hard,
        );
        let modes = modes(&kinds, band, 4);
        assert_eq!(modes.len(), 2, "with and without the solo");
        let solo = &modes[1];
        let mut rng = SplitMix64(1);
        let counts = draw_roster(&kinds, solo, (band, 4, 2), &mut rng).expect("it fits");
        assert_eq!(counts[0], 1);
        assert_eq!(counts[2], 0, "nothing but minions beside a solo");
        assert!(band.contains(96 + 3 * counts[1]));
        // 4 level-1 heroes at Extreme: 48 to 60, no room for the solo.
        let band = Band::of(
            &EncounterBudget::from_hero_levels(&[1; 4]),
            Difficulty::Extreme,
        );
        assert!(modes_of(&kinds, band).iter().all(|m| m.forced.is_none()));
    }

    /// Monsters chosen by hand: one creature a pick (a minion's, a squad of four with a
    /// captain), priced by the budget report as the builder prices them, at the difficulty that
    /// EV makes; the file says it was chosen by hand and reads back to the same starting state.
    #[test]
    fn monsters_chosen_by_hand_are_placed_and_priced_as_the_report_prices_them() {
        let party: Party = "4x1".parse().expect("a party");
        let picks = [
            "nettle_crone",
            "burrseed_sprite",
            "rootsnare_lurker",
            "sporecap_tender",
            "rootsnare_lurker",
        ];
        let built = build_chosen(party, &picks, 1).expect("it builds");
        // 10 + 3 (a squad) + 4 + 8 + 4 = 29 of Standard's 24 to 35.
        assert_eq!(built.ev, 29);
        assert_eq!(built.band.difficulty, Difficulty::Standard);
        assert_eq!(built.faction, ("briarfolk", "The Briarfolk".to_owned()));
        assert_eq!(built.units.len(), 5);
        let text = built.to_ron();
        assert!(
            text.starts_with("// Chosen in the window's encounter builder."),
            "{text}"
        );
        let scenario = load("chosen", &text).expect("it loads");
        let priced = report(&scenario);
        assert_eq!((priced.ev, priced.difficulty), (29, Difficulty::Standard));
        assert!(priced.unpriced.is_empty(), "{:?}", priced.unpriced);
        let creatures = scenario.initial_creatures();
        let minions = creatures.iter().filter(|c| c.minion.is_some()).count();
        assert_eq!(minions, 4);
        let file: ScenarioFile = ron_options().from_str(&text).expect("it parses");
        let again = write::to_ron(&file, &[]);
        assert_eq!(checksum("again", &again), checksum("chosen", &text));

        // Two factions: no faction's prefix is left off the ids; under Easy is said so.
        let mixed =
            build_chosen(party, &["legion_conscript", "burrseed_sprite"], 1).expect("it builds");
        assert_eq!(mixed.faction.0, "mixed");
        assert_eq!(mixed.ev, 6);
        let text = mixed.to_ron();
        assert!(text.contains("6 EV, under the Easy budget"), "{text}");
        assert!(text.contains("legion_conscript"), "{text}");
        assert_eq!(report(&load("mixed", &text).expect("it loads")).ev, 6);

        assert!(build_chosen(party, &[], 1).is_err());
        let e = build_chosen(party, &["goblin"], 1).unwrap_err();
        assert_eq!(e.0, "no monster `goblin` in the bestiary");
    }

    /// Units placed by hand keep their squares (a squad's first minion on its own, the others
    /// beside it), the rest placed around them, and the file loads and prices as before; a
    /// square a creature may not stand on is refused with why and the creature placed
    /// automatically; moving a placed unit onto a wall, off the map or onto another is refused.
    #[test]
    fn units_placed_by_hand_keep_their_squares_and_a_bad_square_is_refused() {
        let party: Party = "4x1".parse().expect("a party");
        let picks = [
            "nettle_crone",
            "rootsnare_lurker",
            "rootsnare_lurker",
            "burrseed_sprite",
        ];
        let at = |template: &str, nth, x, y| Placement {
            template: template.to_owned(),
            nth,
            square: Square::new(x, y),
        };
        // The gap's first column (x 3) is always open ground.
        let placed = [
            at("rootsnare_lurker", 1, 3, 2),
            at("burrseed_sprite", 0, 3, 6),
            at("goblin", 0, 3, 8),
        ];
        let built = build_placed(party, &picks, &placed, 1).expect("it builds");
        assert!(built.refused.is_empty(), "{:?}", built.refused);
        let text = built.to_ron();
        let scenario = load("placed", &text).expect("it loads");
        assert_eq!(report(&scenario).ev, built.ev);
        let creatures = scenario.initial_creatures();
        let lurker = built.unit("rootsnare_lurker", 1).expect("two lurkers");
        let spot = built.spot(lurker).expect("placed");
        assert_eq!(spot.square, Square::new(3, 2));
        let on_map = creatures
            .iter()
            .find(|c| c.id == spot.id)
            .expect("in the file");
        assert_eq!(on_map.position, Square::new(3, 2));
        let squad = built.unit("burrseed_sprite", 0).expect("a squad");
        let minions: Vec<&Standing> = built
            .standing
            .iter()
            .filter(|s| s.unit == Some(squad))
            .collect();
        assert_eq!(minions.len(), 4);
        assert_eq!(minions[0].square, Square::new(3, 6));
        for m in &minions {
            let gap = (m.square.x - 3).abs().max((m.square.y - 6).abs());
            assert!(gap <= 2, "{} at {} is apart from its squad", m.id, m.square);
        }
        // Moving a unit: its own square is fine; a wall, off the map or another's is not.
        assert_eq!(built.refusal(lurker, Square::new(3, 2)), None);
        assert_eq!(built.refusal(lurker, Square::new(3, 1)), None);
        let first = built.unit("rootsnare_lurker", 0).expect("two lurkers");
        assert_eq!(
            built.refusal(first, Square::new(3, 2)).as_deref(),
            Some("(3, 2) is taken")
        );
        assert_eq!(
            built.refusal(first, Square::new(0, 4)).as_deref(),
            Some("(0, 4) is a wall")
        );
        assert_eq!(
            built.refusal(first, Square::new(200, 4)).as_deref(),
            Some("(200, 4) is off the map")
        );

        // Bad squares: refused with why, the creatures placed automatically.
        let placed = [
            at("rootsnare_lurker", 0, 3, 2),
            at("rootsnare_lurker", 1, 3, 2),
            at("nettle_crone", 0, 1, 4),
            at("burrseed_sprite", 0, 0, 5),
        ];
        let bad = build_placed(party, &picks, &placed, 1).expect("it builds");
        let mut refused: Vec<(String, usize, String)> = bad
            .refused
            .iter()
            .map(|(p, why)| (p.template.clone(), p.nth, why.clone()))
            .collect();
        refused.sort();
        let said = |t: &str, nth, why: &str| (t.to_owned(), nth, why.to_owned());
        assert_eq!(
            refused,
            [
                said("burrseed_sprite", 0, "(0, 5) is a wall"),
                said("nettle_crone", 0, "(1, 4) is in the heroes' starting zone"),
                said("rootsnare_lurker", 1, "(3, 2) is taken"),
            ]
        );
        let second = bad
            .spot(bad.unit("rootsnare_lurker", 1).expect("two"))
            .expect("on");
        assert!(
            second.square.x >= 10,
            "{} on the Director's side",
            second.square
        );
        assert!(!second.by_hand);
        load("bad", &bad.to_ron()).expect("it loads");
    }

    fn modes_of(kinds: &[Kind], band: Band) -> Vec<Mode> {
        modes(kinds, band, 2)
    }
}
