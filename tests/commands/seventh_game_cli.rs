//! A seventh game added through the plug-in API alone (`tests/common/fake_game.rs`,
//! "Ten") gets the command line every game has: its subcommands of play, solve and
//! simulate with its own help, the explanations of an option of another game, `parlor
//! play` reading its setup, `parlor engine` knowing its name, and its statistics in
//! the table and the JSON shape. The command line is built from the registry, as
//! `parlor::cli::main` builds it.

use clap::FromArgMatches;
use parlor::cli::{Cli, Command};
use parlor::config::Config;
use parlor::matchup::FirstMover;

use crate::fake_game::{self, registry_with_ten, ten_alone};

/// What clap prints for `args` (help or an error), as text.
fn rendered(args: &[&str]) -> String {
    let games = registry_with_ten();
    match parlor::cli::command(&games).try_get_matches_from(args) {
        Ok(_) => panic!("{args:?} parsed"),
        Err(e) => e.render().to_string(),
    }
}

#[test]
fn a_seventh_game_has_its_own_subcommands_and_help() {
    fake_game::check_the_fake();
    crate::per_game_cli::check_examples(&registry_with_ten());
    let solve = rendered(&["parlor", "solve", "--help"]);
    assert!(solve.contains("ten"), "{solve}");
    assert!(
        solve.contains("Ten: add 1 or 2; whoever reaches 10 wins"),
        "{solve}"
    );
    let own = rendered(&["parlor", "solve", "ten", "--help"]);
    assert!(own.contains("Usage: parlor solve ten"), "{own}");
    assert!(own.contains("count:mover"), "{own}");
    let play = rendered(&["parlor", "play", "ten", "--help"]);
    for shared in ["--mode", "--first", "--seed", "--position", "--difficulty"] {
        assert!(
            play.contains(shared),
            "play ten --help has {shared}:\n{play}"
        );
    }
    let simulate = rendered(&["parlor", "simulate", "ten", "--help"]);
    assert!(simulate.contains("--games"), "{simulate}");
    let top = rendered(&["parlor", "--help"]);
    assert!(
        top.contains("Games: nim, 1357, chopsticks, othello, pnut, wl, ten."),
        "{top}"
    );
    let engine = rendered(&["parlor", "engine", "chess"]);
    assert!(engine.contains("ten"), "engine names its games:\n{engine}");
    // An arcade of Ten alone has no other game's commands, nor Othello's perft.
    let alone = parlor::cli::command(&ten_alone());
    assert!(
        alone
            .clone()
            .try_get_matches_from(["parlor", "solve", "nim"])
            .is_err()
    );
    assert!(
        alone
            .clone()
            .try_get_matches_from(["parlor", "perft", "3"])
            .is_err()
    );
    assert!(
        alone
            .try_get_matches_from(["parlor", "solve", "ten", "4:1"])
            .is_ok()
    );
}

#[test]
fn an_option_of_another_game_is_explained_for_a_seventh_game() {
    let games = registry_with_ten();
    let raw: Vec<std::ffi::OsString> = ["parlor", "solve", "ten", "--misere"]
        .iter()
        .map(Into::into)
        .collect();
    let error = parlor::cli::command(&games)
        .try_get_matches_from(&raw)
        .expect_err("--misere is Nim's");
    let message = parlor::cli::game_args::explain(&error, &raw, &games).expect("explained");
    assert!(
        message.starts_with("--misere is not an option of Ten (it is an option of Nim"),
        "{message}"
    );
    assert!(message.contains("solve ten takes [POSITION]"), "{message}");
}

#[test]
fn play_reads_the_setup_of_a_seventh_game() {
    let games = registry_with_ten();
    let matches = parlor::cli::command(&games)
        .try_get_matches_from([
            "parlor",
            "play",
            "ten",
            "--first",
            "ai",
            "--position",
            "4:2",
        ])
        .expect("parses");
    let cli = Cli::from_arg_matches(&matches).expect("a command");
    let Some(Command::Play(play)) = cli.command else {
        panic!("not play");
    };
    let args = play.0.resolve(&games).expect("Ten is in the registry");
    let setup = parlor::cli::play_setup(&args, &Config::default()).expect("a setup");
    assert_eq!(setup.game, fake_game::ID);
    assert_eq!(setup.matchup.first, FirstMover::Ai);
    assert_eq!(setup.position.as_deref(), Some("4:2"));
    // A position Ten cannot read is refused with what it accepts.
    let matches = parlor::cli::command(&games)
        .try_get_matches_from(["parlor", "play", "ten", "--position", "11:1"])
        .expect("parses");
    let cli = Cli::from_arg_matches(&matches).expect("a command");
    let Some(Command::Play(play)) = cli.command else {
        panic!("not play");
    };
    let args = play.0.resolve(&games).expect("Ten");
    let e = parlor::cli::play_setup(&args, &Config::default()).expect_err("11 is past 10");
    assert!(e.to_string().contains("expected count:mover"), "{e}");
    // Without Ten in the registry, `play ten` is not a command.
    let without = parlor::cli::command(&parlor::arcade::registry())
        .try_get_matches_from(["parlor", "play", "ten"]);
    assert!(without.is_err());
}

#[test]
fn a_seventh_games_statistics_have_the_shared_shapes() {
    let games = registry_with_ten();
    let mut record = crate::history_harness::vs_ai("nim", "perfect", true);
    record.game = "ten".into();
    let stats = games.statistics(&[record]);
    let table = parlor::cli::stats::table(&stats);
    assert!(table.contains("Ten"), "{table}");
    let json = serde_json::to_value(&stats).expect("JSON");
    assert_eq!(json[0]["game"], "ten");
    assert_eq!(json[0]["name"], "Ten");
    assert_eq!(json[0]["vs_ai"][0]["level"], "perfect");
}
