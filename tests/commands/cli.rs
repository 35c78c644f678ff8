//! The command line as a script sees it: `solve`, `simulate`, usage errors, config
//! errors and the refusal to start the TUI without a terminal. Every run gets its own
//! HOME and XDG directories in a temp dir, stdin null and stdout/stderr piped.

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;
use std::path::Path;

// ---------------------------------------------------------------------------------
// solve

#[test]
fn solve_nim_345_json_has_every_field_and_the_one_winning_move() {
    let v = json_of(&["solve", "nim", "3,4,5", "--json"]);
    let obj = v.as_object().unwrap();
    for key in [
        "game", "position", "verdict", "plies", "score", "best", "exact", "nodes", "moves",
    ] {
        assert!(obj.contains_key(key), "missing key {key}: {v}");
    }
    assert_eq!(v["game"], "nim");
    assert_eq!(v["position"], "3,4,5");
    assert_eq!(v["verdict"], "win");
    assert!(
        v["plies"].is_null() || v["plies"].is_u64(),
        "plies: {}",
        v["plies"]
    );
    assert!(v["score"].is_null(), "score: {}", v["score"]);
    assert_eq!(v["best"], "1:2");
    assert_eq!(v["exact"], true);
    assert!(v["nodes"].is_u64(), "nodes: {}", v["nodes"]);
    let moves = v["moves"].as_array().expect("moves is an array");
    assert_eq!(moves.len(), 3 + 4 + 5, "one entry per legal move: {v}");
    for m in moves {
        assert!(m["move"].is_string(), "move: {m}");
        let verdict = m["verdict"].as_str().expect("verdict string");
        assert!(verdict == "win" || verdict == "loss", "move verdict: {m}");
    }
    let mut names: Vec<&str> = moves.iter().map(|m| m["move"].as_str().unwrap()).collect();
    names.sort_unstable();
    names.dedup();
    assert_eq!(names.len(), 12, "moves are distinct: {v}");
    let wins: Vec<&str> = moves
        .iter()
        .filter(|m| m["verdict"] == "win")
        .map(|m| m["move"].as_str().unwrap())
        .collect();
    assert_eq!(wins, ["1:2"], "only taking 2 from pile 1 wins");
}

#[test]
fn solve_nim_verdicts_normal_and_misere() {
    assert_eq!(verdict(&["solve", "nim", "1,2,3", "--json"]), "loss");
    assert_eq!(
        verdict(&["solve", "nim", "1,1", "--misere", "--json"]),
        "win"
    );
    assert_eq!(
        verdict(&["solve", "nim", "1", "--misere", "--json"]),
        "loss"
    );
    // Game over: the previous player took the last coin.
    assert_eq!(verdict(&["solve", "nim", "0,0", "--json"]), "loss");
    assert_eq!(verdict(&["solve", "nim", "0", "--misere", "--json"]), "win");
}

#[test]
fn solve_nim_game_over_has_no_moves() {
    let v = json_of(&["solve", "nim", "0,0", "--json"]);
    assert_eq!(v["position"], "0,0");
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(0), "{v}");
    assert!(v["best"].is_null(), "{v}");
}

#[test]
fn solve_nim_plies() {
    let v = json_of(&["solve", "nim", "5", "--json"]);
    assert_eq!(v["verdict"], "win");
    assert_eq!(v["plies"], 1, "{v}");
    assert_eq!(v["best"], "1:5", "{v}");
    let v = json_of(&["solve", "nim", "1,1", "--json"]);
    assert_eq!(v["verdict"], "loss");
    assert_eq!(v["plies"], 2, "{v}");
}

#[test]
fn solve_nim_text_names_the_winning_move() {
    let run = parlor(&["solve", "nim", "3,4,5"]);
    run.expect_code(0);
    assert!(run.stdout.contains("1:2"), "{}", run.stdout);
    assert!(run.stdout.contains("wins"), "{}", run.stdout);
}

#[test]
fn solve_1357_second_player_wins() {
    let v = json_of(&["solve", "1357", "--json"]);
    assert_eq!(v["game"], "1357");
    assert_eq!(v["position"], "1,3,5,7");
    assert_eq!(v["verdict"], "loss", "{v}");
    let v = json_of(&["solve", "1357", "1,3,5,6", "--json"]);
    assert_eq!(v["position"], "1,3,5,6");
    assert!(v["verdict"] == "win" || v["verdict"] == "loss", "{v}");
    usage_error(&["solve", "1357", "2,3,5,7"], &["2,3,5,7", "expected"]);
}

