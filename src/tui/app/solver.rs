//! The solver thread's traffic: its notices to the screen on show, and the jobs the
//! screen asks for, sent when the position changes.

use super::*;

impl App {
    /// A notice from the solver thread: the screen on show takes its own reports.
    pub(super) fn on_solver(&mut self, msg: Notice) -> bool {
        if let Screen::Review(review, _) = &mut self.screen {
            match msg {
                SolverMsg::Progress { ticket, .. } => review.progress(ticket),
                SolverMsg::Finished { ticket } => review.finished(ticket),
                SolverMsg::Failed { ticket, reason } => review.failed(ticket, reason),
            }
            // Each ply is kept as it comes: a review left (or a parlor quit) half-way
            // goes on from there next time.
            if let (Some(plies), Some(store)) = (review.take_unkept(), self.store.as_mut()) {
                store.keep_review(review.key(), &plies);
            }
            return true;
        }
        if let Screen::Simulation(sim) = &mut self.screen {
            match msg {
                SolverMsg::Progress { ticket, .. } => sim.progress(ticket),
                SolverMsg::Finished { ticket } => sim.finished(ticket),
                SolverMsg::Failed { ticket, reason } => sim.failed(ticket, reason),
            }
            return true;
        }
        let Screen::Game(game) = &mut self.screen else {
            return false;
        };
        match msg {
            SolverMsg::Progress { ticket, .. } => game.news(ticket),
            SolverMsg::Finished { ticket } => game.finished(ticket),
            SolverMsg::Failed { ticket, reason } => game.failed(ticket, reason),
        }
        true
    }

    /// Sends the solver the position on the board when it changed.
    pub(super) fn sync_solver(&mut self) {
        if let Screen::Review(review, _) = &mut self.screen {
            if let Some(job) = review.take_job() {
                match &self.solver {
                    Some(solver) => review.requested(solver.submit(job)),
                    None => review.failed(0, "the solver thread could not be started".into()),
                }
            }
            return;
        }
        if let Screen::Simulation(sim) = &mut self.screen {
            if let Some(job) = sim.take_request() {
                match &self.solver {
                    Some(solver) => {
                        let ticket = solver.submit(job);
                        sim.requested(ticket);
                    }
                    None => sim.failed(0, "the solver thread could not be started".into()),
                }
            }
            return;
        }
        let Screen::Game(game) = &mut self.screen else {
            return;
        };
        let Some(job) = game.take_job() else {
            return;
        };
        match &self.solver {
            Some(solver) => {
                let ticket = solver.submit(job);
                game.analysis_requested(ticket);
            }
            None => game.failed(0, "the solver thread could not be started".into()),
        }
    }
}
