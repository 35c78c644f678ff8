//! The review of a finished game: step through its moves with the board as it was, the
//! prediction with perfect play at every ply, each move's value against the best move,
//! the turning points marked, and a graph of the prediction over the whole game. The
//! analysis runs on the solver thread, one ply at a time, and fills in as it comes.
//!
//! Generic over the games: a game supplies its board (`board::GameBoard`, with its own
//! drawing and analyst) through `GameKind::review`; everything here reads text.

mod draw;

use crate::plugin::review::board::ReviewBoard;
use crate::plugin::review::plies::{self, PlyReport, Turn};

use crate::game::Seat;
use crate::plugin::GameId;
use crate::solve::Verdict;
use crate::solve::worker::{Inbox, Job};
use crate::store::{MatchRecord, ReviewKey};
use crate::ui::keys::Action;

/// What a key on the review asks the app to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewOutcome {
    Stay,
    /// Back where the review was opened from.
    Back,
    Help,
    Quit,
    /// A key that had nothing to do, and why (said over the footer).
    Said(&'static str),
}

/// Said when ← or → would step past the game.
const AT_THE_START: &str = "This is the start: → steps through the moves.";
const AT_THE_END: &str = "This is the end of the game: ← steps back, PgUp to the start.";
/// Said when ↓ or ↑ finds no turning point to go to.
const NO_TURN_AFTER: &str = "No turning point after this move.";
const NO_TURN_BEFORE: &str = "No turning point before this move.";
const NO_TURN_YET: &str = "No turning point found there yet: the review is still analysing.";

pub struct Review {
    game: GameId,
    /// The seats' names, first mover's first.
    names: [String; 2],
    /// The one person's seat in a game against the AI (for "you win").
    human: Option<Seat>,
    /// How the positions are analysed, said on screen ("perfect play", depths).
    method: String,
    moves: Vec<String>,
    /// One per position, the start first; `None` until analysed.
    reports: Vec<Option<PlyReport>>,
    board: Box<dyn ReviewBoard>,
    /// The position shown: after this many moves.
    ply: usize,
    ticket: u64,
    running: bool,
    failed: Option<String>,
    /// The plies' analyses the solver thread sent, under their tickets.
    inbox: Inbox<PlyReport>,
    /// What the analysis depends on, to keep it with the game (`store::reviews`).
    key: ReviewKey,
    /// Plies came in since the analysis was last kept.
    unkept: bool,
    /// How many plies were kept from an earlier review when it opened.
    restored: usize,
    /// The first moves that came with the start asked for (`ReviewPlan::given`).
    given: usize,
    /// The variant the game was played as ("piles 3,4,5, misère"), for games that
    /// have them: the header says it, as the game's own header did.
    variant: Option<String>,
    /// How the match ended when not by its rules ("Player 2's time ran out."), said
    /// after the last move.
    ending: Option<String>,
}

/// How `record` ended when it did not end by its rules, in a short sentence (the
/// result is on the screen already).
fn ending_of(record: &MatchRecord) -> Option<String> {
    use crate::store::{EndedBy, ResultRecord};
    let names = [&record.seats[0].name, &record.seats[1].name];
    let loser = match record.result? {
        ResultRecord::First => names[1],
        ResultRecord::Second => names[0],
        ResultRecord::Draw => {
            return (record.ended_by? == EndedBy::Agreement)
                .then(|| "A draw was agreed.".to_string());
        }
    };
    let who = if loser == "AI" { "The AI" } else { loser };
    Some(match record.ended_by? {
        EndedBy::Time => crate::clock::time_ran_out(loser),
        EndedBy::Resignation => format!("{who} resigned."),
        EndedBy::Leaving => format!("{who} left the match."),
        EndedBy::Agreement => return None,
    })
}

impl Review {
    /// The review of `record` (a game of `game`), its positions in `board`.
    pub fn new(
        game: GameId,
        record: &MatchRecord,
        board: Box<dyn ReviewBoard>,
        method: String,
    ) -> Review {
        let moves = board.moves();
        let key = ReviewKey {
            game: record.game.clone(),
            start: record.start.clone(),
            moves: record.moves.clone(),
            method: method.clone(),
        };
        Review {
            game,
            names: [record.seats[0].name.clone(), record.seats[1].name.clone()],
            human: record.human_seat(),
            method,
            reports: vec![None; moves.len() + 1],
            moves,
            board,
            ply: 0,
            ticket: 0,
            running: false,
            failed: None,
            inbox: Inbox::default(),
            key,
            unkept: false,
            restored: 0,
            given: 0,
            variant: None,
            ending: ending_of(record),
        }
    }

