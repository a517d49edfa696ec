//! A first AI player for either side: it reads the published state, asks the engine for the
//! legal options (reachable squares, forced-movement outcomes), scores them, and answers with
//! commands like a person would. It never breaks a rule because every option comes from the
//! engine, and it is deterministic: ties go to the first option in a fixed order.
//!
//! Tactics, in order: stand up if prone; heal a dying ally beside it; knock an adjacent enemy
//! into something when that hurts; use the ability (or free strike) the engine's preview says
//! does the most — expected damage, forced movement and conditions on enemies, less what it
//! does to allies — aiming areas at each enemy in turn; charging in when a clear
//! straight line reaches it; otherwise move next to the weakest reachable enemy without
//! provoking if it can; search for enemies hidden from it; aid an ally's attack; hide when it
//! has cover and no enemy beside it; catch its breath when winded; end the turn.
//! Off its turn it answers trigger windows: a triggered ability when the preview says it helps
//! (or it gives a strike at a friend a bane, halves its damage, or takes it in a weaker
//! friend's place), else it lets the moment pass; a move an answer grants it passes up.
//!
//! The Director plays [`Director::Cunning`] by default: its creatures close on the hero their
//! side is wearing down and gang up on it, a brute with a burst wades into a crowd, a strike
//! that drops or kills a hero is worth more, and Malice goes into Malicious Strike (on any
//! strike, a free strike too, bought before the move) and family features rather than waiting
//! to be lost. [`Director::Plain`] is the first AI Director, kept to measure against
//! (`steelgrid sim <scenario> --seeds N --director plain`).

use serde::Serialize;

use crate::ability::hero_token::SurgeSpend;
use crate::command::Command;
use crate::creature::Side;
use crate::engine::{CreatureView, Engine, StateView};
use crate::forced::ForcedSpec;
use crate::grid::{Footprint, Square};
use crate::movement::{Gait, Reach};

/// One option the AI weighed, for the log: the command and its score.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Considered {
    /// The command in RON, as command files write it.
    pub command: String,
    pub score: i32,
    /// The command itself, for a client to put into words.
    #[serde(skip)]
    pub weighed: Command,
}

/// A decision: the command chosen and the best options it was chosen from.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Decision {
    pub side: Side,
    pub command: Command,
    pub top: Vec<Considered>,
}

/// The side that must answer now, if any: a first-side choice, a push to place, a trigger
/// window (the side of the first creature it waits on: heroes first), a creature to pick, or
/// the creature taking its turn.
pub fn side_to_answer(state: &StateView) -> Option<Side> {
    if state.status != "in_progress" {
        return None;
    }
    if let Some(side) = state.awaiting_first_side_choice {
        return Some(side);
    }
    match creature_to_answer(state) {
        Some(id) => state.creatures.iter().find(|c| c.id == id).map(|c| c.side),
        None => state.acting_side,
    }
}

/// The creature that must answer now, if one does: a faller choosing where it lands, the one
/// placing a push, the first one a trigger window waits on, or the one taking its turn. None when a side picks who acts next
/// or chooses who goes first.
pub fn creature_to_answer(state: &StateView) -> Option<&str> {
    if state.status != "in_progress" || state.awaiting_first_side_choice.is_some() {
        return None;
    }
    if let Some(l) = &state.landing {
        return Some(&l.creature);
    }
    if let Some(p) = &state.pending_forced {
        return Some(&p.forcer);
    }
    if let Some(w) = state
        .trigger_window
        .as_ref()
        .and_then(|w| w.waiting.first())
    {
        return Some(&w.creature);
    }
    state.turn.as_deref()
}

/// Where a faller comes down: beside the nearest enemy it can strike, else anywhere; nearer
/// enemies score higher.
fn landing_options(state: &StateView, l: &crate::turn::pending::Landing) -> Vec<(Command, i32)> {
    let Some(me) = state.creatures.iter().find(|c| c.id == l.creature) else {
        return Vec::new();
    };
    l.squares
        .iter()
        .map(|&to| {
            let here = Footprint::new(to, me.size);
            let nearest = state
                .creatures
                .iter()
                .filter(|c| c.side != me.side && !c.dead)
                .map(|c| here.distance(Footprint::new(c.position, c.size)))
                .min()
                .unwrap_or(0);
            let command = Command::Land {
                creature: l.creature.clone(),
                to,
            };
            (command, -(nearest as i32))
        })
        .collect()
}

fn decision(side: Side, mut options: Vec<(Command, i32)>) -> Option<Decision> {
    // Highest score first; the sort is stable, so ties keep their fixed order.
    options.sort_by_key(|o| std::cmp::Reverse(o.1));
    let top = options
        .iter()
        .take(3)
        .map(|(c, s)| Considered {
            command: c.to_ron(),
            score: *s,
            weighed: c.clone(),
        })
        .collect();
    options
        .into_iter()
        .next()
        .map(|(command, _)| Decision { side, command, top })
}

/// How the AI Director plays its creatures (the heroes' AI plays one way).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Director {
    /// Each creature closes on the nearest hero and strikes the weakest one in reach.
    Plain,
    /// The side fights as one: creatures close on the hero it is already wearing down and
    /// gang up on it, and a strike that drops a hero, or kills a dying one, is worth more.
    #[default]
    Cunning,
}

