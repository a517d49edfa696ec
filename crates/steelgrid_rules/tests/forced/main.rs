//! Forced movement and falls: push, pull, slide, collisions, knockback, objects and stability, and
//! the engine's predictions of them.

#[path = "../common/mod.rs"]
mod common;

mod basics;
mod knockback;
mod more;
mod objects_stability;
mod prediction;
mod pushed_objects;
