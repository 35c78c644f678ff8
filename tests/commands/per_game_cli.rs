//! `parlor play|solve|simulate <game>`: each game's subcommand has its own options, its
//! `--help` lists them alone, and the command lines of the flat version that preceded
//! them are refused with a message saying what replaced them.

use clap::FromArgMatches;
use parlor::cli::{Cli, Command};
use parlor::config::Config;
use parlor::plugin::Registry;

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

/// The long options a command line uses (`--misere`, `--piles` of `--piles 3,4,5`).
fn options_in(args: &[String]) -> Vec<String> {
    args.iter()
        .filter_map(|a| a.strip_prefix("--"))
        .filter(|o| o.starts_with(|c: char| c.is_ascii_alphabetic()))
        .map(|o| o.split('=').next().unwrap_or(o).to_string())
        .collect()
}

/// `parlor <verb> <game> --help` as the command built from `games` renders it.
fn help_of(games: &Registry, verb: &str, game: &str) -> String {
    let mut command = parlor::cli::command(games);
    let sub = command
        .find_subcommand_mut(verb)
        .unwrap_or_else(|| panic!("no {verb}"));
    let sub = match sub.find_subcommand_mut(game) {
        Some(own) => own,
        // A game's own command (perft, prove) takes no game word.
        None => sub,
    };
    sub.render_long_help().to_string()
}

/// Every example a game gives, checked through the command line built from `games`:
/// it parses, its help lists it and every option it uses, a `play` example's setup is
/// taken (its position read), and each game gives a `play` with `--position` and a
/// `solve`. Shared by the real arcade and the seventh game.
pub(crate) fn check_examples(games: &Registry) {
    for game in games.all() {
        let examples = game.info().examples();
        for verb in ["play", "solve"] {
            assert!(
                examples.iter().any(|e| e.verb() == verb),
                "{game:?} gives no {verb} example"
            );
        }
        assert!(
            examples
                .iter()
                .any(|e| e.verb() == "play" && e.args.iter().any(|a| a == "--position")),
            "{game:?} gives no play example with --position"
        );
        for example in &examples {
            let line = example.line();
            let argv: Vec<&str> = std::iter::once("parlor").chain(example.argv()).collect();
            let matches = parlor::cli::command(games)
                .try_get_matches_from(&argv)
                .unwrap_or_else(|e| panic!("{line}: {e}"));
            let help = help_of(games, example.verb(), game.cli_name());
            assert!(help.contains(&line), "{line} is not in its help:\n{help}");
            assert!(
                help.contains(&example.says),
                "{line}: what it does is not said"
            );
            let listed = options_of(&help);
            for option in options_in(&example.args) {
                assert!(
                    listed.contains(&option),
                    "{line}: --{option} not in the help"
                );
            }
            if example.verb() == "play" {
                let cli = Cli::from_arg_matches(&matches).expect("a command");
                let Some(Command::Play(play)) = cli.command else {
                    panic!("{line}: not play");
                };
                let args = play.0.resolve(games).expect("a game of the registry");
                let setup = parlor::cli::play_setup(&args, &Config::default())
                    .unwrap_or_else(|e| panic!("{line}: {e}"));
                assert_eq!(setup.game, game, "{line}");
            }
        }
    }
}

#[test]
fn every_example_in_the_help_parses_and_is_listed() {
    check_examples(&parlor::arcade::registry());
}

/// The real binary runs every example that does not need a terminal (`play` says it
/// wants one, and nothing else).
#[test]
fn every_example_runs() {
    let sandbox = Sandbox::new();
    for game in parlor::arcade::registry().all() {
        for example in game.info().examples() {
            let run = sandbox.run(&example.argv());
            if example.verb() == "play" {
                run.expect_code(2).stderr_has("interactive terminal");
            } else {
                run.expect_code(0);
                assert!(!run.stdout.is_empty(), "{}: no output", example.line());
            }
        }
    }
}

/// An option one game's examples use and another game does not take is refused for
/// that game with the game's name and where the option belongs.
#[test]
fn another_games_option_is_refused_by_name() {
    let games = parlor::arcade::registry();
    for verb in ["play", "solve", "simulate"] {
        let mut used: Vec<(String, &str)> = Vec::new();
        for game in games.all() {
            for example in game.info().examples().iter().filter(|e| e.verb() == verb) {
                for option in options_in(&example.args) {
                    used.push((option, game.info().name));
                }
            }
        }
        for game in games.all() {
            let listed = options_of(&help_of(&games, verb, game.cli_name()));
            for (option, owner) in &used {
                if listed.contains(option) {
                    continue;
                }
                let flag = format!("--{option}");
                usage_error(
                    &[verb, game.cli_name(), &flag],
                    &[
                        &format!("{flag} is not an option of {}", game.info().name),
                        owner,
                    ],
                );
            }
        }
    }
}

#[test]
fn each_games_help_has_the_shared_options_each_described() {
    let sandbox = Sandbox::new();
    let shared: [(&str, &[&str]); 3] = [
        ("play", &["mode", "first", "seed", "position"]),
        ("solve", &["json"]),
        ("simulate", &["games", "seed", "json"]),
    ];
    for (verb, options) in shared {
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
            for option in options {
                assert!(
                    listed.iter().any(|l| l == option),
                    "{verb} {game}: --{option} missing:\n{}",
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
