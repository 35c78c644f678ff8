//! Othello rules on two u64 bitboards.
