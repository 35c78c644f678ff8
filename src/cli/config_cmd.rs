//! `parlor config path` and `parlor config default`: where the settings come from, and
//! what they are by default. Neither reads the config, so both work while it is broken.

use std::io::Write;
use std::path::Path;

use clap::Subcommand;

use super::CliError;
use crate::config::{CONFIG_ENV, ConfigSource, DEFAULT_CONFIG, is_null_device};

#[derive(Debug, Subcommand)]
pub enum ConfigCommand {
    /// Print the path of the config file in use: --config, else PARLOR_CONFIG, else the
    /// platform's file (said on stderr when it does not exist and the defaults apply).
    Path,
    /// Print the built-in config.toml: every setting, its default and what it does.
    /// A good start for your own file.
    Default,
}

pub fn run(command: &ConfigCommand, explicit: Option<&Path>) -> Result<(), CliError> {
    let mut out = std::io::stdout().lock();
    match command {
        ConfigCommand::Default => out.write_all(DEFAULT_CONFIG.as_bytes())?,
        ConfigCommand::Path => {
            let source = ConfigSource::find(explicit);
            let empty = "the null device: an empty config, the built-in defaults apply";
            let note = match &source {
                ConfigSource::Option(p) | ConfigSource::Env(p) if is_null_device(p) => {
                    writeln!(out, "{}", p.display())?;
                    Some(empty.into())
                }
                ConfigSource::Option(p) => {
                    writeln!(out, "{}", p.display())?;
                    (!p.exists()).then(|| "it does not exist (--config must name a file)".into())
                }
                ConfigSource::Env(p) => {
                    writeln!(out, "{}", p.display())?;
                    Some(if p.exists() {
                        format!("named by {CONFIG_ENV}")
                    } else {
                        format!("named by {CONFIG_ENV}, and it does not exist")
                    })
                }
                ConfigSource::Platform(p) => {
                    writeln!(out, "{}", p.display())?;
                    None
                }
                ConfigSource::BuiltIn(Some(p)) => {
                    writeln!(out, "{}", p.display())?;
                    Some(
                        "no file there: the built-in defaults apply (parlor config default prints them)"
                            .into(),
                    )
                }
                ConfigSource::BuiltIn(None) => {
                    Some("no config directory on this system: the built-in defaults apply".into())
                }
            };
            if let Some(note) = note {
                // Not eprintln!: it panics when stderr is gone.
                let _ = writeln!(std::io::stderr(), "parlor: {note}");
            }
        }
    }
    Ok(())
}
