//! The help overlay: the general keys, or the rules of the game being played.

use std::cell::Cell;

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Clear, Paragraph, Wrap};

use crate::plugin::GameId;
use crate::ui::keys::{Action, Keys, key_label};
use crate::ui::theme::Theme;
use crate::ui::widgets;

const GENERAL: &str = include_str!("../../assets/help.md");
/// The rules text for a game, with its keys written in.
pub fn rules(game: GameId, keys: &Keys) -> String {
    fill(&game.kind().rules(), keys, Some(game))
}

/// Writes the keys into a help text: `{hints}` becomes the key bound to hints (see
/// `keys::REMAPPABLE` for the names), and `{keys}` the list of the keys that apply,
/// one per line, so the help always says what the keys really do.
fn fill(text: &str, keys: &Keys, game: Option<GameId>) -> String {
    let mut out = text.replace(
        "{keys}",
        &keys.help_lines(game.map(GameId::cli_name)).join("\n"),
    );
    for b in keys.bindings() {
        if let Some(name) = b.config {
            out = out.replace(&format!("{{{name}}}"), &key_label(b.key));
        }
    }
    out
}

/// Joins the hard-wrapped lines of each prose paragraph so the text wraps to the
/// window; headings, art and aligned lists (indented, or with runs of spaces) stay as written.
fn reflow(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut paragraph: Vec<&str> = Vec::new();
    let flush = |paragraph: &mut Vec<&str>, out: &mut Vec<String>| {
        let preformatted = paragraph
            .iter()
            .any(|l| l.starts_with(' ') || l.contains("  "));
        if preformatted {
            out.extend(paragraph.iter().map(|l| l.to_string()));
        } else if !paragraph.is_empty() {
            out.push(paragraph.join(" "));
        }
        paragraph.clear();
    };
    for line in text.lines() {
        let in_item = paragraph.first().is_some_and(|l| l.starts_with("- "));
        if line.trim().is_empty() || line.starts_with('#') {
            flush(&mut paragraph, &mut out);
            out.push(line.to_string());
        } else if line.starts_with("- ") {
            // Each item of a list is a paragraph of its own (they ran together).
            flush(&mut paragraph, &mut out);
            paragraph.push(line);
        } else if in_item && line.starts_with("  ") {
            // An item's hard-wrapped continuation, indented under its text.
            paragraph.push(line.trim_start());
        } else {
            paragraph.push(line);
        }
    }
    flush(&mut paragraph, &mut out);
    out
}

/// A line of a key list (`v      review a finished game: ...`) broken to `width`
/// columns with its continuation under the description, not under the key; any other
/// line as it is (the paragraph wraps it).
fn hang(line: &str, width: usize) -> Vec<String> {
    let chars: Vec<char> = line.chars().collect();
    // The key, then a run of two or more spaces: where the description starts.
    let key_end = chars.iter().position(|c| *c == ' ').unwrap_or(chars.len());
    let column = chars[key_end..]
        .iter()
        .position(|c| *c != ' ')
        .map_or(chars.len(), |n| key_end + n);
    let is_key_line = key_end > 0 && column - key_end >= 2 && column <= 10;
    if !is_key_line || chars.len() <= width || line.contains('`') || width <= column + 10 {
        return vec![line.to_string()];
    }
    let mut out = Vec::new();
    let mut rest: &[char] = &chars;
    let mut first = true;
    loop {
        let room = if first { width } else { width - column };
        if rest.len() <= room {
            let text: String = rest.iter().collect();
            out.push(if first {
                text
            } else {
                format!("{}{text}", " ".repeat(column))
            });
            return out;
        }
        // The last space that leaves the description's start on the line.
        let floor = if first { column + 1 } else { 1 };
        let cut = rest[..=room]
            .iter()
            .rposition(|c| *c == ' ')
            .filter(|&i| i >= floor)
            .unwrap_or(room);
        let text: String = rest[..cut].iter().collect();
        out.push(if first {
            text
        } else {
            format!("{}{text}", " ".repeat(column))
        });
        rest = &rest[cut..];
        while rest.first() == Some(&' ') {
            rest = &rest[1..];
        }
        first = false;
    }
}

