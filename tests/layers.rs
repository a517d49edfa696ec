//! The layers, checked: the kernel names no ruleset and the rulesets not each other; the Draw
//! Steel, d20 and Miniatures chapters import one way, each only the ones below it and never the assembly
//! above them; and the import cycles among
//! each crate's top-level modules (files and chapter folders under `src/`) may shrink but never
//! grow.
//!
//! An edge A -> B is any `crate::B` path written in A outside its unit tests, as
//! `../shared/tools/import-cycles.py` counts them. The ceilings below are today's figures: lower
//! them if a cycle ever creeps back (1 is no cycle at all).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;

/// The largest import cycle each crate may have, in modules.
const CEILINGS: &[(&str, usize)] = &[
    ("crates/steelgrid_kernel", 1),
    ("crates/steelgrid_rules", 1),
    ("crates/steelgrid_d20", 1),
    ("crates/steelgrid_miniatures", 1),
];

/// The Draw Steel rules crate's vocabulary and chapters, lowest first: each imports only the
/// ones before it. Every other top-level module is the assembly (the ruleset plugin, the
/// engine, scenarios, scripts, records, the AI), which may import any chapter but no chapter
/// imports it.
const CHAPTERS: &[&str] = &[
    "rule",
    "options",
    "terms",
    "power_roll",
    "creature",
    "event",
    "command",
    "turn",
    "damage",
    "condition",
    "forced",
    "director",
    "ability",
    "movement",
    "trigger",
    "class",
];

/// The d20 ruleset's chapters, lowest first, as its `lib.rs` lists them.
const D20_CHAPTERS: &[&str] = &[
    "rule", "options", "measure", "size", "terrain", "movement", "injury", "attack", "stats",
    "command",
];

/// The d20 ruleset's assembly: scenarios, the engine and its plugin, the AI, batches, replays.
const D20_ASSEMBLY: &[&str] = &["scenario", "battle", "ai", "sim", "record"];

/// The Miniatures ruleset's chapters, lowest first.
const MINIATURES_CHAPTERS: &[&str] = &[
    "rule", "area", "damage", "movement", "round", "options", "card", "command",
];

/// The Miniatures ruleset's assembly: scenarios, the engine and its plugin, the AI, batches,
/// replays.
const MINIATURES_ASSEMBLY: &[&str] = &["scenario", "battle", "ai", "sim", "record"];

