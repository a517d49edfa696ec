//! Areas that stay on the map (seed 002 L1448-1478): an aura that moves with its creator, or a
//! wall, a patch of difficult or damaging ground, anything an ability leaves behind until the
//! end of its creator's next turn or the end of the encounter. Each is an entity with its
//! shape, owner, duration and effects, resolved by the rules schedule: the ground it changes is
//! changed on the map (a wall is stone that blocks movement and line of effect and can be broken
//! like any object), and enemies of its owner who start their turn in it take its damage.

pub use crate::terms::ability::{Lasting, ZoneDuration, ZoneGround};

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use crate::command::{Command, CurrentCommand};
use crate::creature::{CreatureId, CreatureSize, Position, Side, Vitality};
use crate::damage::{DamageRequest, PendingDamage};
use crate::event::{Event, EventLog};
use crate::grid::{Cell, Footprint, Map, Material, Square, Terrain};
use crate::rule;

/// An area on the map.
#[derive(Component, Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Zone {
    /// Order of creation, for a stable order in snapshots.
    pub seq: u32,
    pub owner: String,
    pub ability: String,
    /// The squares of a fixed area; an aura's are worked out from its owner each time.
    pub squares: Vec<Square>,
    /// An aura of this radius around its owner.
    pub aura: Option<u32>,
    pub lasting: Lasting,
    /// Ends of its owner's turns still to come before it goes.
    pub turns_left: u32,
    /// The cells its ground replaced, put back when it ends.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub replaced: Vec<(Square, Cell)>,
}

impl Zone {
    /// The squares it covers now.
    /// How many of its squares are stacked at `sq`: a wall's height there (seed 002
    /// L1474-1478).
    pub fn stacked(&self, sq: Square) -> u32 {
        self.squares.iter().filter(|&&s| s == sq).count() as u32
    }

    pub fn covers(&self, map: &Map, owner: Option<Footprint>) -> Vec<Square> {
        match (self.aura, owner) {
            (Some(radius), Some(fp)) => crate::ability::area::burst(map, fp, radius),
            _ => {
                // A stacked wall names a square once per square stacked there.
                let mut squares = self.squares.clone();
                squares.dedup();
                squares
            }
        }
    }
}

/// The potency penalties the areas of its enemies put on a creature of `side` standing in `me`,
/// as (ability, shift) for `effect::stack`, which counts one ability's once (seed 002
/// L1622-1624, L1669-1673; DS-CORE-46). `owner` gives a living owner's side and space.
pub fn potency_penalties<'a>(
    zones: impl IntoIterator<Item = &'a Zone>,
    map: &Map,
    me: Footprint,
    side: Side,
    owner: impl Fn(&str) -> Option<(Side, Footprint)>,
) -> Vec<(&'a str, i32)> {
    zones
        .into_iter()
        .filter(|z| z.lasting.potency_penalty > 0)
        .filter_map(|z| {
            let (owner_side, fp) = owner(&z.owner)?;
            let inside = z.covers(map, Some(fp)).iter().any(|sq| me.contains(*sq));
            (owner_side != side && inside)
                .then(|| (z.ability.as_str(), -(z.lasting.potency_penalty as i32)))
        })
        .collect()
}

/// Set by ability resolution: the area to place once the command's other effects are done.
#[derive(Resource, Clone, Debug, Default)]
pub struct NewZone(pub Option<Zone>);

/// The cell a zone's ground puts in a square, `stacked` squares of it there: a wall stands
/// that many squares tall, each square of stone with its own Stamina (seed 002 L1474-1478,
/// L3108-3111; digest A-24).
fn ground_cell(ground: ZoneGround, under: Cell, stacked: u32) -> Cell {
    match ground {
        ZoneGround::Wall => Cell {
            terrain: Terrain::Object {
                material: Material::Stone,
            },
            object_stamina: Some(Material::Stone.stamina_per_square() * stacked),
            height: Some(stacked),
            ..under
        },
        ZoneGround::Difficult => Cell {
            terrain: Terrain::Difficult,
            ..under
        },
        ZoneGround::Damaging(damage) => Cell {
            terrain: Terrain::Damaging { damage },
            ..under
        },
    }
}

/// Command stage, after the ability: place the new area, changing the ground it covers.
pub fn place(
    mut commands: Commands,
    mut new: ResMut<NewZone>,
    mut map: ResMut<Map>,
    mut log: ResMut<EventLog>,
    zones: Query<&Zone>,
) {
    let Some(mut zone) = new.0.take() else {
        return;
    };
    zone.seq = zones.iter().map(|z| z.seq + 1).max().unwrap_or(0);
    if let Some(ground) = zone.lasting.ground {
        let mut placed: Vec<Square> = Vec::new();
        for &sq in &zone.squares {
            if placed.contains(&sq) {
                continue;
            }
            placed.push(sq);
            let stacked = zone.stacked(sq);
            let Some(&under) = map.cell(sq) else {
                continue;
            };
            // Walls and objects stay what they are; nothing fills a pit or a pool.
            if under.terrain.is_solid()
                || matches!(under.terrain, Terrain::Pit { .. } | Terrain::Water { .. })
            {
                continue;
            }
            zone.replaced.push((sq, under));
            map.set_cell(sq, ground_cell(ground, under, stacked));
        }
    }
    log.push(
        rule::ZONE,
        Event::AreaPlaced {
            creature: zone.owner.clone(),
            ability: zone.ability.clone(),
            squares: zone.squares.clone(),
            aura: zone.aura,
            lasting: zone.lasting,
        },
    );
    commands.spawn(zone);
}

