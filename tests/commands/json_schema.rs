//! The JSON of `solve`, `simulate` and errors against docs/json.md: for every game, the
//! keys (names and order) the program prints equal the ones of its schema blocks
//! (`<!-- schema: NAME -->` followed by a json block), so a key added, renamed or moved
//! without updating docs/json.md fails here. Also: errors under `--json` are one JSON
//! object on stderr with exit code 2, and `solve <game> -` reads standard input.

use crate::cli_harness as harness;

use std::io::Write;
use std::process::{Command, Stdio};

use harness::*;
use serde_json::Value;

/// The page that documents the JSON shapes.
const JSON_DOC: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md");

/// docs/json.md's schema block `name`, parsed.
fn documented(name: &str) -> Value {
    let doc = std::fs::read_to_string(JSON_DOC).expect("docs/json.md");
    let marker = format!("<!-- schema: {name} -->");
    let after = doc
        .split_once(&marker)
        .unwrap_or_else(|| panic!("docs/json.md has no {marker}"))
        .1;
    let body = after
        .split_once("```json\n")
        .and_then(|(_, rest)| rest.split_once("```"))
        .unwrap_or_else(|| panic!("no json block after {marker}"))
        .0;
    serde_json::from_str(body)
        .unwrap_or_else(|e| panic!("docs/json.md's {name} block: {e}\n{body}"))
}

/// An object's keys in order.
fn keys(v: &Value) -> Vec<String> {
    v.as_object()
        .unwrap_or_else(|| panic!("not an object: {v}"))
        .keys()
        .cloned()
        .collect()
}

/// The first `solve` example each game gives in its help (quick by the examples' rule).
fn solve_args(game: &str) -> Vec<String> {
    let id = parlor::arcade::registry().find(game).expect("a game");
    let example = id
        .info()
        .examples()
        .into_iter()
        .find(|e| e.verb() == "solve")
        .unwrap_or_else(|| panic!("{game} gives no solve example"));
    example.args.into_iter().filter(|a| a != "--json").collect()
}

#[test]
fn solve_json_keys_are_the_documented_ones_for_every_game() {
    let doc = documented("solve");
    for game in crate::game_names() {
        let mut args = solve_args(game);
        args.push("--json".into());
        let v = json_of(&args.iter().map(String::as_str).collect::<Vec<_>>());
        assert_eq!(keys(&v), keys(&doc), "{game}: solve --json keys");
        assert_eq!(v["version"], 1, "{game}");
        assert_eq!(v["game"], game);
        let moves = v["moves"].as_array().expect("moves");
        assert!(!moves.is_empty(), "{game}: moves");
        for m in moves {
            assert_eq!(keys(m), keys(&doc["moves"][0]), "{game}: a move's keys");
        }
    }
}

#[test]
fn proof_json_keys_are_the_documented_ones() {
    let doc = documented("proof");
    for args in [
        ["solve", "1357", "--proof", "--json"].as_slice(),
        &["solve", "nim", "2,3", "--proof", "--json"],
    ] {
        let v = json_of(args);
        assert_eq!(keys(&v), keys(&doc), "{args:?}");
    }
}

#[test]
fn simulate_json_keys_are_the_documented_ones_for_every_game() {
    let doc = documented("simulate");
    for game in crate::game_names() {
        let mut args = vec!["simulate", game, "--games", "2", "--json"];
        if game == "othello" {
            args.extend(["--black", "beginner", "--white", "beginner"]);
        }
        let v = json_of(&args);
        assert_eq!(keys(&v), keys(&doc), "{game}: simulate --json keys");
        assert_eq!(v["version"], 1);
        assert_eq!(v["games"], 2);
        assert_eq!(v["games_asked"], 2);
        assert_eq!(v["interrupted"], false);
        assert!(v["seed"].is_u64(), "{game}: seed in {v}");
    }
}

/// Today's meanings kept: the values a test may check, per game.
#[test]
fn fields_that_do_not_apply_are_null() {
    let nim = json_of(&["solve", "nim", "3,4,5", "--json"]);
    assert_eq!(nim["verdict"], "win");
    assert_eq!(nim["plies"], 11);
    assert_eq!(nim["best"], "1:2");
    assert!(nim["score"].is_null() && nim["pv"].is_null() && nim["symbols"].is_null());
    let othello = json_of(&[
        "solve", "othello", "--moves", "f5", "--depth", "2", "--json",
    ]);
    assert!(othello["plies"].is_null(), "{othello}");
    assert!(
        othello["score"].is_i64() && othello["pv"].is_array(),
        "{othello}"
    );
    let pnut = json_of(&[
        "solve",
        "pnut",
        "--symbols",
        "01",
        "--length",
        "2",
        "--json",
    ]);
    assert_eq!(pnut["symbols"], "01");
    assert_eq!(pnut["length"], 2);
    assert_eq!(pnut["winner_only"], false);
    let chop = json_of(&["simulate", "chopsticks", "--games", "2", "--json"]);
    assert!(chop["draws"].is_u64(), "{chop}");
    let nim = json_of(&["simulate", "nim", "--games", "2", "--json"]);
    assert!(nim["draws"].is_null() && nim["players"].is_null(), "{nim}");
}

