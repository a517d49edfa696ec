//! The Free Strike main action: a hero's melee (2/5/7) or ranged (2/4/6) weapon free strike
//! plus Might or Agility, or a Director creature's fixed free-strike damage
//! (seed 002 L2950-3000).

use bevy_ecs::prelude::*;

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, ActionKind, Characteristic, Characteristics, CreatureId, CreatureRef, FreeStrike,
    Hero, Position, Stamina,
};
use crate::damage::{DamageRequest, PendingDamage};
use crate::dice::Dice;
use crate::event::{Event, EventLog, rule};
use crate::grid::{Map, Square};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollResult, PowerRollSpec, Tier};
use crate::stamina;
use crate::turn::take_action;

/// Melee 1 or Ranged 5 (seed 002 L2980, L2991).
pub fn reach(ranged: bool) -> u32 {
    if ranged { 5 } else { 1 }
}

/// Check a free strike's target: another living creature within reach and line of effect.
pub fn validate_target(
    map: &Map,
    attacker: &CreatureRef,
    target: &CreatureRef,
    ranged: bool,
) -> Result<(), RuleError> {
    if attacker.id == target.id {
        return Err(RuleError::new(
            rule::FREE_STRIKE,
            "a free strike can't target its user",
        ));
    }
    if target.vitality == crate::creature::Vitality::Dead {
        return Err(RuleError::new(
            rule::FREE_STRIKE,
            format!(
                "{} is dead; it is an object now, not a creature to strike",
                target.id
            ),
        ));
    }
    let distance = attacker.gap(target);
    if distance > reach(ranged) {
        return Err(RuleError::new(
            rule::REACH,
            format!(
                "{} is {distance} squares away; a {} free strike reaches {}",
                target.id,
                if ranged { "ranged" } else { "melee" },
                reach(ranged)
            ),
        ));
    }
    if !map.line_of_effect(attacker.footprint, target.footprint) {
        return Err(RuleError::new(
            rule::LINE_OF_EFFECT,
            format!("no line of effect from {} to {}", attacker.id, target.id),
        ));
    }
    Ok(())
}

/// Whether the main action is left.
pub fn validate_main_budget(budget: &ActionBudget) -> Result<(), RuleError> {
    if budget.allows(ActionKind::Main) {
        Ok(())
    } else {
        Err(RuleError::new(
            rule::ACTION_ECONOMY,
            "no main action left this turn",
        ))
    }
}

/// Everything the free strike needs about the creatures involved, gathered while validating.
#[derive(Resource, Clone, Debug)]
pub struct CheckedStrike {
    pub attacker: Entity,
    pub target: Entity,
    /// Edges and banes from the situation (surprise, prone, a shooter's adjacent enemy).
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    /// For a Charge: the square the charger must have reached to strike.
    pub at: Option<Square>,
}

/// What the attacker brings to a free strike.
#[derive(Clone, Copy, Debug)]
pub struct Striker<'a> {
    pub id: &'a str,
    pub characteristics: &'a Characteristics,
    pub free_strike: u32,
    pub hero: bool,
}

/// A free strike's roll and damage.
#[derive(Clone, Debug)]
pub struct StrikeResult {
    /// Heroes roll; Director creatures deal their fixed free-strike damage (no roll).
    pub roll: Option<PowerRollResult>,
    pub damage: u32,
}

/// The choices made for a free strike.
#[derive(Clone, Debug, Default)]
pub struct StrikeOptions {
    pub ranged: bool,
    pub characteristic: Option<Characteristic>,
    pub tier: Option<Tier>,
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    pub bonus: i32,
    pub penalty: i32,
}

/// Roll a free strike: 2d10 + Might or Agility (the higher unless chosen), 2/5/7 (melee) or
/// 2/4/6 (ranged) + that characteristic (seed 002 L2980-3000). A free strike counts as a
/// main-action ability, so it can be a critical hit even as an opportunity attack (digest A-6).
pub fn roll_strike(
    striker: Striker,
    opts: &StrikeOptions,
    dice: &mut Dice,
    options: &RulesOptions,
) -> StrikeResult {
    if !striker.hero {
        return StrikeResult {
            roll: None,
            damage: striker.free_strike,
        };
    }
    let chars = striker.characteristics;
    // seed 002 L1549: "M or A" — the roller's choice, the higher by default.
    let ch = opts
        .characteristic
        .unwrap_or(if chars.agility > chars.might {
            Characteristic::Agility
        } else {
            Characteristic::Might
        });
    let value = chars.get(ch);
    let spec = PowerRollSpec {
        characteristic: value,
        bonuses: opts.bonus,
        penalties: opts.penalty,
        edges: opts.edges.clone(),
        banes: opts.banes.clone(),
        automatic: Vec::new(),
        main_action_ability: true,
    };
    let faces = [dice.d10(), dice.d10()];
    let mut roll = power_roll::resolve(&spec, faces, options);
    if let Some(cap) = opts.tier {
        roll.downgrade(cap.min(roll.rolled_tier));
    }
    let base = if opts.ranged { [2, 4, 6] } else { [2, 5, 7] };
    let damage = (roll.tier.pick(base) + value).max(0) as u32;
    StrikeResult {
        roll: Some(roll),
        damage,
    }
}

