//! The puzzle trainer through the app (issue 37): opened from the menu (the game's
//! setup, its Puzzles row), a wrong move shown with the line that beats it and tried
//! again, a right one answered until the puzzle is solved, the result kept in the data
//! directory with the rating moved; the screen at 80x24 and 120x40 compared with
//! reviewed snapshots.

use std::time::{Duration, Instant};

use parlor::config::Config;
use parlor::tui::app::{Screen, Start};
use parlor::tui::harness::Harness;
use parlor::tui::trainer::{State, TrainerScreen};
use ratatui::crossterm::event::KeyCode;

use KeyCode::{Down, Enter, Right};

fn trainer(h: &Harness) -> &TrainerScreen {
    match h.app.screen() {
        Screen::Trainer(t) => t,
        _ => panic!("not in the trainer"),
    }
}

fn state(h: &Harness) -> State {
    trainer(h).state().cloned().expect("a puzzle on the board")
}

/// Lets time pass until `ok` holds of the trainer's state (the coach answers on a
/// thread of its own); the guard only turns a hang into a failure.
fn until(h: &mut Harness, what: &str, ok: impl Fn(&State) -> bool) {
    let guard = Instant::now() + Duration::from_secs(60);
    while !ok(&state(h)) {
        assert!(Instant::now() < guard, "never {what}:\n{}", h.screen());
        h.ticks(1);
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// Opens Nim's trainer from the menu: Nim's entry, then its setup's Puzzles row (two
/// under Start, where the setup opens, past Lesson), rated.
fn open_from_menu(width: u16, height: u16, dir: &std::path::Path) -> Harness {
    let games = parlor::arcade::registry();
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, width, height, dir);
    h.keys(&[Enter, Down, Down]);
    let setup = h.screen();
    assert!(
        setup.contains("Puzzles") && setup.contains("rated"),
        "{setup}"
    );
    h.key(Enter);
    until(&mut h, "the player's turn", |s| *s == State::YourMove);
    // A reflex Enter is held back for a moment; then the panel says "Your move.".
    let guard = Instant::now() + Duration::from_secs(60);
    while !h.screen().contains("Your move.") {
        assert!(
            Instant::now() < guard,
            "never \"Your move.\":\n{}",
            h.screen()
        );
        h.ticks(1);
    }
    h
}

/// A burst of reflex Enters as a new puzzle appears plays nothing, however long it
/// lasts (three Enters 0.3 s apart played the preselected move: a play-tester's rated
/// miss); once the keys stop, Enter still plays nothing until a move is chosen (a
/// single reflex Enter a second after "next" missed a puzzle too), and says so.
#[test]
fn a_burst_of_enters_on_a_new_puzzle_plays_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let games = parlor::arcade::registry();
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, 80, 24, dir.path());
    h.keys(&[Enter, Down, Down, Enter]);
    until(&mut h, "the player's turn", |s| *s == State::YourMove);
    for _ in 0..6 {
        h.key(Enter);
        h.ticks(6); // 0.3 s
        assert_eq!(state(&h), State::YourMove, "{}", h.screen());
        assert!(trainer(&h).played().is_empty(), "{}", h.screen());
    }
    h.ticks(13); // the keys stopped: 0.65 s later Enter asks for a choice
    h.key(Enter);
    assert!(trainer(&h).played().is_empty(), "{}", h.screen());
    assert!(
        h.screen().contains("A new puzzle: choose your move"),
        "{}",
        h.screen()
    );
    // An arrow is a choice: Enter then plays.
    h.keys(&[Right, Enter]);
    assert!(!trainer(&h).played().is_empty(), "{}", h.screen());
}

