//! What a check worked out for the command it accepted: a path, a roll's modifiers, a forced
//! move's outcome. A ruleset's chapters each own the type of their result; the kernel keeps
//! the one place it is stored in while the command resolves, and clears it after.

use std::any::Any;

use bevy_ecs::prelude::Resource;

/// The results of checking the command being resolved, one per type (a ride checks the mount's
/// move and the path both). Emptied after every check and every command.
#[derive(Resource, Default)]
pub struct Checked(Vec<Box<dyn Any + Send + Sync>>);

impl Checked {
    /// Keep `value` for the systems that resolve the command (replacing one of its type).
    pub fn insert<T: Any + Send + Sync>(&mut self, value: T) {
        self.0.retain(|v| !v.is::<T>());
        self.0.push(Box::new(value));
    }

    /// What the check of type `T` worked out, if it ran.
    pub fn get<T: Any>(&self) -> Option<&T> {
        self.0.iter().find_map(|v| v.downcast_ref())
    }

    /// Take the result of type `T` out.
    pub fn take<T: Any>(&mut self) -> Option<T> {
        let i = self.0.iter().position(|v| v.is::<T>())?;
        self.0.swap_remove(i).downcast().ok().map(|b| *b)
    }

    pub fn clear(&mut self) {
        self.0.clear();
    }
}

impl std::fmt::Debug for Checked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Checked({} results)", self.0.len())
    }
}

#[cfg(test)]
mod tests {
    use super::Checked;

    #[test]
    fn one_result_per_type_cleared_at_once() {
        let mut c = Checked::default();
        c.insert(3u32);
        c.insert("path");
        c.insert(4u32);
        assert_eq!(c.get::<u32>(), Some(&4));
        assert_eq!(c.take::<&str>(), Some("path"));
        assert_eq!(c.get::<&str>(), None);
        c.clear();
        assert_eq!(c.get::<u32>(), None);
    }
}
