//! The position and the move list of the game on screen as plain text, over the whole
//! screen with no frame around the lines, so that a terminal's own selection copies
//! them as they are (to paste into `parlor solve`, `--position`, or another program).

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph};

use crate::plugin::screen::GameScreen;
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;

/// What the overlay shows, read from the screen each time it is drawn (the AI may move
/// while it is open).
#[derive(Clone, Debug, PartialEq)]
pub struct Transcript {
    /// The position on the board.
    pub position: String,
    /// The start of the match and its moves, where the match is recorded.
    pub start: Option<String>,
    pub moves: Vec<String>,
    /// The moves as the game writes a move list.
    pub move_list: String,
    /// The named opening the moves follow, in words (games with named openings).
    pub opening: Option<String>,
}

impl Transcript {
    pub fn of(screen: &dyn GameScreen) -> Transcript {
        let record = screen.record();
        let kind = screen.setup().game.kind();
        let moves = record.as_ref().map(|r| r.moves.clone()).unwrap_or_default();
        let start = record.map(|r| r.start);
        let from = start.as_deref().unwrap_or_default();
        Transcript {
            position: screen.position_text(),
            move_list: kind.move_list(from, &moves),
            opening: start.as_ref().and_then(|s| kind.opening(s, &moves)),
            start,
            moves,
        }
    }

    /// Whether the overlay stays open after `action` (Esc, Enter or its own key close
    /// it; the rest does nothing while it is open).
    pub fn stays_open(action: Action) -> bool {
        !matches!(action, Action::Back | Action::Enter | Action::Transcript)
    }

    /// The lines to draw in `width` columns.
    pub fn lines(&self, width: u16, keys: &Keys) -> Vec<(String, bool)> {
        let mut out: Vec<(String, bool)> = Vec::new();
        let mut section = |title: String, text: &str| {
            // Pnut-Butta starts from the empty string: a title over a blank line read
            // as something missing.
            let text = if text.is_empty() { "(empty)" } else { text };
            out.extend(wrap(&title, width).into_iter().map(|l| (l, true)));
            out.extend(wrap(text, width).into_iter().map(|l| (l, false)));
            out.push((String::new(), false));
        };
        section(
            "The position (as parlor solve and --position read it):".into(),
            &self.position,
        );
        if let Some(start) = &self.start {
            let count = self.moves.len();
            let plural = if count == 1 { "" } else { "s" };
            // A move list leaves out the passes the position implies (Othello's
            // f5d6…): the count says so, or the list looks short of moves.
            let passes = self
                .moves
                .iter()
                .filter(|m| m.eq_ignore_ascii_case("pass"))
                .count();
            let left_out = self.move_list.matches("pa").count().min(passes);
            let unwritten = passes - left_out;
            let title = match unwritten {
                0 => format!("{count} move{plural} from the start:"),
                1 => format!("{count} move{plural} from the start (1 pass, implied, not written):"),
                n => format!(
                    "{count} move{plural} from the start ({n} passes, implied, not written):"
                ),
            };
            section(
                title,
                if count == 0 {
                    "(none yet)"
                } else {
                    &self.move_list
                },
            );
            if let Some(opening) = &self.opening {
                section("The opening:".into(), opening);
            }
            section("The start:".into(), start);
        }
        let closing = format!(
            "Select with the mouse to copy (Shift+drag in most terminals). {} or Esc closes.",
            keys.key(Action::Transcript)
        );
        out.extend(wrap(&closing, width).into_iter().map(|l| (l, true)));
        out
    }

    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys) {
        frame.render_widget(Clear, area);
        let lines: Vec<Line> = self
            .lines(area.width, keys)
            .into_iter()
            .map(|(text, title)| {
                if title {
                    Line::styled(text, theme.title())
                } else {
                    Line::raw(text)
                }
            })
            .collect();
        frame.render_widget(Paragraph::new(lines), area);
    }
}

/// `text` in lines of at most `width - 1` characters (the last column stays free),
/// broken after a space where there is one, else anywhere.
fn wrap(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.saturating_sub(1).max(1));
    let chars: Vec<char> = text.chars().collect();
    let mut lines = Vec::new();
    let mut start = 0;
    while chars.len() - start > width {
        let window = &chars[start..start + width];
        let cut = match window.iter().rposition(|c| *c == ' ') {
            Some(i) if i > 0 => i + 1,
            // An even cut keeps Othello's two-character moves whole.
            _ => (width - width % 2).max(1),
        };
        lines.push(
            chars[start..start + cut]
                .iter()
                .collect::<String>()
                .trim_end()
                .to_string(),
        );
        start += cut;
    }
    lines.push(chars[start..].iter().collect());
    lines
}

#[cfg(test)]
mod tests {
    use super::{Transcript, wrap};
    use crate::ui::keys::Keys;

    fn titles(moves: &[&str], move_list: &str) -> Vec<String> {
        let t = Transcript {
            position: "p".into(),
            start: Some("s".into()),
            moves: moves.iter().map(|m| m.to_string()).collect(),
            move_list: move_list.into(),
            opening: None,
        };
        t.lines(200, &Keys::default())
            .into_iter()
            .filter(|(_, title)| *title)
            .map(|(text, _)| text)
            .collect()
    }

    #[test]
    fn the_count_says_how_many_passes_the_list_leaves_out() {
        let t = titles(&["f5", "d6", "pass", "c3", "pass", "d3"], "f5d6c3d3");
        assert!(
            t.contains(&"6 moves from the start (2 passes, implied, not written):".to_string()),
            "{t:?}"
        );
        // A pass at the very end is written (`pa`): only the other is left out.
        let t = titles(&["f5", "pass", "d6", "pass"], "f5d6pa");
        assert!(
            t.contains(&"4 moves from the start (1 pass, implied, not written):".to_string()),
            "{t:?}"
        );
        let t = titles(&["f5", "d6"], "f5d6");
        assert!(t.contains(&"2 moves from the start:".to_string()), "{t:?}");
        // A list that writes its passes says nothing more.
        let t = titles(&["3", "pass"], "3 pass");
        assert!(t.contains(&"2 moves from the start:".to_string()), "{t:?}");
    }

    /// Pnut-Butta's start, the empty string, is said (not a title over a blank line).
    #[test]
    fn an_empty_start_is_said() {
        let t = Transcript {
            position: "".into(),
            start: Some("".into()),
            moves: Vec::new(),
            move_list: "".into(),
            opening: None,
        };
        let lines = t.lines(80, &Keys::default());
        for title in [
            "The start:",
            "The position (as parlor solve and --position read it):",
        ] {
            let at = lines
                .iter()
                .position(|(text, _)| text == title)
                .expect("the section");
            assert_eq!(lines[at + 1].0, "(empty)", "{title}");
        }
    }

    #[test]
    fn long_text_wraps_at_spaces_or_evenly() {
        assert_eq!(wrap("ab cd ef", 7), vec!["ab cd", "ef"]);
        assert_eq!(wrap("f5d6c3d3c4", 6), vec!["f5d6", "c3d3", "c4"]);
        assert_eq!(wrap("short", 80), vec!["short"]);
    }
}