/// A line of the text with its `code` (between backticks) styled, the backticks gone.
fn code_spans(line: &str, theme: &Theme) -> Line<'static> {
    Line::from(
        line.split('`')
            .enumerate()
            .filter(|(_, part)| !part.is_empty())
            .map(|(i, part)| {
                if i % 2 == 1 {
                    Span::styled(part.to_string(), theme.accent())
                } else {
                    Span::raw(part.to_string())
                }
            })
            .collect::<Vec<_>>(),
    )
}

#[derive(Clone, Debug, PartialEq)]
pub struct Help {
    title: String,
    text: String,
    scroll: u16,
    /// The last scroll position that still fills the window, and the window's height,
    /// as the last frame drew them (the wrapping depends on the width).
    bottom: Cell<u16>,
    page: Cell<u16>,
}

impl Help {
    pub fn general(keys: &Keys) -> Help {
        Help {
            title: "Help".into(),
            text: fill(GENERAL, keys, None),
            scroll: 0,
            bottom: Cell::new(u16::MAX),
            page: Cell::new(10),
        }
    }

    pub fn for_game(game: GameId, keys: &Keys) -> Help {
        Help {
            title: format!("Rules: {game}"),
            text: rules(game, keys),
            scroll: 0,
            bottom: Cell::new(u16::MAX),
            page: Cell::new(10),
        }
    }

    /// The same help with `note` after its title (" · the clocks stand meanwhile").
    pub fn noting(mut self, note: &str) -> Help {
        self.title = format!("{} · {note}", self.title);
        self
    }

    /// The review's help: how to read what it shows, its keys, then the game's rules.
    pub fn for_review(game: GameId, keys: &Keys) -> Help {
        let key = |a: &[Action]| keys.label(a);
        let paragraphs = [
            "Reading a review".to_string(),
            "The solver judges every move of the finished game against the best move \
             from the same position, with the result each leads to when both sides play \
             perfectly from there (where the game is too large to solve, as Othello's \
             middle is, a deep search stands in and says so, and the values are disc \
             margins)."
                .to_string(),
            "The panel under the board says what the move on the board did: the best \
             move, as good as the best, or a turning point (\"this threw the win away\", \
             \"this cost 6 discs\") with the move that was better. \"Now:\" is who wins \
             from the position on the board. The graph draws that over the whole game, \
             the first player's side up, the move on the board as a line. In the list \
             of moves a turning point is marked ✗ with what it cost."
                .to_string(),
            format!(
                "Keys: {step} step a move back or on; {turn} jump to the turning point \
                 before or after; {ends} go to the start or the end; {back} leaves the \
                 review. The analysis runs in the background and is kept with the game: \
                 a review opened again starts where it stopped.",
                step = key(&[Action::Left, Action::Right]),
                turn = key(&[Action::Up, Action::Down]),
                ends = key(&[Action::PageUp, Action::PageDown]),
                back = key(&[Action::Back]),
            ),
            rules(game, keys),
        ];
        Help {
            title: format!("Review: {game}"),
            text: paragraphs.join("\n\n"),
            scroll: 0,
            bottom: Cell::new(u16::MAX),
            page: Cell::new(10),
        }
    }

