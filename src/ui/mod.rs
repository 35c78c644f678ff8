//! The drawing kit every screen uses, the shell's and the games': the theme, the shared
//! widgets, the keys as data, where things were drawn (for clicks), the timing of
//! animations and the AI's voice. It knows no game and no shell screen.

pub mod animation;
pub mod chart;
pub mod hits;
pub mod keys;
pub mod theme;
pub mod voice;
pub mod widgets;
