//! The board's tile atlas, painted in code so the client needs no asset files: one tile per
//! terrain kind, then the edge overlays for raised ground, sunken ground and pits, sixteen tiles
//! to a row. Shapes are drawn from signed distances, so edges come out anti-aliased and flat,
//! like vector art.

use bevy::asset::RenderAssetUsages;
use bevy::image::Image;
use bevy::math::Vec2;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};
use steelgrid_rules::grid::{Material, Terrain};

/// Side of one tile in texels. The board is drawn at about one texel per screen pixel in a
/// 1280×800 window, so the tiles stay crisp.
pub const TILE_PX: u32 = 64;
/// Tiles per atlas row (keeps the atlas within WebGL2's 2048-texel limit).
const COLUMNS: u32 = 16;
/// Atlas rows: one of terrain, one per overlay style.
const ROWS: u32 = 1 + OverlayStyle::COUNT;
/// Edge bits of an overlay tile: which sides of the square get an edge drawn.
pub const NORTH: u8 = 1;
pub const EAST: u8 = 2;
pub const SOUTH: u8 = 4;
pub const WEST: u8 = 8;

/// Straight (not premultiplied) sRGB colour with alpha, each channel 0-1.
type Rgba = [f32; 4];

/// An opaque colour from `0xRRGGBB`.
const fn hex(rgb: u32) -> Rgba {
    hexa(rgb, 1.0)
}

/// A colour from `0xRRGGBB` with alpha.
const fn hexa(rgb: u32, alpha: f32) -> Rgba {
    [
        ((rgb >> 16) & 0xff) as f32 / 255.0,
        ((rgb >> 8) & 0xff) as f32 / 255.0,
        (rgb & 0xff) as f32 / 255.0,
        alpha,
    ]
}

const FLOOR: Rgba = hex(0xd3cab8);
const GRID_LINE: Rgba = hexa(0x7d7260, 0.35);
const WALL: Rgba = hex(0x3d424b);
const WALL_MORTAR: Rgba = hex(0x2c3037);
const WALL_LIGHT: Rgba = hexa(0x59606b, 0.8);
const SHADOW: Rgba = hexa(0x000000, 0.22);
const WOOD: Rgba = hex(0xa8733f);
const WOOD_DARK: Rgba = hex(0x6e4520);
const STONE: Rgba = hex(0x9d9d98);
const STONE_DARK: Rgba = hex(0x65655f);
const METAL: Rgba = hex(0x7f8c9b);
const METAL_DARK: Rgba = hex(0x4e5864);
const METAL_LIGHT: Rgba = hex(0xd2d8df);
const GLASS: Rgba = hexa(0x9fd6ea, 0.8);
const GLASS_DARK: Rgba = hex(0x4f9bb8);
const SHINE: Rgba = hexa(0xffffff, 0.75);
const HATCH: Rgba = hexa(0x8b7a4c, 0.8);
const HAZARD: Rgba = hex(0xe3a12f);
const HAZARD_DARK: Rgba = hex(0x3b2f22);
const PIT: Rgba = hex(0x17191d);
const WATER: Rgba = hex(0x3f7fa6);
const WATER_LIGHT: Rgba = hex(0x8cc3df);
const PIT_LIP: Rgba = hex(0x8a806e);
const PIT_WALL: Rgba = hex(0x4a443c);
const LEDGE: Rgba = hex(0x5b4a32);

/// How the atlas is cut into tiles, for UI images of single tiles (the terrain legend).
pub fn layout() -> bevy::image::TextureAtlasLayout {
    bevy::image::TextureAtlasLayout::from_grid(
        bevy::math::UVec2::splat(TILE_PX),
        COLUMNS,
        ROWS,
        None,
        None,
    )
}

