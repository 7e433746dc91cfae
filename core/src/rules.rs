//! The shape of a run: how deep it goes and which floors are caves. These
//! are rules of the game (docs/rules.md, "The dungeon"), read by the
//! generators, the rules of play and the picture alike. And the rule sets
//! ([`Rules`]): which numbers a run plays by.

use core::fmt::Write as _;

/// The Amulets a run can take, one a floor: the ninth wins the run.
pub const AMULETS: u8 = 9;
/// The deepest floor: it has no stairs down, and its Amulet, the ninth,
/// wins the run.
pub const LAST_FLOOR: i32 = AMULETS as i32;
/// The floors that are caves; the rest are rooms.
pub const CAVE_FLOORS: [i32; 2] = [4, 7];

/// What a floor is made of.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FloorKind {
    /// A floor of rooms and corridors.
    Rooms,
    /// A cave.
    Cave,
}

/// Which kind of floor a depth is.
pub fn kind_of(depth: i32) -> FloorKind {
    if CAVE_FLOORS.contains(&depth) {
        FloorKind::Cave
    } else {
        FloorKind::Rooms
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn caves_on_four_and_seven() {
        for depth in 1..=LAST_FLOOR {
            let want = if depth == 4 || depth == 7 {
                FloorKind::Cave
            } else {
                FloorKind::Rooms
            };
            assert_eq!(kind_of(depth), want);
        }
    }

    #[test]
    fn an_editions_moved_kinds_are_kinds_of_the_table_and_still_found() {
        // A name the table does not have would change nothing, silently.
        for edition in Rules::ALL.map(Rules::edition) {
            for &(name, floor) in edition.first_floors {
                let kind = crate::monster::MONSTERS.iter().find(|k| k.name == name);
                let kind = kind.unwrap_or_else(|| panic!("{name} is no kind"));
                assert!(kind.floors.0 != floor && floor <= kind.floors.1, "{name}");
            }
        }
    }
}

/// Which engine a run's dice come from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Dice {
    /// The book's: the Mersenne Twister (MT19937) seeded as
    /// `std::mt19937(seed)` is, by the reference `init_genrand`.
    #[default]
    Book,
    /// Marsaglia's xorshift128, seeded through `rand_core`'s PCG32-based
    /// `seed_from_u64`: the dice of every run made before the book's.
    Xorshift,
}

impl Dice {
    /// Both engines, the default first.
    pub const ALL: [Dice; 2] = [Dice::Book, Dice::Xorshift];

    /// The engine's name in saves, replays and on command lines.
    pub const fn name(self) -> &'static str {
        match self {
            Dice::Book => "book",
            Dice::Xorshift => "xorshift",
        }
    }

    /// The engine of a name, `None` for a name that is no engine's.
    pub fn named(name: &str) -> Option<Dice> {
        Dice::ALL.into_iter().find(|d| d.name() == name)
    }

    /// The engine in words, for the title and the panel.
    pub const fn words(self) -> &'static str {
        match self {
            Dice::Book => "the book's dice",
            Dice::Xorshift => "xorshift dice",
        }
    }
}

/// The numbers of a rule set that differ between rule sets: each
/// [`Rules`] has one. The rules every set shares are constants where they
/// are used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Edition {
    /// Doorways are found room by room, each wall ring row by row (`true`),
    /// or over the whole map row by row (`false`).
    pub doors_room_by_room: bool,
    /// A monster starts awake 1 time in this many on a floor of rooms.
    pub awake_one_in: i32,
    /// And in a cave.
    pub cave_awake_one_in: i32,
    /// Caves take the kinds of a deeper floor: (cave floor, kinds' floor).
    pub cave_kinds_as_floor: &'static [(i32, i32)],
    /// Kinds found from another floor than the table's first: (kind,
    /// floor).
    pub first_floors: &'static [(&'static str, i32)],
    /// A new monster rolls the way it first wanders.
    pub rolls_heading: bool,
    /// Items on a floor: this and one more for every two floors down.
    pub items_base: i32,
    /// The most pieces in a pile of gold, before the depth multiplies them.
    pub gold_max: i32,
    /// The stairs go on any reached cell farthest from the start (`true`),
    /// or on the farthest plain ground.
    pub stairs_on_any_cell: bool,
    /// Monsters more on the deep floors: from this floor down, one more for
    /// each floor from it on; `(0, 0)` for none. 0.1.0's book rules have
    /// `(5, 1)`: 1 more on floor 5, 5 more on floor 9, past the "16 and one
    /// more for each floor of depth" that chapter 18 states for every floor.
    pub deep_monsters: (i32, i32),
    /// A monster that comes into view on a turn a key played (a step, a
    /// wait, a blow) is said, as a command's stop says it: "You see a
    /// jackal.". The book says it only when a command stops for it.
    pub says_monsters_seen: bool,
    /// A search with `s` that finds nothing says so ("You find nothing."),
    /// as the book says it only on the fifth of a streak; and a needle
    /// says that it poisons ("You are poisoned."). The words a newcomer
    /// missed: a turn passed with no word of why.
    pub says_fruitless_turns: bool,
    /// Ammunition the player cannot shoot (arrows with no bow) stops no
    /// command when it is seen; the book stops for every item.
    pub passes_useless_ammunition: bool,
}

