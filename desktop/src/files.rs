//! The desktop's honest files, one way for each: read a regular file of a
//! bounded size (anything else is refused and left alone), write a file
//! whole or not at all (a temporary file synced, then renamed or linked
//! into place, the directory synced), and set a damaged file aside under a
//! name no other file has, never deleting it. The save, the hall of fame
//! and the morgue files all go through here.

use std::fs::{self, File};
use std::io::{self, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU32, Ordering};

/// Temporary files of this process, counted so no two writes share a name.
static WRITES: AtomicU32 = AtomicU32::new(0);

/// Why a file was not read.
#[derive(Debug)]
pub enum ReadError {
    /// It is no regular file, or far too long: left where it is.
    Refused(String),
    /// Reading it failed.
    Failed(io::Error),
}

/// A file's text, read only when it is a regular file of at most `max`
/// bytes (looked at before it is opened: opening a FIFO would wait for a
/// writer); `None` when there is none. Bytes that are not UTF-8 come back
/// as an empty text, which no reader takes for a good file.
pub fn read_bounded(
    path: &Path,
    max: u64,
    open: fn(&Path) -> io::Result<Box<dyn Read>>,
) -> Result<Option<String>, ReadError> {
    let name = path.file_name().unwrap_or_default().to_string_lossy();
    let meta = match fs::metadata(path) {
        Ok(m) => m,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(ReadError::Failed(e)),
    };
    if !meta.is_file() {
        return Err(ReadError::Refused(format!("{name} is not a regular file")));
    }
    if meta.len() > max {
        return Err(ReadError::Refused(format!(
            "{name} is {} bytes, far longer than it can be",
            meta.len()
        )));
    }
    let mut bytes = Vec::new();
    open(path)
        .and_then(|f| f.take(max).read_to_end(&mut bytes))
        .map_err(ReadError::Failed)?;
    Ok(Some(String::from_utf8(bytes).unwrap_or_default()))
}

/// Opens a file to read: the file itself (tests put a failing disk in its
/// place).
pub fn open_file(path: &Path) -> io::Result<Box<dyn Read>> {
    Ok(Box::new(File::open(path)?))
}

/// The name of a temporary file for `name`, of this process and this write.
fn temporary(dir: &Path, name: &str) -> PathBuf {
    let n = WRITES.fetch_add(1, Ordering::Relaxed);
    dir.join(format!("{name}.{}-{n}.tmp", std::process::id()))
}

/// True for a temporary file this module writes for `name` (a killed
/// game's leftovers, to remove).
pub fn is_temporary(file: &str, name: &str) -> bool {
    file.starts_with(&format!("{name}.")) && file.ends_with(".tmp")
}

