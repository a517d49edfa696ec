//! One activation (digest A14; seed 000 L285-383): its steps from the start-of-turn effects to
//! the attack steps, how an attack with several targets picks them, and what a creature may
//! do in the turn: one attack, one move and one minor action with their conversions
//! (L461-465), one immediate action (L232), and free actions.

use serde::{Deserialize, Serialize};
use steelgrid_kernel::body::CreatureId;
use steelgrid_kernel::rule::{Rule, RuleError};

pub use crate::movement::opportunity::AttackIcon;
use crate::rule::round as rule;

/// The steps of a turn, in order (seed 000 L287-383). T0 to B8 run once for each attack of
/// the action; the damage steps inside B6 and B8 are the damage chapter's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum TurnStep {
    /// F1: effects lasting until the start of this creature's turn end.
    EndEffects,
    /// F2: who controls the creature (confusion, domination).
    Controller,
    /// F3: damage set off by activating (ongoing damage), without the extra-damage step.
    ActivationDamage,
    /// F4: the other start-of-turn effects, as simultaneous effects.
    StartOfTurnEffects,
    /// A1: the player decides what the creature does. AMB-8: its heading says "end of
    /// effects", a slip the digest reads past; nothing ends here.
    DecideAction,
    /// A2: a charge or a check-box power is marked used now, before any opportunity attack.
    MarkPowersUsed,
    /// T0: opportunity attacks against a ranged or area attack.
    OpportunityAttacks,
    /// T1: legal targets, picked as [`targeting`] says.
    ChooseTargets,
    /// T2: powers triggered by the targeting, limited by [`Turn::when_targeted`].
    WhenTargeted,
    /// T3: powers that change or cancel targets.
    ChangeTargets,
    /// B1: modifiers to the attack.
    Modifiers,
    /// B2: the attack roll.
    AttackRoll,
    /// B3: "when attacked" and "after attack" triggers.
    AttackTriggers,
    /// B4: critical-hit triggers.
    CriticalTriggers,
    /// B5: hit triggers.
    HitTriggers,
    /// B6: the hit's effects in the card's order, damage through the damage sequence.
    ApplyHit,
    /// B7: the follow-up attack, if any.
    FollowUp,
    /// B8: miss triggers and miss damage.
    MissTriggers,
}

impl TurnStep {
    /// Every step, in the order a turn runs them.
    pub const ALL: [TurnStep; 18] = [
        TurnStep::EndEffects,
        TurnStep::Controller,
        TurnStep::ActivationDamage,
        TurnStep::StartOfTurnEffects,
        TurnStep::DecideAction,
        TurnStep::MarkPowersUsed,
        TurnStep::OpportunityAttacks,
        TurnStep::ChooseTargets,
        TurnStep::WhenTargeted,
        TurnStep::ChangeTargets,
        TurnStep::Modifiers,
        TurnStep::AttackRoll,
        TurnStep::AttackTriggers,
        TurnStep::CriticalTriggers,
        TurnStep::HitTriggers,
        TurnStep::ApplyHit,
        TurnStep::FollowUp,
        TurnStep::MissTriggers,
    ];

    /// The step's name in the turn sequence: "F1" to "B8".
    pub fn label(self) -> &'static str {
        const LABELS: [&str; 18] = [
            "F1", "F2", "F3", "F4", "A1", "A2", "T0", "T1", "T2", "T3", "B1", "B2", "B3", "B4",
            "B5", "B6", "B7", "B8",
        ];
        LABELS[self as usize]
    }

    /// T0 to B8: run again for every attack of the action.
    pub fn per_attack(self) -> bool {
        self >= TurnStep::OpportunityAttacks
    }

    pub fn rule(self) -> Rule {
        match self {
            TurnStep::ChooseTargets => rule::TARGET_ORDER,
            TurnStep::WhenTargeted => rule::WHEN_TARGETED,
            _ => rule::TURN_SEQUENCE,
        }
    }
}

/// How T1 picks the targets of an attack with several.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Targeting {
    /// Pick a target, resolve that attack, then pick the next.
    OneAtATime,
    /// Name every target and their order, then roll in that order.
    AllBeforeRolling,
}

/// AMB-7: seed 000 L319 calls several `[M]` or `[R]` attacks "simultaneous", then has each next
/// target picked after the previous attack is resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum MultipleAttacks {
    /// The digest's reading: one target at a time, as the sentence after the word describes.
    #[default]
    OneTargetAtATime,
    /// "Simultaneous" taken literally: every target named before any roll.
    AllTargetsFirst,
}

