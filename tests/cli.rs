//! The command line as scenario authors use it: `steelgrid check`, `steelgrid sim` and
//! `steelgrid monster`.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn steelgrid(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_steelgrid"))
        .args(args)
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .expect("the binary runs")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn check_accepts_every_shipped_scenario() {
    let mut files: Vec<String> = std::fs::read_dir(root().join("scenarios"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ron"))
        .map(|f| format!("scenarios/{f}"))
        .collect();
    files.sort();
    let args: Vec<&str> = std::iter::once("check")
        .chain(files.iter().map(String::as_str))
        .collect();
    let out = steelgrid(&args);
    assert!(
        out.status.success(),
        "{}{}",
        text(&out.stdout),
        text(&out.stderr)
    );
    assert!(text(&out.stdout).contains("scenarios/mill_ambush.ron: ok"));
    let mut d20: Vec<String> = std::fs::read_dir(root().join("scenarios/d20"))
        .unwrap()
        .map(|e| format!("scenarios/d20/{}", e.unwrap().file_name().to_string_lossy()))
        .collect();
    d20.sort();
    let out = steelgrid(
        &std::iter::once("check")
            .chain(d20.iter().map(String::as_str))
            .collect::<Vec<_>>(),
    );
    assert!(out.status.success(), "{}", text(&out.stdout));
    assert!(text(&out.stdout).contains("scenarios/d20/skirmish.ron: ok"));
}

#[test]
fn check_reports_every_broken_scenario_at_file_line_col_and_exits_1() {
    let dir = root().join("tests/broken");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let rel = Path::new("tests/broken").join(path.file_name().unwrap());
        let rel = rel.to_str().unwrap();
        let src = std::fs::read_to_string(&path).unwrap();
        let expect = src
            .lines()
            .next()
            .unwrap()
            .strip_prefix("// expect: ")
            .unwrap();
        let (at, words) = expect.split_once(": ").unwrap();
        let out = steelgrid(&["check", rel]);
        assert_eq!(out.status.code(), Some(1), "{rel}");
        let stdout = text(&out.stdout);
        let line = format!("{rel}:{at}: ");
        assert!(
            stdout
                .lines()
                .any(|l| l.starts_with(&line) && l.contains(words)),
            "{rel}: expected `{line}…{words}…` in\n{stdout}"
        );
        assert!(!text(&out.stderr).contains("panicked"), "{rel} panicked");
    }
}

#[test]
fn check_names_a_missing_file() {
    let out = steelgrid(&["check", "scenarios/no_such_file.ron"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("scenarios/no_such_file.ron:1:1: cannot read the file"));
}

#[test]
fn check_reports_the_encounter_budget_under_a_valid_scenario() {
    let out = steelgrid(&["check", "scenarios/briar_warden.ron"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "\n  budget: 30 EV for 5 heroes (5 × level 1 at 6 EV); Easy 23, Standard 30, Hard 45, Extreme 60\n  Director: "
        ),
        "{stdout}"
    );
}

#[test]
fn check_compares_each_priced_monster_with_its_formula() {
    let out = steelgrid(&["check", "scenarios/briar_warden.ron"]);
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(": level 1 Leader\n           vs the formula: Stamina 80 (=), "),
        "{stdout}"
    );
}

#[test]
fn monster_prints_the_formula_stat_block_as_text_and_as_json() {
    let out = steelgrid(&["monster", "--level", "3", "--organization", "leader"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("level 3 Leader (echelon 1)\nEV 20\nStamina 120\n"),
        "{stdout}"
    );
    assert!(stdout.contains("\nstrike damage 7 / 11 / 14\n"), "{stdout}");
    assert!(stdout.contains("\nfree strike 5\n"), "{stdout}");
    let out = steelgrid(&[
        "monster",
        "--level",
        "10",
        "--organization",
        "Solo",
        "--reading",
        "published",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON");
    assert_eq!(json["ev"], 144);
    assert_eq!(json["stamina"], 650);
    assert_eq!(json["highest_characteristic"], 5);
    assert_eq!(json["potency"], serde_json::json!([4, 5, 6]));
    assert_eq!(json["free_strike"], 10);
}

#[test]
fn monster_refuses_bad_input_without_panicking() {
    let cases: [(&[&str], &str); 5] = [
        (
            &[
                "--level",
                "0",
                "--organization",
                "platoon",
                "--role",
                "brute",
            ],
            "outside 1-10",
        ),
        (&["--level", "11", "--organization", "solo"], "outside 1-10"),
        (&["--level", "2", "--organization", "elite"], "needs a role"),
        (
            &[
                "--level",
                "2",
                "--organization",
                "leader",
                "--role",
                "brute",
            ],
            "no other role",
        ),
        (
            &[
                "--level",
                "2",
                "--organization",
                "elite",
                "--role",
                "wizard",
            ],
            "`wizard` is not a role",
        ),
    ];
    for (args, words) in cases {
        let out = steelgrid(&[&["monster"][..], args].concat());
        let stderr = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(stderr.contains(words), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
        assert!(out.stdout.is_empty(), "{args:?}");
    }
}

#[test]
fn sim_twice_with_the_same_seed_is_byte_identical() {
    let args = [
        "sim",
        "scenarios/mill_ambush.ron",
        "--seed",
        "11",
        "--commands",
        "tests/commands/mill_opening.ron",
        "--json",
    ];
    let a = steelgrid(&args);
    let b = steelgrid(&args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout);
    let json: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    let state = &json["state"];
    assert_eq!(state["round"], 1);
    assert_eq!(state["status"], "in_progress");
    let brann = state["creatures"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["id"] == "brann")
        .unwrap();
    assert_eq!(brann["position"], serde_json::json!({"x": 6, "y": 4}));
    assert_eq!(brann["stamina"]["current"], 28);
    let log = json["log"].as_array().unwrap();
    assert!(
        log.iter()
            .all(|e| e["rule"].is_string() && e["reference"].is_string())
    );
    assert!(log.iter().any(|e| e["rule"] == "movement.advance"));
}

#[test]
fn sim_without_json_prints_the_state_only() {
    let out = steelgrid(&["sim", "scenarios/mill_ambush.ron"]);
    assert!(out.status.success());
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert!(json.get("log").is_none());
    assert_eq!(json["creatures"].as_array().unwrap().len(), 9);
    assert!(json["checksum"].as_str().unwrap().len() == 16);
}

#[test]
fn sim_reports_a_refused_command_where_it_was_written_and_keeps_the_state() {
    let dir = std::env::temp_dir().join(format!("steelgrid-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("bad.ron");
    std::fs::write(
        &file,
        "[\n    ChooseFirstSide(side: Heroes),\n    StartTurn(creature: \"brann\"),\n    FreeStrike(attacker: \"brann\", target: \"ogre\"),\n]\n",
    )
    .unwrap();
    let out = steelgrid(&[
        "sim",
        "scenarios/mill_ambush.ron",
        "--commands",
        file.to_str().unwrap(),
    ]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("bad.ron:4:5: command 3 refused by rule target.distance"),
        "{stderr}"
    );
    // The state printed is the one before the refused command: Brann's turn, unharmed ogre.
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["turn"], "brann");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn sim_with_the_ai_on_both_sides_plays_to_the_end_the_same_way_twice() {
    let args = [
        "sim",
        "scenarios/mill_ambush.ron",
        "--ai",
        "both",
        "--max-rounds",
        "30",
        "--json",
    ];
    let a = steelgrid(&args);
    let b = steelgrid(&args);
    assert!(a.status.success(), "{}", text(&a.stderr));
    assert_eq!(a.stdout, b.stdout, "deterministic");
    let json: serde_json::Value = serde_json::from_slice(&a.stdout).unwrap();
    let status = json["state"]["status"].as_str().unwrap();
    assert!(
        status == "victory" || status == "defeat",
        "the fight ends: {status}"
    );
    let decisions = json["ai"].as_array().unwrap();
    assert!(decisions.len() > 20);
    assert!(
        decisions
            .iter()
            .all(|d| !d["top"].as_array().unwrap().is_empty())
    );
    // Someone actually got hurt along the way.
    let log = json["log"].as_array().unwrap();
    assert!(log.iter().filter(|e| e["event"] == "damaged").count() > 5);
}

#[test]
fn every_condition_and_area_demo_plays_on_to_an_end_with_the_ai_using_abilities() {
    let mut abilities_used = 0;
    for name in [
        "slowed",
        "restrained",
        "dazed",
        "frightened",
        "taunted",
        "weakened",
        "bleeding",
        "burst",
        "cube",
        "line",
        "aura",
        "lasting",
        "grabbed",
    ] {
        let file = format!("scenarios/demo_{name}.ron");
        let out = steelgrid(&["sim", &file, "--ai", "both", "--max-rounds", "30", "--json"]);
        assert!(out.status.success(), "{name}: {}", text(&out.stderr));
        let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        let status = json["state"]["status"].as_str().unwrap();
        assert!(
            status == "victory" || status == "defeat",
            "{name}: {status}"
        );
        let demo_lines = std::fs::read_to_string(root().join(&file))
            .unwrap()
            .matches("UseAbility")
            .count();
        abilities_used += json["log"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|e| e["event"] == "ability_used")
            .count()
            .saturating_sub(demo_lines);
    }
    assert!(
        abilities_used > 20,
        "the AI used {abilities_used} abilities"
    );
}

#[test]
fn a_recorded_ai_game_replays_and_a_tampered_one_names_its_step() {
    let dir = std::env::temp_dir().join(format!("steelgrid-cli-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let replay = dir.join("game.replay.ron");
    let replay_arg = replay.to_str().unwrap();
    let out = steelgrid(&[
        "sim",
        "scenarios/mill_ambush.ron",
        "--ai",
        "both",
        "--seed",
        "3",
        "--record",
        replay_arg,
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let sim: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();

    let out = steelgrid(&["replay", replay_arg, "--verify"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let verified = text(&out.stdout);
    assert!(verified.contains("commands verified"), "{verified}");
    assert!(
        verified.contains(sim["checksum"].as_str().unwrap()),
        "the replay ends on the simulated state: {verified}"
    );

    // Change the recorded checksum of the 12th command only.
    let original = std::fs::read_to_string(&replay).unwrap();
    let mut seen = 0;
    let tampered: Vec<String> = original
        .lines()
        .map(|line| {
            if line.trim_start().starts_with("checksum:") {
                seen += 1;
                if seen == 12 {
                    return "            checksum: \"0123456789abcdef\",".to_owned();
                }
            }
            line.to_owned()
        })
        .collect();
    let bad = dir.join("tampered.ron");
    std::fs::write(&bad, tampered.join("\n")).unwrap();
    let out = steelgrid(&["replay", bad.to_str().unwrap(), "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains(": step 12 ("), "{err}");
    assert!(err.contains("recorded 0123456789abcdef"), "{err}");
}

#[test]
fn sim_opens_a_built_in_scenario_by_its_short_name() {
    let by_name = steelgrid(&["sim", "demo_ledge"]);
    let by_file = steelgrid(&["sim", "scenarios/demo_ledge.ron"]);
    assert!(by_name.status.success(), "{}", text(&by_name.stderr));
    assert_eq!(text(&by_name.stdout), text(&by_file.stdout));
}

#[test]
fn check_names_an_icon_the_game_does_not_carry_at_its_line_and_col() {
    let out = steelgrid(&["check", "tests/art/unknown_icon.ron"]);
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(
            "tests/art/unknown_icon.ron:9:73: creature `wyrm`: the game carries no icon `dragon` (it carries spiked-shield, daggers,"
        ),
        "{stdout}"
    );
}

#[test]
fn check_names_the_ruleset_a_field_of_the_other_ruleset_belongs_to() {
    let dir = std::env::temp_dir().join(format!("steelgrid-rulesets-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let d20 = dir.join("d20_malice.ron");
    std::fs::write(&d20, "(\n  name: \"x\",\n  ruleset: D20(),\n  malice: 3,\n  map: (rows: [\"...\"]),\n  creatures: [],\n)\n").unwrap();
    let out = steelgrid(&["check", d20.to_str().unwrap()]);
    assert!(!out.status.success());
    let said = text(&out.stdout);
    assert!(
        said.contains("d20_malice.ron:4:3:")
            && said.contains("`malice` is Draw Steel's, and this scenario plays the d20 ruleset"),
        "{said}"
    );
    let ds = std::fs::read_to_string(root().join("scenarios/demo_opportunity.ron"))
        .unwrap()
        .replace("position: (3, 1)),", "position: (3, 1), armour_class: 15),");
    let ds_file = dir.join("ds_armour.ron");
    std::fs::write(&ds_file, ds).unwrap();
    let out = steelgrid(&["check", ds_file.to_str().unwrap()]);
    let said = text(&out.stdout);
    assert!(
        said.contains("`armour_class` is the d20 ruleset's, and this scenario plays Draw Steel"),
        "{said}"
    );
    assert!(said.contains("ds_armour.ron:19:"), "{said}");
}

#[test]
fn sim_plays_a_d20_skirmish_to_the_end_with_the_ai_on_both_sides() {
    let out = steelgrid(&[
        "sim",
        "scenarios/d20/skirmish.ron",
        "--ai",
        "both",
        "--seed",
        "3",
        "--json",
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let state: serde_json::Value = serde_json::from_str(&text(&out.stdout)).expect("json");
    assert_eq!(state["ruleset"], "d20");
    assert!(state["outcome"].is_string(), "{}", state["outcome"]);
    let log = state["log"].as_array().unwrap();
    assert!(log.iter().any(|e| e["rule"] == "d20.attack.roll"));
    assert!(
        log.iter()
            .all(|e| e["rule"].as_str().unwrap().starts_with("d20."))
    );
}

#[test]
fn a_recorded_d20_game_replays_and_a_tampered_one_names_its_step() {
    let dir = std::env::temp_dir().join(format!("steelgrid-d20-replay-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("game.ron");
    let out = steelgrid(&[
        "sim",
        "scenarios/d20/skirmish.ron",
        "--ai",
        "both",
        "--seed",
        "9",
        "--record",
        file.to_str().unwrap(),
    ]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let out = steelgrid(&["replay", file.to_str().unwrap(), "--verify"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("commands verified, final checksum"),
        "{}",
        text(&out.stdout)
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    let third = saved.match_indices("checksum: ").nth(2).unwrap().0 + "checksum: ".len();
    let digits = saved[third..].find(|c: char| !c.is_ascii_digit()).unwrap();
    let tampered = format!("{}7{}", &saved[..third], &saved[third + digits..]);
    std::fs::write(&file, tampered).unwrap();
    let out = steelgrid(&["replay", file.to_str().unwrap(), "--verify"]);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("step 3"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn build_writes_a_scenario_that_check_accepts_at_the_difficulty_asked() {
    let file = std::env::temp_dir().join(format!("steelgrid_build_{}.ron", std::process::id()));
    let path = file.to_str().unwrap();
    let args = [
        "build",
        "--party",
        "4x1",
        "--difficulty",
        "hard",
        "--faction",
        "The Briarfolk",
        "--seed",
        "3",
    ];
    let out = steelgrid(&[&args[..], &["--out", path]].concat());
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("(Hard: at least 36 EV, under 48)"));
    let written = std::fs::read_to_string(&file).unwrap();
    assert!(written.starts_with(
        "// Built by `steelgrid build --party 4x1 --difficulty hard --faction briarfolk --seed 3`."
    ));
    // Without --out the same scenario goes to standard output.
    let printed = steelgrid(&args);
    assert_eq!(text(&printed.stdout), written);
    let check = steelgrid(&["check", path]);
    std::fs::remove_file(&file).unwrap();
    let stdout = text(&check.stdout);
    assert!(check.status.success(), "{stdout}");
    assert!(
        stdout.contains("\n  budget: 24 EV for 4 heroes (4 × level 1 at 6 EV); Easy 18, Standard 24, Hard 36, Extreme 48\n  Director: "),
        "{stdout}"
    );
    assert!(stdout.contains(" EV → Hard\n"), "{stdout}");
    // Bad usage is 2; a band nothing fits is 1, with the reason.
    let unknown = steelgrid(&[
        "build",
        "--party",
        "4x1",
        "--difficulty",
        "hard",
        "--faction",
        "goblins",
    ]);
    assert_eq!(unknown.status.code(), Some(2));
    assert!(text(&unknown.stderr).contains("the factions: briarfolk (The Briarfolk)"));
    let bad = steelgrid(&[
        "build",
        "--party",
        "4",
        "--difficulty",
        "hard",
        "--faction",
        "briarfolk",
    ]);
    assert_eq!(bad.status.code(), Some(2));
    let none = steelgrid(&[
        "build",
        "--party",
        "1x1",
        "--difficulty",
        "easy",
        "--faction",
        "briarfolk",
    ]);
    assert_eq!(none.status.code(), Some(1));
    assert!(
        text(&none.stderr)
            .starts_with("steelgrid build: the Briarfolk have nothing of level ≤ 3 that fits 5 EV"),
        "{}",
        text(&none.stderr)
    );
}
