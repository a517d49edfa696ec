//! Attacks in the order of the turn sequence (digest A14; seed 000 L297-359): A2 a check-box
//! power is spent, T0 ranged and area attacks provoke, T1 legal targets, B1 modifiers, B2 the
//! roll, B6 the hit's effects in card order with damage through the damage sequence (A15,
//! L361-379), B8 miss damage; opportunity attacks (A8) and the terrain's own damage.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::{Rule, RuleError};

use super::act::{active, carry, pay};
use super::event::step_text;
use super::{Applied, Event, Table};
use crate::area::{self, Corner, distance};
use crate::card::{Attack, Card, Shape};
use crate::damage::conditions::{Condition, Duration};
use crate::damage::packet::{Damage, DamageType, Packet, Source};
use crate::damage::sequence::{DamageRecord, damage_sequence};
use crate::movement::AttackIcon;
use crate::movement::board::adjacent;
use crate::movement::forced::{Defense, Force, Mover, force, resolve_pit_fall};
use crate::movement::mount::mount_removed;
use crate::movement::sight::{CONCEALMENT, Figure, combat_advantage, concealment, hit_stands};
use crate::movement::terrain::Terrain;
use crate::round::{Action, Player};
use crate::rule::{attack as rule, damage as damage_rule, movement as move_rule, victory as win};

/// Combat advantage's bonus (not in seed: +2 in DDM).
pub const COMBAT_ADVANTAGE: i32 = 2;
/// Cover's penalty to ranged and area attacks (not in seed: -2 in DDM).
pub const COVER: i32 = -2;
/// A charge's bonus (not in seed: +1 in DDM).
pub const CHARGE: i32 = 1;

/// One attack roll to resolve, B1-B8.
#[derive(Clone, Debug)]
pub(super) struct Strike {
    pub attacker: usize,
    pub target: usize,
    pub attack: Attack,
    pub charging: bool,
    /// Where an area attack comes from, for cover: the burst's centre (seed 000 L421); the
    /// attacker's space when none.
    pub from: Option<Footprint>,
}

/// A creature's basic melee attack, the first `[m]` on its card: what it makes opportunity
/// attacks and charges with.
pub fn basic_attack(card: &Card) -> Option<&Attack> {
    card.attacks.iter().find(|a| a.basic() && a.shape.is_none())
}

/// The attack called `name` on the active creature's card, if it may use it now (seed 000
/// L150-153, L168, L297-299, L447).
fn chosen(t: &Table, i: usize, name: &str) -> Result<Attack, RuleError> {
    let m = &t.s.minis[i];
    let Some(attack) = m.card.attacks.iter().find(|a| a.name == name) else {
        let names: Vec<&str> = m.card.attacks.iter().map(|a| a.name.as_str()).collect();
        return Err(RuleError::new(
            rule::LEGAL_TARGET,
            format!(
                "`{}` has no attack `{name}` (it has {})",
                m.id,
                names.join(", ")
            ),
        ));
    };
    let basic_only =
        m.is(Condition::Staggered) || m.is(Condition::Confused) || m.is(Condition::Dominated);
    if basic_only && !attack.basic() {
        let why = if m.is(Condition::Staggered) {
            "staggered"
        } else {
            "controlled by confusion or domination"
        };
        return Err(RuleError::new(
            rule::STAGGERED_BASIC,
            format!("it is {why}: its only attack is a basic melee attack"),
        ));
    }
    if attack.once && m.spent.contains(&attack.name) {
        return Err(RuleError::new(rule::SPENT, format!("`{name}` is used up")));
    }
    Ok(attack.clone())
}

/// A2: a check-box power is marked used now (seed 000 L297-299).
fn spend(t: &mut Table, i: usize, attack: &Attack) {
    if attack.once {
        t.s.minis[i].spent.push(attack.name.clone());
        let id = t.s.minis[i].id.clone();
        t.push(
            rule::SPENT,
            Event::PowerSpent {
                creature: id,
                power: attack.name.clone(),
            },
        );
    }
}

