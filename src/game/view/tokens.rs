//! Creature tokens: flat 2D meshes covering each creature's footprint. Side is shown by colour
//! and by shape (Okabe-Ito blue circles for heroes, vermillion diamonds for the Director), with
//! initials, a stamina bar with the Stamina written on it and a winded mark, a `P` badge while
//! prone and its height while flying. A creature that has acted this round is shaded; the dead
//! are greyed, crossed out and laid under the living, as the objects they now are.

use std::f32::consts::FRAC_PI_4;

use bevy::prelude::*;
use steelgrid_rules::creature::Side;
use steelgrid_rules::engine::{CreatureView, Status};
use steelgrid_rules::grid::Square;

use super::board::{BoardLayout, SQUARE};
use super::icons::{Icons, creature_icon, status_icon};
use crate::game::CurrentState;
use crate::game::settings::{Palette, Settings};

/// Depth of the tokens, above the board and its labels.
const TOKEN_Z: f32 = 10.0;

/// Depth of the dead: under every living token, even one sharing their squares.
const CORPSE_Z: f32 = 6.0;

pub fn plugin(app: &mut App) {
    app.init_resource::<TokenStyle>()
        .init_resource::<Icons>()
        .add_systems(
            Update,
            (
                sync_tokens.run_if(
                    resource_changed::<CurrentState>
                        .or_else(resource_changed::<crate::game::battle::handoff::DirectorView>),
                ),
                recolour.run_if(resource_changed::<Settings>),
            )
                .in_set(crate::game::BattleSystems::Present),
        );
}

/// The root entity of one creature's token, named after the creature's id. It is drawn at
/// `home` (its true squares) unless an animation moves it (`animation.rs`).
#[derive(Component)]
pub struct Token {
    pub home: Vec3,
}

/// Materials shared by all tokens.
#[derive(Resource)]
struct TokenStyle {
    hero: Handle<ColorMaterial>,
    director: Handle<ColorMaterial>,
    down: Handle<ColorMaterial>,
    outline: Handle<ColorMaterial>,
    down_outline: Handle<ColorMaterial>,
    turn: Handle<ColorMaterial>,
    shadow: Handle<ColorMaterial>,
    /// Laid over a token that has acted this round.
    acted: Handle<ColorMaterial>,
    cross: Handle<ColorMaterial>,
    bar_back: Handle<ColorMaterial>,
    bar_healthy: Handle<ColorMaterial>,
    bar_winded: Handle<ColorMaterial>,
    dying: Handle<ColorMaterial>,
    prone: Handle<ColorMaterial>,
    /// Conditions other than prone.
    condition: Handle<ColorMaterial>,
    /// Temporary Stamina, over the stamina bar.
    temporary: Handle<ColorMaterial>,
    /// Outlines telling minion squads apart, one colour per squad with its captain
    /// (seed 002 L4440-4442).
    squads: [Handle<ColorMaterial>; 4],
}

impl FromWorld for TokenStyle {
    fn from_world(world: &mut World) -> Self {
        let mut materials = world.resource_mut::<Assets<ColorMaterial>>();
        let mut add = |color: Color| materials.add(color);
        // The palette's colours are set again whenever the settings change (see `recolour`).
        let palette = Palette::default().tokens();
        TokenStyle {
            hero: add(palette.hero),
            director: add(palette.director),
            down: add(Color::srgb_u8(0x86, 0x86, 0x86)),
            outline: add(palette.outline),
            down_outline: add(Color::srgb_u8(0x4a, 0x4a, 0x4a)),
            turn: add(palette.turn),
            shadow: add(Color::srgba(0.0, 0.0, 0.0, 0.35)),
            acted: add(Color::srgba(0.08, 0.09, 0.11, 0.5)),
            cross: add(Color::srgb_u8(0x55, 0x55, 0x55)),
            bar_back: add(Color::srgba_u8(0x12, 0x14, 0x17, 0xe6)),
            bar_healthy: add(Color::srgb_u8(0x00, 0x9e, 0x73)),
            bar_winded: add(Color::srgb_u8(0xe6, 0x9f, 0x00)),
            dying: add(Color::srgb_u8(0xcc, 0x79, 0xa7)),
            prone: add(Color::srgb_u8(0xb8, 0xa6, 0xe8)),
            condition: add(Color::srgb_u8(0xe8, 0x3f, 0x6f)),
            temporary: add(Color::srgb_u8(0x56, 0xb4, 0xe9)),
            squads: [
                add(Color::srgb_u8(0x3c, 0xe0, 0xc8)),
                add(Color::srgb_u8(0xff, 0x6e, 0xe6)),
                add(Color::srgb_u8(0xc8, 0xf0, 0x3c)),
                add(Color::srgb_u8(0x9b, 0x8c, 0xff)),
            ],
        }
    }
}