/// T1: close and area attacks, and melee or ranged attacks using area mechanics such as a
/// melee burst, name every target first (seed 000 L321, L325); other melee and ranged attacks
/// as `multiple` reads L319.
pub fn targeting(icon: AttackIcon, area_mechanics: bool, multiple: MultipleAttacks) -> Targeting {
    let area = matches!(icon, AttackIcon::Close | AttackIcon::Area) || area_mechanics;
    match multiple {
        MultipleAttacks::OneTargetAtATime if !area => Targeting::OneAtATime,
        _ => Targeting::AllBeforeRolling,
    }
}

/// What a creature does with part of a turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    Attack,
    Move,
    Minor,
    /// Out of the turn's budget, once a turn (seed 000 L232, [`ImmediateLimit`]).
    Immediate,
    /// Costs nothing (not in seed).
    Free,
}

impl Action {
    /// The turn's actions that may pay for this one, cheapest first: an attack only by the
    /// attack action; a move by the move action or the attack action (L465); a minor action
    /// by any of the three (L461).
    pub fn paid_by(self) -> &'static [Slot] {
        match self {
            Action::Attack => &[Slot::Attack],
            Action::Move => &[Slot::Move, Slot::Attack],
            Action::Minor => &[Slot::Minor, Slot::Move, Slot::Attack],
            Action::Immediate | Action::Free => &[],
        }
    }

    fn word(self) -> &'static str {
        match self {
            Action::Attack => "an attack action",
            Action::Move => "a move action",
            Action::Minor => "a minor action",
            Action::Immediate => "an immediate action",
            Action::Free => "a free action",
        }
    }
}

/// One of the three actions a turn has (seed 000 L461).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Slot {
    Attack,
    Move,
    Minor,
}

impl Slot {
    fn word(self) -> &'static str {
        match self {
            Slot::Attack => "attack action",
            Slot::Move => "move action",
            Slot::Minor => "minor action",
        }
    }
}

/// What is left of the active creature's attack, move and minor actions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Budget {
    left: [bool; 3],
    attack_action_made: bool,
}

impl Default for Budget {
    fn default() -> Self {
        Budget::FULL
    }
}

impl Budget {
    /// A new turn's: one of each (seed 000 L461).
    pub const FULL: Budget = Budget {
        left: [true; 3],
        attack_action_made: false,
    };

    pub fn has(self, slot: Slot) -> bool {
        self.left[slot as usize]
    }

    /// Whether the creature made an attack action: spending the attack action on a move (or
    /// on a minor action) is not making one (seed 000 L465).
    pub fn made_attack_action(self) -> bool {
        self.attack_action_made
    }

    /// The cheapest of the turn's actions still left that can pay for `action`.
    pub fn cheapest(self, action: Action) -> Result<Slot, RuleError> {
        let slots = action.paid_by();
        match slots.iter().copied().find(|s| self.has(*s)) {
            Some(slot) => Ok(slot),
            None if slots.is_empty() => Err(outside_budget(action)),
            None => Err(RuleError::new(
                rule::ACTIONS,
                format!("nothing left this turn pays for {}", action.word()),
            )),
        }
    }

    /// Pay for `action` with `slot`.
    pub fn pay(self, action: Action, slot: Slot) -> Result<Budget, RuleError> {
        if !action.paid_by().contains(&slot) {
            return Err(cannot_pay(action, slot));
        }
        if !self.has(slot) {
            return Err(RuleError::new(
                rule::ACTIONS,
                format!("the {} is already spent this turn", slot.word()),
            ));
        }
        let mut left = self.left;
        left[slot as usize] = false;
        Ok(Budget {
            left,
            attack_action_made: self.attack_action_made || action == Action::Attack,
        })
    }
}

/// Why `slot` cannot pay for `action`.
fn cannot_pay(action: Action, slot: Slot) -> RuleError {
    match (action, slot) {
        (Action::Immediate | Action::Free, _) => outside_budget(action),
        (_, Slot::Minor) => RuleError::new(
            rule::MINOR,
            format!("a minor action cannot be spent as {}", action.word()),
        ),
        _ => RuleError::new(
            rule::ATTACK_AS_MOVE,
            format!("a {} cannot be spent as {}", slot.word(), action.word()),
        ),
    }
}

/// Immediate and free actions take nothing from the attack, move and minor actions.
fn outside_budget(action: Action) -> RuleError {
    let rule = match action {
        Action::Free => rule::FREE,
        _ => rule::IMMEDIATE,
    };
    RuleError::new(
        rule,
        format!(
            "{} takes none of the turn's attack, move or minor actions",
            action.word()
        ),
    )
}