impl Director {
    /// Whether a creature of `side` plays the cunning Director's way.
    fn cunning_for(self, side: Side) -> bool {
        side == Side::Director && self == Director::Cunning
    }
}

/// What `side` does next, or `None` when it is not that side's move (the default Director).
pub fn decide(engine: &Engine, side: Side) -> Option<Decision> {
    let state = engine.state_unhashed();
    (side_to_answer(&state) == Some(side))
        .then(|| decide_for(engine, &state, side, Director::default()))
        .flatten()
}

/// The next decision of whichever side must answer now, its Director playing as `director`:
/// what a game played AI against AI steps by.
pub fn next(engine: &Engine, director: Director) -> Option<Decision> {
    next_of(engine, &[Side::Heroes, Side::Director], director)
}

/// The next decision if the side that must answer now is one of `sides` (the AI's seats); none,
/// without weighing anything, when it is another side's move.
pub fn next_of(engine: &Engine, sides: &[Side], director: Director) -> Option<Decision> {
    let state = engine.state_unhashed();
    let side = side_to_answer(&state).filter(|side| sides.contains(side))?;
    decide_for(engine, &state, side, director)
}

/// What `side`, the side to answer in `state`, does.
fn decide_for(
    engine: &Engine,
    state: &StateView,
    side: Side,
    director: Director,
) -> Option<Decision> {
    if state.awaiting_first_side_choice.is_some() {
        // Going first lets it strike before the other side closes in.
        return decision(side, vec![(Command::ChooseFirstSide { side }, 1)]);
    }
    if let Some(l) = &state.landing {
        return decision(side, landing_options(state, l));
    }
    if let Some(p) = state.pending_forced.clone() {
        let spec = p.spec();
        let outcomes = engine.forced_choices(&spec).ok()?;
        let options = outcomes
            .into_iter()
            .map(|o| {
                let score = state
                    .creatures
                    .iter()
                    .map(|c| {
                        let hurt = o.damage_to(&c.id) as i32;
                        if c.side == side { -hurt } else { hurt }
                    })
                    .sum();
                (spec.command_for(&o), score)
            })
            .collect();
        return decision(side, options);
    }
    if let Some(w) = state
        .trigger_window
        .as_ref()
        .and_then(|w| w.waiting.first())
    {
        // Use a triggered ability when the preview says it helps, else let the moment pass.
        let me = state.creatures.iter().find(|c| c.id == w.creature)?;
        let mut options = vec![(
            Command::PassTrigger {
                creature: w.creature.clone(),
            },
            0,
        )];
        options.extend(ability_options(
            engine,
            state,
            me,
            Moment::Trigger(w),
            director,
        ));
        // An opportunity attack is always worth taking.
        if let Some(crate::trigger::Happening::Leaving { creature }) =
            state.trigger_window.as_ref().map(|w| &w.happening)
            && w.opportunity
        {
            let strike = Command::free_strike(&w.creature, creature, false);
            if engine.check(&strike).is_ok() {
                options.push((strike, 10));
            }
        }
        return decision(side, options);
    }
    let Some(actor) = state.turn.clone() else {
        if side == Side::Director
            && let Some(d) = villain_action(engine, state, director)
        {
            return Some(d);
        }
        return pick_creature(state, side);
    };
    act(engine, state, side, &actor, director)
}

/// The AI Director breaks its forces' morale (Last-Stand Stamina, when the scenario allows
/// it: seed 002 L4667-4669) once the heroes' victory is certain, which this AI reads as: the
/// heroes' Stamina left is at least four times its own creatures'.
fn last_stand(engine: &Engine, state: &StateView, me: &CreatureView) -> Option<Command> {
    let command = Command::LastStand {
        creature: me.id.clone(),
    };
    engine.check(&command).ok()?;
    let left = |side: Side| -> i32 {
        state
            .creatures
            .iter()
            .filter(|c| c.side == side && !c.dead)
            .map(|c| c.stamina.current.max(0))
            .sum()
    };
    (left(Side::Heroes) >= 4 * left(Side::Director)).then_some(command)
}

/// Free strikes abilities granted this side's creatures (seed 002 L2960-2962): taken first,
/// before they lapse, on the enemy with the least Stamina left.
/// What a free strike is worth to the scores, in damage: about a level-1 free strike's.
const FREE_STRIKE_WORTH: f64 = 5.0;

/// For each tier of `ability` (or its effect alone, without a roll), whether it grants its
/// target a free strike.
fn grants_free_strike(ability: &crate::ability::Ability) -> Vec<bool> {
    let effect = ability.effect.as_ref().is_some_and(|e| e.grant_free_strike);
    match &ability.power_roll {
        Some(r) => [&r.tier1, &r.tier2, &r.tier3]
            .map(|o| o.grant_free_strike || effect)
            .to_vec(),
        None => vec![effect],
    }
}

fn granted_strikes(engine: &Engine, state: &StateView, side: Side) -> Vec<(Command, i32)> {
    let mut options = Vec::new();
    for g in state
        .granted
        .iter()
        .filter(|g| g.movement == crate::turn::pending::Granted::FreeStrike)
    {
        let Some(me) = state
            .creatures
            .iter()
            .find(|c| c.id == g.target && c.side == side)
        else {
            continue;
        };
        for enemy in state.enemies_of(me) {
            let best = [false, true]
                .into_iter()
                .map(|ranged| Command::free_strike(&me.id, &enemy.id, ranged))
                .find(|strike| engine.check(strike).is_ok());
            if let Some(strike) = best {
                // It costs nothing, so it comes before anything the turn pays for.
                options.push((strike, 80 - enemy.stamina.current.clamp(0, 30) / 10));
            }
        }
    }
    options
}

