//! Every rule Draw Steel's engine can name: a stable id (part of the JSON interface), the seed
//! lines it comes from, and the rule in plain words for the explainer. Refusals and logged
//! events each carry one.

pub use steelgrid_kernel::rule::Rule;

steelgrid_kernel::rules! {
    ENCOUNTER_START = "encounter.start", "seed 002 L2488-2494",
        "Combat begins: the map, the creatures and the dice are set out.";
    SURPRISE = "turn.surprise", "seed 002 L2496-2500",
        "Creatures caught unaware are surprised: they can't take triggered actions or free strikes, and strikes against them gain an edge.";
    SURPRISE_EDGE = "turn.surprise.edge", "seed 002 L2498-2500",
        "Ability rolls against a surprised creature gain an edge.";
    SURPRISE_END = "turn.surprise.end", "seed 002 L2498",
        "Surprise wears off at the end of the first round.";
    FIRST_SIDE_SURPRISE = "turn.first_side.surprise", "seed 002 L2502",
        "If every creature on one side is surprised, the other side acts first.";
    FIRST_SIDE_ROLL = "turn.first_side.roll", "seed 002 L2502-2504",
        "A d10 decides who goes first: on 6 or more the heroes' players choose, otherwise the Director does.";
    FIRST_SIDE_CHOICE = "turn.first_side.choice", "seed 002 L2504",
        "The side that won the roll says which side takes the first turn; that side starts every round.";
    ROUND_START = "turn.round.start", "seed 002 L2488-2490",
        "A new round begins; every creature may take one turn in it.";
    ROUND_END = "turn.round.end", "seed 002 L2534-2536",
        "When every creature has acted, the round ends.";
    TURN_ORDER = "turn.order", "seed 002 L2506-2512",
        "Sides take turns picking one of their creatures to act; when one side runs out, the other's creatures act back to back.";
    TURN_GROUP = "turn.order.group", "seed 002 L2530-2532",
        "The Director's creatures in one group act one after another before the heroes pick again.";
    TURN_START = "turn.start", "seed 002 L2538",
        "A creature's turn begins: it gets a main action, a maneuver and a move action.";
    TURN_END = "turn.end", "seed 002 L2538-2542",
        "The creature's turn is over; what it did not use is lost.";
    ACTION_ECONOMY = "turn.action_economy", "seed 002 L2538-2542",
        "On its turn a creature has one main action, one maneuver and one move action.";
    MAIN_TRADED = "turn.action_economy.trade_main", "seed 002 L2938",
        "A main action can be given up for a second maneuver or move action.";
    ADVANCE = "movement.advance", "seed 002 L2570-2594, L2821-2827",
        "The Advance move action: move up to your speed, square by square.";
    MOVE_COST = "movement.cost", "seed 002 L2576-2578, L2726",
        "Every square costs 1, diagonals too; difficult terrain and enemies' squares cost 1 more.";
    MOVE_OCCUPIED = "movement.occupied", "seed 002 L2578",
        "You can pass through allies, but never end your move in another creature's space.";
    MOVE_CORNERS = "movement.no_cutting_corners", "seed 002 L2588",
        "You can't move diagonally past the corner of a wall or other blocking terrain.";
    MOVE_SPEED = "movement.speed_limit", "seed 002 L2584",
        "A move can't take more squares than your speed.";
    MOVE_ELEVATION = "movement.elevation", "seed 002 L2596-2602, L2644-2648",
        "Going up costs extra movement; climbing and swimming cost 2 per square without a climb or swim speed.";
    POWER_ROLL = "power_roll", "seed 002 L661-744",
        "Roll 2d10 and add the characteristic: 11 or less is tier 1, 12-16 tier 2, 17 or more tier 3; edges and banes adjust it.";
    LAST_STAND = "director.last_stand", "seed 002 L4667-4669",
        "Optional: once the heroes' victory is certain, the Director may break its forces' morale: each enemy drops to 1 Stamina and each minion squad's pool to the number of minions left.";
    HALVE_TAKEN_DAMAGE = "trigger.halve_damage_taken", "seed 002 L783, L3038",
        "A triggered ability that halves the damage that triggered it, used once the damage is dealt, gives back the part halving takes off (halved damage rounds down).";
    AUTOMATIC_TIER = "power_roll.automatic", "seed 002 L740-744",
        "An effect can give a power roll an automatic tier: it beats every edge, bane, bonus and penalty, and the dice still decide a critical hit.";
    EDGE_DIRECTOR = "power_roll.edge.director", "seed 002 L724-726",
        "Edges and banes from the Director's side follow the same rules as the heroes'.";
    RANGED_ADJACENT_BANE = "power_roll.bane.ranged_adjacent_enemy", "seed 002 L1436",
        "A ranged strike made while an enemy is adjacent takes a bane.";
    HIGH_GROUND = "power_roll.edge.high_ground", "seed 002 L2732-2736",
        "A creature attacking from higher ground than its target gains an edge.";
    FLANKING = "power_roll.edge.flanking", "seed 002 L3002-3008",
        "Two allies on opposite sides of an enemy flank it: melee strikes against it gain an edge.";
    CRITICAL_HIT = "power_roll.critical", "seed 002 L1634-1638",
        "A natural 19 or 20 on an ability roll is a critical hit: always tier 3, and a main-action ability grants another main action.";
    DOWNGRADE = "power_roll.downgrade", "seed 002 L689-693",
        "The one rolling may choose a lower tier outcome than the roll gave.";
    FREE_STRIKE = "action.free_strike", "seed 002 L2950-2952, L2974-3000",
        "A free strike is a quick attack for the free strike damage, outside the usual action budget.";
    REACH = "target.distance", "seed 002 L1424-1446",
        "A target must be within the ability's distance, counted in squares from the user's space.";
    LINE_OF_EFFECT = "target.line_of_effect", "seed 002 L1703-1711",
        "An ability needs a clear line from a corner of the user's space to a corner of the target's.";
    DAMAGE = "damage", "seed 002 L3022-3030",
        "Damage lowers Stamina; temporary Stamina is spent first.";
    DAMAGE_WEAKNESS = "damage.weakness", "seed 002 L3042-3050",
        "Weakness adds its value to damage of that type.";
    DAMAGE_IMMUNITY = "damage.immunity", "seed 002 L3032-3040",
        "Immunity removes its value from damage of that type.";
    DAMAGE_ENVIRONMENT = "damage.environment", "seed 002 L3024",
        "Terrain, falls and collisions deal damage with no roll.";
    TEMPORARY_STAMINA = "stamina.temporary", "seed 002 L3094-3102",
        "Temporary Stamina absorbs damage first and does not stack: the larger amount is kept.";
    WINDED = "stamina.winded", "seed 002 L3062-3066",
        "At half Stamina or less a creature is winded.";
    DYING = "stamina.dying", "seed 002 L3068-3070",
        "A hero at 0 Stamina or below is dying: still acting, but unable to Catch Breath.";
    HERO_DEATH = "stamina.death.hero", "seed 002 L3072",
        "A hero whose Stamina falls to minus their winded value dies.";
    DIRECTOR_DEATH = "stamina.death.director", "seed 002 L3074-3078",
        "A Director's creature dies at 0 Stamina.";
    KNOCKED_OUT = "stamina.knocked_out", "seed 002 L3082-3092",
        "An attacker may knock a creature out instead of killing it: it falls unconscious.";
    UNCONSCIOUS_DAMAGE = "stamina.knocked_out.damage", "seed 002 L3084",
        "Damage to an unconscious creature kills it.";
    CATCH_BREATH = "recovery.catch_breath", "seed 002 L843-857, L3056-3060",
        "Catch Breath spends a Recovery to regain Stamina equal to the recovery value.";
    DICE_SCRIPTED = "dice.scripted", "seed 002 L643-659",
        "These die faces replace the next rolls (for scripted scenarios and tests).";
    DICE_WHAT_IF = "dice.what_if", "Steelgrid: a what-if branch rolls dice of its own",
        "From here the dice come from a stream of the branch's own: a roll tried here is never the roll the real game makes next.";
    OBJECTIVE_DEFEAT_ALL = "objective.defeat_all_enemies", "seed 002 L3133-3209",
        "The heroes win when no enemy is left standing.";
    ENCOUNTER_DEFEAT = "encounter.defeat", "seed 002 L3133-3209",
        "The heroes lose when none of them can fight on.";
    CREATURE_STATE = "creature", "seed 002 L2459-2486",
        "A creature's size, speed, stability and characteristics as the rules define them.";
    FORCED_PUSH = "forced_movement.push", "seed 002 L2740-2748",
        "A push moves the target straight away from the one pushing, each square farther than the last.";
    FORCED_PULL = "forced_movement.pull", "seed 002 L2740-2748",
        "A pull moves the target straight toward the one pulling, each square closer than the last.";
    FORCED_SLIDE = "forced_movement.slide", "seed 002 L2740-2748",
        "A slide moves the target in any direction the one sliding chooses.";
    FORCED_DISTANCE = "forced_movement.distance", "seed 002 L2746, L2762-2764, L2807-2811",
        "Stability reduces forced movement; a bigger target resists a smaller forcer; the forcer may stop it short.";
    FORCED_COLLISION_CREATURE = "forced_movement.collision.creature", "seed 002 L2766-2774",
        "A creature forced into another stops, and both take 1 damage per square it had left to go.";
    FORCED_COLLISION_OBJECT = "forced_movement.collision.object", "seed 002 L2776-2780",
        "A creature forced into a wall or object stops and takes 2 damage plus 1 per square it had left.";
    FORCED_HURL_THROUGH = "forced_movement.hurl_through", "seed 002 L2792-2801",
        "Forced into a breakable object, a creature can smash through it, paying squares and taking damage by material.";
    FORCED_OBJECT = "forced_movement.object", "seed 002 L2740, L2768-2770",
        "An object can be pushed, pulled or slid like a creature: run into a creature, it stops and the creature takes 1 damage per square it had left.";
    FORCED_OBJECT_DAMAGE = "forced_movement.object_damage", "seed 002 L2782-2790",
        "Optional: an object forced into a creature, an object, a wall or the ground takes damage as a creature would; wood breaks at 3 a square, stone at 6, metal at 9, anything frailer at any damage.";
    BETWEEN_FIGHTS = "between_fights", "seed 002 L815-867",
        "Victories, respites and montage tests come once the fight is over.";
    VICTORIES = "victories", "seed 002 L815-829",
        "Each hero who survives a fight whose objective was met gains a Victory; the Director may give more for a hard fight, or for a challenge met without one.";
    RESPITE = "respite", "seed 002 L859-867, L831-835",
        "After 24 uninterrupted hours of rest a hero regains every Recovery and all Stamina, and its Victories become experience; interrupted, the respite gives nothing.";
    MONTAGE = "montage", "seed 002 L2319-2409",
        "A montage test: each hero a turn a round, a test or nothing; it ends at its success or failure limit or after its rounds, in total success, partial success (2 more successes than failures) or total failure, with Victories for success.";
    MONTAGE_SKILL = "montage.skill", "seed 002 L2349-2351",
        "A hero can't use the same skill twice in one montage test.";
    OBJECT_DESTROYED = "object.destroyed", "seed 002 L2792-2801, L3104-3113",
        "An object broken by a creature hurled through it is gone; its square is open.";
    DAMAGING_TERRAIN = "movement.damaging_terrain", "seed 002 L2728, L2744",
        "Entering damaging terrain deals its damage.";
    FALLING = "falling", "seed 002 L2710-2714",
        "A fall of 2 squares or more deals 2 damage per square (less the faller's Agility), capped at 50, and leaves it prone.";
    FALLING_ONTO = "falling.onto_creature", "seed 002 L2716-2718",
        "Landing on a creature deals the fall's damage to it too, and the faller lands in the nearest open space.";
    FALLING_FAR = "falling.far", "seed 002 L2720-2722",
        "A creature falling from a great height drops 100 squares at once, then 100 more at the end of each later round until it lands.";
    FORCED_VERTICAL = "forced_movement.vertical", "seed 002 L2754-2760",
        "A vertical push, pull or slide can also move its target up or down, and forced movement on a flier always can; one that can't fly and is left in the air falls.";
    FORCED_DOWNWARD = "forced_movement.downward", "seed 002 L2780",
        "A creature forced down into the ground or an object takes the slam and falls the squares it was moved down, as if its Agility were 0.";
    COVER = "power_roll.bane.cover", "seed 002 L3010-3012",
        "A target at least half hidden behind walls or solid objects has cover: damage-dealing abilities against it take a bane.";
    CONCEALMENT = "power_roll.bane.concealment", "seed 002 L3014-3020",
        "A target you can't see — in darkness or fog, or invisible — has concealment: strikes against it take a bane.";
    PRONE = "condition.prone", "seed 002 L1753-1757",
        "A prone creature crawls, takes a bane on its strikes and grants an edge to melee strikes against it.";
    CANT_STAND = "condition.prone.cant_stand", "seed 002 L1753-1757",
        "An effect keeps a prone creature from standing up until it ends.";
    STAND_UP = "maneuver.stand_up", "seed 002 L2837-2930",
        "Standing up from prone takes a maneuver.";
    MOVE_JUMP = "movement.jump", "seed 002 L2670-2682",
        "A long jump clears squares up to Might or Agility as part of a move.";
    TELEPORT = "movement.teleport", "seed 002 L2696-2708",
        "A teleport takes a creature straight to a square it can see, without crossing the squares between.";
    BURROW = "movement.burrow", "seed 002 L2604-2606",
        "A creature with burrow moves horizontally through dirt at normal cost; harder ground such as stone only if its stat block says so.";
    DIG = "movement.dig", "seed 002 L2608-2612",
        "The Dig maneuver moves a burrower up or down as many squares as its size; it needs speed at least its size, and a burrower holding a conscious creature can't dig deeper.";
    BURROW_TARGETING = "target.burrowed", "seed 002 L2614-2622",
        "A burrower in the top layer of ground can be targeted from the surface but has cover; one fully underground reaches only adjacent burrowers, and nobody gains high ground on it.";
    PULL_UP = "movement.burrow.pull_up", "seed 002 L2624-2626",
        "A creature on the surface can spend a maneuver to pull an adjacent, willing burrower that is fully underground up 1 square.";
    CLAW_DIRT = "movement.claw_dirt", "seed 002 L2628-2639",
        "Claw Dirt lets a creature without burrow and with speed 2 or more dig 1 square into, out of or through dirt, on a Might power roll.";
    FORCED_BURROWED = "forced_movement.burrowed", "seed 002 L2640-2642",
        "Forced movement that isn't vertical doesn't move a burrower fully underground: it takes 1 damage a square instead; vertical forced movement carries it through dirt as if through air.";
    GRANTED_STRIKE = "ability.granted_strike", "seed 002 L2960-2962",
        "An ability can let a creature make a free strike at once, even off its own turn; it takes none of its actions.";
    GRANTED_MOVE = "movement.granted", "seed 002 L2584, L2590-2594",
        "An effect lets a creature move or shift at once, never farther than its current speed.";
    UNDERWATER = "underwater", "seed 002 L3115-3117",
        "A fully submerged creature has fire immunity 5 and lightning weakness 5; without a swim speed its ability rolls take a bane.";
    SUFFOCATION = "underwater.suffocation", "seed 002 L3119-3123",
        "A creature can hold its breath for its Might in rounds (at least 1); after that it takes 1d6 damage at the end of each round.";
    FLY = "movement.fly", "seed 002 L2688-2694",
        "A flier moves through the air in three dimensions and falls if it can't stay aloft.";
    MOUNT = "movement.mount", "seed 002 L2650-2652, L3127",
        "A willing creature larger than you can be climbed with no roll; one with the Mount role can be ridden, on the square of it you choose.";
    CLIMB_CREATURE = "movement.climb_creature", "seed 002 L2650-2658",
        "Climbing an unwilling larger creature takes a Might or Agility roll: 11 or less fails and it may free strike, 12-16 fails, 17 or more you are on it.";
    CLIMB_EDGE = "power_roll.edge.climbing", "seed 002 L2660",
        "A creature riding or climbing another has an edge on melee abilities against it.";
    SHAKE_OFF = "maneuver.shake_off", "seed 002 L2660-2662",
        "A creature ridden or climbed can spend a maneuver to shake off the one on it, who rolls to hold on.";
    HOLD_ON = "movement.hold_on", "seed 002 L2662-2666, L3129; digest A-18",
        "Holding on is a Might or Agility roll: 11 or less thrown off with falling damage and prone, 12-16 slides down on its feet, 17 or more keeps hold; a rider knocked off by forced movement lands on its feet on 12 or more.";
    RIDE = "movement.ride", "seed 002 L2833-2835, L3127",
        "The Ride move action: the mount moves up to its speed carrying its rider, or disengages; each rider and each mount once per round.";
    CARRIED = "movement.carried", "seed 002 L3129",
        "A creature riding or climbing another moves with it, forced movement included.";
    DISMOUNT = "movement.dismount", "seed 002 L2646-2648; Steelgrid: climbing down takes the move action",
        "Climbing down from a creature into a free square beside it takes the move action.";
    MOUNT_FALL = "movement.mount.fall", "seed 002 L2668, L3131; digest A-19",
        "A rider whose mount dies, or a rider or climber knocked prone, falls into the nearest free square beside it, takes falling damage and is prone.";
    DEFEND = "action.defend", "seed 002 L2946-2948",
        "The Defend main action: strikes against the defender take a double bane until its next turn.";
    CHARGE = "action.charge", "seed 002 L2940-2944",
        "Charge: move straight at a target and make a melee free strike at the end.";
    AID_ATTACK = "maneuver.aid_attack", "seed 002 L2843-2845",
        "Aid Attack: the next strike an ally makes against the chosen adjacent enemy gains an edge.";
    GRAB = "maneuver.grab", "seed 002 L2872-2891",
        "Grab: a Might test against an adjacent creature no bigger than you; on success it is grabbed.";
    ESCAPE_GRAB = "maneuver.escape_grab", "seed 002 L2853-2870",
        "Escape Grab: a test to break free of the creature holding you.";
    GRABBED = "condition.grabbed", "seed 002 L1743-1751",
        "A grabbed creature has speed 0, can't be moved except by its grabber, and takes a bane on strikes against others.";
    HEAL = "action.heal", "seed 002 L2954-2956, L3080",
        "Heal: an adjacent ally spends a Recovery to regain Stamina.";
    SHIFT = "movement.shift", "seed 002 L2590-2594, L2829-2831",
        "A shift moves without provoking opportunity attacks, but not through difficult terrain.";
    OPPORTUNITY_ATTACK = "opportunity_attack", "seed 002 L2968-2972",
        "Moving away from an adjacent enemy without shifting lets it make a free strike before you leave.";
    OPPORTUNITY_ASKED = "opportunity_attack.asked", "seed 002 L2968-2972; Steelgrid rules option",
        "When a side is asked, a creature leaving its reach waits on the square it is leaving until each creature that could strike it has struck or passed.";
    KNOCKBACK = "maneuver.knockback", "seed 002 L2897-2912",
        "Knockback: a Might roll against an adjacent creature pushes it 1, 2 or 3 squares by tier.";
    ABILITY = "ability", "seed 002 L1333-1372, L1522-1565",
        "An ability is used: its keywords, type, distance and target say how; its power roll and effect say what happens.";
    AREA = "ability.area", "seed 002 L1448-1478",
        "An area ability affects the squares of its aura, burst, cube, line or wall, traced from its origin; walls and corners stop it.";
    ABILITY_TARGET = "ability.target", "seed 002 L1486-1516",
        "An ability affects only what its target entry allows: enemies, allies, any creature, or its user only when it says self.";
    ABILITY_OUTCOME = "ability.outcome", "seed 002 L1553-1565",
        "Each target gets the outcome of its tier: damage to all targets first, then the effects in the order printed.";
    POTENCY = "ability.potency", "seed 002 L1575-1587",
        "A potency effect lands only if the target's named characteristic is lower than the user's potency.";
    HEROIC_RESOURCE = "resource.heroic", "seed 002 L837-841, L1349-1368",
        "A heroic ability costs the class's heroic resource; without enough, it can't be used.";
    HEROIC_RESOURCE_GAIN = "resource.heroic.gain", "seed 002 L1309-1327, L1353-1362 name each class's resource; how it grows is this project's reading (core digest AMB-34)",
        "A class's heroic resource grows the first time each round the class's event happens: the Fury's when it takes damage, the Censor's when it fights the foe it taunted, and so on (each class's file says).";
    STRAINED = "resource.heroic.strained", "seed 002 L159, L503 (the Talent's Clarity may go below 0 and strain it); the Stamina it costs is this project's reading (core digest AMB-34)",
        "A Talent may spend Clarity it does not have, down to −(1 + Reason); while below 0 it is strained and loses 1 Stamina for each point below 0 at the end of its turn.";
    HEROIC_RESOURCE_START = "resource.heroic.start", "Steelgrid rules option `heroic_resource_at_start` (seed 002 L309, L1351 name no starting amount; core digest AMB-34)",
        "Under the PlusVictories option, each hero starts combat with as much Heroic Resource as it has Victories.";
    BLEEDING = "condition.bleeding", "seed 002 L1727-1731",
        "A bleeding creature loses 1d6 + its level Stamina after each main action or Might or Agility roll; nothing prevents it.";
    DAZED = "condition.dazed", "seed 002 L1733-1735",
        "A dazed creature takes only one of a main action, a maneuver or a move action on its turn, and no triggered actions or free maneuvers.";
    FRIGHTENED = "condition.frightened", "seed 002 L1737-1739",
        "A frightened creature has a bane against its fear's source, the source has an edge against it, and it can't willingly move closer.";
    RESTRAINED = "condition.restrained", "seed 002 L1759-1763",
        "A restrained creature has speed 0, can't stand up or be force-moved, has a bane on its ability rolls, and abilities against it gain an edge.";
    SLOWED = "condition.slowed", "seed 002 L1765-1767",
        "A slowed creature's speed is 2 (unless already lower) and it can't shift.";
    TAUNTED = "condition.taunted", "seed 002 L1769-1771",
        "A taunted creature has a double bane on abilities that don't target its taunter, while it has line of effect to the taunter.";
    WEAKENED = "condition.weakened", "seed 002 L1773-1775",
        "A weakened creature has a bane on every power roll.";
    END_OF_TURN = "effect.end_of_turn", "seed 002 L1681-1683",
        "An EoT effect lasts until the end of the affected creature's next turn, or of this turn if imposed during it.";
    SAVE_ENDS = "effect.save_ends", "seed 002 L1685-1689",
        "At the end of each of its turns the creature rolls a d10 for a save-ends effect: 6 or more ends it.";
    LINGERING = "effect.lingering", "seed 002 L1622-1624, L1669-1675",
        "An effect an ability leaves on a creature lasts its duration; the same ability again doesn't stack (the larger effect, the latest duration), different abilities do, and several halvings of the recovery value halve it once.";
    USER_OUTCOME = "ability.outcome.user", "seed 002 L1565",
        "What an outcome does for the ability's user happens once however many targets it hits; when they got different tiers, the user picks which tier's applies.";
    KIT_BONUS = "kit.weapon_damage", "seed 002 L1438-1442",
        "A kit's weapon damage bonus adds to a weapon ability's rolled damage: the ranged bonus when it is used at range, the melee bonus in melee, never both.";
    HERO_TOKEN = "hero_token", "seed 002 L746-773",
        "The heroes share hero tokens: one buys 2 surges or turns a failed save, two regain Stamina equal to the recovery value; one benefit per hero per turn.";
    SURGES = "surge", "seed 002 L1646-1655",
        "A surge adds the hero's highest characteristic to one target's rolled damage (up to 3 at once); 2 surges raise a potency by 1 against one target.";
    SURGES_LOST = "surge.lost", "seed 002 L1656",
        "Surges left unspent when combat ends are lost.";
    ZONE = "ability.area.lasting", "seed 002 L1448-1478",
        "An area can stay on the map: an aura moves with its creator; a wall or zone stays put, changing the ground, until its time is up.";
    END_OWN_EFFECT = "effect.end_own", "seed 002 L1695-1697",
        "A creature may end an effect it imposed with an ability as a free maneuver.";
    USE_CONSUMABLE = "maneuver.use_consumable", "seed 002 L2928-2930",
        "Use Consumable: a maneuver to use a potion or other consumable a creature carries; it is used up.";
    HIDE = "maneuver.hide", "seed 002 L2265-2281, L2893-2895",
        "A creature with cover from an enemy can hide from it: the enemy can then reach it only with area abilities, and it has an edge against the enemy until the turn it is revealed ends.";
    SEARCH = "maneuver.search", "seed 002 L2283-2287, L2920-2922",
        "Search: the searcher's Intuition test against each hidden creature's Agility test within 10 squares; only a higher total finds it.";
    POINT_OUT = "maneuver.search.point_out", "seed 002 L2285-2287",
        "A searcher points out the hidden creatures it knows of to its allies within 10 squares: they are no longer hidden from those allies.";
    TEST = "test", "seed 002 L1803-1862",
        "A test: 2d10 + a characteristic against Easy, Medium or Hard; the table gives success with a reward, success, success with a consequence, failure or failure with a consequence, and a natural 19 or 20 is a success with a reward.";
    TEST_IN_COMBAT = "test.in_combat", "seed 002 L1961",
        "In a fight a test takes an action: most are maneuvers, some the main action, as whoever calls for it says.";
    TEST_SKILL = "test.skill", "seed 002 L2025-2037",
        "An applicable skill adds +2 to a test, one skill per test; the Director rules which skills apply.";
    TEST_RETRY = "test.retry", "seed 002 L1965-1967",
        "A failed test isn't tried again unless the circumstances change.";
    TEST_CALLED = "test.called", "seed 002 L1805-1807, L1969-1971",
        "The Director calls for a test, naming the task, the characteristic and the difficulty; the heroes make it.";
    TEST_REWARD = "test.reward", "seed 002 L758, L1949",
        "A success with a reward can give the heroes a hero token.";
    TEST_CONSEQUENCE = "test.consequence", "seed 002 L1895-1897",
        "A consequence is a setback on top of the outcome: a climber who slips falls and takes damage.";
    ASSIST = "test.assist", "seed 002 L2253-2263",
        "An assist test with a skill the assisted creature isn't using gives its test a bane on 11 or less, an edge on 12-16 and a double edge on 17 or more.";
    GROUP_TEST = "test.group", "seed 002 L2297-2317",
        "A group test succeeds when at least half the heroes succeed; a group reward or consequence replaces the individual ones when at least half earned one.";
    MALICE_GAIN = "malice.gain", "seed 002 L4332-4338",
        "The Director gains Malice: the average Victories per hero when combat starts, then the heroes still fighting plus the round number at the start of each round.";
    MALICE_SPEND = "malice.spend", "seed 002 L4340-4346",
        "Monsters spend the Director's Malice on abilities and features that cost it; Malice never goes below 0.";
    MALICE_BASIC = "malice.basic", "seed 002 L4348-4354",
        "At the start of a monster's turn the Director may buy one basic Malice feature for it.";
    BRUTAL_EFFECTIVENESS = "malice.brutal_effectiveness", "seed 002 L4356-4358",
        "Brutal Effectiveness (3 Malice): the monster's next ability with a potency has potency +1.";
    MALICIOUS_STRIKE = "malice.malicious_strike", "seed 002 L4360-4362",
        "Malicious Strike (5+ Malice): the monster's next strike deals its highest characteristic more to one target, +1 per extra Malice up to three times it; never in two rounds in a row.";
    MALICE_FEATURE = "malice.feature", "seed 002 L4344",
        "A monster family's own Malice feature, usable once per turn.";
    SQUAD_POOL = "minion.squad.pool", "seed 002 L4378-4392",
        "A minion squad shares one Stamina pool: a member drops each time the pool falls by another minion's Stamina, first the one hit, then those nearest it.";
    SQUAD_AREA = "minion.squad.area", "seed 002 L4394-4396",
        "Area damage counts at most one minion's Stamina per minion in the area, and kills only minions inside it.";
    SQUAD_WEAKNESS = "minion.squad.weakness", "seed 002 L4398-4400",
        "A squad's weakness or immunity applies once to the whole hit, at the end.";
    MINION_ACTIONS = "minion.actions", "seed 002 L4414-4418",
        "A minion moves and then takes a main action, a maneuver or another move: a main action and a maneuver never both.";
    SQUAD_STRIKE = "minion.squad.strike", "seed 002 L4420-4428",
        "Squad members using their signature ability together make one roll; each target takes one instance, plus each second and third member's free strike, and a critical hit gives every member who took part an extra main action.";
    SQUAD_FREE_STRIKES = "minion.squad.free_strikes", "seed 002 L4436-4438",
        "Squad members free-striking the same target at the same moment add their damage together and make one strike.";
    SQUAD_CAPTAIN = "minion.squad.captain", "seed 002 L4444-4460",
        "A squad's captain gives each member its With Captain bonus; when it falls, another ally can take over at the start of the next round.";
    VILLAIN_ACTION = "villain_action", "seed 002 L4182-4194",
        "A leader or solo has three villain actions, each used once per encounter at the end of another creature's turn, and only one in a round.";
    MALICE_LOST = "malice.lost", "seed 002 L4336",
        "Malice left when the encounter ends is lost.";
    END_EFFECT = "effect.end_effect", "seed 002 L4178-4180",
        "End Effect: at the end of its turn a creature with this feature may take its listed damage, which nothing can reduce, to end one save-ends effect on itself.";
    HEAL_BY_DAMAGE = "ability.heal_by_damage", "seed 002 L4284-4286",
        "An ability that heals its user by the damage it deals heals one target's worth, not the total over all targets (digest A-32: the largest).";
    SUMMON = "summon", "seed 002 L4280-4282",
        "A summoned creature takes its turn right after its summoner's turn (or, summoned during another's turn, right after that turn); the summoner can't summon again until its next turn.";
    RETAINER = "retainer", "seed 002 L4738-4773",
        "A retainer fights beside its mentor hero: dying at 0 Stamina and dead at minus half its Stamina, and spending its mentor's surges for the mentor's highest characteristic in damage.";
    TRIGGERED_ACTION = "action.triggered", "seed 002 L1416-1422, L2544-2546",
        "A triggered action is used only when its trigger happens, on anyone's turn, and a creature takes one a round.";
    FREE_TRIGGERED_ACTION = "action.triggered.free", "seed 002 L2548-2552",
        "A free triggered action follows the same rules but doesn't count toward the one triggered action a round.";
    TRIGGER_WINDOW = "action.triggered.window", "seed 002 L2550; digest A-10",
        "When an event triggers abilities, each creature that could answer uses one or passes before anything else happens; the heroes answer first, then the Director.";
    TARGETED_TRIGGER = "action.triggered.targeted", "seed 002 L2546, L3038",
        "An ability that targets a creature whose side can answer being targeted waits: the triggered answers resolve first, and may give its roll a bane, halve its damage or put the answerer in the target's place.";
    PENDING_CHOICE = "choice.pending", "Steelgrid: a choice the rules leave to a player",
        "The rules leave a choice to a player; nothing else happens until it is made.";
    COMMAND = "command", "Steelgrid: commands are validated before they change anything",
        "A command is checked against the rules before it changes anything.";
    OBJECTIVE_SPECIFIC_FOE = "objective.defeat_specific_foe", "seed 002 L4556-4561, L3155-3157",
        "Defeat a Specific Foe: the heroes win when the named creature is reduced to 0 Stamina.";
    OBJECTIVE_GET_THING = "objective.get_the_thing", "seed 002 L4563-4569, L3159-3163",
        "Get the Thing: the heroes win when one of them carries the item out by the exit.";
    OBJECTIVE_DESTROY_THING = "objective.destroy_the_thing", "seed 002 L4571-4576, L3165-3167",
        "Destroy the Thing: the heroes win when the target objects are destroyed.";
    OBJECTIVE_SAVE_ANOTHER = "objective.save_another", "seed 002 L4578-4584, L3169-3171",
        "Save Another: the heroes win when at least half of those to be rescued survive and escape.";
    OBJECTIVE_ESCORT = "objective.escort", "seed 002 L4586-4592, L3173-3177",
        "Escort: the heroes win when the ward reaches its destination alive.";
    OBJECTIVE_HOLD = "objective.hold_them_off", "seed 002 L4594-4600, L3179-3181",
        "Hold Them Off: survive the rounds with fewer enemies having breached the defended point than there are heroes.";
    OBJECTIVE_ASSAULT = "objective.assault_the_defenses", "seed 002 L4602-4607, L3183-3185",
        "Assault the Defenses: heroes hold the position with no enemy inside for the set number of rounds (4; digest A-21).";
    OBJECTIVE_STOP = "objective.stop_the_action", "seed 002 L4609-4614, L3187-3189",
        "Stop the Action: neutralise the ringleader before the time limit runs out, or fail.";
    OBJECTIVE_COMPLETE = "objective.complete_the_action", "seed 002 L4616-4621, L3191-3193",
        "Complete the Action: finish the tasks within the limit, at least half the heroes spending a maneuver on the work each round.";
    OBJECTIVES_MET = "objective.all_met", "seed 002 L4623-4625, L3145-3149",
        "Combined objectives: each success earns a Victory; the encounter is won when every one is met.";
    FLEE = "encounter.flee", "seed 002 L4663-4665, L3205-3209",
        "A creature standing in an exit zone may leave the map: it is out of the fight, neither down nor present.";
    ENCOUNTER_AFTERMATH = "encounter.aftermath", "seed 002 L3135, L1679, L3102",
        "When combat ends temporary Stamina vanishes, effects that last until the encounter ends or until saved against end, and each hero ends its conditions and effects except winded, unconscious and dying.";
    ENCOUNTER_OVER = "encounter.over", "seed 002 L3133-3135",
        "The encounter has ended: nothing more happens in it, so a command after its end is refused.";
    ENCOUNTER_FLED = "encounter.heroes_fled", "seed 002 L4663-4665",
        "No hero is left on the map to fight: the heroes escaped, and without their objectives met they earn no Victory.";
    SCRIPT = "scenario.script", "Steelgrid: scripted scenario events (seed 002 L4651-4653, L3199-3203)",
        "A scripted event of the scenario fires: reinforcements, narration, a change of terrain or an event ending.";
    DIRECTOR_OVERRIDE = "director.override", "Steelgrid: the Director's fiat at the table, not a rule of the seed",
        "The Director overrides the game by hand: a creature's Stamina, conditions or square set, a creature brought in, Malice given or taken; it is no creature's action and takes no turn, and what follows from it (winded, dying, dead) follows by the rules.";
}

#[cfg(test)]
mod tests {
    use super as rule;

    #[test]
    fn every_rule_has_a_unique_id_a_seed_reference_and_plain_words() {
        let mut ids: Vec<&str> = rule::ALL.iter().map(|r| r.id).collect();
        ids.sort_unstable();
        ids.dedup();
        assert_eq!(ids.len(), rule::ALL.len(), "duplicate rule ids");
        for r in rule::ALL {
            assert!(!r.seed.is_empty(), "{}", r.id);
            assert!(r.summary.len() > 20 && r.summary.ends_with('.'), "{}", r.id);
            assert_eq!(rule::find(r.id), Some(*r));
        }
        assert_eq!(rule::find("no.such.rule"), None);
    }
}
