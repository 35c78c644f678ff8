//! A brief animation of what a move changed (discs flipping, coins taken, a hand
//! dying). It only times frames: each screen decides what a frame looks like, and
//! draws frames only when the theme animates (`Theme::animate`: the config's
//! `ui.animations`, and colour on). Any key ends it, so it never holds up play.

/// The length of one frame: three of them fit in the AI's default pause.
pub const FRAME_MS: u64 = 120;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Animation {
    /// Milliseconds shown so far and the whole length; `None` when nothing moves.
    running: Option<(u64, u64)>,
}

impl Animation {
    /// Starts (or restarts) an animation of `frames` frames.
    pub fn start(&mut self, frames: u64) {
        self.running = Some((0, frames * FRAME_MS));
    }

    /// Ends it at once: the board shows the position as it is.
    pub fn skip(&mut self) {
        self.running = None;
    }

    /// Time passes. Returns whether the frame shown changed (time to redraw).
    pub fn tick(&mut self, elapsed_ms: u64) -> bool {
        let Some((shown, length)) = self.running else {
            return false;
        };
        let before = shown / FRAME_MS;
        let shown = shown + elapsed_ms;
        if shown >= length {
            self.running = None;
            return true;
        }
        self.running = Some((shown, length));
        shown / FRAME_MS != before
    }

    /// The frame on screen, from 0, while the animation runs.
    pub fn frame(&self) -> Option<u64> {
        self.running.map(|(shown, _)| shown / FRAME_MS)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_follow_the_time_and_the_end_redraws_once() {
        let mut a = Animation::default();
        assert_eq!(a.frame(), None);
        a.start(3);
        assert_eq!(a.frame(), Some(0));
        assert!(!a.tick(50), "still frame 0");
        assert!(a.tick(100), "150 ms: frame 1");
        assert_eq!(a.frame(), Some(1));
        assert!(a.tick(100), "250 ms: frame 2");
        assert_eq!(a.frame(), Some(2));
        assert!(a.tick(200), "past the end: the last redraw");
        assert_eq!(a.frame(), None);
        assert!(!a.tick(50), "nothing left to draw");
    }

    #[test]
    fn a_skip_ends_it_at_once() {
        let mut a = Animation::default();
        a.start(3);
        a.skip();
        assert_eq!(a.frame(), None);
        assert!(!a.tick(50));
    }
}
