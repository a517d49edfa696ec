//! Checking a command against the rules before anything happens: whose turn it is, what is
//! left of that turn (seed 001 L87-89), what the creature's state allows (seed 001 L19, L26,
//! L66), and the command's own rules. The plan carries what the check worked out, so that
//! resolving it does not work it out again.

use bevy_ecs::prelude::*;
use steelgrid_kernel::grid::{Map, Square};
use steelgrid_kernel::rule::RuleError;

use super::strike;
use super::{Budget, Command, Turn, bodies, body, find};
use crate::attack::helpless::{self, Finisher};
use crate::injury::{ActionAllowance, Injury};
use crate::measure;
use crate::movement::budget::{MoveKind, allows};
use crate::movement::path::{Walk, walk};
use crate::movement::walker::{Occupant, Pace, Walker};
use crate::options::D20Options;
use crate::rule;
use crate::stats::SpellEffect;
use crate::terrain::Features;

/// A checked command, ready to resolve.
#[derive(Clone, Debug)]
pub enum Plan {
    Move {
        who: Entity,
        walk: Walk,
        kind: MoveKind,
        budget: Budget,
    },
    Attack {
        who: Entity,
        target: Entity,
        /// The stat block's weapons, by place, in the order they strike.
        weapons: Vec<usize>,
        budget: Budget,
        /// The charge's walk before the blow.
        charge: Option<Walk>,
        /// Nonlethal (`true`) or lethal (`false`) against the weapon's kind (seed 001 L64-65).
        nonlethal: Option<bool>,
    },
    CoupDeGrace {
        who: Entity,
        target: Entity,
        weapon: usize,
        budget: Budget,
    },
    Tend {
        who: Entity,
        target: Entity,
        budget: Budget,
    },
    Cast {
        who: Entity,
        spell: usize,
        target: Option<Entity>,
        at: Option<Square>,
        budget: Budget,
    },
    EndTurn {
        who: Entity,
    },
}

impl Plan {
    /// The acting creature.
    pub fn who(&self) -> Entity {
        match self {
            Plan::Move { who, .. }
            | Plan::Attack { who, .. }
            | Plan::CoupDeGrace { who, .. }
            | Plan::Tend { who, .. }
            | Plan::Cast { who, .. }
            | Plan::EndTurn { who } => *who,
        }
    }

    /// A standard or other strenuous action: a disabled creature pays a hit point after it
    /// (seed 001 L19).
    pub fn strenuous(&self) -> bool {
        !matches!(self, Plan::Move { .. } | Plan::EndTurn { .. })
    }
}

/// What an action takes from the turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cost {
    Standard,
    /// A move action, or the standard action spent as one (seed 001 L87).
    Move,
    /// Both actions on movement: the double move (seed 001 L87).
    DoubleMove,
    FullRound,
}

/// Check `command` against the battle as it stands.
pub fn plan(world: &World, command: &Command) -> Result<Plan, RuleError> {
    on_the_map(world, command)?;
    let who = actor(world, command.creature())?;
    let budget = *world
        .get::<Budget>(who)
        .expect("every creature has a budget");
    match command {
        Command::EndTurn { .. } => Ok(Plan::EndTurn { who }),
        Command::Move { path, .. } => plan_move(world, who, budget, path),
        Command::Step { to, .. } => plan_step(world, who, budget, *to),
        Command::Run { path, .. } => {
            not_after_a_step(budget)?;
            let walk = walk_for(world, who, path, Pace::Running)?;
            let heavy = body(world, who).stats.armour == crate::movement::speed::Armour::Heavy;
            let kind = MoveKind::Run {
                heavy_armour: heavy,
            };
            allows(kind, body(world, who).stats.speed_squares(), &walk)?;
            let budget = Budget {
                moved: true,
                ..afford(world, who, budget, Cost::FullRound)?
            };
            Ok(Plan::Move {
                who,
                walk,
                kind,
                budget,
            })
        }
        Command::Attack {
            target,
            weapon,
            nonlethal,
            at,
            ..
        } => {
            let target = foe(world, who, target)?;
            let w = strike::choose_weapon(world, who, target, weapon.as_deref())?;
            let guessed = strike::guess(world, who, target, *at)?;
            let budget = afford(world, who, budget, Cost::Standard)?;
            Ok(Plan::Attack {
                who,
                target,
                weapons: if guessed { vec![w] } else { Vec::new() },
                budget,
                charge: None,
                nonlethal: *nonlethal,
            })
        }
        Command::FullAttack { target, .. } => {
            let target = foe(world, who, target)?;
            unseen(world, who, target, "full attack")?;
            let budget = afford(world, who, budget, Cost::FullRound)?;
            let weapons = strike::every_weapon_reaching(world, who, target)?;
            Ok(Plan::Attack {
                who,
                target,
                weapons,
                budget,
                charge: None,
                nonlethal: None,
            })
        }
        Command::Charge { target, path, .. } => plan_charge(world, who, budget, target, path),
        Command::CoupDeGrace { target, .. } => plan_coup(world, who, budget, target),
        Command::Tend { target, .. } => plan_tend(world, who, budget, target),
        Command::Cast {
            spell, target, at, ..
        } => plan_cast(world, who, budget, spell, target.as_deref(), *at),
    }
}

