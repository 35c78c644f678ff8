//! The board of a reviewed game: every position kept, drawn by the game's own drawing.
//! The one part of the review that knows the game's types; the rest reads text.

use ratatui::Frame;
use ratatui::layout::Rect;

use super::plies::PlyReport;
use super::plies::{analysis_job, positions};
use crate::game::Game;
use crate::solve::analyst::Analyst;
use crate::solve::worker::{Job, Outbox};
use crate::ui::theme::Theme;

/// A position as the review shows it: the position, the start of the game (some
/// boards size themselves by it), the move that led here and those before it.
pub struct Shown<'a, G: Game> {
    pub position: &'a G,
    pub start: &'a G,
    pub before: Option<&'a G>,
    pub last: Option<G::Move>,
    /// The moves that led here, from the start (the last is `last`).
    pub played: &'a [G::Move],
}

/// A game's drawing of a position, without a match around it.
pub type DrawFn<G> = Box<dyn Fn(&mut Frame, Rect, &Shown<G>, &Theme)>;

/// What the review screen needs of the game: the positions drawn, the analysis job.
pub trait ReviewBoard {
    /// The moves in the game's notation.
    fn moves(&self) -> Vec<String>;
    /// Draws the position after `ply` moves.
    fn draw(&self, frame: &mut Frame, area: Rect, ply: usize, theme: &Theme);
    /// The analysis of every position but those `done` (by their ply), once, its
    /// reports sent to `to`.
    fn take_job(&mut self, to: Outbox<PlyReport>, done: Vec<bool>) -> Option<Job>;
}

pub struct GameBoard<G: Game> {
    positions: Vec<G>,
    moves: Vec<G::Move>,
    analyst: Option<Box<dyn Analyst<G>>>,
    draw: DrawFn<G>,
}

impl<G: Game> GameBoard<G> {
    /// The game from `start` through `moves` (in the game's notation), analysed by
    /// `analyst` and drawn by `draw`. A move that cannot be read or played is an error
    /// naming it.
    pub fn new(
        start: G,
        moves: &[String],
        analyst: Box<dyn Analyst<G>>,
        draw: DrawFn<G>,
    ) -> Result<GameBoard<G>, String> {
        let moves = moves
            .iter()
            .enumerate()
            .map(|(i, text)| {
                text.parse::<G::Move>()
                    .map_err(|e| format!("move {} ({text}): {e}", i + 1))
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(GameBoard {
            positions: positions(&start, &moves)?,
            moves,
            analyst: Some(analyst),
            draw,
        })
    }
}

impl<G: Game + 'static> GameBoard<G> {
    /// The review of game `game` on this board, its analyst's `method` said in words.
    pub fn plan(self, game: crate::plugin::GameId, method: impl Into<String>) -> super::ReviewPlan {
        super::ReviewPlan::new(game, Box::new(self), method.into())
    }
}

impl<G: Game> ReviewBoard for GameBoard<G> {
    fn moves(&self) -> Vec<String> {
        self.positions
            .iter()
            .zip(&self.moves)
            .map(|(before, &mv)| before.move_text(mv))
            .collect()
    }

    fn draw(&self, frame: &mut Frame, area: Rect, ply: usize, theme: &Theme) {
        let ply = ply.min(self.positions.len() - 1);
        let shown = Shown {
            position: &self.positions[ply],
            start: &self.positions[0],
            before: ply.checked_sub(1).map(|p| &self.positions[p]),
            last: ply.checked_sub(1).map(|p| self.moves[p]),
            played: &self.moves[..ply],
        };
        (self.draw)(frame, area, &shown, theme);
    }

    fn take_job(&mut self, to: Outbox<PlyReport>, done: Vec<bool>) -> Option<Job> {
        let analyst = self.analyst.take()?;
        Some(analysis_job(
            self.positions.clone(),
            self.moves.clone(),
            done,
            analyst,
            to,
        ))
    }
}
