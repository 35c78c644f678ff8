//! What the shared match view draws: the turn line, the prediction, the AI's voice, the
//! moves played, the footer and the game-over box, for every game's screen alike.

use crate::game::Game;
use crate::session::PlayedMove;
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use std::sync::atomic::Ordering;

use super::{MatchView, Who};

impl<G: Game> MatchView<G> {
    /// Whose turn, or that the AI is thinking, as a short styled line.
    pub fn turn_line(&self, theme: &Theme, keys: &Keys, human_detail: String) -> Line<'static> {
        let s = &self.session;
        if let Some(note) = keys.board_note() {
            Line::styled(note.to_string(), theme.bold())
        } else if s.is_over() {
            Line::styled("Game over.", theme.bold())
        } else if keys.online().is_some_and(|o| o.over) || keys.finished() {
            // Resigned, agreed, out of time, or left: the board stands where the match
            // ended, and says how (the box that says it may be put away).
            match keys.ending_how() {
                Some(how) => Line::styled(format!("The match is over. {how}"), theme.bold()),
                None => Line::styled("The match is over.", theme.bold()),
            }
        } else if s.side_pending() {
            Line::raw("The AI is choosing a side…")
        } else if s.human_to_move() {
            let who = match self.who(s.to_move()) {
                Who::You => "Your turn".to_string(),
                Who::Ai => "The AI's turn".to_string(),
                Who::Named(name) => format!("{name}'s turn"),
            };
            Line::from(vec![
                Span::styled(who, theme.bold()),
                Span::raw(human_detail),
            ])
        } else if s.remote_to_move() {
            Line::raw(format!(
                "{}'s move, at their terminal.",
                s.name(s.to_move())
            ))
        } else if s.paused() {
            Line::raw(format!("Paused: {} resumes.", keys.key(Action::Pause)))
        } else {
            let dots = ["·  ", "·· ", "···"][(self.frames / 4) % 3];
            let spent = s.thinking_ms() as f64 / 1000.0;
            // With a time budget the clock itself shows progress; without, the dots do.
            let time = match self.think_ms.as_ref().map(|t| t.load(Ordering::Relaxed)) {
                Some(budget) => format!("{spent:.1}/{:.1} s", budget as f64 / 1000.0),
                None => format!("{dots} {spent:.1} s"),
            };
            Line::raw(format!(
                "{} is thinking {time} · {} now",
                s.name(s.to_move()),
                keys.key(Action::MoveNow)
            ))
        }
    }

    /// Whether what gives the result away is hidden now (the spoiler switch is off and
    /// the game goes on).
    pub fn spoilers_hidden(&self) -> bool {
        !self.spoilers && !self.session.is_over()
    }

    /// Whether a move's "✗ mistake" mark is shown: it was one, and the spoiler switch
    /// does not hide it (a mark tells that the position was won).
    pub fn mistake_shown(&self, m: &PlayedMove<G>) -> bool {
        m.mistake && !self.spoilers_hidden()
    }

    /// The prediction panel while the spoiler switch hides it, else `None`.
    pub fn hidden_prediction(&self, keys: &Keys, theme: &Theme) -> Option<Vec<Line<'static>>> {
        // Online, the panel tells of the match instead (see `widgets::prediction_title`).
        if let Some(notes) = &self.notes {
            return Some(notes.clone());
        }
        // Two AIs at the board leave no win to find, only play to judge. Otherwise
        // no promise: "find the win yourself" stood over lost and even positions, and
        // beside the hints, which still value every move (said, so that the hiding is
        // not read as the hints' doing).
        let hidden = if self.all_ai() {
            "Hidden: judge the AIs yourself."
        } else {
            "Prediction hidden."
        };
        self.spoilers_hidden().then(|| {
            let mut lines = vec![Line::styled(hidden, theme.muted())];
            if self.hints {
                lines.push(Line::styled("Hints still value each move.", theme.muted()));
            }
            lines.push(Line::styled(
                format!("{} shows the prediction.", keys.key(Action::Spoilers)),
                theme.muted(),
            ));
            lines
        })
    }

    pub fn voice_line(&self, theme: &Theme) -> Line<'static> {
        if !self.note.is_empty() {
            return Line::styled(self.note.clone(), theme.muted());
        }
        // The AI's remarks tell who wins ("I can't force a win from here").
        if self.voice.is_empty() || self.spoilers_hidden() || self.hushed() {
            Line::raw("")
        } else if self.ai_seat().is_some() {
            Line::styled(format!("AI: “{}”", self.voice), theme.accent())
        } else {
            Line::styled(self.voice.clone(), theme.accent())
        }
    }

    /// What the prediction panel says before there is a prediction to give: the
    /// result, a solver that failed, the AI choosing its side. `None` otherwise.
    pub fn prediction_preamble(&self, theme: &Theme) -> Option<Vec<Line<'static>>> {
        let s = &self.session;
        if let Some(headline) = self.result_headline() {
            return Some(vec![
                Line::raw("Game over:"),
                Line::styled(headline, theme.bold()),
            ]);
        }
        if let Some(reason) = s.analysis_failed() {
            return Some(vec![
                Line::styled("Analysis unavailable.", theme.warning()),
                Line::styled(format!("The solver stopped: {reason}"), theme.muted()),
            ]);
        }
        if s.side_pending() {
            return Some(vec![Line::raw("The AI is choosing a side…")]);
        }
        None
    }

    /// "With perfect play, you win" and what is known about the distance.
    pub fn prediction_lines(&self, theme: &Theme) -> Vec<Line<'static>> {
        if let Some(lines) = self.prediction_preamble(theme) {
            return lines;
        }
        let s = &self.session;
        if s.analysis()
            .is_some_and(|a| a.verdict == crate::solve::Verdict::Draw)
        {
            return vec![
                Line::raw("With perfect play,"),
                Line::styled("a draw", theme.bold()),
            ];
        }
        let (Some(winner), Some(a)) = (s.predicted_winner(), s.analysis()) else {
            return vec![Line::styled("Thinking…", theme.muted())];
        };
        let style = match self.ai_seat() {
            Some(ai) if ai == winner => theme.warning(),
            _ => theme.hint(),
        };
        let mut lines = vec![
            Line::raw("With perfect play,"),
            Line::styled(self.wins_text(winner), style),
        ];
        if let Some(p) = a.verdict.plies() {
            lines.push(Line::styled(moves_left(p), theme.muted()));
        }
        lines
    }

    /// The last `room` moves, numbered, each described by `describe`, mistakes marked.
    pub fn move_lines(
        &self,
        theme: &Theme,
        room: usize,
        describe: impl Fn(&PlayedMove<G>) -> String,
    ) -> Vec<Line<'static>> {
        let history = self.session.history();
        let given = self.given_played();
        let skip = history.len().saturating_sub(room.max(1));
        history
            .iter()
            .enumerate()
            .skip(skip)
            .map(|(i, m)| {
                let style = if i + 1 == history.len() {
                    theme.last_move()
                } else {
                    Style::new()
                };
                let mut spans = vec![Span::styled(
                    format!(
                        "{:>3}. {:<9}{:>7}",
                        i + 1,
                        // The start's moves are no one's choice.
                        if i < given {
                            "start"
                        } else {
                            self.session.name(m.seat)
                        },
                        describe(m)
                    ),
                    style,
                )];
                if self.mistake_shown(m) {
                    spans.push(Span::styled(MISTAKE_MARK, theme.warning()));
                }
                Line::from(spans)
            })
            .collect()
    }

    /// The "Moves" panel: as many of the last moves as fit in `area`.
    pub fn render_moves(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        describe: impl Fn(&PlayedMove<G>) -> String,
    ) {
        self.render_moves_with_legend(frame, area, theme, None, describe);
    }

    /// The moves panel, its title saying how a move is written where the notation
    /// needs saying ("Moves (pile:coins)": Nim's "2:2" was read as a score).
    pub fn render_moves_with_legend(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        legend: Option<&str>,
        describe: impl Fn(&PlayedMove<G>) -> String,
    ) {
        // With the legend only where it fits the border whole (a space each side).
        let fits = |t: &String| t.chars().count() + 4 <= usize::from(area.width);
        let title = legend
            .map(|legend| {
                self.moves_title()
                    .replacen("Moves", &format!("Moves ({legend})"), 1)
            })
            .filter(fits)
            .unwrap_or_else(|| self.moves_title().to_string());
        let room = area.height.saturating_sub(2) as usize;
        let why = self.why_not_rated_lines(theme, area.width.saturating_sub(2));
        let mut lines = self.move_lines(theme, room.saturating_sub(why.iter().len()), describe);
        lines.splice(0..0, why);
        // A narrow panel keeps the mark and drops its word rather than cut it ("✗ mist").
        let inner = usize::from(area.width.saturating_sub(2));
        for line in &mut lines {
            if line.width() > inner
                && let Some(mark) = line.spans.last_mut()
                && mark.content == MISTAKE_MARK
            {
                mark.content = " ✗".into();
            }
        }
        frame.render_widget(
            ratatui::widgets::Paragraph::new(lines).block(widgets::block(&title, theme)),
            area,
        );
    }

    /// The moves panel's title in a game against the AI: "rated" while it counts for
    /// the rating, "not rated" where it does not (a typed start, a proven loss) or once
    /// help (a move made with the hints seen, a move taken back) leaves it out. The
    /// note that said so went with the next move, and a rated game said nothing of it
    /// until the game-over box. "Moves" alone where the shell did not say.
    pub fn moves_title(&self) -> &'static str {
        if self.ai_seat().is_none() || self.rating_would_spoil() {
            return "Moves";
        }
        self.rating.moves_title()
    }

    /// Whether what the rating says would give the hidden prediction away: a random
    /// start that was a proven loss for the player ("not rated" and why are said once
    /// the game is over, or with the prediction shown).
    fn rating_would_spoil(&self) -> bool {
        !self.spoilers
            && !self.session.is_over()
            && self.rating.counts == Some(Err(crate::plugin::rating::rated::DRAWN_LOSS))
    }

    /// The moves panel's first lines in a game against the AI that is not rated, under
    /// the title that says so: why ("The setup was a proven loss.").
    /// Wrapped to the panel's `width` (the moves' own lines do not wrap: "The random
    /// start was a proven loss for you." was cut at 80 columns).
    pub fn why_not_rated_lines(&self, theme: &Theme, width: u16) -> Vec<Line<'static>> {
        if self.ai_seat().is_none() || self.rating_would_spoil() {
            return Vec::new();
        }
        let Some(why) = self.rating.why_not() else {
            return Vec::new();
        };
        widgets::wrap_words(&widgets::capitalised(why), width)
            .into_iter()
            .map(|line| Line::styled(line, theme.muted()))
            .collect()
    }

    /// The prediction panel: the game's `lines`, unless the prediction is hidden.
    pub fn render_prediction(
        &self,
        frame: &mut Frame,
        area: Rect,
        (keys, theme): (&Keys, &Theme),
        lines: impl FnOnce() -> Vec<Line<'static>>,
    ) {
        let lines = self.hidden_prediction(keys, theme).unwrap_or_else(lines);
        widgets::panel(frame, area, widgets::prediction_title(keys), lines, theme);
    }

    /// The footer of a match: the game's `items` while people play, pause in place of
    /// the first `moving` of them (the keys that make a move) when only AIs play, the
    /// game-over keys once it is over.
    pub fn render_footer(
        &self,
        frame: &mut Frame,
        area: Rect,
        (keys, theme): (&Keys, &Theme),
        moving: usize,
        items: &[(&[Action], &str)],
    ) {
        let mut list = keys.footer(items);
        if self.all_ai() {
            // `footer` puts the status ("✓ saved") first in both lists: the cut takes
            // it with the moving keys (a cut of `moving` entries from 0 took the status
            // and left the last moving key: "s split" in a match of two Chopsticks AIs).
            let pause = keys.footer(&[(&[Action::Pause], self.pause_word())]);
            let status = list
                .iter()
                .take_while(|(key, _)| key == crate::ui::keys::STATUS_MARK)
                .count();
            let to = (status + moving).min(list.len());
            list.splice(0..to, pause);
        }
        if self.session.is_over() {
            list = widgets::game_over_footer(keys, self.over_box_shown());
        }
        widgets::footer(frame, area, &list, theme);
    }

    /// What the finished game did to the rating, said where the result is read: the
    /// shell's word once the history has the game, or (before, or without a history)
    /// that help left it out.
    pub fn rating_line(&self) -> Option<String> {
        self.rating.line()
    }

    /// [`Self::rating_line`] as the game-over boxes show it, a line each (a new
    /// rating's note has two).
    pub fn rating_lines(&self) -> Vec<String> {
        self.rating_line()
            .map(|note| note.lines().map(str::to_string).collect())
            .unwrap_or_default()
    }

    /// The box over the board when the game is over: the result, why, and what next.
    pub fn render_game_over(
        &self,
        frame: &mut Frame,
        board: Rect,
        theme: &Theme,
        keys: &Keys,
        why: String,
    ) {
        let Some(headline) = self.result_headline() else {
            return;
        };
        if !self.over_box_shown() {
            return;
        }
        // A lesson's panel says what the end of its step means.
        if keys.is_teaching() {
            return;
        }
        // A reason that wraps (Othello's count of the empty squares) grows the box.
        let area = widgets::over_panel(board, 44, 0);
        let inner = area.width.saturating_sub(2);
        let why_height = widgets::wrapped_lines(&why, inner);
        // The count wraps too ("… after the start's 3, 5 of them passes.").
        let played = moves_played(self.session.history(), self.given_played());
        let played_height = widgets::wrapped_lines(&played, inner);
        let mut lines = vec![
            Line::styled(headline, theme.title()),
            Line::raw(why),
            Line::raw(played),
        ];
        // On a line of its own: "Rated: your rating 1609 →" over "1366." read badly.
        let note = self.rating_lines();
        let note_height: u16 = note.iter().map(|n| widgets::wrapped_lines(n, inner)).sum();
        lines.extend(note.into_iter().map(Line::raw));
        lines.extend([
            Line::raw(""),
            what_next(keys, theme, false),
            crate::ui::widgets::review_line(keys, theme),
        ]);
        let height = 6 + why_height + played_height + note_height;
        let area = widgets::over_panel(board, 44, height);
        // The rows it stands on are cleared across the panel: the ends of a line
        // beside it read as words cut off ("L" of W&L's "Last move", a pile's coins).
        frame.render_widget(
            ratatui::widgets::Clear,
            Rect {
                x: board.x.saturating_add(1),
                width: board.width.saturating_sub(2),
                ..area
            },
        );
        widgets::popup(frame, area, "Game over", lines, theme);
    }
}

