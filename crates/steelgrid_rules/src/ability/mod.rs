//! Abilities as data: the stat block every hero and monster ability is written in — keywords,
//! action type, distance, target, power roll with three tier outcomes, effect and cost — and the
//! checks `steelgrid check` makes on them (seed 002 L1333-1675; digest §17-29).

pub use crate::terms::effect::Lingering;

pub use crate::terms::ability::{Keyword, Kit};

pub mod area;
pub mod granted;
pub mod hero_token;
pub mod object_area;
pub mod resolve;
pub mod zone;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::ability::zone::{Lasting, ZoneGround};
use crate::condition::{Condition, Duration};
use crate::creature::{ActionKind, Characteristic, Characteristics, Side};
use crate::damage::DamageType;
use crate::forced::ForcedKind;
use crate::power_roll::Tier;

/// What using the ability costs from the turn (seed 002 L1416-1422).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ActionType {
    MainAction,
    Maneuver,
    MoveAction,
    /// Used only when its trigger happens.
    TriggeredAction,
    FreeTriggeredAction,
    FreeManeuver,
    /// A leader's or solo's villain action (seed 002 L4396-4410).
    VillainAction,
}

impl ActionType {
    /// The part of the turn it spends, if it is used on the creature's own turn.
    pub fn spends(self) -> Option<ActionKind> {
        match self {
            ActionType::MainAction => Some(ActionKind::Main),
            ActionType::Maneuver => Some(ActionKind::Maneuver),
            ActionType::MoveAction => Some(ActionKind::Move),
            _ => None,
        }
    }

    pub fn name(self) -> &'static str {
        match self {
            ActionType::MainAction => "main action",
            ActionType::Maneuver => "maneuver",
            ActionType::MoveAction => "move action",
            ActionType::TriggeredAction => "triggered action",
            ActionType::FreeTriggeredAction => "free triggered action",
            ActionType::FreeManeuver => "free maneuver",
            ActionType::VillainAction => "villain action",
        }
    }
}

/// How far the ability reaches, or the area it makes (seed 002 L1424-1478).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Distance {
    /// Melee X: targets within X squares.
    Melee(u32),
    /// Ranged X: targets within X squares; a bane with an enemy adjacent (L1436).
    Ranged(u32),
    /// The user picks melee or ranged for each use (L1438-1442).
    MeleeOrRanged(u32, u32),
    /// Only the user.
    #[serde(rename = "Self")]
    SelfOnly,
    /// X aura around the user (seed 002 L1460-1462).
    Aura(u32),
    /// X burst around the user (L1464-1466).
    Burst(u32),
    /// X cube placed within M (L1468-1470).
    Cube { side: u32, within: u32 },
    /// A×B line placed within M (L1472-1474).
    Line {
        length: u32,
        width: u32,
        within: u32,
    },
    /// X wall placed within M, square by square (L1476-1478).
    Wall { squares: u32, within: u32 },
}

impl Distance {
    pub fn is_area(self) -> bool {
        matches!(
            self,
            Distance::Aura(_)
                | Distance::Burst(_)
                | Distance::Cube { .. }
                | Distance::Line { .. }
                | Distance::Wall { .. }
        )
    }

    /// The reach for one use: melee or ranged, and how far.
    pub fn reach(self, ranged: bool) -> Option<(bool, u32)> {
        match self {
            Distance::Melee(n) => Some((false, n)),
            Distance::Ranged(n) => Some((true, n)),
            Distance::MeleeOrRanged(m, r) => Some(if ranged { (true, r) } else { (false, m) }),
            _ => None,
        }
    }

    /// As the stat block writes it.
    pub fn label(self) -> String {
        match self {
            Distance::Melee(n) => format!("Melee {n}"),
            Distance::Ranged(n) => format!("Ranged {n}"),
            Distance::MeleeOrRanged(m, r) => format!("Melee {m} or Ranged {r}"),
            Distance::SelfOnly => "Self".into(),
            Distance::Aura(n) => format!("{n} aura"),
            Distance::Burst(n) => format!("{n} burst"),
            Distance::Cube { side, within } => format!("{side} cube within {within}"),
            Distance::Line {
                length,
                width,
                within,
            } => format!("{length} x {width} line within {within}"),
            Distance::Wall { squares, within } => format!("{squares} wall within {within}"),
        }
    }
}

