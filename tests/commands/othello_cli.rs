//! `parlor perft`, `parlor solve othello`, `parlor simulate othello` and `parlor bench`
//! as a script sees them: answers on stdout, usage errors on stderr with exit code 2.
//! Every run gets its own HOME and XDG directories.

use std::process::{Command, Output, Stdio};

use serde_json::Value;
use tempfile::TempDir;

fn run(args: &[&str]) -> Output {
    let dir = TempDir::new().expect("temp dir");
    let home = dir.path().join("home");
    let config = dir.path().join("config");
    let data = dir.path().join("data");
    for d in [&home, &config, &data] {
        std::fs::create_dir_all(d).expect("sandbox dir");
    }
    Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .env("HOME", &home)
        .env("XDG_CONFIG_HOME", &config)
        .env("XDG_DATA_HOME", &data)
        .stdin(Stdio::null())
        .output()
        .expect("run parlor")
}

fn stdout(o: &Output) -> String {
    String::from_utf8_lossy(&o.stdout).into_owned()
}

fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Runs a command that must fail as a usage error and returns its message.
fn usage_error(args: &[&str]) -> String {
    let o = run(args);
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    assert!(o.stdout.is_empty(), "{args:?} printed {}", stdout(&o));
    stderr(&o)
}

/// FFO #1: black to move wins by 18 with g8 (14 empty squares).
const FFO_1: &str = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X";

#[test]
fn perft_prints_the_count() {
    let o = run(&["perft", "6"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o).trim(), "8200");
}

