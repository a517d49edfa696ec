//! Campaigns (seed 002 L807-867): a party carried from battle to battle, resting and rising in
//! level; the campaign file's problems at their lines; the built-in campaign played headless.

use steelgrid_rules::campaign::{self, Campaign, Carried, Ending, Progress, Step};
use steelgrid_rules::class::Class;
use steelgrid_rules::scenario;

/// A small battle: a `hero_start` zone of six squares, two heroes of the file's own and two
/// goblins that stand no chance.
const SKIRMISH: &str = include_str!("fixtures/campaign_skirmish.ron");

const TWO_BATTLES: &str = r#"Campaign(
    name: "Two Fights",
    party: (min: 2, max: 4, level: 1, suggested: [Fury, Conduit]),
    advancement: [(level: 2, xp: 2), (level: 3, xp: 5)],
    steps: [
        Story(title: "Dawn", text: "They set out."),
        Battle(scenario: "skirmish.ron", title: "First", bonus_victories: 1),
        Respite(),
        Battle(scenario: "skirmish.ron", title: "Second"),
        Respite(),
    ],
)"#;

fn read(name: &str) -> Result<(String, String), String> {
    match name {
        "skirmish.ron" => Ok((name.to_owned(), SKIRMISH.to_owned())),
        _ => Err("no such file".to_owned()),
    }
}

fn two_battles() -> Campaign {
    campaign::load("two.ron", TWO_BATTLES, &read).unwrap()
}

/// Play the current battle with the AI on both sides to its end.
fn fight(
    c: &Campaign,
    p: &mut Progress,
    seed: u64,
) -> (steelgrid_rules::engine::Engine, Vec<Carried>) {
    let (file, text) = p.battle(c).unwrap();
    let mut engine = scenario::load(&file, &text).unwrap().start(Some(seed));
    while engine.outcome().is_none() {
        let d = steelgrid_rules::ai::next(&engine, steelgrid_rules::ai::Director::Cunning).unwrap();
        engine.apply(d.command).unwrap();
    }
    let told = p.end_battle(c, &engine);
    (engine, told)
}

#[test]
fn the_party_takes_the_hero_start_squares_in_place_of_the_files_heroes() {
    let c = two_battles();
    let mut p = Progress::start(
        &c,
        &[
            (Class::Conduit, Some("Ilsa".into())),
            (Class::Shadow, None),
            (Class::Talent, None),
        ],
    )
    .unwrap();
    assert!(p.advance(&c).is_empty(), "the story page tells nothing");
    let (file, text) = p.battle(&c).unwrap();
    let s = scenario::load(&file, &text).unwrap();
    let heroes: Vec<(String, String, (i32, i32))> = s
        .initial_creatures()
        .iter()
        .filter(|r| r.hero.is_some())
        .map(|r| (r.id.clone(), r.name.clone(), (r.position.x, r.position.y)))
        .collect();
    assert_eq!(
        heroes,
        vec![
            ("conduit".into(), "Ilsa".into(), (1, 1)),
            ("shadow".into(), "Shadow".into(), (2, 1)),
            ("talent".into(), "Talent".into(), (3, 1)),
        ],
        "reading order on hero_start, the file's fury and censor gone"
    );
    assert_eq!(s.initial_creatures().len(), 5, "the two goblins stay");
}

