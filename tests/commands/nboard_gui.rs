//! `parlor engine othello` as the NBoard GUI drives it. The sessions are written from
//! the protocol's published description (its example session: a game in progress
//! with `RE[?]`, a clock `TI[15:00]`, `ping` before `go`) and from what the GUI's source
//! sends: before each request the board (`set game`, or `move F5/<eval>/<seconds>` for
//! one more move), then `set contempt`, `set depth` when they change, then `ping N`,
//! then `go` or `hint N`; its games are written `RE[?]TI[..]TY[8r]`, and a game loaded
//! from GGS may be `TY[s8r18]`. Every answer must be for the board the GUI set.

use crate::engine_cli::{Engine, nboard_move, nboard_text, read_until};

use parlor::game::othello::ggf::GgfGame;
use parlor::game::othello::{Othello, OthelloMove};
use parlor::game::{Game, Seat};

/// The example session's record, as the protocol's description gives it.
const EXAMPLE: &str = "(;GM[Othello]PC[NBoard]DT[2014-02-21 20:52:27 GMT]PB[./mEdax]PW[chris]RE[?]TI[15:00]TY[8]BO[8 ---------------------------O*------*O--------------------------- *]B[F5]W[F6]B[D3]W[C5]B[E6]W[F7]B[E7]W[F4];)";

/// A record of `moves` from `start` as the GUI's game class writes it: no date, the
/// result `?`, a clock, the type `8r`, each move with its eval and seconds.
fn gui_record(start: &Othello, moves: &[OthelloMove], clock: &str) -> String {
    let bo = GgfGame::new(*start, Vec::new()).write();
    let board = bo
        .split_once("BO[")
        .and_then(|(_, rest)| rest.split_once(']'))
        .map(|(b, _)| b.to_string())
        .expect("a BO field");
    let mut text =
        format!("(;GM[Othello]PC[NBoard]PB[chris]PW[parlor]RE[?]TI[{clock}]TY[8r]BO[{board}]");
    let mut position = *start;
    for mv in moves {
        let colour = if position.to_move() == Seat::First {
            'B'
        } else {
            'W'
        };
        text.push_str(&format!("{colour}[{}/0.00/1.5]", nboard_text(*mv)));
        position.play(*mv).expect("legal");
    }
    text.push_str(";)");
    text
}

/// `plies` moves of a seeded random game from the start that leave it running.
fn random_game(plies: usize, seed: u64) -> (Othello, Vec<OthelloMove>) {
    let mut state = seed;
    let mut next = |n: usize| {
        state = state
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((state >> 33) as usize) % n
    };
    loop {
        let mut board = Othello::new();
        let mut moves = Vec::new();
        while moves.len() < plies && board.outcome().is_none() {
            let legal = board.legal_moves();
            let mv = legal[next(legal.len())];
            board.play(mv).expect("legal");
            moves.push(mv);
        }
        if board.outcome().is_none() {
            return (board, moves);
        }
    }
}

/// The `=== ` answer to a `go` and the status line after it.
fn go_answer(engine: &mut Engine) -> String {
    let answer = read_until(engine, "=== ");
    assert_eq!(engine.read(), "status parlor is waiting");
    answer
}

/// The position after `moves` from the start.
fn play_all(moves: &[OthelloMove]) -> Othello {
    let mut board = Othello::new();
    for mv in moves {
        board.play(*mv).expect("legal");
    }
    board
}

/// The square of an `=== ` answer, checked legal on `board`.
fn legal_answer(answer: &str, board: &Othello) -> OthelloMove {
    let text = nboard_move(answer);
    let mv = if text == "PA" {
        OthelloMove::Pass
    } else {
        text.to_ascii_lowercase().parse().expect("a square")
    };
    assert!(
        board.legal_moves().contains(&mv),
        "{answer}: not legal on {}",
        board.position_text()
    );
    mv
}

