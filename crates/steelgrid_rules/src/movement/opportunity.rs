//! Opportunity attacks: a creature whose adjacent enemy willingly moves, without shifting, to a
//! square not adjacent to it may make a melee free strike against it before it leaves
//! (seed 002 L2968-2972; digest §30.1, A-11, A-12, A-25). The trigger is adjacency, not reach:
//! a Director creature whose signature ability lets its melee free strike reach farther
//! (seed 002 L4150) gets no opportunity attack on an enemy leaving from 2 squares away.
//!
//! Also the edges and banes every free strike shares, so that an opportunity attack is refused
//! exactly when its strike would have a bane.

use crate::condition::Condition;
use crate::creature::{CreatureRef, Vitality};
use crate::grid::{Footprint, Map};
use crate::power_roll::{Modifier, NetEdge};
use crate::rule::{self, Rule};

/// Edges and banes on an ability roll by `attacker` against `target` from the situation, each
/// with the rule it comes from: a surprised target (seed 002 L2498-2500), prone attacker and
/// target (L1755), an unconscious target (L3092), a defending target that has no one taunted
/// (L2946-2948), Aid Attack (L2843), high ground (L2732-2736),
/// flanking (L3002-3008), cover (L3010-3012; for damage-dealing rolls only, which the callers
/// sort out), conditions (L1737-1775), a ranged strike with an enemy adjacent (L1436) and
/// melee against the creature the attacker rides or climbs (L2660).
/// `others` is everyone but the attacker.
pub fn strike_modifiers(
    map: &Map,
    attacker: &CreatureRef,
    target: &CreatureRef,
    others: &[CreatureRef],
    ranged: bool,
) -> (Vec<Modifier>, Vec<Modifier>) {
    let mut edges = Vec::new();
    let mut banes = Vec::new();
    let add = |list: &mut Vec<Modifier>, rule: Rule, note: String| {
        list.push(Modifier {
            rule: rule.id.into(),
            note,
        })
    };
    if target.surprised {
        add(
            &mut edges,
            rule::SURPRISE_EDGE,
            format!("{} is surprised", target.id),
        );
    }
    // seed 002 L3092: ability rolls against an unconscious creature have a double edge.
    if target.vitality == Vitality::Unconscious {
        for _ in 0..2 {
            add(
                &mut edges,
                rule::KNOCKED_OUT,
                format!("{} is unconscious", target.id),
            );
        }
    }
    if target.prone && !ranged {
        add(
            &mut edges,
            rule::PRONE,
            format!("melee against prone {}", target.id),
        );
    }
    // seed 002 L2948: no benefit from Defend while it has another creature taunted.
    let taunting = std::iter::once(attacker).chain(others).any(|c| {
        c.id != target.id && c.conditions.source_of(Condition::Taunted) == Some(&target.id)
    });
    if target.defending && !taunting {
        for _ in 0..2 {
            add(
                &mut banes,
                rule::DEFEND,
                format!("{} is defending", target.id),
            );
        }
    }
    if let Some(holder) = attacker.grabbed_by.as_ref().filter(|h| **h != target.id) {
        add(
            &mut banes,
            rule::GRABBED,
            format!("{} is grabbed by {holder}", attacker.id),
        );
    }
    if let Some(aider) = target.aided_by.iter().find(|a| {
        **a != attacker.id
            && others
                .iter()
                .any(|o| &o.id == *a && o.side == attacker.side)
    }) {
        add(
            &mut edges,
            rule::AID_ATTACK,
            format!("{aider} aided this attack on {}", target.id),
        );
    }
    if attacker.prone {
        add(&mut banes, rule::PRONE, format!("{} is prone", attacker.id));
    }
    // seed 002 L2660: riding or climbing a creature gives an edge on melee against it.
    if !ranged && attacker.on.as_deref() == Some(target.id.as_str()) {
        add(
            &mut edges,
            rule::CLIMB_EDGE,
            format!("{} is on {}", attacker.id, target.id),
        );
    }
    // A flier is not standing on the ground (digest A-39).
    // seed 002 L2622: no high ground against a creature fully underground.
    if attacker.altitude == 0
        && attacker.z >= target.z + target.size.side()
        && !crate::movement::burrow::denies_high_ground(target)
    {
        add(
            &mut edges,
            rule::HIGH_GROUND,
            format!(
                "{} stands at height {}, above {} (top at {})",
                attacker.id,
                attacker.z,
                target.id,
                target.z + target.size.side()
            ),
        );
    }
    if !ranged && let Some(ally) = others.iter().find(|a| flanks(map, attacker, a, target)) {
        add(
            &mut edges,
            rule::FLANKING,
            format!("flanking {} with {}", target.id, ally.id),
        );
    }
    condition_modifiers(map, attacker, target, others, &mut edges, &mut banes);
    if crate::movement::underwater::rolls_with_bane(map, attacker) {
        add(
            &mut banes,
            rule::UNDERWATER,
            format!("{} is underwater without a swim speed", attacker.id),
        );
    }
    if attacker
        .hidden
        .as_ref()
        .is_some_and(|h| h.edge_against(&target.id))
    {
        add(
            &mut edges,
            rule::HIDE,
            format!("{} is hidden from {}", attacker.id, target.id),
        );
    }
    if target.concealed(map) {
        add(
            &mut banes,
            rule::CONCEALMENT,
            format!("{} has concealment", target.id),
        );
    }
    if map.cover(attacker.footprint, target.footprint) {
        add(
            &mut banes,
            rule::COVER,
            format!("{} has cover from {}", target.id, attacker.id),
        );
    } else if let Some(note) = crate::movement::burrow::cover_note(attacker, target) {
        // seed 002 L2616, L2620: a burrower in the ground has cover.
        add(&mut banes, rule::COVER, note);
    }
    let enemy_adjacent = others
        .iter()
        .any(|o| o.side != attacker.side && o.vitality.can_act() && o.is_adjacent(attacker));
    if ranged && enemy_adjacent {
        add(
            &mut banes,
            rule::RANGED_ADJACENT_BANE,
            "an enemy is adjacent to the shooter".into(),
        );
    }
    (edges, banes)
}

