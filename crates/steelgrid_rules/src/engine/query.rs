//! Read-only questions the client and the AI ask: the board, reachable squares, predictions.

use bevy_ecs::prelude::*;

use crate::ability::resolve;
use crate::command::{Command, RuleError};
use crate::condition::{self, Condition};
use crate::creature::*;
use crate::director::squad;
use crate::forced;
use crate::grid::{Footprint, Map, Square, Terrain};
use crate::movement;
use crate::options::RulesOptions;
use crate::rule;

use super::{CreatureView, Engine, StateView};

/// What forced movement needs of each creature, as the board reads it.
pub(super) type BodyRow = (
    &'static CreatureId,
    &'static Identity,
    &'static Side,
    &'static CreatureSize,
    &'static Position,
    &'static Characteristics,
    &'static Stability,
    &'static Vitality,
    Option<&'static Grabbed>,
    (
        Option<&'static Altitude>,
        Option<&'static Movement>,
        &'static condition::Conditions,
        Option<&'static StabilityModifier>,
        Has<movement::mount::Mounted>,
        Option<&'static movement::burrow::Depth>,
    ),
);

impl Engine {
    /// Every grab: (grabbed creature, grabber), in a stable order.
    pub(super) fn board_grabs(&self) -> Vec<(String, String)> {
        let mut grabs: Vec<(String, String)> = self.read::<(&CreatureId, &Grabbed), _>(|q| {
            q.iter()
                .map(|(id, g)| (id.0.clone(), g.by.clone()))
                .collect()
        });
        grabs.sort();
        grabs
    }

    /// The battlefield as forced movement sees it.
    pub fn board(&self) -> Vec<forced::Body> {
        let map = self.world.resource::<Map>();
        let effects = self.world.resource::<condition::effect::Effects>();
        let mut rows: Vec<(u32, forced::Body)> = self.read::<BodyRow, _>(|q| {
            q.iter()
                .map(
                    |(
                        id,
                        ident,
                        side,
                        size,
                        pos,
                        chars,
                        stab,
                        vit,
                        grabbed,
                        (altitude, movement, conditions, stability_modifier, rider, depth),
                    )| {
                        let altitude = altitude.map_or(0, |a| a.0);
                        let depth = depth.map_or(0, |d| d.0);
                        let flies = movement.is_some_and(|m| {
                            m.has(MovementMode::Fly) || m.has(MovementMode::Hover)
                        });
                        let footprint = Footprint::new(pos.0, size.0);
                        (
                            ident.order,
                            forced::Body {
                                id: id.0.clone(),
                                side: *side,
                                footprint,
                                size: size.0,
                                z: map.ground_under(footprint) + altitude as i32 - depth as i32,
                                agility: chars.agility,
                                might: chars.might,
                                stability: stab.0,
                                stability_change: stability_modifier.map_or(0, |m| m.0)
                                    + effects.stability(&id.0),
                                vitality: *vit,
                                grabbed_by: grabbed.map(|g| g.by.clone()),
                                restrained: conditions.has(Condition::Restrained),
                                altitude,
                                flies,
                                rider,
                                depth,
                                object: None,
                            },
                        )
                    },
                )
                .collect()
        });
        rows.sort_by_key(|r| r.0);
        rows.into_iter().map(|r| r.1).collect()
    }

