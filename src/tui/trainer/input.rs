//! The trainer's answers to the player: keys and clicks on the board, the hint, a
//! retry, a skip, leaving, and what comes next (the next puzzle, the streak's end).

use super::*;

/// Said when Enter is pressed right after a retry, before any other key.
pub const RETRIED_ENTER: &str = "Again from here: choose your move first (the arrows, or type it).";

/// Said when Enter is pressed on a new puzzle before any other key.
pub const FRESH_ENTER: &str = "A new puzzle: choose your move first (the arrows, or type it).";

impl TrainerScreen {
    /// Starts the puzzle again where the wrong move was made.
    fn retry(&mut self) {
        let Some(current) = &mut self.current else {
            return;
        };
        let mut board = new_board(&current.setup, &self.config);
        // The view the player chose stays (Winners & Losers' pyramid).
        board.set_other_view(current.board.other_view());
        for mv in &current.path {
            if board.play_text(mv).is_err() {
                break;
            }
        }
        current.generation = board.generation();
        current.board = board;
        current.state = State::Thinking;
        current.values = None;
        current.hint = None;
        current.settle_ms = SETTLE_MS;
        current.unchosen = Some(RETRIED_ENTER);
        self.ask_values();
    }

    /// A winning move, shown: the puzzle counts as missed.
    fn hint(&mut self) -> TrainerOutcome {
        let Some(current) = &mut self.current else {
            return TrainerOutcome::Stay;
        };
        let Some(best) = current.values.as_deref().and_then(coach::best) else {
            return TrainerOutcome::Stay;
        };
        current.hint = Some(best.text.clone());
        current.hinted = true;
        self.missed()
    }

    /// Leaving a puzzle after a move (or a hint) without finishing it: it counts as
    /// missed, as a skip does (`None`: nothing to keep: not begun, or kept already).
    pub fn abandon(&mut self) -> Option<TrainerOutcome> {
        self.begun().then(|| self.missed())
    }

    /// Whether a move or a hint was made on the puzzle on the board (leaving or
    /// skipping it now counts as missing it).
    pub fn begun(&self) -> bool {
        self.current
            .as_ref()
            .is_some_and(|c| !c.recorded && (!c.path.is_empty() || c.hinted))
    }

    /// The moves played on the board since the puzzle's position, passes included
    /// (Othello's: a side that cannot move gives the other two moves in a row).
    pub fn played(&self) -> Vec<String> {
        let Some(current) = &self.current else {
            return Vec::new();
        };
        match current.board.record() {
            Some(record) => record
                .moves
                .get(current.start_plies..)
                .unwrap_or_default()
                .to_vec(),
            None => current.path.clone(),
        }
    }

    /// The key that shows a hint: the hints' own, or where the board reads that letter
    /// as a square (Othello's column h), move-now's.
    pub fn hint_action(&self, keys: &crate::ui::keys::Keys) -> Action {
        let hint = keys.key(Action::Hints);
        let mut chars = hint.chars();
        let names_square = match (chars.next(), chars.next()) {
            (Some(c), None) => self.board().is_some_and(|b| b.letter_names_square(c)),
            _ => false,
        };
        if names_square {
            Action::MoveNow
        } else {
            Action::Hints
        }
    }

