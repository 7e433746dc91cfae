//! How long the desktop shell takes to draw and present one whole frame:
//! seed 42's first floor with F1 showing every cell (the most the map view
//! ever draws), on SDL's offscreen driver with its software renderer.

use amulets_core::input::Key;
use amulets_core::player::Class;
use amulets_core::session::{Session, Start};
use amulets_sdl::app::{App, ViewMode};
use amulets_sdl::draw::{self, Gfx};
use amulets_sdl::layout::{LOGICAL_H, LOGICAL_W};
use amulets_sdl::run::{Screen, WindowSize};
use criterion::Criterion;

fn main() {
    sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
    let mut screen = Screen::open(WindowSize(LOGICAL_W, LOGICAL_H), true).expect("SDL starts");
    let creator = screen.canvas.texture_creator();
    let mut gfx = Gfx::new(&creator).expect("textures");
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("frame");
    for (name, view) in [("glyph", ViewMode::Glyph), ("tile", ViewMode::Tile)] {
        let start = Start {
            seed: Some(42),
            class: Some(Class::Fighter),
            ..Start::default()
        };
        let mut session = Session::new(
            None,
            None,
            amulets_desktop::seed::from_os as fn() -> u32,
            start,
        );
        session.set_tiles(view == ViewMode::Tile);
        let mut app = App::new(session);
        app.press(Key::F(1), false);
        g.bench_function(name, |b| {
            b.iter(|| {
                draw::frame(&mut screen.canvas, &mut gfx, &app).expect("drawn");
                screen.canvas.present();
            })
        });
    }
    g.finish();
    c.final_summary();
}
