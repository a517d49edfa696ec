//! Burrowing (seed 002 L2604-2642): dirt and stone under the map, how deep a burrower is, moving
//! through the dirt, the Dig maneuver, targeting creatures in the ground, pulling a willing
//! burrower up, the Claw Dirt maneuver of creatures without burrow, and forced movement on a
//! burrower (the last in [`crate::forced::plan`]).
//!
//! A creature's depth is how many squares the bottom of its space is below the ground under it.
//! A size-N creature is N squares tall (seed 002 L2459-2478): it is fully underground when its
//! depth is N or more, partly surfaced when its depth is between 1 and N − 1.

pub use crate::terms::movement::{Depth, Ground, Soil, fully_underground};

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::condition::{Afflicted, Condition, Conditions, Duration};
use crate::creature::{
    ActionBudget, ActionKind, Characteristics, CreatureId, CreatureRef, Movement, MovementMode,
    Position, Speed,
};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::grid::{Footprint, Map, NEIGHBOURS, Size, Square, Terrain, cuts_corner};
use crate::movement::{AdvancePlan, Gait, Reach};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule;
use crate::turn::take_action;

/// For `skip_serializing_if`: a creature on the surface.
pub fn on_surface(depth: &u32) -> bool {
    *depth == 0
}

pub fn underground(c: &CreatureRef) -> bool {
    fully_underground(c.depth, c.size)
}

/// Burrow in its speed (seed 002 L2606).
pub fn can_burrow(m: &Movement) -> bool {
    m.has(MovementMode::Burrow) || m.has(MovementMode::BurrowStone)
}

/// The targeting rules for burrowers (seed 002 L2616-2620): a creature fully underground
/// reaches only an adjacent burrower that is fully underground too; anyone else reaches a
/// burrower only while it is in the top layer of ground, touching the surface. Walls are the
/// map's own line-of-effect test.
pub fn check_reach(from: &CreatureRef, to: &CreatureRef) -> Result<(), RuleError> {
    if from.id == to.id {
        return Ok(());
    }
    if underground(from) {
        if underground(to) && from.is_adjacent(to) {
            return Ok(());
        }
        return Err(RuleError::new(
            rule::BURROW_TARGETING,
            format!(
                "{} is fully underground: it has line of effect only to an adjacent burrower fully underground, not to {}",
                from.id, to.id
            ),
        ));
    }
    if to.depth > to.size.value() {
        return Err(RuleError::new(
            rule::BURROW_TARGETING,
            format!(
                "{} is {} squares down, below the top layer of ground: nothing on the surface has line of effect to it",
                to.id, to.depth
            ),
        ));
    }
    Ok(())
}

/// Why `to` has cover from `from` because it is in the ground (seed 002 L2616, L2620).
pub fn cover_note(from: &CreatureRef, to: &CreatureRef) -> Option<String> {
    (to.depth > 0 && from.id != to.id).then(|| {
        format!(
            "{} is burrowing, {} deep: cover from {}",
            to.id, to.depth, from.id
        )
    })
}

/// Nobody gains high ground against a creature fully underground (seed 002 L2622).
pub fn denies_high_ground(target: &CreatureRef) -> bool {
    underground(target)
}

/// The same creature at another place and depth.
fn placed(c: &CreatureRef, map: &Map, footprint: Footprint, depth: u32) -> CreatureRef {
    CreatureRef {
        footprint,
        z: map.ground_under(footprint) - depth as i32,
        depth,
        ..c.clone()
    }
}

/// Another standing creature whose space `c` would share, sizes not allowing it (seed 002 L2578).
fn crowded<'a>(c: &CreatureRef, others: &'a [CreatureRef]) -> Option<&'a CreatureRef> {
    others.iter().find(|o| {
        o.id != c.id
            && !o.vitality.is_down()
            && o.gap(c) == 0
            && !c.size.may_share_space_with(o.size)
    })
}

fn occupied(
    c: &CreatureRef,
    others: &[CreatureRef],
    rule: crate::event::Rule,
) -> Result<(), RuleError> {
    match crowded(c, others) {
        Some(o) => Err(RuleError::new(
            rule,
            format!(
                "{} would end in {}'s space; only creatures two or more sizes apart can share one",
                c.id, o.id
            ),
        )),
        None => Ok(()),
    }
}

