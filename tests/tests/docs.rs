//! The docs against the code: every Rust path a doc names in backticks
//! (`Session::press`, `view::screen`, `amulets_core::input::NAMES`) names
//! something the code defines, and every repository path a doc names, in
//! backticks or as a link, is there. The README, ARCHITECTURE.md,
//! CONTRIBUTING.md and `docs/*.md` are read (not `docs/log/`, which is
//! history: it names what was, as it was).
//!
//! It reads the source as text, as the architecture test does: a name is
//! defined in a file when the file has `fn NAME`, `struct NAME` and the
//! like, an enum's variant or a field of that name, or re-exports it
//! (`pub use`). A path `A::b` holds when `b` is defined in a file of `A`:
//! a module's files (`view` is `view.rs`, `view/*.rs`, or an inline
//! `mod view`), a crate's (`amulets_core`), or a type's, where it is
//! defined or has an `impl`. Paths into the standard library and the
//! crates the project uses are not checked.
#![cfg(not(target_os = "wasi"))]

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

/// The workspace's crates: their folders, and the names code calls them by.
const CRATES: [(&str, &str); 12] = [
    ("core", "amulets_core"),
    ("play", "amulets_play"),
    ("desktop", "amulets_desktop"),
    ("picture", "amulets_picture"),
    ("shell-sdl", "amulets_sdl"),
    ("shell-tui", "amulets_tui"),
    ("shell-web", "amulets_web"),
    ("shell-embedded", "amulets_embedded"),
    ("gen", "amulets_gen"),
    ("benches", "amulets_benches"),
    ("tests", "amulets_tests"),
    ("xtask", "xtask"),
];

/// First segments of paths outside the workspace, which are not checked.
const OUTSIDE: [&str; 16] = [
    "std",
    "core",
    "alloc",
    "fmt",
    "io",
    "File",
    "Vec",
    "String",
    "Option",
    "Result",
    "heapless",
    "sdl3",
    "clap",
    "rand_core",
    "crossterm",
    "embedded_graphics",
];

