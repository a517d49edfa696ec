//! One attack from start to end: the weapon that reaches, the line of modifiers both tables
//! give (seed 001 L166-197), cover (L201-213), concealment (L220-230) and flanking (L232-242),
//! the roll, the miss chance, the damage and what it does to the target.

use bevy_ecs::prelude::*;
use steelgrid_kernel::dice::Dice;
use steelgrid_kernel::grid::{Footprint, Map, Square};
use steelgrid_kernel::rule::RuleError;

use super::{BattleLog, Block, Charged, Event, Squeezing, Turn, bodies, body};
use crate::attack::concealment::{self, Concealment, Sight};
use crate::attack::condition::{Condition, Conditions};
use crate::attack::cover::{self, Cover};
use crate::attack::flanking::{Flanker, flanks};
use crate::attack::modifiers::{self, AttackKind, Attacker, Defender, Modifier};
use crate::attack::roll::{AttackLine, Roll};
use crate::injury::{HitPoints, Injury, Lethality, massive_damage_save_needed};
use crate::measure;
use crate::options::{D20Options, MissChanceRoller};
use crate::rule;
use crate::size::Reach;
use crate::stats::{Delivery, Dice as DiceExpr, Stats, Weapon};
use crate::terrain::Features;

/// What reaches with a melee weapon from a space: natural reach, or a reach weapon's ring
/// (seed 001 L161-162).
pub fn melee_reach(stats: &Stats, weapon: &Weapon) -> Option<Reach> {
    match weapon.delivery {
        Delivery::Melee {
            reach_weapon: false,
        } => Some(Reach::natural(stats.size, stats.build)),
        Delivery::Melee { reach_weapon: true } => Some(Reach::weapon(stats.size, stats.build)),
        Delivery::Ranged { .. } => None,
    }
}

/// Whether `weapon` reaches `target` from `space`: a melee weapon's reach, or into its own
/// square for a creature of reach 0 (seed 001 L158); a ranged one's range with a line of
/// effect (seed 001 L212).
fn reaches(
    world: &World,
    stats: &Stats,
    weapon: &Weapon,
    space: Footprint,
    target: Footprint,
) -> bool {
    match (weapon.delivery, melee_reach(stats, weapon)) {
        (_, Some(reach)) => {
            space.overlaps(target)
                || (target.squares().any(|sq| reach.threatens(space, sq))
                    && world.resource::<Map>().line_of_effect(space, target))
        }
        (Delivery::Ranged { range }, None) => {
            measure::between(space, target) <= range
                && world.resource::<Map>().line_of_effect(space, target)
        }
        _ => false,
    }
}

/// The weapon named, or the first that reaches the target.
pub fn choose_weapon(
    world: &World,
    who: Entity,
    target: Entity,
    named: Option<&str>,
) -> Result<usize, RuleError> {
    let (me, t) = (body(world, who), body(world, target));
    let weapons = &me.stats.attacks;
    let pick = match named {
        Some(n) => weapons.iter().position(|w| w.name == n).ok_or_else(|| {
            let known: Vec<_> = weapons.iter().map(|w| w.name.as_str()).collect();
            RuleError::new(
                rule::ATTACK_ROLL,
                format!(
                    "{} has no attack `{n}` (it has {})",
                    me.id,
                    known.join(", ")
                ),
            )
        })?,
        None => weapons
            .iter()
            .position(|w| reaches(world, me.stats, w, me.space, t.space))
            .ok_or_else(|| out_of_reach(me.id, t.id))?,
    };
    if !reaches(world, me.stats, &weapons[pick], me.space, t.space) {
        if !world.resource::<Map>().line_of_effect(me.space, t.space) {
            return Err(RuleError::new(
                rule::COVER,
                format!(
                    "{} has total cover from {}: no line reaches it (seed 001 L212)",
                    t.id, me.id
                ),
            ));
        }
        return Err(out_of_reach(me.id, t.id));
    }
    let prone = world
        .get::<Conditions>(who)
        .is_some_and(|c| c.has(Condition::Prone));
    if prone && melee_reach(me.stats, &weapons[pick]).is_none() {
        return Err(RuleError::new(
            rule::ATTACK_MODIFIERS,
            format!(
                "{} is prone, and most ranged weapons can't be used prone (seed 001 L178)",
                me.id
            ),
        ));
    }
    Ok(pick)
}

