//! A Miniatures skirmish: the kernel's stage schedule filled by the [`Miniatures`] plugin, one
//! command resolved at a time. The whole table — miniatures, warbands, the round's stage — is
//! one value ([`Skirmish`]) in the kernel's world, so a refused command is undone by putting the
//! value back, the AI can look ahead on a copy, and a checksum reads it in one pass.

mod act;
mod event;
mod flow;
mod strike;
mod view;

use bevy_ecs::prelude::*;
use serde::Serialize;
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::grid::{Footprint, Map, Square};
use steelgrid_kernel::log::{Log, Logged};
use steelgrid_kernel::rule::RuleError;
use steelgrid_kernel::schedule::{Ruleset, Stage, resolve_schedule};

pub use crate::command::Command;
pub use event::{Applied, Event};
pub use view::{AttackPreview, MiniView, WarbandView};

use crate::card::{Boost, Card};
use crate::damage::conditions::{Afflictions, Condition};
use crate::damage::hit_points::HitPoints;
use crate::movement::board::{Board, Occupant};
use crate::movement::terrain::Features;
use crate::options::MiniaturesOptions;
use crate::round::{Block, Budget, ChampionPowers, Player, RoundStage};
use crate::scenario::{Controller, Scenario, StartArea, VictoryArea};

/// The skirmish's log.
pub type BattleLog = Log<Event>;

/// One miniature on the table.
#[derive(Clone, Debug, Serialize)]
pub struct Mini {
    pub id: String,
    pub name: String,
    /// The warband it belongs to.
    pub owner: Player,
    /// Its stat card, shared: copies of the table for what-ifs do not copy it.
    #[serde(skip)]
    pub card: std::sync::Arc<Card>,
    pub space: Footprint,
    pub hp: HitPoints,
    pub afflictions: Afflictions,
    /// It has taken its turn this round.
    pub activated: bool,
    pub destroyed: bool,
    /// The mount it rides, by index.
    pub riding: Option<usize>,
    /// Check-box powers it has used (seed 000 L297-299).
    pub spent: Vec<String>,
    /// The turn number of its last opportunity attack: one a turn (not in seed).
    pub reacted: Option<u32>,
}

impl Mini {
    pub fn is(&self, condition: Condition) -> bool {
        self.afflictions.is(condition)
    }

    /// Stunned or helpless: no actions at all (seed 000 L495-497).
    pub fn incapacitated(&self) -> bool {
        self.is(Condition::Stunned) || self.is(Condition::Helpless)
    }
}

/// One warband at the table.
#[derive(Clone, Debug, Serialize)]
pub struct Warband {
    pub name: String,
    /// Its champion, by index.
    pub champion: usize,
    #[serde(skip)]
    pub controller: Controller,
    pub points: u32,
    pub victory_points: u32,
    /// Champion powers used this battle.
    pub powers_used: Vec<String>,
    /// What its champion's powers give it until the end of the round, by power.
    pub boosts: Vec<(String, Boost)>,
}

impl Warband {
    pub fn boost_attack(&self) -> i32 {
        self.boosts
            .iter()
            .map(|(_, b)| if let Boost::Attack(n) = b { *n } else { 0 })
            .sum()
    }

    pub fn boost_speed(&self) -> u32 {
        self.boosts
            .iter()
            .map(|(_, b)| if let Boost::Speed(n) = b { *n } else { 0 })
            .sum()
    }

    pub fn boost_initiative(&self) -> i32 {
        self.boosts
            .iter()
            .map(|(_, b)| if let Boost::Initiative(n) = b { *n } else { 0 })
            .sum()
    }
}

/// The active creature's turn.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TurnState {
    pub creature: usize,
    /// Who controls it this turn (a confused creature may change hands, seed 000 L160-166).
    pub controller: Player,
    pub budget: Budget,
    /// Where it began, for a charge's 2 squares (seed 000 L114).
    pub start: Square,
    /// It dismounted and may move no more (seed 000 L405).
    pub rooted: bool,
    /// It charged this turn.
    pub charged: bool,
    /// A confused creature rolled 6-15: no actions (seed 000 L164).
    pub idle: bool,
    /// Turns taken in the battle so far, this one included.
    pub number: u32,
}

/// Where the round stands: a decision someone must make next.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Phase {
    /// A champion-power window: the players still to use or pass, in order.
    Window {
        stage: RoundStage,
        queue: Vec<Player>,
    },
    /// R3 is rolled: its winner says who goes first.
    FirstTurn { winner: Player },
    /// R6: the block's player picks a creature to activate.
    Block { block: Block, left: u32 },
    /// A creature's turn within a block.
    Turn {
        block: Block,
        left: u32,
        turn: TurnState,
    },
    /// The skirmish is over.
    Over,
    /// Set-up: `picker` takes one of the two start areas (seed 000 L48).
    StartArea { picker: Player },
    /// Set-up: `player` deploys in its start area; `first` while the other has yet to.
    Deploy { player: Player, first: bool },
}