#[test]
fn a_puzzle_is_missed_tried_again_and_solved_and_the_result_kept() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open_from_menu(80, 24, dir.path());
    insta::assert_snapshot!("trainer_your_move_80x24", h.screen());
    let puzzle = trainer(&h).puzzle().cloned().unwrap();
    let wrong = h
        .app
        .legal_moves_text()
        .into_iter()
        .find(|m| !puzzle.winning.contains(m))
        .expect("a puzzle has losing moves");
    h.play(&wrong);
    until(&mut h, "the line shown", |s| {
        matches!(s, State::Wrong { line: Some(_), .. })
    });
    let screen = h.screen();
    assert!(
        screen.contains(&format!("✗ {wrong} lets the opponent win in")),
        "{screen}"
    );
    // The first puzzle gives a first rating: no change from one never had.
    let rating_line = screen
        .lines()
        .find(|l| l.contains("Your puzzle rating:"))
        .unwrap_or_default()
        .to_string();
    assert!(!rating_line.contains("(-"), "{screen}");
    // The puzzle's own rating is told apart from the player's ("Puzzle rating: 1367"
    // above "Your puzzle rating: 1370?" read as one number twice).
    assert!(screen.contains("This puzzle is rated "), "{screen}");
    assert!(!screen.contains("│Puzzle rating:"), "{screen}");
    // The board stands still after the miss: its turn line says so, not whose turn
    // it would be ("Player 2's turn" read as a live game).
    assert!(
        screen.contains("Missed: the board after your move"),
        "{screen}"
    );
    assert!(!screen.contains("'s turn"), "{screen}");
    insta::assert_snapshot!("trainer_wrong_80x24", screen);
    let missed = trainer(&h).progress().clone();
    assert_eq!(missed.attempts.len(), 1);
    assert!(!missed.attempts[0].solved);
    let after_miss = missed.rating.unwrap().rating;
    assert!(
        after_miss < 1500.0,
        "a miss lowers the rating: {after_miss}"
    );

    // Tried again: the winning line to the end, the solver defending. (An Enter at
    // once is held back: the miss is read first.)
    h.key(Enter);
    assert!(matches!(state(&h), State::Wrong { .. }), "{}", h.screen());
    h.ticks(13);
    h.key(Enter);
    until(&mut h, "the player's turn again", |s| *s == State::YourMove);
    // The Enter that retried, pressed again once the board has settled, plays
    // nothing until another key: it played the preselected move, a second miss.
    h.ticks(40);
    h.key(Enter);
    assert_eq!(state(&h), State::YourMove, "{}", h.screen());
    assert!(
        h.screen().contains("Again from here: choose your"),
        "{}",
        h.screen()
    );
    let mut moves = 0;
    while state(&h) == State::YourMove {
        let values = {
            let legal = h.app.legal_moves_text();
            assert!(!legal.is_empty());
            legal
        };
        // The listed winning move first, then whichever keeps the win (the trainer
        // refuses nothing: a losing move would show as wrong, and the test fails).
        let mv = if moves == 0 {
            puzzle.winning[0].clone()
        } else {
            winning_move(&mut h, &values)
        };
        h.play(&mv);
        assert!(
            !matches!(state(&h), State::Wrong { .. }),
            "{mv} was wrong:\n{}",
            h.screen()
        );
        moves += 1;
        until(&mut h, "the reply or the solve", |s| {
            matches!(s, State::YourMove | State::Solved { .. })
        });
        assert!(moves < 20);
    }
    let screen = h.screen();
    // Finished on the retry, but kept as the miss it was: not called "Solved".
    assert!(screen.contains("✓ Finished"), "{screen}");
    assert!(!screen.contains("Solved"), "{screen}");
    assert!(
        screen.contains("│Finished, on a retry."),
        "the board's line:\n{screen}"
    );
    assert!(!screen.contains("Player 1 wins"), "{screen}");
    assert!(screen.contains("counts as missed"), "{screen}");
    // Kept in the data directory: the miss, then nothing more for a puzzle retried.
    let mut store = parlor::store::Store::open(dir.path().to_path_buf());
    let kept = store.puzzle_progress("nim");
    assert_eq!(
        kept.attempts.len(),
        1,
        "a retried puzzle is not counted twice"
    );
    assert_eq!(kept.rating.unwrap().rating, after_miss);
    // The next puzzle comes with Enter, once the result has been on screen a moment
    // (a burst of Enters after the last move went past it unread).
    h.key(Enter);
    assert!(matches!(state(&h), State::Solved { .. }), "{}", h.screen());
    h.ticks(6);
    h.key(Enter);
    assert!(matches!(state(&h), State::Solved { .. }), "{}", h.screen());
    h.ticks(13);
    h.key(Enter);
    until(&mut h, "the next puzzle", |s| *s == State::YourMove);
    assert_ne!(trainer(&h).puzzle().unwrap().id, puzzle.id);
}