/// Who the ability may affect (seed 002 L1486-1516).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Who {
    /// Any creature, friend or foe (never the user unless `with_self`).
    Creature,
    /// A creature or an object: an object takes the damage but ignores everything else, and
    /// is immune to poison and psychic damage (seed 002 L1494-1498).
    CreatureOrObject,
    /// Creatures hostile to the user.
    Enemy,
    /// Willing creatures friendly to the user; never the user unless `with_self`.
    Ally,
    /// The user alone.
    #[serde(rename = "Self")]
    SelfOnly,
}

/// The ability's target entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Target {
    pub who: Who,
    /// How many at most; left out for "each … in the area" (L1514-1516).
    #[serde(default)]
    pub count: Option<u32>,
    /// The user may be one of the targets ("each ally and you").
    #[serde(default)]
    pub with_self: bool,
}

impl Target {
    /// Whether some creature of `party` could be one of these targets.
    pub fn admits(self, party: Party) -> bool {
        match self.who {
            Who::SelfOnly => party == Party::You,
            Who::Enemy => matches!(party, Party::Enemy | Party::Any),
            Who::Ally => party != Party::Enemy && (party != Party::You || self.with_self),
            Who::Creature | Who::CreatureOrObject => party != Party::You || self.with_self,
        }
    }
}

/// Damage in a tier outcome: a number, plus the characteristic the roll used unless the block
/// says otherwise (seed 002 L1531-1551).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageSpec {
    pub base: u32,
    #[serde(default = "yes")]
    pub plus_characteristic: bool,
    #[serde(default)]
    pub kind: Option<DamageType>,
}

/// Forced movement in a tier outcome: the target moves; the user places it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ForcedEffect {
    pub kind: ForcedKind,
    pub distance: u32,
    /// "Vertical push/pull/slide": the target may also be moved up or down
    /// (seed 002 L2754-2756).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vertical: bool,
}

/// A potency's strength: the user's highest characteristic less 2, less 1, or itself
/// (seed 002 L1581-1585; Director creatures alike, L4734).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Strength {
    Weak,
    Average,
    Strong,
}

/// "M < AVERAGE": the effect lands only when the target's characteristic is below the
/// potency (seed 002 L1575-1587).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Potency {
    pub resisted_by: Characteristic,
    pub strength: Strength,
}

impl Potency {
    /// The potency value from the user's characteristics.
    pub fn value(self, user: &Characteristics) -> i32 {
        user.highest()
            - match self.strength {
                Strength::Weak => 2,
                Strength::Average => 1,
                Strength::Strong => 0,
            }
    }
}

/// A condition an outcome imposes, maybe behind a potency.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ConditionEffect {
    pub condition: Condition,
    pub duration: Duration,
    #[serde(default)]
    pub potency: Option<Potency>,
}

/// "Prone", or "prone and can't stand (save ends)", maybe behind a potency: the target falls
/// prone after the outcome's forced movement, with the conditions (seed 002 L1553-1565,
/// L1753-1757).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KnockProne {
    #[serde(default)]
    pub potency: Option<Potency>,
    /// It can't stand up for this long.
    #[serde(default)]
    pub cant_stand: Option<crate::terms::effect::EffectDuration>,
}

