//! The scenarios built into the binary, so the game (and its web build, which has no files)
//! can open any of them by name: `steelgrid`, or `?scenario=demo_ledge` on the web page.

/// An embedded scenario: its short name (the file stem), its path, its text, and the group the
/// scenario picker lists it under (battles, then demonstrations by rules chapter).
#[derive(Clone, Copy, Debug)]
pub struct Embedded {
    pub name: &'static str,
    pub file: &'static str,
    pub text: &'static str,
    pub group: &'static str,
}

macro_rules! embedded {
    ($($group:literal: [$($name:literal),* $(,)?]),* $(,)?) => {
        &[$($(Embedded {
            name: $name,
            file: concat!("scenarios/", $name, ".ron"),
            text: include_str!(concat!("../scenarios/", $name, ".ron")),
            group: $group,
        }),*),*]
    };
}

/// Every file in `scenarios/`, by group; the first is the default.
pub const EMBEDDED: &[Embedded] = embedded![
    "Battles": [
        "mill_ambush",
        "sunken_causeway",
        "briar_warden",
        "bench_arena",
    ],
    "Forced movement": [
        "demo_collisions",
        "demo_hurl_through",
        "demo_ledge",
        "demo_fall_onto",
        "demo_shove_crate",
        "demo_stability",
    ],
    "Moving and grabbing": ["demo_opportunity", "demo_grabbed"],
    "Conditions": [
        "demo_slowed",
        "demo_restrained",
        "demo_knocked_down",
        "demo_dazed",
        "demo_frightened",
        "demo_taunted",
        "demo_weakened",
        "demo_bleeding",
    ],
    "Areas": ["demo_burst", "demo_cube", "demo_line", "demo_aura", "demo_lasting"],
    "Tests and objectives": ["demo_test_in_fight", "demo_objective_hold"],
    "The Director": ["demo_squad_area", "demo_malicious_strike", "demo_villain_action"],
];

/// The d20 ruleset's scenarios (`scenarios/d20/`), by their name there (`d20/skirmish`).
pub const D20: &[Embedded] = embedded![
    "d20 (3.5 / Pathfinder)": [
        "d20/skirmish",
        "d20/demo_injury",
        "d20/demo_cover",
        "d20/demo_flanking",
        "d20/demo_squeeze",
    ],
];

/// The Miniatures ruleset's scenarios (`scenarios/miniatures/`), by their name there
/// (`miniatures/warband_battle`).
pub const MINIATURES: &[Embedded] = embedded![
    "D&D Miniatures (skirmish)": [
        "miniatures/warband_battle",
        "miniatures/demo_round",
        "miniatures/demo_line",
        "miniatures/demo_giant",
        "miniatures/demo_mounted_charge",
    ],
];

/// A campaign built into the binary: its short name (the file stem in `campaigns/`), its path
/// and text, and its battles' texts by the path the campaign names them with.
#[derive(Clone, Copy, Debug)]
pub struct EmbeddedCampaign {
    pub name: &'static str,
    pub file: &'static str,
    pub text: &'static str,
    pub battles: &'static [(&'static str, &'static str)],
}

impl EmbeddedCampaign {
    /// The battle the campaign names `name`: its path and text.
    pub fn battle(&self, name: &str) -> Option<(String, &'static str)> {
        self.battles
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(n, text)| (format!("campaigns/{n}"), *text))
    }
}

macro_rules! campaign {
    ($name:literal: [$($battle:literal),* $(,)?]) => {
        EmbeddedCampaign {
            name: $name,
            file: concat!("campaigns/", $name, ".ron"),
            text: include_str!(concat!("../campaigns/", $name, ".ron")),
            battles: &[$((
                concat!($name, "/", $battle, ".ron"),
                include_str!(concat!("../campaigns/", $name, "/", $battle, ".ron")),
            )),*],
        }
    };
}

/// Every campaign in `campaigns/`.
pub const CAMPAIGNS: &[EmbeddedCampaign] = &[campaign!("thinning_hymn": [
    "01_mill_road",
    "02_granary_fire",
    "03_vells_ford",
    "04_silent_chapel",
    "05_foundry_gate",
    "06_precentors_rite",
    "07_marshals_road",
    "08_the_unsung",
])];