fn out_of_reach(me: &str, target: &str) -> RuleError {
    RuleError::new(
        rule::SIZE,
        format!("{target} is out of {me}'s reach and range, or out of its line of effect"),
    )
}

/// The full attack: the attacks its stat block lists for one (a troll's claw, claw and bite),
/// those that reach the target, in order (not in seed). A creature that lists none has no full
/// attack: one blow a round, its standard action's.
pub fn every_weapon_reaching(
    world: &World,
    who: Entity,
    target: Entity,
) -> Result<Vec<usize>, RuleError> {
    let (me, t) = (body(world, who), body(world, target));
    if me.stats.full_attack.len() < 2 {
        return Err(RuleError::new(
            rule::ACTIONS,
            format!("{} makes one attack a round: it has no full attack", me.id),
        ));
    }
    let all: Vec<usize> = me
        .stats
        .full_attack
        .iter()
        .filter_map(|name| me.stats.attacks.iter().position(|w| &w.name == name))
        .filter(|&i| reaches(world, me.stats, &me.stats.attacks[i], me.space, t.space))
        .collect();
    if all.is_empty() {
        return Err(out_of_reach(me.id, t.id));
    }
    Ok(all)
}

/// A melee weapon that would reach `target` with the attacker standing at `origin`.
pub fn melee_from(world: &World, who: Entity, target: Entity, origin: Square) -> Option<usize> {
    let (me, t) = (body(world, who), body(world, target));
    let space = Footprint {
        origin,
        side: me.space.side,
    };
    me.stats.attacks.iter().position(|w| {
        melee_reach(me.stats, w).is_some() && reaches(world, me.stats, w, space, t.space)
    })
}

/// A burst's centre: within range and in line of effect (seed 001 L212).
pub fn check_burst_point(
    world: &World,
    who: Entity,
    at: Square,
    range: i32,
) -> Result<(), RuleError> {
    let map = world.resource::<Map>();
    let me = body(world, who);
    let point = Footprint {
        origin: at,
        side: 1,
    };
    if !map.in_bounds(at) {
        return Err(RuleError::new(
            rule::ACTIONS,
            format!("{at} is off the map"),
        ));
    }
    if measure::between(me.space, point) > range {
        return Err(RuleError::new(
            rule::DIAGONAL,
            format!(
                "{at} is {} squares away, past the spell's {range}",
                measure::between(me.space, point)
            ),
        ));
    }
    if !map.line_of_effect(me.space, point) {
        return Err(RuleError::new(
            rule::COVER,
            format!("no line of effect reaches {at}"),
        ));
    }
    Ok(())
}

/// What `looker` sees of `seen`: an invisible creature, or anything to a blinded one, has
/// total concealment (seed 001 L227, L229).
pub fn sight(world: &World, looker: Entity, seen: Entity) -> Sight {
    let has = |e: Entity, c: Condition| world.get::<Conditions>(e).is_some_and(|k| k.has(c));
    Sight {
        target_invisible: has(seen, Condition::Invisible),
        blinded: has(looker, Condition::Blinded),
    }
}

/// The cover test's view of the battle, with `creatures` standing in the way.
pub fn board<'w>(world: &'w World, creatures: &'w [Footprint]) -> cover::Board<'w> {
    let options = world.resource::<D20Options>();
    cover::Board {
        map: world.resource::<Map>(),
        features: world.resource::<Features>(),
        creatures,
        touching: options.touching_line,
        partial: options.partial_cover,
    }
}

