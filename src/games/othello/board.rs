//! Othello's board as drawn, shared by the match screen and the review: the discs (a
//! disc turning over in its animation frames, big discs on a large terminal), the
//! legal squares, the hints' scores and best moves, the last move, the cursor and the
//! discs just flipped, and where each square is clicked.

use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier, Style};
use ratatui::text::{Line, Span};
use ratatui::widgets::Paragraph;

use crate::game::Seat;
use crate::game::othello::openings::opening;
use crate::game::othello::{Othello, OthelloMove, Square};
use crate::solve::Analysis;
use crate::ui::hits::{Hit, Hits};
use crate::ui::theme::Theme;

/// A board as drawn: the discs, and what is marked beside them: legal squares, the
/// hinted scores and best move, the last move played, the cursor, the discs just
/// flipped. Built by the match screen from its session, and by the review.
pub struct Marks<'a> {
    pub board: &'a Othello,
    pub legal: u64,
    /// Hints: every legal move's score, when shown.
    pub scores: Option<&'a Analysis<OthelloMove>>,
    pub best: Option<OthelloMove>,
    pub last: Option<Square>,
    pub cursor: Option<u32>,
    pub flash: u64,
    /// While the flipped discs turn over (an animation frame: 0 still the old colour,
    /// 1 edge-on, then the new colour).
    pub turning: Option<u64>,
    pub ascii: bool,
}

/// How a disc looks in the middle of turning over.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Face {
    Disc(Seat),
    /// Edge-on, halfway between the two colours.
    Edge(Seat),
}

impl Marks<'_> {
    /// The face of the disc of `seat` on square `index` as drawn now.
    fn face(&self, index: u32, seat: Seat) -> Face {
        if self.flash & (1u64 << index) == 0 {
            return Face::Disc(seat);
        }
        match self.turning {
            Some(0) => Face::Disc(seat.other()),
            Some(1) => Face::Edge(seat),
            _ => Face::Disc(seat),
        }
    }
}

/// A disc seen edge-on, in a cell `width` wide.
fn edge_row(width: u16) -> String {
    let w = usize::from(width);
    format!("{:^w$}", "▐▌")
}

/// One row of a disc three rows tall and `width` wide: `offset` -1 is its top row, 0
/// its middle, 1 its bottom (anything else is outside it).
fn big_disc_row(seat: Seat, offset: i32, width: u16, colour: bool) -> String {
    let w = usize::from(width);
    let inner = w.saturating_sub(2);
    match (seat, colour, offset) {
        (_, _, o) if !(-1..=1).contains(&o) => String::new(),
        (Seat::First, _, _) | (Seat::Second, true, _) => {
            ["▄", "█", "▀"][(offset + 1) as usize].repeat(w)
        }
        (Seat::Second, false, -1) => format!("╭{}╮", "─".repeat(inner)),
        (Seat::Second, false, 0) => format!("│{}│", " ".repeat(inner)),
        (Seat::Second, false, _) => format!("╰{}╯", "─".repeat(inner)),
    }
}

/// The colour a disc is drawn in.
fn disc_colour(seat: Seat) -> Color {
    match seat {
        Seat::First => Color::Black,
        Seat::Second => Color::White,
    }
}

/// A disc as a character: ● and ○, or X and O in ASCII.
pub fn disc(seat: Seat, ascii: bool) -> &'static str {
    match (seat, ascii) {
        (Seat::First, true) => "X",
        (Seat::Second, true) => "O",
        (Seat::First, false) => "●",
        (Seat::Second, false) => "○",
    }
}