#[test]
fn solve_1357_proof_text_and_json_agree() {
    let v = json_of(&["solve", "1357", "--proof", "--json"]);
    let positions = v["positions"].as_u64().expect("positions");
    let first = v["first_player_wins"].as_u64().expect("first_player_wins");
    let second = v["second_player_wins"]
        .as_u64()
        .expect("second_player_wins");
    assert!(positions > 0);
    assert_eq!(first + second, positions, "{v}");
    assert_eq!(v["winner"], "second", "{v}");

    let run = parlor(&["solve", "1357", "--proof"]);
    run.expect_code(0);
    let text = &run.stdout;
    for n in [positions, first, second] {
        assert!(text.contains(&n.to_string()), "{n} missing from:\n{text}");
    }
    let lower = text.to_lowercase();
    assert!(lower.contains("positions"), "{text}");
    assert!(lower.contains("first player"), "{text}");
    assert!(lower.contains("second player"), "{text}");
    assert!(lower.contains("second player wins"), "{text}");
}

// ---------------------------------------------------------------------------------
// usage errors

#[test]
fn bad_positions_are_usage_errors() {
    usage_error(&["solve", "nim", "3,a,5"], &["'a'", "expected"]);
    usage_error(&["solve", "nim", "-1,3"], &["-1", "expected"]);
    usage_error(&["solve", "nim", ""], &["expected"]);
    usage_error(&["solve", "nim"], &["position", "e.g."]);
    usage_error(
        &["solve", "nim", "1,1,1,1,1,1,1,1,1"],
        &["9 piles", "expected"],
    );
    usage_error(&["solve", "nim", "100"], &["100", "expected"]);
}

#[test]
fn unknown_games_and_malformed_boards_are_usage_errors() {
    usage_error(
        &["solve", "chess", "1"],
        &["chess is not a game", "nim, 1357"],
    );
    // A board that is not a board.
    usage_error(&["solve", "othello", "x"], &["64"]);
}

#[test]
fn options_of_another_game_are_refused_not_ignored() {
    usage_error(
        &["solve", "nim", "3,4", "--rollover"],
        &["--rollover is not an option of Nim", "--misere"],
    );
    usage_error(
        &["solve", "wl", "WLW", "--misere"],
        &[
            "--misere is not an option of Winners & Losers",
            "[LETTERS] --json",
        ],
    );
    usage_error(
        &["solve", "wl", "WLW", "--proof"],
        &["--proof is not an option of Winners & Losers"],
    );
    usage_error(
        &["solve", "chopsticks", "--symbols", "01"],
        &["--symbols is not an option of Chopsticks", "--rollover"],
    );
    usage_error(
        &["solve", "othello", "--misere"],
        &["--misere is not an option of Othello", "--depth"],
    );
    usage_error(
        &["simulate", "nim", "--games", "2", "--min-len", "3"],
        &["--min-len is not an option of Nim", "--misere"],
    );
    usage_error(
        &["simulate", "wl", "--games", "2", "--misere"],
        &["--misere is not an option of Winners & Losers", "--min-len"],
    );
}

#[test]
fn simulate_wl_takes_its_lengths_from_the_config() {
    let run = run_with(
        &["simulate", "wl", "--games", "40", "--seed", "1", "--json"],
        Some("[wl]\nmin_len = 10\nmax_len = 12\n"),
    );
    run.expect_code(0);
    let v = run.json();
    let lengths: Vec<usize> = v["by_length"]
        .as_object()
        .unwrap_or_else(|| panic!("no by_length: {v}"))
        .keys()
        .map(|k| k.parse().expect("a length"))
        .collect();
    assert!(!lengths.is_empty(), "{v}");
    assert!(lengths.iter().all(|l| (10..=12).contains(l)), "{v}");
}

