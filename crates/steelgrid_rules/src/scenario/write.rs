//! A scenario file written back as RON the way a person writes one (README "## Scenarios"): a
//! field only when it differs from its default, the map's rows one a line, the legend without
//! the predefined `.`, `#` and `~` when they mean what they always mean, one creature a line
//! with only the fields it sets. What reads it back is [`super::load`], which gives the same
//! starting state: the encounter builder's scenarios and the shipped ones are tested so.

use serde::Serialize;

use super::{CreatureSpec, HeroSpec, MapSpec, ScenarioFile, Tile, default_legend};

/// `file` as RON text, with each of `comments` as a `// ` line above it.
pub fn to_ron(file: &ScenarioFile, comments: &[String]) -> String {
    // Every field named, so that a new one can't be left out of the file unnoticed.
    let ScenarioFile {
        name,
        ruleset,
        description,
        seed,
        options,
        map: map_spec,
        sides,
        templates,
        hero_tokens,
        abilities,
        malice_features,
        extra_malice,
        round,
        malice,
        creatures,
        objectives,
        script,
        dice,
        demo,
    } = file;
    let mut out = String::new();
    for line in comments {
        match line.as_str() {
            "" => out.push_str("//\n"),
            line => out.push_str(&format!("// {line}\n")),
        }
    }
    out.push_str("Scenario(\n");
    let mut field = |key: &str, value: String| out.push_str(&format!("    {key}: {value},\n"));
    field("name", string(name));
    if !ruleset.is_draw_steel() {
        field("ruleset", compact(ruleset));
    }
    if !description.is_empty() {
        field("description", string(description));
    }
    if let Some(seed) = seed {
        field("seed", seed.to_string());
    }
    if *options != Default::default() {
        field("options", compact(options));
    }
    field("map", map(map_spec));
    field("sides", compact(sides));
    if !templates.is_empty() {
        field("templates", block(templates));
    }
    if let Some(tokens) = hero_tokens {
        field("hero_tokens", tokens.to_string());
    }
    if !abilities.is_empty() {
        field("abilities", block(abilities));
    }
    if !malice_features.is_empty() {
        field("malice_features", block(malice_features));
    }
    if *extra_malice != 0 {
        field("extra_malice", extra_malice.to_string());
    }
    if let Some(round) = round {
        field("round", round.to_string());
    }
    if let Some(malice) = malice {
        field("malice", malice.to_string());
    }
    let lines: Vec<String> = creatures
        .iter()
        .map(|c| format!("        {},\n", creature(c)))
        .collect();
    field("creatures", format!("[\n{}    ]", lines.concat()));
    if !objectives.is_empty() {
        field("objectives", compact(objectives));
    }
    if !script.is_empty() {
        field("script", block(script));
    }
    if !dice.is_empty() {
        field("dice", compact(dice));
    }
    if !demo.is_empty() {
        field("demo", block(demo));
    }
    out.push_str(")\n");
    out
}

