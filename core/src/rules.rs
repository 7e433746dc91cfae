//! The shape of a run: how deep it goes and which floors are caves. These
//! are rules of the game (docs/rules.md, "The dungeon"), read by the
//! generators, the rules of play and the picture alike.

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
    fn an_editions_later_kinds_are_kinds_of_the_table_and_still_found() {
        // A name the table does not have would change nothing, silently.
        for edition in [Edition::BOOK, Edition::FIRST] {
            for &(name, floor) in edition.first_floor_later {
                let kind = crate::monster::MONSTERS.iter().find(|k| k.name == name);
                let kind = kind.unwrap_or_else(|| panic!("{name} is no kind"));
                assert!(kind.floors.0 < floor && floor <= kind.floors.1, "{name}");
            }
        }
    }
}

/// Which edition of the rules a run plays by, chosen by its dice. The
/// book's dice play by the rules its chapter 23 checkpoints pinned
/// (docs/rules.md, "What the checkpoints pinned"); xorshift's runs keep the
/// rules they were recorded under, so every save and replay made before the
/// book's dice plays on as it did.
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
    /// Kinds whose first floor is later than the table's: (kind, floor).
    pub first_floor_later: &'static [(&'static str, i32)],
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
    /// each floor from it on; `(0, 0)` for none. The book's edition has
    /// `(5, 1)`: 1 more on floor 5, 5 more on floor 9, past the "16 and one
    /// more for each floor of depth" that chapter 18 states for every floor.
    /// No checkpoint pins a floor this deep, but the book's words do.
    pub deep_monsters: (i32, i32),
}

impl Edition {
    /// The book's: what its checkpoints on seed 42 pinned.
    pub const BOOK: Edition = Edition {
        doors_room_by_room: false,
        awake_one_in: 4,
        cave_awake_one_in: 4,
        cave_kinds_as_floor: &[],
        first_floor_later: &[("jackal", 2)],
        rolls_heading: false,
        items_base: 6,
        gold_max: 18,
        stairs_on_any_cell: true,
        deep_monsters: (5, 1),
    };

    /// The first rules, before the book's dice: xorshift's.
    pub const FIRST: Edition = Edition {
        doors_room_by_room: true,
        awake_one_in: 6,
        cave_awake_one_in: 1,
        cave_kinds_as_floor: &[(4, 6), (7, 9)],
        first_floor_later: &[],
        rolls_heading: true,
        items_base: 7,
        gold_max: 15,
        stairs_on_any_cell: false,
        deep_monsters: (0, 0),
    };

    /// The edition a run on these dice plays by.
    pub const fn of(dice: crate::rng::Dice) -> Edition {
        match dice {
            crate::rng::Dice::Book => Edition::BOOK,
            crate::rng::Dice::Xorshift => Edition::FIRST,
        }
    }
}
