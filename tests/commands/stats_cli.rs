//! `parlor stats [--json]` on histories written to a temporary data directory: the
//! table and the JSON checked field by field, no history, a broken history file.

use crate::cli_harness as harness;
use crate::history_harness as history;

use harness::*;
use serde_json::{Value, json};

/// Runs `parlor args` with the data directory `data` (`PARLOR_DATA_DIR`).
fn stats(sandbox: &Sandbox, data: &std::path::Path, args: &[&str]) -> Run {
    let dir = data.to_str().expect("UTF-8 temp path");
    sandbox.run_with_env(args, &[("PARLOR_DATA_DIR", dir)])
}

fn with_sample() -> (Sandbox, tempfile::TempDir) {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    history::write(data.path(), &history::sample());
    (sandbox, data)
}

#[test]
fn json_has_every_game_level_and_count() {
    let (sandbox, data) = with_sample();
    let run = stats(&sandbox, data.path(), &["stats", "--json"]);
    run.expect_code(0);
    assert_eq!(run.stderr, "", "no notices for a good history");
    let v = run.json();
    assert_eq!(v["version"], 2);
    let games = v["games"].as_array().expect("games is an array");
    let names: Vec<&str> = games.iter().map(|g| g["game"].as_str().unwrap()).collect();
    // Menu order (the registry's); a game never played is left out.
    let played: Vec<String> = history::sample().into_iter().map(|r| r.game).collect();
    let expected: Vec<&str> = crate::game_names()
        .into_iter()
        .filter(|g| played.iter().any(|p| p == g))
        .collect();
    assert_eq!(names, expected);
    assert!(!names.contains(&"pnut"), "Pnut-Butta is not in the sample");

    let nim = &games[0];
    assert_eq!(nim["name"], "Nim");
    assert_eq!(
        nim["vs_ai"],
        json!([
            {"level": "perfect", "played": 4, "won": 3, "drawn": 0, "lost": 1,
             "streak": 1, "best_streak": 2, "mean_margin": null},
            {"level": "casual", "played": 1, "won": 1, "drawn": 0, "lost": 0,
             "streak": 1, "best_streak": 1, "mean_margin": null},
        ])
    );
    assert_eq!(
        nim["two_players"],
        json!({"played": 3, "first_won": 2, "second_won": 1, "drawn": 0})
    );
    assert_eq!(
        nim["ai_vs_ai"],
        json!({"played": 0, "first_won": 0, "second_won": 0, "drawn": 0})
    );

    let sugar = &games[1];
    assert_eq!(sugar["name"], "1-3-5-7");
    assert_eq!(sugar["vs_ai"], json!([]));
    assert_eq!(
        sugar["ai_vs_ai"],
        json!({"played": 1, "first_won": 0, "second_won": 1, "drawn": 0})
    );

    let chopsticks = &games[2]["vs_ai"][0];
    assert_eq!(chopsticks["level"], "strong");
    assert_eq!(
        (
            &chopsticks["played"],
            &chopsticks["drawn"],
            &chopsticks["streak"]
        ),
        (&json!(1), &json!(1), &json!(0))
    );

    let othello = &games[3]["vs_ai"];
    assert_eq!(othello[0]["level"], "benedict");
    assert_eq!(
        (
            &othello[0]["won"],
            &othello[0]["lost"],
            &othello[0]["best_streak"]
        ),
        (&json!(2), &json!(1), &json!(2))
    );
    assert_eq!(othello[0]["mean_margin"], json!(5.33));
    assert_eq!(othello[1]["level"], "exact");
    assert_eq!(othello[1]["mean_margin"], json!(-20.0));

    assert_eq!(games[4]["vs_ai"][0]["level"], "beginner");
}

#[test]
fn json_keys_come_in_the_documented_order() {
    let (sandbox, data) = with_sample();
    let run = stats(&sandbox, data.path(), &["stats", "--json"]);
    let start = concat!(
        r#"{"version":2,"games":[{"game":"nim","name":"Nim","vs_ai":[{"level":"perfect","#,
        r#""played":4,"won":3,"drawn":0,"lost":1,"streak":1,"best_streak":2,"mean_margin":null},"#
    );
    assert!(run.stdout.starts_with(start), "{}", run.stdout);
    assert!(
        run.stdout.contains(
            r#""two_players":{"played":3,"first_won":2,"second_won":1,"drawn":0},"ai_vs_ai":{"#
        ),
        "{}",
        run.stdout
    );
    assert_eq!(run.stdout.lines().count(), 1, "one line of JSON");
}

