//! How a session's runs begin: the seed, class, style, dice and day the
//! shell was given ([`Start`]), a seed typed as text, read as the book reads
//! it, the next run's seed, today's dungeon and the day's run pending, and
//! "a new run?", asked before a saved run (or the run in play) is lost.

use super::saving::{RunSummary, Saved};
use amulets_core::daily::Day;
use amulets_core::game::Game;
use amulets_core::player::Class;
use amulets_core::rng::Dice;
use amulets_core::text::{Line, line};

/// How a session's run begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Start {
    /// The seed the player gave; `None` (or 0) for one from the seed
    /// source, and a new one for every run.
    pub seed: Option<u32>,
    /// Past the title: a new run of this class at once (asking first when a
    /// saved run would be lost).
    pub class: Option<Class>,
    /// Whose dungeons the runs' floors of rooms are (the title's D changes
    /// it).
    pub style: amulets_core::mapgen::floor::Style,
    /// Whose dice the runs roll (the title's D changes them too).
    pub dice: Dice,
    /// Today's dungeon, at once (`--daily`): the shell's day. Its class is
    /// chosen on the class screen, or is `class`.
    pub daily: Option<Day>,
}

/// A seed typed as text, read as the book reads `AmuletsOfSDL 12345`
/// (`SDL_strtoul` in base 10, cast to the engine's 32 bits as on the
/// book's Windows): leading spaces and a sign are allowed, the digits are
/// read up to the first other character, and text that is no number gives
/// 0, a random seed. Too large a number gives the largest seed, and a
/// negative one counts back from 2^32, as `strtoul` does.
pub fn seed_from_text(text: &str) -> u32 {
    let s = text.trim_start_matches([' ', '\t', '\n', '\r', '\x0b', '\x0c']);
    let (negative, digits) = match s.as_bytes().first() {
        Some(b'-') => (true, &s[1..]),
        Some(b'+') => (false, &s[1..]),
        _ => (false, s),
    };
    let mut n: u32 = 0;
    for b in digits.bytes().take_while(u8::is_ascii_digit) {
        match n
            .checked_mul(10)
            .and_then(|n| n.checked_add(u32::from(b - b'0')))
        {
            Some(m) => n = m,
            // strtoul's overflow: the largest value, sign or not.
            None => return u32::MAX,
        }
    }
    if negative { n.wrapping_neg() } else { n }
}

/// What a yes to the session's question does: start a new run, or quit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Then {
    /// The title's N: the class screen, with the title's seed.
    ChooseClass,
    /// A class given when the shell started: that run at once.
    Start(Class),
    /// The menu's n: the class screen, with a new seed.
    NewRun,
    /// The menu's q: quit without saving.
    Quit,
}

impl Then {
    /// The question's title, and the words of its no and its yes (in
    /// `bindings::ABANDON`'s order: no first, the default).
    pub(crate) fn words(self) -> (&'static str, [&'static str; 2]) {
        match self {
            Then::Quit => ("Quit", ["no, keep playing", "yes, quit without saving"]),
            _ => (
                "A new run",
                [
                    crate::bindings::ABANDON[0].words,
                    crate::bindings::ABANDON[1].words,
                ],
            ),
        }
    }
}

/// How the session's runs begin (see the module's comment): `E` gives a
/// new seed for each run the player gave none for.
#[derive(Clone)]
pub struct Starts<E> {
    seeds: E,
    /// The seed the player gave, kept for every new run.
    given: Option<u32>,
    /// The day, from the shell's clock (`set_today`): the title's T.
    today: Option<Day>,
    /// The title's game is the day's dungeon: the run begun from it is
    /// marked a daily run.
    pending: Option<Day>,
    /// "A new run?", asked over everything while a save would be lost.
    asking: Option<(Then, Line)>,
}