#[test]
fn solve_json_is_exact() {
    let o = run(&["solve", "othello", FFO_1, "--json", "--every-move"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("one JSON object");
    assert_eq!(v["game"], "othello");
    assert_eq!(v["position"], FFO_1);
    assert_eq!(v["verdict"], "win");
    assert_eq!(v["score"], 18);
    assert_eq!(v["exact"], true);
    assert!(v["plies"].is_null());
    assert!(v["nodes"].as_u64().expect("nodes") > 0);
    let moves = v["moves"].as_array().expect("moves");
    assert!(!moves.is_empty());
    let best = v["best"].as_str().expect("best");
    let best_entry = moves
        .iter()
        .find(|m| m["move"] == best)
        .expect("best listed");
    assert_eq!(best_entry["score"], 18);
    assert_eq!(best_entry["verdict"], "win");
    for m in moves {
        let s = m["score"].as_i64().expect("every move scored");
        assert!(s <= 18);
        let word = match s.signum() {
            1 => "win",
            -1 => "loss",
            _ => "draw",
        };
        assert_eq!(m["verdict"], word);
    }
    // One thread and two give every move the same exact score.
    let scores = |v: &Value| -> Vec<(String, i64)> {
        let mut s: Vec<(String, i64)> = v["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .map(|m| {
                (
                    m["move"].as_str().unwrap_or("").to_string(),
                    m["score"].as_i64().unwrap_or(-100),
                )
            })
            .collect();
        s.sort();
        s
    };
    for threads in ["1", "2"] {
        let o = run(&[
            "solve",
            "othello",
            FFO_1,
            "--json",
            "--every-move",
            "--threads",
            threads,
        ]);
        assert!(o.status.success(), "{}", stderr(&o));
        let w: Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        assert_eq!(w["score"], 18, "{threads} threads");
        assert_eq!(scores(&w), scores(&v), "{threads} threads");
    }
}

#[test]
fn solve_without_every_move_proves_the_other_moves_worse() {
    // The best move exact, every other move at most a bound below it (the exact values
    // from --every-move respect it), whether it still wins said as a verdict.
    let json = |extra: &[&str]| -> Value {
        let mut args = vec!["solve", "othello", FFO_1, "--json"];
        args.extend_from_slice(extra);
        let o = run(&args);
        assert!(o.status.success(), "{}", stderr(&o));
        serde_json::from_str(stdout(&o).trim()).expect("one JSON object")
    };
    let (bounded, exact) = (json(&[]), json(&["--every-move"]));
    assert_eq!(bounded["score"], 18);
    assert_eq!(bounded["exact"], true);
    let exact_of = |mv: &Value| -> i64 {
        exact["moves"]
            .as_array()
            .expect("moves")
            .iter()
            .find(|m| m["move"] == *mv)
            .and_then(|m| m["score"].as_i64())
            .expect("every move exact with --every-move")
    };
    let mut bounds = 0;
    for m in bounded["moves"].as_array().expect("moves") {
        let want = exact_of(&m["move"]);
        match m["at_most"].as_i64() {
            None => assert_eq!(m["score"].as_i64(), Some(want), "{m}"),
            Some(b) => {
                bounds += 1;
                assert!(m["score"].is_null(), "{m}");
                assert!(want <= b && b < 18, "{m}: exact {want}");
                assert_eq!(m["verdict"] == "win", want >= 1, "{m}: exact {want}");
            }
        }
    }
    assert!(bounds > 0, "no move bounded: {bounded}");
    // The text says what the bound means and how to ask for exact values.
    let o = run(&["solve", "othello", FFO_1]);
    assert!(stdout(&o).contains("--every-move"), "{}", stdout(&o));
    assert!(stdout(&o).contains('≤'), "{}", stdout(&o));
}

#[test]
fn solve_with_a_depth_is_an_estimate() {
    let start = format!("{}OX------XO{} X", "-".repeat(27), "-".repeat(27));
    let o = run(&["solve", "othello", &start, "--json", "--depth", "4"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["exact"], false);
    assert_eq!(v["verdict"], "unknown");
    assert_eq!(v["moves"].as_array().expect("moves").len(), 4);
    let o = run(&["solve", "othello", &start, "--max-seconds", "0.2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("not exact"), "{}", stdout(&o));
}

#[test]
fn solve_text_names_the_winner_and_the_move() {
    let o = run(&["solve", "othello", FFO_1]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("X (black) wins by 18"), "{out}");
    assert!(out.contains("Best move: "), "{out}");
}

#[test]
fn malformed_positions_exit_2_with_a_message() {
    let e = usage_error(&["solve", "othello", "XO-- X"]);
    assert!(e.contains("64 squares") && e.contains("got 4"), "{e}");
    let e = usage_error(&["solve", "othello", &"-".repeat(64)]);
    assert!(e.contains("side to move is missing"), "{e}");
    let e = usage_error(&[
        "solve",
        "othello",
        &format!("{}Q{} X", "-".repeat(20), "-".repeat(43)),
    ]);
    assert!(e.contains("square e3 holds 'Q'"), "{e}");
    let e = usage_error(&["solve", "othello", &format!("{} B", "-".repeat(64))]);
    assert!(e.contains("expected X (black) or O (white)"), "{e}");
    let e = usage_error(&["solve", "othello"]);
    assert!(e.contains("needs a position"), "{e}");
}

#[test]
fn bad_options_exit_2() {
    let e = usage_error(&["solve", "othello", FFO_1, "--depth", "0"]);
    assert!(e.contains("--depth"), "{e}");
    let e = usage_error(&["solve", "othello", FFO_1, "--max-seconds", "0"]);
    assert!(e.contains("--max-seconds"), "{e}");
    let e = usage_error(&["solve", "othello", FFO_1, "--misere"]);
    assert!(e.contains("--misere"), "{e}");
    let e = usage_error(&["solve", "othello", FFO_1, "--threads", "0"]);
    assert!(e.contains("--threads") && e.contains("1-64"), "{e}");
    let e = usage_error(&["solve", "nim", "3,4,5", "--threads", "2"]);
    assert!(e.contains("--threads is not an option of Nim"), "{e}");
    let e = usage_error(&["perft", "40"]);
    assert!(e.contains("accepted 0-16"), "{e}");
    let e = usage_error(&["simulate", "othello", "--games", "1", "--black", "wizard"]);
    assert!(e.contains("--black") && e.contains("benedict"), "{e}");
    let e = usage_error(&["bench", "chess", "x.txt"]);
    assert!(e.contains("accepted: ffo"), "{e}");
    let e = usage_error(&["bench", "ffo", "/no/such/file.txt"]);
    assert!(e.contains("cannot read"), "{e}");
}

#[test]
fn simulate_reports_both_levels() {
    let o = run(&[
        "simulate", "othello", "--games", "2", "--black", "casual", "--white", "benedict",
        "--seed", "9", "--json",
    ]);
    assert!(o.status.success(), "{}", stderr(&o));
    let v: Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
    assert_eq!(v["games"], 2);
    let players = v["players"].as_array().expect("players");
    assert_eq!(players.len(), 2);
    assert_eq!(players[0]["level"], "casual");
    assert_eq!(players[1]["level"], "benedict");
    for p in players {
        let total = p["wins"].as_u64().unwrap_or(0)
            + p["draws"].as_u64().unwrap_or(0)
            + p["losses"].as_u64().unwrap_or(0);
        assert_eq!(total, 2);
    }
    assert_eq!(players[0]["wins"], players[1]["losses"]);
    // The same seed plays the same games.
    let again = run(&[
        "simulate", "othello", "--games", "2", "--black", "casual", "--white", "benedict",
        "--seed", "9", "--json",
    ]);
    let w: Value = serde_json::from_str(stdout(&again).trim()).expect("JSON");
    assert_eq!(v["players"], w["players"]);
}

#[test]
fn bench_solves_a_file() {
    let dir = TempDir::new().expect("temp dir");
    let file = dir.path().join("two.txt");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ffo_1-79.txt"
    ))
    .expect("tests/data/ffo_1-79.txt is part of the repository");
    let two: Vec<&str> = text.lines().take(2).collect();
    std::fs::write(&file, two.join("\n")).expect("write");
    let path = file.to_string_lossy().into_owned();
    let o = run(&["bench", "ffo", &path]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(out.contains("total: 2 positions"), "{out}");
    assert!(!out.contains("WRONG"), "{out}");
    // Two threads find the same scores, and say how many threads ran.
    let o = run(&["bench", "ffo", &path, "--threads", "2"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let out = stdout(&o);
    assert!(
        out.contains("total: 2 positions") && out.contains("2 threads"),
        "{out}"
    );
    assert!(!out.contains("WRONG"), "{out}");
    for bad in ["0", "65"] {
        let e = usage_error(&["bench", "ffo", &path, "--threads", bad]);
        assert!(e.contains("--threads") && e.contains("1-64"), "{e}");
    }
    std::fs::write(&file, "not a position\n").expect("write");
    let e = usage_error(&["bench", "ffo", &path]);
    assert!(e.contains("line 1"), "{e}");
}

#[test]
fn both_evaluations_solve_and_a_bad_one_is_refused() {
    for eval in ["patterns", "classic"] {
        let o = run(&["solve", "othello", FFO_1, "--json", "--eval", eval]);
        assert!(o.status.success(), "{eval}: {}", stderr(&o));
        let v: Value = serde_json::from_str(stdout(&o).trim()).expect("JSON");
        assert_eq!(v["score"], 18, "{eval}");
    }
    let e = usage_error(&["solve", "othello", FFO_1, "--eval", "magic"]);
    assert!(e.contains("patterns") && e.contains("classic"), "{e}");
    let dir = TempDir::new().expect("temp dir");
    let file = dir.path().join("one.txt");
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/ffo_1-79.txt"
    ))
    .expect("tests/data/ffo_1-79.txt is part of the repository");
    std::fs::write(&file, text.lines().next().unwrap_or("")).expect("write");
    let path = file.to_string_lossy().into_owned();
    let o = run(&["bench", "ffo", &path, "--eval", "classic", "--threads", "1"]);
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(!stdout(&o).contains("WRONG"), "{}", stdout(&o));
    let e = usage_error(&["bench", "ffo", &path, "--eval", "magic"]);
    assert!(e.contains("--eval"), "{e}");
}

/// Whitespace collapsed (wrapped text compares with its source), without Markdown's
/// bold.
fn words(text: &str) -> String {
    text.replace("**", "")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// `play othello --help` and the README describe every level in the words the setup
/// screen and the rules use (`levels::description`, written from the engine's constants).
#[test]
fn the_help_and_the_readme_describe_the_levels_as_the_code_plays() {
    use parlor::games::othello::levels::{description, simulation_note};
    use parlor::solve::othello::Level;
    let o = run(&["play", "othello", "--help"]);
    assert!(o.status.success(), "{}", stderr(&o));
    let help = words(&stdout(&o));
    let readme = words(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
            .expect("README.md"),
    );
    for level in Level::ALL {
        let text = description(level);
        assert!(
            help.contains(&format!("- {level}: {text}")),
            "--help, {level}: {text:?} in\n{help}"
        );
        assert!(
            readme.contains(&format!("- {level}: {text}")),
            "README, {level}: {text:?}"
        );
    }
    assert!(
        readme.contains(&simulation_note()),
        "README: {}",
        simulation_note()
    );
}

#[test]
fn othellos_solve_help_explains_the_position_with_examples() {
    let run = crate::cli_harness::Sandbox::new().run(&["solve", "othello", "--help"]);
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
    let sandbox = crate::cli_harness::Sandbox::new();
    // -h lists them on one line; --help describes each (othello_cli checks the words).
    let play = sandbox.run(&["play", "othello", "-h"]);
    assert!(
        play.stdout
            .contains("beginner, casual, benedict, strong, exact"),
        "{}",
        play.stdout
    );
    crate::cli_harness::usage_error(
        &["play", "othello", "--level", "godlike"],
        &[
            "'godlike'",
            "--level",
            "possible values: beginner, casual, benedict, strong, exact",
        ],
    );
    crate::cli_harness::usage_error(
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
