//! The Othello engine against the truth: FFO #1-#19 exact scores (the best move checked
//! by playing it and solving the rest), a plain minimax on random positions with at most
//! ten empty squares, the solver with and without its transposition table, the streaming
//! analysis, cancellation, and the AI levels.

use std::cell::Cell;

use parlor::game::Game;
use parlor::game::othello::{Othello, OthelloMove, final_margin, flips, moves};
use parlor::solve::Verdict;
use parlor::solve::othello::search::Search;
use parlor::solve::othello::table::Table;
use parlor::solve::othello::{Engine, Level, Limits, analyse, choose_move};
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

const FFO: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/ffo_1-79.txt");

/// FFO position `n` (1-based) and its exact margin.
fn ffo(n: usize) -> (Othello, i32) {
    let text = std::fs::read_to_string(FFO)
        .unwrap_or_else(|e| panic!("{FFO} must exist beside the clone: {e}"));
    let line = text
        .lines()
        .nth(n - 1)
        .unwrap_or_else(|| panic!("{FFO} has no line {n}"));
    let mut parts = line.split_whitespace();
    let squares = parts.next().expect("squares");
    let side = parts.next().expect("side");
    let board = Othello::parse(&format!("{squares} {side}")).expect("FFO position parses");
    let score = parts
        .next()
        .expect("score")
        .parse()
        .expect("score is a number");
    (board, score)
}

/// Plain minimax on the exact margin: no pruning, no ordering, no table.
fn minimax(p: u64, o: u64) -> i32 {
    let mut bits = moves(p, o);
    if bits == 0 {
        if moves(o, p) == 0 {
            return final_margin(p, o);
        }
        return -minimax(o, p);
    }
    let mut best = -100;
    while bits != 0 {
        let sq = bits.trailing_zeros();
        bits &= bits - 1;
        let f = flips(p, o, sq);
        best = best.max(-minimax(o ^ f, p ^ f ^ (1u64 << sq)));
    }
    best
}

/// The exact margin of `board` for its mover (the final margin once it is over).
pub(crate) fn exact(engine: &mut Engine, board: &Othello) -> i32 {
    match engine.solve(board, &|| false) {
        Some(s) => s.score,
        None => board.margin(),
    }
}

/// A position reached by random play with exactly `empties` empty squares, if the game
/// lasts that long.
pub(crate) fn random_position(rng: &mut StdRng, empties: u32) -> Option<Othello> {
    let mut board = Othello::new();
    while board.empty_count() > empties {
        let legal = board.legal_moves();
        if legal.is_empty() {
            return None;
        }
        let m = legal[rng.random_range(0..legal.len())];
        board.play(m).expect("legal");
    }
    (!board.is_over()).then_some(board)
}

#[test]
fn ffo_1_to_19_exact_and_the_best_move_reaches_the_score() {
    let mut engine = Engine::new(16);
    for n in 1..=19 {
        let (board, want) = ffo(n);
        let solution = engine.solve(&board, &|| false).expect("not over");
        assert_eq!(solution.score, want, "FFO #{n}: score");
        // Several positions have more than one best move: check that this one reaches
        // the score by playing it and solving the rest.
        let child = board.after(solution.best).expect("best move is legal");
        assert_eq!(
            -exact(&mut engine, &child),
            want,
            "FFO #{n}: {} does not reach {want}",
            solution.best
        );
        assert_eq!(solution.pv.first(), Some(&solution.best));
    }
}

#[test]
fn positions_deep_enough_for_the_selective_presearch_stay_exact() {
    // FFO lines 26-37 have 20-22 empties: each solve runs the ProbCut presearch first
    // (from 20 empties), whose estimates must never leak into the exact pass.
    let mut engine = Engine::new(16);
    engine.set_threads(1);
    for n in 26..=37 {
        let (board, want) = ffo(n);
        assert!(board.empty_count() >= 20, "FFO line {n}");
        let solution = engine.solve(&board, &|| false).expect("not over");
        assert_eq!(solution.score, want, "FFO line {n}: score");
        let child = board.after(solution.best).expect("best move is legal");
        assert_eq!(-exact(&mut engine, &child), want, "FFO line {n}: best move");
    }
    // Random positions, often lopsided (where the presearch cuts most), with and
    // without the presearch.
    let mut rng = StdRng::seed_from_u64(0x00ca_7c07);
    let mut plain = Engine::new(16);
    plain.set_threads(1);
    plain.set_presearch(false);
    let mut checked = 0;
    while checked < 8 {
        let Some(board) = random_position(&mut rng, 20) else {
            continue;
        };
        let with = engine.solve(&board, &|| false).expect("running");
        let without = plain.solve(&board, &|| false).expect("running");
        assert_eq!(with.score, without.score, "{}", board.notation());
        checked += 1;
    }
}

