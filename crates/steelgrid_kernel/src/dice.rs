//! Dice: one seeded, portable random generator in the rules state, and scripted dice that
//! replace it roll by roll (seed 002 L643-659).

use std::collections::VecDeque;

use bevy_ecs::prelude::Resource;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::{Deserialize, Serialize};

/// The only source of randomness in the rules. ChaCha8 gives the same stream on every
/// platform, native and wasm alike.
#[derive(Resource, Clone, Debug, Serialize, Deserialize)]
#[serde(into = "DiceState", from = "DiceState")]
pub struct Dice {
    seed: u64,
    rng: ChaCha8Rng,
    /// Die faces queued by the scenario or a `ScriptDice` command; used before the generator.
    scripted: VecDeque<u32>,
    /// Dice rolled so far, scripted or not: a step that rolls cannot be undone.
    rolled: u64,
}

/// How dice are saved: the seed and how far into its stream play has gone (64-bit numbers only,
/// so every save format can hold them).
#[derive(Clone, Serialize, Deserialize)]
struct DiceState {
    seed: u64,
    /// 32-bit words drawn from the generator.
    drawn: u64,
    scripted: VecDeque<u32>,
    rolled: u64,
}

impl From<Dice> for DiceState {
    fn from(d: Dice) -> Self {
        Self {
            seed: d.seed,
            drawn: u64::try_from(d.rng.get_word_pos()).expect("fewer than 2^64 draws"),
            scripted: d.scripted,
            rolled: d.rolled,
        }
    }
}

impl From<DiceState> for Dice {
    fn from(s: DiceState) -> Self {
        let mut rng = ChaCha8Rng::seed_from_u64(s.seed);
        rng.set_word_pos(u128::from(s.drawn));
        Self {
            seed: s.seed,
            rng,
            scripted: s.scripted,
            rolled: s.rolled,
        }
    }
}

impl Dice {
    pub fn seeded(seed: u64) -> Self {
        Self {
            seed,
            rng: ChaCha8Rng::seed_from_u64(seed),
            scripted: VecDeque::new(),
            rolled: 0,
        }
    }

    /// How many dice have been rolled since the encounter began.
    pub fn rolled(&self) -> u64 {
        self.rolled
    }

    pub fn script(&mut self, faces: impl IntoIterator<Item = u32>) {
        self.scripted.extend(faces);
    }

    pub fn scripted_left(&self) -> usize {
        self.scripted.len()
    }

    /// The next face of the next scripted die, if its value fits a die of `sides`.
    pub fn peek_scripted(&self) -> Option<u32> {
        self.scripted.front().copied()
    }

    /// Roll one die with `sides` faces, 1..=sides. A d10's 0 face reads as 10 (seed 002 L645).
    /// A scripted face larger than the die is a scenario error caught before play, so here it
    /// is clamped into range rather than trusted.
    pub fn roll(&mut self, sides: u32) -> u32 {
        self.rolled += 1;
        if let Some(face) = self.scripted.pop_front() {
            return face.clamp(1, sides);
        }
        // Rejection sampling keeps every face exactly equally likely.
        let zone = u32::MAX - (u32::MAX % sides);
        loop {
            let v = self.rng.next_u32();
            if v < zone {
                return v % sides + 1;
            }
        }
    }

    pub fn d10(&mut self) -> u32 {
        self.roll(10)
    }

    pub fn d6(&mut self) -> u32 {
        self.roll(6)
    }

    /// A d3 is a d6 read as 1-2 → 1, 3-4 → 2, 5-6 → 3 (seed 002 L647).
    pub fn d3(&mut self) -> u32 {
        self.d6().div_ceil(2)
    }

    /// Leave this stream for one of its own, as a what-if branch does: the new seed mixes the
    /// old one, how far it was drawn and `stream`, and the scripted faces still queued are
    /// dropped with the old stream. The copy of the game the branch was taken from keeps its
    /// dice untouched, so nothing rolled in the branch foretells a roll of the real game.
    pub fn branch(&mut self, stream: u64) {
        let drawn = u64::try_from(self.rng.get_word_pos()).expect("fewer than 2^64 draws");
        self.seed = mix(self.seed ^ mix(stream ^ drawn.rotate_left(32)));
        self.rng = ChaCha8Rng::seed_from_u64(self.seed);
        self.scripted.clear();
    }
}

/// SplitMix64's finaliser: every input bit moves every output bit, so nearby streams and seeds
/// give unrelated generators.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_rolls() {
        let mut a = Dice::seeded(42);
        let mut b = Dice::seeded(42);
        let ra: Vec<u32> = (0..50).map(|_| a.d10()).collect();
        let rb: Vec<u32> = (0..50).map(|_| b.d10()).collect();
        assert_eq!(ra, rb);
        assert!(ra.iter().all(|&r| (1..=10).contains(&r)));
    }

    #[test]
    fn scripted_dice_come_first() {
        let mut d = Dice::seeded(1);
        d.script([10, 1, 6]);
        assert_eq!((d.d10(), d.d10(), d.d3()), (10, 1, 3));
        assert_eq!(d.scripted_left(), 0);
    }

    #[test]
    fn d3_reads_pairs_of_d6_faces() {
        let mut d = Dice::seeded(1);
        d.script([1, 2, 3, 4, 5, 6]);
        let r: Vec<u32> = (0..6).map(|_| d.d3()).collect();
        assert_eq!(r, vec![1, 1, 2, 2, 3, 3]);
    }

    #[test]
    fn a_saved_generator_goes_on_where_it_stopped() {
        let mut d = Dice::seeded(9);
        d.script([4]);
        let _ = (d.d10(), d.d10(), d.d6());
        let saved = serde_json::to_string(&d).unwrap();
        let mut back: Dice = serde_json::from_str(&saved).unwrap();
        let next: Vec<u32> = (0..20).map(|_| d.d10()).collect();
        let again: Vec<u32> = (0..20).map(|_| back.d10()).collect();
        assert_eq!(next, again);
        assert_eq!(back.rolled(), 23);
    }

    #[test]
    fn a_branch_rolls_its_own_dice_and_leaves_the_real_ones_alone() {
        let mut real = Dice::seeded(5);
        let _ = real.d10();
        let mut branch = real.clone();
        branch.script([10]);
        branch.branch(1);
        assert_eq!(
            branch.scripted_left(),
            0,
            "the scripted face went with the old stream"
        );
        let branch_rolls: Vec<u32> = (0..12).map(|_| branch.d10()).collect();
        let real_rolls: Vec<u32> = (0..12).map(|_| real.d10()).collect();
        assert_ne!(branch_rolls, real_rolls);
        // Another stream from the same place is another branch.
        let mut other = Dice::seeded(5);
        let _ = other.d10();
        other.branch(2);
        let other_rolls: Vec<u32> = (0..12).map(|_| other.d10()).collect();
        assert_ne!(other_rolls, branch_rolls);
    }

    #[test]
    fn every_d10_face_appears() {
        let mut d = Dice::seeded(7);
        let mut seen = [0u32; 10];
        for _ in 0..2000 {
            seen[(d.d10() - 1) as usize] += 1;
        }
        assert!(seen.iter().all(|&n| n > 100), "{seen:?}");
    }
}
