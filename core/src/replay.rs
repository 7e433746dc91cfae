//! Replays: a run is its seed, its class and what was asked of it, one
//! input a line. Played back, it must end in the same state, which a hash
//! of the save's text pins. A replay proves determinism on any machine: the
//! recorded runs in `tests/replays/` are played on every target.
//!
//! The text: `amulets-replay 1`, `seed N`, `class a|b|c`, `style gh|grid`
//! for a run on floors of another style than the book's, `dice book` or
//! `dice xorshift`, then one input a line (`step` for a command's step,
//! else the action: `move ne`, `wait`, `travel 10 5`, `letter a`,
//! `confirm y`...), then `hash <16 hex digits>`.
//!
//! The two optional lines default the opposite ways: no `style` line is
//! the book's rooms, as every replay has always meant, but no `dice` line
//! is xorshift's dice, which every replay recorded before the book's dice
//! came was played on. A replay written now always has its `dice` line.
//!
//! Version 2 adds points: after the first input that brings the turn to a
//! multiple of `POINT_EVERY`, a line `point TURN FLOOR X Y HP DRAWS HASH`
//! (the dice's draws so far, the state hash). Played back, the first point
//! the run does not reach as recorded names where the playback split from
//! the recording. A version-1 replay has no points and checks its end.
//!
//! Version 3 names the rule set its run was played under: a `rules NAME`
//! line in place of the `dice` line (the set names its dice), and the
//! playback plays it under that set, or refuses it by name when this game
//! does not have it. Its hashes are [`rules_hash`]es, which leave out the
//! log's words: a message's words can change, and a replay still plays.
//!
//! Version 4 adds `auto` inputs: `auto pickup=gold,potions
//! stops=items,traps rest=100`, what the commands do on their own from
//! there on (`Automation`), given by the session as the player's settings
//! change. A run that never changed it is written as version 3.
//!
//! A replay of version 1 or 2 names no set: it is played under 0.1.0's set
//! for its dice ([`Rules::of_0_1_0`]), the rules of the last release that
//! wrote them. Its hashes are [`state_hash`]es, the log's words in them,
//! as 0.1.0 wrote them: where a point's hash alone differs (the turn, the
//! floor, the cell, HP and the dice's draws all as recorded), the
//! playback goes on, the point checked by those alone, and counts it
//! ([`Playback::unhashed`]); so does the end's hash of a replay whose
//! points all held (not one of version 1, which has no points). A replay
//! made before 0.1.0, under rules that no release kept, splits, and the
//! error says so.

use crate::game::Game;
use crate::game::auto::Automation;
use crate::geom::{Dir, Point};
use crate::hash::Fnv1a;
use crate::input::{Action, DebugKey};
use crate::player::Class;
use crate::rng::Dice;
use crate::rules::{Rules, RulesName};
use core::fmt::Write;

/// The replay format's version. Versions 1 (no points), 2 (no rule set
/// named) and 3 (no `auto` inputs) still play.
pub const REPLAY_VERSION: u32 = 4;

/// A replay records a point of its run every this many turns. Points add
/// about a tenth to a bot's whole run recorded (docs/sessions.md,
/// "Replays"; the tests hold it under a quarter).
pub const POINT_EVERY: u32 = 50;

/// A point of a run: where and how the run stood after an input, as a
/// replay records it and its playback compares.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Mark {
    /// The turn.
    pub turn: u32,
    /// The floor.
    pub depth: i32,
    /// Where the player stands.
    pub at: Point,
    /// The player's health.
    pub hp: i32,
    /// The dice's draws so far.
    pub draws: u64,
    /// `state_hash` of the game.
    pub hash: u64,
}

impl Mark {
    /// Where `game` stands now, its hash a [`rules_hash`] (`words` false,
    /// as version 3 records) or a [`state_hash`].
    pub fn of(game: &Game, words: bool) -> Mark {
        Mark {
            turn: game.turn(),
            depth: game.depth(),
            at: game.player().pos,
            hp: game.player().hp,
            draws: game.rng().draws(),
            hash: if words {
                state_hash(game)
            } else {
                rules_hash(game)
            },
        }
    }

