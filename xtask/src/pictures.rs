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
    under_way_shot()?;
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

/// The README's first picture: a floor well under way. Seed 42's Rogue as
/// the core's bot plays it, to 150 turns into its second floor, its
/// actions typed as a player's keys and clicks (`bot_script`), in tiles.
fn under_way_shot() -> Result<()> {
    let (script, hash) = bot_script(42, amulets_core::player::Class::Rogue, 2, 150)?;
    let said = crate::sh::output(crate::sh::cmd(
        "target/release/amulets",
        &[
            "42",
            "--class",
            "rogue",
            "--view",
            "tile",
            "--keys",
            &script,
            "--screenshot",
            "docs/screenshot-under-way.png",
        ],
    ))?;
    // The keys played the bot's run: the game ends where the bot did.
    let want = format!("state hash {hash:016x}");
    if !said.contains(&want) {
        return Err(anyhow::anyhow!(
            "the bot's keys did not play its run: the game said {said:?}, the bot's run has {want}"
        ));
    }
    println!("wrote docs/screenshot-under-way.png, {want}, as the bot's run");
    Ok(())
}

/// The key script of the bot's run of `seed` and `class`, up to `turns`
/// turns into floor `depth`: each action as the book's key that asks for
/// it (a travel as a click on its cell).
fn bot_script(
    seed: u32,
    class: amulets_core::player::Class,
    depth: i32,
    turns: u32,
) -> Result<(String, u64)> {
    use amulets_core::input::Action;
    let mut game = amulets_core::game::Game::new_run(seed, class);
    let mut bot = amulets_core::bot::Bot::new();
    let mut script = String::new();
    let mut arrived = None;
    loop {
        if game.depth() == depth {
            let at = *arrived.get_or_insert(game.turn());
            if game.turn() >= at + turns && !game.command_running() {
                return Ok((script, amulets_core::replay::state_hash(&game)));
            }
        }
        if game.command_running() {
            game.step_command();
            continue;
        }
        let action = bot.next_action(&game).ok_or_else(|| {
            anyhow::anyhow!("the bot's run of seed {seed} ended at turn {}", game.turn())
        })?;
        let key = match action {
            Action::Move(d) => {
                use amulets_core::geom::Dir;
                let vi = match d {
                    Dir::W => 'h',
                    Dir::S => 'j',
                    Dir::N => 'k',
                    Dir::E => 'l',
                    Dir::NW => 'y',
                    Dir::NE => 'u',
                    Dir::SW => 'b',
                    Dir::SE => 'n',
                };
                Some(vi.to_string())
            }
            Action::TravelTo(p) => Some(format!("{{click {} {}}}", p.x, p.y)),
            Action::Letter(c) => Some(c.to_string()),
            Action::Confirm(yes) => Some(if yes { "y" } else { "n" }.to_string()),
            Action::Cancel => Some("{Esc}".to_string()),
            Action::Select => Some("{Enter}".to_string()),
            Action::Wait => Some(".".to_string()),
            Action::Rest => Some("R".to_string()),
            Action::Explore => Some("o".to_string()),
            Action::Descend => Some(">".to_string()),
            Action::PickUp => Some("g".to_string()),
            Action::Inventory => Some("i".to_string()),
            Action::Use => Some("u".to_string()),
            Action::Search => Some("s".to_string()),
            Action::Fire => Some("f".to_string()),
            Action::Throw => Some("t".to_string()),
            Action::Cast => Some("z".to_string()),
            _ => None,
        };
        let key = key.ok_or_else(|| anyhow::anyhow!("no key for the bot's {action:?}"))?;
        script.push_str(&key);
        game.act(action);
    }
}
