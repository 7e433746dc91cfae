//! The picture in the window: `amulets_picture` paints the 1600 x 900
//! frame from the session, again only where it changed; this module hands
//! SDL those rectangles of it (`SDL_UpdateTexture` with a rectangle), into
//! one texture that the canvas letterboxes into the window.

use crate::app::App;
use amulets_picture::Frame;
use amulets_picture::draw::Rect;
use sdl3::pixels::{Color, PixelFormat};
use sdl3::render::{BlendMode, Canvas, RenderTarget, ScaleMode, Texture, TextureCreator};

/// The texture the frame is shown through.
pub struct Gfx<'t> {
    texture: Texture<'t>,
    /// How the frame's RGBA pixels are written into the texture.
    order: Order,
    /// The pixels the texture holds a copy of (an app's frame, by its
    /// address), so a texture shown another app's frame is filled whole.
    holds: Option<usize>,
}

/// The texture's pixel format, as the frame's pixels are written into it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    /// The frame's own bytes, R, G, B, A: copied as they are.
    Rgba,
    /// One 32-bit word a pixel, 0xFFRRGGBB (SDL's XRGB8888, or ARGB8888
    /// opaque): each pixel rewritten as it is put in.
    Xrgb,
}

impl Order {
    /// The order for a renderer whose window is in `native`: the window's
    /// own, when it is one of the two, so that presenting copies the
    /// texture as it is. Otherwise SDL converts every pixel of the whole
    /// texture at every present (1.3 ms a frame for 1600 x 900 on the
    /// software renderer, `cargo xtask bench frame`), where rewriting
    /// only the rectangles a step changed costs microseconds.
    pub fn for_window(native: PixelFormat) -> Order {
        if native == PixelFormat::XRGB8888 || native == PixelFormat::ARGB8888 {
            Order::Xrgb
        } else {
            Order::Rgba
        }
    }
}

impl<'t> Gfx<'t> {
    pub fn new<C>(creator: &'t TextureCreator<C>) -> Result<Gfx<'t>, String> {
        let native = creator.default_pixel_format();
        let order = Order::for_window(native);
        // The window's own format where the frame can be written in it.
        let format = match order {
            Order::Rgba => PixelFormat::RGBA32,
            Order::Xrgb => native,
        };
        let mut texture = creator
            .create_texture_streaming(format, Frame::WIDTH, Frame::HEIGHT)
            .map_err(|e| e.to_string())?;
        // The frame is opaque and shown 1:1 on the canvas's logical size.
        texture.set_blend_mode(BlendMode::None);
        texture.set_scale_mode(ScaleMode::Nearest);
        Ok(Gfx {
            texture,
            order,
            holds: None,
        })
    }

    /// The order the texture's pixels are in.
    pub fn order(&self) -> Order {
        self.order
    }

    /// The texture's pixels are lost (a GPU reset): the next frame fills
    /// it whole.
    pub fn lost(&mut self) {
        self.holds = None;
    }
}

/// Rewrites a row of RGBA pixels as XRGB8888 words.
fn to_xrgb(rgba: &[u8], out: &mut [u8]) {
    for (from, to) in rgba.chunks_exact(4).zip(out.chunks_exact_mut(4)) {
        // 0xAABBGGRR, read as the bytes lie: green stays, red and blue
        // change places, alpha is opaque.
        let p = u32::from_le_bytes([from[0], from[1], from[2], from[3]]);
        let word = 0xFF00_0000 | (p & 0xFF00) | (p & 0xFF) << 16 | (p >> 16 & 0xFF);
        to.copy_from_slice(&word.to_ne_bytes());
    }
}

/// Puts the rectangles `dirty` of `frame` into the texture, or all of it
/// when the texture held another frame.
pub fn put(gfx: &mut Gfx, frame: &Frame, dirty: &[Rect]) -> Result<(), String> {
    let mine = frame.rgba().as_ptr() as usize;
    if gfx.holds != Some(mine) {
        gfx.holds = Some(mine);
        return put_rect(gfx, frame, amulets_picture::painter::WHOLE);
    }
    for &rect in dirty {
        put_rect(gfx, frame, rect)?;
    }
    Ok(())
}

/// Puts one rectangle of the frame, which lies inside it, into the texture.
fn put_rect(gfx: &mut Gfx, frame: &Frame, (x, y, w, h): Rect) -> Result<(), String> {
    const PITCH: usize = Frame::WIDTH as usize * 4;
    // The painter's rectangles lie inside the frame: x, y >= 0.
    let from = y as usize * PITCH + x as usize * 4;
    let rect = sdl3::rect::Rect::new(x, y, w as u32, h as u32);
    let rgba = frame.rgba();
    match gfx.order {
        Order::Rgba => gfx
            .texture
            .update(rect, &rgba[from..], PITCH)
            .map_err(|e| e.to_string()),
        Order::Xrgb => gfx
            .texture
            .with_lock(rect, |pixels, pitch| {
                let row = w as usize * 4;
                for (k, out) in pixels.chunks_mut(pitch).take(h as usize).enumerate() {
                    let at = from + k * PITCH;
                    to_xrgb(&rgba[at..at + row], &mut out[..row]);
                }
            })
            .map_err(|e| e.to_string()),
    }
}

/// The texture onto the canvas, letterboxed (not yet presented).
pub fn show<T: RenderTarget>(canvas: &mut Canvas<T>, gfx: &Gfx) -> Result<(), String> {
    // The letterbox's bars.
    canvas.set_draw_color(Color::RGB(0, 0, 0));
    canvas.clear();
    canvas
        .copy(&gfx.texture, None, None)
        .map_err(|e| e.to_string())
}

/// Draws the whole picture onto the canvas (not yet presented): what
/// changed is painted and put into the texture, and the texture shown.
pub fn frame<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    app: &mut App,
) -> Result<(), String> {
    let dirty = app.paint().to_vec();
    put(gfx, app.frame(), &dirty)?;
    show(canvas, gfx)
}
