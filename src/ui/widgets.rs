//! Small drawing helpers shared by the screens.

use ratatui::Frame;
use ratatui::layout::{Alignment, Constraint, Layout, Rect};
use ratatui::text::{Line, Span};
use ratatui::widgets::{Block, BorderType, Clear, Paragraph, Wrap};

use super::keys::STATUS_MARK;
use super::theme::Theme;

/// The smallest terminal every screen fits in.
pub const MIN_WIDTH: u16 = 80;
pub const MIN_HEIGHT: u16 = 24;

/// A rectangle of at most `width` x `height`, centred in `area`.
pub fn centered(area: Rect, width: u16, height: u16) -> Rect {
    let w = width.min(area.width);
    let h = height.min(area.height);
    Rect {
        x: area.x + (area.width - w) / 2,
        y: area.y + (area.height - h) / 2,
        width: w,
        height: h,
    }
}

/// A box `width` wide at most, centred over the panel `area` (its border included),
/// a column clear of the panel's border on each side: a popup's border beside the
/// panel's read as one double line.
pub fn over_panel(area: Rect, width: u16, height: u16) -> Rect {
    centered(area, width.min(area.width.saturating_sub(4)), height)
}

pub fn block<'a>(title: &'a str, theme: &Theme) -> Block<'a> {
    Block::bordered()
        .border_type(BorderType::Rounded)
        .title(Span::styled(format!(" {title} "), theme.title()))
}

/// A bordered box drawn over whatever is below it.
pub fn popup(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line>, theme: &Theme) {
    frame.render_widget(Clear, area);
    frame.render_widget(
        Paragraph::new(lines)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: false })
            .block(block(title, theme)),
        area,
    );
}

