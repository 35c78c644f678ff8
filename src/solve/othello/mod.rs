//! The Othello engine: search, evaluation, exact endgame solver.