/// A move that keeps the win from the board's position: found by a plain search of
/// the Nim position the board shows (misère when the title says so).
fn winning_move(h: &mut Harness, legal: &[String]) -> String {
    let misere = h.screen().contains("misère");
    let position = match h.app.screen() {
        Screen::Trainer(t) => t.board().unwrap().position_text(),
        _ => unreachable!(),
    };
    let piles: Vec<u32> = position
        .split(',')
        .map(|p| p.trim().parse().unwrap())
        .collect();
    for mv in legal {
        let (pile, take) = mv.split_once(':').unwrap();
        let (pile, take): (usize, u32) = (pile.parse().unwrap(), take.parse().unwrap());
        let mut after = piles.clone();
        after[pile - 1] -= take;
        if !mover_wins(&after, misere) {
            return mv.clone();
        }
    }
    panic!("no winning move from {position}");
}

/// Whether the player to move wins Nim from `piles`, by brute force.
fn mover_wins(piles: &[u32], misere: bool) -> bool {
    if piles.iter().all(|&p| p == 0) {
        // The last coin was taken by the other player: it won (normal) or lost.
        return misere;
    }
    (0..piles.len()).any(|i| {
        (1..=piles[i]).any(|take| {
            let mut after = piles.to_vec();
            after[i] -= take;
            !mover_wins(&after, misere)
        })
    })
}

#[test]
fn the_trainer_at_120x40() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open_from_menu(120, 40, dir.path());
    insta::assert_snapshot!("trainer_your_move_120x40", h.screen());
    // Its help says how puzzles work before the game's rules.
    h.key(KeyCode::Char('?'));
    let help = h.screen();
    assert!(
        help.contains("Puzzles: Nim") && help.contains("counts as missed"),
        "{help}"
    );
    h.key(KeyCode::Esc);
    assert!(h.screen().contains("Your move."));
}

#[test]
fn a_win_let_go_in_a_game_against_the_ai_comes_back_as_your_puzzle() {
    let dir = tempfile::tempdir().unwrap();
    let games = parlor::arcade::registry();
    let mut h = Harness::with_store(&games, Config::default(), Start::Menu, 80, 24, dir.path());
    // Nim from the usual 3-4-5 against the perfect AI, the person first: a won start.
    h.keys(&[Enter, Enter]);
    h.settle();
    assert!(h.screen().contains("3-4-5") || h.app.legal_moves_text().contains(&"1:2".to_string()));
    // 1:1 lets the win go (2,4,5 has a nim-sum of 3: the AI wins from there).
    h.play("1:1");
    for _ in 0..200 {
        if h.screen().contains("Game over") {
            break;
        }
        let legal = h.app.legal_moves_text();
        match legal.first() {
            Some(mv) => {
                let mv = mv.clone();
                h.play(&mv);
            }
            None => {
                h.ticks(5);
            }
        }
    }
    assert!(h.screen().contains("Game over"), "{}", h.screen());
    // Back to the menu, Nim's setup, the Puzzles row turned to "yours".
    h.key(KeyCode::Esc);
    h.keys(&[
        Enter,
        Down,
        Down,
        KeyCode::Right,
        KeyCode::Right,
        KeyCode::Right,
    ]);
    assert!(h.screen().contains("yours"), "{}", h.screen());
    h.key(Enter);
    let guard = Instant::now() + Duration::from_secs(60);
    while trainer(&h).state().is_none() {
        assert!(Instant::now() < guard, "never a puzzle:\n{}", h.screen());
        h.ticks(1);
        std::thread::sleep(Duration::from_millis(5));
    }
    until(&mut h, "the player's turn", |s| *s == State::YourMove);
    let t = trainer(&h);
    let puzzle = t.puzzle().unwrap();
    assert_eq!(puzzle.position, "3,4,5");
    assert_eq!(puzzle.winning, ["1:2"]);
    let (from, at, of) = t.yours().unwrap();
    assert!(
        from.starts_with("your game of ") && from.ends_with("move 1"),
        "{from}"
    );
    assert_eq!((at, of), (1, 1));
    let screen = h.screen();
    assert!(screen.contains("Your puzzles · 1 of 1"), "{screen}");
    // Solved to the end, it is kept but moves no rating (the player's own puzzles are
    // not rated).
    let mut moves = 0;
    while state(&h) == State::YourMove {
        let legal = h.app.legal_moves_text();
        let mv = winning_move(&mut h, &legal);
        h.play(&mv);
        until(&mut h, "the reply or the solve", |s| {
            matches!(s, State::YourMove | State::Solved { .. })
        });
        moves += 1;
        assert!(moves < 20);
    }
    let kept = parlor::store::Store::open(dir.path().to_path_buf()).puzzle_progress("nim");
    assert_eq!(kept.attempts.len(), 1, "{kept:?}");
    assert!(kept.attempts[0].solved);
    assert_eq!(kept.rating, None, "{kept:?}");
}

