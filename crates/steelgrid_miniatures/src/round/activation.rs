//! R6's activations in blocks (digest A13 R6; seed 000 L279-281): the first player activates
//! one creature, then the players take turns activating two, until every creature has had
//! its turn.

use serde::{Deserialize, Serialize};

use super::Player;

/// Some of one player's creatures activated one after another, each taking a full turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Block {
    pub player: Player,
    /// How many of its creatures activate in this block.
    pub creatures: u32,
}

/// AMB-16: seed 000 does not say what happens once one player has no creature left to
/// activate.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum RunOut {
    /// The digest's reading (as in Draw Steel): the other player activates all its remaining
    /// creatures in order, as one block.
    #[default]
    RestInOrder,
    /// The other player keeps to blocks of two, the empty side passing between them.
    TwoAtATime,
}

/// The block after `previous` (the round's first block when `None`), given the creatures each
/// player still has to activate this round, `[One, Two]`; `None` once nobody has any.
/// Creatures destroyed before their activation simply leave `left`.
pub fn next_block(
    first: Player,
    previous: Option<Block>,
    left: [u32; 2],
    run_out: RunOut,
) -> Option<Block> {
    let (player, size) = match previous {
        None => (first, 1),
        Some(block) => (block.player.other(), 2),
    };
    let (own, theirs) = (left[player.index()], left[player.other().index()]);
    if own == 0 {
        return rest_of(player.other(), theirs, run_out);
    }
    let creatures = match run_out {
        RunOut::RestInOrder if theirs == 0 => own,
        _ => own.min(size),
    };
    Some(Block { player, creatures })
}

/// The block of the only player with creatures left when its opponent, whose block it would
/// be, has none (not in seed, [`RunOut`]).
fn rest_of(player: Player, rest: u32, run_out: RunOut) -> Option<Block> {
    let creatures = match run_out {
        RunOut::RestInOrder => rest,
        RunOut::TwoAtATime => rest.min(2),
    };
    (creatures > 0).then_some(Block { player, creatures })
}

/// The blocks of a whole round in which every creature activates and none is lost on the way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Blocks {
    first: Player,
    previous: Option<Block>,
    left: [u32; 2],
    run_out: RunOut,
}

impl Blocks {
    /// A round whose first player is `first`, with `creatures` to activate, `[One, Two]`.
    pub fn new(first: Player, creatures: [u32; 2], run_out: RunOut) -> Self {
        Blocks {
            first,
            previous: None,
            left: creatures,
            run_out,
        }
    }
}

impl Iterator for Blocks {
    type Item = Block;

    fn next(&mut self) -> Option<Block> {
        let block = next_block(self.first, self.previous, self.left, self.run_out)?;
        self.left[block.player.index()] -= block.creatures;
        self.previous = Some(block);
        Some(block)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn blocks(first: Player, creatures: [u32; 2], run_out: RunOut) -> Vec<(Player, u32)> {
        Blocks::new(first, creatures, run_out)
            .map(|b| (b.player, b.creatures))
            .collect()
    }

    use Player::{One as P1, Two as P2};

    #[test]
    fn dnd_55_p1_first_five_each_goes_1_2_2_2_2_1() {
        assert_eq!(
            blocks(P1, [5, 5], RunOut::RestInOrder),
            [(P1, 1), (P2, 2), (P1, 2), (P2, 2), (P1, 2), (P2, 1)]
        );
    }

    #[test]
    fn activations_the_second_player_first_mirrors_dnd_55() {
        assert_eq!(
            blocks(P2, [5, 5], RunOut::RestInOrder),
            [(P2, 1), (P1, 2), (P2, 2), (P1, 2), (P2, 2), (P1, 1)]
        );
    }

    #[test]
    fn amb_16_a_side_running_out_leaves_the_other_the_rest_in_one_block() {
        assert_eq!(
            blocks(P1, [6, 2], RunOut::RestInOrder),
            [(P1, 1), (P2, 2), (P1, 5)]
        );
    }

    #[test]
    fn amb_16_two_at_a_time_reading_keeps_blocks_of_two() {
        assert_eq!(
            blocks(P1, [6, 2], RunOut::TwoAtATime),
            [(P1, 1), (P2, 2), (P1, 2), (P1, 2), (P1, 1)]
        );
    }

    #[test]
    fn activations_a_last_single_creature_activates_alone() {
        assert_eq!(
            blocks(P2, [4, 2], RunOut::RestInOrder),
            [(P2, 1), (P1, 2), (P2, 1), (P1, 2)]
        );
    }

    #[test]
    fn amb_16_a_side_with_no_creatures_at_all_leaves_the_round_to_the_other() {
        assert_eq!(blocks(P1, [0, 3], RunOut::RestInOrder), [(P2, 3)]);
        assert_eq!(blocks(P1, [3, 0], RunOut::RestInOrder), [(P1, 3)]);
        assert_eq!(blocks(P1, [0, 3], RunOut::TwoAtATime), [(P2, 2), (P2, 1)]);
        assert_eq!(blocks(P1, [0, 0], RunOut::RestInOrder), []);
    }

    #[test]
    fn activations_next_block_follows_creatures_destroyed_mid_round() {
        // P1×1 and P2×2 done; P1 lost three of its four waiting creatures meanwhile.
        let previous = Some(Block {
            player: P2,
            creatures: 2,
        });
        assert_eq!(
            next_block(P1, previous, [1, 3], RunOut::RestInOrder),
            Some(Block {
                player: P1,
                creatures: 1
            })
        );
        // P1's last creature activated; P2 now has the rest of the round.
        let previous = Some(Block {
            player: P1,
            creatures: 1,
        });
        assert_eq!(
            next_block(P1, previous, [0, 3], RunOut::RestInOrder),
            Some(Block {
                player: P2,
                creatures: 3
            })
        );
        assert_eq!(next_block(P1, previous, [0, 0], RunOut::RestInOrder), None);
    }
}
