//! The rules engine: an ECS world holding the whole rules state and an ordered, single-threaded
//! schedule that resolves one command at a time. Commands are validated first, so a refused
//! command changes nothing; every fact lands in the event log with its rule.

use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use serde::{Deserialize, Serialize};

use crate::ability::{Ability, AbilityBook};
use crate::ability_use;
use crate::aid;
use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition::{self, Condition};
use crate::creature::*;
use crate::damage::{self, DamageRequest, PendingDamage, RecentHits};
use crate::dice::Dice;
use crate::encounter::{self, EncounterInfo};
use crate::event::{Event, EventLog, LoggedEvent, Outcome, rule};
use crate::falling;
use crate::forced;
use crate::forced_resolution;
use crate::free_strike::{self, CheckedStrike};
use crate::grab;
use crate::grid::{Footprint, Map, Size, Square, Terrain};
use crate::hero_token;
use crate::hide;
use crate::malice;
use crate::movement::{self, CheckedAdvance};
use crate::options::RulesOptions;
use crate::squad;
use crate::stamina;
use crate::turn::{self, TurnState};
use crate::zone;

/// The ordered stages every command goes through.
#[derive(SystemSet, Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stage {
    /// Resolve the command itself: turns, movement, actions.
    Command,
    /// Apply queued damage through the damage pipeline.
    Damage,
    /// Update winded, dying, dead and unconscious.
    Stamina,
    /// Check objectives and the end of the encounter.
    Objectives,
    /// Pass the turn, end and start rounds.
    TurnFlow,
}

#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct Resolve;

#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct Begin;

/// Everything about one creature, as saved in a snapshot and read from a scenario.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CreatureRecord {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub size: Size,
    pub position: Square,
    pub speed: u32,
    pub stamina: Stamina,
    pub stability: u32,
    /// What lasting effects add to or take from its stability (never below 0 in total).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub stability_modifier: i32,
    pub characteristics: Characteristics,
    pub free_strike: u32,
    pub damage: DamageModifiers,
    pub hero: Option<Hero>,
    pub minion: Option<Minion>,
    pub group: Option<String>,
    pub surprised: bool,
    #[serde(default)]
    pub prone: bool,
    #[serde(default)]
    pub movement: Movement,
    #[serde(default)]
    pub defending: bool,
    #[serde(default)]
    pub grabbed_by: Option<String>,
    #[serde(default)]
    pub aided_by: Vec<String>,
    #[serde(default)]
    pub altitude: u32,
    /// Squares below the ground, burrowing (seed 002 L2604-2622).
    #[serde(default, skip_serializing_if = "crate::burrow::on_surface")]
    pub depth: u32,
    /// It breathes water (seed 002 L3119-3121).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub breathes_water: bool,
    /// Underwater and holding its breath since this round (seed 002 L3121).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub holding_breath_since: Option<u32>,
    /// Ids of its abilities in the game's ability book.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub abilities: Vec<String>,
    /// Ids of the consumables it carries (each used up once).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub consumables: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub conditions: Vec<condition::Afflicted>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hidden: Option<hide::Hidden>,
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub invisible: bool,
    /// Ids of its family's Malice features (seed 002 L4344).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub malice_features: Vec<String>,
    /// Damage its End Effect takes to end a save-ends effect (seed 002 L4178-4180).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub end_effect: Option<u32>,
    /// The hero it follows, for a retainer (seed 002 L4744).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub retainer_of: Option<String>,
    /// Falling from a great height, still `altitude` squares up (seed 002 L2720-2722).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub falling: Option<falling::Falling>,
    /// It has the Mount role: a willing smaller creature can ride it (seed 002 L3127).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub mount_role: bool,
    /// The creature it rides or climbs, and where on it (seed 002 L2650-2668, L3125-3131).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mounted: Option<crate::mount::Mounted>,
    pub vitality: Vitality,
    pub budget: ActionBudget,
}

fn is_zero(n: &i32) -> bool {
    *n == 0
}

/// The complete rules state: enough to restore and continue exactly.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Snapshot {
    pub encounter: EncounterInfo,
    pub options: RulesOptions,
    pub map: Map,
    /// The heroes' shared hero tokens.
    #[serde(default)]
    pub hero_tokens: hero_token::HeroTokens,
    /// The Director's Malice.
    #[serde(default)]
    pub malice: malice::Malice,
    /// Effects abilities left on creatures for a while.
    #[serde(default, skip_serializing_if = "crate::effect::Effects::is_empty")]
    pub effects: crate::effect::Effects,
    /// Minion squads and their shared Stamina.
    #[serde(default, skip_serializing_if = "squads_are_empty")]
    pub squads: squad::Squads,
    /// Areas on the map, in the order they were made.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub zones: Vec<zone::Zone>,
    /// Every ability the creatures have, by id.
    #[serde(default, skip_serializing_if = "ability_book_is_empty")]
    pub abilities: AbilityBook,
    pub creatures: Vec<CreatureRecord>,
    pub turn: TurnState,
    pub dice: Dice,
    pub log: EventLog,
    /// The scenario's scripted events and which have fired.
    #[serde(default, skip_serializing_if = "crate::script::Script::is_empty")]
    pub script: crate::script::Script,
    /// The creatures abilities can summon, by template.
    #[serde(default, skip_serializing_if = "crate::summon::SummonTable::is_empty")]
    pub summons: crate::summon::SummonTable,
    /// Dirt and stone under the map, for burrowers (seed 002 L2606).
    #[serde(default, skip_serializing_if = "crate::burrow::Ground::is_default")]
    pub ground: crate::burrow::Ground,
}

fn squads_are_empty(squads: &squad::Squads) -> bool {
    squads.0.is_empty()
}

fn ability_book_is_empty(book: &AbilityBook) -> bool {
    book.0.is_empty()
}

pub struct Engine {
    pub(crate) world: World,
    pub(crate) resolve: Schedule,
}

impl std::fmt::Debug for Engine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Engine").finish_non_exhaustive()
    }
}

fn resolve_schedule() -> Schedule {
    let mut schedule = Schedule::new(Resolve);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.configure_sets(
        (
            Stage::Command,
            Stage::Damage,
            Stage::Stamina,
            Stage::Objectives,
            Stage::TurnFlow,
        )
            .chain(),
    );
    schedule.add_systems(
        (
            (
                hero_token::close_windows,
                turn::resolve_turn_commands,
                crate::summon::start_of_turn,
                squad::start_member_turn,
                zone::start_of_turn,
                crate::mount::resolve,
                movement::resolve_move,
                free_strike::resolve_free_strike,
                crate::opportunity_ask::answered,
                stamina::resolve_catch_breath,
                stamina::resolve_heal,
                stamina::resolve_defend,
                crate::trigger::resolve_answers,
                ability_use::resolve_ability,
                crate::trigger_targeted::record_answers,
                crate::summon::spawn_summoned,
                zone::place,
                hero_token::resolve_spend,
                malice::resolve_spend,
                encounter::resolve_commands,
            )
                .chain(),
            (
                resolve_environment_damage,
                resolve_script_dice,
                crate::burrow::resolve,
                (
                    forced_resolution::resolve_forced_move,
                    crate::mount::knock_off,
                )
                    .chain(),
                forced_resolution::resolve_stand_up,
                forced_resolution::resolve_knockback,
                grab::resolve_grab,
                grab::resolve_release,
                aid::resolve_aid_attack,
                condition::dazed_acts_once,
                condition::end_of_turn,
                crate::effect::end_of_turn,
                zone::expire,
                condition::resolve_end_effect,
                crate::granted::resolve,
                hide::resolve_hide,
                hide::resolve_search,
                hide::end_of_turn,
                (condition::bleed, crate::mount::carry).chain(),
            )
                .chain(),
        )
            .chain()
            .in_set(Stage::Command),
    );
    schedule.add_systems(
        (
            crate::underwater::sync,
            squad::apply_squad_damage,
            damage::apply_pending_damage,
            ability_use::heal_by_damage,
        )
            .chain()
            .in_set(Stage::Damage),
    );
    schedule.add_systems(
        (
            stamina::update_vitality,
            grab::end_broken_grabs,
            aid::use_up_aid,
            falling::drop_grounded_fliers,
            squad::apply_squad_damage,
            damage::apply_pending_damage,
            stamina::update_vitality,
            squad::watch_captains,
            ability_use::impose_deferred_conditions,
            (
                crate::mount::fall_off,
                damage::apply_pending_damage,
                stamina::update_vitality,
            )
                .chain(),
            hero_token::open_windows,
            hide::reveal,
        )
            .chain()
            .in_set(Stage::Stamina),
    );
    schedule.add_systems(
        (
            crate::underwater::suffocate,
            damage::apply_pending_damage,
            stamina::update_vitality,
            encounter::check_objectives,
        )
            .chain()
            .in_set(Stage::Objectives),
    );
    schedule.add_systems(
        (
            turn::advance_turn_flow,
            falling::continue_long_falls,
            damage::apply_pending_damage,
            stamina::update_vitality,
            encounter::check_objectives,
            malice::track,
            condition::encounter_aftermath,
            squad::watch_captains,
        )
            .chain()
            .in_set(Stage::TurnFlow),
    );
    schedule
}

/// Put one creature into the world, `order` its place in the scenario's order: what a
/// restore does for each creature, and what scripted reinforcements do mid-fight.
pub(crate) fn spawn_creature(world: &mut World, order: u32, c: CreatureRecord) -> Entity {
    let mut e = world.spawn((
        CreatureId(c.id),
        Identity {
            name: c.name,
            order,
        },
        c.side,
        CreatureSize(c.size),
        Position(c.position),
        Speed(c.speed),
        c.stamina,
        Stability(c.stability),
        c.characteristics,
        FreeStrike(c.free_strike),
        c.damage,
        c.vitality,
        c.budget,
        (
            Abilities(c.abilities),
            Consumables(c.consumables),
            condition::Conditions(c.conditions),
        ),
    ));
    if let Some(hero) = c.hero {
        e.insert(hero);
    }
    if let Some(minion) = c.minion {
        e.insert(minion);
    }
    if let Some(group) = c.group {
        e.insert(Group(group));
    }
    if c.surprised {
        e.insert(Surprised);
    }
    if c.prone {
        e.insert(Prone);
    }
    if !c.movement.0.is_empty() {
        e.insert(c.movement);
    }
    if c.defending {
        e.insert(Defending);
    }
    if let Some(by) = c.grabbed_by {
        e.insert(Grabbed { by });
    }
    if !c.aided_by.is_empty() {
        e.insert(Aided { by: c.aided_by });
    }
    if c.altitude > 0 {
        e.insert(Altitude(c.altitude));
    }
    if c.depth > 0 {
        e.insert(crate::burrow::Depth(c.depth));
    }
    if c.mount_role {
        e.insert(crate::mount::MountRole);
    }
    if let Some(m) = c.mounted {
        e.insert(m);
    }
    if let Some(hidden) = c.hidden {
        e.insert(hidden);
    }
    if c.invisible {
        e.insert(Invisible);
    }
    if !c.malice_features.is_empty() {
        e.insert(malice::FamilyFeatures(c.malice_features));
    }
    if let Some(amount) = c.end_effect {
        e.insert(condition::EndEffect(amount));
    }
    if let Some(mentor) = c.retainer_of {
        e.insert(Retainer { mentor });
    }
    if c.stability_modifier != 0 {
        e.insert(StabilityModifier(c.stability_modifier));
    }
    if let Some(f) = c.falling {
        e.insert(f);
    }
    if c.breathes_water {
        e.insert(crate::underwater::BreathesWater);
    }
    if let Some(since) = c.holding_breath_since {
        e.insert(crate::underwater::HoldingBreath { since });
    }
    e.id()
}

impl Engine {
    /// Restore an engine from a snapshot, exactly where it was.
    pub fn restore(snapshot: Snapshot) -> Engine {
        let mut world = World::new();
        world.insert_resource(snapshot.encounter);
        world.insert_resource(snapshot.options);
        world.insert_resource(snapshot.map);
        world.insert_resource(snapshot.ground);
        world.insert_resource(snapshot.abilities);
        world.insert_resource(snapshot.hero_tokens);
        world.insert_resource(snapshot.malice);
        world.insert_resource(snapshot.effects);
        world.insert_resource(snapshot.squads);
        world.insert_resource(squad::AreaDamage::default());
        world.insert_resource(zone::NewZone::default());
        for z in snapshot.zones {
            world.spawn(z);
        }
        world.insert_resource(condition::BleedsOnUse::default());
        world.insert_resource(snapshot.turn);
        world.insert_resource(snapshot.dice);
        world.insert_resource(snapshot.log);
        world.insert_resource(CurrentCommand::default());
        world.insert_resource(aid::CommandLogStart::default());
        world.insert_resource(PendingDamage::default());
        world.insert_resource(ability_use::HealByDamage::default());
        world.insert_resource(RecentHits::default());
        world.insert_resource(snapshot.script);
        world.insert_resource(snapshot.summons);
        for (order, c) in snapshot.creatures.into_iter().enumerate() {
            spawn_creature(&mut world, order as u32, c);
        }
        Engine {
            world,
            resolve: resolve_schedule(),
        }
    }

