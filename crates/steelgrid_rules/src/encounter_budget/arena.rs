//! The built encounter's battlefield: a plain arena walled round, sized to its creatures, with
//! the `hero_start` zone down the west side and the heroes on it, the Director's creatures on
//! the east side (each squad beside its captain, front-line roles nearest the heroes, artillery,
//! hexers, controllers and supports at the back, seed 002 L4502-4519), and between them a few
//! stone pillars and patches of difficult ground for cover, placed from the seed. A creature
//! placed by hand ([`super::builder::Placement`]) takes its square first, wherever on the arena
//! but a wall, a pillar or the heroes' zone; the rest are placed around it.

use std::collections::BTreeMap;

use crate::director::monster::{Organization, Role};
use crate::encounter::Objective;
use crate::grid::{Material, Square, Terrain};
use crate::scenario::{
    Controller, CreatureSpec, MapSpec, ScenarioFile, Sides, Tile, library_template,
};

use super::builder::{Party, SplitMix64, Standing, Unit};

/// Squares of open ground between the heroes' zone and the Director's side.
const GAP: i32 = 7;
/// The heroes' zone's width.
const HERO_COLUMNS: i32 = 2;

/// What the arena is built for.
pub(super) struct Plan<'a> {
    pub name: String,
    pub description: String,
    pub party: Party,
    /// Each hero's id and template.
    pub heroes: Vec<(&'static str, String)>,
    pub units: &'a [Unit],
    /// Left off the monsters' template ids to make their creature ids (`choir_`).
    pub faction_prefix: String,
    pub seed: u64,
    /// Each unit's square placed by hand (by its index in `units`), if any; may be empty.
    pub placed: &'a [Option<Square>],
}

/// One Director creature to place.
struct Body {
    spec: CreatureSpec,
    side: i32,
    /// Its unit's index in [`Plan::units`].
    unit: usize,
    /// The unit's first creature (a squad's first minion): the one a hand-placed square is for.
    first: bool,
}

/// The arena laid out: the file, where everyone stands, and the squares placed by hand it
/// refused (each unit's index and why).
pub(super) struct Laid {
    pub file: ScenarioFile,
    pub standing: Vec<Standing>,
    pub refused: Vec<(usize, String)>,
}

/// Creatures placed together: a captain and its squad, or one creature.
struct Group {
    members: Vec<Body>,
    /// Which column of the Director's side it keeps to: 0 front, 1 middle, 2 back.
    rank: u8,
}

/// The scenario: the arena, the heroes on their zone and the Director's creatures placed.
pub(super) fn scenario(plan: &Plan) -> Laid {
    let groups = groups(plan);
    let area: i32 = groups
        .iter()
        .flat_map(|g| &g.members)
        .map(|b| b.side * b.side)
        .sum();
    let widest = groups
        .iter()
        .flat_map(|g| &g.members)
        .map(|b| b.side)
        .max()
        .unwrap_or(1);
    let height = (7 + area / 4)
        .clamp(10, 20)
        .max(widest + 2)
        .max(plan.party.heroes.div_ceil(2) as i32);
    let mut columns = ((3 * area + height - 1) / height).max(widest + 1).max(5);
    let mut rng = SplitMix64(plan.seed ^ 0xA7E4_A000_u64);
    loop {
        let mut arena = Arena::new(columns, height);
        arena.cover(&mut rng, height);
        if let Some((placed, monsters, refused)) = arena.place(&groups, plan.placed, &mut rng) {
            let mut creatures = arena.heroes(plan);
            let mut standing: Vec<Standing> = creatures
                .iter()
                .map(|c| Standing {
                    id: c.id.clone().unwrap_or_default(),
                    square: c.position.expect("a hero is placed"),
                    side: 1,
                    unit: None,
                    group: None,
                    by_hand: false,
                })
                .collect();
            standing.extend(monsters);
            creatures.extend(placed);
            return Laid {
                file: file(plan, &arena, creatures),
                standing,
                refused,
            };
        }
        columns += 2;
    }
}