    /// The trainer's help: how puzzles are played and rated, its keys (the game's
    /// shared keys do not apply there), then the game's rules.
    pub fn for_trainer(game: GameId, keys: &Keys, hint_action: Action) -> Help {
        let key = |a: Action| keys.key(a);
        // Othello's h is a column: its hint is on another key (the trainer's choice).
        let hint = key(hint_action);
        let goal = game
            .kind()
            .puzzles()
            .map_or(crate::plugin::puzzle::WIN_GOAL, |b| b.goal);
        let paragraphs = [
            "Puzzles".to_string(),
            format!(
                "You are to move in a position the solver has proved won: {goal}. A right \
                 move is answered by the solver until the result is certain; a wrong one \
                 shows the line that beats it."
            ),
            format!(
                "Keys: the game's own keys make the moves. {hint} shows a right move (the \
                 puzzle then counts as missed); Enter or {undo} tries again after a wrong \
                 move (in a streak Enter ends it); {next} skips to the next puzzle (free \
                 before your first move, a miss after it; in a streak it ends the \
                 streak); Esc leaves and {quit} quits (a puzzle begun counts as missed).",
                undo = key(Action::Undo),
                next = key(Action::NewGame),
                quit = key(Action::Quit),
            ),
            "Rated: the next puzzle you have not tried, near your puzzle rating. Daily: \
             the same puzzle for everyone on a date (UTC). Streak: from the easiest up, \
             until the first miss. Yours: the positions of your own games against the AI \
             where you let a win go (not rated)."
                .to_string(),
            format!(
                "Your puzzle rating (Glicko-2, as chess sites rate puzzles) starts at 1500 \
                 and moves with the first attempt at each puzzle: solved at the first try \
                 without a hint is a win. A ? after it means it is still unsure (few \
                 puzzles yet): until then each result moves it by a lot. `parlor puzzle \
                 {id} --rating` lists every attempt.",
                id = game.cli_name()
            ),
            rules(game, keys),
        ];
        let text = paragraphs.join("\n\n");
        Help {
            title: format!("Puzzles: {game}"),
            text,
            scroll: 0,
            bottom: Cell::new(u16::MAX),
            page: Cell::new(10),
        }
    }

    /// Returns false when the overlay should close.
    pub fn handle(&mut self, action: Action) -> bool {
        let page = self.page.get().max(1);
        match action {
            Action::Up => self.scroll_by(-1),
            Action::Down => self.scroll_by(1),
            Action::PageUp => self.scroll_by(-i32::from(page)),
            Action::PageDown => self.scroll_by(i32::from(page)),
            Action::Back | Action::Help | Action::Quit | Action::Enter => return false,
            _ => {}
        }
        true
    }

    /// Scrolls by `lines`, never past the last full window of text.
    pub fn scroll_by(&mut self, lines: i32) {
        let next = (i32::from(self.scroll) + lines).clamp(0, i32::from(self.bottom.get()));
        self.scroll = next as u16;
    }

    /// The first line shown.
    pub fn scroll(&self) -> u16 {
        self.scroll
    }

    pub fn render(&self, frame: &mut Frame, area: Rect, theme: &Theme) {
        let popup = widgets::centered(area, 76, area.height.saturating_sub(2));
        // The whole screen, not only the box: the panels around it would show through
        // its margins and read as part of the text.
        frame.render_widget(Clear, area);
        let width = usize::from(widgets::text_block(&self.title, theme).inner(popup).width);
        let lines: Vec<Line> = reflow(&self.text)
            .into_iter()
            .flat_map(|l| hang(&l, width))
            .map(|l| match l.strip_prefix('#') {
                Some(heading) => Line::styled(
                    heading.trim_start_matches('#').trim().to_string(),
                    theme.title(),
                ),
                None => code_spans(&l, theme),
            })
            .collect();
        let block = widgets::text_block(&self.title, theme);
        let inner = block.inner(popup);
        let text = Paragraph::new(lines).wrap(Wrap { trim: false });
        let total = text.line_count(inner.width).min(usize::from(u16::MAX)) as u16;
        let bottom = total.saturating_sub(inner.height);
        self.bottom.set(bottom);
        self.page.set(inner.height.saturating_sub(1).max(1));
        let scroll = self.scroll.min(bottom);
        let position = if bottom == 0 {
            " Esc close ".to_string()
        } else {
            let more = if scroll < bottom { " · more ↓" } else { "" };
            format!(" ↑↓ PgUp PgDn scroll{more} · Esc close ")
        };
        let block = block.title_bottom(Line::styled(position, theme.muted()));
        frame.render_widget(text.scroll((scroll, 0)).block(block), popup);
    }
}