#[test]
fn endgame_solver_agrees_with_plain_minimax() {
    let mut rng = StdRng::seed_from_u64(0x0e11_0000);
    let mut engine = Engine::new(4);
    let mut checked = 0;
    while checked < 240 {
        let empties = rng.random_range(1..=10);
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let (p, o) = (board.player(), board.opponent());
        let truth = minimax(p, o);
        assert_eq!(exact(&mut engine, &board), truth, "{}", board.notation());
        // Null-window and windowed searches bound the truth on the right side.
        let table = Table::new(1);
        let never = || false;
        let mut s = Search::new(&table, &never, None);
        for alpha in [-64, -10, -1, 0, 1, truth - 1, truth, truth + 1, 10] {
            let v = s.nws(p, o, alpha);
            if truth > alpha {
                assert!(v > alpha && v <= truth, "nws({alpha}) = {v}, truth {truth}");
            } else {
                assert!(
                    v <= alpha && v >= truth,
                    "nws({alpha}) = {v}, truth {truth}"
                );
            }
        }
        for (a, b) in [
            (-65, 65),
            (truth - 3, truth + 3),
            (truth, truth + 2),
            (truth - 2, truth),
        ] {
            let v = s.end_pvs(p, o, a, b);
            if truth <= a {
                assert!(v <= a && v >= truth);
            } else if truth >= b {
                assert!(v >= b && v <= truth);
            } else {
                assert_eq!(v, truth);
            }
        }
        checked += 1;
    }
}

#[test]
fn with_and_without_the_table_agree() {
    let mut rng = StdRng::seed_from_u64(7);
    let mut engine = Engine::new(8);
    let mut checked = 0;
    while checked < 12 {
        let empties = rng.random_range(11..=14);
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let with = engine.solve_with(&board, &|| false, true).expect("running");
        let without = engine
            .solve_with(&board, &|| false, false)
            .expect("running");
        assert_eq!(with.score, without.score, "{}", board.notation());
        checked += 1;
    }
    // And on a real endgame.
    let (board, want) = ffo(1);
    let without = engine
        .solve_with(&board, &|| false, false)
        .expect("running");
    assert_eq!(without.score, want);
}

#[test]
fn two_threads_find_the_same_scores_as_one() {
    // Positions deep enough for the threads to share work (splits start at 14 empties).
    let mut rng = StdRng::seed_from_u64(0x2_7480);
    let mut one = Engine::new(8);
    one.set_threads(1);
    let mut two = Engine::new(8);
    two.set_threads(2);
    let mut checked = 0;
    while checked < 16 {
        let empties = rng.random_range(17..=20);
        let Some(board) = random_position(&mut rng, empties) else {
            continue;
        };
        let a = one.solve(&board, &|| false).expect("running");
        let b = two.solve(&board, &|| false).expect("running");
        assert_eq!(a.score, b.score, "{}", board.notation());
        // Either best move reaches the score.
        let child = board.after(b.best).expect("legal");
        assert_eq!(-exact(&mut one, &child), a.score, "{}", board.notation());
        checked += 1;
    }
    for n in [20, 25, 30, 35] {
        let (board, want) = ffo(n);
        assert_eq!(
            two.solve(&board, &|| false).expect("running").score,
            want,
            "FFO #{n}"
        );
    }
}

#[test]
fn analysis_streams_to_an_exact_answer_for_every_move() {
    let (board, want) = ffo(3);
    let limits = Limits {
        max_depth: None,
        max_millis: None,
        table_mib: 16,
        exact_empties: 20,
    };
    let mut reports = Vec::new();
    analyse(&board, &limits, &|| false, &mut |a| reports.push(a));
    let last = reports.last().expect("at least one report");
    assert!(last.exact);
    assert_eq!(last.score, Some(want));
    assert_eq!(
        last.verdict,
        match want.signum() {
            1 => Verdict::Win { plies: None },
            -1 => Verdict::Loss { plies: None },
            _ => Verdict::Draw,
        }
    );
    assert_eq!(last.moves.len(), board.legal_moves().len());
    let best = last.best.expect("a best move");
    let mut engine = Engine::new(16);
    for m in &last.moves {
        let score = m.score.expect("every move scored");
        let child = board.after(m.mv).expect("legal");
        assert_eq!(-exact(&mut engine, &child), score, "move {}", m.mv);
        assert!(score <= want);
        if m.mv == best {
            assert_eq!(score, want);
        }
    }
    // Midgame reports come first and are marked as estimates.
    assert!(reports.len() > 1);
    assert!(!reports[0].exact);
    assert!(matches!(reports[0].verdict, Verdict::Score(_)));
    assert!(reports.iter().all(|r| r.nodes > 0));
}

