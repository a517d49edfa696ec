//! Hot-seat play: actions and clicks become rules commands for the engine. A refusal changes
//! nothing and is shown to the player; the engine decides every rule.

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::ability::area::{self, Direction};
use steelgrid_rules::ability::hero_token::{SurgeSpend, TokenBenefit};
use steelgrid_rules::ability::{Distance, Who};
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::{AbilityView, CreatureView};
use steelgrid_rules::grid::{Footprint, Square};
use steelgrid_rules::movement::Gait;
use steelgrid_rules::{Command, RuleError, StateView};

use super::actions::{Action, Controls};
use super::ai_seat::{AiSeats, ai_to_move};
use super::choices::Choices;
use super::movement_tools;
use crate::game::screens::BattleMode;
use crate::game::ui::log::short_name;
use crate::game::view::cursor::HoveredSquare;
use crate::game::{CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.init_resource::<PlayMode>()
        .init_resource::<Feedback>()
        .add_systems(
            Update,
            (leave_a_harmless_corpse, handle_actions)
                .chain()
                .in_set(crate::game::screens::PlaySystems)
                .in_set(crate::game::BattleSystems::Command)
                // Not a replay or demonstration being watched, a board behind the hand-off
                // screen, nor while a past command is being explained.
                .run_if(in_state(BattleMode::Live)),
        );
}

/// What a click on the board does while a creature's turn is on.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// Click a square to Advance there, an enemy to free strike it.
    #[default]
    Advance,
    /// Click a square to Disengage (shift 1) there.
    Disengage,
    /// Click a creature to Knockback it.
    Knockback,
    /// Click an adjacent ally to Heal it.
    Heal,
    /// Click an adjacent creature to Grab it.
    Grab,
    /// Click an adjacent enemy to Aid Attack against it.
    Aid,
    /// Click an enemy to Charge it along the cheapest clear straight line.
    Charge,
    /// Click a creature to climb onto it (or one on you to shake it off), or a square beside
    /// your mount to climb down.
    Mount,
    /// Click yourself to dig (a burrower) or a square to claw dirt into, to the depth chosen
    /// with Higher and Lower; click a burrowing ally to pull it up.
    Dig { burrows: bool },
    /// Aim the acting creature's ability in this slot: click a target, or where to put the
    /// area.
    Ability(usize),
}

/// The player's current way of acting.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq)]
pub struct PlayMode {
    pub tool: Tool,
    /// Free strikes are ranged.
    pub ranged: bool,
    /// The creature picked with Tab, whose turn Enter starts.
    pub focus: Option<String>,
    /// Which of the push outcomes ending on one square a click picks (Tab cycles them).
    pub variant: usize,
    /// Surges to add to the next targeted ability's damage.
    pub surges: u32,
    /// The squares of a wall being placed, in order (Enter raises it).
    pub wall: Vec<Square>,
    /// Pay for the next ability's optional extra.
    pub spend: bool,
    /// A pending granted teleport or move is set aside for now (Esc).
    pub later: bool,
    /// The height a flight aims at, or the depth a dig aims at (Higher and Lower).
    pub level: Option<i32>,
    /// When an area catches several minions of a squad, the one the user picks to drop first
    /// (Tab while aiming; seed 002 L4384-4386).
    pub first_drop: Option<String>,
    /// The stability an ally being pushed uses — its choice, made here by its own side
    /// (Higher and Lower); all of it when unset (seed 002 L2809).
    pub stability: Option<u32>,
    /// A move here would provoke an opportunity attack (seed 002 L2968-2972): clicked once,
    /// it waits for a second click on the same square.
    pub risky: Option<Square>,
    /// The Director's tools are open (the creature they work on is `focus`): the board's
    /// clicks and keys are theirs until they are closed.
    pub director: Option<super::director_tools::DirectorPanel>,
}

/// The last refusal or hint, shown in the status bar until the next command.
#[derive(Resource, Default, Clone, Debug, PartialEq, Eq)]
pub enum Feedback {
    #[default]
    None,
    Refused(RuleError),
    Hint(String),
}

impl Feedback {
    pub fn refused(&mut self, error: RuleError) {
        *self = Feedback::Refused(error);
    }
}

/// What one input asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Intent {
    Send(Command),
    /// Charge this creature: the path is the cheapest one the engine accepts.
    Charge {
        creature: String,
        target: String,
    },
    /// Fly this creature to this square at the height chosen (the path is worked out with the
    /// engine's map).
    Fly {
        creature: String,
        to: Square,
    },
    /// Change the play mode, with nothing sent.
    Mode(PlayMode),
    Hint(String),
    Nothing,
}

/// The living creature whose footprint covers `square`.
fn creature_at(state: &StateView, square: Square) -> Option<&CreatureView> {
    state
        .creatures
        .iter()
        .find(|c| !c.dead && c.footprint.contains(&square))
}

/// The `UseAbility` a click on `square` asks for: the creature there for a targeted ability;
/// a burst or aura needs no aim; a cube is centred on the square; a line starts beside the
/// user toward it. Whether it is legal is the engine's call.
pub fn aim(
    state: &StateView,
    user: &CreatureView,
    ability: &AbilityView,
    square: Square,
    mode: &PlayMode,
) -> Option<Command> {
    let surges = mode.surges;
    let command = |targets: Vec<String>,
                   at: Option<Square>,
                   direction: Option<Direction>,
                   squares: Vec<Square>,
                   ranged: bool| Command::UseAbility {
        creature: user.id.clone(),
        ability: ability.id.clone(),
        at,
        direction,
        squares,
        surges: match targets.first() {
            Some(first) if surges > 0 => SurgeSpend {
                damage: surges,
                damage_target: Some(first.clone()),
                potency: Vec::new(),
            },
            _ => SurgeSpend::default(),
        },
        targets,
        ranged,
        tier: None,
        user_tier: None,
        spend: mode.spend && ability.extra.is_some(),
        objects: Vec::new(),
        squad: Vec::new(),
    };
    let origin = user.position;
    let side = user.footprint.len().isqrt() as i32;
    match ability.distance {
        Distance::SelfOnly | Distance::Aura(_) | Distance::Burst(_) => {
            Some(command(Vec::new(), None, None, Vec::new(), false))
        }
        Distance::Cube { side: n, .. } => {
            let at = area::cube_corner(square, n);
            Some(command(Vec::new(), Some(at), None, Vec::new(), false))
        }
        Distance::Line { .. } => {
            let centre = |o: i32, v: i32| (2 * v + 1) - (2 * o + side);
            let (dx, dy) = (
                centre(origin.x, square.x).signum(),
                centre(origin.y, square.y).signum(),
            );
            let dir = Direction::ALL.into_iter().find(|d| d.step() == (dx, dy))?;
            let at = area::line_start(Footprint::new(origin, user.size), dir);
            Some(command(Vec::new(), Some(at), Some(dir), Vec::new(), false))
        }
        Distance::Wall { .. } => {
            // The wall placed so far, with the hovered square added (the preview of a click).
            let mut squares = mode.wall.clone();
            if !squares.contains(&square) {
                squares.push(square);
            }
            Some(command(Vec::new(), None, None, squares, false))
        }
        Distance::Melee(_) | Distance::Ranged(_) | Distance::MeleeOrRanged(..) => {
            let Some(target) = creature_at(state, square) else {
                // No creature there: an object, if the ability may target one (the engine
                // says whether there is one).
                if ability.target.who != Who::CreatureOrObject {
                    return None;
                }
                let there = Footprint {
                    origin: square,
                    side: 1,
                };
                let gap = Footprint::new(origin, user.size).distance(there);
                let ranged = match ability.distance {
                    Distance::Ranged(_) => true,
                    Distance::MeleeOrRanged(melee, _) => gap > melee,
                    _ => false,
                };
                let mut aimed = command(Vec::new(), None, None, Vec::new(), ranged);
                if let Command::UseAbility { objects, .. } = &mut aimed {
                    objects.push(square);
                }
                return Some(aimed);
            };
            let gap = Footprint::new(origin, user.size)
                .distance(Footprint::new(target.position, target.size));
            let ranged = match ability.distance {
                Distance::Ranged(_) => true,
                Distance::MeleeOrRanged(melee, _) => gap > melee,
                _ => false,
            };
            Some(command(
                vec![target.id.clone()],
                None,
                None,
                Vec::new(),
                ranged,
            ))
        }
    }
}

