//! The main menu: the saved games to resume first, then every game of the registry by
//! name, with its blurb.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::plugin::{GameId, Registry};
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

pub const TITLE_ART: &str = include_str!("../../assets/title.txt");

/// A saved game the menu offers to resume.
#[derive(Clone, Debug, PartialEq)]
pub struct Resume {
    pub game: GameId,
    /// The number of the next move.
    pub next_move: usize,
    /// The variant the match was set up as ("piles 3,4,5, misère"), for games that
    /// have them: it names the start, so it goes with the game's name, away from the
    /// move number (beside "move 3" it read as the position now).
    pub variant: Option<String>,
    /// What tells this match from another of the same game: the opponent, the start.
    pub detail: String,
    /// When it was saved (`2026-11-23 10:02`).
    pub date: String,
}

impl Resume {
    fn label(&self) -> String {
        let mut label = format!("Resume {}", self.game.menu_name());
        if let Some(variant) = &self.variant {
            label.push_str(&format!(" ({variant})"));
        }
        label.push_str(&format!(" · move {}", self.next_move));
        if !self.detail.is_empty() {
            label.push_str(" · ");
            label.push_str(&self.detail);
        }
        label.push_str(" · ");
        label.push_str(&self.date);
        label
    }

    /// The label for a text that wraps: the time it was saved kept whole and on the
    /// line of the word before it (no-break spaces), where at 80 columns "14:18" went
    /// to a line of its own, or "· 2026-11-29 14:18?" began one; and the player's
    /// colour with "you" ("you" ended a line and "black" began the next).
    fn label_to_wrap(&self) -> String {
        let label = self.label().replace(", you ", ", you\u{a0}");
        let tail = format!(" · {}", self.date);
        match label.strip_suffix(&tail) {
            Some(head) => format!("{head}\u{a0}·\u{a0}{}", self.date.replace(' ', "\u{a0}")),
            None => label,
        }
    }
}

#[derive(Clone, Debug, Default, PartialEq)]
pub struct Menu {
    /// The games offered, in order.
    pub games: Registry,
    pub selected: usize,
    /// The saved games, most recent first; they come before the games in the list.
    pub resumes: Vec<Resume>,
    /// A one-line notice (a file moved aside, saving turned off).
    pub notice: Option<String>,
    /// The saved game the player asked to forget, waiting for a yes.
    pub forgetting: Option<usize>,
    /// The save asked about had ended once (and moves were taken back since): its
    /// first ending stays in the history, and the question says so, as the game's own
    /// leave question does.
    pub forgetting_ended: bool,
    /// The games whose lesson was never finished: selected, the menu points to it.
    pub new_lessons: Vec<GameId>,
    /// The player's rating in each game that has one (rated games against the AI),
    /// shown at the end of the game's line as the statistics write it ("1370?").
    pub ratings: Vec<(GameId, String)>,
    /// An arcade served online: an entry for the lobby before the statistics.
    pub online: bool,
    /// What waits in the lobby (a match of one's own, offers), beside its entry.
    pub online_news: Option<String>,
}

/// What the menu asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum MenuOutcome {
    Stay,
    Open(GameId),
    /// Resume the saved game at this index of `resumes`.
    Resume(usize),
    /// Forget the saved game at this index of `resumes` (the player said yes).
    Forget(usize),
    /// The player asked to forget the saved game at this index: the question is up
    /// (the app says whether it had ended once: [`Menu::forgetting_ended`]).
    AskForget(usize),
    /// The statistics screen (the last entry).
    Stats,
    /// The lobby of a served arcade (before the statistics).
    Lobby,
    Help,
    Quit,
}

impl Menu {
    /// The menu with the saved games first, the first of them selected.
    pub fn new(games: Registry, resumes: Vec<Resume>, notice: Option<String>) -> Menu {
        Menu {
            games,
            selected: 0,
            resumes,
            notice,
            forgetting: None,
            forgetting_ended: false,
            new_lessons: Vec::new(),
            ratings: Vec::new(),
            online: false,
            online_news: None,
        }
    }

