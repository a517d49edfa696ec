//! Seed 000's cases and the round, turn and damage sequences as a player sees them: small
//! scenarios in RON, commands applied one at a time, and what changed on the board, on the
//! cards and in the log (digest Part A, Part D cases tagged [DDM]).

use steelgrid_kernel::grid::Square;
use steelgrid_miniatures::battle::{Battle, Event, Phase};
use steelgrid_miniatures::command::Command;
use steelgrid_miniatures::round::Player;
use steelgrid_miniatures::scenario::load;

/// A scenario around `rows` (`O` a pit, `S` spike stones, `T` forest) and `creatures` with the
/// two champions' warbands (the captain leads One, the warlord Two); `extra` adds top-level
/// fields (`dice`, `victory_areas`, ...).
fn scenario_text(rows: &[&str], creatures: &str, extra: &str) -> String {
    let rows: Vec<String> = rows.iter().map(|r| format!("\"{r}\"")).collect();
    format!(
        r#"(
    name: "case",
    ruleset: Miniatures,
    map: (legend: {{ 'O': Pit, 'S': SpikeStones, 'T': Forest }}, rows: [{}]),
    warbands: [
        (player: One, name: "Watch", champion: "captain"),
        (player: Two, name: "Host", champion: "warlord"),
    ],
    creatures: [{creatures}],
    {extra}
)"#,
        rows.join(", ")
    )
}

fn battle(rows: &[&str], creatures: &str, extra: &str) -> Battle {
    let text = scenario_text(rows, creatures, extra);
    let scenario = load("case.ron", &text).unwrap_or_else(|e| panic!("{e:?}\n{text}"));
    Battle::new(&scenario, None)
}

const ONE: Player = Player::One;
const TWO: Player = Player::Two;

fn sq(x: i32, y: i32) -> Square {
    Square::new(x, y)
}

fn ok(b: &mut Battle, c: Command) {
    if let Err(e) = b.apply(c.clone()) {
        panic!(
            "{c:?} refused: {} {}\n{:#?}",
            e.rule.id,
            e.reason,
            b.skirmish().phase
        );
    }
}

/// Pass every champion window and give the first turn to `first`, up to the first block.
fn to_activations(b: &mut Battle, first: Player) {
    loop {
        match &b.skirmish().phase {
            Phase::Window { .. } => ok(b, Command::Pass),
            Phase::FirstTurn { .. } => ok(b, Command::FirstTurn { player: first }),
            _ => return,
        }
    }
}

fn activate(b: &mut Battle, id: &str) {
    ok(
        b,
        Command::Activate {
            creature: id.into(),
        },
    );
}

fn end(b: &mut Battle) {
    ok(b, Command::EndTurn);
}

fn rules(b: &Battle) -> Vec<&'static str> {
    b.log().iter().map(|l| l.rule.id).collect()
}

fn mini<'a>(b: &'a Battle, id: &str) -> &'a steelgrid_miniatures::battle::Mini {
    b.skirmish()
        .minis
        .iter()
        .find(|m| m.id == id)
        .expect("a creature")
}

fn at(b: &Battle, id: &str) -> Square {
    mini(b, id).space.origin
}

fn hp(b: &Battle, id: &str) -> u32 {
    mini(b, id).hp.current
}

fn state(b: &Battle) -> String {
    serde_json::to_string(b.skirmish()).expect("json")
}

const OPEN: [&str; 8] = [
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
    "..........",
];

/// Every creature `player` has left in the open block, activated and ended in list order.
fn play_blocks(b: &mut Battle) {
    while let Phase::Block { block, .. } = b.skirmish().phase.clone() {
        let next = b
            .skirmish()
            .standing()
            .find(|(_, m)| m.owner == block.player && !m.activated)
            .map(|(_, m)| m.id.clone())
            .expect("a creature to activate");
        activate(b, &next);
        end(b);
    }
}

fn dump(b: &Battle) -> String {
    b.log()
        .iter()
        .map(|l| format!("{} {:?}", l.rule.id, l.event))
        .collect::<Vec<_>>()
        .join("\n")
}

/// The log from its `from`-th line on.
fn events_since(b: &Battle, from: usize) -> Vec<&Event> {
    b.log()[from..].iter().map(|l| &l.event).collect()
}

fn stages(b: &Battle) -> Vec<String> {
    b.log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Stage { stage, .. } => Some(stage.clone()),
            _ => None,
        })
        .collect()
}

fn refused(b: &mut Battle, c: Command) -> &'static str {
    let before = (state(b), b.log().len());
    let err = b.apply(c.clone()).expect_err("refused");
    assert_eq!(
        (state(b), b.log().len()),
        before,
        "{c:?} was refused but changed the table"
    );
    err.rule.id
}

const CHAMPIONS_APART: &str = r#"
    (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
    (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
"#;

// ---------------------------------------------------------------- The round (A13)

#[test]
fn the_rounds_stages_come_in_order_and_r7_runs_a_b_c_d() {
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5],");
    to_activations(&mut b, Player::One);
    play_blocks(&mut b);
    let round_two = b
        .log()
        .iter()
        .position(|l| matches!(l.event, Event::RoundStarted { round: 2 }))
        .expect("round 2 began");
    let ids: Vec<&str> = b.log()[..round_two].iter().map(|l| l.rule.id).collect();
    let order = [
        "ddm.round.start",
        "ddm.round.beginning",
        "ddm.round.before_initiative",
        "ddm.round.initiative_check",
        "ddm.round.initiative",
        "ddm.round.after_initiative",
        "ddm.round.automatic",
        "ddm.round.activations",
        "ddm.round.end",
    ];
    let first: Vec<usize> = order
        .iter()
        .map(|r| {
            ids.iter()
                .position(|i| i == r)
                .unwrap_or_else(|| panic!("{r} missing\n{}", dump(&b)))
        })
        .collect();
    assert!(
        first.windows(2).all(|w| w[0] < w[1]),
        "{order:?} at {first:?}\n{}",
        dump(&b)
    );
    // Nothing of an earlier stage comes after a later one has begun.
    let last = |r: &str| ids.iter().rposition(|i| *i == r).unwrap();
    assert!(last("ddm.round.beginning") < first[2]);
    assert!(last("ddm.round.before_initiative") < first[3]);
    assert!(last("ddm.round.after_initiative") < first[6]);
    let r7: Vec<String> = stages(&b)
        .into_iter()
        .filter(|s| s.starts_with("R7"))
        .take(4)
        .collect();
    assert_eq!(r7, ["R7a", "R7b", "R7c", "R7d"]);
    // R7c checks the totals, R7d ends the round's boosts, then R0 of round 2.
    let check = ids.iter().position(|i| *i == "ddm.victory.check").unwrap();
    let durations = ids
        .iter()
        .position(|i| *i == "ddm.victory.durations")
        .unwrap();
    assert!(check < durations && durations < round_two);
    assert_eq!(b.round(), 2);
}

#[test]
fn dnd_56_the_higher_champion_rating_declares_before_initiative_last() {
    // The captain's rating is 3, the warlord's 2: Two declares first, One last.
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5],");
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    let r2: Vec<Player> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::DeclarationOrder { first, rolls } => {
                assert!(rolls.is_empty(), "no roll-off for unequal ratings");
                Some(*first)
            }
            _ => None,
        })
        .collect();
    assert_eq!(r2, [Player::Two]);
    assert_eq!(b.deciding(), Some(Player::Two));
    ok(&mut b, Command::Pass);
    assert_eq!(b.deciding(), Some(Player::One));
}

#[test]
fn dnd_55_activations_go_one_then_two_at_a_time() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (0, 2)),
        (id: "halberdier", card: "watch_halberdier", player: One, at: (0, 4)),
        (id: "sharpshooter", card: "watch_sharpshooter", player: One, at: (0, 6)),
        (id: "priest", card: "lamplight_priest", player: One, at: (2, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (9, 5)),
        (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (9, 3)),
        (id: "archer", card: "goblin_archer", player: Two, at: (9, 1)),
        (id: "cultist", card: "cinder_cultist", player: Two, at: (7, 7)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5],");
    to_activations(&mut b, Player::One);
    play_blocks(&mut b);
    let blocks: Vec<(Player, u32)> = b
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::BlockBegan { player, creatures } => Some((player, creatures)),
            _ => None,
        })
        .collect();
    assert_eq!(
        blocks,
        [(ONE, 1), (TWO, 2), (ONE, 2), (TWO, 2), (ONE, 2), (TWO, 1)]
    );
    // Within a block the creatures activate one after another, each a whole turn.
    let activated: Vec<Player> = b
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::Activated { player, .. } => Some(player),
            _ => None,
        })
        .collect();
    assert_eq!(
        activated,
        [ONE, TWO, TWO, ONE, ONE, TWO, TWO, ONE, ONE, TWO]
    );
}