/// Writes `text` to a new temporary file beside `name`, synced to the disk.
pub(crate) fn write_temporary(dir: &Path, name: &str, text: &str) -> io::Result<PathBuf> {
    let temp = temporary(dir, name);
    let mut file = File::create_new(&temp)?;
    let written = file
        .write_all(text.as_bytes())
        .and_then(|()| file.sync_all());
    if let Err(e) = written {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    Ok(temp)
}

/// Syncs a directory, so a rename in it is on the disk (Unix: a directory
/// opens as a file; Windows has no such call and needs none).
pub fn sync_dir(dir: &Path) -> io::Result<()> {
    #[cfg(unix)]
    File::open(dir)?.sync_all()?;
    #[cfg(not(unix))]
    let _ = dir;
    Ok(())
}

/// Replaces `dir/name` with `text`, whole: until the rename, the old file
/// is untouched.
pub fn write_atomic(dir: &Path, name: &str, text: &str) -> io::Result<()> {
    let temp = write_temporary(dir, name, text)?;
    if let Err(e) = fs::rename(&temp, dir.join(name)) {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_dir(dir)
}

/// Writes `text` as the new file `dir/name`, whole, and never over a file
/// there: the temporary file is linked to the name (which fails when the
/// name is taken: `AlreadyExists`), then removed.
pub fn write_new(dir: &Path, name: &str, text: &str) -> io::Result<()> {
    let temp = write_temporary(dir, name, text)?;
    let linked = fs::hard_link(&temp, dir.join(name));
    let _ = fs::remove_file(&temp);
    linked?;
    sync_dir(dir)
}

/// Moves `dir/name` to `dir/bad` (an older `bad` first to the first free
/// `bad.N`): nothing is deleted. The path it went to.
pub fn set_aside(dir: &Path, name: &str, bad: &str) -> io::Result<PathBuf> {
    let to = dir.join(bad);
    if to.exists() {
        let mut n = 1;
        while dir.join(format!("{bad}.{n}")).exists() {
            n += 1;
        }
        fs::rename(&to, dir.join(format!("{bad}.{n}")))?;
    }
    fs::rename(dir.join(name), &to)?;
    let _ = sync_dir(dir);
    Ok(to)
}

/// A path as a note shows it, in at most `room` characters where it can
/// be: the home folder as `~`, then, while it is still too long, its
/// first folders left out for `…`. The last part (the file's name) is
/// always whole.
pub fn shown(path: &Path, room: usize) -> String {
    let home = std::env::var_os("HOME").map(PathBuf::from);
    let short = match home.as_deref().map(|h| path.strip_prefix(h)) {
        Some(Ok(rest)) if !rest.as_os_str().is_empty() => Path::new("~").join(rest),
        _ => path.to_path_buf(),
    };
    let whole = short.display().to_string();
    if whole.chars().count() <= room {
        return whole;
    }
    let parts: Vec<String> = short
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    // The fewest parts left out (from the first on) that fit, keeping the
    // last part whatever its length.
    let sep = std::path::MAIN_SEPARATOR;
    (1..parts.len())
        .map(|skip| {
            let mut out = String::from("…");
            for p in &parts[skip..] {
                out.push(sep);
                out.push_str(p);
            }
            out
        })
        .find(|s| s.chars().count() <= room)
        .unwrap_or_else(|| format!("…{sep}{}", parts.last().cloned().unwrap_or_default()))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("amulets-files-{name}-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    #[cfg(unix)]
    fn a_shown_path_fits_its_room_and_keeps_its_file_name_whole() {
        let path = Path::new("/srv/games/amulets/data/morgue/fighter-931399005-2026-12-05.txt");
        assert_eq!(shown(path, 200), path.display().to_string());
        let short = shown(path, 48);
        assert!(short.chars().count() <= 48, "{short}");
        assert!(
            short.ends_with("/morgue/fighter-931399005-2026-12-05.txt"),
            "{short}"
        );
        assert!(short.starts_with('…'), "{short}");
        // Too little room for the name alone: the name stays whole.
        assert_eq!(shown(path, 10), "…/fighter-931399005-2026-12-05.txt");
        if let Some(home) = std::env::var_os("HOME") {
            let under = PathBuf::from(home).join(".local/share/amulets");
            assert_eq!(shown(&under, 200), "~/.local/share/amulets");
        }
    }

    #[test]
    fn a_new_file_never_replaces_one_there() {
        let dir = scratch("new");
        write_new(&dir, "a.txt", "first").unwrap();
        let again = write_new(&dir, "a.txt", "second").unwrap_err();
        assert_eq!(again.kind(), io::ErrorKind::AlreadyExists);
        assert_eq!(fs::read_to_string(dir.join("a.txt")).unwrap(), "first");
        let left: Vec<_> = fs::read_dir(&dir).unwrap().collect();
        assert_eq!(left.len(), 1, "no temporary file stays");
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn only_a_bounded_regular_file_is_read() {
        let dir = scratch("read");
        let path = dir.join("x.txt");
        assert!(matches!(read_bounded(&path, 10, open_file), Ok(None)));
        fs::write(&path, "0123456789a").unwrap();
        assert!(matches!(
            read_bounded(&path, 10, open_file),
            Err(ReadError::Refused(why)) if why.contains("11 bytes")
        ));
        fs::write(&path, "short").unwrap();
        assert_eq!(
            read_bounded(&path, 10, open_file).unwrap().unwrap(),
            "short"
        );
        fs::create_dir(dir.join("d")).unwrap();
        assert!(matches!(
            read_bounded(&dir.join("d"), 10, open_file),
            Err(ReadError::Refused(why)) if why.contains("not a regular file")
        ));
        let _ = fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_file_set_aside_twice_keeps_both() {
        let dir = scratch("aside");
        fs::write(dir.join("s.txt"), "one").unwrap();
        set_aside(&dir, "s.txt", "s.bad").unwrap();
        fs::write(dir.join("s.txt"), "two").unwrap();
        set_aside(&dir, "s.txt", "s.bad").unwrap();
        assert_eq!(fs::read_to_string(dir.join("s.bad")).unwrap(), "two");
        assert_eq!(fs::read_to_string(dir.join("s.bad.1")).unwrap(), "one");
        assert!(!dir.join("s.txt").exists());
        let _ = fs::remove_dir_all(&dir);
    }
}
