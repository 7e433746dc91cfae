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
}