#[test]
fn initiative_is_rolled_again_every_round() {
    // Round 1: 10 + 3 against 5 + 2; round 2: 4 + 3 against 15 + 2.
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5, 4, 15],");
    to_activations(&mut b, Player::One);
    play_blocks(&mut b);
    assert_eq!(b.round(), 2);
    to_activations(&mut b, Player::Two);
    let rolled: Vec<(Vec<[u32; 2]>, [i32; 2], Player)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::InitiativeRolled {
                rolls,
                totals,
                winner,
                ..
            } => Some((rolls.clone(), *totals, *winner)),
            _ => None,
        })
        .collect();
    assert_eq!(
        rolled,
        [
            (vec![[10, 5]], [13, 7], Player::One),
            (vec![[4, 15]], [7, 17], Player::Two)
        ]
    );
    assert!(b.log().iter().any(|l| matches!(
        l.event,
        Event::FirstTurnChosen {
            by: Player::Two,
            first: Player::Two
        }
    )));
    assert!(
        matches!(b.skirmish().phase, Phase::Block { block, .. } if block.player == Player::Two && block.creatures == 1)
    );
}

#[test]
fn equal_initiative_totals_are_rolled_again() {
    // 10 + 3 = 11 + 2: both roll again, 3 + 3 against 9 + 2.
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 11, 3, 9],");
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    assert!(
        matches!(
            b.skirmish().phase,
            Phase::FirstTurn {
                winner: Player::Two
            }
        ),
        "{}",
        dump(&b)
    );
    assert!(b.log().iter().any(|l| matches!(&l.event,
        Event::InitiativeRolled { rolls, totals: [6, 11], winner: Player::Two, .. } if rolls == &vec![[10, 11], [3, 9]])));
}

#[test]
fn the_initiative_winner_may_hand_the_first_turn_over() {
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5],");
    to_activations(&mut b, Player::Two);
    assert!(b.log().iter().any(|l| matches!(
        l.event,
        Event::FirstTurnChosen {
            by: Player::One,
            first: Player::Two
        }
    )));
    assert_eq!(b.deciding(), Some(Player::Two));
    assert_eq!(
        refused(
            &mut b,
            Command::Activate {
                creature: "captain".into()
            }
        ),
        "ddm.round.activations"
    );
    activate(&mut b, "warlord");
}

#[test]
fn a_champion_uses_one_champion_power_a_round() {
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5],");
    ok(
        &mut b,
        Command::ChampionPower {
            power: "Double Time".into(),
        },
    );
    ok(&mut b, Command::Pass);
    // R2: the captain has used its power this round, so only the warlord's window opens.
    assert_eq!(b.deciding(), Some(Player::Two));
    ok(&mut b, Command::Pass);
    assert!(
        matches!(b.skirmish().phase, Phase::FirstTurn { .. }),
        "{}",
        dump(&b)
    );
    let one_r2 = b.log().iter().any(|l| {
        matches!(&l.event,
        Event::WindowOpened { stage, player: Player::One } if stage == "R2")
    });
    assert!(!one_r2, "the captain gets no second window this round");
    assert_eq!(
        refused(
            &mut b,
            Command::ChampionPower {
                power: "Watch Whistle".into()
            }
        ),
        "ddm.round.champion_once"
    );
    ok(
        &mut b,
        Command::FirstTurn {
            player: Player::One,
        },
    );
    // R4 has no window for it either: straight on to the activations.
    assert!(
        matches!(b.skirmish().phase, Phase::Block { .. }),
        "{}",
        dump(&b)
    );
    assert_eq!(
        refused(
            &mut b,
            Command::ChampionPower {
                power: "Steady, Mark, Strike".into()
            }
        ),
        "ddm.round.champion_once"
    );
    // Double Time's +2 speed lasts the round: the captain walks 8.
    activate(&mut b, "captain");
    let path: Vec<Square> = (1..=8).map(|x| sq(x, 0)).collect();
    ok(&mut b, Command::Move { path });
    assert_eq!(at(&b, "captain"), sq(8, 0));
}

#[test]
fn a_champion_power_is_used_once_a_battle() {
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5, 10, 5],");
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    ok(
        &mut b,
        Command::ChampionPower {
            power: "Watch Whistle".into(),
        },
    );
    assert!(b.log().iter().any(|l| matches!(
        l.event,
        Event::InitiativeRolled {
            bonus: [7, 2],
            totals: [17, 7],
            ..
        }
    )));
    ok(
        &mut b,
        Command::FirstTurn {
            player: Player::One,
        },
    );
    play_blocks(&mut b);
    assert_eq!(b.round(), 2);
    let start = b
        .log()
        .iter()
        .rposition(|l| matches!(l.event, Event::RoundStarted { round: 2 }))
        .unwrap();
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    ok(&mut b, Command::Pass);
    // R2 of round 2: Watch Whistle is spent for the battle, so One's window does not open.
    assert!(
        matches!(b.skirmish().phase, Phase::FirstTurn { .. }),
        "{}",
        dump(&b)
    );
    let windows: Vec<(String, Player)> = events_since(&b, start)
        .into_iter()
        .filter_map(|e| match e {
            Event::WindowOpened { stage, player } => Some((stage.clone(), *player)),
            _ => None,
        })
        .collect();
    assert_eq!(
        windows,
        [
            ("R1".into(), Player::One),
            ("R1".into(), Player::Two),
            ("R2".into(), Player::Two)
        ]
    );
    assert!(
        events_since(&b, start)
            .iter()
            .any(|e| matches!(e, Event::InitiativeRolled { bonus: [3, 2], .. }))
    );
    // A new round: the captain may use another of its powers, in R4.
    ok(
        &mut b,
        Command::FirstTurn {
            player: Player::One,
        },
    );
    assert_eq!(b.deciding(), Some(Player::One));
    ok(
        &mut b,
        Command::ChampionPower {
            power: "Steady, Mark, Strike".into(),
        },
    );
    assert_eq!(
        b.skirmish().warbands[0].powers_used,
        ["Watch Whistle", "Steady, Mark, Strike"]
    );
}

// ---------------------------------------------------------------- Commands

#[test]
fn a_refused_command_changes_nothing() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (1, 1)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5],");
    assert_eq!(refused(&mut b, Command::EndTurn), "ddm.turn.sequence");
    assert_eq!(
        refused(
            &mut b,
            Command::FirstTurn {
                player: Player::One
            }
        ),
        "ddm.round.initiative"
    );
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    let too_far: Vec<Square> = (1..=7).map(|x| sq(x, 0)).collect();
    refused(&mut b, Command::Move { path: too_far });
    assert_eq!(
        refused(
            &mut b,
            Command::Attack {
                attack: "Longsword".into(),
                target: "warlord".into()
            }
        ),
        "ddm.attack.range"
    );
    refused(
        &mut b,
        Command::Attack {
            attack: "Fireball".into(),
            target: "spearman".into(),
        },
    );
    refused(&mut b, Command::Shift { to: sq(1, 1) });
    refused(
        &mut b,
        Command::Activate {
            creature: "spearman".into(),
        },
    );
    // After all of that the captain still has its whole turn.
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "spearman".into(),
        },
    );
    ok(&mut b, Command::Shift { to: sq(0, 1) });
}

#[test]
fn activating_an_enemys_creature_is_refused() {
    let mut b = battle(&OPEN, CHAMPIONS_APART, "dice: [10, 5],");
    to_activations(&mut b, Player::One);
    assert_eq!(
        refused(
            &mut b,
            Command::Activate {
                creature: "warlord".into()
            }
        ),
        "ddm.round.activations"
    );
    activate(&mut b, "captain");
    end(&mut b);
    assert_eq!(
        refused(
            &mut b,
            Command::Activate {
                creature: "captain".into()
            }
        ),
        "ddm.round.activations"
    );
}

// ---------------------------------------------------------------- Damage (A4, A15)

const DUEL: &str = r#"
    (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
    (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
    (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (1, 0), hit_points: 15),
"#;

#[test]
fn a_kill_runs_the_damage_sequence_to_d9_and_the_other_player_scores() {
    let mut b = battle(&OPEN, DUEL, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    let from = b.log().len();
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "skirmisher".into(),
        },
    );
    let steps: Vec<&str> = b.log()[from..]
        .iter()
        .filter_map(|l| match &l.event {
            Event::DamageStep { creature, step, .. } if creature == "skirmisher" => {
                Some(step.as_str())
            }
            _ => None,
        })
        .collect();
    let mut sorted = steps.clone();
    sorted.sort();
    assert_eq!(steps, sorted, "the steps run in order");
    // 15 of 20 is not yet bloodied: the 15 damage bloodies and destroys it at once.
    for needed in ["D1", "D5", "D6", "D7", "D8", "D9"] {
        assert!(
            steps.contains(&needed),
            "{needed} in {steps:?}\n{}",
            dump(&b)
        );
    }
    let scored: Vec<_> = b.log()[from..]
        .iter()
        .filter(|l| l.rule.id == "ddm.victory.destroyed")
        .map(|l| l.event.clone())
        .collect();
    assert_eq!(
        scored,
        [Event::Destroyed {
            creature: "skirmisher".into(),
            scored_by: Player::One,
            points: 6
        }]
    );
    assert!(mini(&b, "skirmisher").destroyed);
    assert_eq!(hp(&b, "skirmisher"), 0);
    assert_eq!(b.skirmish().warbands[0].victory_points, 6);
    assert_eq!(b.skirmish().warbands[1].victory_points, 0);
    // Off the map: nothing can target it any more.
    end(&mut b);
    activate(&mut b, "warlord");
    assert_eq!(
        refused(
            &mut b,
            Command::Attack {
                attack: "Serrated Falchion".into(),
                target: "skirmisher".into()
            }
        ),
        "ddm.attack.legal_target"
    );
}

fn bash_skirmisher(hit_points: u32) -> Battle {
    let creatures = format!(
        r#"(id: "captain", card: "watch_captain", player: One, at: (0, 0)),
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (1, 0), hit_points: {hit_points}),"#
    );
    let mut b = battle(&OPEN, &creatures, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Shield Bash".into(),
            target: "skirmisher".into(),
        },
    );
    b
}

