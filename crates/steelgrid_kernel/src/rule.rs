//! Rule ids: every refusal and every logged fact names the rule behind it. A ruleset lists its
//! rules once with [`rules!`](crate::rules); the kernel knows the shape of a rule, not any rule.

use std::fmt;

use serde::{Serialize, Serializer};

/// A rule a ruleset applies: a stable id (part of the JSON interface) and where the seed says it.
/// It is written out as its id alone.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rule {
    pub id: &'static str,
    pub seed: &'static str,
    /// The rule in plain words, for the explainer.
    pub summary: &'static str,
}

impl fmt::Display for Rule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id)
    }
}

impl Serialize for Rule {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id)
    }
}

/// A rule is its id: `event.rule == "movement.advance"` reads as the log does.
impl PartialEq<str> for Rule {
    fn eq(&self, id: &str) -> bool {
        self.id == id
    }
}

impl PartialEq<&str> for Rule {
    fn eq(&self, id: &&str) -> bool {
        self.id == *id
    }
}

/// A ruleset's rule list: `rules! { NAME = "id", "seed 002 L1-2", "Plain words."; ... }` makes a
/// `rule` module with one constant per rule, `ALL`, and `find(id)`.
#[macro_export]
macro_rules! rules {
    ($($name:ident = $id:literal, $seed:literal, $summary:literal;)*) => {
        /// Every rule id the ruleset can name, with its seed reference.
        pub mod rule {
            use $crate::rule::Rule;
            $(pub const $name: Rule = Rule { id: $id, seed: $seed, summary: $summary };)*
            /// All rule ids, for documentation and tests.
            pub const ALL: &[Rule] = &[$($name),*];

            /// The rule with this id.
            pub fn find(id: &str) -> Option<Rule> {
                ALL.iter().copied().find(|r| r.id == id)
            }
        }
    };
}