/// The scenario file around the arena and its creatures.
fn file(plan: &Plan, arena: &Arena, creatures: Vec<CreatureSpec>) -> ScenarioFile {
    let mut legend = BTreeMap::new();
    legend.insert(
        'H',
        Tile {
            zone: Some("hero_start".to_owned()),
            ..Tile::default()
        },
    );
    if arena.rows.iter().any(|r| r.contains(&'P')) {
        legend.insert(
            'P',
            Tile {
                terrain: Terrain::Object {
                    material: Material::Stone,
                },
                ..Tile::default()
            },
        );
    }
    let map = MapSpec {
        legend,
        rows: arena.rows.iter().map(|r| r.iter().collect()).collect(),
        ground: Default::default(),
        tiled: None,
    };
    ScenarioFile {
        name: plan.name.clone(),
        ruleset: Default::default(),
        description: plan.description.clone(),
        seed: Some(plan.seed),
        options: Default::default(),
        map,
        sides: Sides {
            heroes: Controller::Human,
            director: Controller::Ai,
        },
        templates: BTreeMap::new(),
        hero_tokens: None,
        abilities: BTreeMap::new(),
        malice_features: BTreeMap::new(),
        extra_malice: 0,
        round: None,
        malice: None,
        creatures,
        objectives: vec![Objective::DiminishNumbers],
        script: Vec::new(),
        dice: Vec::new(),
        demo: Vec::new(),
    }
}

/// Which side of the Director's ground a role keeps to (seed 002 L4502-4519): minions and
/// those who close in at the front, the stars in the middle, those who hang back at the back.
fn rank(unit: &Unit) -> u8 {
    match (unit.formula.organization, unit.formula.role) {
        (Organization::Leader | Organization::Solo | Organization::Elite, _) => 1,
        (_, Some(Role::Artillery | Role::Hexer | Role::Controller | Role::Support)) => 2,
        _ => 0,
    }
}

/// The Director's creatures with their ids, squads and captains, grouped for placing: each
/// squad of four with its captain, every other creature alone, in the roster's order.
fn groups(plan: &Plan) -> Vec<Group> {
    let short = |template: &str| {
        template
            .strip_prefix(plan.faction_prefix.as_str())
            .unwrap_or(template)
            .to_owned()
    };
    // How many of each template, to number the ids only where there are several.
    let mut of_kind: BTreeMap<&str, u32> = BTreeMap::new();
    let mut squads_of_kind: BTreeMap<&str, u32> = BTreeMap::new();
    for u in plan.units {
        *of_kind.entry(u.template).or_default() += if u.minion() { 4 } else { 1 };
        if u.minion() {
            *squads_of_kind.entry(u.template).or_default() += 1;
        }
    }
    let mut numbered: BTreeMap<&str, u32> = BTreeMap::new();
    let mut squad_numbered: BTreeMap<&str, u32> = BTreeMap::new();
    let mut next_id = |template: &'static str| {
        let n = numbered.entry(template).or_default();
        *n += 1;
        match of_kind[template] {
            1 => short(template),
            _ => format!("{}{n}", short(template)),
        }
    };
    let body = |id: String, at: usize, first: bool| Body {
        spec: CreatureSpec {
            id: Some(id),
            template: Some(plan.units[at].template.to_owned()),
            ..CreatureSpec::default()
        },
        side: plan.units[at].size.side(),
        unit: at,
        first,
    };
    // Squads, each with its name.
    let mut squads: Vec<(usize, String)> = Vec::new();
    for (i, u) in plan.units.iter().enumerate().filter(|(_, u)| u.minion()) {
        let n = squad_numbered.entry(u.template).or_default();
        *n += 1;
        let name = match squads_of_kind[u.template] {
            1 => format!("{}s", short(u.template)),
            _ => format!("{}s{n}", short(u.template)),
        };
        squads.push((i, name));
    }
    // Captains: a leader first, then an elite, a solo, a platoon, a horde; each leads one squad.
    let captain_rank = |o: Organization| match o {
        Organization::Leader => 0,
        Organization::Elite => 1,
        Organization::Solo => 2,
        Organization::Platoon => 3,
        Organization::Horde => 4,
        Organization::Minion => 5,
    };
    let mut candidates: Vec<usize> = (0..plan.units.len())
        .filter(|&i| !plan.units[i].minion())
        .collect();
    candidates.sort_by_key(|&i| (captain_rank(plan.units[i].formula.organization), i));
    let captain_of: BTreeMap<usize, usize> = candidates.into_iter().zip(0..squads.len()).collect();
    let led: Vec<usize> = captain_of.values().copied().collect();
    let mut groups = Vec::new();
    for (i, u) in plan.units.iter().enumerate() {
        let squad_of = |s: usize, next_id: &mut dyn FnMut(&'static str) -> String| {
            let (at, name) = &squads[s];
            let unit = &plan.units[*at];
            (0..4)
                .map(|k| {
                    let mut b = body(next_id(unit.template), *at, k == 0);
                    b.spec.squad = Some(name.clone());
                    b
                })
                .collect::<Vec<_>>()
        };
        if u.minion() {
            let s = squads.iter().position(|(at, _)| *at == i).expect("a squad");
            if led.contains(&s) {
                continue; // placed with its captain
            }
            groups.push(Group {
                members: squad_of(s, &mut next_id),
                rank: rank(u),
            });
            continue;
        }
        let mut leader = body(next_id(u.template), i, true);
        match captain_of.get(&i) {
            Some(&s) => {
                leader.spec.captain_of = Some(squads[s].1.clone());
                let mut members = vec![leader];
                members.extend(squad_of(s, &mut next_id));
                groups.push(Group {
                    members,
                    rank: rank(u).min(rank(&plan.units[squads[s].0])),
                });
            }
            None => groups.push(Group {
                members: vec![leader],
                rank: rank(u),
            }),
        }
    }
    groups
}