/// T0: ranged and area attacks draw the adjacent enemies' opportunity attacks first; whether
/// the attacker can still attack (seed 000 L139-143, L303-311).
fn provoke(t: &mut Table, i: usize, attack: &Attack) -> bool {
    if !attack.icon.provokes() || provoked_by_standing(t, i) {
        return true;
    }
    abort(t, i, "it can no longer attack");
    false
}

/// The attack ends at T0 (seed 000 L303-311).
fn abort(t: &mut Table, i: usize, why: &str) {
    let id = t.s.minis[i].id.clone();
    t.push(
        rule::ABORTED,
        Event::Stage {
            stage: "T0".into(),
            text: format!("{id} makes no attack: {why}"),
        },
    );
}

/// An attack action at one creature (seed 000 L313-317).
pub(super) fn attack(t: &mut Table, name: &str, target: &str) -> Result<(), RuleError> {
    let i = active(t)?.creature;
    let attack = chosen(t, i, name)?;
    if attack.shape.is_some() {
        return Err(RuleError::new(
            rule::RANGE,
            format!("`{name}` is an area attack: aim it at a square"),
        ));
    }
    let j = t.s.find(target)?;
    if !t.s.enemies(i, j) {
        return Err(RuleError::new(
            rule::LEGAL_TARGET,
            format!("`{target}` is no enemy"),
        ));
    }
    in_reach(t, i, j, &attack)?;
    pay(t, Action::Attack)?;
    spend(t, i, &attack);
    if !provoke(t, i, &attack) || t.s.minis[j].destroyed {
        return Ok(());
    }
    // T1 comes after T0: an opportunity attack that moved the attacker may have taken the
    // target out of its reach (seed 000 L309-317).
    if let Err(e) = in_reach(t, i, j, &attack) {
        abort(t, i, &e.reason);
        return Ok(());
    }
    let strike = Strike {
        attacker: i,
        target: j,
        attack,
        charging: false,
        from: None,
    };
    resolve(t, strike);
    Ok(())
}

/// T1: a melee attack reaches an adjacent creature; a ranged one a creature within range and
/// in line of sight (seed 000 L313-317).
fn in_reach(t: &Table, i: usize, j: usize, attack: &Attack) -> Result<(), RuleError> {
    let (a, b) = (t.s.minis[i].space, t.s.minis[j].space);
    let target = &t.s.minis[j].id;
    if attack.melee() {
        if adjacent(a, b) {
            return Ok(());
        }
        return Err(RuleError::new(
            rule::RANGE,
            format!("`{target}` is not adjacent"),
        ));
    }
    let d = distance(a, b, t.options.area);
    if d > attack.range {
        return Err(RuleError::new(
            rule::RANGE,
            format!(
                "`{target}` is {d} squares away; `{}` reaches {}",
                attack.name, attack.range
            ),
        ));
    }
    if !t.with_board(i, |board, _| board.line_of_sight(a, b)) {
        return Err(RuleError::new(
            rule::RANGE,
            format!("no line of sight to `{target}`"),
        ));
    }
    if attack.nearest {
        nearest_only(t, i, j)?;
    }
    Ok(())
}

/// A nearest attack's target must be an enemy in line of sight no other is nearer than; equally
/// near ones are the attacker's choice (seed 000 L313, L471; in d20 a die picks, DND-08).
fn nearest_only(t: &Table, i: usize, j: usize) -> Result<(), RuleError> {
    let me = t.s.minis[i].space;
    let seen: Vec<(u32, usize)> = t
        .s
        .standing()
        .filter(|&(k, m)| t.s.enemies(i, k) && t.with_board(i, |b, _| b.line_of_sight(me, m.space)))
        .map(|(k, m)| (distance(me, m.space, t.options.area), k))
        .collect();
    let nearest = seen.iter().map(|&(d, _)| d).min().unwrap_or(0);
    if seen.iter().any(|&(d, k)| k == j && d == nearest) {
        return Ok(());
    }
    let names: Vec<&str> = seen
        .iter()
        .filter(|&&(d, _)| d == nearest)
        .map(|&(_, k)| t.s.minis[k].id.as_str())
        .collect();
    Err(RuleError::new(
        rule::NEAREST,
        format!(
            "a nearest attack goes at the nearest enemy in sight, {nearest} squares away: {}",
            names.join(" or ")
        ),
    ))
}

