//! The question asked when a game in progress is left for the menu or a new game: keep
//! it to resume later, forget it, or stay. Enter, the key pressed by reflex, keeps the
//! game (or, when nothing can be saved, stays); forgetting takes a letter of its own and
//! then a `y`: the letter is a board column in Othello, typed by reflex as a move.

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
    /// The forget key: ask "forget it for good?" before anything is lost.
    AskForget,
    /// Not forgotten after all: back to the question.
    KeepAsking,
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

/// The key that asks to forget the game, read as typed.
pub const FORGET: char = 'f';

/// The key that confirms forgetting, read as typed.
pub const CONFIRM: char = 'y';

/// The answer of a key: `typed` is the character typed, if any; `confirming`, whether
/// the forget key was pressed and "forget it for good?" is on screen.
pub fn answer(action: Action, typed: Option<char>, saved: bool, confirming: bool) -> Answer {
    if confirming {
        return match (typed, action) {
            (Some(CONFIRM), _) => Answer::Abandon,
            (_, Action::Quit) if !saved => Answer::Quit,
            _ => Answer::KeepAsking,
        };
    }
    match typed {
        Some(KEEP) if saved => return Answer::Keep,
        Some(FORGET) => return Answer::AskForget,
        _ => {}
    }
    match action {
        Action::Enter if saved => Answer::Keep,
        Action::Enter | Action::Back => Answer::Stay,
        Action::Quit => Answer::Quit,
        _ => Answer::Ignored,
    }
}

/// Where the question to leave a game stands: asked, or the forget key pressed and
/// the box asking to be sure.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forgetting {
    NotAsked,
    /// `ended_before`: the game had ended once (moves were undone since), and the
    /// history keeps that first ending whatever is forgotten now.
    Asked {
        ended_before: bool,
    },
}

/// `forgetting`: the forget key was pressed; the box asks to be sure instead.
pub fn render(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    keys: &Keys,
    to: Leave,
    saved: bool,
    forgetting: Forgetting,
) {
    if let Forgetting::Asked { ended_before } = forgetting {
        return render_confirm(frame, area, theme, to, ended_before);
    }
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
    lines.push(Line::raw(format!("  {stay:<8} stay at the board")));
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
    question_box(frame, area, theme, "Leave the game?", lines, &footer);
}

/// A question's box in the middle of `area`, and its keys in the footer's place (the
/// footer under it names the game's keys, not the question's).
fn question_box(
    frame: &mut Frame,
    area: Rect,
    theme: &Theme,
    title: &str,
    lines: Vec<Line>,
    footer: &[(String, String)],
) {
    let bottom = Rect {
        y: area.bottom().saturating_sub(1),
        height: 1,
        ..area
    };
    frame.render_widget(Clear, bottom);
    widgets::footer(frame, bottom, footer, theme);
    let height = lines.len() as u16 + 2;
    let popup = widgets::centered(area, 50, height);
    frame.render_widget(Clear, popup);
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: false })
            .block(widgets::block(title, theme)),
        popup,
    );
}

/// "Forget it for good?": the second key that forgetting takes.
fn render_confirm(frame: &mut Frame, area: Rect, theme: &Theme, to: Leave, ended_before: bool) {
    let then = match to {
        Leave::Menu => "and go to the menu",
        Leave::NewGame => "and set up a new game",
        Leave::Quit => "and quit",
    };
    let lines = vec![
        Line::raw("Forget this game for good? Its moves are lost."),
        // What it does to the player's standing, asked by a play-tester; a game that
        // had ended once is in the history as it first ended ("counts in no record"
        // was said of a lost game already counted).
        Line::raw(if ended_before {
            "Its first ending stays in your history."
        } else {
            "It counts in no record or rating."
        }),
        Line::raw(""),
        Line::raw(format!("  {CONFIRM:<8} forget it {then}")),
        Line::raw("  any key  keep it: back to the question"),
    ];
    let footer = [
        (CONFIRM.to_string(), "forget".to_string()),
        ("any key".to_string(), "keep".to_string()),
    ];
    question_box(frame, area, theme, "Forget the game?", lines, &footer);
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
        assert_eq!(answer(Action::Enter, None, true, false), Answer::Keep);
        assert_eq!(answer(Action::Enter, None, false, false), Answer::Stay);
        assert_eq!(answer(Action::Back, None, true, false), Answer::Stay);
        assert_eq!(
            answer(Action::Char('s'), Some('s'), true, false),
            Answer::Keep
        );
        assert_eq!(
            answer(Action::Char('s'), Some('s'), false, false),
            Answer::Ignored
        );
        assert_eq!(answer(Action::Quit, Some('q'), true, false), Answer::Quit);
    }

    #[test]
    fn forgetting_takes_the_forget_key_and_then_y() {
        for saved in [true, false] {
            let f = answer(Action::Char('f'), Some('f'), saved, false);
            assert_eq!(f, Answer::AskForget);
            assert_eq!(
                answer(Action::Char('y'), Some('y'), saved, true),
                Answer::Abandon
            );
            // f4 typed by reflex as a move, Enter, Esc: nothing forgotten.
            for (action, typed) in [
                (Action::Char('4'), Some('4')),
                (Action::Enter, None),
                (Action::Back, None),
                (Action::Char('f'), Some('f')),
            ] {
                assert_eq!(answer(action, typed, saved, true), Answer::KeepAsking);
            }
        }
    }
}