fn bloodied_step(b: &Battle) -> bool {
    b.log()
        .iter()
        .any(|l| matches!(&l.event, Event::DamageStep { step, .. } if step == "D7"))
}

#[test]
fn dnd_38_a_creature_is_bloodied_at_half_its_hit_points() {
    // 20 hit points, Shield Bash deals 10: exactly half, bloodied.
    let b = bash_skirmisher(20);
    assert_eq!(hp(&b, "skirmisher"), 10);
    assert!(mini(&b, "skirmisher").hp.bloodied());
    assert!(bloodied_step(&b), "{}", dump(&b));
}

#[test]
fn a_creature_above_half_its_hit_points_is_not_bloodied() {
    // The warlord's 70 hit points less the Longsword's 15 leave 55, above half.
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (1, 0)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "warlord".into(),
        },
    );
    assert_eq!(hp(&b, "warlord"), 55);
    assert!(!mini(&b, "warlord").hp.bloodied());
    assert!(!bloodied_step(&b));
}

// ---------------------------------------------------------------- Victory (A13 R7)

#[test]
fn a_victory_area_scores_at_r7a_only_for_a_player_alone_in_it() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (5, 5)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (6, 5)),
    "#;
    let extra = r#"dice: [10, 5],
        victory_areas: [
            (name: "Gate", origin: (0, 0), width: 2, height: 2, points: 10),
            (name: "Well", origin: (5, 5), width: 2, height: 1, points: 10),
            (name: "Empty", origin: (3, 0), width: 2, height: 2, points: 10),
        ],"#;
    let mut b = battle(&OPEN, creatures, extra);
    to_activations(&mut b, Player::One);
    play_blocks(&mut b);
    let ids = rules(&b);
    let scored: Vec<(usize, &Event)> = b
        .log()
        .iter()
        .enumerate()
        .filter(|(_, l)| matches!(l.event, Event::AreaScored { .. }))
        .map(|(i, l)| (i, &l.event))
        .collect();
    assert_eq!(scored.len(), 1, "{}", dump(&b));
    assert_eq!(
        scored[0].1,
        &Event::AreaScored {
            area: "Gate".into(),
            player: Player::One,
            points: 10
        }
    );
    let r7a = b
        .log()
        .iter()
        .position(|l| matches!(&l.event, Event::Stage { stage, .. } if stage == "R7a"))
        .unwrap();
    let r7b = b
        .log()
        .iter()
        .position(|l| matches!(&l.event, Event::Stage { stage, .. } if stage == "R7b"))
        .unwrap();
    assert!(r7a < scored[0].0 && scored[0].0 < r7b);
    assert_eq!(ids[scored[0].0], "ddm.victory.areas");
    assert_eq!(
        b.skirmish().warbands.each_ref().map(|w| w.victory_points),
        [10, 0]
    );
}

#[test]
fn victory_points_win_only_when_r7c_checks_them() {
    // The goal is 6; killing the skirmisher scores 6 in the first activation, but the battle
    // goes on until R7c.
    let mut b = battle(&OPEN, DUEL, "dice: [10, 5, 15], goal: 6,");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "skirmisher".into(),
        },
    );
    assert_eq!(b.skirmish().warbands[0].victory_points, 6);
    assert_eq!(b.outcome(), None);
    end(&mut b);
    activate(&mut b, "warlord");
    assert_eq!(b.outcome(), None);
    end(&mut b);
    assert_eq!(
        b.outcome(),
        Some(steelgrid_miniatures::battle::Outcome::Won(Player::One))
    );
    let last = b.log().last().unwrap();
    assert_eq!(last.rule.id, "ddm.victory.check");
    assert!(matches!(
        &last.event,
        Event::Won {
            player: Player::One,
            ..
        }
    ));
    assert_eq!(
        stages(&b).last().map(String::as_str),
        Some("R7c"),
        "R7d never comes"
    );
    assert_eq!(refused(&mut b, Command::Pass), "ddm.victory.check");
}

#[test]
fn a_warband_with_nothing_left_on_the_board_loses_at_once() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (1, 0), hit_points: 5),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "warlord".into(),
        },
    );
    assert_eq!(
        b.outcome(),
        Some(steelgrid_miniatures::battle::Outcome::Won(Player::One))
    );
    assert_eq!(b.log().last().unwrap().rule.id, "ddm.victory.eliminated");
    assert!(matches!(b.skirmish().phase, Phase::Over));
    assert_eq!(refused(&mut b, Command::EndTurn), "ddm.victory.check");
}

// ---------------------------------------------------------------- Opportunity attacks (A8)

fn bolt_warden(hit_points: u32, dice: &str) -> Battle {
    let creatures = format!(
        r#"(id: "captain", card: "watch_captain", player: One, at: (0, 7)),
           (id: "sharpshooter", card: "watch_sharpshooter", player: One, at: (1, 1), hit_points: {hit_points}),
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           (id: "spearman", card: "ashborn_spearman", player: Two, at: (2, 1)),
           (id: "archer", card: "goblin_archer", player: Two, at: (7, 1)),"#
    );
    let mut b = battle(&OPEN, &creatures, &format!("dice: [{dice}],"));
    to_activations(&mut b, Player::One);
    activate(&mut b, "sharpshooter");
    ok(
        &mut b,
        Command::Attack {
            attack: "Heavy Crossbow".into(),
            target: "archer".into(),
        },
    );
    b
}

#[test]
fn dnd_52_a_ranged_attack_draws_the_adjacent_enemys_opportunity_attack_first() {
    // The spearman's opportunity attack misses (2), the crossbow hits (15).
    let b = bolt_warden(35, "10, 5, 2, 15");
    let order: Vec<String> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::OpportunityAttack { attacker, target } => {
                Some(format!("OA {attacker}>{target}"))
            }
            Event::AttackRolled {
                attacker, target, ..
            } => Some(format!("{attacker}>{target}")),
            _ => None,
        })
        .collect();
    assert_eq!(
        order,
        [
            "OA spearman>sharpshooter",
            "spearman>sharpshooter",
            "sharpshooter>archer"
        ]
    );
    assert_eq!(hp(&b, "sharpshooter"), 35);
    assert_eq!(hp(&b, "archer"), 10);
}

#[test]
fn dnd_52_an_opportunity_attack_that_destroys_the_attacker_ends_its_attack() {
    // The opportunity attack hits (15) for 10 against 5 hit points.
    let b = bolt_warden(5, "10, 5, 15, 15");
    assert!(mini(&b, "sharpshooter").destroyed, "{}", dump(&b));
    assert!(!b.log().iter().any(
        |l| matches!(&l.event, Event::AttackRolled { attacker, .. } if attacker == "sharpshooter")
    ));
    assert!(rules(&b).contains(&"ddm.attack.aborted"), "{}", dump(&b));
    assert_eq!(hp(&b, "archer"), 25);
    assert_eq!(b.skirmish().warbands[1].victory_points, 16);
    // The unused die is still there: nothing else rolled.
}

fn skirmish_line(dice: &str) -> Battle {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (2, 2)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (3, 2)),
    "#;
    let mut b = battle(&OPEN, creatures, &format!("dice: [{dice}],"));
    to_activations(&mut b, Player::One);
    activate(&mut b, "shieldguard");
    b
}