/// The squares a burst or line covers, aimed at `at` (seed 000 L101-112, L421).
pub fn area_squares(
    t: &Table,
    i: usize,
    attack: &Attack,
    at: Square,
    from: Option<Corner>,
) -> Result<Vec<Square>, RuleError> {
    let user = t.s.minis[i].space;
    if !t.map.in_bounds(at) {
        return Err(RuleError::new(rule::RANGE, format!("{at} is off the map")));
    }
    match attack.shape {
        Some(Shape::Burst(x)) if attack.icon == AttackIcon::Close => {
            Ok(area::burst(t.map, user, x, t.options.area.diagonals))
        }
        Some(Shape::Burst(x)) => {
            let centre = Footprint {
                origin: at,
                side: 1,
            };
            let d = distance(user, centre, t.options.area);
            if d > attack.range {
                return Err(RuleError::new(
                    rule::RANGE,
                    format!(
                        "{at} is {d} squares away; `{}` reaches {}",
                        attack.name, attack.range
                    ),
                ));
            }
            if !t.with_board(i, |board, _| board.line_of_sight(user, centre)) {
                return Err(RuleError::new(
                    rule::RANGE,
                    format!("no line of sight to {at}"),
                ));
            }
            let mut squares = area::burst(t.map, centre, x, t.options.area.diagonals);
            if !t.map.is_solid(at) && !squares.contains(&at) {
                squares.push(at);
            }
            Ok(squares)
        }
        Some(Shape::Line(x)) => {
            let origin = line_origin(user, at, from)?;
            area::line(t.map, user, origin, at, x, t.options.area)
        }
        None => Err(RuleError::new(
            rule::RANGE,
            format!("`{}` is aimed at a creature, not a square", attack.name),
        )),
    }
}

/// The corner of the attacker's space a line at `at` starts from: `from` if the line may start
/// there, else the first that may (seed 000 L106-110; Part E 2).
pub fn line_origin(user: Footprint, at: Square, from: Option<Corner>) -> Result<Corner, RuleError> {
    let origins = area::line_origins(user, at);
    match from {
        Some(c) if origins.contains(&c) => Ok(c),
        Some(c) => Err(RuleError::new(
            crate::rule::area::LINE_ORIGIN,
            format!("a line at {at} cannot start at corner {c:?}; it may start at {origins:?}"),
        )),
        None => origins.first().copied().ok_or_else(|| {
            RuleError::new(
                crate::rule::area::LINE_ORIGIN,
                "a line cannot be aimed at its own attacker's space",
            )
        }),
    }
}

