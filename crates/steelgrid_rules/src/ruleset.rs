//! Draw Steel as a ruleset: the plugin that puts its chapters' systems into the kernel's stages.
//! The order of the systems inside each stage is written here, once.

use bevy_ecs::change_detection::Tick;
use bevy_ecs::prelude::*;
use bevy_ecs::schedule::{ScheduleLabel, SingleThreadedExecutor};
use serde::{Deserialize, Serialize};
use steelgrid_kernel::schedule::{Ruleset, Stage};

use crate::ability::hero_token;
use crate::ability::{resolve, zone};
use crate::command::{Command, CurrentCommand};
use crate::condition::{self, hide};
use crate::creature::{CreatureId, Hero, Retainer, Stamina, Vitality};
use crate::damage::stamina;
use crate::damage::{self, DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::director::{last_stand, malice, squad};
use crate::encounter;
use crate::encounter::test_action;
use crate::event::{Event, EventLog};
use crate::forced::{falling, resolution};
use crate::movement;
use crate::movement::{free_strike, grab};
use crate::options::RulesOptions;
use crate::rule;
use crate::turn::{self, aid};

/// A run condition: the command being resolved is of this kind. Each command-stage system that
/// serves one command says so where it is added; the rest watch the turn or several commands.
macro_rules! serves {
    ($kind:ident) => {
        |command: Res<CurrentCommand>| matches!(command.0, Some(Command::$kind { .. }))
    };
}

/// A command for between fights: Victories, a respite or a montage.
fn between_fights(command: Res<CurrentCommand>) -> bool {
    command.0.as_ref().is_some_and(Command::between_fights)
}

/// The ruleset a scenario plays by: `ruleset: DrawSteel` (the default when left out). The d20
/// and D&D Miniatures rulesets join this list as their plugins are written.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum RulesetName {
    #[default]
    DrawSteel,
}

impl RulesetName {
    pub fn is_draw_steel(&self) -> bool {
        *self == RulesetName::DrawSteel
    }

    /// The plugin that fills the kernel's stages for this ruleset.
    pub fn plugin(self) -> &'static dyn Ruleset {
        match self {
            RulesetName::DrawSteel => &DrawSteel,
        }
    }
}

/// The Draw Steel ruleset (seed 002): the default a scenario plays by.
#[derive(Clone, Copy, Debug, Default)]
pub struct DrawSteel;

impl Ruleset for DrawSteel {
    fn name(&self) -> &'static str {
        "DrawSteel"
    }

    fn build(&self, schedule: &mut Schedule) {
        schedule.add_systems(
            (
                (
                    (hero_token::close_windows, test_action::forget_last_test).chain(),
                    turn::resolve_turn_commands,
                    crate::summon::start_of_turn.run_if(serves!(StartTurn)),
                    squad::start_member_turn,
                    zone::start_of_turn.run_if(serves!(StartTurn)),
                    movement::mount::resolve,
                    movement::resolve_move,
                    free_strike::resolve_free_strike,
                    movement::opportunity_ask::answered.run_if(serves!(FreeStrike)),
                    stamina::resolve_catch_breath.run_if(serves!(CatchBreath)),
                    stamina::resolve_heal.run_if(serves!(Heal)),
                    stamina::resolve_defend.run_if(serves!(Defend)),
                    crate::trigger::resolve_answers,
                    resolve::resolve_ability.run_if(serves!(UseAbility)),
                    (
                        crate::trigger::targeted::record_answers,
                        crate::trigger::halve_damage_taken,
                    )
                        .chain(),
                    crate::summon::spawn_summoned,
                    zone::place,
                    (
                        hero_token::resolve_spend.run_if(serves!(SpendHeroToken)),
                        test_action::resolve_reroll.run_if(serves!(SpendHeroToken)),
                        test_action::resolve_make_test.run_if(serves!(MakeTest)),
                    )
                        .chain(),
                    (
                        malice::resolve_spend.run_if(serves!(SpendMalice)),
                        (
                            crate::director::overrides::resolve,
                            encounter::added::bring_in,
                        )
                            .chain()
                            .run_if(serves!(DirectorOverride)),
                    )
                        .chain(),
                    (
                        encounter::resolve_commands,
                        encounter::between_fights::resolve.run_if(between_fights),
                    )
                        .chain(),
                )
                    .chain(),
                (
                    resolve_environment_damage.run_if(serves!(EnvironmentDamage)),
                    resolve_script_dice.run_if(serves!(ScriptDice)),
                    resolve_what_if.run_if(serves!(WhatIf)),
                    movement::burrow::resolve,
                    (resolution::resolve_forced_move, movement::mount::knock_off).chain(),
                    (
                        resolution::resolve_stand_up.run_if(serves!(StandUp)),
                        falling::resolve_land.run_if(serves!(Land)),
                        last_stand::resolve.run_if(serves!(LastStand)),
                    )
                        .chain(),
                    resolution::resolve_knockback,
                    grab::resolve_grab,
                    grab::resolve_release.run_if(serves!(Release)),
                    aid::resolve_aid_attack.run_if(serves!(AidAttack)),
                    condition::dazed_acts_once,
                    condition::end_of_turn.run_if(serves!(EndTurn)),
                    (
                        condition::effect::end_of_turn,
                        crate::class::strain::at_end_of_turn,
                    )
                        .chain()
                        .run_if(serves!(EndTurn)),
                    zone::expire.run_if(serves!(EndTurn)),
                    condition::resolve_end_effect.run_if(serves!(EndEffect)),
                    crate::ability::granted::resolve,
                    hide::resolve_hide.run_if(serves!(Hide)),
                    hide::resolve_search.run_if(serves!(Search)),
                    hide::end_of_turn,
                    (condition::bleed, movement::mount::carry).chain(),
                )
                    .chain(),
            )
                .chain()
                .in_set(Stage::Command),
        );
        schedule.add_systems(
            (
                movement::underwater::sync,
                squad::apply_squad_damage,
                damage::apply_pending_damage,
                resolve::heal_by_damage,
            )
                .chain()
                .in_set(Stage::Damage),
        );
        schedule.add_systems(
            (
                stamina::update_vitality,
                grab::end_broken_grabs,
                aid::use_up_aid,
                (falling::drop_grounded_fliers, falling::forget_dead_fallers).chain(),
                settle_damage,
                squad::watch_captains,
                resolve::impose_deferred_conditions,
                (movement::mount::fall_off, settle_damage).chain(),
                hero_token::open_windows,
                hide::reveal,
            )
                .chain()
                .in_set(Stage::Vitality),
        );
        schedule.add_systems(
            (
                movement::underwater::suffocate,
                settle_damage,
                encounter::check_objectives,
                crate::class::gain::award,
            )
                .chain()
                .in_set(Stage::Objectives),
        );
        schedule.add_systems(
            (
                turn::advance_turn_flow,
                falling::continue_long_falls,
                settle_damage,
                encounter::check_objectives,
                malice::track,
                condition::encounter_aftermath,
                squad::watch_captains,
            )
                .chain()
                .in_set(Stage::TurnFlow),
        );
    }
}

