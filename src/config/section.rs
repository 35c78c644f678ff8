//! The games' sections of the config, kept as the file writes them: the config knows no
//! game's type. Each game names its section and its type once (a [`Section`]) and reads
//! it through that; the registry checks every game's section where the config is loaded.

use std::marker::PhantomData;
use std::sync::Arc;

use serde::Deserialize;
use serde::de::{DeserializeOwned, IntoDeserializer};

use super::Problem;
use super::source::Span;

/// The sections the config reads itself, in the order `config.toml` writes them around
/// the games' sections (for the message about an unknown section).
pub(super) const SHARED_BEFORE_GAMES: [&str; 4] = ["ui", "ai", "keys", "colors"];
pub(super) const SHARED_AFTER_GAMES: [&str; 1] = ["solver"];

/// One section the config does not read itself: its name, where the name is written,
/// and its value.
#[derive(Clone, Debug)]
struct RawSection {
    name: String,
    name_span: Span,
    value: toml::Value,
}

/// Every top-level section that is not a shared one, in the file's order.
#[derive(Clone, Default)]
pub(super) struct GameSections {
    sections: Vec<RawSection>,
    /// The file's text, so that a section that does not read is reported at its line
    /// and column (none in the defaults built in code).
    text: Option<Arc<str>>,
}

/// Two configs are equal when they set the same values, wherever they are written.
impl PartialEq for GameSections {
    fn eq(&self, other: &Self) -> bool {
        self.sections.len() == other.sections.len()
            && self
                .sections
                .iter()
                .zip(&other.sections)
                .all(|(a, b)| a.name == b.name && a.value == b.value)
    }
}

impl std::fmt::Debug for GameSections {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_map()
            .entries(self.sections.iter().map(|s| (&s.name, &s.value)))
            .finish()
    }
}

impl GameSections {
    /// The sections of `text` (already parsed once without error) that are not shared.
    pub(super) fn of(text: &str) -> Result<GameSections, toml::de::Error> {
        let document = toml::de::DeTable::parse(text)?;
        let mut sections = Vec::new();
        for (name, value) in document.get_ref().iter() {
            let name_text = name.get_ref().to_string();
            if is_shared(&name_text) {
                continue;
            }
            sections.push(RawSection {
                name: name_text,
                name_span: name.span(),
                value: toml::Value::deserialize(value.clone().into_deserializer())?,
            });
        }
        sections.sort_by_key(|s| s.name_span.start);
        Ok(GameSections {
            sections,
            text: Some(text.into()),
        })
    }

    fn get(&self, name: &str) -> Option<&RawSection> {
        self.sections.iter().find(|s| s.name == name)
    }

    /// Refuses the first section (in the file's order) that is neither shared nor in
    /// `games`, naming every section there is, as a misspelt shared one is.
    pub(super) fn refuse_unknown(&self, games: &[&str]) -> Result<(), Problem> {
        let Some(unknown) = self
            .sections
            .iter()
            .find(|s| !games.contains(&s.name.as_str()))
        else {
            return Ok(());
        };
        let accepted: Vec<String> = SHARED_BEFORE_GAMES
            .iter()
            .chain(games)
            .chain(&SHARED_AFTER_GAMES)
            .map(|name| format!("`{name}`"))
            .collect();
        Err(Problem::Unreadable {
            message: format!(
                "unknown field `{}`, expected one of {}",
                unknown.name,
                accepted.join(", ")
            ),
            span: Some(unknown.name_span.clone()),
        })
    }