/// An area attack: every other creature in the area, each in turn, the order fixed before any
/// roll (seed 000 L317-325; burst L101-104, line L106-112).
pub(super) fn area(
    t: &mut Table,
    name: &str,
    at: Square,
    from: Option<Corner>,
) -> Result<(), RuleError> {
    let i = active(t)?.creature;
    let attack = chosen(t, i, name)?;
    let squares = area_squares(t, i, &attack, at, from)?;
    let creatures: Vec<(usize, Footprint)> = t.s.standing().map(|(j, m)| (j, m.space)).collect();
    let targets = area::affected(&squares, i, &creatures);
    let centre = match attack.shape {
        Some(Shape::Burst(_)) if attack.icon != AttackIcon::Close => Some(Footprint {
            origin: at,
            side: 1,
        }),
        _ => None,
    };
    pay(t, Action::Attack)?;
    spend(t, i, &attack);
    let names = targets.iter().map(|&j| t.s.minis[j].id.clone()).collect();
    let rule = match attack.shape {
        Some(Shape::Line(_)) => crate::rule::area::LINE_SQUARES,
        _ if t.s.minis[i].space.side > 1 => crate::rule::area::BURST_BIG,
        _ => crate::rule::area::BURST,
    };
    // A line as the errata draws it: from the origin corner to the far corner of the square
    // aimed at (seed 000 L108-110).
    let segment = match attack.shape {
        Some(Shape::Line(_)) => line_origin(t.s.minis[i].space, at, from)
            .ok()
            .map(|o| [o, area::end_point(o, at)]),
        _ => None,
    };
    t.push(
        rule,
        Event::AreaDrawn {
            attacker: t.s.minis[i].id.clone(),
            attack: attack.name.clone(),
            squares,
            targets: names,
            segment,
        },
    );
    let before = t.s.minis[i].space;
    if !provoke(t, i, &attack) {
        return Ok(());
    }
    // An opportunity attack that moved the attacker moves the area with it (T0 before T1).
    let targets = if t.s.minis[i].space == before {
        targets
    } else {
        match area_squares(t, i, &attack, at, from) {
            Ok(squares) => {
                let creatures: Vec<(usize, Footprint)> =
                    t.s.standing().map(|(j, m)| (j, m.space)).collect();
                area::affected(&squares, i, &creatures)
            }
            Err(e) => {
                abort(t, i, &e.reason);
                return Ok(());
            }
        }
    };
    for j in targets {
        if !t.s.minis[j].destroyed && !t.s.minis[i].destroyed {
            resolve(
                t,
                Strike {
                    attacker: i,
                    target: j,
                    attack: attack.clone(),
                    charging: false,
                    from: centre,
                },
            );
        }
    }
    Ok(())
}

/// B1: every modifier to the roll, each with its reason.
pub(super) fn modifiers(t: &Table, strike: &Strike) -> Vec<(Rule, Applied)> {
    let (i, j) = (strike.attacker, strike.target);
    let (a, b) = (&t.s.minis[i], &t.s.minis[j]);
    let mut out = Vec::new();
    let mut add = |rule: Rule, value: i32, reason: String| {
        if value != 0 {
            out.push((rule, Applied { value, reason }));
        }
    };
    let side = t.s.side_of(i);
    let allies: Vec<Footprint> =
        t.s.standing()
            .filter(|&(k, m)| k != i && t.s.side_of(k) == side && !m.incapacitated())
            .map(|(_, m)| m.space)
            .collect();
    let why = t.with_board(i, |board, _| {
        combat_advantage(
            board,
            &Figure::new(a.space),
            &Figure::new(b.space),
            &allies,
            false,
            t.options.movement.metric,
        )
    });
    let helpless = b.incapacitated();
    if let Some(why) = why {
        add(
            rule::COMBAT_ADVANTAGE,
            COMBAT_ADVANTAGE,
            format!("combat advantage: {}", advantage_word(why)),
        );
    } else if helpless {
        add(
            rule::COMBAT_ADVANTAGE,
            COMBAT_ADVANTAGE,
            "combat advantage: the target is stunned or helpless".into(),
        );
    }
    // The warband it fights for now: a creature the opponent controls is of its warband
    // (seed 000 L166, L447).
    let w = &t.s.warbands[side.index()];
    let champion = &t.s.minis[w.champion];
    if let Some(c) = champion
        .card
        .champion
        .as_ref()
        .and_then(|c| c.commander.as_ref())
    {
        let near = distance(champion.space, a.space, t.options.area) <= c.range;
        if w.champion != i && !champion.destroyed && near {
            add(
                rule::COMMANDER,
                c.attack,
                format!("{} ({})", c.name, champion.name),
            );
        }
    }
    for (name, power) in &w.boosts {
        if let crate::card::Boost::Attack(n) = power {
            add(rule::CHAMPION_POWER, *n, format!("{name} (champion power)"));
        }
    }
    if strike.charging {
        add(rule::CHARGE_BONUS, CHARGE, "charging".into());
    }
    let from = strike.from.unwrap_or(a.space);
    if !strike.attack.melee() && t.with_board(i, |board, _| board.ranged_cover(from, b.space)) {
        add(rule::COVER, COVER, "the target has cover".into());
    }
    let footing = t.with_board(i, |board, _| board.footing(a.space));
    let stench = a.card.has_keyword("Stench");
    add(
        move_rule::SEWAGE,
        footing.attack_modifier(a.card.has_keyword("Living"), stench),
        "sewage stench".into(),
    );
    out
}

