//! Comparing two pictures the games wrote, by their pixels (two PNG files
//! of the same picture may differ in their bytes).

use std::path::Path;

/// A picture's size and its pixels as 8-bit RGBA.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn read(path: &Path) -> Result<Picture, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => return Err(format!("{}: a {other:?} picture", path.display())),
    };
    Ok(Picture {
        width: info.width,
        height: info.height,
        rgba,
    })
}

/// Ok when both pictures have the same size and every pixel alike, and the
/// picture is not of one colour (two blank pictures prove nothing).
pub fn same_pixels(a: &Path, b: &Path) -> Result<(), String> {
    let (pa, pb) = (read(a)?, read(b)?);
    if (pa.width, pa.height) != (pb.width, pb.height) {
        return Err(format!(
            "{} is {}x{}, {} is {}x{}",
            a.display(),
            pa.width,
            pa.height,
            b.display(),
            pb.width,
            pb.height
        ));
    }
    let first = pa.rgba.get(..4).unwrap_or_default();
    if pa.rgba.chunks_exact(4).all(|p| p == first) {
        return Err(format!("{} is of one colour", a.display()));
    }
    let differ = pa
        .rgba
        .chunks_exact(4)
        .zip(pb.rgba.chunks_exact(4))
        .filter(|(x, y)| x != y)
        .count();
    if differ > 0 {
        return Err(format!(
            "{} and {} differ in {differ} of {} pixels",
            a.display(),
            b.display(),
            pa.width * pa.height
        ));
    }
    Ok(())
}

/// The README's screenshots, made headless by the game itself.
pub fn readme_pictures() -> Result<(), String> {
    crate::tools::ensure_sdl_build()?;
    crate::sh::run(crate::sh::cmd(
        &crate::sh::cargo(),
        &["build", "--release", "-p", "amulets-sdl"],
    ))?;
    // Seed 42's Rogue four o's in, in both views, and seed 7's first
    // floor whole (F1): the book's Figure 2.1.
    let shots = [
        ("docs/screenshot-glyph.png", "42", "rogue", "glyph", "oooo"),
        ("docs/screenshot-tile.png", "42", "rogue", "tile", "oooo"),
        (
            "docs/screenshot-seed-7.png",
            "7",
            "fighter",
            "glyph",
            "{F1}",
        ),
    ];
    hall_shot()?;
    // Each palette on seed 42's first floor whole (F1): every kind of
    // thing on it in view (`docs/palettes.md`).
    for palette in ["book", "red-green", "blue-yellow", "high-contrast"] {
        let file = format!("docs/palette-{palette}.png");
        crate::sh::run(crate::sh::cmd(
            "target/release/amulets",
            &[
                "42",
                "--class",
                "rogue",
                "--view",
                "glyph",
                "--palette",
                palette,
                "--keys",
                "oooo{F1}",
                "--screenshot",
                &file,
            ],
        ))?;
    }
    for (file, seed, class, view, keys) in shots {
        crate::sh::run(crate::sh::cmd(
            "target/release/amulets",
            &[
                seed,
                "--class",
                class,
                "--view",
                view,
                "--keys",
                keys,
                "--screenshot",
                file,
            ],
        ))?;
    }
    Ok(())
}

/// The hall of fame's screen on the desktop, over the example hall
/// (`hall::example`), the clock set to 2026-12-04.
fn hall_shot() -> Result<(), String> {
    let dir = crate::sh::target_dir().join("example-hall");
    crate::hall::write_example(&dir)?;
    let dir = dir.to_string_lossy().into_owned();
    let mut c = crate::sh::cmd(
        "target/release/amulets",
        &[
            "1",
            "--save-dir",
            &dir,
            "--keys",
            "h",
            "--screenshot",
            "docs/hall-desktop.png",
        ],
    );
    c.env("AMULETS_NOW", "1796412000");
    crate::sh::run(c)
}
