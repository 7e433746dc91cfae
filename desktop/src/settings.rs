//! The player's settings in files beside the save: `settings.txt` (the
//! keymap's name or file, the palette, the view, the speech stream) and
//! `keys.txt` (the keymap a person edits). Both are read bounded and
//! written whole (`files`); a damaged one is set aside as `*.bad`, never
//! deleted. The command line's choices are kept in `settings.txt` for the
//! next game.

use crate::files::{self, ReadError};
use amulets_play::keymap::{Keymap, PRESETS};
use amulets_play::settings::{KEYS_FILE, Settings};
use std::path::{Path, PathBuf};

/// The settings file's name.
pub const SETTINGS_FILE: &str = "settings.txt";

/// Far longer than a settings or keymap file can be.
const MAX_BYTES: u64 = 64 * 1024;

/// The player's settings and keymap, with what is to be said about them
/// (a line left out, a file set aside).
#[derive(Debug)]
pub struct Loaded {
    /// The settings in force.
    pub settings: Settings,
    /// The keymap they name.
    pub keymap: Keymap,
    /// What went wrong, one line each, for the player.
    pub said: Vec<String>,
}

/// Where a keymap comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Source {
    Preset(Box<Keymap>),
    File(PathBuf),
}

/// What a keymap setting names: a preset, `keys.txt` in the data
/// directory, or a file.
fn source(choice: &str, dir: Option<&Path>) -> Source {
    if let Some(map) = Keymap::preset(choice) {
        return Source::Preset(Box::new(map));
    }
    match dir {
        Some(dir) if choice == KEYS_FILE => Source::File(dir.join(KEYS_FILE)),
        // No directory (a screenshot's game): no keys of the player's.
        None if choice == KEYS_FILE => Source::Preset(Box::default()),
        _ => Source::File(PathBuf::from(choice)),
    }
}

/// Checks a `--keymap` before anything is touched: a preset's name, or a
/// file that is there. The error is the command line's.
pub fn check_keymap(choice: &str) -> Result<(), String> {
    if Keymap::preset(choice).is_some() || choice == KEYS_FILE {
        return Ok(());
    }
    let path = Path::new(choice);
    if path.is_file() {
        return Ok(());
    }
    let names: Vec<&str> = PRESETS.iter().map(|&(n, _)| n).collect();
    Err(format!(
        "--keymap {choice}: no such file, and no preset ({})",
        names.join(", ")
    ))
}

/// Reads a file's text for the settings, or says why not: `None` for a
/// file not there.
fn read(path: &Path, said: &mut Vec<String>) -> Option<String> {
    let name = path.display();
    match files::read_bounded(path, MAX_BYTES, files::open_file) {
        Ok(text) => text,
        Err(ReadError::Refused(why)) => {
            said.push(format!("{name}: {why}; not read"));
            None
        }
        Err(ReadError::Failed(e)) => {
            said.push(format!("{name}: {e}; not read"));
            None
        }
    }
}

/// Sets a damaged file aside and says so.
fn set_aside(dir: &Path, name: &str, why: &str, said: &mut Vec<String>) {
    let bad = format!("{}.bad", name.trim_end_matches(".txt"));
    match files::set_aside(dir, name, &bad) {
        Ok(to) => said.push(format!("{name}: {why}; set aside as {}", to.display())),
        Err(e) => said.push(format!("{name}: {why}; could not be set aside: {e}")),
    }
}

/// The keymap a setting names, with what is to be said of it. `keys.txt`
/// in the data directory is written, changing nothing, when it is not
/// there, for the player to edit.
pub fn keymap(choice: &str, dir: Option<&Path>, said: &mut Vec<String>) -> Keymap {
    let path = match source(choice, dir) {
        Source::Preset(map) => return *map,
        Source::File(path) => path,
    };
    let Some(text) = read(&path, said) else {
        if let (Some(dir), true) = (dir, choice == KEYS_FILE && !path.exists()) {
            let mut template = String::new();
            Keymap::write_template(&mut template).expect("a String takes any text");
            if std::fs::create_dir_all(dir).is_ok() {
                // Another game may have written it first: theirs is as good.
                let _ = files::write_new(dir, KEYS_FILE, &template);
            }
        } else if !path.exists() {
            said.push(format!("{}: no such file; the book's keys", path.display()));
        }
        return Keymap::new();
    };
    let name = path
        .file_name()
        .map_or_else(|| choice.to_string(), |n| n.to_string_lossy().into_owned());
    let mut lines = Vec::new();
    let mut damaged = None;
    let map = Keymap::read(&text, |p| {
        if matches!(p, amulets_play::keymap::KeymapProblem::Version { .. }) {
            damaged = Some(p.to_string());
        } else {
            lines.push(format!("{name} {p}"));
        }
    });
    if text.is_empty() && path.metadata().is_ok_and(|m| m.len() > 0) {
        damaged = Some("it is not text (UTF-8)".into());
    }
    match (damaged, dir) {
        (Some(why), Some(dir)) if choice == KEYS_FILE => set_aside(dir, KEYS_FILE, &why, said),
        (Some(why), _) => said.push(format!("{name}: {why}")),
        (None, _) => said.extend(lines),
    }
    map
}

