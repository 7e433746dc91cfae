//! Where a desktop frame goes (docs/painting.md), in one run:
//!
//! - `paint-whole`: the picture painted whole by `amulets-picture`, as a
//!   new screen is: seed 42's first floor with F1 showing every cell (the
//!   most the map view ever draws);
//! - `paint-step`: one ordinary command step painted where it changed
//!   (the bot's runs of seed 42 on, each step a player would watch);
//! - `upload-step`, `upload-whole`: putting those rectangles (or the whole
//!   frame) into SDL's texture, and `present`: the texture onto the
//!   window and shown, on the offscreen driver with its software renderer
//!   (as screenshots are; the live window takes the GPU's where there is
//!   one);
//! - `memset`, `copy`: the physical limit, writing and copying a frame's
//!   5.76 MB.

use amulets_benches::Watched;
use amulets_core::input::Key;
use amulets_picture::Frame;
use amulets_sdl::draw::{self, Gfx};
use amulets_sdl::layout::{LOGICAL_H, LOGICAL_W};
use amulets_sdl::run::{Screen, Shown, WindowSize};
use criterion::Criterion;
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Seed 42's Fighter with F1's whole floor, in glyphs or tiles.
fn whole_floor(tiles: bool) -> Watched {
    let mut w = Watched::new(42, tiles);
    w.app.press(Key::F(1), false);
    w
}

fn main() {
    sdl3::hint::set("SDL_VIDEO_DRIVER", "offscreen");
    let mut screen = Screen::open(
        WindowSize(LOGICAL_W, LOGICAL_H),
        Shown::Picture { shown: false },
    )
    .expect("SDL starts");
    let creator = screen.canvas.texture_creator();
    let mut gfx = Gfx::new(&creator).expect("textures");
    let mut c = Criterion::default().configure_from_args();
    let mut g = c.benchmark_group("frame");
    for (view, tiles) in [("glyph", false), ("tile", true)] {
        let mut w = whole_floor(tiles);
        g.bench_function(format!("paint-whole {view}"), |b| {
            b.iter(|| {
                w.app.repaint_all();
                black_box(w.app.paint().len())
            })
        });
        let (mut seed, mut w) = (42, Watched::new(42, tiles));
        g.bench_function(format!("paint-step {view}"), |b| {
            b.iter_custom(|iters| {
                let mut took = Duration::ZERO;
                for _ in 0..iters {
                    w.to_ordinary(&mut seed, tiles);
                    let t = Instant::now();
                    black_box(w.app.paint().len());
                    took += t.elapsed();
                }
                took
            })
        });
    }
    // A step's upload, then presenting, on the software renderer.
    let (mut seed, mut w) = (42, Watched::new(42, false));
    draw::frame(&mut screen.canvas, &mut gfx, &mut w.app).expect("drawn");
    g.bench_function("upload-step", |b| {
        b.iter_custom(|iters| {
            let mut took = Duration::ZERO;
            for _ in 0..iters {
                w.to_ordinary(&mut seed, false);
                let dirty = w.app.paint().to_vec();
                let t = Instant::now();
                draw::put(&mut gfx, w.app.frame(), &dirty).expect("uploaded");
                took += t.elapsed();
            }
            took
        })
    });
    let mut w = whole_floor(false);
    w.app.paint();
    g.bench_function("upload-whole", |b| {
        b.iter(|| {
            draw::put(&mut gfx, w.app.frame(), &[amulets_picture::painter::WHOLE]).expect("up");
        })
    });
    g.bench_function("present", |b| {
        b.iter(|| {
            draw::show(&mut screen.canvas, &gfx).expect("shown");
            screen.canvas.present();
        })
    });
    // The physical limit: a frame's bytes written, and copied.
    let bytes = (Frame::WIDTH * Frame::HEIGHT * 4) as usize;
    let mut a = vec![0u8; bytes];
    let b_ = vec![7u8; bytes];
    let mut n = 0u8;
    g.bench_function("memset", |b| {
        b.iter(|| {
            n = n.wrapping_add(1);
            a.fill(black_box(n));
            black_box(&a);
        })
    });
    g.bench_function("copy", |b| {
        b.iter(|| {
            a.copy_from_slice(black_box(&b_));
            black_box(&a);
        })
    });
    g.finish();
    c.final_summary();
}
