//! The d20 ruleset's rules: every logged fact and every refusal names one, with its seed 001
//! lines. Values the seed does not give are marked "not in seed" in their words.

steelgrid_kernel::rules! {
    // Hit points and injury (seed 001 L3-43).
    DAMAGE = "d20.hp.damage", "seed 001 L9-11",
        "Damage takes hit points away; it hinders nothing until they reach 0 or less.";
    TEMPORARY_HP = "d20.hp.temporary", "seed 001 L54-58",
        "Temporary hit points are lost first; once lost they never come back.";
    NONLETHAL = "d20.hp.nonlethal", "seed 001 L60-69",
        "Nonlethal damage is a separate total: equal to current hit points staggers, above them knocks out, past maximum hit points it is lethal.";
    DISABLED = "d20.injury.disabled", "seed 001 L16-21",
        "At exactly 0 hit points a creature is disabled: one move or one standard action a round; a standard or other strenuous action costs it 1 hit point.";
    DYING = "d20.injury.dying", "seed 001 L12, L23-27",
        "From -1 hit points down to above minus its Constitution a creature is dying: unconscious, no actions.";
    DEAD = "d20.injury.dead", "seed 001 L13, L29-31",
        "At minus its Constitution score (the 3.5 option: -10) or lower a creature is dead.";
    MASSIVE_DAMAGE = "d20.injury.massive", "seed 001 L14",
        "Optional: one attack dealing half the total hit points (at least 50) or more calls for a DC 15 Fortitude save or death.";
    STABILISE = "d20.injury.stabilise", "seed 001 L36-37",
        "A dying creature rolls Constitution against DC 10, minus its negative hit points, each turn after the one it fell; a natural 20 succeeds; failure costs 1 hit point; bleeding makes it fail.";
    HEAL_CHECK = "d20.injury.heal_check", "seed 001 L38",
        "A DC 15 Heal check makes a dying creature stable.";
    HEALED = "d20.injury.healed", "seed 001 L20, L39-40, L47, L51",
        "Healing never passes maximum hit points; any healing stabilises a dying creature; at 1 or more it is as if it had never fallen.";
    RECOVERY = "d20.injury.recovery", "seed 001 L41-43",
        "A stable creature checks Constitution against DC 10 minus its negative hit points each hour to wake; alone, each failure costs 1 hit point.";
    // Movement (seed 001 L72-136).
    SPEED = "d20.move.speed", "seed 001 L78-90",
        "A move action moves up to the creature's speed; a double move twice it; a run four times it (three in heavy armour); a full-round action allows only a 5-foot step.";
    DIAGONAL = "d20.move.diagonal", "seed 001 L94-95",
        "Diagonals count 1, then 2, then 1, then 2 squares, along the path and for range.";
    CORNER = "d20.move.corner", "seed 001 L96-97",
        "No diagonal past the corner of a wall; past creatures and pits it is allowed.";
    THROUGH = "d20.move.through", "seed 001 L100-111",
        "Through allies freely (not while charging), through an enemy only if it is helpless or three sizes apart; a move never ends in another creature's square.";
    DIFFICULT = "d20.move.difficult", "seed 001 L115-118",
        "A square of difficult terrain costs 2, a diagonal into one 3; no run or charge through it; a creature moves at the worst terrain it occupies.";
    OBSTACLE = "d20.move.obstacle", "seed 001 L119-121",
        "A hampering obstacle costs 2 squares on top of the square beyond it; a blocking obstacle cannot be crossed.";
    SQUEEZE = "d20.move.squeeze", "seed 001 L122-125",
        "Into a space at least half as wide: 2 per square, -4 to attack and to AC; narrower needs Escape Artist.";
    DOUBLED = "d20.move.doubled", "seed 001 L131-132",
        "Costs doubled twice make 4 a square (6 diagonally), three times 8 (12).";
    MINIMUM_MOVE = "d20.move.minimum", "seed 001 L133",
        "Whatever the penalties, a full-round action moves 1 square; it provokes as any move.";
    FIVE_FOOT_STEP = "d20.move.five_foot_step", "seed 001 L89",
        "A creature that moves no other way this round may take one 5-foot step.";
    CLOSEST = "d20.move.closest", "seed 001 L98",
        "Where squares or creatures tie for closest, a die picks one.";
    SIZE = "d20.size", "seed 001 L138-162",
        "Space and natural reach by size; a reach weapon threatens at twice natural reach but not adjacent.";
    // Attacks (seed 001 L164-251).
    ATTACK_ROLL = "d20.attack.roll", "seed 001 L164-199",
        "d20 plus the attack bonus and the modifiers against Armour Class; a natural 20 hits and a natural 1 misses (not in seed).";
    CRITICAL = "d20.attack.critical", "seed 001 L249",
        "A roll in the weapon's threat range threatens a critical; a second roll that hits confirms it and multiplies the damage (not in seed but for coup de grace).";
    ATTACK_MODIFIERS = "d20.attack.modifiers", "seed 001 L166-178",
        "The attacker's state changes the roll: flanking +2, higher ground +1, invisible +2, prone -4, squeezing -4, shaken -2.";
    AC_MODIFIERS = "d20.ac.modifiers", "seed 001 L180-197",
        "The defender's state changes its AC: cover +4, prone -4 melee and +4 ranged, helpless -4 melee, squeezing -4, stunned -2.";
    COVER = "d20.cover", "seed 001 L201-213",
        "A line from the attacker's best corner to a corner of the target through a wall, a creature or a low obstacle gives +4 AC; total cover, no attack.";
    CONCEALMENT = "d20.concealment", "seed 001 L220-230",
        "Concealment: a hit still misses 20% of the time; total concealment 50% and the square must be guessed; they do not stack.";
    FLANKING = "d20.flanking", "seed 001 L232-242",
        "+2 on melee when an ally threatening the target stands so that the line between centres crosses opposite borders of its space.";
    SNEAK_ATTACK = "d20.sneak_attack", "seed 001 L250",
        "A rogue's sneak attack dice join a blow when it flanks or its foe is denied Dexterity; the seed names them only for the coup de grace, the rest is not in seed.";
    REFLEX_SAVE = "d20.save.reflex", "seed 001 L207",
        "A Reflex save against an area halves its damage; cover between the area's origin and the creature adds +2 to the save.";
    HELPLESS = "d20.helpless", "seed 001 L244-247",
        "A helpless defender's Dexterity counts as 0 (-5 AC), and melee gets a further +4 against it.";
    COUP_DE_GRACE = "d20.coup_de_grace", "seed 001 L248-251",
        "A full-round action against a helpless foe: an automatic critical hit, then a Fortitude save DC 10 + damage or death; it provokes.";
    OPPORTUNITY = "d20.opportunity", "seed 001 L105-110, L158-161, L206, L228, L250",
        "Leaving a threatened square, passing through a square, entering reach or a coup de grace provokes an attack of opportunity; none into cover or total concealment.";
    // Turns (not in seed).
    INITIATIVE = "d20.turn.initiative", "not in seed",
        "Not in seed: each creature rolls d20 + Dexterity modifier once per combat; highest acts first.";
    ACTIONS = "d20.turn.actions", "seed 001 L87-89",
        "A turn is a move action and a standard action, or one full-round action, with free actions besides; the standard action may be spent as a second move.";
}

#[cfg(test)]
mod tests {
    #[test]
    fn rule_ids_are_unique_and_each_names_seed_001_or_says_it_is_not_in_it() {
        let mut ids: Vec<_> = super::ALL.iter().map(|r| r.id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), super::ALL.len());
        for r in super::ALL {
            assert!(
                r.seed.starts_with("seed 001 L") || r.seed == "not in seed",
                "{}: {}",
                r.id,
                r.seed
            );
        }
    }
}