#[test]
fn a_skip_before_a_move_is_free_and_leaving_a_puzzle_begun_counts_as_missed() {
    let dir = tempfile::tempdir().unwrap();
    let mut h = open_from_menu(80, 24, dir.path());
    let first = trainer(&h).puzzle().unwrap().id.clone();
    let footer = |h: &mut Harness| h.screen().lines().last().unwrap_or_default().to_string();
    assert!(footer(&mut h).contains("n skip"), "{}", footer(&mut h));
    assert!(!footer(&mut h).contains("a miss"), "{}", footer(&mut h));
    h.key(KeyCode::Char('n'));
    until(&mut h, "the next puzzle", |s| *s == State::YourMove);
    let puzzle = trainer(&h).puzzle().cloned().unwrap();
    assert_ne!(puzzle.id, first);
    assert!(
        trainer(&h).progress().attempts.is_empty(),
        "a skip before a move is free"
    );
    // A right move, then Esc: the puzzle was begun, so it counts as missed.
    h.play(&puzzle.winning[0]);
    until(&mut h, "the reply", |s| {
        matches!(s, State::YourMove | State::Solved { .. })
    });
    assert_eq!(state(&h), State::YourMove, "{}", h.screen());
    // Begun: the footer says what a skip costs now.
    assert!(
        footer(&mut h).contains("n skip (a miss)"),
        "{}",
        footer(&mut h)
    );
    {
        h.key(KeyCode::Esc);
        let kept = parlor::store::Store::open(dir.path().to_path_buf()).puzzle_progress("nim");
        assert_eq!(kept.attempts.len(), 1, "{kept:?}");
        assert!(!kept.attempts[0].solved);
        assert_eq!(kept.attempts[0].id, puzzle.id);
        // Back on the setup, on the Puzzles row as it was.
        let screen = h.screen();
        assert!(
            screen.contains("Enter puzzles"),
            "the Puzzles row selected: {screen}"
        );
        assert!(matches!(h.app.screen(), Screen::Setup(_)));
    }
}

/// Whether best play from `puzzle` (as the coach plays both sides) has a pass on it: a
/// side moving twice in a row.
fn line_has_a_pass(
    book: &parlor::plugin::puzzle::PuzzleBook,
    setup: &parlor::plugin::GameSetup,
) -> bool {
    use parlor::plugin::puzzle::coach;
    let mut at = setup.clone();
    let mut last = None;
    for _ in 0..64 {
        let Ok(moves) = (book.coach)(&at) else {
            return false;
        };
        let Some(best) = coach::best(&moves) else {
            return false;
        };
        if last == Some(best.mover) {
            return true;
        }
        last = Some(best.mover);
        at.position = Some(best.after.clone());
    }
    false
}

