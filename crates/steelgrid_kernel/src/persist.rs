//! Creature components in saves: each component a ruleset keeps says, where it is defined, how
//! it is written as one field of the ruleset's creature record and how that field puts it back.
//! The record lists its fields once; spawning a creature from a record and writing a creature
//! into one are both derived from that list.

use bevy_ecs::prelude::{Bundle, Component};
use serde::Serialize;

use crate::checksum::StateHash;

/// A creature component a save keeps, as one field of the creature record.
pub trait Persisted: Component + Sized {
    /// The field as the record holds it.
    type Field;
    /// What the field spawns with the creature, in the one bundle every creature is spawned
    /// with: the component itself when every creature has it, else nothing (`()`). (Inserting
    /// two dozen components one by one made a restore 1.4 times slower.)
    type Spawned: Bundle;
    /// The component the field puts on the creature: in the spawned bundle, or to insert after
    /// it (`Some`), or neither.
    fn load(field: Self::Field) -> (Self::Spawned, Option<Self>);
    /// The field for a creature with this component, or without it (`None`).
    fn save(component: Option<&Self>) -> Self::Field;
    /// Feed the field into a state checksum as [`Persisted::save`] would write it, borrowed
    /// where the shape allows (a checksum is taken after every command).
    fn hash(component: Option<&Self>, h: &mut StateHash)
    where
        Self::Field: Serialize,
    {
        h.value(&Self::save(component));
    }
}

/// Say how a component is saved, in one of its usual shapes:
///
/// - `always T`: every creature has it, and the field is the component itself;
/// - `always T(F)`: every creature has it, and the field is its one value, of type `F`;
/// - `maybe T`: the field is `Option<T>`;
/// - `maybe T(F)` / `maybe T { name: F }`: the field is its one value, `Option<F>`;
/// - `marker T`: a component without data, the field `bool`;
/// - `unless_default T(F)` / `unless_default T { name: F }`: the field is its one value, and
///   the default value (0, an empty list) means the creature has no such component.
#[macro_export]
macro_rules! persisted {
    (always $c:ident) => {
        impl $crate::persist::Persisted for $c {
            type Field = $c;
            type Spawned = $c;
            fn load(field: $c) -> ($c, Option<$c>) {
                (field, None)
            }
            fn save(component: Option<&$c>) -> $c {
                component
                    .expect(concat!("every creature has ", stringify!($c)))
                    .clone()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(component.expect(concat!("every creature has ", stringify!($c))));
            }
        }
    };
    (always $c:ident($f:ty)) => {
        impl $crate::persist::Persisted for $c {
            type Field = $f;
            type Spawned = $c;
            fn load(field: $f) -> ($c, Option<$c>) {
                ($c(field), None)
            }
            fn save(component: Option<&$c>) -> $f {
                component
                    .expect(concat!("every creature has ", stringify!($c)))
                    .0
                    .clone()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(
                    &component
                        .expect(concat!("every creature has ", stringify!($c)))
                        .0,
                );
            }
        }
    };
    (maybe $c:ident) => {
        impl $crate::persist::Persisted for $c {
            type Field = Option<$c>;
            type Spawned = ();
            fn load(field: Option<$c>) -> ((), Option<$c>) {
                ((), field)
            }
            fn save(component: Option<&$c>) -> Option<$c> {
                component.cloned()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(&component);
            }
        }
    };
    (maybe $c:ident($f:ty)) => {
        impl $crate::persist::Persisted for $c {
            type Field = Option<$f>;
            type Spawned = ();
            fn load(field: Option<$f>) -> ((), Option<$c>) {
                ((), field.map($c))
            }
            fn save(component: Option<&$c>) -> Option<$f> {
                component.map(|c| c.0.clone())
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(&component.map(|c| &c.0));
            }
        }
    };
    (maybe $c:ident { $name:ident: $f:ty }) => {
        impl $crate::persist::Persisted for $c {
            type Field = Option<$f>;
            type Spawned = ();
            fn load(field: Option<$f>) -> ((), Option<$c>) {
                ((), field.map(|$name| $c { $name }))
            }
            fn save(component: Option<&$c>) -> Option<$f> {
                component.map(|c| c.$name.clone())
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(&component.map(|c| &c.$name));
            }
        }
    };
    (marker $c:ident) => {
        impl $crate::persist::Persisted for $c {
            type Field = bool;
            type Spawned = ();
            fn load(field: bool) -> ((), Option<$c>) {
                ((), field.then_some($c))
            }
            fn save(component: Option<&$c>) -> bool {
                component.is_some()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                h.value(&component.is_some());
            }
        }
    };
    (unless_default $c:ident($f:ty)) => {
        impl $crate::persist::Persisted for $c {
            type Field = $f;
            type Spawned = ();
            fn load(field: $f) -> ((), Option<$c>) {
                ((), (field != <$f>::default()).then(|| $c(field)))
            }
            fn save(component: Option<&$c>) -> $f {
                component.map(|c| c.0.clone()).unwrap_or_default()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                match component {
                    Some(c) => h.value(&c.0),
                    None => h.value(&<$f>::default()),
                }
            }
        }
    };
    (unless_default $c:ident { $name:ident: $f:ty }) => {
        impl $crate::persist::Persisted for $c {
            type Field = $f;
            type Spawned = ();
            fn load(field: $f) -> ((), Option<$c>) {
                ((), (field != <$f>::default()).then(|| $c { $name: field }))
            }
            fn save(component: Option<&$c>) -> $f {
                component.map(|c| c.$name.clone()).unwrap_or_default()
            }
            fn hash(component: Option<&$c>, h: &mut $crate::checksum::StateHash) {
                match component {
                    Some(c) => h.value(&c.$name),
                    None => h.value(&<$f>::default()),
                }
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::Persisted;
    use bevy_ecs::prelude::Component;

    #[derive(Component, Clone, Debug, PartialEq)]
    struct Height(u32);
    persisted!(unless_default Height(u32));

    #[derive(Component, Clone, Debug, PartialEq)]
    struct Asleep;
    persisted!(marker Asleep);

    #[test]
    fn a_default_field_means_no_component_and_back() {
        assert_eq!(Height::load(0).1, None);
        assert_eq!(Height::load(3).1, Some(Height(3)));
        assert_eq!(Height::save(None), 0);
        assert_eq!(Height::save(Some(&Height(3))), 3);
        assert_eq!(Asleep::load(true).1, Some(Asleep));
        assert!(!Asleep::save(None));
    }
}