/// How the skirmish ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Outcome {
    Won(Player),
    Drawn,
}

/// The whole table.
#[derive(Resource, Clone, Debug, Serialize)]
pub struct Skirmish {
    pub minis: Vec<Mini>,
    pub warbands: [Warband; 2],
    pub round: u32,
    pub phase: Phase,
    /// This round's first player (R3).
    pub first: Player,
    pub powers_this_round: ChampionPowers,
    #[serde(skip)]
    pub areas: Vec<VictoryArea>,
    /// The two start areas, if the scenario has them, `[One's, Two's]` once picked.
    #[serde(skip)]
    pub start_areas: Option<[StartArea; 2]>,
    pub goal: u32,
    pub max_rounds: u32,
    pub outcome: Option<Outcome>,
    /// Turns taken so far.
    pub turns: u32,
}

impl Skirmish {
    /// The miniature called `id`, or a refusal naming the ones there are.
    pub fn find(&self, id: &str) -> Result<usize, RuleError> {
        self.minis
            .iter()
            .position(|m| m.id == id && !m.destroyed)
            .ok_or_else(|| {
                let known: Vec<_> = self
                    .minis
                    .iter()
                    .filter(|m| !m.destroyed)
                    .map(|m| m.id.as_str())
                    .collect();
                RuleError::new(
                    crate::rule::attack::LEGAL_TARGET,
                    format!(
                        "no creature `{id}` on the board (there are {})",
                        known.join(", ")
                    ),
                )
            })
    }

    /// The turn under way, if any.
    pub fn turn(&self) -> Option<&TurnState> {
        match &self.phase {
            Phase::Turn { turn, .. } => Some(turn),
            _ => None,
        }
    }

    fn turn_mut(&mut self) -> Option<&mut TurnState> {
        match &mut self.phase {
            Phase::Turn { turn, .. } => Some(turn),
            _ => None,
        }
    }

    /// The player who must decide next, if the skirmish is not over.
    pub fn deciding(&self) -> Option<Player> {
        match &self.phase {
            Phase::StartArea { picker } => Some(*picker),
            Phase::Deploy { player, .. } => Some(*player),
            Phase::Window { queue, .. } => queue.first().copied(),
            Phase::FirstTurn { winner } => Some(*winner),
            Phase::Block { block, .. } => Some(block.player),
            Phase::Turn { turn, .. } => Some(turn.controller),
            Phase::Over => None,
        }
    }

    /// Whether `a` and `b` are on opposite sides now.
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        self.side_of(a) != self.side_of(b)
    }

    /// The player a creature fights for now: its owner, or the controller of a turn that
    /// changed hands.
    pub fn side_of(&self, i: usize) -> Player {
        match self.turn() {
            Some(t) if t.creature == i => t.controller,
            _ => self.minis[i].owner,
        }
    }

    /// The board as `me` sees it: every other creature on the map (its rider or mount left out).
    pub fn occupants(&self, me: usize) -> (Vec<usize>, Vec<Occupant>) {
        let partner =
            |j: usize| self.minis[me].riding == Some(j) || self.minis[j].riding == Some(me);
        self.minis
            .iter()
            .enumerate()
            .filter(|&(j, m)| j != me && !m.destroyed && !partner(j))
            .map(|(j, m)| {
                let reacts = !m.is(Condition::Confused) && !m.is(Condition::Dominated);
                let occupant = Occupant {
                    space: m.space,
                    enemy: self.enemies(me, j),
                    reacts: reacts && !m.incapacitated(),
                };
                (j, occupant)
            })
            .unzip()
    }

    /// The creatures still on the board.
    pub fn standing(&self) -> impl Iterator<Item = (usize, &Mini)> {
        self.minis.iter().enumerate().filter(|(_, m)| !m.destroyed)
    }
}

/// The table, with what the rules read it by.
pub(crate) struct Table<'a> {
    pub s: &'a mut Skirmish,
    pub dice: &'a mut Dice,
    pub log: &'a mut BattleLog,
    pub map: &'a Map,
    pub features: &'a Features,
    pub options: &'a MiniaturesOptions,
}

impl Table<'_> {
    pub fn push(&mut self, rule: steelgrid_kernel::rule::Rule, event: Event) {
        self.log.push(rule, event);
    }

    /// Run `f` with the board as creature `me` sees it.
    pub fn with_board<R>(&self, me: usize, f: impl FnOnce(&Board, &[usize]) -> R) -> R {
        let (who, others) = self.s.occupants(me);
        let board = Board {
            map: self.map,
            features: self.features,
            others: &others,
        };
        f(&board, &who)
    }
}

/// The command being resolved, and what became of it.
#[derive(Resource, Default)]
pub struct Current {
    pub command: Option<Command>,
    pub refused: Option<RuleError>,
}

