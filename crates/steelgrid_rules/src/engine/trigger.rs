//! Trigger windows opened after each command (seed 002 L2544-2552): the rules are in `trigger`.

use super::Engine;
use crate::ability::{AbilityBook, Distance};
use crate::creature::{Abilities, CreatureId, Identity, Side};
use crate::terms::trigger::Happening;
use crate::trigger::{happenings, targeted};
use crate::turn::pending::{TriggerOption, TriggerWindow, Waiting};

use crate::event::{Event, EventLog};
use crate::turn::TurnState;

impl Engine {
    /// After each command: queue the events it caused that may trigger abilities (none from an
    /// answer to an open window), then — once no forced movement is waiting — keep the open
    /// window to the answers still possible (closing it when none is left) and open the next
    /// one that some creature can answer.
    pub(crate) fn after_command(&mut self, start: usize, window_was_open: bool) {
        let new = if window_was_open {
            Vec::new()
        } else {
            happenings(&self.world.resource::<EventLog>().events[start..])
        };
        let mut turn = self.world.resource_mut::<TurnState>();
        turn.queued_triggers.extend(new);
        if turn.outcome.is_some() {
            turn.queued_triggers.clear();
            turn.trigger_window = None;
            turn.pending_ability = None;
            turn.pending_move = None;
            return;
        }
        if turn.pending_forced.is_some() {
            return;
        }
        // What an answer did may leave another creature's listed use impossible (its target
        // down or pushed away): the window keeps only what is still possible.
        if let Some(window) = turn.trigger_window.take() {
            let kept = self.possible(window);
            self.world.resource_mut::<TurnState>().trigger_window = kept;
        }
        while self.world.resource::<TurnState>().trigger_window.is_none() {
            let mut turn = self.world.resource_mut::<TurnState>();
            if turn.queued_triggers.is_empty() {
                break;
            }
            let next = turn.queued_triggers.remove(0);
            let Some(window) = self.window_for(next) else {
                continue;
            };
            self.world.resource_mut::<EventLog>().push(
                window.happening.rule(),
                Event::TriggerWindowOpened {
                    happening: window.happening.clone(),
                    waiting: window.waiting.iter().map(|w| w.creature.clone()).collect(),
                },
            );
            self.world.resource_mut::<TurnState>().trigger_window = Some(window);
        }
        self.resolve_pending_ability();
        self.resume_pending_move();
    }

    /// The window `happening` opens: every creature, heroes first and then in scenario order,
    /// with the uses of its triggered abilities that `happening` triggers and the engine would
    /// accept; `None` when nobody can answer.
    pub(crate) fn window_for(&mut self, happening: Happening) -> Option<TriggerWindow> {
        if let Happening::Leaving { .. } = happening {
            return self.leaving_window(happening);
        }
        let mut all: Vec<(u32, String, Side, Vec<String>)> = steelgrid_kernel::reads::read::<
            (&CreatureId, &Identity, &Side, &Abilities),
            _,
        >(&self.world, |q| {
            q.iter()
                .map(|(id, ident, side, abilities)| {
                    (ident.order, id.0.clone(), *side, abilities.0.clone())
                })
                .collect()
        })
        // No creature has ever had abilities: no one to answer.
        .unwrap_or_default();
        all.sort_by_key(|r| (r.2 != Side::Heroes, r.0));
        let side_of = |id: &str| all.iter().find(|r| r.1 == id).map(|r| r.2);
        let book = self.world.resource::<AbilityBook>();
        let mut waiting: Vec<Waiting> = Vec::new();
        for (_, id, side, abilities) in &all {
            let mut options = Vec::new();
            for a in abilities {
                let Some(ab) = book.get(a).filter(|ab| ab.is_triggered()) else {
                    continue;
                };
                let Some(target) = ab
                    .trigger
                    .as_ref()
                    .and_then(|t| happening.aimed(t.on, id, *side, side_of))
                else {
                    continue;
                };
                let targets = if ab.distance == Distance::SelfOnly {
                    Vec::new()
                } else {
                    vec![target]
                };
                let ranged: &[bool] = match ab.distance {
                    Distance::MeleeOrRanged(..) => &[false, true],
                    Distance::Ranged(_) => &[true],
                    _ => &[false],
                };
                options.extend(ranged.iter().map(|&ranged| TriggerOption {
                    ability: a.clone(),
                    targets: targets.clone(),
                    ranged,
                }));
            }
            if !options.is_empty() {
                waiting.push(Waiting {
                    creature: id.clone(),
                    options,
                    opportunity: false,
                });
            }
        }
        self.possible(TriggerWindow { happening, waiting })
    }

    /// `window` with only the uses the engine would accept while it is open — of a "Melee or
    /// Ranged" ability's two, the first that works — and only the creatures left with one;
    /// `None` when nobody is.
    pub(crate) fn possible(&mut self, mut window: TriggerWindow) -> Option<TriggerWindow> {
        self.world.resource_mut::<TurnState>().trigger_window = Some(window.clone());
        let happening = window.happening.clone();
        for w in &mut window.waiting {
            w.options.retain(|o| {
                self.check_ability_by(&o.command(&w.creature), None).is_ok()
                    && self.answer_fits(&happening, &w.creature, &o.ability)
            });
            w.options
                .dedup_by(|later, first| later.ability == first.ability);
            w.opportunity = w.opportunity && self.opportunity_open(&happening, &w.creature);
        }
        self.world.resource_mut::<TurnState>().trigger_window = None;
        // A creature left with no uses stays only to take the move an answer granted it.
        let turn = self.world.resource::<TurnState>();
        window.waiting.retain(|w| {
            !w.options.is_empty() || w.opportunity || targeted::moving(turn, &w.creature)
        });
        (!window.waiting.is_empty()).then_some(window)
    }
}