/// One tier's outcome, or the unrolled effect: resolved damage first, then forced movement, then
/// conditions (seed 002 L1553-1565).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Outcome {
    #[serde(default)]
    pub damage: Option<DamageSpec>,
    #[serde(default)]
    pub forced: Option<ForcedEffect>,
    #[serde(default)]
    pub conditions: Vec<ConditionEffect>,
    /// The target is knocked prone, behind a potency if one is given (seed 002 L1753-1757).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub prone: Option<KnockProne>,
    /// Temporary Stamina the target gains (the higher of old and new, seed 002 L3094-3102).
    #[serde(default)]
    pub temporary_stamina: u32,
    /// The target regains Stamina equal to its recovery value, spending no Recovery.
    #[serde(default)]
    pub recovery_value: bool,
    /// The user regains Stamina equal to the damage this outcome deals: one target's worth
    /// however many it hits, the largest (seed 002 L4284-4286; digest A-32).
    #[serde(default)]
    pub heal_by_damage: bool,
    /// Creatures the effect brings in beside its user (seed 002 L4280-4282).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub summon: Vec<Summon>,
    /// Temporary Stamina the ability's user gains, not the target: once per use however many
    /// targets the outcome lands on, the user picking the tier's when they differ (seed 002
    /// L1565; DS-CORE-26).
    #[serde(default)]
    pub user_temporary_stamina: u32,
    /// A bonus or penalty left on the target for a while (seed 002 L1622-1624, L1675).
    #[serde(default)]
    pub lingering: Option<Lingering>,
    /// The user teleports the target up to this many squares (seed 002 L2696-2708).
    #[serde(default, skip_serializing_if = "is_zero")]
    pub teleport: u32,
    /// The target may move, or shift, up to this many squares at once (seed 002 L2584).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub grant_move: Option<granted::GrantMove>,
    /// The target may make a free strike at once, off its own turn if need be, taking no
    /// action (seed 002 L2960-2962).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub grant_free_strike: bool,
    /// Answering a `Targeted` trigger: the triggering ability's roll against the creature it
    /// protects takes a bane (seed 002 L2546: the answer comes before the ability lands).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub bane_on_trigger: bool,
    /// Answering a `Targeted` trigger: the triggering ability's damage to the creature it
    /// protects is halved, rounded down (seed 002 L783, L3038).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub halve_trigger_damage: bool,
    /// Answering a `Targeted` trigger: the user becomes the target in place of the creature
    /// it protects, when it would be a legal target itself.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub become_target: bool,
    /// Anything else, in words, for the log.
    #[serde(default)]
    pub text: String,
}

impl Outcome {
    /// Whether it changes the ability a `Targeted` trigger answers.
    pub fn answers_targeting(&self) -> bool {
        self.bane_on_trigger || self.halve_trigger_damage || self.become_target
    }

    /// Whether a potency alone decides all it does: conditions behind a potency and nothing
    /// else (seed 002 L1626-1632).
    pub fn potency_only(&self) -> bool {
        self.damage.is_none()
            && self.forced.is_none()
            && self.temporary_stamina == 0
            && !self.recovery_value
            && self.summon.is_empty()
            && self.user_temporary_stamina == 0
            && self.lingering.is_none()
            && self.teleport == 0
            && self.grant_move.is_none()
            && !self.grant_free_strike
            && !self.answers_targeting()
            && !self.conditions.is_empty()
            && self.conditions.iter().all(|c| c.potency.is_some())
    }

