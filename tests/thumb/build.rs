//! On a bare-metal target, hand cortex-m-rt the board's memory map and its
//! linker script; on the host there is nothing to link.
use std::{env, fs, path::PathBuf};

/// The replays CI records (`cargo xtask determinism`), compiled in: the
/// first `AMULETS_CI_REPLAYS_COUNT` of the folder `AMULETS_CI_REPLAYS`, in
/// name order; none when it is not set.
fn ci_replays(out: &std::path::Path) {
    println!("cargo:rerun-if-env-changed=AMULETS_CI_REPLAYS");
    println!("cargo:rerun-if-env-changed=AMULETS_CI_REPLAYS_COUNT");
    let mut list = String::from("&[\n");
    if let Some(dir) = env::var_os("AMULETS_CI_REPLAYS") {
        let dir = PathBuf::from(dir);
        let count: usize = env::var("AMULETS_CI_REPLAYS_COUNT")
            .ok()
            .and_then(|c| c.parse().ok())
            .expect("AMULETS_CI_REPLAYS_COUNT: how many replays to compile in");
        let mut names: Vec<PathBuf> = fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "txt"))
            .collect();
        names.sort();
        assert!(
            names.len() >= count,
            "{} replays in {}",
            names.len(),
            dir.display()
        );
        for path in &names[..count] {
            println!("cargo:rerun-if-changed={}", path.display());
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            list += &format!(
                "    ({name:?}, include_str!({:?})),\n",
                path.display().to_string()
            );
        }
    }
    list += "]\n";
    fs::write(out.join("ci_replays.rs"), list).expect("OUT_DIR is writable");
}

fn main() {
    println!("cargo:rerun-if-changed=memory.x");
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    ci_replays(&out);
    if env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("none") {
        return;
    }
    fs::write(out.join("memory.x"), include_bytes!("memory.x")).expect("OUT_DIR is writable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
}