    /// Whether it is `other` in all but the hash.
    fn fields_match(&self, other: &Mark) -> bool {
        (self.turn, self.depth, self.at, self.hp, self.draws)
            == (other.turn, other.depth, other.at, other.hp, other.draws)
    }

    /// Its line, without the newline.
    fn write(&self, out: &mut impl Write) -> core::fmt::Result {
        write!(
            out,
            "point {} {} {} {} {} {} {:016x}",
            self.turn, self.depth, self.at.x, self.at.y, self.hp, self.draws, self.hash
        )
    }

    /// Reads what follows `point ` on its line.
    fn read(rest: &str) -> Option<Mark> {
        let mut words = rest.split(' ');
        let mut next = || words.next();
        let mark = Mark {
            turn: next()?.parse().ok()?,
            depth: next()?.parse().ok()?,
            at: Point::new(next()?.parse().ok()?, next()?.parse().ok()?),
            hp: next()?.parse().ok()?,
            draws: next()?.parse().ok()?,
            hash: u64::from_str_radix(next()?, 16).ok()?,
        };
        next().is_none().then_some(mark)
    }
}

/// What a shell asked of the game: an action, or a running command's step.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Input {
    /// An action taken.
    Act(Action),
    /// A running command's step.
    Step,
    /// What the commands do on their own, from now on (version 4): the
    /// player's settings, as the session gives them to the run.
    Automate(Automation),
}

impl Input {
    /// Does it to the game.
    pub fn apply(self, game: &mut Game) {
        match self {
            Input::Act(a) => {
                game.act(a);
            }
            Input::Step => game.step_command(),
            Input::Automate(a) => game.automate(a),
        }
    }
}

/// The first word of an action's line: what the action is.
fn action_word(a: Action) -> &'static str {
    match a {
        Action::Move(_) => "move",
        Action::Cursor(_) => "cursor",
        Action::CursorTo(_) => "cursor-to",
        Action::TravelTo(_) => "travel",
        Action::Letter(_) => "letter",
        Action::Confirm(_) => "confirm",
        Action::ChooseClass(_) => "class",
        Action::Debug(_) => "debug",
        other => other.name().unwrap_or(""),
    }
}

/// Writes an input as its line (without the newline).
pub fn write_input(out: &mut impl Write, input: Input) -> core::fmt::Result {
    let a = match input {
        Input::Act(a) => a,
        Input::Step => return out.write_str("step"),
        Input::Automate(auto) => {
            out.write_str("auto ")?;
            return auto.write(out);
        }
    };
    out.write_str(action_word(a))?;
    match a {
        Action::Move(d) | Action::Cursor(d) => write!(out, " {}", d.letters()),
        Action::CursorTo(p) | Action::TravelTo(p) => write!(out, " {} {}", p.x, p.y),
        Action::Letter(c) => write!(out, " {c}"),
        Action::Confirm(y) => write!(out, " {}", if y { 'y' } else { 'n' }),
        Action::ChooseClass(c) => write!(out, " {}", c.letter()),
        Action::Debug(d) => write!(out, " {}", d.number()),
        _ => Ok(()),
    }
}