    /// The outcome as one line of a stat block, given the characteristic value added to damage.
    pub fn describe(&self, characteristic: i32) -> String {
        let mut parts = Vec::new();
        if let Some(d) = self.damage {
            let n = d.base as i32
                + if d.plus_characteristic {
                    characteristic
                } else {
                    0
                };
            let kind = d
                .kind
                .map(|k| format!(" {k:?}").to_lowercase())
                .unwrap_or_default();
            parts.push(format!("{}{kind} damage", n.max(0)));
        }
        if let Some(f) = self.forced {
            let vertical = if f.vertical { "vertical " } else { "" };
            parts.push(format!("{vertical}{} {}", f.kind.name(), f.distance));
        }
        for c in &self.conditions {
            let gate = c.potency.map(potency_gate).unwrap_or_default();
            parts.push(format!(
                "{gate}{} ({})",
                c.condition.name(),
                c.duration.label()
            ));
        }
        if let Some(k) = self.prone {
            let gate = k.potency.map(potency_gate).unwrap_or_default();
            let down = k
                .cant_stand
                .map(|d| format!(" and can't stand ({})", d.label()))
                .unwrap_or_default();
            parts.push(format!("{gate}prone{down}"));
        }
        if self.temporary_stamina > 0 {
            parts.push(format!("{} temporary Stamina", self.temporary_stamina));
        }
        if self.recovery_value {
            parts.push("regains its recovery value".into());
        }
        if self.heal_by_damage {
            parts.push("the user regains Stamina equal to the damage dealt".into());
        }
        for s in &self.summon {
            parts.push(format!("summons {}", s.template));
        }
        if let Some(l) = self.lingering {
            parts.push(l.describe());
        }
        if self.teleport > 0 {
            parts.push(format!("teleported up to {}", self.teleport));
        }
        if let Some(m) = self.grant_move {
            let how = if m.shift { "shift" } else { "move" };
            parts.push(format!("may {how} up to {}", m.distance));
        }
        if self.grant_free_strike {
            parts.push("may make a free strike now".into());
        }
        if self.user_temporary_stamina > 0 {
            parts.push(format!(
                "the user gains {} temporary Stamina",
                self.user_temporary_stamina
            ));
        }
        if self.bane_on_trigger {
            parts.push("the triggering roll takes a bane".into());
        }
        if self.halve_trigger_damage {
            parts.push("the triggering damage is halved".into());
        }
        if self.become_target {
            parts.push("the user becomes the target instead".into());
        }
        if !self.text.is_empty() {
            parts.push(self.text.clone());
        }
        if parts.is_empty() {
            "no effect".into()
        } else {
            parts.join("; ")
        }
    }
}

/// A potency as a stat block writes it before its effect: `M < AVERAGE, `.
fn potency_gate(p: Potency) -> String {
    format!(
        "{} < {}, ",
        characteristic_letter(p.resisted_by),
        format!("{:?}", p.strength).to_uppercase()
    )
}

pub fn characteristic_letter(c: Characteristic) -> &'static str {
    match c {
        Characteristic::Might => "M",
        Characteristic::Agility => "A",
        Characteristic::Reason => "R",
        Characteristic::Intuition => "I",
        Characteristic::Presence => "P",
    }
}

/// The power roll: 2d10 + one characteristic (the highest of those listed), and three tiers
/// (seed 002 L1522-1551).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PowerRoll {
    pub characteristic: Vec<Characteristic>,
    pub tier1: Outcome,
    pub tier2: Outcome,
    pub tier3: Outcome,
}

impl PowerRoll {
    pub fn outcome(&self, tier: Tier) -> &Outcome {
        match tier {
            Tier::One => &self.tier1,
            Tier::Two => &self.tier2,
            Tier::Three => &self.tier3,
        }
    }

    /// The listed characteristic the user rolls with: the highest it has among them.
    pub fn characteristic_for(&self, user: &Characteristics) -> Option<Characteristic> {
        self.characteristic
            .iter()
            .copied()
            .max_by_key(|c| (user.get(*c), std::cmp::Reverse(*c as u8)))
    }
}

/// "Spend X: …" — an extra the user may pay its heroic resource for (seed 002 L1665-1667),
/// applied to each target after the rest.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Spend {
    pub cost: u32,
    pub effect: Outcome,
}

impl Spend {
    /// Everything it does hangs on potencies: resisted by every target, it costs nothing
    /// (seed 002 L1626-1632).
    pub fn potency_only(&self) -> bool {
        self.effect.potency_only()
    }
}

/// What using the ability costs (seed 002 L1349-1368, L1665-1667).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Cost {
    /// The hero's heroic resource (Wrath, Focus, Piety…).
    Resource(u32),
    /// The Director's Malice.
    Malice(u32),
}

/// A triggered ability's trigger (seed 002 L1416-1422): the event in the stat block's words, for
/// the log, and as the engine watches for it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Trigger {
    /// As the stat block writes it: "an adjacent enemy deals damage to you".
    pub text: String,
    pub on: On,
}