/// Why an attacker has combat advantage, in a player's words.
fn advantage_word(why: Rule) -> &'static str {
    if why == move_rule::FLANKING {
        "flanking"
    } else if why == move_rule::SQUEEZE {
        "the target is squeezing"
    } else {
        "the target cannot see it"
    }
}

/// B1-B8 for one roll against one target.
pub(super) fn resolve(t: &mut Table, strike: Strike) {
    let (i, j) = (strike.attacker, strike.target);
    let mods = modifiers(t, &strike);
    let bonus: i32 = strike.attack.bonus + mods.iter().map(|(_, m)| m.value).sum::<i32>();
    let natural = t.dice.roll(20);
    let footing = t.with_board(i, |board, _| board.footing(t.s.minis[i].space));
    let crit_from = if strike.attack.melee() {
        footing.melee_critical_from()
    } else {
        20
    };
    let critical = natural >= crit_from;
    let total = natural as i32 + bonus;
    let defense = t.s.minis[j].card.defense;
    let hit = natural != 1 && (critical || total >= defense);
    let rule = if natural == 1 || natural == 20 {
        rule::NATURAL
    } else if critical {
        move_rule::BLOODROCK
    } else {
        rule::ROLL
    };
    t.push(
        rule,
        Event::AttackRolled {
            attacker: t.s.minis[i].id.clone(),
            target: t.s.minis[j].id.clone(),
            attack: strike.attack.name.clone(),
            natural,
            total,
            defense,
            modifiers: mods.into_iter().map(|(_, m)| m).collect(),
            hit,
            critical,
        },
    );
    // A hit lost to concealment is a miss: miss damage still applies (B8).
    let hit = hit && !concealed(t, i, j);
    if hit {
        on_hit(t, &strike, critical);
    } else if strike.attack.miss > 0 {
        let packet = Packet::new(
            Source::Miss,
            vec![Damage::new(strike.attack.miss, strike.attack.kind)],
        );
        deal(t, j, &packet);
    }
}

/// A hit on a creature the attacker cannot see (invisible to it, or in smoke it does not see
/// into) stands only on a d20 of 11 or more (seed 000 L186-190, L234-238; the check is not in
/// seed). Whether the hit was lost.
fn concealed(t: &mut Table, i: usize, j: usize) -> bool {
    let (a, b) = (
        Figure::new(t.s.minis[i].space),
        Figure::new(t.s.minis[j].space),
    );
    let concealment = t
        .with_board(i, |board, _| {
            concealment(board, &a, &b, &t.options.movement)
        })
        .unwrap_or(Some(CONCEALMENT));
    let Some(needed) = concealment else {
        return false;
    };
    let d20 = t.dice.roll(20);
    let stands = hit_stands(Some(needed), d20);
    t.push(
        move_rule::INVISIBLE,
        Event::ConcealmentRolled {
            attacker: t.s.minis[i].id.clone(),
            target: t.s.minis[j].id.clone(),
            d20,
            needed,
            stands,
        },
    );
    !stands
}

