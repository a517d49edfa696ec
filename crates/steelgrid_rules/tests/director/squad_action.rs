//! A minion squad acting together (seed 002 L4410-4434; digest draw-steel-director.md §9.9-9.12,
//! A-13, A-16, A-18): one roll for the squad's signature strike, one instance per target plus the
//! free strikes of the second and third members on it, a critical hit's extra main actions, the
//! minion action limit, and the captain taking its turn in the squad's slot.

use crate::common;

use common::abilities::{enemies, fields, foe, hero, use_ability};
use common::{ROOM, apply, creature, end, fight_with, refused, stamina, start};
use steelgrid_rules::command::SquadMate;
use steelgrid_rules::creature::Side;
use steelgrid_rules::director::malice::MaliceSpend;
use steelgrid_rules::event::{Event, LoggedEvent};
use steelgrid_rules::{Command, Engine};

/// Spit: the minions' signature strike, 3/4/5 damage with no characteristic in it; and a hero's
/// plain jab.
fn abilities() -> String {
    let one = enemies(1);
    let tier = |n: u32| format!("(damage: (base: {n}, plus_characteristic: false))");
    format!(
        r#"
    "spit": (name: "Spit", keywords: [Melee, Strike, Weapon], distance: Melee(1), action: MainAction,
        signature: true, {one},
        power_roll: (characteristic: [Agility], tier1: {}, tier2: {}, tier3: {})),
    "lunge": (name: "Lunge", keywords: [Melee, Strike, Weapon], distance: Melee(1), action: MainAction,
        {one}, power_roll: (characteristic: [Agility], tier1: {}, tier2: {}, tier3: {})),
"#,
        tier(3),
        tier(4),
        tier(5),
        tier(3),
        tier(4),
        tier(5),
    )
}

/// A pitling of squad `p` (free strike 2, 5 Stamina) at (x, y); `extra` adds fields.
fn pitling(id: &str, x: i32, y: i32, extra: &str) -> String {
    foe(
        id,
        x,
        y,
        &["spit", "lunge"],
        &format!(", name: \"Pitling\", squad: \"p\"{extra}"),
    )
    .replace("stamina: 30", "stamina: 5")
    .replace("free_strike: 3", "free_strike: 2")
}

/// The shadow at (2,0) and the conduit at (5,0); p0 below the shadow, p1 and p2 below the
/// conduit, p3 beside it at (6,0) and p4 far off. The Director goes first; `dice` follow.
fn pit(more: &[String], dice: &[u32]) -> Engine {
    let mut creatures = vec![
        hero("shadow", 2, 0, &[], ""),
        hero("conduit", 5, 0, &[], ""),
        pitling("p0", 2, 1, ""),
        pitling("p1", 5, 1, ""),
        pitling("p2", 6, 1, ""),
        pitling("p3", 6, 0, ""),
        pitling("p4", 9, 5, ""),
    ];
    creatures.extend_from_slice(more);
    fight_with(
        &ROOM,
        &fields(&abilities(), None),
        &creatures,
        dice,
        Side::Director,
    )
}

/// `lead` spits at `target`, joined by each `(minion, target)`.
fn squad_spit(lead: &str, target: &str, mates: &[(&str, &str)]) -> Command {
    let mut command = use_ability(lead, "spit", &[target]);
    if let Command::UseAbility { squad, .. } = &mut command {
        *squad = mates
            .iter()
            .map(|(m, t)| SquadMate {
                minion: m.to_string(),
                target: t.to_string(),
            })
            .collect();
    }
    command
}

fn extra_mains(log: &[LoggedEvent]) -> Vec<String> {
    common::pick(log, |ev| match &ev.event {
        Event::ExtraMainAction { creature } => Some(creature.clone()),
        _ => None,
    })
}

fn rolls(log: &[LoggedEvent]) -> usize {
    common::count(log, |ev| matches!(ev, Event::PowerRolled { .. }))
}

#[test]
fn ds_dir_32_one_pitling_on_the_shadow_two_on_the_conduit() {
    // 6 + 6 = 12, tier 2: 4 damage.
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p0");
    let log = apply(
        &mut e,
        squad_spit("p0", "shadow", &[("p1", "conduit"), ("p2", "conduit")]),
    );
    assert_eq!(
        rolls(&log),
        2,
        "one roll, applied to each of the two targets"
    );
    let faces: Vec<_> = common::pick(&log, |ev| match &ev.event {
        Event::PowerRolled { roll, .. } => Some(roll.dice),
        _ => None,
    });
    assert_eq!(faces[0], faces[1], "the squad rolls once");
    assert_eq!(stamina(&e, "shadow"), 30 - 4);
    assert_eq!(stamina(&e, "conduit"), 30 - (4 + 2));
}