/// `text` with its first letter upper case (a row's label, a reason said as a line).
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|first| first.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// "1 letter", "2 letters": a count and its word, the word plural unless one ("1
/// letters left" was said).
pub fn counted(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// The key list at the bottom of a screen: `(key, what it does)` pairs.
/// Write the pairs with [`super::keys::Keys::footer`], so they name the real keys. When
/// they do not fit the width, the status ("✓ saved", not a key) gives way first (whole:
/// a lone "✓" read as a key with nothing to do), then the keys just before the last two
/// (help and back), so a footer is never cut mid-word.
pub fn footer(frame: &mut Frame, area: Rect, keys: &[(String, String)], theme: &Theme) {
    let keys = fitted_footer(keys, area.width);
    let mut spans = Vec::new();
    for (i, (key, what)) in keys.iter().enumerate() {
        if i > 0 {
            spans.push(Span::styled("  ", theme.muted()));
        }
        let style = if key == STATUS_MARK {
            theme.hint()
        } else {
            theme.accent()
        };
        spans.push(Span::styled(key.clone(), style));
        if !what.is_empty() {
            spans.push(Span::raw(format!(" {what}")));
        }
    }
    frame.render_widget(Paragraph::new(Line::from(spans)), area);
}

/// The footer entries that fit in `width` columns (see [`footer`]).
fn fitted_footer(keys: &[(String, String)], width: u16) -> Vec<(String, String)> {
    let mut keys = keys.to_vec();
    let used = |keys: &[(String, String)]| -> usize {
        keys.iter()
            .map(|(k, w)| match w.chars().count() {
                0 => k.chars().count(),
                n => k.chars().count() + 1 + n,
            })
            .sum::<usize>()
            + 2 * keys.len().saturating_sub(1)
    };
    // The last column stays free, so a footer that fits is never mistaken for a cut one.
    let fits = |keys: &[(String, String)]| used(keys) < usize::from(width);
    // The status goes, whole, before any key does.
    if !fits(&keys) {
        keys.retain(|(k, _)| k != STATUS_MARK);
    }
    while !fits(&keys) && keys.len() > 3 {
        keys.remove(keys.len() - 3);
    }
    keys
}
/// Shown instead of any screen when the terminal is below the minimum size; `way_out`
/// says what a key does there ("q quits").
pub fn too_small(frame: &mut Frame, theme: &Theme, way_out: &str) {
    let area = frame.area();
    let (w, h) = (area.width, area.height);
    // The whole notice where it fits; on a very small window a shorter one, so the
    // need and the way out are never cut off.
    let full = [
        format!("terminal too small: need {MIN_WIDTH} x {MIN_HEIGHT}"),
        format!("now {w} x {h}: enlarge the window"),
        way_out.to_string(),
    ];
    let short = [
        format!("too small: need {MIN_WIDTH}x{MIN_HEIGHT}"),
        format!("now {w}x{h}"),
        if way_out.len() > 12 {
            "enlarge it".to_string()
        } else {
            way_out.to_string()
        },
    ];
    let rows = |lines: &[String]| -> u16 { lines.iter().map(|l| wrapped_lines(l, w)).sum() };
    let chosen = if rows(&full) <= h { &full } else { &short };
    let needed = rows(chosen).min(h);
    let mut text = vec![Line::styled(chosen[0].clone(), theme.warning())];
    text.extend(chosen[1..].iter().map(|l| Line::raw(l.clone())));
    let y = h.saturating_sub(needed) / 2;
    let rect = Rect {
        x: area.x,
        y: area.y + y,
        width: w,
        height: needed,
    };
    frame.render_widget(
        Paragraph::new(text)
            .alignment(Alignment::Center)
            .wrap(Wrap { trim: true }),
        rect,
    );
}

pub fn fits(area: Rect) -> bool {
    area.width >= MIN_WIDTH && area.height >= MIN_HEIGHT
}

/// The frame every game screen shares: the title line (drawn here), the board on the
/// left, a side panel and the footer line. The side panel is `side[0]` columns wide at
/// 100 columns or more, `side[1]` at 80 or more, else `side[2]`. Returns the board,
/// the side panel and the footer.
pub fn game_frame(
    frame: &mut Frame,
    area: Rect,
    title: String,
    side: [u16; 3],
    theme: &Theme,
) -> (Rect, Rect, Rect) {
    let [title_area, body, footer] = Layout::vertical([
        Constraint::Length(1),
        Constraint::Min(10),
        Constraint::Length(1),
    ])
    .areas(area);
    let title = fit(&title, title_area.width);
    frame.render_widget(Paragraph::new(title).style(theme.title()), title_area);
    let side_width = match area.width {
        w if w >= 100 => side[0],
        w if w >= 80 => side[1],
        _ => side[2],
    };
    let [board, side_area] =
        Layout::horizontal([Constraint::Min(30), Constraint::Length(side_width)]).areas(body);
    (board, side_area, footer)
}

/// A titled panel of wrapped lines (the prediction, status notes).
pub fn panel(frame: &mut Frame, area: Rect, title: &str, lines: Vec<Line<'static>>, theme: &Theme) {
    frame.render_widget(
        Paragraph::new(lines)
            .wrap(Wrap { trim: true })
            .block(text_block(title, theme)),
        area,
    );
}

/// A box of wrapped prose: a column kept free inside its right border, so that no
/// word touches it ("the solver's│" read as one word with the border).
pub fn text_block<'a>(title: &'a str, theme: &Theme) -> Block<'a> {
    block(title, theme).padding(ratatui::widgets::Padding::right(1))
}

/// The panel of what every move is worth: `lines` while hints are on, else the hints
/// key and what it would show (`off`, e.g. "lists every move's value").
pub fn hints_panel(
    frame: &mut Frame,
    area: Rect,
    title: &str,
    lines: Option<Vec<Line<'static>>>,
    off: &str,
    keys: &super::keys::Keys,
    theme: &Theme,
) {
    let mut lines = lines.unwrap_or_else(|| {
        vec![Line::styled(
            format!("{} {off}", keys.key(super::keys::Action::Hints)),
            theme.muted(),
        )]
    });
    // More moves than rows: the last row says how many are not shown, rather than the
    // list ending as if it were whole.
    let room = usize::from(area.height.saturating_sub(2));
    if lines.len() > room && room > 0 {
        let hidden = lines.len() - (room - 1);
        lines.truncate(room - 1);
        lines.push(Line::styled(format!("… and {hidden} more"), theme.muted()));
    }
    frame.render_widget(Paragraph::new(lines).block(block(title, theme)), area);
}

/// The hints panel of a game that is over, by its rules or by a clock (moves may be
/// left: "no move left" was wrong there): the hints key would show nothing.
pub fn no_moves_left(theme: &Theme) -> Vec<Line<'static>> {
    vec![Line::styled("No hints: the game is over.", theme.muted())]
}

