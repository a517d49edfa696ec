//! The rules' vocabulary: the words commands, events, the creature record and the turn are made
//! of — conditions, damage types, keywords, forced movement, Malice spends, hero-token benefits,
//! the happenings that trigger abilities. Plain data, no systems: each chapter's folder holds the
//! rules that use these words and re-exports the ones it owns, so this layer sits below
//! `creature`, `event` and `command`, and those below every chapter.

pub mod ability;
pub mod class;
pub mod condition;
pub mod damage;
pub mod director;
pub mod effect;
pub mod forced;
pub mod hero_token;
pub mod movement;
pub mod power_roll;
pub mod trigger;
