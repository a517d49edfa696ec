//! Resolution you can follow: the events a command produced are played on the board in the
//! order the engine logged them — a power roll's two d10 tumble and settle over the roller with
//! the sum and tier under them, walks glide square by square, forced movement slides and
//! shakes on impact, damage and healing float up over the creature, a condition flashes as it
//! appears — at the player's animation speed, and the skip key finishes them at once.
//!
//! The rules state stays the truth: tokens are always built at their true squares, and an
//! animation only adds an offset to where a token is drawn, an offset that is zero once the
//! queue has played out. Nothing here decides a rule; it reads the log. With reduced motion
//! moves are instant (in order, with a short beat between them), there are no shakes, and
//! numbers and flashes fade in place.

use std::collections::HashMap;
use std::f32::consts::TAU;

use bevy::prelude::*;
use leafwing_input_manager::prelude::*;
use steelgrid_rules::event::{Event, LoggedEvent, rule};
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use super::tokens::Token;
use crate::game::battle::actions::{Action, Controls};
use crate::game::settings::Settings;
use crate::game::ui::log::ascii;
use crate::game::{CurrentState, Rules};

/// Seconds at speed 1: a walked square, a square of forced movement, an impact shake, a
/// floating number, a flash.
const WALK_STEP: f32 = 0.16;
const SLIDE_STEP: f32 = 0.09;
const SHAKE: f32 = 0.3;
const NUMBER: f32 = 1.1;
const FLASH: f32 = 0.6;
/// A power roll: the dice tumble for the first part, then stay settled; what follows waits for
/// them to settle and be read.
const DICE: f32 = 1.4;
const DICE_GAP: f32 = 0.9;
const TUMBLE: f32 = 0.4;
/// Seconds at speed 1 before the next event starts, after a number, a flash or a shake begins
/// (they overlap what follows), and after an instant move (a teleport, or any move with
/// reduced motion) so that moves still read one after another.
const NUMBER_GAP: f32 = 0.3;
const FLASH_GAP: f32 = 0.25;
const SHAKE_GAP: f32 = 0.15;
const JUMP_BEAT: f32 = 0.2;
/// At most this many seconds of animation wait to be played: when commands come faster (a
/// replay at high speed), the oldest are finished at once.
const MAX_BEHIND: f32 = 2.0;
/// An impact shake: its reach in squares, and how many times it swings.
const SHAKE_REACH: f32 = 0.08;
const SHAKE_SWINGS: f32 = 5.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<Animations>()
        .init_resource::<Followed>()
        .add_systems(Startup, follow_from_now)
        .add_systems(
            Update,
            (
                follow_log
                    .in_set(crate::game::BattleSystems::Follow)
                    .run_if(resource_changed::<Rules>),
                // Paused with the battle.
                play.in_set(crate::game::screens::PlaySystems)
                    .in_set(crate::game::BattleSystems::Present),
            ),
        )
        .add_systems(
            PostUpdate,
            (
                place_tokens,
                super::tokens::follow_stamina,
                draw_numbers,
                draw_flashes,
                draw_dice,
                draw_dice_outlines,
            )
                .chain()
                // Bevy's own set: tokens move before their transforms are propagated.
                .before(TransformSystems::Propagate),
        );
}

/// How animations are paced: the player's speed and reduced motion.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Pace {
    pub speed: f32,
    pub reduced_motion: bool,
}

impl Pace {
    pub fn of(settings: &Settings) -> Pace {
        Pace {
            speed: settings.animation_speed,
            reduced_motion: settings.reduced_motion,
        }
    }
}

/// How a floating text is coloured.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tone {
    Damage,
    Healing,
    /// A condition appearing.
    Condition,
    /// Something ending, or a note (`immune`).
    Quiet,
}

impl Tone {
    fn colour(self) -> Color {
        match self {
            Tone::Damage => Color::srgb_u8(0xff, 0x6b, 0x5e),
            Tone::Healing => Color::srgb_u8(0x5e, 0xe0, 0x96),
            Tone::Condition => Color::srgb_u8(0xff, 0x8c, 0xc6),
            Tone::Quiet => Color::srgb_u8(0xc9, 0xcd, 0xd3),
        }
    }
}

/// Where a flash is drawn.
#[derive(Clone, Debug, PartialEq)]
pub enum Spot {
    Creature(String),
    Square(Square),
}

/// What one animation draws.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// A creature goes through these squares (its footprint's origin, the start first): a
    /// walk, a forced slide or a fall; with a duration of 0 it jumps at the start time.
    Travel {
        creature: String,
        squares: Vec<Square>,
    },
    /// An impact: the creature's token shakes.
    Shake { creature: String },
    /// A number or word floating up over a creature.
    Float {
        creature: String,
        text: String,
        tone: Tone,
    },
    /// A ring flashing around a creature or over a square.
    Flash { spot: Spot, tone: Tone },
    /// A creature's Stamina changes by `delta` now: its bar, drawn from the final state, shows
    /// the change only once this has started.
    Stamina { creature: String, delta: i32 },
    /// A power roll over the roller: its two d10 faces, then the sum and the tier.
    Dice {
        creature: String,
        faces: [u32; 2],
        sum: String,
    },
}