/// The events a triggered ability can answer. `Damaged` and `TurnStarted` open a trigger window
/// once the command that made them happen has resolved, forced movement and all
/// (`trigger::TriggerWindow`); `Targeted` opens one before the targeting ability rolls, which
/// waits for the answers (`trigger_targeted`; seed 002 L2546, L3038).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum On {
    /// A `by` creature deals damage to a `to` creature; the ability targets the one `aim`
    /// names.
    Damaged { to: Party, by: Party, aim: Aim },
    /// A `by` creature starts its turn; the ability targets it.
    TurnStarted { by: Party },
    /// A `by` creature targets a `who` creature with an ability (a strike when
    /// `strike_only`); the answer targets the one `aim` names and resolves first.
    Targeted {
        who: Party,
        by: Party,
        #[serde(default)]
        strike_only: bool,
        aim: Aim,
    },
}

impl On {
    /// The party the ability is aimed at: the creature it targets is one of them.
    pub fn aimed(self) -> Party {
        match self {
            On::Damaged {
                to,
                aim: Aim::Subject,
                ..
            } => to,
            On::Targeted {
                who,
                aim: Aim::Subject,
                ..
            } => who,
            On::Damaged {
                by,
                aim: Aim::Cause,
                ..
            }
            | On::Targeted {
                by,
                aim: Aim::Cause,
                ..
            }
            | On::TurnStarted { by } => by,
        }
    }
}

/// A creature in a trigger, as the triggered ability's user sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Party {
    /// The user itself.
    You,
    /// A creature on the user's side, not the user.
    Ally,
    YouOrAlly,
    Enemy,
    /// Any creature, the user included.
    Any,
}

impl Party {
    /// Who a creature is to a user: the user itself, on its side, or not.
    pub fn of(same_side: bool, itself: bool) -> Party {
        match (itself, same_side) {
            (true, _) => Party::You,
            (false, true) => Party::Ally,
            (false, false) => Party::Enemy,
        }
    }

    pub fn describe(self) -> &'static str {
        match self {
            Party::You => "its user",
            Party::Ally => "an ally",
            Party::YouOrAlly => "its user or an ally",
            Party::Enemy => "an enemy",
            Party::Any => "any creature",
        }
    }

    /// Whether `other` (on `other_side`) is this party to `user` (on `user_side`).
    pub fn includes(self, user: &str, user_side: Side, other: &str, other_side: Side) -> bool {
        match self {
            Party::You => other == user,
            Party::Ally => other_side == user_side && other != user,
            Party::YouOrAlly => other_side == user_side,
            Party::Enemy => other_side != user_side,
            Party::Any => true,
        }
    }
}

/// Which creature of the event a triggered ability targets: the one it happened to (`Subject`),
/// or the one that made it happen, "the triggering creature" (`Cause`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Aim {
    Subject,
    Cause,
}

/// An ability as content writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Ability {
    pub name: String,
    /// One or two lines of story; never mechanics (seed 002 L1343-1347).
    #[serde(default)]
    pub story: String,
    #[serde(default)]
    pub keywords: Vec<Keyword>,
    pub action: ActionType,
    /// A triggered ability's trigger: `(text: "...", on: ...)`.
    #[serde(default)]
    pub trigger: Option<Trigger>,
    pub distance: Distance,
    pub target: Target,
    #[serde(default)]
    pub power_roll: Option<PowerRoll>,
    /// Applies whether or not there is a roll: the whole of an unrolled ability (L1657-1659).
    #[serde(default)]
    pub effect: Option<Outcome>,
    #[serde(default)]
    pub cost: Option<Cost>,
    /// A signature ability: never costs its heroic resource (seed 002 L1370-1372).
    #[serde(default)]
    pub signature: bool,
    /// The area stays on the map (an aura, a wall, a zone).
    #[serde(default)]
    pub lasting: Option<Lasting>,
    /// An optional extra for more heroic resource.
    #[serde(default)]
    pub spend: Option<Spend>,
}

fn yes() -> bool {
    true
}

fn is_zero(n: &u32) -> bool {
    *n == 0
}

