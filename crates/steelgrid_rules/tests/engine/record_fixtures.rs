//! A save and a replay written by main at 3135d0c (before the rules crate was split into a kernel
//! and chapters), kept under `tests/fixtures/`: they must still load, verify checksum by checksum
//! and resume. A format change that breaks old saves fails here first. The replay was recorded
//! again (same file, same AI game) when free strikes became strikes their targets can answer
//! (issue 23): the default battle's ogre now parries them, so the old game no longer happens;
//! and its last step again when a fight won began to give the heroes their Victories (one more
//! event, another checksum). The save is still the one 3135d0c wrote.
//!
//! The fixtures are AI-vs-AI games on the default scenario; `STEELGRID_BLESS=1` writes them anew
//! (only ever on purpose, and with a new FORMAT if old files can no longer be read).

use crate::common;

use common::{ai_game, json};
use steelgrid_rules::record::Record;

const SAVE: &str = "tests/fixtures/mill_ambush-3135d0c.save.ron";
const REPLAY: &str = "tests/fixtures/mill_ambush-3135d0c.replay.ron";

fn fixture(path: &str, write: impl FnOnce() -> String) -> Record {
    let full = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join(path);
    if std::env::var_os("STEELGRID_BLESS").is_some() {
        std::fs::create_dir_all(full.parent().expect("a folder")).expect("fixtures/");
        std::fs::write(&full, write()).expect("fixture written");
    }
    let text = std::fs::read_to_string(&full).expect("the fixture is committed");
    Record::parse(path, &text).expect("the old record still parses")
}

#[test]
fn a_replay_written_before_the_split_verifies_checksum_by_checksum() {
    let record = fixture(REPLAY, || ai_game(5, 10_000).replay().to_ron());
    let game = record.verify().expect("every checksum matches");
    assert_eq!(game.steps().len(), record.steps.len());
    assert_ne!(
        game.engine().state().status,
        "in_progress",
        "the recorded game was played to its end"
    );
}

#[test]
fn a_save_written_before_the_split_resumes_where_it_was_left() {
    let record = fixture(SAVE, || ai_game(3, 40).save().to_ron());
    assert_eq!(record.steps.len(), 40);
    let resumed = record
        .resume()
        .expect("the snapshot matches its last checksum");
    let rerun = record.verify().expect("the log replays");
    assert_eq!(json(resumed.engine().state()), json(rerun.engine().state()));
    assert_eq!(resumed.engine().checksum(), rerun.engine().checksum());
}
