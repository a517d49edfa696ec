//! Moving beyond a plain Advance: placing a teleport or move an ability granted, riding and
//! climbing creatures, digging, and flying at a chosen height. The engine checks every
//! command; the window offers what the engine accepts and sends what the player picks.

use steelgrid_rules::ability::granted::Granted;
use steelgrid_rules::creature::MovementMode;
use steelgrid_rules::engine::{CreatureRecord, CreatureView};
use steelgrid_rules::grid::{Footprint, Square};
use steelgrid_rules::movement::mount::Hold;
use steelgrid_rules::movement::{Gait, Reach};
use steelgrid_rules::turn::pending::Landing;
use steelgrid_rules::{Command, Engine, RuleError, StateView};

use super::actions::Action;
use super::choices::{Choices, MoveBy};
use super::play::{Intent, PlayMode, Tool};
use crate::game::ui::log::short_name;

/// The engine's record of creature `id` (movement modes, depth, what it rides).
fn record(engine: &Engine, id: &str) -> Option<CreatureRecord> {
    engine.creature_record(id)
}

fn view<'a>(state: &'a StateView, id: &str) -> Option<&'a CreatureView> {
    state.creatures.iter().find(|c| c.id == id)
}

/// Sitting on another creature (riding or climbing it).
fn on_top(c: &CreatureView) -> bool {
    c.on_top.is_some()
}

/// The first pending grant, with every square the engine accepts for it: each free square
/// within a teleport's distance, or each path of a granted move the engine allows.
pub fn grant_choices(engine: &Engine) -> Result<Option<Choices>, RuleError> {
    let Some(grant) = engine
        .turn()
        .granted
        .iter()
        .find(|g| g.movement != Granted::FreeStrike)
        .cloned()
    else {
        return Ok(None);
    };
    let Some(target) = record(engine, &grant.target) else {
        return Ok(None);
    };
    let (gait, reach) = match grant.movement {
        Granted::Teleport { distance } => {
            let (map, from) = (engine.map().clone(), target.position);
            let d = distance as i32;
            let mut reach = Vec::new();
            for y in from.y - d..=from.y + d {
                for x in from.x - d..=from.x + d {
                    let to = Square::new(x, y);
                    let teleport = Command::Teleport {
                        target: grant.target.clone(),
                        to,
                        stand: false,
                    };
                    if map.in_bounds(to) && engine.check(&teleport).is_ok() {
                        reach.push(Reach {
                            square: to,
                            cost: from.distance(to),
                            path: vec![to],
                            provokes: false,
                            falls: false,
                        });
                    }
                }
            }
            (Gait::Move, reach)
        }
        Granted::Move(m) => {
            let reach = engine
                .reachable(&grant.target, Gait::Move)?
                .into_iter()
                .filter(|r| {
                    let path = r.path.clone();
                    engine
                        .check(&Command::GrantedMove {
                            creature: grant.target.clone(),
                            path,
                        })
                        .is_ok()
                })
                .map(|r| Reach {
                    provokes: r.provokes && !m.shift,
                    ..r
                })
                .collect();
            let gait = if m.shift { Gait::Shift } else { Gait::Move };
            (gait, reach)
        }
        // A granted free strike is a click on an enemy (`granted_strike`), not a square.
        Granted::FreeStrike => return Ok(None),
    };
    if reach.is_empty() {
        return Ok(None);
    }
    Ok(Some(Choices::Moves {
        creature: grant.target.clone(),
        gait,
        reach,
        by: MoveBy::Grant(grant),
    }))
}

/// The squares a creature that fell onto another may come down on (seed 002 L2718).
pub fn landing_choices(landing: &Landing) -> Choices {
    let reach = landing
        .squares
        .iter()
        .map(|&square| Reach {
            square,
            cost: 0,
            path: vec![square],
            provokes: false,
            falls: false,
        })
        .collect();
    Choices::Moves {
        creature: landing.creature.clone(),
        gait: Gait::Move,
        reach,
        by: MoveBy::Landing {
            on: landing.on.clone(),
        },
    }
}

