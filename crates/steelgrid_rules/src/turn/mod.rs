//! The turn sequence: surprise, the d10 for who goes first, sides alternating one creature (or
//! one Director group) at a time, leftover creatures acting back to back, rounds and turns
//! (seed 002 L2488-2542).

pub mod aid;
pub mod pending;

use std::collections::BTreeSet;

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand, RuleError};
use crate::creature::{
    ActionBudget, ActionKind, CreatureId, Defending, Group, Identity, Side, Surprised, Vitality,
};
use crate::dice::Dice;
use crate::event::{Event, EventLog, Outcome};
use crate::rule;

/// Where the encounter is in its rounds and turns.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnState {
    /// 0 until the first round starts.
    pub round: u32,
    /// The round the encounter opens in when it does not open in round 1: a fight a scenario
    /// picks up mid-way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opening_round: Option<u32>,
    /// The side that went first in round 1 goes first every round (seed 002 L2536).
    pub first_side: Option<Side>,
    /// Set while a side must choose who goes first (seed 002 L2504).
    pub awaiting_first_side_choice: Option<Side>,
    /// The side whose pick it is.
    pub next_side: Option<Side>,
    /// The Director group whose members are still taking their turns (seed 002 L2530-2532).
    pub group: Option<String>,
    /// The creature whose turn it is.
    pub current: Option<String>,
    /// Creatures that have taken their turn this round.
    pub acted: BTreeSet<String>,
    pub outcome: Option<Outcome>,
    /// A forced movement the rules have granted and whose path (and the target's stability) a
    /// `ForceMove` must now choose; nothing else can happen until it does.
    #[serde(default)]
    pub pending_forced: Option<crate::terms::forced::PendingForced>,
    /// Further forced movements from the same ability, in the order its user named the targets;
    /// each becomes the pending one in turn.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queued_forced: Vec<crate::terms::forced::PendingForced>,
    /// Conditions an ability imposes once its forced movement is over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deferred_conditions: Vec<pending::DeferredCondition>,
    /// Creatures an ability knocks prone once its forced movement is over.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub deferred_prone: Vec<pending::DeferredProne>,
    /// The creature whose turn ended last, until the next turn starts: the moment a villain
    /// action can be used (seed 002 L4188).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_ended: Option<String>,
    /// Summoned creatures owed a turn right after the turn they were summoned in, in order
    /// (seed 002 L4282; digest A-31).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summoned: Vec<String>,
    /// Creatures that have summoned and can't summon again until their next turn starts
    /// (seed 002 L4282).
    #[serde(default, skip_serializing_if = "BTreeSet::is_empty")]
    pub summoners: BTreeSet<String>,
    /// A trigger window: creatures whose triggered abilities an event triggered, each to use
    /// one or pass before anything else happens (seed 002 L2544-2552).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trigger_window: Option<pending::TriggerWindow>,
    /// Events that trigger abilities, waiting in order for the window before them to close.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub queued_triggers: Vec<crate::terms::trigger::Happening>,
    /// The round in which each creature last used its triggered action: one a round
    /// (seed 002 L2546).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub triggered_action_round: std::collections::BTreeMap<String, u32>,
    /// An ability whose targets' triggered answers come first (seed 002 L2546, L3038): it
    /// resolves once their windows close.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_ability: Option<pending::PendingAbility>,
    /// A move waiting for the opportunity attacks its mover's leaving may draw: it goes on
    /// once their window closes (`opportunity_ask`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub pending_move: Option<pending::PendingMove>,
    /// Teleports and moves abilities granted this turn, not yet placed; they lapse when the
    /// turn ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub granted: Vec<pending::Grant>,
    /// A faller choosing where beside the creature it fell onto it comes down: its `Land`
    /// answers before anything else.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub landing: Option<pending::Landing>,
    /// The Director has declared Last-Stand Stamina (seed 002 L4667-4669).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub last_stand: bool,
    /// Set by EndTurn for the turn-flow stage.
    #[serde(skip)]
    pub turn_just_ended: Option<Side>,
}

