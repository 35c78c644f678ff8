//! The TOML parser's messages quoted short: a huge value makes a short message.

use crate::quote::clip;

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
