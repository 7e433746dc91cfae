//! What the panel says of the session's own, beside the run's facts: the
//! session's note (a line outside the log, until the next key), why the
//! last command stopped (while it holds), and where to search when
//! explore has seen all it can with the way on still unfound.

use super::prefs::Prefs;
use crate::view::{SearchSpot, SpotKind, where_to_search};
use amulets_core::cellset::CellSet;
use amulets_core::game::command::{Stop, StopReason};
use amulets_core::game::{Game, State};
use amulets_core::geom::Dir;
use amulets_core::input::{Action, Key};
use amulets_core::item::{FloorItem, kinds};
use amulets_core::rules::LAST_FLOOR;
use amulets_core::text::{Line, Note, line, note};
use core::fmt;

/// A floor found sealed: the spot the hint names, kept until it is
/// searched to the end, and the spots that were.
#[derive(Clone, Debug)]
struct Sealed {
    depth: i32,
    spot: Option<SearchSpot>,
    searched: CellSet,
    /// How many cells the player had seen when the spot was chosen.
    seen: usize,
    /// What is still to be found ([`wanted`]), as of the last input: the
    /// panel, drawn every frame, reads it rather than searching again.
    wanted: &'static str,
}

/// What the panel says of the session's own (see the module's comment).
#[derive(Clone, Debug, Default)]
pub struct Notes {
    note: Option<Note>,
    /// The turn and floor the last command's stop was made on: the panel
    /// shows it until a turn passes or the floor changes ([`Notes::stop`]).
    stop_at: Option<(u32, i32)>,
    /// The floor explore found all there is to see on with the way on
    /// still unfound (no known way to the stairs; on the last floor, no
    /// Amulet seen): the panel says where to search ([`Notes::hint`]).
    sealed: Option<Sealed>,
    /// The floor the last input ended on: a stop carried down the stairs
    /// (explore's "Explored." from the floor above) seals nothing.
    floor: i32,
    /// A line a test puts on the panel, to see it reach every shell.
    #[cfg(any(test, feature = "test-support"))]
    test_note: Option<Line>,
}

impl Notes {
    /// Says a line to the player, on the panel or under the screen until
    /// the next key (what went wrong with the settings, say): the one way
    /// anything outside the log is said.
    pub fn say(&mut self, text: impl fmt::Display) {
        self.note = Some(note(format_args!("{text}")));
    }

    /// Says the words, when there are any. True when it did.
    pub fn say_if(&mut self, words: Option<Note>) -> bool {
        let said = words.is_some();
        if let Some(words) = words {
            self.say(words);
        }
        said
    }

    /// A key or a click: what was said is gone.
    pub fn clear(&mut self) {
        self.note = None;
    }

    /// The line said, until the next key: a save that failed, one set
    /// aside, no saved run to continue.
    pub fn note(&self) -> Option<&str> {
        self.note.as_deref()
    }

    /// News came in a run: a secret door found may be a way on, so there
    /// is more to explore.
    pub fn news(&mut self, news: StopReason) {
        if news == StopReason::SecretDoorFound {
            self.sealed = None;
        }
    }

    /// After the game took an input: a stop made by it (a new one, or a
    /// command asked for and refused again) is current from now; explore's
    /// end seals the floor until the way on is found. On a sealed floor,
    /// a search run to its end marks its spot searched, and the hint's
    /// spot is chosen again only once its own is.
    pub fn follow_stop(&mut self, game: &Game, before: Option<Stop>, asked: bool) {
        // A new floor this input (`>` down the stairs): the stop before it
        // ("Arrived.") is the floor above's, never current again here.
        let was = core::mem::replace(&mut self.floor, game.depth());
        let arrived = was != 0 && was != game.depth();
        let now = game.last_stop();
        let new = now.is_some() && (now != before || (asked && !arrived));
        if new {
            self.stop_at = Some((game.turn(), game.depth()));
        }
        let reason = now.filter(|_| new).map(|s| s.reason);
        if !arrived
            && matches!(
                reason,
                Some(StopReason::Explored | StopReason::ExploredAsFarAsSafe)
            )
            && self.sealed.as_ref().is_none_or(|s| s.depth != game.depth())
        {
            self.sealed = Some(Sealed {
                depth: game.depth(),
                spot: None,
                searched: CellSet::new(),
                seen: 0,
                wanted: "",
            });
        }
        let Some(sealed) = self.sealed.as_mut().filter(|s| s.depth == game.depth()) else {
            self.sealed = None;
            return;
        };
        let Some(wanted) = wanted(game) else {
            self.sealed = None;
            return;
        };
        sealed.wanted = wanted;
        if reason == Some(StopReason::Searched) {
            sealed.searched.insert(game.player().pos);
        }
        let seen = game.level().explored.len();
        if sealed.spot.is_none_or(|s| sealed.searched.contains(s.at)) {
            sealed.spot = where_to_search(game, &sealed.searched);
            sealed.seen = seen;
        } else if seen != sealed.seen {
            // More seen (a scroll of magic mapping, a dark room): a spot
            // of a likelier kind takes over; one as likely does not.
            sealed.seen = seen;
            let now = where_to_search(game, &sealed.searched);
            if now.zip(sealed.spot).is_some_and(|(n, s)| n.kind > s.kind) {
                sealed.spot = now;
            }
        }
    }

