//! Grabbing: the Grab and Escape Grab maneuvers, letting go, and the grab's end when the two
//! are no longer adjacent, the grabber can't hold on, or the grabbed creature teleports
//! (seed 002 L1743-1751, L2853-2891).

use bevy_ecs::prelude::*;
use steelgrid_kernel::check::Checked;

use crate::command::{Command, CurrentCommand};
use crate::creature::{
    ActionBudget, ActionKind, Characteristics, CreatureId, CreatureSize, DamageModifiers,
    FreeStrike, Grabbed, Hero, Position, Stamina, Vitality,
};
use crate::damage::stamina;
use crate::damage::{DamageRequest, RecentHits, deal};
use crate::dice::Dice;
use crate::event::{Event, EventLog};
use crate::grid::Footprint;
use crate::movement::free_strike::{StrikeGear, StrikeOptions, Striker, log_strike, roll_strike};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollSpec, Tier};
use crate::rule;
use crate::turn::take_action;

/// What the Grab or Escape Grab roll needs, gathered while validating.
#[derive(Clone, Debug)]
pub struct CheckedGrab {
    /// The creature making the roll.
    pub roller: Entity,
    /// The other party: the target of a Grab, or the grabber of an Escape Grab.
    pub other: Entity,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
}

pub(crate) type Party<'a> = (
    Entity,
    &'a CreatureId,
    &'a Characteristics,
    &'a FreeStrike,
    Option<&'a Hero>,
    &'a mut Stamina,
    &'a DamageModifiers,
    &'a mut ActionBudget,
    &'a Vitality,
);

/// `striker` makes a melee free strike against `target` just before a grab takes hold or lets
/// go, or when a climb onto it fails (crate::movement::mount). Returns whether the target is still
/// standing.
pub(crate) fn parting_strike(
    parties: &mut Query<Party>,
    striker: Entity,
    target: Entity,
    dice: &mut Dice,
    options: &RulesOptions,
    log: &mut EventLog,
    hits: &mut RecentHits,
    gear: &StrikeGear,
) -> bool {
    let Ok(
        [
            (_, s_id, chars, fs, hero, _, _, mut s_budget, _),
            (t_entity, t_id, _, _, t_hero, mut stamina, mods, ..),
        ],
    ) = parties.get_many_mut([striker, target])
    else {
        return true;
    };
    let result = roll_strike(
        Striker {
            id: &s_id.0,
            characteristics: chars,
            free_strike: fs.0,
            hero: hero.is_some(),
        },
        &StrikeOptions::default(),
        dice,
        options,
    );
    // seed 002 L1636-1638: a free strike is a main-action ability, so a critical hit made
    // off-turn still grants an extra main action.
    log_strike(
        log,
        &s_id.0,
        &t_id.0,
        "Melee Weapon Free Strike",
        &result,
        Some(&mut s_budget),
    );
    let landing = gear.land(striker, result.damage, None, mods);
    log.push(
        rule::FREE_STRIKE,
        Event::FreeStrikeHit {
            attacker: s_id.0.clone(),
            target: t_id.0.clone(),
            ranged: false,
            damage: landing.amount,
            damage_type: landing.damage_type,
            keywords: landing.keywords,
        },
    );
    let request = DamageRequest {
        target: t_entity,
        source: s_id.0.clone(),
        amount: landing.amount,
        damage_type: landing.damage_type,
        halved: false,
        knock_out: false,
    };
    let is_hero = t_hero.is_some();
    deal(request, t_id, &mut stamina, mods, is_hero, log, hits);
    stamina::vitality_for(&stamina, is_hero).can_act()
}