#[test]
fn bad_play_options_are_usage_errors() {
    usage_error(&["play", "nim", "--piles", "0,3"], &["--piles", "expected"]);
    usage_error(&["play", "nim", "--piles", "3,x"], &["'x'", "expected"]);
    usage_error(
        &["play", "1357", "--piles", "1,2"],
        &[
            "--piles is not an option of 1-3-5-7",
            "it is an option of Nim",
        ],
    );
    usage_error(
        &["play", "nim", "--difficulty", "godlike"],
        &["godlike", "possible values", "perfect"],
    );
    usage_error(
        &["play", "nim", "--first", "sometimes"],
        &["sometimes", "possible values", "ai-chooses"],
    );
    usage_error(
        &["play", "nim", "--mode", "two-players", "--first", "ai"],
        &["--first"],
    );
    usage_error(
        &["play", "othello", "--clock", "5x3"],
        &["'5x3' is not a time control", "e.g. 5+3"],
    );
    usage_error(
        &["play", "nim", "--clock", "-1+0"],
        &["'-1+0' is not a time control", "more than 0"],
    );
    usage_error(
        &["play", "nim", "--clock", "0+0"],
        &["'0+0' is not a time control", "more than 0"],
    );
    usage_error(&["play", "nim", "--clock", "1+700"], &["from 0 to 600"]);
    usage_error(
        &["play", "nim", "--clock", "1+0", "--mode", "ai-vs-ai"],
        &["--clock needs a person to play"],
    );
    // A negative seed is a bad value of --seed, not an unknown option "-1".
    usage_error(
        &["play", "nim", "--seed", "-1"],
        &["invalid value '-1' for '--seed"],
    );
    usage_error(
        &["simulate", "nim", "--games", "1", "--seed", "-1"],
        &["invalid value '-1' for '--seed"],
    );
    // What a seed may be, not only what was wrong with this one.
    usage_error(
        &["play", "nim", "--seed", "x"],
        &[
            "'x' for '--seed",
            "a whole number from 0 to 18446744073709551615",
        ],
    );
    // Two options that both name the start: refused, not one silently dropped.
    usage_error(
        &["play", "nim", "--piles", "3,4", "--position", "1,2"],
        &["'--piles <PILES>' cannot be used with '--position <TEXT>'"],
    );
    usage_error(
        &["play", "wl", "--string", "WL", "--position", "LW"],
        &["'--string <LETTERS>' cannot be used with '--position <TEXT>'"],
    );
    // Options that would do nothing in the mode asked for: refused, not dropped.
    usage_error(
        &["play", "othello", "--color", "white", "--first", "you"],
        &["'--color <COLOR>' cannot be used with '--first <FIRST>'"],
    );
    usage_error(
        &[
            "play",
            "othello",
            "--mode",
            "two-players",
            "--color",
            "white",
        ],
        &["--color is your colour against the AI"],
    );
    usage_error(
        &["play", "nim", "--mode", "ai-vs-ai", "--first", "you"],
        &["--first says who starts", "two AIs take turns"],
    );
    usage_error(
        &[
            "play",
            "nim",
            "--mode",
            "two-players",
            "--difficulty",
            "strong",
        ],
        &["--difficulty is the AI's", "no AI plays"],
    );
    // A game's name as the menu writes it is the game.
    usage_error(&["solve", "Nim", "3,4,x"], &["pile 3 is 'x'"]);
    usage_error(
        &["play", "nim", "--position", "0,0"],
        &["already over", "no move left to play"],
    );
    // A Pnut-Butta symbol that is a key in the game (q quit the arcade when typed).
    usage_error(
        &["play", "pnut", "--symbols", "abqh"],
        &["q (quit), h (hints) are keys in the game"],
    );
}

#[test]
fn simulate_needs_at_least_one_game() {
    usage_error(&["simulate", "nim", "--games", "0"], &["--games", "0"]);
}

#[test]
fn help_exits_zero() {
    let run = parlor(&["--help"]);
    run.expect_code(0);
    assert!(run.stdout.contains("solve"), "{}", run.stdout);
    assert!(run.stdout.contains("--config"), "{}", run.stdout);
}

// ---------------------------------------------------------------------------------
// no terminal

#[test]
fn the_tui_refuses_to_start_without_a_terminal() {
    for args in [
        &[][..],
        &["play", "nim", "--piles", "1,3,5,7", "--misere"][..],
    ] {
        let run = parlor(args);
        run.expect_code(2);
        run.stderr_has("terminal");
    }
}

// ---------------------------------------------------------------------------------
// config