impl Ability {
    pub fn has(&self, k: Keyword) -> bool {
        self.keywords.contains(&k)
    }

    /// Every outcome it can have: the three tiers, then the effect.
    pub fn outcomes(&self) -> impl Iterator<Item = &Outcome> {
        self.power_roll
            .iter()
            .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
            .chain(&self.effect)
    }

    /// Whether any of its outcomes has a potency.
    pub fn has_potency(&self) -> bool {
        self.outcomes()
            .any(|o| o.conditions.iter().any(|c| c.potency.is_some()))
    }

    /// Whether a potency alone decides everything it does (seed 002 L1626-1632).
    pub fn potency_only(&self) -> bool {
        self.outcomes().all(Outcome::potency_only)
    }

    /// A strike: picks specific targets and rolls to harm them (seed 002 L1398-1408).
    pub fn is_strike(&self) -> bool {
        self.has(Keyword::Strike)
    }

    /// A triggered or free triggered action (seed 002 L2544-2552).
    pub fn is_triggered(&self) -> bool {
        matches!(
            self.action,
            ActionType::TriggeredAction | ActionType::FreeTriggeredAction
        )
    }

    /// Every way the stat block contradicts the rules, in words.
    pub fn problems(&self) -> Vec<String> {
        let mut out = self.keyword_problems();
        out.extend(self.distance_problems());
        out.extend(self.roll_problems());
        out.extend(self.trigger_problems());
        out.extend(self.cost_problems());
        out.extend(self.lasting_problems());
        out.extend(self.targeting_problems());
        out.extend(self.outcome_problems());
        out
    }

