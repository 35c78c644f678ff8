//! `parlor puzzle list <game> --json` (issue 37, point 6): for every game that offers
//! puzzles, one JSON object a line with docs/json.md's keys, in its order, as many
//! lines as the game ships; the text form one line a puzzle; an unknown game or one
//! without puzzles is a usage error naming the games that have them.

use crate::cli_harness as harness;

use harness::*;
use serde_json::Value;

/// docs/json.md's `puzzle` block's keys, in order.
fn documented_keys() -> Vec<String> {
    let doc = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/docs/json.md"))
        .expect("docs/json.md");
    let body = doc
        .split_once("<!-- schema: puzzle -->")
        .and_then(|(_, rest)| rest.split_once("```json\n"))
        .and_then(|(_, rest)| rest.split_once("```"))
        .expect("a puzzle schema block")
        .0;
    let v: Value = serde_json::from_str(body).expect("the block is JSON");
    v.as_object().unwrap().keys().cloned().collect()
}

/// The games of the real registry whose puzzles can be listed.
fn games_with_puzzles() -> Vec<&'static str> {
    parlor::arcade::registry()
        .all()
        .filter(|g| g.kind().puzzles().is_some_and(|b| b.none_because.is_none()))
        .map(|g| g.cli_name())
        .collect()
}

#[test]
fn every_game_with_puzzles_lists_them_as_documented() {
    let keys = documented_keys();
    let games = games_with_puzzles();
    assert_eq!(games, ["nim", "1357", "chopsticks", "othello", "pnut"]);
    for game in games {
        let run = parlor(&["puzzle", "list", game, "--json"]);
        run.expect_code(0);
        let lines: Vec<&str> = run.stdout.lines().collect();
        let shipped = parlor::arcade::registry()
            .find(game)
            .unwrap()
            .kind()
            .puzzles()
            .unwrap()
            .shipped()
            .unwrap();
        assert_eq!(lines.len(), shipped.len(), "{game}: one line a puzzle");
        assert!(!lines.is_empty(), "{game}");
        for line in lines {
            let v: Value = serde_json::from_str(line)
                .unwrap_or_else(|e| panic!("{game}: not JSON ({e}): {line}"));
            let got: Vec<String> = v.as_object().unwrap().keys().cloned().collect();
            assert_eq!(got, keys, "{game}: {line}");
            assert_eq!(v["version"], 1);
            assert_eq!(v["game"], game);
            assert!(v["id"].as_str().unwrap().starts_with(&format!("{game}-")));
            assert!(v["winning"].as_array().is_some_and(|w| !w.is_empty()));
            assert!(v["plies"].as_u64().is_some_and(|p| p >= 5));
        }
        let text = parlor(&["puzzle", "list", game]);
        text.expect_code(0);
        assert_eq!(
            text.stdout.lines().count(),
            shipped.len(),
            "{game}: text lines"
        );
        assert!(text.stdout.contains(&format!("parlor solve {game} ")));
    }
}

#[test]
fn a_listed_puzzle_is_what_solve_says() {
    let run = parlor(&["puzzle", "list", "nim", "--json"]);
    let first: Value = serde_json::from_str(run.stdout.lines().next().unwrap()).unwrap();
    let mut args = vec![
        "solve",
        "nim",
        first["position"].as_str().unwrap(),
        "--json",
    ];
    if first["options"] == "--misere" {
        args.push("--misere");
    }
    let solved = json_of(&args);
    assert_eq!(solved["verdict"], "win");
    assert_eq!(solved["plies"], first["plies"]);
    let winning: Vec<Value> = solved["moves"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|m| m["verdict"] == "win")
        .map(|m| m["move"].clone())
        .collect();
    assert_eq!(Value::Array(winning), first["winning"]);
}

#[test]
fn an_othello_puzzle_is_what_solve_says_every_listed_move_reaching_the_best_margin() {
    let run = parlor(&["puzzle", "list", "othello", "--json"]);
    for line in run.stdout.lines().take(3) {
        let p: Value = serde_json::from_str(line).unwrap();
        let solved = json_of(&[
            "solve",
            "othello",
            p["position"].as_str().unwrap(),
            "--json",
        ]);
        assert_eq!(solved["exact"], true, "{line}");
        let best = solved["score"].as_i64().unwrap();
        assert_eq!(p["result"], format!("win by {best}"), "{line}");
        let reaching: Vec<Value> = solved["moves"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|m| m["score"].as_i64() == Some(best))
            .map(|m| m["move"].clone())
            .collect();
        let mut listed = p["winning"].as_array().unwrap().clone();
        let mut reaching = reaching;
        listed.sort_by_key(|v| v.to_string());
        reaching.sort_by_key(|v| v.to_string());
        assert_eq!(reaching, listed, "{line}");
    }
}

#[test]
fn an_unknown_game_or_one_without_puzzles_is_a_usage_error() {
    usage_error(
        &["puzzle", "list", "checkers", "--json"],
        &["checkers", "nim, 1357, chopsticks, othello, pnut"],
    );
    usage_error(
        &["puzzle", "list", "wl"],
        &[
            "Winners & Losers has no puzzles",
            "nim, 1357, chopsticks, othello, pnut",
        ],
    );
    usage_error(&["puzzle", "list"], &["GAME"]);
}

#[test]
fn the_trainer_is_refused_by_name_without_a_game_with_puzzles() {
    usage_error(
        &["puzzle"],
        &["name a game", "nim, 1357, chopsticks, othello, pnut"],
    );
    usage_error(
        &["puzzle", "wl", "--daily"],
        &[
            "Winners & Losers has no puzzles",
            "nim, 1357, chopsticks, othello, pnut",
        ],
    );
    usage_error(&["puzzle", "chess"], &["unknown game", "chess"]);
    usage_error(&["puzzle", "nim", "--daily", "--streak"], &["--streak"]);
    usage_error(&["puzzle", "nim", "--rating", "--daily"], &["--daily"]);
}

#[test]
fn the_rating_of_a_new_player_says_how_to_start() {
    let sandbox = Sandbox::new();
    let run = sandbox.run(&["puzzle", "nim", "--rating"]);
    run.expect_code(0);
    assert!(
        run.stdout.contains("No puzzle of Nim tried yet")
            && run.stdout.contains("parlor puzzle nim"),
        "{}",
        run.stdout
    );
}
