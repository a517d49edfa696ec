//! The published state: what the client, the command line and the AI read.

use serde::Serialize;

use crate::ability::zone;
use crate::ability::{Ability, AbilityBook, ActionType};
use crate::condition::Condition;
use crate::creature::*;
use crate::encounter;
use crate::event::Outcome;
use crate::forced;
use crate::grid::{Footprint, Map, Size, Square};
use crate::movement::free_strike;
use crate::turn::TurnState;

use super::Engine;
use crate::creature_record::CreatureRecord;

impl Engine {
    /// The state as the JSON interface publishes it.
    pub fn state(&self) -> StateView {
        self.view(true)
    }

    /// The state with its checksum left empty: what the AI reads for each decision (hashing
    /// the whole state was a tenth of an AI-vs-AI game).
    pub(crate) fn state_unhashed(&self) -> StateView {
        self.view(false)
    }

    fn view(&self, hashed: bool) -> StateView {
        let snap = self.parts();
        let book = self.world.resource::<AbilityBook>();
        let checksum = if hashed {
            format!("{:016x}", self.checksum())
        } else {
            String::new()
        };
        let turn = snap.turn;
        StateView {
            scenario: snap.encounter.scenario.clone(),
            seed: snap.encounter.seed,
            round: turn.round,
            first_side: turn.first_side,
            acting_side: turn.next_side,
            group: turn.group.clone(),
            turn: turn.current.clone(),
            awaiting_first_side_choice: turn.awaiting_first_side_choice,
            pending_forced: turn.pending_forced.clone(),
            landing: turn.landing.clone(),
            granted: turn.granted.clone(),
            trigger_window: turn.trigger_window.clone(),
            status: match turn.outcome {
                None => "in_progress",
                Some(Outcome::Victory) => "victory",
                Some(Outcome::Defeat) => "defeat",
            },
            objectives: snap
                .encounter
                .objectives
                .iter()
                .zip(snap.encounter.statuses())
                .map(|(o, status)| ObjectiveView {
                    name: o.name(),
                    status,
                })
                .collect(),
            hero_tokens: snap.hero_tokens.pool,
            squads: snap
                .squads
                .0
                .iter()
                .map(|(id, sq)| SquadView {
                    id: id.clone(),
                    name: sq.name.clone(),
                    pool: sq.pool,
                    per_minion: sq.per_minion,
                    alive: sq.alive(),
                    to_next_drop: sq.to_next_drop(),
                    captain: sq.captain.clone(),
                    captain_damage_bonus: sq.bonus().damage,
                })
                .collect(),
            malice: MaliceView {
                current: snap.malice.current,
                gained: snap.malice.gained,
                spent: snap.malice.spent,
                malicious_strike_round: snap.malice.malicious_strike_round,
                villain_actions: snap
                    .malice
                    .villain_actions_used
                    .iter()
                    .map(|(_, a)| a.clone())
                    .collect(),
                features: snap
                    .malice
                    .features
                    .iter()
                    .map(|(id, f)| MaliceFeatureView {
                        id: id.clone(),
                        name: f.name.clone(),
                        cost: f.cost,
                        effect: f.effect.describe(),
                    })
                    .collect(),
            },
            zones: snap
                .zones
                .iter()
                .map(|z| {
                    let owner = snap
                        .creatures
                        .iter()
                        .find(|c| c.id == z.owner)
                        .map(|c| Footprint::new(c.position, c.size));
                    ZoneView {
                        owner: z.owner.clone(),
                        ability: z.ability.clone(),
                        squares: z.covers(snap.map, owner),
                        aura: z.aura,
                        ground: z.lasting.ground,
                        start_of_turn_damage: z.lasting.start_of_turn_damage,
                        until: z.lasting.duration,
                    }
                })
                .collect(),
            failed_saves: snap
                .hero_tokens
                .failed_saves
                .iter()
                .map(|(c, k)| (c.clone(), k.name().to_owned()))
                .collect(),
            just_damaged: snap.hero_tokens.just_damaged.clone(),
            creatures: snap
                .creatures
                .iter()
                .map(|c| CreatureView::new(c, snap.map, turn, book, snap.effects))
                .collect(),
            scripted_dice_left: snap.dice.scripted_left(),
            checksum,
        }
    }
}

