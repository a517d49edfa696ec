//! Between fights, as commands (issue 23): the Victories a won fight or a challenge gives, the
//! respite that turns them into experience, and the montage test (seed 002 L815-835, L859-867,
//! L2319-2409). Each is made once the fight is over; a campaign carries the heroes on.
//!
//! Readings: a hero "survives" a won fight when it is not dead (L817). A montage turn is a test
//! or nothing: assisting and using an item are the Director's to narrate as a test's edge or
//! its automatic success (L2325-2327). A montage test is not rerolled with a hero token here.

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    Characteristic, Characteristics, CreatureId, Hero, Identity, Stamina, Vitality,
};
use crate::encounter::script::Script;
use crate::encounter::test_action::{self, JustTested};
use crate::event::{Event, EventLog};
use crate::options::RulesOptions;
use crate::power_roll::PowerRollSpec;
use crate::power_roll::test_roll::{self, Difficulty, MontageLimits, MontageOutcome, TestSpec};
use crate::rule;
use crate::turn::TurnState;

/// A montage test in play (seed 002 L2319-2409).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Montage {
    pub task: String,
    pub difficulty: Difficulty,
    pub limits: MontageLimits,
    /// Rounds it lasts at most: 2 unless the Director says more (L2367-2369).
    pub rounds: u32,
    pub round: u32,
    pub successes: u32,
    pub failures: u32,
    /// The heroes who have had their turn this round (L2323-2327).
    #[serde(default)]
    pub acted: Vec<String>,
    /// (hero, skill) already used: a hero uses a skill once per montage (L2349).
    #[serde(default)]
    pub skills: Vec<(String, String)>,
    #[serde(default)]
    pub outcome: Option<MontageOutcome>,
}

impl Montage {
    /// Where the tally stands once a turn is over: a limit reached, or the last round run out.
    fn settle(&self, round_over: bool) -> Option<MontageOutcome> {
        let partial = self.successes >= self.failures + 2;
        if self.successes >= self.limits.successes {
            Some(MontageOutcome::TotalSuccess)
        } else if self.failures >= self.limits.failures || (round_over && self.round >= self.rounds)
        {
            Some(if partial {
                MontageOutcome::PartialSuccess
            } else {
                MontageOutcome::TotalFailure
            })
        } else {
            None
        }
    }
}

fn refuse(rule: rule::Rule, reason: impl Into<String>) -> Result<(), RuleError> {
    Err(RuleError::new(rule, reason))
}

/// The commands of this module wait for the fight to end (seed 002 L859: a respite is out of
/// danger; L815: Victories for a fight won).
pub fn check_fight_over(turn: &TurnState) -> Result<(), RuleError> {
    match turn.outcome {
        Some(_) => Ok(()),
        None => refuse(
            rule::BETWEEN_FIGHTS,
            "that is for once the fight is over: Victories, respites and montages come between fights",
        ),
    }
}

/// A hero of the encounter, by id, as these checks see it.
pub struct HeroState {
    pub id: String,
    /// Conscious and able to act (not dying, unconscious or dead).
    pub can_act: bool,
}

/// Check a command of this module against the encounter: the fight over, the heroes named
/// being heroes, a montage running for a montage turn and none for a new montage or a
/// respite.
pub fn check(
    turn: &TurnState,
    script: &Script,
    heroes: &[HeroState],
    command: &Command,
) -> Result<(), RuleError> {
    check_fight_over(turn)?;
    let hero = |id: &str| {
        heroes
            .iter()
            .find(|h| h.id == id)
            .ok_or_else(|| RuleError::new(rule::CREATURE_STATE, format!("there is no hero `{id}`")))
    };
    let running = script.montage.as_deref().filter(|m| m.outcome.is_none());
    match command {
        Command::AwardVictories { heroes: named, .. } => {
            for id in named {
                hero(id)?;
            }
            Ok(())
        }
        Command::Respite { .. } => match running {
            Some(m) => refuse(
                rule::RESPITE,
                format!("the montage `{}` is still under way", m.task),
            ),
            None => Ok(()),
        },
        Command::StartMontage { task, rounds, .. } => {
            if let Some(m) = running {
                return refuse(
                    rule::MONTAGE,
                    format!("the montage `{}` is still under way", m.task),
                );
            }
            if task.trim().is_empty() || *rounds == 0 {
                return refuse(
                    rule::MONTAGE,
                    "name the montage's task and give it at least 1 round",
                );
            }
            if !heroes.iter().any(|h| h.can_act) {
                return refuse(rule::MONTAGE, "no hero is fit to take part");
            }
            Ok(())
        }
        Command::MontageTest {
            creature, skill, ..
        } => check_turn(running, hero(creature)?, skill.as_deref()),
        Command::MontagePass { creature } => check_turn(running, hero(creature)?, None),
        _ => Ok(()),
    }
}