/// A broken config passed with --config: exit 2, and stderr names the file, the line and `needles`.
fn config_error(text: &str, line: usize, needles: &[&str]) {
    let sandbox = Sandbox::new();
    let path = sandbox.file("broken.toml", text);
    let path_text = path.display().to_string();
    let run = sandbox.run(&["--config", &path_text]);
    run.expect_code(2)
        .stderr_has(&path_text)
        .stderr_has(&format!("line {line}"));
    for needle in needles {
        run.stderr_has(needle);
    }
    assert!(
        !run.stderr.contains("interactive terminal"),
        "the config is reported, not the terminal:\n{}",
        run.stderr
    );
}

#[test]
fn unknown_config_key_names_file_line_and_key() {
    config_error("[ui]\nspeed = 3\n", 2, &["speed"]);
}

#[test]
fn wrong_config_type_names_file_line_and_key() {
    config_error("[ui]\nai_delay_ms = \"slow\"\n", 2, &["ui.ai_delay_ms"]);
}

#[test]
fn broken_toml_names_file_and_line() {
    config_error("[ui\n", 1, &[]);
}

#[test]
fn invalid_config_value_names_file_line_and_key() {
    config_error("[nim]\npiles = [0]\n", 2, &["nim.piles"]);
}

#[test]
fn config_errors_come_before_play_starts() {
    let sandbox = Sandbox::new();
    let path = sandbox.file("broken.toml", "[ui]\nspeed = 3\n");
    let path_text = path.display().to_string();
    sandbox
        .run(&["play", "nim", "--config", &path_text])
        .expect_code(2)
        .stderr_has(&path_text)
        .stderr_has("speed");
}

#[test]
fn missing_config_file_is_named() {
    parlor(&["--config", "/nonexistent/x.toml"])
        .expect_code(2)
        .stderr_has("/nonexistent/x.toml");
}

/// `--config` on something that is not a small regular file: exit 2 at once (no hang,
/// no huge read), naming the path and `needles`.
fn unreadable_config(path: &Path, needles: &[&str]) {
    let path_text = path.display().to_string();
    let run = parlor(&["--config", &path_text]);
    run.expect_code(2)
        .stderr_has(&format!("config file {path_text}"));
    for needle in needles {
        run.stderr_has(needle);
    }
    assert!(run.stdout.is_empty(), "{}", run.stdout);
}

#[test]
fn config_that_is_a_directory_or_a_device_is_refused() {
    let sandbox = Sandbox::new();
    unreadable_config(&sandbox.home(), &["is a directory, not a regular file"]);
    let zero = Path::new("/dev/zero");
    if zero.exists() {
        unreadable_config(zero, &["is a device, not a regular file"]);
    }
}

/// `--config /dev/null` (or `PARLOR_CONFIG=/dev/null`) is the usual way to say "no
/// config": an empty file, the defaults, even over a broken file of the user's.
#[test]
fn config_dev_null_means_the_defaults() {
    let null = "/dev/null";
    if !Path::new(null).exists() {
        eprintln!("skipped: no /dev/null");
        return;
    }
    let sandbox = Sandbox::new();
    let user = sandbox.user_config();
    std::fs::create_dir_all(user.parent().unwrap()).unwrap();
    std::fs::write(&user, "[ui]\nspeed = 3\n").unwrap();
    let by_option = sandbox.run(&["--config", null, "solve", "nim", "3,4,5", "--json"]);
    by_option.expect_code(0);
    assert_eq!(by_option.json()["best"], "1:2");
    let by_env = sandbox.run_with_env(&["solve", "nim", "3,4,5"], &[("PARLOR_CONFIG", null)]);
    by_env.expect_code(0);
    assert!(by_env.stdout.contains("1:2"), "{}", by_env.stdout);
    let path = sandbox.run(&["--config", null, "config", "path"]);
    path.expect_code(0)
        .stderr_has("the null device: an empty config");
    assert_eq!(path.stdout.trim(), null);
}

#[test]
fn config_that_is_a_fifo_is_refused_without_blocking() {
    let sandbox = Sandbox::new();
    let fifo = sandbox.home().join("config.toml");
    let made = std::process::Command::new("mkfifo").arg(&fifo).status();
    if !made.is_ok_and(|s| s.success()) {
        eprintln!("skipped: no mkfifo");
        return;
    }
    // Nobody ever writes to the FIFO: reading it would block until the hang guard.
    unreadable_config(&fifo, &["FIFO", "not a regular file"]);
}

