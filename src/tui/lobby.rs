//! The lobby of a served arcade: who is here, the games offered, and an entry per game
//! to offer one. Enter accepts another player's offer, takes one's own back, or opens
//! a game's setup to offer it.

use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::Style;
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use super::online::{LobbyView, Offer, Resumable, Watchable};
use crate::plugin::{GameId, Registry};
use crate::ui::hits::{Hit, Hits};
use crate::ui::keys::{Action, Keys};
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// What the lobby asks the app to do.
#[derive(Clone, Debug, PartialEq)]
pub enum LobbyOutcome {
    Stay,
    Accept(u64),
    Watch(u64),
    /// Take one's seat back in a match, with the seat code typed.
    Resume(u64, String),
    Withdraw,
    /// Open this game's setup, to offer it.
    Offer(GameId),
    Back,
    Help,
    Quit,
}

/// One line of the list.
#[derive(Clone, Debug)]
enum Entry {
    Resume(Resumable),
    Theirs(Offer),
    Mine(Offer),
    Watch(Watchable),
    Game(GameId),
}

pub struct LobbyScreen {
    games: Registry,
    view: LobbyView,
    selected: usize,
    /// A word from the server (an offer gone, a refusal), until the next key.
    pub notice: Option<String>,
    /// The seat code typed so far, for a match to take back.
    code: String,
    /// The offer the notice announces, if it does: the notice goes with the offer.
    announced: Option<u64>,
}

impl LobbyScreen {
    pub fn new(games: Registry, view: LobbyView) -> LobbyScreen {
        LobbyScreen {
            games,
            view,
            selected: 0,
            notice: None,
            code: String::new(),
            announced: None,
        }
    }

    /// The lobby changed: the same entry stays selected where it can.
    pub fn refresh(&mut self, view: LobbyView) {
        let before = self.entries().get(self.selected).map(key_of);
        let known: Vec<u64> = self.view.offers.iter().map(|o| o.id).collect();
        self.view = view;
        if let Some(id) = self.announced
            && !self.view.offers.iter().any(|o| o.id == id)
        {
            self.announced = None;
            self.notice = None;
        }
        let entries = self.entries();
        let kept = before.and_then(|k| entries.iter().position(|e| key_of(e) == k));
        self.selected = match (kept, before) {
            (Some(i), _) => i,
            // The entry under the cursor went (an offer taken back or taken, a match
            // over): the cursor goes to the first game to offer, where a reflex Enter
            // only opens a setup, and the player is told.
            (None, Some((kind, _, _))) => {
                // One's own offer goes by one's own hand, or into a match.
                if kind != 1 {
                    self.notice =
                        Some("The entry you were on is gone (taken back, or taken).".into());
                }
                entries
                    .iter()
                    .position(|e| matches!(e, Entry::Game(_)))
                    .unwrap_or(0)
            }
            (None, None) => self.selected.min(entries.len().saturating_sub(1)),
        };
        // An offer that just came in is announced, and the cursor stays where the
        // player put it: a reflex Enter must not accept a match they did not choose
        // (leaving it would resign it).
        if let Some(new) = entries.iter().find_map(|e| match e {
            Entry::Theirs(o) if !known.contains(&o.id) => Some(o),
            _ => None,
        }) {
            self.notice = Some(format!(
                "New: {} offers {} (at the top of the list).",
                new.from, new.summary
            ));
            self.announced = Some(new.id);
        }
    }

    /// Selects one's own offer, if there is one.
    pub fn select_own_offer(&mut self) {
        if let Some(i) = self
            .entries()
            .iter()
            .position(|e| matches!(e, Entry::Mine(_)))
        {
            self.selected = i;
        }
    }

    /// Offers of others first (what a player came for), one's own, the matches to
    /// watch, then the games.
    fn entries(&self) -> Vec<Entry> {
        let theirs = self.view.offers.iter().filter(|o| !o.mine).cloned();
        let mine = self.view.offers.iter().filter(|o| o.mine).cloned();
        let resumable = self.view.resumable.iter().cloned().map(Entry::Resume);
        resumable
            .chain(theirs.map(Entry::Theirs))
            .chain(mine.map(Entry::Mine))
            .chain(self.view.matches.iter().cloned().map(Entry::Watch))
            .chain(self.games.all().map(Entry::Game))
            .collect()
    }

    pub fn handle(&mut self, action: Action) -> LobbyOutcome {
        self.notice = None;
        let n = self.entries().len();
        match action {
            Action::Up => self.selected = (self.selected + n - 1) % n.max(1),
            Action::Down => self.selected = (self.selected + 1) % n.max(1),
            Action::Enter => return self.open(self.selected),
            Action::Digit(d) if self.code.len() < SEAT_CODE_DIGITS => {
                self.code.push(char::from(b'0' + d));
            }
            Action::Backspace => {
                self.code.pop();
            }
            Action::Back => return LobbyOutcome::Back,
            Action::Help => return LobbyOutcome::Help,
            Action::Quit => return LobbyOutcome::Quit,
            _ => {}
        }
        LobbyOutcome::Stay
    }