/// When `rider` rides a mount: the squares its mount can be ridden to.
pub fn ride_choices(
    engine: &Engine,
    rider: &str,
    gait: Gait,
) -> Result<Option<Choices>, RuleError> {
    let Some(on) = record(engine, rider)
        .and_then(|r| r.mounted)
        .filter(|m| m.hold == Hold::Riding)
    else {
        return Ok(None);
    };
    let reach = engine.reachable(&on.on, gait)?;
    Ok(Some(Choices::Moves {
        creature: on.on,
        gait,
        reach,
        by: MoveBy::Ride {
            rider: rider.to_owned(),
        },
    }))
}

/// The command a click on an offered move sends: `actor`'s Advance or Disengage, its Ride,
/// or the granted teleport or move (a teleported ally arrives standing).
pub fn move_command(
    state: &StateView,
    choices: &Choices,
    actor: String,
    reach: &Reach,
) -> Option<Command> {
    let Choices::Moves {
        creature, gait, by, ..
    } = choices
    else {
        return None;
    };
    let path = reach.path.clone();
    Some(match (by, gait) {
        (MoveBy::Own, Gait::Shift) => Command::Disengage {
            creature: actor,
            path,
        },
        (MoveBy::Own, Gait::Move) => Command::Advance {
            creature: actor,
            path,
        },
        (MoveBy::Ride { rider }, gait) => Command::Ride {
            creature: rider.clone(),
            path,
            disengage: *gait == Gait::Shift,
        },
        (MoveBy::Landing { .. }, _) => Command::Land {
            creature: creature.clone(),
            to: reach.square,
        },
        (MoveBy::Grant(g), _) => match g.movement {
            Granted::Teleport { .. } => {
                let side = |id: &str| view(state, id).map(|c| c.side);
                Command::Teleport {
                    target: g.target.clone(),
                    to: reach.square,
                    stand: side(&g.target) == side(&g.by),
                }
            }
            Granted::Move(_) => Command::GrantedMove {
                creature: g.target.clone(),
                path,
            },
            Granted::FreeStrike => return None,
        },
    })
}

/// A click on `enemy` while an ability has granted a free strike: the strike, by the first
/// creature holding one that can make it.
pub fn granted_strike(state: &StateView, enemy: &CreatureView, ranged: bool) -> Option<Command> {
    state
        .granted
        .iter()
        .filter(|g| g.movement == Granted::FreeStrike)
        .filter_map(|g| view(state, &g.target))
        .find(|c| c.side != enemy.side)
        .map(|c| Command::free_strike(&c.id, &enemy.id, ranged))
}

/// What to say while a granted free strike waits.
fn strike_prompt(state: &StateView) -> Option<String> {
    let g = state
        .granted
        .iter()
        .find(|g| g.movement == Granted::FreeStrike)?;
    Some(format!(
        "{} may make a free strike now ({}) - click an enemy (R: ranged)",
        short_name(state, &g.target),
        g.ability
    ))
}

/// What to say while a granted teleport or move waits to be placed, or a faller chooses where
/// it lands.
pub fn grant_prompt(state: &StateView, choices: &Choices) -> Option<String> {
    if let Choices::Moves {
        creature,
        by: MoveBy::Landing { on },
        ..
    } = choices
    {
        return Some(format!(
            "{} fell onto {}: click a marked square to land on",
            short_name(state, creature),
            short_name(state, on)
        ));
    }
    let Choices::Moves {
        by: MoveBy::Grant(g),
        ..
    } = choices
    else {
        return strike_prompt(state);
    };
    let ability = view(state, &g.by)
        .and_then(|c| c.abilities.iter().find(|a| a.id == g.ability))
        .map_or(g.ability.as_str(), |a| a.name.as_str());
    let what = match g.movement {
        Granted::Teleport { distance } => format!(
            "{} teleports {} up to {distance} squares",
            short_name(state, &g.by),
            short_name(state, &g.target)
        ),
        Granted::Move(m) => format!(
            "{} may {} up to {} squares",
            short_name(state, &g.target),
            if m.shift { "shift" } else { "move" },
            m.distance
        ),
        Granted::FreeStrike => return strike_prompt(state),
    };
    Some(format!(
        "{what} ({ability}) - click a marked square (Esc: not now)"
    ))
}