#[test]
fn a_won_battle_carries_stamina_recoveries_and_victories_and_a_respite_turns_them_into_xp() {
    let c = two_battles();
    let mut p = Progress::start(&c, &[(Class::Fury, None), (Class::Conduit, None)]).unwrap();
    p.advance(&c);
    // Wound the fury before the fight: it starts the battle as the party left it.
    p.party.members[0].stamina = 20;
    p.party.members[0].recoveries = 7;
    let (file, text) = p.battle(&c).unwrap();
    let s = scenario::load(&file, &text).unwrap();
    let fury = s
        .initial_creatures()
        .iter()
        .find(|r| r.id == "fury")
        .unwrap();
    assert_eq!(fury.stamina.current, 20);
    assert_eq!(fury.hero.as_ref().unwrap().recoveries, 7);
    assert_eq!(fury.hero.as_ref().unwrap().recoveries_max, 10);

    let (engine, told) = fight(&c, &mut p, 3);
    assert_eq!(
        engine.outcome(),
        Some(steelgrid_rules::event::Outcome::Victory)
    );
    for m in &p.party.members {
        let r = engine.creature_record(&m.id).unwrap();
        assert_eq!(
            m.stamina, r.stamina.current,
            "{}: Stamina as the fight left it",
            m.id
        );
        assert_eq!(m.recoveries, r.hero.as_ref().unwrap().recoveries);
        assert_eq!(
            m.victories, 2,
            "{}: one for surviving (L815-817), one bonus (L819)",
            m.id
        );
    }
    assert!(told.contains(&Carried::Victories {
        hero: "Fury".into(),
        gained: 2,
        total: 2
    }));
    assert!(matches!(p.current(&c), Some(Step::Respite { .. })));

    let rested = p.advance(&c);
    for m in &p.party.members {
        assert_eq!((m.stamina, m.recoveries), m.maxima(), "{}: rested", m.id);
        assert_eq!(
            (m.victories, m.xp),
            (0, 2),
            "{}: Victories into XP (L833)",
            m.id
        );
        assert_eq!(
            m.level, 2,
            "{}: 2 XP reaches level 2 in this campaign",
            m.id
        );
    }
    assert_eq!(
        p.party.members[0].maxima(),
        (36, 10),
        "a level-2 Fury: 27 + 9 Stamina"
    );
    assert!(rested.contains(&Carried::Rose {
        hero: "Fury".into(),
        level: 2
    }));

    let (_, _) = fight(&c, &mut p, 4);
    assert_eq!(p.ending, None, "a respite is still to come");
    p.advance(&c);
    assert_eq!(p.ending, Some(Ending::Won));
    assert_eq!(p.fought.len(), 2);
}

#[test]
fn a_lost_battle_is_fought_again_from_where_the_party_stood() {
    let c = two_battles();
    let mut p = Progress::start(&c, &[(Class::Fury, None), (Class::Conduit, None)]).unwrap();
    p.advance(&c);
    let before = p.party.clone();
    let (file, text) = p.battle(&c).unwrap();
    // Give up at once: the battle is not won.
    let engine = scenario::load(&file, &text).unwrap().start(Some(1));
    assert!(p.end_battle(&c, &engine).is_empty());
    assert_eq!(p.party, before);
    assert_eq!(p.lost_tries, 1);
    assert!(matches!(p.current(&c), Some(Step::Battle { title, .. }) if title == "First"));
    assert!(!p.fought[0].won);
}

#[test]
fn a_recovery_spent_on_the_road_gives_a_third_of_the_maximum() {
    let c = two_battles();
    let mut p = Progress::start(&c, &[(Class::Fury, None), (Class::Conduit, None)]).unwrap();
    let fury = &mut p.party.members[0];
    fury.stamina = -3;
    assert_eq!(
        fury.spend_recovery(),
        Some(9),
        "27 / 3 = 9, added below 0 too"
    );
    assert_eq!((fury.stamina, fury.recoveries), (6, 9));
    let told = p.patch_up();
    assert_eq!(
        told,
        vec![Carried::Recovered {
            hero: "Fury".into(),
            stamina: 15
        }],
        "spent until above the winded value (13)"
    );
}

#[test]
fn a_party_must_fit_the_campaign() {
    let c = two_battles();
    let one = Progress::start(&c, &[(Class::Fury, None)]).unwrap_err();
    assert_eq!(one.0, "this campaign takes a party of 2 to 4 heroes, not 1");
    let twice = Progress::start(&c, &[(Class::Fury, None), (Class::Fury, None)]).unwrap_err();
    assert!(
        twice.0.contains("two heroes of the fury class"),
        "{}",
        twice.0
    );
}

#[test]
fn a_campaign_files_problems_come_at_their_lines() {
    let missing = TWO_BATTLES.replace(
        "Battle(scenario: \"skirmish.ron\", title: \"Second\")",
        "Battle(scenario: \"gone.ron\", title: \"Second\")",
    );
    let e = campaign::load("two.ron", &missing, &read).unwrap_err();
    assert_eq!(e.len(), 1);
    assert_eq!((e[0].line, e[0].col), (9, 26));
    assert_eq!(e[0].message, "cannot read `gone.ron`: no such file");

    let crowded = TWO_BATTLES.replace("max: 4", "max: 7");
    let e = campaign::load("two.ron", &crowded, &read).unwrap_err();
    assert_eq!(e[0].file, "skirmish.ron");
    assert!(
        e[0].message.contains("room for 7 heroes; it has 6"),
        "{}",
        e[0].message
    );

    let typo = TWO_BATTLES.replace("Respite()", "Rest()");
    let e = campaign::load("two.ron", &typo, &read).unwrap_err();
    assert_eq!(e[0].line, 8);
    assert!(e[0].message.contains("Rest"), "{}", e[0].message);
}