/// Reads an input's line; `None` for a line that is no input.
pub fn read_input(line: &str) -> Option<Input> {
    let mut words = line.split(' ');
    let first = words.next()?;
    let mut num = || -> Option<i32> { words.next()?.parse().ok() };
    let input = match first {
        "step" => Input::Step,
        "auto" => Input::Automate(Automation::read(line.strip_prefix("auto ")?)?),
        "move" | "cursor" => {
            let d = Dir::lettered(line.split(' ').nth(1)?)?;
            Input::Act(if first == "move" {
                Action::Move(d)
            } else {
                Action::Cursor(d)
            })
        }
        "cursor-to" | "travel" => {
            let p = Point::new(num()?, num()?);
            Input::Act(if first == "travel" {
                Action::TravelTo(p)
            } else {
                Action::CursorTo(p)
            })
        }
        "letter" => {
            let c = line.split(' ').nth(1)?;
            let mut chars = c.chars();
            let letter = chars.next()?;
            if chars.next().is_some() {
                return None;
            }
            Input::Act(Action::Letter(letter))
        }
        "confirm" => match line.split(' ').nth(1)? {
            "y" => Input::Act(Action::Confirm(true)),
            "n" => Input::Act(Action::Confirm(false)),
            _ => return None,
        },
        "class" => Input::Act(Action::ChooseClass(Class::lettered(
            line.split(' ').nth(1)?,
        )?)),
        "debug" => Input::Act(Action::Debug(DebugKey::numbered(
            u8::try_from(num()?).ok()?,
        )?)),
        // The answers and the aids are written with what they carry
        // (above), never by their keymap's words.
        name => match Action::named(name)? {
            Action::Confirm(_) | Action::Debug(_) => return None,
            action => Input::Act(action),
        },
    };
    Some(input)
}

/// A writer that hashes what is written: the save's text, hashed as it is
/// written, with no buffer.
struct Hashing(Fnv1a);

impl Write for Hashing {
    fn write_str(&mut self, s: &str) -> core::fmt::Result {
        self.0.bytes(s.as_bytes());
        Ok(())
    }
}

/// The state hash: FNV-1a over the save's text, but for the run's record
/// (the kills by kind, the day's mark), which is no rule's input. Two runs
/// with one hash are one run, to the log's words. A replay of version 1 or
/// 2 records these.
pub fn state_hash(game: &Game) -> u64 {
    let mut h = Hashing(Fnv1a::new());
    game.write_hashed(&mut h, true)
        .expect("writing to a hasher cannot fail");
    h.0.finish()
}

/// The hash a replay of version 3 records: the state hash with the log's
/// words left out (each line's read mark is in), so that what the rules
/// decide is pinned and what the messages say is not.
pub fn rules_hash(game: &Game) -> u64 {
    let mut h = Hashing(Fnv1a::new());
    game.write_hashed(&mut h, false)
        .expect("writing to a hasher cannot fail");
    h.0.finish()
}

/// Why a replay could not be played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplayError {
    /// The first line is not `amulets-replay <version>`.
    NotAReplay,
    /// A replay of another version.
    WrongVersion {
        /// The version the replay says.
        found: u32,
    },
    /// A line (from 1) that is no input.
    BadLine(usize),
    /// A line the replay must have is missing.
    Missing(&'static str),
    /// It names a rule set this game does not have.
    UnknownRules(RulesName),
    /// Played back, the run did not reach a point as recorded.
    Split {
        /// The turn of the point before (0: the run's start).
        after: u32,
        /// The point as the replay records it.
        recorded: Mark,
        /// Where the run played back stood instead.
        found: Mark,
        /// The last action played before the point.
        last: Option<Action>,
        /// The rule set it was played under, and whether the replay named
        /// it.
        under: (Rules, bool),
    },
    /// Played back, it ended somewhere else.
    Diverged {
        /// The hash the replay says its end has.
        expected: u64,
        /// The hash the run played back ended with.
        found: u64,
        /// As `Split`'s.
        under: (Rules, bool),
    },
}

impl core::fmt::Display for ReplayError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            ReplayError::NotAReplay => f.write_str("it is no replay"),
            ReplayError::WrongVersion { found } => write!(
                f,
                "it is a replay of version {found}, and this game reads version {REPLAY_VERSION}"
            ),
            ReplayError::BadLine(n) => write!(f, "line {n} is no input"),
            ReplayError::Missing(what) => write!(f, "its {what} line is missing"),
            ReplayError::UnknownRules(name) => crate::rules::say_lacking(f, "played", name),
            ReplayError::Split {
                after,
                recorded,
                found,
                last,
                under,
            } => {
                split(f, *after, recorded, found, *last)?;
                played_under(f, *under)
            }
            ReplayError::Diverged {
                expected,
                found,
                under,
            } => {
                write!(
                    f,
                    "played back, it ends at state hash {found:016x}, not the {expected:016x} it recorded"
                )?;
                played_under(f, *under)
            }
        }
    }
}

