//! Chopsticks rules and variants.
