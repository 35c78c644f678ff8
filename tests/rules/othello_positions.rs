//! Othello positions in the forms other programs use, read back against the board
//! itself: the FFO test positions as OBF lines, move lists from random legal games
//! (passes implied or written), GGF records, and bad input in each form.

use parlor::game::othello::ggf::GgfGame;
use parlor::game::othello::{Othello, OthelloMove, move_list};
use parlor::game::{Game, Seat};
use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const FFO: &str = include_str!("../data/ffo_1-79.txt");

/// A random legal game of at most `plies` moves from the start (passes included).
fn random_game(seed: u64, plies: usize) -> (Othello, Vec<OthelloMove>) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut board = Othello::new();
    let mut moves = Vec::new();
    while moves.len() < plies {
        let legal = board.legal_moves();
        if legal.is_empty() {
            break;
        }
        let mv = legal[rng.random_range(0..legal.len())];
        board.play(mv).expect("a legal move");
        moves.push(mv);
    }
    (board, moves)
}

#[test]
fn ffo_positions_as_obf_lines_are_the_boards_of_the_notation() {
    for (i, line) in FFO.lines().enumerate() {
        let mut fields = line.split_whitespace();
        let (squares, side) = (
            fields.next().expect("squares"),
            fields.next().expect("side"),
        );
        let notation = format!("{squares} {side}");
        let board = Othello::parse(&notation).expect("the notation reads");
        let obf = format!("{squares} {side}; % FFO #{}", i + 1);
        assert_eq!(Othello::read(&obf), Ok(board), "FFO #{}: {obf}", i + 1);
        assert_eq!(Othello::read(&format!("{squares} {side};")), Ok(board));
        assert_eq!(Othello::read(&notation), Ok(board));
        assert_eq!(board.obf(), format!("{squares} {side};"));
        // Each square where the line says it is.
        for (sq, c) in squares.chars().enumerate() {
            let want = match c {
                'X' => Some(Seat::First),
                'O' => Some(Seat::Second),
                _ => None,
            };
            let square = parlor::game::othello::Square::new(sq as u32).expect("a square");
            assert_eq!(board.at(square), want, "FFO #{} square {square}", i + 1);
        }
    }
}

#[test]
fn a_move_list_gives_the_board_the_moves_produce() {
    // f5 d6 c3 d3 c4 by hand: the "tiger" opening.
    let board = Othello::read("f5d6c3d3c4").expect("legal");
    let mut by_hand = Othello::new();
    for sq in ["f5", "d6", "c3", "d3", "c4"] {
        by_hand.play(sq.parse().expect("a square")).expect("legal");
    }
    assert_eq!(board, by_hand);
    assert_eq!(Othello::read("F5 D6, c3 d3 C4"), Ok(board));
    assert_eq!(board.to_move(), Seat::Second);
}

#[test]
fn passes_are_implied_and_may_be_written() {
    // The first random game with a pass in it.
    let (board, moves) = (0..10_000)
        .map(|seed| random_game(seed, 60))
        .find(|(_, moves)| moves.contains(&OthelloMove::Pass))
        .expect("some random game has a pass");
    let list = move_list(&moves);
    assert!(
        !list.trim_end_matches("pa").contains("pa"),
        "passes before a move are left out: {list}"
    );
    let (read, replayed) = Othello::after_moves(&list).expect("reads back");
    assert_eq!(read, board);
    assert_eq!(replayed, moves, "the implied passes are put back");
    let written: String = moves
        .iter()
        .map(|m| match m {
            OthelloMove::Pass => "pa".to_string(),
            OthelloMove::Play(sq) => sq.to_string(),
        })
        .collect();
    assert_eq!(Othello::read(&written), Ok(board));
    let spelled = written.replace("pa", " pass ");
    assert_eq!(Othello::read(&spelled), Ok(board));
}