/// AMB-5: seed 000 L232 allows an immediate action once "in its turn", which may mean any
/// turn or the creature's own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ImmediateLimit {
    /// The digest's reading: in every turn, whoever's, a creature uses at most one.
    #[default]
    EveryTurn,
    /// The limit counts only in the creature's own turn; in others' turns L232 sets none.
    OwnTurnOnly,
}

/// AMB-6: seed 000 L329 allows a power triggered by targeting once a turn "for one creature",
/// while another's targeting is fine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WhenTargetedLimit {
    /// The digest's reading: each source uses such a power once a turn; another source may
    /// still use its own.
    #[default]
    PerSource,
    /// Each targeted creature is helped by such a power once a turn, whatever its source.
    PerTarget,
}

/// One creature's activation: its budget, and the once-a-turn uses of every creature in it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    active: CreatureId,
    budget: Budget,
    /// Creatures that have used an immediate action this turn.
    immediates: Vec<CreatureId>,
    /// Powers used at T2 this turn: (source, targeted creature).
    when_targeted: Vec<(CreatureId, CreatureId)>,
}

impl Turn {
    /// `active`'s turn, with all its actions.
    pub fn of(active: CreatureId) -> Self {
        Turn {
            active,
            budget: Budget::FULL,
            immediates: Vec::new(),
            when_targeted: Vec::new(),
        }
    }

    pub fn active(&self) -> &CreatureId {
        &self.active
    }

    pub fn budget(&self) -> Budget {
        self.budget
    }

    /// `who` takes `action`, paid with `slot` or else the cheapest one left: the turn after
    /// it, or why not.
    pub fn act(
        &self,
        who: &CreatureId,
        action: Action,
        slot: Option<Slot>,
        limit: ImmediateLimit,
    ) -> Result<Turn, RuleError> {
        match (action, slot) {
            (Action::Immediate | Action::Free, Some(_)) => Err(outside_budget(action)),
            (Action::Free, None) => Ok(self.clone()),
            (Action::Immediate, None) => self.immediate(who, limit),
            _ => self.spend(who, action, slot),
        }
    }

    /// Only the active creature spends the turn's attack, move and minor actions.
    fn spend(
        &self,
        who: &CreatureId,
        action: Action,
        slot: Option<Slot>,
    ) -> Result<Turn, RuleError> {
        if *who != self.active {
            return Err(RuleError::new(
                rule::ACTIONS,
                format!(
                    "it is {}'s turn: {} cannot take {} in it",
                    self.active.0,
                    who.0,
                    action.word()
                ),
            ));
        }
        let slot = match slot {
            Some(slot) => slot,
            None => self.budget.cheapest(action)?,
        };
        Ok(Turn {
            budget: self.budget.pay(action, slot)?,
            ..self.clone()
        })
    }

    /// One immediate action a creature in a turn (seed 000 L232, read as `limit` says).
    fn immediate(&self, who: &CreatureId, limit: ImmediateLimit) -> Result<Turn, RuleError> {
        let counted = limit == ImmediateLimit::EveryTurn || *who == self.active;
        if !counted {
            return Ok(self.clone());
        }
        if self.immediates.contains(who) {
            return Err(RuleError::new(
                rule::IMMEDIATE,
                format!(
                    "{} has already used its immediate action in {}'s turn",
                    who.0, self.active.0
                ),
            ));
        }
        let mut next = self.clone();
        next.immediates.push(who.clone());
        Ok(next)
    }

