//! A frame of RGBA pixels and the few ways the picture paints into it:
//! filled rectangles (opaque or see-through), outlines, text from the font
//! atlas, and tiles from the tile atlas, scaled by whole numbers and
//! coloured by multiplying. Every operation is clipped to the frame and to
//! the clip rectangle, so no drawing can write outside the buffer.

use crate::layout::{LOGICAL_H, LOGICAL_W};
use crate::{font, tiles};
use amulets_core::color::Rgb;
use amulets_play::palettes::Palette;

/// Channel arithmetic, rounded to the nearest: `a * b / 255`.
fn times(a: u8, b: u8) -> u8 {
    // At most 255 * 255 + 127 = 65,152, and the quotient at most 255.
    ((u32::from(a) * u32::from(b) + 127) / 255) as u8
}

/// `src` over `dst` with opacity `alpha` (0 to 255), rounded.
fn over(src: u8, dst: u8, alpha: u8) -> u8 {
    let (s, d, a) = (u32::from(src), u32::from(dst), u32::from(alpha));
    // A weighted mean of two bytes is a byte.
    ((s * a + d * (255 - a) + 127) / 255) as u8
}

/// The font atlas's ink as bits: for each glyph, each of its rows, bit
/// `x` set where column `x` has ink (a glyph is `GLYPH_W` = 10 < 16 wide).
fn ink_bits(atlas: &[u8]) -> Vec<u16> {
    let mut out = Vec::with_capacity((font::COUNT * font::GLYPH_H) as usize);
    for glyph in 0..font::COUNT {
        for gy in 0..font::GLYPH_H {
            let mut bits = 0u16;
            for gx in 0..font::GLYPH_W {
                let x = glyph * font::GLYPH_W + gx;
                if atlas[((gy * font::ATLAS_W + x) * 4 + 3) as usize] != 0 {
                    bits |= 1 << gx;
                }
            }
            out.push(bits);
        }
    }
    out
}

/// A rectangle of the frame, in pixels, `x0 <= x < x1`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Clip {
    x0: i32,
    y0: i32,
    x1: i32,
    y1: i32,
}

const WHOLE: Clip = Clip {
    x0: 0,
    y0: 0,
    x1: LOGICAL_W as i32,
    y1: LOGICAL_H as i32,
};

/// The 1600 x 900 picture as RGBA bytes, row by row, every pixel opaque.
pub struct Frame {
    rgba: Vec<u8>,
    clip: Clip,
    font: Vec<u8>,
    /// Each glyph's rows as bits, bit `x` the ink at column `x`, glyph by
    /// glyph (`GLYPH_H` rows each): the font at its own size, fast.
    ink: Vec<u16>,
    /// Every run of text painted, kept when asked (`keeping_text`), so a
    /// test can read the picture's words.
    runs: Option<Vec<TextRun>>,
    /// Tiles' art already multiplied by a tint: for each tile and layer
    /// (`index * 2 + layer`), the last few tints asked for and the art's
    /// pixels lit by each (`Lit`).
    lit: Vec<Vec<(Rgb, Lit)>>,
    /// The palette every colour painted goes through (`Palette::apply`).
    palette: Palette,
}

/// A tile's art lit by a tint: `SIDE` x `SIDE` pixels of red, green, blue
/// and the art's opacity.
type Lit = Box<[[u8; 4]; (tiles::SIDE * tiles::SIDE) as usize]>;

/// How many tints of one tile and layer are kept lit (a cell seen, a cell
/// remembered, a few kinds' colours).
const TINTS_KEPT: usize = 8;