/// Against a foe with total concealment the attacker names the square it guesses (seed 001
/// L227-228): refused without one; true when the guess is one of the foe's squares, false when
/// the blow goes into an empty square.
pub fn guess(
    world: &World,
    who: Entity,
    target: Entity,
    at: Option<Square>,
) -> Result<bool, RuleError> {
    if !sight(world, who, target).total() {
        return Ok(true);
    }
    let t = body(world, target);
    match at {
        None => Err(RuleError::new(
            rule::CONCEALMENT,
            format!(
                "{} has total concealment: name the square you guess (`at`)",
                t.id
            ),
        )),
        Some(sq) => Ok(t.space.contains(sq)),
    }
}

/// Everything between an attacker and its target for one weapon: the roll's line, cover and
/// concealment, and whether it flanks.
pub struct Odds {
    pub line: AttackLine,
    pub cover: Cover,
    pub concealment: Concealment,
    pub flanking: bool,
}

/// The modifiers of both tables, cover and concealment for `who` attacking `target` with its
/// weapon `w` (seed 001 L164-242). `charging` adds the charge's +2 (not in seed); `nonlethal`
/// asks for the other kind of damage than the weapon deals, at -4 (seed 001 L64-65).
pub fn line(
    world: &World,
    who: Entity,
    target: Entity,
    w: usize,
    charging: bool,
    nonlethal: Option<bool>,
) -> Odds {
    let (me, t) = (body(world, who), body(world, target));
    let weapon = &me.stats.attacks[w];
    let melee = melee_reach(me.stats, weapon).is_some();
    let kind = if melee {
        AttackKind::Melee
    } else {
        AttackKind::Ranged
    };
    let map = world.resource::<Map>();
    let options = world.resource::<D20Options>();
    let flanking = melee && flanked(world, who, target);
    let none = Conditions::default();
    let mine = world.get::<Conditions>(who).unwrap_or(&none);
    let theirs = world.get::<Conditions>(target).unwrap_or(&none);
    let attacker = Attacker {
        flanking,
        against_its_weapon: nonlethal.is_some_and(|n| n != weapon.nonlethal),
        on_higher_ground: map.ground_under(me.space) > map.ground_under(t.space),
        squeezing: world.get::<Squeezing>(who).is_some(),
        ..mine.attacker()
    };
    let defender = Defender {
        helpless: t.injury.is_helpless(),
        squeezing: world.get::<Squeezing>(target).is_some(),
        ..theirs.defender(t.stats.dex_bonus())
    };
    let sight = sight(world, who, target);
    let adjacent = measure::between(me.space, t.space) <= 1;
    let others: Vec<Footprint> = bodies(world)
        .iter()
        .filter(|b| b.entity != who && b.entity != target && b.injury != Injury::Dead)
        .map(|b| b.space)
        .collect();
    let board = board(world, &others);
    let cover = if melee && adjacent {
        cover::against_melee(board, me.space, t.space)
    } else {
        let c = cover::against_ranged(board, me.space, t.space);
        if melee && c == Cover::Soft {
            Cover::None
        } else {
            c
        }
    };
    let concealment = concealment::of(map, me.space, t.space, melee && adjacent, sight);
    let mut to_hit = modifiers::to_hit(&attacker, kind);
    if charging {
        to_hit.push(Modifier::new(rule::ACTIONS, 2, "charging (not in seed)"));
    }
    let mut to_ac = modifiers::to_ac(&defender, kind, attacker.invisible, options.helpless_ac);
    if cover.ac_bonus() > 0 {
        to_ac.push(Modifier::new(
            rule::COVER,
            cover.ac_bonus(),
            match cover {
                Cover::Soft => "soft cover",
                Cover::Partial => "partial cover",
                _ => "cover",
            },
        ));
    }
    if world.get::<Charged>(target).is_some() {
        to_ac.push(Modifier::new(rule::ACTIONS, -2, "charged (not in seed)"));
    }
    let line = AttackLine {
        bonus: weapon.bonus,
        to_hit,
        armour_class: if weapon.touch {
            t.stats.touch_ac
        } else {
            t.stats.armour_class
        },
        to_ac,
        miss_chance: concealment.miss_chance(),
    };
    Odds {
        line,
        cover,
        concealment,
        flanking,
    }
}

