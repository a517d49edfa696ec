//! A d20 battle: the kernel's world holding creatures with d20 components, the kernel's stage
//! schedule filled by the [`D20`] plugin, and one command resolved at a time. A command is
//! checked first ([`plan`]), so a refused command changes nothing; every fact lands in the log
//! under its rule.

mod event;
mod plan;
mod resolve;
pub(crate) mod strike;
mod turn;
mod view;

use std::collections::BTreeMap;

use bevy_ecs::prelude::*;
use steelgrid_kernel::body::{CreatureId, CreatureSize, Identity, Position, Side};
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::grid::{Footprint, Map};
use steelgrid_kernel::log::{Log, Logged};
use steelgrid_kernel::rule::RuleError;
use steelgrid_kernel::schedule::{Ruleset, Stage, resolve_schedule};

pub use crate::command::Command;
pub use event::{Applied, Event};
pub use plan::Plan;
pub use view::{AttackPreview, CreatureView, HitPointsView, Listed};

use crate::attack::condition::Conditions;
use crate::injury::{HitPoints, Injury};
use crate::options::D20Options;
use crate::scenario::Scenario;
use crate::stats::Stats;
use crate::terrain::Features;

/// The battle's log.
pub type BattleLog = Log<Event>;

/// A creature's stat block.
#[derive(Component, Clone, Debug)]
pub struct Block(pub Stats);

/// What is left of a creature's turn (seed 001 L87-89).
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    pub standard: bool,
    pub move_action: bool,
    /// It has moved this turn other than by a 5-foot step.
    pub moved: bool,
    /// It has taken its 5-foot step.
    pub stepped: bool,
}

impl Budget {
    pub fn fresh() -> Self {
        Budget {
            standard: true,
            move_action: true,
            moved: false,
            stepped: false,
        }
    }
}

/// Charged since its last turn: -2 AC (not in seed).
#[derive(Component, Clone, Copy, Debug)]
pub struct Charged;

/// Squeezed into a space too small for it: -4 to attack and AC (seed 001 L123).
#[derive(Component, Clone, Copy, Debug)]
pub struct Squeezing;

/// Uses left of each spell.
#[derive(Component, Clone, Debug, Default)]
pub struct SpellsLeft(pub BTreeMap<String, u32>);

/// The round it last made an attack of opportunity: one a round (not in seed).
#[derive(Component, Clone, Copy, Debug)]
pub struct Reacted(pub u32);

/// The creatures in scenario order.
#[derive(Resource, Clone, Debug, Default)]
pub struct Roster(pub Vec<Entity>);

/// Initiative order, whose turn it is, the round and how the battle ended.
#[derive(Resource, Clone, Debug, Default)]
pub struct Turn {
    pub order: Vec<Entity>,
    pub index: usize,
    pub round: u32,
    pub outcome: Option<Side>,
}

impl Turn {
    pub fn current(&self) -> Option<Entity> {
        if self.outcome.is_some() {
            return None;
        }
        self.order.get(self.index).copied()
    }
}

/// The command being resolved, checked.
#[derive(Resource, Default)]
pub struct Current(pub Option<Plan>);

/// The d20 ruleset's plugin: its systems in the kernel's stages.
#[derive(Clone, Copy, Debug, Default)]
pub struct D20;

impl Ruleset for D20 {
    fn name(&self) -> &'static str {
        "D20"
    }

    fn build(&self, schedule: &mut Schedule) {
        schedule.add_systems(resolve::resolve_command.in_set(Stage::Command));
        schedule.add_systems(resolve::exertion.in_set(Stage::Vitality));
        schedule.add_systems(turn::check_victory.in_set(Stage::Objectives));
        schedule.add_systems(turn::advance.in_set(Stage::TurnFlow));
    }
}

/// One d20 battle.
pub struct Battle {
    world: World,
    schedule: Schedule,
    /// Every command applied, in order: what a replay is made of.
    played: Vec<Command>,
}

impl std::fmt::Debug for Battle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Battle").finish_non_exhaustive()
    }
}