/// "You win.", "The AI wins.", "Player 2 wins.": a sentence of its own, the verb
/// agreeing with the seat ("You wins." was a name put in front of "wins").
/// How long the predicted winner needs: "(at most 12 more moves)". The winner's
/// fastest win against the longest defence; a defence that sets traps instead (the
/// perfect AI's, when lost) or a slip ends it sooner, so "at most", not "exactly".
pub fn moves_left(plies: u32) -> String {
    match plies {
        1 => "(1 more move)".to_string(),
        p => format!("(at most {p} more moves)"),
    }
}

/// "40 moves played.", with the passes among them said (an Othello game of 72 plies
/// has 60 squares played).
/// The first `given` moves were the start's (see `MatchView::play_given`): not counted.
pub(super) fn moves_played<G: Game>(history: &[PlayedMove<G>], given: usize) -> String {
    let history = &history[given.min(history.len())..];
    let passes = history.iter().filter(|m| m.before.forced()).count();
    let played = match history.len() {
        1 => "1 move played".to_string(),
        n => format!("{n} moves played"),
    };
    let played = match given {
        0 => played,
        g => format!("{played} after the start's {g}"),
    };
    match passes {
        0 => format!("{played}."),
        1 => format!("{played}, 1 of them a pass."),
        p => format!("{played}, {p} of them passes."),
    }
}

