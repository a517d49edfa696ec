//! States a scenario may start its creatures and its fight in (conditions, surges, a grab, the
//! round and the Director's Malice), what the end of combat takes away, and `sim` refusing a
//! command after the end (issue 23, "scenario set-up states").

use crate::common;

use common::{conditions, creature, logged, start, strike};
use steelgrid_rules::Command;
use steelgrid_rules::command_list::{self, PlacedCommand};
use steelgrid_rules::condition::{Condition, Duration};
use steelgrid_rules::event::Event;
use steelgrid_rules::testing::{Fight, at};

#[test]
fn ds_combat_x3_creatures_start_with_conditions_surges_and_a_grab() {
    let e = Fight::new()
        .hero("h", at(2, 2))
        .surges(3)
        .starts_with(Condition::Taunted, Duration::SaveEnds, Some("ogre"))
        .starts_with(Condition::Slowed, Duration::EndOfTurn, None)
        .monster("ogre", at(3, 2))
        .start();
    let mut h = conditions(&e, "h");
    h.sort();
    assert_eq!(h, vec!["slowed (EoT)", "taunted by ogre"]);
    assert_eq!(creature(&e, "h").surges, Some(3));

    let grabbed =
        "(id: \"g\", side: Director, stamina: 10, position: (4, 2), grabbed_by: Some(\"h\"))";
    let e = common::fight(&[common::hero("h", 3, 2), grabbed.into()], &[5]);
    assert_eq!(creature(&e, "g").grabbed_by.as_deref(), Some("h"));
}

#[test]
fn ds_combat_x4_a_start_state_naming_no_one_or_a_far_creature_is_refused_where_written() {
    let problems = |fight: Fight| -> Vec<String> {
        fight
            .load()
            .err()
            .unwrap_or_default()
            .into_iter()
            .map(|d| d.message)
            .collect()
    };
    let no_source = Fight::new()
        .hero("h", at(2, 2))
        .starts_with(Condition::Frightened, Duration::SaveEnds, None)
        .monster("ogre", at(6, 2));
    assert_eq!(
        problems(no_source),
        vec!["`h` starts frightened: say whom of with `source: Some(\"<id>\")`"]
    );
    let unknown = Fight::new()
        .hero("h", at(2, 2))
        .starts_with(Condition::Taunted, Duration::EndOfTurn, Some("nobody"))
        .monster("ogre", at(6, 2));
    assert_eq!(
        problems(unknown),
        vec!["`h` starts taunted of `nobody`, which is not another creature in the scenario"]
    );
    let far = "(id: \"g\", side: Director, stamina: 10, position: (6, 2), grabbed_by: Some(\"h\"))";
    let src = format!(
        "Scenario(name: \"far\", map: (rows: [\"........\", \"........\", \"........\"]),\n  creatures: [\n    {},\n    {far},\n  ],\n)",
        common::hero("h", 2, 2)
    );
    let problems = steelgrid_rules::scenario::load("far.ron", &src).unwrap_err();
    assert_eq!(problems.len(), 1);
    assert_eq!((problems[0].line, problems[0].col), (4, 74));
    assert_eq!(
        problems[0].message,
        "`g` starts grabbed by `h` at (2, 2), which is not adjacent to it at (6, 2)"
    );
}

#[test]
fn ds_combat_x5_a_fight_picked_up_in_round_3_with_the_directors_malice() {
    let e = Fight::new()
        .hero("h", at(2, 2))
        .monster("ogre", at(6, 2))
        .start_in_round(3)
        .malice(5)
        .start();
    let state = e.state();
    assert_eq!(state.round, 3);
    assert_eq!(state.malice.current, 5);
    assert!(
        e.log()
            .iter()
            .all(|l| !matches!(l.event, Event::MaliceGained { .. })),
        "the scenario's Malice is what the Director has in its opening round"
    );
    // Without `malice`, round 3's gain comes on top of the start of combat's (seed 002 L4334).
    let e = Fight::new()
        .hero("h", at(2, 2))
        .monster("ogre", at(6, 2))
        .start_in_round(3)
        .start();
    assert_eq!(
        e.state().malice.current,
        4,
        "0 Victories, then 1 hero + round 3"
    );
}

