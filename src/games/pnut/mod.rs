//! Pnut-Butta's glue: its analyst (the engine a match keeps).

pub mod analyst;