impl Battle {
    /// Set the scenario's creatures on its map, roll initiative and begin the first turn.
    pub fn new(scenario: &Scenario, seed: Option<u64>) -> Battle {
        let mut world = World::new();
        let mut dice = Dice::seeded(seed.unwrap_or(scenario.seed));
        dice.script(scenario.dice.iter().copied());
        world.insert_resource(dice);
        world.insert_resource(BattleLog::default());
        world.insert_resource(scenario.map.clone());
        world.insert_resource(scenario.features.clone());
        world.insert_resource(scenario.options);
        world.init_resource::<Current>();
        let mut roster = Vec::new();
        for (order, c) in scenario.creatures.iter().enumerate() {
            let mut hp = HitPoints::new(c.stats.hit_points);
            hp.current = c.hit_points;
            hp.nonlethal = c.nonlethal;
            hp.temporary = c.temporary;
            if hp.current < 0 {
                // Dying from before the battle: its first turn is the next after the fall.
                hp.course = crate::injury::Course::Dying { check_due: false };
            }
            let spells = c
                .stats
                .spells
                .iter()
                .map(|s| (s.name.clone(), s.uses))
                .collect();
            let e = world
                .spawn((
                    CreatureId(c.id.clone()),
                    Identity {
                        name: c.name.clone(),
                        order: order as u32,
                    },
                    c.side,
                    Position(c.at),
                    CreatureSize(c.stats.size.kernel()),
                    Block(c.stats.clone()),
                    hp,
                    Budget::default(),
                    SpellsLeft(spells),
                    Conditions(c.conditions.iter().copied().collect()),
                ))
                .id();
            roster.push(e);
        }
        world.insert_resource(Roster(roster));
        turn::roll_initiative(&mut world);
        Battle {
            world,
            schedule: resolve_schedule(&D20),
            played: Vec::new(),
        }
    }

    /// Whether a command would be accepted now.
    pub fn check(&self, command: &Command) -> Result<(), RuleError> {
        plan::plan(&self.world, command).map(drop)
    }

    /// Check and resolve one command; on refusal nothing changes.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Logged<Event>>, RuleError> {
        let planned = plan::plan(&self.world, &command)?;
        self.played.push(command);
        let start = self.log().len();
        self.world.resource_mut::<Current>().0 = Some(planned);
        self.schedule.run(&mut self.world);
        self.world.resource_mut::<Current>().0 = None;
        Ok(self.log()[start..].to_vec())
    }

    /// Every command applied so far, in order.
    pub fn played(&self) -> &[Command] {
        &self.played
    }

    pub fn log(&self) -> &[Logged<Event>] {
        &self.world.resource::<BattleLog>().events
    }

    pub fn map(&self) -> &Map {
        self.world.resource::<Map>()
    }

    pub fn features(&self) -> &Features {
        self.world.resource::<Features>()
    }

    pub fn options(&self) -> &D20Options {
        self.world.resource::<D20Options>()
    }

    pub fn round(&self) -> u32 {
        self.world.resource::<Turn>().round
    }

    pub fn outcome(&self) -> Option<Side> {
        self.world.resource::<Turn>().outcome
    }

    /// Whose turn it is, by id.
    pub fn current(&self) -> Option<&str> {
        let e = self.world.resource::<Turn>().current()?;
        self.world.get::<CreatureId>(e).map(|c| c.0.as_str())
    }

    /// The initiative order, by id.
    pub fn initiative(&self) -> Vec<&str> {
        let turn = self.world.resource::<Turn>();
        turn.order
            .iter()
            .filter_map(|&e| self.world.get::<CreatureId>(e).map(|c| c.0.as_str()))
            .collect()
    }

    pub(crate) fn world(&self) -> &World {
        &self.world
    }
}

/// A creature's id, space, side and state, read from the world.
pub(crate) struct Body<'w> {
    pub entity: Entity,
    pub id: &'w str,
    pub side: Side,
    pub space: Footprint,
    pub stats: &'w Stats,
    pub hp: HitPoints,
    pub injury: Injury,
}

pub(crate) fn body(world: &World, entity: Entity) -> Body<'_> {
    let stats = &world
        .get::<Block>(entity)
        .expect("every creature has a stat block")
        .0;
    let hp = *world
        .get::<HitPoints>(entity)
        .expect("every creature has hit points");
    let edition = world.resource::<D20Options>().edition;
    Body {
        entity,
        id: &world
            .get::<CreatureId>(entity)
            .expect("every creature has an id")
            .0,
        side: *world
            .get::<Side>(entity)
            .expect("every creature has a side"),
        space: Footprint {
            origin: world
                .get::<Position>(entity)
                .expect("every creature has a place")
                .0,
            side: stats.size.side(),
        },
        stats,
        injury: hp.injury(stats.constitution, edition),
        hp,
    }
}

/// Every creature, in scenario order.
pub(crate) fn bodies(world: &World) -> Vec<Body<'_>> {
    world
        .resource::<Roster>()
        .0
        .iter()
        .map(|&e| body(world, e))
        .collect()
}

/// The creature called `id`, or a refusal naming it.
pub(crate) fn find(world: &World, id: &str) -> Result<Entity, RuleError> {
    world
        .resource::<Roster>()
        .0
        .iter()
        .copied()
        .find(|&e| world.get::<CreatureId>(e).is_some_and(|c| c.0 == id))
        .ok_or_else(|| {
            let known: Vec<_> = bodies(world).iter().map(|b| b.id.to_owned()).collect();
            RuleError::new(
                crate::rule::ACTIONS,
                format!(
                    "no creature `{id}` in this battle (there are {})",
                    known.join(", ")
                ),
            )
        })
}
