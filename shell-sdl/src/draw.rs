//! The picture in the window: `amulets_picture` draws the 1600 x 900 frame
//! into pixels from the session; this module hands them to SDL as one
//! texture, which the canvas letterboxes into the window.

use crate::app::App;
use amulets_picture::Frame;
use sdl3::pixels::{Color, PixelFormat};
use sdl3::render::{BlendMode, Canvas, RenderTarget, ScaleMode, Texture, TextureCreator};

/// The frame's pixels and the texture they are shown through.
pub struct Gfx<'t> {
    pub frame: Frame,
    texture: Texture<'t>,
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
            frame: Frame::new(),
            texture,
        })
    }
}

/// Draws the whole picture onto the canvas (not yet presented).
pub fn frame<T: RenderTarget>(
    canvas: &mut Canvas<T>,
    gfx: &mut Gfx,
    app: &App,
) -> Result<(), String> {
    amulets_picture::frame(&mut gfx.frame, &app.session);
    gfx.texture
        .update(None, gfx.frame.rgba(), (Frame::WIDTH * 4) as usize)
        .map_err(|e| e.to_string())?;
    // The letterbox's bars.
    canvas.set_draw_color(Color::RGB(0, 0, 0));
    canvas.clear();
    canvas
        .copy(&gfx.texture, None, None)
        .map_err(|e| e.to_string())
}