    /// Selects `game`'s saved match if there is one, else its entry in the list of games.
    /// Selects the game's own entry (to set up a new game), not a saved match of it:
    /// coming back from a setup, or from a game that left nothing to resume, Enter on
    /// the game's first saved match opened an older game.
    pub fn select_game(&mut self, game: GameId) {
        self.selected = self.resumes.len() + self.games.all().position(|g| g == game).unwrap_or(0);
    }

    /// Selects the lobby's entry (the one before the statistics).
    pub fn select_lobby(&mut self) {
        self.selected = self.len().saturating_sub(2);
    }

    /// Selects the statistics entry.
    pub fn select_statistics(&mut self) {
        self.selected = self.len() - 1;
    }

    /// The saved games, the games, the lobby (online), then the statistics.
    fn len(&self) -> usize {
        self.resumes.len() + self.games.all().len() + usize::from(self.online) + 1
    }

    /// The key that confirms forgetting a saved game, read as typed.
    pub const FORGET_YES: char = 'y';

    /// A key while the menu asks whether to forget a saved game: `y` forgets it, any
    /// other key keeps it.
    pub fn answer_forget(&mut self, typed: Option<char>) -> MenuOutcome {
        match self.forgetting.take() {
            Some(i) if typed == Some(Self::FORGET_YES) => MenuOutcome::Forget(i),
            _ => MenuOutcome::Stay,
        }
    }

    pub fn handle(&mut self, action: Action) -> MenuOutcome {
        let n = self.len();
        match action {
            Action::Backspace if self.selected < self.resumes.len() => {
                self.forgetting = Some(self.selected);
                self.forgetting_ended = false;
                return MenuOutcome::AskForget(self.selected);
            }
            Action::Up => {
                self.selected = (self.selected + n - 1) % n;
            }
            Action::Down => {
                self.selected = (self.selected + 1) % n;
            }
            // Home and End (as PgUp and PgDn): the first and the last entry.
            Action::PageUp => self.selected = 0,
            Action::PageDown => self.selected = n - 1,
            Action::Enter => return self.open(self.selected),
            Action::Help => return MenuOutcome::Help,
            Action::Quit | Action::Back => return MenuOutcome::Quit,
            _ => {}
        }
        MenuOutcome::Stay
    }

    /// Opens entry `index` (Enter or a click).
    pub fn open(&mut self, index: usize) -> MenuOutcome {
        if index < self.resumes.len() {
            self.selected = index;
            return MenuOutcome::Resume(index);
        }
        if index + 1 == self.len() {
            self.selected = index;
            return MenuOutcome::Stats;
        }
        if self.online && index + 2 == self.len() {
            self.selected = index;
            return MenuOutcome::Lobby;
        }
        let Some(game) = self.games.all().nth(index - self.resumes.len()) else {
            return MenuOutcome::Stay;
        };
        self.selected = index;
        MenuOutcome::Open(game)
    }

    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let art_lines: Vec<&str> = TITLE_ART.lines().collect();
        let art_height = art_lines.len() as u16;
        let rows = self.len() as u16;
        // On a short screen the title art gives way to the list.
        let art_height = if area.height >= art_height + rows + 7 {
            art_height
        } else {
            0
        };
        let [_, art, subtitle, _, list, _, notice, footer] = Layout::vertical([
            Constraint::Max(area.height.saturating_sub(art_height + rows + 7) / 2),
            Constraint::Length(art_height),
            Constraint::Length(1),
            Constraint::Length(1),
            Constraint::Length(rows),
            Constraint::Min(0),
            // Three lines: the forget question quotes a save's whole label, then its keys.
            Constraint::Length(3),
            Constraint::Length(1),
        ])
        .areas(area);

