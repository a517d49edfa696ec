//! Save and replay files on disk. A file is written whole to a temporary name beside it, flushed
//! to the disk and then renamed over the old one, so a crash at any moment leaves either the
//! previous save or the new one — never half of one.

use std::fs::{self, File};
use std::io::Write;
use std::path::{Path, PathBuf};

use steelgrid_rules::record::Record;

/// Write a record atomically; the message names the file on failure.
pub fn write(path: &Path, record: &Record) -> Result<(), String> {
    write_atomically(path, record.to_ron().as_bytes())
        .map_err(|e| format!("{}: cannot write the file: {e}", path.display()))
}

/// Write `bytes` to `path` through a temporary file beside it (settings are written this way
/// too).
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    if let Some(dir) = path.parent().filter(|d| !d.as_os_str().is_empty()) {
        fs::create_dir_all(dir)?;
    }
    let tmp = temporary_name(path);
    let mut file = File::create(&tmp)?;
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    if let Err(e) = written {
        let _ = fs::remove_file(&tmp);
        return Err(e);
    }
    fs::rename(&tmp, path)
}

/// `dir/.name.tmp`: in the same directory, so the rename never crosses file systems.
fn temporary_name(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(Default::default, |n| n.to_string_lossy());
    path.with_file_name(format!(".{name}.tmp"))
}

/// Read a save or replay; every failure is one readable message naming the file.
pub fn read(path: &Path) -> Result<Record, String> {
    let text = fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read the file: {e}", path.display()))?;
    Record::parse(&path.display().to_string(), &text).map_err(|e| e.to_string())
}

/// Where the game keeps its saves: `$STEELGRID_SAVES`, or `steelgrid/saves` in the user's data
/// directory.
pub fn directory() -> PathBuf {
    if let Some(dir) = std::env::var_os("STEELGRID_SAVES") {
        return PathBuf::from(dir);
    }
    let data = std::env::var_os("XDG_DATA_HOME")
        .map(PathBuf::from)
        .or_else(|| std::env::var_os("HOME").map(|h| PathBuf::from(h).join(".local/share")))
        .unwrap_or_else(|| PathBuf::from("."));
    data.join("steelgrid/saves")
}

#[cfg(test)]
mod tests {
    use super::*;
    use steelgrid_rules::record::Game;

    const MILL: &str = include_str!("../scenarios/mill_ambush.ron");

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("steelgrid-saves-{}-{name}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_save_round_trips_and_leaves_no_temporary_file() {
        let dir = scratch("round");
        let path = dir.join("slot.ron");
        let game = Game::new("mill.ron", MILL, Some(3)).unwrap();
        write(&path, &game.save()).unwrap();
        let back = read(&path).unwrap().resume().unwrap();
        assert_eq!(back.engine().checksum(), game.engine().checksum());
        let names: Vec<_> = fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, vec!["slot.ron"]);
    }

    #[test]
    fn a_failed_write_keeps_the_previous_save() {
        let dir = scratch("keep");
        let path = dir.join("slot.ron");
        let game = Game::new("mill.ron", MILL, Some(3)).unwrap();
        write(&path, &game.save()).unwrap();
        let before = fs::read_to_string(&path).unwrap();
        // The temporary name is taken by a directory, so the new save cannot be written.
        fs::create_dir(temporary_name(&path)).unwrap();
        let err = write(&path, &game.save()).unwrap_err();
        assert!(
            err.starts_with(&format!("{}: cannot write", path.display())),
            "{err}"
        );
        assert_eq!(fs::read_to_string(&path).unwrap(), before);
        assert!(read(&path).is_ok());
    }

    #[test]
    fn a_truncated_file_is_a_message_not_a_crash() {
        let dir = scratch("cut");
        let path = dir.join("slot.ron");
        let game = Game::new("mill.ron", MILL, Some(3)).unwrap();
        let text = game.save().to_ron();
        fs::write(&path, &text[..text.len() / 2]).unwrap();
        let err = read(&path).unwrap_err();
        assert!(err.starts_with(&format!("{}:", path.display())), "{err}");
        assert!(err.contains("not a readable save or replay"), "{err}");
    }
}
