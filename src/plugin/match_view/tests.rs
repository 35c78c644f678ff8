//! The match view's own tests: the voice and the outlook, the move list's marks.
use super::*;
use crate::game::nim::{Ending, Nim, NimMove};
use crate::matchup::Difficulty;
use crate::matchup::{FirstMover, Mode};
use crate::plugin::screen::SolverLink;
use crate::solve::analyst::{FnAnalyst, Query};
use crate::solve::{Analysis, Verdict};
use crate::ui::theme::Theme;
use rand::SeedableRng;

/// Nim 3,4,5 with you first, against the perfect AI or between two people.
fn nim_view(mode: Mode) -> MatchView<Nim> {
    let mut rng = crate::seeds::GameRng::seed_from_u64(1);
    let matchup = MatchSetup {
        mode,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        clock: None,
    };
    let analyst = SharedAnalyst::new(FnAnalyst(crate::solve::nim::analyse));
    MatchView::new(
        Nim::new(vec![3, 4, 5], Ending::Normal),
        &matchup,
        0,
        analyst,
        &mut rng,
    )
}

fn proven_win() -> Analysis<crate::game::nim::NimMove> {
    Analysis {
        best: None,
        verdict: Verdict::Win { plies: Some(3) },
        score: None,
        pv: Vec::new(),
        moves: Vec::new(),
        depth: 3,
        nodes: 1,
        exact: true,
    }
}

fn unproven(score: i32) -> Analysis<crate::game::nim::NimMove> {
    Analysis {
        best: None,
        verdict: Verdict::Unknown,
        score: Some(score),
        pv: Vec::new(),
        moves: Vec::new(),
        depth: 14,
        nodes: 1,
        exact: false,
    }
}

/// The voice says what the prediction says ("Too early to tell who wins." stood
/// beside "White ahead by about 43"), and follows it when it changes, up to a proof.
#[test]
fn the_voice_follows_the_outlook_until_a_proof() {
    let mut view = nim_view(Mode::VsAi);
    view.set_even_within(2);
    view.analysis_requested(1);
    // You are to move: +43 for the mover is you ahead.
    view.receive_analysis(1, unproven(43));
    assert_eq!(view.outlook(), Outlook::Ahead(Seat::First, 43));
    assert_eq!(view.voice, "You look ahead; nothing is proven yet.");
    view.receive_analysis(1, unproven(-2));
    assert_eq!(view.outlook(), Outlook::Even);
    assert_eq!(view.voice, "Looks even to me; nothing is proven yet.");
    view.receive_analysis(1, unproven(-9));
    assert_eq!(view.voice, "I think I'm ahead; nothing is proven yet.");
    // The proof arrives: the AI wins from here, and says so.
    view.receive_analysis(
        1,
        Analysis {
            verdict: Verdict::Loss { plies: Some(4) },
            exact: true,
            ..unproven(-9)
        },
    );
    assert_eq!(view.outlook(), Outlook::Wins(Seat::Second));
    assert!(
        [
            "I can force a win from here.",
            "I see a forced win.",
            "With best play this one is mine."
        ]
        .contains(&view.voice.as_str()),
        "{}",
        view.voice
    );
}

/// The move's own analysis did not rank it, so it was not marked when played; the
/// next proof shows the win changed hands, and the move is marked then.
#[test]
fn the_move_that_lost_a_proven_win_is_marked_when_the_proof_arrives() {
    let mut view = nim_view(Mode::VsAi);
    view.analysis_requested(1);
    view.receive_analysis(1, proven_win());
    let mv = view.session.position().legal_moves()[0];
    assert!(view.play(mv));
    assert!(!view.session.history()[0].mistake);
    view.analysis_requested(2);
    view.receive_analysis(2, proven_win());
    assert!(
        view.session.history()[0].mistake,
        "you had it; now the AI does"
    );
}

