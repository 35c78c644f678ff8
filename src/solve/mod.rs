//! Search only: engines that tell the truth about positions, the worker thread that
//! runs them off the UI thread, and the AI policy that turns truth into a move.

pub mod alloc;
pub mod analysis;
pub mod analyst;
pub mod chopsticks;
pub mod nim;
pub mod othello;
pub mod pnut;
pub mod policy;
pub mod pool;
pub mod proof;
pub mod wl;
pub mod worker;

pub use analysis::{Analysis, MoveValue, Traps, Verdict};
