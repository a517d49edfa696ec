//! Property: the forced-movement preview is exactly what happens. Over randomly generated small
//! maps (walls, objects of every material, ledges, pits, damaging terrain), creatures and
//! forced movements, `predict_forced` and the applied `ForceMove` agree on where everyone ends,
//! what everyone loses and which objects break — and nothing panics.

use steelgrid_rules::creature::Side;
use steelgrid_rules::dice::Dice;
use steelgrid_rules::forced::{ForcedKind, ForcedSpec};
use steelgrid_rules::grid::{Square, Terrain};
use steelgrid_rules::{Command, Engine, scenario};

const TILES: &[char] = &[
    '.', '.', '.', '.', '.', '#', 'g', 'w', 's', 'm', 'h', '4', 'x', 'o', '=',
];

fn random_engine(rng: &mut Dice) -> Option<Engine> {
    let (w, h) = (4 + rng.roll(5) as i32, 4 + rng.roll(4) as i32);
    let mut grid: Vec<Vec<char>> = (0..h)
        .map(|_| {
            (0..w)
                .map(|_| TILES[(rng.roll(TILES.len() as u32) - 1) as usize])
                .collect()
        })
        .collect();
    let mut creatures = Vec::new();
    let mut taken: Vec<(i32, i32)> = Vec::new();
    for i in 0..(2 + rng.roll(4)) {
        let size = if rng.roll(5) == 1 {
            "2"
        } else {
            ["1S", "1M", "1L"][(rng.roll(3) - 1) as usize]
        };
        let side_len = if size == "2" { 2 } else { 1 };
        let (x, y) = (
            rng.roll((w - side_len + 1) as u32) as i32 - 1,
            rng.roll((h - side_len + 1) as u32) as i32 - 1,
        );
        let squares: Vec<(i32, i32)> = (0..side_len)
            .flat_map(|dy| (0..side_len).map(move |dx| (x + dx, y + dy)))
            .collect();
        if squares.iter().any(|s| taken.contains(s)) {
            continue;
        }
        // Creatures stand on floor (keeping raised ground under them half the time).
        let ground = if rng.roll(2) == 1 {
            grid[y as usize][x as usize]
        } else {
            '.'
        };
        let ground = if matches!(ground, 'h' | '4') {
            ground
        } else {
            '.'
        };
        for &(sx, sy) in &squares {
            grid[sy as usize][sx as usize] = ground;
        }
        taken.extend(squares);
        let side = if i == 0 {
            "Heroes"
        } else if i == 1 {
            "Director"
        } else if rng.roll(2) == 1 {
            "Heroes"
        } else {
            "Director"
        };
        let extra = if side == "Heroes" {
            ", hero: (recoveries: 1)"
        } else {
            ""
        };
        // One creature in five flies, some of them already aloft.
        let wings = if rng.roll(5) == 1 {
            format!(", movement: [Fly], altitude: {}", rng.roll(3) - 1)
        } else {
            String::new()
        };
        creatures.push(format!(
            "(id: \"c{i}\", side: {side}, size: \"{size}\", stamina: 60, stability: {}, characteristics: (agility: {}, might: {}), position: ({x}, {y}){extra}{wings})",
            rng.roll(3) - 1,
            rng.roll(4) as i32 - 2,
            rng.roll(4) as i32 - 2,
        ));
    }
    let rows: Vec<String> = grid.iter().map(|r| r.iter().collect()).collect();
    let src = format!(
        "Scenario(name: \"random\", map: (legend: {{'w': (terrain: Object(material: Wood)), 'g': (terrain: Object(material: Glass)), 's': (terrain: Object(material: Stone)), 'm': (terrain: Object(material: Metal)), 'h': (elevation: 1), '4': (elevation: 4), 'x': (terrain: Damaging(damage: 2)), 'o': (terrain: Pit(depth: 3)), '=': (terrain: Water(depth: 2))}}, rows: [{}]), creatures: [{}], dice: [7])",
        rows.iter()
            .map(|r| format!("\"{r}\""))
            .collect::<Vec<_>>()
            .join(", "),
        creatures.join(", ")
    );
    // Many random layouts are invalid (a creature on a wall, …): those are simply skipped.
    let mut engine = scenario::load("random.ron", &src).ok()?.start(Some(1));
    engine
        .apply(Command::ChooseFirstSide { side: Side::Heroes })
        .ok()?;
    Some(engine)
}

