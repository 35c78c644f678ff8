//! `parlor completions <shell>` and `parlor man`: generated from the same clap
//! definitions as `--help`, so they never disagree with it.

use std::io::Write;

use clap_complete::Shell;

use super::CliError;
use crate::plugin::Registry;

/// Prints the completion script for `shell` on standard output.
pub fn completions(shell: Shell, games: &Registry) -> Result<(), CliError> {
    let mut command = super::command(games);
    let mut out = Vec::new();
    clap_complete::generate(shell, &mut command, "parlor", &mut out);
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// Prints the man page (roff) on standard output: the command, then each subcommand
/// with its synopsis and options (one page, as `man parlor` shows it).
pub fn man(games: &Registry) -> Result<(), CliError> {
    let command = super::command(games);
    let mut out = Vec::new();
    clap_mangen::Man::new(command.clone()).render(&mut out)?;
    for sub in command.get_subcommands().filter(|s| !s.is_hide_set()) {
        section(&mut out, "parlor", sub)?;
    }
    std::io::stdout().lock().write_all(&out)?;
    Ok(())
}

/// One subcommand's section, then its own subcommands' (each game of `play`, `solve`
/// and `simulate` has its options).
fn section(out: &mut Vec<u8>, parent: &str, sub: &clap::Command) -> Result<(), CliError> {
    let name = format!("{parent} {}", sub.get_name());
    writeln!(out, ".SH \"{}\"", name.to_uppercase())?;
    let page = clap_mangen::Man::new(sub.clone().bin_name(&name));
    page.render_description_section(&mut *out)?;
    page.render_synopsis_section(&mut *out)?;
    page.render_options_section(&mut *out)?;
    for nested in sub.get_subcommands().filter(|s| !s.is_hide_set()) {
        section(out, &name, nested)?;
    }
    Ok(())
}
