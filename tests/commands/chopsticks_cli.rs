//! `parlor solve chopsticks`, `parlor simulate chopsticks` and the Chopsticks options of
//! `parlor play`, as a script sees them. Every run gets its own HOME and XDG directories
//! in a temp dir, stdin null and stdout/stderr piped.

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;

#[test]
fn solve_the_start_json_has_every_field() {
    let v = json_of(&["solve", "chopsticks", "1,1/1,1", "--json"]);
    let obj = v.as_object().unwrap();
    for key in [
        "game", "position", "verdict", "plies", "score", "best", "exact", "nodes", "moves",
    ] {
        assert!(obj.contains_key(key), "missing {key}: {v}");
    }
    assert_eq!(v["game"], "chopsticks");
    assert_eq!(v["position"], "1,1/1,1");
    assert_eq!(v["verdict"], "loss");
    assert_eq!(v["plies"], 26);
    assert_eq!(v["score"], Value::Null);
    assert_eq!(v["exact"], true);
    assert!(v["nodes"].as_u64().unwrap() >= 600);
    let moves = v["moves"].as_array().unwrap();
    let names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    assert_eq!(
        names,
        [
            "hit:l:l",
            "hit:l:r",
            "hit:r:l",
            "hit:r:r",
            "split:0,2",
            "split:2,0"
        ]
    );
    for m in moves {
        assert_eq!(m["verdict"], "loss", "{m}");
    }
    // The hits hold out 26 plies, the splits only 16; the best move resists longest.
    assert_eq!(moves[0]["plies"], 26);
    assert_eq!(moves[4]["plies"], 16);
    assert!(v["best"].as_str().unwrap().starts_with("hit:"), "{v}");
}

#[test]
fn the_position_defaults_to_the_start() {
    assert_eq!(
        json_of(&["solve", "chopsticks", "--json"]),
        json_of(&["solve", "chopsticks", "1,1/1,1", "--json"])
    );
}

#[test]
fn variants_of_the_start_are_draws() {
    for flags in [
        &["--rollover"][..],
        &["--no-empty-splits"][..],
        &["--rollover", "--no-empty-splits"][..],
    ] {
        let mut args = vec!["solve", "chopsticks", "1,1/1,1", "--json"];
        args.extend(flags);
        let v = json_of(&args);
        assert_eq!(v["verdict"], "draw", "{flags:?}: {v}");
        assert_eq!(v["plies"], Value::Null, "{flags:?}");
    }
    let v = json_of(&["solve", "chopsticks", "--no-empty-splits", "--json"]);
    assert_eq!(v["moves"].as_array().unwrap().len(), 4, "no splits at 1,1");
}

#[test]
fn a_won_position_names_the_winning_hit() {
    let v = json_of(&["solve", "chopsticks", "1,0/0,4", "--json"]);
    assert_eq!(v["verdict"], "win");
    assert_eq!(v["plies"], 1);
    assert_eq!(v["best"], "hit:l:r");
    // In rollover 4 + 1 = 5 kills just the same.
    let v = json_of(&["solve", "chopsticks", "1,0/0,4", "--rollover", "--json"]);
    assert_eq!(v["best"], "hit:l:r");
    assert_eq!(v["plies"], 1);
}

#[test]
fn a_finished_position_is_lost_with_no_moves() {
    let v = json_of(&["solve", "chopsticks", "0,0/1,3", "--json"]);
    assert_eq!(v["verdict"], "loss");
    assert_eq!(v["plies"], 0);
    assert_eq!(v["best"], Value::Null);
    assert!(v["moves"].as_array().unwrap().is_empty());
    let r = parlor(&["solve", "chopsticks", "0,0/1,3"]);
    assert_eq!(r.code, 0);
    assert!(r.stdout.contains("The game is over"), "{}", r.stdout);
}