    /// The review with the game's variant in its header.
    pub fn with_variant(mut self, variant: Option<String>) -> Review {
        self.variant = variant;
        self
    }

    /// The review with its first `given` moves those of the start asked for: it opens
    /// on the position they lead to, and judges none of them.
    pub fn with_given(mut self, given: usize) -> Review {
        self.given = given.min(self.moves.len());
        self.ply = self.given;
        self
    }

    /// What this review's analysis depends on: the key it is kept under.
    pub fn key(&self) -> &ReviewKey {
        &self.key
    }

    /// Puts back the analysis kept from an earlier review of this game (before its job
    /// is taken: the job then analyses only the plies missing). Reports that do not
    /// belong (another length, a ply out of place) are not used.
    pub fn restore(&mut self, kept: Vec<Option<PlyReport>>) {
        if kept.len() != self.reports.len() {
            return;
        }
        let in_place = kept
            .iter()
            .enumerate()
            .all(|(ply, r)| r.as_ref().is_none_or(|r| r.ply == ply));
        if in_place {
            self.restored = kept.iter().filter(|r| r.is_some()).count();
            self.reports = kept;
        }
    }

    /// How many plies came from an earlier review rather than this one's analysis.
    pub fn restored(&self) -> usize {
        self.restored
    }

    /// The analysis so far, once, when plies came in since it was last kept.
    pub fn take_unkept(&mut self) -> Option<Vec<Option<PlyReport>>> {
        std::mem::take(&mut self.unkept).then(|| self.reports.clone())
    }

    pub fn game(&self) -> GameId {
        self.game
    }

    /// The position shown: after this many moves.
    pub fn ply(&self) -> usize {
        self.ply
    }

    /// The analysis of the whole game, as a job for the solver thread, once.
    pub fn take_job(&mut self) -> Option<Job> {
        let done: Vec<bool> = self.reports.iter().map(Option::is_some).collect();
        if done.iter().all(|&d| d) {
            return None;
        }
        self.board.take_job(self.inbox.outbox(), done)
    }

    pub fn requested(&mut self, ticket: u64) {
        self.ticket = ticket;
        self.running = true;
    }

    /// True while the analysis runs.
    pub fn running(&self) -> bool {
        self.running
    }

    /// The solver has news: the plies analysed so far come in (those of a stale
    /// ticket are dropped).
    pub fn progress(&mut self, _ticket: u64) {
        for (ticket, report) in self.inbox.drain() {
            if ticket == self.ticket
                && let Some(slot) = self.reports.get_mut(report.ply)
            {
                *slot = Some(report);
                self.unkept = true;
            }
        }
    }

    pub fn finished(&mut self, ticket: u64) {
        self.progress(ticket);
        if ticket == self.ticket {
            self.running = false;
        }
    }

    pub fn failed(&mut self, ticket: u64, reason: String) {
        if ticket == self.ticket || ticket == 0 {
            self.running = false;
            self.failed = Some(reason);
        }
    }

    /// The analysis of the position after `ply` moves, once it is in.
    pub fn report(&self, ply: usize) -> Option<&PlyReport> {
        self.reports.get(ply).and_then(Option::as_ref)
    }

    /// How many positions are analysed so far.
    pub fn analysed(&self) -> usize {
        self.reports.iter().filter(|r| r.is_some()).count()
    }

    /// Whether move `index` (0-based) was a turning point, and why.
    pub fn turn_at(&self, index: usize) -> Option<Turn> {
        if index < self.given {
            return None;
        }
        plies::turn(self.report(index)?, self.report(index + 1)?)
    }

    /// The 0-based indices of the moves that were turning points, as far as analysed.
    pub fn turning_points(&self) -> Vec<usize> {
        (0..self.moves.len())
            .filter(|&i| self.turn_at(i).is_some())
            .collect()
    }

