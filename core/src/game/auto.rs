//! What the player lets the commands do on their own (docs/rules.md,
//! "Automation"): which items explore picks up on its way, what stops
//! explore and travel beyond monsters and harm, and the share of health a
//! rest rests to. The book's behaviour is [`Automation::BOOK`], every
//! run's to begin with; a run's automation is part of the run (its save,
//! its state hash and its replay, as an `auto` input), so a replay plays
//! exactly as it was played.

use crate::item::{Item, Use};
use core::fmt::{self, Write};

/// The kinds of item explore can pick up, a bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    /// Gold.
    Gold,
    /// Potions.
    Potions,
    /// Scrolls.
    Scrolls,
    /// Weapons and ammunition: weapons, the bow, arrows, things to throw.
    Weapons,
    /// Armour.
    Armour,
}

impl Pick {
    /// Every kind, in the order the settings list them.
    pub const ALL: [Pick; 5] = [
        Pick::Gold,
        Pick::Potions,
        Pick::Scrolls,
        Pick::Weapons,
        Pick::Armour,
    ];

    /// Its name in the settings and in replays.
    pub const fn name(self) -> &'static str {
        match self {
            Pick::Gold => "gold",
            Pick::Potions => "potions",
            Pick::Scrolls => "scrolls",
            Pick::Weapons => "weapons",
            Pick::Armour => "armour",
        }
    }

    /// The words the menu says it with.
    pub const fn words(self) -> &'static str {
        match self {
            Pick::Gold => "gold",
            Pick::Potions => "potions",
            Pick::Scrolls => "scrolls",
            Pick::Weapons => "weapons and ammunition",
            Pick::Armour => "armour",
        }
    }

    /// The kind an item is, if explore can pick it up at all (the Amulet
    /// it cannot: the player takes it).
    pub fn of(item: Item) -> Option<Pick> {
        match item.kind().uses {
            Use::Gold => Some(Pick::Gold),
            Use::Potion => Some(Pick::Potions),
            Use::Scroll => Some(Pick::Scrolls),
            Use::Weapon { .. } | Use::Bow { .. } | Use::Arrows | Use::Thrown { .. } => {
                Some(Pick::Weapons)
            }
            Use::Armour { .. } => Some(Pick::Armour),
            Use::Amulet => None,
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// What can stop explore and travel besides a monster in view and harm
/// (which always stop them) and a new floor, a bit each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Halt {
    /// An item seen for the first time that explore does not pick up.
    Items,
    /// A trap found.
    Traps,
    /// A secret door found.
    Doors,
}

impl Halt {
    /// Every kind, in the order the settings list them.
    pub const ALL: [Halt; 3] = [Halt::Items, Halt::Traps, Halt::Doors];

    /// Its name in the settings and in replays.
    pub const fn name(self) -> &'static str {
        match self {
            Halt::Items => "items",
            Halt::Traps => "traps",
            Halt::Doors => "doors",
        }
    }

    /// The words the menu says it with.
    pub const fn words(self) -> &'static str {
        match self {
            Halt::Items => "an item not picked up",
            Halt::Traps => "a trap found",
            Halt::Doors => "a secret door found",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }
}

/// The least share of health a rest can rest to, in percent.
pub const LEAST_REST: u8 = 10;

/// What the commands do on their own (see the module's comment).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Automation {
    /// The kinds explore picks up on its way, a bit each ([`Pick`]).
    pickup: u8,
    /// What stops explore and travel, a bit each ([`Halt`]).
    halts: u8,
    /// A rest ends when health comes up to this share of the most, in
    /// percent, `LEAST_REST..=100`; begun above it, a rest goes on to full.
    rest_to: u8,
}

impl Default for Automation {
    fn default() -> Automation {
        Automation::BOOK
    }
}

impl Automation {
    /// The book's: explore picks up nothing, every item seen, trap and
    /// secret door stops a command, and a rest goes on to full health.
    pub const BOOK: Automation = Automation {
        pickup: 0,
        halts: Halt::Items.bit() | Halt::Traps.bit() | Halt::Doors.bit(),
        rest_to: 100,
    };

