//! Positions in and out on the command line: `parlor play <game> --position` for every
//! game (good ones reach the terminal check, bad ones exit 2 with the game's message),
//! `parlor solve othello --moves` and OBF lines, and `parlor export` of a history
//! written in a temporary data directory.

use crate::cli_harness as harness;

use harness::*;
use parlor::cli::{Cli, Command, play_setup};
use parlor::config::{Config, FirstMover};
use parlor::game::othello::ggf::GgfGame;
use parlor::game::othello::{Othello, OthelloMove, move_list};
use parlor::game::{Game, Outcome};
use parlor::matchup::Difficulty;
use parlor::matchup::Mode;
use parlor::store::{MatchRecord, ResultRecord, SeatRecord, Store};

/// Per game: a position it takes, and one it refuses with words from its message.
const POSITIONS: [(&str, &str, &str, &str); 6] = [
    ("nim", "3,4,5", "3,x", "pile 2 is 'x'"),
    ("1357", "1,3,5,7", "1,3,y", "pile 3 is 'y'"),
    (
        "chopsticks",
        "1,1/1,1",
        "1,1/1,7",
        "'7' is not a count of 0-4",
    ),
    (
        "othello",
        "f5d6c3",
        "f5d6a1",
        "move 3: black (X) cannot play a1",
    ),
    ("pnut", "0120", "01a", "'a' (character 3 of the string)"),
    ("wl", "WLLW", "WLX", "letter 3 is 'X'"),
];

/// The table above has a line for every game of the registry, so a new game cannot be
/// skipped without a word.
#[test]
fn every_game_has_positions_in_the_table() {
    let mut listed: Vec<&str> = POSITIONS.iter().map(|p| p.0).collect();
    let mut games = crate::game_names();
    listed.sort_unstable();
    games.sort_unstable();
    assert_eq!(listed, games, "a game without a line in POSITIONS");
}

#[test]
fn play_takes_a_position_for_every_game() {
    for (game, good, _, _) in POSITIONS {
        let games = parlor::arcade::registry();
        let matches = parlor::cli::command(&games)
            .try_get_matches_from(["parlor", "play", game, "--position", good])
            .expect("the arguments parse");
        let cli = <Cli as clap::FromArgMatches>::from_arg_matches(&matches).expect("a command");
        let Some(Command::Play(args)) = cli.command else {
            panic!("not play: {game}");
        };
        let args = args.0.resolve(&games).expect("a game");
        let setup = play_setup(&args, &Config::default()).expect("a good position");
        assert_eq!(setup.position.as_deref(), Some(good), "{game}");
        // The real binary goes on to want a terminal: the position was fine.
        let run = parlor(&["play", game, "--position", good]);
        run.expect_code(2).stderr_has("interactive terminal");
        assert!(!run.stderr.contains("--position"), "{game}: {}", run.stderr);
    }
}

#[test]
fn play_refuses_a_bad_position_with_the_games_message() {
    for (game, _, bad, words) in POSITIONS {
        usage_error(&["play", game, "--position", bad], &["--position", words]);
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
        redo: Vec::new(),
        seed: 7,
        started: "2026-11-23T19:20:05Z".into(),
        saved: "2026-11-23T19:40:00Z".into(),
        result: board.outcome().map(ResultRecord::from),
        first_margin: board.first_margin(),
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
        redo: Vec::new(),
        seed: 1,
        started: "2026-11-23T20:00:00Z".into(),
        saved: "2026-11-23T20:01:00Z".into(),
        result: Some(ResultRecord::First),
        first_margin: None,
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

    // 2 is the Othello game: its move list reads back to its final board.
    let out = run(&["export", "2"]);
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

    // GGF, replayed with our own reader and checked field by field.
    let ggf = run(&["export", "2", "--format", "ggf"]);
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
    let json = run(&["export", "2", "--format", "json"]);
    json.expect_code(0);
    let back: MatchRecord = serde_json::from_str(&json.stdout).expect("a record");
    assert_eq!(back, othello);

    // Out of range, not a number, a format the game has not, no such format.
    for (args, words) in [
        (&["export", "3"][..], "accepted 1-2"),
        (&["export", "0"][..], "accepted 1-2"),
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