/// After a split: the rules it was played under, and for a replay that
/// named none, what that means.
fn played_under(
    f: &mut core::fmt::Formatter<'_>,
    (rules, named): (Rules, bool),
) -> core::fmt::Result {
    if named {
        return write!(
            f,
            ". It was played under the rules it names, {}.",
            rules.name()
        );
    }
    write!(
        f,
        ". The replay names no rules, so it was played under 0.1.0's for its dice, {}. \
         Made before 0.1.0, it needs the rules of the game that recorded it, which this \
         game does not have: play it with that version.",
        rules.name()
    )
}

impl core::error::Error for ReplayError {}

/// Says where a playback split from its recording: "Differs by turn 450
/// (after turn 400): the player is at (12, 7), the replay says (13, 7);
/// the last action was travel".
fn split(
    f: &mut core::fmt::Formatter<'_>,
    after: u32,
    recorded: &Mark,
    found: &Mark,
    last: Option<Action>,
) -> core::fmt::Result {
    write!(
        f,
        "Differs by turn {} (after turn {after}): ",
        recorded.turn
    )?;
    differences(f, recorded, found)?;
    match last {
        Some(a) => write!(f, "; the last action was {}", action_word(a)),
        None => f.write_str("; no action was played before it"),
    }
}

/// What differs between a point `found` in playback and the one
/// `recorded`, each difference said in turn with "; " between; the hash
/// alone when nothing else differs.
fn differences(
    f: &mut core::fmt::Formatter<'_>,
    recorded: &Mark,
    found: &Mark,
) -> core::fmt::Result {
    let fields = |m: &Mark| (m.turn, m.depth, m.at, m.hp, m.draws);
    let only_the_hash = fields(found) == fields(recorded);
    let mut said = false;
    let mut say = |f: &mut core::fmt::Formatter<'_>, args: core::fmt::Arguments<'_>| {
        let gap = if said { "; " } else { "" };
        said = true;
        write!(f, "{gap}{args}")
    };
    if found.turn != recorded.turn {
        say(
            f,
            format_args!(
                "the turn is {}, the replay says {}",
                found.turn, recorded.turn
            ),
        )?;
    }
    if found.depth != recorded.depth {
        say(
            f,
            format_args!(
                "the floor is {}, the replay says {}",
                found.depth, recorded.depth
            ),
        )?;
    }
    if found.at != recorded.at {
        say(
            f,
            format_args!(
                "the player is at ({}, {}), the replay says ({}, {})",
                found.at.x, found.at.y, recorded.at.x, recorded.at.y
            ),
        )?;
    }
    if found.hp != recorded.hp {
        say(
            f,
            format_args!("HP is {}, the replay says {}", found.hp, recorded.hp),
        )?;
    }
    if found.draws != recorded.draws {
        say(
            f,
            format_args!(
                "the dice have drawn {} numbers, the replay says {}",
                found.draws, recorded.draws
            ),
        )?;
    }
    if only_the_hash {
        say(
            f,
            format_args!(
                "the state differs (hash {:016x}, the replay says {:016x})",
                found.hash, recorded.hash
            ),
        )?;
    }
    Ok(())
}

/// Where a playback stands in a replay's text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// Wants the `amulets-replay` line.
    Version,
    /// Wants the `seed` line.
    Seed,
    /// Wants the `class` line.
    Class { seed: u32 },
    /// May take a `style` line, then a `dice` line (versions 1 and 2) or
    /// must take a `rules` line (version 3), before the inputs.
    Options {
        seed: u32,
        class: Class,
        style: Option<crate::mapgen::floor::Style>,
        rules: Option<(Rules, bool)>,
    },
    /// Plays inputs and checks points.
    Inputs,
    /// Reached its `hash` line, and the run ended there.
    Ended,
}

