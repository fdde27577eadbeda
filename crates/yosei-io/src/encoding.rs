//! Decoding problem files: UTF-8 (with or without a byte-order mark) or Shift_JIS.
//!
//! Kifu for Windows writes `.kif` and `.ki2` in Shift_JIS (strictly Windows-31J, the
//! Microsoft variant that also holds ① and the NEC/IBM extensions) and `.kifu` / `.ki2u`
//! in UTF-8; ShogiHome and Kifu for JS read and write both. The content decides, not
//! the extension: text that is valid UTF-8 is taken as UTF-8 (a Shift_JIS file of
//! Japanese text is practically never valid UTF-8, while the reverse mistake would garble
//! every UTF-8 file), and anything else must be well-formed Shift_JIS.

use crate::error::FormatError;
use encoding_rs::{DecoderResult, SHIFT_JIS};

/// Decodes a whole file to text with `\n` line endings.
///
/// A UTF-8 byte-order mark is dropped; CR LF and lone CR become LF, so that the readers
/// see one kind of line ending and count lines the way an editor does. Text that is not
/// UTF-8 is decoded as Shift_JIS (Windows-31J); a malformed Shift_JIS sequence is an
/// error naming its line and byte offset (nothing is replaced silently: a solver must
/// not read a piece name that the file does not contain).
pub fn decode_text(bytes: &[u8]) -> Result<String, FormatError> {
    if bytes.starts_with(&[0xFF, 0xFE]) || bytes.starts_with(&[0xFE, 0xFF]) {
        return Err(FormatError::at_line(
            1,
            "the file is UTF-16 (it starts with a UTF-16 byte-order mark); expected UTF-8 or Shift_JIS text",
        ));
    }
    let body = bytes.strip_prefix(b"\xEF\xBB\xBF").unwrap_or(bytes);
    let text = match std::str::from_utf8(body) {
        Ok(text) => text.to_string(),
        Err(utf8_error) => decode_shift_jis(body, utf8_error.valid_up_to())?,
    };
    Ok(normalize_line_endings(&text))
}

/// Encodes text to Shift_JIS (Windows-31J), for writing `.kif` / `.ki2` files that
/// Kifu for Windows reads by extension; `None` if a character has no Shift_JIS form
/// (write UTF-8 `.kifu` / `.ki2u` then). Line endings are left as they are.
pub fn encode_shift_jis(text: &str) -> Option<Vec<u8>> {
    let (bytes, _, unmappable) = SHIFT_JIS.encode(text);
    (!unmappable).then(|| bytes.into_owned())
}

/// Shift_JIS decoding without replacement; `utf8_valid_up_to` only enriches the error.
fn decode_shift_jis(bytes: &[u8], utf8_valid_up_to: usize) -> Result<String, FormatError> {
    let mut decoder = SHIFT_JIS.new_decoder_without_bom_handling();
    // Shift_JIS never needs more than 3 UTF-8 bytes per input byte; the capacity is only
    // a hint, the loop below copes with a full buffer anyway.
    let capacity = decoder
        .max_utf8_buffer_length_without_replacement(bytes.len())
        .unwrap_or(bytes.len());
    let mut out = String::with_capacity(capacity);
    let mut consumed = 0;
    loop {
        let (result, read) = decoder.decode_to_string_without_replacement(&bytes[consumed..], &mut out, true);
        consumed += read;
        match result {
            DecoderResult::InputEmpty => return Ok(out),
            DecoderResult::OutputFull => {
                let more = decoder
                    .max_utf8_buffer_length_without_replacement(bytes.len() - consumed)
                    .unwrap_or(16)
                    .max(16);
                out.reserve(more);
            }
            DecoderResult::Malformed(bad, after) => {
                let offset = consumed.saturating_sub(bad as usize + after as usize);
                let bad_bytes: Vec<String> = bytes[offset..]
                    .iter()
                    .take(bad.max(1) as usize)
                    .map(|b| format!("0x{b:02X}"))
                    .collect();
                let line = line_of_offset(bytes, offset);
                return Err(FormatError::at_line(
                    line,
                    format!(
                        "the file is neither UTF-8 (invalid UTF-8 at byte offset {utf8_valid_up_to}, line {}) nor \
                         Shift_JIS (malformed sequence {} at byte offset {offset}); expected UTF-8 or Shift_JIS \
                         (Windows-31J) text",
                        line_of_offset(bytes, utf8_valid_up_to),
                        bad_bytes.join(" ")
                    ),
                ));
            }
        }
    }
}

/// The 1-based line holding byte `offset`. Counting LF bytes is exact in both UTF-8 and
/// Shift_JIS: 0x0A is never part of a multi-byte character in either. A lone CR also
/// ends a line (old Mac files), so it is counted unless an LF follows it.
fn line_of_offset(bytes: &[u8], offset: usize) -> usize {
    let before = &bytes[..offset.min(bytes.len())];
    let mut line = 1;
    for (i, &b) in before.iter().enumerate() {
        let lone_cr = b == b'\r' && bytes.get(i + 1) != Some(&b'\n');
        if b == b'\n' || lone_cr {
            line += 1;
        }
    }
    line
}

/// CR LF and lone CR → LF.
fn normalize_line_endings(text: &str) -> String {
    if !text.contains('\r') {
        return text.to_string();
    }
    let mut out = String::with_capacity(text.len());
    let mut chars = text.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\r' {
            if chars.peek() == Some(&'\n') {
                chars.next();
            }
            out.push('\n');
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utf8_with_and_without_bom() {
        assert_eq!(decode_text("作者：a\r\nb".as_bytes()).unwrap(), "作者：a\nb");
        assert_eq!(decode_text(b"\xEF\xBB\xBFx\ry\r\n").unwrap(), "x\ny\n");
        assert_eq!(decode_text(b"").unwrap(), "");
    }

    #[test]
    fn shift_jis() {
        // 作者：歩 in Shift_JIS, with CR LF.
        let bytes = [0x8D, 0xEC, 0x8E, 0xD2, 0x81, 0x46, 0x95, 0xE0, 0x0D, 0x0A];
        assert_eq!(decode_text(&bytes).unwrap(), "作者：歩\n");
    }

    #[test]
    fn malformed_shift_jis_names_its_line() {
        // Line 3 holds a lead byte followed by a byte that cannot trail it.
        let bytes = b"a\nb\n\x81\x20x";
        let err = decode_text(bytes).unwrap_err();
        assert_eq!(err.line, 3, "{err}");
        assert!(err.message.contains("byte offset 4"), "{err}");
        assert!(err.message.contains("Shift_JIS"), "{err}");
        // A truncated lead byte at the very end.
        let err = decode_text(b"x\r\ny\r\n\x82").unwrap_err();
        assert_eq!(err.line, 3, "{err}");
        let err = decode_text(b"\xFF\xFEa\x00").unwrap_err();
        assert!(err.message.contains("UTF-16"));
    }
}