pub fn wins_sentence(who: Who) -> String {
    match who {
        Who::You => "You win.".into(),
        Who::Ai => "The AI wins.".into(),
        Who::Named(name) => format!("{name} wins."),
    }
}

/// The mark after a move that threw a win away, in the move list.
const MISTAKE_MARK: &str = " ✗ mistake";

/// The last line of a game-over box: rematch, new game, (undo,) menu, with their keys.
pub fn what_next(keys: &Keys, theme: &Theme, undo: bool) -> Line<'static> {
    let key = |actions: &[Action]| Span::styled(keys.label(actions), theme.accent());
    // Online: a rematch is asked of the other player; the way out is the lobby.
    if let Some(online) = keys.online() {
        if online.watching {
            return Line::from(vec![key(&[Action::Back]), Span::raw(" lobby")]);
        }
        return Line::from(vec![
            key(&[Action::Rematch]),
            Span::raw(" rematch, sides swapped · "),
            key(&[Action::Back]),
            Span::raw(" lobby"),
        ]);
    }
    let mut spans = vec![
        key(&[Action::Rematch]),
        Span::raw(" rematch · "),
        key(&[Action::NewGame]),
    ];
    if undo {
        spans.extend([
            Span::raw(" new · "),
            key(&[Action::Undo]),
            Span::raw(" undo · "),
        ]);
    } else {
        spans.push(Span::raw(" new game · "));
    }
    spans.extend([key(&[Action::Back]), Span::raw(" menu")]);
    Line::from(spans)
}