/// A replay played one line at a time, for a machine that cannot hold a
/// whole run's text (the Cortex-M3 reads it from the host in pieces): the
/// same checks as `play`, with the same errors, in the same order.
pub struct Playback {
    stage: Stage,
    /// The replay's version.
    version: u32,
    /// The rule set it is played under, and whether it named it.
    under: (Rules, bool),
    /// Points (and the end) of a version 1 or 2 replay whose hash alone
    /// differed.
    unhashed: u32,
    /// Lines taken so far; the next is line `lines + 1`.
    lines: usize,
    /// The run, once the header has been read (before it, a title).
    game: Game,
    /// The turn of the last point reached (0: none yet).
    after: u32,
    /// The last action played.
    last: Option<Action>,
    /// Points reached as recorded.
    points: u32,
    /// The start of a line fed in bytes, its newline not yet come.
    pending: heapless::Vec<u8, MAX_LINE>,
}

/// The longest line a playback fed in bytes takes. The longest a replay
/// writes is a point's: `point`, a turn (at most 10 digits), a floor and
/// two coordinates (11 each, signed), HP (11), the draws (20) and the hash
/// (16), with 7 spaces: 5 + 90 + 7 = 102 bytes.
pub const MAX_LINE: usize = 128;

impl Default for Playback {
    fn default() -> Self {
        Playback::new()
    }
}

impl Playback {
    /// A playback that has read nothing yet. Out of line, so the title's
    /// game it is made with is built in its own frame, not beside the
    /// caller's playback: a small board has no room for two.
    #[inline(never)]
    pub fn new() -> Playback {
        Playback {
            stage: Stage::Version,
            version: REPLAY_VERSION,
            under: (Rules::newest(Dice::Book), true),
            unhashed: 0,
            lines: 0,
            game: Game::new(0),
            after: 0,
            last: None,
            points: 0,
            pending: heapless::Vec::new(),
        }
    }

    /// Takes the next bytes of a replay's text, in pieces of any size:
    /// each line is taken as `line` takes it when its newline comes. A line
    /// longer than `MAX_LINE`, or not UTF-8, is a bad line. `Ok(true)` once
    /// the run has ended at its hash.
    pub fn feed(&mut self, bytes: &[u8]) -> Result<bool, ReplayError> {
        for &b in bytes {
            if b == b'\n' {
                if self.take_pending()? {
                    return Ok(true);
                }
            } else if self.pending.push(b).is_err() {
                return Err(ReplayError::BadLine(self.lines + 1));
            }
        }
        Ok(matches!(self.stage, Stage::Ended))
    }

    /// After the last bytes fed: the line they end without a newline, if
    /// any, then `finish`.
    pub fn end(&mut self) -> Result<(), ReplayError> {
        if !self.pending.is_empty() && self.take_pending()? {
            return Ok(());
        }
        self.finish()
    }

    /// The pending bytes, as a line.
    fn take_pending(&mut self) -> Result<bool, ReplayError> {
        let mut copy = [0u8; MAX_LINE];
        let len = self.pending.len();
        copy[..len].copy_from_slice(&self.pending);
        self.pending.clear();
        let line =
            core::str::from_utf8(&copy[..len]).map_err(|_| ReplayError::BadLine(self.lines + 1))?;
        self.line(line)
    }

    /// Takes the replay's next line (its newline, or `\r\n`, left off or
    /// not). `Ok(true)` once the `hash` line has been reached and the run
    /// ends there: the lines after it are not read. `Ok(false)` wants the
    /// next line.
    pub fn line(&mut self, line: &str) -> Result<bool, ReplayError> {
        if matches!(self.stage, Stage::Ended) {
            return Ok(true);
        }
        self.lines += 1;
        let n = self.lines;
        let line = line.trim_end();
        match self.stage {
            Stage::Version => {
                let version: u32 = line
                    .strip_prefix("amulets-replay ")
                    .and_then(|v| v.parse().ok())
                    .ok_or(ReplayError::NotAReplay)?;
                if !(1..=REPLAY_VERSION).contains(&version) {
                    return Err(ReplayError::WrongVersion { found: version });
                }
                self.version = version;
                self.stage = Stage::Seed;
            }
            Stage::Seed => {
                let seed = line
                    .strip_prefix("seed ")
                    .and_then(|s| s.parse().ok())
                    .ok_or(ReplayError::Missing("seed"))?;
                self.stage = Stage::Class { seed };
            }
            Stage::Class { seed } => {
                let class = line
                    .strip_prefix("class ")
                    .and_then(Class::lettered)
                    .ok_or(ReplayError::Missing("class"))?;
                self.stage = Stage::Options {
                    seed,
                    class,
                    style: None,
                    rules: None,
                };
            }
            Stage::Options {
                seed,
                class,
                style,
                rules,
            } => return self.option(n, line, (seed, class, style, rules)),
            Stage::Inputs => return self.input(n, line),
            Stage::Ended => {}
        }
        Ok(false)
    }

