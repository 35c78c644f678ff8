//! Every `simulate` prints its seed, and the printed seed replays the same games: the
//! text's last line and the JSON's `"seed"`, for every game. Timings (Othello's
//! `seconds`, its `time:` line) are left out of the comparison.

use crate::cli_harness as harness;

use harness::*;

/// Each game's simulate, small enough to be quick (Othello: beginners).
fn simulate_args(game: &str) -> Vec<&str> {
    let mut args = vec!["simulate", game, "--games", "3"];
    if game == "othello" {
        args.extend(["--black", "beginner", "--white", "casual"]);
    }
    args
}

/// The seed named by the text's line "seed: N — replay with --seed N".
fn printed_seed(stdout: &str) -> String {
    let line = stdout
        .lines()
        .find(|l| l.starts_with("seed: "))
        .unwrap_or_else(|| panic!("no seed line in:\n{stdout}"));
    let seed = line["seed: ".len()..]
        .split_whitespace()
        .next()
        .expect("a seed after 'seed: '");
    assert_eq!(
        line,
        format!("seed: {seed} — replay with --seed {seed}"),
        "the seed line"
    );
    seed.to_string()
}

fn without_timings(stdout: &str) -> String {
    stdout
        .lines()
        .filter(|l| !l.starts_with("time:"))
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn text_prints_its_seed_and_replays_from_it() {
    for game in crate::game_names() {
        let args = simulate_args(game);
        let first = parlor(&args);
        first.expect_code(0);
        let seed = printed_seed(&first.stdout);
        let mut again = args.clone();
        again.extend(["--seed", &seed]);
        let replay = parlor(&again);
        replay.expect_code(0);
        assert_eq!(
            without_timings(&first.stdout),
            without_timings(&replay.stdout),
            "{game}: the printed seed replays the same games"
        );
    }
}

#[test]
fn json_prints_its_seed_and_replays_from_it() {
    for game in crate::game_names() {
        let mut args = simulate_args(game);
        args.push("--json");
        let mut first = json_of(&args);
        let seed = first["seed"]
            .as_u64()
            .unwrap_or_else(|| panic!("{game}: no seed in {first}"))
            .to_string();
        let mut again = args.clone();
        again.extend(["--seed", &seed]);
        let mut replay = json_of(&again);
        for v in [&mut first, &mut replay] {
            v["seconds"] = serde_json::Value::Null;
        }
        assert_eq!(
            first, replay,
            "{game}: the printed seed replays the same games"
        );
    }
}

/// The games differ from seed to seed (the seed is used, not just printed): of a few
/// seeds, not all give the same Winners & Losers strings.
#[test]
fn different_seeds_give_different_games() {
    let outputs: std::collections::BTreeSet<String> = ["1", "2", "3"]
        .iter()
        .map(|seed| {
            let v = json_of(&["simulate", "wl", "--games", "5", "--json", "--seed", seed]);
            v["by_length"].to_string()
        })
        .collect();
    assert!(
        outputs.len() > 1,
        "three seeds gave the same games: {outputs:?}"
    );
}
