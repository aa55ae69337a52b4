//! Percent-encoding for share links, and the forgiving reading of what people paste.
//!
//! Written for this codec rather than borrowed: the engine takes no URL crate, and the rules
//! here are narrower than a general encoder's. Values keep RFC 3986's unreserved characters and
//! the few others that read well in a query (`/` of offer ids, `=` and `:`), so a link stays
//! legible; everything else is escaped as UTF-8 bytes, `+` and space included, so no reader can
//! mistake one for the other.

const HEX: &[u8; 16] = b"0123456789ABCDEF";

/// How much of a raw value a notice shows, in bytes of link text, and in characters once read.
const PREVIEW_RAW_BYTES: usize = 256;
const PREVIEW_CHARS: usize = 48;

/// Whether `byte` may stand for itself in a written value. Inside a list item `,` is escaped:
/// a bare comma separates items.
fn kept(byte: u8, in_list: bool) -> bool {
    byte.is_ascii_alphanumeric()
        || matches!(byte, b'-' | b'.' | b'_' | b'~' | b'/' | b':' | b'@' | b'=')
        || (byte == b',' && !in_list)
}

/// `text` as it is written into a link.
pub(super) fn escape(text: &str, in_list: bool) -> String {
    let mut out = String::with_capacity(text.len());
    for &byte in text.as_bytes() {
        if kept(byte, in_list) {
            out.push(char::from(byte));
        } else {
            out.push('%');
            out.push(char::from(HEX[usize::from(byte >> 4)]));
            out.push(char::from(HEX[usize::from(byte & 0xF)]));
        }
    }
    out
}

/// A value whose escapes or bytes cannot be read as text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Malformed;

fn hex_digit(byte: u8) -> Option<u8> {
    char::from(byte).to_digit(16).map(|d| d as u8)
}

/// The bytes `raw` stands for. `+` is a space, as HTML forms and `URLSearchParams` write one;
/// a `%` without two hex digits is an error, or, when `lenient`, itself.
fn unescape_bytes(raw: &str, lenient: bool) -> Result<Vec<u8>, Malformed> {
    let bytes = raw.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        match bytes[i] {
            b'+' => out.push(b' '),
            b'%' => {
                let high = bytes.get(i + 1).copied().and_then(hex_digit);
                let low = bytes.get(i + 2).copied().and_then(hex_digit);
                match (high, low) {
                    (Some(h), Some(l)) => {
                        out.push(h << 4 | l);
                        i += 3;
                        continue;
                    }
                    _ if lenient => out.push(b'%'),
                    _ => return Err(Malformed),
                }
            }
            byte => out.push(byte),
        }
        i += 1;
    }
    Ok(out)
}

/// The text `raw` stands for. Only one level is undone: `%2525` is the text `%25`, so no input
/// makes the reader loop, and a value never means something its writer did not write.
pub(super) fn unescape(raw: &str) -> Result<String, Malformed> {
    if !raw.contains(['%', '+']) {
        return Ok(raw.to_string());
    }
    String::from_utf8(unescape_bytes(raw, false)?).map_err(|_| Malformed)
}

/// Decoded text cut to what a notice can show: control characters replaced, at most a few
/// dozen characters, an ellipsis when cut.
pub(super) fn shorten(text: &str) -> String {
    let mut out = String::new();
    for (n, c) in text.chars().enumerate() {
        if n == PREVIEW_CHARS {
            out.push('…');
            break;
        }
        out.push(if c.is_control() { '\u{FFFD}' } else { c });
    }
    out
}

/// What a notice shows of a raw value that may not decode: read as far as it can be, broken
/// escapes kept as typed and undecodable bytes replaced, then shortened.
pub(super) fn preview(raw: &str) -> String {
    let head = &raw[..raw.floor_char_boundary(PREVIEW_RAW_BYTES)];
    let bytes = unescape_bytes(head, true).unwrap_or_default();
    let text = shorten(&String::from_utf8_lossy(&bytes));
    if head.len() < raw.len() && !text.ends_with('…') {
        text + "…"
    } else {
        text
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_numbers_and_ranges_stay_readable() {
        assert_eq!(escape("aws/p5.48xlarge", true), "aws/p5.48xlarge");
        assert_eq!(escape("24..48", false), "24..48");
        assert_eq!(escape("h100-sxm5_80gb~", true), "h100-sxm5_80gb~");
        assert_eq!(escape(">=80", false), "%3E=80");
    }

    #[test]
    fn separators_spaces_and_plus_are_escaped() {
        assert_eq!(escape("a&b=c", false), "a%26b=c");
        assert_eq!(escape("a b+c", false), "a%20b%2Bc");
        assert_eq!(escape("a,b", true), "a%2Cb", "a comma inside a list item");
        assert_eq!(escape("1,000", false), "1,000", "a comma in a single value");
        assert_eq!(escape("#?%", false), "%23%3F%25");
    }

    #[test]
    fn non_ascii_is_escaped_as_utf8_bytes() {
        assert_eq!(escape("显卡", false), "%E6%98%BE%E5%8D%A1");
        assert_eq!(unescape("%E6%98%BE%E5%8D%A1").unwrap(), "显卡");
    }

    #[test]
    fn unescaping_undoes_escaping_for_any_text() {
        for text in [
            "",
            "a b+c",
            "100%",
            "%zz",
            "显卡 é 😀",
            "\0\n\t",
            "a,b&c=d#e?f",
        ] {
            for in_list in [false, true] {
                assert_eq!(unescape(&escape(text, in_list)).unwrap(), text);
            }
        }
    }

    #[test]
    fn plus_reads_as_a_space_and_raw_text_passes_through() {
        assert_eq!(unescape("h100+sxm").unwrap(), "h100 sxm");
        assert_eq!(unescape("显卡 4090").unwrap(), "显卡 4090");
        assert_eq!(unescape("%e6%98%be").unwrap(), "显", "lower-case hex");
    }

    #[test]
    fn broken_escapes_and_invalid_utf8_are_malformed() {
        for raw in [
            "%",
            "%4",
            "%zz",
            "a%G1",
            "%E6%98",
            "%FF",
            "%C0%80",
            "%ED%A0%80",
        ] {
            assert_eq!(unescape(raw), Err(Malformed), "{raw}");
        }
    }

    #[test]
    fn only_one_level_of_escaping_is_undone() {
        assert_eq!(unescape("%252525").unwrap(), "%2525");
    }

    #[test]
    fn previews_are_short_and_show_what_could_be_read() {
        assert_eq!(preview("%zz%41"), "%zzA");
        assert_eq!(preview("%FFok"), "\u{FFFD}ok");
        assert_eq!(preview("a%0Ab"), "a\u{FFFD}b");
        let long = preview(&"x".repeat(10_000));
        assert_eq!(long.chars().count(), PREVIEW_CHARS + 1);
        assert!(long.ends_with('…'));
        let cut_escape = format!("{}%E6%98%BE", "y".repeat(PREVIEW_RAW_BYTES - 4));
        assert!(preview(&cut_escape).ends_with('…'));
        assert_eq!(shorten("显卡"), "显卡");
    }
}
