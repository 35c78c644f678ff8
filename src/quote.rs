//! User values quoted short: a message about a huge bad value (a 100,000-digit pile, a
//! pasted file as a position) quotes a prefix of it and its length, never all of it.
//!
//! [`clip`] cuts one value. [`clip_values`] cuts every overlong value in a finished
//! message: the command line, the engine protocols and the setup screen pass every
//! error through it where it leaves the program, so no message, clap's own included,
//! can echo a huge value whichever constructor built it.

/// The most of a bad value (or key) that a message quotes, in characters.
pub const QUOTE_CHARS: usize = 40;

/// A run of text without whitespace longer than this is a value nobody reads whole (a
/// word, a path, an Othello board of 64 squares are all shorter), and is clipped.
pub const LONG_WORD_CHARS: usize = 100;

/// A whole message at most, in characters (a safety net for values with spaces in them;
/// the longest message parlor writes, clap's usage included, is far shorter).
pub const MAX_MESSAGE_CHARS: usize = 1000;

/// `text` as it may be quoted in a message: at most [`QUOTE_CHARS`] characters, then
/// "…(N characters)" with its length when there was more.
pub fn clip(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(QUOTE_CHARS) {
        Some((end, _)) => format!("{}…({} characters)", &text[..end], text.chars().count()).into(),
        None => text.into(),
    }
}

/// `message` with every run of non-space text longer than [`LONG_WORD_CHARS`] clipped
/// (see [`clip`]; the quotes and punctuation around a value stay), and the whole cut at
/// [`MAX_MESSAGE_CHARS`].
pub fn clip_values(message: &str) -> String {
    let mut out = String::with_capacity(message.len().min(MAX_MESSAGE_CHARS + 64));
    let mut rest = message;
    while !rest.is_empty() {
        let word_end = rest.find(char::is_whitespace).unwrap_or(rest.len());
        let (word, after) = rest.split_at(word_end);
        out.push_str(&clip_word(word));
        let space_end = after
            .find(|c: char| !c.is_whitespace())
            .unwrap_or(after.len());
        out.push_str(&after[..space_end]);
        rest = &after[space_end..];
    }
    match out.char_indices().nth(MAX_MESSAGE_CHARS) {
        Some((end, _)) => {
            let total = out.chars().count();
            format!("{}…({total} characters)", &out[..end])
        }
        None => out,
    }
}

/// One word of a message: kept when short; else its value, between the quotes,
/// brackets and punctuation around it, clipped.
fn clip_word(word: &str) -> std::borrow::Cow<'_, str> {
    if word.chars().nth(LONG_WORD_CHARS).is_none() {
        return word.into();
    }
    let around = |c: char| "'\"`()[]{}<>,.:;".contains(c);
    let core = word.trim_start_matches(around);
    let before = &word[..word.len() - core.len()];
    let core = core.trim_end_matches(around);
    let after = &word[before.len() + core.len()..];
    format!("{before}{}{after}", clip(core)).into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clip_keeps_short_text_and_names_the_length_of_long_text() {
        assert_eq!(clip("cyan"), "cyan");
        let exact = "x".repeat(QUOTE_CHARS);
        assert_eq!(clip(&exact), exact);
        let long = "é".repeat(100);
        assert_eq!(
            clip(&long),
            format!("{}…(100 characters)", "é".repeat(QUOTE_CHARS))
        );
    }

    #[test]
    fn clip_values_cuts_the_value_and_keeps_its_quotes_and_the_rest() {
        let digits = "3".repeat(100_000);
        let message = format!("pile 1 is '{digits}', not a whole number: expected 1-8 piles");
        assert_eq!(
            clip_values(&message),
            format!(
                "pile 1 is '{}…(100000 characters)', not a whole number: expected 1-8 piles",
                "3".repeat(QUOTE_CHARS)
            )
        );
        // Whitespace is kept as it was (clap's messages run over lines).
        let unknown = format!("error: unrecognized subcommand '{digits}'\n\n  tip: x");
        let clipped = clip_values(&unknown);
        assert!(
            clipped.starts_with("error: unrecognized subcommand '333"),
            "{clipped}"
        );
        assert!(
            clipped.ends_with("…(100000 characters)'\n\n  tip: x"),
            "{clipped}"
        );
    }

    #[test]
    fn clip_values_leaves_ordinary_messages_alone() {
        for message in [
            "",
            "letter 1 is '3': expected a non-empty string of the letters W and L, e.g. WLLWL",
            "cannot read config file /home/someone/.config/parlor/config.toml: not found",
            "'---------------------------XO------OX--------------------------- X' is fine",
            "  leading and trailing spaces  ",
        ] {
            assert_eq!(clip_values(message), message);
        }
    }

    #[test]
    fn clip_values_caps_a_long_message_of_short_words() {
        let spaced = "1 ".repeat(50_000);
        let clipped = clip_values(&format!("pile 1 is '{spaced}'"));
        assert!(
            clipped.chars().count() < MAX_MESSAGE_CHARS + 30,
            "{clipped}"
        );
        assert!(clipped.ends_with("…(100012 characters)"), "{clipped}");
    }
}