/// A burrower's Advance, Disengage or Charge while in the ground: horizontally through dirt at
/// the height it is at, 1 movement a square (+1 through an enemy's space), every square of its
/// space burrowable (seed 002 L2606). Opportunity attacks come only from enemies with line of
/// effect to it.
pub fn plan(
    map: &Map,
    ground: &Ground,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    path: &[Square],
    gait: Gait,
) -> Result<AdvancePlan, RuleError> {
    if !can_burrow(&mover.movement) {
        return Err(RuleError::new(
            rule::BURROW,
            format!(
                "{} is in the ground without burrow in its speed: it moves there with Claw Dirt",
                mover.id
            ),
        ));
    }
    let Some(&last) = path.last() else {
        return Err(RuleError::new(rule::BURROW, "the path is empty"));
    };
    let stone = mover.movement.has(MovementMode::BurrowStone);
    let mut here = mover.clone();
    let mut cost = 0;
    let mut provoked = Vec::new();
    for (i, &step) in path.iter().enumerate() {
        let n = i + 1;
        let at = here.footprint;
        let next = Footprint {
            origin: step,
            side: at.side,
        };
        if at.origin.distance(step) != 1 {
            return Err(RuleError::new(
                rule::BURROW,
                format!("step {n} to {step} is not adjacent to {}", at.origin),
            ));
        }
        if let Some((sq, what)) = next
            .squares()
            .find_map(|s| ground.refuses(map, s, stone).map(|w| (s, w)))
        {
            return Err(RuleError::new(
                rule::BURROW,
                format!(
                    "step {n}: {sq} is {what}; {} can't burrow through it",
                    mover.id
                ),
            ));
        }
        if cuts_corner(at, (step.x - at.origin.x, step.y - at.origin.y), |s| {
            !ground.burrowable(map, s, stone)
        }) {
            return Err(RuleError::new(
                rule::MOVE_CORNERS,
                format!("step {n} to {step} would cut the corner of ground it can't burrow"),
            ));
        }
        // Horizontal: the bottom of its space keeps its height under higher or lower ground.
        let depth = map.ground_under(next) - here.z;
        if depth < 1 {
            return Err(RuleError::new(
                rule::BURROW,
                format!(
                    "step {n}: the ground at {step} is too low; burrowing is horizontal, and coming up takes the Dig maneuver"
                ),
            ));
        }
        let there = placed(mover, map, next, depth as u32);
        let through_enemy = others
            .iter()
            .any(|o| o.side != mover.side && o.vitality.can_act() && o.gap(&there) == 0);
        if gait == Gait::Shift && through_enemy {
            return Err(RuleError::new(
                rule::SHIFT,
                format!("step {n}: a shift can't pass through an enemy's space"),
            ));
        }
        cost += 1 + u32::from(through_enemy);
        if gait == Gait::Move {
            let who = crate::movement::opportunity::provoked(
                map,
                &here,
                (at, here.z),
                (next, here.z),
                others,
            );
            if !who.is_empty() {
                provoked.push((i, who));
            }
        }
        here = there;
    }
    if cost > speed {
        return Err(RuleError::new(
            rule::MOVE_SPEED,
            format!("the path costs {cost} movement but speed is {speed}"),
        ));
    }
    occupied(&here, others, rule::MOVE_OCCUPIED)?;
    Ok(AdvancePlan {
        to: last,
        cost,
        terrain_damage: Vec::new(),
        provoked,
        drop: None,
        side: mover.footprint.side,
        teleport: false,
        altitude: None,
        depth: Some(here.depth),
    })
}

/// Every square a burrower in the ground can burrow to with `speed`: a breadth-first search
/// over the ground it can burrow, each path then checked by [`plan`] with the other creatures,
/// so an offered square is always legal.
pub fn reachable(
    map: &Map,
    ground: &Ground,
    mover: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    gait: Gait,
) -> Vec<Reach> {
    use std::collections::{BTreeMap, VecDeque};
    let start = mover.footprint.origin;
    let mut best: BTreeMap<Square, u32> = BTreeMap::from([(start, 0)]);
    let mut queue = VecDeque::from([Vec::<Square>::new()]);
    let mut out = Vec::new();
    while let Some(path) = queue.pop_front() {
        let at = path.last().copied().unwrap_or(start);
        for (dx, dy) in NEIGHBOURS {
            let mut p = path.clone();
            p.push(Square::new(at.x + dx, at.y + dy));
            let Ok(plan) = plan(map, ground, mover, u32::MAX, &[], &p, gait) else {
                continue;
            };
            if plan.cost > speed || best.get(&plan.to).is_some_and(|&c| c <= plan.cost) {
                continue;
            }
            best.insert(plan.to, plan.cost);
            if let Ok(checked) = self::plan(map, ground, mover, speed, others, &p, gait) {
                out.retain(|r: &Reach| r.square != checked.to);
                out.push(Reach {
                    square: checked.to,
                    cost: checked.cost,
                    path: p.clone(),
                    provokes: !checked.provoked.is_empty(),
                    falls: false,
                });
            }
            queue.push_back(p);
        }
    }
    out.sort_by_key(|r| (r.square.y, r.square.x));
    out
}