/// The assembly layer above the chapters.
const ASSEMBLY: &[&str] = &[
    "ai",
    "campaign",
    "command_list",
    "creature_record",
    "diagnostic",
    "encounter",
    "encounter_budget",
    "engine",
    "record",
    "ruleset",
    "scenario",
    "sim",
    "summon",
    // The test encounter builder (feature `testing`), on top of scenarios.
    "testing",
];

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rs` file under `dir`, with its path relative to `dir`.
fn sources(dir: &Path) -> Vec<(PathBuf, String)> {
    let mut out = Vec::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        for entry in std::fs::read_dir(&d).expect("a source folder") {
            let path = entry.expect("an entry").path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let text = std::fs::read_to_string(&path).expect("a source file");
                out.push((path.strip_prefix(dir).expect("inside").to_path_buf(), text));
            }
        }
    }
    out
}

/// The top-level module a file belongs to: `engine/view.rs` -> `engine`, `grid.rs` -> `grid`.
fn top_module(rel: &Path) -> String {
    let first = rel.components().next().expect("a path");
    let name = first.as_os_str().to_string_lossy();
    name.strip_suffix(".rs").unwrap_or(&name).to_owned()
}

/// The modules a source names as `crate::x` or inside `crate::{x, ...}`.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let text = text.split("#[cfg(test)]\nmod tests").next().unwrap_or(text);
    let ident = |s: &str| -> String {
        s.chars()
            .take_while(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for (i, _) in text.match_indices("crate::") {
        let rest = &text[i + "crate::".len()..];
        if let Some(group) = rest.strip_prefix('{') {
            let group = &group[..group.find('}').unwrap_or(group.len())];
            out.extend(group.split([',', ' ', '\n']).map(|p| ident(p.trim())));
        } else {
            out.insert(ident(rest));
        }
    }
    out.retain(|m| !m.is_empty());
    out
}

/// Each top-level module of the crate at `krate` and the modules it imports.
fn imports(krate: &str) -> BTreeMap<String, BTreeSet<String>> {
    let files = sources(&root().join(krate).join("src"));
    let modules: BTreeSet<String> = files
        .iter()
        .filter(|(rel, _)| rel != Path::new("lib.rs"))
        .map(|(rel, _)| top_module(rel))
        .collect();
    let mut imports: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    for (rel, text) in files.iter().filter(|(rel, _)| rel != Path::new("lib.rs")) {
        let from = top_module(rel);
        let to: Vec<String> = crate_paths(text)
            .into_iter()
            .filter(|m| modules.contains(m) && *m != from)
            .collect();
        imports.entry(from).or_default().extend(to);
    }
    imports
}

/// The modules of the largest import cycle in the crate at `krate`.
fn largest_cycle(krate: &str) -> Vec<String> {
    let imports = imports(krate);
    let mut graph = DiGraphMap::<&str, ()>::new();
    for (from, tos) in &imports {
        graph.add_node(from);
        for to in tos {
            graph.add_edge(from, to, ());
        }
    }
    let mut cycle: Vec<String> = tarjan_scc(&graph)
        .into_iter()
        .max_by_key(Vec::len)
        .unwrap_or_default()
        .into_iter()
        .map(str::to_owned)
        .collect();
    cycle.sort();
    cycle
}

#[test]
fn no_crate_has_a_larger_import_cycle_than_its_ceiling() {
    for (krate, ceiling) in CEILINGS {
        let cycle = largest_cycle(krate);
        assert!(
            cycle.len() <= *ceiling,
            "{krate}: a cycle of {} modules (ceiling {ceiling}): {}",
            cycle.len(),
            cycle.join(", ")
        );
    }
}

/// The imports of `krate` that run upward: a chapter naming one listed after it, or the
/// assembly.
fn upward(krate: &str, chapters: &[&str]) -> Vec<String> {
    let imports = imports(krate);
    let mut wrong = Vec::new();
    for (rank, chapter) in chapters.iter().enumerate() {
        for to in imports.get(*chapter).into_iter().flatten() {
            if !chapters[..rank].contains(&to.as_str()) {
                wrong.push(format!("{chapter} -> {to}"));
            }
        }
    }
    wrong
}

/// The modules of `krate` that are neither a chapter nor the assembly.
fn unplaced(krate: &str, chapters: &[&str], assembly: &[&str]) -> Vec<String> {
    imports(krate)
        .into_keys()
        .filter(|m| !chapters.contains(&m.as_str()) && !assembly.contains(&m.as_str()))
        .collect()
}

#[test]
fn draw_steel_chapters_import_only_the_chapters_below_them() {
    let wrong = upward("crates/steelgrid_rules", CHAPTERS);
    assert!(
        wrong.is_empty(),
        "imports running upward: {}",
        wrong.join(", ")
    );
}

#[test]
fn every_rules_module_is_a_chapter_or_the_assembly() {
    let unplaced = unplaced("crates/steelgrid_rules", CHAPTERS, ASSEMBLY);
    assert!(
        unplaced.is_empty(),
        "place these in CHAPTERS or ASSEMBLY: {unplaced:?}"
    );
}

#[test]
fn d20_chapters_import_only_the_chapters_below_them_and_every_module_is_placed() {
    let wrong = upward("crates/steelgrid_d20", D20_CHAPTERS);
    assert!(
        wrong.is_empty(),
        "d20 imports running upward: {}",
        wrong.join(", ")
    );
    let unplaced = unplaced("crates/steelgrid_d20", D20_CHAPTERS, D20_ASSEMBLY);
    assert!(
        unplaced.is_empty(),
        "place these in D20_CHAPTERS or D20_ASSEMBLY: {unplaced:?}"
    );
}

#[test]
fn miniatures_chapters_import_only_the_chapters_below_them_and_every_module_is_placed() {
    let krate = "crates/steelgrid_miniatures";
    let wrong = upward(krate, MINIATURES_CHAPTERS);
    assert!(
        wrong.is_empty(),
        "Miniatures imports running upward: {}",
        wrong.join(", ")
    );
    let unplaced = unplaced(krate, MINIATURES_CHAPTERS, MINIATURES_ASSEMBLY);
    assert!(
        unplaced.is_empty(),
        "place these in MINIATURES_CHAPTERS or MINIATURES_ASSEMBLY: {unplaced:?}"
    );
}

#[test]
fn the_rulesets_do_not_know_each_other() {
    let crates = ["steelgrid_rules", "steelgrid_d20", "steelgrid_miniatures"];
    for krate in crates {
        for other in crates.iter().filter(|&&o| o != krate) {
            let manifest =
                std::fs::read_to_string(root().join("crates").join(krate).join("Cargo.toml"))
                    .expect("a manifest");
            assert!(!manifest.contains(other), "{krate} depends on {other}");
        }
    }
}

#[test]
fn every_ruleset_crate_is_a_plugin_on_the_kernel() {
    for krate in ["crates/steelgrid_d20", "crates/steelgrid_miniatures"] {
        let manifest =
            std::fs::read_to_string(root().join(krate).join("Cargo.toml")).expect("a manifest");
        assert!(
            manifest.contains("steelgrid_kernel"),
            "{krate} is not on the kernel"
        );
        let plugin = sources(&root().join(krate).join("src"))
            .into_iter()
            .any(|(_, text)| text.contains("impl Ruleset for"));
        assert!(plugin, "{krate} has no `impl Ruleset for` plugin");
    }
}

#[test]
fn the_kernel_names_no_ruleset() {
    let manifest = std::fs::read_to_string(root().join("crates/steelgrid_kernel/Cargo.toml"))
        .expect("the kernel's manifest");
    assert!(
        !manifest.contains("steelgrid_rules"),
        "the kernel must not depend on a ruleset crate"
    );
    for (rel, text) in sources(&root().join("crates/steelgrid_kernel/src")) {
        for ruleset in [
            "steelgrid_rules",
            "DrawSteel",
            "draw_steel",
            "steelgrid_d20",
            "steelgrid_miniatures",
        ] {
            assert!(
                !text.contains(ruleset),
                "crates/steelgrid_kernel/src/{} names {ruleset}",
                rel.display()
            );
        }
    }
}

#[test]
fn crate_paths_are_read_from_use_lines_groups_and_calls() {
    assert_eq!(
        crate_paths("use crate::a::X;\nuse crate::{b, c::Y};\nfn f() { crate::d::g() }"),
        ["a", "b", "c", "d"].map(String::from).into()
    );
}
