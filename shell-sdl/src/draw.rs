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
    /// The pixels the texture holds a copy of (an app's frame, by its
    /// address), so a texture shown another app's frame is filled whole.
    holds: Option<usize>,
}

impl<'t> Gfx<'t> {
    pub fn new<C>(creator: &'t TextureCreator<C>) -> Result<Gfx<'t>, String> {
        let mut texture = creator
            .create_texture_streaming(PixelFormat::RGBA32, Frame::WIDTH, Frame::HEIGHT)
            .map_err(|e| e.to_string())?;
        // The frame is opaque and shown 1:1 on the canvas's logical size.
        texture.set_blend_mode(BlendMode::None);
        texture.set_scale_mode(ScaleMode::Nearest);
        Ok(Gfx {
            texture,
            holds: None,
        })
    }

    /// The texture's pixels are lost (a GPU reset): the next frame fills
    /// it whole.
    pub fn lost(&mut self) {
        self.holds = None;
    }
}

/// Puts the rectangles `dirty` of `frame` into the texture, or all of it
/// when the texture held another frame.
pub fn put(gfx: &mut Gfx, frame: &Frame, dirty: &[Rect]) -> Result<(), String> {
    const PITCH: usize = Frame::WIDTH as usize * 4;
    let mine = frame.rgba().as_ptr() as usize;
    if gfx.holds != Some(mine) {
        gfx.holds = Some(mine);
        return gfx
            .texture
            .update(None, frame.rgba(), PITCH)
            .map_err(|e| e.to_string());
    }
    for &(x, y, w, h) in dirty {
        // The painter's rectangles lie inside the frame: x, y >= 0.
        let from = y as usize * PITCH + x as usize * 4;
        let rect = sdl3::rect::Rect::new(x, y, w as u32, h as u32);
        gfx.texture
            .update(rect, &frame.rgba()[from..], PITCH)
            .map_err(|e| e.to_string())?;
    }
    Ok(())
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
