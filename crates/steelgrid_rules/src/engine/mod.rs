//! The rules engine: an ECS world holding the whole rules state and an ordered, single-threaded
//! schedule that resolves one command at a time. Commands are validated first, so a refused
//! command changes nothing; every fact lands in the event log with its rule.

mod foresee;
mod mount;
mod opportunity;
mod overrides;
mod query;
mod snapshot;
mod trigger;
mod trigger_targeted;
mod validate;
mod view;

use bevy_ecs::prelude::*;
use bevy_ecs::query::QueryData;
use bevy_ecs::schedule::ScheduleLabel;
use steelgrid_kernel::check::Checked;
use steelgrid_kernel::schedule::resolve_schedule;

use crate::ability::{Ability, AbilityBook};
use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition;
use crate::condition::hide;
use crate::creature::*;
use crate::dice::Dice;
use crate::director::malice;
use crate::encounter::EncounterInfo;
use crate::event::{EventLog, LoggedEvent, Outcome};
use crate::grid::{Footprint, Map};
use crate::movement::free_strike;
use crate::rule;
use crate::ruleset::RulesetName;
use crate::turn::aid;
use crate::turn::{self, TurnState};

pub use crate::creature_record::CreatureRecord;
pub use foresee::RollPreview;
pub use snapshot::Snapshot;
pub use view::*;

#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct Begin;

/// One fight: its whole rules state (a `bevy_ecs` world) and the schedule its ruleset filled.
pub struct Engine {
    pub(crate) world: World,
    /// The ruleset's schedule: one run resolves one command. Built at the first command, so
    /// that a restore only for reading (a save's checksum, a look at the board) skips it.
    resolve: Option<Schedule>,
    pub(crate) ruleset: RulesetName,
    /// Where a creature the Director brings in is made from: the scenario's templates.
    bestiary: Option<std::sync::Arc<dyn crate::encounter::added::Bestiary>>,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

/// What a [`CreatureRef`] is made of, as one query row read in place (a lookup per component
/// by entity cost a fifth of an AI game).
type RefRow = (
    (
        &'static CreatureId,
        &'static Side,
        &'static CreatureSize,
        &'static Position,
        &'static Vitality,
    ),
    (Has<Prone>, Has<Surprised>, Has<Defending>, Has<Invisible>),
    (
        Option<&'static Altitude>,
        Option<&'static crate::movement::burrow::Depth>,
        Option<&'static Movement>,
        Option<&'static Grabbed>,
        Option<&'static Aided>,
        Option<&'static condition::Conditions>,
        Option<&'static hide::Hidden>,
        Option<&'static crate::movement::mount::Mounted>,
    ),
);

/// A creature as the checks compare it, from its [`RefRow`] on `map`.
fn creature_ref(
    row: <<RefRow as QueryData>::ReadOnly as QueryData>::Item<'_, '_>,
    map: &Map,
) -> CreatureRef {
    let (
        (id, side, size, position, vitality),
        (prone, surprised, defending, invisible),
        (altitude, depth, movement, grabbed, aided, conditions, hidden, mounted),
    ) = row;
    let footprint = Footprint::new(position.0, size.0);
    let altitude = altitude.map_or(0, |a| a.0);
    let depth = depth.map_or(0, |d| d.0);
    CreatureRef {
        id: id.0.clone(),
        side: *side,
        footprint,
        size: size.0,
        vitality: *vitality,
        prone,
        surprised,
        z: map.ground_under(footprint) + altitude as i32 - depth as i32,
        movement: movement.cloned().unwrap_or_default(),
        defending,
        grabbed_by: grabbed.map(|g| g.by.clone()),
        aided_by: aided.map(|a| a.by.clone()).unwrap_or_default(),
        altitude,
        depth,
        conditions: conditions.cloned().unwrap_or_default(),
        hidden: hidden.cloned(),
        invisible,
        on: mounted.map(|m| m.on.clone()),
    }
}

/// Register every component the `&self` reads name, so that they can be queried without
/// `&mut World` (whether or not any creature has them yet). Registering is all that is done
/// here: a read builds its query's state when it is first made, and keeps it.
fn register_reads(world: &mut World) {
    use bevy_ecs::query::WorldQuery;
    world.init_resource::<steelgrid_kernel::reads::Reads>();
    world.init_resource::<snapshot::MapDigest>();
    crate::creature_record::RecordRow::init_state(world);
    query::BodyRow::init_state(world);
    <(&CreatureId, &Grabbed)>::init_state(world);
    turn::RosterRow::init_state(world);
    crate::encounter::BodyRow::init_state(world);
    <&crate::ability::zone::Zone>::init_state(world);
    RefRow::init_state(world);
}

impl Engine {
    /// Whether a command would be accepted now: a pure function of the rules state, which it
    /// only reads.
    pub fn check(&self, command: &Command) -> Result<(), RuleError> {
        self.validate(command).map(drop)
    }

