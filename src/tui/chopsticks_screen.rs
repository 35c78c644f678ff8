//! The Chopsticks screen.
