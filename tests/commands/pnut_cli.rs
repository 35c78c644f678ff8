//! `parlor solve pnut`, `parlor simulate pnut` and the Pnut-Butta options of `parlor play`,
//! as a script sees them. Every run gets its own HOME and XDG directories in a temp dir,
//! stdin null and stdout/stderr piped. The winners from the empty string were worked out
//! by an exhaustive search written apart from parlor's solver (see tests/pnut_rules.rs
//! for the position-by-position comparison).

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;

/// `parlor solve pnut ARGS --json`, which must succeed.
fn solve_pnut(args: &[&str]) -> Value {
    let mut all = vec!["solve", "pnut"];
    all.extend_from_slice(args);
    all.push("--json");
    json_of(&all)
}

#[test]
fn solve_from_empty_json_has_every_field() {
    let v = solve_pnut(&["--symbols", "01", "--length", "3"]);
    let obj = v.as_object().expect("an object");
    for key in [
        "game", "position", "verdict", "plies", "score", "best", "exact", "nodes", "moves",
        "symbols", "length", "depth",
    ] {
        assert!(obj.contains_key(key), "missing {key}: {v}");
    }
    assert_eq!(v["game"], "pnut");
    assert_eq!(v["position"], "");
    assert_eq!(v["symbols"], "01");
    assert_eq!(v["length"], 3);
    // k=2, l=3: the first player loses, and holds out 8 plies whatever it starts with.
    assert_eq!(v["verdict"], "loss");
    assert_eq!(v["plies"], 8);
    assert_eq!(v["exact"], true);
    assert_eq!(v["score"], Value::Null);
    let moves = v["moves"].as_array().expect("moves");
    assert_eq!(moves.len(), 2);
    for m in moves {
        assert_eq!(m["verdict"], "loss", "{m}");
        assert_eq!(m["plies"], 8, "{m}");
    }
}

#[test]
fn three_symbols_length_three_is_a_first_player_win_in_19() {
    let v = solve_pnut(&["--symbols", "012", "--length", "3"]);
    assert_eq!(v["verdict"], "win", "{v}");
    assert_eq!(v["plies"], 19, "{v}");
    assert_eq!(v["exact"], true);
    // The best move is one of the winning ones, at the fastest distance.
    let best = v["best"].as_str().expect("a best move");
    let m = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["move"] == best)
        .unwrap_or_else(|| panic!("best {best} is not listed: {v}"));
    assert_eq!(m["verdict"], "win");
    assert_eq!(m["plies"], 19);
}

#[test]
fn any_printable_symbols_work_like_digits() {
    let digits = solve_pnut(&["--symbols", "01", "--length", "2", "0"]);
    let letters = solve_pnut(&["--symbols", "ab", "--length", "2", "a"]);
    assert_eq!(digits["verdict"], letters["verdict"]);
    assert_eq!(digits["plies"], letters["plies"]);
    assert_eq!(letters["position"], "a");
}

#[test]
fn a_trapped_mover_has_lost_with_no_moves() {
    // 0,1 and length 2: 00110 has used 00 01 11 10, so either next pair repeats.
    let v = solve_pnut(&["--symbols", "01", "--length", "2", "00110"]);
    assert_eq!(v["verdict"], "loss", "{v}");
    assert_eq!(v["plies"], 0, "{v}");
    assert_eq!(v["best"], Value::Null);
    assert!(v["moves"].as_array().expect("moves").is_empty(), "{v}");
}

#[test]
fn beyond_reach_the_answer_says_it_is_not_proven() {
    let v = solve_pnut(&["--symbols", "012", "--length", "4", "--depth", "6"]);
    assert_eq!(v["exact"], false, "{v}");
    assert_eq!(v["depth"], 6, "{v}");
    assert_eq!(v["verdict"], "unknown", "{v}");
    // Still a move to play.
    assert!(v["best"].is_string(), "{v}");
}

#[test]
fn a_depth_limit_gives_a_bounded_answer() {
    let v = solve_pnut(&["--symbols", "012", "--length", "3", "--depth", "3"]);
    assert_eq!(v["exact"], false, "{v}");
    assert!(v["depth"].as_u64().expect("a depth") <= 3, "{v}");
}