    pub fn handle(&mut self, action: Action) -> TrainerOutcome {
        self.note = None;
        let state = self.state().cloned();
        let over = self.streak.as_ref().is_some_and(|s| s.over);
        if action == Action::Enter
            && let Some(current) = &mut self.current
            && current.settle_ms > 0
            && matches!(
                current.state,
                State::YourMove | State::Solved { .. } | State::Wrong { .. }
            )
        {
            // Each Enter of a burst holds the board back again: three reflex Enters
            // 0.3 s apart played the new puzzle's preselected move (a play-tester's
            // rated miss), Enters after a typed last move went past the result to the
            // next puzzle (or, after a miss, to the retry) unread, and Enters after
            // the defence's reply played the highlighted move.
            current.settle_ms = super::SETTLE_MS;
            return TrainerOutcome::Stay;
        }
        if action == Action::Enter
            && let Some(current) = &mut self.current
            && current.state == State::YourMove
            && let Some(why) = current.unchosen
        {
            self.note = Some(why.into());
            return TrainerOutcome::Stay;
        }
        if let Some(current) = &mut self.current
            && action != Action::Enter
        {
            current.unchosen = None;
        }
        match (action, state) {
            (Action::Quit, _) => TrainerOutcome::Quit,
            (Action::Help, _) => TrainerOutcome::Help(self.game),
            // Esc backs out of a choice on the board first (Chopsticks' hand), then leaves.
            (Action::Back, Some(State::YourMove))
                if self
                    .current
                    .as_mut()
                    .is_some_and(|c| c.board.handle(Action::Back)) =>
            {
                TrainerOutcome::Stay
            }
            (Action::Back, _) => TrainerOutcome::Back(self.game),
            // A streak ends at its first miss: Enter goes on to its end (u still
            // shows the puzzle again, for the lesson of it).
            (Action::Enter, Some(State::Wrong { .. })) if self.mode == PuzzleMode::Streak => {
                self.advance(true);
                TrainerOutcome::Stay
            }
            (Action::Enter | Action::Undo | Action::Backspace, Some(State::Wrong { .. })) => {
                self.retry();
                TrainerOutcome::Stay
            }
            (Action::Enter | Action::NewGame | Action::Right, Some(State::Solved { .. }))
            | (Action::NewGame, Some(State::Wrong { .. } | State::Broken(_))) => {
                self.advance(over);
                TrainerOutcome::Stay
            }
            (Action::NewGame, Some(State::YourMove)) if self.mode != PuzzleMode::Daily => {
                // Skipping a puzzle begun counts as missing it; one not begun is left
                // for later (a streak ends either way).
                let outcome = if self.begun() || self.mode == PuzzleMode::Streak {
                    self.missed()
                } else {
                    TrainerOutcome::Stay
                };
                self.advance(true);
                outcome
            }
            (Action::Enter | Action::NewGame, None) if self.mode == PuzzleMode::Streak => {
                self.new_streak();
                TrainerOutcome::Stay
            }
            (Action::Hints | Action::MoveNow, Some(State::YourMove)) => self.hint(),
            (Action::Hints, _) => {
                self.note = Some("No hints now: they help only on your move.".into());
                TrainerOutcome::Stay
            }
            (Action::Spoilers, _) => {
                self.note = Some("The prediction stays off in puzzles.".into());
                TrainerOutcome::Stay
            }
            (
                Action::Undo
                | Action::Redo
                | Action::Rematch
                | Action::Review
                | Action::Pause
                | Action::MoveNow
                | Action::Transcript,
                _,
            ) => TrainerOutcome::Stay,
            (_, Some(State::YourMove)) => {
                if let Some(c) = &mut self.current {
                    c.board.handle(action);
                }
                self.judge()
            }
            _ => TrainerOutcome::Stay,
        }
    }

    /// On to the next puzzle: a streak goes on while unbroken (`missed`: it was just
    /// broken), the daily puzzle stays where it is.
    fn advance(&mut self, missed: bool) {
        match self.mode {
            PuzzleMode::Daily => self.note = Some("One puzzle a day: come back tomorrow.".into()),
            PuzzleMode::Rated => self.next_puzzle(),
            PuzzleMode::Yours => {
                self.yours_at += 1;
                self.next_puzzle();
            }
            PuzzleMode::Streak => {
                let Some(streak) = &mut self.streak else {
                    return;
                };
                if missed || streak.over {
                    streak.over = true;
                    self.current = None;
                    self.empty = Some(format!(
                        "Streak over: {} solved. Enter starts a new streak.",
                        streak.solved
                    ));
                    return;
                }
                streak.at += 1;
                self.next_puzzle();
            }
        }
    }

    /// A new streak from the easiest puzzles.
    fn new_streak(&mut self) {
        self.streak = Some(Streak {
            order: pick::streak(&self.puzzles, &mut self.rng),
            at: 0,
            solved: 0,
            over: false,
        });
        self.change = None;
        self.next_puzzle();
    }

    /// A move in notation on the board (only while a move is awaited), judged as a
    /// move made with the keys is.
    pub fn play_text(&mut self, mv: &str) -> Result<TrainerOutcome, String> {
        self.note = None;
        let Some(current) = &mut self.current else {
            return Err("no puzzle is on the board".into());
        };
        if current.state != State::YourMove {
            return Err("the puzzle is not waiting for your move".into());
        }
        current.board.play_text(mv)?;
        Ok(self.judge())
    }

    /// A click on the board (only while a move is awaited).
    pub fn click(&mut self, hit: Hit) -> TrainerOutcome {
        self.note = None;
        match &mut self.current {
            Some(c) if c.state == State::YourMove => {
                c.board.click(hit);
                self.judge()
            }
            _ => TrainerOutcome::Stay,
        }
    }
}