/// Atlas index of a terrain's base tile.
pub fn terrain_tile(terrain: Terrain) -> u32 {
    match terrain {
        Terrain::Floor => 0,
        Terrain::Wall => 1,
        Terrain::Object { material } => match material {
            Material::Wood => 2,
            Material::Stone => 3,
            Material::Metal => 4,
            Material::Glass => 5,
        },
        Terrain::Difficult => 6,
        Terrain::Damaging { .. } => 7,
        Terrain::Pit { .. } => 8,
        Terrain::Water { .. } => 9,
    }
}

/// The kinds of edge overlay laid over a square's terrain.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OverlayStyle {
    /// Ground 1, 2 or 3+ squares above the floor: lighter, with one contour line per level.
    Raised(u8),
    /// Ground 1, 2 or 3+ squares below the floor: darker, with one contour line per level.
    Sunken(u8),
    /// The rim of a pit.
    Pit,
}

impl OverlayStyle {
    const COUNT: u32 = 7;
    const ALL: [OverlayStyle; Self::COUNT as usize] = [
        OverlayStyle::Raised(1),
        OverlayStyle::Raised(2),
        OverlayStyle::Raised(3),
        OverlayStyle::Sunken(1),
        OverlayStyle::Sunken(2),
        OverlayStyle::Sunken(3),
        OverlayStyle::Pit,
    ];

    /// The style for ground at `elevation` (not a pit), if it differs from the floor.
    pub fn for_elevation(elevation: i32) -> Option<OverlayStyle> {
        let level = elevation.unsigned_abs().min(3) as u8;
        match elevation {
            0 => None,
            e if e > 0 => Some(OverlayStyle::Raised(level)),
            _ => Some(OverlayStyle::Sunken(level)),
        }
    }

    fn row(self) -> u32 {
        match self {
            OverlayStyle::Raised(level) => u32::from(level.clamp(1, 3)) - 1,
            OverlayStyle::Sunken(level) => u32::from(level.clamp(1, 3)) + 2,
            OverlayStyle::Pit => 6,
        }
    }
}

/// Atlas index of an overlay tile; `edges` is a set of [`NORTH`], [`EAST`], [`SOUTH`], [`WEST`].
pub fn overlay_tile(style: OverlayStyle, edges: u8) -> u32 {
    (1 + style.row()) * COLUMNS + u32::from(edges & 0x0f)
}

