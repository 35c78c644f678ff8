//! Progress and Ctrl-C on the long commands: without a terminal nothing but the results
//! is printed; `PARLOR_PROGRESS=plain` reports on stderr; SIGINT stops `simulate`,
//! `perft`, `bench ffo` and `solve` with what they did so far and exit code 130.
//!
//! The interrupted runs are made deterministic by waiting for the "started" line the
//! plain display prints once Ctrl-C is caught, then sending SIGINT: no sleeps, no timing.

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;

const MILLION: &str = "1000000";

/// Starts `args` with plain progress, waits until it has started, sends SIGINT and
/// waits for the end: the run must exit with code 130.
fn interrupted(args: &[&str]) -> Run {
    let sandbox = Sandbox::new();
    let mut child = sandbox.start(args);
    child.wait_for_stderr("started");
    child.interrupt();
    let run = child.finish();
    run.expect_code(130);
    run
}

/// The number after `label` in a text table, e.g. "games   12".
fn table_number(stdout: &str, label: &str) -> u64 {
    stdout
        .lines()
        .find_map(|l| l.strip_prefix(label))
        .and_then(|rest| rest.trim().parse().ok())
        .unwrap_or_else(|| panic!("no {label:?} number in:\n{stdout}"))
}

/// The simulation's JSON after Ctrl-C: fewer games than asked, marked as interrupted,
/// and stderr says how many.
fn check_interrupted_json(run: &Run) -> Value {
    let v = run.json();
    let games = v["games"].as_u64().expect("games");
    assert!(games < 1_000_000, "{v}");
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["games_asked"], 1_000_000, "{v}");
    run.stderr_has(&format!("interrupted after {games} of 1000000 games"));
    v
}

#[test]
fn ctrl_c_stops_a_nim_simulation_with_the_tally_of_the_games_played() {
    let run = interrupted(&[
        "simulate", "nim", "--games", MILLION, "--seed", "1", "--json",
    ]);
    let v = check_interrupted_json(&run);
    let games = v["games"].as_u64().expect("games");
    assert_eq!(v["predictions_confirmed"], games, "{v}");
    let wins = v["first_player_wins"].as_u64().expect("first")
        + v["second_player_wins"].as_u64().expect("second");
    assert_eq!(wins, games, "{v}");
}

#[test]
fn ctrl_c_stops_a_chopsticks_simulation_with_its_table() {
    let run = interrupted(&["simulate", "chopsticks", "--games", MILLION, "--seed", "2"]);
    let games = table_number(&run.stdout, "games");
    assert!(games < 1_000_000, "{}", run.stdout);
    assert!(
        run.stdout
            .contains(&format!("predictions confirmed: {games}/{games}")),
        "{}",
        run.stdout
    );
    run.stderr_has(&format!("interrupted after {games} of 1000000 games"));
}

#[test]
fn ctrl_c_stops_the_othello_pnut_and_wl_simulations() {
    let run = interrupted(&[
        "simulate", "othello", "--games", MILLION, "--black", "casual", "--white", "benedict",
        "--seed", "3", "--json",
    ]);
    let v = check_interrupted_json(&run);
    let games = v["games"].as_u64().expect("games");
    for p in v["players"].as_array().expect("players") {
        let sum: u64 = ["wins", "draws", "losses"]
            .iter()
            .map(|k| p[*k].as_u64().expect("count"))
            .sum();
        assert_eq!(sum, games, "{v}");
    }

    let run = interrupted(&[
        "simulate", "pnut", "--games", MILLION, "--seed", "4", "--json",
    ]);
    let v = check_interrupted_json(&run);
    assert_eq!(v["predictions_confirmed"], v["games"], "{v}");

    let run = interrupted(&[
        "simulate", "wl", "--games", MILLION, "--seed", "5", "--json",
    ]);
    let v = check_interrupted_json(&run);
    assert_eq!(v["predictions_confirmed"], v["games"], "{v}");
}

#[test]
fn ctrl_c_stops_perft_without_a_count_on_stdout() {
    let run = interrupted(&["perft", "16"]);
    assert!(
        run.stdout.is_empty(),
        "a partial count is not the answer: {}",
        run.stdout
    );
    run.stderr_has("perft 16 interrupted after")
        .stderr_has("leaves in the");
}

