//! Reading the world through `&World` with a query whose state is kept in the world.
//!
//! Building a `QueryState` matches it against every archetype and allocates; the rules read the
//! creatures that way several times a command (bodies for objectives, lookups by id, the
//! records a check compares), which cost a tenth of an AI-vs-AI game. [`Reads`] keeps one state
//! per query type and only brings it up to date with archetypes made since its last use.

use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use bevy_ecs::prelude::*;
use bevy_ecs::query::{QueryData, QueryState};

/// Query states by query type, kept as a world resource. A fresh world starts it empty.
#[derive(Resource, Default)]
pub struct Reads(Mutex<HashMap<TypeId, Arc<dyn Any + Send + Sync>>>);

type Cached<D> = Mutex<QueryState<D, ()>>;

/// Run `f` on a read-only query of `world` for `D`, or `None` when one of the components `D`
/// names was never registered (no creature has had it, and no one asked for it). The query's
/// state comes from the world's [`Reads`] when it has one (and is kept there); a read nested in
/// `f` for the same `D` builds a state of its own.
pub fn read<D: QueryData + 'static, R>(
    world: &World,
    f: impl FnOnce(Query<'_, '_, D::ReadOnly, ()>) -> R,
) -> Option<R> {
    let Some(reads) = world.get_resource::<Reads>() else {
        return read_afresh::<D, R>(world, f);
    };
    let cached = {
        let mut states = reads.0.lock().unwrap_or_else(|e| e.into_inner());
        match states.get(&TypeId::of::<D>()) {
            Some(found) => found.clone(),
            None => {
                let state: Arc<Cached<D>> = Arc::new(Mutex::new(QueryState::try_new(world)?));
                states.insert(TypeId::of::<D>(), state.clone());
                state
            }
        }
    };
    let cached = Arc::downcast::<Cached<D>>(cached).expect("each type id keeps its own query");
    let Ok(mut state) = cached.try_lock() else {
        return read_afresh::<D, R>(world, f);
    };
    state.update_archetypes(world);
    Some(f(state.query_manual(world)))
}

/// [`read`] with a query state built for this read alone.
fn read_afresh<D: QueryData + 'static, R>(
    world: &World,
    f: impl FnOnce(Query<'_, '_, D::ReadOnly, ()>) -> R,
) -> Option<R> {
    QueryState::<D, ()>::try_new(world).map(|state| f(state.query_manual(world)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Component)]
    struct Mark(u32);

    #[derive(Component)]
    struct Other;

    #[test]
    fn a_kept_query_sees_entities_spawned_after_its_first_read() {
        let mut world = World::new();
        world.init_resource::<Reads>();
        world.register_component::<Mark>();
        let sum = |world: &World| read::<&Mark, u32>(world, |q| q.iter().map(|m| m.0).sum());
        assert_eq!(sum(&world), Some(0));
        world.spawn(Mark(2));
        world.spawn((Mark(3), Other));
        assert_eq!(sum(&world), Some(5));
    }

    #[test]
    fn a_read_nested_in_the_same_read_still_answers() {
        let mut world = World::new();
        world.init_resource::<Reads>();
        world.spawn(Mark(4));
        let n = read::<&Mark, usize>(&world, |q| {
            q.iter().count() + read::<&Mark, usize>(&world, |q| q.iter().count()).unwrap_or(0)
        });
        assert_eq!(n, Some(2));
    }

    #[test]
    fn an_unregistered_component_is_no_read() {
        let world = World::new();
        assert!(read::<&Mark, ()>(&world, |_| ()).is_none());
    }
}
