//! Push, pull and slide, a forced movement waiting for its path, and how its distance was
//! worked out. The rules that place it are in `forced`.

use serde::{Deserialize, Serialize};

use crate::grid::Square;
use crate::rule::{self, Rule};

/// How a command or an event names an object as the target of forced movement: "object at
/// (5, 3)" (seed 002 L2740: push, pull and slide move a creature or an object).
pub fn object_target(square: Square) -> String {
    format!("object at {square}")
}

/// The square of the object a forced-movement target names, if it names one.
pub fn object_square(target: &str) -> Option<Square> {
    let (x, y) = target
        .strip_prefix("object at (")?
        .strip_suffix(')')?
        .split_once(',')?;
    Some(Square {
        x: x.trim().parse().ok()?,
        y: y.trim().parse().ok()?,
    })
}

/// The three kinds of forced movement (seed 002 L2740-2748).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ForcedKind {
    /// Each square moved takes the target farther from the forcer, in a straight line.
    #[serde(alias = "Push")]
    Push,
    /// Each square moved brings the target closer to the forcer, in a straight line.
    #[serde(alias = "Pull")]
    Pull,
    /// Any direction, not necessarily straight.
    #[serde(alias = "Slide")]
    Slide,
}

impl ForcedKind {
    pub fn name(self) -> &'static str {
        match self {
            ForcedKind::Push => "push",
            ForcedKind::Pull => "pull",
            ForcedKind::Slide => "slide",
        }
    }

    pub fn rule(self) -> Rule {
        match self {
            ForcedKind::Push => rule::FORCED_PUSH,
            ForcedKind::Pull => rule::FORCED_PULL,
            ForcedKind::Slide => rule::FORCED_SLIDE,
        }
    }
}

/// A forced movement an ability or maneuver has granted, waiting for the forcer to choose the
/// path (and the target how much stability to use).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PendingForced {
    pub source: String,
    pub forcer: String,
    pub target: String,
    pub kind: ForcedKind,
    pub distance: u32,
    pub melee_weapon: bool,
    /// A vertical push, pull or slide (seed 002 L2754-2756).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub vertical: bool,
}

/// How the distance was worked out (seed 002 L2764, L2807-2811; digest A-9 order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Distance {
    pub base: u32,
    pub big_vs_little: u32,
    pub stability: u32,
    /// base + big vs little − stability, never below 0.
    pub allowed: u32,
    /// The distance the forcer chose to use.
    pub chosen: u32,
}

impl Distance {
    /// The distance in words, as the previews show it:
    /// "push 2 (1 +1 bigger)", the rolled distance with a bigger forcer's +1 and the target's
    /// stability (seed 002 L2746, L2762-2764).
    pub fn words(&self, kind: ForcedKind) -> String {
        let mut changes = Vec::new();
        if self.big_vs_little > 0 {
            changes.push(format!("+{} bigger", self.big_vs_little));
        }
        if self.stability > 0 {
            changes.push(format!("-{} stability", self.stability));
        }
        let mut text = format!("{} {}", kind.name(), self.allowed);
        if !changes.is_empty() {
            text.push_str(&format!(" ({} {})", self.base, changes.join(" ")));
        }
        text
    }
}