/// `text` on one line of `width` columns: whole, or shortened at a word with "…". It
/// keeps the last column free either way (a text of exactly `width` is shortened), so a
/// line never touches the border or the edge after it: give it one column more than the
/// text when the text must be whole.
pub fn fit(text: &str, width: u16) -> String {
    let width = usize::from(width);
    if text.chars().count() < width {
        return text.to_string();
    }
    let room: String = text.chars().take(width.saturating_sub(2)).collect();
    let cut = room.rfind(' ').map_or(room.as_str(), |i| &room[..i]);
    format!("{}…", cut.trim_end_matches([' ', '·']))
}

/// The side column most game screens share: the prediction on top (`prediction` lines,
/// five rows), then the panel of what every move is worth (see [`hints_panel`]; as tall
/// as its lines, or three rows while hints are off). Returns what is left below, for
/// the move list.
#[allow(clippy::too_many_arguments)]
pub fn prediction_and_hints(
    frame: &mut Frame,
    area: Rect,
    prediction: Vec<Line<'static>>,
    hints_title: &str,
    hints: Option<Vec<Line<'static>>>,
    hints_off: &str,
    keys: &super::keys::Keys,
    theme: &Theme,
) -> Rect {
    // Online there are no hints: the match's panel takes their room.
    if keys.online().is_some() {
        let [top, rest] = Layout::vertical([Constraint::Length(8), Constraint::Min(3)]).areas(area);
        panel(frame, top, prediction_title(keys), prediction, theme);
        return rest;
    }
    let hints_height = hints.as_ref().map_or(3, |l| l.len().max(1) as u16 + 2);
    let [top, table, rest] = Layout::vertical([
        Constraint::Length(5),
        Constraint::Length(hints_height),
        Constraint::Min(3),
    ])
    .areas(area);
    panel(frame, top, prediction_title(keys), prediction, theme);
    hints_panel(frame, table, hints_title, hints, hints_off, keys, theme);
    rest
}

/// The title of the panel of the prediction: "Match" online, where it tells of the
/// match instead; once a clock has ended the match, what the position held.
pub fn prediction_title(keys: &super::keys::Keys) -> &'static str {
    if keys.online().is_some() {
        "Match"
    } else if keys.finished() {
        "Had the match gone on"
    } else {
        "Prediction"
    }
}

/// The footer of a finished game: the keys that do something now (the move keys do
/// nothing once the game is over, so they are not offered).
/// `boxed`: the game-over box is over the board (Enter puts it away to see the board,
/// and brings it back).
pub fn game_over_footer(keys: &super::keys::Keys, boxed: bool) -> Vec<(String, String)> {
    use super::keys::Action;
    keys.footer(&[
        (&[Action::Enter], if boxed { "board" } else { "result" }),
        (&[Action::Rematch], "rematch"),
        (&[Action::Review], "review"),
        (&[Action::Undo], "undo"),
        (&[Action::NewGame], "new"),
        (&[Action::Help], "rules"),
        (&[Action::Back], "menu"),
    ])
}

/// How many lines `text` takes wrapped at word boundaries in `width` columns.
pub fn wrapped_lines(text: &str, width: u16) -> u16 {
    let width = usize::from(width.max(1));
    let mut lines = 1u16;
    let mut used = 0usize;
    for word in text.split(' ') {
        let len = word.chars().count();
        let need = if used == 0 { len } else { used + 1 + len };
        if need <= width {
            used = need;
        } else if used == 0 {
            lines += (len.saturating_sub(1) / width) as u16;
            used = len % width;
        } else {
            lines += 1 + (len.saturating_sub(1) / width) as u16;
            used = len % width;
        }
    }
    lines
}

