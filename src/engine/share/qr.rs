//! A share link as a QR code, drawn as SVG text so the page can show it without any image
//! library or network request.

use qrcode::render::svg;
use qrcode::{EcLevel, QrCode};

/// The QR code of `text` as a standalone SVG document, or `None` if the text is too long to
/// encode (a QR code holds at most about 2,900 bytes at this error-correction level).
pub fn svg(text: &str, size_px: u32) -> Option<String> {
    let code = QrCode::with_error_correction_level(text.as_bytes(), EcLevel::M).ok()?;
    Some(
        code.render::<svg::Color<'_>>()
            .min_dimensions(size_px, size_px)
            .quiet_zone(true)
            .dark_color(svg::Color("#000000"))
            .light_color(svg::Color("#ffffff"))
            .build(),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_share_link_becomes_an_svg_qr_code() {
        let link = "https://example.github.io/gpu-atlas/?v=1&gpu=h100-sxm5-80gb&cur=cny";
        let image = svg(link, 200).unwrap();
        assert!(
            image.starts_with("<?xml") || image.starts_with("<svg"),
            "{}",
            &image[..40]
        );
        assert!(image.contains("<path") || image.contains("<rect"));
        // Different links, different codes.
        assert_ne!(
            image,
            svg("https://example.github.io/gpu-atlas/", 200).unwrap()
        );
    }

    #[test]
    fn a_link_too_long_for_a_qr_code_gets_none_not_a_panic() {
        assert!(svg(&"x".repeat(10_000), 200).is_none());
    }
}