/// Every square a command names is on the map: off it, nothing is measured or walked.
fn on_the_map(world: &World, command: &Command) -> Result<(), RuleError> {
    let map = world.resource::<Map>();
    let named: Vec<Square> = match command {
        Command::Move { path, .. } | Command::Run { path, .. } | Command::Charge { path, .. } => {
            path.clone()
        }
        Command::Step { to, .. } => vec![*to],
        Command::Attack { at, .. } | Command::Cast { at, .. } => at.iter().copied().collect(),
        _ => Vec::new(),
    };
    match named.into_iter().find(|sq| !map.in_bounds(*sq)) {
        Some(sq) => Err(RuleError::new(
            rule::OBSTACLE,
            format!(
                "{sq} is off the map, which is {} wide and {} high",
                map.width, map.height
            ),
        )),
        None => Ok(()),
    }
}

/// The creature exists, the battle goes on, it is its turn, and it is awake.
fn actor(world: &World, id: &str) -> Result<Entity, RuleError> {
    let who = find(world, id)?;
    let turn = world.resource::<Turn>();
    if let Some(side) = turn.outcome {
        return Err(RuleError::new(
            rule::ACTIONS,
            format!("the battle is over: the {side:?} won"),
        ));
    }
    if turn.current() != Some(who) {
        let now = turn.current().map_or("nobody", |e| body(world, e).id);
        return Err(RuleError::new(
            rule::INITIATIVE,
            format!("it is {now}'s turn, not {id}'s"),
        ));
    }
    let b = body(world, who);
    if !b.injury.can_act() {
        return Err(RuleError::new(
            b.injury.rule(),
            format!("{id} is {} and can take no actions", b.injury.word()),
        ));
    }
    Ok(who)
}

/// What `cost` leaves of the turn, or why it can't be paid (seed 001 L19, L66, L87-89).
fn afford(world: &World, who: Entity, b: Budget, cost: Cost) -> Result<Budget, RuleError> {
    let injury = body(world, who).injury;
    let refuse = |rule, why: String| Err(RuleError::new(rule, why));
    if injury.actions_allowed() == ActionAllowance::MoveOrStandard {
        let word = injury.word();
        if matches!(cost, Cost::DoubleMove | Cost::FullRound) {
            return refuse(
                injury.rule(),
                format!(
                    "{word}: one move or one standard action a round, never both and never a full-round action"
                ),
            );
        }
        if !(b.standard && b.move_action) {
            return refuse(
                injury.rule(),
                format!("{word}: its one action this round is spent"),
            );
        }
        return Ok(Budget {
            standard: false,
            move_action: false,
            ..b
        });
    }
    match cost {
        Cost::Standard if b.standard => Ok(Budget {
            standard: false,
            ..b
        }),
        Cost::Move if b.move_action => Ok(Budget {
            move_action: false,
            ..b
        }),
        Cost::Move if b.standard => Ok(Budget {
            standard: false,
            ..b
        }),
        Cost::DoubleMove if b.standard && b.move_action => Ok(Budget {
            standard: false,
            move_action: false,
            ..b
        }),
        Cost::FullRound if b.standard && b.move_action && !b.moved => Ok(Budget {
            standard: false,
            move_action: false,
            ..b
        }),
        Cost::FullRound if b.moved => refuse(
            rule::ACTIONS,
            "a full-round action needs the whole round, and it has moved".into(),
        ),
        Cost::Standard => refuse(
            rule::ACTIONS,
            "its standard action is spent this turn".into(),
        ),
        _ => refuse(
            rule::ACTIONS,
            "not enough of its turn is left for that".into(),
        ),
    }
}

fn walker(world: &World, who: Entity, pace: Pace) -> (Walker, Vec<Occupant>) {
    let me = body(world, who);
    let walker = Walker {
        space: me.space,
        size: me.stats.size,
        pace,
        flying: false,
    };
    let others = bodies(world)
        .into_iter()
        .filter(|b| b.entity != who && b.injury != Injury::Dead)
        .map(|b| Occupant {
            space: b.space,
            size: b.stats.size,
            ally: b.side == me.side,
            helpless: b.injury.is_helpless(),
        })
        .collect();
    (walker, others)
}