/// A montage turn: a montage under way, the hero fit and not yet gone this round, and a skill
/// it has not used in this montage (seed 002 L2323-2327, L2349).
fn check_turn(
    running: Option<&Montage>,
    hero: &HeroState,
    skill: Option<&str>,
) -> Result<(), RuleError> {
    let Some(m) = running else {
        return refuse(
            rule::MONTAGE,
            "no montage test is under way: StartMontage first",
        );
    };
    let creature = &hero.id;
    if !hero.can_act {
        return refuse(
            rule::MONTAGE,
            format!("{creature} can't take a turn in the montage"),
        );
    }
    if m.acted.contains(creature) {
        return refuse(
            rule::MONTAGE,
            format!(
                "{creature} has had its turn in round {}; the others go first",
                m.round
            ),
        );
    }
    if let Some(skill) = skill
        && m.skills.iter().any(|(h, s)| h == creature && s == skill)
    {
        return refuse(
            rule::MONTAGE_SKILL,
            format!("{creature} has used {skill} in this montage already"),
        );
    }
    Ok(())
}

type HeroRow<'a> = (
    &'a Identity,
    &'a CreatureId,
    &'a Vitality,
    &'a mut Hero,
    &'a mut Stamina,
    &'a Characteristics,
);

/// Command stage: Victories, a respite, or a montage's start or turn.
pub fn resolve(world: &mut World) {
    let Some(command) = world.resource::<CurrentCommand>().0.clone() else {
        return;
    };
    match command {
        Command::AwardVictories { heroes, amount } => {
            award(world, &heroes, amount, "the Director's award");
        }
        Command::Respite { hours } => respite(world, hours),
        Command::StartMontage {
            task,
            difficulty,
            rounds,
        } => start_montage(world, task, difficulty, rounds),
        Command::MontageTest {
            creature,
            characteristic,
            difficulty,
            skill,
        } => montage_turn(world, &creature, Some((characteristic, difficulty)), skill),
        Command::MontagePass { creature } => montage_turn(world, &creature, None, None),
        _ => {}
    }
}

/// Each hero named (every living hero when none is) gains `amount` Victories, never going
/// below 0 (seed 002 L815-829).
pub fn award(world: &mut World, named: &[String], amount: i32, reason: &str) {
    let mut rows: Vec<(u32, Event)> = Vec::new();
    let mut q = world.query::<HeroRow>();
    for (ident, id, vitality, mut hero, ..) in q.iter_mut(world) {
        let chosen = if named.is_empty() {
            *vitality != Vitality::Dead
        } else {
            named.contains(&id.0)
        };
        if !chosen {
            continue;
        }
        let before = hero.victories as i32;
        hero.victories = (before + amount).max(0) as u32;
        rows.push((
            ident.order,
            Event::VictoriesGained {
                creature: id.0.clone(),
                amount: hero.victories as i32 - before,
                now: hero.victories,
                reason: reason.to_owned(),
            },
        ));
    }
    rows.sort_by_key(|r| r.0);
    let mut log = world.resource_mut::<EventLog>();
    for (_, event) in rows {
        log.push(rule::VICTORIES, event);
    }
}

/// seed 002 L859-867: 24 hours uninterrupted, and every living hero regains its Recoveries and
/// Stamina and turns its Victories into experience; cut short, nothing.
fn respite(world: &mut World, hours: u32) {
    let mut rested: Vec<(u32, Event)> = Vec::new();
    let mut q = world.query::<HeroRow>();
    for (ident, id, vitality, mut hero, mut stamina, _) in q.iter_mut(world) {
        if *vitality == Vitality::Dead {
            continue;
        }
        let before = (hero.recoveries, stamina.current);
        let Some(xp) = crate::damage::respite::finish(&mut hero, &mut stamina, hours) else {
            continue;
        };
        hero.xp += xp;
        rested.push((
            ident.order,
            Event::RespiteFinished {
                creature: id.0.clone(),
                recoveries: hero.recoveries - before.0,
                stamina: stamina.current - before.1,
                xp,
                xp_total: hero.xp,
            },
        ));
    }
    rested.sort_by_key(|r| r.0);
    let mut log = world.resource_mut::<EventLog>();
    if hours < crate::damage::respite::RESPITE_HOURS {
        log.push(rule::RESPITE, Event::RespiteCutShort { hours });
    }
    for (_, event) in rested {
        log.push(rule::RESPITE, event);
    }
}