/// What the middle line of square `index` shows: a disc (flipped, last played),
/// a hint with its score, or an empty square.
fn cell_face(
    index: u32,
    style: Style,
    cell_w: u16,
    theme: &Theme,
    marks: &Marks,
) -> (String, Style) {
    let bit = 1u64 << index;
    let sq = Square::new(index);
    match sq.and_then(|s| marks.board.at(s)) {
        Some(seat) => {
            let mut style = style;
            let (shown, text) = match marks.face(index, seat) {
                Face::Disc(s) => (s, disc(s, marks.ascii).to_string()),
                Face::Edge(s) => (s, edge_row(3).trim().to_string()),
            };
            if theme.color {
                style = style.fg(disc_colour(shown)).add_modifier(Modifier::BOLD);
            }
            if marks.flash & bit != 0 {
                style = style.add_modifier(Modifier::REVERSED);
            }
            if marks.last == sq {
                style = style.add_modifier(Modifier::UNDERLINED);
            }
            (text, style)
        }
        None if marks.legal & bit != 0 && marks.scores.is_some() => {
            let value = marks
                .scores
                .and_then(|a| a.moves.iter().find(|m| m.mv.square() == sq));
            // A move proved worse than the best shows the bound, not its estimate.
            let mut text = match value.map(|m| (m.score_at_most, m.score)) {
                Some((Some(b), _)) if cell_w >= 4 => format!("≤{b:+}"),
                Some((None, Some(s))) if cell_w >= 4 => format!("{s:+}"),
                _ => "*".to_string(),
            };
            // The best move, and every move worth as many discs: ties are equal.
            let is_best = marks.best.is_some_and(|b| {
                b.square() == sq
                    || marks.scores.is_some_and(|a| {
                        a.best == Some(b) && sq.is_some_and(|s| a.is_best(OthelloMove::Play(s)))
                    })
            });
            let style = if is_best {
                style.patch(theme.hint()).add_modifier(Modifier::REVERSED)
            } else {
                style.patch(theme.hint())
            };
            // Without colour, reverse video also marks the flipped discs: the best
            // move gets a mark of its own.
            if is_best && !theme.color && cell_w >= 5 {
                text = format!("{}{text}", if marks.ascii { "!" } else { "★" });
            }
            (text, style)
        }
        // A legal square without hints: the original program's `*`.
        None if marks.legal & bit != 0 => ("*".to_string(), style.patch(theme.hint())),
        None => {
            let text = match (theme.color, marks.ascii) {
                (true, _) => "",
                (false, false) => "·",
                (false, true) => ".",
            };
            (text.to_string(), style)
        }
    }
}

/// Where the board goes in an area: its cells' size, whether it has grid lines, and
/// its left and top edges.
#[derive(Clone, Copy)]
struct BoardLayout {
    cell_w: u16,
    cell_h: u16,
    grid: bool,
    /// The whole width: the rank labels, the cells and the grid's right edge.
    width: u16,
    origin_x: u16,
    origin_y: u16,
}

impl BoardLayout {
    fn new(area: Rect, marks: &Marks, theme: &Theme) -> Self {
        // Cells about twice as wide as tall, as large as fit.
        let cell_h = ((area.height.saturating_sub(1)) / 8).clamp(1, 4);
        let cell_w = (area.width.saturating_sub(3) / 8)
            .min(cell_h * 2 + 1)
            .max(3);
        let cell_h = cell_h.min(cell_w / 2).max(1);
        // Without colour, big cells get grid lines (in colour the squares' two shades
        // already set them apart), closed on the right and at the bottom.
        let grid = !theme.color && !marks.ascii && cell_h >= 3 && cell_w >= 7;
        let width = 3 + cell_w * 8 + u16::from(grid);
        BoardLayout {
            cell_w,
            cell_h,
            grid,
            width,
            origin_x: area.x + area.width.saturating_sub(width) / 2,
            origin_y: area.y,
        }
    }
}

/// The title of the board's box, `width` columns wide: "Board · opening: Tiger" while
/// the game stands on a named opening (`game::othello::openings`), and once it has
/// left it the last named position with the move that reached it, "Board · opening:
/// Tiger (at move 5)", so a name from ten moves ago is not read as the present;
/// else "Board". A narrow box drops "Board · ", then the move, then shortens the name.
pub fn board_title(start: &Othello, moves: &[OthelloMove], width: u16) -> String {
    let named = if *start == Othello::new() {
        opening(moves)
    } else {
        None
    };
    let Some((o, ply)) = named else {
        return "Board".into();
    };
    let name = if ply < moves.len() {
        format!("{} (at move {ply})", o.name)
    } else {
        o.name.to_string()
    };
    // The corners and a space either side of the title.
    let room = usize::from(width.saturating_sub(4));
    let fits = |s: &String| s.chars().count() <= room;
    let candidates = [
        format!("Board · opening: {name}"),
        format!("Opening: {name}"),
        format!("Opening: {}", o.name),
    ];
    if let Some(title) = candidates.iter().find(|c| fits(c)) {
        return title.clone();
    }
    let short = &candidates[2];
    let mut cut: String = short.chars().take(room.saturating_sub(1)).collect();
    cut.push('…');
    cut
}

