//! The layers, checked: the kernel names no ruleset, and the import cycles among each rules
//! crate's top-level modules (files and chapter folders under `src/`) may shrink but never grow.
//!
//! An edge A -> B is any `crate::B` path written in A outside its unit tests, as
//! `../shared/tools/import-cycles.py` counts them. The ceilings below are today's figures: lower
//! them as chapters are untangled (the goal is 1, no cycle at all).

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use petgraph::algo::tarjan_scc;
use petgraph::graphmap::DiGraphMap;

/// The largest import cycle each crate may have, in modules.
const CEILINGS: &[(&str, usize)] = &[
    ("crates/steelgrid_kernel", 1),
    ("crates/steelgrid_rules", 39),
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

/// The modules of the largest import cycle in the crate at `krate`.
fn largest_cycle(krate: &str) -> Vec<String> {
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

#[test]
fn the_kernel_names_no_ruleset() {
    let manifest = std::fs::read_to_string(root().join("crates/steelgrid_kernel/Cargo.toml"))
        .expect("the kernel's manifest");
    assert!(
        !manifest.contains("steelgrid_rules"),
        "the kernel must not depend on a ruleset crate"
    );
    for (rel, text) in sources(&root().join("crates/steelgrid_kernel/src")) {
        for ruleset in ["steelgrid_rules", "DrawSteel", "draw_steel"] {
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