    /// Start an encounter from its opening state: surprise and the roll for who goes first.
    pub fn start(initial: Snapshot) -> Engine {
        let mut engine = Engine::restore(initial);
        let seed = engine.world.resource::<EncounterInfo>().seed;
        let scenario = engine.world.resource::<EncounterInfo>().scenario.clone();
        engine.world.resource_mut::<EventLog>().push(
            rule::ENCOUNTER_START,
            Event::EncounterStarted { scenario, seed },
        );
        let mut begin = Schedule::new(Begin);
        begin.set_executor(SingleThreadedExecutor::new());
        begin.add_systems(
            (
                crate::underwater::sync,
                turn::begin_encounter,
                encounter::check_objectives,
                malice::track,
            )
                .chain(),
        );
        begin.run(&mut engine.world);
        engine
    }

    /// Whether a command would be accepted now, without applying it.
    pub fn check(&mut self, command: &Command) -> Result<(), RuleError> {
        let verdict = self.validate(command);
        self.clear_checked();
        verdict
    }

    pub(crate) fn clear_checked(&mut self) {
        self.world.remove_resource::<CheckedAdvance>();
        self.world.remove_resource::<CheckedStrike>();
        self.world
            .remove_resource::<forced_resolution::CheckedForced>();
        self.world
            .remove_resource::<forced_resolution::CheckedKnockback>();
        self.world.remove_resource::<ability_use::CheckedAbility>();
        self.world.remove_resource::<crate::mount::CheckedMount>();
        self.world
            .remove_resource::<crate::granted::CheckedTeleport>();
    }

    /// Validate and resolve one command. On refusal nothing changes.
    pub fn apply(&mut self, command: Command) -> Result<Vec<LoggedEvent>, RuleError> {
        self.validate(&command)?;
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
        self.resolve.run(&mut self.world);
        self.world.resource_mut::<CurrentCommand>().0 = None;
        self.world.remove_resource::<CheckedAdvance>();
        self.world.remove_resource::<CheckedStrike>();
        self.world
            .remove_resource::<forced_resolution::CheckedForced>();
        self.world.remove_resource::<ability_use::CheckedAbility>();
        self.world.remove_resource::<crate::mount::CheckedMount>();
        self.world
            .remove_resource::<crate::granted::CheckedTeleport>();
        self.after_command(start, window_was_open);
        Ok(self.world.resource::<EventLog>().events[start..].to_vec())
    }

    pub(crate) fn entity(&mut self, id: &str) -> Result<Entity, RuleError> {
        let mut q = self.world.query::<(Entity, &CreatureId)>();
        q.iter(&self.world)
            .find(|(_, c)| c.0 == id)
            .map(|(e, _)| e)
            .ok_or_else(|| turn::unknown(id))
    }