impl Edition {
    /// `book-1`'s: what the book's checkpoints on seed 42 pinned, and
    /// 0.1.0's `deep_monsters`.
    pub const BOOK_1: Edition = Edition {
        doors_room_by_room: false,
        awake_one_in: 4,
        cave_awake_one_in: 4,
        cave_kinds_as_floor: &[],
        first_floors: &[("jackal", 2)],
        rolls_heading: false,
        items_base: 6,
        gold_max: 18,
        stairs_on_any_cell: true,
        deep_monsters: (5, 1),
        says_monsters_seen: false,
        says_fruitless_turns: false,
        passes_useless_ammunition: false,
    };

    /// `book-2`'s: `book-1`'s, with the book's monster count on every
    /// floor (no `deep_monsters`), and its balance from numbers the book
    /// leaves open (*tuned*, docs/balance.md): the goblin archer from floor
    /// 5 and the ogre from floor 6, a floor sooner each.
    pub const BOOK_2: Edition = Edition {
        deep_monsters: (0, 0),
        first_floors: &[("jackal", 2), ("goblin archer", 5), ("ogre", 6)],
        ..Edition::BOOK_1
    };

    /// `book-3`'s: `book-2`'s, with a monster that comes into view said
    /// whatever the player is doing (`says_monsters_seen`).
    pub const BOOK_3: Edition = Edition {
        says_monsters_seen: true,
        ..Edition::BOOK_2
    };

    /// `book-4`'s: `book-3`'s, with a fruitless search and a needle's
    /// poison said (`says_fruitless_turns`), and arrows with no bow
    /// passed by explore and travel (`passes_useless_ammunition`).
    pub const BOOK_4: Edition = Edition {
        says_fruitless_turns: true,
        passes_useless_ammunition: true,
        ..Edition::BOOK_3
    };

    /// `xorshift-1`'s: the first rules, before the book's dice.
    pub const XORSHIFT_1: Edition = Edition {
        doors_room_by_room: true,
        awake_one_in: 6,
        cave_awake_one_in: 1,
        cave_kinds_as_floor: &[(4, 6), (7, 9)],
        first_floors: &[],
        rolls_heading: true,
        items_base: 7,
        gold_max: 15,
        stairs_on_any_cell: false,
        deep_monsters: (0, 0),
        says_monsters_seen: false,
        says_fruitless_turns: false,
        passes_useless_ammunition: false,
    };
}

/// A rule set: the rules a run is played by, named in its save and its
/// replay (docs/rules.md, "Rule sets"). A rule set a release has shipped is
/// never changed: a change of rules is a new set, and the older sets keep
/// playing the runs made under them. A new run takes the newest set for its
/// dice; a loaded save or a replay keeps the set it names.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rules {
    /// xorshift's dice, as every run before the book's dice was played,
    /// and as 0.1.0 plays them.
    Xorshift1,
    /// The book's dice as 0.1.0 plays them.
    Book1,
    /// The book's dice after 0.1.0: the book's monster count on every
    /// floor.
    Book2,
    /// `book-2`, and a monster coming into view is said on every turn.
    Book3,
    /// `book-3`, and a fruitless search, a needle's poison said; arrows
    /// with no bow stop no command.
    Book4,
}