/// Pick whose turn starts: the creature with an enemy closest to it (it can do the most now).
fn pick_creature(state: &StateView, side: Side) -> Option<Decision> {
    let options = state
        .creatures
        .iter()
        .filter(|c| c.side == side && !c.acted_this_round && !c.dead && !c.unconscious)
        .filter(|c| match &state.group {
            Some(g) => c.group.as_ref() == Some(g) || (c.group.is_none() && &c.id == g),
            None => true,
        })
        .map(|c| {
            let nearest = state.enemies_of(c).map(|e| c.gap(e)).min().unwrap_or(99);
            (
                Command::StartTurn {
                    creature: c.id.clone(),
                },
                -(nearest as i32),
            )
        })
        .collect::<Vec<_>>();
    decision(side, options)
}

/// A creature's turn: one command at a time, the best legal one.
fn act(
    engine: &Engine,
    state: &StateView,
    side: Side,
    actor: &str,
    director: Director,
) -> Option<Decision> {
    let me = state.creatures.iter().find(|c| c.id == actor)?.clone();
    let end = (
        Command::EndTurn {
            creature: actor.to_owned(),
        },
        0,
    );
    if me.dead || me.unconscious {
        return decision(side, vec![end]);
    }
    let turn = Turn {
        engine,
        state,
        me: &me,
        adjacent: state.enemies_of(&me).filter(|e| me.gap(e) <= 1).collect(),
        reach: std::cell::OnceCell::new(),
        cunning: director.cunning_for(side),
    };
    if let Some(stand) = turn.stand_up() {
        return decision(side, vec![(stand, 50)]);
    }
    if let Some(broken) = last_stand(engine, state, &me) {
        return decision(side, vec![(broken, 100)]);
    }
    let mut options = vec![end];
    options.extend(granted_strikes(engine, state, side));
    options.extend(turn.knockbacks());
    options.extend(turn.free_strikes());
    options.extend(ability_options(engine, state, &me, Moment::Turn, director));
    options.extend(malice_options(engine, state, &me, &options, director));
    let hold = holds_for_squad(state, &me);
    // The last member to act leads the squad's strike: with members waiting on it and its move
    // unused, it first closes in rather than strike alone.
    let leads = !hold
        && me.actions.move_unused
        && waiting_mates(state, &me) > 0
        && !options
            .iter()
            .any(|(c, _)| matches!(c, Command::UseAbility { squad, .. } if !squad.is_empty()));
    if leads {
        options.retain(|(c, _)| !matches!(c, Command::FreeStrike { .. }));
    }
    let can_strike_now = !hold
        && !leads
        && options.iter().any(|(c, _)| {
            matches!(c, Command::FreeStrike { .. })
                || matches!(c, Command::UseAbility { targets, .. } if !targets.is_empty())
        });
    // An objective that sends this creature somewhere (seed 002 L4542-4625): the squares to
    // reach, and how far it is from them now.
    let goal = objective_goal(engine, &me);
    let goal_now = distance_to(&goal, &me.footprint);
    options.extend(turn.objective_actions(goal_now));
    if me.actions.move_action && (!can_strike_now || goal_now.is_some_and(|d| d > 0)) {
        options.extend(turn.advances(&goal, goal_now));
    }
    if me.actions.main {
        options.extend(turn.heals());
        if !can_strike_now {
            options.extend(turn.charges());
        }
    }
    options.extend(turn.maneuvers());
    if leads {
        options.retain(|(c, _)| !matches!(c, Command::Charge { .. }));
    }
    if hold {
        // A minion's maneuver costs its main action too (seed 002 L4416): only moves.
        options.retain(|(c, _)| match c {
            Command::Advance { .. } | Command::Disengage { .. } => me.actions.move_unused,
            c => matches!(c, Command::EndTurn { .. }),
        });
    }
    decision(side, options)
}

/// How far `footprint` is from the nearest square of an objective's `goal`, if there is one.
fn distance_to(goal: &Option<Vec<Square>>, footprint: &[Square]) -> Option<i32> {
    goal.as_ref().map(|g| {
        footprint
            .iter()
            .flat_map(|s| g.iter().map(move |t| s.distance(*t)))
            .min()
            .unwrap_or(0) as i32
    })
}

/// A creature's turn as the AI weighs it: the options of each kind, scored.
struct Turn<'a> {
    engine: &'a Engine,
    state: &'a StateView,
    me: &'a CreatureView,
    /// The enemies next to it.
    adjacent: Vec<&'a CreatureView>,
    /// Where it can move now, asked of the engine once for the advances and the charges.
    reach: std::cell::OnceCell<Vec<Reach>>,
    /// A creature of the cunning Director's.
    cunning: bool,
}

type Options = Vec<(Command, i32)>;