/// The board with coordinates, as large as fits in `area`: the discs, and the marks.
pub fn draw_board(frame: &mut Frame, area: Rect, marks: &Marks, theme: &Theme, hits: &mut Hits) {
    let layout = BoardLayout::new(area, marks, theme);
    let BoardLayout {
        cell_w,
        cell_h,
        grid,
        width,
        origin_x,
        origin_y,
    } = layout;
    let mut header = String::from("   ");
    for f in 0..8u8 {
        let label = ((b'a' + f) as char).to_string();
        header.push_str(&format!("{label:^w$}", w = cell_w as usize));
    }
    frame.render_widget(
        Paragraph::new(Line::styled(header, theme.muted())),
        Rect::new(origin_x, origin_y, width.min(area.width), 1),
    );
    for rank in 0..8u32 {
        for line in 0..cell_h {
            let y = origin_y + 1 + rank as u16 * cell_h + line;
            if y >= area.bottom() {
                break;
            }
            let mut spans = Vec::new();
            let label = if line == cell_h / 2 {
                format!("{:>2} ", rank + 1)
            } else {
                "   ".into()
            };
            spans.push(Span::styled(label, theme.muted()));
            for file in 0..8u32 {
                let index = rank * 8 + file;
                push_cell_row(&mut spans, &layout, (rank, file, line), marks, theme);
                if let Some(_s) = Square::new(index) {
                    hits.add(
                        Rect::new(origin_x + 3 + file as u16 * cell_w, y, cell_w, 1),
                        Hit::Square(index),
                    );
                }
            }
            if grid {
                let close = match (line, rank) {
                    (0, 0) => "┐",
                    (0, _) => "┤",
                    _ => "│",
                };
                spans.push(Span::styled(close, theme.muted()));
            }
            frame.render_widget(
                Paragraph::new(Line::from(spans)),
                Rect::new(origin_x, y, width.min(area.width), 1),
            );
        }
    }
    let bottom = origin_y + 1 + 8 * cell_h;
    if grid && bottom < area.bottom() {
        let cell = "─".repeat(usize::from(cell_w) - 1);
        let rule = format!("   └{}┘", vec![cell; 8].join("┴"));
        frame.render_widget(
            Paragraph::new(Line::styled(rule, theme.muted())),
            Rect::new(origin_x, bottom, width.min(area.width), 1),
        );
    }
}

/// Row `line` of the square at `rank`, `file`: its face (see [`cell_row`]) framed by
/// the cursor's brackets and, with a grid, the grid's left edge or top rule.
fn push_cell_row(
    spans: &mut Vec<Span<'static>>,
    layout: &BoardLayout,
    (rank, file, line): (u32, u32, u16),
    marks: &Marks,
    theme: &Theme,
) {
    let index = rank * 8 + file;
    let middle = line == layout.cell_h / 2;
    let is_cursor = marks.cursor == Some(index);
    let (text, mut style) = cell_row(layout, (rank, file, line), marks, theme);
    // On a disc the cursor colours the ground, not the disc: which side it is shows.
    let occupied = Square::new(index).and_then(|s| marks.board.at(s)).is_some();
    let cursor_style = if occupied {
        theme.cursor_behind()
    } else {
        theme.cursor()
    };
    let w = layout.cell_w as usize;
    let (l, r) = if is_cursor && middle {
        ("[", "]")
    } else {
        ("", "")
    };
    if layout.grid {
        let (rule, rest) = if line == 0 {
            let corner = match (rank == 0, file == 0) {
                (true, true) => "┌",
                (true, false) => "┬",
                (false, true) => "├",
                (false, false) => "┼",
            };
            (corner, "─".repeat(w - 1))
        } else {
            let inner = w.saturating_sub(1 + l.len() + r.len());
            ("│", format!("{l}{text:^inner$}{r}"))
        };
        spans.push(Span::styled(rule, theme.muted()));
        if is_cursor {
            style = style.patch(cursor_style);
        }
        spans.push(Span::styled(rest, style));
    } else {
        let inner = w.saturating_sub(l.len() + r.len());
        let body = format!("{l}{text:^inner$}{r}");
        if is_cursor {
            style = style.patch(cursor_style);
        }
        spans.push(Span::styled(body, style));
    }
}

