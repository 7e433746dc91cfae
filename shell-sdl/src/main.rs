//! The desktop shell. Until the SDL3 issue lands it only says so, and shows
//! that it links the core.

fn main() {
    let floor = amulets_core::map::Map::new();
    eprintln!(
        "amulets: the SDL3 desktop shell is not built yet (a {}-cell map is ready for it).",
        floor.cells().len()
    );
    eprintln!("Play in a terminal once the terminal shell lands: cargo xtask run-tui");
    std::process::exit(1);
}
