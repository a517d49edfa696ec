//! What stands on the Miniatures board: the DDM terrain the scenario lays over its map (forest,
//! smoke, pits, dangerous squares and the rest, each tinted its own way), the victory areas
//! with their names and points, and the miniatures' tokens (icon, hit points, defense, the
//! bloodied and champion marks; dimmed once activated, lit while active; riders small on their
//! mounts; big creatures over their whole space).

use bevy::prelude::*;
use bevy::sprite::Anchor;
use steelgrid_miniatures::battle::{Battle, MiniView, Phase};
use steelgrid_miniatures::movement::terrain::Terrain;
use steelgrid_miniatures::round::Player;
use steelgrid_rules::grid::Square;

use super::{Step, Table};
use crate::game::view::board::{BoardLayout, SQUARE};
use crate::game::view::icons::Icons;

const ONE: Color = Color::srgb_u8(0x2f, 0x6f, 0xb3);
const TWO: Color = Color::srgb_u8(0xa8, 0x36, 0x32);
const BAR_BACK: Color = Color::srgb_u8(0x22, 0x22, 0x22);
const ACTIVE: Color = Color::srgb_u8(0xf2, 0xd0, 0x4a);
const CHAMPION: Color = Color::srgb_u8(0xe8, 0xc0, 0x40);
const AREA: Color = Color::srgb_u8(0xf0, 0xe0, 0x90);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        redraw_tokens
            .run_if(resource_changed::<Table>)
            .in_set(Step::Present),
    );
}

/// Everything drawn for the miniatures; redrawn when the skirmish changes.
#[derive(Component)]
struct Token;

/// The player's colour.
pub fn colour(player: Player) -> Color {
    match player {
        Player::One => ONE,
        Player::Two => TWO,
    }
}

/// The tint of a DDM terrain over the kernel's tile, if it gets one (walls, floors and plain
/// difficult squares are the kernel's own tiles).
fn tint(terrain: Terrain) -> Option<Color> {
    Some(match terrain {
        Terrain::Forest => Color::srgba(0.12, 0.45, 0.16, 0.55),
        Terrain::MarketStalls => Color::srgba(0.55, 0.40, 0.15, 0.5),
        Terrain::Smoke => Color::srgba(0.62, 0.62, 0.66, 0.6),
        Terrain::Pit => Color::srgba(0.04, 0.03, 0.03, 0.8),
        Terrain::Dangerous => Color::srgba(0.90, 0.30, 0.08, 0.5),
        Terrain::SpikeStones => Color::srgba(0.75, 0.35, 0.25, 0.5),
        Terrain::Teleporter => Color::srgba(0.60, 0.25, 0.85, 0.5),
        Terrain::Slippery => Color::srgba(0.40, 0.80, 0.95, 0.4),
        Terrain::Bloodrock => Color::srgba(0.55, 0.05, 0.08, 0.55),
        Terrain::Sewage => Color::srgba(0.45, 0.42, 0.12, 0.5),
        Terrain::SecretDoor => Color::srgba(0.35, 0.30, 0.25, 0.6),
        Terrain::SeeThrough => Color::srgba(0.70, 0.90, 1.0, 0.45),
        Terrain::Clear | Terrain::Blocking | Terrain::Difficult => return None,
    })
}