/// The Dig maneuver (seed 002 L2608-2612): burrow in its speed, current speed at least its
/// size, touching ground it can burrow; it moves up or down at most its size in squares, and
/// never deeper while it holds a creature that isn't unconscious. Returns the squares moved.
pub fn check_dig(
    map: &Map,
    ground: &Ground,
    me: &CreatureRef,
    speed: u32,
    holding: Option<&str>,
    others: &[CreatureRef],
    depth: u32,
) -> Result<u32, RuleError> {
    let refuse = |m: String| Err(RuleError::new(rule::DIG, m));
    let size = me.size.value();
    if !can_burrow(&me.movement) {
        return refuse(format!(
            "{} has no burrow in its speed: Dig needs it (Claw Dirt is for creatures without)",
            me.id
        ));
    }
    if speed < size {
        return refuse(format!(
            "{}'s speed is {speed}, less than its size {size}: it can't Dig",
            me.id
        ));
    }
    if me.altitude > 0 {
        return refuse(format!("{} is in the air, not touching the ground", me.id));
    }
    let stone = me.movement.has(MovementMode::BurrowStone);
    if let Some((sq, what)) = me
        .footprint
        .squares()
        .find_map(|s| ground.refuses(map, s, stone).map(|w| (s, w)))
    {
        return refuse(format!(
            "the ground at {sq} is {what}: {} can't burrow into it",
            me.id
        ));
    }
    if depth == me.depth {
        return refuse(format!("{} is already {depth} squares down", me.id));
    }
    let moved = depth.abs_diff(me.depth);
    if moved > size {
        return refuse(format!(
            "Dig moves up to its size, {size} squares; depth {} to {depth} is {moved}",
            me.depth
        ));
    }
    if depth > me.depth
        && let Some(held) = holding
    {
        return refuse(format!(
            "{} has {held} grabbed, and it isn't unconscious: it can't dig deeper",
            me.id
        ));
    }
    occupied(&placed(me, map, me.footprint, depth), others, rule::DIG)?;
    Ok(moved)
}

/// The Claw Dirt maneuver's requirements (seed 002 L2628-2639): no burrow, speed 2 or more, and
/// one square into, out of, or through dirt it touches: up or down 1 where it is, or 1 square
/// across at the same height while in the ground.
pub fn check_claw(
    map: &Map,
    ground: &Ground,
    me: &CreatureRef,
    speed: u32,
    others: &[CreatureRef],
    to: Square,
    depth: u32,
) -> Result<(), RuleError> {
    let refuse = |m: String| Err(RuleError::new(rule::CLAW_DIRT, m));
    if can_burrow(&me.movement) {
        return refuse(format!(
            "{} has burrow in its speed: it uses Dig, and Advance in the ground",
            me.id
        ));
    }
    if speed < 2 {
        return refuse(format!(
            "{}'s speed is {speed}: Claw Dirt needs 2 or more",
            me.id
        ));
    }
    if me.altitude > 0 {
        return refuse(format!("{} is in the air, not touching the ground", me.id));
    }
    let dest = Footprint {
        origin: to,
        side: me.footprint.side,
    };
    let there = placed(me, map, dest, depth);
    let vertical = to == me.footprint.origin && depth.abs_diff(me.depth) == 1;
    let across = me.footprint.origin.distance(to) == 1 && depth > 0 && there.z == me.z;
    if !vertical && !across {
        return refuse(format!(
            "Claw Dirt moves 1 square: up or down 1 where {} is, or 1 square across at the same height while in the ground",
            me.id
        ));
    }
    if let Some((sq, what)) = dest
        .squares()
        .chain(me.footprint.squares())
        .find_map(|s| ground.refuses(map, s, false).map(|w| (s, w)))
    {
        return refuse(format!("{sq} is {what}, not dirt to claw through"));
    }
    occupied(&there, others, rule::CLAW_DIRT)
}