fn walk_for(world: &World, who: Entity, path: &[Square], pace: Pace) -> Result<Walk, RuleError> {
    if path.is_empty() {
        return Err(RuleError::new(rule::SPEED, "the path has no squares"));
    }
    let (walker, others) = walker(world, who, pace);
    walk(
        world.resource::<Map>(),
        world.resource::<Features>(),
        &walker,
        &others,
        path,
        world.resource::<D20Options>(),
    )
}

/// A move action, a double move, or the minimum move (seed 001 L86-88, L133).
fn plan_move(
    world: &World,
    who: Entity,
    budget: Budget,
    path: &[Square],
) -> Result<Plan, RuleError> {
    if budget.stepped {
        return Err(RuleError::new(
            rule::FIVE_FOOT_STEP,
            "it took a 5-foot step this round and may not move otherwise",
        ));
    }
    let walk = walk_for(world, who, path, Pace::Walking)?;
    let speed = body(world, who).stats.speed_squares();
    let single = if budget.move_action || budget.standard {
        allows(MoveKind::Move, speed, &walk)
    } else {
        Err(RuleError::new(
            rule::ACTIONS,
            "no action is left to move with",
        ))
    };
    let (kind, cost) = match single {
        Ok(()) => (MoveKind::Move, Cost::Move),
        Err(too_far) => {
            if path.len() == 1
                && allows(MoveKind::MinimumMove, speed, &walk).is_ok()
                && afford(world, who, budget, Cost::FullRound).is_ok()
                && allows(MoveKind::DoubleMove, speed, &walk).is_err()
            {
                (MoveKind::MinimumMove, Cost::FullRound)
            } else if allows(MoveKind::DoubleMove, speed, &walk).is_ok()
                && budget.standard
                && budget.move_action
            {
                (MoveKind::DoubleMove, Cost::DoubleMove)
            } else {
                return Err(too_far);
            }
        }
    };
    let budget = Budget {
        moved: true,
        ..afford(world, who, budget, cost)?
    };
    Ok(Plan::Move {
        who,
        walk,
        kind,
        budget,
    })
}

/// A run or a charge is the round's only movement: not after a 5-foot step (seed 001 L89).
fn not_after_a_step(budget: Budget) -> Result<(), RuleError> {
    if budget.stepped {
        return Err(RuleError::new(
            rule::FIVE_FOOT_STEP,
            "it took a 5-foot step this round and may not move otherwise",
        ));
    }
    Ok(())
}

/// A foe with total concealment is attacked one blow at a time, at the square guessed (seed
/// 001 L227-228): not by a full attack, a charge or a coup de grace.
fn unseen(world: &World, who: Entity, target: Entity, what: &str) -> Result<(), RuleError> {
    if strike::sight(world, who, target).total() {
        return Err(RuleError::new(
            rule::CONCEALMENT,
            format!(
                "{} has total concealment: no {what}, only an attack at the square guessed",
                body(world, target).id
            ),
        ));
    }
    Ok(())
}

/// The 5-foot step (seed 001 L89).
fn plan_step(world: &World, who: Entity, budget: Budget, to: Square) -> Result<Plan, RuleError> {
    if budget.stepped {
        return Err(RuleError::new(
            rule::FIVE_FOOT_STEP,
            "one 5-foot step a round",
        ));
    }
    let walk = walk_for(world, who, &[to], Pace::Walking)?;
    let kind = MoveKind::FiveFootStep {
        moved_this_round: budget.moved,
    };
    allows(kind, body(world, who).stats.speed_squares(), &walk)?;
    Ok(Plan::Move {
        who,
        walk,
        kind,
        budget: Budget {
            stepped: true,
            ..budget
        },
    })
}

/// A charge: up to twice its speed, at least 2 squares, ending where it reaches the foe (not
/// in seed but its ban on difficult terrain and allies, seed 001 L103, L116).
fn plan_charge(
    world: &World,
    who: Entity,
    budget: Budget,
    target: &str,
    path: &[Square],
) -> Result<Plan, RuleError> {
    not_after_a_step(budget)?;
    let target = foe(world, who, target)?;
    unseen(world, who, target, "charge")?;
    let walk = walk_for(world, who, path, Pace::Charging)?;
    let speed = body(world, who).stats.speed_squares();
    allows(MoveKind::DoubleMove, speed, &walk)?;
    if path.len() < 2 {
        return Err(RuleError::new(
            rule::ACTIONS,
            "a charge moves at least 2 squares (not in seed)",
        ));
    }
    let end = *path.last().expect("checked not empty");
    let weapon = strike::melee_from(world, who, target, end).ok_or_else(|| {
        RuleError::new(
            rule::ACTIONS,
            format!(
                "from {end} it would not reach {} with a melee weapon",
                body(world, target).id
            ),
        )
    })?;
    let budget = Budget {
        moved: true,
        ..afford(world, who, budget, Cost::FullRound)?
    };
    Ok(Plan::Attack {
        who,
        target,
        weapons: vec![weapon],
        budget,
        charge: Some(walk),
        nonlethal: None,
    })
}

