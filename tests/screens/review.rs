//! The review of a recorded game: the per-ply analysis against the solvers on
//! hand-played games, the turning points where hand-worked cases put them, the screen
//! (graph, move list, a marked turning point) by snapshots, and `parlor review`'s
//! errors from the real binary.

use crate::cli_harness as cli_run;

use std::time::Duration;

use parlor::config::{Config, FirstMover};
use parlor::game::chopsticks::Chopsticks;
use parlor::game::nim::{Ending, Nim};
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::wl::Wl;
use parlor::game::{Game, Seat};
use parlor::matchup::Difficulty;
use parlor::matchup::Mode;
use parlor::plugin::GameId;
use parlor::plugin::review::plies::Turn;
use parlor::solve::Analysis;
use parlor::solve::othello::{Engine, Limits};
use parlor::solve::worker::{SolverMsg, SolverThread};
use parlor::store::{MatchRecord, SeatRecord, Store};
use parlor::tui::app::Start;
use parlor::tui::harness::Harness;
use parlor::tui::review::Review;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use ratatui::crossterm::event::KeyCode;

fn config() -> Config {
    let mut c = Config::default();
    c.solver.table_mib = 16;
    c
}

/// A two-player game of `game` from `start` through `moves`.
fn record(game: GameId, start: &str, moves: &[String]) -> MatchRecord {
    let seat = |name: &str| SeatRecord {
        name: name.into(),
        ai: None,
    };
    MatchRecord {
        game: game.cli_name().into(),
        options: game.kind().options(&config()).to_json(),
        mode: Mode::TwoPlayers,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        level: "perfect".into(),
        from_position: None,
        start: start.into(),
        seats: [seat("Ann"), seat("Bob")],
        moves: moves.to_vec(),
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 1,
        started: "2026-11-23T10:00:00Z".into(),
        saved: "2026-11-23T10:05:00Z".into(),
        result: None,
        first_margin: None,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

/// The review of `record` with its analysis run to the end on a solver thread.
fn analysed(record: &MatchRecord) -> Review {
    let game = parlor::arcade::registry()
        .find(&record.game)
        .expect("a game");
    let plan = game.kind().review(record, &config()).expect("reviewable");
    let mut review = Review::new(plan.game, record, plan.board, plan.method);
    let (tx, rx) = crossbeam_channel::unbounded();
    let solver = SolverThread::spawn(move |m| {
        let _ = tx.send(m);
    })
    .expect("solver thread");
    let ticket = solver.submit(review.take_job().expect("a job"));
    review.requested(ticket);
    assert!(review.take_job().is_none(), "the analysis runs once");
    while review.running() {
        match rx
            .recv_timeout(Duration::from_secs(120))
            .expect("a message")
        {
            SolverMsg::Progress { ticket, .. } => review.progress(ticket),
            SolverMsg::Finished { ticket } => review.finished(ticket),
            SolverMsg::Failed { reason, .. } => panic!("the analysis failed: {reason}"),
        }
    }
    review
}

/// Each position's prediction in the review is the solver's on that position.
fn same_as_solver<G: Game>(
    review: &Review,
    start: G,
    moves: &[String],
    solve: impl Fn(&G) -> Analysis<G::Move>,
) {
    let mut position = start;
    for ply in 0..=moves.len() {
        let report = review.report(ply).expect("every ply analysed");
        assert_eq!(report.mover, position.to_move(), "ply {ply}");
        if position.outcome().is_none() {
            let a = solve(&position);
            assert_eq!(
                report.verdict,
                a.verdict,
                "ply {ply}: {}",
                position.position_text()
            );
            assert_eq!(report.score, a.score, "ply {ply}");
            // Shown as the game shows a move played from here.
            assert_eq!(
                report.best.as_ref().map(|b| b.text.clone()),
                a.best.map(|m| position.move_text(m))
            );
        }
        if let Some(text) = moves.get(ply) {
            let mv = position
                .legal_moves()
                .into_iter()
                .find(|m| m.to_string() == *text)
                .expect("a legal move");
            position.play(mv).expect("legal");
        }
    }
}

fn texts(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// Nim 3,4,5 by hand: Ann throws the win away at once (3,4,5 needs 1:2; 1:1 leaves
/// 2,4,5, nim-sum 3), and Bob plays perfectly from there: one turning point, move 1.
fn nim_game() -> (MatchRecord, Vec<String>) {
    let moves = texts(&["1:1", "1:1", "3:5", "2:3", "1:1", "2:1"]);
    (record(parlor::games::nim::ID, "3,4,5", &moves), moves)
}

#[test]
fn nim_every_ply_is_the_solvers_and_the_thrown_win_is_the_one_turning_point() {
    let (record, moves) = nim_game();
    let review = analysed(&record);
    same_as_solver(
        &review,
        Nim::new(vec![3, 4, 5], Ending::Normal),
        &moves,
        parlor::solve::nim::analyse,
    );
    assert_eq!(review.turning_points(), vec![0]);
    assert_eq!(
        review.turn_at(0),
        Some(Turn::Threw {
            before: "win",
            after: "loss"
        })
    );
    let text = review.move_text(0).expect("move 1");
    assert!(
        text.starts_with("move 1, 1:1: this threw the win away; 1:2 kept it (win in"),
        "{text}"
    );
    assert_eq!(review.report(0).and_then(|r| r.winner()), Some(Seat::First));
    assert_eq!(
        review.report(6).and_then(|r| r.winner()),
        Some(Seat::Second),
        "the end"
    );
    // Bob's moves were all best: no more turning points.
    assert!(
        review
            .move_text(1)
            .is_some_and(|t| t.contains("the best move"))
    );
}

#[test]
fn winners_and_losers_and_chopsticks_plies_are_the_solvers() {
    // The first legal move every time: whatever it throws away, the review must agree
    // with the solver on every position.
    let mut wl = Wl::new(parlor::game::wl::parse_letters("WLLWLWWL").expect("letters"));
    let start = wl.clone();
    let mut moves = Vec::new();
    while wl.outcome().is_none() {
        let mv = wl.legal_moves()[0];
        moves.push(mv.to_string());
        wl.play(mv).expect("legal");
    }
    let review = analysed(&record(
        parlor::games::wl::ID,
        &start.position_text(),
        &moves,
    ));
    same_as_solver(&review, start, &moves, parlor::solve::wl::analyse);

    let config = config();
    let setup = parlor::plugin::GameSetup::from_config(parlor::games::chopsticks::ID, &config);
    let start = parlor::games::chopsticks::screen::start_position(&setup).expect("start");
    let mut position: Chopsticks = start.clone();
    let mut moves = Vec::new();
    for _ in 0..8 {
        let Some(&mv) = position.legal_moves().first() else {
            break;
        };
        moves.push(mv.to_string());
        position.play(mv).expect("legal");
    }
    let review = analysed(&record(
        parlor::games::chopsticks::ID,
        &start.position_text(),
        &moves,
    ));
    same_as_solver(&review, start, &moves, parlor::solve::chopsticks::analyse);
}

fn exact(board: &Othello) -> Analysis<OthelloMove> {
    let mut engine = Engine::new(16);
    let mut last = None;
    engine.analyse(board, &Limits::exact(16), &|| false, &mut |a| {
        last = Some(a)
    });
    last.expect("an analysis")
}

/// An Othello endgame (10 empty squares, from seeded random play) where the mover's
/// worst move costs at least four discs; that move, then best play to the end.
fn othello_game() -> (MatchRecord, Othello, Vec<String>, i32) {
    for seed in 0.. {
        let mut rng = StdRng::seed_from_u64(seed);
        let mut board = Othello::new();
        while board.empty_count() > 10 && board.outcome().is_none() {
            let moves = board.legal_moves();
            board
                .play(moves[rng.random_range(0..moves.len())])
                .expect("legal");
        }
        if board.outcome().is_some() || board.legal_moves().len() < 3 {
            continue;
        }
        let best = exact(&board).score.expect("a score");
        let (worst, cost) = board
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let after = board.after(mv).expect("legal");
                (mv, best + exact(&after).score.expect("a score"))
            })
            .max_by_key(|&(_, cost)| cost)
            .expect("moves");
        if cost < 4 {
            continue;
        }
        let start = board;
        let mut moves = vec![worst.to_string()];
        board.play(worst).expect("legal");
        while board.outcome().is_none() {
            let mv = exact(&board).best.expect("a best move");
            moves.push(mv.to_string());
            board.play(mv).expect("legal");
        }
        let record = record(parlor::games::othello::ID, &start.position_text(), &moves);
        return (record, start, moves, cost);
    }
    unreachable!("some seed gives a costly move")
}

#[test]
fn othello_endgame_plies_are_exact_and_the_costly_move_is_marked() {
    let (record, start, moves, cost) = othello_game();
    let review = analysed(&record);
    same_as_solver(&review, start, &moves, exact);
    assert_eq!(review.turn_at(0), Some(Turn::Cost(cost)));
    assert_eq!(review.turning_points(), vec![0], "best play after it");
    let text = review.move_text(0).expect("move 1");
    assert!(text.contains(&format!("this cost {cost} discs")), "{text}");
    assert!(
        review
            .report(moves.len())
            .is_some_and(|r| r.exact && r.best.is_none())
    );
    // The same cost from a search that did not reach the end is said as an estimate:
    // the game's shorter hints may have valued the move otherwise.
    let mut review = review;
    let mut reports: Vec<_> = (0..=moves.len())
        .map(|ply| review.report(ply).cloned())
        .collect();
    if let Some(Some(first)) = reports.first_mut() {
        first.exact = false;
    }
    review.restore(reports);
    let text = review.move_text(0).expect("move 1");
    assert!(
        text.contains(&format!(
            "by the review's longer search this cost about {cost} discs"
        )),
        "{text}"
    );
}

/// The review of `record` at `w` x `h`, opened.
fn review_harness(record: MatchRecord, w: u16, h: u16) -> Harness {
    Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Review(Box::new(record)),
        w,
        h,
    )
}

