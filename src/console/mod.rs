//! The command-line kit the games' commands are written with: progress on stderr and
//! Ctrl-C (`progress`), simulate tables and seeds (`tally`), the `--json` shapes
//! (`json`), reading a position from stdin (`input`) and the line protocol of `parlor
//! engine` (`lines`). It knows no game; the shell (`cli/`) uses it too.

pub mod input;
pub mod json;
pub mod lines;
pub mod progress;
pub mod tally;
