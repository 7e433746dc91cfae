//! The command line both desktop games accept for a run: the seed (as the
//! book reads it, or strictly), the class, where the save lives, and a
//! replay to record.

use crate::{FileStore, ReplayFile};
use amulets_core::mapgen::floor::Style;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_play::palettes::Palette;
use amulets_play::session::{Start, seed_from_text};
use amulets_play::store::Kept;
use clap::{Args, ValueEnum};
use std::path::PathBuf;

/// A class as the command line names it (the core's `Class::named`).
fn class_arg(word: &str) -> Result<Class, String> {
    Class::named(word).ok_or_else(|| format!("{word:?} is no class: fighter, rogue or wizard"))
}

/// How a run starts, from the command line.
#[derive(Args, Clone, Debug, Default, PartialEq, Eq)]
pub struct RunArgs {
    /// The run's seed, read as the book reads `AmuletsOfSDL 12345`: a
    /// whole number (a negative one counts back from 4294967296, as the
    /// book's `SDL_strtoul` does); 0, none, or text that is no number
    /// chooses one at random
    #[arg(
        value_name = "SEED",
        conflicts_with = "seed",
        allow_negative_numbers = true
    )]
    pub seed_text: Option<String>,
    /// The run's seed, strictly: a whole number from 0 to 4294967295 (0
    /// chooses one at random); anything else is refused
    #[arg(long, value_name = "N")]
    pub seed: Option<u32>,
    /// Start a new run of this class at once, past the title screen (a
    /// saved run is never replaced without asking)
    #[arg(long, value_name = "fighter|rogue|wizard", value_parser = class_arg)]
    pub class: Option<Class>,
    /// Keep the save in this directory instead of the platform's data
    /// directory
    #[arg(long, value_name = "DIR")]
    pub save_dir: Option<PathBuf>,
    /// Record the run begun in this game to this file, to play back with
    /// `amulets-tui replay FILE`
    #[arg(long, value_name = "FILE")]
    pub record: Option<PathBuf>,
    /// Whose dungeons the floors of rooms are: the book's, gh-dungeons' or
    /// rrpg's grid (the title's D changes it; the caves are the book's)
    #[arg(long, value_enum, default_value = "book")]
    pub style: StyleArg,
    /// Whose dice the runs roll: the book's (its seeds make its dungeons)
    /// or xorshift's, the dice of the runs saved before the book's (the
    /// title's D changes them too)
    #[arg(long, value_enum, default_value = "book")]
    pub dice: DiceArg,
    /// The bot plays, a demo to watch: it continues the saved run, or
    /// starts one (of --class, else a fighter), and saves as a player
    /// would; any key or click takes the run over
    #[arg(long)]
    pub bot: bool,
    /// Play today's dungeon (UTC), the same for everyone, on the book's
    /// rooms and dice: the day's first run counts in the hall of fame, and
    /// a second is practice (the title's T too)
    #[arg(long, conflicts_with_all = ["seed", "seed_text", "style", "dice"])]
    pub daily: bool,
    /// Your keys: a preset (default, dvorak, left-hand) or a keymap file;
    /// kept for the next game. Without it, the last one chosen, or
    /// keys.txt beside the save
    #[arg(long, value_name = "NAME|FILE")]
    pub keymap: Option<String>,
    /// The colours: book, red-green, blue-yellow or high-contrast; kept
    /// for the next game
    #[arg(long, value_name = "NAME", value_parser = palette_arg)]
    pub palette: Option<Palette>,
    /// Write what a screen reader should say (each new message, why a
    /// command stopped, each screen's title, what x looks at) as plain
    /// lines to this file or fifo; "off" for none. Kept for the next game
    #[arg(long, value_name = "FILE|off")]
    pub speech: Option<PathBuf>,
}

/// A palette as the command line names it (`Palette::named`).
fn palette_arg(word: &str) -> Result<Palette, String> {
    Palette::named(word).ok_or_else(|| {
        format!("{word:?} is no palette: book, red-green, blue-yellow or high-contrast")
    })
}

/// An engine of dice as the command line names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum DiceArg {
    #[default]
    Book,
    Xorshift,
}

impl DiceArg {
    pub fn dice(self) -> Dice {
        match self {
            DiceArg::Book => Dice::Book,
            DiceArg::Xorshift => Dice::Xorshift,
        }
    }
}

/// A style of dungeon as the command line names it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, ValueEnum)]
pub enum StyleArg {
    #[default]
    Book,
    Gh,
    Grid,
}

impl StyleArg {
    pub fn style(self) -> Style {
        match self {
            StyleArg::Book => Style::Book,
            StyleArg::Gh => Style::Gh,
            StyleArg::Grid => Style::Grid,
        }
    }
}

