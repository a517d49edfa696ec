//! A typed builder for test encounters (feature `testing`): a map, creatures with the fields a
//! rule needs, scripted dice and the side that goes first, in a few chained calls.
//!
//! ```
//! use steelgrid_rules::testing::{Fight, at};
//!
//! let mut e = Fight::new()
//!     .hero("fury", at(1, 2))
//!     .monster("g", at(2, 2)).current_stamina(10)
//!     .dice(&[8, 8])
//!     .start();
//! assert_eq!(e.state().creatures.len(), 2);
//! ```
//!
//! It writes a scenario file and loads it through [`scenario::load`], so every check a scenario
//! file gets applies here too.

use crate::ability::Kit;
use crate::creature::{Amount, Characteristics, DamageModifier, MovementMode, Side};
use crate::damage::DamageType;
use crate::director::monster::MonsterFormula;
use crate::director::squad::CaptainBonus;
use crate::grid::{Size, Square};
use crate::scenario::{self, CreatureSpec, HeroSpec};
use crate::{Command, Engine};

/// What the map characters of test arenas stand for, beyond `.`, `#` and `~`.
pub const LEGEND: &str = "{'w': (terrain: Object(material: Wood)), 'h': (elevation: 1), 'H': (elevation: 2), 'x': (terrain: Damaging(damage: 3)), 'o': (terrain: Pit(depth: 2)), 'g': (terrain: Object(material: Glass)), 's': (terrain: Object(material: Stone)), 'm': (terrain: Object(material: Metal)), '4': (elevation: 4), '5': (elevation: 5), '6': (elevation: 6), '3': (elevation: 3), 'P': (terrain: Object(material: Stone)), 'T': (elevation: 10), '=': (terrain: Water(depth: 3)), 'd': (concealing: true)}";

/// A 10×6 room of open floor.
pub const ROOM: [&str; 6] = [".........."; 6];

