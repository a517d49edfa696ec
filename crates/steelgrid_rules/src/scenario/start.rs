//! Where a scenario's creatures start: the ground under the map, burrowers already in it and
//! riders already on their mounts. The rules are the movement chapter's (`movement::burrow`,
//! `movement::mount`); these apply them to a scenario as it loads.

use serde::{Deserialize, Serialize};

use crate::condition::Conditions;
use crate::creature::MovementMode;
use crate::creature_record::CreatureRecord;
use crate::director::malice::Malice;
use crate::grid::{Footprint, Map, Square};
use crate::movement::burrow::can_burrow;
use crate::terms::condition::{Afflicted, Condition, Duration};
use crate::terms::movement::Ground;

use super::{Checker, MapSpec};

/// Scenario check: a creature starting in the ground has burrow in its speed and every square
/// of its space is ground it can burrow.
pub(crate) fn check_burrowers(
    ck: &mut Checker,
    creatures: &[CreatureRecord],
    map: &Map,
    ground: &Ground,
) {
    let list_at = ck.creatures_at;
    for c in creatures.iter().filter(|c| c.depth > 0) {
        let stone = c.movement.has(MovementMode::BurrowStone);
        let why = if !can_burrow(&c.movement) {
            Some("starts in the ground but has no burrow: add `movement: [Burrow]`".to_owned())
        } else {
            Footprint::new(c.position, c.size).squares().find_map(|s| {
                ground
                    .refuses(map, s, stone)
                    .map(|w| format!("starts in the ground at {s}, which is {w}"))
            })
        };
        if let Some(why) = why {
            let at = ck.src.find(&format!("\"{}\"", c.id)).unwrap_or(list_at);
            ck.at(at, format!("`{}` {why}", c.id));
        }
    }
}

/// Seat the riders a scenario starts mounted (`riding`), keyed by their place in the list: each
/// on a willing creature (same side) with the Mount role, larger than it, its space within the
/// mount's, at the height of the mount's top (seed 002 L3125-3127). Returns the problems.
pub(crate) fn seat_riders(
    records: &mut [(usize, CreatureRecord)],
    map: &Map,
) -> Vec<(usize, String)> {
    let mut problems = Vec::new();
    let carriers: Vec<(
        String,
        crate::creature::Side,
        Footprint,
        crate::grid::Size,
        u32,
        bool,
    )> = records
        .iter()
        .map(|(_, c)| {
            let fp = Footprint::new(c.position, c.size);
            (c.id.clone(), c.side, fp, c.size, c.altitude, c.mount_role)
        })
        .collect();
    for (i, rider) in records.iter_mut() {
        let Some(held) = rider.mounted.as_mut() else {
            continue;
        };
        let seat = Footprint::new(rider.position, rider.size);
        let Some((_, side, fp, size, altitude, role)) = carriers.iter().find(|c| c.0 == held.on)
        else {
            problems.push((
                *i,
                format!(
                    "`{}` rides `{}`, which is not in the scenario",
                    rider.id, held.on
                ),
            ));
            continue;
        };
        let problem = if *side != rider.side || !role {
            Some(format!(
                "`{}` can't ride `{}`: a mount is a willing creature (on its side) with the Mount role, `monster: (…, role: Some(Mount))`",
                rider.id, held.on
            ))
        } else if size.ordinal() <= rider.size.ordinal() {
            Some(format!(
                "`{}` (size {}) can't ride `{}` (size {size}): a mount is larger than its rider",
                rider.id, rider.size, held.on
            ))
        } else if !seat.squares().all(|s| fp.contains(s)) {
            Some(format!(
                "`{}` rides `{}`, so its position must be one of the mount's squares, from {}",
                rider.id, held.on, fp.origin
            ))
        } else {
            None
        };
        if let Some(p) = problem {
            problems.push((*i, p));
            continue;
        }
        held.offset = (seat.origin.x - fp.origin.x, seat.origin.y - fp.origin.y);
        let top = map.ground_under(*fp) + *altitude as i32 + size.side();
        rider.altitude = (top - map.ground_under(seat)).max(0) as u32;
    }
    problems
}