    /// A line after the header's `class`: a `style` line (only before the
    /// `dice` or `rules` line), a `dice` line (versions 1 and 2) or a
    /// `rules` line (version 3), each once, or the first input, which
    /// begins the run the header names.
    fn option(
        &mut self,
        n: usize,
        line: &str,
        (seed, class, style, rules): (
            u32,
            Class,
            Option<crate::mapgen::floor::Style>,
            Option<(Rules, bool)>,
        ),
    ) -> Result<bool, ReplayError> {
        let names_rules = self.version >= 3;
        if style.is_none()
            && rules.is_none()
            && let Some(name) = line.strip_prefix("style ")
        {
            let style = crate::mapgen::floor::Style::named(name).ok_or(ReplayError::BadLine(n))?;
            self.stage = Stage::Options {
                seed,
                class,
                style: Some(style),
                rules,
            };
            return Ok(false);
        }
        if rules.is_none() {
            let named = if names_rules {
                line.strip_prefix("rules ").map(|name| {
                    Rules::named(name)
                        .map(|r| (r, true))
                        .ok_or(ReplayError::UnknownRules(RulesName::of(name)))
                })
            } else {
                line.strip_prefix("dice ").map(|name| {
                    Dice::named(name)
                        .map(|d| (Rules::of_0_1_0(d), false))
                        .ok_or(ReplayError::BadLine(n))
                })
            };
            if let Some(named) = named {
                self.stage = Stage::Options {
                    seed,
                    class,
                    style,
                    rules: Some(named?),
                };
                return Ok(false);
            }
        }
        // No `dice` line: a replay from before the book's dice came.
        let under = match rules {
            Some(r) => r,
            None if names_rules => return Err(ReplayError::Missing("rules")),
            None => (Rules::of_0_1_0(Dice::Xorshift), false),
        };
        self.begin(seed, class, style, under);
        self.input(n, line)
    }

    /// The run, at the start its header names (made in place: a whole
    /// game is most of a small board's memory).
    fn begin(
        &mut self,
        seed: u32,
        class: Class,
        style: Option<crate::mapgen::floor::Style>,
        under: (Rules, bool),
    ) {
        let style = style.unwrap_or(crate::mapgen::floor::Style::Book);
        self.under = under;
        self.at_title(seed, style, under.0);
        self.game.start_as(class);
        self.stage = Stage::Inputs;
    }

    /// The run's game at its title, in place of the one before. Out of
    /// line, so the new game's frame is gone before its first floor is
    /// made: a small board has no room for both.
    #[inline(never)]
    fn at_title(&mut self, seed: u32, style: crate::mapgen::floor::Style, rules: Rules) {
        self.game = Game::at_title_under(seed, style, rules);
    }

    /// Whether its hashes have the log's words in them (versions 1 and 2).
    fn hashes_words(&self) -> bool {
        self.version < 3
    }

