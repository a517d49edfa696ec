//! The demonstration scenarios — forced movement, each condition, each area shape — played
//! through `steelgrid sim` (which plays a scenario's demo script first): where everyone ends,
//! what they lose, and what the log shows.

use std::process::Command;

use serde_json::{Value, json};

fn sim(name: &str) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_steelgrid"))
        .args(["sim", &format!("scenarios/demo_{name}.ron"), "--json"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("JSON")
}

/// (x, y, stamina, conditions) of a creature.
fn creature(state: &Value, id: &str) -> (i64, i64, i64, Vec<String>) {
    let c = state["state"]["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == id)
        .unwrap_or_else(|| panic!("no {id}"));
    let conditions = c["conditions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_str().unwrap().to_owned())
        .collect();
    (
        c["position"]["x"].as_i64().unwrap(),
        c["position"]["y"].as_i64().unwrap(),
        c["stamina"]["current"].as_i64().unwrap(),
        conditions,
    )
}

fn derivations(state: &Value) -> Vec<String> {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "forced_moved")
        .map(|e| {
            e["derivation"]
                .as_array()
                .unwrap()
                .iter()
                .map(|l| l.as_str().unwrap())
                .collect::<Vec<_>>()
                .join(" | ")
        })
        .collect()
}

#[test]
fn demo_collisions() {
    let s = sim("collisions");
    assert_eq!(creature(&s, "cutter1"), (4, 2, 12, vec![]));
    assert_eq!(creature(&s, "cutter2").2, 12);
    assert_eq!(creature(&s, "ogre"), (5, 3, 58, vec![]));
    assert_eq!(
        (creature(&s, "rabble1").2, creature(&s, "rabble2").2),
        (2, 2)
    );
    assert_eq!(creature(&s, "hound"), (9, 5, 7, vec![]));
    let d = derivations(&s);
    assert!(d[0].contains("stopped after 1 square by cutter2: 3 left"));
    assert!(d[1].contains("by rabble1 and rabble2: 2 left"));
    assert!(d[2].contains("2 + 3 left = 5 damage"));
}

#[test]
fn demo_ledge() {
    let s = sim("ledge");
    assert_eq!(creature(&s, "cutter"), (6, 1, 7, vec!["prone".to_owned()]));
    assert_eq!(creature(&s, "hound"), (6, 3, 12, vec![]));
    assert!(derivations(&s)[0].contains("falls 4 squares: 4 − Agility 0 = 4 → 8 damage, prone"));
}

/// (x, y, damage, Stamina left) of each object a forced movement damaged, in order.
fn objects_damaged(state: &Value) -> Vec<(i64, i64, i64, i64)> {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "object_damaged")
        .map(|e| {
            (
                e["square"]["x"].as_i64().unwrap(),
                e["square"]["y"].as_i64().unwrap(),
                e["amount"].as_i64().unwrap(),
                e["left"].as_i64().unwrap(),
            )
        })
        .collect()
}

#[test]
fn demo_shove_crate() {
    let s = sim("shove_crate");
    // The crate Brann shoved stopped against the cutter: 2 to the cutter, 2 of the crate's 3;
    // the ogre's pillar went 1 farther for its size and stopped against Orrin; Tessa's crate
    // fell from the loft onto the second cutter and broke beside it.
    assert_eq!(creature(&s, "cutter"), (6, 2, 13, vec![]));
    assert_eq!(creature(&s, "orrin").2, 19);
    assert_eq!(
        creature(&s, "cutter2"),
        (5, 5, 11, vec!["prone".to_owned()])
    );
    assert_eq!(
        objects_damaged(&s),
        vec![(5, 2, 2, 1), (6, 4, 2, 4), (6, 5, 4, 0)]
    );
    let d = derivations(&s);
    assert_eq!(
        d,
        vec![
            "push 4 | stopped after 2 squares by cutter: 2 left, 2 damage to each creature | the object takes 2 (2 left, run into cutter)",
            "push 3 + 1 big vs little = 4 | stopped after 2 squares by orrin: 2 left, 2 damage to each creature | the object takes 2 (2 left, run into orrin)",
            "push 2 | falls 2 squares: 2 − Agility 0 = 2 → 4 damage | the object takes 4 (a fall of 2 squares)",
        ]
    );
}

#[test]
fn demo_test_in_fight() {
    let s = sim("test_in_fight");
    assert_eq!(creature(&s, "brann").2, 27, "30 less the stair's 3");
    let tests: Vec<&Value> = s["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["event"] == "test_made")
        .collect();
    assert_eq!(tests.len(), 1);
    assert_eq!(tests[0]["rule"], "test");
    assert_eq!(tests[0]["roll"]["total"], 11);
    assert_eq!(tests[0]["outcome"], "FailureWithConsequence");
}

#[test]
fn demo_hurl_through() {
    let s = sim("hurl_through");
    assert_eq!(creature(&s, "cutter"), (6, 1, 25, vec![]));
    assert_eq!(creature(&s, "hound"), (4, 3, 23, vec![]));
    let d = derivations(&s);
    assert!(d[0].contains("through the wood at (4, 1)"));
    assert!(
        d[1].contains("through the glass")
            && d[1].contains("by the stone at (5, 3): 2 + 2 left = 4 damage")
    );
}

#[test]
fn demo_stability() {
    let s = sim("stability");
    assert_eq!(creature(&s, "goblin").0, 5, "push 2 + 1 big vs little");
    assert_eq!(creature(&s, "hound").0, 4, "no bonus against the same size");
    assert_eq!(creature(&s, "ogre").0, 2, "stability 2 cancels push 2");
    assert!(derivations(&s)[2].contains("push 2 − stability 2 = 0"));
}

#[test]
fn demo_opportunity() {
    let s = sim("opportunity");
    // Tessa walked away from cutter2: its free strike (a Director creature's fixed 2) landed
    // before she left, and she still finished her move.
    assert_eq!(creature(&s, "tessa"), (1, 4, 22, vec![]));
    // Brann shifted away from cutter1: no strike.
    assert_eq!(creature(&s, "brann"), (2, 1, 30, vec![]));
    let attacks: Vec<&Value> = s["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["rule"] == "opportunity_attack")
        .collect();
    assert_eq!(attacks.len(), 1);
    assert_eq!(attacks[0]["attacker"], "cutter2");
    assert_eq!(
        attacks[0]["at"]["x"], 3,
        "struck in the square she was leaving"
    );
}

fn conditions(v: &[&str]) -> Vec<String> {
    v.iter().map(|c| (*c).to_owned()).collect()
}

/// The events of one rule, in order.
fn events<'a>(state: &'a Value, rule: &str) -> Vec<&'a Value> {
    state["log"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["rule"] == rule)
        .collect()
}

#[test]
fn demo_slowed() {
    let s = sim("slowed");
    // 8 cold + cold weakness 3; two squares at speed 2; the save (4) failed.
    assert_eq!(
        creature(&s, "hound"),
        (4, 2, 19, conditions(&["slowed (save ends)"]))
    );
    let save = events(&s, "effect.save_ends");
    assert_eq!(
        (save[0]["roll"].as_i64(), save[0]["saved"].as_bool()),
        (Some(4), Some(false))
    );
}

#[test]
fn demo_restrained() {
    let s = sim("restrained");
    // 6 from the glyph, 10 from Brann's sweep with the edge; the push did not move it.
    assert_eq!(
        creature(&s, "cutter"),
        (5, 2, 14, conditions(&["restrained (save ends)"]))
    );
    assert_eq!(creature(&s, "brann").2, 27, "tier 1 through the bane");
    assert_eq!(
        events(&s, "forced_movement.distance")[0]["event"],
        "forced_movement_prevented"
    );
}

#[test]
fn demo_dazed() {
    let s = sim("dazed");
    assert_eq!(creature(&s, "witch"), (4, 3, 19, vec![]));
    assert!(events(&s, "opportunity_attack").is_empty());
    assert_eq!(events(&s, "effect.save_ends")[0]["saved"], true);
}

#[test]
fn demo_frightened() {
    let s = sim("frightened");
    assert_eq!(creature(&s, "witch"), (9, 2, 22, vec![]));
    assert_eq!(
        creature(&s, "lena"),
        (2, 2, 22, vec![]),
        "tier 1, slow resisted"
    );
    assert_eq!(events(&s, "ability.potency")[1]["lands"], false);
}

#[test]
fn demo_taunted() {
    let s = sim("taunted");
    assert_eq!(
        creature(&s, "tessa").2,
        19,
        "tier 3 lowered to tier 2 by the double bane"
    );
    assert_eq!(creature(&s, "cutter").3, Vec::<String>::new(), "EoT ended");
}

#[test]
fn demo_weakened() {
    let s = sim("weakened");
    assert_eq!(creature(&s, "tessa").2, 19);
    assert_eq!(
        creature(&s, "cutter").3,
        Vec::<String>::new(),
        "saved with an 8"
    );
    assert_eq!(
        creature(&s, "hound").3,
        conditions(&["weakened (save ends)"])
    );
}

#[test]
fn demo_bleeding() {
    let s = sim("bleeding");
    // 11 from the wound, then 1d6 (4) + level 1 after its main action.
    assert_eq!(
        creature(&s, "hound"),
        (3, 2, 14, conditions(&["bleeding (save ends)"]))
    );
    assert_eq!(creature(&s, "tessa").2, 20);
    assert_eq!(
        events(&s, "condition.bleeding").last().unwrap()["amount"],
        5
    );
}

#[test]
fn demo_burst() {
    let s = sim("burst");
    assert_eq!(creature(&s, "east"), (8, 3, 24, vec![]));
    assert_eq!(creature(&s, "west"), (1, 3, 24, vec![]));
    assert_eq!(creature(&s, "far"), (9, 3, 30, vec![]), "outside the burst");
}

#[test]
fn demo_cube() {
    let s = sim("cube");
    for id in ["north", "south"] {
        assert_eq!(creature(&s, id).2, 24);
        assert_eq!(creature(&s, id).3, conditions(&["slowed (EoT)"]));
    }
    assert_eq!(creature(&s, "beside"), (9, 3, 30, vec![]));
}

#[test]
fn demo_line() {
    let s = sim("line");
    assert_eq!(creature(&s, "near"), (4, 2, 25, vec![]));
    assert_eq!(creature(&s, "farther"), (6, 2, 25, vec![]));
    assert_eq!(creature(&s, "aside"), (4, 4, 30, vec![]));
}

#[test]
fn demo_aura() {
    let s = sim("aura");
    assert_eq!(creature(&s, "brann").2, 29, "4 of the 5 absorbed");
    let lena = s["state"]["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "lena")
        .unwrap();
    assert_eq!(lena["stamina"]["temporary"], 4);
    assert_eq!(creature(&s, "tessa").2, 24, "outside the aura");
}

#[test]
fn demo_lasting() {
    let s = sim("lasting");
    // The hound's aura burned Tessa as her turn began; the bog ended with the witch's next turn.
    assert_eq!(creature(&s, "tessa"), (6, 6, 22, vec![]));
    assert_eq!(
        events(&s, "ability.area.lasting").last().unwrap()["event"],
        "area_ended"
    );
    let zones: Vec<(&str, Option<u64>)> = s["state"]["zones"]
        .as_array()
        .unwrap()
        .iter()
        .map(|z| (z["ability"].as_str().unwrap(), z["aura"].as_u64()))
        .collect();
    assert_eq!(zones, [("Stone Rampart", None), ("Smoulder", Some(1))]);
}

#[test]
fn demo_grabbed() {
    let s = sim("grabbed");
    // Dragged two squares west at Brann's full speed, without the opportunity attack a
    // creature left behind would make; the escape failed.
    assert_eq!(creature(&s, "brann"), (1, 3, 30, vec![]));
    assert_eq!(creature(&s, "cutter"), (2, 3, 30, conditions(&["grabbed"])));
    assert!(events(&s, "opportunity_attack").is_empty());
}

#[test]
fn demo_squad_area() {
    let s = sim("squad_area");
    // 6 cold to each of the three in the cube counts 4 each: the pool drops 24 -> 12 and only
    // they die; the three outside the cube live on.
    let hit = events(&s, "minion.squad.area")[0];
    assert_eq!(
        [&hit["amount"], &hit["pool_before"], &hit["pool_after"]],
        [12, 24, 12]
    );
    assert_eq!(hit["killed"], json!(["rabble1", "rabble2", "rabble3"]));
    for id in ["rabble1", "rabble2", "rabble3"] {
        assert_eq!(creature(&s, id).2, 0, "{id} was in the cube");
    }
    for id in ["rabble4", "rabble5", "rabble6"] {
        assert_eq!(creature(&s, id).2, 4, "{id} was outside the cube");
    }
    let squad = &s["state"]["squads"][0];
    assert_eq!([&squad["pool"], &squad["alive"]], [12, 3]);
    // One roll for the squad: tier 2's 3, plus the two other members' free strikes.
    let ganged = events(&s, "minion.squad.strike")
        .into_iter()
        .find(|e| e["event"] == "squad_ganged_up")
        .expect("the squad ganged up");
    assert_eq!([&ganged["members"], &ganged["extra"]], [3, 2]);
    assert_eq!(
        events(&s, "power_roll").len(),
        4,
        "3 for the cube, 1 for the squad"
    );
    assert_eq!(creature(&s, "brann"), (4, 5, 25, vec![]));
}

#[test]
fn demo_malicious_strike() {
    let s = sim("malicious_strike");
    let malice = &s["state"]["malice"];
    assert_eq!(
        [
            &malice["current"],
            &malice["spent"],
            &malice["malicious_strike_round"]
        ],
        [0, 5, 1]
    );
    // Tier 1 is 4 to each; the Warden's Might 2 more to the first target only.
    let boost = events(&s, "malice.malicious_strike")
        .into_iter()
        .find(|e| e["event"] == "malice_boost_used")
        .expect("the strike used the Malice");
    assert_eq!(boost["target"], "brann");
    assert_eq!(boost["amount"], 2);
    assert_eq!(creature(&s, "brann"), (4, 3, 24, vec![]));
    assert_eq!(creature(&s, "tessa"), (7, 3, 20, vec![]));
}

#[test]
fn demo_villain_action() {
    let s = sim("villain_action");
    assert_eq!(
        s["state"]["malice"]["villain_actions"],
        json!(["grasping_roots"])
    );
    let used = events(&s, "villain_action");
    assert_eq!(used[0]["targets"], json!(["brann", "tessa"]));
    // Roots: 2 and slowed to the two within 3 squares; then the Warden's own lash on Brann.
    let slowed = conditions(&["slowed (EoT)"]);
    assert_eq!(creature(&s, "brann"), (5, 3, 24, slowed.clone()));
    assert_eq!(creature(&s, "tessa"), (8, 5, 22, slowed));
    assert_eq!(
        creature(&s, "orrin"),
        (1, 6, 21, vec![]),
        "outside the burst"
    );
}
