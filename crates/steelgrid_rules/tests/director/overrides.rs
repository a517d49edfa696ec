//! Director overrides: the Director's hand at the table (rule `director.override`, not a rule of
//! the seed) sets a creature's Stamina, gives or ends a condition, puts a creature on a square,
//! brings a creature in from the bestiary or gives Malice, at any moment of an unfinished
//! fight, and the game goes on from there by the rules; it records, replays and saves like any
//! command.

use crate::common;

use common::*;
use steelgrid_rules::command::{NewCreature, Override};
use steelgrid_rules::command_list::parse_commands;
use steelgrid_rules::condition::{Condition, Duration};
use steelgrid_rules::creature::{Side, Vitality};
use steelgrid_rules::event::{Event, LoggedEvent, Overridden};
use steelgrid_rules::grid::{Size, Square};
use steelgrid_rules::record::Record;
use steelgrid_rules::testing::{Fight, at};
use steelgrid_rules::{Command, Engine, ai};

/// Brann (30 Stamina) at (1, 1), his turn under way; a raider (30) at (2, 1) beside him, an
/// ogre (size 2) at (6, 3) and a goblin minion in the squad `pack` at (8, 5).
fn table() -> Engine {
    let mut e = Fight::new()
        .hero("brann", at(1, 1))
        .monster("raider", at(2, 1))
        .monster("ogre", at(6, 3))
        .size(Size::Squares(2))
        .monster("gob", at(8, 5))
        .stamina(5)
        .squad("pack", "goblins")
        .start();
    start(&mut e, "brann");
    e
}

fn ov(o: Override) -> Command {
    Command::DirectorOverride(o)
}

fn set_stamina(creature: &str, stamina: i32) -> Command {
    ov(Override::SetStamina {
        creature: creature.into(),
        stamina,
    })
}

fn add_condition(creature: &str, condition: Condition, of: Option<&str>) -> Command {
    ov(Override::AddCondition {
        creature: creature.into(),
        condition,
        duration: Duration::SaveEnds,
        of: of.map(str::to_owned),
    })
}

fn place(creature: &str, x: i32, y: i32) -> Command {
    ov(Override::Place {
        creature: creature.into(),
        at: Square::new(x, y),
    })
}

fn add_creature(id: &str, template: &str, x: i32, y: i32) -> Command {
    ov(Override::AddCreature(NewCreature {
        id: id.into(),
        template: template.into(),
        position: Square::new(x, y),
        name: None,
        side: None,
        group: None,
    }))
}

fn malice(amount: i32) -> Command {
    ov(Override::GiveMalice { amount })
}

/// What the overrides among `events` changed, each logged under `director.override`.
fn overridden(events: &[LoggedEvent]) -> Vec<Overridden> {
    pick(events, |ev| match &ev.event {
        Event::DirectorOverride { what } => {
            assert_eq!(ev.rule.id, "director.override");
            Some(what.clone())
        }
        _ => None,
    })
}

fn vitality_changes(events: &[LoggedEvent]) -> Vec<(String, Vitality, &'static str)> {
    pick(events, |ev| match &ev.event {
        Event::VitalityChanged { creature, to, .. } => Some((creature.clone(), *to, ev.rule.id)),
        _ => None,
    })
}

fn malice_now(e: &Engine) -> u32 {
    e.state().malice.current
}

/// The rule a refused command names, and its reason.
fn refusal(e: &mut Engine, cmd: Command) -> (&'static str, String) {
    let err = refused(e, cmd);
    (err.rule.id, err.reason)
}

#[test]
fn setting_a_creatures_stamina_shows_on_it_and_winds_it_without_spending_an_action() {
    let mut e = table();
    let budget = format!("{:?}", creature(&e, "brann").actions);
    let events = apply(&mut e, set_stamina("raider", 12));
    assert_eq!(stamina(&e, "raider"), 12);
    assert!(creature(&e, "raider").winded);
    assert_eq!(
        overridden(&events),
        [Overridden::Stamina {
            creature: "raider".into(),
            from: 30,
            to: 12,
            max: 30
        }]
    );
    assert_eq!(
        vitality_changes(&events),
        [("raider".into(), Vitality::Winded, "stamina.winded")]
    );
    // No creature's action: Brann's turn goes on with all of it.
    assert_eq!(e.state().turn.as_deref(), Some("brann"));
    assert_eq!(format!("{:?}", creature(&e, "brann").actions), budget);

    let events = apply(&mut e, set_stamina("raider", 30));
    assert!(!creature(&e, "raider").winded);
    assert_eq!(
        vitality_changes(&events),
        [("raider".into(), Vitality::Healthy, "stamina.winded")]
    );
}