        let art_width = art_lines
            .iter()
            .map(|l| l.chars().count())
            .max()
            .unwrap_or(0) as u16;
        let art_area = widgets::centered(art, art_width, art_height);
        let art_text: Vec<Line> = art_lines
            .iter()
            .map(|l| Line::styled(*l, theme.title()))
            .collect();
        frame.render_widget(Paragraph::new(art_text), art_area);
        frame.render_widget(
            Paragraph::new("two-player strategy games · perfect AIs · live predictions")
                .style(theme.muted())
                .alignment(Alignment::Center),
            subtitle,
        );

        // Wide enough for a saved game's whole label (its start, opponent and the time
        // it was saved tell two saves of the same game apart).
        // Wider on a wide screen where a saved game's line needs it.
        let longest = self
            .resumes
            .iter()
            // The marker's 2 columns, the list's 3 of margin, and 1 more: `fit` keeps
            // a text whole only below its width (a label of exactly the room was cut
            // with half the screen free).
            .map(|r| r.label().chars().count() + 6)
            .max();
        let width = (longest.unwrap_or(0).max(76) as u16).min(list.width.saturating_sub(2));
        let list = widgets::centered(list, width, list.height);
        let room = width.saturating_sub(5);
        let resumes = self.resumes.iter().map(|r| {
            Line::from(vec![
                Span::styled("↻ ", theme.accent()),
                Span::raw(widgets::fit(&r.label(), room)),
            ])
        });
        // The selected saved game's label whole under the list, where its line is cut.
        let whole = self
            .resumes
            .get(self.selected)
            .map(Resume::label_to_wrap)
            // As `widgets::fit` cuts: at the width itself.
            .filter(|label| label.chars().count() >= usize::from(room));
        let games = self.games.all().map(|game| {
            let mut spans = vec![
                Span::raw(format!("{:<18}", game.menu_name())),
                Span::styled(game.blurb(), theme.muted()),
            ];
            // The rating at the line's end, where there is room for it.
            if let Some((_, rating)) = self.ratings.iter().find(|(g, _)| *g == game) {
                let label = format!("rating {rating}");
                let used = 2 + 18 + game.blurb().chars().count();
                let room = usize::from(width).saturating_sub(used);
                if room >= label.len() + 2 {
                    spans.push(Span::raw(" ".repeat(room - label.len())));
                    spans.push(Span::styled(label, theme.accent()));
                }
            }
            Line::from(spans)
        });
        let lobby = self.online.then(|| {
            let news = match &self.online_news {
                Some(news) => Span::styled(news.clone(), theme.warning()),
                None => Span::styled("offer a game, or accept one", theme.muted()),
            };
            Line::from(vec![Span::raw(format!("{:<18}", "Play online")), news])
        });
        let stats = Line::from(vec![
            Span::raw(format!("{:<18}", "Statistics")),
            Span::styled("your results, streaks and ratings", theme.muted()),
        ]);
        // A long list (many saved games) scrolls to keep the selected entry in view,
        // with a marker where entries are out of sight.
        let offset = scroll_offset(self.selected, self.len(), list.height as usize);
        let shown = list.height as usize;
        for (i, entry) in resumes
            .chain(games)
            .chain(lobby)
            .chain([stats])
            .enumerate()
            .skip(offset)
            .take(shown)
        {
            let row = Rect {
                y: list.y + (i - offset) as u16,
                height: 1,
                ..list
            };
            let more_above = i == offset && offset > 0;
            let more_below = i + 1 == offset + shown && i + 1 < self.len();
            let marker = if i == self.selected {
                "▶ "
            } else if more_above {
                "▲ "
            } else if more_below {
                "▼ "
            } else {
                "  "
            };
            let mut spans = vec![Span::raw(marker)];
            spans.extend(entry.spans);
            let line = Line::from(spans);
            let style = if i == self.selected {
                theme.selected()
            } else {
                ratatui::style::Style::new()
            };
            frame.render_widget(Paragraph::new(line).style(style), row);
            hits.add(row, Hit::MenuItem(i));
        }

