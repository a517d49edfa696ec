//! The Free Strike main action: a hero's melee (2/5/7) or ranged (2/4/6) weapon free strike
//! plus Might or Agility, or a Director creature's fixed free-strike damage
//! (seed 002 L2950-3000), reaching, typed and keyworded by its signature ability
//! (seed 002 L4147-4156).

use bevy_ecs::prelude::*;
use bevy_ecs::system::SystemParam;
use steelgrid_kernel::check::Checked;

use crate::ability::{Ability, AbilityBook, Keyword};
use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    Abilities, ActionBudget, ActionKind, Characteristic, Characteristics, CreatureId, CreatureRef,
    DamageModifiers, FreeStrike, Hero, Minion, Position, Stamina,
};
use crate::damage::stamina;
use crate::damage::{self, DamageRequest, DamageType, PendingDamage};
use crate::dice::Dice;
use crate::director::squad::Squads;
use crate::event::{Event, EventLog};
use crate::grid::{Map, Square};
use crate::options::RulesOptions;
use crate::power_roll::{self, Modifier, PowerRollResult, PowerRollSpec, Tier};
use crate::rule;
use crate::turn::take_action;

/// What a creature's free strikes are: how far each reaches, the damage types they may deal
/// and their keywords.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StrikeProfile {
    /// The melee free strike's reach.
    pub melee: u32,
    /// The ranged free strike's distance.
    pub ranged: u32,
    /// The damage types it may deal, in the signature ability's order; none for untyped damage.
    pub damage_types: Vec<DamageType>,
    /// Strike, with Magic, Psionic or Weapon.
    pub keywords: Vec<Keyword>,
}

impl StrikeProfile {
    /// A hero's weapon free strikes: Melee 1 or Ranged 5, untyped, Strike and Weapon
    /// (seed 002 L2980-2991).
    pub fn hero() -> Self {
        StrikeProfile {
            melee: 1,
            ranged: 5,
            damage_types: Vec::new(),
            keywords: vec![Keyword::Strike, Keyword::Weapon],
        }
    }

    /// A Director creature's free strikes, from its signature ability (seed 002 L4147-4156):
    /// reach the larger of melee 1 and the signature's melee distance, range the larger of 5 and
    /// its ranged distance (DS-DIR-77); the signature's damage types; Strike, plus the
    /// signature's Magic, Psionic or Weapon keyword (DS-DIR-80). Without one: 1 and 5, untyped,
    /// Strike.
    pub fn director(signature: Option<&Ability>) -> Self {
        let distance = |ranged: bool| {
            signature
                .and_then(|s| s.distance.reach(ranged))
                .filter(|(r, _)| *r == ranged)
                .map_or(0, |(_, n)| n)
        };
        let mut damage_types = Vec::new();
        for outcome in signature.into_iter().flat_map(|s| {
            s.power_roll
                .iter()
                .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
                .chain(s.effect.as_ref())
        }) {
            if let Some(kind) = outcome.damage.and_then(|d| d.kind)
                && !damage_types.contains(&kind)
            {
                damage_types.push(kind);
            }
        }
        let mut keywords: Vec<Keyword> = signature
            .iter()
            .flat_map(|s| s.keywords.iter().copied())
            .filter(|k| matches!(k, Keyword::Magic | Keyword::Psionic | Keyword::Weapon))
            .chain([Keyword::Strike])
            .collect();
        keywords.sort();
        keywords.dedup();
        StrikeProfile {
            melee: distance(false).max(1),
            ranged: distance(true).max(5),
            damage_types,
            keywords,
        }
    }

    /// The free strikes of a creature that knows `abilities`: a hero's are its weapon free
    /// strikes; a Director creature's follow its (first) signature ability.
    pub fn of(hero: bool, abilities: &[String], book: &AbilityBook) -> Self {
        if hero {
            return Self::hero();
        }
        Self::director(
            abilities
                .iter()
                .filter_map(|id| book.get(id))
                .find(|a| a.signature),
        )
    }