/// A usage error under `--json`: exit code 2, nothing on stdout, one JSON object on
/// stderr with the documented keys, the message and the code.
fn json_error(args: &[&str], needle: &str) {
    let run = parlor(args);
    run.expect_code(2);
    assert_eq!(run.stdout, "", "{args:?}");
    let v: Value = serde_json::from_str(run.stderr.trim()).unwrap_or_else(|e| {
        panic!(
            "{args:?}: stderr is not one JSON object ({e}):\n{}",
            run.stderr
        )
    });
    assert_eq!(keys(&v), keys(&documented("error")), "{args:?}");
    assert_eq!(v["code"], 2);
    assert_eq!(v["version"], 1);
    let message = v["error"].as_str().expect("error message");
    assert!(
        message.contains(needle),
        "{args:?}: {message:?} should name {needle:?}"
    );
}

#[test]
fn errors_under_json_are_one_json_object() {
    // Refused by the game.
    json_error(&["solve", "nim", "3,x", "--json"], "'x'");
    json_error(&["solve", "wl", "WXL", "--json"], "W");
    // Refused by the dispatch (another game's option).
    json_error(&["solve", "nim", "--rollover", "--json"], "--rollover");
    // Refused by clap itself.
    json_error(&["simulate", "nim", "--json"], "--games");
    json_error(&["simulate", "nim", "--games", "0", "--json"], "--games");
    json_error(&["stats", "--json", "--bogus"], "--bogus");
    json_error(&["solve", "chess", "--json"], "chess");
    // export asked for JSON with --format json (an empty history: a usage error).
    json_error(&["export", "--format", "json"], "no finished games");
    // Without --json the error stays text.
    let run = parlor(&["solve", "nim", "3,x"]);
    run.expect_code(2);
    assert!(run.stderr.starts_with("parlor: "), "{}", run.stderr);
}

/// Runs `parlor args` in a sandbox with `input` on standard input.
fn with_stdin(args: &[&str], input: &[u8]) -> (i32, String, String) {
    let sandbox = Sandbox::new();
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlor"))
        .args(args)
        .env("HOME", sandbox.home())
        .env("XDG_CONFIG_HOME", sandbox.config_home())
        .env("XDG_DATA_HOME", sandbox.data_home())
        .env_remove("PARLOR_CONFIG")
        .env_remove("PARLOR_DATA_DIR")
        .env_remove("PARLOR_PROGRESS")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn parlor");
    let mut stdin = child.stdin.take().expect("stdin");
    stdin.write_all(input).expect("write stdin");
    drop(stdin);
    let out = child.wait_with_output().expect("parlor output");
    (
        out.status.code().expect("exit code"),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn solve_reads_the_position_from_stdin() {
    let (code, stdout, stderr) = with_stdin(&["solve", "nim", "-", "--json"], b"3,4,5\nignored\n");
    assert_eq!(code, 0, "{stderr}");
    let v: Value = serde_json::from_str(stdout.trim()).expect("JSON");
    assert_eq!(v, json_of(&["solve", "nim", "3,4,5", "--json"]));
    let (code, stdout, _) = with_stdin(&["solve", "wl", "-"], b"WLLWL\r\n");
    assert_eq!(code, 0);
    assert!(stdout.contains("WLLWL"), "{stdout}");
}

#[test]
fn an_empty_or_unreadable_stdin_is_a_usage_error() {
    for input in [&b""[..], b"\n", b"\xff\xfe\n"] {
        let (code, stdout, stderr) = with_stdin(&["solve", "nim", "-"], input);
        assert_eq!(code, 2, "{input:?}: {stderr}");
        assert_eq!(stdout, "");
        assert!(stderr.contains("standard input"), "{input:?}: {stderr}");
    }
    let (code, _, stderr) = with_stdin(&["solve", "nim", "-", "--json"], b"");
    assert_eq!(code, 2);
    let v: Value = serde_json::from_str(stderr.trim()).expect("one JSON error");
    assert_eq!(v["code"], 2);
}

use crate::history_harness as history;

/// The keys of `v` and, level by level, of its nested objects (an array by its first
/// element), as paths: `games`, `games[].vs_ai[].level`, ...
fn key_paths(v: &Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(map) => {
            for (k, inner) in map {
                let path = format!("{prefix}{k}");
                out.push(path.clone());
                key_paths(inner, &format!("{path}."), out);
            }
        }
        Value::Array(items) => {
            if let Some(first) = items.first() {
                key_paths(first, &format!("{}[].", prefix.trim_end_matches('.')), out);
            }
        }
        _ => {}
    }
}

fn all_keys(v: &Value) -> Vec<String> {
    let mut out = Vec::new();
    key_paths(v, "", &mut out);
    out
}

#[test]
fn stats_and_export_json_keys_are_the_documented_ones() {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    history::write(data.path(), &history::rated());
    let dir = data.path().to_str().expect("a UTF-8 path");
    let stats = sandbox.run_with_env(&["stats", "--json"], &[("PARLOR_DATA_DIR", dir)]);
    stats.expect_code(0);
    let printed = stats.json();
    // Every level of the shape, with the game the documented example has (Nim, rated,
    // in more than one variant).
    let nim = printed["games"]
        .as_array()
        .and_then(|games| games.iter().find(|g| g["game"] == "nim"))
        .cloned()
        .expect("the rated history has Nim games");
    let mut shown = printed.clone();
    shown["games"] = Value::Array(vec![nim]);
    assert_eq!(
        all_keys(&shown),
        all_keys(&documented("stats")),
        "stats --json"
    );

    let export = sandbox.run_with_env(&["export", "--format", "json"], &[("PARLOR_DATA_DIR", dir)]);
    export.expect_code(0);
    let record: Value = serde_json::from_str(&export.stdout).expect("one JSON object");
    assert_eq!(record["version"], 1);
    assert_eq!(
        keys(&record),
        keys(&documented("export")),
        "export --format json"
    );
}
