//! The match's traffic with the solver thread: the position sent once after every
//! change, the analyses taken in under their tickets.

use std::sync::Arc;
use std::sync::atomic::Ordering;

use crate::game::Game;
use crate::solve::Analysis;
use crate::solve::analyst::Query;
use crate::solve::worker::Job;

use super::MatchView;
use crate::plugin::screen::SolverLink;

impl<G: Game> MatchView<G> {
    /// An analysis of the position under `ticket` (dropped when stale): the prediction,
    /// the AI's side and its remarks follow it.
    pub fn receive_analysis(&mut self, ticket: u64, analysis: Analysis<G::Move>) {
        let was_pending = self.session.side_pending();
        if !self.session.receive_analysis(ticket, analysis) {
            return;
        }
        self.announce_side(was_pending);
        self.react_to_prediction();
    }
}

impl<G: Game> SolverLink for MatchView<G> {
    /// The position on the board, once after every change, for the match's analyst.
    fn take_job(&mut self) -> Option<Job> {
        if !std::mem::take(&mut self.needs_analysis) {
            return None;
        }
        let query = Query {
            position: self.session.position().clone(),
            ai_to_move: self.session.ai_to_move(),
            ply: self.session.history().len(),
            played: None,
        };
        let analyst = self.analyst.clone();
        let outbox = self.inbox.outbox();
        self.hurry = Arc::default();
        let hurry = Arc::clone(&self.hurry);
        Some(Box::new(move |ctx| {
            let mut analyst = analyst.lock();
            let stop = || ctx.is_cancelled() || hurry.load(Ordering::Relaxed);
            analyst.analyse(&query, &stop, &mut |analysis| {
                ctx.send(&outbox, analysis);
            });
        }))
    }
    fn analysis_requested(&mut self, ticket: u64) {
        self.session.analysis_requested(ticket);
    }
    fn ticket(&self) -> u64 {
        self.session.ticket()
    }
    fn analysing(&self) -> bool {
        self.session.analysing()
    }
    /// Takes every analysis in, each under its own ticket: the session drops the
    /// stale ones.
    fn news(&mut self, _ticket: u64) {
        let reports: Vec<_> = self.inbox.drain().collect();
        for (ticket, analysis) in reports {
            self.receive_analysis(ticket, analysis);
        }
    }
    fn finished(&mut self, ticket: u64) {
        // The reports sent before the end come first.
        self.news(ticket);
        let was_pending = self.session.side_pending();
        if self.session.analysis_finished(ticket) {
            self.announce_side(was_pending);
        }
    }
    fn failed(&mut self, ticket: u64, reason: String) {
        self.failed_with(ticket, reason);
    }
}
