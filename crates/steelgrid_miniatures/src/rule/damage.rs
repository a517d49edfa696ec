steelgrid_kernel::rules! {
    // Hit points (digest A4).
    BLOODIED = "ddm.damage.bloodied", "seed 000 L32-40, L90-93",
        "A creature is bloodied for as long as its hit points are at or below half its starting hit points; healed above half, it is no longer bloodied.";
    DESTROYED = "ddm.damage.destroyed", "not in seed",
        "Not in seed: a creature brought to 0 hit points is destroyed; hit points never go below 0.";
    HEALED = "ddm.damage.healed", "not in seed",
        "Not in seed: healing gives back hit points up to the starting total; a destroyed creature is not healed.";
    // The damage sequence (digest A15).
    DETERMINE = "ddm.damage.determine", "seed 000 L363",
        "D1: the damage is settled, with its type picked where the card leaves a choice.";
    CRITICAL = "ddm.damage.critical", "seed 000 L363",
        "D1: a critical hit doubles all the listed damage except ongoing damage.";
    EXTRA = "ddm.damage.extra", "seed 000 L293, L365, L383",
        "D2: extra damage from champion powers, abilities and special powers joins only damage from a successful attack (an [M] attack that deals damage without a roll counts); never miss or ongoing damage, and a critical does not double it.";
    IMMUNE = "ddm.damage.immune", "not in seed",
        "Not in seed: D3: a creature immune to a damage type takes none of that type.";
    RESIST = "ddm.damage.resist", "seed 000 L367",
        "D3: a resistance takes its value off the damage of its type.";
    RESIST_ALL = "ddm.damage.resist_all", "seed 000 L481",
        "D3: Resist X All takes X off the total; for vulnerability every type still counts as it was, unless no damage at all is left.";
    HALVING = "ddm.damage.halving", "seed 000 L367, L457, L511",
        "D3: halving effects apply one after another; Insubstantial halves only damage from attacks; Weakened is Enervated. Whether halving or resistance comes first is an option.";
    VULNERABLE = "ddm.damage.vulnerable", "seed 000 L369, L481",
        "D4: a vulnerability adds its value only when damage of its type is still left after D3.";
    APPLY = "ddm.damage.apply", "seed 000 L371",
        "D5: what is left comes off the hit points.";
    WHEN_DAMAGED = "ddm.damage.when_damaged", "seed 000 L373",
        "D6: effects that trigger when the creature is damaged.";
    WHEN_BLOODIED = "ddm.damage.when_bloodied", "seed 000 L375",
        "D7: effects that trigger when the creature becomes bloodied.";
    WHEN_DESTROYED = "ddm.damage.when_destroyed", "seed 000 L377",
        "D8: effects that trigger when the creature is destroyed.";
    REMOVED = "ddm.damage.removed", "seed 000 L379",
        "D9: destroyed creatures are taken off the map.";
    // Ongoing damage and saves.
    ONGOING = "ddm.damage.ongoing", "seed 000 L244, L293",
        "At the start of its turn each ongoing damage runs the damage sequence on its own, without D2, in the order its controller picks; all ongoing damage is save ends.";
    SAVE = "ddm.damage.save", "not in seed",
        "Not in seed: at the end of its turn a creature rolls a d20 for each save-ends effect on it; 10 or more ends that effect.";
    // Conditions (digest A9).
    DAZED = "ddm.condition.dazed", "seed 000 L184, L495, L499",
        "Dazed: the lowest of the dazed-staggered-stunned-helpless ladder (its own text is not in seed).";
    STAGGERED = "ddm.condition.staggered", "seed 000 L150-153, L493",
        "Staggered: its only attack action is a basic attack, or a move action instead; no special powers, nothing that replaces its turn.";
    STUNNED = "ddm.condition.stunned", "seed 000 L495-497",
        "Stunned: as dazed, but no actions of any kind; only abilities needing no action, never special or champion powers.";
    HELPLESS = "ddm.condition.helpless", "seed 000 L499-501",
        "Helpless: the top of the ladder (its own text is not in seed).";
    CONFUSED = "ddm.condition.confused", "seed 000 L155-172, L431-445",
        "Confused: a d20 at the start of its turn picks who controls it or whether it acts; basic attacks only, no opportunity attacks, no special powers.";
    DOMINATED = "ddm.condition.dominated", "seed 000 L447",
        "Dominated: the opponent controls it when it activates; basic attacks only; no special powers, immediate actions or opportunity attacks.";
    ENERVATED = "ddm.condition.enervated", "seed 000 L367, L511",
        "Enervated (and Weakened, the same): the damage of its attacks is halved in D3.";
    IMMOBILIZED = "ddm.condition.immobilized", "seed 000 L503",
        "Immobilized: it can still teleport (its own text is not in seed).";
    SLOWED = "ddm.condition.slowed", "seed 000 L397",
        "Slowed: a mount ignores its rider's slowed (its own text is not in seed).";
    HIERARCHY = "ddm.condition.hierarchy", "seed 000 L499-501",
        "Dazed, staggered, stunned and helpless do not stack: only the worst held applies; a lesser save-ends one stays and is still saved against.";
    CONDITION_IMMUNE = "ddm.condition.immune", "seed 000 L453",
        "Immunity to a condition is immunity to every lower one on the ladder too (immune to stunned: not dazed, yet helpless).";
    EXPIRES = "ddm.condition.expires", "seed 000 L501",
        "A condition that is not save ends is over at the end of the creature's next turn (the seed shows it for helpless; the general rule is not in seed).";
}