impl Ground {
    /// The ground a scenario's map describes: its `ground`, and each legend entry's own.
    pub fn of(spec: &MapSpec) -> Ground {
        let mut squares = Vec::new();
        for (y, row) in spec.rows.iter().enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if let Some(soil) = spec.legend.get(&ch).and_then(|t| t.ground)
                    && soil != spec.ground
                {
                    squares.push((Square::new(x as i32, y as i32), soil));
                }
            }
        }
        Ground {
            soil: spec.ground,
            squares,
        }
    }
}

/// A condition a creature starts the encounter with, as a scenario writes it:
/// `(condition: Taunted, duration: SaveEnds, source: "ogre")`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StartCondition {
    pub condition: Condition,
    /// How long it lasts; until the encounter ends when left out (seed 002 L1691-1693).
    #[serde(default = "until_the_encounter_ends")]
    pub duration: Duration,
    /// The creature it is of (frightened, taunted) or that imposed it.
    #[serde(default)]
    pub source: Option<String>,
}

fn until_the_encounter_ends() -> Duration {
    Duration::EndOfEncounter
}

/// The conditions list a creature starts with; the same condition twice keeps the later one
/// (seed 002 L1669-1675).
pub(crate) fn conditions(start: &[StartCondition]) -> Conditions {
    let mut list = Conditions::default();
    for c in start {
        list.impose(Afflicted {
            condition: c.condition,
            duration: c.duration,
            source: c.source.clone().unwrap_or_default(),
        });
    }
    list
}

/// Check the states creatures start in that name another creature: a frightened or taunted
/// condition is of a creature in the scenario (seed 002 L1739, L1771), and a grabbed creature
/// is held by another creature adjacent to it (seed 002 L1741-1747). Returns (place in the
/// list, field, problem).
pub(crate) fn check_states(
    records: &[(usize, CreatureRecord)],
) -> Vec<(usize, &'static str, String)> {
    let find = |id: &str| records.iter().map(|(_, c)| c).find(|c| c.id == id);
    let mut problems = Vec::new();
    for (i, c) in records {
        for a in &c.conditions {
            let problem = if a.source.is_empty() {
                a.condition.has_source().then(|| {
                    format!(
                        "`{}` starts {}: say whom of with `source: Some(\"<id>\")`",
                        c.id,
                        a.condition.name()
                    )
                })
            } else if a.source == c.id || find(&a.source).is_none() {
                Some(format!(
                    "`{}` starts {} of `{}`, which is not another creature in the scenario",
                    c.id,
                    a.condition.name(),
                    a.source
                ))
            } else {
                None
            };
            problems.extend(problem.map(|p| (*i, "conditions", p)));
        }
        let Some(by) = c.grabbed_by.as_deref() else {
            continue;
        };
        let space = |c: &CreatureRecord| Footprint::new(c.position, c.size);
        let problem = match find(by) {
            Some(grabber) if grabber.id != c.id => {
                (!space(grabber).is_adjacent(space(c))).then(|| {
                    format!(
                        "`{}` starts grabbed by `{by}` at {}, which is not adjacent to it at {}",
                        c.id, grabber.position, c.position
                    )
                })
            }
            _ => Some(format!(
                "`{}` starts grabbed by `{by}`, which is not another creature in the scenario",
                c.id
            )),
        };
        problems.extend(problem.map(|p| (*i, "grabbed_by", p)));
    }
    problems
}

/// The Director's Malice at the start: as the scenario gives it for its opening round, which
/// then adds nothing more; otherwise none yet, the start of combat and of round 1 adding it
/// (seed 002 L4332-4336).
pub(crate) fn malice(given: Option<u32>, round: Option<u32>) -> Malice {
    match given {
        Some(current) => Malice {
            current,
            round_gained: round.unwrap_or(1),
            ..Malice::default()
        },
        None => Malice::default(),
    }
}