/// Where in `kept` (the tints kept lit of one tile's layer) the art lit by
/// `tint` is, lit now if it was not.
fn lit_at(
    kept: &mut Vec<(Rgb, Lit)>,
    index: usize,
    layer: usize,
    tint: Rgb,
    palette: Palette,
) -> usize {
    if let Some(at) = kept.iter().position(|(t, _)| *t == tint) {
        return at;
    }
    let art = tiles::SIDE as usize;
    let mut lit: Lit = Box::new([[0; 4]; (tiles::SIDE * tiles::SIDE) as usize]);
    for (i, px) in lit.iter_mut().enumerate() {
        let (tx, ty) = (index * art + i % art, layer * art + i / art);
        // tx < COUNT * SIDE = ATLAS_W and ty < 2 * SIDE = ATLAS_H.
        let src = tiles::pixel(tx, ty);
        let c = palette.apply(Rgb::new(
            times(src[0], tint.r),
            times(src[1], tint.g),
            times(src[2], tint.b),
        ));
        *px = [c.r, c.g, c.b, src[3]];
    }
    if kept.len() == TINTS_KEPT {
        kept.remove(0);
    }
    kept.push((tint, lit));
    kept.len() - 1
}

/// A run of text as painted: where, its words as cut to fit, its colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextRun {
    pub at: (i32, i32),
    pub text: String,
    pub color: Rgb,
}

impl Default for Frame {
    fn default() -> Self {
        Frame::new()
    }
}

impl Frame {
    pub const WIDTH: u32 = LOGICAL_W;
    pub const HEIGHT: u32 = LOGICAL_H;

    /// A black frame, with the font rasterised once.
    pub fn new() -> Frame {
        let font = font::atlas();
        let ink = ink_bits(&font);
        Frame {
            rgba: [0, 0, 0, 255].repeat((LOGICAL_W * LOGICAL_H) as usize),
            clip: WHOLE,
            font,
            ink,
            runs: None,
            lit: vec![Vec::new(); tiles::COUNT * 2],
            palette: Palette::Book,
        }
    }

    /// Paints from now on in `palette` (the tiles' art lit again).
    pub fn set_palette(&mut self, palette: Palette) {
        if palette != self.palette {
            self.palette = palette;
            for kept in &mut self.lit {
                kept.clear();
            }
        }
    }

    /// The palette it paints in.
    pub fn palette(&self) -> Palette {
        self.palette
    }

    /// A frame that keeps every run of text it paints (`text_runs`).
    pub fn keeping_text() -> Frame {
        Frame {
            runs: Some(Vec::new()),
            ..Frame::new()
        }
    }

    /// The runs of text painted since the last `clear`, when kept.
    pub fn text_runs(&self) -> &[TextRun] {
        self.runs.as_deref().unwrap_or(&[])
    }

    /// The pixels, `WIDTH` x `HEIGHT`, 4 bytes each (red, green, blue, 255).
    pub fn rgba(&self) -> &[u8] {
        &self.rgba
    }

    /// One pixel's colour, for tests and checks.
    pub fn pixel(&self, x: u32, y: u32) -> Rgb {
        let at = ((y * LOGICAL_W + x) * 4) as usize;
        Rgb::new(self.rgba[at], self.rgba[at + 1], self.rgba[at + 2])
    }

    /// Paints the whole frame one colour and lifts the clip.
    pub fn clear(&mut self, c: Rgb) {
        let c = self.palette.apply(c);
        self.clip = WHOLE;
        if let Some(runs) = &mut self.runs {
            runs.clear();
        }
        // One row painted pixel by pixel, then copied down whole.
        let row = LOGICAL_W as usize * 4;
        for px in self.rgba[..row].chunks_exact_mut(4) {
            px.copy_from_slice(&[c.r, c.g, c.b, 255]);
        }
        let (first, rest) = self.rgba.split_at_mut(row);
        for r in rest.chunks_exact_mut(row) {
            r.copy_from_slice(first);
        }
    }

    /// From here on only the rectangle at `(x, y)` of `w` x `h` is painted
    /// (within the frame); `None` lifts it.
    pub fn set_clip(&mut self, r: Option<(i32, i32, i32, i32)>) {
        self.clip = match r {
            None => WHOLE,
            Some((x, y, w, h)) => Clip {
                x0: x.clamp(0, WHOLE.x1),
                y0: y.clamp(0, WHOLE.y1),
                x1: x.saturating_add(w).clamp(0, WHOLE.x1),
                y1: y.saturating_add(h).clamp(0, WHOLE.y1),
            },
        };
    }

