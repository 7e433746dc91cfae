//! The firmwares: hands cortex-m-rt the chosen board's memory map. A host
//! build (the library and its tests) links nothing.
use std::{env, fs, path::PathBuf};

fn main() {
    println!("cargo:rerun-if-changed=boards");
    for var in [
        "AMULETS_SEED",
        "AMULETS_CLASS",
        "AMULETS_TURNS",
        "AMULETS_LAYOUT",
    ] {
        println!("cargo:rerun-if-env-changed={var}");
    }
    let boards = [
        ("CARGO_FEATURE_BOARD_MPS2", "boards/mps2-an386.x"),
        ("CARGO_FEATURE_BOARD_LM3S", "boards/lm3s6965.x"),
        ("CARGO_FEATURE_BOARD_PICO", "boards/rp2040.x"),
    ];
    let chosen: Vec<&str> = boards
        .iter()
        .filter(|(feature, _)| env::var_os(feature).is_some())
        .map(|&(_, file)| file)
        .collect();
    // The Wio Terminal's board crate writes its own memory.x; the link
    // script is still ours to ask for.
    let wio = env::var_os("CARGO_FEATURE_BOARD_WIO").is_some();
    if wio || !chosen.is_empty() {
        // Functions of the same machine code are kept once: the play
        // layer's and the shell's copies of one generic instance, which
        // crates do not share, fold into one.
        println!("cargo:rustc-link-arg-bins=--icf=all");
    }
    if wio {
        assert!(chosen.is_empty(), "choose one board feature at a time");
        println!("cargo:rustc-link-arg-bins=-Tlink.x");
        if env::var_os("CARGO_FEATURE_DEFMT").is_some() {
            println!("cargo:rustc-link-arg-bins=-Tdefmt.x");
        }
        return;
    }
    let memory = match chosen.as_slice() {
        [] => return,
        [one] => *one,
        _ => panic!("choose one board feature at a time"),
    };
    let out = PathBuf::from(env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    fs::copy(memory, out.join("memory.x")).expect("OUT_DIR is writable");
    println!("cargo:rustc-link-search={}", out.display());
    println!("cargo:rustc-link-arg-bins=-Tlink.x");
}
