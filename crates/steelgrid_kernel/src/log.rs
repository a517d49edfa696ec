//! The event log: every fact a ruleset establishes, in order, each under the rule that produced
//! it. The kernel keeps the order and the rule; the ruleset says what its events are.

use bevy_ecs::prelude::Resource;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use crate::rule::Rule;

/// A ruleset's rule list, to read a saved log back: the rule a logged id names.
pub trait RuleBook {
    fn find_rule(id: &str) -> Option<Rule>;
}

/// One line of the log. Written out as `{seq, rule, reference, ...event}`: the rule's id and
/// its seed lines, then the event's own fields.
#[derive(Clone, Debug, PartialEq)]
pub struct Logged<E> {
    pub seq: u32,
    pub rule: Rule,
    pub event: E,
}

/// A log line as JSON and RON hold it.
#[derive(Serialize, Deserialize)]
struct LoggedRecord<Id, E> {
    seq: u32,
    rule: Id,
    /// Where the rule is in the seed text, e.g. `seed 002 L3064`.
    reference: Id,
    #[serde(flatten)]
    event: E,
}

impl<E: Serialize> Serialize for Logged<E> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        LoggedRecord {
            seq: self.seq,
            rule: self.rule.id,
            reference: self.rule.seed,
            event: &self.event,
        }
        .serialize(s)
    }
}

impl<'de, E: Deserialize<'de> + RuleBook> Deserialize<'de> for Logged<E> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let r = LoggedRecord::<String, E>::deserialize(d)?;
        let rule = E::find_rule(&r.rule)
            .ok_or_else(|| serde::de::Error::custom(format!("unknown rule `{}`", r.rule)))?;
        Ok(Logged {
            seq: r.seq,
            rule,
            event: r.event,
        })
    }
}

/// The log of one fight, in order.
#[derive(Resource, Clone, Debug, Serialize, Deserialize)]
#[serde(bound(deserialize = "E: Deserialize<'de> + RuleBook"))]
pub struct Log<E: Send + Sync + 'static> {
    pub events: Vec<Logged<E>>,
}

impl<E: Send + Sync + 'static> Default for Log<E> {
    fn default() -> Self {
        Self { events: Vec::new() }
    }
}

impl<E: Send + Sync + 'static> Log<E> {
    /// Write `event` under `rule`, numbered after the lines before it.
    pub fn push(&mut self, rule: Rule, event: E) {
        let seq = self.events.len() as u32;
        self.events.push(Logged { seq, rule, event });
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STEP: Rule = Rule {
        id: "test.step",
        seed: "seed 000 L1",
        summary: "A step is taken.",
    };

    #[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
    #[serde(tag = "event", rename_all = "snake_case")]
    enum Happened {
        Stepped { to: u32 },
    }

    impl RuleBook for Happened {
        fn find_rule(id: &str) -> Option<Rule> {
            (id == STEP.id).then_some(STEP)
        }
    }

    #[test]
    fn lines_are_numbered_written_with_their_rule_and_read_back() {
        let mut log = Log::default();
        log.push(STEP, Happened::Stepped { to: 3 });
        log.push(STEP, Happened::Stepped { to: 4 });
        let text = serde_json::to_string(&log.events[1]).unwrap();
        assert_eq!(
            text,
            r#"{"seq":1,"rule":"test.step","reference":"seed 000 L1","event":"stepped","to":4}"#
        );
        let back: Logged<Happened> = serde_json::from_str(&text).unwrap();
        assert_eq!(back, log.events[1]);
        let unknown = text.replace("test.step", "test.leap");
        let err = serde_json::from_str::<Logged<Happened>>(&unknown).unwrap_err();
        assert!(
            err.to_string().contains("unknown rule `test.leap`"),
            "{err}"
        );
    }
}