    /// Its keywords against its distance: Area, Strike, Melee and Ranged.
    fn keyword_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let area = self.distance.is_area();
        if self.has(Keyword::Area) != area {
            out.push(if area {
                format!(
                    "`{}` makes an area ({}) but lacks the Area keyword",
                    self.name,
                    self.distance.label()
                )
            } else {
                format!(
                    "`{}` has the Area keyword but its distance ({}) is not an area",
                    self.name,
                    self.distance.label()
                )
            });
        }
        if area && self.has(Keyword::Strike) {
            out.push(format!(
                "`{}`: an area ability is never a strike (seed 002 L1406-1408)",
                self.name
            ));
        }
        if self.has(Keyword::Melee) && self.has(Keyword::Ranged) {
            out.push(format!(
                "`{}`: an ability never has both the Melee and Ranged keywords (seed 002 L1440)",
                self.name
            ));
        }
        match self.distance {
            Distance::Melee(_) if self.has(Keyword::Ranged) => out.push(format!(
                "`{}` is Ranged but its distance is melee",
                self.name
            )),
            Distance::Ranged(_) if self.has(Keyword::Melee) => out.push(format!(
                "`{}` is Melee but its distance is ranged",
                self.name
            )),
            _ => {}
        }
        out
    }

    /// Its distance's sizes and its targets: Self with Self, a count unless it is an area.
    fn distance_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let area = self.distance.is_area();
        let sizes = match self.distance {
            Distance::Melee(n) | Distance::Ranged(n) | Distance::Aura(n) | Distance::Burst(n) => {
                vec![n]
            }
            Distance::MeleeOrRanged(m, r) => vec![m, r],
            Distance::Cube { side, .. } => vec![side],
            Distance::Line { length, width, .. } => vec![length, width],
            Distance::Wall { squares, .. } => vec![squares],
            Distance::SelfOnly => vec![],
        };
        if sizes.contains(&0) {
            out.push(format!(
                "`{}`: {} has a size of 0",
                self.name,
                self.distance.label()
            ));
        }
        if self.distance == Distance::SelfOnly && self.target.who != Who::SelfOnly {
            out.push(format!(
                "`{}`: distance Self can only target Self",
                self.name
            ));
        }
        if self.target.who == Who::SelfOnly && self.distance != Distance::SelfOnly {
            out.push(format!(
                "`{}` targets Self, so its distance is Self",
                self.name
            ));
        }
        if self.target.count.is_none() && !area && self.target.who != Who::SelfOnly {
            out.push(format!(
                "`{}`: only an area affects \"each\" creature; give the target a count",
                self.name
            ));
        }
        if self.target.count == Some(0) {
            out.push(format!("`{}` targets 0 creatures", self.name));
        }
        out
    }

    /// A strike has a power roll, the roll names a characteristic, and it rolls or has an effect.
    fn roll_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if self.is_strike() && self.power_roll.is_none() {
            out.push(format!(
                "`{}` is a strike, so it has a power roll (seed 002 L1398-1404)",
                self.name
            ));
        }
        if let Some(roll) = &self.power_roll
            && roll.characteristic.is_empty()
        {
            out.push(format!(
                "`{}`: its power roll names no characteristic",
                self.name
            ));
        }
        if self.power_roll.is_none() && self.effect.is_none() {
            out.push(format!(
                "`{}` has neither a power roll nor an effect",
                self.name
            ));
        }
        out
    }

    /// A triggered action has a trigger, and the trigger aims it where its target allows.
    fn trigger_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let triggered = self.is_triggered();
        if triggered != self.trigger.is_some() {
            out.push(if triggered {
                format!("`{}` is a triggered action without a trigger", self.name)
            } else {
                format!(
                    "`{}` has a trigger but is a {}",
                    self.name,
                    self.action.name()
                )
            });
        }
        if let Some(t) = &self.trigger
            && self.distance != Distance::SelfOnly
            && !self.target.admits(t.on.aimed())
        {
            out.push(format!(
                "`{}`: its trigger aims it at {}, which its target rules out",
                self.name,
                t.on.aimed().describe()
            ));
        }
        out
    }

    /// A signature ability costs no resource; no cost is 0.
    fn cost_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.cost {
            Some(Cost::Resource(_)) if self.signature => out.push(format!(
                "`{}` is a signature ability, which costs no heroic resource (seed 002 L1370-1372)",
                self.name
            )),
            Some(Cost::Resource(0) | Cost::Malice(0)) => {
                out.push(format!("`{}` costs 0; leave the cost out", self.name))
            }
            _ => {}
        }
        out
    }

    /// A wall stands as a lasting area; what an area leaves behind fits its distance.
    fn lasting_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        if matches!(self.distance, Distance::Wall { .. }) && self.lasting.is_none() {
            out.push(format!(
                "`{}` is a wall: give it `lasting: (duration: …, ground: Wall)` so it stands",
                self.name
            ));
        }
        if let Some(lasting) = self.lasting {
            match (self.distance, lasting.ground) {
                (d, _) if !d.is_area() => out.push(format!(
                    "`{}` leaves an area behind but its distance ({}) makes none",
                    self.name,
                    d.label()
                )),
                (Distance::Aura(_), Some(_)) => out.push(format!(
                    "`{}`: an aura moves with its creator, so it can't change the ground",
                    self.name
                )),
                (Distance::Wall { .. }, g) if g != Some(ZoneGround::Wall) => out.push(format!(
                    "`{}` is a wall: its lasting ground is Wall",
                    self.name
                )),
                (d, Some(ZoneGround::Wall)) if !matches!(d, Distance::Wall { .. }) => out.push(
                    format!("`{}`: only a wall ability raises a wall", self.name),
                ),
                _ => {}
            }
        }
        out
    }

    /// Each outcome: no 0-square movement, summons only from a Self effect, lingering effects that
    /// change something, damage only where it can hurt.
    fn outcome_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let outcomes = self
            .power_roll
            .iter()
            .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
            .chain(self.effect.as_ref());
        for o in outcomes {
            if let Some(f) = o.forced
                && f.distance == 0
            {
                out.push(format!("`{}`: a forced movement of 0 squares", self.name));
            }
            if o.grant_move.is_some_and(|m| m.distance == 0) {
                out.push(format!("`{}`: a granted move of 0 squares", self.name));
            }
            let is_effect = self.effect.as_ref().is_some_and(|e| std::ptr::eq(e, o));
            if !o.summon.is_empty() && (!is_effect || self.target.who != Who::SelfOnly) {
                out.push(format!(
                    "`{}`: only the effect of an ability that targets Self summons (once per use)",
                    self.name
                ));
            }
            if let Some(l) = o.lingering
                && l.potency == 0
                && l.stability == 0
                && !l.halved_recovery_value
                && !l.cant_stand
                && l.automatic_tier.is_none()
            {
                out.push(format!(
                    "`{}` leaves a lingering effect that changes nothing",
                    self.name
                ));
            }
            if o.heal_by_damage && o.damage.is_none() {
                out.push(format!(
                    "`{}` heals its user by the damage dealt but an outcome with `heal_by_damage` deals none",
                    self.name
                ));
            }
            if o.damage.is_some() && matches!(self.target.who, Who::Ally | Who::SelfOnly) {
                out.push(format!(
                    "`{}` damages its targets but only targets allies or self",
                    self.name
                ));
            }
        }
        out
    }
}