/// What the published state is made from, borrowed from the world where it can be (a snapshot
/// copied the map and every other resource for each view: a twentieth of an AI-vs-AI game).
struct Parts<'a> {
    encounter: &'a encounter::EncounterInfo,
    turn: &'a TurnState,
    hero_tokens: &'a crate::ability::hero_token::HeroTokens,
    squads: &'a crate::director::squad::Squads,
    malice: &'a crate::director::malice::Malice,
    map: &'a Map,
    effects: &'a crate::condition::effect::Effects,
    dice: &'a crate::dice::Dice,
    zones: Vec<zone::Zone>,
    creatures: Vec<CreatureRecord>,
}

impl Engine {
    fn parts(&self) -> Parts<'_> {
        let w = &self.world;
        Parts {
            encounter: w.resource(),
            turn: w.resource(),
            hero_tokens: w.resource(),
            squads: w.resource(),
            malice: w.resource(),
            map: w.resource(),
            effects: w.resource(),
            dice: w.resource(),
            zones: self.zones(),
            creatures: self.creature_records(),
        }
    }
}

/// The published state: field names here are an interface; keep them stable.
#[derive(Clone, Debug, Serialize)]
pub struct StateView {
    pub scenario: String,
    pub seed: u64,
    pub round: u32,
    pub first_side: Option<Side>,
    /// The side whose pick it is (or whose creature is acting).
    pub acting_side: Option<Side>,
    /// The Director group in the middle of its turns.
    pub group: Option<String>,
    /// The creature taking its turn.
    pub turn: Option<String>,
    pub awaiting_first_side_choice: Option<Side>,
    /// A forced movement waiting for its path.
    pub pending_forced: Option<forced::PendingForced>,
    /// A creature that fell onto another, choosing where it comes down.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub landing: Option<crate::turn::pending::Landing>,
    /// Teleports, moves and free strikes abilities granted this turn, not yet used.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub granted: Vec<crate::turn::pending::Grant>,
    /// Creatures whose triggered abilities an event triggered: each uses one or passes
    /// before anything else happens.
    pub trigger_window: Option<crate::trigger::TriggerWindow>,
    pub status: &'static str,
    /// Each objective by its rules name, with where it stands (seed 002 L4542-4625).
    pub objectives: Vec<ObjectiveView>,
    /// The heroes' shared hero tokens.
    pub hero_tokens: u32,
    /// The Director's Malice.
    pub malice: MaliceView,
    /// Minion squads: the shared pool, members left and damage to the next drop.
    pub squads: Vec<SquadView>,
    /// Areas on the map: auras, walls, zones.
    pub zones: Vec<ZoneView>,
    /// Heroes whose saving throw just failed, with the condition (a token may turn it).
    pub failed_saves: Vec<(String, String)>,
    /// Creatures the last command damaged (a hero may recover with 2 tokens now).
    pub just_damaged: Vec<String>,
    pub creatures: Vec<CreatureView>,
    pub scripted_dice_left: usize,
    pub checksum: String,
}

impl StateView {
    /// The creatures on the other side from `me` that can still fight.
    pub fn enemies_of<'a>(
        &'a self,
        me: &'a CreatureView,
    ) -> impl Iterator<Item = &'a CreatureView> {
        self.creatures
            .iter()
            .filter(move |c| c.side != me.side && !c.dead && !c.unconscious)
    }

    /// The villain actions the Director's living creatures have not used this encounter
    /// (seed 002 L4182-4188), or `None` when none of them has any.
    pub fn villain_actions_left(&self) -> Option<usize> {
        let mut villain = false;
        let mut left = 0;
        for c in self
            .creatures
            .iter()
            .filter(|c| c.side == Side::Director && !c.dead)
        {
            for a in c
                .abilities
                .iter()
                .filter(|a| a.action == ActionType::VillainAction)
            {
                villain = true;
                if !self.malice.villain_actions.contains(&a.id) {
                    left += 1;
                }
            }
        }
        villain.then_some(left)
    }
}

/// An objective as published.
#[derive(Clone, Debug, Serialize)]
pub struct ObjectiveView {
    pub name: &'static str,
    pub status: encounter::Status,
}

