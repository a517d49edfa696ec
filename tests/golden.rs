//! Golden outputs: `steelgrid sim --json` of every shipped scenario (its demo script, then the AI
//! on both sides, seed 7) and of the Mill opening command list, compared byte for byte with the
//! files under `tests/golden/`. They were written by main at 3135d0c, before the rules crate was
//! split into a kernel and chapters, and pin that the move changed no behaviour: every position,
//! Stamina, condition, Malice and log line an AI-vs-AI game produces. The d20 scenarios' runs
//! (`tests/golden/d20/`) and the Miniatures scenarios' (`tests/golden/miniatures/`) were first
//! written when each ruleset came.
//!
//! After a deliberate rules change, rewrite them with `STEELGRID_BLESS=1 ./test.sh --test golden`
//! and say in the commit which outputs changed and why.

use std::path::{Path, PathBuf};
use std::process::Command;

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// One golden run: the file it is kept in and the `steelgrid` arguments that produce it.
struct Run {
    golden: String,
    args: Vec<String>,
}

fn runs() -> Vec<Run> {
    let mut scenarios: Vec<String> = std::fs::read_dir(root().join("scenarios"))
        .expect("scenarios/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ron"))
        .collect();
    scenarios.sort();
    let sim = |scenario: &str, extra: &[&str]| -> Vec<String> {
        [
            "sim",
            &format!("scenarios/{scenario}"),
            "--json",
            "--seed",
            "7",
        ]
        .iter()
        .chain(extra)
        .map(|s| (*s).to_owned())
        .collect()
    };
    let mut runs: Vec<Run> = scenarios
        .iter()
        .map(|s| Run {
            golden: s.replace(".ron", ".json"),
            args: sim(s, &["--ai", "both", "--max-rounds", "6"]),
        })
        .collect();
    // The d20 ruleset's scenarios (scenarios/d20/), kept under tests/golden/d20/.
    let mut d20: Vec<String> = std::fs::read_dir(root().join("scenarios/d20"))
        .expect("scenarios/d20/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ron"))
        .collect();
    d20.sort();
    runs.extend(d20.iter().map(|s| Run {
        golden: format!("d20/{}", s.replace(".ron", ".json")),
        args: sim(&format!("d20/{s}"), &["--ai", "both", "--max-rounds", "6"]),
    }));
    // The Miniatures ruleset's scenarios (scenarios/miniatures/), under tests/golden/miniatures/.
    let mut minis: Vec<String> = std::fs::read_dir(root().join("scenarios/miniatures"))
        .expect("scenarios/miniatures/")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|f| f.ends_with(".ron"))
        .collect();
    minis.sort();
    runs.extend(minis.iter().map(|s| Run {
        golden: format!("miniatures/{}", s.replace(".ron", ".json")),
        args: sim(
            &format!("miniatures/{s}"),
            &["--ai", "both", "--max-rounds", "6"],
        ),
    }));
    runs.push(Run {
        golden: "mill_opening.json".to_owned(),
        args: sim(
            "mill_ambush.ron",
            &["--commands", "tests/commands/mill_opening.ron"],
        ),
    });
    runs
}

fn output(args: &[String]) -> Vec<u8> {
    let out = Command::new(env!("CARGO_BIN_EXE_steelgrid"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the binary runs");
    assert!(
        out.status.success(),
        "steelgrid {}: {}",
        args.join(" "),
        String::from_utf8_lossy(&out.stderr)
    );
    out.stdout
}

/// The first line where two outputs differ, for the failure message.
fn first_difference(expected: &[u8], actual: &[u8]) -> String {
    let (e, a) = (
        String::from_utf8_lossy(expected),
        String::from_utf8_lossy(actual),
    );
    let line = e
        .lines()
        .zip(a.lines())
        .position(|(x, y)| x != y)
        .unwrap_or_else(|| e.lines().count().min(a.lines().count()));
    format!(
        "line {}: expected {:?}, got {:?}",
        line + 1,
        e.lines().nth(line).unwrap_or("<end>"),
        a.lines().nth(line).unwrap_or("<end>")
    )
}

#[test]
fn sim_json_of_every_scenario_is_byte_identical_to_its_golden() {
    let bless = std::env::var_os("STEELGRID_BLESS").is_some();
    let dir = root().join("tests/golden");
    let mut failures = Vec::new();
    for run in runs() {
        let actual = output(&run.args);
        let path: &Path = &dir.join(&run.golden);
        if bless {
            std::fs::create_dir_all(path.parent().expect("a folder")).expect("tests/golden/");
            std::fs::write(path, &actual).expect("golden written");
            continue;
        }
        let expected = std::fs::read(path)
            .unwrap_or_else(|e| panic!("{}: {e} (bless with STEELGRID_BLESS=1)", path.display()));
        if expected != actual {
            failures.push(format!(
                "steelgrid {} differs from {}: {}",
                run.args.join(" "),
                run.golden,
                first_difference(&expected, &actual)
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}
