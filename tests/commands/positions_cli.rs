//! Positions in and out on the command line: `parlor play <game> --position` for every
//! game (bad ones exit 2 with the game's message; the good ones are the games' examples),
//! `parlor solve othello --moves` and OBF lines, and `parlor export` of a history
//! written in a temporary data directory.

use crate::cli_harness as harness;

use harness::*;
use parlor::config::FirstMover;
use parlor::game::othello::ggf::GgfGame;
use parlor::game::othello::{Othello, OthelloMove, move_list};
use parlor::game::{Game, Outcome};
use parlor::matchup::Difficulty;
use parlor::matchup::Mode;
use parlor::store::{MatchRecord, ResultRecord, SeatRecord, Store};

/// A position no game reads is refused by every game of the registry with a usage
/// error that names the option and quotes what was wrong (each game's good positions
/// are its `play --position` examples, run in per_game_cli).
#[test]
fn play_refuses_a_bad_position_with_the_games_message() {
    for game in crate::game_names() {
        let run = parlor(&["play", game, "--position", "?!"]);
        run.expect_code(2);
        run.stderr_has("--position");
        assert!(
            run.stderr.contains("'?!'") || run.stderr.contains("'?'"),
            "{game}: the bad text is not quoted: {}",
            run.stderr
        );
        assert!(run.stdout.is_empty(), "{game}");
    }
    usage_error(
        &["play", "pnut", "--players", "3", "--position", "01"],
        &["two players only"],
    );
}

#[test]
fn solve_othello_reads_moves_and_obf_lines() {
    let after = Othello::read("f5d6c3").expect("legal").notation();
    let v = json_of(&[
        "solve", "othello", "--moves", "f5d6c3", "--depth", "2", "--json",
    ]);
    assert_eq!(v["position"], after.as_str());
    let obf = format!("{after}; % after f5d6c3");
    let v = json_of(&["solve", "othello", &obf, "--depth", "2", "--json"]);
    assert_eq!(v["position"], after.as_str());
    // Moves from a position given.
    let start = Othello::new().notation();
    let v = json_of(&[
        "solve", "othello", &start, "--moves", "F5 D6 C3", "--depth", "2", "--json",
    ]);
    assert_eq!(v["position"], after.as_str());
    usage_error(
        &["solve", "othello", "--moves", "f5d6a1"],
        &["--moves", "move 3", "c3, c4, c5, c6, c7"],
    );
    usage_error(
        &["solve", "nim", "3,4", "--moves", "f5"],
        &["--moves is not an option of Nim"],
    );
    usage_error(&["solve", "othello"], &["--moves"]);
}

fn seat(name: &str, ai: Option<Difficulty>) -> SeatRecord {
    SeatRecord {
        name: name.into(),
        ai,
    }
}

/// A finished Othello game: black plays the first legal square, white the last.
fn othello_record() -> (MatchRecord, Othello, Vec<OthelloMove>) {
    let mut board = Othello::new();
    let mut moves = Vec::new();
    while let Some(mv) = {
        let legal = board.legal_moves();
        if moves.len() % 2 == 0 {
            legal.first().copied()
        } else {
            legal.last().copied()
        }
    } {
        board.play(mv).expect("legal");
        moves.push(mv);
    }
    let record = MatchRecord {
        game: "othello".into(),
        options: serde_json::json!({}),
        mode: Mode::VsAi,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        level: "strong".into(),
        from_position: None,
        start: Othello::new().notation(),
        seats: [seat("You", None), seat("AI", Some(Difficulty::Strong))],
        moves: moves.iter().map(|m| m.to_string()).collect(),
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 7,
        started: "2026-11-23T19:20:05Z".into(),
        saved: "2026-11-23T19:40:00Z".into(),
        result: board.outcome().map(ResultRecord::from),
        first_margin: board.first_margin(),
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    };
    (record, board, moves)
}

fn nim_record() -> MatchRecord {
    MatchRecord {
        game: "nim".into(),
        options: serde_json::json!({}),
        mode: Mode::TwoPlayers,
        first: FirstMover::You,
        difficulty: Difficulty::Perfect,
        level: "perfect".into(),
        from_position: Some("1,2".into()),
        start: "1,2".into(),
        seats: [seat("Player 1", None), seat("Player 2", None)],
        moves: vec!["2:1".into(), "1:1".into(), "2:1".into()],
        mistakes: Vec::new(),
        hints: None,
        redo: Vec::new(),
        seed: 1,
        started: "2026-11-23T20:00:00Z".into(),
        saved: "2026-11-23T20:01:00Z".into(),
        result: Some(ResultRecord::First),
        first_margin: None,
        clock: None,
        ended_by: None,
        given: 0,
        aids: Default::default(),
    }
}