    /// T2: `source`'s power triggered by `target` being targeted, once a turn as `limit`
    /// reads seed 000 L329.
    pub fn when_targeted(
        &self,
        source: &CreatureId,
        target: &CreatureId,
        limit: WhenTargetedLimit,
    ) -> Result<Turn, RuleError> {
        let used = self.when_targeted.iter().any(|(s, t)| match limit {
            WhenTargetedLimit::PerSource => s == source,
            WhenTargetedLimit::PerTarget => t == target,
        });
        if used {
            let reason = match limit {
                WhenTargetedLimit::PerSource => {
                    format!(
                        "{} has already used a when-targeted power this turn",
                        source.0
                    )
                }
                WhenTargetedLimit::PerTarget => format!(
                    "a when-targeted power has already been used for {} this turn",
                    target.0
                ),
            };
            return Err(RuleError::new(rule::WHEN_TARGETED, reason));
        }
        let mut next = self.clone();
        next.when_targeted.push((source.clone(), target.clone()));
        Ok(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn id(name: &str) -> CreatureId {
        CreatureId(name.to_string())
    }

    fn orc_turn() -> Turn {
        Turn::of(id("orc"))
    }

    fn act(turn: &Turn, action: Action, slot: Option<Slot>) -> Result<Turn, RuleError> {
        turn.act(&id("orc"), action, slot, ImmediateLimit::EveryTurn)
    }

    fn left(turn: &Turn) -> [bool; 3] {
        [Slot::Attack, Slot::Move, Slot::Minor].map(|s| turn.budget().has(s))
    }

    #[test]
    fn budget_one_attack_one_move_one_minor() {
        let mut turn = orc_turn();
        for action in [Action::Attack, Action::Move, Action::Minor] {
            turn = act(&turn, action, None).unwrap();
        }
        assert_eq!(left(&turn), [false, false, false]);
        assert!(turn.budget().made_attack_action());
        let err = act(&turn, Action::Minor, None).unwrap_err();
        assert_eq!(err.rule, rule::ACTIONS);
        assert_eq!(err.reason, "nothing left this turn pays for a minor action");
    }

    #[test]
    fn budget_a_second_attack_is_refused() {
        let turn = act(&orc_turn(), Action::Attack, None).unwrap();
        let err = act(&turn, Action::Attack, None).unwrap_err();
        assert_eq!(err.rule, rule::ACTIONS);
        assert_eq!(
            err.reason,
            "nothing left this turn pays for an attack action"
        );
        let err = act(&turn, Action::Attack, Some(Slot::Attack)).unwrap_err();
        assert_eq!(err.reason, "the attack action is already spent this turn");
    }

    #[test]
    fn budget_attack_spent_as_a_second_move_is_not_an_attack_action() {
        let turn = act(&orc_turn(), Action::Move, None).unwrap();
        let turn = act(&turn, Action::Move, None).unwrap();
        assert_eq!(left(&turn), [false, false, true]);
        assert!(!turn.budget().made_attack_action());
        let err = act(&turn, Action::Attack, None).unwrap_err();
        assert_eq!(err.rule, rule::ACTIONS);
    }

    #[test]
    fn budget_attack_and_move_can_both_become_minor_actions() {
        let mut turn = orc_turn();
        for _ in 0..3 {
            turn = act(&turn, Action::Minor, None).unwrap();
        }
        assert_eq!(left(&turn), [false, false, false]);
        assert!(!turn.budget().made_attack_action());
    }

    #[test]
    fn budget_a_minor_cheapest_first_then_move_then_attack() {
        let turn = act(&orc_turn(), Action::Minor, None).unwrap();
        assert_eq!(left(&turn), [true, true, false]);
        let turn = act(&turn, Action::Minor, None).unwrap();
        assert_eq!(left(&turn), [true, false, false]);
        let turn = act(&orc_turn(), Action::Minor, Some(Slot::Attack)).unwrap();
        assert_eq!(left(&turn), [false, true, true]);
    }

    #[test]
    fn budget_a_minor_action_becomes_nothing_else() {
        let err = act(&orc_turn(), Action::Move, Some(Slot::Minor)).unwrap_err();
        assert_eq!(err.rule, rule::MINOR);
        assert_eq!(
            err.reason,
            "a minor action cannot be spent as a move action"
        );
        let err = act(&orc_turn(), Action::Attack, Some(Slot::Minor)).unwrap_err();
        assert_eq!(
            err.reason,
            "a minor action cannot be spent as an attack action"
        );
    }

    #[test]
    fn budget_a_move_action_never_becomes_an_attack() {
        let err = act(&orc_turn(), Action::Attack, Some(Slot::Move)).unwrap_err();
        assert_eq!(err.rule, rule::ATTACK_AS_MOVE);
        assert_eq!(
            err.reason,
            "a move action cannot be spent as an attack action"
        );
    }

    #[test]
    fn budget_only_the_active_creature_spends_it() {
        let err = orc_turn()
            .act(&id("elf"), Action::Move, None, ImmediateLimit::EveryTurn)
            .unwrap_err();
        assert_eq!(err.rule, rule::ACTIONS);
        assert_eq!(
            err.reason,
            "it is orc's turn: elf cannot take a move action in it"
        );
    }

    #[test]
    fn budget_free_actions_cost_nothing_and_pay_for_nothing() {
        let turn = act(&orc_turn(), Action::Free, None).unwrap();
        let turn = act(&turn, Action::Free, None).unwrap();
        assert_eq!(turn, orc_turn());
        let err = act(&orc_turn(), Action::Free, Some(Slot::Minor)).unwrap_err();
        assert_eq!(err.rule, rule::FREE);
        assert_eq!(
            err.reason,
            "a free action takes none of the turn's attack, move or minor actions"
        );
    }

    #[test]
    fn amb_5_immediate_once_a_turn_for_each_creature() {
        let every = ImmediateLimit::EveryTurn;
        let turn = orc_turn()
            .act(&id("elf"), Action::Immediate, None, every)
            .unwrap();
        let turn = turn
            .act(&id("orc"), Action::Immediate, None, every)
            .unwrap();
        assert_eq!(left(&turn), [true, true, true]);
        let err = turn
            .act(&id("elf"), Action::Immediate, None, every)
            .unwrap_err();
        assert_eq!(err.rule, rule::IMMEDIATE);
        assert_eq!(
            err.reason,
            "elf has already used its immediate action in orc's turn"
        );
        let next = Turn::of(id("troll"));
        assert!(next.act(&id("elf"), Action::Immediate, None, every).is_ok());
    }

    #[test]
    fn amb_5_own_turn_reading_limits_only_the_active_creature() {
        let own = ImmediateLimit::OwnTurnOnly;
        let mut turn = orc_turn();
        for _ in 0..2 {
            turn = turn.act(&id("elf"), Action::Immediate, None, own).unwrap();
        }
        let turn = turn.act(&id("orc"), Action::Immediate, None, own).unwrap();
        let err = turn
            .act(&id("orc"), Action::Immediate, None, own)
            .unwrap_err();
        assert_eq!(
            err.reason,
            "orc has already used its immediate action in orc's turn"
        );
    }

    #[test]
    fn amb_6_when_targeted_once_a_turn_per_source() {
        let per = WhenTargetedLimit::PerSource;
        let turn = orc_turn()
            .when_targeted(&id("blade"), &id("ally"), per)
            .unwrap();
        let err = turn
            .when_targeted(&id("blade"), &id("mage"), per)
            .unwrap_err();
        assert_eq!(err.rule, rule::WHEN_TARGETED);
        assert_eq!(
            err.reason,
            "blade has already used a when-targeted power this turn"
        );
        assert!(turn.when_targeted(&id("guard"), &id("ally"), per).is_ok());
    }

    #[test]
    fn amb_6_per_target_reading_limits_the_targeted_creature() {
        let per = WhenTargetedLimit::PerTarget;
        let turn = orc_turn()
            .when_targeted(&id("blade"), &id("ally"), per)
            .unwrap();
        let err = turn
            .when_targeted(&id("guard"), &id("ally"), per)
            .unwrap_err();
        assert_eq!(
            err.reason,
            "a when-targeted power has already been used for ally this turn"
        );
        assert!(turn.when_targeted(&id("blade"), &id("mage"), per).is_ok());
    }

    #[test]
    fn amb_7_melee_and_ranged_pick_targets_one_at_a_time_areas_all_first() {
        let seq = MultipleAttacks::OneTargetAtATime;
        assert_eq!(
            targeting(AttackIcon::Melee, false, seq),
            Targeting::OneAtATime
        );
        assert_eq!(
            targeting(AttackIcon::Ranged, false, seq),
            Targeting::OneAtATime
        );
        assert_eq!(
            targeting(AttackIcon::Close, false, seq),
            Targeting::AllBeforeRolling
        );
        assert_eq!(
            targeting(AttackIcon::Area, false, seq),
            Targeting::AllBeforeRolling
        );
        assert_eq!(
            targeting(AttackIcon::Melee, true, seq),
            Targeting::AllBeforeRolling
        );
        let all = MultipleAttacks::AllTargetsFirst;
        assert_eq!(
            targeting(AttackIcon::Ranged, false, all),
            Targeting::AllBeforeRolling
        );
    }

    #[test]
    fn turn_steps_run_f1_to_b8_and_repeat_from_t0_for_each_attack() {
        let labels: Vec<_> = TurnStep::ALL.iter().map(|s| s.label()).collect();
        assert_eq!(
            labels.join(" "),
            "F1 F2 F3 F4 A1 A2 T0 T1 T2 T3 B1 B2 B3 B4 B5 B6 B7 B8"
        );
        let first_repeated = TurnStep::ALL.iter().find(|s| s.per_attack());
        assert_eq!(first_repeated, Some(&TurnStep::OpportunityAttacks));
        assert_eq!(TurnStep::ChooseTargets.rule(), rule::TARGET_ORDER);
        assert_eq!(TurnStep::DecideAction.rule(), rule::TURN_SEQUENCE);
    }
}