/// A built-in campaign by its short name (`thinning_hymn`).
pub fn campaign_by_name(name: &str) -> Option<EmbeddedCampaign> {
    CAMPAIGNS.iter().copied().find(|c| c.name == name)
}

/// The scenario the game opens when none is named.
pub const DEFAULT: Embedded = EMBEDDED[0];

pub fn by_name(name: &str) -> Option<Embedded> {
    EMBEDDED
        .iter()
        .chain(D20)
        .chain(MINIATURES)
        .copied()
        .find(|s| s.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The stems of the `.ron` files in `dir` (under the crate), sorted.
    fn ron_stems(dir: &str) -> Vec<String> {
        let dir = format!("{}/{dir}", env!("CARGO_MANIFEST_DIR"));
        let mut stems: Vec<String> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".ron").map(str::to_owned))
            .collect();
        stems.sort();
        stems
    }

    #[test]
    fn every_scenario_file_is_embedded_and_loads() {
        let on_disk = ron_stems("scenarios");
        let mut embedded: Vec<String> = EMBEDDED.iter().map(|s| s.name.to_owned()).collect();
        embedded.sort();
        assert_eq!(embedded, on_disk, "add new scenario files to EMBEDDED");
        for s in EMBEDDED {
            assert!(
                steelgrid_rules::scenario::load(s.file, s.text).is_ok(),
                "{}",
                s.file
            );
        }
        assert_eq!(
            by_name("demo_ledge").unwrap().file,
            "scenarios/demo_ledge.ron"
        );
        let d20_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/d20");
        let mut d20_on_disk: Vec<String> = std::fs::read_dir(d20_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".ron").map(|n| format!("d20/{n}")))
            .collect();
        d20_on_disk.sort();
        let mut d20: Vec<String> = D20.iter().map(|s| s.name.to_owned()).collect();
        d20.sort();
        assert_eq!(d20, d20_on_disk, "add new d20 scenario files to D20");
        for s in D20 {
            assert!(
                steelgrid_d20::scenario::load(s.file, s.text).is_ok(),
                "{}",
                s.file
            );
        }
        let mini_dir = concat!(env!("CARGO_MANIFEST_DIR"), "/scenarios/miniatures");
        let mut mini_on_disk: Vec<String> = std::fs::read_dir(mini_dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter_map(|n| n.strip_suffix(".ron").map(|n| format!("miniatures/{n}")))
            .collect();
        mini_on_disk.sort();
        let mut minis: Vec<String> = MINIATURES.iter().map(|s| s.name.to_owned()).collect();
        minis.sort();
        assert_eq!(
            minis, mini_on_disk,
            "add new Miniatures scenario files to MINIATURES"
        );
        for s in MINIATURES {
            if let Err(problems) = steelgrid_miniatures::scenario::load(s.file, s.text) {
                panic!("{}: {problems:?}", s.file);
            }
        }
        assert!(by_name("nowhere").is_none());
    }

    #[test]
    fn every_campaign_is_embedded_with_its_battles_and_loads() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/campaigns");
        let on_disk = ron_stems("campaigns");
        let names: Vec<&str> = CAMPAIGNS.iter().map(|c| c.name).collect();
        assert_eq!(names, on_disk, "add new campaign files to CAMPAIGNS");
        for c in CAMPAIGNS {
            let battles = std::fs::read_dir(format!("{dir}/{}", c.name))
                .unwrap()
                .count();
            assert_eq!(c.battles.len(), battles, "{}: embed every battle", c.name);
            let loaded = steelgrid_rules::campaign::load(c.file, c.text, &|name| {
                c.battle(name)
                    .map(|(file, text)| (file, text.to_owned()))
                    .ok_or_else(|| "not embedded".to_owned())
            });
            if let Err(problems) = loaded {
                panic!("{}: {problems:?}", c.file);
            }
        }
    }
}