#[test]
fn stamina_set_to_zero_kills_a_monster_and_leaves_a_hero_dying_then_dead_at_minus_winded() {
    let mut e = table();
    let events = apply(&mut e, set_stamina("raider", 0));
    assert!(creature(&e, "raider").dead);
    assert_eq!(
        vitality_changes(&events),
        [("raider".into(), Vitality::Dead, "stamina.death.director")]
    );

    apply(&mut e, set_stamina("brann", 0));
    assert!(creature(&e, "brann").dying);
    apply(&mut e, set_stamina("brann", 20));
    let brann = creature(&e, "brann");
    assert!(!brann.dying && !brann.winded, "a dying hero raised is back");
    let events = apply(&mut e, set_stamina("brann", -15));
    assert!(creature(&e, "brann").dead);
    assert_eq!(
        vitality_changes(&events),
        [("brann".into(), Vitality::Dead, "stamina.death.hero")]
    );
}

#[test]
fn stamina_out_of_range_for_a_dead_creature_or_a_squads_minion_is_refused_with_the_range() {
    let mut e = table();
    assert_eq!(
        refusal(&mut e, set_stamina("brann", -16)),
        (
            "director.override",
            "brann's Stamina can be set from -15 to 30 (its maximum), not -16".into()
        )
    );
    let (rule, why) = refusal(&mut e, set_stamina("raider", -1));
    assert_eq!(rule, "director.override");
    assert!(why.contains("from 0 to 30"), "{why}");
    let (rule, why) = refusal(&mut e, set_stamina("raider", 31));
    assert_eq!(rule, "director.override");
    assert!(why.contains("not 31"), "{why}");
    let (rule, why) = refusal(&mut e, set_stamina("raider", 30));
    assert_eq!(rule, "director.override");
    assert!(why.contains("already has 30 Stamina"), "{why}");
    let (rule, why) = refusal(&mut e, set_stamina("gob", 2));
    assert_eq!(rule, "director.override");
    assert!(why.contains("squad `pack`"), "{why}");
    let (rule, why) = refusal(&mut e, set_stamina("nobody", 2));
    assert_eq!(rule, "creature");
    assert!(why.contains("there is no creature `nobody`"), "{why}");

    apply(&mut e, set_stamina("raider", 0));
    let (rule, why) = refusal(&mut e, set_stamina("raider", 10));
    assert_eq!(rule, "director.override");
    assert!(why.contains("raider is dead"), "{why}");
}

#[test]
fn a_condition_added_shows_with_its_duration_and_works_and_one_removed_is_gone() {
    let mut e = table();
    let events = apply(&mut e, add_condition("raider", Condition::Slowed, None));
    assert_eq!(conditions(&e, "raider"), ["slowed (save ends)"]);
    assert_eq!(
        overridden(&events),
        [Overridden::ConditionAdded {
            creature: "raider".into(),
            condition: "slowed (save ends)".into()
        }]
    );

    apply(
        &mut e,
        add_condition("raider", Condition::Frightened, Some("brann")),
    );
    assert_eq!(
        conditions(&e, "raider"),
        ["frightened of brann", "slowed (save ends)"]
    );

    let events = apply(
        &mut e,
        ov(Override::RemoveCondition {
            creature: "raider".into(),
            condition: Condition::Slowed,
        }),
    );
    assert_eq!(conditions(&e, "raider"), ["frightened of brann"]);
    // A condition added is the condition: slowed, Brann can't shift.
    apply(&mut e, add_condition("brann", Condition::Slowed, None));
    let err = refused(
        &mut e,
        Command::Disengage {
            creature: "brann".into(),
            path: squares(&[(1, 2)]),
        },
    );
    assert_eq!(err.rule.id, "condition.slowed");
    assert_eq!(
        overridden(&events),
        [Overridden::ConditionRemoved {
            creature: "raider".into(),
            condition: "slowed".into()
        }]
    );
}

