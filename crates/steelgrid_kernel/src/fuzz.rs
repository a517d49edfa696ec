//! Slips a hand makes editing a scenario file, for the rulesets' fuzz tests: a span cut or
//! doubled, a number swapped for an extreme one, a bracket or quote dropped in. A loader given
//! the result must load it or refuse it at a line and column, never panic.

use crate::dice::Dice;

/// A number below `n`.
pub fn below(rng: &mut Dice, n: usize) -> usize {
    (rng.roll(n.max(1) as u32) - 1) as usize
}

/// One to three slips.
pub fn slip(text: &str, rng: &mut Dice) -> String {
    const EXTREMES: [&str; 7] = [
        "-1",
        "0",
        "99999",
        "2147483647",
        "-2147483648",
        "4294967296",
        "0.5",
    ];
    let mut chars: Vec<char> = text.chars().collect();
    for _ in 0..=below(rng, 3) {
        let at = below(rng, chars.len());
        match below(rng, 4) {
            0 => {
                let end = (at + 1 + below(rng, 20)).min(chars.len());
                chars.drain(at..end);
            }
            1 => {
                let end = (at + 1 + below(rng, 40)).min(chars.len());
                let copy = chars[at..end].to_vec();
                chars.splice(at..at, copy);
            }
            2 => {
                // The number that starts at or after `at`, swapped for an extreme one.
                let Some(start) = (at..chars.len()).find(|&i| chars[i].is_ascii_digit()) else {
                    continue;
                };
                let end = (start..chars.len())
                    .find(|&i| !chars[i].is_ascii_digit())
                    .unwrap_or(chars.len());
                chars.splice(start..end, EXTREMES[below(rng, EXTREMES.len())].chars());
            }
            _ => chars.insert(
                at,
                ['(', ')', '[', ']', '{', '}', ',', ':', '"'][below(rng, 9)],
            ),
        }
    }
    chars.into_iter().collect()
}
