//! Comparing two pictures the games wrote, by their pixels (two PNG files
//! of the same picture may differ in their bytes).

use std::path::Path;

/// A picture's size and its pixels as 8-bit RGBA.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn read(path: &Path) -> Result<Picture, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder
        .read_info()
        .map_err(|e| format!("{}: {e}", path.display()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("{}: {e}", path.display()))?;
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => return Err(format!("{}: a {other:?} picture", path.display())),
    };
    Ok(Picture {
        width: info.width,
        height: info.height,
        rgba,
    })
}

/// Ok when both pictures have the same size and every pixel alike, and the
/// picture is not of one colour (two blank pictures prove nothing).
pub fn same_pixels(a: &Path, b: &Path) -> Result<(), String> {
    let (pa, pb) = (read(a)?, read(b)?);
    if (pa.width, pa.height) != (pb.width, pb.height) {
        return Err(format!(
            "{} is {}x{}, {} is {}x{}",
            a.display(),
            pa.width,
            pa.height,
            b.display(),
            pb.width,
            pb.height
        ));
    }
    let first = pa.rgba.get(..4).unwrap_or_default();
    if pa.rgba.chunks_exact(4).all(|p| p == first) {
        return Err(format!("{} is of one colour", a.display()));
    }
    let differ = pa
        .rgba
        .chunks_exact(4)
        .zip(pb.rgba.chunks_exact(4))
        .filter(|(x, y)| x != y)
        .count();
    if differ > 0 {
        return Err(format!(
            "{} and {} differ in {differ} of {} pixels",
            a.display(),
            b.display(),
            pa.width * pa.height
        ));
    }
    Ok(())
}
