//! Helpers for scenarios that define abilities: creatures that know them, the commands that use
//! them, and what their power rolls and potencies logged.

use super::pick;
use steelgrid_rules::Command;
use steelgrid_rules::ability::area::Direction;
use steelgrid_rules::ability::hero_token::SurgeSpend;
use steelgrid_rules::creature::Characteristic;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::power_roll::{Modifier, PowerRollResult};

/// The `abilities` field of a scenario whose map holds the entries `table` and, when given, its
/// `hero_tokens` field, for [`super::scenario_with`] and [`super::fight_with`].
pub fn fields(table: &str, hero_tokens: Option<u32>) -> String {
    let tokens = hero_tokens.map_or(String::new(), |n| format!("hero_tokens: {n}, "));
    format!("{tokens}abilities: {{{table}}}, ")
}

/// The keywords and distance of a weapon strike in melee, as fields of an ability.
pub const MELEE_WEAPON: &str = "keywords: [Melee, Strike, Weapon], distance: Melee(1)";

/// An ability's `target` field: up to `count` enemies.
pub fn enemies(count: u32) -> String {
    format!("target: (who: Enemy, count: {count})")
}

/// An ability's `power_roll` field: rolled with Might for `base` damage (+ Might) at tiers 1, 2
/// and 3, each tier's damage followed by `extra` (more of that tier's fields, after a `, `).
pub fn might_damage(base: [u32; 3], extra: &str) -> String {
    let [t1, t2, t3] = base.map(|b| format!("(damage: (base: {b}){extra})"));
    format!("power_roll: (characteristic: [Might], tier1: {t1}, tier2: {t2}, tier3: {t3})")
}

/// `, abilities: [...]` for a creature that knows `ids`; nothing for one that knows none.
fn known(ids: &[&str]) -> String {
    if ids.is_empty() {
        return String::new();
    }
    let quoted: Vec<String> = ids.iter().map(|id| format!("\"{id}\"")).collect();
    format!(", abilities: [{}]", quoted.join(", "))
}

/// A hero at (x, y) with 30 Stamina (recovery value 10), speed 5, Might 2, Agility 1 and 8
/// Recoveries that knows `abilities`; `extra` adds fields (each after a `, `).
pub fn hero(id: &str, x: i32, y: i32, abilities: &[&str], extra: &str) -> String {
    format!(
        "(id: \"{id}\", side: Heroes, stamina: 30, speed: 5, position: ({x}, {y}), characteristics: (might: 2, agility: 1), hero: (recoveries: 8){}{extra})",
        known(abilities)
    )
}

/// A Director creature at (x, y) with 30 Stamina, speed 5 and free strike 3 that knows
/// `abilities`; every characteristic 0 unless `extra` (fields, each after a `, `) says otherwise.
pub fn foe(id: &str, x: i32, y: i32, abilities: &[&str], extra: &str) -> String {
    format!(
        "(id: \"{id}\", side: Director, stamina: 30, speed: 5, free_strike: 3, position: ({x}, {y}){}{extra})",
        known(abilities)
    )
}

/// `creature` uses `ability`: on `targets`, or placed at `at` facing `direction`, spending
/// `surges`; no tier chosen and not ranged.
fn ability_command(
    creature: &str,
    ability: &str,
    targets: &[&str],
    at: Option<Square>,
    direction: Option<Direction>,
    surges: SurgeSpend,
) -> Command {
    Command::UseAbility {
        creature: creature.into(),
        ability: ability.into(),
        targets: targets.iter().map(|t| t.to_string()).collect(),
        at,
        direction,
        squares: Vec::new(),
        ranged: false,
        tier: None,
        user_tier: None,
        spend: false,
        objects: Vec::new(),
        surges,
        squad: Vec::new(),
    }
}

/// `creature` uses `ability` on `targets` (none: the ability finds its own), spending no surges.
pub fn use_ability(creature: &str, ability: &str, targets: &[&str]) -> Command {
    use_ability_with_surges(creature, ability, targets, SurgeSpend::default())
}

/// [`use_ability`], spending `surges`.
pub fn use_ability_with_surges(
    creature: &str,
    ability: &str,
    targets: &[&str],
    surges: SurgeSpend,
) -> Command {
    ability_command(creature, ability, targets, None, None, surges)
}

/// `creature` uses the area ability `ability` placed at `at`, facing `direction` if it has one.
pub fn placed(
    creature: &str,
    ability: &str,
    at: (i32, i32),
    direction: Option<Direction>,
) -> Command {
    let at = Some(Square::new(at.0, at.1));
    ability_command(creature, ability, &[], at, direction, SurgeSpend::default())
}

/// Every power roll in `events`, by target.
pub fn rolls(events: &[LoggedEvent]) -> Vec<(String, PowerRollResult)> {
    pick(events, |ev| match &ev.event {
        Event::PowerRolled { target, roll, .. } => Some((target.clone(), roll.clone())),
        _ => None,
    })
}

/// The one power roll in `events`.
pub fn the_roll(events: &[LoggedEvent]) -> PowerRollResult {
    let all = rolls(events);
    assert_eq!(all.len(), 1, "one power roll: {all:?}");
    all[0].1.clone()
}

/// The rule ids of a roll's edges or banes.
pub fn rule_ids(list: &[Modifier]) -> Vec<&str> {
    list.iter().map(|m| m.rule.as_str()).collect()
}

/// The `PotencyChecked` events as (target, characteristic, score, potency, lands).
pub fn potency_checks(events: &[LoggedEvent]) -> Vec<(String, Characteristic, i32, i32, bool)> {
    pick(events, |ev| match &ev.event {
        Event::PotencyChecked {
            target,
            characteristic,
            score,
            potency,
            lands,
        } => Some((target.clone(), *characteristic, *score, *potency, *lands)),
        _ => None,
    })
}
