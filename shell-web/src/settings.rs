//! The player's settings in the page's `localStorage`: `amulets.settings`
//! (the desktop's `settings.txt`) and `amulets.keys` (its `keys.txt`, a
//! file the player loads). A damaged settings text is set aside as
//! `amulets.settings.bad`, never deleted. The page's link can choose a
//! keymap or a palette too (`?keymap=dvorak`), and the choice is kept.

use crate::store::{Backend, Trouble};
use amulets_play::keymap::{self, Keymap};
use amulets_play::settings::{KEYS_FILE, Settings};

/// The settings' key.
pub const SETTINGS: &str = "amulets.settings";
/// The keymap file's key.
pub const KEYS: &str = "amulets.keys";

/// The settings and the keymap they name, with what is to be said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    pub settings: Settings,
    pub keymap: Keymap,
    /// One line each: a line of a file left out, a text set aside.
    pub said: Vec<String>,
}

/// The keymap a setting names: a preset, or the keymap text kept here.
fn keymap_of(backend: &mut impl Backend, choice: &str, said: &mut Vec<String>) -> Keymap {
    if let Some(map) = Keymap::preset(choice) {
        return map;
    }
    if choice != KEYS_FILE {
        said.push(format!(
            "keymap {choice:?}: no such preset; the book's keys"
        ));
        return Keymap::new();
    }
    match backend.get_key(KEYS) {
        Ok(Some(text)) => Keymap::read(&text, |p| said.push(format!("{KEYS_FILE} {p}"))),
        Ok(None) => Keymap::new(),
        Err(_) => Keymap::new(),
    }
}

/// The settings kept in the page, and the keymap they name.
pub fn load(backend: &mut impl Backend) -> Loaded {
    let mut said = Vec::new();
    let settings = match backend.get_key(SETTINGS) {
        Ok(Some(text)) => {
            let read = Settings::read(&text, |p| said.push(format!("settings {p}")));
            read.unwrap_or_else(|why| {
                let bad = format!("{SETTINGS}.bad");
                match backend.set_key(&bad, &text) {
                    Ok(()) => said.push(format!("the settings: {why}; set aside as {bad}")),
                    Err(_) => said.push(format!("the settings: {why}; not read")),
                }
                Settings::new()
            })
        }
        Ok(None) | Err(_) => Settings::new(),
    };
    let keymap = keymap_of(backend, &settings.keymap, &mut said);
    Loaded {
        settings,
        keymap,
        said,
    }
}

/// Keeps the settings.
pub fn save(backend: &mut impl Backend, settings: &Settings) -> Result<(), Trouble> {
    let mut text = String::new();
    settings.write(&mut text).expect("a String takes any text");
    backend.set_key(SETTINGS, &text)
}

impl Loaded {
    /// A preset chosen (the page's list, or its link): kept, and in force.
    pub fn choose_keymap(&mut self, backend: &mut impl Backend, name: &str) -> Result<(), String> {
        let map = Keymap::preset(name).ok_or_else(|| {
            let names: Vec<&str> = keymap::PRESETS.iter().map(|&(n, _)| n).collect();
            format!("{name:?} is no keymap: {}", names.join(", "))
        })?;
        self.settings
            .set("keymap", name)
            .map_err(|_| "no keymap".to_string())?;
        self.keymap = map;
        save(backend, &self.settings).map_err(|t| format!("{t:?}"))
    }

    /// A keymap file loaded: kept as the page's `keys.txt` and in force,
    /// its bad lines said.
    pub fn load_keymap(&mut self, backend: &mut impl Backend, text: &str) -> Vec<String> {
        let mut said = Vec::new();
        let map = Keymap::read(text, |p| said.push(format!("{KEYS_FILE} {p}")));
        if backend.set_key(KEYS, text).is_err() {
            said.push("the keys could not be kept here: storage is off or full".into());
        }
        self.settings.set("keymap", KEYS_FILE).ok();
        if save(backend, &self.settings).is_err() {
            said.push("the settings could not be kept here".into());
        }
        self.keymap = map;
        said
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::Memory;
    use amulets_core::game::State;
    use amulets_core::input::Key;
    use amulets_play::bindings::Context;

    const PLAYING: Context = Context::State(State::Playing);

    #[test]
    fn a_keymap_loaded_is_kept_for_the_next_page_load() {
        let mut memory = Memory::default();
        let mut loaded = load(&mut memory);
        assert!(loaded.keymap.is_default() && loaded.said.is_empty());
        let said = loaded.load_keymap(&mut memory, "amulets-keys 1\nw = rest\nnonsense\n");
        assert_eq!(
            said,
            ["keys.txt line 3: write a key, =, and an action (o = explore)"]
        );
        let again = load(&mut memory);
        assert_eq!(
            again.keymap.translate(PLAYING, Key::Char('w')),
            Key::Char('r')
        );
        assert_eq!(again.settings.keymap, KEYS_FILE);
        // A preset chosen instead, and kept.
        let mut again = again;
        again.choose_keymap(&mut memory, "dvorak").unwrap();
        assert_eq!(load(&mut memory).keymap, Keymap::preset("dvorak").unwrap());
        assert!(again.choose_keymap(&mut memory, "qwertz").is_err());
    }

    #[test]
    fn damaged_settings_are_set_aside_and_the_defaults_used() {
        let mut memory = Memory::default();
        memory
            .keys
            .insert(SETTINGS.into(), "palette = red-green\n".into());
        let loaded = load(&mut memory);
        assert_eq!(loaded.settings, Settings::new());
        assert!(loaded.said[0].contains("set aside"), "{:?}", loaded.said);
        assert_eq!(
            memory.keys.get("amulets.settings.bad").map(String::as_str),
            Some("palette = red-green\n")
        );
    }
}