    /// The clipped span of a rectangle, or `None` if nothing of it shows.
    fn span(&self, x: i32, y: i32, w: i32, h: i32) -> Option<Clip> {
        let c = Clip {
            x0: x.max(self.clip.x0),
            y0: y.max(self.clip.y0),
            x1: x.saturating_add(w).min(self.clip.x1),
            y1: y.saturating_add(h).min(self.clip.y1),
        };
        (c.x0 < c.x1 && c.y0 < c.y1).then_some(c)
    }

    /// The byte index of a pixel inside the clip (so inside the frame).
    fn at(x: i32, y: i32) -> usize {
        // Callers pass only points of a clipped span, or a span's end:
        // 0 <= x <= 1600, 0 <= y < 900, so the index is at most the
        // buffer's length (the end of a row is the start of the next).
        (y as usize * LOGICAL_W as usize + x as usize) * 4
    }

    /// A rectangle of colour `c` with opacity `alpha` (255: opaque).
    pub fn fill(&mut self, (x, y, w, h): (i32, i32, i32, i32), c: Rgb, alpha: u8) {
        let c = self.palette.apply(c);
        let Some(s) = self.span(x, y, w, h) else {
            return;
        };
        if alpha == 255 {
            // Every pixel is opaque (`new`, `clear`): the first row is
            // written whole pixels at a time, then copied down.
            let first = Frame::at(s.x0, s.y0)..Frame::at(s.x1, s.y0);
            for p in self.rgba[first.clone()].chunks_exact_mut(4) {
                p.copy_from_slice(&[c.r, c.g, c.b, 255]);
            }
            for py in s.y0 + 1..s.y1 {
                self.rgba.copy_within(first.clone(), Frame::at(s.x0, py));
            }
            return;
        }
        for py in s.y0..s.y1 {
            let row = &mut self.rgba[Frame::at(s.x0, py)..Frame::at(s.x1, py)];
            for p in row.chunks_exact_mut(4) {
                p[0] = over(c.r, p[0], alpha);
                p[1] = over(c.g, p[1], alpha);
                p[2] = over(c.b, p[2], alpha);
            }
        }
    }

    /// A one-pixel outline just inside the rectangle.
    pub fn outline(&mut self, (x, y, w, h): (i32, i32, i32, i32), c: Rgb) {
        self.fill((x, y, w, 1), c, 255);
        self.fill((x, y + h - 1, w, 1), c, 255);
        self.fill((x, y, 1, h), c, 255);
        self.fill((x + w - 1, y, 1, h), c, 255);
    }

    /// Text at a point, `scale` times the font's size, at most `max`
    /// characters; the ink in colour `c`, the rest left as it was.
    pub fn text(&mut self, (x, y): (i32, i32), s: &str, c: Rgb, scale: u32, max: usize) {
        if let Some(runs) = &mut self.runs {
            runs.push(TextRun {
                at: (x, y),
                text: s.chars().take(max).collect(),
                color: c,
            });
        }
        let c = self.palette.apply(c);
        let scale = scale.max(1) as i32;
        let (gw, gh) = (font::GLYPH_W as i32, font::GLYPH_H as i32);
        for (i, ch) in s.chars().take(max).enumerate() {
            if ch == ' ' {
                continue;
            }
            let left = x.saturating_add((i as i32).saturating_mul(gw * scale));
            let column = (font::column(ch) * font::GLYPH_W) as i32;
            let Some(s) = self.span(left, y, gw * scale, gh * scale) else {
                continue;
            };
            if scale == 1 {
                // The common size: each glyph row's ink as bits.
                let glyph = font::column(ch) as usize * font::GLYPH_H as usize;
                for py in s.y0..s.y1 {
                    // 0 <= py - y < GLYPH_H: the span is inside the glyph.
                    let bits = self.ink[glyph + (py - y) as usize];
                    for px in s.x0..s.x1 {
                        if bits >> (px - left) & 1 != 0 {
                            let i = Frame::at(px, py);
                            self.rgba[i..i + 3].copy_from_slice(&[c.r, c.g, c.b]);
                        }
                    }
                }
                continue;
            }
            for py in s.y0..s.y1 {
                let gy = (py - y) / scale;
                for px in s.x0..s.x1 {
                    let gx = column + (px - left) / scale;
                    // The atlas is ATLAS_W x GLYPH_H: gx < ATLAS_W, gy < GLYPH_H.
                    let ink = self.font[((gy * font::ATLAS_W as i32 + gx) * 4 + 3) as usize];
                    if ink != 0 {
                        let i = Frame::at(px, py);
                        self.rgba[i..i + 3].copy_from_slice(&[c.r, c.g, c.b]);
                    }
                }
            }
        }
    }

