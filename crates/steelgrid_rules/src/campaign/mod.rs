//! Campaigns (seed 002 L807-867, "building a heroic narrative"): battles linked by a story,
//! played by one party that carries its Stamina, Recoveries, Victories and experience from
//! each fight to the next, rests when the story gives it a respite and grows in level.
//!
//! A campaign file (RON) names its battles, each an ordinary scenario that plays on its own; the
//! campaign puts the party on the battle's `hero_start` squares in place of the file's heroes.
//!
//! Readings (not in seed): the experience a level needs is the campaign's `advancement` table
//! (the seed sends XP to "the hero's growth", L835, outside its lines); a lost battle may be
//! fought again from where the party stood before it; a hero who dies in a won battle stays
//! dead, or, where the campaign says so, pulls through at 1 Stamina ([`Fallen`]).

mod party;
mod progress;
mod run;

pub use party::{Member, Party, PartyError};
pub use progress::{CampaignSave, Carried, Ending, Fought, Progress};
pub use run::{Headless, HeadlessBattle, play_headless};

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::diagnostic::{Diagnostic, ron_options};
use crate::scenario::{self, Scenario};
use crate::source::{self, line_col};

/// The zone a campaign battle names for the party's starting squares.
pub const HERO_START: &str = "hero_start";

/// A campaign file as written.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename = "Campaign", deny_unknown_fields)]
pub struct CampaignFile {
    pub name: String,
    #[serde(default)]
    pub description: String,
    pub party: PartyRules,
    /// The experience each level needs, lowest first (not in seed: the campaign's pace).
    #[serde(default)]
    pub advancement: Vec<Advance>,
    pub steps: Vec<Step>,
}

/// Who may make up the party.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PartyRules {
    /// How many heroes, at least and at most.
    pub min: usize,
    pub max: usize,
    /// The level every hero starts at.
    #[serde(default = "one")]
    pub level: u32,
    /// The party offered first (and played by `steelgrid campaign` unless told otherwise).
    #[serde(default)]
    pub suggested: Vec<Class>,
    /// A name for the hero of each class, in place of the class's.
    #[serde(default)]
    pub names: std::collections::BTreeMap<Class, String>,
    /// What becomes of a hero who dies in a battle the party wins.
    #[serde(default)]
    pub fallen: Fallen,
}

/// What becomes of a hero who dies in a won battle. Not in seed: the seed says when a hero
/// dies (L3068-3076) but brings no one back, so `Lost` is the seed's and the default;
/// `Wounded` is a campaign's mercy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Fallen {
    /// Dead for good: the hero fights no more.
    #[default]
    Lost,
    /// Carried from the field and pulls through: on at 1 Stamina with the Recoveries it had
    /// left and no Victory for that fight (L817), to spend Recoveries on the road like anyone.
    Wounded,
}

fn one() -> u32 {
    1
}

/// A level and the experience that reaches it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Advance {
    pub level: u32,
    pub xp: u32,
}

/// One step of the story.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum Step {
    /// A page of story between battles.
    Story { title: String, text: String },
    /// A fight: the scenario file (relative to the campaign file), what is told before it and
    /// after it, won or lost.
    Battle {
        scenario: String,
        title: String,
        #[serde(default)]
        before: String,
        #[serde(default)]
        victory: String,
        #[serde(default)]
        defeat: String,
        /// Victories the Director grants on top of the one each survivor earns, for a hard
        /// fight (seed 002 L819).
        #[serde(default)]
        bonus_victories: u32,
    },
    /// A respite (seed 002 L859-867): Recoveries and Stamina back, Victories into XP.
    Respite {
        #[serde(default)]
        text: String,
    },
}

/// A loaded campaign: the file and each battle's scenario, checked.
#[derive(Clone, Debug)]
pub struct Campaign {
    pub file: String,
    pub spec: CampaignFile,
    /// Each battle step's scenario file as named and its text, by step index.
    pub battles: std::collections::BTreeMap<usize, (String, String)>,
}

impl Campaign {
    /// The battle of step `index`: its file name and text.
    pub fn battle(&self, index: usize) -> Option<(&str, &str)> {
        self.battles
            .get(&index)
            .map(|(f, t)| (f.as_str(), t.as_str()))
    }

    /// The level `xp` reaches, from the party's starting level.
    pub fn level_for(&self, xp: u32) -> u32 {
        self.spec
            .advancement
            .iter()
            .filter(|a| xp >= a.xp)
            .map(|a| a.level)
            .fold(self.spec.party.level, u32::max)
    }
}