/// A minion squad as published.
#[derive(Clone, Debug, Serialize)]
pub struct SquadView {
    pub id: String,
    pub name: String,
    pub pool: u32,
    pub per_minion: u32,
    pub alive: u32,
    pub to_next_drop: u32,
    pub captain: Option<String>,
    /// The With Captain damage bonus in effect now (0 without a captain).
    pub captain_damage_bonus: u32,
}

/// The Director's Malice as published.
#[derive(Clone, Debug, Serialize)]
pub struct MaliceView {
    pub current: u32,
    pub gained: u32,
    pub spent: u32,
    /// The round Malicious Strike was last used in (not again the next round).
    pub malicious_strike_round: Option<u32>,
    /// The villain actions used this encounter, in order (each once; one per round).
    pub villain_actions: Vec<String>,
    /// The encounter's family Malice features.
    pub features: Vec<MaliceFeatureView>,
}

#[derive(Clone, Debug, Serialize)]
pub struct MaliceFeatureView {
    pub id: String,
    pub name: String,
    pub cost: u32,
    pub effect: String,
}

/// A hero's class as the window shows it (seed 002 L1309-1327, L1353-1362).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct ClassView {
    pub name: String,
    /// Its heroic resource's name: Wrath, Piety, …
    pub resource: String,
    pub level: u32,
}

impl CreatureView {
    /// Its heroic resource's name: its class's, or "heroic resource".
    pub fn resource_name(&self) -> &str {
        self.class
            .as_ref()
            .map_or("heroic resource", |c| c.resource.as_str())
    }
}

#[derive(Clone, Debug, Serialize)]
pub struct CreatureView {
    pub id: String,
    pub name: String,
    pub side: Side,
    pub hero: bool,
    pub position: Square,
    /// Height of the bottom of its space (the ground under it, plus its altitude).
    pub z: i32,
    /// Squares above the ground (fliers).
    pub altitude: u32,
    pub footprint: Vec<Square>,
    pub size: Size,
    /// Might, Agility, Reason, Intuition and Presence.
    pub characteristics: Characteristics,
    pub stamina: StaminaView,
    pub winded: bool,
    pub dying: bool,
    pub dead: bool,
    pub unconscious: bool,
    pub state: Vitality,
    pub surprised: bool,
    /// Conditions in effect, with their duration or source (`slowed (EoT)`,
    /// `frightened of ogre`).
    pub conditions: Vec<String>,
    /// Its abilities, in the order of its stat block, then the consumables it carries (used
    /// with `UseAbility` too, and used up); the client's number keys follow this order.
    pub abilities: Vec<AbilityView>,
    /// The same conditions, typed and in the same order, for the client's badges.
    #[serde(skip)]
    pub statuses: Vec<Status>,
    /// Lasting effects of actions, such as `defending`.
    pub effects: Vec<&'static str>,
    /// How it sits on another creature, if it does (also `riding` or `climbing` in `effects`).
    #[serde(skip)]
    pub on_top: Option<crate::movement::mount::Hold>,
    /// Who holds it when it is grabbed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub grabbed_by: Option<String>,
    /// The creatures it is hidden from now.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub hidden_from: Vec<String>,
    pub stability: u32,
    pub speed: u32,
    pub free_strike: u32,
    /// How far its melee and its ranged free strike reach: 1 and 5, or farther for a Director
    /// creature whose signature ability reaches farther (seed 002 L2980-2991, L4150-4152).
    pub free_strike_melee: u32,
    pub free_strike_ranged: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub heroic_resource: Option<i32>,
    /// A class hero's class and its resource's name: `("Censor", "Wrath")`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub class: Option<ClassView>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub surges: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub recoveries: Option<u32>,
    /// A hero's Victories since its last respite, when it has any (seed 002 L815-829).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub victories: Option<u32>,
    /// A hero's experience, when it has any (seed 002 L831-835).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub xp: Option<u32>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub squad: Option<String>,
    pub minion: bool,
    /// The Director's initiative group it acts with.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub group: Option<String>,
    pub acted_this_round: bool,
    /// What is left of its turn (all false outside its turn).
    pub actions: ActionsLeft,
}