/// A narrow move list keeps a mistake's mark and drops its word ("✗ mist" was cut
/// in Othello's panel at 80 columns); a wide one keeps the word.
#[test]
fn a_narrow_move_list_keeps_the_mistake_mark_whole() {
    let mut view = nim_view(Mode::TwoPlayers);
    let first = view.session.position().legal_moves()[0];
    assert!(view.play(first));
    view.session.mark_last_move_of(Seat::First);
    let theme = Theme::new(&crate::config::Config::default().colors, true);
    let draw = |width: u16| -> String {
        let backend = ratatui::backend::TestBackend::new(width, 5);
        let Ok(mut terminal) = ratatui::Terminal::new(backend);
        let drawn = terminal.draw(|frame| {
            view.render_moves(frame, frame.area(), &theme, |m| m.mv.to_string());
        });
        assert!(drawn.is_ok());
        let buffer = terminal.backend().buffer().clone();
        buffer.content().iter().map(|c| c.symbol()).collect()
    };
    let narrow = draw(28);
    assert!(narrow.contains('✗') && !narrow.contains("mist"), "{narrow}");
    assert!(draw(40).contains("✗ mistake"));
}

/// The spoiler switch hides a mistake's mark (it tells the position was won) until
/// the game is over; every move list asks `mistake_shown` (Pnut-Butta's own list too).
#[test]
fn hidden_spoilers_hide_the_mistake_marks_until_the_end() {
    let mut view = nim_view(Mode::TwoPlayers);
    let first = view.session.position().legal_moves()[0];
    assert!(view.play(first));
    view.session.mark_last_move_of(Seat::First);
    let marked = |v: &MatchView<Nim>| v.mistake_shown(&v.session.history()[0]);
    assert!(marked(&view));
    view.spoilers = false;
    assert!(!marked(&view));
    while let Some(&mv) = view.session.position().legal_moves().first() {
        assert!(view.play(mv));
    }
    assert!(view.session.is_over());
    assert!(marked(&view), "the game is over: nothing left to spoil");
}

/// `u` with nothing to take back says so, whoever plays (it was silent between two
/// people, and after a game whose only move of yours was a forced pass).
#[test]
fn undo_with_nothing_to_take_back_says_so() {
    let theme = Theme::new(&crate::config::Config::default().colors, false);
    let line = |v: &MatchView<Nim>| -> String {
        v.voice_line(&theme)
            .spans
            .iter()
            .map(|s| s.content.to_string())
            .collect()
    };
    let mut two = nim_view(Mode::TwoPlayers);
    assert!(!two.undo());
    assert_eq!(line(&two), "Nothing to undo.");
    let mut vs_ai = nim_view(Mode::VsAi);
    assert!(!vs_ai.undo());
    assert_eq!(line(&vs_ai), "Nothing of yours to take back yet.");
}

/// The game-over box counts the passes among the moves (an Othello game of 72 moves had
/// 12 passes: 60 squares).
#[test]
fn the_moves_played_say_how_many_were_passes() {
    use crate::game::othello::{Othello, OthelloMove};
    let mut session = Session::new(
        Othello::new(),
        [Player::Human, Player::Human],
        ["Player 1".into(), "Player 2".into()],
        0,
    );
    // Black has no move after these (the pass test of the screens).
    for mv in ["d3", "c3", "e6", "d2", "d1", "e1", "b2", "c1"] {
        let m = session
            .position()
            .legal_moves()
            .into_iter()
            .find(|m| m.to_string() == mv)
            .expect("legal");
        session.play(m).expect("played");
    }
    assert_eq!(super::moves_played(session.history(), 0), "8 moves played.");
    assert_eq!(session.position().legal_moves(), [OthelloMove::Pass]);
    session.play(OthelloMove::Pass).expect("the pass");
    assert_eq!(
        super::moves_played(session.history(), 0),
        "9 moves played, 1 of them a pass."
    );
}

