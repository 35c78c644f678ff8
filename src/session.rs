//! A match in progress, for any game: who sits where, the moves so far, the solver's
//! latest word on the position, and when the AI may move. No drawing, no keys.

use rand::Rng;

use crate::game::{Game, Outcome, Seat};
pub use crate::matchup::{Difficulty, Mode};
use crate::solve::policy;
use crate::solve::{Analysis, Verdict};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Player {
    Human,
    Ai(Difficulty),
    /// A person at another terminal: their moves arrive from outside (an online match),
    /// never from this keyboard or this AI.
    Remote,
}

/// One move that was played, and what it did to the prediction.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayedMove<G: Game> {
    pub before: G,
    pub seat: Seat,
    pub mv: G::Move,
    /// The mover was winning before the move and is losing after it.
    pub mistake: bool,
}

pub struct Session<G: Game> {
    start: G,
    position: G,
    history: Vec<PlayedMove<G>>,
    /// Moves taken back by undo, the next to redo last; cleared by a new move.
    redo: Vec<PlayedMove<G>>,
    /// Counts every change to the moves (play, undo, redo), so the app knows when to
    /// save the match again.
    generation: u64,
    /// Indexed by `Seat::index`.
    players: [Player; 2],
    names: [String; 2],
    /// The side choice is left to the AI until the first analysis arrives.
    side_pending: bool,
    /// How the AI chose its side: `Some(true)` from a proof, `Some(false)` by its best
    /// estimate when the search ended without one.
    side_proven: Option<bool>,
    analysis: Option<Analysis<G::Move>>,
    analysis_done: bool,
    analysis_failed: Option<String>,
    ticket: u64,
    /// Milliseconds left before the AI may move.
    ai_wait_ms: u64,
    ai_delay_ms: u64,
    paused: bool,
    /// "Move now": the AI plays its best move so far at the next tick.
    hurry: bool,
    /// How long the AI has been thinking about the position on the board.
    thinking_ms: u64,
    /// The AI plays the solver's own `best` move instead of choosing by difficulty:
    /// for engines whose levels are searches of their own (Othello).
    engine_picks: bool,
}

impl<G: Game> Session<G> {
    pub fn new(start: G, players: [Player; 2], names: [String; 2], ai_delay_ms: u64) -> Self {
        Session {
            position: start.clone(),
            start,
            history: Vec::new(),
            redo: Vec::new(),
            generation: 0,
            players,
            names,
            side_pending: false,
            side_proven: None,
            analysis: None,
            analysis_done: false,
            analysis_failed: None,
            ticket: 0,
            ai_wait_ms: ai_delay_ms,
            ai_delay_ms,
            paused: false,
            hurry: false,
            thinking_ms: 0,
            engine_picks: false,
        }
    }

    /// Lets the AI pick its seat once it has analysed the start: it takes the side
    /// that wins.
    pub fn let_ai_choose_side(&mut self) {
        self.side_pending = true;
    }

    pub fn side_pending(&self) -> bool {
        self.side_pending
    }

    pub fn position(&self) -> &G {
        &self.position
    }

    pub fn start(&self) -> &G {
        &self.start
    }

    pub fn history(&self) -> &[PlayedMove<G>] {
        &self.history
    }

    /// The moves undo took back, the next to redo last.
    pub fn redo_moves(&self) -> &[PlayedMove<G>] {
        &self.redo
    }

    /// Changes with every move played, undone or redone.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// The seats as they are now (after a coin flip or the AI's choice of side).
    pub fn seats(&self) -> ([Player; 2], [String; 2]) {
        (self.players, self.names.clone())
    }

    /// Seats the players as a saved match had them.
    pub fn set_seats(&mut self, players: [Player; 2], names: [String; 2]) {
        self.players = players;
        self.names = names;
        self.side_pending = false;
    }

    pub fn player(&self, seat: Seat) -> Player {
        self.players[seat.index()]
    }