    /// Line `n` of the inputs: a point, the end's hash, or an input.
    fn input(&mut self, n: usize, line: &str) -> Result<bool, ReplayError> {
        if let Some(rest) = line.strip_prefix("point ") {
            let recorded = Mark::read(rest).ok_or(ReplayError::BadLine(n))?;
            let found = Mark::of(&self.game, self.hashes_words());
            if found != recorded {
                if self.hashes_words() && found.fields_match(&recorded) {
                    self.unhashed += 1;
                } else {
                    return Err(ReplayError::Split {
                        after: self.after,
                        recorded,
                        found,
                        last: self.last,
                        under: self.under,
                    });
                }
            }
            self.after = recorded.turn;
            self.points += 1;
            return Ok(false);
        }
        if let Some(hex) = line.strip_prefix("hash ") {
            let expected = u64::from_str_radix(hex, 16).map_err(|_| ReplayError::BadLine(n))?;
            let found = if self.hashes_words() {
                state_hash(&self.game)
            } else {
                rules_hash(&self.game)
            };
            if found != expected {
                // A version-2 end whose points all held: its last turns,
                // fewer than `POINT_EVERY`, are checked by the same rule.
                if self.hashes_words() && self.points > 0 {
                    self.unhashed += 1;
                } else {
                    return Err(ReplayError::Diverged {
                        expected,
                        found,
                        under: self.under,
                    });
                }
            }
            self.stage = Stage::Ended;
            return Ok(true);
        }
        let input = read_input(line).ok_or(ReplayError::BadLine(n))?;
        if let Input::Act(a) = input {
            self.last = Some(a);
        }
        input.apply(&mut self.game);
        Ok(false)
    }

    /// After the text's last line: `Ok` when the run ended at its hash,
    /// else what the text lacks.
    pub fn finish(&mut self) -> Result<(), ReplayError> {
        match self.stage {
            Stage::Ended => Ok(()),
            Stage::Version => Err(ReplayError::NotAReplay),
            Stage::Seed => Err(ReplayError::Missing("seed")),
            Stage::Class { .. } => Err(ReplayError::Missing("class")),
            Stage::Options { .. } | Stage::Inputs => Err(ReplayError::Missing("hash")),
        }
    }

    /// The run as played so far.
    pub fn game(&self) -> &Game {
        &self.game
    }

    /// The run, taken out.
    pub fn into_game(self) -> Game {
        self.game
    }

    /// How many of the replay's points the playback reached as recorded.
    pub fn points(&self) -> u32 {
        self.points
    }

    /// How many of a version 1 or 2 replay's points, and its end, were
    /// reached with their hash alone not as recorded: checked by the turn,
    /// the floor, the cell, HP and the dice's draws, the log's words being
    /// this game's and not 0.1.0's. 0 while the words are 0.1.0's.
    pub fn unhashed(&self) -> u32 {
        self.unhashed
    }

    /// The rule set it is played under, and whether the replay named it.
    pub fn under(&self) -> (Rules, bool) {
        self.under
    }

    /// How many lines it has taken.
    pub fn lines(&self) -> usize {
        self.lines
    }
}

/// Plays a replay's text through: the game it ends with, checked against
/// the hash it records.
pub fn play(text: &str) -> Result<Game, ReplayError> {
    play_through(text).map(Playback::into_game)
}

/// Plays a replay's text through: the playback at its recorded end, which
/// says how it was checked ([`Played`]).
pub fn play_through(text: &str) -> Result<Playback, ReplayError> {
    let mut playback = Playback::new();
    for line in text.lines() {
        if playback.line(line)? {
            return Ok(playback);
        }
    }
    playback.finish()?;
    Ok(playback)
}

/// A playback that reached its recorded end, in words: "the run ends on
/// floor 3, turn 1034, as recorded, under the rules book-2".
pub struct Played<'a>(pub &'a Playback);

impl core::fmt::Display for Played<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let (p, game) = (self.0, self.0.game());
        let (rules, named) = p.under();
        write!(
            f,
            "the run ends on floor {}, turn {}, as recorded, under the rules {}",
            game.depth(),
            game.turn(),
            rules.name()
        )?;
        if !named {
            f.write_str(" (0.1.0's for its dice: the replay names none)")?;
        }
        match p.unhashed() {
            0 => Ok(()),
            n => write!(
                f,
                "; {n} of its hashes hold the log's words of the version that recorded it, \
                 which this one words otherwise: those points were checked by the turn, the \
                 floor, the cell, HP and the dice's draws"
            ),
        }
    }
}

