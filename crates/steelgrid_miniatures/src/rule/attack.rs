//! The rules of an attack roll and its modifiers (digest A5, A6, A14 B1-B8; seed 000 L285-359,
//! with the values the seed leaves to the rulebook marked "not in seed").

steelgrid_kernel::rules! {
    ROLL = "ddm.attack.roll", "seed 000 L345",
        "B2: the attacker rolls a d20 and adds the attack's bonus and its modifiers; a total at or above the target's defense hits (the comparison is not in seed).";
    NATURAL = "ddm.attack.natural", "not in seed",
        "A natural 20 is a critical hit and a natural 1 always misses.";
    COMBAT_ADVANTAGE = "ddm.attack.combat_advantage", "not in seed",
        "Combat advantage adds +2 to the attack roll (seed 000 L124-133 say who has it, not how much).";
    COVER = "ddm.attack.cover", "not in seed",
        "A ranged or area attack at a target with cover takes -2 (seed 000 L533 says forest gives it).";
    COMMANDER = "ddm.attack.commander", "not in seed",
        "A commander effect adds its bonus to the attacks of allies within its range of the champion.";
    CHAMPION_POWER = "ddm.attack.champion_power", "seed 000 L275, L283",
        "A champion power's bonus to its warband's attacks lasts until the end of the round, when R7d ends it.";
    CHARGE_BONUS = "ddm.attack.charge_bonus", "not in seed",
        "A charging creature adds +1 to its attack (seed 000 L401 extends it to a rider).";
    RANGE = "ddm.attack.range", "seed 000 L313-317",
        "T1: every target must be in range, and a ranged attack needs line of sight to it; a melee attack reaches an adjacent creature.";
    NEAREST = "ddm.attack.nearest", "seed 000 L313, L471",
        "T1: a nearest attack targets only the nearest enemy in line of sight; of several equally near, the attacking player chooses.";
    LEGAL_TARGET = "ddm.attack.legal_target", "seed 000 L313-317",
        "T1: an attack targets an enemy on the board.";
    STAGGERED_BASIC = "ddm.attack.staggered", "seed 000 L150-153, L493",
        "A staggered creature's only attack action is a basic melee attack, or a move instead.";
    NO_ACTIONS = "ddm.attack.no_actions", "seed 000 L495-497",
        "A stunned or helpless creature takes no actions in its turn.";
    SPENT = "ddm.attack.spent", "seed 000 L297-299",
        "A2: a check-box power is marked used as it is chosen, before anything can stop it, and cannot be used again.";
    ABORTED = "ddm.attack.aborted", "seed 000 L303-311",
        "T0: an attacker destroyed or made unable to attack by an opportunity attack makes no attack.";
    MISS = "ddm.attack.miss", "seed 000 L357-359",
        "B8: miss damage runs the damage sequence without D2.";
    LAID = "ddm.attack.laid", "seed 000 L351-353",
        "B6: a hit's effects apply in the order the card prints them: damage, then the condition, ongoing damage and the push.";
}
