//! The generator behind every seeded choice of a match (coin flips, random starts, the
//! AI's deliberate slips and ties). ChaCha8's stream is fixed by its specification, so
//! `parlor play --seed S` and a saved match's seed give the same choices with any build
//! (rand's `GameRng` promises no such thing across its versions). Simulations use the
//! same generator (`cli::tally::seeded`).

pub type GameRng = rand::rngs::ChaCha8Rng;