/// One line of the roster, in scenario order.
#[derive(Clone, Debug)]
pub struct RosterEntry {
    pub id: String,
    pub side: Side,
    pub group: String,
    pub can_act: bool,
    pub surprised: bool,
}

pub type RosterRow = (
    &'static CreatureId,
    &'static Identity,
    &'static Side,
    &'static Vitality,
    Option<&'static Group>,
    Has<Surprised>,
);

pub type RosterQuery<'w, 's> = Query<'w, 's, RosterRow>;

/// The creatures in scenario order, from the rows of a [`RosterRow`] query.
pub fn roster<'a>(
    rows: impl Iterator<
        Item = (
            &'a CreatureId,
            &'a Identity,
            &'a Side,
            &'a Vitality,
            Option<&'a Group>,
            bool,
        ),
    >,
) -> Vec<RosterEntry> {
    let mut rows: Vec<_> = rows
        .map(|(id, ident, side, vit, group, surprised)| {
            (
                ident.order,
                RosterEntry {
                    id: id.0.clone(),
                    side: *side,
                    group: group.map_or_else(|| id.0.clone(), |g| g.0.clone()),
                    can_act: vit.can_act(),
                    surprised,
                },
            )
        })
        .collect();
    rows.sort_by_key(|r| r.0);
    rows.into_iter().map(|r| r.1).collect()
}

impl TurnState {
    fn waiting<'a>(
        &'a self,
        roster: &'a [RosterEntry],
        side: Side,
    ) -> impl Iterator<Item = &'a RosterEntry> {
        roster
            .iter()
            .filter(move |r| r.side == side && r.can_act && !self.acted.contains(&r.id))
    }

    /// The summoned creatures still owed the turn right after their summoning (seed 002 L4282).
    fn summoned_due<'a>(
        &'a self,
        roster: &'a [RosterEntry],
    ) -> impl Iterator<Item = &'a RosterEntry> {
        self.summoned
            .iter()
            .filter_map(|id| roster.iter().find(|r| &r.id == id))
            .filter(|r| r.can_act && !self.acted.contains(&r.id))
    }

    /// Who picks next after `just` acted: a summoned creature owed its turn (as a group of its
    /// own), else the same Director group while it has members left, else the other side, else
    /// the same side back to back (seed 002 L2508-2512, L4282); `None` when everyone has acted
    /// and the round is over.
    fn next_pick(
        &self,
        roster: &[RosterEntry],
        just: Side,
    ) -> Option<(Side, Option<String>, bool)> {
        if let Some(due) = self.summoned_due(roster).next() {
            return Some((due.side, Some(due.group.clone()), false));
        }
        if let Some(group) = &self.group
            && self
                .waiting(roster, Side::Director)
                .any(|r| &r.group == group)
        {
            return Some((Side::Director, Some(group.clone()), false));
        }
        let other = just.other();
        if self.waiting(roster, other).next().is_some() {
            Some((other, None, false))
        } else if self.waiting(roster, just).next().is_some() {
            Some((just, None, true))
        } else {
            None
        }
    }

    /// Check that `creature` may start its turn now.
    pub fn validate_start(&self, roster: &[RosterEntry], creature: &str) -> Result<(), RuleError> {
        self.ensure_running()?;
        if let Some(current) = &self.current {
            return Err(RuleError::new(
                rule::TURN_ORDER,
                format!("{current} is still taking its turn; end it first"),
            ));
        }
        let entry = roster
            .iter()
            .find(|r| r.id == creature)
            .ok_or_else(|| unknown(creature))?;
        if !entry.can_act {
            return Err(RuleError::new(
                rule::TURN_ORDER,
                format!("{creature} is dead or unconscious and takes no turns"),
            ));
        }
        if self.acted.contains(creature) {
            return Err(RuleError::new(
                rule::TURN_ORDER,
                format!("{creature} has already taken its turn this round (seed 002 L2510)"),
            ));
        }
        if let Some(due) = self.summoned_due(roster).next() {
            if self.summoned_due(roster).any(|r| r.id == creature) {
                return Ok(());
            }
            return Err(RuleError::new(
                rule::SUMMON,
                format!(
                    "{} was summoned and acts right after the turn it was summoned in (seed 002 L4282)",
                    due.id
                ),
            ));
        }
        let next = self
            .next_side
            .expect("running encounters always have a next side");
        if entry.side != next {
            return Err(RuleError::new(
                rule::TURN_ORDER,
                format!(
                    "the {} side picks who acts now, not the {} side",
                    side_name(next),
                    side_name(entry.side)
                ),
            ));
        }
        if let Some(group) = &self.group
            && &entry.group != group
        {
            return Err(RuleError::new(
                rule::TURN_GROUP,
                format!(
                    "the Director's group `{group}` must finish acting before another creature goes"
                ),
            ));
        }
        Ok(())
    }

    /// Check that the encounter is under way: who goes first is settled and nobody has won.
    pub fn ensure_running(&self) -> Result<(), RuleError> {
        if let Some(outcome) = self.outcome {
            return Err(RuleError::new(
                rule::OBJECTIVE_DEFEAT_ALL,
                format!("the encounter is over ({outcome:?})"),
            ));
        }
        if let Some(chooser) = self.awaiting_first_side_choice {
            return Err(RuleError::new(
                rule::FIRST_SIDE_CHOICE,
                format!(
                    "the {} side must first choose which side goes first",
                    side_name(chooser)
                ),
            ));
        }
        Ok(())
    }

    /// Check that it is `creature`'s turn.
    pub fn ensure_turn_of(&self, creature: &str) -> Result<(), RuleError> {
        self.ensure_running()?;
        match &self.current {
            Some(c) if c == creature => Ok(()),
            Some(c) => Err(RuleError::new(
                rule::TURN_ORDER,
                format!("it is {c}'s turn, not {creature}'s"),
            )),
            None => Err(RuleError::new(
                rule::TURN_ORDER,
                format!("{creature} is not taking a turn; start its turn first"),
            )),
        }
    }
}