/// The Mount, Dig, Higher and Lower keys; they need the engine's record of the creature on
/// turn (can it fly or burrow, how deep is it).
pub fn key(engine: &Engine, state: &StateView, mode: &PlayMode, action: Action) -> Intent {
    let Some(actor) = state.turn.clone() else {
        return Intent::Hint("no creature is taking its turn".into());
    };
    let Some(me) = record(engine, &actor) else {
        return Intent::Nothing;
    };
    let to = |tool: Tool, level: Option<i32>| {
        Intent::Mode(if mode.tool == tool {
            PlayMode::default()
        } else {
            PlayMode {
                tool,
                level,
                ..mode.clone()
            }
        })
    };
    let burrows = me.movement.has(MovementMode::Burrow);
    match (action, mode.tool) {
        (Action::Mount, _) => to(Tool::Mount, None),
        (Action::Dig, _) => to(Tool::Dig { burrows }, Some(me.depth as i32 + 1)),
        // In Dig mode the keys choose the depth: higher is shallower.
        (Action::Higher | Action::Lower, Tool::Dig { .. }) => {
            let step = if action == Action::Higher { -1 } else { 1 };
            Intent::Mode(PlayMode {
                level: Some((mode.level.unwrap_or(me.depth as i32) + step).max(0)),
                ..mode.clone()
            })
        }
        (Action::Higher | Action::Lower, _) => {
            if !me.movement.has(MovementMode::Fly) && !me.movement.has(MovementMode::Hover) {
                return Intent::Hint(format!("{} can't fly", short_name(state, &actor)));
            }
            let step = if action == Action::Higher { 1 } else { -1 };
            let level = (mode.level.unwrap_or(me.altitude as i32) + step).max(0);
            Intent::Mode(PlayMode {
                tool: Tool::Advance,
                level: Some(level),
                ..mode.clone()
            })
        }
        _ => Intent::Nothing,
    }
}

/// A click in Mount mode: shake off a creature on `actor`, climb down beside what carries it,
/// or climb onto the creature clicked (an ally willingly, an enemy with a roll).
pub fn mount_click(state: &StateView, actor: &str, square: Square) -> Intent {
    let Some(me) = view(state, actor) else {
        return Intent::Nothing;
    };
    let here: Vec<&CreatureView> = state
        .creatures
        .iter()
        .filter(|c| !c.dead && c.id != actor && c.footprint.contains(&square))
        .collect();
    let creature = actor.to_owned();
    if let Some(rider) = here
        .iter()
        .find(|c| on_top(c) && c.footprint.iter().all(|s| me.footprint.contains(s)))
    {
        return Intent::Send(Command::ShakeOff {
            creature,
            target: rider.id.clone(),
        });
    }
    if on_top(me) {
        return match here.first() {
            None => Intent::Send(Command::Dismount {
                creature,
                to: square,
            }),
            Some(_) => Intent::Hint("click a free square beside it to climb down".into()),
        };
    }
    let Some(carrier) = here.iter().find(|c| !on_top(c)) else {
        return Intent::Hint("click a creature to climb onto".into());
    };
    let target = carrier.id.clone();
    Intent::Send(if carrier.side == me.side {
        Command::Mount {
            creature,
            mount: target,
            square,
        }
    } else {
        Command::ClimbCreature {
            creature,
            target,
            square,
            characteristic: None,
        }
    })
}