#[test]
fn ctrl_c_stops_bench_ffo_with_the_positions_solved() {
    let sandbox = Sandbox::new();
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ffo_1-79.txt"
    ))
    .expect("ffo file");
    let path = sandbox.file("ffo.txt", &text);
    let path = path.to_str().expect("utf-8 path");
    let positions = text.lines().filter(|l| !l.trim().is_empty()).count();
    let mut child = sandbox.start(&["bench", "ffo", path]);
    child.wait_for_stderr("started");
    child.interrupt();
    let run = child.finish();
    run.expect_code(130);
    let solved = run
        .stdout
        .lines()
        .find_map(|l| l.strip_prefix("total: "))
        .and_then(|rest| rest.split(' ').next())
        .and_then(|n| n.parse::<usize>().ok())
        .unwrap_or_else(|| panic!("no total line:\n{}", run.stdout));
    assert!(solved < positions, "{}", run.stdout);
    // The header, a row per position solved, the total.
    assert_eq!(run.stdout.lines().count(), solved + 2, "{}", run.stdout);
    run.stderr_has(&format!(
        "interrupted after {solved} of {positions} positions"
    ));
}

#[test]
fn ctrl_c_stops_solve_othello_with_the_best_analysis_so_far() {
    let start = "---------------------------OX------XO--------------------------- X";
    let run = interrupted(&[
        "solve",
        "othello",
        start,
        "--max-seconds",
        "86400",
        "--json",
    ]);
    let v = run.json();
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["exact"], false, "{v}");
    let best = v["best"].as_str().expect("a best move");
    assert!(["d3", "c4", "f5", "e6"].contains(&best), "{v}");
    run.stderr_has("interrupted: the analysis shown is the best found so far");
}

#[test]
fn without_a_terminal_no_progress_is_printed() {
    for args in [
        &["simulate", "nim", "--games", "20", "--seed", "1"][..],
        &["simulate", "1357", "--games", "20", "--seed", "1", "--json"],
        &["simulate", "chopsticks", "--games", "20", "--seed", "1"],
        &["simulate", "wl", "--games", "20", "--seed", "1"],
        &["simulate", "pnut", "--games", "1", "--seed", "1"],
        &[
            "simulate", "othello", "--games", "1", "--black", "casual", "--white", "benedict",
            "--seed", "1",
        ],
    ] {
        let run = parlor(args);
        run.expect_code(0);
        assert!(
            run.stderr.is_empty(),
            "parlor {args:?}: stderr should be empty without a terminal:\n{}",
            run.stderr
        );
    }
    // perft says how long it took on stderr, and nothing else.
    let run = parlor(&["perft", "8"]);
    run.expect_code(0);
    assert_eq!(run.stdout, "390216\n");
    assert_eq!(run.stderr.lines().count(), 1, "{}", run.stderr);
    assert!(
        run.stderr.starts_with("perft 8: 390216 leaves in "),
        "{}",
        run.stderr
    );
}

#[test]
fn plain_progress_goes_to_stderr_and_leaves_stdout_alone() {
    let args = [
        "simulate",
        "chopsticks",
        "--games",
        "30",
        "--seed",
        "9",
        "--json",
    ];
    let sandbox = Sandbox::new();
    let quiet = sandbox.run(&args);
    let plain = sandbox.run_with_env(&args, &[("PARLOR_PROGRESS", "plain")]);
    quiet.expect_code(0);
    plain.expect_code(0);
    assert_eq!(plain.stdout, quiet.stdout);
    assert!(
        plain
            .stderr
            .starts_with("parlor: simulate started: 0 of 30 games\n"),
        "{}",
        plain.stderr
    );
    assert!(
        plain
            .stderr
            .lines()
            .all(|l| l.starts_with("parlor: simulate"))
    );

    let off = sandbox.run_with_env(&args, &[("PARLOR_PROGRESS", "off")]);
    off.expect_code(0);
    assert_eq!(off.stdout, quiet.stdout);
    assert!(off.stderr.is_empty(), "{}", off.stderr);

    let bad = sandbox.run_with_env(&args, &[("PARLOR_PROGRESS", "loud")]);
    bad.expect_code(2);
    assert!(bad.stdout.is_empty());
    bad.stderr_has("PARLOR_PROGRESS=loud").stderr_has("plain");
}

#[test]
fn ctrl_c_stops_solve_pnut_with_the_best_analysis_so_far() {
    let run = interrupted(&[
        "solve",
        "pnut",
        "--symbols",
        "0123",
        "--length",
        "4",
        "--max-seconds",
        "86400",
        "--json",
    ]);
    let v = run.json();
    assert_eq!(v["interrupted"], true, "{v}");
    assert_eq!(v["symbols"], "0123", "{v}");
    run.stderr_has("interrupted: the analysis shown is the best found so far");
}
