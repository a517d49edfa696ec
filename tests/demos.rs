//! The forced-movement demonstration scenarios, played through `steelgrid sim` (which plays a
//! scenario's demo script first): where everyone ends, what they lose, and the derivation the
//! log shows.

use std::process::Command;

use serde_json::Value;

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