/// Give the tokens the colours of the player's palette.
fn recolour(
    settings: Res<Settings>,
    style: Res<TokenStyle>,
    mut materials: ResMut<Assets<ColorMaterial>>,
) {
    let palette = settings.palette.tokens();
    for (handle, colour) in [
        (&style.hero, palette.hero),
        (&style.director, palette.director),
        (&style.outline, palette.outline),
        (&style.turn, palette.turn),
    ] {
        if let Some(mut material) = materials.get_mut(handle)
            && material.color != colour
        {
            material.color = colour;
        }
    }
}

/// The token outline for each side: circles for heroes, diamonds for the Director.
#[derive(Clone, Copy)]
enum Shape {
    Circle,
    Diamond,
}

impl Shape {
    /// A filled shape reaching `radius` from its centre.
    fn mesh(self, radius: f32) -> Mesh {
        match self {
            Shape::Circle => Circle::new(radius).mesh().resolution(48).build(),
            Shape::Diamond => Rhombus::new(radius * 2.0, radius * 2.0).into(),
        }
    }

    /// An outline `thickness` wide, inside the shape reaching `radius`.
    fn ring(self, radius: f32, thickness: f32) -> Mesh {
        match self {
            Shape::Circle => Annulus::new(radius - thickness, radius)
                .mesh()
                .resolution(48)
                .build(),
            Shape::Diamond => Rhombus::new(radius * 2.0, radius * 2.0)
                .to_ring(thickness)
                .into(),
        }
    }
}

/// The filled part of a stamina bar: drawn at the Stamina the animations have shown so far,
/// which is the state's once they are over.
#[derive(Component)]
pub struct StaminaFill {
    creature: String,
    width: f32,
    current: i32,
    max: i32,
}

/// Stretch each stamina bar to the Stamina shown now, and write that number on it: the final
/// state less the damage (plus the healing) still to float up over the creature.
pub fn follow_stamina(
    animations: Res<super::animation::Animations>,
    mut fills: Query<(&StaminaFill, &mut Transform)>,
    mut numbers: Query<(&StaminaNumber, &mut Text2d)>,
) {
    for (number, mut text) in &mut numbers {
        let shown = (number.current - animations.unshown_stamina(&number.creature)).to_string();
        if text.0 != shown {
            text.0 = shown;
        }
    }
    for (fill, mut transform) in &mut fills {
        let shown = fill.current - animations.unshown_stamina(&fill.creature);
        let fraction = if fill.max > 0 {
            (shown as f32 / fill.max as f32).clamp(0.0, 1.0)
        } else {
            0.0
        };
        transform.scale.x = fill.width * fraction;
        transform.translation.x = -fill.width / 2.0 + fill.width * fraction / 2.0;
    }
}