/// Paint the whole atlas.
pub fn build() -> Image {
    let (width, height) = (COLUMNS * TILE_PX, ROWS * TILE_PX);
    let mut data = vec![0u8; (width * height * 4) as usize];
    let terrains = [
        Terrain::Floor,
        Terrain::Wall,
        Terrain::Object {
            material: Material::Wood,
        },
        Terrain::Object {
            material: Material::Stone,
        },
        Terrain::Object {
            material: Material::Metal,
        },
        Terrain::Object {
            material: Material::Glass,
        },
        Terrain::Difficult,
        Terrain::Damaging { damage: 1 },
        Terrain::Pit { depth: 1 },
        Terrain::Water { depth: 1 },
    ];
    let mut tiles: Vec<(u32, Canvas)> = terrains
        .iter()
        .map(|&t| (terrain_tile(t), paint_terrain(t)))
        .collect();
    for style in OverlayStyle::ALL {
        for edges in 0..16u8 {
            tiles.push((overlay_tile(style, edges), paint_overlay(style, edges)));
        }
    }
    for (index, canvas) in tiles {
        let (tx, ty) = ((index % COLUMNS) * TILE_PX, (index / COLUMNS) * TILE_PX);
        for (i, px) in canvas.pixels.iter().enumerate() {
            let (x, y) = (tx + i as u32 % TILE_PX, ty + i as u32 / TILE_PX);
            let at = ((y * width + x) * 4) as usize;
            for (c, value) in px.iter().enumerate() {
                data[at + c] = (value.clamp(0.0, 1.0) * 255.0).round() as u8;
            }
        }
    }
    Image::new(
        Extent3d {
            width,
            height,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        data,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::default(),
    )
}

fn paint_terrain(terrain: Terrain) -> Canvas {
    let c = Vec2::splat(TILE_PX as f32 / 2.0);
    let shadow = Vec2::new(2.0, 3.0);
    let mut canvas = Canvas::filled(FLOOR);
    match terrain {
        Terrain::Floor => {}
        Terrain::Wall => {
            canvas = Canvas::filled(WALL);
            // Brick courses 16 texels high, joints staggered by half a brick.
            let joint = |p: Vec2| {
                let offset = if (p.y / 16.0).floor() as i32 % 2 == 0 {
                    0.0
                } else {
                    16.0
                };
                periodic(p.x - offset, 32.0)
            };
            canvas.paint(WALL_LIGHT, |p| (p.y.rem_euclid(16.0) - 2.5).abs() - 0.5);
            canvas.paint(WALL_MORTAR, |p| periodic(p.y, 16.0) - 1.0);
            canvas.paint(WALL_MORTAR, |p| joint(p) - 1.0);
            return canvas;
        }
        Terrain::Object {
            material: Material::Wood,
        } => {
            let crate_box = |p: Vec2| rounded_box(p - c, Vec2::splat(21.0), 3.0);
            canvas.paint(SHADOW, |p| crate_box(p - shadow));
            canvas.paint(WOOD, crate_box);
            for y in [-7.0, 7.0] {
                canvas.paint(WOOD_DARK, |p| {
                    ((p.y - c.y - y).abs() - 0.8).max(crate_box(p) + 2.0)
                });
            }
            canvas.paint(WOOD_DARK, |p| {
                (segment(p, c - Vec2::splat(17.0), c + Vec2::splat(17.0)) - 2.5).max(crate_box(p))
            });
            canvas.paint(WOOD_DARK, |p| crate_box(p).abs() - 1.5);
        }
        Terrain::Object {
            material: Material::Stone,
        } => {
            let pillar = |p: Vec2| (p - c).length() - 21.0;
            canvas.paint(SHADOW, |p| pillar(p - shadow));
            canvas.paint(STONE, pillar);
            canvas.paint(hexa(0xffffff, 0.28), |p| {
                (p - c + Vec2::splat(7.0)).length() - 7.0
            });
            canvas.paint(STONE_DARK, |p| pillar(p).abs() - 1.5);
        }
        Terrain::Object {
            material: Material::Metal,
        } => {
            let block = |p: Vec2| rounded_box(p - c, Vec2::splat(20.0), 4.0);
            canvas.paint(SHADOW, |p| block(p - shadow));
            canvas.paint(METAL, block);
            canvas.paint(METAL_DARK, |p| {
                ((p.y - c.y).abs() - 0.8).max(block(p) + 3.0)
            });
            for corner in [
                Vec2::new(-1.0, -1.0),
                Vec2::new(1.0, -1.0),
                Vec2::new(-1.0, 1.0),
                Vec2::new(1.0, 1.0),
            ] {
                canvas.paint(METAL_LIGHT, |p| (p - c - corner * 13.0).length() - 2.6);
            }
            canvas.paint(METAL_DARK, |p| block(p).abs() - 1.5);
        }
        Terrain::Object {
            material: Material::Glass,
        } => {
            let pane = |p: Vec2| rounded_box(p - c, Vec2::splat(21.0), 3.0);
            canvas.paint(GLASS, pane);
            for (a, b) in [((-10.0, 6.0), (6.0, -10.0)), ((-4.0, 14.0), (14.0, -4.0))] {
                let (a, b) = (c + Vec2::new(a.0, a.1), c + Vec2::new(b.0, b.1));
                canvas.paint(SHINE, |p| segment(p, a, b) - 1.2);
            }
            canvas.paint(GLASS_DARK, |p| pane(p).abs() - 1.0);
        }
        Terrain::Difficult => {
            canvas.paint(HATCH, |p| {
                periodic(p.x + p.y, 16.0) / std::f32::consts::SQRT_2 - 1.6
            });
        }
        Terrain::Damaging { .. } => {
            canvas = Canvas::filled(HAZARD_DARK);
            canvas.paint(HAZARD, |p| {
                (periodic(p.x + p.y, 32.0) - 8.0) / std::f32::consts::SQRT_2
            });
        }
        Terrain::Pit { .. } => return Canvas::filled(PIT),
        Terrain::Water { .. } => {
            canvas = Canvas::filled(WATER);
            // Two rows of gentle ripples.
            for y in [20.0, 44.0] {
                canvas.paint(WATER_LIGHT, |p| {
                    (p.y - y - 3.0 * (p.x * std::f32::consts::TAU / 32.0).sin()).abs() - 1.2
                });
            }
        }
    }
    canvas.paint(GRID_LINE, |p| {
        edge_distance(p, NORTH | EAST | SOUTH | WEST) - 1.0
    });
    canvas
}

fn paint_overlay(style: OverlayStyle, edges: u8) -> Canvas {
    let mut canvas = Canvas::filled([0.0; 4]);
    let size = TILE_PX as f32;
    match style {
        OverlayStyle::Pit => {
            // The pit's wall fading into the dark, then a lip of floor at the edge.
            let fade = 14.0;
            canvas.shade(|p| {
                let d = edge_distance(p, edges);
                (d < fade).then(|| (PIT_WALL, 1.0 - d / fade))
            });
            canvas.paint(PIT_LIP, |p| edge_distance(p, edges) - 2.5);
        }
        OverlayStyle::Raised(level) | OverlayStyle::Sunken(level) => {
            let tint = if matches!(style, OverlayStyle::Raised(_)) {
                hexa(0xffffff, 0.12 * f32::from(level) + 0.1)
            } else {
                hexa(0x000000, 0.10 * f32::from(level))
            };
            canvas = Canvas::filled(tint);
            // The face of the step between the edge and the first contour line, and on raised
            // ground a lit rim just inside it.
            canvas.paint(hexa(0x5b4a32, 0.3), |p| edge_distance(p, edges) - 2.0);
            if matches!(style, OverlayStyle::Raised(_)) {
                canvas.shade(|p| {
                    let d = edge_distance(p, edges) - 3.5;
                    (d > 0.0 && d < 5.0).then(|| (hexa(0xffffff, 0.45), 1.0 - d / 5.0))
                });
            }
            // One contour line per level along each drawn edge; lines meet cleanly at corners.
            for k in 0..level {
                let inset = 2.0 + 5.0 * f32::from(k);
                let width = if k == 0 { 1.5 } else { 1.0 };
                let color = if k == 0 {
                    LEDGE
                } else {
                    [LEDGE[0], LEDGE[1], LEDGE[2], 0.7]
                };
                let from = |edge: u8| if edges & edge != 0 { inset } else { 0.0 };
                let to = |edge: u8| {
                    if edges & edge != 0 {
                        size - inset
                    } else {
                        size
                    }
                };
                let mut lines = Vec::new();
                if edges & NORTH != 0 {
                    lines.push((Vec2::new(from(WEST), inset), Vec2::new(to(EAST), inset)));
                }
                if edges & SOUTH != 0 {
                    let y = size - inset;
                    lines.push((Vec2::new(from(WEST), y), Vec2::new(to(EAST), y)));
                }
                if edges & WEST != 0 {
                    lines.push((Vec2::new(inset, from(NORTH)), Vec2::new(inset, to(SOUTH))));
                }
                if edges & EAST != 0 {
                    let x = size - inset;
                    lines.push((Vec2::new(x, from(NORTH)), Vec2::new(x, to(SOUTH))));
                }
                for (a, b) in lines {
                    canvas.paint(color, |p| segment(p, a, b) - width);
                }
            }
        }
    }
    canvas
}

/// One tile being painted: straight-alpha colours, row by row from the top.
struct Canvas {
    pixels: Vec<Rgba>,
}

impl Canvas {
    fn filled(color: Rgba) -> Canvas {
        Canvas {
            pixels: vec![color; (TILE_PX * TILE_PX) as usize],
        }
    }

    /// Paint `color` inside a shape given by its signed distance (negative inside), with one
    /// texel of anti-aliasing at the edge.
    fn paint(&mut self, color: Rgba, shape: impl Fn(Vec2) -> f32) {
        self.shade(|p| {
            let coverage = (0.5 - shape(p)).clamp(0.0, 1.0);
            (coverage > 0.0).then_some((color, coverage))
        });
    }

    /// Blend a colour, at some coverage, over every texel `shader` returns one for.
    fn shade(&mut self, shader: impl Fn(Vec2) -> Option<(Rgba, f32)>) {
        for (i, dst) in self.pixels.iter_mut().enumerate() {
            let p = Vec2::new(
                (i as u32 % TILE_PX) as f32 + 0.5,
                (i as u32 / TILE_PX) as f32 + 0.5,
            );
            if let Some((src, coverage)) = shader(p) {
                *dst = over(src, coverage, *dst);
            }
        }
    }
}

/// Porter-Duff "over" for straight-alpha colours.
fn over(src: Rgba, coverage: f32, dst: Rgba) -> Rgba {
    let a = src[3] * coverage.clamp(0.0, 1.0);
    let out_a = a + dst[3] * (1.0 - a);
    if out_a <= 0.0 {
        return [0.0; 4];
    }
    let mix = |s: f32, d: f32| (s * a + d * dst[3] * (1.0 - a)) / out_a;
    [
        mix(src[0], dst[0]),
        mix(src[1], dst[1]),
        mix(src[2], dst[2]),
        out_a,
    ]
}

/// Distance from `v` to the nearest multiple of `period`.
fn periodic(v: f32, period: f32) -> f32 {
    let m = v.rem_euclid(period);
    m.min(period - m)
}

/// Signed distance to an axis-aligned box with rounded corners, centred on the origin.
fn rounded_box(p: Vec2, half: Vec2, radius: f32) -> f32 {
    let q = p.abs() - half + Vec2::splat(radius);
    q.max(Vec2::ZERO).length() + q.x.max(q.y).min(0.0) - radius
}

/// Distance to the segment from `a` to `b`.
fn segment(p: Vec2, a: Vec2, b: Vec2) -> f32 {
    let (pa, ba) = (p - a, b - a);
    let t = (pa.dot(ba) / ba.length_squared().max(f32::EPSILON)).clamp(0.0, 1.0);
    (pa - ba * t).length()
}

/// Distance to the nearest of the tile's sides named in `edges` (infinite if none).
fn edge_distance(p: Vec2, edges: u8) -> f32 {
    let size = TILE_PX as f32;
    [
        (NORTH, p.y),
        (EAST, size - p.x),
        (SOUTH, size - p.y),
        (WEST, p.x),
    ]
    .into_iter()
    .filter(|(edge, _)| edges & edge != 0)
    .map(|(_, d)| d)
    .fold(f32::INFINITY, f32::min)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_tile_fits_in_the_atlas() {
        let last = overlay_tile(OverlayStyle::Pit, 15);
        assert!(last < COLUMNS * ROWS);
        assert!(terrain_tile(Terrain::Pit { depth: 2 }) < COLUMNS);
        assert_eq!(overlay_tile(OverlayStyle::Raised(1), 0), COLUMNS);
    }

    #[test]
    fn atlas_is_opaque_where_terrain_is() {
        let image = build();
        let data = image.data.as_deref().unwrap_or_default();
        let width = (COLUMNS * TILE_PX) as usize;
        // Centre texel of the floor tile, alpha channel.
        let centre = (TILE_PX as usize / 2) * width + TILE_PX as usize / 2;
        assert_eq!(data[centre * 4 + 3], 255);
    }
}