    pub(crate) fn creature_ref(&self, e: Entity) -> CreatureRef {
        let w = &self.world;
        let size = w
            .get::<CreatureSize>(e)
            .expect("every creature has a size")
            .0;
        let footprint = Footprint::new(w.get::<Position>(e).expect("position").0, size);
        CreatureRef {
            id: w.get::<CreatureId>(e).expect("id").0.clone(),
            side: *w.get::<Side>(e).expect("side"),
            footprint,
            size,
            vitality: *w.get::<Vitality>(e).expect("vitality"),
            prone: w.get::<Prone>(e).is_some(),
            surprised: w.get::<Surprised>(e).is_some(),
            z: w.resource::<Map>().ground_under(footprint)
                + w.get::<Altitude>(e).map_or(0, |a| a.0) as i32
                - w.get::<crate::burrow::Depth>(e).map_or(0, |d| d.0) as i32,
            movement: w.get::<Movement>(e).cloned().unwrap_or_default(),
            defending: w.get::<Defending>(e).is_some(),
            grabbed_by: w.get::<Grabbed>(e).map(|g| g.by.clone()),
            aided_by: w.get::<Aided>(e).map(|a| a.by.clone()).unwrap_or_default(),
            altitude: w.get::<Altitude>(e).map_or(0, |a| a.0),
            depth: w.get::<crate::burrow::Depth>(e).map_or(0, |d| d.0),
            conditions: w
                .get::<condition::Conditions>(e)
                .cloned()
                .unwrap_or_default(),
            hidden: w.get::<hide::Hidden>(e).cloned(),
            invisible: w.get::<Invisible>(e).is_some(),
            on: w.get::<crate::mount::Mounted>(e).map(|m| m.on.clone()),
        }
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
    pub(crate) fn others(&mut self, except: Entity) -> Vec<CreatureRef> {
        let mut q = self.world.query::<(Entity, &Identity)>();
        let mut rows: Vec<(u32, Entity)> = q
            .iter(&self.world)
            .filter(|(e, _)| *e != except)
            .map(|(e, i)| (i.order, e))
            .collect();
        rows.sort();
        rows.into_iter()
            .map(|(_, e)| self.creature_ref(e))
            .collect()
    }

    fn roster(&mut self) -> Vec<turn::RosterEntry> {
        let mut state: bevy_ecs::system::SystemState<turn::RosterQuery> =
            bevy_ecs::system::SystemState::new(&mut self.world);
        let query = state.get(&self.world).expect("the roster query only reads");
        turn::roster(&query)
    }

    /// Check an acting creature: it exists, can act, and it is its turn.
    pub(crate) fn actor(&mut self, id: &str) -> Result<Entity, RuleError> {
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
        self.world.resource::<TurnState>().ensure_turn_of(id)?;
        Ok(e)
    }

    /// Check a villain action: used at the end of another creature's turn, each once per
    /// encounter, and only one in a round across the encounter (seed 002 L4182-4188; digest
    /// A-09). It takes none of the villain's own actions.
    fn villain(&mut self, id: &str, ability: &str) -> Result<Entity, RuleError> {
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

    fn validate(&mut self, command: &Command) -> Result<(), RuleError> {
        if let Some(p) = self.world.resource::<TurnState>().pending_forced.clone() {
            let answers = matches!(command, Command::ForceMove { forcer, target, kind, distance, melee_weapon, vertical, .. }
                if forcer.as_deref() == Some(p.forcer.as_str()) && *target == p.target && *kind == p.kind
                    && *distance == p.distance && *melee_weapon == p.melee_weapon && *vertical == p.vertical);
            if !answers {
                return Err(RuleError::new(
                    rule::PENDING_CHOICE,
                    format!(
                        "{}'s {} {} on {} must be placed first: ForceMove(forcer: \"{}\", target: \"{}\", kind: {:?}, distance: {}, melee_weapon: {}{}, path: [...])",
                        p.forcer,
                        p.source,
                        p.distance,
                        p.target,
                        p.forcer,
                        p.target,
                        p.kind,
                        p.distance,
                        p.melee_weapon,
                        if p.vertical {
                            ", vertical: true, heights: [...]"
                        } else {
                            ""
                        }
                    ),
                ));
            }
        }
        let turn = self.world.resource::<TurnState>();
        if turn.pending_forced.is_none() && turn.trigger_window.is_some() {
            let roster = self.roster();
            crate::trigger::check_window(self.world.resource::<TurnState>(), command, |id| {
                roster.iter().find(|r| r.id == id).map(|r| r.side)
            })?;
        }
        match command {
            Command::ChooseFirstSide { .. } => {
                if self
                    .world
                    .resource::<TurnState>()
                    .awaiting_first_side_choice
                    .is_none()
                {
                    return Err(RuleError::new(
                        rule::FIRST_SIDE_CHOICE,
                        "who goes first is already settled",
                    ));
                }
            }
            Command::StartTurn { creature } => {
                let roster = self.roster();
                self.world
                    .resource::<TurnState>()
                    .validate_start(&roster, creature)?;
            }
            Command::EndTurn { creature } => {
                self.entity(creature)?;
                self.world
                    .resource::<TurnState>()
                    .ensure_turn_of(creature)?;
            }
            Command::Advance { creature, path } | Command::Disengage { creature, path } => {
                let gait = if matches!(command, Command::Disengage { .. }) {
                    movement::Gait::Shift
                } else {
                    movement::Gait::Move
                };
                let e = self.actor(creature)?;
                self.refuse_if_mounted(e)?;
                self.budget(e).check(ActionKind::Move)?;
                let mover = self.creature_ref(e);
                let speed = self.move_speed(e, gait);
                if mover.altitude > 0 {
                    return Err(RuleError::new(
                        rule::FLY,
                        format!(
                            "{creature} is {} squares up: it moves by flying (Fly)",
                            mover.altitude
                        ),
                    ));
                }
                if let Some(by) = &mover.grabbed_by
                    && speed == 0
                {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbed by {by}: its speed is 0"),
                    ));
                }
                if gait == movement::Gait::Shift && mover.conditions.has(Condition::Slowed) {
                    return Err(RuleError::new(
                        rule::SLOWED,
                        format!("{creature} is slowed and can't shift"),
                    ));
                }
                let steps = self.ground_steps(&mover, path);
                self.check_not_closer(&mover, &steps)?;
                if gait == movement::Gait::Shift && path.len() > 1 {
                    return Err(RuleError::new(rule::SHIFT, "Disengage shifts 1 square"));
                }
                let others = self.others_moving(e);
                let jump = self.jump(e);
                let plan = self.plan_on_foot(&mover, speed, &others, path, gait, jump)?;
                let drag = self.drag(&mover, &plan)?;
                self.world.insert_resource(CheckedAdvance(plan, drag));
            }
            Command::Fly { creature, path } => {
                let e = self.actor(creature)?;
                self.refuse_if_mounted(e)?;
                self.budget(e).check(ActionKind::Move)?;
                let mover = self.creature_ref(e);
                let speed = self.move_speed(e, movement::Gait::Move);
                if let Some(by) = &mover.grabbed_by {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbed by {by}: its speed is 0"),
                    ));
                }
                let steps: Vec<(Footprint, i32)> = path
                    .iter()
                    .map(|&(x, y, z)| {
                        let fp = Footprint {
                            origin: Square::new(x, y),
                            side: mover.footprint.side,
                        };
                        (fp, z)
                    })
                    .collect();
                self.check_not_closer(&mover, &steps)?;
                let others = self.others_moving(e);
                let plan = movement::plan_flight(
                    self.world.resource::<Map>(),
                    &mover,
                    speed,
                    &others,
                    path,
                )?;
                let drag = self.drag(&mover, &plan)?;
                self.world.insert_resource(CheckedAdvance(plan, drag));
            }
            Command::FreeStrike {
                attacker,
                target,
                ranged,
                damage_type,
                ..
            } => {
                let a = match self.opportunity_strike(command)? {
                    Some(a) => a,
                    None => {
                        let a = self.actor(attacker)?;
                        self.budget(a).check(ActionKind::Main)?;
                        a
                    }
                };
                let t = self.entity(target)?;
                let (att, tgt) = (self.creature_ref(a), self.creature_ref(t));
                let profile = self.strike_profile(a);
                free_strike::validate_target(
                    self.world.resource::<Map>(),
                    &att,
                    &tgt,
                    *ranged,
                    &profile,
                )?;
                profile.check_damage_type(*damage_type)?;
                tgt.check_not_hidden_from(attacker)?;
                let others = self.others(a);
                let (edges, banes) = crate::opportunity::strike_modifiers(
                    self.world.resource::<Map>(),
                    &att,
                    &tgt,
                    &others,
                    *ranged,
                );
                let checked = CheckedStrike {
                    attacker: a,
                    target: t,
                    edges,
                    banes,
                    at: None,
                };
                self.world.insert_resource(checked);
            }
            Command::CatchBreath { creature } => {
                let e = self.actor(creature)?;
                let vitality = *self.world.get::<Vitality>(e).expect("vitality");
                stamina::validate_catch_breath(
                    self.world.get::<Hero>(e),
                    vitality,
                    &self.budget(e),
                )?;
            }
            Command::EnvironmentDamage { target, .. } => {
                self.world.resource::<TurnState>().ensure_running()?;
                let e = self.entity(target)?;
                if *self.world.get::<Vitality>(e).expect("vitality") == Vitality::Dead {
                    return Err(RuleError::new(
                        rule::CREATURE_STATE,
                        format!("{target} is already dead"),
                    ));
                }
            }
            Command::ForceMove { .. } => {
                self.world.resource::<TurnState>().ensure_running()?;
                let spec = forced_resolution::spec_of(command).expect("a ForceMove command");
                let outcome = self.predict_forced(&spec)?;
                self.world
                    .insert_resource(forced_resolution::CheckedForced(outcome));
            }
            Command::Knockback { creature, target } => {
                let (a, _, att, tgt) = self.melee_maneuver(creature, target, rule::KNOCKBACK)?;
                if let Some(by) = &att.grabbed_by {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbed by {by} and can't use Knockback"),
                    ));
                }
                let (edges, banes) = self.maneuver_modifiers(a, &att, &tgt);
                self.world
                    .insert_resource(forced_resolution::CheckedKnockback { edges, banes });
            }
            Command::Charge {
                creature,
                path,
                target,
            } => {
                let e = self.actor(creature)?;
                self.refuse_if_mounted(e)?;
                self.budget(e).check(ActionKind::Main)?;
                let mover = self.creature_ref(e);
                let speed = self.move_speed(e, movement::Gait::Move);
                if mover.movement.has(MovementMode::Teleport) || speed == 0 {
                    return Err(RuleError::new(
                        rule::CHARGE,
                        format!("{creature} can't charge: it must move on foot"),
                    ));
                }
                let others = self.others_moving(e);
                let jump = self.jump(e);
                let plan =
                    self.plan_on_foot(&mover, speed, &others, path, movement::Gait::Move, jump)?;
                let mut at = mover.footprint.origin;
                let steps: Vec<(i32, i32)> = path
                    .iter()
                    .map(|s| {
                        let d = (s.x - at.x, s.y - at.y);
                        at = *s;
                        d
                    })
                    .collect();
                if !crate::grid::straight(&steps) {
                    return Err(RuleError::new(
                        rule::CHARGE,
                        "a Charge moves in a straight line",
                    ));
                }
                let spaces = self.ground_steps(&mover, path);
                self.check_not_closer(&mover, &spaces)?;
                if plan.cost != path.len() as u32 || plan.drop.is_some() {
                    return Err(RuleError::new(
                        rule::CHARGE,
                        "a Charge can't cross difficult terrain or enemies, climb, crawl or drop",
                    ));
                }
                let strike = self.charge_strike(e, &mover, target, &plan, &others)?;
                let drag = self.drag(&mover, &plan)?;
                self.world.insert_resource(CheckedAdvance(plan, drag));
                self.world.insert_resource(strike);
            }
            Command::Heal { creature, target } => {
                let e = self.actor(creature)?;
                self.budget(e).check(ActionKind::Main)?;
                let t = self.entity(target)?;
                let (healer, ally) = (self.creature_ref(e), self.creature_ref(t));
                if healer.id == ally.id || healer.side != ally.side {
                    return Err(RuleError::new(rule::HEAL, "Heal targets an adjacent ally"));
                }
                if !healer.is_adjacent(&ally) {
                    return Err(RuleError::new(
                        rule::HEAL,
                        format!("{target} is not adjacent to {creature}"),
                    ));
                }
                if ally.vitality == Vitality::Dead {
                    return Err(RuleError::new(rule::HEAL, format!("{target} is dead")));
                }
                if self.world.get::<Hero>(t).is_some_and(|h| h.recoveries == 0) {
                    return Err(RuleError::new(
                        rule::HEAL,
                        format!("{target} has no Recoveries left"),
                    ));
                }
            }
            Command::Defend { creature } => {
                let e = self.actor(creature)?;
                self.budget(e).check(ActionKind::Main)?;
                // seed 002 L4274: not after another main action, even with one more granted.
                let log = &self.world.resource::<EventLog>().events;
                let turn_start = log.iter().rposition(
                    |l| matches!(&l.event, Event::TurnStarted { creature: c, .. } if c == creature),
                );
                let took_main = log[turn_start.unwrap_or(0)..].iter().any(|l| {
                    matches!(&l.event, Event::ActionUsed { creature: c, action: ActionKind::Main, .. } if c == creature)
                });
                if took_main {
                    return Err(RuleError::new(
                        rule::DEFEND,
                        format!(
                            "{creature} has taken a main action this turn and can't Defend (seed 002 L4274)"
                        ),
                    ));
                }
            }
            Command::Grab { creature, target } => {
                let (a, t, att, tgt) = self.melee_maneuver(creature, target, rule::GRAB)?;
                let holding = self
                    .board_grabs()
                    .into_iter()
                    .find(|(_, by)| by == creature);
                if let Some((held, _)) = holding {
                    return Err(RuleError::new(
                        rule::GRAB,
                        format!("{creature} is already grabbing {held}"),
                    ));
                }
                if let Some(by) = &tgt.grabbed_by {
                    return Err(RuleError::new(
                        rule::GRAB,
                        format!("{target} is already grabbed by {by}"),
                    ));
                }
                let (edges, banes) = self.maneuver_modifiers(a, &att, &tgt);
                self.world.insert_resource(grab::CheckedGrab {
                    roller: a,
                    other: t,
                    edges,
                    banes,
                });
            }
            Command::EscapeGrab { creature } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let me = self.creature_ref(e);
                let Some(by) = me.grabbed_by.clone() else {
                    return Err(RuleError::new(
                        rule::ESCAPE_GRAB,
                        format!("{creature} is not grabbed"),
                    ));
                };
                let g = self.entity(&by)?;
                let holder = self.creature_ref(g);
                // seed 002 L2868: a bane when smaller than what holds you.
                let mut banes = if me.size.ordinal() < holder.size.ordinal() {
                    vec![crate::power_roll::Modifier {
                        rule: rule::ESCAPE_GRAB.id.into(),
                        note: format!("{creature} is smaller than {by}"),
                    }]
                } else {
                    Vec::new()
                };
                banes.extend(crate::opportunity::roller_banes(&me));
                self.world.insert_resource(grab::CheckedGrab {
                    roller: e,
                    other: g,
                    edges: Vec::new(),
                    banes,
                });
            }
            Command::Release { creature } => {
                self.world.resource::<TurnState>().ensure_running()?;
                self.entity(creature)?;
                if !self.board_grabs().iter().any(|(_, by)| by == creature) {
                    return Err(RuleError::new(
                        rule::GRABBED,
                        format!("{creature} is grabbing nobody"),
                    ));
                }
            }
            Command::AidAttack { creature, target } => {
                let a = self.actor(creature)?;
                self.maneuver_left(a)?;
                let t = self.entity(target)?;
                let (aider, enemy) = (self.creature_ref(a), self.creature_ref(t));
                if enemy.side == aider.side || !enemy.vitality.can_act() {
                    return Err(RuleError::new(
                        rule::AID_ATTACK,
                        "Aid Attack picks an enemy",
                    ));
                }
                if !aider.is_adjacent(&enemy) {
                    return Err(RuleError::new(
                        rule::AID_ATTACK,
                        format!("{target} is not adjacent to {creature}"),
                    ));
                }
            }
            Command::StandUp { creature } => {
                let e = self.actor(creature)?;
                if self.creature_ref(e).conditions.has(Condition::Restrained) {
                    return Err(RuleError::new(
                        rule::RESTRAINED,
                        format!("{creature} is restrained and can't stand up"),
                    ));
                }
                if self.world.get::<Prone>(e).is_none() {
                    return Err(RuleError::new(
                        rule::STAND_UP,
                        format!("{creature} is not prone"),
                    ));
                }
                self.maneuver_left(e)?;
            }
            Command::UseAbility { .. } => {
                let checked = self.check_ability(command)?;
                self.world.insert_resource(checked);
            }
            Command::EndEffect {
                creature,
                target,
                condition,
            } => {
                let e = self.actor(creature)?;
                if self.creature_ref(e).conditions.has(Condition::Dazed) {
                    return Err(RuleError::new(
                        rule::DAZED,
                        format!("{creature} is dazed and can't use free maneuvers"),
                    ));
                }
                let t = self.entity(target)?;
                let theirs = self.creature_ref(t).conditions;
                if theirs.source_of(*condition) != Some(creature.as_str()) {
                    return Err(RuleError::new(
                        rule::END_OWN_EFFECT,
                        format!("{target} is not {} by {creature}'s doing", condition.name()),
                    ));
                }
            }
            Command::Hide { creature } | Command::Search { creature } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                if matches!(command, Command::Hide { .. }) {
                    let me = self.creature_ref(e);
                    let others = self.others(e);
                    let map = self.world.resource::<Map>();
                    let places = hide::hiding_places(
                        map,
                        me.footprint,
                        me.side,
                        me.concealed(map),
                        others
                            .iter()
                            .map(|c| (c.id.as_str(), c.side, c.footprint, c.vitality.can_act())),
                    );
                    if places.is_empty() {
                        return Err(RuleError::new(
                            rule::HIDE,
                            format!(
                                "{creature} has neither cover nor concealment from any enemy to hide from"
                            ),
                        ));
                    }
                }
            }
            Command::SpendHeroToken { creature, benefit } => {
                self.world.resource::<TurnState>().ensure_running()?;
                let e = self.entity(creature)?;
                if self.world.get::<Hero>(e).is_none() {
                    return Err(RuleError::new(
                        rule::HERO_TOKEN,
                        format!("{creature} is not a hero; hero tokens are the heroes'"),
                    ));
                }
                if *self.world.get::<Vitality>(e).expect("vitality") == Vitality::Dead {
                    return Err(RuleError::new(
                        rule::HERO_TOKEN,
                        format!("{creature} is dead"),
                    ));
                }
                let tokens = self.world.resource::<hero_token::HeroTokens>();
                if tokens.pool < benefit.cost() {
                    return Err(RuleError::new(
                        rule::HERO_TOKEN,
                        format!(
                            "{benefit:?} takes {} hero tokens; the heroes have {}",
                            benefit.cost(),
                            tokens.pool
                        ),
                    ));
                }
                if tokens.used_this_turn.contains(creature) {
                    return Err(RuleError::new(
                        rule::HERO_TOKEN,
                        format!("{creature} has had a hero token's benefit this turn already"),
                    ));
                }
                let own_turn = self.world.resource::<TurnState>().current.as_deref()
                    == Some(creature.as_str());
                match benefit {
                    hero_token::TokenBenefit::Save
                        if !tokens.failed_saves.iter().any(|f| &f.0 == creature) =>
                    {
                        return Err(RuleError::new(
                            rule::HERO_TOKEN,
                            format!("{creature} has no saving throw just failed to turn"),
                        ));
                    }
                    hero_token::TokenBenefit::Stamina
                        if !own_turn && !tokens.just_damaged.contains(creature) =>
                    {
                        return Err(RuleError::new(
                            rule::HERO_TOKEN,
                            format!(
                                "{creature} can recover with hero tokens on its turn or when it has just taken damage"
                            ),
                        ));
                    }
                    _ => {}
                }
            }
            Command::SpendMalice { creature, spend } => {
                let e = self.actor(creature)?;
                let w = &self.world;
                let own = w
                    .get::<malice::FamilyFeatures>(e)
                    .map(|f| f.0.clone())
                    .unwrap_or_default();
                malice::check_spend(
                    w.resource::<malice::Malice>(),
                    w.resource::<TurnState>(),
                    creature,
                    *w.get::<Side>(e).expect("side"),
                    w.get::<ActionBudget>(e).expect("budget"),
                    w.get::<Characteristics>(e)
                        .expect("characteristics")
                        .highest(),
                    &own,
                    spend,
                )?;
            }
            Command::ScriptDice { faces } => {
                if let Some(bad) = faces.iter().find(|f| !(1..=10).contains(*f)) {
                    return Err(RuleError::new(
                        rule::DICE_SCRIPTED,
                        format!(
                            "a scripted die face must be 1-10 (a d10's 0 is written 10), not {bad}"
                        ),
                    ));
                }
            }
            Command::Flee { creature } | Command::WorkOnTask { creature } => {
                let e = self.actor(creature)?;
                encounter::validate_command(&mut self.world, e, command)?;
            }
            Command::Teleport { target, to, .. } => {
                let checked = self.check_teleport(target, *to)?;
                self.world.insert_resource(checked);
            }
            Command::GrantedMove { creature, path } => {
                let plan = self.check_granted_move(creature, path)?;
                self.world.insert_resource(plan);
            }
            Command::Dig { creature, depth } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let me = self.creature_ref(e);
                let speed = self.move_speed(e, movement::Gait::Move);
                // seed 002 L2612: holding a creature that isn't unconscious.
                let held: Vec<Entity> = self
                    .board_grabs()
                    .into_iter()
                    .filter(|(_, by)| by == creature)
                    .filter_map(|(held, _)| self.entity(&held).ok())
                    .collect();
                let holding = held
                    .into_iter()
                    .map(|h| self.creature_ref(h))
                    .find(|h| h.vitality.can_act())
                    .map(|h| h.id);
                let others = self.others(e);
                crate::burrow::check_dig(
                    self.world.resource::<Map>(),
                    self.world.resource::<crate::burrow::Ground>(),
                    &me,
                    speed,
                    holding.as_deref(),
                    &others,
                    *depth,
                )?;
            }
            Command::ClawDirt {
                creature,
                to,
                depth,
            } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let me = self.creature_ref(e);
                let speed = self.move_speed(e, movement::Gait::Move);
                let others = self.others(e);
                crate::burrow::check_claw(
                    self.world.resource::<Map>(),
                    self.world.resource::<crate::burrow::Ground>(),
                    &me,
                    speed,
                    &others,
                    *to,
                    *depth,
                )?;
                let banes = crate::opportunity::roller_banes(&me);
                self.world
                    .insert_resource(crate::burrow::CheckedClaw(banes));
            }
            Command::PullUp { creature, target } => {
                let e = self.actor(creature)?;
                self.maneuver_left(e)?;
                let t = self.entity(target)?;
                let (me, them) = (self.creature_ref(e), self.creature_ref(t));
                let others = self.others(t);
                crate::burrow::check_pull_up(self.world.resource::<Map>(), &me, &them, &others)?;
            }
            Command::PassTrigger { creature } => {
                self.entity(creature)?;
                crate::trigger::check_pass(self.world.resource::<TurnState>(), creature)?;
            }
            Command::Mount { .. }
            | Command::ClimbCreature { .. }
            | Command::Dismount { .. }
            | Command::Ride { .. }
            | Command::ShakeOff { .. } => {
                let checked = self.check_mount_command(command)?;
                self.world.insert_resource(checked);
            }
        }
        Ok(())
    }

    /// Teleporting another creature an ability let its user teleport: the destination is within
    /// the distance, free of creatures and objects, and in line of effect from the square it
    /// starts in (seed 002 L2702) and from the user (digest A-37: both readings at once).
    fn check_teleport(
        &mut self,
        target: &str,
        to: Square,
    ) -> Result<crate::granted::CheckedTeleport, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant = crate::granted::pending(self.world.resource::<TurnState>(), target, true)?;
        let crate::granted::Granted::Teleport { distance } = grant.movement else {
            unreachable!("a teleport grant was asked for");
        };
        let t = self.entity(target)?;
        let moved = self.creature_ref(t);
        if moved.vitality == Vitality::Dead {
            return Err(RuleError::new(rule::TELEPORT, format!("{target} is dead")));
        }
        let user = self.entity(&grant.by)?;
        let user = self.creature_ref(user);
        let others = self.others(t);
        let grounded = CreatureRef {
            altitude: 0,
            ..moved.clone()
        };
        let map = self.world.resource::<Map>();
        let plan = movement::plan_teleport(map, &grounded, distance, &others, &[to])?;
        let dest = Footprint {
            origin: to,
            side: moved.footprint.side,
        };
        if !map.line_of_effect(user.footprint, dest) {
            return Err(RuleError::new(
                rule::LINE_OF_EFFECT,
                format!("{} has no line of effect to {to}", user.id),
            ));
        }
        Ok(crate::granted::CheckedTeleport {
            target: t,
            from: moved.footprint.origin,
            to,
            distance: plan.cost,
        })
    }

    /// A move an ability granted: on the ground, up to the granted squares but never beyond
    /// the creature's current speed (seed 002 L2584), a shift when the grant says so
    /// (L2590-2594).
    fn check_granted_move(
        &mut self,
        creature: &str,
        path: &[Square],
    ) -> Result<CheckedAdvance, RuleError> {
        self.world.resource::<TurnState>().ensure_running()?;
        let grant = crate::granted::pending(self.world.resource::<TurnState>(), creature, false)?;
        let crate::granted::Granted::Move(granted) = grant.movement else {
            unreachable!("a move grant was asked for");
        };
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        if !mover.vitality.can_act() {
            return Err(RuleError::new(
                rule::CREATURE_STATE,
                format!("{creature} can't move"),
            ));
        }
        self.refuse_if_mounted(e)?;
        if mover.altitude > 0 {
            return Err(RuleError::new(
                rule::FLY,
                format!(
                    "{creature} is {} squares up and moves by flying",
                    mover.altitude
                ),
            ));
        }
        let gait = if granted.shift {
            movement::Gait::Shift
        } else {
            movement::Gait::Move
        };
        if granted.shift && mover.conditions.has(Condition::Slowed) {
            return Err(RuleError::new(
                rule::SLOWED,
                format!("{creature} is slowed and can't shift"),
            ));
        }
        let speed = self.move_speed(e, movement::Gait::Move);
        if let Some(by) = &mover.grabbed_by
            && speed == 0
        {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{creature} is grabbed by {by}: its speed is 0"),
            ));
        }
        let steps = self.ground_steps(&mover, path);
        self.check_not_closer(&mover, &steps)?;
        let others = self.others(e);
        let jump = self.jump(e);
        let plan = self.plan_on_foot(
            &mover,
            granted.distance.min(speed),
            &others,
            path,
            gait,
            jump,
        )?;
        let drag = self.drag(&mover, &plan)?;
        Ok(CheckedAdvance(plan, drag))
    }

    /// A frightened creature can't willingly move closer to its fear's source
    /// (seed 002 L1739): no step may end nearer to it than the one before, height included.
    /// `steps` are the spaces it passes through, each with the height of its bottom.
    fn check_not_closer(
        &mut self,
        mover: &CreatureRef,
        steps: &[(Footprint, i32)],
    ) -> Result<(), RuleError> {
        let Some(source) = mover.conditions.source_of(Condition::Frightened) else {
            return Ok(());
        };
        let Ok(s) = self.entity(source) else {
            return Ok(());
        };
        let fear = self.creature_ref(s);
        if !fear.vitality.can_act() {
            return Ok(());
        }
        let mut gap = mover.gap(&fear);
        for &(footprint, z) in steps {
            let there = CreatureRef {
                footprint,
                z,
                ..mover.clone()
            };
            let next = there.gap(&fear);
            if next < gap {
                return Err(RuleError::new(
                    rule::FRIGHTENED,
                    format!(
                        "{} is frightened of {source} and can't move closer to it ({})",
                        mover.id, footprint.origin
                    ),
                ));
            }
            gap = next;
        }
        Ok(())
    }

    /// The spaces a ground move passes through, with the height of the ground under each.
    fn ground_steps(&self, mover: &CreatureRef, path: &[Square]) -> Vec<(Footprint, i32)> {
        let map = self.world.resource::<Map>();
        path.iter()
            .map(|sq| {
                let fp = Footprint {
                    origin: *sq,
                    side: mover.footprint.side,
                };
                (fp, map.ground_under(fp))
            })
            .collect()
    }

    /// Check a `UseAbility`: the ability is the creature's, the turn has the action for it,
    /// the cost can be paid, the area is placed legally and every target is one the ability
    /// may affect, in reach and line of effect (seed 002 L1333-1520).
    pub(crate) fn check_ability(
        &mut self,
        command: &Command,
    ) -> Result<ability_use::CheckedAbility, RuleError> {
        let mut checked = self.check_ability_by(command, None)?;
        if let Command::UseAbility { squad, .. } = command
            && !squad.is_empty()
        {
            checked.squad = Some(self.check_squad_strike(command, &mut checked)?);
        }
        Ok(checked)
    }

    /// Members joining a minion's signature strike (seed 002 L4420-4428): each a living member
    /// of the user's squad that hasn't used a main action or a maneuver this round — its turn
    /// still to come, or over with only a move made — its target within its own reach; at
    /// most three members on one target (digest A-13). Their targets join the user's, each
    /// with the edges and banes of the first member on it.
    fn check_squad_strike(
        &mut self,
        command: &Command,
        checked: &mut ability_use::CheckedAbility,
    ) -> Result<ability_use::SquadStrike, RuleError> {
        let Command::UseAbility {
            creature,
            ability,
            targets,
            squad: mates,
            ..
        } = command
        else {
            unreachable!("only called for UseAbility")
        };
        let refuse = |m: String| RuleError::new(rule::SQUAD_STRIKE, m);
        let Some(squad_id) = self
            .world
            .get::<Minion>(checked.user)
            .and_then(|m| m.squad.clone())
        else {
            return Err(refuse(format!("{creature} is not a minion in a squad")));
        };
        let ab = &checked.ability;
        if !ab.signature || !ab.is_strike() || ab.distance.is_area() || targets.len() != 1 {
            return Err(refuse(format!(
                "a squad strikes together with a minion's signature strike against one target each; `{}` with {} target(s) is not one",
                ab.name,
                targets.len()
            )));
        }
        let turn = self.world.resource::<TurnState>().clone();
        let squad = self.world.resource::<squad::Squads>().0[&squad_id].clone();
        let free_strike = self
            .world
            .get::<FreeStrike>(checked.user)
            .map_or(0, |f| f.0);
        let mut on_target: Vec<(String, u32)> = vec![(targets[0].clone(), 1)];
        let mut members = Vec::new();
        for mate in mates {
            let m = &mate.minion;
            let e = self.entity(m)?;
            if m == creature || members.iter().any(|(_, id, _)| id == m) {
                return Err(refuse(format!("{m} is named twice in the squad strike")));
            }
            let same_squad = self
                .world
                .get::<Minion>(e)
                .is_some_and(|x| x.squad.as_deref() == Some(squad_id.as_str()));
            let why_not = if !same_squad {
                Some(format!("{m} is not in squad `{squad_id}`"))
            } else if !self.creature_ref(e).vitality.can_act() {
                Some(format!("{m} is down and can't strike"))
            } else if turn.acted.contains(m) && !self.budget(e).allows(ActionKind::Main) {
                Some(format!(
                    "{m} has used its main action or a maneuver this round (seed 002 L4434: a member acting alone sits out the squad's action)"
                ))
            } else if squad.joined_in(m, turn.round) {
                Some(format!("{m} has already joined a squad strike this round"))
            } else {
                None
            };
            if let Some(why) = why_not {
                return Err(refuse(why));
            }
            let own = Command::UseAbility {
                creature: m.clone(),
                ability: ability.clone(),
                targets: vec![mate.target.clone()],
                at: None,
                direction: None,
                squares: Vec::new(),
                objects: Vec::new(),
                ranged: false,
                tier: None,
                user_tier: None,
                spend: false,
                surges: Default::default(),
                squad: Vec::new(),
            };
            let theirs = self
                .check_ability_by(&own, Some(e))
                .map_err(|err| RuleError {
                    reason: format!("{m} can't join: {}", err.reason),
                    ..err
                })?;
            match on_target.iter_mut().find(|(t, _)| *t == mate.target) {
                Some((t, n)) if *n == 3 => {
                    return Err(refuse(format!(
                        "three members already strike {t}; a fourth adds nothing (digest A-13)"
                    )));
                }
                Some((_, n)) => *n += 1,
                None => {
                    on_target.push((mate.target.clone(), 1));
                    checked.targets.extend(theirs.targets);
                }
            }
            members.push((e, m.clone(), mate.target.clone()));
        }
        Ok(ability_use::SquadStrike {
            squad: squad_id,
            members,
            ganging: on_target
                .into_iter()
                .filter(|(_, n)| *n > 1)
                .map(|(t, n)| (t, n, (n - 1) * free_strike))
                .collect(),
        })
    }

    /// Validate a `UseAbility` by its user, or by `mate`, a squad member joining a strike
    /// before its own turn: then its turn and action budget are not asked for. A triggered
    /// ability is used on anyone's turn, answering the open trigger window.
    pub(crate) fn check_ability_by(
        &mut self,
        command: &Command,
        mate: Option<Entity>,
    ) -> Result<ability_use::CheckedAbility, RuleError> {
        use crate::ability::{ActionType, Cost, Distance, Keyword, Who};
        let Command::UseAbility {
            creature,
            ability,
            targets,
            at,
            direction,
            squares,
            objects,
            ranged,
            surges,
            spend,
            ..
        } = command
        else {
            unreachable!("only called for UseAbility")
        };
        let book = self.world.resource::<AbilityBook>();
        let villain = book
            .get(ability)
            .is_some_and(|a| a.action == ActionType::VillainAction);
        let triggered = book.get(ability).is_some_and(Ability::is_triggered);
        let e = match mate {
            Some(e) => e,
            None if villain => self.villain(creature, ability)?,
            None if triggered => self.entity(creature)?,
            None => self.actor(creature)?,
        };
        let known = self.world.get::<Abilities>(e).expect("abilities").0.clone();
        let carried = self
            .world
            .get::<Consumables>(e)
            .map(|c| c.0.clone())
            .unwrap_or_default();
        let consumable = !known.contains(ability) && carried.contains(ability);
        let Some(ab) = (known.contains(ability) || consumable)
            .then(|| self.world.resource::<AbilityBook>().get(ability).cloned())
            .flatten()
        else {
            return Err(RuleError::new(
                rule::ABILITY,
                format!(
                    "{creature} has no ability `{ability}`; it has: {}",
                    if known.is_empty() {
                        "only the basic actions".to_owned()
                    } else {
                        known.join(", ")
                    }
                ),
            ));
        };
        let user = self.creature_ref(e);
        let turn = self.world.resource::<TurnState>();
        let summoned = turn.summoners.contains(creature);
        if summoned && ab.effect.as_ref().is_some_and(|o| !o.summon.is_empty()) {
            return Err(RuleError::new(
                rule::SUMMON,
                format!("{creature} has summoned and can't summon again until its next turn"),
            ));
        }
        let dazed = user.conditions.has(Condition::Dazed);
        match ab.action.spends() {
            Some(_) if mate.is_some() => {}
            Some(kind) if dazed && !self.budget(e).allows(kind) => {
                return Err(RuleError::new(
                    rule::DAZED,
                    format!("{creature} has no {} left this turn", ab.action.name()),
                ));
            }
            Some(kind) if !self.budget(e).allows(kind) => {
                let why = self.budget(e).check(kind).expect_err("not allowed");
                return Err(RuleError {
                    reason: format!("{creature} can't use `{}`: {}", ab.name, why.reason),
                    ..why
                });
            }
            Some(_) => {}
            None => match ab.action {
                ActionType::FreeManeuver if dazed => {
                    return Err(RuleError::new(
                        rule::DAZED,
                        format!("{creature} is dazed and can't use free maneuvers"),
                    ));
                }
                ActionType::FreeManeuver => {}
                // Checked by `villain` before anything else.
                ActionType::VillainAction => {}
                // Triggered (seed 002 L2544-2552): only in the window its trigger opened.
                _ => crate::trigger::check_answer(turn, &user, ability, &ab, targets)?,
            },
        }
        let extra = match (&ab.spend, spend) {
            (Some(s), true) => s.cost,
            (None, true) => {
                return Err(RuleError::new(
                    rule::HEROIC_RESOURCE,
                    format!("`{}` has nothing extra to spend on", ab.name),
                ));
            }
            _ => 0,
        };
        if user.side == Side::Director {
            // seed 002 L4174-4176, L4342: a monster's costs and extras are paid in Malice.
            let price = match ab.cost {
                Some(Cost::Malice(n) | Cost::Resource(n)) => n,
                None => 0,
            } + extra;
            let have = self.world.resource::<malice::Malice>().current;
            if have < price {
                return Err(RuleError::new(
                    rule::MALICE_SPEND,
                    format!(
                        "`{}` costs {price} Malice{}; the Director has {have}",
                        ab.name,
                        if extra > 0 { " with its extra" } else { "" }
                    ),
                ));
            }
        } else if let Some(Cost::Malice(_)) = ab.cost {
            return Err(RuleError::new(
                rule::MALICE_SPEND,
                format!("`{}` costs Malice, which only the Director spends", ab.name),
            ));
        }
        let price = match ab.cost {
            Some(Cost::Resource(n)) => n,
            _ => 0,
        } + extra;
        let have = self.world.get::<Hero>(e).map_or(0, |h| h.heroic_resource);
        if user.side == Side::Heroes && price > 0 && have < price as i32 {
            return Err(RuleError::new(
                rule::HEROIC_RESOURCE,
                format!(
                    "`{}` costs {price} heroic resource{}; {creature} has {have}",
                    ab.name,
                    if extra > 0 { " with its extra" } else { "" }
                ),
            ));
        }
        let map = self.world.resource::<Map>().clone();
        let others = self.others(e);
        let area_err = |m: String| RuleError::new(rule::AREA, m);
        let area = match ab.distance {
            Distance::Aura(n) | Distance::Burst(n) => crate::area::burst(&map, user.footprint, n),
            Distance::Cube { side, within } => {
                let corner = at.ok_or_else(|| area_err("place the cube: give `at`".into()))?;
                crate::area::cube(&map, user.footprint, corner, side, within).map_err(area_err)?
            }
            Distance::Line {
                length,
                width,
                within,
            } => {
                let (Some(origin), Some(dir)) = (at, direction) else {
                    return Err(area_err("place the line: give `at` and `direction`".into()));
                };
                crate::area::line(&map, user.footprint, *origin, *dir, length, width, within)
                    .map_err(area_err)?
            }
            Distance::Wall { squares: n, within } => {
                let bodies: Vec<Footprint> = others
                    .iter()
                    .filter(|o| o.vitality != Vitality::Dead)
                    .map(|o| o.footprint)
                    .chain(std::iter::once(user.footprint))
                    .collect();
                crate::area::wall(&map, user.footprint, squares, n, within, |sq| {
                    bodies.iter().any(|b| b.contains(sq))
                })
                .map_err(area_err)?
            }
            _ => Vec::new(),
        };
        let target_err = |m: String| RuleError::new(rule::ABILITY_TARGET, m);
        let eligible = |c: &CreatureRef| -> Result<(), String> {
            if c.vitality == Vitality::Dead {
                return Err(format!("{} is dead", c.id));
            }
            let me = c.id == user.id;
            let ok = match ab.target.who {
                Who::SelfOnly => me,
                Who::Creature | Who::CreatureOrObject => !me || ab.target.with_self,
                Who::Enemy => c.side != user.side,
                Who::Ally => c.side == user.side && (!me || ab.target.with_self),
            };
            if ok {
                Ok(())
            } else {
                Err(format!(
                    "`{}` targets {}; {} is not one",
                    ab.name,
                    match (ab.target.who, ab.target.with_self) {
                        (Who::SelfOnly, _) => "its user only",
                        (Who::Creature, false) => "creatures other than its user",
                        (Who::Creature, true) => "creatures",
                        (Who::CreatureOrObject, _) => "creatures and objects",
                        (Who::Enemy, _) => "enemies",
                        (Who::Ally, false) => "allies (not its user)",
                        (Who::Ally, true) => "allies or its user",
                    },
                    c.id
                ))
            }
        };
        let everyone: Vec<CreatureRef> = std::iter::once(user.clone())
            .chain(others.iter().cloned())
            .collect();
        // seed 002 L2616-2620: an area reaches into the ground no deeper than its top layer.
        let in_area = |c: &CreatureRef| {
            c.footprint.squares().any(|sq| area.contains(&sq))
                && crate::burrow::check_reach(&user, c).is_ok()
        };
        let chosen: Vec<CreatureRef> = if ab.distance == Distance::SelfOnly {
            vec![user.clone()]
        } else if ab.distance.is_area() && targets.is_empty() && ab.target.count.is_none() {
            everyone
                .iter()
                .filter(|c| eligible(c).is_ok())
                .filter(|c| in_area(c) || (c.id == user.id && ab.target.with_self))
                .cloned()
                .collect()
        } else {
            if targets.is_empty() && objects.is_empty() {
                return Err(target_err(format!("`{}` needs a target", ab.name)));
            }
            let mut picked: Vec<CreatureRef> = Vec::new();
            for id in targets {
                let c = everyone
                    .iter()
                    .find(|c| &c.id == id)
                    .cloned()
                    .ok_or_else(|| turn::unknown(id))?;
                if picked.iter().any(|p| p.id == c.id) {
                    return Err(target_err(format!("{id} is named twice")));
                }
                eligible(&c).map_err(target_err)?;
                if !ab.distance.is_area() {
                    c.check_not_hidden_from(creature)?;
                }
                crate::burrow::check_reach(&user, &c)?;
                if ab.distance.is_area() {
                    if !(in_area(&c) || (c.id == user.id && ab.target.with_self)) {
                        return Err(RuleError::new(
                            rule::AREA,
                            format!("{id} is not in the area"),
                        ));
                    }
                } else if let Some((_, reach)) = ab.distance.reach(*ranged) {
                    let gap = user.gap(&c);
                    if gap > reach {
                        return Err(RuleError::new(
                            rule::REACH,
                            format!("{id} is {gap} squares away; `{}` reaches {reach}", ab.name),
                        ));
                    }
                    if !map.line_of_effect(user.footprint, c.footprint) {
                        return Err(RuleError::new(
                            rule::LINE_OF_EFFECT,
                            format!("no line of effect from {creature} to {id}"),
                        ));
                    }
                }
                picked.push(c);
            }
            if let Some(n) = ab.target.count
                && picked.len() + objects.len() > n as usize
            {
                return Err(target_err(format!(
                    "`{}` targets at most {n}; {} named",
                    ab.name,
                    picked.len() + objects.len()
                )));
            }
            picked
        };
        let at_range = ab.distance.reach(*ranged).is_some_and(|(r, _)| r);
        let melee =
            ab.has(Keyword::Melee) || matches!(ab.distance.reach(*ranged), Some((false, _)));
        // Cover only hinders damage-dealing abilities (seed 002 L3012).
        let deals_damage = ab
            .power_roll
            .iter()
            .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
            .chain(ab.effect.as_ref())
            .any(|o| o.damage.is_some());
        let taunter_targeted = user
            .conditions
            .source_of(Condition::Taunted)
            .is_some_and(|t| chosen.iter().any(|c| c.id == t));
        let checked_targets = chosen
            .iter()
            .map(|c| {
                let (edges, banes) = if c.id == user.id {
                    (Vec::new(), Vec::new())
                } else {
                    crate::opportunity::strike_modifiers(&map, &user, c, &others, at_range)
                };
                // Flanking and a prone roller's bane are for strikes; prone's edge for melee
                // (seed 002 L1755, L3004); taunted spares an ability that targets the taunter.
                let edges = edges
                    .into_iter()
                    .filter(|m| ab.is_strike() || m.rule != rule::FLANKING.id)
                    .filter(|m| {
                        melee || ![rule::PRONE.id, rule::CLIMB_EDGE.id].contains(&m.rule.as_str())
                    })
                    .collect();
                let banes = banes
                    .into_iter()
                    .filter(|m| ab.is_strike() || m.rule != rule::PRONE.id)
                    .filter(|m| deals_damage || m.rule != rule::COVER.id)
                    .filter(|m| ab.is_strike() || m.rule != rule::CONCEALMENT.id)
                    .filter(|m| !taunter_targeted || m.rule != rule::TAUNTED.id)
                    .collect();
                let unmovable = if c.conditions.has(Condition::Restrained) {
                    Some(format!("{} is restrained and can't be force-moved", c.id))
                } else {
                    c.grabbed_by
                        .as_ref()
                        .filter(|by| **by != user.id)
                        .map(|by| format!("{} is grabbed by {by}: only {by} can move it", c.id))
                };
                ability_use::CheckedTarget {
                    entity: self.entity(&c.id).expect("listed above"),
                    id: c.id.clone(),
                    edges,
                    banes,
                    unmovable,
                    halved: false,
                }
            })
            .collect();
        if !surges.is_empty() {
            // seed 002 L4772: a retainer spends its mentor's surges.
            let payer = match self.world.get::<Retainer>(e).map(|r| r.mentor.clone()) {
                Some(mentor) => self.entity(&mentor)?,
                None => e,
            };
            self.check_surges(payer, &ab, surges, &chosen)?;
        }
        // seed 002 L1494-1498, L1514-1516: an area that targets creatures and objects catches
        // each object in it, unless the user names its targets.
        let caught = if ab.target.who == Who::CreatureOrObject && ab.distance.is_area() {
            crate::object_area::caught(&map, user.footprint, ab.distance, *at, *direction)
        } else {
            Vec::new()
        };
        self.check_objects(&ab, &user, objects, *ranged, &caught)?;
        let objects = if ab.target.count.is_none() && targets.is_empty() && objects.is_empty() {
            caught
        } else {
            objects.clone()
        };
        let characteristic = ab.power_roll.as_ref().and_then(|r| {
            r.characteristic_for(
                self.world
                    .get::<Characteristics>(e)
                    .expect("characteristics"),
            )
        });
        Ok(ability_use::CheckedAbility {
            user: e,
            ability: ab,
            characteristic,
            area,
            targets: checked_targets,
            surges: surges.clone(),
            consumable,
            spend: *spend,
            objects,
            squad: None,
        })
    }

    /// Objects named as targets: the ability may target objects, each is an object (not a
    /// wall) within reach and line of effect — for an area, one of those it `caught` — and
    /// none is named twice (seed 002 L1494-1498).
    fn check_objects(
        &self,
        ab: &Ability,
        user: &CreatureRef,
        objects: &[Square],
        ranged: bool,
        caught: &[Square],
    ) -> Result<(), RuleError> {
        use crate::ability::Who;
        let refuse = |m: String| Err(RuleError::new(rule::ABILITY_TARGET, m));
        if objects.is_empty() {
            return Ok(());
        }
        if ab.target.who != Who::CreatureOrObject {
            return refuse(format!("`{}` can't target objects", ab.name));
        }
        let map = self.world.resource::<Map>();
        let reach = ab.distance.reach(ranged).map_or(0, |r| r.1);
        for (i, &sq) in objects.iter().enumerate() {
            if objects[..i].contains(&sq) {
                return refuse(format!("the object at {sq} is named twice"));
            }
            if !matches!(map.terrain(sq), Some(Terrain::Object { .. })) {
                return refuse(format!("there is no object at {sq}"));
            }
            if ab.distance.is_area() {
                if !caught.contains(&sq) {
                    return Err(RuleError::new(
                        rule::AREA,
                        format!("the object at {sq} is not in the area"),
                    ));
                }
                continue;
            }
            let there = Footprint {
                origin: sq,
                side: 1,
            };
            let gap = user.footprint.distance(there);
            if gap > reach {
                return Err(RuleError::new(
                    rule::REACH,
                    format!(
                        "the object at {sq} is {gap} squares away; `{}` reaches {reach}",
                        ab.name
                    ),
                ));
            }
            if !map.line_of_effect(user.footprint, there) {
                return Err(RuleError::new(
                    rule::LINE_OF_EFFECT,
                    format!("no line of effect to the object at {sq}"),
                ));
            }
        }
        Ok(())
    }

    /// Surges on an ability (seed 002 L1646-1655): the hero has them; damage surges (at most 3,
    /// digest AMB-30) go on one target of a rolled ability that deals damage (L1571-1573);
    /// potency surges, 2 each, raise the potency against targets of an ability with one; the
    /// `payer` (the user, or a retainer's mentor) has enough.
    fn check_surges(
        &self,
        payer: Entity,
        ab: &Ability,
        surges: &hero_token::SurgeSpend,
        targets: &[CreatureRef],
    ) -> Result<(), RuleError> {
        let refuse = |m: String| Err(RuleError::new(rule::SURGES, m));
        let Some(roll) = &ab.power_roll else {
            return refuse(format!(
                "`{}` has no power roll: surges only add to rolled damage and rolled potencies",
                ab.name
            ));
        };
        let outcomes = [&roll.tier1, &roll.tier2, &roll.tier3];
        if surges.damage > 0 {
            if surges.damage > 3 {
                return refuse(format!(
                    "at most 3 surges add to one ability's damage, not {}",
                    surges.damage
                ));
            }
            if !outcomes.iter().any(|o| o.damage.is_some()) {
                return refuse(format!("`{}` deals no damage to add to", ab.name));
            }
            match &surges.damage_target {
                Some(t) if targets.iter().any(|c| &c.id == t) => {}
                Some(t) => return refuse(format!("{t} is not a target of `{}`", ab.name)),
                None => return refuse("name the one target the damage surges go to".into()),
            }
        }
        if !surges.potency.is_empty() {
            if !outcomes
                .iter()
                .any(|o| o.conditions.iter().any(|c| c.potency.is_some()))
            {
                return refuse(format!("`{}` has no potency to raise", ab.name));
            }
            for (i, t) in surges.potency.iter().enumerate() {
                if !targets.iter().any(|c| &c.id == t) {
                    return refuse(format!("{t} is not a target of `{}`", ab.name));
                }
                if surges.potency[..i].contains(t) {
                    return refuse(format!("the potency against {t} rises by 1 at most"));
                }
            }
        }
        let have = self.world.get::<Hero>(payer).map_or(0, |h| h.surges);
        if surges.cost() > have {
            return refuse(format!(
                "that takes {} surges; {} has {have}",
                surges.cost(),
                targets.first().map_or("the user", |_| "the hero")
            ));
        }
        Ok(())
    }

    /// The checks Knockback and Grab share (seed 002 L2872-2912): a maneuver left, another
    /// living creature within melee 1 and line of effect, no bigger than the user or than its
    /// Might when that is 2 or more (digest A-34).
    fn melee_maneuver(
        &mut self,
        creature: &str,
        target: &str,
        rule: crate::event::Rule,
    ) -> Result<(Entity, Entity, CreatureRef, CreatureRef), RuleError> {
        let a = self.actor(creature)?;
        self.maneuver_left(a)?;
        let t = self.entity(target)?;
        let (att, tgt) = (self.creature_ref(a), self.creature_ref(t));
        if att.id == tgt.id || tgt.vitality == Vitality::Dead {
            return Err(RuleError::new(rule, "it targets another living creature"));
        }
        tgt.check_not_hidden_from(creature)?;
        if att.gap(&tgt) > 1 {
            return Err(RuleError::new(
                rule::REACH,
                format!("{target} is not within melee 1"),
            ));
        }
        crate::burrow::check_reach(&att, &tgt)?;
        if !self
            .world
            .resource::<Map>()
            .line_of_effect(att.footprint, tgt.footprint)
        {
            return Err(RuleError::new(
                rule::LINE_OF_EFFECT,
                format!("no line of effect to {target}"),
            ));
        }
        let might = self
            .world
            .get::<Characteristics>(a)
            .expect("characteristics")
            .might;
        if !forced_resolution::knockback_size_ok(att.size, might, tgt.size) {
            return Err(RuleError::new(
                rule,
                format!(
                    "{target} (size {}) is bigger than {creature} (size {}) and than its Might {might}",
                    tgt.size, att.size
                ),
            ));
        }
        Ok((a, t, att, tgt))
    }

    /// Edges and banes on a melee maneuver's roll (Knockback, Grab): those of a melee strike,
    /// less the ones that only strikes get — flanking's edge (seed 002 L3004) and a prone
    /// striker's bane (L1755).
    fn maneuver_modifiers(
        &mut self,
        user: Entity,
        att: &CreatureRef,
        tgt: &CreatureRef,
    ) -> (
        Vec<crate::power_roll::Modifier>,
        Vec<crate::power_roll::Modifier>,
    ) {
        let others = self.others(user);
        let (edges, banes) = crate::opportunity::strike_modifiers(
            self.world.resource::<Map>(),
            att,
            tgt,
            &others,
            false,
        );
        (
            edges
                .into_iter()
                .filter(|m| m.rule != rule::FLANKING.id)
                .collect(),
            // Knockback and Grab deal no damage, so cover does not hinder them (L3012).
            banes
                .into_iter()
                .filter(|m| {
                    ![rule::PRONE.id, rule::COVER.id, rule::CONCEALMENT.id]
                        .contains(&m.rule.as_str())
                })
                .collect(),
        )
    }

    /// Every grab: (grabbed creature, grabber), in a stable order.
    fn board_grabs(&mut self) -> Vec<(String, String)> {
        let mut q = self.world.query::<(&CreatureId, &Grabbed)>();
        let mut grabs: Vec<(String, String)> = q
            .iter(&self.world)
            .map(|(id, g)| (id.0.clone(), g.by.clone()))
            .collect();
        grabs.sort();
        grabs
    }

    /// The battlefield as forced movement sees it.
    pub fn board(&mut self) -> Vec<forced::Body> {
        let map = self.world.resource::<Map>().clone();
        let effects = self.world.resource::<crate::effect::Effects>().clone();
        let mut q = self.world.query::<(
            &CreatureId,
            &Identity,
            &Side,
            &CreatureSize,
            &Position,
            &Characteristics,
            &Stability,
            &Vitality,
            Option<&Grabbed>,
            (
                Option<&Altitude>,
                Option<&Movement>,
                &condition::Conditions,
                Option<&StabilityModifier>,
                Has<crate::mount::Mounted>,
                Option<&crate::burrow::Depth>,
            ),
        )>();
        let mut rows: Vec<(u32, forced::Body)> = q
            .iter(&self.world)
            .map(
                |(
                    id,
                    ident,
                    side,
                    size,
                    pos,
                    chars,
                    stab,
                    vit,
                    grabbed,
                    (altitude, movement, conditions, stability_modifier, rider, depth),
                )| {
                    let altitude = altitude.map_or(0, |a| a.0);
                    let depth = depth.map_or(0, |d| d.0);
                    let flies = movement
                        .is_some_and(|m| m.has(MovementMode::Fly) || m.has(MovementMode::Hover));
                    let footprint = Footprint::new(pos.0, size.0);
                    (
                        ident.order,
                        forced::Body {
                            id: id.0.clone(),
                            side: *side,
                            footprint,
                            size: size.0,
                            z: map.ground_under(footprint) + altitude as i32 - depth as i32,
                            agility: chars.agility,
                            might: chars.might,
                            stability: stab.0,
                            stability_change: stability_modifier.map_or(0, |m| m.0)
                                + effects.stability(&id.0),
                            vitality: *vit,
                            grabbed_by: grabbed.map(|g| g.by.clone()),
                            restrained: conditions.has(Condition::Restrained),
                            altitude,
                            flies,
                            rider,
                            depth,
                        },
                    )
                },
            )
            .collect();
        rows.sort_by_key(|r| r.0);
        rows.into_iter().map(|r| r.1).collect()
    }

    /// Work out a forced movement without changing anything: the preview the client and the AI
    /// show, and exactly what `ForceMove` will do.
    pub fn predict_forced(
        &mut self,
        spec: &forced::ForcedSpec,
    ) -> Result<forced::ForcedOutcome, RuleError> {
        let bodies = self.board();
        let board = forced::Board {
            map: self.world.resource::<Map>(),
            ground: self.world.resource::<crate::burrow::Ground>(),
            bodies,
        };
        forced::plan(&board, spec)
    }

    /// Check and price a willing move without making it: its cost, where it ends, the
    /// damaging terrain it crosses and who may make an opportunity attack at each step.
    pub fn plan_move(
        &mut self,
        creature: &str,
        path: &[Square],
        gait: movement::Gait,
    ) -> Result<movement::AdvancePlan, RuleError> {
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        let speed = self.move_speed(e, gait);
        let others = self.others_moving(e);
        let jump = self.jump(e);
        self.plan_on_foot(&mover, speed, &others, path, gait, jump)
    }

    /// Every square the creature can move to with `gait` now, with a cheapest path each.
    pub fn reachable(
        &mut self,
        creature: &str,
        gait: movement::Gait,
    ) -> Result<Vec<movement::Reach>, RuleError> {
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        if mover.altitude > 0 && gait == movement::Gait::Move {
            // Airborne: it moves with Fly, not on the ground.
            return Ok(Vec::new());
        }
        let speed = self.move_speed(e, gait);
        let others = self.others_moving(e);
        let jump = self.jump(e);
        let map = self.world.resource::<Map>();
        let reach = if mover.depth > 0 {
            // In the ground: through the dirt (seed 002 L2606).
            let ground = self.world.resource::<crate::burrow::Ground>();
            crate::burrow::reachable(map, ground, &mover, speed, &others, gait)
        } else {
            movement::reachable(map, &mover, speed, &others, gait, jump)
        };
        if !mover.conditions.has(Condition::Frightened) {
            return Ok(reach);
        }
        // A frightened creature's paths may not bring it closer to its fear (seed 002 L1739).
        Ok(reach
            .into_iter()
            .filter(|r| {
                let steps = self.ground_steps(&mover, &r.path);
                self.check_not_closer(&mover, &steps).is_ok()
            })
            .collect())
    }

    /// How far a move may go: speed for ordinary movement, 1 square for Disengage's shift
    /// (seed 002 L2825-2831); 0 while grabbed, halved while dragging a creature at least as
    /// big (seed 002 L1743-1745, DS-CORE-55) — except that a teleporter's Advance goes its usual
    /// speed, ignoring every change from conditions or effects, slowed included (L2706,
    /// DS-COMBAT-56).
    pub(crate) fn move_speed(&mut self, e: Entity, gait: movement::Gait) -> u32 {
        let base = match gait {
            movement::Gait::Shift => 1,
            // seed 002 L4454-4456: a captained squad member moves its "With Captain" bonus
            // farther.
            movement::Gait::Move => {
                let captained = self
                    .world
                    .get::<Minion>(e)
                    .and_then(|m| m.squad.as_ref())
                    .and_then(|s| self.world.resource::<squad::Squads>().0.get(s))
                    .map_or(0, |s| s.bonus().speed);
                self.world.get::<Speed>(e).expect("speed").0 + captained
            }
        };
        let me = self.creature_ref(e);
        if gait == movement::Gait::Move && me.movement.has(MovementMode::Teleport) {
            return base;
        }
        let base = condition::speed_under(&me.conditions, base);
        if me.grabbed_by.is_some() {
            return 0;
        }
        let held: Vec<Entity> = self
            .board_grabs()
            .into_iter()
            .filter(|(_, by)| *by == me.id)
            .filter_map(|(held, _)| self.entity(&held).ok())
            .collect();
        let dragging_big = held
            .into_iter()
            .any(|h| self.creature_ref(h).size.value() >= me.size.value());
        if dragging_big { base / 2 } else { base }
    }

    /// Where the creature `mover` is grabbing ends up when `mover` makes this move: dragged
    /// along at the same offset. A teleport drags nothing (the grab then ends).
    pub(crate) fn drag(
        &mut self,
        mover: &CreatureRef,
        plan: &movement::AdvancePlan,
    ) -> Result<Option<movement::Drag>, RuleError> {
        if plan.teleport {
            return Ok(None);
        }
        let Some((held, _)) = self
            .board_grabs()
            .into_iter()
            .find(|(_, by)| *by == mover.id)
        else {
            return Ok(None);
        };
        let h = self.entity(&held)?;
        let body = self.creature_ref(h);
        let (dx, dy) = (
            plan.to.x - mover.footprint.origin.x,
            plan.to.y - mover.footprint.origin.y,
        );
        let to = Square::new(body.footprint.origin.x + dx, body.footprint.origin.y + dy);
        let dest = Footprint {
            origin: to,
            side: body.footprint.side,
        };
        let mover_end = Footprint {
            origin: plan.to,
            side: mover.footprint.side,
        };
        let map = self.world.resource::<Map>();
        let blocked = !map.footprint_in_bounds(dest)
            || dest.squares().any(|s| map.is_solid(s))
            || dest.overlaps(mover_end);
        let others = self.others(h);
        let crowded = others
            .iter()
            .any(|o| o.id != mover.id && !o.vitality.is_down() && o.footprint.overlaps(dest));
        if blocked || crowded {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{held} can't be dragged to {to}: the square is not free"),
            ));
        }
        Ok(Some(movement::Drag { creature: h, to }))
    }

    /// The baseline long jump: Might or Agility in squares, at least 1 (seed 002 L2672).
    /// A move along the ground, or through it for a creature in the ground (seed 002 L2606).
    pub(crate) fn plan_on_foot(
        &self,
        mover: &CreatureRef,
        speed: u32,
        others: &[CreatureRef],
        path: &[Square],
        gait: movement::Gait,
        jump: u32,
    ) -> Result<movement::AdvancePlan, RuleError> {
        let map = self.world.resource::<Map>();
        if mover.depth > 0 {
            let ground = self.world.resource::<crate::burrow::Ground>();
            crate::burrow::plan(map, ground, mover, speed, others, path, gait)
        } else {
            movement::plan_advance(map, mover, speed, others, path, gait, jump)
        }
    }

    pub(crate) fn jump(&self, e: Entity) -> u32 {
        let c = self
            .world
            .get::<Characteristics>(e)
            .expect("characteristics");
        c.might.max(c.agility).max(1) as u32
    }

    /// Every outcome the forcer can choose for a forced movement (its path is ignored).
    pub fn forced_choices(
        &mut self,
        spec: &forced::ForcedSpec,
    ) -> Result<Vec<forced::ForcedOutcome>, RuleError> {
        let bodies = self.board();
        let board = forced::Board {
            map: self.world.resource::<Map>(),
            ground: self.world.resource::<crate::burrow::Ground>(),
            bodies,
        };
        forced::choices(&board, spec)
    }

    /// The whole rules state, for saving, undo and look-ahead.
    pub fn snapshot(&mut self) -> Snapshot {
        let mut snap = self.snapshot_without_log(true);
        snap.log = self.world.resource::<EventLog>().clone();
        snap
    }

    /// Creature `id` as a snapshot records it (movement modes, depth, what it rides), without
    /// copying the log.
    pub fn creature_record(&mut self, id: &str) -> Option<CreatureRecord> {
        self.snapshot_without_log(false)
            .creatures
            .into_iter()
            .find(|c| c.id == id)
    }

    /// Everything but the event log (which only grows and is not part of the checksum), and
    /// the ability book only when `with_book` (it never changes in play, so the checksum and
    /// the published state leave it out; the scenario's hash covers it).
    fn snapshot_without_log(&mut self, with_book: bool) -> Snapshot {
        let mut q = self.world.query::<(
            &CreatureId,
            &Identity,
            &Side,
            &CreatureSize,
            &Position,
            &Speed,
            &Stamina,
            &Stability,
            &Characteristics,
            &FreeStrike,
            &DamageModifiers,
            (
                Option<&Hero>,
                Option<&Minion>,
                Option<&Group>,
                Has<Surprised>,
                Has<Prone>,
                Option<&Movement>,
                Has<Defending>,
                Option<&Grabbed>,
                Option<&Aided>,
                Option<&Altitude>,
                &Vitality,
                &ActionBudget,
            ),
            (
                &Abilities,
                &Consumables,
                &condition::Conditions,
                Option<&hide::Hidden>,
                Has<Invisible>,
                Option<&malice::FamilyFeatures>,
                Option<&condition::EndEffect>,
                Option<&Retainer>,
                Option<&StabilityModifier>,
                Option<&falling::Falling>,
                Has<crate::underwater::BreathesWater>,
                Option<&crate::underwater::HoldingBreath>,
            ),
            (
                Has<crate::mount::MountRole>,
                Option<&crate::mount::Mounted>,
                Option<&crate::burrow::Depth>,
            ),
        )>();
        let mut rows: Vec<(u32, CreatureRecord)> = q
            .iter(&self.world)
            .map(
                |(
                    id,
                    ident,
                    side,
                    size,
                    pos,
                    speed,
                    stamina,
                    stab,
                    chars,
                    fs,
                    dmg,
                    (
                        hero,
                        minion,
                        group,
                        surprised,
                        prone,
                        movement,
                        defending,
                        grabbed,
                        aided,
                        altitude,
                        vit,
                        budget,
                    ),
                    (
                        abilities,
                        consumables,
                        conditions,
                        hidden,
                        invisible,
                        family,
                        end_effect,
                        retainer,
                        stability_modifier,
                        falling,
                        breathes_water,
                        holding_breath,
                    ),
                    (mount_role, mounted, depth),
                )| {
                    (
                        ident.order,
                        CreatureRecord {
                            id: id.0.clone(),
                            name: ident.name.clone(),
                            side: *side,
                            size: size.0,
                            position: pos.0,
                            speed: speed.0,
                            stamina: *stamina,
                            stability: stab.0,
                            stability_modifier: stability_modifier.map_or(0, |m| m.0),
                            characteristics: *chars,
                            free_strike: fs.0,
                            damage: dmg.clone(),
                            hero: hero.copied(),
                            minion: minion.cloned(),
                            group: group.map(|g| g.0.clone()),
                            surprised,
                            prone,
                            movement: movement.cloned().unwrap_or_default(),
                            defending,
                            grabbed_by: grabbed.map(|g| g.by.clone()),
                            aided_by: aided.map(|a| a.by.clone()).unwrap_or_default(),
                            altitude: altitude.map_or(0, |a| a.0),
                            depth: depth.map_or(0, |d| d.0),
                            breathes_water,
                            holding_breath_since: holding_breath.map(|h| h.since),
                            abilities: abilities.0.clone(),
                            consumables: consumables.0.clone(),
                            conditions: conditions.0.clone(),
                            hidden: hidden.cloned(),
                            invisible,
                            malice_features: family.map(|f| f.0.clone()).unwrap_or_default(),
                            end_effect: end_effect.map(|e| e.0),
                            retainer_of: retainer.map(|r| r.mentor.clone()),
                            falling: falling.copied(),
                            mount_role,
                            mounted: mounted.cloned(),
                            vitality: *vit,
                            budget: *budget,
                        },
                    )
                },
            )
            .collect();
        rows.sort_by_key(|r| r.0);
        Snapshot {
            encounter: self.world.resource::<EncounterInfo>().clone(),
            options: self.world.resource::<RulesOptions>().clone(),
            map: self.world.resource::<Map>().clone(),
            ground: self.world.resource::<crate::burrow::Ground>().clone(),
            hero_tokens: self.world.resource::<hero_token::HeroTokens>().clone(),
            malice: self.world.resource::<malice::Malice>().clone(),
            effects: self.world.resource::<crate::effect::Effects>().clone(),
            squads: self.world.resource::<squad::Squads>().clone(),
            zones: {
                let mut q = self.world.query::<&zone::Zone>();
                let mut zones: Vec<zone::Zone> = q.iter(&self.world).cloned().collect();
                zones.sort_by_key(|z| z.seq);
                zones
            },
            abilities: if with_book {
                self.world.resource::<AbilityBook>().clone()
            } else {
                AbilityBook::default()
            },
            creatures: rows.into_iter().map(|r| r.1).collect(),
            turn: self.world.resource::<TurnState>().clone(),
            dice: self.world.resource::<Dice>().clone(),
            log: EventLog::default(),
            script: self.world.resource::<crate::script::Script>().clone(),
            summons: if with_book {
                self.world.resource::<crate::summon::SummonTable>().clone()
            } else {
                crate::summon::SummonTable::default()
            },
        }
    }

    /// A checksum of the rules state (everything but the log): FNV-1a over its canonical JSON.
    pub fn checksum(&mut self) -> u64 {
        state_checksum(&self.snapshot_without_log(false))
    }

    /// The scenario's objectives and how far they have come.
    pub fn encounter(&self) -> &EncounterInfo {
        self.world.resource::<EncounterInfo>()
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

    /// What a `UseAbility` would do now — its area, targets, edges and banes, tier odds and
    /// outcomes — without rolling or changing anything; refused exactly as `apply` would be.
    pub fn preview_ability(
        &mut self,
        command: &Command,
    ) -> Result<ability_use::AbilityPreview, RuleError> {
        if !matches!(command, Command::UseAbility { .. }) {
            return Err(RuleError::new(rule::ABILITY, "not an ability"));
        }
        let checked = self.check_ability(command)?;
        let user = *self
            .world
            .get::<Characteristics>(checked.user)
            .expect("characteristics");
        Ok(checked.preview(
            &user,
            self.world.resource::<RulesOptions>(),
            self.world.resource::<Map>(),
        ))
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

    /// The state as the JSON interface publishes it.
    pub fn state(&mut self) -> StateView {
        let snap = self.snapshot_without_log(false);
        let book = self.world.resource::<AbilityBook>();
        let checksum = format!("{:016x}", state_checksum(&snap));
        let turn = &snap.turn;
        StateView {
            scenario: snap.encounter.scenario.clone(),
            seed: snap.encounter.seed,
            round: turn.round,
            first_side: turn.first_side,
            acting_side: turn.next_side,
            group: turn.group.clone(),
            turn: turn.current.clone(),
            awaiting_first_side_choice: turn.awaiting_first_side_choice,
            pending_forced: turn.pending_forced.clone(),
            trigger_window: turn.trigger_window.clone(),
            status: match turn.outcome {
                None => "in_progress",
                Some(Outcome::Victory) => "victory",
                Some(Outcome::Defeat) => "defeat",
            },
            objectives: snap
                .encounter
                .objectives
                .iter()
                .zip(snap.encounter.statuses())
                .map(|(o, status)| ObjectiveView {
                    name: o.name(),
                    status,
                })
                .collect(),
            hero_tokens: snap.hero_tokens.pool,
            squads: snap
                .squads
                .0
                .iter()
                .map(|(id, sq)| SquadView {
                    id: id.clone(),
                    name: sq.name.clone(),
                    pool: sq.pool,
                    per_minion: sq.per_minion,
                    alive: sq.alive(),
                    to_next_drop: sq.to_next_drop(),
                    captain: sq.captain.clone(),
                    captain_damage_bonus: sq.bonus().damage,
                })
                .collect(),
            malice: MaliceView {
                current: snap.malice.current,
                gained: snap.malice.gained,
                spent: snap.malice.spent,
                malicious_strike_round: snap.malice.malicious_strike_round,
                villain_actions: snap
                    .malice
                    .villain_actions_used
                    .iter()
                    .map(|(_, a)| a.clone())
                    .collect(),
                features: snap
                    .malice
                    .features
                    .iter()
                    .map(|(id, f)| MaliceFeatureView {
                        id: id.clone(),
                        name: f.name.clone(),
                        cost: f.cost,
                        effect: f.effect.describe(),
                    })
                    .collect(),
            },
            zones: snap
                .zones
                .iter()
                .map(|z| {
                    let owner = snap
                        .creatures
                        .iter()
                        .find(|c| c.id == z.owner)
                        .map(|c| Footprint::new(c.position, c.size));
                    ZoneView {
                        owner: z.owner.clone(),
                        ability: z.ability.clone(),
                        squares: z.covers(&snap.map, owner),
                        aura: z.aura,
                        ground: z.lasting.ground,
                        start_of_turn_damage: z.lasting.start_of_turn_damage,
                        until: z.lasting.duration,
                    }
                })
                .collect(),
            failed_saves: snap
                .hero_tokens
                .failed_saves
                .iter()
                .map(|(c, k)| (c.clone(), k.name().to_owned()))
                .collect(),
            just_damaged: snap.hero_tokens.just_damaged.clone(),
            creatures: snap
                .creatures
                .iter()
                .map(|c| CreatureView::new(c, &snap.map, turn, book, &snap.effects))
                .collect(),
            scripted_dice_left: snap.dice.scripted_left(),
            checksum,
        }
    }
}

/// The checksum of a snapshot taken without its log.
fn state_checksum(snap: &Snapshot) -> u64 {
    fnv1a(&serde_json::to_vec(snap).expect("the rules state always serializes"))
}

/// FNV-1a 64: tiny, portable and stable across platforms and releases.
pub fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Command stage: environmental damage.
fn resolve_environment_damage(
    command: Res<CurrentCommand>,
    mut pending: ResMut<PendingDamage>,
    creatures: Query<(Entity, &CreatureId)>,
) {
    let Some(Command::EnvironmentDamage {
        target,
        amount,
        damage_type,
        halved,
    }) = &command.0
    else {
        return;
    };
    if let Some((entity, _)) = creatures.iter().find(|c| &c.1.0 == target) {
        pending.0.push(DamageRequest {
            target: entity,
            source: "environment".into(),
            amount: *amount,
            damage_type: *damage_type,
            halved: *halved,
            knock_out: false,
        });
    }
}

/// Command stage: scripted dice.
fn resolve_script_dice(
    command: Res<CurrentCommand>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
) {
    if let Some(Command::ScriptDice { faces }) = &command.0 {
        dice.script(faces.iter().copied());
        log.push(
            rule::DICE_SCRIPTED,
            Event::DiceScripted {
                faces: faces.clone(),
            },
        );
    }
}

/// The published state: field names here are an interface; keep them stable.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub scenario: String,
    pub seed: u64,
    pub round: u32,
    pub first_side: Option<Side>,
    /// The side whose pick it is (or whose creature is acting).
    pub acting_side: Option<Side>,
    /// The Director group in the middle of its turns.
    pub group: Option<String>,
    /// The creature taking its turn.
    pub turn: Option<String>,
    pub awaiting_first_side_choice: Option<Side>,
    /// A forced movement waiting for its path.
    pub pending_forced: Option<forced::PendingForced>,
    /// Creatures whose triggered abilities an event triggered: each uses one or passes
    /// before anything else happens.
    pub trigger_window: Option<crate::trigger::TriggerWindow>,
    pub status: &'static str,
    /// Each objective by its rules name, with where it stands (seed 002 L4542-4625).
    pub objectives: Vec<ObjectiveView>,
    /// The heroes' shared hero tokens.
    pub hero_tokens: u32,
    /// The Director's Malice.
    pub malice: MaliceView,
    /// Minion squads: the shared pool, members left and damage to the next drop.
    pub squads: Vec<SquadView>,
    /// Areas on the map: auras, walls, zones.
    pub zones: Vec<ZoneView>,
    /// Heroes whose saving throw just failed, with the condition (a token may turn it).
    pub failed_saves: Vec<(String, String)>,
    /// Creatures the last command damaged (a hero may recover with 2 tokens now).
    pub just_damaged: Vec<String>,
    pub creatures: Vec<CreatureView>,
    pub scripted_dice_left: usize,
    pub checksum: String,
}

