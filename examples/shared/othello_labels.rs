//! The trainer's labels file, one position a line: `<mover hex> <opponent hex> <label>`
//! (the mover's margin in discs). Written by `othello_train` and `othello_results mix`,
//! read by `othello_train --fit-only` and by `mix` for its base labels.

/// A labels line's mover, opponent and label; `None` for a line that is not one.
pub fn parse_label(line: &str) -> Option<(u64, u64, f64)> {
    let mut fields = line.split_whitespace();
    let (Some(p), Some(o), Some(t), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return None;
    };
    Some((
        u64::from_str_radix(p, 16).ok()?,
        u64::from_str_radix(o, 16).ok()?,
        t.parse().ok()?,
    ))
}