/// B6: damage, then the card's condition, ongoing damage and push, then a pit's follow-up
/// (seed 000 L351-353, L184) and a slippery push (L537).
fn on_hit(t: &mut Table, strike: &Strike, critical: bool) {
    let (i, j) = (strike.attacker, strike.target);
    let a = &strike.attack;
    let mut packet = Packet::new(
        Source::Hit { critical },
        vec![Damage::new(a.damage, a.kind)],
    );
    if a.ongoing > 0 {
        packet.ongoing.push(Damage::new(a.ongoing, a.kind));
    }
    let footing = t.with_board(i, |board, _| board.footing(t.s.minis[i].space));
    if a.melee() && footing.melee_damage_bonus() > 0 {
        packet
            .extra
            .push(Damage::untyped(footing.melee_damage_bonus()));
    }
    packet.attacker_enervated = t.s.minis[i].is(Condition::Enervated);
    let record = deal(t, j, &packet);
    if t.s.minis[j].destroyed {
        return;
    }
    let id = t.s.minis[j].id.clone();
    if let Some(condition) = a.condition {
        let immune = t.s.minis[j].card.defences.immune_conditions.clone();
        let laid = t.s.minis[j]
            .afflictions
            .afflict(condition, Duration::SaveEnds, &immune);
        t.push(
            laid.rule(),
            Event::ConditionLaid {
                creature: id.clone(),
                condition: format!("{laid:?}").to_lowercase(),
            },
        );
    }
    for &ongoing in record.ongoing() {
        t.s.minis[j].afflictions.add_ongoing_damage(ongoing);
        t.push(
            damage_rule::ONGOING,
            Event::ConditionLaid {
                creature: id.clone(),
                condition: format!("ongoing {} {:?} (save ends)", ongoing.amount, ongoing.kind)
                    .to_lowercase(),
            },
        );
    }
    if a.push > 0 {
        shove(t, strike, a.push);
        return;
    }
    // Slippery ground: a melee attack that damaged it may push it 1 square (seed 000 L537).
    let footing = t.with_board(j, |b, _| b.footing(t.s.minis[j].space));
    if a.melee() && record.taken() > 0 && footing.slippery_push() > 0 {
        shove(t, strike, footing.slippery_push());
    }
}

/// Push the target `squares` away from the attacker, each square farther (seed 000 L477); into
/// a pit it falls: the follow-up roll dazes on a hit and it is placed (L178-184).
fn shove(t: &mut Table, strike: &Strike, squares: u32) {
    let (i, j) = (strike.attacker, strike.target);
    let mover = t.s.minis[i].space;
    // A pushed rider leaves its mount (seed 000 L411-413): it is pushed from the square of the
    // mount's space nearest the pusher, as a creature of its own size, the mount in its way.
    // If no square takes it farther, it stays mounted.
    let before = (t.s.minis[j].riding, t.s.minis[j].space);
    if t.s.minis[j].riding.take().is_some() {
        let mount = t.s.minis[j].space;
        let origin = mount
            .squares()
            .min_by_key(|&sq| {
                (
                    distance(
                        mover,
                        Footprint {
                            origin: sq,
                            side: 1,
                        },
                        t.options.area,
                    ),
                    sq.y,
                    sq.x,
                )
            })
            .unwrap_or(mount.origin);
        t.s.minis[j].space = Footprint {
            origin,
            side: t.s.minis[j].card.size.side(),
        };
    }
    let mut path = Vec::new();
    let mut at = t.s.minis[j].space;
    for _ in 0..squares {
        let next = t.with_board(j, |board, _| {
            neighbours(at.origin)
                .map(|origin| Footprint { origin, ..at })
                .filter(|space| force(board, (mover, Force::Push), at, &[space.origin], 1).is_ok())
                .max_by_key(|space| {
                    (
                        distance(mover, *space, t.options.area),
                        -space.origin.y,
                        -space.origin.x,
                    )
                })
        });
        let Some(next) = next else { break };
        path.push(next.origin);
        at = next;
        if t.with_board(j, |board, _| {
            board.terrain(next.origin) == Some(Terrain::Pit)
        }) {
            break;
        }
    }
    let start = t.s.minis[j].space;
    let forced = t.with_board(j, |board, _| {
        force(board, (mover, Force::Push), start, &path, squares as usize)
    });
    let Some(forced) = forced.ok().filter(|_| !path.is_empty()) else {
        (t.s.minis[j].riding, t.s.minis[j].space) = before;
        return;
    };
    carry(t, j, forced.end);
    let id = t.s.minis[j].id.clone();
    t.push(
        move_rule::PUSH,
        Event::Pushed {
            creature: id.clone(),
            to: forced.end.origin,
        },
    );
    let by = Mover {
        bonus: strike.attack.bonus,
        defense: Defense::Ac,
    };
    if let Some(fall) = forced.pit_fall(by) {
        let d20 = t.dice.roll(20);
        let defense = t.s.minis[j].card.defense;
        // Among equally near legal positions the chooser's pick is not asked for: the first in
        // reading order stands for it, so a tie never leaves the creature in the pit.
        let landing = t.with_board(j, |board, _| {
            let pick = board
                .nearest_legal(fall.space, t.options.movement.metric)
                .first()
                .copied();
            resolve_pit_fall(board, &fall, (d20, defense), pick, &t.options.movement)
        });
        if let Ok(landing) = landing {
            carry(t, j, landing.placed);
            if landing.dazed {
                let immune = t.s.minis[j].card.defences.immune_conditions.clone();
                t.s.minis[j]
                    .afflictions
                    .afflict(Condition::Dazed, Duration::SaveEnds, &immune);
            }
            t.push(
                move_rule::PIT_FALL,
                Event::FellInPit {
                    creature: id,
                    d20,
                    dazed: landing.dazed,
                    placed: landing.placed.origin,
                },
            );
        }
    }
}