/// An objective as published.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectiveView {
    pub name: &'static str,
    pub status: encounter::Status,
}

/// A minion squad as published.
#[derive(Clone, Debug, Serialize)]
pub struct SquadView {
    pub id: String,
    pub name: String,
    pub pool: u32,
    pub per_minion: u32,
    pub alive: u32,
    pub to_next_drop: u32,
    pub captain: Option<String>,
    /// The With Captain damage bonus in effect now (0 without a captain).
    pub captain_damage_bonus: u32,
}

/// The Director's Malice as published.
#[derive(Clone, Debug, Serialize)]
pub struct MaliceView {
    pub current: u32,
    pub gained: u32,
    pub spent: u32,
    /// The round Malicious Strike was last used in (not again the next round).
    pub malicious_strike_round: Option<u32>,
    /// The villain actions used this encounter, in order (each once; one per round).
    pub villain_actions: Vec<String>,
    /// The encounter's family Malice features.
    pub features: Vec<MaliceFeatureView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MaliceFeatureView {
    pub id: String,
    pub name: String,
    pub cost: u32,
    pub effect: String,
}

#[derive(Clone, Debug, Serialize)]
pub struct CreatureView {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub hero: bool,
    pub position: Square,
    /// Height of the bottom of its space (the ground under it, plus its altitude).
    pub z: i32,
    /// Squares above the ground (fliers).
    pub altitude: u32,
    pub footprint: Vec<Square>,
    pub size: Size,
    /// Might, Agility, Reason, Intuition and Presence.
    pub characteristics: Characteristics,
    pub stamina: StaminaView,
    pub winded: bool,
    pub dying: bool,
    pub dead: bool,
    pub unconscious: bool,
    pub state: Vitality,
    pub surprised: bool,
    /// Conditions in effect, with their duration or source (`slowed (EoT)`,
    /// `frightened of ogre`).
    pub conditions: Vec<String>,
    /// Its abilities, in the order of its stat block, then the consumables it carries (used
    /// with `UseAbility` too, and used up); the client's number keys follow this order.
    pub abilities: Vec<AbilityView>,
    /// Lasting effects of actions, such as `defending`.
    pub effects: Vec<&'static str>,
    /// Who holds it when it is grabbed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grabbed_by: Option<String>,
    /// The creatures it is hidden from now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hidden_from: Vec<String>,
    pub stability: u32,
    pub speed: u32,
    pub free_strike: u32,
    /// How far its melee and its ranged free strike reach: 1 and 5, or farther for a Director
    /// creature whose signature ability reaches farther (seed 002 L2980-2991, L4150-4152).
    pub free_strike_melee: u32,
    pub free_strike_ranged: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heroic_resource: Option<i32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surges: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recoveries: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squad: Option<String>,
    pub minion: bool,
    /// The Director's initiative group it acts with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub acted_this_round: bool,
    /// What is left of its turn (all false outside its turn).
    pub actions: ActionsLeft,
}

/// An area on the map as the state publishes it: the squares it covers now.
#[derive(Clone, Debug, Serialize)]
pub struct ZoneView {
    pub owner: String,
    pub ability: String,
    pub squares: Vec<Square>,
    pub aura: Option<u32>,
    pub ground: Option<zone::ZoneGround>,
    pub start_of_turn_damage: Option<u32>,
    pub until: zone::ZoneDuration,
}

/// One of a creature's abilities as the state publishes it.
#[derive(Clone, Debug, Serialize)]
pub struct AbilityView {
    pub id: String,
    pub name: String,
    pub action: crate::ability::ActionType,
    pub distance: crate::ability::Distance,
    /// As the stat block writes it, e.g. `3 cube within 8`.
    pub distance_label: String,
    pub target: crate::ability::Target,
    pub keywords: Vec<crate::ability::Keyword>,
    pub cost: Option<crate::ability::Cost>,
    pub signature: bool,
    /// A consumable the creature carries, used up when used.
    pub consumable: bool,
    /// What its optional extra costs, if it has one ("Spend X: …").
    pub extra: Option<u32>,
    /// Some outcome has a potency (Brutal Effectiveness raises it).
    pub potency: bool,
    /// When a triggered ability is used, as its stat block words it.
    pub trigger: Option<String>,
}

impl AbilityView {
    fn new(id: &str, a: &Ability, consumable: bool) -> Self {
        AbilityView {
            id: id.to_owned(),
            name: a.name.clone(),
            action: a.action,
            distance: a.distance,
            distance_label: a.distance.label(),
            target: a.target,
            keywords: a.keywords.clone(),
            cost: a.cost,
            signature: a.signature,
            consumable,
            extra: a.spend.as_ref().map(|s| s.cost),
            potency: a.has_potency(),
            trigger: a.trigger.as_ref().map(|t| t.text.clone()),
        }
    }
}

/// The actions a creature can still take this turn, trades included (seed 002 L2938).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ActionsLeft {
    pub main: bool,
    pub maneuver: bool,
    #[serde(rename = "move")]
    pub move_action: bool,
    /// The move action itself is unused: moving now keeps the main action.
    pub move_unused: bool,
    /// Its triggered action for this round is still unused (seed 002 L2546).
    pub triggered: bool,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct StaminaView {
    pub current: i32,
    pub max: i32,
    pub temporary: i32,
}

impl CreatureView {
    fn new(
        c: &CreatureRecord,
        map: &Map,
        turn: &TurnState,
        book: &AbilityBook,
        effects: &crate::effect::Effects,
    ) -> Self {
        let fp = Footprint::new(c.position, c.size);
        let strikes = free_strike::StrikeProfile::of(c.hero.is_some(), &c.abilities, book);
        CreatureView {
            id: c.id.clone(),
            name: c.name.clone(),
            side: c.side,
            hero: c.hero.is_some(),
            position: c.position,
            z: map.ground_under(fp) + c.altitude as i32 - c.depth as i32,
            altitude: c.altitude,
            footprint: fp.squares().collect(),
            size: c.size,
            characteristics: c.characteristics,
            stamina: StaminaView {
                current: c.stamina.current,
                max: c.stamina.max,
                temporary: c.stamina.temporary,
            },
            winded: c.stamina.is_winded() && c.vitality != Vitality::Dead,
            dying: c.vitality == Vitality::Dying,
            dead: c.vitality == Vitality::Dead,
            unconscious: c.vitality == Vitality::Unconscious,
            state: c.vitality,
            surprised: c.surprised,
            // A dying hero is bleeding while it is dying (seed 002 L243; digest A-42).
            conditions: [
                (c.prone, "prone"),
                (c.grabbed_by.is_some(), "grabbed"),
                (c.vitality == Vitality::Dying, "bleeding (while dying)"),
            ]
            .into_iter()
            .filter(|(on, _)| *on)
            .map(|(_, name)| name.to_owned())
            .chain(c.conditions.iter().map(condition::Afflicted::label))
            .chain(
                c.hidden
                    .as_ref()
                    .filter(|h| !h.revealed)
                    .map(|h| format!("hidden from {}", h.from.join(", "))),
            )
            .chain(c.invisible.then(|| "invisible".to_owned()))
            .collect(),
            abilities: c
                .abilities
                .iter()
                .filter_map(|id| book.get(id).map(|a| AbilityView::new(id, a, false)))
                .chain({
                    let mut carried = c.consumables.clone();
                    carried.dedup();
                    carried
                        .into_iter()
                        .filter_map(|id| book.get(&id).map(|a| AbilityView::new(&id, a, true)))
                })
                .collect(),
            grabbed_by: c.grabbed_by.clone(),
            hidden_from: c
                .hidden
                .as_ref()
                .filter(|h| !h.revealed)
                .map(|h| h.from.clone())
                .unwrap_or_default(),
            effects: [
                (c.defending, "defending"),
                (!c.aided_by.is_empty(), "aided"),
                (c.falling.is_some(), "falling"),
                (c.depth > 0, "burrowing"),
                (
                    c.mounted
                        .as_ref()
                        .is_some_and(|m| m.hold == crate::mount::Hold::Riding),
                    "riding",
                ),
                (
                    c.mounted
                        .as_ref()
                        .is_some_and(|m| m.hold == crate::mount::Hold::Climbing),
                    "climbing",
                ),
            ]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect(),
            // seed 002 L2811: effects never take stability below 0.
            stability: (c.stability as i32 + c.stability_modifier + effects.stability(&c.id)).max(0)
                as u32,
            speed: c.speed,
            free_strike: c.free_strike,
            free_strike_melee: strikes.melee,
            free_strike_ranged: strikes.ranged,
            heroic_resource: c.hero.map(|h| h.heroic_resource),
            surges: c.hero.map(|h| h.surges),
            recoveries: c.hero.map(|h| h.recoveries),
            squad: c.minion.as_ref().and_then(|m| m.squad.clone()),
            group: c.group.clone(),
            minion: c.minion.is_some(),
            acted_this_round: turn.acted.contains(&c.id),
            actions: ActionsLeft {
                main: c.budget.allows(ActionKind::Main),
                maneuver: c.budget.allows(ActionKind::Maneuver),
                move_action: c.budget.allows(ActionKind::Move),
                move_unused: !c.budget.move_used,
                triggered: turn.triggered_action_round.get(&c.id) != Some(&turn.round),
            },
        }
    }
}
