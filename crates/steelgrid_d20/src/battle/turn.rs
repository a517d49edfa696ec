//! Initiative and the flow of turns (initiative is not in seed: d20 + Dexterity modifier once
//! per combat, AMB-28), the dying creature's check at the start of its turn (seed 001 L36), and
//! the end of the battle when a side has no one left standing.

use bevy_ecs::prelude::*;
use steelgrid_kernel::body::Side;

use super::strike::{log_injury, roll};
use super::{BattleLog, Budget, Charged, Current, Event, Plan, Roster, Turn, bodies, body};
use crate::injury::{HitPoints, StabiliseOutcome, stabilisation_die};
use crate::options::D20Options;
use crate::rule;
use crate::stats::modifier;

/// Roll everyone's initiative, order them highest first (ties to the higher Dexterity, then the
/// scenario's order), and begin the first turn.
pub fn roll_initiative(world: &mut World) {
    let roster = world.resource::<Roster>().0.clone();
    let mut rolled = Vec::new();
    for (place, &e) in roster.iter().enumerate() {
        let natural = roll(world, 20);
        let dex = modifier(body(world, e).stats.dexterity);
        let total = natural as i32 + dex;
        let creature = body(world, e).id.to_owned();
        world.resource_mut::<BattleLog>().push(
            rule::INITIATIVE,
            Event::InitiativeRolled {
                creature,
                natural,
                total,
            },
        );
        rolled.push((std::cmp::Reverse(total), std::cmp::Reverse(dex), place, e));
    }
    rolled.sort();
    world.insert_resource(Turn {
        order: rolled.into_iter().map(|r| r.3).collect(),
        index: 0,
        round: 1,
        outcome: None,
    });
    world
        .resource_mut::<BattleLog>()
        .push(rule::INITIATIVE, Event::RoundStarted { round: 1 });
    check_victory(world);
    begin_turns(world);
}

/// Objectives stage: a side with no creature left able to act has lost.
pub fn check_victory(world: &mut World) {
    if world.resource::<Turn>().outcome.is_some() {
        return;
    }
    let standing = |side: Side| {
        bodies(world)
            .iter()
            .any(|b| b.side == side && b.injury.can_act())
    };
    let winner = match (standing(Side::Heroes), standing(Side::Director)) {
        (true, false) => Side::Heroes,
        (false, _) => Side::Director,
        (true, true) => return,
    };
    world.resource_mut::<Turn>().outcome = Some(winner);
    world
        .resource_mut::<BattleLog>()
        .push(rule::ACTIONS, Event::BattleEnded { winner });
}

/// TurnFlow stage: after `EndTurn`, or once the creature whose turn it is can no longer act,
/// the next creature in initiative order begins its turn.
pub fn advance(world: &mut World) {
    let Some(now) = world.resource::<Turn>().current() else {
        return;
    };
    let ended = matches!(world.resource::<Current>().0, Some(Plan::EndTurn { .. }));
    if !ended && body(world, now).injury.can_act() {
        return;
    }
    let creature = body(world, now).id.to_owned();
    world
        .resource_mut::<BattleLog>()
        .push(rule::ACTIONS, Event::TurnEnded { creature });
    next(world);
    begin_turns(world);
}

/// Move the turn on, starting a new round after the last in the order.
fn next(world: &mut World) {
    let mut turn = world.resource_mut::<Turn>();
    turn.index += 1;
    if turn.index < turn.order.len() {
        return;
    }
    turn.index = 0;
    turn.round += 1;
    let round = turn.round;
    world
        .resource_mut::<BattleLog>()
        .push(rule::INITIATIVE, Event::RoundStarted { round });
    end_of_round(world);
}

/// AMB-20's other reading: with `DyingLoss::CheckAndRoundEnd` the dying also lose 1 at the end
/// of each round (seed 001 L27).
fn end_of_round(world: &mut World) {
    let options = *world.resource::<D20Options>();
    for e in world.resource::<Roster>().0.clone() {
        let con = body(world, e).stats.constitution;
        let mut hp = *world.get::<HitPoints>(e).expect("hit points");
        if let Some(lost) = hp.end_of_round(options.dying_loss, con, options.edition) {
            world.entity_mut(e).insert(hp);
            log_injury(world, e, lost.before, lost.after);
        }
    }
}

/// Begin turns until one falls to a creature that can act: the dying roll to stabilise (seed
/// 001 L36) and pass, the stable, unconscious and dead pass at once.
fn begin_turns(world: &mut World) {
    let limit = 2 * world.resource::<Turn>().order.len() + 2;
    for _ in 0..limit {
        check_victory(world);
        let Some(now) = world.resource::<Turn>().current() else {
            return;
        };
        let mut hp = *world.get::<HitPoints>(now).expect("hit points");
        hp.begin_turn();
        world.entity_mut(now).insert(hp);
        if body(world, now).injury.can_act() {
            world
                .entity_mut(now)
                .insert(Budget::fresh())
                .remove::<Charged>();
            let (creature, round) = (
                body(world, now).id.to_owned(),
                world.resource::<Turn>().round,
            );
            world
                .resource_mut::<BattleLog>()
                .push(rule::ACTIONS, Event::TurnStarted { creature, round });
            return;
        }
        stabilise(world, now);
        next(world);
    }
}

/// A dying creature's check at the start of its turn (seed 001 L36-37).
fn stabilise(world: &mut World, who: Entity) {
    let options = *world.resource::<D20Options>();
    let con = body(world, who).stats.constitution;
    let mut hp = *world.get::<HitPoints>(who).expect("hit points");
    if !hp.stabilisation_due(con, options.edition) {
        return;
    }
    let natural = roll(world, stabilisation_die(options.edition));
    let before = body(world, who).injury;
    let total = natural as i32 + modifier(con) + hp.current.min(0);
    let Some(outcome) = hp.stabilisation_check(natural, false, con, options.edition) else {
        return;
    };
    world.entity_mut(who).insert(hp);
    let stable = outcome == StabiliseOutcome::Stabilised;
    let creature = body(world, who).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        outcome.rule(),
        Event::StabiliseRolled {
            creature,
            natural,
            total,
            dc: crate::injury::dying::CONSTITUTION_CHECK_DC,
            stable,
            hit_points: hp.current,
        },
    );
    log_injury(world, who, before, body(world, who).injury);
}