impl Turn<'_> {
    fn legal(&self, command: &Command) -> bool {
        self.engine.check(command).is_ok()
    }

    fn actor(&self) -> String {
        self.me.id.clone()
    }

    fn reach(&self) -> &[Reach] {
        self.reach.get_or_init(|| {
            self.engine
                .reachable(&self.me.id, Gait::Move)
                .unwrap_or_default()
        })
    }

    /// A prone creature stands up first.
    fn stand_up(&self) -> Option<Command> {
        let stand = Command::StandUp {
            creature: self.actor(),
        };
        (self.me.conditions.iter().any(|c| c == "prone") && self.legal(&stand)).then_some(stand)
    }

    /// Knockback when the best push hurts.
    fn knockbacks(&self) -> Options {
        let mut options = Vec::new();
        if !self.me.actions.maneuver {
            return options;
        }
        for target in &self.adjacent {
            let spec = ForcedSpec::open(
                crate::forced::ForcedKind::Push,
                Some(self.actor()),
                target.id.clone(),
                2,
                true,
            );
            let best = self
                .engine
                .forced_choices(&spec)
                .ok()
                .and_then(|o| o.iter().map(|o| o.damage_to(&target.id) as i32).max())
                .unwrap_or(0);
            let knockback = Command::Knockback {
                creature: self.actor(),
                target: target.id.clone(),
            };
            if best >= 3 && self.legal(&knockback) {
                options.push((knockback, 10 + best));
            }
        }
        options
    }

    /// Melee and ranged free strikes on every enemy in reach.
    fn free_strikes(&self) -> Options {
        let me = self.me;
        let mut options = Vec::new();
        if !me.actions.main {
            return options;
        }
        for target in self.state.enemies_of(me) {
            for ranged in [false, true] {
                let reach = if ranged {
                    me.free_strike_ranged
                } else {
                    me.free_strike_melee
                };
                if me.gap(target) > reach {
                    continue;
                }
                let strike = Command::free_strike(&me.id, target.id.clone(), ranged);
                if self.legal(&strike) {
                    // On the abilities' scale: the expected damage against about 5, favouring
                    // finishing the weak. A hero rolls 2/5/7 (ranged 2/4/6) + Might or Agility,
                    // a Director creature deals its fixed value (seed 002 L2974-3000, L4147).
                    let c = &me.characteristics;
                    let damage = if me.hero {
                        5 + c.might.max(c.agility) - i32::from(ranged)
                    } else {
                        me.free_strike as i32
                    };
                    let score = 20 + 30 - target.stamina.current.min(30) + 2 * (damage - 5)
                        - if ranged { 3 } else { 0 };
                    options.push((strike, score));
                }
            }
        }
        options
    }

    /// Work on a task, or flee when leaving serves an objective (a carrier or a ward at the
    /// exit, `goal_now` 0).
    fn objective_actions(&self, goal_now: Option<i32>) -> Options {
        let work = Command::WorkOnTask {
            creature: self.actor(),
        };
        let flee = Command::Flee {
            creature: self.actor(),
        };
        let mut options: Options = [(work, 45, true), (flee, 70, goal_now == Some(0))]
            .into_iter()
            .filter(|(command, _, wanted)| *wanted && self.legal(command))
            .map(|(command, score, _)| (command, score))
            .collect();
        options.extend(self.called_tests());
        options
    }

    /// Make a test the scenario called for, where the actor may: scored below striking, so a
    /// hero with a foe in reach fights first. Tests it can't make are simply ignored.
    fn called_tests(&self) -> Options {
        let mut tasks: Vec<&str> = self
            .engine
            .called_tests()
            .iter()
            .filter(|t| t.open_to(&self.me.id))
            .map(|t| t.call.task.as_str())
            .collect();
        tasks.dedup();
        tasks
            .into_iter()
            .map(|task| Command::called_test(&self.me.id, task))
            .filter(|command| self.legal(command))
            .map(|command| (command, 15))
            .collect()
    }

    /// Advances that close in, on the enemy or on the objective's `goal`; the cunning
    /// Director's creatures close in on the enemy [`focus`] picks.
    fn advances(&self, goal: &Option<Vec<Square>>, goal_now: Option<i32>) -> Options {
        let me = self.me;
        let space = |c: &CreatureView| Footprint::new(c.position, c.size);
        let targets: Vec<(&CreatureView, Footprint)> =
            self.state.enemies_of(me).map(|t| (t, space(t))).collect();
        let gap = |fp: Footprint| targets.iter().map(move |(_, t)| fp.distance(*t));
        let now = gap(space(me)).min().unwrap_or(99) as i32;
        let bursts = self.cunning
            && me.abilities.iter().any(|a| {
                matches!(a.distance, crate::ability::Distance::Burst(_))
                    && a.action == crate::ability::ActionType::MainAction
            });
        let mut options = Vec::new();
        for r in self.reach() {
            let moved = Footprint::new(r.square, me.size);
            let closest = gap(moved).min().unwrap_or(99) as i32;
            let beside = targets.iter().filter(|(_, t)| moved.distance(*t) <= 1);
            let focus = beside
                .clone()
                .map(|(t, _)| {
                    if self.cunning {
                        focus(self.state, me, t)
                    } else {
                        0
                    }
                })
                .max();
            // Only moves that close in (on the enemy, or on the objective) are worth more than
            // ending the turn.
            let squares: Vec<Square> = moved.squares().collect();
            let toward_goal = match (goal_now, distance_to(goal, &squares)) {
                (Some(before), Some(after)) => 4 * (before - after) + 30 * i32::from(after == 0),
                _ => 0,
            };
            // A burst hits everyone beside it: the cunning Director wades into a crowd.
            let crowd = if bursts {
                6 * (beside.clone().count() as i32 - 1).max(0)
            } else {
                0
            };
            let score = 2 * (now - closest) + crowd + focus.map_or(0, |f| 15 + f) + toward_goal
                - 8 * i32::from(r.provokes)
                - 10 * i32::from(r.falls);
            if score > 0 {
                let advance = Command::Advance {
                    creature: self.actor(),
                    path: r.path.clone(),
                };
                options.push((advance, score));
            }
        }
        options
    }

    /// Heal an adjacent ally who is dying (most) or winded.
    fn heals(&self) -> Options {
        let me = self.me;
        let mut options = Vec::new();
        for ally in self
            .state
            .creatures
            .iter()
            .filter(|c| c.side == me.side && c.id != me.id)
        {
            if me.gap(ally) > 1 || ally.dead || !(ally.dying || ally.winded) {
                continue;
            }
            let heal = Command::Heal {
                creature: self.actor(),
                target: ally.id.clone(),
            };
            if self.legal(&heal) {
                options.push((heal, if ally.dying { 60 } else { 18 }));
            }
        }
        options
    }

    /// Charge along a straight, clear line to strike an enemy out of reach.
    fn charges(&self) -> Options {
        // A Charge moves in a straight line at 1 movement a square and ends on its feet
        // (seed 002 L2940-2944): only such paths are put to the engine.
        let from = self.me.position;
        let charging = |r: &&Reach| {
            !r.provokes
                && !r.falls
                && r.cost == r.path.len() as u32
                && crate::grid::straight_path(from, &r.path)
        };
        let mut options = Vec::new();
        for r in self.reach().iter().filter(charging) {
            let end = Footprint::new(r.square, self.me.size);
            // It ends with a melee free strike: only enemies within its reach from there.
            let in_reach = |t: &&CreatureView| {
                end.distance(Footprint::new(t.position, t.size)) <= self.me.free_strike_melee
            };
            for target in self.state.enemies_of(self.me).filter(in_reach) {
                let charge = Command::Charge {
                    creature: self.actor(),
                    path: r.path.clone(),
                    target: target.id.clone(),
                };
                if self.legal(&charge) {
                    let score = 19 + 30 - target.stamina.current.min(30);
                    options.push((charge, score));
                }
            }
        }
        options
    }

    /// Aid an ally's coming attack when there is nothing better to do with the maneuver; look
    /// for enemies hidden from it (only an area could reach them otherwise); hide when nothing
    /// is next to it and it has cover; catch its breath when winded.
    fn maneuvers(&self) -> Options {
        let me = self.me;
        let mut options = Vec::new();
        if !me.actions.maneuver {
            return options;
        }
        if let Some(enemy) = self.adjacent.first() {
            let aid = Command::AidAttack {
                creature: self.actor(),
                target: enemy.id.clone(),
            };
            if !enemy.effects.contains(&"aided") && self.legal(&aid) {
                options.push((aid, 5));
            }
        }
        let hidden_from_me = self
            .state
            .enemies_of(me)
            .any(|e| e.hidden_from.contains(&me.id));
        let search = Command::Search {
            creature: self.actor(),
        };
        if hidden_from_me && self.legal(&search) {
            options.push((search, 25));
        }
        let hide = Command::Hide {
            creature: self.actor(),
        };
        if self.adjacent.is_empty() && me.hidden_from.is_empty() && self.legal(&hide) {
            options.push((hide, 4));
        }
        let breath = Command::CatchBreath {
            creature: self.actor(),
        };
        // A Recovery kept while winded is Stamina lost to the next blow: a maneuver draws no
        // opportunity attack, so it catches its breath even beside an enemy (seed 002
        // L2847-2851), before its other maneuvers.
        if me.winded && self.legal(&breath) {
            options.push((breath, 30));
        }
        options
    }
}