#[test]
fn table_has_a_row_per_level_and_the_other_modes() {
    let (sandbox, data) = with_sample();
    let run = stats(&sandbox, data.path(), &["stats"]);
    run.expect_code(0);
    let out = &run.stdout;
    let lines: Vec<&str> = out.lines().collect();
    let row = |start: &str| -> Vec<String> {
        let found: Vec<&&str> = lines
            .iter()
            .filter(|l| l.trim_start().starts_with(start))
            .collect();
        assert_eq!(found.len(), 1, "one row starting {start:?}:\n{out}");
        found[0].split_whitespace().map(str::to_string).collect()
    };
    assert_eq!(lines[0], "Nim");
    let othello = lines.iter().position(|l| *l == "Othello").expect("Othello");
    assert!(lines[othello + 1].ends_with("best  margin"), "{out}");
    assert_eq!(
        lines[1].split_whitespace().collect::<Vec<_>>(),
        [
            "against", "the", "AI", "played", "won", "drawn", "lost", "streak", "best"
        ],
        "Nim has no margin column"
    );
    assert_eq!(row("perfect"), ["perfect", "4", "3", "0", "1", "1", "2"]);
    assert_eq!(row("casual"), ["casual", "1", "1", "0", "0", "1", "1"]);
    assert_eq!(
        row("two players").join(" "),
        "two players 3 player 1 won 2, player 2 won 1, drawn 0"
    );
    assert_eq!(
        row("AI vs AI").join(" "),
        "AI vs AI 1 AI 1 won 0, AI 2 won 1, drawn 0"
    );
    assert_eq!(row("strong"), ["strong", "1", "0", "1", "0", "0", "0"]);
    assert_eq!(
        row("benedict"),
        ["benedict", "3", "2", "0", "1", "0", "2", "+5.3"]
    );
    assert_eq!(
        row("exact"),
        ["exact", "1", "0", "0", "1", "0", "0", "-20.0"]
    );
    assert_eq!(row("beginner"), ["beginner", "1", "1", "0", "0", "1", "1"]);
    // Every game played has its title, in menu order; the one not played has none.
    let titles: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| {
            !l.is_empty()
                && !l.starts_with(' ')
                && !l.starts_with("streak:")
                && !l.starts_with("margin:")
                && !l.starts_with("rating:")
        })
        .collect();
    assert_eq!(
        titles,
        [
            "Nim",
            "1-3-5-7",
            "Chopsticks",
            "Othello",
            "Winners & Losers"
        ]
    );
    assert!(
        out.contains("\nstreak: wins in a row"),
        "the legend:\n{out}"
    );
    assert!(
        out.contains("\nmargin: your final score"),
        "the legend:\n{out}"
    );
}

#[test]
fn no_history_says_so() {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    let run = stats(&sandbox, data.path(), &["stats"]);
    run.expect_code(0);
    assert!(
        run.stdout.starts_with("No finished games in ")
            && run
                .stdout
                .contains("against the AI, two players, or two AIs watched"),
        "{}",
        run.stdout
    );
    let run = stats(&sandbox, data.path(), &["stats", "--json"]);
    run.expect_code(0);
    assert_eq!(run.json(), json!({"version": 2, "games": []}));
}