/// The map being laid out: walls round, the heroes' zone, the gap, the Director's side.
struct Arena {
    /// Each row's squares, walls included.
    rows: Vec<Vec<char>>,
    /// Squares taken by a creature.
    taken: Vec<Vec<bool>>,
    /// The Director's side: its first and last column.
    director: (i32, i32),
    height: i32,
}

impl Arena {
    fn new(columns: i32, height: i32) -> Arena {
        let width = 1 + HERO_COLUMNS + GAP + columns + 1;
        let rows = (0..height + 2)
            .map(|y| {
                (0..width)
                    .map(|x| {
                        if y == 0 || y == height + 1 || x == 0 || x == width - 1 {
                            '#'
                        } else if x <= HERO_COLUMNS {
                            'H'
                        } else {
                            '.'
                        }
                    })
                    .collect()
            })
            .collect();
        let first = 1 + HERO_COLUMNS + GAP;
        Arena {
            rows,
            taken: vec![vec![false; width as usize]; (height + 2) as usize],
            director: (first, first + columns - 1),
            height,
        }
    }

    fn at(&self, x: i32, y: i32) -> char {
        self.rows[y as usize][x as usize]
    }

    fn width(&self) -> i32 {
        self.rows[0].len() as i32
    }

    /// Why a creature `side` across can't be put by hand at `square` ([`refusal`]).
    fn refusal(&self, square: Square, side: i32) -> Option<String> {
        refusal(
            &self.rows,
            |x, y| self.taken[y as usize][x as usize],
            square,
            side,
        )
    }

    /// A few pillars and patches of difficult ground in the gap, none touching another (so
    /// every square stays reachable), the gap's first and last columns left open.
    fn cover(&mut self, rng: &mut SplitMix64, height: i32) {
        let (x0, x1) = (1 + HERO_COLUMNS + 1, HERO_COLUMNS + GAP - 1);
        let pillars = (height * GAP / 24).max(2);
        let patches = if height >= 12 { 2 } else { 1 };
        let put = |squares: &[(i32, i32)], ch: char, rows: &mut Vec<Vec<char>>| {
            let clear = squares.iter().all(|&(x, y)| {
                (x0..=x1).contains(&x)
                    && (1..=height).contains(&y)
                    && (-1..=1).all(|dy| {
                        (-1..=1).all(|dx| {
                            let c = rows[(y + dy) as usize][(x + dx) as usize];
                            c != 'P' && c != '~' || squares.contains(&(x + dx, y + dy))
                        })
                    })
            });
            if clear {
                for &(x, y) in squares {
                    rows[y as usize][x as usize] = ch;
                }
            }
            clear
        };
        let span = (x1 - x0 + 1) as u32;
        for _ in 0..pillars {
            for _ in 0..50 {
                let (x, y) = (
                    x0 + rng.below(span) as i32,
                    1 + rng.below(height as u32) as i32,
                );
                if put(&[(x, y)], 'P', &mut self.rows) {
                    break;
                }
            }
        }
        for _ in 0..patches {
            for _ in 0..50 {
                let (x, y) = (
                    x0 + rng.below(span) as i32,
                    1 + rng.below(height as u32) as i32,
                );
                let other = if rng.below(2) == 0 {
                    (x + 1, y)
                } else {
                    (x, y + 1)
                };
                if put(&[(x, y), other], '~', &mut self.rows) {
                    break;
                }
            }
        }
    }

