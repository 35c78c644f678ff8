//! Othello rules: perft from the start, notation (and its errors), moves, passes and the
//! end of the game.

use parlor::game::othello::{NotationError, Othello, OthelloMove, Square};
use parlor::game::{Game, Outcome, RuleError, Seat};
use parlor::solve::othello::perft::{perft, perft_parallel};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

/// Leaves from the start, a pass counting as a ply and a finished game as a leaf.
const PERFT: [u64; 9] = [1, 4, 12, 56, 244, 1396, 8200, 55092, 390216];

#[test]
fn perft_one_to_eight() {
    let start = Othello::new();
    for (depth, &want) in PERFT.iter().enumerate() {
        assert_eq!(perft(&start, depth as u32), want, "perft({depth})");
    }
}

#[test]
fn perft_on_two_threads_agrees() {
    assert_eq!(perft_parallel(&Othello::new(), 8, 2), 390216);
    assert_eq!(perft_parallel(&Othello::new(), 9, 2), 3005288);
}

#[test]
fn perft_through_the_game_trait_agrees() {
    fn walk(board: &Othello, depth: u32) -> u64 {
        if depth == 0 || board.outcome().is_some() {
            return 1;
        }
        board
            .legal_moves()
            .into_iter()
            .map(|m| walk(&board.after(m).expect("legal move"), depth - 1))
            .sum()
    }
    for depth in 0..=6 {
        assert_eq!(walk(&Othello::new(), depth), PERFT[depth as usize]);
    }
}

#[test]
fn start_position_and_its_moves() {
    let start = Othello::new();
    assert_eq!(
        start.notation(),
        "---------------------------OX------XO--------------------------- X"
    );
    assert_eq!(start.to_move(), Seat::First);
    let moves: Vec<String> = start.legal_moves().iter().map(|m| m.to_string()).collect();
    assert_eq!(moves, ["d3", "c4", "f5", "e6"]);
    let after = start.after("d3".parse().expect("d3")).expect("legal");
    assert_eq!(after.to_move(), Seat::Second);
    assert_eq!(after.discs(Seat::First), 4);
    assert_eq!(after.discs(Seat::Second), 1);
    // White to move, down 1 to 4: the margin gives the 59 empty squares to the leader.
    assert_eq!(after.margin(), -62);
}

#[test]
fn notation_round_trips() {
    let lines = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ffo_1-79.txt"
    ))
    .expect("tests/data/ffo_1-79.txt is part of the repository");
    for line in lines.lines().take(20) {
        let text: String = line
            .split_whitespace()
            .take(2)
            .collect::<Vec<_>>()
            .join(" ");
        let board = Othello::parse(&text).expect("FFO position parses");
        assert_eq!(board.notation(), text);
        assert_eq!(text.parse::<Othello>().expect("FromStr"), board);
    }
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let short = Othello::parse("XO- X").expect_err("too short");
    assert_eq!(short, NotationError::WrongLength { found: 3 });
    assert!(short.to_string().contains("64 squares"), "{short}");

    let mut board = "-".repeat(64);
    board.replace_range(10..11, "Z");
    let bad = Othello::parse(&format!("{board} X")).expect_err("bad square");
    assert_eq!(
        bad,
        NotationError::BadSquare {
            square: "c2".into(),
            found: 'Z'
        }
    );
    assert!(
        bad.to_string()
            .contains("X (black), O (white) or - (empty)")
    );

    let empty = "-".repeat(64);
    assert_eq!(Othello::parse(&empty), Err(NotationError::MissingSide));
    let side = Othello::parse(&format!("{empty} W")).expect_err("bad side");
    assert!(side.to_string().contains("expected X (black) or O (white)"));
    assert!(Othello::parse(&format!("{empty} X extra")).is_err());
    assert!(Othello::parse("").is_err());
    // Lower case and surrounding spaces are accepted.
    let lower = Othello::parse(&format!("  {} o ", "x".repeat(64))).expect("lower case");
    assert_eq!(lower.to_move(), Seat::Second);
    assert_eq!(lower.discs(Seat::First), 64);
}

