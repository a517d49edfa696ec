//! The battle map as two `bevy_ecs_tilemap` layers: terrain, and the edge overlays that make
//! elevation and pits legible, plus small height labels.
//!
//! Map squares count rows from the top; the tilemap counts them from the bottom, so row `y`
//! is drawn at tile row `height - 1 - y`.

use bevy::prelude::*;
use bevy::sprite::Anchor;
use bevy_ecs_tilemap::prelude::*;
use steelgrid_rules::grid::{Map, Square, Terrain};

use super::atlas::{self, EAST, NORTH, OverlayStyle, SOUTH, TILE_PX, WEST};
use crate::game::Rules;

/// Side of one square in world units.
pub const SQUARE: f32 = TILE_PX as f32;
/// Depth of the overlay layer above the terrain layer.
const OVERLAY_Z: f32 = 1.0;
/// Depth of the height labels.
const LABEL_Z: f32 = 2.0;
/// The veil over squares of darkness or fog.
const DARKNESS: Color = Color::srgba(0.10, 0.12, 0.30, 0.45);

pub fn plugin(app: &mut App) {
    // The tiles are drawn by the renderer; a headless app (the HUD layout test) has none and
    // keeps the tilemaps as plain entities.
    if app.get_sub_app(bevy::render::RenderApp).is_some() {
        app.add_plugins(TilemapPlugin);
    }
    app.add_systems(
        Update,
        (
            // A new layout is a new battle (see `screens::start`).
            spawn_board.run_if(resource_changed::<BoardLayout>),
            refresh_terrain.run_if(resource_changed::<crate::game::CurrentState>),
        )
            .chain()
            .in_set(crate::game::BattleSystems::Present),
    );
}

/// Everything the board is drawn with: tilemaps, tiles, veils and labels.
#[derive(Component)]
struct BoardPiece;

/// A tile of the terrain layer, showing this square.
#[derive(Component, Clone, Copy, Debug)]
struct TerrainTile(Square);

/// Redraw the squares whose terrain the rules changed: an object broken by a push, a wall
/// raised or ground turned to mud by an ability, and back again when it ends.
/// The tile atlas the board is drawn with (the terrain legend shows its tiles too).
#[derive(Resource)]
pub struct BoardAtlas(pub Handle<Image>);

fn refresh_terrain(rules: Res<Rules>, mut tiles: Query<(&TerrainTile, &mut TileTextureIndex)>) {
    let map = rules.0.engine().map();
    for (tile, mut index) in &mut tiles {
        if let Some(want) = map.terrain(tile.0).map(atlas::terrain_tile)
            && index.0 != want
        {
            index.0 = want;
        }
    }
}

/// Where the board sits in the world: centred on the origin, one [`SQUARE`] per map square.
#[derive(Resource, Clone, Copy, Debug)]
pub struct BoardLayout {
    size: TilemapSize,
    /// World position of the centre of tile (0, 0), the bottom-left square.
    origin: Vec2,
}

impl BoardLayout {
    const TILE: TilemapTileSize = TilemapTileSize {
        x: SQUARE,
        y: SQUARE,
    };
    const GRID: TilemapGridSize = TilemapGridSize {
        x: SQUARE,
        y: SQUARE,
    };
    const TYPE: TilemapType = TilemapType::Square;
    const ANCHOR: TilemapAnchor = TilemapAnchor::Center;

    pub fn new(map: &Map) -> BoardLayout {
        let size = TilemapSize {
            x: map.width.max(1).unsigned_abs(),
            y: map.height.max(1).unsigned_abs(),
        };
        let origin = Self::ANCHOR.as_offset(&size, &Self::GRID, &Self::TILE, &Self::TYPE);
        BoardLayout { size, origin }
    }

    /// Size of the whole board in world units.
    pub fn world_size(&self) -> Vec2 {
        Vec2::new(self.size.x as f32, self.size.y as f32) * SQUARE
    }

    /// World position of the centre of a map square.
    pub fn square_center(&self, sq: Square) -> Vec2 {
        let row_from_bottom = self.size.y as i32 - 1 - sq.y;
        self.origin + Vec2::new(sq.x as f32, row_from_bottom as f32) * SQUARE
    }

    /// The map square under a world position, if it is on the board (the inverse of
    /// [`Self::square_center`]).
    pub fn square_at(&self, world: Vec2) -> Option<Square> {
        let cell = ((world - self.origin) / SQUARE + Vec2::splat(0.5)).floor();
        let (x, row_from_bottom) = (cell.x as i32, cell.y as i32);
        let (w, h) = (self.size.x as i32, self.size.y as i32);
        ((0..w).contains(&x) && (0..h).contains(&row_from_bottom))
            .then(|| Square::new(x, h - 1 - row_from_bottom))
    }

    /// The tile showing a map square, if it is on the board.
    fn tile_pos(&self, sq: Square) -> Option<TilePos> {
        TilePos::from_i32_pair(sq.x, self.size.y as i32 - 1 - sq.y, &self.size)
    }
}