    /// The battlefield for a forced movement: the creatures, and the object it moves when its
    /// target names one (seed 002 L2740).
    pub(super) fn forced_board(&self, spec: &forced::ForcedSpec) -> forced::Board<'_> {
        let map = self.world.resource::<Map>();
        let mut bodies = self.board();
        if let Some(square) = forced::object_square(&spec.target)
            && let Some(Terrain::Object { material }) = map.terrain(square)
        {
            let z = map.ground_under(Footprint::new(square, crate::grid::Size::Medium));
            bodies.push(forced::Body::object(square, material, z));
        }
        forced::Board {
            map,
            ground: self.world.resource::<movement::burrow::Ground>(),
            bodies,
            track_object_damage: self.world.resource::<RulesOptions>().track_object_damage,
        }
    }

    /// Work out a forced movement without changing anything: the preview the client and the AI
    /// show, and exactly what `ForceMove` will do.
    pub fn predict_forced(
        &self,
        spec: &forced::ForcedSpec,
    ) -> Result<forced::ForcedOutcome, RuleError> {
        forced::plan(&self.forced_board(spec), spec)
    }

    /// Check and price a willing move without making it: its cost, where it ends, the
    /// damaging terrain it crosses and who may make an opportunity attack at each step.
    pub fn plan_move(
        &self,
        creature: &str,
        path: &[Square],
        gait: movement::Gait,
    ) -> Result<movement::AdvancePlan, RuleError> {
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        let speed = self.move_speed(e, gait);
        let others = self.others_moving(e);
        let jump = self.jump(e);
        self.plan_on_foot(&mover, speed, &others, path, gait, jump)
    }

    /// The squares `creatures` threaten, together: those within each one's melee free strike's
    /// reach (seed 002 L2980-2991) of where it stands or of any square it could move to. The
    /// board shows them on demand, so a player sees where enemies could strike before they act.
    /// The state is read once for them all.
    pub fn threatened(&self, creatures: &[&str]) -> Result<Vec<Square>, RuleError> {
        let view = self.state_unhashed();
        let map = self.world.resource::<Map>();
        let mut squares = std::collections::BTreeSet::new();
        for &creature in creatures {
            let Some(c) = view.creatures.iter().find(|c| c.id == creature) else {
                return Err(crate::turn::unknown(creature));
            };
            let reach = c.free_strike_melee as i32;
            let side = c.size.side();
            let moves = self
                .reachable(creature, movement::Gait::Move)?
                .into_iter()
                .map(|r| r.square);
            for origin in std::iter::once(c.position).chain(moves) {
                for dx in -reach..side + reach {
                    for dy in -reach..side + reach {
                        let sq = Square::new(origin.x + dx, origin.y + dy);
                        if map.in_bounds(sq) && !map.is_solid(sq) {
                            squares.insert(sq);
                        }
                    }
                }
            }
        }
        Ok(squares.into_iter().collect())
    }

    /// Every square the creature can move to with `gait` now, with a cheapest path each.
    pub fn reachable(
        &self,
        creature: &str,
        gait: movement::Gait,
    ) -> Result<Vec<movement::Reach>, RuleError> {
        let e = self.entity(creature)?;
        let mover = self.creature_ref(e);
        if mover.altitude > 0 && gait == movement::Gait::Move {
            // Airborne: it moves with Fly, not on the ground.
            return Ok(Vec::new());
        }
        let speed = self.move_speed(e, gait);
        let others = self.others_moving(e);
        let jump = self.jump(e);
        let map = self.world.resource::<Map>();
        let reach = if mover.depth > 0 {
            // In the ground: through the dirt (seed 002 L2606).
            let ground = self.world.resource::<movement::burrow::Ground>();
            movement::burrow::reachable(map, ground, &mover, speed, &others, gait)
        } else {
            movement::reachable(map, &mover, speed, &others, gait, jump)
        };
        if !mover.conditions.has(Condition::Frightened) {
            return Ok(reach);
        }
        // A frightened creature's paths may not bring it closer to its fear (seed 002 L1739).
        Ok(reach
            .into_iter()
            .filter(|r| {
                let steps = self.ground_steps(&mover, &r.path);
                self.check_not_closer(&mover, &steps).is_ok()
            })
            .collect())
    }

    /// How far a move may go: speed for ordinary movement, 1 square for Disengage's shift
    /// (seed 002 L2825-2831); 0 while grabbed, halved while dragging a creature at least as
    /// big (seed 002 L1743-1745, DS-CORE-55) — except that a teleporter's Advance goes its usual
    /// speed, ignoring every change from conditions or effects, slowed included (L2706,
    /// DS-COMBAT-56).
    pub(crate) fn move_speed(&self, e: Entity, gait: movement::Gait) -> u32 {
        let base = match gait {
            movement::Gait::Shift => 1,
            // seed 002 L4454-4456: a captained squad member moves its "With Captain" bonus
            // farther.
            movement::Gait::Move => {
                let captained = self
                    .world
                    .get::<Minion>(e)
                    .and_then(|m| m.squad.as_ref())
                    .and_then(|s| self.world.resource::<squad::Squads>().0.get(s))
                    .map_or(0, |s| s.bonus().speed);
                self.world.get::<Speed>(e).expect("speed").0 + captained
            }
        };
        let me = self.creature_ref(e);
        if gait == movement::Gait::Move && me.movement.has(MovementMode::Teleport) {
            return base;
        }
        let base = condition::speed_under(&me.conditions, base);
        if me.grabbed_by.is_some() {
            return 0;
        }
        let held: Vec<Entity> = self
            .board_grabs()
            .into_iter()
            .filter(|(_, by)| *by == me.id)
            .filter_map(|(held, _)| self.entity(&held).ok())
            .collect();
        let sizes = self.world.resource::<RulesOptions>().grab_speed_sizes;
        let dragging_big = held
            .into_iter()
            .any(|h| sizes.at_least(self.creature_ref(h).size, me.size));
        if dragging_big { base / 2 } else { base }
    }

    /// Where the creature `mover` is grabbing ends up when `mover` makes this move: dragged
    /// along at the same offset. A teleport drags nothing (the grab then ends).
    pub(crate) fn drag(
        &self,
        mover: &CreatureRef,
        plan: &movement::AdvancePlan,
    ) -> Result<Option<movement::Drag>, RuleError> {
        if plan.teleport {
            return Ok(None);
        }
        let Some((held, _)) = self
            .board_grabs()
            .into_iter()
            .find(|(_, by)| *by == mover.id)
        else {
            return Ok(None);
        };
        let h = self.entity(&held)?;
        let body = self.creature_ref(h);
        let (dx, dy) = (
            plan.to.x - mover.footprint.origin.x,
            plan.to.y - mover.footprint.origin.y,
        );
        let to = Square::new(body.footprint.origin.x + dx, body.footprint.origin.y + dy);
        let dest = Footprint {
            origin: to,
            side: body.footprint.side,
        };
        let mover_end = Footprint {
            origin: plan.to,
            side: mover.footprint.side,
        };
        let map = self.world.resource::<Map>();
        let blocked = !map.footprint_in_bounds(dest)
            || dest.squares().any(|s| map.is_solid(s))
            || dest.overlaps(mover_end);
        let others = self.others(h);
        let crowded = others
            .iter()
            .any(|o| o.id != mover.id && !o.vitality.is_down() && o.footprint.overlaps(dest));
        if blocked || crowded {
            return Err(RuleError::new(
                rule::GRABBED,
                format!("{held} can't be dragged to {to}: the square is not free"),
            ));
        }
        Ok(Some(movement::Drag { creature: h, to }))
    }

    /// The baseline long jump: Might or Agility in squares, at least 1 (seed 002 L2672).
    /// A move along the ground, or through it for a creature in the ground (seed 002 L2606).
    pub(crate) fn plan_on_foot(
        &self,
        mover: &CreatureRef,
        speed: u32,
        others: &[CreatureRef],
        path: &[Square],
        gait: movement::Gait,
        jump: u32,
    ) -> Result<movement::AdvancePlan, RuleError> {
        let map = self.world.resource::<Map>();
        if mover.depth > 0 {
            let ground = self.world.resource::<movement::burrow::Ground>();
            movement::burrow::plan(map, ground, mover, speed, others, path, gait)
        } else {
            movement::plan_advance(map, mover, speed, others, path, gait, jump)
        }
    }

    pub(crate) fn jump(&self, e: Entity) -> u32 {
        let c = self
            .world
            .get::<Characteristics>(e)
            .expect("characteristics");
        c.might.max(c.agility).max(1) as u32
    }

    /// Whether the creature giving `command` could give it now, whatever it would aim at: it
    /// is its turn and the action the command takes is left — a maneuver for Aid Attack, Grab
    /// and Knockback (seed 002 L2843-2845, L2872-2912), the main action for Charge and Heal
    /// (L2940-2944, L2954-2956), the move action for Disengage (L2570-2594). A command that
    /// aims at nothing is checked whole. The action bar greys what this refuses, with its
    /// reason.
    pub fn ready_for(&self, command: &Command) -> Result<(), RuleError> {
        use crate::turn::TurnState;
        let (creature, kind) = match command {
            Command::Knockback { creature, .. }
            | Command::Grab { creature, .. }
            | Command::AidAttack { creature, .. } => (creature, ActionKind::Maneuver),
            Command::Charge { creature, .. } | Command::Heal { creature, .. } => {
                (creature, ActionKind::Main)
            }
            Command::Disengage { creature, .. } => (creature, ActionKind::Move),
            whole => return self.check(whole),
        };
        let e = self.entity(creature)?;
        self.world
            .resource::<TurnState>()
            .ensure_turn_of(creature)?;
        match kind {
            ActionKind::Maneuver => self.maneuver_left(e),
            kind => self.budget(e).check(kind),
        }
    }

    /// Every outcome the forcer can choose for a forced movement (its path is ignored).
    pub fn forced_choices(
        &self,
        spec: &forced::ForcedSpec,
    ) -> Result<Vec<forced::ForcedOutcome>, RuleError> {
        forced::choices(&self.forced_board(spec), spec)
    }

    /// What a `UseAbility` would do now — its area, targets, edges and banes, tier odds and
    /// outcomes — without rolling or changing anything; refused exactly as `apply` would be.
    pub fn preview_ability(&self, command: &Command) -> Result<resolve::AbilityPreview, RuleError> {
        if !matches!(command, Command::UseAbility { .. }) {
            return Err(RuleError::new(rule::ABILITY, "not an ability"));
        }
        let checked = self.check_ability(command)?;
        let user = *self
            .world
            .get::<Characteristics>(checked.user)
            .expect("characteristics");
        let mut preview = checked.preview(
            &user,
            self.world.resource::<RulesOptions>(),
            self.world.resource::<Map>(),
        );
        self.foresee_ability(&mut preview, checked.ability.distance.is_area());
        Ok(preview)
    }

    /// `command` joined by the user's squad when it is a minion's signature strike: every
    /// member that can reach an enemy takes part, as the AI plays a squad. Anything else is
    /// returned as it is. The client offers a human Director's squad strikes this way.
    pub fn squad_strike(&self, command: Command) -> Command {
        let Command::UseAbility {
            creature, ability, ..
        } = &command
        else {
            return command;
        };
        let state = self.state();
        let Some(me) = state.creatures.iter().find(|c| &c.id == creature) else {
            return command;
        };
        if !me.abilities.iter().any(|a| &a.id == ability && a.signature) {
            return command;
        }
        self.join_squad(&state, me, command).0
    }

    /// A minion's signature strike made by its squad as a unit (seed 002 L4420-4428): every member
    /// with its main action still to use this round that can reach an enemy joins, spreading over enemies nobody strikes
    /// yet before doubling up (a second member adds only its free strike). Returns the command
    /// and how many joined.
    pub fn join_squad(
        &self,
        state: &StateView,
        me: &CreatureView,
        mut command: Command,
    ) -> (Command, usize) {
        let Some(squad) = me.squad.as_ref() else {
            return (command, 0);
        };
        let mates: Vec<&CreatureView> = state
            .creatures
            .iter()
            .filter(|c| c.id != me.id && c.squad.as_ref() == Some(squad))
            .filter(|c| !c.dead && !c.unconscious && (!c.acted_this_round || c.actions.main))
            .collect();
        let foes: Vec<&CreatureView> = state.enemies_of(me).collect();
        let mut joined = 0;
        for mate in mates {
            let Command::UseAbility { targets, squad, .. } = &command else {
                break;
            };
            let struck = |id: &str| {
                targets.iter().filter(|t| *t == id).count()
                    + squad.iter().filter(|m| m.target == id).count()
            };
            let mut order: Vec<&&CreatureView> =
                foes.iter().filter(|f| struck(&f.id) < 3).collect();
            order.sort_by_key(|f| (struck(&f.id), mate.gap(f), f.stamina.current));
            for foe in order {
                let mut tried = command.clone();
                if let Command::UseAbility { squad, .. } = &mut tried {
                    squad.push(crate::command::SquadMate {
                        minion: mate.id.clone(),
                        target: foe.id.clone(),
                    });
                }
                if self.check(&tried).is_ok() {
                    command = tried;
                    joined += 1;
                    break;
                }
            }
        }
        (command, joined)
    }
}
