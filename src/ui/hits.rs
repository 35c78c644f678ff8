//! Where things were drawn last frame, so a mouse click can be mapped back to them.

use ratatui::layout::{Position, Rect};

/// What was clicked. The kit names no game: a game numbers its own clickable things
/// as `Square`s or `Choice`s (and decodes them itself, next to where it draws them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Hit {
    MenuItem(usize),
    SetupField(usize),
    /// A cell of a game's board, numbered by the game (Othello: 0..64, a1 = 0; Nim: a
    /// coin; Chopsticks: a hand; Winners & Losers: an end of the string).
    Square(u32),
    /// An entry of a game's pop-up list or a numbered choice (Chopsticks: the splits;
    /// Pnut-Butta: the symbols), counted from the top.
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