/// The settings in `dir` (the defaults where there are none, or no
/// directory), and the keymap they name.
pub fn load(dir: Option<&Path>) -> Loaded {
    let mut said = Vec::new();
    let settings = match dir.and_then(|d| read(&d.join(SETTINGS_FILE), &mut said).map(|t| (d, t))) {
        None => Settings::new(),
        Some((dir, text)) => {
            let read = Settings::read(&text, |p| said.push(format!("{SETTINGS_FILE} {p}")));
            read.unwrap_or_else(|why| {
                set_aside(dir, SETTINGS_FILE, &why.to_string(), &mut said);
                Settings::new()
            })
        }
    };
    let keymap = keymap(&settings.keymap, dir, &mut said);
    Loaded {
        settings,
        keymap,
        said,
    }
}

/// Keeps the settings in `dir`, whole or not at all.
pub fn save(dir: &Path, settings: &Settings) -> std::io::Result<()> {
    let mut text = String::new();
    settings.write(&mut text).expect("a String takes any text");
    std::fs::create_dir_all(dir)?;
    files::write_atomic(dir, SETTINGS_FILE, &text)
}

/// What the player chose while playing (the palette, on the title or the
/// menu; the view, in a shell that has two) kept for the next game, when
/// it differs from what the game began with; a failure is said on
/// standard error, as `program`'s.
pub fn keep_chosen(dir: Option<&Path>, began: &Settings, now: &Settings, program: &str) {
    if let Some(dir) = dir
        && began != now
        && let Err(e) = save(dir, now)
    {
        use std::io::Write;
        let _ = writeln!(
            std::io::stderr(),
            "{program}: {SETTINGS_FILE}: {e}; not kept"
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::game::State;
    use amulets_core::input::Key;
    use amulets_play::bindings::Context;
    use amulets_play::palettes::Palette;

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("amulets-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    const PLAYING: Context = Context::State(State::Playing);

    #[test]
    fn a_first_game_writes_a_keys_file_that_changes_nothing() {
        let dir = scratch("first");
        let loaded = load(Some(&dir));
        assert!(loaded.said.is_empty(), "{:?}", loaded.said);
        assert_eq!(loaded.settings, Settings::new());
        assert!(loaded.keymap.is_default());
        let text = std::fs::read_to_string(dir.join(KEYS_FILE)).unwrap();
        assert!(text.starts_with("amulets-keys 1\n"));
        assert!(text.contains("# o = explore\n"), "{text}");
        // Edited, it is the keymap in force next time.
        std::fs::write(dir.join(KEYS_FILE), text + "w = rest\nnonsense\n").unwrap();
        let loaded = load(Some(&dir));
        assert_eq!(
            loaded.keymap.translate(PLAYING, Key::Char('w')),
            Key::Char('r')
        );
        assert_eq!(loaded.said.len(), 1);
        assert!(
            loaded.said[0].starts_with("keys.txt line ") && loaded.said[0].contains("write a key"),
            "{:?}",
            loaded.said
        );
    }

    #[test]
    fn settings_are_kept_and_a_damaged_file_is_set_aside() {
        let dir = scratch("kept");
        let mut settings = Settings::new();
        settings.set("keymap", "left-hand").unwrap();
        settings.set("palette", "red-green").unwrap();
        save(&dir, &settings).unwrap();
        let loaded = load(Some(&dir));
        assert_eq!(loaded.settings.palette, Palette::RedGreen);
        assert_eq!(loaded.keymap, Keymap::preset("left-hand").unwrap());
        // A settings file that is no settings file: set aside, not lost.
        std::fs::write(dir.join(SETTINGS_FILE), "palette = red-green\n").unwrap();
        let loaded = load(Some(&dir));
        assert_eq!(loaded.settings, Settings::new());
        assert!(loaded.said[0].contains("set aside"), "{:?}", loaded.said);
        assert_eq!(
            std::fs::read_to_string(dir.join("settings.bad")).unwrap(),
            "palette = red-green\n"
        );
        // A keys file of another version, likewise.
        std::fs::write(dir.join(KEYS_FILE), "amulets-keys 9\nw = rest\n").unwrap();
        let loaded = load(Some(&dir));
        assert!(loaded.keymap.is_default());
        assert!(dir.join("keys.bad").exists());
        assert!(
            loaded.said.iter().any(|s| s.contains("keys.txt")),
            "{:?}",
            loaded.said
        );
    }

    #[test]
    fn what_was_chosen_in_a_game_is_kept_only_when_it_changed() {
        let dir = scratch("chosen");
        let began = Settings::new();
        keep_chosen(Some(&dir), &began, &began.clone(), "test");
        assert!(
            !dir.join(SETTINGS_FILE).exists(),
            "nothing chosen, nothing written"
        );
        let mut now = began.clone();
        now.palette = Palette::HighContrast;
        keep_chosen(Some(&dir), &began, &now, "test");
        assert_eq!(load(Some(&dir)).settings, now);
    }

    #[test]
    fn a_keymap_flag_names_a_preset_or_a_file_that_is_there() {
        assert!(check_keymap("dvorak").is_ok());
        assert!(check_keymap("keys.txt").is_ok());
        let e = check_keymap("/no/such/keys").unwrap_err();
        assert!(e.contains("default, dvorak, left-hand"), "{e}");
    }
}