/// Whether `attacker` and `ally` flank `target`: both adjacent to it, both able to take
/// triggered actions and with line of effect to it, and the line between the centres of their
/// spaces entering and leaving its space through opposite sides or opposite corners (seed 002
/// L3002-3008; digest §30.2, A-25).
pub fn flanks(map: &Map, attacker: &CreatureRef, ally: &CreatureRef, target: &CreatureRef) -> bool {
    if ally.id == attacker.id || ally.id == target.id || ally.side != attacker.side {
        return false;
    }
    // seed 002 L3006-3008: gaining or granting a flank both need triggered actions and line of
    // effect; seed 002 L1735: a dazed creature takes no triggered actions.
    let eligible = |c: &CreatureRef| {
        c.vitality.can_act()
            && !c.surprised
            && !c.conditions.has(Condition::Dazed)
            && c.is_adjacent(target)
            && map.line_of_effect_at(c.placed(), target.placed())
            && crate::movement::burrow::check_reach(c, target).is_ok()
    };
    if !eligible(attacker) || !eligible(ally) {
        return false;
    }
    steelgrid_kernel::grid::flanked_by(attacker.footprint, ally.footprint, target.footprint)
}

/// Who may make an opportunity attack against `mover` stepping from `from` to `to`: living
/// enemies able to take triggered actions (not surprised or unconscious), adjacent to `from`
/// but not to `to`, whose melee free strike against it would not have a bane. In scenario order.
pub fn provoked(
    map: &Map,
    mover: &CreatureRef,
    from: (Footprint, i32),
    to: (Footprint, i32),
    others: &[CreatureRef],
) -> Vec<String> {
    provoked_by(mover, from, to, others, |_, striker, at_start| {
        strikes_without_bane(map, striker, at_start, others)
    })
}