/// Damage settles: a squad's share of what it took is spread, every pending hit lands, then
/// winded, dying, dead and unconscious follow (seed 002 L3022-3030, L4378-4392), and again while
/// that left damage pending. Added after each step that can hurt; every use runs the one
/// [`Settle`] schedule, unless nothing has happened since damage last settled that settling
/// would act on (most steps hurt no one).
fn settle_damage(world: &mut World, creatures: &mut QueryState<SettleInputs>) {
    if !is_settled(world, creatures)
        && world
            .try_schedule_scope(Settle, settle_until_nothing_pends)
            .is_err()
    {
        world.add_schedule(settle_schedule());
        world.schedule_scope(Settle, settle_until_nothing_pends);
    }
    // Settled now, whether it ran or there was nothing to do: later changes count from here.
    let now = world.change_tick();
    world.insert_resource(SettledAt(now));
}

/// The change tick damage last settled at, by [`settle_damage`].
#[derive(Resource, Clone, Copy)]
struct SettledAt(Tick);

/// What the [`Settle`] schedule reads of each creature: its Stamina and state, and whether it
/// is a hero or a retainer (who fall dying rather than dead).
type SettleInputs = (
    Ref<'static, Stamina>,
    Ref<'static, Vitality>,
    Option<Ref<'static, Hero>>,
    Option<Ref<'static, Retainer>>,
);

/// Settling now would change nothing: it has run before on this world, no damage waits (nor a
/// squad's area mark), no hit waits to be judged, the rules options are as they were, and no
/// creature's Stamina, state, hero or retainer mark changed since. Running it again then finds
/// every creature already in the state its Stamina gives.
fn is_settled(world: &World, creatures: &mut QueryState<SettleInputs>) -> bool {
    let Some(&SettledAt(at)) = world.get_resource::<SettledAt>() else {
        return false;
    };
    let now = world.read_change_tick();
    let since = |tick: Tick| tick.is_newer_than(at, now);
    let nothing_waits = world.resource::<PendingDamage>().0.is_empty()
        && !world.resource::<squad::AreaDamage>().0
        && world.resource::<damage::RecentHits>().0.is_empty();
    let same_options = world
        .get_resource_change_ticks::<RulesOptions>()
        .is_none_or(|ticks| !since(ticks.changed));
    nothing_waits
        && same_options
        && creatures
            .iter(world)
            .all(|(stamina, vitality, hero, retainer)| {
                !since(stamina.last_changed())
                    && !since(vitality.last_changed())
                    && hero.is_none_or(|h| !since(h.last_changed()))
                    && retainer.is_none_or(|r| !since(r.last_changed()))
            })
}

/// The schedule damage settles in, run by [`settle_damage`] until nothing is pending.
#[derive(ScheduleLabel, Debug, Clone, PartialEq, Eq, Hash)]
struct Settle;

/// How many times damage may go round before settling stops: a chain of damage dealing damage
/// longer than this is a ruleset bug, and stopping keeps the command from hanging.
const SETTLE_PASSES: usize = 16;

fn settle_schedule() -> Schedule {
    let mut schedule = Schedule::new(Settle);
    schedule.set_executor(SingleThreadedExecutor::new());
    schedule.add_systems(
        (
            squad::apply_squad_damage,
            damage::apply_pending_damage,
            stamina::update_vitality,
        )
            .chain(),
    );
    schedule
}

fn settle_until_nothing_pends(world: &mut World, schedule: &mut Schedule) {
    for _ in 0..SETTLE_PASSES {
        schedule.run(world);
        if world.resource::<PendingDamage>().0.is_empty() {
            return;
        }
    }
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

/// Command stage: a what-if branch's dice leave the real game's stream.
fn resolve_what_if(
    command: Res<CurrentCommand>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
) {
    if let Some(&Command::WhatIf { stream }) = command.0.as_ref() {
        dice.branch(stream);
        log.push(rule::DICE_WHAT_IF, Event::WhatIfBranch { stream });
    }
}
