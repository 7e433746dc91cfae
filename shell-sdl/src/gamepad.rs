//! A gamepad, through SDL3's gamepad API, played as the board is played
//! (`amulets_play::pad`): the D-pad, a hat and the left stick (past a 25%
//! dead zone) are the five-way switch's directions and the stick's click
//! its press; A, B and X are the board's A, B and C; Y opens the help and
//! Start the menu. B held with a direction gives a diagonal, as on the
//! board, and so does a hat or stick pushed between two directions.
//! Gamepads come and go while the game runs: each one added is opened, and
//! one taken away lets go of all its buttons.

use crate::app::App;
use amulets_play::pad::{Buttons, Controls};
use sdl3::event::Event;
use sdl3::gamepad::{Axis, Button, Gamepad};
use sdl3::joystick::HatState;

/// How far the stick must go before it counts, of `i16::MAX`: 25%.
pub const DEAD_ZONE: i16 = i16::MAX / 4;

/// What a gamepad holds down now, by where it comes from.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Held {
    /// The D-pad's buttons: up, down, left, right.
    pub dpad: [bool; 4],
    /// A hat's directions (some pads report the D-pad as one).
    pub hat: [bool; 4],
    /// The left stick, across and down.
    pub stick: (i16, i16),
    /// The stick pressed in.
    pub click: bool,
    /// A, B and X.
    pub a: bool,
    pub b: bool,
    pub x: bool,
}

impl Held {
    /// The board's buttons these give.
    pub fn buttons(&self) -> Buttons {
        let (sx, sy) = self.stick;
        Buttons {
            up: self.dpad[0] || self.hat[0] || sy < -DEAD_ZONE,
            down: self.dpad[1] || self.hat[1] || sy > DEAD_ZONE,
            left: self.dpad[2] || self.hat[2] || sx < -DEAD_ZONE,
            right: self.dpad[3] || self.hat[3] || sx > DEAD_ZONE,
            press: self.click,
            a: self.a,
            b: self.b,
            c: self.x,
        }
    }
}

/// The hat's state as up, down, left, right.
fn hat(state: HatState) -> [bool; 4] {
    let bits = state as u8;
    [
        bits & 0x01 != 0,
        bits & 0x04 != 0,
        bits & 0x08 != 0,
        bits & 0x02 != 0,
    ]
}

/// The gamepads open, and the board's controls they drive.
pub struct Gamepads {
    subsystem: Option<sdl3::GamepadSubsystem>,
    open: Vec<Gamepad>,
    held: Held,
    controls: Controls,
}

impl Gamepads {
    /// SDL's gamepads, those plugged in now opened (none, and no error, on
    /// a machine where SDL's gamepad support cannot start).
    pub fn new(sdl: &sdl3::Sdl) -> Gamepads {
        let subsystem = sdl.gamepad().ok();
        let open = subsystem
            .as_ref()
            .and_then(|s| s.gamepads().ok())
            .unwrap_or_default()
            .into_iter()
            .filter_map(|id| subsystem.as_ref()?.open(id).ok())
            .collect();
        Gamepads {
            subsystem,
            open,
            held: Held::default(),
            controls: Controls::gamepad(),
        }
    }

    /// How many are open.
    pub fn count(&self) -> usize {
        self.open.len()
    }

    /// What the gamepads hold down now.
    pub fn held(&self) -> Held {
        self.held
    }

    /// Takes an event if it is a gamepad's: true when it was.
    pub fn event(&mut self, app: &mut App, event: &Event) -> bool {
        let mut start = false;
        let mut help = false;
        match *event {
            Event::GamepadAdded { which, .. } => {
                if !self.open.iter().any(|g| g.id().ok() == Some(which))
                    && let Some(pad) = self.subsystem.as_ref().and_then(|s| s.open(which).ok())
                {
                    self.open.push(pad);
                }
                return true;
            }
            Event::GamepadRemoved { which, .. } => {
                self.open.retain(|g| g.id().ok() != Some(which));
                // Whatever it held is let go.
                self.held = Held::default();
            }
            Event::GamepadButtonDown { button, .. } | Event::GamepadButtonUp { button, .. } => {
                let down = matches!(event, Event::GamepadButtonDown { .. });
                match button {
                    Button::DPadUp => self.held.dpad[0] = down,
                    Button::DPadDown => self.held.dpad[1] = down,
                    Button::DPadLeft => self.held.dpad[2] = down,
                    Button::DPadRight => self.held.dpad[3] = down,
                    Button::LeftStick => self.held.click = down,
                    Button::South => self.held.a = down,
                    Button::East => self.held.b = down,
                    Button::West => self.held.x = down,
                    Button::North => help = down,
                    Button::Start => start = down,
                    _ => return true,
                }
            }
            Event::GamepadAxisMotion { axis, value, .. } => match axis {
                Axis::LeftX => self.held.stick.0 = value,
                Axis::LeftY => self.held.stick.1 = value,
                _ => return true,
            },
            Event::JoyHatMotion {
                hat_idx: 0, state, ..
            } => self.held.hat = hat(state),
            _ => return false,
        }
        // The session makes a held direction's repeats, as on the board.
        app.session.keyboard_mut().make_repeats(true);
        if help {
            self.controls.help(&mut app.session);
        } else if start {
            self.controls.start(&mut app.session);
        } else {
            self.controls
                .update(&mut app.session, self.held.buttons(), app.now);
        }
        app.redraw = true;
        true
    }

    /// Time passes with the buttons as they are (a held direction
    /// repeats; a command steps).
    pub fn tick(&mut self, app: &mut App) {
        if self.held.buttons().any() {
            self.controls
                .update(&mut app.session, self.held.buttons(), app.now);
        }
    }
}
