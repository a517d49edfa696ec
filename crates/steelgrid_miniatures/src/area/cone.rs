//! Cones (seed 000 L429; digest A5). The seed fixes only where a cone starts and that it spares
//! its user; the template's shape is the power's.

use steelgrid_kernel::grid::{Footprint, Square};
use steelgrid_kernel::rule::RuleError;

use super::unit;
use crate::rule::area as rule;

/// Checks a cone laid out by a power (seed 000 L429): it must start in a square next to the
/// user's space, and none of its squares may be in that space.
pub fn check_cone(user: Footprint, origin: Square, area: &[Square]) -> Result<(), RuleError> {
    if !user.is_adjacent(unit(origin)) {
        return Err(RuleError::new(
            rule::CONE,
            format!("a cone starts in a square next to its user, and {origin} is not"),
        ));
    }
    match area.iter().find(|&&sq| user.contains(sq)) {
        Some(sq) => Err(RuleError::new(
            rule::CONE,
            format!("a cone never includes its user, who stands in {sq}"),
        )),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::{space, squares};
    use super::*;

    #[test]
    fn a_cone_starts_next_to_its_user() {
        let large = space(0, 0, 2);
        let cone = squares(&[(2, 2), (3, 2), (2, 3), (3, 3)]);
        assert_eq!(check_cone(large, Square::new(2, 2), &cone), Ok(()));
        let far = check_cone(large, Square::new(3, 3), &cone).map_err(|e| e.rule.id);
        assert_eq!(far, Err("ddm.area.cone"));
        let inside = check_cone(large, Square::new(1, 1), &cone).map_err(|e| e.rule.id);
        assert_eq!(inside, Err("ddm.area.cone"));
    }

    #[test]
    fn a_cone_never_includes_its_user() {
        let medium = space(2, 2, 1);
        let cone = squares(&[(1, 1), (2, 2), (1, 2)]);
        let refused = check_cone(medium, Square::new(1, 1), &cone);
        assert_eq!(
            refused.map_err(|e| e.reason),
            Err("a cone never includes its user, who stands in (2, 2)".to_string())
        );
    }
}
