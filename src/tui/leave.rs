//! The question asked when a game in progress is left for the menu or a new game: keep
//! it to resume later, forget it, or stay. Enter, the key pressed by reflex, keeps the
//! game (or, when nothing can be saved, stays); forgetting takes a letter of its own.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::Line;
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// Where the player wanted to go.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Leave {
    Menu,
    NewGame,
    /// Quit the program (asked only when the game cannot be kept: saving is off).
    Quit,
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

/// The key that keeps the game (`s` for "saved"), besides Enter, read as typed,
/// whatever `[keys]` binds it to elsewhere.
pub const KEEP: char = 's';

/// The key that forgets the game, read as typed: a letter no one presses by reflex.
pub const FORGET: char = 'f';

/// The answer of a key: `typed` is the character typed, if any.
pub fn answer(action: Action, typed: Option<char>, saved: bool) -> Answer {
    match typed {
        Some(KEEP) if saved => return Answer::Keep,
        Some(FORGET) => return Answer::Abandon,
        _ => {}
    }
    match action {
        Action::Enter if saved => Answer::Keep,
        Action::Enter | Action::Back => Answer::Stay,
        Action::Quit => Answer::Quit,
        _ => Answer::Ignored,
    }
}

pub fn render(frame: &mut Frame, area: Rect, theme: &Theme, keys: &Keys, to: Leave, saved: bool) {
    let goal = match to {
        Leave::Menu => "go to the menu",
        Leave::NewGame => "set up a new game",
        Leave::Quit => "quit",
    };
    let mut lines = vec![Line::raw(format!("This game is not over. To {goal}:"))];
    lines.push(Line::raw(""));
    if saved {
        let keep = format!("{}/{KEEP}", keys.label(&[Action::Enter]));
        lines.push(Line::raw(format!(
            "  {keep:<8} keep it: Resume from the menu"
        )));
    }
    let forget = if to == Leave::Quit {
        format!("{FORGET}/{}", keys.label(&[Action::Quit]))
    } else {
        FORGET.to_string()
    };
    lines.push(Line::raw(format!(
        "  {forget:<8} forget this game{}",
        match (saved, to) {
            (_, Leave::Quit) => " and quit",
            (true, _) => "",
            (false, _) => " and leave",
        }
    )));
    let stay = if saved {
        keys.label(&[Action::Back])
    } else {
        keys.label(&[Action::Back, Action::Enter])
    };
    lines.push(Line::raw(format!("  {stay:<8} stay and play on")));
    let stay = stay.to_string();
    if !saved {
        lines.push(Line::raw(""));
        lines.push(Line::styled(
            "Games are not being saved, so it cannot be kept.",
            theme.warning(),
        ));
    }
    // The footer under the box names its keys, not the game's behind it.
    let mut footer: Vec<(String, String)> = Vec::new();
    if saved {
        footer.push((
            format!("{}/{KEEP}", keys.label(&[Action::Enter])),
            "keep".into(),
        ));
    }
    footer.push((FORGET.to_string(), "forget".into()));
    footer.push((stay, "stay".into()));
    let bottom = Rect {
        y: area.bottom().saturating_sub(1),
        height: 1,
        ..area
    };
    frame.render_widget(Clear, bottom);
    widgets::footer(frame, bottom, &footer, theme);
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

/// What is asked before a match online is left or resigned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OnlineQuestion {
    /// Resign and stay at the board: the other player wins.
    Resign,
    /// Leave for the lobby: that resigns.
    Leave,
    /// Leave while the other player is away: the match waits for both.
    LeaveWaiting,
}

/// The question before leaving or resigning a match online.
/// `code`: the seat code that takes the player's seat back, when one is needed;
/// `claim`: the other player, away long enough for the win to be claimed.
pub fn render_online(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    question: OnlineQuestion,
    code: Option<&str>,
    claim: Option<&str>,
) {
    let (title, lines) = if question == OnlineQuestion::LeaveWaiting {
        let back = match code {
            Some(code) => Line::raw(format!(
                "for you both; your seat code {code} takes your seat back."
            )),
            None => Line::raw("for you both, and your seat is yours to take back."),
        };
        let mut lines = vec![
            Line::raw("Leave this match? The other player is away: it waits"),
            back,
            Line::raw(""),
            Line::raw("  y        leave it waiting, to the lobby"),
        ];
        if let Some(who) = claim {
            lines.push(Line::raw(format!(
                "  w        claim the win: {who} left and is not back"
            )));
        }
        lines.push(Line::raw("  any key  stay"));
        ("Leave the match?", lines)
    } else if question == OnlineQuestion::Resign {
        (
            "Resign?",
            vec![
                Line::raw("Resign this match? The other player wins; you stay"),
                Line::raw("at the board for the chat and a rematch."),
                Line::raw(""),
                Line::raw("  y        resign"),
                Line::raw("  any key  play on"),
            ],
        )
    } else {
        (
            "Leave the match?",
            vec![
                Line::raw("Leave this match? That resigns it: the other player"),
                Line::raw("wins and is told you left."),
                Line::raw(""),
                Line::raw("  y        resign and leave, to the lobby"),
                Line::raw("  any key  stay and play on"),
            ],
        )
    };
    let width = 60.min(area.width);
    let height = (lines.len() as u16 + 2).min(area.height);
    let at = widgets::centered(area, width, height);
    frame.render_widget(Clear, at);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(widgets::block(title, theme)),
        at,
    );
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn enter_never_forgets_a_game() {
        assert_eq!(answer(Action::Enter, None, true), Answer::Keep);
        assert_eq!(answer(Action::Enter, None, false), Answer::Stay);
        assert_eq!(answer(Action::Back, None, true), Answer::Stay);
        assert_eq!(answer(Action::Char('f'), Some('f'), true), Answer::Abandon);
        assert_eq!(answer(Action::Char('f'), Some('f'), false), Answer::Abandon);
        assert_eq!(answer(Action::Char('s'), Some('s'), true), Answer::Keep);
        assert_eq!(answer(Action::Char('s'), Some('s'), false), Answer::Ignored);
        assert_eq!(answer(Action::Quit, Some('q'), true), Answer::Quit);
    }
}