/// The square at (x, y).
pub fn at(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

/// An encounter being set up. Creature setters change the creature added last.
#[derive(Clone, Debug)]
pub struct Fight {
    rows: Vec<String>,
    legend: String,
    fields: String,
    creatures: Vec<CreatureSpec>,
    dice: Vec<u32>,
    first: Side,
}

impl Default for Fight {
    fn default() -> Self {
        Fight::on(&ROOM)
    }
}

impl Fight {
    /// An encounter in [`ROOM`] where the heroes go first.
    pub fn new() -> Self {
        Fight::default()
    }

    /// An encounter on a map of `rows` (characters from [`LEGEND`]).
    pub fn on(rows: &[&str]) -> Self {
        Fight {
            rows: rows.iter().map(|r| r.to_string()).collect(),
            legend: String::new(),
            fields: String::new(),
            creatures: Vec::new(),
            dice: Vec::new(),
            first: Side::Heroes,
        }
    }

    /// Abilities the scenario defines: `table` holds its `"id": (...)` entries, in RON.
    pub fn abilities(mut self, table: &str) -> Self {
        self.fields.push_str(&format!("abilities: {{{table}}}, "));
        self
    }

    /// More map characters: `entries` holds `'c': (...)` entries, in RON, beside [`LEGEND`]'s.
    pub fn legend(mut self, entries: &str) -> Self {
        self.legend.push_str(&format!(", {entries}"));
        self
    }

    /// Rules options: `fields` holds the fields of the scenario's `options`, in RON.
    pub fn options(mut self, fields: &str) -> Self {
        self.fields.push_str(&format!("options: ({fields}), "));
        self
    }

    /// Creature templates the scenario defines: `table` holds its `"name": (...)` entries.
    pub fn templates(mut self, table: &str) -> Self {
        self.fields.push_str(&format!("templates: {{{table}}}, "));
        self
    }

    /// The encounter's objectives: `list` holds them, in RON.
    pub fn objectives(mut self, list: &str) -> Self {
        self.fields.push_str(&format!("objectives: [{list}], "));
        self
    }

    /// The scenario's scripted events: `list` holds its `(when: ..., then: [...])` entries.
    pub fn script(mut self, list: &str) -> Self {
        self.fields.push_str(&format!("script: [{list}], "));
        self
    }

    /// The Director starts with `n` Malice on top of what the Victories give.
    pub fn extra_malice(mut self, n: u32) -> Self {
        self.fields.push_str(&format!("extra_malice: {n}, "));
        self
    }

    /// The encounter opens in round `n` (a fight picked up mid-way).
    pub fn start_in_round(mut self, n: u32) -> Self {
        self.fields.push_str(&format!("round: Some({n}), "));
        self
    }

    /// The Director's Malice when the opening round starts.
    pub fn malice(mut self, n: u32) -> Self {
        self.fields.push_str(&format!("malice: Some({n}), "));
        self
    }

    /// The heroes start with `n` hero tokens.
    pub fn hero_tokens(mut self, n: u32) -> Self {
        self.fields.push_str(&format!("hero_tokens: {n}, "));
        self
    }

    /// A hero: 30 Stamina, speed 5, Might 2, Agility 1 and 8 Recoveries.
    pub fn hero(self, id: &str, at: Square) -> Self {
        self.add(CreatureSpec {
            side: Some(Side::Heroes),
            stamina: Some(30),
            speed: Some(5),
            characteristics: Some(Characteristics {
                might: 2,
                agility: 1,
                ..Characteristics::default()
            }),
            hero: Some(HeroSpec {
                level: 1,
                recoveries: 8,
                recoveries_left: None,
                heroic_resource: 0,
                resource_per_turn: 0,
                victories: 0,
                xp: 0,
                kit: Default::default(),
                surges: 0,
                class: None,
            }),
            ..named(id, at)
        })
    }

    /// A Director creature: 30 Stamina, speed 5, free strike 3, every characteristic 0.
    pub fn monster(self, id: &str, at: Square) -> Self {
        self.add(CreatureSpec {
            side: Some(Side::Director),
            stamina: Some(30),
            speed: Some(5),
            free_strike: Some(3),
            ..named(id, at)
        })
    }

    /// A creature on the heroes' side that is no hero (a retainer, a villager): 30 Stamina,
    /// speed 5, every characteristic 0.
    pub fn ally(self, id: &str, at: Square) -> Self {
        self.add(CreatureSpec {
            side: Some(Side::Heroes),
            stamina: Some(30),
            speed: Some(5),
            ..named(id, at)
        })
    }

    /// A hero of `class` at `level`, written out in full from its class's file (so its hero
    /// fields can be changed after).
    pub fn class_hero(self, id: &str, class: crate::class::Class, level: u32, at: Square) -> Self {
        let mut spec = scenario::class_template(class, level);
        spec.id = Some(id.to_owned());
        spec.position = Some(at);
        self.add(spec)
    }

    /// A creature made from the library template `template`.
    pub fn from_template(self, id: &str, template: &str, at: Square) -> Self {
        self.add(CreatureSpec {
            template: Some(template.to_owned()),
            ..named(id, at)
        })
    }

    fn add(mut self, spec: CreatureSpec) -> Self {
        self.creatures.push(spec);
        self
    }

    fn last(&mut self) -> &mut CreatureSpec {
        self.creatures
            .last_mut()
            .expect("add a creature before setting its fields")
    }

    fn hero_spec(&mut self) -> &mut HeroSpec {
        self.last()
            .hero
            .as_mut()
            .expect("the last creature is a hero")
    }

    /// The last creature knows these abilities.
    pub fn knows(mut self, abilities: &[&str]) -> Self {
        self.last().abilities = Some(abilities.iter().map(|a| a.to_string()).collect());
        self
    }

    /// The last creature's maximum Stamina.
    pub fn stamina(mut self, n: i32) -> Self {
        self.last().stamina = Some(n);
        self
    }

    /// The last creature's Stamina when the encounter starts.
    pub fn current_stamina(mut self, n: i32) -> Self {
        self.last().current_stamina = Some(n);
        self
    }

    /// The last creature's speed.
    pub fn speed(mut self, n: u32) -> Self {
        self.last().speed = Some(n);
        self
    }

    /// The last creature's size.
    pub fn size(mut self, size: Size) -> Self {
        self.last().size = Some(size);
        self
    }

    /// The last creature's name (its kind, which a squad's members share).
    pub fn name(mut self, name: &str) -> Self {
        self.last().name = Some(name.to_owned());
        self
    }

    /// All the last creature's characteristics.
    pub fn characteristics(mut self, c: Characteristics) -> Self {
        self.last().characteristics = Some(c);
        self
    }

    /// The last creature's Might.
    pub fn might(mut self, n: i32) -> Self {
        let last = self.last();
        last.characteristics
            .get_or_insert_with(Default::default)
            .might = n;
        self
    }

    /// The last creature's Agility.
    pub fn agility(mut self, n: i32) -> Self {
        let last = self.last();
        last.characteristics
            .get_or_insert_with(Default::default)
            .agility = n;
        self
    }

    /// The last creature's Presence.
    pub fn presence(mut self, n: i32) -> Self {
        let last = self.last();
        last.characteristics
            .get_or_insert_with(Default::default)
            .presence = n;
        self
    }

    /// The last creature starts the encounter with this temporary Stamina.
    pub fn temporary_stamina(mut self, n: i32) -> Self {
        self.last().temporary_stamina = Some(n);
        self
    }

    /// Damage of `kind` dealt to the last creature is reduced by `n`.
    pub fn immunity(mut self, kind: DamageType, n: u32) -> Self {
        let modifier = DamageModifier {
            kind: Some(kind),
            amount: Amount::Value(n),
        };
        self.last()
            .immunities
            .get_or_insert_with(Vec::new)
            .push(modifier);
        self
    }

    /// Damage of any type dealt to the last creature is reduced by `amount`.
    pub fn immunity_to_all(mut self, amount: Amount) -> Self {
        let modifier = DamageModifier { kind: None, amount };
        self.last()
            .immunities
            .get_or_insert_with(Vec::new)
            .push(modifier);
        self
    }

    /// Damage of `kind` dealt to the last creature is raised by `n`.
    pub fn weakness(mut self, kind: DamageType, n: u32) -> Self {
        let modifier = DamageModifier {
            kind: Some(kind),
            amount: Amount::Value(n),
        };
        self.last()
            .weaknesses
            .get_or_insert_with(Vec::new)
            .push(modifier);
        self
    }

    /// The last creature, a hero, is of this level.
    pub fn level(mut self, n: u32) -> Self {
        self.hero_spec().level = n;
        self
    }

    /// The last creature, a hero, carries a kit with these melee and ranged damage bonuses.
    pub fn kit(mut self, melee_damage: u32, ranged_damage: u32) -> Self {
        self.hero_spec().kit = Kit {
            melee_damage,
            ranged_damage,
        };
        self
    }

    /// The last creature, a hero, has this many Recoveries.
    pub fn recoveries(mut self, n: u32) -> Self {
        self.hero_spec().recoveries = n;
        self
    }

    /// The last creature's hero fields are written anew: level 1 and `recoveries` Recoveries,
    /// in place of its template's.
    pub fn hero_fields(mut self, recoveries: u32) -> Self {
        self.last().hero = Some(HeroSpec {
            level: 1,
            recoveries,
            recoveries_left: None,
            heroic_resource: 0,
            resource_per_turn: 0,
            victories: 0,
            xp: 0,
            kit: Default::default(),
            surges: 0,
            class: None,
        });
        self
    }

    /// The last creature starts grabbed by `grabber`, which must be adjacent to it.
    pub fn grabbed_by(mut self, grabber: &str) -> Self {
        self.last().grabbed_by = Some(grabber.to_owned());
        self
    }

    /// The last creature, a hero, starts with `n` surges.
    pub fn surges(mut self, n: u32) -> Self {
        self.hero_spec().surges = n;
        self
    }

    /// The last creature starts with a condition (`source`: whom it is of, or who imposed it).
    pub fn starts_with(
        mut self,
        condition: crate::condition::Condition,
        duration: crate::condition::Duration,
        source: Option<&str>,
    ) -> Self {
        self.last()
            .conditions
            .get_or_insert_default()
            .push(scenario::start::StartCondition {
                condition,
                duration,
                source: source.map(str::to_owned),
            });
        self
    }

    /// The last creature, a hero, starts with this much of its Heroic Resource.
    pub fn heroic_resource(mut self, n: i32) -> Self {
        self.hero_spec().heroic_resource = n;
        self
    }

    /// The last creature, a hero, gains this much Heroic Resource at the start of its turns.
    pub fn resource_per_turn(mut self, n: i32) -> Self {
        self.hero_spec().resource_per_turn = n;
        self
    }

    /// The last creature, a hero, has earned this many Victories.
    pub fn victories(mut self, n: u32) -> Self {
        self.hero_spec().victories = n;
        self
    }

    /// The last creature is a retainer of the hero `mentor`.
    pub fn retainer_of(mut self, mentor: &str) -> Self {
        self.last().retainer_of = Some(mentor.to_owned());
        self
    }

    /// The last creature is a minion.
    pub fn minion(mut self) -> Self {
        self.last().minion = Some(true);
        self
    }

    /// The last creature is a member of the squad `squad`, in the initiative group `group`.
    pub fn squad(mut self, squad: &str, group: &str) -> Self {
        let last = self.last();
        last.squad = Some(squad.to_owned());
        last.group = Some(group.to_owned());
        self
    }

    /// The last creature, a squad member, gains `bonus` while its squad has a captain.
    pub fn with_captain(mut self, bonus: CaptainBonus) -> Self {
        self.last().with_captain = Some(bonus);
        self
    }

    /// The last creature captains the squad `squad`.
    pub fn captain_of(mut self, squad: &str) -> Self {
        self.last().captain_of = Some(squad.to_owned());
        self
    }

    /// The last creature's family Malice features, by id.
    pub fn malice_features(mut self, ids: &[&str]) -> Self {
        self.last().malice_features = Some(ids.iter().map(|i| i.to_string()).collect());
        self
    }

    /// The last creature's End Effect: the damage it takes at the end of its turn to end one
    /// save-ends effect on it.
    pub fn end_effect(mut self, n: u32) -> Self {
        self.last().end_effect = Some(n);
        self
    }

    /// The last creature's statistics come from the monster formula.
    pub fn formula(mut self, formula: MonsterFormula) -> Self {
        self.last().monster = Some(formula);
        self
    }

    /// The last creature starts the encounter riding `mount`.
    pub fn riding(mut self, mount: &str) -> Self {
        self.last().riding = Some(mount.to_owned());
        self
    }

    /// The last creature's free strike deals this much damage.
    pub fn free_strike(mut self, n: u32) -> Self {
        self.last().free_strike = Some(n);
        self
    }

    /// The last creature moves in these modes too.
    pub fn movement(mut self, modes: &[MovementMode]) -> Self {
        self.last().movement = Some(modes.to_vec());
        self
    }

    /// The last creature, a flier, starts this many squares above the ground.
    pub fn altitude(mut self, n: u32) -> Self {
        self.last().altitude = Some(n);
        self
    }

    /// The last creature is invisible: always concealed.
    pub fn invisible(mut self) -> Self {
        self.last().invisible = Some(true);
        self
    }

    /// The last creature breathes water, so it never holds its breath underwater.
    pub fn breathes_water(mut self) -> Self {
        self.last().breathes_water = Some(true);
        self
    }

    /// The last creature starts the encounter prone.
    pub fn prone(mut self) -> Self {
        self.last().prone = Some(true);
        self
    }

    /// The last creature starts the encounter surprised.
    pub fn surprised(mut self) -> Self {
        self.last().surprised = Some(true);
        self
    }

    /// Scripted die faces, rolled after the first-side roll.
    pub fn dice(mut self, faces: &[u32]) -> Self {
        self.dice = faces.to_vec();
        self
    }

    /// The side that goes first (the heroes unless said otherwise).
    pub fn first(mut self, side: Side) -> Self {
        self.first = side;
        self
    }

    /// The scenario file this encounter is.
    fn source(&self) -> String {
        let quoted = |s: &String| format!("\"{s}\"");
        let rows: Vec<String> = self.rows.iter().map(quoted).collect();
        let creatures: Vec<String> = self
            .creatures
            .iter()
            .map(|c| ron::to_string(c).expect("a creature writes as RON"))
            .collect();
        let dice: Vec<String> = std::iter::once(7)
            .chain(self.dice.iter().copied())
            .map(|d| d.to_string())
            .collect();
        format!(
            "Scenario(name: \"Test arena\", map: (legend: {}{}}}, rows: [{}]), {}creatures: [{}], dice: [{}])",
            LEGEND.trim_end_matches('}'),
            self.legend,
            rows.join(", "),
            self.fields,
            creatures.join(", "),
            dice.join(", ")
        )
    }

    /// Load the scenario without starting it: its problems if it is invalid.
    pub fn load(&self) -> Result<scenario::Scenario, Vec<scenario::Diagnostic>> {
        scenario::load("arena.ron", &self.source())
    }

    /// Load the scenario (panicking with its problems if it is invalid) and start it with seed
    /// 1: a scripted 7 lets the heroes choose, and they let [`Fight::first`] go first.
    pub fn start(self) -> Engine {
        let scenario = self
            .load()
            .unwrap_or_else(|problems| panic!("{problems:?}\n{}", self.source()));
        let mut engine = scenario.start(Some(1));
        engine
            .apply(Command::ChooseFirstSide { side: self.first })
            .expect("the heroes chose");
        engine
    }
}

fn named(id: &str, at: Square) -> CreatureSpec {
    CreatureSpec {
        id: Some(id.to_owned()),
        position: Some(at),
        ..CreatureSpec::default()
    }
}