    /// Whether explore picks up this kind.
    pub fn picks(&self, kind: Pick) -> bool {
        self.pickup & kind.bit() != 0
    }

    /// Whether explore picks up anything at all.
    pub fn picks_any(&self) -> bool {
        self.pickup != 0
    }

    /// Whether explore picks up this item.
    pub fn picks_item(&self, item: Item) -> bool {
        Pick::of(item).is_some_and(|k| self.picks(k))
    }

    /// Explore picks up this kind or not.
    pub fn set_pick(&mut self, kind: Pick, on: bool) {
        if on {
            self.pickup |= kind.bit();
        } else {
            self.pickup &= !kind.bit();
        }
    }

    /// Whether this stops explore and travel.
    pub fn halts(&self, halt: Halt) -> bool {
        self.halts & halt.bit() != 0
    }

    /// This stops explore and travel or not.
    pub fn set_halt(&mut self, halt: Halt, on: bool) {
        if on {
            self.halts |= halt.bit();
        } else {
            self.halts &= !halt.bit();
        }
    }

    /// The share of health a rest rests to, in percent.
    pub fn rest_to(&self) -> u8 {
        self.rest_to
    }

    /// The share a rest rests to, kept within `LEAST_REST..=100`.
    pub fn set_rest_to(&mut self, percent: u8) {
        self.rest_to = percent.clamp(LEAST_REST, 100);
    }

    /// Whether health `hp` of `max` has come up to the share a rest rests
    /// to.
    pub fn rested_share(&self, hp: i32, max: i32) -> bool {
        hp * 100 >= max * i32::from(self.rest_to)
    }

    /// The words after `auto` in a replay and after `auto` in a save:
    /// `pickup=gold,potions stops=traps,doors rest=50` (`-` for none).
    pub fn write(&self, out: &mut impl Write) -> fmt::Result {
        out.write_str("pickup=")?;
        self.write_picks(out, ",", "-")?;
        out.write_str(" stops=")?;
        self.write_halts(out, ",", "-")?;
        write!(out, " rest={}", self.rest_to)
    }

    /// The names of the kinds explore picks up, `sep` between, or `none`
    /// for none.
    pub fn write_picks(&self, out: &mut dyn Write, sep: &str, none: &str) -> fmt::Result {
        list(out, self.pickup, &PICK_NAMES, (sep, none))
    }

    /// The names of what stops explore and travel, as `write_picks`.
    pub fn write_halts(&self, out: &mut dyn Write, sep: &str, none: &str) -> fmt::Result {
        list(out, self.halts, &HALT_NAMES, (sep, none))
    }

    /// The kinds explore picks up from their names, commas between (and
    /// spaces, as a settings file has them), or `none` alone for none;
    /// `None` for a name that is no kind's, and nothing changed.
    pub fn set_picks_named(&mut self, text: &str, none: &str) -> Option<()> {
        self.pickup = bits_named(text, &PICK_NAMES, none)?;
        Some(())
    }

    /// What stops explore and travel from their names, as
    /// `set_picks_named`.
    pub fn set_halts_named(&mut self, text: &str, none: &str) -> Option<()> {
        self.halts = bits_named(text, &HALT_NAMES, none)?;
        Some(())
    }

    /// Reads what [`Automation::write`] writes; `None` for anything else.
    pub fn read(text: &str) -> Option<Automation> {
        let mut words = text.split(' ');
        let mut out = Automation {
            pickup: 0,
            halts: 0,
            rest_to: 100,
        };
        out.pickup = bits_named(words.next()?.strip_prefix("pickup=")?, &PICK_NAMES, "-")?;
        out.halts = bits_named(words.next()?.strip_prefix("stops=")?, &HALT_NAMES, "-")?;
        let rest: u8 = words.next()?.strip_prefix("rest=")?.parse().ok()?;
        if !(LEAST_REST..=100).contains(&rest) || words.next().is_some() {
            return None;
        }
        out.rest_to = rest;
        Some(out)
    }
}