        let question = self.forgetting.and_then(|i| self.resumes.get(i)).map(|r| {
            // The game's own line first, whole (it wrapped in the middle of its time
            // at 80 columns), then the answer's keys.
            // In quotes: the "?" sat against the label's time ("21:02?").
            let ended = if self.forgetting_ended {
                " Its first ending stays in your history."
            } else {
                ""
            };
            format!(
                "Forget the save “{}”?{ended}\n{} forgets it, any other key keeps it.",
                r.label_to_wrap().trim_start_matches("Resume "),
                Self::FORGET_YES
            )
        });
        let lesson = self
            .selected
            .checked_sub(self.resumes.len())
            .and_then(|i| self.games.all().nth(i))
            .filter(|g| self.new_lessons.contains(g))
            .map(|g| format!("New to {g}? Its setup has a lesson: the rules on a live board."));
        if let Some(text) = question.as_ref().or(self.notice.as_ref()) {
            // Three lines at most; the log has the whole story.
            let notice = Rect {
                width: notice.width.saturating_sub(1),
                ..notice
            };
            frame.render_widget(
                Paragraph::new(text.as_str())
                    .wrap(ratatui::widgets::Wrap { trim: true })
                    .style(theme.warning()),
                notice,
            );
        } else if let Some(text) = lesson {
            frame.render_widget(Paragraph::new(text).style(theme.muted()), notice);
        } else if let Some(text) = whole {
            frame.render_widget(
                Paragraph::new(text)
                    .wrap(ratatui::widgets::Wrap { trim: true })
                    .style(theme.muted()),
                notice,
            );
        } else if self.ratings.iter().any(|(_, r)| r.ends_with('?')) {
            // Said where the "?" is seen (only Statistics explained it).
            frame.render_widget(
                Paragraph::new(crate::plugin::rating::rated::UNSURE_RATING).style(theme.muted()),
                notice,
            );
        }
        let on_a_save = self.selected < self.resumes.len();
        let mut items: Vec<(&[Action], &str)> = vec![
            (&[Action::Up, Action::Down], "choose"),
            (&[Action::Enter], "open"),
        ];
        if on_a_save {
            items.push((&[Action::Backspace], "forget"));
        }
        items.extend([
            (&[Action::Help] as &[Action], "help"),
            (&[Action::Quit, Action::Back], "quit"),
        ]);
        let list = keys.footer(&items);
        widgets::footer(frame, footer, &list, theme);
    }
}

/// The first entry shown of a list of `len` entries in `height` rows, so that
/// `selected` is in view (and, past the top, not on the first row when it can help).
fn scroll_offset(selected: usize, len: usize, height: usize) -> usize {
    if height == 0 || len <= height {
        return 0;
    }
    let last_start = len - height;
    // Keep one entry of context below the selected one where the rows allow it.
    let context = usize::from(height >= 3);
    (selected + 1 + context)
        .saturating_sub(height)
        .min(last_start)
}

/// The saved matches as the menu offers them, most recent first. Two saves that would
/// read alike (the same setup saved in the same minute) show their last move, and if
/// that is the same too, their seconds.
pub fn resumes(
    saved: &[(crate::store::SaveSlot, crate::store::MatchRecord)],
    games: &Registry,
) -> Vec<Resume> {
    let mut resumes: Vec<(Resume, &crate::store::MatchRecord)> = saved
        .iter()
        .filter_map(|(_, r)| {
            let game = games.find(&r.game)?;
            let variant = games.variant_of(r);
            let resume = Resume {
                game,
                next_move: r.moves.len() + 1,
                detail: resume_detail(r, variant.is_some(), game.kind().side_colours()),
                variant,
                date: r.saved_minute().to_string(),
            };
            Some((resume, r))
        })
        .collect();
    // Saves that read alike say their last move where it tells them apart (what a
    // player remembers of a game), else their seconds.
    let labels: Vec<String> = resumes.iter().map(|(r, _)| r.label()).collect();
    let lasts: Vec<Option<&String>> = resumes.iter().map(|(_, r)| r.moves.last()).collect();
    for (i, (resume, record)) in resumes.iter_mut().enumerate() {
        let mut twins = (0..labels.len()).filter(|&j| j != i && labels[j] == labels[i]);
        let Some(first) = twins.next() else {
            continue;
        };
        let last = lasts[i];
        let apart = last.is_some()
            && std::iter::once(first)
                .chain(twins)
                .all(|j| lasts[j] != last);
        match last {
            Some(last) if apart => {
                resume.detail = if resume.detail.is_empty() {
                    format!("last {last}")
                } else {
                    format!("{} · last {last}", resume.detail)
                };
            }
            _ => resume.date = record.saved_second(),
        }
    }
    resumes.into_iter().map(|(r, _)| r).collect()
}