    pub fn name(&self, seat: Seat) -> &str {
        &self.names[seat.index()]
    }

    pub fn players(&self) -> [Player; 2] {
        self.players
    }

    pub fn outcome(&self) -> Option<Outcome> {
        self.position.outcome()
    }

    pub fn is_over(&self) -> bool {
        self.outcome().is_some()
    }

    pub fn to_move(&self) -> Seat {
        self.position.to_move()
    }

    /// Whether a person should be moving now.
    pub fn human_to_move(&self) -> bool {
        !self.is_over() && !self.side_pending && self.player(self.to_move()) == Player::Human
    }

    /// A person elsewhere is to move: their move comes from outside.
    pub fn remote_to_move(&self) -> bool {
        !self.is_over() && !self.side_pending && self.player(self.to_move()) == Player::Remote
    }

    pub fn ai_to_move(&self) -> bool {
        !self.is_over()
            && !self.side_pending
            && matches!(self.player(self.to_move()), Player::Ai(_))
    }

    /// From now on the AI plays the analysis's best move.
    pub fn let_engine_pick(&mut self) {
        self.engine_picks = true;
    }

    /// The AI's pause before a move (watch mode speed).
    pub fn ai_delay_ms(&self) -> u64 {
        self.ai_delay_ms
    }

    pub fn set_ai_delay_ms(&mut self, ms: u64) {
        self.ai_delay_ms = ms;
        self.ai_wait_ms = self.ai_wait_ms.min(ms);
    }

    pub fn paused(&self) -> bool {
        self.paused
    }

    pub fn toggle_pause(&mut self) {
        self.paused = !self.paused;
    }

    /// The analysis of the position on the board, if the solver has sent one.
    pub fn analysis(&self) -> Option<&Analysis<G::Move>> {
        self.analysis.as_ref()
    }

    /// Why analysis is unavailable, if the solver failed.
    pub fn analysis_failed(&self) -> Option<&str> {
        self.analysis_failed.as_deref()
    }

    /// Whether the solver is still working on the position on the board.
    pub fn analysing(&self) -> bool {
        !self.analysis_done && self.analysis_failed.is_none()
    }

    /// The ticket of the job that analyses the current position.
    pub fn ticket(&self) -> u64 {
        self.ticket
    }

    /// Records that `ticket` now analyses the current position; older results are ignored.
    pub fn analysis_requested(&mut self, ticket: u64) {
        self.ticket = ticket;
        self.analysis = None;
        self.analysis_done = false;
        self.analysis_failed = None;
    }

    /// A report from the solver. Returns false (and changes nothing) when stale.
    pub fn receive_analysis(&mut self, ticket: u64, analysis: Analysis<G::Move>) -> bool {
        if ticket != self.ticket {
            return false;
        }
        if analysis.exact {
            self.analysis_done = true;
        }
        let proven = analysis.exact;
        self.analysis = Some(analysis);
        if self.side_pending && proven && self.history.is_empty() {
            self.choose_side(true);
        }
        true
    }

    pub fn analysis_finished(&mut self, ticket: u64) -> bool {
        if ticket != self.ticket {
            return false;
        }
        self.analysis_done = true;
        // The search ended without a proof: the AI still chooses, by its estimate.
        if self.side_pending && self.history.is_empty() {
            self.choose_side(false);
        }
        true
    }

    /// The AI takes the side the analysis of the start favours: first when the mover
    /// wins (or is estimated ahead), else second.
    fn choose_side(&mut self, proven: bool) {
        self.side_pending = false;
        self.side_proven = Some(proven);
        let first_is_better = self.analysis.as_ref().is_some_and(|a| match a.verdict {
            Verdict::Win { .. } => true,
            Verdict::Score(s) => s > 0,
            _ => false,
        });
        let ai_seat = if first_is_better {
            Seat::First
        } else {
            Seat::Second
        };
        if self.player(ai_seat) == Player::Human {
            self.players.swap(0, 1);
            self.names.swap(0, 1);
        }
    }