fn neighbours(sq: Square) -> impl Iterator<Item = Square> {
    (-1..=1)
        .flat_map(move |dy| (-1..=1).map(move |dx| Square::new(sq.x + dx, sq.y + dy)))
        .filter(move |&n| n != sq)
}

/// Run the damage sequence on creature `j` and log every step (seed 000 L361-379).
pub(super) fn deal(t: &mut Table, j: usize, packet: &Packet) -> DamageRecord {
    let order = t.options.reduction_order;
    let m = &mut t.s.minis[j];
    let record = damage_sequence(&mut m.hp, &m.card.defences, packet, order);
    log_damage(t, j, &record);
    record
}

/// Every step of a run of the damage sequence in the log, then D9's removal.
pub(super) fn log_damage(t: &mut Table, j: usize, record: &DamageRecord) {
    let id = t.s.minis[j].id.clone();
    for step in &record.steps {
        t.push(
            step.rule(),
            Event::DamageStep {
                creature: id.clone(),
                step: format!("D{}", step.stage()),
                text: step_text(step),
            },
        );
    }
    let hp = t.s.minis[j].hp;
    t.push(
        damage_rule::APPLY,
        Event::HitPoints {
            creature: id,
            taken: record.taken(),
            current: hp.current,
            start: hp.start,
        },
    );
    if record.destroyed() {
        destroyed(t, j);
    }
}

/// D9: off the map; the other warband scores its cost (not in seed), a rider left placed in its
/// mount's space (seed 000 L399).
fn destroyed(t: &mut Table, j: usize) {
    let m = &mut t.s.minis[j];
    m.destroyed = true;
    m.riding = None;
    let (owner, cost, id) = (m.owner, m.card.cost, m.id.clone());
    let scorer: Player = owner.other();
    let vp = &mut t.s.warbands[scorer.index()].victory_points;
    *vp = vp.saturating_add(cost);
    t.push(
        win::DESTROYED,
        Event::Destroyed {
            creature: id,
            scored_by: scorer,
            points: cost,
        },
    );
    let space = t.s.minis[j].space;
    let riders: Vec<usize> = (0..t.s.minis.len())
        .filter(|&k| t.s.minis[k].riding == Some(j))
        .collect();
    for k in riders {
        unseat(t, k, space, move_rule::MOUNT_REMOVED);
    }
}