/// What tells one saved match from another of the same game on the menu: who plays
/// whom (and the player's colour where sides have one), and the start when it is
/// short enough to read (`9,7,5`) and no variant names it.
fn resume_detail(
    record: &crate::store::MatchRecord,
    has_variant: bool,
    colours: Option<[&str; 2]>,
) -> String {
    let opponent = match record.mode {
        // Where the sides have colours, which one is the player's ("you white").
        crate::matchup::Mode::VsAi => match colours {
            Some(colours) => {
                let yours = usize::from(record.seats[0].ai.is_some());
                format!("vs AI ({}), you {}", record.level, colours[yours])
            }
            None => format!("vs AI ({})", record.level),
        },
        crate::matchup::Mode::TwoPlayers => "two players".to_string(),
        crate::matchup::Mode::AiVsAi => "AI vs AI".to_string(),
    };
    // A match on the clock says so: resuming it starts a side's time running.
    // (Two AIs play without: a save from before may carry the setup's hidden choice.)
    let clock = record
        .clock
        .filter(|_| record.mode != crate::matchup::Mode::AiVsAi);
    let opponent = match &clock {
        Some(clock) => format!("{opponent} · clock {}", clock.control),
        None => opponent,
    };
    // A game with variants names its start by the variant, beside its name.
    if has_variant {
        return opponent;
    }
    let start = record.from_position.as_deref().unwrap_or(&record.start);
    // The position the match started from ("from 3,4,5"), not where it stands now.
    if !start.is_empty() && start.chars().count() <= 12 {
        format!("from {start} · {opponent}")
    } else {
        opponent
    }
}

#[cfg(test)]
mod tests {
    use super::{Resume, scroll_offset};

    /// The wrapping label keeps the colour with "you" and the save time whole; the
    /// menu's own line reads the same.
    #[test]
    fn a_wrapped_label_keeps_you_with_your_colour_and_the_time_whole() {
        let resume = Resume {
            game: crate::games::othello::ID,
            next_move: 7,
            variant: None,
            detail: "vs AI (strong), you black".into(),
            date: "2026-11-29 14:18".into(),
        };
        let wrapping = resume.label_to_wrap();
        assert!(wrapping.contains("you\u{a0}black"), "{wrapping:?}");
        assert!(
            wrapping.ends_with("\u{a0}·\u{a0}2026-11-29\u{a0}14:18"),
            "{wrapping:?}"
        );
        assert_eq!(wrapping.replace('\u{a0}', " "), resume.label());
    }

    #[test]
    fn the_selected_entry_is_always_in_view() {
        for len in 1..30 {
            for height in 1..12 {
                for selected in 0..len {
                    let offset = scroll_offset(selected, len, height);
                    assert!(offset <= selected, "{len} {height} {selected}");
                    assert!(selected < offset + height, "{len} {height} {selected}");
                    assert!(offset + height.min(len) <= len, "{len} {height} {selected}");
                }
            }
        }
        assert_eq!(scroll_offset(0, 20, 8), 0);
        assert_eq!(scroll_offset(19, 20, 8), 12);
    }
}
