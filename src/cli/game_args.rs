//! `parlor play|solve|simulate <game> [options]`: one subcommand per game, each with
//! only the options that game takes. Each game describes its own options as a typed
//! struct in its folder (`GameKind::{play,solve,simulate}_command`) and reads them back
//! from the matches it is handed; this file builds the subcommands from the registry
//! and hands each game its matches. So `parlor solve othello --help` lists Othello's
//! options alone, and an option of another game is refused by clap itself.

use clap::{ArgMatches, Args, Command, FromArgMatches};

use super::{CliError, usage};
use crate::plugin::{Example, GameArgs, GameId, GameKind, Registry};

/// The game's name as typed and the matches of its subcommand, before the name is
/// looked up in the registry (clap's derive has no registry at hand).
#[derive(Clone, Debug)]
pub struct GameMatches {
    pub name: String,
    pub matches: ArgMatches,
}

impl GameMatches {
    fn from_parent(matches: &ArgMatches) -> Result<Self, clap::Error> {
        let (name, sub) = matches.subcommand().ok_or_else(|| {
            clap::Error::raw(
                clap::error::ErrorKind::MissingSubcommand,
                "a game is needed\n",
            )
        })?;
        Ok(GameMatches {
            name: name.to_string(),
            matches: sub.clone(),
        })
    }

    /// The game of `games` it names (clap only offered their names).
    pub fn resolve(&self, games: &Registry) -> Result<GameArgs, CliError> {
        Ok(GameArgs {
            game: find_game(games, &self.name)?,
            matches: self.matches.clone(),
        })
    }
}

/// The game of `games` named `name` on the command line; clap offered only their
/// names, so this fails only for a command line built from another registry.
pub fn find_game(games: &Registry, name: &str) -> Result<GameId, CliError> {
    games.find(name).ok_or_else(|| {
        usage(format!(
            "unknown game {}: expected one of {}",
            crate::quote::clip(name),
            games.names().join(", ")
        ))
    })
}

/// `cmd` ready for one subcommand per game (added by [`add_games`]).
fn game_shell(cmd: Command) -> Command {
    cmd.subcommand_required(true)
        .disable_help_subcommand(true)
        .subcommand_value_name("GAME")
        .subcommand_help_heading("Games")
}

/// `command` (the whole command line) with the games of `games` under play, solve and
/// simulate, each described by the game.
pub fn add_games(command: Command, games: &Registry) -> Command {
    command
        .mut_subcommand("play", |c| with_games(c, games, super::play_command))
        .mut_subcommand("solve", |c| with_games(c, games, |k| k.solve_command()))
        .mut_subcommand("simulate", |c| {
            with_games(c, games, |k| k.simulate_command())
        })
}

/// `cmd` with one subcommand per game, each made by `of`.
fn with_games(cmd: Command, games: &Registry, of: fn(&dyn GameKind) -> Command) -> Command {
    let verb = cmd.get_name().to_string();
    cmd.subcommands(games.all().map(|g| {
        // The game's name and blurb, not the doc comment of its options' struct.
        let kind = g.kind();
        let command = of(kind).name(g.cli_name()).about(format!(
            "{}: {}",
            kind.info().name,
            kind.info().blurb
        ));
        with_examples(command, &verb, &kind.info().examples())
    }))
}

/// `command`'s help with the game's examples of `verb` after what it says already.
pub fn with_examples(command: Command, verb: &str, examples: &[Example]) -> Command {
    let section = Example::section(examples, verb);
    if section.is_empty() {
        return command;
    }
    let after = match command.get_after_help() {
        Some(before) => format!("{before}\n\n{section}"),
        None => section,
    };
    command.after_help(after)
}

/// The three commands whose options depend on the game. Each is a [`GameArgs`] whose
/// subcommands come from one `GameKind` method.
macro_rules! game_command {
    ($(#[$doc:meta])* $name:ident) => {
        $(#[$doc])*
        #[derive(Clone, Debug)]
        pub struct $name(pub GameMatches);

        impl Args for $name {
            fn augment_args(cmd: Command) -> Command {
                game_shell(cmd)
            }
            fn augment_args_for_update(cmd: Command) -> Command {
                game_shell(cmd)
            }
        }

        impl FromArgMatches for $name {
            fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
                GameMatches::from_parent(matches).map($name)
            }
            fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
                *self = Self::from_arg_matches(matches)?;
                Ok(())
            }
        }
    };
}