#[test]
fn a_condition_already_there_missing_or_without_its_source_is_refused() {
    let mut e = table();
    apply(&mut e, add_condition("raider", Condition::Slowed, None));
    let (rule, why) = refusal(&mut e, add_condition("raider", Condition::Slowed, None));
    assert_eq!(rule, "director.override");
    assert!(
        why.contains("raider is already slowed (save ends)"),
        "{why}"
    );
    let (rule, why) = refusal(
        &mut e,
        ov(Override::RemoveCondition {
            creature: "raider".into(),
            condition: Condition::Dazed,
        }),
    );
    assert_eq!(rule, "director.override");
    assert!(why.contains("raider is not dazed"), "{why}");
    let (rule, why) = refusal(&mut e, add_condition("raider", Condition::Taunted, None));
    assert_eq!(rule, "director.override");
    assert!(why.contains("taunted is of a creature"), "{why}");
    let (rule, why) = refusal(
        &mut e,
        add_condition("raider", Condition::Taunted, Some("ghost")),
    );
    assert_eq!(rule, "creature");
    assert!(why.contains("no creature `ghost`"), "{why}");
    let (rule, _) = refusal(&mut e, add_condition("ghost", Condition::Dazed, None));
    assert_eq!(rule, "creature");
}

#[test]
fn a_creature_put_on_a_square_is_there_and_leaving_an_enemy_provokes_nothing() {
    let mut e = table();
    // Brann stands beside the raider: walking off would provoke; being put elsewhere doesn't.
    let events = apply(&mut e, place("brann", 1, 5));
    assert_eq!(position(&e, "brann"), Square::new(1, 5));
    assert_eq!(stamina(&e, "brann"), 30);
    assert_eq!(
        overridden(&events),
        [Overridden::Placed {
            creature: "brann".into(),
            from: Square::new(1, 1),
            to: Square::new(1, 5)
        }]
    );
    assert_eq!(
        count(&events, |ev| matches!(
            ev,
            Event::OpportunityAttack { .. } | Event::FreeStrikeHit { .. } | Event::Moved { .. }
        )),
        0
    );
    // It took no move: Brann may still walk.
    apply(&mut e, advance("brann", &[(1, 4)]));
    assert_eq!(position(&e, "brann"), Square::new(1, 4));
}

#[test]
fn a_creature_put_off_the_map_on_a_wall_or_in_a_space_its_size_cant_share_is_refused() {
    let mut e = Fight::on(&["........", "...#....", "........", "........"])
        .hero("brann", at(0, 0))
        .monster("raider", at(5, 0))
        .monster("ogre", at(5, 2))
        .size(Size::Squares(2))
        .monster("bear", at(0, 2))
        .size(Size::Large)
        .start();
    let (rule, why) = refusal(&mut e, place("brann", 8, 0));
    assert_eq!(rule, "director.override");
    assert!(
        why.contains("off the map, which is 8 wide and 4 high"),
        "{why}"
    );
    let (rule, why) = refusal(&mut e, place("brann", 3, 1));
    assert_eq!(rule, "director.override");
    assert!(why.contains("(3, 1) is a wall"), "{why}");
    let (rule, why) = refusal(&mut e, place("brann", 5, 0));
    assert_eq!(rule, "movement.occupied");
    assert!(why.contains("raider (size 1M) stands at (5, 0)"), "{why}");
    // The ogre's size-2 space covers (5, 2) to (6, 3): the 1L bear is one size from it and
    // can't share it, its size-2 space would run off the map at (7, 2).
    let (rule, why) = refusal(&mut e, place("bear", 6, 3));
    assert_eq!(rule, "movement.occupied");
    assert!(why.contains("ogre (size 2) stands at (5, 2)"), "{why}");
    let (rule, _) = refusal(&mut e, place("ogre", 7, 2));
    assert_eq!(rule, "director.override");
    let (rule, why) = refusal(&mut e, place("raider", 5, 0));
    assert_eq!(rule, "director.override");
    assert!(why.contains("already stands at (5, 0)"), "{why}");
    // Two sizes apart, Brann and the ogre may share a space (seed 002 L2578).
    apply(&mut e, place("brann", 6, 3));
    assert_eq!(position(&e, "brann"), Square::new(6, 3));
}

#[test]
fn a_creature_brought_in_from_the_bestiary_stands_on_its_square_and_fights() {
    let mut e = table();
    let events = apply(&mut e, add_creature("hound2", "ember_hound", 3, 4));
    let hound = creature(&e, "hound2");
    assert_eq!(hound.name, "Ember Hound");
    assert_eq!(hound.side, Side::Director);
    assert_eq!(hound.position, Square::new(3, 4));
    assert_eq!((hound.stamina.current, hound.stamina.max), (12, 12));
    let abilities: Vec<&str> = hound.abilities.iter().map(|a| a.id.as_str()).collect();
    assert_eq!(abilities, ["cinder_breath", "smoulder"]);
    assert!(
        e.ability("cinder_breath").is_some(),
        "its abilities join the book"
    );
    assert_eq!(
        overridden(&events),
        [Overridden::CreatureAdded {
            creature: "hound2".into(),
            side: Side::Director,
            at: Square::new(3, 4)
        }]
    );
    // It takes a turn like any creature of its side.
    end(&mut e, "brann");
    start(&mut e, "hound2");
    apply(&mut e, advance("hound2", &[(3, 5)]));
    assert_eq!(position(&e, "hound2"), Square::new(3, 5));
}