/// Spend one of `creature`'s actions — trading its main action when the regular slot is gone
/// (seed 002 L2938) — and log it.
pub fn take_action(
    log: &mut EventLog,
    budget: &mut ActionBudget,
    creature: &str,
    action: ActionKind,
) {
    let traded_main = budget.spend(action);
    log.push(
        if traded_main {
            rule::MAIN_TRADED
        } else {
            rule::ACTION_ECONOMY
        },
        Event::ActionUsed {
            creature: creature.to_owned(),
            action,
            traded_main,
        },
    );
}

pub fn side_name(side: Side) -> &'static str {
    match side {
        Side::Heroes => "heroes",
        Side::Director => "Director",
    }
}

pub fn unknown(creature: &str) -> RuleError {
    RuleError::new(
        rule::CREATURE_STATE,
        format!("there is no creature `{creature}`"),
    )
}

/// Start of the encounter, under the `PlusVictories` option: each hero gains Heroic Resource
/// equal to its Victories (core digest AMB-34; the seed names no starting amount).
pub fn heroic_resource_at_start(
    options: Res<crate::options::RulesOptions>,
    mut log: ResMut<EventLog>,
    mut heroes: Query<(&CreatureId, &mut crate::creature::Hero)>,
) {
    if options.heroic_resource_at_start != crate::options::ResourceAtStart::PlusVictories {
        return;
    }
    let mut all: Vec<_> = heroes.iter_mut().filter(|h| h.1.victories > 0).collect();
    all.sort_by(|a, b| a.0.0.cmp(&b.0.0));
    for (id, mut hero) in all {
        let amount = hero.victories as i32;
        hero.heroic_resource += amount;
        log.push(
            rule::HEROIC_RESOURCE_START,
            Event::ResourceGained {
                creature: id.0.clone(),
                amount,
                now: hero.heroic_resource,
                because: None,
            },
        );
    }
}