/// Rebuild every token from the published state.
fn sync_tokens(
    mut commands: Commands,
    state: Res<CurrentState>,
    tokens: Query<Entity, With<Token>>,
    layout: Res<BoardLayout>,
    style: Res<TokenStyle>,
    mut meshes: ResMut<Assets<Mesh>>,
    view: Res<crate::game::battle::handoff::DirectorView>,
    (rules, icons): (Res<crate::game::Rules>, Res<Icons>),
) {
    for token in &tokens {
        commands.entity(token).despawn();
    }
    for creature in &state.0.creatures {
        if crate::game::battle::handoff::kept_from_view(&state.0, creature, view.0) {
            continue;
        }
        let on_turn = state.0.turn.as_deref() == Some(creature.id.as_str());
        // A squad's members and its captain share an outline colour.
        let squad = state.0.squads.iter().position(|s| {
            creature.squad.as_ref() == Some(&s.id) || s.captain.as_ref() == Some(&creature.id)
        });
        let kind = creature_icon(rules.0.scenario(), &creature.id);
        // A smaller creature sharing a bigger one's space (two sizes apart, seed 002 L2578)
        // is drawn smaller, in the corner and on top, beside rather than under it.
        let shared = !creature.dead
            && state.0.creatures.iter().any(|d| {
                !d.dead
                    && d.footprint.len() > creature.footprint.len()
                    && creature.footprint.iter().any(|s| d.footprint.contains(s))
            });
        spawn_token(
            &mut commands,
            &layout,
            (&style, &icons),
            &mut meshes,
            creature,
            (on_turn, squad, shared),
            kind,
        );
    }
}