/// The review on screen, after ↓ (the first turning point).
fn review_screen(record: MatchRecord, w: u16, h: u16) -> String {
    let mut h = review_harness(record, w, h);
    assert!(!h.app.analysing(), "the analysis finished");
    h.key(KeyCode::Down);
    h.screen()
}

#[test]
fn nim_review_snapshots_show_the_graph_and_the_turning_point() {
    let (record, _) = nim_game();
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = review_screen(record.clone(), w, h);
        for text in [
            "Review · Nim",
            "Who wins",
            "Move 1 of 6",
            "1:1 ✗ mistake",
            "this threw the win",
        ] {
            assert!(
                screen.contains(text),
                "{w}x{h}: {text:?} missing:\n{screen}"
            );
        }
        insta::assert_snapshot!(format!("review_nim_{w}x{h}"), screen);
    }
}

#[test]
fn othello_review_snapshots_show_the_graph_and_the_costly_move() {
    let (record, _, moves, cost) = othello_game();
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = review_screen(record.clone(), w, h);
        let marked = format!("{} ✗ -{cost}", moves[0]);
        for text in [
            "Review · Othello",
            "Disc margin",
            "Move 1 of",
            marked.as_str(),
            "exact from 20 empties",
        ] {
            assert!(
                screen.contains(text),
                "{w}x{h}: {text:?} missing:\n{screen}"
            );
        }
        insta::assert_snapshot!(format!("review_othello_{w}x{h}"), screen);
    }
    // Best play after the costly move: the last position, the game over, says the
    // result with its score (it said "Bob wins." without the discs).
    let line = |screen: &str, head: &str| {
        screen
            .lines()
            .find_map(|l| l.split('│').find(|cell| cell.starts_with(head)))
            .map(|cell| cell.trim_end().to_string())
    };
    let now = |screen: &str| line(screen, "Now: ");
    let after_move_1 = now(&review_screen(record.clone(), 80, 24)).expect("Now: line");
    assert!(after_move_1.contains(" wins by "), "{after_move_1}");
    let mut h = review_harness(record, 80, 24);
    h.key(KeyCode::PageDown);
    let end = h.screen();
    assert!(
        end.contains(&format!("Move {0} of {0}", moves.len())),
        "{end}"
    );
    let result = after_move_1
        .replace("Now: ", "Result: ")
        .replace(" wins by ", " won by ");
    assert_eq!(line(&end, "Result: "), Some(result), "{end}");
}