/// What row `line` of the square at `rank`, `file` shows, and its style: the middle
/// row the square's face ([`cell_face`]); in big cells, a disc's other rows.
fn cell_row(
    layout: &BoardLayout,
    (rank, file, line): (u32, u32, u16),
    marks: &Marks,
    theme: &Theme,
) -> (String, Style) {
    let BoardLayout { cell_w, cell_h, .. } = *layout;
    let index = rank * 8 + file;
    let middle = line == cell_h / 2;
    let mut style = if theme.color {
        let bg = if (rank + file) % 2 == 0 {
            Color::Rgb(0, 110, 50)
        } else {
            Color::Rgb(0, 100, 45)
        };
        Style::new().bg(bg)
    } else {
        Style::new()
    };
    let mut text = String::new();
    let disc = Square::new(index).and_then(|s| marks.board.at(s));
    // Big cells: a disc three rows tall that fills its cell (in colour
    // a solid disc of its colour; without colour black is solid and
    // white an outline).
    let big = !marks.ascii && cell_h >= 3 && cell_w >= 7;
    // A disc turning over is drawn as it looks at this moment.
    let disc = disc.map(|seat| marks.face(index, seat));
    let big_row = |face: Face, offset: i32| match face {
        Face::Disc(seat) => big_disc_row(seat, offset, cell_w - 4, theme.color),
        Face::Edge(_) => edge_row(cell_w - 4),
    };
    if middle {
        (text, style) = cell_face(index, style, cell_w, theme, marks);
        if let (true, Some(face)) = (big, disc) {
            text = big_row(face, 0);
        }
    } else if let (true, Some(face)) = (big, disc) {
        let mid = cell_h / 2;
        let offset = if line + 1 == mid {
            -1
        } else if line == mid + 1 {
            1
        } else {
            2
        };
        text = big_row(face, offset);
        if theme.color {
            let (Face::Disc(seat) | Face::Edge(seat)) = face;
            style = style.fg(disc_colour(seat));
        }
    }
    (text, style)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tiger() -> Vec<OthelloMove> {
        ["f5", "d6", "c3", "d3", "c4"]
            .iter()
            .filter_map(|m| m.parse().ok())
            .collect()
    }

    #[test]
    fn the_title_names_the_opening_and_fits_its_box() {
        let start = Othello::new();
        assert_eq!(board_title(&start, &tiger(), 50), "Board · opening: Tiger");
        assert_eq!(board_title(&start, &tiger()[..1], 50), "Board");
        // "Board · opening: Tiger" is 22 wide: in a box of 25 the name alone.
        assert_eq!(board_title(&start, &tiger(), 25), "Opening: Tiger");
        assert_eq!(board_title(&start, &tiger(), 12), "Opening…");
        // A move off the named line: the name, with the move that reached it.
        let mut on: Vec<OthelloMove> = tiger();
        on.push("f4".parse().unwrap_or(OthelloMove::Pass));
        assert_eq!(
            board_title(&start, &on, 50),
            "Board · opening: Tiger (at move 5)"
        );
        assert_eq!(board_title(&start, &on, 34), "Opening: Tiger (at move 5)");
        assert_eq!(board_title(&start, &on, 25), "Opening: Tiger");
        // From another start (white to move first) the moves are not the list's.
        let other = Othello::from_bitboards(start.black(), start.white(), Seat::Second);
        assert_eq!(
            other.map(|o| board_title(&o, &tiger(), 50)),
            Ok("Board".into())
        );
    }

    /// The cursor on a disc colours the square's ground and leaves the disc its own
    /// colour, in small cells and in big ones: drawn with and without the cursor on
    /// d4 (a white disc at the start), the cells that differ keep their ink.
    #[test]
    fn the_cursor_on_a_disc_keeps_the_disc_colour() {
        use ratatui::Terminal;
        use ratatui::backend::TestBackend;
        let start = Othello::new();
        let theme = Theme::new(&crate::config::Config::default().colors, false);
        let d4 = "d4".parse::<OthelloMove>().ok().and_then(|m| m.square());
        let behind = theme.cursor_behind().bg;
        assert!(behind.is_some(), "the cursor has a colour to lay behind");
        for (w, h) in [(44u16, 11u16), (80, 40)] {
            let draw = |cursor: Option<u32>| {
                let marks = Marks {
                    board: &start,
                    legal: 0,
                    scores: None,
                    best: None,
                    last: None,
                    cursor,
                    flash: 0,
                    turning: None,
                    ascii: false,
                };
                let mut terminal = Terminal::new(TestBackend::new(w, h)).expect("a terminal");
                terminal
                    .draw(|f| draw_board(f, f.area(), &marks, &theme, &mut Hits::default()))
                    .expect("drawn");
                terminal.backend().buffer().clone()
            };
            let plain = draw(None);
            let on = draw(d4.map(|s| s.index()));
            let mut inked = 0;
            for (a, b) in plain.content().iter().zip(on.content()) {
                if a == b || a.symbol() != b.symbol() {
                    continue;
                }
                assert_eq!(a.fg, b.fg, "{w}x{h}: the disc keeps its colour");
                assert_eq!(Some(b.bg), behind, "{w}x{h}: the ground is the cursor's");
                inked += usize::from(a.symbol().trim() != "");
            }
            assert!(inked > 0, "{w}x{h}: the disc is under the cursor");
        }
    }

    #[test]
    fn a_hint_proved_worse_than_the_best_shows_its_bound_not_its_estimate() {
        use crate::game::Game;
        use crate::solve::{MoveValue, Verdict};
        let start = Othello::new();
        let value = |mv: &str, score: i32, at_most: Option<i32>| MoveValue {
            mv: mv.parse().unwrap_or(OthelloMove::Pass),
            verdict: Verdict::Score(score),
            score: Some(score),
            traps: None,
            plies_at_most: None,
            chances: None,
            proofs_left: None,
            score_at_most: at_most,
        };
        let analysis = Analysis {
            best: "d3".parse().ok(),
            verdict: Verdict::Draw,
            score: Some(0),
            pv: Vec::new(),
            moves: vec![
                value("d3", 0, None),
                value("c4", -6, Some(-2)),
                value("f5", 0, None),
                value("e6", -4, Some(-2)),
            ],
            depth: 60,
            nodes: 1,
            exact: true,
        };
        let marks = Marks {
            board: &start,
            legal: start
                .legal_moves()
                .iter()
                .filter_map(|m| m.square())
                .fold(0, |b, s| b | 1u64 << s.index()),
            scores: Some(&analysis),
            best: analysis.best,
            last: None,
            cursor: None,
            flash: 0,
            turning: None,
            ascii: false,
        };
        let theme = Theme::new(&crate::config::Config::default().colors, true);
        let face = |sq: &str| {
            let index = sq
                .parse::<OthelloMove>()
                .ok()
                .and_then(|m| m.square())
                .map_or(0, |s| s.index());
            cell_face(index, Style::default(), 5, &theme, &marks).0
        };
        assert_eq!(face("c4"), "≤-2");
        assert_eq!(face("e6"), "≤-2");
        // The two best (they tie) are starred, a bounded move never is.
        assert_eq!(face("d3"), "★+0");
        assert_eq!(face("f5"), "★+0");
    }
}