    /// The spot the hint sends the player to search from, while the floor
    /// is sealed (a bot following the hint goes there).
    pub fn search_spot(&self, game: &Game) -> Option<SearchSpot> {
        let sealed = self.sealed.as_ref()?;
        (sealed.depth == game.depth())
            .then_some(sealed.spot)
            .flatten()
    }

    /// Why the last command stopped or was refused, while it holds: from
    /// the input that made it until a turn passes or the floor changes.
    /// ("Not with a bat in view." is gone once a turn has passed, "Arrived."
    /// on the next floor.)
    pub fn stop(&self, game: &Game) -> Option<Stop> {
        let here = (game.turn(), game.depth());
        game.last_stop().filter(|_| self.stop_at == Some(here))
    }

    /// What the panel says when explore has seen all it can and the way on
    /// is still unfound (the stairs; on the last floor, the Amulet): that
    /// a secret door hides it, where to search, and the key (the player's,
    /// from `prefs`). Gone once the way is found, a secret door turns up,
    /// or the floor changes.
    pub fn hint(&self, game: &Game, prefs: &Prefs) -> Option<[Line; 2]> {
        // Cheap first: a panel is drawn every frame.
        let spot = self.search_spot(game)?;
        if game.state() != State::Playing {
            return None;
        }
        let wanted = self.sealed.as_ref()?.wanted;
        let key = match prefs.playing_key(Action::KeepSearching) {
            Some(Key::Char(c)) => c,
            _ => 'e',
        };
        let me = game.player().pos;
        let p = spot.at;
        let steps = (p.x - me.x).abs().max((p.y - me.y).abs());
        let way =
            Dir::from_delta((p.x - me.x).signum(), (p.y - me.y).signum()).map_or("here", Dir::word);
        Some([
            line(format_args!("A secret door hides the way to {wanted}.")),
            spot_words(spot.kind, steps, way, key),
        ])
    }

    /// Puts a line of the test's on the panel and on a small screen's
    /// status, as the session's own notes are.
    #[cfg(any(test, feature = "test-support"))]
    pub fn add_test_note(&mut self, text: &str) {
        self.test_note = Some(line(format_args!("{text}")));
    }

    /// The test's line on the panel (`add_test_note`).
    pub fn test_note(&self) -> Option<&Line> {
        #[cfg(any(test, feature = "test-support"))]
        return self.test_note.as_ref();
        #[cfg(not(any(test, feature = "test-support")))]
        None
    }
}

/// What is still to be found on a sealed floor, as the hint names it: the
/// stairs while no known way leads to them; on the last floor, the Amulet
/// while it is unseen. `None` once the way on is known.
fn wanted(game: &Game) -> Option<&'static str> {
    if game.depth() < LAST_FLOOR {
        let known_way = game
            .known_stairs()
            .is_some_and(|s| s == game.player().pos || !game.route_to(s).is_empty());
        (!known_way).then_some("the stairs")
    } else {
        let unseen = |i: &FloorItem| i.item.kind == kinds::AMULET && !i.seen;
        game.level()
            .items
            .iter()
            .any(unseen)
            .then_some("the Amulet")
    }
}