/// The board's part of a review: its box, above the text of the move.
fn review_board_part(screen: &str, width: usize) -> String {
    // The board's blank rows left out: the move's panel below takes as many rows as
    // its wrapped text needs, and the analysis (20 ms a move) words it as it finds.
    let blank = |l: &str| l.starts_with('│') && l.trim_matches(|c| c == '│' || c == ' ').is_empty();
    screen
        .lines()
        .take_while(|l| !l.starts_with("╭ Move") && !l.starts_with("╭ Start"))
        .map(|l| l.chars().take(width).collect::<String>())
        .filter(|l| !blank(l))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A game from the start along the Rose to the Rose-Birth, then e7 (on no list): the
/// review's board names the opening each position has reached.
#[test]
fn othello_review_names_the_opening_of_each_ply() {
    let moves: Vec<String> = "f5d6c5f4e3c6d3f6e6d7g3c4e7"
        .as_bytes()
        .chunks(2)
        .map(|m| String::from_utf8_lossy(m).into_owned())
        .collect();
    let record = record(
        parlor::games::othello::ID,
        &Othello::new().notation(),
        &moves,
    );
    for (w, h, cut) in [(80u16, 24u16, 44), (120, 40, 76)] {
        let mut fast = config();
        fast.solver.max_millis = 20;
        let mut harness = Harness::new(
            &parlor::arcade::registry(),
            fast,
            Start::Review(Box::new(record.clone())),
            w,
            h,
        );
        assert!(!harness.app.analysing(), "the analysis finished");
        harness.key(KeyCode::PageDown);
        let screen = harness.screen();
        assert!(screen.contains("Move 13 of 13"), "{screen}");
        assert!(screen.contains("Board · opening: Rose-Birth"), "{screen}");
        insta::assert_snapshot!(
            format!("review_othello_opening_{w}x{h}"),
            review_board_part(&screen, cut)
        );
        for (back, name) in [
            (1, "Rose-Birth"),
            (2, "Rose"),
            (9, "Rabbit"),
            (11, "Perpendicular"),
        ] {
            let mut stepped = String::new();
            for _ in 0..back {
                harness.key(KeyCode::Left);
            }
            stepped.push_str(&harness.screen());
            assert!(
                stepped.contains(&format!("Board · opening: {name} ")),
                "{back} back: {name}\n{stepped}"
            );
            for _ in 0..back {
                harness.key(KeyCode::Right);
            }
        }
        harness.key(KeyCode::PageUp);
        assert!(
            harness.screen().contains("╭ Board ─"),
            "the start has no name"
        );
    }
}

#[test]
fn keys_step_jump_and_go_back_to_the_menu() {
    let (record, _) = nim_game();
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Review(Box::new(record)),
        80,
        24,
    );
    assert!(h.screen().contains("Start · 6 moves"));
    h.key(KeyCode::Left);
    assert!(
        h.screen()
            .contains("This is the start: → steps through the moves."),
        "{}",
        h.screen()
    );
    h.key(KeyCode::PageDown);
    assert!(h.screen().contains("Move 6 of 6"));
    h.key(KeyCode::Right);
    assert!(h.screen().contains("Move 6 of 6"));
    assert!(
        h.screen().contains("This is the end of the game"),
        "{}",
        h.screen()
    );
    h.key(KeyCode::Left);
    assert!(h.screen().contains("Move 5 of 6"));
    h.key(KeyCode::Up);
    assert!(
        h.screen().contains("Move 1 of 6"),
        "back to the turning point"
    );
    // No other turning point: ↑ and ↓ say so rather than do nothing.
    h.key(KeyCode::Up);
    let none = h.screen();
    assert!(none.contains("Move 1 of 6"), "{none}");
    assert!(
        none.contains("No turning point before this move."),
        "{none}"
    );
    h.key(KeyCode::Down);
    let none = h.screen();
    assert!(none.contains("No turning point after this move."), "{none}");
    h.key(KeyCode::PageUp);
    assert!(h.screen().contains("Start · 6 moves"));
    // ? says how to read a review (then the rules), and Esc closes it, not the review.
    h.key(KeyCode::Char('?'));
    let help = h.screen();
    for text in ["Reading a review", "turning point", "Now:"] {
        assert!(help.contains(text), "{text:?} missing:\n{help}");
    }
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Start · 6 moves"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("two-player strategy games"), "the menu");
}

