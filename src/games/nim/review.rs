//! The review of a game of Nim (or 1-3-5-7): every position solved exactly by the
//! nim-sum, the piles drawn as in the match.

use crate::seeds::GameRng;
use rand::SeedableRng;
use ratatui::Frame;
use ratatui::layout::Rect;

use super::options::NimSetup;
use super::screen::{self, Flavour, PilesLook, draw_piles};
use crate::config::Config;
use crate::game::nim::Nim;
use crate::plugin::GameSetup;
use crate::plugin::review::ReviewPlan;
use crate::plugin::review::board::{GameBoard, Shown};
use crate::solve::analyst::FnAnalyst;
use crate::store::MatchRecord;
use crate::ui::hits::Hits;
use crate::ui::theme::Theme;
use crate::ui::widgets;

/// The review of `record`, a game of Nim or of 1-3-5-7 (`game`).
pub fn review(
    game: crate::plugin::GameId,
    record: &MatchRecord,
    config: &Config,
) -> Result<ReviewPlan, String> {
    let setup = GameSetup::from_record(game, record, config)?;
    let flavour = match setup.options::<NimSetup>() {
        Some(_) => Flavour::Coins,
        None => Flavour::SugarPackets,
    };
    // The start is the record's own, so the generator is never drawn from.
    let mut rng = GameRng::seed_from_u64(record.seed);
    let start = screen::start_position(&setup, &mut rng)?;
    let board = GameBoard::new(
        start,
        &record.moves,
        Box::new(FnAnalyst(crate::solve::nim::analyse)),
        Box::new(move |frame, area, shown, theme| draw(frame, area, shown, theme, flavour)),
    )?;
    Ok(board.plan(setup.game, "every move solved exactly"))
}

fn draw(frame: &mut Frame, area: Rect, shown: &Shown<Nim>, theme: &Theme, flavour: Flavour) {
    let title = match flavour {
        Flavour::SugarPackets => "Sugar packets",
        Flavour::Coins => "Piles",
    };
    let block = widgets::block(title, theme);
    let inner = block.inner(area);
    frame.render_widget(block, area);
    let look = PilesLook {
        position: shown.position,
        start: shown.start,
        last: shown.last,
        cursor: None,
        winning: Vec::new(),
        flavour,
        taking: None,
    };
    draw_piles(frame, inner, &look, theme, &mut Hits::default());
}
