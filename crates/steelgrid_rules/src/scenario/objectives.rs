//! The scenario's objectives checked against its map, creatures and script as it loads.

use crate::encounter::Objective;
use crate::grid::{Map, Terrain};

/// Objective parameters must name creatures and zones that exist: reported at the field that
/// names them. Creatures brought in by the script count.
pub(crate) fn check_objectives_spec(
    ck: &mut crate::scenario::Checker,
    parsed: &crate::scenario::ScenarioFile,
    map: &Map,
    creatures: &[crate::creature_record::CreatureRecord],
    script: &crate::encounter::script::Script,
) {
    use crate::source;
    let list_at = ck.top("objectives");
    let starts = list_at.map_or_else(Vec::new, |o| source::list_elements(ck.src, o));
    let spawned = script.spawned_ids();
    let known = |id: &str| creatures.iter().any(|c| c.id == id) || spawned.iter().any(|s| s == id);
    for (i, objective) in parsed.objectives.iter().enumerate() {
        let item = starts.get(i).copied().or(list_at).unwrap_or(0);
        let open = source::open_paren(ck.src, item);
        let at = |key: &str| {
            open.and_then(|o| source::field(ck.src, Some(o), key))
                .unwrap_or(item)
        };
        let name = objective.name();
        for (key, id) in objective.creatures() {
            if !known(id) {
                let ids: Vec<&str> = creatures
                    .iter()
                    .map(|c| c.id.as_str())
                    .chain(spawned.iter().map(String::as_str))
                    .collect();
                ck.at(
                    at(key),
                    format!(
                        "{name} names unknown creature `{id}`; known creatures: {}",
                        ids.join(", ")
                    ),
                );
            }
        }
        for (key, zone) in objective.zones() {
            if !map.zones.contains_key(zone) {
                let zones: Vec<&str> = map.zones.keys().map(String::as_str).collect();
                ck.at(
                    at(key),
                    format!(
                        "{name} names unknown zone `{zone}`; zones in the map legend: {}",
                        if zones.is_empty() {
                            "none (give a legend tile a `zone`)".to_owned()
                        } else {
                            zones.join(", ")
                        }
                    ),
                );
            }
        }
        if objective.rounds() == Some(0) {
            ck.at(at("rounds"), format!("{name} needs at least 1 round"));
        }
        match objective {
            Objective::DestroyTheThing { squares, creatures } => {
                if squares.is_empty() && creatures.is_empty() {
                    ck.at(
                        item,
                        "Destroy the Thing needs `squares` (objects on the map) or `creatures`",
                    );
                }
                for sq in squares {
                    if !matches!(map.terrain(*sq), Some(Terrain::Object { .. })) {
                        ck.at(
                            at("squares"),
                            format!("Destroy the Thing: there is no object at {sq}"),
                        );
                    }
                }
            }
            Objective::GetTheThing {
                carrier, at: lying, ..
            } => {
                if carrier.is_some() == lying.is_some() {
                    ck.at(
                        item,
                        "Get the Thing needs exactly one of `carrier` (who holds it) and `at` (where it lies)",
                    );
                }
                if let Some(sq) = lying
                    && !map.in_bounds(*sq)
                {
                    ck.at(at("at"), format!("Get the Thing: {sq} is off the map"));
                }
            }
            Objective::SaveAnother { wards, .. } if wards.is_empty() => {
                ck.at(at("wards"), "Save Another needs at least one ward");
            }
            Objective::CompleteTheAction { tasks: 0, .. } => {
                ck.at(at("tasks"), "Complete the Action needs at least 1 task");
            }
            _ => {}
        }
    }
}
