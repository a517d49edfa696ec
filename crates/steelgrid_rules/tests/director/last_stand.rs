//! Last-Stand Stamina, the Director's optional rule (seed 002 L4667-4669): once declared, every
//! enemy left drops to 1 Stamina and each minion squad's pool to its members left.

use crate::common;

use common::{apply, creature, end, logged, refused, start};
use steelgrid_rules::Command;
use steelgrid_rules::ai;
use steelgrid_rules::creature::Side;
use steelgrid_rules::testing::{Fight, at};

fn fight(options: &str) -> Fight {
    let mut f = Fight::new()
        .options(options)
        .hero("h", at(2, 2))
        .monster("ogre", at(6, 2));
    for i in 0..3 {
        f = f
            .monster(&format!("r{i}"), at(6 + i, 5))
            .name("Rabble")
            .squad("s", "s")
            .stamina(4);
    }
    f
}

fn last_stand(id: &str) -> Command {
    Command::LastStand {
        creature: id.into(),
    }
}

#[test]
fn ds_dir_x10_last_stand_drops_every_enemy_to_1_and_each_squad_to_a_point_a_member() {
    let mut e = fight("last_stand: true").start();
    start(&mut e, "h");
    let why = refused(&mut e, last_stand("h"));
    assert_eq!(why.rule.id, "director.last_stand");
    assert_eq!(
        why.reason,
        "only the Director declares Last-Stand Stamina, for its own creatures"
    );
    end(&mut e, "h");
    start(&mut e, "ogre");
    let events = apply(&mut e, last_stand("ogre"));
    assert_eq!(
        logged(&events),
        [
            r#"director.last_stand: LastStand { broken: ["ogre", "squad s"] }"#,
            r#"stamina.winded: VitalityChanged { creature: "ogre", from: Healthy, to: Winded, stamina: 1, threshold: 15 }"#,
            r#"stamina.winded: VitalityChanged { creature: "r0", from: Healthy, to: Winded, stamina: 1, threshold: 2 }"#,
            r#"stamina.winded: VitalityChanged { creature: "r1", from: Healthy, to: Winded, stamina: 1, threshold: 2 }"#,
            r#"stamina.winded: VitalityChanged { creature: "r2", from: Healthy, to: Winded, stamina: 1, threshold: 2 }"#,
        ]
    );
    assert_eq!(creature(&e, "ogre").stamina.current, 1);
    let s = e.state().squads.into_iter().find(|s| s.id == "s").unwrap();
    assert_eq!((s.pool, s.alive, s.per_minion), (3, 3, 1));
    for i in 0..3 {
        assert_eq!(creature(&e, &format!("r{i}")).stamina.current, 1);
    }
    let why = refused(&mut e, last_stand("ogre"));
    assert_eq!(why.reason, "the Director's forces have already broken");
}

#[test]
fn ds_dir_x11_last_stand_is_an_optional_rule_off_by_default() {
    let mut e = fight("").start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "ogre");
    let why = refused(&mut e, last_stand("ogre"));
    assert_eq!(why.rule.id, "director.last_stand");
    assert_eq!(
        why.reason,
        "Last-Stand Stamina is an optional rule this scenario leaves off (options: (last_stand: true))"
    );
    assert_eq!(creature(&e, "ogre").stamina.current, 30);
}

#[test]
fn ds_dir_x12_the_ai_director_declares_last_stand_once_the_heroes_have_won() {
    // The heroes' 30 Stamina against the Director's 5: at least four times as much.
    let f = Fight::new()
        .options("last_stand: true")
        .hero("h", at(2, 2))
        .monster("ogre", at(6, 2))
        .current_stamina(5);
    let mut e = f.start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "ogre");
    let decision = ai::decide(&e, Side::Director).expect("the Director acts");
    assert_eq!(decision.command, last_stand("ogre"));
    // With the fight still open, it fights on.
    let mut e = fight("last_stand: true").start();
    start(&mut e, "h");
    end(&mut e, "h");
    start(&mut e, "ogre");
    let decision = ai::decide(&e, Side::Director).expect("the Director acts");
    assert_ne!(decision.command, last_stand("ogre"));
}