    pub fn handle(&mut self, action: Action) -> ReviewOutcome {
        let last = self.moves.len();
        match action {
            Action::Left if self.ply == 0 => return ReviewOutcome::Said(AT_THE_START),
            Action::Right if self.ply == last => return ReviewOutcome::Said(AT_THE_END),
            Action::Left => self.ply -= 1,
            Action::Right => self.ply += 1,
            Action::PageUp => self.ply = 0,
            Action::PageDown => self.ply = last,
            // A turning point at move i is shown on the position it led to, i + 1.
            Action::Down => {
                match self
                    .turning_points()
                    .into_iter()
                    .find(|&i| i + 1 > self.ply)
                {
                    Some(i) => self.ply = i + 1,
                    None => return ReviewOutcome::Said(self.no_turning_point(NO_TURN_AFTER)),
                }
            }
            Action::Up => {
                match self
                    .turning_points()
                    .into_iter()
                    .rev()
                    .find(|&i| i + 1 < self.ply)
                {
                    Some(i) => self.ply = i + 1,
                    None => return ReviewOutcome::Said(self.no_turning_point(NO_TURN_BEFORE)),
                }
            }
            Action::Back => return ReviewOutcome::Back,
            Action::Help => return ReviewOutcome::Help,
            Action::Quit => return ReviewOutcome::Quit,
            _ => {}
        }
        ReviewOutcome::Stay
    }