/// The score at which the cunning Director uses a villain action whatever its script says:
/// on the abilities' scale, 30 to 45 expected damage, squares pushed and conditions over the
/// heroes it reaches. Measured against the script alone on `briar_warden` and `bench_arena`
/// (the README's Director table).
const VILLAIN_ACTION_NOW: i32 = 100;

/// A villain action at the end of a turn, following the digest's script (§3): the opener
/// from the first round, crowd control once two enemies are beside the villain or it is
/// winded, the ultimate from round 4 or when it is winded — each only if the preview says it
/// does real harm; the cunning Director uses any of them early when it would do great harm.
fn villain_action(engine: &Engine, state: &StateView, director: Director) -> Option<Decision> {
    use crate::ability::ActionType;
    let mut options = Vec::new();
    for me in state.creatures.iter().filter(|c| {
        c.side == Side::Director
            && !c.dead
            && !c.unconscious
            && c.abilities
                .iter()
                .any(|a| a.action == ActionType::VillainAction)
    }) {
        let order: Vec<&str> = me
            .abilities
            .iter()
            .filter(|a| a.action == ActionType::VillainAction)
            .map(|a| a.id.as_str())
            .collect();
        let beside = state.enemies_of(me).filter(|e| me.gap(e) <= 1).count();
        for (command, score) in ability_options(engine, state, me, Moment::Villain, director) {
            let Command::UseAbility { ability, .. } = &command else {
                continue;
            };
            let scripted = match order.iter().position(|id| id == ability) {
                Some(0) => true,
                Some(1) => beside >= 2 || me.winded,
                _ => state.round >= 4 || me.winded,
            };
            // Each is used once an encounter, in any order (seed 002 L4186-4188): the cunning
            // Director doesn't save one for its place in the script while it would already do
            // great harm now.
            let overwhelming = director.cunning_for(me.side) && score >= VILLAIN_ACTION_NOW;
            if (scripted || overwhelming) && score >= 25 {
                options.push((command, score + 20));
            }
        }
    }
    decision(Side::Director, options)
}