    /// How far the melee or the ranged free strike reaches.
    pub fn reach(&self, ranged: bool) -> u32 {
        if ranged { self.ranged } else { self.melee }
    }

    /// Refuse naming a damage type the free strike can't deal.
    pub fn check_damage_type(&self, kind: Option<DamageType>) -> Result<(), RuleError> {
        match kind {
            Some(k) if !self.damage_types.contains(&k) => Err(RuleError::new(
                rule::FREE_STRIKE,
                format!(
                    "this free strike can't deal {} damage; it deals {}",
                    format!("{k:?}").to_lowercase(),
                    if self.damage_types.is_empty() {
                        "untyped damage".to_owned()
                    } else {
                        let names: Vec<String> = self
                            .damage_types
                            .iter()
                            .map(|t| format!("{t:?}").to_lowercase())
                            .collect();
                        names.join(" or ")
                    }
                ),
            )),
            _ => Ok(()),
        }
    }

    /// The type `amount` damage is dealt as to a target with `mods`: the one named if the strike
    /// can deal it, else the Director's pick each time (seed 002 L4154): the type the target
    /// takes the most from, the first listed on a tie.
    pub fn damage_type(
        &self,
        named: Option<DamageType>,
        amount: u32,
        mods: &DamageModifiers,
    ) -> Option<DamageType> {
        named.filter(|k| self.damage_types.contains(k)).or_else(|| {
            let mut best: Option<(u32, DamageType)> = None;
            for &kind in &self.damage_types {
                let taken = damage::compute(amount, Some(kind), false, mods).amount;
                if best.is_none_or(|(most, _)| taken > most) {
                    best = Some((taken, kind));
                }
            }
            best.map(|(_, kind)| kind)
        })
    }
}

/// How a free strike lands on its target.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Landing {
    /// The damage, with the squad captain's bonus.
    pub amount: u32,
    pub damage_type: Option<DamageType>,
    pub keywords: Vec<Keyword>,
}

/// What resolving a free strike needs to know about the striker beyond its own components: its
/// signature ability and its squad.
#[derive(SystemParam)]
pub struct StrikeGear<'w, 's> {
    book: Res<'w, AbilityBook>,
    squads: Res<'w, Squads>,
    strikers: Query<
        'w,
        's,
        (
            Has<Hero>,
            Option<&'static Abilities>,
            Option<&'static Minion>,
        ),
    >,
}

impl StrikeGear<'_, '_> {
    /// The striker's free strikes.
    pub fn profile(&self, striker: Entity) -> StrikeProfile {
        match self.strikers.get(striker) {
            Ok((hero, abilities, _)) => {
                StrikeProfile::of(hero, abilities.map_or(&[], |a| &a.0), &self.book)
            }
            Err(_) => StrikeProfile::director(None),
        }
    }

    /// The squad a minion fights in.
    pub fn squad(&self, striker: Entity) -> Option<&str> {
        self.strikers
            .get(striker)
            .ok()
            .and_then(|(_, _, minion)| minion?.squad.as_deref())
    }

    /// The "+N damage to strikes" a captained squad member adds to its strike, once per target
    /// (seed 002 L4454-4456; digest A-16).
    pub fn captain_bonus(&self, striker: Entity) -> u32 {
        self.squad(striker)
            .and_then(|s| self.squads.0.get(s))
            .map_or(0, |s| s.bonus().damage)
    }

    /// How a free strike of `rolled` damage by `striker` lands on a target with `mods`: the
    /// captain's bonus added, then its damage type chosen.
    pub fn land(
        &self,
        striker: Entity,
        rolled: u32,
        named: Option<DamageType>,
        mods: &DamageModifiers,
    ) -> Landing {
        let profile = self.profile(striker);
        let amount = rolled + self.captain_bonus(striker);
        Landing {
            amount,
            damage_type: profile.damage_type(named, amount, mods),
            keywords: profile.keywords,
        }
    }
}

