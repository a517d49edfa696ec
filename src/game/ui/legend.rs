//! The terrain legend in the side panel, under the turn tracker: a swatch and a name for each
//! kind of ground the map has (objects by material, damaging terrain with its damage), so the board
//! reads before a square is pointed at. Raised ground and pits' depths are in the tooltip.

use bevy::prelude::*;
use steelgrid_rules::grid::{Map, Material, Square, Terrain};

use super::hud::MUTED;
use crate::game::view::atlas;
use crate::game::view::board::BoardAtlas;
use crate::game::{CurrentState, Rules};

pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        fill_legend
            .in_set(crate::game::BattleSystems::Present)
            .run_if(
                resource_changed::<CurrentState>.or_else(resource_exists_and_changed::<BoardAtlas>),
            ),
    );
}

/// The legend's row in the side panel, under the turn tracker (spawned by the log's panel).
#[derive(Component)]
pub struct Legend;

/// Each kind of ground on `map` other than plain floor, in the atlas's order: its tile and
/// its name.
pub fn entries(map: &Map) -> Vec<(u32, String)> {
    let mut found: Vec<(u32, String)> = (0..map.height)
        .flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)))
        .filter_map(|sq| map.terrain(sq))
        .filter(|t| *t != Terrain::Floor)
        .map(|t| (atlas::terrain_tile(t), name(t)))
        .collect();
    found.sort();
    found.dedup();
    found
}

fn name(terrain: Terrain) -> String {
    match terrain {
        Terrain::Object { material } => {
            let material = match material {
                Material::Wood => "wood",
                Material::Stone => "stone",
                Material::Metal => "metal",
                Material::Glass => "glass",
            };
            format!("{material} object")
        }
        Terrain::Damaging { damage } => format!("damaging ({damage})"),
        other => other.name().to_owned(),
    }
}

fn fill_legend(
    mut commands: Commands,
    rules: Res<Rules>,
    atlas: Option<Res<BoardAtlas>>,
    mut layouts: ResMut<Assets<TextureAtlasLayout>>,
    legend: Single<Entity, With<Legend>>,
    mut shown: Local<Vec<(u32, String)>>,
    mut layout: Local<Option<Handle<TextureAtlasLayout>>>,
) {
    let Some(atlas) = atlas else {
        return;
    };
    let found = entries(rules.0.engine().map());
    if *shown == found {
        return;
    }
    let layout = layout
        .get_or_insert_with(|| layouts.add(atlas::layout()))
        .clone();
    commands
        .entity(*legend)
        .despawn_related::<Children>()
        .with_children(|row| {
            for (tile, name) in &found {
                row.spawn(Node {
                    align_items: AlignItems::Center,
                    column_gap: px(4),
                    ..default()
                })
                .with_children(|entry| {
                    entry.spawn((
                        ImageNode::from_atlas_image(
                            atlas.0.clone(),
                            TextureAtlas {
                                layout: layout.clone(),
                                index: *tile as usize,
                            },
                        ),
                        Node {
                            width: px(16),
                            height: px(16),
                            ..default()
                        },
                    ));
                    entry.spawn((
                        Text::new(name.clone()),
                        TextFont {
                            font_size: FontSize::Px(12.0),
                            ..default()
                        },
                        TextColor(MUTED),
                    ));
                });
            }
        });
    *shown = found;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_legend_names_each_kind_of_ground_the_map_has_once() {
        let d = crate::scenarios::DEFAULT;
        let game = steelgrid_rules::record::Game::new(d.file, d.text, Some(7)).unwrap();
        let names: Vec<String> = entries(game.engine().map())
            .into_iter()
            .map(|(_, n)| n)
            .collect();
        for kind in [
            "wall",
            "wood object",
            "stone object",
            "difficult terrain",
            "pit",
        ] {
            assert!(names.iter().any(|n| n == kind), "{kind} in {names:?}");
        }
        assert!(!names.iter().any(|n| n == "floor"));
        let mut unique = names.clone();
        unique.dedup();
        assert_eq!(unique, names);
    }
}