fn opportunity_attacks(b: &Battle) -> Vec<(String, String)> {
    b.log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::OpportunityAttack { attacker, target } => {
                Some((attacker.clone(), target.clone()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn leaving_an_enemys_side_provokes_and_a_shift_does_not() {
    let mut walked = skirmish_line("10, 5, 2");
    ok(
        &mut walked,
        Command::Move {
            path: vec![sq(1, 2), sq(0, 2)],
        },
    );
    assert_eq!(
        opportunity_attacks(&walked),
        [("spearman".to_string(), "shieldguard".to_string())]
    );
    assert_eq!(at(&walked, "shieldguard"), sq(0, 2));
    let oa = walked
        .log()
        .iter()
        .position(|l| matches!(l.event, Event::OpportunityAttack { .. }))
        .unwrap();
    assert_eq!(walked.log()[oa].rule.id, "ddm.move.oa.leave");

    let mut shifted = skirmish_line("10, 5, 2");
    ok(&mut shifted, Command::Shift { to: sq(1, 2) });
    assert!(
        opportunity_attacks(&shifted).is_empty(),
        "{}",
        dump(&shifted)
    );
    assert_eq!(at(&shifted, "shieldguard"), sq(1, 2));
    assert!(rules(&shifted).contains(&"ddm.move.shift"));
    // A shift is one square only.
    let mut far = skirmish_line("10, 5");
    refused(&mut far, Command::Shift { to: sq(0, 2) });
}

// ---------------------------------------------------------------- Charge (A5)

fn charger(captain: (i32, i32), spearman: (i32, i32)) -> Battle {
    let creatures = format!(
        r#"(id: "captain", card: "watch_captain", player: One, at: {captain:?}),
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           (id: "spearman", card: "ashborn_spearman", player: Two, at: {spearman:?}),"#
    );
    let mut b = battle(&OPEN, &creatures, "dice: [10, 5, 12],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    b
}

#[test]
fn dnd_50_a_charge_must_end_two_squares_from_its_start() {
    let mut b = charger((0, 3), (2, 3));
    let rule = refused(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: vec![sq(1, 3)],
        },
    );
    assert_eq!(rule, "ddm.move.charge");
    // Nor may it pick a farther square instead.
    let rule = refused(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: vec![sq(1, 2), sq(2, 1), sq(3, 2)],
        },
    );
    assert_eq!(rule, "ddm.move.charge");
}

#[test]
fn a_charge_ends_on_the_nearest_square_beside_the_enemy_and_attacks_at_plus_1() {
    let mut b = charger((0, 3), (4, 3));
    // (4, 2) beside the enemy is 4 from the start; (3, 2), (3, 3), (3, 4) are 3.
    let rule = refused(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: vec![sq(1, 3), sq(2, 2), sq(3, 1), sq(4, 2)],
        },
    );
    assert_eq!(rule, "ddm.move.charge");
    // A winding path is fine if it ends on one of the nearest.
    ok(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: vec![sq(1, 4), sq(2, 5), sq(3, 4)],
        },
    );
    assert_eq!(at(&b, "captain"), sq(3, 4));
    let roll = b
        .log()
        .iter()
        .find_map(|l| match &l.event {
            Event::AttackRolled {
                attacker,
                natural,
                total,
                modifiers,
                ..
            } if attacker == "captain" => Some((
                *natural,
                *total,
                modifiers
                    .iter()
                    .map(|m| (m.value, m.reason.clone()))
                    .collect::<Vec<_>>(),
            )),
            _ => None,
        })
        .expect("the charge attacks");
    assert_eq!(roll.0, 12);
    assert!(roll.2.contains(&(1, "charging".to_string())), "{roll:?}");
    assert_eq!(roll.1, 12 + 9 + 1);
    assert_eq!(hp(&b, "spearman"), 25);
    // The charge took the move and the attack actions.
    refused(
        &mut b,
        Command::Move {
            path: vec![sq(3, 5)],
        },
    );
    refused(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "spearman".into(),
        },
    );
}

// ---------------------------------------------------------------- Mounts (A12)

#[test]
fn mounting_provokes_an_opportunity_attack() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
        (id: "horse", card: "war_horse", player: One, at: (2, 1)),
        (id: "lancer", card: "lancer_knight", player: One, at: (1, 1)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (0, 1)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5, 2],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "lancer");
    ok(
        &mut b,
        Command::Mount {
            mount: "horse".into(),
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("spearman".to_string(), "lancer".to_string())]
    );
    assert!(rules(&b).contains(&"ddm.move.mount"));
    assert_eq!(mini(&b, "lancer").space, mini(&b, "horse").space);
    assert!(mini(&b, "lancer").riding.is_some());
}

const MOUNTED: &str = r#"
    (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
    (id: "horse", card: "war_horse", player: One, at: (1, 1)),
    (id: "lancer", card: "lancer_knight", player: One, at: (1, 1), riding: "horse"),
    (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
    (id: "spearman", card: "ashborn_spearman", player: Two, at: (8, 1)),
"#;

#[test]
fn a_rider_moves_with_its_mount_and_not_by_itself() {
    let mut b = battle(&OPEN, MOUNTED, "dice: [10, 5],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "lancer");
    refused(
        &mut b,
        Command::Move {
            path: vec![sq(2, 1)],
        },
    );
    end(&mut b);
    activate(&mut b, "warlord");
    end(&mut b);
    activate(&mut b, "spearman");
    end(&mut b);
    activate(&mut b, "horse");
    ok(
        &mut b,
        Command::Move {
            path: vec![sq(2, 2), sq(3, 3), sq(4, 3)],
        },
    );
    assert_eq!(at(&b, "horse"), sq(4, 3));
    assert_eq!(at(&b, "lancer"), sq(4, 3));
    assert_eq!(mini(&b, "lancer").space, mini(&b, "horse").space);
}

#[test]
fn a_mounted_charge_lets_a_lancer_rider_attack_too_at_plus_1() {
    let mut b = battle(&OPEN, MOUNTED, "dice: [10, 5, 12, 14],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "horse");
    // The horse's 2×2 ends beside the spearman at (6, 1), 5 squares on.
    ok(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: (2..=6).map(|x| sq(x, 1)).collect(),
        },
    );
    assert_eq!(at(&b, "horse"), sq(6, 1));
    assert_eq!(at(&b, "lancer"), sq(6, 1));
    let rolls: Vec<(String, i32, bool)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::AttackRolled {
                attacker,
                total,
                modifiers,
                ..
            } => Some((
                attacker.clone(),
                *total,
                modifiers
                    .iter()
                    .any(|m| m.reason == "charging" && m.value == 1),
            )),
            _ => None,
        })
        .collect();
    // The captain, 6 away, adds its commander effect (+1) as well.
    assert_eq!(
        rolls,
        [
            ("horse".to_string(), 12 + 6 + 1 + 1, true),
            ("lancer".to_string(), 14 + 8 + 1 + 1, true)
        ]
    );
    assert_eq!(hp(&b, "spearman"), 40 - 10 - 15);
}

// ---------------------------------------------------------------- Conditions (A9)

#[test]
fn a_staggered_creature_makes_only_its_basic_attack() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "hound", card: "cinder_hound", player: Two, at: (1, 0)),
    "#;
    // Two wins initiative (5 + 3 against 15 + 2); the lunge hits (18); the longsword hits (12).
    let mut b = battle(&OPEN, creatures, "dice: [5, 15, 18, 12],");
    to_activations(&mut b, Player::Two);
    activate(&mut b, "hound");
    ok(
        &mut b,
        Command::Attack {
            attack: "Hamstring Lunge".into(),
            target: "captain".into(),
        },
    );
    assert!(
        mini(&b, "captain").is(steelgrid_miniatures::damage::conditions::Condition::Staggered),
        "{}",
        dump(&b)
    );
    end(&mut b);
    activate(&mut b, "captain");
    let rule = refused(
        &mut b,
        Command::Attack {
            attack: "Shield Bash".into(),
            target: "hound".into(),
        },
    );
    assert_eq!(rule, "ddm.attack.staggered");
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "hound".into(),
        },
    );
    assert_eq!(hp(&b, "hound"), 25);
}

// ---------------------------------------------------------------- Pits (A10)

#[test]
fn dnd_53_a_push_into_a_pit_brings_a_follow_up_and_a_placement() {
    let rows = [
        ".....O....",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (3, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 4)),
        (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (4, 0)),
    "#;
    // Shield Bash hits (15) and pushes 1 into the pit; the follow-up at the same +9 hits (12).
    let mut b = battle(&rows, creatures, "dice: [10, 5, 15, 12],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Shield Bash".into(),
            target: "skirmisher".into(),
        },
    );
    let pushed = b
        .log()
        .iter()
        .position(|l| matches!(&l.event, Event::Pushed { to, .. } if *to == sq(5, 0)));
    let fell = b
        .log()
        .iter()
        .position(|l| l.rule.id == "ddm.move.pit_fall");
    assert!(pushed.is_some() && fell > pushed, "{}", dump(&b));
    let Event::FellInPit {
        d20, dazed, placed, ..
    } = &b.log()[fell.unwrap()].event
    else {
        panic!("a fall");
    };
    assert_eq!((*d20, *dazed), (12, true));
    assert!(
        [sq(4, 0), sq(6, 0)].contains(placed),
        "nearest legal square, got {placed}"
    );
    assert_eq!(at(&b, "skirmisher"), *placed);
    assert!(mini(&b, "skirmisher").is(steelgrid_miniatures::damage::conditions::Condition::Dazed));
    assert_eq!(hp(&b, "skirmisher"), 10);
}

// ---------------------------------------------------------------- Areas (A5)

#[test]
fn dnd_49_a_huge_creatures_burst_covers_every_square_beside_its_whole_space() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (2, 2)),
        (id: "halberdier", card: "watch_halberdier", player: One, at: (6, 4)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "giant", card: "cinder_giant", player: Two, at: (3, 3)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (4, 6)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [5, 15, 12, 12, 12],");
    to_activations(&mut b, Player::Two);
    activate(&mut b, "giant");
    ok(
        &mut b,
        Command::Area {
            attack: "Quaking Stomp".into(),
            at: sq(4, 4),
            from: None,
        },
    );
    let drawn = b
        .log()
        .iter()
        .find(|l| matches!(l.event, Event::AreaDrawn { .. }))
        .expect("the burst is drawn");
    assert_eq!(drawn.rule.id, "ddm.area.burst_big");
    let Event::AreaDrawn {
        squares, targets, ..
    } = &drawn.event
    else {
        unreachable!()
    };
    let mut squares = squares.clone();
    squares.sort_by_key(|s| (s.y, s.x));
    let expected: Vec<Square> = (2..=6)
        .flat_map(|y| (2..=6).map(move |x| sq(x, y)))
        .collect();
    assert_eq!(
        squares, expected,
        "its own 9 squares and the 16 around them"
    );
    let mut targets = targets.clone();
    targets.sort();
    assert_eq!(
        targets,
        ["halberdier", "shieldguard", "spearman"],
        "its ally too, never itself"
    );
    for id in ["halberdier", "shieldguard", "spearman"] {
        assert!(
            hp(&b, id) < mini(&b, id).card.hit_points,
            "{id} was hit\n{}",
            dump(&b)
        );
    }
    assert_eq!(hp(&b, "captain"), 70);
}