/// The heroes fit to take a montage turn, in turn order.
fn fit_heroes(world: &mut World) -> Vec<String> {
    let mut q = world.query::<HeroRow>();
    let mut rows: Vec<(u32, String)> = q
        .iter(world)
        .filter(|r| r.2.can_act())
        .map(|r| (r.0.order, r.1.0.clone()))
        .collect();
    rows.sort();
    rows.into_iter().map(|r| r.1).collect()
}

/// seed 002 L2363-2386: the limits follow the difficulty and the number of heroes taking part.
fn start_montage(world: &mut World, task: String, difficulty: Difficulty, rounds: u32) {
    let heroes = fit_heroes(world).len() as u32;
    let limits = test_roll::montage_limits(difficulty, heroes);
    world.resource_mut::<EventLog>().push(
        rule::MONTAGE,
        Event::MontageStarted {
            task: task.clone(),
            difficulty,
            successes: limits.successes,
            failures: limits.failures,
            rounds,
        },
    );
    world.resource_mut::<Script>().montage = Some(Box::new(Montage {
        task,
        difficulty,
        limits,
        rounds,
        round: 1,
        successes: 0,
        failures: 0,
        acted: Vec::new(),
        skills: Vec::new(),
        outcome: None,
    }));
}

/// A hero's montage turn: a test (its success or failure counted) or nothing; when every fit
/// hero has gone the round ends; a limit or the last round ends the montage and gives its
/// Victories (seed 002 L2323-2409).
fn montage_turn(
    world: &mut World,
    creature: &str,
    test: Option<(Characteristic, Difficulty)>,
    skill: Option<String>,
) {
    let Some(mut m) = world.resource_mut::<Script>().montage.take() else {
        return;
    };
    if let Some((characteristic, difficulty)) = test {
        let score = {
            let mut q = world.query::<(&CreatureId, &Characteristics)>();
            q.iter(world)
                .find(|(c, _)| c.0 == creature)
                .map_or(0, |(_, chars)| chars.get(characteristic))
        };
        let spec = TestSpec {
            roll: PowerRollSpec {
                characteristic: score,
                ..PowerRollSpec::default()
            },
            skill: skill.is_some(),
        };
        let dice = test_action::roll_2d10(world);
        let result = test_roll::roll(&spec, difficulty, dice, world.resource::<RulesOptions>());
        let made = JustTested {
            creature: creature.to_owned(),
            characteristic,
            skill: skill.clone(),
            task: Some(m.task.clone()),
            result,
        };
        test_action::log_test(world, &made);
        test_action::reward(world, &made, true);
        if made.result.outcome.is_success() {
            m.successes += 1;
        } else {
            m.failures += 1;
        }
    }
    if let Some(skill) = skill {
        m.skills.push((creature.to_owned(), skill));
    }
    m.acted.push(creature.to_owned());
    let fit = fit_heroes(world);
    let round_over = fit.iter().all(|h| m.acted.contains(h));
    m.outcome = m.settle(round_over);
    world.resource_mut::<EventLog>().push(
        rule::MONTAGE,
        Event::MontageProgress {
            task: m.task.clone(),
            round: m.round,
            successes: m.successes,
            failures: m.failures,
        },
    );
    if round_over && m.outcome.is_none() {
        m.round += 1;
        m.acted.clear();
    }
    let ended = m
        .outcome
        .map(|o| (o, o.victories(m.difficulty), m.task.clone()));
    world.resource_mut::<Script>().montage = Some(m);
    if let Some((outcome, victories, task)) = ended {
        world.resource_mut::<EventLog>().push(
            rule::MONTAGE,
            Event::MontageEnded {
                task: task.clone(),
                outcome,
                victories,
            },
        );
        if victories > 0 {
            award(
                world,
                &fit,
                victories as i32,
                &format!("the montage `{task}`"),
            );
        }
    }
}