/// Whether `id` is a creature that has died.
fn is_dead(state: &StateView, id: &str) -> bool {
    state.creatures.iter().any(|c| c.id == id && c.dead)
}

/// A push left waiting on a creature its blow killed moves the corpse, which still collides
/// (seed 002 L2772): when no path could hurt anyone or break anything, a person's forcer is
/// not asked and the body stays where it fell; otherwise they place it, or Esc leaves it.
fn leave_a_harmless_corpse(
    seats: Res<AiSeats>,
    state: Res<CurrentState>,
    mut rules: ResMut<Rules>,
    mut feedback: ResMut<Feedback>,
) {
    if !rules.is_changed() || ai_to_move(&seats, &state.0).is_some() {
        return;
    }
    let engine = rules.bypass_change_detection().0.engine();
    let Some(spec) = engine.turn().pending_forced.as_ref().map(|p| p.spec()) else {
        return;
    };
    if !is_dead(&state.0, &spec.target) {
        return;
    }
    let Ok(outcomes) = engine.forced_choices(&spec) else {
        return;
    };
    let Some(still) = steelgrid_rules::forced::nothing_to_choose(&outcomes) else {
        return;
    };
    let command = spec.command_for(still);
    if rules.0.apply(command).is_ok() {
        *feedback = Feedback::Hint(format!(
            "{}'s body stays where it fell: no push could hurt anyone",
            short_name(&state.0, &spec.target)
        ));
    }
}

/// The target of the push waiting to be placed, when it is on the forcer's side: it may choose
/// how much of its stability to use (seed 002 L2809).
pub fn ally_pushed(state: &StateView) -> Option<&CreatureView> {
    let pending = state.pending_forced.as_ref()?;
    let side = |id: &str| state.creatures.iter().find(|c| c.id == id).map(|c| c.side);
    state
        .creatures
        .iter()
        .find(|c| c.id == pending.target && side(&pending.forcer) == Some(c.side))
}

/// Higher and Lower while a push waits to be placed: when its target is on the forcer's side,
/// the stability the target uses, from none to all of it (seed 002 L2809). An enemy always
/// uses all of its own.
pub fn stability_key(state: &StateView, mode: &PlayMode, action: Action) -> Intent {
    let Some(pending) = &state.pending_forced else {
        return Intent::Nothing;
    };
    let Some(target) = ally_pushed(state) else {
        return Intent::Hint(format!(
            "{} resists with all its stability: only an ally may choose to use less",
            short_name(state, &pending.target)
        ));
    };
    let now = mode.stability.unwrap_or(target.stability);
    let next = match action {
        Action::Lower => now.saturating_sub(1),
        _ => (now + 1).min(target.stability),
    };
    Intent::Mode(PlayMode {
        stability: (next < target.stability).then_some(next),
        ..mode.clone()
    })
}

/// The next living minion of a squad after `now`, by id, then none again: the one an area
/// should drop first when it catches several of its squad.
fn next_minion(state: &StateView, now: Option<&str>) -> Option<String> {
    let mut minions: Vec<&str> = state
        .creatures
        .iter()
        .filter(|c| c.minion && c.squad.is_some() && !c.dead)
        .map(|c| c.id.as_str())
        .collect();
    minions.sort_unstable();
    match now {
        None => minions.first(),
        Some(id) => minions.iter().skip_while(|m| **m != id).nth(1),
    }
    .map(|id| (*id).to_owned())
}

/// An area ability that leaves its targets to the area, with a minion picked to drop first:
/// name every creature the engine says the area catches, that minion first (the attacker's
/// choice among the minions hit is the order they are named in).
fn drop_first(engine: &steelgrid_rules::Engine, command: Command, first: &str) -> Command {
    let Command::UseAbility { targets, .. } = &command else {
        return command;
    };
    if !targets.is_empty() {
        return command;
    }
    let Ok(preview) = engine.preview_ability(&command) else {
        return command;
    };
    if !preview.targets.iter().any(|t| t.id == first) {
        return command;
    }
    let mut ids: Vec<String> = preview.targets.iter().map(|t| t.id.clone()).collect();
    ids.sort_by_key(|id| id != first);
    let mut command = command;
    if let Command::UseAbility { targets, .. } = &mut command {
        *targets = ids;
    }
    command
}