/// A game played to the end in the arcade, then `v` on its game-over box: the review
/// of that game; Esc goes back to the game.
#[test]
fn the_review_key_opens_the_finished_game_and_esc_returns_to_it() {
    let config = config();
    let mut setup = parlor::plugin::GameSetup::from_config(parlor::games::nim::ID, &config);
    setup.matchup.mode = Mode::TwoPlayers;
    setup.position = Some("1,2".into());
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config,
        Start::Game(setup),
        80,
        24,
    );
    // Ann takes pile 1 (the losing move), Bob takes pile 2.
    h.key(KeyCode::Enter);
    h.key(KeyCode::Left);
    h.key(KeyCode::Enter);
    let over = h.screen();
    assert!(over.contains("v review the game"), "{over}");
    h.key(KeyCode::Char('v'));
    let screen = h.screen();
    assert!(screen.contains("Review · Nim"), "{screen}");
    h.key(KeyCode::Down);
    assert!(h.screen().contains("threw the win away"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert!(
        h.screen().contains("Game over"),
        "back on the finished game"
    );
}

#[test]
fn parlor_review_without_history_or_out_of_range_is_a_usage_error() {
    let sandbox = cli_run::Sandbox::new();
    let run = sandbox.run(&["review"]);
    run.expect_code(2);
    run.stderr_has("no finished games in the history yet");
    // One game kept: 2 is out of range, and so is a word.
    let mut store = Store::open(sandbox.data_home().join("parlor"));
    let (record, _) = nim_game();
    assert!(store.finish_match(None, &record));
    for arg in ["2", "0", "last"] {
        let run = sandbox.run(&["review", arg]);
        run.expect_code(2);
        run.stderr_has("expected a number from 1 (the only game kept)");
    }
    // In range, it gets as far as needing a terminal.
    let run = sandbox.run(&["review", "1"]);
    run.expect_code(2);
    run.stderr_has("terminal");
}

/// The review on screen after `keys`.
fn review_screen_after(record: MatchRecord, w: u16, h: u16, keys: &[KeyCode]) -> String {
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        config(),
        Start::Review(Box::new(record)),
        w,
        h,
    );
    assert!(!h.app.analysing(), "the analysis finished");
    h.keys(keys);
    h.screen()
}