/// Start of the encounter: surprised creatures, then who goes first. If every creature on one
/// side is surprised, the other side goes first; otherwise a d10 decides who chooses: 6+ the
/// heroes' players, else the Director (seed 002 L2496-2504; both sides surprised: digest A-33).
pub fn begin_encounter(
    mut turn: ResMut<TurnState>,
    mut dice: ResMut<Dice>,
    mut log: ResMut<EventLog>,
    query: RosterQuery,
) {
    let roster = roster(query.iter());
    for r in roster.iter().filter(|r| r.surprised) {
        log.push(
            rule::SURPRISE,
            Event::Surprised {
                creature: r.id.clone(),
            },
        );
    }
    let all_surprised = |side: Side| {
        let mut members = roster.iter().filter(|r| r.side == side).peekable();
        members.peek().is_some() && members.all(|r| r.surprised)
    };
    let (heroes_out, director_out) = (all_surprised(Side::Heroes), all_surprised(Side::Director));
    if heroes_out != director_out {
        let side = if heroes_out {
            Side::Director
        } else {
            Side::Heroes
        };
        log.push(
            rule::FIRST_SIDE_SURPRISE,
            Event::FirstSideAutomatic { side },
        );
        start_first_round(&mut turn, &mut log, &roster, side);
    } else {
        let roll = dice.d10();
        let chooser = if roll >= 6 {
            Side::Heroes
        } else {
            Side::Director
        };
        log.push(
            rule::FIRST_SIDE_ROLL,
            Event::FirstSideRolled { roll, chooser },
        );
        turn.awaiting_first_side_choice = Some(chooser);
    }
}

fn start_first_round(turn: &mut TurnState, log: &mut EventLog, roster: &[RosterEntry], side: Side) {
    turn.first_side = Some(side);
    start_round(turn, log, roster);
}

fn start_round(turn: &mut TurnState, log: &mut EventLog, roster: &[RosterEntry]) {
    turn.round = match turn.round {
        0 => turn.opening_round.unwrap_or(1),
        round => round + 1,
    };
    turn.acted.clear();
    turn.group = None;
    log.push(rule::ROUND_START, Event::RoundStarted { round: turn.round });
    let first = turn
        .first_side
        .expect("first side is set before a round starts");
    let (side, back_to_back) = if turn.waiting(roster, first).next().is_some() {
        (first, false)
    } else {
        (first.other(), true)
    };
    turn.next_side = Some(side);
    log.push(
        rule::TURN_ORDER,
        Event::NextToAct {
            side,
            group: None,
            back_to_back,
        },
    );
}