#[test]
fn bad_input_says_what_and_where() {
    let message = |text: &str| Othello::read(text).expect_err(text).to_string();
    // The notation and OBF lines.
    let m = message("XXO X");
    assert!(m.contains("64 squares") && m.contains("got 3"), "{m}");
    let m = message(&format!("{} Q;", "-".repeat(64)));
    assert!(
        m.contains("'Q'") && m.contains("X (black) or O (white)"),
        "{m}"
    );
    let m = message(&format!("{}Z{} X;", "-".repeat(10), "-".repeat(53)));
    assert!(m.contains("square c2") && m.contains("'Z'"), "{m}");
    let m = message(&"-".repeat(64));
    assert!(m.contains("side to move is missing"), "{m}");
    // Move lists: the move's number, what is wrong, the legal moves.
    let m = message("f5d6a1");
    assert!(m.contains("move 3") && m.contains("cannot play a1"), "{m}");
    assert!(m.contains("c3, c4, c5, c6, c7"), "{m}");
    let m = message("f5 d6 i9");
    assert!(
        m.contains("move 3") && m.contains("'i9' is not a square"),
        "{m}"
    );
    // A stray character in a move list is named as such, not read as a board.
    let m = message("f5d6c3x");
    assert!(m.contains("move 4") && m.contains("'x'"), "{m}");
    assert!(!m.contains("64"), "{m}");
    let m = message("f5pass");
    assert!(m.contains("move 2") && m.contains("cannot pass"), "{m}");
    let (_, full) = (0..100)
        .map(|seed| random_game(seed, 100))
        .find(|(b, _)| b.is_over())
        .expect("a finished game");
    let over = format!("{}a1", move_list(&full));
    let m = message(&over);
    assert!(m.contains("already over"), "{m}");
    let m = message("   ");
    assert!(
        m.contains("empty position") && m.contains("move list"),
        "{m}"
    );
}

#[test]
fn ggf_records_replay_to_the_same_board() {
    for seed in 0..50 {
        let (board, moves) = random_game(seed, 60);
        let game = GgfGame {
            place: "parlor".into(),
            date: "2026.11.23_19:20:05.UTC".into(),
            black: "You".into(),
            white: "AI (strong)".into(),
            result: board.is_over().then(|| board.first_margin()).flatten(),
            ..GgfGame::new(Othello::new(), moves.clone())
        };
        let text = game.write();
        let back = GgfGame::parse(&text).expect("our own record reads back");
        assert_eq!(back, game, "{text}");
        assert_eq!(back.end(), board);
        assert_eq!(
            text.matches("]B[").count() + text.matches("]W[").count(),
            moves.len()
        );
    }
}

#[test]
fn ggf_from_another_server_reads() {
    // As GGS writes them: ratings, clocks, evaluations and times after the squares.
    let text = "(;GM[Othello]PC[GGS/os]DT[2003.09.14_04:49:41.EDT]PB[Saio]PW[Zebra]RB[2197.00]RW[2129.27]TI[15:00//02:00]TY[8]RE[+2.000]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]B[F5//0.01]W[d6/-1.5/3.2]B[c3];)";
    let game = GgfGame::parse(text).expect("reads");
    assert_eq!(game.black, "Saio");
    assert_eq!(game.result, Some(2));
    assert_eq!(game.end(), Othello::read("f5d6c3").expect("legal"));
    let err = GgfGame::parse(&text.replace("TY[8]", "TY[10]")).expect_err("not 8x8");
    assert!(err.to_string().contains("8x8"), "{err}");
    let err = GgfGame::parse(&text.replace("B[c3]", "B[a1]")).expect_err("illegal");
    assert!(err.to_string().contains("move 3"), "{err}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Any random legal game, written as a move list (passes implied, or spelled out
    /// between spaced moves; upper case or lower), reads back to the same position.
    #[test]
    fn random_move_lists_read_back(seed in any::<u64>(), plies in 0usize..70, upper: bool, spaced: bool) {
        let (board, moves) = random_game(seed, plies);
        let mut list = move_list(&moves);
        if upper {
            list = list.to_uppercase();
        }
        if spaced {
            // Every move spaced, passes spelled out.
            list = moves.iter().map(|m| m.to_string()).collect::<Vec<_>>().join(" ");
        }
        if moves.is_empty() {
            prop_assert!(Othello::read(&list).is_err());
        } else {
            let (read, replayed) = Othello::after_moves(&list).expect("reads back");
            prop_assert_eq!(read, board);
            prop_assert_eq!(replayed, moves);
            prop_assert_eq!(Othello::read(&list), Ok(board));
            prop_assert_eq!(Othello::read(&board.notation()), Ok(board));
            prop_assert_eq!(Othello::read(&board.obf()), Ok(board));
        }
    }
}