    /// Run the ruleset's schedule once over the world, building it the first time.
    pub(crate) fn run_resolve(&mut self) {
        let ruleset = self.ruleset;
        self.resolve
            .get_or_insert_with(|| resolve_schedule(ruleset.plugin()))
            .run(&mut self.world);
    }

    /// Read the world through `&self` with a query for `D`, its state kept in the world
    /// ([`steelgrid_kernel::reads`]): every component the reads name was registered when the
    /// world was built ([`register_reads`]).
    fn read<D: QueryData + 'static, R>(
        &self,
        f: impl FnOnce(Query<'_, '_, D::ReadOnly, ()>) -> R,
    ) -> R {
        steelgrid_kernel::reads::read::<D, R>(&self.world, f)
            .expect("the components of every read are registered when the world is built")
    }

    /// Forget what the last check worked out: the one place it is cleared.
    pub(crate) fn clear_checked(&mut self) {
        self.world.resource_mut::<Checked>().clear();
    }

    /// Validate and resolve one command. On refusal nothing changes.
    pub fn apply(&mut self, command: Command) -> Result<Vec<LoggedEvent>, RuleError> {
        let checked = self.validate(&command)?;
        *self.world.resource_mut::<Checked>() = checked;
        let start = self.world.resource::<EventLog>().events.len();
        let window_was_open = self.world.resource::<TurnState>().trigger_window.is_some();
        // seed 002 L2546: answers to being targeted come before the ability goes on.
        if !window_was_open && self.hold_for_answers(&command) {
            self.clear_checked();
            self.after_command(start, false);
            return Ok(self.world.resource::<EventLog>().events[start..].to_vec());
        }
        self.world.insert_resource(aid::CommandLogStart(start));
        self.world.resource_mut::<CurrentCommand>().0 = Some(command);
        self.run_resolve();
        self.world.resource_mut::<CurrentCommand>().0 = None;
        self.clear_checked();
        self.after_command(start, window_was_open);
        Ok(self.world.resource::<EventLog>().events[start..].to_vec())
    }

    pub(crate) fn entity(&self, id: &str) -> Result<Entity, RuleError> {
        self.read::<(Entity, &CreatureId), _>(|q| q.iter().find(|(_, c)| c.0 == id).map(|(e, _)| e))
            .ok_or_else(|| turn::unknown(id))
    }

    pub(crate) fn creature_ref(&self, e: Entity) -> CreatureRef {
        let map = self.world.resource::<Map>();
        self.read::<RefRow, _>(|q| q.get(e).map(|row| creature_ref(row, map)))
            .expect("a creature's entity is one the rules found")
    }

    /// The creature's free strikes: its reach, damage types and keywords.
    pub(crate) fn strike_profile(&self, e: Entity) -> free_strike::StrikeProfile {
        free_strike::StrikeProfile::of(
            self.world.get::<Hero>(e).is_some(),
            self.world.get::<Abilities>(e).map_or(&[], |a| &a.0),
            self.world.resource::<AbilityBook>(),
        )
    }

    /// Every creature other than `except`, in scenario order.
    pub(crate) fn others(&self, except: Entity) -> Vec<CreatureRef> {
        let map = self.world.resource::<Map>();
        let mut rows: Vec<(u32, CreatureRef)> = self.read::<(Entity, &Identity, RefRow), _>(|q| {
            q.iter()
                .filter(|(e, ..)| *e != except)
                .map(|(_, i, row)| (i.order, creature_ref(row, map)))
                .collect()
        });
        rows.sort_by_key(|(order, _)| *order);
        rows.into_iter().map(|(_, c)| c).collect()
    }

