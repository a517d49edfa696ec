//! Opportunity attacks: an enemy adjacent to a creature that willingly moves out of its reach,
//! without shifting, may make a melee free strike against it before it leaves
//! (seed 002 L2968-2972; digest §30.1, A-11, A-12, A-25).
//!
//! Also the edges and banes every free strike shares, so that an opportunity attack is refused
//! exactly when its strike would have a bane.

use crate::creature::CreatureRef;
use crate::event::rule;
use crate::grid::Footprint;
use crate::power_roll::{Modifier, NetEdge};

/// Edges and banes on a free strike by `attacker` against `target` from the situation
/// (seed 002 L1436, L1755, L2498-2500), each with the rule it comes from.
pub fn strike_modifiers(
    attacker: &CreatureRef,
    target: &CreatureRef,
    ranged: bool,
    enemy_adjacent: bool,
) -> (Vec<Modifier>, Vec<Modifier>) {
    let mut edges = Vec::new();
    let mut banes = Vec::new();
    if target.surprised {
        edges.push(Modifier {
            rule: rule::SURPRISE_EDGE.id.into(),
            note: format!("{} is surprised", target.id),
        });
    }
    if target.prone && !ranged {
        edges.push(Modifier {
            rule: rule::PRONE.id.into(),
            note: format!("melee against prone {}", target.id),
        });
    }
    if attacker.prone {
        banes.push(Modifier {
            rule: rule::PRONE.id.into(),
            note: format!("{} is prone", attacker.id),
        });
    }
    if ranged && enemy_adjacent {
        banes.push(Modifier {
            rule: rule::RANGED_ADJACENT_BANE.id.into(),
            note: "an enemy is adjacent to the shooter".into(),
        });
    }
    (edges, banes)
}

/// Who may make an opportunity attack against `mover` stepping from `from` to `to`: living
/// enemies able to take triggered actions (not surprised or unconscious), adjacent to `from`
/// but not to `to`, whose melee free strike against it would not have a bane. In scenario order.
pub fn provoked(
    mover: &CreatureRef,
    from: Footprint,
    to: Footprint,
    others: &[CreatureRef],
) -> Vec<String> {
    let at_start = CreatureRef {
        footprint: from,
        ..mover.clone()
    };
    others
        .iter()
        .filter(|c| c.side != mover.side && c.vitality.can_act() && !c.surprised)
        .filter(|c| {
            c.footprint.is_adjacent(from)
                && !c.footprint.is_adjacent(to)
                && !c.footprint.overlaps(to)
        })
        .filter(|c| {
            let (edges, banes) = strike_modifiers(c, &at_start, false, false);
            !NetEdge::combine(edges.len(), banes.len()).is_bane()
        })
        .map(|c| c.id.clone())
        .collect()
}