/// Rider `k` leaves the mount whose space is `mount`, placed without moving (no opportunity
/// attack): in a legal square of that space, else the nearest legal one (seed 000 L399, L409-413).
pub(super) fn unseat(t: &mut Table, k: usize, mount: Footprint, why: Rule) {
    t.s.minis[k].riding = None;
    t.s.minis[k].space.side = t.s.minis[k].card.size.side();
    let spots = t.with_board(k, |board, _| {
        mount_removed(board, mount, &t.options.movement)
    });
    if let Some(&origin) = spots.first() {
        t.s.minis[k].space.origin = origin;
        let id = t.s.minis[k].id.clone();
        t.push(
            why,
            Event::Dismounted {
                rider: id,
                to: origin,
            },
        );
    }
}

/// An opportunity attack by `j` at `i`: once a turn for `j` (not in seed), with its basic melee
/// attack; whether `i` can go on (seed 000 L139-143, L395).
pub(super) fn opportunity(t: &mut Table, j: usize, i: usize) -> bool {
    let turn = t.s.turn().map_or(0, |t| t.number);
    let reactor = &t.s.minis[j];
    if reactor.destroyed || reactor.reacted == Some(turn) || reactor.incapacitated() {
        return true;
    }
    let Some(attack) = basic_attack(&reactor.card).cloned() else {
        return true;
    };
    let target = mounted_choice(t, i);
    t.s.minis[j].reacted = Some(turn);
    t.push(
        move_rule::OA_LEAVE,
        Event::OpportunityAttack {
            attacker: t.s.minis[j].id.clone(),
            target: t.s.minis[target].id.clone(),
        },
    );
    resolve(
        t,
        Strike {
            attacker: j,
            target,
            attack,
            charging: false,
            from: None,
        },
    );
    let m = &t.s.minis[i];
    !m.destroyed && !m.incapacitated()
}

/// A mounted pair moving together: the attacker picks the mount or the rider, here the one with
/// fewer hit points left (seed 000 L395; the choice is the attacking player's).
fn mounted_choice(t: &Table, i: usize) -> usize {
    let partner = (0..t.s.minis.len()).find(|&k| {
        !t.s.minis[k].destroyed
            && (t.s.minis[k].riding == Some(i) || t.s.minis[i].riding == Some(k))
    });
    match partner {
        Some(k) if t.s.minis[k].hp.current < t.s.minis[i].hp.current => k,
        _ => i,
    }
}

/// The enemies beside `i` attack it as it starts something that provokes; whether it can go on.
pub(super) fn provoked_by_standing(t: &mut Table, i: usize) -> bool {
    let (who, others) = t.s.occupants(i);
    let space = t.s.minis[i].space;
    for (k, o) in others.iter().enumerate() {
        if o.threatens() && adjacent(space, o.space) && !opportunity(t, who[k], i) {
            return false;
        }
    }
    true
}

/// Damage from terrain, not an attack: the sequence as an effect (seed 000 L539).
pub(super) fn terrain_damage(t: &mut Table, i: usize, amount: u32, why: Rule) {
    let id = t.s.minis[i].id.clone();
    t.push(
        why,
        Event::Stage {
            stage: "terrain".into(),
            text: format!("{id} takes {amount} damage from the ground"),
        },
    );
    let packet = Packet::new(
        Source::Effect,
        vec![Damage::new(amount, DamageType::Untyped)],
    );
    deal(t, i, &packet);
}

/// The end of a turn on dangerous terrain: a d20, 10 damage on 1-5 (seed 000 L527-531).
pub(super) fn dangerous_ground(t: &mut Table, i: usize) {
    let footing = t.with_board(i, |board, _| board.footing(t.s.minis[i].space));
    if !footing.0.contains(&Terrain::Dangerous) {
        return;
    }
    let d20 = t.dice.roll(20);
    let damage = footing.end_of_turn_damage(d20);
    let id = t.s.minis[i].id.clone();
    t.push(
        move_rule::DANGEROUS,
        Event::DangerousTerrain {
            creature: id,
            d20,
            damage,
        },
    );
    if damage > 0 {
        let packet = Packet::new(Source::Effect, vec![Damage::untyped(damage)]);
        deal(t, i, &packet);
    }
}