/// Chopsticks from 2,3/1,4 (Ann to move wins in 9 plies with hit:l:r): Ann's right
/// hits Bob's left (1 → 4), which loses in 6, and both play best from there.
fn chopsticks_game() -> MatchRecord {
    let mut setup =
        parlor::plugin::GameSetup::from_config(parlor::games::chopsticks::ID, &config());
    setup.position = Some("2,3/1,4".into());
    let mut position =
        parlor::games::chopsticks::screen::start_position(&setup).expect("a position");
    let mut moves = vec!["hit:r:l".to_string()];
    position
        .play("hit:r:l".parse().expect("a move"))
        .expect("legal");
    while position.outcome().is_none() {
        let best = parlor::solve::chopsticks::analyse(&position)
            .best
            .expect("a best move");
        moves.push(best.to_string());
        position.play(best).expect("legal");
    }
    record(parlor::games::chopsticks::ID, "2,3/1,4", &moves)
}

#[test]
fn chopsticks_review_snapshots_draw_the_hands_and_the_move() {
    let record = chopsticks_game();
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = review_screen(record.clone(), w, h);
        for text in [
            "Review · Chopsticks",
            "Move 1 of",
            "hit:r:l ✗ mistake",
            "right (3) hits Bob's left: 1 → 4",
            "left 4 (was 1)",
        ] {
            assert!(
                screen.contains(text),
                "{w}x{h}: {text:?} missing:\n{screen}"
            );
        }
        // The pictures where there is room (a palm's bottom edge), one-line hands
        // below that; at 120x40 larger pictures (fingers two or three cells wide).
        assert_eq!(screen.contains("______/"), h >= 40, "{w}x{h}:\n{screen}");
        assert_eq!(screen.contains("__ __"), h >= 40, "{w}x{h}:\n{screen}");
        insta::assert_snapshot!(format!("review_chopsticks_{w}x{h}"), screen);
    }
}

/// Winners & Losers LWWLL by hand: Ann takes the right L (the one winning move), Bob
/// the left L (both lose), then Ann at WWL takes the left W (only the right L wins),
/// Bob takes the W, Ann the last L: one turning point, move 3.
fn wl_game() -> MatchRecord {
    record(
        parlor::games::wl::ID,
        "LWWLL",
        &texts(&["R", "L", "L", "L", "R"]),
    )
}

#[test]
fn wl_review_snapshots_draw_the_string_and_the_taken_letter() {
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = review_screen(wl_game(), w, h);
        // At 120x40 the letters are tiles in boxes.
        let string = if w >= 120 {
            "   ·   │ w │ │ W │ │ L │   ·"
        } else {
            " · w W L ·"
        };
        for text in [
            "Review · Winners & Losers",
            "Move 3 of 5",
            "✗ mistake",
            "Last move: Ann took the left",
            "Ann       took: L W",
            "Bob       took: L",
            string,
            // The moves as the match showed them: the end and the letter it took,
            // from the old saves' R and L.
            "1. Ann      right L",
            "2. Bob      left L",
            "3. Ann      left W ✗ mistake",
            "move 3, left W:",
        ] {
            assert!(
                screen.contains(text),
                "{w}x{h}: {text:?} missing:\n{screen}"
            );
        }
        // The best move in the same form as the played one.
        assert!(screen.contains("right L kept it"), "{screen}");
        insta::assert_snapshot!(format!("review_wl_{w}x{h}"), screen);
    }
}

/// Pnut-Butta with symbols 01 and l = 2: 0 0 1 1 0 by hand, after which Bob is
/// trapped (00 and 01 are used).
fn pnut_game() -> MatchRecord {
    let mut c = config();
    c.set_section_key("pnut", "symbols", "01");
    c.set_section_key("pnut", "length", 2);
    let mut record = record(
        parlor::games::pnut::ID,
        "",
        &texts(&["0", "0", "1", "1", "0"]),
    );
    record.options = parlor::games::pnut::ID.kind().options(&c).to_json();
    record
}