/// A hero who starts a battle already dead (Stamina at minus its winded value, seed 002
/// L3068-3076) while the party wins it.
fn win_with_the_fury_dead(c: &Campaign) -> (Progress, Vec<Carried>) {
    let mut p = Progress::start(c, &[(Class::Fury, None), (Class::Conduit, None)]).unwrap();
    p.advance(c);
    p.party.members[0].stamina = -13;
    let (_, told) = fight(c, &mut p, 3);
    (p, told)
}

#[test]
fn a_hero_dead_in_a_won_battle_stays_dead_by_the_seed() {
    let c = two_battles();
    let (p, told) = win_with_the_fury_dead(&c);
    assert!(told.contains(&Carried::Died {
        hero: "Fury".into()
    }));
    assert!(p.party.members[0].dead);
    let (_, text) = p.battle(&c).unwrap_or_default();
    assert!(text.is_empty(), "the next step is a respite, not a battle");
}

#[test]
fn a_campaign_whose_fallen_pull_through_carries_them_on_at_1_stamina() {
    let merciful = TWO_BATTLES.replace(
        "suggested: [Fury, Conduit]",
        "suggested: [Fury, Conduit], fallen: Wounded",
    );
    let c = campaign::load("two.ron", &merciful, &read).unwrap();
    let (mut p, told) = win_with_the_fury_dead(&c);
    assert!(told.contains(&Carried::Fallen {
        hero: "Fury".into()
    }));
    let fury = &p.party.members[0];
    assert!(!fury.dead);
    assert_eq!((fury.stamina, fury.recoveries), (1, 10));
    assert_eq!(
        fury.victories, 0,
        "no Victory for a fight it did not survive (L817)"
    );
    let road = p.patch_up();
    assert_eq!(
        road,
        vec![
            Carried::Recovered {
                hero: "Fury".into(),
                stamina: 10
            },
            Carried::Recovered {
                hero: "Fury".into(),
                stamina: 19
            },
        ],
        "Recoveries spent on the road until above its winded value (13)"
    );
    p.advance(&c);
    let (file, text) = p.battle(&c).unwrap();
    let s = scenario::load(&file, &text).unwrap();
    assert!(
        s.initial_creatures().iter().any(|r| r.id == "fury"),
        "in the second battle"
    );
}

/// The built-in campaign, its battles read from beside it.
fn thinning_hymn() -> Campaign {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../campaigns");
    let text = std::fs::read_to_string(format!("{dir}/thinning_hymn.ron")).unwrap();
    campaign::load("campaigns/thinning_hymn.ron", &text, &|name| {
        let file = format!("{dir}/{name}");
        std::fs::read_to_string(&file)
            .map(|text| (format!("campaigns/{name}"), text))
            .map_err(|e| e.to_string())
    })
    .unwrap()
}