/// Where to search, a spot `steps` away `way` ("here" when none): short
/// enough for a 60 x 20 terminal's panel.
fn spot_words(kind: SpotKind, steps: i32, way: &str, key: char) -> Line {
    let whose = match kind {
        SpotKind::DeadEnd => "where the corridor ends",
        SpotKind::Wall => "by the wall",
        SpotKind::Mapped => "where the map shows floor beyond the wall",
    };
    match steps {
        0 => line(format_args!("Search here, {whose} ({key} searches).")),
        1 => line(format_args!(
            "Search {whose}, a step {way} ({key} searches)."
        )),
        _ => line(format_args!(
            "Search {whose}, {steps} steps {way} ({key} searches)."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_spot_is_here_a_step_or_steps_away() {
        let words = |n| spot_words(SpotKind::DeadEnd, n, "east", 'e');
        assert_eq!(
            words(0),
            "Search here, where the corridor ends (e searches)."
        );
        assert_eq!(
            words(1),
            "Search where the corridor ends, a step east (e searches)."
        );
        assert_eq!(
            words(4),
            "Search where the corridor ends, 4 steps east (e searches)."
        );
    }
    use amulets_core::input::Action;
    use amulets_core::mapgen::floor::Style;
    use amulets_core::player::Class;
    use amulets_core::rng::Dice;

    #[test]
    fn a_note_is_said_until_cleared() {
        let mut notes = Notes::default();
        notes.say_if(None);
        assert_eq!(notes.note(), None);
        notes.say(format_args!("The run could not be saved: {}.", "no room"));
        assert_eq!(notes.note(), Some("The run could not be saved: no room."));
        notes.clear();
        assert_eq!(notes.note(), None);
    }

    #[test]
    fn arrived_at_the_stairs_is_not_said_again_on_the_floor_below() {
        let mut game = Game::at_title(42, Style::Book, Dice::Book);
        game.start_as(Class::Fighter);
        let mut notes = Notes::default();
        // Beside the stairs, travel there: "Arrived.".
        let stairs = game.level().stairs.expect("floor 1 has stairs");
        let beside = Dir::ALL
            .iter()
            .map(|&d| stairs.step(d))
            .find(|&p| game.level().map.is_walkable(p))
            .expect("ground beside the stairs");
        game.player_mut().pos = beside;
        // The Amulet as good as taken (`>` goes down with no question), and
        // no monster to refuse travel.
        game.level_mut()
            .items
            .retain(|i| i.item.kind != kinds::AMULET);
        game.level_mut().monsters.clear();
        game.refresh_view();
        let play = |game: &mut Game, notes: &mut Notes, action: Option<Action>| {
            let before = game.last_stop();
            match action {
                Some(a) => {
                    game.act(a);
                }
                None => game.step_command(),
            }
            let asked = matches!(action, Some(Action::Descend | Action::TravelTo(_)));
            notes.follow_stop(game, before, asked);
        };
        play(&mut game, &mut notes, Some(Action::TravelTo(stairs)));
        while game.command_running() {
            play(&mut game, &mut notes, None);
        }
        assert_eq!(game.player().pos, stairs, "{:?}", game.last_stop());
        let arrived = notes.stop(&game).map(|s| s.reason);
        assert_eq!(arrived, Some(StopReason::Arrived));
        // Down: the floor below shows no stop.
        play(&mut game, &mut notes, Some(Action::Descend));
        assert_eq!(game.depth(), 2);
        assert_eq!(notes.stop(&game), None, "Arrived. is the floor above's");
    }

    #[test]
    fn a_stop_holds_until_a_turn_passes() {
        let mut game = Game::at_title(42, Style::Book, Dice::Book);
        game.start_as(Class::Fighter);
        let mut notes = Notes::default();
        let before = game.last_stop();
        game.act(Action::Rest);
        notes.follow_stop(&game, before, true);
        let stop = notes.stop(&game).expect("rest at full health is refused");
        assert!(stop.refused, "{}", stop.text());
        game.act(Action::Wait);
        assert_eq!(notes.stop(&game), None, "a turn passed");
        assert_eq!(notes.hint(&game, &Prefs::new(Default::default())), None);
    }
}
