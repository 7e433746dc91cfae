//! Where a run's inputs go as the session plays it: a replay file on the
//! desktop or in the page's storage, a buffer in a test, nothing on a
//! board. The core writes and reads the inputs ([`amulets_core::replay`]);
//! which run is recorded, and when, is the session's.

use crate::bindings::Verb;
use amulets_core::game::{Game, State};
use amulets_core::player::Class;
use amulets_core::replay::Input;

/// Where a run's inputs go as it is played (`Session` calls it):
/// a replay file on the desktop, nothing on a board. A taping starts
/// with a run, so it plays back from [`Game::new_run`].
pub trait Replays {
    /// A new run begins: what was recorded before belongs to another run.
    fn start(&mut self, seed: u32, class: Class);
    /// An input the run took, in order.
    fn tape(&mut self, input: Input);
    /// Every action the session hands on, with the state of the game it
    /// found: in a run or out of one (the title's, a question's answer),
    /// recorded or not. Nothing to do for a replays of runs, which has
    /// them in `record`; a test counts them to know what a shell reaches.
    fn saw(&mut self, _state: State, _verb: Verb) {}
    /// Where the run's inputs are kept, in the player's words (a replay
    /// file's path), for its record; `None` when they are not kept.
    fn file(&self) -> Option<&str> {
        None
    }
    /// The run recorded is over and leaves the session (for the title, or
    /// another run): `game` is where it ended, which its replay ends with.
    fn left(&mut self, _game: &Game) {}
}

/// Records nothing.
impl Replays for () {
    fn start(&mut self, _: u32, _: Class) {}
    fn tape(&mut self, _: Input) {}
}

/// A replays or none.
impl<T: Replays> Replays for Option<T> {
    fn start(&mut self, seed: u32, class: Class) {
        if let Some(r) = self {
            r.start(seed, class);
        }
    }
    fn tape(&mut self, input: Input) {
        if let Some(r) = self {
            r.tape(input);
        }
    }
    fn saw(&mut self, state: State, verb: Verb) {
        if let Some(r) = self {
            r.saw(state, verb);
        }
    }
    fn file(&self) -> Option<&str> {
        self.as_ref().and_then(Replays::file)
    }
    fn left(&mut self, game: &Game) {
        if let Some(r) = self {
            r.left(game);
        }
    }
}

/// Records a run's inputs into a buffer the caller gives; inputs past its
/// end are counted but not kept (`overflowed`).
pub struct Tape<'a> {
    buf: &'a mut [Input],
    len: usize,
    overflowed: usize,
    run: Option<(u32, Class)>,
}

impl<'a> Tape<'a> {
    /// A tape taping into `buf`.
    pub fn new(buf: &'a mut [Input]) -> Tape<'a> {
        Tape {
            buf,
            len: 0,
            overflowed: 0,
            run: None,
        }
    }

    /// What it has recorded.
    pub fn inputs(&self) -> &[Input] {
        &self.buf[..self.len]
    }

    /// How many inputs did not fit.
    pub fn overflowed(&self) -> usize {
        self.overflowed
    }

    /// The seed and class of the run recorded, once one has started.
    pub fn run(&self) -> Option<(u32, Class)> {
        self.run
    }
}

impl Replays for Tape<'_> {
    fn start(&mut self, seed: u32, class: Class) {
        self.run = Some((seed, class));
        self.len = 0;
        self.overflowed = 0;
    }

    fn tape(&mut self, input: Input) {
        match self.buf.get_mut(self.len) {
            Some(slot) => {
                *slot = input;
                self.len += 1;
            }
            None => self.overflowed += 1,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::Action;

    #[test]
    fn the_tape_keeps_what_fits() {
        let mut buf = [Input::Step; 2];
        let mut r = Tape::new(&mut buf);
        r.tape(Input::Act(Action::Rest));
        r.start(7, Class::Rogue);
        assert_eq!(r.inputs(), [], "a new run starts a new taping");
        r.tape(Input::Act(Action::Wait));
        r.tape(Input::Step);
        r.tape(Input::Step);
        assert_eq!(r.inputs(), [Input::Act(Action::Wait), Input::Step]);
        assert_eq!(r.overflowed(), 1);
        assert_eq!(r.run(), Some((7, Class::Rogue)));
    }
}