#[test]
fn a_creature_brought_in_from_the_scenarios_own_template_takes_the_sides_and_names_given() {
    let mut e = Fight::new()
        .templates(
            r#""cave_rat": (name: "Cave Rat", side: Director, stamina: 7, speed: 6, free_strike: 1, abilities: ["thorn_slash"]),
               "pack_rat": (name: "Pack Rat", side: Director, stamina: 4, squad: "pack")"#,
        )
        .hero("brann", at(1, 1))
        .monster("raider", at(6, 1))
        .start();
    apply(
        &mut e,
        ov(Override::AddCreature(NewCreature {
            name: Some("Tamed Rat".into()),
            side: Some(Side::Heroes),
            ..match add_creature("rat1", "cave_rat", 2, 2) {
                Command::DirectorOverride(Override::AddCreature(new)) => new,
                _ => unreachable!(),
            }
        })),
    );
    let rat = creature(&e, "rat1");
    assert_eq!((rat.name.as_str(), rat.side), ("Tamed Rat", Side::Heroes));
    assert_eq!((rat.stamina.current, rat.speed), (7, 6));
    assert!(e.ability("thorn_slash").is_some());
    let (rule, why) = refusal(&mut e, add_creature("rat2", "pack_rat", 3, 3));
    assert_eq!(rule, "director.override");
    assert!(why.contains("comes in on its own"), "{why}");
    assert!(why.contains("`squad`"), "{why}");
}

#[test]
fn bringing_in_a_taken_id_an_unknown_template_or_onto_a_taken_square_is_refused() {
    let mut e = table();
    let (rule, why) = refusal(&mut e, add_creature("raider", "ember_hound", 3, 4));
    assert_eq!(rule, "director.override");
    assert!(why.contains("already a creature `raider`"), "{why}");
    let (rule, why) = refusal(&mut e, add_creature("x", "dragon_emperor", 3, 4));
    assert_eq!(rule, "director.override");
    assert!(why.contains("no template `dragon_emperor`"), "{why}");
    let (rule, why) = refusal(&mut e, add_creature("x", "ember_hound", 2, 1));
    assert_eq!(rule, "movement.occupied");
    assert!(why.contains("raider (size 1M) stands at (2, 1)"), "{why}");
    let (rule, why) = refusal(&mut e, add_creature("x", "ember_hound", 40, 4));
    assert_eq!(rule, "director.override");
    assert!(why.contains("off the map"), "{why}");
}

#[test]
fn malice_given_adds_up_and_taking_it_stops_at_zero() {
    let mut e = table();
    let before = malice_now(&e);
    let events = apply(&mut e, malice(3));
    assert_eq!(malice_now(&e), before + 3);
    assert_eq!(
        overridden(&events),
        [Overridden::Malice {
            amount: 3,
            now: before + 3
        }]
    );
    let events = apply(&mut e, malice(-100));
    assert_eq!(malice_now(&e), 0);
    assert_eq!(
        overridden(&events),
        [Overridden::Malice {
            amount: -(before as i32 + 3),
            now: 0
        }]
    );
    let (rule, why) = refusal(&mut e, malice(-1));
    assert_eq!(rule, "director.override");
    assert!(why.contains("no Malice to take away"), "{why}");
    let (rule, _) = refusal(&mut e, malice(0));
    assert_eq!(rule, "director.override");
    // No overflow, whatever a command file asks: at most a million.
    apply(&mut e, malice(999_999));
    let (rule, why) = refusal(&mut e, malice(i32::MAX));
    assert_eq!(rule, "director.override");
    assert!(why.contains("at most 1000000"), "{why}");
    assert_eq!(malice_now(&e), 999_999);
}

#[test]
fn an_override_comes_at_any_moment_of_the_fight_but_not_after_it() {
    // Before anyone has chosen who goes first.
    let mut e = Fight::new()
        .hero("brann", at(1, 1))
        .monster("raider", at(5, 1))
        .load()
        .unwrap()
        .start(Some(1));
    assert!(e.state().awaiting_first_side_choice.is_some());
    apply(&mut e, set_stamina("raider", 10));
    // Between turns, and on the other side's turn.
    apply(&mut e, Command::ChooseFirstSide { side: Side::Heroes });
    apply(&mut e, add_condition("brann", Condition::Weakened, None));
    start(&mut e, "brann");
    apply(&mut e, place("raider", 6, 1));
    // The last enemy set to 0 Stamina ends the fight: nothing more to override.
    let events = apply(&mut e, set_stamina("raider", 0));
    assert!(count(&events, |ev| matches!(ev, Event::EncounterEnded { .. })) == 1);
    let (rule, why) = refusal(&mut e, malice(2));
    assert_eq!(rule, "encounter.over");
    assert!(why.contains("the encounter is over (victory)"), "{why}");
}