impl<E: FnMut() -> u32> Starts<E> {
    /// The starts of a session given `start`, its seeds from `seeds`.
    pub fn new(seeds: E, start: &Start) -> Starts<E> {
        Starts {
            seeds,
            given: start.seed.filter(|&s| s != 0),
            today: None,
            pending: None,
            asking: None,
        }
    }

    /// The next run's seed: the one the player gave, else a new one.
    pub fn next_seed(&mut self) -> u32 {
        match self.given {
            Some(s) => s,
            None => (self.seeds)(),
        }
    }
}

impl<E> Starts<E> {
    /// The source of seeds back, as the session ends.
    pub fn into_seeds(self) -> E {
        self.seeds
    }

    /// The day the title offers (`set_today`).
    pub fn today(&self) -> Option<Day> {
        self.today
    }

    /// The day, from the shell's clock: the title offers its dungeon (T).
    pub fn set_today(&mut self, day: Day) {
        self.today = Some(day);
    }

    /// The title's game is `day`'s dungeon: the run begun from it is that
    /// day's.
    pub fn pend(&mut self, day: Day) {
        self.pending = Some(day);
    }

    /// The day's run pending, taken as a run begins; `None` when the run
    /// is no day's.
    pub fn take_pending(&mut self) -> Option<Day> {
        self.pending.take()
    }

    /// The title's game is no day's dungeon any more (another style or
    /// dice, another game).
    pub fn forget_pending(&mut self) {
        self.pending = None;
    }

    /// Asks "a new run?" before `then`, when it would lose a run: the
    /// saved one (`saved`, when this session `saves`), or from the menu the
    /// one in play (`game`). True when it asks; false when nothing is lost,
    /// and `then` may begin at once.
    pub(crate) fn ask(&mut self, then: Then, saved: Saved, saves: bool, game: &Game) -> bool {
        let question = match (then, saved) {
            (Then::NewRun, _) => {
                let run = RunSummary::of(game);
                Some(line(format_args!(
                    "Abandon this run, the {} on floor {}, turn {}? (y or n)",
                    run.class.name(),
                    run.depth,
                    run.turn
                )))
            }
            (_, Saved::Run(run)) => Some(line(format_args!(
                "Abandon the saved {} on floor {}, turn {}? (y or n)",
                run.class.name(),
                run.depth,
                run.turn
            ))),
            (_, Saved::OtherVersion(v)) => Some(line(format_args!(
                "Replace the saved run of version {v}, which this game cannot read? (y or n)"
            ))),
            (_, Saved::Damaged) => Some(line(format_args!(
                "Replace the damaged saved run? (y or n)"
            ))),
            (_, Saved::Nothing) => None,
        };
        // A game that does not save loses nothing by starting anew.
        match question {
            Some(q) if saves || then == Then::NewRun => {
                self.asking = Some((then, q));
                true
            }
            _ => false,
        }
    }

    /// The menu's q: "Quit without saving?", asked first.
    /// It says when the run was last saved: `saved` is the turn of the
    /// save kept, if it is this run's, and `now` the run's turn.
    pub(crate) fn ask_to_quit(&mut self, saved: Option<u32>, now: u32) {
        let question = match saved {
            Some(turn) if turn == now => line(format_args!(
                "Quit without saving? The run was saved this turn, {turn}. (y or n)"
            )),
            Some(turn) if now == turn + 1 => line(format_args!(
                "Quit without saving? It was last saved on turn {turn}: the turn since is lost. (y or n)"
            )),
            Some(turn) => line(format_args!(
                "Quit without saving? It was last saved on turn {turn}: the {} turns since are lost. (y or n)",
                now.saturating_sub(turn)
            )),
            None => line(format_args!(
                "Quit without saving? The run has not been saved: it is lost. (y or n)"
            )),
        };
        self.asking = Some((Then::Quit, question));
    }

    /// What a yes to the question asked would do, while one is asked.
    pub(crate) fn asked(&self) -> Option<Then> {
        self.asking.as_ref().map(|(then, _)| *then)
    }