/// Malice for a monster at the start of its turn (seed 002 L4340-4362), spent with a plan:
/// a family feature that hurts, Malicious Strike when a strike is in reach (keeping some back
/// for later rounds; the cunning Director keeps nothing back, and buys it whenever a strike is
/// within a move), Brutal Effectiveness before an ability with a potency, an extra main
/// action when Malice is plentiful (the cunning Director: whenever it can pay for it). Each is
/// only offered if the engine accepts it now.
fn malice_options(
    engine: &Engine,
    state: &StateView,
    me: &CreatureView,
    options: &[(Command, i32)],
    director: Director,
) -> Vec<(Command, i32)> {
    use crate::director::malice::MaliceSpend;
    if me.side != Side::Director || !(me.actions.main && me.actions.maneuver) {
        return Vec::new();
    }
    let cunning = director.cunning_for(me.side);
    let malice = &state.malice;
    let best = |pred: &dyn Fn(&Command) -> bool| {
        options.iter().filter(|(c, _)| pred(c)).map(|o| o.1).max()
    };
    let strike_ready = best(&|c| {
        matches!(c, Command::UseAbility { ability, targets, .. }
            if !targets.is_empty() && me.abilities.iter().any(|a| &a.id == ability
                && a.keywords.contains(&crate::ability::Keyword::Strike)))
    })
    .is_some_and(|s| s >= 20)
        || (cunning && strike_within_a_move(state, me));
    let mut out = Vec::new();
    let spend = |spend: MaliceSpend| Command::SpendMalice {
        creature: me.id.clone(),
        spend,
    };
    for f in &malice.features {
        let value = match f.effect.as_str() {
            e if e.starts_with("each enemy takes") => {
                let beside: usize = state
                    .enemies_of(me)
                    .map(|e| {
                        state
                            .creatures
                            .iter()
                            .filter(|c| c.side == Side::Director && !c.dead && c.gap(e) <= 1)
                            .count()
                    })
                    .sum();
                beside as i32 * 3
            }
            // Another main action is another strike: the cunning Director buys it whenever it
            // can pay for it (the engine refuses it otherwise), the first only when Malice is
            // plentiful.
            e if e.contains("main action") => i32::from(cunning || malice.current >= 10) * 12,
            _ => 0,
        };
        if value >= if cunning { 3 } else { 6 } {
            out.push((spend(MaliceSpend::Feature { id: f.id.clone() }), 50 + value));
        }
    }
    if strike_ready && malice.current >= 5 {
        let highest = me.characteristics.highest().max(0) as u32;
        // The cunning Director puts all it can into it: unspent Malice is lost at the end
        // (seed 002 L4336), and more comes every round.
        let keep = if cunning {
            malice.current
        } else {
            malice.current.saturating_sub(5) / 2
        };
        let amount = (5 + keep).min(crate::director::malice::malicious_strike_max(
            highest as i32,
        ));
        out.push((spend(MaliceSpend::MaliciousStrike { malice: amount }), 60));
    }
    let potency = me.abilities.iter().any(|a| a.potency);
    if potency && malice.current >= 3 {
        out.push((spend(MaliceSpend::BrutalEffectiveness), 55));
    }
    out.retain(|(c, _)| engine.check(c).is_ok());
    out
}

/// How much the cunning Director wants `me` beside `target`: the less Stamina the target
/// has left (a dying hero is one blow from death: seed 002 L3080-3092) and the more of its
/// creatures already beside it (ganging up flanks it: seed 002 L3002-3008), the more.
fn focus(state: &StateView, me: &CreatureView, target: &CreatureView) -> i32 {
    let there = state
        .creatures
        .iter()
        .filter(|c| c.side == me.side && c.id != me.id && !c.dead && !c.unconscious)
        .filter(|c| c.gap(target) <= 1)
        .count() as i32;
    (30 - target.stamina.current.clamp(-30, 30)) * 3 / 10 + 4 * there.min(3)
}

/// What `damage` to `target` is worth to the cunning Director beyond the damage itself: a hero
/// dropped to 0 Stamina is dying (seed 002 L3062-3078), and one driven to minus its winded
/// value is dead (L3080-3092); any other creature dies at 0.
fn finishes(target: &CreatureView, damage: i32) -> f64 {
    let left = target.stamina.current;
    let dead_at = if target.hero {
        -(target.stamina.max / 2)
    } else {
        0
    };
    let drops = target.hero && left > 0 && left - damage <= 0;
    let kills = left - damage <= dead_at;
    10.0 * f64::from(u8::from(drops)) + 20.0 * f64::from(u8::from(kills))
}