/// Whether an ally of `who` flanks `target` with it (seed 001 L234-238).
fn flanked(world: &World, who: Entity, target: Entity) -> bool {
    let t = body(world, target);
    let flanker = |e: Entity| {
        let b = body(world, e);
        b.stats
            .attacks
            .iter()
            .filter_map(|w| melee_reach(b.stats, w))
            .map(|reach| Flanker {
                space: b.space,
                reach,
            })
            .collect::<Vec<_>>()
    };
    let me = body(world, who);
    let mine = flanker(who);
    let map = world.resource::<Map>();
    bodies(world)
        .iter()
        .filter(|b| b.side == me.side && b.entity != who && b.injury.can_act())
        .filter(|b| map.line_of_effect(b.space, t.space))
        .any(|ally| {
            flanker(ally.entity)
                .iter()
                .any(|f| mine.iter().any(|m| flanks(m, f, t.space)))
        })
}

/// How an attack is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blow {
    Normal,
    Charge,
    /// An attack of opportunity.
    Opportunity,
    /// The coup de grace: it hits and is a critical (seed 001 L249).
    CoupDeGrace,
}

/// Make one attack and deal its damage. Returns the damage dealt.
pub fn strike(
    world: &mut World,
    who: Entity,
    target: Entity,
    w: usize,
    blow: Blow,
    nonlethal: Option<bool>,
) -> i32 {
    let odds = line(world, who, target, w, blow == Blow::Charge, nonlethal);
    let weapon = world.get::<Block>(who).expect("stat block").0.attacks[w].clone();
    let roll = if blow == Blow::CoupDeGrace {
        Roll::Critical
    } else {
        let natural = roll(world, 20);
        let confirm = roll(world, 20);
        let result = odds.line.resolve(natural, weapon.critical, || confirm);
        log_roll(
            world,
            who,
            target,
            &weapon.name,
            natural,
            &odds.line,
            result,
        );
        result
    };
    if roll == Roll::Miss || missed_by_concealment(world, who, target, odds.line.miss_chance) {
        return 0;
    }
    let multiplier = if roll == Roll::Critical {
        weapon.critical.multiplier
    } else {
        1
    };
    let mut amount: i32 = (0..multiplier)
        .map(|_| roll_dice(world, weapon.damage))
        .sum();
    let sneak = body(world, who).stats.sneak_attack;
    if sneak > 0 && (odds.flanking || body(world, target).injury.is_helpless()) {
        let extra = roll_dice(
            world,
            DiceExpr {
                count: sneak,
                sides: 6,
                bonus: 0,
            },
        );
        amount += extra;
        let (attacker, victim) = (
            body(world, who).id.to_owned(),
            body(world, target).id.to_owned(),
        );
        world.resource_mut::<BattleLog>().push(
            rule::SNEAK_ATTACK,
            Event::SneakAttack {
                attacker,
                target: victim,
                dice: sneak,
                amount: extra,
            },
        );
    }
    let lethality = if nonlethal.unwrap_or(weapon.nonlethal) {
        Lethality::Nonlethal
    } else {
        Lethality::Lethal
    };
    deal(world, target, amount.max(1), lethality, true);
    amount.max(1)
}

/// The d% of concealment (seed 001 L225-227), rolled by the defender unless the option says
/// the attacker (AMB-26).
fn missed_by_concealment(world: &mut World, who: Entity, target: Entity, chance: u32) -> bool {
    if chance == 0 {
        return false;
    }
    let rolled = roll(world, 100);
    let missed = rolled <= chance;
    let roller = match world.resource::<D20Options>().miss_chance_roller {
        MissChanceRoller::Defender => target,
        MissChanceRoller::Attacker => who,
    };
    let rolled_by = body(world, roller).id.to_owned();
    let target = body(world, target).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        rule::CONCEALMENT,
        Event::MissChance {
            target,
            rolled_by,
            chance,
            rolled,
            missed,
        },
    );
    missed
}