#[test]
fn the_protocols_example_session() {
    let mut engine = Engine::start(&["othello"]);
    for line in [
        "nboard 2",
        &format!("set game {EXAMPLE}"),
        "set depth 6",
        "ping 1",
        "go",
    ] {
        engine.send(line);
    }
    assert_eq!(engine.read(), "set myname parlor");
    assert_eq!(engine.read(), "pong 1");
    assert_eq!(engine.read(), "status parlor is thinking");
    assert!(engine.read().starts_with("nodestats "));
    let answer = engine.read();
    let board = Othello::read("f5f6d3c5e6f7e7f4").expect("the example's moves");
    legal_answer(&answer, &board);
    assert_eq!(engine.read(), "status parlor is waiting");
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn the_guis_requests_answer_for_the_board_it_set() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    assert_eq!(engine.read(), "set myname parlor");
    let (board, moves) = random_game(12, 3);
    // A hint on a game in progress (RE[?], TY[8r]), as the GUI asks for one.
    for line in [
        format!("set game {}", gui_record(&Othello::new(), &moves, "15:00")),
        "set contempt 0".into(),
        "set depth 4".into(),
        "ping 1".into(),
        "hint 3".into(),
    ] {
        engine.send(&line);
    }
    assert_eq!(engine.read(), "pong 1");
    let first = read_until(&mut engine, "search ");
    let square = &first.split_whitespace().nth(1).expect("a pv")[..2];
    legal_answer(&format!("=== {square}"), &board);
    while engine.read() != "status" {}
    // One more move, with its eval and time, then the engine's move.
    let mv = board.legal_moves()[0];
    let mut after = board;
    after.play(mv).expect("legal");
    engine.send(&format!("move {}/-1.00/2.5", nboard_text(mv)));
    engine.send("ping 2");
    engine.send("go");
    assert_eq!(engine.read(), "pong 2");
    let answer = go_answer(&mut engine);
    let reply = legal_answer(&answer, &after);
    // The GUI plays it back with `move`, as the protocol says: `go` does not play it.
    engine.send(&format!("move {}", nboard_text(reply)));
    after.play(reply).expect("legal");
    engine.send("ping 3");
    engine.send("go");
    assert_eq!(read_until(&mut engine, "pong"), "pong 3");
    legal_answer(&go_answer(&mut engine), &after);
    // A takeback: the GUI sends the shorter game whole.
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &moves[..5], "15:00")
    ));
    engine.send("ping 4");
    engine.send("go");
    assert_eq!(read_until(&mut engine, "pong"), "pong 4");
    let five = play_all(&moves[..5]);
    legal_answer(&go_answer(&mut engine), &five);
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn a_ping_stops_a_search_and_answers_after_it() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    // Depth 60 with 40 empty squares is an exact solve no test could wait for: only
    // the ping ends it (the hang guard turns a search that ignores it into a failure).
    let (board, moves) = random_game(20, 5);
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &moves, "0")
    ));
    engine.send("set depth 60");
    engine.send("ping 1");
    engine.send("go");
    assert_eq!(engine.read(), "set myname parlor");
    assert_eq!(engine.read(), "pong 1");
    assert_eq!(engine.read(), "status parlor is thinking");
    // The user takes a move back while the engine thinks: the GUI sends the board,
    // then the ping, then its next request.
    let shorter = play_all(&moves[..19]);
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &moves[..19], "0")
    ));
    engine.send("set depth 3");
    engine.send("ping 2");
    engine.send("hint 1");
    // The stopped search still answers (for the old board), before the pong.
    let answer = go_answer(&mut engine);
    legal_answer(&answer, &board);
    assert_eq!(engine.read(), "pong 2");
    let hint = read_until(&mut engine, "search ");
    let square = &hint.split_whitespace().nth(1).expect("a pv")[..2];
    legal_answer(&format!("=== {square}"), &shorter);
    assert_eq!(engine.read(), "status");
    // A hint is stopped the same way: its lines so far, its status, then the pong.
    engine.send("set depth 60");
    engine.send("hint 2");
    engine.send("ping 3");
    let mut lines = Vec::new();
    loop {
        let line = engine.read();
        if line == "pong 3" {
            break;
        }
        lines.push(line);
    }
    assert_eq!(
        lines.first().map(String::as_str),
        Some("status parlor is thinking")
    );
    assert_eq!(
        lines.last().map(String::as_str),
        Some("status"),
        "{lines:?}"
    );
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn the_records_clock_bounds_the_time_of_a_move() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    // Depth 60 from 40 empty squares never ends by itself; two seconds on black's clock
    // (and white's minute, used up) make the move come.
    assert_eq!(engine.read(), "set myname parlor");
    let (board, moves) = random_game(20, 9);
    let record =
        gui_record(&Othello::new(), &moves, "0:12").replace("TI[0:12]", "TB[0:12]TW[1:00]");
    engine.send(&format!("set game {record}"));
    engine.send("set depth 60");
    engine.send("ping 1");
    engine.send("go");
    assert_eq!(read_until(&mut engine, "pong"), "pong 1");
    // Black has spent 10 x 1.5 s of its 12: the move comes within the 3 s left.
    assert_eq!(board.to_move(), Seat::First);
    legal_answer(&go_answer(&mut engine), &board);
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn games_of_any_standard_type_are_played_and_anti_othello_is_refused() {
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    engine.send("set depth 4");
    assert_eq!(engine.read(), "set myname parlor");
    // A game loaded from GGS: synchro, a random start of 18 discs.
    let (start, _) = random_game(14, 11);
    let record = gui_record(&start, &[], "5:00").replace("TY[8r]", "TY[s8r18]");
    engine.send(&format!("set game {record}"));
    engine.send("go");
    legal_answer(&go_answer(&mut engine), &start);
    // Anti-Othello is another game: refused, and nothing is answered for any board.
    engine.send(&format!(
        "set game {}",
        record.replace("TY[s8r18]", "TY[8a]")
    ));
    let refused = engine.read();
    assert!(
        refused.starts_with("status set game refused:") && refused.contains("anti-Othello"),
        "{refused}"
    );
    engine.send("go");
    let none = engine.read();
    assert!(none.starts_with("status parlor has no board"), "{none}");
    engine.send("ping 5");
    assert_eq!(
        engine.read(),
        "pong 5",
        "no move answered after the refusal"
    );
    // A finished game (a number in RE), then a new one: the new board is used.
    let (_, finished) = random_game(0, 1);
    let mut over = Othello::new();
    let mut line = finished;
    while over.outcome().is_none() {
        let mv = over.legal_moves()[0];
        over.play(mv).expect("legal");
        line.push(mv);
    }
    let margin = over.first_margin().expect("over");
    let done = gui_record(&Othello::new(), &line, "15:00")
        .replace("RE[?]", &format!("RE[{margin:+}.000]"));
    engine.send(&format!("set game {done}"));
    engine.send("go");
    assert_eq!(
        go_answer(&mut engine),
        "=== PA",
        "nothing to play at the end"
    );
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &[], "15:00")
    ));
    engine.send("go");
    legal_answer(&go_answer(&mut engine), &Othello::new());
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

