//! `cargo xtask licences` (part of `ci`): every dependency's licence, from
//! `cargo metadata`, must be one a user of Amulets may take on (the
//! `ALLOWED` list, any one alternative of an `OR`, every part of an `AND`),
//! and no crate may come in two major versions unless `TWICE` names it,
//! with who brings the second.

use crate::sh;
use anyhow::{Context, Result, anyhow};
use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};

/// Licences of our dependencies that we accept. MPL-2.0 is copyleft by the
/// file (a changed file of it must be shared, our own code need not be);
/// the rest are permissive.
const ALLOWED: [&str; 15] = [
    "MIT",
    "Apache-2.0",
    "Apache-2.0 WITH LLVM-exception",
    "BSD-2-Clause",
    "BSD-3-Clause",
    "ISC",
    "Zlib",
    "Unicode-3.0",
    "Unicode-DFS-2016",
    "BSL-1.0",
    "0BSD",
    "Unlicense",
    "CC0-1.0",
    "MPL-2.0",
    "WTFPL",
];

/// Crates that come in two major versions through other crates' pins,
/// let be: the check prints who brings each version.
const TWICE: [&str; 14] = [
    "bitflags",
    "embedded-hal",
    "getrandom",
    "itertools",
    "miniz_oxide",
    "nb",
    "nix",
    "r-efi",
    "rand_core",
    "rustc_version",
    "semver",
    "syn",
    "thiserror",
    "thiserror-impl",
];

/// True when `expr` (an SPDX expression, or the old `A/B`) is allowed.
fn allowed(expr: &str) -> bool {
    let flat = expr.replace(['(', ')'], " ").replace('/', " OR ");
    flat.split(" OR ").any(|alternative| {
        alternative.split(" AND ").all(|part| {
            ALLOWED.contains(
                &part
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .as_str(),
            )
        })
    })
}

/// A version's major part, as Cargo reads compatibility: `1.2.3` is 1,
/// `0.4.1` is 0.4.
fn major(version: &str) -> String {
    let mut parts = version.split('.');
    match (parts.next(), parts.next()) {
        (Some("0"), Some(minor)) => format!("0.{minor}"),
        (Some(m), _) => m.to_string(),
        _ => version.to_string(),
    }
}

pub fn run() -> Result<()> {
    let text = sh::output(sh::cmd(
        &sh::cargo(),
        &["metadata", "--format-version", "1", "--locked"],
    ))?;
    let meta: Value = serde_json::from_str(&text)?;
    let ours = workspace_members(&meta)?;
    let mut refused = Vec::new();
    let mut majors: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let packages = meta["packages"].as_array().context("no packages")?;
    for p in packages {
        if ours.contains(p["id"].as_str().unwrap_or("")) {
            continue;
        }
        let name = p["name"].as_str().unwrap_or("?");
        let version = p["version"].as_str().unwrap_or("?");
        match p["license"].as_str() {
            Some(l) if allowed(l) => {}
            l => refused.push(format!(
                "{name} {version}: {}",
                l.unwrap_or("no licence named")
            )),
        }
        majors
            .entry(name.to_string())
            .or_default()
            .insert(major(version));
    }
    let twice: Vec<String> = majors
        .iter()
        .filter(|(name, v)| v.len() > 1 && !TWICE.contains(&name.as_str()))
        .map(|(name, v)| {
            format!(
                "{name} ({})",
                v.iter().cloned().collect::<Vec<_>>().join(", ")
            )
        })
        .collect();
    let stale: Vec<&str> = TWICE
        .into_iter()
        .filter(|n| majors.get(*n).is_none_or(|v| v.len() < 2))
        .collect();
    let mut errors = Vec::new();
    if !refused.is_empty() {
        errors.push(format!("licences not allowed: {}", refused.join("; ")));
    }
    if !twice.is_empty() {
        errors.push(format!(
            "crates in two major versions: {}",
            twice.join("; ")
        ));
    }
    if !stale.is_empty() {
        errors.push(format!(
            "TWICE names crates now in one version: {} (take them off)",
            stale.join(", ")
        ));
    }
    if !errors.is_empty() {
        return Err(anyhow!(errors.join("\n")));
    }
    println!(
        "licences: {} dependencies, every licence allowed; {} crates in two major versions, each listed:",
        packages.len() - ours.len(),
        TWICE.len()
    );
    for (name, versions) in brought_by(&meta, &TWICE) {
        println!("  {name}: {}", versions.join("; "));
    }
    Ok(())
}

/// The ids of the workspace's own packages, in `cargo metadata`'s words.
pub fn workspace_members(meta: &Value) -> Result<BTreeSet<&str>> {
    Ok(meta["workspace_members"]
        .as_array()
        .context("no workspace members")?
        .iter()
        .filter_map(Value::as_str)
        .collect())
}

/// For each crate of `names`, each version and the crates that bring it
/// (from the lock file's resolve graph).
fn brought_by(meta: &Value, names: &[&str]) -> Vec<(String, Vec<String>)> {
    let name_of = |id: &str| -> Option<(String, String)> {
        meta["packages"]
            .as_array()?
            .iter()
            .find(|p| p["id"] == id)
            .map(|p| {
                (
                    p["name"].as_str().unwrap_or("?").to_string(),
                    p["version"].as_str().unwrap_or("?").to_string(),
                )
            })
    };
    let nodes = meta["resolve"]["nodes"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    let mut by: BTreeMap<(String, String), BTreeSet<String>> = BTreeMap::new();
    for node in &nodes {
        let Some((parent, _)) = name_of(node["id"].as_str().unwrap_or("")) else {
            continue;
        };
        for dep in node["deps"].as_array().into_iter().flatten() {
            if let Some((name, version)) = name_of(dep["pkg"].as_str().unwrap_or(""))
                && names.contains(&name.as_str())
            {
                by.entry((name, version))
                    .or_default()
                    .insert(parent.clone());
            }
        }
    }
    let mut out: Vec<(String, Vec<String>)> = Vec::new();
    for ((name, version), parents) in by {
        let said = format!(
            "{version} by {}",
            parents.into_iter().collect::<Vec<_>>().join(", ")
        );
        match out.last_mut() {
            Some((n, v)) if *n == name => v.push(said),
            _ => out.push((name, vec![said])),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn expressions_are_read_as_spdx_says() {
        assert!(allowed("MIT OR Apache-2.0"));
        assert!(allowed("MIT/Apache-2.0"));
        assert!(allowed("(MIT OR Apache-2.0) AND Unicode-3.0"));
        assert!(allowed(
            "Apache-2.0 WITH LLVM-exception OR Apache-2.0 OR MIT"
        ));
        assert!(
            allowed("MIT OR Apache-2.0 OR LGPL-2.1-or-later"),
            "one alternative is enough"
        );
        assert!(!allowed("GPL-3.0"));
        assert!(!allowed("MIT AND GPL-3.0"), "every part of an AND");
        assert_eq!(major("0.4.1"), "0.4");
        assert_eq!(major("2.13.2"), "2");
    }
}