/// Command stage, on StartTurn: each enemy of a zone's owner starting its turn in it takes the
/// zone's damage; of several areas of one ability around it (two creatures' auras of the same
/// ability, say), only the one dealing the most: the same ability doesn't stack (seed 002
/// L1669-1671).
pub fn start_of_turn(
    command: Res<CurrentCommand>,
    map: Res<Map>,
    mut log: ResMut<EventLog>,
    mut pending: ResMut<PendingDamage>,
    zones: Query<&Zone>,
    creatures: Query<(
        Entity,
        &CreatureId,
        &Side,
        &Position,
        &CreatureSize,
        &Vitality,
    )>,
) {
    let Some(Command::StartTurn { creature }) = &command.0 else {
        return;
    };
    let Some((entity, id, side, pos, size, _)) = creatures.iter().find(|c| &c.1.0 == creature)
    else {
        return;
    };
    let me = Footprint::new(pos.0, size.0);
    let mut all: Vec<&Zone> = zones.iter().collect();
    all.sort_by_key(|z| z.seq);
    let mut hits: Vec<(&Zone, u32)> = Vec::new();
    for zone in all {
        let Some(amount) = zone.lasting.start_of_turn_damage else {
            continue;
        };
        // A dead owner's areas do nothing more (they go at the next end of a turn).
        let owner = creatures.iter().find(|c| c.1.0 == zone.owner);
        if owner.is_none_or(|o| o.2 == side || *o.5 == Vitality::Dead) {
            continue;
        }
        let owner_fp = owner.map(|o| Footprint::new(o.3.0, o.4.0));
        if !zone
            .covers(&map, owner_fp)
            .iter()
            .any(|sq| me.contains(*sq))
        {
            continue;
        }
        match hits.iter_mut().find(|h| h.0.ability == zone.ability) {
            Some(h) if h.1 >= amount => {}
            Some(h) => *h = (zone, amount),
            None => hits.push((zone, amount)),
        }
    }
    for (zone, amount) in hits {
        log.push(
            rule::ZONE,
            Event::AreaDamage {
                creature: id.0.clone(),
                ability: zone.ability.clone(),
                amount,
            },
        );
        pending.0.push(DamageRequest {
            target: entity,
            source: zone.owner.clone(),
            amount,
            damage_type: zone.lasting.damage_type,
            halved: false,
            knock_out: false,
        });
    }
}

/// Command stage, on EndTurn: the owner's areas count down; those whose time is up go, and the
/// ground they changed comes back. An area whose owner is dead goes too.
pub fn expire(
    mut commands: Commands,
    command: Res<CurrentCommand>,
    mut map: ResMut<Map>,
    mut log: ResMut<EventLog>,
    mut zones: Query<(Entity, &mut Zone)>,
    creatures: Query<(&CreatureId, &Vitality)>,
) {
    let Some(Command::EndTurn { creature }) = &command.0 else {
        return;
    };
    let mut ending: Vec<(u32, Entity, Zone)> = Vec::new();
    for (entity, mut zone) in &mut zones {
        let owner_dead = creatures
            .iter()
            .any(|(id, v)| id.0 == zone.owner && *v == Vitality::Dead);
        if &zone.owner == creature && zone.lasting.duration == ZoneDuration::EndOfYourNextTurn {
            zone.turns_left = zone.turns_left.saturating_sub(1);
        }
        if zone.turns_left == 0 || owner_dead {
            ending.push((zone.seq, entity, zone.clone()));
        }
    }
    ending.sort_by_key(|e| e.0);
    let mut all: Vec<Zone> = zones.iter().map(|(_, z)| z.clone()).collect();
    all.sort_by_key(|z| z.seq);
    let ended: Vec<u32> = ending.iter().map(|e| e.0).collect();
    for (_, entity, zone) in ending {
        for &(sq, _) in &zone.replaced {
            // The ground as it was before any area, then every area still there on top of it,
            // oldest first (a wall square broken since stays broken).
            let Some(mut cell) = all
                .iter()
                .find_map(|z| z.replaced.iter().find(|r| r.0 == sq).map(|r| r.1))
            else {
                continue;
            };
            let now = map.cell(sq).copied();
            for z in all
                .iter_mut()
                .filter(|z| !ended.contains(&z.seq))
                .filter(|z| z.replaced.iter().any(|r| r.0 == sq))
            {
                // What it now lies on, for when it ends in turn.
                for r in z.replaced.iter_mut().filter(|r| r.0 == sq) {
                    r.1 = cell;
                }
                let Some(ground) = z.lasting.ground else {
                    continue;
                };
                let broken =
                    ground == ZoneGround::Wall && now.is_some_and(|c| !c.terrain.is_solid());
                if !broken {
                    cell = ground_cell(ground, cell, z.stacked(sq));
                }
            }
            map.set_cell(sq, cell);
        }
        log.push(
            rule::ZONE,
            Event::AreaEnded {
                creature: zone.owner.clone(),
                ability: zone.ability.clone(),
            },
        );
        commands.entity(entity).despawn();
    }
    // The areas that stay keep what they now lie on.
    for (_, mut zone) in &mut zones {
        if let Some(updated) = all.iter().find(|z| z.seq == zone.seq)
            && updated.replaced != zone.replaced
        {
            zone.replaced = updated.replaced.clone();
        }
    }
}