/// Pulling a willing burrower up (seed 002 L2626): a creature on the surface, adjacent to a
/// burrower fully underground that is willing (an ally that can act), raises it 1 square.
pub fn check_pull_up(
    map: &Map,
    me: &CreatureRef,
    target: &CreatureRef,
    others: &[CreatureRef],
) -> Result<(), RuleError> {
    let refuse = |m: String| Err(RuleError::new(rule::PULL_UP, m));
    if me.depth > 0 || me.altitude > 0 {
        return refuse(format!("{} must stand on the surface", me.id));
    }
    if !underground(target) {
        return refuse(format!("{} is not fully underground", target.id));
    }
    if !me.is_adjacent(target) {
        return refuse(format!("{} is not adjacent to {}", target.id, me.id));
    }
    if target.side != me.side || !target.vitality.can_act() {
        return refuse(format!(
            "{} is not willing: only an ally that can act lets itself be pulled up",
            target.id
        ));
    }
    occupied(
        &placed(target, map, target.footprint, target.depth - 1),
        others,
        rule::PULL_UP,
    )
}

/// Banes on the Claw Dirt roll, gathered while validating.
#[derive(Clone, Debug)]
pub struct CheckedClaw(pub Vec<Modifier>);

/// Where a creature's space is, in words.
fn depth_words(depth: u32, size: Size) -> String {
    match depth {
        0 => "on the surface".into(),
        d if fully_underground(d, size) => format!("{d} down, fully underground"),
        d => format!("{d} down, partly surfaced"),
    }
}

fn set_depth(world: &mut World, e: Entity, depth: u32) {
    if depth > 0 {
        world.entity_mut(e).insert(Depth(depth));
    } else {
        world.entity_mut(e).remove::<Depth>();
    }
}

fn find(world: &mut World, id: &str) -> Option<Entity> {
    let mut q = world.query::<(Entity, &CreatureId)>();
    q.iter(world).find(|(_, c)| c.0 == id).map(|(e, _)| e)
}

fn spend(world: &mut World, e: Entity, id: &str, kind: ActionKind) {
    let mut budget = *world.get::<ActionBudget>(e).expect("budget");
    take_action(&mut world.resource_mut::<EventLog>(), &mut budget, id, kind);
    *world.get_mut::<ActionBudget>(e).expect("budget") = budget;
}

fn outcome(
    world: &mut World,
    rule: crate::event::Rule,
    id: &str,
    ability: &str,
    target: &str,
    tier: Option<Tier>,
    text: String,
) {
    world.resource_mut::<EventLog>().push(
        rule,
        Event::AbilityOutcome {
            creature: id.into(),
            ability: ability.into(),
            target: target.into(),
            tier,
            text,
        },
    );
}

fn depth_of(world: &World, e: Entity) -> u32 {
    world.get::<Depth>(e).map_or(0, |d| d.0)
}

fn size_of(world: &World, e: Entity) -> Size {
    world
        .get::<crate::creature::CreatureSize>(e)
        .expect("size")
        .0
}

/// Command stage: Dig, Claw Dirt and pulling a burrower up, checked when validated.
pub fn resolve(world: &mut World) {
    let Some(command) = world.resource::<CurrentCommand>().0.clone() else {
        return;
    };
    match command {
        Command::Dig { creature, depth } => {
            let Some(e) = find(world, &creature) else {
                return;
            };
            spend(world, e, &creature, ActionKind::Maneuver);
            let (from, size) = (depth_of(world, e), size_of(world, e));
            set_depth(world, e, depth);
            outcome(
                world,
                rule::DIG,
                &creature,
                "Dig",
                &creature,
                None,
                format!(
                    "digs {} {} square{} (up to size {}): depth {from} → {}",
                    if depth > from { "down" } else { "up" },
                    depth.abs_diff(from),
                    if depth.abs_diff(from) == 1 { "" } else { "s" },
                    size.value(),
                    depth_words(depth, size)
                ),
            );
        }
        Command::PullUp { creature, target } => {
            let (Some(e), Some(t)) = (find(world, &creature), find(world, &target)) else {
                return;
            };
            spend(world, e, &creature, ActionKind::Maneuver);
            let (from, size) = (depth_of(world, t), size_of(world, t));
            set_depth(world, t, from - 1);
            outcome(
                world,
                rule::PULL_UP,
                &creature,
                "Pull Up",
                &target,
                None,
                format!(
                    "pulls {target} up 1 square: depth {from} → {}",
                    depth_words(from - 1, size)
                ),
            );
        }
        Command::ClawDirt {
            creature,
            to,
            depth,
        } => claw(world, &creature, to, depth),
        _ => {}
    }
}

