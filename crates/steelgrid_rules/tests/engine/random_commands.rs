//! Thousands of random commands against the default scenario: none may panic, every refusal
//! must leave the state exactly as it was, and every accepted one must be logged.

use steelgrid_rules::command::Command;
use steelgrid_rules::creature::Side;
use steelgrid_rules::dice::Dice;
use steelgrid_rules::grid::Square;
use steelgrid_rules::scenario;

#[test]
fn random_commands_never_panic_and_refusals_change_nothing() {
    let src = include_str!("../../../../scenarios/mill_ambush.ron");
    let scenario = scenario::load("mill_ambush.ron", src).expect("the default scenario loads");
    let mut ids: Vec<String> = scenario::load("mill_ambush.ron", src)
        .unwrap()
        .start(None)
        .state()
        .creatures
        .into_iter()
        .map(|c| c.id)
        .collect();
    ids.push("nobody".into());
    for seed in 0..20u64 {
        let mut engine = scenario.start(Some(seed));
        let mut rng = Dice::seeded(1000 + seed);
        let mut accepted = 0;
        for _ in 0..600 {
            let pick = |rng: &mut Dice, n: usize| (rng.roll(n as u32) - 1) as usize;
            let id = ids[pick(&mut rng, ids.len())].clone();
            let other = ids[pick(&mut rng, ids.len())].clone();
            let sq = |rng: &mut Dice| Square::new(rng.roll(22) as i32 - 3, rng.roll(14) as i32 - 3);
            if let Some(p) = engine.state().pending_forced
                && rng.roll(4) != 1
            {
                // Answer a pending push with one of the choices the engine offers.
                let spec = p.spec();
                let choices = engine
                    .forced_choices(&spec)
                    .expect("a pending push has choices");
                let choice = &choices[pick(&mut rng, choices.len())];
                let command = spec.command_along(choice.path.clone());
                engine.apply(command).expect("an offered choice is legal");
                accepted += 1;
                continue;
            }
            if let Some(w) = engine.state().trigger_window
                && rng.roll(4) != 1
            {
                // Answer a trigger window: one of the uses it lists, or a pass.
                let waiting = &w.waiting[0];
                let command = match pick(&mut rng, waiting.options.len() + 1) {
                    0 => Command::PassTrigger {
                        creature: waiting.creature.clone(),
                    },
                    i => waiting.options[i - 1].command(&waiting.creature),
                };
                engine.apply(command).expect("a listed answer is legal");
                accepted += 1;
                continue;
            }
            let command = match pick(&mut rng, 16) {
                10 => Command::Grab {
                    creature: id,
                    target: other,
                },
                11 => Command::EscapeGrab { creature: id },
                12 => Command::Release { creature: id },
                15 => Command::Fly {
                    creature: id,
                    path: vec![(
                        rng.roll(12) as i32 - 2,
                        rng.roll(8) as i32 - 2,
                        rng.roll(3) as i32 - 1,
                    )],
                },
                14 => Command::AidAttack {
                    creature: id,
                    target: other,
                },
                13 => Command::Charge {
                    creature: id,
                    path: vec![sq(&mut rng)],
                    target: other,
                },
                8 => Command::Knockback {
                    creature: id,
                    target: other,
                },
                9 => Command::Disengage {
                    creature: id,
                    path: vec![sq(&mut rng)],
                },
                0 => Command::ChooseFirstSide {
                    side: if rng.roll(2) == 1 {
                        Side::Heroes
                    } else {
                        Side::Director
                    },
                },
                1 | 2 => Command::StartTurn { creature: id },
                3 => {
                    let start = engine
                        .state()
                        .creatures
                        .iter()
                        .find(|c| c.id == id)
                        .map_or(Square::new(0, 0), |c| c.position);
                    let steps = rng.roll(6) as usize;
                    let mut path = Vec::new();
                    let mut at = start;
                    for _ in 0..steps {
                        at = Square::new(
                            at.x + rng.roll(3) as i32 - 2,
                            at.y + rng.roll(3) as i32 - 2,
                        );
                        path.push(at);
                    }
                    if rng.roll(4) == 1 {
                        path.push(sq(&mut rng));
                    }
                    Command::Advance { creature: id, path }
                }
                4 => Command::FreeStrike {
                    attacker: id,
                    target: other,
                    ranged: rng.roll(2) == 1,
                    characteristic: None,
                    tier: None,
                    knock_out: rng.roll(3) == 1,
                    edges: rng.roll(3) - 1,
                    banes: rng.roll(3) - 1,
                    bonus: 0,
                    penalty: 0,
                    damage_type: None,
                },
                5 => Command::CatchBreath { creature: id },
                6 => Command::EndTurn { creature: id },
                _ => Command::EnvironmentDamage {
                    target: id,
                    amount: rng.roll(8),
                    damage_type: None,
                    halved: rng.roll(2) == 1,
                },
            };
            let before = engine.checksum();
            let log_len = engine.log().len();
            match engine.apply(command.clone()) {
                Ok(events) => {
                    accepted += 1;
                    assert!(
                        !events.is_empty(),
                        "{command:?} was accepted but logged nothing"
                    );
                }
                Err(e) => {
                    assert_eq!(
                        engine.checksum(),
                        before,
                        "refused {command:?} ({e}) changed the state"
                    );
                    assert_eq!(engine.log().len(), log_len);
                    assert!(!e.rule.id.is_empty() && !e.reason.is_empty());
                }
            }
        }
        assert!(
            accepted > 20,
            "seed {seed}: only {accepted} commands were legal; the test is too blind"
        );
    }
}