/// Writes a replay's text: the header, the inputs with a point every
/// `POINT_EVERY` turns, and the hash of the game they end with. The
/// points are found by playing the inputs again from the run's start.
pub fn write(
    out: &mut impl Write,
    seed: u32,
    class: Class,
    inputs: &[Input],
    end: &Game,
) -> core::fmt::Result {
    // A run that never changed its automation is written as version 3,
    // which 0.1.x's successors before version 4 read too.
    let automated = inputs.iter().any(|i| matches!(i, Input::Automate(_)));
    let version = if automated { REPLAY_VERSION } else { 3 };
    writeln!(out, "amulets-replay {version}")?;
    writeln!(out, "seed {seed}")?;
    writeln!(out, "class {}", class.letter())?;
    if end.style() != crate::mapgen::floor::Style::Book {
        writeln!(out, "style {}", end.style().name())?;
    }
    writeln!(out, "rules {}", end.rules().name())?;
    let mut game = Game::new_run_under(seed, class, end.style(), end.rules());
    let mut pointed = 0;
    for &i in inputs {
        write_input(out, i)?;
        writeln!(out)?;
        i.apply(&mut game);
        if game.turn() / POINT_EVERY > pointed / POINT_EVERY {
            pointed = game.turn();
            Mark::of(&game, false).write(out)?;
            writeln!(out)?;
        }
    }
    writeln!(out, "hash {:016x}", rules_hash(end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inputs_are_written_as_the_format_says() {
        // The module's words; most are lines of `tests/replays/` too,
        // recorded before the names moved into one table.
        for (input, text) in [
            (Input::Step, "step"),
            (Input::Act(Action::Wait), "wait"),
            (Input::Act(Action::SaveAndQuit), "save-and-quit"),
            (Input::Act(Action::Move(Dir::NE)), "move ne"),
            (Input::Act(Action::Cursor(Dir::W)), "cursor w"),
            (
                Input::Act(Action::TravelTo(Point::new(10, 5))),
                "travel 10 5",
            ),
            (Input::Act(Action::Letter('a')), "letter a"),
            (Input::Act(Action::Confirm(true)), "confirm y"),
            (Input::Act(Action::ChooseClass(Class::Wizard)), "class c"),
            (Input::Act(Action::Debug(DebugKey::CaveSteps)), "debug 6"),
        ] {
            let mut out: heapless::String<32> = heapless::String::new();
            write_input(&mut out, input).unwrap();
            assert_eq!(out, text);
        }
    }

    #[test]
    fn every_input_reads_back_as_itself() {
        let mut all: heapless::Vec<Input, 64> = heapless::Vec::new();
        for (a, _) in crate::input::NAMES {
            all.push(Input::Act(a)).unwrap();
        }
        for d in Dir::ALL {
            all.push(Input::Act(Action::Move(d))).unwrap();
        }
        for extra in [
            Input::Step,
            Input::Act(Action::Cursor(Dir::SW)),
            Input::Act(Action::CursorTo(Point::new(3, 4))),
            Input::Act(Action::TravelTo(Point::new(60, 30))),
            Input::Act(Action::Letter('q')),
            Input::Act(Action::Confirm(true)),
            Input::Act(Action::Confirm(false)),
            Input::Act(Action::ChooseClass(Class::Rogue)),
            Input::Act(Action::Debug(DebugKey::CaveSteps)),
        ] {
            all.push(extra).unwrap();
        }
        for input in all {
            let mut text: heapless::String<32> = heapless::String::new();
            write_input(&mut text, input).unwrap();
            assert_eq!(read_input(&text), Some(input), "{text}");
        }
        assert_eq!(read_input("dance"), None);
        assert_eq!(read_input("yes"), None, "a keymap's word, not a replay's");
        assert_eq!(
            read_input("reveal"),
            None,
            "a keymap's word, not a replay's"
        );
        assert_eq!(read_input("debug 5"), None, "F5 is no aid");
        assert_eq!(read_input("move up"), None);
    }
}
