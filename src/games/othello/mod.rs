//! Othello's glue: its analyst (the engine a match keeps).

pub mod analyst;

use crate::config::Config;
use crate::solve::othello::Limits;

/// The engine's limits in the config: time per move, table size, exact threshold.
pub fn limits(config: &Config) -> Limits {
    Limits {
        max_depth: None,
        max_millis: Some(config.solver.max_millis),
        table_mib: config.solver.table_mib,
        exact_empties: config.solver.exact_empties,
    }
}
