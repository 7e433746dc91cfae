//! Comparing two pictures the games wrote, by their pixels (two PNG files
//! of the same picture may differ in their bytes): the window's, the
//! page's, the board's and Wine's pictures against each other.

use anyhow::{Result, anyhow};
use std::path::Path;

/// A picture's size and its pixels as 8-bit RGBA.
struct Picture {
    width: u32,
    height: u32,
    rgba: Vec<u8>,
}

fn read(path: &Path) -> Result<Picture> {
    let file = std::fs::File::open(path).map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder
        .read_info()
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    let mut buf = vec![0; reader.output_buffer_size()];
    let info = reader
        .next_frame(&mut buf)
        .map_err(|e| anyhow!("{}: {e}", path.display()))?;
    buf.truncate(info.buffer_size());
    let rgba = match info.color_type {
        png::ColorType::Rgba => buf,
        png::ColorType::Rgb => buf
            .chunks_exact(3)
            .flat_map(|p| [p[0], p[1], p[2], 255])
            .collect(),
        other => return Err(anyhow!("{}: a {other:?} picture", path.display())),
    };
    Ok(Picture {
        width: info.width,
        height: info.height,
        rgba,
    })
}

/// Ok when both pictures have the same size and every pixel alike, and the
/// picture is not of one colour (two blank pictures prove nothing).
pub fn same_pixels(a: &Path, b: &Path) -> Result<()> {
    let (pa, pb) = (read(a)?, read(b)?);
    if (pa.width, pa.height) != (pb.width, pb.height) {
        return Err(anyhow!(
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
        return Err(anyhow!("{} is of one colour", a.display()));
    }
    let differ = pa
        .rgba
        .chunks_exact(4)
        .zip(pb.rgba.chunks_exact(4))
        .filter(|(x, y)| x != y)
        .count();
    if differ > 0 {
        return Err(anyhow!(
            "{} and {} differ in {differ} of {} pixels",
            a.display(),
            b.display(),
            pa.width * pa.height
        ));
    }
    Ok(())
}

/// Reads a binary PPM (P6) as (width, height, RGB bytes).
pub fn read_ppm(path: &Path) -> Result<(u32, u32, Vec<u8>)> {
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

#[cfg(test)]
mod tests {
    use super::*;

    /// Writes an RGB picture of `w` x `h` pixels whose pixel `i` is
    /// `pixel(i)`, as a PNG.
    fn png(path: &Path, w: u32, h: u32, pixel: impl Fn(u32) -> [u8; 3]) {
        let file = std::fs::File::create(path).unwrap();
        let mut encoder = png::Encoder::new(std::io::BufWriter::new(file), w, h);
        encoder.set_color(png::ColorType::Rgb);
        encoder.set_depth(png::BitDepth::Eight);
        let data: Vec<u8> = (0..w * h).flat_map(&pixel).collect();
        encoder
            .write_header()
            .unwrap()
            .write_image_data(&data)
            .unwrap();
    }

    #[test]
    fn pictures_are_the_same_by_their_pixels_and_a_blank_one_proves_nothing() {
        let dir = std::env::temp_dir().join(format!("rigs-pixels-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let (a, b, c, blank) = (
            dir.join("a.png"),
            dir.join("b.png"),
            dir.join("c.png"),
            dir.join("blank.png"),
        );
        let stripes = |i: u32| {
            if i.is_multiple_of(3) {
                [200, 10, 10]
            } else {
                [0, 0, 0]
            }
        };
        png(&a, 4, 3, stripes);
        png(&b, 4, 3, stripes);
        png(&c, 4, 3, |i| if i == 5 { [1, 2, 3] } else { stripes(i) });
        png(&blank, 4, 3, |_| [7, 7, 7]);
        same_pixels(&a, &b).unwrap();
        let one = same_pixels(&a, &c).unwrap_err().to_string();
        assert!(one.contains("differ in 1 of 12 pixels"), "{one}");
        assert!(
            same_pixels(&blank, &blank)
                .unwrap_err()
                .to_string()
                .contains("of one colour")
        );
        png(&c, 3, 4, stripes);
        assert!(
            same_pixels(&a, &c)
                .unwrap_err()
                .to_string()
                .contains("is 4x3")
        );
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