#[test]
fn midgame_analysis_respects_the_depth_and_scores_every_move() {
    let board = Othello::new();
    let limits = Limits {
        max_depth: Some(5),
        max_millis: None,
        table_mib: 4,
        exact_empties: 20,
    };
    let mut reports = Vec::new();
    analyse(&board, &limits, &|| false, &mut |a| reports.push(a));
    let depths: Vec<u32> = reports.iter().map(|r| r.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4, 5]);
    for r in &reports {
        assert!(!r.exact);
        assert_eq!(r.moves.len(), 4);
        assert!(
            r.moves
                .iter()
                .all(|m| matches!(m.verdict, Verdict::Score(_)))
        );
        let best = r.best.expect("best");
        assert!(board.legal_moves().contains(&best));
        assert_eq!(r.pv.first(), Some(&best));
        let top = r.moves.iter().filter_map(|m| m.score).max();
        assert_eq!(top, r.score);
    }
}

#[test]
fn analysis_stops_soon_after_cancellation() {
    let (board, _) = ffo(45);
    let limits = Limits {
        max_depth: None,
        max_millis: None,
        table_mib: 8,
        exact_empties: 64,
    };
    let reports = Cell::new(0);
    let cancel = || reports.get() >= 1;
    analyse(&board, &limits, &cancel, &mut |_| {
        reports.set(reports.get() + 1)
    });
    // The first report cancels: nothing more is reported.
    assert_eq!(reports.get(), 1);
}

#[test]
fn a_finished_game_gets_one_exact_report() {
    let board = Othello::parse(&format!("{} X", "X".repeat(64))).expect("valid");
    let mut reports = Vec::new();
    analyse(&board, &Limits::default(), &|| false, &mut |a| {
        reports.push(a)
    });
    assert_eq!(reports.len(), 1);
    assert!(reports[0].exact && reports[0].best.is_none());
    assert_eq!(reports[0].score, Some(64));
}

#[test]
fn a_forced_pass_is_analysed() {
    // Black to move has no square; white plays c1 and wins everything.
    let mut squares = vec!['-'; 64];
    squares[0] = 'O';
    squares[1] = 'X';
    let text: String = squares.iter().collect();
    let board = Othello::parse(&format!("{text} X")).expect("valid");
    let mut last = None;
    analyse(&board, &Limits::default(), &|| false, &mut |a| {
        last = Some(a)
    });
    let last = last.expect("a report");
    assert_eq!(last.best, Some(OthelloMove::Pass));
    assert_eq!(last.score, Some(-64));
    assert!(last.exact);
}

#[test]
fn on_the_clock_the_last_iteration_solves_the_whole_game() {
    // Above the exact threshold, a move with time to spare searches to the end of the
    // game: its last iteration covers every empty square, and its score is the exact
    // one (it stopped one ply short of that before, an estimate).
    let limits = Limits {
        max_depth: None,
        max_millis: Some(60_000),
        table_mib: 16,
        exact_empties: 0,
    };
    for n in [1, 4] {
        let (board, want) = ffo(n);
        let mut engine = Engine::new(16);
        engine.set_threads(1);
        let choice = engine.search(&board, &limits, &|| false).expect("a move");
        assert_eq!(choice.depth, board.empty_count(), "FFO #{n}");
        assert_eq!(choice.score, want, "FFO #{n}");
        let mut check = Engine::new(16);
        assert_eq!(
            -exact(&mut check, &board.after(choice.mv).expect("legal")),
            want
        );
    }
}