impl Rules {
    /// Every rule set, oldest first.
    pub const ALL: [Rules; 5] = [
        Rules::Xorshift1,
        Rules::Book1,
        Rules::Book2,
        Rules::Book3,
        Rules::Book4,
    ];

    /// Its name in saves, replays and words.
    pub const fn name(self) -> &'static str {
        match self {
            Rules::Xorshift1 => "xorshift-1",
            Rules::Book1 => "book-1",
            Rules::Book2 => "book-2",
            Rules::Book3 => "book-3",
            Rules::Book4 => "book-4",
        }
    }

    /// The set of a name; `None` for a name this game has no set of.
    pub fn named(name: &str) -> Option<Rules> {
        Rules::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The dice it rolls.
    pub const fn dice(self) -> Dice {
        match self {
            Rules::Xorshift1 => Dice::Xorshift,
            Rules::Book1 | Rules::Book2 | Rules::Book3 | Rules::Book4 => Dice::Book,
        }
    }

    /// Its numbers.
    pub const fn edition(self) -> Edition {
        match self {
            Rules::Xorshift1 => Edition::XORSHIFT_1,
            Rules::Book1 => Edition::BOOK_1,
            Rules::Book2 => Edition::BOOK_2,
            Rules::Book3 => Edition::BOOK_3,
            Rules::Book4 => Edition::BOOK_4,
        }
    }

    /// The set a new run on these dice plays by: the newest for them.
    pub const fn newest(dice: Dice) -> Rules {
        match dice {
            Dice::Xorshift => Rules::Xorshift1,
            Dice::Book => Rules::Book4,
        }
    }

    /// Whether 0.1.0 made its saves and replays, which name no rule set
    /// (a save of version 1 or 2, a replay of version 1 or 2).
    pub const fn is_0_1_0s(self) -> bool {
        matches!(self, Rules::Xorshift1 | Rules::Book1)
    }

    /// The set 0.1.0 played these dice by: what a save or a replay that
    /// names no set was made under (or, made before 0.1.0, is played
    /// under).
    pub const fn of_0_1_0(dice: Dice) -> Rules {
        match dice {
            Dice::Xorshift => Rules::Xorshift1,
            Dice::Book => Rules::Book1,
        }
    }
}

/// The most characters of a rule set's name this game reads back in
/// words: a name in a save or a replay that this game has no set of is
/// kept this long, to be named in the error.
pub const NAME_MOST: usize = 24;

// Every set's own name fits where a save writes it.
const _: () = {
    let mut i = 0;
    while i < Rules::ALL.len() {
        assert!(Rules::ALL[i].name().len() <= NAME_MOST);
        i += 1;
    }
};

/// A rule set's name as a save or a replay gave it, known or not: its
/// first `NAME_MOST` characters, each outside printable ASCII (which every
/// set's name is in) kept as `?`. What an error names.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct RulesName {
    bytes: [u8; NAME_MOST],
    len: u8,
}

impl RulesName {
    /// The name as given, cut to fit.
    pub fn of(name: &str) -> RulesName {
        let mut bytes = [0; NAME_MOST];
        let mut len = 0;
        for (slot, c) in bytes.iter_mut().zip(name.chars()) {
            *slot = if c.is_ascii_graphic() { c as u8 } else { b'?' };
            len += 1;
        }
        RulesName { bytes, len }
    }
}

impl core::fmt::Display for RulesName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        for &b in &self.bytes[..usize::from(self.len)] {
            f.write_char(char::from(b))?;
        }
        Ok(())
    }
}

impl core::fmt::Debug for RulesName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "\"{self}\"")
    }
}

/// Says that a save or a replay was `made` (or played) under rules this
/// game lacks: "it was made under the rules book-9, which this game does
/// not have (it has xorshift-1, book-1 and book-2): a later version of
/// Amulets plays it".
pub fn say_lacking(
    f: &mut core::fmt::Formatter<'_>,
    made: &str,
    name: &RulesName,
) -> core::fmt::Result {
    write!(
        f,
        "it was {made} under the rules {name}, which this game does not have (it has "
    )?;
    for (i, r) in Rules::ALL.iter().enumerate() {
        let gap = match i {
            0 => "",
            _ if i + 1 == Rules::ALL.len() => " and ",
            _ => ", ",
        };
        write!(f, "{gap}{}", r.name())?;
    }
    f.write_str("): a later version of Amulets plays it")
}