#[test]
fn config_over_one_mib_is_refused() {
    let sandbox = Sandbox::new();
    let path = sandbox.file("huge.toml", &"# padding\n".repeat(120_000));
    unreadable_config(&path, &["larger than 1024 KiB"]);
}

/// A 100,000-digit value anywhere on the command line (a position, an option's value,
/// a game, a path; parlor's messages and clap's) gives a short error quoting a prefix of
/// it and its length, and exit code 2.
#[test]
fn huge_command_line_values_make_short_errors() {
    let digits = "3".repeat(100_000);
    let quoted = format!("{}…(100000 characters)", "3".repeat(40));
    let d = digits.as_str();
    let sandbox = Sandbox::new();
    for args in [
        vec!["solve", "nim", d],
        vec!["solve", "nim", "--json", d],
        vec!["play", "nim", "--position", d],
        vec!["solve", d],
        vec![d],
        vec!["solve", "chopsticks", d],
        vec!["solve", "1357", d],
        vec!["solve", "othello", "--depth", d, "--moves", "f5"],
        vec!["simulate", "nim", "--games", d],
        vec!["play", "othello", "--level", d],
        vec!["solve", "pnut", "--symbols", "01", "--length", d],
        vec!["export", "--format", d],
        vec!["bench", d, "x"],
        vec!["--config", d, "solve", "nim", "1"],
    ] {
        let run = sandbox.run(&args);
        run.expect_code(2).stderr_has(&quoted);
        assert!(
            run.stderr.len() < 300,
            "{} bytes of message: {}",
            run.stderr.len(),
            parlor::quote::clip_values(&run.stderr)
        );
    }
}

#[test]
fn huge_bad_config_values_are_quoted_short() {
    let huge = "x".repeat(100_000);
    for (text, key) in [
        (format!("[keys]\nquit = \"{huge}\"\n"), "keys.quit"),
        (
            format!("[ui]\nai_delay_ms = \"{huge}\"\n"),
            "ui.ai_delay_ms",
        ),
        (format!("[colors]\ncoin = \"{huge}\"\n"), "colors.coin"),
    ] {
        let sandbox = Sandbox::new();
        let path = sandbox.file("long.toml", &text);
        let run = sandbox.run(&["--config", &path.display().to_string()]);
        run.expect_code(2)
            .stderr_has(key)
            .stderr_has("line 2")
            .stderr_has("xxx…(100000 characters)");
        assert!(
            run.stderr.len() < 1000,
            "{} bytes of message",
            run.stderr.len()
        );
    }
}

#[test]
fn duplicate_and_dotted_config_keys_are_named_with_their_line() {
    config_error(
        "[ui]\nai_delay_ms = 1\nai_delay_ms = 2\n",
        3,
        &["duplicate", "ui.ai_delay_ms", "line 2"],
    );
    config_error("# mine\nui.ai_delay_ms = \"x\"\n", 2, &["ui.ai_delay_ms"]);
    config_error(
        "\n\nui.ai_delay_ms = 99999\n",
        3,
        &["ui.ai_delay_ms", "0-10000"],
    );
}

#[test]
fn solver_limits_are_checked_key_by_key() {
    // 16 GiB of table used to abort the process when the memory was not there.
    config_error(
        "[solver]\ntable_mib = 16385\n",
        2,
        &["solver.table_mib", "16385", "MiB on this machine"],
    );
    config_error(
        "[solver]\ntable_mib = 64\n\nmax_millis = 86400001\n",
        4,
        &["solver.max_millis", "1-86400000"],
    );
    let sandbox = Sandbox::new();
    let path = sandbox.file("big.toml", "[solver]\ntable_mib = 16385\n");
    sandbox
        .run(&["solve", "othello", "--config", &path.display().to_string()])
        .expect_code(2)
        .stderr_has("solver.table_mib");
}