    /// Why ↑↓ found no turning point: `none` (after or before this move), or that the
    /// analysis has not reached the rest of the game yet.
    fn no_turning_point(&self, none: &'static str) -> &'static str {
        if self.running() { NO_TURN_YET } else { none }
    }

    fn name(&self, seat: Seat) -> &str {
        &self.names[seat.index()]
    }

    /// The seat as the prediction's sentences name it: "you" for the person (not
    /// "You" mid-sentence beside "you win"), else the seat's name.
    fn who(&self, seat: Seat) -> &str {
        if self.human == Some(seat) {
            "you"
        } else {
            self.name(seat)
        }
    }

    /// "you win", "the AI wins", "Player 2 wins".
    fn wins(&self, seat: Seat) -> String {
        if self.human == Some(seat) {
            "you win".to_string()
        } else {
            format!("{} wins", self.name(seat))
        }
    }

    /// What the analysis says of the position after `ply` moves, in words.
    fn prediction_text(&self, report: &PlyReport) -> String {
        let distance = match report.verdict.plies() {
            Some(0) | None => String::new(),
            Some(n) => format!(" in {n}"),
        };
        let how = if report.exact {
            String::new()
        } else if report.nodes == Some(0) {
            // Known without a search: the opening book's values.
            format!(" (book, {} moves)", report.depth)
        } else {
            // "(11 moves ahead)" read as the player being ahead by 11 moves.
            format!(" (searched {} moves ahead)", report.depth)
        };
        let even_within = self.game.kind().even_within();
        if let Some(score) = report.score.filter(|_| report.best.is_some()) {
            let (leader, margin) = if score >= 0 {
                (report.mover, score)
            } else {
                (report.mover.other(), -score)
            };
            return match (margin, report.exact) {
                (0, _) if report.verdict == Verdict::Draw => "a draw".to_string(),
                (0, true) => "a draw".to_string(),
                // The opening book's value (no search now) of a level position: the
                // draw its searches predict, as the game's panel says.
                (0, false) if report.nodes == Some(0) => format!("a draw{how}"),
                (0, false) => format!("even{how}"),
                // As the game's own panel reads an estimate: a margin whose sign
                // changes from one search to the next is about even.
                (m, false) if m <= even_within => {
                    format!("about even, {} +{m}{how}", self.who(leader))
                }
                (m, true) => format!("{} by {m}{distance}", self.wins(leader)),
                (m, false) => format!("{} ahead by about {m}{how}", self.who(leader)),
            };
        }
        match (report.winner(), report.verdict) {
            // The game is over: its result, the score where it has one ("Black won
            // by 16").
            (Some(w), _) if report.best.is_none() => {
                let won = if self.human == Some(w) {
                    "you won".to_string()
                } else {
                    format!("{} won", self.name(w))
                };
                match report.score {
                    Some(score) if score != 0 => format!("{won} by {}", score.abs()),
                    _ => won,
                }
            }
            (Some(w), _) => format!("{}{distance}", self.wins(w)),
            (None, Verdict::Draw) => "a draw".to_string(),
            _ => format!("unknown{how}"),
        }
    }

    /// A move's value to its mover: "win in 9", "a draw", "+4".
    fn value_text(valued: &plies::Valued) -> String {
        if let Some(score) = valued.score {
            return format!("{score:+}");
        }
        match valued.verdict {
            Verdict::Win { plies: Some(n) } => format!("win in {n}"),
            Verdict::Loss { plies: Some(n) } => format!("loss in {n}"),
            Verdict::Win { .. } => "a win".to_string(),
            Verdict::Loss { .. } => "a loss".to_string(),
            Verdict::Draw => "a draw".to_string(),
            _ => "unknown".to_string(),
        }
    }

    /// "move 14, d3: this threw the win away; c5 kept it (win in 9)".
    pub fn move_text(&self, index: usize) -> Option<String> {
        let mv = self.moves.get(index)?;
        let head = format!("move {}, {mv}", index + 1);
        if index < self.given {
            return Some(format!(
                "{head}: from the move list the game started from, not judged"
            ));
        }
        let (Some(before), Some(after)) = (self.report(index), self.report(index + 1)) else {
            return Some(format!("{head}: analysing…"));
        };
        let Some(best) = before.best.as_ref() else {
            return Some(format!("{head}."));
        };
        let mut value = Self::value_text(best);
        // A margin or a win or loss is the mover's: say whose, as the lines alternate
        // between the sides ("-2 for the AI" beside the player's "+4 for you", "loss
        // in 13 for Ann").
        if best.score.is_some() || best.verdict.is_loss() || best.verdict.is_win() {
            let who = if self.human == Some(before.mover) {
                "you".to_string()
            } else {
                self.name(before.mover).to_string()
            };
            value = format!("{value} for {who}");
        }
        // Every move as good as the best, not only the one the search named.
        let tied = |and_or| listed(&before.best_moves, and_or);
        let text = match self.turn_at(index) {
            Some(Turn::Threw {
                before: "win",
                after: "loss",
            }) => format!(
                "{head}: this threw the win away; {} kept it ({value})",
                tied("or")
            ),
            Some(Turn::Threw { before: "win", .. }) => format!(
                "{head}: this let the win slip to a draw; {} kept it ({value})",
                tied("or")
            ),
            Some(Turn::Threw { .. }) => {
                format!(
                    "{head}: this lost the draw; {} held it ({value})",
                    tied("or")
                )
            }
            // An estimate (not solved to the end) says so: two searches of different
            // depths differ by a few discs, and a play-tester read "cost 5" beside
            // "+64" in the game's own hints as the program contradicting itself.
            Some(Turn::Cost(discs)) if !before.exact => format!(
                "{head}: by the review's longer search this cost about {discs} discs; {} \
                 was best ({value})",
                tied("or")
            ),
            Some(Turn::Cost(discs)) => {
                format!(
                    "{head}: this cost {discs} discs; {} was best ({value})",
                    tied("or")
                )
            }
            None if before.played_best() => Self::best_played_text(&head, mv, before, best, &value),
            None => match before.cost(after) {
                Some(cost) => {
                    if cost > 0 {
                        format!(
                            "{head}: {cost} disc behind the best, {} ({value})",
                            tied("or")
                        )
                    } else {
                        format!("{head}: as good as the best, {} ({value})", tied("or"))
                    }
                }
                // The best of lost moves is the AI's choice (the most traps first, see
                // `solve::policy`), not always the longest loss: "held out longest"
                // was not true of every game.
                _ if before.verdict.is_loss() => format!(
                    "{head}: every move loses here; the best was {} ({value})",
                    tied("or")
                ),
                _ => match plies::prospect(before.verdict) {
                    Some(kept) => format!(
                        "{head}: kept the {kept}; the best was {} ({value})",
                        tied("or")
                    ),
                    // Unsolved before the move: nothing was kept or lost that the
                    // review knows of ("kept the result; the best was h (unknown)"
                    // stood above "Now: AI wins").
                    None => format!(
                        "{head}: not solved before it in the review's time; the \
                         search's pick was {}",
                        tied("or")
                    ),
                },
            },
        };
        Some(text)
    }

    /// The text for a best move `mv`, worth `value`: alone, one of several equal ones,
    /// or one of a position where every move is worth the same.
    fn best_played_text(
        head: &str,
        mv: &str,
        before: &PlyReport,
        best: &plies::Valued,
        value: &str,
    ) -> String {
        // A forced move (Othello's pass) is not a choice to praise.
        if before.choices == 1 {
            return format!("{head}: the only move ({value})");
        }
        if before.all_tie() {
            let distance = before
                .verdict
                .plies()
                .map_or(String::new(), |n| format!(" in {n}"));
            return match before.verdict {
                Verdict::Loss { .. } => format!("{head}: every move loses here{distance}"),
                Verdict::Win { .. } => format!("{head}: every move wins here{distance}"),
                Verdict::Draw => format!("{head}: every move draws here"),
                _ => format!("{head}: every move is as good here ({value})"),
            };
        }
        // In a lost position the best move is the one with the most traps, which may
        // lose sooner against perfect play than the longest defence the position is
        // valued by ("loses in 15" beside "a best move (loss in 13)" read as a
        // contradiction: play-test finding).
        if let (
            Verdict::Loss {
                plies: Some(longest),
            },
            Verdict::Loss { plies: Some(n) },
        ) = (before.verdict, best.verdict)
            && n < longest
        {
            return format!(
                "{head}: every move loses here; this one sets the most traps ({value}; the \
                 longest defence holds out {longest})"
            );
        }
        let others: Vec<String> = before
            .best_moves
            .iter()
            .filter(|m| *m != mv)
            .cloned()
            .collect();
        if others.is_empty() {
            format!("{head}: the best move ({value})")
        } else {
            format!(
                "{head}: a best move ({value}), as good as {}",
                listed(&others, "and")
            )
        }
    }
}

/// Moves in a sentence: "c5", "c5 or e3", "c5, e3 or f6", "c5, e3 or 3 others".
fn listed(moves: &[String], and_or: &str) -> String {
    match moves {
        [] => String::new(),
        [one] => one.clone(),
        [rest @ .., last] if moves.len() <= 3 => format!("{} {and_or} {last}", rest.join(", ")),
        // "c1, e2 or one of 3 others was best" ("or 3 others was best" read wrong).
        [a, b, rest @ ..] if and_or == "or" => {
            format!("{a}, {b} or one of {} others", rest.len())
        }
        [a, b, rest @ ..] => format!("{a}, {b} {and_or} {} others", rest.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::ending_of;
    use crate::store::record::test_records::vs_ai;
    use crate::store::{EndedBy, ResultRecord};

    #[test]
    fn a_long_list_of_best_moves_reads_as_one_of_them() {
        let moves: Vec<String> = ["c1", "e2", "f3", "g4", "h5"].map(String::from).to_vec();
        assert_eq!(super::listed(&moves, "or"), "c1, e2 or one of 3 others");
        assert_eq!(super::listed(&moves, "and"), "c1, e2 and 3 others");
        assert_eq!(super::listed(&moves[..3], "or"), "c1, e2 or f3");
    }

    #[test]
    fn an_ending_outside_the_rules_is_said_of_the_loser() {
        // The person moves first: seat 0 is "You", seat 1 "AI".
        let mut r = vs_ai("nim", "perfect", true, ResultRecord::First);
        assert_eq!(ending_of(&r), None, "ended by the rules");
        r.ended_by = Some(EndedBy::Time);
        assert_eq!(ending_of(&r).as_deref(), Some("The AI's time ran out."));
        r.result = Some(ResultRecord::Second);
        assert_eq!(ending_of(&r).as_deref(), Some("Your time ran out."));
        r.ended_by = Some(EndedBy::Resignation);
        assert_eq!(ending_of(&r).as_deref(), Some("You resigned."));
        r.ended_by = Some(EndedBy::Leaving);
        assert_eq!(ending_of(&r).as_deref(), Some("You left the match."));
        r.result = Some(ResultRecord::Draw);
        assert_eq!(ending_of(&r), None, "a draw by the rules");
        r.ended_by = Some(EndedBy::Agreement);
        assert_eq!(ending_of(&r).as_deref(), Some("A draw was agreed."));
    }
}