/// The DDM terrain over the map's squares and the victory areas (seed 000 L174-202, L515-549).
pub fn draw_features(commands: &mut Commands, battle: &Battle, layout: &BoardLayout) {
    for (&terrain, squares) in &battle.features().0 {
        let Some(colour) = tint(terrain) else {
            continue;
        };
        for &sq in squares {
            let at = layout.square_center(sq);
            commands.spawn((
                Sprite::from_color(colour, Vec2::splat(SQUARE)),
                Transform::from_translation(at.extend(2.3)),
            ));
            // A mark in the corner so the kinds differ without colour too.
            let mark = match terrain {
                Terrain::Forest => "forest",
                Terrain::Smoke => "smoke",
                Terrain::Pit => "pit",
                Terrain::Dangerous => "danger",
                _ => "",
            };
            if !mark.is_empty() {
                commands.spawn((
                    Text2d::new(mark),
                    TextFont {
                        font_size: FontSize::Px(12.0),
                        ..default()
                    },
                    TextColor(Color::srgba(1.0, 1.0, 1.0, 0.7)),
                    Anchor::BOTTOM_RIGHT,
                    Transform::from_translation(
                        (at + Vec2::new(SQUARE / 2.0 - 3.0, -SQUARE / 2.0 + 2.0)).extend(2.35),
                    ),
                ));
            }
        }
    }
    for area in &battle.skirmish().areas {
        let label = format!("{} ({} VP)", area.name, area.points);
        let rect = (area.origin, area.width, area.height);
        for bundle in outline(layout, rect, AREA, label) {
            bundle.spawn(commands, ());
        }
    }
}

/// A rectangle of squares drawn on the board: a tint, an edge and a label at its top left.
struct Outlined {
    sprite: Option<Sprite>,
    at: Vec3,
    anchor: Option<Anchor>,
    text: Option<(String, Color)>,
}

impl Outlined {
    fn spawn(self, commands: &mut Commands, tag: impl Bundle) {
        let mut e = commands.spawn((Transform::from_translation(self.at), tag));
        if let Some(sprite) = self.sprite {
            e.insert(sprite);
        }
        if let Some(anchor) = self.anchor {
            e.insert(anchor);
        }
        if let Some((text, colour)) = self.text {
            e.insert((
                Text2d::new(text),
                TextFont {
                    font_size: FontSize::Px(13.0),
                    ..default()
                },
                TextColor(colour),
            ));
        }
    }
}

/// The pieces of a rectangle `(origin, width, height)` outlined in `colour` with `label`.
fn outline(
    layout: &BoardLayout,
    (origin, width, height): (Square, i32, i32),
    colour: Color,
    label: String,
) -> Vec<Outlined> {
    let first = layout.square_center(origin);
    let last = layout.square_center(Square::new(origin.x + width - 1, origin.y + height - 1));
    let centre = (first + last) / 2.0;
    let size = Vec2::new(width as f32, height as f32) * SQUARE;
    let plain = |sprite: Sprite, at: Vec3| Outlined {
        sprite: Some(sprite),
        at,
        anchor: None,
        text: None,
    };
    let mut out = vec![plain(
        Sprite::from_color(colour.with_alpha(0.14), size),
        centre.extend(2.4),
    )];
    let edge = 4.0;
    for (offset, extent) in [
        (Vec2::new(0.0, size.y / 2.0), Vec2::new(size.x, edge)),
        (Vec2::new(0.0, -size.y / 2.0), Vec2::new(size.x, edge)),
        (Vec2::new(size.x / 2.0, 0.0), Vec2::new(edge, size.y)),
        (Vec2::new(-size.x / 2.0, 0.0), Vec2::new(edge, size.y)),
    ] {
        out.push(plain(
            Sprite::from_color(colour.with_alpha(0.85), extent),
            (centre + offset).extend(2.45),
        ));
    }
    let corner = centre + Vec2::new(-size.x / 2.0, size.y / 2.0);
    out.push(Outlined {
        sprite: Some(Sprite::from_color(
            Color::srgba(0.08, 0.08, 0.06, 0.8),
            Vec2::new(label.len() as f32 * 7.8 + 6.0, 17.0),
        )),
        at: (corner + Vec2::new(0.0, 2.0)).extend(7.4),
        anchor: Some(Anchor::BOTTOM_LEFT),
        text: None,
    });
    out.push(Outlined {
        sprite: None,
        at: (corner + Vec2::new(2.0, 3.0)).extend(7.5),
        anchor: Some(Anchor::BOTTOM_LEFT),
        text: Some((label, colour)),
    });
    out
}