/// Whether `me` has a strike that could reach an enemy after moving its speed: Malicious
/// Strike lasts until its next strike (seed 002 L4358-4360), so it may be bought before the move.
fn strike_within_a_move(state: &StateView, me: &CreatureView) -> bool {
    use crate::ability::{Distance, Keyword};
    let reach = me
        .abilities
        .iter()
        .filter(|a| a.keywords.contains(&Keyword::Strike))
        .filter_map(|a| match a.distance {
            Distance::Melee(n) | Distance::Ranged(n) => Some(n),
            Distance::MeleeOrRanged(m, r) => Some(m.max(r)),
            _ => None,
        })
        .chain([me.free_strike_melee, me.free_strike_ranged])
        .max();
    reach.is_some_and(|r| state.enemies_of(me).any(|e| me.gap(e) <= me.speed + r))
}

/// A squad member whose squad has others still to take their turn this round only moves into
/// reach and keeps its main action, so the last member to act strikes for them all
/// (seed 002 L4410-4412: the squad's main actions are taken together).
fn holds_for_squad(state: &StateView, me: &CreatureView) -> bool {
    let Some(squad) = me.squad.as_ref() else {
        return false;
    };
    me.actions.main
        && state.creatures.iter().any(|c| {
            c.id != me.id
                && c.squad.as_ref() == Some(squad)
                && !c.dead
                && !c.unconscious
                && !c.acted_this_round
        })
}

/// Where an objective still pending sends `me`: a hero carrying the thing, or a ward, to the
/// exit; a hero to the thing lying on the map, to the task's zone or to the defenses; a
/// Director creature into the zone the heroes hold off. `None` when no objective moves it.
fn objective_goal(engine: &Engine, me: &CreatureView) -> Option<Vec<Square>> {
    use crate::encounter::{ItemPlace, Objective, Status};
    let info = engine.encounter();
    let zone = |name: &str| engine.map().zones.get(name).cloned();
    let heroes = me.side == Side::Heroes;
    for (i, (objective, status)) in info.objectives.iter().zip(info.statuses()).enumerate() {
        if status != Status::Pending {
            continue;
        }
        let item = info
            .progress
            .objectives
            .get(i)
            .and_then(|p| p.item.as_ref());
        let squares = match objective {
            Objective::GetTheThing { exit, .. } if heroes => match item {
                Some(ItemPlace::Held(holder)) if *holder == me.id => zone(exit),
                Some(ItemPlace::Lying(at)) => Some(vec![*at]),
                _ => None,
            },
            Objective::SaveAnother { wards, exit } if wards.contains(&me.id) => zone(exit),
            Objective::Escort { ward, destination } if *ward == me.id => zone(destination),
            Objective::CompleteTheAction { zone: z, .. }
            | Objective::AssaultTheDefenses { zone: z, .. }
                if heroes =>
            {
                zone(z)
            }
            Objective::HoldThemOff { zone: z, .. } if !heroes => zone(z),
            _ => None,
        };
        if let Some(squares) = squares.filter(|s| !s.is_empty()) {
            return Some(squares);
        }
    }
    None
}

/// Members of the actor's squad whose turn is over with their main action kept for the
/// squad's strike.
fn waiting_mates(state: &StateView, me: &CreatureView) -> usize {
    let Some(squad) = me.squad.as_ref() else {
        return 0;
    };
    state
        .creatures
        .iter()
        .filter(|c| c.id != me.id && c.squad.as_ref() == Some(squad))
        .filter(|c| !c.dead && !c.unconscious && c.acted_this_round && c.actions.main)
        .count()
}

/// What an answer to being targeted is worth: a bane or halved damage about a free strike's
/// damage; taking the target's place as much, when the user has more Stamina left than it.
fn shielding(engine: &Engine, state: &StateView, me: &CreatureView, ability: &str) -> f64 {
    let Some(effect) = engine.ability(ability).and_then(|a| a.effect.as_ref()) else {
        return 0.0;
    };
    let Some(crate::trigger::Happening::Targeted { creature, .. }) =
        state.trigger_window.as_ref().map(|w| &w.happening)
    else {
        return 0.0;
    };
    let sturdier = state
        .creatures
        .iter()
        .find(|c| &c.id == creature)
        .is_some_and(|c| me.stamina.current > c.stamina.current);
    let mut worth = 0.0;
    if effect.bane_on_trigger || effect.halve_trigger_damage {
        worth += 5.0;
    }
    if effect.become_target && sturdier {
        worth += 5.0;
    }
    worth
}

/// When abilities are weighed: on the creature's turn, at the end of a turn for a villain
/// action, or answering a trigger window with the uses it lists.
#[derive(Clone, Copy)]
enum Moment<'a> {
    Turn,
    Villain,
    Trigger(&'a crate::trigger::Waiting),
}

