//! `parlor solve <game> -`: the position read from standard input, so another program's
//! output can be piped in (`echo 3,4,5 | parlor solve nim -`).

use std::io::BufRead;

use crate::plugin::{CliError, usage};

/// The position a `solve` command was given: a position of `-` is replaced with the
/// first line of standard input (its line ending and surrounding spaces dropped).
/// Nothing, an empty line or bytes that are not text are usage errors, not a hang or a
/// panic.
pub fn read_position(position: Option<String>) -> Result<Option<String>, CliError> {
    if position.as_deref() != Some("-") {
        return Ok(position);
    }
    first_line(std::io::stdin().lock()).map(Some)
}

/// The first line of `input`, trimmed; refused when empty or unreadable.
fn first_line(mut input: impl BufRead) -> Result<String, CliError> {
    let mut line = String::new();
    input.read_line(&mut line).map_err(|e| {
        usage(format!(
            "solve -: cannot read the position from standard input ({e}): expected one line of text"
        ))
    })?;
    let line = line.trim();
    if line.is_empty() {
        return Err(usage(
            "solve -: standard input has no position: expected it on the first line, e.g. echo <POSITION> | parlor solve <GAME> -",
        ));
    }
    Ok(line.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_line_trimmed() {
        let text = first_line("  3,4,5 \r\nignored\n".as_bytes()).unwrap();
        assert_eq!(text, "3,4,5");
    }

    #[test]
    fn empty_and_non_text_are_refused() {
        for input in [&b""[..], b"\n", b"   \n3,4,5\n", b"\xff\xfe\n"] {
            let e = first_line(input).unwrap_err();
            assert_eq!(e.exit_code(), 2, "{input:?}");
            assert!(e.to_string().contains("solve -"), "{e}");
        }
    }
}