/// A Rust source file: its path from the root, and the names it defines.
struct Source {
    path: String,
    names: BTreeSet<String>,
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        if path.is_dir() && !path.ends_with("target") {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The word that starts `text`, if any: letters, digits, `_`.
fn word(text: &str) -> &str {
    let end = text
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(text.len());
    &text[..end]
}

/// The names a file defines: items after their keyword, variants and
/// fields (an indented name then `,`, `(`, `{` or `:`), and what it
/// re-exports.
fn names_in(text: &str) -> BTreeSet<String> {
    let mut names = BTreeSet::new();
    let keywords = [
        "fn ",
        "struct ",
        "enum ",
        "trait ",
        "type ",
        "const ",
        "static ",
        "mod ",
        "union ",
        "macro_rules! ",
    ];
    for line in text.lines() {
        let t = line.trim_start();
        let indented = t.len() < line.len();
        let mut rest = t;
        for prefix in ["pub(crate) ", "pub(super) ", "pub "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        for prefix in ["const ", "unsafe ", "async "] {
            if rest
                .strip_prefix(prefix)
                .is_some_and(|r| r.starts_with("fn "))
            {
                rest = &rest[prefix.len()..];
            }
        }
        for k in keywords {
            if let Some(after) = rest.strip_prefix(k) {
                names.insert(word(after).to_string());
            }
        }
        if let Some(uses) = t.strip_prefix("pub use ") {
            let list = uses.split_once('{').map_or(uses, |(_, l)| l);
            for item in list.split([',', '}', ';']) {
                let item = item.rsplit("::").next().unwrap().trim();
                let item = item.rsplit(" as ").next().unwrap().trim();
                names.insert(item.to_string());
            }
        }
        if indented {
            let name = word(t);
            let after = t[name.len()..].trim_start();
            let variant = name.starts_with(|c: char| c.is_ascii_uppercase())
                && (after.is_empty() || after.starts_with([',', '(', '{']));
            let field = name.starts_with(|c: char| c.is_ascii_lowercase() || c == '_')
                && after.starts_with(':')
                && !after.starts_with("::");
            if variant || field {
                names.insert(name.to_string());
            }
        }
    }
    names.remove("");
    names
}

/// The type an inherent `impl` line is for: `impl<T> Type<T> {` is
/// `Type`'s; a trait's impl is none.
fn impl_of(line: &str) -> Option<String> {
    let t = line.trim_start().strip_prefix("impl")?;
    let head = t.split('{').next()?;
    // Drop what is inside angle brackets, innermost first.
    let mut flat = String::new();
    let mut depth = 0;
    let mut last = ' ';
    for c in head.chars() {
        match c {
            '<' => depth += 1,
            // `->` in `FnMut() -> u32` closes nothing.
            '>' if depth > 0 && last != '-' => depth -= 1,
            _ if depth == 0 => flat.push(c),
            _ => {}
        }
        last = c;
    }
    // A trait's impl for a type is the trait's, named `Trait::method`.
    if flat.contains(" for ") {
        return None;
    }
    let name = word(flat.trim().rsplit("::").next()?.trim());
    (!name.is_empty()).then(|| name.to_string())
}

/// The code's index: every file's names, each type's files (where it is
/// defined or implemented) and each inline module's file.
struct Code {
    files: Vec<Source>,
    types: BTreeMap<String, BTreeSet<usize>>,
}

impl Code {
    fn read() -> Code {
        let root = root();
        let mut paths = Vec::new();
        for (dir, _) in CRATES {
            rust_files(&root.join(dir), &mut paths);
        }
        let mut files = Vec::new();
        let mut types: BTreeMap<String, BTreeSet<usize>> = BTreeMap::new();
        for path in paths {
            let text = std::fs::read_to_string(&path).unwrap();
            let i = files.len();
            for line in text.lines() {
                let t = line.trim_start();
                let mut rest = t.strip_prefix("pub ").unwrap_or(t);
                rest = rest.strip_prefix("pub(crate) ").unwrap_or(rest);
                for k in ["struct ", "enum ", "trait ", "type ", "mod "] {
                    if let Some(after) = rest.strip_prefix(k) {
                        types.entry(word(after).to_string()).or_default().insert(i);
                    }
                }
                if let Some(of) = impl_of(line) {
                    types.entry(of).or_default().insert(i);
                }
            }
            let rel = path.strip_prefix(&root).unwrap();
            files.push(Source {
                path: rel.to_string_lossy().replace('\\', "/"),
                names: names_in(&text),
            });
        }
        Code { files, types }
    }

    /// The files a path's segment is: a crate's, a module's (its file,
    /// its folder, or the file it is inline in), or a type's.
    fn scope(&self, segment: &str) -> BTreeSet<usize> {
        let all = 0..self.files.len();
        if let Some((dir, _)) = CRATES.iter().find(|(_, name)| *name == segment) {
            let dir = format!("{dir}/");
            return all
                .filter(|&i| self.files[i].path.starts_with(&dir))
                .collect();
        }
        if segment == "crate" {
            return all.collect();
        }
        let mut out = self.types.get(segment).cloned().unwrap_or_default();
        out.extend(all.filter(|&i| {
            let path = &self.files[i].path;
            let stem = path.trim_end_matches(".rs");
            stem.split('/').skip(1).any(|part| part == segment)
        }));
        out
    }

    /// True when every step of `path` (`a::b::c`) is defined in the files
    /// of the one before it.
    fn has(&self, path: &str) -> bool {
        let segments: Vec<&str> = path.split("::").collect();
        segments.windows(2).all(|pair| {
            self.scope(pair[0])
                .iter()
                .any(|&i| self.files[i].names.contains(pair[1]))
        })
    }
}

/// The docs held to the code, each with its text outside fenced blocks.
fn docs() -> Vec<(String, String)> {
    let root = root();
    let mut names: Vec<String> = ["README.md", "ARCHITECTURE.md", "CONTRIBUTING.md"]
        .map(String::from)
        .to_vec();
    let mut pages: Vec<String> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    pages.sort();
    names.extend(pages);
    names
        .into_iter()
        .map(|name| {
            let text = std::fs::read_to_string(root.join(&name)).unwrap();
            let prose: String = text.split("```").step_by(2).collect::<Vec<_>>().join("\n");
            (name, prose)
        })
        .collect()
}

/// The spans in backticks on one line each.
fn backticked(text: &str) -> Vec<&str> {
    text.lines()
        .flat_map(|l| l.split('`').skip(1).step_by(2))
        .map(str::trim)
        .collect()
}

/// A span that is a Rust path: two or more segments joined by `::`, with
/// an optional `()` after it.
fn rust_path(span: &str) -> Option<&str> {
    let path = span.strip_suffix("()").unwrap_or(span);
    let segments: Vec<&str> = path.split("::").collect();
    let ok = segments.len() >= 2
        && segments.iter().all(|s| {
            !s.is_empty()
                && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '_')
                && !s.starts_with(|c: char| c.is_ascii_digit())
        });
    ok.then_some(path)
}

#[test]
fn every_rust_path_a_doc_names_is_in_the_code() {
    let code = Code::read();
    let mut missing = Vec::new();
    for (doc, text) in docs() {
        for span in backticked(&text) {
            let Some(path) = rust_path(span) else {
                continue;
            };
            if OUTSIDE.contains(&path.split("::").next().unwrap()) {
                continue;
            }
            if !code.has(path) {
                missing.push(format!("{doc}: `{span}`"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "names nothing in the code:\n{}",
        missing.join("\n")
    );
}

#[test]
fn every_repository_path_a_doc_names_is_there() {
    let root = root();
    let tops: BTreeSet<String> = std::fs::read_dir(&root)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().to_string())
        .filter(|n| n != "target")
        .collect();
    let mut missing = Vec::new();
    for (doc, text) in docs() {
        for span in backticked(&text) {
            let Some((first, _)) = span.split_once('/') else {
                continue;
            };
            let plain = !span.contains([' ', '*', '<', '{']);
            if plain && tops.contains(first) && !root.join(span).exists() {
                missing.push(format!("{doc}: `{span}`"));
            }
            // A file is named from the root, so a reader finds it: only
            // what a build makes (`target/...`) and a save folder's files
            // (`morgue/...`) are named from elsewhere.
            let file = span
                .rsplit('/')
                .next()
                .is_some_and(|name| name.contains('.'));
            let elsewhere = ["target", "morgue"].contains(&first);
            if plain && file && !tops.contains(first) && !elsewhere {
                missing.push(format!("{doc}: `{span}` (not a path from the root)"));
            }
        }
        let dir = Path::new(&doc).parent().unwrap().to_path_buf();
        for link in text.split("](").skip(1) {
            let target = link.split(')').next().unwrap().split('#').next().unwrap();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !root.join(&dir).join(target).exists() {
                missing.push(format!("{doc}: link ({target})"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "not in the repository:\n{}",
        missing.join("\n")
    );
}