    /// The heroes on their zone, from its middle outwards, the front column first.
    fn heroes(&mut self, plan: &Plan) -> Vec<CreatureSpec> {
        let mut squares: Vec<(i32, i32)> = (1..=self.height)
            .flat_map(|y| (1..=HERO_COLUMNS).map(move |x| (x, y)))
            .collect();
        let middle = self.height + 1;
        squares.sort_by_key(|&(x, y)| ((2 * y - middle).abs(), -x, y));
        let victories = plan.party.victories;
        plan.heroes
            .iter()
            .zip(squares)
            .map(|((id, template), (x, y))| {
                self.taken[y as usize][x as usize] = true;
                // Victories go on the hero block, the template's with them added.
                let hero = (victories > 0)
                    .then(|| library_template(template).and_then(|t| t.hero))
                    .flatten()
                    .map(|h| crate::scenario::HeroSpec { victories, ..h });
                CreatureSpec {
                    id: Some((*id).to_owned()),
                    template: Some(template.clone()),
                    position: Some(Square::new(x, y)),
                    hero,
                    ..CreatureSpec::default()
                }
            })
            .collect()
    }

    /// Whether a creature `side` squares across fits at (x, y) on open ground between the
    /// columns `x0` and `x1`.
    fn fits(&self, x: i32, y: i32, side: i32, (x0, x1): (i32, i32)) -> bool {
        x >= x0
            && x + side - 1 <= x1
            && y >= 1
            && y + side - 1 <= self.height
            && (0..side).all(|dy| {
                (0..side).all(|dx| {
                    self.at(x + dx, y + dy) == '.'
                        && !self.taken[(y + dy) as usize][(x + dx) as usize]
                })
            })
    }

    /// The open square nearest `(ax, ay)` (in half squares, measured to its centre) where a
    /// creature `side` across fits, on the Director's side (`anywhere`: anywhere east of the
    /// heroes' zone); ties to the top, then the left.
    fn nearest(&self, (ax, ay): (i32, i32), side: i32, anywhere: bool) -> Option<(i32, i32)> {
        let (x0, x1) = if anywhere {
            (HERO_COLUMNS + 1, self.width() - 2)
        } else {
            self.director
        };
        (1..=self.height)
            .flat_map(|y| (x0..=x1).map(move |x| (x, y)))
            .filter(|&(x, y)| self.fits(x, y, side, (x0, x1)))
            .min_by_key(|&(x, y)| {
                let (cx, cy) = (2 * x + side, 2 * y + side);
                ((cx - ax).pow(2) + (cy - ay).pow(2), y, x)
            })
    }

    fn take(&mut self, x: i32, y: i32, side: i32) {
        for dy in 0..side {
            for dx in 0..side {
                self.taken[(y + dy) as usize][(x + dx) as usize] = true;
            }
        }
    }