#[test]
fn a_position_with_only_a_pass_is_answered_pa() {
    // Seeded random games until one reaches a position where the mover must pass.
    let (moves, board) = (0..500u64)
        .find_map(|seed| {
            let (_, full) = random_game(60, seed);
            let mut board = Othello::new();
            for (i, mv) in full.iter().enumerate() {
                if board.legal_moves() == [OthelloMove::Pass] && board.outcome().is_none() {
                    return Some((full[..i].to_vec(), board));
                }
                board.play(*mv).expect("legal");
            }
            None
        })
        .expect("some game has a forced pass");
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    assert_eq!(engine.read(), "set myname parlor");
    engine.send("set depth 4");
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &moves, "15:00")
    ));
    engine.send("go");
    assert_eq!(go_answer(&mut engine), "=== PA");
    // The GUI plays the pass with `move PA`; then the other side moves.
    engine.send("move PA");
    engine.send("go");
    let mut after = board;
    after.play(OthelloMove::Pass).expect("the pass");
    legal_answer(&go_answer(&mut engine), &after);
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

/// In the opening book `go` answers with the book's best move at once (no search: zero
/// nodes) and the book's value; a game that has left the book is searched.
#[test]
fn go_plays_the_books_move_in_the_opening() {
    use parlor::solve::othello::book::Book;
    let mut engine = Engine::start(&["othello"]);
    engine.send("nboard 2");
    assert_eq!(engine.read(), "set myname parlor");
    let moves: Vec<OthelloMove> = ["f5", "d6", "c3"]
        .iter()
        .map(|m| m.parse().expect("a square"))
        .collect();
    let board = play_all(&moves);
    let (best, value) = Book::shipped().best(&board).expect("open in the book");
    let top = Book::shipped()
        .moves(&board)
        .expect("open")
        .iter()
        .map(|(_, v)| v.score)
        .max();
    assert_eq!(Some(value.score), top, "the book's best is its top value");
    for line in [
        format!("set game {}", gui_record(&Othello::new(), &moves, "15:00")),
        "set depth 12".into(),
        "go".into(),
    ] {
        engine.send(&line);
    }
    assert_eq!(engine.read(), "status parlor is thinking");
    assert_eq!(engine.read(), "nodestats 0 0.00");
    let answer = go_answer(&mut engine);
    assert_eq!(legal_answer(&answer, &board), best, "{answer}");
    assert!(
        answer.contains(&format!("/{}.00/", value.score)),
        "{answer}"
    );
    // Out of the book (a random game of 20 plies): a search, with its nodes.
    let (_, far) = random_game(20, 5);
    engine.send(&format!(
        "set game {}",
        gui_record(&Othello::new(), &far, "15:00")
    ));
    engine.send("set depth 4");
    engine.send("go");
    assert_eq!(engine.read(), "status parlor is thinking");
    let stats = engine.read();
    assert!(
        stats.starts_with("nodestats ") && stats != "nodestats 0 0.00",
        "{stats}"
    );
    go_answer(&mut engine);
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}