#[test]
fn ds_dir_34_a_natural_19_gives_each_member_that_took_part_an_extra_main_action() {
    let mut e = pit(&[], &[10, 9]);
    start(&mut e, "p0");
    let log = apply(
        &mut e,
        squad_spit(
            "p0",
            "shadow",
            &[("p1", "conduit"), ("p2", "conduit"), ("p3", "conduit")],
        ),
    );
    let mut granted = extra_mains(&log);
    granted.sort();
    assert_eq!(granted, ["p0", "p1", "p2", "p3"]);
    assert!(creature(&e, "p0").actions.main, "p0 has its extra now");
    end(&mut e, "p0");
    // p1 joined before its own turn: its turn has the extra main action and nothing else.
    let log = start(&mut e, "p1");
    assert!(log.iter().any(|ev| matches!(
        &ev.event,
        Event::SquadMainActionSpent { minion, main_left: 1 } if minion == "p1"
    )));
    apply(&mut e, use_ability("p1", "lunge", &["conduit"]));
    assert!(!creature(&e, "p1").actions.main);
    end(&mut e, "p1");
    // p4 took no part: an ordinary turn, one main action, no extra.
    let log = start(&mut e, "p4");
    assert!(
        !log.iter()
            .any(|ev| matches!(&ev.event, Event::SquadMainActionSpent { .. }))
    );
    assert!(creature(&e, "p4").actions.main);
}

#[test]
fn a_member_that_joined_the_strike_has_only_its_move_on_its_own_turn() {
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p0");
    apply(&mut e, squad_spit("p0", "shadow", &[("p1", "conduit")]));
    end(&mut e, "p0");
    start(&mut e, "p1");
    let err = refused(&mut e, use_ability("p1", "lunge", &["conduit"]));
    assert_eq!(err.rule, "turn.action_economy");
    assert!(creature(&e, "p1").actions.move_action);
}

#[test]
fn a_member_that_used_its_main_action_on_its_own_turn_cant_join() {
    let mut e = pit(&[], &[6, 6, 6, 6]);
    start(&mut e, "p1");
    apply(&mut e, use_ability("p1", "lunge", &["conduit"]));
    end(&mut e, "p1");
    start(&mut e, "p0");
    let err = refused(&mut e, squad_spit("p0", "shadow", &[("p1", "conduit")]));
    assert_eq!(err.rule, "minion.squad.strike");
}

#[test]
fn a_member_out_of_reach_of_its_target_cant_join() {
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p0");
    let err = refused(&mut e, squad_spit("p0", "shadow", &[("p4", "conduit")]));
    assert_eq!(err.rule, "target.distance");
    assert!(err.reason.starts_with("p4 can't join"), "{}", err.reason);
}

#[test]
fn a_creature_outside_the_squad_cant_join() {
    let mut e = pit(&[foe("brute", 3, 1, &["spit"], "")], &[6, 6]);
    start(&mut e, "p0");
    let err = refused(&mut e, squad_spit("p0", "shadow", &[("brute", "shadow")]));
    assert_eq!(err.rule, "minion.squad.strike");
}

#[test]
fn only_the_signature_strike_is_made_together() {
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p0");
    let mut lunge = squad_spit("p0", "shadow", &[("p1", "conduit")]);
    if let Command::UseAbility { ability, .. } = &mut lunge {
        *ability = "lunge".into();
    }
    let err = refused(&mut e, lunge);
    assert_eq!(err.rule, "minion.squad.strike");
}

#[test]
fn a_13_a_fourth_member_on_one_target_is_refused() {
    let mut e = pit(&[pitling("p5", 4, 0, "")], &[6, 6]);
    start(&mut e, "p1");
    let err = refused(
        &mut e,
        squad_spit(
            "p1",
            "conduit",
            &[("p2", "conduit"), ("p3", "conduit"), ("p5", "conduit")],
        ),
    );
    assert_eq!(err.rule, "minion.squad.strike");
    // Three is the most: p1, p2 and p3 on the conduit, 4 + 2 + 2.
    apply(
        &mut e,
        squad_spit("p1", "conduit", &[("p2", "conduit"), ("p3", "conduit")]),
    );
    assert_eq!(stamina(&e, "conduit"), 30 - 8);
}