    /// One layer (`0`: the fixed colours, `1`: the kind's white) of tile
    /// `index` of the atlas into the `side` x `side` square at `(x, y)`,
    /// multiplied by `tint`; see-through where the art has nothing.
    pub fn tile(&mut self, index: usize, layer: usize, (x, y): (i32, i32), side: i32, tint: Rgb) {
        let Some(s) = self.span(x, y, side, side) else {
            return;
        };
        let art = tiles::SIDE as i32;
        let whole = s
            == Clip {
                x0: x,
                y0: y,
                x1: x + side,
                y1: y + side,
            };
        if whole && side % art == 0 {
            // The common case, a whole tile at a whole scale: its art lit
            // once for the tint, each art pixel laid as a block.
            let k = (side / art) as usize;
            let kept = &mut self.lit[index * 2 + layer];
            let at = lit_at(kept, index, layer, tint, self.palette);
            let lit = &self.lit[index * 2 + layer][at].1;
            for (row, pixels) in lit.chunks_exact(art as usize).enumerate() {
                for dy in 0..k {
                    let py = y + (row * k + dy) as i32;
                    let line = &mut self.rgba[Frame::at(x, py)..Frame::at(x + side, py)];
                    for (out, src) in line.chunks_exact_mut(4 * k).zip(pixels) {
                        match src[3] {
                            0 => {}
                            255 => {
                                // Opaque art on an opaque frame: whole pixels.
                                for p in out.chunks_exact_mut(4) {
                                    p.copy_from_slice(src);
                                }
                            }
                            a => {
                                for p in out.chunks_exact_mut(4) {
                                    for (d, l) in p.iter_mut().zip(&src[..3]) {
                                        *d = over(*l, *d, a);
                                    }
                                }
                            }
                        }
                    }
                }
            }
            return;
        }
        for py in s.y0..s.y1 {
            let ty = layer as i32 * art + (py - y) * art / side;
            // Each art pixel is lit once a row and laid on the run of frame
            // pixels it covers (two at the cell's 20 pixels).
            let mut px = s.x0;
            while px < s.x1 {
                let ax = (px - x) * art / side;
                // The first frame pixel of the next art pixel: the least d
                // with d * art >= (ax + 1) * side.
                let end = (x + ((ax + 1) * side + art - 1) / art).min(s.x1);
                let tx = index as i32 * art + ax;
                // tx < COUNT * SIDE = ATLAS_W and ty < 2 * SIDE = ATLAS_H.
                let src = tiles::pixel(tx as usize, ty as usize);
                if src[3] != 0 {
                    let lit = self.palette.apply(Rgb::new(
                        times(src[0], tint.r),
                        times(src[1], tint.g),
                        times(src[2], tint.b),
                    ));
                    let lit = [lit.r, lit.g, lit.b];
                    let row = &mut self.rgba[Frame::at(px, py)..Frame::at(end, py)];
                    for p in row.chunks_exact_mut(4) {
                        if src[3] == 255 {
                            p[..3].copy_from_slice(&lit);
                        } else {
                            for (d, l) in p.iter_mut().zip(lit) {
                                *d = over(l, *d, src[3]);
                            }
                        }
                    }
                }
                px = end;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn channel_sums_round_to_the_nearest() {
        assert_eq!(times(255, 255), 255);
        assert_eq!(times(150, 255), 150);
        assert_eq!(times(255, 0), 0);
        // 150 * 200 / 255 = 117.6
        assert_eq!(times(150, 200), 118);
        assert_eq!(over(255, 0, 255), 255);
        assert_eq!(over(200, 100, 0), 100);
        // 255 * 90 / 255 + 0 = 90
        assert_eq!(over(255, 0, 90), 90);
    }

    #[test]
    fn painting_stays_inside_the_frame_and_the_clip() {
        let mut f = Frame::new();
        let red = Rgb::new(200, 0, 0);
        f.clear(Rgb::new(0, 0, 0));
        // Far off every edge: nothing is painted and nothing panics.
        f.fill((-50, -50, 40, 40), red, 255);
        f.fill((1590, 890, 100, 100), red, 255);
        f.text((1595, 895), "@@@", red, 4, 3);
        f.tile(0, 0, (-5, -5), 20, red);
        assert_eq!(f.pixel(1599, 899), red);
        assert_eq!(f.pixel(1589, 899), Rgb::new(0, 0, 0));
        f.set_clip(Some((100, 100, 10, 10)));
        f.fill((0, 0, LOGICAL_W as i32, LOGICAL_H as i32), red, 255);
        assert_eq!(f.pixel(100, 100), red);
        assert_eq!(f.pixel(109, 109), red);
        assert_eq!(f.pixel(110, 100), Rgb::new(0, 0, 0));
        assert_eq!(f.pixel(99, 100), Rgb::new(0, 0, 0));
    }

    #[test]
    fn text_inks_only_the_glyphs_pixels() {
        let mut f = Frame::new();
        let bg = Rgb::new(10, 20, 30);
        let ink = Rgb::new(250, 250, 0);
        f.clear(bg);
        f.text((0, 0), "@", ink, 1, 1);
        let inked = (0..font::GLYPH_H)
            .flat_map(|y| (0..font::GLYPH_W).map(move |x| (x, y)))
            .filter(|&(x, y)| f.pixel(x, y) == ink)
            .count();
        assert!(inked > 20, "{inked}");
        // Nothing outside its box, nothing but the two colours inside.
        assert_eq!(f.pixel(font::GLYPH_W, 5), bg);
        for y in 0..font::GLYPH_H {
            for x in 0..font::GLYPH_W {
                assert!([bg, ink].contains(&f.pixel(x, y)));
            }
        }
        // Twice the size: each glyph pixel a 2 x 2 block.
        f.clear(bg);
        f.text((0, 0), "@", ink, 2, 1);
        let twice = (0..2 * font::GLYPH_H)
            .flat_map(|y| (0..2 * font::GLYPH_W).map(move |x| (x, y)))
            .filter(|&(x, y)| f.pixel(x, y) == ink)
            .count();
        assert_eq!(twice, 4 * inked);
    }

    #[test]
    fn a_see_through_fill_mixes_and_a_tinted_tile_multiplies() {
        let mut f = Frame::new();
        f.clear(Rgb::new(0, 0, 0));
        f.fill((0, 0, 1, 1), Rgb::new(255, 255, 255), 90);
        assert_eq!(f.pixel(0, 0), Rgb::new(90, 90, 90));
        // A tile tinted black leaves black wherever it has art.
        let wall = tiles::index(amulets_play::view::Tile::Wall).unwrap();
        f.clear(Rgb::new(7, 7, 7));
        f.tile(wall, 0, (0, 0), 20, Rgb::new(0, 0, 0));
        let blackened = (0..20)
            .flat_map(|y| (0..20).map(move |x| (x, y)))
            .filter(|&(x, y)| f.pixel(x, y) == Rgb::new(0, 0, 0))
            .count();
        assert!(blackened > 0);
        assert!(
            (0..20)
                .flat_map(|y| (0..20).map(move |x| (x, y)))
                .all(|(x, y)| [Rgb::new(0, 0, 0), Rgb::new(7, 7, 7)].contains(&f.pixel(x, y)))
        );
    }
}