/// The Miniatures ruleset's plugin: its systems in the kernel's stages.
#[derive(Clone, Copy, Debug, Default)]
pub struct Miniatures;

impl Ruleset for Miniatures {
    fn name(&self) -> &'static str {
        "Miniatures"
    }

    fn build(&self, schedule: &mut Schedule) {
        schedule.add_systems(resolve_command.in_set(Stage::Command));
        schedule.add_systems(flow::check_elimination.in_set(Stage::Objectives));
        schedule.add_systems(flow::advance.in_set(Stage::TurnFlow));
    }
}

/// Lend the table to `f`, the world's resources taken out and put back.
pub(crate) fn with_table<R>(world: &mut World, f: impl FnOnce(&mut Table) -> R) -> R {
    let mut s = world.remove_resource::<Skirmish>().expect("a skirmish");
    let mut dice = world.remove_resource::<Dice>().expect("dice");
    let mut log = world.remove_resource::<BattleLog>().expect("a log");
    let out = {
        let mut table = Table {
            s: &mut s,
            dice: &mut dice,
            log: &mut log,
            map: world.resource::<Map>(),
            features: world.resource::<Features>(),
            options: world.resource::<MiniaturesOptions>(),
        };
        f(&mut table)
    };
    world.insert_resource(s);
    world.insert_resource(dice);
    world.insert_resource(log);
    out
}

fn resolve_command(world: &mut World) {
    let Some(command) = world.resource_mut::<Current>().command.take() else {
        return;
    };
    let result = with_table(world, |t| act::apply(t, &command));
    world.resource_mut::<Current>().refused = result.err();
}

/// One Miniatures skirmish.
pub struct Battle {
    world: World,
    schedule: Schedule,
    played: Vec<Command>,
}

impl std::fmt::Debug for Battle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Battle").finish_non_exhaustive()
    }
}

impl Clone for Battle {
    fn clone(&self) -> Self {
        let mut world = World::new();
        world.insert_resource(self.skirmish().clone());
        world.insert_resource(self.world.resource::<Dice>().clone());
        world.insert_resource(self.world.resource::<BattleLog>().clone());
        world.insert_resource(self.map().clone());
        world.insert_resource(self.features().clone());
        world.insert_resource(*self.options());
        world.init_resource::<Current>();
        Battle {
            world,
            schedule: resolve_schedule(&Miniatures),
            played: self.played.clone(),
        }
    }
}

impl Battle {
    /// Set the warbands on the map and run the first round up to its first decision.
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
        world.insert_resource(flow::table(scenario));
        let seed = seed.unwrap_or(scenario.seed);
        with_table(&mut world, |t| flow::begin(t, seed));
        Battle {
            world,
            schedule: resolve_schedule(&Miniatures),
            played: Vec::new(),
        }
    }

    /// Whether a command would be accepted now: it is resolved on a copy of the table.
    pub fn check(&self, command: &Command) -> Result<(), RuleError> {
        self.trial(|t| act::apply(t, command))
    }

    /// Run `f` on a copy of the table with an empty log: what-ifs that change nothing.
    pub(crate) fn trial<R>(&self, f: impl FnOnce(&mut Table) -> R) -> R {
        let mut s = self.skirmish().clone();
        let mut dice = self.world.resource::<Dice>().clone();
        let mut log = BattleLog::default();
        let mut table = Table {
            s: &mut s,
            dice: &mut dice,
            log: &mut log,
            map: self.map(),
            features: self.features(),
            options: self.options(),
        };
        f(&mut table)
    }

    /// Check and resolve one command; on refusal nothing changes.
    pub fn apply(&mut self, command: Command) -> Result<Vec<Logged<Event>>, RuleError> {
        let before = (
            self.skirmish().clone(),
            self.world.resource::<Dice>().clone(),
        );
        let start = self.log().len();
        self.world.resource_mut::<Current>().command = Some(command.clone());
        self.schedule.run(&mut self.world);
        if let Some(refused) = self.world.resource_mut::<Current>().refused.take() {
            self.world.insert_resource(before.0);
            self.world.insert_resource(before.1);
            self.world
                .resource_mut::<BattleLog>()
                .events
                .truncate(start);
            return Err(refused);
        }
        self.played.push(command);
        Ok(self.log()[start..].to_vec())
    }

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

    pub fn options(&self) -> &MiniaturesOptions {
        self.world.resource::<MiniaturesOptions>()
    }

    pub fn skirmish(&self) -> &Skirmish {
        self.world.resource::<Skirmish>()
    }

    pub fn round(&self) -> u32 {
        self.skirmish().round
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.skirmish().outcome
    }

    /// The player who must decide next.
    pub fn deciding(&self) -> Option<Player> {
        self.skirmish().deciding()
    }

    /// The active creature's id.
    pub fn active(&self) -> Option<&str> {
        let s = self.skirmish();
        s.turn().map(|t| s.minis[t.creature].id.as_str())
    }
}