fn plan_coup(world: &World, who: Entity, budget: Budget, target: &str) -> Result<Plan, RuleError> {
    let target = foe(world, who, target)?;
    unseen(world, who, target, "coup de grace")?;
    let t = body(world, target);
    let me = body(world, who);
    let weapon = strike::melee_from(world, who, target, me.space.origin);
    helpless::may_finish(Finisher {
        melee_or_adjacent_bow: weapon.is_some(),
        target_immune_to_criticals: t.stats.immune_to_criticals,
        target_helpless: t.injury.is_helpless(),
    })?;
    let budget = afford(world, who, budget, Cost::FullRound)?;
    Ok(Plan::CoupDeGrace {
        who,
        target,
        weapon: weapon.expect("checked by may_finish"),
        budget,
    })
}

fn plan_tend(world: &World, who: Entity, budget: Budget, target: &str) -> Result<Plan, RuleError> {
    let target = find(world, target)?;
    let t = body(world, target);
    if t.injury != Injury::Dying {
        return Err(RuleError::new(
            rule::HEAL_CHECK,
            format!("{} is {}, not dying", t.id, t.injury.word()),
        ));
    }
    if measure::between(body(world, who).space, t.space) > 1 {
        return Err(RuleError::new(
            rule::HEAL_CHECK,
            format!("{} must be beside it to be tended", t.id),
        ));
    }
    let budget = afford(world, who, budget, Cost::Standard)?;
    Ok(Plan::Tend {
        who,
        target,
        budget,
    })
}

fn plan_cast(
    world: &World,
    who: Entity,
    budget: Budget,
    name: &str,
    target: Option<&str>,
    at: Option<Square>,
) -> Result<Plan, RuleError> {
    let me = body(world, who);
    let spell = me
        .stats
        .spells
        .iter()
        .position(|s| s.name == name)
        .ok_or_else(|| {
            let known: Vec<_> = me.stats.spells.iter().map(|s| s.name.as_str()).collect();
            RuleError::new(
                rule::ACTIONS,
                format!(
                    "{} has no spell `{name}` (it has {})",
                    me.id,
                    if known.is_empty() {
                        "none".into()
                    } else {
                        known.join(", ")
                    }
                ),
            )
        })?;
    let left = world
        .get::<super::SpellsLeft>(who)
        .and_then(|s| s.0.get(name).copied())
        .unwrap_or(0);
    if left == 0 {
        return Err(RuleError::new(
            rule::ACTIONS,
            format!("{} has no uses of `{name}` left", me.id),
        ));
    }
    let (target, at) = match &me.stats.spells[spell].effect {
        SpellEffect::Cure { .. } => {
            let t = find(world, target.unwrap_or(me.id))?;
            if measure::between(me.space, body(world, t).space) > 1 {
                return Err(RuleError::new(
                    rule::HEALED,
                    format!(
                        "`{name}` heals by touch, and {} is not beside it",
                        body(world, t).id
                    ),
                ));
            }
            (Some(t), None)
        }
        SpellEffect::Burst { range, .. } => {
            let sq = at.ok_or_else(|| {
                RuleError::new(
                    rule::ACTIONS,
                    format!("`{name}` is aimed at a square: give `at`"),
                )
            })?;
            strike::check_burst_point(world, who, sq, *range)?;
            (None, Some(sq))
        }
    };
    let budget = afford(world, who, budget, Cost::Standard)?;
    Ok(Plan::Cast {
        who,
        spell,
        target,
        at,
        budget,
    })
}

/// A living creature of the other side.
fn foe(world: &World, who: Entity, id: &str) -> Result<Entity, RuleError> {
    let target = find(world, id)?;
    let (me, t) = (body(world, who), body(world, target));
    if t.entity == me.entity || t.side == me.side {
        return Err(RuleError::new(
            rule::ATTACK_ROLL,
            format!("{} fights on {}'s side", t.id, me.id),
        ));
    }
    if t.injury == Injury::Dead {
        return Err(RuleError::new(rule::DEAD, format!("{} is dead", t.id)));
    }
    Ok(target)
}