#[test]
fn prediction_equals_resolution() {
    let mut rng = Dice::seeded(2026);
    let (mut checked, mut with_hits, mut with_falls, mut with_breaks) = (0, 0, 0, 0);
    for _ in 0..3000 {
        let Some(mut engine) = random_engine(&mut rng) else {
            continue;
        };
        let ids: Vec<String> = engine.state().creatures.into_iter().map(|c| c.id).collect();
        let target = ids[(rng.roll(ids.len() as u32) - 1) as usize].clone();
        let forcer = ids[(rng.roll(ids.len() as u32) - 1) as usize].clone();
        let kind =
            [ForcedKind::Push, ForcedKind::Pull, ForcedKind::Slide][(rng.roll(3) - 1) as usize];
        let start = engine
            .state()
            .creatures
            .iter()
            .find(|c| c.id == target)
            .unwrap()
            .position;
        let (dx, dy) = (rng.roll(3) as i32 - 2, rng.roll(3) as i32 - 2);
        let mut path = Vec::new();
        let mut at = start;
        for _ in 0..rng.roll(6) - 1 {
            at = if kind == ForcedKind::Slide {
                Square::new(at.x + rng.roll(3) as i32 - 2, at.y + rng.roll(3) as i32 - 2)
            } else {
                Square::new(at.x + dx, at.y + dy)
            };
            path.push(at);
        }
        let spec = ForcedSpec {
            kind,
            forcer: Some(forcer),
            target: target.clone(),
            distance: rng.roll(12) - 1,
            melee_weapon: rng.roll(2) == 1,
            stability: if rng.roll(2) == 1 {
                None
            } else {
                Some(rng.roll(3) - 1)
            },
            chosen: None,
            path,
            break_objects: rng.roll(3) != 1,
            vertical: false,
            heights: Vec::new(),
        };
        let before = engine.state();
        let Ok(predicted) = engine.predict_forced(&spec) else {
            continue;
        };
        let command = spec.command_along(spec.path.clone());
        engine
            .apply(command)
            .expect("a predicted forced movement is legal");
        let after = engine.state();
        let end = predicted
            .fall
            .as_ref()
            .map_or(predicted.end, |f| f.lands_at);
        let moved = after.creatures.iter().find(|c| c.id == target).unwrap();
        assert_eq!(moved.position, end, "{spec:?}\n{predicted:?}");
        for (b, a) in before.creatures.iter().zip(&after.creatures) {
            let lost = (b.stamina.current - a.stamina.current) as u32;
            let expected = if b.dead {
                0
            } else {
                predicted.damage_to(&b.id)
            };
            // Director creatures stop at 0 Stamina.
            let expected = if b.hero {
                expected
            } else {
                expected.min(b.stamina.current as u32)
            };
            assert_eq!(lost, expected, "{} in {spec:?}\n{predicted:?}", b.id);
            if a.id != target {
                let fell_on = predicted
                    .fall
                    .as_ref()
                    .is_some_and(|f| f.landed_on.as_deref() == Some(a.id.as_str()));
                assert!(a.position == b.position || fell_on, "only the target moves");
            }
        }
        for sq in &predicted.broken {
            assert_eq!(engine.map().terrain(*sq), Some(Terrain::Floor));
        }
        checked += 1;
        with_hits += usize::from(!predicted.hits.is_empty());
        with_falls += usize::from(predicted.fall.is_some());
        with_breaks += usize::from(!predicted.broken.is_empty());
    }
    // The generator must actually reach the interesting cases.
    assert!(checked > 300, "only {checked} forced movements checked");
    assert!(
        with_hits > 50 && with_falls > 10 && with_breaks > 5,
        "{with_hits} hits, {with_falls} falls, {with_breaks} breaks"
    );
}