    /// `name`'s section read as a `T`, from the text when there is one (so that a
    /// problem has its place in the file); `None` when the file has no such section.
    fn read<T: DeserializeOwned>(&self, name: &str) -> Option<Result<T, Problem>> {
        let raw = self.get(name)?;
        let Some(text) = &self.text else {
            return Some(
                T::deserialize(raw.value.clone()).map_err(|e| Problem::Unreadable {
                    message: e.message().to_string(),
                    span: None,
                }),
            );
        };
        let unreadable = |e: toml::de::Error| Problem::Unreadable {
            message: e.message().to_string(),
            span: e.span(),
        };
        let document = match toml::de::DeTable::parse(text) {
            Ok(document) => document,
            Err(e) => return Some(Err(unreadable(e))),
        };
        let value = document
            .get_ref()
            .iter()
            .find(|(key, _)| key.get_ref() == name)
            .map(|(_, value)| value.clone())?;
        Some(T::deserialize(value.into_deserializer()).map_err(unreadable))
    }

    /// Sets `key` of section `name` (made when there is none) to `value`: the values are
    /// then no longer the file's, so problems have no place in it.
    pub(super) fn set(&mut self, name: &str, key: &str, value: toml::Value) {
        self.text = None;
        let at = match self.sections.iter().position(|s| s.name == name) {
            Some(at) => at,
            None => {
                self.sections.push(RawSection {
                    name: name.to_string(),
                    name_span: 0..0,
                    value: toml::Value::Table(toml::Table::new()),
                });
                self.sections.len() - 1
            }
        };
        let section = &mut self.sections[at].value;
        if !section.is_table() {
            *section = toml::Value::Table(toml::Table::new());
        }
        if let toml::Value::Table(table) = section {
            table.insert(key.to_string(), value);
        }
    }

    /// Whether the file writes a section `name`.
    pub(super) fn has(&self, name: &str) -> bool {
        self.get(name).is_some()
    }
}

fn is_shared(name: &str) -> bool {
    SHARED_BEFORE_GAMES.contains(&name) || SHARED_AFTER_GAMES.contains(&name)
}

/// A game's section of the config: its name in the file and the type it reads as (the
/// type's `Default` is the game's defaults, `serde(default)` for keys left out).
pub struct Section<T> {
    name: &'static str,
    read_as: PhantomData<fn() -> T>,
}

impl<T> Section<T> {
    pub const fn new(name: &'static str) -> Section<T> {
        Section {
            name,
            read_as: PhantomData,
        }
    }

    /// Its name in the file: `[name]`.
    pub fn name(&self) -> &'static str {
        self.name
    }
}

impl<T: DeserializeOwned + Default> Section<T> {
    /// The section as `config` sets it, the defaults where it does not. A config loaded
    /// for use has been checked (`Registry::check_config`), so it reads; one that does not
    /// gives the defaults.
    pub fn read(&self, config: &super::Config) -> T {
        match config.games.get(self.name) {
            Some(raw) => T::deserialize(raw.value.clone()).unwrap_or_default(),
            None => T::default(),
        }
    }

    /// The section as `config` sets it, or why it does not read: a wrong type or an
    /// unknown key, at its place in the file.
    pub fn try_read(&self, config: &super::Config) -> Result<T, Problem> {
        config
            .games
            .read(self.name)
            .unwrap_or_else(|| Ok(T::default()))
    }
}

/// A game's [`Section`] whatever its type: what the registry needs to check it.
pub trait AnySection: Sync {
    /// Its name in the file.
    fn name(&self) -> &'static str;
    /// Whether it reads as its type.
    fn check(&self, config: &super::Config) -> Result<(), Problem>;
    /// Whether `config` writes it (the shipped `config.toml` documents every game's).
    fn is_written(&self, config: &super::Config) -> bool {
        config.games.has(self.name())
    }
    /// Whether `config` sets it to the type's defaults (the shipped `config.toml` must).
    fn is_default(&self, config: &super::Config) -> bool;
}

impl<T: DeserializeOwned + Default + PartialEq> AnySection for Section<T> {
    fn name(&self) -> &'static str {
        self.name
    }

    fn check(&self, config: &super::Config) -> Result<(), Problem> {
        self.try_read(config).map(drop)
    }

    fn is_default(&self, config: &super::Config) -> bool {
        self.try_read(config).is_ok_and(|read| read == T::default())
    }
}
