//! Shared helpers: a small open arena and shorthand for creatures and commands.
#![allow(dead_code)]

pub mod abilities;

use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::CreatureView;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::grid::Square;
use steelgrid_rules::record::Game;
use steelgrid_rules::scenario;
use steelgrid_rules::testing::LEGEND;
use steelgrid_rules::{Command, Engine};
use steelgrid_rules::{StateView, ai};

pub use steelgrid_rules::testing::ROOM;

/// Load a scenario from its parts, panicking with the diagnostics if it is invalid.
pub fn scenario(rows: &[&str], creatures: &str, dice: &[u32]) -> scenario::Scenario {
    scenario_with(rows, "", creatures, dice)
}

/// [`scenario`] with `fields`, more of the scenario's top-level fields (each followed by `, `),
/// spliced in before its creatures.
pub fn scenario_with(
    rows: &[&str],
    fields: &str,
    creatures: &str,
    dice: &[u32],
) -> scenario::Scenario {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    let dice: Vec<String> = dice.iter().map(u32::to_string).collect();
    let src = format!(
        "Scenario(name: \"Test arena\", map: (legend: {LEGEND}, rows: [{}]), {fields}creatures: [{}], dice: [{}])",
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
    abilities::hero(id, x, y, &[], "")
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
    fight_with(rows, "", creatures, dice, Side::Heroes)
}

/// Start an encounter in `rows` with `fields` spliced in (see [`scenario_with`]): a scripted 7
/// lets the heroes choose, and `first` goes first; `dice` follow.
pub fn fight_with(
    rows: &[&str],
    fields: &str,
    creatures: &[String],
    dice: &[u32],
    first: Side,
) -> Engine {
    let mut all = vec![7];
    all.extend_from_slice(dice);
    let mut engine = scenario_with(rows, fields, &creatures.join(", "), &all).start(Some(1));
    engine
        .apply(Command::ChooseFirstSide { side: first })
        .expect("the heroes chose");
    engine
}

/// Apply a command that must be accepted, and give what it logged.
pub fn apply(engine: &mut Engine, cmd: Command) -> Vec<LoggedEvent> {
    let shown = format!("{cmd:?}");
    engine
        .apply(cmd)
        .unwrap_or_else(|err| panic!("{shown}: {err:?}"))
}

pub fn start(engine: &mut Engine, id: &str) -> Vec<LoggedEvent> {
    apply(
        engine,
        Command::StartTurn {
            creature: id.into(),
        },
    )
}

pub fn end(engine: &mut Engine, id: &str) -> Vec<LoggedEvent> {
    apply(
        engine,
        Command::EndTurn {
            creature: id.into(),
        },
    )
}

/// Start and end `id`'s turn, doing nothing in it.
pub fn take_turn(engine: &mut Engine, id: &str) {
    start(engine, id);
    end(engine, id);
}

pub fn strike(attacker: &str, target: &str) -> Command {
    Command::free_strike(attacker, target, false)
}

/// The squares at the (x, y) pairs of `path`, in order.
pub fn squares(path: &[(i32, i32)]) -> Vec<Square> {
    path.iter().map(|&(x, y)| Square::new(x, y)).collect()
}

pub fn advance(id: &str, path: &[(i32, i32)]) -> Command {
    Command::Advance {
        creature: id.into(),
        path: squares(path),
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
        path: squares(path),
        break_objects: true,
        vertical: false,
        heights: Vec::new(),
    }
}

/// A creature with the given side and extra fields, 30 Stamina.
pub fn body(id: &str, side: &str, x: i32, y: i32, extra: &str) -> String {
    format!("(id: \"{id}\", side: {side}, stamina: 30, position: ({x}, {y}), {extra})")
}

pub fn creature(engine: &Engine, id: &str) -> CreatureView {
    engine
        .state()
        .creatures
        .into_iter()
        .find(|c| c.id == id)
        .unwrap_or_else(|| panic!("no creature {id}"))
}

pub fn stamina(engine: &Engine, id: &str) -> i32 {
    creature(engine, id).stamina.current
}

pub fn position(engine: &Engine, id: &str) -> Square {
    creature(engine, id).position
}

pub fn conditions(engine: &Engine, id: &str) -> Vec<String> {
    creature(engine, id).conditions
}

/// Everything `events` logged, in order, a line each: `"<rule id>: <event>"`.
pub fn logged(events: &[LoggedEvent]) -> Vec<String> {
    events
        .iter()
        .map(|ev| format!("{}: {:?}", ev.rule.id, ev.event))
        .collect()
}

/// The events of `events` that match `pred`.
pub fn find(events: &[LoggedEvent], pred: impl Fn(&Event) -> bool) -> Vec<&LoggedEvent> {
    events.iter().filter(|e| pred(&e.event)).collect()
}

/// What `each` gives for each of `events`, in order, leaving out those it gives nothing for.
pub fn pick<T>(events: &[LoggedEvent], each: impl Fn(&LoggedEvent) -> Option<T>) -> Vec<T> {
    events.iter().filter_map(each).collect()
}

/// How many of `events` match `pred`.
pub fn count(events: &[LoggedEvent], pred: impl Fn(&Event) -> bool) -> usize {
    find(events, pred).len()
}

/// The `SavingThrow` events as (creature, condition, roll, saved).
pub fn saving_throws(events: &[LoggedEvent]) -> Vec<(String, String, u32, bool)> {
    pick(events, |ev| match &ev.event {
        Event::SavingThrow {
            creature,
            condition,
            roll,
            saved,
        } => Some((creature.clone(), condition.clone(), *roll, *saved)),
        _ => None,
    })
}

/// Apply a command that must be refused, check that it changed nothing and logged nothing, and
/// give the refusal.
pub fn refused(e: &mut Engine, cmd: Command) -> steelgrid_rules::RuleError {
    let before = e.checksum();
    let logged = e.log().len();
    let shown = format!("{cmd:?}");
    let err = e
        .apply(cmd)
        .expect_err(&format!("{shown} should be refused"));
    assert_eq!(e.checksum(), before, "a refused {shown} changes nothing");
    assert_eq!(e.log().len(), logged, "a refused {shown} logs nothing");
    err
}

/// Take empty turns for `others`, in the order the turn rules allow, until `id` may act; then
/// start its turn.
pub fn until_turn_of(e: &mut Engine, id: &str, others: &[&str]) {
    let may_start = |e: &Engine, who: &str| {
        e.check(&Command::StartTurn {
            creature: who.into(),
        })
        .is_ok()
    };
    while !may_start(e, id) {
        let next = *others
            .iter()
            .find(|o| may_start(e, o))
            .expect("someone can act");
        take_turn(e, next);
    }
    start(e, id);
}

pub const MILL: &str = include_str!("../../../../scenarios/mill_ambush.ron");

pub fn mill(seed: u64) -> Game {
    Game::new("scenarios/mill_ambush.ron", MILL, Some(seed)).expect("the default scenario loads")
}

/// The published state as JSON, to compare whole states.
pub fn json(state: StateView) -> String {
    serde_json::to_string(&state).unwrap()
}

/// Let the AI play both sides for at most `limit` commands.
pub fn ai_game(seed: u64, limit: usize) -> Game {
    let mut game = mill(seed);
    while game.steps().len() < limit {
        let state = game.engine().state();
        let Some(side) = ai::side_to_answer(&state) else {
            break;
        };
        let decision = ai::decide(game.engine(), side).expect("the AI always has a move");
        game.apply(decision.command)
            .expect("the AI only picks legal commands");
    }
    game
}

/// Every file in `scenarios/`, sorted, as (its path as diagnostics write it, its text): what the
/// soak and the fuzz tests play.
pub fn scenario_files() -> Vec<(String, String)> {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scenarios");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .expect("the scenarios folder")
        .map(|e| e.expect("a folder entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| {
            let name = format!("scenarios/{}", p.file_name().unwrap().to_string_lossy());
            (name, std::fs::read_to_string(p).expect("a scenario file"))
        })
        .collect()
}