/// An area on the map as the state publishes it: the squares it covers now.
#[derive(Clone, Debug, Serialize)]
pub struct ZoneView {
    pub owner: String,
    pub ability: String,
    pub squares: Vec<Square>,
    pub aura: Option<u32>,
    pub ground: Option<zone::ZoneGround>,
    pub start_of_turn_damage: Option<u32>,
    pub until: zone::ZoneDuration,
}

/// One of a creature's abilities as the state publishes it.
#[derive(Clone, Debug, Serialize)]
pub struct AbilityView {
    pub id: String,
    pub name: String,
    pub action: ActionType,
    pub distance: crate::ability::Distance,
    /// As the stat block writes it, e.g. `3 cube within 8`.
    pub distance_label: String,
    pub target: crate::ability::Target,
    pub keywords: Vec<crate::ability::Keyword>,
    pub cost: Option<crate::ability::Cost>,
    pub signature: bool,
    /// A consumable the creature carries, used up when used.
    pub consumable: bool,
    /// What its optional extra costs, if it has one ("Spend X: …").
    pub extra: Option<u32>,
    /// Some outcome has a potency (Brutal Effectiveness raises it).
    pub potency: bool,
    /// When a triggered ability is used, as its stat block words it.
    pub trigger: Option<String>,
    /// The characteristics its power roll may use, the highest of them added (seed 002
    /// L675-677); none without a power roll.
    pub rolls_with: Vec<Characteristic>,
}

impl AbilityView {
    fn new(id: &str, a: &Ability, consumable: bool) -> Self {
        AbilityView {
            id: id.to_owned(),
            name: a.name.clone(),
            action: a.action,
            distance: a.distance,
            distance_label: a.distance.label(),
            target: a.target,
            keywords: a.keywords.clone(),
            cost: a.cost,
            signature: a.signature,
            consumable,
            extra: a.spend.as_ref().map(|s| s.cost),
            potency: a.has_potency(),
            trigger: a.trigger.as_ref().map(|t| t.text.clone()),
            rolls_with: a
                .power_roll
                .as_ref()
                .map_or_else(Vec::new, |r| r.characteristic.clone()),
        }
    }
}

/// The actions a creature can still take this turn, trades included (seed 002 L2938).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct ActionsLeft {
    pub main: bool,
    pub maneuver: bool,
    #[serde(rename = "move")]
    pub move_action: bool,
    /// The move action itself is unused: moving now keeps the main action.
    pub move_unused: bool,
    /// Its triggered action for this round is still unused (seed 002 L2546).
    pub triggered: bool,
}

#[derive(Clone, Copy, Debug, Serialize)]
pub struct StaminaView {
    pub current: i32,
    pub max: i32,
    pub temporary: i32,
}

/// A condition or state a creature is under, as `CreatureView::conditions` words it
/// (the conditions: seed 002 L173).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Status {
    Prone,
    Grabbed,
    /// A dying hero is bleeding (seed 002 L243).
    BleedingWhileDying,
    Afflicted(Condition),
    /// Hidden from some creature, not yet revealed.
    Hidden,
    Invisible,
}

/// Each status of `c`, with the words the state publishes for it.
fn statuses(c: &CreatureRecord) -> Vec<(Status, String)> {
    [
        (c.prone, Status::Prone, "prone"),
        (c.grabbed_by.is_some(), Status::Grabbed, "grabbed"),
        (
            c.vitality == Vitality::Dying,
            Status::BleedingWhileDying,
            "bleeding (while dying)",
        ),
    ]
    .into_iter()
    .filter(|(on, ..)| *on)
    .map(|(_, status, words)| (status, words.to_owned()))
    .chain(
        c.conditions
            .iter()
            .map(|a| (Status::Afflicted(a.condition), a.label())),
    )
    .chain(
        c.hidden
            .as_ref()
            .filter(|h| !h.revealed)
            .map(|h| (Status::Hidden, format!("hidden from {}", h.from.join(", ")))),
    )
    .chain(
        c.invisible
            .then(|| (Status::Invisible, "invisible".to_owned())),
    )
    .collect()
}

impl CreatureView {
    /// Squares between its space and `other`'s (Draw Steel distance, seed 002 L2576).
    pub fn gap(&self, other: &CreatureView) -> u32 {
        self.footprint
            .iter()
            .flat_map(|s| other.footprint.iter().map(move |t| s.distance(*t)))
            .min()
            .unwrap_or(u32::MAX)
    }