/// "Taking it back? Fine." and "All right, I'll move." are words on a moment: the next
/// move ends them (one stayed 30 moves).
#[test]
fn the_starts_moves_are_no_ones_and_not_counted() {
    let mut view = nim_view(Mode::TwoPlayers);
    let moves = view.session.position().legal_moves();
    let given = [moves[0], moves[1]];
    view.play_given(&given);
    assert_eq!(view.given_played(), 2);
    let next = view.session.position().legal_moves()[0];
    view.session.play(next).expect("legal");
    let theme = Theme::new(&crate::config::Config::default().colors, false);
    let lines: Vec<String> = view
        .move_lines(&theme, 10, |m| m.mv.to_string())
        .iter()
        .map(|l| l.to_string())
        .collect();
    assert!(
        lines[0].contains("start") && lines[1].contains("start"),
        "{lines:?}"
    );
    assert!(lines[2].contains("Player 1"), "{lines:?}");
    assert_eq!(
        super::moves_played(view.session.history(), view.given_played()),
        "1 move played after the start's 2."
    );
    // Taken back into the start and played otherwise: the rest is the players'.
    assert!(view.undo() && view.undo());
    let other = view
        .session
        .position()
        .legal_moves()
        .into_iter()
        .find(|m| *m != given[1])
        .expect("another move");
    view.session.play(other).expect("legal");
    assert_eq!(view.given_played(), 1);
}

#[test]
fn a_word_on_a_moment_ends_with_the_next_move() {
    use crate::game::nim::NimMove;
    let mut view = nim_view(Mode::VsAi);
    assert!(view.play(NimMove { pile: 0, take: 1 }));
    assert!(view.play(NimMove { pile: 1, take: 1 }));
    assert!(view.undo());
    assert_eq!(view.voice, "Taking it back? Fine.");
    assert!(view.play(NimMove { pile: 2, take: 1 }));
    assert_eq!(view.voice, "", "the undo's word is over");
    view.voice = super::MOVE_NOW_LINE.into();
    assert!(view.play(NimMove { pile: 1, take: 1 }));
    assert_eq!(view.voice, "");
}

/// The match's job runs on a real solver thread: its analysis comes back typed through
/// the match's inbox when the app passes on the news; an analysis of a ticket the
/// board no longer waits for is dropped.
#[test]
fn the_solver_threads_analysis_reaches_the_view_and_a_stale_one_is_dropped() {
    use crate::solve::worker::{SolverMsg, SolverThread};
    let (tx, rx) = crossbeam_channel::unbounded();
    let solver = SolverThread::spawn(move |m| {
        let _ = tx.send(m);
    })
    .expect("a solver thread");
    let run = |view: &mut MatchView<Nim>| {
        let Some(job) = view.take_job() else {
            panic!("a new position asks for analysis");
        };
        let ticket = solver.submit(job);
        view.analysis_requested(ticket);
        // Wait for the end without passing the news on.
        loop {
            match rx.recv_timeout(std::time::Duration::from_secs(60)) {
                Ok(SolverMsg::Finished { ticket: t }) if t == ticket => return ticket,
                Ok(SolverMsg::Failed { reason, .. }) => panic!("{reason}"),
                Ok(_) => {}
                Err(e) => panic!("no notice: {e}"),
            }
        }
    };
    // Stale: the board asked again (as after a move) before the news was passed on.
    let mut view = nim_view(Mode::TwoPlayers);
    let ticket = run(&mut view);
    view.analysis_requested(ticket + 1);
    view.news(ticket);
    assert!(view.session.analysis().is_none());
    // Current: 3,4,5 is a win for the mover, found by the solver thread.
    let mut view = nim_view(Mode::TwoPlayers);
    let ticket = run(&mut view);
    view.news(ticket);
    assert_eq!(
        view.session.analysis().map(|a| a.verdict.is_win()),
        Some(true)
    );
    assert!(view.take_job().is_none(), "asked once per position");
}

/// A move taken back and played again by redo keeps its "✗ mistake" mark.
#[test]
fn redo_keeps_a_mistakes_mark() {
    let mut view = nim_view(Mode::TwoPlayers);
    let first = view.session.position().legal_moves()[0];
    assert!(view.play(first));
    view.session.mark_last_move_of(Seat::First);
    assert!(view.undo());
    assert!(view.redo());
    assert!(view.session.history()[0].mistake, "redone with its mark");
}

