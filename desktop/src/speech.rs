//! The speech stream's writer: the play layer's plain lines (`play::speech`),
//! one a line, to a file or a fifo that a screen reader or `espeak` reads.
//! A thread of its own writes it (and opens it, when it is a fifo), so a
//! fifo nobody reads yet never stops the game: the lines wait for the
//! reader, up to `QUEUED`, and past that the newest are dropped and counted.

use amulets_play::speech::Speech;
use std::fs::OpenOptions;
use std::io::{self, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, SyncSender, TrySendError};

/// The lines that may wait for a reader.
const QUEUED: usize = 4096;

/// A speech stream being written, and what has been said into it.
pub struct SpeechStream {
    /// `None` once it is closed (dropped).
    lines: Option<SyncSender<String>>,
    /// The writer, and whether it has opened the file (a fifo waits for a
    /// reader): the lines still queued are written before the game ends
    /// only then.
    writer: Option<std::thread::JoinHandle<()>>,
    opened: Arc<AtomicBool>,
    said: Speech,
    path: PathBuf,
    /// Lines dropped because the reader fell behind (or went away).
    dropped: u64,
}

impl SpeechStream {
    /// Starts writing to `path` (made when it is not there, added to when
    /// it is: a fifo is opened as a reader comes).
    pub fn open(path: &Path) -> io::Result<SpeechStream> {
        if let Some(dir) = path.parent()
            && !dir.as_os_str().is_empty()
            && !dir.is_dir()
        {
            return Err(io::Error::new(
                io::ErrorKind::NotFound,
                format!("there is no folder {}", dir.display()),
            ));
        }
        let (lines, queue) = mpsc::sync_channel::<String>(QUEUED);
        let at = path.to_path_buf();
        let opened = Arc::new(AtomicBool::new(false));
        let open = Arc::clone(&opened);
        // A plain file is opened here, so its lines are written whole even
        // when the game ends at once; only a fifo waits in the thread.
        let mut now = None;
        if !is_fifo(path) {
            now = Some(OpenOptions::new().create(true).append(true).open(path)?);
            opened.store(true, Ordering::Release);
        }
        let writer = std::thread::Builder::new()
            .name("speech".into())
            .spawn(move || {
                let out = match now {
                    Some(out) => Ok(out),
                    None => OpenOptions::new().create(true).append(true).open(&at),
                };
                let Ok(mut out) = out else {
                    return;
                };
                open.store(true, Ordering::Release);
                for line in queue {
                    if writeln!(out, "{line}").and_then(|()| out.flush()).is_err() {
                        return;
                    }
                }
            })?;
        Ok(SpeechStream {
            lines: Some(lines),
            writer: Some(writer),
            opened,
            said: Speech::new(),
            path: path.to_path_buf(),
            dropped: 0,
        })
    }

    /// Says what is new in the session.
    pub fn speak<H: amulets_play::session::Host>(
        &mut self,
        session: &amulets_play::session::Session<H>,
    ) {
        let (Some(lines), dropped) = (&self.lines, &mut self.dropped) else {
            return;
        };
        self.said
            .take(session, |line| match lines.try_send(line.to_string()) {
                Ok(()) => {}
                Err(TrySendError::Full(_) | TrySendError::Disconnected(_)) => *dropped += 1,
            });
    }

    /// Where it goes.
    pub fn path(&self) -> &Path {
        &self.path
    }

    /// How many lines were dropped.
    pub fn dropped(&self) -> u64 {
        self.dropped
    }
}

impl Drop for SpeechStream {
    /// The lines still queued are written, when the stream is open: a
    /// fifo with no reader yet is let go.
    fn drop(&mut self) {
        self.lines = None;
        if self.opened.load(Ordering::Acquire)
            && let Some(writer) = self.writer.take()
        {
            let _ = writer.join();
        }
    }
}

/// Whether `path` is a fifo, whose opening waits for a reader.
#[cfg(unix)]
fn is_fifo(path: &Path) -> bool {
    use std::os::unix::fs::FileTypeExt;
    std::fs::metadata(path).is_ok_and(|m| m.file_type().is_fifo())
}

/// Windows has no fifos on the file system (its named pipes are not
/// opened by path here).
#[cfg(not(unix))]
fn is_fifo(_path: &Path) -> bool {
    false
}

#[cfg(test)]
mod tests {
    use super::*;
    use amulets_core::input::Key;
    use amulets_core::player::Class;
    use amulets_play::session::{Session, Start};
    use amulets_play::store::NoStore;

    #[test]
    fn seed_42_s_fighter_explores_and_the_stream_says_it_in_order() {
        let dir = std::env::temp_dir().join(format!("amulets-speech-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("speech.txt");
        let start = Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        };
        let mut s = Session::new(NoStore, (), (|| 5) as fn() -> u32, start);
        let mut stream = SpeechStream::open(&path).unwrap();
        stream.speak(&s);
        s.press(Key::Char('o'));
        let mut now = 0;
        while s.game().command_running() {
            now += 30;
            s.tick(now);
            stream.speak(&s);
        }
        stream.speak(&s);
        drop(stream);
        let text = std::fs::read_to_string(&path).unwrap();
        assert_eq!(
            text,
            "Welcome, Fighter. Find the Amulet on each floor, and the ninth one wins.\n\
             You open the door.\n\
             You see a giant white rat.\n"
        );
    }
}