#[test]
fn export_prints_a_finished_game_from_the_history() {
    let sandbox = Sandbox::new();
    let dir = sandbox.data_home().join("games");
    let env = [("PARLOR_DATA_DIR", dir.to_str().expect("a UTF-8 path"))];
    let run = |args: &[&str]| sandbox.run_with_env(args, &env);

    // No history yet: a clear word, exit 2, and nothing created.
    run(&["export"])
        .expect_code(2)
        .stderr_has("no finished games");
    assert!(!dir.exists());

    let (othello, board, moves) = othello_record();
    let mut store = Store::open(dir.clone());
    assert!(store.finish_match(None, &othello));
    assert!(store.finish_match(None, &nim_record()));

    // 1 (the default) is the last game: the Nim one.
    let last = run(&["export"]);
    last.expect_code(0);
    assert_eq!(last.stdout, run(&["export", "1"]).stdout);
    for line in [
        "game: Nim (nim)",
        "start: 1,2",
        "moves: 2:1 1:1 2:1",
        "result: Player 1 (first) won",
    ] {
        assert!(last.stdout.contains(line), "{line:?} in\n{}", last.stdout);
    }

    // A game lost on time says so.
    let mut timed = nim_record();
    timed.ended_by = Some(parlor::store::EndedBy::Time);
    // Another game, begun later (the history keeps one entry per game begun).
    timed.started = "2026-11-25T08:00:00Z".into();
    assert!(store.finish_match(None, &timed));
    let out = run(&["export", "1"]);
    out.expect_code(0);
    assert!(
        out.stdout.contains("result: Player 1 (first) won on time"),
        "{}",
        out.stdout
    );
    assert!(
        run(&["export", "1", "--format", "json"])
            .stdout
            .replace([' ', '\n'], "")
            .contains("\"ended_by\":\"time\""),
        "the JSON record keeps how it ended"
    );

    // 3 is the Othello game: its move list reads back to its final board.
    let out = run(&["export", "3"]);
    out.expect_code(0);
    let list = out
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("moves: "))
        .expect("a moves line");
    assert_eq!(list, move_list(&moves));
    assert_eq!(Othello::read(list), Ok(board));
    let winner = match board.outcome() {
        Some(Outcome::Win(parlor::game::Seat::First)) => "You (first) won",
        Some(Outcome::Win(_)) => "AI (strong) (second) won",
        _ => "a draw",
    };
    assert!(out.stdout.contains(winner), "{winner:?} in\n{}", out.stdout);
    // Its named opening (every game of two moves or more from the start has one); a
    // Nim game has none.
    let name = parlor::game::othello::openings::opening_name(&moves).expect("a named opening");
    assert!(
        out.stdout.contains(&format!("\nopening: {name}")),
        "{name:?} in\n{}",
        out.stdout
    );
    assert!(!last.stdout.contains("opening:"), "{}", last.stdout);

    // GGF, replayed with our own reader and checked field by field.
    let ggf = run(&["export", "3", "--format", "ggf"]);
    ggf.expect_code(0);
    let text = ggf.stdout.trim();
    assert!(
        text.starts_with(
            "(;GM[Othello]PC[parlor]DT[2026.11.23_19:20:05.UTC]PB[You]PW[AI (strong)]"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "TY[8]BO[8 -------- -------- -------- ---O*--- ---*O--- -------- -------- -------- *]"
        ),
        "{text}"
    );
    let game = GgfGame::parse(text).expect("our GGF reads back");
    assert_eq!(game.moves, moves);
    assert_eq!(game.end(), board);
    assert_eq!(game.result, board.first_margin());
    assert!(text.contains(&format!("RE[{:+}.000]", board.first_margin().unwrap_or(0))));

    // JSON is the record itself.
    let json = run(&["export", "3", "--format", "json"]);
    json.expect_code(0);
    let back: MatchRecord = serde_json::from_str(&json.stdout).expect("a record");
    assert_eq!(back, othello);

    // Out of range, not a number, a format the game has not, no such format.
    for (args, words) in [
        (&["export", "4"][..], "accepted 1-3"),
        (&["export", "0"][..], "accepted 1-3"),
        (&["export", "last"][..], "not a game number"),
        (
            &["export", "--format", "ggf"][..],
            "Nim, which has no ggf format",
        ),
        (
            &["export", "--format", "pdf"][..],
            "expected moves, json, ggf (Othello)",
        ),
    ] {
        let r = run(args);
        r.expect_code(2).stderr_has(words);
        assert!(r.stdout.is_empty(), "{args:?}: {}", r.stdout);
    }
}

/// Winners & Losers LLWWW, saved before moves were written by their end in words: L
/// was the left end, R the right one.
fn wl_record() -> MatchRecord {
    MatchRecord {
        game: "wl".into(),
        from_position: Some("LLWWW".into()),
        start: "LLWWW".into(),
        moves: ["L", "R", "L", "R", "L"].map(String::from).to_vec(),
        ..nim_record()
    }
}

#[test]
fn export_writes_winners_and_losers_moves_as_the_screens_show_them() {
    let sandbox = Sandbox::new();
    let dir = sandbox.data_home().join("games");
    let env = [("PARLOR_DATA_DIR", dir.to_str().expect("a UTF-8 path"))];
    let mut store = Store::open(dir.clone());
    assert!(store.finish_match(None, &wl_record()));
    let out = sandbox.run_with_env(&["export"], &env);
    out.expect_code(0);
    // Each move: the end and the letter it took (the old L and R read back).
    let line = "moves: left L, right W, left L, right W, left W";
    assert!(out.stdout.contains(line), "{line:?} in\n{}", out.stdout);
}