/// Load a campaign from its text; `read` gives a battle's scenario text by the path the
/// campaign names (the caller resolves it beside the campaign file, or from what is embedded).
/// Every problem comes back at its file, line and column: the campaign's own, or a battle's.
pub fn load(
    file: &str,
    src: &str,
    read: &dyn Fn(&str) -> Result<(String, String), String>,
) -> Result<Campaign, Vec<Diagnostic>> {
    let at = |offset: usize, message: String| {
        let lc = line_col(src, offset);
        Diagnostic {
            file: file.to_owned(),
            line: lc.line,
            col: lc.col,
            message,
        }
    };
    let spec: CampaignFile = ron_options().from_str(src).map_err(|e| {
        vec![Diagnostic {
            file: file.to_owned(),
            line: e.span.start.line,
            col: e.span.start.col,
            message: e.code.to_string(),
        }]
    })?;
    let top = |key: &str| source::field(src, None, key).unwrap_or(0);
    let mut problems = party_problems(&spec, &top, &at);
    let step_at = source::list_elements(src, top("steps"));
    if !spec.steps.iter().any(|s| matches!(s, Step::Battle { .. })) {
        problems.push(at(
            top("steps"),
            "a campaign needs at least one battle".into(),
        ));
    }
    let mut battles = std::collections::BTreeMap::new();
    for (index, step) in spec.steps.iter().enumerate() {
        let Step::Battle { scenario, .. } = step else {
            continue;
        };
        let here = step_at
            .get(index)
            .and_then(|&s| source::open_paren(src, s))
            .and_then(|o| source::field(src, Some(o), "scenario"))
            .unwrap_or(top("steps"));
        match read(scenario) {
            Err(e) => problems.push(at(here, format!("cannot read `{scenario}`: {e}"))),
            Ok((name, text)) => match battle_problems(&name, &text, &spec.party) {
                Ok(()) => {
                    battles.insert(index, (name, text));
                }
                Err(mut found) => problems.append(&mut found),
            },
        }
    }
    if problems.is_empty() {
        Ok(Campaign {
            file: file.to_owned(),
            spec,
            battles,
        })
    } else {
        Err(problems)
    }
}

fn party_problems(
    spec: &CampaignFile,
    top: &dyn Fn(&str) -> usize,
    at: &dyn Fn(usize, String) -> Diagnostic,
) -> Vec<Diagnostic> {
    let mut problems = Vec::new();
    let p = &spec.party;
    if p.min == 0 || p.min > p.max || p.max > Class::ALL.len() {
        problems.push(at(
            top("party"),
            format!(
                "a party of {}-{} heroes: it needs at least 1, min no more than max, and at most {} (one of each class)",
                p.min,
                p.max,
                Class::ALL.len()
            ),
        ));
    }
    let levels = crate::encounter_budget::builder::HERO_LEVELS;
    if !levels.contains(&p.level) {
        problems.push(at(
            top("party"),
            format!(
                "heroes start at level {} to {} (the class templates' levels), not {}",
                levels.start(),
                levels.end(),
                p.level
            ),
        ));
    }
    if !p.suggested.is_empty() && !(p.min..=p.max).contains(&p.suggested.len()) {
        problems.push(at(
            top("party"),
            format!(
                "the suggested party has {} heroes; the campaign takes {} to {}",
                p.suggested.len(),
                p.min,
                p.max
            ),
        ));
    }
    let mut last = (p.level, 0);
    for a in &spec.advancement {
        if a.level <= last.0 || a.xp <= last.1 || !levels.contains(&a.level) {
            problems.push(at(
                top("advancement"),
                format!(
                    "level {} at {} XP: each level in the table must be higher than the one before (up to {}, the class templates' last) and need more XP",
                    a.level,
                    a.xp,
                    levels.end()
                ),
            ));
            break;
        }
        last = (a.level, a.xp);
    }
    problems
}

/// A battle's scenario must load and give the party room: `hero_start` squares, at least as
/// many as the largest party, on which no creature but the file's own heroes stands. No other
/// creature may take a class's id (a hero's there), and the battle must load with a party of
/// other classes in place of the file's heroes: nothing in it may name a hero of the file's.
fn battle_problems(file: &str, text: &str, rules: &PartyRules) -> Result<(), Vec<Diagnostic>> {
    let scenario = scenario::load(file, text)?;
    let at = |key: &str, message: String| {
        let lc = line_col(text, source::field(text, None, key).unwrap_or(0));
        Err(vec![Diagnostic {
            file: file.to_owned(),
            line: lc.line,
            col: lc.col,
            message,
        }])
    };
    let open = party::start_squares(&scenario).len();
    if open < rules.max {
        return at(
            "map",
            format!(
                "a campaign battle needs a `{HERO_START}` zone with room for {} heroes; it has {open} free square(s)",
                rules.max
            ),
        );
    }
    let creatures = scenario.initial_creatures();
    if let Some(c) = creatures
        .iter()
        .find(|c| !is_hero(&scenario, &c.id) && Class::ALL.iter().any(|k| k.id() == c.id))
    {
        return at(
            "creatures",
            format!(
                "`{}` is a class's id, which a campaign gives to the party's hero of that class; give this creature another",
                c.id
            ),
        );
    }
    let others: Vec<Member> = Class::ALL
        .into_iter()
        .filter(|k| !creatures.iter().any(|c| c.id == k.id()))
        .take(rules.max)
        .map(|k| Member::new(k, k.spec().name.clone(), rules.level))
        .collect();
    let probe = Party { members: others };
    match probe.into_battle(file, text).and_then(|with| {
        scenario::load(file, &with)
            .map(|_| ())
            .map_err(|p| p[0].message.clone())
    }) {
        Ok(()) => Ok(()),
        Err(problem) => at(
            "creatures",
            format!(
                "with another party in place of the file's heroes the battle does not load: {problem}"
            ),
        ),
    }
}

/// A scenario's hero: a creature of the heroes' side with hero fields (not a ward or an ally).
pub(crate) fn is_hero(scenario: &Scenario, id: &str) -> bool {
    scenario
        .initial_creatures()
        .iter()
        .any(|c| c.id == id && c.hero.is_some() && c.side == crate::creature::Side::Heroes)
}