#[test]
fn pnut_review_snapshots_mark_the_substring_the_move_completed() {
    for (w, h) in [(80, 24), (120, 40)] {
        let screen = review_screen_after(pnut_game(), w, h, &[KeyCode::PageDown]);
        // At 120x40 the symbols of the string stand a cell apart.
        let (string, marks) = if w >= 120 {
            ("0 0 1 1 0", "      ^ ^")
        } else {
            ("00110", "   ^^")
        };
        for text in [
            "Review · Pnut-Butta",
            "Move 5 of 5",
            "String · 5 symbols",
            string,
            marks,
            "Substrings · 4 of 4 used",
        ] {
            assert!(
                screen.contains(text),
                "{w}x{h}: {text:?} missing:\n{screen}"
            );
        }
        insta::assert_snapshot!(format!("review_pnut_{w}x{h}"), screen);
    }
}

/// A move played where the review's search did not solve the position says so, not
/// "kept the result; the best was 1 (unknown)" above "Now: AI wins" (play-test
/// finding on Pnut-Butta, whose searches can run out of time).
#[test]
fn a_move_from_an_unsolved_position_is_not_said_to_keep_anything() {
    use parlor::plugin::review::plies::{PlyReport, Valued};
    use parlor::solve::Verdict;
    let record = pnut_game();
    let game = parlor::arcade::registry()
        .find(&record.game)
        .expect("a game");
    let plan = game.kind().review(&record, &config()).expect("reviewable");
    let mut review = Review::new(plan.game, &record, plan.board, plan.method);
    let valued = |text: &str, verdict| Valued {
        text: text.into(),
        verdict,
        score: None,
    };
    let report = |ply, verdict, best: Option<Valued>, played: Option<Valued>| PlyReport {
        ply,
        mover: if ply % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        },
        verdict,
        score: None,
        exact: false,
        depth: 3,
        nodes: Some(100),
        best_moves: best.iter().map(|b| b.text.clone()).collect(),
        best,
        choices: 2,
        played,
    };
    let mut kept = vec![None; record.moves.len() + 1];
    kept[0] = Some(report(
        0,
        Verdict::Unknown,
        Some(valued("1", Verdict::Unknown)),
        Some(valued("0", Verdict::Unknown)),
    ));
    kept[1] = Some(report(
        1,
        Verdict::Win { plies: Some(3) },
        Some(valued("0", Verdict::Win { plies: Some(3) })),
        None,
    ));
    review.restore(kept);
    assert_eq!(review.restored(), 2);
    let text = review.move_text(0).expect("move 1");
    assert_eq!(
        text,
        "move 1, 0: not solved before it in the review's time; the search's pick was 1"
    );
}

/// Chopsticks from the start (1,1/1,1): the four hits all lose in 26 and the splits in
/// 16 (the solver names hit:l:l, the first of the four). Ann hits with hit:l:r, as good
/// as hit:l:l; Bob, at 1,2/1,1, splits to 3,0, the mirror of split:0,3 that the solver
/// names: both win in 25. Neither move may read as worse than the best, nor be a
/// turning point.
#[test]
fn chopsticks_tied_moves_are_best_the_mirror_split_included() {
    let moves = texts(&["hit:l:r", "split:3,0"]);
    let review = analysed(&record(parlor::games::chopsticks::ID, "1,1/1,1", &moves));
    let start = review.report(0).expect("the start analysed");
    assert_eq!(
        start.best_moves,
        texts(&["hit:l:l", "hit:l:r", "hit:r:l", "hit:r:r"])
    );
    assert!(start.played_best());
    let split = review.report(1).expect("move 2 analysed");
    assert_eq!(split.best_moves, texts(&["split:0,3", "split:3,0"]));
    assert_eq!(
        review.move_text(0).as_deref(),
        Some(
            "move 1, hit:l:r: a best move (loss in 26 for Ann), as good as hit:l:l, hit:r:l and hit:r:r"
        )
    );
    assert_eq!(
        review.move_text(1).as_deref(),
        Some("move 2, split:3,0: a best move (win in 25 for Bob), as good as split:0,3")
    );
    assert_eq!(review.turning_points(), Vec::<usize>::new());
}