/// Spawn both tilemap layers and the height labels from the rules' map, in place of the board
/// of the battle before.
fn spawn_board(
    mut commands: Commands,
    rules: Res<Rules>,
    layout: Res<BoardLayout>,
    mut images: ResMut<Assets<Image>>,
    old: Query<Entity, With<BoardPiece>>,
) {
    for piece in &old {
        commands.entity(piece).despawn();
    }
    spawn_map(&mut commands, rules.0.engine().map(), &layout, &mut images);
}

/// Draw a map: its terrain and edge tiles, veils over concealing squares and height labels.
/// Every ruleset's board is drawn with it.
pub fn spawn_map(
    commands: &mut Commands,
    map: &Map,
    layout: &BoardLayout,
    images: &mut Assets<Image>,
) {
    let image = images.add(atlas::build());
    commands.insert_resource(BoardAtlas(image.clone()));
    let texture = TilemapTexture::Single(image);
    let squares = || (0..map.height).flat_map(|y| (0..map.width).map(move |x| Square::new(x, y)));

    let terrain = squares().filter_map(|sq| Some((sq, atlas::terrain_tile(map.terrain(sq)?))));
    for (sq, tile) in spawn_layer(commands, layout, texture.clone(), 0.0, terrain) {
        commands.entity(tile).insert(TerrainTile(sq));
    }
    let overlay = squares().filter_map(|sq| Some((sq, overlay_tile(map, sq)?)));
    spawn_layer(commands, layout, texture, OVERLAY_Z, overlay);

    // Darkness and fog: a dusk-blue veil over the square (concealment).
    for sq in squares().filter(|sq| map.cell(*sq).is_some_and(|c| c.concealing)) {
        commands.spawn((
            BoardPiece,
            Sprite::from_color(DARKNESS, Vec2::splat(SQUARE)),
            Transform::from_translation(layout.square_center(sq).extend(LABEL_Z - 0.5)),
        ));
    }
    for sq in squares() {
        if let Some(label) = height_label(map, sq) {
            let corner =
                layout.square_center(sq) + Vec2::new(-SQUARE / 2.0 + 5.0, SQUARE / 2.0 - 3.0);
            // Light on a pit's dark and on a wall's stones, dark on the floor.
            let on_dark =
                matches!(map.terrain(sq), Some(Terrain::Pit { .. })) || map.is_stacked(sq);
            let color = if on_dark {
                Color::srgb_u8(0xc8, 0xc2, 0xb6)
            } else {
                Color::srgb_u8(0x4a, 0x3b, 0x26)
            };
            commands.spawn((
                BoardPiece,
                Text2d::new(label),
                TextFont {
                    font_size: FontSize::Px(15.0),
                    ..default()
                },
                TextColor(color),
                Anchor::TOP_LEFT,
                Transform::from_translation(corner.extend(LABEL_Z)),
            ));
        }
    }
}

/// One tilemap holding a tile for each `(square, atlas index)`; returns each tile's entity.
fn spawn_layer(
    commands: &mut Commands,
    layout: &BoardLayout,
    texture: TilemapTexture,
    z: f32,
    tiles: impl Iterator<Item = (Square, u32)>,
) -> Vec<(Square, Entity)> {
    let tilemap = commands.spawn(BoardPiece).id();
    let mut storage = TileStorage::empty(layout.size);
    let mut spawned = Vec::new();
    for (sq, index) in tiles {
        let Some(position) = layout.tile_pos(sq) else {
            continue;
        };
        let tile = commands
            .spawn((
                BoardPiece,
                TileBundle {
                    position,
                    tilemap_id: TilemapId(tilemap),
                    texture_index: TileTextureIndex(index),
                    ..default()
                },
            ))
            .id();
        storage.set(&position, tile);
        spawned.push((sq, tile));
    }
    commands.entity(tilemap).insert(TilemapBundle {
        grid_size: BoardLayout::GRID,
        map_type: BoardLayout::TYPE,
        size: layout.size,
        storage,
        texture,
        tile_size: BoardLayout::TILE,
        anchor: BoardLayout::ANCHOR,
        transform: Transform::from_xyz(0.0, 0.0, z),
        ..default()
    });
    spawned
}

/// The four neighbours of a square with the overlay edge bit facing each.
fn neighbours(sq: Square) -> [(u8, Square); 4] {
    [
        (NORTH, Square::new(sq.x, sq.y - 1)),
        (EAST, Square::new(sq.x + 1, sq.y)),
        (SOUTH, Square::new(sq.x, sq.y + 1)),
        (WEST, Square::new(sq.x - 1, sq.y)),
    ]
}

/// The overlay tile for a square: a rim where a pit meets other ground, contour lines where
/// raised or sunken ground meets ground of another height. Walls and objects get no edges.
fn overlay_tile(map: &Map, sq: Square) -> Option<u32> {
    let cell = map.cell(sq)?;
    let here = map.ground(sq)?;
    let pit = matches!(cell.terrain, Terrain::Pit { .. });
    let style = if pit {
        OverlayStyle::Pit
    } else {
        OverlayStyle::for_elevation(cell.elevation)?
    };
    let edge_against = |n: Square| {
        if pit {
            !matches!(map.terrain(n), Some(Terrain::Pit { .. }))
        } else {
            !map.is_solid(n) && map.ground(n).is_some_and(|g| g != here)
        }
    };
    let edges = neighbours(sq)
        .into_iter()
        .filter(|&(_, n)| edge_against(n))
        .fold(0, |edges, (edge, _)| edges | edge);
    Some(atlas::overlay_tile(style, edges))
}