#[test]
fn a_16_a_captains_bonus_counts_once_on_a_ganged_up_target() {
    let captain = foe("boss", 8, 4, &[], ", captain_of: \"p\"");
    let bonus = ", with_captain: (damage: 1)";
    let mut creatures = vec![
        hero("conduit", 5, 0, &[], ""),
        pitling("p1", 5, 1, bonus),
        pitling("p2", 6, 1, bonus),
        captain,
    ];
    creatures.push(hero("shadow", 0, 5, &[], ""));
    let mut e = fight_with(
        &ROOM,
        &fields(&abilities(), None),
        &creatures,
        &[6, 6],
        Side::Director,
    );
    start(&mut e, "p1");
    apply(&mut e, squad_spit("p1", "conduit", &[("p2", "conduit")]));
    // 4 (tier 2) + 2 (p2's free strike) + 1 (the captain, once) = 7.
    assert_eq!(stamina(&e, "conduit"), 30 - 7);
}

// ---- The minion action limit ------------------------------------------------------------------

#[test]
fn ds_dir_37_a_minion_takes_a_main_action_or_a_maneuver_not_both() {
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p0");
    apply(
        &mut e,
        Command::Search {
            creature: "p0".into(),
        },
    );
    let err = refused(&mut e, use_ability("p0", "lunge", &["shadow"]));
    assert_eq!(err.rule, "minion.actions");
    end(&mut e, "p0");
    // The other way round: a main action, then no maneuver.
    start(&mut e, "p1");
    apply(&mut e, use_ability("p1", "lunge", &["conduit"]));
    let err = refused(
        &mut e,
        Command::Search {
            creature: "p1".into(),
        },
    );
    assert_eq!(err.rule, "minion.actions");
}

#[test]
fn ds_dir_37_a_minion_may_move_twice_or_move_and_act() {
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p4");
    apply(&mut e, common::advance("p4", &[(8, 5)]));
    apply(&mut e, common::advance("p4", &[(7, 5)]));
    assert_eq!(common::position(&e, "p4"), common::squares(&[(7, 5)])[0]);
    end(&mut e, "p4");
    start(&mut e, "p0");
    apply(&mut e, common::advance("p0", &[(1, 1)]));
    apply(&mut e, use_ability("p0", "lunge", &["shadow"]));
}

#[test]
fn a_creature_that_is_no_minion_takes_a_main_action_and_a_maneuver() {
    let mut e = pit(&[foe("brute", 3, 1, &["lunge"], "")], &[6, 6]);
    start(&mut e, "brute");
    apply(
        &mut e,
        Command::Search {
            creature: "brute".into(),
        },
    );
    apply(&mut e, use_ability("brute", "lunge", &["shadow"]));
}

// ---- Defend -----------------------------------------------------------------------------------

#[test]
fn a_creature_that_took_a_main_action_cant_defend() {
    // The brute crits with its lunge (an extra main action), and still can't Defend with it.
    let mut e = pit(&[foe("brute", 3, 1, &["lunge"], "")], &[10, 10]);
    start(&mut e, "brute");
    let log = apply(&mut e, use_ability("brute", "lunge", &["shadow"]));
    assert_eq!(extra_mains(&log), ["brute"]);
    let err = refused(
        &mut e,
        Command::Defend {
            creature: "brute".into(),
        },
    );
    assert_eq!(err.rule, "action.defend");
}

#[test]
fn ds_dir_76_after_defend_a_granted_main_action_cant_be_taken() {
    // The brute buys an extra main action with Malice, Defends, and can't use the extra.
    let brute = foe(
        "brute",
        3,
        1,
        &["lunge"],
        ", malice_features: [\"wild_overgrowth\"]",
    );
    let mut e = fight_with(
        &ROOM,
        &format!("{}extra_malice: 10, ", fields(&abilities(), None)),
        &[hero("shadow", 2, 0, &[], ""), brute],
        &[],
        Side::Director,
    );
    start(&mut e, "brute");
    apply(
        &mut e,
        Command::SpendMalice {
            creature: "brute".into(),
            spend: MaliceSpend::Feature {
                id: "wild_overgrowth".into(),
            },
        },
    );
    apply(
        &mut e,
        Command::Defend {
            creature: "brute".into(),
        },
    );
    let err = refused(&mut e, use_ability("brute", "lunge", &["shadow"]));
    assert_eq!(err.rule, "action.defend");
    // Its move and maneuver are still its own.
    assert!(creature(&e, "brute").actions.maneuver);
}

// ---- The captain's slot -----------------------------------------------------------------------

