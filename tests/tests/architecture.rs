//! ARCHITECTURE.md's arrows against the code: the core's modules' uses of
//! each other (outside their tests) and the crates' dependencies, both
//! ways, so the picture a reader trusts is the one the code has.
//!
//! It reads the repository's files as they are, which a WASI run of the
//! tests (`cargo xtask determinism`) has no way to: it runs on the host
//! and the other native targets only.
#![cfg(not(target_os = "wasi"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

type Arrows = BTreeMap<String, BTreeSet<String>>;

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The `text` blocks of ARCHITECTURE.md's "What uses what", as arrows:
/// the crates', the core's modules' and the play layer's modules'.
fn drawn() -> (Arrows, Arrows, Arrows) {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = text
        .split("### What uses what")
        .nth(1)
        .expect("ARCHITECTURE.md has a \"What uses what\" section");
    let blocks: Vec<Arrows> = section
        .split("```text\n")
        .skip(1)
        .take(3)
        .map(|block| {
            let block = block.split("```").next().unwrap();
            block
                .lines()
                .map(|line| {
                    let (from, to) = line.split_once("->").expect("a line is an arrow");
                    let to = to.split_whitespace().map(str::to_string).collect();
                    (from.trim().to_string(), to)
                })
                .collect()
        })
        .collect();
    (blocks[0].clone(), blocks[1].clone(), blocks[2].clone())
}

/// The code outside its tests: what comes before the file's test module,
/// with comments taken out.
fn code_of(text: &str) -> String {
    let code = match text.find("\n#[cfg(test)]\nmod ") {
        Some(at) => &text[..at],
        None => text,
    };
    code.lines()
        .map(|l| l.split("//").next().unwrap())
        .collect::<Vec<_>>()
        .join("\n")
}