#[test]
fn the_text_report_names_the_winner() {
    let run = parlor(&["solve", "pnut", "--symbols", "012", "--length", "3"]);
    run.expect_code(0);
    assert!(run.stdout.contains("wins in 19 plies"), "{}", run.stdout);
}

#[test]
fn bad_symbols_are_usage_errors() {
    let accepted = "expected 2-12 distinct printable characters";
    usage_error(
        &["solve", "pnut", "--symbols", "011"],
        &["given twice", accepted],
    );
    usage_error(
        &["solve", "pnut", "--symbols", "0"],
        &["--symbols", accepted],
    );
    usage_error(
        &["solve", "pnut", "--symbols", "0123456789abc"],
        &["13 symbols", accepted],
    );
}

#[test]
fn bad_lengths_are_usage_errors() {
    for length in ["1", "9", "x", "2.5", ""] {
        usage_error(
            &["solve", "pnut", "--symbols", "01", "--length", length],
            &["--length", "from 2 to 8"],
        );
    }
}

#[test]
fn bad_strings_are_usage_errors() {
    usage_error(
        &["solve", "pnut", "--symbols", "012", "--length", "3", "0013"],
        &["'3'", "not one of the symbols 012"],
    );
    usage_error(
        &["solve", "pnut", "--symbols", "01", "--length", "2", "000"],
        &["character 3", "'00' appeared before"],
    );
}

#[test]
fn options_of_other_games_and_unknown_options_are_refused() {
    usage_error(
        &["solve", "pnut", "--misere"],
        &["--misere is not an option of Pnut-Butta", "--symbols"],
    );
    usage_error(
        &["solve", "pnut", "--no-assist"],
        &["--no-assist is not an option of solve pnut", "--symbols"],
    );
    usage_error(
        &["solve", "pnut", "--max-seconds", "0"],
        &["--max-seconds", "above 0"],
    );
}

#[test]
fn play_options_are_checked_before_the_terminal() {
    usage_error(&["play", "pnut", "--players", "7"], &["--players", "2-6"]);
    usage_error(&["play", "pnut", "--players", "1"], &["--players", "2-6"]);
    usage_error(
        &["play", "pnut", "--players", "3", "--mode", "vs-ai"],
        &["people only"],
    );
    usage_error(&["play", "pnut", "--symbols", "aa"], &["given twice"]);
}

/// `--winner` (issue 17): the winner of 012/l=3 proven without exact distances, in
/// fewer nodes than the full solve; a loss is every move's; other games refuse it.
#[test]
fn winner_stops_once_the_winner_is_proven() {
    let full = solve_pnut(&["--symbols", "012", "--length", "3"]);
    let v = solve_pnut(&["--symbols", "012", "--length", "3", "--winner"]);
    assert_eq!(v["verdict"], "win", "{v}");
    assert_eq!(v["exact"], true, "{v}");
    assert_eq!(v["winner_only"], true, "{v}");
    assert_eq!(v["plies"], Value::Null, "{v}");
    assert_eq!(full["winner_only"], false, "{full}");
    let nodes = |v: &Value| v["nodes"].as_u64().expect("nodes");
    assert!(
        nodes(&v) * 4 < nodes(&full),
        "{} vs {}",
        nodes(&v),
        nodes(&full)
    );
    let best = v["best"].as_str().expect("a best move");
    let m = v["moves"]
        .as_array()
        .expect("moves")
        .iter()
        .find(|m| m["move"] == best)
        .expect("the best move is listed");
    assert_eq!(m["verdict"], "win", "{m}");

    let lost = solve_pnut(&["--symbols", "01", "--length", "3", "--winner"]);
    assert_eq!(lost["verdict"], "loss", "{lost}");
    for m in lost["moves"].as_array().expect("moves") {
        assert_eq!(m["verdict"], "loss", "{m}");
    }
    let text = parlor(&[
        "solve",
        "pnut",
        "--symbols",
        "012",
        "--length",
        "3",
        "--winner",
    ]);
    assert!(
        text.stdout
            .contains("Proven: the player to move wins with best play."),
        "{}",
        text.stdout
    );
    // The win/loss search proves who wins without distances: the best move "wins".
    assert!(
        text.stdout
            .lines()
            .any(|l| l.contains(" wins") && l.contains("◀ best")),
        "{}",
        text.stdout
    );
    usage_error(
        &["solve", "nim", "3,4", "--winner"],
        &["--winner is not an option of Nim"],
    );
}