/// A split at the start loses in 16, sooner than the four hits (26): the text names all
/// four as the best, not one of them. From 4,4/4,4 every hit wins in 7:
/// "every move wins here", whichever is played.
#[test]
fn chopsticks_several_best_moves_are_all_named_and_a_position_of_equal_moves_says_so() {
    let review = analysed(&record(
        parlor::games::chopsticks::ID,
        "1,1/1,1",
        &texts(&["split:2,0"]),
    ));
    assert_eq!(
        review.move_text(0).as_deref(),
        Some(
            "move 1, split:2,0: every move loses here; the best was hit:l:l, hit:l:r or one \
             of 2 others (loss in 26 for Ann)"
        )
    );
    let review = analysed(&record(
        parlor::games::chopsticks::ID,
        "4,4/4,4",
        &texts(&["hit:r:r"]),
    ));
    assert_eq!(
        review.move_text(0).as_deref(),
        Some("move 1, hit:r:r: every move wins here in 7")
    );
}

/// The review reads Othello's start as the game does: the opening book's value, about
/// even when its margin is within the game's even band, and says where it comes from.
#[test]
fn the_othello_start_reads_in_the_review_as_in_the_game() {
    let mut c = config();
    c.solver.max_millis = 200;
    let start = Othello::new();
    let rec = record(
        parlor::games::othello::ID,
        &start.position_text(),
        &["f5".to_string()],
    );
    let mut h = Harness::new(
        &parlor::arcade::registry(),
        c,
        Start::Review(Box::new(rec)),
        80,
        24,
    );
    assert!(!h.app.analysing(), "the analysis finished");
    h.key(KeyCode::Home);
    let screen = h.screen();
    let book = parlor::solve::othello::book::Book::shipped();
    let (_, value) = book.best(&start).expect("the start is in the book");
    let depth = book
        .moves(&start)
        .and_then(|moves| moves.iter().map(|(_, v)| v.depth).min())
        .expect("open in the book");
    let how = format!("(book, {depth} moves)");
    let leader = if value.score > 0 { "Ann" } else { "Bob" };
    let expected = match value.score.abs() {
        // The book's searches value the start level: a draw, as they predict.
        0 => format!("Now: a draw {how}"),
        m if m <= parlor::games::othello::screen::EVEN_WITHIN => {
            format!("Now: about even, {leader} +{m} {how}")
        }
        m => format!("Now: {leader} ahead by about {m} {how}"),
    };
    assert!(screen.contains(&expected), "{expected}:\n{screen}");
    assert!(screen.contains("Start · 1 move "), "{screen}");
    // End and Home go to the ends, as PgDn and PgUp do.
    h.key(KeyCode::End);
    assert!(h.screen().contains("Move 1 of 1"), "{}", h.screen());
    h.key(KeyCode::Home);
    assert!(h.screen().contains("Start · 1 move "), "{}", h.screen());
}

/// The status line of the review, on the screen's last lines.
fn review_status(screen: &str) -> bool {
    screen.contains("kept from an earlier review")
}