fn files_under(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            files_under(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// Each top module of a crate (`core`, `play`) and the other top modules
/// of the same crate it names as `crate::name`.
fn module_uses(krate: &str) -> Arrows {
    let src = root().join(krate).join("src");
    let mut files = Vec::new();
    files_under(&src, &mut files);
    let mut uses = Arrows::new();
    for file in files {
        let rel = file.strip_prefix(&src).unwrap();
        let top = rel.iter().next().unwrap().to_string_lossy();
        let top = top.trim_end_matches(".rs").to_string();
        if top == "lib" {
            continue;
        }
        let code = code_of(&std::fs::read_to_string(&file).unwrap());
        let named = uses.entry(top.clone()).or_default();
        for (at, _) in code.match_indices("crate::") {
            let name: String = code[at + 7..]
                .chars()
                .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                .collect();
            if !name.is_empty() && name != top {
                named.insert(name);
            }
        }
    }
    uses
}

/// Each crate that ships and the workspace's crates it depends on (not
/// for its tests).
fn crate_uses() -> Arrows {
    let crates = [
        ("amulets-sdl", "shell-sdl"),
        ("amulets-tui", "shell-tui"),
        ("amulets-gen", "gen"),
        ("amulets-web", "shell-web"),
        ("amulets-embedded", "shell-embedded"),
        ("amulets-desktop", "desktop"),
        ("amulets-picture", "picture"),
        ("amulets-play", "play"),
    ];
    let mut uses = Arrows::new();
    for (name, dir) in crates {
        let manifest = std::fs::read_to_string(root().join(dir).join("Cargo.toml")).unwrap();
        let deps = manifest
            .split("\n[dependencies]\n")
            .nth(1)
            .expect("a [dependencies] table")
            .split("\n[")
            .next()
            .unwrap();
        let named = deps
            .lines()
            .filter_map(|l| l.split(['.', ' ', '=']).next())
            .filter(|d| d.starts_with("amulets-"))
            .map(str::to_string)
            .collect();
        uses.insert(name.to_string(), named);
    }
    uses
}

#[test]
fn the_core_modules_arrows_are_the_codes() {
    let (_, drawn, _) = drawn();
    assert_eq!(
        module_uses("core"),
        drawn,
        "ARCHITECTURE.md's module arrows"
    );
    assert!(
        !drawn["level"].contains("mapgen"),
        "level needs no generator"
    );
}

#[test]
fn the_play_layers_modules_arrows_are_the_codes() {
    let (_, _, drawn) = drawn();
    assert_eq!(
        module_uses("play"),
        drawn,
        "ARCHITECTURE.md's play module arrows"
    );
}

#[test]
fn the_core_names_nothing_of_the_play_layer() {
    let mut files = Vec::new();
    files_under(&root().join("core/src"), &mut files);
    assert!(files.len() > 20, "the core's files are read");
    for file in files {
        let text = std::fs::read_to_string(&file).unwrap();
        assert!(
            !text.contains("amulets_play"),
            "{} names the play layer",
            file.display()
        );
    }
    let manifest = std::fs::read_to_string(root().join("core/Cargo.toml")).unwrap();
    assert!(!manifest.contains("amulets-play"), "the core's manifest");
}

#[test]
fn the_crates_arrows_are_the_manifests_and_no_shell_uses_another() {
    let (drawn, _, _) = drawn();
    let uses = crate_uses();
    assert_eq!(uses, drawn, "ARCHITECTURE.md's crate arrows");
    let shells = [
        "amulets-sdl",
        "amulets-tui",
        "amulets-web",
        "amulets-embedded",
    ];
    for shell in shells {
        for other in &uses[shell] {
            assert!(!shells.contains(&other.as_str()), "{shell} uses {other}");
        }
    }
}

#[test]
fn a_use_outside_the_tests_is_seen_and_one_inside_is_not() {
    let text = "use crate::geom::Point;\n// crate::map in words\n\
                #[cfg(test)]\nmod tests {\n    use crate::rng::Rng;\n}\n";
    let code = code_of(text);
    assert!(code.contains("crate::geom"));
    assert!(!code.contains("crate::map") && !code.contains("crate::rng"));
}

#[test]
fn ci_runs_the_readmes_set_up_as_written() {
    let readme = std::fs::read_to_string(root().join("README.md")).unwrap();
    let set_up = readme
        .split("```sh\n")
        .nth(1)
        .and_then(|b| b.split("```").next())
        .expect("the README's set-up block");
    let lines: Vec<&str> = set_up.lines().collect();
    assert_eq!(lines.len(), 3, "a prerequisite line, play, test: {set_up}");
    let ci = std::fs::read_to_string(root().join(".ci/run")).unwrap();
    let run: Vec<&str> = ci
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter(|l| !l.starts_with("set ") && !l.starts_with("cd ") && !l.starts_with("export "))
        .collect();
    assert_eq!(
        run,
        [lines[0], lines[2]],
        "CI runs the README's first and last lines"
    );
}

/// The shells' code outside their tests, file by file.
fn shell_code() -> Vec<(PathBuf, String)> {
    let mut files = Vec::new();
    for dir in [
        "picture",
        "desktop",
        "shell-sdl",
        "shell-tui",
        "shell-web",
        "shell-embedded",
    ] {
        files_under(&root().join(dir).join("src"), &mut files);
    }
    files
        .into_iter()
        .map(|f| {
            let code = code_of(&std::fs::read_to_string(&f).unwrap());
            (f, code)
        })
        .collect()
}

/// What only the core may work out: a colour of its palette, a route, the
/// line of fire, the juice's flashes and missiles, the cursor, a camera.
/// A shell reads them from `play::view` (the scene, `Shown`, `chrome`).
const THE_CORES: [&str; 9] = [
    "palette::",
    "route_to(",
    "aim_line(",
    ".route()",
    "flashing(",
    "flashes(",
    "missile()",
    ".cursor()",
    ".clamp(0, MAP_",
];

#[test]
fn no_shell_chooses_a_colour_an_overlay_or_a_camera() {
    let code = shell_code();
    assert!(code.len() > 20, "the shells' files are read");
    for (file, code) in &code {
        for word in THE_CORES {
            assert!(
                !code.contains(word),
                "{} works out what the core says: {word}",
                file.display()
            );
        }
    }
}

/// Whether the arrows have a circle, and one if so (a depth-first search
/// by a stack of its own).
fn circle(arrows: &Arrows) -> Option<Vec<String>> {
    #[derive(Clone, Copy, PartialEq)]
    enum Mark {
        New,
        Open,
        Done,
    }
    let mut mark: BTreeMap<&str, Mark> = arrows.keys().map(|k| (k.as_str(), Mark::New)).collect();
    for start in arrows.keys() {
        if mark[start.as_str()] != Mark::New {
            continue;
        }
        let mut path: Vec<(&str, Vec<&str>)> = Vec::new();
        let next = |n: &str| -> Vec<&str> {
            arrows
                .get(n)
                .map(|to| to.iter().map(String::as_str).collect())
                .unwrap_or_default()
        };
        mark.insert(start, Mark::Open);
        path.push((start, next(start)));
        while let Some((node, todo)) = path.last_mut() {
            let node = *node;
            match todo.pop() {
                None => {
                    mark.insert(node, Mark::Done);
                    path.pop();
                }
                Some(to) => match mark.get(to).copied().unwrap_or(Mark::Done) {
                    Mark::Open => {
                        let at = path.iter().position(|(n, _)| *n == to).unwrap();
                        let mut c: Vec<String> =
                            path[at..].iter().map(|(n, _)| n.to_string()).collect();
                        c.push(to.to_string());
                        return Some(c);
                    }
                    Mark::New => {
                        mark.insert(to, Mark::Open);
                        path.push((to, next(to)));
                    }
                    Mark::Done => {}
                },
            }
        }
    }
    None
}

/// Each module of a folder of a crate (the core's `game/`, the play
/// layer's `session/`, ...) and the others of the same folder it names
/// (`super::x`, `crate::folder::x`). The folder's own `mod.rs` is a module
/// too (`mod`): it names every child it declares, and a child that names
/// anything of the folder's that is not a sibling module (`super::Session`)
/// names `mod`, so a child that leans on its parent is a circle. That
/// holds for the session's parts (`play/src/session/`), which never name
/// the session; elsewhere (the core's `Game`, one type with its `impl`
/// blocks over `game/`'s files by design; the view's re-exports) a child's
/// `super::Item` is not counted yet.
fn folder_uses(krate: &str) -> BTreeMap<String, Arrows> {
    let src = root().join(krate).join("src");
    let mut out = BTreeMap::new();
    for entry in std::fs::read_dir(&src).unwrap() {
        let top = entry.unwrap().path();
        if !top.is_dir() {
            continue;
        }
        let folder = top.file_name().unwrap().to_string_lossy().to_string();
        let parents_count = (krate, folder.as_str()) == ("play", "session");
        let mut files = Vec::new();
        files_under(&top, &mut files);
        // A module's name: its file's, or its folder's for a nested
        // `mod.rs` (the folder's own `mod.rs` is `mod`); and the module
        // that declares it, which its `super::` names.
        let name_of = |d: &Path| {
            if d == top {
                "mod".to_string()
            } else {
                d.file_name().unwrap().to_string_lossy().to_string()
            }
        };
        let node = |f: &Path| -> (String, String) {
            let stem = f.file_stem().unwrap().to_string_lossy().to_string();
            let dir = f.parent().unwrap();
            match (stem == "mod", dir == top) {
                (true, true) => ("mod".to_string(), String::new()),
                (true, false) => (name_of(dir), name_of(dir.parent().unwrap())),
                (false, _) => (stem, name_of(dir)),
            }
        };
        let names: Vec<String> = files.iter().map(|f| node(f).0).collect();
        let ident = |text: &str| -> String {
            text.chars()
                .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                .collect()
        };
        let mut arrows = Arrows::new();
        for file in &files {
            let (me, parent) = node(file);
            let code = code_of(&std::fs::read_to_string(file).unwrap());
            let named = arrows.entry(me.clone()).or_default();
            if file.file_stem().is_some_and(|s| s == "mod") {
                for (at, _) in code.match_indices("mod ") {
                    let rest = &code[at + 4..];
                    let name = ident(rest);
                    if rest[name.len()..].starts_with(';') && names.contains(&name) {
                        named.insert(name);
                    }
                }
            }
            // `super::x` names a sibling or else the parent's own item;
            // `crate::folder::x` a module of the folder or else `mod`'s.
            for (prefix, owner) in [
                (format!("crate::{folder}::"), "mod"),
                ("super::".to_string(), parent.as_str()),
            ] {
                let mut name_it = |name: &str| {
                    let sibling = names.iter().any(|n| n == name && n != "mod");
                    let to = match (sibling, parents_count) {
                        (true, _) => name,
                        (false, true) => owner,
                        (false, false) => "",
                    };
                    if !name.is_empty() && !to.is_empty() && to != me {
                        named.insert(to.to_string());
                    }
                };
                for (at, _) in code.match_indices(prefix.as_str()) {
                    let rest = &code[at + prefix.len()..];
                    if let Some(list) = rest.strip_prefix('{') {
                        // `use super::{a, b::C}`.
                        let list = &list[..list.find('}').unwrap_or(0)];
                        for item in list.split(',') {
                            name_it(item.trim().split("::").next().unwrap_or(""));
                        }
                    } else {
                        name_it(&ident(rest));
                    }
                }
            }
        }
        out.insert(folder, arrows);
    }
    out
}

#[test]
fn no_crate_of_ours_has_a_circle_of_modules() {
    for krate in ["core", "play", "xtask", "checks", "rigs"] {
        assert_eq!(
            circle(&module_uses(krate)),
            None,
            "the top modules of {krate}"
        );
        for (folder, arrows) in folder_uses(krate) {
            assert_eq!(circle(&arrows), None, "the modules of {krate}/src/{folder}");
        }
    }
}

#[test]
fn the_rigs_know_nothing_of_the_game() {
    // The drivers are the checks' tools: they depend on no crate of ours,
    // and the checks on no chore.
    let deps = |krate: &str| -> String {
        let toml = std::fs::read_to_string(root().join(krate).join("Cargo.toml")).unwrap();
        toml.split("[dependencies]").nth(1).unwrap().to_string()
    };
    assert!(!deps("rigs").contains("amulets-"), "rigs/Cargo.toml");
    assert!(deps("checks").contains("amulets-rigs"));
    assert!(!deps("checks").contains("xtask"), "checks/Cargo.toml");
}

#[test]
fn a_circle_is_found() {
    let arrows = |pairs: &[(&str, &str)]| -> Arrows {
        let mut a = Arrows::new();
        for (from, to) in pairs {
            a.entry(from.to_string())
                .or_default()
                .insert(to.to_string());
            a.entry(to.to_string()).or_default();
        }
        a
    };
    assert_eq!(circle(&arrows(&[("a", "b"), ("b", "c")])), None);
    let found = circle(&arrows(&[("a", "b"), ("b", "c"), ("c", "a")])).unwrap();
    assert_eq!(found.first(), found.last());
    assert_eq!(found.len(), 4);
    assert!(circle(&arrows(&[("x", "y"), ("y", "x")])).is_some());
}

#[test]
fn a_child_that_names_its_parents_items_closes_a_circle_through_mod() {
    // The session's parts never name the session: `mod` declares them
    // all, so a part that named `super::Session` would be a circle.
    let play = folder_uses("play");
    let session = &play["session"];
    assert!(session["mod"].contains("keyboard"), "{session:?}");
    assert!(session["mod"].contains("run"), "{session:?}");
    assert!(session["run"].contains("notes"), "{session:?}");
    for (part, to) in session {
        assert!(!to.contains("mod"), "{part} names the session's own items");
    }
}

/// The public types of the two game crates, each name with the files
/// that declare it.
fn public_types() -> BTreeMap<String, Vec<PathBuf>> {
    let mut found: BTreeMap<String, Vec<PathBuf>> = BTreeMap::new();
    for krate in ["core", "play"] {
        let mut files = Vec::new();
        files_under(&root().join(krate).join("src"), &mut files);
        for file in files {
            let code = code_of(&std::fs::read_to_string(&file).unwrap());
            for line in code.lines() {
                let line = line.trim_start();
                for kind in ["pub struct ", "pub enum ", "pub trait ", "pub type "] {
                    if let Some(rest) = line.strip_prefix(kind) {
                        let name: String = rest
                            .chars()
                            .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                            .collect();
                        found.entry(name).or_default().push(file.clone());
                    }
                }
            }
        }
    }
    found
}

#[test]
fn no_two_public_types_of_the_game_crates_share_a_name() {
    let types = public_types();
    assert!(types.contains_key("Session") && types.contains_key("Game"));
    let shared: Vec<_> = types.iter().filter(|(_, files)| files.len() > 1).collect();
    assert!(shared.is_empty(), "names declared twice: {shared:?}");
}

/// The names a section of ARCHITECTURE.md lists in bold backticks
/// (`- **`name`**: ...`, several to a line), from its heading to the next.
fn listed(heading: &str) -> BTreeSet<String> {
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let section = text
        .split(&format!("\n{heading}\n"))
        .nth(1)
        .unwrap_or_else(|| panic!("ARCHITECTURE.md has {heading:?}"));
    let section = section.split("\n## ").next().unwrap();
    section
        .split("**`")
        .skip(1)
        .filter_map(|s| s.split_once("`**").map(|(name, _)| name.to_string()))
        .collect()
}

/// The modules a crate's `lib.rs` declares.
fn declared(krate: &str) -> BTreeSet<String> {
    let lib = std::fs::read_to_string(root().join(krate).join("src/lib.rs")).unwrap();
    lib.lines()
        .filter_map(|l| l.strip_prefix("pub mod "))
        .map(|l| l.trim_end_matches(';').to_string())
        .collect()
}

#[test]
fn architecture_lists_every_module_of_both_game_crates_and_is_short() {
    assert_eq!(listed("## Core modules"), declared("core"), "the core's");
    assert_eq!(
        listed("## Play modules"),
        declared("play"),
        "the play layer's"
    );
    let text = std::fs::read_to_string(root().join("ARCHITECTURE.md")).unwrap();
    let lines = text.lines().count();
    assert!(
        lines <= 250,
        "ARCHITECTURE.md is {lines} lines: a map, not a guide"
    );
}

#[test]
fn architecture_lists_every_xtask_command_and_no_other() {
    // xtask's commands: the variants of its clap `Command` enum, as clap
    // names them (kebab-case), and clap's own `help`.
    let main = std::fs::read_to_string(root().join("xtask/src/main.rs")).unwrap();
    let body = main
        .split("enum Command {\n")
        .nth(1)
        .and_then(|b| b.split("\n}\n").next())
        .expect("xtask's main.rs has its Command enum");
    let kebab = |name: &str| -> String {
        let mut out = String::new();
        for (i, c) in name.chars().enumerate() {
            if c.is_ascii_uppercase() && i > 0 {
                out.push('-');
            }
            out.push(c.to_ascii_lowercase());
        }
        out
    };
    let mut commands: BTreeSet<String> = body
        .lines()
        .filter_map(|l| l.strip_prefix("    "))
        .filter(|l| l.starts_with(|c: char| c.is_ascii_uppercase()))
        .map(|l| {
            kebab(
                l.split(|c: char| !c.is_ascii_alphanumeric())
                    .next()
                    .unwrap_or(l),
            )
        })
        .collect();
    commands.insert("help".to_string());
    assert!(
        commands.contains("ci") && commands.contains("qemu-m3-replays"),
        "{commands:?}"
    );
    assert_eq!(listed("## xtask"), commands);
}