/// The Thinning Hymn played to its end, the AI on both sides, its suggested party of five:
/// every battle starts each hero as the last one left it (and the road's Recoveries), a won
/// battle gives each survivor its Victory and the step's bonus, a respite gives back Stamina and
/// Recoveries and turns Victories into XP, and levels follow the campaign's table.
#[test]
fn the_thinning_hymn_played_headless_carries_the_party_as_the_seed_says() {
    let c = thinning_hymn();
    let classes = c.spec.party.suggested.clone();
    let choice: Vec<(Class, Option<String>)> = classes.iter().map(|k| (*k, None)).collect();
    let mut p = Progress::start(&c, &choice).unwrap();
    let mut seed = 401;
    let mut battles_won = 0;
    while let Some(step) = p.current(&c).cloned() {
        let before = p.party.clone();
        match step {
            Step::Story { .. } => assert!(p.advance(&c).is_empty()),
            Step::Respite { .. } => {
                p.advance(&c);
                for (m, was) in p.party.members.iter().zip(&before.members) {
                    assert_eq!(
                        (m.stamina, m.recoveries),
                        m.maxima(),
                        "{}: rested (L863)",
                        m.id
                    );
                    assert_eq!(
                        m.xp,
                        was.xp + was.victories,
                        "{}: Victories into XP (L833)",
                        m.id
                    );
                    assert_eq!(m.victories, 0);
                    assert_eq!(
                        m.level,
                        c.level_for(m.xp),
                        "{}: its level by the table",
                        m.id
                    );
                }
            }
            Step::Battle {
                bonus_victories,
                title,
                ..
            } => {
                let (file, text) = p.battle(&c).unwrap();
                let s = scenario::load(&file, &text).unwrap();
                for m in p.party.fighting() {
                    let r = s.initial_creatures().iter().find(|r| r.id == m.id).unwrap();
                    let hero = r.hero.as_ref().unwrap();
                    assert_eq!(
                        r.stamina.current, m.stamina,
                        "{title}: {} as it was left",
                        m.id
                    );
                    assert_eq!(r.stamina.max, m.maxima().0);
                    assert_eq!(
                        (hero.recoveries, hero.victories, hero.level),
                        (m.recoveries, m.victories, m.level)
                    );
                }
                let (engine, _) = fight(&c, &mut p, seed);
                seed += 1;
                if !p.fought.last().unwrap().won {
                    assert_eq!(p.party, before, "{title}: lost, the party stands as before");
                    assert!(p.lost_tries < 3, "{title} lost three times");
                    continue;
                }
                battles_won += 1;
                for (m, was) in p.party.members.iter().zip(&before.members) {
                    let r = engine.creature_record(&m.id).unwrap();
                    if r.vitality == steelgrid_rules::creature::Vitality::Dead {
                        assert_eq!(
                            (m.stamina, m.victories),
                            (1, was.victories),
                            "{title}: {} fell",
                            m.id
                        );
                        continue;
                    }
                    assert_eq!(m.stamina, r.stamina.current, "{title}: {}", m.id);
                    assert_eq!(m.recoveries, r.hero.as_ref().unwrap().recoveries);
                    assert_eq!(
                        m.victories,
                        was.victories + 1 + bonus_victories,
                        "{title}: {}",
                        m.id
                    );
                }
                p.patch_up();
            }
        }
    }
    assert_eq!(p.ending, Some(Ending::Won));
    assert_eq!(battles_won, 8);
    // A hero who fell in a fight missed its Victory; the others reach level 3 at 6 XP.
    assert!(
        p.party.members.iter().any(|m| (m.level, m.xp) == (3, 6)),
        "{:?}",
        p.party.members
    );
}

/// Load the two-battle campaign over `battle` in place of the skirmish.
fn load_over(campaign: &str, battle: String) -> Result<Campaign, Vec<scenario::Diagnostic>> {
    campaign::load("two.ron", campaign, &move |name| {
        Ok((name.to_owned(), battle.clone()))
    })
}

#[test]
fn a_battle_that_names_the_files_heroes_or_takes_a_class_id_is_refused_at_load() {
    let naming = SKIRMISH.replace(
        "    creatures: [",
        "    script: [(when: Dies(\"fury\"), then: [Narrate(\"The fury falls.\")])],\n    creatures: [",
    );
    assert!(
        scenario::load("skirmish.ron", &naming).is_ok(),
        "it plays on its own"
    );
    let e = load_over(TWO_BATTLES, naming).unwrap_err();
    assert_eq!(e[0].file, "skirmish.ron");
    assert!(
        e[0].message.starts_with(
            "with another party in place of the file's heroes the battle does not load"
        ),
        "{}",
        e[0].message
    );

    let clash = SKIRMISH.replace("(id: \"g1\"", "(id: \"null\"");
    let e = load_over(TWO_BATTLES, clash).unwrap_err();
    assert!(
        e[0].message.starts_with("`null` is a class's id"),
        "{}",
        e[0].message
    );
}

#[test]
fn a_campaign_step_with_a_field_misspelt_or_a_level_past_the_classes_is_refused() {
    let typo = TWO_BATTLES.replace("bonus_victories: 1", "bonus_victory: 1");
    let e = campaign::load("two.ron", &typo, &read).unwrap_err();
    assert!(e[0].message.contains("bonus_victory"), "{}", e[0].message);

    let too_high = TWO_BATTLES.replace("(level: 3, xp: 5)", "(level: 4, xp: 5)");
    let e = campaign::load("two.ron", &too_high, &read).unwrap_err();
    assert!(
        e[0].message.contains("up to 3, the class templates' last"),
        "{}",
        e[0].message
    );
}
