//! Where things were drawn last frame, so a mouse click can be mapped back to them.

use ratatui::layout::{Position, Rect};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    MenuItem(usize),
    SetupField(usize),
    /// A cell of a game's board, numbered by the game (Othello: 0..64, a1 = 0). A new
    /// game's clickable cells use this, or `Choice`, without a variant of their own.
    Square(u32),
    /// An end of the Winners & Losers string.
    WlEnd(crate::game::wl::WlMove),
    /// A coin (or packet) in a Nim pile, counted from the left.
    Coin {
        pile: usize,
        index: usize,
    },
    /// A Chopsticks hand: `bottom` is the row drawn at the bottom (the player's own),
    /// `hand` 0 for left, 1 for right.
    Hand {
        bottom: bool,
        hand: usize,
    },
    /// An entry of a game's pop-up list (Chopsticks: the splits), counted from the top.
    Choice(usize),
}

#[derive(Clone, Debug, Default)]
pub struct Hits {
    areas: Vec<(Rect, Hit)>,
}

impl Hits {
    pub fn clear(&mut self) {
        self.areas.clear();
    }

    pub fn add(&mut self, area: Rect, hit: Hit) {
        self.areas.push((area, hit));
    }

    /// The topmost thing drawn at column `x`, row `y`.
    pub fn at(&self, x: u16, y: u16) -> Option<Hit> {
        self.areas
            .iter()
            .rev()
            .find(|(r, _)| r.contains(Position { x, y }))
            .map(|(_, h)| *h)
    }
}