    /// The heroes as the checks between fights see them, in turn order.
    fn hero_states(&self) -> Vec<crate::encounter::between_fights::HeroState> {
        let mut rows: Vec<(u32, crate::encounter::between_fights::HeroState)> =
            self.read::<(&Identity, &CreatureId, &Vitality, &Hero), _>(|q| {
                q.iter()
                    .map(|(ident, id, vitality, _)| {
                        (
                            ident.order,
                            crate::encounter::between_fights::HeroState {
                                id: id.0.clone(),
                                can_act: vitality.can_act(),
                            },
                        )
                    })
                    .collect()
            });
        rows.sort_by_key(|r| r.0);
        rows.into_iter().map(|r| r.1).collect()
    }

    fn roster(&self) -> Vec<turn::RosterEntry> {
        self.read::<turn::RosterRow, _>(|q| turn::roster(q.iter()))
    }

    /// Check an acting creature: it exists, can act, and it is its turn.
    pub(crate) fn actor(&self, id: &str) -> Result<Entity, RuleError> {
        let e = self.able(id)?;
        self.world.resource::<TurnState>().ensure_turn_of(id)?;
        Ok(e)
    }

    /// Creature `id`, when it can act at all (on its turn or not).
    pub(crate) fn able(&self, id: &str) -> Result<Entity, RuleError> {
        let e = self.entity(id)?;
        let vitality = *self.world.get::<Vitality>(e).expect("vitality");
        if !vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!(
                    "{id} is {} and can't act",
                    format!("{vitality:?}").to_lowercase()
                ),
            ));
        }
        Ok(e)
    }

    /// Check a villain action: used at the end of another creature's turn, each once per
    /// encounter, and only one in a round across the encounter (seed 002 L4182-4188; digest
    /// It takes none of the villain's own actions.
    fn villain(&self, id: &str, ability: &str) -> Result<Entity, RuleError> {
        let e = self.entity(id)?;
        let refuse = |m: String| Err(RuleError::new(rule::VILLAIN_ACTION, m));
        if !self.world.get::<Vitality>(e).expect("vitality").can_act() {
            return refuse(format!("{id} can't act"));
        }
        let turn = self.world.resource::<TurnState>();
        turn.ensure_running()?;
        if let Some(current) = &turn.current {
            return refuse(format!(
                "a villain action comes at the end of a turn, and {current}'s turn is under way"
            ));
        }
        match &turn.last_ended {
            None => {
                return refuse("a villain action comes at the end of a creature's turn".into());
            }
            Some(last) if last == id => {
                return refuse(format!(
                    "a villain action comes at the end of another creature's turn, not {id}'s own"
                ));
            }
            Some(_) => {}
        }
        let round = turn.round;
        let malice = self.world.resource::<malice::Malice>();
        if malice
            .villain_actions_used
            .iter()
            .any(|(c, a)| c == id && a == ability)
        {
            return refuse(format!("{id} has used `{ability}` this encounter"));
        }
        if malice.villain_action_round == Some(round) {
            return refuse(format!(
                "a villain action has been used in round {round}; one per round"
            ));
        }
        Ok(e)
    }

    pub(crate) fn budget(&self, e: Entity) -> ActionBudget {
        *self.world.get::<ActionBudget>(e).expect("budget")
    }

    /// A maneuver is left this turn, or a main action to trade for one (seed 002 L2938).
    pub(crate) fn maneuver_left(&self, e: Entity) -> Result<(), RuleError> {
        self.budget(e).check(ActionKind::Maneuver)
    }

    /// The scenario's objectives and how far they have come.
    pub fn encounter(&self) -> &EncounterInfo {
        self.world.resource::<EncounterInfo>()
    }

    /// The tests the scenario has called for, in the order called, with who has made them.
    pub fn called_tests(&self) -> &[crate::encounter::test_action::OpenTest] {
        &self
            .world
            .resource::<crate::encounter::script::Script>()
            .tests
    }

    /// The seed the dice were started from.
    pub fn seed(&self) -> u64 {
        self.world.resource::<EncounterInfo>().seed
    }

    /// How many dice have been rolled since the encounter began.
    pub fn dice_rolled(&self) -> u64 {
        self.world.resource::<Dice>().rolled()
    }

    pub fn log(&self) -> &[LoggedEvent] {
        &self.world.resource::<EventLog>().events
    }

    /// An ability in this game's book.
    pub fn ability(&self, id: &str) -> Option<&Ability> {
        self.world.resource::<AbilityBook>().get(id)
    }

    pub fn map(&self) -> &Map {
        self.world.resource::<Map>()
    }

    pub fn turn(&self) -> &TurnState {
        self.world.resource::<TurnState>()
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.turn().outcome
    }
}
