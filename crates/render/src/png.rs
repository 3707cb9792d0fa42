//! SVG to PNG with resvg, text in the compiled-in DejaVu Sans.

use std::sync::Arc;

/// A picture that could not be made or written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderError(pub String);

impl std::fmt::Display for RenderError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for RenderError {}

/// The font every picture's text uses (compiled in; no system font is read).
pub(crate) const FONT_FAMILY: &str = "DejaVu Sans";

/// The largest picture side rendered to PNG, in pixels.
const MAX_SIDE: u32 = 16_000;

/// Renders an SVG document to PNG bytes at its own size.
pub fn png(svg: &str) -> Result<Vec<u8>, RenderError> {
    let mut db = resvg::usvg::fontdb::Database::new();
    db.load_font_data(dejavu::sans::regular().to_vec());
    db.load_font_data(dejavu::sans::bold().to_vec());
    let opts = resvg::usvg::Options {
        font_family: FONT_FAMILY.to_string(),
        fontdb: Arc::new(db),
        ..Default::default()
    };
    let tree = resvg::usvg::Tree::from_str(svg, &opts).map_err(|e| RenderError(format!("SVG: {e}")))?;
    let size = tree.size().to_int_size();
    let (w, h) = (size.width(), size.height());
    if w > MAX_SIDE || h > MAX_SIDE {
        return Err(RenderError(format!("picture too large for PNG: {w}x{h} pixels")));
    }
    let mut pixmap = resvg::tiny_skia::Pixmap::new(w, h)
        .ok_or_else(|| RenderError(format!("cannot make a {w}x{h} picture")))?;
    resvg::render(&tree, resvg::tiny_skia::Transform::identity(), &mut pixmap.as_mut());
    pixmap.encode_png().map_err(|e| RenderError(format!("PNG: {e}")))
}
