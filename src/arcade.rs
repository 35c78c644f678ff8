//! The composition root: the games this program offers, listed once, in menu order, and
//! handed to the command line (and through it to the app). Nothing else names the
//! games; adding one adds its line here.

use crate::games::{chopsticks, nim, othello, pnut, sugar_packets, wl};
use crate::plugin::Registry;

/// Every game, in menu order.
pub fn registry() -> Registry {
    Registry::new(&[
        &nim::KIND,
        &sugar_packets::KIND,
        &chopsticks::KIND,
        &othello::KIND,
        &pnut::KIND,
        &wl::KIND,
    ])
}