/// A click in Dig mode: pull up the creature clicked, dig in place (a burrower), or claw dirt
/// into the square clicked, to the chosen depth.
pub fn dig_click(
    state: &StateView,
    actor: &str,
    burrows: bool,
    level: Option<i32>,
    square: Square,
) -> Intent {
    let creature = actor.to_owned();
    let depth = level.unwrap_or(1).max(0) as u32;
    if let Some(other) = state
        .creatures
        .iter()
        .find(|c| !c.dead && c.id != actor && c.footprint.contains(&square))
    {
        return Intent::Send(Command::PullUp {
            creature,
            target: other.id.clone(),
        });
    }
    let mine = view(state, actor).is_some_and(|c| c.footprint.contains(&square));
    match (burrows, mine) {
        (true, true) => Intent::Send(Command::Dig { creature, depth }),
        (true, false) => Intent::Hint(format!(
            "{} digs straight up or down: click it (or move through the dirt with a plain move)",
            short_name(state, actor)
        )),
        (false, _) => Intent::Send(Command::ClawDirt {
            creature,
            to: square,
            depth,
        }),
    }
}

/// A click that flies `actor` there: it is in the air (not on a creature), or a height was
/// chosen with the Higher and Lower keys.
pub fn flight_click(state: &StateView, mode: &PlayMode, actor: &str, square: Square) -> Intent {
    let aloft = view(state, actor).is_some_and(|c| c.altitude > 0 && !on_top(c));
    if mode.tool != Tool::Advance || (mode.level.is_none() && !aloft) {
        return Intent::Nothing;
    }
    Intent::Fly {
        creature: actor.to_owned(),
        to: square,
    }
}

