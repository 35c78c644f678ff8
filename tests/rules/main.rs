//! The rules, the solvers and the engines against independent oracles and hand-worked
//! cases, with the properties, keys and layout checks that need no binary: one test crate
//! (one link) for what used to be one crate a file.

// A test's helpers may unwrap too: a panic there is the failure report
// (clippy.toml's allow-unwrap-in-tests covers only #[test] functions).
#![allow(clippy::unwrap_used)]

mod chopsticks_lesson;
mod chopsticks_rules;
mod chopsticks_solver;
mod config_sections;
mod keys;
mod lessons;
mod nim_lesson;
mod nim_oracle;
mod othello_analysis;
mod othello_lesson;
mod othello_mid_probcut;
mod othello_patterns;
mod othello_positions;
mod othello_rules;
mod othello_solver;
mod othello_train;
mod pnut_certificate;
mod pnut_engine;
mod pnut_lesson;
mod pnut_oracle;
mod pnut_play;
mod pnut_reductions;
mod pnut_rules;
mod pnut_start_table;
mod properties;
mod puzzle_coach;
mod puzzles;
mod random_input;
mod text_fits;
mod wl_lesson;
mod wl_oracle;
mod worker;