/// Claw Dirt: 2d10 + Might. Tier 1 moves and leaves it slowed and weakened (EoT); tier 2 moves
/// only by spending this turn's main action, and leaves it slowed (EoT); tier 3 moves
/// (seed 002 L2635-2639).
fn claw(world: &mut World, creature: &str, to: Square, depth: u32) {
    let Some(e) = find(world, creature) else {
        return;
    };
    spend(world, e, creature, ActionKind::Maneuver);
    let banes = world
        .resource_mut::<Checked>()
        .take::<CheckedClaw>()
        .map(|c| c.0)
        .unwrap_or_default();
    let spec = PowerRollSpec {
        characteristic: world
            .get::<Characteristics>(e)
            .expect("characteristics")
            .might,
        banes,
        ..PowerRollSpec::default()
    };
    let dice = {
        let mut d = world.resource_mut::<Dice>();
        [d.d10(), d.d10()]
    };
    let roll = power_roll::resolve(&spec, dice, world.resource::<RulesOptions>());
    let tier = roll.tier;
    world.resource_mut::<EventLog>().push(
        rule::POWER_ROLL,
        Event::PowerRolled {
            creature: creature.into(),
            ability: "Claw Dirt".into(),
            target: creature.into(),
            roll,
        },
    );
    let main_left = world.get::<ActionBudget>(e).expect("budget").main > 0;
    let moves = tier != Tier::Two || main_left;
    if tier == Tier::Two && main_left {
        spend(world, e, creature, ActionKind::Main);
    }
    let (from_depth, size) = (depth_of(world, e), size_of(world, e));
    let from = world.get::<Position>(e).expect("position").0;
    let how = match tier {
        Tier::One => "moves 1 square; slowed and weakened (EoT)",
        Tier::Two if main_left => "spends its main action to move 1 square; slowed (EoT)",
        Tier::Two => "has no main action left to move with; slowed (EoT)",
        Tier::Three => "moves 1 square",
    };
    let text = if moves {
        format!(
            "{how}: {from} depth {from_depth} → {to} {}",
            depth_words(depth, size)
        )
    } else {
        how.to_owned()
    };
    outcome(
        world,
        rule::CLAW_DIRT,
        creature,
        "Claw Dirt",
        creature,
        Some(tier),
        text,
    );
    if moves {
        world.get_mut::<Position>(e).expect("position").0 = to;
        set_depth(world, e, depth);
        if to != from {
            let speed = world.get::<Speed>(e).expect("speed").0;
            world.resource_mut::<EventLog>().push(
                rule::CLAW_DIRT,
                Event::Moved {
                    creature: creature.into(),
                    from,
                    to,
                    path: vec![to],
                    cost: 1,
                    speed,
                },
            );
        }
    }
    let conditions: &[Condition] = match tier {
        Tier::One => &[Condition::Slowed, Condition::Weakened],
        Tier::Two => &[Condition::Slowed],
        Tier::Three => &[],
    };
    for &condition in conditions {
        let afflicted = Afflicted {
            condition,
            duration: Duration::EndOfTurn,
            source: creature.into(),
        };
        let label = afflicted.label();
        if let Some(mut c) = world.get_mut::<Conditions>(e) {
            c.impose(afflicted);
        }
        world.resource_mut::<EventLog>().push(
            condition.rule(),
            Event::ConditionGained {
                creature: creature.into(),
                condition: label,
            },
        );
    }
}

impl Ground {
    pub fn is_default(&self) -> bool {
        *self == Ground::default()
    }

    pub fn soil(&self, sq: Square) -> Soil {
        self.squares
            .iter()
            .find(|(s, _)| *s == sq)
            .map_or(self.soil, |&(_, soil)| soil)
    }

    /// Why a creature can't burrow through `sq`, if it can't: walls, objects and liquid are
    /// not ground, and stone only yields to a creature that burrows through stone.
    pub fn refuses(&self, map: &Map, sq: Square, through_stone: bool) -> Option<&'static str> {
        match map.terrain(sq) {
            None => Some("off the map"),
            Some(t @ (Terrain::Wall | Terrain::Object { .. } | Terrain::Water { .. })) => {
                Some(t.name())
            }
            Some(_) if self.soil(sq) == Soil::Stone && !through_stone => Some("stone"),
            Some(_) => None,
        }
    }

    pub fn burrowable(&self, map: &Map, sq: Square, through_stone: bool) -> bool {
        self.refuses(map, sq, through_stone).is_none()
    }
}