/// Command stage: Grab and Escape Grab.
pub fn resolve_grab(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut hits: ResMut<RecentHits>,
    gear: StrikeGear,
    mut parties: Query<Party>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedGrab>();
    let escaping = match &command.0 {
        Some(Command::Grab { .. }) => false,
        Some(Command::EscapeGrab { .. }) => true,
        _ => return,
    };
    let Some(checked) = checked else {
        return;
    };
    let Ok((_, id, chars, _, _, _, _, mut budget, _)) = parties.get_mut(checked.roller) else {
        return;
    };
    let roller = id.0.clone();
    take_action(&mut log, &mut budget, &roller, ActionKind::Maneuver);
    let characteristic = if escaping {
        chars.might.max(chars.agility)
    } else {
        chars.might
    };
    let spec = PowerRollSpec {
        characteristic,
        edges: checked.edges.clone(),
        banes: checked.banes.clone(),
        ..PowerRollSpec::default()
    };
    let roll = power_roll::resolve(&spec, [dice.d10(), dice.d10()], &options);
    let tier = roll.tier;
    let Ok((_, other_id, ..)) = parties.get(checked.other) else {
        return;
    };
    let other = other_id.0.clone();
    log.push(
        rule::POWER_ROLL,
        Event::PowerRolled {
            creature: roller.clone(),
            ability: if escaping { "Escape Grab" } else { "Grab" }.into(),
            target: other.clone(),
            roll,
        },
    );
    let rule = if escaping {
        rule::ESCAPE_GRAB
    } else {
        rule::GRAB
    };
    // Tier 2: it happens, but the other creature makes a melee free strike at the roller
    // first; a grabber felled by it holds nothing, an escaper gets free either way.
    let succeeds = match tier {
        Tier::One => false,
        Tier::Two => {
            let standing = parting_strike(
                &mut parties,
                checked.other,
                checked.roller,
                &mut dice,
                &options,
                &mut log,
                &mut hits,
                &gear,
            );
            standing || escaping
        }
        Tier::Three => true,
    };
    if !succeeds {
        log.push(
            rule,
            Event::EffectEnded {
                creature: roller,
                effect: if escaping {
                    "escape attempt failed"
                } else {
                    "grab attempt failed"
                }
                .into(),
            },
        );
        return;
    }
    if escaping {
        commands.entity(checked.roller).remove::<Grabbed>();
        log.push(
            rule,
            Event::ConditionEnded {
                creature: roller,
                condition: "grabbed".into(),
            },
        );
    } else {
        commands
            .entity(checked.other)
            .insert(Grabbed { by: roller });
        log.push(
            rule,
            Event::ConditionGained {
                creature: other,
                condition: "grabbed".into(),
            },
        );
    }
}

/// Command stage: letting go.
pub fn resolve_release(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut log: ResMut<EventLog>,
    held: Query<(Entity, &CreatureId, &Grabbed)>,
) {
    let Some(Command::Release { creature }) = &command.0 else {
        return;
    };
    // By id: the order the world keeps creatures in differs between a game played on and the
    // same game resumed from a save.
    let mut held: Vec<_> = held.iter().filter(|h| &h.2.by == creature).collect();
    held.sort_by_key(|h| h.1);
    for (entity, id, _) in held {
        commands.entity(entity).remove::<Grabbed>();
        log.push(
            rule::GRABBED,
            Event::ConditionEnded {
                creature: id.0.clone(),
                condition: "grabbed".into(),
            },
        );
    }
}

/// Stamina stage (after states settle): a grab ends when the two are no longer adjacent, or
/// the grabber is dead or unconscious, or the grabbed creature is dead (seed 002 L1745-1751).
pub fn end_broken_grabs(
    mut commands: Commands,
    mut log: ResMut<EventLog>,
    held: Query<(
        Entity,
        &CreatureId,
        &Grabbed,
        &Position,
        &CreatureSize,
        &Vitality,
    )>,
    holders: Query<(&CreatureId, &Position, &CreatureSize, &Vitality)>,
) {
    let mut ended: Vec<(Entity, String)> = Vec::new();
    for (entity, id, grab, pos, size, vitality) in &held {
        let holder = holders.iter().find(|h| h.0.0 == grab.by);
        let holds = holder.is_some_and(|(_, hpos, hsize, hvit)| {
            hvit.can_act()
                && *vitality != Vitality::Dead
                && Footprint::new(hpos.0, hsize.0).is_adjacent(Footprint::new(pos.0, size.0))
        });
        if !holds {
            ended.push((entity, id.0.clone()));
        }
    }
    ended.sort_by(|a, b| a.1.cmp(&b.1));
    for (entity, id) in ended {
        commands.entity(entity).remove::<Grabbed>();
        log.push(
            rule::GRABBED,
            Event::ConditionEnded {
                creature: id,
                condition: "grabbed".into(),
            },
        );
    }
}