    /// How the AI chose its side, once it has: `Some(true)` by a proof.
    pub fn side_proven(&self) -> Option<bool> {
        self.side_proven
    }

    pub fn analysis_failed_with(&mut self, ticket: u64, reason: String) -> bool {
        if ticket != self.ticket {
            return false;
        }
        self.analysis_failed = Some(reason);
        if self.side_pending {
            // No analysis at all: the AI lets the person start.
            self.side_pending = false;
            self.side_proven = Some(false);
        }
        true
    }

    /// Who wins with perfect play from the current position, if known.
    pub fn predicted_winner(&self) -> Option<Seat> {
        let analysis = self.analysis.as_ref()?;
        let mover = self.to_move();
        match analysis.verdict {
            Verdict::Win { .. } => Some(mover),
            Verdict::Loss { .. } => Some(mover.other()),
            _ => None,
        }
    }

    /// Plays a move for whoever is to move.
    pub fn play(&mut self, mv: G::Move) -> Result<(), crate::game::RuleError> {
        let before = self.position.clone();
        let seat = before.to_move();
        // A mistake throws away what the position was worth: a win that is no longer
        // a win, or a draw that became a loss.
        let mistake = self.analysis.as_ref().is_some_and(|a| {
            a.value_of(mv).is_some_and(|v| match a.verdict {
                Verdict::Win { .. } => !v.verdict.is_win(),
                Verdict::Draw => v.verdict.is_loss(),
                _ => false,
            })
        });
        self.position.play(mv)?;
        self.history.push(PlayedMove {
            before,
            seat,
            mv,
            mistake,
        });
        // The move undo took back, played again, keeps the rest of what can be redone;
        // any other move is a new line.
        if self.redo.last().is_some_and(|next| next.mv == mv) {
            self.redo.pop();
        } else {
            self.redo.clear();
        }
        self.side_pending = false;
        self.after_change();
        Ok(())
    }

    /// Replays a saved move, with the mark it had (no analysis is needed).
    pub fn replay(&mut self, mv: G::Move, mistake: bool) -> Result<(), crate::game::RuleError> {
        self.play(mv)?;
        if let Some(last) = self.history.last_mut() {
            last.mistake = mistake;
        }
        Ok(())
    }

    /// Puts back moves undo took (saved with the match), the last undone first in
    /// `moves` order: `moves[0]` is the move to redo next.
    pub fn set_redo(&mut self, moves: Vec<PlayedMove<G>>) {
        self.redo = moves.into_iter().rev().collect();
    }

    /// Marks the latest move of `seat` as a mistake: it threw away a predicted win
    /// (found out only once a later analysis proved the new winner).
    pub fn mark_last_move_of(&mut self, seat: Seat) {
        if let Some(m) = self.history.iter_mut().rev().find(|m| m.seat == seat) {
            m.mistake = true;
        }
    }

