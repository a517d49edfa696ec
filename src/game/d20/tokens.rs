//! What stands on the d20 board: the low walls, obstacles and narrow places the scenario adds
//! to its map, the creatures' tokens (icon, hit points, AC, injury badge), and the squares the
//! foes of the creature whose turn it is threaten.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use steelgrid_d20::battle::{Battle, CreatureView};
use steelgrid_d20::injury::Injury;
use steelgrid_d20::terrain::Border;
use steelgrid_rules::creature::Side;

use super::{Step, Table};
use crate::game::view::board::{BoardLayout, SQUARE};
use crate::game::view::icons::Icons;

const HEROES: Color = Color::srgb_u8(0x2f, 0x6f, 0xb3);
const DIRECTOR: Color = Color::srgb_u8(0xa8, 0x36, 0x32);
const LOW_WALL: Color = Color::srgb_u8(0x8a, 0x7a, 0x62);
const OBSTACLE: Color = Color::srgba(0.45, 0.33, 0.20, 0.85);
const NARROW: Color = Color::srgba(0.95, 0.85, 0.35, 0.35);
const THREAT: Color = Color::srgba(0.85, 0.15, 0.10, 0.16);
const BAR_BACK: Color = Color::srgb_u8(0x22, 0x22, 0x22);

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (redraw_tokens, redraw_threat)
            .run_if(resource_changed::<Table>)
            .in_set(Step::Present),
    );
}

/// Everything drawn for the creatures; redrawn when the battle changes.
#[derive(Component)]
struct Token;

/// A shaded threatened square.
#[derive(Component)]
struct Threat;

/// The low walls along their borders, obstacles and narrow squares (seed 001 L119-125, L205).
pub fn draw_features(commands: &mut Commands, battle: &Battle, layout: &BoardLayout) {
    let features = battle.features();
    for &border in &features.low_walls {
        let Border(a, b) = border;
        let mid = (layout.square_center(a) + layout.square_center(b)) / 2.0;
        let size = if a.y == b.y {
            Vec2::new(8.0, SQUARE)
        } else {
            Vec2::new(SQUARE, 8.0)
        };
        commands.spawn((
            Sprite::from_color(LOW_WALL, size),
            Transform::from_translation(mid.extend(2.5)),
        ));
    }
    for &sq in &features.obstacles {
        commands.spawn((
            Sprite::from_color(OBSTACLE, Vec2::splat(SQUARE * 0.45)),
            Transform::from_translation(layout.square_center(sq).extend(2.4))
                .with_rotation(Quat::from_rotation_z(0.35)),
        ));
    }
    for &sq in &features.narrow {
        commands.spawn((
            Sprite::from_color(NARROW, Vec2::new(SQUARE * 0.3, SQUARE)),
            Transform::from_translation(layout.square_center(sq).extend(2.4)),
        ));
    }
}

fn redraw_threat(
    mut commands: Commands,
    table: Res<Table>,
    layout: Res<BoardLayout>,
    old: Query<Entity, With<Threat>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    let Some(side) = acting_side(&table.0) else {
        return;
    };
    for sq in table.0.threatened_by(side.other()) {
        commands.spawn((
            Threat,
            Sprite::from_color(THREAT, Vec2::splat(SQUARE - 2.0)),
            Transform::from_translation(layout.square_center(sq).extend(2.2)),
        ));
    }
}

/// The side of the creature whose turn it is.
pub fn acting_side(battle: &Battle) -> Option<Side> {
    let id = battle.current()?;
    battle.creature(id).map(|c| c.side)
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
    let battle = &table.0;
    let acting = battle.current().map(str::to_owned);
    for c in battle.creatures() {
        let icon = icon_for(battle, &c);
        spawn_token(
            &mut commands,
            &layout,
            &icons,
            &c,
            icon.as_deref(),
            acting.as_deref() == Some(c.id.as_str()),
        );
    }
}

/// The creature's icon, from its stat block.
fn icon_for(battle: &Battle, c: &CreatureView) -> Option<String> {
    battle.icon(&c.id)
}