#[test]
fn ds_core_x1_unspent_surges_are_lost_when_combat_ends() {
    // seed 002 L1656: the hero kills the last enemy with 2 surges unspent.
    let mut e = Fight::new()
        .hero("h", at(2, 2))
        .surges(2)
        .monster("ogre", at(3, 2))
        .current_stamina(1)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let events = e.apply(strike("h", "ogre")).unwrap();
    assert!(
        logged(&events)
            .contains(&"surge.lost: SurgesLost { creature: \"h\", amount: 2 }".to_owned()),
        "{:#?}",
        logged(&events)
    );
    assert_eq!(creature(&e, "h").surges, Some(0));
}

#[test]
fn ds_combat_x6_sim_refuses_a_command_after_the_encounter_has_ended() {
    let mut e = Fight::new()
        .hero("h", at(2, 2))
        .monster("ogre", at(3, 2))
        .current_stamina(1)
        .dice(&[5, 5])
        .start();
    start(&mut e, "h");
    let placed = |command| PlacedCommand {
        command,
        line: 3,
        col: 5,
    };
    let commands = [
        placed(strike("h", "ogre")),
        placed(Command::EndTurn {
            creature: "h".into(),
        }),
    ];
    let refusal = command_list::run(&mut e, &commands, None).expect("the end turn is refused");
    assert_eq!(refusal.index, 1);
    assert_eq!(refusal.error.rule.id, "encounter.over");
    assert_eq!(
        refusal.error.reason,
        "the encounter has already ended (the heroes won): only Victories, a respite or a montage can follow it"
    );
    // What comes between fights does follow it.
    let rest = [
        placed(Command::Respite { hours: 24 }),
        placed(Command::ScriptDice { faces: vec![5, 5] }),
    ];
    assert!(command_list::run(&mut e, &rest, None).is_none());
}

#[test]
fn ds_core_x3_heroes_start_combat_with_their_victories_as_heroic_resource_only_by_option() {
    // The seed names no starting amount (seed 002 L309, L1351): by default a hero starts with
    // what the scenario gives; `heroic_resource_at_start: PlusVictories` adds its Victories.
    let fight = |options: &str| {
        Fight::new()
            .options(options)
            .hero("h", at(2, 2))
            .heroic_resource(1)
            .victories(2)
            .monster("ogre", at(6, 2))
            .start()
    };
    let e = fight("");
    assert_eq!(creature(&e, "h").heroic_resource, Some(1));
    let e = fight("heroic_resource_at_start: PlusVictories");
    assert_eq!(creature(&e, "h").heroic_resource, Some(3));
    assert!(
        logged(e.log()).contains(
            &"resource.heroic.start: ResourceGained { creature: \"h\", amount: 2, now: 3, because: None }"
                .to_owned()
        ),
        "{:#?}",
        logged(e.log())
    );
}

#[test]
fn a_creature_wears_the_icon_it_or_its_template_names_and_no_rule_reads_it() {
    let src = r#"Scenario(
        name: "Icons",
        map: (rows: ["......", "......"]),
        templates: {
            "bog_lurker": (side: Director, stamina: 20, free_strike: 2, icon: "wolf-head"),
        },
        creatures: [
            (id: "lurker", template: "bog_lurker", position: (4, 0)),
            (id: "witch", template: "mire_witch", position: (2, 1), icon: "ogre"),
            (id: "brann", template: "vanguard", position: (0, 0)),
        ],
    )"#;
    let scenario = steelgrid_rules::scenario::load("icons.ron", src).unwrap();
    assert_eq!(scenario.icon("lurker"), Some("wolf-head"));
    assert_eq!(scenario.icon("witch"), Some("ogre"));
    // A built-in kind wears the icon its library template names.
    assert_eq!(
        (scenario.icon("brann"), scenario.kind("brann")),
        (Some("spiked-shield"), Some("vanguard"))
    );
}