impl RunArgs {
    /// The settings and keymap laid on a session: the keymap in force, and
    /// what went wrong with them said on standard error and, the first
    /// of it, on the game's panel. The settings, for the shell's own
    /// (the palette, the view).
    pub fn apply_settings<H: amulets_play::session::Host>(
        &self,
        session: &mut amulets_play::session::Session<H>,
        program: &str,
        dir: Option<PathBuf>,
    ) -> amulets_play::settings::Settings {
        use std::io::Write;
        let loaded = self.settings(dir);
        for line in &loaded.said {
            let _ = writeln!(std::io::stderr(), "{program}: {line}");
        }
        if let Some(first) = loaded.said.first() {
            let more = loaded.said.len() - 1;
            if more == 0 {
                session.notes.say(first);
            } else {
                session.notes.say(format_args!("{first} (and {more} more)"));
            }
        }
        session.prefs.set_keymap(loaded.keymap);
        session.prefs.set_palette(loaded.settings.palette);
        session.prefs.set_automation(loaded.settings.automation);
        loaded.settings
    }

    /// The speech stream the settings name, opened; what went wrong said
    /// on standard error, and no stream then.
    pub fn speech_stream(
        settings: &amulets_play::settings::Settings,
        program: &str,
    ) -> Option<crate::speech::SpeechStream> {
        use std::io::Write;
        if settings.speech.is_empty() {
            return None;
        }
        let path = std::path::Path::new(settings.speech.as_str());
        match crate::speech::SpeechStream::open(path) {
            Ok(s) => Some(s),
            Err(e) => {
                let _ = writeln!(
                    std::io::stderr(),
                    "{program}: the speech stream {}: {e}",
                    path.display()
                );
                None
            }
        }
    }

    /// The session's start: the seed given (`None` or 0: a random one) and
    /// the class.
    pub fn start(&self) -> Start {
        Start {
            seed: self
                .seed
                .or_else(|| self.seed_text.as_deref().map(seed_from_text)),
            class: self.class,
            style: self.style.style(),
            dice: self.dice.dice(),
            daily: self.daily.then(crate::clock::today),
        }
    }

    /// The class the bot starts a run of, with `--bot`; `None` without.
    pub fn demo(&self) -> Option<Class> {
        self.bot.then(|| self.class.unwrap_or(Class::Fighter))
    }

