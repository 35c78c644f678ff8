//! Chopsticks by retrograde analysis.