    /// Place every group: first each unit placed by hand on its square (a squad's first minion;
    /// the others beside it), a square it may not stand on refused with why; then the rest of
    /// each group as near one of its own placed by hand as they fit, or else its first member as
    /// near its rank's column and its row as it fits (groups spread down the side, nudged by the
    /// seed) and the others as near the first as they fit. `None` when one does not fit.
    #[allow(clippy::type_complexity)]
    fn place(
        &mut self,
        groups: &[Group],
        placed: &[Option<Square>],
        rng: &mut SplitMix64,
    ) -> Option<(Vec<CreatureSpec>, Vec<Standing>, Vec<(usize, String)>)> {
        let (x0, x1) = self.director;
        let count = groups.len() as i32;
        let mut at: Vec<Vec<Option<(i32, i32)>>> =
            groups.iter().map(|g| vec![None; g.members.len()]).collect();
        let mut by_hand: Vec<Vec<bool>> = groups
            .iter()
            .map(|g| vec![false; g.members.len()])
            .collect();
        let mut refused = Vec::new();
        let centre = |(x, y): (i32, i32), side: i32| (2 * x + side, 2 * y + side);
        for (g, group) in groups.iter().enumerate() {
            for (m, b) in group.members.iter().enumerate() {
                let Some(square) = placed.get(b.unit).copied().flatten().filter(|_| b.first) else {
                    continue;
                };
                match self.refusal(square, b.side) {
                    Some(why) => refused.push((b.unit, why)),
                    None => {
                        self.take(square.x, square.y, b.side);
                        at[g][m] = Some((square.x, square.y));
                        by_hand[g][m] = true;
                    }
                }
            }
        }
        for (g, group) in groups.iter().enumerate() {
            for (m, b) in group.members.iter().enumerate() {
                let first = group
                    .members
                    .iter()
                    .position(|o| o.unit == b.unit && o.first);
                let Some(f) = first.filter(|&f| f != m && by_hand[g][f]) else {
                    continue;
                };
                let anchor = centre(at[g][f]?, group.members[f].side);
                let (x, y) = self.nearest(anchor, b.side, true)?;
                self.take(x, y, b.side);
                at[g][m] = Some((x, y));
                by_hand[g][m] = true;
            }
        }
        for (g, group) in groups.iter().enumerate() {
            let column = match group.rank {
                0 => x0,
                1 => (x0 + x1) / 2,
                _ => x1,
            };
            let row = 1 + ((2 * g as i32 + 1) * self.height) / (2 * count.max(1));
            let nudge = rng.below(3) as i32 - 1;
            let hand = (0..group.members.len())
                .find_map(|m| at[g][m].map(|a| centre(a, group.members[m].side)));
            let mut anchor = hand.unwrap_or((2 * column + 1, 2 * (row + nudge) + 1));
            for (m, member) in group.members.iter().enumerate() {
                if at[g][m].is_some() {
                    continue;
                }
                let (x, y) = self.nearest(anchor, member.side, hand.is_some())?;
                self.take(x, y, member.side);
                if m == 0 && hand.is_none() {
                    anchor = centre((x, y), member.side);
                }
                at[g][m] = Some((x, y));
            }
        }
        let mut out = Vec::new();
        let mut standing = Vec::new();
        for (g, group) in groups.iter().enumerate() {
            for (m, member) in group.members.iter().enumerate() {
                let (x, y) = at[g][m]?;
                let mut spec = member.spec.clone();
                spec.position = Some(Square::new(x, y));
                standing.push(Standing {
                    id: spec.id.clone().unwrap_or_default(),
                    square: Square::new(x, y),
                    side: member.side,
                    unit: Some(member.unit),
                    group: Some(g),
                    by_hand: by_hand[g][m],
                });
                out.push(spec);
            }
        }
        Some((out, standing, refused))
    }
}

/// Why a creature `side` squares across can't be put by hand with its top-left corner on
/// `square` of the arena `rows`, `taken(x, y)` saying whether another stands on a square: one
/// of its squares is off the map, a wall, a pillar, in the heroes' starting zone or taken
/// ("(0, 3) is a wall"). `None`: it may stand there.
fn refusal(
    rows: &[Vec<char>],
    taken: impl Fn(i32, i32) -> bool,
    square: Square,
    side: i32,
) -> Option<String> {
    for y in square.y..square.y + side {
        for x in square.x..square.x + side {
            let at = usize::try_from(y)
                .ok()
                .zip(usize::try_from(x).ok())
                .and_then(|(row, column)| rows.get(row)?.get(column).copied());
            let why = match at {
                None => "off the map",
                Some('#') => "a wall",
                Some('P') => "a stone pillar",
                Some('H') => "in the heroes' starting zone",
                Some(_) if taken(x, y) => "taken",
                Some(_) => continue,
            };
            return Some(format!("{} is {why}", Square::new(x, y)));
        }
    }
    None
}

/// Why the unit `unit` of a laid-out arena (its `map` and `standing`) can't be moved to
/// `square`, everyone else standing where they stand but for the unit's own creatures and those
/// of its group not placed by hand (a captain's squad goes with it, a squad's captain with it).
pub(super) fn refusal_in(
    map: &MapSpec,
    standing: &[Standing],
    unit: usize,
    square: Square,
) -> Option<String> {
    let Some(me) = standing.iter().find(|s| s.unit == Some(unit)) else {
        return Some(format!("no unit {unit} on the arena"));
    };
    let rows: Vec<Vec<char>> = map.rows.iter().map(|r| r.chars().collect()).collect();
    let others: Vec<&Standing> = standing
        .iter()
        .filter(|s| s.unit != Some(unit) && (s.group != me.group || s.by_hand))
        .collect();
    let taken = |x: i32, y: i32| {
        others.iter().any(|s| {
            (s.square.x..s.square.x + s.side).contains(&x)
                && (s.square.y..s.square.y + s.side).contains(&y)
        })
    };
    refusal(&rows, taken, square, me.side)
}
