//! The firmware's frames as the host reads them.

use super::*;
use anyhow::{Result, anyhow};

/// Reads a binary PPM (P6) as (width, height, RGB bytes).
pub(super) fn read_ppm(path: &Path) -> Result<(u32, u32, Vec<u8>)> {
    let bytes = std::fs::read(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut fields = Vec::new();
    let mut at = 0;
    while fields.len() < 4 {
        while at < bytes.len() && bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        let start = at;
        while at < bytes.len() && !bytes[at].is_ascii_whitespace() {
            at += 1;
        }
        fields.push(String::from_utf8_lossy(&bytes[start..at]).into_owned());
    }
    let bad = || anyhow!("{}: not a P6 picture", path.display());
    if fields[0] != "P6" || fields[3] != "255" {
        return Err(bad());
    }
    let w: u32 = fields[1].parse().map_err(|_| bad())?;
    let h: u32 = fields[2].parse().map_err(|_| bad())?;
    let data = bytes[at + 1..].to_vec();
    if data.len() != (w * h * 3) as usize {
        return Err(bad());
    }
    Ok((w, h, data))
}