fn evoker(rows: &[&str], others: &str, at: Square, dice: &str) -> Battle {
    let creatures = format!(
        r#"(id: "captain", card: "watch_captain", player: One, at: (0, 7)),
           (id: "evoker", card: "storm_evoker", player: One, at: (0, 0)),
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           {others}"#
    );
    let mut b = battle(rows, &creatures, &format!("dice: [{dice}],"));
    to_activations(&mut b, Player::One);
    activate(&mut b, "evoker");
    ok(
        &mut b,
        Command::Area {
            attack: "Chain of Thunderlight".into(),
            at,
            from: Some((1, 1)),
        },
    );
    b
}

fn drawn(b: &Battle) -> (Vec<Square>, Vec<String>) {
    b.log()
        .iter()
        .find_map(|l| match &l.event {
            Event::AreaDrawn {
                squares, targets, ..
            } => Some((squares.clone(), targets.clone())),
            _ => None,
        })
        .expect("an area")
}

#[test]
fn dnd_46_a_lines_corner_only_squares_are_not_affected() {
    let others = r#"
        (id: "archer", card: "goblin_archer", player: Two, at: (2, 1)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (1, 2)),
        (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (2, 2)),
        (id: "hound", card: "cinder_hound", player: Two, at: (3, 3)),
    "#;
    let b = evoker(&OPEN, others, sq(3, 3), "10, 5, 15, 15");
    let (squares, targets) = drawn(&b);
    assert_eq!(squares, [sq(1, 1), sq(2, 2), sq(3, 3)]);
    assert_eq!(targets, ["skirmisher", "hound"]);
    assert_eq!(hp(&b, "archer"), 25);
    assert_eq!(hp(&b, "spearman"), 40);
    assert_eq!(hp(&b, "skirmisher"), 5);
    assert_eq!(hp(&b, "hound"), 25);
}

#[test]
fn dnd_47_a_wall_stops_a_line() {
    let rows = [
        "..........",
        "..#.......",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let others = r#"
        (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (1, 1)),
        (id: "archer", card: "goblin_archer", player: Two, at: (3, 1)),
    "#;
    let b = evoker(&rows, others, sq(3, 1), "10, 5, 15");
    let (squares, targets) = drawn(&b);
    assert_eq!(squares, [sq(1, 1)]);
    assert_eq!(targets, ["skirmisher"]);
    assert_eq!(hp(&b, "archer"), 25);
}

// ---------------------------------------------------------------- Squeezing (A3)

#[test]
fn dnd_65_a_huge_creature_squeezes_at_half_speed_provoking_as_it_starts() {
    let rows = [
        "....#.....",
        "....#.....",
        "..........",
        "..........",
        "....#.....",
        "....#.....",
        "..........",
        "..........",
    ];
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (9, 7)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (0, 2)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (0, 7)),
        (id: "giant", card: "cinder_giant", player: Two, at: (1, 1)),
    "#;
    // The shieldguard's opportunity attack misses (2).
    let mut b = battle(&rows, creatures, "dice: [5, 15, 2],");
    to_activations(&mut b, Player::Two);
    activate(&mut b, "giant");
    // Too big to walk through the 2-wide gap at full size.
    refused(
        &mut b,
        Command::Move {
            path: vec![sq(2, 1), sq(3, 1)],
        },
    );
    // Speed 6 halved: 4 squares as a 2×2 is too far.
    refused(
        &mut b,
        Command::Squeeze {
            into: sq(2, 2),
            path: vec![sq(3, 2), sq(4, 2), sq(5, 2), sq(6, 2)],
            end: sq(6, 1),
        },
    );
    ok(
        &mut b,
        Command::Squeeze {
            into: sq(2, 2),
            path: vec![sq(3, 2), sq(4, 2), sq(5, 2)],
            end: sq(5, 1),
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("shieldguard".to_string(), "giant".to_string())]
    );
    assert_eq!(at(&b, "giant"), sq(5, 1));
    assert_eq!(mini(&b, "giant").space.side, 3);
    assert!(rules(&b).contains(&"ddm.move.squeeze"));
}

// ---------------------------------------------------------------- The demonstrations

/// Load a demonstration from `scenarios/miniatures` and play its commands, every one accepted.
fn demo(name: &str) -> Battle {
    let path = format!(
        "{}/../../scenarios/miniatures/{name}.ron",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(&path).expect("the demonstration file");
    let scenario = load(&path, &text).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(
        !scenario.narration.is_empty() && !scenario.demo.is_empty(),
        "{name} narrates a demo"
    );
    let mut b = Battle::new(&scenario, None);
    for (n, c) in scenario.demo.iter().enumerate() {
        if let Err(e) = b.apply(c.clone()) {
            panic!(
                "{name}: command {n} {c:?} refused: {} {}\n{}",
                e.rule.id,
                e.reason,
                dump(&b)
            );
        }
    }
    if std::env::var("DEMO_LOG").is_ok() {
        eprintln!("{}", dump(&b));
    }
    b
}

#[test]
fn the_round_demo_opens_every_window_and_scores_the_cairn() {
    let b = demo("demo_round");
    let used: Vec<(Player, String)> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::ChampionPowerUsed { player, power, .. } => Some((*player, power.clone())),
            _ => None,
        })
        .collect();
    assert_eq!(
        used,
        [
            (Player::Two, "War Drums".to_string()),
            (Player::One, "Steady, Mark, Strike".to_string()),
            (Player::One, "Double Time".to_string()),
            (Player::Two, "Ash and Iron".to_string()),
        ]
    );
    let blocks: Vec<(Player, u32)> = b
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::BlockBegan { player, creatures } => Some((player, creatures)),
            _ => None,
        })
        .collect();
    assert_eq!(blocks, [(TWO, 1), (ONE, 2), (TWO, 2), (ONE, 1), (ONE, 1)]);
    let winners: Vec<Player> = b
        .log()
        .iter()
        .filter_map(|l| match l.event {
            Event::InitiativeRolled { winner, .. } => Some(winner),
            _ => None,
        })
        .collect();
    assert_eq!(winners, [TWO, ONE]);
    assert!(b.log().iter().any(|l| l.event
        == Event::AreaScored {
            area: "Lantern Cairn".into(),
            player: ONE,
            points: 10
        }));
    assert_eq!(b.skirmish().warbands[0].victory_points, 10);
    // Round 2: both champions used their power in R1, so no R2 or R4 window opened.
    let round_two = b
        .log()
        .iter()
        .position(|l| matches!(l.event, Event::RoundStarted { round: 2 }))
        .unwrap();
    assert!(!events_since(&b, round_two).iter().any(|e| matches!(e,
        Event::WindowOpened { stage, .. } if stage != "R1")));
    assert_eq!(
        [hp(&b, "spearman"), hp(&b, "archer")],
        [35, 15],
        "Ash and Iron healed 5 each"
    );
    assert_eq!(b.active(), Some("captain"));
}

#[test]
fn the_line_demo_skips_corner_only_squares_and_stops_at_the_wall() {
    let b = demo("demo_line");
    let (squares, targets) = drawn(&b);
    assert_eq!(
        squares,
        [sq(2, 2), sq(3, 3), sq(4, 4)],
        "the wall at (5, 5) stops it"
    );
    assert_eq!(targets, ["skirmisher", "cultist"]);
    assert_eq!([hp(&b, "skirmisher"), hp(&b, "cultist")], [5, 15]);
    // Corner-only squares and the square beyond the wall: untouched.
    assert_eq!(
        [hp(&b, "archer"), hp(&b, "shaman"), hp(&b, "hound")],
        [25, 30, 40]
    );
}

#[test]
fn the_giant_demo_bursts_around_its_whole_space_and_squeezes_through() {
    let b = demo("demo_giant");
    let drawn_at = b
        .log()
        .iter()
        .position(|l| l.rule.id == "ddm.area.burst_big")
        .expect("a big burst");
    let (squares, mut targets) = drawn(&b);
    // Every square within 1 of the 3×3 space at (3, 2), but the wall's.
    let walls = [sq(6, 1), sq(6, 2), sq(6, 5)];
    let expected: Vec<Square> = (1..=5)
        .flat_map(|y| (2..=6).map(move |x| sq(x, y)))
        .filter(|s| !walls.contains(s))
        .collect();
    assert_eq!(squares, expected);
    targets.sort();
    assert_eq!(targets, ["halberdier", "shieldguard", "spearman"]);
    assert_eq!(
        [
            hp(&b, "halberdier"),
            hp(&b, "shieldguard"),
            hp(&b, "spearman")
        ],
        [35, 30, 40]
    );
    let squeezed = b
        .log()
        .iter()
        .position(|l| l.rule.id == "ddm.move.squeeze")
        .expect("a squeeze");
    assert!(drawn_at < squeezed);
    assert_eq!(
        opportunity_attacks(&b),
        [
            ("halberdier".to_string(), "giant".to_string()),
            ("shieldguard".to_string(), "giant".to_string())
        ]
    );
    assert_eq!(
        hp(&b, "giant"),
        65,
        "80 less the 15 of the halberdier's opportunity attack"
    );
    assert_eq!(
        mini(&b, "giant").space,
        steelgrid_kernel::grid::Footprint {
            origin: sq(7, 2),
            side: 3
        }
    );
}