#[test]
fn broken_user_config_is_reported_and_left_alone() {
    let sandbox = Sandbox::new();
    let path = sandbox.user_config();
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let text = b"# mine\n[ui]\nspeed = 3\n";
    std::fs::write(&path, text).unwrap();
    for args in [&[][..], &["play", "nim"][..]] {
        sandbox
            .run(args)
            .expect_code(2)
            .stderr_has(&path.display().to_string())
            .stderr_has("line 3")
            .stderr_has("speed");
    }
    assert_eq!(
        std::fs::read(&path).unwrap(),
        text,
        "parlor never writes the user's config"
    );
    assert_eq!(dir_entries(path.parent().unwrap()), ["config.toml"]);
}

#[test]
fn valid_config_still_needs_a_terminal() {
    let sandbox = Sandbox::new();
    let text = "[ui]\nai_delay_ms = 0\nhints = true\n[nim]\npiles = [1, 2, 3]\n";
    let path = sandbox.file("good.toml", text);
    let run = sandbox.run(&["--config", &path.display().to_string()]);
    run.expect_code(2).stderr_has("terminal");
    assert!(
        !run.stderr.contains("config"),
        "a valid config is not an error:\n{}",
        run.stderr
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), text);

    // The same file as the user's config is read and left unchanged.
    let user = sandbox.user_config();
    std::fs::create_dir_all(user.parent().unwrap()).unwrap();
    std::fs::write(&user, text).unwrap();
    let run = sandbox.run(&[]);
    run.expect_code(2).stderr_has("terminal");
    assert!(!run.stderr.contains("config"), "{}", run.stderr);
    assert_eq!(std::fs::read_to_string(&user).unwrap(), text);
    assert_eq!(dir_entries(user.parent().unwrap()), ["config.toml"]);
}

fn dir_entries(dir: &Path) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    names
}

// ---------------------------------------------------------------------------------
// simulate

#[test]
fn simulate_nim_confirms_every_prediction() {
    let run = parlor(&["simulate", "nim", "--games", "50", "--seed", "1"]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("predictions confirmed: 50/50"),
        "{}",
        run.stdout
    );
}

#[test]
fn simulate_1357_second_player_always_wins() {
    let v = json_of(&["simulate", "1357", "--games", "5", "--seed", "2", "--json"]);
    assert_eq!(v["game"], "1357", "{v}");
    assert_eq!(v["games"], 5, "{v}");
    assert_eq!(v["second_player_wins"], 5, "{v}");
    assert_eq!(v["first_player_wins"], 0, "{v}");
    assert_eq!(v["predictions_confirmed"], 5, "{v}");
}

#[test]
fn simulate_with_a_seed_is_reproducible() {
    let args = [
        "simulate", "nim", "--games", "20", "--seed", "7", "--misere", "--json",
    ];
    let a = json_of(&args);
    let b = json_of(&args);
    assert_eq!(a, b);
    assert_eq!(a["predictions_confirmed"], 20, "{a}");
}

// ---------------------------------------------------------------------------------
// Winners & Losers

#[test]
fn solve_wl_matches_the_design_example() {
    let v = json_of(&["solve", "wl", "LLWWW", "--json"]);
    assert_eq!(v["game"], "wl");
    assert_eq!(v["position"], "LLWWW");
    assert_eq!(v["verdict"], "win");
    assert_eq!(v["plies"], 5);
    assert_eq!(v["score"], Value::Null);
    // Moves are written by the end they take from, never a lone L (the letter?).
    assert_eq!(v["best"], "left");
    assert_eq!(v["exact"], true);
    assert_eq!(v["moves"][0]["move"], "left");
    assert_eq!(v["moves"][0]["verdict"], "win");
    assert_eq!(v["moves"][1]["move"], "right");
    assert_eq!(v["moves"][1]["verdict"], "loss");
    // The write-up's example is a loss for the player to move.
    assert_eq!(verdict(&["solve", "wl", "WLWLL", "--json"]), "loss");
    // The text shows each move as the screens do: the end and the letter it takes.
    let run = parlor(&["solve", "wl", "LLWWW"]);
    run.expect_code(0);
    for line in ["  left L: win", "  right W: loss"] {
        assert!(run.stdout.contains(line), "{line:?}:\n{}", run.stdout);
    }
}

