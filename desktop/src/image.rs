//! Pictures as files: RGB rows written as a PNG, for the SDL game's
//! `--screenshot` and the chores' frames alike.

use std::path::Path;

/// Writes `w` x `h` RGB rows (3 bytes a pixel) as a PNG file.
pub fn write_png(path: &Path, w: u32, h: u32, rgb: &[u8]) -> Result<(), String> {
    let file = std::fs::File::create(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder
        .write_header()
        .and_then(|mut writer| writer.write_image_data(rgb))
        .map_err(|e| format!("{}: {e}", path.display()))
}