#[test]
fn the_mounted_charge_demo_attacks_with_horse_and_lancer() {
    let b = demo("demo_mounted_charge");
    let charging: Vec<String> = b
        .log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::AttackRolled {
                attacker,
                modifiers,
                hit: true,
                ..
            } if modifiers
                .iter()
                .any(|m| m.reason == "charging" && m.value == 1) =>
            {
                Some(attacker.clone())
            }
            _ => None,
        })
        .collect();
    assert_eq!(charging, ["horse", "lancer"]);
    assert_eq!(at(&b, "horse"), sq(4, 3));
    assert_eq!(at(&b, "lancer"), sq(6, 4));
    assert!(mini(&b, "lancer").riding.is_none());
    assert_eq!(hp(&b, "spearman"), 40 - 10 - 15 - 10);
    assert!(mini(&b, "spearman").is(steelgrid_miniatures::damage::conditions::Condition::Dazed));
    assert!(opportunity_attacks(&b).is_empty(), "a dismount is a shift");
}

#[test]
fn a_rider_dismounts_to_any_square_beside_its_large_mount_and_moves_no_more() {
    let mut b = battle(&OPEN, MOUNTED, "dice: [10, 5],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "lancer");
    // The horse covers (1, 1)-(2, 2); (3, 3) is beside it only at its far corner.
    assert_eq!(
        refused(&mut b, Command::Dismount { to: sq(2, 2) }),
        "ddm.move.riding"
    );
    refused(&mut b, Command::Dismount { to: sq(4, 3) });
    ok(&mut b, Command::Dismount { to: sq(3, 3) });
    assert_eq!(
        mini(&b, "lancer").space,
        steelgrid_kernel::grid::Footprint {
            origin: sq(3, 3),
            side: 1
        }
    );
    assert!(mini(&b, "lancer").riding.is_none());
    assert_eq!(at(&b, "horse"), sq(1, 1));
    assert_eq!(
        refused(
            &mut b,
            Command::Move {
                path: vec![sq(4, 3)]
            }
        ),
        "ddm.move.riding"
    );
}

#[test]
fn the_ai_plays_a_skirmish_with_no_victory_area_to_its_end() {
    // A map with no victory area: the AI's advance once added 2 to "no area" (u32::MAX).
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (0, 2)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (9, 5)),
    "#;
    let text = scenario_text(&OPEN, creatures, "max_rounds: 4,");
    let scenario = load("case.ron", &text).expect("it loads");
    for seed in 1..=3 {
        let game = steelgrid_miniatures::sim::play(&scenario, seed);
        assert_eq!(game.refused, None, "seed {seed}");
        assert!(game.winner.is_some() || game.drawn, "seed {seed}: {game:?}");
    }
}

// ---------------------------------------------------------------- A walk square by square (A8)

/// Who attacked whom, in log order, each roll as `attacker>target`.
fn attack_rolls(b: &Battle) -> Vec<String> {
    b.log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::AttackRolled {
                attacker, target, ..
            } => Some(format!("{attacker}>{target}")),
            _ => None,
        })
        .collect()
}

fn pushes(b: &Battle) -> Vec<(String, Square)> {
    b.log()
        .iter()
        .filter_map(|l| match &l.event {
            Event::Pushed { creature, to } => Some((creature.clone(), *to)),
            _ => None,
        })
        .collect()
}

/// The giant's 3×3 at (3, 2) covers (3-5, 2-4); `mover` of One stands beside it at (2, 3).
fn beside_the_giant(mover: &str, others: &str) -> Battle {
    let creatures = format!(
        r#"{mover}
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           (id: "giant", card: "cinder_giant", player: Two, at: (3, 2)),
           {others}"#
    );
    // One first (10 + 3 against 5 + 2); the giant's Slag Fist hits (15): 20 damage, push 1.
    let mut b = battle(&OPEN, &creatures, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    b
}

#[test]
fn an_opportunity_attack_that_pushes_a_walker_ends_the_walk_where_the_push_left_it() {
    let mut b = beside_the_giant(
        r#"(id: "captain", card: "watch_captain", player: One, at: (9, 0)),
           (id: "shieldguard", card: "watch_shieldguard", player: One, at: (2, 3)),"#,
        "",
    );
    activate(&mut b, "shieldguard");
    ok(
        &mut b,
        Command::Move {
            path: vec![sq(1, 4), sq(0, 5)],
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("giant".to_string(), "shieldguard".to_string())]
    );
    assert_eq!(hp(&b, "shieldguard"), 40 - 20);
    // Pushed from (2, 3), where it left the giant's side, one square farther from the giant.
    assert_eq!(
        pushes(&b),
        [("shieldguard".to_string(), sq(1, 2))],
        "{}",
        dump(&b)
    );
    assert_eq!(
        at(&b, "shieldguard"),
        sq(1, 2),
        "the walk ends where the push left it, not at the path's end\n{}",
        dump(&b)
    );
    assert!(!rules(&b).contains(&"ddm.move.placed_back"));
}

#[test]
fn a_charger_pushed_by_an_opportunity_attack_makes_no_attack() {
    let mut b = beside_the_giant(
        r#"(id: "captain", card: "watch_captain", player: One, at: (2, 3)),"#,
        r#"(id: "spearman", card: "ashborn_spearman", player: Two, at: (0, 6)),"#,
    );
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Charge {
            target: "spearman".into(),
            path: vec![sq(1, 4), sq(1, 5)],
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("giant".to_string(), "captain".to_string())]
    );
    assert_eq!(attack_rolls(&b), ["giant>captain"], "{}", dump(&b));
    assert_eq!(hp(&b, "captain"), 70 - 20);
    assert_eq!(hp(&b, "spearman"), 40);
    assert_eq!(pushes(&b), [("captain".to_string(), sq(1, 2))]);
    assert_eq!(
        at(&b, "captain"),
        sq(1, 2),
        "not at the charge's end (1, 5)"
    );
    // The charge spent the move and the attack actions all the same.
    refused(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "spearman".into(),
        },
    );
}

