//! Whether the terminal is still there, asked of the system, not of
//! crossterm: once a terminal is gone (its window closed, the ssh session
//! dropped, `tmux kill-session`, the pty's master closed), a read of it
//! gives end-of-file or EIO for ever, and crossterm's reader loops on that
//! without returning (crossterm issue 793). So the keys are read on a
//! thread of their own (`Reader`), where that loop can spin without holding
//! the game up, and the game's loop asks the system itself (`Tty::gone`)
//! before every frame: a hung-up terminal polls as `POLLHUP`.

use crossterm::event::{self, Event};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::time::Duration;

/// What the reader thread hands the game.
pub enum Input {
    /// An event from the terminal.
    Event(Event),
    /// The terminal could not be read: it is gone.
    Gone,
}

/// The keys, the mouse and the resizes, read on a thread of their own.
pub struct Reader {
    events: Receiver<Input>,
}

impl Reader {
    /// Starts the thread. It lives until the program ends: a read that
    /// never returns cannot be called off, and need not be.
    pub fn start() -> std::io::Result<Reader> {
        let (send, events) = mpsc::channel();
        std::thread::Builder::new()
            .name("terminal input".into())
            .spawn(move || {
                loop {
                    let input = match event::read() {
                        Ok(e) => Input::Event(e),
                        Err(_) => Input::Gone,
                    };
                    let gone = matches!(input, Input::Gone);
                    if send.send(input).is_err() || gone {
                        return;
                    }
                }
            })?;
        Ok(Reader { events })
    }

    /// The next input, waiting at most `wait`; `None` when nothing came.
    pub fn next(&self, wait: Duration) -> Option<Input> {
        match self.events.recv_timeout(wait) {
            Ok(input) => Some(input),
            Err(RecvTimeoutError::Timeout) => None,
            Err(RecvTimeoutError::Disconnected) => Some(Input::Gone),
        }
    }

    /// An input that has already come, without waiting.
    pub fn pending(&self) -> Option<Input> {
        self.events.try_recv().ok()
    }
}

/// The terminal the game plays in, as the system sees it.
pub struct Tty {
    #[cfg(unix)]
    fd: std::os::fd::OwnedFd,
}

impl Tty {
    /// The terminal crossterm reads: standard input when it is one, else
    /// `/dev/tty`. `None` when neither opens (nothing to watch).
    pub fn open() -> Option<Tty> {
        #[cfg(unix)]
        {
            use std::io::IsTerminal;
            use std::os::fd::AsFd;
            let fd = if std::io::stdin().is_terminal() {
                std::io::stdin().as_fd().try_clone_to_owned().ok()?
            } else {
                std::fs::File::open("/dev/tty").ok()?.into()
            };
            Some(Tty { fd })
        }
        #[cfg(not(unix))]
        {
            Some(Tty {})
        }
    }

    /// True once the terminal has hung up, failed or closed.
    pub fn gone(&self) -> bool {
        #[cfg(unix)]
        {
            use nix::poll::{PollFd, PollFlags, PollTimeout, poll};
            use std::os::fd::AsFd;
            let mut fds = [PollFd::new(self.fd.as_fd(), PollFlags::empty())];
            match poll(&mut fds, PollTimeout::ZERO) {
                Ok(_) => fds[0].revents().is_some_and(|r| {
                    r.intersects(PollFlags::POLLHUP | PollFlags::POLLERR | PollFlags::POLLNVAL)
                }),
                Err(nix::errno::Errno::EINTR) => false,
                Err(_) => true,
            }
        }
        #[cfg(not(unix))]
        {
            // The console's close comes as its own event (`console_close`).
            false
        }
    }
}
