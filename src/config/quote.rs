//! Bad values quoted short: a huge value makes a short message.

use super::QUOTE_CHARS;

/// `text` as it may be quoted in a message: at most [`QUOTE_CHARS`] characters, then
/// "…" when there was more, so a huge bad value makes a short message.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// A message from the TOML parser, with every quoted part (in `"` or backticks)
/// clipped (see [`clip`]) and the whole at most a few hundred characters.
pub(super) fn clip_message(message: &str) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find(['"', '`']) {
        let quote = rest[open..].chars().next().unwrap_or('"');
        out.push_str(&rest[..=open]);
        let inner = &rest[open + 1..];
        // The closing quote, skipping escaped ones.
        let mut close = None;
        let mut escaped = false;
        for (i, c) in inner.char_indices() {
            if escaped {
                escaped = false;
            } else if c == '\\' {
                escaped = true;
            } else if c == quote {
                close = Some(i);
                break;
            }
        }
        let end = close.unwrap_or(inner.len());
        out.push_str(&clip(&inner[..end]));
        rest = &inner[end..];
        if let Some(q) = rest.chars().next() {
            out.push(q);
            rest = &rest[q.len_utf8()..];
        }
    }
    out.push_str(rest);
    const MAX_MESSAGE_CHARS: usize = 400;
    match out.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((end, _)) => format!("{}…", &out[..end]),
        None => out,
    }
}