#[cfg(test)]
mod tests {

    /// A list's items stay apart, each with its hard-wrapped continuation joined (the
    /// two items of Winners & Losers' pyramid ran together as one paragraph).
    #[test]
    fn list_items_are_paragraphs_of_their_own() {
        let text = "Read it:\n\n- one item,\n  wrapped\n- two\nafter\n";
        assert_eq!(
            reflow(text),
            vec!["Read it:", "", "- one item, wrapped", "- two after"]
        );
    }

    use super::*;

    #[test]
    fn a_key_lines_description_wraps_under_itself() {
        let line = "v      review a finished game: every move judged, the turning points marked";
        assert_eq!(
            hang(line, 40),
            vec![
                "v      review a finished game: every",
                "       move judged, the turning points",
                "       marked",
            ]
        );
        // Short lines, prose and code stay for the paragraph to wrap.
        assert_eq!(hang("q      quit", 40), vec!["q      quit"]);
        let prose = "Two players, black and white, place discs on an 8x8 board; black moves";
        assert_eq!(hang(prose, 40), vec![prose]);
        for width in [20, 30, 40, 60] {
            for part in hang(line, width) {
                assert!(part.chars().count() <= width, "{part:?} at {width}");
            }
        }
    }

    #[test]
    fn code_is_styled_and_its_backticks_dropped() {
        let theme = Theme::new(&crate::config::Config::default().colors, false);
        let line = code_spans("Legal moves are marked with `*`, and so on", &theme);
        let text: String = line.spans.iter().map(|s| s.content.as_ref()).collect();
        assert_eq!(text, "Legal moves are marked with *, and so on");
        assert_eq!(line.spans[1].content, "*");
        assert_eq!(line.spans[1].style, theme.accent());
        // Every rules text is free of backticks once drawn.
        for game in crate::arcade::registry().all() {
            let keys = Keys::default();
            for l in reflow(&rules(game, &keys)) {
                let drawn: String = code_spans(&l, &theme)
                    .spans
                    .iter()
                    .map(|s| s.content.to_string())
                    .collect();
                assert!(!drawn.contains('`'), "{game}: {drawn}");
            }
        }
    }

    /// A game's rules offline leave out the keys that work only online; the general
    /// help lists the shared keys under "In a game", before "Play online".
    #[test]
    fn online_keys_are_only_where_they_work() {
        let keys = Keys::default();
        for game in crate::arcade::registry().all() {
            let text = rules(game, &keys);
            for online in ["resign a match online", "say a line in a match online"] {
                assert!(!text.contains(online), "{game}: {online}");
            }
        }
        let general = fill(GENERAL, &keys, None);
        let quit = general
            .find("q      quit")
            .expect("the shared keys are listed");
        let in_a_game = general.find("## In a game").expect("a section on games");
        let online = general
            .find("## Play online")
            .expect("a section on play online");
        assert!(in_a_game < quit && quit < online, "{general}");
    }

    /// The help names commands that exist to find the config file ("see config.toml"
    /// said no path), each a subcommand the command line takes.
    #[test]
    fn the_help_says_how_to_find_the_config_file() {
        use clap::CommandFactory;
        let general = reflow(&fill(GENERAL, &Keys::default(), None)).join(" ");
        let cli = crate::cli::Cli::command();
        let config = cli.find_subcommand("config").expect("a config command");
        for sub in ["path", "default"] {
            assert!(
                general.contains(&format!("`parlor config {sub}`")),
                "{general}"
            );
            assert!(config.find_subcommand(sub).is_some(), "parlor config {sub}");
        }
    }

    /// The notation the move list and the hints use is explained in the rules.
    #[test]
    fn chopsticks_rules_explain_the_move_notation() {
        let text = rules(crate::games::chopsticks::ID, &Keys::default());
        for needed in ["`hit:l:r`: my left hits your right", "`split:0,3`"] {
            assert!(reflow(&text).iter().any(|l| l.contains(needed)), "{needed}");
        }
    }
}