/// Every use of the actor's abilities worth weighing now, scored from the engine's preview:
/// each target's expected outcome over the tier odds, enemies counting for and allies against.
/// Targeted abilities are tried on each creature, cubes centred on each enemy, lines in every
/// direction, bursts and auras as they are.
fn ability_options(
    engine: &Engine,
    state: &StateView,
    me: &CreatureView,
    moment: Moment,
    director: Director,
) -> Vec<(Command, i32)> {
    use crate::ability::area::Direction;
    let cunning = director.cunning_for(me.side);
    use crate::ability::{ActionType, Distance, Party};
    let mut out = Vec::new();
    for a in &me.abilities {
        let left = match (moment, a.action) {
            (Moment::Villain, action) => action == ActionType::VillainAction,
            (Moment::Trigger(_), action) => matches!(
                action,
                ActionType::TriggeredAction | ActionType::FreeTriggeredAction
            ),
            (Moment::Turn, ActionType::MainAction) => me.actions.main,
            (Moment::Turn, ActionType::Maneuver) => me.actions.maneuver,
            (Moment::Turn, _) => false,
        };
        if !left {
            continue;
        }
        let use_it = |targets: Vec<String>, at: Option<Square>, direction: Option<Direction>| {
            Command::UseAbility {
                creature: me.id.clone(),
                ability: a.id.clone(),
                targets,
                at,
                direction,
                squares: Vec::new(),
                ranged: matches!(a.distance, Distance::Ranged(_)),
                tier: None,
                user_tier: None,
                spend: false,
                objects: Vec::new(),
                surges: SurgeSpend::default(),
                squad: Vec::new(),
            }
        };
        let living = state.creatures.iter().filter(|c| !c.dead && !c.unconscious);
        let answering = match moment {
            Moment::Trigger(w) => Some(w),
            _ => None,
        };
        let candidates: Vec<Command> = match a.distance {
            _ if answering.is_some() => answering
                .into_iter()
                .flat_map(|w| &w.options)
                .filter(|o| o.ability == a.id)
                .map(|o| o.command(&me.id))
                .collect(),
            Distance::SelfOnly | Distance::Aura(_) | Distance::Burst(_) => {
                vec![use_it(Vec::new(), None, None)]
            }
            Distance::Cube { side, .. } => state
                .enemies_of(me)
                .map(|e| {
                    let at = crate::ability::area::cube_corner(e.position, side);
                    use_it(Vec::new(), Some(at), None)
                })
                .collect(),
            Distance::Line { .. } => Direction::ALL
                .into_iter()
                .map(|d| {
                    let at =
                        crate::ability::area::line_start(Footprint::new(me.position, me.size), d);
                    use_it(Vec::new(), Some(at), Some(d))
                })
                .collect(),
            Distance::Wall { .. } => Vec::new(),
            Distance::Melee(_) | Distance::Ranged(_) | Distance::MeleeOrRanged(..) => living
                .filter(|c| a.target.admits(Party::of(c.side == me.side, c.id == me.id)))
                .map(|c| use_it(vec![c.id.clone()], None, None))
                .collect(),
        };
        let grants = engine
            .ability(&a.id)
            .map(grants_free_strike)
            .unwrap_or_default();
        for command in candidates {
            let Ok(preview) = engine.preview_ability(&command) else {
                continue;
            };
            let mut value = 0.0;
            let mut weakest = 30;
            let mut finishing = 0.0;
            for t in &preview.targets {
                let Some(c) = state.creatures.iter().find(|c| c.id == t.id) else {
                    continue;
                };
                let odds = t.odds.map_or(vec![1.0], |o| o.to_vec());
                let harm: f64 = odds
                    .iter()
                    .zip(&t.numbers)
                    .map(|(p, n)| p * f64::from(n.damage + n.forced + 3 * n.conditions))
                    .sum();
                if c.side == me.side {
                    // Temporary Stamina helps a friend as far as it beats what it has (it
                    // doesn't stack); anything else hurts one.
                    // Healing is worth what it gives back, and most to the hurt.
                    let healed = if c.winded || c.dying {
                        (c.stamina.max / 3).min(c.stamina.max - c.stamina.current)
                    } else {
                        0
                    };
                    let help: f64 = odds
                        .iter()
                        .zip(&t.numbers)
                        .map(|(p, n)| {
                            let temporary =
                                (n.temporary_stamina as i32 - c.stamina.temporary).max(0);
                            p * f64::from(temporary + if n.recovery { healed } else { 0 })
                        })
                        .sum();
                    // A free strike granted to a friend beside an enemy is about a free
                    // strike's worth (seed 002 L2960-2962).
                    let engaged = state.enemies_of(c).any(|e| c.gap(e) <= 1);
                    let striking: f64 = odds
                        .iter()
                        .zip(&grants)
                        .filter(|(_, granted)| engaged && **granted)
                        .map(|(p, _)| p * FREE_STRIKE_WORTH)
                        .sum();
                    value += help + striking - harm;
                } else {
                    value += harm;
                    weakest = weakest.min(c.stamina.current.min(30));
                    if cunning {
                        finishing += odds
                            .iter()
                            .zip(&t.numbers)
                            .map(|(p, n)| p * finishes(c, n.damage as i32))
                            .sum::<f64>();
                    }
                }
            }
            if let Moment::Trigger(_) = moment {
                value += shielding(engine, state, me, &a.id);
            }
            if value < 1.0 {
                continue;
            }
            // On the free strike's scale (about 5 damage, favouring the weakest enemy).
            let score = 20 + 30 - weakest + (2.0 * (value - 5.0) + finishing).round() as i32;
            let (command, joined) = if a.signature {
                engine.join_squad(state, me, command)
            } else {
                (command, 0)
            };
            out.push((command, score + 8 * joined as i32));
        }
    }
    out
}