/// One effect as planned: how long it draws and how long the next one waits.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub effect: Effect,
    pub duration: f32,
    pub hold: f32,
}

/// The animations of some logged events, in their order. Events that show nothing on the
/// board (turns, rolls, resources) give none.
pub fn plan(events: &[LoggedEvent], pace: Pace) -> Vec<Step> {
    let k = 1.0 / pace.speed.max(0.01);
    let mut steps = Vec::new();
    // Where each creature was last sent in these events, for falls that land elsewhere.
    let mut last: HashMap<&str, Square> = HashMap::new();
    let travel = |steps: &mut Vec<Step>, creature: &str, squares: Vec<Square>, step: f32| {
        let instant = pace.reduced_motion || step == 0.0;
        let duration = if instant {
            0.0
        } else {
            step * (squares.len() - 1) as f32 * k
        };
        let hold = if instant { JUMP_BEAT * k } else { duration };
        steps.push(Step {
            effect: Effect::Travel {
                creature: creature.to_owned(),
                squares,
            },
            duration,
            hold,
        });
    };
    let float = |creature: &str, text: String, tone: Tone| Step {
        effect: Effect::Float {
            creature: creature.to_owned(),
            text: ascii(&text),
            tone,
        },
        duration: NUMBER * k,
        hold: NUMBER_GAP * k,
    };
    let shake = |creature: &str| Step {
        effect: Effect::Shake {
            creature: creature.to_owned(),
        },
        duration: SHAKE * k,
        hold: SHAKE_GAP * k,
    };
    let flash = |spot: Spot, tone: Tone| Step {
        effect: Effect::Flash { spot, tone },
        duration: FLASH * k,
        hold: FLASH_GAP * k,
    };
    for logged in events {
        match &logged.event {
            Event::Moved {
                creature,
                from,
                path,
                ..
            } if !path.is_empty() => {
                let teleport = logged.rule == rule::TELEPORT;
                let squares = if teleport {
                    vec![*from, *path.last().unwrap_or(from)]
                } else {
                    std::iter::once(*from).chain(path.iter().copied()).collect()
                };
                last.insert(creature, *squares.last().unwrap_or(from));
                let step = if teleport { 0.0 } else { WALK_STEP };
                travel(&mut steps, creature, squares, step);
            }
            Event::ForcedMoved {
                target,
                from,
                moved,
                ..
            } if !moved.is_empty() => {
                let squares: Vec<Square> = std::iter::once(*from)
                    .chain(moved.iter().copied())
                    .collect();
                last.insert(target, *squares.last().unwrap_or(from));
                travel(&mut steps, target, squares, SLIDE_STEP);
            }
            Event::Slammed { creature, .. } if !pace.reduced_motion => {
                steps.push(shake(creature));
            }
            Event::Fell {
                creature, lands_at, ..
            } => {
                if let Some(&at) = last.get(creature.as_str())
                    && at != *lands_at
                {
                    travel(&mut steps, creature, vec![at, *lands_at], SLIDE_STEP);
                    last.insert(creature, *lands_at);
                }
                if !pace.reduced_motion {
                    steps.push(shake(creature));
                }
            }
            Event::Landed { creature, from, to } => {
                travel(&mut steps, creature, vec![*from, *to], SLIDE_STEP);
                last.insert(creature, *to);
            }
            Event::Damaged {
                target,
                amount,
                immune,
                stamina_before,
                stamina_after,
                ..
            } => {
                steps.push(Step {
                    effect: Effect::Stamina {
                        creature: target.clone(),
                        delta: stamina_after - stamina_before,
                    },
                    duration: 0.0,
                    hold: 0.0,
                });
                steps.push(if *immune {
                    float(target, "immune".into(), Tone::Quiet)
                } else {
                    float(target, format!("-{amount}"), Tone::Damage)
                });
            }
            Event::StaminaRegained {
                creature,
                amount,
                stamina_before,
                stamina_after,
            } if *amount > 0 => {
                steps.push(Step {
                    effect: Effect::Stamina {
                        creature: creature.clone(),
                        delta: stamina_after - stamina_before,
                    },
                    duration: 0.0,
                    hold: 0.0,
                });
                steps.push(float(creature, format!("+{amount}"), Tone::Healing));
            }
            Event::TemporaryStaminaGained {
                creature, amount, ..
            } => steps.push(float(
                creature,
                format!("+{amount} temporary"),
                Tone::Healing,
            )),
            Event::ConditionGained {
                creature,
                condition,
            } => {
                // The flash and the name appear together.
                steps.push(Step {
                    hold: 0.0,
                    ..flash(Spot::Creature(creature.clone()), Tone::Condition)
                });
                steps.push(float(creature, condition.clone(), Tone::Condition));
            }
            Event::ConditionEnded {
                creature,
                condition,
            } => steps.push(float(creature, format!("{condition} ends"), Tone::Quiet)),
            Event::ObjectDestroyed { square } => {
                steps.push(flash(Spot::Square(*square), Tone::Damage));
            }
            Event::PowerRolled { creature, roll, .. } => steps.push(Step {
                effect: Effect::Dice {
                    creature: creature.clone(),
                    faces: roll.dice,
                    sum: crate::game::ui::log::power_roll(roll),
                },
                duration: DICE * k,
                hold: DICE_GAP * k,
            }),
            _ => {}
        }
    }
    steps
}