/// A reviewed game's analysis is kept in the data directory: opened again, the review
/// has every ply at once and searches nothing; a review kept half-way analyses only the
/// plies it lacks, and is kept whole after.
#[test]
fn a_review_is_analysed_once_and_kept_with_the_game() {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let (record, _, moves, _) = othello_game();
    let open = |keys: &[KeyCode]| {
        let mut h = Harness::with_store(
            &parlor::arcade::registry(),
            config(),
            Start::Review(Box::new(record.clone())),
            100,
            30,
            dir.path(),
        );
        assert!(!h.app.analysing(), "the analysis finished");
        let key = match h.app.screen() {
            parlor::tui::app::Screen::Review(review, _) => review.key().clone(),
            _ => panic!("a review on screen"),
        };
        h.keys(keys);
        (h.screen(), key)
    };
    let (first, key) = open(&[KeyCode::Down]);
    assert!(!review_status(&first), "{first}");
    let kept = std::fs::read_dir(dir.path().join("reviews"))
        .expect("a reviews directory")
        .count();
    assert_eq!(kept, 1);

    let (again, _) = open(&[KeyCode::Down]);
    assert!(review_status(&again), "{again}");
    let without_status = |s: &str| {
        s.lines()
            .filter(|l| !l.contains("empties") && !l.contains("kept from"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    assert_eq!(without_status(&first), without_status(&again));

    // Half the plies lost (a review left half-way): the rest are analysed again.
    let store = Store::open(dir.path().to_path_buf());
    let mut plies: Vec<Option<parlor::plugin::review::plies::PlyReport>> =
        store.kept_review(&key).expect("kept");
    assert_eq!(plies.len(), moves.len() + 1);
    let whole = plies.clone();
    for p in plies.iter_mut().skip(2) {
        *p = None;
    }
    let mut store = store;
    assert!(store.keep_review(&key, &plies));
    let (resumed, _) = open(&[KeyCode::Down]);
    assert!(
        !review_status(&resumed),
        "analysed again in part: {resumed}"
    );
    assert_eq!(without_status(&first), without_status(&resumed));
    let rewritten: Vec<Option<parlor::plugin::review::plies::PlyReport>> =
        store.kept_review(&key).expect("kept");
    // The same values (a tie's named best move may differ with the search's order).
    let values = |plies: &[Option<parlor::plugin::review::plies::PlyReport>]| {
        plies
            .iter()
            .map(|p| p.as_ref().map(|r| (r.ply, r.verdict, r.score, r.exact)))
            .collect::<Vec<_>>()
    };
    assert!(rewritten.iter().all(Option::is_some), "kept whole again");
    assert_eq!(values(&rewritten), values(&whole));
}

/// A game started from a move list (`--position f5d6c5f4e3c6`) keeps those moves, from
/// the standard start: the review opens where the list led, names the list's moves
/// "start" and judges none of them (they blamed the players: play-test finding), and
/// only as far as the game followed the list.
#[test]
fn othello_moves_of_the_start_asked_for_are_not_judged() {
    let split = |line: &str| -> Vec<String> {
        line.as_bytes()
            .chunks(2)
            .map(|m| String::from_utf8_lossy(m).into_owned())
            .collect()
    };
    let mut record = record(
        parlor::games::othello::ID,
        &Othello::new().notation(),
        &split("f5d6c5f4e3c6d3f6e6d7g3c4e7"),
    );
    record.from_position = Some("f5d6c5f4e3c6".into());
    let mut fast = config();
    fast.solver.max_millis = 20;
    let open = |record: &MatchRecord| {
        let mut h = Harness::new(
            &parlor::arcade::registry(),
            fast.clone(),
            Start::Review(Box::new(record.clone())),
            120,
            40,
        );
        assert!(!h.app.analysing(), "the analysis finished");
        let screen = h.screen();
        (h, screen)
    };
    let (mut h, screen) = open(&record);
    assert!(screen.contains("Move 6 of 13"), "{screen}");
    assert!(
        screen.contains("move 6, c6: from the move list the game started from, not judged"),
        "{screen}"
    );
    for (n, mv) in [(1, "f5"), (6, "c6")] {
        assert!(
            screen.contains(&format!("{n:>3}. start        {mv}")),
            "{n}\n{screen}"
        );
    }
    assert!(screen.contains("  7. Ann          d3"), "{screen}");
    // The first move is the list's too.
    h.key(KeyCode::PageUp).key(KeyCode::Right);
    assert!(
        h.screen().contains("move 1, f5: from the move list"),
        "{}",
        h.screen()
    );
    // Undone into the list and played otherwise at move 3: only two moves are given.
    record.moves = split("f5d6c3d3c4f4f6f3e6e7");
    let (_, screen) = open(&record);
    assert!(screen.contains("Move 2 of 10"), "{screen}");
    assert!(screen.contains("  2. start        d6"), "{screen}");
    assert!(screen.contains("  3. Ann          c3"), "{screen}");
    // Without a move list, nothing is given.
    record.from_position = None;
    let (_, screen) = open(&record);
    assert!(screen.contains("  1. Ann          f5"), "{screen}");
}

/// 1-3-5-7 from the start is lost for the first player: in 15 plies at the longest
/// (1:1), but the AI's choices, 2:2 and 4:2, set the most traps and loses in 13 against perfect
/// play. The review said "a best move (loss in 13)" under "loses in 15", for no one in
/// particular: it says both and whose loss it is.
#[test]
fn a_lost_position_s_best_move_says_it_sets_traps_and_whose_loss_it_is() {
    let review = analysed(&record(
        parlor::games::sugar_packets::ID,
        "1,3,5,7",
        &texts(&["2:2", "1:1"]),
    ));
    let start = review.report(0).expect("the start analysed");
    assert_eq!(start.verdict.plies(), Some(15));
    assert_eq!(start.best_moves, texts(&["2:2", "4:2"]));
    assert_eq!(
        review.move_text(0).as_deref(),
        Some(
            "move 1, 2:2: every move loses here; this one sets the most traps (loss in 13 \
             for Ann; the longest defence holds out 15)"
        )
    );
    // The winner's move: a win, Bob's.
    let text = review.move_text(1).expect("move 2");
    assert!(
        text.contains("win in") && text.contains("for Bob"),
        "{text}"
    );
}
