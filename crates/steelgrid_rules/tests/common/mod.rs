//! Shared helpers: a small open arena and shorthand for creatures and commands.
#![allow(dead_code)]

use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::CreatureView;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::scenario;
use steelgrid_rules::{Command, Engine};

/// A 10×6 room of open floor (walls only where a test draws them).
pub const ROOM: [&str; 6] = [
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
];

/// Load a scenario from its parts, panicking with the diagnostics if it is invalid.
pub fn scenario(rows: &[&str], creatures: &str, dice: &[u32]) -> scenario::Scenario {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let dice: Vec<String> = dice.iter().map(u32::to_string).collect();
    let src = format!(
        "Scenario(name: \"Test arena\", map: (legend: {{'w': (terrain: Object(material: Wood)), 'h': (elevation: 1), 'H': (elevation: 2), 'x': (terrain: Damaging(damage: 3)), 'o': (terrain: Pit(depth: 2)), 'g': (terrain: Object(material: Glass)), 's': (terrain: Object(material: Stone)), 'm': (terrain: Object(material: Metal)), '4': (elevation: 4), '5': (elevation: 5), '6': (elevation: 6), '3': (elevation: 3), 'P': (terrain: Object(material: Stone)), 'T': (elevation: 10), '=': (terrain: Water(depth: 3))}}, rows: [{}]), creatures: [{}], dice: [{}])",
        rows.join(", "),
        creatures,
        dice.join(", ")
    );
    match scenario::load("arena.ron", &src) {
        Ok(s) => s,
        Err(problems) => panic!("{problems:?}\n{src}"),
    }
}

/// A hero at (x, y) with 30 Stamina, Might 2, Agility 1 and 8 Recoveries.
pub fn hero(id: &str, x: i32, y: i32) -> String {
    format!(
        "(id: \"{id}\", side: Heroes, stamina: 30, speed: 5, position: ({x}, {y}), characteristics: (might: 2, agility: 1), hero: (recoveries: 8))"
    )
}

/// A Director creature at (x, y) with 20 Stamina and free strike 3.
pub fn monster(id: &str, x: i32, y: i32) -> String {
    format!(
        "(id: \"{id}\", side: Director, stamina: 20, speed: 5, free_strike: 3, position: ({x}, {y}))"
    )
}

/// Start an encounter in ROOM where the heroes won the first-side roll (a scripted 7) and
/// chose to go first; `dice` follow.
pub fn fight(creatures: &[String], dice: &[u32]) -> Engine {
    fight_in(&ROOM, creatures, dice)
}

pub fn fight_in(rows: &[&str], creatures: &[String], dice: &[u32]) -> Engine {
    let mut all = vec![7];
    all.extend_from_slice(dice);
    let mut engine = scenario(rows, &creatures.join(", "), &all).start(Some(1));
    engine
        .apply(Command::ChooseFirstSide { side: Side::Heroes })
        .expect("the heroes chose");
    engine
}

pub fn start(engine: &mut Engine, id: &str) {
    engine
        .apply(Command::StartTurn {
            creature: id.into(),
        })
        .unwrap_or_else(|e| panic!("start {id}: {e}"));
}

pub fn end(engine: &mut Engine, id: &str) {
    engine
        .apply(Command::EndTurn {
            creature: id.into(),
        })
        .unwrap_or_else(|e| panic!("end {id}: {e}"));
}

pub fn strike(attacker: &str, target: &str) -> Command {
    Command::free_strike(attacker, target, false)
}

pub fn advance(id: &str, path: &[(i32, i32)]) -> Command {
    Command::Advance {
        creature: id.into(),
        path: path.iter().map(|&(x, y)| Square::new(x, y)).collect(),
    }
}

/// A forced movement the Director applies.
pub fn force(
    kind: steelgrid_rules::forced::ForcedKind,
    forcer: Option<&str>,
    target: &str,
    distance: u32,
    path: &[(i32, i32)],
) -> Command {
    Command::ForceMove {
        forcer: forcer.map(str::to_owned),
        target: target.into(),
        kind,
        distance,
        melee_weapon: false,
        stability: None,
        chosen: None,
        path: path.iter().map(|&(x, y)| Square::new(x, y)).collect(),
        break_objects: true,
    }
}

/// A creature with the given side and extra fields, 30 Stamina.
pub fn body(id: &str, side: &str, x: i32, y: i32, extra: &str) -> String {
    format!("(id: \"{id}\", side: {side}, stamina: 30, position: ({x}, {y}), {extra})")
}

pub fn creature(engine: &mut Engine, id: &str) -> CreatureView {
    engine
        .state()
        .creatures
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no creature {id}"))
}

/// The events of `events` that match `pred`.
pub fn find(events: &[LoggedEvent], pred: impl Fn(&Event) -> bool) -> Vec<&LoggedEvent> {
    events.iter().filter(|e| pred(&e.event)).collect()
}
