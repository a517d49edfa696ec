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

/// Why a command was refused: the rule that forbids it and a reason a player can read.
/// Written out as `{rule, seed, reason}`: the rule's id and seed lines, then the reason.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RuleError {
    pub rule: Rule,
    pub reason: String,
}

impl RuleError {
    pub fn new(rule: Rule, reason: impl Into<String>) -> Self {
        Self {
            rule,
            reason: reason.into(),
        }
    }
}

impl Serialize for RuleError {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut out = s.serialize_struct("RuleError", 3)?;
        out.serialize_field("rule", self.rule.id)?;
        out.serialize_field("seed", self.rule.seed)?;
        out.serialize_field("reason", &self.reason)?;
        out.end()
    }
}

impl fmt::Display for RuleError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "refused by rule {} ({}): {}",
            self.rule.id, self.rule.seed, self.reason
        )
    }
}

impl std::error::Error for RuleError {}

/// A ruleset's rule list: `rules! { NAME = "id", "seed 002 L1-2", "Plain words."; ... }`, written
/// in the ruleset's `rule` module, makes one constant per rule, `ALL`, and `find(id)` there.
#[macro_export]
macro_rules! rules {
    ($($name:ident = $id:literal, $seed:literal, $summary:literal;)*) => {
        $(pub const $name: $crate::rule::Rule =
            $crate::rule::Rule { id: $id, seed: $seed, summary: $summary };)*
        /// All rule ids, for documentation and tests.
        pub const ALL: &[$crate::rule::Rule] = &[$($name),*];

        /// The rule with this id.
        pub fn find(id: &str) -> Option<$crate::rule::Rule> {
            ALL.iter().copied().find(|r| r.id == id)
        }
    };
}
