//! The movement chapter's rules: positions, moving, terrain, sight, opportunity attacks and
//! mounts (digest A2, A3, A6, A8, A10, A12).

steelgrid_kernel::rules! {
    // Positions and placing (A2).
    LEGAL_POSITION = "ddm.move.legal_position", "seed 000 L51-56, L180, L202",
        "A legal position is one where nothing stops a creature ending its move: no other creature, wall, blocking terrain or pit.";
    PLACED_BACK = "ddm.move.placed_back", "seed 000 L145-148",
        "A creature that ends its move in an illegal position is placed, not moved, at the last legal position it held, so nothing triggers.";
    PLACE = "ddm.move.place", "seed 000 L250-254, L473",
        "Whatever places a creature must put it in a legal position.";
    ONE_SQUARE = "ddm.move.one_square", "seed 000 L58-61",
        "A creature that can move may always move 1 square whatever it costs (the rulebook's rule), but never through walls, blocking terrain or terrain it may not enter.";
    DISTANCE = "ddm.move.distance", "seed 000 L135-137, L459",
        "Distance counts squares: the square beside a creature is 1 away, a diagonal counts 1 (AMB-1), and between spaces from a square to the same place in the other.";
    SPEED = "ddm.move.speed", "not in seed",
        "A move costs no more squares than the creature's speed.";
    DIFFICULT = "ddm.move.difficult", "not in seed",
        "A step into terrain that reduces movement costs 1 square more.";
    CORNER = "ddm.move.corner", "not in seed",
        "No diagonal step past the corner of a wall or blocking terrain.";
    THROUGH = "ddm.move.through", "not in seed",
        "A moving creature may pass through allies but not through enemies.";
    BIG_CREATURE = "ddm.move.big_creature", "seed 000 L79-88",
        "A big creature pays a terrain's extra cost only when one of its squares newly enters that terrain.";
    BURROW_PHASE = "ddm.move.burrow_phase", "seed 000 L63-71, L541",
        "Burrowing or phasing ignores all terrain, walls included, except pits, which it may not enter.";
    MOVES_NORMALLY = "ddm.move.moves_normally", "seed 000 L467",
        "Moving normally through a terrain removes its extra cost and the damage for moving through it; its other effects remain.";
    SHIFT = "ddm.move.shift", "seed 000 L73-77, L525",
        "A shift is a move action to one adjacent Clear square and provokes no opportunity attack; into slowing terrain only for a creature that shifts farther or ignores difficult terrain (AMB-11).";
    SQUEEZE = "ddm.move.squeeze", "seed 000 L485-491",
        "Only a huge creature squeezes: as a 2x2 creature at half speed, provoking when it starts, granting combat advantage and taking -5 to attacks, then it must fit at full size.";
    TELEPORT = "ddm.move.teleport", "seed 000 L503",
        "A teleport goes to a legal position in range and in line of sight, ignoring what lies between; it needs no line of effect, works while immobilized and provokes nothing.";
    TELEPORTER = "ddm.move.teleporter", "seed 000 L192-196, L547",
        "A creature that enters or starts its turn on a teleporter may, as an immediate action, move to another unoccupied teleporter and go on with its turn.";
    CHARGE = "ddm.move.charge", "seed 000 L114-118, L463",
        "A charge ends in the unoccupied square beside the enemy nearest the start, at least 2 squares from it; if none of the nearest can be entered the charge is blocked.";
    // Terrain (A10).
    BLOCKING = "ddm.move.blocking", "seed 000 L198-202, L549",
        "Walls and blocking terrain are no legal position; blocking terrain counts as a wall for abilities.";
    PIT = "ddm.move.pit", "seed 000 L178-180, L541",
        "A pit is no legal position: no creature ends its move or turn there of its own accord, and nothing moves into it but forced movement.";
    PIT_FALL = "ddm.move.pit_fall", "seed 000 L182-184, L541-543",
        "After the attack that moved a creature into a pit, the mover makes a follow-up at the same bonus against the same defense: a hit dazes; either way the creature is placed in the nearest legal position.";
    SMOKE = "ddm.move.smoke", "seed 000 L186-190",
        "Smoke blocks line of sight, not movement or line of effect, and gives no cover; a creature wholly inside is invisible to creatures not adjacent and cannot see them.";
    FOREST = "ddm.move.forest", "seed 000 L533-535",
        "Forest, and market stalls, give cover against ranged attacks only; effects naming forest skip market stalls.";
    DANGEROUS = "ddm.move.dangerous", "seed 000 L527-531",
        "Dangerous terrain is difficult; a creature on it deals +5 melee damage, and one still on it at the end of its turn takes 10 damage on a d20 of 1-5.";
    SPIKE_STONES = "ddm.move.spike_stones", "seed 000 L539",
        "Spike stones are difficult terrain; a creature they slow takes 5 damage.";
    BLOODROCK = "ddm.move.bloodrock", "seed 000 L523",
        "A creature on bloodrock scores a critical hit with melee attacks on a natural 19 or 20.";
    SLIPPERY = "ddm.move.slippery", "seed 000 L537",
        "A melee attacker that damages a creature on slippery terrain may push it 1 square after the damage; it is a push for the pit rule.";
    SECRET_DOOR = "ddm.move.secret_door", "seed 000 L545",
        "A secret door can be passed; empty it blocks line of sight and line of effect, occupied it is Clear.";
    SEWAGE = "ddm.move.sewage", "seed 000 L519",
        "Living creatures in the Ratfang sewage take -2 to attacks unless they have Stench.";
    SEE_THROUGH = "ddm.move.see_through", "not in seed",
        "A see-through barrier (DND-64's glass) blocks movement and line of effect but not line of sight.";
    PUSH = "ddm.move.push", "seed 000 L475-477",
        "Every square of a push takes the creature farther from the pusher, every square of a pull nearer; fewer squares may be moved.";
    // Sight, flanking and combat advantage (A6).
    ADJACENT = "ddm.move.adjacent", "seed 000 L206-210",
        "A creature counts as adjacent to its own square, so a rider and its mount are adjacent.";
    FLANKING = "ddm.move.flanking", "seed 000 L131-133, L212-216",
        "Two allies adjacent to an enemy across it (the line between their centres crossing opposite sides, not in seed) gain combat advantage against it.";
    COMBAT_ADVANTAGE = "ddm.move.combat_advantage", "seed 000 L124-129",
        "Combat advantage (+2 to attack, not in seed) comes from flanking, from being invisible to a target in line of sight, and against a squeezing creature.";
    INVISIBLE = "ddm.move.invisible", "seed 000 L234-238",
        "An invisible creature has concealment 11 against attackers that cannot see it: after a hit, a d20 under 11 makes it a miss (not in seed).";
    HIDE = "ddm.move.hide", "seed 000 L218-226, L451",
        "A creature with Hide is invisible to a non-adjacent enemy when it has cover against that enemy's ranged attacks, creatures aside, from the enemy's best corner.";
    BLINDSIGHT = "ddm.move.blindsight", "seed 000 L417, L505",
        "Blindsight within its range, unlimited if none is given, sees invisible creatures and ignores concealment and smoke, not through terrain blocking both sight and effect; tremorsense does the same against creatures that are not flying.";
    // Opportunity attacks (A8).
    OA_LEAVE = "ddm.move.oa.leave", "not in seed",
        "Leaving a square adjacent to an enemy provokes its opportunity attack, once a move.";
    OA_RANGED_AREA = "ddm.move.oa.ranged_area", "seed 000 L139-143, L309-311",
        "Ranged and area attacks provoke before targets are chosen; if the opportunity attack destroys or disables the attacker, the attack ends.";
    OA_POWER_SPENT = "ddm.move.oa.power_spent", "seed 000 L303-305",
        "A charge or a check-box power is marked used before its opportunity attacks, so it stays spent if they stop it.";
    OA_NONE = "ddm.move.oa.none", "seed 000 L77, L413, L503",
        "Shifting, teleporting and a forced dismount provoke no opportunity attacks.";
    OA_UNABLE = "ddm.move.oa.unable", "seed 000 L166-170, L440-441, L447",
        "A confused or dominated creature makes no opportunity attacks.";
    // Mounts (A12).
    MOUNT = "ddm.move.mount", "seed 000 L389-393, L403",
        "A suitable rider adjacent to its mount mounts with a move action, which provokes; mounted, the two share the mount's space and give each other no cover.";
    MOUNTED_OA = "ddm.move.mounted_oa", "seed 000 L391",
        "An opportunity attack provoked by a mounted pair's move hits the mount or the rider, both only for a creature with two or more a round.";
    RIDING = "ddm.move.riding", "seed 000 L397, L405",
        "A rider has speed 0 and moves with its mount; a voluntary dismount is a move action shifting it to an adjacent square, with no more movement that turn.";
    FORCED_DISMOUNT = "ddm.move.forced_dismount", "seed 000 L407-413",
        "A rider pushed, pulled or slid is dismounted; it counts as standing in the mount's space, the mount stays, and no opportunity attack is provoked.";
    MOUNT_REMOVED = "ddm.move.mount_removed", "seed 000 L399",
        "When the mount is removed the rider is placed in a legal square of its space, or else in the nearest legal position.";
}