/// The shieldguard walks from (0, 3) over spike stones at (1, 3), past the spearman at (3, 2)
/// (beside it at (2, 3), leaving it for (2, 4)), to (2, 5).
fn over_spike_stones(hit_points: u32, dice: &str) -> Battle {
    let rows = [
        "..........",
        "..........",
        "..........",
        ".S........",
        "..........",
        "..........",
        "..........",
        "..........",
    ];
    let creatures = format!(
        r#"(id: "captain", card: "watch_captain", player: One, at: (9, 0)),
           (id: "shieldguard", card: "watch_shieldguard", player: One, at: (0, 3), hit_points: {hit_points}),
           (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
           (id: "spearman", card: "ashborn_spearman", player: Two, at: (3, 2)),"#
    );
    let mut b = battle(&rows, &creatures, &format!("dice: [{dice}],"));
    to_activations(&mut b, Player::One);
    activate(&mut b, "shieldguard");
    ok(
        &mut b,
        Command::Move {
            path: vec![sq(1, 3), sq(2, 3), sq(2, 4), sq(2, 5)],
        },
    );
    b
}

#[test]
fn spike_stones_hurt_a_walker_in_step_order_before_a_later_opportunity_attack() {
    // The spearman's opportunity attack hits (15) for 10.
    let b = over_spike_stones(40, "10, 5, 15");
    let spikes = rules(&b)
        .iter()
        .position(|r| *r == "ddm.move.spike_stones")
        .unwrap_or_else(|| panic!("spike stones\n{}", dump(&b)));
    let oa = b
        .log()
        .iter()
        .position(|l| matches!(l.event, Event::OpportunityAttack { .. }))
        .expect("an opportunity attack");
    assert!(
        spikes < oa,
        "step 1's spikes before step 3's attack\n{}",
        dump(&b)
    );
    assert_eq!(hp(&b, "shieldguard"), 40 - 5 - 10);
    assert_eq!(at(&b, "shieldguard"), sq(2, 5));
}

#[test]
fn spike_stones_that_destroy_a_walker_end_its_walk_before_any_later_opportunity_attack() {
    let b = over_spike_stones(5, "10, 5, 15");
    assert!(mini(&b, "shieldguard").destroyed, "{}", dump(&b));
    assert!(opportunity_attacks(&b).is_empty(), "{}", dump(&b));
    assert!(attack_rolls(&b).is_empty());
    assert_eq!(b.skirmish().warbands[1].victory_points, 12);
}

#[test]
fn an_opportunity_attack_that_destroys_a_walker_in_an_allys_square_ends_the_walk() {
    // The shieldguard walks through the halberdier's square (1, 3) and leaves the spearman's
    // side from it; the opportunity attack hits (15) for 10, all it has left.
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (9, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (0, 3), hit_points: 10),
        (id: "halberdier", card: "watch_halberdier", player: One, at: (1, 3)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (0, 2)),
        (id: "archer", card: "goblin_archer", player: Two, at: (4, 4)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5, 15, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "shieldguard");
    ok(
        &mut b,
        Command::Move {
            path: vec![sq(1, 3), sq(2, 3), sq(3, 3), sq(3, 2)],
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("spearman".to_string(), "shieldguard".to_string())],
        "the archer it would have passed makes none\n{}",
        dump(&b)
    );
    assert!(mini(&b, "shieldguard").destroyed);
    assert_eq!(b.skirmish().warbands[1].victory_points, 12);
    assert_eq!(at(&b, "halberdier"), sq(1, 3));
    assert_eq!(hp(&b, "halberdier"), 45);
    assert!(!b.log().iter().any(|l| matches!(&l.event,
        Event::PlacedBack { creature, .. } if creature == "shieldguard")));
}

// ---------------------------------------------------------------- Riders (A12)

#[test]
fn a_rider_starts_in_its_mounts_whole_space_and_a_push_unseats_it_beside_the_mount() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
        (id: "horse", card: "war_horse", player: One, at: (1, 1)),
        (id: "lancer", card: "lancer_knight", player: One, at: (1, 1), riding: "horse"),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "giant", card: "cinder_giant", player: Two, at: (3, 0)),
    "#;
    // Two first (5 + 3 against 15 + 2); Slag Fist hits the lancer (15): 20 damage, push 1.
    let mut b = battle(&OPEN, creatures, "dice: [5, 15, 15],");
    let horse = mini(&b, "horse").space;
    assert_eq!(horse.side, 2);
    assert_eq!(
        mini(&b, "lancer").space,
        horse,
        "the rider fills its mount's 2×2"
    );
    to_activations(&mut b, Player::Two);
    activate(&mut b, "giant");
    ok(
        &mut b,
        Command::Attack {
            attack: "Slag Fist".into(),
            target: "lancer".into(),
        },
    );
    assert_eq!(hp(&b, "lancer"), 50 - 20);
    let lancer = mini(&b, "lancer");
    assert!(lancer.riding.is_none(), "{}", dump(&b));
    assert_eq!(lancer.space.side, 1, "a creature of its own size");
    assert!(
        !horse.contains(lancer.space.origin),
        "out of the mount's space"
    );
    assert!(
        steelgrid_miniatures::movement::board::adjacent(lancer.space, horse),
        "beside the mount: {:?}",
        lancer.space
    );
    // From the horse's square nearest the giant, (2, 1), one square farther: (1, 0).
    assert_eq!(lancer.space.origin, sq(1, 0));
    assert_eq!(pushes(&b), [("lancer".to_string(), sq(1, 0))]);
    assert_eq!(mini(&b, "horse").space, horse, "the mount stays");
}

// ---------------------------------------------------------------- T0 then T1 (A14)

#[test]
fn a_ranged_attack_whose_opportunity_attack_pushes_the_attacker_out_of_range_is_aborted() {
    // The crossbow reaches 9: the archer at (0, 3) is 9 from the bolt-warden at (9, 3), which
    // stands beside the giant (6-8, 2-4) and is pushed one square farther from both.
    let rows = ["............"; 8];
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
        (id: "sharpshooter", card: "watch_sharpshooter", player: One, at: (9, 3)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (11, 7)),
        (id: "giant", card: "cinder_giant", player: Two, at: (6, 2)),
        (id: "archer", card: "goblin_archer", player: Two, at: (0, 3)),
    "#;
    // One first; the giant's opportunity attack hits (15): 20 damage and push 1.
    let mut b = battle(&rows, creatures, "dice: [10, 5, 15],");
    to_activations(&mut b, Player::One);
    activate(&mut b, "sharpshooter");
    ok(
        &mut b,
        Command::Attack {
            attack: "Heavy Crossbow".into(),
            target: "archer".into(),
        },
    );
    assert_eq!(
        opportunity_attacks(&b),
        [("giant".to_string(), "sharpshooter".to_string())]
    );
    assert_eq!(
        pushes(&b),
        [("sharpshooter".to_string(), sq(10, 2))],
        "{}",
        dump(&b)
    );
    assert_eq!(at(&b, "sharpshooter"), sq(10, 2));
    assert_eq!(hp(&b, "sharpshooter"), 35 - 20);
    let aborted = b
        .log()
        .iter()
        .find(|l| l.rule.id == "ddm.attack.aborted")
        .unwrap_or_else(|| panic!("aborted\n{}", dump(&b)));
    assert!(
        matches!(&aborted.event, Event::Stage { stage, text } if stage == "T0" && text.contains("reaches 9")),
        "{:?}",
        aborted.event
    );
    assert_eq!(attack_rolls(&b), ["giant>sharpshooter"], "{}", dump(&b));
    assert_eq!(hp(&b, "archer"), 25);
}

// ---------------------------------------------------------------- Cover (A5)

#[test]
fn an_area_bursts_cover_is_judged_from_its_centre_not_the_attacker() {
    // A row of forest at x = 3 stands between the cultist at (0, 3) and the shieldguard at
    // (5, 3); the burst's centre (6, 3) is on the shieldguard's side of it.
    let rows = ["...T......"; 8];
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (9, 0)),
        (id: "shieldguard", card: "watch_shieldguard", player: One, at: (5, 3)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "cultist", card: "cinder_cultist", player: Two, at: (0, 3)),
        (id: "archer", card: "goblin_archer", player: Two, at: (0, 5)),
    "#;
    // Two first (5 + 3 against 15 + 2); Pyre Bloom rolls 15.
    let mut b = battle(&rows, creatures, "dice: [5, 15, 15],");
    to_activations(&mut b, Player::Two);
    // The forest covers the shieldguard from the cultist's side: the archer's bow would take -2.
    let bow = b
        .preview("archer", "Hornbow", "shieldguard")
        .expect("a preview");
    assert!(
        bow.modifiers
            .iter()
            .any(|m| m.reason == "the target has cover" && m.value == -2),
        "{:?}",
        bow.modifiers
    );
    activate(&mut b, "cultist");
    ok(
        &mut b,
        Command::Area {
            attack: "Pyre Bloom".into(),
            at: sq(6, 3),
            from: None,
        },
    );
    let modifiers = b
        .log()
        .iter()
        .find_map(|l| match &l.event {
            Event::AttackRolled {
                attacker,
                target,
                modifiers,
                ..
            } if attacker == "cultist" && target == "shieldguard" => Some(modifiers.clone()),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the burst rolls at the shieldguard\n{}", dump(&b)));
    assert!(
        !modifiers.iter().any(|m| m.reason == "the target has cover"),
        "{modifiers:?}"
    );
    assert!(!rules(&b).contains(&"ddm.attack.cover"));
}

// ---------------------------------------------------------------- Champion powers (A13)

#[test]
fn a_champion_powers_attack_bonus_is_a_modifier_named_after_the_power() {
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 0)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "spearman", card: "ashborn_spearman", player: Two, at: (1, 0)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [10, 5, 15],");
    // Pass every window but the captain's R4, where it uses Steady, Mark, Strike (+1).
    loop {
        match &b.skirmish().phase {
            Phase::Window { .. }
                if b.deciding() == Some(ONE)
                    && b.usable_powers()
                        .iter()
                        .any(|p| p == "Steady, Mark, Strike") =>
            {
                ok(
                    &mut b,
                    Command::ChampionPower {
                        power: "Steady, Mark, Strike".into(),
                    },
                );
            }
            Phase::Window { .. } => ok(&mut b, Command::Pass),
            Phase::FirstTurn { .. } => ok(&mut b, Command::FirstTurn { player: ONE }),
            _ => break,
        }
    }
    assert_eq!(
        b.skirmish().warbands[0].powers_used,
        ["Steady, Mark, Strike"]
    );
    activate(&mut b, "captain");
    ok(
        &mut b,
        Command::Attack {
            attack: "Longsword".into(),
            target: "spearman".into(),
        },
    );
    let roll = b
        .log()
        .iter()
        .find_map(|l| match &l.event {
            Event::AttackRolled {
                attacker,
                total,
                modifiers,
                ..
            } if attacker == "captain" => Some((
                *total,
                modifiers
                    .iter()
                    .map(|m| (m.value, m.reason.clone()))
                    .collect::<Vec<_>>(),
            )),
            _ => None,
        })
        .unwrap_or_else(|| panic!("the captain attacks\n{}", dump(&b)));
    assert_eq!(
        roll.1,
        [(1, "Steady, Mark, Strike (champion power)".to_string())]
    );
    assert_eq!(roll.0, 15 + 9 + 1);
}

// ---------------------------------------------------------------- Nearest (A5, T1)

