//! `parlor play|solve|simulate <game>`: each game's subcommand has its own options, its
//! `--help` lists them alone, and the command lines of the flat version that preceded
//! them are refused with a message saying what replaced them.

use crate::cli_harness::{Sandbox, options_without_help, usage_error};

/// The long options a help text lists.
fn options_of(help: &str) -> Vec<String> {
    help.lines()
        .filter_map(|l| {
            let l = l.trim_start();
            l.strip_prefix("--")
                .map(|rest| rest.split([' ', '=']).next().unwrap_or("").to_string())
        })
        .collect()
}

/// Each verb's options per game: the shared ones, and the game's own (a sample of
/// what must and must not appear).
fn expected(verb: &str, game: &str) -> (&'static [&'static str], &'static [&'static str]) {
    match (verb, game) {
        ("solve", "nim") => (
            &["misere", "proof", "json"],
            &["depth", "rollover", "symbols"],
        ),
        ("solve", "1357") => (&["proof", "json"], &["misere", "depth"]),
        ("solve", "chopsticks") => (
            &["rollover", "no-empty-splits", "json"],
            &["misere", "proof"],
        ),
        ("solve", "othello") => (
            &["moves", "depth", "max-seconds", "json"],
            &["misere", "symbols", "winner"],
        ),
        ("solve", "pnut") => (
            &[
                "symbols",
                "length",
                "depth",
                "max-seconds",
                "winner",
                "json",
            ],
            &["moves", "misere"],
        ),
        ("solve", "wl") => (&["json"], &["misere", "proof", "depth"]),
        ("simulate", "nim") => (&["games", "seed", "json", "misere"], &["black", "min-len"]),
        ("simulate", "othello") => (&["games", "seed", "json", "black", "white"], &["misere"]),
        ("simulate", "wl") => (
            &["games", "seed", "json", "min-len", "max-len"],
            &["misere"],
        ),
        ("simulate", _) => (&["games", "seed", "json"], &["misere", "black", "min-len"]),
        ("play", "nim") => (
            &["mode", "first", "difficulty", "piles", "misere"],
            &["level", "rollover"],
        ),
        ("play", "1357") => (&["mode", "difficulty"], &["piles", "misere"]),
        ("play", "chopsticks") => (&["difficulty", "rollover", "move-cap"], &["piles", "level"]),
        ("play", "othello") => (
            &["mode", "first", "level", "color"],
            &["difficulty", "piles"],
        ),
        ("play", "pnut") => (
            &["difficulty", "symbols", "length", "players", "no-assist"],
            &["misere"],
        ),
        ("play", "wl") => (&["difficulty", "string"], &["piles", "symbols"]),
        _ => unreachable!("{verb} {game}"),
    }
}

#[test]
fn each_games_help_lists_its_own_options_alone_each_described() {
    let sandbox = Sandbox::new();
    for verb in ["play", "solve", "simulate"] {
        let listing = sandbox.run(&[verb, "--help"]);
        listing.expect_code(0);
        for game in crate::game_names() {
            assert!(listing.stdout.contains(game), "{verb} --help lists {game}");
            let run = sandbox.run(&[verb, game, "--help"]);
            run.expect_code(0);
            assert!(
                run.stdout.contains(&format!("Usage: parlor {verb} {game}")),
                "{verb} {game} --help:\n{}",
                run.stdout
            );
            let listed = options_of(&run.stdout);
            let (own, foreign) = expected(verb, game);
            for option in own {
                assert!(
                    listed.iter().any(|l| l == option),
                    "{verb} {game}: --{option} missing:\n{}",
                    run.stdout
                );
            }
            for option in foreign {
                assert!(
                    !listed.iter().any(|l| l == option),
                    "{verb} {game}: --{option} listed:\n{}",
                    run.stdout
                );
            }
            // Every option and argument has a line of help, not just its name.
            let missing = options_without_help(&run.stdout);
            assert!(missing.is_empty(), "{verb} {game}: no help for {missing:?}");
        }
    }
}

#[test]
fn othellos_solve_help_explains_the_position_with_examples() {
    let run = Sandbox::new().run(&["solve", "othello", "--help"]);
    run.expect_code(0);
    for needle in [
        "64 squares",
        "rank 1 first",
        "OBF",
        "Examples:",
        "--moves f5d6c3",
    ] {
        assert!(run.stdout.contains(needle), "{needle}:\n{}", run.stdout);
    }
}

#[test]
fn levels_modes_and_difficulties_name_the_accepted_values() {
    let sandbox = Sandbox::new();
    // -h lists them on one line; --help describes each (othello_cli checks the words).
    let play = sandbox.run(&["play", "othello", "-h"]);
    assert!(
        play.stdout
            .contains("beginner, casual, benedict, strong, exact"),
        "{}",
        play.stdout
    );
    usage_error(
        &["play", "othello", "--level", "godlike"],
        &[
            "'godlike'",
            "--level",
            "possible values: beginner, casual, benedict, strong, exact",
        ],
    );
    usage_error(
        &[
            "simulate",
            "othello",
            "--games",
            "1",
            "--white",
            "perfectly",
        ],
        &["'perfectly'", "--white", "possible values"],
    );
    // The old spelling of the exact level is still read.
    let alias = sandbox.run(&[
        "simulate", "othello", "--games", "1", "--black", "perfect", "--white", "beginner",
        "--help",
    ]);
    alias.expect_code(0);
}

#[test]
fn the_flat_command_line_of_earlier_versions_says_what_replaced_it() {
    // Options before the game were accepted by the flat command line.
    usage_error(
        &["solve", "--json", "nim", "3,4"],
        &["options go after the game", "parlor solve nim --json"],
    );
    usage_error(
        &["simulate", "--games", "3", "nim"],
        &["options go after the game", "parlor simulate nim --games"],
    );
    // No game at all, or one that does not exist.
    usage_error(&["solve"], &["needs a game", "nim, 1357, chopsticks"]);
    usage_error(
        &["play", "--misere"],
        &["needs the game first", "nim, 1357"],
    );
    usage_error(
        &["simulate", "go", "--games", "1"],
        &["go is not a game", "othello"],
    );
    // Options of another game name their owner and what this game takes.
    usage_error(
        &["play", "othello", "--difficulty", "strong"],
        &["--difficulty is not an option of Othello", "--level"],
    );
    usage_error(
        &["solve", "wl", "--depth", "3"],
        &[
            "--depth is not an option of Winners & Losers",
            "Othello, Pnut-Butta",
        ],
    );
}

#[test]
fn under_json_the_refusal_is_one_json_object() {
    let run = Sandbox::new().run(&["solve", "--json", "nim", "3,4"]);
    run.expect_code(2);
    let v: serde_json::Value = serde_json::from_str(run.stderr.trim()).expect("one JSON object");
    assert_eq!(v["code"], 2);
    assert!(
        v["error"]
            .as_str()
            .is_some_and(|e| e.contains("after the game")),
        "{v}"
    );
}

#[test]
fn the_help_check_finds_options_without_help() {
    let help = "Options:\n      --alone <X>\n      --values <V>  [possible values: a, b]\n      --said <S>  What it does\n      --long <L>\n          What it does, on the next line\n";
    assert_eq!(
        options_without_help(help),
        ["--alone <X>", "--values <V>  [possible values: a, b]"]
    );
}