/// `text` broken into lines of at most `width` columns at its spaces (a word longer
/// than a line is cut into pieces), for a panel whose other lines must not wrap.
pub fn wrap_words(text: &str, width: u16) -> Vec<String> {
    let width = usize::from(width.max(1));
    let mut lines: Vec<String> = Vec::new();
    let mut line = String::new();
    for word in text.split(' ').filter(|w| !w.is_empty()) {
        let mut word: Vec<char> = word.chars().collect();
        let used = line.chars().count();
        if used > 0 && used + 1 + word.len() <= width {
            line.push(' ');
            line.extend(&word);
            continue;
        }
        if used > 0 {
            lines.push(std::mem::take(&mut line));
        }
        while word.len() > width {
            lines.push(word.drain(..width).collect());
        }
        line = word.into_iter().collect();
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The game-over boxes' line about the review: "v review the game".
pub fn review_line(
    keys: &crate::ui::keys::Keys,
    theme: &crate::ui::theme::Theme,
) -> ratatui::text::Line<'static> {
    ratatui::text::Line::from(vec![
        ratatui::text::Span::styled(keys.key(crate::ui::keys::Action::Review), theme.accent()),
        ratatui::text::Span::raw(" review the game, move by move"),
    ])
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ui::keys::{Action, Keys};

    #[test]
    fn words_wrap_at_spaces_within_the_width() {
        assert_eq!(
            wrap_words("The random start was a proven loss for you.", 32),
            ["The random start was a proven", "loss for you."]
        );
        assert_eq!(wrap_words("short", 32), ["short"]);
        assert_eq!(wrap_words("abcdefgh ij", 3), ["abc", "def", "gh", "ij"]);
        for line in wrap_words("a bb ccc dddd eeeee ffffff", 5) {
            assert!(line.chars().count() <= 5, "{line}");
        }
    }

    #[test]
    fn one_of_a_thing_is_singular() {
        assert_eq!(counted(1, "letter"), "1 letter");
        assert_eq!(counted(0, "letter"), "0 letters");
        assert_eq!(counted(7, "player"), "7 players");
    }

    /// Nim's footer with "✓ saved" is 88 columns: at 80 the status gives way, not undo
    /// and new game.
    #[test]
    fn the_saved_status_gives_way_before_undo_and_new() {
        // A game with a key of its own, as Chopsticks has `s` for its splits.
        const SPLITS: crate::ui::keys::OwnKey = crate::ui::keys::OwnKey {
            name: "splits",
            action: Action::Own("splits"),
            default: 's',
            what: "the splits",
        };
        let mut keys = Keys::new(
            &crate::config::KeyConfig::default(),
            &[("chopsticks", &[SPLITS])],
        );
        keys.set_status(Some("saved"));
        let list = keys.footer(&[
            (&[Action::Up, Action::Down], "pile"),
            (&[Action::Left], "more"),
            (&[Action::Right], "fewer"),
            (&[Action::Enter], "take"),
            (&[Action::Hints], "hints"),
            (&[Action::Undo], "undo"),
            (&[Action::NewGame], "new"),
            (&[Action::Help], "rules"),
            (&[Action::Back], "menu"),
        ]);
        let shown = |width| -> Vec<String> {
            fitted_footer(&list, width)
                .into_iter()
                .map(|(_, what)| what)
                .collect()
        };
        let at_80 = shown(80);
        assert!(at_80.contains(&"undo".to_string()), "{at_80:?}");
        assert!(at_80.contains(&"new".to_string()), "{at_80:?}");
        assert!(!at_80.contains(&"saved".to_string()), "{at_80:?}");
        assert_eq!(shown(100).first().map(String::as_str), Some("saved"));
        // Chopsticks' footer is 80 columns with the status: the status goes whole (it
        // once left a lone "✓"), every key stays.
        let chopsticks = keys.footer(&[
            (&[Action::Left, Action::Right], "hand"),
            (&[Action::Enter], "pick"),
            (&[Action::Own("splits")], "split"),
            (&[Action::Hints], "hints"),
            (&[Action::Undo], "undo"),
            (&[Action::NewGame], "new"),
            (&[Action::Help], "rules"),
            (&[Action::Back], "menu"),
        ]);
        let fitted = fitted_footer(&chopsticks, 80);
        assert_eq!(fitted.len(), chopsticks.len() - 1);
        assert!(fitted.iter().all(|(k, _)| k != STATUS_MARK), "{fitted:?}");
        // Narrower still, the keys before help and back give way as before.
        let at_64 = shown(64);
        assert_eq!(at_64.last().map(String::as_str), Some("menu"));
        assert!(!at_64.contains(&"new".to_string()), "{at_64:?}");
    }
}