/// Black's margin with perfect play from `board`, by plain negamax over every move (a
/// search that shares nothing with the engine's): for the last few empty squares.
fn black_margin_by_brute_force(board: &Othello) -> i32 {
    fn for_mover(board: &Othello) -> i32 {
        if board.is_over() {
            // The empty squares of a finished game go to the winner.
            let [b, w] = board.final_count();
            let black = b as i32 - w as i32;
            return if board.to_move() == Seat::First {
                black
            } else {
                -black
            };
        }
        board
            .legal_moves()
            .into_iter()
            .map(|mv| {
                let mut next = *board;
                next.play(mv).expect("legal");
                -for_mover(&next)
            })
            .max()
            .expect("a move or a pass")
    }
    let v = for_mover(board);
    if board.to_move() == Seat::First {
        v
    } else {
        -v
    }
}

/// `analyze`, the protocol's retrograde analysis of the game the GUI set: a line
/// `analysis <moves made> <eval>` for every position, the last first, the start last
/// (passes counted), black's margin as NBoard's graph plots it; exact near the end
/// (checked by brute force), the book's value at the start, then `status`.
#[test]
fn analyze_values_every_position_of_the_game_from_the_end_back() {
    // A whole game, to its end, with its passes.
    let (mut board, mut moves) = random_game(50, 7);
    while !board.is_over() {
        let mv = board.legal_moves()[0];
        board.play(mv).expect("legal");
        moves.push(mv);
    }
    let mut engine = Engine::start(&["othello"]);
    for line in [
        "nboard 2",
        "set depth 4",
        &format!("set game {}", gui_record(&Othello::new(), &moves, "15:00")),
        "ping 1",
        "analyze",
    ] {
        engine.send(line);
    }
    assert_eq!(engine.read(), "set myname parlor");
    assert_eq!(engine.read(), "pong 1");
    assert_eq!(engine.read(), "status parlor is analysing the game");
    let mut positions = vec![Othello::new()];
    for mv in &moves {
        let mut next = *positions.last().expect("a position");
        next.play(*mv).expect("legal");
        positions.push(next);
    }
    for made in (0..positions.len()).rev() {
        let line = engine.read();
        let (n, eval) = line
            .strip_prefix("analysis ")
            .and_then(|rest| rest.split_once(' '))
            .unwrap_or_else(|| panic!("not an analysis line: {line}"));
        assert_eq!(n.parse::<usize>(), Ok(made), "{line}");
        let eval: f64 = eval.parse().unwrap_or_else(|_| panic!("{line}"));
        let position = &positions[made];
        if position.empty_count() <= 4 {
            assert_eq!(
                eval,
                f64::from(black_margin_by_brute_force(position)),
                "{line}: {}",
                position.position_text()
            );
        }
        if made == 0 {
            let (_, v) = parlor::solve::othello::book::Book::shipped()
                .best(position)
                .expect("the start is in the book");
            assert_eq!(eval, f64::from(v.score), "{line}");
        }
    }
    assert_eq!(engine.read(), "status");
    engine.send("quit");
    assert_eq!(engine.finish(), 0);
}
