//! The Game Icons silhouettes the board draws (game-icons.net, CC BY 3.0; see CREDITS), built
//! into the binary so the web build needs no asset files: one per creature kind (the template
//! a creature was made from) and one per condition. `scripts/icons.sh` makes the PNGs. A
//! scenario may name any of them for its own creatures (`icon: "ogre"`); a creature of a kind
//! with no icon keeps its initials.

use std::collections::HashMap;

use bevy::asset::RenderAssetUsages;
use bevy::image::{CompressedImageFormats, ImageSampler, ImageType};
use bevy::prelude::*;
use steelgrid_rules::Scenario;
use steelgrid_rules::condition::Condition;
use steelgrid_rules::engine::Status;

macro_rules! icons {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!("../../../assets/icons/", $name, ".png")))),*]
    };
}

/// Every icon, by its Game Icons name: the creature kinds' (the first heroes and monsters,
/// the classes, the bestiary), then the conditions', then the d20 creatures'.
const FILES: &[(&str, &[u8])] = icons![
    "spiked-shield",
    "daggers",
    "magic-swirl",
    "sun-priest",
    "goblin-head",
    "imp",
    "ogre",
    "wolf-head",
    "witch-face",
    "bowman",
    "tree-face",
    "holy-symbol",
    "angel-wings",
    "flame",
    "enrage",
    "fist",
    "hooded-assassin",
    "chess-knight",
    "psychic-waves",
    "drama-masks",
    "fairy",
    "tree-roots",
    "mushrooms",
    "evil-tree",
    "stag-head",
    "troll",
    "crown-of-thorns",
    "burning-embers",
    "fire-bowl",
    "salamander",
    "ember-shot",
    "fire-breath",
    "anvil",
    "lizardman",
    "thor-hammer",
    "shambling-zombie",
    "ghost",
    "eel",
    "harpoon-trident",
    "siren",
    "black-knight-helm",
    "big-wave",
    "kraken-tentacle",
    "spears",
    "crossbow",
    "scalpel",
    "mounted-knight",
    "horse-head",
    "robot-golem",
    "metal-golem-head",
    "elephant",
    "centurion-helmet",
    "raise-zombie",
    "cultist",
    "sound-waves",
    "floating-ghost",
    "angel-outfit",
    "brain-tentacle",
    "candle-skull",
    "all-seeing-eye",
    "floating-tentacles",
    "bleeding-wound",
    "knocked-out-stars",
    "terror",
    "grab",
    "hidden",
    "manacles",
    "snail",
    "shouting",
    "broken-shield",
    "falling",
    "broadsword",
    "punch",
    "mouse",
    "skeleton",
    "angular-spider",
    "wizard-staff",
];

/// The icon creature `id` of `scenario` wears: the one the scenario names for it (or its
/// template does: every built-in kind names one), if the game carries it; none leaves it its
/// initials.
pub fn creature_icon(scenario: &Scenario, id: &str) -> Option<&'static str> {
    scenario.icon(id).and_then(carried)
}

/// `name` as the game carries it, if it does.
pub fn carried(name: &str) -> Option<&'static str> {
    names().find(|n| *n == name)
}

/// Every icon the game carries, by its Game Icons name.
pub fn names() -> impl Iterator<Item = &'static str> {
    FILES.iter().map(|(name, _)| *name)
}

/// The icon of a condition's badge (or of being hidden or grabbed).
pub fn status_icon(status: Status) -> Option<&'static str> {
    Some(match status {
        Status::BleedingWhileDying | Status::Afflicted(Condition::Bleeding) => "bleeding-wound",
        Status::Afflicted(Condition::Dazed) => "knocked-out-stars",
        Status::Afflicted(Condition::Frightened) => "terror",
        Status::Grabbed => "grab",
        Status::Hidden => "hidden",
        Status::Afflicted(Condition::Restrained) => "manacles",
        Status::Afflicted(Condition::Slowed) => "snail",
        Status::Afflicted(Condition::Taunted) => "shouting",
        Status::Afflicted(Condition::Weakened) => "broken-shield",
        Status::Prone => "falling",
        Status::Invisible => return None,
    })
}

/// The icons as images, by name.
#[derive(Resource)]
pub struct Icons(HashMap<&'static str, Handle<Image>>);

impl Icons {
    pub fn get(&self, name: &str) -> Option<Handle<Image>> {
        self.0.get(name).cloned()
    }
}

impl FromWorld for Icons {
    fn from_world(world: &mut World) -> Self {
        let mut images = world.resource_mut::<Assets<Image>>();
        let handles = FILES
            .iter()
            .map(|(name, png)| {
                let image = Image::from_buffer(
                    png,
                    ImageType::Extension("png"),
                    CompressedImageFormats::NONE,
                    true,
                    ImageSampler::linear(),
                    RenderAssetUsages::RENDER_WORLD,
                )
                .expect("the built-in icons are PNGs");
                (*name, images.add(image))
            })
            .collect();
        Icons(handles)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_and_condition_icon_is_built_in() {
        let names: Vec<&str> = FILES.iter().map(|(n, _)| *n).collect();
        for kind in steelgrid_rules::scenario::library_kinds() {
            let icon = steelgrid_rules::scenario::library_icon(kind)
                .unwrap_or_else(|| panic!("{kind} has no icon"));
            assert!(names.contains(&icon), "{kind}: {icon}");
        }
        use Condition::*;
        for condition in [
            Bleeding, Dazed, Frightened, Restrained, Slowed, Taunted, Weakened,
        ] {
            let icon = status_icon(Status::Afflicted(condition)).unwrap();
            assert!(names.contains(&icon), "{icon}");
        }
        for (name, png) in FILES {
            assert!(png.starts_with(b"\x89PNG"), "{name}");
        }
        for (id, stats) in steelgrid_d20::scenario::library() {
            let icon = stats
                .icon
                .as_deref()
                .unwrap_or_else(|| panic!("d20 {id} has no icon"));
            assert!(names.contains(&icon), "d20 {id}: {icon}");
        }
    }
}
