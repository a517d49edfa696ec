//! Where creatures are besides their square: the ground burrowers move through, how deep they
//! are, and who sits on whom. The rules that use these are in `movement` and `forced`.

use bevy_ecs::prelude::{Component, Resource};
use serde::{Deserialize, Serialize};

use crate::grid::{Size, Square};

/// What the ground under a square is made of (seed 002 L2606): dirt is burrowed through; harder
/// ground such as stone only by a creature whose stat block says so.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Soil {
    #[default]
    Dirt,
    Stone,
}

/// The ground under the map: the map's soil, and the squares whose soil differs from it.
#[derive(Resource, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Ground {
    #[serde(default)]
    pub soil: Soil,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub squares: Vec<(Square, Soil)>,
}

/// How many squares below the ground under it a creature's space starts; absent on the surface.
#[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Depth(pub u32);
steelgrid_kernel::persisted!(unless_default Depth(u32));

/// Fully underground: its whole space is below the ground (seed 002 L2618).
pub fn fully_underground(depth: u32, size: Size) -> bool {
    depth > 0 && depth >= size.value()
}

/// How a creature is on another: riding its willing mount, or climbing it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Hold {
    /// On a willing creature with the Mount role: it can use Ride (seed 002 L3127).
    Riding,
    /// On any other creature larger than it (seed 002 L2650-2658).
    Climbing,
}

/// On another creature: `on` carries it, and its space's top-left square is `offset` from the
/// carrier's (seed 002 L3127: the rider picks the square).
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Mounted {
    pub on: String,
    pub hold: Hold,
    pub offset: (i32, i32),
}
steelgrid_kernel::persisted!(maybe Mounted);
