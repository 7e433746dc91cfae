//! The README's pictures, drawn headless by the games themselves.

use anyhow::Result;
/// The README's screenshots, made headless by the game itself.
pub fn readme_pictures() -> Result<()> {
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
fn hall_shot() -> Result<()> {
    let dir = crate::sh::target_dir().join("example-hall");
    amulets_checks::hall::write_example(&dir)?;
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