/// What a click on `square` asks for.
pub fn click(state: &StateView, mode: &PlayMode, choices: &Choices, square: Square) -> Intent {
    if let Some(l) = &state.landing {
        return match choices.reach(square) {
            Some(reach) => movement_tools::move_command(state, choices, l.creature.clone(), reach)
                .map_or(Intent::Nothing, Intent::Send),
            None => Intent::Hint("click one of the marked squares to land on".into()),
        };
    }
    if state.pending_forced.is_some() {
        return match (choices, choices.outcome(square, mode.variant)) {
            (Choices::Forced { spec, .. }, Some(outcome)) => {
                Intent::Send(spec.command_for(outcome))
            }
            _ => Intent::Hint("click one of the marked squares to place the push".into()),
        };
    }
    if state.awaiting_first_side_choice.is_some() {
        return Intent::Hint("first choose who goes first: H or J".into());
    }
    let occupant = creature_at(state, square);
    if let Some(strike) =
        occupant.and_then(|c| movement_tools::granted_strike(state, c, mode.ranged))
    {
        return Intent::Send(strike);
    }
    let Some(actor) = state.turn.clone() else {
        return match occupant {
            Some(c) => Intent::Send(Command::StartTurn {
                creature: c.id.clone(),
            }),
            None => Intent::Nothing,
        };
    };
    if let Tool::Ability(slot) = mode.tool {
        let user = state.creatures.iter().find(|c| c.id == actor);
        let Some((user, ability)) = user.and_then(|u| u.abilities.get(slot).map(|a| (u, a))) else {
            return Intent::Mode(PlayMode::default());
        };
        if matches!(ability.distance, Distance::Wall { .. }) {
            // A click adds the square to the wall (or takes it back off); Enter raises it.
            let mut wall = mode.wall.clone();
            match wall.iter().position(|s| *s == square) {
                Some(i) => {
                    wall.remove(i);
                }
                None => wall.push(square),
            }
            return Intent::Mode(PlayMode {
                wall,
                ..mode.clone()
            });
        }
        return match aim(state, user, ability, square, mode) {
            Some(command) => Intent::Send(command),
            None => Intent::Hint(format!("{}: click a creature to target", ability.name)),
        };
    }
    match mode.tool {
        Tool::Mount => return movement_tools::mount_click(state, &actor, square),
        Tool::Dig { burrows } => {
            return movement_tools::dig_click(state, &actor, burrows, mode.level, square);
        }
        _ => {}
    }
    if let Some(target) = occupant.filter(|c| c.id != actor) {
        let target = target.id.clone();
        match mode.tool {
            Tool::Knockback => {
                return Intent::Send(Command::Knockback {
                    creature: actor,
                    target,
                });
            }
            Tool::Heal => {
                return Intent::Send(Command::Heal {
                    creature: actor,
                    target,
                });
            }
            Tool::Grab => {
                return Intent::Send(Command::Grab {
                    creature: actor,
                    target,
                });
            }
            Tool::Aid => {
                return Intent::Send(Command::AidAttack {
                    creature: actor,
                    target,
                });
            }
            Tool::Charge => {
                return Intent::Charge {
                    creature: actor,
                    target,
                };
            }
            Tool::Advance | Tool::Disengage | Tool::Mount | Tool::Dig { .. } | Tool::Ability(_) => {
            }
        }
        return Intent::Send(Command::free_strike(actor, target, mode.ranged));
    }
    if let fly @ Intent::Fly { .. } = movement_tools::flight_click(state, mode, &actor, square) {
        return fly;
    }
    if let Some(reach) = choices.reach(square)
        && let Some(command) = movement_tools::move_command(state, choices, actor.clone(), reach)
    {
        // A move into an opportunity attack asks first: the second click goes.
        if reach.provokes && mode.risky != Some(square) {
            return Intent::Mode(PlayMode {
                risky: Some(square),
                ..mode.clone()
            });
        }
        return Intent::Send(command);
    }
    if occupant.is_some() {
        return Intent::Nothing;
    }
    Intent::Hint(format!(
        "({},{}) is not a square you can move to",
        square.x, square.y
    ))
}

/// The test the scenario has called for that the creature on turn may make now (seed 002
/// L1961-1971), as the engine accepts it.
fn called_test(engine: &steelgrid_rules::Engine, state: &StateView) -> Intent {
    let Some(creature) = state.turn.clone() else {
        return Intent::Hint("no creature is taking its turn".into());
    };
    let open = engine
        .called_tests()
        .iter()
        .filter(|t| t.open_to(&creature))
        .map(|t| Command::called_test(&creature, &t.call.task))
        .collect::<Vec<_>>();
    match open.iter().find(|c| engine.check(c).is_ok()) {
        Some(command) => Intent::Send(command.clone()),
        // The first one's refusal says why (out of its zone, no action left, not a hero).
        None => match open.first().map(|c| engine.check(c)) {
            Some(Err(why)) => Intent::Hint(format!("{}: {}", why.rule, why.reason)),
            _ => Intent::Hint(format!(
                "no test has been called for that {creature} can make"
            )),
        },
    }
}

