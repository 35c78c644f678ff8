//! The question asked when a game in progress is left for the menu or a new game: keep
//! it to resume later, forget it, or stay.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use super::keys::{Action, Keys};
use super::theme::Theme;
use super::widgets;

/// Where the player wanted to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
}

/// What the answer was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Answer {
    /// Leave and forget the game.
    Abandon,
    /// Leave; the game stays saved, to resume from the menu.
    Keep,
    Stay,
    Quit,
    /// A key that means nothing here.
    Ignored,
}

/// The key that keeps the game (`s` for "saved"), read as typed, whatever `[keys]`
/// binds it to elsewhere.
pub const KEEP: char = 's';

/// The answer of a key: `typed` is the character typed, if any.
pub fn answer(action: Action, typed: Option<char>, saved: bool) -> Answer {
    if saved && typed == Some(KEEP) {
        return Answer::Keep;
    }
    match action {
        Action::Enter => Answer::Abandon,
        Action::Back => Answer::Stay,
        Action::Quit => Answer::Quit,
        _ => Answer::Ignored,
    }
}

pub fn render(frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, to: Leave, saved: bool) {
    let goal = match to {
        Leave::Menu => "go to the menu",
        Leave::NewGame => "set up a new game",
    };
    let mut lines = vec![Line::raw(format!("This game is not over. To {goal}:"))];
    lines.push(Line::raw(""));
    lines.push(Line::raw(format!(
        "  {:<6} forget this game",
        keys.label(&[Action::Enter])
    )));
    if saved {
        lines.push(Line::raw(format!(
            "  {KEEP:<6} keep it: Resume from the menu"
        )));
    }
    lines.push(Line::raw(format!(
        "  {:<6} stay and play on",
        keys.label(&[Action::Back])
    )));
    if !saved {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Games are not being saved, so it cannot be kept.",
            theme.warning(),
        ));
    }
    let height = lines.len() as u16 + 2;
    let popup = widgets::centered(area, 50, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(widgets::block("Leave the game?", theme)),
        popup,
    );
}