    /// The question is answered: it is asked no more.
    pub fn answered(&mut self) {
        self.asking = None;
    }

    /// "A new run?" as it is asked over everything, while it is: the
    /// question, its title and the words of its no and its yes.
    pub fn question(&self) -> Option<(&Line, (&'static str, [&'static str; 2]))> {
        self.asking
            .as_ref()
            .map(|(then, question)| (question, then.words()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::mapgen::floor::Style;

    #[test]
    fn a_seed_is_read_as_strtoul_reads_it() {
        assert_eq!(seed_from_text("12345"), 12345);
        assert_eq!(seed_from_text("  42"), 42);
        assert_eq!(seed_from_text("+7"), 7);
        assert_eq!(seed_from_text("12abc"), 12);
        assert_eq!(seed_from_text("abc"), 0);
        assert_eq!(seed_from_text(""), 0);
        assert_eq!(seed_from_text("4294967295"), u32::MAX);
        assert_eq!(seed_from_text("4294967296"), u32::MAX);
        assert_eq!(seed_from_text("99999999999999999999"), u32::MAX);
        assert_eq!(seed_from_text("-1"), u32::MAX);
        assert_eq!(seed_from_text("-5"), 4_294_967_291);
        assert_eq!(seed_from_text("-0"), 0);
        assert_eq!(seed_from_text("-4294967295"), 1);
        assert_eq!(seed_from_text("-4294967296"), u32::MAX);
        assert_eq!(seed_from_text(" \t\n42"), 42);
        assert_eq!(seed_from_text("- 5"), 0, "no digits right after the sign");
        assert_eq!(seed_from_text("0x10"), 0, "base 10: the x ends it");
        assert_eq!(seed_from_text("007"), 7);
    }

    #[test]
    fn a_given_seed_starts_every_run_and_none_asks_the_source() {
        let mut n = 100;
        let given = Start {
            seed: Some(7),
            ..Start::default()
        };
        let mut starts = Starts::new(|| 1, &given);
        assert_eq!((starts.next_seed(), starts.next_seed()), (7, 7));
        let zero = Start {
            seed: Some(0),
            ..Start::default()
        };
        let mut starts = Starts::new(
            move || {
                n += 1;
                n
            },
            &zero,
        );
        assert_eq!(
            (starts.next_seed(), starts.next_seed()),
            (101, 102),
            "0 is none"
        );
    }

    #[test]
    fn a_new_run_asks_only_when_a_run_would_be_lost() {
        let mut starts = Starts::new(|| 1, &Start::default());
        let mut game = Game::at_title(42, Style::Book, Dice::Book);
        assert!(!starts.ask(Then::ChooseClass, Saved::Nothing, true, &game));
        assert_eq!(starts.asked(), None);
        let saved = Saved::Run(RunSummary {
            class: Class::Rogue,
            depth: 3,
            turn: 812,
        });
        assert!(
            !starts.ask(Then::ChooseClass, saved, false, &game),
            "not saving"
        );
        assert!(starts.ask(Then::ChooseClass, saved, true, &game));
        let (q, (title, _)) = starts.question().unwrap();
        assert_eq!(
            (title, q.as_str()),
            (
                "A new run",
                "Abandon the saved Rogue on floor 3, turn 812? (y or n)"
            )
        );
        starts.answered();
        assert_eq!(starts.question(), None);
        game.start_as(Class::Wizard);
        assert!(
            starts.ask(Then::NewRun, Saved::Nothing, false, &game),
            "the run in play"
        );
        assert_eq!(starts.asked(), Some(Then::NewRun));
        starts.ask_to_quit(Some(40), 52);
        assert_eq!(starts.question().unwrap().1.0, "Quit");
        assert_eq!(
            starts.question().unwrap().0.as_str(),
            "Quit without saving? It was last saved on turn 40: the 12 turns since are lost. (y or n)"
        );
    }
}