/// A RON string literal, escaping only what must be (`"`, `\` and control characters), so
/// that an apostrophe or a dash stays as written.
fn string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            '\t' => out.push_str("\\t"),
            '\r' => out.push_str("\\r"),
            c if c.is_control() => out.push_str(&format!("\\u{{{:x}}}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

/// Any value on one line: `(level: 1, organization: Minion, role: Some(Artillery))`.
fn compact<T: Serialize + ?Sized>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new()
        .new_line("")
        .indentor("")
        .compact_arrays(true)
        .compact_structs(true)
        .compact_maps(true);
    ron::ser::to_string_pretty(value, config).expect("scenario values write as RON")
}

/// Any value over several lines, indented to sit as a top-level field's value.
fn block<T: Serialize + ?Sized>(value: &T) -> String {
    let config = ron::ser::PrettyConfig::new().indentor("    ");
    let text = ron::ser::to_string_pretty(value, config).expect("scenario values write as RON");
    text.lines().collect::<Vec<_>>().join("\n    ")
}

/// `(legend: {...}, rows: [...])`, the legend without the predefined entries left as they are.
fn map(spec: &MapSpec) -> String {
    let MapSpec {
        legend,
        rows,
        ground,
        tiled,
    } = spec;
    let defaults = default_legend();
    let legend: Vec<String> = legend
        .iter()
        .filter(|(ch, t)| defaults.get(ch) != Some(t))
        .map(|(ch, t)| format!("            {}: {},\n", compact(ch), tile(t)))
        .collect();
    let rows: Vec<String> = rows
        .iter()
        .map(|r| format!("            {},\n", string(r)))
        .collect();
    let mut out = String::from("(\n");
    if let Some(tmx) = tiled {
        // A map drawn in Tiled stays in its file.
        out.push_str(&format!("        tiled: {},\n", string(tmx)));
    } else {
        if !legend.is_empty() {
            out.push_str(&format!(
                "        legend: {{\n{}        }},\n",
                legend.concat()
            ));
        }
        if !rows.is_empty() || tiled.is_none() {
            out.push_str(&format!("        rows: [\n{}        ],\n", rows.concat()));
        }
    }
    if *ground != Default::default() {
        out.push_str(&format!("        ground: {},\n", compact(ground)));
    }
    out.push_str("    )");
    out
}

/// A legend entry with only the fields it sets: `(terrain: Object(material: Stone))`.
fn tile(t: &Tile) -> String {
    let Tile {
        terrain,
        elevation,
        height,
        zone,
        concealing,
        ground,
    } = t;
    let mut fields = Vec::new();
    if *terrain != Default::default() {
        fields.push(format!("terrain: {}", compact(terrain)));
    }
    if *elevation != 0 {
        fields.push(format!("elevation: {elevation}"));
    }
    if let Some(height) = height {
        fields.push(format!("height: {height}"));
    }
    if let Some(zone) = zone {
        fields.push(format!("zone: {}", string(zone)));
    }
    if *concealing {
        fields.push("concealing: true".to_owned());
    }
    if let Some(ground) = ground {
        fields.push(format!("ground: {}", compact(ground)));
    }
    format!("({})", fields.join(", "))
}

/// A hero block with only what differs from its defaults: `(level: 2, recoveries: 10, ...)`.
fn hero(h: &HeroSpec) -> String {
    let HeroSpec {
        level,
        recoveries,
        recoveries_left,
        heroic_resource,
        resource_per_turn,
        victories,
        xp,
        kit,
        surges,
        class,
    } = h;
    let mut fields = vec![
        format!("level: {level}"),
        format!("recoveries: {recoveries}"),
    ];
    if let Some(left) = recoveries_left {
        fields.push(format!("recoveries_left: {left}"));
    }
    let mut number = |key: &str, n: i64| {
        if n != 0 {
            fields.push(format!("{key}: {n}"));
        }
    };
    number("heroic_resource", i64::from(*heroic_resource));
    number("resource_per_turn", i64::from(*resource_per_turn));
    number("victories", i64::from(*victories));
    number("xp", i64::from(*xp));
    number("surges", i64::from(*surges));
    if *kit != Default::default() {
        fields.push(format!("kit: {}", compact(kit)));
    }
    if let Some(class) = class {
        fields.push(format!("class: {}", compact(class)));
    }
    format!("({})", fields.join(", "))
}

/// One creature on one line, with only the fields it sets, in the order a person writes them:
/// who it is, where it stands, then the rest.
fn creature(c: &CreatureSpec) -> String {
    // Every field named, so that a new one can't be left out of the file unnoticed.
    let CreatureSpec {
        id,
        name,
        template,
        icon,
        side,
        size,
        speed,
        stamina,
        current_stamina,
        temporary_stamina,
        stability,
        stability_modifier,
        characteristics,
        free_strike,
        immunities,
        weaknesses,
        hero: hero_spec,
        minion,
        squad,
        group,
        position,
        surprised,
        prone,
        conditions,
        grabbed_by,
        movement,
        altitude,
        depth,
        breathes_water,
        abilities,
        invisible,
        consumables,
        malice_features,
        with_captain,
        captain_of,
        end_effect,
        retainer_of,
        monster,
        ev,
        riding,
        deviates,
    } = c;
    let mut fields: Vec<String> = Vec::new();
    macro_rules! set {
        ($($name:ident),* $(,)?) => {
            $(if let Some(v) = $name {
                fields.push(format!("{}: {}", stringify!($name), compact(v)));
            })*
        };
    }
    macro_rules! text {
        ($($name:ident),* $(,)?) => {
            $(if let Some(v) = $name {
                fields.push(format!("{}: {}", stringify!($name), string(v)));
            })*
        };
    }
    text!(id, name, template);
    if let Some(p) = position {
        fields.push(format!("position: ({}, {})", p.x, p.y));
    }
    text!(squad, captain_of, group);
    set!(side);
    text!(icon);
    set!(size, speed, stamina);
    set!(
        current_stamina,
        temporary_stamina,
        stability,
        stability_modifier
    );
    set!(characteristics, free_strike, immunities, weaknesses);
    if let Some(h) = hero_spec {
        fields.push(format!("hero: {}", hero(h)));
    }
    set!(minion, surprised, prone, conditions);
    text!(grabbed_by);
    set!(
        movement,
        altitude,
        depth,
        breathes_water,
        abilities,
        invisible,
        consumables
    );
    set!(malice_features, with_captain, end_effect);
    text!(retainer_of);
    set!(monster, ev);
    text!(riding, deviates);
    format!("({})", fields.join(", "))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::{load, ron_options};

    /// Every shipped Draw Steel scenario written back reads as the same file, and loads to the
    /// same starting state.
    #[test]
    fn every_shipped_scenario_written_back_is_the_same_scenario() {
        let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/../../scenarios");
        let mut files: Vec<_> = std::fs::read_dir(dir)
            .expect("the scenarios")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "ron"))
            .collect();
        files.sort();
        let mut written = 0;
        for path in files {
            let name = path.display().to_string();
            let src = std::fs::read_to_string(&path).expect("readable");
            let Ok(mut file) = ron_options().from_str::<ScenarioFile>(&src) else {
                continue; // another ruleset's
            };
            // A predefined legend entry written out as it is means nothing more.
            let defaults = default_legend();
            file.map.legend.retain(|ch, t| defaults.get(ch) != Some(t));
            let text = to_ron(&file, &["written back".to_owned()]);
            let again: ScenarioFile = ron_options()
                .from_str(&text)
                .unwrap_or_else(|e| panic!("{name} written back:\n{text}\n{e}"));
            if again != file {
                let (a, b) = (format!("{file:#?}"), format!("{again:#?}"));
                let first = a.lines().zip(b.lines()).find(|(x, y)| x != y);
                panic!("{name} written back differs, first at {first:?}:\n{text}");
            }
            let (Ok(before), Ok(after)) = (load(&name, &src), load(&name, &text)) else {
                panic!("{name} loads, and so does its copy:\n{text}");
            };
            assert_eq!(
                before.start(None).checksum(),
                after.start(None).checksum(),
                "{name}"
            );
            assert_eq!(to_ron(&again, &["written back".to_owned()]), text, "{name}");
            written += 1;
        }
        assert!(written >= 25, "{written} scenarios written back");
    }
}