#[test]
fn an_othello_puzzle_with_a_pass_on_its_line_is_answered_and_solved() {
    use parlor::plugin::puzzle::{coach, pick};
    use parlor::store::puzzles::{GameProgress, PuzzleMode};
    let games = parlor::arcade::registry();
    let othello = games.find("othello").expect("Othello");
    let config = Config::default();
    let book = othello.kind().puzzles().expect("Othello has puzzles");
    let puzzles = book.shipped().expect("the set reads");
    let (index, puzzle) = puzzles
        .iter()
        .enumerate()
        .find(|(_, p)| {
            let setup = coach::setup_of(othello, p, &config).expect("a setup");
            line_has_a_pass(&book, &setup)
        })
        .expect("a puzzle whose best line has a pass");
    // The daily puzzle of some date is that one.
    let date = (0..100_000)
        .map(|d| format!("day {d}"))
        .find(|d| pick::daily("othello", &puzzles, d) == Some(index))
        .expect("a date that picks it");
    let mut trainer = TrainerScreen::new(
        othello,
        PuzzleMode::Daily,
        GameProgress::default(),
        Vec::new(),
        &config,
        &date,
        1,
    )
    .expect("the trainer");
    assert_eq!(
        trainer.puzzle().map(|p| p.id.clone()),
        Some(puzzle.id.clone())
    );
    let mut rng = <parlor::seeds::GameRng as rand::SeedableRng>::seed_from_u64(1);
    let guard = Instant::now() + Duration::from_secs(120);
    let mut moves_made = 0;
    loop {
        assert!(
            Instant::now() < guard,
            "never solved: {:?}",
            trainer.state()
        );
        trainer.tick(50, &mut rng);
        match trainer.state().cloned().expect("a puzzle") {
            State::YourMove => {
                // The right move by the coach on the board's position.
                let board = trainer.board().expect("a board");
                let mut setup = board.setup().clone();
                setup.position = Some(board.position_text());
                let values = (book.coach)(&setup).expect("values");
                let right = coach::best(&values).expect("a move").text.clone();
                trainer.play_text(&right).expect("the move is taken");
                moves_made += 1;
            }
            State::Solved { .. } => break,
            State::Wrong { .. } | State::Broken(_) => {
                panic!("{}: {:?}", puzzle.id, trainer.state())
            }
            _ => std::thread::sleep(Duration::from_millis(2)),
        }
    }
    // Every move of the puzzle's side on the board was the player's (the test's), and
    // the trainer made every other: replayed by the rules from the puzzle's position.
    use parlor::game::Game;
    use parlor::game::othello::{Othello, OthelloMove};
    let record = trainer
        .board()
        .and_then(|b| b.record())
        .expect("the board's record");
    let mut replay = Othello::parse(&puzzle.position).expect("the position");
    let player = replay.to_move();
    let mut players_moves = 0;
    for text in &record.moves {
        let mv: OthelloMove = text.parse().expect("a move");
        if replay.to_move() == player && mv != OthelloMove::Pass {
            players_moves += 1;
        }
        replay.play(mv).expect("a legal move");
    }
    assert_eq!(
        players_moves, moves_made,
        "{}: the player's moves {:?}",
        puzzle.id, record.moves
    );
}

#[test]
fn othellos_hint_is_on_m_because_h_is_a_column() {
    use parlor::store::puzzles::PuzzleMode;
    let dir = tempfile::tempdir().unwrap();
    let games = parlor::arcade::registry();
    let othello = games.find("othello").expect("Othello");
    let mut h = Harness::with_store(
        &games,
        Config::default(),
        Start::Puzzles(othello, PuzzleMode::Rated),
        80,
        24,
        dir.path(),
    );
    until(&mut h, "the player's turn", |s| *s == State::YourMove);
    let guard = Instant::now() + Duration::from_secs(60);
    while !h.screen().contains("Your move.") {
        assert!(Instant::now() < guard, "never \"Your move.\"");
        h.ticks(1);
    }
    let screen = h.screen();
    assert!(screen.contains("m hint"), "{screen}");
    assert!(screen.contains("m shows a best move"), "{screen}");
    // h starts a square (column h), as in a game: no hint.
    h.key(KeyCode::Char('h'));
    assert!(!h.screen().contains("Hint:"), "{}", h.screen());
    h.key(KeyCode::Esc);
    assert_eq!(
        state(&h),
        State::YourMove,
        "Esc drops the half-typed square"
    );
    h.key(KeyCode::Char('m'));
    let hinted = h.screen();
    assert!(hinted.contains("Hint:"), "{hinted}");
    assert!(hinted.contains("keeps the best"), "{hinted}");
}