/// Log a strike's roll (and a critical hit's extra main action when `budget` is given).
pub fn log_strike(
    log: &mut EventLog,
    attacker: &str,
    target: &str,
    ability: &str,
    result: &StrikeResult,
    budget: Option<&mut ActionBudget>,
) {
    let Some(roll) = &result.roll else {
        return;
    };
    let downgraded = roll.tier < roll.rolled_tier;
    log.push(
        if downgraded {
            rule::DOWNGRADE
        } else {
            rule::POWER_ROLL
        },
        Event::PowerRolled {
            creature: attacker.to_owned(),
            ability: ability.to_owned(),
            target: target.to_owned(),
            roll: roll.clone(),
        },
    );
    if roll.critical
        && let Some(budget) = budget
    {
        // seed 002 L1636: a critical hit grants an extra main action, kept on a downgrade.
        budget.main += 1;
        log.push(
            rule::CRITICAL_HIT,
            Event::ExtraMainAction {
                creature: attacker.to_owned(),
            },
        );
    }
}

/// Command stage: the Free Strike.
pub fn resolve_free_strike(
    command: Res<CurrentCommand>,
    checked: Option<Res<CheckedStrike>>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut attackers: Query<(
        &CreatureId,
        &Characteristics,
        &FreeStrike,
        Option<&Hero>,
        &mut ActionBudget,
        &Stamina,
        &Position,
    )>,
    targets: Query<&CreatureId>,
) {
    let Some(checked) = checked else {
        return;
    };
    let plain = Command::free_strike("", "", false);
    let (strike, charging) = match &command.0 {
        Some(c @ Command::FreeStrike { .. }) => (c, false),
        // seed 002 L2940-2944: a Charge ends with a melee free strike.
        Some(Command::Charge { .. }) => (&plain, true),
        _ => return,
    };
    let Command::FreeStrike {
        ranged,
        characteristic,
        tier,
        knock_out,
        edges,
        banes,
        bonus,
        penalty,
        ..
    } = strike
    else {
        return;
    };
    let Ok((id, chars, free_strike, hero, mut budget, stamina, position)) =
        attackers.get_mut(checked.attacker)
    else {
        return;
    };
    if let Some(at) = checked.at {
        // The charger strikes only if it got there on its feet.
        let standing = stamina::vitality_for(stamina, hero.is_some()).can_act();
        if position.0 != at || !standing {
            return;
        }
    }
    let Ok(target_id) = targets.get(checked.target) else {
        return;
    };
    if !charging {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Main);
    }
    let director = |n: u32| {
        (0..n).map(|_| Modifier {
            rule: rule::EDGE_DIRECTOR.id.into(),
            note: "imposed by the Director".into(),
        })
    };
    let opts = StrikeOptions {
        ranged: *ranged,
        characteristic: *characteristic,
        tier: *tier,
        edges: checked
            .edges
            .iter()
            .cloned()
            .chain(director(*edges))
            .collect(),
        banes: checked
            .banes
            .iter()
            .cloned()
            .chain(director(*banes))
            .collect(),
        bonus: *bonus,
        penalty: *penalty,
    };
    let striker = Striker {
        id: &id.0,
        characteristics: chars,
        free_strike: free_strike.0,
        hero: hero.is_some(),
    };
    let result = roll_strike(striker, &opts, &mut dice, &options);
    let ability = if *ranged {
        "Ranged Weapon Free Strike"
    } else {
        "Melee Weapon Free Strike"
    };
    log_strike(
        &mut log,
        &id.0,
        &target_id.0,
        ability,
        &result,
        Some(&mut budget),
    );
    log.push(
        rule::FREE_STRIKE,
        Event::FreeStrikeHit {
            attacker: id.0.clone(),
            target: target_id.0.clone(),
            ranged: *ranged,
            damage: result.damage,
        },
    );
    pending.0.push(DamageRequest {
        target: checked.target,
        source: id.0.clone(),
        amount: result.damage,
        damage_type: None,
        halved: false,
        knock_out: *knock_out,
    });
}