    fn new(
        c: &CreatureRecord,
        map: &Map,
        turn: &TurnState,
        book: &AbilityBook,
        effects: &crate::condition::effect::Effects,
    ) -> Self {
        let fp = Footprint::new(c.position, c.size);
        let statuses = statuses(c);
        let strikes = free_strike::StrikeProfile::of(c.hero.is_some(), &c.abilities, book);
        CreatureView {
            id: c.id.clone(),
            name: c.name.clone(),
            side: c.side,
            hero: c.hero.is_some(),
            position: c.position,
            z: map.ground_under(fp) + c.altitude as i32 - c.depth as i32,
            altitude: c.altitude,
            footprint: fp.squares().collect(),
            size: c.size,
            characteristics: c.characteristics,
            stamina: StaminaView {
                current: c.stamina.current,
                max: c.stamina.max,
                temporary: c.stamina.temporary,
            },
            winded: c.stamina.is_winded() && c.vitality != Vitality::Dead,
            dying: c.vitality == Vitality::Dying,
            dead: c.vitality == Vitality::Dead,
            unconscious: c.vitality == Vitality::Unconscious,
            state: c.vitality,
            surprised: c.surprised,
            // A dying hero is bleeding while it is dying (seed 002 L243; digest A-42).
            conditions: statuses.iter().map(|(_, words)| words.clone()).collect(),
            statuses: statuses.into_iter().map(|(status, _)| status).collect(),
            on_top: c.mounted.as_ref().map(|m| m.hold),
            abilities: c
                .abilities
                .iter()
                .filter_map(|id| book.get(id).map(|a| AbilityView::new(id, a, false)))
                .chain({
                    let mut carried = c.consumables.clone();
                    carried.dedup();
                    carried
                        .into_iter()
                        .filter_map(|id| book.get(&id).map(|a| AbilityView::new(&id, a, true)))
                })
                .collect(),
            grabbed_by: c.grabbed_by.clone(),
            hidden_from: c
                .hidden
                .as_ref()
                .filter(|h| !h.revealed)
                .map(|h| h.from.clone())
                .unwrap_or_default(),
            effects: [
                (c.defending, "defending"),
                (!c.aided_by.is_empty(), "aided"),
                (c.falling.is_some(), "falling"),
                (c.depth > 0, "burrowing"),
                (
                    c.mounted
                        .as_ref()
                        .is_some_and(|m| m.hold == crate::movement::mount::Hold::Riding),
                    "riding",
                ),
                (
                    c.mounted
                        .as_ref()
                        .is_some_and(|m| m.hold == crate::movement::mount::Hold::Climbing),
                    "climbing",
                ),
            ]
            .into_iter()
            .filter_map(|(on, name)| on.then_some(name))
            .collect(),
            // seed 002 L2811: effects never take stability below 0.
            stability: (c.stability as i32 + c.stability_modifier + effects.stability(&c.id)).max(0)
                as u32,
            speed: c.speed,
            free_strike: c.free_strike,
            free_strike_melee: strikes.melee,
            free_strike_ranged: strikes.ranged,
            heroic_resource: c.hero.map(|h| h.heroic_resource),
            class: c
                .hero
                .and_then(|h| Some((h.class?, h.level)))
                .map(|(class, level)| ClassView {
                    name: class.spec().name.clone(),
                    resource: class.resource().to_owned(),
                    level,
                }),
            surges: c.hero.map(|h| h.surges),
            recoveries: c.hero.map(|h| h.recoveries),
            victories: c.hero.map(|h| h.victories).filter(|&v| v > 0),
            xp: c.hero.map(|h| h.xp).filter(|&v| v > 0),
            squad: c.minion.as_ref().and_then(|m| m.squad.clone()),
            group: c.group.clone(),
            minion: c.minion.is_some(),
            acted_this_round: turn.acted.contains(&c.id),
            actions: ActionsLeft {
                main: c.budget.allows(ActionKind::Main),
                maneuver: c.budget.allows(ActionKind::Maneuver),
                move_action: c.budget.allows(ActionKind::Move),
                move_unused: !c.budget.move_used,
                triggered: turn.triggered_action_round.get(&c.id) != Some(&turn.round),
            },
        }
    }
}