game_command!(
    /// `parlor play <game>`: the shared options (`super::PlayCommon`) and the game's own.
    PlayCommand
);
game_command!(
    /// `parlor solve <game>`.
    SolveCommand
);
game_command!(
    /// `parlor simulate <game>`.
    SimulateCommand
);

/// The command `verb` (play, solve or simulate) of `game`, as the game describes it.
fn verb_command(verb: &str, game: GameId) -> Option<Command> {
    let kind = game.kind();
    match verb {
        "play" => Some(super::play_command(kind)),
        "solve" => Some(kind.solve_command()),
        "simulate" => Some(kind.simulate_command()),
        _ => None,
    }
}

/// What `parlor <verb> <game>` takes, e.g. `[POSITION] --misere --proof --json`.
fn accepted(command: &Command) -> String {
    command
        .get_arguments()
        .filter(|a| !matches!(a.get_id().as_str(), "help" | "version"))
        .map(|a| match a.get_long() {
            Some(long) => format!("--{long}"),
            None => {
                let name = a
                    .get_value_names()
                    .and_then(|names| names.first())
                    .map_or_else(|| a.get_id().to_string().to_uppercase(), |n| n.to_string());
                format!("[{name}]")
            }
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// A clearer message than clap's for the mistakes a per-game command line invites: an
/// option of another game, an option put before the game (the flat command line of
/// earlier versions took them anywhere), an unknown game. `None`: clap's own message
/// says it well.
pub fn explain(
    error: &clap::Error,
    raw: &[std::ffi::OsString],
    games: &Registry,
) -> Option<String> {
    use clap::error::{ContextKind, ContextValue, ErrorKind};
    let words: Vec<String> = raw
        .iter()
        .skip(1)
        .map(|w| w.to_string_lossy().into_owned())
        .collect();
    let verb_at = words
        .iter()
        .position(|w| matches!(w.as_str(), "play" | "solve" | "simulate"))?;
    let verb = words[verb_at].as_str();
    let game_at = words[verb_at + 1..]
        .iter()
        .position(|w| games.find(w).is_some())
        .map(|i| verb_at + 1 + i);
    let names = games.names().join(", ");
    let context = |kind| match error.get(kind) {
        Some(ContextValue::String(s)) => Some(s.clone()),
        _ => None,
    };
    match error.kind() {
        ErrorKind::InvalidSubcommand => {
            let word = context(ContextKind::InvalidSubcommand)?;
            Some(format!(
                "{word} is not a game: expected one of {names} (parlor {verb} <GAME> [options])"
            ))
        }
        ErrorKind::MissingSubcommand => {
            let example = games.names().first().copied().unwrap_or("<GAME>");
            Some(format!(
                "parlor {verb} needs a game: one of {names}, e.g. parlor {verb} {example} --help"
            ))
        }
        ErrorKind::UnknownArgument => {
            let arg = context(ContextKind::InvalidArg)?;
            let Some(game_at) = game_at else {
                return Some(format!(
                    "parlor {verb} needs the game first, then its options: parlor {verb} <GAME> {arg} (games: {names})"
                ));
            };
            let game = games.find(&words[game_at])?;
            let arg_at = words.iter().position(|w| *w == arg);
            if arg_at.is_some_and(|at| at < game_at) {
                return Some(format!(
                    "options go after the game now: parlor {verb} {} {arg} ...",
                    game.cli_name()
                ));
            }
            // A positional that takes values starting with '-' (a Pnut-Butta string may)
            // swallows an unknown option, and clap then complains of its value: name the
            // option instead.
            let option = if arg.starts_with('-') {
                arg.split('=').next().unwrap_or(&arg).to_string()
            } else {
                let own = verb_command(verb, game)?;
                words[game_at + 1..]
                    .iter()
                    .find(|w| w.starts_with("--") && !takes(&own, w))
                    .cloned()
                    .unwrap_or(arg)
            };
            Some(not_an_option(verb, game, &option, games))
        }
        _ => None,
    }
}

/// Whether `command` has the long option `word` (`--name` or `--name=value`).
fn takes(command: &Command, word: &str) -> bool {
    let long = word.trim_start_matches('-');
    let long = long.split('=').next().unwrap_or(long);
    command.get_arguments().any(|a| a.get_long() == Some(long))
}

/// The games other than `game` whose `verb` takes `--long`, by their names.
fn owners(verb: &str, long: &str, game: GameId, games: &Registry) -> Vec<&'static str> {
    games
        .all()
        .filter(|g| *g != game)
        .filter(|g| verb_command(verb, *g).is_some_and(|c| takes(&c, long)))
        .map(GameId::menu_name)
        .collect()
}

/// "--rollover is not an option of Nim (it is an option of Chopsticks): solve nim takes
/// [PILES] --misere --proof --json (see parlor solve nim --help)".
fn not_an_option(verb: &str, game: GameId, option: &str, games: &Registry) -> String {
    let Some(own) = verb_command(verb, game) else {
        return format!("{option} is not an option of {verb}");
    };
    let long = option.trim_start_matches('-');
    let long = long.split('=').next().unwrap_or(long);
    let owners = owners(verb, long, game, games);
    let whose = if owners.is_empty() || !option.starts_with("--") {
        String::new()
    } else {
        format!(" (it is an option of {})", owners.join(", "))
    };
    format!(
        "{option} is not an option of {}{whose}: {verb} {} takes {} (see parlor {verb} {} --help)",
        game.menu_name(),
        game.cli_name(),
        accepted(&own),
        game.cli_name()
    )
}

/// Refuses a position that is another option of the command (`parlor solve chopsticks
/// --depth`): the position takes values starting with '-', so clap let it through.
pub fn refuse_option_as_position(
    verb: &str,
    args: &GameArgs,
    games: &Registry,
) -> Result<(), CliError> {
    let Ok(Some(position)) = args.matches.try_get_one::<String>("position") else {
        return Ok(());
    };
    let known = games
        .all()
        .filter_map(|g| verb_command(verb, g))
        .any(|c| takes(&c, position));
    if position.starts_with("--") && known {
        return Err(usage(not_an_option(verb, args.game, position, games)));
    }
    Ok(())
}

/// The arguments with a game named in another case or by its menu name after its verb
/// (`parlor play Nim`, `solve OTHELLO`, `play 1-3-5-7`, `puzzle list Nim`) written as
/// the game's own name: the name a player reads on the menu is taken as typed.
/// Nothing else changes.
pub fn game_names_lowered(
    mut raw: Vec<std::ffi::OsString>,
    games: &Registry,
) -> Vec<std::ffi::OsString> {
    let verb_at = raw.iter().skip(1).position(|w| {
        w.to_str()
            .is_some_and(|w| matches!(w, "play" | "solve" | "simulate" | "engine" | "puzzle"))
    });
    let Some(verb_at) = verb_at.map(|i| i + 1) else {
        return raw;
    };
    // The game's word: right after the verb, or after `puzzle`'s own word (`puzzle
    // list Nim`).
    for at in verb_at + 1..(verb_at + 3).min(raw.len()) {
        let Some(word) = raw[at].to_str() else {
            break;
        };
        if games.find(word).is_some() {
            break;
        }
        let lower = word.to_lowercase();
        let named = games
            .all()
            .find(|g| g.cli_name() == lower || g.menu_name().to_lowercase() == lower);
        if let Some(game) = named {
            raw[at] = game.cli_name().into();
            break;
        }
    }
    raw
}

#[cfg(test)]
mod lowered_tests {
    use super::game_names_lowered;

    fn lowered(words: &[&str]) -> Vec<String> {
        let raw = words.iter().map(std::ffi::OsString::from).collect();
        game_names_lowered(raw, &crate::arcade::registry())
            .into_iter()
            .map(|w| w.to_string_lossy().into_owned())
            .collect()
    }

    #[test]
    fn a_game_in_capitals_after_its_verb_is_the_game() {
        assert_eq!(
            lowered(&["parlor", "play", "Nim"]),
            ["parlor", "play", "nim"]
        );
        assert_eq!(
            lowered(&["parlor", "solve", "OTHELLO", "--moves", "F5"]),
            ["parlor", "solve", "othello", "--moves", "F5"]
        );
        // The name the menu shows is the game too.
        assert_eq!(
            lowered(&["parlor", "play", "1-3-5-7"]),
            ["parlor", "play", "1357"]
        );
        assert_eq!(
            lowered(&["parlor", "puzzle", "list", "Nim", "--json"]),
            ["parlor", "puzzle", "list", "nim", "--json"]
        );
        assert_eq!(
            lowered(&["parlor", "engine", "Othello"]),
            ["parlor", "engine", "othello"]
        );
        // Not a game in any case, or not after a verb: left as typed.
        assert_eq!(
            lowered(&["parlor", "play", "Chess"]),
            ["parlor", "play", "Chess"]
        );
        assert_eq!(
            lowered(&["parlor", "stats", "Nim"]),
            ["parlor", "stats", "Nim"]
        );
    }
}