#[test]
fn every_level_plays_legal_moves() {
    let mut rng = StdRng::seed_from_u64(11);
    let limits = Limits {
        max_depth: None,
        max_millis: Some(150),
        table_mib: 4,
        exact_empties: 12,
    };
    for level in Level::ALL {
        let mut board = Othello::new();
        let mut engine = Engine::new(4);
        for _ in 0..12 {
            let m = engine
                .choose_move(&board, level, &mut rng, &limits, &|| false)
                .expect("the game goes on");
            assert!(board.legal_moves().contains(&m), "{level} played {m}");
            board.play(m).expect("legal");
        }
        assert_eq!(level.name().parse::<Level>(), Ok(level));
    }
    assert_eq!("perfect".parse::<Level>(), Ok(Level::Exact));
    assert!("grandmaster".parse::<Level>().is_err());
}

#[test]
fn exact_level_plays_a_best_move_in_the_endgame() {
    let mut rng = StdRng::seed_from_u64(3);
    let (board, want) = ffo(2);
    let limits = Limits {
        max_depth: None,
        max_millis: None,
        table_mib: 16,
        exact_empties: 20,
    };
    let m = choose_move(&board, Level::Exact, &mut rng, &limits).expect("a move");
    let mut engine = Engine::new(16);
    assert_eq!(-exact(&mut engine, &board.after(m).expect("legal")), want);
}

#[test]
fn benedict_takes_a_free_corner_and_is_reproducible() {
    // White on b2 next to black on c3: black can take a1 (and nothing else flips more).
    let mut squares = vec!['-'; 64];
    squares[9] = 'O'; // b2
    squares[18] = 'X'; // c3
    squares[27] = 'O'; // d4
    squares[36] = 'X'; // e5
    let text: String = squares.iter().collect();
    let board = Othello::parse(&format!("{text} X")).expect("valid");
    let mut rng = StdRng::seed_from_u64(1);
    let m = choose_move(&board, Level::Benedict, &mut rng, &Limits::default());
    assert_eq!(m, Some("a1".parse().expect("a1")));
    let a = choose_move(
        &Othello::new(),
        Level::Benedict,
        &mut StdRng::seed_from_u64(5),
        &Limits::default(),
    );
    let b = choose_move(
        &Othello::new(),
        Level::Benedict,
        &mut StdRng::seed_from_u64(5),
        &Limits::default(),
    );
    assert_eq!(a, b);
}

/// On the clock a search that changed its mind (another best move than the iteration
/// before, or a score fallen by two discs or more from the iteration of the same
/// parity) may start a deeper iteration later in the move's time than one that holds
/// steady; the first plies' swings do not count, nor the swing of the depth's parity.
#[test]
fn an_unsettled_search_may_start_a_deeper_iteration_later() {
    use parlor::solve::othello::{
        Choice, SOFT_SHARE, SOFT_SHARE_UNSETTLED, UNSETTLED_FROM, soft_share,
    };
    let choice = |mv: &str, score: i32, depth: u32| Choice {
        mv: mv.parse::<OthelloMove>().expect("a square"),
        score,
        exact: false,
        depth,
        nodes: 0,
    };
    let deep = UNSETTLED_FROM + 2;
    // The iterations at depth - 2, depth - 1 and depth: their moves and scores.
    let case = |mv: [&str; 3], score: [i32; 3]| {
        (
            choice(mv[0], score[0], deep - 2),
            choice(mv[1], score[1], deep - 1),
            choice(mv[2], score[2], deep),
        )
    };
    let share = |(a, b, c): &(Choice, Choice, Choice), depth| soft_share(depth, a, b, c);
    let steady = case(["d3"; 3], [2, 2, 1]);
    assert_eq!(share(&steady, deep), SOFT_SHARE);
    let rising = case(["d3"; 3], [2, 2, 9]);
    assert_eq!(share(&rising, deep), SOFT_SHARE);
    let other = case(["d3", "d3", "c4"], [2, 2, 2]);
    assert_eq!(share(&other, deep), SOFT_SHARE_UNSETTLED);
    let fallen = case(["d3"; 3], [2, 2, 0]);
    assert_eq!(share(&fallen, deep), SOFT_SHARE_UNSETTLED);
    // The parity's swing: up at one depth, down as far at the next, level with the
    // depth before: steady.
    let swing = case(["d3"; 3], [2, 4, 2]);
    assert_eq!(share(&swing, deep), SOFT_SHARE, "the depth's parity");
    // A change of move counts against the iteration just before.
    let back = case(["c4", "d3", "d3"], [2, 2, 2]);
    assert_eq!(share(&back, deep), SOFT_SHARE);
    assert_eq!(
        share(&other, UNSETTLED_FROM),
        SOFT_SHARE,
        "a shallow iteration's change of mind"
    );
}
