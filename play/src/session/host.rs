//! What a shell provides a session: where its runs are kept (a
//! [`Store`]), where a run's inputs go (a [`Replays`]) and a source of
//! seeds. One type names all three, so a shell names one host type and
//! code over any session names one parameter.

use crate::replays::Replays;
use crate::store::Store;

/// What a shell provides a session (see the module's comment). Any three
/// of a store, a replays and a source of seeds, in that order, are a host.
pub trait Host {
    /// Where the saved run and the records are kept.
    type Store: Store;
    /// Where a run's inputs go.
    type Replays: Replays;
    /// A new seed for each run the player gave none for.
    type Seeds: FnMut() -> u32;
}

impl<St, Re, Se> Host for (St, Re, Se)
where
    St: Store,
    Re: Replays,
    Se: FnMut() -> u32,
{
    type Store = St;
    type Replays = Re;
    type Seeds = Se;
}