/// The start areas while the warbands deploy (seed 000 L48-49), each in its player's colour.
fn draw_start_areas(commands: &mut Commands, battle: &Battle, layout: &BoardLayout) {
    let s = battle.skirmish();
    let (Phase::StartArea { .. } | Phase::Deploy { .. }, Some(areas)) = (&s.phase, &s.start_areas)
    else {
        return;
    };
    for (n, area) in areas.iter().enumerate() {
        let colour = match s.phase {
            Phase::Deploy { .. } => colour(Player::BOTH[n]),
            _ => Color::srgb(0.85, 0.85, 0.85),
        };
        let label = match s.phase {
            Phase::Deploy { .. } => format!("{}: player {:?}", area.name, Player::BOTH[n]),
            _ => format!("{} (key {})", area.name, n + 1),
        };
        for bundle in outline(
            layout,
            (area.origin, area.width, area.height),
            colour,
            label,
        ) {
            bundle.spawn(commands, Token);
        }
    }
}

fn redraw_tokens(
    mut commands: Commands,
    table: Res<Table>,
    layout: Res<BoardLayout>,
    icons: Res<Icons>,
    old: Query<Entity, With<Token>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    draw_start_areas(&mut commands, &table.0, &layout);
    let minis = table.0.minis();
    for m in minis.iter().filter(|m| !m.destroyed) {
        let mount = m
            .riding
            .as_ref()
            .and_then(|id| minis.iter().find(|o| &o.id == id && !o.destroyed));
        spawn_token(&mut commands, &layout, &icons, m, mount);
    }
}

/// The world position of the centre of a space whose top-left square is `origin`.
pub fn space_centre(layout: &BoardLayout, origin: Square, side: i32) -> Vec2 {
    let side = side as f32;
    layout.square_center(origin) + Vec2::new(side - 1.0, -(side - 1.0)) * SQUARE / 2.0
}