impl Ability {
    /// Misused answers to being targeted: `bane_on_trigger`, `halve_trigger_damage` and
    /// `become_target` belong in the effect of a triggered ability whose trigger is `Targeted`;
    /// `become_target` protects another creature, so not one triggered by its user being
    /// targeted.
    fn targeting_problems(&self) -> Vec<String> {
        let mut out = Vec::new();
        let on = self.trigger.as_ref().map(|t| t.on);
        let in_tiers = self
            .power_roll
            .iter()
            .flat_map(|r| [&r.tier1, &r.tier2, &r.tier3])
            .chain(self.spend.as_ref().map(|s| &s.effect))
            .any(Outcome::answers_targeting);
        if in_tiers {
            out.push(format!(
                "`{}`: what an answer does to the triggering ability goes in its effect, not a tier or an extra",
                self.name
            ));
        }
        let Some(effect) = self.effect.as_ref().filter(|e| e.answers_targeting()) else {
            return out;
        };
        match on {
            Some(On::Targeted { who, .. }) => {
                if effect.become_target && who == Party::You {
                    out.push(format!(
                        "`{}` makes its user the target instead, but its trigger is its user being targeted",
                        self.name
                    ));
                }
            }
            // Damage already dealt can still be halved (`trigger::halve_damage_taken`).
            Some(On::Damaged { .. }) if !effect.bane_on_trigger && !effect.become_target => {}
            _ => out.push(format!(
                "`{}` changes the ability that triggered it (a bane, halved damage or a new target), which only a `Targeted` trigger can (a `Damaged` one can halve the damage)",
                self.name
            )),
        }
        out
    }
}

/// The abilities a game knows, by id: the built-in library and the scenario's own.
#[derive(
    bevy_ecs::prelude::Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize,
)]
pub struct AbilityBook(pub BTreeMap<String, Ability>);

impl AbilityBook {
    pub fn get(&self, id: &str) -> Option<&Ability> {
        self.0.get(id)
    }
}

/// The built-in ability library: original abilities built on the rules' formulas.
pub const LIBRARY: &str = include_str!("../../content/abilities.ron");

impl Kit {
    pub fn is_empty(&self) -> bool {
        *self == Kit::default()
    }

    /// The bonus `ability` gets from the kit, used at range or not.
    pub fn weapon_damage_bonus(&self, ability: &Ability, ranged: bool) -> u32 {
        if !ability.has(Keyword::Weapon) {
            return 0;
        }
        let at_range = match ability.distance.reach(ranged) {
            Some((at_range, _)) => at_range,
            None if ability.has(Keyword::Ranged) => true,
            None if ability.has(Keyword::Melee) => false,
            None => return 0,
        };
        if at_range {
            self.ranged_damage
        } else {
            self.melee_damage
        }
    }
}

/// One creature an effect summons.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Summon {
    /// A creature template from the scenario's `templates` or the built-in library.
    pub template: String,
    /// Where it appears, in squares right and down from the summoner's square.
    #[serde(default)]
    pub offset: (i32, i32),
}