#[test]
fn games_not_against_the_ai_have_no_level_rows() {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    history::write(
        data.path(),
        &[history::record(
            "wl",
            "perfect",
            parlor::matchup::Mode::TwoPlayers,
            true,
            parlor::store::ResultRecord::Draw,
            None,
        )],
    );
    let run = stats(&sandbox, data.path(), &["stats"]);
    run.expect_code(0);
    assert!(
        !run.stdout.contains("against the AI  played"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .contains("two players          1  player 1 won 0, player 2 won 0, drawn 1"),
        "{}",
        run.stdout
    );
}

#[test]
fn a_broken_history_is_moved_aside_with_a_notice() {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    std::fs::write(data.path().join("history.json"), "{ not json").expect("write");
    let run = stats(&sandbox, data.path(), &["stats"]);
    run.expect_code(0)
        .stderr_has("parlor: history.json was moved aside to history.json.broken-")
        .stderr_has("not a parlor history file");
    assert!(
        run.stdout.starts_with("No finished games in "),
        "{}",
        run.stdout
    );
    assert!(
        !data.path().join("history.json").exists(),
        "the broken file is no longer in the way"
    );
    // The next run finds no history and says nothing on stderr.
    let run = stats(&sandbox, data.path(), &["stats", "--json"]);
    run.expect_code(0);
    assert_eq!(run.stderr, "");
    assert_eq!(run.json()["games"], json!([]));
}

#[test]
fn the_default_data_directory_is_the_sandboxs() {
    // Without PARLOR_DATA_DIR the history is read from $XDG_DATA_HOME/parlor.
    let sandbox = Sandbox::new();
    history::write(&sandbox.data_home().join("parlor"), &history::sample()[..1]);
    let run = sandbox.run(&["stats", "--json"]);
    run.expect_code(0);
    let v: Value = run.json();
    assert_eq!(v["games"][0]["vs_ai"][0]["won"], 1);
}

/// On a server's machine, `parlor stats` adds the online games per player, read from
/// the server's database (`server/server.sqlite` in the data directory).
#[test]
fn the_servers_online_games_are_listed_per_player() {
    use parlor::serve::db::{Db, StoredMatch, StoredOwner};
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    let dir = data.path().join("server");
    std::fs::create_dir_all(&dir).expect("the server's directory");
    let db = Db::open(&dir.join("server.sqlite")).expect("a database");
    let mut record = history::vs_ai("nim", "perfect", true);
    record.seats[0].name = "alice".into();
    record.seats[1].name = "bob".into();
    let stored = StoredMatch {
        id: 7,
        record: record.clone(),
        names: ["alice".into(), "bob".into()],
        owners: [
            StoredOwner::Code("123456".into()),
            StoredOwner::Code("654321".into()),
        ],
    };
    db.save_match(&stored).expect("saved");
    db.finish_match(7, &record, "bob resigned", 1_700_000_000)
        .expect("finished");
    drop(db);
    let run = stats(&sandbox, data.path(), &["stats"]);
    run.expect_code(0);
    assert!(
        run.stdout
            .contains("Online games on this server (parlor serve), per player:"),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("alice") && l.contains("nim")),
        "{}",
        run.stdout
    );
    assert!(
        run.stdout
            .lines()
            .any(|l| l.starts_with("bob") && l.contains("nim")),
        "{}",
        run.stdout
    );
}

/// A history of rated Nim games in two variants (and two games that are not rated):
/// the JSON's rating with its history and the split by variant, and the table's lines.
#[test]
fn rating_and_variants_in_json_and_table() {
    let sandbox = Sandbox::new();
    let data = tempfile::tempdir().expect("temp dir");
    history::write(data.path(), &history::rated());
    let run = stats(&sandbox, data.path(), &["stats", "--json"]);
    run.expect_code(0);
    let v = run.json();
    let nim = &v["games"][0];
    assert_eq!(nim["game"], "nim");
    let rating = &nim["rating"];
    assert_eq!(
        rating["games"], 12,
        "neither the typed position nor the losing side"
    );
    let history = rating["history"].as_array().expect("a history");
    assert_eq!(history.len(), 12);
    assert_eq!(history[11]["rating"], rating["rating"]);
    assert_eq!(
        history[0],
        json!({"date": "2026-03-01", "rating": history[0]["rating"], "level": "beginner",
               "level_rating": 800, "result": "won"})
    );
    assert!(
        history[0]["rating"].as_u64().expect("a number") > 1500,
        "a win raises"
    );
    let variants: Vec<&str> = nim["variants"]
        .as_array()
        .expect("variants")
        .iter()
        .map(|v| v["variant"].as_str().expect("words"))
        .collect();
    assert_eq!(
        variants,
        ["piles 3,4,5", "piles 3,4,5, misère", "from 1,2,3"]
    );
    let misere = &nim["variants"][1]["vs_ai"];
    assert_eq!(misere[0]["level"], "perfect");
    assert_eq!(
        (&misere[0]["played"], &misere[0]["won"]),
        (&json!(1), &json!(1))
    );
    // Othello's levels are its split: no variants; one rated game.
    assert_eq!(v["games"][1]["variants"], json!([]));
    assert_eq!(v["games"][1]["rating"]["games"], 1);

    let table = stats(&sandbox, data.path(), &["stats"]);
    table.expect_code(0);
    let out = &table.stdout;
    let line = out
        .lines()
        .find(|l| l.trim_start().starts_with("rating "))
        .expect("Nim's rating line");
    assert!(
        line.contains(&format!("rating {} (±", rating["rating"]))
            && line.contains("after 12 rated games"),
        "{out}"
    );
    // Othello's one rated game: no history to list after it (it repeated the rating).
    let othello = out
        .lines()
        .filter(|l| l.trim_start().starts_with("rating "))
        .nth(1)
        .expect("Othello's rating line");
    assert!(othello.ends_with("after 1 rated game"), "{out}");
    assert!(
        out.contains("  by variant:\n  piles 3,4,5\n    perfect"),
        "{out}"
    );
    assert!(out.contains("\n  piles 3,4,5, misère\n"), "{out}");
    assert!(
        out.contains("\nrating: moves with every game"),
        "the legend:\n{out}"
    );
}