/// Check a free strike's target: another living creature within the strike's reach and line of
/// effect.
pub fn validate_target(
    map: &Map,
    attacker: &CreatureRef,
    target: &CreatureRef,
    ranged: bool,
    profile: &StrikeProfile,
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
    crate::movement::burrow::check_reach(attacker, target)?;
    let distance = attacker.gap(target);
    let reach = profile.reach(ranged);
    if distance > reach {
        return Err(RuleError::new(
            rule::REACH,
            format!(
                "{} is {distance} squares away; {}'s {} free strike reaches {reach}",
                target.id,
                attacker.id,
                if ranged { "ranged" } else { "melee" },
            ),
        ));
    }
    if !map.line_of_effect_at(attacker.placed(), target.placed()) {
        return Err(RuleError::new(
            rule::LINE_OF_EFFECT,
            format!("no line of effect from {} to {}", attacker.id, target.id),
        ));
    }
    Ok(())
}

/// Everything the free strike needs about the creatures involved, gathered while validating.
#[derive(Clone, Debug)]
pub struct CheckedStrike {
    pub attacker: Entity,
    pub target: Entity,
    /// Edges and banes from the situation (surprise, prone, a shooter's adjacent enemy).
    pub edges: Vec<Modifier>,
    pub banes: Vec<Modifier>,
    /// For a Charge: the square the charger must have reached to strike.
    pub at: Option<Square>,
    /// An ability granted it: it takes no action and uses the grant up.
    pub granted: bool,
    /// A triggered answer to it halved its damage (seed 002 L783, L3038).
    pub halved: bool,
}

/// A free strike's name, as the log and trigger windows give it.
pub fn name(ranged: bool) -> &'static str {
    if ranged {
        "Ranged Weapon Free Strike"
    } else {
        "Melee Weapon Free Strike"
    }
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

impl StrikeOptions {
    /// The choices a `FreeStrike` command makes, with the edges and banes its check found and
    /// those the Director imposed.
    pub fn of(strike: &Command, checked: &CheckedStrike) -> Self {
        let Command::FreeStrike {
            ranged,
            characteristic,
            tier,
            edges,
            banes,
            bonus,
            penalty,
            ..
        } = strike
        else {
            return Self::default();
        };
        let director = |n: u32| {
            (0..n).map(|_| Modifier {
                rule: rule::EDGE_DIRECTOR.id.into(),
                note: "imposed by the Director".into(),
            })
        };
        StrikeOptions {
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
        }
    }
}

/// A hero's free-strike roll and the characteristic it adds: 2d10 + Might or Agility, the
/// higher unless chosen (seed 002 L1549, L2980-3000); a main-action roll (digest A-6).
pub fn strike_roll(chars: &Characteristics, opts: &StrikeOptions) -> (PowerRollSpec, i32) {
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
    (spec, value)
}