#[test]
fn override_commands_read_from_a_command_file() {
    let src = r#"[
        DirectorOverride(SetStamina(creature: "ogre", stamina: 12)),
        DirectorOverride(AddCondition(creature: "ogre", condition: Slowed, duration: EndOfTurn)),
        DirectorOverride(AddCondition(creature: "ogre", condition: Frightened, of: "brann")),
        DirectorOverride(RemoveCondition(creature: "ogre", condition: Slowed)),
        DirectorOverride(Place(creature: "ogre", at: (3, 4))),
        DirectorOverride(AddCreature((id: "hound2", template: "ember_hound", position: (3, 4)))),
        DirectorOverride(GiveMalice(amount: -2)),
    ]"#;
    let commands = parse_commands("fudge.ron", src).expect("the command file reads");
    assert_eq!(commands.len(), 7);
    assert_eq!(
        commands[2].command,
        add_condition("ogre", Condition::Frightened, Some("brann"))
    );
    assert_eq!(
        commands[5].command,
        add_creature("hound2", "ember_hound", 3, 4)
    );
    assert_eq!(commands[6].line, 8);
    for c in &commands {
        assert_eq!(c.command.name(), "DirectorOverride");
    }
}

/// The mill ambush, the AI playing both sides for `n` commands.
fn ai_steps(game: &mut steelgrid_rules::record::Game, n: usize) {
    for _ in 0..n {
        let state = game.engine().state();
        let Some(side) = ai::side_to_answer(&state) else {
            return;
        };
        let decision = ai::decide(game.engine(), side).expect("the AI has a move");
        assert!(
            !matches!(decision.command, Command::DirectorOverride(_)),
            "the AI never overrides"
        );
        game.apply(decision.command)
            .expect("the AI's move is legal");
    }
}

/// The first square (by rows) `command` may be given for.
fn free_square(
    game: &steelgrid_rules::record::Game,
    command: impl Fn(Square) -> Command,
) -> Square {
    let map = game.engine().map();
    (0..map.height)
        .flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)))
        .find(|&s| game.engine().check(&command(s)).is_ok())
        .expect("a free square")
}

#[test]
fn a_game_with_overrides_replays_verifies_saves_and_resumes() {
    let mut game = mill(5);
    ai_steps(&mut game, 12);
    let placed = free_square(&game, |s| place("ogre", s.x, s.y));
    let hound_at = free_square(&game, |s| add_creature("hound2", "ember_hound", s.x, s.y));
    for command in [
        set_stamina("ogre", 20),
        add_condition("ogre", Condition::Dazed, None),
        place("ogre", placed.x, placed.y),
        add_creature("hound2", "ember_hound", hound_at.x, hound_at.y),
        malice(4),
    ] {
        game.apply(command).expect("the override is accepted");
        let step = game.steps().last().unwrap();
        assert_eq!(
            step.by,
            Some(Side::Director),
            "an override is the Director's"
        );
    }
    ai_steps(&mut game, 40);

    let replay = Record::parse("fudged.replay.ron", &game.replay().to_ron()).unwrap();
    let again = replay.verify().expect("every checksum matches");
    assert_eq!(again.engine().checksum(), game.engine().checksum());
    assert_eq!(again.engine().log(), game.engine().log());

    // A save resumes with the creature brought in, and can bring in another.
    let save = Record::parse("fudged.save.ron", &game.save().to_ron()).unwrap();
    let mut resumed = save.resume().expect("the save loads");
    assert_eq!(json(resumed.engine().state()), json(game.engine().state()));
    assert!(
        resumed.engine().ability("cinder_breath").is_some(),
        "the book keeps what the hound brought"
    );
    if resumed.engine().outcome().is_none() {
        let free = free_square(&resumed, |s| {
            add_creature("hound3", "ember_hound", s.x, s.y)
        });
        resumed
            .apply(add_creature("hound3", "ember_hound", free.x, free.y))
            .expect("a resumed game brings creatures in too");
        let record = Record::parse("r.ron", &resumed.replay().to_ron()).unwrap();
        record.verify().expect("the resumed game replays");
    }
}