/// What a key (any action but a click) asks for.
pub fn key(state: &StateView, mode: &PlayMode, action: Action) -> Intent {
    let turn = state.turn.clone();
    let on_turn = |make: fn(String) -> Command| match &turn {
        Some(id) => Intent::Send(make(id.clone())),
        None => Intent::Hint("no creature is taking its turn".into()),
    };
    let toggle = |tool: Tool| {
        let tool = if mode.tool == tool {
            Tool::Advance
        } else {
            tool
        };
        Intent::Mode(PlayMode {
            tool,
            ..mode.clone()
        })
    };
    // Esc leaves a dead creature's body where it fell instead of placing its push.
    if let Some(p) = &state.pending_forced
        && action == Action::Cancel
        && is_dead(state, &p.target)
    {
        return Intent::Send(p.spec().command_along(Vec::new()));
    }
    // A trigger window: Enter answers with the first use it lists, End turn lets it pass.
    let waiting = state
        .trigger_window
        .as_ref()
        .and_then(|w| w.waiting.first())
        .filter(|_| state.pending_forced.is_none());
    match (action, waiting) {
        // An opportunity attack on the creature leaving, or the first use the window lists.
        (Action::Confirm, Some(w)) => {
            if let Some(mover) = crate::game::ui::hud::leaving(state).filter(|_| w.opportunity) {
                return Intent::Send(Command::free_strike(w.creature.clone(), mover, false));
            }
            if let Some(o) = w.options.first() {
                return Intent::Send(o.command(&w.creature));
            }
        }
        (Action::EndTurn, Some(w)) => {
            return Intent::Send(Command::PassTrigger {
                creature: w.creature.clone(),
            });
        }
        _ => {}
    }
    match action {
        Action::EndTurn => on_turn(|creature| Command::EndTurn { creature }),
        Action::CatchBreath => on_turn(|creature| Command::CatchBreath { creature }),
        Action::StandUp => on_turn(|creature| Command::StandUp { creature }),
        Action::Defend => on_turn(|creature| Command::Defend { creature }),
        Action::Heal => toggle(Tool::Heal),
        Action::Grab => toggle(Tool::Grab),
        Action::AidAttack => toggle(Tool::Aid),
        Action::Charge => toggle(Tool::Charge),
        Action::EscapeGrab => on_turn(|creature| Command::EscapeGrab { creature }),
        Action::Hide => on_turn(|creature| Command::Hide { creature }),
        Action::Search => on_turn(|creature| Command::Search { creature }),
        Action::LastStand => on_turn(|creature| Command::LastStand { creature }),
        Action::Release => on_turn(|creature| Command::Release { creature }),
        Action::FirstSideHeroes => Intent::Send(Command::ChooseFirstSide { side: Side::Heroes }),
        Action::FirstSideDirector => Intent::Send(Command::ChooseFirstSide {
            side: Side::Director,
        }),
        Action::Disengage => toggle(Tool::Disengage),
        Action::Knockback => toggle(Tool::Knockback),
        Action::Ranged => Intent::Mode(PlayMode {
            ranged: !mode.ranged,
            ..mode.clone()
        }),
        // Esc with nothing to drop sets a pending granted move aside (again: back to it).
        Action::Cancel if *mode == PlayMode::default() => Intent::Mode(PlayMode {
            later: true,
            ..PlayMode::default()
        }),
        Action::Cancel => Intent::Mode(PlayMode::default()),
        Action::Extra => Intent::Mode(PlayMode {
            spend: !mode.spend,
            ..mode.clone()
        }),
        Action::Surge => {
            let have = turn
                .as_ref()
                .and_then(|id| state.creatures.iter().find(|c| &c.id == id))
                .and_then(|c| c.surges)
                .unwrap_or(0);
            if have == 0 {
                Intent::Hint("no surges: a hero token (T) buys 2".into())
            } else {
                Intent::Mode(PlayMode {
                    surges: (mode.surges + 1) % (have.min(3) + 1),
                    ..mode.clone()
                })
            }
        }
        Action::HeroToken => match state.failed_saves.first() {
            Some((hero, _)) => Intent::Send(Command::SpendHeroToken {
                creature: hero.clone(),
                benefit: TokenBenefit::Save,
            }),
            None => on_turn(|creature| Command::SpendHeroToken {
                creature,
                benefit: TokenBenefit::Surges,
            }),
        },
        Action::TokenStamina => {
            let hurt = state.just_damaged.iter().find(|id| {
                state
                    .creatures
                    .iter()
                    .any(|c| &c.id == *id && c.hero && !c.dead)
            });
            match turn.as_ref().or(hurt) {
                Some(hero) => Intent::Send(Command::SpendHeroToken {
                    creature: hero.clone(),
                    benefit: TokenBenefit::Stamina,
                }),
                None => Intent::Hint("no hero is on turn or just hurt".into()),
            }
        }
        Action::Ability1
        | Action::Ability2
        | Action::Ability3
        | Action::Ability4
        | Action::Ability5
        | Action::Ability6
        | Action::Ability7
        | Action::Ability8 => {
            let slot = action.ability_slot().unwrap_or_default();
            let has = turn
                .as_ref()
                .and_then(|id| state.creatures.iter().find(|c| &c.id == id))
                .is_some_and(|c| slot < c.abilities.len());
            if has {
                toggle(Tool::Ability(slot))
            } else if turn.is_some() {
                Intent::Hint(format!("no ability on key {}", slot + 1))
            } else {
                Intent::Hint("no creature is taking its turn".into())
            }
        }
        Action::NextCreature if state.pending_forced.is_some() => Intent::Mode(PlayMode {
            variant: mode.variant + 1,
            ..mode.clone()
        }),
        Action::NextCreature if matches!(mode.tool, Tool::Ability(_)) => Intent::Mode(PlayMode {
            first_drop: next_minion(state, mode.first_drop.as_deref()),
            ..mode.clone()
        }),
        Action::NextCreature => Intent::Mode(PlayMode {
            focus: next_focus(state, mode.focus.as_deref()),
            ..mode.clone()
        }),
        Action::Confirm => match (&mode.focus, mode.tool) {
            (Some(creature), _) if turn.is_none() => Intent::Send(Command::StartTurn {
                creature: creature.clone(),
            }),
            (_, Tool::Ability(slot)) if !mode.wall.is_empty() => {
                let user = turn
                    .as_ref()
                    .and_then(|id| state.creatures.iter().find(|c| &c.id == id));
                match user.and_then(|u| u.abilities.get(slot).map(|a| (u, a))) {
                    Some((user, ability)) => match aim(state, user, ability, mode.wall[0], mode) {
                        Some(command) => Intent::Send(command),
                        None => Intent::Nothing,
                    },
                    None => Intent::Nothing,
                }
            }
            _ => Intent::Nothing,
        },
        // Handled elsewhere: the board's selection, the movement keys that ask the engine
        // (`movement_tools::key`), the camera, the game record, the animations and the
        // bindings list.
        Action::Select
        | Action::Mount
        | Action::Dig
        | Action::Higher
        | Action::Lower
        | Action::MakeTest
        | Action::Pan
        | Action::Zoom
        | Action::Fit
        | Action::Save
        | Action::Undo
        | Action::ReplayPlayPause
        | Action::ReplayStep
        | Action::ReplayFaster
        | Action::ReplaySlower
        | Action::WhatIf
        | Action::Explain
        | Action::ExplainNext
        | Action::ExplainBack
        | Action::SkipAnimation
        | Action::KeyBindings
        | Action::Threats
        | Action::DirectorTools => Intent::Nothing,
    }
}

/// The next creature of the picking side that has not acted this round, after `current`.
fn next_focus(state: &StateView, current: Option<&str>) -> Option<String> {
    let side = state.acting_side?;
    if state.turn.is_some() {
        return None;
    }
    let ready: Vec<&str> = state
        .creatures
        .iter()
        .filter(|c| c.side == side && !c.acted_this_round && !c.dead && !c.unconscious)
        .map(|c| c.id.as_str())
        .collect();
    let after = current
        .and_then(|id| ready.iter().position(|r| *r == id))
        .map_or(0, |i| i + 1);
    ready
        .get(after % ready.len().max(1))
        .map(|id| id.to_string())
}

/// The cheapest Charge the engine accepts from `creature` to `target`, if any: the path is
/// the player's choice, its legality the engine's.
fn charge_path(engine: &steelgrid_rules::Engine, creature: &str, target: &str) -> Option<Command> {
    let mut reach = engine.reachable(creature, Gait::Move).ok()?;
    reach.sort_by_key(|r| (r.provokes, r.cost));
    reach.into_iter().find_map(|r| {
        let command = Command::Charge {
            creature: creature.to_owned(),
            path: r.path,
            target: target.to_owned(),
        };
        engine.check(&command).is_ok().then_some(command)
    })
}

/// Actions that may be handled in one frame, in this order.
const KEYS: [Action; 44] = [
    Action::Cancel,
    Action::Extra,
    Action::Ability7,
    Action::Ability8,
    Action::Hide,
    Action::Search,
    Action::Ability6,
    Action::Surge,
    Action::HeroToken,
    Action::TokenStamina,
    Action::Ability1,
    Action::Ability2,
    Action::Ability3,
    Action::Ability4,
    Action::Ability5,
    Action::FirstSideHeroes,
    Action::FirstSideDirector,
    Action::NextCreature,
    Action::Confirm,
    Action::Disengage,
    Action::Knockback,
    Action::Ranged,
    Action::CatchBreath,
    Action::StandUp,
    Action::Defend,
    Action::Heal,
    Action::Grab,
    Action::EscapeGrab,
    Action::Release,
    Action::AidAttack,
    Action::Charge,
    Action::Mount,
    Action::Dig,
    Action::Higher,
    Action::Lower,
    Action::EndTurn,
    Action::Select,
    Action::MakeTest,
    Action::LastStand,
    // The Director's tools: opening them, and the keys they take while open.
    Action::DirectorTools,
    Action::ReplayFaster,
    Action::ReplaySlower,
    Action::ExplainNext,
    Action::ExplainBack,
];