#[test]
fn wl_bad_input_is_a_usage_error() {
    usage_error(&["solve", "wl", "WLX"], &["'X'", "W and L"]);
    usage_error(&["solve", "wl", ""], &["W and L"]);
    usage_error(&["solve", "wl"], &["W and L"]);
    usage_error(&["play", "wl", "--string", "WL1"], &["--string", "W and L"]);
    usage_error(&["play", "wl", "--string", ""], &["W and L"]);
    usage_error(
        &["play", "nim", "--string", "WL"],
        &["--string", "Winners & Losers"],
    );
    usage_error(&["play", "wl", "--piles", "1,2"], &["--piles"]);
    usage_error(
        &[
            "simulate",
            "wl",
            "--games",
            "3",
            "--min-len",
            "9",
            "--max-len",
            "4",
        ],
        &["min-len", "expected"],
    );
}

#[test]
fn simulate_wl_confirms_every_prediction() {
    let run = parlor(&["simulate", "wl", "--games", "300", "--seed", "3"]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("predictions confirmed: 300/300"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout.contains("first-player win rate"),
        "{}",
        run.stdout
    );
    let v = json_of(&[
        "simulate",
        "wl",
        "--games",
        "50",
        "--seed",
        "3",
        "--min-len",
        "7",
        "--max-len",
        "7",
        "--json",
    ]);
    assert_eq!(v["games"], 50);
    assert_eq!(v["predictions_confirmed"], 50);
    assert_eq!(v["by_length"]["7"]["games"], 50);
    assert_eq!(v["mean_length"], 7.0);
}

// ---------------------------------------------------------------------------------
// parlor config path / default, PARLOR_CONFIG

#[test]
fn config_default_prints_the_documented_defaults_which_parse() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["config", "default"]);
    run.expect_code(0);
    assert_eq!(run.stdout, parlor::config::DEFAULT_CONFIG);
    // Saved as the user's file, it is read without complaint.
    let path = sandbox.file("copy.toml", &run.stdout);
    let path = path.to_str().expect("utf-8 path");
    sandbox
        .run(&["--config", path, "solve", "nim", "3,4,5"])
        .expect_code(0);
}

#[test]
fn config_path_names_the_file_in_use_and_says_when_it_is_missing() {
    let sandbox = Sandbox::new();
    // No file yet: the platform's path, and on stderr that the defaults apply.
    let run = sandbox.run(&["config", "path"]);
    run.expect_code(0);
    assert_eq!(
        run.stdout.trim(),
        sandbox.user_config().to_str().expect("utf-8")
    );
    assert!(run.stderr.contains("built-in defaults"), "{}", run.stderr);

    std::fs::create_dir_all(sandbox.user_config().parent().expect("dir")).expect("dir");
    std::fs::write(sandbox.user_config(), "[ui]\nhints = true\n").expect("w");
    let run = sandbox.run(&["config", "path"]);
    assert_eq!(
        run.stdout.trim(),
        sandbox.user_config().to_str().expect("utf-8")
    );
    assert!(run.stderr.is_empty(), "{}", run.stderr);

    let other = sandbox.file("other.toml", "[ui]\nhints = false\n");
    let other = other.to_str().expect("utf-8");
    let run = sandbox.run_with_env(&["config", "path"], &[("PARLOR_CONFIG", other)]);
    assert_eq!(run.stdout.trim(), other, "PARLOR_CONFIG names the file");
    assert!(run.stderr.contains("PARLOR_CONFIG"), "{}", run.stderr);
    let given = sandbox.file("given.toml", "");
    let given = given.to_str().expect("utf-8");
    let run = sandbox.run_with_env(
        &["--config", given, "config", "path"],
        &[("PARLOR_CONFIG", other)],
    );
    assert_eq!(run.stdout.trim(), given, "--config wins over PARLOR_CONFIG");
}

/// A config named by `--config` or `PARLOR_CONFIG` that is not there is most likely a
/// slip in the path: refused (usage, exit 2) with how to make one or run without.
#[test]
fn a_named_config_that_is_not_there_says_how_to_make_one() {
    let sandbox = Sandbox::new();
    let missing = sandbox.home().join("nowhere").join("parlor.toml");
    let missing = missing.to_str().expect("utf-8");
    for run in [
        sandbox.run(&["--config", missing, "solve", "nim", "3,4,5"]),
        sandbox.run_with_env(&["solve", "nim", "3,4,5"], &[("PARLOR_CONFIG", missing)]),
    ] {
        run.expect_code(2);
        assert!(
            run.stderr
                .contains(&format!("config file {missing} does not exist")),
            "{}",
            run.stderr
        );
        assert!(
            run.stderr.contains("parlor config default >"),
            "{}",
            run.stderr
        );
    }
}