    /// Entry `index` chosen (Enter or a click).
    pub fn open(&mut self, index: usize) -> LobbyOutcome {
        let Some(entry) = self.entries().into_iter().nth(index) else {
            return LobbyOutcome::Stay;
        };
        self.selected = index;
        match entry {
            Entry::Resume(r) => LobbyOutcome::Resume(r.id, std::mem::take(&mut self.code)),
            Entry::Theirs(offer) => LobbyOutcome::Accept(offer.id),
            Entry::Mine(_) => LobbyOutcome::Withdraw,
            Entry::Watch(m) => LobbyOutcome::Watch(m.id),
            Entry::Game(game) => LobbyOutcome::Offer(game),
        }
    }

    pub fn render(
        &self,
        frame: &mut Frame,
        area: Rect,
        theme: &Theme,
        keys: &Keys,
        hits: &mut Hits,
    ) {
        let [title, body, detail, notice, footer] = Layout::vertical([
            Constraint::Length(1),
            Constraint::Min(3),
            Constraint::Length(2),
            Constraint::Length(1),
            Constraint::Length(1),
        ])
        .areas(area);
        let me = self
            .view
            .present
            .iter()
            .find(|p| p.me)
            .map_or(String::new(), |p| p.name.clone());
        frame.render_widget(
            Paragraph::new(format!(
                "Play online · you are {me} · {} here",
                crate::ui::widgets::counted(self.view.present.len(), "player")
            ))
            .style(theme.title()),
            title,
        );
        let [list, people] =
            Layout::horizontal([Constraint::Min(40), Constraint::Length(30)]).areas(body);
        let block = widgets::block("Offers and games", theme);
        let inner = block.inner(list);
        frame.render_widget(block, list);
        let entries = self.entries();
        let width = inner.width.saturating_sub(2);
        for (i, entry) in entries.iter().enumerate().take(inner.height as usize) {
            let row = Rect {
                y: inner.y + i as u16,
                height: 1,
                ..inner
            };
            let text = match entry {
                Entry::Resume(r) if r.needs_code => format!(
                    "Resume your match: {} · seat code: {:_<6}",
                    r.summary, self.code
                ),
                Entry::Resume(r) => format!("Resume your match: {}", r.summary),
                Entry::Theirs(o) => format!("Accept: {} offers {}", o.from, o.summary),
                Entry::Mine(o) => format!("Your offer: {} (Enter takes it back)", o.summary),
                Entry::Watch(m) => format!("Watch: {}", m.summary),
                Entry::Game(g) => format!("Offer a game of {}", g.menu_name()),
            };
            let marker = if i == self.selected { "▶ " } else { "  " };
            let style = if i == self.selected {
                theme.selected()
            } else if matches!(entry, Entry::Game(_)) {
                theme.muted()
            } else {
                Style::new()
            };
            frame.render_widget(
                Paragraph::new(Line::from(vec![
                    Span::raw(marker),
                    Span::raw(widgets::fit(&text, width)),
                ]))
                .style(style),
                row,
            );
            hits.add(row, Hit::MenuItem(i));
        }
        let lines: Vec<Line<'static>> = self
            .view
            .present
            .iter()
            .map(|p| {
                let name = if p.me {
                    format!("{} (you)", p.name)
                } else {
                    p.name.clone()
                };
                Line::from(vec![
                    Span::raw(name),
                    Span::styled(format!(" · {}", p.doing), theme.muted()),
                ])
            })
            .collect();
        widgets::panel(frame, people, "Here now", lines, theme);
        // The selected entry whole (a list row cuts it): an offer's every setting, how
        // to take a seat back.
        let whole = match entries.get(self.selected) {
            Some(Entry::Resume(r)) if r.needs_code => format!(
                "{}: type your seat code ({:_<6}; it was in the match's panel), then Enter.",
                r.summary, self.code
            ),
            Some(Entry::Resume(r)) => format!("{}: Enter takes your seat back.", r.summary),
            Some(Entry::Theirs(o)) => format!("{} offers {}.", o.from, o.summary),
            Some(Entry::Mine(o)) => format!("Your offer: {}.", o.summary),
            Some(Entry::Watch(m)) => format!("{}: Enter watches.", m.summary),
            _ => String::new(),
        };
        frame.render_widget(
            Paragraph::new(whole)
                .style(theme.accent())
                .wrap(ratatui::widgets::Wrap { trim: true }),
            detail,
        );
        if let Some(text) = &self.notice {
            frame.render_widget(Paragraph::new(text.as_str()).style(theme.warning()), notice);
        }
        let enter = match entries.get(self.selected) {
            Some(Entry::Resume(_)) => "resume",
            Some(Entry::Theirs(_)) => "accept",
            Some(Entry::Mine(_)) => "take back",
            Some(Entry::Watch(_)) => "watch",
            _ => "offer",
        };
        let list = keys.footer(&[
            (&[Action::Up, Action::Down], "choose"),
            (&[Action::Enter], enter),
            (&[Action::Help], "help"),
            (&[Action::Back], "menu"),
        ]);
        widgets::footer(frame, footer, &list, theme);
    }
}

/// How many digits a seat code has.
pub const SEAT_CODE_DIGITS: usize = 6;

/// What identifies an entry across refreshes.
fn key_of(entry: &Entry) -> (u8, u64, &'static str) {
    match entry {
        Entry::Resume(r) => (4, r.id, ""),
        Entry::Theirs(o) => (0, o.id, ""),
        Entry::Mine(o) => (1, o.id, ""),
        Entry::Watch(m) => (2, m.id, ""),
        Entry::Game(g) => (3, 0, g.cli_name()),
    }
}