/// A planned effect on the animation clock.
#[derive(Clone, Debug, PartialEq)]
pub struct Tween {
    /// Unique for the queue's life: the entity drawing it is found by it.
    pub id: u64,
    pub start: f32,
    pub duration: f32,
    pub effect: Effect,
}

impl Tween {
    /// How far along it is at `clock`, from 0 to 1.
    fn progress(&self, clock: f32) -> f32 {
        if self.duration <= 0.0 {
            1.0
        } else {
            ((clock - self.start) / self.duration).clamp(0.0, 1.0)
        }
    }
}

/// The animations still to play, on their own clock.
#[derive(Resource, Debug, Default)]
pub struct Animations {
    clock: f32,
    /// When the next event may start.
    next: f32,
    tweens: Vec<Tween>,
    made: u64,
}

impl Animations {
    /// Queue the animations of new events after those already queued.
    pub fn push(&mut self, events: &[LoggedEvent], pace: Pace) {
        let mut at = self.next.max(self.clock);
        for step in plan(events, pace) {
            self.made += 1;
            self.tweens.push(Tween {
                id: self.made,
                start: at,
                duration: step.duration,
                effect: step.effect,
            });
            at += step.hold;
        }
        self.next = at;
        let behind = self.next - self.clock - MAX_BEHIND;
        if behind > 0.0 {
            self.advance(behind);
        }
    }

    /// Let `seconds` pass; finished animations are dropped.
    pub fn advance(&mut self, seconds: f32) {
        self.clock += seconds.max(0.0);
        let now = self.clock;
        self.tweens.retain(|t| t.start + t.duration > now);
    }

    /// Finish everything queued at once.
    pub fn skip(&mut self) {
        self.tweens.clear();
        self.clock = self.clock.max(self.next);
        self.next = self.clock;
    }

    /// Whether anything is still playing or waiting to.
    /// The Stamina changes of `creature` not yet shown: its bar shows the state before them.
    pub fn unshown_stamina(&self, creature: &str) -> i32 {
        self.tweens
            .iter()
            .filter(|t| t.start > self.clock)
            .filter_map(|t| match &t.effect {
                Effect::Stamina { creature: c, delta } if c == creature => Some(*delta),
                _ => None,
            })
            .sum()
    }

    pub fn busy(&self) -> bool {
        !self.tweens.is_empty() || self.clock < self.next
    }

    /// Where a creature is drawn relative to its true square, in squares (x to the right, y
    /// down the map as squares count): where its travels have taken it so far, relative to
    /// where the last one ends, plus any shake. Zero when nothing moves it.
    pub fn offset(&self, creature: &str) -> Vec2 {
        let now = self.clock;
        let travels: Vec<(&Tween, &[Square])> = self
            .tweens
            .iter()
            .filter_map(|t| match &t.effect {
                Effect::Travel {
                    creature: c,
                    squares,
                } if c == creature && !squares.is_empty() => Some((t, squares.as_slice())),
                _ => None,
            })
            .collect();
        let mut offset = match (travels.first(), travels.last()) {
            (Some((_, first)), Some((_, last_squares))) => {
                let end = grid(last_squares[last_squares.len() - 1]);
                let at = match travels.iter().rev().find(|(t, _)| t.start <= now) {
                    Some((t, squares)) => along(squares, t.progress(now)),
                    // Not moving yet: where its first travel starts.
                    None => grid(first[0]),
                };
                at - end
            }
            _ => Vec2::ZERO,
        };
        for t in self.started() {
            if let Effect::Shake { creature: c } = &t.effect
                && c == creature
            {
                let p = t.progress(now);
                offset.x += SHAKE_REACH * (p * SHAKE_SWINGS * TAU).sin() * (1.0 - p);
            }
        }
        offset
    }

    /// The animations that have begun, each with how far along it is (0 to 1).
    pub fn showing(&self) -> impl Iterator<Item = (&Tween, f32)> {
        self.started()
            .filter(|t| !matches!(t.effect, Effect::Stamina { .. }))
            .map(|t| (t, t.progress(self.clock)))
    }

    fn started(&self) -> impl Iterator<Item = &Tween> {
        self.tweens.iter().filter(|t| t.start <= self.clock)
    }
}

fn grid(square: Square) -> Vec2 {
    Vec2::new(square.x as f32, square.y as f32)
}

/// The point `progress` (0 to 1) of the way along squares, one square after another.
fn along(squares: &[Square], progress: f32) -> Vec2 {
    let legs = squares.len().saturating_sub(1);
    if legs == 0 {
        return grid(squares[0]);
    }
    let f = progress.clamp(0.0, 1.0) * legs as f32;
    let i = (f.floor() as usize).min(legs - 1);
    grid(squares[i]).lerp(grid(squares[i + 1]), f - i as f32)
}

/// How much of the log has been turned into animations: its length and last event, to notice
/// when the log is another one (undo, a what-if branch, a restart).
#[derive(Resource, Default)]
pub(in crate::game) struct Followed {
    len: usize,
    last: Option<LoggedEvent>,
}