fn spawn_token(
    commands: &mut Commands,
    layout: &BoardLayout,
    icons: &Icons,
    c: &CreatureView,
    icon: Option<&str>,
    acting: bool,
) {
    let side = size_squares(c);
    let centre =
        layout.square_center(c.position) + Vec2::new(side - 1.0, -(side - 1.0)) * SQUARE / 2.0;
    let extent = SQUARE * side;
    let down = !matches!(
        c.injury,
        Injury::Healthy | Injury::Staggered | Injury::Disabled
    );
    let ring = match (c.side, down) {
        (_, true) => Color::srgb_u8(0x55, 0x55, 0x55),
        (Side::Heroes, _) => HEROES,
        (Side::Director, _) => DIRECTOR,
    };
    let z = if acting { 6.0 } else { 5.0 };
    commands
        .spawn((
            Token,
            Transform::from_translation(centre.extend(z)),
            Visibility::default(),
        ))
        .with_children(|t| {
            if acting {
                t.spawn((
                    Sprite::from_color(
                        Color::srgb_u8(0xf2, 0xd0, 0x4a),
                        Vec2::splat(extent * 0.92),
                    ),
                    Transform::from_xyz(0.0, 0.0, -0.2),
                ));
            }
            t.spawn((
                Sprite::from_color(ring, Vec2::splat(extent * 0.82)),
                Transform::from_xyz(0.0, 0.0, -0.1),
            ));
            match icon.and_then(|name| icons.get(name)) {
                Some(image) => {
                    t.spawn((
                        Sprite {
                            image,
                            custom_size: Some(Vec2::splat(extent * 0.62)),
                            ..default()
                        },
                        Transform::from_xyz(0.0, 2.0, 0.1),
                    ));
                }
                None => {
                    t.spawn((
                        Text2d::new(initials(&c.name)),
                        TextFont {
                            font_size: FontSize::Px(18.0),
                            ..default()
                        },
                        TextColor(Color::WHITE),
                        Transform::from_xyz(0.0, 0.0, 0.1),
                    ));
                }
            }
            // Hit points as a bar and a number along the bottom; AC in the top-right corner.
            let hp = &c.hit_points;
            let full = (hp.current.max(0) as f32 / hp.max.max(1) as f32).min(1.0);
            let width = extent * 0.8;
            let y = -extent * 0.42;
            t.spawn((
                Sprite::from_color(BAR_BACK, Vec2::new(width, 9.0)),
                Transform::from_xyz(0.0, y, 0.2),
            ));
            t.spawn((
                Sprite::from_color(hp_colour(full), Vec2::new(width * full, 9.0)),
                Anchor::CENTER_LEFT,
                Transform::from_xyz(-width / 2.0, y, 0.3),
            ));
            let number = if hp.nonlethal > 0 {
                format!("{}/{} ({} nl)", hp.current, hp.max, hp.nonlethal)
            } else {
                format!("{}/{}", hp.current, hp.max)
            };
            t.spawn((
                Text2d::new(number),
                TextFont {
                    font_size: FontSize::Px(12.0),
                    ..default()
                },
                TextColor(Color::WHITE),
                Transform::from_xyz(0.0, y, 0.4),
            ));
            t.spawn((
                Text2d::new(format!("AC {}", c.armour_class)),
                TextFont {
                    font_size: FontSize::Px(11.0),
                    ..default()
                },
                TextColor(Color::srgb_u8(0xf0, 0xe6, 0xc8)),
                Anchor::TOP_RIGHT,
                Transform::from_xyz(extent * 0.45, extent * 0.46, 0.4),
            ));
            if let Some((word, colour)) = badge(c) {
                // Across the token's middle on a dark band, clear of the AC and the bar.
                t.spawn((
                    Sprite::from_color(BAR_BACK.with_alpha(0.85), Vec2::new(extent * 0.86, 17.0)),
                    Transform::from_xyz(0.0, 0.0, 0.5),
                ));
                t.spawn((
                    Text2d::new(word),
                    TextFont {
                        font_size: FontSize::Px(13.0),
                        ..default()
                    },
                    TextColor(colour),
                    Transform::from_xyz(0.0, 0.0, 0.6),
                ));
            }
        });
}

/// How many squares wide the creature's space is.
fn size_squares(c: &CreatureView) -> f32 {
    match c.size {
        "Large" => 2.0,
        "Huge" => 3.0,
        "Gargantuan" => 4.0,
        "Colossal" => 6.0,
        _ => 1.0,
    }
}

/// The injury state as a badge (seed 001 L16-43, L66-67); squeezing too.
fn badge(c: &CreatureView) -> Option<(String, Color)> {
    let red = Color::srgb_u8(0xff, 0x70, 0x60);
    let amber = Color::srgb_u8(0xff, 0xc8, 0x50);
    match c.injury {
        Injury::Healthy if c.squeezing => Some(("SQUEEZED".into(), amber)),
        Injury::Healthy => None,
        Injury::Staggered => Some(("STAGGERED".into(), amber)),
        Injury::Disabled => Some(("DISABLED".into(), amber)),
        Injury::Dying => Some(("DYING".into(), red)),
        Injury::Stable => Some(("STABLE".into(), Color::srgb_u8(0x9a, 0xd0, 0xff))),
        Injury::Unconscious => Some(("KO".into(), amber)),
        Injury::Dead => Some(("DEAD".into(), Color::srgb_u8(0xbb, 0xbb, 0xbb))),
    }
}

fn hp_colour(full: f32) -> Color {
    if full > 0.5 {
        Color::srgb_u8(0x4c, 0xb0, 0x5a)
    } else if full > 0.0 {
        Color::srgb_u8(0xe0, 0xa4, 0x30)
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