fn spawn_token(
    commands: &mut Commands,
    layout: &BoardLayout,
    (style, icons): (&TokenStyle, &Icons),
    meshes: &mut Assets<Mesh>,
    creature: &CreatureView,
    (on_turn, squad, shared): (bool, Option<usize>, bool),
    kind: Option<&str>,
) {
    let Some((center, extent)) = footprint_box(layout, &creature.footprint) else {
        return;
    };
    let (center, extent) = if shared {
        (center - Vec2::splat(extent * 0.22), extent * 0.6)
    } else {
        (center, extent)
    };
    let down = creature.dead || creature.unconscious;
    let shape = match creature.side {
        Side::Heroes => Shape::Circle,
        Side::Director => Shape::Diamond,
    };
    let fill = match (down, creature.side) {
        (true, _) => style.down.clone(),
        (false, Side::Heroes) => style.hero.clone(),
        (false, Side::Director) => style.director.clone(),
    };
    let outline = match squad {
        _ if down => style.down_outline.clone(),
        Some(i) => style.squads[i % style.squads.len()].clone(),
        None => style.outline.clone(),
    };
    // Diamonds reach into the corners, so they may be a little larger than circles.
    let reach = match shape {
        Shape::Circle => 0.37,
        Shape::Diamond => 0.43,
    } * if creature.minion { 0.85 } else { 1.0 };
    let radius = extent * reach * if creature.dead { 0.8 } else { 1.0 };
    let lift = Vec3::new(0.0, extent * 0.04, 0.0);
    let detail = extent / SQUARE;
    let depth = match (creature.dead, shared) {
        (true, _) => CORPSE_Z,
        (false, true) => TOKEN_Z + 1.5,
        (false, false) => TOKEN_Z,
    };
    let acted = creature.acted_this_round && !on_turn && !down;

    let mut token = commands.spawn((
        Token {
            home: center.extend(depth),
        },
        Name::new(creature.id.clone()),
        Transform::from_translation(center.extend(depth)),
        Visibility::default(),
    ));
    token.with_children(|t| {
        let mut part = |mesh: Mesh, material: Handle<ColorMaterial>, at: Vec3| {
            t.spawn((
                Mesh2d(meshes.add(mesh)),
                MeshMaterial2d(material),
                Transform::from_translation(at),
            ));
        };
        if !creature.dead {
            let shadow_offset = Vec3::new(2.5 * detail, -3.5 * detail, 0.0);
            part(
                shape.mesh(radius),
                style.shadow.clone(),
                lift + shadow_offset,
            );
        }
        if on_turn {
            let ring = shape.ring(radius + 6.0 * detail, 3.5 * detail);
            part(ring, style.turn.clone(), lift + Vec3::Z * 0.1);
        }
        part(shape.mesh(radius), fill, lift + Vec3::Z * 0.2);
        if acted {
            part(
                shape.mesh(radius),
                style.acted.clone(),
                lift + Vec3::Z * 0.25,
            );
        }
        let thickness = if squad.is_some() { 4.5 } else { 2.5 };
        part(
            shape.ring(radius, thickness * detail),
            outline,
            lift + Vec3::Z * 0.3,
        );
        if creature.dead {
            // Arms reach as far into a diamond's edges as into a circle.
            let arm = match shape {
                Shape::Circle => radius * 1.5,
                Shape::Diamond => radius * 1.2,
            };
            for angle in [FRAC_PI_4, -FRAC_PI_4] {
                t.spawn((
                    Mesh2d(meshes.add(Rectangle::new(arm, 6.0 * detail))),
                    MeshMaterial2d(style.cross.clone()),
                    Transform::from_translation(lift + Vec3::Z * 0.35)
                        .with_rotation(Quat::from_rotation_z(angle)),
                ));
            }
        }
        let label_color = if down {
            Color::srgb_u8(0x1e, 0x1e, 0x1e)
        } else {
            Color::WHITE
        };
        match kind.and_then(|k| icons.get(k)) {
            // The kind's silhouette, and what tells two of a kind apart: a hero's initials, a
            // numbered creature's number.
            Some(image) => {
                t.spawn((
                    Sprite {
                        image,
                        color: label_color,
                        custom_size: Some(Vec2::splat(radius * 1.3)),
                        ..default()
                    },
                    Transform::from_translation(lift + Vec3::new(0.0, radius * 0.08, 0.4)),
                ));
                let tag = if creature.hero {
                    initials(&creature.name, &creature.id)
                } else {
                    creature.id[creature
                        .id
                        .trim_end_matches(|c: char| c.is_ascii_digit())
                        .len()..]
                        .to_owned()
                };
                if !tag.is_empty() {
                    // A small dark tag over the top of the token.
                    let at = lift + Vec3::new(0.0, radius * 0.98, 0.85);
                    let size = 11.0 * detail.sqrt();
                    let width = size * (0.35 + 0.62 * tag.len() as f32);
                    t.spawn((
                        Mesh2d(meshes.add(Rectangle::new(width, size * 1.25))),
                        MeshMaterial2d(style.bar_back.clone()),
                        Transform::from_translation(at),
                    ));
                    t.spawn((
                        Text2d::new(tag),
                        TextFont {
                            font_size: FontSize::Px(size),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        Transform::from_translation(at + Vec3::Z * 0.05),
                    ));
                }
            }
            None => {
                t.spawn((
                    Text2d::new(initials(&creature.name, &creature.id)),
                    TextFont {
                        font_size: FontSize::Px(
                            if creature.minion { 15.0 } else { 18.0 } * detail.sqrt(),
                        ),
                        ..default()
                    },
                    TextColor(label_color),
                    Transform::from_translation(lift + Vec3::Z * 0.4),
                ));
            }
        }
        if !creature.dead {
            spawn_stamina_bar(t, style, meshes, creature, extent);
        }
        // Each condition a badge with its icon down the left side, prone first (the hover
        // text and the log name them in full).
        let mut statuses: Vec<Status> = creature
            .statuses
            .iter()
            .copied()
            .filter(|s| status_icon(*s).is_some())
            .collect();
        statuses.sort_by_key(|s| *s != Status::Prone);
        for (i, status) in statuses.into_iter().enumerate() {
            let step = 0.24 * extent;
            let at = Vec3::new(-extent * 0.36, extent * 0.36 - step * i as f32, 0.8);
            let colour = if status == Status::Prone {
                style.prone.clone()
            } else {
                style.condition.clone()
            };
            let mark = status_icon(status)
                .and_then(|name| icons.get(name))
                .map_or(Mark::Letter("?"), Mark::Icon);
            spawn_badge(t, style, meshes, at, 10.0 * detail.sqrt(), mark, colour);
        }
        if creature.altitude > 0 {
            // Flying: its height above the ground, top right.
            let at = Vec3::new(extent * 0.36, extent * 0.36, 0.8);
            let mark = creature.altitude.min(9).to_string();
            spawn_badge(
                t,
                style,
                meshes,
                at,
                11.0 * detail.sqrt(),
                Mark::Letter(&mark),
                style.prone.clone(),
            );
        }
    });
}

/// The Stamina written on a stamina bar, as shown now (see `follow_stamina`).
#[derive(Component)]
pub struct StaminaNumber {
    creature: String,
    current: i32,
}

/// A bar across the bottom of the footprint: green while healthy, amber with a `W` badge
/// while winded; a dying hero gets a `!` badge instead.
fn spawn_stamina_bar(
    t: &mut ChildSpawnerCommands,
    style: &TokenStyle,
    meshes: &mut Assets<Mesh>,
    creature: &CreatureView,
    extent: f32,
) {
    let detail = extent / SQUARE;
    let (width, height) = (extent * 0.72, 9.0 + 3.0 * detail);
    let y = -extent / 2.0 + height / 2.0 + 3.0;
    let stamina = creature.stamina;
    let fraction = if stamina.max > 0 {
        (stamina.current as f32 / stamina.max as f32).clamp(0.0, 1.0)
    } else {
        0.0
    };
    t.spawn((
        Mesh2d(meshes.add(Rectangle::new(width + 2.0, height + 2.0))),
        MeshMaterial2d(style.bar_back.clone()),
        Transform::from_xyz(0.0, y, 0.6),
    ));
    let fill = if creature.winded {
        style.bar_winded.clone()
    } else {
        style.bar_healthy.clone()
    };
    // A bar one unit wide, stretched to the Stamina shown (see `follow_stamina`).
    t.spawn((
        StaminaFill {
            creature: creature.id.clone(),
            width,
            current: stamina.current,
            max: stamina.max,
        },
        Mesh2d(meshes.add(Rectangle::new(1.0, height))),
        MeshMaterial2d(fill),
        Transform::from_xyz(-width / 2.0 + width * fraction / 2.0, y, 0.7).with_scale(Vec3::new(
            width * fraction,
            1.0,
            1.0,
        )),
    ));
    t.spawn((
        StaminaNumber {
            creature: creature.id.clone(),
            current: stamina.current,
        },
        Text2d::new(stamina.current.to_string()),
        TextFont {
            font_size: FontSize::Px(height * 0.95),
            ..default()
        },
        TextColor(Color::WHITE),
        Transform::from_xyz(0.0, y, 0.78),
    ));
    if stamina.temporary > 0 && stamina.max > 0 {
        // Temporary Stamina as a blue band along the top of the bar.
        let part = (stamina.temporary as f32 / stamina.max as f32).clamp(0.0, 1.0);
        t.spawn((
            Mesh2d(meshes.add(Rectangle::new(width * part, height / 2.0))),
            MeshMaterial2d(style.temporary.clone()),
            Transform::from_xyz(-width / 2.0 + width * part / 2.0, y + height / 4.0, 0.75),
        ));
    }
    let badge = if creature.dying {
        Some(("!", style.dying.clone()))
    } else if creature.winded {
        Some(("W", style.bar_winded.clone()))
    } else {
        None
    };
    if let Some((mark, color)) = badge {
        let at = Vec3::new(width / 2.0 + 1.0, y, 0.8);
        spawn_badge(
            t,
            style,
            meshes,
            at,
            height / 2.0 + 5.0,
            Mark::Letter(mark),
            color,
        );
    }
}

/// A round badge with a one-letter mark, outlined in the bar colour.
/// What a badge shows: a letter or digit, or an icon.
enum Mark<'a> {
    Letter(&'a str),
    Icon(Handle<Image>),
}

fn spawn_badge(
    t: &mut ChildSpawnerCommands,
    style: &TokenStyle,
    meshes: &mut Assets<Mesh>,
    at: Vec3,
    radius: f32,
    mark: Mark,
    color: Handle<ColorMaterial>,
) {
    t.spawn((
        Mesh2d(meshes.add(Circle::new(radius + 1.5))),
        MeshMaterial2d(style.bar_back.clone()),
        Transform::from_translation(at),
    ));
    t.spawn((
        Mesh2d(meshes.add(Circle::new(radius))),
        MeshMaterial2d(color),
        Transform::from_translation(at + Vec3::Z * 0.05),
    ));
    let ink = Color::srgb_u8(0x12, 0x14, 0x17);
    let at = at + Vec3::Z * 0.1;
    match mark {
        Mark::Letter(letter) => t.spawn((
            Text2d::new(letter),
            TextFont {
                font_size: FontSize::Px(radius * 1.4),
                ..default()
            },
            TextColor(ink),
            Transform::from_translation(at),
        )),
        Mark::Icon(image) => t.spawn((
            Sprite {
                image,
                color: ink,
                custom_size: Some(Vec2::splat(radius * 1.6)),
                ..default()
            },
            Transform::from_translation(at),
        )),
    };
}

/// Centre and side length, in world units, of the box around a creature's footprint.
fn footprint_box(layout: &BoardLayout, footprint: &[Square]) -> Option<(Vec2, f32)> {
    let centers = footprint.iter().map(|&sq| layout.square_center(sq));
    let (min, max) = centers.fold(None, |acc: Option<(Vec2, Vec2)>, c| {
        Some(acc.map_or((c, c), |(lo, hi)| (lo.min(c), hi.max(c))))
    })?;
    let extent = (max - min).max_element() + SQUARE;
    Some(((min + max) / 2.0, extent))
}

/// A short label: the initials of the name (or its first two letters), then any number the id
/// ends with, so `Bramble Cutter` / `cutter2` reads `BC2`.
fn initials(name: &str, id: &str) -> String {
    let words: Vec<&str> = name.split_whitespace().collect();
    let letters: String = match words.as_slice() {
        [] => id
            .chars()
            .take_while(|c| c.is_alphabetic())
            .take(2)
            .collect(),
        [word] => word.chars().take(2).collect(),
        [first, second, ..] => first
            .chars()
            .take(1)
            .chain(second.chars().take(1))
            .collect(),
    };
    let number = &id[id.trim_end_matches(|c: char| c.is_ascii_digit()).len()..];
    let mut label = letters.to_uppercase();
    if !name.ends_with(number) {
        label.push_str(number);
    }
    label
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::scenario;

    #[test]
    fn labels_are_initials_plus_the_id_number() {
        assert_eq!(initials("Brann Hollowsteel", "brann"), "BH");
        assert_eq!(initials("Bramble Cutter", "cutter2"), "BC2");
        assert_eq!(initials("Ogre", "ogre"), "OG");
        assert_eq!(initials("Guard 3", "guard3"), "G3");
        assert_eq!(initials("", "x1"), "X1");
    }

    #[test]
    fn tokens_cover_their_footprint() {
        let src = include_str!("../../../scenarios/mill_ambush.ron");
        let Ok(scenario) = scenario::load("mill_ambush.ron", src) else {
            panic!("the sample scenario loads");
        };
        let engine = scenario.start(None);
        let layout = BoardLayout::new(engine.map());
        let state = engine.state();
        let footprint = |id: &str| {
            let creature = state.creatures.iter().find(|c| c.id == id);
            creature.and_then(|c| footprint_box(&layout, &c.footprint))
        };
        // Brann stands on (1, 1); the size-2 ogre covers (14, 2) to (15, 3).
        let brann = layout.square_center(Square::new(1, 1));
        assert_eq!(footprint("brann"), Some((brann, SQUARE)));
        let ogre = (layout.square_center(Square::new(14, 2))
            + layout.square_center(Square::new(15, 3)))
            / 2.0;
        assert_eq!(footprint("ogre"), Some((ogre, 2.0 * SQUARE)));
    }
}