/// A hero's free-strike damage at `tier`: 2/5/7 (melee) or 2/4/6 (ranged) + the characteristic
/// (seed 002 L2980-3000).
pub fn strike_damage(tier: Tier, ranged: bool, value: i32) -> u32 {
    let base = if ranged { [2, 4, 6] } else { [2, 5, 7] };
    (tier.pick(base) + value).max(0) as u32
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
    let (spec, value) = strike_roll(striker.characteristics, opts);
    let faces = [dice.d10(), dice.d10()];
    let mut roll = power_roll::resolve(&spec, faces, options);
    if let Some(cap) = opts.tier {
        roll.downgrade(cap.min(roll.rolled_tier));
    }
    let damage = strike_damage(roll.tier, opts.ranged, value);
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

/// Command stage: the Free Strike, a Charge's strike, and an opportunity attack answering the
/// window for its target's leaving (seed 002 L2968-2972), which takes no action.
pub fn resolve_free_strike(
    command: Res<CurrentCommand>,
    resumed: Option<Res<crate::movement::opportunity_ask::ResumedMove>>,
    mut turn: ResMut<crate::turn::TurnState>,
    options: Res<RulesOptions>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    mut malice: ResMut<crate::director::malice::Malice>,
    gear: StrikeGear,
    mut attackers: Query<(
        &CreatureId,
        &Characteristics,
        &FreeStrike,
        Option<&Hero>,
        &mut ActionBudget,
        &Stamina,
        &Position,
    )>,
    targets: Query<(&CreatureId, &DamageModifiers)>,
    checked_results: Res<Checked>,
) {
    let checked = checked_results.get::<CheckedStrike>();
    let Some(checked) = checked else {
        return;
    };
    let plain = Command::free_strike("", "", false);
    let current = crate::movement::opportunity_ask::command_of(&command, resumed.as_deref());
    let (strike, charging) = match current {
        Some(c @ Command::FreeStrike { .. }) => (c, false),
        // seed 002 L2940-2944: a Charge ends with a melee free strike.
        Some(Command::Charge { .. }) => (&plain, true),
        _ => return,
    };
    let Command::FreeStrike {
        ranged,
        knock_out,
        damage_type,
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
    let Ok((target_id, target_mods)) = targets.get(checked.target) else {
        return;
    };
    let waiting = turn
        .trigger_window
        .as_ref()
        .and_then(|w| w.waiting_on(&id.0));
    let opportunity = turn
        .pending_move
        .as_ref()
        .filter(|_| !charging && waiting.is_some_and(|w| w.opportunity));
    if let Some(pending) = opportunity {
        log.push(
            rule::OPPORTUNITY_ATTACK,
            Event::OpportunityAttack {
                attacker: id.0.clone(),
                target: target_id.0.clone(),
                at: pending.at,
            },
        );
    } else if checked.granted {
        crate::ability::granted::use_up_strike(&mut turn, &id.0);
        log.push(
            rule::GRANTED_STRIKE,
            Event::EffectEnded {
                creature: id.0.clone(),
                effect: "a granted free strike, made".into(),
            },
        );
    } else if !charging {
        take_action(&mut log, &mut budget, &id.0, ActionKind::Main);
    }
    let opts = StrikeOptions::of(strike, checked);
    let striker = Striker {
        id: &id.0,
        characteristics: chars,
        free_strike: free_strike.0,
        hero: hero.is_some(),
    };
    let result = roll_strike(striker, &opts, &mut dice, &options);
    let ability = name(*ranged);
    log_strike(
        &mut log,
        &id.0,
        &target_id.0,
        ability,
        &result,
        Some(&mut budget),
    );
    // seed 002 L4360-4362: Malicious Strike adds to the monster's next strike, and a free
    // strike is a strike (L2980-2985: its keywords).
    let malicious = malice.take_strike_boost(&id.0);
    if malicious > 0 {
        log.push(
            rule::MALICIOUS_STRIKE,
            Event::MaliceBoostUsed {
                creature: id.0.clone(),
                feature: "Malicious Strike".into(),
                target: Some(target_id.0.clone()),
                amount: malicious,
            },
        );
    }
    let landing = gear.land(
        checked.attacker,
        result.damage + malicious,
        *damage_type,
        target_mods,
    );
    log.push(
        rule::FREE_STRIKE,
        Event::FreeStrikeHit {
            attacker: id.0.clone(),
            target: target_id.0.clone(),
            ranged: *ranged,
            damage: landing.amount,
            damage_type: landing.damage_type,
            keywords: landing.keywords,
        },
    );
    pending.0.push(DamageRequest {
        target: checked.target,
        source: id.0.clone(),
        amount: landing.amount,
        damage_type: landing.damage_type,
        halved: checked.halved,
        knock_out: *knock_out,
    });
}