fn log_roll(
    world: &mut World,
    who: Entity,
    target: Entity,
    weapon: &str,
    natural: u32,
    line: &AttackLine,
    roll: Roll,
) {
    let applied = |m: &[Modifier]| {
        m.iter()
            .map(|m| super::Applied {
                value: m.value,
                reason: m.reason.clone(),
            })
            .collect()
    };
    let event = Event::AttackRolled {
        attacker: body(world, who).id.to_owned(),
        target: body(world, target).id.to_owned(),
        weapon: weapon.to_owned(),
        natural,
        total: natural as i32 + line.total_bonus(),
        armour_class: line.target_ac(),
        to_hit: applied(&line.to_hit),
        to_ac: applied(&line.to_ac),
        roll,
    };
    let rule = if roll == Roll::Critical {
        rule::CRITICAL
    } else {
        rule::ATTACK_ROLL
    };
    world.resource_mut::<BattleLog>().push(rule, event);
}

/// Roll one die.
pub fn roll(world: &mut World, sides: u32) -> u32 {
    world.resource_mut::<Dice>().roll(sides)
}

pub fn roll_dice(world: &mut World, d: DiceExpr) -> i32 {
    (0..d.count)
        .map(|_| roll(world, d.sides) as i32)
        .sum::<i32>()
        + d.bonus
}

/// Deal damage to a creature and log what it did (seed 001 L9-14, L56, L62-69); `one_attack`
/// is a single attack's damage, which alone may call for a massive damage save.
pub fn deal(
    world: &mut World,
    target: Entity,
    amount: i32,
    lethality: Lethality,
    one_attack: bool,
) {
    let options = *world.resource::<D20Options>();
    let stats = world.get::<Block>(target).expect("stat block").0.clone();
    let mut hp = *world.get::<HitPoints>(target).expect("hit points");
    let taken = hp.take_damage(
        amount,
        lethality,
        stats.regenerates,
        stats.constitution,
        options.edition,
    );
    world.entity_mut(target).insert(hp);
    let id = body(world, target).id.to_owned();
    world.resource_mut::<BattleLog>().push(
        taken.rule(),
        Event::Damaged {
            creature: id.clone(),
            amount,
            nonlethal: lethality == Lethality::Nonlethal,
            temporary_lost: taken.temporary_lost,
            hit_points: hp.current,
            nonlethal_total: hp.nonlethal,
        },
    );
    log_injury(world, target, taken.before, taken.after);
    let survived = taken.after != Injury::Dead;
    if let Some(dc) = one_attack
        .then(|| {
            massive_damage_save_needed(
                taken.lethal_damage(),
                survived,
                hp.max,
                options.edition,
                options.massive_damage,
            )
        })
        .flatten()
    {
        let natural = roll(world, 20);
        let total = natural as i32 + stats.fortitude;
        let success = total >= dc as i32;
        world.resource_mut::<BattleLog>().push(
            rule::MASSIVE_DAMAGE,
            Event::SaveRolled {
                creature: id,
                against: "massive damage".into(),
                natural,
                total,
                dc: dc as i32,
                success,
            },
        );
        if !success {
            let mut hp = *world.get::<HitPoints>(target).expect("hit points");
            hp.slay();
            world.entity_mut(target).insert(hp);
            log_injury(world, target, taken.after, Injury::Dead);
        }
    }
}

/// Log a change of injury state under its rule.
pub fn log_injury(world: &mut World, who: Entity, from: Injury, to: Injury) {
    if from != to {
        let creature = body(world, who).id.to_owned();
        world
            .resource_mut::<BattleLog>()
            .push(to.rule(), Event::InjuryChanged { creature, from, to });
    }
}

/// The round now.
pub fn round(world: &World) -> u32 {
    world.resource::<Turn>().round
}