/// Command stage: choosing who goes first, starting and ending turns.
pub fn resolve_turn_commands(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    query: RosterQuery,
    mut budgets: Query<(
        Entity,
        &CreatureId,
        &mut ActionBudget,
        Has<Defending>,
        Has<crate::creature::Minion>,
    )>,
    mut aided: Query<(&CreatureId, &mut crate::creature::Aided)>,
    mut heroes: Query<(&CreatureId, &mut crate::creature::Hero)>,
) {
    match &command.0 {
        Some(Command::ChooseFirstSide { side }) => {
            let chooser = turn
                .awaiting_first_side_choice
                .take()
                .expect("validated: a first-side choice is awaited");
            log.push(
                rule::FIRST_SIDE_CHOICE,
                Event::FirstSideChosen {
                    side: *side,
                    chooser,
                },
            );
            start_first_round(&mut turn, &mut log, &roster(query.iter()), *side);
        }
        Some(Command::StartTurn { creature }) => {
            let roster = roster(query.iter());
            let entry = roster
                .iter()
                .find(|r| &r.id == creature)
                .expect("validated");
            if entry.side == Side::Director {
                turn.group = Some(entry.group.clone());
            }
            turn.current = Some(creature.clone());
            turn.last_ended = None;
            log.push(
                rule::TURN_START,
                Event::TurnStarted {
                    creature: creature.clone(),
                    round: turn.round,
                },
            );
            aid::lapse(creature, &mut log, &mut aided);
            if let Some((_, mut hero)) = heroes
                .iter_mut()
                .find(|h| &h.0.0 == creature && h.1.resource_per_turn != 0)
            {
                hero.heroic_resource += hero.resource_per_turn;
                log.push(
                    rule::HEROIC_RESOURCE,
                    Event::ResourceGained {
                        creature: creature.clone(),
                        amount: hero.resource_per_turn,
                        now: hero.heroic_resource,
                        because: None,
                    },
                );
            }
            if let Some((entity, _, mut budget, defending, minion)) =
                budgets.iter_mut().find(|b| &b.1.0 == creature)
            {
                *budget = ActionBudget::fresh_turn(minion);
                if defending {
                    // Defend lasts until the start of the defender's next turn (seed 002 L2946).
                    commands.entity(entity).remove::<Defending>();
                    log.push(
                        rule::DEFEND,
                        Event::EffectEnded {
                            creature: creature.clone(),
                            effect: "defending".into(),
                        },
                    );
                }
            }
        }
        Some(Command::EndTurn { creature }) => {
            let side = roster(query.iter())
                .iter()
                .find(|r| &r.id == creature)
                .map(|r| r.side)
                .expect("validated");
            turn.current = None;
            turn.acted.insert(creature.clone());
            if let Some((_, _, mut budget, _, minion)) =
                budgets.iter_mut().find(|b| &b.1.0 == creature)
            {
                // seed 002 L4410-4412: a minion that only moved keeps its main action for the
                // squad's strike later this round; nothing else is left.
                let kept = u32::from(minion && budget.main > 0 && !budget.maneuver_used);
                *budget = ActionBudget {
                    main: kept,
                    maneuver_used: kept > 0,
                    move_used: kept > 0,
                    minion,
                    defended: false,
                };
            }
            log.push(
                rule::TURN_END,
                Event::TurnEnded {
                    creature: creature.clone(),
                },
            );
            turn.turn_just_ended = Some(side);
            turn.last_ended = Some(creature.clone());
        }
        _ => {}
    }
}

/// Turn-flow stage: after a turn ends, pass the pick to the right side; when everyone has
/// acted, end the round (surprise ends with round 1) and start the next.
pub fn advance_turn_flow(
    mut commands: Commands,
    mut turn: ResMut<TurnState>,
    mut log: ResMut<EventLog>,
    query: RosterQuery,
    surprised: Query<(Entity, &CreatureId), With<Surprised>>,
) {
    let Some(just) = turn.turn_just_ended.take() else {
        return;
    };
    if turn.outcome.is_some() {
        return;
    }
    let roster = roster(query.iter());
    match turn.next_pick(&roster, just) {
        Some((side, group, back_to_back)) => {
            turn.group = group.clone();
            turn.next_side = Some(side);
            log.push(
                rule::TURN_ORDER,
                Event::NextToAct {
                    side,
                    group,
                    back_to_back,
                },
            );
        }
        None => {
            log.push(rule::ROUND_END, Event::RoundEnded { round: turn.round });
            if turn.round == 1 {
                let mut ended: Vec<_> = surprised.iter().collect();
                ended.sort_by(|a, b| a.1.0.cmp(&b.1.0));
                for (entity, id) in ended {
                    commands.entity(entity).remove::<Surprised>();
                    log.push(
                        rule::SURPRISE_END,
                        Event::SurpriseEnded {
                            creature: id.0.clone(),
                        },
                    );
                }
            }
            start_round(&mut turn, &mut log, &roster);
        }
    }
}
