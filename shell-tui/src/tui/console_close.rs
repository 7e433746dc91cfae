//! The console closed on Windows: the terminal game's hangup there.
//!
//! Windows tells a console program that its window is being closed (or
//! the user logs off, or the machine shuts down) by calling a handler on a
//! thread of its own, and ends the program as soon as the handler returns,
//! or after five seconds. So the handler raises the same flag a hangup
//! raises on Unix, then waits for the game to save the run and put the
//! console back ([`done`]), and only then returns. Ctrl-Break, and Ctrl-C
//! sent from outside (in the game Ctrl-C is a key), raise the flag too;
//! the program is not ended for those, so the handler returns at once.
//!
//! This is the terminal shell's one `unsafe`: registering the handler is a
//! call into the system.

#![allow(unsafe_code)]

use std::io;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};
use windows_sys::Win32::Foundation::{FALSE, TRUE};
use windows_sys::Win32::System::Console::{
    CTRL_BREAK_EVENT, CTRL_C_EVENT, CTRL_CLOSE_EVENT, CTRL_LOGOFF_EVENT, CTRL_SHUTDOWN_EVENT,
    SetConsoleCtrlHandler,
};
use windows_sys::core::BOOL;

static CLOSING: OnceLock<Arc<AtomicBool>> = OnceLock::new();
static DONE: AtomicBool = AtomicBool::new(false);

/// How long the handler waits for the save: under the five seconds after
/// which Windows ends the program anyway.
const WAIT: Duration = Duration::from_millis(4500);

extern "system" fn on_event(kind: u32) -> BOOL {
    let ends_the_program = matches!(
        kind,
        CTRL_CLOSE_EVENT | CTRL_LOGOFF_EVENT | CTRL_SHUTDOWN_EVENT
    );
    if !ends_the_program && !matches!(kind, CTRL_C_EVENT | CTRL_BREAK_EVENT) {
        return FALSE;
    }
    if let Some(flag) = CLOSING.get() {
        flag.store(true, Ordering::SeqCst);
    }
    if ends_the_program {
        let start = Instant::now();
        while !DONE.load(Ordering::SeqCst) && start.elapsed() < WAIT {
            std::thread::sleep(Duration::from_millis(20));
        }
    }
    TRUE
}

/// Raises `closing` when the console is closed, as SIGHUP does on Unix.
pub fn register(closing: Arc<AtomicBool>) -> io::Result<()> {
    // A second registration keeps the first flag: there is one game.
    let _ = CLOSING.set(closing);
    // SAFETY: `on_event` is a plain function that lives as long as the
    // program, takes no pointer, and touches only atomics and the clock.
    let ok = unsafe { SetConsoleCtrlHandler(Some(on_event), TRUE) };
    if ok == FALSE {
        return Err(io::Error::last_os_error());
    }
    Ok(())
}

/// The run is saved and the console put back: the program may end.
pub fn done() {
    DONE.store(true, Ordering::SeqCst);
}