#[test]
fn ds_dir_46_the_captain_acts_in_its_squads_slot_with_a_full_turn() {
    let mut e = pit(
        &[
            foe("boss", 3, 1, &["lunge"], ", captain_of: \"p\""),
            foe("loner", 9, 3, &[], ""),
        ],
        &[6, 6],
    );
    assert_eq!(creature(&e, "boss").group.as_deref(), Some("p"));
    assert_eq!(creature(&e, "p0").group.as_deref(), Some("p"));
    start(&mut e, "p0");
    end(&mut e, "p0");
    // The slot is the squad's: the loner waits, the captain may go.
    let err = refused(
        &mut e,
        Command::StartTurn {
            creature: "loner".into(),
        },
    );
    assert_eq!(err.rule, "turn.order.group");
    start(&mut e, "boss");
    apply(
        &mut e,
        Command::Search {
            creature: "boss".into(),
        },
    );
    apply(&mut e, use_ability("boss", "lunge", &["shadow"]));
}

#[test]
fn a_member_that_only_moved_on_its_turn_joins_the_strike_later_in_the_round() {
    let mut e = pit(&[pitling("p5", 4, 3, "")], &[6, 6]);
    start(&mut e, "p5");
    apply(&mut e, common::advance("p5", &[(3, 2), (3, 1)]));
    end(&mut e, "p5");
    start(&mut e, "p0");
    apply(&mut e, squad_spit("p0", "shadow", &[("p5", "shadow")]));
    assert_eq!(stamina(&e, "shadow"), 30 - (4 + 2));
    // Its main action is spent now: it can't join again.
    end(&mut e, "p0");
    start(&mut e, "p2");
    let err = refused(&mut e, squad_spit("p2", "conduit", &[("p5", "shadow")]));
    assert_eq!(err.rule, "minion.squad.strike");
}

#[test]
fn the_ai_plays_a_squad_as_a_unit() {
    // p0, p1 and p2 are next to the heroes: whoever goes last strikes for all of them.
    let mut e = pit(&[], &[6, 6, 6, 6, 6, 6, 6, 6]);
    let mut joined = 0;
    for _ in 0..40 {
        let Some(d) = steelgrid_rules::ai::decide(&e, Side::Director) else {
            break;
        };
        if matches!(d.command, Command::StartTurn { .. }) && e.state().round > 1 {
            break;
        }
        let log = apply(&mut e, d.command);
        joined += common::count(&log, |ev| matches!(ev, Event::SquadStrikeJoined { .. }));
        if e.turn().next_side == Some(Side::Heroes) {
            break;
        }
    }
    assert!(joined >= 2, "members joined one strike: {joined}");
}

#[test]
fn a_players_signature_strike_is_joined_by_the_members_in_reach() {
    // What the client sends for a human Director: p1's Spit on the conduit, joined by p0 on the
    // shadow (nobody strikes it yet) and by p2 and p3, who reach only the conduit; p4 is far.
    let mut e = pit(&[], &[6, 6]);
    start(&mut e, "p1");
    let joined = e.squad_strike(use_ability("p1", "spit", &["conduit"]));
    let Command::UseAbility { squad, .. } = &joined else {
        panic!("still a UseAbility");
    };
    let mut members: Vec<&str> = squad.iter().map(|m| m.minion.as_str()).collect();
    members.sort();
    assert_eq!(members, ["p0", "p2", "p3"]);
    apply(&mut e, joined);
    assert_eq!(stamina(&e, "shadow"), 30 - 4);
    assert_eq!(stamina(&e, "conduit"), 30 - (4 + 2 + 2));
    // Anything but a signature strike is left alone.
    let lunge = use_ability("p2", "lunge", &["conduit"]);
    assert_eq!(e.squad_strike(lunge.clone()), lunge);
}

#[test]
fn a_captains_speed_bonus_carries_each_member_farther() {
    let bonus = ", with_captain: (speed: 2)";
    let creatures = vec![
        hero("shadow", 0, 0, &[], ""),
        pitling("p0", 9, 5, bonus),
        pitling("p1", 9, 4, bonus),
        foe("boss", 9, 0, &[], ", captain_of: \"p\""),
    ];
    let mut e = fight_with(
        &ROOM,
        &fields(&abilities(), None),
        &creatures,
        &[],
        Side::Director,
    );
    // Speed 5 + 2: seven squares in one move.
    start(&mut e, "p0");
    let seven: Vec<(i32, i32)> = (2..9).rev().map(|x| (x, 5)).collect();
    apply(&mut e, common::advance("p0", &seven));
    assert_eq!(common::position(&e, "p0"), common::squares(&[(2, 5)])[0]);
    end(&mut e, "p0");
    // Without a captain, five.
    apply(
        &mut e,
        Command::EnvironmentDamage {
            target: "boss".into(),
            amount: 100,
            damage_type: None,
            halved: false,
        },
    );
    start(&mut e, "p1");
    let err = refused(
        &mut e,
        common::advance("p1", &(2..9).rev().map(|x| (x, 4)).collect::<Vec<_>>()),
    );
    assert_eq!(err.rule, "movement.speed_limit");
}
