//! Fuzz: the real scenario and command files, changed the way a hand editing them slips (a span
//! cut or doubled, a number swapped for an extreme one, a word for another word of the file, a
//! bracket or quote dropped in), must load or be refused with a `file:line:col` diagnostic and
//! never panic. A scenario that still loads must start and let the AI make a legal first move;
//! a command list that still parses must run against its scenario without panicking.
//!
//! `STEELGRID_FUZZ_CASES=N` sets the inputs of each kind: 1,000 by default (what CI runs);
//! `STEELGRID_FUZZ_CASES=50000 cargo test --release -p steelgrid_rules --test engine fuzz`
//! runs 100,000. The inputs follow from the case number, so a failure names one to replay.

use std::panic::{AssertUnwindSafe, catch_unwind};

use steelgrid_rules::ai;
use steelgrid_rules::dice::Dice;
use steelgrid_rules::{scenario, sim};

use crate::common::scenario_files;

fn cases() -> u64 {
    std::env::var("STEELGRID_FUZZ_CASES")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(1000)
}

/// A number from 0 to `n - 1`.
fn pick(rng: &mut Dice, n: usize) -> usize {
    (rng.roll(n.max(1) as u32) - 1) as usize
}

/// The runs of letters (words) or of digits and minus signs (numbers) in `text`, as char ranges.
fn tokens(text: &[char], number: bool) -> Vec<(usize, usize)> {
    let wanted = |c: char| {
        if number {
            c.is_ascii_digit() || c == '-'
        } else {
            c.is_ascii_alphabetic() || c == '_'
        }
    };
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        if wanted(text[i]) {
            let start = i;
            while i < text.len() && wanted(text[i]) {
                i += 1;
            }
            out.push((start, i));
        } else {
            i += 1;
        }
    }
    out
}

/// One to three slips of a hand editing `text`.
fn mutate(text: &str, rng: &mut Dice) -> String {
    const NUMBERS: [&str; 8] = [
        "-1",
        "0",
        "255",
        "99999",
        "4294967296",
        "-2147483649",
        "18446744073709551616",
        "3.5",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=pick(rng, 3) {
        let at = pick(rng, chars.len());
        match pick(rng, 5) {
            0 => {
                let end = (at + 1 + pick(rng, 24)).min(chars.len());
                chars.drain(at..end);
            }
            1 => {
                let end = (at + 1 + pick(rng, 40)).min(chars.len());
                let copy: Vec<char> = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            kind @ (2 | 3) => {
                let spans = tokens(&chars, kind == 2);
                if spans.is_empty() {
                    continue;
                }
                let (s, e) = spans[pick(rng, spans.len())];
                let with: Vec<char> = if kind == 2 {
                    NUMBERS[pick(rng, NUMBERS.len())].chars().collect()
                } else {
                    let (ws, we) = spans[pick(rng, spans.len())];
                    chars[ws..we].to_vec()
                };
                chars.splice(s..e, with);
            }
            _ => {
                let c = ['(', ')', '[', ']', '{', '}', ',', ':', '"', '\''][pick(rng, 10)];
                chars.insert(at.min(chars.len()), c);
            }
        }
    }
    chars.into_iter().collect()
}

#[test]
fn fuzz_mutated_scenario_files_load_or_are_refused_with_a_place_and_never_panic() {
    let files = scenario_files();
    let mut loaded = 0;
    for case in 0..cases() {
        let mut rng = Dice::seeded(case);
        let (file, text) = &files[pick(&mut rng, files.len())];
        let changed = mutate(text, &mut rng);
        let outcome = catch_unwind(AssertUnwindSafe(|| match scenario::load(file, &changed) {
            Err(problems) => {
                assert!(
                    !problems.is_empty(),
                    "case {case}: refused with no diagnostic"
                );
                for p in &problems {
                    assert!(p.line >= 1 && p.col >= 1, "case {case}: no place in {p}");
                }
                false
            }
            Ok(s) => {
                let mut engine = s.start(Some(case));
                if let Some(side) = ai::side_to_answer(&engine.state())
                    && let Some(first) = ai::decide(&engine, side)
                    && let Err(e) = engine.apply(first.command.clone())
                {
                    panic!("case {case}: the AI's first move was refused: {e}");
                }
                true
            }
        }));
        match outcome {
            Ok(ok) => loaded += usize::from(ok),
            Err(_) => panic!("case {case}: a mutation of {file} panicked:\n{changed}"),
        }
    }
    eprintln!("fuzz: {} mutated scenarios, {loaded} still loaded", cases());
}

#[test]
fn fuzz_mutated_command_files_parse_or_are_refused_with_a_place_and_never_panic() {
    let base = include_str!("../../../../tests/commands/mill_opening.ron");
    let mill = include_str!("../../../../scenarios/mill_ambush.ron");
    let scenario = scenario::load("mill_ambush.ron", mill).expect("the default scenario");
    let mut parsed = 0;
    for case in 0..cases() {
        let mut rng = Dice::seeded(case);
        let changed = mutate(base, &mut rng);
        let outcome = catch_unwind(AssertUnwindSafe(|| {
            match sim::parse_commands("mill_opening.ron", &changed) {
                Err(d) => {
                    assert!(d.line >= 1 && d.col >= 1, "case {case}: no place in {d}");
                    false
                }
                Ok(commands) => {
                    let mut engine = scenario.start(Some(7));
                    // A refusal is a fine answer to a changed command; a panic is not.
                    let _ = sim::run(&mut engine, &commands, None);
                    true
                }
            }
        }));
        match outcome {
            Ok(ok) => parsed += usize::from(ok),
            Err(_) => panic!("case {case}: a mutated command file panicked:\n{changed}"),
        }
    }
    eprintln!(
        "fuzz: {} mutated command files, {parsed} still parsed",
        cases()
    );
}
