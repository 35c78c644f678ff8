//! The games' sections of the config follow the registry: a section is accepted when a
//! game of the registry reads it, and checked by that game.

use std::path::Path;

use parlor::config::Config;
use parlor::plugin::Registry;

fn check(registry: &Registry, text: &str) -> Result<Config, String> {
    Config::parse_checked(text, Path::new("/tmp/one.toml"), &|c| {
        registry.check_config(c)
    })
    .map_err(|e| e.to_string())
}

#[test]
fn a_registry_of_one_game_accepts_only_that_games_section() {
    let nim_only = Registry::new(&[&parlor::games::nim::KIND]);
    assert!(check(&nim_only, "[nim]\npiles = [1, 2]\n").is_ok());
    let text = "[nim]\npiles = [1, 2]\n[othello]\nlevel = \"strong\"\n";
    let e = check(&nim_only, text).expect_err("no Othello in this arcade");
    assert_eq!(
        e,
        "config file /tmp/one.toml, line 3, column 2, key `othello`: unknown field `othello`, \
         expected one of `ui`, `ai`, `keys`, `colors`, `nim`, `solver`"
    );
    assert!(check(&parlor::arcade::registry(), text).is_ok());
    // Its own section is still checked: a type, then a value.
    let e = check(&nim_only, "[nim]\n\npiles = 3\n").expect_err("not a list");
    assert!(e.contains("line 3, column 9, key `nim.piles`"), "{e}");
    let e = check(&nim_only, "[nim]\npiles = [0]\n").expect_err("no empty pile");
    assert!(e.contains("line 2, key `nim.piles`: [0]: expected"), "{e}");
}

#[test]
fn a_registry_with_no_games_accepts_only_the_shared_sections() {
    let none = Registry::new(&[]);
    assert!(check(&none, "[ui]\nmouse = false\n[solver]\nthreads = 1\n").is_ok());
    let e = check(&none, "[ui]\nmouse = false\n\n[nim]\n").expect_err("no Nim");
    assert!(
        e.contains("line 4, column 2, key `nim`")
            && e.ends_with("expected one of `ui`, `ai`, `keys`, `colors`, `solver`"),
        "{e}"
    );
}