#[test]
fn text_output_gives_the_verdict_and_every_move() {
    let r = parlor(&["solve", "chopsticks", "1,1/1,1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    for needle in [
        "Chopsticks 1,1/1,1",
        "loses in 26 plies",
        "split:0,2",
        "loses in 16 plies",
        "600 states",
    ] {
        assert!(r.stdout.contains(needle), "{needle}:\n{}", r.stdout);
    }
    let r = parlor(&["solve", "chopsticks", "--rollover"]);
    assert!(r.stdout.contains("player to move draws"), "{}", r.stdout);
}

/// Moves that tie are equally best: at 1,2/1,1 the mirror splits both win in 25 and
/// both are marked, the hits (worse) are not.
#[test]
fn every_move_as_good_as_the_best_is_marked_best() {
    let r = parlor(&["solve", "chopsticks", "1,2/1,1"]);
    assert_eq!(r.code, 0, "{}", r.stderr);
    let marked: Vec<&str> = r
        .stdout
        .lines()
        .filter(|l| l.ends_with("◀ best"))
        .filter_map(|l| l.split_whitespace().next())
        .collect();
    assert_eq!(marked, ["split:0,3", "split:3,0"], "{}", r.stdout);
    assert!(
        r.stdout.contains("split:3,0  wins in 25 plies"),
        "{}",
        r.stdout
    );
}

#[test]
fn bad_positions_are_usage_errors_naming_the_notation() {
    for (bad, why) in [
        ("1,1", "no '/'"),
        ("5,1/1,1", "'5'"),
        ("1,1/0,0", "both dead"),
        ("x", "'x'"),
        ("1,1/1,1/1,1", "'1/1,1'"),
        ("-1,1/1,1", "'-1'"),
    ] {
        usage_error(
            &["solve", "chopsticks", bad],
            &[
                why,
                "expected MY_LEFT,MY_RIGHT/THEIR_LEFT,THEIR_RIGHT",
                "1,1/1,1",
            ],
        );
    }
}

#[test]
fn options_of_other_games_are_refused() {
    for flag in ["--misere", "--proof"] {
        usage_error(
            &["solve", "chopsticks", "1,1/1,1", flag],
            &[flag, "--rollover", "--no-empty-splits"],
        );
    }
    usage_error(
        &["solve", "chopsticks", "--depth", "3"],
        &["--depth", "takes [POSITION] --rollover"],
    );
}

#[test]
fn play_options_are_checked_before_the_terminal() {
    usage_error(
        &["play", "chopsticks", "--move-cap", "5"],
        &["--move-cap", "10 to 1000"],
    );
    usage_error(
        &["play", "chopsticks", "--move-cap", "lots"],
        &["'lots'", "whole number"],
    );
    usage_error(
        &["play", "nim", "--rollover"],
        &["it is an option of Chopsticks", "play nim takes"],
    );
    // Good options get as far as needing a terminal.
    let r = parlor(&[
        "play",
        "chopsticks",
        "--rollover",
        "--no-empty-splits",
        "--move-cap",
        "40",
    ]);
    assert_eq!(r.code, 2);
    assert!(r.stderr.contains("terminal"), "{}", r.stderr);
}

#[test]
fn simulate_confirms_the_prediction_in_every_game() {
    let v = json_of(&[
        "simulate",
        "chopsticks",
        "--games",
        "4",
        "--seed",
        "5",
        "--json",
    ]);
    assert_eq!(v["game"], "chopsticks");
    assert_eq!(
        v["second_player_wins"], 4,
        "the standard start is lost: {v}"
    );
    assert_eq!(v["predictions_confirmed"], 4);
    assert_eq!(v["mean_moves"], 26.0);
    // In rollover (from the user's config) the start is drawn: perfect play draws.
    let r = run_with(
        &[
            "simulate",
            "chopsticks",
            "--games",
            "3",
            "--seed",
            "1",
            "--json",
        ],
        Some("[chopsticks]\nrollover = true\nmove_cap = 60\n"),
    );
    assert_eq!(r.code, 0, "{}{}", r.stdout, r.stderr);
    let v: Value = serde_json::from_str(r.stdout.trim()).unwrap();
    assert_eq!(v["draws"], 3, "{v}");
    assert_eq!(v["predictions_confirmed"], 3);
}

#[test]
fn a_bad_move_cap_in_the_config_names_the_key() {
    let r = run_with(
        &["solve", "chopsticks"],
        Some("[chopsticks]\nmove_cap = 3\n"),
    );
    assert_eq!(r.code, 2);
    assert!(
        r.stderr.contains("chopsticks.move_cap") && r.stderr.contains("line 2"),
        "{}",
        r.stderr
    );
}