fn spawn_token(
    commands: &mut Commands,
    layout: &BoardLayout,
    icons: &Icons,
    m: &MiniView,
    mount: Option<&MiniView>,
) {
    // A rider sits small in its mount's top-right corner, above it.
    let (centre, extent, z) = match mount {
        Some(horse) => {
            let base = space_centre(layout, horse.space.origin, horse.space.side);
            let big = SQUARE * horse.space.side as f32;
            let extent = big * 0.6;
            let centre = base + Vec2::splat((big - extent) / 2.0);
            (centre, extent, 6.5)
        }
        None => (
            space_centre(layout, m.space.origin, m.space.side),
            SQUARE * m.space.side as f32,
            5.0,
        ),
    };
    let z = if m.active { z + 1.0 } else { z };
    // Activated this round: dimmed.
    let alpha = if m.activated && !m.active { 0.45 } else { 1.0 };
    let small = mount.is_some() || extent < SQUARE * 0.9;
    commands
        .spawn((
            Token,
            Transform::from_translation(centre.extend(z)),
            Visibility::default(),
        ))
        .with_children(|t| {
            if m.active {
                t.spawn((
                    Sprite::from_color(ACTIVE, Vec2::splat(extent * 0.94)),
                    Transform::from_xyz(0.0, 0.0, -0.2),
                ));
            }
            t.spawn((
                Sprite::from_color(
                    colour(m.player).with_alpha(alpha),
                    Vec2::splat(extent * 0.84),
                ),
                Transform::from_xyz(0.0, 0.0, -0.1),
            ));
            match m.icon.as_deref().and_then(|name| icons.get(name)) {
                Some(image) => {
                    t.spawn((
                        Sprite {
                            image,
                            color: Color::WHITE.with_alpha(alpha),
                            custom_size: Some(Vec2::splat(extent * 0.6)),
                            ..default()
                        },
                        Transform::from_xyz(0.0, 2.0, 0.1),
                    ));
                }
                None => {
                    t.spawn((
                        Text2d::new(initials(&m.name)),
                        TextFont {
                            font_size: FontSize::Px(if small { 13.0 } else { 18.0 }),
                            ..default()
                        },
                        TextColor(Color::WHITE.with_alpha(alpha)),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                }
            }
            // Hit points as a bar and a number along the bottom; defense top right.
            let full = (m.hit_points as f32 / m.start.max(1) as f32).min(1.0);
            let width = extent * 0.8;
            let y = -extent * 0.42;
            let bar = if small { 7.0 } else { 9.0 };
            t.spawn((
                Sprite::from_color(BAR_BACK, Vec2::new(width, bar)),
                Transform::from_xyz(0.0, y, 0.2),
            ));
            t.spawn((
                Sprite::from_color(hp_colour(full, m.bloodied), Vec2::new(width * full, bar)),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-width / 2.0, y, 0.3),
            ));
            t.spawn((
                Text2d::new(format!("{}/{}", m.hit_points, m.start)),
                TextFont {
                    font_size: FontSize::Px(if small { 10.0 } else { 12.0 }),
                    ..default()
                },
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, y, 0.4),
            ));
            if !small {
                t.spawn((
                    Text2d::new(format!("Def {}", m.defense)),
                    TextFont {
                        font_size: FontSize::Px(11.0),
                        ..default()
                    },
                    TextColor(Color::srgb_u8(0xf0, 0xe6, 0xc8)),
                    Anchor::TOP_RIGHT,
                    Transform::from_xyz(extent * 0.45, extent * 0.46, 0.4),
                ));
            }
            if m.champion {
                // A gold diamond with a C in the top-left corner.
                let at = Vec2::new(-extent * 0.36, extent * 0.36);
                t.spawn((
                    Sprite::from_color(CHAMPION, Vec2::splat(13.0)),
                    Transform::from_translation(at.extend(0.5))
                        .with_rotation(Quat::from_rotation_z(std::f32::consts::FRAC_PI_4)),
                ));
                t.spawn((
                    Text2d::new("C"),
                    TextFont {
                        font_size: FontSize::Px(11.0),
                        ..default()
                    },
                    TextColor(BAR_BACK),
                    Transform::from_translation(at.extend(0.6)),
                ));
            }
            if let Some(word) = badge(m) {
                t.spawn((
                    Sprite::from_color(BAR_BACK.with_alpha(0.85), Vec2::new(extent * 0.9, 15.0)),
                    Transform::from_xyz(0.0, -extent * 0.1, 0.5),
                ));
                t.spawn((
                    Text2d::new(word),
                    TextFont {
                        font_size: FontSize::Px(if small { 9.0 } else { 11.0 }),
                        ..default()
                    },
                    TextColor(Color::srgb_u8(0xff, 0x70, 0x60)),
                    Transform::from_xyz(0.0, -extent * 0.1, 0.6),
                ));
            }
        });
}

/// Bloodied and the conditions on it, as a band across the token.
fn badge(m: &MiniView) -> Option<String> {
    let mut words: Vec<String> = Vec::new();
    if m.bloodied {
        words.push("BLOODIED".into());
    }
    words.extend(m.conditions.iter().map(|c| c.to_uppercase()));
    (!words.is_empty()).then(|| words.join(" "))
}

fn hp_colour(full: f32, bloodied: bool) -> Color {
    if !bloodied {
        Color::srgb_u8(0x4c, 0xb0, 0x5a)
    } else if full > 0.0 {
        Color::srgb_u8(0xe0, 0x5a, 0x30)
    } else {
        Color::srgb_u8(0xc0, 0x40, 0x38)
    }
}

fn initials(name: &str) -> String {
    name.split_whitespace()
        .filter_map(|w| w.chars().next())
        .take(2)
        .collect()
}