/// What happened before the window opened is not animated.
fn follow_from_now(rules: Res<Rules>, mut followed: ResMut<Followed>) {
    let log = rules.0.engine().log();
    followed.len = log.len();
    followed.last = log.last().cloned();
}

fn follow_log(
    rules: Res<Rules>,
    settings: Res<Settings>,
    mut followed: ResMut<Followed>,
    mut animations: ResMut<Animations>,
) {
    let log = rules.0.engine().log();
    if log.len() == followed.len && log.last() == followed.last.as_ref() {
        return;
    }
    let continues = followed.len <= log.len()
        && (followed.len == 0 || log.get(followed.len - 1) == followed.last.as_ref());
    if continues {
        animations.push(&log[followed.len..], Pace::of(&settings));
    } else {
        // Another history: show it as it stands.
        animations.skip();
    }
    followed.len = log.len();
    followed.last = log.last().cloned();
}

fn play(
    time: Res<Time>,
    controls: Single<&ActionState<Action>, With<Controls>>,
    mut animations: ResMut<Animations>,
) {
    if controls.just_pressed(&Action::SkipAnimation) {
        animations.skip();
    } else if animations.busy() {
        animations.advance(time.delta_secs());
    }
}

/// Depth added to a token while it travels, so it passes over the others.
const TRAVEL_LIFT: f32 = 1.0;
/// Depth of floating numbers, above tokens and overlays.
const FLOAT_Z: f32 = 40.0;

fn place_tokens(animations: Res<Animations>, mut tokens: Query<(&Token, &Name, &mut Transform)>) {
    for (token, name, mut transform) in &mut tokens {
        let offset = animations.offset(name.as_str());
        let lift = if offset == Vec2::ZERO {
            0.0
        } else {
            TRAVEL_LIFT
        };
        let target = token.home + Vec3::new(offset.x * SQUARE, -offset.y * SQUARE, lift);
        if transform.translation != target {
            transform.translation = target;
        }
    }
}

/// A floating text, by the id of its tween; its shadow has the same id.
#[derive(Component)]
struct Floating(u64);

#[derive(Component)]
struct Shadow;

fn draw_numbers(
    mut commands: Commands,
    animations: Res<Animations>,
    settings: Res<Settings>,
    state: Res<CurrentState>,
    tokens: Query<(&Name, &Transform), With<Token>>,
    mut floats: Query<
        (
            Entity,
            &Floating,
            Has<Shadow>,
            &mut Transform,
            &mut TextColor,
        ),
        Without<Token>,
    >,
) {
    let at: HashMap<&str, Vec3> = tokens
        .iter()
        .map(|(name, t)| (name.as_str(), t.translation))
        .collect();
    let mut shown: HashMap<u64, (Vec3, Color)> = HashMap::new();
    for (tween, p) in animations.showing() {
        let Effect::Float {
            creature,
            text,
            tone,
        } = &tween.effect
        else {
            continue;
        };
        let Some(&token) = at.get(creature.as_str()) else {
            continue;
        };
        // Just above the token's middle, whatever its size.
        let size = state
            .0
            .creatures
            .iter()
            .find(|c| &c.id == creature)
            .map_or(1.0, |c| (c.footprint.len() as f32).sqrt());
        let rise = if settings.reduced_motion {
            0.0
        } else {
            0.6 * p
        };
        let place = Vec3::new(
            token.x,
            token.y + (0.5 * size - 0.2 + rise) * SQUARE,
            FLOAT_Z,
        );
        // Fully there for the first half, then fading out.
        let alpha = (2.0 * (1.0 - p)).min(1.0);
        let colour = tone.colour().with_alpha(alpha);
        shown.insert(tween.id, (place, colour));
        if floats.iter().any(|f| f.1.0 == tween.id) {
            continue;
        }
        let font = TextFont {
            font_size: FontSize::Px(30.0),
            ..default()
        };
        commands.spawn((
            Floating(tween.id),
            Shadow,
            Text2d::new(text.clone()),
            font.clone(),
            TextColor(Color::BLACK.with_alpha(alpha)),
            Transform::from_translation(place + Vec3::new(2.0, -2.0, -0.1)),
        ));
        commands.spawn((
            Floating(tween.id),
            Text2d::new(text.clone()),
            font,
            TextColor(colour),
            Transform::from_translation(place),
        ));
    }
    for (entity, floating, shadow, mut transform, mut colour) in &mut floats {
        let Some(&(place, tone)) = shown.get(&floating.0) else {
            commands.entity(entity).despawn();
            continue;
        };
        if shadow {
            transform.translation = place + Vec3::new(2.0, -2.0, -0.1);
            colour.0 = Color::BLACK.with_alpha(tone.alpha());
        } else {
            transform.translation = place;
            colour.0 = tone;
        }
    }
}

