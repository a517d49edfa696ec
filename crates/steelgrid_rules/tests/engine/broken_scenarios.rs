//! Every file in `tests/broken/` must be rejected with the `line:col: message` its first line
//! announces (`// expect: LINE:COL: words from the message`), and no input may panic the loader.

use std::path::PathBuf;

use steelgrid_rules::scenario;

fn broken_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/broken")
}

#[test]
fn each_broken_scenario_gets_its_diagnostic() {
    let mut files: Vec<_> = std::fs::read_dir(broken_dir())
        .expect("tests/broken exists")
        .map(|e| e.expect("readable entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    assert!(files.len() >= 8, "the broken-scenario folder is populated");
    let mut failures = Vec::new();
    for path in files {
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let src = std::fs::read_to_string(&path).unwrap();
        let expect = src
            .lines()
            .next()
            .and_then(|l| l.strip_prefix("// expect: "))
            .unwrap_or_else(|| panic!("{name}: first line must be `// expect: LINE:COL: message`"));
        let (at, words) = expect.split_once(": ").unwrap_or((expect, ""));
        let problems = match scenario::load(&name, &src) {
            Ok(_) => {
                failures.push(format!("{name}: accepted, expected an error at {at}"));
                continue;
            }
            Err(p) => p,
        };
        let shown: Vec<String> = problems.iter().map(ToString::to_string).collect();
        let wanted = format!("{name}:{at}: ");
        if !shown
            .iter()
            .any(|s| s.starts_with(&wanted) && s.contains(words))
        {
            failures.push(format!(
                "{name}: expected `{wanted}…{words}…`, got {shown:?}"
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn no_truncation_or_corruption_of_a_scenario_panics() {
    let src = include_str!("../../../../scenarios/mill_ambush.ron");
    let bytes = src.as_bytes();
    // Every prefix, cut at char boundaries.
    for end in (0..=src.len()).filter(|&i| src.is_char_boundary(i)) {
        let _ = scenario::load("cut.ron", &src[..end]);
    }
    // Each byte replaced by a handful of troublesome characters.
    for i in (0..bytes.len()).step_by(3) {
        for repl in ["(", ")", "\"", "'", "9", "-", ",", "é", ""] {
            if !src.is_char_boundary(i) || !src.is_char_boundary(i + 1) {
                continue;
            }
            let mutated = format!("{}{}{}", &src[..i], repl, &src[i + 1..]);
            let _ = scenario::load("mutated.ron", &mutated);
        }
    }
}