#[test]
fn moves_parse_and_print() {
    for (text, shown) in [("d3", "d3"), ("H8", "h8"), (" a1 ", "a1"), ("PASS", "pass")] {
        let m: OthelloMove = text.parse().expect("valid move");
        assert_eq!(m.to_string(), shown);
    }
    for bad in ["i1", "a9", "a0", "", "d", "d33", "pas"] {
        let e = bad.parse::<OthelloMove>().expect_err(bad);
        assert!(matches!(e, RuleError::BadMove(_)));
        assert!(e.to_string().contains("a1-h8"), "{e}");
    }
    assert_eq!(Square::new(64), None);
    assert_eq!(Square::at(3, 2).map(|s| s.to_string()), Some("d3".into()));
}

#[test]
fn illegal_moves_are_refused_without_change() {
    let mut board = Othello::new();
    let before = board;
    assert_eq!(
        board.play("a1".parse().expect("a1")),
        Err(RuleError::Illegal("a1".into()))
    );
    assert_eq!(
        board.play(OthelloMove::Pass),
        Err(RuleError::Illegal("pass".into()))
    );
    assert_eq!(board, before);
}

#[test]
fn a_stuck_player_passes_and_a_full_board_ends() {
    // Black to move with no legal square, white can still play: only a pass.
    let mut squares = vec!['-'; 64];
    squares[0] = 'O';
    squares[1] = 'X';
    let text: String = squares.iter().collect();
    let board = Othello::parse(&format!("{text} X")).expect("valid");
    assert_eq!(board.legal_moves(), vec![OthelloMove::Pass]);
    assert!(board.outcome().is_none());
    let after = board.after(OthelloMove::Pass).expect("pass is legal");
    assert_eq!(after.to_move(), Seat::Second);
    assert_eq!(after.legal_moves(), vec!["c1".parse().expect("c1")]);
    let done = after.after("c1".parse().expect("c1")).expect("legal");
    assert!(done.legal_moves().is_empty());
    assert_eq!(done.outcome(), Some(Outcome::Win(Seat::Second)));
    // Black, to move, has no disc left: all 64 squares count for white.
    assert_eq!(done.to_move(), Seat::First);
    assert_eq!(done.margin(), -64);
}

#[test]
fn final_margin_gives_empties_to_the_winner() {
    // 10 black, 4 white, nobody can move: black wins 60-4.
    let mut squares = vec!['-'; 64];
    for s in squares.iter_mut().take(10) {
        *s = 'X';
    }
    for s in squares.iter_mut().skip(60) {
        *s = 'O';
    }
    let text: String = squares.iter().collect();
    let board = Othello::parse(&format!("{text} O")).expect("valid");
    assert!(board.is_over());
    assert_eq!(board.margin(), -56);
    assert_eq!(board.outcome(), Some(Outcome::Win(Seat::First)));
    assert_eq!(
        board.final_count(),
        [60, 4],
        "the 50 empty squares to black"
    );
    assert_eq!(board.first_margin(), Some(56));
    let mut board = board;
    assert_eq!(board.play(OthelloMove::Pass), Err(RuleError::GameOver));
}

#[test]
fn the_diagram_puts_rank_1_at_the_top_as_the_arcade_does() {
    let lines: Vec<String> = parlor::game::othello::Othello::new()
        .diagram()
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(lines[0], "  a b c d e f g h");
    assert_eq!(lines[1], "1 . . . . . . . .");
    // d4 is white and e4 black at the start; d5 black and e5 white.
    assert_eq!(lines[4], "4 . . . O X . . .");
    assert_eq!(lines[5], "5 . . . X O . . .");
    assert_eq!(lines[8], "8 . . . . . . . .");
}

/// The final count on random finished games: 64 squares in all, each side at least its
/// discs, the empty squares to the winner, and the difference is `first_margin`, the
/// number the history, the statistics and the exports keep.
#[test]
fn the_final_count_is_the_first_margin() {
    let mut rng = StdRng::seed_from_u64(6);
    let mut with_empties = 0;
    for _ in 0..300 {
        let mut board = Othello::new();
        while !board.is_over() {
            let moves = board.legal_moves();
            let mv = moves[rng.random_range(0..moves.len())];
            board.play(mv).expect("legal");
        }
        let [black, white] = board.final_count();
        assert_eq!(black + white, 64, "{}", board.notation());
        assert!(black >= board.discs(Seat::First) && white >= board.discs(Seat::Second));
        assert_eq!(
            Some(black as i32 - white as i32),
            board.first_margin(),
            "{}",
            board.notation()
        );
        if board.empty_count() > 0 {
            with_empties += 1;
        }
    }
    assert!(with_empties > 0, "some games end with empty squares");
}
