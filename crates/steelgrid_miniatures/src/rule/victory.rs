//! The rules of victory: victory areas, victory points and the end of the skirmish (digest A13
//! R7; seed 000 L283, L483, with the values the seed leaves to the rulebook marked "not in
//! seed").

steelgrid_kernel::rules! {
    AREAS = "ddm.victory.areas", "seed 000 L283",
        "R7a: at the end of the round each victory area scores its points for the player with a creature in it, if the other has none there (the scoring itself is not in seed).";
    DESTROYED = "ddm.victory.destroyed", "not in seed",
        "Destroying an enemy creature scores its cost in victory points for the other player; a creature destroyed while confused counts for its own warband (seed 000 L172).";
    CHECK = "ddm.victory.check", "seed 000 L283",
        "R7c: a player whose victory points reach the scenario's goal wins; if both do, the higher total wins (the goal is not in seed).";
    ELIMINATED = "ddm.victory.eliminated", "not in seed",
        "A player with no creature left on the board loses at once.";
    ROUND_LIMIT = "ddm.victory.round_limit", "not in seed",
        "After the scenario's last round the higher victory total wins; equal totals are a draw.";
    DURATIONS = "ddm.victory.durations", "seed 000 L283",
        "R7d: effects that last until the end of the round end, champion powers' bonuses among them.";
}