#[test]
fn dnd_08_ddm_a_nearest_attack_goes_at_either_of_two_equally_near_enemies_as_the_attacker_chooses()
{
    // The kite at (0, 0); enemies two squares off at (2, 0) and (0, 2), a third at (4, 0).
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (9, 7)),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (0, 0)),
        (id: "kite", card: "carrion_kite", player: Two, at: (1, 1)),
        (id: "east", card: "watch_shieldguard", player: One, at: (3, 1)),
        (id: "south", card: "watch_shieldguard", player: One, at: (1, 3)),
        (id: "far", card: "watch_shieldguard", player: One, at: (5, 1)),
    "#;
    let shriek = |target: &str| Command::Attack {
        attack: "Carrion Shriek".into(),
        target: target.into(),
    };
    let mut b = battle(&OPEN, creatures, "dice: [5, 10],");
    to_activations(&mut b, TWO);
    activate(&mut b, "kite");
    assert_eq!(refused(&mut b, shriek("far")), "ddm.attack.nearest");
    assert!(
        b.check(&shriek("east")).is_ok(),
        "the attacker may choose east"
    );
    ok(&mut b, shriek("south"));
    let rolled = b.log().iter().any(|l| {
        matches!(&l.event, Event::AttackRolled { attacker, target, .. } if attacker == "kite" && target == "south")
    });
    assert!(
        rolled,
        "the kite's shriek is rolled against the south shieldguard"
    );
}

// ---------------------------------------------------------------- Set-up (A1)

const DEPLOYMENT: &str = r#"
    (id: "captain", card: "watch_captain", player: One, at: (0, 1)),
    (id: "horse", card: "war_horse", player: One, at: (1, 4)),
    (id: "lancer", card: "lancer_knight", player: One, at: (1, 4), riding: "horse"),
    (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 6)),
    (id: "skirmisher", card: "goblin_skirmisher", player: Two, at: (8, 2)),
"#;

const AREAS: &str = r#"start_areas: [
        (name: "West", origin: (0, 0), width: 3, height: 8),
        (name: "East", origin: (7, 0), width: 3, height: 8),
    ],"#;

/// The battle with start areas; its map roll (on its own die stream) names who picks.
fn deploying() -> (Battle, Player) {
    let b = battle(&OPEN, DEPLOYMENT, AREAS);
    let Phase::StartArea { picker } = b.skirmish().phase.clone() else {
        panic!("set-up opens with the start area: {:?}", b.skirmish().phase);
    };
    (b, picker)
}

#[test]
fn setup_the_player_who_did_not_pick_the_map_takes_a_start_area_and_deploys_first() {
    let (mut b, picker) = deploying();
    let deploy = b
        .log()
        .iter()
        .find(|l| l.rule.id == "ddm.setup.deploy")
        .expect("the deployment order is logged");
    assert!(
        matches!(&deploy.event, Event::Stage { text, .. } if text.contains(&format!("player {picker:?} picks a start area and deploys first")))
    );
    assert_eq!(
        refused(&mut b, Command::StartArea { area: 2 }),
        "ddm.setup.deploy"
    );
    assert_eq!(refused(&mut b, Command::Pass), "ddm.round.champion_once");
    ok(
        &mut b,
        Command::StartArea {
            area: picker.index(),
        },
    );
    assert_eq!(
        b.skirmish().phase,
        Phase::Deploy {
            player: picker,
            first: true
        }
    );
    // Its own area: nobody moves.
    assert_eq!(at(&b, "captain"), sq(0, 1));
    assert_eq!(at(&b, "warlord"), sq(9, 6));
}

#[test]
fn setup_taking_the_other_start_area_swaps_the_warbands_each_at_its_spot() {
    let (mut b, picker) = deploying();
    ok(
        &mut b,
        Command::StartArea {
            area: picker.other().index(),
        },
    );
    // West and East are 7 apart: One's creatures go 7 east, Two's 7 west, the rider with its mount.
    assert_eq!(at(&b, "captain"), sq(7, 1));
    assert_eq!(at(&b, "horse"), sq(8, 4));
    assert_eq!(mini(&b, "lancer").space, mini(&b, "horse").space);
    assert_eq!(at(&b, "warlord"), sq(2, 6));
    assert_eq!(at(&b, "skirmisher"), sq(1, 2));
}

#[test]
fn setup_deploying_moves_a_creature_within_its_start_area_and_nowhere_else() {
    let (mut b, picker) = deploying();
    ok(
        &mut b,
        Command::StartArea {
            area: picker.index(),
        },
    );
    let (mine, theirs, inside, outside) = match picker {
        Player::One => ("captain", "warlord", sq(2, 7), sq(3, 7)),
        Player::Two => ("warlord", "captain", sq(7, 0), sq(6, 0)),
    };
    let deploy = |creature: &str, at: Square| Command::Deploy {
        creature: creature.into(),
        at,
    };
    assert_eq!(refused(&mut b, deploy(mine, outside)), "ddm.setup.deploy");
    assert_eq!(refused(&mut b, deploy(theirs, inside)), "ddm.setup.deploy");
    ok(&mut b, deploy(mine, inside));
    assert_eq!(at(&b, mine), inside);
    ok(&mut b, Command::EndDeployment);
    assert_eq!(
        b.skirmish().phase,
        Phase::Deploy {
            player: picker.other(),
            first: false
        }
    );
    ok(&mut b, Command::EndDeployment);
    assert!(
        b.log()
            .iter()
            .any(|l| matches!(l.event, Event::RoundStarted { round: 1 })),
        "both deployed, the first round begins"
    );
}

#[test]
fn setup_a_mount_deploys_with_its_rider_and_a_rider_not_alone() {
    let mut b = battle(&OPEN, DEPLOYMENT, AREAS);
    // Whoever picks, player One deploys at some point: walk to its deployment.
    loop {
        match b.skirmish().phase.clone() {
            Phase::StartArea { picker } => ok(
                &mut b,
                Command::StartArea {
                    area: picker.index(),
                },
            ),
            Phase::Deploy {
                player: Player::Two,
                ..
            } => ok(&mut b, Command::EndDeployment),
            Phase::Deploy {
                player: Player::One,
                ..
            } => break,
            other => panic!("{other:?}"),
        }
    }
    let lancer = Command::Deploy {
        creature: "lancer".into(),
        at: sq(0, 6),
    };
    assert_eq!(refused(&mut b, lancer), "ddm.setup.deploy");
    ok(
        &mut b,
        Command::Deploy {
            creature: "horse".into(),
            at: sq(1, 6),
        },
    );
    assert_eq!(at(&b, "horse"), sq(1, 6));
    assert_eq!(mini(&b, "lancer").space, mini(&b, "horse").space);
    let onto_the_captain = Command::Deploy {
        creature: "horse".into(),
        at: sq(0, 0),
    };
    assert_eq!(refused(&mut b, onto_the_captain), "ddm.setup.deploy");
}

#[test]
fn setup_start_areas_that_would_not_hold_a_warband_taken_the_other_way_are_refused_at_load() {
    let outside = r#"start_areas: [
        (name: "West", origin: (0, 0), width: 2, height: 8),
        (name: "East", origin: (8, 0), width: 2, height: 8),
    ],"#;
    let text = scenario_text(&OPEN, DEPLOYMENT, outside);
    let problems = load("case.ron", &text)
        .expect_err("the skirmisher at (8, 2) is in East, the horse at (1, 4) not in West");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("outside its warband's start area")),
        "{problems:?}"
    );
    let mut rows = OPEN;
    rows[1] = ".......O..";
    let pit = scenario_text(&rows, DEPLOYMENT, AREAS);
    let problems =
        load("case.ron", &pit).expect_err("the captain swapped to (7, 1) would stand in the pit");
    assert!(
        problems
            .iter()
            .any(|p| p.message.contains("if the start areas are swapped")),
        "{problems:?}"
    );
}

#[test]
fn a_rider_with_no_square_to_be_pushed_into_stays_on_its_mount() {
    // The horse in the corner, the giant on its east: every square farther from the giant is
    // the horse's own or off the map (seed 000 L411-413, L477).
    let creatures = r#"
        (id: "captain", card: "watch_captain", player: One, at: (0, 7)),
        (id: "horse", card: "war_horse", player: One, at: (0, 0)),
        (id: "lancer", card: "lancer_knight", player: One, at: (0, 0), riding: "horse"),
        (id: "warlord", card: "cinder_warlord", player: Two, at: (9, 7)),
        (id: "giant", card: "cinder_giant", player: Two, at: (2, 0)),
    "#;
    let mut b = battle(&OPEN, creatures, "dice: [2, 19, 15],");
    to_activations(&mut b, TWO);
    activate(&mut b, "giant");
    ok(
        &mut b,
        Command::Attack {
            attack: "Slag Fist".into(),
            target: "lancer".into(),
        },
    );
    assert!(hp(&b, "lancer") < 50, "the fist hit");
    assert_eq!(mini(&b, "lancer").riding, Some(1), "still on the horse");
    assert_eq!(mini(&b, "lancer").space, mini(&b, "horse").space);
    assert!(!rules(&b).contains(&"ddm.move.push"), "no push was logged");
}

#[test]
fn setup_start_areas_that_overlap_are_refused_at_load() {
    let overlapping = r#"start_areas: [
        (name: "West", origin: (0, 0), width: 6, height: 8),
        (name: "East", origin: (4, 0), width: 6, height: 8),
    ],"#;
    let text = scenario_text(&OPEN, DEPLOYMENT, overlapping);
    let problems = load("case.ron", &text).expect_err("the areas share columns 4 and 5");
    assert!(
        problems.iter().any(|p| p.message.contains("apart")),
        "{problems:?}"
    );
}
