//! The composition root: the games this program offers, listed once, in menu order, and
//! handed to the command line (and through it to the app). Nothing else names the
//! games; adding one adds its line here.

use crate::games;
use crate::plugin::Registry;

/// Every game, in menu order.
pub fn registry() -> Registry {
    Registry::new(&[
        &games::nim::KIND,
        &games::sugar_packets::KIND,
        &games::chopsticks::KIND,
        &games::othello::KIND,
        &games::pnut::KIND,
        &games::wl::KIND,
    ])
}
