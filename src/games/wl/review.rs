//! The review of a game of Winners & Losers: every position solved by the AND/OR
//! table, the string drawn as in the match (taken letters as dots, the one the move
//! took in lower case, highlighted), and who took which letters so far.

use crate::seeds::GameRng;
use rand::SeedableRng;
use ratatui::Frame;
use ratatui::layout::Rect;
use ratatui::text::{Line, Span};

use super::ID;
use super::screen::{self, TilesLook, draw_tiles, last_move_line};
use crate::config::Config;
use crate::game::wl::{Wl, WlMove};
use crate::game::{Game, Seat};
use crate::plugin::GameSetup;
use crate::plugin::review::ReviewPlan;
use crate::plugin::review::board::{GameBoard, Shown};
use crate::solve::analyst::FnAnalyst;
use crate::store::MatchRecord;
use crate::ui::hits::Hits;
use crate::ui::theme::Theme;
use crate::ui::widgets;

pub fn review(record: &MatchRecord, config: &Config) -> Result<ReviewPlan, String> {
    let setup = GameSetup::from_record(super::ID, record, config)?;
    // The record names its letters, so the generator is never drawn from.
    let mut rng = GameRng::seed_from_u64(record.seed);
    let start = Wl::new(screen::start_letters(&setup, &mut rng)?);
    // Who took what needs the moves before the one shown, which a position alone does
    // not tell: the drawing keeps the game's moves (GameBoard checks them first).
    let moves: Vec<WlMove> = record.moves.iter().map_while(|m| m.parse().ok()).collect();
    let names = [record.seats[0].name.clone(), record.seats[1].name.clone()];
    let board = GameBoard::new(
        start,
        &record.moves,
        Box::new(FnAnalyst(crate::solve::wl::analyse)),
        Box::new(move |frame, area, shown, theme| draw(frame, area, shown, theme, &moves, &names)),
    )?;
    Ok(board.plan(ID, "every move solved exactly"))
}

fn draw(
    frame: &mut Frame,
    area: Rect,
    shown: &Shown<Wl>,
    theme: &Theme,
    moves: &[WlMove],
    names: &[String; 2],
) {
    let block = widgets::block("String", theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    // Every move takes one letter: the letters gone are the moves played.
    let ply = shown.start.remaining().len() - shown.position.remaining().len();
    let mut taken: [Vec<&str>; 2] = [Vec::new(), Vec::new()];
    let mut position = shown.start.clone();
    for &mv in moves.iter().take(ply) {
        let seat = position.to_move();
        if let Some(w) = position.letter_at(mv) {
            taken[seat.index()].push(if w { "W" } else { "L" });
        }
        if position.play(mv).is_err() {
            break;
        }
    }
    let mut below: Vec<Line<'static>> = [Seat::First, Seat::Second]
        .into_iter()
        .map(|seat| {
            Line::from(vec![
                Span::styled(format!("{:<9} took: ", names[seat.index()]), theme.muted()),
                Span::raw(taken[seat.index()].join(" ")),
            ])
        })
        .collect();
    if let (Some(before), Some(mv)) = (shown.before, shown.last) {
        below.push(last_move_line(
            before,
            mv,
            &names[before.to_move().index()],
            theme,
        ));
    }
    let look = TilesLook {
        game: shown.position,
        last: shown.last,
        wins: Vec::new(),
        cursor: false,
        taking: None,
    };
    draw_tiles(frame, inner, &look, below, theme, &mut Hits::default());
}