#[test]
fn parlor_config_names_the_file_every_command_reads() {
    let sandbox = Sandbox::new();
    let broken = sandbox.file("broken.toml", "[ui]\nai_delay_ms = \"soon\"\n");
    let broken = broken.to_str().expect("utf-8");
    let run = sandbox.run_with_env(&["solve", "nim", "3,4,5"], &[("PARLOR_CONFIG", broken)]);
    run.expect_code(2);
    assert!(run.stderr.contains("broken.toml"), "{}", run.stderr);
    // Finding and fixing it still works while it is broken.
    let run = sandbox.run_with_env(&["config", "path"], &[("PARLOR_CONFIG", broken)]);
    run.expect_code(0);
    assert_eq!(run.stdout.trim(), broken);
    sandbox
        .run_with_env(&["config", "default"], &[("PARLOR_CONFIG", broken)])
        .expect_code(0);
    let missing = sandbox.run_with_env(
        &["solve", "nim", "3,4,5"],
        &[("PARLOR_CONFIG", "/nonexistent/parlor.toml")],
    );
    missing.expect_code(2);
    assert!(
        missing.stderr.contains("/nonexistent/parlor.toml"),
        "{}",
        missing.stderr
    );
}

// ---------------------------------------------------------------------------------
// parlor completions / man

#[test]
fn completions_for_every_shell_know_the_subcommands_and_games() {
    let sandbox = Sandbox::new();
    for shell in ["bash", "zsh", "fish", "powershell", "elvish"] {
        let run = sandbox.run(&["completions", shell]);
        run.expect_code(0);
        for word in ["solve", "simulate", "review", "export", "stats", "config"] {
            assert!(run.stdout.contains(word), "{shell}: {word} missing");
        }
        // The games are offered as values where the shell's script lists them.
        if ["bash", "zsh"].contains(&shell) {
            assert!(run.stdout.contains("othello"), "{shell}: the games missing");
        }
    }
    // The bash script is valid bash.
    let script = sandbox.file("parlor.bash", &sandbox.run(&["completions", "bash"]).stdout);
    let checked = std::process::Command::new("bash")
        .arg("-n")
        .arg(&script)
        .status()
        .expect("bash runs");
    assert!(checked.success(), "bash -n refused the completion script");
    let bad = sandbox.run(&["completions", "tcsh"]);
    bad.expect_code(2);
    assert!(bad.stderr.contains("possible values"), "{}", bad.stderr);
}

#[test]
fn the_man_page_has_every_subcommand_with_its_options() {
    let run = Sandbox::new().run(&["man"]);
    run.expect_code(0);
    assert!(run.stdout.starts_with(".ie") || run.stdout.contains(".TH parlor 1"));
    for section in [
        "PARLOR PLAY",
        "PARLOR PLAY NIM",
        "PARLOR SOLVE",
        "PARLOR SOLVE OTHELLO",
        "PARLOR SIMULATE WL",
        "PARLOR REVIEW",
        "PARLOR CONFIG",
    ] {
        assert!(run.stdout.contains(section), "{section} missing");
    }
    assert!(
        run.stdout.contains("\\-\\-position"),
        "play's options are listed"
    );
    assert!(
        run.stdout.contains("\\-\\-moves"),
        "each game's own options are listed"
    );
}

#[test]
fn every_subcommand_has_help_that_describes_its_options() {
    let sandbox = Sandbox::new();
    let top = sandbox.run(&["--help"]);
    top.expect_code(0);
    for sub in [
        "play",
        "solve",
        "simulate",
        "review",
        "export",
        "stats",
        "puzzle",
        "engine",
        "config",
        "completions",
        "man",
        "perft",
        "bench",
    ] {
        assert!(top.stdout.contains(sub), "--help lists {sub}");
        let run = sandbox.run(&[sub, "--help"]);
        run.expect_code(0);
        assert!(
            run.stdout.contains(&format!("Usage: parlor {sub}")),
            "{sub} --help:\n{}",
            run.stdout
        );
        // Every argument and option has a line of help, not just its name.
        let missing = options_without_help(&run.stdout);
        assert!(
            missing.is_empty(),
            "{sub}: options without help: {missing:?}"
        );
    }
}