/// Every kind's name and every halt's, by bit.
const PICK_NAMES: [&str; 5] = {
    let mut out = [""; 5];
    let mut i = 0;
    while i < Pick::ALL.len() {
        out[i] = Pick::ALL[i].name();
        i += 1;
    }
    out
};
const HALT_NAMES: [&str; 3] = {
    let mut out = [""; 3];
    let mut i = 0;
    while i < Halt::ALL.len() {
        out[i] = Halt::ALL[i].name();
        i += 1;
    }
    out
};

/// The names whose bits `bits` has, `sep` between, or `none` for none.
/// One copy for every list (not generic: the page's module is small).
fn list(out: &mut dyn Write, bits: u8, names: &[&str], (sep, none): (&str, &str)) -> fmt::Result {
    let mut any = false;
    for (i, name) in names.iter().enumerate() {
        if bits & (1 << i) == 0 {
            continue;
        }
        if any {
            out.write_str(sep)?;
        }
        out.write_str(name)?;
        any = true;
    }
    if !any {
        out.write_str(none)?;
    }
    Ok(())
}

/// The bits of the names in `text` (what `list` wrote, or a settings
/// file's, spaces about the commas), or `None` for a name not in `names`.
fn bits_named(text: &str, names: &[&str], none: &str) -> Option<u8> {
    let mut bits = 0;
    let named = |n: &&str| !n.is_empty() && *n != none;
    for name in text.split(',').map(str::trim).filter(named) {
        let i = names.iter().position(|n| *n == name)?;
        bits |= 1 << i;
    }
    Some(bits)
}

/// The longest words [`Automation::write`] writes: every kind and every
/// halt named, a comma between each two, and a three-digit share.
pub const AUTO_LONGEST: usize = {
    let mut n = "pickup= stops= rest=100".len() - 2;
    let mut i = 0;
    while i < Pick::ALL.len() {
        n += Pick::ALL[i].name().len() + 1;
        i += 1;
    }
    let mut i = 0;
    while i < Halt::ALL.len() {
        n += Halt::ALL[i].name().len() + 1;
        i += 1;
    }
    n
};

#[cfg(test)]
mod tests {
    use super::*;

    fn text(a: &Automation) -> heapless::String<AUTO_LONGEST> {
        let mut out = heapless::String::new();
        a.write(&mut out).unwrap();
        out
    }

    #[test]
    fn written_and_read_back_the_same() {
        assert_eq!(
            text(&Automation::BOOK).as_str(),
            "pickup=- stops=items,traps,doors rest=100"
        );
        let mut a = Automation::BOOK;
        for k in Pick::ALL {
            a.set_pick(k, true);
        }
        a.set_halt(Halt::Items, false);
        a.set_rest_to(5);
        assert_eq!(a.rest_to(), LEAST_REST);
        let mut every = a;
        every.set_halt(Halt::Items, true);
        every.set_rest_to(100);
        assert_eq!(text(&every).len(), AUTO_LONGEST, "{}", text(&every));
        for a in [Automation::BOOK, a, every] {
            assert_eq!(Automation::read(&text(&a)), Some(a));
        }
        for bad in [
            "",
            "pickup=gold",
            "pickup=gems stops=- rest=100",
            "pickup=- stops=- rest=101",
            "pickup=- stops=- rest=9",
            "pickup=- stops=- rest=50 more",
            "stops=- pickup=- rest=50",
        ] {
            assert_eq!(Automation::read(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_rest_to_half_is_rested_at_half() {
        let mut a = Automation::BOOK;
        assert!(!a.rested_share(23, 24));
        assert!(a.rested_share(24, 24));
        a.set_rest_to(50);
        assert!(!a.rested_share(11, 24));
        assert!(a.rested_share(12, 24));
    }
}