/// An analyst that answers only when told to stop (as Pnut-Butta's proofs report their
/// move at the end of the time): "move now" must stop it, or the AI plays nothing
/// until its time runs out.
struct AnswersWhenStopped {
    stopped: Arc<AtomicBool>,
}

impl crate::solve::analyst::Analyst<Nim> for AnswersWhenStopped {
    fn analyse(
        &mut self,
        query: &Query<Nim>,
        stop: &dyn Fn() -> bool,
        report: &mut dyn FnMut(Analysis<NimMove>),
    ) {
        // Up to a minute: long enough that only a stop ends it within the test.
        for _ in 0..6000 {
            if stop() {
                self.stopped.store(true, Ordering::Relaxed);
                let mut best = crate::solve::nim::analyse(&query.position);
                best.exact = false;
                report(best);
                return;
            }
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
    }
}

/// "Move now" stops the search that is running (it answers with what it has) and the
/// AI plays at the next tick.
#[test]
fn move_now_stops_a_search_that_answers_only_at_its_end() {
    use crate::solve::worker::{SolverMsg, SolverThread};
    let (tx, rx) = crossbeam_channel::unbounded();
    let solver = SolverThread::spawn(move |m| {
        let _ = tx.send(m);
    })
    .expect("a solver thread");
    let stopped = Arc::new(AtomicBool::new(false));
    let mut rng = crate::seeds::GameRng::seed_from_u64(1);
    let matchup = MatchSetup {
        mode: Mode::VsAi,
        first: FirstMover::Ai,
        difficulty: Difficulty::Perfect,
        clock: None,
    };
    let analyst = SharedAnalyst::new(AnswersWhenStopped {
        stopped: Arc::clone(&stopped),
    });
    let mut view = MatchView::new(
        Nim::new(vec![3, 4, 5], Ending::Normal),
        &matchup,
        0,
        analyst,
        &mut rng,
    );
    assert!(view.session.ai_to_move());
    let job = view
        .take_job()
        .expect("the AI's position asks for analysis");
    let ticket = solver.submit(job);
    view.analysis_requested(ticket);
    view.move_now();
    assert_eq!(view.voice, MOVE_NOW_LINE);
    loop {
        match rx.recv_timeout(std::time::Duration::from_secs(60)) {
            Ok(SolverMsg::Finished { ticket: t }) if t == ticket => break,
            Ok(SolverMsg::Failed { reason, .. }) => panic!("{reason}"),
            Ok(_) => {}
            Err(e) => panic!("no notice: {e}"),
        }
    }
    assert!(
        stopped.load(Ordering::Relaxed),
        "the search was told to stop"
    );
    view.finished(ticket);
    let mv = view.session.tick(0, &mut rng);
    assert!(mv.is_some(), "the AI plays at once");
}

/// Against the AI, a move taken back while the game is on and a move of the person's
/// with the hints on are kept as aids (the rating leaves such a game out); between two
/// people neither is, nor a move taken back once the game is over (the first ending is
/// the one kept), nor hints on while only the AI moves.
#[test]
fn undo_and_hints_against_the_ai_are_aids() {
    let mut view = nim_view(Mode::VsAi);
    assert!(view.rating.aids.none());
    assert!(view.play(NimMove { pile: 0, take: 1 }));
    // The AI's move with the hints on: no help to the person.
    view.hints = true;
    assert!(view.play(NimMove { pile: 1, take: 1 }));
    view.hints = false;
    assert!(view.rating.aids.none(), "playing is no help");
    assert!(view.undo());
    assert!(view.rating.aids.undo && !view.rating.aids.hints);
    view.hints = true;
    assert!(view.play(NimMove { pile: 1, take: 1 }));
    assert!(view.rating.aids.hints);
    let mut two = nim_view(Mode::TwoPlayers);
    two.hints = true;
    assert!(two.play(NimMove { pile: 0, take: 1 }));
    assert!(two.undo());
    assert!(two.rating.aids.none(), "{:?}", two.rating.aids);
    // Taken back once over: the ending kept is the first.
    let mut over = nim_view(Mode::VsAi);
    for (pile, take) in [(0, 3), (1, 4), (2, 5)] {
        assert!(over.play(NimMove { pile, take }));
    }
    assert!(over.session.is_over());
    assert!(over.undo());
    assert!(over.rating.aids.none(), "{:?}", over.rating.aids);
    // The winning move itself, made with the hints on, counts.
    over.hints = true;
    assert!(over.play(NimMove { pile: 2, take: 5 }));
    assert!(over.session.is_over());
    assert!(over.rating.aids.hints, "{:?}", over.rating.aids);
}

/// Hints turned on and off again on the person's turn still count for the move that
/// ends it (said when they go off, and in the moves panel's title at once); hints on
/// only while the AI moves do not.
#[test]
fn hints_seen_on_your_turn_count_for_your_move() {
    let mut view = nim_view(Mode::VsAi);
    view.hints = true;
    view.hints_turned_on();
    view.hints_shown_by_person();
    view.hints = false;
    view.hints_turned_off();
    assert_eq!(view.note, HINTS_SEEN_UNRATED);
    // The title agrees with the note at once (it said "rated" until the move).
    assert_eq!(view.moves_title(), "Moves · not rated");
    assert!(view.play(NimMove { pile: 0, take: 1 }));
    assert!(view.rating.aids.hints, "{:?}", view.rating.aids);
    // The note goes with the move; the moves panel keeps saying it.
    assert_eq!(view.note, "");
    assert_eq!(view.moves_title(), "Moves · not rated");
    // A fresh game: shown on the AI's turn only, the person's move is unaided.
    let mut other = nim_view(Mode::VsAi);
    assert!(other.play(NimMove { pile: 0, take: 1 }));
    other.hints_shown_by_person();
    assert!(other.play(NimMove { pile: 1, take: 1 }));
    assert!(other.play(NimMove { pile: 2, take: 1 }));
    assert!(other.rating.aids.none(), "{:?}", other.rating.aids);
    assert_eq!(other.moves_title(), "Moves");
}

/// Moves taken back and all redone, with no other move between, leave the game with
/// the aids it had; a move played instead keeps the undo.
#[test]
fn undo_redone_to_the_same_moves_is_no_aid() {
    let mut view = nim_view(Mode::VsAi);
    assert!(view.play(NimMove { pile: 0, take: 1 }));
    assert!(view.play(NimMove { pile: 1, take: 1 }));
    assert!(view.undo());
    assert!(view.rating.aids.undo);
    assert!(view.redo());
    assert!(view.rating.aids.none(), "{:?}", view.rating.aids);
    // Taken back, and another move played: the undo stands, redo or not.
    assert!(view.undo());
    assert!(view.play(NimMove { pile: 2, take: 1 }));
    assert!(!view.redo());
    assert!(view.rating.aids.undo, "{:?}", view.rating.aids);
}

/// A random start that was a proven loss for the player is said not rated during play
/// while the prediction is shown; hidden, the panel says nothing of it (it would tell
/// the player they are lost) until the game is over.
#[test]
fn a_drawn_loss_is_said_only_with_the_prediction_shown() {
    use crate::plugin::rating::rated::DRAWN_LOSS;
    let mut view = nim_view(Mode::VsAi);
    view.rating.counts = Some(Err(DRAWN_LOSS));
    assert_eq!(view.moves_title(), "Moves · not rated");
    assert_eq!(view.rating.why_not(), Some(DRAWN_LOSS));
    view.spoilers = false;
    assert_eq!(view.moves_title(), "Moves");
    let theme = crate::ui::theme::Theme::new(&Default::default(), true);
    assert!(view.why_not_rated_lines(&theme, 32).is_empty());
    // Another reason is no secret.
    view.rating.counts = Some(Err("the start was typed in."));
    assert_eq!(view.moves_title(), "Moves · not rated");
    assert!(!view.why_not_rated_lines(&theme, 32).is_empty());
}