/// [`provoked`], with the bane test asked of `unbaned(enemy's place in others, enemy, mover
/// where it starts)`, so that a search over many steps can keep its answers.
pub fn provoked_by(
    mover: &CreatureRef,
    from: (Footprint, i32),
    to: (Footprint, i32),
    others: &[CreatureRef],
    mut unbaned: impl FnMut(usize, &CreatureRef, &CreatureRef) -> bool,
) -> Vec<String> {
    let gap =
        |c: &CreatureRef, (footprint, z): (Footprint, i32)| c.gap_to(footprint, z, mover.size);
    let mut leaving = others
        .iter()
        .enumerate()
        // seed 002 L1735: a dazed creature takes no triggered actions.
        .filter(|(_, c)| c.side != mover.side && c.vitality.can_act() && !c.surprised)
        .filter(|(_, c)| !c.conditions.has(Condition::Dazed))
        // seed 002 L1745: the creature it holds moves along with it, so never falls behind.
        .filter(|(_, c)| c.grabbed_by.as_deref() != Some(mover.id.as_str()))
        .filter(|(_, c)| gap(c, from) == 1 && gap(c, to) > 1)
        .peekable();
    // Most steps leave no one's reach: the mover is only copied to where it starts when one does.
    if leaving.peek().is_none() {
        return Vec::new();
    }
    let at_start = CreatureRef {
        footprint: from.0,
        z: from.1,
        ..mover.clone()
    };
    leaving
        // seed 002 L2616-2620: no strike without line of effect through the ground.
        .filter(|(_, c)| crate::movement::burrow::check_reach(c, &at_start).is_ok())
        .filter(|(i, c)| unbaned(*i, c, &at_start))
        .map(|(_, c)| c.id.clone())
        .collect()
}

/// Whether `striker`'s melee free strike against `target` would go without a net bane
/// (an opportunity attack is refused when it would have one); `others` is everyone but
/// `target`, `striker` among them.
pub fn strikes_without_bane(
    map: &Map,
    striker: &CreatureRef,
    target: &CreatureRef,
    others: &[CreatureRef],
) -> bool {
    let everyone_else: Vec<CreatureRef> = others
        .iter()
        .filter(|o| o.id != striker.id)
        .cloned()
        .chain(std::iter::once(target.clone()))
        .collect();
    let (edges, banes) = strike_modifiers(map, striker, target, &everyone_else, false);
    !NetEdge::combine(edges.len(), banes.len()).is_bane()
}

/// Banes a roller's own conditions put on every power roll it makes, whatever the target:
/// weakened (seed 002 L1775) and restrained (L1763).
pub fn roller_banes(roller: &CreatureRef) -> Vec<Modifier> {
    [
        (Condition::Weakened, rule::WEAKENED, "weakened"),
        (Condition::Restrained, rule::RESTRAINED, "restrained"),
    ]
    .into_iter()
    .filter(|(c, ..)| roller.conditions.has(*c))
    .map(|(_, rule, word)| Modifier {
        rule: rule.id.into(),
        note: format!("{} is {word}", roller.id),
    })
    .collect()
}

/// Edges and banes from conditions (seed 002 L1737-1775): a weakened or restrained roller has a
/// bane; a restrained target gives an edge; frightened gives its source an edge and the
/// frightened creature a bane against it; a taunted roller that can see its taunter has a
/// double bane against anyone else.
fn condition_modifiers(
    map: &Map,
    attacker: &CreatureRef,
    target: &CreatureRef,
    others: &[CreatureRef],
    edges: &mut Vec<Modifier>,
    banes: &mut Vec<Modifier>,
) {
    let note = |rule: Rule, note: String| Modifier {
        rule: rule.id.into(),
        note,
    };
    let mine = &attacker.conditions;
    banes.extend(roller_banes(attacker));
    if target.conditions.has(Condition::Restrained) {
        edges.push(note(
            rule::RESTRAINED,
            format!("{} is restrained", target.id),
        ));
    }
    if mine.source_of(Condition::Frightened) == Some(target.id.as_str()) {
        banes.push(note(
            rule::FRIGHTENED,
            format!("{} is frightened of {}", attacker.id, target.id),
        ));
    }
    if target.conditions.source_of(Condition::Frightened) == Some(attacker.id.as_str()) {
        edges.push(note(
            rule::FRIGHTENED,
            format!("{} is frightened of {}", target.id, attacker.id),
        ));
    }
    if let Some(taunter) = mine.source_of(Condition::Taunted)
        && taunter != target.id
        && let Some(t) = others.iter().find(|o| o.id == taunter)
        && t.vitality.can_act()
        && map.line_of_effect_at(attacker.placed(), t.placed())
    {
        for _ in 0..2 {
            banes.push(note(
                rule::TAUNTED,
                format!("{} is taunted by {taunter}", attacker.id),
            ));
        }
    }
}
