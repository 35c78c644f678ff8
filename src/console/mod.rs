//! The command-line kit the games' commands are written with: progress on stderr and
//! Ctrl-C (`progress`), simulate tables and seeds (`tally`), the `--json` shapes
//! (`json`), reading a position from stdin (`input`) and the line protocol of `parlor
//! engine` (`lines`). It knows no game; the shell (`cli/`) uses it too.

pub mod input;
pub mod json;
pub mod lines;
pub mod progress;
pub mod tally;

/// How far a won or lost position is from its end, as the games' `solve` reports say it:
/// " in 7 plies", " in 1 ply", or nothing when the distance is not known.
pub fn in_plies(plies: Option<u32>) -> String {
    match plies {
        Some(1) => " in 1 ply".to_string(),
        Some(p) => format!(" in {p} plies"),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn a_distance_is_said_in_plies_one_ply_in_the_singular() {
        assert_eq!(super::in_plies(Some(7)), " in 7 plies");
        assert_eq!(super::in_plies(Some(1)), " in 1 ply");
        assert_eq!(super::in_plies(None), "");
    }
}