fn draw_flashes(
    animations: Res<Animations>,
    settings: Res<Settings>,
    layout: Res<BoardLayout>,
    tokens: Query<(&Name, &Transform), With<Token>>,
    mut gizmos: Gizmos,
) {
    for (tween, p) in animations.showing() {
        let Effect::Flash { spot, tone } = &tween.effect else {
            continue;
        };
        let centre = match spot {
            Spot::Creature(id) => token_at(&tokens, id).map(|at| at.truncate()),
            Spot::Square(square) => Some(layout.square_center(*square)),
        };
        let Some(centre) = centre else {
            continue;
        };
        let radius = if settings.reduced_motion {
            0.55
        } else {
            0.4 + 0.3 * p
        } * SQUARE;
        let colour = tone.colour().with_alpha(1.0 - p);
        // A few rings side by side for a thicker line.
        for step in 0..3 {
            gizmos.circle_2d(
                Isometry2d::from_translation(centre),
                radius + step as f32 * 1.5,
                colour,
            );
        }
    }
}

/// One text of a power roll being shown: a die's face (0 or 1) or the sum (2), for a tween, and
/// whether it is the dark shadow behind it.
#[derive(Component)]
struct DiceText(u64, usize, bool);

/// The face a die shows at `p` of its showing: tumbling through the faces at first (a fixed
/// sequence, not a roll), then the face rolled.
fn face_at(face: u32, die: usize, p: f32, reduced_motion: bool) -> u32 {
    if reduced_motion || p >= TUMBLE {
        return face;
    }
    let turn = (p / TUMBLE * 9.0) as u32;
    (face + turn * (3 + die as u32 * 4)) % 10 + 1
}

/// Where creature `id`'s token is drawn now.
fn token_at(tokens: &Query<(&Name, &Transform), With<Token>>, id: &str) -> Option<Vec3> {
    tokens
        .iter()
        .find(|(name, _)| name.as_str() == id)
        .map(|(_, t)| t.translation)
}

/// One part of a power roll being shown: a die (0 or 1) or the sum (2), for a tween, with its
/// text and where it goes.
struct DicePart {
    key: (u64, usize),
    text: String,
    at: Vec2,
    settled: bool,
}

/// The parts of every power roll showing now, over the tokens `token_at` finds.
fn dice_parts(
    animations: &Animations,
    reduced_motion: bool,
    token_at: impl Fn(&str) -> Option<Vec3>,
) -> Vec<DicePart> {
    let mut parts = Vec::new();
    for (tween, p) in animations.showing() {
        let Effect::Dice {
            creature,
            faces,
            sum,
        } = &tween.effect
        else {
            continue;
        };
        let Some(token) = token_at(creature) else {
            continue;
        };
        let above = Vec2::new(token.x, token.y + 1.45 * SQUARE);
        let settled = reduced_motion || p >= TUMBLE;
        for (die, &face) in faces.iter().enumerate() {
            parts.push(DicePart {
                key: (tween.id, die),
                text: face_at(face, die, p, reduced_motion).to_string(),
                at: above + Vec2::new((die as f32 - 0.5) * 0.9 * SQUARE, 0.0),
                settled,
            });
        }
        if settled {
            parts.push(DicePart {
                key: (tween.id, 2),
                text: sum.clone(),
                at: above - Vec2::new(0.0, 0.62 * SQUARE),
                settled,
            });
        }
    }
    parts
}

/// Gold once the dice have settled.
const DICE_SETTLED: Color = Color::srgb_u8(0xff, 0xe0, 0x6b);

/// Each die drawn as a d10 diamond around its face.
fn draw_dice_outlines(
    animations: Res<Animations>,
    settings: Res<Settings>,
    tokens: Query<(&Name, &Transform), With<Token>>,
    mut gizmos: Gizmos,
) {
    let token_at = |id: &str| token_at(&tokens, id);
    for part in dice_parts(&animations, settings.reduced_motion, token_at) {
        if part.key.1 == 2 {
            continue;
        }
        let colour = if part.settled {
            DICE_SETTLED
        } else {
            Tone::Quiet.colour()
        };
        // Drawn twice, a pixel apart, for a bolder line.
        for r in [0.4 * SQUARE, 0.4 * SQUARE - 1.5] {
            let c = part.at;
            gizmos.linestrip_2d(
                [
                    c + Vec2::new(0.0, r),
                    c + Vec2::new(r, 0.0),
                    c + Vec2::new(0.0, -r),
                    c + Vec2::new(-r, 0.0),
                    c + Vec2::new(0.0, r),
                ],
                colour,
            );
        }
    }
}

