//! The party a campaign carries from battle to battle: each hero's class, level, Stamina,
//! Recoveries, Victories and experience (seed 002 L807-867).

use serde::{Deserialize, Serialize};

use crate::class::Class;
use crate::creature::{Hero, Stamina};
use crate::grid::{Footprint, Square};
use crate::scenario::{CreatureSpec, Scenario, ScenarioFile};

use super::HERO_START;

/// One hero of the party as it stands between battles.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Member {
    /// Its id in every battle: the class's (`fury`).
    pub id: String,
    pub name: String,
    pub class: Class,
    pub level: u32,
    pub stamina: i32,
    pub recoveries: u32,
    /// Earned since the last respite (seed 002 L815-829).
    pub victories: u32,
    /// Earned at respites (L831-835).
    pub xp: u32,
    /// Died in a battle: it fights no more.
    pub dead: bool,
}

impl Member {
    /// A new hero of `class` at `level`, rested.
    pub fn new(class: Class, name: String, level: u32) -> Member {
        let (stamina, recoveries) = full(class, level);
        Member {
            id: class.id().to_owned(),
            name,
            class,
            level,
            stamina,
            recoveries,
            victories: 0,
            xp: 0,
            dead: false,
        }
    }

    /// Its maximum Stamina and Recoveries at its level.
    pub fn maxima(&self) -> (i32, u32) {
        full(self.class, self.level)
    }

    /// Spend a Recovery outside combat, as freely as the seed allows (L853-855): a third of its
    /// maximum Stamina back (L3060), regained as the damage chapter regains it: added to what
    /// it has, below 0 too, never above the maximum. Gives the Stamina regained, or None with
    /// no Recovery left, full Stamina or dead.
    pub fn spend_recovery(&mut self) -> Option<i32> {
        let (max, _) = self.maxima();
        if self.dead || self.recoveries == 0 || self.stamina >= max {
            return None;
        }
        let mut stamina = Stamina {
            current: self.stamina,
            max,
            temporary: 0,
        };
        let value = stamina.recovery_value();
        let gained = crate::damage::stamina::regain(&mut stamina, value);
        self.stamina = stamina.current;
        self.recoveries -= 1;
        Some(gained)
    }

    /// A finished respite (seed 002 L859-867, through the rules' own `respite::finish`): all
    /// Recoveries and Stamina back and the Victories turned into XP. Gives the XP gained.
    pub fn rest(&mut self) -> u32 {
        let (max, recoveries_max) = self.maxima();
        let mut hero = Hero {
            level: self.level,
            recoveries: self.recoveries,
            recoveries_max,
            heroic_resource: 0,
            resource_per_turn: 0,
            surges: 0,
            victories: self.victories,
            xp: self.xp,
            kit: Default::default(),
            class: Some(self.class),
            gains: Default::default(),
        };
        let mut stamina = Stamina {
            current: self.stamina,
            max,
            temporary: 0,
        };
        let gained = crate::damage::respite::finish(
            &mut hero,
            &mut stamina,
            crate::damage::respite::RESPITE_HOURS,
        )
        .unwrap_or(0);
        self.recoveries = hero.recoveries;
        self.stamina = stamina.current;
        self.victories = hero.victories;
        self.xp += gained;
        gained
    }

    /// Rise to `level`, rested at the new level's Stamina and Recoveries.
    pub fn rise_to(&mut self, level: u32) {
        self.level = level;
        (self.stamina, self.recoveries) = self.maxima();
    }

    /// The creature it is in a battle, standing at `at`.
    pub(crate) fn spec(&self, at: Square) -> CreatureSpec {
        let mut spec = crate::scenario::class_template(self.class, self.level);
        spec.id = Some(self.id.clone());
        spec.name = Some(self.name.clone());
        spec.template = None;
        spec.position = Some(at);
        spec.current_stamina = Some(self.stamina);
        if let Some(hero) = spec.hero.as_mut() {
            hero.victories = self.victories;
            hero.xp = self.xp;
            hero.recoveries_left = Some(self.recoveries);
        }
        spec
    }
}

fn full(class: Class, level: u32) -> (i32, u32) {
    let spec = class.spec();
    (spec.stamina_at(level), spec.recoveries)
}

/// Why a party cannot be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartyError(pub String);

impl std::fmt::Display for PartyError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

/// The party, in the order its heroes take the starting squares.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Party {
    pub members: Vec<Member>,
}

impl Party {
    /// The heroes who go into the next battle: the living.
    pub fn fighting(&self) -> impl Iterator<Item = &Member> {
        self.members.iter().filter(|m| !m.dead)
    }

    /// `battle`'s scenario text with this party in place of the file's heroes, on the
    /// battle's `hero_start` squares in reading order; the dead stay home.
    pub fn into_battle(&self, file: &str, text: &str) -> Result<String, String> {
        let scenario = crate::scenario::load(file, text).map_err(|problems| {
            problems
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join("\n")
        })?;
        let mut parsed: ScenarioFile = crate::diagnostic::ron_options()
            .from_str(text)
            .map_err(|e| format!("{file}: {e}"))?;
        let squares = start_squares(&scenario);
        let living: Vec<&Member> = self.fighting().collect();
        if living.len() > squares.len() {
            return Err(format!(
                "{file}: the `{HERO_START}` zone has room for {} heroes, not {}",
                squares.len(),
                living.len()
            ));
        }
        parsed.creatures.retain(|c| {
            !c.id
                .as_deref()
                .is_some_and(|id| super::is_hero(&scenario, id))
        });
        let heroes = living.iter().zip(squares).map(|(m, at)| m.spec(at));
        parsed.creatures.splice(0..0, heroes);
        // One hero token a hero, as the file would have had for its own party (L751).
        parsed.hero_tokens = None;
        Ok(crate::scenario::write::to_ron(&parsed, &[]))
    }
}

/// The battle's `hero_start` squares in reading order (top row first) that no creature but
/// one of the file's heroes stands on.
pub(crate) fn start_squares(scenario: &Scenario) -> Vec<Square> {
    let map = scenario.map();
    let mut squares = map.zones.get(HERO_START).cloned().unwrap_or_default();
    squares.sort_by_key(|s| (s.y, s.x));
    let others: Vec<Footprint> = scenario
        .initial_creatures()
        .iter()
        .filter(|c| c.hero.is_none() || c.side != crate::creature::Side::Heroes)
        .map(|c| Footprint::new(c.position, c.size))
        .collect();
    squares.retain(|&s| !map.is_solid(s) && !others.iter().any(|f| f.contains(s)));
    squares
}