/// A label such as `+1` or `-3` on the top-left square of each raised, sunken or pit area, and
/// of each run of a wall or object of a given height (its top).
fn height_label(map: &Map, sq: Square) -> Option<String> {
    let cell = map.cell(sq)?;
    let marked =
        cell.elevation != 0 || matches!(cell.terrain, Terrain::Pit { .. }) || cell.top().is_some();
    if !marked || map.is_solid(sq) {
        return None;
    }
    let kind = |s: Square| {
        map.cell(s).map(|c| {
            (
                matches!(c.terrain, Terrain::Pit { .. }),
                c.elevation,
                c.top(),
            )
        })
    };
    let same_area = |s: Square| kind(s) == kind(sq) && map.ground(s) == map.ground(sq);
    if same_area(Square::new(sq.x - 1, sq.y)) || same_area(Square::new(sq.x, sq.y - 1)) {
        return None;
    }
    let height = map.ground(sq)?;
    Some(format!("{height:+}"))
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::grid::Cell;

    fn map(rows: &[&str]) -> Map {
        let cells = rows
            .iter()
            .flat_map(|row| row.chars())
            .map(|ch| Cell {
                terrain: match ch {
                    '#' | 'W' => Terrain::Wall,
                    'o' => Terrain::Pit { depth: 2 },
                    _ => Terrain::Floor,
                },
                elevation: if ch == 'h' { 1 } else { 0 },
                height: (ch == 'W').then_some(2),
                ..Cell::default()
            })
            .collect();
        Map {
            width: rows[0].len() as i32,
            height: rows.len() as i32,
            cells,
            zones: Default::default(),
        }
    }

    #[test]
    fn top_row_of_the_map_is_drawn_at_the_top() {
        let layout = BoardLayout::new(&map(&["...", "..."]));
        let top = layout.square_center(Square::new(0, 0));
        let bottom = layout.square_center(Square::new(0, 1));
        assert!(top.y > bottom.y);
        assert_eq!(
            layout.tile_pos(Square::new(2, 0)),
            Some(TilePos { x: 2, y: 1 })
        );
        assert_eq!(top, Vec2::new(-SQUARE, SQUARE / 2.0));
    }

    #[test]
    fn world_positions_map_back_to_squares() {
        let layout = BoardLayout::new(&map(&["...", "..."]));
        for sq in [Square::new(0, 0), Square::new(2, 0), Square::new(1, 1)] {
            let center = layout.square_center(sq);
            assert_eq!(layout.square_at(center), Some(sq));
            let near_corner = center + Vec2::new(SQUARE, -SQUARE) * 0.49;
            assert_eq!(layout.square_at(near_corner), Some(sq));
        }
        // The top-left square's top-left corner, and just outside it.
        let corner = layout.square_center(Square::new(0, 0)) + Vec2::new(-SQUARE, SQUARE) / 2.0;
        assert_eq!(
            layout.square_at(corner + Vec2::new(0.1, -0.1)),
            Some(Square::new(0, 0))
        );
        assert_eq!(layout.square_at(corner + Vec2::new(-0.1, 0.0)), None);
        assert_eq!(layout.square_at(corner + Vec2::new(0.0, 0.1)), None);
    }

    #[test]
    fn raised_ground_gets_edges_toward_lower_ground_only() {
        let m = map(&["#hh", ".hh"]);
        let tile = overlay_tile(&m, Square::new(1, 1));
        // West (floor) and nothing else: north is raised, east raised, south off the map.
        assert_eq!(
            tile,
            Some(atlas::overlay_tile(OverlayStyle::Raised(1), WEST))
        );
        assert_eq!(overlay_tile(&m, Square::new(0, 1)), None);
    }

    #[test]
    fn one_label_per_area() {
        let m = map(&[".hh", ".hh", "oo."]);
        assert_eq!(height_label(&m, Square::new(1, 0)).as_deref(), Some("+1"));
        assert_eq!(height_label(&m, Square::new(2, 1)), None);
        assert_eq!(height_label(&m, Square::new(0, 2)).as_deref(), Some("-2"));
        assert_eq!(height_label(&m, Square::new(1, 2)), None);
    }

    #[test]
    fn a_wall_of_a_given_height_is_labelled_with_its_top_once_per_run() {
        let m = map(&["#W.", ".W.", "..."]);
        assert_eq!(
            height_label(&m, Square::new(0, 0)),
            None,
            "a wall to the sky"
        );
        assert_eq!(height_label(&m, Square::new(1, 0)).as_deref(), Some("+2"));
        assert_eq!(height_label(&m, Square::new(1, 1)), None);
    }
}