    /// Takes back moves back to a real decision: against the AI, the human's previous
    /// turn; otherwise the previous move. Positions where the move was forced (a pass)
    /// are gone past, or the forced move would only be played again. Returns false when
    /// there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        // The latest position that was a real decision: against the AI, one of the
        // person's (so the AI's opening move stays, or it would simply play again).
        let Some(back_to) = self
            .history
            .iter()
            .rposition(|m| self.is_decision(&m.before))
        else {
            return false;
        };
        while self.history.len() > back_to {
            let Some(last) = self.history.pop() else {
                break;
            };
            self.position = last.before.clone();
            self.redo.push(last);
        }
        // Two AIs would play on at once, over the position just brought back (a
        // finished game simply ended again): they wait until resumed.
        if !self.players.contains(&Player::Human) {
            self.paused = true;
        }
        self.after_change();
        true
    }

    /// Plays again what undo took back: up to the next real decision (against the AI,
    /// the person's next turn), or the end. Returns false when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        let mut redone = false;
        while let Some(next) = self.redo.pop() {
            if self.position.play(next.mv).is_err() {
                // Cannot happen (the moves were played from here), but a stale redo
                // list is dropped rather than trusted.
                self.redo.clear();
                break;
            }
            self.history.push(next);
            redone = true;
            if self.is_decision(&self.position) || self.is_over() {
                break;
            }
        }
        if redone {
            self.after_change();
        }
        redone
    }

    /// Exactly one seat is a person's (the other is the AI).
    fn one_human(&self) -> bool {
        self.players.iter().filter(|p| **p == Player::Human).count() == 1
    }

    /// Whether undo and redo stop at `position`: someone has a real choice there, and
    /// against the AI that someone is the person.
    fn is_decision(&self, position: &G) -> bool {
        !position.forced()
            && (!self.one_human() || self.player(position.to_move()) == Player::Human)
    }

    fn after_change(&mut self) {
        self.generation += 1;
        self.analysis = None;
        self.analysis_done = false;
        self.analysis_failed = None;
        self.ai_wait_ms = self.ai_delay_ms;
        self.hurry = false;
        self.thinking_ms = 0;
    }

    /// "Move now": when the AI is to move, it plays the best move its analysis has found
    /// so far at the next tick, without waiting for the search or its pause.
    pub fn hurry(&mut self) -> bool {
        if !self.ai_to_move() || self.paused {
            return false;
        }
        self.hurry = true;
        self.ai_wait_ms = 0;
        true
    }

    /// How long the AI has been thinking about the position on the board.
    pub fn thinking_ms(&self) -> u64 {
        self.thinking_ms
    }

    /// Time passes. Returns the AI's move when it is the AI's turn, its pause is over
    /// and the analysis is in (or has failed, in which case it plays any legal move).
    pub fn tick<R: Rng + ?Sized>(&mut self, elapsed_ms: u64, rng: &mut R) -> Option<G::Move> {
        if self.paused || !self.ai_to_move() {
            return None;
        }
        if !self.analysis_done {
            self.thinking_ms += elapsed_ms;
        }
        self.ai_wait_ms = self.ai_wait_ms.saturating_sub(elapsed_ms);
        if self.ai_wait_ms > 0 {
            return None;
        }
        let Player::Ai(difficulty) = self.player(self.to_move()) else {
            return None;
        };
        if self.analysis_failed.is_some() {
            let moves = self.position.legal_moves();
            if moves.is_empty() {
                return None;
            }
            let i = rand::RngExt::random_range(rng, 0..moves.len());
            return Some(moves[i]);
        }
        let hurried = self.hurry && self.analysis.as_ref().is_some_and(|a| a.best.is_some());
        if !self.analysis_done && !hurried {
            return None;
        }
        // Hurried, the search stopped before it had a move: any legal move, rather
        // than an AI that never moves.
        if self.hurry && self.analysis.as_ref().is_none_or(|a| a.best.is_none()) {
            let moves = self.position.legal_moves();
            let i = rand::RngExt::random_range(rng, 0..moves.len().max(1));
            return moves.get(i).copied();
        }
        if self.engine_picks {
            return self.analysis.as_ref()?.best;
        }
        policy::choose_move(self.analysis.as_ref()?, difficulty.slips(), rng)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::nim::{Ending, Nim};
    use crate::solve::Analysis;

    fn choosing() -> Session<Nim> {
        let mut s = Session::new(
            Nim::new(vec![3, 4, 5], Ending::Normal),
            [Player::Human, Player::Ai(Difficulty::Perfect)],
            ["You".into(), "AI".into()],
            0,
        );
        s.let_ai_choose_side();
        s.analysis_requested(1);
        s
    }

    fn estimate(score: i32) -> Analysis<crate::game::nim::NimMove> {
        Analysis {
            best: None,
            verdict: Verdict::Score(score),
            score: Some(score),
            pv: Vec::new(),
            moves: Vec::new(),
            depth: 3,
            nodes: 10,
            exact: false,
        }
    }

    #[test]
    fn without_a_proof_the_ai_still_chooses_by_its_estimate() {
        for (score, ai_first) in [(5, true), (-5, false), (0, false)] {
            let mut s = choosing();
            assert!(s.receive_analysis(1, estimate(score)));
            assert!(s.side_pending(), "an estimate alone does not decide yet");
            assert!(s.analysis_finished(1));
            assert!(!s.side_pending(), "the search ended: the AI must choose");
            assert_eq!(s.side_proven(), Some(false));
            let ai = if ai_first { Seat::First } else { Seat::Second };
            assert_ne!(s.player(ai), Player::Human, "score {score}");
            assert_eq!(s.human_to_move(), !ai_first);
        }
    }

    #[test]
    fn a_proof_decides_at_once() {
        let mut s = choosing();
        let proven = Analysis {
            verdict: Verdict::Win { plies: Some(3) },
            exact: true,
            ..estimate(0)
        };
        s.receive_analysis(1, proven);
        assert!(!s.side_pending());
        assert_eq!(s.side_proven(), Some(true));
        assert_eq!(s.player(Seat::First), Player::Ai(Difficulty::Perfect));
    }

    #[test]
    fn two_ais_wait_after_an_undo() {
        let mut s = Session::new(
            Nim::new(vec![1, 2], Ending::Normal),
            [Player::Ai(Difficulty::Perfect); 2],
            ["AI 1".into(), "AI 2".into()],
            0,
        );
        while !s.is_over() {
            let m = s.position().legal_moves()[0];
            s.play(m).expect("legal");
        }
        assert!(!s.paused());
        assert!(s.undo());
        assert!(s.paused(), "the AIs would replay the move at once");
        assert!(!s.is_over());
    }

    #[test]
    fn undo_never_takes_back_the_ais_opening_move() {
        let mut s = Session::new(
            Nim::new(vec![3, 4, 5], Ending::Normal),
            [Player::Ai(Difficulty::Perfect), Player::Human],
            ["AI".into(), "You".into()],
            0,
        );
        let moves = s.position().legal_moves();
        s.play(moves[0]).expect("the AI's opening");
        assert!(!s.undo(), "only the AI has moved");
        assert_eq!(s.history().len(), 1);
        let reply = s.position().legal_moves()[0];
        s.play(reply).expect("your reply");
        let answer = s.position().legal_moves()[0];
        s.play(answer).expect("the AI's answer");
        assert!(s.undo(), "your move and the AI's answer go");
        assert_eq!(s.history().len(), 1, "the AI's opening stays");
        assert!(s.human_to_move());
    }

    #[test]
    fn a_late_proof_marks_the_move_that_threw_the_win_away() {
        let mut s = choosing();
        s.side_pending = false;
        let first = s.position().legal_moves()[0];
        s.play(first).expect("legal");
        let reply = s.position().legal_moves()[0];
        s.play(reply).expect("legal");
        assert!(s.history().iter().all(|m| !m.mistake));
        s.mark_last_move_of(Seat::First);
        assert!(s.history()[0].mistake);
        assert!(!s.history()[1].mistake);
    }

    #[test]
    fn move_now_plays_the_best_so_far_without_waiting_for_the_search() {
        let mut s = Session::new(
            Nim::new(vec![3, 4, 5], Ending::Normal),
            [Player::Ai(Difficulty::Perfect), Player::Human],
            ["AI".into(), "You".into()],
            700,
        );
        let mut rng = <crate::seeds::GameRng as rand::SeedableRng>::seed_from_u64(1);
        s.analysis_requested(1);
        let best = s.position().legal_moves()[2];
        let partial = Analysis {
            best: Some(best),
            moves: vec![crate::solve::MoveValue {
                mv: best,
                verdict: Verdict::Win { plies: Some(5) },
                score: None,
                traps: None,
                chances: None,
                plies_at_most: None,
                proofs_left: None,
                score_at_most: None,
            }],
            ..estimate(3)
        };
        s.receive_analysis(1, partial);
        assert_eq!(s.tick(50, &mut rng), None, "still searching, still pausing");
        assert_eq!(s.thinking_ms(), 50);
        assert!(s.hurry());
        assert_eq!(s.tick(50, &mut rng), Some(best));
        s.play(best).expect("legal");
        assert!(!s.hurry(), "the person's turn: nothing to hurry");
        assert_eq!(s.thinking_ms(), 0);
    }

    #[test]
    fn a_failed_analysis_lets_the_person_start() {
        let mut s = choosing();
        s.analysis_failed_with(1, "boom".into());
        assert!(!s.side_pending());
        assert!(s.human_to_move());
    }

    /// A random game from Othello's start up to the first pass of `seat` (the pass not
    /// played), with the moves that led there.
    fn line_to_a_pass(seat: Seat) -> Vec<crate::game::othello::OthelloMove> {
        use crate::game::othello::Othello;
        let mut rng = <crate::seeds::GameRng as rand::SeedableRng>::seed_from_u64(7);
        loop {
            let mut game = Othello::default();
            let mut line = Vec::new();
            while game.outcome().is_none() {
                if game.forced() {
                    if game.to_move() == seat && line.len() > 4 {
                        return line;
                    }
                    break;
                }
                let legal = game.legal_moves();
                let mv = legal[rand::RngExt::random_range(&mut rng, 0..legal.len())];
                game.play(mv).expect("legal");
                line.push(mv);
            }
        }
    }

    #[test]
    fn undo_goes_past_a_pass_to_the_persons_previous_decision() {
        use crate::game::othello::{Othello, OthelloMove};
        for you in [Seat::First, Seat::Second] {
            let line = line_to_a_pass(you);
            let mut players = [Player::Ai(Difficulty::Perfect); 2];
            players[you.index()] = Player::Human;
            let mut s = Session::new(Othello::default(), players, ["A".into(), "B".into()], 0);
            for mv in &line {
                s.play(*mv).expect("legal");
            }
            // Your pass, played for you, then the AI's move.
            assert!(s.position().forced() && s.human_to_move());
            s.play(OthelloMove::Pass).expect("the pass");
            let reply = s.position().legal_moves()[0];
            s.play(reply).expect("the AI's move");
            let decisions = |s: &Session<Othello>| {
                s.history()
                    .iter()
                    .filter(|m| m.seat == you && !m.before.forced())
                    .count()
            };
            let before = decisions(&s);
            assert!(s.undo());
            assert!(!s.position().forced(), "not stopped at the pass");
            assert!(s.human_to_move());
            assert_eq!(decisions(&s), before - 1, "your last real move taken back");
            // Redo comes back to where the person decides next, past the pass again.
            assert!(s.redo());
            assert_eq!(s.history().len(), line.len() + 2);
            assert!(s.redo_moves().is_empty(), "all of it, in one step");
        }
    }

    #[test]
    fn between_two_people_undo_goes_past_a_pass_too() {
        use crate::game::othello::{Othello, OthelloMove};
        let line = line_to_a_pass(Seat::Second);
        let mut s = Session::new(
            Othello::default(),
            [Player::Human, Player::Human],
            ["A".into(), "B".into()],
            0,
        );
        for mv in &line {
            s.play(*mv).expect("legal");
        }
        s.play(OthelloMove::Pass).expect("the pass");
        assert!(s.undo());
        assert_eq!(
            s.history().len(),
            line.len() - 1,
            "the pass and the move that forced it"
        );
        assert!(!s.position().forced());
        // The move undone, played again by hand, keeps the pass to redo.
        s.play(*line.last().expect("moves")).expect("legal");
        assert_eq!(s.redo_moves().len(), 1);
        assert!(s.redo());
        assert_eq!(s.history().len(), line.len() + 1);
    }
}