/// A flight of `creature` to `to`, ending `level` squares above the ground (where it is now
/// when left out): straight across, one square up or down a step toward that height, then
/// straight up or down. The engine decides whether it may.
pub fn flight(
    engine: &Engine,
    creature: &str,
    to: Square,
    level: Option<i32>,
) -> Result<Command, String> {
    let me = record(engine, creature).ok_or_else(|| format!("no creature {creature}"))?;
    let map = engine.map();
    let here = Footprint::new(me.position, me.size);
    let mut z = map.ground_under(here) + me.altitude as i32 - me.depth as i32;
    let end = Footprint::new(to, me.size);
    let goal = map.ground_under(end) + level.unwrap_or(me.altitude as i32);
    let mut at = me.position;
    let mut path = Vec::new();
    while at != to {
        at = Square::new(at.x + (to.x - at.x).signum(), at.y + (to.y - at.y).signum());
        z = (z + (goal - z).signum()).max(map.ground_under(Footprint::new(at, me.size)));
        path.push((at.x, at.y, z));
    }
    while z != goal {
        z += (goal - z).signum();
        path.push((to.x, to.y, z));
    }
    if path.is_empty() {
        return Err(format!(
            "{creature} is there already: choose another square or height"
        ));
    }
    Ok(Command::Fly {
        creature: creature.to_owned(),
        path,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::battle::choices::ask;
    use crate::game::battle::play::{click, key as play_key};
    use steelgrid_rules::creature::Side;
    use steelgrid_rules::scenario;

    /// A 10×6 open room with `creatures` (and `fields` before them), the heroes going first,
    /// and `first`'s turn started; the dice after the first-side roll are `dice`.
    fn turn_of(fields: &str, creatures: &[&str], dice: &[u32], first: &str) -> Engine {
        let dice: Vec<String> = std::iter::once(7)
            .chain(dice.iter().copied())
            .map(|d| d.to_string())
            .collect();
        let src = format!(
            "Scenario(name: \"moves\", map: (rows: [\"..........\", \"..........\", \"..........\", \"..........\", \"..........\", \"..........\"]), {fields}creatures: [{}], dice: [{}])",
            creatures.join(", "),
            dice.join(", ")
        );
        let mut engine = scenario::load("moves.ron", &src)
            .unwrap_or_else(|p| panic!("{p:?}"))
            .start(None);
        for command in [
            Command::ChooseFirstSide { side: Side::Heroes },
            Command::StartTurn {
                creature: first.into(),
            },
        ] {
            engine.apply(command).expect("the turn starts");
        }
        engine
    }

    /// What the window offers now, as the choices refresh asks the engine.
    fn offered(engine: &Engine, mode: &PlayMode) -> Choices {
        let state = engine.state();
        ask(engine, &state, mode).expect("the engine answers")
    }

    /// Click `square` as the window would (a flight is planned with the engine) and apply
    /// what it sends.
    fn click_and_apply(engine: &mut Engine, mode: &PlayMode, square: Square) -> Command {
        let choices = offered(engine, mode);
        let command = match click(&engine.state(), mode, &choices, square) {
            Intent::Send(command) => command,
            Intent::Fly { creature, to } => {
                flight(engine, &creature, to, mode.level).expect("a flight path")
            }
            other => panic!("expected a command, got {other:?}"),
        };
        engine
            .apply(command.clone())
            .expect("the engine accepts it");
        command
    }

    fn press(engine: &Engine, mode: &PlayMode, action: Action) -> PlayMode {
        let state = engine.state();
        match key(engine, &state, mode, action) {
            Intent::Mode(mode) => mode,
            other => panic!("expected a mode, got {other:?}"),
        }
    }

    fn creature(engine: &Engine, id: &str) -> CreatureView {
        engine
            .state()
            .creatures
            .into_iter()
            .find(|c| c.id == id)
            .expect("the creature")
    }

    const GRANTS: &str = "abilities: {\"blink\": (name: \"Blink\", keywords: [Magic, Ranged], action: Maneuver, distance: Ranged(10), target: (who: Creature, count: 1), effect: (teleport: 5)), \"rally\": (name: \"Rally\", keywords: [Ranged], action: Maneuver, distance: Ranged(10), target: (who: Ally, count: 1), effect: (grant_move: (distance: 3)))}, ";

    fn hero(id: &str, x: i32, y: i32, extra: &str) -> String {
        format!(
            "(id: \"{id}\", side: Heroes, stamina: 30, speed: 5, position: ({x}, {y}), characteristics: (might: 2, agility: 1), hero: (recoveries: 8){extra})"
        )
    }

    const FOE: &str =
        "(id: \"foe\", side: Director, stamina: 30, speed: 5, free_strike: 3, position: (9, 5))";

    #[test]
    fn a_granted_teleport_and_move_are_placed_by_clicking_a_marked_square() {
        let caster = hero("p", 5, 0, ", abilities: [\"blink\", \"rally\"]");
        let ally = hero("t", 3, 3, "");
        let mut engine = turn_of(GRANTS, &[&caster, &ally, FOE], &[], "p");
        let mode = PlayMode::default();
        // Key 1 aims Blink; a click on T uses it, and the teleport waits to be placed.
        let Intent::Mode(aiming) = play_key(&engine.state(), &mode, Action::Ability1) else {
            panic!("key 1 aims");
        };
        click_and_apply(&mut engine, &aiming, Square::new(3, 3));
        let choices = offered(&engine, &mode);
        assert!(matches!(
            &choices,
            Choices::Moves {
                by: MoveBy::Grant(_),
                ..
            }
        ));
        assert!(choices.reach(Square::new(8, 3)).is_some());
        assert!(choices.reach(Square::new(9, 3)).is_none(), "6 squares away");
        assert!(choices.reach(Square::new(5, 0)).is_none(), "P stands there");
        assert_eq!(
            grant_prompt(&engine.state(), &choices).as_deref(),
            Some("p teleports t up to 5 squares (Blink) - click a marked square (Esc: not now)")
        );
        // Esc sets it aside: the own moves are offered again; Esc again brings it back.
        let Intent::Mode(later) = play_key(&engine.state(), &mode, Action::Cancel) else {
            panic!("Esc changes the mode");
        };
        assert!(matches!(
            offered(&engine, &later),
            Choices::Moves {
                by: MoveBy::Own,
                ..
            }
        ));
        let sent = click_and_apply(&mut engine, &mode, Square::new(8, 3));
        assert_eq!(
            sent,
            Command::Teleport {
                target: "t".into(),
                to: Square::new(8, 3),
                stand: true
            }
        );
        assert_eq!(creature(&engine, "t").position, Square::new(8, 3));
        // Rally lets T move 3: the marked squares are the engine's, the click moves T.
        let rally = PlayMode {
            tool: Tool::Ability(1),
            ..PlayMode::default()
        };
        click_and_apply(&mut engine, &rally, Square::new(8, 3));
        let choices = offered(&engine, &mode);
        assert!(choices.reach(Square::new(5, 3)).is_some());
        assert!(choices.reach(Square::new(4, 3)).is_none(), "4 squares away");
        let sent = click_and_apply(&mut engine, &mode, Square::new(5, 3));
        assert!(matches!(sent, Command::GrantedMove { creature, .. } if creature == "t"));
        assert_eq!(creature(&engine, "t").position, Square::new(5, 3));
        assert!(matches!(
            offered(&engine, &mode),
            Choices::Moves {
                by: MoveBy::Own,
                ..
            }
        ));
    }

    const MOUNT: &str =
        "size: \"2\", speed: 8, monster: (level: 1, organization: Platoon, role: Mount)";

    #[test]
    fn mount_mode_climbs_on_a_click_and_a_rider_rides_and_climbs_down() {
        let walker = hero("w", 2, 3, "");
        let horse = format!("(id: \"m\", side: Heroes, stamina: 30, position: (3, 3), {MOUNT})");
        let mut engine = turn_of("", &[&walker, &horse, FOE], &[], "w");
        let mode = press(&engine, &PlayMode::default(), Action::Mount);
        assert_eq!(mode.tool, Tool::Mount);
        let sent = click_and_apply(&mut engine, &mode, Square::new(3, 3));
        assert!(matches!(sent, Command::Mount { mount, .. } if mount == "m"));
        assert!(creature(&engine, "w").effects.contains(&"riding"));

        // A rider's move is its mount's Ride; M then a square beside climbs down.
        let rider = hero("r", 3, 3, ", riding: \"m\"");
        let mut engine = turn_of("", &[&rider, &horse, FOE], &[], "r");
        let choices = offered(&engine, &PlayMode::default());
        assert!(
            matches!(&choices, Choices::Moves { creature, by: MoveBy::Ride { .. }, .. } if creature == "m")
        );
        let sent = click_and_apply(&mut engine, &PlayMode::default(), Square::new(6, 3));
        assert!(matches!(sent, Command::Ride { creature, .. } if creature == "r"));
        assert_eq!(creature(&engine, "m").position, Square::new(6, 3));
        assert_eq!(creature(&engine, "r").position, Square::new(6, 3));
        let mode = PlayMode {
            tool: Tool::Mount,
            ..PlayMode::default()
        };
        // Another fight: r climbs down beside the mount.
        let mut engine = turn_of("", &[&rider, &horse, FOE], &[], "r");
        let sent = click_and_apply(&mut engine, &mode, Square::new(5, 3));
        assert!(matches!(sent, Command::Dismount { .. }));
        let r = creature(&engine, "r");
        assert_eq!((r.position, r.z), (Square::new(5, 3), 0));
        assert!(!r.effects.contains(&"riding"));
    }

    #[test]
    fn climbing_an_enemy_takes_the_roll_and_it_shakes_the_climber_off() {
        let walker = hero("h", 3, 3, "");
        let ogre = "(id: \"ogre\", side: Director, stamina: 30, position: (4, 3), size: \"2\", free_strike: 3)";
        // Climb 9 + 8 + 2: tier 3. Hold on 6 + 6 + 2: tier 2, it slides down on its feet.
        let mut engine = turn_of("", &[&walker, ogre], &[9, 8, 6, 6], "h");
        let mode = PlayMode {
            tool: Tool::Mount,
            ..PlayMode::default()
        };
        let sent = click_and_apply(&mut engine, &mode, Square::new(4, 3));
        assert!(matches!(sent, Command::ClimbCreature { target, .. } if target == "ogre"));
        assert!(creature(&engine, "h").effects.contains(&"climbing"));
        for command in [
            Command::EndTurn {
                creature: "h".into(),
            },
            Command::StartTurn {
                creature: "ogre".into(),
            },
        ] {
            engine.apply(command).expect("the ogre's turn");
        }
        let sent = click_and_apply(&mut engine, &mode, Square::new(4, 3));
        assert_eq!(
            sent,
            Command::ShakeOff {
                creature: "ogre".into(),
                target: "h".into()
            }
        );
        let h = creature(&engine, "h");
        assert_eq!(h.z, 0);
        assert!(!h.effects.contains(&"climbing"));
    }

    #[test]
    fn dig_mode_digs_to_the_depth_chosen_and_pulls_an_ally_up() {
        let mole = hero("mole", 2, 2, ", movement: [Burrow]");
        let friend = hero("friend", 4, 2, ", movement: [Burrow], depth: 1");
        let mut engine = turn_of("", &[&mole, &friend, FOE], &[], "mole");
        let mode = press(&engine, &PlayMode::default(), Action::Dig);
        assert_eq!(
            (mode.tool, mode.level),
            (Tool::Dig { burrows: true }, Some(1))
        );
        let deeper = press(&engine, &mode, Action::Lower);
        assert_eq!(deeper.level, Some(2));
        assert_eq!(
            crate::game::ui::hud::prompt(&engine.state(), &deeper),
            "mole: click mole to dig to depth 2 (PgUp/PgDn: depth), or a burrowing ally beside to pull it up (End: back)"
        );
        let back = press(&engine, &deeper, Action::Higher);
        let sent = click_and_apply(&mut engine, &back, Square::new(2, 2));
        assert_eq!(
            sent,
            Command::Dig {
                creature: "mole".into(),
                depth: 1
            }
        );
        assert_eq!(creature(&engine, "mole").z, -1);
        // A creature without burrow claws dirt instead; and one beside a burrowing ally pulls
        // it up.
        let walker = hero("walker", 3, 2, "");
        let mut engine = turn_of("", &[&walker, &friend, FOE], &[], "walker");
        let mode = press(&engine, &PlayMode::default(), Action::Dig);
        assert_eq!(mode.tool, Tool::Dig { burrows: false });
        let state = engine.state();
        assert!(matches!(
            click(&state, &mode, &Choices::None, Square::new(3, 2)),
            Intent::Send(Command::ClawDirt { depth: 1, .. })
        ));
        let sent = click_and_apply(&mut engine, &mode, Square::new(4, 2));
        assert!(matches!(sent, Command::PullUp { target, .. } if target == "friend"));
        assert_eq!(creature(&engine, "friend").z, 0);
    }

    #[test]
    fn page_up_sets_a_fliers_height_and_clicks_fly_there() {
        let flier = hero("kite", 2, 2, ", movement: [Fly]");
        let walker = hero("walker", 0, 0, "");
        let mut engine = turn_of("", &[&flier, &walker, FOE], &[], "kite");
        let up = press(&engine, &PlayMode::default(), Action::Higher);
        assert_eq!(up.level, Some(1));
        assert!(
            crate::game::ui::hud::prompt(&engine.state(), &up)
                .starts_with("kite: click a square to fly there 1 squares up (PgUp/PgDn: height)")
        );
        let sent = click_and_apply(&mut engine, &up, Square::new(4, 2));
        assert_eq!(
            sent,
            Command::Fly {
                creature: "kite".into(),
                path: vec![(3, 2, 1), (4, 2, 1)]
            }
        );
        let kite = creature(&engine, "kite");
        assert_eq!((kite.position, kite.altitude), (Square::new(4, 2), 1));
        // Walking creatures can't.
        engine
            .apply(Command::EndTurn {
                creature: "kite".into(),
            })
            .expect("end");
        engine
            .apply(Command::StartTurn {
                creature: "foe".into(),
            })
            .expect("foe");
        engine
            .apply(Command::EndTurn {
                creature: "foe".into(),
            })
            .expect("foe ends");
        engine
            .apply(Command::StartTurn {
                creature: "walker".into(),
            })
            .expect("walker");
        let state = engine.state();
        assert_eq!(
            key(&engine, &state, &PlayMode::default(), Action::Higher),
            Intent::Hint("walker can't fly".into())
        );
    }
}