/// The faces and the sum, as texts that follow the roll and go when it is over.
fn draw_dice(
    mut commands: Commands,
    animations: Res<Animations>,
    settings: Res<Settings>,
    tokens: Query<(&Name, &Transform), With<Token>>,
    mut texts: Query<(Entity, &DiceText, &mut Text2d, &mut Transform), Without<Token>>,
) {
    let token_at = |id: &str| token_at(&tokens, id);
    let shown: HashMap<(u64, usize), DicePart> =
        dice_parts(&animations, settings.reduced_motion, token_at)
            .into_iter()
            .map(|part| (part.key, part))
            .collect();
    let shadow = Vec3::new(2.0, -2.0, -0.1);
    let mut drawn = std::collections::HashSet::new();
    for (entity, dice, mut text, mut transform) in &mut texts {
        match shown.get(&(dice.0, dice.1)) {
            Some(part) => {
                text.0.clone_from(&part.text);
                transform.translation =
                    part.at.extend(FLOAT_Z) + if dice.2 { shadow } else { Vec3::ZERO };
                drawn.insert((dice.0, dice.1));
            }
            None => commands.entity(entity).despawn(),
        }
    }
    for (key, part) in shown.into_iter().filter(|(key, _)| !drawn.contains(key)) {
        let size = if key.1 == 2 { 20.0 } else { 28.0 };
        for (dark, colour, offset) in [
            (true, Color::BLACK, shadow),
            (false, DICE_SETTLED, Vec3::ZERO),
        ] {
            commands.spawn((
                DiceText(key.0, key.1, dark),
                Text2d::new(part.text.clone()),
                TextFont {
                    font_size: FontSize::Px(size),
                    ..default()
                },
                TextColor(colour),
                Transform::from_translation(part.at.extend(FLOAT_Z) + offset),
            ));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::event::{Event, rule};

    const SPEED_1: Pace = Pace {
        speed: 1.0,
        reduced_motion: false,
    };

    fn logged(rule: steelgrid_rules::event::Rule, event: Event) -> LoggedEvent {
        LoggedEvent {
            seq: 0,
            rule,
            event,
        }
    }

    fn walk(creature: &str, from: (i32, i32), path: &[(i32, i32)]) -> LoggedEvent {
        let path: Vec<Square> = path.iter().map(|&(x, y)| Square::new(x, y)).collect();
        logged(
            rule::ADVANCE,
            Event::Moved {
                creature: creature.into(),
                from: Square::new(from.0, from.1),
                to: *path.last().unwrap(),
                path,
                cost: 0,
                speed: 5,
            },
        )
    }

    fn damage(target: &str, amount: u32) -> LoggedEvent {
        logged(
            rule::DAMAGE,
            Event::Damaged {
                target: target.into(),
                source: "x".into(),
                damage_type: None,
                base: amount,
                halved: false,
                weakness: 0,
                immunity: 0,
                immune: false,
                amount,
                temporary_absorbed: 0,
                stamina_before: 20,
                stamina_after: 20 - amount as i32,
            },
        )
    }

    fn push(target: &str, from: (i32, i32), moved: &[(i32, i32)]) -> LoggedEvent {
        let moved: Vec<Square> = moved.iter().map(|&(x, y)| Square::new(x, y)).collect();
        logged(
            rule::FORCED_PUSH,
            Event::ForcedMoved {
                target: target.into(),
                kind: steelgrid_rules::forced::ForcedKind::Push,
                distance: steelgrid_rules::forced::Distance {
                    base: 2,
                    big_vs_little: 0,
                    stability: 0,
                    allowed: 2,
                    chosen: 2,
                },
                from: Square::new(from.0, from.1),
                to: *moved.last().unwrap(),
                moved,
                derivation: Vec::new(),
            },
        )
    }

    fn slam(creature: &str) -> LoggedEvent {
        logged(
            rule::FORCED_COLLISION_OBJECT,
            Event::Slammed {
                creature: creature.into(),
                amount: 2,
                note: "wall".into(),
            },
        )
    }

    fn close(a: Vec2, b: Vec2) -> bool {
        (a - b).length() < 1e-4
    }

    #[test]
    fn a_walk_glides_square_by_square_at_the_set_speed() {
        let events = [walk("brann", (1, 1), &[(2, 1), (3, 1), (3, 2)])];
        let steps = plan(
            &events,
            Pace {
                speed: 2.0,
                ..SPEED_1
            },
        );
        assert_eq!(steps.len(), 1);
        // Three squares at 0.16 s each, twice as fast.
        assert!((steps[0].duration - 0.24).abs() < 1e-6, "{steps:?}");

        let mut queue = Animations::default();
        queue.push(
            &events,
            Pace {
                speed: 2.0,
                ..SPEED_1
            },
        );
        // Drawn at the start square first: two squares left of and one above its true one.
        assert!(close(queue.offset("brann"), Vec2::new(-2.0, -1.0)));
        queue.advance(0.08);
        assert!(close(queue.offset("brann"), Vec2::new(-1.0, -1.0)));
        queue.advance(0.04);
        assert!(close(queue.offset("brann"), Vec2::new(-0.5, -1.0)));
        queue.advance(0.04);
        assert!(close(queue.offset("brann"), Vec2::new(0.0, -1.0)));
        // Others are not moved.
        assert_eq!(queue.offset("ogre"), Vec2::ZERO);
        queue.advance(0.1);
        assert_eq!(queue.offset("brann"), Vec2::ZERO);
        assert!(!queue.busy());
    }

    #[test]
    fn events_play_in_order_and_a_creature_waits_at_its_start() {
        let events = [
            walk("brann", (1, 1), &[(2, 1)]),
            push("ogre", (5, 5), &[(6, 5), (7, 5)]),
            slam("ogre"),
            damage("ogre", 4),
        ];
        let mut queue = Animations::default();
        queue.push(&events, SPEED_1);
        let starts: Vec<(f32, f32)> = queue
            .tweens
            .iter()
            .filter(|t| !matches!(t.effect, Effect::Stamina { .. }))
            .map(|t| (t.start, t.duration))
            .collect();
        // Walk 0.16; the slide after it (2 × 0.09); the shake after the slide; the number
        // SHAKE_GAP after the shake begins.
        let expected = [(0.0, 0.16), (0.16, 0.18), (0.34, 0.3), (0.49, 1.1)];
        for ((start, duration), (s, d)) in starts.iter().zip(expected) {
            assert!(
                (start - s).abs() < 1e-5 && (duration - d).abs() < 1e-5,
                "{starts:?}"
            );
        }
        // While Brann walks, the ogre waits where its push starts.
        queue.advance(0.1);
        assert!(close(queue.offset("ogre"), Vec2::new(-2.0, 0.0)));
        assert_eq!(queue.showing().count(), 1);
        // Halfway through the slide.
        queue.advance(0.15);
        assert!(close(queue.offset("ogre"), Vec2::new(-1.0, 0.0)));
        // The shake (from 0.34 s): the token swings about its true square.
        queue.advance(0.105);
        let shaken = queue.offset("ogre");
        assert!(
            shaken.x.abs() > 0.05 && shaken.x.abs() <= SHAKE_REACH,
            "{shaken}"
        );
        assert_eq!(shaken.y, 0.0);
        // The number shows once its turn comes.
        queue.advance(0.2);
        assert!(
            queue
                .showing()
                .any(|(t, _)| matches!(&t.effect, Effect::Float { text, .. } if text == "-4"))
        );
        queue.advance(2.0);
        assert!(!queue.busy());
        assert_eq!(queue.offset("ogre"), Vec2::ZERO);
    }

    #[test]
    fn new_events_wait_for_the_queue_and_skip_finishes_it() {
        let mut queue = Animations::default();
        queue.push(&[walk("brann", (1, 1), &[(2, 1), (3, 1)])], SPEED_1);
        queue.advance(0.1);
        queue.push(&[walk("brann", (3, 1), &[(3, 2)])], SPEED_1);
        // The second walk starts when the first ends: Brann is still on the first.
        assert!(close(queue.offset("brann"), Vec2::new(-1.375, -1.0)));
        queue.skip();
        assert!(!queue.busy());
        assert_eq!(queue.offset("brann"), Vec2::ZERO);
        assert_eq!(queue.showing().count(), 0);
        // What comes after a skip plays from now.
        queue.push(&[damage("brann", 3)], SPEED_1);
        assert_eq!(queue.showing().count(), 1);
    }

    #[test]
    fn reduced_motion_moves_at_once_without_shakes() {
        let reduced = Pace {
            speed: 1.0,
            reduced_motion: true,
        };
        let events = [
            walk("brann", (1, 1), &[(2, 1), (3, 1)]),
            push("ogre", (5, 5), &[(6, 5)]),
            slam("ogre"),
            damage("ogre", 2),
        ];
        let steps = plan(&events, reduced);
        let kinds: Vec<(bool, f32)> = steps
            .iter()
            .filter(|s| !matches!(s.effect, Effect::Stamina { .. }))
            .map(|s| (matches!(s.effect, Effect::Travel { .. }), s.duration))
            .collect();
        // Two instant moves, no shake, the number kept.
        assert_eq!(kinds, vec![(true, 0.0), (true, 0.0), (false, NUMBER)]);
        let mut queue = Animations::default();
        queue.push(&events, reduced);
        // The ogre stays on its start square until its turn, then is on its true square.
        queue.advance(0.1);
        assert_eq!(queue.offset("brann"), Vec2::ZERO);
        assert!(close(queue.offset("ogre"), Vec2::new(-1.0, 0.0)));
        queue.advance(0.15);
        assert_eq!(queue.offset("ogre"), Vec2::ZERO);
    }

    #[test]
    fn a_long_backlog_is_cut_short() {
        let mut queue = Animations::default();
        let long: Vec<(i32, i32)> = (2..40).map(|x| (x, 1)).collect();
        queue.push(&[walk("brann", (1, 1), &long)], SPEED_1);
        // 38 squares would take 6 s; only the last MAX_BEHIND seconds are still to play.
        assert!((queue.next - queue.clock - MAX_BEHIND).abs() < 1e-4);
        assert!(queue.offset("brann").x > -13.0);
        queue.advance(MAX_BEHIND + 0.01);
        assert_eq!(queue.offset("brann"), Vec2::ZERO);
    }

    #[test]
    fn teleports_jump_and_conditions_flash_with_their_name() {
        let teleport = logged(
            rule::TELEPORT,
            Event::Moved {
                creature: "seer".into(),
                from: Square::new(0, 0),
                to: Square::new(4, 4),
                path: vec![Square::new(4, 4)],
                cost: 0,
                speed: 5,
            },
        );
        let dazed = logged(
            rule::DAZED,
            Event::ConditionGained {
                creature: "seer".into(),
                condition: "dazed".into(),
            },
        );
        let steps = plan(&[teleport, dazed], SPEED_1);
        assert_eq!(steps[0].duration, 0.0);
        assert!(
            matches!(&steps[1].effect, Effect::Flash { spot: Spot::Creature(c), .. } if c == "seer")
        );
        assert_eq!(steps[1].hold, 0.0);
        assert!(
            matches!(&steps[2].effect, Effect::Float { text, tone: Tone::Condition, .. } if text == "dazed")
        );
    }

    #[test]
    fn a_power_roll_shows_its_dice_then_its_sum_and_what_follows_waits() {
        let rolled = first_roll();
        let Event::PowerRolled { creature, roll, .. } = &rolled[0].event else {
            unreachable!()
        };
        let steps = plan(&rolled, SPEED_1);
        let Effect::Dice {
            creature: who,
            faces,
            sum,
        } = &steps[0].effect
        else {
            panic!("the roll comes first: {:?}", steps[0]);
        };
        assert_eq!(who, creature);
        assert_eq!(*faces, roll.dice);
        assert!(sum.starts_with(&format!("{}+{}", roll.dice[0], roll.dice[1])));
        assert!(sum.contains(&format!("={} tier", roll.total)));
        assert_eq!(steps[0].hold, DICE_GAP);
        // Twice as fast: half as long.
        let fast = plan(
            &rolled,
            Pace {
                speed: 2.0,
                ..SPEED_1
            },
        );
        assert_eq!(fast[0].duration, DICE / 2.0);
        // The dice tumble, then settle on the faces rolled; with reduced motion they don't.
        assert_eq!(face_at(7, 0, 0.9, false), 7);
        assert_eq!(face_at(7, 0, 0.1, true), 7);
        assert!((0..8).any(|i| face_at(7, 1, i as f32 * 0.05, false) != 7));
        assert!((0..8).all(|i| (1..=10).contains(&face_at(7, 1, i as f32 * 0.05, false))));
    }

    /// The events of the first command (the AI playing both sides of the default scenario)
    /// that rolls, from its power roll on.
    fn first_roll() -> Vec<LoggedEvent> {
        use steelgrid_rules::ai;
        let d = crate::scenarios::DEFAULT;
        let mut game = steelgrid_rules::record::Game::new(d.file, d.text, Some(7)).unwrap();
        (0..300)
            .find_map(|_| {
                let state = game.engine().state();
                let side = ai::side_to_answer(&state)?;
                let decision = ai::decide(game.engine(), side)?;
                let events = game.apply(decision.command).ok()?;
                let at = events
                    .iter()
                    .position(|e| matches!(e.event, Event::PowerRolled { .. }))?;
                Some(events[at..].to_vec())
            })
            .expect("a power roll within 300 commands")
    }

    #[test]
    fn the_dice_are_drawn_over_the_roller_then_cleared() {
        let rolled = first_roll();
        let Event::PowerRolled { creature, roll, .. } = &rolled[0].event else {
            unreachable!()
        };
        let mut app = App::new();
        app.add_plugins(MinimalPlugins)
            .init_resource::<Settings>()
            .init_resource::<Animations>()
            .add_systems(Update, draw_dice);
        app.world_mut().spawn((
            Token { home: Vec3::ZERO },
            Name::new(creature.clone()),
            Transform::default(),
        ));
        app.world_mut()
            .resource_mut::<Animations>()
            .push(&rolled, SPEED_1);
        let texts = |app: &mut App| -> Vec<String> {
            let world = app.world_mut();
            let mut q = world.query::<(&DiceText, &Text2d)>();
            let mut t: Vec<(usize, String)> = q
                .iter(world)
                .filter(|(d, _)| !d.2)
                .map(|(d, t)| (d.1, t.0.clone()))
                .collect();
            t.sort();
            t.into_iter().map(|(_, t)| t).collect()
        };
        // Settled: both faces and the sum.
        app.world_mut()
            .resource_mut::<Animations>()
            .advance(TUMBLE * DICE + 0.01);
        app.update();
        app.update();
        let shown = texts(&mut app);
        assert_eq!(shown.len(), 3, "{shown:?}");
        assert_eq!(shown[0], roll.dice[0].to_string());
        assert_eq!(shown[1], roll.dice[1].to_string());
        assert!(shown[2].contains("tier"));
        // Over: gone.
        app.world_mut().resource_mut::<Animations>().skip();
        app.update();
        app.update();
        assert!(texts(&mut app).is_empty());
    }

    #[test]
    fn a_stamina_bar_holds_until_the_damage_floats_up() {
        let events = vec![
            walk("goblin", (1, 1), &[(2, 1), (3, 1)]),
            damage("goblin", 4),
        ];
        let Event::Damaged {
            stamina_before,
            stamina_after,
            ..
        } = &events[1].event
        else {
            unreachable!()
        };
        let lost = stamina_after - stamina_before;
        let mut animations = Animations::default();
        animations.push(&events, SPEED_1);
        // While the goblin walks, its bar still shows the Stamina before the hit.
        assert_eq!(animations.unshown_stamina("goblin"), lost);
        assert_eq!(animations.unshown_stamina("brann"), 0);
        animations.advance(WALK_STEP);
        assert_eq!(animations.unshown_stamina("goblin"), lost);
        // The hit lands when the walk is over.
        animations.advance(WALK_STEP + 0.01);
        assert_eq!(animations.unshown_stamina("goblin"), 0);
    }
}
