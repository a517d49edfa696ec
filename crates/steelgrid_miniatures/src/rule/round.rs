//! The rules of battle set-up, the round, activations and the turn's actions (digest A1, A11,
//! A13, A14; seed 000 L42-49, L232, L256-383, L461-465).

steelgrid_kernel::rules! {
    // Battle set-up (seed 000 L42-49, repeated on the back cover at L256-263).
    SETUP_REVEAL = "ddm.setup.reveal", "seed 000 L46, L260",
        "Both players show their warbands and the battle map each would like to play on.";
    SETUP_POINTS = "ddm.setup.points", "not in seed",
        "A warband's point total may not pass the limit the players agreed for the battle.";
    SETUP_ROLL = "ddm.setup.roll", "seed 000 L47, L261",
        "Each player rolls a d20; the one whose champion rating is highest may roll twice and keeps the better die.";
    SETUP_TIE = "ddm.setup.tie", "not in seed",
        "Equal best results in a roll-off are rolled again; equal champion ratings give neither player the second die.";
    SETUP_MAP = "ddm.setup.map", "seed 000 L47, L261",
        "The best roll picks the battle map or hands that pick to the other player.";
    SETUP_DEPLOY = "ddm.setup.deploy", "seed 000 L48-49, L262-263",
        "The player who did not pick the map picks a start area and deploys first; the other deploys second.";
    // The round (seed 000 L265-283).
    ROUND_START = "ddm.round.start", "seed 000 L267",
        "R0: a new round begins and the round counter moves on.";
    CHAMPION_ONCE = "ddm.round.champion_once", "seed 000 L267",
        "From R0 to R5 each champion uses at most one champion power.";
    BEGINNING = "ddm.round.beginning", "seed 000 L269",
        "R1: beginning-of-round powers; the champion powers used here count as used together, so one that stops others is not yet working.";
    BEFORE_INITIATIVE = "ddm.round.before_initiative", "seed 000 L271",
        "R2: before-initiative powers; the highest champion rating declares last, equal ratings roll a d20 to settle it.";
    INITIATIVE = "ddm.round.initiative", "seed 000 L273",
        "R3: initiative is rolled every round and its winner says which player takes the first turn.";
    INITIATIVE_CHECK = "ddm.round.initiative_check", "not in seed",
        "The initiative check is a d20 plus the champion rating (none for a confused champion, seed 000 L443); equal totals roll again.";
    AFTER_INITIATIVE = "ddm.round.after_initiative", "seed 000 L275",
        "R4: after-initiative powers, the player moving first using them first.";
    AUTOMATIC = "ddm.round.automatic", "seed 000 L277",
        "R5: the other automatic and required effects, warband by warband in the order the players move.";
    ACTIVATIONS = "ddm.round.activations", "seed 000 L279-281",
        "R6: the first player activates one creature, then the players take turns activating two until every creature has activated.";
    RUN_OUT = "ddm.round.run_out", "not in seed",
        "When one player has no creature left to activate, the other activates all of its remaining creatures in turn.";
    END = "ddm.round.end", "seed 000 L283",
        "R7: score victory areas, then carry end-of-round effects on, then check victory, then end effects that last until the end of the round.";
    // The turn (seed 000 L285-383) and its actions (L232, L461-465).
    TURN_SEQUENCE = "ddm.turn.sequence", "seed 000 L285-383",
        "A turn runs start-of-turn effects (F1-F4), the decision (A1-A2), then for each attack targeting (T0-T3) and the attack steps (B1-B8).";
    TARGET_ORDER = "ddm.turn.target_order", "seed 000 L317-325",
        "Melee and ranged attacks pick each next target after the previous attack is resolved; close, area and area-like attacks name every target and their order before rolling.";
    WHEN_TARGETED = "ddm.turn.when_targeted", "seed 000 L329",
        "A power triggered by a creature being targeted is used at most once a turn by the same source.";
    ACTIONS = "ddm.turn.actions", "seed 000 L461",
        "In its turn a creature has one attack action, one move action and one minor action.";
    MINOR = "ddm.turn.minor", "seed 000 L461",
        "A minor action can stand for nothing else, while an attack or a move action can be spent as a minor action.";
    ATTACK_AS_MOVE = "ddm.turn.attack_as_move", "seed 000 L465",
        "The attack action can be spent as a move action, and a creature that does so has not made an attack action.";
    IMMEDIATE = "ddm.turn.immediate", "seed 000 L232",
        "A creature uses at most one immediate action in a turn.";
    FREE = "ddm.turn.free", "not in seed",
        "Free actions take nothing from the turn and have no limit (seed 000 L497 only names them).";
}