fn handle_actions(
    controls: Single<&ActionState<Action>, With<Controls>>,
    hovered: Res<HoveredSquare>,
    state: Res<CurrentState>,
    choices: Res<Choices>,
    mut mode: ResMut<PlayMode>,
    mut feedback: ResMut<Feedback>,
    mut rules: ResMut<Rules>,
    seats: Res<AiSeats>,
    seat: Res<super::handoff::Seat>,
) {
    // While an AI-played side is to move, the players only watch.
    if ai_to_move(&seats, &state.0).is_some() {
        return;
    }
    for action in KEYS.into_iter().filter(|a| controls.just_pressed(a)) {
        let director = mode.director.is_some() || action == Action::DirectorTools;
        let intent = match action {
            _ if director => super::director_tools::intent(
                &state.0,
                &mode,
                action,
                hovered.0,
                super::director_tools::may_use(&seats, &seat),
            ),
            Action::Select => match hovered.0 {
                Some(square) => click(&state.0, &mode, &choices, square),
                None => Intent::Nothing,
            },
            Action::Higher | Action::Lower if state.0.pending_forced.is_some() => {
                stability_key(&state.0, &mode, action)
            }
            Action::Mount | Action::Dig | Action::Higher | Action::Lower => {
                movement_tools::key(rules.0.engine(), &state.0, &mode, action)
            }
            Action::MakeTest => called_test(rules.0.engine(), &state.0),
            _ => key(&state.0, &mode, action),
        };
        let intent = match intent {
            Intent::Charge { creature, target } => {
                match charge_path(rules.0.engine(), &creature, &target) {
                    Some(command) => Intent::Send(command),
                    None => Intent::Hint(format!(
                        "no clear straight line lets {creature} charge {target}"
                    )),
                }
            }
            Intent::Fly { creature, to } => {
                match movement_tools::flight(rules.0.engine(), &creature, to, mode.level) {
                    Ok(command) => Intent::Send(command),
                    Err(hint) => Intent::Hint(hint),
                }
            }
            other => other,
        };
        match intent {
            Intent::Charge { .. } | Intent::Fly { .. } => {}
            Intent::Send(command) => {
                let starts_or_ends =
                    matches!(command, Command::StartTurn { .. } | Command::EndTurn { .. });
                // A minion's signature strike is the squad's: members in reach join it.
                let command = rules.0.engine().squad_strike(command);
                let command = match &mode.first_drop {
                    Some(first) => drop_first(rules.0.engine(), command, first),
                    None => command,
                };
                match rules.0.apply(command) {
                    Ok(_) => {
                        *feedback = Feedback::None;
                        // The Director's tools stay open on their creature.
                        let kept = match mode.director {
                            Some(_) => mode.clone(),
                            None => PlayMode {
                                ranged: mode.ranged && !starts_or_ends,
                                ..PlayMode::default()
                            },
                        };
                        mode.set_if_neq(kept);
                    }
                    Err(e) => feedback.refused(e),
                }
                // One command per frame: the next input sees the new state.
                return;
            }
            Intent::Mode(next) => {
                if action == Action::Cancel {
                    *feedback = Feedback::None;
                }
                mode.set_if_neq(next);
            }
            Intent::Hint(hint) => *feedback = Feedback::Hint(hint),
            Intent::Nothing => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Brann's slam (8 damage, push 3) has just killed a 5-Stamina goblin at (3, 3); another
    /// goblin stands at `other`. The push on the body waits to be placed.
    fn corpse_push(other: (i32, i32)) -> App {
        let hit = "(damage: (base: 8), forced: (kind: Push, distance: 3))";
        let text = format!(
            "Scenario(name: \"Corpse\", map: (rows: [\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\"]), \
             abilities: {{\"slam\": (name: \"Slam\", keywords: [Melee, Strike, Weapon], action: MainAction, distance: Melee(1), target: (who: Enemy, count: 1), power_roll: (characteristic: [Might], tier1: {hit}, tier2: {hit}, tier3: {hit}))}}, \
             creatures: [(id: \"brann\", side: Heroes, stamina: 30, speed: 5, position: (2, 3), characteristics: (might: 2), hero: (recoveries: 8), abilities: [\"slam\"]), \
             (id: \"gob\", side: Director, stamina: 30, current_stamina: 5, speed: 5, free_strike: 3, position: (3, 3)), \
             (id: \"gob2\", side: Director, stamina: 30, speed: 5, free_strike: 3, position: ({}, {}))], dice: [7, 5, 5])",
            other.0, other.1
        );
        let mut game = steelgrid_rules::record::Game::new("corpse.ron", &text, Some(1)).unwrap();
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
            Command::use_ability("brann", "slam", vec!["gob".into()]),
        ] {
            game.apply(command).unwrap();
        }
        let mut app = App::new();
        app.insert_resource(CurrentState(game.engine().state()))
            .insert_resource(Rules(game))
            .insert_resource(AiSeats(vec![Side::Director]))
            .init_resource::<Feedback>();
        app
    }

    fn pending(app: &App) -> Option<String> {
        let rules = app.world().resource::<Rules>();
        rules
            .0
            .engine()
            .turn()
            .pending_forced
            .as_ref()
            .map(|p| p.target.clone())
    }

    #[test]
    fn a_push_on_a_body_that_can_hurt_no_one_is_left_by_itself() {
        use bevy::ecs::system::RunSystemOnce;
        let mut app = corpse_push((9, 0));
        assert!(app.world().resource::<CurrentState>().0.creatures[1].dead);
        assert_eq!(pending(&app).as_deref(), Some("gob"));
        app.world_mut()
            .run_system_once(leave_a_harmless_corpse)
            .unwrap();
        assert_eq!(pending(&app), None, "the push is resolved by itself");
        let Feedback::Hint(hint) = app.world().resource::<Feedback>() else {
            panic!("the player is told");
        };
        assert_eq!(
            hint,
            "gob's body stays where it fell: no push could hurt anyone"
        );
    }

    #[test]
    fn a_push_on_a_body_that_could_slam_into_someone_waits_and_esc_leaves_it() {
        use bevy::ecs::system::RunSystemOnce;
        // The other goblin is within the push's reach: the body could hurt it (seed 002 L2772).
        let mut app = corpse_push((6, 3));
        app.world_mut()
            .run_system_once(leave_a_harmless_corpse)
            .unwrap();
        assert_eq!(pending(&app).as_deref(), Some("gob"), "the forcer chooses");
        let state = &app.world().resource::<CurrentState>().0;
        assert!(
            crate::game::ui::hud::prompt(state, &PlayMode::default())
                .ends_with("Esc leaves it where it fell")
        );
        let Intent::Send(command) = key(state, &PlayMode::default(), Action::Cancel) else {
            panic!("Esc sends the push that leaves the body");
        };
        let mut rules = app.world_mut().resource_mut::<Rules>();
        rules.0.apply(command).unwrap();
        assert_eq!(pending(&app), None);
    }
    use steelgrid_rules::{Engine, scenario};

    fn engine() -> Engine {
        let src = include_str!("../../../scenarios/mill_ambush.ron");
        let Ok(scenario) = scenario::load("mill_ambush.ron", src) else {
            panic!("the sample scenario loads");
        };
        scenario.start(None)
    }

    /// A scenario from `src` with the heroes going first and `creature`'s turn started.
    fn turn_of(src: &str, creature: &str) -> Engine {
        let mut engine = scenario::load("test.ron", src)
            .expect("scenario")
            .start(None);
        engine
            .apply(Command::ChooseFirstSide { side: Side::Heroes })
            .expect("first side");
        engine
            .apply(Command::StartTurn {
                creature: creature.into(),
            })
            .expect("its turn");
        engine
    }

    fn send(intent: Intent) -> Command {
        match intent {
            Intent::Send(command) => command,
            other => panic!("expected a command, got {other:?}"),
        }
    }

    #[test]
    fn an_ally_being_pushed_chooses_its_stability_with_page_keys_and_an_enemy_cannot() {
        let src = r#"Scenario(name: "shove", map: (rows: ["........", "........", "........"]),
            creatures: [
                (id: "orrin", template: "hexwright", position: (1, 1)),
                (id: "brann", template: "vanguard", position: (2, 1)),
                (id: "cutter", template: "bramble_cutter", position: (6, 1)),
            ])"#;
        let mut engine = turn_of(src, "orrin");
        // Orrin knocks his friend back: tier 3 (10 + 10), push 3 against Brann's stability.
        engine
            .apply(Command::ScriptDice {
                faces: vec![10, 10],
            })
            .unwrap();
        engine
            .apply(Command::Knockback {
                creature: "orrin".into(),
                target: "brann".into(),
            })
            .unwrap();
        let state = engine.state();
        let full = state
            .creatures
            .iter()
            .find(|c| c.id == "brann")
            .unwrap()
            .stability;
        assert!(full > 0, "the vanguard has stability");
        let farthest = |engine: &Engine, mode: &PlayMode| -> usize {
            let Ok(Choices::Forced { outcomes, .. }) =
                super::super::choices::ask(engine, &state, mode)
            else {
                panic!("a push to place");
            };
            outcomes.iter().map(|o| o.moved.len()).max().unwrap_or(0)
        };
        let all = PlayMode::default();
        let resisted = farthest(&mut engine, &all);
        // PgDn: Brann lets the push take him farther, one stability at a time.
        let Intent::Mode(less) = stability_key(&state, &all, Action::Lower) else {
            panic!("Lower changes the stability used");
        };
        assert_eq!(less.stability, Some(full - 1));
        assert_eq!(farthest(&mut engine, &less), resisted + 1);
        assert!(hud_prompt(&state, &less).contains(&format!("stability {} of {full}", full - 1)));
        // PgUp back to all of it.
        let Intent::Mode(back) = stability_key(&state, &less, Action::Higher) else {
            panic!("Higher changes it back");
        };
        assert_eq!(back.stability, None);
        // The click places the push with the stability chosen.
        let choices = super::super::choices::ask(&engine, &state, &less).unwrap();
        let Choices::Forced { outcomes, .. } = &choices else {
            unreachable!()
        };
        let end = outcomes.iter().max_by_key(|o| o.moved.len()).unwrap().end;
        let Command::ForceMove { stability, .. } = send(click(&state, &less, &choices, end)) else {
            panic!("a ForceMove");
        };
        assert_eq!(stability, Some(full - 1));

        // An enemy pushed always resists with all its stability.
        let foe = turn_of(src, "brann");
        let mut state = foe.state();
        state.pending_forced = Some(steelgrid_rules::forced::PendingForced {
            source: "test".into(),
            forcer: "brann".into(),
            target: "cutter".into(),
            kind: steelgrid_rules::forced::ForcedKind::Push,
            distance: 2,
            melee_weapon: false,
            vertical: false,
        });
        assert!(matches!(
            stability_key(&state, &PlayMode::default(), Action::Lower),
            Intent::Hint(_)
        ));
    }

    #[test]
    fn tab_picks_which_minion_an_area_drops_first() {
        let src = r#"Scenario(name: "scatter", map: (rows: ["........", "........", "........"]),
            abilities: {
                "scatter": (name: "Scatter", keywords: [Area, Magic], action: MainAction,
                    distance: Burst(1), target: (who: Enemy),
                    effect: (damage: (base: 2, plus_characteristic: false))),
            },
            creatures: [
                (id: "orrin", template: "hexwright", position: (1, 1), abilities: ["scatter"]),
                (id: "r1", template: "bramble_rabble", squad: "pack", position: (2, 1)),
                (id: "r2", template: "bramble_rabble", squad: "pack", position: (1, 2)),
                (id: "r3", template: "bramble_rabble", squad: "pack", position: (6, 2)),
            ])"#;
        let dead = |first: Option<&str>| -> Vec<String> {
            let mut engine = turn_of(src, "orrin");
            let state = engine.state();
            let mut mode = PlayMode {
                tool: Tool::Ability(0),
                ..PlayMode::default()
            };
            // Tab goes through the squad's minions by id.
            while mode.first_drop.as_deref() != first {
                let Intent::Mode(next) = key(&state, &mode, Action::NextCreature) else {
                    panic!("Tab changes the minion to drop first");
                };
                mode = next;
            }
            let orrin = state.creatures.iter().find(|c| c.id == "orrin").unwrap();
            let command = aim(&state, orrin, &orrin.abilities[0], Square::new(1, 1), &mode)
                .expect("a burst is used anywhere");
            let command = match &mode.first_drop {
                Some(first) => drop_first(&engine, command, first),
                None => command,
            };
            engine.apply(command).unwrap();
            // Two minions hit for 2 each: the pool loses 4, one minion's Stamina.
            engine
                .state()
                .creatures
                .iter()
                .filter(|c| c.dead)
                .map(|c| c.id.clone())
                .collect()
        };
        assert_eq!(dead(Some("r2")), vec!["r2"]);
        assert_eq!(dead(Some("r1")), vec!["r1"]);
        // r3 is not in the area: the choice falls back to the engine's order.
        assert_eq!(dead(Some("r3")).len(), 1);
    }

    fn hud_prompt(state: &StateView, mode: &PlayMode) -> String {
        crate::game::ui::hud::prompt(state, mode)
    }

    #[test]
    fn ds_core_x32_the_called_test_key_makes_the_test_the_scenario_called_for() {
        let text = crate::scenarios::by_name("demo_test_in_fight")
            .unwrap()
            .text;
        let mut engine = turn_of(text, "brann");
        // Nothing called yet: the key says so.
        let Intent::Hint(hint) = called_test(&engine, &engine.state()) else {
            panic!("no test to make yet");
        };
        assert_eq!(hint, "no test has been called for that brann can make");
        engine
            .apply(Command::Advance {
                creature: "brann".into(),
                path: vec![Square::new(3, 2), Square::new(4, 2)],
            })
            .expect("onto the stair");
        let made = send(called_test(&engine, &engine.state()));
        assert_eq!(
            made,
            Command::MakeTest {
                creature: "brann".into(),
                task: Some("Climb the crumbling stair".into()),
                characteristic: None,
                difficulty: None,
                skill: None,
                maneuver: false,
            }
        );
        engine.apply(made).expect("the engine takes it");
        // Made once: a failed test isn't retried (seed 002 L1965), and a success ends the call.
        assert!(matches!(
            called_test(&engine, &engine.state()),
            Intent::Hint(_)
        ));
    }

    #[test]
    fn the_last_stand_key_asks_the_engine_which_says_when_the_scenario_leaves_it_off() {
        let src = r#"Scenario(name: "rout", map: (rows: ["........", "........"]),
            creatures: [
                (id: "orrin", template: "hexwright", position: (1, 1)),
                (id: "gob", template: "bramble_cutter", position: (6, 1)),
            ], dice: [7])"#;
        let mut engine = turn_of(src, "orrin");
        engine
            .apply(Command::EndTurn {
                creature: "orrin".into(),
            })
            .unwrap();
        engine
            .apply(Command::StartTurn {
                creature: "gob".into(),
            })
            .unwrap();
        let command = send(key(
            &engine.state(),
            &PlayMode::default(),
            Action::LastStand,
        ));
        assert_eq!(
            command,
            Command::LastStand {
                creature: "gob".into()
            }
        );
        let why = engine.apply(command).unwrap_err();
        assert_eq!(why.rule.id, "director.last_stand");
    }

    #[test]
    fn ability_keys_aim_and_clicks_become_use_ability_commands() {
        let src = r#"Scenario(name: "aim", map: (rows: ["..........", "..........", "..........", ".........."]),
            creatures: [
                (id: "orrin", template: "hexwright", position: (1, 1)),
                (id: "gob", template: "bramble_cutter", position: (6, 1)),
            ], dice: [7])"#;
        let mut engine = turn_of(src, "orrin");
        let state = engine.state();
        let Intent::Mode(mode) = key(&state, &PlayMode::default(), Action::Ability1) else {
            panic!("key 1 aims the first ability");
        };
        assert_eq!(mode.tool, Tool::Ability(0));
        let bolt = send(click(&state, &mode, &Choices::None, Square::new(6, 1)));
        assert!(
            matches!(&bolt, Command::UseAbility { ability, targets, ranged: true, .. }
            if ability == "ember_bolt" && *targets == ["gob"])
        );
        // The line goes from beside Orrin toward the click, the cube is centred on it.
        let line_mode = PlayMode {
            tool: Tool::Ability(2),
            ..PlayMode::default()
        };
        let line = send(click(&state, &line_mode, &Choices::None, Square::new(5, 3)));
        assert!(
            matches!(&line, Command::UseAbility { at: Some(at), direction: Some(Direction::SE), .. }
            if *at == Square::new(2, 2))
        );
        let cube_mode = PlayMode {
            tool: Tool::Ability(1),
            ..PlayMode::default()
        };
        let cube = send(click(&state, &cube_mode, &Choices::None, Square::new(6, 1)));
        assert!(
            matches!(&cube, Command::UseAbility { at: Some(at), .. } if *at == Square::new(6, 1))
        );
        // The engine previews without rolling: odds and outcomes for the goblin.
        let preview = engine.preview_ability(&bolt).expect("a legal bolt");
        let gob = &preview.targets[0];
        assert_eq!(gob.id, "gob");
        assert_eq!(gob.odds, Some([0.36, 0.43, 0.21]));
        assert_eq!(gob.outcomes[0], "4 fire damage");
        assert!(engine.apply(bolt).is_ok());
        engine
            .apply(Command::EndTurn {
                creature: "orrin".into(),
            })
            .expect("end turn");
        let Intent::Hint(_) = key(&engine.state(), &PlayMode::default(), Action::Ability1) else {
            panic!("no ability to aim between turns");
        };
    }

    #[test]
    fn charge_mode_finds_a_legal_straight_charge_through_the_engine() {
        let src = r#"Scenario(name: "lane", map: (rows: ["........", "........", "..~....."]),
            creatures: [
                (id: "tessa", side: Heroes, stamina: 20, speed: 5, position: (0, 1), hero: (recoveries: 1)),
                (id: "gob", side: Director, stamina: 20, free_strike: 1, position: (5, 1)),
                (id: "far", side: Director, stamina: 20, free_strike: 1, position: (7, 2)),
            ], dice: [7, 5, 5])"#;
        let mut engine = turn_of(src, "tessa");
        let mode = PlayMode {
            tool: Tool::Charge,
            ..PlayMode::default()
        };
        let intent = click(&engine.state(), &mode, &Choices::None, Square::new(5, 1));
        assert!(matches!(intent, Intent::Charge { .. }));
        assert!(
            charge_path(&engine, "tessa", "far").is_none(),
            "out of reach"
        );
        let charge = charge_path(&engine, "tessa", "gob").expect("a clear line");
        assert!(engine.apply(charge).is_ok());
        let state = engine.state();
        let tessa = state
            .creatures
            .iter()
            .find(|c| c.id == "tessa")
            .expect("tessa");
        assert_eq!(tessa.position.distance(Square::new(5, 1)), 1);
    }

    #[test]
    fn keys_map_to_commands_for_the_creature_on_turn() {
        let mut engine = engine();
        let mode = PlayMode::default();
        let first = key(&engine.state(), &mode, Action::FirstSideHeroes);
        assert_eq!(send(first), Command::ChooseFirstSide { side: Side::Heroes });
        assert!(engine.state().awaiting_first_side_choice.is_some());
        assert!(
            engine
                .apply(Command::ChooseFirstSide { side: Side::Heroes })
                .is_ok()
        );
        // Clicking Brann starts his turn; then Space ends it.
        let state = engine.state();
        let start = click(&state, &mode, &Choices::None, Square::new(1, 1));
        assert_eq!(
            send(start.clone()),
            Command::StartTurn {
                creature: "brann".into()
            }
        );
        assert!(engine.apply(send(start)).is_ok());
        let end = key(&engine.state(), &mode, Action::EndTurn);
        assert_eq!(
            send(end),
            Command::EndTurn {
                creature: "brann".into()
            }
        );
    }

    #[test]
    fn a_move_into_an_opportunity_attack_asks_before_it_goes() {
        let mut engine = engine();
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            assert!(engine.apply(command).is_ok());
        }
        let Ok(mut reach) = engine.reachable("brann", Gait::Move) else {
            panic!("brann can move");
        };
        // Say the farthest square provokes (as leaving an enemy's reach would).
        reach.sort_by_key(|r| r.cost);
        let target = reach.last_mut().expect("somewhere to go");
        target.provokes = true;
        let (square, path) = (target.square, target.path.clone());
        let choices = Choices::Moves {
            creature: "brann".into(),
            gait: Gait::Move,
            reach,
            by: crate::game::battle::choices::MoveBy::Own,
        };
        let state = engine.state();
        let Intent::Mode(asked) = click(&state, &PlayMode::default(), &choices, square) else {
            panic!("the first click asks");
        };
        assert_eq!(asked.risky, Some(square));
        assert_eq!(
            crate::game::ui::hud::prompt(&state, &asked),
            format!(
                "Brann: moving to ({},{}) provokes an opportunity attack - click it again to go, Esc to stay",
                square.x, square.y
            )
        );
        assert_eq!(
            send(click(&state, &asked, &choices, square)),
            Command::Advance {
                creature: "brann".into(),
                path
            }
        );
        let Intent::Mode(stay) = key(&state, &asked, Action::Cancel) else {
            panic!("Esc stays");
        };
        assert_eq!(stay.risky, None);
    }

    #[test]
    fn clicks_move_along_the_engines_path_or_strike_an_enemy() {
        let mut engine = engine();
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: "brann".into(),
            },
        ] {
            assert!(engine.apply(command).is_ok());
        }
        let Ok(reach) = engine.reachable("brann", Gait::Move) else {
            panic!("brann can move");
        };
        let Some(target) = reach.iter().max_by_key(|r| r.cost).cloned() else {
            panic!("brann has somewhere to go");
        };
        let choices = Choices::Moves {
            creature: "brann".into(),
            gait: Gait::Move,
            reach,
            by: crate::game::battle::choices::MoveBy::Own,
        };
        let state = engine.state();
        let mode = PlayMode::default();
        assert_eq!(
            send(click(&state, &mode, &choices, target.square)),
            Command::Advance {
                creature: "brann".into(),
                path: target.path.clone()
            }
        );
        // The ogre's far square is an enemy: a ranged free strike once R is toggled.
        let ranged = PlayMode {
            ranged: true,
            ..mode.clone()
        };
        assert_eq!(
            send(click(&state, &ranged, &choices, Square::new(15, 3))),
            Command::free_strike("brann", "ogre", true)
        );
        let knock = PlayMode {
            tool: Tool::Knockback,
            ..mode
        };
        assert_eq!(
            send(click(&state, &knock, &choices, Square::new(10, 2))),
            Command::Knockback {
                creature: "brann".into(),
                target: "cutter1".into()
            }
        );
    }

    #[test]
    fn mode_keys_toggle_and_cancel_resets() {
        let state = engine().state();
        let mode = PlayMode::default();
        let Intent::Mode(disengage) = key(&state, &mode, Action::Disengage) else {
            panic!("D changes the mode");
        };
        assert_eq!(disengage.tool, Tool::Disengage);
        let Intent::Mode(back) = key(&state, &disengage, Action::Disengage) else {
            panic!("D changes the mode");
        };
        assert_eq!(back.tool, Tool::Advance);
        let Intent::Mode(reset) = key(&state, &disengage, Action::Cancel) else {
            panic!("Esc changes the mode");
        };
        assert_eq!(reset, PlayMode::default());
    }

    #[test]
    fn enter_answers_a_trigger_window_and_end_turn_passes() {
        let src = r#"Scenario(name: "retort", map: (rows: ["......", "......"]),
            creatures: [
                (id: "brann", name: "Brann Hollowsteel", template: "vanguard", position: (1, 0)),
                (id: "gob", template: "bramble_cutter", position: (2, 0)),
            ], dice: [7])"#;
        let mut engine = turn_of(src, "brann");
        engine
            .apply(Command::EndTurn {
                creature: "brann".into(),
            })
            .expect("brann's turn ends");
        for command in [
            Command::StartTurn {
                creature: "gob".into(),
            },
            Command::free_strike("gob", "brann", false),
        ] {
            engine.apply(command).expect("the cutter strikes");
        }
        let state = engine.state();
        let mode = PlayMode::default();
        assert_eq!(
            crate::game::ui::hud::prompt(&state, &mode),
            "Brann: a triggered ability may answer - Enter: Iron Retort on gob, E: let it pass"
        );
        assert!(matches!(
            send(key(&state, &mode, Action::Confirm)),
            Command::UseAbility { creature, ability, targets, .. }
                if creature == "brann" && ability == "iron_retort" && targets == ["gob"]
        ));
        let pass = send(key(&state, &mode, Action::EndTurn));
        assert_eq!(
            pass,
            Command::PassTrigger {
                creature: "brann".into()
            }
        );
        assert!(engine.apply(pass).is_ok());
    }

    #[test]
    fn a_person_is_asked_before_an_opportunity_attack_enter_strikes_e_lets_it_go() {
        let src = r#"Scenario(name: "leaving", map: (rows: [".......", "......."]),
            options: (ask_opportunity_attacks: [Heroes]),
            creatures: [
                (id: "brann", name: "Brann Hollowsteel", template: "vanguard", position: (1, 0)),
                (id: "gob", template: "bramble_cutter", position: (2, 0)),
            ], dice: [9, 9])"#;
        let leave = |answer: Action| {
            let mut engine = turn_of(src, "brann");
            for command in [
                Command::EndTurn {
                    creature: "brann".into(),
                },
                Command::StartTurn {
                    creature: "gob".into(),
                },
                Command::Advance {
                    creature: "gob".into(),
                    path: vec![Square::new(3, 0), Square::new(4, 0), Square::new(5, 0)],
                },
            ] {
                engine.apply(command).expect("the cutter walks off");
            }
            // The cutter waits on the square it is leaving while Brann is asked.
            let state = engine.state();
            let gob = state.creatures.iter().find(|c| c.id == "gob").unwrap();
            assert_eq!(gob.position, Square::new(2, 0));
            let mode = PlayMode::default();
            assert_eq!(
                crate::game::ui::hud::prompt(&state, &mode),
                "Brann: gob is leaving your reach - Enter: opportunity attack, E: let it go"
            );
            let command = send(key(&state, &mode, answer));
            engine.apply(command.clone()).expect("the answer is taken");
            let after = engine.state();
            let gob = after.creatures.iter().find(|c| c.id == "gob").unwrap();
            (command, gob.position, gob.stamina.current, gob.stamina.max)
        };
        let (strike, at, stamina, max) = leave(Action::Confirm);
        assert!(
            matches!(strike, Command::FreeStrike { attacker, target, ranged: false, .. }
            if attacker == "brann" && target == "gob")
        );
        assert!(stamina < max, "the strike hit");
        assert_eq!(at, Square::new(5, 0), "then the cutter went on its way");
        let (pass, at, stamina, max) = leave(Action::EndTurn);
        assert_eq!(
            pass,
            Command::PassTrigger {
                creature: "brann".into()
            }
        );
        assert_eq!((at, stamina), (Square::new(5, 0), max));
    }
}