    /// What the command line asks that cannot be done, found before
    /// anything is touched (a recording's folder that is not there would
    /// otherwise be found only when the run is over, and the run's
    /// recording lost).
    pub fn check(&self) -> Result<(), String> {
        if let Some(speech) = self.speech.as_deref().filter(|s| s.to_str() != Some("off")) {
            let dir = match speech.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => std::path::Path::new("."),
            };
            if !dir.is_dir() {
                return Err(format!(
                    "--speech {}: there is no folder {}",
                    speech.display(),
                    dir.display()
                ));
            }
            if speech.is_dir() {
                return Err(format!("--speech {}: that is a folder", speech.display()));
            }
        }
        if let Some(keymap) = &self.keymap {
            crate::settings::check_keymap(keymap)?;
            if keymap.len() > amulets_play::settings::MAX_VALUE {
                return Err(format!(
                    "--keymap: a path of at most {} bytes",
                    amulets_play::settings::MAX_VALUE
                ));
            }
        }
        if let Some(file) = &self.record {
            let dir = match file.parent() {
                Some(d) if !d.as_os_str().is_empty() => d,
                _ => std::path::Path::new("."),
            };
            if !dir.is_dir() {
                return Err(format!(
                    "--record {}: there is no folder {}",
                    file.display(),
                    dir.display()
                ));
            }
            if file.is_dir() {
                return Err(format!("--record {}: that is a folder", file.display()));
            }
            // A file of our own there and gone: the folder takes writes.
            let probe = dir.join(format!(".amulets-record-{}", std::process::id()));
            std::fs::File::create_new(&probe)
                .map_err(|e| format!("--record {}: {e}", file.display()))?;
            let _ = std::fs::remove_file(&probe);
        }
        Ok(())
    }

    /// The store: `--save-dir`, else the platform's data directory.
    pub fn store(&self) -> Kept<FileStore> {
        Kept::In(self.file_store())
    }

    /// The files of the store: `--save-dir`, else the platform's data
    /// directory.
    fn file_store(&self) -> FileStore {
        match &self.save_dir {
            Some(dir) => FileStore::in_dir(dir),
            None => FileStore::default_place(),
        }
    }

    /// The directory of the save and the settings, when there is one.
    pub fn dir(&self) -> Option<PathBuf> {
        Some(self.file_store())
            .filter(FileStore::has_place)
            .map(|s| s.dir().to_path_buf())
    }

    /// The player's settings and keymap: those kept in `dir` (beside the
    /// save: `dir()`), with this command line's choices laid over them
    /// and kept there for the next game.
    pub fn settings(&self, dir: Option<PathBuf>) -> crate::settings::Loaded {
        let mut loaded = crate::settings::load(dir.as_deref());
        let mut changed = false;
        if let Some(keymap) = &self.keymap {
            // Checked by `check`: a preset or a file, whose path fits.
            // A file is kept by its whole path, to be found from anywhere.
            let keymap = match std::path::Path::new(keymap) {
                p if keymap != amulets_play::settings::KEYS_FILE && p.is_file() => p
                    .canonicalize()
                    .map_or_else(|_| keymap.clone(), |p| p.to_string_lossy().into_owned()),
                _ => keymap.clone(),
            };
            let keymap = &keymap;
            if loaded.settings.set("keymap", keymap).is_ok() {
                loaded.keymap = crate::settings::keymap(keymap, dir.as_deref(), &mut loaded.said);
                changed = true;
            }
        }
        if let Some(palette) = self.palette {
            loaded.settings.palette = palette;
            changed = true;
        }
        if let Some(speech) = &self.speech {
            // A path is kept whole, to be found from anywhere.
            let whole = match speech.to_str() {
                Some("off") => "off".to_string(),
                _ => std::path::absolute(speech)
                    .unwrap_or_else(|_| speech.clone())
                    .to_string_lossy()
                    .into_owned(),
            };
            if loaded.settings.set("speech", &whole).is_ok() {
                changed = true;
            } else {
                loaded.said.push(format!(
                    "--speech: a path of at most {} bytes",
                    amulets_play::settings::MAX_VALUE
                ));
            }
        }
        if let (true, Some(dir)) = (changed, &dir)
            && let Err(e) = crate::settings::save(dir, &loaded.settings)
        {
            loaded.said.push(format!("settings.txt: {e}; not kept"));
        }
        loaded
    }

    /// The replay file, when `--record` asks for one.
    pub fn replay_file(&self) -> Option<ReplayFile> {
        self.record.as_deref().map(ReplayFile::new)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser, Debug)]
    struct Cli {
        #[command(flatten)]
        run: RunArgs,
    }

    fn parse(args: &[&str]) -> Result<RunArgs, clap::Error> {
        Cli::try_parse_from(std::iter::once("amulets").chain(args.iter().copied())).map(|c| c.run)
    }

    #[test]
    fn the_seed_is_read_as_the_book_reads_it_or_strictly() {
        assert_eq!(parse(&["12345"]).unwrap().start().seed, Some(12345));
        assert_eq!(parse(&["hello"]).unwrap().start().seed, Some(0), "random");
        assert_eq!(parse(&[]).unwrap().start().seed, None);
        assert_eq!(parse(&["--seed", "42"]).unwrap().start().seed, Some(42));
        for bad in [
            ["--seed", "hello"],
            ["--seed", "-1"],
            ["--seed", "4294967296"],
        ] {
            let e = parse(&bad).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{bad:?}");
        }
        assert_eq!(parse(&["7", "--seed", "8"]).unwrap_err().exit_code(), 2);
        let with_class = parse(&["--class", "rogue"]).unwrap().start();
        assert_eq!(with_class.class, Some(Class::Rogue));
        assert_eq!(parse(&["--class", "bard"]).unwrap_err().exit_code(), 2);
        assert_eq!(parse(&["--style", "gh"]).unwrap().start().style, Style::Gh);
        assert_eq!(parse(&[]).unwrap().start().style, Style::Book);
        assert_eq!(parse(&["--style", "maze"]).unwrap_err().exit_code(), 2);
        assert_eq!(parse(&[]).unwrap().start().dice, Dice::Book);
        let xorshift = parse(&["--dice", "xorshift"]).unwrap().start();
        assert_eq!(xorshift.dice, Dice::Xorshift);
        assert_eq!(parse(&["--dice", "d6"]).unwrap_err().exit_code(), 2);
        assert_eq!(parse(&[]).unwrap().demo(), None);
        assert_eq!(parse(&["--bot"]).unwrap().demo(), Some(Class::Fighter));
        let wizard = parse(&["--bot", "--class", "wizard"]).unwrap();
        assert_eq!(wizard.demo(), Some(Class::Wizard));
    }

    #[test]
    fn a_recording_into_a_missing_folder_is_refused_before_anything() {
        let missing = std::env::temp_dir().join(format!("amulets-no-such-{}", std::process::id()));
        let file = missing.join("run.txt");
        let args = parse(&["--record", file.to_str().unwrap()]).unwrap();
        let why = args.check().unwrap_err();
        assert!(why.contains("there is no folder"), "{why}");
        let here = std::env::temp_dir().join(format!("amulets-rec-{}.txt", std::process::id()));
        let args = parse(&["--record", here.to_str().unwrap()]).unwrap();
        assert_eq!(args.check(), Ok(()));
        assert!(!here.exists(), "nothing left behind");
        // docs/sessions.md's promise: `amulets -1` is the largest seed, as the
        // book's SDL_strtoul reads it.
        assert_eq!(parse(&["-1"]).unwrap().start().seed, Some(u32::MAX));
        assert_eq!(parse(&["-2"]).unwrap().start().seed, Some(u32::MAX - 1));
        assert_eq!(parse(&["-x"]).unwrap_err().exit_code(), 2, "still no flag");
    }
}
